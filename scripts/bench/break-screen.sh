#!/usr/bin/env bash
# The break screen's start and memory: from the moment the agent shows a due break to the first frame on every
# monitor, and the resident memory while it shows, for the native break screen (`lockout-break-screen`) and, on
# X11, beside it the browser window (Debian's Chromium, the `window` setting). The real agent at 120× takes RUNS
# breaks (default 5) of each, answering each with `lockout break done` once it is measured.
#
#   scripts/e2e/with-desktop.sh scripts/bench/break-screen.sh [RUNS] [sway]
#
# Inside with-desktop.sh (Xvfb 1024×768, one monitor) under openbox; with `sway`, on a headless sway of the bench's
# own with two 1280×720 outputs (run as nobody under root), native only (the browser window needs Xwayland).
# The native screen's time is its own log line (`first frame on every monitor (N) … ms after the break was shown`,
# counted from LOCKOUT_BREAK_SHOWN_AT, which the agent sets as it starts the program); the browser's is from its
# process's start (the agent starts it as it shows the break; /proc's start time, 10 ms steps) to its window,
# titled with the break, being mapped. Memory: VmRSS of the program; for the browser, the sum of VmRSS and of
# PSS (shared pages split among its processes) over all its processes, 1 s after its window is there.
# Release builds as the README installs them (agent.sh's); with LOCKOUT_BENCH_BIN, that lockout is measured, with the
# lockout-break-screen beside it.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
desktop=${2:-x11}

if [ -n "${LOCKOUT_BENCH_BIN:-}" ]; then
    bin=$LOCKOUT_BENCH_BIN
else
    for product in lockout lockout-break-screen; do
        swift build -c release --static-swift-stdlib --scratch-path .build-static --product "$product" >/dev/null
    done
    bin=.build-static/release/lockout
fi
[ -x "$(dirname "$bin")/lockout-break-screen" ] || { echo "no lockout-break-screen beside $bin" >&2; exit 1; }
data="" agent_pid="" wm_pid="" sway_pid="" runtime=""
lockout() { "$bin" --data-dir "$data" "$@"; }
stop_agent() {
    if [ -n "$agent_pid" ]; then kill "$agent_pid" 2>/dev/null || true; wait "$agent_pid" 2>/dev/null || true; fi
    if [ -n "$data" ]; then
        for pid in $(pgrep -f -- "--user-data-dir=$data/break-window" || true); do kill "$pid" 2>/dev/null || true; done
        rm -rf "$data"
    fi
    agent_pid="" data=""
}
cleanup() {
    stop_agent
    kill ${wm_pid:-} ${sway_pid:-} 2>/dev/null || true
    if [ -n "$runtime" ]; then rm -rf "$runtime"; fi
}
trap cleanup EXIT
# wait_for SECONDS COMMAND...: retries COMMAND every 20 ms.
wait_for() {
    local deadline=$(($(date +%s) + $1))
    shift
    until "$@" >/dev/null 2>&1; do
        [ "$(date +%s)" -lt "$deadline" ] || { echo "bench: timed out waiting for: $*" >&2; return 1; }
        sleep 0.02
    done
}

if [ "$desktop" = sway ]; then
    runtime=$(mktemp -d /tmp/lockout-sway.XXXXXX)
    printf 'xwayland disable\n' >"$runtime/config"
    sway=(sway -c "$runtime/config")
    if [ "$(id -u)" = 0 ]; then
        chown -R 65534:65534 "$runtime"
        sway=(setpriv --reuid=65534 --regid=65534 --clear-groups -- "${sway[@]}")
    fi
    env -i PATH="$PATH" HOME="$runtime" XDG_RUNTIME_DIR="$runtime" WLR_BACKENDS=headless WLR_HEADLESS_OUTPUTS=2 \
        WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 "${sway[@]}" >"$runtime/sway.log" 2>&1 &
    sway_pid=$!
    wayland_socket() { ls "$runtime"/wayland-* 2>/dev/null | grep -v '\.lock$' | head -n 1; }
    has_socket() { [ -n "$(wayland_socket)" ]; }
    wait_for 30 has_socket || { cat "$runtime/sway.log" >&2; exit 1; }
    export WAYLAND_DISPLAY XDG_SESSION_TYPE=wayland XDG_CURRENT_DESKTOP=sway XDG_RUNTIME_DIR="$runtime"
    WAYLAND_DISPLAY=$(wayland_socket)
    unset DISPLAY
    modes=(native)
else
    : "${DISPLAY:?run this inside scripts/e2e/with-desktop.sh}"
    openbox >/dev/null 2>&1 &
    wm_pid=$!
    modes=(native window)
fi

start_agent() {
    data=$(mktemp -d "${TMPDIR:-/tmp}/lockout-bench-screen.XXXXXX")
    lockout settings set natural-breaks off >/dev/null
    lockout settings set break-screen "$1" >/dev/null
    LOCKOUT_CLOCK_SCALE=120 "$bin" --data-dir "$data" run >"$data/agent.log" 2>&1 &
    agent_pid=$!
    wait_for 30 test -s "$data/agent.json"
}
state_is() { [ "$(lockout status --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["state"])')" = "$1" ]; }
frames_are() { [ "$(grep -c 'first frame on every monitor' "$data/agent.log")" = "$1" ]; }
screen_gone() { ! pgrep -f -- "lockout-break-screen --data-dir $data" >/dev/null; }
browser_pids() { pgrep -f -- "--user-data-dir=$data/break-window" || true; }
browser_gone() { [ -z "$(browser_pids)" ]; }
titled() { xdotool search --onlyvisible --name " — LockOut$" >/dev/null; }
kib() { awk '/^VmRSS:/ {print $2}' "/proc/$1/status" 2>/dev/null || echo 0; }
pss() { awk '/^Pss:/ {print $2}' "/proc/$1/smaps_rollup" 2>/dev/null || echo 0; }
mib() { awk -v k="$1" 'BEGIN {printf "%.1f", k / 1024}'; }
ticks=$(getconf CLK_TCK)

for mode in "${modes[@]}"; do
    start_agent "$mode"
    times=() rss=() pss_all=()
    for run in $(seq "$runs"); do
        wait_for 60 state_is breakPending
        if [ "$mode" = native ]; then
            wait_for 30 frames_are "$run"
            times+=("$(grep 'first frame on every monitor' "$data/agent.log" | tail -n 1 | sed -E 's/.* ([0-9]+) ms after.*/\1/')")
            sleep 1
            pid=$(pgrep -f -- "lockout-break-screen --data-dir $data" | head -n 1)
            rss+=("$(kib "$pid")")
            lockout break done >/dev/null
            wait_for 10 screen_gone
        else
            wait_for 30 test -n "$(browser_pids)"
            main=$(pgrep -o -f -- "--user-data-dir=$data/break-window")
            started=$(awk '{print $22}' "/proc/$main/stat")
            wait_for 30 titled
            now=$(awk '{print $1}' /proc/uptime)
            times+=("$(awk -v now="$now" -v s="$started" -v t="$ticks" 'BEGIN {printf "%.0f", (now - s / t) * 1000}')")
            sleep 1
            total=0 shared=0
            for pid in $(browser_pids); do total=$((total + $(kib "$pid"))) shared=$((shared + $(pss "$pid"))); done
            rss+=("$total") pss_all+=("$shared") processes=$(browser_pids | wc -l)
            lockout break done >/dev/null
            wait_for 10 browser_gone
        fi
    done
    sorted=$(printf '%s\n' "${times[@]}" | sort -n | paste -sd' ')
    median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
    max_rss=$(printf '%s\n' "${rss[@]}" | sort -n | tail -n 1)
    label=$([ "$mode" = native ] && echo "native (lockout-break-screen)" || echo "browser window (chromium)")
    echo "$label on $desktop, $runs breaks: due → first frame on every monitor ${sorted} ms (median ${median}); RSS while it shows up to $(mib "$max_rss") MiB"
    if [ "$mode" = window ]; then
        echo "  (RSS summed over its $processes processes at the last break; PSS summed: up to $(mib "$(printf '%s\n' "${pss_all[@]}" | sort -n | tail -n 1)") MiB)"
    fi
    stop_agent
done
