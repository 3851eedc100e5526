import Foundation
import LockOutShared
import ManagedSettings
import ManagedSettingsUI
import UIKit

/// The shield configuration extension's principal class: what the shield over a blocked app or site says. It finds
/// the selection the app belongs to by the tokens the app stored for each, and shows the title and reason of the
/// snapshot's period that blocks it now ("Earn your screen time by hitting your health goals." / "Locked until
/// you reach 10,000 steps — 6,240 so far"). One button closes the app.
final class ShieldConfigurationExtension: ShieldConfigurationDataSource {
    override func configuration(shielding application: Application) -> ShieldConfiguration {
        configuration(for: period { $0.holdsApplication(application.token) })
    }

    override func configuration(shielding application: Application, in category: ActivityCategory) -> ShieldConfiguration {
        configuration(for: period { $0.holdsApplication(application.token) || $0.holdsCategory(category.token) })
    }

    override func configuration(shielding webDomain: WebDomain) -> ShieldConfiguration {
        configuration(for: period { $0.holdsWebDomain(webDomain.token) })
    }

    override func configuration(shielding webDomain: WebDomain, in category: ActivityCategory) -> ShieldConfiguration {
        configuration(for: period { $0.holdsWebDomain(webDomain.token) || $0.holdsCategory(category.token) })
    }

    /// The period blocking now the first selection that `holds` says covers the app; else the first period blocking
    /// anything now (the app's tokens may have changed since); nil without a snapshot.
    private func period(_ holds: (StoredSelection) -> Bool) -> ShieldSnapshot.Period? {
        guard let defaults = UserDefaults(suiteName: AppGroup.identifier),
            let snapshot = ShieldSnapshot.decoded(from: defaults.data(forKey: AppGroup.Key.shieldSnapshot))
        else { return nil }
        let now = Date()
        let blocked = snapshot.blockedSelections(at: now)
        let name = blocked.first { holds(StoredSelection(name: $0, defaults: defaults)) } ?? blocked.first
        return name.flatMap { snapshot.block(of: $0, at: now) }
    }

    /// The shield for `period`: its title and reason, or LockOut's name alone without one.
    private func configuration(for period: ShieldSnapshot.Period?) -> ShieldConfiguration {
        ShieldConfiguration(
            backgroundBlurStyle: .systemThickMaterial,
            icon: UIImage(systemName: "lock.fill"),
            title: ShieldConfiguration.Label(text: period?.title ?? String(localized: "Blocked by LockOut"), color: .label),
            subtitle: period.map { ShieldConfiguration.Label(text: $0.reason, color: .secondaryLabel) },
            primaryButtonLabel: ShieldConfiguration.Label(text: String(localized: "Close"), color: .white),
            primaryButtonBackgroundColor: .systemBlue
        )
    }
}

/// One selection's tokens as the app stored them in the App Group.
private struct StoredSelection {
    let name: String
    let defaults: UserDefaults

    /// Whether the selection holds the app of `token`.
    func holdsApplication(_ token: ApplicationToken?) -> Bool {
        contains(token, at: AppGroup.Key.applicationTokens(name))
    }

    /// Whether the selection holds the category of `token`.
    func holdsCategory(_ token: ActivityCategoryToken?) -> Bool {
        contains(token, at: AppGroup.Key.categoryTokens(name))
    }

    /// Whether the selection holds the web domain of `token`.
    func holdsWebDomain(_ token: WebDomainToken?) -> Bool {
        contains(token, at: AppGroup.Key.webDomainTokens(name))
    }

    private func contains<Item: Decodable & Hashable>(_ token: Item?, at key: String) -> Bool {
        guard let token, let data = defaults.data(forKey: key),
            let tokens = try? JSONDecoder().decode(Set<Item>.self, from: data)
        else { return false }
        return tokens.contains(token)
    }
}
