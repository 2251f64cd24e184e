//===- HIP.h - launch code objects through the HIP runtime ------*- C++ -*-===//
//
// A thin backend over the HIP module API, loaded with dlopen at run time so
// that fp4-mlir builds (and its tests run) without ROCm: libamdhip64 is
// looked up when a device is opened, and its absence is an ordinary error.
// Every HIP failure becomes an llvm::Error naming the HIP call and carrying
// hipGetErrorString's text.
//
// Objects returned by a HipDevice (buffers, modules, kernels) keep the loaded
// library alive; they are used from the thread that opened the device (HIP's
// current device is per thread).
//
//===----------------------------------------------------------------------===//

#ifndef FP4_RUNTIME_HIP_H
#define FP4_RUNTIME_HIP_H

#include "fp4/Runtime/CodeObject.h"
#include "fp4/Runtime/KernelArgs.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace fp4::runtime {

namespace hip {
struct Api; // The resolved entry points; defined in lib/Runtime/HIP.
} // namespace hip

struct HipOpenOptions {
  /// Device ordinal to use.
  int ordinal = 0;
  /// Library to dlopen. Empty: $FP4_HIP_LIBRARY when set, else
  /// libamdhip64.so, libamdhip64.so.7, libamdhip64.so.6 in that order.
  std::string libraryPath;
};

/// What the device reports through hipDeviceGetName/hipDeviceGetAttribute.
struct HipDeviceInfo {
  int ordinal = 0;
  std::string name;        ///< Marketing name ("AMD Instinct MI355X").
  std::string libraryPath; ///< The HIP library that was loaded.
  int computeMajor = 0;    ///< gfx IP major (9 for gfx950).
  int computeMinor = 0;    ///< gfx IP minor (5 for gfx950).
  int maxThreadsPerBlock = 0;
  int maxSharedMemoryPerBlock = 0; ///< Bytes of LDS per work-group.
  int warpSize = 0;
  int multiprocessorCount = 0;
};

/// Device memory from hipMalloc, freed with hipFree on destruction.
class HipBuffer {
public:
  HipBuffer() = default;
  HipBuffer(HipBuffer &&other) noexcept;
  HipBuffer &operator=(HipBuffer &&other) noexcept;
  ~HipBuffer();

  /// The device address, for KernelArgPacker::addPointer.
  uint64_t address() const { return reinterpret_cast<uintptr_t>(ptr); }
  void *get() const { return ptr; }
  size_t size() const { return bytes; }

private:
  friend class HipDevice;
  std::shared_ptr<const hip::Api> api;
  void *ptr = nullptr;
  size_t bytes = 0;
};

/// A kernel of a loaded module.
struct HipKernel {
  const KernelInfo *info = nullptr; ///< Points into the module's CodeObject.
  void *function = nullptr;         ///< hipFunction_t.
};

/// A code object loaded with hipModuleLoadData; unloaded on destruction.
class HipModule {
public:
  HipModule(HipModule &&other) noexcept;
  HipModule &operator=(HipModule &&other) noexcept;
  ~HipModule();

  const CodeObject &codeObject() const { return *co; }
  /// hipModuleGetFunction for a kernel the metadata lists.
  llvm::Expected<HipKernel> getKernel(llvm::StringRef name) const;

private:
  friend class HipDevice;
  HipModule(std::shared_ptr<const hip::Api> api, std::unique_ptr<CodeObject> co,
            void *module);
  std::shared_ptr<const hip::Api> api;
  std::unique_ptr<CodeObject> co; // Stable address: kernels point into it.
  void *module = nullptr;
};

class HipDevice {
public:
  /// Loads the HIP library, resolves its entry points, initializes HIP and
  /// selects the device. Fails with "no HIP runtime found (...)" when the
  /// library cannot be loaded, "no AMD GPU visible" when HIP sees none.
  static llvm::Expected<std::unique_ptr<HipDevice>>
  open(const HipOpenOptions &options = {});

  ~HipDevice();
  const HipDeviceInfo &info() const { return deviceInfo; }

  llvm::Expected<HipBuffer> allocate(size_t bytes);
  /// Copies `src` to the start of `dst` (src.size() <= dst.size()).
  llvm::Error copyToDevice(const HipBuffer &dst, llvm::ArrayRef<uint8_t> src);
  /// Copies the first dst.size() bytes of `src` back.
  llvm::Error copyFromDevice(llvm::MutableArrayRef<uint8_t> dst,
                             const HipBuffer &src);
  /// Sets every byte of `buffer` to `value`.
  llvm::Error fill(const HipBuffer &buffer, uint8_t value);

  /// Checks the code object's target against the device, then loads it.
  llvm::Expected<HipModule> loadModule(const CodeObject &co);

  /// Checks `config` against the kernel metadata and the device limits
  /// (block size, LDS, wavefront size).
  llvm::Error checkLaunch(const KernelInfo &kernel,
                          const LaunchConfig &config) const;

  /// Launches `kernel` with the packed `args` (and args.config), waits for it
  /// and returns its time in milliseconds, measured with HIP events.
  llvm::Expected<float> launch(const HipKernel &kernel,
                               const KernargSegment &args);

  llvm::Error synchronize();

private:
  HipDevice(std::shared_ptr<const hip::Api> api, HipDeviceInfo info);
  std::shared_ptr<const hip::Api> api;
  HipDeviceInfo deviceInfo;
};

/// The gfx IP version a processor name encodes: gfx950 -> 9.5, gfx90a -> 9.0,
/// gfx1100 -> 11.0. Fails for generic targets ("gfx9-4-generic").
llvm::Expected<std::pair<int, int>> gfxIpVersion(llvm::StringRef processor);

} // namespace fp4::runtime

#endif // FP4_RUNTIME_HIP_H
