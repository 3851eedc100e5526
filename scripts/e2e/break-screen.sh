#!/usr/bin/env bash
# End to end: the native break screen on X11. Inside scripts/e2e/with-desktop.sh (Xvfb, one head) under openbox,
# with the break screen set to `native`, the real agent at 120× speed starts lockout-break-screen when a break
# falls due: a screenshot shows the break screen on the monitor, Enter answers it as Done in the agent, a break
# snoozed from the CLI closes it within a second, and a screen killed mid-break leaves the break to the browser.
# Strict, the screen grabs the keyboard and pointer, refuses Enter until the countdown ends, and Escape held skips.
set -euo pipefail
cd "$(dirname "$0")/../.."

data=$(mktemp -d "${TMPDIR:-/tmp}/lockout-native.XXXXXX")
shown=/dev/null
export LOCKOUT_CLOCK_SCALE=120
# shellcheck source=lib.sh
. scripts/e2e/lib.sh
wm_pid=""
cleanup() {
    if [ -n "$agent_pid" ]; then kill "$agent_pid" 2>/dev/null || true; fi
    if [ -n "$wm_pid" ]; then kill "$wm_pid" 2>/dev/null || true; fi
    for pid in $(pgrep -f -- "--user-data-dir=$data/break-window" || true); do kill "$pid" 2>/dev/null || true; done
    rm -rf "$data"
}
trap cleanup EXIT
[ -x "$(dirname "$bin")/lockout-break-screen" ] || fail "no lockout-break-screen beside $bin: build it (swift build --product lockout-break-screen)"

browser_open() { pgrep -f -- "--user-data-dir=$data/break-window" >/dev/null; }
browser_closed() { ! browser_open; }
screen_pid() { pgrep -f -- "lockout-break-screen --data-dir $data" | head -n 1; }
screen_running() { [ -n "$(screen_pid)" ]; }
screen_gone() { ! screen_running; }
state() { lockout status --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["state"])'; }
state_is() { [ "$(state)" = "$1" ]; }
completed() { lockout stats --json | python3 -c "import json,sys; print(json.load(sys.stdin)['days'][-1].get('completed', 0))"; }
completed_is() { [ "$(completed)" = "$1" ]; }
first_frames() { grep -c "first frame on every monitor" "$data/agent.log" || true; }
first_frames_are() { [ "$(first_frames)" = "$1" ]; }
monitor=$(xwininfo -root | awk '/Width:/ {w=$2} /Height:/ {h=$2} END {print w "x" h "+0+0"}')

openbox >/dev/null 2>&1 &
wm_pid=$!
echo "e2e: the break screen set to native"
lockout settings set break-screen native | grep -q "every monitor (lockout-break-screen)" || fail "the setting did not find lockout-break-screen"
start_agent
wait_until "an eye break to fall due" state_is breakPending
wait_until "the break screen to start" screen_running
wait_until "its first frame on every monitor" first_frames_are 1
grep "first frame on every monitor" "$data/agent.log" | tail -n 1
window=$(xdotool search --name " — LockOut$" | head -n 1)
[ -n "$window" ] || fail "no window titled with the break"
shot="$data/shot.xwd"
xwd -root -silent >"$shot"

# Enter first, the pixels after: at 120× a due break expires 10 s after it falls due, sooner than a loaded
# machine may read a screenshot's pixels.
echo "e2e: Enter on the break screen answers the break as Done in the agent"
xdotool windowactivate --sync "$window" key Return
wait_until "the break to be answered" completed_is 1
wait_until "the break screen to close" screen_gone
state_is breakPending && fail "the break is still due after Done"
python3 scripts/e2e/break-screen-pixels.py "$shot" "$monitor" ${LOCKOUT_E2E_SHOTS:+--png "$LOCKOUT_E2E_SHOTS/break-screen-x11.png"} ||
    fail "the screenshot does not show the break screen"

echo "e2e: a break answered elsewhere closes the break screen within a second"
wait_until "the next break" state_is breakPending
wait_until "the break screen to start again" screen_running
wait_until "its first frame" first_frames_are 2
lockout break snooze >/dev/null
for _ in $(seq 10); do screen_running || break; sleep 0.1; done
screen_gone || fail "the break screen stayed over a second after the break was snoozed"

echo "e2e: a break screen killed mid-break leaves the break due, shown in the browser window"
wait_until "the snoozed break to come back" state_is breakPending
wait_until "the break screen to start for it" screen_running
kill -KILL "$(screen_pid)"
wait_until "the browser window" browser_open
grep -q "the native break screen was killed by signal 9: showing the break in the browser window" "$data/agent.log" ||
    fail "the agent did not say why the browser window opened"
state_is breakPending || fail "the break left the agent's state when its screen was killed"
lockout break done >/dev/null
# A function, not `sh -c "! pgrep …"`: that shell's own command line holds the pattern and would match itself.
wait_until "the browser window to close" browser_closed

# Strict: a long break of 60 min lasts 30 s at 120×, long enough to see Enter refused while the input is held.
echo "e2e: a strict break holds the keyboard and the pointer, refuses Enter until its countdown ends, and Escape held skips it"
lockout settings set strict-breaks on | grep -q "Strict breaks: on" || fail "strict breaks did not switch on"
lockout status | grep -q "the keyboard and the pointer are held" || fail "the status does not say what a strict break holds"
lockout schedule set long --for 60m >/dev/null
strict_lines() { grep -c "strict break: input grabbed" "$data/agent.log" || true; }
strict_lines_are() { [ "$(strict_lines)" = "$1" ]; }
skipped() { lockout status --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["skippedToday"])'; }
skipped_is() { [ "$(skipped)" = "$1" ]; }
lockout break now --kind long >/dev/null
wait_until "the strict break screen to start" screen_running
pgrep -af -- "lockout-break-screen --data-dir $data --strict" >/dev/null || fail "the break screen was not started strict"
wait_until "the input to be grabbed" strict_lines_are 1
xdotool key Return
state_is breakActive || fail "Enter answered a strict break before its countdown ended (state $(state))"
screen_running || fail "the strict break screen closed on Enter"
before=$(skipped)
xdotool keydown Escape
wait_until "Escape held to skip the break" grep -q "Escape held: skipping the strict break" "$data/agent.log"
xdotool keyup Escape
wait_until "the skip to be counted" skipped_is $((before + 1))
wait_until "the strict break screen to close" screen_gone
echo "e2e: a strict break whose countdown has ended takes Enter as Done"
# The next break the schedule shows (a break taken now would end with its countdown, leaving nothing to answer).
given_back() { grep -c "the countdown ended, input given back" "$data/agent.log" || true; }
given_back_above() { [ "$(given_back)" -gt "$1" ]; }
returned=$(given_back)
done_before=$(completed)
wait_until "a due break's countdown to end and the input to be given back" given_back_above "$returned"
window=$(xdotool search --name " — LockOut$" | head -n 1)
[ -n "$window" ] || fail "no break screen window once its countdown ended"
xdotool windowactivate --sync "$window" key Return
wait_until "the break to be answered" completed_is $((done_before + 1))
wait_until "the break screen to close" screen_gone
echo "e2e: break screen passed"
