#if os(Linux)
import Foundation

/// Tells when a program opens a window: the shield's cue to look at `/proc` at once, so that between
/// windows it needs only a slow backstop scan instead of one every second.
///
/// Made per desktop by `WindowOpeningSource.detect`; started when shielding starts, stopped when it ends.
public protocol WindowOpenings: AnyObject, Sendable {
    /// How it learns of new windows, for the log: `x11`, `sway`, `hyprland`.
    var method: String { get }
    /// Connects and starts telling: `onOpened` with the process id of each new window when the desktop
    /// names it (nil when not), and `closed` once, with why, when the desktop stops telling for good. Both are
    /// called on a private queue. Returns once every window opened from then on will be told; throws, saying
    /// why, when it cannot tell at all.
    func start(onOpened: @escaping @Sendable (Int32?) -> Void, closed: @escaping @Sendable (String) -> Void) throws
    /// Stops telling and closes the connection; `start` may follow again.
    func stop()
}

/// Where the shield hears of new windows on this desktop, or why it cannot.
public enum WindowOpeningSource: Sendable {
    /// This desktop tells of new windows.
    case events(any WindowOpenings)
    /// It does not, for the reason given: the shield reads `/proc` once a second.
    case none(reason: String)

    /// The source the session offers, chosen as the activity sensors choose theirs:
    /// - on Wayland (`WAYLAND_DISPLAY`), sway's `window` events with `change: new`, or Hyprland's
    ///   `openwindow>>` events, when their sockets answer; no other compositor tells an ordinary client;
    /// - on X11, the root window's `_NET_CLIENT_LIST` of the display `$DISPLAY` names (checked when shielding starts);
    /// - else none.
    public static func detect(environment: [String: String] = ProcessInfo.processInfo.environment) -> WindowOpeningSource {
        if let wayland = environment["WAYLAND_DISPLAY"], !wayland.isEmpty {
            if let compositor = ActivitySensors.waylandCompositor(in: environment) as? any CompositorWindowEvents {
                return .events(CompositorWindowOpenings(compositor: compositor))
            }
            return .none(reason: "the Wayland compositor is neither sway nor Hyprland, and tells no client of new windows")
        }
        guard let display = environment["DISPLAY"], !display.isEmpty else {
            return .none(reason: "no DISPLAY and no Wayland compositor")
        }
        guard X11Display(display) != nil else { return .none(reason: "DISPLAY=\(display) is not a local X display") }
        return .events(X11WindowOpenings(environment: environment))
    }
}
#endif
