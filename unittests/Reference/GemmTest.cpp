//===- GemmTest.cpp - Reference GEMM against hand sums ----------*- C++ -*-===//
//
// A 1x2x64 GEMM summed on paper, the Even/Floor difference on one block, NaN
// propagation, and agreement with a plain dequantize-then-multiply loop on
// non-uniform random data.
//
//===----------------------------------------------------------------------===//

#include "fp4/Reference/Gemm.h"
#include "fp4/Reference/Check.h"
#include "fp4/Reference/Formats.h"
#include "fp4/Reference/Random.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using namespace fp4::ref;

namespace {

/// A bf16 row of length k with the given (index, value) entries, zeros else.
std::vector<uint16_t>
row(int64_t k, std::initializer_list<std::pair<int, float>> entries) {
  std::vector<uint16_t> a(k, 0);
  for (auto [i, v] : entries)
    a[i] = floatToBf16(v);
  return a;
}

TEST(ReferenceGemm, TinyByHand) {
  // A (K = 64). Block 0: amax 6, s = 0: 6, 1, -0.5 are on the grid.
  // Block 1: amax 12 = 1.5 * 2^3, s = 1: 12 -> 6 (12), 3 -> 1.5 (3),
  // 5 -> 2.5 ties to 2 (4), 7 -> 3.5 ties to 4 (8).
  std::vector<uint16_t> a = row(
      64, {{0, 6}, {1, 1}, {2, -0.5f}, {32, 12}, {33, 3}, {34, 5}, {35, 7}});
  // B (N = 2), fp4x2 [2, 32], element 2j in the low nibble of byte j.
  std::vector<uint8_t> b(64, 0x00);
  // Row 0, scales 1 and 0.5: block 0 = 1, 6, -2; block 1 = 1.5, -1, 2, 0.5.
  b[0] = 0x72;
  b[1] = 0x0C;
  b[16] = 0xA3;
  b[17] = 0x14;
  // Row 1, scales 2^-7 and 8: block 0 = -0.5, 0.5, 3; block 1 = -6, 4, 0, 1.
  b[32] = 0x19;
  b[33] = 0x05;
  b[48] = 0x6F;
  b[49] = 0x20;
  std::vector<uint8_t> bScales = {127, 126, 120, 130};

  // C[0,0] = (6*1 + 1*6 + (-0.5)(-2)) * 1
  //        + (12*1.5 + 3*(-1) + 4*2 + 8*0.5) * 0.5   = 13 + 13.5 = 26.5
  // C[0,1] = (6*(-0.5) + 1*0.5 + (-0.5)*3) * 2^-7
  //        + (12*(-6) + 3*4 + 4*0 + 8*1) * 8         = -0.03125 - 416
  for (ScaleMode mode : {ScaleMode::Even, ScaleMode::Floor}) {
    float c[2] = {0, 0};
    ASSERT_TRUE(
        referenceGemm(a.data(), 1, 64, b.data(), bScales.data(), 2, mode, c)
            .ok());
    EXPECT_EQ(c[0], 26.5f);
    EXPECT_EQ(c[1], -416.03125f);
  }
}

TEST(ReferenceGemm, ScaleModeMatters) {
  // amax 7 = 1.75 * 4. Even: s = 1, 7 -> 3.5 -> 4 (8), 1 -> 0.5 (1): C = 9.
  // Floor: s = 0, 7 saturates to 6, 1 stays 1: C = 7.
  std::vector<uint16_t> a = row(32, {{0, 7}, {1, 1}});
  std::vector<uint8_t> b(16, 0x00);
  b[0] = 0x22; // 1.0, 1.0
  uint8_t bScale = 127;
  float c = 0;
  ASSERT_TRUE(
      referenceGemm(a.data(), 1, 32, b.data(), &bScale, 1, ScaleMode::Even, &c)
          .ok());
  EXPECT_EQ(c, 9.0f);
  ASSERT_TRUE(
      referenceGemm(a.data(), 1, 32, b.data(), &bScale, 1, ScaleMode::Floor, &c)
          .ok());
  EXPECT_EQ(c, 7.0f);
}

TEST(ReferenceGemm, NonFinitePropagatesAsNaN) {
  // A row 0 holds +Inf: its block gets scale 0xFF, so C row 0 is NaN. B row 1
  // has scale 0xFF: C column 1 is NaN. C[1,0] stays finite: 1 * 1 = 1.
  std::vector<uint16_t> a(2 * 32, 0);
  a[0] = 0x7F80;
  a[32] = floatToBf16(1.0f);
  std::vector<uint8_t> b(2 * 16, 0x00);
  b[0] = 0x02;
  b[16] = 0x02;
  std::vector<uint8_t> bScales = {127, 0xFF};
  float c[4];
  ASSERT_TRUE(referenceGemm(a.data(), 2, 32, b.data(), bScales.data(), 2,
                            ScaleMode::Even, c)
                  .ok());
  EXPECT_TRUE(std::isnan(c[0]));
  EXPECT_TRUE(std::isnan(c[1]));
  EXPECT_EQ(c[2], 1.0f);
  EXPECT_TRUE(std::isnan(c[3]));
}

TEST(ReferenceGemm, OverflowBecomesInf) {
  // 6 * 2^127 times 6 * 2^127 is far beyond f32: +Inf, not UB.
  uint8_t a[16] = {0x07}, b[16] = {0x07}, sa = 254, sb = 254;
  float c = 0;
  ASSERT_TRUE(referenceGemmQuantized(a, &sa, 1, b, &sb, 1, 32, &c).ok());
  EXPECT_EQ(c, INFINITY);
}

TEST(ReferenceGemm, MatchesDequantizeThenMultiply) {
  const int64_t m = 8, n = 48, k = 256;
  std::vector<uint16_t> a = randnBf16Blocked(11, m, k);
  std::vector<uint16_t> bRaw = randnBf16Blocked(12, n, k);
  std::vector<uint8_t> bq(n * k / 2), bs(n * k / 32), aq(m * k / 2),
      as(m * k / 32);
  ASSERT_TRUE(
      quantizeRows(bRaw.data(), n, k, ScaleMode::Even, bq.data(), bs.data())
          .ok());
  ASSERT_TRUE(
      quantizeRows(a.data(), m, k, ScaleMode::Even, aq.data(), as.data()).ok());
  std::vector<float> ad(m * k), bd(n * k), naive(m * n), c(m * n);
  ASSERT_TRUE(dequantizeRows(aq.data(), as.data(), m, k, ad.data()).ok());
  ASSERT_TRUE(dequantizeRows(bq.data(), bs.data(), n, k, bd.data()).ok());
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double acc = 0;
      for (int64_t t = 0; t < k; ++t)
        acc += double(ad[i * k + t]) * bd[j * k + t];
      naive[i * n + j] = static_cast<float>(acc);
    }
  ASSERT_TRUE(referenceGemm(a.data(), m, k, bq.data(), bs.data(), n,
                            ScaleMode::Even, c.data())
                  .ok());
  CheckResult r = checkOutput(c.data(), naive.data(), m * n, 1e-6, 1e-6);
  EXPECT_TRUE(r.ok()) << describe(r, c.data(), naive.data(), m * n);
  // The quantized-A entry point gives the same numbers.
  std::vector<float> c2(m * n);
  ASSERT_TRUE(referenceGemmQuantized(aq.data(), as.data(), m, bq.data(),
                                     bs.data(), n, k, c2.data())
                  .ok());
  EXPECT_EQ(c, c2);
}

TEST(ReferenceGemm, F32AccumulationFitsTheTolerance) {
  // A kernel adds exact 128-wide MFMA results into an f32 accumulator. On the
  // blocked test data at the problem's largest K that rounding must stay far
  // inside the 0.01 absolute tolerance, or correct kernels would fail where a
  // sum cancels to near zero (the reason randnBf16Blocked's range is +-3).
  const int64_t m = 2, n = 64, k = 7168;
  std::vector<uint16_t> a = randnBf16Blocked(21, m, k);
  std::vector<uint16_t> bRaw = randnBf16Blocked(22, n, k);
  std::vector<uint8_t> aq(m * k / 2), as(m * k / 32), bq(n * k / 2),
      bs(n * k / 32);
  ASSERT_TRUE(
      quantizeRows(a.data(), m, k, ScaleMode::Even, aq.data(), as.data()).ok());
  ASSERT_TRUE(
      quantizeRows(bRaw.data(), n, k, ScaleMode::Even, bq.data(), bs.data())
          .ok());
  std::vector<float> ad(m * k), bd(n * k), ref(m * n), f32(m * n);
  ASSERT_TRUE(dequantizeRows(aq.data(), as.data(), m, k, ad.data()).ok());
  ASSERT_TRUE(dequantizeRows(bq.data(), bs.data(), n, k, bd.data()).ok());
  ASSERT_TRUE(referenceGemmQuantized(aq.data(), as.data(), m, bq.data(),
                                     bs.data(), n, k, ref.data())
                  .ok());
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      float acc = 0.0f;
      for (int64_t c = 0; c < k; c += 128) {
        double chunk = 0.0; // exact: at most 4 blocks of exact products
        for (int64_t t = c; t < c + 128; ++t)
          chunk += double(ad[i * k + t]) * bd[j * k + t];
        acc += static_cast<float>(chunk);
      }
      f32[i * n + j] = acc;
    }
  CheckResult r = checkOutput(f32.data(), ref.data(), m * n);
  EXPECT_TRUE(r.ok()) << describe(r, f32.data(), ref.data(), m * n);
  EXPECT_LT(r.worstAbsErr, 0.005);
}

TEST(ReferenceGemm, RejectsBadShapes) {
  uint16_t a[64] = {};
  uint8_t b[32] = {}, s[2] = {};
  float c[1];
  Status st = referenceGemm(a, 1, 48, b, s, 1, ScaleMode::Even, c);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("multiple of 32"), std::string::npos);
  EXPECT_FALSE(referenceGemm(a, 1, 32, b, s, -1, ScaleMode::Even, c).ok());
  EXPECT_FALSE(referenceGemm(a, 1, 32, nullptr, s, 1, ScaleMode::Even, c).ok());
  EXPECT_FALSE(referenceGemm(a, 1, 32, b, s, 1, ScaleMode::Even, nullptr).ok());
}

TEST(ToBf16, RoundsOutput) {
  const float in[4] = {1.0f, floatFromBits(0x3F808000),
                       floatFromBits(0x3F818000), -416.03125f};
  uint16_t out[4];
  toBf16(in, 4, out);
  EXPECT_EQ(out[0], 0x3F80);
  EXPECT_EQ(out[1], 0x3F80);
  EXPECT_EQ(out[2], 0x3F82);
  // -416.03125 = -1.625061 * 2^8: bf16 keeps 7 bits -> -416 (0xC3D0).
  EXPECT_EQ(out[3], 0xC3D0);
  float back[4];
  fromBf16(out, 4, back);
  EXPECT_EQ(back[3], -416.0f);
}

} // namespace
