//===- InputText.h - module text MLIR's parser would mishandle --*- C++ -*-===//
//
// Two kinds of textual IR are refused before MLIR parses them, by every
// entry point that takes text (fp4-opt, the C API, the fuzz targets):
// - text with nothing in it: MLIR turns it into an empty module, and a
//   compiler that "succeeds" on an empty file hides a wrong path or a failed
//   upstream step;
// - brackets nested so deeply that the recursive-descent parser would
//   overflow the stack and kill the process (a Python host included).
//
//===----------------------------------------------------------------------===//

#ifndef FP4_REGISTRATION_INPUTTEXT_H
#define FP4_REGISTRATION_INPUTTEXT_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir::fp4 {

/// Deepest bracket nesting accepted. The parser recurses once per level; on
/// an 8 MiB stack it overflows at about 3500 nested regions, the most
/// stack-hungry construct, and 2000 still parse, run the pipeline and print.
inline constexpr int kMaxInputNesting = 1000;

/// What is wrong with a text, and where: `where` points into the text.
struct InputTextProblem {
  const char *where;
  std::string message;
};

/// Scans textual IR (not bytecode) for the two problems above. Brackets
/// inside string literals and `//` comments do not count, nor the `>` of
/// `->`; anything else that closes more than it opened only lowers the
/// count, so the scan may miss a deep nesting (then the parser runs as
/// before) but never refuses a shallow one.
std::optional<InputTextProblem> checkInputText(llvm::StringRef text);

} // namespace mlir::fp4

#endif // FP4_REGISTRATION_INPUTTEXT_H
