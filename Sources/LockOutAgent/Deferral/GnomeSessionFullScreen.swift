#if canImport(CSystemd)
import Foundation
import Logging
import Synchronization

/// The session manager's inhibited actions (`org.gnome.SessionManager`'s `InhibitedActions`, a bit set), as far as
/// deferral reads them.
struct GnomeInhibitedActions: OptionSet, Hashable, Sendable {
    let rawValue: UInt32

    static let logout = GnomeInhibitedActions(rawValue: 1)
    static let switchUser = GnomeInhibitedActions(rawValue: 2)
    static let suspend = GnomeInhibitedActions(rawValue: 4)
    /// The session must not go idle: what a video player playing, a presentation showing or a game running asks for.
    static let idle = GnomeInhibitedActions(rawValue: 8)
    static let automount = GnomeInhibitedActions(rawValue: 16)

    /// Whether breaks wait as for a full-screen window: some program keeps the session from going idle. Logging
    /// out, switching user, suspending or mounting held back say nothing of what is on the screen.
    var holdsBreaks: Bool { contains(.idle) }
}

/// Full screen on GNOME, where Mutter tells no client of windows: a program that keeps the session from going idle
/// (`Inhibit(…, flags 8)` on `org.gnome.SessionManager`: a playing video, a presentation, a game, usually full
/// screen) defers breaks as a full-screen window does. Followed through the session manager's `PropertiesChanged`
/// for `InhibitedActions` on the session bus, read once at the start; nothing is polled.
///
/// ```
///   not held ──InhibitedActions gains 8──► held (`onChange` told)
///   held ──InhibitedActions loses 8──► not held (`onChange` told)
///   no session manager on the bus: never held
/// ```
public final class GnomeSessionFullScreen: FullScreenWatching, Sendable {
    static let service = "org.gnome.SessionManager"
    static let path = "/org/gnome/SessionManager"
    static let properties = "org.freedesktop.DBus.Properties"
    static let property = "InhibitedActions"

    /// How the log names it.
    public let method = "gnome-session"
    private let bus: SessionBus
    private let logger: Logger
    private let state = Mutex(State())

    private struct State {
        var actions = GnomeInhibitedActions()
        var onChange: (@Sendable () -> Void)?
        var subscription: DBusSubscription?
    }

    public init(bus: SessionBus, logger: Logger) {
        self.bus = bus
        self.logger = logger
    }

    /// Whether some program keeps the session from going idle, as last learnt.
    public var isFullScreen: Bool {
        state.withLock { $0.actions.holdsBreaks }
    }

    /// GNOME's compositor tells no client which window has focus.
    public var tellsFocusedProgram: Bool { false }

    public func focusedProgram() -> String? { nil }

    /// Subscribes to the session manager's property changes, then reads `InhibitedActions` once; `onChange` (on the
    /// bus's queue) hears each change of `isFullScreen`, the first already when it holds at the start.
    public func start(onChange: @escaping @Sendable () -> Void) {
        let match = DBusSignalMatch(
            sender: Self.service, path: Self.path, interface: Self.properties, member: "PropertiesChanged", firstArgument: Self.service
        )
        let subscription = bus.subscribe(to: match) { [weak self] signal in
            let arguments = signal.arguments
            guard let self, arguments.count >= 2 else { return }
            if let value = arguments[1].variants?[Self.property]?.unwrapped.uint32 {
                take(GnomeInhibitedActions(rawValue: value))
            } else if arguments.count > 2, arguments[2].strings?.contains(Self.property) == true {
                read()
            }
        }
        let previous = state.withLock { state in
            defer { (state.onChange, state.subscription) = (onChange, subscription) }
            return state.subscription
        }
        previous?.cancel()
        // Read after the match is in place: a change sent after the answer comes after it.
        read()
    }

    public func stop() {
        let subscription = state.withLock { state in
            defer { (state.onChange, state.subscription) = (nil, nil) }
            return state.subscription
        }
        subscription?.cancel()
    }

    /// Asks for `InhibitedActions`; the answer is taken on the bus's queue. A session manager that does not answer
    /// holds nothing, said once in the log.
    private func read() {
        let call = DBusMethodCall(
            destination: Self.service, path: Self.path, interface: Self.properties, member: "Get",
            arguments: [.string(Self.service), .string(Self.property)], allowsAutoStart: false
        )
        bus.call(call, timeout: .seconds(5)) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let reply):
                guard let value = reply.arguments.first?.unwrapped.uint32 else {
                    logger.warning("deferral: the session manager's InhibitedActions is \(reply.arguments), not a number")
                    return
                }
                take(GnomeInhibitedActions(rawValue: value))
            case .failure(let error):
                logger.info("deferral: no GNOME session manager tells of programs holding the session awake (\(error)); only calls and do-not-disturb defer breaks")
            }
        }
    }

    /// Keeps `actions`; tells `onChange` when whether they hold breaks changed. On the bus's queue, so in order.
    private func take(_ actions: GnomeInhibitedActions) {
        let tell: (@Sendable () -> Void)? = state.withLock { state in
            let changed = state.actions.holdsBreaks != actions.holdsBreaks
            state.actions = actions
            return changed ? state.onChange : nil
        }
        tell?()
    }
}
#endif
