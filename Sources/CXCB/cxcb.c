#include "cxcb.h"

#if defined(__linux__)

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/// Why `name` did not open: "not installed" when the loader found no such file, else the loader's words.
static void describe_open_failure(const char *name, char *failure, size_t size) {
    const char *error = dlerror();
    if (error == NULL || strstr(error, "No such file or directory") != NULL) {
        snprintf(failure, size, "%s is not installed", name);
    } else {
        snprintf(failure, size, "%s cannot be loaded: %s", name, error);
    }
}

/// Resolves `symbol` of `library` into `field`, or fails the load naming both.
#define RESOLVE(handle, library, field, symbol)                                                  \
    do {                                                                                         \
        table->field = (__typeof__(table->field))dlsym(handle, symbol);                          \
        if (table->field == NULL) {                                                              \
            snprintf(failure, size, "%s lacks the function %s", library, symbol);                \
            goto fail;                                                                           \
        }                                                                                        \
    } while (0)

int cxcb_load(const char *xcb, const char *sync, const char *screensaver, cxcb_functions *table, char *failure, size_t size) {
    void *core = NULL, *syncing = NULL, *saver = NULL;
    // RTLD_LOCAL: the symbols stay out of the process's global scope; the extension libraries find libxcb's
    // through their own dependency on it.
    if ((core = dlopen(xcb, RTLD_NOW | RTLD_LOCAL)) == NULL) {
        describe_open_failure(xcb, failure, size);
        goto fail;
    }
    if ((syncing = dlopen(sync, RTLD_NOW | RTLD_LOCAL)) == NULL) {
        describe_open_failure(sync, failure, size);
        goto fail;
    }
    if ((saver = dlopen(screensaver, RTLD_NOW | RTLD_LOCAL)) == NULL) {
        describe_open_failure(screensaver, failure, size);
        goto fail;
    }
    RESOLVE(core, xcb, connect_to_display_with_auth_info, "xcb_connect_to_display_with_auth_info");
    RESOLVE(core, xcb, disconnect, "xcb_disconnect");
    RESOLVE(core, xcb, connection_has_error, "xcb_connection_has_error");
    RESOLVE(core, xcb, get_file_descriptor, "xcb_get_file_descriptor");
    RESOLVE(core, xcb, get_setup, "xcb_get_setup");
    RESOLVE(core, xcb, setup_roots_iterator, "xcb_setup_roots_iterator");
    RESOLVE(core, xcb, generate_id, "xcb_generate_id");
    RESOLVE(core, xcb, flush, "xcb_flush");
    RESOLVE(core, xcb, poll_for_event, "xcb_poll_for_event");
    RESOLVE(core, xcb, poll_for_reply, "xcb_poll_for_reply");
    RESOLVE(core, xcb, prefetch_extension_data, "xcb_prefetch_extension_data");
    RESOLVE(core, xcb, get_extension_data, "xcb_get_extension_data");
    RESOLVE(core, xcb, intern_atom, "xcb_intern_atom");
    RESOLVE(core, xcb, get_property, "xcb_get_property");
    RESOLVE(core, xcb, get_property_value, "xcb_get_property_value");
    RESOLVE(core, xcb, change_window_attributes_checked, "xcb_change_window_attributes_checked");
    RESOLVE(core, xcb, get_input_focus, "xcb_get_input_focus");
    RESOLVE(syncing, sync, sync_id, "xcb_sync_id");
    RESOLVE(syncing, sync, sync_initialize, "xcb_sync_initialize");
    RESOLVE(syncing, sync, sync_list_system_counters, "xcb_sync_list_system_counters");
    RESOLVE(syncing, sync, sync_create_alarm_aux_checked, "xcb_sync_create_alarm_aux_checked");
    RESOLVE(syncing, sync, sync_change_alarm_aux, "xcb_sync_change_alarm_aux");
    RESOLVE(syncing, sync, sync_destroy_alarm, "xcb_sync_destroy_alarm");
    RESOLVE(saver, screensaver, screensaver_id, "xcb_screensaver_id");
    RESOLVE(saver, screensaver, screensaver_query_info, "xcb_screensaver_query_info");
    return 0;
fail:
    if (saver != NULL) dlclose(saver);
    if (syncing != NULL) dlclose(syncing);
    if (core != NULL) dlclose(core);
    return -1;
}

static pthread_once_t shared_once = PTHREAD_ONCE_INIT;
static cxcb_functions shared_table;
static int shared_loaded;
static char shared_failure[512];

static void load_shared(void) {
    shared_loaded = cxcb_load(CXCB_LIBXCB, CXCB_LIBXCB_SYNC, CXCB_LIBXCB_SCREENSAVER, &shared_table, shared_failure, sizeof shared_failure) == 0;
}

const cxcb_functions *cxcb_shared(const char **failure) {
    pthread_once(&shared_once, load_shared);
    if (!shared_loaded) {
        *failure = shared_failure;
        return NULL;
    }
    return &shared_table;
}
#endif
