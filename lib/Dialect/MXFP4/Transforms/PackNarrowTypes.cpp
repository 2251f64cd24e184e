//===- PackNarrowTypes.cpp - fp4 and E8M0 tensors as bytes ------*- C++ -*-===//
//
// Until this pass, fp4 and fp6 values and E8M0 scales are ordinary tensor
// values: function arguments and results, call operands, loop-carried
// values, slices of stacked weights. Memory has no 4- or 6-bit element, so
// before bufferization every such tensor becomes its byte storage,
// everywhere at once, with upstream dialect conversion: fp4 as fp4x2 bytes
// (two values per byte, low nibble first, the last dimension halved), fp6
// as four values in three bytes (value i at bits [6i, 6i + 6) of each
// little-endian 24-bit group, the last dimension times 3/4) and E8M0 as one
// byte per scale. Slices along the last dimension scale their offsets and
// sizes alike. (fp8 needs nothing: memory holds it a byte per element.)
//
// What the patterns cannot give a byte form is refused before the
// conversion starts, with an error on the op (verifyNarrowTypesPackable), so
// that the conversion itself never fails half-way.
//
//===----------------------------------------------------------------------===//

#include "fp4/Dialect/MXFP4/Transforms/PackNarrowTypes.h"

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"
#include "fp4/Dialect/MXFP4/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/Debug.h"

#include <numeric>

#define DEBUG_TYPE "mxfp4-pack-narrow-types"

namespace mlir::fp4::mxfp4 {
#define GEN_PASS_DEF_PACKNARROWTYPES
#include "fp4/Dialect/MXFP4/Transforms/Passes.h.inc"
} // namespace mlir::fp4::mxfp4

using namespace mlir;
using namespace mlir::fp4;

namespace {
/// How values narrower than a byte are stored along the last dimension:
/// `elements` values in `bytes` bytes.
struct SubBytePacking {
  int64_t elements, bytes;
  /// How it reads in a diagnostic.
  StringRef describe() const {
    return elements == 2 ? "two values per byte" : "four values in three bytes";
  }
};
} // namespace

/// The packing of fp4 or fp6 data (a type or its element type), if it is.
static std::optional<SubBytePacking> getSubBytePacking(Type t) {
  Type e = getElementTypeOrSelf(t);
  if (!mxfp4::isSubByteMXType(e))
    return std::nullopt;
  int64_t bits = mxfp4::getMXFormatInfo(e).bits;
  int64_t elements = 8 / std::gcd(bits, int64_t(8));
  return SubBytePacking{elements, elements * bits / 8};
}

static bool isSubByte(Type t) { return getSubBytePacking(t).has_value(); }

/// A tensor (ranked or not) of fp4 or fp6 values or E8M0 scales.
static bool isNarrowTensor(Type t) {
  auto tensor = dyn_cast<TensorType>(t);
  return tensor &&
         (isSubByte(tensor) || isa<Float8E8M0FNUType>(tensor.getElementType()));
}

/// The byte storage of a narrow tensor, or null where it has none (fp4 and
/// fp6 data need a ranked tensor whose last dimension is dynamic or a
/// multiple of the values in a packing group).
static Type getByteStorage(Type t) {
  auto i8 = IntegerType::get(t.getContext(), 8);
  auto tensor = dyn_cast<RankedTensorType>(t);
  if (!tensor)
    return isSubByte(t) ? Type() : UnrankedTensorType::get(i8);
  SmallVector<int64_t> shape(tensor.getShape());
  if (std::optional<SubBytePacking> packing = getSubBytePacking(tensor)) {
    if (shape.empty())
      return Type();
    if (!ShapedType::isDynamic(shape.back())) {
      if (shape.back() % packing->elements != 0)
        return Type();
      shape.back() = shape.back() / packing->elements * packing->bytes;
    }
  }
  return RankedTensorType::get(shape, i8, tensor.getEncoding());
}

void mxfp4::addNarrowTypeConversions(TypeConverter &converter) {
  converter.addConversion([](TensorType t) -> std::optional<Type> {
    if (!isNarrowTensor(t))
      return std::nullopt;    // the converter's other rules
    return getByteStorage(t); // null: no conversion
  });
}

mxfp4::NarrowTypeConverter::NarrowTypeConverter() {
  addConversion([](Type t) { return t; });
  addNarrowTypeConversions(*this);
}

bool mxfp4::hasNarrowTypes(Operation *op) {
  auto narrow = [](TypeRange types) {
    return llvm::any_of(types, isNarrowTensor);
  };
  if (narrow(op->getOperandTypes()) || narrow(op->getResultTypes()))
    return true;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (narrow(block.getArgumentTypes()))
        return true;
  if (auto func = dyn_cast<FunctionOpInterface>(op))
    return narrow(func.getArgumentTypes()) || narrow(func.getResultTypes());
  return false;
}

//===----------------------------------------------------------------------===//
// What has a byte form
//===----------------------------------------------------------------------===//

/// A slice of fp4 (fp6) data has a byte form when it takes whole bytes
/// (whole 3-byte groups) along the last dimension: unit stride, and an
/// offset and size that are multiples of 2 (4) when static.
static LogicalResult verifySlice(Operation *op, Type full,
                                 ArrayRef<OpFoldResult> offsets,
                                 ArrayRef<OpFoldResult> sizes,
                                 ArrayRef<OpFoldResult> strides) {
  std::optional<SubBytePacking> packing = getSubBytePacking(full);
  if (!packing || offsets.empty())
    return success();
  Type element = getElementTypeOrSelf(full);
  if (!isConstantIntValue(strides.back(), 1))
    return op->emitOpError("slices ")
           << element
           << " data with a stride other than 1 along its last dimension, "
              "which has no byte form ("
           << packing->describe() << ")";
  for (auto [what, v] :
       {std::pair{"offset", offsets.back()}, std::pair{"size", sizes.back()}}) {
    std::optional<int64_t> c = getConstantIntValue(v);
    if (c && *c % packing->elements != 0)
      return op->emitOpError("slices ")
             << element << " data at " << what << " " << *c
             << " along its last dimension, not a multiple of "
             << packing->elements << ": no byte form (" << packing->describe()
             << ")";
  }
  return success();
}

static bool isPackedByPatterns(Operation *op) {
  return isa<FunctionOpInterface, func::CallOp, func::ReturnOp, scf::ForOp,
             scf::IfOp, scf::WhileOp, scf::YieldOp, scf::ConditionOp,
             scf::ForallOp, tensor::ExtractSliceOp, tensor::InsertSliceOp,
             tensor::ParallelInsertSliceOp, tensor::EmptyOp, tensor::DimOp,
             tensor::CastOp, tensor::CollapseShapeOp, tensor::ExpandShapeOp,
             arith::SelectOp, arith::ConstantOp, bufferization::AllocTensorOp,
             mxfp4::FusedMatmulOp, mxfp4::BlockQuantizeOp,
             mxfp4::BlockDequantizeOp>(op);
}

LogicalResult mxfp4::verifyNarrowTypesPackable(Operation *op) {
  if (!hasNarrowTypes(op))
    return success();

  // Narrow data is reported where it is defined (results, block arguments,
  // function types), not at each use.
  SmallVector<Type> defined(op->getResultTypes());
  for (Region &region : op->getRegions())
    for (Block &block : region)
      llvm::append_range(defined, block.getArgumentTypes());
  if (auto func = dyn_cast<FunctionOpInterface>(op)) {
    llvm::append_range(defined, func.getArgumentTypes());
    llvm::append_range(defined, func.getResultTypes());
  }
  for (Type t : defined)
    if (isNarrowTensor(t) && !getByteStorage(t))
      return op->emitOpError("has data of type ")
             << t
             << ", which has no byte form: " << getSubBytePacking(t)->describe()
             << " need a ranked tensor whose last dimension is dynamic or a "
                "multiple of "
             << getSubBytePacking(t)->elements;

  if (!isPackedByPatterns(op))
    return op->emitOpError(
        "works on fp4, fp6 or E8M0 tensors but has no byte form: "
        "mxfp4-pack-narrow-types gives one to function boundaries, calls, "
        "scf loops and branches, slices, reshapes, casts, selects, "
        "constants and the mxfp4 kernel ops (a quantize or GEMM must be in "
        "a kernel op by now: mxfp4-form-kernels)");

  if (auto slice = dyn_cast<tensor::ExtractSliceOp>(op))
    return verifySlice(op, slice.getSourceType(), slice.getMixedOffsets(),
                       slice.getMixedSizes(), slice.getMixedStrides());
  if (auto slice = dyn_cast<tensor::InsertSliceOp>(op))
    return verifySlice(op, slice.getDestType(), slice.getMixedOffsets(),
                       slice.getMixedSizes(), slice.getMixedStrides());
  if (auto slice = dyn_cast<tensor::ParallelInsertSliceOp>(op))
    return verifySlice(op, slice.getDestType(), slice.getMixedOffsets(),
                       slice.getMixedSizes(), slice.getMixedStrides());
  if (auto select = dyn_cast<arith::SelectOp>(op);
      select && isSubByte(select.getType()) &&
      isa<ShapedType>(select.getCondition().getType()))
    return op->emitOpError("selects ")
           << getElementTypeOrSelf(select.getType())
           << " data element by element, which its byte form cannot do ("
           << getSubBytePacking(select.getType())->describe() << ")";
  if (auto constant = dyn_cast<arith::ConstantOp>(op);
      constant && !isa<DenseIntOrFPElementsAttr>(constant.getValue()))
    return op->emitOpError("is fp4 or E8M0 data but not a dense constant "
                           "whose bits can be packed");
  if (auto fused = dyn_cast<mxfp4::FusedMatmulOp>(op);
      fused &&
      (llvm::any_of(fused.getIns().getTypes(), isNarrowTensor) ||
       llvm::any_of(fused.getPrologueIns().getTypes(), isNarrowTensor)))
    return op->emitOpError("reads fp4 or E8M0 data element by element in "
                           "its prologue or epilogue, which has no byte "
                           "form");
  return success();
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {

/// A last-dimension extent or offset of sub-byte data, in bytes (a static
/// value that is not a whole number of packing groups has none).
FailureOr<OpFoldResult> toBytes(OpBuilder &b, Location loc, OpFoldResult v,
                                SubBytePacking packing) {
  if (std::optional<int64_t> c = getConstantIntValue(v)) {
    if (*c % packing.elements != 0)
      return failure();
    return OpFoldResult(b.getIndexAttr(*c / packing.elements * packing.bytes));
  }
  Value groups = arith::DivUIOp::create(
      b, loc, cast<Value>(v),
      arith::ConstantIndexOp::create(b, loc, packing.elements));
  if (packing.bytes == 1)
    return OpFoldResult(groups);
  return OpFoldResult(
      arith::MulIOp::create(
          b, loc, groups, arith::ConstantIndexOp::create(b, loc, packing.bytes))
          .getResult());
}

/// Offsets and sizes of a slice of `full` in bytes along the last dimension
/// when `full` holds sub-byte data; fails for what verifySlice refuses.
LogicalResult packSlice(OpBuilder &b, Location loc, Type full,
                        SmallVector<OpFoldResult> &offsets,
                        SmallVector<OpFoldResult> &sizes,
                        ArrayRef<OpFoldResult> strides) {
  std::optional<SubBytePacking> packing = getSubBytePacking(full);
  if (!packing || offsets.empty())
    return success();
  if (!isConstantIntValue(strides.back(), 1))
    return failure();
  FailureOr<OpFoldResult> offset = toBytes(b, loc, offsets.back(), *packing);
  FailureOr<OpFoldResult> size = toBytes(b, loc, sizes.back(), *packing);
  if (failed(offset) || failed(size))
    return failure();
  offsets.back() = *offset;
  sizes.back() = *size;
  return success();
}

struct ExtractSlicePacking
    : public OpConversionPattern<tensor::ExtractSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tensor::ExtractSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<OpFoldResult> offsets = op.getMixedOffsets(),
                              sizes = op.getMixedSizes();
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getResultType()));
    if (!type || failed(packSlice(rewriter, op.getLoc(), op.getSourceType(),
                                  offsets, sizes, op.getMixedStrides())))
      return rewriter.notifyMatchFailure(op, "no byte form");
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, type, adaptor.getSource(), offsets, sizes, op.getMixedStrides());
    return success();
  }
};

struct InsertSlicePacking : public OpConversionPattern<tensor::InsertSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tensor::InsertSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<OpFoldResult> offsets = op.getMixedOffsets(),
                              sizes = op.getMixedSizes();
    if (failed(packSlice(rewriter, op.getLoc(), op.getDestType(), offsets,
                         sizes, op.getMixedStrides())))
      return rewriter.notifyMatchFailure(op, "no byte form");
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        op, adaptor.getSource(), adaptor.getDest(), offsets, sizes,
        op.getMixedStrides());
    return success();
  }
};

struct ParallelInsertSlicePacking
    : public OpConversionPattern<tensor::ParallelInsertSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tensor::ParallelInsertSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<OpFoldResult> offsets = op.getMixedOffsets(),
                              sizes = op.getMixedSizes();
    // Index arithmetic goes before the scf.in_parallel holding the insert.
    rewriter.setInsertionPoint(op->getParentOp());
    if (failed(packSlice(rewriter, op.getLoc(), op.getDestType(), offsets,
                         sizes, op.getMixedStrides())))
      return rewriter.notifyMatchFailure(op, "no byte form");
    rewriter.setInsertionPoint(op);
    rewriter.replaceOpWithNewOp<tensor::ParallelInsertSliceOp>(
        op, adaptor.getSource(), adaptor.getDest(), offsets, sizes,
        op.getMixedStrides());
    return success();
  }
};

/// The dynamic sizes of a new tensor of `type`: the last one in bytes for
/// sub-byte data.
SmallVector<Value> packDynamicSizes(OpBuilder &b, Location loc,
                                    RankedTensorType type,
                                    ValueRange dynamicSizes) {
  SmallVector<Value> sizes(dynamicSizes);
  std::optional<SubBytePacking> packing = getSubBytePacking(type);
  if (packing && type.isDynamicDim(type.getRank() - 1))
    sizes.back() = cast<Value>(*toBytes(b, loc, sizes.back(), *packing));
  return sizes;
}

struct EmptyPacking : public OpConversionPattern<tensor::EmptyOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tensor::EmptyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "no byte form");
    rewriter.replaceOpWithNewOp<tensor::EmptyOp>(
        op, type,
        packDynamicSizes(rewriter, op.getLoc(), op.getType(),
                         adaptor.getDynamicSizes()));
    return success();
  }
};

struct AllocTensorPacking
    : public OpConversionPattern<bufferization::AllocTensorOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(bufferization::AllocTensorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "no byte form");
    rewriter.replaceOpWithNewOp<bufferization::AllocTensorOp>(
        op, type,
        packDynamicSizes(rewriter, op.getLoc(), op.getType(),
                         adaptor.getDynamicSizes()),
        adaptor.getCopy(), adaptor.getSizeHint(), op.getMemorySpaceAttr());
    return success();
  }
};

/// The last dimension of sub-byte data comes back from its byte count.
struct DimPacking : public OpConversionPattern<tensor::DimOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tensor::DimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getSource().getType());
    Value dim = tensor::DimOp::create(rewriter, loc, adaptor.getSource(),
                                      adaptor.getIndex());
    std::optional<int64_t> index = op.getConstantIndex();
    std::optional<SubBytePacking> packing = getSubBytePacking(type);
    if (!packing || (index && *index != type.getRank() - 1)) {
      rewriter.replaceOp(op, dim);
      return success();
    }
    Value elements = dim;
    if (packing->bytes != 1)
      elements = arith::DivUIOp::create(
          rewriter, loc, elements,
          arith::ConstantIndexOp::create(rewriter, loc, packing->bytes));
    elements = arith::MulIOp::create(
        rewriter, loc, elements,
        arith::ConstantIndexOp::create(rewriter, loc, packing->elements));
    if (!index) {
      // A run-time index: only the last dimension is packed.
      Value last =
          arith::ConstantIndexOp::create(rewriter, loc, type.getRank() - 1);
      Value isLast = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq, adaptor.getIndex(), last);
      elements = arith::SelectOp::create(rewriter, loc, isLast, elements, dim);
    }
    rewriter.replaceOp(op, elements);
    return success();
  }
};

/// A dense fp4, fp6 or E8M0 constant, as the bytes memory holds: each row
/// of sub-byte values a little-endian bit stream (fp4 element 2i in the low
/// nibble of byte i, 2i+1 in the high one; fp6 element i at bits
/// [6i, 6i + 6)); a scale's bits as its byte.
struct ConstantPacking : public OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dense = dyn_cast<DenseIntOrFPElementsAttr>(op.getValue());
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!dense || !type)
      return rewriter.notifyMatchFailure(op, "not a packable dense constant");
    auto bits = [](const APFloat &v) {
      return static_cast<uint8_t>(v.bitcastToAPInt().getZExtValue());
    };
    unsigned width = getElementTypeOrSelf(op.getType()).getIntOrFloatBitWidth();
    // The values in order, as one bit stream (rows are whole bytes: the
    // last dimension is a multiple of the packing group).
    SmallVector<APInt> bytes;
    uint32_t pending = 0;
    unsigned pendingBits = 0;
    auto append = [&](uint8_t code) {
      pending |= uint32_t(code & ((1u << width) - 1)) << pendingBits;
      pendingBits += width;
      for (; pendingBits >= 8; pendingBits -= 8, pending >>= 8)
        bytes.push_back(APInt(8, pending & 0xFF));
    };
    auto values = dense.getValues<APFloat>();
    int64_t n = dense.getNumElements();
    // A splat packs one group and repeats its bytes.
    int64_t group = dense.isSplat() ? 8 / std::gcd(width, 8u) : n;
    for (int64_t i = 0; i < group; ++i)
      append(
          bits(dense.isSplat() ? dense.getSplatValue<APFloat>() : values[i]));
    if (dense.isSplat() && llvm::all_equal(bytes)) {
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(
          op, type, DenseElementsAttr::get(type, bytes.front()));
      return success();
    }
    if (dense.isSplat()) {
      SmallVector<APInt> groupBytes = bytes;
      bytes.clear();
      for (int64_t i = 0, e = type.getNumElements(); i < e; ++i)
        bytes.push_back(groupBytes[i % groupBytes.size()]);
    }
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, type, DenseElementsAttr::get(type, bytes));
    return success();
  }
};

/// The static output shape of an expand_shape is an attribute and its
/// dynamic sizes operands: the last one is in bytes for sub-byte data.
struct ExpandShapePacking : public OpConversionPattern<tensor::ExpandShapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tensor::ExpandShapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getResultType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "no byte form");
    SmallVector<OpFoldResult> shape = op.getMixedOutputShape();
    if (std::optional<SubBytePacking> packing =
            getSubBytePacking(op.getResultType())) {
      FailureOr<OpFoldResult> last =
          toBytes(rewriter, op.getLoc(), shape.back(), *packing);
      if (failed(last))
        return rewriter.notifyMatchFailure(op, "not whole bytes");
      shape.back() = *last;
    }
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
        op, type, adaptor.getSrc(), op.getReassociationIndices(), shape);
    return success();
  }
};

/// The kernel ops' fp6 operands become bytes like fp4's: the ops record
/// their element types (a_format, b_format, format), which bytes no longer
/// say.
void recordByteFormats(Operation *op, NamedAttrList &attrs) {
  auto fp6Of = [](Value values) -> Type {
    Type t = getElementTypeOrSelf(values.getType());
    return isa<Float6E2M3FNType, Float6E3M2FNType>(t) ? t : Type();
  };
  auto recordValues = [&](Value values, StringAttr name) {
    if (Type t = fp6Of(values))
      attrs.set(name, TypeAttr::get(t));
  };
  if (auto q = dyn_cast<mxfp4::BlockQuantizeOp>(op))
    return recordValues(q.getValues(), q.getFormatAttrName());
  if (auto d = dyn_cast<mxfp4::BlockDequantizeOp>(op))
    return recordValues(d.getValues(), d.getFormatAttrName());
  auto matmul = dyn_cast<mxfp4::FusedMatmulOp>(op);
  if (!matmul)
    return;
  if (!matmul.quantizesA())
    if (Type t = fp6Of(matmul.getA().front()))
      attrs.set(matmul.getAFormatAttrName(), TypeAttr::get(t));
  for (unsigned i = 0; i < matmul.getNumB(); ++i)
    if (Type t = fp6Of(matmul.getBValues(i)))
      attrs.set(matmul.getBFormatAttrName(), TypeAttr::get(t));
}

/// Ops whose only change is the types of their operands, results and
/// region arguments: the kernel ops (which accept byte storage), casts,
/// collapses, selects, scf.forall.
template <typename OpTy> struct RetypePacking : public ConversionPattern {
  RetypePacking(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, OpTy::getOperationName(),
                          /*benefit=*/1, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "a result has no byte form");
    NamedAttrList attrs(op->getAttrs());
    recordByteFormats(op, attrs);
    OperationState state(op->getLoc(), op->getName(), operands, types, attrs,
                         op->getSuccessors());
    for (unsigned i = 0, e = op->getNumRegions(); i < e; ++i)
      state.addRegion();
    Operation *newOp = rewriter.create(state);
    for (auto [from, to] : llvm::zip(op->getRegions(), newOp->getRegions())) {
      rewriter.inlineRegionBefore(from, to, to.end());
      if (failed(rewriter.convertRegionTypes(&to, *getTypeConverter())))
        return rewriter.notifyMatchFailure(op, "a region argument has no "
                                               "byte form");
    }
    LLVM_DEBUG(llvm::dbgs() << "packed " << *newOp << "\n");
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

struct PackNarrowTypesPass
    : public mxfp4::impl::PackNarrowTypesBase<PackNarrowTypesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Refuse, on each op, what no pattern gives a byte form, before the
    // conversion changes anything.
    bool refused = false;
    module.walk([&](Operation *op) {
      if (failed(mxfp4::verifyNarrowTypesPackable(op)))
        refused = true;
    });
    if (refused)
      return signalPassFailure();

    mxfp4::NarrowTypeConverter converter;
    ConversionTarget target(getContext());
    mxfp4::populatePackNarrowTypesLegality(target);
    RewritePatternSet patterns(&getContext());
    mxfp4::populatePackNarrowTypesPatterns(converter, patterns);
    if (failed(applyFullConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mxfp4::populatePackNarrowTypesLegality(ConversionTarget &target) {
  target.markUnknownOpDynamicallyLegal(
      [](Operation *op) { return !hasNarrowTypes(op); });
}

void mxfp4::populatePackNarrowTypesPatterns(const TypeConverter &converter,
                                            RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  populateAnyFunctionOpInterfaceTypeConversionPattern(patterns, converter);
  populateCallOpTypeConversionPattern(patterns, converter);
  populateReturnOpTypeConversionPattern(patterns, converter);
  scf::populateSCFStructuralTypeConversions(converter, patterns);
  patterns.add<
      ExtractSlicePacking, InsertSlicePacking, ParallelInsertSlicePacking,
      EmptyPacking, AllocTensorPacking, DimPacking, ConstantPacking,
      ExpandShapePacking, RetypePacking<scf::ForallOp>,
      RetypePacking<tensor::CastOp>, RetypePacking<tensor::CollapseShapeOp>,
      RetypePacking<arith::SelectOp>, RetypePacking<mxfp4::FusedMatmulOp>,
      RetypePacking<mxfp4::BlockQuantizeOp>,
      RetypePacking<mxfp4::BlockDequantizeOp>>(converter, ctx);
}
