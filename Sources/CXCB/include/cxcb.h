// libxcb and its SYNC and MIT-SCREEN-SAVER extensions, loaded at run time: the agent's X11 sensors call
// the library through this table, so the lockout binary links no X library and `lockout serve` runs on a
// machine without one. The headers are needed to build (libxcb1-dev, libxcb-sync-dev,
// libxcb-screensaver0-dev); the libraries only where a sensor connects to a display.
#ifndef CXCB_H
#define CXCB_H
// Linux only, as the agent that uses it: elsewhere (a package build on a Mac) the target is empty.
#if defined(__linux__)

#include <stddef.h>
#include <xcb/xcb.h>
#include <xcb/xcbext.h>
#include <xcb/screensaver.h>
#include <xcb/sync.h>

#pragma clang assume_nonnull begin

/// The libraries' names as the dynamic loader finds them (their Debian packages: libxcb1, libxcb-sync1,
/// libxcb-screensaver0).
#define CXCB_LIBXCB "libxcb.so.1"
#define CXCB_LIBXCB_SYNC "libxcb-sync.so.1"
#define CXCB_LIBXCB_SCREENSAVER "libxcb-screensaver.so.0"

/// Every function the sensors call, each typed as its header declares it, and the two extensions' ids.
typedef struct cxcb_functions {
    // libxcb: the connection.
    __typeof__(xcb_connect_to_display_with_auth_info) *connect_to_display_with_auth_info;
    __typeof__(xcb_disconnect) *disconnect;
    __typeof__(xcb_connection_has_error) *connection_has_error;
    __typeof__(xcb_get_file_descriptor) *get_file_descriptor;
    __typeof__(xcb_get_setup) *get_setup;
    __typeof__(xcb_setup_roots_iterator) *setup_roots_iterator;
    __typeof__(xcb_generate_id) *generate_id;
    __typeof__(xcb_flush) *flush;
    __typeof__(xcb_poll_for_event) *poll_for_event;
    __typeof__(xcb_poll_for_reply) *poll_for_reply;
    __typeof__(xcb_prefetch_extension_data) *prefetch_extension_data;
    __typeof__(xcb_get_extension_data) *get_extension_data;
    // libxcb: the core requests.
    __typeof__(xcb_intern_atom) *intern_atom;
    __typeof__(xcb_get_property) *get_property;
    __typeof__(xcb_get_property_value) *get_property_value;
    __typeof__(xcb_change_window_attributes_checked) *change_window_attributes_checked;
    __typeof__(xcb_get_input_focus) *get_input_focus;
    // libxcb-sync.
    xcb_extension_t *sync_id;
    __typeof__(xcb_sync_initialize) *sync_initialize;
    // Its reply is read without libxcb's iterator, which reads each counter's name two bytes late.
    __typeof__(xcb_sync_list_system_counters) *sync_list_system_counters;
    __typeof__(xcb_sync_create_alarm_aux_checked) *sync_create_alarm_aux_checked;
    __typeof__(xcb_sync_change_alarm_aux) *sync_change_alarm_aux;
    __typeof__(xcb_sync_destroy_alarm) *sync_destroy_alarm;
    // libxcb-screensaver.
    xcb_extension_t *screensaver_id;
    __typeof__(xcb_screensaver_query_info) *screensaver_query_info;
} cxcb_functions;

/// Opens the three libraries under the names given and resolves every function into `table`. Returns 0;
/// or -1 with `failure` (NUL-terminated, cut to `size`) naming the library that is not installed or the
/// function it lacks, every library opened by the call closed again.
int cxcb_load(const char *xcb, const char *sync, const char *screensaver, cxcb_functions *table, char *failure, size_t size);

/// The table from the libraries' usual names, loaded by the first call of any thread and kept for the
/// process; NULL when they could not be loaded, with `*failure` saying why (the same text at every call).
const cxcb_functions *_Nullable cxcb_shared(const char *_Nullable *_Nonnull failure);

#pragma clang assume_nonnull end

#endif
#endif
