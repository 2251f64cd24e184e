//===- CodeObjectFuzzer.cpp - libFuzzer target: HSACO reader ----*- C++ -*-===//
//
// Each input is handed to readCodeObject as a code object; when it is
// accepted, every kernel's arguments are packed with KernelArgPacker and
// finished for a few launch shapes, the way both launch backends use it.
// The reader promises an llvm::Error for any input, never a crash or a read
// outside the buffer; the packer promises a segment whose slots lie inside
// it. A broken promise aborts the run.
//
//===----------------------------------------------------------------------===//

#include "fp4/Runtime/CodeObject.h"
#include "fp4/Runtime/KernelArgs.h"

#include "llvm/Support/ErrorHandling.h"

#include <cstddef>
#include <cstdint>
#include <vector>

using namespace fp4::runtime;

/// A by_value argument larger than this is fed a wrong-sized value instead,
/// so that huge sizes in the metadata cannot make the harness allocate.
static constexpr uint64_t kMaxScalarBytes = 4096;

static void check(bool condition, const char *what) {
  if (!condition)
    llvm::report_fatal_error(llvm::Twine("fuzz invariant broken: ") + what);
}

static void packKernel(const KernelInfo &kernel) {
  KernelArgPacker packer(kernel);
  std::vector<const KernelArgInfo *> args = kernel.explicitArgs();
  check(packer.numExpected() == args.size(), "numExpected");

  // Finishing before all arguments are given must fail.
  if (!args.empty()) {
    llvm::Expected<KernargSegment> early = packer.finish(LaunchConfig());
    check(!early, "finish before every argument was given");
    llvm::consumeError(early.takeError());
  }

  std::vector<uint8_t> scalar;
  for (const KernelArgInfo *arg : args) {
    llvm::Error error = llvm::Error::success();
    if (arg->valueKind == "by_value") {
      scalar.assign(arg->size <= kMaxScalarBytes ? arg->size : 1, 0xA5);
      error = packer.addScalarBytes(scalar);
    } else {
      error = packer.addPointer(0x7f0000001000);
    }
    llvm::consumeError(std::move(error));
  }
  // With every argument given, one more must be refused.
  if (packer.numAdded() == args.size()) {
    llvm::Error extra = packer.addPointer(0);
    check(bool(extra), "an argument beyond the explicit ones was accepted");
    llvm::consumeError(std::move(extra));
  }

  LaunchConfig configs[4];
  configs[0].grid = {3, 2, 1};
  configs[0].block = {64, 1, 1};
  configs[1].grid = {1, 1, 1};
  configs[1].block = {kernel.maxFlatWorkgroupSize, 1, 1};
  configs[2].grid = {0xFFFFFFFFu, 1, 1};
  configs[2].block = {256, 1, 1};
  configs[2].dynamicLdsBytes = 0xFFFFFFFFu;
  configs[3].grid = {1, 1, 1};
  configs[3].block = {1, 0, 1};
  for (const LaunchConfig &config : configs) {
    llvm::Error valid = checkLaunchConfig(kernel, config);
    bool configOk = !valid;
    llvm::consumeError(std::move(valid));
    llvm::Expected<KernargSegment> seg = packer.finish(config);
    if (!seg) {
      llvm::consumeError(seg.takeError());
      continue;
    }
    check(configOk, "finish accepted a config checkLaunchConfig refuses");
    check(seg->bytes.size() >= kernel.kernargSegmentSize, "segment size");
    check(seg->explicitSlots.size() == args.size(), "slot count");
    for (const KernargSlot &slot : seg->explicitSlots)
      check(slot.offset <= seg->bytes.size() &&
                seg->bytes.size() - slot.offset >= slot.size,
            "slot outside the segment");
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::Expected<CodeObject> co =
      readCodeObject(llvm::ArrayRef<uint8_t>(data, size));
  if (!co) {
    llvm::consumeError(co.takeError());
    return 0;
  }
  check(co->image.size() == size, "image is not a copy of the input");
  (void)stringifyFeatureSetting(co->xnack);
  (void)stringifyFeatureSetting(co->sramecc);
  (void)processorForMachine(co->machine);
  for (const char *chip :
       {"gfx950", "gfx950:xnack-:sramecc+", "gfx942:xnack+", "gfx950:bogus"})
    llvm::consumeError(requireTarget(*co, chip));

  for (const KernelInfo &kernel : co->kernels) {
    check(co->findKernel(kernel.name) != nullptr, "findKernel");
    packKernel(kernel);
  }
  llvm::Expected<const KernelInfo &> missing =
      co->getKernel("no such kernel\x01");
  if (!missing)
    llvm::consumeError(missing.takeError());
  return 0;
}
