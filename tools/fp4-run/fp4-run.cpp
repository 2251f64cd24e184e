//===- fp4-run.cpp - run a compiled module ----------------------*- C++ -*-===//
//
//   fp4-gen gemm -m 16 -n 2112 -k 7168 | fp4-opt --fp4-lower-to-hsaco |
//     fp4-run --check
//   fp4-run prog.hsaco.mlir --entry f --input 0=x.npy --output 1=y.npy
//
//===----------------------------------------------------------------------===//

#include "fp4/Registration/Registration.h"
#include "fp4/Run/Runner.h"
#include "fp4/Tools/ToolMain.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
namespace cl = llvm::cl;
namespace rt = ::fp4::runtime;

static cl::OptionCategory runCategory("fp4-run options");

static cl::opt<std::string> inputFile(cl::Positional,
                                      cl::desc("<module.mlir> (- for stdin)"),
                                      cl::init("-"), cl::cat(runCategory));
static cl::opt<rt::DeviceKind> device(
    "device", cl::desc("where to run"),
    cl::values(clEnumValN(rt::DeviceKind::Auto, "auto",
                          "an AMD GPU through HIP if one is present, else the "
                          "emulator"),
               clEnumValN(rt::DeviceKind::Hip, "hip", "an AMD GPU through HIP"),
               clEnumValN(rt::DeviceKind::Emulator, "emu",
                          "the CPU emulator (runs the kernel's device IR)")),
    cl::init(rt::DeviceKind::Auto), cl::cat(runCategory));
static cl::opt<uint64_t> seed("seed", cl::desc("seed of the generated inputs"),
                              cl::init(1), cl::cat(runCategory));
static cl::opt<mlir::fp4::InputData> data(
    "data", cl::desc("how generated inputs look"),
    cl::values(clEnumValN(mlir::fp4::InputData::Randn, "randn",
                          "N(0,1) like the reference problem"),
               clEnumValN(mlir::fp4::InputData::Blocked, "blocked",
                          "N(0,1) scaled differently per row and K block"),
               clEnumValN(mlir::fp4::InputData::Edge, "edge",
                          "every 3rd row of A: zeros, rounding ties, scale "
                          "bumps, subnormals, the largest bf16, at scales "
                          "2^-127 to 2^125; even columns of B copy single "
                          "elements of A into C"),
               clEnumValN(mlir::fp4::InputData::NonFinite, "nonfinite",
                          "edge, plus NaN/+Inf/-Inf blocks in rows 1, 5, 9, "
                          "... of A and columns 5, 15, 25, ... of B (NaN in "
                          "C there)")),
    cl::init(mlir::fp4::InputData::Randn), cl::cat(runCategory));
static cl::list<std::string>
    inputs("input",
           cl::desc("ROLE=FILE.npy: take input a, a_scales, b or "
                    "b_scales from a file; N=FILE.npy: argument N of "
                    "a function that is not a GEMM"),
           cl::cat(runCategory));
static cl::list<std::string>
    output("output",
           cl::desc("FILE.npy: write C (GEMM functions); "
                    "N=FILE.npy or rN=FILE.npy: write argument N or "
                    "result N after the run (other functions)"),
           cl::cat(runCategory));
// Every function runs through the JIT now; the flag is still accepted.
static cl::opt<bool> jit("jit",
                         cl::desc("accepted and ignored: every function runs "
                                  "through the JIT"),
                         cl::init(false), cl::Hidden, cl::cat(runCategory));
static cl::opt<std::string>
    inputsDir("dump-inputs",
              cl::desc("write the inputs to DIR/ROLE.npy (reusable with "
                       "--input ROLE=DIR/ROLE.npy)"),
              cl::init(""), cl::cat(runCategory));
static cl::opt<bool> check("check",
                           cl::desc("compare C with the reference library: "
                                    "|out-ref| <= 0.01 + 0.01|ref|, NaN/Inf "
                                    "matching"),
                           cl::init(false), cl::cat(runCategory));
static cl::opt<unsigned> repeat("repeat", cl::desc("run the function N times"),
                                cl::init(1), cl::cat(runCategory));
static cl::opt<unsigned>
    threads("emu-threads", cl::desc("emulator host threads (0: all cores)"),
            cl::init(0), cl::cat(runCategory));
static cl::opt<std::string> entry("entry", cl::desc("function to run"),
                                  cl::init(""), cl::cat(runCategory));

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  mlir::fp4::setUpToolOptions({&runCategory});
  cl::ParseCommandLineOptions(argc, argv,
                              "fp4-run: run a module compiled by "
                              "fp4-opt --fp4-lower-to-hsaco\n");
  mlir::fp4::RunOptions options;
  options.device.kind = device;
  options.device.threads = threads;
  options.seed = seed;
  options.data = data;
  for (const std::string &spec : output) {
    auto [name, path] = llvm::StringRef(spec).split('=');
    if (path.empty())
      options.outputFile = spec;
    else
      options.outputFiles[name.str()] = path.str();
  }
  options.inputsDir = inputsDir;
  options.check = check;
  options.repeat = repeat;
  options.entry = entry;
  for (const std::string &spec : inputs) {
    auto [role, path] = llvm::StringRef(spec).split('=');
    if (role.empty() || path.empty()) {
      llvm::errs() << "fp4-run: --input takes ROLE=FILE.npy, got '" << spec
                   << "'\n";
      return 2;
    }
    options.inputFiles[role.str()] = path.str();
  }

  DialectRegistry registry;
  mlir::fp4::registerFp4Dialects(registry);
  MLIRContext context(registry);
  std::string error;
  auto file = openInputFile(inputFile, &error);
  if (!file) {
    llvm::errs() << "fp4-run: " << error << "\n";
    return 2;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module) {
    llvm::errs() << "fp4-run: cannot parse " << inputFile << "\n";
    return 2;
  }
  auto result = mlir::fp4::runModule(*module, options, llvm::outs());
  if (!result) {
    llvm::errs() << "fp4-run: error: " << llvm::toString(result.takeError())
                 << "\n";
    return 1;
  }
  return result->checked && !result->passed ? 1 : 0;
}
