#!/usr/bin/env bash
# End to end: the native break screen on Wayland, on every output. Inside scripts/e2e/with-desktop.sh (for its
# session bus and dunst), a headless sway with two outputs (wlroots' headless backend drawn by pixman; run as nobody
# under root, which sway refuses) and no X display; with the break screen set to `native`, the real agent at 120×
# starts lockout-break-screen when a break falls due: grim's screenshot shows the break screen on both outputs (an
# overlay layer surface on each), and the break answered through the CLI closes it within a second. Then, during a
# long break, a third output made with `swaymsg create_output` gets a window of the same screen, as grim's screenshot
# of it shows. Not its unplugging: sway 1.7 has no `output NAME unplug`, and wlroots 0.15's headless backend refuses
# `output NAME disable` (its commit does not take the enabled state), so no headless output can leave.
set -euo pipefail
cd "$(dirname "$0")/../.."

data=$(mktemp -d "${TMPDIR:-/tmp}/lockout-native-sway.XXXXXX")
shown=/dev/null
export LOCKOUT_CLOCK_SCALE=120
# shellcheck source=lib.sh
. scripts/e2e/lib.sh
runtime=$(mktemp -d /tmp/lockout-sway.XXXXXX)
sway_pid=""
e2e_extra_logs() { echo "--- sway log"; cat "$runtime/sway.log" || true; }
cleanup() {
    for pid in "$agent_pid" "$sway_pid"; do
        if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
    done
    if [ -n "$sway_pid" ]; then wait "$sway_pid" 2>/dev/null || true; fi
    for pid in $(pgrep -f -- "--user-data-dir=$data/break-window" || true); do kill "$pid" 2>/dev/null || true; done
    rm -rf "$data" "$runtime"
}
trap cleanup EXIT
[ -x "$(dirname "$bin")/lockout-break-screen" ] || fail "no lockout-break-screen beside $bin: build it (swift build --product lockout-break-screen)"

start_headless_sway 2
# A Wayland session's XDG_RUNTIME_DIR, without which GTK opens no Wayland display.
export WAYLAND_DISPLAY SWAYSOCK XDG_SESSION_TYPE=wayland XDG_CURRENT_DESKTOP=sway XDG_RUNTIME_DIR="$runtime"
WAYLAND_DISPLAY=$(wayland_socket)
SWAYSOCK=$(ipc_socket)
unset DISPLAY
# Each output's place in the layout, as the pixel checker takes it: WIDTHxHEIGHT+X+Y.
mapfile -t outputs < <(swaymsg -s "$SWAYSOCK" -t get_outputs -r | python3 -c '
import json, sys
for o in json.load(sys.stdin):
    r = o["rect"]
    print("%dx%d+%d+%d" % (r["width"], r["height"], r["x"], r["y"]))')
[ "${#outputs[@]}" = 2 ] || fail "sway has ${#outputs[@]} outputs, not 2"

screen_running() { pgrep -f -- "lockout-break-screen --data-dir $data" >/dev/null; }
state_is() { [ "$(lockout status --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["state"])')" = "$1" ]; }
first_frame_on_both() { grep -q "first frame on every monitor (2)" "$data/agent.log"; }

echo "e2e: the break screen set to native, on sway with outputs ${outputs[*]}"
lockout settings set break-screen native >/dev/null
# A micro break falls due 5 s after the first eye break: it would hold back the long break below.
lockout schedule set micro --enabled false >/dev/null
start_agent
wait_until "an eye break to fall due" state_is breakPending
wait_until "the break screen to start" screen_running
wait_until "its first frame on both outputs" first_frame_on_both
grep "first frame on every monitor" "$data/agent.log" | tail -n 1
shot="$data/shot.ppm"
grim -t ppm "$shot"
echo "e2e: the break answered through the CLI closes the break screen within a second"
lockout break done >/dev/null
for _ in $(seq 10); do screen_running || break; sleep 0.1; done
screen_running && fail "the break screen stayed over a second after the break was answered"

# A long break of 60 min lasts 30 s at 120×: time for an output to come while it shows. Started at once: the next
# eye break falls due 10 s after the last one was answered.
echo "e2e: an output added during a break gets its window"
# The agent's log from a line on, so that a line of an earlier break screen cannot answer for this one.
log_since() { tail -n "+$1" "$data/agent.log" | grep -q -F -- "$2"; }
log_lines() { echo $(($(wc -l <"$data/agent.log") + 1)); }
lockout schedule set long --for 60m >/dev/null
mark=$(log_lines)
lockout break now --kind long >/dev/null
wait_until "the long break's screen on both outputs" log_since "$mark" "first frame on every monitor (2)"
# wlroots names headless outputs in turn; the third is made 1280x720 like the others (not 1920x1080), which
# halves the pixels to check.
added=HEADLESS-3
swaymsg -s "$SWAYSOCK" output "$added" mode 1280x720 >/dev/null
# The same program must take the output in: a break screen started after it would see three outputs from the start.
screen_pid() { pgrep -f -- "lockout-break-screen --data-dir $data" | head -n 1; }
before=$(screen_pid)
mark=$(log_lines)
swaymsg -s "$SWAYSOCK" create_output >/dev/null
size=$(swaymsg -s "$SWAYSOCK" -t get_outputs -r | python3 -c '
import json, sys
for o in json.load(sys.stdin):
    if o["name"] == sys.argv[1]:
        print("%dx%d" % (o["rect"]["width"], o["rect"]["height"]))' "$added")
[ -n "$size" ] || fail "sway did not add the output $added"
wait_until "the break screen to show on 3 monitors" log_since "$mark" "showing the break on 3 monitors"
tail -n "+$mark" "$data/agent.log" | grep "showing the break on 3 monitors"
[ "$(screen_pid)" = "$before" ] || fail "a new break screen (pid $(screen_pid), not $before) showed the break on the added output"
# The window is asked for at once and drawn a moment later: screenshots until one shows it. grim -o takes the one
# output, so the whole image is that output.
added_shot="$data/added.ppm"
added_shows_break() {
    grim -o "$added" -t ppm "$added_shot" &&
        python3 scripts/e2e/break-screen-pixels.py "$added_shot" "$size+0+0" >"$data/added-pixels.txt"
}
e2e_extra_logs() { echo "--- sway log"; cat "$runtime/sway.log" || true; echo "--- $added's last screenshot"; cat "$data/added-pixels.txt" || true; }
wait_until "grim's screenshot of $added to show the break screen" added_shows_break
echo "e2e: grim's screenshot of the added output, $added:"
cat "$data/added-pixels.txt"
[ -z "${LOCKOUT_E2E_SHOTS:-}" ] ||
    python3 scripts/e2e/break-screen-pixels.py "$added_shot" "$size+0+0" --png "$LOCKOUT_E2E_SHOTS/break-screen-sway-added.png" >/dev/null
state_is breakActive || fail "the long break ended while its screen was checked"
lockout break "done" >/dev/null
screen_gone() { ! screen_running; }
wait_until "the long break's screen to end" screen_gone

echo "e2e: grim's screenshot of the eye break, on both first outputs:"
python3 scripts/e2e/break-screen-pixels.py "$shot" "${outputs[@]}" ${LOCKOUT_E2E_SHOTS:+--png "$LOCKOUT_E2E_SHOTS/break-screen-sway.png"} ||
    fail "the screenshot does not show the break screen on both outputs"
echo "e2e: break screen on sway passed"
