// GTK 3 and gtk-layer-shell for the native break screen (`lockout-break-screen`), which alone links them:
// the agent starts it for a break, so `lockout` itself links no display library.
#include <gtk/gtk.h>
#include <gtk-layer-shell/gtk-layer-shell.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/gdkx.h>
#endif
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/gdkwayland.h>
#endif

// GTK's casts and variadic calls are macros and C varargs, which Swift does not import: these carry them.
static inline GtkWindow *lockout_window(GtkWidget *widget) { return GTK_WINDOW(widget); }
static inline GtkContainer *lockout_container(GtkWidget *widget) { return GTK_CONTAINER(widget); }
static inline GtkBox *lockout_box(GtkWidget *widget) { return GTK_BOX(widget); }
static inline GtkLabel *lockout_label(GtkWidget *widget) { return GTK_LABEL(widget); }
static inline GtkButton *lockout_button(GtkWidget *widget) { return GTK_BUTTON(widget); }

static inline gulong lockout_connect(gpointer instance, const char *signal, GCallback callback, gpointer data) {
    return g_signal_connect(instance, signal, callback, data);
}

static inline gboolean lockout_setting_bool(const char *name) {
    GtkSettings *settings = gtk_settings_get_default();
    gboolean value = FALSE;
    if (settings) g_object_get(settings, name, &value, NULL);
    return value;
}

/// The setting's string, to be freed with g_free; NULL when unset.
static inline gchar *lockout_setting_string(const char *name) {
    GtkSettings *settings = gtk_settings_get_default();
    gchar *value = NULL;
    if (settings) g_object_get(settings, name, &value, NULL);
    return value;
}

/// The desktop's colour scheme (`prefer-dark`, `prefer-light`, `default`) where its schema is installed, to be
/// freed with g_free; NULL elsewhere.
static inline gchar *lockout_color_scheme(void) {
    GSettingsSchemaSource *source = g_settings_schema_source_get_default();
    if (!source) return NULL;
    GSettingsSchema *schema = g_settings_schema_source_lookup(source, "org.gnome.desktop.interface", TRUE);
    if (!schema) return NULL;
    gboolean has = g_settings_schema_has_key(schema, "color-scheme");
    g_settings_schema_unref(schema);
    if (!has) return NULL;
    GSettings *settings = g_settings_new("org.gnome.desktop.interface");
    gchar *value = g_settings_get_string(settings, "color-scheme");
    g_object_unref(settings);
    return value;
}

static inline gboolean lockout_display_is_wayland(GdkDisplay *display) {
#ifdef GDK_WINDOWING_WAYLAND
    return GDK_IS_WAYLAND_DISPLAY(display);
#else
    return FALSE;
#endif
}
