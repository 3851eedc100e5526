#!/usr/bin/env bash
# End to end: the real `lockout run` and a notification service that comes and goes, at 120× speed (an
# eye break every 10 s). Run it inside scripts/e2e/with-desktop.sh, for its X display. It runs its own
# session bus with no activatable services, so nothing starts a notification service behind its back:
# the agent starts with none (the break goes to its terminal), dunst starts later (the pending break
# appears with its actions and is answered there), dunst is killed and started again (the pending break
# appears again), and with a break on screen the agent is killed with SIGKILL: no process it started
# outlives it.
set -euo pipefail
cd "$(dirname "$0")/../.."

data=$(mktemp -d "${TMPDIR:-/tmp}/lockout-e2e-notifications.XXXXXX")
choice=${LOCKOUT_E2E_CHOICE_FILE:?run this inside scripts/e2e/with-desktop.sh}
shown="$choice.shown"
: >"$shown"
export LOCKOUT_CLOCK_SCALE=120
bus_pid=""
dunst_pid=""
# shellcheck source=lib.sh
. scripts/e2e/lib.sh
e2e_extra_logs() { echo "--- dunst"; cat "$data/dunst.log" || true; }
cleanup() {
    if [ -n "$agent_pid" ]; then kill "$agent_pid" 2>/dev/null || true; fi
    if [ -n "$dunst_pid" ]; then kill "$dunst_pid" 2>/dev/null || true; fi
    if [ -n "$bus_pid" ]; then kill "$bus_pid" 2>/dev/null || true; fi
    rm -rf "$data"
}
trap cleanup EXIT

sed "s|SOCKET_DIRECTORY|$data|" scripts/e2e/private-bus.conf >"$data/bus.conf"
dbus-daemon --config-file="$data/bus.conf" --nofork --nopidfile --print-address=1 >"$data/bus.address" 2>/dev/null &
bus_pid=$!
wait_until "the private session bus" test -s "$data/bus.address"
DBUS_SESSION_BUS_ADDRESS=$(head -n 1 "$data/bus.address")
export DBUS_SESSION_BUS_ADDRESS

state() { lockout status --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["state"])'; }
state_is() { [ "$(state)" = "$1" ]; }
shown_at_least() { [ "$(shown_count "$1")" -ge "$2" ]; }
answer() {
    printf '%s\n' "$1" >"$choice"
    dunstctl context
}
has_owner() {
    gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
        --method org.freedesktop.DBus.NameHasOwner org.freedesktop.Notifications 2>/dev/null | grep -q true
}
start_dunst() {
    PATH="$PWD/scripts/e2e:$PATH" dunst -config scripts/e2e/dunstrc >>"$data/dunst.log" 2>&1 &
    dunst_pid=$!
    wait_until "dunst to own the notifications name" has_owner
}
stop_dunst() {
    kill "-$1" "$dunst_pid"
    wait "$dunst_pid" 2>/dev/null || true
    dunst_pid=""
}
# descendants PID: every process below PID, by walking the PPid of each process in /proc.
descendants() {
    python3 - "$1" <<'PY'
import os, sys
children = {}
for entry in filter(str.isdigit, os.listdir("/proc")):
    try:
        with open(f"/proc/{entry}/status") as status:
            parent = next(int(line.split()[1]) for line in status if line.startswith("PPid:"))
    except (OSError, StopIteration):
        continue
    children.setdefault(parent, []).append(int(entry))
below, todo = [], [int(sys.argv[1])]
while todo:
    for child in children.get(todo.pop(), []):
        below.append(child)
        todo.append(child)
print(" ".join(map(str, below)))
PY
}

echo "e2e: with no notification service, a due break goes to the agent's terminal"
start_agent
wait_until "the break on the terminal" grep -q -F "[LockOut] Eye Break — Look at something 20 feet away for 20 seconds" "$data/agent.log"
state_is breakPending || fail "the break is not pending"

echo "e2e: a notification service that starts later shows the pending break, and answering it there works"
start_dunst
wait_until "the pending break on the desktop" shown_at_least $'LockOut\tEye Break\t' 1
answer DONE
wait_until "the break to be done" state_is running

echo "e2e: a restarted notification service shows the pending break again"
wait_until "the next break" state_is breakPending
wait_until "the next break on the desktop" shown_at_least $'LockOut\t' 2
before=$(wc -l <"$shown")
stop_dunst KILL
start_dunst
wait_until "the break on the restarted service" sh -c "[ \$(wc -l <'$shown') -gt $before ]"
[ "$(dunstctl count displayed)" = 1 ] || fail "the restarted service shows $(dunstctl count displayed) notifications, not the one break"
answer SNOOZE
wait_until "the break to be snoozed" state_is snoozed

echo "e2e: killed with a break on screen, the agent leaves no process of its own behind"
wait_until "a break on screen" state_is breakPending
descendants $$ | tr ' ' '\n' | grep -q -x "$agent_pid" || fail "the process walk does not find the agent below this script"
below=$(descendants "$agent_pid")
echo "e2e:   processes below the agent: ${below:-none}"
kill_agent KILL
for pid in $below; do
    if kill -0 "$pid" 2>/dev/null; then fail "process $pid, started by the agent, outlived it: $(tr '\0' ' ' <"/proc/$pid/cmdline")"; fi
done

echo "e2e: notifications passed"
