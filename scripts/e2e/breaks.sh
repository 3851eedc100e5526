#!/usr/bin/env bash
# End to end: the real `lockout run` under a real notification daemon, at 120× speed (an eye break
# every 10 s). Run it inside scripts/e2e/with-desktop.sh. It checks that a break appears as a desktop
# notification with the right title, body and actions, answers it from the notification and from the
# CLI, kills the agent mid-cycle and restarts it, and reads the history back.
set -euo pipefail
cd "$(dirname "$0")/../.."

data=$(mktemp -d "${TMPDIR:-/tmp}/lockout-e2e.XXXXXX")
choice=${LOCKOUT_E2E_CHOICE_FILE:?run this inside scripts/e2e/with-desktop.sh}
shown="$choice.shown"
menu="$choice.menu"
: >"$shown"
: >"$menu"
export LOCKOUT_CLOCK_SCALE=120
# shellcheck source=lib.sh
. scripts/e2e/lib.sh
e2e_extra_logs() { echo "--- menus"; cat "$menu" || true; }
cleanup() {
    if [ -n "$agent_pid" ]; then kill "$agent_pid" 2>/dev/null || true; fi
    rm -rf "$data"
}
trap cleanup EXIT

state() { lockout status --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["state"])'; }
state_is() { [ "$(state)" = "$1" ]; }
shown_more_than() { [ "$(shown_count "$1")" -gt "$2" ]; }
shown_lines_more_than() { [ "$(wc -l <"$shown")" -gt "$1" ]; }
answer() {
    printf '%s\n' "$1" >"$choice"
    dunstctl context
}
stat() { # stat FIELD: today's completed or skipped count
    lockout stats --json | python3 -c "import json,sys; print(json.load(sys.stdin)['days'][-1]['$1'])"
}

echo "e2e: an eye break appears as a desktop notification"
start_agent
wait_until "an Eye Break notification" grep -q -F "Eye Break" "$shown"
grep -q -P '^LockOut\tEye Break\tLook at something 20 feet away for 20 seconds\tBREAK_CATEGORY$' "$shown" ||
    fail "the notification's app, title, body or category is wrong"
wait_until "the agent to report the break as pending" state_is breakPending

echo "e2e: Snooze from the notification"
answer SNOOZE
wait_until "the action menu" grep -q -F "(Eye Break)" "$menu"
grep -q -F "#Snooze 5 min (Eye Break) [" "$menu" || fail "the notification offered no 'Snooze 5 min' action"
grep -q -F "#Done (Eye Break) [" "$menu" || fail "the notification offered no 'Done' action"
wait_until "the break to be snoozed" state_is snoozed

echo "e2e: the snoozed break comes back and Done from the notification records it"
wait_until "the break to come back after the snooze" shown_more_than "Eye Break" 1
wait_until "the agent to report the break as pending again" state_is breakPending
answer DONE
wait_until "the break to be done" state_is running
[ "$(stat completed)" = 1 ] || fail "stats do not show the completed break"

echo "e2e: the next break is answered from the CLI"
wait_until "the next break" state_is breakPending
lockout break skip >/dev/null
state_is running || fail "skip from the CLI did not return to running"
[ "$(stat skipped)" -ge 1 ] || fail "stats do not show the skipped break"

echo "e2e: killed while a break is pending, a restarted agent shows it again and loses nothing"
wait_until "another break" state_is breakPending
before=$(wc -l <"$shown")
kill_agent KILL
start_agent
wait_until "the restarted agent to show the pending break again" shown_lines_more_than "$before"
state_is breakPending || fail "the restarted agent lost the pending break"
[ "$(dunstctl count displayed)" = 1 ] || fail "the killed agent's notification was left beside the new one"
completed_before=$(stat completed)
lockout break done >/dev/null
[ "$(stat completed)" -gt "$completed_before" ] || fail "done after the restart was not recorded"

echo "e2e: bad input changes nothing"
if lockout schedule set eye --every 0m 2>"$data/err"; then fail "an interval of 0 was accepted"; fi
grep -q "allowed 1...120 min" "$data/err" || fail "the error does not name the allowed range"

echo "e2e: a second agent on the same data is refused"
if timeout 10 "$bin" --data-dir "$data" run 2>"$data/err"; then fail "a second agent started"; fi
grep -q "an agent is already running for this data directory (pid $agent_pid)" "$data/err" ||
    fail "the second agent did not say why it stopped"

echo "e2e: SIGTERM stops the agent cleanly"
kill -TERM "$agent_pid"
status=0
wait "$agent_pid" || status=$?
agent_pid=""
[ "$status" = 0 ] || fail "the agent exited with $status on SIGTERM"
[ ! -e "$data/agent.json" ] || fail "the endpoint file was left behind"
lockout export csv | head -n 1 | grep -q '^date,completed,skipped' || fail "the CSV export has no header"

echo "e2e: 1 passed, 0 failed"
