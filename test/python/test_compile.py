# RUN: %fp4_python -m pytest -q -p no:cacheprovider %s
"""Generating, compiling and inspecting GEMM kernels from Python."""

import pytest

import fp4mlir as fm


def test_gemm_module_text():
    text = fm.gemm_module(16, 64, 256)
    assert "func.func @gemm_16x64x256(%arg0: tensor<16x256xbf16>" in text
    assert "mxfp4.quantize" in text and "b_layout = preshuffled" in text
    text = fm.gemm_module(20, 48, 64, b_layout="plain", out="f32",
                          a_quantized=True, name="g")
    assert "func.func @g(%arg0: tensor<20x64xf4E2M1FN>" in text
    assert "mxfp4.quantize" not in text and "tensor<20x48xf32>" in text
    with pytest.raises(fm.Fp4Error, match="K must be a multiple of 32"):
        fm.gemm_module(16, 64, 100)
    with pytest.raises(fm.Fp4Error, match="multiple of 16"):
        fm.gemm_module(16, 20, 64)
    with pytest.raises(ValueError, match="b_layout"):
        fm.gemm_module(16, 64, 64, b_layout="tiled")


def test_compile_exposes_kernels_launches_and_metadata():
    compiled = fm.compile(fm.gemm_module(16, 64, 256), mfma=16)
    assert "gpu.binary @gemm_16x64x256_kernel" in compiled.module_text
    assert len(compiled.kernels) == 1
    k = compiled.kernels[0]
    assert k.name == k.binary == "gemm_16x64x256_kernel"
    assert k.hsaco[:4] == b"\x7fELF" and len(k.hsaco) > 4096
    assert "amdgcn-amd-amdhsa" in k.ir
    assert "llvm.amdgcn.mfma.scale.f32.16x16x128" in k.ir
    md = k.metadata
    assert 0 < md.vgprs <= 512 and 0 < md.sgprs <= 112
    assert md.wavefront_size == 64 and md.scratch_bytes == 0
    explicit = [a for a in md.args if not a.hidden]
    assert [a.value_kind for a in explicit] == ["global_buffer"] * 4
    assert [a.offset for a in explicit] == [0, 8, 16, 24]
    (launch,) = compiled.launches
    assert launch.kernel == k.name and launch.function == "gemm_16x64x256"
    block = launch.block[0] * launch.block[1] * launch.block[2]
    assert block == md.max_workgroup_size
    args = compiled.arguments["gemm_16x64x256"]
    assert [a.role for a in args] == ["a", "b", "b_scales", "c"]
    assert [a.bytes for a in args] == [16 * 256 * 2, 64 * 128, 256 * 8,
                                       16 * 64 * 2]
    assert launch.operand_args == [0, 1, 2, 3]
    report = compiled.report()
    assert "operands (a, b, b_scales, c)" in report
    assert f"{md.vgprs} VGPRs" in report and "kernel gemm_16x64x256_kernel" \
        in report
    # The same bytes read back through the code object reader.
    co = fm.read_code_object(k.hsaco, chip="gfx950")
    assert co.processor == "gfx950" and co.kernels[0] == md


def test_mfma32():
    compiled = fm.compile(fm.gemm_module(32, 64, 128), mfma=32, opt_level=1)
    assert "llvm.amdgcn.mfma.scale.f32.32x32x64" in compiled.kernels[0].ir


def test_compile_errors_are_diagnostics():
    with pytest.raises(fm.CompileError) as e:
        fm.compile("module { func.func @f( }")
    assert "module:1:" in e.value.diagnostics and "error:" in str(e.value)
    text = fm.gemm_module(16, 64, 256)
    with pytest.raises(fm.CompileError,
                       match="unsupported chip 'gfx942'; fp4-mlir targets "
                             "gfx950"):
        fm.compile(text, chip="gfx942")
    with pytest.raises(fm.CompileError, match="mfma must be 0, 16 or 32"):
        fm.compile(text, mfma=8)
    with pytest.raises(ValueError, match="opt_level"):
        fm.compile(text, opt_level=4)


def test_code_object_errors():
    with pytest.raises(fm.Fp4Error, match="truncated code object"):
        fm.read_code_object(b"0123456789abcdef")
    hsaco = fm.compile(fm.gemm_module(16, 64, 128)).kernels[0].hsaco
    with pytest.raises(fm.Fp4Error):
        fm.read_code_object(hsaco[: len(hsaco) // 2])
    with pytest.raises(fm.Fp4Error, match="gfx942"):
        fm.read_code_object(hsaco, chip="gfx942")
