//===- Shuffle.h - aiter's shuffled layouts of B and its scales -*- C++ -*-===//
//
// docs/reference-numerics.md, "Shuffled layouts (as aiter produces them)":
// the byte permutations aiter applies to the quantized weight (shuffle_weight,
// layout (16,16)) and to its E8M0 scales (e8m0_shuffle), with their inverses.
// Implemented straight from the offset formulas so that they stay independent
// of the compiler's layout code.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_REFERENCE_SHUFFLE_H
#define FP4_REFERENCE_SHUFFLE_H

#include "fp4/Reference/Status.h"

#include <cstdint>

namespace fp4::ref {

/// Offset in the shuffled weight of byte (row, kb) of a plain [n, kBytes]
/// fp4x2 array:
///   (row/16)*16*kBytes + (kb/32)*512 + ((kb%32)/16)*256 + (row%16)*16 + kb%16
/// Requires n % 16 == 0 and kBytes % 16 == 0 (not checked here). When
/// kBytes % 32 == 16 the last 16-byte column group of each 16-row block uses
/// only the first 256 bytes of its 512-byte slot, which is exactly where the
/// block ends, so the formula is still a permutation of [0, n*kBytes).
int64_t shuffledWeightOffset(int64_t row, int64_t kb, int64_t kBytes);

/// Writes the shuffled copy of a plain [n, kBytes] fp4x2 array into `out`
/// (n * kBytes bytes): byte (row, kb) goes to shuffledWeightOffset(row, kb).
/// Fails unless n >= 0, kBytes >= 0, n % 16 == 0 and kBytes % 16 == 0.
/// (aiter's own code only handles kBytes % 32 == 0; the % 16 case follows the
/// formula.) `bq` and `out` must not overlap.
Status shuffleWeight16x16(const uint8_t *bq, int64_t n, int64_t kBytes,
                          uint8_t *out);

/// The inverse: reads a shuffled array and writes the plain [n, kBytes] one.
Status unshuffleWeight16x16(const uint8_t *shuffled, int64_t n, int64_t kBytes,
                            uint8_t *out);

/// The padded [rows, cols] shape of a shuffled scale array.
struct ScaleShape {
  int64_t rows;
  int64_t cols;
};

/// {ceil(n/256)*256, ceil(kBlocks/8)*8}: the shape aiter pads the [n, kBlocks]
/// scale array to before shuffling (n, kBlocks >= 0).
ScaleShape paddedScaleShape(int64_t n, int64_t kBlocks);

/// Offset in the shuffled scale array of scale (row, kb), with `paddedCols`
/// the padded column count (paddedScaleShape(n, kBlocks).cols):
///   (row/32)*32*paddedCols + (kb/8)*256 + (kb%4)*64 + (row%16)*4
///   + ((kb%8)/4)*2 + (row%32)/16
int64_t shuffledScaleOffset(int64_t row, int64_t kb, int64_t paddedCols);

/// Writes the shuffled, padded copy of a plain [n, kBlocks] scale array into
/// `out`, which holds paddedScaleShape(n, kBlocks).rows * .cols bytes. The
/// padding positions (which aiter leaves uninitialized and kernels must never
/// read) are filled with `padByte`, so a test can plant a poison value there.
/// Fails unless n >= 0 and kBlocks >= 0.
Status shuffleScales(const uint8_t *scales, int64_t n, int64_t kBlocks,
                     uint8_t *out, uint8_t padByte);

/// The inverse: reads the real (non-padding) positions of a shuffled, padded
/// scale array and writes the plain [n, kBlocks] array.
Status unshuffleScales(const uint8_t *shuffled, int64_t n, int64_t kBlocks,
                       uint8_t *out);

} // namespace fp4::ref

#endif // FP4_REFERENCE_SHUFFLE_H
