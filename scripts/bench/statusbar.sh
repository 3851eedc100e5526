#!/usr/bin/env bash
# What a status bar following the breaks costs the agent: context switches and CPU time of
# `lockout run` with no follower, then while `lockout status --follow --format waybar` follows a
# break countdown, for SECONDS each (default 60). The countdown shows whole minutes, so the
# follower should add one wake-up a minute, not one a second. Needs perf (Debian: linux-perf).
#
#   scripts/bench/statusbar.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}

# shellcheck source=agent.sh
. scripts/bench/agent.sh
start_agent statusbar
follower=""
trap 'kill $pid $follower 2>/dev/null || true; rm -rf "$data"' EXIT
sleep 2

measure() { # measure LABEL
    local counts switches cpu_ms lines_before lines_after
    lines_before=0
    [ -f "$data/bar" ] && lines_before=$(wc -l <"$data/bar")
    counts=$(perf stat -x, -e context-switches,task-clock -p "$pid" -- sleep "$seconds" 2>&1)
    lines_after=0
    [ -f "$data/bar" ] && lines_after=$(wc -l <"$data/bar")
    switches=$(printf '%s\n' "$counts" | awk -F, '/context-switches/ {print $1}')
    cpu_ms=$(printf '%s\n' "$counts" | awk -F, '/task-clock/ {printf "%.1f", $1}')
    echo "$1 for ${seconds} s: ${switches} context switches ($(awk -v s="$switches" -v t="$seconds" 'BEGIN {printf "%.1f", s * 60 / t}') per minute), ${cpu_ms} ms CPU, $((lines_after - lines_before)) lines to the status bar"
}

measure "no follower, breaks running"
"$bin" --data-dir "$data" status --follow --format waybar >"$data/bar" &
follower=$!
sleep 2
measure "following the break countdown"
