//===- Passes.h - passes of the fp4-mlir pipelines --------------*- C++ -*-===//
//
// fp4-check-registrations: the first pass of fp4-lower-to-hsaco, which names
// the interface models and translations a context lacks.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_PIPELINES_PASSES_H
#define FP4_PIPELINES_PASSES_H

#include "mlir/Pass/Pass.h"

#include <string>

namespace mlir {
class MLIRContext;
namespace fp4 {

#define GEN_PASS_DECL
#include "fp4/Pipelines/Passes.h.inc"

/// An interface a dialect's ops (or the dialect itself) lack.
struct MissingRegistration {
  /// "TilingInterface", ..., "LLVM IR translation".
  std::string interface;
  std::string dialect;
  /// The ops without it; empty for a dialect interface.
  SmallVector<std::string> ops;
};

/// What `context` lacks of the interface models and LLVM IR translations
/// fp4-lower-to-hsaco needs, for the dialects loaded in it (see the pass
/// description in Passes.td); empty when nothing is missing.
SmallVector<MissingRegistration> findMissingRegistrations(MLIRContext *context);

#define GEN_PASS_REGISTRATION
#include "fp4/Pipelines/Passes.h.inc"

} // namespace fp4
} // namespace mlir

#endif // FP4_PIPELINES_PASSES_H
