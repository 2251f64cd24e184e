//===- Formats.h - bf16, MX element formats, E8M0 and fp4x2 -----*- C++ -*-===//
//
// Scalar conversions between the number formats of MX GEMMs, written from
// the definitions of OCP Microscaling v1.0 as docs/reference-numerics.md,
// "Formats" and "Other MX element formats", states them. Every function is
// exact or documents its rounding.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_REFERENCE_FORMATS_H
#define FP4_REFERENCE_FORMATS_H

#include <cstdint>

namespace fp4::ref {

//===----------------------------------------------------------------------===//
// bf16
//===----------------------------------------------------------------------===//

/// Widens bf16 bits to the f32 they denote (exact: the bits become the top
/// half of the f32).
float bf16ToFloat(uint16_t bits);

/// Rounds an f32 to bf16 with round-to-nearest-even. Overflow gives +-Inf
/// (the largest f32 values round up to Inf, as IEEE RNE does), Inf stays Inf,
/// and a NaN stays a NaN with the same sign and the quiet bit (0x0040) set, so
/// a signalling NaN never turns into Inf by truncation.
uint16_t floatToBf16(float value);

/// Rounds a double to f32 with round-to-nearest-even, giving +-Inf for
/// magnitudes at or above 2^128 - 2^103 (the RNE overflow threshold) without
/// relying on the C++ out-of-range conversion rule.
float doubleToFloat(double value);

/// Raw bits of an f32, and the f32 of raw bits.
uint32_t floatBits(float value);
float floatFromBits(uint32_t bits);

//===----------------------------------------------------------------------===//
// E2M1 (f4E2M1FN)
//===----------------------------------------------------------------------===//

/// Decodes the low nibble of `code`: magnitudes 0, 0.5, 1, 1.5, 2, 3, 4, 6 for
/// codes 0..7, bit 3 is the sign (code 8 is -0.0). The high nibble is ignored.
/// The same as decodeElement(ElementFormat::E2M1, code).
float decodeE2M1(uint8_t code);

/// Rounds `scaled` (a value already divided by its block scale) to an E2M1
/// code with round-to-nearest-even and saturation: magnitudes above 6
/// (including +-Inf) give 6. Ties go to the even code: 0.25->0, 0.75->1,
/// 1.25->1, 1.75->2, 2.5->2, 3.5->4, 5->4.
///
/// The sign bit is always copied from `scaled`, as aiter's quantizer does
/// (it strips the f32 sign, rounds the magnitude and ORs the sign back in):
/// -0.0 and negative values that round to zero encode as 0x8, not 0x0.
/// A NaN encodes as 0x0 (block quantization never calls this with a NaN: such
/// blocks are special-cased, see blockScaleByte).
/// The same as encodeElement(ElementFormat::E2M1, scaled).
uint8_t encodeE2M1(double scaled);

//===----------------------------------------------------------------------===//
// MX element formats (OCP Microscaling v1.0)
//===----------------------------------------------------------------------===//

/// How a value exactly halfway between two neighbouring codes is rounded.
enum class Ties {
  /// To the code whose last mantissa bit is 0: OCP's conversion, aiter's
  /// dynamic_mxfp4_quant and gfx950's conversion instructions.
  Even,
  /// To the code of larger magnitude: aiter's fused MoE quantizer
  /// (fused_dynamic_mxfp4_quant_moe_sort; E2M1 0.25 -> 0.5, 1.25 -> 1.5,
  /// 2.5 -> 3, 5 -> 6, the other E2M1 ties agreeing with Even).
  Away,
};

/// The element formats gfx950's scaled MFMA multiplies. Each is sign-magnitude
/// (the sign is the top bit of the code) with subnormals; a code is held in
/// the low elementBits(format) bits of a byte.
enum class ElementFormat {
  E2M1, ///< fp4: bias 1, largest 6, no Inf or NaN.
  E4M3, ///< fp8 E4M3FN: bias 7, largest 448, no Inf, S.1111.111 is NaN.
  E5M2, ///< fp8: bias 15, largest 57344, S.11111.00 is Inf, other S.11111.xx
        ///< are NaN (as IEEE binary16's top byte).
  E2M3, ///< fp6: bias 1, largest 7.5, no Inf or NaN.
  E3M2, ///< fp6: bias 3, largest 28, no Inf or NaN.
};

/// Every ElementFormat, for loops over all of them.
constexpr ElementFormat kElementFormats[] = {
    ElementFormat::E2M1, ElementFormat::E4M3, ElementFormat::E5M2,
    ElementFormat::E2M3, ElementFormat::E3M2};

/// Lower-case name for messages: "e2m1", "e4m3", "e5m2", "e2m3", "e3m2".
const char *elementFormatName(ElementFormat format);

/// Bits per code: 4, 8, 8, 6, 6.
int elementBits(ElementFormat format);

/// Exponent of the largest power of two the format holds (floor(log2) of its
/// largest finite value): 2, 8, 15, 2, 4. The block scale is
/// 2^(floor(log2(amax)) - emax).
int emax(ElementFormat format);

/// Largest finite magnitude: 6, 448, 57344, 7.5, 28.
double maxFinite(ElementFormat format);

/// The value of a code (exact); only the low elementBits(format) bits are
/// read. E4M3 S.1111.111 and E5M2 S.11111.{01,10,11} are NaN, E5M2
/// S.11111.00 is +-Inf.
float decodeElement(ElementFormat format, uint8_t code);

/// Rounds `scaled` to a code of `format`: round to nearest, ties to the even
/// code (the one whose last mantissa bit is 0) or, with Ties::Away, to the
/// larger magnitude, and saturation, i.e. OCP's saturating conversion: every
/// magnitude above maxFinite(format), +-Inf included, gives the largest
/// finite code.
///
/// The sign bit is always copied, as encodeE2M1 does: -0.0 and negative
/// values that round to zero give the negative-zero code (0x8, 0x80, 0x20).
/// A NaN gives sign | 0x7F, a NaN code, for E4M3 and E5M2; the fp4 and fp6
/// formats have no NaN and give code 0 (block quantization never encodes a
/// NaN: such blocks are special-cased, see blockScaleByte).
uint8_t encodeElement(ElementFormat format, double scaled,
                      Ties ties = Ties::Even);

//===----------------------------------------------------------------------===//
// E8M0 (f8E8M0FNU)
//===----------------------------------------------------------------------===//

/// Decodes a scale byte: 2^(b-127) for b in 0..254 (byte 0 is 2^-127, as
/// aiter decodes it; there is no zero), NaN for 0xFF.
double decodeE8M0(uint8_t byte);

//===----------------------------------------------------------------------===//
// fp4x2 packing
//===----------------------------------------------------------------------===//

/// Packs two E2M1 codes into one byte: `even` (the element with the even index
/// along K) in the low nibble, `odd` in the high nibble. Only the low nibble of
/// each argument is used.
uint8_t packFp4x2(uint8_t even, uint8_t odd);

/// Unpacks codes[0..count) from fp4x2 bytes: element i is nibble i % 2 of byte
/// i / 2 (low nibble first). `count` may be odd; the last high nibble is then
/// not read.
void unpackFp4x2(const uint8_t *packed, int64_t count, uint8_t *codes);

/// Packs codes[0..count) into (count + 1) / 2 bytes, element i into nibble
/// i % 2 of byte i / 2. For an odd count the last high nibble is zero.
void packFp4x2(const uint8_t *codes, int64_t count, uint8_t *packed);

/// The E2M1 code of element `index` in an fp4x2 byte array.
inline uint8_t fp4At(const uint8_t *packed, int64_t index) {
  return (packed[index / 2] >> ((index % 2) * 4)) & 0xF;
}

} // namespace fp4::ref

#endif // FP4_REFERENCE_FORMATS_H
