//===- ModuleText.cpp - parse C API module text -----------------*- C++ -*-===//

#include "ModuleText.h"

#include "Utils.h"

#include "fp4/Registration/Registration.h"

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
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(toStringRef(text), "module"),
      llvm::SMLoc());
  module = parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
}
