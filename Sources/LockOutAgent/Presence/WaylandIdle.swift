import Foundation
import LockOutCore

/// One global a Wayland compositor's registry announces.
struct WaylandGlobal: Hashable, Sendable {
    /// The registry's name for it, which a bind gives back.
    let name: UInt32
    /// Its interface, e.g. `wl_seat`, `ext_idle_notifier_v1`.
    let interface: String
    /// The highest version the compositor offers.
    let version: UInt32
}

/// The idle notification the Wayland source asks for, best first.
enum WaylandIdleProtocol: Hashable, Sendable, CustomStringConvertible {
    /// `ext_idle_notifier_v1.get_input_idle_notification` (version 2): input alone, so a video's idle inhibitor
    /// cannot hide that the person left.
    case extIdleNotifyInput
    /// `ext_idle_notifier_v1.get_idle_notification` (version 1): an idle inhibitor keeps it from idling.
    case extIdleNotify
    /// `org_kde_kwin_idle.get_idle_timeout`, where the standard protocol is missing.
    case kdeIdle

    var description: String {
        switch self {
        case .extIdleNotifyInput: "ext-idle-notify-v1 version 2, input idle (idle inhibitors ignored)"
        case .extIdleNotify: "ext-idle-notify-v1 version 1 (an idle inhibitor, such as a playing video, keeps it from telling away)"
        case .kdeIdle: "org_kde_kwin_idle (an idle inhibitor may keep it from telling away)"
        }
    }
}

/// What to bind for the idle notification, chosen from the compositor's globals.
struct WaylandIdleBinding: Hashable, Sendable {
    /// The notification asked for.
    let idleProtocol: WaylandIdleProtocol
    /// The notifier global (`ext_idle_notifier_v1` or `org_kde_kwin_idle`) and the version to bind it at.
    let notifier: UInt32
    let version: UInt32
    /// The seat whose activity counts: the first the compositor announced.
    let seat: UInt32

    /// The standard `ext_idle_notifier_v1` where offered, at version 2 when the compositor has it (input idle), else
    /// at 1; else `org_kde_kwin_idle`; on the first `wl_seat`. Throws when there is no seat or neither notifier.
    static func choose(from globals: [WaylandGlobal]) throws(WaylandPresenceError) -> WaylandIdleBinding {
        guard let seat = globals.first(where: { $0.interface == "wl_seat" }) else { throw .noSeat }
        if let notifier = globals.first(where: { $0.interface == "ext_idle_notifier_v1" }) {
            let version = min(notifier.version, 2)
            return WaylandIdleBinding(
                idleProtocol: version >= 2 ? .extIdleNotifyInput : .extIdleNotify, notifier: notifier.name, version: version, seat: seat.name
            )
        }
        if let notifier = globals.first(where: { $0.interface == "org_kde_kwin_idle" }) {
            return WaylandIdleBinding(idleProtocol: .kdeIdle, notifier: notifier.name, version: 1, seat: seat.name)
        }
        throw .noIdleProtocol
    }
}

/// What the idle notification's events mean for presence: `idled` is away since the last input, `resumed` is back
/// now. The compositor starts the timeout when the notification is made and again at each `resumed`, so the last
/// input was `threshold` before an `idled` (or longer, where an inhibitor held it back or the desk was already idle
/// when the watch began).
///
/// ```
///   present ──idled──► away (told away at now − threshold)
///   away ──resumed──► present (told back at now)
///   a repeated event (a compositor's error) tells nothing
/// ```
struct WaylandIdleTracker: Sendable {
    /// The threshold the notification was asked for.
    let threshold: TimeInterval
    /// Whether the last event told away.
    private(set) var isAway = false

    init(threshold: TimeInterval) {
        self.threshold = threshold
    }

    /// Takes `idle` (true for `idled`, false for `resumed`) at `now`; the signal to tell, if any.
    mutating func take(idle: Bool, now: Date) -> PresenceSignal? {
        guard idle != isAway else { return nil }
        isAway = idle
        return PresenceSignal(away: idle, at: idle ? now.addingTimeInterval(-threshold) : now, reason: .idle)
    }
}

/// Why the Wayland idle source cannot watch.
enum WaylandPresenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `WAYLAND_DISPLAY` names no compositor.
    case noDisplay
    /// libwayland-client could not be loaded, or a connection failed: the library's words.
    case connection(String)
    /// The compositor announces no `wl_seat`.
    case noSeat
    /// The compositor offers neither idle protocol.
    case noIdleProtocol

    var description: String {
        switch self {
        case .noDisplay: "WAYLAND_DISPLAY names no Wayland compositor"
        case .connection(let reason): reason
        case .noSeat: "the Wayland compositor announces no seat"
        case .noIdleProtocol: "the Wayland compositor offers neither ext_idle_notifier_v1 nor org_kde_kwin_idle"
        }
    }
}
