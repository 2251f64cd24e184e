//===- Quantize.h - MXFP4 block quantization and dequantization -*- C++ -*-===//
//
// docs/reference-numerics.md, "Quantization (bit for bit)", bit for bit: one
// E8M0 scale per 32 consecutive values along K, each value rounded to E2M1
// after division by the scale. This is the oracle the compiler's quantization
// must reproduce.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_REFERENCE_QUANTIZE_H
#define FP4_REFERENCE_QUANTIZE_H

#include "fp4/Reference/Status.h"

#include <cstdint>

namespace fp4::ref {

/// Elements per MXFP4 block (one scale byte each).
constexpr int64_t kBlockSize = 32;

/// How the block scale is derived from the block's largest magnitude.
enum class ScaleMode {
  /// aiter's reference (the default): amax's exponent is bumped when its top
  /// mantissa bits are large, i.e. amax >= 1.75 * 2^e.
  Even,
  /// Strict OCP v1.0: floor(log2(amax)) - 2 without the bump.
  Floor,
};

/// The scale byte of one block of 32 values.
///
///   amax = max |x[i]|
///   Even:  r = bitcast<f32>((bitcast<u32>(amax) + 0x200000) & 0xFF800000)
///   Floor: r = amax
///   s = clamp(floor(log2(r)) - 2, -127, 127),  byte = s + 127
///
/// floor(log2(r)) is read exactly from r's bits (exponent field; subnormals by
/// their leading mantissa bit), never computed with std::log2. Defined edges:
///  - all-zero block (either sign): log2(0) = -inf clamps to -127: byte 0;
///  - subnormal amax: floor(log2) <= -127, so byte 0;
///  - Even mode, amax >= 1.75 * 2^127 (e.g. the largest bf16): the bump makes
///    r = +Inf and log2(+Inf) = +Inf clamps to 127: byte 254 (this follows
///    aiter's f32 log2/floor/clamp, not an exponent-field shortcut, which would
///    give 253);
///  - any NaN or +-Inf in the block: byte 0xFF (the E8M0 NaN), and
///    quantizeBlock gives every code 0. Dequantizing such a block yields NaN
///    for all 32 elements, so non-finite input propagates to the GEMM output.
uint8_t blockScaleByte(const float *x32, ScaleMode mode);

/// Quantizes one block of 32 values: returns its scale byte (as
/// blockScaleByte) and writes 32 E2M1 codes (one per byte, not packed).
/// Element i is encodeE2M1(x[i] * 2^-s) with the product formed exactly in
/// double. Blocks holding NaN or Inf get byte 0xFF and all codes 0.
uint8_t quantizeBlock(const float *x32, ScaleMode mode, uint8_t *codes32);

/// Quantizes a row-major [rows, k] bf16 matrix along k.
///  - fp4x2:  rows * k / 2 bytes, row-major [rows, k/2]; element (r, 2j) in the
///            low nibble of byte (r, j), element (r, 2j+1) in the high nibble.
///  - scales: rows * k / 32 bytes, row-major [rows, k/32].
/// Fails (writing nothing) unless rows >= 0, k >= 0, k % 32 == 0 and the
/// pointers are non-null where rows * k > 0.
Status quantizeRows(const uint16_t *bf16, int64_t rows, int64_t k,
                    ScaleMode mode, uint8_t *fp4x2, uint8_t *scales);

/// The same for f32 input (the algorithm is defined on f32; bf16 is widened).
Status quantizeRows(const float *f32, int64_t rows, int64_t k, ScaleMode mode,
                    uint8_t *fp4x2, uint8_t *scales);

/// Dequantizes [rows, k] MXFP4 data (layout as quantizeRows writes it) to
/// row-major f32: out = decodeE2M1(code) * decodeE8M0(scale). The product is
/// exact in f32 except that magnitudes >= 2^128 (codes >= 2.0 with scale byte
/// 254) become +-Inf; scale byte 0xFF gives NaN. Same preconditions as
/// quantizeRows.
Status dequantizeRows(const uint8_t *fp4x2, const uint8_t *scales, int64_t rows,
                      int64_t k, float *out);

} // namespace fp4::ref

#endif // FP4_REFERENCE_QUANTIZE_H
