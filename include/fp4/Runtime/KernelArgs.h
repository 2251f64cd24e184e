//===- KernelArgs.h - kernarg segment packing -------------------*- C++ -*-===//
//
// Builds the kernarg segment of one launch from a kernel's metadata: the
// caller's explicit arguments in order (each checked against the metadata's
// kind and size), then the hidden arguments the runtime knows how to fill
// (block counts, group sizes, remainders, grid dims, dynamic LDS size). The
// result is the byte image both backends consume: HIP gets it through
// hipModuleLaunchKernel's `extra`, the emulator gets the bytes plus one
// (offset, size) slot per explicit argument.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_RUNTIME_KERNELARGS_H
#define FP4_RUNTIME_KERNELARGS_H

#include "fp4/Runtime/CodeObject.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace fp4::runtime {

struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;
  uint64_t product() const { return uint64_t(x) * y * z; }
};

/// The shape of one launch, in HIP's terms.
struct LaunchConfig {
  Dim3 grid;                    ///< Work-groups per dimension (HIP's gridDim).
  Dim3 block;                   ///< Work-items per work-group (HIP's blockDim).
  uint32_t dynamicLdsBytes = 0; ///< LDS on top of group_segment_fixed_size.
};

/// Where one explicit argument lives in the kernarg segment.
struct KernargSlot {
  uint32_t offset = 0;
  uint32_t size = 0;
};

/// A packed kernarg segment, ready for a launch with `config`.
struct KernargSegment {
  std::string kernelName;
  /// kernarg_segment_size bytes rounded up to kernarg_segment_align.
  std::vector<uint8_t> bytes;
  /// One slot per explicit argument, in argument order.
  std::vector<KernargSlot> explicitSlots;
  LaunchConfig config;
};

/// Checks `config` against what the kernel's metadata allows: no zero
/// dimension, block size within max_flat_workgroup_size, group sizes that fit
/// the 16-bit hidden fields, LDS (fixed + dynamic) that fits in 32 bits.
/// Device limits are checked by the backend that launches.
llvm::Error checkLaunchConfig(const KernelInfo &kernel,
                              const LaunchConfig &config);

/// Packs the explicit arguments of one kernel, in order.
///
///   KernelArgPacker p(kernel);
///   if (Error e = p.addPointer(a)) ...
///   if (Error e = p.addScalar<uint32_t>(n)) ...
///   Expected<KernargSegment> seg = p.finish(config);
class KernelArgPacker {
public:
  explicit KernelArgPacker(const KernelInfo &kernel);

  /// Next argument is a pointer (value kind global_buffer or
  /// dynamic_shared_pointer, 8 bytes): store `deviceAddress` there.
  llvm::Error addPointer(uint64_t deviceAddress);

  /// Next argument is by_value: store the bytes of `value` there. The size
  /// of T must equal the argument's metadata size.
  template <typename T> llvm::Error addScalar(const T &value) {
    static_assert(std::is_trivially_copyable_v<T>,
                  "kernel arguments are copied bytewise");
    return addScalarBytes(llvm::ArrayRef<uint8_t>(
        reinterpret_cast<const uint8_t *>(&value), sizeof(T)));
  }

  /// Next argument is by_value: store `bytes` there (sizes must match).
  llvm::Error addScalarBytes(llvm::ArrayRef<uint8_t> bytes);

  /// Explicit arguments added so far, and how many the kernel takes.
  unsigned numAdded() const { return added; }
  unsigned numExpected() const { return explicitArgs.size(); }

  /// Checks that every explicit argument was given and that `config` is
  /// valid for this kernel, then fills the hidden arguments and returns the
  /// segment. Does not consume the packer: it may finish several configs.
  llvm::Expected<KernargSegment> finish(const LaunchConfig &config) const;

private:
  /// Checks the next explicit argument is of a kind in `kinds` and `size`
  /// bytes, and returns it.
  llvm::Expected<const KernelArgInfo *>
  next(llvm::ArrayRef<llvm::StringRef> kinds, uint64_t size);

  const KernelInfo &kernel;
  std::vector<const KernelArgInfo *> explicitArgs;
  std::vector<uint8_t> bytes;
  unsigned added = 0;
};

} // namespace fp4::runtime

#endif // FP4_RUNTIME_KERNELARGS_H
