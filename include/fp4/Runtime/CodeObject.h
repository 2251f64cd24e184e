//===- CodeObject.h - AMDGPU code object reader -----------------*- C++ -*-===//
//
// Reads a linked AMDGPU HSA code object (the HSACO that ld.lld -shared
// writes): validates the ELF header and the target it was built for, decodes
// the NT_AMDGPU_METADATA note (msgpack) into one KernelInfo per kernel, and
// copies each kernel descriptor. Both launch backends (HIP and the CPU
// emulator) start from the CodeObject this returns, so everything a launch
// needs to know about a kernel (kernarg layout, LDS, block size limit) is here.
//
// Any input, however damaged, gets an llvm::Error that says what is wrong;
// the reader never asserts or reads outside the buffer.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_RUNTIME_CODEOBJECT_H
#define FP4_RUNTIME_CODEOBJECT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace fp4::runtime {

/// How a code object handles a target feature (xnack, sramecc), from the
/// e_flags bits of code object v4 and later.
enum class FeatureSetting { Unsupported, Any, Off, On };

/// "unsupported", "any", "off" or "on".
llvm::StringRef stringifyFeatureSetting(FeatureSetting setting);

/// One entry of a kernel's `.args` metadata list.
struct KernelArgInfo {
  /// `.name`; empty when the metadata has none (hidden arguments never do).
  std::string name;
  /// Byte offset and size inside the kernarg segment.
  uint64_t offset = 0;
  uint64_t size = 0;
  /// `.value_kind`: "global_buffer", "by_value", "dynamic_shared_pointer",
  /// "hidden_block_count_x", ...
  std::string valueKind;
  /// `.address_space` ("global", "constant", "local", ...); empty if absent.
  std::string addressSpace;

  /// Hidden arguments are filled by the runtime, not passed by the caller.
  bool isHidden() const {
    return llvm::StringRef(valueKind).starts_with("hidden_");
  }
};

/// Size of an AMDGPU kernel descriptor (the object at the `.kd` symbol).
inline constexpr size_t kKernelDescriptorSize = 64;

/// One entry of `amdhsa.kernels`, plus its kernel descriptor.
struct KernelInfo {
  std::string name;   ///< `.name`: the kernel function's name.
  std::string symbol; ///< `.symbol`: the descriptor symbol, `<name>.kd`.
  uint64_t kernargSegmentSize = 0;      ///< `.kernarg_segment_size`
  uint64_t kernargSegmentAlign = 0;     ///< `.kernarg_segment_align`
  uint64_t groupSegmentFixedSize = 0;   ///< `.group_segment_fixed_size` (LDS)
  uint64_t privateSegmentFixedSize = 0; ///< `.private_segment_fixed_size`
  uint32_t wavefrontSize = 0;           ///< `.wavefront_size` (32 or 64)
  uint32_t maxFlatWorkgroupSize = 0;    ///< `.max_flat_workgroup_size`
  uint32_t sgprCount = 0;               ///< `.sgpr_count`
  uint32_t vgprCount = 0;               ///< `.vgpr_count`
  uint32_t agprCount = 0;               ///< `.agpr_count` (0 if absent)
  uint32_t sgprSpillCount = 0;          ///< `.sgpr_spill_count` (0 if absent)
  uint32_t vgprSpillCount = 0;          ///< `.vgpr_spill_count` (0 if absent)
  /// Every argument in metadata order, hidden ones included.
  std::vector<KernelArgInfo> args;
  /// The raw 64-byte kernel descriptor and its virtual address.
  std::array<uint8_t, kKernelDescriptorSize> descriptor{};
  uint64_t descriptorAddress = 0;

  /// The arguments a caller passes (all but the hidden ones), in order.
  std::vector<const KernelArgInfo *> explicitArgs() const;
};

/// A validated, linked AMDGPU code object.
struct CodeObject {
  /// Code object version: 5 or 6.
  unsigned version = 0;
  /// EF_AMDGPU_MACH_* value from e_flags and its processor name ("gfx950").
  unsigned machine = 0;
  std::string processor;
  FeatureSetting xnack = FeatureSetting::Unsupported;
  FeatureSetting sramecc = FeatureSetting::Unsupported;
  /// `amdhsa.target`, e.g. "amdgcn-amd-amdhsa--gfx950:sramecc+:xnack-".
  /// When the note has none, the same form built from e_flags (a warning).
  std::string targetId;
  /// `amdhsa.version`, e.g. {1, 2}.
  std::vector<uint32_t> metadataVersion;
  std::vector<KernelInfo> kernels;
  /// A copy of the whole ELF image (what hipModuleLoadData takes).
  std::vector<uint8_t> image;
  /// Departures from what LLVM writes that HIP accepts and that leave the
  /// code object unambiguous, one line each: no `amdhsa.target` in the note
  /// (e_flags give the target), a kernel descriptor whose kernarg_size is 0
  /// (the metadata gives it). AMD's aiter ships code objects like this. Any
  /// other disagreement is an error, not a warning.
  std::vector<std::string> warnings;

  /// The kernel named `name`, or nullptr.
  const KernelInfo *findKernel(llvm::StringRef name) const;
  /// The kernel named `name`, or an error listing the kernels there are.
  llvm::Expected<const KernelInfo &> getKernel(llvm::StringRef name) const;
};

/// Validates and decodes a linked gfx9+ HSA code object (v5 or v6).
llvm::Expected<CodeObject> readCodeObject(llvm::ArrayRef<uint8_t> bytes);

/// Reads the file at `path` and decodes it with readCodeObject.
llvm::Expected<CodeObject> readCodeObjectFile(llvm::StringRef path);

/// Succeeds when `co` can run on `chip`: a processor name ("gfx950")
/// optionally followed by target features ("gfx950:xnack-:sramecc+"). A code
/// object built for "any" xnack/sramecc runs with either setting; one built
/// for on/off needs the same setting (when `chip` states it).
llvm::Error requireTarget(const CodeObject &co, llvm::StringRef chip);

/// The processor name of an EF_AMDGPU_MACH_* value, or "" when unknown.
llvm::StringRef processorForMachine(unsigned machine);

} // namespace fp4::runtime

#endif // FP4_RUNTIME_CODEOBJECT_H
