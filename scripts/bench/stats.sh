#!/usr/bin/env bash
# Statistics over a long history: builds lockout-bench and lockout in release, writes (or reuses) a
# SQLite file holding a million breaks over ten years, times the statistics path in process
# (StatsQuery.report for 7, 14 and 30 days, the CSV export of every day, and their parts), then
# `lockout stats --json` as a whole process on the same file: with hyperfine when it is installed
# (Debian: hyperfine), else a loop of 20 runs. A benchmark, not a test: it prints figures and never
# fails on a timing.
#
#   scripts/bench/stats.sh [--sessions 1000000] [--years 10] [--runs 50]
#
# SCRATCH (default .build) is the build folder; DATA_DIR (default $SCRATCH/bench-stats) holds the
# database, kept between runs. LOCKOUT_NOW and TZ pin "today" for both programs.
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=${SCRATCH:-.build}
data=${DATA_DIR:-$scratch/bench-stats}
export LOCKOUT_NOW=${LOCKOUT_NOW:-2026-11-22T12:00:00Z}
export TZ=${TZ:-UTC}

# One product per build: given --product twice, SwiftPM 6.3 builds only the last one.
for product in lockout-bench lockout; do
    swift build -c release --scratch-path "$scratch" --product "$product"
done
bin=$(swift build -c release --scratch-path "$scratch" --show-bin-path)

echo "machine: $(nproc) cores, $(uname -sm); $(date -u +%Y-%m-%d)"
"$bin/lockout-bench" stats --db "$data/lockout.sqlite" "$@"

echo
echo "lockout stats --json as a whole process (start, open and migrate-check the file, query, print):"
"$bin/lockout" --data-dir "$data" stats --json | cut -c1-120
if command -v hyperfine >/dev/null; then
    results=$(mktemp "${TMPDIR:-/tmp}/lockout-stats-bench.XXXXXX")
    trap 'rm -f "$results"' EXIT
    hyperfine --shell=none --style basic --warmup 3 --runs 50 --export-json "$results" \
        "$bin/lockout --data-dir $data stats --json"
    if command -v python3 >/dev/null; then
        python3 - "$results" <<'PY'
import json, math, sys
times = sorted(t * 1e3 for t in json.load(open(sys.argv[1]))["results"][0]["times"])
rank = lambda f: times[max(math.ceil(f * len(times)), 1) - 1]
print(f"  min {times[0]:.1f}  median {rank(0.5):.1f}  p95 {rank(0.95):.1f}  max {times[-1]:.1f} ms ({len(times)} runs)")
PY
    fi
else
    for _ in $(seq 20); do
        start=$(date +%s%N)
        "$bin/lockout" --data-dir "$data" stats --json >/dev/null
        echo $(( $(date +%s%N) - start ))
    done | sort -n | awk '{ t[NR] = $1 / 1e6 } END {
        printf "  min %.1f  median %.1f  p95 %.1f  max %.1f ms (%d runs, bash loop)\n",
            t[1], t[int((NR + 1) / 2)], t[int(NR * 0.95 + 0.999)], t[NR], NR }'
fi
