#!/usr/bin/env bash
# The family server under load: simulated devices, each pushing its day summary, against `lockout serve`
# on SQLite, on PostgreSQL, and on two instances sharing one PostgreSQL, beside a Hummingbird hello-world
# measured in the same run on the same machine; on SQLite and on one PostgreSQL instance also an end-to-end
# family's sealed pushes (a 1 KiB sealed body with its scope, epoch and writer counter). Reports
# requests/s, p50/p99 latency, the ratio to the hello-world, how many devices one instance holds at one
# push a minute each, and for sealed pushes how many the server rejected (none should be).
# Beside them the floors under a push and a read: the hello-world's own routes reading the same bodies (and
# answering a fixed text), decoding and answering them as the family server does, and encoding a read's
# answer — with no authentication and no storage.
#
#   scripts/bench/server-load.sh [SECONDS] [DEVICES]      (defaults: 20 s a run, 200 devices)
#   LOCKOUT_BENCH_BIN=DIR/lockout scripts/bench/server-load.sh ...   (a release build made before)
#   LOCKOUT_BENCH_SQLITE_ONLY=1 scripts/bench/server-load.sh ...      (SQLite and the floor, no PostgreSQL)
#
# Needs wrk (Debian: wrk) and PostgreSQL's server (Debian: postgresql). Everything — the servers, the
# database and wrk — shares this machine's cores, as it would on one small host.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-20}
devices=${2:-200}
command -v wrk >/dev/null || { echo "server-load.sh: needs wrk: sudo apt-get install wrk" >&2; exit 69; }

# LOCKOUT_BENCH_BIN=DIR/lockout measures a build made before (DIR holds its lockout-hello too): another
# version's figures beside this one's, on the same machine.
if [[ -n ${LOCKOUT_BENCH_BIN:-} ]]; then
    bin=$LOCKOUT_BENCH_BIN
else
    swift build -c release --static-swift-stdlib --scratch-path .build-static --product lockout >/dev/null
    swift build -c release --static-swift-stdlib --scratch-path .build-static --product lockout-hello >/dev/null
    bin=.build-static/release/lockout
fi
hello=$(dirname "$bin")/lockout-hello
work=$(mktemp -d "${TMPDIR:-/tmp}/lockout-load.XXXXXX")
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    scripts/e2e/postgres.sh stop "$work/pg" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_for() { for _ in $(seq 100); do curl -sf "$1" >/dev/null && return 0; sleep 0.1; done; echo "not answering: $1" >&2; exit 1; }

# run_wrk NAME URL [SCRIPT]: one wrk run; prints "requests/s p50 p99" (ms).
run_wrk() {
    local out="$work/$1.wrk"
    wrk -t2 -c64 -d"${seconds}s" --latency ${3:+-s "$3"} "$2" >"$out"
    python3 - "$out" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
def ms(label):
    value, unit = re.search(r"^\s+%s\s+([\d.]+)(us|ms|s)" % label, text, re.M).groups()
    return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
failed = int(errors.group(1) if errors else 0)
print("%.0f %.2f %.2f %d" % (rps, ms("50%"), ms("99%"), failed))
PY
}

serve() {  # serve NAME PORT [--db URL]: a server on PORT, logging only warnings
    LOCKOUT_LOG_LEVEL=warning "$bin" serve --data-dir "$work/$1" --port "$2" --device-rate 10000 --open-rate 10000 "${@:3}" \
        >"$work/$1.log" 2>&1 &
    pids+=($!)
    wait_for "http://127.0.0.1:$2/healthz"
}

hello_port=$(free_port)
"$hello" "$hello_port" >"$work/hello.log" 2>&1 &
pids+=($!)
wait_for "http://127.0.0.1:$hello_port/"
read -r hello_rps hello_p50 hello_p99 _ < <(run_wrk hello "http://127.0.0.1:$hello_port/")

results=()
# refused URL...: the mutations the servers at URL... refused so far, by their own metrics (wrk reading every
# answer's body would spend the cores the servers measure on).
refused() {
    for url in "$@"; do curl -sf "$url/metrics"; done \
        | awk '/^lockout_mutations_total\{result="rejected"\}/ {n += $2} END {printf "%d", n}'
}

# measure NAME URL...: devices pushing through each URL at once (one wrk per instance), summed; a NAME
# ending in -sealed makes an end-to-end family's devices. Non-2xx answers and mutations the servers refused
# count as failures.
measure() {
    local name=$1; shift
    python3 scripts/bench/family-devices.py "$1" "$devices" "$work/$name.lua" $([[ $name == *-sealed ]] && echo --sealed) >/dev/null
    local index=0 outs=() before
    before=$(refused "$@")
    for url in "$@"; do
        index=$((index + 1))
        run_wrk "$name-$index" "$url" "$work/$name.lua" >"$work/$name-$index.out" &
        outs+=($!)
    done
    wait "${outs[@]}"
    local refusals=$(( $(refused "$@") - before ))
    results+=("$name $(cat "$work/$name"-*.out | awk -v refused="$refusals" '{r += $1; if ($2 > p50) p50 = $2; if ($3 > p99) p99 = $3; e += $4} END {printf "%.0f %.2f %.2f %d", r, p50, p99, e + refused}')")
}

sqlite_port=$(free_port)
serve sqlite "$sqlite_port"
measure sqlite "http://127.0.0.1:$sqlite_port"
measure sqlite-sealed "http://127.0.0.1:$sqlite_port"
# The same server answering reads: each device's GET /v1/devices (authentication, one query, JSON).
read -r read_rps read_p50 read_p99 read_errors < <(run_wrk sqlite-read "http://127.0.0.1:$sqlite_port" "$work/sqlite-read.lua")
results+=("sqlite-read $read_rps $read_p50 $read_p99 $read_errors")
# The floor under a push: the hello-world's own POST /v1/mutations reads the same bodies, decodes and answers
# them as the family server does, with no authentication and no storage.
read -r floor_rps floor_p50 floor_p99 floor_errors < <(run_wrk floor "http://127.0.0.1:$hello_port" "$work/sqlite.lua")
results+=("floor $floor_rps $floor_p50 $floor_p99 $floor_errors")
read -r floor_rps floor_p50 floor_p99 floor_errors < <(run_wrk floor-read "http://127.0.0.1:$hello_port" "$work/sqlite-read.lua")
results+=("floor-read $floor_rps $floor_p50 $floor_p99 $floor_errors")
# And the framework's own cost of a request with a push's body: read, answered with a fixed text.
body_port=$(free_port)
"$hello" "$body_port" body >"$work/hello-body.log" 2>&1 &
pids+=($!)
wait_for "http://127.0.0.1:$body_port/"
read -r floor_rps floor_p50 floor_p99 floor_errors < <(run_wrk floor-body "http://127.0.0.1:$body_port" "$work/sqlite.lua")
kill "${pids[-1]}"
results+=("floor-body $floor_rps $floor_p50 $floor_p99 $floor_errors")

if [[ -z ${LOCKOUT_BENCH_SQLITE_ONLY:-} ]]; then
pg_url=$(scripts/e2e/postgres.sh start "$work/pg" "$(free_port)")
pg_one=$(free_port)
serve pg-one "$pg_one" --db "$pg_url"
measure postgres "http://127.0.0.1:$pg_one"
measure postgres-sealed "http://127.0.0.1:$pg_one"
pg_two=$(free_port)
serve pg-two "$pg_two" --db "$pg_url"
measure postgres-2 "http://127.0.0.1:$pg_one" "http://127.0.0.1:$pg_two"
fi

echo "family server load, $seconds s per run, $devices devices, wrk -t2 -c64 ($(nproc) cores, $(date +%F))"
echo
echo "| run | requests/s | p50 | p99 | vs hello-world | devices at one push a minute | non-2xx or rejected |"
echo "|---|---|---|---|---|---|---|"
echo "| Hummingbird hello-world | $hello_rps | $hello_p50 ms | $hello_p99 ms | 1.00 | | |"
for line in "${results[@]}"; do
    read -r name rps p50 p99 errors <<<"$line"
    label=$(case "$name" in
        sqlite) echo "SQLite, one instance: pushes" ;;
        sqlite-sealed) echo "SQLite, one instance: sealed pushes" ;;
        sqlite-read) echo "SQLite, one instance: reads" ;;
        floor-body) echo "Floor: a push's body read, a fixed answer (the framework alone)" ;;
        floor) echo "Floor: a push's JSON decoded and answered (no authentication, no storage)" ;;
        floor-read) echo "Floor: a read's answer encoded (no authentication, no storage)" ;;
        postgres) echo "PostgreSQL, one instance: pushes" ;;
        postgres-sealed) echo "PostgreSQL, one instance: sealed pushes" ;;
        *) echo "PostgreSQL, two instances: pushes" ;;
    esac)
    ratio=$(awk -v a="$rps" -v b="$hello_rps" 'BEGIN {printf "%.2f", a / b}')
    devices=$([[ $name == sqlite-read || $name == floor* ]] && echo "" || echo $((rps * 60)))
    echo "| $label | $rps | $p50 ms | $p99 ms | $ratio | $devices | $errors |"
done
