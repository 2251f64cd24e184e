//===- MxQuantizeTest.cpp - Block scales and codes per format ---*- C++ -*-===//
//
// Scale bytes from s = clamp(floor(log2(amax_r)) - emax, -127, 127) worked
// out on paper per format; codes from dividing by 2^s and reading each
// format's grid. The error bound is restated from the field widths.
//
//===----------------------------------------------------------------------===//

#include "fp4/Reference/Formats.h"
#include "fp4/Reference/Packing.h"
#include "fp4/Reference/Quantize.h"
#include "fp4/Reference/Random.h"

#include "FormatNames.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using namespace fp4::ref;
using namespace fp4::ref::test;

namespace {

/// A block holding `head` at the front and zeros after.
std::vector<float> block(std::initializer_list<float> head) {
  std::vector<float> x(32, 0.0f);
  std::copy(head.begin(), head.end(), x.begin());
  return x;
}

TEST(MxBlockScale, LargestValueOfEachFormat) {
  // amax = maxFinite = 1.75 * 2^emax (1.875 * 2^2 for E2M3): Floor keeps
  // s = 0; Even bumps it (mantissa >= 1.75) to s = 1 and the value halves.
  struct Case {
    ElementFormat format;
    float amax;
    uint8_t floorCode, evenCode;
  } cases[] = {
      {E4M3, 448.0f, 0x7E, 0x76},   // 224 = 128 * 1.75
      {E5M2, 57344.0f, 0x7B, 0x77}, // 28672 = 16384 * 1.75
      {E2M3, 7.5f, 0x1F, 0x17},     // 3.75 = 2 * 1.875
      {E3M2, 28.0f, 0x1F, 0x1B},    // 14 = 8 * 1.75
  };
  uint8_t codes[32];
  for (const Case &c : cases) {
    SCOPED_TRACE(elementFormatName(c.format));
    std::vector<float> x = block({c.amax});
    EXPECT_EQ(quantizeBlock(x.data(), ScaleMode::Floor, c.format, codes), 127);
    EXPECT_EQ(codes[0], c.floorCode);
    EXPECT_EQ(quantizeBlock(x.data(), ScaleMode::Even, c.format, codes), 128);
    EXPECT_EQ(codes[0], c.evenCode);
  }
}

TEST(MxBlockScale, OneMapsToTwoToTheEmax) {
  // amax 1: s = -emax in both modes, and 1 becomes 2^emax.
  const uint8_t bytes[] = {125, 119, 112, 125, 123};
  const uint8_t codes[] = {0x6, 0x78, 0x78, 0x18, 0x1C};
  uint8_t out[32];
  for (int i = 0; i < 5; ++i) {
    ElementFormat f = kElementFormats[i];
    SCOPED_TRACE(elementFormatName(f));
    std::vector<float> x = block({1.0f, -0.5f});
    for (ScaleMode mode : {ScaleMode::Even, ScaleMode::Floor}) {
      EXPECT_EQ(quantizeBlock(x.data(), mode, f, out), bytes[i]);
      EXPECT_EQ(out[0], codes[i]);
    }
  }
}

TEST(MxBlockScale, TheBumpIsTheSameForEveryFormat) {
  // 14 = 1.75 * 2^3 (f32 mantissa 0x600000) bumps to 2^4; one f32 step below
  // does not. E4M3: s = 4 - 8 (byte 123) against 3 - 8 (byte 122).
  float at = floatFromBits(0x41600000), below = floatFromBits(0x415FFFFF);
  for (ElementFormat f : kElementFormats) {
    SCOPED_TRACE(elementFormatName(f));
    EXPECT_EQ(blockScaleByte(block({at}).data(), ScaleMode::Even, f),
              127 + 4 - emax(f));
    EXPECT_EQ(blockScaleByte(block({below}).data(), ScaleMode::Even, f),
              127 + 3 - emax(f));
    EXPECT_EQ(blockScaleByte(block({at}).data(), ScaleMode::Floor, f),
              127 + 3 - emax(f));
  }
  EXPECT_EQ(blockScaleByte(block({at}).data(), ScaleMode::Even, E4M3), 123);
}

TEST(MxBlockScale, ByteZeroAndSubnormals) {
  uint8_t codes[32];
  // Zero blocks: byte 0, codes +0 and -0.
  std::vector<float> zeros = block({0.0f, -0.0f});
  for (ElementFormat f : kElementFormats) {
    EXPECT_EQ(quantizeBlock(zeros.data(), ScaleMode::Even, f, codes), 0);
    EXPECT_EQ(codes[0], 0);
    EXPECT_EQ(codes[1], 1 << (elementBits(f) - 1));
  }
  // Subnormal amax: byte 0, values times 2^127. bf16 0x007F (127 * 2^-133)
  // becomes 1.984375 -> 2.0; 0x0001 (2^-133) becomes 2^-6, which E4M3
  // (smallest normal) and E5M2 hold but E2M3 and E3M2 round to zero.
  std::vector<float> x = block({bf16ToFloat(0x007F), bf16ToFloat(0x0001)});
  const uint8_t two[] = {0x4, 0x40, 0x40, 0x10, 0x10};
  const uint8_t tiny[] = {0x0, 0x08, 0x24, 0x00, 0x00};
  for (int i = 0; i < 5; ++i) {
    SCOPED_TRACE(elementFormatName(kElementFormats[i]));
    EXPECT_EQ(
        quantizeBlock(x.data(), ScaleMode::Floor, kElementFormats[i], codes),
        0);
    EXPECT_EQ(codes[0], two[i]);
    EXPECT_EQ(codes[1], tiny[i]);
  }
  // A normal amax whose scale clamps: 2^-120 needs s = -128 for E4M3, gets
  // -127 (byte 0), so 2^-120 becomes 2^7 = 128 (0x70) instead of 256.
  EXPECT_EQ(
      quantizeBlock(block({0x1p-120f}).data(), ScaleMode::Floor, E4M3, codes),
      0);
  EXPECT_EQ(codes[0], 0x70);
}

TEST(MxBlockScale, Byte254AndTheLargestBf16) {
  // 0x7F7F = 1.9921875 * 2^127. Even: the bump overflows to +Inf, clamped to
  // s = 127 in every format, and -1.99 rounds to -2.0. Floor: s = 127 - emax
  // and 1.99 * 2^emax saturates.
  std::vector<float> x = block({bf16ToFloat(0xFF7F)});
  const uint8_t minusTwo[] = {0xC, 0xC0, 0xC0, 0x30, 0x30};
  const uint8_t floorBytes[] = {252, 246, 239, 252, 250};
  const uint8_t minusMax[] = {0xF, 0xFE, 0xFB, 0x3F, 0x3F};
  uint8_t codes[32];
  for (int i = 0; i < 5; ++i) {
    ElementFormat f = kElementFormats[i];
    SCOPED_TRACE(elementFormatName(f));
    EXPECT_EQ(quantizeBlock(x.data(), ScaleMode::Even, f, codes), 254);
    EXPECT_EQ(codes[0], minusTwo[i]);
    EXPECT_EQ(quantizeBlock(x.data(), ScaleMode::Floor, f, codes),
              floorBytes[i]);
    EXPECT_EQ(codes[0], minusMax[i]);
  }
}

TEST(MxBlockScale, NonFiniteBlocksInEveryFormat) {
  uint8_t codes[32];
  std::vector<uint8_t> packed(32), scales(1);
  std::vector<float> out(32);
  for (float bad : {NAN, INFINITY, -INFINITY}) {
    std::vector<float> x = block({1.0f, 6.0f, -3.0f});
    x[9] = bad;
    for (ElementFormat f : kElementFormats) {
      SCOPED_TRACE(elementFormatName(f));
      EXPECT_EQ(quantizeBlock(x.data(), ScaleMode::Even, f, codes), 0xFF);
      for (int i = 0; i < 32; ++i)
        EXPECT_EQ(codes[i], 0) << i;
      ASSERT_TRUE(quantizeRows(x.data(), 1, 32, ScaleMode::Floor, f,
                               packed.data(), scales.data())
                      .ok());
      ASSERT_TRUE(
          dequantizeRows(packed.data(), scales.data(), 1, 32, f, out.data())
              .ok());
      for (int i = 0; i < 32; ++i)
        EXPECT_TRUE(std::isnan(out[i])) << i;
    }
  }
}

TEST(MxQuantizeRows, Fp6AndFp8Layout) {
  // E2M3, K = 64, Floor. Block 0: 1, 2, 3, 7.5 (amax 7.5, s = 0) are codes
  // 0x08, 0x10, 0x14, 0x1F: 0x08 | 0x10 << 6 | 0x14 << 12 | 0x1F << 18 =
  // 0x7D4408. Block 1 (bytes 24..47): -1, 0.5 with amax 1, s = -2: -4 (0x38)
  // and 2 (0x10): 0x38 | 0x10 << 6 = 0x438.
  std::vector<float> x(64, 0.0f);
  x[0] = 1, x[1] = 2, x[2] = 3, x[3] = 7.5f, x[32] = -1, x[33] = 0.5f;
  std::vector<uint8_t> packed(48, 0xEE), scales(2);
  ASSERT_TRUE(quantizeRows(x.data(), 1, 64, ScaleMode::Floor, E2M3,
                           packed.data(), scales.data())
                  .ok());
  EXPECT_EQ(scales[0], 127);
  EXPECT_EQ(scales[1], 125);
  const uint8_t head0[] = {0x08, 0x44, 0x7D, 0x00},
                head1[] = {0x38, 0x04, 0x00};
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(packed[i], head0[i]) << i;
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(packed[24 + i], head1[i]) << i;
  // E5M2: one byte per element; the same values (amax 7.5 -> s = 2 - 15).
  std::vector<uint8_t> bytes(64);
  ASSERT_TRUE(quantizeRows(x.data(), 1, 64, ScaleMode::Floor, E5M2,
                           bytes.data(), scales.data())
                  .ok());
  EXPECT_EQ(scales[0], 127 - 13);
  EXPECT_EQ(bytes[0], encodeElement(E5M2, 0x1p13));
  EXPECT_EQ(bytes[3], encodeElement(E5M2, 7.5 * 0x1p13));
  EXPECT_EQ(bytes[32], encodeElement(E5M2, -0x1p15)); // s = 0 - 15
}

TEST(MxQuantizeRows, ErrorWithinHalfAStepOrSaturation) {
  // (mantissa bits, bias) per format, restated from the OCP tables.
  const int mantissaBits[] = {1, 3, 2, 3, 2}, bias[] = {1, 7, 15, 1, 3};
  const int64_t rows = 8, k = 256;
  std::vector<uint16_t> a = randnBf16Blocked(5, rows, k);
  for (int fi = 0; fi < 5; ++fi) {
    ElementFormat f = kElementFormats[fi];
    SCOPED_TRACE(elementFormatName(f));
    std::vector<uint8_t> packed(rows * rowBytes(f, k)), scales(rows * k / 32);
    std::vector<float> back(rows * k);
    for (ScaleMode mode : {ScaleMode::Even, ScaleMode::Floor}) {
      ASSERT_TRUE(
          quantizeRows(a.data(), rows, k, mode, f, packed.data(), scales.data())
              .ok());
      ASSERT_TRUE(
          dequantizeRows(packed.data(), scales.data(), rows, k, f, back.data())
              .ok());
      for (int64_t i = 0; i < rows * k; ++i) {
        int s = scales[i / 32] - 127;
        double v = std::ldexp(std::fabs(bf16ToFloat(a[i])), -s);
        double got = std::ldexp(std::fabs(back[i]), -s);
        double bound;
        if (v > maxFinite(f)) {
          bound = v - maxFinite(f);
        } else {
          int e = v > 0 ? std::max(std::ilogb(v), 1 - bias[fi]) : 0;
          bound = std::ldexp(0.5, e - mantissaBits[fi]);
        }
        ASSERT_LE(std::fabs(got - v), bound) << i;
      }
    }
  }
}

TEST(MxDequantizeRows, ValuesTimesScale) {
  // E4M3 codes 0x7E (448) and 0xB9 (-1.125) with byte 130 (8); NaN code 0x7F
  // stays NaN; byte 254 with 1.0 gives 2^127, with 2.0 overflows to +Inf.
  std::vector<uint8_t> q(64, 0x00), s = {130, 254};
  q[0] = 0x7E, q[1] = 0xB9, q[2] = 0x7F, q[32] = 0x38, q[33] = 0x40;
  std::vector<float> out(64);
  ASSERT_TRUE(dequantizeRows(q.data(), s.data(), 1, 64, E4M3, out.data()).ok());
  EXPECT_EQ(out[0], 3584.0f);
  EXPECT_EQ(out[1], -9.0f);
  EXPECT_TRUE(std::isnan(out[2]));
  EXPECT_EQ(out[3], 0.0f);
  EXPECT_EQ(out[32], 0x1p127f);
  EXPECT_EQ(out[33], INFINITY);
  EXPECT_FALSE(
      dequantizeRows(q.data(), s.data(), 1, 48, E4M3, out.data()).ok());
  EXPECT_FALSE(
      quantizeRows(out.data(), 1, 48, ScaleMode::Even, E3M2, q.data(), s.data())
          .ok());
}

} // namespace
