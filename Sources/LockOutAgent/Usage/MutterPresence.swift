#if canImport(CSystemd)
import Foundation
import Logging
import LockOutCore

/// Whether the person is at a GNOME desktop, told by Mutter's idle monitor on the session bus: an idle
/// watch that fires once no input came for the threshold, and a user-active watch, added each time the
/// person is away, that fires at the next input (Mutter removes it once fired). Both arrive as the
/// `WatchFired` signal, so the process sleeps until then. A desktop already idle past the threshold is
/// away before `start` returns: it asks `GetIdletime` once, rather than wait for the watch to fire.
///
/// ```
///   present ──(WatchFired: the idle watch, or GetIdletime at start ≥ threshold)──► away: told away at
///      ▲                                             │                           now − threshold (now − idle
///      │                                             │                           time at start); AddUserActiveWatch
///      └──────(WatchFired: the user-active watch)────┘ told back now
/// ```
/// Mutter forgets the watches when it restarts; the source then tells nothing until started again.
public final class MutterPresence: PresenceSource, @unchecked Sendable {
    public let name = "mutter"
    static let service = "org.gnome.Mutter.IdleMonitor"
    static let path = "/org/gnome/Mutter/IdleMonitor/Core"

    private let bus: SessionBus
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let lock = NSLock()
    /// Guarded by `lock`: what a started source holds.
    private var state: State?

    private struct State {
        var subscription: DBusSubscription?
        var threshold: TimeInterval
        var onChange: @Sendable (PresenceSignal) -> Void
        var idleWatch: UInt32?
        var activeWatch: UInt32?
        var isAway = false
    }

    /// Watches Mutter on `sessionBus`; `now` dates what it tells.
    public init(sessionBus: SessionBus, now: @escaping @Sendable () -> Date = { Date() }, logger: Logger = Logger(label: "lockout.presence")) {
        bus = sessionBus
        self.now = now
        self.logger = logger
    }

    /// Subscribes to `WatchFired`, then adds the idle watch and waits for Mutter's answer; throws when
    /// nothing answers as the idle monitor. Not from a handler of the bus: it waits for the bus's queue.
    public func start(awayAfter threshold: TimeInterval, onChange: @escaping @Sendable (PresenceSignal) -> Void) throws {
        let isNew = lock.withLock {
            guard state == nil else { return false }
            state = State(threshold: threshold, onChange: onChange)
            return true
        }
        guard isNew else { return }
        let answers = BusAnswers<Result<UInt32, DBusError>>()
        let milliseconds = UInt64(PresenceSources.milliseconds(threshold))
        let subscription = bus.subscribe(
            to: DBusSignalMatch(sender: Self.service, path: Self.path, interface: Self.service, member: "WatchFired"),
            installed: { [bus] error in
                if let error {
                    answers.put(.failure(error))
                    return
                }
                bus.call(Self.method("AddIdleWatch", [.uint64(milliseconds)]), timeout: .seconds(5)) { [weak self] result in
                    let watch = result.flatMap { reply -> Result<UInt32, DBusError> in
                        guard let id = reply.arguments.first?.uint32 else {
                            return .failure(DBusError(name: DBusError.invalidArgs, message: "AddIdleWatch answered without a watch id"))
                        }
                        return .success(id)
                    }
                    // Known before the bus's queue handles any signal after the answer: a desktop already
                    // idle past the threshold fires the watch at once.
                    if case .success(let id) = watch, let self { lock.withLock { state?.idleWatch = id } }
                    answers.put(watch)
                }
            },
            handler: { [weak self] signal in
                guard let id = signal.arguments.first?.uint32 else { return }
                self?.fired(id)
            }
        )
        lock.withLock { state?.subscription = subscription }
        let answer = answers.wait(for: 1, seconds: 10).first ?? .failure(DBusError(name: DBusError.noReply, message: "no answer within 10 s"))
        if case .failure(let error) = answer {
            lock.withLock { state = nil }
            subscription.cancel()
            throw PresenceSourceError.noService([Self.service], error)
        }
        tellIfAlreadyAway(threshold: threshold)
    }

    /// Asks for the idle time now and, past the threshold, tells away at the last input before returning: the
    /// agent starts knowing it. Without an answer the idle watch, which fires at once on such a desktop, tells.
    private func tellIfAlreadyAway(threshold: TimeInterval) {
        let idle = BusAnswers<UInt64?>()
        bus.call(Self.method("GetIdletime", []), timeout: .seconds(5)) { result in
            let milliseconds: UInt64? = if case .success(let reply) = result, case .uint64(let value)? = reply.arguments.first { value } else { nil }
            idle.put(milliseconds)
        }
        guard let answer = idle.wait(for: 1, seconds: 5).first, let milliseconds = answer else { return }
        let seconds = TimeInterval(milliseconds) / 1000
        guard seconds >= threshold else { return }
        tellAway(at: now().addingTimeInterval(-seconds))
    }

    /// Removes the watches and stops listening.
    public func stop() {
        guard let state = lock.withLock({ defer { state = nil }; return state }) else { return }
        state.subscription?.cancel()
        for id in [state.idleWatch, state.activeWatch].compactMap(\.self) {
            bus.call(Self.method("RemoveWatch", [.uint32(id)]), timeout: .seconds(5)) { _ in }
        }
    }

    /// A watch fired: the idle watch makes the person away and asks for the next input, the user-active
    /// watch brings them back; on the bus's queue.
    private func fired(_ id: UInt32) {
        let told: (PresenceSignal, @Sendable (PresenceSignal) -> Void)? = lock.withLock {
            guard let state, id == state.idleWatch || id == state.activeWatch else { return nil }
            let away = id == state.idleWatch
            if !away { self.state?.activeWatch = nil }
            guard away != state.isAway else { return nil }
            self.state?.isAway = away
            let at = away ? now().addingTimeInterval(-state.threshold) : now()
            return (PresenceSignal(away: away, at: at, reason: .idle), state.onChange)
        }
        guard let (signal, onChange) = told else { return }
        if signal.away { addUserActiveWatch() }
        onChange(signal)
    }

    /// Tells away at `at` unless away already, and asks for the next input.
    private func tellAway(at: Date) {
        let onChange: (@Sendable (PresenceSignal) -> Void)? = lock.withLock {
            guard let state, !state.isAway else { return nil }
            self.state?.isAway = true
            return state.onChange
        }
        guard let onChange else { return }
        addUserActiveWatch()
        onChange(PresenceSignal(away: true, at: at, reason: .idle))
    }

    /// Asks Mutter to fire once at the next input.
    private func addUserActiveWatch() {
        bus.call(Self.method("AddUserActiveWatch", []), timeout: .seconds(5)) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let reply):
                guard let id = reply.arguments.first?.uint32 else { return }
                let isStopped = lock.withLock {
                    state?.activeWatch = id
                    return state == nil
                }
                if isStopped { bus.call(Self.method("RemoveWatch", [.uint32(id)]), timeout: .seconds(5)) { _ in } }
            case .failure(let error):
                logger.warning("Mutter did not add the watch for the next input; coming back goes untold: \(error)")
            }
        }
    }

    private static func method(_ member: String, _ arguments: [DBusValue]) -> DBusMethodCall {
        DBusMethodCall(destination: service, path: path, interface: service, member: member, arguments: arguments, allowsAutoStart: false)
    }
}
#endif
