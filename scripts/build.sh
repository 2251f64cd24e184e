#!/usr/bin/env bash
# Configures (once) and builds fp4-mlir into ./build with Ninja.
# FP4_BUILD_DIR overrides the folder; extra arguments go to cmake at configure.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FP4_BUILD_DIR:-$root/build}
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    "$@"
fi
# Two cores, 24 GiB: two jobs is the machine.
ninja -C "$build" -j "${FP4_JOBS:-$(nproc)}" all
