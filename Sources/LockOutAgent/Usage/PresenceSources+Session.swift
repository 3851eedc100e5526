#if os(Linux)
import Dispatch
import Foundation
import Logging
import LockOutCore

extension PresenceSources {
    /// The sources that apply to this session, none of them started:
    /// - `x11-sync`, the X server's idle alarms, when `DISPLAY` names a display and the session is not Wayland's
    ///   (Xwayland's idle time sees only X programs);
    /// - `mutter`, GNOME's idle monitor, when `XDG_CURRENT_DESKTOP` names GNOME and there is a session bus;
    /// - `screensaver`, the screen saver's lock, when there is a session bus.
    ///
    /// Each may still throw from `start` when the desktop lacks what it needs.
    public static func session(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        sessionBus: SessionBus?,
        now: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "lockout.presence")
    ) -> [any PresenceSource] {
        var sources: [any PresenceSource] = []
        let wayland = environment["WAYLAND_DISPLAY"].map { !$0.isEmpty } == true || environment["XDG_SESSION_TYPE"] == "wayland"
        if environment["DISPLAY"].map({ !$0.isEmpty }) == true, !wayland {
            sources.append(X11SyncPresence(environment: environment, now: now, logger: logger))
        }
        #if canImport(CSystemd)
        if let sessionBus {
            let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":")
            if desktops.contains(where: { $0.uppercased() == "GNOME" }) {
                sources.append(MutterPresence(sessionBus: sessionBus, now: now, logger: logger))
            }
            sources.append(ScreenSaverPresence(sessionBus: sessionBus, now: now))
        }
        #endif
        return sources
    }

    /// A threshold in whole milliseconds, from 1 ms to about 24 days (what the idle monitors take).
    static func milliseconds(_ seconds: TimeInterval) -> Int64 {
        guard seconds.isFinite else { return Int64(Int32.max) }
        return max(1, min(Int64(Int32.max), Int64((seconds * 1000).rounded())))
    }
}

/// Why a presence source cannot be used on this desktop.
enum PresenceSourceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `DISPLAY` names no local X display.
    case noDisplay(String)
    /// The X display refused the connection or failed while the source set itself up.
    case display(X11Error)
    /// The X server lacks the extension named.
    case missingExtension(String)
    /// The X server's SYNC extension has no counter of this name; `available` names those it has.
    case missingCounter(String, available: [String])
    /// Nothing on the session bus answered as any of the services named.
    case noService([String], DBusError)

    var description: String {
        switch self {
        case .noDisplay(let display): "no local X display in DISPLAY=\(display)"
        case .display(let error): "\(error)"
        case .missingExtension(let name): "the X server lacks the \(name) extension"
        case .missingCounter(let name, let available):
            "the X server's SYNC extension has no \(name) counter (it has: \(available.isEmpty ? "none" : available.joined(separator: ", ")))"
        case .noService(let names, let error):
            "nothing on the session bus answers as \(names.joined(separator: " or ")): \(error)"
        }
    }
}

/// Answers that arrive on the bus's queue, waited for with a bound by a thread that is not the bus's.
final class BusAnswers<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []
    private let arrived = DispatchSemaphore(value: 0)

    /// Keeps `value` and wakes the waiter.
    func put(_ value: Value) {
        lock.withLock { values.append(value) }
        arrived.signal()
    }

    /// The answers that arrived, once `count` did or `seconds` passed.
    func wait(for count: Int, seconds: Double) -> [Value] {
        let deadline = DispatchTime.now() + seconds
        var waited = 0
        while waited < count, arrived.wait(timeout: deadline) == .success {
            waited += 1
        }
        return lock.withLock { values }
    }
}
#endif
