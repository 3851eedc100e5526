#!/bin/sh
# Runs CMD on a headless desktop: a virtual X display (Xvfb), a private D-Bus session bus and the dunst
# notification daemon configured by scripts/e2e/dunstrc. Exits with CMD's status and stops everything after.
#
#   scripts/e2e/with-desktop.sh swift test
#
# CMD sees DISPLAY, DBUS_SESSION_BUS_ADDRESS and LOCKOUT_E2E_CHOICE_FILE (the file choose-action.sh reads the
# action to pick from; a fresh one per run unless already set). Needs the packages prerequisites.sh names.
set -eu

if [ $# -eq 0 ]; then
    echo "usage: $0 CMD [ARG...]" >&2
    exit 64
fi
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=prerequisites.sh
. "$here/prerequisites.sh"
# shellcheck disable=SC2086
missing=$( (missing_packages $LOCKOUT_DESKTOP_TOOLS; missing_python_modules $LOCKOUT_DESKTOP_PYTHON_MODULES) | awk '!seen[$0]++')
if [ -n "$missing" ]; then
    echo "$0: the headless desktop needs these Debian packages: $(echo $missing)" >&2
    exit 69
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/lockout-desktop.XXXXXX")
xvfb_pid=""
cleanup() {
    if [ -n "$xvfb_pid" ]; then
        kill "$xvfb_pid" 2>/dev/null || true
        wait "$xvfb_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Xvfb picks a free display itself and writes its number to fd 3 once it accepts connections.
Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp 3>"$work/display" >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
# Up to 30 s: a fresh machine finishing a build can take seconds to start it.
tries=0
until [ -s "$work/display" ]; do
    tries=$((tries + 1))
    if [ "$tries" -gt 300 ] || ! kill -0 "$xvfb_pid" 2>/dev/null; then
        if kill -0 "$xvfb_pid" 2>/dev/null; then
            echo "$0: Xvfb did not start within 30 s" >&2
        else
            echo "$0: Xvfb did not start: it exited" >&2
        fi
        cat "$work/xvfb.log" >&2
        exit 70
    fi
    sleep 0.1
done
DISPLAY=":$(head -n 1 "$work/display")"
LOCKOUT_E2E_CHOICE_FILE=${LOCKOUT_E2E_CHOICE_FILE:-$work/choice}
export DISPLAY LOCKOUT_E2E_CHOICE_FILE

# Inside the session: start dunst, wait until it owns the Notifications name (asking the bus, not the
# service, so D-Bus activation can't start a second, unconfigured dunst), run CMD, stop dunst.
status=0
dbus-run-session -- sh -c '
    here=$1 work=$2
    shift 2
    PATH="$here:$PATH" dunst -config "$here/dunstrc" >"$work/dunst.log" 2>&1 &
    dunst_pid=$!
    tries=0
    until gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
            --method org.freedesktop.DBus.NameHasOwner org.freedesktop.Notifications 2>/dev/null | grep -q true; do
        tries=$((tries + 1))
        if [ "$tries" -gt 50 ] || ! kill -0 "$dunst_pid" 2>/dev/null; then
            echo "with-desktop.sh: dunst did not start" >&2
            cat "$work/dunst.log" >&2
            kill "$dunst_pid" 2>/dev/null
            exit 70
        fi
        sleep 0.1
    done
    status=0
    "$@" || status=$?
    kill "$dunst_pid" 2>/dev/null
    wait "$dunst_pid" 2>/dev/null
    exit "$status"
' sh "$here" "$work" "$@" || status=$?
exit "$status"
