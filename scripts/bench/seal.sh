#!/usr/bin/env bash
# What end-to-end encryption costs a device's sync, per record: sealing a day summary at send, opening it at
# pull, and opening this device's wrap of an epoch key (once a round). A benchmark, not a test: it prints
# figures and never fails on a timing.
#
#   scripts/bench/seal.sh [RUNS]      (default 2000)
#
# SCRATCH (default .build-static) is the build folder.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-2000}
scratch=${SCRATCH:-.build-static}

swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product lockout-bench >/dev/null
bin=$(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)
"$bin/lockout-bench" seal --runs "$runs"
