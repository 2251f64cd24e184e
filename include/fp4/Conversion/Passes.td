//===- Passes.td - mxfp4 conversion passes ----------------*- tablegen -*-===//

#ifndef FP4_CONVERSION_PASSES
#define FP4_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertMXFP4ToAMDGPU : Pass<"convert-mxfp4-to-amdgpu", "ModuleOp"> {
  let summary = "Lower the mxfp4 kernel ops inside GPU kernels to gfx950 code";
  let description = [{
    The last mxfp4 stage of the one lowering path (docs/one-path.md): every
    `mxfp4.fused_matmul`, `mxfp4.block_quantize` and
    `mxfp4.block_dequantize` on memrefs (byte storage for fp4 and E8M0
    data) inside an outlined `gpu.func` kernel is rewritten, by the
    patterns of `populateMXFP4ToAMDGPUConversionPatterns`, into the code of
    the work-group or work-item that runs it:

    - `fused_matmul`: the work-group tile and wave tiles of its
      `#mxfp4.config`; A loaded (and, for a high-precision A, put through
      the prologue and quantized in registers, one 32-element block per
      lane: quantized A never reaches global memory); the K loop feeding
      `amdgpu.scaled_mfma` (16x16x128 or 32x32x64) with the lane layouts of
      `#mxfp4.scaled_mma`, one accumulator per B; M, N and K tails masked;
      B read plain or pre-shuffled; the epilogue region applied to each
      element before it is stored, or the result quantized; split-K slices
      along block id z, combined in the kernel through a zero-initialized
      workspace global (a grid of known size);
    - `block_quantize` / `block_dequantize`: each work-item's 32-element
      blocks.

    ```mlir
    gpu.func @f_kernel(%a: memref<16x512xbf16, #gpu.address_space<global>>, ...) kernel {
      ... mxfp4.fused_matmul a(%at : memref<...>) quantize = even b(...) outs(%ct ...)
    }
    ==>
    gpu.func @f_kernel(...) kernel { ... amdgpu.scaled_mfma ... }
    ```

    The A quantizer is recorded once on the module (`mxfp4.a_quantizer`,
    from this pass's option when missing). An mxfp4 op anywhere else (not
    in a kernel, on tensors, or on fp4 types) is an error naming the
    missing stage.
  }];
  let dependentDialects = [
    "::mlir::amdgpu::AMDGPUDialect", "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect", "::mlir::memref::MemRefDialect",
    "::mlir::ROCDL::ROCDLDialect", "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"gfx950\"",
           "AMDGPU processor the kernels are for">,
    Option<"aQuantizer", "a-quantizer", "std::string", /*default=*/"\"hardware\"",
           "how A's E2M1 codes are computed: 'hardware' (default; gfx950 "
           "v_cvt_scalef32_pk_fp4 via amdgpu.packed_scaled_trunc, the same "
           "codes under the instruction's documented semantics, not "
           "confirmed on hardware) or 'exact' (integer sequence, bit-exact "
           "by construction); used where the module records none "
           "(mxfp4.a_quantizer, which mxfp4-select-config sets)">,
  ];
}

#endif // FP4_CONVERSION_PASSES
