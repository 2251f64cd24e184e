# RUN: %fp4_python -m pytest -q -p no:cacheprovider %s
"""fp4mlir's reference wrappers against hand-computed values and against an
independent numpy model of the quantizer (docs/reference-numerics.md,
"Quantization (bit for bit)")."""

import numpy as np
import pytest

import fp4mlir as fm

E2M1 = np.array([0, 0.5, 1, 1.5, 2, 3, 4, 6], np.float64)


def numpy_quantize_even(x):
    """A [rows, k] float32 array quantized as aiter does, in numpy."""
    rows, k = x.shape
    blocks = x.reshape(rows, k // 32, 32).astype(np.float32)
    amax = np.abs(blocks).max(axis=2)
    bits = (amax.view(np.uint32) + np.uint32(0x200000)) & np.uint32(0xFF800000)
    exp = ((bits >> 23) & 0xFF).astype(np.int64) - 127
    scale = np.clip(exp - 2, -127, 127)
    scale[amax == 0] = -127
    scaled = np.abs(blocks.astype(np.float64)) * np.exp2(-scale)[..., None]
    dist = np.abs(scaled[..., None] - E2M1)
    nearest = dist == dist.min(axis=-1, keepdims=True)
    # Round to nearest; a tie is between two neighbouring codes, one even:
    # take the even one.
    even = nearest & (np.arange(8) % 2 == 0)
    idx = np.where(even.any(axis=-1), np.argmax(even, axis=-1),
                   np.argmax(nearest, axis=-1))
    codes = idx | (np.signbit(blocks).astype(np.int64) << 3)
    codes = codes.reshape(rows, k)
    packed = (codes[:, 0::2] | (codes[:, 1::2] << 4)).astype(np.uint8)
    return packed, (scale + 127).astype(np.uint8)


def test_hand_computed_block_even_and_floor():
    x = np.zeros((1, 64), np.float32)
    x[0, :6] = [6.0, 0.5, -1.5, 0.25, -0.0, 2.5]
    x[0, 32:34] = [7.0, 1.0]
    q, s = fm.quantize(fm.to_bf16(x), mode="even")
    assert q.shape == (1, 32) and s.shape == (1, 2)
    assert s.tolist() == [[127, 128]]
    assert [q[0, 0], q[0, 1], q[0, 2], q[0, 16], q[0, 17]] == \
        [0x17, 0x0B, 0x48, 0x16, 0x00]
    q, s = fm.quantize(x, mode="floor")
    assert s.tolist() == [[127, 127]]
    assert [q[0, 0], q[0, 16]] == [0x17, 0x27]
    back = fm.dequantize(q, s)
    assert back[0, :6].tolist() == [6.0, 0.5, -1.5, 0.0, -0.0, 2.0]
    assert np.signbit(back[0, 4])
    assert back[0, 32:34].tolist() == [6.0, 1.0]


def test_quantize_matches_numpy_model_on_blocked_data():
    a = fm.randn_bf16_blocked(3, 8, 256)
    q, s = fm.quantize(a)
    mq, ms = numpy_quantize_even(fm.from_bf16(a))
    np.testing.assert_array_equal(s, ms)
    np.testing.assert_array_equal(q, mq)
    # The f32 path gives the same answer on bf16-exact values.
    q2, s2 = fm.quantize(fm.from_bf16(a))
    np.testing.assert_array_equal(q, q2)
    np.testing.assert_array_equal(s, s2)


def test_quantize_leading_axes_and_errors():
    a = fm.randn_bf16(1, (2, 3, 64))
    q, s = fm.quantize(a)
    assert q.shape == (2, 3, 32) and s.shape == (2, 3, 2)
    q2, s2 = fm.quantize(a.reshape(6, 64))
    np.testing.assert_array_equal(q.reshape(6, 32), q2)
    with pytest.raises(ValueError, match="multiple of 32"):
        fm.quantize(np.zeros((2, 48), np.uint16))
    with pytest.raises(TypeError, match="float64"):
        fm.quantize(np.zeros((2, 64)))
    with pytest.raises(ValueError, match="scale mode"):
        fm.quantize(a, mode="nearest")
    with pytest.raises(ValueError, match="do not match"):
        fm.dequantize(q, s[..., :1])


def test_shuffle_b_offsets_and_round_trip():
    b = (np.arange(32 * 64) * 7 + 3).astype(np.uint8).reshape(32, 64)
    sh = fm.shuffle_b(b)
    assert sh.reshape(-1)[16] == b[1, 0]
    assert sh.reshape(-1)[256] == b[0, 16]
    assert sh.reshape(-1)[512] == b[0, 32]
    np.testing.assert_array_equal(fm.unshuffle_b(sh), b)
    with pytest.raises(fm.Fp4Error, match="15"):
        fm.shuffle_b(np.zeros((15, 64), np.uint8))


def test_shuffle_scales_offsets_padding_and_round_trip():
    s = (100 + np.arange(40 * 3)).astype(np.uint8).reshape(40, 3)
    assert fm.shuffled_scales_shape(40, 3) == (256, 8)
    sh = fm.shuffle_scales(s, pad=0xEE)
    assert sh.shape == (256, 8)
    flat = sh.reshape(-1)
    assert (flat[1], flat[64], flat[256]) == (s[16, 0], s[0, 1], s[32, 0])
    assert flat[-1] == 0xEE
    np.testing.assert_array_equal(fm.unshuffle_scales(sh, 40, 3), s)
    with pytest.raises(ValueError, match="shape"):
        fm.unshuffle_scales(sh[:128], 40, 3)


def test_reference_gemm_by_hand():
    a = np.zeros((2, 64), np.float32)
    a[0] = 1.0
    a[1, :32], a[1, 32:] = 0.5, -2.0
    b = np.zeros((2, 64), np.float32)
    b[0] = 1.5
    b[1, :32] = 1.0
    bq, bs = fm.quantize(fm.to_bf16(b))
    c = fm.reference_gemm(fm.to_bf16(a), bq, bs)
    assert c.tolist() == [[96.0, 32.0], [-72.0, 16.0]]
    aq, as_ = fm.quantize(fm.to_bf16(a))
    np.testing.assert_array_equal(fm.reference_gemm_quantized(aq, as_, bq, bs),
                                  c)


def test_reference_gemm_preshuffled_equals_plain():
    a = fm.randn_bf16_blocked(1, 4, 128)
    bq, bs = fm.quantize(fm.randn_bf16_blocked(2, 32, 128))
    plain = fm.reference_gemm(a, bq, bs)
    pre = fm.reference_gemm(a, fm.shuffle_b(bq), fm.shuffle_scales(bs),
                            b_layout="preshuffled")
    np.testing.assert_array_equal(plain, pre)
    # The reference is the dequantized product, summed in a wider type.
    want = fm.dequantize(*fm.quantize(a)) @ fm.dequantize(bq, bs).T
    np.testing.assert_allclose(plain, want, rtol=1e-5, atol=1e-4)


def test_check_and_bf16():
    ref = np.array([1.0, 100.0, 0.0, np.nan], np.float32)
    out = np.array([1.019, 101.5, 0.0, np.nan], np.float32)
    r = fm.check(out, ref)
    assert (r.mismatches, r.first_mismatch, r.nan_mismatches) == (1, 1, 0)
    assert not r.ok
    out[3] = 1.0
    assert fm.check(out, ref).nan_mismatches == 1
    assert fm.check(ref, ref).ok  # NaN matches NaN
    with pytest.raises(ValueError, match="shapes differ"):
        fm.check(out[:2], ref)
    # bf16: round to nearest even, exact widening.
    x = np.array([1.0, 1 + 2**-8, 1 + 3 * 2**-8, -2.5], np.float32)
    assert fm.to_bf16(x).tolist() == [0x3F80, 0x3F80, 0x3F82, 0xC020]
    assert fm.from_bf16(fm.to_bf16(x)).tolist() == [1.0, 1.0, 1 + 2**-6, -2.5]


def test_randn_is_seeded():
    np.testing.assert_array_equal(fm.randn_bf16(5, 64), fm.randn_bf16(5, 64))
    assert not np.array_equal(fm.randn_bf16(5, 64), fm.randn_bf16(6, 64))
    values = fm.from_bf16(fm.randn_bf16(1, 4096))
    assert abs(values.mean()) < 0.1 and 0.9 < values.std() < 1.1
    with pytest.raises(fm.Fp4Error, match="multiple of 32"):
        fm.randn_bf16_blocked(1, 2, 33)


def test_mx_formats_by_hand_and_round_trip():
    # fp8 E4M3, floor rule: amax 448 -> scale 2^(8 - 8) = 1 (byte 127);
    # -0.3 rounds to the nearest E4M3 value, -0.3125 (sign, exponent field
    # 5, mantissa 2: 0xAA).
    x = np.zeros((1, 32), np.float32)
    x[0, :3] = [448.0, -0.3, 1.0]
    q, s = fm.mx_quantize(x, "e4m3")
    assert q.shape == (1, 32) and s.tolist() == [[127]]
    assert q[0, :3].tolist() == [0x7E, 0xAA, 0x38]
    np.testing.assert_array_equal(fm.mx_dequantize(q, s, "f8E4M3FN")[0, :3],
                                  [448.0, -0.3125, 1.0])
    # fp6 packs four elements in three bytes; fp4 keeps quantize's bytes.
    assert [fm.mx_row_bytes(f, 64) for f in ("e2m1", "e4m3", "e2m3")] == \
        [32, 64, 48]
    a = fm.from_bf16(fm.randn_bf16_blocked(3, 4, 64))
    for fmt in ("e2m1", "e4m3", "e5m2", "e2m3", "e3m2"):
        q, s = fm.mx_quantize(a, fmt)
        assert q.shape == (4, fm.mx_row_bytes(fmt, 64))
        d = fm.mx_dequantize(q, s, fmt)
        # Re-quantizing the dequantized values gives the same bytes.
        q2, s2 = fm.mx_quantize(d, fmt)
        np.testing.assert_array_equal(q, q2)
        np.testing.assert_array_equal(s, s2)
    q4, s4 = fm.mx_quantize(a, "e2m1", mode="even")
    qo, so = fm.quantize(a, mode="even")
    np.testing.assert_array_equal(q4, qo)
    np.testing.assert_array_equal(s4, so)
    with pytest.raises(ValueError, match="element format"):
        fm.mx_quantize(a, "e9m9")


def test_mx_reference_gemm_mixed_formats():
    # fp8 activations x fp4 weights (W4A8): the reference GEMM equals the
    # product of the dequantized operands.
    a = fm.from_bf16(fm.randn_bf16_blocked(7, 5, 128))
    b = fm.from_bf16(fm.randn_bf16_blocked(8, 6, 128))
    aq, as_ = fm.mx_quantize(a, "e4m3")
    bq, bs = fm.mx_quantize(b, "e2m1")
    c = fm.mx_reference_gemm_quantized(aq, as_, "e4m3", bq, bs, "e2m1")
    expected = (fm.mx_dequantize(aq, as_, "e4m3").astype(np.float64)
                @ fm.mx_dequantize(bq, bs, "e2m1").astype(np.float64).T)
    np.testing.assert_allclose(c, expected, rtol=1e-6, atol=1e-30)
    with pytest.raises(ValueError, match="do not match"):
        fm.mx_reference_gemm_quantized(aq, as_, "e2m1", bq, bs, "e2m1")


# --------------------------------------------------------------------------
# Mixture of experts
# --------------------------------------------------------------------------


def hand_moe():
    """The layer of unittests/Reference/MoeTest.cpp: d_hidden = d_expert =
    32, experts 0 and 1 routed, 2 shared; only gate/up row 0 and down column
    0 are non-zero, each row exact in MXFP4."""
    x = np.zeros((2, 32), np.float32)
    x[0, :4] = [2, 1, -0.5, 3]
    x[1, [0, 2, 4]] = [-4, 1, 1]
    gu = np.zeros((3, 64, 32), np.float32)
    dn = np.zeros((3, 32, 32), np.float32)
    gu[0, 0, 3], gu[0, 32, 1] = 1, 2             # g = x3,      u = 2 x1
    gu[1, 0, 0], gu[1, 32, 4] = -1, 1            # g = -x0,     u = x4
    gu[2, 0, [3, 4]], gu[2, 32, 2] = 1, -2       # g = x3 + x4, u = -2 x2
    dn[0, :3, 0] = [1, -0.5, 4]
    dn[1, [0, 1, 3], 0] = [0.5, 1, -2]
    dn[2, [0, 2, 3], 0] = [1, -1, 0.5]
    guq, gus = fm.quantize(gu)
    dnq, dns = fm.quantize(dn)
    ids = np.array([[0, 2], [1, 2]], np.int32)
    weights = np.array([[0.25, 1.0], [0.5, 1.0]], np.float32)
    return fm.MoeInputs(fm.to_bf16(x), guq, dnq, gus, dns, weights, ids, 32)


def test_moe_reference_by_hand():
    # Token 0: expert 0 h0 = SiLU(3) * 2 = 5.72 -> 6, shared h0 = SiLU(3) =
    # 2.86 -> 3; token 1: expert 1 h0 = SiLU(4) = 3.93 -> 4 (the even rule
    # bumps the scale), shared h0 = -2 SiLU(1) = -1.46 -> -1.5.
    inputs = hand_moe()
    want = np.zeros((2, 32), np.float32)
    want[0, :4] = 0.25 * 6 * np.array([1, -0.5, 4, 0]) + 3 * np.array(
        [1, 0, -1, 0.5])
    want[1, :4] = 0.5 * 4 * np.array([0.5, 1, 0, -2]) - 1.5 * np.array(
        [1, 0, -1, 0.5])
    assert want[1, :4].tolist() == [-0.5, 2, 1.5, -4.75]
    out = inputs.reference()
    assert out.dtype == np.uint16 and out.shape == (2, 32)
    np.testing.assert_array_equal(fm.from_bf16(out), want)
    np.testing.assert_array_equal(inputs.reference(out="f32"), want)
    # Strict OCP scales: 3.93 gets scale 2^-1 and saturates to 3.
    floor = inputs.reference(mode="floor", out="f32")
    np.testing.assert_array_equal(floor[1, :4], [-0.75, 1.5, 1.5, -3.75])
    np.testing.assert_array_equal(floor[0], want[0])
    # A padded d_expert: rows 0..7 real, the rest padding; same layer.
    np.testing.assert_array_equal(
        fm.moe_reference(*inputs.arrays(), d_expert=8, out="f32"), want)


def numpy_moe(inputs):
    """The layer composed from quantize and reference_gemm_quantized per
    expert (gathered rows), SiLU in float64, the slots added in float64."""
    x = fm.from_bf16(inputs.hidden_states)
    m, dh = x.shape
    e_count, two_dep, _ = inputs.gate_up_weight.shape
    dep, dhp = two_dep // 2, 2 * inputs.gate_up_weight.shape[2]
    de = inputs.d_expert
    xp = np.zeros((m, dhp), np.float32)
    xp[:, :dh] = x
    xq, xs = fm.quantize(xp)
    ids = inputs.topk_ids
    y = np.full(ids.shape + (dh,), np.nan, np.float32)
    for e in range(e_count):
        rows = np.argwhere(ids == e)
        if not len(rows):
            continue
        aq, as_ = xq[rows[:, 0]], xs[rows[:, 0]]
        gu, gus = inputs.gate_up_weight[e], inputs.gate_up_weight_scale[e]
        g = fm.reference_gemm_quantized(aq, as_, gu[:de], gus[:de])
        u = fm.reference_gemm_quantized(aq, as_, gu[dep:dep + de],
                                        gus[dep:dep + de])
        g64 = g.astype(np.float64)
        h = np.zeros((len(rows), dep), np.float32)
        h[:, :de] = fm.from_bf16(fm.to_bf16(
            (g64 / (1 + np.exp(-g64)) * u).astype(np.float32)))
        hq, hs = fm.quantize(h)
        dn, dns = inputs.down_weight[e], inputs.down_weight_scale[e]
        y[rows[:, 0], rows[:, 1]] = fm.reference_gemm_quantized(
            hq, hs, dn[:dh], dns[:dh])
    acc = np.zeros((m, dh), np.float64)
    for k in range(ids.shape[1]):
        acc += inputs.topk_weights[:, k:k + 1].astype(np.float64) * y[:, k]
    return acc.astype(np.float32)


def test_moe_reference_equals_composed_gemms():
    # d_hidden 96 and d_expert 40, padded to 256: partial and padding blocks.
    inputs = fm.moe_generate(9, 6, 96, 40, 3, seed=1)
    assert inputs.gate_up_weight.shape == (7, 512, 128)
    assert inputs.down_weight_scale.shape == (7, 256, 8)
    f32 = inputs.reference(out="f32")
    np.testing.assert_array_equal(f32, numpy_moe(inputs))
    np.testing.assert_array_equal(inputs.reference(), fm.to_bf16(f32))
    # Scale arrays flattened to 2-D, as aiter returns them, are accepted.
    flat = fm.moe_reference(
        inputs.hidden_states, inputs.gate_up_weight, inputs.down_weight,
        inputs.gate_up_weight_scale.reshape(7 * 512, 8),
        inputs.down_weight_scale.reshape(7 * 256, 8), inputs.topk_weights,
        inputs.topk_ids, d_expert=40, out="f32")
    np.testing.assert_array_equal(flat, f32)
    # The other quantizer choices change the layer.
    assert not np.array_equal(inputs.reference(ties="away", out="f32"), f32)
    assert not np.array_equal(inputs.reference(intermediate="f32", out="f32"),
                              f32)


def test_moe_generate_routing_and_corner_cases():
    inputs = fm.moe_generate(64, 16, 128, 32, 4, seed=3, d_expert_pad=32)
    ids, w = inputs.topk_ids, inputs.topk_weights
    assert ids.shape == w.shape == (64, 5) and ids.dtype == np.int32
    assert (ids[:, 4] == 16).all() and (w[:, 4] == 1).all()
    assert (ids[:, :4] < 16).all()
    assert all(len(set(row)) == 4 for row in ids[:, :4].tolist())
    assert (np.diff(w[:, :4], axis=1) <= 0).all()
    assert ((w[:, :4].sum(axis=1) > 0.25) & (w[:, :4].sum(axis=1) < 1)).all()
    # Seeded.
    again = fm.moe_generate(64, 16, 128, 32, 4, seed=3, d_expert_pad=32)
    np.testing.assert_array_equal(again.gate_up_weight, inputs.gate_up_weight)
    np.testing.assert_array_equal(again.topk_ids, ids)
    # Every token on expert 5 (top 1), on experts 2..4 (top 3), experts 0
    # and 7 empty, one token; the reference agrees with the composition.
    one = fm.moe_generate(6, 8, 64, 32, 1, seed=4, all_tokens_on=5)
    assert one.topk_ids.tolist() == [[5, 8]] * 6
    np.testing.assert_array_equal(one.reference(out="f32"), numpy_moe(one))
    three = fm.moe_generate(5, 8, 64, 32, 3, seed=5, all_tokens_on=2)
    assert (np.sort(three.topk_ids[:, :3], axis=1) == [2, 3, 4]).all()
    empty = fm.moe_generate(12, 8, 64, 32, 2, seed=6, empty_experts=[0, 7])
    assert not np.isin(empty.topk_ids, [0, 7]).any()
    np.testing.assert_array_equal(empty.reference(out="f32"), numpy_moe(empty))
    single = fm.moe_generate(1, 8, 64, 32, 2, seed=7)
    np.testing.assert_array_equal(single.reference(out="f32"),
                                  numpy_moe(single))
    assert fm.moe_generate(0, 8, 64, 32, 2).reference().shape == (0, 64)
    assert [fm.moe_padded_dim(d) for d in (7168, 100, 257)] == [7168, 256, 512]


def test_moe_errors():
    inputs = hand_moe()
    ids = inputs.topk_ids.copy()
    ids[1, 1] = 3
    with pytest.raises(fm.Fp4Error,
                       match=r"topkIds\[1\]\[1\] \(= 3\) is not an expert"):
        fm.moe_reference(*inputs.arrays()[:6], ids)
    with pytest.raises(TypeError, match="hidden_states"):
        fm.moe_reference(fm.from_bf16(inputs.hidden_states),
                         *inputs.arrays()[1:])
    with pytest.raises(ValueError, match="down_weight_scale has shape"):
        args = list(inputs.arrays())
        args[4] = args[4][:, :16]
        fm.moe_reference(*args)
    with pytest.raises(ValueError, match="ties"):
        inputs.reference(ties="up")
    with pytest.raises(ValueError, match="intermediate"):
        inputs.reference(intermediate="f16")
    with pytest.raises(fm.Fp4Error, match="intermediatePad"):
        inputs.reference(d_expert=33)
    with pytest.raises(fm.Fp4Error, match="routedTopk"):
        fm.moe_generate(2, 4, 64, 32, 5)
    with pytest.raises(fm.Fp4Error, match="only 2 routed experts"):
        fm.moe_generate(2, 4, 64, 32, 3, empty_experts=[0, 1])
    with pytest.raises(ValueError, match="all_tokens_on"):
        fm.moe_generate(2, 4, 64, 32, 2, all_tokens_on=3)
    with pytest.raises(ValueError, match="empty expert 4"):
        fm.moe_generate(2, 4, 64, 32, 2, empty_experts=[4])
