//===- QuantizeTest.cpp - Block scales and codes by hand --------*- C++ -*-===//
//
// Expected scale bytes come from s = floor(log2(amax_r)) - 2 worked out on
// paper for each block; expected codes from dividing by 2^s and reading the
// E2M1 grid.
//
//===----------------------------------------------------------------------===//

#include "fp4/Reference/Quantize.h"
#include "fp4/Reference/Formats.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using namespace fp4::ref;

namespace {

/// A block holding `head` at the front and zeros after.
std::vector<float> block(std::initializer_list<float> head) {
  std::vector<float> x(32, 0.0f);
  std::copy(head.begin(), head.end(), x.begin());
  return x;
}

TEST(BlockScale, ZeroBlockIsByteZero) {
  std::vector<float> x(32, 0.0f);
  for (int i = 16; i < 32; ++i)
    x[i] = -0.0f;
  uint8_t codes[32];
  for (ScaleMode mode : {ScaleMode::Even, ScaleMode::Floor}) {
    EXPECT_EQ(quantizeBlock(x.data(), mode, codes), 0);
    for (int i = 0; i < 32; ++i)
      EXPECT_EQ(codes[i], i < 16 ? 0x0 : 0x8) << i;
  }
}

TEST(BlockScale, PowersAndPlainValues) {
  // amax 6 = 1.5 * 2^2: s = 0, byte 127 in both modes.
  EXPECT_EQ(blockScaleByte(block({6.0f}).data(), ScaleMode::Even), 127);
  EXPECT_EQ(blockScaleByte(block({-6.0f}).data(), ScaleMode::Floor), 127);
  // amax 1 = 2^0: s = -2, byte 125.
  EXPECT_EQ(blockScaleByte(block({1.0f, -0.5f}).data(), ScaleMode::Even), 125);
  // amax 4 = 2^2: s = 0.
  EXPECT_EQ(blockScaleByte(block({0.5f, -4.0f}).data(), ScaleMode::Even), 127);
  // amax 100 = 1.5625 * 2^6: s = 4, byte 131 (no bump: 1.5625 < 1.75).
  EXPECT_EQ(blockScaleByte(block({100.0f}).data(), ScaleMode::Even), 131);
}

TEST(BlockScale, BumpAtOnePointSevenFive) {
  // amax 14 = 1.75 * 2^3: Even rounds it to 16 = 2^4, s = 2 (byte 129);
  // Floor keeps 2^3, s = 1 (byte 128).
  EXPECT_EQ(blockScaleByte(block({14.0f}).data(), ScaleMode::Even), 129);
  EXPECT_EQ(blockScaleByte(block({14.0f}).data(), ScaleMode::Floor), 128);
  // amax 12 = 1.5 * 2^3: no bump in either mode.
  EXPECT_EQ(blockScaleByte(block({12.0f}).data(), ScaleMode::Even), 128);
  EXPECT_EQ(blockScaleByte(block({12.0f}).data(), ScaleMode::Floor), 128);
  // The bf16 just below 14 (1.7421875 * 8 = 13.9375): no bump.
  EXPECT_EQ(blockScaleByte(block({13.9375f}).data(), ScaleMode::Even), 128);
  // f32 input: mantissa 0x5FFFFF (top bits 10, then all ones) does not carry.
  EXPECT_EQ(blockScaleByte(block({floatFromBits(0x415FFFFF)}).data(),
                           ScaleMode::Even),
            128);
  // Mantissa 0x600000 exactly (= 14) does.
  EXPECT_EQ(blockScaleByte(block({floatFromBits(0x41600000)}).data(),
                           ScaleMode::Even),
            129);
}

TEST(BlockScale, BumpChangesCodes) {
  uint8_t codes[32];
  // Even: s = 2, 14 / 4 = 3.5 is a tie -> 4 (code 6); 3 / 4 = 0.75 -> 1 (2).
  std::vector<float> x = block({14.0f, 3.0f, -1.0f});
  EXPECT_EQ(quantizeBlock(x.data(), ScaleMode::Even, codes), 129);
  EXPECT_EQ(codes[0], 0x6);
  EXPECT_EQ(codes[1], 0x2);
  EXPECT_EQ(codes[2], 0x8); // -0.25 ties to -0
  // Floor: s = 1, 14 / 2 = 7 saturates to 6 (code 7); 1.5 (3); -0.5 (9).
  EXPECT_EQ(quantizeBlock(x.data(), ScaleMode::Floor, codes), 128);
  EXPECT_EQ(codes[0], 0x7);
  EXPECT_EQ(codes[1], 0x3);
  EXPECT_EQ(codes[2], 0x9);
}

TEST(BlockScale, SmallAndSubnormalAmax) {
  // amax 2^-124: s = -126, byte 1. amax 2^-125: s = -127, byte 0.
  EXPECT_EQ(blockScaleByte(block({0x1p-124f}).data(), ScaleMode::Floor), 1);
  EXPECT_EQ(blockScaleByte(block({0x1p-125f}).data(), ScaleMode::Floor), 0);
  // Subnormal amax (bf16 0x007F = 127 * 2^-133): floor(log2) = -127, so
  // s = -129 clamps to -127 (byte 0). The element is then 127 * 2^-133 *
  // 2^127 = 1.984375, which rounds to 2.0 (code 4), not to zero.
  std::vector<float> x =
      block({bf16ToFloat(0x007F), bf16ToFloat(0x8001), std::ldexp(1.0f, -136)});
  uint8_t codes[32];
  for (ScaleMode mode : {ScaleMode::Even, ScaleMode::Floor}) {
    EXPECT_EQ(quantizeBlock(x.data(), mode, codes), 0);
    EXPECT_EQ(codes[0], 0x4);
    EXPECT_EQ(codes[1], 0x8); // -2^-133 * 2^127 = -2^-6 -> -0
    EXPECT_EQ(codes[2], 0x0); // 2^-136 * 2^127 = 2^-9 -> 0
  }
  // An f32 subnormal with its leading one low in the mantissa: still byte 0.
  EXPECT_EQ(blockScaleByte(block({floatFromBits(0x00000003)}).data(),
                           ScaleMode::Floor),
            0);
}

TEST(BlockScale, LargestBf16) {
  // 0x7F7F = 1.9921875 * 2^127. Even: the bump overflows to +Inf, log2 = +Inf
  // clamps to 127 (byte 254); the element is 1.9921875 -> 2.0 (code 4).
  // Floor: floor(log2) = 127, s = 125 (byte 252); 7.96875 saturates (7).
  std::vector<float> x = block({bf16ToFloat(0xFF7F), bf16ToFloat(0x7F00)});
  uint8_t codes[32];
  EXPECT_EQ(quantizeBlock(x.data(), ScaleMode::Even, codes), 254);
  EXPECT_EQ(codes[0], 0xC);
  EXPECT_EQ(codes[1], 0x2); // 2^127 / 2^127 = 1
  EXPECT_EQ(quantizeBlock(x.data(), ScaleMode::Floor, codes), 252);
  EXPECT_EQ(codes[0], 0xF);
  EXPECT_EQ(codes[1], 0x6); // 2^127 / 2^125 = 4
  // 1.75 * 2^127 (0x7F60) also bumps to +Inf: 254, not 253.
  EXPECT_EQ(
      blockScaleByte(block({bf16ToFloat(0x7F60)}).data(), ScaleMode::Even),
      254);
  // 1.5 * 2^127 does not bump: 252.
  EXPECT_EQ(
      blockScaleByte(block({bf16ToFloat(0x7F40)}).data(), ScaleMode::Even),
      252);
}

TEST(BlockScale, NonFiniteBlocksAreNaNScaleAndZeroCodes) {
  uint8_t codes[32];
  for (float bad : {NAN, -NAN, INFINITY, -INFINITY}) {
    std::vector<float> x = block({1.0f, 6.0f, -3.0f});
    x[17] = bad;
    for (ScaleMode mode : {ScaleMode::Even, ScaleMode::Floor}) {
      std::fill(codes, codes + 32, 0x5);
      EXPECT_EQ(quantizeBlock(x.data(), mode, codes), 0xFF);
      for (int i = 0; i < 32; ++i)
        EXPECT_EQ(codes[i], 0) << i;
    }
  }
}

TEST(QuantizeRows, LayoutOfCodesAndScales) {
  // Two rows of K = 64. Row r block b holds value v at element 1 and amax
  // 6 * 2^(r + 2b) at element 0, so the scale byte is 127 + r + 2b.
  const int64_t rows = 2, k = 64;
  std::vector<uint16_t> a(rows * k, 0);
  for (int r = 0; r < rows; ++r)
    for (int b = 0; b < 2; ++b) {
      float scale = std::ldexp(1.0f, r + 2 * b);
      a[r * k + 32 * b] = floatToBf16(6.0f * scale);
      a[r * k + 32 * b + 1] = floatToBf16(-1.5f * scale);
      a[r * k + 32 * b + 2] = floatToBf16(0.5f * scale);
    }
  std::vector<uint8_t> q(rows * k / 2, 0xEE), s(rows * 2, 0xEE);
  ASSERT_TRUE(
      quantizeRows(a.data(), rows, k, ScaleMode::Even, q.data(), s.data())
          .ok());
  EXPECT_EQ(s[0], 127);
  EXPECT_EQ(s[1], 129);
  EXPECT_EQ(s[2], 128);
  EXPECT_EQ(s[3], 130);
  for (int r = 0; r < rows; ++r)
    for (int b = 0; b < 2; ++b) {
      int64_t byte0 = (r * k + 32 * b) / 2;
      EXPECT_EQ(q[byte0], 0xB7) << r << "," << b;     // 6 low, -1.5 high
      EXPECT_EQ(q[byte0 + 1], 0x01) << r << "," << b; // 0.5 low, 0 high
      EXPECT_EQ(q[byte0 + 2], 0x00);
    }
}

TEST(QuantizeRows, FloatAndBf16OverloadsAgree) {
  std::vector<uint16_t> a(4 * 96);
  std::vector<float> af(a.size());
  for (size_t i = 0; i < a.size(); ++i) {
    a[i] = static_cast<uint16_t>((i * 2654435761u) >> 7) & 0xBFFF; // finite
    af[i] = bf16ToFloat(a[i]);
  }
  std::vector<uint8_t> q1(a.size() / 2), q2(a.size() / 2), s1(12), s2(12);
  ASSERT_TRUE(
      quantizeRows(a.data(), 4, 96, ScaleMode::Even, q1.data(), s1.data())
          .ok());
  ASSERT_TRUE(
      quantizeRows(af.data(), 4, 96, ScaleMode::Even, q2.data(), s2.data())
          .ok());
  EXPECT_EQ(q1, q2);
  EXPECT_EQ(s1, s2);
}

TEST(QuantizeRows, RejectsBadShapes) {
  uint16_t a[64] = {};
  uint8_t q[32], s[2];
  Status st = quantizeRows(a, 1, 48, ScaleMode::Even, q, s);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("multiple of 32"), std::string::npos)
      << st.message();
  EXPECT_FALSE(quantizeRows(a, -1, 32, ScaleMode::Even, q, s).ok());
  EXPECT_FALSE(quantizeRows(a, 1, 32, ScaleMode::Even, nullptr, s).ok());
  EXPECT_TRUE(quantizeRows(static_cast<const uint16_t *>(nullptr), 0, 32,
                           ScaleMode::Even, nullptr, nullptr)
                  .ok());
}

TEST(DequantizeRows, ValuesTimesScale) {
  // Codes 0x7 (6) and 0xB (-1.5) with scale byte 129 (4): 24 and -6.
  // Second block: scale 0xFF makes every element NaN; third: byte 254 and
  // code 4 (2.0) gives 2^128, which is +Inf in f32, code 3 gives 1.5 * 2^127.
  std::vector<uint8_t> q(48, 0x00), s = {129, 0xFF, 254};
  q[0] = 0xB7;
  q[32] = 0x34;
  std::vector<float> out(96);
  ASSERT_TRUE(dequantizeRows(q.data(), s.data(), 1, 96, out.data()).ok());
  EXPECT_EQ(out[0], 24.0f);
  EXPECT_EQ(out[1], -6.0f);
  EXPECT_EQ(out[2], 0.0f);
  for (int i = 32; i < 64; ++i)
    EXPECT_TRUE(std::isnan(out[i])) << i;
  EXPECT_EQ(out[64], INFINITY);
  EXPECT_EQ(out[65], 0x1.8p127f);
  EXPECT_FALSE(dequantizeRows(q.data(), s.data(), 1, 40, out.data()).ok());
}

TEST(DequantizeRows, RoundTripOfRepresentableValues) {
  // Values already on the MXFP4 grid of their block come back unchanged.
  const float grid[8] = {0, 0.5f, 1, 1.5f, 2, 3, 4, 6};
  std::vector<float> x(3 * 64);
  for (size_t i = 0; i < x.size(); ++i) {
    int block = static_cast<int>(i / 32);
    float v = grid[(i * 5 + 1) % 8] * std::ldexp(1.0f, 3 * block - 7);
    x[i] = (i % 3 == 0) ? -v : v;
  }
  for (int b = 0; b < 6; ++b)
    x[b * 32 + 7] = 6.0f * std::ldexp(1.0f, 3 * b - 7); // pin each amax
  std::vector<uint8_t> q(x.size() / 2), s(6);
  std::vector<float> back(x.size());
  for (ScaleMode mode : {ScaleMode::Even, ScaleMode::Floor}) {
    ASSERT_TRUE(quantizeRows(x.data(), 3, 64, mode, q.data(), s.data()).ok());
    ASSERT_TRUE(dequantizeRows(q.data(), s.data(), 3, 64, back.data()).ok());
    EXPECT_EQ(back, x);
  }
}

} // namespace
