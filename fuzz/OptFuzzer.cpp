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

#include "LowerText.h"

#include "fp4/Registration/InputText.h"

#include <cstddef>
#include <cstdint>
#include <string>

/// Inputs above this are rejected: a GEMM module is a few hundred bytes and
/// larger inputs only make each execution slower.
static constexpr size_t kMaxInputBytes = 64 * 1024;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > kMaxInputBytes)
    return -1; // Not kept in the corpus.

  // A std::string keeps the NUL after the text that the lexer expects.
  std::string text(reinterpret_cast<const char *>(data), size);
  if (mlir::fp4::checkInputText(text))
    return 0;
  fp4fuzz::lowerText(text, "fuzz-input", mlir::fp4::LowerToHsacoOptions());
  return 0;
}
