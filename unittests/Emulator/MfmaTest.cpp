//===- MfmaTest.cpp - Scaled MFMA and scaled conversions -------*- C++ -*-===//
//
// The emulator's scaled MFMA against a naive dot product written here from
// the lane layouts of docs/reference-numerics.md, "gfx950 scaled MFMA operand
// layouts", on random operands with a different scale for every row, column
// and K block and every scale byte index (op_sel).
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include <cmath>
#include <limits>

using namespace fp4::emu;
using namespace fp4::emu::test;

namespace {

double fp8E4M3(unsigned c) {
  unsigned e = (c >> 3) & 15, m = c & 7;
  if (e == 15 && m == 7)
    return std::numeric_limits<double>::quiet_NaN();
  double v = e == 0 ? m / 8.0 * std::ldexp(1.0, -6)
                    : (1 + m / 8.0) * std::ldexp(1.0, int(e) - 7);
  return (c & 0x80) ? -v : v;
}
double fp8E5M2(unsigned c) {
  unsigned e = (c >> 2) & 31, m = c & 3;
  double v;
  if (e == 31)
    v = m ? std::numeric_limits<double>::quiet_NaN()
          : std::numeric_limits<double>::infinity();
  else
    v = e == 0 ? m / 4.0 * std::ldexp(1.0, -14)
               : (1 + m / 4.0) * std::ldexp(1.0, int(e) - 15);
  return (c & 0x80) ? -v : v;
}
double fp6E2M3(unsigned c) {
  unsigned e = (c >> 3) & 3, m = c & 7;
  double v = e == 0 ? m / 8.0 : (1 + m / 8.0) * std::ldexp(1.0, int(e) - 1);
  return (c & 0x20) ? -v : v;
}
double fp6E3M2(unsigned c) {
  unsigned e = (c >> 2) & 7, m = c & 3;
  double v =
      e == 0 ? m / 4.0 * 0.25 : (1 + m / 4.0) * std::ldexp(1.0, int(e) - 3);
  return (c & 0x20) ? -v : v;
}
double scaleValue(uint8_t b) {
  return b == 0xFF ? std::numeric_limits<double>::quiet_NaN()
                   : std::ldexp(1.0, int(b) - 127);
}

/// Element e (0..31) of a lane's operand: a stream of `bits`-bit codes,
/// element 0 in the lowest bits of the lane's first byte.
unsigned code(const uint8_t *lane, unsigned e, unsigned bits) {
  unsigned v = 0;
  for (unsigned k = 0; k < bits; ++k) {
    unsigned pos = e * bits + k;
    v |= ((lane[pos / 8] >> (pos % 8)) & 1u) << k;
  }
  return v;
}

bool sameFloat(float a, float b) {
  return (std::isnan(a) && std::isnan(b)) || bitsOf(a) == bitsOf(b);
}

struct MfmaData {
  std::vector<uint8_t> a, b, sa, sb;
  std::vector<float> c;
};

MfmaData randomData(unsigned aBytes, unsigned bBytes, unsigned cPerLane,
                    unsigned seed) {
  std::mt19937 rng(seed);
  MfmaData d;
  d.a.resize(64 * aBytes);
  d.b.resize(64 * bBytes);
  for (uint8_t &x : d.a)
    x = uint8_t(rng());
  for (uint8_t &x : d.b)
    x = uint8_t(rng());
  d.sa.resize(256);
  d.sb.resize(256);
  for (uint8_t &x : d.sa)
    x = uint8_t(118 + rng() % 19);
  for (uint8_t &x : d.sb)
    x = uint8_t(118 + rng() % 19);
  d.c.resize(64 * cPerLane);
  std::uniform_real_distribution<float> dist(-8, 8);
  for (float &x : d.c)
    x = dist(rng);
  return d;
}

/// Naive D[i][j] = C[i][j] + sum_k a(i,k) 2^(sa-127) b(k,j) 2^(sb-127),
/// accumulated in double in k order, rounded to f32 once.
template <class DecA, class DecB>
float naive(const MfmaData &d, unsigned rows, unsigned K, unsigned i,
            unsigned j, unsigned aBytes, unsigned aBits, DecA decA,
            unsigned bBytes, unsigned bBits, DecB decB, unsigned selA,
            unsigned selB) {
  bool big = rows == 32;
  unsigned cLane = big ? j + 32 * ((i / 4) % 2) : j + 16 * (i / 4);
  unsigned cElem = big ? 4 * (i / 8) + i % 4 : i % 4;
  unsigned cPerLane = big ? 16 : 4;
  double acc = d.c[cLane * cPerLane + cElem];
  for (unsigned k = 0; k < K; ++k) {
    unsigned laneA = i + rows * (k / 32), laneB = j + rows * (k / 32);
    double av = decA(code(&d.a[laneA * aBytes], k % 32, aBits)) *
                scaleValue(d.sa[laneA * 4 + selA]);
    double bv = decB(code(&d.b[laneB * bBytes], k % 32, bBits)) *
                scaleValue(d.sb[laneB * 4 + selB]);
    acc += av * bv;
  }
  return float(acc);
}

void checkFp4Mfma(bool big) {
  unsigned rows = big ? 32 : 16, K = big ? 64 : 128;
  unsigned cPerLane = big ? 16 : 4;
  auto p = loadInput(big ? "mfma32.ll" : "mfma16.ll");
  ASSERT_TRUE(p);
  MfmaData d = randomData(16, 16, cPerLane, big ? 11 : 10);
  d.sa[5 * 4 + 2] = 0xFF; // NaN scale: row 5, K block 0, byte 2
  DeviceMemory mem;
  uint64_t da = upload(mem, d.a), db = upload(mem, d.b),
           dsa = upload(mem, d.sa), dsb = upload(mem, d.sb),
           dc = upload(mem, d.c);
  uint64_t dd = upload(mem, std::vector<float>(4 * 64 * cPerLane, 0));
  Kernarg args;
  args.add(da).add(db).add(dsa).add(dsb).add(dc).add(dd);
  LaunchStats st;
  run(*p, big ? "mfma32" : "mfma16", {1, 1, 1}, {64, 1, 1}, args, mem, {}, &st);
  EXPECT_EQ(st.mfmaOps, 4u);
  std::vector<float> out = download<float>(mem, dd, 4 * 64 * cPerLane);
  unsigned mismatches = 0, nans = 0;
  for (unsigned q = 0; q < 4; ++q) {
    unsigned selA = q, selB = big ? (q + 1) % 4 : 3 - q;
    for (unsigned i = 0; i < rows; ++i)
      for (unsigned j = 0; j < rows; ++j) {
        float want = naive(d, rows, K, i, j, 16, 4, fp4Value, 16, 4, fp4Value,
                           selA, selB);
        unsigned lane = big ? j + 32 * ((i / 4) % 2) : j + 16 * (i / 4);
        unsigned elem = big ? 4 * (i / 8) + i % 4 : i % 4;
        float got = out[q * 64 * cPerLane + lane * cPerLane + elem];
        nans += std::isnan(want);
        if (!sameFloat(got, want) && ++mismatches < 10)
          ADD_FAILURE() << "op_sel " << q << " D[" << i << "][" << j
                        << "]: got " << got << ", want " << want;
      }
  }
  EXPECT_EQ(mismatches, 0u);
  EXPECT_EQ(nans, rows); // exactly row 5 of op_sel 2
}

TEST(MfmaTest, Scaled16x16x128Fp4MatchesNaiveDotProduct) {
  checkFp4Mfma(false);
}

TEST(MfmaTest, Scaled32x32x64Fp4MatchesNaiveDotProduct) { checkFp4Mfma(true); }

TEST(MfmaTest, ScaledFp8AndFp6Operands) {
  auto p = loadInput("mfma_f8f6.ll");
  ASSERT_TRUE(p);
  for (int variant = 0; variant < 2; ++variant) {
    MfmaData d = randomData(32, 24, 4, 20 + variant);
    // Keep fp8 codes finite: no NaN/Inf except in one place checked below.
    for (uint8_t &x : d.a)
      if (variant == 0 ? (x & 0x7F) == 0x7F : (x & 0x7C) == 0x7C)
        x ^= 0x08;
    DeviceMemory mem;
    uint64_t da = upload(mem, d.a), db = upload(mem, d.b);
    std::vector<uint32_t> sa(64), sb(64);
    std::memcpy(sa.data(), d.sa.data(), 256);
    std::memcpy(sb.data(), d.sb.data(), 256);
    uint64_t dsa = upload(mem, sa), dsb = upload(mem, sb),
             dc = upload(mem, d.c);
    uint64_t dd = upload(mem, std::vector<float>(256, 0));
    Kernarg args;
    args.add(da).add(db).add(dsa).add(dsb).add(dc).add(dd);
    run(*p, variant == 0 ? "f8f6" : "bf8bf6", {1, 1, 1}, {64, 1, 1}, args, mem);
    std::vector<float> out = download<float>(mem, dd, 256);
    unsigned bad = 0;
    for (unsigned i = 0; i < 16; ++i)
      for (unsigned j = 0; j < 16; ++j) {
        float want =
            variant == 0
                ? naive(d, 16, 128, i, j, 32, 8, fp8E4M3, 24, 6, fp6E2M3, 2, 1)
                : naive(d, 16, 128, i, j, 32, 8, fp8E5M2, 24, 6, fp6E3M2, 2, 1);
        float got = out[(j + 16 * (i / 4)) * 4 + i % 4];
        if (!sameFloat(got, want) && ++bad < 10)
          ADD_FAILURE() << "variant " << variant << " D[" << i << "][" << j
                        << "]: got " << got << ", want " << want;
      }
    EXPECT_EQ(bad, 0u);
  }
}

/// E4M3 code of v, saturating at 448 (0x7E; 0x7F is NaN).
unsigned toE4M3(double v) { return nearestCode(v, 0x7E, 0x80, fp8E4M3); }

TEST(MfmaTest, ScaledConversionsFp4AndFp8) {
  auto p = loadInput("scaledcvt.ll");
  ASSERT_TRUE(p);
  std::mt19937 rng(30);
  const double q[] = {0,   0.25, 0.5, 0.75, 1,   1.25, 1.5, 1.75, 2,
                      2.5, 3,    3.5, 4,    5,   6,    7,   100,  0.1,
                      0.3, 2.2,  4.9, 300,  448, 470,  1e6};
  std::vector<float> xs(128), scales(64);
  for (int t = 0; t < 64; ++t) {
    scales[t] = std::ldexp(1.0f, int(rng() % 9) - 4);
    for (int e = 0; e < 2; ++e) {
      double v = q[rng() % (sizeof(q) / sizeof(q[0]))] * scales[t];
      xs[2 * t + e] = float(rng() % 2 ? -v : v);
    }
  }
  DeviceMemory mem;
  uint64_t dx = upload(mem, xs), ds = upload(mem, scales);
  uint64_t dp = upload(mem, std::vector<uint32_t>(64, 0));
  uint64_t db = upload(mem, std::vector<float>(128, 0));
  uint64_t d8 = upload(mem, std::vector<uint32_t>(64, 0));
  Kernarg args;
  args.add(dx).add(ds).add(dp).add(db).add(d8);
  run(*p, "scaledcvt", {1, 1, 1}, {64, 1, 1}, args, mem);
  std::vector<uint32_t> packed = download<uint32_t>(mem, dp, 64);
  std::vector<float> back = download<float>(mem, db, 128);
  std::vector<uint32_t> fp8 = download<uint32_t>(mem, d8, 64);
  for (int t = 0; t < 64; ++t) {
    double s = scales[t];
    unsigned c0 = nearestFp4(xs[2 * t] / s), c1 = nearestFp4(xs[2 * t + 1] / s);
    uint32_t want = (0x11111111u & ~0xFF00u) | ((c0 | (c1 << 4)) << 8);
    EXPECT_EQ(packed[t], want) << "lane " << t << ": " << xs[2 * t] << ", "
                               << xs[2 * t + 1] << " / " << s;
    EXPECT_EQ(back[2 * t], float(fp4Value(c0) * s)) << "lane " << t;
    EXPECT_EQ(back[2 * t + 1], float(fp4Value(c1) * s)) << "lane " << t;
    uint32_t w8 = (toE4M3(xs[2 * t] / s) | (toE4M3(xs[2 * t + 1] / s) << 8))
                  << 16;
    EXPECT_EQ(fp8[t], w8) << "lane " << t;
  }
}

} // namespace
