//===- Check.cpp - Compare kernel output with the reference -----*- C++ -*-===//
//
// The tolerance is evaluated in double so that the rule itself adds no
// rounding of its own.
//
//===----------------------------------------------------------------------===//

#include "fp4/Reference/Check.h"

#include <cmath>
#include <cstdio>

using namespace fp4::ref;

CheckResult fp4::ref::checkOutput(const float *out, const float *ref,
                                  int64_t count, double atol, double rtol) {
  CheckResult result;
  for (int64_t i = 0; i < count; ++i) {
    double o = out[i], r = ref[i];
    bool pass;
    if (std::isfinite(o) && std::isfinite(r)) {
      double err = std::fabs(o - r);
      if (result.worstIndex < 0 || err > result.worstAbsErr) {
        result.worstAbsErr = err;
        result.worstIndex = i;
      }
      pass = err <= atol + rtol * std::fabs(r);
    } else {
      // NaN matches NaN; an infinity matches only the same infinity.
      pass = (std::isnan(o) && std::isnan(r)) || (std::isinf(o) && o == r);
      if (!pass)
        ++result.nanMismatches;
    }
    if (!pass) {
      if (result.mismatches == 0)
        result.firstMismatch = i;
      ++result.mismatches;
    }
  }
  return result;
}

std::string fp4::ref::describe(const CheckResult &result, const float *out,
                               const float *ref, int64_t count) {
  char buffer[320];
  int length = std::snprintf(
      buffer, sizeof(buffer), "%lld of %lld mismatched (%lld NaN/Inf)",
      static_cast<long long>(result.mismatches), static_cast<long long>(count),
      static_cast<long long>(result.nanMismatches));
  std::string text(buffer, length);
  if (result.firstMismatch >= 0) {
    length = std::snprintf(
        buffer, sizeof(buffer), ", first at %lld: out %.9g ref %.9g",
        static_cast<long long>(result.firstMismatch), out[result.firstMismatch],
        ref[result.firstMismatch]);
    text.append(buffer, length);
  }
  if (result.worstIndex >= 0) {
    length = std::snprintf(buffer, sizeof(buffer), "; worst |err| %.9g at %lld",
                           result.worstAbsErr,
                           static_cast<long long>(result.worstIndex));
    text.append(buffer, length);
  }
  return text;
}
