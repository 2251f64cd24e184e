//===- Generate.cpp - C API: build MXFP4 problem modules --------*- C++ -*-===//
//
// The GEMM function of `fp4-gen gemm` and the MoE layer of `fp4-gen moe`
// (the same builders: mxfp4::buildGemmProblem, buildMoeLayerProblem),
// verified, for embedders (and Python) that have no fp4-gen at hand.
//
//===----------------------------------------------------------------------===//

#include "fp4-c/Generate.h"

#include "Utils.h"

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"
#include "fp4/Dialect/MXFP4/Utils/MoeLayerBuilder.h"
#include "fp4/Dialect/MXFP4/Utils/ProblemBuilder.h"
#include "fp4/Registration/Registration.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::fp4;

Fp4GemmSpec fp4GemmSpecGetDefault(int64_t m, int64_t n, int64_t k) {
  Fp4GemmSpec spec;
  spec.m = m;
  spec.n = n;
  spec.k = k;
  spec.bLayout = FP4_B_LAYOUT_PRESHUFFLED;
  spec.out = FP4_OUT_BF16;
  spec.scaleMode = FP4_SCALE_MODE_EVEN;
  spec.aQuantized = false;
  spec.name = MlirStringRef{"", 0};
  return spec;
}

/// The C spec as the builder's, refusing enum values the C caller may have
/// made up.
static llvm::Expected<mxfp4::GemmProblemSpec> toProblem(const Fp4GemmSpec &c) {
  auto fail = [](const llvm::Twine &message) {
    return llvm::createStringError(message.str());
  };
  // By their bytes: a C caller may have stored any int in these fields.
  int64_t layout = capi::enumValue(c.bLayout), out = capi::enumValue(c.out),
          mode = capi::enumValue(c.scaleMode);
  if (layout != FP4_B_LAYOUT_PLAIN && layout != FP4_B_LAYOUT_PRESHUFFLED)
    return fail("unknown B layout " + llvm::Twine(layout));
  if (out != FP4_OUT_BF16 && out != FP4_OUT_F32)
    return fail("unknown output type " + llvm::Twine(out));
  if (mode != FP4_SCALE_MODE_EVEN && mode != FP4_SCALE_MODE_FLOOR)
    return fail("unknown scale mode " + llvm::Twine(mode));
  mxfp4::GemmProblemSpec p;
  p.m = c.m;
  p.n = c.n;
  p.k = c.k;
  p.bLayout = layout == FP4_B_LAYOUT_PRESHUFFLED ? mxfp4::Layout::preshuffled
                                                 : mxfp4::Layout::plain;
  p.outF32 = out == FP4_OUT_F32;
  p.scaleMode = mode == FP4_SCALE_MODE_FLOOR ? mxfp4::ScaleMode::floor
                                             : mxfp4::ScaleMode::even;
  p.aQuantized = c.aQuantized;
  p.name = capi::toStringRef(c.name).str();
  if (llvm::Error e = mxfp4::checkGemmProblem(p))
    return std::move(e);
  return p;
}

/// Builds a module with `build`, verifies it and prints it through
/// `callback`; `what` names it in the verifier's error.
static Fp4Status
printBuiltModule(llvm::StringRef what,
                 llvm::function_ref<void(OpBuilder &, Location)> build,
                 MlirStringCallback callback, void *userData) {
  DialectRegistry registry;
  registerFp4Dialects(registry);
  MLIRContext context(registry);
  // The builders create ops of several dialects (the MoE layer: linalg,
  // tensor, arith, math).
  context.loadAllAvailableDialects();
  // A verifier complaint goes to the status, not to stderr.
  std::string diagnostics;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    diagnostics += d.str() + "\n";
    return success();
  });
  OpBuilder b(&context);
  Location loc = b.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToEnd(module->getBody());
  build(b, loc);
  if (failed(verify(*module)))
    return capi::makeError("the generated " + what + " does not verify: " +
                           llvm::StringRef(diagnostics).rtrim());
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os);
  os << "\n";
  callback(capi::toMlirStringRef(text), userData);
  return Fp4Status{nullptr};
}

Fp4Status fp4GenerateGemm(Fp4GemmSpec spec, MlirStringCallback callback,
                          void *userData) {
  auto problem = toProblem(spec);
  if (!problem)
    return capi::makeStatus(problem.takeError());
  return printBuiltModule(
      "GEMM",
      [&](OpBuilder &b, Location loc) {
        mxfp4::buildGemmProblem(b, loc, *problem);
      },
      callback, userData);
}

int64_t fp4MoeDefaultBlockM(int64_t tokens, int64_t experts, int64_t topk) {
  return mxfp4::defaultMoeBlockM(tokens, experts, topk);
}

Fp4Status fp4GenerateMoeLayer(Fp4MoeLayerSpec spec, MlirStringCallback callback,
                              void *userData) {
  mxfp4::MoeLayerSpec layer{spec.tokens, spec.experts, spec.topk, spec.dHidden,
                            spec.dExpert};
  if (spec.blockM)
    layer.blockM = spec.blockM;
  layer.name = capi::toStringRef(spec.name).str();
  if (llvm::Error e = mxfp4::checkMoeLayerProblem(layer))
    return capi::makeStatus(std::move(e));
  return printBuiltModule(
      "MoE layer",
      [&](OpBuilder &b, Location loc) {
        mxfp4::buildMoeLayerProblem(b, loc, layer);
      },
      callback, userData);
}
