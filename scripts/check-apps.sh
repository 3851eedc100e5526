#!/usr/bin/env bash
# The static checks of the Apple apps (docs/apple.md, "Static checks on Linux"). Nothing here compiles Apps/:
# there is no Apple SDK on Linux. What it proves:
#   parse         every Swift file parses (swiftc -parse)
#   format        swift-format lint --strict with Apps/.swift-format prints nothing
#   strings       every localized key is in Localizable.xcstrings, and no key there is unused (scripts/apps-strings.py)
#   names, views, previews, imports, extensions, availability, config
#                 Tools/AppCheck's lockout-appcheck, against the public symbol graphs of the Linux-built modules
#   packages      every package, product and target project.yml links exists: the products of each local package
#                 read from `swift package dump-package` (JSON); each target links what its sources import, no more
#   xcconfig      the files .github/workflows/*.yml pass to xcodebuild with -xcconfig (with what they #include),
#                 and NAME=value arguments, set signing alone: they reach every package target too
#   share         the apps hold at most 15 % of the repository's Swift lines
# Usage: scripts/check-apps.sh [DIR] (default Apps). Prints a line per check and each finding as
# `path:line:col: rule: message`; exits 0 only when every check passes.
set -euo pipefail
cd "$(dirname "$0")/.."

dir=${1:-Apps}
dir=${dir%/}
if [ ! -d "$dir" ]; then
    echo "check-apps: $dir is not a directory" >&2
    exit 64
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/lockout-check-apps.XXXXXX")
trap 'rm -rf "$work"' EXIT
failed=()

mapfile -d '' files < <(find "$dir" -name '*.swift' -not -path '*/.build*' -print0 | sort -z)

# 1. Syntax only: a misspelled type or `let x: Int = "a"` parses fine.
if [ "${#files[@]}" -eq 0 ]; then
    echo "parse: no Swift files in $dir/"
elif swiftc -parse "${files[@]}" >"$work/parse" 2>&1; then
    echo "parse: ok (${#files[@]} files)"
else
    sed -n -E 's/^([^ :]+:[0-9]+:[0-9]+): error: /\1: parse: /p' "$work/parse"
    echo "parse: failed"
    failed+=(parse)
fi

# 2. Style: any output is a finding.
swift-format lint --strict --configuration Apps/.swift-format -r "$dir" >"$work/format" 2>&1 || true
if [ -s "$work/format" ]; then
    sed -E 's/: (error|warning): /: format: /' "$work/format"
    count=$(wc -l <"$work/format")
    echo "format: $count finding$([ "$count" -eq 1 ] || echo s)"
    failed+=(format)
else
    echo "format: ok"
fi

# The string catalog: every localized key the apps use is in Localizable.xcstrings, and none it keeps is unused.
if python3 scripts/apps-strings.py --check "$dir" >"$work/strings" 2>&1; then
    echo "strings: ok"
else
    cat "$work/strings"
    count=$(grep -c ': strings: ' "$work/strings" || true)
    echo "strings: $count finding$([ "$count" -eq 1 ] || echo s)"
    failed+=(strings)
fi

# 3–4. The public interface of the modules the apps link, as symbol graphs, then the SwiftSyntax checks. The flags
# are test.sh's, so that a run between its build and its tests rebuilds nothing.
build() {
    if ! "$@" >>"$work/build" 2>&1; then
        cat "$work/build"
        echo "check-apps: '$*' failed" >&2
        exit 1
    fi
}
# shellcheck source=e2e/prerequisites.sh
. scripts/e2e/prerequisites.sh
read -r -a flags <<<"$(lockout_build_flags)"
read -r -a appcheck_flags <<<"$(lockout_debug_info_flags)"
build swift build --target LockOutPresentation "${flags[@]}"
build swift build --target LockOutShared "${flags[@]}"
build swift build --package-path Tools/AppCheck --product lockout-appcheck "${appcheck_flags[@]}"
bin=$(swift build --show-bin-path "${flags[@]}")
scratch=${bin%/*/*}
triple=$(swiftc -print-target-info | sed -n -E 's/^ *"triple": "([^"]+)".*/\1/p' | head -n 1)
mkdir "$work/graphs"
for module in LockOutCore LockOutShared LockOutStore LockOutRuntime LockOutPresentation; do
    build swift-symbolgraph-extract -module-name "$module" -I "$bin/Modules" \
        -Xcc -fmodule-map-file="$scratch/checkouts/GRDB.swift/Sources/GRDBSQLite/module.modulemap" \
        -target "$triple" -minimum-access-level public -output-dir "$work/graphs"
done
appcheck="$(swift build --package-path Tools/AppCheck --show-bin-path "${appcheck_flags[@]}")/lockout-appcheck"
status=0
"$appcheck" --symbol-graphs "$work/graphs" --repository . "$dir" >"$work/appcheck" || status=$?
cat "$work/appcheck"
if [ "$status" -eq 2 ]; then
    failed+=(appcheck)
else
    while read -r rule; do failed+=("$rule"); done < <(sed -n -E 's/^([a-z]+): [0-9]+ findings?$/\1/p' "$work/appcheck")
fi

# 5. The apps stay thin: their lines against every Swift line of the repository (the checked directory counted
# once, wherever it is).
apps_lines=$( ((${#files[@]})) && cat "${files[@]}" | wc -l || echo 0)
relative=$(realpath --relative-to=. "$dir")
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -z -c -o --exclude-standard -- '*.swift' >"$work/swift"
else
    find . -name '*.swift' -not -path '*/.build*' -printf '%P\0' >"$work/swift"
fi
other_lines=$(tr '\0' '\n' <"$work/swift" | grep -v -E "^(Apps|$relative)/" | tr '\n' '\0' | xargs -0 -r cat | wc -l)
total=$((apps_lines + other_lines))
percent=$(awk -v n="$apps_lines" -v m="$total" 'BEGIN { printf "%.1f", m ? 100 * n / m : 0 }')
if [ $((apps_lines * 100)) -gt $((total * 15)) ]; then
    echo "share: $dir/ holds $apps_lines of $total Swift lines ($percent %): above 15 %"
    failed+=(share)
else
    echo "share: $dir/ holds $apps_lines of $total Swift lines ($percent %)"
fi

if [ "${#failed[@]}" -gt 0 ]; then
    echo "check-apps: failed: ${failed[*]}"
    exit 1
fi
echo "check-apps: every static check passed"
