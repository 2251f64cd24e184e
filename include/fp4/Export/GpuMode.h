//===- GpuMode.h - GPU MODE amd-mxfp4-mm submission export ------*- C++ -*-===//
//
// Writes the one Python file a GPU MODE `amd-mxfp4-mm` entry is: the
// kernels of the default pipeline for a set of shapes, as base64 HSACO, and
// the code that loads them with HIP's module API through ctypes and
// launches them on the contest's tensors (docs/guide.md, "Exporting a
// submission"). fp4-export and the C API (fp4ExportGpuMode, Python's
// fp4mlir.export_gpumode) both call exportGpuModeSubmission.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_EXPORT_GPUMODE_H
#define FP4_EXPORT_GPUMODE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir::fp4 {

struct ExportShape {
  int64_t m = 0, n = 0, k = 0;
  bool operator==(const ExportShape &o) const {
    return m == o.m && n == o.n && k == o.k;
  }
};

/// The problem's shapes: its six benchmarks, then its four tests.
llvm::ArrayRef<ExportShape> getGpuModeShapes();

/// Parses "MxNxK" (positive decimal integers).
llvm::Expected<ExportShape> parseExportShape(llvm::StringRef text);

/// The submission size GPU MODE accepts: kernelbot refuses a file over
/// 1,000,000 bytes (gpu-mode/kernelbot, src/kernelbot/api/api_utils.py).
inline constexpr uint64_t kGpuModeSizeLimit = 1000000;

struct GpuModeExportOptions {
  /// Compiled in addition to the problem's shapes (duplicates are dropped).
  std::vector<ExportShape> shapes;
  /// Include getGpuModeShapes().
  bool problemShapes = true;
  /// The file must not be larger (bytes).
  uint64_t sizeLimit = kGpuModeSizeLimit;
};

/// The text of submission.py, or the first error: a shape the pipeline does
/// not compile, a compile failure (with its diagnostics), a kernel argument
/// that is not a buffer, a file over the size limit.
llvm::Expected<std::string>
exportGpuModeSubmission(const GpuModeExportOptions &options);

} // namespace mlir::fp4

#endif // FP4_EXPORT_GPUMODE_H
