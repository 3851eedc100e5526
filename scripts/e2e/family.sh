#!/usr/bin/env bash
# End to end, on loopback: a real `lockout serve`, a parent's agent and a child's agent (separate data
# directories) pair by the printed code; the child's day appears at the parent; the parent changes the
# child's breaks and gate and sees them applied at once; the family is end-to-end encrypted, as every new
# one is, so the server holds sealed bodies only; a command sent while the child's agent is dead,
# and one sent while the server is dead, both arrive once; kill -9 of any of the three loses nothing.
# Needs no desktop: the agents write their notifications to their logs.
set -euo pipefail
cd "$(dirname "$0")/../.."

root=$(mktemp -d "${TMPDIR:-/tmp}/lockout-e2e-family.XXXXXX")
unset LOCKOUT_NOW LOCKOUT_CLOCK_SCALE LOCKOUT_CLOCK_EPOCH DBUS_SESSION_BUS_ADDRESS DISPLAY
bin=${LOCKOUT_BIN:-.build/debug/lockout}
server_pid="" parent_pid="" child_pid=""

fail() {
    echo "e2e: FAILED: $*" >&2
    for log in server parent child; do echo "--- $log log" >&2; tail -n 40 "$root/$log.log" >&2 || true; done
    exit 1
}
cleanup() {
    for pid in $server_pid $parent_pid $child_pid; do kill -9 "$pid" 2>/dev/null || true; done
    rm -rf "$root"
}
trap cleanup EXIT

# wait_until DESCRIPTION COMMAND...: retries COMMAND every second for up to $within seconds (default 30);
# slowly enough that a check asking the server stays well inside a device's rate limit (2 requests a second
# after a burst of 120): a parent's check is a whole sync round, which in an end-to-end family also fetches
# the key directory.
wait_until() {
    local what=$1
    shift
    for _ in $(seq "${within:-30}"); do
        if "$@" >/dev/null 2>&1; then return 0; fi
        sleep 1
    done
    fail "timed out waiting for $what"
}
# is EXPECTED FUNCTION [ARGS...]: whether FUNCTION prints EXPECTED (wait_until runs it anew each try).
is() { local expected=$1; shift; [ "$("$@")" = "$expected" ]; }
parent() { "$bin" --data-dir "$root/parent" "$@"; }
child() { "$bin" --data-dir "$root/child" "$@"; }
json() { python3 -c "import json, sys; d = json.load(sys.stdin); print(eval(sys.argv[1]))" "$1"; }
refused() { if "$@" >"$root/refused.out" 2>&1; then fail "accepted: $*"; fi; echo "e2e:   refused: $(tail -n 1 "$root/refused.out")"; }

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
server="http://127.0.0.1:$port"
start_server() {
    "$bin" serve --data-dir "$root/server" --port "$port" >>"$root/server.log" 2>&1 &
    server_pid=$!
    wait_until "the server" curl -sf "$server/healthz"
}
# The agents are started as the binary itself, not through the functions above: `$!` must be the
# agent's own pid, or kill -9 would hit a subshell and leave the agent running.
start_parent() {
    "$bin" --data-dir "$root/parent" run >>"$root/parent.log" 2>&1 &
    parent_pid=$!
    wait_until "the parent's agent" test -s "$root/parent/agent.json"
}
start_child() {
    "$bin" --data-dir "$root/child" run >>"$root/child.log" 2>&1 &
    child_pid=$!
    wait_until "the child's agent" test -s "$root/child/agent.json"
}
# kill9 PID: SIGKILL, and wait until the process is gone.
kill9() {
    kill -9 "$1"
    wait "$1" 2>/dev/null || true
    ! kill -0 "$1" 2>/dev/null || fail "process $1 survived kill -9"
}

echo "e2e: a server started with one command"
start_server

echo "e2e: the parent starts a family and shows a pairing code"
parent family setup parent --name "Parent laptop" >/dev/null
refused parent family create --server "ftp://127.0.0.1:$port"
parent family create --server "$server" >"$root/create.txt"
grep -q 'end-to-end encrypted' "$root/create.txt" || fail "a new family is not end-to-end encrypted: $(cat "$root/create.txt")"
start_parent
parent family pair >"$root/pair.txt"
grep -q '█' "$root/pair.txt" || fail "the pairing code has no QR code"
payload=$(grep -o 'lockout-pair:[A-Za-z0-9_-]*' "$root/pair.txt" | head -n 1)
[ -n "$payload" ] || fail "no pairing payload printed"
scanned=$(scripts/e2e/scan-terminal-qr.py "$root/pair.txt") || fail "the printed QR code does not scan"
[ "$scanned" = "$payload" ] || fail "the QR code scans as '$scanned', not the printed code"
echo "e2e:   the QR code drawn in the terminal scans as the printed code"

echo "e2e: the child joins with the printed code"
child family setup child --name "Anna's laptop" >/dev/null
refused child family join "lockout-pair:garbage"
start_child
child family join "$payload" >/dev/null
"$bin" --data-dir "$root/other" family setup child --name "Someone else" >/dev/null
refused "$bin" --data-dir "$root/other" family join "$payload"
devices() { parent family devices --json | json "'|'.join(sorted(d['deviceName'] for d in d))"; }
[ "$(devices)" = "Anna's laptop|Parent laptop" ] || fail "devices: $(devices)"

echo "e2e: the child's day appears at the parent"
child health log steps 6240 >/dev/null
steps_at_parent() { parent family usage "Anna's laptop" --json | json "d[-1]['steps'] if d else 0"; }
# The first summary went when the child joined; a changed one follows at most a minute later.
within=75 wait_until "the child's steps at the parent" is 6240 steps_at_parent

echo "e2e: the parent changes the child's breaks and gate; the running child applies them at once"
refused parent family send "Anna's laptop" schedule eye --every 0m
refused parent family send "Nobody" snooze 5m
# The local command's words, and the shorter ones.
parent family send "Anna's laptop" schedule set eye --every 25m >/dev/null
parent family send "Anna's laptop" goal set steps 12000 >/dev/null
eye_interval() { child schedule --json | json "[k for k in d['sections'] if k['kind'] == 'eye'][0]['interval']['value']"; }
steps_goal() { child gate status --json | json "[g for g in d['goals'] if g['kind'] == 'steps'][0]['target']"; }
wait_until "the eye interval at the child" is 25 eye_interval
wait_until "the steps goal at the child" is 12000 steps_goal
applied() { parent family commands --json | json "sum(1 for c in d if c['status'] == 'applied')"; }
wait_until "two acknowledgements at the parent" is 2 applied

echo "e2e: a weaker goal from the parent applies at once while the child's goal is unmet"
parent family send "Anna's laptop" gate goal set steps 5000 >/dev/null
wait_until "the lowered goal at the child" is 5000 steps_goal

echo "e2e: kill -9 of the child's agent; a command sent meanwhile applies once at its next start"
kill9 "$child_pid"; child_pid=""
parent family send "Anna's laptop" schedule micro --every 40m >/dev/null
start_child
micro_interval() { child schedule --json | json "[k for k in d['sections'] if k['kind'] == 'micro'][0]['interval']['value']"; }
wait_until "the micro interval at the child" is 40 micro_interval

echo "e2e: kill -9 of the server; a command waits in the parent's outbox and arrives once the server is back"
kill9 "$server_pid"; server_pid=""
parent family send "Anna's laptop" snooze 7m >/dev/null || true
queued() { parent family status --json | json "d['queued']"; }
[ "$(queued)" -ge 1 ] || fail "the command did not wait in the outbox"
start_server
parent family sync >/dev/null || true
wait_until "the parent's outbox to empty" is 0 queued
snooze() { child settings --json | json "d['snooze']['value']"; }
wait_until "the snooze at the child" is 7 snooze

echo "e2e: kill -9 of the parent's agent; everything sent is acknowledged exactly once"
kill9 "$parent_pid"; parent_pid=""
start_parent
wait_until "five acknowledgements" is 5 applied
count=$(parent family commands --json | json "len(d)")
[ "$count" = 5 ] || fail "the parent sees $count commands, not 5"

echo "e2e: the server holds sealed bodies only, and the status says the family is end-to-end encrypted"
python3 - "$root/server/server.sqlite" <<'PY' || fail "the server holds a plaintext body"
import sqlite3, sys
rows = sqlite3.connect(sys.argv[1]).execute("SELECT type, deleted, body FROM record").fetchall()
plain = [(t, b[:40]) for t, deleted, b in rows if not b.startswith("e1.") and not (t == "device" and deleted)]
assert rows and not plain, plain
PY
parent family status | grep -q "Encryption: end-to-end encrypted" || fail "the parent's status does not say end-to-end encrypted"
child family status | grep -q "Encryption: end-to-end encrypted" || fail "the child's status does not say end-to-end encrypted"

echo "e2e: a revoked child is refused at once"
parent family revoke "Anna's laptop" >/dev/null
refused child family sync
child family status | grep -q "State: error" || fail "the child's status does not say sync fails"

echo "e2e: family passed"
