#if canImport(CSystemd)
import Foundation

/// logind's names on the system bus.
enum Logind {
    /// The bus name logind owns.
    static let name = "org.freedesktop.login1"
    /// The manager object: sessions, sleep, inhibitors.
    static let managerPath = "/org/freedesktop/login1"
    /// The manager's interface.
    static let manager = "org.freedesktop.login1.Manager"
    /// A session object's interface.
    static let session = "org.freedesktop.login1.Session"
    /// The standard properties interface every object has.
    static let properties = "org.freedesktop.DBus.Properties"

    /// A call of the manager's `member`, never starting logind if it is not running.
    static func managerCall(_ member: String, _ arguments: [DBusValue]) -> DBusMethodCall {
        DBusMethodCall(
            destination: name, path: managerPath, interface: manager, member: member, arguments: arguments, allowsAutoStart: false
        )
    }
}
#endif
