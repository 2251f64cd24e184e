//===- Numerics.h - Float formats of the emulator ---------------*- C++ -*-===//
//
// Bit-exact conversions between the host's float/double and the device's
// narrow formats: half, bfloat, the OCP fp8/fp6/fp4 element formats and the
// E8M0 scale. Written from the format definitions (IEEE 754, OCP MX v1.0),
// independent of any compiler code.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_LIB_RUNTIME_EMULATOR_NUMERICS_H
#define FP4_LIB_RUNTIME_EMULATOR_NUMERICS_H

#include "llvm/ADT/bit.h"

#include <cstdint>

namespace fp4::emu {

inline float bitsToFloat(uint32_t b) { return llvm::bit_cast<float>(b); }
inline uint32_t floatToBits(float f) { return llvm::bit_cast<uint32_t>(f); }
inline double bitsToDouble(uint64_t b) { return llvm::bit_cast<double>(b); }
inline uint64_t doubleToBits(double d) { return llvm::bit_cast<uint64_t>(d); }

/// IEEE half <-> float/double. Rounding is to nearest even, from the double
/// value (one rounding even when the double came from a float).
float halfToFloat(uint16_t h);
uint16_t doubleToHalf(double d);
inline float bf16ToFloat(uint16_t b) { return bitsToFloat(uint32_t(b) << 16); }
uint16_t doubleToBF16(double d);
uint16_t floatToBF16(float f);
uint16_t floatToHalf(float f);

/// The element formats of the gfx950 f8f6f4 MFMA, by their cbsz/blgp code.
enum class MiniFormat : uint8_t {
  E4M3 = 0, // fp8 E4M3FN (no Inf; 0x7F/0xFF NaN), bias 7
  E5M2 = 1, // bf8 E5M2 (IEEE-like Inf/NaN), bias 15
  E2M3 = 2, // fp6, bias 1, no Inf/NaN
  E3M2 = 3, // bf6, bias 3, no Inf/NaN
  E2M1 = 4, // fp4, bias 1, no Inf/NaN
};
unsigned miniFormatBits(MiniFormat f);

/// Exact value of a narrow code (NaN/Inf where the format has them).
double decodeMini(MiniFormat f, uint32_t code);
/// Table of decodeMini for every code (256 entries for fp8, 64 fp6, 16 fp4).
const double *miniTable(MiniFormat f);

/// Rounds `v` to the format (nearest even). Finite values beyond the largest
/// finite magnitude saturate to it, Inf too; NaN becomes the format's NaN
/// (fp8) or the largest magnitude with NaN's sign (fp6/fp4, no NaN code).
uint32_t encodeMini(MiniFormat f, double v);

/// E8M0 scale byte -> 2^(b-127) (0xFF = NaN).
double e8m0ToDouble(uint8_t b);

/// The factor a gfx950 v_cvt_scalef32_* conversion applies for its f32
/// `scale` operand: 2^(E-127), E the operand's exponent field. Its sign and
/// mantissa are ignored, so +0.0 (E = 0) means 2^-127, like the E8M0 byte 0.
/// E = 0xFF gives NaN; the narrowing conversions refuse it (the hardware's
/// result for it is not documented).
inline uint8_t cvtScaleExponent(uint32_t scaleBits) {
  return uint8_t(scaleBits >> 23);
}
inline double cvtScaleFactor(uint32_t scaleBits) {
  return e8m0ToDouble(cvtScaleExponent(scaleBits));
}

} // namespace fp4::emu

#endif // FP4_LIB_RUNTIME_EMULATOR_NUMERICS_H
