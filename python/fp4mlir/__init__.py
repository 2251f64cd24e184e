"""fp4mlir: fp4-mlir from Python, through ctypes over libFP4CAPI.so.

    import fp4mlir as fm
    compiled = fm.compile(fm.gemm_module(16, 2112, 7168))
    print(compiled.report())
    result = fm.run(compiled, device="emu", check=True)
    assert result.passed

bf16 arrays are uint16 arrays of bf16 bit patterns. See docs/python.md.
"""

from ._capi import LIBRARY_PATH, Fp4Error, lib as _lib
from .compiler import (Argument, CodeObject, Compiled, CompileError,
                       CompileOptions, Kernel, KernelArg, KernelMetadata,
                       Launch, compile, compiled_from_text, gemm_module,
                       moe_default_block_m, moe_layer_module,
                       pipeline_options, read_code_object)
from .export import (GPUMODE_MOE_CONFIGS, GPUMODE_SHAPES, GPUMODE_SIZE_LIMIT,
                     export_gpumode, export_gpumode_moe, version)
from .reference import (CheckResult, MoeInputs, check, dequantize, from_bf16,
                        moe_align, moe_generate, moe_padded_dim, moe_reference,
                        mx_dequantize, mx_quantize, mx_reference_gemm_quantized,
                        mx_row_bytes, quantize, randn_bf16, randn_bf16_blocked,
                        reference_gemm, reference_gemm_quantized, shuffle_b,
                        shuffle_scales, shuffled_scales_shape, to_bf16,
                        unshuffle_b, unshuffle_scales)
from .runtime import (Device, Launch, LaunchTiming, LoadedModule, RunError,
                      RunResult, run)

__version__ = version()


def register_all_passes():
    """Registers fp4-mlir's passes and pipelines in MLIR's global registry
    (for textual pipelines in a process that also uses MLIR's C API)."""
    _lib.fp4RegisterAllPasses()
