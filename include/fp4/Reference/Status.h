//===- Status.h - Result of an argument check -------------------*- C++ -*-===//
//
// The reference library is plain C++17 (no LLVM), so it cannot return
// llvm::Error. Functions that validate their arguments return a Status
// instead; callers in LLVM code wrap the message with llvm::createStringError.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_REFERENCE_STATUS_H
#define FP4_REFERENCE_STATUS_H

#include <string>
#include <utility>

namespace fp4::ref {

/// Success, or a message that says which argument is wrong and why.
class [[nodiscard]] Status {
public:
  /// A successful result.
  static Status success() { return Status(); }
  /// A failure carrying `message` (lower case, no trailing period).
  static Status error(std::string message) {
    Status s;
    s.failed = true;
    s.text = std::move(message);
    return s;
  }

  /// True when the call did what it was asked.
  bool ok() const { return !failed; }
  /// The failure message; empty on success.
  const std::string &message() const { return text; }

private:
  Status() = default;
  bool failed = false;
  std::string text;
};

} // namespace fp4::ref

#endif // FP4_REFERENCE_STATUS_H
