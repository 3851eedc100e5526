#if canImport(CSystemd)
import Foundation
import LockOutCore
import Logging

/// Suspend as logind tells it: the manager's `PrepareForSleep(true)` before the system sleeps is away
/// (`.suspended`), `PrepareForSleep(false)` after it wakes is back, each at the moment it is handled: after a
/// resume the wall clock may have jumped, and the moment told is the clock's new time.
///
/// ```
///   awake ──PrepareForSleep(true)──► suspending (away, .suspended, now)
///   suspending ──PrepareForSleep(false)──► awake (back, now)
/// ```
public final class LogindSleepPresence: PresenceSource, @unchecked Sendable {
    public let name = "logind-sleep"
    private let connection: Result<SessionBus, DBusError>
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let lock = NSLock()
    private var onChange: (@Sendable (PresenceSignal) -> Void)?
    private var isSuspending = false
    private var subscription: DBusSubscription?

    /// Watches logind's sleep on `systemBus`; `now` gives the moments told.
    public convenience init(systemBus: SessionBus, now: @escaping @Sendable () -> Date, logger: Logger = Logger(label: "lockout.presence")) {
        self.init(connection: .success(systemBus), now: now, logger: logger)
    }

    /// Over a connection that may have failed: `start` then throws its error.
    init(connection: Result<SessionBus, DBusError>, now: @escaping @Sendable () -> Date, logger: Logger) {
        self.connection = connection
        self.now = now
        self.logger = logger
    }

    /// Starts watching; throws when there is no system bus or no logind on it. Blocks for the bus's answers
    /// (a few milliseconds): not from a handler of the system bus.
    public func start(awayAfter threshold: TimeInterval, onChange: @escaping @Sendable (PresenceSignal) -> Void) throws {
        stop()
        let bus = try connection.mapError(LogindPresenceError.noSystemBus).get()
        let match = DBusSignalMatch(sender: Logind.name, path: Logind.managerPath, interface: Logind.manager, member: "PrepareForSleep")
        let subscription: DBusSubscription
        do throws(DBusError) {
            subscription = try bus.subscribeWaiting(to: match) { [weak self] signal in
                guard let start = signal.arguments.first?.bool else { return }
                self?.prepareForSleep(start)
            }
            // The match alone is taken whether or not logind runs: ask the bus who owns its name.
            _ = try bus.callWaiting(DBusMethodCall(
                destination: SessionBus.daemon, path: "/org/freedesktop/DBus", interface: SessionBus.daemon,
                member: "GetNameOwner", arguments: [.string(Logind.name)]
            ))
        } catch {
            throw LogindPresenceError.calling(error) { .cannotWatch("PrepareForSleep", $0) }
        }
        lock.withLock {
            self.onChange = onChange
            self.isSuspending = false
            self.subscription = subscription
        }
    }

    public func stop() {
        let subscription = lock.withLock {
            onChange = nil
            defer { self.subscription = nil }
            return self.subscription
        }
        subscription?.cancel()
    }

    /// Tells away before the sleep and back after it. On the bus's queue, so they are told in order.
    private func prepareForSleep(_ start: Bool) {
        let tell: (@Sendable (PresenceSignal) -> Void)? = lock.withLock {
            guard let onChange, start != isSuspending else { return nil }
            isSuspending = start
            return onChange
        }
        tell?(PresenceSignal(away: start, at: now(), reason: .suspended))
    }
}
#endif
