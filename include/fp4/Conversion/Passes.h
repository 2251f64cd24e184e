//===- Passes.h - mxfp4 conversion passes -----------------------*- C++ -*-===//

#ifndef FP4_CONVERSION_PASSES_H
#define FP4_CONVERSION_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace amdgpu {
class AMDGPUDialect;
}
namespace ROCDL {
class ROCDLDialect;
}
namespace fp4 {

#define GEN_PASS_DECL
#include "fp4/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "fp4/Conversion/Passes.h.inc"

} // namespace fp4
} // namespace mlir

#endif // FP4_CONVERSION_PASSES_H
