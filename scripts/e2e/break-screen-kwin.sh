#!/usr/bin/env bash
# End to end: the native break screen on KDE's compositor. Inside scripts/e2e/with-desktop.sh (for its session bus,
# which KWin's screenshot interface is on), KWin's virtual backend with two outputs (`--output-count 2`), drawn by
# Mesa's software OpenGL, and no X display: KWin, not sway, because it is the layer-shell desktop most people run
# that is not wlroots — its own layer-shell, its own output handling, its own screenshots. KWin runs as a plain copy
# of kwin_wayland (Debian installs it with file capabilities, which a container may refuse at exec) named
# kwin_wayland, as its Qt platform plugin requires. With the break screen set to `native`, the real agent at 120×
# starts lockout-break-screen when a break falls due; KWin's own screenshot of each output (org.kde.KWin.ScreenShot2
# through scripts/e2e/kwin-screenshot.py, KWin started with KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1) shows the break
# screen on it, and the break answered through the CLI closes it within a second.
set -euo pipefail
cd "$(dirname "$0")/../.."

data=$(mktemp -d "${TMPDIR:-/tmp}/lockout-native-kwin.XXXXXX")
shown=/dev/null
export LOCKOUT_CLOCK_SCALE=120
# shellcheck source=lib.sh
. scripts/e2e/lib.sh
# shellcheck source=prerequisites.sh
. scripts/e2e/prerequisites.sh
runtime=$(mktemp -d /tmp/lockout-kwin.XXXXXX)
kwin_pid=""
e2e_extra_logs() { echo "--- kwin log"; cat "$runtime/kwin.log" || true; }
cleanup() {
    for pid in "$agent_pid" "$kwin_pid"; do
        if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
    done
    if [ -n "$kwin_pid" ]; then wait "$kwin_pid" 2>/dev/null || true; fi
    for pid in $(pgrep -f -- "--user-data-dir=$data/break-window" || true); do kill "$pid" 2>/dev/null || true; done
    rm -rf "$data" "$runtime"
}
trap cleanup EXIT
[ -x "$(dirname "$bin")/lockout-break-screen" ] || fail "no lockout-break-screen beside $bin: build it (swift build --product lockout-break-screen)"
[ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] || fail "no session bus: run it inside scripts/e2e/with-desktop.sh"
dbus_python=$(python3_with dbus)
[ -n "$dbus_python" ] || fail "no python3 imports dbus: install python3-dbus"
kwin_installed=$(command -v kwin_wayland) || fail "no kwin_wayland: install kwin-wayland"

mkdir -p "$runtime/bin" "$runtime/home"
cp "$kwin_installed" "$runtime/bin/kwin_wayland"
: >"$runtime/kwin.log"
env -i PATH="$PATH" HOME="$runtime/home" XDG_RUNTIME_DIR="$runtime" DBUS_SESSION_BUS_ADDRESS="$DBUS_SESSION_BUS_ADDRESS" \
    KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1 "$runtime/bin/kwin_wayland" --virtual --output-count 2 --width 1024 --height 768 \
    --no-lockscreen --no-global-shortcuts --no-kactivities --socket wayland-kwin >>"$runtime/kwin.log" 2>&1 &
kwin_pid=$!
kwin_screenshots() {
    kill -0 "$kwin_pid" || fail "kwin_wayland ended as it started"
    gdbus introspect --session --dest org.kde.KWin --object-path /org/kde/KWin/ScreenShot2 | grep -q CaptureScreen
}
wait_until "KWin's screenshot interface on the session bus" kwin_screenshots
[ -S "$runtime/wayland-kwin" ] || fail "KWin made no Wayland socket"
# A Wayland session's XDG_RUNTIME_DIR, without which GTK opens no Wayland display.
export WAYLAND_DISPLAY=wayland-kwin XDG_SESSION_TYPE=wayland XDG_CURRENT_DESKTOP=KDE XDG_RUNTIME_DIR="$runtime"
unset DISPLAY
# Each output: its name and its place in the layout (WIDTHxHEIGHT+X+Y).
mapfile -t outputs < <("$dbus_python" scripts/e2e/kwin-screenshot.py outputs)
[ "${#outputs[@]}" = 2 ] || fail "KWin has ${#outputs[@]} outputs, not 2: ${outputs[*]}"

screen_running() { pgrep -f -- "lockout-break-screen --data-dir $data" >/dev/null; }
state_is() { [ "$(lockout status --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["state"])')" = "$1" ]; }
first_frame_on_both() { grep -q "first frame on every monitor (2)" "$data/agent.log"; }

echo "e2e: the break screen set to native, on KWin with outputs ${outputs[*]}"
lockout settings set break-screen native >/dev/null
start_agent
wait_until "an eye break to fall due" state_is breakPending
wait_until "the break screen to start" screen_running
wait_until "its first frame on both outputs" first_frame_on_both
grep "first frame on every monitor" "$data/agent.log" | tail -n 1
grep -q "the compositor offers no layer-shell" "$data/agent.log" && fail "the break screen found no layer-shell on KWin"
for output in "${outputs[@]}"; do
    name=${output%% *}
    "$dbus_python" scripts/e2e/kwin-screenshot.py screen "$name" "$data/$name.ppm" || fail "KWin took no screenshot of $name"
done
echo "e2e: the break answered through the CLI closes the break screen within a second"
lockout break "done" >/dev/null
for _ in $(seq 10); do screen_running || break; sleep 0.1; done
screen_running && fail "the break screen stayed over a second after the break was answered"
# Each shot is of one output alone: the whole image is that output.
for output in "${outputs[@]}"; do
    name=${output%% *}
    size=${output#* }
    echo "e2e: KWin's screenshot of $name"
    python3 scripts/e2e/break-screen-pixels.py "$data/$name.ppm" "${size%%+*}+0+0" \
        ${LOCKOUT_E2E_SHOTS:+--png "$LOCKOUT_E2E_SHOTS/break-screen-kwin-$name.png"} ||
        fail "KWin's screenshot of $name does not show the break screen"
done
echo "e2e: break screen on KWin passed"
