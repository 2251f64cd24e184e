//===- fp4-surface-cxx.cpp - the C++ surface of the four-surface test -----===//
//
// What a C++ compiler embedding fp4-mlir does, through the public headers
// only (fp4/Registration/Registration.h, fp4/Pipelines/Pipelines.h,
// fp4/Registration/InputText.h): its own DialectRegistry and MLIRContext,
// the file parsed, fp4-lower-to-hsaco built from option text by
// parseLowerToHsacoOptions and buildLowerToHsacoPipeline on its own
// PassManager, and the compiled module printed.
//
//   fp4-surface-cxx FILE [OPTION-TEXT]
//
// OPTION-TEXT is what fp4-opt takes between the quotes of
// --fp4-lower-to-hsaco="..." ("mfma=16 a-quantizer=exact"). Prints the
// module on stdout and exits 0, or prints the diagnostics on stderr and
// exits 1. test/Surfaces/surfaces.py compares it with fp4-opt, the C API
// and Python.
//
//===----------------------------------------------------------------------===//

#include "fp4/Pipelines/Pipelines.h"
#include "fp4/Registration/InputText.h"
#include "fp4/Registration/Registration.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace mlir;

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  if (argc != 2 && argc != 3) {
    llvm::errs() << "usage: fp4-surface-cxx FILE [OPTION-TEXT]\n";
    return 2;
  }
  llvm::StringRef path = argv[1];
  llvm::StringRef optionText = argc == 3 ? argv[2] : "";

  // The options first, as fp4-opt builds its pipeline before it reads the
  // input: a bad value is refused whatever the file holds. The message is
  // parseLowerToHsacoOptions' own; with no location, the diagnostic has none.
  fp4::LowerToHsacoOptions options;
  if (llvm::Error e = fp4::parseLowerToHsacoOptions(optionText, options)) {
    llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
    return 1;
  }

  DialectRegistry registry;
  fp4::registerFp4Dialects(registry);
  MLIRContext context(registry);
  // As the C API does (lib/CAPI/ModuleText.cpp): a failing operation is not
  // printed whole after its diagnostic (a gpu.binary would print its HSACO);
  // the location says where it is. The test runs fp4-opt with
  // --mlir-print-op-on-diagnostic=false for the same reason.
  context.printOpOnDiagnostic(false);

  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, llvm::errs());
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFileOrSTDIN(path);
  if (std::error_code ec = file.getError()) {
    llvm::errs() << "error: cannot open '" << path << "': " << ec.message()
                 << "\n";
    return 1;
  }
  unsigned id = sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  // Empty text and brackets nested deeper than the parser's stack allows are
  // refused before parsing, as fp4-opt and the C API refuse them.
  const llvm::MemoryBuffer &buffer = *sourceMgr.getMemoryBuffer(id);
  if (!isBytecode(buffer.getMemBufferRef()))
    if (std::optional<fp4::InputTextProblem> problem =
            fp4::checkInputText(buffer.getBuffer())) {
      sourceMgr.PrintMessage(llvm::errs(),
                             llvm::SMLoc::getFromPointer(problem->where),
                             llvm::SourceMgr::DK_Error, problem->message);
      return 1;
    }
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module)
    return 1;

  auto pm = PassManager::on<ModuleOp>(&context);
  fp4::buildLowerToHsacoPipeline(pm, options);
  if (failed(pm.run(*module)))
    return 1;
  // The module as the C API's fp4CompileResultGetModule holds it: printed
  // by Operation::print with the default flags.
  module->print(llvm::outs());
  return 0;
}
