//===- FakeHIP.cpp - a recording test double for libamdhip64 ----*- C++ -*-===//
//
// TEST DOUBLE, NOT A HIP IMPLEMENTATION: see FakeHIP.h. Device memory is host
// memory, modules are copies of the image, kernels never run. Each entry point
// validates its arguments the way the backend relies on HIP to (pointers come
// from hipMalloc, functions from hipModuleGetFunction of a live module) so
// that a marshalling mistake fails a test instead of passing silently.
//
//===----------------------------------------------------------------------===//

#include "FakeHIP.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace {
using hipError_t = int;
constexpr hipError_t kSuccess = 0, kInvalidValue = 1, kNoDevice = 100,
                     kInvalidDevice = 101, kInvalidImage = 200, kNotFound = 500,
                     kInvalidHandle = 400;

struct Module {
  std::vector<unsigned char> image;
};
struct Function {
  Module *module;
  std::string name;
};

struct State {
  int deviceCount = 1;
  std::string name = "Fake MI355X";
  int major = 9, minor = 5, maxThreads = 1024, maxShared = 160 * 1024,
      warpSize = 64;
  bool initialized = false;
  std::map<std::string, int> failures;
  std::string calls;
  std::map<uintptr_t, size_t> allocations;
  std::set<Module *> modules;
  std::set<Function *> functions;
  std::set<int *> events;
  int launchCount = 0;
  FakeHipLaunch last{};
  std::vector<FakeHipLaunch> launches;
  std::vector<unsigned char> lastImage;
};

State &state() {
  static State s;
  return s;
}

/// Logs the call; returns the injected error if one is pending for it.
bool injected(const char *call, hipError_t &error) {
  State &s = state();
  s.calls += s.calls.empty() ? call : std::string(" ") + call;
  auto it = s.failures.find(call);
  if (it == s.failures.end())
    return false;
  error = it->second;
  s.failures.erase(it);
  return true;
}

#define FAKE_ENTRY(call)                                                       \
  do {                                                                         \
    hipError_t injectedError;                                                  \
    if (injected(call, injectedError))                                         \
      return injectedError;                                                    \
  } while (false)

/// The allocation holding address `a`: its size and a's offset; size 0 when
/// none does.
std::pair<size_t, size_t> findAllocation(uintptr_t a) {
  auto &allocs = state().allocations;
  auto it = allocs.upper_bound(a);
  if (it == allocs.begin())
    return {0, 0};
  --it;
  if (a - it->first >= it->second)
    return {0, 0};
  return {it->second, a - it->first};
}

/// True when [p, p + size) lies in one allocation.
bool inAllocation(const void *p, size_t size) {
  uintptr_t a = reinterpret_cast<uintptr_t>(p);
  auto &allocs = state().allocations;
  auto it = allocs.upper_bound(a);
  if (it == allocs.begin())
    return false;
  --it;
  return a >= it->first && a - it->first <= it->second &&
         it->second - (a - it->first) >= size;
}
} // namespace

extern "C" {

void fakehip_reset() {
  State &s = state();
  for (auto &a : s.allocations)
    std::free(reinterpret_cast<void *>(a.first));
  for (Module *m : s.modules)
    delete m;
  for (Function *f : s.functions)
    delete f;
  for (int *e : s.events)
    delete e;
  s = State();
}

void fakehip_set_device(int count, const char *name, int major, int minor,
                        int maxThreadsPerBlock, int maxSharedMemoryPerBlock,
                        int warpSize) {
  State &s = state();
  s.deviceCount = count;
  s.name = name;
  s.major = major;
  s.minor = minor;
  s.maxThreads = maxThreadsPerBlock;
  s.maxShared = maxSharedMemoryPerBlock;
  s.warpSize = warpSize;
}

void fakehip_fail_next(const char *call, int error) {
  state().failures[call] = error;
}

int fakehip_launch_count() { return state().launchCount; }
const FakeHipLaunch *fakehip_last_launch() { return &state().last; }
const FakeHipLaunch *fakehip_launch(int i) {
  State &s = state();
  return i >= 0 && size_t(i) < s.launches.size() ? &s.launches[i] : nullptr;
}
const unsigned char *fakehip_last_launch_image(size_t *size) {
  *size = state().lastImage.size();
  return state().lastImage.data();
}
const char *fakehip_calls() { return state().calls.c_str(); }
int fakehip_live_allocations() { return int(state().allocations.size()); }
int fakehip_live_modules() { return int(state().modules.size()); }
int fakehip_live_functions() { return int(state().functions.size()); }
int fakehip_live_events() { return int(state().events.size()); }

//===----------------------------------------------------------------------===//
// The HIP entry points
//===----------------------------------------------------------------------===//

const char *hipGetErrorString(hipError_t error) {
  switch (error) {
  case kSuccess:
    return "no error";
  case kInvalidValue:
    return "invalid argument";
  case 2:
    return "out of memory";
  case kNoDevice:
    return "no ROCm-capable device is detected";
  case kInvalidDevice:
    return "invalid device ordinal";
  case kInvalidImage:
    return "device kernel image is invalid";
  case 209:
    return "no kernel image is available for execution on the device";
  case kInvalidHandle:
    return "invalid resource handle";
  case kNotFound:
    return "named symbol not found";
  case 719:
    return "unspecified launch failure";
  default:
    return "unknown error";
  }
}

hipError_t hipInit(unsigned flags) {
  FAKE_ENTRY("hipInit");
  if (flags != 0)
    return kInvalidValue;
  if (state().deviceCount == 0)
    return kNoDevice;
  state().initialized = true;
  return kSuccess;
}

hipError_t hipGetDeviceCount(int *count) {
  FAKE_ENTRY("hipGetDeviceCount");
  if (!count)
    return kInvalidValue;
  *count = state().deviceCount;
  return state().deviceCount ? kSuccess : kNoDevice;
}

static bool validDevice(int device) {
  return device >= 0 && device < state().deviceCount;
}

hipError_t hipSetDevice(int device) {
  FAKE_ENTRY("hipSetDevice");
  return validDevice(device) ? kSuccess : kInvalidDevice;
}

hipError_t hipDeviceGetName(char *name, int len, int device) {
  FAKE_ENTRY("hipDeviceGetName");
  if (!name || len <= 0)
    return kInvalidValue;
  if (!validDevice(device))
    return kInvalidDevice;
  std::strncpy(name, state().name.c_str(), size_t(len));
  name[len - 1] = '\0';
  return kSuccess;
}

hipError_t hipDeviceGetAttribute(int *value, int attribute, int device) {
  FAKE_ENTRY("hipDeviceGetAttribute");
  if (!value)
    return kInvalidValue;
  if (!validDevice(device))
    return kInvalidDevice;
  State &s = state();
  switch (attribute) { // hipDeviceAttribute_t values of hip_runtime_api.h.
  case 23:
    *value = s.major;
    return kSuccess;
  case 61:
    *value = s.minor;
    return kSuccess;
  case 56:
    *value = s.maxThreads;
    return kSuccess;
  case 74:
    *value = s.maxShared;
    return kSuccess;
  case 87:
    *value = s.warpSize;
    return kSuccess;
  case 63:
    *value = 256;
    return kSuccess;
  default:
    return kInvalidValue;
  }
}

hipError_t hipModuleLoadData(void **module, const void *image) {
  FAKE_ENTRY("hipModuleLoadData");
  if (!module || !image)
    return kInvalidValue;
  const unsigned char *bytes = static_cast<const unsigned char *>(image);
  if (std::memcmp(bytes,
                  "\x7f"
                  "ELF",
                  4) != 0)
    return kInvalidImage;
  // The ELF size is not passed; take the section header table end
  // (e_shoff + e_shnum * e_shentsize) as the image size, as the real loader
  // does for an in-memory code object.
  uint64_t shoff;
  uint16_t shentsize, shnum;
  std::memcpy(&shoff, bytes + 0x28, 8);
  std::memcpy(&shentsize, bytes + 0x3a, 2);
  std::memcpy(&shnum, bytes + 0x3c, 2);
  auto *m = new Module;
  m->image.assign(bytes, bytes + shoff + uint64_t(shentsize) * shnum);
  state().modules.insert(m);
  *module = m;
  return kSuccess;
}

hipError_t hipModuleGetFunction(void **function, void *module,
                                const char *name) {
  FAKE_ENTRY("hipModuleGetFunction");
  auto *m = static_cast<Module *>(module);
  if (!function || !name || !state().modules.count(m))
    return kInvalidHandle;
  // The kernel exists when its descriptor symbol name is in the image.
  std::string kd = std::string(name) + ".kd";
  const char *k = kd.c_str();
  auto it = std::search(m->image.begin(), m->image.end(), k,
                        k + kd.size() + 1); // with the terminating NUL
  if (it == m->image.end())
    return kNotFound;
  auto *f = new Function{m, name};
  state().functions.insert(f);
  *function = f;
  return kSuccess;
}

hipError_t hipModuleUnload(void *module) {
  FAKE_ENTRY("hipModuleUnload");
  auto *m = static_cast<Module *>(module);
  State &s = state();
  if (!s.modules.erase(m))
    return kInvalidHandle;
  // As in HIP, the module owns the functions taken from it: their handles
  // die with it (a later launch through one is an invalid handle).
  for (auto it = s.functions.begin(); it != s.functions.end();) {
    if ((*it)->module != m) {
      ++it;
      continue;
    }
    delete *it;
    it = s.functions.erase(it);
  }
  delete m;
  return kSuccess;
}

hipError_t hipModuleLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz,
                                 unsigned bx, unsigned by, unsigned bz,
                                 unsigned shared, void *stream,
                                 void **kernelParams, void **extra) {
  FAKE_ENTRY("hipModuleLaunchKernel");
  State &s = state();
  auto *fn = static_cast<Function *>(f);
  if (!s.functions.count(fn) || !s.modules.count(fn->module))
    return kInvalidHandle;
  FakeHipLaunch launch{};
  launch.grid[0] = gx, launch.grid[1] = gy, launch.grid[2] = gz;
  launch.block[0] = bx, launch.block[1] = by, launch.block[2] = bz;
  launch.sharedMemBytes = shared;
  std::strncpy(launch.functionName, fn->name.c_str(),
               sizeof(launch.functionName) - 1);
  bool ok = !kernelParams && extra && extra[0] == reinterpret_cast<void *>(1) &&
            extra[1] && extra[2] == reinterpret_cast<void *>(2) && extra[3] &&
            extra[4] == reinterpret_cast<void *>(3);
  if (!ok)
    return kInvalidValue;
  size_t size = *static_cast<size_t *>(extra[3]);
  if (size > sizeof(launch.kernargs))
    return kInvalidValue;
  std::memcpy(launch.kernargs, extra[1], size);
  launch.kernargSize = size;
  launch.extraWellFormed = 1;
  launch.stream = stream;
  for (size_t word = 0; 8 * word + 8 <= size; ++word) {
    uint64_t address;
    std::memcpy(&address, launch.kernargs + 8 * word, 8);
    auto [bytes, offset] = findAllocation(uintptr_t(address));
    launch.pointeeSize[word] = bytes;
    launch.pointeeOffset[word] = offset;
  }
  s.last = launch;
  s.launches.push_back(launch);
  s.lastImage = fn->module->image;
  ++s.launchCount;
  return kSuccess;
}

hipError_t hipMalloc(void **ptr, size_t size) {
  FAKE_ENTRY("hipMalloc");
  if (!ptr)
    return kInvalidValue;
  if (size == 0) {
    *ptr = nullptr;
    return kSuccess;
  }
  void *p = std::calloc(1, size);
  if (!p)
    return 2;
  state().allocations[reinterpret_cast<uintptr_t>(p)] = size;
  *ptr = p;
  return kSuccess;
}

hipError_t hipFree(void *ptr) {
  FAKE_ENTRY("hipFree");
  if (!ptr)
    return kSuccess;
  if (!state().allocations.erase(reinterpret_cast<uintptr_t>(ptr)))
    return kInvalidValue;
  std::free(ptr);
  return kSuccess;
}

hipError_t hipMemcpyHtoD(void *dst, void *src, size_t size) {
  FAKE_ENTRY("hipMemcpyHtoD");
  if (!src || !inAllocation(dst, size))
    return kInvalidValue;
  std::memcpy(dst, src, size);
  return kSuccess;
}

hipError_t hipMemcpyDtoH(void *dst, void *src, size_t size) {
  FAKE_ENTRY("hipMemcpyDtoH");
  if (!dst || !inAllocation(src, size))
    return kInvalidValue;
  std::memcpy(dst, src, size);
  return kSuccess;
}

hipError_t hipMemset(void *dst, int value, size_t size) {
  FAKE_ENTRY("hipMemset");
  if (!inAllocation(dst, size))
    return kInvalidValue;
  std::memset(dst, value, size);
  return kSuccess;
}

hipError_t hipDeviceSynchronize() {
  FAKE_ENTRY("hipDeviceSynchronize");
  return kSuccess;
}

hipError_t hipEventCreate(void **event) {
  FAKE_ENTRY("hipEventCreate");
  if (!event)
    return kInvalidValue;
  int *e = new int(0);
  state().events.insert(e);
  *event = e;
  return kSuccess;
}

hipError_t hipEventRecord(void *event, void *stream) {
  FAKE_ENTRY("hipEventRecord");
  auto *e = static_cast<int *>(event);
  if (!state().events.count(e))
    return kInvalidHandle;
  *e = state().launchCount + 1; // Recorded (after this many launches).
  return kSuccess;
}

hipError_t hipEventSynchronize(void *event) {
  FAKE_ENTRY("hipEventSynchronize");
  return state().events.count(static_cast<int *>(event)) ? kSuccess
                                                         : kInvalidHandle;
}

hipError_t hipEventElapsedTime(float *ms, void *start, void *stop) {
  FAKE_ENTRY("hipEventElapsedTime");
  auto *a = static_cast<int *>(start), *b = static_cast<int *>(stop);
  if (!ms || !state().events.count(a) || !state().events.count(b) || !*a || !*b)
    return kInvalidHandle;
  // One fake millisecond per launch between the two records.
  *ms = float(*b - *a);
  return kSuccess;
}

hipError_t hipEventDestroy(void *event) {
  FAKE_ENTRY("hipEventDestroy");
  auto *e = static_cast<int *>(event);
  if (!state().events.erase(e))
    return kInvalidHandle;
  delete e;
  return kSuccess;
}

} // extern "C"
