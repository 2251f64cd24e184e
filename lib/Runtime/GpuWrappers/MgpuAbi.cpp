//===- MgpuAbi.cpp - the C functions gpu-to-llvm calls ----------*- C++ -*-===//
//
// The signatures are those of MLIR 22's `gpu-to-llvm` lowering and of the
// #gpu.select_object translation of gpu.binary / gpu.launch_func (which
// load each binary in a global constructor: mgpuModuleLoad(blob, size)).
// Handles (modules, functions) are small integers, never dereferenced, so
// that a stale one is caught, not followed.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <cstring>

using fp4::runtime::gpu::Runtime;

#define FP4_MGPU_EXPORT extern "C" __attribute__((visibility("default")))

namespace {
/// What a stream or event handle points to: all work is synchronous.
char streamToken, eventToken;

/// Bytes spanned by a strided memref descriptor's elements.
int64_t memrefSpan(int64_t rank, const int64_t *sizes, const int64_t *strides) {
  int64_t last = 0;
  for (int64_t i = 0; i < rank; ++i) {
    if (sizes[i] == 0)
      return 0;
    last += (sizes[i] - 1) * strides[i];
  }
  return last + 1;
}

/// The ranked descriptor layout the ABI passes by pointer: allocated and
/// aligned pointers, offset, then rank sizes and rank strides.
struct Descriptor {
  char *allocated;
  char *aligned;
  int64_t offset;
  int64_t sizesAndStrides[1];
};
} // namespace

FP4_MGPU_EXPORT void *mgpuModuleLoad(void *data, size_t bytes) {
  return Runtime::get().moduleLoad(data, bytes);
}

FP4_MGPU_EXPORT void *mgpuModuleLoadJIT(void *, int) {
  Runtime::get().fail("mgpuModuleLoadJIT: gpu.binary objects in assembly "
                      "format are not supported (compile to an HSACO)");
  return nullptr;
}

FP4_MGPU_EXPORT void mgpuModuleUnload(void *module) {
  Runtime::get().moduleUnload(module);
}

FP4_MGPU_EXPORT void *mgpuModuleGetFunction(void *module, const char *name) {
  return Runtime::get().moduleGetFunction(module, name);
}

FP4_MGPU_EXPORT void mgpuLaunchKernel(void *function, intptr_t gridX,
                                      intptr_t gridY, intptr_t gridZ,
                                      intptr_t blockX, intptr_t blockY,
                                      intptr_t blockZ, int32_t smem,
                                      void *stream, void **params, void **extra,
                                      size_t paramsCount) {
  (void)stream;
  int64_t grid[3] = {gridX, gridY, gridZ}, block[3] = {blockX, blockY, blockZ};
  Runtime::get().launch(function, grid, block, smem, params, extra,
                        paramsCount);
}

FP4_MGPU_EXPORT void mgpuLaunchClusterKernel(void *, intptr_t, intptr_t,
                                             intptr_t, intptr_t, intptr_t,
                                             intptr_t, intptr_t, intptr_t,
                                             intptr_t, int32_t, void *, void **,
                                             void **, size_t) {
  Runtime::get().fail("mgpuLaunchClusterKernel: cluster launches are not "
                      "supported (gfx950 has no clusters)");
}

FP4_MGPU_EXPORT void *mgpuStreamCreate() { return &streamToken; }
FP4_MGPU_EXPORT void mgpuStreamDestroy(void *) {}
FP4_MGPU_EXPORT void mgpuStreamSynchronize(void *) {}
FP4_MGPU_EXPORT void mgpuStreamWaitEvent(void *, void *) {}
FP4_MGPU_EXPORT void *mgpuEventCreate() { return &eventToken; }
FP4_MGPU_EXPORT void mgpuEventDestroy(void *) {}
FP4_MGPU_EXPORT void mgpuEventSynchronize(void *) {}
FP4_MGPU_EXPORT void mgpuEventRecord(void *, void *) {}

FP4_MGPU_EXPORT void *mgpuMemAlloc(uint64_t bytes, void *, bool hostShared) {
  return Runtime::get().memAlloc(bytes, hostShared);
}

FP4_MGPU_EXPORT void mgpuMemFree(void *pointer, void *) {
  Runtime::get().memFree(pointer);
}

FP4_MGPU_EXPORT void mgpuMemcpy(void *dst, void *src, size_t bytes, void *) {
  Runtime::get().memcpy(dst, src, bytes);
}

FP4_MGPU_EXPORT void mgpuMemset32(void *dst, unsigned int value, size_t count,
                                  void *) {
  Runtime::get().memset(dst, &value, sizeof(value), count);
}

FP4_MGPU_EXPORT void mgpuMemset16(void *dst, unsigned short value, size_t count,
                                  void *) {
  Runtime::get().memset(dst, &value, sizeof(value), count);
}

FP4_MGPU_EXPORT void mgpuMemHostRegister(void *pointer, uint64_t bytes) {
  Runtime::get().registerHost(pointer, bytes);
}

FP4_MGPU_EXPORT void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                                               int64_t elementBytes) {
  auto *d = static_cast<Descriptor *>(descriptor);
  const int64_t *sizes = d->sizesAndStrides, *strides = sizes + rank;
  Runtime::get().registerHost(d->aligned + d->offset * elementBytes,
                              memrefSpan(rank, sizes, strides) * elementBytes);
}

FP4_MGPU_EXPORT void mgpuMemHostUnregister(void *pointer) {
  Runtime::get().unregisterHost(pointer);
}

FP4_MGPU_EXPORT void mgpuMemHostUnregisterMemRef(int64_t, void *descriptor,
                                                 int64_t elementBytes) {
  auto *d = static_cast<Descriptor *>(descriptor);
  Runtime::get().unregisterHost(d->aligned + d->offset * elementBytes);
}

FP4_MGPU_EXPORT void mgpuSetDefaultDevice(int32_t device) {
  Runtime::get().setDefaultDevice(device);
}

// Not part of upstream's ABI: the runner's host lowering calls it before
// each launch (mlir::fp4::annotateLaunchLocations), so that an error names
// the gpu.launch_func's place in the source.
FP4_MGPU_EXPORT void fp4gpuSetLaunchLocation(const char *location) {
  Runtime::get().setLaunchLocation(location);
}

// Host allocations of JIT-compiled code, when memref.alloc is lowered with
// finalize-memref-to-llvm{use-generic-functions=1} (fp4-runner does): the
// runtime then knows every host buffer a kernel may be given.
FP4_MGPU_EXPORT void *_mlir_memref_to_llvm_alloc(size_t bytes) {
  return Runtime::get().allocateHost(bytes, 16);
}

FP4_MGPU_EXPORT void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment,
                                                         size_t bytes) {
  return Runtime::get().allocateHost(bytes, alignment);
}

FP4_MGPU_EXPORT void _mlir_memref_to_llvm_free(void *pointer) {
  Runtime::get().freeHost(pointer);
}

// mlir::ExecutionEngine's loading protocol: a library that defines these
// two hands the JIT its symbols itself, and is used in place (the one copy
// the process loaded), so that a runner that linked this library and the
// JIT-compiled code see the same runtime.
FP4_MGPU_EXPORT void
__mlir_execution_engine_init(llvm::StringMap<void *> &symbols) {
#define FP4_EXPORT_SYMBOL(name) symbols[#name] = reinterpret_cast<void *>(&name)
  FP4_EXPORT_SYMBOL(mgpuModuleLoad);
  FP4_EXPORT_SYMBOL(mgpuModuleLoadJIT);
  FP4_EXPORT_SYMBOL(mgpuModuleUnload);
  FP4_EXPORT_SYMBOL(mgpuModuleGetFunction);
  FP4_EXPORT_SYMBOL(mgpuLaunchKernel);
  FP4_EXPORT_SYMBOL(mgpuLaunchClusterKernel);
  FP4_EXPORT_SYMBOL(mgpuStreamCreate);
  FP4_EXPORT_SYMBOL(mgpuStreamDestroy);
  FP4_EXPORT_SYMBOL(mgpuStreamSynchronize);
  FP4_EXPORT_SYMBOL(mgpuStreamWaitEvent);
  FP4_EXPORT_SYMBOL(mgpuEventCreate);
  FP4_EXPORT_SYMBOL(mgpuEventDestroy);
  FP4_EXPORT_SYMBOL(mgpuEventSynchronize);
  FP4_EXPORT_SYMBOL(mgpuEventRecord);
  FP4_EXPORT_SYMBOL(mgpuMemAlloc);
  FP4_EXPORT_SYMBOL(mgpuMemFree);
  FP4_EXPORT_SYMBOL(mgpuMemcpy);
  FP4_EXPORT_SYMBOL(mgpuMemset32);
  FP4_EXPORT_SYMBOL(mgpuMemset16);
  FP4_EXPORT_SYMBOL(mgpuMemHostRegister);
  FP4_EXPORT_SYMBOL(mgpuMemHostRegisterMemRef);
  FP4_EXPORT_SYMBOL(mgpuMemHostUnregister);
  FP4_EXPORT_SYMBOL(mgpuMemHostUnregisterMemRef);
  FP4_EXPORT_SYMBOL(mgpuSetDefaultDevice);
  FP4_EXPORT_SYMBOL(fp4gpuSetLaunchLocation);
  FP4_EXPORT_SYMBOL(_mlir_memref_to_llvm_alloc);
  FP4_EXPORT_SYMBOL(_mlir_memref_to_llvm_aligned_alloc);
  FP4_EXPORT_SYMBOL(_mlir_memref_to_llvm_free);
#undef FP4_EXPORT_SYMBOL
}

FP4_MGPU_EXPORT void __mlir_execution_engine_destroy() {}
