#!/usr/bin/env bash
# End to end: LockOut's tray icon in a real tray, its menu driven through the tray as a person does. A headless sway
# (wlroots' headless backend drawn by pixman; run as nobody under root, which sway refuses) with waybar at its top,
# whose only module is the tray, and the real agent, all on one private session bus that lets every user in (waybar
# runs as sway's user, the agent as the caller). It checks that:
#   - waybar's StatusNotifierWatcher lists LockOut's item (RegisteredStatusNotifierItems);
#   - grim's screenshot shows LockOut's eye drawn in the bar (scripts/e2e/tray-pixels.py finds it by its teal);
#   - the pointer resting on the icon shows the tooltip's two lines, with a focus activity named `Q&A <prep>`
#     (waybar reads the tooltip as Pango markup: unescaped, it shows an empty box);
#   - a right click on the icon opens the menu, which the next screenshot shows with its seven labels, and a left
#     click on a label's row chooses it: "Pause for 30 min" pauses the breaks; Resume, enabled in the next menu,
#     resumes them; "Take a break now" starts a break; Quit stops the agent, and its icon leaves the watcher and the
#     bar.
# The clicks are real pointer input: a headless sway has no input device, so scripts/e2e/virtual-pointer.py gives its
# seat one (zwlr_virtual_pointer_v1), and `swaymsg seat - cursor set|press|release` moves it and presses its buttons;
# waybar gets them as a mouse's, libdbusmenu opens the menu as a popup and sends the agent the chosen entry's
# "clicked" event. Where to click comes from the screenshots, not from waybar's or GTK's layout.
set -euo pipefail
cd "$(dirname "$0")/../.."

data=$(mktemp -d "${TMPDIR:-/tmp}/lockout-tray.XXXXXX")
shown=/dev/null
# Real time: no break falls due during the run's seconds; the breaks it sees are the ones its clicks start.
export LOCKOUT_CLOCK_SCALE=1
# shellcheck source=lib.sh
. scripts/e2e/lib.sh
runtime=$(mktemp -d /tmp/lockout-tray-sway.XXXXXX)
sway_pid=""
bus_pid=""
pointer_pid=""
waybar_pid=""
bar_height=30
e2e_extra_logs() {
    echo "--- sway log"; cat "$runtime/sway.log" || true
    echo "--- waybar log"; cat "$runtime/waybar.log" || true
    echo "--- pointer log"; cat "$runtime/pointer.log" || true
}
cleanup() {
    for pid in "$agent_pid" "$waybar_pid" "$pointer_pid" "$sway_pid" "$bus_pid"; do
        if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
    done
    for pid in "$agent_pid" "$waybar_pid" "$pointer_pid" "$sway_pid" "$bus_pid"; do
        if [ -n "$pid" ]; then wait "$pid" 2>/dev/null || true; fi
    done
    rm -rf "$data" "$runtime"
}
trap cleanup EXIT

# The bus listens in sway's runtime directory, where waybar (as sway's user) and the agent both reach it.
sed -e "s|SOCKET_DIRECTORY|$runtime|" -e 's|<policy context="default">|&<allow user="*"/>|' scripts/e2e/private-bus.conf >"$data/bus.conf"
printf 'xwayland disable\n' >"$runtime/config"
mkdir "$runtime/waybar"
cat >"$runtime/waybar/config" <<EOF
{ "layer": "top", "position": "top", "height": $bar_height, "modules-right": ["tray"], "tray": { "icon-size": 22 } }
EOF
# A plain background for the pixel check to tell the icon from.
printf 'window#waybar { background: #202020; }\n' >"$runtime/waybar/style.css"
: >"$runtime/sway.log"
: >"$runtime/waybar.log"
as_sway_user=()
if [ "$(id -u)" = 0 ]; then
    chown -R 65534:65534 "$runtime"
    as_sway_user=(setpriv --reuid=65534 --regid=65534 --clear-groups --)
    # The tray reads the icon file the agent writes under its data directory.
    chmod 755 "$data"
fi

dbus-daemon --config-file="$data/bus.conf" --nofork --nopidfile --print-address=1 >"$data/bus.address" 2>"$data/bus.log" &
bus_pid=$!
wait_until "the private session bus" test -s "$data/bus.address"
DBUS_SESSION_BUS_ADDRESS=$(head -n 1 "$data/bus.address")
export DBUS_SESSION_BUS_ADDRESS

env -i PATH="$PATH" HOME="$runtime" XDG_RUNTIME_DIR="$runtime" WLR_BACKENDS=headless WLR_HEADLESS_OUTPUTS=1 \
    WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 "${as_sway_user[@]}" sway -c "$runtime/config" >>"$runtime/sway.log" 2>&1 &
sway_pid=$!
# first_socket GLOB...: the first of the files that is a socket.
first_socket() {
    local file
    for file in "$@"; do
        if [ -S "$file" ]; then echo "$file"; return; fi
    done
}
ipc_socket() { first_socket "$runtime"/sway-ipc.*.sock; }
wayland_socket() { first_socket "$runtime"/wayland-*; }
sway_answers() { [ -n "$(ipc_socket)" ] && swaymsg -s "$(ipc_socket)" -t get_outputs | grep -q '"name"'; }
wait_until "sway to answer on its socket" sway_answers
[ -n "$(wayland_socket)" ] || fail "sway made no Wayland socket"
export WAYLAND_DISPLAY SWAYSOCK XDG_SESSION_TYPE=wayland XDG_CURRENT_DESKTOP=sway XDG_RUNTIME_DIR="$runtime"
WAYLAND_DISPLAY=$(basename "$(wayland_socket)")
SWAYSOCK=$(ipc_socket)
unset DISPLAY

python3 scripts/e2e/virtual-pointer.py >"$runtime/pointer.log" 2>&1 &
pointer_pid=$!
pointer_attached() { swaymsg -t get_seats -r | python3 -c 'import json, sys; sys.exit(not json.load(sys.stdin)[0]["capabilities"] & 1)'; }
wait_until "the seat to have a pointer" pointer_attached

env -i PATH="$PATH" HOME="$runtime" XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$WAYLAND_DISPLAY" SWAYSOCK="$SWAYSOCK" \
    DBUS_SESSION_BUS_ADDRESS="$DBUS_SESSION_BUS_ADDRESS" XDG_SESSION_TYPE=wayland XDG_CURRENT_DESKTOP=sway \
    "${as_sway_user[@]}" waybar -c "$runtime/waybar/config" -s "$runtime/waybar/style.css" >>"$runtime/waybar.log" 2>&1 &
waybar_pid=$!
watcher() {
    gdbus call --session --dest org.kde.StatusNotifierWatcher --object-path /StatusNotifierWatcher \
        --method org.freedesktop.DBus.Properties.Get org.kde.StatusNotifierWatcher "$1"
}
wait_until "waybar's tray to host a StatusNotifierWatcher" watcher IsStatusNotifierHostRegistered

status_field() { lockout status --json | python3 -c "import json, sys; print(json.load(sys.stdin).get('$1'))"; }
state_is() { [ "$(status_field state)" = "$1" ]; }

echo "e2e: the agent on a headless sway whose waybar shows a tray"
start_agent
wait_until "the agent to answer" state_is running
registered() { watcher RegisteredStatusNotifierItems | grep -q "org.kde.StatusNotifierItem-$agent_pid-1"; }
wait_until "waybar's watcher to list LockOut's item" registered
watcher RegisteredStatusNotifierItems

# shot NAME: a screenshot of the whole layout, $runtime/NAME.ppm.
shot() { grim -t ppm "$runtime/$1.ppm"; }
# wait_seen DESCRIPTION COMMAND...: wait_until for a check of a screenshot, which takes a second or more on a busy
# machine: up to 30 s by the clock rather than 300 tries.
wait_seen() {
    local what=$1 end=$((SECONDS + 30))
    shift
    until "$@"; do
        [ "$SECONDS" -lt "$end" ] || fail "timed out waiting for $what"
        sleep 0.1
    done
}
icon_drawn() { shot bar && python3 scripts/e2e/tray-pixels.py icon "$runtime/bar.ppm" "$bar_height" >"$runtime/icon" 2>>"$runtime/pixels.log"; }
wait_seen "the bar to draw LockOut's icon" icon_drawn
read -r icon_x icon_y <"$runtime/icon"
echo "e2e: LockOut's icon is drawn in the bar at $icon_x,$icon_y"

# Hosts read the tooltip as markup (waybar hands it to Pango): a focus activity named with & and < shows in it.
lockout activity add "Q&A <prep>" >/dev/null
lockout focus start --activity "Q&A <prep>" --duration 25m >/dev/null
tooltip_tells_focus() {
    gdbus call --session --dest "org.kde.StatusNotifierItem-$agent_pid-1" --object-path /StatusNotifierItem \
        --method org.freedesktop.DBus.Properties.Get org.kde.StatusNotifierItem ToolTip | grep -q "Focus: "
}
wait_until "the item's tooltip to tell the focus session" tooltip_tells_focus
swaymsg -q seat - cursor set "$icon_x" "$icon_y"
# Its two lines, the heading and the text; a tooltip whose markup Pango refused is an empty box.
tooltip_shown() {
    shot tooltip && python3 scripts/e2e/tray-pixels.py popup "$runtime/bar.ppm" "$runtime/tooltip.ppm" >"$runtime/tooltip" 2>>"$runtime/pixels.log" &&
        [ "$(wc -w <"$runtime/tooltip")" -eq 3 ]
}
wait_seen "waybar's tooltip to show its heading and text" tooltip_shown
if grep -q "Failed to set text" "$runtime/waybar.log"; then fail "waybar could not read the tooltip's markup"; fi
echo "e2e: the pointer on the icon shows its tooltip, with the focus session"
lockout focus stop >/dev/null

# click X Y BUTTON: the pointer moves to X,Y and presses and releases BUTTON (button1 left, button3 right).
click() {
    swaymsg -q seat - cursor set "$1" "$2"
    swaymsg -q seat - cursor press "$3"
    swaymsg -q seat - cursor release "$3"
}
menu_open() { shot menu && python3 scripts/e2e/tray-pixels.py popup "$runtime/bar.ppm" "$runtime/menu.ppm" >"$runtime/menu" 2>>"$runtime/pixels.log"; }
# The menu's entries with a label, as TrayMenu.swift lists them (the separator has none).
labels=("Take a break now" "Pause for 30 min" "Pause for 1 hour" "Pause until tomorrow" "Resume" "Open LockOut" "Quit")
menu_complete() { menu_open && [ "$(wc -w <"$runtime/menu")" -eq $((${#labels[@]} + 1)) ]; }
# choose LABEL: a right click on the icon opens the menu; a left click on LABEL's row chooses it.
choose() {
    local index
    for index in "${!labels[@]}"; do [ "${labels[$index]}" = "$1" ] && break; done
    click "$icon_x" "$icon_y" button3
    wait_seen "the menu to open with its ${#labels[@]} entries" menu_complete
    local rows
    read -r -a rows <"$runtime/menu"
    echo "e2e: the menu is open at column ${rows[0]}; choosing \"$1\" at row ${rows[$((index + 1))]}"
    wait_seen "the menu to close on a click on \"$1\"" click_until_closed "${rows[0]}" "${rows[$((index + 1))]}"
}
# click_until_closed X Y: a left click at X,Y, then whether the menu has closed. GTK takes a release within half a
# second of the menu opening for the end of the click that opened it and leaves the menu open, as a quick screenshot
# check can be: the click is made again until the menu is gone (a click where it was lands on the empty desktop).
click_until_closed() {
    click "$1" "$2" button1
    shot clicked
    ! python3 scripts/e2e/tray-pixels.py popup "$runtime/bar.ppm" "$runtime/clicked.ppm" >/dev/null 2>>"$runtime/pixels.log"
}

# choose_until LABEL CHECK...: chooses LABEL until CHECK holds, at most three times, giving each choice 5 s. The first
# menu waybar opens is one libdbusmenu fills after it pops up, and a click on it closes it without choosing (seen on
# most runs; the menus after it answer the first click); every entry here may be chosen twice without harm.
choose_until() {
    local label=$1 attempt end
    shift
    for attempt in 1 2 3; do
        choose "$label"
        end=$((SECONDS + 5))
        until "$@"; do
            [ "$SECONDS" -lt "$end" ] || break
            sleep 0.1
        done
        if "$@"; then return 0; fi
        echo "e2e: \"$label\" was not chosen on try $attempt"
    done
    fail "choosing \"$label\" did not make $* hold"
}

choose_until "Pause for 30 min" state_is paused
echo "e2e: paused until $(status_field pausedUntil)"
choose_until "Resume" state_is running
choose_until "Take a break now" state_is breakActive
quit_heard() { grep -q "received Quit from the tray" "$data/agent.log"; }
choose_until "Quit" quit_heard
gone() { ! registered; }
wait_until "waybar's watcher to drop LockOut's item" gone
# Exited: gone, or a zombie until it is waited for.
exited() { [ ! -e "/proc/$agent_pid" ] || [ "$(cut -d ' ' -f 3 "/proc/$agent_pid/stat")" = Z ]; }
wait_until "the agent to exit" exited
quit_status=0
wait "$agent_pid" || quit_status=$?
agent_pid=""
[ "$quit_status" = 0 ] || fail "the agent quit from the tray exited with $quit_status"
icon_gone() { ! icon_drawn; }
wait_seen "the bar to no longer draw LockOut's icon" icon_gone
echo "e2e: tray passed"
