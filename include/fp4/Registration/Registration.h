//===- Registration.h - register fp4-mlir with an MLIR context --*- C++ -*-===//
//
// One header for tools and for compilers that embed fp4-mlir: the dialects
// the pipelines touch, the passes and the pipelines, and the LLVM IR
// translations that serializing a gpu.module to HSACO needs.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_REGISTRATION_REGISTRATION_H
#define FP4_REGISTRATION_REGISTRATION_H

namespace mlir {
class DialectRegistry;
namespace fp4 {
/// Inserts the mxfp4 dialect and every upstream dialect that fp4-mlir
/// pipelines produce or consume, plus their interface implementations and
/// LLVM IR translations. Inserting twice into one registry is harmless.
/// fp4-lower-to-hsaco's first pass (fp4-check-registrations) names what a
/// context built with less lacks.
void registerFp4Dialects(DialectRegistry &registry);

/// Registers the fp4-mlir passes and pipelines, and the upstream passes that
/// the pipelines are built from, for use on the command line. Runs once per
/// process: calling it again does nothing.
void registerAllFp4Passes();
} // namespace fp4
} // namespace mlir

#endif // FP4_REGISTRATION_REGISTRATION_H
