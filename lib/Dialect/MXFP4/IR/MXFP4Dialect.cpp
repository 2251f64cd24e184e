//===- MXFP4Dialect.cpp - mxfp4 dialect and attributes ----------*- C++ -*-===//

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#include <tuple>

using namespace mlir;
using namespace mlir::fp4::mxfp4;

#include "fp4/Dialect/MXFP4/IR/MXFP4OpsDialect.cpp.inc"

#include "fp4/Dialect/MXFP4/IR/MXFP4Enums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "fp4/Dialect/MXFP4/IR/MXFP4Attrs.cpp.inc"

void MXFP4Dialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "fp4/Dialect/MXFP4/IR/MXFP4Attrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "fp4/Dialect/MXFP4/IR/MXFP4Ops.cpp.inc"
      >();
  attachBufferizationModels(getContext());
}

LogicalResult
GemmConfigAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       int64_t mfma, int64_t wavesM, int64_t wavesN,
                       int64_t tilesM, int64_t tilesN, int64_t splitK,
                       int64_t wavesK, int64_t stages) {
  if (mfma != 16 && mfma != 32)
    return emitError() << "mfma must be 16 (16x16x128) or 32 (32x32x64), got "
                       << mfma;
  // Bound each factor before multiplying: no product below can overflow.
  for (auto [name, value, max] :
       {std::tuple<const char *, int64_t, int64_t>{"waves_m", wavesM, 16},
        {"waves_n", wavesN, 16},
        {"tiles_m", tilesM, 16},
        {"tiles_n", tilesN, 16},
        {"split_k", splitK, 256},
        {"waves_k", wavesK, 16},
        {"stages", stages, 4}})
    if (value < 1 || value > max)
      return emitError() << name << " must be in [1, " << max << "], got "
                         << value;
  // gfx950 work-groups hold at most 1024 work-items: 16 waves of 64.
  if (wavesM * wavesN * wavesK > 16)
    return emitError() << "at most 16 waves per work-group, got "
                       << wavesM * wavesN * wavesK;
  return success();
}

LogicalResult
MSpecializationAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                            int64_t maxM, GemmConfigAttr config) {
  if (maxM < 1)
    return emitError() << "max_m must be positive, got " << maxM;
  if (!config)
    return emitError() << "needs a config";
  return success();
}

LogicalResult
mlir::fp4::mxfp4::verifyMSpecializations(Operation *op,
                                         ArrayAttr specializations, int64_t m) {
  if (!specializations)
    return success();
  if (!ShapedType::isDynamic(m))
    return op->emitOpError("has m_specializations but a static M (")
           << m << "): they are for an M known only at run time";
  int64_t previous = 0;
  for (auto s : specializations.getAsRange<MSpecializationAttr>()) {
    if (s.getMaxM() <= previous)
      return op->emitOpError("m_specializations must have strictly "
                             "increasing max_m, got ")
             << s.getMaxM() << " after " << previous;
    previous = s.getMaxM();
  }
  return success();
}
