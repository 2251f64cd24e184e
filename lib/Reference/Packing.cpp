//===- Packing.cpp - Rows of MX element codes in memory ---------*- C++ -*-===//
//
// Bit i of a row is bit i % 8 of byte i / 8. An element never spans more than
// two bytes (at most 8 bits, starting anywhere in a byte).
//
//===----------------------------------------------------------------------===//

#include "fp4/Reference/Packing.h"

#include <algorithm>
#include <string>

using namespace fp4::ref;

int64_t fp4::ref::rowBytes(ElementFormat format, int64_t k) {
  return (k * elementBits(format) + 7) / 8;
}

uint8_t fp4::ref::codeAt(ElementFormat format, const uint8_t *row,
                         int64_t index) {
  int bits = elementBits(format);
  int64_t bit = index * bits;
  int shift = static_cast<int>(bit % 8);
  unsigned window = row[bit / 8];
  // Read the next byte only when the element reaches into it, so the last
  // element of a row never reads past the row.
  if (shift + bits > 8)
    window |= static_cast<unsigned>(row[bit / 8 + 1]) << 8;
  return static_cast<uint8_t>((window >> shift) & ((1u << bits) - 1));
}

void fp4::ref::packCodes(ElementFormat format, const uint8_t *codes,
                         int64_t count, uint8_t *packed) {
  int bits = elementBits(format);
  unsigned mask = (1u << bits) - 1;
  std::fill(packed, packed + rowBytes(format, count), uint8_t(0));
  for (int64_t i = 0; i < count; ++i) {
    int64_t bit = i * bits;
    int shift = static_cast<int>(bit % 8);
    unsigned field = (codes[i] & mask) << shift;
    packed[bit / 8] |= static_cast<uint8_t>(field);
    if (shift + bits > 8)
      packed[bit / 8 + 1] |= static_cast<uint8_t>(field >> 8);
  }
}

void fp4::ref::unpackCodes(ElementFormat format, const uint8_t *packed,
                           int64_t count, uint8_t *codes) {
  for (int64_t i = 0; i < count; ++i)
    codes[i] = codeAt(format, packed, i);
}

static Status checkRowsArgs(const char *what, int64_t rows, int64_t k,
                            const void *in, const void *out) {
  if (rows < 0 || k < 0)
    return Status::error(
        std::string(what) + ": rows (= " + std::to_string(rows) +
        ") and k (= " + std::to_string(k) + ") must be non-negative");
  if (rows * k > 0 && (!in || !out))
    return Status::error(std::string(what) + ": null data pointer");
  return Status::success();
}

Status fp4::ref::packRows(ElementFormat format, const uint8_t *codes,
                          int64_t rows, int64_t k, uint8_t *packed) {
  Status status = checkRowsArgs("packRows", rows, k, codes, packed);
  if (!status.ok())
    return status;
  int64_t stride = rowBytes(format, k);
  for (int64_t r = 0; r < rows; ++r)
    packCodes(format, codes + r * k, k, packed + r * stride);
  return Status::success();
}

Status fp4::ref::unpackRows(ElementFormat format, const uint8_t *packed,
                            int64_t rows, int64_t k, uint8_t *codes) {
  Status status = checkRowsArgs("unpackRows", rows, k, packed, codes);
  if (!status.ok())
    return status;
  int64_t stride = rowBytes(format, k);
  for (int64_t r = 0; r < rows; ++r)
    unpackCodes(format, packed + r * stride, k, codes + r * k);
  return Status::success();
}
