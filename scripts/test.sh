#!/usr/bin/env bash
# Every test LockOut has: the purity lint, a warnings-as-errors build, the unit and integration
# suites under a real desktop session (Xvfb + D-Bus + a notification daemon), and the end-to-end
# runs of the real agent (breaks, focus, the health gate and its shields).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/lint.sh
swift build --build-tests -Xswiftc -warnings-as-errors
scripts/e2e/with-desktop.sh swift test --skip-build
scripts/e2e/with-desktop.sh scripts/e2e/breaks.sh
scripts/e2e/with-desktop.sh scripts/e2e/focus.sh
scripts/e2e/with-desktop.sh scripts/e2e/gate.sh
