//===- GpuMode.h - GPU MODE submission export -------------------*- C++ -*-===//
//
// Writes the one Python file a GPU MODE entry is: the kernels of the
// default pipeline for a set of shapes, as base64 HSACO, and the code that
// loads them with HIP's module API through ctypes and launches them on the
// contest's tensors (docs/guide.md, "Exporting a submission"). Two
// problems: `amd-mxfp4-mm` (exportGpuModeSubmission: one GEMM kernel per
// shape) and `moe-mxfp4` (exportGpuModeMoeSubmission: the layer's four or
// five launches per configuration). fp4-export and the C API (fp4ExportGpuMode,
// fp4ExportGpuModeMoe; Python's fp4mlir.export_gpumode) call them.
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

/// A moe-mxfp4 layer: tokens, experts and top-k counting the shared expert,
/// d_hidden and d_expert as the weights hold them (padded).
struct MoeExportConfig {
  int64_t tokens = 0, experts = 0, dHidden = 0, dExpert = 0, topk = 0;
  bool operator==(const MoeExportConfig &o) const {
    return tokens == o.tokens && experts == o.experts && dHidden == o.dHidden &&
           dExpert == o.dExpert && topk == o.topk;
  }
};

/// The moe-mxfp4 problem's configurations: its six benchmarks, then its
/// three tests.
llvm::ArrayRef<MoeExportConfig> getGpuModeMoeConfigs();

/// Parses "TOKENSxEXPERTSxD_HIDDENxD_EXPERTxTOPK" (positive integers).
llvm::Expected<MoeExportConfig> parseMoeExportConfig(llvm::StringRef text);

struct GpuModeMoeExportOptions {
  /// Compiled in addition to the problem's configurations.
  std::vector<MoeExportConfig> configs;
  /// Include getGpuModeMoeConfigs().
  bool problemConfigs = true;
  /// The file must not be larger (bytes).
  uint64_t sizeLimit = kGpuModeSizeLimit;
};

/// The text of a moe-mxfp4 submission.py (each configuration the layer
/// fp4-gen moe prints, compiled by the default pipeline), or the first
/// error, as exportGpuModeSubmission's.
llvm::Expected<std::string>
exportGpuModeMoeSubmission(const GpuModeMoeExportOptions &options);

} // namespace mlir::fp4

#endif // FP4_EXPORT_GPUMODE_H
