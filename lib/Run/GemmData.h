//===- GemmData.h - inputs and reference output of a GEMM -------*- C++ -*-===//

#ifndef FP4_LIB_RUN_GEMMDATA_H
#define FP4_LIB_RUN_GEMMDATA_H

#include "fp4/Reference/Quantize.h"
#include "fp4/Run/Runner.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace mlir::fp4 {

/// The element type of a high-precision A.
enum class AElement { BF16, F16, F32 };

/// The problem a compiled GEMM function computes (its `fp4.gemm` attribute,
/// and the element type of its argument `fp4.arg = "a"`).
struct GemmProblem {
  int64_t m = 0, n = 0, k = 0;
  bool preshuffled = false;
  bool quantizeA = true;
  /// A's element type when the function quantizes A.
  AElement aElement = AElement::BF16;
  ::fp4::ref::ScaleMode mode = ::fp4::ref::ScaleMode::Even;
  /// Tie rounding of A's quantization (fp4.gemm's `ties`, even when absent).
  ::fp4::ref::Ties ties = ::fp4::ref::Ties::Even;
  /// The MX formats of A (what it is quantized to, or is given in) and B.
  ::fp4::ref::ElementFormat aFormat = ::fp4::ref::ElementFormat::E2M1;
  ::fp4::ref::ElementFormat bFormat = ::fp4::ref::ElementFormat::E2M1;
  /// Bytes of one packed row of A's and B's values.
  int64_t aRowBytes() const;
  int64_t bRowBytes() const;
};

/// The inputs in plain layouts (what the reference library takes) and in
/// the function's ABI (what the kernel takes: B shuffled if it wants so).
struct GemmInputs {
  /// [M, K] when quantizeA: A's values, each exact in A's element type.
  std::vector<float> a;
  // Packed rows ([M, aRowBytes], [N, bRowBytes]) and scales ([.., K/32]);
  // A's only when it is given quantized, B's in the plain layout.
  std::vector<uint8_t> aQ, aScales;
  std::vector<uint8_t> bQ, bScales;
  /// Role -> bytes handed to the kernel.
  std::map<std::string, std::vector<uint8_t>> abi;
};

llvm::Expected<GemmProblem> readGemmProblem(func::FuncOp func);

/// The MLIR type name of an MX format ("f8E4M3FN"), as fp4.gemm says it.
llvm::StringRef formatTypeName(::fp4::ref::ElementFormat format);

/// Makes the inputs like the reference problem, from `seed`.
GemmInputs makeGemmInputs(const GemmProblem &p, InputData data, uint64_t seed);

/// The A [M, K] (values exact in p.aElement) and bf16 B [N, K] of the
/// `edge` and (with `nonFinite`) `nonfinite` data (EdgeData.cpp,
/// docs/runtime.md).
void makeEdgeInputs(const GemmProblem &p, bool nonFinite, uint64_t seed,
                    std::vector<float> &a, std::vector<uint16_t> &b);

/// The scale exponent of every A block in K block `kBlock` under the edge
/// data (B's K block is scaled by about its inverse); an f16 A has a
/// schedule of its own, inside f16's range.
int edgeExponent(AElement a, int64_t kBlock);

/// IEEE binary16 <-> f32, rounding to nearest even (overflow to Inf).
uint16_t floatToHalf(float value);
float halfToFloat(uint16_t bits);

/// Replaces the input of `role` with the .npy file at `path`, checking its
/// dtype and shape, and refreshes the plain copy the reference reads.
llvm::Error loadGemmInput(const GemmProblem &p, GemmInputs &inputs,
                          llvm::StringRef role, llvm::StringRef path);

/// Writes each ABI input to `dir`/ROLE.npy: bf16 A as "<u2", bytes as "|u1".
llvm::Error writeGemmInputs(const GemmProblem &p, const GemmInputs &inputs,
                            llvm::StringRef dir, llvm::raw_ostream &log);

/// The reference library's C (f32), from the plain inputs.
llvm::Expected<std::vector<float>> referenceOutput(const GemmProblem &p,
                                                   const GemmInputs &inputs);

} // namespace mlir::fp4

#endif // FP4_LIB_RUN_GEMMDATA_H
