//===- InputText.cpp - module text the parser would mishandle ---*- C++ -*-===//

#include "fp4/Registration/InputText.h"

#include <cctype>

using namespace mlir::fp4;

std::optional<InputTextProblem>
mlir::fp4::checkInputText(llvm::StringRef text) {
  const char *firstToken = nullptr;
  int depth = 0;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    if (c == '/' && i + 1 < e && text[i + 1] == '/') {
      i = text.find('\n', i);
      if (i == llvm::StringRef::npos)
        break;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c)))
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
      if (++depth > kMaxInputNesting)
        return InputTextProblem{
            text.data() + i,
            "brackets nested deeper than " + std::to_string(kMaxInputNesting) +
                " levels; refused rather than overflow the parser's stack"};
    } else if ((c == ')' || c == ']' || c == '}' ||
                (c == '>' && (i == 0 || text[i - 1] != '-'))) &&
               depth > 0) {
      --depth;
    }
  }
  if (!firstToken)
    return InputTextProblem{text.data(),
                            "the input is empty (nothing but white space and "
                            "comments): there is nothing to compile"};
  return std::nullopt;
}
