#if canImport(CSystemd)
import Foundation
import LockOutCore
import Logging

extension PresenceSources {
    /// What logind tells on the system bus: the screen lock (`logind-lock`) and suspend (`logind-sleep`), over one
    /// system-bus connection. Without a system bus both are still returned, and their `start` says why they
    /// cannot watch; the agent runs on without them.
    public static func system(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        now: @escaping @Sendable () -> Date,
        logger: Logger = Logger(label: "lockout.presence")
    ) -> [any PresenceSource] {
        let connection: Result<SessionBus, DBusError>
        do throws(DBusError) {
            connection = .success(try SessionBus.system(environment: environment, logger: logger))
        } catch {
            connection = .failure(error)
        }
        return [
            LogindLockPresence(connection: connection, environment: environment, now: now, logger: logger),
            LogindSleepPresence(connection: connection, now: now, logger: logger),
        ]
    }
}
#endif
