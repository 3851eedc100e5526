#!/usr/bin/env bash
# End to end: the real `lockout run` on a Wayland desktop — a headless sway (wlroots' headless backend, one output
# drawn by pixman; run as nobody under root, which sway refuses) — at the real clock, with an eye break every
# minute. Run it inside scripts/e2e/with-desktop.sh, whose session bus and dunst carry the notifications; the agent
# sees no X display, only sway. The agent watches presence over its own Wayland connection (wayland-idle: sway's
# idle protocol). While someone is there (the pointer moves through sway's IPC, which sway counts as the seat's
# activity) the agent is present; once nobody touches the desktop, sway tells it the person left, the break falls
# due unseen, and the return records it as a natural break.
set -euo pipefail
cd "$(dirname "$0")/../.."

data=$(mktemp -d "${TMPDIR:-/tmp}/lockout-e2e.XXXXXX")
choice=${LOCKOUT_E2E_CHOICE_FILE:?run this inside scripts/e2e/with-desktop.sh}
shown="$choice.shown"
: >"$shown"
# shellcheck source=lib.sh
. scripts/e2e/lib.sh
# sway's runtime folder: under /tmp, short enough for a socket's path and reachable by nobody.
runtime=$(mktemp -d /tmp/lockout-sway.XXXXXX)
sway_pid=""
moving_pid=""
e2e_extra_logs() { echo "--- status"; lockout status || true; echo "--- sway log"; cat "$runtime/sway.log" || true; }
cleanup() {
    for pid in "$agent_pid" "$moving_pid" "$sway_pid"; do
        if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
    done
    if [ -n "$sway_pid" ]; then wait "$sway_pid" 2>/dev/null || true; fi
    rm -rf "$data" "$runtime"
}
trap cleanup EXIT

start_headless_sway 1

# The agent's session is sway's alone: a Wayland display, sway's IPC, no X display.
export WAYLAND_DISPLAY SWAYSOCK XDG_SESSION_TYPE=wayland XDG_CURRENT_DESKTOP=sway
WAYLAND_DISPLAY=$(wayland_socket)
SWAYSOCK=$(ipc_socket)
unset DISPLAY

state() { lockout status --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["state"])'; }
state_is() { [ "$(state)" = "$1" ]; }
bar_state_is() { [ "$(lockout status --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["state"])')" = "$1" ]; }
sleep_until() { while [ "$(date +%s)" -lt "$1" ]; do sleep 1; done; }
natural() { lockout stats --json | python3 -c "import json,sys; print(json.load(sys.stdin)['days'][-1].get('natural', 0))"; }
natural_is() { [ "$(natural)" = "$1" ]; }
away() { lockout status | grep -q 'You are away'; }
move() { swaymsg -s "$SWAYSOCK" -- seat - cursor move "$1" "$2" >/dev/null; }
wait_long() {
    local deadline=$(($(date +%s) + $1)) what=$2
    shift 2
    while [ "$(date +%s)" -lt "$deadline" ]; do
        if "$@" >/dev/null 2>&1; then return 0; fi
        sleep 0.1
    done
    fail "timed out waiting for $what"
}
# Someone at the desk: the pointer moves every 3 s, well inside the 20 s the agent waits before it believes the
# person left.
start_moving() {
    (while :; do move 1 0 && move -1 0; sleep 3; done) &
    moving_pid=$!
}
stop_moving() { kill "$moving_pid"; wait "$moving_pid" 2>/dev/null || true; moving_pid=""; }

lockout schedule set eye --every 1m >/dev/null
start_moving
start_agent
started_at=$(date +%s)
lockout settings set natural-breaks on >/dev/null

echo "e2e: the agent watches presence over its own Wayland connection"
wait_until "the agent to name its presence sources" sh -c "\"$bin\" --data-dir \"$data\" status | grep -q 'watched by .*wayland-idle'"
grep -q "wayland-idle: " "$data/agent.log" || fail "the agent's log does not say which idle protocol it bound"
grep "wayland-idle: " "$data/agent.log" | head -n 1
away && fail "the agent believes the person left while the pointer moves"

echo "e2e: time away on sway while a break falls due is a natural break, shown to nobody"
stop_moving
left_at=$(date +%s)
wait_long 40 "sway to tell the agent that the person left" away
away_after=$(($(date +%s) - left_at))
[ "$away_after" -ge 19 ] || fail "the agent believed the person left after ${away_after}s, before its 20 s threshold"
echo "e2e: away ${away_after}s after the last input (threshold 20 s)"
# The eye break falls due a minute after the start; nothing may be shown while nobody is there.
sleep_until $((started_at + 66))
bar_state_is waiting || fail "the agent does not say that breaks wait for the person's return"
[ "$(shown_count "Eye Break")" = 0 ] || fail "a break was shown to nobody"

echo "e2e: the person returns: the time away is recorded as a natural break"
move 5 5
wait_until "the return to record a natural break" natural_is 1
away && fail "the agent still believes the person is away after the return"
state_is running || fail "the agent is not running its breaks after the return"
[ "$(shown_count "Eye Break")" = 0 ] || fail "the natural break was shown after the return"

echo "e2e: 1 passed, 0 failed"
