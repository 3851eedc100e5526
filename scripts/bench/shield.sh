#!/usr/bin/env bash
# What the Linux app shield costs: CPU time and context switches of a small driver (`lockout-bench shield`)
# over SECONDS with the shield off, then over SECONDS shielding one name, with about PROCESSES processes
# on the machine (idle `sleep`s are started to make up the number). A benchmark, not a test: it prints
# figures and never fails on a timing.
#
#   scripts/bench/shield.sh [SECONDS] [PROCESSES]      (defaults: 60, 300)
#
# SCRATCH (default .build) is the build folder.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
wanted=${2:-300}
scratch=${SCRATCH:-.build}

swift build -c release --scratch-path "$scratch" --product lockout-bench >/dev/null
bin=$(swift build -c release --scratch-path "$scratch" --show-bin-path)

fillers=()
trap 'for pid in "${fillers[@]}"; do kill "$pid" 2>/dev/null || true; done' EXIT
count() { ls /proc | grep -c '^[0-9]*$'; }
while [ "$(count)" -lt "$wanted" ]; do
    for _ in $(seq $((wanted - $(count)))); do sleep 100000 & fillers+=($!); done
done

echo "machine: $(nproc) cores, $(uname -sm); $(date -u +%Y-%m-%d)"
"$bin/lockout-bench" shield "$seconds"
