//===- HipApi.cpp - dlopen HIP and resolve its entry points -----*- C++ -*-===//
//
// The library handle is never dlclose'd: the HIP runtime starts threads and
// registers exit handlers, and unloading it under them is not supported.
//
//===----------------------------------------------------------------------===//

#include "HipApi.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"

#include <cstdlib>
#include <dlfcn.h>

using namespace llvm;
using namespace fp4::runtime;
using namespace fp4::runtime::hip;

static Error hipError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

Error Api::check(hipError_t error, const Twine &call) const {
  if (error == hipSuccess)
    return Error::success();
  const char *text = hipGetErrorString ? hipGetErrorString(error) : nullptr;
  return hipError(call + " failed: " + (text ? text : "unknown error") +
                  " (hipError_t " + Twine(error) + ")");
}

static std::string dlerrorText() {
  const char *e = dlerror();
  return e ? e : "unknown dlopen error";
}

template <typename Fn>
static Error resolve(Api &api, Fn &fn, const char *name) {
  dlerror();
  void *sym = dlsym(api.handle, name);
  if (!sym)
    return hipError("HIP library '" + api.libraryPath + "' lacks " + name +
                    ": " + dlerrorText());
  fn = reinterpret_cast<Fn>(sym);
  return Error::success();
}

Expected<std::shared_ptr<const Api>>
fp4::runtime::hip::loadApi(StringRef path) {
  auto api = std::make_shared<Api>();
  if (!path.empty()) {
    api->handle = dlopen(path.str().c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!api->handle)
      return hipError("no HIP runtime found (" + path +
                      " not loadable: " + dlerrorText() + ")");
    api->libraryPath = path.str();
  } else if (const char *env = std::getenv("FP4_HIP_LIBRARY"); env && *env) {
    api->handle = dlopen(env, RTLD_NOW | RTLD_LOCAL);
    if (!api->handle)
      return hipError("no HIP runtime found ($FP4_HIP_LIBRARY=" + Twine(env) +
                      " not loadable: " + dlerrorText() + ")");
    api->libraryPath = env;
  } else {
    static const char *const kNames[] = {"libamdhip64.so", "libamdhip64.so.7",
                                         "libamdhip64.so.6"};
    std::string firstError;
    for (const char *name : kNames) {
      api->handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
      if (api->handle) {
        api->libraryPath = name;
        break;
      }
      if (firstError.empty())
        firstError = dlerrorText();
    }
    if (!api->handle)
      return hipError(
          "no HIP runtime found (libamdhip64.so not loadable: " + firstError +
          "; also tried libamdhip64.so.7 and libamdhip64.so.6)");
  }

#define FP4_RESOLVE(name)                                                      \
  if (Error e = resolve(*api, api->name, #name))                               \
    return std::move(e);
  FP4_RESOLVE(hipGetErrorString)
  FP4_RESOLVE(hipInit)
  FP4_RESOLVE(hipGetDeviceCount)
  FP4_RESOLVE(hipSetDevice)
  FP4_RESOLVE(hipDeviceGetName)
  FP4_RESOLVE(hipDeviceGetAttribute)
  FP4_RESOLVE(hipModuleLoadData)
  FP4_RESOLVE(hipModuleGetFunction)
  FP4_RESOLVE(hipModuleLaunchKernel)
  FP4_RESOLVE(hipModuleUnload)
  FP4_RESOLVE(hipMalloc)
  FP4_RESOLVE(hipFree)
  FP4_RESOLVE(hipMemcpyHtoD)
  FP4_RESOLVE(hipMemcpyDtoH)
  FP4_RESOLVE(hipMemset)
  FP4_RESOLVE(hipDeviceSynchronize)
  FP4_RESOLVE(hipEventCreate)
  FP4_RESOLVE(hipEventRecord)
  FP4_RESOLVE(hipEventSynchronize)
  FP4_RESOLVE(hipEventElapsedTime)
  FP4_RESOLVE(hipEventDestroy)
#undef FP4_RESOLVE
  return std::shared_ptr<const Api>(std::move(api));
}
