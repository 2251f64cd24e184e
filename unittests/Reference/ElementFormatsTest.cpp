//===- ElementFormatsTest.cpp - fp8 and fp6 codes by hand -------*- C++ -*-===//
//
// Expected values are worked out from the OCP MX v1.0 field definitions on
// paper; the exhaustive checks compare encodeElement with a brute-force
// nearest-value search over every code.
//
//===----------------------------------------------------------------------===//

#include "fp4/Reference/Formats.h"

#include "FormatNames.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace fp4::ref;
using namespace fp4::ref::test;

namespace {

int codeCount(ElementFormat f) { return 1 << elementBits(f); }
int signBit(ElementFormat f) { return 1 << (elementBits(f) - 1); }

/// The nearest finite code by brute force, ties to the even code (or to the
/// larger magnitude), saturating beyond the largest finite value; the sign
/// copied. `x` is not NaN.
uint8_t nearestCode(ElementFormat f, double x, Ties ties = Ties::Even) {
  double m = std::fabs(x);
  int best = 0;
  if (m >= maxFinite(f)) {
    for (int c = 0; c < signBit(f); ++c)
      if (decodeElement(f, c) == maxFinite(f))
        best = c;
  } else {
    double bestDistance = std::numeric_limits<double>::infinity();
    for (int c = 0; c < signBit(f); ++c) {
      double v = decodeElement(f, c);
      if (!std::isfinite(v))
        continue;
      double d = std::fabs(v - m);
      bool tieWins = ties == Ties::Even ? c % 2 == 0 : true;
      if (d < bestDistance || (d == bestDistance && tieWins)) {
        bestDistance = d;
        best = c;
      }
    }
  }
  return static_cast<uint8_t>((std::signbit(x) ? signBit(f) : 0) | best);
}

TEST(ElementFormat, Parameters) {
  const int bits[] = {4, 8, 8, 6, 6};
  const int emaxes[] = {2, 8, 15, 2, 4};
  const double maxes[] = {6, 448, 57344, 7.5, 28};
  const char *names[] = {"e2m1", "e4m3", "e5m2", "e2m3", "e3m2"};
  for (int i = 0; i < 5; ++i) {
    ElementFormat f = kElementFormats[i];
    EXPECT_EQ(elementBits(f), bits[i]) << names[i];
    EXPECT_EQ(emax(f), emaxes[i]) << names[i];
    EXPECT_EQ(maxFinite(f), maxes[i]) << names[i];
    EXPECT_STREQ(elementFormatName(f), names[i]);
  }
}

TEST(ElementFormat, DecodeByHand) {
  // E4M3: bias 7; 0x01 = 2^-9 (smallest subnormal), 0x08 = 2^-6.
  EXPECT_EQ(decodeElement(E4M3, 0x01), 0x1p-9f);
  EXPECT_EQ(decodeElement(E4M3, 0x07), 7 * 0x1p-9f);
  EXPECT_EQ(decodeElement(E4M3, 0x08), 0x1p-6f);
  EXPECT_EQ(decodeElement(E4M3, 0x38), 1.0f);
  EXPECT_EQ(decodeElement(E4M3, 0x39), 1.125f);
  EXPECT_EQ(decodeElement(E4M3, 0x7E), 448.0f);
  EXPECT_EQ(decodeElement(E4M3, 0xB8), -1.0f);
  EXPECT_EQ(decodeElement(E4M3, 0xFE), -448.0f);
  EXPECT_TRUE(std::isnan(decodeElement(E4M3, 0x7F)));
  EXPECT_TRUE(std::isnan(decodeElement(E4M3, 0xFF)));
  EXPECT_TRUE(std::signbit(decodeElement(E4M3, 0x80)));
  // E5M2: bias 15; 0x01 = 2^-16, 0x04 = 2^-14, 0x7C = Inf.
  EXPECT_EQ(decodeElement(E5M2, 0x01), 0x1p-16f);
  EXPECT_EQ(decodeElement(E5M2, 0x03), 3 * 0x1p-16f);
  EXPECT_EQ(decodeElement(E5M2, 0x04), 0x1p-14f);
  EXPECT_EQ(decodeElement(E5M2, 0x3C), 1.0f);
  EXPECT_EQ(decodeElement(E5M2, 0x3D), 1.25f);
  EXPECT_EQ(decodeElement(E5M2, 0x7B), 57344.0f);
  EXPECT_EQ(decodeElement(E5M2, 0xBC), -1.0f);
  EXPECT_EQ(decodeElement(E5M2, 0x7C), INFINITY);
  EXPECT_EQ(decodeElement(E5M2, 0xFC), -INFINITY);
  for (uint8_t nan : {0x7D, 0x7E, 0x7F, 0xFD, 0xFE, 0xFF})
    EXPECT_TRUE(std::isnan(decodeElement(E5M2, nan))) << int(nan);
  // E2M3: bias 1; 0x01 = 0.125, 0x08 = 1, 0x1F = 4 * 1.875.
  EXPECT_EQ(decodeElement(E2M3, 0x01), 0.125f);
  EXPECT_EQ(decodeElement(E2M3, 0x07), 0.875f);
  EXPECT_EQ(decodeElement(E2M3, 0x08), 1.0f);
  EXPECT_EQ(decodeElement(E2M3, 0x09), 1.125f);
  EXPECT_EQ(decodeElement(E2M3, 0x18), 4.0f);
  EXPECT_EQ(decodeElement(E2M3, 0x1F), 7.5f);
  EXPECT_EQ(decodeElement(E2M3, 0x3F), -7.5f);
  // E3M2: bias 3; 0x01 = 0.0625, 0x04 = 0.25, 0x1F = 16 * 1.75.
  EXPECT_EQ(decodeElement(E3M2, 0x01), 0.0625f);
  EXPECT_EQ(decodeElement(E3M2, 0x03), 0.1875f);
  EXPECT_EQ(decodeElement(E3M2, 0x04), 0.25f);
  EXPECT_EQ(decodeElement(E3M2, 0x0C), 1.0f);
  EXPECT_EQ(decodeElement(E3M2, 0x0D), 1.25f);
  EXPECT_EQ(decodeElement(E3M2, 0x1C), 16.0f);
  EXPECT_EQ(decodeElement(E3M2, 0x1F), 28.0f);
  EXPECT_EQ(decodeElement(E3M2, 0x3F), -28.0f);
  // Bits above the code are ignored.
  EXPECT_EQ(decodeElement(E2M3, 0xC8), 1.0f);
  EXPECT_EQ(decodeElement(E2M1, 0xF2), 1.0f);
  EXPECT_EQ(decodeElement(E2M1, 0x5A), -1.0f);
}

TEST(ElementFormat, EveryCodeRoundTripsAndMagnitudesIncrease) {
  const int finiteCodes[] = {16, 254, 248, 64, 64};
  for (int i = 0; i < 5; ++i) {
    ElementFormat f = kElementFormats[i];
    SCOPED_TRACE(elementFormatName(f));
    int finite = 0;
    for (int c = 0; c < codeCount(f); ++c) {
      float v = decodeElement(f, c);
      if (!std::isfinite(v))
        continue;
      ++finite;
      EXPECT_EQ(encodeElement(f, v), c) << c;
      EXPECT_EQ(std::signbit(v), (c & signBit(f)) != 0) << c;
    }
    EXPECT_EQ(finite, finiteCodes[i]);
    // Non-finite magnitude codes come only after every finite one.
    for (int c = 1; c < signBit(f); ++c) {
      float prev = decodeElement(f, c - 1), v = decodeElement(f, c);
      if (std::isfinite(v)) {
        EXPECT_GT(v, prev) << c;
      }
    }
  }
}

TEST(ElementFormat, EncodeMatchesNearestCodeSearch) {
  for (ElementFormat f : kElementFormats) {
    SCOPED_TRACE(elementFormatName(f));
    // Every midpoint of neighbouring finite values, one double ulp either
    // side of it, and every value, in both signs.
    for (int c = 0; c + 1 < signBit(f); ++c) {
      double lo = decodeElement(f, c), hi = decodeElement(f, c + 1);
      if (!std::isfinite(hi))
        break;
      double mid = (lo + hi) / 2;
      for (double x :
           {mid, std::nextafter(mid, 0.0), std::nextafter(mid, 1e300), lo, hi})
        for (double s : {x, -x}) {
          EXPECT_EQ(encodeElement(f, s), nearestCode(f, s)) << s;
          EXPECT_EQ(encodeElement(f, s, Ties::Away),
                    nearestCode(f, s, Ties::Away))
              << s;
        }
    }
    // Log-uniform samples from far below the smallest subnormal to beyond
    // the largest value.
    for (int i = 0; i < 4000; ++i) {
      double mantissa = 1.0 + std::fmod(i * 0.618033988749895, 1.0);
      double x = std::ldexp(mantissa, -20 + i % 40);
      EXPECT_EQ(encodeElement(f, x), nearestCode(f, x)) << x;
      EXPECT_EQ(encodeElement(f, -x), nearestCode(f, -x)) << -x;
    }
  }
}

TEST(ElementFormat, TiesToEvenByHand) {
  // E4M3, [1, 2) in steps of 1/8 and [256, 512) in steps of 32.
  EXPECT_EQ(encodeElement(E4M3, 1.0625), 0x38); // 1 (even) vs 1.125
  EXPECT_EQ(encodeElement(E4M3, 1.1875), 0x3A); // 1.125 vs 1.25 (even)
  EXPECT_EQ(encodeElement(E4M3, 400.0), 0x7C);  // 384 (even) vs 416
  EXPECT_EQ(encodeElement(E4M3, 432.0), 0x7E);  // 416 vs 448 (even)
  EXPECT_EQ(encodeElement(E4M3, -1.1875), 0xBA);
  // E5M2, [1, 2) in steps of 1/4 and [32768, 65536) in steps of 8192.
  EXPECT_EQ(encodeElement(E5M2, 1.125), 0x3C);
  EXPECT_EQ(encodeElement(E5M2, 1.375), 0x3E);
  EXPECT_EQ(encodeElement(E5M2, 53248.0), 0x7A); // 49152 (even) vs 57344
  // E2M3, [4, 8) in steps of 1/2.
  EXPECT_EQ(encodeElement(E2M3, 7.25), 0x1E);   // 7 (even) vs 7.5
  EXPECT_EQ(encodeElement(E2M3, 0.9375), 0x08); // 0.875 vs 1 (even)
  // E3M2, [16, 32) in steps of 4.
  EXPECT_EQ(encodeElement(E3M2, 26.0), 0x1E);    // 24 (even) vs 28
  EXPECT_EQ(encodeElement(E3M2, 0.21875), 0x04); // 0.1875 vs 0.25 (even)
}

TEST(ElementFormat, TiesAwayByHand) {
  // E2M1: the ties that round down under Even go up; the others agree.
  EXPECT_EQ(encodeElement(E2M1, 0.25, Ties::Away), 0x1);    // 0.5, Even 0
  EXPECT_EQ(encodeElement(E2M1, 0.75, Ties::Away), 0x2);    // 1, as Even
  EXPECT_EQ(encodeElement(E2M1, 1.25, Ties::Away), 0x3);    // 1.5, Even 1
  EXPECT_EQ(encodeElement(E2M1, 2.5, Ties::Away), 0x5);     // 3, Even 2
  EXPECT_EQ(encodeElement(E2M1, 5.0, Ties::Away), 0x7);     // 6, Even 4
  EXPECT_EQ(encodeElement(E2M1, -2.5, Ties::Away), 0xD);    // -3
  EXPECT_EQ(encodeElement(E2M1, 7.0, Ties::Away), 0x7);     // saturates
  EXPECT_EQ(encodeElement(E4M3, 1.0625, Ties::Away), 0x39); // 1.125
}

TEST(ElementFormat, SubnormalsByHand) {
  // Half the smallest subnormal ties to zero; 1.5 of it ties to 2 of it.
  EXPECT_EQ(encodeElement(E4M3, 0x1p-10), 0x00);
  EXPECT_EQ(encodeElement(E4M3, 3 * 0x1p-10), 0x02);
  EXPECT_EQ(encodeElement(E4M3, 7.5 * 0x1p-9), 0x08); // to the smallest normal
  EXPECT_EQ(encodeElement(E5M2, 0x1p-17), 0x00);
  EXPECT_EQ(encodeElement(E5M2, 3 * 0x1p-17), 0x02);
  EXPECT_EQ(encodeElement(E5M2, 0x1.8p-17), 0x01); // 3/4 of 2^-16: up
  EXPECT_EQ(encodeElement(E2M3, 0.0625), 0x00);
  EXPECT_EQ(encodeElement(E2M3, 0.1875), 0x02);
  EXPECT_EQ(encodeElement(E3M2, 0.03125), 0x00);
  EXPECT_EQ(encodeElement(E3M2, 0.09375), 0x02);
  // Signed zero: the sign is always copied.
  EXPECT_EQ(encodeElement(E4M3, -0.0), 0x80);
  EXPECT_EQ(encodeElement(E5M2, -0x1p-30), 0x80);
  EXPECT_EQ(encodeElement(E2M3, -0.01), 0x20);
  EXPECT_EQ(encodeElement(E3M2, -0.0), 0x20);
}

TEST(ElementFormat, SaturationAndNonFinite) {
  // Beyond the largest value, Inf included, saturates (OCP's saturating
  // conversion); 464 is halfway from 448 to 480 (not a value).
  for (double x : {449.0, 464.0, 480.0, 1e10, double(INFINITY)}) {
    EXPECT_EQ(encodeElement(E4M3, x), 0x7E) << x;
    EXPECT_EQ(encodeElement(E4M3, -x), 0xFE) << x;
  }
  for (double x : {57345.0, 61440.0, 65536.0, double(INFINITY)}) {
    EXPECT_EQ(encodeElement(E5M2, x), 0x7B) << x;
    EXPECT_EQ(encodeElement(E5M2, -x), 0xFB) << x;
  }
  for (double x : {7.75, 8.0, 100.0, double(INFINITY)})
    EXPECT_EQ(encodeElement(E2M3, x), 0x1F) << x;
  for (double x : {30.0, 32.0, 1e6, double(INFINITY)})
    EXPECT_EQ(encodeElement(E3M2, -x), 0x3F) << x;
  // NaN: the all-ones magnitude with the sign in fp8; code 0 where the
  // format has no NaN.
  EXPECT_EQ(encodeElement(E4M3, NAN), 0x7F);
  EXPECT_EQ(encodeElement(E4M3, -NAN), 0xFF);
  EXPECT_EQ(encodeElement(E5M2, NAN), 0x7F);
  EXPECT_EQ(encodeElement(E5M2, -NAN), 0xFF);
  EXPECT_EQ(encodeElement(E2M3, NAN), 0x00);
  EXPECT_EQ(encodeElement(E3M2, -NAN), 0x00);
  EXPECT_EQ(encodeElement(E2M1, -NAN), 0x00);
}

} // namespace
