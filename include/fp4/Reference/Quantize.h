//===- Quantize.h - MX block quantization and dequantization ----*- C++ -*-===//
//
// docs/reference-numerics.md, "Quantization (bit for bit)", bit for bit: one
// E8M0 scale per 32 consecutive values along K, each value rounded to the
// element format (E2M1 unless a format is given) after division by the
// scale. This is the oracle the compiler's quantization must reproduce.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_REFERENCE_QUANTIZE_H
#define FP4_REFERENCE_QUANTIZE_H

#include "fp4/Reference/Formats.h"
#include "fp4/Reference/Status.h"

#include <cstdint>

namespace fp4::ref {

/// Elements per MX block (one scale byte each).
constexpr int64_t kBlockSize = 32;

/// How the block scale is derived from the block's largest magnitude. Both
/// apply to every element format; only emax(format) changes.
enum class ScaleMode {
  /// aiter's reference (the default): amax's exponent is bumped when its top
  /// mantissa bits are large, i.e. amax >= 1.75 * 2^e. The same bump for
  /// every format, as aiter's MXFP4 and MXFP8 (dynamic_mxfp8_quant)
  /// quantizers use it (docs/reference-numerics.md, "Other MX element
  /// formats").
  Even,
  /// Strict OCP v1.0: floor(log2(amax)) - emax without the bump.
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

/// The same for any element format: s = clamp(floor(log2(r)) - emax(format),
/// -127, 127), with r, the edges and the NaN/Inf rule as above. For E2M1 it
/// is blockScaleByte(x32, mode).
uint8_t blockScaleByte(const float *x32, ScaleMode mode, ElementFormat format);

/// Quantizes one block of 32 values: returns its scale byte (as
/// blockScaleByte) and writes 32 E2M1 codes (one per byte, not packed).
/// Element i is encodeE2M1(x[i] * 2^-s) with the product formed exactly in
/// double. Blocks holding NaN or Inf get byte 0xFF and all codes 0.
uint8_t quantizeBlock(const float *x32, ScaleMode mode, uint8_t *codes32);

/// The same for any element format: element i is
/// encodeElement(format, x[i] * 2^-s, ties) (round to nearest, ties as
/// `ties` says, saturating). The scale does not depend on `ties`.
uint8_t quantizeBlock(const float *x32, ScaleMode mode, ElementFormat format,
                      uint8_t *codes32, Ties ties = Ties::Even);

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

/// Quantizes a row-major [rows, k] bf16 matrix along k to `format`:
///  - packed: rows * rowBytes(format, k) bytes, each row packed as Packing.h
///            describes (for E2M1 the fp4x2 layout above);
///  - scales: rows * k / 32 bytes, row-major [rows, k/32].
/// Same preconditions as the E2M1 overloads, which it equals for E2M1 and
/// Ties::Even; `ties` as quantizeBlock.
Status quantizeRows(const uint16_t *bf16, int64_t rows, int64_t k,
                    ScaleMode mode, ElementFormat format, uint8_t *packed,
                    uint8_t *scales, Ties ties = Ties::Even);

/// The same for f32 input.
Status quantizeRows(const float *f32, int64_t rows, int64_t k, ScaleMode mode,
                    ElementFormat format, uint8_t *packed, uint8_t *scales,
                    Ties ties = Ties::Even);

/// Dequantizes [rows, k] MXFP4 data (layout as quantizeRows writes it) to
/// row-major f32: out = decodeE2M1(code) * decodeE8M0(scale). The product is
/// exact in f32 except that magnitudes >= 2^128 (codes >= 2.0 with scale byte
/// 254) become +-Inf; scale byte 0xFF gives NaN. Same preconditions as
/// quantizeRows.
Status dequantizeRows(const uint8_t *fp4x2, const uint8_t *scales, int64_t rows,
                      int64_t k, float *out);

/// Dequantizes [rows, k] data of any element format (layout as quantizeRows
/// writes it): out = decodeElement(format, code) * decodeE8M0(scale),
/// rounded once to f32 (exact unless the magnitude reaches 2^128: +-Inf).
/// Scale byte 0xFF, and the NaN and Inf codes of E4M3 and E5M2, give NaN or
/// +-Inf as their product does. For E2M1 it equals the overload above.
Status dequantizeRows(const uint8_t *packed, const uint8_t *scales,
                      int64_t rows, int64_t k, ElementFormat format,
                      float *out);

} // namespace fp4::ref

#endif // FP4_REFERENCE_QUANTIZE_H
