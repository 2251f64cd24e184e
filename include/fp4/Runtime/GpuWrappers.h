//===- GpuWrappers.h - the mgpu* runtime ABI over fp4 devices ---*- C++ -*-===//
//
// libfp4_gpu_runtime_wrappers.so implements the C functions that MLIR's
// `gpu-to-llvm` lowering calls (mgpuModuleLoad, mgpuLaunchKernel,
// mgpuMemAlloc, mgpuMemcpy, ...; docs/runtime.md lists them) over a
// fp4::runtime::Device: the CPU emulator or HIP. Any program JIT-compiled by
// mlir::ExecutionEngine (fp4-runner, fp4-run, mlir-runner --shared-libs=...)
// then runs its kernels there.
//
// This header is the C++ side for runners that link the library: choose the
// device and the error mode before the program starts, collect errors and
// per-launch timings after it ends.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_RUNTIME_GPUWRAPPERS_H
#define FP4_RUNTIME_GPUWRAPPERS_H

#include "fp4/Runtime/Device.h"

#include "llvm/Support/Error.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace fp4::runtime::gpu {

/// What happens at the first error of an mgpu* call (a kernel fault, a
/// module that does not load, a pointer the runtime does not know, ...).
enum class ErrorMode {
  /// Print "fp4-gpu-runtime: error: ..." on stderr and exit(1). The default:
  /// a host program run by a runner that does not know this library (Debian's
  /// mlir-runner) must not go on with garbage and exit 0.
  Exit,
  /// Record the error, skip every later GPU operation (launches, copies,
  /// allocations return null) and let the host program run to its end; the
  /// runner then asks takeError(). For runners embedded in a process that
  /// must survive (the C API, Python).
  Record,
};

struct RuntimeOptions {
  DeviceOptions device;
  ErrorMode errorMode = ErrorMode::Record;
  /// Print each launch (kernel, grid, block, time, emulator counters) on
  /// stderr as it completes.
  bool printLaunches = false;
  /// Fill the memory the program allocates (memref.alloc through
  /// _mlir_memref_to_llvm_*, gpu.alloc) with 0xFF bytes, NaN in every float
  /// type, so that an element no kernel writes cannot pass a check as the
  /// zero fresh memory often holds.
  bool fillAllocations = false;
};

/// One gpu.launch_func that ran.
struct LaunchRecord {
  std::string kernel;
  Dim3 grid, block;
  uint32_t dynamicLdsBytes = 0;
  LaunchTiming timing;
};

/// Sets up the runtime for the next program: closes the current device and
/// everything loaded on it, clears the error and the launch records. The
/// device is opened at the first mgpu* call that needs it. Without a call
/// to configure, the device comes from $FP4_DEVICE (auto, hip or emu; auto
/// when unset), $FP4_EMU_THREADS, the error mode is Exit and
/// $FP4_GPU_PRINT_LAUNCHES=1 prints launches.
void configure(const RuntimeOptions &options);

/// The first error since configure(), taken (nullopt: none).
std::optional<std::string> takeError();

/// The launches since configure() (or the last call), in order.
std::vector<LaunchRecord> takeLaunches();

/// "emulator (CPU, 2 threads)", "HIP: ..."; empty before the device is opened.
std::string deviceDescription();
/// Why `auto` did not pick HIP, once the device is open.
std::string deviceFallbackReason();

/// Host memory a kernel may be given a pointer into. The runtime copies each
/// such buffer to the device before a launch that points into it and back
/// after (both devices; see docs/runtime.md). Host buffers the JIT-compiled
/// code allocates are registered by the runtime's _mlir_memref_to_llvm_*
/// functions; a runner registers the buffers it passes in.
void registerHostBuffer(const void *base, size_t bytes);
void unregisterHostBuffer(const void *base);

/// Names the code object `data` (its bytes, as the program will pass them
/// to mgpuModuleLoad) for error messages: "gpu.binary @NAME: ..." rather
/// than "mgpuModuleLoad: ...". A non-empty `deviceIR` is the device IR the
/// emulator runs for it in place of the code object's .fp4.device_ir
/// section (a runner passes the gpu.object's `fp4.device_ir` property: the
/// module as written, edits included). Until the next configure().
void nameCodeObject(const void *data, size_t bytes, const std::string &name,
                    const std::string &deviceIR = "");

/// Host memory allocated through the runtime's tracker (what
/// `_mlir_memref_to_llvm_alloc` uses); free it with freeHost, which leaves
/// any pointer allocateHost did not return alone.
void *allocateHost(size_t bytes, size_t alignment);
void freeHost(void *pointer);

} // namespace fp4::runtime::gpu

#endif // FP4_RUNTIME_GPUWRAPPERS_H
