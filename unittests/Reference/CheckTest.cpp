//===- CheckTest.cpp - The acceptance rule ----------------------*- C++ -*-===//
//
// |out - ref| <= atol + rtol * |ref|, NaN and Inf matched exactly.
//
//===----------------------------------------------------------------------===//

#include "fp4/Reference/Check.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>

using namespace fp4::ref;

namespace {

CheckResult one(float out, float ref) { return checkOutput(&out, &ref, 1); }

TEST(CheckOutput, ToleranceRule) {
  // ref 100: allowed error 0.01 + 1 = 1.01.
  EXPECT_TRUE(one(101.0f, 100.0f).ok());
  EXPECT_TRUE(one(99.0f, 100.0f).ok());
  EXPECT_FALSE(one(101.25f, 100.0f).ok());
  // ref 0: allowed error 0.01.
  EXPECT_TRUE(one(0.0078125f, 0.0f).ok());
  EXPECT_FALSE(one(0.015625f, 0.0f).ok());
  // The relative part uses |ref|, not |out|: out 200, ref 100 fails.
  EXPECT_FALSE(one(200.0f, 100.0f).ok());
  // ref -50: allowed 0.51.
  EXPECT_TRUE(one(-50.5f, -50.0f).ok());
  EXPECT_FALSE(one(-50.625f, -50.0f).ok());
  // Custom tolerances.
  float o = 1.5f, r = 1.0f;
  EXPECT_TRUE(checkOutput(&o, &r, 1, 0.5, 0.0).ok());
  EXPECT_FALSE(checkOutput(&o, &r, 1, 0.25, 0.2).ok());
}

TEST(CheckOutput, NaNAndInfMustMatch) {
  EXPECT_TRUE(one(NAN, NAN).ok());
  EXPECT_TRUE(one(-NAN, NAN).ok());
  EXPECT_TRUE(one(INFINITY, INFINITY).ok());
  EXPECT_TRUE(one(-INFINITY, -INFINITY).ok());
  EXPECT_FALSE(one(INFINITY, -INFINITY).ok());
  EXPECT_FALSE(one(FLT_MAX, INFINITY).ok());
  EXPECT_FALSE(one(INFINITY, FLT_MAX).ok());
  EXPECT_FALSE(one(1.0f, NAN).ok());
  EXPECT_FALSE(one(NAN, 1.0f).ok());
  EXPECT_FALSE(one(NAN, INFINITY).ok());
  EXPECT_EQ(one(NAN, 1.0f).nanMismatches, 1);
  EXPECT_EQ(one(2.0f, 1.0f).nanMismatches, 0);
}

TEST(CheckOutput, CountsAndWorst) {
  const float out[6] = {1.0f, 2.5f, NAN, 10.0f, 4.0f, INFINITY};
  const float ref[6] = {1.0f, 2.0f, 3.0f, 7.0f, 4.0f, INFINITY};
  CheckResult r = checkOutput(out, ref, 6);
  EXPECT_EQ(r.mismatches, 3); // indices 1, 2, 3
  EXPECT_EQ(r.nanMismatches, 1);
  EXPECT_EQ(r.firstMismatch, 1);
  EXPECT_EQ(r.worstIndex, 3);
  EXPECT_EQ(r.worstAbsErr, 3.0);
  std::string text = describe(r, out, ref, 6);
  EXPECT_NE(text.find("3 of 6 mismatched (1 NaN/Inf)"), std::string::npos)
      << text;
  EXPECT_NE(text.find("first at 1"), std::string::npos) << text;

  CheckResult empty = checkOutput(out, ref, 0);
  EXPECT_TRUE(empty.ok());
  EXPECT_EQ(empty.worstIndex, -1);
  EXPECT_EQ(empty.firstMismatch, -1);
}

} // namespace
