#!/usr/bin/env bash
# Every test LockOut has: the purity lint, a warnings-as-errors build, the static checks of the Apple apps
# (which cannot be compiled here), the unit and integration suites under a real desktop session (Xvfb +
# D-Bus + a notification daemon) with a private PostgreSQL for the family server's storage, the end-to-end
# runs of the real agent (breaks, focus, the health gate and its shields, a family of a server and two
# agents, the web app in Chromium), and the server checked against its OpenAPI document.
#
# Nothing is skipped silently. A missing program or library fails the run before anything is built, naming
# the Debian packages to install. To run without the desktop on purpose, set LOCKOUT_SKIP_DESKTOP=1:
# the tests that need it are skipped, and the summary counts every test that did not run and why.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=e2e/prerequisites.sh
. scripts/e2e/prerequisites.sh
skip_desktop=${LOCKOUT_SKIP_DESKTOP:-0}
case "$skip_desktop" in
    0 | "") skip_desktop=0 ;;
    1) ;;
    *) echo "test.sh: LOCKOUT_SKIP_DESKTOP is '$skip_desktop': use 1 to skip the desktop tests, or leave it unset" >&2; exit 64 ;;
esac
lockout_debug_info_flags >/dev/null || exit 64
# shellcheck disable=SC2086
missing=$( (missing_packages $LOCKOUT_TEST_TOOLS; missing_libraries $LOCKOUT_BUILD_LIBRARIES; missing_postgres) | awk '!seen[$0]++')
missing_pip=$(missing_pip_tools)
missing_desktop=""
# shellcheck disable=SC2086
[ "$skip_desktop" = 1 ] || missing_desktop=$( (missing_packages $LOCKOUT_DESKTOP_TOOLS; missing_python_modules $LOCKOUT_DESKTOP_PYTHON_MODULES) | awk '!seen[$0]++')
if [ -n "$missing$missing_desktop$missing_pip" ]; then
    {
        echo "test.sh: building and testing need packages that are not installed."
        [ -z "$missing$missing_desktop" ] || echo "  install: sudo apt-get install $(echo $missing $missing_desktop)"
        [ -z "$missing_pip" ] || echo "  and from PyPI: python3 -m pip install $(echo $missing_pip)"
        [ -z "$missing_desktop" ] || echo "  or, to run without the desktop tests ($(echo $missing_desktop)): LOCKOUT_SKIP_DESKTOP=1 scripts/test.sh"
    } >&2
    exit 69
fi

log=$(mktemp "${TMPDIR:-/tmp}/lockout-test.XXXXXX")
postgres=$(mktemp -d "${TMPDIR:-/tmp}/lockout-test-postgres.XXXXXX")
# How long each phase took, printed at the end (and when a phase fails, up to it).
phases=()
phase_started=$SECONDS
phase_name=""
phase() {
    [ -z "$phase_name" ] || phases+=("$(printf '%-34s %4ss' "$phase_name" $((SECONDS - phase_started)))")
    phase_name=$1
    phase_started=$SECONDS
    [ -z "$phase_name" ] || echo "== $phase_name"
}
print_phases() {
    phase ""
    [ "${#phases[@]}" -gt 0 ] || return 0
    echo
    echo "== time per phase"
    printf '  %s\n' "${phases[@]}"
}
trap 'print_phases; scripts/e2e/postgres.sh stop "$postgres/data"; scripts/e2e/postgres.sh stop "$postgres/fault"; rm -rf "$log" "$postgres"' EXIT
on_desktop() {
    if [ "$skip_desktop" = 1 ]; then "$@"; else scripts/e2e/with-desktop.sh "$@"; fi
}

read -r -a build_flags <<<"$(lockout_build_flags)"
phase "lint"
scripts/lint.sh
phase "build (debug, with the tests)"
swift build --build-tests "${build_flags[@]}"
# The Apple apps cannot be compiled here: the checker's own tests, its static checks of Apps/ (docs/apple.md,
# "Static checks on Linux"), and the self-test that injects a defect of each kind into a copy and sees it fail.
# Not beside the end-to-end runs: their builds would take the cores those runs' clocks count on.
phase "Apple apps: static checks"
# shellcheck disable=SC2046
swift test --package-path Tools/AppCheck $(lockout_debug_info_flags)
scripts/check-apps.sh
scripts/check-apps-selftest.sh
# The storage contract runs on SQLite and on this private PostgreSQL cluster.
postgres_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
LOCKOUT_TEST_POSTGRES_URL=$(scripts/e2e/postgres.sh start "$postgres/data" "$postgres_port")
# The fault test restarts a cluster mid-load (scripts/e2e/postgres.sh restart DIR): a second one of its own,
# so that the restart never cuts the connections of the tests running beside it.
fault_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
LOCKOUT_TEST_POSTGRES_FAULT_URL=$(scripts/e2e/postgres.sh start "$postgres/fault" "$fault_port")
LOCKOUT_TEST_POSTGRES_FAULT_DIR="$postgres/fault"
export LOCKOUT_TEST_POSTGRES_URL LOCKOUT_TEST_POSTGRES_FAULT_URL LOCKOUT_TEST_POSTGRES_FAULT_DIR
unit_status=0
phase "unit and integration tests"
LOCKOUT_SKIP_DESKTOP=$skip_desktop on_desktop swift test --skip-build "${build_flags[@]}" 2>&1 | tee "$log" || unit_status=$?
if [ "$unit_status" -ne 0 ]; then
    # Hundreds of tests print in parallel: repeat what failed at the end, where a reader of the log's tail looks.
    echo
    echo "== failed unit and integration tests (exit $unit_status)"
    grep -E '^✘|recorded an issue|Expectation failed|Caught error' "$log" | grep -v -E '^✘ Test run with ' | head -n 60 || true
    exit "$unit_status"
fi

# The end-to-end runs, side by side: each starts its own agents, servers, displays and buses on free ports and
# in fresh directories, and most of their time is waiting on a clock, so three at a time take the time of the
# longest lanes, not of all of them. Longest first.
#   desktop, breaks, focus, gate, notifications, breakwindow: the real agent on a virtual X desktop; wayland: the
#   real agent on a headless sway, told by sway's idle protocol that the person left and came back; break-screen:
#   the native break screen on X11, checked by a screenshot's pixels, answered with Enter; break-screen-sway: the
#   native break screen on both outputs of a headless sway, checked by grim's screenshot, and on a third output
#   added during a break; break-screen-kwin: the native break screen on both outputs of KWin's virtual backend,
#   checked by KWin's own screenshot of each; tray: the tray icon in waybar's tray on a headless sway with its own
#   session bus (so not inside with-desktop.sh, but skipped with the desktop), its menu opened and chosen from by
#   real clicks.
#   family: a server and two agents on loopback; rewards: real processes, the shield opens and closes a reward
#   program; health: a simulated phone's steps open a child's laptop's gate, a sibling's never do; api-schema:
#   the server against its OpenAPI document; web, web-family: the web app in a real Chromium, a family paired
#   and steered from it.
desktop_e2e=(desktop breakwindow gate breaks notifications focus wayland break-screen break-screen-sway break-screen-kwin)
own_desktop_e2e=(tray)
runs=()
skipped_e2e=()
for run in desktop rewards family web breakwindow api-schema gate breaks notifications focus web-family health wayland break-screen break-screen-sway break-screen-kwin tray; do
    if [ "$skip_desktop" = 1 ] && [[ " ${desktop_e2e[*]} ${own_desktop_e2e[*]} " == *" $run "* ]]; then
        skipped_e2e+=("$run")
        continue
    fi
    if [[ " ${desktop_e2e[*]} " == *" $run "* ]]; then
        runs+=("$run=scripts/e2e/with-desktop.sh scripts/e2e/$run.sh")
    else
        runs+=("$run=scripts/e2e/$run.sh")
    fi
done
phase "end-to-end runs (${#runs[@]}, side by side)"
scripts/e2e/side-by-side.sh "${runs[@]}"

# Swift Testing reports each test it did not run on a line of its own: ➜ Test "NAME" skipped: "REASON"
skip_line='^➜ Test .* skipped(: ".*")?\.?$'
skipped_tests=$(grep -cE "$skip_line" "$log" || true)
echo
echo "== summary"
echo "  unit and integration tests: $(grep -E '^[^ ]+ Test run with ' "$log" | tail -n 1 | sed -E 's/^[^ ]+ Test run with //')"
echo "  of those skipped: $skipped_tests"
if [ "$skipped_tests" -gt 0 ]; then
    grep -E "$skip_line" "$log" | sed -E 's/.* skipped(: )?//' | sort | uniq -c | awk '{n = $1; $1 = ""; print "    " n " ×" $0}'
fi
echo "  Apple apps: static checks passed (scripts/check-apps.sh), and failed on each injected defect"
echo "  end-to-end runs: ${#runs[@]} passed, ${#skipped_e2e[@]} skipped${skipped_e2e[*]:+ (${skipped_e2e[*]}: LOCKOUT_SKIP_DESKTOP=1)}"
