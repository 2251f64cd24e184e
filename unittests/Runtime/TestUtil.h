//===- TestUtil.h - helpers shared by the runtime tests ---------*- C++ -*-===//

#ifndef FP4_UNITTESTS_RUNTIME_TESTUTIL_H
#define FP4_UNITTESTS_RUNTIME_TESTUTIL_H

#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace fp4::runtime::test {

/// The bytes of a file; fails the test when it cannot be read.
inline std::vector<uint8_t> readBytes(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

/// A code object built by unittests/Runtime/CMakeLists.txt.
inline std::vector<uint8_t> codeObjectBytes(const std::string &name) {
  return readBytes(std::string(FP4_RT_CODE_OBJECT_DIR) + "/" + name);
}

/// The message of a failed Expected, or "" (and the value dropped) when it
/// succeeded.
template <typename T> std::string errorOf(llvm::Expected<T> &&value) {
  if (value)
    return "";
  return llvm::toString(value.takeError());
}
inline std::string errorOf(llvm::Error error) {
  return error ? llvm::toString(std::move(error)) : "";
}

} // namespace fp4::runtime::test

/// Asserts that an Expected holds a value, printing the error if not.
#define FP4_ASSERT_OK(expected)                                                \
  ASSERT_TRUE(static_cast<bool>(expected))                                     \
      << llvm::toString((expected).takeError())

/// Asserts that an llvm::Error is success, printing it if not.
#define FP4_ASSERT_NO_ERROR(error)                                             \
  do {                                                                         \
    std::string message = ::fp4::runtime::test::errorOf(error);                \
    ASSERT_EQ(message, "");                                                    \
  } while (false)

#endif // FP4_UNITTESTS_RUNTIME_TESTUTIL_H
