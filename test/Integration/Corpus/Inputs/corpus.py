"""The program corpus of issue 19: what each program computes, its inputs,
and the checks of its outputs (harness.py has the machinery).

  corpus.py prepare NAME DIR [--compiled PROG.mlir]
      writes DIR/in<i>.npy (argument i in the host ABI: bf16 as <u2, fp4
      data as fp4x2 bytes, E8M0 scales as bytes, a scalar as a 0-d array)
      and, given the compiled program, DIR/main.mlir: a host main for
      fp4-runner that holds the same inputs as constants, calls the entry
      and prints every result bit for bit.
  corpus.py check NAME DIR --npy R0.npy [R1.npy ...]
  corpus.py check NAME DIR --printed RUNNER_OUTPUT
      compares the outputs (fp4-run's .npy files, or what main printed)
      with the reference; exits 1 on any difference.
  corpus.py list
      the programs, their entry functions and what they cover.
  corpus.py stub NAME DIR
      harness self-test: writes DIR/stub.mlir, a module whose entry has the
      program's host ABI and returns the reference outputs (no compiler).
  corpus.py check NAME DIR --npy ... --perturbed
      the check must pass on the given outputs, fail on each copy with one
      element moved past what the check may accept, and pass on a copy
      whose row with an E2M1 tie took the tie's other rounding.

Each program is Inputs/NAME.mlir; its spec below builds the inputs with a
seed derived from its name and computes the expected outputs with numpy and
the reference library only.
"""

import argparse
import os
import sys
import zlib

import numpy as np

import fp4mlir as fm
from harness import (Gen, Out, OutFp4, Scalar, V, W, alternatives, bf16_value,
                     check_all,
                     erf, exp, silu, f32_value, gemm, maximum,
                     minimum, parse_printed, perturbations, quant, rsqrt,
                     stack, tanh, to_bf16, to_f16, vmax, vsum, write_main,
                     write_stub)

PROGRAMS = {}


def program(name, entry, covers):
    def register(build):
        PROGRAMS[name] = (entry, covers, build)
        return build
    return register


def relu(v):
    return maximum(v, 0.0)


def rows(v):
    """[M] -> [M, 1] for a per-row broadcast."""
    return v[:, None]


# ---------------------------------------------------------------------------
# The SwiGLU feed-forward block in three forms, M = 1, 3, 16, 100.
H, F = 224, 160
FFN_GAIN = 2.0 ** -5   # gate values mostly within +-20


def ffn_swiglu(m):
    def build(g):
        x = g.bf16((m, H))
        wg, wu, wd = (g.weight(F, H, gain=FFN_GAIN), g.weight(F, H, gain=FFN_GAIN),
                      g.weight(H, F, gain=FFN_GAIN))
        qx = quant(bf16_value(x))
        gate, up = gemm(qx, wg), gemm(qx, wu)
        h = to_bf16(silu(gate) * up)
        y = gemm(quant(h), wd)
        inputs = [x] + wg.program_arrays() + wu.program_arrays() + \
            wd.program_arrays()
        return inputs, [Out("bf16", y)]
    return build


def ffn_gateup(m):
    def build(g):
        x = g.bf16((m, H))
        wgu = g.weight(2 * F, H, gain=FFN_GAIN)
        wd = g.weight(H, F, gain=FFN_GAIN)
        gu = gemm(quant(bf16_value(x)), wgu)
        gate, up = gu[:, :F], gu[:, F:]
        h = to_bf16(silu(gate) * up)
        y = gemm(quant(h), wd)
        return [x] + wgu.program_arrays() + wd.program_arrays(), \
            [Out("bf16", y)]
    return build


def ffn_silu_epilogue(m):
    def build(g):
        x = g.bf16((m, H))
        wg = g.weight(F, H, gain=FFN_GAIN, layout="preshuffled")
        wu = g.weight(F, H, gain=FFN_GAIN, layout="preshuffled")
        wd = g.weight(H, F, gain=FFN_GAIN, layout="preshuffled")
        qx = quant(bf16_value(x))
        act = to_bf16(silu(gemm(qx, wg)))
        up = to_bf16(gemm(qx, wu))
        h = to_bf16(act * up)
        y = gemm(quant(h), wd)
        return [x] + wg.program_arrays() + wu.program_arrays() + \
            wd.program_arrays(), [Out("bf16", y)]
    return build


def ffn_w4a8(m):
    """The SwiGLU FFN with fp8 (E4M3, floor rule) activations and fp4
    weights: x and h quantized to fp8 in the kernels that read them."""
    def build(g):
        x = g.bf16((m, H))
        wg, wu, wd = (g.weight(F, H, gain=FFN_GAIN), g.weight(F, H, gain=FFN_GAIN),
                      g.weight(H, F, gain=FFN_GAIN))
        qx = quant(bf16_value(x), mode="floor", fmt="e4m3")
        gate, up = gemm(qx, wg), gemm(qx, wu)
        h = to_bf16(silu(gate) * up)
        y = gemm(quant(h, mode="floor", fmt="e4m3"), wd)
        inputs = [x] + wg.program_arrays() + wu.program_arrays() + \
            wd.program_arrays()
        return inputs, [Out("bf16", y)]
    return build


program("ffn_w4a8_m16", "ffn",
        "SwiGLU FFN with fp8 activations (x and h quantized to E4M3 in the "
        "GEMMs' kernels) and fp4 weights, M=16")(ffn_w4a8(16))

for _m in (1, 3, 16, 100):
    program(f"ffn_swiglu_m{_m}", "ffn",
            f"SwiGLU FFN, separate gate/up weights sharing A, M={_m}")(
                ffn_swiglu(_m))
    program(f"ffn_gateup_m{_m}", "ffn",
            f"SwiGLU FFN, gate/up concatenated, split by extract_slice, "
            f"M={_m}")(ffn_gateup(_m))
    program(f"ffn_silu_epilogue_m{_m}", "ffn",
            f"SwiGLU FFN, SiLU in the gate's epilogue, linalg.mul, "
            f"pre-shuffled weights, M={_m}")(ffn_silu_epilogue(_m))


# ---------------------------------------------------------------------------
# Layers in loops, fp4 across func.call.

@program("layers3_stacked", "model",
         "3 layers in scf.for, weights sliced from stacked [L,N,K] fp4 by "
         "the loop variable, activations as iter_args")
def _(g):
    x = g.bf16((3, 160))
    w = g.weight(160, 160, layers=3)
    h = bf16_value(x)
    for layer in range(3):
        y = h + relu(gemm(quant(h), w[layer]))
        h = to_bf16(y)
    return [x, w.q, w.s], [Out("bf16", y)]   # y: its rounding is the rule's


@program("layers3_fp4_carry", "model",
         "fp4 values and scales as scf.for iter_args, stacked weights, "
         "dequantize and fp4 results")
def _(g):
    x = g.bf16((16, 96))
    w = g.weight(96, 96, layers=3, gain=2.0 ** -2)
    q = quant(bf16_value(x))
    for layer in range(3):
        q = quant(tanh(gemm(q, w[layer])), src="f32")
    return [x, w.q, w.s], [Out("f32", q.dequantized()), OutFp4(q)]


@program("call_fp4_weights", "forward",
         "fp4 weights and scales passed through two levels of func.call")
def _(g):
    x = g.bf16((3, 160))
    w1, b1 = g.weight(96, 160), g.vec(96)
    w2 = g.weight(160, 96)
    X = bf16_value(x)
    h = to_bf16(gemm(quant(X), w1) + b1)
    y = to_bf16(gemm(quant(h), w2)) + X
    return [x] + w1.program_arrays() + [b1] + w2.program_arrays(), \
        [Out("bf16", y)]


@program("call_quantize", "linear",
         "a callee returns fp4 values and scales through func.call; fp4 "
         "results of the entry")
def _(g):
    x = g.bf16((16, 288))
    w = g.weight(112, 288)
    q = quant(bf16_value(x))
    return [x] + w.program_arrays(), [Out("f32", gemm(q, w)), OutFp4(q)]


@program("call_weight_returned", "linear",
         "a callee returns an fp4 weight sliced from a stack at a run-time "
         "index")
def _(g):
    x = g.bf16((100, 96))
    w = g.weight(80, 96, layers=4)
    layer = np.array([2], np.int32)
    y = relu(gemm(quant(bf16_value(x)), w[2]))
    return [x, w.q, w.s, layer], [Out("bf16", y)]


@program("weight_quantized_bf16", "linear",
         "a bf16 weight quantized in the program, used as B")
def _(g):
    x = g.bf16((16, 160))
    w = g.bf16((80, 160), gain=2.0 ** -3)
    c = gemm(quant(bf16_value(x)), quant(bf16_value(w)))
    return [x, w], [Out("bf16", c)]


@program("weight_quantized_transposed", "matmul",
         "an f32 [K, N] weight transposed (linalg.transpose) and quantized "
         "in the program as B")
def _(g):
    x = g.bf16((100, 96))
    w = g.f32((48, 96), gain=2.0 ** -3).T.copy()   # [K, N], per-column scales
    c = gemm(quant(bf16_value(x)), quant(f32_value(w.T), src="f32"))
    return [x, w], [Out("f32", c)]


# ---------------------------------------------------------------------------
# A producers.

@program("rmsnorm_gemm", "norm_linear",
         "RMSNorm (row reduction, rsqrt, gamma) producing A")
def _(g):
    x, gamma = g.bf16((100, 224)), fm.to_bf16(g.vec(224))
    w = g.weight(112, 224)
    X, G = bf16_value(x), bf16_value(gamma)
    ss = vsum(X * X, axis=1)
    r = rsqrt(ss / 224.0 + float(np.float32(1e-6)))
    n = to_bf16(X * rows(r) * G)
    return [x, gamma] + w.program_arrays(), [Out("bf16", gemm(quant(n), w))]


def softmax(v, axis=1):
    e = exp(v - vmax(v, axis)[:, None])
    return e / vsum(e, axis)[:, None]


@program("softmax_after_gemm", "classify",
         "softmax over a GEMM's rows (linalg.reduce max and sum)")
def _(g):
    x = g.bf16((16, 160))
    w = g.weight(200, 160, gain=0.5)
    logits = gemm(quant(bf16_value(x)), w)
    return [x] + w.program_arrays(), [Out("f32", softmax(logits)),
                                      Out("f32", logits)]


@program("transposed_a", "linear", "A produced by linalg.transpose")
def _(g):
    x = g.bf16((3, 288))
    w = g.weight(80, 288)
    c = gemm(quant(bf16_value(x)), w)
    return [x.T.copy()] + w.program_arrays(), [Out("f32", c)]


@program("a_two_inputs", "linear", "an A producer with two inputs")
def _(g):
    x, y = g.bf16((16, 160)), g.bf16((16, 160))
    w = g.weight(96, 160)
    a = to_bf16(bf16_value(x) + bf16_value(y) * 0.5)
    return [x, y] + w.program_arrays(), [Out("bf16", gemm(quant(a), w))]


@program("a_row_broadcast", "linear",
         "an A producer with linalg.broadcast of a row and a per-row scale")
def _(g):
    x = g.bf16((100, 96))
    scale = g.vec(100, gain=0.5)
    shift = fm.to_bf16(g.vec(96))
    w = g.weight(80, 96)
    a = to_bf16(bf16_value(x) * rows(f32_value(scale)) +
                bf16_value(shift)[None, :])
    return [x, scale, shift] + w.program_arrays(), \
        [Out("bf16", gemm(quant(a), w))]


@program("a_exp", "linear", "math.exp in an A producer, f32 A quantized")
def _(g):
    x = g.f32((3, 224), gain=0.5)
    w = g.weight(112, 224)
    a = exp(f32_value(x))
    return [x] + w.program_arrays(), [Out("bf16", gemm(quant(a, "f32"), w))]


# ---------------------------------------------------------------------------
# Dynamic sizes, batches.

@program("dynamic_n", "proj", "a dynamic N (B, scales, bias), N = 200")
def _(g):
    x = g.bf16((16, 224))
    w, b = g.weight(200, 224), g.vec(200)
    y = gemm(quant(bf16_value(x)), w) + b
    return [x] + w.program_arrays() + [b], [Out("bf16", y)]


@program("dynamic_mn", "linear", "dynamic M and N, M = 3, N = 112")
def _(g):
    x = g.bf16((3, 160))
    w = g.weight(112, 160)
    return [x] + w.program_arrays(), \
        [Out("bf16", relu(gemm(quant(bf16_value(x)), w)))]


@program("batched_a_shared_b", "linear",
         "a batched A [4, 25, K] with a shared B, bias over 3-D")
def _(g):
    x = g.bf16((4, 25, 160))
    w, b = g.weight(96, 160), g.vec(96)
    y = gemm(quant(bf16_value(x)), w) + b
    return [x] + w.program_arrays() + [b], [Out("bf16", y)]


@program("batched_b_loop", "bmm",
         "a batched B [3, N, K] as a loop over batches with extract_slice "
         "and insert_slice")
def _(g):
    x = g.bf16((3, 16, 96))
    w = g.weight(80, 96, layers=3)
    c = stack([gemm(quant(bf16_value(x[b])), w[b]) for b in range(3)])
    return [x, w.q, w.s], [Out("f32", c)]


@program("batched_b_op", "bmm",
         "a batched B [3, N, K] as one scaled_matmul (A [3, 25, K]), bias "
         "over 3-D")
def _(g):
    x = g.bf16((3, 25, 96))
    w = g.weight(80, 96, layers=3)
    b = g.vec(80)
    c = stack([gemm(quant(bf16_value(x[i])), w[i]) for i in range(3)]) + b
    return [x, w.q, w.s, b], [Out("f32", c)]


@program("batched_b_op_preshuffled", "bmm",
         "a batched B [2, N, K] in aiter's pre-shuffled layout as one "
         "scaled_matmul, M = 1 (decode), bf16 result")
def _(g):
    x = g.bf16((2, 1, 160))
    w = g.weight(96, 160, layout="preshuffled", layers=2)
    c = stack([gemm(quant(bf16_value(x[i])), w[i]) for i in range(2)])
    return [x] + w.program_arrays(), [Out("bf16", c)]


@program("batched_collapse", "linear",
         "collapse_shape [2, 50, K] -> [100, K], GEMM, expand_shape")
def _(g):
    x = g.bf16((2, 50, 160))
    w = g.weight(112, 160)
    c = gemm(quant(bf16_value(x.reshape(100, 160))), w)
    return [x] + w.program_arrays(), [Out("bf16", c.map(
        lambda a: a.reshape(2, 50, 112)))]


# ---------------------------------------------------------------------------
# Result types, scalar arguments, epilogues.

@program("out_f16_direct", "linear", "scaled_matmul with an f16 result")
def _(g):
    x = g.bf16((16, 224))
    w = g.weight(112, 224)
    res = g.f16((16, 112))
    c = to_f16(gemm(quant(bf16_value(x)), w))
    y = c + V(res.astype(np.float64))
    return [x] + w.program_arrays() + [res], [Out("f16", y)]


@program("out_f16_truncf", "linear",
         "f16 activations quantized as A, f16 result by truncf")
def _(g):
    x = g.f16((3, 160))
    w, b = g.weight(80, 160), g.vec(80)
    y = gemm(quant(V(x.astype(np.float64)), "f16"), w) + b
    return [x] + w.program_arrays() + [b], [Out("f16", y)]


@program("out_f32_bias", "linear", "f32 result with a bias, N = 200")
def _(g):
    x = g.bf16((100, 96))
    w, b = g.weight(200, 96), g.vec(200)
    return [x] + w.program_arrays() + [b], \
        [Out("f32", gemm(quant(bf16_value(x)), w) + b)]


@program("out_bf16_preshuffled_relu", "linear",
         "M = 1, pre-shuffled B, bf16 result, ReLU in bf16")
def _(g):
    x = g.bf16((1, 288))
    w = g.weight(112, 288, layout="preshuffled")
    c = relu(to_bf16(gemm(quant(bf16_value(x)), w)))
    return [x] + w.program_arrays(), [Out("bf16", c)]


@program("scalar_alpha_beta", "gemm_ab",
         "scalar f32 arguments read in the epilogue")
def _(g):
    x = g.bf16((16, 160))
    w = g.weight(112, 160)
    res = g.bf16((16, 112))
    alpha, beta = 1.5, -0.625
    y = gemm(quant(bf16_value(x)), w) * alpha + bf16_value(res) * beta
    return [x] + w.program_arrays() + [res, Scalar(alpha), Scalar(beta)], \
        [Out("bf16", y)]


@program("bias_gelu_tanh", "linear", "bias + GELU (tanh form, constants)")
def _(g):
    x = g.bf16((100, 224))
    w, b = g.weight(112, 224), g.vec(112)
    z = gemm(quant(bf16_value(x)), w) + b
    k0, k1 = float(np.float32(0.797884583)), float(np.float32(0.044715))
    y = z * 0.5 * (tanh((z + z * z * z * k1) * k0) + 1.0)
    return [x] + w.program_arrays() + [b], [Out("bf16", y)]


@program("bias_gelu_erf", "linear", "bias + GELU (math.erf)")
def _(g):
    x = g.bf16((3, 160))
    w, b = g.weight(200, 160), g.vec(200)
    z = gemm(quant(bf16_value(x)), w) + b
    y = z * 0.5 * (erf(z * float(np.float32(0.707106769))) + 1.0)
    return [x] + w.program_arrays() + [b], [Out("bf16", y)]


@program("residual_clamp", "linear",
         "bf16 result + residual, clamped to [-2, 2]")
def _(g):
    x = g.bf16((16, 288))
    w = g.weight(96, 288)
    res = g.bf16((16, 96))
    c = to_bf16(gemm(quant(bf16_value(x)), w))
    y = minimum(maximum(c + bf16_value(res), -2.0), 2.0)
    return [x] + w.program_arrays() + [res], [Out("bf16", y)]


@program("const_bias", "linear",
         "a dense constant bias and a splat constant in the epilogue")
def _(g):
    x = g.bf16((3, 96))
    w = g.weight(80, 96)
    bias = np.array([((i * 7) % 11 - 5) * 0.25 for i in range(80)])
    y = (gemm(quant(bf16_value(x)), w) + bias) * 0.5
    return [x] + w.program_arrays(), [Out("f32", y)]


@program("mlp2_quantized_output", "mlp",
         "2-layer MLP, layer 1's bf16 output quantized for layer 2")
def _(g):
    x = g.bf16((16, 224))
    w1, w2 = g.weight(160, 224), g.weight(96, 160)
    h = to_bf16(gemm(quant(bf16_value(x)), w1))
    return [x] + w1.program_arrays() + w2.program_arrays(), \
        [Out("bf16", gemm(quant(h), w2))]


@program("mlp2_relu", "mlp", "2-layer MLP, bias + ReLU, quantized hidden")
def _(g):
    x = g.bf16((100, 160))
    w1, b1, w2 = g.weight(96, 160), g.vec(96), g.weight(112, 96)
    h = to_bf16(relu(gemm(quant(bf16_value(x)), w1) + b1))
    return [x] + w1.program_arrays() + [b1] + w2.program_arrays(), \
        [Out("f32", gemm(quant(h), w2))]


# ---------------------------------------------------------------------------
# No GEMM.

@program("quantize_only", "quant", "a quantize alone (3-D f32)")
def _(g):
    x = g.f32((2, 5, 96), spread=2)
    return [x], [OutFp4(quant(f32_value(x), "f32"))]


@program("quantize_siblings", "quant_siblings", "a quantize, a zero fill "
         "and x + x in one launch (bf16, a partial work-group of rows)")
def _(g):
    x = g.bf16((37, 288), spread=2)
    zeros = np.zeros((37, 288), np.uint16)  # bf16 +0.0
    return [x], [OutFp4(quant(bf16_value(x))), Out("exact", zeros),
                 Out("exact", fm.to_bf16(2 * fm.from_bf16(x)))]


@program("dequantize_only", "dequant", "a dequantize alone (bf16, a NaN "
         "block)")
def _(g):
    q = g.rng.integers(0, 256, (7, 112), dtype=np.uint8)
    s = g.rng.integers(100, 155, (7, 7), dtype=np.uint8)
    s[3, 4] = 0xFF
    ref = fm.to_bf16(fm.dequantize(q, s))
    return [q, s], [Out("exact", ref)]


@program("elementwise_only", "swiglu", "elementwise only (silu(x) * y)")
def _(g):
    x, y = g.bf16((100, 200), spread=1), g.bf16((100, 200))
    r = silu(bf16_value(x)) * bf16_value(y)
    return [x, y], [Out("bf16", r)]


@program("reduction_only", "stats", "reductions only (row sum, row max|x|)")
def _(g):
    x = g.f32((37, 300))
    X = f32_value(x)
    return [x], [Out("f32", vsum(X, 1)),
                 Out("exact", np.abs(x).max(axis=1))]


@program("concat_a_gemm", "linear", "tensor.concat along K producing A")
def _(g):
    x1, x2 = g.bf16((16, 96)), g.bf16((16, 64))
    w = g.weight(80, 160)
    a = bf16_value(np.concatenate([x1, x2], axis=1))
    return [x1, x2] + w.program_arrays(), [Out("f32", gemm(quant(a), w))]


@program("concat_only", "append", "tensor.concat alone (3-D, bf16)")
def _(g):
    cache, new = g.bf16((3, 40, 64)), g.bf16((3, 8, 64))
    return [cache, new], [Out("exact", np.concatenate([cache, new], axis=1))]


@program("gather_embedding_gemm", "embed_proj",
         "embedding lookup (tensor.extract in linalg.generic) feeding a GEMM")
def _(g):
    ids = g.rng.integers(0, 50, 16).astype(np.int64)
    table = g.bf16((50, 160))
    w = g.weight(112, 160)
    x = bf16_value(table[ids])
    return [ids, table] + w.program_arrays(), [Out("f32", gemm(quant(x), w))]


@program("gather_only", "embed", "embedding lookup alone (i32 ids)")
def _(g):
    ids = np.array([17, 3, 11], np.int32)
    table = g.bf16((20, 96))
    return [ids, table], [Out("exact", table[ids])]


@program("gemm_in_scf_if", "select", "a GEMM in each branch of scf.if")
def _(g):
    x = g.bf16((3, 160))
    w0, w1 = g.weight(80, 160), g.weight(80, 160)
    flag = np.array([0], np.int32)
    c = gemm(quant(bf16_value(x)), w1)
    return [x, flag] + w0.program_arrays() + w1.program_arrays(), \
        [Out("bf16", c)]


@program("attention_scores", "scores",
         "Q K^T with both operands quantized in the program, scaled "
         "softmax (linalg.generic reductions)")
def _(g):
    q, k = g.bf16((16, 96), gain=2.0), g.bf16((100, 96))
    s = gemm(quant(bf16_value(q)), quant(bf16_value(k)))
    p = softmax(s * float(np.float32(0.102062076)))
    return [q, k], [Out("f32", s), Out("bf16", p)]


@program("qkv_split", "qkv",
         "fused QKV GEMM split into three bf16 outputs (extract_slice, "
         "arith.truncf on tensors)")
def _(g):
    x = g.bf16((3, 160))
    w = g.weight(176, 160)
    c = gemm(quant(bf16_value(x)), w)
    return [x] + w.program_arrays(), [Out("bf16", c[:, :80]),
                                      Out("bf16", c[:, 80:128]),
                                      Out("bf16", c[:, 128:])]


@program("moe_experts", "moe",
         "top-2 of 4 experts: weights sliced at data-dependent indices in "
         "scf.for, a captured scalar in the epilogue")
def _(g):
    x = g.bf16((16, 96))
    w = g.weight(80, 96, layers=4)
    ids = np.array([3, 1], np.int32)
    gates = np.array([0.6875, 0.3125], np.float32)
    qx = quant(bf16_value(x))
    acc = V(np.zeros((16, 80)))
    for t in range(2):
        acc = gemm(qx, w[int(ids[t])]) * float(gates[t]) + acc
    return [x, w.q, w.s, ids, gates], [Out("f32", acc)]


# ---------------------------------------------------------------------------
# scaled_matmul's accumulator (destination-passing style), and split-K as
# reduction tiling writes it.

def k_slice(w, k0, k1):
    """Columns [k0, k1) of K of a plain fp4 weight (whole 32-blocks)."""
    return W(w.q[:, k0 // 2:k1 // 2], w.s[:, k0 // 32:k1 // 32])


@program("acc_residual", "linear",
         "residual + A x B^T through scaled_matmul's bf16 accumulator, "
         "M = 5")
def _(g):
    x = g.bf16((5, 288))
    w = g.weight(80, 288)
    res = g.bf16((5, 80))
    y = bf16_value(res) + gemm(quant(bf16_value(x)), w)
    return [x] + w.program_arrays() + [res], [Out("bf16", y)]


@program("k_loop_acc", "linear",
         "a K loop by hand: scf.for over three K slices, each quantized, "
         "the f32 sum carried as the accumulator")
def _(g):
    x = g.bf16((3, 384))
    w = g.weight(96, 384)
    acc = V(np.zeros((3, 96)))
    for i in range(3):
        k0, k1 = 128 * i, 128 * (i + 1)
        acc = acc + gemm(quant(bf16_value(x[:, k0:k1])), k_slice(w, k0, k1))
    return [x] + w.program_arrays(), [Out("f32", acc)]


@program("split_k_forall", "linear",
         "split-K as reduction tiling writes it: scf.forall over 4 K slices "
         "into a [4, M, N] f32 tensor, linalg.reduce, bf16")
def _(g):
    x = g.bf16((7, 512))
    w = g.weight(48, 512)
    parts = [gemm(quant(bf16_value(x[:, 128 * i:128 * (i + 1)])),
                  k_slice(w, 128 * i, 128 * (i + 1))) for i in range(4)]
    acc = V(np.zeros((7, 48)))
    for part in parts:
        acc = part + acc
    return [x] + w.program_arrays(), [Out("bf16", acc)]


# ---------------------------------------------------------------------------
# A GEMM written in upstream ops only (arith.scaling_extf, linalg.matmul),
# and the same in the dialect: same inputs, and the test compares their
# outputs bit for bit.

def _upstream_gemm(g):
    a = g.weight(5, 256, gain=1.0)
    b = g.weight(48, 256)
    return [a.q, a.s, b.q, b.s], [Out("bf16", gemm(a, b))]


@program("ffn_upstream_m16", "ffn",
         "the SwiGLU FFN of ffn_swiglu_m16 in upstream ops only: floor-rule "
         "quantization spelled out (linalg.reduce, truncf to E8M0, "
         "arith.scaling_truncf), arith.scaling_extf, linalg.matmul")
def _(g):
    x = g.bf16((16, H))
    wg, wu, wd = (g.weight(F, H, gain=FFN_GAIN), g.weight(F, H, gain=FFN_GAIN),
                  g.weight(H, F, gain=FFN_GAIN))
    qx = quant(bf16_value(x), mode="floor")
    gate, up = gemm(qx, wg), gemm(qx, wu)
    h = to_bf16(silu(gate) * up)
    y = gemm(quant(h, mode="floor"), wd)
    inputs = [x] + wg.program_arrays() + wu.program_arrays() + \
        wd.program_arrays()
    return inputs, [Out("bf16", y)]


program("upstream_gemm", "linear",
        "an MXFP4 GEMM in upstream ops only: arith.scaling_extf operands, "
        "linalg.matmul with B transposed, raised to scaled_matmul")(
    _upstream_gemm)
program("upstream_gemm_dialect", "linear",
        "upstream_gemm in the mxfp4 dialect (scaled_matmul), compared "
        "with it bit for bit")(_upstream_gemm)


# ---------------------------------------------------------------------------

def build(name):
    if name not in PROGRAMS:
        raise SystemExit(f"unknown program {name}; see corpus.py list")
    entry, _, fn = PROGRAMS[name]
    return entry, fn(Gen(zlib.crc32(name.encode())))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("action", choices=["prepare", "check", "list", "stub"])
    p.add_argument("name", nargs="?")
    p.add_argument("dir", nargs="?")
    p.add_argument("--compiled")
    p.add_argument("--npy", nargs="+")
    p.add_argument("--printed")
    p.add_argument("--perturbed", action="store_true")
    args = p.parse_args()
    if args.action == "list":
        for name, (entry, covers, _) in PROGRAMS.items():
            print(f"{name:30} @{entry:12} {covers}")
        return 0
    entry, (inputs, refs) = build(args.name)
    if args.action == "stub":
        source = open(os.path.join(os.path.dirname(__file__),
                                   args.name + ".mlir")).read()
        with open(os.path.join(args.dir, "stub.mlir"), "w") as f:
            f.write(write_stub(source, entry, refs))
        return 0
    if args.action == "prepare":
        for i, x in enumerate(inputs):
            np.save(os.path.join(args.dir, f"in{i}.npy"),
                    np.array(x.value) if isinstance(x, Scalar) else x)
        if args.compiled:
            text = open(args.compiled).read()
            with open(os.path.join(args.dir, "main.mlir"), "w") as f:
                f.write(write_main(entry, text, inputs, refs))
        return 0
    if args.npy:
        arrays = [np.load(f) for f in args.npy]
        label = f"{args.name} (fp4-run)"
    elif args.printed:
        arrays = parse_printed(open(args.printed).read(), refs)
        label = f"{args.name} (fp4-runner)"
    else:
        raise SystemExit("check needs --npy or --printed")
    failed = check_all(refs, arrays, label)
    print(f"{label}: {'FAILED' if failed else 'passed'}")
    if args.perturbed:
        for what, bad in perturbations(refs, arrays):
            caught = check_all(refs, bad, f"{label}, {what}")
            print(f"{label}, {what}: {'caught' if caught else 'NOT CAUGHT'}")
            failed += not caught
        for what, alt in alternatives(refs, arrays):
            bad = check_all(refs, alt, f"{label}, {what}")
            print(f"{label}, {what}: {'REFUSED' if bad else 'accepted'}")
            failed += bad
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
