#!/usr/bin/env bash
# Regenerates the seed corpora in fuzz/corpus/ (docs/robustness.md):
#   opt/         each `// -----` case of the mxfp4 lit tests, and fp4-gen
#                problem functions of a few shapes and variants;
#   codeobject/  HSACOs that fp4-opt --fp4-lower-to-hsaco writes for them;
#   npy/         small .npy files of every supported dtype and version;
#   gemm/        a few byte strings (GemmFuzzer reads any bytes as a problem).
# Usage: fuzz/make-corpus.sh [BUILD_DIR]   (needs bin/fp4-gen and bin/fp4-opt)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build}/bin
out=$root/fuzz/corpus
rm -rf "$out/opt" "$out/codeobject" "$out/npy" "$out/gemm"
mkdir -p "$out/opt" "$out/codeobject" "$out/npy" "$out/gemm"

# 1. lit test cases, one module per file.
for f in "$root"/test/Dialect/MXFP4/*.mlir "$root"/test/Dialect/MXFP4/*/*.mlir \
         "$root"/test/Conversion/*/*.mlir; do
  name=$(echo "${f#"$root"/test/}" | tr '/' '-')
  awk -v prefix="$out/opt/${name%.mlir}" '
    /^\/\/ -----/ { n++; next }
    /^\/\/ RUN:/ { next }
    { file = sprintf("%s-%02d.mlir", prefix, n); print > file }' "$f"
done

# 2. fp4-gen problems: shapes with and without tails, every variant.
gen() { "$bin/fp4-gen" "$@"; }
gen gemm -m 16 -n 64 -k 256 > "$out/opt/gen-gemm-16x64x256.mlir"
gen gemm -m 17 -n 70 -k 96 --b-layout plain > "$out/opt/gen-gemm-tails-plain.mlir"
gen gemm -m 32 -n 128 -k 512 --out f32 --scale-mode floor > "$out/opt/gen-gemm-f32-floor.mlir"
gen gemm -m 8 -n 32 -k 128 --a-quantized > "$out/opt/gen-gemm-a-quantized.mlir"
gen quantize -m 4 -k 64 > "$out/opt/gen-quantize-4x64.mlir"
# A hand-fixed 32x32x64 configuration with waves_k (select-config keeps it).
sed 's/b_layout = preshuffled/b_layout = preshuffled config(<mfma = 32, waves_m = 1, waves_n = 2, tiles_m = 1, tiles_n = 1, split_k = 1, waves_k = 2>)/' \
  "$out/opt/gen-gemm-16x64x256.mlir" > "$out/opt/gen-gemm-config-mfma32.mlir"
# Drop empty cases (a file that ended with a separator).
find "$out/opt" -type f -size -2c -delete

# 3. HSACOs of the generated problems.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in "$out"/opt/gen-gemm-*.mlir; do
  "$bin/fp4-opt" "$f" --fp4-lower-to-hsaco="dump-dir=$tmp/$(basename "$f" .mlir)" \
    -o /dev/null
done
for f in "$tmp"/*/*.hsaco; do
  cp "$f" "$out/codeobject/$(basename "$(dirname "$f")").hsaco"
done

# 4. .npy files of every dtype, format versions 1.0, 2.0 and 3.0, written
# byte for byte as numpy.save does (no NumPy needed).
python3 - "$out/npy" <<'PY'
import random, struct, sys
out = sys.argv[1]
rng = random.Random(7)
def npy(path, descr, shape, data, version=(1, 0)):
    dims = "".join(f"{d}, " for d in shape) if len(shape) != 1 else f"{shape[0]},"
    header = f"{{'descr': '{descr}', 'fortran_order': False, 'shape': ({dims.rstrip(', ') if len(shape) > 1 else dims}), }}"
    size_len = 2 if version == (1, 0) else 4
    total = 6 + 2 + size_len + len(header) + 1
    header += " " * (-total % 64) + "\n"
    size = struct.pack("<H" if size_len == 2 else "<I", len(header))
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY" + bytes(version) + size + header.encode() + data)
def count(shape):
    n = 1
    for d in shape:
        n *= d
    return n
cases = [("|u1", "B", (2, 3)), ("|i1", "b", (4,)), ("|b1", "?", (3,)),
         ("<u2", "H", (2, 2)), ("<i2", "h", (3,)), ("<f2", "e", (2, 2)),
         ("<u4", "I", (3,)), ("<i4", "i", (2, 1, 2)), ("<f4", "f", (4, 8)),
         ("<u8", "Q", (2,)), ("<i8", "q", (2,)), ("<f8", "d", (3,)),
         ("<f4", "f", ()), ("<f4", "f", (0, 4))]
for descr, code, shape in cases:
    if code in "ef d":
        values = [rng.gauss(0, 1) for _ in range(count(shape))]
    elif code == "?":
        values = [rng.random() < 0.5 for _ in range(count(shape))]
    else:
        bits = struct.calcsize(code) * 8
        lo = -(1 << (bits - 1)) if code.islower() else 0
        values = [rng.randrange(lo, lo + (1 << bits)) for _ in range(count(shape))]
    name = descr[1:] + "-" + ("x".join(map(str, shape)) or "scalar")
    npy(f"{out}/{name}.npy", descr, shape, struct.pack(f"<{len(values)}{code}", *values))
for major in (2, 3):
    npy(f"{out}/f4-2x2-v{major}.npy", "<f4", (2, 2),
        struct.pack("<4f", 0, 1, 2, 3), (major, 0))
PY
# 5. gemm: fixed pseudo-random bytes.
python3 - "$out/gemm" <<'PY'
import random, sys
rng = random.Random(11)
for i in range(8):
    with open(f"{sys.argv[1]}/bytes-{i}", "wb") as f:
        f.write(bytes(rng.randrange(256) for _ in range(48)))
PY
du -sh "$out"/*
