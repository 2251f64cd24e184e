#!/usr/bin/env bash
# Lowers a test kernel written in MLIR (a gpu.module) to the optimized
# amdgcn LLVM IR the project's compiler produces, the way the compiler does:
#   mlir-opt --convert-scf-to-cf
#   mlir-opt gpu.module(convert-gpu-to-rocdl{chipset=gfx950
#            use-bare-ptr-memref-call-conv=true},
#            convert-amdgpu-to-rocdl{chipset=gfx950}, reconcile-unrealized-casts)
#   (the gpu.module body becomes a plain module with the amdgcn triple)
#   mlir-translate --mlir-to-llvmir
#   opt -O3 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx950
# usage: lower.sh in.mlir out.ll
set -euo pipefail
B=/usr/lib/llvm-22/bin
in=$1
out=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
$B/mlir-opt "$in" --convert-scf-to-cf |
  $B/mlir-opt --pass-pipeline='builtin.module(gpu.module(convert-gpu-to-rocdl{chipset=gfx950 use-bare-ptr-memref-call-conv=true}, convert-amdgpu-to-rocdl{chipset=gfx950}, reconcile-unrealized-casts))' \
    > "$tmp/rocdl.mlir"
python3 - "$tmp/rocdl.mlir" "$tmp/plain.mlir" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().split('\n')
out = []
for i, l in enumerate(lines):
    m = re.match(r'\s*gpu\.module @\w+ .*attributes \{llvm\.data_layout = "([^"]*)"\} \{', l)
    if m:
        out.append('module attributes {llvm.target_triple = "amdgcn-amd-amdhsa", '
                   'llvm.data_layout = "%s"} {' % m.group(1))
        body = lines[i + 1:]
        break
else:
    sys.exit('no gpu.module with a data layout')
while body and body[-1].strip() == '':
    body.pop()
out += body[:-1]  # drop the closing brace of the outer module
open(sys.argv[2], 'w').write('\n'.join(out) + '\n')
PY
$B/mlir-translate --mlir-to-llvmir "$tmp/plain.mlir" > "$tmp/k.ll"
{
  echo "; Generated from $(basename "$in") by lower.sh (see that script); do not edit."
  $B/opt -O3 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx950 -S "$tmp/k.ll" |
    grep -v '^; ModuleID'
} > "$out"
