//===- ModuleText.h - parse C API module text -------------------*- C++ -*-===//
//
// Both fp4CompileToHsaco and fp4RunModule take a module as text and hand
// every diagnostic back as text. ParsedModule does that part once: a fresh
// context with the fp4 dialects, the text parsed as buffer "module", and a
// handler that writes each diagnostic, located, into the caller's string
// for as long as the ParsedModule lives. Private to lib/CAPI.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_LIB_CAPI_MODULETEXT_H
#define FP4_LIB_CAPI_MODULETEXT_H

#include "mlir-c/Support.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir::fp4::capi {

class ParsedModule {
public:
  /// Parses `text`; diagnostics (the parser's and later ones) are appended
  /// to `diagnostics`, which must outlive this object.
  ParsedModule(MlirStringRef text, std::string &diagnostics);

  /// The module, or null when the text is refused (empty, nested too
  /// deeply: fp4/Registration/InputText.h) or did not parse.
  ModuleOp getModule() { return module.get(); }

private:
  MLIRContext context;
  llvm::SourceMgr sourceMgr;
  llvm::raw_string_ostream diagnosticStream;
  SourceMgrDiagnosticHandler handler;
  // Last: destroyed before the context it lives in.
  OwningOpRef<ModuleOp> module;
};

} // namespace mlir::fp4::capi

#endif // FP4_LIB_CAPI_MODULETEXT_H
