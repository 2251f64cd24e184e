//===- ScaledMMA.cpp - gfx950 scaled MFMA lane layouts ----------*- C++ -*-===//
//
// The operand and accumulator layouts of v_mfma_scale_f32_16x16x128 and
// _32x32x64 (docs/reference-numerics.md, "MFMA lanes"; AMD's CDNA4 ISA
// guide), as data, and the one function that turns a layout into a lane's
// coordinates. Per element they are the same for every operand format;
// only a lane's bytes differ (4, 6 or 8 dwords for 32 elements).
//
//===----------------------------------------------------------------------===//

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

#include <cmath>

using namespace mlir;
using namespace mlir::fp4::mxfp4;

MXFormatInfo mlir::fp4::mxfp4::getMXFormatInfo(Type format) {
  if (isa<Float8E4M3FNType>(format))
    return {8, 7, 3, 8, 0x7E};
  if (isa<Float8E5M2Type>(format))
    return {8, 15, 2, 15, 0x7B};
  if (isa<Float6E2M3FNType>(format))
    return {6, 1, 3, 2, 0x1F};
  if (isa<Float6E3M2FNType>(format))
    return {6, 3, 2, 4, 0x1F};
  assert(isa<Float4E2M1FNType>(format) && "an MX element type");
  return {4, 1, 1, 2, 0x7};
}

double MXFormatInfo::largest() const {
  int64_t field = maxMagnitudeCode >> mantissaBits;
  int64_t mantissa = maxMagnitudeCode & ((1 << mantissaBits) - 1);
  return std::ldexp(double((1 << mantissaBits) + mantissa),
                    int(field - bias - mantissaBits));
}

bool mlir::fp4::mxfp4::isSubByteMXType(Type t) {
  return isa<Float4E2M1FNType, Float6E2M3FNType, Float6E3M2FNType>(t);
}

bool mlir::fp4::mxfp4::isMXElementType(Type t) {
  return isa<Float8E4M3FNType, Float8E5M2Type, Float6E2M3FNType,
             Float6E3M2FNType, Float4E2M1FNType>(t);
}

LogicalResult
ScaledMMAAttr::verify(function_ref<InFlightDiagnostic()> emitError, int64_t m,
                      int64_t n, int64_t k, Type a, Type b) {
  if (!((m == 16 && n == 16 && k == 128) || (m == 32 && n == 32 && k == 64)))
    return emitError() << "gfx950's scaled MFMAs are 16x16x128 and 32x32x64, "
                          "got "
                       << m << "x" << n << "x" << k;
  for (auto [name, t] : {std::pair<StringRef, Type>{"a", a}, {"b", b}})
    if (!isMXElementType(t))
      return emitError() << name
                         << " must be f8E4M3FN, f8E5M2, f6E2M3FN, "
                            "f6E3M2FN or f4E2M1FN, got "
                         << t;
  return success();
}

ScaledMMAAttr GemmConfigAttr::getMmaKind() const {
  return ScaledMMAAttr::get(getContext(), getMfma(), getMfma(), getMfmaK());
}

// A and B: one 32-element block per lane; lanes run along the rows first,
// then along the K blocks of one instruction.
SingleSubgroupLayout ScaledMMAAttr::getALayout() const {
  return {/*outer=*/{1, 1}, /*thread=*/{getM(), getBlocksPerStep()},
          /*tstrides=*/{1, getM()}, /*element=*/{1, 32}};
}

SingleSubgroupLayout ScaledMMAAttr::getBLayout() const {
  return {{1, 1}, {getN(), getBlocksPerStep()}, {1, getN()}, {1, 32}};
}

// The accumulator: a column per lane (l % N), rows in runs of 4 per lane
// group (l / N), the runs of a lane `thread x 4` rows apart.
SingleSubgroupLayout ScaledMMAAttr::getAccLayout() const {
  int64_t groups = 64 / getN();
  return {/*outer=*/{getM() / (4 * groups), 1}, /*thread=*/{groups, getN()},
          /*tstrides=*/{getN(), 1}, /*element=*/{4, 1}};
}

SmallVector<Value> mlir::fp4::mxfp4::getLaneCoordinates(
    OpBuilder &b, Location loc, const SingleSubgroupLayout &layout, Value lane,
    ArrayRef<int64_t> outer, ArrayRef<int64_t> element) {
  SmallVector<Value> coords;
  for (size_t d = 0; d < layout.thread.size(); ++d) {
    AffineExpr l = b.getAffineDimExpr(0);
    int64_t thread = layout.thread[d], elem = layout.element[d];
    AffineExpr e = (l.floorDiv(layout.tstrides[d]) % thread) * elem +
                   outer[d] * thread * elem + element[d];
    coords.push_back(affine::makeComposedAffineApply(
        b, loc, AffineMap::get(1, 0, e), {lane}));
  }
  return coords;
}

Value ScaledMMAAttr::buildMfma(OpBuilder &b, Location loc, Value a,
                               Value aScale, Value bOperand, Value bScale,
                               Value acc) const {
  assert(cast<VectorType>(a.getType()).getElementType() == getA() &&
         cast<VectorType>(bOperand.getType()).getElementType() == getB() &&
         "operands of the attribute's element types");
  Type e8m0 = b.getType<Float8E8M0FNUType>();
  Value sa = arith::BitcastOp::create(b, loc, e8m0, aScale);
  Value sb = arith::BitcastOp::create(b, loc, e8m0, bScale);
  // One scale byte per operand (scalesIdx 0): op_sel packing is not used.
  return amdgpu::ScaledMFMAOp::create(
      b, loc, acc.getType(), b.getI32IntegerAttr(getM()),
      b.getI32IntegerAttr(getN()), b.getI32IntegerAttr(getK()), a, bOperand,
      acc, sa, sb, b.getI32IntegerAttr(0), b.getI32IntegerAttr(0));
}
