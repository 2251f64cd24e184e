# RUN: %fp4_python -m pytest -q -p no:cacheprovider %s
"""A 2-layer MLP compiled from Python with the default options and with
a_quantizer="exact", run on the emulator, each layer checked against the
reference library (test/CAPI/Inputs/mlp.mlir; test/CAPI/mlp.c does the same
from C).

Layer 1: h = bf16(silu(x W1^T + b1)), quantized to MXFP4 in the GEMM's
kernel; layer 2: y = h W2^T on that quantized h. The program returns y and
the quantized h: h is compared with the reference's quantization of the
reference's h (codes and scales equal except where the kernel's bf16 h and
the reference's differ in the last bit, another summation order, and that
flips a rounding: at most 1%, each within one E2M1 step); y is compared with
the reference GEMM of the kernel's own h (|y - ref| <= 0.01 + 0.01|ref|).
"""

import os

import numpy as np
import pytest

import fp4mlir as fm

MLP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "CAPI",
                   "Inputs", "mlp.mlir")
M, K, N1, N2 = 32, 256, 128, 64


def make_inputs(seed):
    x = fm.randn_bf16_blocked(seed, M, K)
    w1q, w1s = fm.quantize(fm.randn_bf16(seed + 1, (N1, K)))
    cols = np.exp2((np.arange(N1) % 5) - 2).astype(np.float32)
    b1 = (fm.from_bf16(fm.randn_bf16(seed + 2, N1)) * 4 * cols).astype(
        np.float32)
    w2q, w2s = fm.quantize(fm.randn_bf16_blocked(seed + 3, N2, N1))
    return x, (w1q, w1s), b1, (w2q, w2s)


def one_step(values, scales):
    """One E2M1 step at each element's magnitude and scale."""
    scale = np.exp2(np.repeat(scales.astype(np.int32) - 127, 32, axis=1))
    mag = np.abs(values) / scale
    return np.where(mag <= 2, 0.5, np.where(mag <= 4, 1.0, 2.0)) * scale


@pytest.mark.parametrize("a_quantizer", [None, "exact"])
def test_two_layer_mlp(a_quantizer):
    with open(MLP) as f:
        compiled = fm.compile(f.read(), a_quantizer=a_quantizer)
    assert compiled.options["a-quantizer"] == (a_quantizer or "hardware")
    assert len(compiled.launches) == 2
    x, (w1q, w1s), b1, (w2q, w2s) = make_inputs(5)
    result = fm.run(compiled, device="emu", entry="mlp",
                    inputs={0: x, 1: fm.shuffle_b(w1q),
                            2: fm.shuffle_scales(w1s), 3: b1, 4: w2q,
                            5: w2s},
                    outputs=["r0", "r1", "r2"])
    y, hq, hs = (result.outputs[r] for r in ("r0", "r1", "r2"))
    assert y.shape == (M, N2) and hq.shape == (M, N1 // 2) and \
        hs.shape == (M, N1 // 32)

    # Layer 1 against the reference: GEMM, bias, SiLU, bf16, quantize.
    z = fm.reference_gemm(x, w1q, w1s) + b1[None, :]
    with np.errstate(over="ignore"):
        h = z / (1 + np.exp(-z))
    rq, rs = fm.quantize(fm.to_bf16(h))
    got, ref = fm.dequantize(hq, hs), fm.dequantize(rq, rs)
    differ = got != ref
    assert np.count_nonzero(hs != rs) <= rs.size // 100
    assert np.count_nonzero(differ) <= differ.size // 100
    assert not np.any(differ & (np.abs(got - ref) >
                                np.maximum(one_step(got, rs),
                                           one_step(ref, rs))))
    # ... and it is not vacuous: SiLU zeroes about half of h, not all.
    assert np.count_nonzero(got) > got.size // 4

    # Layer 2 against the reference GEMM of the kernel's own activation.
    check = fm.check(y, fm.reference_gemm_quantized(hq, hs, w2q, w2s))
    assert check.ok, check
    # The check would see a wrong layer 2: W2 with another seed's scales.
    other = fm.quantize(fm.randn_bf16_blocked(99, N2, N1))[1]
    assert not fm.check(y, fm.reference_gemm_quantized(hq, hs, w2q,
                                                       other)).ok
