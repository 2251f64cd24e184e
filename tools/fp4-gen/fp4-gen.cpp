//===- fp4-gen.cpp - print MXFP4 problem functions ----------------*- C++
//-*-===//
//
// Prints the function of an MXFP4 problem for any shape. `gemm` output is
// ready for `fp4-opt --fp4-lower-to-hsaco`; `quantize` output is a dialect
// test input (the lowering compiles GEMM functions only):
//
//   fp4-gen gemm -m 16 -n 2112 -k 7168 --b-layout preshuffled
//   fp4-gen quantize -m 16 -k 7168
//
//===----------------------------------------------------------------------===//

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"
#include "fp4/Registration/Registration.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::fp4;
namespace cl = llvm::cl;

static cl::SubCommand gemmCmd("gemm", "C = quantize(A) x B: bf16 A [M,K], "
                                      "pre-quantized MXFP4 B [N,K]");
static cl::SubCommand quantizeCmd("quantize",
                                  "MXFP4 quantization of a bf16 [M,K] tensor");

static cl::opt<int64_t> optM("m", cl::desc("rows of A and C"), cl::Required,
                             cl::sub(gemmCmd), cl::sub(quantizeCmd));
static cl::opt<int64_t> optN("n", cl::desc("rows of B, columns of C"),
                             cl::Required, cl::sub(gemmCmd));
static cl::opt<int64_t> optK("k", cl::desc("reduction size (multiple of 32)"),
                             cl::Required, cl::sub(gemmCmd),
                             cl::sub(quantizeCmd));
static cl::opt<mxfp4::Layout> optLayout(
    "b-layout", cl::desc("layout of B and its scales"),
    cl::values(clEnumValN(mxfp4::Layout::plain, "plain",
                          "[N,K/2] bytes, [N,K/32] scales"),
               clEnumValN(mxfp4::Layout::preshuffled, "preshuffled",
                          "aiter shuffle_weight (16,16) and e8m0_shuffle")),
    cl::init(mxfp4::Layout::preshuffled), cl::sub(gemmCmd));
static cl::opt<std::string> optOut("out",
                                   cl::desc("C element type: bf16 or f32"),
                                   cl::init("bf16"), cl::sub(gemmCmd));
static cl::opt<mxfp4::ScaleMode>
    optMode("scale-mode", cl::desc("how A's block scales are chosen"),
            cl::values(clEnumValN(mxfp4::ScaleMode::even, "even",
                                  "aiter reference (default)"),
                       clEnumValN(mxfp4::ScaleMode::floor, "floor",
                                  "strict OCP MX v1.0")),
            cl::init(mxfp4::ScaleMode::even), cl::sub(gemmCmd),
            cl::sub(quantizeCmd));
static cl::opt<bool> optAQuantized(
    "a-quantized",
    cl::desc("A arrives quantized (fp4 values + scales) instead of bf16"),
    cl::init(false), cl::sub(gemmCmd));
static cl::opt<std::string> optName("name", cl::desc("function name"),
                                    cl::init(""), cl::sub(gemmCmd),
                                    cl::sub(quantizeCmd));

static int fail(const llvm::Twine &message) {
  llvm::errs() << "fp4-gen: " << message << "\n";
  return 1;
}

static RankedTensorType tensor(ArrayRef<int64_t> shape, Type t) {
  return RankedTensorType::get(shape, t);
}

static void buildGemm(OpBuilder &b, Location loc, int64_t m, int64_t n,
                      int64_t k, Type outType) {
  Type bf16 = b.getBF16Type(), f4 = b.getType<Float4E2M1FNType>(),
       e8m0 = b.getType<Float8E8M0FNUType>();
  bool pre = optLayout == mxfp4::Layout::preshuffled;
  SmallVector<int64_t, 2> bsShape = pre ? mxfp4::getPreshuffledScalesShape(n, k)
                                        : SmallVector<int64_t, 2>{n, k / 32};
  auto aQ = tensor({m, k}, f4), aS = tensor({m, k / 32}, e8m0);
  SmallVector<Type> args;
  if (optAQuantized)
    args = {aQ, aS};
  else
    args = {tensor({m, k}, bf16)};
  args.append({tensor({n, k}, f4), tensor(bsShape, e8m0)});
  auto resultType = tensor({m, n}, outType);
  std::string name = optName.empty()
                         ? llvm::formatv("gemm_{0}x{1}x{2}", m, n, k).str()
                         : optName.getValue();
  auto func =
      func::FuncOp::create(b, loc, name, b.getFunctionType(args, {resultType}));
  Block *body = func.addEntryBlock();
  b.setInsertionPointToStart(body);
  Value aValues = body->getArgument(0), aScales;
  unsigned next = 1;
  if (optAQuantized) {
    aScales = body->getArgument(next++);
  } else {
    auto q = mxfp4::QuantizeOp::create(
        b, loc, aQ, aS, aValues,
        mxfp4::ScaleModeAttr::get(b.getContext(), optMode));
    aValues = q.getValues();
    aScales = q.getScales();
  }
  Value bValues = body->getArgument(next++), bScales = body->getArgument(next);
  auto mm = mxfp4::ScaledMatmulOp::create(
      b, loc, resultType, aValues, aScales, bValues, bScales,
      mxfp4::LayoutAttr::get(b.getContext(), optLayout),
      /*config=*/mxfp4::GemmConfigAttr());
  func::ReturnOp::create(b, loc, mm.getResult());
}

static void buildQuantize(OpBuilder &b, Location loc, int64_t m, int64_t k) {
  Type f4 = b.getType<Float4E2M1FNType>(),
       e8m0 = b.getType<Float8E8M0FNUType>();
  auto in = tensor({m, k}, b.getBF16Type());
  auto q = tensor({m, k}, f4), s = tensor({m, k / 32}, e8m0);
  std::string name = optName.empty()
                         ? llvm::formatv("quantize_{0}x{1}", m, k).str()
                         : optName.getValue();
  auto func =
      func::FuncOp::create(b, loc, name, b.getFunctionType({in}, {q, s}));
  Block *body = func.addEntryBlock();
  b.setInsertionPointToStart(body);
  auto op = mxfp4::QuantizeOp::create(
      b, loc, q, s, body->getArgument(0),
      mxfp4::ScaleModeAttr::get(b.getContext(), optMode));
  func::ReturnOp::create(b, loc, op.getResults());
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(
      argc, argv, "fp4-gen: print MXFP4 problem functions for fp4-opt\n");
  bool gemm = static_cast<bool>(gemmCmd);
  bool quantize = static_cast<bool>(quantizeCmd);
  if (!gemm && !quantize)
    return fail("choose a subcommand: gemm or quantize (see --help)");
  if (optM < 1 || optK < 1 || (gemm && optN < 1))
    return fail("M, N and K must be positive");
  if (optK % 32 != 0)
    return fail("K must be a multiple of 32 (one E8M0 scale per 32 values), "
                "got " +
                llvm::Twine(optK));
  if (gemm && optLayout == mxfp4::Layout::preshuffled && optN % 16 != 0)
    return fail("a pre-shuffled B needs N to be a multiple of 16, got " +
                llvm::Twine(optN) + "; use --b-layout plain");
  if (gemm && optAQuantized && optMode.getNumOccurrences())
    return fail("--scale-mode has no effect with --a-quantized: A arrives "
                "quantized");
  constexpr int64_t kMaxDim = int64_t(1) << 31;
  if (optM > kMaxDim || optK > kMaxDim || (gemm && optN > kMaxDim))
    return fail("M, N and K must be at most 2^31");
  if (gemm && optOut != "bf16" && optOut != "f32")
    return fail("--out must be bf16 or f32");

  DialectRegistry registry;
  registerFp4Dialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  OpBuilder b(&ctx);
  Location loc = b.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToEnd(module->getBody());
  if (gemm)
    buildGemm(b, loc, optM, optN, optK,
              optOut == "f32" ? Type(b.getF32Type()) : Type(b.getBF16Type()));
  else
    buildQuantize(b, loc, optM, optK);
  if (failed(verify(*module)))
    return fail("generated IR does not verify");
  module->print(llvm::outs());
  llvm::outs() << "\n";
  return 0;
}
