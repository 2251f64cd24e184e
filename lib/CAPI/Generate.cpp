//===- Generate.cpp - C API: build MXFP4 GEMM modules -----------*- C++ -*-===//
//
// The GEMM function of `fp4-gen gemm`, built with the dialect's builders and
// verified, for embedders (and Python) that have no fp4-gen at hand. Keep
// the checks and the function's form in step with tools/fp4-gen.
//
//===----------------------------------------------------------------------===//

#include "fp4-c/Generate.h"

#include "Utils.h"

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"
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

static llvm::Error checkSpec(const Fp4GemmSpec &spec) {
  auto fail = [](const llvm::Twine &message) {
    return llvm::createStringError(message.str());
  };
  if (spec.m < 1 || spec.n < 1 || spec.k < 1)
    return fail(llvm::formatv("M, N and K must be positive, got {0}x{1}x{2}",
                              spec.m, spec.n, spec.k));
  if (spec.k % 32 != 0)
    return fail("K must be a multiple of 32 (one E8M0 scale per 32 values), "
                "got " +
                llvm::Twine(spec.k));
  constexpr int64_t kMaxDim = int64_t(1) << 31;
  if (spec.m > kMaxDim || spec.n > kMaxDim || spec.k > kMaxDim)
    return fail("M, N and K must be at most 2^31");
  int64_t layout = capi::enumValue(spec.bLayout);
  int64_t out = capi::enumValue(spec.out);
  int64_t mode = capi::enumValue(spec.scaleMode);
  if (layout != FP4_B_LAYOUT_PLAIN && layout != FP4_B_LAYOUT_PRESHUFFLED)
    return fail("unknown B layout " + llvm::Twine(layout));
  if (layout == FP4_B_LAYOUT_PRESHUFFLED && spec.n % 16 != 0)
    return fail("a pre-shuffled B needs N to be a multiple of 16, got " +
                llvm::Twine(spec.n) + "; use the plain layout");
  if (out != FP4_OUT_BF16 && out != FP4_OUT_F32)
    return fail("unknown output type " + llvm::Twine(out));
  if (mode != FP4_SCALE_MODE_EVEN && mode != FP4_SCALE_MODE_FLOOR)
    return fail("unknown scale mode " + llvm::Twine(mode));
  return llvm::Error::success();
}

static void buildGemm(OpBuilder &b, Location loc, const Fp4GemmSpec &spec) {
  int64_t m = spec.m, n = spec.n, k = spec.k;
  Type bf16 = b.getBF16Type(), f4 = b.getType<Float4E2M1FNType>(),
       e8m0 = b.getType<Float8E8M0FNUType>();
  Type outType = spec.out == FP4_OUT_F32 ? Type(b.getF32Type()) : bf16;
  bool pre = spec.bLayout == FP4_B_LAYOUT_PRESHUFFLED;
  auto layout = pre ? mxfp4::Layout::preshuffled : mxfp4::Layout::plain;
  auto mode = spec.scaleMode == FP4_SCALE_MODE_FLOOR ? mxfp4::ScaleMode::floor
                                                     : mxfp4::ScaleMode::even;
  SmallVector<int64_t, 2> bsShape = pre ? mxfp4::getPreshuffledScalesShape(n, k)
                                        : SmallVector<int64_t, 2>{n, k / 32};
  auto aQ = RankedTensorType::get({m, k}, f4);
  auto aS = RankedTensorType::get({m, k / 32}, e8m0);
  SmallVector<Type> args;
  if (spec.aQuantized)
    args = {aQ, aS};
  else
    args = {RankedTensorType::get({m, k}, bf16)};
  args.append({RankedTensorType::get({n, k}, f4),
               RankedTensorType::get(bsShape, e8m0)});
  auto resultType = RankedTensorType::get({m, n}, outType);
  llvm::StringRef given = capi::toStringRef(spec.name);
  std::string name = given.empty()
                         ? llvm::formatv("gemm_{0}x{1}x{2}", m, n, k).str()
                         : given.str();
  auto func =
      func::FuncOp::create(b, loc, name, b.getFunctionType(args, {resultType}));
  Block *body = func.addEntryBlock();
  b.setInsertionPointToStart(body);
  Value aValues = body->getArgument(0), aScales;
  unsigned next = 1;
  if (spec.aQuantized) {
    aScales = body->getArgument(next++);
  } else {
    auto q = mxfp4::QuantizeOp::create(
        b, loc, aQ, aS, aValues,
        mxfp4::ScaleModeAttr::get(b.getContext(), mode));
    aValues = q.getValues();
    aScales = q.getScales();
  }
  Value bValues = body->getArgument(next++), bScales = body->getArgument(next);
  auto mm = mxfp4::ScaledMatmulOp::create(
      b, loc, resultType, aValues, aScales, bValues, bScales,
      mxfp4::LayoutAttr::get(b.getContext(), layout),
      /*config=*/mxfp4::GemmConfigAttr());
  func::ReturnOp::create(b, loc, mm.getResult());
}

Fp4Status fp4GenerateGemm(Fp4GemmSpec spec, MlirStringCallback callback,
                          void *userData) {
  if (llvm::Error e = checkSpec(spec))
    return capi::makeStatus(std::move(e));
  DialectRegistry registry;
  registerFp4Dialects(registry);
  MLIRContext context(registry);
  context.loadDialect<mxfp4::MXFP4Dialect, func::FuncDialect>();
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
  buildGemm(b, loc, spec);
  if (failed(verify(*module)))
    return capi::makeError("the generated GEMM does not verify: " +
                           llvm::StringRef(diagnostics).rtrim());
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os);
  os << "\n";
  callback(capi::toMlirStringRef(text), userData);
  return Fp4Status{nullptr};
}
