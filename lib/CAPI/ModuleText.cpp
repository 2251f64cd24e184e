//===- ModuleText.cpp - parse C API module text -----------------*- C++ -*-===//

#include "ModuleText.h"

#include "Utils.h"

#include "fp4/Registration/InputText.h"
#include "fp4/Registration/Registration.h"

#include "mlir/Bytecode/BytecodeReader.h"

#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;
using namespace mlir::fp4;

static DialectRegistry fp4Registry() {
  DialectRegistry registry;
  registerFp4Dialects(registry);
  return registry;
}

capi::ParsedModule::ParsedModule(MlirStringRef text, std::string &diagnostics)
    : context(fp4Registry()), diagnosticStream(diagnostics),
      handler(sourceMgr, &context, diagnosticStream) {
  // A failing operation would be printed whole (HSACO bytes included); the
  // location says where it is.
  context.printOpOnDiagnostic(false);
  unsigned id = sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(toStringRef(text), "module"),
      llvm::SMLoc());
  // Empty or too deeply nested text is refused as fp4-opt refuses it: the
  // parser would overflow the stack of the embedding process.
  const llvm::MemoryBuffer &buffer = *sourceMgr.getMemoryBuffer(id);
  if (!isBytecode(buffer.getMemBufferRef()))
    if (std::optional<InputTextProblem> problem =
            checkInputText(buffer.getBuffer())) {
      sourceMgr.PrintMessage(diagnosticStream,
                             llvm::SMLoc::getFromPointer(problem->where),
                             llvm::SourceMgr::DK_Error, problem->message);
      return;
    }
  module = parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
}
