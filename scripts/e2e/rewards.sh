#!/usr/bin/env bash
# End to end, on loopback, with real processes: a `lockout serve`, a parent's agent and a child's agent.
# The parent marks a learning and a reward program and sets a quest from its own device; on the child's
# device the reward program is closed by the shield; the child uses the learning program (a real process,
# measured by the fallback that counts running programs); the quest completes and opens reward time, in
# which the reward program runs, until the shield closes it again when the time ends; the child redeems
# points for more; the parent sees the points, the quest and the badge, and grants points with a reason.
# The child's clock runs 30 times faster, so a 10-minute quest takes 20 seconds.
set -euo pipefail
cd "$(dirname "$0")/../.."

root=$(mktemp -d "${TMPDIR:-/tmp}/lockout-e2e-rewards.XXXXXX")
unset LOCKOUT_NOW LOCKOUT_CLOCK_SCALE LOCKOUT_CLOCK_EPOCH DBUS_SESSION_BUS_ADDRESS DISPLAY WAYLAND_DISPLAY
bin=${LOCKOUT_BIN:-.build/debug/lockout}
server_pid="" parent_pid="" child_pid="" learning_pid="" reward_pid=""

fail() {
    echo "e2e: FAILED: $*" >&2
    for log in server parent child; do echo "--- $log log" >&2; tail -n 40 "$root/$log.log" >&2 || true; done
    exit 1
}
cleanup() {
    for pid in $server_pid $parent_pid $child_pid $learning_pid $reward_pid; do kill -9 "$pid" 2>/dev/null || true; done
    [ -n "${LOCKOUT_E2E_KEEP:-}" ] || rm -rf "$root"
}
trap cleanup EXIT

wait_until() {
    local what=$1
    shift
    local every=${every:-0.5}
    for _ in $(seq "$(python3 -c "print(int(${within:-30} / $every))")"); do
        if "$@" >/dev/null 2>&1; then return 0; fi
        sleep "$every"
    done
    fail "timed out waiting for $what"
}
is() { local expected=$1; shift; [ "$("$@")" = "$expected" ]; }
alive() { kill -0 "$1" 2>/dev/null; }
gone() { ! kill -0 "$1" 2>/dev/null; }
parent() { "$bin" --data-dir "$root/parent" "$@"; }
child() { "$bin" --data-dir "$root/child" "$@"; }
json() { python3 -c "import json, sys; d = json.load(sys.stdin); print(eval(sys.argv[1]))" "$1"; }
refused() { if "$@" >"$root/refused.out" 2>&1; then fail "accepted: $*"; fi; echo "e2e:   refused: $(tail -n 1 "$root/refused.out")"; }

# The programs: copies of sleep under the names a parent marks, so the shield and the meter see real processes.
mkdir -p "$root/bin"
cp "$(command -v sleep)" "$root/bin/gcompris"
cp "$(command -v sleep)" "$root/bin/supertux"
# start_program NAME: starts it in the background (not as a child of an agent) and sets $started.
start_program() { "$root/bin/$1" 600 & started=$!; }

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
server="http://127.0.0.1:$port"
"$bin" serve --data-dir "$root/server" --port "$port" >>"$root/server.log" 2>&1 &
server_pid=$!
wait_until "the server" curl -sf "$server/healthz"

echo "e2e: a parent and a child in one family"
parent family setup parent --name "Parent laptop" >/dev/null
parent family create --server "$server" >/dev/null
"$bin" --data-dir "$root/parent" run >>"$root/parent.log" 2>&1 &
parent_pid=$!
wait_until "the parent's agent" test -s "$root/parent/agent.json"
payload=$(parent family pair | grep -o 'lockout-pair:[A-Za-z0-9_-]*' | head -n 1)
child family setup child --name "Anna's laptop" >/dev/null
LOCKOUT_CLOCK_SCALE=30 "$bin" --data-dir "$root/child" run >>"$root/child.log" 2>&1 &
child_pid=$!
wait_until "the child's agent" test -s "$root/child/agent.json"
child family join "$payload" >/dev/null
child rewards pin set --pin 1357 >/dev/null
method=$(child rewards status --json | json "d['method']")
[ "$method" = "processes + idle none" ] || fail "measuring by '$method', not the running programs"

echo "e2e: the parent marks the programs and sets a quest; the child's agent applies them"
refused parent family send "Anna's laptop" rewards program bash reward
refused parent family send "Anna's laptop" rewards grant 50
parent family send "Anna's laptop" rewards program set gcompris learning >/dev/null
parent family send "Anna's laptop" rewards program supertux reward >/dev/null
parent family send "Anna's laptop" rewards quest 10 --title "Math time" --reward-minutes 3 >/dev/null
programs() { child rewards programs --json | json "','.join(p['program'] + ':' + p['category'] for p in d)"; }
wait_until "the marked programs at the child" is "gcompris:learning,supertux:reward" programs
quest_title() { child rewards quest --json | json "d['quest']['title']"; }
wait_until "the quest at the child" is "Math time" quest_title
refused child rewards program set supertux none --pin 0000

echo "e2e: the reward program is closed while no reward time is open"
start_program supertux; reward_pid=$started
within=10 wait_until "the shield to stop supertux" gone "$reward_pid"
wait "$reward_pid" 2>/dev/null || true; reward_pid=""

echo "e2e: the child uses the learning program; the quest completes and opens reward time"
start_program gcompris; learning_pid=$started
completed() { child rewards quest --json | json "d['completed']"; }
# The fallback looks for a marked program every 30 s, then reads every 5 s while it runs.
within=90 wait_until "the quest to complete" is True completed
start_program supertux; reward_pid=$started
sleep 1
alive "$reward_pid" || fail "supertux was stopped during reward time"
badge() { child rewards badges --json | json "d[0]['id'] + ':' + str(d[0]['unlockedAt'] is not None)"; }
[ "$(badge)" = "first_steps:True" ] || fail "badge: $(badge)"

echo "e2e: reward time ends and the shield closes the reward program again"
within=20 wait_until "the shield to stop supertux when reward time ended" gone "$reward_pid"
wait "$reward_pid" 2>/dev/null || true; reward_pid=""
grep -q "Reward time is over\|Reward time ends in 1 minute" "$root/child.log" || fail "no reward-time notification in the child's log"

echo "e2e: learning earned points; the child redeems some and the reward program runs again"
kill "$learning_pid"; wait "$learning_pid" 2>/dev/null || true; learning_pid=""
balance() { child rewards status --json | json "d['balance']"; }
# The meter notices the program is gone at its next reading (every 5 s) and counts the time up to it.
settled() { local before; before=$(balance); sleep 6; [ "$before" = "$(balance)" ]; }
wait_until "the last learning minutes to be counted" settled
points=$(balance)
[ "$points" -ge 100 ] || fail "only $points points after the quest"
refused child rewards redeem 20
child rewards redeem 30 >/dev/null
[ "$(balance)" = $((points - 30)) ] || fail "the balance after redeeming 30 is $(balance), not $((points - 30))"
start_program supertux; reward_pid=$started
sleep 1
alive "$reward_pid" || fail "supertux was stopped after a redemption"
within=20 wait_until "the shield to stop supertux when the bought time ended" gone "$reward_pid"
wait "$reward_pid" 2>/dev/null || true; reward_pid=""

echo "e2e: the parent sees the points, the quest and the badge, and grants points with a reason"
at_parent() { parent family rewards "Anna's laptop" --json | json "str(d['screen']['balance']) + ':' + str(d['screen']['quest']['completed'])"; }
# Each look syncs the parent's device: every 5 s keeps it well inside a device's rate limit.
within=100 every=5 wait_until "the child's rewards at the parent" is "$(balance):True" at_parent
unlocked=$(parent family rewards "Anna's laptop" --json | json "d['screen']['badges'][0]['id']")
[ "$unlocked" = first_steps ] || fail "the parent sees badge $unlocked first"
expected=$(($(balance) + 50))
parent family send "Anna's laptop" rewards grant 50 --reason "tidied the room" >/dev/null
wait_until "the grant at the child" is "$expected" balance
child rewards history | grep -q "+50  adjustment: tidied the room" || fail "the grant is not in the child's ledger"

echo "e2e: rewards passed"
