//===- Runner.h - run a compiled fp4-mlir module ----------------*- C++ -*-===//
//
// Runs an entry function of a module produced by `fp4-lower-to-hsaco`,
// always through the JIT (fp4/Run/Jit.h): every launch is first checked
// against its code object (verifyLaunches), the host code is lowered with
// upstream passes (kernels get memref descriptors, or bare pointers where
// the module carries fp4.bare_pointer_kernels) and its launches are run by
// the mgpu* runtime wrappers. A GEMM function (`fp4.gemm`) gets inputs made
// like the reference problem's or read from .npy files, by their `fp4.arg`
// roles, and its C can be checked against the reference library: C is the
// result with fp4.arg = "c" (the one-path ABI) or the output argument with
// that role (fp4-gemm-results-to-out-params). Any other function takes its
// memref arguments from .npy files.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_RUN_RUNNER_H
#define FP4_RUN_RUNNER_H

#include "fp4/Runtime/Device.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>

namespace mlir::fp4 {

/// How fp4-run makes the inputs of a GEMM module.
enum class InputData {
  /// bf16 A and B ~ N(0,1), like the reference problem (torch.randn).
  Randn,
  /// N(0,1) times 2^e with e different per row and K block, so that every
  /// row, column and K block of A and B gets a different scale.
  Blocked,
  /// Every third row of A made of edge-case blocks (zeros, every rounding
  /// tie, scale bumps, values that round to zero, subnormals, the largest
  /// bf16) at scale exponents from -127 to 125, B scaled to keep every
  /// product near 1, and every other column of B a probe that copies one
  /// element of A into C (docs/runtime.md).
  Edge,
  /// Edge, plus NaN, +Inf and -Inf blocks in rows 1, 5, 9, ... of A and in
  /// columns 5, 15, 25, ... of B: those rows and columns of C must be NaN.
  NonFinite,
};

struct RunOptions {
  ::fp4::runtime::DeviceOptions device;
  /// The function to run; empty: the only function that launches kernels.
  std::string entry;
  /// Ignored: every function runs through the JIT (kept for the C API's
  /// and Python's `jit` arguments).
  bool jit = false;
  /// Functions without `fp4.gemm`: argument N (key "N") or result N (key
  /// "rN") -> the .npy file to write after the run. An argument named here
  /// and given no input starts as 0xFF bytes (NaN in bf16 and f32).
  std::map<std::string, std::string> outputFiles;
  uint64_t seed = 1;
  InputData data = InputData::Randn;
  /// Role ("a", "a_scales", "b", "b_scales") -> .npy file. Functions
  /// without `fp4.gemm`: argument number ("0", "1", ...) or `fp4.arg` role
  /// -> .npy file; every argument needs one (or an output file).
  std::map<std::string, std::string> inputFiles;
  /// Where to write C as .npy (bf16 as "<u2" bits, f16 "<f2", f32 "<f4").
  std::string outputFile;
  /// Folder to write the inputs to, one ROLE.npy each, in the function's
  /// ABI (so that --input ROLE=DIR/ROLE.npy reproduces the run).
  std::string inputsDir;
  bool check = false;
  unsigned repeat = 1;
};

/// One gpu.launch_func of the (last) call.
struct LaunchReport {
  std::string kernel;
  ::fp4::runtime::LaunchConfig config;
  ::fp4::runtime::LaunchTiming timing;
};

struct RunResult {
  /// The launches of the last call of the entry, in order.
  std::vector<LaunchReport> launches;
  bool checked = false;
  bool passed = false;
  int64_t mismatches = 0;
  double worstAbsErr = 0;
};

/// Runs `module`'s entry function; progress and results go to `log`.
/// `module` is lowered in place (its host code ends in the LLVM dialect).
llvm::Expected<RunResult> runModule(ModuleOp module, const RunOptions &options,
                                    llvm::raw_ostream &log);

} // namespace mlir::fp4

#endif // FP4_RUN_RUNNER_H
