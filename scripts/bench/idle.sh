#!/usr/bin/env bash
# How the agent idles: RSS, CPU time and context switches of `lockout run` over a quiet period
# (default 300 s) with its database open, an API request served first, a 60-minute focus timer
# running and a task reminder set for tomorrow. Nothing falls due in the window (the first break is
# 20 minutes out). Needs perf (Debian: linux-perf) for exact counts;
# without it, falls back to summing the threads' ctxt_switches from /proc.
# With `gate`, the health gate is set up too: a program blocked and today's 10,000 steps logged, so
# the gate is open and its next deadline is midnight. With `probe`, the data directory starts with the
# endpoint file of an agent that is gone (a live pid, a port where nothing listens), so the agent's
# start-up check for a second agent makes and shuts down its HTTP client first.
#
#   scripts/bench/idle.sh [SECONDS] [gate|probe]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-300}
scenario=${2:-}

# shellcheck source=agent.sh
. scripts/bench/agent.sh
if [ "$scenario" = probe ]; then
    prepare_data() { printf '{"pid":1,"port":9,"token":"stale"}' >"$1/agent.json"; }
fi
start_agent idle
trap 'kill $pid 2>/dev/null || true; rm -rf "$data"' EXIT
"$bin" --data-dir "$data" status >/dev/null   # the API has served a request
"$bin" --data-dir "$data" focus start --mode timer --duration 60m >/dev/null
"$bin" --data-dir "$data" task add "Send the report" --due "$(date -d tomorrow +%F) 11:00" --remind 1h-before >/dev/null
if [ "$scenario" = gate ]; then
    "$bin" --data-dir "$data" gate block add steam >/dev/null
    "$bin" --data-dir "$data" health log steps 10000 >/dev/null
fi
sleep 2

ticks=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
before=$(cpu_ticks)
if command -v perf >/dev/null && perf stat -e context-switches true >/dev/null 2>&1; then
    counts=$(perf stat -x, -e context-switches,task-clock -p "$pid" -- sleep "$seconds" 2>&1)
    switches=$(printf '%s\n' "$counts" | awk -F, '/context-switches/ {print $1}')
    cpu_ms=$(printf '%s\n' "$counts" | awk -F, '/task-clock/ {printf "%.3f", $1}')
    method="perf stat"
else
    sum() { cat /proc/"$pid"/task/*/status | awk '/ctxt_switches/ {s += $2} END {print s}'; }
    first=$(sum); sleep "$seconds"; last=$(sum)
    switches=$((last - first))
    cpu_ms=$(( ($(cpu_ticks) - before) * 1000 / ticks ))
    method="/proc (tick resolution)"
fi
rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
threads=$(ls "/proc/$pid/task" | wc -l)

case "$scenario" in
    gate) about=", with the health gate open and a program blocked" ;;
    probe) about=", after probing a stale endpoint file" ;;
    *) about="" ;;
esac
echo "idle for ${seconds} s ($method)${about}:"
echo "  RSS               $((rss / 1024)) MiB (${rss} KiB)"
echo "  CPU               ${cpu_ms} ms"
echo "  context switches  ${switches} ($(awk -v s="$switches" -v t="$seconds" 'BEGIN {printf "%.2f", s * 60 / t}') per minute)"
echo "  threads           ${threads}"
