//===- Gemm.h - Reference MX GEMM -------------------------------*- C++ -*-===//
//
// C[m, n] = sum_k dequant(A)[m, k] * dequant(B)[n, k] (docs/
// reference-numerics.md, "The problem"), computed as exactly as practical so
// that it can judge any kernel's f32 accumulation order ("The reference GEMM
// and its summation order").
//
//===----------------------------------------------------------------------===//

#ifndef FP4_REFERENCE_GEMM_H
#define FP4_REFERENCE_GEMM_H

#include "fp4/Reference/Quantize.h"
#include "fp4/Reference/Status.h"

#include <cstdint>

namespace fp4::ref {

/// The reference GEMM on operands that are both already MXFP4, K-contiguous
/// ("NT"): A as fp4x2 [m, k/2] with scales [m, k/32], B as fp4x2 [n, k/2] with
/// scales [n, k/32] (plain, not shuffled), C as row-major f32 [m, n].
///
/// Summation order: each 32-element block product
///   sum_{t<32} e2m1(a) * e2m1(b) * 2^(sa-127) * 2^(sb-127)
/// is computed EXACTLY (integer sum of the E2M1 products, then scaled by
/// powers of two in double). The block results are added in double in
/// ascending block order, and the final double is rounded once to f32 (RNE;
/// magnitudes beyond the f32 range become +-Inf). A scale byte 0xFF makes the
/// whole dot product NaN. A kernel accumulating in f32 in any order differs
/// from this by a few f32 ulps of the partial sums, far inside the
/// 0.01 + 0.01 * |ref| comparison tolerance.
///
/// Fails unless m, n, k >= 0, k % 32 == 0 and the pointers are non-null where
/// their arrays are non-empty.
Status referenceGemmQuantized(const uint8_t *aFp4x2, const uint8_t *aScales,
                              int64_t m, const uint8_t *bFp4x2,
                              const uint8_t *bScales, int64_t n, int64_t k,
                              float *cF32);

/// The reference GEMM of the problem: A is bf16 [m, k] row-major and is first
/// quantized with quantizeRows(mode); B is fp4x2 [n, k/2] with E8M0 scales
/// [n, k/32], plain layout (use unshuffleWeight16x16 / unshuffleScales for
/// aiter's shuffled copies). Then as referenceGemmQuantized.
Status referenceGemm(const uint16_t *aBf16, int64_t m, int64_t k,
                     const uint8_t *bFp4x2, const uint8_t *bScales, int64_t n,
                     ScaleMode mode, float *cF32);

/// The reference GEMM on operands of any element formats, K-contiguous: A
/// [m, k] in `aFormat` and B [n, k] in `bFormat`, each packed by rows as
/// Packing.h describes (rowBytes(format, k) bytes a row) with plain E8M0
/// scales [rows, k/32]; C row-major f32 [m, n].
///
/// Summation order as referenceGemmQuantized: each 32-element block product
/// sum_t a_t * b_t is computed exactly (every element value is an integer
/// multiple of its format's smallest subnormal, so the sum is an integer
/// count of their product) and rounded once to double, which only changes it
/// when it needs more than 53 bits (possible for E5M2 with an E4M3 or E5M2
/// partner); it is then multiplied by the two scales (exact), the block
/// results are added in double in ascending block order and the sum is
/// rounded once to f32 (RNE, +-Inf beyond the f32 range). A block with an
/// E4M3 NaN or an E5M2 Inf/NaN element on either side is summed in double
/// with IEEE rules instead (Inf * 0 = NaN, Inf + -Inf = NaN), so its result
/// is +-Inf or NaN. A scale byte 0xFF makes the dot product NaN.
/// For E2M1 x E2M1 it gives the same bits as the fp4x2 overload above, which
/// is faster (int8 products).
///
/// Fails unless m, n, k >= 0, k % 32 == 0 and the pointers are non-null where
/// their arrays are non-empty.
Status referenceGemmQuantized(ElementFormat aFormat, const uint8_t *a,
                              const uint8_t *aScales, int64_t m,
                              ElementFormat bFormat, const uint8_t *b,
                              const uint8_t *bScales, int64_t n, int64_t k,
                              float *cF32);

/// A bf16 [m, k] row-major, quantized to `aFormat` with quantizeRows(mode),
/// times B as above: then as the mixed-format referenceGemmQuantized.
Status referenceGemm(const uint16_t *aBf16, int64_t m, int64_t k,
                     ElementFormat aFormat, ScaleMode mode,
                     ElementFormat bFormat, const uint8_t *b,
                     const uint8_t *bScales, int64_t n, float *cF32);

/// Rounds count f32 values to bf16 (RNE, as floatToBf16): the conversion the
/// problem applies to C.
void toBf16(const float *in, int64_t count, uint16_t *out);

/// Widens count bf16 values to f32 (exact).
void fromBf16(const uint16_t *in, int64_t count, float *out);

} // namespace fp4::ref

#endif // FP4_REFERENCE_GEMM_H
