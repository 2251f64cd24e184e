# RUN: %fp4_python -m pytest -q -p no:cacheprovider %s
"""Generating, compiling and inspecting GEMM kernels from Python."""

import os

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
    with pytest.raises(fm.CompileError,
                       match="fp4-lower-to-hsaco: opt-level must be 0 to 3, "
                             "got 4"):
        fm.compile(text, opt_level=4)


def test_code_object_errors():
    with pytest.raises(fm.Fp4Error, match="truncated code object"):
        fm.read_code_object(b"0123456789abcdef")
    hsaco = fm.compile(fm.gemm_module(16, 64, 128)).kernels[0].hsaco
    with pytest.raises(fm.Fp4Error):
        fm.read_code_object(hsaco[: len(hsaco) // 2])
    with pytest.raises(fm.Fp4Error, match="gfx942"):
        fm.read_code_object(hsaco, chip="gfx942")


# --------------------------------------------------------------------------
# Pipeline options: keyword arguments named after the pipeline's options,
# parsed and checked by the library (the messages are fp4-opt's).
# --------------------------------------------------------------------------

def test_options_by_pipeline_name():
    defaults = fm.pipeline_options()
    for name, value in [("a-quantizer", "hardware"), ("chip", "gfx950"),
                        ("dump-dir", ""), ("embed-device-ir", "true"),
                        ("mfma", "0"), ("opt-level", "3"),
                        ("tuned-configs", "true")]:
        assert defaults[name] == value
    set_ = fm.pipeline_options(a_quantizer="exact", tuned_configs=False,
                               mfma=32, opt_level=1, dump_dir="a b",
                               embed_device_ir=False)
    assert (set_["a-quantizer"], set_["tuned-configs"], set_["mfma"],
            set_["opt-level"], set_["dump-dir"], set_["embed-device-ir"]) == \
        ("exact", "false", "32", "1", "a b", "false")
    # Option text as fp4-opt takes it, then keywords over it.
    opts = fm.CompileOptions("mfma=16 a-quantizer=exact", opt_level=2)
    assert opts.as_dict()["mfma"] == "16" and opts.as_dict()["opt-level"] == "2"


@pytest.mark.parametrize("kwargs, message", [
    ({"a_quantizer": "fast"},
     "a-quantizer must be 'exact' or 'hardware', got 'fast'"),
    ({"tuned_configs": "maybe"},
     "option 'tuned-configs' takes true or false, not 'maybe'"),
    ({"mfma": "abc"}, "option 'mfma' takes an integer, not 'abc'"),
    ({"opt_level": -1},
     "option 'opt-level' takes an unsigned integer, not '-1'"),
    ({"a_quantiser": "exact"}, "no such option 'a-quantiser'; the options "
                               "are a-quantizer, chip"),
    ({"chip": "gfx942"}, "unsupported chip 'gfx942'"),
])
def test_option_errors(kwargs, message):
    with pytest.raises(fm.CompileError) as e:
        fm.compile(fm.gemm_module(16, 64, 256), **kwargs)
    assert str(e.value).startswith("fp4-lower-to-hsaco: ")
    assert message in str(e.value)


def test_each_option_has_its_effect(tmp_path):
    text = fm.gemm_module(16, 64, 256)
    hw = fm.compile(text)
    assert "llvm.amdgcn.cvt.scalef32.pk.fp4" in hw.kernels[0].ir
    assert b".fp4.device_ir" in hw.kernels[0].hsaco
    assert hw.options["a-quantizer"] == "hardware"
    dump = tmp_path / "dump dir"
    exact = fm.compile(text, a_quantizer="exact", embed_device_ir=False,
                       dump_dir=str(dump))
    assert "llvm.amdgcn.cvt.scalef32.pk.fp4" not in exact.kernels[0].ir
    assert b".fp4.device_ir" not in exact.kernels[0].hsaco
    assert (dump / "gemm_16x64x256_kernel.hsaco").is_file()
    assert "a-quantizer=exact" in exact.report()
    # 4x2880x512 is in the tuned table: its configuration launches
    # differently from the formulas'.
    shape = fm.gemm_module(4, 2880, 512)
    tuned = fm.compile(shape).launches[0]
    untuned = fm.compile(shape, tuned_configs=False).launches[0]
    assert (tuned.grid[0], tuned.block[0]) == (90, 512)
    assert (untuned.grid[0], untuned.block[0]) == (180, 256)


TWO_WAVES = ("#mxfp4.config<mfma = 16, waves_m = 1, waves_n = 2, "
             "tiles_m = 1, tiles_n = 1, split_k = 1>")


@pytest.mark.parametrize("gemm", [0, "0", "4:10", "module:4:10"])
def test_gemm_config_override(gemm):
    compiled = fm.compile(fm.gemm_module(16, 64, 256),
                          gemm_configs={gemm: TWO_WAVES})
    (launch,) = compiled.launches
    assert (launch.grid[0], launch.block[0]) == (2, 128)


@pytest.mark.parametrize("stages", [1, 2, 4])
def test_gemm_config_stages(stages):
    # The K loop's depth is the config's to choose, as from fp4-opt: 8 K
    # steps over 2 waves along K (4 each), checked on the emulator.
    config = ("#mxfp4.config<mfma = 16, waves_m = 1, waves_n = 1, "
              "tiles_m = 1, tiles_n = 2, split_k = 1, waves_k = 2, "
              "stages = %d>" % stages)
    compiled = fm.compile(fm.gemm_module(16, 64, 1024),
                          gemm_configs={0: config})
    assert "stages = %d>" % stages in compiled.module_text
    for data in ("blocked", "edge"):
        result = fm.run(compiled, device="emu", data=data)
        assert result.checked and result.passed, result.log
    with pytest.raises(fm.CompileError,
                       match="stages must be in \\[1, 4\\], got 5"):
        fm.compile(fm.gemm_module(16, 64, 1024),
                   gemm_configs={0: config.replace("stages = %d" % stages,
                                                   "stages = 5")})


def test_gemm_config_errors():
    text = fm.gemm_module(16, 64, 256)
    with pytest.raises(fm.CompileError, match="is not a #mxfp4.config"):
        fm.compile(text, gemm_configs={0: "42 : i32"})
    with pytest.raises(fm.CompileError,
                       match="names GEMM 'up_proj', but the module's 1 "
                             "GEMM\\(s\\) have no such location"):
        fm.compile(text, gemm_configs={"up_proj": TWO_WAVES})
    # Checked by mxfp4-select-config at the GEMM, not by the backend.
    with pytest.raises(fm.CompileError,
                       match="module:4:10: error: 'mxfp4.scaled_matmul' op "
                             "config needs [0-9]+ bytes of LDS"):
        fm.compile(text, gemm_configs={0: "<mfma = 32, waves_m = 1, "
                                          "waves_n = 1, tiles_m = 4, "
                                          "tiles_n = 8, split_k = 1, "
                                          "waves_k = 8>"})


def test_compiled_from_text():
    compiled = fm.compile(fm.gemm_module(16, 64, 256))
    again = fm.compiled_from_text(compiled.module_text)
    assert [k.hsaco for k in again.kernels] == \
        [k.hsaco for k in compiled.kernels]
    assert again.launches == compiled.launches
    assert again.arguments == compiled.arguments and again.options == {}
    with pytest.raises(fm.CompileError, match="not compiled"):
        fm.compiled_from_text(fm.gemm_module(16, 64, 256))


# --------------------------------------------------------------------------
# A fused epilogue with a constant (SiLU's 1.0): refused from C and Python
# while libFP4CAPI.so held private copies of MLIR's TypeIDs
# (test/CAPI/shared-statics.test).
# --------------------------------------------------------------------------

def test_fused_epilogue_with_a_constant():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                        "Integration", "Fused", "Inputs", "bias_silu.mlir")
    with open(path) as f:
        compiled = fm.compile(f.read())
    assert len(compiled.kernels) == 1 and len(compiled.launches) == 1
    assert "linalg.generic" not in compiled.module_text
