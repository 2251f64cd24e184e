//===- MoeAlign.cpp - the sizes and checks of moe_align ----------*- C++
//-*-===//
//
// What mxfp4.moe_align and its kernel op workgroup_moe_align share: the
// sizes of the sorted rows and row blocks, known from the number of pairs
// alone, and the verifier of their operands.
//
//===----------------------------------------------------------------------===//

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"

#include <limits>

using namespace mlir;
using namespace mlir::fp4::mxfp4;

/// The most experts the routing kernel counts in LDS (two i32 per expert).
static constexpr int64_t kMaxExperts = 4096;
/// The largest row block: a work-group's rows of a GEMM tile.
static constexpr int64_t kMaxBlockM = 1024;

std::optional<std::pair<int64_t, int64_t>>
mlir::fp4::mxfp4::getMoeAlignSizes(int64_t pairs, int64_t experts,
                                   int64_t blockM) {
  constexpr int64_t kMax = std::numeric_limits<int32_t>::max();
  if (pairs < 0 || experts < 1 || blockM < 1 || pairs > kMax || blockM > kMax)
    return std::nullopt;
  int64_t busy = std::min(experts, pairs);
  if (busy > kMax / blockM || pairs > kMax - busy * (blockM - 1))
    return std::nullopt;
  int64_t blocks = (pairs + busy * (blockM - 1)) / blockM;
  return std::make_pair(blocks * blockM, blocks);
}

std::pair<Value, Value>
mlir::fp4::mxfp4::buildMoeAlignSizes(OpBuilder &b, Location loc, Value pairs,
                                     int64_t experts, int64_t blockM) {
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value busy = arith::MinUIOp::create(b, loc, pairs, index(experts));
  Value padding = arith::MulIOp::create(b, loc, busy, index(blockM - 1));
  Value blocks = arith::DivUIOp::create(
      b, loc, arith::AddIOp::create(b, loc, pairs, padding), index(blockM));
  Value rows = arith::MulIOp::create(b, loc, blocks, index(blockM));
  return {rows, blocks};
}

LogicalResult
mlir::fp4::mxfp4::verifyMoeAlign(Operation *op, ShapedType topkIds,
                                 ShapedType sorted, ShapedType blockExpert,
                                 ShapedType valid, ShapedType positions,
                                 int64_t experts, int64_t blockM) {
  if (experts < 1 || experts > kMaxExperts)
    return op->emitOpError("experts must be in [1, ")
           << kMaxExperts << "], got " << experts;
  if (blockM < 1 || blockM > kMaxBlockM)
    return op->emitOpError("block_m must be in [1, ")
           << kMaxBlockM << "], got " << blockM;
  auto isI32 = [](ShapedType t) { return t.getElementType().isInteger(32); };
  if (!topkIds.hasRank() || topkIds.getRank() != 2 || !isI32(topkIds))
    return op->emitOpError("topk_ids must be 2-D i32 [tokens, topk], got ")
           << topkIds;
  for (ShapedType t : {sorted, blockExpert, valid})
    if (!t.hasRank() || t.getRank() != 1 || !isI32(t))
      return op->emitOpError("results must be 1-D i32, got ") << t;
  if (valid.getDimSize(0) != 1)
    return op->emitOpError("valid must hold one element, got ") << valid;
  if (!positions.hasRank() ||
      positions.getElementType() != topkIds.getElementType() ||
      failed(verifyCompatibleShape(positions.getShape(), topkIds.getShape())))
    return op->emitOpError("positions must have topk_ids' shape and i32 "
                           "elements, got ")
           << positions;
  if (topkIds.isDynamicDim(1))
    return op->emitOpError("topk must be static, got ") << topkIds;
  if (topkIds.isDynamicDim(0)) {
    if (!sorted.isDynamicDim(0) || !blockExpert.isDynamicDim(0))
      return op->emitOpError("with tokens known at run time, sorted and "
                             "block_expert are dynamic, got ")
             << sorted << " and " << blockExpert;
    return success();
  }
  int64_t tokens = topkIds.getDimSize(0), topk = topkIds.getDimSize(1);
  constexpr int64_t kMax = std::numeric_limits<int32_t>::max();
  int64_t pairs = tokens <= kMax && topk <= kMax ? tokens * topk : -1;
  auto sizes = getMoeAlignSizes(pairs, experts, blockM);
  if (!sizes)
    return op->emitOpError() << tokens << "x" << topk << " pairs in blocks of "
                             << blockM << " rows do not fit an i32 row index";
  if (sorted.getDimSize(0) != sizes->first ||
      blockExpert.getDimSize(0) != sizes->second)
    return op->emitOpError()
           << pairs << " pairs of " << experts << " experts in blocks of "
           << blockM << " need sorted of " << sizes->first
           << " rows and block_expert of " << sizes->second << " blocks, got "
           << sorted << " and " << blockExpert;
  return success();
}
