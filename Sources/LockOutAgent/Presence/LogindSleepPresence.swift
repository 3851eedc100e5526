#if canImport(CSystemd)
import Foundation
import Glibc
import LockOutCore
import Logging

/// Suspend as logind tells it: the manager's `PrepareForSleep(true)` before the system sleeps is away
/// (`.suspended`), `PrepareForSleep(false)` after it wakes is back, each at the moment it is handled: after a
/// resume the wall clock may have jumped, and the moment told is the clock's new time.
///
/// So that the away is told before the system sleeps, the source holds a delay lock (`Inhibit("sleep", …,
/// "delay")`): logind waits for it (at most its `InhibitDelayMaxSec`, 5 s by default) after announcing the sleep.
/// It is released once the away is told, and taken again after the resume. Where logind refuses it, the
/// sleep is still told, but perhaps only after the resume.
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
    /// The delay lock's descriptor while it is held.
    private var inhibitor: Int32?

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
                self?.prepareForSleep(start, bus: bus)
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
        takeInhibitor(on: bus)
    }

    deinit {
        if let inhibitor { close(inhibitor) }
    }

    public func stop() {
        let (subscription, inhibitor) = lock.withLock {
            onChange = nil
            defer { (self.subscription, self.inhibitor) = (nil, nil) }
            return (self.subscription, self.inhibitor)
        }
        subscription?.cancel()
        if let inhibitor { close(inhibitor) }
    }

    /// Tells away before the sleep, then lets it go on; tells back after it and holds it up again. On the
    /// bus's queue, so they are told in order.
    private func prepareForSleep(_ start: Bool, bus: SessionBus) {
        let (tell, release): ((@Sendable (PresenceSignal) -> Void)?, Int32?) = lock.withLock {
            guard let onChange, start != isSuspending else { return (nil, nil) }
            isSuspending = start
            defer { if start { inhibitor = nil } }
            return (onChange, start ? inhibitor : nil)
        }
        guard let tell else { return }
        tell(PresenceSignal(away: start, at: now(), reason: .suspended))
        if let release {
            close(release)
        } else if !start {
            takeInhibitor(on: bus)
        }
    }

    /// Holds `descriptor` as the delay lock unless stopped, suspending or already holding one; true when kept.
    private func keep(_ descriptor: Int32) -> Bool {
        lock.withLock {
            guard onChange != nil, !isSuspending, inhibitor == nil else { return false }
            inhibitor = descriptor
            return true
        }
    }

    /// Asks logind for a delay lock on sleep, kept while watching and awake; a refusal is logged and the
    /// source goes on without one.
    private func takeInhibitor(on bus: SessionBus) {
        let call = Logind.managerCall(
            "Inhibit", [.string("sleep"), .string("LockOut"), .string("Counting the suspend as time away"), .string("delay")]
        )
        bus.callTakingDescriptor(call, timeout: .seconds(5)) { [weak self] result in
            switch result {
            case .success(let descriptor):
                guard let self, keep(descriptor) else {
                    close(descriptor)
                    return
                }
            case .failure(let error):
                self?.logger.notice("no delay lock on sleep (\(error)): a suspend may be told only after the resume")
            }
        }
    }
}
#endif
