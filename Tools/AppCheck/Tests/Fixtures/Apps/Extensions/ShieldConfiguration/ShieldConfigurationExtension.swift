import ManagedSettings
import ManagedSettingsUI
import UIKit

/// The shield's text while an app is blocked.
final class ShieldConfigurationExtension: ShieldConfigurationDataSource {
    override func configuration(shielding application: Application) -> ShieldConfiguration {
        ShieldConfiguration(title: ShieldConfiguration.Label(text: "Closed for now", color: .label))
    }
}
