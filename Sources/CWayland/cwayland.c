#include "cwayland.h"

#if defined(__linux__)

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client-core.h>
// For the core protocol's opcodes and listener types only: its inline functions call the library directly,
// and none of them is used here.
#include <wayland-client-protocol.h>

// The interfaces the idle protocols' requests name are libwayland-client's, whose addresses are known only once it
// is loaded. A request's object argument is sent as its id alone, and libwayland compares interfaces by name where
// it compares them, so the generated tables name a stand-in of the same name; the seat itself is bound with the
// library's own wl_seat_interface, which its events need.
static const struct wl_interface cwayland_wl_seat_stand_in = {"wl_seat", 1, 0, NULL, 0, NULL};
#define wl_seat_interface cwayland_wl_seat_stand_in
#include "protocol/ext-idle-notify-v1-client-protocol.h"
#include "protocol/ext-idle-notify-v1-protocol.c"
#include "protocol/kde-idle-client-protocol.h"
#include "protocol/kde-idle-protocol.c"
#undef wl_seat_interface

/// Every function called, each typed as its header declares it, and the two interfaces taken from the library.
typedef struct cwayland_functions {
    __typeof__(wl_display_connect) *display_connect;
    __typeof__(wl_display_disconnect) *display_disconnect;
    __typeof__(wl_display_get_fd) *display_get_fd;
    __typeof__(wl_display_roundtrip) *display_roundtrip;
    __typeof__(wl_display_prepare_read) *display_prepare_read;
    __typeof__(wl_display_cancel_read) *display_cancel_read;
    __typeof__(wl_display_read_events) *display_read_events;
    __typeof__(wl_display_dispatch_pending) *display_dispatch_pending;
    __typeof__(wl_display_flush) *display_flush;
    __typeof__(wl_display_get_error) *display_get_error;
    __typeof__(wl_display_get_protocol_error) *display_get_protocol_error;
    __typeof__(wl_proxy_marshal_flags) *proxy_marshal_flags;
    __typeof__(wl_proxy_add_listener) *proxy_add_listener;
    __typeof__(wl_proxy_get_version) *proxy_get_version;
    __typeof__(wl_proxy_destroy) *proxy_destroy;
    const struct wl_interface *registry_interface;
    const struct wl_interface *seat_interface;
} cwayland_functions;

struct cwayland_connection {
    void *library;
    cwayland_functions f;
    struct wl_display *display;
    struct wl_proxy *registry;
    cwayland_global_callback global;
    void *global_context;
    struct wl_proxy *seat;
    struct wl_proxy *notifier;
    struct wl_proxy *notification;
    cwayland_idle_protocol protocol;
    cwayland_idle_callback changed;
    void *changed_context;
};

/// Resolves `symbol` into `field`, or fails naming both.
#define RESOLVE(field, symbol)                                                                    \
    do {                                                                                          \
        c->f.field = (__typeof__(c->f.field))dlsym(c->library, symbol);                          \
        if (c->f.field == NULL) {                                                                 \
            snprintf(failure, size, "%s lacks %s", library, symbol);                              \
            return -1;                                                                            \
        }                                                                                         \
    } while (0)

static int load(cwayland_connection *c, const char *library, char *failure, size_t size) {
    // RTLD_LOCAL: the library's symbols stay out of the process's global scope.
    if ((c->library = dlopen(library, RTLD_NOW | RTLD_LOCAL)) == NULL) {
        const char *error = dlerror();
        if (error == NULL || strstr(error, "No such file or directory") != NULL) {
            snprintf(failure, size, "%s is not installed", library);
        } else {
            snprintf(failure, size, "%s cannot be loaded: %s", library, error);
        }
        return -1;
    }
    RESOLVE(display_connect, "wl_display_connect");
    RESOLVE(display_disconnect, "wl_display_disconnect");
    RESOLVE(display_get_fd, "wl_display_get_fd");
    RESOLVE(display_roundtrip, "wl_display_roundtrip");
    RESOLVE(display_prepare_read, "wl_display_prepare_read");
    RESOLVE(display_cancel_read, "wl_display_cancel_read");
    RESOLVE(display_read_events, "wl_display_read_events");
    RESOLVE(display_dispatch_pending, "wl_display_dispatch_pending");
    RESOLVE(display_flush, "wl_display_flush");
    RESOLVE(display_get_error, "wl_display_get_error");
    RESOLVE(display_get_protocol_error, "wl_display_get_protocol_error");
    RESOLVE(proxy_marshal_flags, "wl_proxy_marshal_flags");
    RESOLVE(proxy_add_listener, "wl_proxy_add_listener");
    RESOLVE(proxy_get_version, "wl_proxy_get_version");
    RESOLVE(proxy_destroy, "wl_proxy_destroy");
    RESOLVE(registry_interface, "wl_registry_interface");
    RESOLVE(seat_interface, "wl_seat_interface");
    return 0;
}

/// Why the connection failed: the protocol error with its object's interface, else the system's words.
static void describe_error(cwayland_connection *c, const char *doing, char *failure, size_t size) {
    int error = c->f.display_get_error(c->display);
    if (error == EPROTO) {
        const struct wl_interface *interface = NULL;
        uint32_t id = 0;
        uint32_t code = c->f.display_get_protocol_error(c->display, &interface, &id);
        snprintf(failure, size, "%s: the compositor sent protocol error %u on %s@%u", doing, code,
                 interface != NULL ? interface->name : "an unknown object", id);
    } else if (error == EPIPE || error == ECONNRESET) {
        snprintf(failure, size, "%s: the compositor closed the connection", doing);
    } else {
        snprintf(failure, size, "%s: %s", doing, strerror(error != 0 ? error : errno));
    }
}

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)registry;
    cwayland_connection *c = data;
    if (c->global != NULL) c->global(c->global_context, name, interface, version);
}

static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data, (void)registry, (void)name;
}

static const struct wl_registry_listener registry_listener = {registry_global, registry_global_remove};

static void changed(cwayland_connection *c, int idle) {
    if (c->changed != NULL) c->changed(c->changed_context, idle);
}

static void ext_idled(void *data, struct ext_idle_notification_v1 *notification) {
    (void)notification;
    changed(data, 1);
}

static void ext_resumed(void *data, struct ext_idle_notification_v1 *notification) {
    (void)notification;
    changed(data, 0);
}

static const struct ext_idle_notification_v1_listener ext_listener = {ext_idled, ext_resumed};

static void kde_idle(void *data, struct org_kde_kwin_idle_timeout *timeout) {
    (void)timeout;
    changed(data, 1);
}

static void kde_resumed(void *data, struct org_kde_kwin_idle_timeout *timeout) {
    (void)timeout;
    changed(data, 0);
}

static const struct org_kde_kwin_idle_timeout_listener kde_listener = {kde_idle, kde_resumed};

cwayland_connection *cwayland_connect(
    const char *library, const char *display, cwayland_global_callback global, void *context, char *failure, size_t size
) {
    cwayland_connection *c = calloc(1, sizeof *c);
    if (c == NULL) {
        snprintf(failure, size, "out of memory");
        return NULL;
    }
    const char *name = library != NULL ? library : CWAYLAND_LIBWAYLAND_CLIENT;
    if (load(c, name, failure, size) != 0) goto fail;
    if ((c->display = c->f.display_connect(display)) == NULL) {
        const char *socket = display != NULL ? display : getenv("WAYLAND_DISPLAY");
        snprintf(failure, size, "no Wayland compositor answers at %s: %s", socket != NULL ? socket : "wayland-0", strerror(errno));
        goto fail;
    }
    c->registry = c->f.proxy_marshal_flags(
        (struct wl_proxy *)c->display, WL_DISPLAY_GET_REGISTRY, c->f.registry_interface,
        c->f.proxy_get_version((struct wl_proxy *)c->display), 0, NULL
    );
    if (c->registry == NULL) {
        snprintf(failure, size, "could not ask for the registry");
        goto fail;
    }
    c->f.proxy_add_listener(c->registry, (void (**)(void))&registry_listener, c);
    c->global = global;
    c->global_context = context;
    int listed = c->f.display_roundtrip(c->display);
    // Globals announced later (a seat plugged in) are not followed.
    c->global = NULL;
    c->global_context = NULL;
    if (listed < 0) {
        describe_error(c, "listing the globals", failure, size);
        goto fail;
    }
    return c;
fail:
    cwayland_disconnect(c);
    return NULL;
}

int cwayland_fd(const cwayland_connection *c) {
    return c->f.display_get_fd(c->display);
}

int cwayland_watch_idle(
    cwayland_connection *c, cwayland_idle_protocol protocol, uint32_t notifier, uint32_t version, uint32_t seat,
    uint32_t timeout, cwayland_idle_callback idle, void *context, char *failure, size_t size
) {
    if (c->notification != NULL) {
        snprintf(failure, size, "the connection already watches");
        return -1;
    }
    const struct wl_interface *notifier_interface =
        protocol == CWAYLAND_KDE_IDLE ? &org_kde_kwin_idle_interface : &ext_idle_notifier_v1_interface;
    c->seat = c->f.proxy_marshal_flags(
        c->registry, WL_REGISTRY_BIND, c->f.seat_interface, 1, 0, seat, c->f.seat_interface->name, 1, NULL
    );
    c->notifier = c->f.proxy_marshal_flags(
        c->registry, WL_REGISTRY_BIND, notifier_interface, version, 0, notifier, notifier_interface->name, version, NULL
    );
    if (c->seat == NULL || c->notifier == NULL) {
        snprintf(failure, size, "could not bind the seat and %s", notifier_interface->name);
        return -1;
    }
    c->protocol = protocol;
    switch (protocol) {
    case CWAYLAND_EXT_IDLE_NOTIFY:
    case CWAYLAND_EXT_IDLE_NOTIFY_INPUT:
        c->notification = c->f.proxy_marshal_flags(
            c->notifier,
            protocol == CWAYLAND_EXT_IDLE_NOTIFY_INPUT ? EXT_IDLE_NOTIFIER_V1_GET_INPUT_IDLE_NOTIFICATION
                                                       : EXT_IDLE_NOTIFIER_V1_GET_IDLE_NOTIFICATION,
            &ext_idle_notification_v1_interface, c->f.proxy_get_version(c->notifier), 0, NULL, timeout, c->seat
        );
        if (c->notification != NULL) c->f.proxy_add_listener(c->notification, (void (**)(void))&ext_listener, c);
        break;
    case CWAYLAND_KDE_IDLE:
        c->notification = c->f.proxy_marshal_flags(
            c->notifier, ORG_KDE_KWIN_IDLE_GET_IDLE_TIMEOUT, &org_kde_kwin_idle_timeout_interface,
            c->f.proxy_get_version(c->notifier), 0, NULL, c->seat, timeout
        );
        if (c->notification != NULL) c->f.proxy_add_listener(c->notification, (void (**)(void))&kde_listener, c);
        break;
    }
    if (c->notification == NULL) {
        snprintf(failure, size, "could not ask %s for a notification", notifier_interface->name);
        return -1;
    }
    c->changed = idle;
    c->changed_context = context;
    if (c->f.display_roundtrip(c->display) < 0) {
        describe_error(c, "asking for an idle notification", failure, size);
        return -1;
    }
    return 0;
}

int cwayland_dispatch(cwayland_connection *c, char *failure, size_t size) {
    while (c->f.display_prepare_read(c->display) != 0) {
        if (c->f.display_dispatch_pending(c->display) < 0) goto fail;
    }
    // A full socket (EAGAIN) keeps the requests queued for the next flush; a broken one shows in the read.
    c->f.display_flush(c->display);
    // The library reads without blocking: a wake with nothing to read reads nothing.
    if (c->f.display_read_events(c->display) < 0) goto fail;
    if (c->f.display_dispatch_pending(c->display) < 0) goto fail;
    return 0;
fail:
    describe_error(c, "reading the compositor's events", failure, size);
    return -1;
}

void cwayland_disconnect(cwayland_connection *c) {
    if (c == NULL) return;
    if (c->display != NULL) {
        if (c->notification != NULL) {
            uint32_t opcode = c->protocol == CWAYLAND_KDE_IDLE ? ORG_KDE_KWIN_IDLE_TIMEOUT_RELEASE : EXT_IDLE_NOTIFICATION_V1_DESTROY;
            c->f.proxy_marshal_flags(
                c->notification, opcode, NULL, c->f.proxy_get_version(c->notification), WL_MARSHAL_FLAG_DESTROY
            );
        }
        if (c->notifier != NULL) {
            if (c->protocol == CWAYLAND_KDE_IDLE) {
                c->f.proxy_destroy(c->notifier);
            } else {
                c->f.proxy_marshal_flags(
                    c->notifier, EXT_IDLE_NOTIFIER_V1_DESTROY, NULL, c->f.proxy_get_version(c->notifier), WL_MARSHAL_FLAG_DESTROY
                );
            }
        }
        if (c->seat != NULL) c->f.proxy_destroy(c->seat);
        if (c->registry != NULL) c->f.proxy_destroy(c->registry);
        c->f.display_flush(c->display);
        c->f.display_disconnect(c->display);
    }
    if (c->library != NULL) dlclose(c->library);
    free(c);
}

#endif
