//===- Passes.td - mxfp4 transformation passes ------------*- tablegen -*-===//

#ifndef FP4_DIALECT_MXFP4_TRANSFORMS_PASSES
#define FP4_DIALECT_MXFP4_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def RaiseMXOps : Pass<"mxfp4-raise-mx-ops", "func::FuncOp"> {
  let summary = "raise MX quantization and GEMMs written in upstream ops";
  let description = [{
    Raises what a front end that does not know this dialect writes for
    MXFP4 to the mxfp4 ops it is (`populateRaiseMXOpsPatterns`), so that a
    program in upstream ops compiles to the kernels of the dialect's
    spelling. `fp4-lower-to-hsaco` runs it first.

    Quantization with the floor scale rule: an `arith.scaling_truncf` to
    f4E2M1FN (rounding to nearest even) of `x [R, K]` by scales broadcast
    along K, the scales `arith.truncf(amax * 0.25)` to E8M0 (an elementwise
    `linalg.generic`), `amax` a `linalg.reduce` of `maximumf(absf(x))` over
    each 32-element block of `x` (`tensor.expand_shape` to
    `[R, K/32, 32]`, from a zero fill), becomes
    `mxfp4.quantize %x mode = floor`; whatever else reads the scales reads
    the quantize's.

    GEMMs: a contraction `C[m, n] += A[m, k] * B[n, k]` (`linalg.matmul` with
    B transposed by its `indexing_maps`, an equivalent `linalg.generic`,
    or a plain `linalg.matmul` of a `linalg.transpose` of B) accumulated
    in f32, whose operands are both fp4 data
    dequantized with `arith.scaling_extf` by their E8M0 block scales,
    becomes the `mxfp4.scaled_matmul` it is. The init is its accumulator
    (`acc`) unless it is a fill of +0.0.

    A dequantize is `arith.scaling_extf` on tensors whose scales are
    broadcast along K (`linalg.broadcast` [R, K/32] -> [R, K/32, 32], then
    `tensor.collapse_shape` to [R, K]), or a `linalg.generic` whose body is
    one `arith.scaling_extf` of the values (identity map) and the scales
    (map `(r, k) -> (r, k floordiv 32)`), to bf16 or f32 (where it is
    exact). Anything else is left as written.

    ```mlir
    %sb = linalg.broadcast ins(%as : tensor<16x8xf8E8M0FNU>)
        outs(%e : tensor<16x8x32xf8E8M0FNU>) dimensions = [2]
    %s = tensor.collapse_shape %sb [[0], [1, 2]] : ... into tensor<16x256xf8E8M0FNU>
    %a = arith.scaling_extf %aq, %s : tensor<16x256xf4E2M1FN>,
        tensor<16x256xf8E8M0FNU> to tensor<16x256xbf16>
    %b = ...                                      (the same for B [64, 256])
    %c = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
        affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
        ins(%a, %b : ...) outs(%zero : tensor<16x64xf32>) -> tensor<16x64xf32>
    ==>
    %c = mxfp4.scaled_matmul %aq, %as, %bq, %bs : ... -> tensor<16x64xf32>
    ```
  }];
  let dependentDialects = ["::mlir::fp4::mxfp4::MXFP4Dialect"];
}

def SelectConfig : Pass<"mxfp4-select-config", "ModuleOp"> {
  let summary = "choose the kernel configuration of every scaled_matmul";
  let description = [{
    Attaches a `#mxfp4.config` to each `mxfp4.scaled_matmul` that has none.
    First from the table of configurations that bench/tune_configs.py found
    fastest under model v2 (TunedConfigs.inc: the problem shapes, and an M
    known only at run time at their N x K, for each A quantizer), when
    `tuned-configs` is on and the GEMM is not batched and does not quantize
    an f16 or f32 A: the table was tuned for bf16 A quantized in the kernel
    and pre-shuffled B, and the other operand forms (A given quantized in
    any MX format, plain B) take its entries too (docs/formats.md). An
    entry carries its K loop's depth (`stages`), searched by the tuner.
    Otherwise by formulas: among
    four-wave work-groups (waves along N and K, up to 4 x 8 MFMA tiles
    per wave) that fit 256 VGPRs, the one with the fewest modeled cycles for
    the GEMM's shape (issue rates of the quantization VALU work and the
    MFMAs, waves per SIMD over 256 CUs; see docs/design.md). Then, for a
    static shape, `split_k` (K split over 2..8 work-groups, combined in the
    kernel) where model v2's view of latency, issue and the combine says it
    saves at least 5%, with a K loop of 1 stage. A configuration set by
    hand is checked against the chip's limits and kept.

    The A quantizer is chosen once, here: the pass records it on the module
    (`mxfp4.a_quantizer`, from `a-quantizer`, unless the module already
    records one, which then wins), and the later passes (fp4-describe-gemms,
    convert-mxfp4-to-amdgpu and its patterns) read it from there.

    A GEMM whose M is known only at run time (and N static) also gets
    `m_specializations` (`specialize-dynamic-m`): for M up to 16, 32, 64,
    128 and 256, the configuration a static M of that bound gets (split-K
    included, its workspace sized for the bound), kept where it differs
    from the next bound's. mxfp4-form-kernels compiles each into a kernel
    of its own and the host picks one by M, so a run-time token count runs
    about as fast as a static one (bench/dynamic_m.py; docs/design.md, "An
    M known only at run time").

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
           "it changes what the kernel costs; recorded on the module as "
           "mxfp4.a_quantizer, which every later pass reads (a module that "
           "already records one keeps it)">,
    Option<"splitK", "split-k", "bool", /*default=*/"true",
           "let the model choose split_k > 1 (split-K across work-groups) "
           "for a static GEMM; false keeps split_k = 1">,
    Option<"tunedConfigs", "tuned-configs", "bool", /*default=*/"true",
           "first look the GEMM up in the configurations that "
           "bench/tune_configs.py found fastest under model v2 (the problem "
           "shapes); false uses the formulas alone">,
    Option<"specializeDynamicM", "specialize-dynamic-m", "bool",
           /*default=*/"true",
           "give a GEMM whose M is known only at run time (N static) "
           "m_specializations: the configuration of a static M of 16, 32, "
           "64, 128 and 256 where it differs from the next one's, each "
           "compiled into a kernel the host chooses by M">,
  ];
}

def FuseIntoMatmul : Pass<"mxfp4-fuse-into-matmul", "func::FuncOp"> {
  let summary = "build each GEMM's fused_matmul with what fuses around it";
  let description = [{
    Rewrites every `mxfp4.scaled_matmul` into the `mxfp4.fused_matmul` its
    kernel will compute, at full size (before tiling), with rewrite
    patterns (`populateFuseIntoMatmulPatterns`):

    - an accumulator (`acc`) is split off as an elementwise add in f32 and
      one rounding, which the epilogue then takes like any consumer;
    - the `mxfp4.quantize` of A moves into the op (A is then quantized in
      the kernel, in registers); a batched A sharing B is flattened first,
      and a B per batch becomes an `scf.for` over the batches with a GEMM
      (and A's quantize) per batch;
    - an `mxfp4.grouped_matmul` (an MoE layer's GEMMs) becomes a
      `fused_matmul` with `gather` and `experts` (and A's quantize, which
      then quantizes the gathered rows), with a tile of `block_m` rows;
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
                           "::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::scf::SCFDialect",
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
    forall mapped to GPU threads). A grouped `fused_matmul`'s tile reads
    its row block's expert and slices that expert's B. An `mxfp4.moe_align`
    becomes `workgroup_moe_align` in a loop of one work-group of 256
    work-items. Each kernel loop carries
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
                           "::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect"];
}

def PackNarrowTypes : Pass<"mxfp4-pack-narrow-types", "ModuleOp"> {
  let summary = "fp4 and E8M0 tensors become their byte storage, everywhere";
  let description = [{
    Every ranked tensor of `f4E2M1FN` becomes `i8` with the last dimension
    halved (fp4x2: two values per byte, low nibble first) and every tensor
    of `f8E8M0FNU` becomes `i8` of the same shape, throughout the module,
    with upstream dialect conversion: function signatures (argument and
    result attributes kept), `func.call`, `func.return`, `scf.for`
    iter_args, `scf.if`, `scf.while`, `scf.forall` shared outputs,
    `tensor.extract_slice` / `insert_slice` / `parallel_insert_slice` (the
    last dimension's offset and size halve for fp4), `tensor.empty`,
    `tensor.dim` (the last dimension doubles back), `tensor.cast`,
    `tensor.collapse_shape` / `expand_shape`, `arith.select`, dense
    constants (bits packed into bytes), `bufferization.alloc_tensor`, and
    the mxfp4 kernel ops, which accept byte storage. Run it after kernel
    formation and before bufferization. Anything else on fp4/E8M0 tensors
    (a `quantize` or `scaled_matmul` no kernel took, a `linalg.generic` on
    fp4 elements) is refused with an error on that op before anything
    changes, as are a slice at an odd offset or size along the last
    dimension of fp4 data and fp4 data whose last dimension is odd (e.g. a
    reshape that leaves a unit dimension innermost).

    ```mlir
    func.func @f(%w: tensor<4x64x256xf4E2M1FN>, %i: index) -> ... {
      %b = tensor.extract_slice %w[%i, 0, 0] [1, 64, 256] [1, 1, 1]
          : tensor<4x64x256xf4E2M1FN> to tensor<64x256xf4E2M1FN>
    ==>
    func.func @f(%w: tensor<4x64x128xi8>, %i: index) -> ... {
      %b = tensor.extract_slice %w[%i, 0, 0] [1, 64, 128] [1, 1, 1]
          : tensor<4x64x128xi8> to tensor<64x128xi8>
    ```

    The type converter and patterns are public
    (`fp4/Dialect/MXFP4/Transforms/PackNarrowTypes.h`).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tensor::TensorDialect"];
}

#endif // FP4_DIALECT_MXFP4_TRANSFORMS_PASSES
