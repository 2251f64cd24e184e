//===- fp4-opt.cpp - the fp4-mlir optimizer driver --------------*- C++ -*-===//
//
// mlir-opt for fp4-mlir: MlirOptMain over the library's registration. The
// driver opens the input itself (as MlirOptMain(argc, argv) would) so that it
// can refuse, with a located message, the inputs MLIR would mishandle (empty
// text, brackets nested deep enough to overflow the parser's stack:
// fp4/Registration/InputText.h).
//
//===----------------------------------------------------------------------===//

#include "fp4/Pipelines/Pipelines.h"
#include "fp4/Registration/InputText.h"
#include "fp4/Registration/Registration.h"
#include "fp4/Tools/ToolMain.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/Debug/Counter.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <optional>

using namespace mlir;

/// Prints `problem` as MLIR prints a parse error: file:line:col, the line and
/// a caret.
static void report(const llvm::MemoryBuffer &input,
                   const fp4::InputTextProblem &problem) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(input.getMemBufferRef(),
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  sourceMgr.PrintMessage(llvm::errs(),
                         llvm::SMLoc::getFromPointer(problem.where),
                         llvm::SourceMgr::DK_Error, problem.message);
}

/// MLIR's options that --help shows; the others (printing, timing,
/// reproducers, remarks, plugins, actions) stay usable and --help-hidden
/// lists them.
static const char *const kShownOptions[] = {"allow-unregistered-dialect",
                                            "dump-pass-pipeline",
                                            "emit-bytecode",
                                            "list-passes",
                                            "mlir-disable-threading",
                                            "mlir-print-debuginfo",
                                            "mlir-print-ir-after-all",
                                            "mlir-print-ir-before-all",
                                            "mlir-pass-statistics",
                                            "mlir-timing",
                                            "o",
                                            "pass-pipeline",
                                            "show-dialects",
                                            "split-input-file",
                                            "verify-diagnostics",
                                            "verify-each",
                                            "help",
                                            "help-list",
                                            "version"};

/// Whether `name` is one of fp4-mlir's passes or pipelines, which are named
/// fp4-..., mxfp4-... or convert-mxfp4-... (test/Tools/fp4-opt/help.test
/// compares the list with what fp4-opt registers beyond mlir-opt, so a pass
/// named otherwise fails there).
static bool isFp4PassName(StringRef name) {
  return name.starts_with("fp4-") || name.starts_with("mxfp4-") ||
         name.contains("-mxfp4-");
}

/// `words` after `head`, wrapped at 80 columns, continuation lines indented
/// by two spaces.
static std::string wrap(StringRef head, ArrayRef<std::string> words) {
  std::string text = head.str();
  size_t column = text.size();
  for (const std::string &word : words) {
    if (column + 1 + word.size() > 80) {
      text += "\n ";
      column = 1;
    }
    text += " " + word;
    column += 1 + word.size();
  }
  return text + "\n";
}

/// --help that fits on a screen: LLVM's backend options hidden
/// (fp4::hideLLVMOptions), the MLIR options above kept, and the list of
/// every registered pass (about 800 lines) left to --list-passes. The
/// overview it returns names fp4-mlir's own pipelines (fp4-lower-to-hsaco
/// with every option and its default) and passes, taken from the registry,
/// so a new one is listed without editing this file.
/// registerAndParseCLIOptions registers the same options again, which is a
/// no-op (they are ManagedStatics).
static std::string setUpHelp(DialectRegistry &registry) {
  fp4::hideLLVMOptions();
  MlirOptMainConfig::registerCLOptions(registry);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  tracing::DebugCounter::registerCLOptions();
  // The pass list is one option, registered under every pass name.
  SmallVector<std::string> passes, pipelines;
  for (auto &[name, option] : llvm::cl::getRegisteredOptions()) {
    if (!llvm::is_contained(kShownOptions, name))
      option->setHiddenFlag(llvm::cl::Hidden);
    if (!isFp4PassName(name))
      continue;
    if (PassPipelineInfo::lookup(name))
      pipelines.push_back("--" + name.str());
    else if (PassInfo::lookup(name))
      passes.push_back("--" + name.str());
  }
  llvm::sort(passes);
  llvm::sort(pipelines);
  // Each pipeline; fp4-lower-to-hsaco with its options' defaults, as its
  // option parser prints them.
  SmallVector<std::string> words;
  for (const std::string &pipeline : pipelines) {
    if (pipeline != "--fp4-lower-to-hsaco") {
      words.push_back(pipeline + ",");
      continue;
    }
    fp4::LowerToHsacoOptions defaults;
    std::string printed = fp4::printLowerToHsacoOptions(defaults);
    SmallVector<StringRef> options;
    StringRef(printed).split(options, ' ', -1, /*KeepEmpty=*/false);
    for (auto [i, option] : llvm::enumerate(options))
      words.push_back((i == 0 ? pipeline + "=\"" : std::string()) +
                      option.str() + (i + 1 == options.size() ? "\"," : ""));
  }
  if (!words.empty())
    words.back().back() = '.';
  for (std::string &pass : passes)
    pass += ",";
  if (!passes.empty())
    passes.back().back() = '.';
  return "fp4-mlir optimizer driver: MXFP4 GEMMs to gfx950 HSACO\n\n"
         "  fp4-opt gemm.mlir --fp4-lower-to-hsaco -o gemm.hsaco.mlir\n\n" +
         wrap("fp4-mlir's pipeline (defaults):", words) +
         wrap("fp4-mlir's passes:", passes) +
         "--list-passes lists every registered pass and its options, "
         "--help-hidden\n  also the pipelines' options and LLVM's backend "
         "options.\n";
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  fp4::registerAllFp4Passes();
  DialectRegistry registry;
  fp4::registerFp4Dialects(registry);
  std::string overview = setUpHelp(registry);
  auto [inputFilename, outputFilename] =
      registerAndParseCLIOptions(argc, argv, overview, registry);
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();

  // --show-dialects and --list-passes print and return before reading any
  // input.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return asMainReturnCode(MlirOptMain(
        llvm::outs(), llvm::MemoryBuffer::getMemBuffer(""), registry, config));

  if (inputFilename == "-" &&
      llvm::sys::Process::FileDescriptorIsDisplayed(fileno(stdin)))
    llvm::errs() << "(processing input from stdin now, hit ctrl-c/ctrl-d to "
                    "interrupt)\n";
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << errorMessage << "\n";
    return EXIT_FAILURE;
  }
  if (!isBytecode(input->getMemBufferRef()))
    if (std::optional<fp4::InputTextProblem> problem =
            fp4::checkInputText(input->getBuffer())) {
      report(*input, *problem);
      return EXIT_FAILURE;
    }

  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return EXIT_FAILURE;
  }
  bool ok =
      succeeded(MlirOptMain(output->os(), std::move(input), registry, config));
  // A write error (a full disk) is reported here: left in the stream, it
  // would make its destructor call report_fatal_error.
  output->os().flush();
  if (std::error_code ec = output->os().error()) {
    output->os().clear_error();
    llvm::errs() << "fp4-opt: cannot write "
                 << (outputFilename == "-" ? std::string("the standard output")
                                           : "'" + outputFilename + "'")
                 << ": " << ec.message() << "\n";
    return EXIT_FAILURE;
  }
  if (!ok)
    return EXIT_FAILURE;
  // Like MlirOptMain(argc, argv): the output file is kept only on success.
  output->keep();
  return EXIT_SUCCESS;
}
