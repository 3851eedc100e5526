# Shared by the agent benchmarks: builds `lockout` as the README installs it (release, with the
# Swift runtime and Foundation linked in statically) and starts `lockout run` on a fresh data
# directory. Source it, then call `start_agent NAME`; it sets `bin`, `data` and `pid`. A function
# `prepare_data DIR`, when defined, runs on the fresh data directory before the agent starts.
# With LOCKOUT_BENCH_BIN, that binary is measured instead (say, one built from an earlier commit).
start_agent() {
    if [ -n "${LOCKOUT_BENCH_BIN:-}" ]; then
        bin=$LOCKOUT_BENCH_BIN
    else
        swift build -c release --static-swift-stdlib --scratch-path .build-static --product lockout >/dev/null
        bin=.build-static/release/lockout
    fi
    data=$(mktemp -d "${TMPDIR:-/tmp}/lockout-$1.XXXXXX")
    if declare -F prepare_data >/dev/null; then prepare_data "$data"; fi
    "$bin" --data-dir "$data" run >"$data/agent.log" 2>&1 &
    pid=$!
    for _ in $(seq 100); do [ -s "$data/agent.json" ] && break; sleep 0.1; done
}
