#!/usr/bin/env bash
# End to end: installs the Debian package scripts/package-deb.sh builds, system-wide, with apt-get (as
# root, or through sudo), checks what it put in place and that the installed binary runs — `--version`,
# `status` on a fresh data directory with no agent, `stop` and `status` again — then removes it and checks
# the binary is gone. It changes the machine it runs on: .ci/run calls it, scripts/test.sh does not.
#
#   scripts/e2e/deb.sh lockout_<version>_<arch>.deb
set -euo pipefail

deb=$(realpath "${1:?usage: scripts/e2e/deb.sh DEB}")
[ -f "$deb" ] || { echo "e2e: no package at $deb" >&2; exit 1; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

home=$(mktemp -d "${TMPDIR:-/tmp}/lockout-deb.XXXXXX")
installed=""
cleanup() {
    if [ -n "$installed" ]; then as_root apt-get remove -y -qq lockout >/dev/null 2>&1 || true; fi
    rm -rf "$home"
}
trap cleanup EXIT

fail() {
    echo "e2e: FAILED: $*" >&2
    exit 1
}

version=$(dpkg-deb --field "$deb" Version)
# The X11 sensors open libxcb at run time, the Wayland idle source libwayland-client, and the native break screen
# links GTK 3 and gtk-layer-shell: the package recommends them all, and lockout itself links none of them.
recommends=$(dpkg-deb --field "$deb" Recommends)
for package in libxcb1 libxcb-sync1 libxcb-screensaver0 libgtk-3-0 libgtk-layer-shell0 libwayland-client0; do
    [[ ", $recommends, " == *", $package"[,\ ]* ]] || fail "the package does not recommend $package (Recommends: $recommends)"
done
! dpkg-deb --field "$deb" Depends | grep -q gtk || fail "the package depends on GTK: a machine without a desktop would install it"
export DEBIAN_FRONTEND=noninteractive
installed=yes
as_root apt-get install -y -qq "$deb" >/dev/null || fail "apt-get install $deb"

[ "$(command -v lockout)" = /usr/bin/lockout ] || fail "lockout is not /usr/bin/lockout on PATH"
[ "$(stat -c %a /usr/bin/lockout)" = 755 ] || fail "/usr/bin/lockout is not mode 0755"
[ "$(lockout --version)" = "$version" ] || fail "lockout --version does not say $version"
if command -v readelf >/dev/null; then
    needed=$(readelf -d /usr/bin/lockout)
    ! grep -q 'NEEDED.*libxcb' <<<"$needed" || fail "/usr/bin/lockout links libxcb: it would not start without it"
    ! grep -q 'NEEDED.*libgtk' <<<"$needed" || fail "/usr/bin/lockout links GTK: the agent would hold it while idle"
fi
[ "$(stat -c %a /usr/bin/lockout-break-screen)" = 755 ] || fail "/usr/bin/lockout-break-screen is missing or not mode 0755"
# Without a display it says so and exits 69, the status the agent reads as "show the break elsewhere".
screen_status=0
env -u DISPLAY -u WAYLAND_DISPLAY lockout-break-screen --data-dir "$home/missing" >/dev/null 2>&1 || screen_status=$?
[ "$screen_status" = 75 ] || [ "$screen_status" = 69 ] || fail "lockout-break-screen without an agent or a display exited $screen_status"

# A fresh user: XDG directories of its own, and an explicit data directory; no agent runs.
run() { HOME="$home" XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" lockout "$@"; }
status=$(run status) || fail "lockout status exited non-zero"
grep -q '^Breaks: eye on' <<<"$status" || fail "lockout status said: $status"
[ -f "$home/data/lockout/lockout.sqlite" ] || fail "status made no database in \$XDG_DATA_HOME/lockout"
run --data-dir "$home/other" stop >/dev/null || fail "lockout stop exited non-zero"
grep -q '^Breaks are stopped' <<<"$(run --data-dir "$home/other" status)" || fail "status does not say breaks are stopped"

# Slim container images tell dpkg to leave out /usr/share/man: then the page is checked in the package only.
man_page=/usr/share/man/man1/lockout.1.gz
if grep -qs '^path-exclude[= ]/usr/share/man' /etc/dpkg/dpkg.cfg.d/*; then
    man_page=""
    dpkg-deb --contents "$deb" | grep -q ' ./usr/share/man/man1/lockout.1.gz$' || fail "the package has no man page"
fi
for file in /usr/lib/systemd/user/lockout.service /usr/share/applications/lockout.desktop \
    /usr/share/icons/hicolor/256x256/apps/lockout.png /usr/share/bash-completion/completions/lockout \
    /usr/share/zsh/vendor-completions/_lockout /usr/share/fish/vendor_completions.d/lockout.fish $man_page; do
    [ -s "$file" ] || fail "$file is missing or empty"
    [ "$(stat -c %a "$file")" = 644 ] || fail "$file is not mode 0644"
done
grep -qx 'ExecStart=/usr/bin/lockout run' /usr/lib/systemd/user/lockout.service || fail "the unit does not run /usr/bin/lockout"
grep -qx 'Exec=/usr/bin/lockout open' /usr/share/applications/lockout.desktop || fail "the menu entry does not run /usr/bin/lockout"
if [ -n "$man_page" ]; then
    if command -v man >/dev/null; then
        [ "$(man -w lockout)" = "$man_page" ] || fail "man -w lockout does not find $man_page"
    fi
    zcat "$man_page" | grep -q '^\.SS lockout service install' || fail "the man page has no lockout service install"
fi

as_root apt-get remove -y -qq lockout >/dev/null || fail "apt-get remove lockout"
installed=""
[ ! -e /usr/bin/lockout ] || fail "/usr/bin/lockout is still there after apt-get remove"
[ ! -e /usr/lib/systemd/user/lockout.service ] || fail "the unit is still there after apt-get remove"
echo "e2e: deb OK ($(basename "$deb"))"
