//===- RandomTest.cpp - Test data generators and edge blocks ----*- C++ -*-===//
//
// The edge-case blocks double as the main golden test of block quantization:
// their scale bytes and codes are listed here as worked out by hand.
//
//===----------------------------------------------------------------------===//

#include "fp4/Reference/Random.h"
#include "fp4/Reference/Formats.h"
#include "fp4/Reference/Quantize.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using namespace fp4::ref;

namespace {

TEST(Rng, DeterministicPerSeed) {
  Rng a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    uint64_t x = a.next();
    EXPECT_EQ(x, b.next());
    differs |= x != c.next();
  }
  EXPECT_TRUE(differs);
  Rng d(5);
  for (int i = 0; i < 1000; ++i) {
    int64_t v = d.uniformInt(-3, 4);
    ASSERT_GE(v, -3);
    ASSERT_LE(v, 4);
    double u = d.uniform();
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
  }
}

TEST(Randn, LooksStandardNormal) {
  std::vector<uint16_t> v = randnBf16(3, 200000);
  double sum = 0, sumSq = 0;
  int64_t beyond3 = 0;
  for (uint16_t bits : v) {
    double x = bf16ToFloat(bits);
    ASSERT_TRUE(std::isfinite(x));
    sum += x;
    sumSq += x * x;
    beyond3 += std::fabs(x) > 3.0;
  }
  double mean = sum / v.size(), var = sumSq / v.size() - mean * mean;
  EXPECT_NEAR(mean, 0.0, 0.01);
  EXPECT_NEAR(var, 1.0, 0.02);
  // P(|x| > 3) = 0.0027: 540 expected out of 200000.
  EXPECT_GT(beyond3, 400);
  EXPECT_LT(beyond3, 700);
  EXPECT_EQ(randnBf16(3, 100),
            std::vector<uint16_t>(v.begin(), v.begin() + 100));
}

TEST(RandnBlocked, ExponentPattern) {
  // ((5r + 3b + seed % 7) mod 7) - 3, by hand for seeds 0, 15 and 7.
  EXPECT_EQ(blockExponent(0, 0, 0), -3);
  EXPECT_EQ(blockExponent(0, 1, 0), 2);   // 5 - 3
  EXPECT_EQ(blockExponent(0, 0, 1), 0);   // 3 - 3
  EXPECT_EQ(blockExponent(0, 2, 1), 3);   // 13 mod 7 = 6
  EXPECT_EQ(blockExponent(0, 7, 0), -3);  // 35 mod 7 = 0
  EXPECT_EQ(blockExponent(15, 1, 1), -1); // (5 + 3 + 1) mod 7 = 2
  EXPECT_EQ(blockExponent(7, 1, 1), -2);  // seed 7 acts as 0: 8 mod 7 = 1
  // Neighbours at kernel strides never share an exponent.
  for (int64_t r = 0; r < 40; ++r)
    for (int64_t b = 0; b < 40; ++b)
      for (int64_t d : {1, 2, 4, 8, 16, 32, 64}) {
        ASSERT_NE(blockExponent(9, r, b), blockExponent(9, r + d, b));
        ASSERT_NE(blockExponent(9, r, b), blockExponent(9, r, b + d));
      }
}

TEST(RandnBlocked, ScalesEachBlockExactly) {
  const int64_t rows = 20, k = 128;
  std::vector<uint16_t> base = randnBf16(77, rows * k);
  std::vector<uint16_t> blocked = randnBf16Blocked(77, rows, k);
  ASSERT_EQ(blocked.size(), base.size());
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t i = 0; i < k; ++i) {
      float want = std::ldexp(bf16ToFloat(base[r * k + i]),
                              blockExponent(77, r, i / 32));
      ASSERT_EQ(bf16ToFloat(blocked[r * k + i]), want);
    }
  // The quantized scale bytes of vertically and horizontally adjacent blocks
  // differ almost everywhere (the random amax can cancel a step only rarely).
  std::vector<uint8_t> q(rows * k / 2), s(rows * k / 32);
  ASSERT_TRUE(
      quantizeRows(blocked.data(), rows, k, ScaleMode::Even, q.data(), s.data())
          .ok());
  int64_t same = 0, pairs = 0;
  for (int64_t r = 0; r + 1 < rows; ++r)
    for (int64_t b = 0; b + 1 < k / 32; ++b) {
      same += s[r * 4 + b] == s[(r + 1) * 4 + b];
      same += s[r * 4 + b] == s[r * 4 + b + 1];
      pairs += 2;
    }
  EXPECT_LT(same * 10, pairs) << same << " of " << pairs;
  EXPECT_TRUE(randnBf16Blocked(1, 2, 40).empty());
}

struct Expected {
  const char *name;
  uint8_t evenByte, floorByte; // as offsets from 127 + s where marked
  bool relative;               // true: byte = 127 + s + value
};

TEST(EdgeCaseBlocks, ScaleBytesByHand) {
  for (int s : {0, -5, 17, -120, 120}) {
    std::vector<std::string> names;
    std::vector<uint16_t> data = makeEdgeCaseBlocks(s, true, &names);
    ASSERT_EQ(data.size(), 10u * 32);
    ASSERT_EQ(names.size(), 10u);
    const Expected expected[10] = {
        {"zeros", 0, 0, false},      {"ties", 0, 0, true},
        {"bump", 1, 0, true},        {"below-bump", 0, 0, true},
        {"subnormals", 0, 0, false}, {"max-bf16", 254, 252, false},
        {"tiny-mixed", 0, 0, true},  {"nan", 0xFF, 0xFF, false},
        {"+inf", 0xFF, 0xFF, false}, {"-inf", 0xFF, 0xFF, false}};
    for (int blk = 0; blk < 10; ++blk) {
      EXPECT_EQ(names[blk], expected[blk].name);
      float x[32];
      for (int i = 0; i < 32; ++i)
        x[i] = bf16ToFloat(data[blk * 32 + i]);
      int base = expected[blk].relative ? 127 + s : 0;
      EXPECT_EQ(blockScaleByte(x, ScaleMode::Even),
                base + expected[blk].evenByte)
          << names[blk] << " s=" << s;
      EXPECT_EQ(blockScaleByte(x, ScaleMode::Floor),
                base + expected[blk].floorByte)
          << names[blk] << " s=" << s;
    }
  }
  EXPECT_TRUE(makeEdgeCaseBlocks(121).empty());
  EXPECT_EQ(makeEdgeCaseBlocks(0).size(), 7u * 32);
}

TEST(EdgeCaseBlocks, TieBlockCodesByHand) {
  // Layout: [0] 6, [1..7] ties, [8..14] negative ties, [15..21] next bf16
  // above each tie, [22..28] next below, [29] 0.5, [30] 3, [31] -6 (all
  // times 2^s, and the scale is exactly 2^s).
  const uint8_t want[32] = {0x7,                               // 6
                            0x0, 0x2, 0x2, 0x4, 0x4, 0x6, 0x6, // ties to even
                            0x8, 0xA, 0xA, 0xC, 0xC, 0xE, 0xE, // negative ties
                            0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0x7, // just above
                            0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, // just below
                            0x1, 0x5, 0xF};
  for (int s : {0, 9, -30}) {
    std::vector<uint16_t> data = makeEdgeCaseBlocks(s);
    float x[32];
    for (int i = 0; i < 32; ++i)
      x[i] = bf16ToFloat(data[32 + i]);
    for (ScaleMode mode : {ScaleMode::Even, ScaleMode::Floor}) {
      uint8_t codes[32];
      EXPECT_EQ(quantizeBlock(x, mode, codes), 127 + s);
      for (int i = 0; i < 32; ++i)
        EXPECT_EQ(codes[i], want[i]) << "element " << i << " s=" << s;
    }
  }
}

TEST(EdgeCaseBlocks, BumpCodesAndSignedZeros) {
  std::vector<uint16_t> data = makeEdgeCaseBlocks(3, true);
  auto load = [&](int blk, float *x) {
    for (int i = 0; i < 32; ++i)
      x[i] = bf16ToFloat(data[blk * 32 + i]);
  };
  float x[32];
  uint8_t codes[32];
  // "bump": 7*2^s. Even -> scale s+1, 3.5 ties to 4 (0x6); Floor -> 7 -> 6.
  load(2, x);
  quantizeBlock(x, ScaleMode::Even, codes);
  EXPECT_EQ(codes[0], 0x6);
  EXPECT_EQ(codes[1], 0xE);
  EXPECT_EQ(codes[2], 0xC); // -3.5 * 2^s / 2^(s+1) = -1.75 -> -2
  quantizeBlock(x, ScaleMode::Floor, codes);
  EXPECT_EQ(codes[0], 0x7);
  EXPECT_EQ(codes[2], 0xE); // -3.5 ties to -4
  // "below-bump": 6.96875 -> 6 in both modes.
  load(3, x);
  quantizeBlock(x, ScaleMode::Even, codes);
  EXPECT_EQ(codes[0], 0x7);
  EXPECT_EQ(codes[1], 0xF);
  // "zeros": +0 -> 0x0, -0 -> 0x8.
  load(0, x);
  quantizeBlock(x, ScaleMode::Even, codes);
  EXPECT_EQ(codes[0], 0x0);
  EXPECT_EQ(codes[31], 0x8);
  // "tiny-mixed": everything but the 4*2^s amax rounds to a signed zero.
  load(6, x);
  quantizeBlock(x, ScaleMode::Even, codes);
  EXPECT_EQ(codes[0], 0x6);
  for (int i = 1; i < 32; ++i)
    EXPECT_EQ(codes[i], (i % 2) ? 0x8 : 0x0) << i;
  // Non-finite blocks: every code 0.
  for (int blk = 7; blk < 10; ++blk) {
    load(blk, x);
    std::fill(codes, codes + 32, 0x3);
    EXPECT_EQ(quantizeBlock(x, ScaleMode::Even, codes), 0xFF);
    for (int i = 0; i < 32; ++i)
      EXPECT_EQ(codes[i], 0) << blk << "," << i;
  }
}

} // namespace
