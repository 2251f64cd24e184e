"""quantize and dequantize of one MX format, bit for bit against the
reference library.

    quantize.py prepare FMT MODE M K DIR [--src bf16|f16|f32] [--ties away]
        writes DIR/q.mlir (mxfp4.quantize of a bf16 (or f16, f32) [M, K]
        to FMT, with ties away from zero if asked),
        DIR/d.mlir (mxfp4.dequantize of FMT [M, K] to f32) and DIR/x.npy,
        the bf16 input: blocks of every kind below, by row and block;
    quantize.py check-q DIR VALUES.npy SCALES.npy
        compares the kernel's bytes with fm.mx_quantize, bit for bit;
    quantize.py check-d DIR OUT.npy
        dequantizes the reference's bytes of x; compares the kernel's f32
        with fm.mx_dequantize bit for bit (any NaN matches a NaN).

The blocks: random data over 2^-20 .. 2^20; exact ties between adjacent
codes (with the block's largest power of two fixing the scale); a value
that saturates under the floor rule (1.96875 * 2^emax times the scale);
bf16 subnormals only (scale byte 0); magnitudes near the top of bf16
(2^120 .. 2^127); zeros of both signs with one tiny value; a NaN; an Inf.
"""

import os
import sys

import numpy as np

import fp4mlir as fm

SHORT = {"f8E4M3FN": "e4m3", "f8E5M2": "e5m2", "f6E2M3FN": "e2m3",
         "f6E3M2FN": "e3m2", "f4E2M1FN": "e2m1"}
# (bias, mantissa bits, emax, largest finite magnitude code)
FORMATS = {"e4m3": (7, 3, 8, 0x7E), "e5m2": (15, 2, 15, 0x7B),
           "e2m3": (1, 3, 2, 0x1F), "e3m2": (3, 2, 4, 0x1F),
           "e2m1": (1, 1, 2, 0x7)}


def magnitudes(fmt):
    """Every finite magnitude of `fmt`, ascending."""
    bias, mbits, _, top = FORMATS[fmt]
    out = []
    for code in range(top + 1):
        e, m = code >> mbits, code & ((1 << mbits) - 1)
        out.append(m * 2.0 ** (1 - bias - mbits) if e == 0 else
                   (1 + m / 2 ** mbits) * 2.0 ** (e - bias))
    return np.array(out)


def block(kind, fmt, rng):
    _, _, emax, _ = FORMATS[fmt]
    s0 = int(rng.integers(-30, 30))
    sign = rng.choice([-1.0, 1.0], size=32)
    if kind == 0:
        return rng.standard_normal(32) * 2.0 ** rng.integers(-20, 21)
    if kind == 1:
        mags = magnitudes(fmt)
        i = rng.integers(0, len(mags) - 1, size=32)
        x = (mags[i] + mags[i + 1]) / 2 * sign
        x[0] = 2.0 ** emax
        return x * 2.0 ** s0
    if kind == 2:
        x = rng.uniform(-1, 1, size=32) * 2.0 ** emax
        x[int(rng.integers(0, 32))] = -1.96875 * 2.0 ** emax
        return x * 2.0 ** s0
    if kind == 3:
        return rng.integers(-127, 128, size=32) * 2.0 ** -133
    if kind == 4:
        return rng.uniform(1, 2, size=32) * 2.0 ** rng.integers(
            120, 128, size=32) * sign
    if kind == 5:
        x = np.zeros(32) * sign
        x[int(rng.integers(0, 32))] = 2.0 ** -100
        return x
    x = rng.standard_normal(32)
    x[int(rng.integers(0, 32))] = np.nan if kind == 6 else -np.inf
    return x


def make_input(fmt, m, k, seed):
    rng = np.random.default_rng(seed)
    rows = []
    for r in range(m):
        rows.append(np.concatenate([block((r + j) % 8, fmt, rng)
                                    for j in range(k // 32)]))
    return fm.to_bf16(np.array(rows, dtype=np.float32))


QUANTIZE = """\
func.func @q(%x: tensor<{m}x{k}x{src}>) -> (tensor<{m}x{k}x{t}>, tensor<{m}x{kb}xf8E8M0FNU>) {{
  %v, %s = mxfp4.quantize %x mode = {mode}{ties} : tensor<{m}x{k}x{src}> -> tensor<{m}x{k}x{t}>, tensor<{m}x{kb}xf8E8M0FNU>
  return %v, %s : tensor<{m}x{k}x{t}>, tensor<{m}x{kb}xf8E8M0FNU>
}}
"""

DEQUANTIZE = """\
func.func @d(%v: tensor<{m}x{k}x{t}>, %s: tensor<{m}x{kb}xf8E8M0FNU>) -> tensor<{m}x{k}xf32> {{
  %x = mxfp4.dequantize %v, %s : tensor<{m}x{k}x{t}>, tensor<{m}x{kb}xf8E8M0FNU> -> tensor<{m}x{k}xf32>
  return %x : tensor<{m}x{k}xf32>
}}
"""


def prepare(args):
    t, mode, m, k, out = args[:5]
    m, k = int(m), int(k)
    fmt = SHORT[t]
    src = args[args.index("--src") + 1] if "--src" in args else "bf16"
    x = make_input(fmt, m, k, seed=sum(map(ord, fmt + mode)) + m * k)
    if src == "f32":  # bits bf16 cannot hold, in normal values
        rng = np.random.default_rng(m + k)
        bits = fm.from_bf16(x).view(np.uint32)
        normal = ((bits >> 23) & 0xFF) % 255 != 0
        low = rng.integers(0, 1 << 16, size=bits.shape, dtype=np.uint32)
        x = np.where(normal, bits | low, bits).view(np.float32)
    elif src == "f16":  # beyond f16's range: Inf, a non-finite block
        with np.errstate(over="ignore"):
            x = fm.from_bf16(x).astype(np.float16)
    np.save(os.path.join(out, "x.npy"), x)
    ties = args[args.index("--ties") + 1] if "--ties" in args else "even"
    wide = x if src != "f16" else x.astype(np.float32)
    q, s = fm.mx_quantize(wide, fmt, mode, ties)
    if ties == "away":  # the data must tell the two rules apart
        even, _ = fm.mx_quantize(wide, fmt, mode, "even")
        print(f"ties: {int(np.count_nonzero(even != q))} of {even.size} "
              f"value bytes differ from ties to even")
    np.save(os.path.join(out, "ref_values.npy"), q)
    np.save(os.path.join(out, "ref_scales.npy"), s)
    fields = dict(m=m, k=k, kb=k // 32, t=t, mode=mode, src=src,
                  ties=" ties = away" if ties == "away" else "")
    with open(os.path.join(out, "q.mlir"), "w") as f:
        f.write(QUANTIZE.format(**fields))
    with open(os.path.join(out, "d.mlir"), "w") as f:
        f.write(DEQUANTIZE.format(**fields))
    with open(os.path.join(out, "format"), "w") as f:
        f.write(fmt + "\n")


def _compare(name, got, ref, nan_equal=False):
    if got.shape != ref.shape:
        print(f"FAIL {name}: shape {got.shape}, the reference's {ref.shape}")
        return 1
    same = got.view(np.uint8 if got.itemsize == 1 else np.uint32) == \
        ref.view(np.uint8 if ref.itemsize == 1 else np.uint32)
    if nan_equal:
        same |= np.isnan(got) & np.isnan(ref)
    bad = int(np.count_nonzero(~same))
    print(f"{name}: {bad} of {ref.size} differ from the reference "
          f"(bit for bit)")
    if bad:
        i = np.unravel_index(np.argmax(~same), ref.shape)
        print(f"FAIL: first at {tuple(int(v) for v in i)}: {got[i]!r}, "
              f"reference {ref[i]!r}")
    return 1 if bad else 0


def check_q(args):
    out, values, scales = args[:3]
    bad = _compare("values", np.load(values).astype(np.uint8),
                   np.load(os.path.join(out, "ref_values.npy")))
    return bad | _compare("scales", np.load(scales).astype(np.uint8),
                          np.load(os.path.join(out, "ref_scales.npy")))


def check_d(args):
    out, result = args[:2]
    fmt = open(os.path.join(out, "format")).read().strip()
    ref = fm.mx_dequantize(np.load(os.path.join(out, "ref_values.npy")),
                           np.load(os.path.join(out, "ref_scales.npy")), fmt)
    return _compare("dequantized", np.load(result).astype(np.float32), ref,
                    nan_equal=True)


if __name__ == "__main__":
    cmd, rest = sys.argv[1], sys.argv[2:]
    sys.exit({"prepare": prepare, "check-q": check_q,
              "check-d": check_d}[cmd](rest) or 0)
