#!/usr/bin/env bash
# End to end: the real `lockout run` on an X11 desktop (Xvfb with openbox) at the real clock, with an eye
# break every minute. Run it inside scripts/e2e/with-desktop.sh. While someone is at the keyboard (xdotool
# moves the pointer), a full-screen window defers the break the moment it falls due and the break is shown
# as soon as the window leaves full screen. Then nobody touches the desktop: the X SYNC idle alarm tells the
# agent the person left, the next break falls due unseen, and the return records it as a natural break.
set -euo pipefail
cd "$(dirname "$0")/../.."

data=$(mktemp -d "${TMPDIR:-/tmp}/lockout-e2e.XXXXXX")
choice=${LOCKOUT_E2E_CHOICE_FILE:?run this inside scripts/e2e/with-desktop.sh}
shown="$choice.shown"
: >"$shown"
# shellcheck source=lib.sh
. scripts/e2e/lib.sh
wm_pid=""
window_pid=""
typing_pid=""
e2e_extra_logs() { echo "--- status"; lockout status || true; }
cleanup() {
    for pid in "$agent_pid" "$typing_pid" "$window_pid" "$wm_pid"; do
        if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
    done
    rm -rf "$data"
}
trap cleanup EXIT

state() { lockout status --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["state"])'; }
state_is() { [ "$(state)" = "$1" ]; }
# The status bar's state: "waiting" while a deferral or the person's absence holds the breaks.
bar_state_is() { [ "$(lockout status --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["state"])')" = "$1" ]; }
sleep_until() { while [ "$(date +%s)" -lt "$1" ]; do sleep 1; done; }
natural() { lockout stats --json | python3 -c "import json,sys; print(json.load(sys.stdin)['days'][-1].get('natural', 0))"; }
natural_is() { [ "$(natural)" = "$1" ]; }
away() { lockout status | grep -q 'You are away'; }
# wait_long SECONDS DESCRIPTION COMMAND...: wait_until for waits longer than its 30 s.
wait_long() {
    local deadline=$(($(date +%s) + $1)) what=$2
    shift 2
    while [ "$(date +%s)" -lt "$deadline" ]; do
        if "$@" >/dev/null 2>&1; then return 0; fi
        sleep 0.1
    done
    fail "timed out after $seconds s waiting for $what"
}
# Someone at the keyboard: the pointer moves every 3 s, well inside the 20 s the agent waits before it
# believes the person left.
start_typing() {
    (while :; do xdotool mousemove_relative -- 1 0 && xdotool mousemove_relative -- -1 0; sleep 3; done) &
    typing_pid=$!
}
stop_typing() { kill "$typing_pid"; wait "$typing_pid" 2>/dev/null || true; typing_pid=""; }

openbox >"$data/openbox.log" 2>&1 &
wm_pid=$!
wait_until "the window manager" wmctrl -m
xterm -T presentation -e sleep 600 &
window_pid=$!
wait_until "the presentation's window" xdotool search --name '^presentation$'
window=$(xdotool search --name '^presentation$' | head -n 1)
xdotool windowactivate --sync "$window"

lockout schedule set eye --every 1m >/dev/null
start_typing
started_at=$(date +%s)
start_agent

echo "e2e: a full-screen window defers a break that falls due, and releases it when it leaves full screen"
wmctrl -i -r "$window" -b add,fullscreen
wait_until "the breaks to wait for the full-screen window" bar_state_is waiting
lockout status | grep -q "Breaks wait for a full-screen window, until .* at most" || fail "status does not say why breaks wait"
# The eye break falls due a minute after the start, behind the full-screen window.
sleep_until $((started_at + 66))
[ "$(shown_count "Eye Break")" = 0 ] || fail "a break was shown over the full-screen window"
wmctrl -i -r "$window" -b remove,fullscreen
wait_until "the break to be shown once the window left full screen" grep -q -F "Eye Break" "$shown"
wait_until "the agent to report the break as pending" state_is breakPending
lockout break done >/dev/null
done_at=$(date +%s)
natural_is 0 || fail "a break taken at the screen was counted as natural"

echo "e2e: time away while a break falls due is a natural break, shown to nobody"
lockout settings set natural-breaks on >/dev/null
stop_typing
wait_long 40 "the agent to learn that the person left" away
lockout status | grep -q "watched by .*x11-sync" || fail "status does not name the X SYNC idle source"
# The eye break falls due a minute after the last one was done; nothing may be shown while nobody is there.
sleep_until $((done_at + 66))
bar_state_is waiting || fail "the agent does not say that breaks wait for the person's return"
[ "$(shown_count "Eye Break")" = 1 ] || fail "a break was shown to nobody"
xdotool mousemove_relative -- 5 5
wait_until "the return to record a natural break" natural_is 1
state_is running || fail "the agent is not running its breaks after the return"
[ "$(shown_count "Eye Break")" = 1 ] || fail "the natural break was shown after the return"
lockout stats | grep -q -i "natural" || fail "lockout stats does not show natural breaks"

echo "e2e: 1 passed, 0 failed"
