//===- Packing.h - Rows of MX element codes in memory -----------*- C++ -*-===//
//
// One rule for every element format: a row of k codes is a little-endian bit
// stream, element i in bits [b*i, b*i + b) with b = elementBits(format), and
// each row starts on a byte boundary. That is fp8 one byte per element, fp6
// four elements in three bytes (gfx950's scaled MFMA reads 32 fp6 elements
// from six dwords, element i at bit 6i of the 192-bit value) and fp4 two per
// byte, low nibble first (the fp4x2 layout of Formats.h).
//
//===----------------------------------------------------------------------===//

#ifndef FP4_REFERENCE_PACKING_H
#define FP4_REFERENCE_PACKING_H

#include "fp4/Reference/Formats.h"
#include "fp4/Reference/Status.h"

#include <cstdint>

namespace fp4::ref {

/// Bytes one packed row of k elements occupies: ceil(k * elementBits / 8).
/// Whole 32-element blocks are whole bytes in every format (16, 24 or 32).
int64_t rowBytes(ElementFormat format, int64_t k);

/// The code of element `index` of a packed row.
uint8_t codeAt(ElementFormat format, const uint8_t *row, int64_t index);

/// Packs codes[0..count) into rowBytes(format, count) bytes. Only the low
/// elementBits bits of each code are used; the bits after the last element
/// of a partial last byte are zero.
void packCodes(ElementFormat format, const uint8_t *codes, int64_t count,
               uint8_t *packed);

/// The inverse: writes count codes, one per byte.
void unpackCodes(ElementFormat format, const uint8_t *packed, int64_t count,
                 uint8_t *codes);

/// Packs a row-major [rows, k] array of codes (one per byte) into rows of
/// rowBytes(format, k) bytes. Fails unless rows >= 0, k >= 0 and the pointers
/// are non-null where rows * k > 0.
Status packRows(ElementFormat format, const uint8_t *codes, int64_t rows,
                int64_t k, uint8_t *packed);

/// The inverse of packRows; same preconditions.
Status unpackRows(ElementFormat format, const uint8_t *packed, int64_t rows,
                  int64_t k, uint8_t *codes);

} // namespace fp4::ref

#endif // FP4_REFERENCE_PACKING_H
