#!/usr/bin/env bash
# End to end: a pomodoro and a task reminder on the real `lockout run` under a real notification
# daemon, at 60× speed (a 5-minute focus segment lasts 5 s). Run it inside scripts/e2e/with-desktop.sh.
# It runs a pomodoro from the CLI with a status bar following it, checks that each segment's end shows
# exactly one "Timer Complete" notification, kills and restarts the agent mid-session, reads the history
# back by activity, and gets a task reminder and a test reminder as desktop notifications; a reminder on
# screen when the agent is killed is shown again (once, in its place) by the next one, and closed if its
# task was completed meanwhile.
set -euo pipefail
cd "$(dirname "$0")/../.."

data=$(mktemp -d "${TMPDIR:-/tmp}/lockout-e2e-focus.XXXXXX")
choice=${LOCKOUT_E2E_CHOICE_FILE:?run this inside scripts/e2e/with-desktop.sh}
shown="$choice.shown"
: >"$shown"
# Every process of this run shares one fast clock, so a restarted agent finds the time where the last one left it.
export LOCKOUT_CLOCK_SCALE=60
LOCKOUT_CLOCK_EPOCH=$(date -u +%Y-%m-%dT%H:%M:%SZ)
export LOCKOUT_CLOCK_EPOCH
bar_pid=""
# shellcheck source=lib.sh
. scripts/e2e/lib.sh
e2e_extra_logs() { echo "--- status bar"; cat "$data/bar" || true; }
cleanup() {
    if [ -n "$bar_pid" ]; then kill "$bar_pid" 2>/dev/null || true; fi
    if [ -n "$agent_pid" ]; then kill "$agent_pid" 2>/dev/null || true; fi
    rm -rf "$data"
}
trap cleanup EXIT

# focus FIELD: a field of `lockout focus status --json` (a dotted path like status.label).
focus() {
    lockout focus status --json | python3 -c "
import json, sys
value = json.load(sys.stdin)
for key in '$1'.split('.'):
    value = value.get(key) if isinstance(value, dict) else None
print(value)"
}
focus_is() { [ "$(focus "$1")" = "$2" ]; }
shown_at_least() { [ "$(shown_count "$1")" -ge "$2" ]; }

start_agent
lockout stop >/dev/null # breaks off: only focus and reminders notify in this run
lockout activity add "Écriture" --collection Work >/dev/null
lockout focus settings set short-break 1 >/dev/null

echo "e2e: a status bar follows the session"
"$bin" --data-dir "$data" focus status --follow --format waybar >"$data/bar" 2>>"$data/bar.err" &
bar_pid=$!
wait_until "the status bar's first line" test -s "$data/bar"
grep -q '"class":"stopped"' "$data/bar" || fail "the status bar did not start with the stopped line"

echo "e2e: a pomodoro focus segment ends with exactly one notification"
lockout focus start --mode pomodoro --duration 5m --activity "écriture" >/dev/null
focus_is status.label Work || fail "the pomodoro did not start with a work segment"
wait_until "the status bar to show the work segment" grep -q '"class":"work"' "$data/bar"
work_end=$'LockOut\tTimer Complete\tWork session finished'
wait_until "the end of the work segment" shown_at_least "$work_end" 1
# The bar keeps every line it printed: at 60x the 1-minute break can be over before a status query would see it.
wait_until "the status bar to show the short break after the work segment" grep -q '"class":"break"' "$data/bar"

echo "e2e: the break ends with exactly one notification and the next work segment starts"
wait_until "the end of the short break" shown_at_least $'Timer Complete\tBreak finished' 1
wait_until "the second work segment" focus_is status.label Work
[ "$(shown_count "$work_end")" = 1 ] || fail "one work segment's end was shown $(shown_count "$work_end") times"
[ "$(shown_count 'Break finished')" = 1 ] || fail "one break's end was shown $(shown_count 'Break finished') times"

echo "e2e: killed mid-segment, a restarted agent goes on with the same session"
kill_agent KILL
start_agent
focus_is state running || fail "the restarted agent lost the running session"
focus_is status.label Work || fail "the restarted agent lost the segment"
focus_is status.completedCycles 1 || fail "the restarted agent lost the pomodoro count"
wait_until "the end of the second work segment" shown_at_least "$work_end" 2
[ "$(shown_count "$work_end")" = 2 ] || fail "the second work segment's end was not shown exactly once"
lockout focus stop >/dev/null
focus_is state stopped || fail "stop did not end the session"
wait_until "the status bar to show the end" sh -c "tail -n 1 '$data/bar' | grep -q '\"class\":\"stopped\"'"

echo "e2e: the history shows the segments by activity"
lockout history --activity Écriture --json >"$data/history.json"
python3 - "$data/history.json" <<'PY' || fail "the history does not hold the segments"
import json, sys
history = json.load(open(sys.argv[1]))
sessions = history["sessions"]
completed = [s for s in sessions if s["outcome"] == "completed"]
assert len(completed) >= 3, sessions
assert all(s["activity"] == "Écriture" for s in sessions), sessions
assert history["stats"]["total"]["sessions"] >= 2, history["stats"]
PY
id=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["sessions"][0]["id"])' "$data/history.json")
lockout history show "$id" | grep -q "Écriture" || fail "history show does not show the session"

echo "e2e: a test reminder and a task reminder appear as notifications, across a restart"
lockout task add "Send the report" >/dev/null
lockout task test 1 >/dev/null
wait_until "the test reminder" shown_at_least $'Task Due Soon\tSend the report' 1
# Three minutes ahead on the run's clock (3 s real), at a whole minute.
remind_at=$(python3 -c '
import datetime, os, time
epoch = datetime.datetime.strptime(os.environ["LOCKOUT_CLOCK_EPOCH"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc).timestamp()
now = epoch + (time.time() - epoch) * 60
at = datetime.datetime.fromtimestamp(now + 180).replace(second=0, microsecond=0) + datetime.timedelta(minutes=1)
print(at.strftime("%Y-%m-%d %H:%M"))')
lockout task add "Water the plants" --remind "$remind_at" >/dev/null
lockout task list | grep "Water the plants" | grep -q "$remind_at" || fail "the task list does not mark the reminder"
kill_agent TERM
start_agent
wait_until "the task reminder" shown_at_least $'Task Due Soon\tWater the plants' 1
[ "$(shown_count 'Water the plants')" = 1 ] || fail "the task reminder was shown more than once"

echo "e2e: killed with the reminder on screen, a restarted agent shows it again, once, in its place"
displayed=$(dunstctl count displayed)
kill_agent KILL
start_agent
wait_until "the reminder to be shown again" shown_at_least $'Task Due Soon\tWater the plants' 2
[ "$(shown_count 'Water the plants')" = 2 ] || fail "the reminder was shown $(shown_count 'Water the plants') times in all"
[ "$(dunstctl count displayed)" = "$displayed" ] || fail "the reminder was left beside the new one, or closed"

echo "e2e: completed while no agent ran, the reminder is closed by the next agent"
kill_agent KILL
lockout task done 2 >/dev/null
start_agent
wait_until "the completed task's reminder to close" sh -c "[ \"\$(dunstctl count displayed)\" = $((displayed - 1)) ]"
[ "$(shown_count 'Water the plants')" = 2 ] || fail "the completed task's reminder was shown again"

echo "e2e: bad input changes nothing"
if lockout focus skip 2>"$data/err"; then fail "skip without a session was accepted"; fi
grep -q "start one with 'lockout focus start'" "$data/err" || fail "the error does not say what to do"
if lockout focus start --mode sprint 2>"$data/err"; then fail "an unknown mode was accepted"; fi
grep -q "use timer, pomodoro, stopwatch or focus" "$data/err" || fail "the error does not list the modes"
focus_is state stopped || fail "bad input changed the session"

kill_agent TERM
echo "e2e: focus passed"
