//===- fp4-opt.cpp - the fp4-mlir optimizer driver --------------*- C++ -*-===//
//
// mlir-opt for fp4-mlir: MlirOptMain over the library's registration. The
// driver opens the input itself (as MlirOptMain(argc, argv) would) so that it
// can refuse, with a located message, the inputs MLIR would mishandle (empty
// text, brackets nested deep enough to overflow the parser's stack:
// fp4/Registration/InputText.h).
//
//===----------------------------------------------------------------------===//

#include "fp4/Registration/InputText.h"
#include "fp4/Registration/Registration.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
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

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  fp4::registerAllFp4Passes();
  DialectRegistry registry;
  fp4::registerFp4Dialects(registry);
  auto [inputFilename, outputFilename] = registerAndParseCLIOptions(
      argc, argv, "fp4-mlir optimizer driver: MXFP4 GEMMs to gfx950 HSACO\n",
      registry);
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
