//===- Gemm.cpp - Reference MXFP4 GEMM --------------------------*- C++ -*-===//
//
// Every E2M1 value is a multiple of 0.5 no larger than 6, so twice it is a
// small integer and a 32-element block dot product is an exact integer sum
// (at most 32 * 12 * 12 = 4608). Only the accumulation across blocks rounds,
// and it does so in double.
//
//===----------------------------------------------------------------------===//

#include "fp4/Reference/Gemm.h"
#include "fp4/Reference/Formats.h"

#include <string>
#include <vector>

using namespace fp4::ref;

/// Twice the E2M1 value of each code, signed: exact small integers.
static void decodeTwice(const uint8_t *fp4x2, int64_t count, int8_t *out) {
  static const int8_t kTwice[8] = {0, 1, 2, 3, 4, 6, 8, 12};
  for (int64_t i = 0; i < count; ++i) {
    uint8_t code = fp4At(fp4x2, i);
    int8_t v = kTwice[code & 0x7];
    out[i] = (code & 0x8) ? static_cast<int8_t>(-v) : v;
  }
}

Status fp4::ref::referenceGemmQuantized(const uint8_t *aFp4x2,
                                        const uint8_t *aScales, int64_t m,
                                        const uint8_t *bFp4x2,
                                        const uint8_t *bScales, int64_t n,
                                        int64_t k, float *cF32) {
  if (m < 0 || n < 0 || k < 0)
    return Status::error("referenceGemm: m (= " + std::to_string(m) +
                         "), n (= " + std::to_string(n) + ") and k (= " +
                         std::to_string(k) + ") must be non-negative");
  if (k % kBlockSize != 0)
    return Status::error("referenceGemm: k (= " + std::to_string(k) +
                         ") must be a multiple of 32");
  if (m * k > 0 && (!aFp4x2 || !aScales))
    return Status::error("referenceGemm: null A data or scale pointer");
  if (n * k > 0 && (!bFp4x2 || !bScales))
    return Status::error("referenceGemm: null B data or scale pointer");
  if (m * n > 0 && !cF32)
    return Status::error("referenceGemm: null C pointer");

  int64_t kBlocks = k / kBlockSize;
  std::vector<int8_t> a(m * k), b(n * k);
  decodeTwice(aFp4x2, m * k, a.data());
  decodeTwice(bFp4x2, n * k, b.data());
  std::vector<double> sa(m * kBlocks), sb(n * kBlocks);
  for (int64_t i = 0; i < m * kBlocks; ++i)
    sa[i] = decodeE8M0(aScales[i]);
  for (int64_t i = 0; i < n * kBlocks; ++i)
    sb[i] = decodeE8M0(bScales[i]);

  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      const int8_t *aRow = a.data() + i * k;
      const int8_t *bRow = b.data() + j * k;
      double acc = 0.0;
      for (int64_t kb = 0; kb < kBlocks; ++kb) {
        int32_t dot = 0;
        for (int64_t t = 0; t < kBlockSize; ++t)
          dot += int32_t(aRow[kb * kBlockSize + t]) * bRow[kb * kBlockSize + t];
        // (2a)(2b) = 4ab; the scales are powers of two in [2^-254, 2^254]:
        // every factor below is exact in double. A NaN scale makes it NaN.
        acc += double(dot) * 0.25 * sa[i * kBlocks + kb] * sb[j * kBlocks + kb];
      }
      cF32[i * n + j] = doubleToFloat(acc);
    }
  }
  return Status::success();
}

Status fp4::ref::referenceGemm(const uint16_t *aBf16, int64_t m, int64_t k,
                               const uint8_t *bFp4x2, const uint8_t *bScales,
                               int64_t n, ScaleMode mode, float *cF32) {
  if (m < 0 || k < 0 || k % kBlockSize != 0)
    return Status::error("referenceGemm: m (= " + std::to_string(m) +
                         ") must be non-negative and k (= " +
                         std::to_string(k) + ") a non-negative multiple of 32");
  std::vector<uint8_t> aq(m * k / 2), as(m * (k / kBlockSize));
  Status status = quantizeRows(aBf16, m, k, mode, aq.data(), as.data());
  if (!status.ok())
    return status;
  return referenceGemmQuantized(aq.data(), as.data(), m, bFp4x2, bScales, n, k,
                                cF32);
}

void fp4::ref::toBf16(const float *in, int64_t count, uint16_t *out) {
  for (int64_t i = 0; i < count; ++i)
    out[i] = floatToBf16(in[i]);
}

void fp4::ref::fromBf16(const uint16_t *in, int64_t count, float *out) {
  for (int64_t i = 0; i < count; ++i)
    out[i] = bf16ToFloat(in[i]);
}
