//===- HipApi.h - the HIP entry points, resolved with dlsym -----*- C++ -*-===//
//
// fp4-mlir builds without ROCm headers, so the few HIP types and prototypes
// it calls are declared here from the HIP API documentation. Only types
// whose ABI is stable across HIP 5-7 are used: hipError_t is an int,
// handles are opaque pointers, and device properties come from
// hipDeviceGetAttribute (hipDeviceProp_t changes layout between releases).
//
//===----------------------------------------------------------------------===//

#ifndef FP4_LIB_RUNTIME_HIP_HIPAPI_H
#define FP4_LIB_RUNTIME_HIP_HIPAPI_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <cstddef>
#include <memory>
#include <string>

namespace fp4::runtime::hip {

using hipError_t = int;
using hipModule_t = void *;
using hipFunction_t = void *;
using hipEvent_t = void *;
using hipStream_t = void *;

constexpr hipError_t hipSuccess = 0;
constexpr hipError_t hipErrorNoDevice = 100;

// hipDeviceAttribute_t values (hip_runtime_api.h; unchanged since HIP 5.0).
constexpr int hipDeviceAttributeComputeCapabilityMajor = 23;
constexpr int hipDeviceAttributeMaxThreadsPerBlock = 56;
constexpr int hipDeviceAttributeComputeCapabilityMinor = 61;
constexpr int hipDeviceAttributeMultiprocessorCount = 63;
constexpr int hipDeviceAttributeMaxSharedMemoryPerBlock = 74;
constexpr int hipDeviceAttributeWarpSize = 87;

// hipModuleLaunchKernel `extra` keys.
inline void *const HIP_LAUNCH_PARAM_BUFFER_POINTER =
    reinterpret_cast<void *>(1);
inline void *const HIP_LAUNCH_PARAM_BUFFER_SIZE = reinterpret_cast<void *>(2);
inline void *const HIP_LAUNCH_PARAM_END = reinterpret_cast<void *>(3);

/// Entry points of libamdhip64, resolved once per opened library.
struct Api {
  void *handle = nullptr;
  std::string libraryPath;

  hipError_t (*hipInit)(unsigned flags) = nullptr;
  hipError_t (*hipGetDeviceCount)(int *count) = nullptr;
  hipError_t (*hipSetDevice)(int device) = nullptr;
  hipError_t (*hipDeviceGetName)(char *name, int len, int device) = nullptr;
  hipError_t (*hipDeviceGetAttribute)(int *value, int attribute,
                                      int device) = nullptr;
  const char *(*hipGetErrorString)(hipError_t error) = nullptr;
  hipError_t (*hipModuleLoadData)(hipModule_t *module,
                                  const void *image) = nullptr;
  hipError_t (*hipModuleGetFunction)(hipFunction_t *function,
                                     hipModule_t module,
                                     const char *name) = nullptr;
  hipError_t (*hipModuleLaunchKernel)(hipFunction_t f, unsigned gridX,
                                      unsigned gridY, unsigned gridZ,
                                      unsigned blockX, unsigned blockY,
                                      unsigned blockZ, unsigned sharedMemBytes,
                                      hipStream_t stream, void **kernelParams,
                                      void **extra) = nullptr;
  hipError_t (*hipModuleUnload)(hipModule_t module) = nullptr;
  hipError_t (*hipMalloc)(void **ptr, size_t size) = nullptr;
  hipError_t (*hipFree)(void *ptr) = nullptr;
  hipError_t (*hipMemcpyHtoD)(void *dst, void *src, size_t size) = nullptr;
  hipError_t (*hipMemcpyDtoH)(void *dst, void *src, size_t size) = nullptr;
  hipError_t (*hipMemset)(void *dst, int value, size_t size) = nullptr;
  hipError_t (*hipDeviceSynchronize)() = nullptr;
  hipError_t (*hipEventCreate)(hipEvent_t *event) = nullptr;
  hipError_t (*hipEventRecord)(hipEvent_t event, hipStream_t stream) = nullptr;
  hipError_t (*hipEventSynchronize)(hipEvent_t event) = nullptr;
  hipError_t (*hipEventElapsedTime)(float *ms, hipEvent_t start,
                                    hipEvent_t stop) = nullptr;
  hipError_t (*hipEventDestroy)(hipEvent_t event) = nullptr;

  /// Error::success() for hipSuccess, else "<call> failed: <text> (hipError_t
  /// <n>)".
  llvm::Error check(hipError_t error, const llvm::Twine &call) const;
};

/// dlopens a HIP library (see HipOpenOptions::libraryPath for the search)
/// and resolves every entry point above.
llvm::Expected<std::shared_ptr<const Api>> loadApi(llvm::StringRef path);

} // namespace fp4::runtime::hip

#endif // FP4_LIB_RUNTIME_HIP_HIPAPI_H
