#if canImport(CGtk)
import CGtk
import LockOutBreakScreen

/// The break screen's stylesheet: the palette's background and text, a large title, the web page's sizes.
@MainActor
enum Style {
    static func install(_ palette: BreakScreenPalette) {
        let css = """
        window.lockout-break { background-color: \(palette.background.css); color: \(palette.text.css); }
        window.lockout-break label { color: \(palette.text.css); }
        label.break-title { font-size: 2em; font-weight: bold; }
        label.break-body { font-size: 1.2em; }
        label.break-hint { color: \(palette.muted.css); }
        window.lockout-break button { font-size: 1.15em; padding: 6px 22px; }
        window.lockout-break button.suggested-action { background-image: none; background-color: \(palette.accent.css);
          color: \(palette.accentText.css); }
        window.lockout-break button.suggested-action label { color: \(palette.accentText.css); }
        """
        let provider = gtk_css_provider_new()
        _ = gtk_css_provider_load_from_data(provider, css, -1, nil)
        if let screen = gdk_screen_get_default() {
            gtk_style_context_add_provider_for_screen(screen, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        }
    }

    static func add(_ styleClass: String, to widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_style_context_add_class(gtk_widget_get_style_context(widget), styleClass)
    }
}
#endif
