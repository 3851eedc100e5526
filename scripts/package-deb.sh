#!/usr/bin/env bash
# Builds the Debian package lockout_<version>_<arch>.deb into OUTDIR (default .build/deb) and prints its path.
#
#   scripts/package-deb.sh [OUTDIR]
#
# The binary is the release build with the Swift runtime linked in (as docs/agent.md measures it). The
# systemd user unit and the menu entry are the texts `lockout service install` writes, printed by the
# binary itself for /usr/bin/lockout; the completions come from the argument parser; the man page from
# `lockout --experimental-dump-help` through scripts/man-page.py. Depends is what dpkg-shlibdeps finds
# the binary linking (else the packages owning the libraries ldd lists); Recommends the X libraries the X11
# sensors open at run time, which neither sees. Needs dpkg-dev, binutils and python3.
set -euo pipefail
umask 022
out=$(realpath -m "${1:-.build/deb}")
cd "$(dirname "$0")/.."

for tool in dpkg-deb dpkg python3 gzip strip swift; do
    command -v "$tool" >/dev/null || { echo "package-deb: $tool is missing (apt-get install dpkg-dev binutils python3)" >&2; exit 1; }
done

build=(swift build -c release --static-swift-stdlib)
"${build[@]}" --product lockout >&2
binary="$("${build[@]}" --show-bin-path)/lockout"
# The native break screen: GTK's own program, started by the agent for a break; lockout itself links no GTK.
"${build[@]}" --product lockout-break-screen >&2
break_screen="$("${build[@]}" --show-bin-path)/lockout-break-screen"

version=$("$binary" --version)
arch=$(dpkg --print-architecture)
# The man page's date: the last commit's, so two builds of one commit give the same page.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT

install -D -m 0755 "$binary" "$root/usr/bin/lockout"
# Debian ships binaries without their symbol tables and debug information.
strip --strip-unneeded "$root/usr/bin/lockout"
installed="$root/usr/bin/lockout"
install -D -m 0755 "$break_screen" "$root/usr/bin/lockout-break-screen"
strip --strip-unneeded "$root/usr/bin/lockout-break-screen"

install -d "$root/usr/lib/systemd/user" "$root/usr/share/applications" "$root/usr/share/icons/hicolor/256x256/apps" \
    "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
    "$root/usr/share/fish/vendor_completions.d" "$root/usr/share/man/man1"
"$installed" service print unit --binary /usr/bin/lockout >"$root/usr/lib/systemd/user/lockout.service"
"$installed" service print desktop --binary /usr/bin/lockout >"$root/usr/share/applications/lockout.desktop"
install -m 0644 share/icons/lockout-256.png "$root/usr/share/icons/hicolor/256x256/apps/lockout.png"
"$installed" --generate-completion-script bash >"$root/usr/share/bash-completion/completions/lockout"
"$installed" --generate-completion-script zsh >"$root/usr/share/zsh/vendor-completions/_lockout"
"$installed" --generate-completion-script fish >"$root/usr/share/fish/vendor_completions.d/lockout.fish"
python3 scripts/man-page.py "$installed" | gzip -9 -n >"$root/usr/share/man/man1/lockout.1.gz"

# Depends: dpkg-shlibdeps reads debian/control in the directory it runs in, so it runs in one of its own.
depends=""
if command -v dpkg-shlibdeps >/dev/null; then
    mkdir -p "$root.shlibs/debian"
    printf 'Source: lockout\n\nPackage: lockout\nArchitecture: any\n' >"$root.shlibs/debian/control"
    depends=$(cd "$root.shlibs" && dpkg-shlibdeps -O "$installed" 2>/dev/null | sed -n 's/^shlibs:Depends=//p') || depends=""
    screen_needs=$(cd "$root.shlibs" && dpkg-shlibdeps -O "$root/usr/bin/lockout-break-screen" 2>/dev/null | sed -n 's/^shlibs:Depends=//p') || screen_needs=""
    rm -rf "$root.shlibs"
fi
if [ -z "$depends" ]; then
    # Each library ldd resolves, to the package that owns it (the dynamic loader's own path aside).
    depends=$(ldd "$installed" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' | while read -r library; do
        dpkg -S "$(realpath "$library")" 2>/dev/null || dpkg -S "$library" 2>/dev/null || true
    done | cut -d: -f1 | sort -u | paste -sd, | sed 's/,/, /g')
fi
[ -n "$depends" ] || { echo "package-deb: could not work out the libraries lockout needs" >&2; exit 1; }
# Recommends: libxcb and its SYNC and MIT-SCREEN-SAVER libraries, opened with dlopen by the X11 sensors
# (Sources/CXCB): the binary starts without them, and on an X11 desktop they are what it measures with.
recommends="libxcb1, libxcb-sync1, libxcb-screensaver0"
# And what the native break screen links (GTK 3, gtk-layer-shell): without them it does not start, and the agent
# shows the break in the browser window instead, so a server without a desktop need not install GTK. The Wayland
# idle source opens libwayland-client at run time, which neither tool sees.
screen_only=$(echo "${screen_needs:-libgtk-3-0, libgtk-layer-shell0}" | tr ',' '\n' | sed 's/^ *//' | while read -r package; do
    case ", $depends, " in *", $package, "*) ;; *) echo "$package" ;; esac
done | paste -sd, | sed 's/,/, /g')
[ -z "$screen_only" ] || recommends="$recommends, $screen_only"
case ", $depends, $recommends, " in *" libwayland-client0"*) ;; *) recommends="$recommends, libwayland-client0" ;; esac

find "$root" -type d -exec chmod 0755 {} +
find "$root" -type f -exec chmod 0644 {} +
chmod 0755 "$root/usr/bin/lockout" "$root/usr/bin/lockout-break-screen"

install -d -m 0755 "$root/DEBIAN"
cat >"$root/DEBIAN/control" <<EOF
Package: lockout
Version: $version
Architecture: $arch
Maintainer: LockOut <lockout@localhost>
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Recommends: $recommends
Section: utils
Priority: optional
Description: break reminders, focus sessions and a health gate
 LockOut reminds you to take eye, micro and long breaks and keeps statistics,
 runs focus sessions, keeps activities and tasks, and holds apps behind a
 health gate until today's goals are met; rewards turn learning time into
 reward time. A family server shares it between devices.
 .
 Each user starts the agent with the desktop session by running
 "systemctl --user enable --now lockout.service" once.
EOF
chmod 0644 "$root/DEBIAN/control"

mkdir -p "$out"
deb="$out/lockout_${version}_${arch}.deb"
dpkg-deb --build --root-owner-group "$root" "$deb" >/dev/null
echo "$deb"
