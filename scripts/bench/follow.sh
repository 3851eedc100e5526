#!/usr/bin/env bash
# What a status bar costs the agent: context switches and CPU time of `lockout run` while
# `lockout focus status --follow --format waybar` follows a paused session, then a running one,
# for SECONDS each (default 60). A paused session should cost nothing; a running one one update a
# second. Needs perf (Debian: linux-perf).
#
#   scripts/bench/follow.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}

# shellcheck source=agent.sh
. scripts/bench/agent.sh
start_agent follow
follower=""
trap 'kill $pid $follower 2>/dev/null || true; rm -rf "$data"' EXIT
lockout() { "$bin" --data-dir "$data" "$@" >/dev/null; }
lockout stop  # breaks off: only the focus session can wake the agent
lockout focus start --mode timer --duration 120m
lockout focus pause
"$bin" --data-dir "$data" focus status --follow --format waybar >"$data/bar" &
follower=$!
sleep 2

measure() { # measure LABEL
    local counts switches cpu_ms lines_before lines_after
    lines_before=$(wc -l <"$data/bar")
    counts=$(perf stat -x, -e context-switches,task-clock -p "$pid" -- sleep "$seconds" 2>&1)
    lines_after=$(wc -l <"$data/bar")
    switches=$(printf '%s\n' "$counts" | awk -F, '/context-switches/ {print $1}')
    cpu_ms=$(printf '%s\n' "$counts" | awk -F, '/task-clock/ {printf "%.1f", $1}')
    echo "$1 for ${seconds} s: ${switches} context switches ($(awk -v s="$switches" -v t="$seconds" 'BEGIN {printf "%.1f", s * 60 / t}') per minute), ${cpu_ms} ms CPU, $((lines_after - lines_before)) lines to the status bar"
}

measure "following a paused session"
lockout focus resume
sleep 1
measure "following a running session"
echo "agent RSS while followed: $(awk '/VmRSS/ {print $2}' "/proc/$pid/status") KiB"
