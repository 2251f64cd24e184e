//===- OptFuzzer.cpp - libFuzzer target: parse, verify, lower ---*- C++ -*-===//
//
// Each input goes through what `fp4-opt --fp4-lower-to-hsaco` does with a
// file: parse it as a module, verify it, print it, and run the whole
// pipeline (mxfp4-select-config ... fp4-serialize-to-hsaco, which builds the
// HSACO in process). A diagnostic is a normal outcome; a crash, an assertion,
// a sanitizer report or a leak is a bug. The default pipeline options are
// used, so `fp4-opt INPUT --fp4-lower-to-hsaco` reproduces any finding; the
// texts fp4-opt refuses before parsing (empty, nested too deeply) are
// skipped here too.
//
//===----------------------------------------------------------------------===//

#include "fp4/Pipelines/Pipelines.h"
#include "fp4/Registration/InputText.h"
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

#include <cstddef>
#include <cstdint>
#include <string>

using namespace mlir;

/// Inputs above this are rejected: a GEMM module is a few hundred bytes and
/// larger inputs only make each execution slower.
static constexpr size_t kMaxInputBytes = 64 * 1024;

static const DialectRegistry &getRegistry() {
  static const DialectRegistry registry = [] {
    DialectRegistry r;
    fp4::registerFp4Dialects(r);
    return r;
  }();
  return registry;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > kMaxInputBytes)
    return -1; // Not kept in the corpus.

  // A fresh context per input: nothing one input uniques or loads can change
  // how the next one behaves, so every finding reproduces on its own.
  MLIRContext context(getRegistry(), MLIRContext::Threading::DISABLED);
  ScopedDiagnosticHandler silence(&context,
                                  [](Diagnostic &) { return success(); });

  // A std::string keeps the NUL after the text that the lexer expects, as a
  // MemoryBuffer read from a file does.
  std::string text(reinterpret_cast<const char *>(data), size);
  if (fp4::checkInputText(text))
    return 0;
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(text, ParserConfig(&context), "fuzz-input");
  if (!module || failed(verify(*module)))
    return 0;

  // The custom printers and the verifier of every op the input holds.
  std::string printed;
  llvm::raw_string_ostream os(printed);
  module->print(os);

  PassManager pm(&context);
  fp4::LowerToHsacoOptions options;
  fp4::buildLowerToHsacoPipeline(pm, options);
  (void)pm.run(*module);
  return 0;
}
