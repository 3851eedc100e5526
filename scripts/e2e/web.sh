#!/usr/bin/env bash
# End to end in a real browser: the real `lockout run` at 60× speed (an eye break every 20 s), its
# web app opened through `lockout open --print`'s one-time link in Debian's Chromium driven by
# Playwright, every page checked with axe; markup typed into the pages and put in a link shows as text
# and sends no page elsewhere. Screenshots of every page go to LOCKOUT_SCREENSHOTS
# (default: a fresh folder under /tmp, printed at the end) for a person to look at.
set -euo pipefail
cd "$(dirname "$0")/../.."

data=$(mktemp -d "${TMPDIR:-/tmp}/lockout-web.XXXXXX")
shown=/dev/null
screenshots=${LOCKOUT_SCREENSHOTS:-$(mktemp -d "${TMPDIR:-/tmp}/lockout-screens.XXXXXX")}
mkdir -p "$screenshots"
export LOCKOUT_CLOCK_SCALE=60
# shellcheck source=lib.sh
. scripts/e2e/lib.sh
cleanup() {
    if [ -n "$agent_pid" ]; then kill "$agent_pid" 2>/dev/null || true; fi
    rm -rf "$data"
}
trap cleanup EXIT

start_agent
echo "e2e: the web app in Chromium"
python3 scripts/e2e/web.py --lockout "$bin" --data-dir "$data" --screenshots "$screenshots" || fail "the browser test failed"
echo "e2e: web app passed; screenshots in $screenshots"
