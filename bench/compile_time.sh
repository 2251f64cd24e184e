#!/usr/bin/env bash
# Wall time of `fp4-opt --fp4-lower-to-hsaco` for each problem shape (best of
# 3 runs, the whole pipeline: config, lowering, LLVM O3, AMDGPU codegen, lld).
#   bench/compile_time.sh [build-dir]
set -euo pipefail
bin=${1:-build}/bin
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for shape in "4 2880 512" "16 2112 7168" "32 4096 512" "32 2880 512" \
             "64 7168 2048" "256 3072 1536" "8 2112 7168" "16 3072 1536" \
             "64 3072 1536" "256 2880 512"; do
  set -- $shape
  "$bin/fp4-gen" gemm -m "$1" -n "$2" -k "$3" > "$tmp/g.mlir"
  best=0
  for _ in 1 2 3; do
    start=${EPOCHREALTIME/./}
    "$bin/fp4-opt" "$tmp/g.mlir" --fp4-lower-to-hsaco -o /dev/null
    t=$(( ${EPOCHREALTIME/./} - start ))  # microseconds
    if [ "$best" = 0 ] || [ "$t" -lt "$best" ]; then best=$t; fi
  done
  printf '%-14s %d.%03d s\n' "$1x$2x$3" $((best / 1000000)) $((best / 1000 % 1000))
done
