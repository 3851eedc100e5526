#if canImport(CGtk)
import CGtk
import Foundation
import LockOutBreakScreen

/// One monitor's window: the break's title and text, a drawing of the breathing circle and the countdown ring,
/// Snooze and Done, and the keys' hint. It draws and forwards; the app decides.
@MainActor
final class MonitorWindow {
    private(set) var monitor: Monitor
    private(set) var hasDrawn = false
    private let window: UnsafeMutablePointer<GtkWidget>
    private let title: UnsafeMutablePointer<GtkWidget>
    private let body: UnsafeMutablePointer<GtkWidget>
    private let drawing: UnsafeMutablePointer<GtkWidget>
    private let snooze: UnsafeMutablePointer<GtkWidget>
    private let done: UnsafeMutablePointer<GtkWidget>
    private let hint: UnsafeMutablePointer<GtkWidget>
    private let placement: WindowPlacement
    private let gdkMonitor: OpaquePointer
    private let palette: BreakScreenPalette
    private unowned let app: BreakScreenApp
    private var frame: BreakScreenFrame?
    private var breath = 1.0

    init(monitor: Monitor, gdkMonitor: OpaquePointer, placement: WindowPlacement, palette: BreakScreenPalette, app: BreakScreenApp) {
        self.monitor = monitor
        self.gdkMonitor = gdkMonitor
        self.placement = placement
        self.palette = palette
        self.app = app
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        title = gtk_label_new(nil)
        body = gtk_label_new(nil)
        drawing = gtk_drawing_area_new()
        snooze = gtk_button_new_with_label("Snooze")
        done = gtk_button_new_with_label("Done")
        hint = gtk_label_new(nil)
        build()
    }

    private func build() {
        let gtkWindow = lockout_window(window)
        gtk_window_set_decorated(gtkWindow, 0)
        gtk_window_set_skip_taskbar_hint(gtkWindow, 1)
        gtk_window_set_skip_pager_hint(gtkWindow, 1)
        Style.add("lockout-break", to: window)
        Style.add("break-title", to: title)
        Style.add("break-body", to: body)
        Style.add("break-hint", to: hint)
        Style.add("suggested-action", to: done)
        gtk_label_set_line_wrap(lockout_label(body), 1)
        gtk_label_set_justify(lockout_label(body), GTK_JUSTIFY_CENTER)
        gtk_label_set_max_width_chars(lockout_label(body), 48)
        gtk_widget_set_size_request(drawing, 200, 330)

        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_widget_set_halign(column, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(column, GTK_ALIGN_CENTER)
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        gtk_container_add(lockout_container(buttons), snooze)
        gtk_container_add(lockout_container(buttons), done)
        for child in [title, body, drawing, buttons, hint] { gtk_container_add(lockout_container(column), child) }
        gtk_container_add(lockout_container(window), column)

        let me = Unmanaged.passUnretained(self).toOpaque()
        let draw: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?) -> gboolean = { _, cairo, data in
            MainActor.assumeIsolated { MonitorWindow.from(data).draw(cairo) }
            return 0
        }
        _ = lockout_connect(drawing, "draw", unsafeBitCast(draw, to: GCallback.self), me)
        let key: @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GdkEventKey>?, gpointer?) -> gboolean = { _, event, data in
            guard let event, let name = gdk_keyval_name(event.pointee.keyval) else { return 0 }
            let handled = MainActor.assumeIsolated { MonitorWindow.from(data).app.key(String(cString: name)) }
            return handled ? 1 : 0
        }
        _ = lockout_connect(window, "key-press-event", unsafeBitCast(key, to: GCallback.self), me)
        let keyUp: @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GdkEventKey>?, gpointer?) -> gboolean = { _, event, data in
            guard let event, let name = gdk_keyval_name(event.pointee.keyval) else { return 0 }
            MainActor.assumeIsolated { MonitorWindow.from(data).app.keyReleased(String(cString: name)) }
            return 0
        }
        _ = lockout_connect(window, "key-release-event", unsafeBitCast(keyUp, to: GCallback.self), me)
        let clickedDone: @convention(c) (UnsafeMutablePointer<GtkWidget>?, gpointer?) -> Void = { _, data in
            MainActor.assumeIsolated { MonitorWindow.from(data).app.press(.done) }
        }
        let clickedSnooze: @convention(c) (UnsafeMutablePointer<GtkWidget>?, gpointer?) -> Void = { _, data in
            MainActor.assumeIsolated { MonitorWindow.from(data).app.press(.snooze) }
        }
        _ = lockout_connect(done, "clicked", unsafeBitCast(clickedDone, to: GCallback.self), me)
        _ = lockout_connect(snooze, "clicked", unsafeBitCast(clickedSnooze, to: GCallback.self), me)
        // Closing the window from the desktop (Alt+F4) leaves the break as it is: the window stays.
        let deleting: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?) -> gboolean = { _, _, _ in 1 }
        _ = lockout_connect(window, "delete-event", unsafeBitCast(deleting, to: GCallback.self), nil)

        switch placement {
        case .overlayLayer:
            gtk_layer_init_for_window(gtkWindow)
            gtk_layer_set_layer(gtkWindow, GTK_LAYER_SHELL_LAYER_OVERLAY)
            gtk_layer_set_namespace(gtkWindow, "lockout-break")
            gtk_layer_set_monitor(gtkWindow, gdkMonitor)
            for edge in [GTK_LAYER_SHELL_EDGE_LEFT, GTK_LAYER_SHELL_EDGE_RIGHT, GTK_LAYER_SHELL_EDGE_TOP, GTK_LAYER_SHELL_EDGE_BOTTOM] {
                gtk_layer_set_anchor(gtkWindow, edge, 1)
            }
            gtk_layer_set_exclusive_zone(gtkWindow, -1)
            gtk_layer_set_keyboard_mode(gtkWindow, GTK_LAYER_SHELL_KEYBOARD_MODE_EXCLUSIVE)
        case .fullScreenAbove:
            gtk_window_set_keep_above(gtkWindow, 1)
            place(on: monitor)
        }
    }

    fileprivate static func from(_ data: gpointer?) -> MonitorWindow {
        Unmanaged<MonitorWindow>.fromOpaque(UnsafeRawPointer(data!)).takeUnretainedValue()
    }

    /// Puts a full-screen window on `monitor`'s place (a layer surface follows its output by itself).
    func place(on monitor: Monitor) {
        self.monitor = monitor
        guard placement == .fullScreenAbove else { return }
        let gtkWindow = lockout_window(window)
        gtk_window_move(gtkWindow, Int32(monitor.x), Int32(monitor.y))
        gtk_window_set_default_size(gtkWindow, Int32(monitor.width), Int32(monitor.height))
        gtk_window_resize(gtkWindow, Int32(monitor.width), Int32(monitor.height))
    }

    func present() {
        gtk_widget_show_all(window)
        if frame?.snooze == nil { gtk_widget_hide(snooze) }
        if frame != nil, frame?.done == nil { gtk_widget_hide(done) }
        if placement == .fullScreenAbove, let screen = gtk_window_get_screen(lockout_window(window)) {
            gtk_window_fullscreen_on_monitor(lockout_window(window), screen, monitorIndex())
        }
        gtk_window_present(lockout_window(window))
        gtk_widget_grab_focus(done)
    }

    private func monitorIndex() -> Int32 {
        let display = gdk_monitor_get_display(gdkMonitor)
        for index in 0..<gdk_display_get_n_monitors(display) where gdk_display_get_monitor(display, index) == gdkMonitor {
            return index
        }
        return 0
    }

    /// Sets the labels and buttons for `frame`.
    func show(_ frame: BreakScreenFrame) {
        self.frame = frame
        gtk_window_set_title(lockout_window(window), "\(frame.title) — LockOut")
        gtk_label_set_text(lockout_label(title), frame.title)
        gtk_label_set_text(lockout_label(body), frame.body)
        gtk_label_set_text(lockout_label(hint), frame.hint)
        if let label = frame.done {
            gtk_button_set_label(lockout_button(done), label)
            gtk_widget_show(done)
            gtk_widget_grab_focus(done)
        } else {
            gtk_widget_hide(done)
        }
        if let label = frame.snooze {
            gtk_button_set_label(lockout_button(snooze), label)
            gtk_widget_show(snooze)
        } else {
            gtk_widget_hide(snooze)
        }
    }

    func redraw(_ frame: BreakScreenFrame, breath: Double) {
        self.frame = frame
        self.breath = breath
        gtk_widget_queue_draw(drawing)
    }

    /// The window's GDK window once it is realized, for a grab.
    var gdkWindow: OpaquePointer? { gtk_widget_get_window(window) }

    func destroy() {
        gtk_widget_destroy(window)
    }

    /// The breathing circle (an eye inside for eye breaks) above the countdown ring and its time.
    private func draw(_ cairo: OpaquePointer?) {
        guard let cairo, let frame else { return }
        let width = Double(gtk_widget_get_allocated_width(drawing))
        let centre = width / 2
        let accent = palette.accent
        // The breath: 72 px at its fullest, the accent at 22 %.
        cairo_set_source_rgba(cairo, accent.red, accent.green, accent.blue, 0.22)
        cairo_arc(cairo, centre, 80, 72 * breath, 0, 2 * Double.pi)
        cairo_fill(cairo)
        if frame.showsEye {
            cairo_set_source_rgb(cairo, accent.red, accent.green, accent.blue)
            cairo_set_line_width(cairo, 3)
            cairo_move_to(cairo, centre - 30, 80)
            cairo_curve_to(cairo, centre - 18, 62, centre + 18, 62, centre + 30, 80)
            cairo_curve_to(cairo, centre + 18, 98, centre - 18, 98, centre - 30, 80)
            cairo_close_path(cairo)
            cairo_stroke(cairo)
            cairo_arc(cairo, centre, 80, 8.5, 0, 2 * Double.pi)
            cairo_fill(cairo)
        }
        // The ring: the track, then what is left of the break from twelve o'clock.
        let ringY = 250.0, radius = 58.0
        cairo_set_line_width(cairo, 7)
        cairo_set_source_rgb(cairo, palette.track.red, palette.track.green, palette.track.blue)
        cairo_arc(cairo, centre, ringY, radius, 0, 2 * Double.pi)
        cairo_stroke(cairo)
        if frame.ringFraction > 0 {
            cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
            cairo_set_source_rgb(cairo, palette.ring.red, palette.ring.green, palette.ring.blue)
            let start = -Double.pi / 2
            cairo_arc(cairo, centre, ringY, radius, start, start + 2 * Double.pi * frame.ringFraction)
            cairo_stroke(cairo)
        }
        cairo_set_source_rgb(cairo, palette.text.red, palette.text.green, palette.text.blue)
        cairo_select_font_face(cairo, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cairo, 28)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cairo, frame.countdown, &extents)
        cairo_move_to(cairo, centre - extents.width / 2 - extents.x_bearing, ringY - extents.height / 2 - extents.y_bearing)
        cairo_show_text(cairo, frame.countdown)
        if !hasDrawn {
            hasDrawn = true
            app.drewFirstFrame()
        }
    }
}
#endif
