#!/usr/bin/env bash
# How the agent idles: RSS, CPU time and context switches of `lockout run` over a quiet period
# (default 300 s) with its database open, an API request served first, a 60-minute focus timer
# running and a task reminder set for tomorrow. Nothing falls due in the window (the first break is
# 20 minutes out). Needs perf (Debian: linux-perf) for exact counts;
# without it, falls back to summing the threads' ctxt_switches from /proc.
# With `gate`, the health gate is set up too: a program blocked and today's 10,000 steps logged, so
# the gate is open and its next deadline is midnight. With `probe`, the data directory starts with the
# endpoint file of an agent that is gone (a live pid, a port where nothing listens), so the agent's
# start-up check for a second agent makes and shuts down its HTTP client first. With `family`, a family
# server runs beside it (`lockout serve`, same binary) and the agent's device is a child paired to a
# parent: it holds the server's event stream open and has sent its day summary. With `family-e2e`, the
# same in a family the parent created end-to-end encrypted: before the window the parent's round has
# committed the first key epochs of the child's scopes and the child holds them, has sent everything, and
# every record of its on the server is sealed (its day summary among them), or the run fails. After the window,
# both family scenarios also measure a `lockout family sync` round pushing a changed day summary, and one
# with nothing to send (the agent's CPU and context switches, medians of 5; with perf). With `web`, a browser
# session of the web app is signed in and holds the pages' event stream (`/events`) open, as an open page does.
# With `rewards`, a learning program is marked and none runs; with `learning`, it runs all the time (a
# copy of sleep under its name), so usage is measured. Without a display the agent counts running
# programs (the `processes` method); under an X11 desktop with a window manager it follows the focused window.
# With `closed`, the device is a child's with a reward program marked and no reward time open, so the
# shield is on. With `x11` (beside another scenario), the agent runs on a desktop of the bench's own:
# Xvfb with openbox, which keeps `_NET_CLIENT_LIST`, so the shield hears of new windows. With `sway`, on a headless
# sway of the bench's own (run as nobody under root), with no X display: the agent watches presence over its Wayland
# connection (wayland-idle) and full screen over sway's IPC, and nobody touches the desktop: the window begins once
# the agent is away (20 s in, its threshold), as at a desk left alone.
#
#   scripts/bench/idle.sh [SECONDS] [gate|probe|family|family-e2e|web|rewards|learning|closed] [x11|sway]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-300}
scenario=${2:-}
desktop=${3:-}
if [ "$scenario" = x11 ] || [ "$scenario" = sway ]; then desktop=$scenario scenario=""; fi

# shellcheck source=agent.sh
. scripts/bench/agent.sh
xvfb_pid="" wm_pid="" desktop_dir="" sway_pid=""
stop_desktop() {
    kill ${wm_pid:-} ${xvfb_pid:-} ${sway_pid:-} 2>/dev/null || true
    if [ -n "$desktop_dir" ]; then rm -rf "$desktop_dir"; fi
}
if [ "$desktop" = x11 ]; then
    desktop_dir=$(mktemp -d "${TMPDIR:-/tmp}/lockout-bench-x11.XXXXXX")
    Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp -noreset 3>"$desktop_dir/display" >"$desktop_dir/xvfb.log" 2>&1 &
    xvfb_pid=$!
    trap stop_desktop EXIT
    for _ in $(seq 300); do [ -s "$desktop_dir/display" ] && break; sleep 0.1; done
    DISPLAY=":$(head -n 1 "$desktop_dir/display")"
    export DISPLAY
    unset WAYLAND_DISPLAY SWAYSOCK HYPRLAND_INSTANCE_SIGNATURE
    openbox >"$desktop_dir/openbox.log" 2>&1 &
    wm_pid=$!
    for _ in $(seq 100); do xprop -root _NET_SUPPORTED 2>/dev/null | grep -q _NET_CLIENT_LIST && break; sleep 0.1; done
fi
if [ "$desktop" = sway ]; then
    desktop_dir=$(mktemp -d /tmp/lockout-bench-sway.XXXXXX)
    trap stop_desktop EXIT
    printf 'xwayland disable\n' >"$desktop_dir/config"
    sway=(sway -c "$desktop_dir/config")
    if [ "$(id -u)" = 0 ]; then
        chown -R 65534:65534 "$desktop_dir"
        sway=(setpriv --reuid=65534 --regid=65534 --clear-groups -- "${sway[@]}")
    fi
    env -i PATH="$PATH" HOME="$desktop_dir" XDG_RUNTIME_DIR="$desktop_dir" WLR_BACKENDS=headless WLR_HEADLESS_OUTPUTS=1 \
        WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 "${sway[@]}" >/dev/null 2>&1 &
    sway_pid=$!
    for _ in $(seq 300); do ls "$desktop_dir"/sway-ipc.*.sock >/dev/null 2>&1 && break; sleep 0.1; done
    SWAYSOCK=$(ls "$desktop_dir"/sway-ipc.*.sock | head -n 1)
    WAYLAND_DISPLAY=$(ls "$desktop_dir"/wayland-* | grep -v '\.lock$' | head -n 1)
    XDG_SESSION_TYPE=wayland
    export SWAYSOCK WAYLAND_DISPLAY XDG_SESSION_TYPE
    unset DISPLAY HYPRLAND_INSTANCE_SIGNATURE
fi
if [ "$scenario" = probe ]; then
    prepare_data() { printf '{"pid":1,"port":9,"token":"stale"}' >"$1/agent.json"; }
fi
pid="" data="" server_pid="" learning_pid="" web_pid=""
# On the way out: the processes stopped, the data directory removed; after a failure, what the set-up logged.
cleanup() {
    local status=$?
    if [ "$status" -ne 0 ] && [ -s "$data/setup.log" ]; then cat "$data/setup.log" >&2; fi
    # shellcheck disable=SC2086 # the ids are numbers or empty
    kill $pid $server_pid $learning_pid $web_pid 2>/dev/null || true
    if [ -n "$data" ]; then rm -rf "$data"; fi
    stop_desktop
}
trap cleanup EXIT
family=""
case "$scenario" in family | family-e2e) family=yes ;; esac
# In an end-to-end family: fails unless the child in DIR holds its scope's key and has sent everything, every
# record of its on the server sealed (with a day summary among them once the agent has sent one, `summary`).
check_sealed() {
    "$bin" --data-dir "$1" family status --json | python3 -c '
import json, sqlite3, sys
status = json.load(sys.stdin)
device = status["device"]["id"]
encryption = status.get("encryption")
problems = []
if encryption is None:
    problems.append("the family is not end-to-end encrypted")
else:
    epochs = {e["scope"]: e["epoch"] for e in encryption["epochs"]}
    if epochs.get("child:" + device, 0) < 1:
        problems.append("no epoch of child:" + device)
    if encryption["waitingForKey"] or encryption["refused"]:
        problems.append("records wait for a key or were refused")
if status["queued"] or status["failed"] or "synced" not in status["activity"]:
    problems.append("not settled: %d queued, %d failed, %s" % (status["queued"], status["failed"], status["activity"]))
rows = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True).execute(
    "SELECT type, keyScope FROM record WHERE owner = ?", (device,)).fetchall()
if not rows or any(scope is None for _, scope in rows):
    problems.append("records of the child on the server not all sealed: %s" % rows)
if sys.argv[2] == "summary" and "dailySummary" not in [t for t, _ in rows]:
    problems.append("no day summary of the child on the server")
if problems:
    sys.exit("family-e2e: " + "; ".join(problems))
' "$1/server/server.sqlite" "${2:-}" || { "$bin" --data-dir "$1" family status >&2; return 1; }
}
if [ -n "$family" ]; then
    prepare_data() {
        local port url
        port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
        url="http://127.0.0.1:$port"
        "$bin" serve --data-dir "$1/server" --port "$port" >"$1/server.log" 2>&1 &
        server_pid=$!
        for _ in $(seq 100); do curl -sf "$url/healthz" >/dev/null && break; sleep 0.1; done
        "$bin" --data-dir "$1/parent" family setup parent >/dev/null
        if [ "$scenario" = family-e2e ]; then
            "$bin" --data-dir "$1/parent" family create --server "$url" --end-to-end >/dev/null 2>>"$1/setup.log"
        else
            "$bin" --data-dir "$1/parent" family create --server "$url" --plaintext >/dev/null
        fi
        "$bin" --data-dir "$1" family setup child >/dev/null
        "$bin" --data-dir "$1" family join "$("$bin" --data-dir "$1/parent" family pair --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["payload"])')" >/dev/null 2>>"$1/setup.log"
        if [ "$scenario" = family-e2e ]; then
            # The join sent the child's keys, its records waiting for a key; the parent's round commits the first
            # epochs of the child's scopes, and the child's round takes them and sends what waited, sealed.
            "$bin" --data-dir "$1/parent" family sync >/dev/null 2>>"$1/setup.log"
            "$bin" --data-dir "$1" family sync >/dev/null 2>>"$1/setup.log"
            check_sealed "$1"
        fi
    }
fi
start_agent idle
"$bin" --data-dir "$data" status >/dev/null   # the API has served a request
"$bin" --data-dir "$data" focus start --mode timer --duration 60m >/dev/null
"$bin" --data-dir "$data" task add "Send the report" --due "$(date -d tomorrow +%F) 11:00" --remind 1h-before >/dev/null
if [ "$scenario" = gate ]; then
    "$bin" --data-dir "$data" gate block add steam >/dev/null
    "$bin" --data-dir "$data" health log steps 10000 >/dev/null
fi
if [ "$scenario" = rewards ] || [ "$scenario" = learning ]; then
    "$bin" --data-dir "$data" rewards pin set --pin 1357 >/dev/null
    "$bin" --data-dir "$data" rewards program set gcompris learning --pin 1357 >/dev/null
    "$bin" --data-dir "$data" rewards quest set --template learning-hour --pin 1357 >/dev/null
    if [ "$scenario" = learning ]; then
        cp "$(command -v sleep)" "$data/gcompris"
        "$data/gcompris" 100000 &
        learning_pid=$!
    fi
fi
if [ "$scenario" = closed ]; then
    "$bin" --data-dir "$data" family setup child >/dev/null
    "$bin" --data-dir "$data" rewards pin set --pin 1357 >/dev/null
    "$bin" --data-dir "$data" rewards program set supertux reward --pin 1357 >/dev/null
fi
if [ "$scenario" = web ]; then
    link=$("$bin" --data-dir "$data" open --print)
    jar="$data/cookies"
    curl -s -o /dev/null -c "$jar" "$link"
    curl -s -N -b "$jar" "${link%%/login*}/" -o /dev/null
    curl -s -N -b "$jar" "${link%%/login*}/events" -o "$data/events.txt" &
    web_pid=$!
fi
# Settle: in a family, the day summary the set-up commands changed goes out within a minute.
if [ -n "$family" ]; then sleep 70; else sleep 2; fi
# On sway the window begins once the agent has been told the person left (20 s in), so that it measures a desk left
# alone, not the one moment of leaving.
if [ "$desktop" = sway ]; then
    for _ in $(seq 400); do "$bin" --data-dir "$data" status 2>/dev/null | grep -q 'You are away' && break; sleep 0.1; done
    "$bin" --data-dir "$data" status | grep -q 'You are away' || { echo "idle.sh: the agent was not told that nobody is at the sway desktop" >&2; exit 1; }
    sleep 2
fi
if [ "$scenario" = family-e2e ]; then check_sealed "$data" summary; fi

ticks=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
before=$(cpu_ticks)
if command -v perf >/dev/null && perf stat -e context-switches true >/dev/null 2>&1; then
    counts=$(perf stat -x, -e context-switches,task-clock -p "$pid" -- sleep "$seconds" 2>&1)
    # perf says "<not counted>" of a process that never ran in the window.
    switches=$(printf '%s\n' "$counts" | awk -F, '/context-switches/ {print ($1 ~ /^[0-9]/ ? $1 : 0)}')
    cpu_ms=$(printf '%s\n' "$counts" | awk -F, '/task-clock/ {printf "%.3f", ($1 ~ /^[0-9]/ ? $1 : 0)}')
    method="perf stat"
else
    sum() { cat /proc/"$pid"/task/*/status | awk '/ctxt_switches/ {s += $2} END {print s}'; }
    first=$(sum); sleep "$seconds"; last=$(sum)
    switches=$((last - first))
    cpu_ms=$(( ($(cpu_ticks) - before) * 1000 / ticks ))
    method="/proc (tick resolution)"
fi
rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
threads=$(find "/proc/$pid/task" -mindepth 1 -maxdepth 1 | wc -l)

case "$scenario" in
    gate) about=", with the health gate open and a program blocked" ;;
    probe) about=", after probing a stale endpoint file" ;;
    family) about=", a child paired to a family server, its event stream open" ;;
    family-e2e) about=", a child paired to an end-to-end family's server, its event stream open ($("$bin" --data-dir "$data" family status | sed -n 's/^Encryption: end-to-end encrypted — //p'))" ;;
    web) about=", a web app session signed in with its event stream open" ;;
    rewards) about=", a learning program marked, none running ($("$bin" --data-dir "$data" rewards status | sed -n 's/^Measuring: //p'))" ;;
    learning) about=", a marked learning program running and measured ($("$bin" --data-dir "$data" rewards status | sed -n 's/^Measuring: //p'))" ;;
    closed) about=", a child's reward program closed (the shield on)" ;;
    *) about="" ;;
esac
if [ "$desktop" = x11 ]; then about="$about, on Xvfb $DISPLAY with openbox"; fi
if [ "$desktop" = sway ]; then about="$about, on a headless sway ($(grep -oE "wayland-idle: [^ ]+" "$data/agent.log" | head -n 1 || true))"; fi
echo "idle for ${seconds} s ($method)${about}:"
echo "  RSS               $((rss / 1024)) MiB (${rss} KiB)"
echo "  CPU               ${cpu_ms} ms"
echo "  context switches  ${switches} ($(awk -v s="$switches" -v t="$seconds" 'BEGIN {printf "%.2f", s * 60 / t}') per minute)"
echo "  threads           ${threads}"
# How the shield looks, as the agent logged it when it went on.
shield=$(grep -oE "the shield (reads /proc once a second|looks at /proc when a window opens).*" "$data/agent.log" | head -n 1 || true)
if [ -n "$shield" ]; then echo "  shield            ${shield#the shield }"; fi

# In a family, after the window: the agent's CPU and context switches over a `lockout family sync` round (the
# command and the second after it, for what the round's push makes the server send back), one pushing a
# changed day summary and one with nothing to send, medians of 5 of each. A skipped break changes the summary;
# within a minute of the last send it waits in the outbox for the round. Needs perf.
if [ -n "$family" ] && [ "$method" = "perf stat" ]; then
    measure_round() {
        perf stat -x, -e context-switches,task-clock -p "$pid" -- \
            sh -c "\"\$0\" --data-dir \"\$1\" family sync >/dev/null; sleep 1" "$bin" "$data" 2>&1 |
            awk -F, '/task-clock/ {t = $1} /context-switches/ {c = $1} END {printf "%.1f %d\n", t, c}'
    }
    skip_break() {
        "$bin" --data-dir "$data" break now --kind eye >/dev/null
        "$bin" --data-dir "$data" break skip >/dev/null
    }
    median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
    skip_break   # sent at once, the last send being minutes old: the minute before the next send begins
    sleep 1
    pushing="" empty=""
    for _ in 1 2 3 4 5; do
        skip_break
        sleep 0.5
        queued=$("$bin" --data-dir "$data" family status --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["queued"])')
        if [ "$queued" -lt 1 ]; then echo "the changed day summary did not wait for the round" >&2; exit 1; fi
        pushing="$pushing$(measure_round)"$'\n'
        empty="$empty$(measure_round)"$'\n'
    done
    if [ "$scenario" = family-e2e ]; then check_sealed "$data" summary; fi
    round_line() {
        printf '%s' "$1" | awk '{print $1}' | median | tr '\n' ' '
        printf 'ms CPU, '
        printf '%s' "$1" | awk '{print $2}' | median | tr '\n' ' '
        printf 'context switches'
    }
    echo "  sync round        pushing a day summary: $(round_line "$pushing"); nothing to send: $(round_line "$empty") (medians of 5)"
fi
