//===- fp4-export.cpp - ship fp4-mlir kernels -------------------*- C++ -*-===//
//
//   fp4-export gpumode -o submission.py [--shape MxNxK ...]
//
// writes a GPU MODE amd-mxfp4-mm submission: the problem's ten shapes (and
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
               "a GPU MODE amd-mxfp4-mm submission.py: the problem's "
               "benchmark and test shapes plus --shape ones");

static cl::opt<std::string> outputFile("o",
                                       cl::desc("output file (- for stdout)"),
                                       cl::value_desc("submission.py"),
                                       cl::Required, cl::sub(gpumodeCmd),
                                       cl::cat(exportCategory));
static cl::list<std::string>
    shapeOpts("shape", cl::desc("also compile this shape (repeatable)"),
              cl::value_desc("MxNxK"), cl::sub(gpumodeCmd),
              cl::cat(exportCategory));
static cl::opt<bool> onlyListed(
    "only-listed",
    cl::desc("leave out the problem's ten shapes (only --shape ones)"),
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
                              "[--shape MxNxK ...]\n");
  if (!gpumodeCmd)
    return fail("choose a subcommand: gpumode (see --help)");

  GpuModeExportOptions options;
  options.problemShapes = !onlyListed;
  options.sizeLimit = sizeLimit;
  for (const std::string &text : shapeOpts) {
    auto shape = parseExportShape(text);
    if (!shape)
      return fail("--shape: " + llvm::toString(shape.takeError()));
    options.shapes.push_back(*shape);
  }
  auto submission = exportGpuModeSubmission(options);
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
