//===- GemmTest.cpp - A fused-quantization MXFP4 GEMM kernel ---*- C++ -*-===//
//
// Inputs/gemm.mlir quantizes bf16 A inside the kernel (gfx950 scaled fp4
// conversion) and multiplies with pre-quantized B through scaled MFMAs. Its
// output must equal, bit for bit, a host computation of the reference
// quantization (docs/reference-numerics.md, "Quantization (bit for bit)")
// and of the GEMM with one f32 rounding per 128-deep K step (one MFMA).
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include <cmath>

using namespace fp4::emu;
using namespace fp4::emu::test;

namespace {

TEST(GemmTest, FusedQuantizationGemmMatchesHostReference) {
  const unsigned M = 64, N = 128, K = 512;
  auto p = loadInput("gemm.ll");
  ASSERT_TRUE(p);
  std::mt19937 rng(40);
  std::normal_distribution<float> nd(0, 1);
  std::vector<uint16_t> a(M * K);
  for (uint16_t &x : a) {
    float f = nd(rng) * std::ldexp(1.0f, int(rng() % 7) - 3);
    x = toBF16(f);
  }
  std::vector<uint8_t> bq(N * K / 2), bs(N * K / 32);
  for (uint8_t &x : bq)
    x = uint8_t(rng());
  for (uint8_t &x : bs)
    x = uint8_t(120 + rng() % 11);

  // Reference quantization of A ("even" scale rounding), step by step as in
  // docs/reference-numerics.md, "Quantization (bit for bit)". (TritonTest's
  // quantizeBlock follows Triton's kernel instead, which gives a NaN/Inf
  // block the scale 0xFF.)
  std::vector<double> aq(M * K);
  for (unsigned m = 0; m < M; ++m)
    for (unsigned blk = 0; blk < K / 32; ++blk) {
      float amax = 0;
      for (unsigned e = 0; e < 32; ++e)
        amax = std::max(amax, std::fabs(bf16Value(a[m * K + blk * 32 + e])));
      float amaxR = floatOf((bitsOf(amax) + 0x200000) & 0xFF800000u);
      int s = amaxR == 0 ? -127 : int(std::floor(std::log2(amaxR))) - 2;
      s = std::clamp(s, -127, 127);
      for (unsigned e = 0; e < 32; ++e) {
        double x = bf16Value(a[m * K + blk * 32 + e]);
        unsigned c = nearestFp4(std::ldexp(x, -s));
        aq[m * K + blk * 32 + e] = std::ldexp(fp4Value(c), s);
      }
    }
  // Reference GEMM: one f32 rounding per K step of 128.
  std::vector<float> want(M * N, 0);
  for (unsigned m = 0; m < M; ++m)
    for (unsigned n = 0; n < N; ++n) {
      float acc = 0;
      for (unsigned k0 = 0; k0 < K; k0 += 128) {
        double s = acc;
        for (unsigned k = k0; k < k0 + 128; ++k) {
          uint8_t byte = bq[n * (K / 2) + k / 2];
          double bv = fp4Value(k % 2 ? byte >> 4 : byte & 15) *
                      std::ldexp(1.0, int(bs[n * (K / 32) + k / 32]) - 127);
          s += aq[m * K + k] * bv;
        }
        acc = float(s);
      }
      want[m * N + n] = acc;
    }

  DeviceMemory mem;
  uint64_t da = upload(mem, a), dbq = upload(mem, bq), dbs = upload(mem, bs);
  uint64_t dc = upload(mem, std::vector<float>(M * N, -1));
  Kernarg args;
  args.add(da).add(dbq).add(dbs).add(dc).add(int32_t(K)).add(int32_t(N));
  LaunchStats st;
  run(*p, "gemm", {N / 64, 1, 1}, {256, 1, 1}, args, mem, {}, &st);
  EXPECT_EQ(st.mfmaOps, uint64_t(N / 16) * (M / 16) * (K / 128));
  std::vector<float> got = download<float>(mem, dc, M * N);
  unsigned bad = 0;
  for (unsigned i = 0; i < M * N; ++i)
    if (bitsOf(got[i]) != bitsOf(want[i]) && ++bad < 10)
      ADD_FAILURE() << "C[" << i / N << "][" << i % N << "]: got " << got[i]
                    << ", want " << want[i];
  EXPECT_EQ(bad, 0u);
}

} // namespace
