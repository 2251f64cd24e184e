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
