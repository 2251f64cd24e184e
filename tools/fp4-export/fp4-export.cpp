//===- fp4-export.cpp - ship fp4-mlir kernels -------------------*- C++ -*-===//
//
//   fp4-export gpumode -o submission.py [--shape MxNxK ...]
//   fp4-export gpumode --problem moe-mxfp4 -o submission.py [--config ...]
//
// writes a GPU MODE submission: the problem's shapes or configurations (and
// those listed) compiled by the default pipeline, with the Python that loads
// and launches them (fp4/Export/GpuMode.h, docs/guide.md).
//
//===----------------------------------------------------------------------===//

#include "fp4/Export/GpuMode.h"
#include "fp4/Tools/ToolMain.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::fp4;
namespace cl = llvm::cl;

static cl::OptionCategory exportCategory("fp4-export options");

static cl::SubCommand
    gpumodeCmd("gpumode",
               "a GPU MODE submission.py: the problem's benchmark and test "
               "shapes (or configurations) plus the listed ones");

enum class Problem { mm, moe };
static cl::opt<Problem>
    problem("problem", cl::desc("the GPU MODE problem"),
            cl::values(clEnumValN(Problem::mm, "amd-mxfp4-mm",
                                  "a GEMM per shape (default)"),
                       clEnumValN(Problem::moe, "moe-mxfp4",
                                  "the MoE layer per configuration")),
            cl::init(Problem::mm), cl::sub(gpumodeCmd),
            cl::cat(exportCategory));

static cl::opt<std::string> outputFile("o",
                                       cl::desc("output file (- for stdout)"),
                                       cl::value_desc("submission.py"),
                                       cl::Required, cl::sub(gpumodeCmd),
                                       cl::cat(exportCategory));
static cl::list<std::string> shapeOpts(
    "shape", cl::desc("amd-mxfp4-mm: also compile this shape (repeatable)"),
    cl::value_desc("MxNxK"), cl::sub(gpumodeCmd), cl::cat(exportCategory));
static cl::list<std::string> configOpts(
    "config",
    cl::desc("moe-mxfp4: also compile this layer (repeatable; experts and "
             "top-k count the shared expert)"),
    cl::value_desc("TOKENSxEXPERTSxD_HIDDENxD_EXPERTxTOPK"),
    cl::sub(gpumodeCmd), cl::cat(exportCategory));
static cl::opt<bool> onlyListed(
    "only-listed",
    cl::desc("leave out the problem's own shapes or configurations (only the "
             "listed ones)"),
    cl::init(false), cl::sub(gpumodeCmd), cl::cat(exportCategory));
static cl::opt<uint64_t> sizeLimit(
    "size-limit",
    cl::desc("refuse a file larger than this many bytes (GPU MODE refuses "
             "over 1000000)"),
    cl::init(kGpuModeSizeLimit), cl::sub(gpumodeCmd), cl::cat(exportCategory));

static int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "fp4-export") << message << "\n";
  return 1;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  setUpToolOptions({&exportCategory});
  cl::ParseCommandLineOptions(argc, argv,
                              "fp4-export: ship fp4-mlir kernels\n\n"
                              "  fp4-export gpumode -o submission.py "
                              "[--shape MxNxK ...]\n"
                              "  fp4-export gpumode --problem moe-mxfp4 -o "
                              "submission.py [--config ...]\n");
  if (!gpumodeCmd)
    return fail("choose a subcommand: gpumode (see --help)");
  if (problem == Problem::mm && !configOpts.empty())
    return fail("--config is for --problem moe-mxfp4; amd-mxfp4-mm takes "
                "--shape");
  if (problem == Problem::moe && !shapeOpts.empty())
    return fail("--shape is for --problem amd-mxfp4-mm; moe-mxfp4 takes "
                "--config");

  llvm::Expected<std::string> submission = std::string();
  if (problem == Problem::mm) {
    GpuModeExportOptions options;
    options.problemShapes = !onlyListed;
    options.sizeLimit = sizeLimit;
    for (const std::string &text : shapeOpts) {
      auto shape = parseExportShape(text);
      if (!shape)
        return fail("--shape: " + llvm::toString(shape.takeError()));
      options.shapes.push_back(*shape);
    }
    submission = exportGpuModeSubmission(options);
  } else {
    GpuModeMoeExportOptions options;
    options.problemConfigs = !onlyListed;
    options.sizeLimit = sizeLimit;
    for (const std::string &text : configOpts) {
      auto config = parseMoeExportConfig(text);
      if (!config)
        return fail("--config: " + llvm::toString(config.takeError()));
      options.configs.push_back(*config);
    }
    submission = exportGpuModeMoeSubmission(options);
  }
  if (!submission)
    return fail(llvm::toString(submission.takeError()));

  std::error_code ec;
  llvm::ToolOutputFile out(outputFile, ec, llvm::sys::fs::OF_None);
  if (ec)
    return fail("cannot open '" + outputFile + "': " + ec.message());
  out.os() << *submission;
  out.os().flush();
  if (out.os().has_error()) {
    ec = out.os().error();
    out.os().clear_error();
    return fail("cannot write '" + outputFile + "': " + ec.message());
  }
  out.keep();
  return 0;
}
