//===- Jit.h - lower the host side and JIT it -------------------*- C++ -*-===//
//
// A compiled module (from fp4-lower-to-hsaco, or any module whose kernels
// are gpu.binary ops holding HSACOs) is run by lowering everything outside
// the binaries to the LLVM dialect with upstream passes (gpu-to-llvm turns
// gpu.launch_func into calls of the mgpu* runtime ABI), JIT-compiling it
// with mlir::ExecutionEngine, and calling an entry function. The mgpu*
// calls land in libfp4_gpu_runtime_wrappers.so (fp4/Runtime/GpuWrappers.h).
//
//===----------------------------------------------------------------------===//

#ifndef FP4_RUN_JIT_H
#define FP4_RUN_JIT_H

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir::fp4 {

/// How a gpu.launch_func passes a memref operand to its kernel.
enum class KernelArgConvention {
  /// The GPU dialect's default: the memref descriptor, one kernel argument
  /// per field (allocated pointer, aligned pointer, offset, sizes, strides:
  /// two global_buffer and 1 + 2 * rank by_value i64 arguments in the code
  /// object's metadata). What kernels outlined by gpu-kernel-outlining take.
  Descriptors,
  /// One pointer per memref (gpu-to-llvm{use-bare-pointers-for-kernels}):
  /// the kernels of a module marked with kBarePointerKernelsAttrName.
  BarePointers,
};

/// The unit attribute on a module whose kernels take bare pointers (set by
/// the passes that build such kernels: convert-mxfp4-to-amdgpu,
/// fp4-kernel-args-to-global).
inline constexpr llvm::StringLiteral kBarePointerKernelsAttrName =
    "fp4.bare_pointer_kernels";

/// BarePointers iff `module` carries kBarePointerKernelsAttrName,
/// Descriptors otherwise.
KernelArgConvention getKernelArgConvention(ModuleOp module);

/// Checks every gpu.launch_func of `module` against what will run it,
/// before anything runs: the gpu.binary it names exists and holds a code
/// object (the one its #gpu.select_object picks) that reads, the kernel it
/// names is in that code object, and the launch passes as many explicit
/// arguments as the kernel takes under getKernelArgConvention. With a
/// `chip` ("gfx950", "gfx950:xnack-"), the object's #rocdl.target and the
/// code object must be for it. Errors are emitted on the launch.
LogicalResult verifyLaunches(ModuleOp module, llvm::StringRef chip = "");

/// The upstream host lowering, in order: convert-linalg-to-loops,
/// expand-strided-metadata, lower-affine, convert-scf-to-cf,
/// finalize-memref-to-llvm{use-generic-functions=1} (host allocations go
/// through the runtime, which must know every buffer a kernel may read),
/// gpu-to-llvm (memref descriptors, or use-bare-pointers-for-kernels=1 for
/// KernelArgConvention::BarePointers), convert-to-llvm,
/// reconcile-unrealized-casts.
void buildHostToLLVMPipeline(
    OpPassManager &pm,
    KernelArgConvention convention = KernelArgConvention::Descriptors);

/// Rewrites #gpu.address_space<global|workgroup|private> in host code (not
/// inside gpu.module/gpu.binary) to AMDGPU's numeric spaces 1, 3 and 5:
/// finalize-memref-to-llvm knows only numbers.
void replaceGpuAddressSpaces(ModuleOp module);

/// Puts a call of the runtime's `fp4gpuSetLaunchLocation("file:line:col")`
/// before each gpu.launch_func with a file location, so that an error of
/// that launch names where it is in the source.
void annotateLaunchLocations(ModuleOp module);

/// verifyLaunches (no chip), replaceGpuAddressSpaces,
/// annotateLaunchLocations, then the pipeline with the module's
/// getKernelArgConvention. Errors are diagnostics on the module's context.
LogicalResult lowerHostToLLVM(ModuleOp module);

struct JitOptions {
  /// LLVM optimization level of the host code.
  unsigned optLevel = 2;
  /// Libraries whose symbols the program may call (mlir-runner's
  /// --shared-libs); the runtime wrappers are always added.
  std::vector<std::string> sharedLibs;
};

/// JIT-compiles a module lowered by lowerHostToLLVM.
llvm::Expected<std::unique_ptr<ExecutionEngine>>
createExecutionEngine(ModuleOp module, const JitOptions &options);

/// The path of the loaded libfp4_gpu_runtime_wrappers.so.
std::string runtimeWrappersPath();

/// The directory holding Debian's libmlir_c_runner_utils.so and
/// libmlir_runner_utils.so (printMemref*).
std::string mlirRunnerUtilsDir();

} // namespace mlir::fp4

#endif // FP4_RUN_JIT_H
