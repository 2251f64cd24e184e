//===- Passes.td - mxfp4 transformation passes ------------*- tablegen -*-===//

#ifndef FP4_DIALECT_MXFP4_TRANSFORMS_PASSES
#define FP4_DIALECT_MXFP4_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def SelectConfig : Pass<"mxfp4-select-config", "ModuleOp"> {
  let summary = "choose the kernel configuration of every scaled_matmul";
  let description = [{
    Attaches a `#mxfp4.config` to each `mxfp4.scaled_matmul` that has none.
    First from the table of configurations that bench/tune_configs.py found
    fastest under model v2 (TunedConfigs.inc: the problem shapes, and an M
    known only at run time at their N x K, for each A quantizer), when the
    GEMM has the tuned form (bf16 A quantized in the kernel, pre-shuffled B,
    no batch) and `tuned-configs` is on. Otherwise by formulas: among
    four-wave work-groups (waves along N and K, up to 4 x 8 MFMA tiles
    per wave) that fit 256 VGPRs, the one with the fewest modeled cycles for
    the GEMM's shape (issue rates of the quantization VALU work and the
    MFMAs, waves per SIMD over 256 CUs; see docs/design.md). Then, for a
    static shape, `split_k` (K split over 2..8 work-groups, combined in the
    kernel) where model v2's view of latency, issue and the combine says it
    saves at least 5%. A configuration set by hand is checked against the
    chip's limits and kept.

    ```mlir
    %c = mxfp4.scaled_matmul %aq, %as, %b, %bs : ... -> tensor<16x2112xbf16>
    ==>
    %c = mxfp4.scaled_matmul %aq, %as, %b, %bs config(<mfma = 16, waves_m = 1,
        waves_n = 4, tiles_m = 1, tiles_n = 2, split_k = 1>) : ...
    ```
  }];
  let dependentDialects = ["::mlir::fp4::mxfp4::MXFP4Dialect"];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"gfx950\"",
           "AMDGPU processor the configuration is chosen for">,
    Option<"mfma", "mfma", "int64_t", /*default=*/"0",
           "force the MFMA shape: 16 (16x16x128) or 32 (32x32x64); 0 chooses">,
    Option<"aQuantizer", "a-quantizer", "std::string", /*default=*/"\"hardware\"",
           "the quantizer the conversion will use ('hardware' or 'exact'): "
           "it changes what the kernel costs">,
    Option<"splitK", "split-k", "bool", /*default=*/"true",
           "let the model choose split_k > 1 (split-K across work-groups) "
           "for a static GEMM; false keeps split_k = 1">,
    Option<"tunedConfigs", "tuned-configs", "bool", /*default=*/"true",
           "first look the GEMM up in the configurations that "
           "bench/tune_configs.py found fastest under model v2 (the problem "
           "shapes); false uses the formulas alone">,
  ];
}

def FuseIntoMatmul : Pass<"mxfp4-fuse-into-matmul", "func::FuncOp"> {
  let summary = "build each GEMM's fused_matmul with what fuses around it";
  let description = [{
    Rewrites every `mxfp4.scaled_matmul` into the `mxfp4.fused_matmul` its
    kernel will compute, at full size (before tiling), with rewrite
    patterns (`populateFuseIntoMatmulPatterns`):

    - the `mxfp4.quantize` of A moves into the op (A is then quantized in
      the kernel, in registers); a batched A sharing B is flattened first;
    - an elementwise producer of A (a 2-D `linalg.generic` with every loop
      parallel, one input read whole in bf16/f16/f32, the others through
      projected permutations, a scalar body) becomes the `prologue`, when
      the fusion model says recomputing it per column tile is cheaper than
      a kernel of its own;
    - the chain of elementwise consumers of C (bias, activation, residual,
      casts, scalars from outside) becomes the `epilogue`;
    - an `mxfp4.quantize` of the result becomes the op's quantized outputs,
      when the GEMM's tile is whole 32-column blocks and not split along K;
    - two GEMMs on the same A meeting in one elementwise consumer (SwiGLU's
      `silu(gate) * up`) become one op with two Bs: one K loop, A loaded and
      quantized once.

    What does not fuse is left as it is and gets a kernel of its own later
    (`mxfp4-form-kernels`, the generic kernels): fusion is an optimization,
    never a precondition. Named elementwise linalg ops are generalized, and
    an init a generic never reads is replaced by a `tensor.empty`.

    ```mlir
    %q, %s = mxfp4.quantize %a : tensor<16x256xbf16> -> ...
    %c = mxfp4.scaled_matmul %q, %s, %b, %bs : ... -> tensor<16x64xf32>
    %r = linalg.generic ins(%c, %bias ...) outs(%e) { addf; truncf }
    ==>
    %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even
        b(%b, %bs : ...) layout = plain ins(%bias : tensor<64xf32>)
        maps [affine_map<(d0, d1) -> (d1)>] outs(%e : tensor<16x64xbf16>)
        epilogue { ^bb0(%acc: f32, %x: f32): addf; truncf; mxfp4.yield }
    ```
  }];
  let dependentDialects = ["::mlir::fp4::mxfp4::MXFP4Dialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def FormKernels : Pass<"mxfp4-form-kernels", "func::FuncOp"> {
  let summary = "one work-group loop per mxfp4 kernel";
  let description = [{
    Tiles every `mxfp4.fused_matmul` (run `mxfp4-fuse-into-matmul` first;
    a `scaled_matmul` left is rewritten into one here) by its
    `#mxfp4.config`'s work-group tile into an `scf.forall` mapped to GPU
    blocks (y along M, x along N), with upstream `TilingInterface` tiling:
    one iteration is one work-group, and the tiled op is what it computes.
    A `quantize` or `dequantize` that no GEMM took becomes a
    destination-style `block_quantize` / `block_dequantize`, tiled by rows
    per work-group and again by 32-element blocks per work-item (a nested
    forall mapped to GPU threads). Each kernel loop carries
    `fp4.workgroup_size` (its work-items), and with split-K
    `fp4.workgroups_per_iteration`.

    ```mlir
    %r = mxfp4.fused_matmul a(%a : tensor<40x256xbf16>) quantize = even ...
        outs(%e : tensor<40x128xbf16>) config(<... tile 16x64, 4 waves ...>)
    ==>
    %r = scf.forall (%i, %j) = (0, 0) to (40, 128) step (16, 64)
        shared_outs(%o = %e) -> (tensor<40x128xbf16>) {
      %at = tensor.extract_slice %a[%i, 0] [%m, 256] [1, 1]
      ...
      %t = mxfp4.fused_matmul a(%at : tensor<?x256xbf16>) ... outs(%ot ...)
      scf.forall.in_parallel { tensor.parallel_insert_slice %t into %o[...] }
    } {fp4.workgroup_size = array<i64: 256, 1, 1>,
       mapping = [#gpu.block<y>, #gpu.block<x>]}
    ```
  }];
  let dependentDialects = ["::mlir::fp4::mxfp4::MXFP4Dialect",
                           "::mlir::affine::AffineDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect"];
}

def TileAndFuse : Pass<"mxfp4-tile-and-fuse", "func::FuncOp"> {
  let summary = "tile each GEMM into work-group tiles and fuse its neighbours";
  let description = [{
    Tiles every `mxfp4.scaled_matmul` that has a `#mxfp4.config` into an
    `scf.forall` over `tile_m x tile_n` tiles of C mapped to GPU blocks
    (upstream `TilingInterface` tile-and-fuse). The chain of elementwise
    consumers of C (bias, activation, residual, casts: `linalg.generic` or
    named elementwise linalg ops; run `convert-elementwise-to-linalg` first
    for `arith`/`math` on tensors) is tiled with it, as the root of the
    loop; the producers of each tile are fused into it: the GEMM, the
    `mxfp4.quantize` of A, and elementwise producers of A. One loop becomes
    one kernel launch in `convert-mxfp4-to-amdgpu`.

    ```mlir
    %q, %s = mxfp4.quantize %a : tensor<64x256xbf16> -> ...
    %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<... tile 16x64 ...>)
    %r = linalg.generic ins(%c, %bias ...) outs(%e) { addf, silu }
    ==>
    %r = scf.forall (%i, %j) = (0, 0) to (64, 128) step (16, 64)
        shared_outs(%o = %e) -> tensor<64x128xbf16> {
      %at = tensor.extract_slice %a[%i, 0] [16, 256] [1, 1]
      %qt, %st = mxfp4.quantize %at : tensor<16x256xbf16> -> ...
      %ct = mxfp4.scaled_matmul %qt, %st, %bt, %bst ...
      %rt = linalg.generic ins(%ct, %biast ...) ...
      scf.forall.in_parallel { tensor.parallel_insert_slice %rt into %o[...] }
    } {mapping = [#gpu.block<y>, #gpu.block<x>]}
    ```
  }];
  let dependentDialects = ["::mlir::fp4::mxfp4::MXFP4Dialect",
                           "::mlir::affine::AffineDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect"];
  let options = [
    Option<"skipGemmFunctions", "skip-gemm-functions", "bool",
           /*default=*/"false",
           "leave GEMM functions (a body of [quantize] + scaled_matmul + "
           "return on static shapes) whole: convert-mxfp4-to-amdgpu lowers "
           "them with the problem ABI (C as the last argument)">,
  ];
}

#endif // FP4_DIALECT_MXFP4_TRANSFORMS_PASSES
