//===- Runtime.cpp - state behind the mgpu* wrappers ------------*- C++ -*-===//
//
// Every operation is synchronous: a launch returns when the kernel has run,
// so streams and events carry no state. Host memory a kernel points into is
// copied to the device before the launch and back after it; the emulator and
// HIP are driven through the same fp4::runtime::Device calls.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

#include "fp4/Runtime/DeviceIRSection.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/xxhash.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace fp4::runtime;
using namespace fp4::runtime::gpu;
using llvm::Error;
using llvm::Expected;

struct Runtime::Module {
  std::unique_ptr<LoadedModule> loaded;
  /// "gpu.binary @name" when the runner named it, else "".
  std::string name;
};

Runtime &Runtime::get() {
  // Never destroyed: the JIT's global destructors (mgpuModuleUnload) may run
  // after this library's static destructors.
  static Runtime *runtime = new Runtime();
  return *runtime;
}

static std::string hex(uintptr_t p) { return llvm::formatv("{0:x}", p).str(); }

static RuntimeOptions optionsFromEnvironment(std::string &problem) {
  RuntimeOptions o;
  o.errorMode = ErrorMode::Exit;
  if (const char *kind = std::getenv("FP4_DEVICE")) {
    llvm::StringRef k(kind);
    if (k == "hip")
      o.device.kind = DeviceKind::Hip;
    else if (k == "emu")
      o.device.kind = DeviceKind::Emulator;
    else if (k != "auto" && !k.empty())
      problem = "FP4_DEVICE must be auto, hip or emu, not '" + k.str() + "'";
  }
  if (const char *threads = std::getenv("FP4_EMU_THREADS"))
    if (llvm::StringRef(threads).getAsInteger(10, o.device.threads))
      problem = "FP4_EMU_THREADS must be a number, not '" +
                std::string(threads) + "'";
  if (const char *print = std::getenv("FP4_GPU_PRINT_LAUNCHES"))
    o.printLaunches = llvm::StringRef(print) == "1";
  return o;
}

void Runtime::fail(const std::string &message) {
  if (error)
    return;
  error = message;
  if (options.errorMode == ErrorMode::Exit) {
    std::fflush(stdout);
    std::fprintf(stderr, "fp4-gpu-runtime: error: %s\n", message.c_str());
    std::exit(1);
  }
}

void Runtime::resetDevice() {
  functions.clear();
  modules.clear();
  staging.clear();
  allocations.clear();
  freeAllocations.clear();
  device.reset();
  deviceTried = false;
  fallbackReason.clear();
}

void Runtime::configure(const RuntimeOptions &newOptions) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  resetDevice();
  options = newOptions;
  configured = true;
  error.reset();
  launches.clear();
  codeObjectNames.clear();
}

static uint64_t contentHash(const void *data, size_t bytes) {
  return llvm::xxh3_64bits(
      llvm::ArrayRef<uint8_t>(static_cast<const uint8_t *>(data), bytes));
}

void Runtime::nameCodeObject(const void *data, size_t bytes,
                             const std::string &name,
                             const std::string &deviceIR) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  codeObjectNames[contentHash(data, bytes)] = CodeObjectInfo{name, deviceIR};
}

std::optional<std::string> Runtime::takeError() {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  return std::exchange(error, std::nullopt);
}

std::vector<LaunchRecord> Runtime::takeLaunches() {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  return std::exchange(launches, {});
}

std::string Runtime::deviceDescription() {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  return device ? device->describe() : "";
}

std::string Runtime::deviceFallbackReason() {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  return fallbackReason;
}

Device *Runtime::ensureDevice() {
  if (device)
    return device.get();
  if (deviceTried || failed())
    return nullptr;
  deviceTried = true;
  if (!configured) {
    std::string problem;
    options = optionsFromEnvironment(problem);
    configured = true;
    if (!problem.empty()) {
      fail(problem);
      return nullptr;
    }
  }
  auto opened = openDevice(options.device, &fallbackReason);
  if (!opened) {
    fail("cannot open the device: " + llvm::toString(opened.takeError()));
    return nullptr;
  }
  device = std::move(*opened);
  return device.get();
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

/// The entry of `ranges` (start -> {bytes, ...}) whose range holds
/// [p, p + bytes), and p's offset in it. An empty range still holds its
/// start.
template <typename Map>
static std::optional<std::pair<typename Map::key_type, size_t>>
findRange(const Map &ranges, uintptr_t p, size_t bytes) {
  auto it = ranges.upper_bound(p);
  if (it == ranges.begin())
    return std::nullopt;
  --it;
  size_t offset = p - it->first;
  if (offset >= std::max<size_t>(it->second.bytes, 1) ||
      bytes > it->second.bytes - offset)
    return std::nullopt;
  return std::make_pair(it->first, offset);
}

std::optional<std::pair<uint64_t, size_t>> Runtime::findDevice(uintptr_t p,
                                                               size_t bytes) {
  auto found = findRange(allocations, p, bytes);
  if (found && allocations.at(found->first).freed)
    return std::nullopt;
  return found;
}

std::optional<std::pair<uintptr_t, size_t>> Runtime::findHost(uintptr_t p,
                                                              size_t bytes) {
  return findRange(hostBuffers, p, bytes);
}

Expected<uint64_t> Runtime::allocateDevice(size_t bytes) {
  // The Device interface cannot free: freed allocations are reused for
  // later ones of the same size (a host loop allocating per iteration).
  bytes = std::max<size_t>(bytes, 1);
  auto reuse = freeAllocations.find(bytes);
  if (reuse != freeAllocations.end()) {
    uint64_t address = reuse->second;
    freeAllocations.erase(reuse);
    allocations[address].freed = false;
    return address;
  }
  auto address = device->allocate(bytes);
  if (!address)
    return address.takeError();
  allocations[*address] = Allocation{bytes};
  return *address;
}

void Runtime::releaseDevice(uint64_t address) {
  auto it = allocations.find(address);
  if (it == allocations.end() || it->second.freed)
    return;
  it->second.freed = true;
  freeAllocations.emplace(it->second.bytes, address);
}

Error Runtime::writeDevice(uint64_t base, size_t offset, const void *src,
                           size_t bytes) {
  const auto *p = static_cast<const uint8_t *>(src);
  size_t size = allocations[base].bytes;
  // HIP's Device copies whole buffers only: patch a part through the host.
  if (!device->isEmulator() && (offset != 0 || bytes != size)) {
    std::vector<uint8_t> whole(size);
    if (Error e = device->read(base, whole))
      return e;
    std::memcpy(whole.data() + offset, p, bytes);
    return device->write(base, whole);
  }
  return device->write(base + offset, llvm::ArrayRef<uint8_t>(p, bytes));
}

Error Runtime::readDevice(uint64_t base, size_t offset, void *dst,
                          size_t bytes) {
  auto *p = static_cast<uint8_t *>(dst);
  size_t size = allocations[base].bytes;
  if (!device->isEmulator() && (offset != 0 || bytes != size)) {
    std::vector<uint8_t> whole(size);
    if (Error e = device->read(base, whole))
      return e;
    std::memcpy(p, whole.data() + offset, bytes);
    return Error::success();
  }
  return device->read(base + offset, llvm::MutableArrayRef<uint8_t>(p, bytes));
}

void Runtime::dropStaging(uintptr_t hostBase) {
  auto it = staging.find(hostBase);
  if (it == staging.end())
    return;
  releaseDevice(it->second);
  staging.erase(it);
}

void Runtime::registerHost(const void *base, size_t bytes) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  auto p = reinterpret_cast<uintptr_t>(base);
  dropStaging(p);
  auto &buffer = hostBuffers[p];
  buffer.bytes = bytes;
}

void Runtime::unregisterHost(const void *base) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  auto p = reinterpret_cast<uintptr_t>(base);
  dropStaging(p);
  hostBuffers.erase(p);
}

void *Runtime::allocateHost(size_t bytes, size_t alignment) {
  alignment = std::max<size_t>(alignment, 64);
  if (alignment & (alignment - 1))
    return nullptr;
  size_t rounded =
      (std::max<size_t>(bytes, 1) + alignment - 1) & ~(alignment - 1);
  void *p = std::aligned_alloc(alignment, rounded);
  if (!p)
    return nullptr;
  std::lock_guard<std::recursive_mutex> lock(mutex);
  if (options.fillAllocations)
    std::memset(p, 0xFF, rounded);
  hostBuffers[reinterpret_cast<uintptr_t>(p)] = HostBuffer{bytes, true};
  return p;
}

void Runtime::freeHost(void *pointer) {
  if (!pointer)
    return;
  std::lock_guard<std::recursive_mutex> lock(mutex);
  auto p = reinterpret_cast<uintptr_t>(pointer);
  auto it = hostBuffers.find(p);
  // Only what allocateHost made: a runner may hand back any result pointer.
  if (it == hostBuffers.end() || !it->second.owned)
    return;
  dropStaging(p);
  hostBuffers.erase(it);
  std::free(pointer);
}

void *Runtime::memAlloc(uint64_t bytes, bool hostShared) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  if (failed())
    return nullptr;
  // Memory both sides use: host memory the runtime copies around launches.
  if (hostShared)
    return allocateHost(bytes, 64);
  if (!ensureDevice())
    return nullptr;
  auto address = allocateDevice(bytes);
  if (!address) {
    fail(llvm::formatv("mgpuMemAlloc of {0} bytes: {1}", bytes,
                       llvm::toString(address.takeError())));
    return nullptr;
  }
  if (options.fillAllocations && bytes) {
    std::vector<uint8_t> fill(bytes, 0xFF);
    if (llvm::Error e = writeDevice(*address, 0, fill.data(), bytes)) {
      fail(llvm::formatv("mgpuMemAlloc of {0} bytes: {1}", bytes,
                         llvm::toString(std::move(e))));
      return nullptr;
    }
  }
  return reinterpret_cast<void *>(*address);
}

void Runtime::memFree(void *pointer) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  auto p = reinterpret_cast<uintptr_t>(pointer);
  if (!pointer || failed())
    return;
  auto it = allocations.find(p);
  if (it != allocations.end() && !it->second.freed)
    return releaseDevice(p);
  auto host = hostBuffers.find(p);
  if (host != hostBuffers.end() && host->second.owned)
    return freeHost(pointer);
  fail("mgpuMemFree of " + hex(p) +
       ", which is not the start of a live gpu.alloc allocation");
}

void Runtime::memcpy(void *dst, const void *src, size_t bytes) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  if (failed() || bytes == 0)
    return;
  auto d = findDevice(reinterpret_cast<uintptr_t>(dst), bytes);
  auto s = findDevice(reinterpret_cast<uintptr_t>(src), bytes);
  // A pointer into device memory that overruns its allocation is not host
  // memory either: say so rather than touch the host at that address.
  for (auto [p, found] : {std::pair(dst, d.has_value()),
                          std::pair(const_cast<void *>(src), s.has_value())})
    if (!found && findDevice(reinterpret_cast<uintptr_t>(p), 1))
      return fail(llvm::formatv("mgpuMemcpy of {0} bytes at {1} overruns its "
                                "device allocation",
                                bytes, hex(reinterpret_cast<uintptr_t>(p))));
  if (!d && !s) {
    std::memmove(dst, src, bytes);
    return;
  }
  if (!ensureDevice())
    return;
  Error e = Error::success();
  if (d && s) {
    std::vector<uint8_t> tmp(bytes);
    e = readDevice(s->first, s->second, tmp.data(), bytes);
    if (!e)
      e = writeDevice(d->first, d->second, tmp.data(), bytes);
  } else if (d) {
    e = writeDevice(d->first, d->second, src, bytes);
  } else {
    e = readDevice(s->first, s->second, dst, bytes);
  }
  if (e)
    fail("mgpuMemcpy: " + llvm::toString(std::move(e)));
}

void Runtime::memset(void *dst, const void *pattern, size_t patternBytes,
                     size_t count) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  if (failed() || count == 0)
    return;
  std::vector<uint8_t> bytes(patternBytes * count);
  for (size_t i = 0; i < count; ++i)
    std::memcpy(bytes.data() + i * patternBytes, pattern, patternBytes);
  auto d = findDevice(reinterpret_cast<uintptr_t>(dst), bytes.size());
  if (!d) {
    if (findDevice(reinterpret_cast<uintptr_t>(dst), 1))
      return fail(llvm::formatv("gpu.memset of {0} bytes at {1} overruns its "
                                "device allocation",
                                bytes.size(),
                                hex(reinterpret_cast<uintptr_t>(dst))));
    std::memcpy(dst, bytes.data(), bytes.size());
    return;
  }
  if (Error e = writeDevice(d->first, d->second, bytes.data(), bytes.size()))
    fail("gpu.memset: " + llvm::toString(std::move(e)));
}

void Runtime::setLaunchLocation(const char *location) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  launchLocation = location ? location : "";
}

void Runtime::setDefaultDevice(int32_t ordinal) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  if (ordinal != 0)
    fail(llvm::formatv("mgpuSetDefaultDevice({0}): the fp4 runtime drives "
                       "one device, number 0",
                       ordinal));
}

//===----------------------------------------------------------------------===//
// Modules and launches
//===----------------------------------------------------------------------===//

void *Runtime::moduleLoad(const void *data, size_t bytes) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  Device *dev = ensureDevice();
  if (!dev)
    return nullptr;
  llvm::ArrayRef<uint8_t> hsaco(static_cast<const uint8_t *>(data), bytes);
  auto named = codeObjectNames.find(contentHash(data, bytes));
  std::string name =
      named == codeObjectNames.end() ? "" : "gpu.binary @" + named->second.name;
  std::string what = name.empty() ? "mgpuModuleLoad" : name;
  auto ir = extractDeviceIR(hsaco);
  if (!ir) {
    fail(what + ": " + llvm::toString(ir.takeError()));
    return nullptr;
  }
  // The runner's copy of the IR (the module's, as written) goes first.
  if (named != codeObjectNames.end() && !named->second.deviceIR.empty())
    *ir = named->second.deviceIR;
  if (dev->isEmulator() && !*ir) {
    fail(what + ": the code object carries no device IR (section " +
         kDeviceIRSectionName.str() +
         "), which the emulator runs; compile it with fp4-opt "
         "--fp4-lower-to-hsaco (or fp4-serialize-to-hsaco)");
    return nullptr;
  }
  KernelImage image{hsaco, *ir ? llvm::StringRef(**ir) : llvm::StringRef()};
  auto loaded = dev->load(image);
  if (!loaded) {
    fail(what + ": " + llvm::toString(loaded.takeError()));
    return nullptr;
  }
  uint64_t handle = nextHandle++;
  modules[handle] = std::make_unique<Module>(Module{std::move(*loaded), name});
  return reinterpret_cast<void *>(handle);
}

void Runtime::moduleUnload(void *module) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  // Handles of a configuration that was reset are gone already.
  auto it = modules.find(reinterpret_cast<uint64_t>(module));
  if (it == modules.end())
    return;
  for (auto f = functions.begin(); f != functions.end();)
    f = f->second.module == it->second.get() ? functions.erase(f)
                                             : std::next(f);
  modules.erase(it);
}

void *Runtime::moduleGetFunction(void *module, const char *name) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  if (failed())
    return nullptr;
  auto it = modules.find(reinterpret_cast<uint64_t>(module));
  if (it == modules.end()) {
    fail(std::string("mgpuModuleGetFunction('") + name +
         "'): no such loaded module");
    return nullptr;
  }
  auto info = it->second->loaded->codeObject().getKernel(name);
  if (!info) {
    // Called right before the launch: the launch's location is set.
    const std::string &module = it->second->name;
    fail((module.empty() ? std::string("mgpuModuleGetFunction") : module) +
         (launchLocation.empty() ? ""
                                 : " (launched at " + launchLocation + ")") +
         ": " + llvm::toString(info.takeError()));
    return nullptr;
  }
  uint64_t handle = nextHandle++;
  functions[handle] = Function{it->second.get(), name, &*info};
  return reinterpret_cast<void *>(handle);
}

namespace {
/// A host buffer a launch points into, and its device copy.
struct Staged {
  uintptr_t host;
  size_t bytes;
  uint64_t device;
};
} // namespace

void Runtime::launch(void *function, const int64_t grid[3],
                     const int64_t block[3], int32_t dynamicLds, void **params,
                     void **extra, size_t paramCount) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  if (failed())
    return;
  auto fit = functions.find(reinterpret_cast<uint64_t>(function));
  if (fit == functions.end())
    return fail("mgpuLaunchKernel: no such kernel function");
  Function &f = fit->second;
  // Named once, for this launch only.
  std::string at = std::exchange(launchLocation, "");
  std::string where = at.empty() ? "" : " (launched at " + at + ")";
  std::string what = "launch of kernel '" + f.name + "'" + where;
  if (extra)
    return fail(what + ": the 'extra' launch parameter is not supported");
  LaunchConfig config;
  uint32_t *dims[6] = {&config.grid.x,  &config.grid.y,  &config.grid.z,
                       &config.block.x, &config.block.y, &config.block.z};
  static const char *names[6] = {"grid x",  "grid y",  "grid z",
                                 "block x", "block y", "block z"};
  for (int i = 0; i < 6; ++i) {
    int64_t v = i < 3 ? grid[i] : block[i - 3];
    if (v < 1 || v > int64_t(UINT32_MAX))
      return fail(llvm::formatv("{0}: {1} = {2} is out of range (1 to 2^32-1)",
                                what, names[i], v));
    *dims[i] = uint32_t(v);
  }
  if (dynamicLds < 0)
    return fail(llvm::formatv("{0}: dynamic shared memory size {1} < 0", what,
                              dynamicLds));
  config.dynamicLdsBytes = uint32_t(dynamicLds);

  std::vector<const KernelArgInfo *> args = f.info->explicitArgs();
  if (paramCount != args.size())
    return fail(llvm::formatv("{0}: the kernel takes {1} explicit arguments, "
                              "the launch passes {2}",
                              what, args.size(), paramCount));
  KernelArgPacker packer(*f.info);
  std::vector<Staged> staged;
  for (size_t i = 0; i < args.size(); ++i) {
    const KernelArgInfo &arg = *args[i];
    Error e = Error::success();
    if (arg.valueKind == "global_buffer") {
      void *pointer;
      std::memcpy(&pointer, params[i], sizeof(pointer));
      auto p = reinterpret_cast<uintptr_t>(pointer);
      uint64_t address = 0;
      // The allocated pointer of a memref descriptor (two pointers in a
      // row) of memref.get_global is 0xdeadbeef, MLIR's mark for memory
      // nobody frees; kernels address through the aligned pointer only.
      bool allocatedOfGlobal = p == 0xdeadbeef && i + 1 < args.size() &&
                               args[i + 1]->valueKind == "global_buffer";
      if (p == 0 || allocatedOfGlobal) {
        address = 0;
      } else if (findDevice(p, 0)) {
        address = p;
      } else if (auto host = findHost(p, 0)) {
        auto &buffer = hostBuffers[host->first];
        auto copy = staging.find(host->first);
        if (copy == staging.end()) {
          auto a = allocateDevice(buffer.bytes);
          if (!a)
            return fail(what + ": " + llvm::toString(a.takeError()));
          copy = staging.emplace(host->first, *a).first;
        }
        if (llvm::none_of(
                staged, [&](const Staged &s) { return s.host == host->first; }))
          staged.push_back({host->first, buffer.bytes, copy->second});
        address = copy->second + host->second;
      } else {
        return fail(llvm::formatv(
            "{0}: argument #{1} points to {2}, which is neither device memory "
            "(gpu.alloc) nor host memory the runtime knows (memref.alloc "
            "lowered with use-generic-functions, gpu.host_register, or a "
            "buffer the runner passed in)",
            what, i, hex(p)));
      }
      e = packer.addPointer(address);
    } else {
      e = packer.addScalarBytes(llvm::ArrayRef<uint8_t>(
          static_cast<const uint8_t *>(params[i]), arg.size));
    }
    if (e)
      return fail(what + ": " + llvm::toString(std::move(e)));
  }
  auto segment = packer.finish(config);
  if (!segment)
    return fail(what + ": " + llvm::toString(segment.takeError()));
  for (const Staged &s : staged)
    if (Error e =
            writeDevice(s.device, 0, reinterpret_cast<void *>(s.host), s.bytes))
      return fail(
          what + ": copying a host buffer in: " + llvm::toString(std::move(e)));
  auto timing = device->launch(*f.module->loaded, f.name, *segment);
  if (!timing)
    return fail("kernel '" + f.name + "'" + where +
                " failed: " + llvm::toString(timing.takeError()));
  for (const Staged &s : staged)
    if (Error e =
            readDevice(s.device, 0, reinterpret_cast<void *>(s.host), s.bytes))
      return fail(what + ": copying a host buffer back: " +
                  llvm::toString(std::move(e)));
  LaunchRecord record{f.name, config.grid, config.block, config.dynamicLdsBytes,
                      *timing};
  if (options.printLaunches) {
    std::fprintf(stderr,
                 "fp4-gpu-runtime: launch %s: grid %ux%ux%u, block "
                 "%ux%ux%u: %.3f ms",
                 f.name.c_str(), config.grid.x, config.grid.y, config.grid.z,
                 config.block.x, config.block.y, config.block.z,
                 timing->milliseconds);
    if (device->isEmulator())
      std::fprintf(stderr, " (emulated: %llu wave instructions, %llu MFMAs)",
                   (unsigned long long)timing->waveInstructions,
                   (unsigned long long)timing->mfmaOps);
    std::fprintf(stderr, "\n");
  }
  launches.push_back(std::move(record));
}

//===----------------------------------------------------------------------===//
// The C++ interface (GpuWrappers.h)
//===----------------------------------------------------------------------===//

void fp4::runtime::gpu::configure(const RuntimeOptions &options) {
  Runtime::get().configure(options);
}
std::optional<std::string> fp4::runtime::gpu::takeError() {
  return Runtime::get().takeError();
}
std::vector<LaunchRecord> fp4::runtime::gpu::takeLaunches() {
  return Runtime::get().takeLaunches();
}
std::string fp4::runtime::gpu::deviceDescription() {
  return Runtime::get().deviceDescription();
}
std::string fp4::runtime::gpu::deviceFallbackReason() {
  return Runtime::get().deviceFallbackReason();
}
void fp4::runtime::gpu::registerHostBuffer(const void *base, size_t bytes) {
  Runtime::get().registerHost(base, bytes);
}
void fp4::runtime::gpu::unregisterHostBuffer(const void *base) {
  Runtime::get().unregisterHost(base);
}
void *fp4::runtime::gpu::allocateHost(size_t bytes, size_t alignment) {
  return Runtime::get().allocateHost(bytes, alignment);
}
void fp4::runtime::gpu::freeHost(void *pointer) {
  Runtime::get().freeHost(pointer);
}
void fp4::runtime::gpu::nameCodeObject(const void *data, size_t bytes,
                                       const std::string &name,
                                       const std::string &deviceIR) {
  Runtime::get().nameCodeObject(data, bytes, name, deviceIR);
}
