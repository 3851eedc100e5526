#!/usr/bin/env bash
# Importing an Apple Health export: builds lockout-bench in release, writes (or reuses) a realistic
# generated export.xml of SIZE (default 1G) with scripts/bench/gen-health-export.py, then imports it
# in process the way `lockout health import` does, printing MB/s, peak RSS (VmHWM) and the totals found.
# With the zip command (Debian: zip) it also zips the file once and imports export.zip, which streams
# through `unzip -p` (Debian: unzip). A benchmark, not a test: it prints figures and never fails on a timing.
#
#   scripts/bench/health-import.sh [SIZE] [--runs 3]
#
# SCRATCH (default .build) is the build folder; DATA_DIR (default $SCRATCH/bench-health) holds the
# generated files, kept between runs. TZ (default Europe/Berlin) is the calendar days are counted in.
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=${SCRATCH:-.build}
data=${DATA_DIR:-$scratch/bench-health}
size=${1:-1G}
[ $# -gt 0 ] && shift
export TZ=${TZ:-Europe/Berlin}

swift build -c release --scratch-path "$scratch" --product lockout-bench
bin=$(swift build -c release --scratch-path "$scratch" --show-bin-path)

mkdir -p "$data"
xml="$data/export-$size.xml"
if [ ! -s "$xml" ]; then
    python3 scripts/bench/gen-health-export.py "$xml.partial" --size "$size"
    mv "$xml.partial" "$xml"
fi

echo "machine: $(nproc) cores, $(uname -sm), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(date -u +%Y-%m-%d)"
echo "file: $xml, $(stat -c %s "$xml") bytes"
"$bin/lockout-bench" health-import "$xml" "$@"

if command -v zip >/dev/null && command -v unzip >/dev/null; then
    archive="$data/export-$size.zip"
    if [ ! -s "$archive" ]; then
        staging="$data/zip-staging"
        rm -rf "$staging" && mkdir -p "$staging/apple_health_export"
        ln "$xml" "$staging/apple_health_export/export.xml" 2>/dev/null || cp "$xml" "$staging/apple_health_export/export.xml"
        (cd "$staging" && zip -q -r "$PWD/../$(basename "$archive").partial" apple_health_export)
        mv "$archive.partial" "$archive"
        rm -rf "$staging"
    fi
    echo
    echo "file: $archive, $(stat -c %s "$archive") bytes compressed"
    "$bin/lockout-bench" health-import "$archive" "$@"
else
    echo "(zip or unzip not installed: export.zip not measured)"
fi
