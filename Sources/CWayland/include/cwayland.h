// The agent's own Wayland connection for the idle protocols (ext-idle-notify-v1, org_kde_kwin_idle), through
// libwayland-client loaded at run time: the lockout binary links no Wayland library, and where none is
// installed a source that would connect fails its start naming it. The headers are needed to build
// (libwayland-dev); the protocols' code is wayland-scanner's, committed in protocol/ (protocol/generate.sh).
//
// Swift decides what to bind from the globals listed; this file only carries it out. Every call on one
// connection comes from one thread at a time, and the callbacks run inside the call that dispatches.
#ifndef CWAYLAND_H
#define CWAYLAND_H
// Linux only, as the agent that uses it: elsewhere (a package build on a Mac) the target is empty.
#if defined(__linux__)

#include <stddef.h>
#include <stdint.h>

#pragma clang assume_nonnull begin

/// The library's name as the dynamic loader finds it (Debian's libwayland-client0).
#define CWAYLAND_LIBWAYLAND_CLIENT "libwayland-client.so.0"

/// Which idle notification to ask for.
typedef enum cwayland_idle_protocol {
    /// ext_idle_notifier_v1.get_idle_notification: idle inhibitors keep it from idling.
    CWAYLAND_EXT_IDLE_NOTIFY = 0,
    /// ext_idle_notifier_v1.get_input_idle_notification (version 2): input alone, inhibitors ignored.
    CWAYLAND_EXT_IDLE_NOTIFY_INPUT = 1,
    /// org_kde_kwin_idle.get_idle_timeout.
    CWAYLAND_KDE_IDLE = 2,
} cwayland_idle_protocol;

/// One connection and what was made on it.
typedef struct cwayland_connection cwayland_connection;

/// Hears one global of the registry: its name, interface and version.
typedef void (*cwayland_global_callback)(void *_Nullable context, uint32_t name, const char *interface, uint32_t version);
/// Hears the notification idle (1) or resumed (0).
typedef void (*cwayland_idle_callback)(void *_Nullable context, int idle);

/// Loads the library from `library` (CWAYLAND_LIBWAYLAND_CLIENT where NULL), connects to `display` (a socket name
/// or path; NULL: $WAYLAND_DISPLAY, else wayland-0) and lists the registry's globals through `global` before it
/// returns. NULL with `failure` (NUL-terminated, cut to `size`) saying why: the library missing, no compositor.
cwayland_connection *_Nullable cwayland_connect(
    const char *_Nullable library, const char *_Nullable display, cwayland_global_callback global, void *_Nullable context,
    char *failure, size_t size
);

/// The socket to watch for reading.
int cwayland_fd(const cwayland_connection *connection);

/// Binds the seat global `seat` (version 1) and the notifier global `notifier` at `version`, and asks it for a
/// notification after `timeout` milliseconds without activity, through `protocol`; `changed` hears it from then
/// on, during cwayland_dispatch. Waits for the compositor to take the requests. 0; or -1 with `failure`.
int cwayland_watch_idle(
    cwayland_connection *connection, cwayland_idle_protocol protocol, uint32_t notifier, uint32_t version, uint32_t seat,
    uint32_t timeout, cwayland_idle_callback changed, void *_Nullable context, char *failure, size_t size
);

/// Reads what the socket holds without blocking and dispatches it, flushing what is queued. 0; or -1 once the
/// connection failed (the compositor gone, a protocol error), with `failure`.
int cwayland_dispatch(cwayland_connection *connection, char *failure, size_t size);

/// Destroys what was made and disconnects.
void cwayland_disconnect(cwayland_connection *connection);

#pragma clang assume_nonnull end

#endif
#endif
