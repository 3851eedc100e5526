#!/bin/sh
# dunst calls this for every notification it shows (see the [record] rule in dunstrc): appends one line
# "APPNAME<TAB>SUMMARY<TAB>BODY<TAB>CATEGORY" to $LOCKOUT_E2E_CHOICE_FILE.shown, so an end-to-end test
# can see what appeared on screen.
set -u
file="${LOCKOUT_E2E_CHOICE_FILE:-/tmp/lockout-e2e-choice}.shown"
printf '%s\t%s\t%s\t%s\n' "${DUNST_APP_NAME:-$1}" "${DUNST_SUMMARY:-$2}" "${DUNST_BODY:-$3}" "${DUNST_CATEGORY:-}" >>"$file"
