#if canImport(CSystemd)
import Foundation
import Glibc
import LockOutCore
import Logging

/// The screen lock as logind tells it: this session's `LockedHint` on the system bus.
///
/// `start` finds the session's object (`GetSession($XDG_SESSION_ID)`, else `GetSessionByPID` of this process),
/// subscribes to its `PropertiesChanged`, then reads `LockedHint` once: a session that is already locked is
/// away at once. From then on each change logind sends (the new value, or the property invalidated, which is
/// read again) tells away (`.locked`) or back at the moment it is handled. Nothing is asked between changes.
///
/// ```
///   unlocked ──LockedHint true──► locked (away, .locked, now)
///   locked ──LockedHint false──► unlocked (back, now)
/// ```
public final class LogindLockPresence: PresenceSource, @unchecked Sendable {
    public let name = "logind-lock"
    private let connection: Result<SessionBus, DBusError>
    private let environment: [String: String]
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let lock = NSLock()
    private var onChange: (@Sendable (PresenceSignal) -> Void)?
    private var isLocked = false
    private var subscription: DBusSubscription?

    /// Watches this session's lock on `systemBus`; `environment` gives `XDG_SESSION_ID`, `now` the moments told.
    public convenience init(
        systemBus: SessionBus, environment: [String: String] = ProcessInfo.processInfo.environment,
        now: @escaping @Sendable () -> Date, logger: Logger = Logger(label: "lockout.presence")
    ) {
        self.init(connection: .success(systemBus), environment: environment, now: now, logger: logger)
    }

    /// Over a connection that may have failed: `start` then throws its error.
    init(
        connection: Result<SessionBus, DBusError>, environment: [String: String],
        now: @escaping @Sendable () -> Date, logger: Logger
    ) {
        self.connection = connection
        self.environment = environment
        self.now = now
        self.logger = logger
    }

    /// Starts watching; throws when there is no system bus, no logind, no session or no `LockedHint`.
    /// Blocks for logind's answers (a few milliseconds): not from a handler of the system bus.
    public func start(awayAfter threshold: TimeInterval, onChange: @escaping @Sendable (PresenceSignal) -> Void) throws {
        stop()
        let bus = try connection.mapError(LogindPresenceError.noSystemBus).get()
        let path = try sessionPath(on: bus)
        let match = DBusSignalMatch(
            sender: Logind.name, path: path, interface: Logind.properties, member: "PropertiesChanged", firstArgument: Logind.session
        )
        let subscription: DBusSubscription
        do throws(DBusError) {
            subscription = try bus.subscribeWaiting(to: match) { [weak self] signal in self?.propertiesChanged(signal, bus: bus, path: path) }
        } catch {
            throw LogindPresenceError.calling(error) { .cannotWatch("changes of \(path)", $0) }
        }
        lock.withLock {
            self.onChange = onChange
            self.isLocked = false
            self.subscription = subscription
        }
        // Read after the match is in place: a change logind sends after answering comes after the answer.
        let answer = DBusWaitedAnswer<Void>()
        ask(bus: bus, path: path) { error in answer.give(error.map { .failure($0) } ?? .success(())) }
        if case .failure(let error) = answer.wait() {
            stop()
            throw LogindPresenceError.calling(error) { .cannotWatch("LockedHint of \(path)", $0) }
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

    /// The object path of this process's session.
    private func sessionPath(on bus: SessionBus) throws(LogindPresenceError) -> String {
        let (call, asked) = if let id = environment["XDG_SESSION_ID"], !id.isEmpty {
            (Logind.managerCall("GetSession", [.string(id)]), "XDG_SESSION_ID \(id)")
        } else {
            (Logind.managerCall("GetSessionByPID", [.uint32(UInt32(bitPattern: getpid()))]), "process \(getpid())")
        }
        do throws(DBusError) {
            let reply = try bus.callWaiting(call)
            guard let path = reply.arguments.first?.string, !path.isEmpty else {
                throw DBusError(name: DBusError.invalidArgs, message: "\(call.member) answered \(reply.arguments), not an object path")
            }
            return path
        } catch {
            throw LogindPresenceError.calling(error) { .noSession(asked: asked, $0) }
        }
    }

    /// Asks for `LockedHint` and takes the answer; `answered` learns the error, if any. Runs its answer on the bus's queue.
    private func ask(bus: SessionBus, path: String, answered: @escaping @Sendable (DBusError?) -> Void = { _ in }) {
        let call = DBusMethodCall(
            destination: Logind.name, path: path, interface: Logind.properties, member: "Get",
            arguments: [.string(Logind.session), .string("LockedHint")], allowsAutoStart: false
        )
        bus.call(call, timeout: .seconds(5)) { [weak self] result in
            switch result {
            case .success(let reply):
                guard let locked = reply.arguments.first?.bool else {
                    answered(DBusError(name: DBusError.invalidArgs, message: "LockedHint is \(reply.arguments), not a boolean"))
                    return
                }
                self?.take(locked: locked)
                answered(nil)
            case .failure(let error):
                self?.logger.warning("could not read LockedHint of \(path): \(error)")
                answered(error)
            }
        }
    }

    /// A `PropertiesChanged` of the session: the new `LockedHint`, or its invalidation (then read again). On the bus's queue.
    private func propertiesChanged(_ signal: DBusMessage, bus: SessionBus, path: String) {
        let arguments = signal.arguments
        guard arguments.count == 3, arguments[0].string == Logind.session else { return }
        if let locked = arguments[1].variants?["LockedHint"]?.bool {
            take(locked: locked)
        } else if arguments[2].strings?.contains("LockedHint") == true {
            ask(bus: bus, path: path)
        }
    }

    /// Tells away or back when the lock changed. On the bus's queue, so changes are told in order.
    private func take(locked: Bool) {
        let tell: (@Sendable (PresenceSignal) -> Void)? = lock.withLock {
            guard let onChange, locked != isLocked else { return nil }
            isLocked = locked
            return onChange
        }
        tell?(PresenceSignal(away: locked, at: now(), reason: .locked))
    }
}
#endif
