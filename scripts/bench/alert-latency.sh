#!/usr/bin/env bash
# How late the agent wakes for its deadlines: runs `lockout run` (release) at LOCKOUT_CLOCK_SCALE=60
# (an eye break every 20 s, a waiting break expiring 20 s later, ...) for SECONDS (default 180),
# answering nothing, and reports how many milliseconds after each armed deadline the timer fired.
#
#   scripts/bench/alert-latency.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-180}

swift build -c release --product lockout >/dev/null
bin=.build/release/lockout
data=$(mktemp -d "${TMPDIR:-/tmp}/lockout-latency.XXXXXX")
LOCKOUT_CLOCK_SCALE=60 LOCKOUT_LOG_LEVEL=debug "$bin" --data-dir "$data" run >"$data/agent.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -rf "$data"' EXIT
sleep "$seconds"

grep -o 'late_ms=[-0-9]*' "$data/agent.log" | cut -d= -f2 | sort -n >"$data/late"
count=$(wc -l <"$data/late")
[ "$count" -gt 0 ] || { echo "no deadline was reached"; exit 1; }
median=$(awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}' "$data/late")
echo "deadlines reached in ${seconds} s: ${count}"
echo "  woke after the deadline: min $(head -n 1 "$data/late") ms, median ${median} ms, max $(tail -n 1 "$data/late") ms"
