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
