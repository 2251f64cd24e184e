//===- ModelConstants.h - model v2's fitted constants -----------*- C++ -*-===//
//
// Written by `python3 bench/fit_model.py AITER_DIR --write` from a fit to
// aiter's measured MI355X kernel times (docs/report.md gives the fit, its
// held-out error and the commands). Edit by rerunning the fit, not by hand.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_REPORT_MODELCONSTANTS_H
#define FP4_REPORT_MODELCONSTANTS_H

namespace fp4::report::fitted {
inline constexpr double kLaunchMicroseconds = 2.328;
inline constexpr double kLatencyCycles = 1350;
inline constexpr double kLoadedLatencyCycles = 811;
inline constexpr double kCuBytesPerCycle = 38.14;
} // namespace fp4::report::fitted

#endif // FP4_REPORT_MODELCONSTANTS_H
