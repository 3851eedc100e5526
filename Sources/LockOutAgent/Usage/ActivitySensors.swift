#if os(Linux)
import Foundation
import Logging
import LockOutCore

/// Chooses how the agent learns which program is in use and whether the person is there.
public enum ActivitySensors {
    /// The best sensor the session offers:
    /// - on Wayland (`WAYLAND_DISPLAY`), sway (`$SWAYSOCK`) or Hyprland (`$HYPRLAND_INSTANCE_SIGNATURE`) when
    ///   their sockets answer; the X display there is Xwayland's, which sees only X programs, so it is not used;
    /// - on X11, the display `$DISPLAY` names when it connects and its window manager keeps `_NET_ACTIVE_WINDOW`;
    /// - else this user's running programs (`processes`), with the X screen saver's idle time when a display connects.
    ///
    /// Where the focus method cannot tell idle time (Wayland, no display), it comes over D-Bus: GNOME Mutter's
    /// idle monitor on `sessionBus` in a GNOME session, else logind's hints on the system bus.
    public static func detect(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        sessionBus: SessionBus? = nil,
        logger: Logger = Logger(label: "lockout.activity")
    ) -> any ActivitySensing {
        let sensor = detect(environment: environment, idle: { dbusIdle(environment: environment, sessionBus: sessionBus) }, logger: logger)
        logger.info("activity: focus from \(sensor.focusMethod.rawValue), idle from \(sensor.idleMethod.rawValue)")
        return sensor
    }

    /// `detect`, with the idle source for sessions whose focus method cannot tell it made by `idle`, only when needed.
    static func detect(environment: [String: String], idle: () -> (any IdleSource)?, logger: Logger) -> any ActivitySensing {
        if let wayland = environment["WAYLAND_DISPLAY"], !wayland.isEmpty {
            if let compositor = waylandCompositor(in: environment) {
                return CompositorActivitySensor(compositor: compositor, idle: idle(), logger: logger)
            }
            return ProcessActivitySensor(idle: idle())
        }
        guard environment["DISPLAY"].map({ !$0.isEmpty }) == true else { return ProcessActivitySensor(idle: idle()) }
        do {
            let x11 = try X11ActivitySensor(environment: environment, logger: logger)
            if x11.tellsActiveWindow { return x11 }
            logger.info("activity: the window manager does not keep _NET_ACTIVE_WINDOW; counting running programs")
            return ProcessActivitySensor(idle: x11.idleMethod == .none ? idle() : x11)
        } catch {
            logger.info("activity: cannot ask the X display (\(error)); counting running programs")
            return ProcessActivitySensor(idle: idle())
        }
    }

    /// Idle time over D-Bus: Mutter's idle monitor when `XDG_CURRENT_DESKTOP` names GNOME and there is a
    /// session bus, else logind's hints on the system bus; nil when neither can be reached.
    static func dbusIdle(environment: [String: String], sessionBus: SessionBus?) -> (any IdleSource)? {
        #if canImport(CSystemd)
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":")
        if let sessionBus, desktops.contains(where: { $0.uppercased() == "GNOME" }) {
            return DBusIdleSource.mutter(sessionBus: sessionBus)
        }
        return (try? DBusIdleSource.systemBus(environment: environment)).map { DBusIdleSource.logind(systemBus: $0) }
        #else
        return nil
        #endif
    }

    /// sway or Hyprland, when `environment` names one whose socket answers.
    static func waylandCompositor(in environment: [String: String]) -> (any CompositorFocus)? {
        if let path = environment["SWAYSOCK"], !path.isEmpty, (try? UnixStream(path: path, timeoutMilliseconds: 500)) != nil {
            return SwayFocus(socketPath: path)
        }
        if let directory = HyprlandFocus.directory(in: environment),
           (try? UnixStream(path: directory + "/.socket.sock", timeoutMilliseconds: 500)) != nil {
            return HyprlandFocus(directory: directory)
        }
        return nil
    }
}
#endif
