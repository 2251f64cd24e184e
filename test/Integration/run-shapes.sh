#!/usr/bin/env bash
# Compiles and runs every problem shape (docs/reference-numerics.md, "The
# problem") on the emulator with --check.
# Usage: run-shapes.sh SEED DATA [LAYOUT [PIPELINE-OPTIONS]]
set -euo pipefail
seed=$1 data=$2 layout=${3:-preshuffled} options=${4:-}
for shape in "4 2880 512" "16 2112 7168" "32 4096 512" "32 2880 512" \
             "64 7168 2048" "256 3072 1536" "8 2112 7168" "16 3072 1536" \
             "64 3072 1536" "256 2880 512"; do
  set -- $shape
  echo "== $1x$2x$3 seed $seed $data $layout $options"
  fp4-gen gemm -m "$1" -n "$2" -k "$3" --b-layout "$layout" |
    fp4-opt --fp4-lower-to-hsaco="$options" |
    fp4-run --device emu --seed "$seed" --data "$data" --check
done
