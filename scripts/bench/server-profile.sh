#!/usr/bin/env bash
# Where a family server's request goes: one `lockout serve` on SQLite under wrk (2 threads, 64 connections),
# measured with perf — the CPU time and the context switches the server spends per request, and the functions
# that take the most of its samples.
#
#   scripts/bench/server-profile.sh [pushes|sealed|reads] [SECONDS] [DEVICES]   (defaults: sealed, 10 s, 200)
#   LOCKOUT_BENCH_BIN=DIR/lockout scripts/bench/server-profile.sh ...       (a release build made before)
#   LOCKOUT_PROFILE_KEEP=FILE scripts/bench/server-profile.sh ...          (keeps perf's data, for perf report -i FILE)
#
# Needs wrk and perf (Debian: wrk, linux-perf), and permission to profile (root, or perf_event_paranoid ≤ 1).
set -euo pipefail
cd "$(dirname "$0")/../.."
load=${1:-sealed}
seconds=${2:-10}
devices=${3:-200}
case "$load" in pushes | sealed | reads) ;; *) echo "server-profile.sh: pushes, sealed or reads, not '$load'" >&2; exit 64 ;; esac
for tool in wrk perf; do
    command -v "$tool" >/dev/null || { echo "server-profile.sh: needs $tool" >&2; exit 69; }
done
if [[ -n ${LOCKOUT_BENCH_BIN:-} ]]; then
    bin=$LOCKOUT_BENCH_BIN
else
    swift build -c release --static-swift-stdlib --scratch-path .build-static --product lockout >/dev/null
    bin=.build-static/release/lockout
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/lockout-profile.XXXXXX")
server=
cleanup() {
    [[ -n $server ]] && kill "$server" 2>/dev/null || true
    if [[ -n ${LOCKOUT_PROFILE_KEEP:-} ]]; then cp "$work/perf.data" "$LOCKOUT_PROFILE_KEEP" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
LOCKOUT_LOG_LEVEL=warning "$bin" serve --data-dir "$work/data" --port "$port" --device-rate 10000 --open-rate 10000 >"$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
python3 scripts/bench/family-devices.py "http://127.0.0.1:$port" "$devices" "$work/load.lua" $([[ $load == sealed ]] && echo --sealed) >/dev/null
script=$work/load.lua
[[ $load == reads ]] && script=$work/load-read.lua

wrk -t2 -c64 -d"$((seconds + 2))s" -s "$script" "http://127.0.0.1:$port" >"$work/wrk.txt" &
wrk_pid=$!
sleep 1
perf stat -e task-clock,context-switches -x, -o "$work/stat.csv" -p "$server" -- sleep "$seconds" 2>/dev/null &
stat_pid=$!
perf record -F 499 -g -o "$work/perf.data" -p "$server" -- sleep "$seconds" >/dev/null 2>&1
wait "$stat_pid" "$wrk_pid"

requests=$(awk '/Requests\/sec/ {print $2}' "$work/wrk.txt")
python3 - "$work/stat.csv" "$requests" "$seconds" "$load" <<'PY'
import sys
stat, rps, seconds, load = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
values = {}
for line in open(stat):
    parts = line.strip().split(",")
    if len(parts) > 2 and parts[0] and not line.startswith("#"):
        values[parts[2]] = float(parts[0])
requests = rps * seconds
print("%s: %.0f requests/s; the server spent %.0f µs of CPU and %.1f context switches per request"
      % (load, rps, values["task-clock"] * 1000 / requests, values["context-switches"] / requests))
PY
echo
echo "The server's own functions by share of its samples (self time, ≥ 1.5 %):"
perf report -i "$work/perf.data" --stdio --no-children --sort sym --percent-limit 1.5 -g none 2>/dev/null \
    | grep -E '^ +[0-9]' | sed -E 's/ +\[[.k]\] / /' | cut -c1-150
