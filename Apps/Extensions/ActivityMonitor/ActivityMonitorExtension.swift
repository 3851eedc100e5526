import DeviceActivity
import Foundation
import LockOutShared
import ManagedSettings

/// The activity monitor extension's principal class: woken when an activity the app planned starts or ends, it sets
/// the shields from the snapshot the app stored in the App Group. The selections the snapshot blocks at this moment
/// are shielded with the tokens the app stored for them; the others are cleared. Without a snapshot it can read, it
/// leaves the shields as the app last set them. Told that a learning program's apps reached a threshold, it records
/// the minutes in the App Group, where the app reads them into the rewards.
///
/// It links only `LockOutShared` and the Screen Time frameworks: the system ends a monitor above about 6 MB.
final class ActivityMonitorExtension: DeviceActivityMonitor {
    /// A learning event's name says what to record (the day, the minutes reached, the program): one line appended to
    /// the day's file, so a threshold told twice is counted once by the app and a write cut short loses nothing
    /// recorded before it. Other events are none of LockOut's.
    override func eventDidReachThreshold(_ event: DeviceActivityEvent.Name, activity: DeviceActivityName) {
        super.eventDidReachThreshold(event, activity: activity)
        guard let threshold = LearningThreshold(eventName: event.rawValue) else { return }
        guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: AppGroup.identifier) else {
            NSLog("LockOut monitor: no App Group %@, %@ not recorded", AppGroup.identifier, event.rawValue)
            return
        }
        do {
            try LearningThresholdLog(container: container).record(threshold, at: Date())
        } catch {
            NSLog("LockOut monitor: %@ not recorded: %@", event.rawValue, error.localizedDescription)
        }
    }

    override func intervalDidStart(for activity: DeviceActivityName) {
        super.intervalDidStart(for: activity)
        applySnapshot()
    }

    override func intervalDidEnd(for activity: DeviceActivityName) {
        super.intervalDidEnd(for: activity)
        applySnapshot()
    }

    /// Shields what the stored snapshot blocks now, and clears every other selection.
    private func applySnapshot() {
        guard let defaults = UserDefaults(suiteName: AppGroup.identifier),
            let snapshot = ShieldSnapshot.decoded(from: defaults.data(forKey: AppGroup.Key.shieldSnapshot))
        else { return }
        let blocked = Set(snapshot.blockedSelections(at: Date()))
        for name in ShieldSelectionName.all {
            let store = ManagedSettingsStore(named: ManagedSettingsStore.Name(name))
            if blocked.contains(name) {
                store.shield.applications = Self.tokens(in: defaults, at: AppGroup.Key.applicationTokens(name))
                let categories: Set<ActivityCategoryToken> = Self.tokens(in: defaults, at: AppGroup.Key.categoryTokens(name))
                store.shield.applicationCategories = .specific(categories)
                store.shield.webDomains = Self.tokens(in: defaults, at: AppGroup.Key.webDomainTokens(name))
                store.shield.webDomainCategories = .specific(categories)
            } else {
                store.shield.applications = nil
                store.shield.applicationCategories = nil
                store.shield.webDomains = nil
                store.shield.webDomainCategories = nil
            }
        }
    }

    /// The tokens the app stored as JSON at `key`; none when nothing is stored or it cannot be read (the selection
    /// is still marked shielded, as the app marks it).
    private static func tokens<Item: Decodable & Hashable>(in defaults: UserDefaults, at key: String) -> Set<Item> {
        defaults.data(forKey: key).flatMap { try? JSONDecoder().decode(Set<Item>.self, from: $0) } ?? []
    }
}
