//===- MXFP4KernelOps.cpp - destination-style kernel ops --------*- C++ -*-===//
//
// Verifiers, memory effects and destination-style accessors of
// fused_matmul, block_quantize and block_dequantize. Their operands are
// tensors or memrefs (all of one kind), fp4/E8M0 data either typed as such
// or as byte storage: fp4x2 bytes (i8, last dimension halved) and one byte
// per scale.
//
//===----------------------------------------------------------------------===//

#include "TilingUtils.h"

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"

#include <numeric>

using namespace mlir;
using namespace mlir::fp4::mxfp4;

bool mlir::fp4::mxfp4::isByteStorage(Type t) { return t.isSignlessInteger(8); }

int64_t mlir::fp4::mxfp4::getLogicalLastDim(ShapedType t, Type format) {
  int64_t last = t.getShape().back();
  if (ShapedType::isDynamic(last) || !isByteStorage(t.getElementType()))
    return last;
  // Bytes of `bits`-wide values: whole groups of 8 / gcd(bits, 8) values.
  int64_t bits = format ? getMXFormatInfo(format).bits : 4;
  return (last * 8) % bits == 0 ? last * 8 / bits : ShapedType::kDynamic;
}

static bool isHighPrecision(Type t) {
  return t.isBF16() || t.isF16() || t.isF32();
}
static bool isValuesType(Type t) {
  return isa<Float4E2M1FNType>(t) || isByteStorage(t);
}
/// A GEMM operand: any MX element type (fp8 typed, as memory holds it: a
/// byte per element), or byte storage of fp4.
static bool isGemmValuesType(Type t) {
  return isMXElementType(t) || isByteStorage(t);
}
static bool isScalesType(Type t) {
  return isa<Float8E8M0FNUType>(t) || isByteStorage(t);
}

/// All shaped operands are tensors, or all are memrefs; tensors give one
/// result per destination, of its type, memrefs none.
static LogicalResult verifyDestinationStyle(Operation *op, ValueRange shaped,
                                            ValueRange outs) {
  bool tensors = isa<RankedTensorType>(outs.front().getType());
  for (Value v : shaped) {
    Type t = v.getType();
    if (tensors ? !isa<RankedTensorType>(t) : !isa<MemRefType>(t))
      return op->emitOpError("operands must all be ranked tensors or all "
                             "memrefs, got ")
             << t;
  }
  if (!tensors)
    return op->getNumResults() == 0
               ? success()
               : op->emitOpError("on memrefs has no results");
  if (op->getResultTypes() != TypeRange(outs))
    return op->emitOpError("results must have the types of the destinations");
  return success();
}

/// Reads of every memref input, writes of every memref destination.
static void
addEffects(Operation *op,
           SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
               &effects) {
  auto dps = cast<DestinationStyleOpInterface>(op);
  for (OpOperand &o : op->getOpOperands()) {
    if (!isa<MemRefType>(o.get().getType()))
      continue;
    if (dps.isDpsInit(&o))
      effects.emplace_back(MemoryEffects::Write::get(), &o,
                           SideEffects::DefaultResource::get());
    else
      effects.emplace_back(MemoryEffects::Read::get(), &o,
                           SideEffects::DefaultResource::get());
  }
}

//===----------------------------------------------------------------------===//
// fused_matmul
//===----------------------------------------------------------------------===//

int64_t FusedMatmulOp::getK() {
  return getLogicalLastDim(cast<ShapedType>(getA().front().getType()),
                           quantizesA() ? Type() : getAValuesFormat());
}

/// The format of `values`: its element type, or `format` (fp4 when null)
/// for byte storage.
static Type valuesFormat(Value values, std::optional<Type> format) {
  Type t = getElementTypeOrSelf(values.getType());
  if (!isByteStorage(t))
    return t;
  return format ? *format : Float4E2M1FNType::get(values.getContext());
}

Type FusedMatmulOp::getAValuesFormat() {
  if (quantizesA())
    return getAFormat() ? *getAFormat() : Float4E2M1FNType::get(getContext());
  return valuesFormat(getA().front(), getAFormat());
}

Type FusedMatmulOp::getBValuesFormat(unsigned i) {
  return valuesFormat(getBValues(i), getBFormat());
}

Type FusedMatmulOp::getQuantizedAType() {
  if (!quantizesA())
    return {};
  if (hasPrologue())
    return getPrologue().front().getTerminator()->getOperand(0).getType();
  return getElementTypeOrSelf(getA().front().getType());
}

Type FusedMatmulOp::getEpilogueResultType() {
  return getEpilogue().front().getTerminator()->getOperand(0).getType();
}

MutableOperandRange FusedMatmulOp::getDpsInitsMutable() {
  return getOutsMutable();
}

void FusedMatmulOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addEffects(*this, effects);
}

/// `maps` has one (d0, d1) map per operand of `operands`, with as many
/// results as the operand's rank (none for a scalar).
static LogicalResult verifyMaps(Operation *op, ArrayAttr maps,
                                ValueRange operands, StringRef what) {
  if (maps.size() != operands.size())
    return op->emitOpError()
           << what << "_maps must have one map per " << what << " operand, got "
           << maps.size() << " for " << operands.size();
  for (auto [attr, v] : llvm::zip(maps, operands)) {
    AffineMap map = cast<AffineMapAttr>(attr).getValue();
    auto shaped = dyn_cast<ShapedType>(v.getType());
    int64_t rank = shaped ? shaped.getRank() : 0;
    if (map.getNumDims() != 2 || map.getNumSymbols() != 0 ||
        map.getNumResults() != rank)
      return op->emitOpError() << what << " operand of type " << v.getType()
                               << " needs a map from 2 dimensions to " << rank
                               << " results, got " << AffineMapAttr::get(map);
  }
  return success();
}

/// gather (a_rows, topk) and experts (b_experts): 1-D i32 operands, the
/// plain layout, no prologue (it reads A's operands by output row), and
/// one expert per tile_m rows.
LogicalResult FusedMatmulOp::verifyGroupedOperands() {
  if (static_cast<bool>(getARows()) != getTopk().has_value())
    return emitOpError("gather needs its rows and topk together");
  if (getTopk() && *getTopk() < 1)
    return emitOpError("topk must be positive, got ") << *getTopk();
  for (Value v : {getARows(), getBExperts()}) {
    if (!v)
      continue;
    auto t = cast<ShapedType>(v.getType());
    if (t.getRank() != 1 || !t.getElementType().isInteger(32))
      return emitOpError("gather rows and experts must be 1-D i32, got ") << t;
  }
  if (getARows() && hasPrologue())
    return emitOpError("a gathered A takes no prologue");
  if (!getBExperts())
    return success();
  if (getBLayout() != Layout::plain)
    return emitOpError("experts need B in the plain layout");
  GemmConfigAttr config = getConfigAttr();
  int64_t rows = cast<ShapedType>(getRowsSource().getType()).getDimSize(0);
  int64_t blocks = cast<ShapedType>(getBExperts().getType()).getDimSize(0);
  if (config && !ShapedType::isDynamic(rows) &&
      !ShapedType::isDynamic(blocks) && blocks * config.getTileM() != rows)
    return emitOpError() << "experts must name one expert per "
                         << config.getTileM() << " rows (the tile's) of the "
                         << rows << " rows, got " << blocks;
  return success();
}

/// scatter(ids) weights(w): ids 1-D i32, one per row of the op; w [T, k]
/// f32 with a static k; one f32 output [T, N] (a sum: no quantize).
LogicalResult FusedMatmulOp::verifyScatter() {
  Value ids = getScatterRows(), weights = getScatterWeights();
  if (static_cast<bool>(ids) != static_cast<bool>(weights))
    return emitOpError("scatter needs its rows and weights together");
  if (!ids)
    return success();
  auto idsType = cast<ShapedType>(ids.getType());
  auto weightsType = cast<ShapedType>(weights.getType());
  if (idsType.getRank() != 1 || !idsType.getElementType().isInteger(32))
    return emitOpError("scatter rows must be 1-D i32, got ") << idsType;
  if (weightsType.getRank() != 2 || !weightsType.getElementType().isF32() ||
      weightsType.isDynamicDim(1))
    return emitOpError("scatter weights must be [tokens, k] f32 with a "
                       "static k, got ")
           << weightsType;
  int64_t rows = cast<ShapedType>(getRowsSource().getType()).getDimSize(0);
  if (failed(verifyCompatibleShape(idsType.getDimSize(0), rows)))
    return emitOpError() << "scatter rows must have one entry per row (" << rows
                         << "), got " << idsType;
  auto outType = cast<ShapedType>(getOuts().front().getType());
  Type outElement = outType.getElementType();
  if (quantizesOutput() || !(outElement.isF32() || outElement.isBF16()))
    return emitOpError("a scattered output is a sum: no output quantize, f32 "
                       "or bf16 outs");
  // bf16 sums are added two columns at a time (a packed atomic add).
  if (outElement.isBF16() && !outType.isDynamicDim(1) &&
      outType.getDimSize(1) % 2 != 0)
    return emitOpError("a scattered bf16 output needs an even N, got ")
           << outType.getDimSize(1);
  if (getMSpecializationsAttr())
    return emitOpError("a scattered output takes no m_specializations");
  return success();
}

LogicalResult FusedMatmulOp::verify() {
  if (getA().size() != 1 && getA().size() != 2)
    return emitOpError("a must be one high-precision tensor or fp4 values "
                       "and scales, got ")
           << getA().size() << " operands";
  if (getB().empty() || getB().size() % 2 != 0)
    return emitOpError("b must hold pairs of values and scales, got ")
           << getB().size() << " operands";
  bool quantizedOut = quantizesOutput();
  if (getOuts().size() != (quantizedOut ? 2u : 1u))
    return emitOpError() << "outs must be " << (quantizedOut ? "2" : "1")
                         << (quantizedOut ? " (values and scales: "
                                            "output_scale_mode is set)"
                                          : "")
                         << ", got " << getOuts().size();
  if (quantizesA() != getAScaleMode().has_value())
    return emitOpError("a_scale_mode must be set exactly when A is one "
                       "high-precision operand");
  if (getATies() && !quantizesA())
    return emitOpError("a_ties needs A quantized by the op (a_scale_mode)");
  if (getOutputTies() && !quantizedOut)
    return emitOpError("output_ties needs a quantized output "
                       "(output_scale_mode)");
  if (getATies() == Ties::away && !isa<Float4E2M1FNType>(getAValuesFormat()))
    return emitOpError("a_ties = away is implemented for f4E2M1FN only, not ")
           << getAValuesFormat();
  SmallVector<Value> shaped(getA());
  llvm::append_range(shaped, getB());
  llvm::append_range(shaped, getOuts());
  SmallVector<Value> all(shaped);
  for (Value v :
       {getARows(), getBExperts(), getScatterRows(), getScatterWeights()})
    if (v)
      all.push_back(v);
  if (failed(verifyDestinationStyle(*this, all, getOuts())))
    return failure();
  bool grouped = static_cast<bool>(getBExperts());
  for (Value v : shaped) {
    bool isB = llvm::is_contained(getB(), v);
    if (cast<ShapedType>(v.getType()).getRank() != (isB && grouped ? 3 : 2))
      return emitOpError(grouped ? "a and outs must be 2-D and each B 3-D "
                                   "[E, N, K] (experts), got "
                                 : "a, b and outs must be 2-D, got ")
             << v.getType();
  }
  if (failed(verifyGroupedOperands()) || failed(verifyScatter()))
    return failure();

  auto aType = cast<ShapedType>(getA().front().getType());
  if (quantizesA() ? !isHighPrecision(aType.getElementType())
                   : !isGemmValuesType(aType.getElementType()) ||
                         !isScalesType(getElementTypeOrSelf(getA()[1])))
    return emitOpError("A must be bf16/f16/f32, or MX values (an MX element "
                       "type, or i8 bytes of fp4) and scales (f8E8M0FNU or "
                       "i8)");
  // a_format / b_format name what byte storage holds: fp4 or fp6.
  // A quantized by the op: to any MX element type.
  if (quantizesA() && getAFormat() && !isMXElementType(*getAFormat()))
    return emitOpError() << "a_format must be an MX element type, got "
                         << *getAFormat();
  SmallVector<Value> aValues, bValues;
  if (!quantizesA())
    aValues.push_back(getA().front());
  for (unsigned i = 0; i < getNumB(); ++i)
    bValues.push_back(getBValues(i));
  for (auto [name, format, values] :
       {std::tuple{StringRef("a_format"), getAFormat(), aValues},
        std::tuple{StringRef("b_format"), getBFormat(), bValues}}) {
    if (!format || (name == "a_format" && quantizesA()))
      continue;
    if (!isSubByteMXType(*format))
      return emitOpError() << name << " must be f4E2M1FN, f6E2M3FN or "
                           << "f6E3M2FN, got " << *format;
    if (llvm::none_of(values, [](Value v) {
          return isByteStorage(getElementTypeOrSelf(v.getType()));
        }))
      return emitOpError() << name << " is only for values in byte storage";
  }
  int64_t k = getK();
  if (ShapedType::isDynamic(k) || k <= 0 || k % kBlockSize != 0)
    return emitOpError("K must be static and a positive multiple of 32");
  int64_t n = ShapedType::kDynamic;
  for (unsigned i = 0; i < getNumB(); ++i) {
    auto bt = cast<ShapedType>(getBValues(i).getType());
    if (!isGemmValuesType(bt.getElementType()) ||
        !isScalesType(getElementTypeOrSelf(getBScales(i))))
      return emitOpError("B values must be of an MX element type or i8 bytes "
                         "of fp4, B scales f8E8M0FNU or i8");
    if (getBLayout() == Layout::preshuffled &&
        !isa<Float4E2M1FNType, IntegerType>(bt.getElementType()))
      return emitOpError("pre-shuffled B must be fp4, got ")
             << bt.getElementType();
    int64_t bk = getLogicalLastDim(bt, getBValuesFormat(i));
    if (bk != k)
      return emitOpError() << "K of B #" << i << " ("
                           << (ShapedType::isDynamic(bk) ? "?" : Twine(bk))
                           << ") differs from A's (" << k << ")";
    int64_t nDim = bt.getRank() - 2;
    if (failed(verifyCompatibleShape(bt.getDimSize(nDim), n)))
      return emitOpError("every B must have the same N");
    if (!bt.isDynamicDim(nDim))
      n = bt.getDimSize(nDim);
  }
  int64_t m = getARows() ? cast<ShapedType>(getARows().getType()).getDimSize(0)
                         : aType.getDimSize(0);
  auto out = cast<ShapedType>(getOuts().front().getType());
  // A scattered output has a row per token, not per row of the op.
  int64_t outRows =
      getScatterWeights()
          ? cast<ShapedType>(getScatterWeights().getType()).getDimSize(0)
          : m;
  if (failed(verifyCompatibleShape(out.getDimSize(0), outRows)) ||
      failed(verifyCompatibleShape(getLogicalLastDim(out), n)))
    return emitOpError("outs must be M x N, got ") << out;
  if (failed(verifyMSpecializations(*this, getMSpecializationsAttr(),
                                    ShapedType::isDynamic(m) ? out.getDimSize(0)
                                                             : m)))
    return failure();
  if (std::optional<ArrayRef<int64_t>> grid = getMaxGrid();
      grid && (grid->size() != 2 || (*grid)[0] < 1 || (*grid)[1] < 1))
    return emitOpError("max_grid must be two positive sizes (x, y)");
  if (quantizedOut) {
    if (!isValuesType(out.getElementType()) ||
        !isScalesType(getElementTypeOrSelf(getOuts()[1])))
      return emitOpError("a quantized output needs fp4 values and scales "
                         "destinations");
  } else if (!isHighPrecision(out.getElementType())) {
    return emitOpError("the output must be bf16, f16 or f32, got ")
           << out.getElementType();
  }
  if (getBScalesRow() && getBLayout() != Layout::preshuffled)
    return emitOpError("b_scales_row is only for pre-shuffled B");
  if (failed(
          verifyMaps(*this, getPrologueMaps(), getPrologueIns(), "prologue")) ||
      failed(verifyMaps(*this, getInsMaps(), getIns(), "ins")))
    return failure();
  if (!getPrologueIns().empty() && !hasPrologue())
    return emitOpError("prologue_ins without a prologue region");
  return success();
}

/// The element a region block argument takes for `v`: its element type, or
/// itself for a scalar.
static Type elementOf(Value v) { return getElementTypeOrSelf(v.getType()); }

static LogicalResult verifyRegion(Operation *op, Region &region, StringRef name,
                                  TypeRange argTypes,
                                  function_ref<bool(Type)> resultOk,
                                  StringRef resultWhat) {
  Block &block = region.front();
  if (block.getArgumentTypes() != argTypes) {
    InFlightDiagnostic d = op->emitOpError()
                           << "the " << name << " block must take (";
    llvm::interleaveComma(argTypes, d);
    return d << "), got (" << block.getArgumentTypes() << ")";
  }
  auto yield = dyn_cast<YieldOp>(block.getTerminator());
  if (!yield)
    return op->emitOpError() << "the " << name << " must end with mxfp4.yield";
  if (!resultOk(yield.getValue().getType()))
    return op->emitOpError() << "the " << name << " must yield " << resultWhat
                             << ", got " << yield.getValue().getType();
  return success();
}

LogicalResult FusedMatmulOp::verifyRegions() {
  if (hasPrologue()) {
    if (!quantizesA())
      return emitOpError("a prologue needs a high-precision A");
    SmallVector<Type> args = {elementOf(getA().front())};
    for (Value v : getPrologueIns())
      args.push_back(elementOf(v));
    if (failed(verifyRegion(*this, getPrologue(), "prologue", args,
                            isHighPrecision, "bf16, f16 or f32")))
      return failure();
  }
  SmallVector<Type> args(getNumB(), Float32Type::get(getContext()));
  for (Value v : getIns())
    args.push_back(elementOf(v));
  if (quantizesOutput())
    return verifyRegion(*this, getEpilogue(), "epilogue", args, isHighPrecision,
                        "bf16, f16 or f32 (it is quantized)");
  Type outElement = elementOf(getOuts().front());
  // A scattered output's epilogue yields the f32 value to weigh and add;
  // the add rounds it to the output's type.
  if (getScatterRows())
    outElement = Float32Type::get(getContext());
  return verifyRegion(
      *this, getEpilogue(), "epilogue", args,
      [&](Type t) { return t == outElement; },
      getScatterRows() ? "f32 (a scattered output's value to add)"
                       : "the output's element type");
}

//===----------------------------------------------------------------------===//
// block_quantize, block_dequantize
//===----------------------------------------------------------------------===//

/// `values` and `scales` hold `logical` ([..., K]) as MX data of
/// `format` (when set: the format of byte storage).
static LogicalResult verifyBlockOperands(Operation *op, ShapedType logical,
                                         ShapedType values, ShapedType scales,
                                         std::optional<Type> format) {
  if (!isGemmValuesType(values.getElementType()) ||
      !isScalesType(scales.getElementType()))
    return op->emitOpError("values must be of an MX element type or i8 "
                           "bytes, scales f8E8M0FNU or i8");
  if (format) {
    if (!isSubByteMXType(*format))
      return op->emitOpError("format must be f4E2M1FN, f6E2M3FN or "
                             "f6E3M2FN, got ")
             << *format;
    if (!isByteStorage(values.getElementType()))
      return op->emitOpError("format is only for values in byte storage");
  }
  int64_t rank = logical.getRank();
  if (rank < 1 || values.getRank() != rank || scales.getRank() != rank)
    return op->emitOpError("operands must have one rank, at least 1");
  int64_t k = logical.getShape().back();
  if (ShapedType::isDynamic(k) || k % kBlockSize != 0)
    return op->emitOpError("the last dimension must be a static multiple of "
                           "32, got ")
           << logical;
  for (int64_t d = 0; d + 1 < rank; ++d)
    if (failed(verifyCompatibleShape(logical.getDimSize(d),
                                     values.getDimSize(d))) ||
        failed(
            verifyCompatibleShape(logical.getDimSize(d), scales.getDimSize(d))))
      return op->emitOpError("values and scales must have the shape of the "
                             "high-precision operand");
  if (getLogicalLastDim(values, format ? *format : Type()) != k ||
      scales.getShape().back() != k / kBlockSize)
    return op->emitOpError()
           << "values must hold " << k << " elements per row and scales "
           << k / 32 << ", got " << values << " and " << scales;
  return success();
}

MutableOperandRange BlockQuantizeOp::getDpsInitsMutable() {
  return MutableOperandRange(getOperation(), 1, 2);
}

LogicalResult BlockQuantizeOp::verify() {
  auto in = cast<ShapedType>(getInput().getType());
  if (!isHighPrecision(in.getElementType()))
    return emitOpError("input must be bf16, f16 or f32");
  if (failed(verifyDestinationStyle(*this,
                                    {getInput(), getValues(), getScales()},
                                    {getValues(), getScales()})))
    return failure();
  if (getTies() == Ties::away && !isa<Float4E2M1FNType>(getValuesFormat()))
    return emitOpError("ties = away is implemented for f4E2M1FN values only, "
                       "not ")
           << getValuesFormat();
  return verifyBlockOperands(*this, in, cast<ShapedType>(getValues().getType()),
                             cast<ShapedType>(getScales().getType()),
                             getFormat());
}

Type BlockQuantizeOp::getValuesFormat() {
  return valuesFormat(getValues(), getFormat());
}

void BlockQuantizeOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addEffects(*this, effects);
}

MutableOperandRange BlockDequantizeOp::getDpsInitsMutable() {
  return getInitMutable();
}

LogicalResult BlockDequantizeOp::verify() {
  auto init = cast<ShapedType>(getInit().getType());
  if (!isHighPrecision(init.getElementType()))
    return emitOpError("the destination must be bf16, f16 or f32");
  if (failed(verifyDestinationStyle(
          *this, {getValues(), getScales(), getInit()}, {getInit()})))
    return failure();
  return verifyBlockOperands(
      *this, init, cast<ShapedType>(getValues().getType()),
      cast<ShapedType>(getScales().getType()), getFormat());
}

Type BlockDequantizeOp::getValuesFormat() {
  return valuesFormat(getValues(), getFormat());
}

void BlockDequantizeOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addEffects(*this, effects);
}

//===----------------------------------------------------------------------===//
// Tiling of the block ops: every dimension parallel, the last in whole
// 32-element blocks (a tile keeps the scales its values need).
//===----------------------------------------------------------------------===//

namespace {
/// Storage units of the last dimension per element: `units` per
/// `elements` (fp4x2 bytes 1 per 2, fp6 bytes 3 per 4, scales 1 per 32).
struct StorageRatio {
  int64_t units, elements;
  AffineExpr apply(AffineExpr e) const {
    return (e * units).floorDiv(elements);
  }
};
} // namespace

/// The slice of `v` (MX values, their bytes, or scales) that holds the
/// logical tile (offsets, sizes): the last dimension in `ratio`'s units.
static Value sliceBlocked(OpBuilder &b, Location loc, Value v,
                          ArrayRef<OpFoldResult> offsets,
                          ArrayRef<OpFoldResult> sizes, StorageRatio ratio) {
  SmallVector<OpFoldResult> off(offsets), sz(sizes);
  AffineExpr s0 = b.getAffineSymbolExpr(0);
  off.back() = affine::makeComposedFoldedAffineApply(b, loc, ratio.apply(s0),
                                                     {off.back()});
  sz.back() = affine::makeComposedFoldedAffineApply(b, loc, ratio.apply(s0),
                                                    {sz.back()});
  SmallVector<OpFoldResult> strides(off.size(), b.getIndexAttr(1));
  if (isa<MemRefType>(v.getType()))
    return memref::SubViewOp::create(b, loc, v, off, sz, strides);
  return tensor::ExtractSliceOp::create(b, loc, v, off, sz, strides);
}

/// The storage ratio of MX values of `format`: bytes of fp4 or fp6, else
/// typed elements.
static StorageRatio valuesRatio(Value v, Type format) {
  if (!isByteStorage(getElementTypeOrSelf(v.getType())))
    return {1, 1};
  // bits : 8 in lowest terms: fp4 1 byte per 2 values, fp6 3 per 4.
  int64_t bits = getMXFormatInfo(format).bits;
  int64_t g = std::gcd(bits, int64_t(8));
  return {bits / g, 8 / g};
}
static constexpr StorageRatio kWhole{1, 1}, kScales{1, kBlockSize};

static SmallVector<Range> domainOf(OpBuilder &b, Location loc, Value v) {
  SmallVector<Range> domain;
  auto type = cast<ShapedType>(v.getType());
  for (int64_t d = 0; d < type.getRank(); ++d) {
    OpFoldResult size = isa<MemRefType>(type)
                            ? memref::getMixedSize(b, loc, v, d)
                            : tensor::getMixedSize(b, loc, v, d);
    domain.push_back({b.getIndexAttr(0), size, b.getIndexAttr(1)});
  }
  return domain;
}

static TilingResult tiledResult(Operation *tiled, ArrayRef<Value> slices) {
  SmallVector<Operation *> sliceOps;
  for (Value s : slices)
    sliceOps.push_back(s.getDefiningOp());
  return TilingResult{
      {tiled}, SmallVector<Value>(tiled->getResults()), sliceOps};
}

SmallVector<utils::IteratorType> BlockQuantizeOp::getLoopIteratorTypes() {
  return SmallVector<utils::IteratorType>(
      cast<ShapedType>(getInput().getType()).getRank(),
      utils::IteratorType::parallel);
}

SmallVector<Range> BlockQuantizeOp::getIterationDomain(OpBuilder &b) {
  return domainOf(b, getLoc(), getInput());
}

FailureOr<TilingResult>
BlockQuantizeOp::getTiledImplementation(OpBuilder &b,
                                        ArrayRef<OpFoldResult> offsets,
                                        ArrayRef<OpFoldResult> sizes) {
  if (!tiling::isBlockCut(offsets.back(), sizes.back()))
    return failure();
  Location loc = getLoc();
  Value in = sliceBlocked(b, loc, getInput(), offsets, sizes, kWhole);
  Value values = sliceBlocked(b, loc, getValues(), offsets, sizes,
                              valuesRatio(getValues(), getValuesFormat()));
  Value scales = sliceBlocked(b, loc, getScales(), offsets, sizes, kScales);
  SmallVector<Type> types;
  if (isa<RankedTensorType>(values.getType()))
    types = {values.getType(), scales.getType()};
  auto tiled =
      BlockQuantizeOp::create(b, loc, types, in, values, scales, getScaleMode(),
                              getTies(), getFormatAttr());
  return tiledResult(tiled, {in, values, scales});
}

LogicalResult BlockQuantizeOp::getResultTilePosition(
    OpBuilder &b, unsigned resultNumber, ArrayRef<OpFoldResult> offsets,
    ArrayRef<OpFoldResult> sizes, SmallVector<OpFoldResult> &resultOffsets,
    SmallVector<OpFoldResult> &resultSizes) {
  StorageRatio ratio =
      resultNumber == 0 ? valuesRatio(getValues(), getValuesFormat()) : kScales;
  AffineExpr s0 = b.getAffineSymbolExpr(0);
  resultOffsets.assign(offsets.begin(), offsets.end());
  resultSizes.assign(sizes.begin(), sizes.end());
  resultOffsets.back() = affine::makeComposedFoldedAffineApply(
      b, getLoc(), ratio.apply(s0), {offsets.back()});
  resultSizes.back() = affine::makeComposedFoldedAffineApply(
      b, getLoc(), ratio.apply(s0), {sizes.back()});
  return success();
}

SmallVector<utils::IteratorType> BlockDequantizeOp::getLoopIteratorTypes() {
  return SmallVector<utils::IteratorType>(
      cast<ShapedType>(getInit().getType()).getRank(),
      utils::IteratorType::parallel);
}

SmallVector<Range> BlockDequantizeOp::getIterationDomain(OpBuilder &b) {
  return domainOf(b, getLoc(), getInit());
}

FailureOr<TilingResult>
BlockDequantizeOp::getTiledImplementation(OpBuilder &b,
                                          ArrayRef<OpFoldResult> offsets,
                                          ArrayRef<OpFoldResult> sizes) {
  if (!tiling::isBlockCut(offsets.back(), sizes.back()))
    return failure();
  Location loc = getLoc();
  Value values = sliceBlocked(b, loc, getValues(), offsets, sizes,
                              valuesRatio(getValues(), getValuesFormat()));
  Value scales = sliceBlocked(b, loc, getScales(), offsets, sizes, kScales);
  Value init = sliceBlocked(b, loc, getInit(), offsets, sizes, kWhole);
  SmallVector<Type> types;
  if (isa<RankedTensorType>(init.getType()))
    types = {init.getType()};
  auto tiled = BlockDequantizeOp::create(b, loc, types, values, scales, init,
                                         getFormatAttr());
  return tiledResult(tiled, {values, scales, init});
}

LogicalResult BlockDequantizeOp::getResultTilePosition(
    OpBuilder &b, unsigned resultNumber, ArrayRef<OpFoldResult> offsets,
    ArrayRef<OpFoldResult> sizes, SmallVector<OpFoldResult> &resultOffsets,
    SmallVector<OpFoldResult> &resultSizes) {
  resultOffsets.assign(offsets.begin(), offsets.end());
  resultSizes.assign(sizes.begin(), sizes.end());
  return success();
}

//===----------------------------------------------------------------------===//
// Canonicalization
//===----------------------------------------------------------------------===//

namespace {
/// A tensor.cast to a less static type feeding the op is folded into it,
/// in place: the op reads the cast's source, and an init read that way
/// gives its tied result the more static type (cast back for its users).
/// Upstream's generic FoldTensorCastProducerOp would do the same by
/// cloning the op, regions included, which this op's regions do not
/// survive; this pattern runs first (higher benefit).
struct FoldCastsIntoFusedMatmul : public OpRewritePattern<FusedMatmulOp> {
  FoldCastsIntoFusedMatmul(MLIRContext *ctx)
      : OpRewritePattern<FusedMatmulOp>(ctx, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(FusedMatmulOp op,
                                PatternRewriter &rewriter) const override {
    bool changed = false;
    for (OpOperand &operand : op->getOpOperands()) {
      auto cast = operand.get().getDefiningOp<tensor::CastOp>();
      if (!cast || !tensor::canFoldIntoConsumerOp(cast))
        continue;
      OpResult tied;
      if (op.isDpsInit(&operand))
        tied = op.getTiedOpResult(&operand);
      Type oldType = tied ? tied.getType() : Type();
      rewriter.modifyOpInPlace(op, [&] {
        operand.set(cast.getSource());
        if (tied)
          tied.setType(cast.getSource().getType());
      });
      if (tied) {
        rewriter.setInsertionPointAfter(op);
        auto back =
            tensor::CastOp::create(rewriter, op.getLoc(), oldType, tied);
        rewriter.replaceAllUsesExcept(tied, back, back);
      }
      changed = true;
    }
    return success(changed);
  }
};
} // namespace

void FusedMatmulOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                MLIRContext *ctx) {
  results.add<FoldCastsIntoFusedMatmul>(ctx);
}

//===----------------------------------------------------------------------===//
// workgroup_moe_align
//===----------------------------------------------------------------------===//

MutableOperandRange WorkgroupMoeAlignOp::getDpsInitsMutable() {
  return MutableOperandRange(getOperation(), 1, 4);
}

LogicalResult WorkgroupMoeAlignOp::verify() {
  SmallVector<Value> outs = {getSorted(), getBlockExpert(), getValid(),
                             getPositions()};
  SmallVector<Value> all = {getTopkIds()};
  llvm::append_range(all, outs);
  if (failed(verifyDestinationStyle(*this, all, outs)))
    return failure();
  auto shaped = [](Value v) { return cast<ShapedType>(v.getType()); };
  return verifyMoeAlign(*this, shaped(getTopkIds()), shaped(getSorted()),
                        shaped(getBlockExpert()), shaped(getValid()),
                        shaped(getPositions()), getExperts(), getBlockM());
}

void WorkgroupMoeAlignOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addEffects(*this, effects);
}
