/*===- fp4-c/Reference.h - MXFP4 reference numerics ---------------*- C -*-===*\
|*                                                                            *|
|* Thin wrappers over the reference library (include/fp4/Reference): block    *|
|* quantization, dequantization, aiter's shuffled layouts of B and its        *|
|* scales, the reference GEMM, the acceptance check and the seeded test       *|
|* data. bf16 values are passed as their uint16_t bit patterns. Arrays are    *|
|* row-major; the caller allocates every output.                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FP4_C_REFERENCE_H
#define FP4_C_REFERENCE_H

#include "fp4-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// How the block scale of a quantized block is chosen.
enum Fp4ScaleMode {
  /// aiter's reference: amax rounded up at 1.75 * 2^e (the default).
  FP4_SCALE_MODE_EVEN = 0,
  /// Strict OCP MX v1.0: floor(log2(amax)) - 2.
  FP4_SCALE_MODE_FLOOR = 1,
};
typedef enum Fp4ScaleMode Fp4ScaleMode;

/// Quantizes a [rows, k] bf16 matrix along k (k % 32 == 0): `fp4x2` gets
/// rows * k / 2 bytes (element 2j in the low nibble of byte j), `scales`
/// rows * k / 32 E8M0 bytes.
FP4_CAPI_EXPORTED Fp4Status fp4QuantizeBf16(const uint16_t *bf16, int64_t rows,
                                            int64_t k, Fp4ScaleMode mode,
                                            uint8_t *fp4x2, uint8_t *scales);

/// The same for f32 input.
FP4_CAPI_EXPORTED Fp4Status fp4QuantizeF32(const float *f32, int64_t rows,
                                           int64_t k, Fp4ScaleMode mode,
                                           uint8_t *fp4x2, uint8_t *scales);

/// Dequantizes [rows, k] MXFP4 data to f32 (rows * k values).
FP4_CAPI_EXPORTED Fp4Status fp4Dequantize(const uint8_t *fp4x2,
                                          const uint8_t *scales, int64_t rows,
                                          int64_t k, float *out);

/// aiter's shuffle_weight (16,16) of a plain [n, kBytes] fp4x2 array (n and
/// kBytes multiples of 16) into `out` (n * kBytes bytes), and its inverse.
FP4_CAPI_EXPORTED Fp4Status fp4ShuffleWeight(const uint8_t *b, int64_t n,
                                             int64_t kBytes, uint8_t *out);
FP4_CAPI_EXPORTED Fp4Status fp4UnshuffleWeight(const uint8_t *shuffled,
                                               int64_t n, int64_t kBytes,
                                               uint8_t *out);

/// The padded [rows, cols] shape of the e8m0_shuffle of [n, kBlocks] scales:
/// {ceil(n/256)*256, ceil(kBlocks/8)*8}. Fails on negative sizes.
FP4_CAPI_EXPORTED Fp4Status fp4GetShuffledScalesShape(int64_t n,
                                                      int64_t kBlocks,
                                                      int64_t *rows,
                                                      int64_t *cols);

/// aiter's e8m0_shuffle of plain [n, kBlocks] scales into `out` (of the
/// padded shape above), padding filled with `padByte`, and its inverse
/// (which reads only the real positions).
FP4_CAPI_EXPORTED Fp4Status fp4ShuffleScales(const uint8_t *scales, int64_t n,
                                             int64_t kBlocks, uint8_t *out,
                                             uint8_t padByte);
FP4_CAPI_EXPORTED Fp4Status fp4UnshuffleScales(const uint8_t *shuffled,
                                               int64_t n, int64_t kBlocks,
                                               uint8_t *out);

/// The reference GEMM: A bf16 [m, k] quantized with `mode`, B fp4x2 [n, k/2]
/// with scales [n, k/32] (plain layout), C f32 [m, n].
FP4_CAPI_EXPORTED Fp4Status fp4ReferenceGemm(const uint16_t *aBf16, int64_t m,
                                             int64_t k, const uint8_t *bFp4x2,
                                             const uint8_t *bScales, int64_t n,
                                             Fp4ScaleMode mode, float *c);

/// The reference GEMM of two quantized operands (plain layouts).
FP4_CAPI_EXPORTED Fp4Status fp4ReferenceGemmQuantized(
    const uint8_t *aFp4x2, const uint8_t *aScales, int64_t m,
    const uint8_t *bFp4x2, const uint8_t *bScales, int64_t n, int64_t k,
    float *c);

/// The OCP MX element formats the scaled MFMA multiplies (issue 21).
enum Fp4ElementFormat {
  FP4_ELEMENT_E2M1 = 0, ///< fp4 (f4E2M1FN): two per byte, low nibble first
  FP4_ELEMENT_E4M3 = 1, ///< fp8 (f8E4M3FN): one byte
  FP4_ELEMENT_E5M2 = 2, ///< fp8 (f8E5M2): one byte
  FP4_ELEMENT_E2M3 = 3, ///< fp6 (f6E2M3FN): four in three bytes
  FP4_ELEMENT_E3M2 = 4, ///< fp6 (f6E3M2FN): four in three bytes
};
typedef enum Fp4ElementFormat Fp4ElementFormat;

/// The bytes of one packed row of `k` elements (k % 32 == 0) in `format`:
/// k / 2, k or 3 k / 4. Rows are packed as a little-endian bit stream,
/// element i at bits [b i, b i + b) (docs/reference-numerics.md).
FP4_CAPI_EXPORTED Fp4Status fp4MxRowBytes(Fp4ElementFormat format, int64_t k,
                                          int64_t *bytes);

/// Quantizes a [rows, k] bf16 (or f32) matrix along k to `format`: `packed`
/// gets rows * fp4MxRowBytes(format, k) bytes, `scales` rows * k / 32 E8M0
/// bytes. For E2M1 the same bytes as fp4QuantizeBf16.
FP4_CAPI_EXPORTED Fp4Status fp4MxQuantizeBf16(const uint16_t *bf16,
                                              int64_t rows, int64_t k,
                                              Fp4ScaleMode mode,
                                              Fp4ElementFormat format,
                                              uint8_t *packed, uint8_t *scales);
FP4_CAPI_EXPORTED Fp4Status fp4MxQuantizeF32(const float *f32, int64_t rows,
                                             int64_t k, Fp4ScaleMode mode,
                                             Fp4ElementFormat format,
                                             uint8_t *packed, uint8_t *scales);

/// Dequantizes [rows, k] packed data of `format` to f32 (rows * k values).
FP4_CAPI_EXPORTED Fp4Status fp4MxDequantize(const uint8_t *packed,
                                            const uint8_t *scales, int64_t rows,
                                            int64_t k, Fp4ElementFormat format,
                                            float *out);

/// The reference GEMM of two quantized operands of any formats (plain
/// layouts, packed rows): A [m, k] in `aFormat`, B [n, k] in `bFormat`,
/// C f32 [m, n].
FP4_CAPI_EXPORTED Fp4Status fp4MxReferenceGemmQuantized(
    Fp4ElementFormat aFormat, const uint8_t *a, const uint8_t *aScales,
    int64_t m, Fp4ElementFormat bFormat, const uint8_t *b,
    const uint8_t *bScales, int64_t n, int64_t k, float *c);

/// f32 -> bf16 (round to nearest even) and bf16 -> f32 (exact), `count`
/// values; a negative count converts nothing.
FP4_CAPI_EXPORTED void fp4F32ToBf16(const float *in, int64_t count,
                                    uint16_t *out);
FP4_CAPI_EXPORTED void fp4Bf16ToF32(const uint16_t *in, int64_t count,
                                    float *out);

/// The outcome of fp4CheckOutput.
struct Fp4CheckResult {
  /// Elements that fail |out - ref| <= atol + rtol * |ref| (NaN/Inf must
  /// match exactly).
  int64_t mismatches;
  /// Of those, the ones where out or ref is NaN or +-Inf.
  int64_t nanMismatches;
  /// Largest |out - ref| where both are finite, and where (-1 if nowhere).
  double worstAbsErr;
  int64_t worstIndex;
  /// The first failing element, -1 if none.
  int64_t firstMismatch;
};
typedef struct Fp4CheckResult Fp4CheckResult;

/// The problem's acceptance rule on `count` f32 values.
FP4_CAPI_EXPORTED Fp4CheckResult fp4CheckOutput(const float *out,
                                                const float *ref, int64_t count,
                                                double atol, double rtol);

/// `count` N(0,1) samples rounded to bf16, from a seeded generator that gives
/// the same values on every platform.
FP4_CAPI_EXPORTED Fp4Status fp4RandnBf16(uint64_t seed, int64_t count,
                                         uint16_t *out);

/// A [rows, k] bf16 matrix of N(0,1) samples with every 32-element block
/// scaled by its own power of two (k % 32 == 0), as fp4-run --data blocked.
FP4_CAPI_EXPORTED Fp4Status fp4RandnBf16Blocked(uint64_t seed, int64_t rows,
                                                int64_t k, uint16_t *out);

#ifdef __cplusplus
}
#endif

#endif /* FP4_C_REFERENCE_H */
