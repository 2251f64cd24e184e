#!/usr/bin/env bash
# Quick-start command 2: install what is missing, build, run every test:
# the lit suites (dialect, passes, pipeline, HSACO, tools, execution of the
# kernels on the emulator) and the GoogleTest unit tests (run through lit),
# then the same suites again in a separate AddressSanitizer + UBSan + LSan
# build (scripts/sanitize.sh, docs/robustness.md).
#
# Extra arguments go to lit, e.g. -D fp4_full=1 for the long execution set.
# FP4_SANITIZE=0 skips the sanitizer pass (a quicker local loop; CI runs it).
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
if [ "${FP4_SANITIZE:-1}" != 0 ]; then
  echo "test.sh: the same suites under ASan + UBSan + LSan (scripts/sanitize.sh)"
  "$root/scripts/sanitize.sh" "$@" 2>&1 | tee -a "$log" || status=1
fi
# One closing line in the plain form: "N passed, N failed" (both passes).
count() { awk -F: -v k="$1" '$1 ~ "^ *" k " *$" {s += $2} END {print s + 0}' "$log"; }
passed=$(count Passed)
failed=$(( $(count Failed) + $(count "Unresolved") + $(count "Timed Out") ))
echo "tests: $passed passed, $failed failed"
exit "$status"
