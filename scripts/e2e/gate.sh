#!/usr/bin/env bash
# End to end: the health gate on the real `lockout run` under a real notification daemon, on the real
# clock. Run it inside scripts/e2e/with-desktop.sh. A person keeps the default goal (10,000 steps), blocks
# a program (a copy of `sleep` named `e2egame` and a number of its own), watches it being stopped
# within 2 seconds with a notification saying why, logs steps until the goal is met, sees the gate open and the program run,
# raises the goal, imports a Health export to meet it, uses the emergency unlock, and sees that another
# program and the agent's own CLI are never touched.
set -euo pipefail
cd "$(dirname "$0")/../.."

data=$(mktemp -d "${TMPDIR:-/tmp}/lockout-e2e-gate.XXXXXX")
choice=${LOCKOUT_E2E_CHOICE_FILE:?run this inside scripts/e2e/with-desktop.sh}
shown="$choice.shown"
: >"$shown"
unset LOCKOUT_NOW LOCKOUT_CLOCK_SCALE LOCKOUT_CLOCK_EPOCH
program_pids=()
# shellcheck source=lib.sh
. scripts/e2e/lib.sh
e2e_extra_logs() { echo "--- gate"; lockout gate status || true; }
cleanup() {
    for pid in "${program_pids[@]}"; do { kill -9 "$pid" && wait "$pid"; } 2>/dev/null || true; done
    if [ -n "$agent_pid" ]; then kill "$agent_pid" 2>/dev/null || true; fi
    rm -rf "$data"
}
trap cleanup EXIT

# A name of its own for each run, so two runs on one machine never stop each other's program.
game="e2egame$((RANDOM % 100000))"
Game="E${game#e}"
mkdir -p "$data/bin"
cp "$(command -v sleep)" "$data/bin/$game"
cp "$(command -v sleep)" "$data/bin/e2etool"

# gate FIELD: a field of `lockout gate status --json`.
gate() {
    lockout gate status --json | python3 -c "import json, sys; print(json.load(sys.stdin).get('$1'))"
}
gate_is() { [ "$(gate "$1")" = "$2" ]; }
shown_at_least() { [ "$(shown_count "$1")" -ge "$2" ]; }

# start_program NAME: starts $data/bin/NAME in the background; its pid is in $program_pid.
start_program() {
    "$data/bin/$1" 600 &
    program_pid=$!
    program_pids+=("$program_pid")
    program_started=$(date +%s%N)
}

# expect_stopped: the last program started ends by SIGTERM within 2 seconds.
expect_stopped() {
    local status=0
    wait_until "the blocked program to be stopped" sh -c "! kill -0 $program_pid"
    local elapsed_ms=$((($(date +%s%N) - program_started) / 1000000))
    wait "$program_pid" || status=$?
    [ "$status" -eq 143 ] || fail "the blocked program ended with status $status, not by SIGTERM"
    [ "$elapsed_ms" -le 2000 ] || fail "the blocked program was stopped after $elapsed_ms ms, not within 2 s"
    echo "e2e:   stopped after $elapsed_ms ms"
}

# expect_running SECONDS: the last program started is still alive after SECONDS.
expect_running() {
    sleep "$1"
    kill -0 "$program_pid" 2>/dev/null || fail "the program was stopped while it should run"
}

start_agent
lockout stop >/dev/null # breaks off: only the gate notifies in this run

echo "e2e: a blocked program is stopped while the steps goal is unmet"
lockout gate block add "$game" >/dev/null
gate_is state closed || fail "the gate is not closed with no steps logged"
start_program "$game"
expect_stopped
wait_until "the shield's notification" shown_at_least "LockOut"$'\t'"$Game is locked"$'\t'"$Game is locked until you reach 10,000 steps — 0 so far" 1

echo "e2e: another program and the CLI itself run while the gate is closed"
start_program e2etool
other_pid=$program_pid
lockout gate status >/dev/null
sleep 2.5
kill -0 "$other_pid" 2>/dev/null || fail "a program that is not blocked was stopped"

echo "e2e: logging some steps is not enough: it is stopped again, with the progress"
lockout health log steps 6240 >/dev/null
start_program "$game"
expect_stopped
wait_until "the notification with the new total" shown_at_least "$Game is locked until you reach 10,000 steps — 6,240 so far" 1

echo "e2e: reaching the goal opens the gate, and the program runs"
logged=$(lockout health log steps 3760)
grep -q "Health gate: open — today's goals are met" <<<"$logged" || fail "health log did not report the open gate: $logged"
gate_is state open || fail "the gate did not open with 10,000 steps"
wait_until "the 'Goals met' notification" shown_at_least $'LockOut\tGoals met\t' 1
start_program "$game"
expect_running 3
kill "$program_pid"

echo "e2e: a stricter goal closes the gate at once, and the program is stopped again"
lockout gate goal set steps 20000 >/dev/null
gate_is state closed || fail "the gate did not close with a goal of 20,000 steps"
start_program "$game"
expect_stopped
wait_until "the notification with the new goal" shown_at_least "$Game is locked until you reach 20,000 steps — 10,000 so far" 1

echo "e2e: importing a Health export with today's steps opens it"
today=$(date +%F)
offset=$(date +%z)
cat >"$data/export.xml" <<XML
<?xml version="1.0" encoding="UTF-8"?>
<HealthData locale="en_US">
 <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="$today 00:00:01 $offset" endDate="$today 00:00:02 $offset" value="10000"/>
</HealthData>
XML
imported=$(lockout health import "$data/export.xml")
grep -q "Health gate: open — today's goals are met" <<<"$imported" || fail "the import did not open the gate: $imported"
start_program "$game"
expect_running 3
kill "$program_pid"

echo "e2e: setting today's manual steps back closes it again"
lockout health log steps 0 --set >/dev/null
gate_is state closed || fail "the gate did not close with the manual steps set back to 0"
start_program "$game"
expect_stopped

echo "e2e: the emergency unlock opens it after the wait and the code"
mkfifo "$data/typed"
"$bin" --data-dir "$data" gate emergency-unlock <"$data/typed" >"$data/unlock.out" 2>&1 &
unlock_pid=$!
exec 3>"$data/typed"
wait_until "the emergency unlock's code" grep -q "Type this code to unlock until midnight: " "$data/unlock.out"
code=$(sed -n 's/.*Type this code to unlock until midnight: \([0-9]\{4\}\).*/\1/p' "$data/unlock.out")
[ -n "$code" ] || fail "the emergency unlock showed no code: $(cat "$data/unlock.out")"
echo "$code" >&3
exec 3>&-
wait "$unlock_pid" || fail "the emergency unlock failed: $(cat "$data/unlock.out")"
gate_is reason emergencyUnlock || fail "the emergency unlock did not open the gate"
start_program "$game"
expect_running 3
kill "$program_pid"

echo "e2e: the agent stops cleanly"
kill_agent TERM
echo "e2e: health gate passed"
