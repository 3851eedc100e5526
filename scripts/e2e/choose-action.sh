#!/bin/sh
# A fake dmenu for dunst's context menu in headless tests: reads the menu lines on stdin and prints the one
# to invoke. dunst 1.9 writes action lines like "#Snooze 5 min (Eye Break) [2,SNOOZE]".
#
# The choice is the first line of the file named by $LOCKOUT_E2E_CHOICE_FILE (default /tmp/lockout-e2e-choice):
# "2,SNOOZE" picks that notification's action, "SNOOZE" the first line with that action, any other text the
# first line containing it. Without a choice, or when nothing matches, the first line is picked.
# Every menu offered is appended to $LOCKOUT_E2E_CHOICE_FILE.menu.
set -u
choice_file=${LOCKOUT_E2E_CHOICE_FILE:-/tmp/lockout-e2e-choice}
menu=$(cat)
# Keep the menu, so an end-to-end test can check which actions a notification offered.
printf '%s\n' "$menu" >>"$choice_file.menu"
choice=""
if [ -r "$choice_file" ]; then
    choice=$(head -n 1 "$choice_file")
fi
line=""
if [ -n "$choice" ]; then
    line=$(printf '%s\n' "$menu" | grep -F -m 1 -e "[$choice]") ||
        line=$(printf '%s\n' "$menu" | grep -F -m 1 -e ",$choice]") ||
        line=$(printf '%s\n' "$menu" | grep -F -m 1 -e "$choice") ||
        line=""
fi
if [ -z "$line" ]; then
    line=$(printf '%s\n' "$menu" | head -n 1)
fi
printf '%s\n' "$line"
