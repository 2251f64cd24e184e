//===- MXFP4Ops.cpp - mxfp4 op verifiers ------------------------*- C++ -*-===//

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::fp4::mxfp4;

StringRef mlir::fp4::mxfp4::getAQuantizer(Operation *op, StringRef fallback) {
  for (Operation *p = op; p; p = p->getParentOp())
    if (auto attr = p->getAttrOfType<StringAttr>(kAQuantizerAttr))
      return attr.getValue();
  return fallback;
}

SmallVector<int64_t, 2> mlir::fp4::mxfp4::getPreshuffledScalesShape(int64_t n,
                                                                    int64_t k) {
  return {static_cast<int64_t>(llvm::divideCeil(n, 256) * 256),
          static_cast<int64_t>(llvm::divideCeil(k, 256) * 8)};
}

/// Checks that `scales` has `values`' shape with the last dimension divided
/// by the block size. `what` names the pair in diagnostics.
static LogicalResult verifyScalesShape(Operation *op, RankedTensorType values,
                                       RankedTensorType scales,
                                       StringRef what) {
  if (values.getRank() != scales.getRank())
    return op->emitOpError()
           << what << " scales must have rank " << values.getRank() << ", got "
           << scales.getRank();
  int64_t rank = values.getRank();
  for (int64_t i = 0; i < rank; ++i) {
    int64_t v = values.getDimSize(i), s = scales.getDimSize(i);
    if (ShapedType::isDynamic(v) || ShapedType::isDynamic(s))
      continue;
    int64_t expected = i == rank - 1 ? v / kBlockSize : v;
    if (s != expected)
      return op->emitOpError() << what << " scales dimension " << i
                               << " must be " << expected << ", got " << s;
  }
  return success();
}

/// K, the last dimension, must split into whole 32-element blocks.
static LogicalResult verifyBlockedLastDim(Operation *op, RankedTensorType type,
                                          StringRef what) {
  if (type.getRank() < 1)
    return op->emitOpError() << what << " must have rank at least 1";
  int64_t k = type.getDimSize(type.getRank() - 1);
  if (!ShapedType::isDynamic(k) && k % kBlockSize != 0)
    return op->emitOpError() << what << " last dimension must be a multiple of "
                             << kBlockSize << ", got " << k;
  return success();
}

LogicalResult QuantizeOp::verify() {
  RankedTensorType in = getInput().getType();
  if (failed(verifyBlockedLastDim(*this, in, "input")))
    return failure();
  if (failed(verifyCompatibleShape(in.getShape(),
                                   getValues().getType().getShape())))
    return emitOpError("values shape must match the input shape");
  if (failed(verifyScalesShape(*this, in, getScales().getType(), "result")))
    return failure();
  if (getTies() == Ties::away &&
      !isa<Float4E2M1FNType>(getValues().getType().getElementType()))
    return emitOpError("ties = away is implemented for f4E2M1FN values only, "
                       "not ")
           << getValues().getType().getElementType();
  return verifyScalesShape(*this, getValues().getType(), getScales().getType(),
                           "result");
}

LogicalResult DequantizeOp::verify() {
  RankedTensorType values = getValues().getType();
  if (failed(verifyBlockedLastDim(*this, values, "values")))
    return failure();
  if (failed(verifyCompatibleShape(values.getShape(),
                                   getResult().getType().getShape())))
    return emitOpError("result shape must match the values shape");
  if (failed(verifyBlockedLastDim(*this, getResult().getType(), "result")) ||
      failed(verifyScalesShape(*this, getResult().getType(),
                               getScales().getType(), "values")))
    return failure();
  return verifyScalesShape(*this, values, getScales().getType(), "values");
}

LogicalResult ScaledMatmulOp::verify() {
  RankedTensorType a = getA().getType(), b = getB().getType();
  RankedTensorType as = getAScales().getType(), bs = getBScales().getType();
  RankedTensorType c = getResult().getType();
  // Destination-passing style: the result is the accumulator's update.
  if (getAcc() && getAcc().getType() != c)
    return emitOpError() << "accumulator must have the result's type " << c
                         << ", got " << getAcc().getType();
  // A batch: A [batch, M, K], C [batch, M, N], and B shared ([N, K]) or
  // one per batch ([batch, N, K]).
  if ((a.getRank() != 2 && a.getRank() != 3) || c.getRank() != a.getRank() ||
      (b.getRank() != 2 && b.getRank() != a.getRank()))
    return emitOpError("operands and result must be 2-D, or A and the result "
                       "3-D (a batch) with B 2-D (shared) or 3-D (per batch)");
  if (a.getRank() == 3 &&
      failed(verifyCompatibleShape(a.getDimSize(0), c.getDimSize(0))))
    return emitOpError() << "A has " << a.getDimSize(0) << " batches, the "
                         << "result " << c.getDimSize(0);
  if (b.getRank() == 3 &&
      failed(verifyCompatibleShape(a.getDimSize(0), b.getDimSize(0))))
    return emitOpError() << "A has " << a.getDimSize(0) << " batches, B "
                         << b.getDimSize(0);
  // From here on B and its scales are one batch's (or the shared ones):
  // the batch dimension of B's scales must be B's.
  if (b.getRank() == 3) {
    if (bs.getRank() != 3)
      return emitOpError() << "B scales must have rank 3, got " << bs.getRank();
    if (failed(verifyCompatibleShape(b.getDimSize(0), bs.getDimSize(0))))
      return emitOpError() << "B has " << b.getDimSize(0) << " batches, its "
                           << "scales " << bs.getDimSize(0);
    b = RankedTensorType::get(b.getShape().drop_front(), b.getElementType());
    bs = RankedTensorType::get(bs.getShape().drop_front(), bs.getElementType());
  }
  // M and N may be dynamic (a run-time token count, or a tile at the edge of
  // a tiled GEMM); the kernel is specialized for K, so K is static.
  int64_t last = a.getRank() - 1;
  // A scales tensor of the wrong rank is reported below; only dimensions it
  // has are read here (an assertion build caught the out-of-range read).
  auto isDynamicAt = [](RankedTensorType t, int64_t d) {
    return d < t.getRank() && t.isDynamicDim(d);
  };
  if (a.isDynamicDim(last) || b.isDynamicDim(1) || isDynamicAt(as, last) ||
      isDynamicAt(bs, 1))
    return emitOpError("K must be static in the operands and their scales");
  int64_t m = a.getDimSize(last - 1), k = a.getDimSize(last),
          n = b.getDimSize(0);
  if (failed(verifyMSpecializations(*this, getMSpecializationsAttr(), getM())))
    return failure();
  // An empty GEMM has no kernel: no configuration covers K = 0 and a launch
  // of zero work-groups is an error on the device.
  auto positive = [](int64_t d) { return ShapedType::isDynamic(d) || d >= 1; };
  if (!positive(m) || !positive(n) || k < 1)
    return emitOpError() << "M, N and K must be positive, got "
                         << (ShapedType::isDynamic(m) ? "?" : Twine(m)) << "x"
                         << (ShapedType::isDynamic(n) ? "?" : Twine(n)) << "x"
                         << k;
  // Kernels index with 32-bit offsets in places; and padded shapes must not
  // overflow.
  constexpr int64_t kMaxDim = int64_t(1) << 31;
  if ((!ShapedType::isDynamic(m) && m > kMaxDim) ||
      (!ShapedType::isDynamic(n) && n > kMaxDim) || k > kMaxDim)
    return emitOpError() << "dimensions must be at most " << kMaxDim;
  if (b.getDimSize(1) != k)
    return emitOpError() << "K of A (" << k << ") and B (" << b.getDimSize(1)
                         << ") differ";
  if (failed(verifyBlockedLastDim(*this, a, "A")))
    return failure();
  if (failed(verifyCompatibleShape(c.getShape().take_back(2), {m, n})))
    return emitOpError() << "result must be "
                         << (ShapedType::isDynamic(m) ? "?" : Twine(m)) << "x"
                         << (ShapedType::isDynamic(n) ? "?" : Twine(n))
                         << ", got " << c;
  if (failed(verifyScalesShape(*this, a, as, "A")))
    return failure();
  if (getBLayout() == Layout::plain)
    return verifyScalesShape(*this, b, bs, "B");

  // aiter's pre-shuffle is defined on fp4x2 bytes (16 of them, 32
  // elements, a lane's load).
  if (!isa<Float4E2M1FNType>(b.getElementType()))
    return emitOpError() << "pre-shuffled B must be f4E2M1FN, got "
                         << b.getElementType();
  // Pre-shuffled: B is stored in 16-row blocks and its scales in 32-row
  // groups. The whole array is padded to 256 rows; a tile of it is a
  // 32-aligned row slice, so at least N rounded up to 32 rows are needed.
  if (!ShapedType::isDynamic(n) && n % 16 != 0)
    return emitOpError()
           << "pre-shuffled B needs N to be a multiple of 16, got " << n;
  SmallVector<int64_t, 2> padded =
      getPreshuffledScalesShape(ShapedType::isDynamic(n) ? 1 : n, k);
  int64_t minRows = ShapedType::isDynamic(n) ? 1 : llvm::alignTo(n, 32);
  if (bs.getRank() != 2 || bs.getDimSize(1) != padded[1] ||
      (!bs.isDynamicDim(0) && bs.getDimSize(0) < minRows))
    return emitOpError() << "pre-shuffled B scales must be " << padded[0] << "x"
                         << padded[1] << " (or a row slice of at least "
                         << minRows << " rows), got " << bs;
  return success();
}

#define GET_OP_CLASSES
#include "fp4/Dialect/MXFP4/IR/MXFP4Ops.cpp.inc"

LogicalResult MoeAlignOp::verify() {
  return verifyMoeAlign(*this, getTopkIds().getType(), getSorted().getType(),
                        getBlockExpert().getType(), getValid().getType(),
                        getPositions().getType(), getExperts(), getBlockM());
}

LogicalResult GroupedMatmulOp::verify() {
  RankedTensorType a = getA().getType(), as = getAScales().getType();
  RankedTensorType b = getB().getType(), bs = getBScales().getType();
  RankedTensorType experts = getExperts().getType();
  RankedTensorType c = getResult().getType();
  // Without a gather, A's rows are the sorted rows.
  RankedTensorType rows = getRows() ? getRows().getType() : a;
  if (a.getRank() != 2 || as.getRank() != 2 || b.getRank() != 3 ||
      bs.getRank() != 3 || c.getRank() != 2)
    return emitOpError("A and its scales must be 2-D [tokens, K], B and its "
                       "scales 3-D [E, N, K], the result 2-D");
  if ((getRows() && rows.getRank() != 1) || experts.getRank() != 1)
    return emitOpError("rows and experts must be 1-D");
  if (static_cast<bool>(getRows()) != getTopk().has_value())
    return emitOpError("rows and topk go together");
  int64_t blockM = getBlockM();
  if (blockM < 16 || blockM > 256 || blockM % 16 != 0)
    return emitOpError("block_m must be a multiple of 16 in [16, 256] (a "
                       "tile of MFMA rows), got ")
           << blockM;
  if (getTopk() && *getTopk() < 1)
    return emitOpError("topk must be positive, got ") << *getTopk();
  int64_t k = a.getDimSize(1);
  if (ShapedType::isDynamic(k) || k % kBlockSize != 0 || b.isDynamicDim(2) ||
      b.getDimSize(2) != k)
    return emitOpError("K must be static, a multiple of 32 and the same in A "
                       "and B, got ")
           << a << " and " << b;
  if (failed(verifyCompatibleShape(as.getShape(),
                                   {a.getDimSize(0), k / kBlockSize})) ||
      failed(verifyCompatibleShape(
          bs.getShape(), {b.getDimSize(0), b.getDimSize(1), k / kBlockSize})))
    return emitOpError("scales must be one per 32 elements of A and B, got ")
           << as << " and " << bs;
  if (static_cast<bool>(getScatter()) != static_cast<bool>(getWeights()))
    return emitOpError("scatter and weights go together");
  if (getScatter()) {
    RankedTensorType ids = getScatter().getType(), w = getWeights().getType();
    if (ids.getRank() != 1 || w.getRank() != 2 || w.isDynamicDim(1))
      return emitOpError("scatter must be 1-D and weights [tokens, k] with a "
                         "static k, got ")
             << ids << " and " << w;
    if (failed(verifyCompatibleShape(ids.getDimSize(0), rows.getDimSize(0))))
      return emitOpError("scatter must have one entry per row, got ") << ids;
    if (!(c.getElementType().isF32() || c.getElementType().isBF16()) ||
        failed(verifyCompatibleShape(c.getShape(),
                                     {w.getDimSize(0), b.getDimSize(1)})))
      return emitOpError("a scattered result must be tokens x N f32 or bf16 "
                         "(the weights' tokens), got ")
             << c;
    // bf16 sums are added two columns at a time (a packed atomic add).
    if (c.getElementType().isBF16() && !b.isDynamicDim(1) &&
        b.getDimSize(1) % 2 != 0)
      return emitOpError("a scattered bf16 result needs an even N, got ")
             << b.getDimSize(1);
  } else if (failed(verifyCompatibleShape(
                 c.getShape(), {rows.getDimSize(0), b.getDimSize(1)}))) {
    return emitOpError("the result must be rows x N, got ") << c;
  }
  if (!rows.isDynamicDim(0) && !experts.isDynamicDim(0) &&
      rows.getDimSize(0) != experts.getDimSize(0) * blockM)
    return emitOpError() << (getRows() ? "rows" : "A (in sorted order)")
                         << " must hold block_m (" << blockM
                         << ") rows per expert entry, got "
                         << rows.getDimSize(0) << " and "
                         << experts.getDimSize(0);
  if (GemmConfigAttr config = getConfigAttr();
      config && config.getTileM() != blockM)
    return emitOpError() << "the config's tile must have block_m (" << blockM
                         << ") rows, got " << config.getTileM();
  return success();
}
