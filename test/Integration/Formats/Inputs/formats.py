"""A GEMM of two operands given in OCP MX formats, for the format matrix.

    formats.py prepare A B M N K DIR [--mfma 16|32] [--quantize-a MODE]
                       [--ties away] [--config CONFIG] [--dynamic-m]
        writes DIR/prog.mlir (one scaled_matmul of an A in format A and a B
        in format B, M x N x K) and its inputs DIR/in0..3.npy: codes and
        scales made by the reference library, with edge data (see below);
        with --quantize-a, A is bf16 (in0.npy) and the program quantizes it
        to format A with MODE (floor or even), fused into the GEMM's kernel,
        against the reference library's quantization of the same bf16;
        --ties away quantizes A with ties away from zero, from a bf16 A
        whose elements are nearly all exact ties (fp4 A only);
        --config gives the #mxfp4.config's body (split-K, say), and
        --dynamic-m makes M a run-time size (the inputs keep M rows);
    formats.py check DIR OUT.npy
        compares the kernel's f32 output with the reference library's
        mixed-format GEMM, element by element.

Formats are MLIR type names (f8E4M3FN, f8E5M2, f6E2M3FN, f6E3M2FN,
f4E2M1FN). The codes are drawn over every finite code of the format
(subnormals and zeros included), with per-row and per-block scales
spread over 2^-9 .. 2^9; then edge rows:
  - A row 0, block 0 has scale byte 0 (2^-127), against B scales 2^13,
    and B column 1, block 1 has scale byte 254 (2^127), against A's 2^-126:
    the extreme scales multiply back to ordinary magnitudes, exactly;
  - for formats with NaN or Inf codes (fp8), one A element of row 2 is NaN
    and, for E5M2 B, one element of column 3 is +Inf: that row (column)
    is NaN (Inf or NaN) in the reference, and must be in the kernel.
The kernel accumulates in f32, the reference exactly: they may differ by
the f32 rounding of the block sums, (K/32 + 1) * 2^-24 * sum |a b|.
"""

import os
import sys

import numpy as np

import fp4mlir as fm

SHORT = {"f8E4M3FN": "e4m3", "f8E5M2": "e5m2", "f6E2M3FN": "e2m3",
         "f6E3M2FN": "e3m2", "f4E2M1FN": "e2m1"}
BITS = {"e4m3": 8, "e5m2": 8, "e2m3": 6, "e3m2": 6, "e2m1": 4}


def finite_codes(fmt):
    """Every code of `fmt` whose value is finite."""
    bits = BITS[fmt]
    codes = np.arange(1 << bits, dtype=np.uint32)
    if fmt == "e4m3":
        return codes[(codes & 0x7F) != 0x7F]
    if fmt == "e5m2":
        return codes[(codes & 0x7C) != 0x7C]
    return codes


def pack(codes, fmt):
    """Packs [rows, k] codes as the reference library packs its rows: a
    little-endian bit stream, element i at bits [b i, b i + b)."""
    bits = BITS[fmt]
    rows, k = codes.shape
    stream = np.zeros((rows, k * bits), dtype=np.uint8)
    for j in range(bits):
        stream[:, j::bits] = (codes >> j) & 1
    return np.packbits(stream, axis=1, bitorder="little")


def operand(rng, fmt, rows, k):
    """Codes, packed rows and scales of one operand."""
    codes = rng.choice(finite_codes(fmt), size=(rows, k)).astype(np.uint32)
    row_gain = rng.integers(-3, 4, size=(rows, 1))
    scales = (127 + row_gain + rng.integers(-6, 7, size=(rows, k // 32)))
    return codes, scales.astype(np.uint8)


def make(a_fmt, b_fmt, m, n, k, seed):
    rng = np.random.default_rng(seed)
    a_codes, a_scales = operand(rng, a_fmt, m, k)
    b_codes, b_scales = operand(rng, b_fmt, n, k)
    if k >= 64 and m >= 1 and n >= 2:
        a_scales[0, 0], b_scales[:, 0] = 0, 140
        b_scales[1, 1], a_scales[:, 1] = 254, 1
    if a_fmt == "e4m3" and m >= 3:
        a_codes[2, 5] = 0x7F
    if a_fmt == "e5m2" and m >= 3:
        a_codes[2, 5] = 0x7E
    if b_fmt == "e5m2" and n >= 4:
        b_codes[3, 7] = 0x7C
    return (pack(a_codes, a_fmt), a_scales, pack(b_codes, b_fmt), b_scales)


PROGRAM = """\
func.func @gemm(%a: tensor<{m}x{k}x{at}>, %as: tensor<{m}x{kb}xf8E8M0FNU>,
                %b: tensor<{n}x{k}x{bt}>, %bs: tensor<{n}x{kb}xf8E8M0FNU>)
    -> tensor<{m}x{n}xf32> {{
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs {config}
      : tensor<{m}x{k}x{at}>, tensor<{m}x{kb}xf8E8M0FNU>,
        tensor<{n}x{k}x{bt}>, tensor<{n}x{kb}xf8E8M0FNU> -> tensor<{m}x{n}xf32>
  return %c : tensor<{m}x{n}xf32>
}}
"""

QUANTIZING = """\
func.func @gemm(%x: tensor<{m}x{k}xbf16>,
                %b: tensor<{n}x{k}x{bt}>, %bs: tensor<{n}x{kb}xf8E8M0FNU>)
    -> tensor<{m}x{n}xf32> {{
  %a, %as = mxfp4.quantize %x mode = {mode}{ties}
      : tensor<{m}x{k}xbf16> -> tensor<{m}x{k}x{at}>, tensor<{m}x{kb}xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs {config}
      : tensor<{m}x{k}x{at}>, tensor<{m}x{kb}xf8E8M0FNU>,
        tensor<{n}x{k}x{bt}>, tensor<{n}x{kb}xf8E8M0FNU> -> tensor<{m}x{n}xf32>
  return %c : tensor<{m}x{n}xf32>
}}
"""

CONFIGS = {
    "16": "",
    "32": ("config(#mxfp4.config<mfma = 32, waves_m = 1, waves_n = 2, "
           "tiles_m = 1, tiles_n = 1, split_k = 1>)"),
}


def option(args, name, default):
    return args[args.index(name) + 1] if name in args else default


def tie_blocks(m, k, rng):
    """[m, k] values all halfway between two E2M1 values after the
    division by their block's scale (2^s, s per block), but one element per
    block that is 4 * 2^s and fixes the scale in both scale rules."""
    ties = np.array([0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0])
    x = rng.choice(ties, size=(m, k)) * rng.choice([-1.0, 1.0], size=(m, k))
    x[:, ::32] = 4.0
    return x * 2.0 ** rng.integers(-6, 7, size=(m, k // 32)).repeat(32, axis=1)


def prepare(args):
    a_type, b_type, m, n, k, out = args[:6]
    mfma = option(args, "--mfma", "16")
    # With --quantize-a MODE, A comes in bf16 and the program quantizes it
    # (in the kernel, once fused); the reference quantizes it alike.
    mode = option(args, "--quantize-a", None)
    m, n, k = int(m), int(n), int(k)
    a_fmt, b_fmt = SHORT[a_type], SHORT[b_type]
    seed = sum(map(ord, a_fmt + b_fmt)) * 1000 + m * 7 + n * 3 + k
    arrays = list(make(a_fmt, b_fmt, m, n, k, seed))
    program = PROGRAM
    config = CONFIGS[mfma]
    if "--config" in args:  # an explicit #mxfp4.config body
        config = f"config(<{option(args, '--config', '')}>)"
    ties = option(args, "--ties", "even")
    if mode:
        rng = np.random.default_rng(seed + 1)
        x = rng.standard_normal((m, k)) * 2.0 ** rng.integers(
            -8, 9, size=(m, k // 32)).repeat(32, axis=1)
        if ties == "away":
            x = tie_blocks(m, k, rng)
        x = fm.to_bf16(x.astype(np.float32))
        np.save(os.path.join(out, "x.npy"), x)
        arrays[0], arrays[1] = fm.mx_quantize(x, a_fmt, mode, ties)
        if ties == "away":  # the data must tell the two rules apart
            even, _ = fm.mx_quantize(x, a_fmt, mode, "even")
            print(f"ties: {int(np.count_nonzero(even != arrays[0]))} of "
                  f"{even.size} A bytes differ from ties to even")
        program = QUANTIZING
    inputs = arrays if not mode else [x] + arrays[2:]
    for i, v in enumerate(inputs):
        np.save(os.path.join(out, f"in{i}.npy"), v)
    for i, v in enumerate(arrays):
        np.save(os.path.join(out, f"ref{i}.npy"), v)
    text = program.format(m=m, n=n, k=k, kb=k // 32, at=a_type, bt=b_type,
                          config=config, mode=mode,
                          ties=" ties = away" if ties == "away" else "")
    if "--dynamic-m" in args:  # M known only at run time
        text = text.replace(f"tensor<{m}x", "tensor<?x")
    with open(os.path.join(out, "prog.mlir"), "w") as f:
        f.write(text)
    with open(os.path.join(out, "formats"), "w") as f:
        f.write(f"{a_fmt} {b_fmt}\n")


def check(args):
    out_dir, result = args[:2]
    a_fmt, b_fmt = open(os.path.join(out_dir, "formats")).read().split()
    a, a_s, b, b_s = (np.load(os.path.join(out_dir, f"ref{i}.npy"))
                      for i in range(4))
    ref = fm.mx_reference_gemm_quantized(a, a_s, a_fmt, b, b_s, b_fmt)
    ref = ref.astype(np.float64)
    got = np.load(result).astype(np.float64)
    if got.shape != ref.shape:
        print(f"FAIL: shape {got.shape}, the reference's {ref.shape}")
        return 1
    k = 32 * a_s.shape[1]
    da = np.abs(np.nan_to_num(fm.mx_dequantize(a, a_s, a_fmt), nan=0.0,
                              posinf=0.0, neginf=0.0)).astype(np.float64)
    db = np.abs(np.nan_to_num(fm.mx_dequantize(b, b_s, b_fmt), nan=0.0,
                              posinf=0.0, neginf=0.0)).astype(np.float64)
    bound = (k // 32 + 1) * 2.0 ** -24 * (da @ db.T)
    with np.errstate(invalid="ignore"):
        same_special = (np.isnan(got) & np.isnan(ref)) | (
            np.isinf(got) & np.isinf(ref) & (got == ref))
        close = np.isfinite(ref) & (np.abs(got - ref) <= bound)
    good = same_special | close
    specials = int(np.count_nonzero(~np.isfinite(ref)))
    bad = int(np.count_nonzero(~good))
    print(f"{a_fmt} x {b_fmt}: {bad} of {got.size} outside the f32 "
          f"accumulation bound ({specials} non-finite in the reference)")
    if bad:
        i = np.unravel_index(np.argmax(~good), got.shape)
        print(f"FAIL: first at {tuple(int(x) for x in i)}: {got[i]!r}, "
              f"reference {ref[i]!r}, bound {bound[i]:.3g}")
        return 1
    return 0


if __name__ == "__main__":
    cmd, rest = sys.argv[1], sys.argv[2:]
    sys.exit({"prepare": prepare, "check": check}[cmd](rest) or 0)
