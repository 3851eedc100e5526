import DeviceActivity
import Foundation
import LockOutShared
import ManagedSettings

/// Applies the shield snapshot when a planned interval starts or ends.
final class ActivityMonitorExtension: DeviceActivityMonitor {
    override func intervalDidStart(for activity: DeviceActivityName) {
        super.intervalDidStart(for: activity)
        let defaults = UserDefaults(suiteName: AppGroup.identifier)
        let snapshot = ShieldSnapshot.decoded(from: defaults?.data(forKey: AppGroup.Key.shieldSnapshot))
        let store = ManagedSettingsStore(named: .init(ShieldSelectionName.gate))
        if snapshot?.isBlocked(ShieldSelectionName.gate, at: Date()) != true {
            store.shield.applications = nil
        }
    }
}
