#if canImport(CGtk)
import CGtk
import Foundation
import LockOutBreakScreen
import LockOutCore

/// The GTK side of the break screen: it opens a window per monitor, forwards keys and buttons, and draws
/// what `BreakScreenSession` says; every decision is the session's, the plan's or the palette's.
@MainActor
final class BreakScreenApp {
    private let link: AgentLink
    private var session: BreakScreenSession
    private let palette: BreakScreenPalette
    private let animated: Bool
    private let placement: WindowPlacement
    private let hold: InputHold
    /// Whether the X11 grab of a strict break is taken.
    private var grabbed = false
    private let display: OpaquePointer
    private var windows: [UInt: MonitorWindow] = [:]
    /// Unix time in ms the agent showed the break at (`LOCKOUT_BREAK_SHOWN_AT`), for the first-frame line.
    private let shownAt: Double?
    private var firstFrameTold = false
    private var lastPoll = 0.0
    private var shownFrame: BreakScreenFrame?

    static func run(link: AgentLink, strict: Bool, environment: [String: String]) -> Never {
        // Everything is drawn with cairo: without GL, GDK does not probe GLX at start, which loads Mesa's software
        // renderer and LLVM into the process (about half its memory on a desktop without a GPU driver).
        setenv("GDK_GL", "disable", 0)
        guard gtk_init_check(nil, nil) != 0, let display = gdk_display_get_default() else {
            let which = environment["WAYLAND_DISPLAY"].map { "Wayland display \($0)" } ?? environment["DISPLAY"].map { "X display \($0)" }
            // GTK opens no Wayland display without XDG_RUNTIME_DIR, even one named by its full path.
            let why = environment["WAYLAND_DISPLAY"] != nil && environment["XDG_RUNTIME_DIR"] == nil ? " (XDG_RUNTIME_DIR is not set)" : ""
            fail(69, "cannot open \(which ?? "a display: neither WAYLAND_DISPLAY nor DISPLAY is set")\(why)")
        }
        let settings: BreakSettings
        do { settings = try link.settings() } catch { fail(0, "the agent does not answer: \(error)") }
        let app = BreakScreenApp(link: link, display: display, settings: settings, strict: strict, environment: environment)
        app.start()
        gtk_main()
        exit(0)
    }

    private init(link: AgentLink, display: OpaquePointer, settings: BreakSettings, strict: Bool, environment: [String: String]) {
        self.link = link
        self.display = display
        let scale = environment["LOCKOUT_CLOCK_SCALE"].flatMap(Double.init).map { max(1, $0) } ?? 1
        session = BreakScreenSession(settings: settings, clockScale: scale, strict: strict, at: Self.now())
        let theme = lockout_setting_string("gtk-theme-name")
        let scheme = lockout_color_scheme()
        palette = BreakScreenPalette.choose(
            preferDark: lockout_setting_bool("gtk-application-prefer-dark-theme") != 0,
            themeName: theme.map { String(cString: $0) }, colorScheme: scheme.map { String(cString: $0) }
        )
        g_free(theme)
        g_free(scheme)
        animated = lockout_setting_bool("gtk-enable-animations") != 0
        let wayland = lockout_display_is_wayland(display) != 0
        let layerShell = wayland && gtk_layer_is_supported() != 0
        placement = WindowPlacement.choose(wayland: wayland, layerShell: layerShell)
        if let caveat = WindowPlacement.caveat(wayland: wayland, layerShell: layerShell) { Self.say(caveat) }
        hold = InputHold.choose(wayland: wayland, layerShell: layerShell)
        if strict { Self.say(hold.line) }
        shownAt = environment["LOCKOUT_BREAK_SHOWN_AT"].flatMap(Double.init)
    }

    private func start() {
        Style.install(palette)
        poll()
        guard session.end == nil else { exit(0) }
        placeWindows()
        let me = Unmanaged.passUnretained(self).toOpaque()
        let changed: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> Void = { _, _, data in
            MainActor.assumeIsolated { BreakScreenApp.from(data).placeWindows() }
        }
        _ = lockout_connect(UnsafeMutableRawPointer(display), "monitor-added", unsafeBitCast(changed, to: GCallback.self), me)
        _ = lockout_connect(UnsafeMutableRawPointer(display), "monitor-removed", unsafeBitCast(changed, to: GCallback.self), me)
        // Redraws the countdown and the breathing circle; asks the agent twice a second.
        let tick: @convention(c) (gpointer?) -> gboolean = { data in
            MainActor.assumeIsolated { BreakScreenApp.from(data).tick() }
            return 1
        }
        g_timeout_add(animated ? 50 : 250, tick, me)
    }

    fileprivate static func from(_ data: gpointer?) -> BreakScreenApp {
        Unmanaged<BreakScreenApp>.fromOpaque(UnsafeRawPointer(data!)).takeUnretainedValue()
    }

    private func tick() {
        let now = Self.now()
        if now - lastPoll >= 0.5 { poll() }
        guard session.end == nil else { finish() }
        if let skip = session.escapeHeld(at: now) {
            Self.say("Escape held: skipping the strict break")
            send(skip)
        }
        holdInput(at: now)
        refresh(at: now)
    }

    private func poll() {
        lastPoll = Self.now()
        do {
            session.heard(try link.status(), at: Self.now())
        } catch {
            session.unheard(at: Self.now())
        }
    }

    private func finish() -> Never {
        if session.end == .agentGone { Self.say("the agent stopped answering: closing the break screen") }
        exit(0)
    }

    /// Labels change with the break (a micro break covering the eye break); the drawing areas every tick.
    private func refresh(at now: Double) {
        guard let frame = session.frame(at: now) else { return }
        let changed = shownFrame.map { $0.title != frame.title || $0.snooze != frame.snooze || $0.done != frame.done || $0.hint != frame.hint } ?? true
        shownFrame = frame
        for window in windows.values {
            if changed { window.show(frame) }
            window.redraw(frame, breath: BreakScreenPalette.breath(at: now, animated: animated))
        }
    }

    private func monitors() -> [(Monitor, OpaquePointer)] {
        (0..<gdk_display_get_n_monitors(display)).compactMap { index in
            guard let monitor = gdk_display_get_monitor(display, index) else { return nil }
            var rectangle = GdkRectangle()
            gdk_monitor_get_geometry(monitor, &rectangle)
            let id = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(monitor)))
            return (Monitor(id: id, x: Int(rectangle.x), y: Int(rectangle.y), width: Int(rectangle.width), height: Int(rectangle.height)), monitor)
        }
    }

    /// Every monitor gets one window; an unplugged monitor's goes.
    fileprivate func placeWindows() {
        let current = monitors()
        let plan = MonitorPlan(windows: windows.values.map(\.monitor), monitors: current.map(\.0))
        for id in plan.close { windows.removeValue(forKey: id)?.destroy() }
        for monitor in plan.move { windows[monitor.id]?.place(on: monitor) }
        for monitor in plan.open {
            guard let gdkMonitor = current.first(where: { $0.0 == monitor })?.1 else { continue }
            let window = MonitorWindow(monitor: monitor, gdkMonitor: gdkMonitor, placement: placement, palette: palette, app: self)
            windows[monitor.id] = window
            if let frame = session.frame(at: Self.now()) { window.show(frame) }
            window.present()
        }
        if !plan.isEmpty { Self.say("showing the break on \(windows.count) monitor\(windows.count == 1 ? "" : "s")") }
    }

    /// A window drew its first frame: once every monitor's has, say how long after the break was shown.
    func drewFirstFrame() {
        guard !firstFrameTold, windows.values.allSatisfy(\.hasDrawn) else { return }
        firstFrameTold = true
        let since = shownAt.map { String(format: " %.0f ms after the break was shown", Date().timeIntervalSince1970 * 1000 - $0) } ?? ""
        Self.say("first frame on every monitor (\(windows.count))\(since)")
    }

    /// A key pressed on any window; true when it did something.
    func key(_ name: String) -> Bool {
        let now = Self.now()
        guard let command = session.keyPressed(name, at: now) else { return session.holds(at: now) || name == "Escape" && session.strict }
        send(command)
        return true
    }

    func keyReleased(_ name: String) {
        session.keyReleased(name)
    }

    func press(_ action: BreakScreenAction) {
        session.command(for: action, at: Self.now()).map(send)
    }

    /// A strict break's X11 grab: taken on the first window once it shows (a grab of a window not yet viewable
    /// fails, so each tick tries until it holds), given back when the countdown ends. With layer-shell the overlay's
    /// exclusive keyboard holds the keys by itself; without it nothing can.
    private func holdInput(at now: Double) {
        guard hold == .grab else { return }
        let holds = session.holds(at: now)
        guard holds != grabbed, let seat = gdk_display_get_default_seat(display) else { return }
        if holds {
            guard let window = windows.values.first?.gdkWindow else { return }
            grabbed = gdk_seat_grab(seat, window, GDK_SEAT_CAPABILITY_ALL, 1, nil, nil, nil, nil) == GDK_GRAB_SUCCESS
            if grabbed { Self.say("strict break: input grabbed") }
        } else {
            gdk_seat_ungrab(seat)
            grabbed = false
            Self.say("strict break: the countdown ended, input given back")
        }
    }

    private func send(_ command: BreakCommand) {
        do {
            session.heard(try link.send(command), at: Self.now())
        } catch {
            Self.say("the agent did not take \(command): \(error)")
        }
        if session.end != nil { finish() }
    }

    static func now() -> Double { Double(g_get_monotonic_time()) / 1_000_000 }

    static func say(_ line: String) {
        FileHandle.standardError.write(Data(("lockout-break-screen: " + line + "\n").utf8))
    }
}
#endif
