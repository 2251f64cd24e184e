"""A GEMM whose bf16 result is quantized with ties away from zero in the
GEMM's kernel (the MoE layer's h), on results that are nearly all exact
ties, bit for bit against the reference library.

    ties_out.py prepare M N K DIR
        writes DIR/prog.mlir and its inputs DIR/in0..3.npy: A fp4 with one
        scale per row, B with two elements of 0.5 per row (so that every C
        element is the mean of two of A's values, exact in bf16 and often
        halfway between two E2M1 values after the division by its block's
        scale);
    ties_out.py check DIR VALUES.npy SCALES.npy
        compares the kernel's fp4x2 and scale bytes with the reference
        library's GEMM followed by its quantizer with ties away.
"""

import os
import sys

import numpy as np

import fp4mlir as fm

PROGRAM = """\
func.func @gemm(%a: tensor<{m}x{k}xf4E2M1FN>, %as: tensor<{m}x{kb}xf8E8M0FNU>,
                %b: tensor<{n}x{k}xf4E2M1FN>, %bs: tensor<{n}x{kb}xf8E8M0FNU>)
    -> (tensor<{m}x{n}xf4E2M1FN>, tensor<{m}x{nb}xf8E8M0FNU>) {{
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs
      : tensor<{m}x{k}xf4E2M1FN>, tensor<{m}x{kb}xf8E8M0FNU>,
        tensor<{n}x{k}xf4E2M1FN>, tensor<{n}x{kb}xf8E8M0FNU> -> tensor<{m}x{n}xbf16>
  %q, %s = mxfp4.quantize %c ties = away
      : tensor<{m}x{n}xbf16> -> tensor<{m}x{n}xf4E2M1FN>, tensor<{m}x{nb}xf8E8M0FNU>
  return %q, %s : tensor<{m}x{n}xf4E2M1FN>, tensor<{m}x{nb}xf8E8M0FNU>
}}
"""


def pack(codes):
    """fp4x2 bytes of [rows, k] codes: element 2i in the low nibble."""
    return (codes[:, 0::2] | (codes[:, 1::2] << 4)).astype(np.uint8)


def prepare(args):
    m, n, k, out = int(args[0]), int(args[1]), int(args[2]), args[3]
    rng = np.random.default_rng(m * 7 + n * 3 + k)
    a_codes = rng.integers(0, 16, size=(m, k))
    a_scales = np.repeat(rng.integers(124, 131, size=(m, 1)), k // 32, axis=1)
    b_codes = np.zeros((n, k), np.int64)
    for row in range(n):  # 1.0 (code 2) times the scale 2^-1 at two places
        b_codes[row, rng.choice(k, size=2, replace=False)] = 2
    b_scales = np.full((n, k // 32), 126)
    arrays = [pack(a_codes), a_scales.astype(np.uint8), pack(b_codes),
              b_scales.astype(np.uint8)]
    for i, v in enumerate(arrays):
        np.save(os.path.join(out, f"in{i}.npy"), v)
    c = fm.to_bf16(fm.mx_reference_gemm_quantized(
        arrays[0], arrays[1], "e2m1", arrays[2], arrays[3], "e2m1"))
    for ties in ("away", "even"):
        q, s = fm.mx_quantize(c, "e2m1", "even", ties)
        np.save(os.path.join(out, f"ref_{ties}_values.npy"), q)
        np.save(os.path.join(out, f"ref_{ties}_scales.npy"), s)
    away, even = (np.load(os.path.join(out, f"ref_{t}_values.npy"))
                  for t in ("away", "even"))
    print(f"ties: {int(np.count_nonzero(away != even))} of {away.size} "
          f"value bytes differ from ties to even")
    with open(os.path.join(out, "prog.mlir"), "w") as f:
        f.write(PROGRAM.format(m=m, n=n, k=k, kb=k // 32, nb=n // 32))


def check(args):
    out, values, scales = args[:3]
    bad = 0
    for name, got in (("values", values), ("scales", scales)):
        got = np.load(got).astype(np.uint8)
        ref = np.load(os.path.join(out, f"ref_away_{name}.npy"))
        differ = int(np.count_nonzero(got != ref))
        print(f"{name}: {differ} of {ref.size} differ from the reference "
              f"(bit for bit)")
        bad |= differ != 0
    return int(bad)


if __name__ == "__main__":
    cmd, rest = sys.argv[1], sys.argv[2:]
    sys.exit({"prepare": prepare, "check": check}[cmd](rest) or 0)
