# Helpers the end-to-end scripts share; source it after setting `data` (a fresh data directory) and
# `shown` (the file record.sh appends shown notifications to). Each script adds what it needs to
# print on failure through `e2e_extra_logs`.
bin=${LOCKOUT_BIN:-.build/debug/lockout}
agent_pid=""

lockout() { "$bin" --data-dir "$data" "$@"; }

fail() {
    echo "e2e: FAILED: $*" >&2
    echo "--- agent log" >&2; cat "$data/agent.log" >&2 || true
    echo "--- shown" >&2; cat "$shown" >&2 || true
    if declare -F e2e_extra_logs >/dev/null; then e2e_extra_logs >&2; fi
    exit 1
}

# The desktops these runs start have nobody at the keyboard: with natural breaks on, the agent would (rightly)
# count the whole run as time away and show no break. The runs test breaks shown to a person who is there.
start_agent() {
    "$bin" --data-dir "$data" settings set natural-breaks off >/dev/null
    "$bin" --data-dir "$data" run >>"$data/agent.log" 2>&1 &
    agent_pid=$!
    wait_until "the agent's endpoint file" test -s "$data/agent.json"
}

# kill_agent SIGNAL: stops the agent with SIGNAL and waits for it.
kill_agent() {
    kill "-$1" "$agent_pid"
    wait "$agent_pid" 2>/dev/null || true
    agent_pid=""
}

# wait_until DESCRIPTION COMMAND...: retries COMMAND every 0.1 s for up to 30 s.
wait_until() {
    local what=$1
    shift
    for _ in $(seq 300); do
        if "$@" >/dev/null 2>&1; then return 0; fi
        sleep 0.1
    done
    fail "timed out waiting for $what"
}

shown_count() { grep -c -F -- "$1" "$shown" || true; }

# A headless sway with OUTPUTS outputs (wlroots' headless backend drawn by pixman, no X) in the folder $runtime, run
# as nobody under root, which sway refuses; sets sway_pid and defines ipc_socket and wayland_socket, and returns once
# sway answers on its IPC socket. Its log is $runtime/sway.log.
start_headless_sway() {
    printf 'xwayland disable\n' >"$runtime/config"
    : >"$runtime/sway.log"
    local sway=(sway -c "$runtime/config")
    if [ "$(id -u)" = 0 ]; then
        chown -R 65534:65534 "$runtime"
        sway=(setpriv --reuid=65534 --regid=65534 --clear-groups -- "${sway[@]}")
    fi
    env -i PATH="$PATH" HOME="$runtime" XDG_RUNTIME_DIR="$runtime" WLR_BACKENDS=headless WLR_HEADLESS_OUTPUTS="$1" \
        WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 "${sway[@]}" >>"$runtime/sway.log" 2>&1 &
    sway_pid=$!
    wait_until "sway to answer on its socket" sway_answers
    [ -n "$(wayland_socket)" ] || fail "sway made no Wayland socket"
}
ipc_socket() { ls "$runtime"/sway-ipc.*.sock 2>/dev/null | head -n 1; }
wayland_socket() { ls "$runtime"/wayland-* 2>/dev/null | grep -v '\.lock$' | head -n 1; }
sway_answers() { [ -n "$(ipc_socket)" ] && swaymsg -s "$(ipc_socket)" -t get_outputs | grep -q '"name"'; }
