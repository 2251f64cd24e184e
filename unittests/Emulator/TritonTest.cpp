//===- TritonTest.cpp - Triton-compiled gfx950 kernels ---------*- C++ -*-===//
//
// Inputs/triton/ holds LLVM IR that Triton 3.6 produced for gfx950 from
// bench/triton/mxfp4_gemm.py (see bench/triton/README.md): code written and
// compiled by someone else, with DPP/swizzle reductions, permlane32.swap,
// buffer loads whose masked lanes use offsets past num_records, dynamic LDS
// and both scaled MFMA shapes. They run here against host references:
// the quantizer bit-exactly, the GEMMs within the problem's tolerance
// (their MFMA order is Triton's; the output is bf16).
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include <cmath>

using namespace fp4::emu;
using namespace fp4::emu::test;

namespace {

/// Quantizes one block of n <= 32 bf16 values (missing ones are +0), as
/// documented in bench/triton/mxfp4_gemm.py (quantize_tile).
void quantizeBlock(const uint16_t *x, unsigned n, uint8_t &scale,
                   unsigned *codes) {
  uint32_t amax = 0;
  bool bad = false;
  for (unsigned i = 0; i < n; ++i) {
    uint32_t mag = (uint32_t(x[i]) << 16) & 0x7FFFFFFF;
    bad |= mag >= 0x7F800000;
    amax = std::max(amax, mag);
  }
  if (bad) {
    scale = 0xFF;
    for (unsigned i = 0; i < 32; ++i)
      codes[i] = 0;
    return;
  }
  uint32_t e = ((amax + 0x200000) & 0xFF800000u) >> 23;
  int s = e == 0 ? -127 : std::max(int(e) - 129, -127);
  scale = uint8_t(s + 127);
  for (unsigned i = 0; i < 32; ++i)
    codes[i] = i < n ? nearestFp4(std::ldexp(double(bf16Value(x[i])), -s)) : 0;
}

std::vector<uint16_t> randomBf16(size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> nd(0, 1);
  std::vector<uint16_t> v(n);
  for (size_t i = 0; i < n; ++i) {
    // A different power-of-two magnitude per block of 32.
    int e = int((i / 32 * 2654435761u) % 9) - 4;
    v[i] = toBF16(nd(rng) * std::ldexp(1.0f, e));
  }
  return v;
}

TEST(TritonTest, QuantizerBitExact) {
  auto p = loadInput("triton/mxfp4_quant_m32k256_w4.ll");
  ASSERT_TRUE(p);
  for (auto [M, K] : {std::pair<unsigned, unsigned>{64, 512}, {33, 300}}) {
    std::vector<uint16_t> x = randomBf16(size_t(M) * K, M + K);
    x[3] = 0x7FC0;  // a NaN block
    x[40] = 0x8000; // -0
    const unsigned KS = (K + 31) / 32;
    DeviceMemory mem;
    uint64_t dx = upload(mem, x);
    uint64_t dq = upload(mem, std::vector<uint8_t>(size_t(M) * K / 2, 0xAA));
    uint64_t ds = upload(mem, std::vector<uint8_t>(size_t(M) * KS, 0xAA));
    Kernarg args;
    args.add(dx).add(dq).add(ds).add(int32_t(M)).add(int32_t(K));
    args.add(uint64_t(0)).add(uint64_t(0)); // Triton's scratch pointers
    LaunchOptions opts;
    opts.dynamicLdsBytes = 8192;
    run(*p, "mxfp4_quant_kernel", {(M + 31) / 32, (K + 255) / 256, 1},
        {256, 1, 1}, args, mem, opts);
    std::vector<uint8_t> q = download<uint8_t>(mem, dq, size_t(M) * K / 2);
    std::vector<uint8_t> s = download<uint8_t>(mem, ds, size_t(M) * KS);
    unsigned bad = 0;
    for (unsigned m = 0; m < M; ++m)
      for (unsigned b = 0; b < KS; ++b) {
        unsigned n = std::min(32u, K - b * 32), codes[32];
        uint8_t scale;
        quantizeBlock(&x[size_t(m) * K + b * 32], n, scale, codes);
        if (s[m * KS + b] != scale && ++bad < 10)
          ADD_FAILURE() << "M=" << M << " K=" << K << ": scale of row " << m
                        << " block " << b << ": got " << int(s[m * KS + b])
                        << ", want " << int(scale);
        for (unsigned i = 0; i < n; i += 2) {
          uint8_t want = uint8_t(codes[i] | (codes[i + 1] << 4));
          uint8_t got = q[size_t(m) * K / 2 + (b * 32 + i) / 2];
          if (got != want && ++bad < 10)
            ADD_FAILURE() << "M=" << M << " K=" << K << ": codes of row " << m
                          << " k " << b * 32 + i << ": got " << int(got)
                          << ", want " << int(want);
        }
      }
    EXPECT_EQ(bad, 0u);
  }
}

/// C = deq(A) deq(B)^T in double.
std::vector<double> referenceGemm(unsigned M, unsigned N, unsigned K,
                                  const std::vector<uint8_t> &aq,
                                  const std::vector<uint8_t> &as,
                                  const std::vector<uint8_t> &bq,
                                  const std::vector<uint8_t> &bs) {
  unsigned KH = K / 2, KS = (K + 31) / 32;
  auto deq = [&](const std::vector<uint8_t> &q, const std::vector<uint8_t> &s,
                 unsigned r, unsigned k) {
    uint8_t byte = q[size_t(r) * KH + k / 2];
    return fp4Value(k % 2 ? byte >> 4 : byte & 15) *
           std::ldexp(1.0, int(s[size_t(r) * KS + k / 32]) - 127);
  };
  std::vector<double> c(size_t(M) * N, 0);
  for (unsigned m = 0; m < M; ++m)
    for (unsigned n = 0; n < N; ++n) {
      double acc = 0;
      for (unsigned k = 0; k < K; ++k)
        acc += deq(aq, as, m, k) * deq(bq, bs, n, k);
      c[size_t(m) * N + n] = acc;
    }
  return c;
}

void checkC(const std::vector<uint16_t> &got, const std::vector<double> &ref,
            unsigned N, const std::string &what) {
  unsigned bad = 0;
  for (size_t i = 0; i < ref.size(); ++i) {
    double g = bf16Value(got[i]);
    if (!(std::fabs(g - ref[i]) <= 0.01 + 0.01 * std::fabs(ref[i])) &&
        ++bad < 10)
      ADD_FAILURE() << what << ": C[" << i / N << "][" << i % N << "] = " << g
                    << ", reference " << ref[i];
  }
  EXPECT_EQ(bad, 0u) << what;
}

struct GemmCase {
  const char *file;
  unsigned blockM, blockN, lds;
  unsigned M, N, K;
};

/// Launches the Triton GEMM `kernel` of `gc` with `args` (the operand
/// pointers) followed by C (M x N bf16, NaN before the launch), M, N, K and
/// Triton's two scratch pointers, one work-group per tile of C; returns C.
std::vector<uint16_t> runGemm(Program &p, const char *kernel,
                              const GemmCase &gc, DeviceMemory &mem,
                              Kernarg args, LaunchStats *st = nullptr) {
  size_t cSize = size_t(gc.M) * gc.N;
  uint64_t dc = upload(mem, std::vector<uint16_t>(cSize, 0x7FC0));
  args.add(dc).add(int32_t(gc.M)).add(int32_t(gc.N)).add(int32_t(gc.K));
  args.add(uint64_t(0)).add(uint64_t(0));
  LaunchOptions opts;
  opts.dynamicLdsBytes = gc.lds;
  unsigned tiles = ((gc.M + gc.blockM - 1) / gc.blockM) *
                   ((gc.N + gc.blockN - 1) / gc.blockN);
  run(p, kernel, {tiles, 1, 1}, {256, 1, 1}, args, mem, opts, st);
  return download<uint16_t>(mem, dc, cSize);
}

TEST(TritonTest, Mxfp4GemmWithTails) {
  const GemmCase cases[] = {
      {"triton/mxfp4_gemm_m32n128k256_w4.ll", 32, 128, 21760, 33, 200, 544},
      {"triton/mxfp4_gemm_m16n64k256_w4_evenk.ll", 16, 64, 10752, 20, 96, 512},
  };
  for (const GemmCase &gc : cases) {
    auto p = loadInput(gc.file);
    ASSERT_TRUE(p);
    unsigned M = gc.M, N = gc.N, K = gc.K, KH = K / 2, KS = (K + 31) / 32;
    std::mt19937 rng(M * N + K);
    std::vector<uint8_t> aq(size_t(M) * KH), as(size_t(M) * KS),
        bq(size_t(N) * KH), bs(size_t(N) * KS);
    for (uint8_t &v : aq)
      v = uint8_t(rng());
    for (uint8_t &v : bq)
      v = uint8_t(rng());
    for (uint8_t &v : as)
      v = uint8_t(122 + rng() % 8);
    for (uint8_t &v : bs)
      v = uint8_t(122 + rng() % 8);
    DeviceMemory mem;
    uint64_t da = upload(mem, aq), das = upload(mem, as), db = upload(mem, bq),
             dbs = upload(mem, bs);
    Kernarg args;
    args.add(da).add(das).add(db).add(dbs);
    LaunchStats st;
    std::vector<uint16_t> c =
        runGemm(*p, "mxfp4_gemm_kernel", gc, mem, args, &st);
    EXPECT_GT(st.mfmaOps, 0u);
    checkC(c, referenceGemm(M, N, K, aq, as, bq, bs), N, gc.file);
  }
}

TEST(TritonTest, FusedQuantizationGemm) {
  const GemmCase cases[] = {
      {"triton/fused_quant_gemm_m16n64k256_w4_evenk.ll", 16, 64, 10752, 24, 128,
       512},
      {"triton/fused_quant_gemm_m32n128k256_w4_evenk.ll", 32, 128, 21504, 40,
       128, 256},
  };
  for (const GemmCase &gc : cases) {
    auto p = loadInput(gc.file);
    ASSERT_TRUE(p);
    unsigned M = gc.M, N = gc.N, K = gc.K, KH = K / 2, KS = K / 32;
    std::vector<uint16_t> a = randomBf16(size_t(M) * K, 7 + M);
    // Host quantization of A, then the reference GEMM.
    std::vector<uint8_t> aq(size_t(M) * KH), as(size_t(M) * KS);
    for (unsigned m = 0; m < M; ++m)
      for (unsigned b = 0; b < KS; ++b) {
        unsigned codes[32];
        quantizeBlock(&a[size_t(m) * K + b * 32], 32, as[m * KS + b], codes);
        for (unsigned i = 0; i < 32; i += 2)
          aq[size_t(m) * KH + b * 16 + i / 2] =
              uint8_t(codes[i] | (codes[i + 1] << 4));
      }
    std::mt19937 rng(N + K);
    std::vector<uint8_t> bq(size_t(N) * KH), bs(size_t(N) * KS);
    for (uint8_t &v : bq)
      v = uint8_t(rng());
    for (uint8_t &v : bs)
      v = uint8_t(122 + rng() % 8);
    DeviceMemory mem;
    uint64_t da = upload(mem, a), db = upload(mem, bq), dbs = upload(mem, bs);
    Kernarg args;
    args.add(da).add(db).add(dbs);
    checkC(runGemm(*p, "fused_quant_gemm_kernel", gc, mem, args),
           referenceGemm(M, N, K, aq, as, bq, bs), N, gc.file);
  }
}

} // namespace
