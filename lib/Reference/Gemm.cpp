//===- Gemm.cpp - Reference MX GEMM -----------------------------*- C++ -*-===//
//
// Every E2M1 value is a multiple of 0.5 no larger than 6, so twice it is a
// small integer and a 32-element block dot product is an exact integer sum
// (at most 32 * 12 * 12 = 4608). Only the accumulation across blocks rounds,
// and it does so in double. The other formats follow the same plan with
// wider integers (see the mixed-format referenceGemmQuantized).
//
//===----------------------------------------------------------------------===//

#include "fp4/Reference/Gemm.h"
#include "fp4/Reference/Formats.h"
#include "fp4/Reference/Packing.h"

#include <cmath>
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

/// The argument checks both referenceGemmQuantized overloads share.
static Status checkGemmArgs(const uint8_t *a, const uint8_t *aScales, int64_t m,
                            const uint8_t *b, const uint8_t *bScales, int64_t n,
                            int64_t k, const float *c) {
  if (m < 0 || n < 0 || k < 0)
    return Status::error("referenceGemm: m (= " + std::to_string(m) +
                         "), n (= " + std::to_string(n) + ") and k (= " +
                         std::to_string(k) + ") must be non-negative");
  if (k % kBlockSize != 0)
    return Status::error("referenceGemm: k (= " + std::to_string(k) +
                         ") must be a multiple of 32");
  if (m * k > 0 && (!a || !aScales))
    return Status::error("referenceGemm: null A data or scale pointer");
  if (n * k > 0 && (!b || !bScales))
    return Status::error("referenceGemm: null B data or scale pointer");
  if (m * n > 0 && !c)
    return Status::error("referenceGemm: null C pointer");
  return Status::success();
}

Status fp4::ref::referenceGemmQuantized(const uint8_t *aFp4x2,
                                        const uint8_t *aScales, int64_t m,
                                        const uint8_t *bFp4x2,
                                        const uint8_t *bScales, int64_t n,
                                        int64_t k, float *cF32) {
  Status status =
      checkGemmArgs(aFp4x2, aScales, m, bFp4x2, bScales, n, k, cF32);
  if (!status.ok())
    return status;

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

namespace {

/// Every finite value of a format is an integer number of its smallest
/// subnormal (code 1), 2^unitExponent: value = units * 2^unitExponent.
struct IntegerCodes {
  int unitExponent;
  int64_t units[256];
  bool finite[256];

  explicit IntegerCodes(ElementFormat format)
      : unitExponent(std::ilogb(decodeElement(format, 1))) {
    for (int code = 0; code < 256; ++code) {
      double value = decodeElement(format, static_cast<uint8_t>(code));
      finite[code] = std::isfinite(value);
      units[code] = finite[code]
                        ? static_cast<int64_t>(std::ldexp(value, -unitExponent))
                        : 0;
    }
  }
};

/// One operand unpacked: a code per byte, which blocks hold a non-finite
/// code, and the decoded scales.
struct Operand {
  std::vector<uint8_t> codes;
  std::vector<bool> finiteBlock;
  std::vector<double> scales;

  Operand(ElementFormat format, const uint8_t *packed,
          const uint8_t *scaleBytes, int64_t rows, int64_t k,
          const IntegerCodes &integer)
      : codes(rows * k), finiteBlock(rows * (k / kBlockSize), true),
        scales(rows * (k / kBlockSize)) {
    (void)unpackRows(format, packed, rows, k, codes.data()); // checked
    for (int64_t i = 0; i < rows * k; ++i)
      if (!integer.finite[codes[i]])
        finiteBlock[i / kBlockSize] = false;
    for (size_t i = 0; i < scales.size(); ++i)
      scales[i] = decodeE8M0(scaleBytes[i]);
  }
};

} // namespace

Status fp4::ref::referenceGemmQuantized(ElementFormat aFormat, const uint8_t *a,
                                        const uint8_t *aScales, int64_t m,
                                        ElementFormat bFormat, const uint8_t *b,
                                        const uint8_t *bScales, int64_t n,
                                        int64_t k, float *cF32) {
  Status status = checkGemmArgs(a, aScales, m, b, bScales, n, k, cF32);
  if (!status.ok())
    return status;

  IntegerCodes aInt(aFormat), bInt(bFormat);
  // E5M2 units reach 57344 * 2^16 (2^31.8), so one product reaches 2^63.6
  // and a block sum 2^68.6, past int64. B's units are split at 2^16: each of
  // the two partial sums stays below 2^53, so both convert to double exactly
  // and the one double addition joining them rounds the exact sum once.
  int64_t bHigh[256], bLow[256];
  for (int code = 0; code < 256; ++code) {
    int64_t units = bInt.units[code];
    int64_t magnitude = units < 0 ? -units : units;
    bHigh[code] = units < 0 ? -(magnitude >> 16) : magnitude >> 16;
    bLow[code] = units < 0 ? -(magnitude & 0xFFFF) : magnitude & 0xFFFF;
  }
  int unitExponent = aInt.unitExponent + bInt.unitExponent;

  Operand aOp(aFormat, a, aScales, m, k, aInt);
  Operand bOp(bFormat, b, bScales, n, k, bInt);
  int64_t kBlocks = k / kBlockSize;
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      double acc = 0.0;
      for (int64_t kb = 0; kb < kBlocks; ++kb) {
        const uint8_t *ac = aOp.codes.data() + i * k + kb * kBlockSize;
        const uint8_t *bc = bOp.codes.data() + j * k + kb * kBlockSize;
        double block;
        if (aOp.finiteBlock[i * kBlocks + kb] &&
            bOp.finiteBlock[j * kBlocks + kb]) {
          int64_t high = 0, low = 0;
          for (int64_t t = 0; t < kBlockSize; ++t) {
            high += aInt.units[ac[t]] * bHigh[bc[t]];
            low += aInt.units[ac[t]] * bLow[bc[t]];
          }
          block =
              std::ldexp(double(high) * 65536.0 + double(low), unitExponent);
        } else {
          // IEEE products and sums of the decoded values: +-Inf or NaN.
          block = 0.0;
          for (int64_t t = 0; t < kBlockSize; ++t)
            block += double(decodeElement(aFormat, ac[t])) *
                     double(decodeElement(bFormat, bc[t]));
        }
        // Powers of two in [2^-254, 2^254]: exact, as in the fp4x2 overload.
        acc +=
            block * aOp.scales[i * kBlocks + kb] * bOp.scales[j * kBlocks + kb];
      }
      cF32[i * n + j] = doubleToFloat(acc);
    }
  }
  return Status::success();
}

Status fp4::ref::referenceGemm(const uint16_t *aBf16, int64_t m, int64_t k,
                               ElementFormat aFormat, ScaleMode mode,
                               ElementFormat bFormat, const uint8_t *b,
                               const uint8_t *bScales, int64_t n, float *cF32) {
  if (m < 0 || k < 0 || k % kBlockSize != 0)
    return Status::error("referenceGemm: m (= " + std::to_string(m) +
                         ") must be non-negative and k (= " +
                         std::to_string(k) + ") a non-negative multiple of 32");
  std::vector<uint8_t> aq(m * rowBytes(aFormat, k)), as(m * (k / kBlockSize));
  Status status =
      quantizeRows(aBf16, m, k, mode, aFormat, aq.data(), as.data());
  if (!status.ok())
    return status;
  return referenceGemmQuantized(aFormat, aq.data(), as.data(), m, bFormat, b,
                                bScales, n, k, cF32);
}

void fp4::ref::toBf16(const float *in, int64_t count, uint16_t *out) {
  for (int64_t i = 0; i < count; ++i)
    out[i] = floatToBf16(in[i]);
}

void fp4::ref::fromBf16(const uint16_t *in, int64_t count, float *out) {
  for (int64_t i = 0; i < count; ++i)
    out[i] = bf16ToFloat(in[i]);
}
