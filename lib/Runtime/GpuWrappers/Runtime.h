//===- Runtime.h - state behind the mgpu* wrappers --------------*- C++ -*-===//
//
// One process-wide Runtime holds the device, the loaded modules, the device
// allocations and the host buffers kernels may point into. The extern "C"
// functions (MgpuAbi.cpp) are thin calls into it.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_LIB_RUNTIME_GPUWRAPPERS_RUNTIME_H
#define FP4_LIB_RUNTIME_GPUWRAPPERS_RUNTIME_H

#include "fp4/Runtime/GpuWrappers.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>

namespace fp4::runtime::gpu {

class Runtime {
public:
  static Runtime &get();

  void configure(const RuntimeOptions &options);
  std::optional<std::string> takeError();
  std::vector<LaunchRecord> takeLaunches();
  std::string deviceDescription();
  std::string deviceFallbackReason();

  void registerHost(const void *base, size_t bytes);
  void unregisterHost(const void *base);
  void *allocateHost(size_t bytes, size_t alignment);
  void freeHost(void *pointer);
  void nameCodeObject(const void *data, size_t bytes, const std::string &name,
                      const std::string &deviceIR);

  // The mgpu* operations. Each does nothing once an error was recorded.
  void *moduleLoad(const void *data, size_t bytes);
  void moduleUnload(void *module);
  void *moduleGetFunction(void *module, const char *name);
  void launch(void *function, const int64_t grid[3], const int64_t block[3],
              int32_t dynamicLds, void **params, void **extra,
              size_t paramCount);
  void *memAlloc(uint64_t bytes, bool hostShared);
  void memFree(void *pointer);
  void memcpy(void *dst, const void *src, size_t bytes);
  void memset(void *dst, const void *pattern, size_t patternBytes,
              size_t count);
  void setDefaultDevice(int32_t ordinal);
  /// Where the next launch is in the source ("file:line:col").
  void setLaunchLocation(const char *location);
  /// Records `message` as the run's error (the first one wins).
  void fail(const std::string &message);

private:
  struct Allocation {
    size_t bytes;
    bool freed = false;
  };
  struct HostBuffer {
    size_t bytes;
    /// Allocated by allocateHost (freed with std::free).
    bool owned = false;
  };
  struct Module;
  struct Function {
    Module *module;
    std::string name;
    const KernelInfo *info;
  };

  bool failed() const { return error.has_value(); }
  Device *ensureDevice();
  /// The live device allocation holding [p, p + bytes), and the offset of p.
  std::optional<std::pair<uint64_t, size_t>> findDevice(uintptr_t p,
                                                        size_t bytes);
  /// The registered host buffer holding [p, p + bytes).
  std::optional<std::pair<uintptr_t, size_t>> findHost(uintptr_t p,
                                                       size_t bytes);
  llvm::Expected<uint64_t> allocateDevice(size_t bytes);
  void releaseDevice(uint64_t address);
  llvm::Error writeDevice(uint64_t base, size_t offset, const void *src,
                          size_t bytes);
  llvm::Error readDevice(uint64_t base, size_t offset, void *dst, size_t bytes);
  void dropStaging(uintptr_t hostBase);
  void resetDevice();

  std::recursive_mutex mutex;
  RuntimeOptions options;
  bool configured = false;
  std::unique_ptr<Device> device;
  bool deviceTried = false;
  std::string fallbackReason;
  std::optional<std::string> error;
  std::vector<LaunchRecord> launches;
  std::string launchLocation;

  std::map<uint64_t, Allocation> allocations;
  std::multimap<size_t, uint64_t> freeAllocations;
  std::map<uintptr_t, HostBuffer> hostBuffers;
  /// Host buffer base -> its copy on the device, made at the first launch
  /// that points into it.
  std::map<uintptr_t, uint64_t> staging;
  std::map<uint64_t, std::unique_ptr<Module>> modules;
  std::map<uint64_t, Function> functions;
  /// What a runner said about a code object (nameCodeObject).
  struct CodeObjectInfo {
    std::string name;     // the gpu.binary it came from
    std::string deviceIR; // the IR to run in place of its section, or ""
  };
  /// Code object contents (hash) -> what the runner said about it.
  std::map<uint64_t, CodeObjectInfo> codeObjectNames;
  uint64_t nextHandle = 1;
};

} // namespace fp4::runtime::gpu

#endif // FP4_LIB_RUNTIME_GPUWRAPPERS_RUNTIME_H
