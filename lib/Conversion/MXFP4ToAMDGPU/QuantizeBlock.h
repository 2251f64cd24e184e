//===- QuantizeBlock.h - in-register MXFP4 quantization ---------*- C++ -*-===//

#ifndef FP4_LIB_CONVERSION_MXFP4TOAMDGPU_QUANTIZEBLOCK_H
#define FP4_LIB_CONVERSION_MXFP4TOAMDGPU_QUANTIZEBLOCK_H

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"
#include "mlir/IR/Builders.h"

namespace mlir::fp4 {

/// How the E2M1 codes of a block are computed once its scale is known.
enum class QuantizeMethod {
  /// Integer comparisons against exact thresholds: bit-exact with the
  /// reference by construction, about 20 VALU instructions per element.
  Exact,
  /// gfx950's v_cvt_scalef32_pk_fp4_{bf16,f16,f32} through
  /// amdgpu.packed_scaled_trunc: 16 conversions per block. Per AMD's CDNA4
  /// ISA it divides by 2^(E-127), E the exponent field of the f32 scale
  /// operand, rounds to nearest even whatever the MODE register says,
  /// saturates to +-6 and keeps bf16/f16 denormals: the same codes as Exact
  /// when the operand is `E << 23` of the block's E8M0 byte. Not confirmed
  /// on hardware here; the emulator models the instruction so
  /// (docs/emulator.md).
  Hardware,
};

struct QuantizedBlock {
  /// vector<32xf4E2M1FN>: the block's E2M1 codes, element 2i in the low
  /// nibble of byte i.
  Value values;
  /// i8: the block's E8M0 scale byte.
  Value scale;
};

/// Emits the quantization of one 32-element block (`block` is a
/// vector<32xbf16|f16|f32>). The scale byte always comes from integer
/// operations; the codes from integer operations (Exact) or from the scaled
/// conversion (Hardware), with the same result for every input under the
/// instruction's documented semantics, subnormals and the extremes of the
/// scale range included:
///   - the scale comes from the exponent field of amax (rounded up first in
///     `even` mode), clamped to [-127, 127];
///   - an element's code counts how many of the seven E2M1 decision
///     thresholds (0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5) times 2^scale its
///     magnitude passes, with >= at thresholds whose tie rounds up to an even
///     code and > where it rounds down: round to nearest even, saturating at
///     6. With `ties` away, >= at every threshold: a tie goes to the larger
///     magnitude. The thresholds times 2^scale are exact f32 bit patterns,
///     so the comparisons are exact integer comparisons.
///   - `ties` away takes the integer comparisons whatever `method` says:
///     gfx950's conversions round ties to even. It is fp4 only.
///   - a block holding NaN or Inf gets scale 0xFF and zero codes (Hardware
///     too: the conversion never sees a scale exponent of 0xFF, and its codes
///     for such a block are replaced by zeros).
///
/// `format` is the MX element type to quantize to. For the formats other
/// than E2M1 the scale uses the format's emax and the codes come from
/// emitEncodeElements (Exact) or emitHardwareConversion (Hardware).
/// `values` is a vector<32 x format>.
QuantizedBlock emitQuantizeBlock(OpBuilder &b, Location loc, Value block,
                                 mxfp4::ScaleMode mode, mxfp4::Ties ties,
                                 QuantizeMethod method = QuantizeMethod::Exact,
                                 Type format = {});

/// The codes of `block` (vector<32 x f32|f16|bf16>) in `format` (fp4 or
/// fp8) by amdgpu.packed_scaled_trunc, two elements per conversion, with
/// `scaleF32` as the scale operand; zeros where `nonFinite` (i1). Returns
/// vector<32 x format>.
Value emitPackedScaledTrunc(OpBuilder &b, Location loc, Value block,
                            Value scaleF32, Value nonFinite, Type format);

/// The codes of `format` (fp8 or fp6) of 32 elements given as f32 bit
/// patterns (`bits`, vector<32xi32>) divided by 2^`scale` (an i32 in
/// [-127, 127]): round to nearest even on the exact quotient (f32
/// subnormals included), saturation to the largest finite code, the sign
/// kept; all zeros where `nonFinite` (i1). Returns vector<32 x format>.
Value emitEncodeElements(OpBuilder &b, Location loc, Value bits, Value scale,
                         Value nonFinite, Type format);

/// The same codes by gfx950's scaled conversions (QuantizeMethod::Hardware):
/// `block` (vector<32 x bf16|f16|f32>) widened to f32, clamped to +-largest
/// * 2^`scale` so that nothing saturates, then v_cvt_scalef32_pk_{fp8,bf8}
/// _f32 (two elements each) or v_cvt_scalef32_2xpk16_{fp6,bf6}_f32 (the
/// block at once) with `biased` (the E8M0 byte as i32, in [0, 254]) in the
/// scale operand's exponent field. They divide by the scale and round to
/// nearest even (docs/emulator.md); zeros where `nonFinite`.
Value emitHardwareConversion(OpBuilder &b, Location loc, Value block,
                             Value biased, Value scale, Value nonFinite,
                             Type format);

/// The f32 values (unscaled) of 32 elements of `format` (fp8 or fp6) from
/// their storage: vector<32 x fp8 type or i8>, or the 24 bytes of fp6
/// (vector<24xi8>). E4M3's NaN and E5M2's Inf/NaN codes decode to NaN/Inf.
Value emitDecodeElements(OpBuilder &b, Location loc, Value storage,
                         Type format);

/// The 32 f32 values of one block from its storage and its E8M0 scale byte
/// (i8): for fp4 (`format` null or f4E2M1FN) 16 fp4x2 bytes (vector<16xi8>,
/// element 2i in the low nibble of byte i), computed exactly (a two-bit
/// significand times a power of two); for the other formats what
/// emitDecodeElements takes, times the scale (rounded once in f32).
Value emitDequantizeBlock(OpBuilder &b, Location loc, Value bytes, Value scale,
                          Type format = {});

} // namespace mlir::fp4

#endif // FP4_LIB_CONVERSION_MXFP4TOAMDGPU_QUANTIZEBLOCK_H
