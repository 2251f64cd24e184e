//===- fp4-opt.cpp - the fp4-mlir optimizer driver ---------------*- C++
//-*-===//
//
// mlir-opt for fp4-mlir: MlirOptMain over the library's registration. The
// driver opens the input itself (as MlirOptMain(argc, argv) would) so that it
// can refuse, with a located message, two inputs MLIR would mishandle: one
// with nothing in it, which MLIR turns into an empty module, and text nested
// so deeply that the recursive-descent parser would overflow the stack.
//
//===----------------------------------------------------------------------===//

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

/// Deepest bracket nesting accepted. The parser recurses once per level; on
/// an 8 MiB stack it overflows at about 3500 nested regions, the most
/// stack-hungry construct, and 2000 still parse, run the pipeline and print.
static constexpr int kMaxNesting = 1000;

namespace {
/// What is wrong with an input, and where.
struct InputProblem {
  const char *where;
  std::string message;
};
} // namespace

/// Scans textual IR for the two problems above. Brackets inside string
/// literals and `//` comments do not count, nor the `>` of `->`; anything
/// else that closes more than it opened only lowers the count, so the scan
/// may miss a deep nesting (then the parser runs as before) but never
/// refuses a shallow one.
static std::optional<InputProblem> checkText(StringRef text) {
  const char *firstToken = nullptr;
  int depth = 0;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    if (c == '/' && i + 1 < e && text[i + 1] == '/') {
      i = text.find('\n', i);
      if (i == StringRef::npos)
        break;
      continue;
    }
    if (isspace(static_cast<unsigned char>(c)))
      continue;
    if (!firstToken)
      firstToken = text.data() + i;
    if (c == '"') {
      // Skip the literal, escapes included; an unterminated one is left to
      // the parser's message.
      for (++i; i < e && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      continue;
    }
    if (c == '(' || c == '[' || c == '{' || c == '<') {
      if (++depth > kMaxNesting)
        return InputProblem{text.data() + i,
                            "brackets nested deeper than " +
                                std::to_string(kMaxNesting) +
                                " levels; fp4-opt refuses such input rather "
                                "than overflow the parser's stack"};
    } else if ((c == ')' || c == ']' || c == '}' ||
                (c == '>' && (i == 0 || text[i - 1] != '-'))) &&
               depth > 0) {
      --depth;
    }
  }
  if (!firstToken)
    return InputProblem{text.data(),
                        "the input is empty (nothing but white space and "
                        "comments): there is nothing to compile"};
  return std::nullopt;
}

/// Prints `problem` as MLIR prints a parse error: file:line:col, the line and
/// a caret.
static void report(const llvm::MemoryBuffer &input,
                   const InputProblem &problem) {
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
    if (std::optional<InputProblem> problem = checkText(input->getBuffer())) {
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
