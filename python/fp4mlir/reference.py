"""The reference numerics (fp4-c/Reference.h) on numpy arrays.

bf16 arrays are uint16 arrays of bf16 bit patterns; fp4x2 and E8M0 scale
arrays are uint8. Matrices are row-major and quantized along their last axis.
"""

import ctypes
from dataclasses import dataclass

import numpy as np

from . import _capi
from ._capi import check_status, lib


def _ptr(array, ctype):
    return array.ctypes.data_as(ctypes.POINTER(ctype))


def _mode(mode):
    return _capi.choice(_capi.SCALE_MODES, mode, "scale mode")


def _matrix(array, name, dtype):
    """`array` as a C-contiguous array of `dtype` with at least one axis."""
    array = np.asarray(array)
    if array.dtype != dtype:
        raise TypeError(f"{name} must be a {np.dtype(dtype).name} array, not "
                        f"{array.dtype.name}")
    if array.ndim == 0:
        raise ValueError(f"{name} must have at least one axis")
    return np.ascontiguousarray(array)


def _rows(shape):
    return int(np.prod(shape[:-1], dtype=np.int64)) if len(shape) > 1 else 1


def _quantizer_input(a, what, bf16_fn, f32_fn):
    """`a` as a C-contiguous bf16 (uint16) or float32 matrix whose last axis
    is a multiple of 32, with the C function and element type that take it."""
    a = np.asarray(a)
    if a.dtype == np.uint16:
        fn, ctype = bf16_fn, ctypes.c_uint16
    elif a.dtype == np.float32:
        fn, ctype = f32_fn, ctypes.c_float
    else:
        raise TypeError(
            f"{what} takes bf16 bits (uint16) or float32, not "
            f"{a.dtype.name}; convert with to_bf16(x) or x.astype(np.float32)")
    a = _matrix(a, "a", a.dtype)
    if a.shape[-1] % 32:
        raise ValueError(f"the last axis ({a.shape[-1]}) must be a multiple "
                         f"of 32")
    return a, fn, ctype


def quantize(a, mode="even"):
    """MXFP4-quantizes `a` along its last axis (a multiple of 32).

    `a` is bf16 (a uint16 array of bit patterns) or float32. Returns
    (fp4x2, scales): uint8 arrays of shape [..., k/2] and [..., k/32]; element
    2j of a row is the low nibble of byte j.
    """
    a, fn, ctype = _quantizer_input(a, "quantize", lib.fp4QuantizeBf16,
                                    lib.fp4QuantizeF32)
    k = a.shape[-1]
    q = np.empty(a.shape[:-1] + (k // 2,), np.uint8)
    s = np.empty(a.shape[:-1] + (k // 32,), np.uint8)
    check_status(fn(_ptr(a, ctype), _rows(a.shape), k, _mode(mode),
                    _ptr(q, ctypes.c_uint8), _ptr(s, ctypes.c_uint8)))
    return q, s


def dequantize(fp4x2, scales):
    """float32 values of MXFP4 data: shape [..., 2 * fp4x2.shape[-1]]."""
    q = _matrix(fp4x2, "fp4x2", np.uint8)
    s = _matrix(scales, "scales", np.uint8)
    k = 2 * q.shape[-1]
    if s.shape != q.shape[:-1] + (k // 32,):
        raise ValueError(f"scales of shape {s.shape} do not match fp4x2 of "
                         f"shape {q.shape} (expected {q.shape[:-1] + (k // 32,)})")
    out = np.empty(q.shape[:-1] + (k,), np.float32)
    check_status(lib.fp4Dequantize(_ptr(q, ctypes.c_uint8),
                                   _ptr(s, ctypes.c_uint8), _rows(q.shape), k,
                                   _ptr(out, ctypes.c_float)))
    return out


def _2d(array, name):
    a = _matrix(array, name, np.uint8)
    if a.ndim != 2:
        raise ValueError(f"{name} must be 2-D, not of shape {a.shape}")
    return a


def _permute_b(c_function, b):
    b = _2d(b, "b")
    out = np.empty_like(b)
    check_status(c_function(_ptr(b, ctypes.c_uint8), b.shape[0], b.shape[1],
                            _ptr(out, ctypes.c_uint8)))
    return out


def shuffle_b(b):
    """aiter's shuffle_weight (16,16) of a plain [n, k/2] fp4x2 array."""
    return _permute_b(lib.fp4ShuffleWeight, b)


def unshuffle_b(b):
    """The inverse of shuffle_b."""
    return _permute_b(lib.fp4UnshuffleWeight, b)


def shuffled_scales_shape(n, k_blocks):
    """The padded shape e8m0_shuffle gives [n, k_blocks] scales."""
    rows, cols = ctypes.c_int64(), ctypes.c_int64()
    check_status(lib.fp4GetShuffledScalesShape(n, k_blocks, ctypes.byref(rows),
                                               ctypes.byref(cols)))
    return rows.value, cols.value


def shuffle_scales(scales, pad=0):
    """aiter's e8m0_shuffle of plain [n, k/32] scales, padding set to `pad`."""
    s = _2d(scales, "scales")
    out = np.empty(shuffled_scales_shape(*s.shape), np.uint8)
    check_status(lib.fp4ShuffleScales(_ptr(s, ctypes.c_uint8), s.shape[0],
                                      s.shape[1], _ptr(out, ctypes.c_uint8),
                                      int(pad)))
    return out


def unshuffle_scales(shuffled, n, k_blocks):
    """The plain [n, k_blocks] scales of a shuffled, padded array."""
    sh = _2d(shuffled, "shuffled")
    if sh.shape != shuffled_scales_shape(n, k_blocks):
        raise ValueError(f"shuffled scales of [{n}, {k_blocks}] have shape "
                         f"{shuffled_scales_shape(n, k_blocks)}, not {sh.shape}")
    out = np.empty((n, k_blocks), np.uint8)
    check_status(lib.fp4UnshuffleScales(_ptr(sh, ctypes.c_uint8), n, k_blocks,
                                        _ptr(out, ctypes.c_uint8)))
    return out


def _b_operands(b_fp4x2, b_scales, b_layout, k):
    b = _2d(b_fp4x2, "b_fp4x2")
    n = b.shape[0]
    if b_layout == "preshuffled":
        return unshuffle_b(b), unshuffle_scales(b_scales, n, k // 32)
    if b_layout != "plain":
        raise ValueError(f"b_layout must be 'plain' or 'preshuffled', not "
                         f"{b_layout!r}")
    return b, _2d(b_scales, "b_scales")


def reference_gemm(a, b_fp4x2, b_scales, mode="even", b_layout="plain"):
    """C = quantize(A) x B^T in float32 [m, n], as exactly as practical.

    `a` is bf16 [m, k] (uint16 bits); B is fp4x2 [n, k/2] with scales
    [n, k/32], or aiter's shuffled copies with b_layout="preshuffled".
    """
    a = _matrix(a, "a (bf16 bits)", np.uint16)
    if a.ndim != 2:
        raise ValueError(f"a must be 2-D, not of shape {a.shape}")
    m, k = a.shape
    b, bs = _b_operands(b_fp4x2, b_scales, b_layout, k)
    n = b.shape[0]
    if b.shape != (n, k // 2) or bs.shape != (n, k // 32):
        raise ValueError(f"B of shape {b.shape} with scales {bs.shape} does not "
                         f"match A [{m}, {k}] (expected [n, {k // 2}] and "
                         f"[n, {k // 32}])")
    c = np.empty((m, n), np.float32)
    check_status(lib.fp4ReferenceGemm(
        _ptr(a, ctypes.c_uint16), m, k, _ptr(b, ctypes.c_uint8),
        _ptr(bs, ctypes.c_uint8), n, _mode(mode), _ptr(c, ctypes.c_float)))
    return c


def reference_gemm_quantized(a_fp4x2, a_scales, b_fp4x2, b_scales):
    """The reference GEMM of two quantized operands (plain layouts)."""
    a, as_ = _2d(a_fp4x2, "a_fp4x2"), _2d(a_scales, "a_scales")
    b, bs = _2d(b_fp4x2, "b_fp4x2"), _2d(b_scales, "b_scales")
    m, k = a.shape[0], 2 * a.shape[1]
    n = b.shape[0]
    if (as_.shape != (m, k // 32) or b.shape != (n, k // 2)
            or bs.shape != (n, k // 32)):
        raise ValueError(f"operand shapes do not match: A {a.shape} scales "
                         f"{as_.shape}, B {b.shape} scales {bs.shape}")
    c = np.empty((m, n), np.float32)
    check_status(lib.fp4ReferenceGemmQuantized(
        _ptr(a, ctypes.c_uint8), _ptr(as_, ctypes.c_uint8), m,
        _ptr(b, ctypes.c_uint8), _ptr(bs, ctypes.c_uint8), n, k,
        _ptr(c, ctypes.c_float)))
    return c


def _format(fmt):
    return _capi.choice(_capi.ELEMENT_FORMATS, fmt, "element format")


def mx_row_bytes(fmt, k):
    """Bytes of one packed row of k elements (k a multiple of 32) in `fmt`:
    k / 2 (fp4), k (fp8) or 3 k / 4 (fp6)."""
    out = ctypes.c_int64()
    check_status(lib.fp4MxRowBytes(_format(fmt), k, ctypes.byref(out)))
    return out.value


def mx_quantize(a, fmt, mode="floor", ties="even"):
    """Quantizes `a` (bf16 bits as uint16, or float32) along its last axis
    (a multiple of 32) to the OCP MX format `fmt` ("e2m1", "e4m3", "e5m2",
    "e2m3", "e3m2", or the MLIR type names "f4E2M1FN", "f8E4M3FN", ...).
    `ties`: "even" (round half to even) or "away" (half away from zero,
    aiter's fused MoE quantizer).

    Returns (packed, scales): uint8 arrays [..., mx_row_bytes(fmt, k)] (each
    row a little-endian bit stream of the codes) and [..., k/32]. For "e2m1"
    the bytes of quantize(a, mode).
    """
    a, fn, ctype = _quantizer_input(a, "mx_quantize",
                                    lib.fp4MxQuantizeTiesBf16,
                                    lib.fp4MxQuantizeTiesF32)
    k = a.shape[-1]
    q = np.empty(a.shape[:-1] + (mx_row_bytes(fmt, k),), np.uint8)
    s = np.empty(a.shape[:-1] + (k // 32,), np.uint8)
    check_status(fn(_ptr(a, ctype), _rows(a.shape), k, _mode(mode),
                    _format(fmt), _capi.choice(_capi.TIES, ties, "ties"),
                    _ptr(q, ctypes.c_uint8), _ptr(s, ctypes.c_uint8)))
    return q, s


def mx_dequantize(packed, scales, fmt):
    """float32 values of MX data in `fmt`: shape [..., 32 * scales.shape[-1]]."""
    q = _matrix(packed, "packed", np.uint8)
    s = _matrix(scales, "scales", np.uint8)
    k = 32 * s.shape[-1]
    if q.shape != s.shape[:-1] + (mx_row_bytes(fmt, k),):
        raise ValueError(f"packed data of shape {q.shape} does not match "
                         f"scales of shape {s.shape} in {fmt}")
    out = np.empty(s.shape[:-1] + (k,), np.float32)
    check_status(lib.fp4MxDequantize(_ptr(q, ctypes.c_uint8),
                                     _ptr(s, ctypes.c_uint8), _rows(s.shape),
                                     k, _format(fmt),
                                     _ptr(out, ctypes.c_float)))
    return out


def mx_reference_gemm_quantized(a, a_scales, a_fmt, b, b_scales, b_fmt):
    """The reference GEMM of two quantized operands of any MX formats
    (packed rows, plain layouts): C [m, n] float32 = A [m, k] x B [n, k]^T."""
    a, as_ = _2d(a, "a"), _2d(a_scales, "a_scales")
    b, bs = _2d(b, "b"), _2d(b_scales, "b_scales")
    m, n, k = a.shape[0], b.shape[0], 32 * as_.shape[1]
    if (a.shape[1] != mx_row_bytes(a_fmt, k) or bs.shape != (n, k // 32)
            or b.shape[1] != mx_row_bytes(b_fmt, k)):
        raise ValueError(f"operand shapes do not match: A {a.shape} scales "
                         f"{as_.shape} ({a_fmt}), B {b.shape} scales "
                         f"{bs.shape} ({b_fmt})")
    c = np.empty((m, n), np.float32)
    check_status(lib.fp4MxReferenceGemmQuantized(
        _format(a_fmt), _ptr(a, ctypes.c_uint8), _ptr(as_, ctypes.c_uint8), m,
        _format(b_fmt), _ptr(b, ctypes.c_uint8), _ptr(bs, ctypes.c_uint8), n,
        k, _ptr(c, ctypes.c_float)))
    return c


def to_bf16(x):
    """float32 -> bf16 bits (round to nearest even), any shape."""
    x = np.ascontiguousarray(np.asarray(x, dtype=np.float32))
    out = np.empty(x.shape, np.uint16)
    lib.fp4F32ToBf16(_ptr(x, ctypes.c_float), x.size, _ptr(out, ctypes.c_uint16))
    return out


def from_bf16(bits):
    """bf16 bits (uint16) -> float32 (exact), any shape."""
    b = np.asarray(bits)
    if b.dtype != np.uint16:
        raise TypeError(f"bf16 bits must be uint16, not {b.dtype.name}")
    b = np.ascontiguousarray(b)
    out = np.empty(b.shape, np.float32)
    lib.fp4Bf16ToF32(_ptr(b, ctypes.c_uint16), b.size, _ptr(out, ctypes.c_float))
    return out


@dataclass
class CheckResult:
    """The acceptance rule's verdict: |out - ref| <= atol + rtol |ref|."""
    mismatches: int
    nan_mismatches: int
    worst_abs_err: float
    worst_index: int
    first_mismatch: int

    @property
    def ok(self):
        return self.mismatches == 0


def check(out, ref, atol=0.01, rtol=0.01):
    """Compares `out` with `ref` (same shape; float32 or bf16 bits)."""
    def f32(x, name):
        x = np.asarray(x)
        if x.dtype == np.uint16:
            return from_bf16(x)
        if x.dtype != np.float32:
            raise TypeError(f"{name} must be float32 or bf16 bits, not "
                            f"{x.dtype.name}")
        return np.ascontiguousarray(x)
    o, r = f32(out, "out"), f32(ref, "ref")
    if o.shape != r.shape:
        raise ValueError(f"shapes differ: out {o.shape}, ref {r.shape}")
    res = lib.fp4CheckOutput(_ptr(o, ctypes.c_float), _ptr(r, ctypes.c_float),
                             o.size, atol, rtol)
    return CheckResult(res.mismatches, res.nanMismatches, res.worstAbsErr,
                       res.worstIndex, res.firstMismatch)


def randn_bf16(seed, shape):
    """Seeded N(0,1) samples as bf16 bits, the same on every platform."""
    shape = (shape,) if np.isscalar(shape) else tuple(shape)
    out = np.empty(shape, np.uint16)
    check_status(lib.fp4RandnBf16(seed, out.size, _ptr(out, ctypes.c_uint16)))
    return out


def randn_bf16_blocked(seed, rows, k):
    """[rows, k] N(0,1) bf16 bits, each 32-block scaled by its own 2^e."""
    out = np.empty((rows, k), np.uint16) if rows >= 0 and k >= 0 else None
    if out is None:
        raise ValueError(f"rows and k must be non-negative, got {rows}x{k}")
    check_status(lib.fp4RandnBf16Blocked(seed, rows, k,
                                         _ptr(out, ctypes.c_uint16)))
    return out


# --------------------------------------------------------------------------
# Mixture of experts (GPU MODE moe-mxfp4; docs/reference-numerics.md)
# --------------------------------------------------------------------------

MOE_PAD_ALIGN = 256


def moe_padded_dim(d):
    """`d` rounded up to a multiple of 256: the task's d_hidden_pad and
    d_expert_pad."""
    return -(-d // MOE_PAD_ALIGN) * MOE_PAD_ALIGN if d > 0 else 0


def moe_align(topk_ids, experts, block_m):
    """The (token, expert) pairs of `topk_ids` (int32, any shape; pair i is
    element i of the flattened array) grouped by expert, each expert's run
    padded to a multiple of `block_m` (fp4::ref::moeAlign). Returns
    (sorted int32 [rows]: pair indices, padding marked by the pair count;
    block_expert int32 [blocks]: each row block's expert, -1 past the runs;
    valid: the rows the runs take; positions int32 of topk_ids' shape: each
    pair's row in sorted, -1 if routed nowhere). Ids outside [0, experts)
    route nowhere.
    """
    ids = np.ascontiguousarray(np.asarray(topk_ids, dtype=np.int32)).ravel()
    rows, blocks = ctypes.c_int64(), ctypes.c_int64()
    check_status(lib.fp4MoeAlignSizes(ids.size, experts, block_m,
                                      ctypes.byref(rows), ctypes.byref(blocks)))
    sorted_ids = np.empty(rows.value, np.int32)
    block_expert = np.empty(blocks.value, np.int32)
    valid = ctypes.c_int32()
    positions = np.empty(ids.size, np.int32)
    i32p = ctypes.POINTER(ctypes.c_int32)
    check_status(lib.fp4MoeAlign(ids.ctypes.data_as(i32p), ids.size, experts,
                                 block_m, sorted_ids.ctypes.data_as(i32p),
                                 block_expert.ctypes.data_as(i32p),
                                 ctypes.byref(valid),
                                 positions.ctypes.data_as(i32p)))
    return (sorted_ids, block_expert, valid.value,
            positions.reshape(np.shape(topk_ids)))


@dataclass
class MoeInputs:
    """The arrays of the task's input tuple, raw (unshuffled) layouts, named
    as the task names them: bf16 bits, fp4x2 and E8M0 bytes as uint8."""
    # With H = d_hidden_pad, D = d_expert_pad:
    hidden_states: np.ndarray         # uint16 [M, d_hidden]
    gate_up_weight: np.ndarray        # uint8 [E, 2 D, H / 2]
    down_weight: np.ndarray           # uint8 [E, H, D / 2]
    gate_up_weight_scale: np.ndarray  # uint8 [E, 2 D, H / 32]
    down_weight_scale: np.ndarray     # uint8 [E, H, D / 32]
    topk_weights: np.ndarray          # float32 [M, topk]
    topk_ids: np.ndarray              # int32 [M, topk]
    d_expert: int                     # the unpadded d_expert

    def arrays(self):
        """The seven arrays in moe_reference's (and the task's) order."""
        return (self.hidden_states, self.gate_up_weight, self.down_weight,
                self.gate_up_weight_scale, self.down_weight_scale,
                self.topk_weights, self.topk_ids)

    def reference(self, **options):
        """moe_reference on these inputs (options as moe_reference's)."""
        options.setdefault("d_expert", self.d_expert)
        return moe_reference(*self.arrays(), **options)


def _moe_array(array, name, dtype, shape):
    """`array` as a C-contiguous `dtype` array of `shape`; a scale array may
    also come flattened to 2-D ([E * rows, blocks]), as aiter returns it."""
    a = np.asarray(array)
    if a.dtype != dtype:
        if dtype == np.int32 and np.issubdtype(a.dtype, np.integer):
            a = a.astype(np.int32)
        elif dtype == np.float32 and np.issubdtype(a.dtype, np.floating):
            a = a.astype(np.float32)
        else:
            raise TypeError(f"{name} must be a {np.dtype(dtype).name} array, "
                            f"not {a.dtype.name}")
    if a.shape != shape:
        flat = (shape[0] * shape[1],) + shape[2:] if len(shape) == 3 else None
        if a.shape != flat:
            raise ValueError(f"{name} has shape {a.shape}, expected {shape}")
        a = a.reshape(shape)
    return np.ascontiguousarray(a)


def moe_reference(hidden_states, gate_up_weight, down_weight,
                  gate_up_weight_scale, down_weight_scale, topk_weights,
                  topk_ids, d_expert=None, mode="even", ties="even",
                  intermediate="bf16", out="bf16"):
    """The moe-mxfp4 layer token by token (fp4::ref::moeReference).

    The arrays are the task's raw ones, in the task's order (the shuffled
    copies left out): hidden_states bf16 bits [M, d_hidden], gate_up_weight
    fp4x2 [E, 2 d_expert_pad, d_hidden_pad/2] (gate rows first, up rows from
    d_expert_pad), down_weight fp4x2 [E, d_hidden_pad, d_expert_pad/2], their
    E8M0 scales, topk_weights float32 and topk_ids int32 [M, topk].
    `d_expert` is the unpadded intermediate size (default d_expert_pad).
    `mode` ("even"/"floor") and `ties` ("even"/"away") choose the activation
    quantizer's scale rule and tie rounding; `intermediate="f32"` quantizes
    h without rounding it to bf16 first. Returns bf16 bits [M, d_hidden], or
    with out="f32" the float32 values they were rounded from.
    """
    x = _matrix(hidden_states, "hidden_states (bf16 bits)", np.uint16)
    if x.ndim != 2:
        raise ValueError(f"hidden_states must be 2-D, not of shape {x.shape}")
    m, d_hidden = x.shape
    gu = np.asarray(gate_up_weight)
    if gu.ndim != 3 or gu.shape[1] % 2:
        raise ValueError(f"gate_up_weight must be [E, 2 d_expert_pad, "
                         f"d_hidden_pad/2], not of shape {gu.shape}")
    experts, dep, dhp = gu.shape[0], gu.shape[1] // 2, 2 * gu.shape[2]
    gu = _moe_array(gu, "gate_up_weight", np.uint8,
                    (experts, 2 * dep, dhp // 2))
    gus = _moe_array(gate_up_weight_scale, "gate_up_weight_scale", np.uint8,
                     (experts, 2 * dep, dhp // 32))
    dn = _moe_array(down_weight, "down_weight", np.uint8,
                    (experts, dhp, dep // 2))
    dns = _moe_array(down_weight_scale, "down_weight_scale", np.uint8,
                     (experts, dhp, dep // 32))
    ids = np.asarray(topk_ids)
    if ids.ndim != 2 or ids.shape[0] != m:
        raise ValueError(f"topk_ids must be [{m}, topk], not of shape "
                         f"{ids.shape}")
    ids = _moe_array(ids, "topk_ids", np.int32, ids.shape)
    weights = _moe_array(topk_weights, "topk_weights", np.float32, ids.shape)
    if intermediate not in ("bf16", "f32"):
        raise ValueError(f"intermediate must be 'bf16' or 'f32', not "
                         f"{intermediate!r}")
    if out not in ("bf16", "f32"):
        raise ValueError(f"out must be 'bf16' or 'f32', not {out!r}")
    shape = _capi.MoeShape(m, experts, d_hidden,
                           dep if d_expert is None else d_expert, dhp, dep,
                           ids.shape[1])
    options = _capi.MoeOptions(_mode(mode),
                               _capi.choice(_capi.TIES, ties, "ties"),
                               intermediate == "f32")
    result = np.empty((m, d_hidden), np.uint16)
    result_f32 = np.empty((m, d_hidden), np.float32)
    check_status(lib.fp4MoeReference(
        shape, options, _ptr(x, ctypes.c_uint16), _ptr(ids, ctypes.c_int32),
        _ptr(weights, ctypes.c_float), _ptr(gu, ctypes.c_uint8),
        _ptr(gus, ctypes.c_uint8), _ptr(dn, ctypes.c_uint8),
        _ptr(dns, ctypes.c_uint8), _ptr(result, ctypes.c_uint16),
        _ptr(result_f32, ctypes.c_float)))
    return result if out == "bf16" else result_f32


def moe_generate(tokens, routed_experts, d_hidden, d_expert, routed_topk,
                 shared_experts=1, seed=0, d_hidden_pad=None,
                 d_expert_pad=None, all_tokens_on=None, empty_experts=(),
                 weight_mode="even"):
    """Inputs distributed as the task's generate_input(dhidden, dexpert,
    nroutedexperts, nexpertspertoken, nsharedexperts, bs, seed) draws them
    (fp4::ref::generateMoe; seeded, not torch's values): a MoeInputs.

    The pads default to the task's rule (moe_padded_dim). Corner cases:
    `all_tokens_on=e` routes every token to the routed experts
    [e, e + routed_topk) (with routed_topk=1, every token on one expert);
    `empty_experts` lists routed experts that must receive no token.
    """
    allowed = None
    if all_tokens_on is not None or len(empty_experts):
        allowed = np.ones(routed_experts, np.uint8)
        if all_tokens_on is not None:
            if not (0 <= all_tokens_on
                    and all_tokens_on + routed_topk <= routed_experts
                    and routed_topk > 0):
                last = all_tokens_on + routed_topk
                raise ValueError(
                    f"all_tokens_on={all_tokens_on}: routed experts "
                    f"[{all_tokens_on}, {last}) are not a non-empty range of "
                    f"the {routed_experts} routed experts")
            allowed[:] = 0
            allowed[all_tokens_on:all_tokens_on + routed_topk] = 1
        for e in empty_experts:
            if not 0 <= e < routed_experts:
                raise ValueError(f"empty expert {e} is not a routed expert in "
                                 f"[0, {routed_experts})")
            allowed[e] = 0
    spec = _capi.MoeGenSpec(
        tokens, routed_experts, shared_experts, d_hidden, d_expert,
        routed_topk, d_hidden_pad or 0, d_expert_pad or 0,
        None if allowed is None else _ptr(allowed, ctypes.c_uint8),
        _mode(weight_mode))
    s = _capi.MoeShape()
    check_status(lib.fp4MoeGenShape(spec, ctypes.byref(s)))
    e, dhp, dep = s.experts, s.hiddenPad, s.intermediatePad
    inputs = MoeInputs(
        hidden_states=np.empty((s.tokens, s.hidden), np.uint16),
        gate_up_weight=np.empty((e, 2 * dep, dhp // 2), np.uint8),
        down_weight=np.empty((e, dhp, dep // 2), np.uint8),
        gate_up_weight_scale=np.empty((e, 2 * dep, dhp // 32), np.uint8),
        down_weight_scale=np.empty((e, dhp, dep // 32), np.uint8),
        topk_weights=np.empty((s.tokens, s.topk), np.float32),
        topk_ids=np.empty((s.tokens, s.topk), np.int32),
        d_expert=s.intermediate)
    check_status(lib.fp4MoeGenerate(
        spec, seed, _ptr(inputs.hidden_states, ctypes.c_uint16),
        _ptr(inputs.topk_ids, ctypes.c_int32),
        _ptr(inputs.topk_weights, ctypes.c_float),
        _ptr(inputs.gate_up_weight, ctypes.c_uint8),
        _ptr(inputs.gate_up_weight_scale, ctypes.c_uint8),
        _ptr(inputs.down_weight, ctypes.c_uint8),
        _ptr(inputs.down_weight_scale, ctypes.c_uint8)))
    return inputs
