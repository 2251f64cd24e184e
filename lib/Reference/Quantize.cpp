//===- Quantize.cpp - MX (de)quantization -----------------------*- C++ -*-===//
//
// The scale exponent is read from the bits of the (possibly bumped) amax, so
// the result never depends on a libm log2 that could be off by one ulp next
// to a power of two.
//
//===----------------------------------------------------------------------===//

#include "fp4/Reference/Quantize.h"
#include "fp4/Reference/Formats.h"
#include "fp4/Reference/Packing.h"

#include <algorithm>
#include <cmath>
#include <string>

using namespace fp4::ref;

/// floor(log2(v)) of a positive finite f32 given by its bits, exactly.
static int floorLog2OfBits(uint32_t bits) {
  int exponent = static_cast<int>((bits >> 23) & 0xFF);
  if (exponent != 0)
    return exponent - 127;
  // Subnormal: v = mantissa * 2^-149, so floor(log2(v)) is the index of the
  // mantissa's leading one minus 149.
  uint32_t mantissa = bits & 0x7FFFFF;
  int msb = 0;
  while (mantissa >>= 1)
    ++msb;
  return msb - 149;
}

uint8_t fp4::ref::blockScaleByte(const float *x32, ScaleMode mode) {
  return blockScaleByte(x32, mode, ElementFormat::E2M1);
}

uint8_t fp4::ref::blockScaleByte(const float *x32, ScaleMode mode,
                                 ElementFormat format) {
  // |x| ordered by its bits: for non-negative floats the integer order is the
  // numeric order, and it needs no special case for -0.0.
  uint32_t amaxBits = 0;
  for (int64_t i = 0; i < kBlockSize; ++i) {
    uint32_t magnitude = floatBits(x32[i]) & 0x7FFFFFFFu;
    if (magnitude >= 0x7F800000u)
      return 0xFF; // NaN or Inf anywhere: the block's scale is the E8M0 NaN.
    amaxBits = std::max(amaxBits, magnitude);
  }
  uint32_t rounded = amaxBits;
  if (mode == ScaleMode::Even)
    rounded = (amaxBits + 0x200000u) & 0xFF800000u;

  int s;
  if (rounded == 0)
    s = -127; // log2(0) = -inf, clamped
  else if (rounded >= 0x7F800000u)
    s = 127; // the bump overflowed to +Inf: log2(+Inf) = +Inf, clamped
  else
    s = std::clamp(floorLog2OfBits(rounded) - emax(format), -127, 127);
  return static_cast<uint8_t>(s + 127);
}

uint8_t fp4::ref::quantizeBlock(const float *x32, ScaleMode mode,
                                uint8_t *codes32) {
  return quantizeBlock(x32, mode, ElementFormat::E2M1, codes32);
}

uint8_t fp4::ref::quantizeBlock(const float *x32, ScaleMode mode,
                                ElementFormat format, uint8_t *codes32,
                                Ties ties) {
  uint8_t byte = blockScaleByte(x32, mode, format);
  if (byte == 0xFF) {
    std::fill(codes32, codes32 + kBlockSize, uint8_t(0));
    return byte;
  }
  int s = static_cast<int>(byte) - 127;
  for (int64_t i = 0; i < kBlockSize; ++i) {
    // Exact: a power-of-two scaling of an f32 always fits a double.
    double q = std::ldexp(static_cast<double>(x32[i]), -s);
    codes32[i] = encodeElement(format, q, ties);
  }
  return byte;
}

static Status checkMatrixArgs(const char *what, int64_t rows, int64_t k,
                              const void *a, const void *b, const void *c) {
  if (rows < 0)
    return Status::error(std::string(what) + ": rows (= " +
                         std::to_string(rows) + ") must be non-negative");
  if (k < 0)
    return Status::error(std::string(what) + ": k (= " + std::to_string(k) +
                         ") must be non-negative");
  if (k % kBlockSize != 0)
    return Status::error(std::string(what) + ": k (= " + std::to_string(k) +
                         ") must be a multiple of 32");
  if (rows * k > 0 && (!a || !b || !c))
    return Status::error(std::string(what) + ": null data pointer");
  return Status::success();
}

/// Shared body of the quantizeRows overloads; `load(i)` yields element i as
/// f32.
template <typename Load>
static void quantizeRowsImpl(Load load, int64_t rows, int64_t k, ScaleMode mode,
                             ElementFormat format, Ties ties, uint8_t *packed,
                             uint8_t *scales) {
  int64_t kBlocks = k / kBlockSize;
  int64_t stride = rowBytes(format, k);
  int64_t blockBytes = rowBytes(format, kBlockSize);
  float block[kBlockSize];
  uint8_t codes[kBlockSize];
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t b = 0; b < kBlocks; ++b) {
      for (int64_t i = 0; i < kBlockSize; ++i)
        block[i] = load(r * k + b * kBlockSize + i);
      scales[r * kBlocks + b] = quantizeBlock(block, mode, format, codes, ties);
      packCodes(format, codes, kBlockSize,
                packed + r * stride + b * blockBytes);
    }
  }
}

Status fp4::ref::quantizeRows(const uint16_t *bf16, int64_t rows, int64_t k,
                              ScaleMode mode, uint8_t *fp4x2, uint8_t *scales) {
  return quantizeRows(bf16, rows, k, mode, ElementFormat::E2M1, fp4x2, scales);
}

Status fp4::ref::quantizeRows(const float *f32, int64_t rows, int64_t k,
                              ScaleMode mode, uint8_t *fp4x2, uint8_t *scales) {
  return quantizeRows(f32, rows, k, mode, ElementFormat::E2M1, fp4x2, scales);
}

Status fp4::ref::quantizeRows(const uint16_t *bf16, int64_t rows, int64_t k,
                              ScaleMode mode, ElementFormat format,
                              uint8_t *packed, uint8_t *scales, Ties ties) {
  Status status =
      checkMatrixArgs("quantizeRows", rows, k, bf16, packed, scales);
  if (!status.ok())
    return status;
  quantizeRowsImpl([&](int64_t i) { return bf16ToFloat(bf16[i]); }, rows, k,
                   mode, format, ties, packed, scales);
  return Status::success();
}

Status fp4::ref::quantizeRows(const float *f32, int64_t rows, int64_t k,
                              ScaleMode mode, ElementFormat format,
                              uint8_t *packed, uint8_t *scales, Ties ties) {
  Status status = checkMatrixArgs("quantizeRows", rows, k, f32, packed, scales);
  if (!status.ok())
    return status;
  quantizeRowsImpl([&](int64_t i) { return f32[i]; }, rows, k, mode, format,
                   ties, packed, scales);
  return Status::success();
}

Status fp4::ref::dequantizeRows(const uint8_t *fp4x2, const uint8_t *scales,
                                int64_t rows, int64_t k, float *out) {
  return dequantizeRows(fp4x2, scales, rows, k, ElementFormat::E2M1, out);
}

Status fp4::ref::dequantizeRows(const uint8_t *packed, const uint8_t *scales,
                                int64_t rows, int64_t k, ElementFormat format,
                                float *out) {
  Status status =
      checkMatrixArgs("dequantizeRows", rows, k, packed, scales, out);
  if (!status.ok())
    return status;
  int64_t kBlocks = k / kBlockSize;
  int64_t stride = rowBytes(format, k);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t i = 0; i < k; ++i) {
      double scale = decodeE8M0(scales[r * kBlocks + i / kBlockSize]);
      double value =
          decodeElement(format, codeAt(format, packed + r * stride, i));
      out[r * k + i] = doubleToFloat(value * scale);
    }
  }
  return Status::success();
}
