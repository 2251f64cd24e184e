#!/usr/bin/env bash
# Quick-start command 2: install what is missing, build, run every test:
# the lit suites (dialect, passes, pipeline, HSACO, tools, execution of the
# kernels on the emulator) and the GoogleTest unit tests (run through lit).
# Extra arguments go to lit, e.g. -D fp4_full=1 for the long execution set.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
build=${FP4_BUILD_DIR:-$root/build}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
/usr/lib/llvm-22/bin/lit -sv "$build/test" "$build/test/Unit" "$@" 2>&1 |
  tee "$log" || status=$?
# One closing line in the plain form: "N passed, N failed".
count() { awk -F: -v k="$1" '$1 ~ "^ *" k " *$" {s += $2} END {print s + 0}' "$log"; }
passed=$(count Passed)
failed=$(( $(count Failed) + $(count "Unresolved") + $(count "Timed Out") ))
echo "tests: $passed passed, $failed failed"
exit "$status"
