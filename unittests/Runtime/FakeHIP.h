//===- FakeHIP.h - control interface of the FakeHIP test double -*- C++ -*-===//
//
// FakeHIP (libFakeHIP.so, built from FakeHIP.cpp) is a TEST DOUBLE for
// libamdhip64: it exports the HIP entry points the HIP backend resolves, with
// host memory standing in for device memory and no kernel execution at all.
// It records what it is called with (the call sequence, each launch's
// grid/block/LDS and the exact kernarg bytes passed through `extra`) and can
// be told to fail a given call, so the tests can check the backend's dlopen,
// symbol resolution, argument marshalling and error reporting without a GPU.
//
// Tests dlopen the same file the backend loads (the loader hands back the
// same handle, hence the same state) and reach these functions with dlsym.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_UNITTESTS_RUNTIME_FAKEHIP_H
#define FP4_UNITTESTS_RUNTIME_FAKEHIP_H

#include <cstddef>

extern "C" {

struct FakeHipLaunch {
  unsigned grid[3];
  unsigned block[3];
  unsigned sharedMemBytes;
  /// Name passed to the hipModuleGetFunction that returned the function.
  char functionName[128];
  /// The kernarg buffer HIP_LAUNCH_PARAM_BUFFER_POINTER pointed at, copied
  /// (HIP_LAUNCH_PARAM_BUFFER_SIZE bytes of it, at most 4096).
  unsigned char kernargs[4096];
  size_t kernargSize;
  /// 1 when `extra` followed the BUFFER_POINTER, ptr, BUFFER_SIZE, &size,
  /// END protocol and kernelParams was null.
  int extraWellFormed;
  /// The hStream argument (null: the device's default stream).
  void *stream;
  /// For the 8-byte word at kernarg offset 8*i: the size of the live
  /// allocation it pointed into at the launch and its offset there (size 0:
  /// not a device address). Lets a test compare the kernargs of two
  /// processes whose buffers sit at different addresses.
  size_t pointeeSize[512];
  size_t pointeeOffset[512];
};

/// Forgets everything and restores the default device: one "Fake MI355X",
/// gfx IP 9.5, 1024 threads, 160 KiB LDS, wave64, 256 CUs.
void fakehip_reset();
/// Sets what hipGetDeviceCount / hipDeviceGetAttribute report.
void fakehip_set_device(int count, const char *name, int major, int minor,
                        int maxThreadsPerBlock, int maxSharedMemoryPerBlock,
                        int warpSize);
/// The next call of the HIP function `call` returns `error` (and does
/// nothing else).
void fakehip_fail_next(const char *call, int error);
/// Number of launches so far, the last one, and the i-th since the reset
/// (null past the last).
int fakehip_launch_count();
const FakeHipLaunch *fakehip_last_launch();
const FakeHipLaunch *fakehip_launch(int i);
/// The image of the module the last launch's function came from, as
/// hipModuleLoadData received it; `*size` gets its size.
const unsigned char *fakehip_last_launch_image(size_t *size);
/// Names of the HIP functions called since the reset, space separated.
const char *fakehip_calls();
/// Live allocations, loaded modules, functions (freed with their module, as
/// in HIP) and events (leak checks).
int fakehip_live_allocations();
int fakehip_live_modules();
int fakehip_live_functions();
int fakehip_live_events();
}

#endif // FP4_UNITTESTS_RUNTIME_FAKEHIP_H
