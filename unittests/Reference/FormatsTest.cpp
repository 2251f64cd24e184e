//===- FormatsTest.cpp - bf16, E2M1, E8M0 and packing goldens ---*- C++ -*-===//
//
// Every expected value below was worked out by hand from the format
// definitions, not produced by the code under test.
//
//===----------------------------------------------------------------------===//

#include "fp4/Reference/Formats.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>

using namespace fp4::ref;

namespace {

TEST(Bf16, WidensExactly) {
  EXPECT_EQ(bf16ToFloat(0x3F80), 1.0f);
  EXPECT_EQ(bf16ToFloat(0xC040), -3.0f);
  EXPECT_EQ(bf16ToFloat(0x0001), std::ldexp(1.0f, -133)); // smallest subnormal
  EXPECT_EQ(bf16ToFloat(0x7F80), INFINITY);
  EXPECT_TRUE(std::isnan(bf16ToFloat(0x7FC0)));
}

TEST(Bf16, RoundsToNearestEven) {
  // 1 + 2^-8 is halfway between 0x3F80 (even) and 0x3F81: stays 0x3F80.
  EXPECT_EQ(floatToBf16(floatFromBits(0x3F808000)), 0x3F80);
  // Halfway between 0x3F81 (odd) and 0x3F82: goes up to 0x3F82.
  EXPECT_EQ(floatToBf16(floatFromBits(0x3F818000)), 0x3F82);
  EXPECT_EQ(floatToBf16(floatFromBits(0xBF818000)), 0xBF82);
  // Just off the tie either way.
  EXPECT_EQ(floatToBf16(floatFromBits(0x3F808001)), 0x3F81);
  EXPECT_EQ(floatToBf16(floatFromBits(0x3F807FFF)), 0x3F80);
  // Subnormal tie between 0x0001 (odd) and 0x0002.
  EXPECT_EQ(floatToBf16(floatFromBits(0x00018000)), 0x0002);
  // The tie above the largest bf16 rounds to even = Inf; just below stays.
  EXPECT_EQ(floatToBf16(floatFromBits(0x7F7F8000)), 0x7F80);
  EXPECT_EQ(floatToBf16(floatFromBits(0x7F7F7FFF)), 0x7F7F);
  EXPECT_EQ(floatToBf16(INFINITY), 0x7F80);
  EXPECT_EQ(floatToBf16(-INFINITY), 0xFF80);
  EXPECT_EQ(floatToBf16(-0.0f), 0x8000);
}

TEST(Bf16, NaNStaysQuietNaN) {
  // Payload only in the low half: plain truncation would give Inf.
  EXPECT_EQ(floatToBf16(floatFromBits(0x7F800001)), 0x7FC0);
  EXPECT_EQ(floatToBf16(floatFromBits(0xFF800001)), 0xFFC0);
  EXPECT_EQ(floatToBf16(floatFromBits(0x7FC00000)), 0x7FC0);
  EXPECT_EQ(floatToBf16(floatFromBits(0x7FA50000)), 0x7FE5);
}

TEST(DoubleToFloat, OverflowThreshold) {
  EXPECT_EQ(doubleToFloat(1.0), 1.0f);
  EXPECT_EQ(doubleToFloat(0x1.ffffffp127), INFINITY); // halfway: to even (Inf)
  EXPECT_EQ(doubleToFloat(0x1.fffffefffffffp127), FLT_MAX);
  EXPECT_EQ(doubleToFloat(-1e300), -INFINITY);
  EXPECT_EQ(doubleToFloat(0x1.000001p0), 1.0f); // tie to even
  EXPECT_TRUE(std::isnan(doubleToFloat(NAN)));
}

TEST(E2M1, DecodeTable) {
  const float expected[16] = {0,  0.5f,  1,  1.5f,  2,  3,  4,  6,
                              -0, -0.5f, -1, -1.5f, -2, -3, -4, -6};
  for (int code = 0; code < 16; ++code)
    EXPECT_EQ(decodeE2M1(code), expected[code]) << "code " << code;
  EXPECT_TRUE(std::signbit(decodeE2M1(0x8)));
  EXPECT_EQ(decodeE2M1(0xF7), 6.0f); // high nibble ignored
}

TEST(E2M1, ExactGridValues) {
  EXPECT_EQ(encodeE2M1(0.0), 0x0);
  EXPECT_EQ(encodeE2M1(0.5), 0x1);
  EXPECT_EQ(encodeE2M1(1.0), 0x2);
  EXPECT_EQ(encodeE2M1(1.5), 0x3);
  EXPECT_EQ(encodeE2M1(2.0), 0x4);
  EXPECT_EQ(encodeE2M1(3.0), 0x5);
  EXPECT_EQ(encodeE2M1(4.0), 0x6);
  EXPECT_EQ(encodeE2M1(6.0), 0x7);
  EXPECT_EQ(encodeE2M1(-1.5), 0xB);
  EXPECT_EQ(encodeE2M1(-6.0), 0xF);
}

TEST(E2M1, EveryTieGoesToEvenCode) {
  EXPECT_EQ(encodeE2M1(0.25), 0x0); // 0 | 0.5   -> 0
  EXPECT_EQ(encodeE2M1(0.75), 0x2); // 0.5 | 1   -> 1
  EXPECT_EQ(encodeE2M1(1.25), 0x2); // 1 | 1.5   -> 1
  EXPECT_EQ(encodeE2M1(1.75), 0x4); // 1.5 | 2   -> 2
  EXPECT_EQ(encodeE2M1(2.5), 0x4);  // 2 | 3     -> 2
  EXPECT_EQ(encodeE2M1(3.5), 0x6);  // 3 | 4     -> 4
  EXPECT_EQ(encodeE2M1(5.0), 0x6);  // 4 | 6     -> 4
  EXPECT_EQ(encodeE2M1(-0.75), 0xA);
  EXPECT_EQ(encodeE2M1(-3.5), 0xE);
  EXPECT_EQ(encodeE2M1(-5.0), 0xE);
}

TEST(E2M1, JustOffTies) {
  const double up = 1 + 0x1p-40, down = 1 - 0x1p-40;
  EXPECT_EQ(encodeE2M1(0.25 * up), 0x1);
  EXPECT_EQ(encodeE2M1(0.75 * down), 0x1);
  EXPECT_EQ(encodeE2M1(1.25 * up), 0x3);
  EXPECT_EQ(encodeE2M1(1.75 * down), 0x3);
  EXPECT_EQ(encodeE2M1(2.5 * up), 0x5);
  EXPECT_EQ(encodeE2M1(3.5 * down), 0x5);
  EXPECT_EQ(encodeE2M1(5.0 * up), 0x7);
  EXPECT_EQ(encodeE2M1(5.0 * down), 0x6);
}

TEST(E2M1, Saturates) {
  EXPECT_EQ(encodeE2M1(6.5), 0x7);
  EXPECT_EQ(encodeE2M1(7.0), 0x7);
  EXPECT_EQ(encodeE2M1(100.0), 0x7);
  EXPECT_EQ(encodeE2M1(-100.0), 0xF);
  EXPECT_EQ(encodeE2M1(INFINITY), 0x7);
  EXPECT_EQ(encodeE2M1(-INFINITY), 0xF);
}

TEST(E2M1, SignOfZeroIsKept) {
  EXPECT_EQ(encodeE2M1(-0.0), 0x8);
  EXPECT_EQ(encodeE2M1(-0.1), 0x8);
  EXPECT_EQ(encodeE2M1(-0.25), 0x8);
  EXPECT_EQ(encodeE2M1(-0.3), 0x9);
  EXPECT_EQ(encodeE2M1(0.1), 0x0);
  EXPECT_EQ(encodeE2M1(NAN), 0x0);
}

TEST(E8M0, Decode) {
  EXPECT_EQ(decodeE8M0(127), 1.0);
  EXPECT_EQ(decodeE8M0(130), 8.0);
  EXPECT_EQ(decodeE8M0(126), 0.5);
  EXPECT_EQ(decodeE8M0(0), 0x1p-127);
  EXPECT_EQ(decodeE8M0(254), 0x1p127);
  EXPECT_TRUE(std::isnan(decodeE8M0(0xFF)));
}

TEST(Fp4x2, ElementZeroInLowNibble) {
  EXPECT_EQ(packFp4x2(0x1, 0xA), 0xA1);
  EXPECT_EQ(packFp4x2(0x1F, 0x2), 0x2F); // only low nibbles are used

  const uint8_t codes[5] = {0x1, 0x2, 0x3, 0x4, 0x5};
  uint8_t packed[3] = {0xEE, 0xEE, 0xEE};
  packFp4x2(codes, 5, packed);
  EXPECT_EQ(packed[0], 0x21);
  EXPECT_EQ(packed[1], 0x43);
  EXPECT_EQ(packed[2], 0x05); // odd count: high nibble zero

  uint8_t unpacked[5] = {};
  const uint8_t bytes[3] = {0xF0, 0x9C, 0x07};
  unpackFp4x2(bytes, 5, unpacked);
  EXPECT_EQ(unpacked[0], 0x0);
  EXPECT_EQ(unpacked[1], 0xF);
  EXPECT_EQ(unpacked[2], 0xC);
  EXPECT_EQ(unpacked[3], 0x9);
  EXPECT_EQ(unpacked[4], 0x7);
  EXPECT_EQ(fp4At(bytes, 3), 0x9);
}

} // namespace
