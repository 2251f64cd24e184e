//===- SubmissionKernels.h - what a GPU MODE submission launches -*- C++
//-*-===//
//
// The part of fp4-export that does not depend on the problem: a module is
// compiled by the default pipeline in process, and its host function is
// read as a plan the submission replays with HIP's module API:
//   - each argument is an input tensor of the task, named by its fp4.arg
//     role, of a known size;
//   - each buffer the host function allocates is scratch (one workspace
//     tensor per call, each buffer at an aligned offset in it), except the
//     one it returns, the output;
//   - each gpu.launch_func is a launch: kernel, code object, grid, block,
//     LDS, and the kernarg bytes fp4-mlir's runtime (KernelArgPacker) packs
//     for it, with the offset of each pointer and the buffer it names.
// A host function that does anything else on the host (a copy, a loop, a
// computed size) cannot be replayed and is refused, with its location.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_LIB_EXPORT_SUBMISSIONKERNELS_H
#define FP4_LIB_EXPORT_SUBMISSIONKERNELS_H

#include "fp4/Pipelines/Pipelines.h"
#include "fp4/Runtime/CodeObject.h"
#include "fp4/Runtime/KernelArgs.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace mlir::fp4::submission {

struct Launch {
  std::string kernel;
  size_t hsaco = 0;
  ::fp4::runtime::LaunchConfig config;
  std::vector<uint8_t> kernarg;
  std::vector<std::pair<uint32_t, std::string>> pointers; // offset, buffer
  std::vector<::fp4::runtime::KernelArgInfo> args;
};

struct Scratch {
  std::string name;
  int64_t offset = 0, bytes = 0;
};

/// The buffer the host function returns (none for a function that writes
/// its output into an argument, as the GEMM problem's does).
struct Output {
  std::string role;
  std::vector<int64_t> shape;
  std::string elementType; // as MLIR prints it: bf16, f32, ...
};

struct HostPlan {
  std::vector<std::pair<std::string, int64_t>> inputs; // role, bytes
  std::vector<Scratch> scratch;
  int64_t scratchBytes = 0;
  std::optional<Output> output;
  std::vector<Launch> launches;
};

/// A code object of the submission, without the device IR only the
/// emulator reads, and the kernels launched from it.
struct Hsaco {
  std::string kernels, bytes;
};

/// Builds a module with `build` (at the end of its body), compiles it with
/// `options`, and reads its one host function as a HostPlan. Code objects
/// go to `hsacos` (one already there with the same bytes is reused).
llvm::Expected<HostPlan>
compileHostPlan(llvm::function_ref<void(OpBuilder &, Location)> build,
                const LowerToHsacoOptions &options, std::vector<Hsaco> &hsacos);

/// One KERNELS entry to be: the Python tuple it is filed under, and how
/// to compile its plan (an error names the shape or configuration).
struct EntrySource {
  std::string key;
  std::function<llvm::Expected<HostPlan>(const LowerToHsacoOptions &,
                                         std::vector<Hsaco> &)>
      compile;
};

/// What a problem's submission says around its entries.
struct ProblemText {
  /// Writes the docstring (no imports), given the pipeline's text.
  std::function<void(llvm::raw_ostream &, llvm::StringRef pipeline)> header;
  /// `#` lines above KERNELS: what its keys and entries hold.
  llvm::StringRef tableComment;
  /// The problem's custom_kernel, after the shared loading and launching.
  llvm::StringRef entryPoint;
  /// What to export fewer of when the file is too large.
  llvm::StringRef what;
};

/// Compiles each entry with the default pipeline and writes the file: the
/// docstring, the imports, KERNELS, the code objects, the shared runtime
/// (submission_runtime.py), the entry point. Fails on the first entry that
/// does not compile, or a text holding the word GPU MODE refuses or over
/// `sizeLimit` bytes.
llvm::Expected<std::string>
exportSubmission(llvm::ArrayRef<EntrySource> entries, const ProblemText &text,
                 uint64_t sizeLimit);

} // namespace mlir::fp4::submission

#endif // FP4_LIB_EXPORT_SUBMISSIONKERNELS_H
