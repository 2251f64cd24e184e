//===- fp4-gen.cpp - print MXFP4 problem functions --------------*- C++ -*-===//
//
// Prints the function of an MXFP4 problem for any shape. `gemm` output is
// ready for `fp4-opt --fp4-lower-to-hsaco`; `quantize` output is a dialect
// test input (the lowering compiles GEMM functions only):
//
//   fp4-gen gemm -m 16 -n 2112 -k 7168 --b-layout preshuffled
//   fp4-gen quantize -m 16 -k 7168
//   fp4-gen moe --tokens 4 --experts 257 --topk 9 --d-hidden 7168 \
//               --d-expert 256
//
//===----------------------------------------------------------------------===//

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"
#include "fp4/Dialect/MXFP4/Utils/MoeLayerBuilder.h"
#include "fp4/Dialect/MXFP4/Utils/ProblemBuilder.h"
#include "fp4/Registration/Registration.h"
#include "fp4/Tools/ToolMain.h"

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

static cl::OptionCategory genCategory("fp4-gen options");

static cl::SubCommand gemmCmd("gemm", "C = quantize(A) x B: bf16 A [M,K], "
                                      "pre-quantized MXFP4 B [N,K]");
static cl::SubCommand quantizeCmd("quantize",
                                  "MXFP4 quantization of a bf16 [M,K] tensor");

static cl::SubCommand
    moeCmd("moe", "the GPU MODE moe-mxfp4 layer: routing, stage 1 (gate, up, "
                  "SwiGLU), stage 2 with the weighted combine");

static cl::opt<int64_t> optTokens("tokens", cl::desc("tokens (M)"),
                                  cl::Required, cl::sub(moeCmd),
                                  cl::cat(genCategory));
static cl::opt<int64_t>
    optExperts("experts", cl::desc("experts, the shared ones included"),
               cl::Required, cl::sub(moeCmd), cl::cat(genCategory));
static cl::opt<int64_t>
    optTopk("topk", cl::desc("experts per token, the shared ones included"),
            cl::Required, cl::sub(moeCmd), cl::cat(genCategory));
static cl::opt<int64_t> optHidden("d-hidden",
                                  cl::desc("d_hidden (padded, multiple of 32)"),
                                  cl::Required, cl::sub(moeCmd),
                                  cl::cat(genCategory));
static cl::opt<int64_t> optExpert("d-expert",
                                  cl::desc("d_expert (padded, multiple of 32)"),
                                  cl::Required, cl::sub(moeCmd),
                                  cl::cat(genCategory));
static cl::opt<int64_t>
    optBlockM("block-m",
              cl::desc("rows per expert-sorted block (moe_align); default: "
                       "16 where an expert with rows expects fewer than 32 "
                       "rows, else 32"),
              cl::init(0), cl::sub(moeCmd), cl::cat(genCategory));

static cl::opt<int64_t> optM("m", cl::desc("rows of A and C"), cl::Required,
                             cl::sub(gemmCmd), cl::sub(quantizeCmd),
                             cl::cat(genCategory));
static cl::opt<int64_t> optN("n", cl::desc("rows of B, columns of C"),
                             cl::Required, cl::sub(gemmCmd),
                             cl::cat(genCategory));
static cl::opt<int64_t> optK("k", cl::desc("reduction size (multiple of 32)"),
                             cl::Required, cl::sub(gemmCmd),
                             cl::sub(quantizeCmd), cl::cat(genCategory));
static cl::opt<mxfp4::Layout> optLayout(
    "b-layout", cl::desc("layout of B and its scales"),
    cl::values(clEnumValN(mxfp4::Layout::plain, "plain",
                          "[N,K/2] bytes, [N,K/32] scales"),
               clEnumValN(mxfp4::Layout::preshuffled, "preshuffled",
                          "aiter shuffle_weight (16,16) and e8m0_shuffle")),
    cl::init(mxfp4::Layout::preshuffled), cl::sub(gemmCmd),
    cl::cat(genCategory));
static cl::opt<std::string> optOut("out",
                                   cl::desc("C element type: bf16 or f32"),
                                   cl::init("bf16"), cl::sub(gemmCmd),
                                   cl::cat(genCategory));
static cl::opt<mxfp4::ScaleMode>
    optMode("scale-mode", cl::desc("how A's block scales are chosen"),
            cl::values(clEnumValN(mxfp4::ScaleMode::even, "even",
                                  "aiter reference (default)"),
                       clEnumValN(mxfp4::ScaleMode::floor, "floor",
                                  "strict OCP MX v1.0")),
            cl::init(mxfp4::ScaleMode::even), cl::sub(gemmCmd),
            cl::sub(quantizeCmd), cl::cat(genCategory));
static cl::opt<bool> optAQuantized(
    "a-quantized",
    cl::desc("A arrives quantized (fp4 values + scales) instead of bf16"),
    cl::init(false), cl::sub(gemmCmd), cl::cat(genCategory));
static cl::opt<std::string> optName("name", cl::desc("function name"),
                                    cl::init(""), cl::sub(gemmCmd),
                                    cl::sub(quantizeCmd), cl::sub(moeCmd),
                                    cl::cat(genCategory));

static int fail(const llvm::Twine &message) {
  llvm::errs() << "fp4-gen: " << message << "\n";
  return 1;
}

/// Verifies and prints the module `build` fills.
static int printModule(function_ref<void(OpBuilder &, Location)> build) {
  DialectRegistry registry;
  registerFp4Dialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  OpBuilder b(&ctx);
  Location loc = b.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToEnd(module->getBody());
  build(b, loc);
  // The spec checks admit only what the verifiers accept, so this fires
  // only if the two drift apart; an error all the same, not an assert.
  if (failed(verify(*module)))
    return fail("generated IR does not verify");
  module->print(llvm::outs());
  llvm::outs() << "\n";
  return 0;
}

static int printMoeLayer() {
  mxfp4::MoeLayerSpec spec;
  spec.tokens = optTokens;
  spec.experts = optExperts;
  spec.topk = optTopk;
  spec.dHidden = optHidden;
  spec.dExpert = optExpert;
  if (optBlockM.getNumOccurrences())
    spec.blockM = optBlockM;
  spec.name = optName;
  if (llvm::Error e = mxfp4::checkMoeLayerProblem(spec))
    return fail(llvm::toString(std::move(e)));
  return printModule([&](OpBuilder &b, Location loc) {
    mxfp4::buildMoeLayerProblem(b, loc, spec);
  });
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  setUpToolOptions({&genCategory});
  cl::ParseCommandLineOptions(
      argc, argv, "fp4-gen: print MXFP4 problem functions for fp4-opt\n");
  bool gemm = static_cast<bool>(gemmCmd);
  bool quantize = static_cast<bool>(quantizeCmd);
  if (moeCmd)
    return printMoeLayer();
  if (!gemm && !quantize)
    return fail("choose a subcommand: gemm, quantize or moe (see --help)");
  mxfp4::GemmProblemSpec spec;
  spec.m = optM;
  // `quantize` has no N and no B: any valid value lets the M and K checks run.
  spec.n = gemm ? optN.getValue() : 16;
  spec.k = optK;
  spec.bLayout = gemm ? optLayout.getValue() : mxfp4::Layout::plain;
  spec.outF32 = optOut == "f32";
  spec.scaleMode = optMode;
  spec.aQuantized = optAQuantized;
  spec.name = optName;
  if (llvm::Error e = mxfp4::checkGemmProblem(spec))
    return fail(llvm::toString(std::move(e)));
  if (gemm && optAQuantized && optMode.getNumOccurrences())
    return fail("--scale-mode has no effect with --a-quantized: A arrives "
                "quantized");
  if (gemm && optOut != "bf16" && optOut != "f32")
    return fail("--out must be bf16 or f32");

  return printModule([&](OpBuilder &b, Location loc) {
    if (gemm)
      mxfp4::buildGemmProblem(b, loc, spec);
    else
      mxfp4::buildQuantizeProblem(b, loc, optM, optK, optMode, optName);
  });
}
