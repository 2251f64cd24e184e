//===- ProblemBuilder.cpp - MXFP4 problem functions -------------*- C++ -*-===//

#include "fp4/Dialect/MXFP4/Utils/ProblemBuilder.h"

#include "mlir/Interfaces/ViewLikeInterface.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::fp4::mxfp4;

llvm::Error mlir::fp4::mxfp4::checkGemmProblem(const GemmProblemSpec &spec) {
  auto fail = [](const llvm::Twine &message) {
    return llvm::createStringError(message.str());
  };
  if (spec.m < 1 || spec.n < 1 || spec.k < 1)
    return fail(llvm::formatv("M, N and K must be positive, got {0}x{1}x{2}",
                              spec.m, spec.n, spec.k));
  constexpr int64_t kMaxDim = int64_t(1) << 31;
  if (spec.m > kMaxDim || spec.n > kMaxDim || spec.k > kMaxDim)
    return fail("M, N and K must be at most 2^31");
  if (spec.k % kBlockSize != 0)
    return fail("K must be a multiple of 32 (one E8M0 scale per 32 values), "
                "got " +
                llvm::Twine(spec.k));
  if (spec.bLayout == Layout::preshuffled && spec.n % 16 != 0)
    return fail("a pre-shuffled B needs N to be a multiple of 16, got " +
                llvm::Twine(spec.n) + "; use the plain layout");
  return llvm::Error::success();
}

func::FuncOp mlir::fp4::mxfp4::buildGemmProblem(OpBuilder &b, Location loc,
                                                const GemmProblemSpec &spec) {
  int64_t m = spec.m, n = spec.n, k = spec.k;
  Type bf16 = b.getBF16Type(), f4 = b.getType<Float4E2M1FNType>(),
       e8m0 = b.getType<Float8E8M0FNUType>();
  Type outType = spec.outF32 ? Type(b.getF32Type()) : bf16;
  SmallVector<int64_t, 2> bsShape =
      spec.bLayout == Layout::preshuffled
          ? getPreshuffledScalesShape(n, k)
          : SmallVector<int64_t, 2>{n, k / kBlockSize};
  auto aValuesType = RankedTensorType::get({m, k}, f4);
  auto aScalesType = RankedTensorType::get({m, k / kBlockSize}, e8m0);
  SmallVector<Type> args;
  if (spec.aQuantized)
    args = {aValuesType, aScalesType};
  else
    args = {RankedTensorType::get({m, k}, bf16)};
  args.append({RankedTensorType::get({n, k}, f4),
               RankedTensorType::get(bsShape, e8m0)});
  auto resultType = RankedTensorType::get({m, n}, outType);
  std::string name = spec.name.empty()
                         ? llvm::formatv("gemm_{0}x{1}x{2}", m, n, k).str()
                         : spec.name;
  auto func =
      func::FuncOp::create(b, loc, name, b.getFunctionType(args, {resultType}));
  OpBuilder::InsertionGuard guard(b);
  Block *body = func.addEntryBlock();
  b.setInsertionPointToStart(body);
  Value aValues = body->getArgument(0), aScales;
  unsigned next = 1;
  if (spec.aQuantized) {
    aScales = body->getArgument(next++);
  } else {
    auto q =
        QuantizeOp::create(b, loc, aValuesType, aScalesType, aValues,
                           ScaleModeAttr::get(b.getContext(), spec.scaleMode));
    aValues = q.getValues();
    aScales = q.getScales();
  }
  Value bValues = body->getArgument(next++), bScales = body->getArgument(next);
  auto mm = ScaledMatmulOp::create(
      b, loc, resultType, aValues, aScales, bValues, bScales,
      LayoutAttr::get(b.getContext(), spec.bLayout), GemmConfigAttr());
  func::ReturnOp::create(b, loc, mm.getResult());
  return func;
}

func::FuncOp mlir::fp4::mxfp4::buildQuantizeProblem(OpBuilder &b, Location loc,
                                                    int64_t m, int64_t k,
                                                    ScaleMode mode,
                                                    StringRef name) {
  Type f4 = b.getType<Float4E2M1FNType>(),
       e8m0 = b.getType<Float8E8M0FNUType>();
  auto in = RankedTensorType::get({m, k}, b.getBF16Type());
  auto values = RankedTensorType::get({m, k}, f4);
  auto scales = RankedTensorType::get({m, k / kBlockSize}, e8m0);
  std::string fname =
      name.empty() ? llvm::formatv("quantize_{0}x{1}", m, k).str() : name.str();
  auto func = func::FuncOp::create(b, loc, fname,
                                   b.getFunctionType({in}, {values, scales}));
  OpBuilder::InsertionGuard guard(b);
  Block *body = func.addEntryBlock();
  b.setInsertionPointToStart(body);
  auto op = QuantizeOp::create(b, loc, values, scales, body->getArgument(0),
                               ScaleModeAttr::get(b.getContext(), mode));
  func::ReturnOp::create(b, loc, op.getResults());
  return func;
}

int64_t mlir::fp4::mxfp4::getViewedArgument(Value v, func::FuncOp func) {
  while (true) {
    if (auto arg = dyn_cast<BlockArgument>(v))
      return arg.getOwner() == &func.getBody().front() ? arg.getArgNumber()
                                                       : -1;
    auto view = v.getDefiningOp<ViewLikeOpInterface>();
    if (!view)
      return -1;
    v = view.getViewSource();
  }
}
