//===- Launch.cpp - Run a kernel over a grid -------------------*- C++ -*-===//
//
// Reads the kernel's parameters from the kernarg segment, builds the
// implicit-argument area and the dispatch packet, maps the device's memory
// and runs the work-groups on host threads.
//
//===----------------------------------------------------------------------===//

#include "Exec.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <thread>

using namespace llvm;
using namespace fp4::emu;

namespace {
/// Offsets in the implicit (hidden) argument area, AMDGPU code object v5.
enum : uint32_t {
  kHiddenBlockCount = 0,    // 3 x u32
  kHiddenGroupSize = 12,    // 3 x u16
  kHiddenRemainder = 18,    // 3 x u16
  kHiddenGlobalOffset = 40, // 3 x u64
  kHiddenGridDims = 64,     // u16
  kHiddenDynamicLds = 120,  // u32
  kHiddenPrivateBase = 192, // u32 (high half of the private aperture)
  kHiddenSharedBase = 196,  // u32 (high half of the LDS aperture)
  kHiddenBytes = 256,
};
} // namespace

template <class T> static void put(std::vector<uint8_t> &seg, size_t off, T v) {
  std::memcpy(seg.data() + off, &v, sizeof(T));
}

Error fp4::emu::launch(Program &program, StringRef kernelName, Dim3 grid,
                       Dim3 block, ArrayRef<uint8_t> kernarg,
                       ArrayRef<KernelArgSlot> argSlots, DeviceMemory &memory,
                       const LaunchOptions &options, LaunchStats *stats) {
  auto start = std::chrono::steady_clock::now();
  Program::Impl &prog = program.impl();
  auto kit = prog.kernelIndex.find(kernelName);
  if (kit == prog.kernelIndex.end())
    return createStringError("emulator: no kernel named '%s'",
                             kernelName.str().c_str());
  const KernelCode &k = prog.kernels[kit->second];
  const FuncCode &fn = prog.funcs[k.func];
  if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
    return createStringError("emulator: grid and block sizes must be > 0");
  uint64_t items = uint64_t(block.x) * block.y * block.z;
  if (items > 1024)
    return createStringError("emulator: %llu work-items per work-group "
                             "exceed the AMDGPU maximum of 1024",
                             (unsigned long long)items);

  if (k.reqdBlock[0] &&
      (k.reqdBlock[0] != block.x || k.reqdBlock[1] != block.y ||
       k.reqdBlock[2] != block.z))
    return createStringError(
        "emulator: kernel '%s' requires work-groups of %ux%ux%u "
        "(!reqd_work_group_size) but the launch uses %ux%ux%u",
        k.name.c_str(), k.reqdBlock[0], k.reqdBlock[1], k.reqdBlock[2], block.x,
        block.y, block.z);

  auto ctx = std::make_unique<LaunchCtx>();
  ctx->prog = &prog;
  ctx->kernel = &k;
  ctx->grid = grid;
  ctx->block = block;
  ctx->opts = options;

  // Parameters.
  ArrayRef<KernelArgSlot> slots =
      argSlots.empty() ? ArrayRef(k.abiSlots) : argSlots;
  const Function &f = *fn.fn;
  if (slots.size() != f.arg_size())
    return createStringError("emulator: kernel '%s' has %zu parameters but "
                             "%zu argument slots were given",
                             k.name.c_str(), f.arg_size(), slots.size());
  uint32_t explicitEnd = 0;
  const DataLayout &dl = *prog.dl;
  for (const Argument &arg : f.args()) {
    unsigned i = arg.getArgNo();
    const KernelArgSlot &s = slots[i];
    explicitEnd = std::max(explicitEnd, s.offset + s.size);
    std::vector<uint64_t> vals;
    if (arg.getParamByRefType()) {
      // A byref parameter is a pointer to its bytes in the kernarg segment.
      vals.push_back(kKernargBase + s.offset);
      ctx->argValues.push_back(vals);
      continue;
    }
    const TypeLayout &lay = prog.layouts[fn.argLayouts[i]];
    uint64_t alloc = dl.getTypeAllocSize(arg.getType());
    if (s.size != lay.storeSize && s.size != alloc)
      return createStringError(
          "emulator: argument %u of kernel '%s' has size %u in its slot but "
          "%u bytes in the IR",
          i, k.name.c_str(), s.size, lay.storeSize);
    if (uint64_t(s.offset) + lay.storeSize > kernarg.size())
      return createStringError("emulator: argument %u of kernel '%s' at "
                               "offset %u (+%u bytes) is past the end of the "
                               "%zu-byte kernarg segment",
                               i, k.name.c_str(), s.offset, lay.storeSize,
                               kernarg.size());
    vals.assign(lay.slots, 0);
    for (const Leaf &lf : lay.leaves) {
      if (lf.kind == EK::Rsrc || lf.kind == EK::Fat || lf.packed)
        return createStringError("emulator: argument %u of kernel '%s' has a "
                                 "type the emulator cannot pass",
                                 i, k.name.c_str());
      unsigned eb = (lf.bits + 7) / 8;
      for (uint32_t e = 0; e < lf.count; ++e) {
        uint64_t v = 0;
        std::memcpy(&v, kernarg.data() + s.offset + lf.memOffset + e * eb, eb);
        vals[lf.slot + e] = v & (lf.bits >= 64 ? ~0ull : (1ull << lf.bits) - 1);
      }
    }
    ctx->argValues.push_back(std::move(vals));
  }

  // Kernarg segment = the caller's bytes + the implicit arguments.
  uint32_t implicitOff =
      options.implicitArgOffset.value_or(alignTo(explicitEnd, 8));
  std::vector<uint8_t> &seg = ctx->kernargSeg;
  seg.assign(kernarg.begin(), kernarg.end());
  if (seg.size() < implicitOff + kHiddenBytes)
    seg.resize(implicitOff + kHiddenBytes, 0);
  std::memset(seg.data() + implicitOff, 0, kHiddenBytes);
  const uint32_t g[3] = {grid.x, grid.y, grid.z};
  const uint32_t b[3] = {block.x, block.y, block.z};
  for (unsigned d = 0; d < 3; ++d) {
    put<uint32_t>(seg, implicitOff + kHiddenBlockCount + 4 * d, g[d]);
    put<uint16_t>(seg, implicitOff + kHiddenGroupSize + 2 * d, uint16_t(b[d]));
    put<uint16_t>(seg, implicitOff + kHiddenRemainder + 2 * d, 0);
    put<uint64_t>(seg, implicitOff + kHiddenGlobalOffset + 8 * d, 0);
  }
  put<uint16_t>(seg, implicitOff + kHiddenGridDims,
                uint16_t(grid.z > 1 || block.z > 1   ? 3
                         : grid.y > 1 || block.y > 1 ? 2
                                                     : 1));
  put<uint32_t>(seg, implicitOff + kHiddenDynamicLds, options.dynamicLdsBytes);
  put<uint32_t>(seg, implicitOff + kHiddenPrivateBase,
                uint32_t(kPrivAperture >> 32));
  put<uint32_t>(seg, implicitOff + kHiddenSharedBase,
                uint32_t(kLdsAperture >> 32));
  ctx->implicitArgAddr = kKernargBase + implicitOff;

  // LDS.
  uint64_t lds = k.staticLds;
  if (options.dynamicLdsBytes)
    lds = alignTo(k.staticLds, k.dynamicLdsAlign) + options.dynamicLdsBytes;
  if (lds > 160 * 1024)
    return createStringError("emulator: kernel '%s' needs %llu bytes of LDS; "
                             "gfx950 has 160 KiB per work-group",
                             k.name.c_str(), (unsigned long long)lds);
  ctx->ldsBytes = uint32_t(lds);

  // HSA kernel dispatch packet (64 bytes).
  std::vector<uint8_t> &pkt = ctx->dispatchPacket;
  pkt.assign(64, 0);
  put<uint16_t>(pkt, 2,
                uint16_t(grid.z > 1 || block.z > 1   ? 3
                         : grid.y > 1 || block.y > 1 ? 2
                                                     : 1));
  for (unsigned d = 0; d < 3; ++d) {
    put<uint16_t>(pkt, 4 + 2 * d, uint16_t(b[d]));
    put<uint32_t>(pkt, 12 + 4 * d, g[d] * b[d]);
  }
  put<uint32_t>(pkt, 28, ctx->ldsBytes);
  put<uint64_t>(pkt, 40, kKernargBase);

  // Address map.
  for (const DeviceMemory::Region &r : memory.regions())
    ctx->regions.push_back({r.base, r.size, r.data, true, "allocation"});
  for (const auto &[gv, addr] : prog.globalAddrs)
    ctx->regions.push_back(
        {addr, std::max<uint64_t>(dl.getTypeAllocSize(gv->getValueType()), 1),
         prog.moduleSegment.data() + (addr - kModuleBase), !gv->isConstant(),
         "global variable"});
  ctx->regions.push_back(
      {kKernargBase, seg.size(), seg.data(), false, "the kernarg segment"});
  ctx->regions.push_back(
      {kDispatchBase, pkt.size(), pkt.data(), false, "the dispatch packet"});
  std::sort(
      ctx->regions.begin(), ctx->regions.end(),
      [](const MemRegion &a, const MemRegion &b) { return a.base < b.base; });

  // Work-groups over host threads.
  uint64_t numGroups = uint64_t(grid.x) * grid.y * grid.z;
  unsigned threads = options.threads
                         ? options.threads
                         : std::max(1u, std::thread::hardware_concurrency());
  threads = unsigned(std::min<uint64_t>(threads, numGroups));
  std::atomic<uint64_t> next{0};
  auto worker = [&]() {
    WaveExec exec(*ctx);
    WorkGroup wg;
    for (;;) {
      if (ctx->abort)
        return;
      uint64_t i = next.fetch_add(1);
      if (i >= numGroups)
        return;
      wg.id[0] = uint32_t(i % grid.x);
      wg.id[1] = uint32_t((i / grid.x) % grid.y);
      wg.id[2] = uint32_t(i / (uint64_t(grid.x) * grid.y));
      if (!exec.runWorkGroup(wg))
        return;
    }
  };
  if (threads <= 1) {
    worker();
  } else {
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t)
      pool.emplace_back(worker);
    for (std::thread &t : pool)
      t.join();
  }

  if (stats) {
    stats->workGroups = numGroups;
    stats->waves = ctx->waves;
    stats->waveInstructions = ctx->waveInstrs;
    stats->laneInstructions = ctx->laneInstrs;
    stats->mfmaOps = ctx->mfmas;
    stats->bufferOutOfRangeDwords = ctx->bufOOB;
    stats->seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
  }
  if (!ctx->error.empty())
    return createStringError(ctx->error);
  return Error::success();
}
