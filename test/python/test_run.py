# RUN: %fp4_python -m pytest -q -p no:cacheprovider %s
"""GEMMs end to end on the CPU emulator, checked against the reference."""

import numpy as np
import pytest

import fp4mlir as fm


def test_run_checks_against_the_reference():
    result = fm.run(fm.compile(fm.gemm_module(40, 64, 256)), device="emu",
                    seed=3, data="blocked")
    assert result.checked and result.passed and result.mismatches == 0
    assert "PASSED" in result.log
    assert result.output.shape == (40, 64) and result.output.dtype == np.uint16


def test_run_nonfinite_data_propagates_nan_as_the_reference_does():
    result = fm.run(fm.compile(fm.gemm_module(8, 32, 256)), device="emu",
                    data="nonfinite")
    assert result.checked and result.passed
    assert "nonfinite: the reference has" in result.log
    # Rows 1 and 5 of A hold a non-finite block: their outputs are NaN, and
    # so are the columns of B that hold one; the others are finite.
    c = result.output.view(np.uint16)
    nan = (c & 0x7F80 == 0x7F80) & (c & 0x007F != 0)
    assert nan[1].all() and nan[5].all() and not nan.all()


def test_run_compiles_mxfp4_text_and_reports_errors():
    result = fm.run(fm.gemm_module(16, 32, 64, out="f32"), device="emu")
    assert result.passed and result.output.dtype == np.float32
    with pytest.raises(fm.RunError, match="no function @nope"):
        fm.run(fm.gemm_module(16, 32, 64), device="emu", entry="nope")
    with pytest.raises(ValueError, match="device"):
        fm.run(fm.gemm_module(16, 32, 64), device="gpu")


def _problem(m, n, k, seed):
    a = fm.randn_bf16_blocked(seed, m, k)
    bq, bs = fm.quantize(fm.randn_bf16_blocked(seed + 1, n, k))
    return a, bq, bs


def test_run_with_given_inputs_matches_reference_gemm():
    m, n, k = 24, 48, 192
    a, bq, bs = _problem(m, n, k, 7)
    compiled = fm.compile(fm.gemm_module(m, n, k))
    inputs = {"a": a, "b": fm.shuffle_b(bq), "b_scales": fm.shuffle_scales(bs)}
    result = fm.run(compiled, device="emu", inputs=inputs, check=True)
    assert result.passed
    ref = fm.reference_gemm(a, bq, bs)
    assert fm.check(result.output, ref).ok
    # The comparison can fail: B with another seed's scales is wrong.
    _, _, other = _problem(m, n, k, 8)
    wrong = fm.run(compiled, device="emu", check=False,
                   inputs={"a": a, "b": fm.shuffle_b(bq),
                           "b_scales": fm.shuffle_scales(other)})
    assert not wrong.checked
    assert fm.check(wrong.output, ref).mismatches > 0


def test_launch_by_hand_on_the_emulator():
    m, n, k = 20, 32, 128
    a, bq, bs = _problem(m, n, k, 11)
    compiled = fm.compile(fm.gemm_module(m, n, k, b_layout="plain"))
    (launch,) = compiled.launches
    host = {"a": a, "b": bq, "b_scales": bs,
            "c": np.full((m, n), 0xFFFF, np.uint16)}
    roles = [a.role for a in compiled.arguments[launch.function]]
    with fm.Device("emu") as dev:
        assert dev.is_emulator and "emulator" in dev.description
        module = dev.load(compiled.kernels[0])
        assert module.kernel(launch.kernel).name == launch.kernel
        addrs = [dev.upload(host[roles[i]]) for i in launch.operand_args]
        timing = module.launch(launch.kernel, addrs, launch.grid, launch.block)
        assert timing.mfma_ops > 0
        c = dev.read(addrs[roles.index("c")], host["c"])
        assert fm.check(c, fm.reference_gemm(a, bq, bs)).ok
        with pytest.raises(fm.Fp4Error, match="takes 4 explicit arguments"):
            module.launch(launch.kernel, addrs[:3], launch.grid, launch.block)
        with pytest.raises(fm.Fp4Error, match="not a scalar"):
            module.launch(launch.kernel, [np.uint32(1)] + addrs[1:],
                          launch.grid, launch.block)
        with pytest.raises(fm.Fp4Error, match="outside every allocation"):
            dev.read(addrs[0] + a.nbytes - 2, 16)
        with pytest.raises(KeyError, match="no kernel"):
            module.kernel("nope")
        with pytest.raises(fm.Fp4Error):
            dev.load(b"junk")


def test_hip_without_a_gpu_says_why():
    try:
        dev = fm.Device("hip")
    except fm.Fp4Error as e:
        assert str(e)
    else:  # a machine with an AMD GPU and HIP
        assert not dev.is_emulator
        dev.close()
    auto = fm.Device("auto")
    if auto.is_emulator:
        assert auto.fallback_reason
    auto.close()


TWO_GEMMS = """
  func.func @two_gemms(%a0: memref<{m}x{k}xbf16>, %a1: memref<{m}x{k}xbf16>,
                       %b: memref<{b}xi8>, %s: memref<{s}xi8>,
                       %c0: memref<{m}x{n}xbf16>) -> memref<{m}x{n}xbf16> {{
    call @{name}(%a0, %b, %s, %c0) : (memref<{m}x{k}xbf16>, memref<{b}xi8>,
        memref<{s}xi8>, memref<{m}x{n}xbf16>) -> ()
    %c1 = memref.alloc() : memref<{m}x{n}xbf16>
    call @{name}(%a1, %b, %s, %c1) : (memref<{m}x{k}xbf16>, memref<{b}xi8>,
        memref<{s}xi8>, memref<{m}x{n}xbf16>) -> ()
    return %c1 : memref<{m}x{n}xbf16>
  }}
"""


def test_run_a_two_launch_program_from_numpy_inputs():
    m, n, k = 16, 64, 256
    text = fm.compile(fm.gemm_module(m, n, k)).module_text
    bq, bs = fm.quantize(fm.randn_bf16_blocked(3, n, k))
    b, s = fm.shuffle_b(bq), fm.shuffle_scales(bs)
    program = TWO_GEMMS.format(m=m, n=n, k=k, name=f"gemm_{m}x{n}x{k}",
                               b="x".join(map(str, b.shape)),
                               s="x".join(map(str, s.shape)))
    text = text[:text.rindex("}")] + program + "}\n"
    a0 = fm.randn_bf16_blocked(1, m, k)
    a1 = fm.randn_bf16_blocked(2, m, k)
    r = fm.run(text, device="emu", entry="two_gemms",
               inputs={0: a0, 1: a1, 2: b, 3: s}, outputs=[4, "r0"])
    assert not r.checked
    assert [l.kernel for l in r.launches] == [f"gemm_{m}x{n}x{k}_kernel"] * 2
    assert all(l.timing.mfma_ops > 0 and l.block == (256, 1, 1)
               for l in r.launches)
    assert fm.check(r.outputs["4"], fm.reference_gemm(a0, bq, bs)).ok
    assert fm.check(r.outputs["r0"], fm.reference_gemm(a1, bq, bs)).ok
    # The comparison can fail: the two outputs are not interchangeable.
    assert not fm.check(r.outputs["r0"], fm.reference_gemm(a0, bq, bs)).ok
    with pytest.raises(fm.RunError, match="argument #1 of @two_gemms needs "
                                          "an input"):
        fm.run(text, device="emu", entry="two_gemms", inputs={0: a0},
               outputs=["4"])


def test_run_a_gemm_through_the_jit_checks_and_times_it():
    result = fm.run(fm.compile(fm.gemm_module(8, 32, 128, b_layout="plain")),
                    device="emu", data="blocked", jit=True)
    assert result.checked and result.passed
    assert "through the JIT" in result.log
    (launch,) = result.launches
    assert isinstance(launch, fm.Launch)
    assert launch.timing.milliseconds > 0 and launch.timing.mfma_ops > 0
