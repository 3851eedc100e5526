#if canImport(CSystemd)
import Foundation
import Logging
import LockOutCore

/// Whether the screen is locked, told by the desktop's screen saver on the session bus: the
/// `ActiveChanged(bool)` signal of `org.freedesktop.ScreenSaver` (KDE, Xfce, Cinnamon, xscreensaver's
/// bridges) and of `org.gnome.ScreenSaver` (GNOME Shell), asked once with `GetActive` at start so a
/// session that starts locked is away at once. Locked while either says active.
///
/// ```
///   unlocked ──(ActiveChanged true)──► locked: told away now
///      ▲                                 │
///      └──────(ActiveChanged false)──────┘ told back now
/// ```
public final class ScreenSaverPresence: PresenceSource, @unchecked Sendable {
    public let name = "screensaver"
    /// The services, each named as its interface, at the object where it answers `GetActive`.
    static let services = [
        (name: "org.freedesktop.ScreenSaver", path: "/org/freedesktop/ScreenSaver"),
        (name: "org.gnome.ScreenSaver", path: "/org/gnome/ScreenSaver"),
    ]

    private let bus: SessionBus
    private let now: @Sendable () -> Date
    private let lock = NSLock()
    /// Guarded by `lock`: what a started source holds.
    private var state: State?

    private struct State {
        var subscriptions: [DBusSubscription] = []
        var onChange: @Sendable (PresenceSignal) -> Void
        /// What each service last said, by name.
        var active: [String: Bool] = [:]
        var isLocked: Bool { active.values.contains(true) }
    }

    /// Watches the screen savers on `sessionBus`; `now` dates what it tells.
    public init(sessionBus: SessionBus, now: @escaping @Sendable () -> Date = { Date() }) {
        bus = sessionBus
        self.now = now
    }

    /// Subscribes to both services' `ActiveChanged`, then asks each `GetActive` and waits for the answers;
    /// throws when neither answers. Not from a handler of the bus: it waits for the bus's queue.
    public func start(awayAfter threshold: TimeInterval, onChange: @escaping @Sendable (PresenceSignal) -> Void) throws {
        let isNew = lock.withLock {
            guard state == nil else { return false }
            state = State(onChange: onChange)
            return true
        }
        guard isNew else { return }
        let answers = BusAnswers<Result<DBusMessage, DBusError>>()
        let subscriptions = Self.services.map { service in
            bus.subscribe(
                to: DBusSignalMatch(sender: service.name, interface: service.name, member: "ActiveChanged"),
                installed: { [bus] error in
                    if let error {
                        answers.put(.failure(error))
                        return
                    }
                    let call = DBusMethodCall(
                        destination: service.name, path: service.path, interface: service.name, member: "GetActive", allowsAutoStart: false
                    )
                    bus.call(call, timeout: .seconds(5)) { [weak self] result in
                        // Taken on the bus's queue, in order with the signals: a change told after the
                        // answer is not overruled by it.
                        if case .success(let reply) = result, let active = reply.arguments.first?.bool {
                            self?.said(active, by: service.name)
                        }
                        answers.put(result)
                    }
                },
                handler: { [weak self] signal in
                    guard let active = signal.arguments.first?.bool else { return }
                    self?.said(active, by: service.name)
                }
            )
        }
        lock.withLock { state?.subscriptions = subscriptions }
        var failures: [DBusError] = []
        for answer in answers.wait(for: Self.services.count, seconds: 10) {
            guard case .failure(let error) = answer else { return }
            failures.append(error)
        }
        lock.withLock { state = nil }
        for subscription in subscriptions {
            subscription.cancel()
        }
        throw PresenceSourceError.noService(
            Self.services.map(\.name), failures.first ?? DBusError(name: DBusError.noReply, message: "no answer within 10 s")
        )
    }

    public func stop() {
        guard let state = lock.withLock({ defer { state = nil }; return state }) else { return }
        for subscription in state.subscriptions {
            subscription.cancel()
        }
    }

    /// `service` says the screen saver is `active` (or not): tells when the screen's lock changed.
    private func said(_ active: Bool, by service: String) {
        let told: (Bool, @Sendable (PresenceSignal) -> Void)? = lock.withLock {
            guard let wasLocked = state?.isLocked else { return nil }
            state?.active[service] = active
            guard let state, state.isLocked != wasLocked else { return nil }
            return (state.isLocked, state.onChange)
        }
        guard let (locked, onChange) = told else { return }
        onChange(PresenceSignal(away: locked, at: now(), reason: .locked))
    }
}
#endif
