//===- LowerText.h - what fp4-opt --fp4-lower-to-hsaco does -----*- C++ -*-===//
//
// The step the fp4-opt and GEMM fuzzers share: parse a module, verify it,
// print it (the custom printers) and run the whole fp4-lower-to-hsaco
// pipeline (the HSACO is built in process). A diagnostic is a normal
// outcome, so diagnostics are swallowed; a crash, an assertion, a sanitizer
// report or a leak is the finding.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_FUZZ_LOWERTEXT_H
#define FP4_FUZZ_LOWERTEXT_H

#include "fp4/Pipelines/Pipelines.h"
#include "fp4/Registration/Registration.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace fp4fuzz {

inline const mlir::DialectRegistry &getRegistry() {
  static const mlir::DialectRegistry registry = [] {
    mlir::DialectRegistry r;
    mlir::fp4::registerFp4Dialects(r);
    return r;
  }();
  return registry;
}

/// `text` must be NUL-terminated past its end (a std::string is), as a
/// MemoryBuffer read from a file is: the lexer expects it. A fresh
/// single-threaded context per call, so that nothing one input uniques or
/// loads changes how the next behaves and every finding reproduces alone.
inline void lowerText(const std::string &text, llvm::StringRef bufferName,
                      const mlir::fp4::LowerToHsacoOptions &options) {
  using namespace mlir;
  MLIRContext context(getRegistry(), MLIRContext::Threading::DISABLED);
  ScopedDiagnosticHandler silence(&context,
                                  [](Diagnostic &) { return success(); });
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(text, ParserConfig(&context), bufferName);
  if (!module || failed(verify(*module)))
    return;
  std::string printed;
  llvm::raw_string_ostream os(printed);
  module->print(os);

  PassManager pm(&context);
  fp4::buildLowerToHsacoPipeline(pm, options);
  (void)pm.run(*module);
}

} // namespace fp4fuzz

#endif // FP4_FUZZ_LOWERTEXT_H
