//===- ApproximateMathFunctions.cpp - no device library ---------*- C++ -*-===//
//
// Our code objects link no device library, so the math functions the ROCDL
// lowering would call there (erf, erfc) become upstream's polynomial
// approximations: arith code the kernel runs itself.
//
//===----------------------------------------------------------------------===//

#include "fp4/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::fp4 {
#define GEN_PASS_DEF_APPROXIMATEMATHFUNCTIONS
#include "fp4/Transforms/Passes.h.inc"
} // namespace mlir::fp4

using namespace mlir;

namespace {
struct ApproximateMathFunctionsPass
    : public fp4::impl::ApproximateMathFunctionsBase<
          ApproximateMathFunctionsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populatePolynomialApproximateErfPattern(patterns);
    populatePolynomialApproximateErfcPattern(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
