//===- MxGemmTest.cpp - Reference GEMM on mixed MX formats ------*- C++ -*-===//
//
// A block summed on paper, the exact E5M2 x E5M2 block sum (it needs more
// than 64 bits), non-finite codes, and every format pair against a plain
// double loop over dequantized operands.
//
//===----------------------------------------------------------------------===//

#include "fp4/Reference/Gemm.h"
#include "fp4/Reference/Packing.h"
#include "fp4/Reference/Random.h"

#include "FormatNames.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using namespace fp4::ref;
using namespace fp4::ref::test;

namespace {

/// Packs [rows, k] codes of `format`.
std::vector<uint8_t> pack(ElementFormat format,
                          const std::vector<uint8_t> &codes, int64_t rows,
                          int64_t k) {
  std::vector<uint8_t> packed(rows * rowBytes(format, k));
  EXPECT_TRUE(packRows(format, codes.data(), rows, k, packed.data()).ok());
  return packed;
}

TEST(MxGemm, E4M3TimesE2M3ByHand) {
  // A (E4M3, scale 1): 1, 448, -2^-9. B row 0 (E2M3, scale 0.5): 7.5, 0.125,
  // 1; row 1 (scale 8): -7.5, -0, -0.
  // C[0,0] = (7.5 + 56 - 2^-9) * 0.5 = 31.75 - 2^-10; C[0,1] = -60.
  std::vector<uint8_t> a(32, 0), b(64, 0);
  a[0] = 0x38, a[1] = 0x7E, a[2] = 0x81;
  b[0] = 0x1F, b[1] = 0x01, b[2] = 0x08;
  b[32] = 0x3F, b[33] = 0x20, b[34] = 0x20;
  std::vector<uint8_t> aScales = {127}, bScales = {126, 130};
  std::vector<uint8_t> ap = pack(E4M3, a, 1, 32), bp = pack(E2M3, b, 2, 32);
  float c[2];
  ASSERT_TRUE(referenceGemmQuantized(E4M3, ap.data(), aScales.data(), 1, E2M3,
                                     bp.data(), bScales.data(), 2, 32, c)
                  .ok());
  EXPECT_EQ(c[0], 31.75f - 0x1p-10f);
  EXPECT_EQ(c[1], -60.0f);
}

TEST(MxGemm, E5M2BlockSumsAreExact) {
  // Block 0: 2^15 * 2^15 plus 31 products 2^-16 * 2^-7 = 2^-23, half a
  // double ulp of 2^30 each: added one by one in double they vanish; the
  // exact sum 2^30 + 31 * 2^-23 rounds once to 2^30 + 16 * 2^-22. Block 1
  // subtracts 2^30, leaving 2^-18.
  std::vector<uint8_t> a(64, 0), b(64, 0);
  a[0] = 0x78, b[0] = 0x78; // 2^15
  for (int t = 1; t < 32; ++t)
    a[t] = 0x01, b[t] = 0x20; // 2^-16, 2^-7
  a[32] = 0x78, b[32] = 0xF8;
  std::vector<uint8_t> scales = {127, 127};
  float c;
  ASSERT_TRUE(referenceGemmQuantized(E5M2, a.data(), scales.data(), 1, E5M2,
                                     b.data(), scales.data(), 1, 64, &c)
                  .ok());
  EXPECT_EQ(c, 0x1p-18f);
  // The largest products (57344^2 each, past 2^63 in units of 2^-32) do not
  // overflow.
  std::vector<uint8_t> big(32, 0x7B);
  ASSERT_TRUE(referenceGemmQuantized(E5M2, big.data(), scales.data(), 1, E5M2,
                                     big.data(), scales.data(), 1, 32, &c)
                  .ok());
  EXPECT_EQ(c, doubleToFloat(32.0 * 57344.0 * 57344.0));
}

TEST(MxGemm, NonFiniteCodesAndScales) {
  // B rows: all 1.0 (E5M2 0x3C) / all zero. A rows (E5M2): Inf at element 3;
  // -Inf and +Inf; E5M2 NaN; a finite row with B's scale 0xFF in block 1.
  const int64_t k = 64;
  std::vector<uint8_t> a(4 * k, 0x3C), b(2 * k, 0x00);
  std::fill(b.begin(), b.begin() + k, 0x3C);
  a[3] = 0x7C;
  a[k + 1] = 0xFC, a[k + 2] = 0x7C;
  a[2 * k + 40] = 0x7E;
  std::vector<uint8_t> aScales(8, 127), bScales = {127, 127, 127, 0xFF};
  std::vector<float> c(8);
  ASSERT_TRUE(referenceGemmQuantized(E5M2, a.data(), aScales.data(), 4, E5M2,
                                     b.data(), bScales.data(), 2, k, c.data())
                  .ok());
  EXPECT_EQ(c[0], INFINITY);     // Inf * 1
  EXPECT_TRUE(std::isnan(c[1])); // Inf * 0 (and block 1 has scale NaN)
  EXPECT_TRUE(std::isnan(c[2])); // -Inf + Inf
  EXPECT_TRUE(std::isnan(c[4])); // NaN code
  EXPECT_TRUE(std::isnan(c[7])); // NaN scale
  EXPECT_EQ(c[6], 64.0f);        // 64 ones
}

TEST(MxGemm, EveryFormatPairAgainstADoubleLoop) {
  const int64_t m = 3, n = 5, k = 128;
  std::vector<uint16_t> a = randnBf16Blocked(1, m, k);
  std::vector<uint16_t> b = randnBf16Blocked(2, n, k);
  for (ElementFormat af : kElementFormats) {
    for (ElementFormat bf : kElementFormats) {
      SCOPED_TRACE(std::string(elementFormatName(af)) + " x " +
                   elementFormatName(bf));
      std::vector<uint8_t> aq(m * rowBytes(af, k)), as(m * k / 32);
      std::vector<uint8_t> bq(n * rowBytes(bf, k)), bs(n * k / 32);
      std::vector<float> ad(m * k), bd(n * k), c(m * n);
      ASSERT_TRUE(quantizeRows(a.data(), m, k, ScaleMode::Even, af, aq.data(),
                               as.data())
                      .ok());
      ASSERT_TRUE(quantizeRows(b.data(), n, k, ScaleMode::Floor, bf, bq.data(),
                               bs.data())
                      .ok());
      ASSERT_TRUE(
          dequantizeRows(aq.data(), as.data(), m, k, af, ad.data()).ok());
      ASSERT_TRUE(
          dequantizeRows(bq.data(), bs.data(), n, k, bf, bd.data()).ok());
      ASSERT_TRUE(referenceGemm(a.data(), m, k, af, ScaleMode::Even, bf,
                                bq.data(), bs.data(), n, c.data())
                      .ok());
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
          double sum = 0, magnitude = 0;
          for (int64_t t = 0; t < k; ++t) {
            double p = double(ad[i * k + t]) * bd[j * k + t];
            sum += p;
            magnitude += std::fabs(p);
          }
          // f32 rounding of the result plus double rounding of the loop.
          EXPECT_NEAR(c[i * n + j], sum,
                      std::ldexp(std::fabs(sum), -23) + magnitude * 1e-14)
              << i << "," << j;
        }
    }
  }
}

TEST(MxGemm, E2M1PairMatchesTheFp4x2Overload) {
  const int64_t m = 5, n = 7, k = 256;
  std::vector<uint16_t> a = randnBf16Blocked(3, m, k);
  std::vector<uint16_t> b = randnBf16Blocked(4, n, k);
  std::vector<uint8_t> bq(n * k / 2), bs(n * k / 32);
  ASSERT_TRUE(
      quantizeRows(b.data(), n, k, ScaleMode::Even, bq.data(), bs.data()).ok());
  std::vector<float> c1(m * n), c2(m * n);
  ASSERT_TRUE(referenceGemm(a.data(), m, k, bq.data(), bs.data(), n,
                            ScaleMode::Even, c1.data())
                  .ok());
  ASSERT_TRUE(referenceGemm(a.data(), m, k, E2M1, ScaleMode::Even, E2M1,
                            bq.data(), bs.data(), n, c2.data())
                  .ok());
  EXPECT_EQ(c1, c2);
}

TEST(MxGemm, RejectsBadShapes) {
  uint8_t q[64] = {}, s[2] = {};
  uint16_t a[64] = {};
  float c[1];
  Status st = referenceGemmQuantized(E4M3, q, s, 1, E2M3, q, s, 1, 48, c);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("multiple of 32"), std::string::npos)
      << st.message();
  EXPECT_FALSE(
      referenceGemmQuantized(E4M3, nullptr, s, 1, E4M3, q, s, 1, 32, c).ok());
  EXPECT_FALSE(
      referenceGemmQuantized(E4M3, q, s, 1, E4M3, q, s, 1, 32, nullptr).ok());
  EXPECT_FALSE(
      referenceGemm(a, -1, 32, E4M3, ScaleMode::Even, E4M3, q, s, 1, c).ok());
}

} // namespace
