//===- ProblemBuilder.h - MXFP4 problem functions ---------------*- C++ -*-===//
//
// Builds the functions `fp4-gen` prints (and the C API generates): a GEMM
// with bf16 A quantized in the function (or A given quantized) and B
// pre-quantized, and a plain quantization. One implementation, so that the
// tool and the library cannot drift apart.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_DIALECT_MXFP4_UTILS_PROBLEMBUILDER_H
#define FP4_DIALECT_MXFP4_UTILS_PROBLEMBUILDER_H

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir::fp4::mxfp4 {

struct GemmProblemSpec {
  int64_t m = 0, n = 0, k = 0;
  Layout bLayout = Layout::preshuffled;
  /// C's element type: f32 when set, bf16 otherwise.
  bool outF32 = false;
  /// How the function quantizes A (unused with aQuantized).
  ScaleMode scaleMode = ScaleMode::even;
  /// A arrives as fp4 values + scales instead of bf16.
  bool aQuantized = false;
  /// Function name; empty: gemm_MxNxK.
  std::string name;
};

/// Checks a spec: positive sizes up to 2^31, K a multiple of 32, N a
/// multiple of 16 for a pre-shuffled B. The error says what is wrong.
llvm::Error checkGemmProblem(const GemmProblemSpec &spec);

/// Builds the GEMM function at `b`'s insertion point (a module body).
func::FuncOp buildGemmProblem(OpBuilder &b, Location loc,
                              const GemmProblemSpec &spec);

/// Builds `quantize_MxK` (or `name`): bf16 [M, K] -> values, scales.
func::FuncOp buildQuantizeProblem(OpBuilder &b, Location loc, int64_t m,
                                  int64_t k, ScaleMode mode,
                                  StringRef name = "");

/// The number of the argument of `func` (its entry block) that `v` is or a
/// view of (through ViewLikeOpInterface); -1 otherwise. Maps a compiled
/// GEMM function's launch operands back to its arguments.
int64_t getViewedArgument(Value v, func::FuncOp func);

} // namespace mlir::fp4::mxfp4

#endif // FP4_DIALECT_MXFP4_UTILS_PROBLEMBUILDER_H
