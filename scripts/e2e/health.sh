#!/usr/bin/env bash
# End to end, on loopback, with real processes: a `lockout serve`, a child's Linux agent (`lockout run`) with a
# blocked program, and simulated phones (scripts/e2e/phone.py) paired like any device and pushing `healthTotals`
# through the server's API, as the Apple app will. The laptop and Anna's phone are paired with the child name Anna,
# Ben's phone with Ben. The laptop's blocked program is stopped while the steps goal is unmet; Ben's 20,000 steps
# never open Anna's gate; bad totals are refused by the server where the envelope shows it (a day too far ahead, a
# record of another device) and otherwise ignored by the gate with the reason in the agent's log (negative, absurd
# steps); once Anna's phone reaches the goal the gate opens without a restart and the program runs. The gate says
# where the steps came from. Needs no desktop: the agent writes its notifications to its log.
set -euo pipefail
cd "$(dirname "$0")/../.."

root=$(mktemp -d "${TMPDIR:-/tmp}/lockout-e2e-health.XXXXXX")
unset LOCKOUT_NOW LOCKOUT_CLOCK_SCALE LOCKOUT_CLOCK_EPOCH DBUS_SESSION_BUS_ADDRESS DISPLAY WAYLAND_DISPLAY
bin=${LOCKOUT_BIN:-.build/debug/lockout}
server_pid="" laptop_pid="" game_pid=""
started_at=$(date +%s)

fail() {
    echo "e2e: FAILED: $*" >&2
    for log in server laptop; do echo "--- $log log" >&2; tail -n 40 "$root/$log.log" >&2 || true; done
    echo "--- gate" >&2; laptop gate status >&2 || true
    exit 1
}
cleanup() {
    for pid in $server_pid $laptop_pid $game_pid; do kill -9 "$pid" 2>/dev/null || true; done
    [ -n "${LOCKOUT_E2E_KEEP:-}" ] || rm -rf "$root"
}
trap cleanup EXIT

# wait_until DESCRIPTION COMMAND...: retries COMMAND every 0.2 s for up to $within seconds (default 15).
wait_until() {
    local what=$1
    shift
    for _ in $(seq $((${within:-15} * 5))); do
        if "$@" >/dev/null 2>&1; then return 0; fi
        sleep 0.2
    done
    fail "timed out waiting for $what"
}
is() { local expected=$1; shift; [ "$("$@")" = "$expected" ]; }
alive() { kill -0 "$1" 2>/dev/null; }
gone() { ! kill -0 "$1" 2>/dev/null; }
parent() { "$bin" --data-dir "$root/parent" "$@"; }
laptop() { "$bin" --data-dir "$root/laptop" "$@"; }
phone() { scripts/e2e/phone.py "$@"; }
json() { python3 -c "import json, sys; d = json.load(sys.stdin); print(eval(sys.argv[1]))" "$1"; }
refused() { if "$@" >"$root/refused.out" 2>&1; then fail "accepted: $*"; fi; echo "e2e:   refused: $(tail -n 1 "$root/refused.out")"; }
# expect_rejected OUTPUT: a push the server refused on its own, in its answer.
expect_rejected() { case "$1" in rejected:*) echo "e2e:   server: $1" ;; *) fail "the server took it: $1" ;; esac; }
pairing_code() { parent family pair --json "$@" | json "d['payload']"; }

# The game: a copy of sleep under a name of its own, so two runs on one machine never stop each other's.
game="e2egame$((RANDOM % 100000))"
mkdir -p "$root/bin"
cp "$(command -v sleep)" "$root/bin/$game"
start_game() { "$root/bin/$game" 600 & game_pid=$!; }
expect_stopped() {
    within=5 wait_until "the shield to stop $game" gone "$game_pid"
    wait "$game_pid" 2>/dev/null || true
    game_pid=""
}

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
server="http://127.0.0.1:$port"
"$bin" serve --data-dir "$root/server" --port "$port" >>"$root/server.log" 2>&1 &
server_pid=$!
wait_until "the server" curl -sf "$server/healthz"

echo "e2e: a parent pairs Anna's laptop and Anna's phone with the child name Anna, Ben's phone with Ben"
parent family setup parent --name "Parent laptop" >/dev/null
parent family create --server "$server" --plaintext >/dev/null   # the simulated phones push plaintext
refused parent family pair --mode self --child Anna
refused parent family pair --child $'An\tna'
laptop family setup child --name "Anna's laptop" >/dev/null
laptop family join "$(pairing_code --child Anna)" >/dev/null
phone pair "$root/anna-phone.json" "$(pairing_code --child Anna)" "Anna's iPhone" >/dev/null
phone pair "$root/ben-phone.json" "$(pairing_code --child Ben)" "Ben's iPhone" >/dev/null
children=$(parent family devices --json | json "'|'.join(sorted(x['deviceName'] + '=' + str(x.get('childName')) for x in d))")
[ "$children" = "Anna's iPhone=Anna|Anna's laptop=Anna|Ben's iPhone=Ben|Parent laptop=None" ] || fail "devices: $children"
parent family devices | grep -q "^Anna's iPhone  child (Anna)  " || fail "family devices does not name the child: $(parent family devices)"

echo "e2e: the laptop's agent blocks the game while the steps goal (10,000) is unmet"
laptop gate block add "$game" >/dev/null
"$bin" --data-dir "$root/laptop" run >>"$root/laptop.log" 2>&1 &
laptop_pid=$!
wait_until "the laptop's agent" test -s "$root/laptop/agent.json"
laptop stop >/dev/null # breaks off: only the gate matters here
gate() { laptop gate status --json | json "$1"; }
steps() { gate "int([g for g in d['goals'] if g['kind'] == 'steps'][0]['current'])"; }
source_device() { gate "(d.get('healthSource') or {}).get('deviceName')"; }
[ "$(gate "d['state']")" = closed ] || fail "the gate is not closed with no steps"
start_game
expect_stopped

today=$(date +%F)
echo "e2e: Anna's phone walks 6,000 steps: the laptop's gate shows them, still closed"
[ "$(phone push "$root/anna-phone.json" "$today" 6000)" = applied ] || fail "the phone's totals were not applied"
wait_until "the phone's steps at the laptop" is 6000 steps
[ "$(source_device)" = "Anna's iPhone" ] || fail "the gate's source is $(source_device)"
[ "$(gate "d['state']")" = closed ] || fail "the gate opened at 6,000 steps"
laptop gate status | grep -q "^Health data: Anna's iPhone, read " || fail "gate status does not name the phone: $(laptop gate status)"
start_game
expect_stopped

echo "e2e: Ben's phone walks 20,000 steps: Anna's gate never counts them"
[ "$(phone push "$root/ben-phone.json" "$today" 20000)" = applied ] || fail "Ben's totals were not applied"
sleep 2
[ "$(steps)" = 6000 ] || fail "Anna's gate counts $(steps) steps after Ben's phone sent 20,000"
[ "$(gate "d['state']")" = closed ] || fail "Ben's steps opened Anna's gate"

echo "e2e: bad totals: the server refuses what the envelope shows, the gate ignores what only the body shows"
late=$(python3 -c "import datetime; print(datetime.date.today() + datetime.timedelta(days=3))")
expect_rejected "$(phone push "$root/anna-phone.json" "$late" 12000)"
laptop_id=$(laptop family status --json | json "d['device']['id']")
expect_rejected "$(phone push "$root/anna-phone.json" "$today" 12000 --record-device "$laptop_id")"
[ "$(phone push "$root/anna-phone.json" "$today" -5)" = applied ] || fail "the server read the body of a push"
within=10 wait_until "the negative steps in the laptop's log" grep -q "ignored: steps of -5 is outside what a day can hold" "$root/laptop.log"
[ "$(phone push "$root/anna-phone.json" "$today" 250000)" = applied ] || fail "the server read the body of a push"
within=10 wait_until "the absurd steps in the laptop's log" grep -q "ignored: steps of 250000 is outside what a day can hold" "$root/laptop.log"
[ "$(gate "d['state']")" = closed ] || fail "bad totals opened the gate"
kill -0 "$laptop_pid" || fail "the laptop's agent died on bad totals"

echo "e2e: Anna's phone reaches 12,000 steps: the gate opens without a restart and the game runs"
[ "$(phone push "$root/anna-phone.json" "$today" 12000 --energy 420 --exercise 35)" = applied ] || fail "the phone's totals were not applied"
wait_until "the gate to open" is open gate "d['state']"
[ "$(gate "d['reason']")" = goalsMet ] || fail "the gate opened for $(gate "d['reason']")"
[ "$(gate "d['healthSource']['fromDevice']")" = "['steps', 'energy', 'exercise']" ] || fail "source: $(gate "d['healthSource']")"
start_game
sleep 3
alive "$game_pid" || fail "the game was stopped with the goal met"
kill "$game_pid"; wait "$game_pid" 2>/dev/null || true; game_pid=""

echo "e2e: health passed in $(($(date +%s) - started_at)) s"
