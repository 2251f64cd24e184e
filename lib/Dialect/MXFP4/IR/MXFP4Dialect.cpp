//===- MXFP4Dialect.cpp - mxfp4 dialect and attributes -----------*- C++ -*-===//

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

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
}

LogicalResult
GemmConfigAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       int64_t mfma, int64_t wavesM, int64_t wavesN,
                       int64_t tilesM, int64_t tilesN, int64_t splitK) {
  if (mfma != 16 && mfma != 32)
    return emitError() << "mfma must be 16 (16x16x128) or 32 (32x32x64), got "
                       << mfma;
  if (wavesM < 1 || wavesN < 1 || tilesM < 1 || tilesN < 1 || splitK < 1)
    return emitError() << "waves, tiles and split_k must be positive";
  // gfx950 work-groups hold at most 1024 work-items: 16 waves of 64.
  if (wavesM * wavesN > 16)
    return emitError() << "at most 16 waves per work-group, got "
                       << wavesM * wavesN;
  return success();
}
