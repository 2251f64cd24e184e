//===- Check.h - Compare kernel output with the reference -------*- C++ -*-===//
//
// The acceptance rule of the problem: |out - ref| <= atol + rtol * |ref| for
// every element, with NaN and Inf required to match.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_REFERENCE_CHECK_H
#define FP4_REFERENCE_CHECK_H

#include <cstdint>
#include <string>

namespace fp4::ref {

/// Outcome of checkOutput.
struct CheckResult {
  /// Elements that fail the rule (finite or not).
  int64_t mismatches = 0;
  /// Largest |out - ref| over the elements where both are finite (0 if none).
  double worstAbsErr = 0.0;
  /// Index of worstAbsErr, -1 if no element had both values finite.
  int64_t worstIndex = -1;
  /// Failing elements where out or ref is NaN or +-Inf.
  int64_t nanMismatches = 0;
  /// Index of the first failing element, -1 if none.
  int64_t firstMismatch = -1;

  /// True when every element passed.
  bool ok() const { return mismatches == 0; }
};

/// Checks out[0..count) against ref[0..count). Element i passes when
///  - both are finite and |out - ref| <= atol + rtol * |ref| (in double), or
///  - both are NaN (any payload or sign), or
///  - both are the same infinity (+Inf with +Inf, -Inf with -Inf).
/// Anything else fails (a finite value against NaN/Inf, +Inf against -Inf).
CheckResult checkOutput(const float *out, const float *ref, int64_t count,
                        double atol = 0.01, double rtol = 0.01);

/// A one-line summary for test and tool messages, e.g.
/// "3 of 4096 mismatched (0 NaN/Inf), first at 17: out 1.5 ref 2.25; worst
/// |err| 0.75 at 17".
std::string describe(const CheckResult &result, const float *out,
                     const float *ref, int64_t count);

} // namespace fp4::ref

#endif // FP4_REFERENCE_CHECK_H
