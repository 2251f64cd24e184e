//===- Registration.cpp - C API: dialect handle, registration ---*- C++ -*-===//

#include "fp4-c/Registration.h"
#include "fp4-c/Dialect/MXFP4.h"

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"
#include "fp4/Registration/Registration.h"

#include "mlir/CAPI/Registration.h"

#include <mutex>

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(MXFP4, mxfp4,
                                      mlir::fp4::mxfp4::MXFP4Dialect)

void fp4RegisterDialects(MlirDialectRegistry registry) {
  mlir::fp4::registerFp4Dialects(*unwrap(registry));
}

void fp4RegisterAllPasses() {
  // MLIR aborts when a pipeline name is registered twice; C callers (and
  // Python, once per import) cannot be expected to track that.
  static std::once_flag once;
  std::call_once(once, [] { mlir::fp4::registerAllFp4Passes(); });
}
