//===- MXFP4Ops.td - mxfp4 operations ---------------------*- tablegen -*-===//

#ifndef FP4_DIALECT_MXFP4_MXFP4OPS
#define FP4_DIALECT_MXFP4_MXFP4OPS

include "fp4/Dialect/MXFP4/IR/MXFP4Attrs.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/TilingInterface.td"
include "mlir/IR/BuiltinTypes.td"

class MXFP4_Op<string mnemonic, list<Trait> traits = []>
    : Op<MXFP4_Dialect, mnemonic, traits>;

def MXFP4_HighPrecisionTensor : RankedTensorOf<[BF16, F16, F32]>;
def MXFP4_ValuesTensor : RankedTensorOf<[F4E2M1FN]>;
// What the scaled MFMAs multiply: OCP MX fp8, fp6 and fp4 elements.
def MXFP4_MXValuesTensor
    : RankedTensorOf<[F8E4M3FN, F8E5M2, F6E2M3FN, F6E3M2FN, F4E2M1FN]>;
def MXFP4_ScalesTensor : RankedTensorOf<[F8E8M0FNU]>;

def MXFP4_QuantizeOp : MXFP4_Op<"quantize", [Pure,
    DeclareOpInterfaceMethods<TilingInterface, ["getLoopIteratorTypes",
      "getIterationDomain", "getTiledImplementation", "getResultTilePosition",
      "generateResultTileValue"]>,
    DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
      ["reifyResultShapes"]>]> {
  let summary = "quantize a tensor to an MX format along its last dimension";
  let description = [{
    Splits the last dimension (K) into blocks of 32, picks one E8M0 scale per
    block from the block's largest magnitude (`mode = even`, the default, or
    `mode = floor`) and rounds every element divided by its scale to the
    values' element type (round to nearest even, saturating at the largest
    finite value: 6 for E2M1). The values are of any MX element type
    (f4E2M1FN, f6E2M3FN, f6E3M2FN, f8E4M3FN, f8E5M2); the scale is
    `2^(floor(log2 amax) - emax)` with the format's emax, `amax` first
    rounded up at its third significant bit in `even` mode (aiter's rule
    for fp4, and its dynamic_mxfp8_quant for E4M3); `floor` is the OCP MX
    rule. A block holding NaN or Inf gets the NaN scale (0xFF) and zero
    values, so every product reading it is NaN.

    `ties = away` rounds a quotient halfway between two E2M1 values to the
    larger magnitude instead of the even code, as aiter's fused MoE
    quantizer does (f4E2M1FN values only; the scale is the same).

    ```mlir
    %q, %s = mxfp4.quantize %a : tensor<16x7168xbf16> -> tensor<16x7168xf4E2M1FN>, tensor<16x224xf8E8M0FNU>
    %q2, %s2 = mxfp4.quantize %a mode = floor : tensor<16x7168xbf16> -> tensor<16x7168xf4E2M1FN>, tensor<16x224xf8E8M0FNU>
    %q3, %s3 = mxfp4.quantize %a ties = away : tensor<16x7168xbf16> -> tensor<16x7168xf4E2M1FN>, tensor<16x224xf8E8M0FNU>
    ```
  }];
  let arguments = (ins MXFP4_HighPrecisionTensor:$input,
      DefaultValuedAttr<MXFP4_ScaleMode, "ScaleMode::even">:$scale_mode,
      DefaultValuedAttr<MXFP4_Ties, "Ties::even">:$ties);
  let results = (outs MXFP4_MXValuesTensor:$values,
      MXFP4_ScalesTensor:$scales);
  let assemblyFormat = [{
    $input (`mode` `=` $scale_mode^)? (`ties` `=` $ties^)? attr-dict `:`
    type($input) `->` type($values) `,` type($scales)
  }];
  let hasVerifier = 1;
}

def MXFP4_DequantizeOp : MXFP4_Op<"dequantize", [Pure,
    DeclareOpInterfaceMethods<TilingInterface, ["getLoopIteratorTypes",
      "getIterationDomain", "getTiledImplementation", "getResultTilePosition",
      "generateResultTileValue"]>,
    DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
      ["reifyResultShapes"]>]> {
  let summary = "expand MXFP4 values and scales to a floating-point tensor";
  let description = [{
    `result[..., k] = value(values[..., k]) * 2^(scales[..., k / 32] - 127)`,
    computed in f32 (exactly, unless it leaves the f32 range) and rounded to
    the result type, for values of any MX element type. A scale of 0xFF
    gives NaN, as do E4M3's NaN codes; E5M2's Inf codes give Inf.

    ```mlir
    %x = mxfp4.dequantize %q, %s : tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU> -> tensor<4x64xf32>
    ```
  }];
  let arguments = (ins MXFP4_MXValuesTensor:$values,
      MXFP4_ScalesTensor:$scales);
  let results = (outs MXFP4_HighPrecisionTensor:$result);
  let assemblyFormat = [{
    $values `,` $scales attr-dict `:` type($values) `,` type($scales) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def MXFP4_ScaledMatmulOp : MXFP4_Op<"scaled_matmul", [Pure,
    DeclareOpInterfaceMethods<TilingInterface, ["getLoopIteratorTypes",
      "getIterationDomain", "getTiledImplementation", "getResultTilePosition",
      "generateResultTileValue"]>,
    DeclareOpInterfaceMethods<PartialReductionOpInterface, [
      "generateInitialTensorForPartialReduction", "tileToPartialReduction",
      "mergeReductions", "getPartialResultTilePosition"]>,
    DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
      ["reifyResultShapes"]>]> {
  let summary = "C = dequant(A) x dequant(B)^T with f32 accumulation";
  let description = [{
    `C[m, n] = sum_k dequant(A)[m, k] * dequant(B)[n, k]`, accumulated in
    f32, result f32, bf16 or f16 (round to nearest even). A is `[M, K]` with scales
    `[M, K/32]`; B is stored N x K ("NT") with scales `[N, K/32]`. A and B
    are each in any OCP MX element type the scaled MFMAs multiply
    (f8E4M3FN, f8E5M2, f6E2M3FN, f6E3M2FN or f4E2M1FN), independently:
    fp8 activations with fp4 weights (W4A8) is `f8E4M3FN` A and
    `f4E2M1FN` B. M and N
    may be dynamic, K is static; M, N and K are in [1, 2^31] and K is a
    multiple of 32. A batched GEMM has A `[batch, M, K]`, its scales
    `[batch, M, K/32]` and C `[batch, M, N]`, and either shares B between
    the batches or has a B per batch (grouped GEMMs, per-expert weights):
    B `[batch, N, K]` with scales `[batch, ...]`, each batch's scales laid
    out as a 2-D B's. With
    `b_layout = preshuffled` B's values and scales are in the aiter
    pre-shuffled byte orders and the scales tensor is padded to
    `[ceil(N/256)*256, ceil(K/256)*8]`; the padding is never read.

    With an accumulator, `acc(%c : type)` (destination-passing style, as
    `linalg.matmul`'s `outs`): `C[m, n] = acc[m, n] + sum_k ...`, the sum
    in f32 added to the accumulator widened to f32, then rounded once to
    the result type, which is the accumulator's. It is how a K loop written
    by hand carries its partial sums, and how reduction tiling splits K
    (`PartialReductionOpInterface`: `scf::tileUsingSCF` with a partial
    reduction strategy makes GEMMs on slices of K, accumulating in f32,
    and merges them with `linalg.reduce`).

    An optional `config` fixes how the kernel is tiled (see
    `#mxfp4.config`); `mxfp4-select-config` fills it in otherwise. A GEMM
    whose M is known only at run time may also carry `m_specializations`
    (see `#mxfp4.m_specialization`): configurations for M up to given
    bounds, each compiled into a kernel of its own and chosen by the host
    at run time; `config` is then the one for an M beyond every bound.

    ```mlir
    %c = mxfp4.scaled_matmul %aq, %as, %bq, %bs b_layout = preshuffled
        : tensor<16x7168xf4E2M1FN>, tensor<16x224xf8E8M0FNU>,
          tensor<2112x7168xf4E2M1FN>, tensor<2304x224xf8E8M0FNU> -> tensor<16x2112xbf16>
    ```
  }];
  let arguments = (ins MXFP4_MXValuesTensor:$a, MXFP4_ScalesTensor:$a_scales,
      MXFP4_MXValuesTensor:$b, MXFP4_ScalesTensor:$b_scales,
      Optional<MXFP4_HighPrecisionTensor>:$acc,
      DefaultValuedAttr<MXFP4_Layout, "Layout::plain">:$b_layout,
      OptionalAttr<MXFP4_GemmConfigAttr>:$config,
      OptionalAttr<MXFP4_MSpecializationArrayAttr>:$m_specializations);
  let results = (outs MXFP4_HighPrecisionTensor:$result);
  let builders = [
    // Without an accumulator.
    OpBuilder<(ins "Type":$result, "Value":$a, "Value":$a_scales,
                   "Value":$b, "Value":$b_scales, "LayoutAttr":$b_layout,
                   "GemmConfigAttr":$config, "ArrayAttr":$m_specializations), [{
      build($_builder, $_state, result, a, a_scales, b, b_scales,
            /*acc=*/Value(), b_layout, config, m_specializations);
    }]>,
    // Without an accumulator and m_specializations (what
    // mxfp4-select-config adds).
    OpBuilder<(ins "Type":$result, "Value":$a, "Value":$a_scales,
                   "Value":$b, "Value":$b_scales, "LayoutAttr":$b_layout,
                   "GemmConfigAttr":$config), [{
      build($_builder, $_state, result, a, a_scales, b, b_scales,
            /*acc=*/Value(), b_layout, config, ArrayAttr());
    }]>
  ];
  let assemblyFormat = [{
    $a `,` $a_scales `,` $b `,` $b_scales
    (`acc` `(` $acc^ `:` type($acc) `)`)?
    (`b_layout` `=` $b_layout^)? (`config` `(` $config^ `)`)? attr-dict
    `:` type($a) `,` type($a_scales) `,` type($b) `,` type($b_scales) `->`
    type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// A batched GEMM: A [batch, M, K], C [batch, M, N], and either the
    /// same B for every batch or a B per batch (hasBatchedB).
    bool isBatched() { return getA().getType().getRank() == 3; }
    /// B [batch, N, K]: a GEMM per batch, each with its own weights.
    bool hasBatchedB() { return getB().getType().getRank() == 3; }
    /// The rows of one GEMM: M; batch x M for a batch sharing B, which is
    /// one GEMM of the stacked rows (dynamic when either is).
    int64_t getM() {
      ArrayRef<int64_t> rows = getA().getType().getShape().drop_back();
      if (hasBatchedB())
        rows = rows.take_back();
      int64_t m = 1;
      for (int64_t d : rows) {
        if (ShapedType::isDynamic(d))
          return ShapedType::kDynamic;
        m *= d;
      }
      return m;
    }
    int64_t getN() {
      RankedTensorType b = getB().getType();
      return b.getDimSize(b.getRank() - 2);
    }
    int64_t getK() { return getA().getType().getShape().back(); }
  }];
}

include "fp4/Dialect/MXFP4/IR/MXFP4KernelOps.td"

def MXFP4_MoeAlignOp : MXFP4_Op<"moe_align", [Pure]> {
  let summary = "group a mixture-of-experts layer's (token, expert) pairs "
                "by expert";
  let description = [{
    The routing step of a mixture-of-experts layer in the form a grouped
    GEMM reads (docs/moe.md). `topk_ids` `[tokens, topk]` names each
    token's experts; pair `i = token * topk + slot`. The pairs are grouped
    by expert, the experts' runs laid out in expert order, each padded to a
    multiple of `block_m` rows:

    - `sorted` `[rows]`: each run's pair indices, then `tokens * topk` (the
      padding mark) to the run's end, and after the last run;
    - `block_expert` `[blocks]`: the expert of each row block of a run,
      -1 after the last run;
    - `valid` `[1]`: the rows the runs take;
    - `positions` `[tokens, topk]`: the row of each pair in `sorted`, -1
      for a pair routed nowhere (what a combine reads the pairs' results
      back by).

    `blocks = (T + min(experts, T) (block_m - 1)) / block_m` (rounded
    down) with `T = tokens * topk` pairs, and `rows = blocks * block_m`:
    the most any routing takes, known from the sizes alone, so that a grid
    over row blocks is static. An id outside `[0, experts)` routes its pair
    nowhere. The order of an expert's pairs inside its run is unspecified
    (the kernel takes rows with atomics); what reads them computes each row
    alone. One work-group computes the op (`workgroup_moe_align`).

    ```mlir
    %sorted, %blocks, %valid, %positions = mxfp4.moe_align %ids experts = 257 block_m = 32
        : tensor<4x9xi32> -> tensor<1152xi32>, tensor<36xi32>, tensor<1xi32>, tensor<4x9xi32>
    ```
  }];
  let arguments = (ins RankedTensorOf<[I32]>:$topk_ids, I64Attr:$experts,
      I64Attr:$block_m);
  let results = (outs RankedTensorOf<[I32]>:$sorted,
      RankedTensorOf<[I32]>:$block_expert, RankedTensorOf<[I32]>:$valid,
      RankedTensorOf<[I32]>:$positions);
  let assemblyFormat = [{
    $topk_ids `experts` `=` $experts `block_m` `=` $block_m attr-dict `:`
    type($topk_ids) `->` type($sorted) `,` type($block_expert) `,`
    type($valid) `,` type($positions)
  }];
  let hasVerifier = 1;
}

def MXFP4_GroupedMatmulOp : MXFP4_Op<"grouped_matmul", [Pure,
    AttrSizedOperandSegments]> {
  let summary = "scaled GEMMs of row blocks, each with its expert's B";
  let description = [{
    The GEMMs of a mixture-of-experts layer over the rows `moe_align`
    sorted by expert (docs/moe.md): row `p` of the result is the product of
    A's row `rows[p] / topk` (the token of pair `rows[p]`) with the B of
    the expert of its row block, `B[experts[p / block_m]]`:

    ```
    C[p, n] = sum_k A[rows[p] / topk, k] * B[experts[p / block_m], n, k]
    ```

    with A's rows (`[T, K]`, T tokens) and B (`[E, N, K]`) in MX formats
    and their E8M0 scales as `scaled_matmul` takes them (plain layout). A
    row whose entry names no token (`rows[p] / topk >= T`: moe_align's
    padding mark) is zero. An expert outside `[0, E)` is read as the
    nearest one in range (clamped): moe_align gives -1 only to the blocks
    past its last run, whose rows are all padding. `rows` has `blocks * block_m`
    entries and `experts` `blocks`, as moe_align makes them. C is f32 or
    bf16. A may come from an `mxfp4.quantize` of the tokens' activations:
    the quantization then runs in the GEMM's kernel, on the gathered rows.

    Without `rows` (and `topk`), A's rows are already in the sorted order
    (`[blocks * block_m, K]`, as stage 1's result is): `C[p, n] = sum_k
    A[p, k] * B[experts[p / block_m], n, k]` (stage 2 of the layer).

    With `scatter(ids) weights(w)` (the layer's combine, fused into stage
    2), the rows are not returned but added, weighted, into the rows of
    their tokens: `w` is `[T, k]` f32 (each token's k routing weights),
    `ids` has an entry per row (moe_align's sorted pair ids, `token * k +
    slot`), and the result is `[T, N]` f32 or bf16 (N even):

    ```
    C[t, n] = sum over p with ids[p] / k == t of w[t, ids[p] % k] * (row p)[n]
    ```

    A row whose id is at or past `T * k` (padding) adds nothing, and a token
    no row names gets zeros. The sum is made with atomics in the kernel,
    each add rounded to the result type (a bf16 result: packed bf16 adds of
    two columns, as aiter's stage 2 makes the layer's output): its order,
    and so its last bits, varies from run to run.

    ```mlir
    %h = mxfp4.grouped_matmul %xq, %xs rows(%sorted : tensor<1152xi32>) topk = 9
        experts(%blocks : tensor<36xi32>) block_m = 32, %w, %ws
        : tensor<4x7168xf4E2M1FN>, tensor<4x224xf8E8M0FNU>,
          tensor<257x512x7168xf4E2M1FN>, tensor<257x512x224xf8E8M0FNU>
        -> tensor<1152x512xf32>

    %y = mxfp4.grouped_matmul %h, %hs experts(%blocks : tensor<36xi32>)
        block_m = 32, %wd, %wds scatter(%sorted : tensor<1152xi32>)
        weights(%topk_weights : tensor<4x9xf32>)
        : tensor<1152x256xf4E2M1FN>, tensor<1152x8xf8E8M0FNU>,
          tensor<257x7168x256xf4E2M1FN>, tensor<257x7168x8xf8E8M0FNU>
        -> tensor<4x7168xbf16>
    ```
  }];
  let arguments = (ins MXFP4_MXValuesTensor:$a, MXFP4_ScalesTensor:$a_scales,
      Optional<RankedTensorOf<[I32]>>:$rows, RankedTensorOf<[I32]>:$experts,
      MXFP4_MXValuesTensor:$b, MXFP4_ScalesTensor:$b_scales,
      Optional<RankedTensorOf<[I32]>>:$scatter,
      Optional<RankedTensorOf<[F32]>>:$weights,
      OptionalAttr<I64Attr>:$topk, I64Attr:$block_m,
      OptionalAttr<MXFP4_GemmConfigAttr>:$config);
  let results = (outs RankedTensorOf<[BF16, F32]>:$result);
  let assemblyFormat = [{
    $a `,` $a_scales (`rows` `(` $rows^ `:` type($rows) `)` `topk` `=` $topk)?
    `experts` `(` $experts `:` type($experts) `)`
    `block_m` `=` $block_m `,` $b `,` $b_scales
    (`scatter` `(` $scatter^ `:` type($scatter) `)`
     `weights` `(` $weights `:` type($weights) `)`)?
    (`config` `(` $config^ `)`)? attr-dict `:` type($a) `,` type($a_scales)
    `,` type($b) `,` type($b_scales) `->` type($result)
  }];
  let hasVerifier = 1;
}

#endif // FP4_DIALECT_MXFP4_MXFP4OPS
