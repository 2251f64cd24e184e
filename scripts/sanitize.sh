#!/usr/bin/env bash
# Builds fp4-mlir with AddressSanitizer + UBSan (FP4_ENABLE_SANITIZERS) and
# assertions (FP4_ENABLE_ASSERTIONS: -UNDEBUG, so assert()s run and
# LLVM_DEBUG code is compiled, as in a Debug build) in a separate build
# folder and runs the lit and unit test suites under it
# (docs/robustness.md).
#
#   scripts/sanitize.sh [lit arguments...]
#
# FP4_ASAN_BUILD_DIR: the build folder (default ./build-asan). The compiler
# is CMake's default (g++ on Debian) unless CC/CXX say otherwise at the first
# configure (e.g. CC=clang-22 CXX=clang++-22). FP4_JOBS: build and lit jobs.
# Every leak, memory error and undefined behaviour fails the test it occurs
# in. Prints how long the configure, the build and the tests took.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FP4_ASAN_BUILD_DIR:-$root/build-asan}
jobs=${FP4_JOBS:-$(nproc)}

"$root/scripts/install-deps.sh"

now() { date +%s; }
start=$(now)
if [ ! -f "$build/build.ninja" ]; then
  # -g1: line tables only, so reports name files and lines at little cost.
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_FLAGS=-g1 -DCMAKE_CXX_FLAGS=-g1 \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    -DFP4_ENABLE_SANITIZERS=ON \
    -DFP4_ENABLE_ASSERTIONS=ON
elif ! grep -q '^FP4_ENABLE_ASSERTIONS:BOOL=ON$' "$build/CMakeCache.txt"; then
  # A folder configured before assertions were part of this build.
  cmake "$build" -DFP4_ENABLE_ASSERTIONS=ON
fi
configured=$(now)
ninja -C "$build" -j "$jobs" all
built=$(now)

# Leaks are errors; UBSan stops at its first report, so the test fails.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
# LLVM's BumpPtrAllocator poisons the unused part of each new slab, in
# inline code: ours is instrumented and does it, libMLIR's is not and hands
# out poisoned memory without unpoisoning it. An MLIRContext's allocator is
# shared by both, so its poisoning reports valid memory (use-after-poison
# on a StringAttr in a slab our GemmConfigAttr started; docs/robustness.md).
[[ $ASAN_OPTIONS == *allow_user_poisoning* ]] ||
  ASAN_OPTIONS+=":allow_user_poisoning=0"
# LeakSanitizer stops the process's threads with ptrace, which some
# containers forbid; it then fails every test with "LeakSanitizer has
# encountered a fatal error". Probe once with a sanitized tool: where LSan
# cannot run, go on with ASan + UBSan and say so.
if [[ $ASAN_OPTIONS == *detect_leaks=1* ]] &&
  "$build/bin/fp4-gen" --help 2>&1 >/dev/null | grep -q -e "LeakSanitizer has encountered a fatal error" -e "LeakSanitizer does not work under ptrace"; then
  echo "sanitize.sh: LeakSanitizer cannot run here (ptrace refused); leak checks are OFF" >&2
  ASAN_OPTIONS=${ASAN_OPTIONS//detect_leaks=1/detect_leaks=0}
fi
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-22/bin/llvm-symbolizer}
# Python hosts (test/python, the C API example) are not instrumented: their
# lit configs preload the sanitizer runtimes and turn leak checking off
# there (test/CAPI/lit_sanitizers.py).
status=0
/usr/lib/llvm-22/bin/lit -sv -j "$jobs" "$build/test" "$build/test/Unit" "$@" ||
  status=$?
tested=$(now)

echo "sanitize.sh: configure $((configured - start))s, build $((built - configured))s," \
  "tests $((tested - built))s, total $((tested - start))s (${jobs} jobs)"
exit "$status"
