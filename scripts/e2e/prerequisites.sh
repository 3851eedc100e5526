# Sourced by .ci/run, scripts/test.sh and scripts/e2e/with-desktop.sh: what building, testing and
# packaging LockOut needs, and the Debian package of each.
#
#   missing_packages TOOL:PACKAGE ...     the packages of the tools not on PATH, one per line, once each
#   missing_libraries MODULE:PACKAGE ...  the packages of the pkg-config modules not found, likewise
#   missing_python_modules MODULE:PACKAGE ...  the packages of the Python modules python3 cannot import, likewise
#   lockout_packages                      every package below, for apt-get install

# What the build links: SQLite and libsystemd's sd-bus; and the headers of libxcb with its SYNC and
# MIT-SCREEN-SAVER extensions, which the X11 sensors open at run time (the -dev packages bring the
# libraries the X11 tests load); and libwayland-client's headers, for the Wayland idle source, which opens the
# library at run time too (Sources/CWayland/protocol/generate.sh, which writes the idle protocols' committed code,
# needs libwayland-bin, wayland-protocols and plasma-wayland-protocols besides); and GTK 3 with gtk-layer-shell, which
# only the native break screen (lockout-break-screen) links. All found through pkg-config.
LOCKOUT_BUILD_LIBRARIES="sqlite3:libsqlite3-dev libsystemd:libsystemd-dev xcb:libxcb1-dev xcb-sync:libxcb-sync-dev xcb-screensaver:libxcb-screensaver0-dev wayland-client:libwayland-dev gtk+-3.0:libgtk-3-dev gtk-layer-shell-0:libgtk-layer-shell-dev"
# What every test run needs: the health tests build zip archives, one CLI test edits a database with
# the sqlite3 shell, the end-to-end scripts read JSON with python3, ask the family server with curl and
# scan the pairing QR code drawn in the terminal with zbarimg.
LOCKOUT_TEST_TOOLS="pkg-config:pkg-config zip:zip unzip:unzip sqlite3:sqlite3 python3:python3 curl:curl zbarimg:zbar-tools chromium:chromium"
# What .ci/run needs to build and check the Debian package (scripts/package-deb.sh, scripts/e2e/deb.sh):
# dpkg-shlibdeps works out its Depends, strip empties the binary's symbol table, man finds the page.
LOCKOUT_PACKAGE_TOOLS="dpkg-shlibdeps:dpkg-dev strip:binutils man:man-db"
# What the family server's tests need besides: PostgreSQL's server programs (the storage contract runs
# on a private cluster too), found where Debian puts them, not on PATH.
LOCKOUT_POSTGRES_PACKAGE="postgresql"
# From PyPI: schemathesis checks the running server against its OpenAPI document.
LOCKOUT_PIP_TOOLS="st:schemathesis"
# The web app's browser test: Playwright and axe from PyPI drive Debian's Chromium (no browser download).
LOCKOUT_PIP_MODULES="playwright:playwright axe_playwright_python:axe-playwright-python"
# What the desktop tests need: a virtual display, a private session bus and a notification daemon; and a
# headless sway (run as nobody under root, which sway refuses) with foot for its windows; xwd and grim for the
# screenshots the native break screen's runs check by their pixels (X11 and sway); and KWin, whose virtual backend
# runs headless, for presence through ext-idle-notify-v1 on a real compositor and for the native break screen on KDE's
# compositor; and waybar, a real tray for the tray icon's run on sway.
LOCKOUT_DESKTOP_TOOLS="Xvfb:xvfb dbus-run-session:dbus-daemon dbus-daemon:dbus-daemon dunst:dunst dunstctl:dunst gdbus:libglib2.0-bin xwininfo:x11-utils openbox:openbox xdotool:xdotool xterm:xterm wmctrl:wmctrl sway:sway swaymsg:sway foot:foot xwd:x11-apps grim:grim kwin_wayland:kwin-wayland waybar:waybar"
# The Python modules the desktop runs import, MODULE:PACKAGE: D-Bus for Python, whose client passes KWin's
# screenshot interface the pipe it writes the image into (a unix fd, which gdbus and dbus-send cannot pass).
LOCKOUT_DESKTOP_PYTHON_MODULES="dbus:python3-dbus"
# dunst needs some session-bus package; naming this one keeps apt from choosing one that brings systemd.
LOCKOUT_SESSION_BUS_PACKAGE="dbus-x11"

# The flags every build of the tests takes, in scripts/test.sh and scripts/check-apps.sh alike (so that one never
# rebuilds what the other built): warnings are errors, and with LOCKOUT_DEBUG_INFO=none — which .ci/run sets — no
# debug information, which a run from a fresh clone would compile and link for nothing (a quarter of the build's
# time). A developer's runs keep it, so that `swift build` and a test run share one build.
#
#   lockout_debug_info_flags              the debug-information flag, for Tools/AppCheck's builds too
#   lockout_build_flags                   the flags of the package's test builds
lockout_debug_info_flags() {
    case "${LOCKOUT_DEBUG_INFO:-dwarf}" in
        dwarf) ;;
        none) echo "-debug-info-format none" ;;
        *) echo "prerequisites.sh: LOCKOUT_DEBUG_INFO is '$LOCKOUT_DEBUG_INFO': use none, or leave it unset" >&2; return 64 ;;
    esac
}

lockout_build_flags() {
    echo "-Xswiftc -warnings-as-errors $(lockout_debug_info_flags)"
}

missing_packages() {
    for pair in "$@"; do
        command -v "${pair%%:*}" >/dev/null 2>&1 || echo "${pair#*:}"
    done | awk '!seen[$0]++'
}

missing_libraries() {
    for pair in "$@"; do
        pkg-config --exists "${pair%%:*}" 2>/dev/null || echo "${pair#*:}"
    done | awk '!seen[$0]++'
}

# A Debian package's module is one of Debian's python3, which another python3 first on PATH (a pyenv's) may not see:
# either one importing it will do, and python3_with MODULE names it.
python3_with() {
    for python in python3 /usr/bin/python3; do
        if "$python" -c "import $1" >/dev/null 2>&1; then echo "$python"; return; fi
    done
}

missing_python_modules() {
    for pair in "$@"; do
        [ -n "$(python3_with "${pair%%:*}")" ] || echo "${pair#*:}"
    done | awk '!seen[$0]++'
}

# The directory of PostgreSQL's server programs (initdb, pg_ctl), newest version first; empty when none.
postgres_bin() {
    for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k4 -rn); do
        if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; return; fi
    done
}

missing_postgres() {
    [ -n "$(postgres_bin)" ] || echo "$LOCKOUT_POSTGRES_PACKAGE"
}

lockout_packages() {
    # shellcheck disable=SC2086
    for pair in $LOCKOUT_BUILD_LIBRARIES $LOCKOUT_TEST_TOOLS $LOCKOUT_DESKTOP_TOOLS $LOCKOUT_DESKTOP_PYTHON_MODULES $LOCKOUT_PACKAGE_TOOLS; do
        echo "${pair#*:}"
    done | awk '!seen[$0]++'
    echo "$LOCKOUT_SESSION_BUS_PACKAGE"
    echo "$LOCKOUT_POSTGRES_PACKAGE"
}

# The PyPI packages of the tools not on PATH and of the Python modules python3 cannot import, one per line.
missing_pip_tools() {
    {
        # shellcheck disable=SC2086
        missing_packages $LOCKOUT_PIP_TOOLS
        for pair in $LOCKOUT_PIP_MODULES; do
            python3 -c "import ${pair%%:*}" >/dev/null 2>&1 || echo "${pair#*:}"
        done
    } | awk '!seen[$0]++'
}
