//===- Utils.h - helpers shared by the C API sources ------------*- C++ -*-===//
//
// Conversions between the C API's handles and strings and the C++ types
// behind them. Private to lib/CAPI.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_LIB_CAPI_UTILS_H
#define FP4_LIB_CAPI_UTILS_H

#include "fp4-c/Support.h"
#include "fp4/Reference/Status.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <cstring>
#include <string>
#include <type_traits>

namespace mlir::fp4::capi {

inline llvm::StringRef toStringRef(MlirStringRef s) {
  return s.data ? llvm::StringRef(s.data, s.length) : llvm::StringRef();
}

/// A view of `s`; valid while `s` lives and is not modified.
inline MlirStringRef toMlirStringRef(llvm::StringRef s) {
  return MlirStringRef{s.data(), s.size()};
}

/// A failure carrying `message`.
Fp4Status makeError(const llvm::Twine &message);

/// Success for a success, a failure with its message otherwise (consumes
/// `error`).
Fp4Status makeStatus(llvm::Error error);

/// The same for the reference library's status.
Fp4Status makeStatus(const ::fp4::ref::Status &status);

/// The integer in a C enum field or argument. C callers may store any int
/// there, and reading a C++ enum lvalue outside its enumerators is undefined
/// (UBSan's -fsanitize=enum stops on it): copy the bytes instead.
template <typename E> int64_t enumValue(const E &e) {
  static_assert(std::is_enum_v<E>, "for C enums");
  std::underlying_type_t<E> value;
  std::memcpy(&value, &e, sizeof(value));
  return value;
}

inline MlirLogicalResult toLogicalResult(bool ok) {
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

} // namespace mlir::fp4::capi

#endif // FP4_LIB_CAPI_UTILS_H
