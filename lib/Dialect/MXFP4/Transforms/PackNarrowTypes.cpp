//===- PackNarrowTypes.cpp - fp4 and E8M0 tensors as bytes ------*- C++ -*-===//
//
// Until this pass, fp4 values and E8M0 scales are ordinary tensor values:
// function arguments and results, call operands, loop-carried values, slices
// of stacked weights. Memory has no 4-bit element, so before bufferization
// every such tensor becomes its byte storage, everywhere at once, with
// upstream dialect conversion: fp4 as fp4x2 bytes (two values per byte, low
// nibble first, the last dimension halved) and E8M0 as one byte per scale.
// Slices along the last dimension of fp4 data halve their offsets and sizes.
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

#define DEBUG_TYPE "mxfp4-pack-narrow-types"

namespace mlir::fp4::mxfp4 {
#define GEN_PASS_DEF_PACKNARROWTYPES
#include "fp4/Dialect/MXFP4/Transforms/Passes.h.inc"
} // namespace mlir::fp4::mxfp4

using namespace mlir;
using namespace mlir::fp4;

static bool isFp4(Type t) {
  return isa<Float4E2M1FNType>(getElementTypeOrSelf(t));
}

/// A tensor (ranked or not) of fp4 values or E8M0 scales.
static bool isNarrowTensor(Type t) {
  auto tensor = dyn_cast<TensorType>(t);
  return tensor &&
         isa<Float4E2M1FNType, Float8E8M0FNUType>(tensor.getElementType());
}

/// The byte storage of a narrow tensor, or null where it has none (fp4
/// data needs a ranked tensor whose last dimension is even or dynamic).
static Type getByteStorage(Type t) {
  auto i8 = IntegerType::get(t.getContext(), 8);
  auto tensor = dyn_cast<RankedTensorType>(t);
  if (!tensor)
    return isFp4(t) ? Type() : UnrankedTensorType::get(i8);
  SmallVector<int64_t> shape(tensor.getShape());
  if (isFp4(tensor)) {
    if (shape.empty())
      return Type();
    if (!ShapedType::isDynamic(shape.back())) {
      if (shape.back() % 2 != 0)
        return Type();
      shape.back() /= 2;
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

/// A slice of fp4 data has a byte form when it takes whole bytes along the
/// last dimension: unit stride, an even offset and size (when static).
static LogicalResult verifySlice(Operation *op, Type full,
                                 ArrayRef<OpFoldResult> offsets,
                                 ArrayRef<OpFoldResult> sizes,
                                 ArrayRef<OpFoldResult> strides) {
  if (!isFp4(full) || offsets.empty())
    return success();
  if (!isConstantIntValue(strides.back(), 1))
    return op->emitOpError("slices fp4 data with a stride other than 1 "
                           "along its last dimension, which has no byte "
                           "form (two values per byte)");
  for (auto [what, v] :
       {std::pair{"offset", offsets.back()}, std::pair{"size", sizes.back()}}) {
    std::optional<int64_t> c = getConstantIntValue(v);
    if (c && *c % 2 != 0)
      return op->emitOpError("slices fp4 data at an odd ")
             << what << " (" << *c
             << ") along its last dimension, which has no byte form (two "
                "values per byte)";
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
      return op->emitOpError("has fp4 data of type ")
             << t
             << ", which has no byte form: two values per byte need a "
                "ranked tensor whose last dimension is even or dynamic";

  if (!isPackedByPatterns(op))
    return op->emitOpError(
        "works on fp4 or E8M0 tensors but has no byte form: "
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
      select && isFp4(select.getType()) &&
      isa<ShapedType>(select.getCondition().getType()))
    return op->emitOpError("selects fp4 data element by element, which its "
                           "byte form cannot do (two values per byte)");
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

/// A last-dimension extent or offset of fp4 data, in bytes: halved (a
/// static odd value has no byte form).
FailureOr<OpFoldResult> halve(OpBuilder &b, Location loc, OpFoldResult v) {
  if (std::optional<int64_t> c = getConstantIntValue(v)) {
    if (*c % 2 != 0)
      return failure();
    return OpFoldResult(b.getIndexAttr(*c / 2));
  }
  Value two = arith::ConstantIndexOp::create(b, loc, 2);
  return OpFoldResult(
      arith::DivUIOp::create(b, loc, cast<Value>(v), two).getResult());
}

/// Offsets and sizes of a slice of `full` in bytes along the last dimension
/// when `full` holds fp4 data; fails for what verifySlice refuses.
LogicalResult packSlice(OpBuilder &b, Location loc, Type full,
                        SmallVector<OpFoldResult> &offsets,
                        SmallVector<OpFoldResult> &sizes,
                        ArrayRef<OpFoldResult> strides) {
  if (!isFp4(full) || offsets.empty())
    return success();
  if (!isConstantIntValue(strides.back(), 1))
    return failure();
  FailureOr<OpFoldResult> offset = halve(b, loc, offsets.back());
  FailureOr<OpFoldResult> size = halve(b, loc, sizes.back());
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

/// The dynamic sizes of a new tensor of `type`: the last one halved for
/// fp4 data.
SmallVector<Value> packDynamicSizes(OpBuilder &b, Location loc,
                                    RankedTensorType type,
                                    ValueRange dynamicSizes) {
  SmallVector<Value> sizes(dynamicSizes);
  if (isFp4(type) && type.isDynamicDim(type.getRank() - 1))
    sizes.back() = cast<Value>(*halve(b, loc, sizes.back()));
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

/// The last dimension of fp4 data doubles back from its byte count.
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
    if (!isFp4(type) || (index && *index != type.getRank() - 1)) {
      rewriter.replaceOp(op, dim);
      return success();
    }
    Value two = arith::ConstantIndexOp::create(rewriter, loc, 2);
    Value doubled = arith::MulIOp::create(rewriter, loc, dim, two);
    if (!index) {
      // A run-time index: only the last dimension doubles.
      Value last =
          arith::ConstantIndexOp::create(rewriter, loc, type.getRank() - 1);
      Value isLast = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq, adaptor.getIndex(), last);
      doubled = arith::SelectOp::create(rewriter, loc, isLast, doubled, dim);
    }
    rewriter.replaceOp(op, doubled);
    return success();
  }
};

/// A dense fp4 or E8M0 constant, as the bytes memory holds: fp4 element 2i
/// in the low nibble of byte i, 2i+1 in the high one; a scale's bits as
/// its byte.
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
    bool fp4 = isFp4(op.getType());
    if (dense.isSplat()) {
      uint8_t b = bits(dense.getSplatValue<APFloat>());
      uint8_t byte = fp4 ? (b & 0xF) | (b & 0xF) << 4 : b;
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(
          op, type, DenseElementsAttr::get(type, APInt(8, byte)));
      return success();
    }
    SmallVector<APInt> bytes;
    auto values = dense.getValues<APFloat>();
    int64_t n = dense.getNumElements();
    for (int64_t i = 0; i < n; i += fp4 ? 2 : 1) {
      uint8_t byte = bits(values[i]);
      if (fp4)
        byte = (byte & 0xF) | (bits(values[i + 1]) & 0xF) << 4;
      bytes.push_back(APInt(8, byte));
    }
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, type, DenseElementsAttr::get(type, bytes));
    return success();
  }
};

/// The static output shape of an expand_shape is an attribute and its
/// dynamic sizes operands: the last one halves for fp4 data.
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
    if (isFp4(op.getResultType())) {
      FailureOr<OpFoldResult> last = halve(rewriter, op.getLoc(), shape.back());
      if (failed(last))
        return rewriter.notifyMatchFailure(op, "odd last dimension");
      shape.back() = *last;
    }
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
        op, type, adaptor.getSrc(), op.getReassociationIndices(), shape);
    return success();
  }
};

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
    OperationState state(op->getLoc(), op->getName(), operands, types,
                         op->getAttrs(), op->getSuccessors());
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
