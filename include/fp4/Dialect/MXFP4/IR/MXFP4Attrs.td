//===- MXFP4Attrs.td - mxfp4 enums and attributes ---------*- tablegen -*-===//

#ifndef FP4_DIALECT_MXFP4_MXFP4ATTRS
#define FP4_DIALECT_MXFP4_MXFP4ATTRS

include "fp4/Dialect/MXFP4/IR/MXFP4Dialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def MXFP4_ScaleMode : I32EnumAttr<"ScaleMode", "how a block's E8M0 scale is chosen", [
    I32EnumAttrCase<"even", 0>,
    I32EnumAttrCase<"floor", 1>]> {
  let cppNamespace = "::mlir::fp4::mxfp4";
  let description = [{
    `even`: amax's exponent is rounded up when its top mantissa bits are
    large, then `floor(log2) - 2` (the aiter/GPU MODE reference, default).
    `floor`: strict OCP MX v1.0, `floor(log2(amax)) - 2`.
  }];
}

def MXFP4_Ties : I32EnumAttr<"Ties", "how a value halfway between two codes is rounded", [
    I32EnumAttrCase<"even", 0>,
    I32EnumAttrCase<"away", 1>]> {
  let cppNamespace = "::mlir::fp4::mxfp4";
  let description = [{
    `even`: to the code whose last mantissa bit is 0 (OCP's conversion,
    aiter's dynamic_mxfp4_quant, gfx950's conversion instructions; the
    default). `away`: to the code of larger magnitude (aiter's fused MoE
    quantizer, fused_dynamic_mxfp4_quant_moe_sort: 0.25 -> 0.5,
    1.25 -> 1.5, 2.5 -> 3, 5 -> 6 after the division by the scale).
  }];
}

def MXFP4_Layout : I32EnumAttr<"Layout", "memory layout of a B operand", [
    I32EnumAttrCase<"plain", 0>,
    I32EnumAttrCase<"preshuffled", 1>]> {
  let cppNamespace = "::mlir::fp4::mxfp4";
  let description = [{
    `plain`: values `[N, K]` row-major (fp4x2 bytes), scales `[N, K/32]`.
    `preshuffled`: values in aiter's `shuffle_weight(layout=(16,16))` order
    and scales in `e8m0_shuffle` order, padded to
    `[ceil(N/256)*256, ceil(K/256)*8]`.
  }];
}

def MXFP4_GemmConfigAttr : AttrDef<MXFP4_Dialect, "GemmConfig"> {
  let mnemonic = "config";
  let summary = "kernel configuration of a scaled_matmul";
  let description = [{
    How the GEMM is mapped onto a gfx950 work-group. The work-group holds
    `waves_m x waves_n x waves_k` waves; each wave computes `tiles_m x
    tiles_n` MFMA tiles of `mfma x mfma` outputs (16: 16x16x128, 32:
    32x32x64). The `waves_k` waves that share a tile take every
    `waves_k`-th K step and add their f32 accumulators through LDS at the
    end, so each block of A is quantized once per work-group. `split_k`
    splits K across work-groups: S work-groups per output tile (along the
    grid's z) each take a range of K steps, and the last to arrive adds the
    S partial tiles (docs/design.md, "Split-K"). `stages` is the depth of
    the K loop's software pipeline: the K steps whose pipelined operands a
    wave holds in registers at once, the one its MFMAs take and `stages - 1`
    in flight (1: a step's loads are issued after the previous step's
    MFMAs); the loop is unrolled by `stages` so that each step keeps its
    registers (docs/design.md, "Software pipelining"). `waves_k` may be
    omitted and defaults to 1, `stages` to 3.

    ```mlir
    #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 2, split_k = 1>
    #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 4, split_k = 1, waves_k = 4>
    #mxfp4.config<mfma = 32, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 4, split_k = 1, stages = 2>
    ```
  }];
  let parameters = (ins "int64_t":$mfma, "int64_t":$waves_m, "int64_t":$waves_n,
                        "int64_t":$tiles_m, "int64_t":$tiles_n, "int64_t":$split_k,
                        DefaultValuedParameter<"int64_t", "1">:$waves_k,
                        DefaultValuedParameter<"int64_t", "kDefaultStages">:$stages);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let builders = [
    AttrBuilder<(ins "int64_t":$mfma, "int64_t":$waves_m, "int64_t":$waves_n,
                     "int64_t":$tiles_m, "int64_t":$tiles_n, "int64_t":$split_k), [{
      return $_get($_ctxt, mfma, waves_m, waves_n, tiles_m, tiles_n, split_k, 1,
                   kDefaultStages);
    }]>,
    AttrBuilder<(ins "int64_t":$mfma, "int64_t":$waves_m, "int64_t":$waves_n,
                     "int64_t":$tiles_m, "int64_t":$tiles_n, "int64_t":$split_k,
                     "int64_t":$waves_k), [{
      return $_get($_ctxt, mfma, waves_m, waves_n, tiles_m, tiles_n, split_k,
                   waves_k, kDefaultStages);
    }]>
  ];
  let extraClassDeclaration = [{
    /// The software pipeline's depth when the configuration gives none.
    static constexpr int64_t kDefaultStages = 3;
    int64_t getTileM() const { return getMfma() * getWavesM() * getTilesM(); }
    int64_t getTileN() const { return getMfma() * getWavesN() * getTilesN(); }
    int64_t getWaves() const { return getWavesM() * getWavesN() * getWavesK(); }
    /// K consumed by one MFMA: 128 for 16x16x128, 64 for 32x32x64.
    int64_t getMfmaK() const { return getMfma() == 16 ? 128 : 64; }
    /// The scaled MFMA the configuration uses.
    ScaledMMAAttr getMmaKind() const;
  }];
}

def MXFP4_MSpecializationAttr : AttrDef<MXFP4_Dialect, "MSpecialization"> {
  let mnemonic = "m_specialization";
  let summary = "the kernel configuration of a GEMM for M up to a bound";
  let description = [{
    A GEMM whose M is known only at run time may carry a list of these
    (`m_specializations`, sorted by `max_m`): at run time the host launches
    the kernel of the first entry with `M <= max_m`, and the kernel of the
    op's own `config` for a larger M. Each entry's configuration is the one
    `mxfp4-select-config` picks for a static M of `max_m`, so a token count
    known only at run time gets the tile and split-K of a static one; with
    `split_k > 1` the kernel's workspace is sized for `max_m` rows.

    ```mlir
    #mxfp4.m_specialization<max_m = 16, config = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 4, split_k = 7, waves_k = 8>>
    ```
  }];
  let parameters = (ins "int64_t":$max_m, "GemmConfigAttr":$config);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def MXFP4_MSpecializationArrayAttr
    : TypedArrayAttrBase<MXFP4_MSpecializationAttr,
                         "array of #mxfp4.m_specialization">;

def MXFP4_ScaledMMAAttr : AttrDef<MXFP4_Dialect, "ScaledMMA"> {
  let mnemonic = "scaled_mma";
  let summary = "a gfx950 scaled MFMA, its operand types and lane layouts";
  let description = [{
    One of gfx950's scaled MFMAs: `16x16x128`
    (`v_mfma_scale_f32_16x16x128_f8f6f4`) or `32x32x64`
    (`v_mfma_scale_f32_32x32x64_f8f6f4`), with A's and B's element types
    (`a`, `b`; each of f8E4M3FN, f8E5M2, f6E2M3FN, f6E3M2FN, f4E2M1FN,
    independently; f4E2M1FN when not written). The attribute holds which
    elements each of the 64 lanes of a wave holds, as data
    (`getALayout`, `getBLayout`, `getAccLayout` return a
    `SingleSubgroupLayout`), so that every index computation of a kernel
    comes from one place, and it builds the instruction (`buildMfma`).

    - A (M x K) and B (N x K): lane `l` holds the 32 consecutive K elements
      (one scaling block) of row `l % M`, block `l / M`, with that block's
      E8M0 scale, in every format (4, 6 or 8 dwords);
    - the accumulator (M x N, f32): lane `l` holds column `l % N`, rows in
      groups of 4: `16x16` rows `4 (l / 16) + e`, `32x32` rows
      `8 o + 4 (l / 32) + e` (o, e in 0..3).

    ```mlir
    #mxfp4.scaled_mma<m = 16, n = 16, k = 128>
    #mxfp4.scaled_mma<m = 32, n = 32, k = 64, a = f8E4M3FN, b = f4E2M1FN>
    ```
  }];
  let parameters = (ins "int64_t":$m, "int64_t":$n, "int64_t":$k,
      DefaultValuedParameter<"Type", "Float4E2M1FNType::get($_ctxt)">:$a,
      DefaultValuedParameter<"Type", "Float4E2M1FNType::get($_ctxt)">:$b);
  let builders = [
    // fp4 x fp4.
    AttrBuilder<(ins "int64_t":$m, "int64_t":$n, "int64_t":$k), [{
      Type fp4 = Float4E2M1FNType::get($_ctxt);
      return $_get($_ctxt, m, n, k, fp4, fp4);
    }]>
  ];
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Accumulator elements per lane: m * n / 64.
    int64_t getAccElements() const { return getM() * getN() / 64; }
    /// 32-element K blocks per lane and instruction: one; per instruction
    /// and row, k / 32.
    int64_t getBlocksPerStep() const { return getK() / 32; }
    SingleSubgroupLayout getALayout() const;
    SingleSubgroupLayout getBLayout() const;
    SingleSubgroupLayout getAccLayout() const;
    /// acc += A x B^T on one lane's operands: `a`, `b` vector<32 x the
    /// attribute's types>, their E8M0 scale bytes (i8), `acc`
    /// vector<getAccElements() x f32>.
    Value buildMfma(OpBuilder &b, Location loc, Value a, Value aScale,
                    Value bOperand, Value bScale, Value acc) const;
  }];
}

#endif // FP4_DIALECT_MXFP4_MXFP4ATTRS
