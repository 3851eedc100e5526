#if os(Linux)
import Foundation
import Logging

/// Whether the focused window is full screen, told by the desktop's events rather than polled.
public protocol FullScreenWatching: AnyObject, Sendable {
    /// Whether the focused window is full screen, as last learnt.
    var isFullScreen: Bool { get }
    /// Whether the desktop tells this watch which program has focus (X11, sway, Hyprland; not GNOME's session manager).
    var tellsFocusedProgram: Bool { get }
    /// The focused window's program now, asked when a chosen program is looked for; nil when none has focus.
    func focusedProgram() -> String?
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
            logger.info("deferral: this Wayland compositor is neither sway nor Hyprland nor GNOME's and tells no client of full-screen windows; only calls and do-not-disturb defer breaks")
            return nil
        }
        do {
            return try X11FullScreenWatch(environment: environment, logger: logger)
        } catch {
            logger.info("deferral: no X display to tell of full-screen windows (\(error)); only calls and do-not-disturb defer breaks")
            return nil
        }
    }

    #if canImport(CSystemd)
    /// As `detect(environment:logger:)`, and on GNOME's Wayland session, whose compositor tells no client of windows,
    /// the session manager's inhibited actions over `sessionBus`: a program keeping the session from going idle (a
    /// video, a presentation, a game) defers breaks as a full-screen window does.
    public static func detect(
        environment: [String: String] = ProcessInfo.processInfo.environment, sessionBus: SessionBus?, logger: Logger
    ) -> (any FullScreenWatching)? {
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":")
        if let sessionBus, let wayland = environment["WAYLAND_DISPLAY"], !wayland.isEmpty,
           desktops.contains(where: { $0.uppercased() == "GNOME" }), ActivitySensors.waylandCompositor(in: environment) == nil {
            let watch = GnomeSessionFullScreen(bus: sessionBus, logger: logger)
            logger.info("deferral: full-screen windows told by \(watch.method): a program keeping the session from going idle defers breaks")
            return watch
        }
        return detect(environment: environment, logger: logger)
    }
    #endif
}
#endif
