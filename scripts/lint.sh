#!/usr/bin/env bash
# Keeps LockOutCore pure: Foundation is its only import, and time, calendars and queues are passed in.
set -euo pipefail
cd "$(dirname "$0")/.."

core=Sources/LockOutCore
status=0

# Code lines only: drop comment lines so prose may mention what code may not do.
code_lines() {
    grep -rn --include='*.swift' -E "$1" "$core" | grep -v -E '^[^:]+:[0-9]+:[[:space:]]*//' || true
}

imports=$(code_lines '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]' | grep -v -E 'import[[:space:]]+Foundation[[:space:]]*$' || true)
if [ -n "$imports" ]; then
    echo "lint: LockOutCore may import Foundation only:"
    echo "$imports"
    status=1
fi

for pattern in 'Date\(\)' 'Date\.now' 'Calendar\.current' 'Task\.sleep' 'DispatchQueue' '\bprint\('; do
    hits=$(code_lines "$pattern")
    if [ -n "$hits" ]; then
        echo "lint: LockOutCore must not use ${pattern//\\/}: pass time, calendars and effects in instead:"
        echo "$hits"
        status=1
    fi
done

[ "$status" -eq 0 ] && echo "lint: LockOutCore is pure"
exit "$status"
