"""The machinery of the program corpus (issue 19): inputs, references, checks
and the host `main` that runs a compiled program under fp4-runner.

Nothing here uses the compiler. The expected outputs come from numpy and the
reference library (fp4mlir.quantize, dequantize, reference_gemm_quantized,
to_bf16), which shares no code with the lowering.

Reference values
----------------
A program quantizes values it computed itself (the SwiGLU product, a
normalized row, the output of the previous layer). Quantization is
discontinuous: where the program's f32 value and the reference's differ in
the last bits (another summation order, another exp), a bf16 or E2M1
rounding on a tie may go the other way, and an element of the next GEMM's A
moves by a whole E2M1 step. So a reference value is a `V`:

  c  the center: the value the program computes in f32 when its inputs
     equal the reference's (each add, multiply and divide rounded to f32 as
     the program rounds it), held in float64;
  e  a bound on |program - c| from every source: a GEMM's summation order
     (none where the sum is exact in f32 in any order, else
     GEMM_ROUNDINGS(K) * 2^-24 * sum |a b|), a reduction's order, the math
     functions' error (MATH_REL), and an f32 rounding of an op whose inputs
     are uncertain; an op on exact inputs adds nothing (IEEE operations
     give equal results on equal inputs);
  d  the discrete part of e: how far a rounding (to bf16, f16 or E2M1)
     whose input lay within e of a rounding boundary may have moved it.

Each op propagates both (first order, with the factors of |x| a bound
needs). A rounding evaluates itself at c - e, c and c + e and takes the
envelope, so d is zero unless a boundary is really within reach.

The check is the project's rule, |out - c| <= 0.01 + 0.01 |c|, except:
- the rows of a GEMM whose quantized A holds such ties must match, within
  the plain rule, the GEMM of one consistent choice among the legitimate
  roundings of their A elements (the checker enumerates them per row);
- other outputs that depend on an ambiguous rounding (a tie in an earlier
  layer) get the rule widened by their d; the checker prints on how many.
"""

import re

import numpy as np

import fp4mlir as fm

F32_ULP = 2.0 ** -23        # relative: one f32 rounding
MATH_REL = 2.0 ** -18       # relative error allowed to exp, tanh, erf, rsqrt
MATH_ABS = 2.0 ** -40
ATOL, RTOL = 0.01, 0.01


def GEMM_ROUNDINGS(k):
    """How many f32 roundings a kernel's sum may take: at most one per 32-K
    block (a scaled MFMA rounds once per instruction, 128 or 64 K; the
    emulator sums each one exactly in double), plus 8 for merges (waves_k,
    split-K). Each costs at most 2^-24 sum |a b|."""
    return k // 32 + 8


# ---------------------------------------------------------------------------
# Values with error bounds.

def _arr(x):
    return np.asarray(x, dtype=np.float64)


class V:
    alts = None  # (Q, W) when this is a GEMM of an ambiguous quantized A

    def __init__(self, c, e=None, d=None):
        self.c = _arr(c)
        self.e = np.zeros_like(self.c) if e is None else np.broadcast_to(
            _arr(e), self.c.shape).copy()
        self.d = np.zeros_like(self.c) if d is None else np.broadcast_to(
            _arr(d), self.c.shape).copy()

    @property
    def shape(self):
        return self.c.shape

    def map(self, fn):
        """A rearrangement (slice, transpose, reshape, gather): exact."""
        return V(fn(self.c), fn(self.e), fn(self.d))

    def __getitem__(self, idx):
        return self.map(lambda a: a[idx])

    # Arithmetic in f32, each result rounded once, as the program computes
    # it: IEEE operations on equal inputs give equal results, so an op adds
    # uncertainty (one f32 rounding of a different exact value) only where
    # an input is uncertain.
    def __add__(self, o):
        o = lift(o)
        return _f32_op(self.c + o.c, self.e + o.e, self.d + o.d)

    __radd__ = __add__

    def __neg__(self):
        return V(-self.c, self.e, self.d)

    def __sub__(self, o):
        return self + (-lift(o))

    def __rsub__(self, o):
        return lift(o) + (-self)

    def __mul__(self, o):
        o = lift(o)
        e = np.abs(self.c) * o.e + np.abs(o.c) * self.e + self.e * o.e
        d = np.abs(self.c) * o.d + np.abs(o.c) * self.d + self.d * o.d
        return _f32_op(self.c * o.c, e, d)

    __rmul__ = __mul__

    def __truediv__(self, o):
        o = lift(o)
        c = self.c / o.c
        den = np.abs(o.c) - o.e
        if np.any(den <= 0):
            raise ValueError("division by a value that may be zero")
        e = (self.e + np.abs(c) * o.e) / den
        dden = np.abs(o.c) - o.d
        d = (self.d + np.abs(c) * o.d) / dden
        return _f32_op(c, e, d)

    def __rtruediv__(self, o):
        return lift(o) / self


def _f32_op(c, e, d):
    """The f32 result of an op whose exact result is c, given the
    propagated uncertainties."""
    c32 = np.asarray(c, np.float64).astype(np.float32).astype(np.float64)
    e = np.broadcast_to(e, c32.shape)
    return V(c32, e + np.where(e > 0, F32_ULP * np.abs(c32), 0), d)


def lift(x):
    return x if isinstance(x, V) else V(x)


def _math(v, fn, lipschitz):
    """fn(v) with |fn'| <= lipschitz(lo, hi) on the interval."""
    c = fn(v.c).astype(np.float32).astype(np.float64)
    lo, hi = v.c - v.e, v.c + v.e
    L = lipschitz(lo, hi)
    Ld = lipschitz(v.c - v.d, v.c + v.d)
    e = L * v.e + MATH_REL * np.abs(c) + MATH_ABS
    return V(c, e, Ld * v.d)


def exp(v):
    return _math(v, np.exp, lambda lo, hi: np.exp(hi))


def silu(v):
    """x / (1 + exp(-x)) as the program computes it in f32 (exp(-x)
    overflows to inf for x < -88, and the quotient is then -0); the
    derivative of SiLU lies in [-0.1, 1.1]."""
    def f(x):
        x = x.astype(np.float32)
        with np.errstate(over="ignore"):
            return (x / (np.exp(-x) + np.float32(1))).astype(np.float64)
    return _math(v, f, lambda lo, hi: np.full_like(lo, 1.1))


def tanh(v):
    return _math(v, np.tanh, lambda lo, hi: np.ones_like(lo))


def erf(v):
    from math import erf as _erf
    return _math(v, np.vectorize(_erf, otypes=[np.float64]),
                 lambda lo, hi: np.full_like(lo, 2 / np.sqrt(np.pi)))


def rsqrt(v):
    def lip(lo, hi):
        if np.any(lo <= 0):
            raise ValueError("rsqrt of a value that may be <= 0")
        return 0.5 * lo ** -1.5
    return _math(v, lambda x: 1 / np.sqrt(x), lip)


def maximum(v, o):
    o = lift(v.c * 0 + lift(o).c) if not isinstance(o, V) else o
    return V(np.maximum(v.c, o.c), np.maximum(v.e, o.e), np.maximum(v.d, o.d))


def minimum(v, o):
    o = lift(v.c * 0 + lift(o).c) if not isinstance(o, V) else o
    return V(np.minimum(v.c, o.c), np.maximum(v.e, o.e), np.maximum(v.d, o.d))


def vsum(v, axis):
    c = v.c.sum(axis).astype(np.float32).astype(np.float64)
    n = v.shape[axis]
    return V(c, v.e.sum(axis) + n * F32_ULP * np.abs(v.c).sum(axis),
             v.d.sum(axis))


def vmax(v, axis):
    return V(v.c.max(axis), v.e.max(axis), v.d.max(axis))


def concat(vs, axis):
    return V(np.concatenate([v.c for v in vs], axis),
             np.concatenate([v.e for v in vs], axis),
             np.concatenate([v.d for v in vs], axis))


def stack(vs, axis=0):
    return V(np.stack([v.c for v in vs], axis),
             np.stack([v.e for v in vs], axis),
             np.stack([v.d for v in vs], axis))


# Roundings: the envelope of c - e, c, c + e (each rounding is monotone).

def _f32(x):
    return np.asarray(x, np.float64).astype(np.float32)


def round_bf16_f32(x):
    """float64 -> the float32 value of its bf16 rounding (via f32, as the
    program rounds its f32 value)."""
    return fm.from_bf16(fm.to_bf16(_f32(x))).astype(np.float64)


def round_f16(x):
    return _f32(x).astype(np.float16).astype(np.float64)


def _round(v, fn):
    c = fn(v.c)
    w = np.maximum(fn(v.c + v.e) - c, c - fn(v.c - v.e))
    return V(c, w, w)


def to_bf16(v):
    return _round(v, round_bf16_f32)


def to_f16(v):
    return _round(v, round_f16)


# ---------------------------------------------------------------------------
# MXFP4 data.

class Q:
    """The reference's quantization of a V: bytes (fp4x2, scales) of the
    center, the dequantized center, and the envelope of the dequantized
    values over the candidates c - e, c, c + e."""

    def __init__(self, v, src="bf16", mode="even", fmt="e2m1"):
        rnd = {"bf16": round_bf16_f32, "f32": lambda x: _f32(x).astype(
            np.float64), "f16": round_f16}[src]
        self.fmt = fmt
        cands = []
        for x in (v.c, v.c - v.e, v.c + v.e):
            x = _f32(rnd(x))
            x = fm.to_bf16(x) if src == "bf16" else x
            if fmt == "e2m1":
                q, s = fm.quantize(x, mode)
                deq = fm.dequantize(q, s)
            else:  # another MX format (fp8, fp6): packed rows
                q, s = fm.mx_quantize(x, fmt, mode)
                deq = fm.mx_dequantize(q, s, fmt)
            cands.append((q, s, deq.astype(np.float64)))
        self.q, self.s, self.deq = cands[0]
        self.cands = cands
        self.delta = np.maximum(np.abs(cands[1][2] - self.deq),
                                np.abs(cands[2][2] - self.deq))
        self.e = self.d = self.delta

    @property
    def shape(self):
        return self.deq.shape

    def dequantized(self):
        return V(self.deq, self.delta, self.delta)

    def slice_rows(self, idx):
        """The same quantization restricted to leading-dimension index idx."""
        r = object.__new__(Q)
        r.fmt = self.fmt
        r.q, r.s, r.deq = self.q[idx], self.s[idx], self.deq[idx]
        r.cands = [(q[idx], s[idx], dq[idx]) for q, s, dq in self.cands]
        r.delta = self.delta[idx]
        r.e = r.d = r.delta
        return r


def quant(v, src="bf16", mode="even", fmt="e2m1"):
    return Q(lift(v), src, mode, fmt)


class W:
    """An fp4 weight the program takes as input: plain bytes for the
    reference, and the bytes the program gets (plain or aiter's
    pre-shuffled layout). Stacked weights [L, N, K] keep each layer's."""

    def __init__(self, q, s, layout="plain"):
        self.q, self.s, self.layout = q, s, layout
        self.deq = fm.dequantize(q, s).astype(np.float64)
        self.e = self.d = np.zeros_like(self.deq)

    @property
    def shape(self):
        return self.deq.shape

    def program_arrays(self):
        if self.layout == "plain":
            return [self.q, self.s]
        if self.q.ndim == 3:  # stacked: each layer in the 2-D layout
            return [np.stack([fm.shuffle_b(q) for q in self.q]),
                    np.stack([fm.shuffle_scales(s) for s in self.s])]
        return [fm.shuffle_b(self.q), fm.shuffle_scales(self.s)]

    def __getitem__(self, i):
        return W(self.q[i], self.s[i], self.layout)


# log2 of the smallest subnormal of each MX format: every value is an
# integer multiple of it times its block's scale.
UNIT_LOG2 = {"e2m1": -1, "e4m3": -9, "e5m2": -16, "e2m3": -3, "e3m2": -4}


def gemm(a, b):
    """C = A x B^T in f32, A a Q ([..., M, K]), B a W or a Q ([N, K])."""
    lead, k = a.shape[:-1], a.shape[-1]
    qa = a.q.reshape(-1, a.q.shape[-1])
    sa = a.s.reshape(-1, k // 32)
    if b.deq.ndim != 2 or b.deq.shape[-1] != k:
        raise ValueError(f"B {b.deq.shape} is not [N, {k}]")
    a_fmt, b_fmt = getattr(a, "fmt", "e2m1"), getattr(b, "fmt", "e2m1")
    if a_fmt == b_fmt == "e2m1":
        c = fm.reference_gemm_quantized(qa, sa, b.q, b.s)
    else:
        c = fm.mx_reference_gemm_quantized(qa, sa, a_fmt, b.q, b.s, b_fmt)
    c = c.astype(np.float64)
    da = a.deq.reshape(-1, k)
    babs = np.abs(b.deq)
    ae, ad = a.e.reshape(-1, k), a.d.reshape(-1, k)
    mag = np.abs(da) @ babs.T
    # Every E2M1 value is a multiple of 0.5 * 2^(scale - 127) (other
    # formats: of their smallest subnormal), so every product of K block j
    # is a multiple of 2^(sa_j + sb_j - 256) (- 254 + both unit exponents).
    # When sum |a b| < 2^(24 + that minimum), every partial sum, in any
    # order, is a multiple of it below 2^24 of it: exact in f32, and the
    # kernel's sum is the exact one. Elsewhere, the rounding bound.
    sa = a.s.reshape(-1, k // 32).astype(np.int64)
    sb = b.s.astype(np.int64)
    tmin = (sa[:, None, :] + sb[None, :, :]).min(axis=-1) - 254 + \
        UNIT_LOG2[a_fmt] + UNIT_LOG2[b_fmt]
    exact = mag < np.exp2(tmin + 24.0)
    sum_err = np.where(exact, 0.0, GEMM_ROUNDINGS(k) * 2.0 ** -24 * mag)
    e = ae @ babs.T + np.abs(da) @ b.e.T + ae @ b.e.T + sum_err
    d = ad @ babs.T + np.abs(da) @ b.d.T + ad @ b.d.T
    n = c.shape[-1]
    shape = lead + (n,)
    v = V(c.reshape(shape), e.reshape(shape), d.reshape(shape))
    if isinstance(a, Q) and not np.any(b.e) and np.any(a.delta):
        v.alts = (a, b)
    return v


# ---------------------------------------------------------------------------
# Inputs: seeded, different scales per row, column and K block.

class Scalar:
    """A scalar function argument (f32)."""

    def __init__(self, value, type="f32"):
        self.value, self.type = np.float32(value), type


class Gen:
    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)

    def _blocked(self, shape, gain, spread):
        """N(0,1) times 2^(row + block + noise): each row, each 32-wide
        block of the last axis and each (row, block) at its own scale."""
        shape = tuple(shape)
        rows = int(np.prod(shape[:-1], dtype=np.int64))
        k = shape[-1]
        nb = (k + 31) // 32
        er = self.rng.integers(-spread, spread + 1, (rows, 1))
        eb = self.rng.integers(-spread, spread + 1, (1, nb))
        ej = self.rng.integers(-1, 2, (rows, nb))
        e = np.repeat(er + eb + ej, 32, axis=1)[:, :k]
        x = self.rng.standard_normal((rows, k)) * np.exp2(e) * gain
        x = np.where(x == 0, gain, x)  # never an all-zero block
        return x.reshape(shape)

    def bf16(self, shape, gain=1.0, spread=1):
        """bf16 bits."""
        return fm.to_bf16(self._blocked(shape, gain, spread).astype(np.float32))

    def f32(self, shape, gain=1.0, spread=1):
        return self._blocked(shape, gain, spread).astype(np.float32)

    def f16(self, shape, gain=1.0, spread=1):
        return self._blocked(shape, gain, spread).astype(np.float16)

    def weight(self, n, k, gain=2.0 ** -3, layout="plain", layers=None):
        """fp4 weight [n, k] ([layers, n, k]) from blocked bf16 values: each
        output column (row of B) and K block at its own scale."""
        shape = (n, k) if layers is None else (layers, n, k)
        w = self.bf16(shape, gain)
        q, s = fm.quantize(w)
        return W(q, s, layout)

    def vec(self, n, gain=1.0):
        """A per-column vector (bias, gamma): each element at its own scale."""
        x = self.rng.standard_normal(n) * np.exp2(self.rng.integers(-2, 3, n))
        return (x * gain).astype(np.float32)


def bf16_value(bits):
    """V of bf16 bits (exact)."""
    return V(fm.from_bf16(bits))


def f32_value(x):
    return V(np.asarray(x, np.float32).astype(np.float64))


# ---------------------------------------------------------------------------
# Outputs and checks.

class Out:
    """One program output: `kind` is the element type it has at the host
    boundary ('bf16', 'f16', 'f32' compared with the rule; 'exact' bit for
    bit; an fp4 result is two outputs, see OutFp4)."""

    def __init__(self, kind, ref):
        self.kind, self.ref = kind, ref


def outputs_of(refs):
    """Expands OutFp4 into its two host outputs."""
    out = []
    for r in refs:
        out.extend(r.parts() if isinstance(r, OutFp4) else [r])
    return out


class OutFp4:
    """An fp4 result: fp4x2 bytes and E8M0 bytes, compared with the
    reference's quantization. Where every candidate quantizes a 32-block to
    the same bytes, the block must be equal bit for bit; elsewhere its
    dequantized values must lie in the candidates' envelope."""

    def __init__(self, q):
        self.q = q

    def parts(self):
        return [Out("fp4-values", self), Out("fp4-scales", self)]


def _as_f64(arr, kind):
    if kind == "bf16":
        return fm.from_bf16(arr.view(np.uint16)).astype(np.float64)
    return arr.astype(np.float64)


def _within(o, c, d):
    with np.errstate(invalid="ignore"):
        good = (np.abs(o - c) <= ATOL + RTOL * np.abs(c) + d) | (
            np.isnan(o) & np.isnan(c))
        return good & ~(np.isnan(o) ^ np.isnan(c))


def _row_options(q, m):
    """The values row m of a quantized A may legitimately take, as a list of
    (columns, [alternative values]) choices: per ambiguous block, its
    elements one by one when every candidate keeps the block's scale
    (independent E2M1 roundings), or the candidates' whole blocks when the
    scale itself may differ."""
    k = q.deq.shape[-1]
    deqs = [cd[2].reshape(-1, k)[m] for cd in q.cands]
    scales = [cd[1].reshape(-1, k // 32)[m] for cd in q.cands]
    delta = q.delta.reshape(-1, k)[m]
    options = []
    for blk in np.unique(np.nonzero(delta)[0] // 32):
        cols = np.arange(blk * 32, blk * 32 + 32)
        if all(s[blk] == scales[0][blk] for s in scales):
            for col in cols[delta[cols] > 0]:
                vals = sorted({float(dq[col]) for dq in deqs})
                options.append((np.array([col]), [np.array([v]) for v in
                                                  vals]))
        else:
            blocks = {tuple(dq[cols]) for dq in deqs}
            options.append((cols, [np.array(b) for b in blocks]))
    return options


def _check_alternatives(o, ref, good):
    """Rows of a GEMM of an ambiguous quantized A: a row passes when one
    consistent choice among the legitimate roundings of its A elements gives
    outputs all within the plain rule (no widening). Returns the updated
    `good` and the number of rows decided this way."""
    q, w = ref.alts
    k, n = q.deq.shape[-1], ref.c.shape[-1]
    o2, c2 = o.reshape(-1, n), ref.c.reshape(-1, n)
    good2 = good.reshape(-1, n).copy()
    base = q.deq.reshape(-1, k)
    decided = 0
    for m in np.nonzero(np.any(q.delta.reshape(-1, k), axis=1))[0]:
        options = _row_options(q, m)
        if np.prod([len(v) for _, v in options], dtype=np.float64) > 4096:
            continue  # too many: keep the envelope's verdict for this row
        decided += 1
        best = None
        for choice in np.ndindex(*[len(v) for _, v in options]):
            delta = np.zeros(k)
            for (cols, vals), j in zip(options, choice):
                delta[cols] = vals[j] - base[m, cols]
            alt = c2[m] + w.deq @ delta
            ok = _within(o2[m], alt, 0)
            if best is None or ok.sum() > best.sum():
                best = ok
            if ok.all():
                break
        good2[m] = best
    return good2.reshape(good.shape), decided


def check_rule(name, out, kind, ref):
    """Returns (ok, line)."""
    o = _as_f64(out, kind)
    if o.shape != ref.c.shape:
        return False, (f"{name}: shape {o.shape}, the reference's "
                       f"{ref.c.shape}")
    c, d = ref.c, ref.d
    good = _within(o, c, d)
    bad = int(np.count_nonzero(~good))
    amb = int(np.count_nonzero(d > 0))
    rows_alt = 0
    if ref.alts is not None:
        good, rows_alt = _check_alternatives(o, ref, _within(o, c, d))
        bad = int(np.count_nonzero(~good))
    with np.errstate(invalid="ignore"):
        err = np.where(np.isnan(o) | np.isnan(c), 0, np.abs(o - c))
    how = ""
    if rows_alt:
        how = (f" ({rows_alt} rows with a rounding tie in A matched one of "
               f"its roundings)")
    elif amb:
        how = f" (+ rounding envelope on {amb})"
    line = (f"{name}: {bad} of {o.size} outside 0.01 + 0.01|ref|{how}, "
            f"worst error {err.max() if err.size else 0:.3g}")
    if bad:
        i = np.unravel_index(np.argmax(~good), o.shape)
        line += f"; first at {tuple(int(x) for x in i)}: {o[i]!r} vs {c[i]!r}"
    return bad == 0, line


def _bits(a):
    a = np.ascontiguousarray(a)
    return a.view({1: np.uint8, 2: np.uint16, 4: np.uint32,
                   8: np.uint64}[a.dtype.itemsize])


def check_exact(name, out, ref):
    if out.shape != ref.shape:
        return False, f"{name}: shape {out.shape}, the reference's {ref.shape}"
    same = _bits(out).astype(np.uint64) == _bits(ref).astype(np.uint64)
    if ref.dtype.kind == "f" or ref.dtype == np.uint16:
        fo, fr = (_as_f64(out, "bf16"), _as_f64(ref, "bf16")) \
            if ref.dtype == np.uint16 else (out, ref)
        same |= np.isnan(fo) & np.isnan(fr)  # any NaN matches a NaN
    bad = int(np.count_nonzero(~same))
    line = f"{name}: {bad} of {ref.size} differ from the reference (bit for bit)"
    if bad:
        i = np.unravel_index(np.argmax(~same), ref.shape)
        line += f"; first at {tuple(int(x) for x in i)}: {out[i]!r} vs {ref[i]!r}"
    return bad == 0, line


def check_fp4(name, qout, sout, q):
    if qout.shape != q.q.shape or sout.shape != q.s.shape:
        return False, (f"{name}: shapes {qout.shape}, {sout.shape}; the "
                       f"reference's {q.q.shape}, {q.s.shape}")
    k = q.deq.shape[-1]
    blocks = q.s.shape
    # A block is unambiguous when all candidates give the same bytes.
    def block_bytes(qq):
        return qq.reshape(blocks + (16,))
    fixed = np.ones(blocks, bool)
    for qq, ss, _ in q.cands[1:]:
        fixed &= np.all(block_bytes(qq) == block_bytes(q.q), axis=-1)
        fixed &= ss == q.s
    same_bytes = np.all(block_bytes(qout) == block_bytes(q.q), axis=-1) & (
        sout == q.s)
    bad_fixed = int(np.count_nonzero(fixed & ~same_bytes))
    deq = fm.dequantize(qout, sout).astype(np.float64)
    lo = np.minimum.reduce([c[2] for c in q.cands])
    hi = np.maximum.reduce([c[2] for c in q.cands])
    inside = (deq >= lo) & (deq <= hi)
    amb = np.repeat(~fixed, 32, axis=-1)[..., :k]
    bad_amb = int(np.count_nonzero(amb & ~inside))
    ok = bad_fixed == 0 and bad_amb == 0
    line = (f"{name}: {int(fixed.sum())} of {fixed.size} blocks fixed by the "
            f"reference, {bad_fixed} of them differ; {int(amb.sum())} "
            f"elements in ambiguous blocks, {bad_amb} outside the envelope")
    return ok, line


def check_all(refs, arrays, label):
    """refs: the program's Out/OutFp4 list; arrays: the outputs in host
    order. Prints a line per output; returns the number of failures."""
    outs = outputs_of(refs)
    if len(outs) != len(arrays):
        print(f"{label}: {len(arrays)} outputs, the program has {len(outs)}")
        return 1
    failed = 0
    for i, (o, a) in enumerate(zip(outs, arrays)):
        want = o.ref.dtype if o.kind == "exact" else expected_dtype(o)
        if a.dtype != want:
            print(f"{label} r{i}: a {a.dtype} array, the program's result "
                  f"is {np.dtype(want)} at the host boundary")
            failed += 1
    if failed:
        return failed
    i = 0
    while i < len(outs):
        o = outs[i]
        name = f"{label} r{i}"
        if o.kind == "fp4-values":
            ok, line = check_fp4(f"{label} r{i},r{i + 1} (fp4)", arrays[i],
                                 arrays[i + 1], o.ref.q)
            i += 2
        elif o.kind == "exact":
            ok, line = check_exact(name, arrays[i], o.ref)
            i += 1
        else:
            ok, line = check_rule(name, arrays[i], o.kind, o.ref)
            i += 1
        print(line)
        failed += not ok
    return failed


# ---------------------------------------------------------------------------
# The host boundary: numpy arrays <-> memref element types.

NP_TO_MLIR = {np.dtype(np.uint16): "bf16", np.dtype(np.float16): "f16",
              np.dtype(np.float32): "f32", np.dtype(np.uint8): "i8",
              np.dtype(np.int32): "i32", np.dtype(np.int64): "i64"}


def expected_dtype(out):
    return {"bf16": np.uint16, "f16": np.float16, "f32": np.float32,
            "fp4-values": np.uint8, "fp4-scales": np.uint8}.get(out.kind)


def split_top(s, sep=","):
    """Splits at top-level separators (outside <>, (), [], {}, quotes)."""
    parts, depth, cur, quote = [], 0, "", False
    for ch in s:
        if ch == '"':
            quote = not quote
        elif not quote and ch in "<([{":
            depth += 1
        elif not quote and ch in ">)]}":
            depth -= 1
        if ch == sep and depth == 0 and not quote:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def _balanced(text, start):
    """The text inside the parentheses opening at text[start]."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return text[start + 1:i], i + 1
    raise ValueError("unbalanced parentheses")


def parse_signature(text, entry):
    """(argument types, result types) of func.func @entry in MLIR text."""
    m = re.search(r"func\.func (?:public |private )?@" + re.escape(entry)
                  + r"\(", text)
    if not m:
        raise SystemExit(f"the compiled program has no function @{entry}")
    inner, pos = _balanced(text, m.end() - 1)
    args = []
    for a in split_top(inner):
        t = a.split(":", 1)[1].strip()
        # drop argument attributes
        t = split_top(t, " ")[0] if "{" in t else t
        args.append(re.sub(r"\s*\{.*\}$", "", t).strip())
    rest = text[pos:].lstrip()
    results = []
    if rest.startswith("->"):
        rest = rest[2:].lstrip()
        if rest.startswith("("):
            inner, _ = _balanced(rest, 0)
            results = split_top(inner)
        else:
            results = [split_top(rest, " ")[0]]
    return args, results


def parse_memref(t):
    m = re.fullmatch(r"memref<(.*)>", t)
    if not m:
        return None
    body = split_top(m.group(1))
    dims = body[0].split("x")
    return [None if d == "?" else int(d) for d in dims[:-1]], dims[-1], \
        body[1:]


def _hex(a):
    return "0x" + np.ascontiguousarray(a).tobytes().hex().upper()


def _f32_hex(v):
    return "0x%08X" % int(np.float32(v).view(np.uint32))


def write_main(entry, text, inputs, refs):
    """A host `main` for fp4-runner: each input a constant global copied
    into an allocation the runtime knows, the call, and each result printed
    bit for bit as i32 (i64 for i64 results) with printMemrefI32/I64."""
    args, results = parse_signature(text, entry)
    outs = outputs_of(refs)
    if len(args) != len(inputs):
        raise SystemExit(
            f"@{entry} takes {len(args)} arguments after compilation, the "
            f"program {len(inputs)}: the compiled signature is not the "
            f"program's (docs/runtime.md: tensors in, results returned)")
    if len(results) != len(outs):
        raise SystemExit(
            f"@{entry} returns {len(results)} results after compilation, "
            f"the program {len(outs)}: the compiled signature is not the "
            f"program's (docs/runtime.md: tensors in, results returned)")
    g, body = [], []
    names = []
    for i, (t, x) in enumerate(zip(args, inputs)):
        if isinstance(x, Scalar):
            if t != x.type:
                raise SystemExit(f"argument #{i} is {t}, the program's {x.type}")
            body.append(f"    %a{i} = arith.constant {_f32_hex(x.value)} : f32")
            names.append(f"%a{i}")
            continue
        mr = parse_memref(t)
        elt = NP_TO_MLIR[x.dtype]
        if mr is None or mr[1] != elt or len(mr[0]) != x.ndim or any(
                d is not None and d != s for d, s in zip(mr[0], x.shape)):
            raise SystemExit(f"argument #{i} is {t}; the input is a "
                             f"{'x'.join(map(str, x.shape))} array of {elt}")
        static = f"memref<{'x'.join(map(str, x.shape))}x{elt}>"
        g.append(f'  memref.global "private" constant @in{i} : {static} = '
                 f'dense<"{_hex(x)}">')
        body.append(f"    %g{i} = memref.get_global @in{i} : {static}")
        body.append(f"    %m{i} = memref.alloc() : {static}")
        body.append(f"    memref.copy %g{i}, %m{i} : {static} to {static}")
        if static == t:
            names.append(f"%m{i}")
            continue
        body.append(f"    %a{i} = memref.cast %m{i} : {static} to {t}")
        names.append(f"%a{i}")
    res = ", ".join(f"%r{i}" for i in range(len(results)))
    call = (f"call @{entry}({', '.join(names)}) : ({', '.join(args)}) -> "
            f"({', '.join(results)})")
    body.append(f"    {res + ' = ' if results else ''}{call}")
    for i, t in enumerate(results):
        mr = parse_memref(t)
        if mr is None:
            raise SystemExit(f"result #{i} is {t}, not a memref")
        dims, elt, _ = mr
        wide = "i64" if elt == "i64" else "i32"
        rank = len(dims)
        sizes = []
        for k in range(rank):
            body.append(f"    %r{i}d{k} = memref.dim %r{i}, %c{k} : {t}")
            sizes.append(f"%r{i}d{k}")
        dyn = "x".join(["?"] * rank)
        body.append(f"    %p{i} = memref.alloc({', '.join(sizes)}) : "
                    f"memref<{dyn}x{wide}>")
        ivs = [f"%r{i}i{k}" for k in range(rank)]
        for k in range(rank):
            body.append("  " * k + f"    scf.for {ivs[k]} = %c0 to {sizes[k]}"
                        f" step %c1 {{")
        ind = "  " * rank + "    "
        idx = ", ".join(ivs)
        body.append(f"{ind}%v{i} = memref.load %r{i}[{idx}] : {t}")
        conv = {
            "f32": [f"%w{i} = arith.bitcast %v{i} : f32 to i32"],
            "bf16": [f"%h{i} = arith.bitcast %v{i} : bf16 to i16",
                     f"%w{i} = arith.extui %h{i} : i16 to i32"],
            "f16": [f"%h{i} = arith.bitcast %v{i} : f16 to i16",
                    f"%w{i} = arith.extui %h{i} : i16 to i32"],
            "i8": [f"%w{i} = arith.extui %v{i} : i8 to i32"],
            "i32": [f"%w{i} = arith.addi %v{i}, %z32 : i32"],
            "i64": [f"%w{i} = arith.addi %v{i}, %z64 : i64"],
        }[elt]
        body.extend(ind + c for c in conv)
        body.append(f"{ind}memref.store %w{i}, %p{i}[{idx}] : "
                    f"memref<{dyn}x{wide}>")
        for k in reversed(range(rank)):
            body.append("  " * k + "    }")
        body.append(f"    %u{i} = memref.cast %p{i} : memref<{dyn}x{wide}> to "
                    f"memref<*x{wide}>")
        body.append(f"    call @printMemref{wide.upper()}(%u{i}) : "
                    f"(memref<*x{wide}>) -> ()")
    maxrank = max([len(parse_memref(t)[0]) for t in results] + [1])
    consts = [f"    %c{k} = arith.constant {k} : index"
              for k in range(max(2, maxrank))]
    consts += ["    %z32 = arith.constant 0 : i32", "    %z64 = arith.constant 0 : i64"]
    decl = (f"  func.func private @{entry}({', '.join(args)}) -> "
            f"({', '.join(results)})")
    lines = ["// Generated by corpus.py: the inputs as constants, one call,",
             "// every result printed bit for bit.",
             "module {", decl,
             "  func.func private @printMemrefI32(memref<*xi32>) attributes "
             "{llvm.emit_c_interface}",
             "  func.func private @printMemrefI64(memref<*xi64>) attributes "
             "{llvm.emit_c_interface}"]
    lines += g
    lines += ["  func.func @main() {"] + consts + body + ["    return", "  }",
                                                       "}"]
    return "\n".join(lines) + "\n"


def parse_printed(text, refs):
    """The arrays printMemrefI32/I64 printed, reinterpreted as each output's
    element type."""
    outs = outputs_of(refs)
    blocks = re.split(r"Unranked Memref base@ = \S+ ", text)[1:]
    arrays = []
    for b in blocks:
        m = re.match(r"rank = (\d+) offset = \d+ sizes = \[([^\]]*)\] "
                     r"strides = \[[^\]]*\] data =\s*", b)
        if not m:
            raise SystemExit("cannot read printMemref output: " + b[:80])
        sizes = [int(s) for s in m.group(2).split(",") if s.strip()]
        vals = np.array([int(v) for v in re.findall(r"-?\d+", b[m.end():])],
                        dtype=np.int64)
        n = int(np.prod(sizes, dtype=np.int64))
        if vals.size < n:
            raise SystemExit(f"printMemref printed {vals.size} values, the "
                             f"shape {sizes} has {n}")
        arrays.append((sizes, vals[:n]))
    res = []
    for i, (sizes, vals) in enumerate(arrays):
        o = outs[i] if i < len(outs) else None
        kind = o.kind if o else "i32"
        if kind == "exact":
            dt = o.ref.dtype
            a = vals.astype(np.uint64).astype(
                {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[
                    dt.itemsize]).view(dt)
        elif kind == "f32":
            a = vals.astype(np.uint32).view(np.float32)
        elif kind in ("bf16",):
            a = vals.astype(np.uint16)
        elif kind == "f16":
            a = vals.astype(np.uint16).view(np.float16)
        else:
            a = vals.astype(np.uint8)
        res.append(a.reshape(sizes))
    return res


# ---------------------------------------------------------------------------
# Self-test of the harness, without the compiler.

def host_abi(source, entry):
    """The documented host ABI of a source function (docs/runtime.md):
    tensors become identity memrefs, fp4 data fp4x2 bytes (last dimension
    halved), E8M0 scales bytes; scalars stay."""
    args, results = parse_signature(source, entry)

    def conv(t):
        m = re.fullmatch(r"tensor<(.*)x([a-zA-Z0-9]+)>", t)
        if not m:
            return t
        dims, elt = m.group(1).split("x"), m.group(2)
        if elt == "f4E2M1FN":
            dims[-1] = dims[-1] if dims[-1] == "?" else str(int(dims[-1]) // 2)
            elt = "i8"
        elif elt == "f8E8M0FNU":
            elt = "i8"
        return f"memref<{'x'.join(dims)}x{elt}>"
    return [conv(a) for a in args], [conv(r) for r in results]


def expected_arrays(refs):
    """The reference outputs as the host arrays a correct program returns."""
    arrays = []
    for o in outputs_of(refs):
        if o.kind == "bf16":
            arrays.append(fm.to_bf16(_f32(o.ref.c)))
        elif o.kind == "f32":
            arrays.append(_f32(o.ref.c))
        elif o.kind == "f16":
            arrays.append(_f32(o.ref.c).astype(np.float16))
        elif o.kind == "exact":
            arrays.append(o.ref)
        elif o.kind == "fp4-values":
            arrays.append(o.ref.q.q)
        else:
            arrays.append(o.ref.q.s)
    return arrays


def write_stub(source, entry, refs):
    """A module whose @entry has the program's host ABI and returns the
    reference outputs: what a correct compilation computes, for testing
    the main generation, the .npy and printed-output paths and the checks."""
    args, results = host_abi(source, entry)
    arrays = expected_arrays(refs)
    g, body = [], []
    for i, (t, x) in enumerate(zip(results, arrays)):
        static = f"memref<{'x'.join(map(str, x.shape))}x{NP_TO_MLIR[x.dtype]}>"
        g.append(f'  memref.global "private" constant @out{i} : {static} = '
                 f'dense<"{_hex(x)}">')
        body += [f"    %g{i} = memref.get_global @out{i} : {static}",
                 f"    %m{i} = memref.alloc() : {static}",
                 f"    memref.copy %g{i}, %m{i} : {static} to {static}"]
        body.append(f"    %r{i} = memref.cast %m{i} : {static} to {t}"
                    if static != t else f"    %r{i} = memref.cast %m{i} : "
                    f"{static} to {static}")
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(args))
    rets = ", ".join(f"%r{i}" for i in range(len(results)))
    lines = ["// Generated by corpus.py stub: the reference outputs behind the",
             "// program's host ABI (a harness self-test).", "module {"] + g
    lines += [f"  func.func @{entry}({params}) -> ({', '.join(results)}) {{"]
    lines += body + [f"    return {rets} : {', '.join(results)}", "  }", "}"]
    return "\n".join(lines) + "\n"


def perturbations(refs, arrays):
    """(description, arrays) with one output element moved beyond what the
    check may accept: each must fail."""
    out = []
    for i, (o, a) in enumerate(zip(outputs_of(refs), arrays)):
        b = a.copy()
        flat = b.reshape(-1)
        j = flat.size // 2 + 1
        if o.kind in ("bf16", "f32", "f16"):
            v = _as_f64(flat[j:j + 1], o.kind)[0]
            c = float(o.ref.c.reshape(-1)[j])
            d = float(o.ref.d.reshape(-1)[j])
            w = c + (1 if v >= c else -1) * (
                0.02 + 0.03 * abs(c) + 2 * d)
            flat[j] = (fm.to_bf16(np.float32([w]))[0] if o.kind == "bf16"
                       else np.array([w]).astype(flat.dtype)[0])
        elif o.kind == "exact" or o.kind.startswith("fp4"):
            bits = _bits(flat)
            bits[j] ^= 1 << (6 if o.kind == "fp4-scales" else 1)
        out.append((f"r{i}[{j}] moved", [b if k == i else x for k, x in
                                         enumerate(arrays)]))
    return out


def alternatives(refs, arrays):
    """(description, arrays) with the first row that holds an E2M1 tie in a
    GEMM's A computed with the tie's other rounding: a correct program may
    return that, so each must pass."""
    out = []
    for i, (o, a) in enumerate(zip(outputs_of(refs), arrays)):
        ref = o.ref
        if not isinstance(ref, V) or ref.alts is None:
            continue
        q, w = ref.alts
        k, n = q.deq.shape[-1], ref.c.shape[-1]
        rows = np.nonzero(np.any(q.delta.reshape(-1, k), axis=1))[0]
        base = q.deq.reshape(-1, k)
        m = rows[0]
        cols, vals = _row_options(q, m)[0]
        other = next(v for v in vals if np.any(v != base[m, cols]))
        delta = np.zeros(k)
        delta[cols] = other - base[m, cols]
        alt = ref.c.reshape(-1, n)[m] + w.deq @ delta
        b = a.copy().reshape(-1, n)
        b[m] = (fm.to_bf16(_f32(alt)) if o.kind == "bf16"
                else alt.astype(b.dtype))
        out.append((f"r{i} row {m} with its tie rounded the other way",
                    [b.reshape(a.shape) if k2 == i else x
                     for k2, x in enumerate(arrays)]))
    return out
