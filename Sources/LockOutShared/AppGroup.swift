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
}
