//===- JitCall.h - call an entry function through the JIT -------*- C++ -*-===//

#ifndef FP4_LIB_RUN_JITCALL_H
#define FP4_LIB_RUN_JITCALL_H

#include "fp4/Run/Runner.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir::fp4 {

/// A ranked memref in host memory the GPU runtime knows (kernels may be
/// given pointers into it): an argument of the entry, or a result.
class HostMemRef {
public:
  HostMemRef(std::string dtype, std::vector<int64_t> shape);
  HostMemRef(HostMemRef &&other);
  HostMemRef &operator=(HostMemRef &&) = delete;
  ~HostMemRef();
  uint8_t *data() { return bytes; }
  size_t size() const { return numBytes; }
  /// The numpy dtype ("<f4", "<u2" for bf16, "|i1", ...).
  const std::string &dtype() const { return type; }
  const std::vector<int64_t> &shape() const { return dims; }

private:
  std::string type;
  std::vector<int64_t> dims;
  uint8_t *bytes = nullptr;
  size_t numBytes = 0;
};

/// The numpy dtype that holds `element` (bf16 as "<u2"); an error for types
/// fp4-run does not pass.
llvm::Expected<std::string> npyDtypeOf(Type element);

struct JitCallResult {
  std::vector<HostMemRef> results;
  std::vector<LaunchReport> launches;
};

/// Lowers `module`'s host side, JIT-compiles it and calls `func` `repeat`
/// times with `args` (one per argument, in order; updated in place). Writes
/// "fp4-run: LABEL on DEVICE" to `log`, a line saying how kernels take
/// memrefs (getKernelArgConvention), then each launch of the last call.
/// Errors of the GPU runtime (a kernel fault, ...) fail the call. Memory
/// the program allocates starts as 0xFF bytes (NaN in every float type).
/// `module` is lowered in place.
llvm::Expected<JitCallResult> callWithJit(ModuleOp module, func::FuncOp func,
                                          std::vector<HostMemRef> &args,
                                          const RunOptions &options,
                                          llvm::raw_ostream &log,
                                          llvm::StringRef label);

} // namespace mlir::fp4

#endif // FP4_LIB_RUN_JITCALL_H
