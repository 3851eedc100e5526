// The part of libsystemd LockOut uses: sd-bus, the D-Bus client library (a session-bus connection
// for desktop notifications; later logind, the idle monitor, the screen saver and the tray).
#include <systemd/sd-bus.h>
