//===- Npy.h - read and write NumPy .npy files ------------------*- C++ -*-===//
//
// The .npy format (numpy.lib.format) versions 1.0, 2.0 and 3.0, for plain
// little-endian numeric arrays in C order: what tools exchange test inputs
// and results in. Anything else (big-endian or structured dtypes, Fortran
// order, object arrays) is refused with an error that says why.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_RUNTIME_NPY_H
#define FP4_RUNTIME_NPY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fp4::runtime {

struct NpyArray {
  /// NumPy dtype string: "|u1", "|i1", "|b1", "<u2", "<i2", "<f2", "<u4",
  /// "<i4", "<f4", "<u8", "<i8", "<f8".
  std::string dtype;
  std::vector<int64_t> shape;
  /// C-order element bytes, numElements() * itemSize() of them.
  std::vector<uint8_t> data;

  int64_t numElements() const;
  /// Bytes per element, from the dtype.
  size_t itemSize() const;
};

/// Bytes per element of a supported dtype, or an error naming the dtype.
llvm::Expected<size_t> npyItemSize(llvm::StringRef dtype);

/// Parses a whole .npy file held in memory.
llvm::Expected<NpyArray> parseNpy(llvm::ArrayRef<uint8_t> bytes);

/// Reads and parses the .npy file at `path`.
llvm::Expected<NpyArray> readNpy(llvm::StringRef path);

/// Serializes an array: format 1.0 (2.0 when the header needs more than
/// 65535 bytes), header padded so the data starts 64-byte aligned.
/// `data.size()` must be the product of `shape` times the item size.
llvm::Expected<std::vector<uint8_t>> serializeNpy(llvm::StringRef dtype,
                                                  llvm::ArrayRef<int64_t> shape,
                                                  llvm::ArrayRef<uint8_t> data);

/// serializeNpy, written to `path`.
llvm::Error writeNpy(llvm::StringRef path, llvm::StringRef dtype,
                     llvm::ArrayRef<int64_t> shape,
                     llvm::ArrayRef<uint8_t> data);

} // namespace fp4::runtime

#endif // FP4_RUNTIME_NPY_H
