#!/usr/bin/env bash
# Quick-start command 2: install what is missing, build, run every test
# (lit: dialect, passes, pipeline, HSACO, emulator execution; GoogleTest units).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
build=${FP4_BUILD_DIR:-$root/build}
/usr/lib/llvm-22/bin/lit -sv "$build/test" "$@"
