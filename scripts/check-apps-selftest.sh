#!/usr/bin/env bash
# Proves that scripts/check-apps.sh catches what it claims to: on a copy of the apps (Apps/ by default, or DIR),
# the unbroken copy passes, and each injected defect fails the run with that check's name, and only that check:
#   a misspelled Core member                        names
#   Date().addingTimeInterval in a view             views
#   a misspelled extension point identifier         config
#   a usage string removed                          config
#   a localized key missing from the string catalog strings
#   a misspelled package product in project.yml     packages
#   warnings as errors in the workflow's -xcconfig  xcconfig
# Usage: scripts/check-apps-selftest.sh [DIR]. Prints one line per case; exits 1 when any case does not hold.
set -euo pipefail
cd "$(dirname "$0")/.."

source=${1:-Apps}
source=${source%/}
if [ ! -f "$source/project.yml" ]; then
    echo "check-apps-selftest: $source/project.yml does not exist" >&2
    exit 64
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/lockout-check-apps-selftest.XXXXXX")
trap 'rm -rf "$work"' EXIT
status=0

# A fresh copy of the apps in $work/Apps.
fresh_copy() {
    rm -rf "$work/Apps"
    mkdir "$work/Apps"
    cp -a "$source/." "$work/Apps/"
    mkdir -p "$work/Apps/LockOut"
}

# expect NAME RULE [MESSAGE]: check-apps.sh on the copy exits 0 when RULE is "none", else exits 1 failing RULE alone,
# with a finding of RULE whose message contains MESSAGE.
expect() {
    local name=$1 rule=$2 message=${3:-} code=0 verdict
    scripts/check-apps.sh "$work/Apps" >"$work/out" 2>&1 || code=$?
    if [ "$rule" = none ]; then
        [ "$code" -eq 0 ] && verdict=ok || verdict="FAILED (exit $code)"
    elif [ "$code" -ne 1 ]; then
        verdict="FAILED (exit $code, expected 1)"
    elif ! grep -E "^[^ ]+:[0-9]+:[0-9]+: $rule: " "$work/out" | grep -q -F -- "$message"; then
        verdict="FAILED (no $rule finding saying '$message')"
    elif ! grep -q -x "check-apps: failed: $rule" "$work/out"; then
        verdict="FAILED ($(grep '^check-apps: failed:' "$work/out" | sed 's/^check-apps: //'), expected $rule alone)"
    else
        verdict=ok
    fi
    echo "check-apps-selftest: $name → ${rule/none/passes}: $verdict"
    if [ "$verdict" != ok ]; then
        sed 's/^/    /' "$work/out"
        status=1
    fi
}

# Removes the first usage string found, from project.yml (the key and a folded value's lines below it) or from a
# property list (the key and its value); prints the key, fails when there is none.
remove_usage_string() {
    local key plist
    for key in NSHealthShareUsageDescription NSAlarmKitUsageDescription NSCameraUsageDescription; do
        if grep -q -E "^[[:space:]]*$key:" "$work/Apps/project.yml"; then
            awk -v key="$key" '
                skip && /^[[:space:]]*$/ { next }
                skip { match($0, /^ */); if (RLENGTH > indent) next; skip = 0 }
                $0 ~ "^ *" key ":" { match($0, /^ */); indent = RLENGTH; skip = 1; next }
                { print }
            ' "$work/Apps/project.yml" >"$work/project.yml"
            mv "$work/project.yml" "$work/Apps/project.yml"
            echo "$key"
            return
        fi
        plist=$(grep -l -r --include='*.plist' "<key>$key</key>" "$work/Apps" | head -n 1 || true)
        if [ -n "$plist" ]; then
            sed -i -E "/<key>$key<\/key>/{N;d}" "$plist"
            echo "$key"
            return
        fi
    done
    return 1
}

# Misspells the first extension point identifier found (drops its last dash-separated word, as published projects
# do); prints the identifier, fails when there is none.
misspell_extension_point() {
    local point
    for point in com.apple.deviceactivity.monitor-extension com.apple.widgetkit-extension \
        com.apple.ManagedSettingsUI.shield-configuration-service com.apple.ManagedSettings.shield-action-service; do
        local file
        file=$(grep -l -r -F --include='project.yml' --include='*.plist' "$point" "$work/Apps" | head -n 1 || true)
        if [ -n "$file" ]; then
            sed -i "s/$point/${point%-*}/" "$file"
            echo "$point"
            return
        fi
    done
    return 1
}

# Misspells the first package product project.yml links (drops its last letter); prints the product, fails when
# there is none.
misspell_product() {
    local product
    product=$(sed -n -E 's/^[[:space:]]*product:[[:space:]]*([A-Za-z0-9_-]+)[[:space:]]*$/\1/p' "$work/Apps/project.yml" | head -n 1)
    [ -n "$product" ] || return 1
    sed -i -E "0,/^([[:space:]]*product:[[:space:]]*)$product[[:space:]]*$/s//\1${product%?}/" "$work/Apps/project.yml"
    echo "$product"
}

# Sets warnings as errors in the copy's xcconfig that the workflows pass with -xcconfig (the first xcconfig of the
# apps their commands and env: name, comments left out); prints its path in the copy, fails when there is none.
strict_command_line_xcconfig() {
    local name file
    for name in $(grep -h -v -E '^[[:space:]]*#' .github/workflows/*.yml 2>/dev/null |
        grep -o -E '[A-Za-z0-9_.-]+\.xcconfig' | awk '!seen[$0]++'); do
        file=$(find "$work/Apps" -name "$name" -not -path '*/.build*' | head -n 1)
        if [ -n "$file" ]; then
            printf '\nSWIFT_TREAT_WARNINGS_AS_ERRORS = YES\n' >>"$file"
            echo "${file#"$work/"}"
            return
        fi
    done
    return 1
}

fresh_copy
expect "the unbroken copy" none

fresh_copy
cat >"$work/Apps/LockOut/SelfTestDefect.swift" <<'SWIFT'
import LockOutCore

/// A defect the self-test injects: a Core member that does not exist.
enum SelfTestDefect {
    /// Misspelled on purpose.
    static let kind = BreakKind.eyee
}
SWIFT
expect "a misspelled Core member (BreakKind.eyee)" names "has no member 'eyee'"

fresh_copy
cat >"$work/Apps/LockOut/SelfTestDefectView.swift" <<'SWIFT'
import SwiftUI

/// A defect the self-test injects: date math in a view.
struct SelfTestDefectView: View {
    var body: some View {
        Text(Date().addingTimeInterval(60), style: .timer)
    }
}

#Preview {
    SelfTestDefectView()
}
SWIFT
expect "Date().addingTimeInterval in a view" views "'addingTimeInterval' is date math in a view"

fresh_copy
if point=$(misspell_extension_point); then
    expect "a misspelled extension point identifier (${point%-*})" config "'${point%-*}' of"
else
    echo "check-apps-selftest: a misspelled extension point identifier: FAILED (no extension point identifier in $source)"
    status=1
fi

fresh_copy
if key=$(remove_usage_string); then
    expect "a removed usage string ($key)" config "has no $key"
else
    echo "check-apps-selftest: a removed usage string: FAILED (no usage string in $source)"
    status=1
fi

fresh_copy
cat >"$work/Apps/LockOut/SelfTestDefectText.swift" <<'SWIFT'
import SwiftUI

/// A defect the self-test injects: a localized key the string catalog lacks.
struct SelfTestDefectText: View {
    var body: some View {
        Text("A key the catalog lacks")
    }
}

#Preview {
    SelfTestDefectText()
}
SWIFT
expect "a localized key missing from the string catalog" strings "\"A key the catalog lacks\" is not in"

fresh_copy
if product=$(misspell_product); then
    expect "a misspelled package product (${product%?})" packages "links product '${product%?}'"
else
    echo "check-apps-selftest: a misspelled package product: FAILED (no product: in $source/project.yml)"
    status=1
fi

fresh_copy
if file=$(strict_command_line_xcconfig); then
    expect "warnings as errors in the workflow's -xcconfig ($file)" xcconfig \
        "SWIFT_TREAT_WARNINGS_AS_ERRORS in a file xcodebuild is given with -xcconfig"
else
    echo "check-apps-selftest: warnings as errors in the workflow's -xcconfig: FAILED (no -xcconfig file of $source in .github/workflows)"
    status=1
fi

exit "$status"
