#!/usr/bin/env bash
# Runs independent end-to-end runs side by side, at most LANES at a time (default 3), each with its output in a
# log of its own, and prints each run's log when it ends — whole when it failed, its last lines otherwise —
# with how long it took. Exits non-zero when any run failed, after every run has ended.
#
#   scripts/e2e/side-by-side.sh NAME=COMMAND ...
#
# Each run starts its own servers, agents, displays and buses on free ports and in fresh directories, so no
# two share anything but the cores. Runs start in the order given: put the longest first.
set -uo pipefail

lanes=${LANES:-3}
logs=$(mktemp -d "${TMPDIR:-/tmp}/lockout-side-by-side.XXXXXX")
trap 'rm -rf "$logs"' EXIT
declare -A started=() pids=()
failed=()
order=()

finish() {
    local name=$1 status=$2
    local took=$((SECONDS - started[$name]))
    if [ "$status" -eq 0 ]; then
        echo "== end-to-end $name: passed in ${took}s"
        tail -n 3 "$logs/$name.log" | sed 's/^/   | /'
    else
        echo "== end-to-end $name: FAILED (exit $status) after ${took}s"
        sed 's/^/   | /' "$logs/$name.log"
        failed+=("$name")
    fi
}

# Waits for one run to end, and reports it.
reap() {
    local pid status name
    wait -n -p pid "${pids[@]}"
    status=$?
    for name in "${!pids[@]}"; do
        if [ "${pids[$name]}" = "$pid" ]; then
            unset "pids[$name]"
            finish "$name" "$status"
            return
        fi
    done
}

for run in "$@"; do
    name=${run%%=*}
    command=${run#*=}
    while [ "${#pids[@]}" -ge "$lanes" ]; do reap; done
    started[$name]=$SECONDS
    order+=("$name")
    bash -c "$command" >"$logs/$name.log" 2>&1 </dev/null &
    pids[$name]=$!
done
while [ "${#pids[@]}" -gt 0 ]; do reap; done

if [ "${#failed[@]}" -gt 0 ]; then
    echo "== end-to-end runs failed: ${failed[*]}"
    exit 1
fi
echo "== end-to-end runs passed: ${order[*]}"
