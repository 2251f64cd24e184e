//===- GemmTile.h - one work-group's tile of an MXFP4 GEMM ------*- C++ -*-===//
//
// The code a work-group runs for its tile of a fused_matmul: the K loop
// feeding the scaled MFMA, the reduction across waves along K and across
// work-groups (split-K), and the stores through the fused epilogue. The
// lowering pattern (KernelOpsToAMDGPU.cpp) describes the op's operands as
// MemrefViews and its regions as hooks; this builder owns the data flow the
// MFMA lane layouts dictate (#mxfp4.scaled_mma).
//
//===----------------------------------------------------------------------===//

#ifndef FP4_LIB_CONVERSION_MXFP4TOAMDGPU_GEMMTILE_H
#define FP4_LIB_CONVERSION_MXFP4TOAMDGPU_GEMMTILE_H

#include "QuantizeBlock.h"
#include "fp4/Dialect/MXFP4/IR/MXFP4.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <functional>

namespace mlir::fp4 {

/// A memref as a flat 1-D buffer of its element type plus the element
/// offset of its origin and its strides, so that the kernel computes each
/// address as offset + sum(coordinate x stride) (static strides fold).
struct MemrefView {
  Value buffer; // memref<?xT> in the memref's memory space
  Value offset; // index
  SmallVector<OpFoldResult> strides;

  /// The flat index of the element at `coords`.
  Value at(OpBuilder &b, Location loc, ArrayRef<Value> coords) const;
};

/// The view of `memref` (a strided memref of any rank).
MemrefView makeMemrefView(OpBuilder &b, Location loc, Value memref);

/// What the fused_matmul's regions add around the GEMM.
struct GemmTileHooks {
  /// The prologue on one lane's block of A as loaded (a vector<32 x A's
  /// element type>, zeros where masked), at tile row `row` (clamped in
  /// bounds) and K block `kBlock`; returns the block to quantize. Null: none.
  std::function<Value(OpBuilder &, Location, Value block, Value row,
                      Value kBlock)>
      prologue;
  /// The epilogue of all of a lane's elements: `accs[e][i]` is the f32 sum
  /// of B number i at (rows[e], cols[e]), coordinates clamped in bounds
  /// where `valids[e]` is false. Loads every operand first, then computes
  /// and returns each element's value (the epilogue's result type).
  std::function<SmallVector<Value>(OpBuilder &, Location, ArrayRef<Value> rows,
                                   ArrayRef<Value> cols,
                                   ArrayRef<SmallVector<Value>> accs)>
      epilogue;
};

/// Everything the tile's code depends on.
struct GemmTileSpec {
  int64_t k;
  mxfp4::GemmConfigAttr config;
  mxfp4::Layout bLayout;
  /// A arrives in high precision and is quantized here (scaleMode,
  /// quantizeMethod), or as fp4x2 bytes and scale bytes.
  bool quantizeA;
  mxfp4::ScaleMode scaleMode = mxfp4::ScaleMode::even;
  mxfp4::Ties aTies = mxfp4::Ties::even;
  QuantizeMethod quantizeMethod = QuantizeMethod::Hardware;
  Type aElementType; // A as loaded, when quantizeA
  /// The MX element types of A's values (f4E2M1FN when quantizeA) and of
  /// every B's. fp4 and fp6 arrive as bytes, fp8 typed (a byte each).
  Type aFormat;
  SmallVector<Type> bFormats;
  unsigned numB = 1;
  /// Columns of the pre-shuffled scales (their padded K / 32).
  int64_t preshuffledScaleCols = 0;
  /// The element type the epilogue yields, and whether (and how) it is
  /// quantized in 32-column blocks into fp4x2 bytes and scale bytes.
  Type resultType;
  bool quantizeOutput = false;
  mxfp4::ScaleMode outputScaleMode = mxfp4::ScaleMode::even;
  mxfp4::Ties outputTies = mxfp4::Ties::even;
  /// Work-groups along x (N tiles) of a grid of known size, and the tiles
  /// of the whole grid or a bound of them, for a split-K workspace (0 when
  /// unknown).
  int64_t gridX = 0;
  int64_t gridTiles = 0;

  int64_t getWorkgroupSize() const { return config.getWaves() * 64; }
  int64_t getSplitK() const { return config.getSplitK(); }
};

/// The operands of one tile, as views.
struct GemmTileOperands {
  MemrefView a, aScales; // aScales only when !quantizeA
  SmallVector<MemrefView> b, bScales;
  MemrefView out, outScales; // outScales only with quantizeOutput
  /// Rows and columns of the tile (at most the config's tile).
  Value m, n;
  /// The row of the first B row inside the pre-shuffled scale groups.
  Value bScalesRow;
  /// A gathered by rows (a grouped GEMM): tile row r reads A's row
  /// aRows[r] / aRowsDivisor (i32 entries); an entry whose row is at or
  /// past aSourceRows (A's rows) is a padding row and reads zeros. Absent:
  /// tile row r is A's row r.
  std::optional<MemrefView> aRows;
  int64_t aRowsDivisor = 1;
  Value aSourceRows;
  /// A scattered output (a MoE layer's stage 2): tile row r, of pair id =
  /// scatterRows[r] (i32), is added with f32 atomics into out's row id /
  /// scatterTopk, weighted by scatterWeights[id / scatterTopk, id %
  /// scatterTopk]; an id at or past scatterTokens * scatterTopk (padding)
  /// adds nothing. Absent: tile row r is stored into out's row r.
  std::optional<MemrefView> scatterRows, scatterWeights;
  int64_t scatterTopk = 1;
  Value scatterTokens;
};

/// Why `spec` cannot be built (split-K needs a static grid and a K step
/// per slice, and no output quantize), or "".
std::string whyGemmTileUnsupported(const GemmTileSpec &spec);

/// Emits the tile's code at the builder's insertion point, inside `func`
/// (whose workgroup attributions and module may grow: LDS buffers, the
/// split-K workspace).
void buildGemmTile(OpBuilder &b, Location loc, gpu::GPUFuncOp func,
                   const GemmTileSpec &spec, const GemmTileOperands &operands,
                   const GemmTileHooks &hooks);

} // namespace mlir::fp4

#endif // FP4_LIB_CONVERSION_MXFP4TOAMDGPU_GEMMTILE_H
