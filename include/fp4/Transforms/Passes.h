//===- Passes.h - kernels of any op, and their GPU mapping ------*- C++ -*-===//
//
// The target-independent passes of the one lowering path
// (docs/one-path.md): the generic kernel formation, the mapping of kernel
// loops to gpu.launch, and the address space of kernel arguments.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_TRANSFORMS_PASSES_H
#define FP4_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace affine {
class AffineDialect;
}
namespace arith {
class ArithDialect;
}
namespace gpu {
class GPUDialect;
}
namespace linalg {
class LinalgDialect;
}
namespace math {
class MathDialect;
}
namespace memref {
class MemRefDialect;
}
namespace scf {
class SCFDialect;
}
namespace tensor {
class TensorDialect;
}
namespace vector {
class VectorDialect;
}
namespace fp4 {

#define GEN_PASS_DECL
#include "fp4/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "fp4/Transforms/Passes.h.inc"

} // namespace fp4
} // namespace mlir

#endif // FP4_TRANSFORMS_PASSES_H
