#if os(Linux)
import Foundation
import Logging

/// Whether the focused window is full screen, told by the desktop's events rather than polled.
public protocol FullScreenWatching: AnyObject, Sendable {
    /// Whether the focused window is full screen, as last learnt.
    var isFullScreen: Bool { get }
    /// Starts watching; `onChange` hears each change of `isFullScreen`.
    func start(onChange: @escaping @Sendable () -> Void)
    /// Stops watching.
    func stop()
}

extension X11FullScreenWatch: FullScreenWatching {}

/// Chooses who tells the agent of full-screen windows.
public enum FullScreenWatches {
    /// The watch the session offers, chosen as the activity sensors choose theirs:
    /// - on Wayland (`WAYLAND_DISPLAY`), sway's or Hyprland's events when their sockets answer; no other
    ///   compositor tells an ordinary client (GNOME and KDE Plasma among them), and the X display there is
    ///   Xwayland's, which sees only X programs;
    /// - on X11, the window manager's `_NET_ACTIVE_WINDOW` and `_NET_WM_STATE` on the display `$DISPLAY` names;
    /// - else none, said once in the log: calls and do-not-disturb still defer breaks.
    public static func detect(environment: [String: String] = ProcessInfo.processInfo.environment, logger: Logger) -> (any FullScreenWatching)? {
        if let wayland = environment["WAYLAND_DISPLAY"], !wayland.isEmpty {
            if let compositor = ActivitySensors.waylandCompositor(in: environment) as? any CompositorFullScreen {
                let watch = CompositorFullScreenWatch(compositor: compositor, logger: logger)
                logger.info("deferral: full-screen windows told by \(watch.method)")
                return watch
            }
            logger.info("deferral: this Wayland compositor is neither sway nor Hyprland and tells no client of full-screen windows; only calls and do-not-disturb defer breaks")
            return nil
        }
        do {
            return try X11FullScreenWatch(environment: environment, logger: logger)
        } catch {
            logger.info("deferral: no X display to tell of full-screen windows (\(error)); only calls and do-not-disturb defer breaks")
            return nil
        }
    }
}
#endif
