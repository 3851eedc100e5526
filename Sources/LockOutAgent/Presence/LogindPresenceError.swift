#if canImport(CSystemd)
import Foundation

/// Why a logind presence source cannot watch: what is missing, with the bus's own words.
public enum LogindPresenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// There is no system bus to connect to.
    case noSystemBus(DBusError)
    /// Nothing owns `org.freedesktop.login1` on the system bus.
    case noLogind(DBusError)
    /// logind knows no session for this process; `asked` says how it was asked (`XDG_SESSION_ID 3`, `process 42`).
    case noSession(asked: String, DBusError)
    /// logind is there but what the source watches could not be read or subscribed to.
    case cannotWatch(String, DBusError)

    public var description: String {
        switch self {
        case .noSystemBus(let error):
            "no system bus: \(error.message)"
        case .noLogind(let error):
            "no logind on the system bus (nothing owns org.freedesktop.login1): \(error.message)"
        case .noSession(let asked, let error):
            "logind knows no session for \(asked): \(error.message)"
        case .cannotWatch(let what, let error):
            "cannot watch logind's \(what): \(error.message)"
        }
    }

    /// The error for a failed call to logind: nobody owning the name reads as no logind.
    static func calling(_ error: DBusError, otherwise: (DBusError) -> LogindPresenceError) -> LogindPresenceError {
        switch error.name {
        case DBusError.serviceUnknown, DBusError.nameHasNoOwner: .noLogind(error)
        case DBusError.disconnected: .noSystemBus(error)
        default: otherwise(error)
        }
    }
}
#endif
