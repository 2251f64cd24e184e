#!/usr/bin/env bash
# Quick-start command 1: install what is missing, build, then compile the
# problem's MXFP4 GEMM (bf16 A quantized in the kernel, pre-shuffled MXFP4 B)
# to a gfx950 HSACO and run that kernel on the best device available (an
# AMD GPU through HIP, else the CPU emulator), checked against the reference.
#
#   M N K default to 16 2112 7168 (a problem shape); pass others as arguments.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
build=${FP4_BUILD_DIR:-$root/build}
bin=$build/bin
m=${1:-16} n=${2:-2112} k=${3:-7168}
out=$build/main-job
mkdir -p "$out"
name=gemm_${m}x${n}x${k}

echo "== 1. the problem's function (fp4-gen)"
"$bin/fp4-gen" gemm -m "$m" -n "$n" -k "$k" --b-layout preshuffled > "$out/$name.mlir"
cat "$out/$name.mlir"

echo "== 2. compile to gfx950 HSACO (fp4-opt --fp4-lower-to-hsaco)"
"$bin/fp4-opt" "$out/$name.mlir" --fp4-lower-to-hsaco="dump-dir=$out" -o "$out/$name.compiled.mlir"
hsaco=$out/${name}_kernel.hsaco
echo "wrote $hsaco ($(stat -c %s "$hsaco") bytes) and the device IR beside it"
/usr/lib/llvm-22/bin/llvm-readelf --notes "$hsaco" |
  grep -E '^\s+\.(name|vgpr_count|sgpr_count|agpr_count|private_segment_fixed_size|group_segment_fixed_size|vgpr_spill_count):' || true
echo "scaled MFMAs in the code: $(/usr/lib/llvm-22/bin/llvm-objdump -d --mcpu=gfx950 "$hsaco" | grep -c v_mfma_scale)"

echo "== 3. run it and check it against the reference (fp4-run --check)"
"$bin/fp4-run" "$out/$name.compiled.mlir" --device auto --seed 1 --check
