import Foundation

/// The App Group the app and its extensions share, and the keys they read and write in it.
///
/// One string, here, for the code of every target; the project's entitlements must name the same one.
public enum AppGroup {
    /// The App Group identifier.
    public static let identifier = "group.org.lockout.LockOut"

    /// The keys of the App Group's shared defaults.
    public enum Key {
        /// The shield snapshot (``ShieldSnapshot``), as JSON.
        public static let shieldSnapshot = "lockout.shieldSnapshot"

        /// The apps chosen for the selection named `selection` (``ShieldSelectionName``): the platform's opaque
        /// application tokens, as JSON. The app writes them from its picker; the monitor shields them and the
        /// shield extension finds the selection an app belongs to by them.
        public static func applicationTokens(_ selection: String) -> String {
            "lockout.selection.\(selection).applications"
        }

        /// The app categories chosen for the selection named `selection`: opaque category tokens, as JSON.
        public static func categoryTokens(_ selection: String) -> String {
            "lockout.selection.\(selection).categories"
        }

        /// The web domains chosen for the selection named `selection`: opaque web domain tokens, as JSON.
        public static func webDomainTokens(_ selection: String) -> String {
            "lockout.selection.\(selection).webDomains"
        }
    }
}

/// Identifiers the app registers with the system and its extensions meet again.
public enum SharedIdentifiers {
    /// The background refresh task (BGAppRefreshTask); listed in `BGTaskSchedulerPermittedIdentifiers`.
    public static let backgroundRefreshTask = "org.lockout.LockOut.refresh"
}

/// The names of the app sets the shields block; the app keeps the platform's tokens for each under its name.
public enum ShieldSelectionName {
    /// The apps the health gate locks until today's goals are met.
    public static let gate = "gate"
    /// The reward apps, closed unless reward time is open.
    public static let rewards = "rewards"
    /// Every selection: the monitor shields those the snapshot blocks and clears the others.
    public static let all = [gate, rewards]
}
