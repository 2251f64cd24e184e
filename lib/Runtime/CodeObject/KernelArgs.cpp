//===- KernelArgs.cpp - kernarg segment packing -----------------*- C++ -*-===//
//
// Hidden arguments follow AMDGPUUsage "Code Object V5 Metadata": the grid is
// given in whole work-groups (as HIP's hipModuleLaunchKernel takes it), so
// every work-group is full and the hidden_remainder_* fields are 0.
// hidden_grid_dims is 3, as HIP's module launch path always dispatches a
// three-dimensional NDRange. Hidden arguments this runtime has nothing for
// (hostcall buffer, heap, queue pointers, global offsets) are left zero.
//
//===----------------------------------------------------------------------===//

#include "fp4/Runtime/KernelArgs.h"

#include "Detail.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;
using namespace fp4::runtime;
using namespace fp4::runtime::detail;

Error fp4::runtime::checkLaunchConfig(const KernelInfo &kernel,
                                      const LaunchConfig &config) {
  const Dim3 &g = config.grid, &b = config.block;
  std::string what = "launch of '" + kernel.name + "'";
  if (!g.x || !g.y || !g.z)
    return makeError(what + ": grid " + Twine(g.x) + "x" + Twine(g.y) + "x" +
                     Twine(g.z) + " has a zero dimension");
  if (!b.x || !b.y || !b.z)
    return makeError(what + ": block " + Twine(b.x) + "x" + Twine(b.y) + "x" +
                     Twine(b.z) + " has a zero dimension");
  if (b.product() > kernel.maxFlatWorkgroupSize)
    return makeError(what + ": block " + Twine(b.x) + "x" + Twine(b.y) + "x" +
                     Twine(b.z) + " has " + Twine(b.product()) +
                     " work-items, more than the kernel's "
                     "max_flat_workgroup_size " +
                     Twine(kernel.maxFlatWorkgroupSize));
  // The grid in work-items must fit the 32-bit AQL grid_size fields.
  for (auto [blocks, size] :
       {std::pair(g.x, b.x), std::pair(g.y, b.y), std::pair(g.z, b.z)})
    if (uint64_t(blocks) * size > UINT32_MAX)
      return makeError(what + ": grid of " + Twine(blocks) + " blocks of " +
                       Twine(size) + " work-items exceeds 2^32-1 work-items");
  if (kernel.groupSegmentFixedSize + config.dynamicLdsBytes > UINT32_MAX)
    return makeError(what + ": LDS size does not fit in 32 bits");
  return Error::success();
}

KernelArgPacker::KernelArgPacker(const KernelInfo &kernel)
    : kernel(kernel), explicitArgs(kernel.explicitArgs()),
      bytes(alignTo(kernel.kernargSegmentSize,
                    std::max<uint64_t>(kernel.kernargSegmentAlign, 1))) {}

Expected<const KernelArgInfo *> KernelArgPacker::next(ArrayRef<StringRef> kinds,
                                                      uint64_t size) {
  unsigned index = added;
  if (index >= explicitArgs.size())
    return makeError("kernel '" + kernel.name + "' argument " + Twine(index) +
                     ": the kernel takes only " + Twine(explicitArgs.size()) +
                     " explicit arguments");
  const KernelArgInfo &arg = *explicitArgs[index];
  std::string what = "kernel '" + kernel.name + "' argument " +
                     Twine(index).str() +
                     (arg.name.empty() ? "" : " ('" + arg.name + "')");
  if (!is_contained(kinds, StringRef(arg.valueKind)))
    return makeError(what + " is " + arg.valueKind + ", not " +
                     (kinds.front() == "by_value" ? "a scalar" : "a pointer"));
  if (arg.size != size)
    return makeError(what + ": expected " + Twine(arg.size) + " bytes, got " +
                     Twine(size));
  // Metadata from readCodeObject is checked already; a hand-built KernelInfo
  // is not.
  if (arg.offset > bytes.size() || bytes.size() - arg.offset < arg.size)
    return makeError(what + " lies outside the " + Twine(bytes.size()) +
                     "-byte kernarg segment");
  ++added;
  return &arg;
}

Error KernelArgPacker::addPointer(uint64_t deviceAddress) {
  Expected<const KernelArgInfo *> arg =
      next({"global_buffer", "dynamic_shared_pointer"}, sizeof(uint64_t));
  if (!arg)
    return arg.takeError();
  support::endian::write64le(bytes.data() + (*arg)->offset, deviceAddress);
  return Error::success();
}

Error KernelArgPacker::addScalarBytes(ArrayRef<uint8_t> value) {
  Expected<const KernelArgInfo *> arg = next({"by_value"}, value.size());
  if (!arg)
    return arg.takeError();
  llvm::copy(value, bytes.begin() + (*arg)->offset);
  return Error::success();
}

/// Writes the low `size` bytes of `value` (size 2, 4 or 8) at `offset`.
static void writeHidden(std::vector<uint8_t> &bytes, const KernelArgInfo &arg,
                        uint64_t value) {
  if (arg.offset > bytes.size() || bytes.size() - arg.offset < arg.size)
    return; // Outside the segment (hand-built KernelInfo): nothing to fill.
  uint8_t *p = bytes.data() + arg.offset;
  switch (arg.size) {
  case 2:
    support::endian::write16le(p, uint16_t(value));
    break;
  case 4:
    support::endian::write32le(p, uint32_t(value));
    break;
  case 8:
    support::endian::write64le(p, value);
    break;
  default:
    break; // Unknown width: leave zero rather than guess.
  }
}

Expected<KernargSegment>
KernelArgPacker::finish(const LaunchConfig &config) const {
  if (added != explicitArgs.size())
    return makeError("kernel '" + kernel.name + "' takes " +
                     Twine(explicitArgs.size()) + " explicit arguments, but " +
                     Twine(added) + " were given");
  if (Error e = checkLaunchConfig(kernel, config))
    return std::move(e);
  if (config.block.x > UINT16_MAX || config.block.y > UINT16_MAX ||
      config.block.z > UINT16_MAX)
    return makeError("launch of '" + kernel.name +
                     "': a block dimension exceeds 65535");

  KernargSegment seg;
  seg.kernelName = kernel.name;
  seg.config = config;
  seg.bytes = bytes;
  for (const KernelArgInfo *arg : explicitArgs)
    seg.explicitSlots.push_back({uint32_t(arg->offset), uint32_t(arg->size)});

  const Dim3 &g = config.grid, &b = config.block;
  for (const KernelArgInfo &arg : kernel.args) {
    if (!arg.isHidden())
      continue;
    StringRef kind = arg.valueKind;
    uint64_t value = 0;
    if (kind == "hidden_block_count_x")
      value = g.x;
    else if (kind == "hidden_block_count_y")
      value = g.y;
    else if (kind == "hidden_block_count_z")
      value = g.z;
    else if (kind == "hidden_group_size_x")
      value = b.x;
    else if (kind == "hidden_group_size_y")
      value = b.y;
    else if (kind == "hidden_group_size_z")
      value = b.z;
    else if (kind == "hidden_grid_dims")
      value = 3;
    else if (kind == "hidden_dynamic_lds_size")
      value = config.dynamicLdsBytes;
    // hidden_remainder_* stay 0: whole work-groups only (see file comment).
    writeHidden(seg.bytes, arg, value);
  }
  return seg;
}
