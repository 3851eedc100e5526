#!/usr/bin/env bash
# Keeps LockOutCore pure: Foundation is its only import, and time, calendars and queues are passed in.
# Keeps every platform-neutral module within its allowed imports, so that what the Apple apps link never
# reaches for Glibc, SwiftNIO, D-Bus or another Linux-only library.
# Keeps LockOutShared tiny: Foundation is its only import (the Screen Time extensions that link it are
# killed above about 6 MB), and it never imports LockOutCore.
# Keeps Foundation's Process out of Sources/ and Tests/: every child starts through ChildProcess.
set -euo pipefail
cd "$(dirname "$0")/.."

core=Sources/LockOutCore
status=0

# Code lines only: drop comment lines so prose may mention what code may not do. Searches LockOutCore,
# or the folders after the pattern.
code_lines() {
    local pattern=$1
    shift
    grep -rn --include='*.swift' -E "$pattern" "${@:-$core}" | grep -v -E '^[^:]+:[0-9]+:[[:space:]]*//' || true
}

imports=$(code_lines '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]' | grep -v -E 'import[[:space:]]+Foundation[[:space:]]*$' || true)
if [ -n "$imports" ]; then
    echo "lint: LockOutCore may import Foundation only:"
    echo "$imports"
    status=1
fi

# The modules the Apple apps build, each with the only modules it may import. Glibc, NIO, AsyncHTTPClient,
# CSystemd and CXCB are Linux-side: the runtime reaches the platform through its ports.
declare -A allowed=(
    [LockOutStore]="Foundation GRDB LockOutCore"
    [LockOutWeb]="Foundation LockOutCore"
    [LockOutRuntime]="Foundation Dispatch Observation Synchronization Logging Crypto LockOutCore LockOutStore"
    [LockOutPresentation]="Foundation Observation LockOutCore LockOutStore LockOutRuntime"
    # The Screen Time extensions link it, and are killed above about 6 MB: not even LockOutCore.
    [LockOutShared]="Foundation"
)
for module in "${!allowed[@]}"; do
    pattern=$(echo "${allowed[$module]}" | tr ' ' '|')
    hits=$(code_lines '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]' "Sources/$module" \
        | grep -v -E "import[[:space:]]+(${pattern})[[:space:]]*\$" || true)
    if [ -n "$hits" ]; then
        echo "lint: $module may import ${allowed[$module]// /, } only:"
        echo "$hits"
        status=1
    fi
    # A conditional import or a platform branch would hide a Linux-only dependency from the check above.
    hits=$(code_lines '#if[[:space:]].*(os\(Linux\)|canImport\((Glibc|Musl|NIO|CSystemd|CXCB))' "Sources/$module")
    if [ -n "$hits" ]; then
        echo "lint: $module must not branch on Linux: reach the platform through a port instead:"
        echo "$hits"
        status=1
    fi
done

for pattern in 'Date\(\)' 'Date\.now' 'Calendar\.current' 'Task\.sleep' 'DispatchQueue' '\bprint\('; do
    hits=$(code_lines "$pattern")
    if [ -n "$hits" ]; then
        echo "lint: LockOutCore must not use ${pattern//\\/}: pass time, calendars and effects in instead:"
        echo "$hits"
        status=1
    fi
done

# Foundation's Process.run() on Linux can crash the whole process (it reads past a /proc/self/fd entry's name)
# and hands blocked signals on to the child. A Process is only had from Process(…), Process.run(…) or
# Process.launchedProcess(…), so with those gone no .run() of one is left either.
hits=$(code_lines '(^|[^A-Za-z0-9_])Process[[:space:]]*(\(|\.run[[:space:]]*\(|\.launchedProcess[[:space:]]*\()' Sources Tests)
if [ -n "$hits" ]; then
    echo "lint: start child processes with ChildProcess (Sources/LockOutAgent/Platform/ChildProcess.swift), never Foundation's Process:"
    echo "$hits"
    status=1
fi

[ "$status" -eq 0 ] && echo "lint: LockOutCore is pure; ${!allowed[*]} import only what they may; every child process starts through ChildProcess"
exit "$status"
