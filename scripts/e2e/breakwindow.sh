#!/usr/bin/env bash
# End to end: the break screen as a window. Inside scripts/e2e/with-desktop.sh, with the break screen set
# to `window`, the real agent at 120× speed opens Debian's Chromium full screen on the break page when a
# break falls due (its own profile in the data directory), and closes it when the break is answered.
set -euo pipefail
cd "$(dirname "$0")/../.."

data=$(mktemp -d "${TMPDIR:-/tmp}/lockout-window.XXXXXX")
shown=/dev/null
export LOCKOUT_CLOCK_SCALE=120
# shellcheck source=lib.sh
. scripts/e2e/lib.sh
cleanup() {
    if [ -n "$agent_pid" ]; then kill "$agent_pid" 2>/dev/null || true; fi
    pkill -f -- "--user-data-dir=$data/break-window" 2>/dev/null || true
    rm -rf "$data"
}
trap cleanup EXIT

window_open() { pgrep -f -- "--user-data-dir=$data/break-window" >/dev/null; }
window_closed() { ! window_open; }
state_is() { [ "$(lockout status --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["state"])')" = "$1" ]; }

echo "e2e: the break screen set to window"
lockout settings set break-screen window | grep -q "opens full screen in chromium" || fail "the setting did not find Chromium"
start_agent
wait_until "an eye break to fall due" state_is breakPending
wait_until "the break window to open" window_open
pgrep -af -- "--user-data-dir=$data/break-window" | grep -q -- "--app=http://127.0.0.1:.*/login?code=.*&next=/break" ||
    fail "the window does not show the break page"
# Titled with the break that is due: at 120× the eye break the window opened for may have become a micro break
# (which covers it) by the time a slow browser draws its window.
due_title() { lockout status --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["currentBreak"]["title"])'; }
break_window_shown() { xwininfo -root -tree | grep -q -F "\"$(due_title) — LockOut\""; }
wait_until "the window titled with the break" break_window_shown
window_open || fail "the browser did not stay open"
echo "e2e: answering the break closes the window"
lockout break done >/dev/null
wait_until "the break window to close" window_closed
echo "e2e: set back to notification, the next break opens no window"
lockout settings set break-screen notification >/dev/null
wait_until "the next break" state_is breakPending
sleep 2
window_closed || fail "a window opened with the break screen set to notification"
echo "e2e: break window passed"
