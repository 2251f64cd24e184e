//===- Passes.td - mxfp4 conversion passes ----------------*- tablegen -*-===//

#ifndef FP4_CONVERSION_PASSES
#define FP4_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertMXFP4ToAMDGPU : Pass<"convert-mxfp4-to-amdgpu", "ModuleOp"> {
  let summary = "lower mxfp4 GEMMs (GEMM functions, work-group loops) to "
                "gfx950 kernels and launches";
  let description = [{
    Rewrites every function whose body is an MXFP4 GEMM (an optional
    `mxfp4.quantize` of a bf16 A feeding an `mxfp4.scaled_matmul`) into a
    host function on memrefs that launches one kernel, plus the kernel in a
    `gpu.module`:

    - tiling: the work-group tile and wave tiles of the op's
      `#mxfp4.config` (run `mxfp4-select-config` first); M and N tails are
      masked inside the kernel, K tails (K % 128 != 0) too;
    - fusion: the quantization of A is done in registers inside the GEMM
      kernel, one 32-element block per lane, so quantized A never reaches
      global memory;
    - the K loop feeds `amdgpu.scaled_mfma` (16x16x128 or 32x32x64) with the
      operand, scale and result lane layouts of the MFMA;
    - B and its scales are read plain or in the aiter pre-shuffled layout.

    ```mlir
    func.func @gemm(%a: tensor<16x512xbf16>, %b: tensor<64x512xf4E2M1FN>,
                    %bs: tensor<64x16xf8E8M0FNU>) -> tensor<16x64xbf16> {
      %q, %s = mxfp4.quantize %a : ...
      %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<...>) : ...
      return %c : tensor<16x64xbf16>
    }
    ==>
    func.func @gemm(%a: memref<16x512xbf16> {fp4.arg = "a"}, ...,
                    %c: memref<16x64xbf16> {fp4.arg = "c"}) attributes {fp4.gemm = {...}} {
      gpu.launch_func @gemm_kernel::@gemm_kernel blocks in (...) threads in (...) args(...)
      return
    }
    gpu.module @gemm_kernel [#rocdl.target<chip = "gfx950">] {
      gpu.func @gemm_kernel(...) kernel { ... amdgpu.scaled_mfma ... }
    }
    ```

    The host function's ABI: A `memref<MxKxbf16>` (or A's fp4x2 bytes
    `memref<Mx(K/2)xi8>` and scales `memref<Mx(K/32)xi8>` when the function
    receives A already quantized), B's fp4x2 bytes `memref<Nx(K/2)xi8>`, B's
    scale bytes, and the output `memref<MxN>` last. Each argument carries
    `fp4.arg` naming its role; `fp4.gemm` on the function records the
    problem, which `fp4-run` reads.

    Every other GEMM is expected as a work-group loop of
    `mxfp4-tile-and-fuse`: an `scf.forall` over tiles of C, mapped to GPU
    blocks, around one `scaled_matmul` tile with its fused neighbours. Each
    loop becomes one kernel: elementwise producers of A are applied to each
    loaded block before it is quantized, elementwise consumers of C (bias,
    activation, residual, casts) to each element before it is stored. On
    the host the loop becomes a `gpu.launch_func` between
    `bufferization.to_buffer` of its inputs and a `bufferization.to_tensor`
    of a fresh output buffer (one-shot bufferization follows); a dynamic M
    is passed to the kernel, which masks its rows with it. fp4 and E8M0
    function arguments become byte tensors (fp4x2 bytes, scale bytes).

    ```mlir
    %r = scf.forall (%i, %j) = (0, 0) to (%m, 2112) step (16, 64) ... {
      ... mxfp4.quantize, mxfp4.scaled_matmul, linalg.generic (bias, SiLU)
    } {mapping = [#gpu.block<y>, #gpu.block<x>]}
    ==>
    %a_buf = bufferization.to_buffer %a : ...
    %out = memref.alloc(%m) : memref<?x2112xbf16>
    gpu.launch_func @f_tile_kernel_0::@f_tile_kernel_0 blocks in (%c33, %gy, %c1) ...
    %r = bufferization.to_tensor %out restrict writable : ...
    ```
  }];
  let dependentDialects = [
    "::mlir::amdgpu::AMDGPUDialect", "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect", "::mlir::gpu::GPUDialect", "::mlir::memref::MemRefDialect",
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
           "by construction)">,
  ];
}

#endif // FP4_CONVERSION_PASSES
