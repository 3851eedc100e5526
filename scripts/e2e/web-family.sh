#!/usr/bin/env bash
# End to end in a real browser: a family set up and steered without a terminal. A real `lockout serve`,
# a parent's agent and a child's agent (separate data directories); in Chromium the three mode choices are
# laid out alike, the parent chooses its mode, starts the family and shows a pairing code, the child's page
# joins with it, and the parent opens the child's device, sends a break schedule and sees it acknowledged —
# applied by the child's running agent;
# then marks a child's program for rewards and grants points, which the child's agent applies and its Rewards page shows.
# The child's device is named (from its CLI) and the parent's quest titled with markup that would send a page
# elsewhere: both show it as text and stay where they are.
set -euo pipefail
cd "$(dirname "$0")/../.."

root=$(mktemp -d "${TMPDIR:-/tmp}/lockout-web-family.XXXXXX")
unset LOCKOUT_NOW LOCKOUT_CLOCK_SCALE LOCKOUT_CLOCK_EPOCH DBUS_SESSION_BUS_ADDRESS DISPLAY
bin=${LOCKOUT_BIN:-.build/debug/lockout}
screenshots=${LOCKOUT_SCREENSHOTS:-$root/screens}
mkdir -p "$screenshots"
pids=()
fail() {
    echo "e2e: FAILED: $*" >&2
    for log in server parent child; do echo "--- $log log" >&2; tail -n 30 "$root/$log.log" >&2 || true; done
    exit 1
}
cleanup() {
    for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
    rm -rf "$root"
}
trap cleanup EXIT
wait_for() { for _ in $(seq 100); do [ -s "$1" ] && return 0; sleep 0.1; done; fail "no $1"; }

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$bin" serve --data-dir "$root/server" --port "$port" >"$root/server.log" 2>&1 &
pids+=($!)
disown
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
for side in parent child; do
    "$bin" --data-dir "$root/$side" run >"$root/$side.log" 2>&1 &
    pids+=($!)
    disown  # killed outright at the end: no job report
    wait_for "$root/$side/agent.json"
done

echo "e2e: a family in the browser"
python3 scripts/e2e/web-family.py --lockout "$bin" --root "$root" --server "http://127.0.0.1:$port" --screenshots "$screenshots" ||
    fail "the browser test failed"
"$bin" --data-dir "$root/child" schedule --json | python3 -c '
import json, sys
eye = [s for s in json.load(sys.stdin)["sections"] if s["kind"] == "eye"][0]
assert eye["interval"]["value"] == 25, eye' || fail "the child's eye breaks are not every 25 minutes"
echo "e2e: web family passed"
