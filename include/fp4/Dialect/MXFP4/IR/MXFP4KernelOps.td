//===- MXFP4KernelOps.td - destination-style kernel ops ----*- tablegen -*-===//
//
// The ops a kernel is made of. mxfp4-form-kernels turns the value-semantic
// ops users write (quantize, dequantize, scaled_matmul and what fuses with
// them) into these destination-style ops, which bufferize in place and which
// the conversion patterns lower to gfx950 code. They take fp4/E8M0 data as
// their element types or as byte storage (i8: fp4x2 bytes with the last
// dimension halved, one byte per scale), on tensors or on memrefs.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_DIALECT_MXFP4_MXFP4KERNELOPS
#define FP4_DIALECT_MXFP4_MXFP4KERNELOPS

include "fp4/Dialect/MXFP4/IR/MXFP4Attrs.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/DestinationStyleOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/TilingInterface.td"
include "mlir/IR/BuiltinTypes.td"
include "mlir/IR/OpBase.td"

class MXFP4_KernelOp<string mnemonic, list<Trait> traits = []>
    : Op<MXFP4_Dialect, mnemonic, traits>;

def MXFP4_FusedMatmulOp : MXFP4_KernelOp<"fused_matmul", [
    AttrSizedOperandSegments, RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<DestinationStyleOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<TilingInterface, ["getLoopIteratorTypes",
      "getIterationDomain", "getTiledImplementation", "getResultTilePosition",
      "generateResultTileValue"]>]> {
  let summary = "scaled GEMMs sharing A, with their fused neighbours";
  let description = [{
    The GEMM a kernel computes, with what the kernel formation fused into
    it:

    ```
    outs[m, n] = epilogue(acc_0[m, n], ..., acc_{nb-1}[m, n], ins...)
    acc_i[m, n] = sum_k dequant(qa)[m, k] * dequant(B_i)[n, k]     (f32)
    qa = A (fp4 values and scales), or quantize(prologue(A, prologue_ins))
    ```

    - `a` is either one high-precision tensor `[M, K]` (bf16, f16 or f32),
      quantized by the op with `a_scale_mode` after the optional `prologue`
      region (scalar, applied element by element; its block takes A's
      element and one element of each `prologue_ins` operand, read through
      `prologue_maps` from (m, k)), or A's fp4 values and E8M0 scales.
    - `b` holds one or more pairs of B values `[N, K]` and scales (GEMMs
      sharing A, e.g. SwiGLU's gate and up), all in `b_layout`.
    - `ins` are the epilogue's other operands, read through `ins_maps` from
      (m, n); a scalar operand has a map with no result.
    - `epilogue` takes one f32 accumulator per B pair and one element per
      `ins` operand and yields the output element. With
      `output_scale_mode`, `outs` are the fp4 values and E8M0 scales of the
      quantized epilogue result (in blocks of 32 along N); otherwise `outs`
      is the `[M, N]` result.
    - `a_ties` and `output_ties` (`ties = ...` after the A or output
      `quantize = ...`; `even` when absent): the tie rounding of A's and
      the output's quantization, as `quantize`'s `ties`.
    - A grouped GEMM (`grouped_matmul`): with `gather(rows) topk = t`,
      output row `m` reads A's row `rows[m] / t` (i32 entries; a row at or
      past A's rows is a padding row, zero); with `experts(e)`, each B is
      `[E, N, K]` and output rows `[i * tile_m, (i + 1) * tile_m)` use
      `B[e[i]]` (tile_m the config's; an expert outside `[0, E)` is
      clamped into it). A tile of the op slices `rows`, and reads its
      block's expert to slice each B (`tensor.extract` and a rank-reducing
      slice): the tiled op has 2-D Bs and no `experts`.
    - A scattered output (`scatter(ids) weights(w)`, stage 2 of a
      mixture-of-experts layer): `outs` is `[T, N]` f32 or bf16 and row `m`
      of the epilogue's result (f32) is added into it, weighted, instead of
      stored:
      `outs[ids[m] / k, n] += w[ids[m] / k, ids[m] % k] * epilogue(...)[m, n]`,
      with `w` `[T, k]` f32 and `ids` i32 with one entry per row; a row whose
      entry is at or past `T * k` (moe_align's padding mark) adds nothing.
      The adds are atomics (f32, or packed bf16 adds of two columns: N
      even), each rounding to `outs`' type, so their order (and the sum's
      last bits) varies from run to run; `outs` must hold the sum's start
      (zeros). A tile of the op slices `ids` and reads `w` and its columns
      of `outs` whole.
    - `b_scales_row` is the row of the first B row inside a pre-shuffled
      scales tensor sliced by 32-row groups (0 when absent).
    - `config` is the kernel configuration: one work-group computes the op
      (M and N at most the config's tile); with `split_k = S` the op is
      computed by S work-groups, the z-th taking the z-th range of K steps.
    - `m_specializations` (an M known only at run time): configurations
      for M up to given bounds, as on `scaled_matmul`; mxfp4-form-kernels
      makes one kernel of each, chosen by M on the host.
    - `max_grid` (set by mxfp4-form-kernels on the tile op, where N is
      static and M static or bounded by an m_specialization): the launch's
      work-groups along x (N tiles) and at most along y (M tiles). They
      size and index a split-K workspace and bound the work-group ids.

    A's values (when given) and B's are of any MX element type: typed
    (fp8 is also what memory holds, a byte per element), or byte storage
    (i8) of fp4 (fp4x2, the last dimension halved) or fp6 (four values in
    three bytes, the last dimension times 3/4). Bytes do not say which:
    `a_format` and `b_format` (f4E2M1FN when absent) do;
    mxfp4-pack-narrow-types sets them for fp6. When the op quantizes A,
    `a_format` is what it quantizes A to (any MX element type). A
    quantized output is fp4.

    It tiles along (M, N) (TilingInterface): a tile takes whole rows of A
    and B (K is not cut), the slices of `prologue_ins` and `ins` their maps
    give, and of pre-shuffled scales the 32-row groups that hold the tile's
    B rows (with `b_scales_row` the first one's place in them). Operand maps
    must be projected permutations to be tiled.

    ```mlir
    %r = mxfp4.fused_matmul a(%x : tensor<16x256xbf16>) quantize = even
        b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain
        ins(%bias : tensor<64xf32>) maps [affine_map<(m, n) -> (n)>]
        outs(%o : tensor<16x64xbf16>)
        epilogue {
        ^bb0(%acc: f32, %bias: f32):
          %s = arith.addf %acc, %bias : f32
          %t = arith.truncf %s : f32 to bf16
          mxfp4.yield %t : bf16
        } -> tensor<16x64xbf16>
    ```
  }];
  let arguments = (ins Variadic<AnyShaped>:$a, Variadic<AnyShaped>:$b,
      Variadic<AnyType>:$prologue_ins, Variadic<AnyType>:$ins,
      Variadic<AnyShaped>:$outs, Optional<Index>:$b_scales_row,
      DefaultValuedAttr<AffineMapArrayAttr, "{}">:$prologue_maps,
      DefaultValuedAttr<AffineMapArrayAttr, "{}">:$ins_maps,
      MXFP4_Layout:$b_layout, OptionalAttr<MXFP4_ScaleMode>:$a_scale_mode,
      OptionalAttr<MXFP4_ScaleMode>:$output_scale_mode,
      OptionalAttr<MXFP4_GemmConfigAttr>:$config,
      OptionalAttr<MXFP4_MSpecializationArrayAttr>:$m_specializations,
      OptionalAttr<DenseI64ArrayAttr>:$max_grid,
      OptionalAttr<TypeAttr>:$a_format, OptionalAttr<TypeAttr>:$b_format,
      OptionalAttr<MXFP4_Ties>:$a_ties, OptionalAttr<MXFP4_Ties>:$output_ties,
      Optional<AnyShaped>:$a_rows, OptionalAttr<I64Attr>:$topk,
      Optional<AnyShaped>:$b_experts, Optional<AnyShaped>:$scatter_rows,
      Optional<AnyShaped>:$scatter_weights);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region AnyRegion:$prologue, SizedRegion<1>:$epilogue);
  let assemblyFormat = [{
    `a` `(` $a `:` type($a) `)` (`quantize` `=` $a_scale_mode^)?
    (`ties` `=` $a_ties^)?
    (`gather` `(` $a_rows^ `:` type($a_rows) `)` `topk` `=` $topk)?
    `b` `(` $b `:` type($b) `)` `layout` `=` $b_layout
    (`experts` `(` $b_experts^ `:` type($b_experts) `)`)?
    (`b_scales_row` `(` $b_scales_row^ `)`)?
    (`prologue_ins` `(` $prologue_ins^ `:` type($prologue_ins) `)`
     `maps` $prologue_maps)?
    (`ins` `(` $ins^ `:` type($ins) `)` `maps` $ins_maps)?
    `outs` `(` $outs `:` type($outs) `)`
    (`scatter` `(` $scatter_rows^ `:` type($scatter_rows) `)`
     `weights` `(` $scatter_weights `:` type($scatter_weights) `)`)?
    (`quantize` `=` $output_scale_mode^)? (`ties` `=` $output_ties^)?
    (`config` `(` $config^ `)`)?
    attr-dict (`prologue` $prologue^)? `epilogue` $epilogue
    (`->` type($results)^)?
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// A is high precision and quantized by the op.
    bool quantizesA() { return getA().size() == 1; }
    /// The output is quantized (fp4 values and scales).
    bool quantizesOutput() { return getOutputScaleMode().has_value(); }
    /// GEMMs sharing A: the number of B value/scale pairs.
    unsigned getNumB() { return getB().size() / 2; }
    Value getBValues(unsigned i) { return getB()[2 * i]; }
    Value getBScales(unsigned i) { return getB()[2 * i + 1]; }
    /// K, from A (in elements, also when A is byte storage).
    int64_t getK();
    /// The MX element type of A's values (what A is quantized to when
    /// quantizesA()) and of B's: the element type, or for byte storage (and
    /// a quantized A) a_format / b_format (f4E2M1FN when absent).
    Type getAValuesFormat();
    Type getBValuesFormat(unsigned i);
    /// The element type A is quantized from (after the prologue), when
    /// quantizesA().
    Type getQuantizedAType();
    /// The element type the epilogue yields.
    Type getEpilogueResultType();
    bool hasPrologue() { return !getPrologue().empty(); }
    /// The checks of gather and experts (a grouped GEMM).
    LogicalResult verifyGroupedOperands();
    /// The checks of a scattered output (scatter_rows, scatter_weights).
    LogicalResult verifyScatter();
    /// Rows of the op's iteration domain: the gather's, or A's.
    Value getRowsSource() { return getARows() ? getARows() : getA().front(); }
    /// The expert of the tile at row `offset` (experts' entry, clamped),
    /// or null without experts (FusedMatmulTiling.cpp).
    FailureOr<Value> tileExpert(OpBuilder &b, OpFoldResult offset);
  }];
}

def MXFP4_YieldOp : MXFP4_KernelOp<"yield", [Pure, Terminator,
    ReturnLike, ParentOneOf<["FusedMatmulOp"]>]> {
  let summary = "the element a fused_matmul region computes";
  let description = [{
    Ends the `prologue` and `epilogue` regions of `mxfp4.fused_matmul`
    with the scalar they compute.

    ```mlir
    mxfp4.yield %v : bf16
    ```
  }];
  let arguments = (ins AnyType:$value);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

def MXFP4_BlockQuantizeOp : MXFP4_KernelOp<"block_quantize", [
    DeclareOpInterfaceMethods<DestinationStyleOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<TilingInterface, ["getLoopIteratorTypes",
      "getIterationDomain", "getTiledImplementation",
      "getResultTilePosition"]>]> {
  let summary = "quantize to MXFP4 into given values and scales";
  let description = [{
    `mxfp4.quantize` in destination style: `input` `[..., K]` (bf16, f16 or
    f32) is quantized along its last dimension into `values` (of an MX
    element type, or i8 bytes: fp4x2 `[..., K/2]`, or fp6 `[..., 3K/4]`,
    `format` saying which, f4E2M1FN when absent) and `scales` (f8E8M0FNU or
    i8 bytes `[..., K/32]`), with the same numerics (`ties` as
    `quantize`'s).

    ```mlir
    %q, %s = mxfp4.block_quantize ins(%x : tensor<4x64xbf16>)
        outs(%qi, %si : tensor<4x32xi8>, tensor<4x2xi8>) mode = even
        -> tensor<4x32xi8>, tensor<4x2xi8>
    ```
  }];
  let arguments = (ins AnyShaped:$input, AnyShaped:$values,
      AnyShaped:$scales, MXFP4_ScaleMode:$scale_mode,
      DefaultValuedAttr<MXFP4_Ties, "Ties::even">:$ties,
      OptionalAttr<TypeAttr>:$format);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let assemblyFormat = [{
    `ins` `(` $input `:` type($input) `)`
    `outs` `(` $values `,` $scales `:` type($values) `,` type($scales) `)`
    `mode` `=` $scale_mode (`ties` `=` $ties^)? attr-dict
    (`->` type($results)^)?
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The MX element type of the values: theirs, or for bytes `format`
    /// (f4E2M1FN when absent).
    Type getValuesFormat();
  }];
}

def MXFP4_BlockDequantizeOp : MXFP4_KernelOp<"block_dequantize", [
    DeclareOpInterfaceMethods<DestinationStyleOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<TilingInterface, ["getLoopIteratorTypes",
      "getIterationDomain", "getTiledImplementation",
      "getResultTilePosition"]>]> {
  let summary = "expand MXFP4 values and scales into a given tensor";
  let description = [{
    `mxfp4.dequantize` in destination style: `values` (of an MX element
    type, or bytes of fp4 or fp6 as `format` says) and `scales` (f8E8M0FNU
    or bytes) into `result`, in f32 and rounded to its element type.

    ```mlir
    %x = mxfp4.block_dequantize ins(%q, %s : tensor<4x32xi8>, tensor<4x2xi8>)
        outs(%xi : tensor<4x64xf32>) -> tensor<4x64xf32>
    ```
  }];
  let arguments = (ins AnyShaped:$values, AnyShaped:$scales,
      AnyShaped:$init, OptionalAttr<TypeAttr>:$format);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let assemblyFormat = [{
    `ins` `(` $values `,` $scales `:` type($values) `,` type($scales) `)`
    `outs` `(` $init `:` type($init) `)` attr-dict (`->` type($results)^)?
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The MX element type of the values: theirs, or for bytes `format`
    /// (f4E2M1FN when absent).
    Type getValuesFormat();
  }];
}

def MXFP4_WorkgroupMoeAlignOp : MXFP4_KernelOp<"workgroup_moe_align", [
    DeclareOpInterfaceMethods<DestinationStyleOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "moe_align into given destinations, by one work-group";
  let description = [{
    `mxfp4.moe_align` in destination style: `topk_ids` `[tokens, topk]`
    grouped by expert into `sorted`, `block_expert`, `valid` and
    `positions`, with the
    same sizes and meaning. One work-group computes it all (counts with
    LDS atomics, a scan, rows taken with atomics), so it is not tiled:
    mxfp4-form-kernels puts it in a loop of one work-group.

    ```mlir
    %s, %b, %v, %p = mxfp4.workgroup_moe_align ins(%ids : tensor<4x9xi32>)
        outs(%s0, %b0, %v0, %p0 : tensor<1152xi32>, tensor<36xi32>,
             tensor<1xi32>, tensor<4x9xi32>)
        experts = 257 block_m = 32
        -> tensor<1152xi32>, tensor<36xi32>, tensor<1xi32>, tensor<4x9xi32>
    ```
  }];
  let arguments = (ins AnyShaped:$topk_ids, AnyShaped:$sorted,
      AnyShaped:$block_expert, AnyShaped:$valid, AnyShaped:$positions,
      I64Attr:$experts, I64Attr:$block_m);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let assemblyFormat = [{
    `ins` `(` $topk_ids `:` type($topk_ids) `)`
    `outs` `(` $sorted `,` $block_expert `,` $valid `,` $positions `:`
    type($sorted) `,` type($block_expert) `,` type($valid) `,`
    type($positions) `)`
    `experts` `=` $experts `block_m` `=` $block_m attr-dict
    (`->` type($results)^)?
  }];
  let hasVerifier = 1;
}

#endif // FP4_DIALECT_MXFP4_MXFP4KERNELOPS
