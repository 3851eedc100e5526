# Sourced by scripts/test.sh and scripts/e2e/with-desktop.sh: which programs the tests need, and the
# Debian package of each.
#
#   missing_packages TOOL:PACKAGE ...   prints the packages of the tools not on PATH, one per line, once each

# What every run needs: the health tests build zip archives, the end-to-end scripts read JSON with python3.
LOCKOUT_TEST_TOOLS="zip:zip unzip:unzip python3:python3"
# What the desktop tests need: a virtual display, a private session bus and a notification daemon.
LOCKOUT_DESKTOP_TOOLS="Xvfb:xvfb dbus-run-session:dbus-daemon dbus-daemon:dbus-daemon dunst:dunst dunstctl:dunst gdbus:libglib2.0-bin"

missing_packages() {
    for pair in "$@"; do
        command -v "${pair%%:*}" >/dev/null 2>&1 || echo "${pair#*:}"
    done | awk '!seen[$0]++'
}
