//===- TileAndFuse.cpp - work-group tiling of GEMMs and their neighbours --===//
//
// Upstream tile-and-fuse (scf::tileConsumerAndFuseProducersUsingSCF) at the
// work-group level. The root of each loop is the last op of the GEMM's
// chain of elementwise consumers, so that bias, activation, residual and
// casts are computed on the tile of C the work-group owns; the GEMM, the
// quantize of A and elementwise producers of A are fused into the loop as
// producers of that tile. What a work-group does inside its tile (waves,
// MFMA lanes, the K loop) is the tile-level lowering's business.
//
//===----------------------------------------------------------------------===//

#include "fp4/Dialect/MXFP4/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "mxfp4-tile-and-fuse"

namespace mlir::fp4::mxfp4 {
#define GEN_PASS_DEF_TILEANDFUSE
#include "fp4/Dialect/MXFP4/Transforms/Passes.h.inc"
} // namespace mlir::fp4::mxfp4

using namespace mlir;
using namespace mlir::fp4::mxfp4;

bool mlir::fp4::mxfp4::isGemmFunction(Operation *op) {
  auto func = dyn_cast<func::FuncOp>(op);
  if (!func || !func.getBody().hasOneBlock())
    return false;
  Block &body = func.getBody().front();
  auto ret = dyn_cast<func::ReturnOp>(body.getTerminator());
  if (!ret || ret.getNumOperands() != 1)
    return false;
  auto matmul = ret.getOperand(0).getDefiningOp<ScaledMatmulOp>();
  if (!matmul || matmul.isBatched())
    return false;
  auto quantize = matmul.getA().getDefiningOp<QuantizeOp>();
  for (Operation &o : body.without_terminator())
    if (&o != matmul && &o != quantize)
      return false;
  auto isStatic = [](Value v) {
    return cast<ShapedType>(v.getType()).hasStaticShape();
  };
  return llvm::all_of(matmul->getOperands(), isStatic) &&
         isStatic(matmul.getResult()) &&
         (!quantize || isStatic(quantize.getInput()));
}

/// An elementwise linalg op on 2-D tensors: every loop parallel, one result
/// written whole (identity output map), every input read through a
/// projected permutation (identity, or a broadcast such as a bias).
static bool isElementwise2D(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || !linalgOp.hasPureTensorSemantics() ||
      linalgOp.getNumLoops() != 2 || linalgOp->getNumResults() != 1 ||
      linalgOp.getNumParallelLoops() != 2)
    return false;
  for (OpOperand &init : linalgOp.getDpsInitsMutable())
    if (!linalgOp.getMatchingIndexingMap(&init).isIdentity())
      return false;
  return llvm::all_of(linalgOp.getDpsInputOperands(), [&](OpOperand *in) {
    return linalgOp.getMatchingIndexingMap(in).isProjectedPermutation();
  });
}

/// convert-elementwise-to-linalg writes into its first operand (say the
/// GEMM's result) although the body never reads it: such an init is only a
/// shape, and a tensor.empty lets the GEMM's result have a single use.
static void detachUnreadInits(func::FuncOp func, RewriterBase &rewriter) {
  func.walk([&](linalg::GenericOp g) {
    if (!g.hasPureTensorSemantics())
      return;
    for (OpOperand &init : g.getDpsInitsMutable()) {
      if (init.get().getDefiningOp<tensor::EmptyOp>() ||
          !g.getMatchingBlockArgument(&init).use_empty())
        continue;
      rewriter.setInsertionPoint(g);
      Value empty = tensor::EmptyOp::create(
          rewriter, g.getLoc(),
          tensor::getMixedSizes(rewriter, g.getLoc(), init.get()),
          cast<RankedTensorType>(init.get().getType()).getElementType());
      rewriter.modifyOpInPlace(g, [&] { init.set(empty); });
    }
  });
}

/// The op whose tiles the GEMM's loop computes: follows single uses of the
/// result through elementwise consumers that read it element for element.
static Operation *findRoot(ScaledMatmulOp matmul) {
  Operation *root = matmul;
  while (root->getNumResults() == 1 && root->getResult(0).hasOneUse()) {
    OpOperand &use = *root->getResult(0).getUses().begin();
    Operation *user = use.getOwner();
    if (!isElementwise2D(user))
      break;
    auto linalgOp = cast<linalg::LinalgOp>(user);
    if (linalgOp.isDpsInit(&use) ||
        !linalgOp.getMatchingIndexingMap(&use).isIdentity())
      break;
    root = user;
  }
  // C quantized for the next layer ends the chain: the loop then writes
  // fp4 values and scales.
  if (root->getNumResults() == 1 && root->getResult(0).hasOneUse())
    if (auto q = dyn_cast<QuantizeOp>(*root->getResult(0).getUsers().begin());
        q && q.getInput().getType().getRank() == 2)
      root = q;
  return root;
}

/// Producers fused into a GEMM's tile: the GEMM, the quantizers, and
/// elementwise ops (A's casts, operands of the epilogue). Destinations are
/// not fused: the loop writes its results into the root's init.
static std::optional<scf::SCFTileAndFuseOptions::ControlFnResult>
fuseIntoTile(tensor::ExtractSliceOp, OpResult producer, bool isDestination) {
  if (isDestination)
    return std::nullopt;
  Operation *op = producer.getOwner();
  if (isa<ScaledMatmulOp, QuantizeOp, DequantizeOp>(op) || isElementwise2D(op))
    return scf::SCFTileAndFuseOptions::ControlFnResult{};
  return std::nullopt;
}

/// [batch, M, K] x B -> [batch, M, N] as [batch * M, K] x B (B is shared):
/// the collapse moves above A's quantize, which works row by row, so that
/// the kernel reads bf16 A and quantizes it as for any GEMM.
static ScaledMatmulOp flattenBatch(RewriterBase &rewriter,
                                   ScaledMatmulOp matmul) {
  Location loc = matmul.getLoc();
  rewriter.setInsertionPoint(matmul);
  SmallVector<ReassociationIndices> rows = {{0, 1}, {2}};
  auto collapse = [&](Value v) -> Value {
    return tensor::CollapseShapeOp::create(rewriter, loc, v, rows);
  };
  Value a, aScales;
  auto quantize = matmul.getA().getDefiningOp<QuantizeOp>();
  if (quantize && quantize.getScales() == matmul.getAScales()) {
    Value input = collapse(quantize.getInput());
    auto flat = [&](Value v) {
      return tensor::CollapseShapeOp::inferCollapsedType(
          cast<RankedTensorType>(v.getType()), rows);
    };
    auto q = QuantizeOp::create(rewriter, loc, flat(quantize.getValues()),
                                flat(quantize.getScales()), input,
                                quantize.getScaleMode());
    a = q.getValues();
    aScales = q.getScales();
  } else {
    a = collapse(matmul.getA());
    aScales = collapse(matmul.getAScales());
  }
  auto resultType = matmul.getResult().getType();
  auto flatResult =
      tensor::CollapseShapeOp::inferCollapsedType(resultType, rows);
  auto flat = ScaledMatmulOp::create(
      rewriter, loc, flatResult, a, aScales, matmul.getB(), matmul.getBScales(),
      matmul.getBLayoutAttr(), matmul.getConfigAttr());
  SmallVector<OpFoldResult> shape =
      tensor::getMixedSizes(rewriter, loc, matmul.getA());
  shape.back() = tensor::getMixedSize(rewriter, loc, matmul.getB(), 0);
  Value batched = tensor::ExpandShapeOp::create(rewriter, loc, resultType,
                                                flat.getResult(), rows, shape);
  rewriter.replaceOp(matmul, batched);
  return flat;
}

static LogicalResult tileGemm(RewriterBase &rewriter, ScaledMatmulOp matmul) {
  GemmConfigAttr config = matmul.getConfigAttr();
  if (!config)
    return matmul.emitOpError("has no #mxfp4.config; run mxfp4-select-config "
                              "first");
  Operation *root = findRoot(matmul);
  // Named elementwise ops (linalg.add, ...) take part as linalg.generic.
  if (auto named = dyn_cast<linalg::LinalgOp>(root);
      named && !isa<linalg::GenericOp>(root)) {
    rewriter.setInsertionPoint(root);
    FailureOr<linalg::GenericOp> generic =
        linalg::generalizeNamedOp(rewriter, named);
    if (failed(generic))
      return root->emitOpError("cannot be fused into the GEMM's tile");
    root = *generic;
  }
  if (isa<QuantizeOp>(root) && config.getTileN() % kBlockSize != 0)
    return root->emitOpError("quantizes the GEMM's result in blocks of 32 "
                             "columns, but the GEMM's tile is ")
           << config.getTileN() << " columns wide";
  MLIRContext *ctx = rewriter.getContext();
  SmallVector<OpFoldResult> tileSizes = {
      rewriter.getIndexAttr(config.getTileM()),
      rewriter.getIndexAttr(config.getTileN())};
  if (isa<ScaledMatmulOp>(root))
    tileSizes.push_back(rewriter.getIndexAttr(0)); // K stays whole
  scf::SCFTilingOptions tiling;
  tiling.setTileSizes(tileSizes)
      .setLoopType(scf::SCFTilingOptions::LoopType::ForallOp)
      .setMapping({gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimY),
                   gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimX)});
  scf::SCFTileAndFuseOptions options;
  options.setTilingOptions(tiling).setFusionControlFn(fuseIntoTile);

  rewriter.setInsertionPoint(root);
  FailureOr<scf::SCFTileAndFuseResult> result =
      scf::tileConsumerAndFuseProducersUsingSCF(
          rewriter, cast<TilingInterface>(root), options);
  if (failed(result))
    return root->emitOpError("could not be tiled by the GEMM's ")
           << config.getTileM() << "x" << config.getTileN() << " tile";
  for (OpResult r : root->getResults())
    rewriter.replaceAllUsesWith(r, result->replacements.lookup(r));
  LLVM_DEBUG(llvm::dbgs() << "tiled " << *root << "\n");
  // The fused copies of a producer that feeds several slices of the tile
  // (A's quantize gives both values and scales) are the same op twice.
  DominanceInfo dominance;
  eliminateCommonSubExpressions(rewriter, dominance,
                                result->loops.front().getOperation());
  return success();
}

/// A quantize or dequantize no GEMM took: a kernel of its own, tiled by
/// rows so that a 256-work-item group has about one 32-element block per
/// work-item (at least one row).
static LogicalResult tileBlockOp(RewriterBase &rewriter, Operation *op) {
  auto type = cast<RankedTensorType>(op->getOperand(0).getType());
  int64_t k = type.getShape().back();
  if (type.getRank() != 2 || ShapedType::isDynamic(k))
    return success(); // left for the conversion to refuse, with its reason
  int64_t rows = std::max<int64_t>(1, 256 / (k / kBlockSize));
  scf::SCFTilingOptions tiling;
  tiling.setTileSizes({rewriter.getIndexAttr(rows), rewriter.getIndexAttr(0)})
      .setLoopType(scf::SCFTilingOptions::LoopType::ForallOp)
      .setMapping({gpu::GPUBlockMappingAttr::get(rewriter.getContext(),
                                                 gpu::MappingId::DimX)});
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled =
      scf::tileUsingSCF(rewriter, cast<TilingInterface>(op), tiling);
  if (failed(tiled))
    return op->emitOpError("could not be tiled by rows");
  rewriter.replaceOp(op, tiled->replacements);
  return success();
}

/// Erases the untiled ops the loops replaced, producers after consumers.
static void eraseDeadOps(func::FuncOp func, RewriterBase &rewriter) {
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<Operation *> dead;
    func.walk([&](Operation *op) {
      if (op->use_empty() && op->getNumResults() > 0 && isPure(op) &&
          isa<ScaledMatmulOp, QuantizeOp, DequantizeOp, linalg::LinalgOp,
              tensor::EmptyOp, tensor::CollapseShapeOp, tensor::DimOp>(op))
        dead.push_back(op);
    });
    for (Operation *op : dead) {
      rewriter.eraseOp(op);
      changed = true;
    }
  }
}

namespace {
struct TileAndFusePass
    : public fp4::mxfp4::impl::TileAndFuseBase<TileAndFusePass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (skipGemmFunctions && isGemmFunction(func))
      return;
    SmallVector<ScaledMatmulOp> gemms;
    func.walk([&](ScaledMatmulOp op) {
      // Already a tile of a work-group loop.
      if (!op->getParentOfType<scf::ForallOp>())
        gemms.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    detachUnreadInits(func, rewriter);
    for (ScaledMatmulOp &gemm : gemms)
      if (gemm.isBatched())
        gemm = flattenBatch(rewriter, gemm);
    for (ScaledMatmulOp gemm : gemms)
      if (failed(tileGemm(rewriter, gemm)))
        return signalPassFailure();
    // Dynamic sizes were taken from the untiled ops (tensor.dim of a
    // quantize result): take them from their sources, so those ops die.
    RewritePatternSet patterns(&getContext());
    memref::populateResolveRankedShapedTypeResultDimsPatterns(patterns);
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      return signalPassFailure();
    eraseDeadOps(func, rewriter);
    // What no GEMM took becomes a kernel of its own.
    SmallVector<Operation *> lone;
    func.walk([&](Operation *op) {
      if (isa<QuantizeOp, DequantizeOp>(op) && !op->use_empty() &&
          !op->getParentOfType<scf::ForallOp>())
        lone.push_back(op);
    });
    for (Operation *op : lone)
      if (failed(tileBlockOp(rewriter, op)))
        return signalPassFailure();
    eraseDeadOps(func, rewriter);
  }
};
} // namespace
