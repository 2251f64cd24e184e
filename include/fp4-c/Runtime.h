/*===- fp4-c/Runtime.h - devices, code objects, launches ----------*- C -*-===*\
|*                                                                            *|
|* The C face of fp4/Runtime: read an AMDGPU code object and inspect its      *|
|* kernels, open a device (an AMD GPU through HIP, or the CPU emulator that   *|
|* runs the kernel's device IR), move memory, pack kernel arguments from the  *|
|* code object's metadata and launch.                                         *|
|*                                                                            *|
|* Lifetimes: an Fp4LoadedModule must be destroyed before its Fp4Device; an   *|
|* Fp4KernelArgs refers to the kernel metadata of the code object it was      *|
|* created from, which must outlive it. Device memory lives as long as the    *|
|* device.                                                                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FP4_C_RUNTIME_H
#define FP4_C_RUNTIME_H

#include "fp4-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

FP4_DEFINE_C_API_STRUCT(Fp4CodeObject, void);
FP4_DEFINE_C_API_STRUCT(Fp4Device, void);
FP4_DEFINE_C_API_STRUCT(Fp4LoadedModule, void);
FP4_DEFINE_C_API_STRUCT(Fp4KernelArgs, void);

//===----------------------------------------------------------------------===//
// Code objects
//===----------------------------------------------------------------------===//

/// One kernel of a code object (the `amdhsa.kernels` metadata).
struct Fp4KernelInfo {
  MlirStringRef name;   ///< the kernel function's name
  MlirStringRef symbol; ///< its descriptor symbol, `<name>.kd`
  uint64_t kernargSegmentSize;
  uint64_t kernargSegmentAlign;
  uint64_t ldsBytes;     ///< .group_segment_fixed_size
  uint64_t scratchBytes; ///< .private_segment_fixed_size
  uint32_t wavefrontSize;
  uint32_t maxFlatWorkgroupSize;
  uint32_t sgprCount;
  uint32_t vgprCount;
  uint32_t agprCount;
  uint32_t sgprSpillCount;
  uint32_t vgprSpillCount;
  /// Arguments, hidden ones included, and how many of them the caller
  /// passes (the explicit ones come first in metadata order).
  intptr_t numArgs;
  intptr_t numExplicitArgs;
};
typedef struct Fp4KernelInfo Fp4KernelInfo;

/// One entry of a kernel's `.args` metadata.
struct Fp4KernelArgInfo {
  MlirStringRef name;         ///< empty when the metadata has none
  MlirStringRef valueKind;    ///< "global_buffer", "by_value", "hidden_..."
  MlirStringRef addressSpace; ///< "global", ...; empty if absent
  uint64_t offset;            ///< in the kernarg segment
  uint64_t size;
  bool isHidden; ///< filled by the runtime, not passed by the caller
};
typedef struct Fp4KernelArgInfo Fp4KernelArgInfo;

/// Validates and decodes a linked HSA code object (v5/v6 ELF). Damaged input
/// gets a message saying what is wrong.
FP4_CAPI_EXPORTED Fp4Status fp4CodeObjectRead(const void *bytes, size_t size,
                                              Fp4CodeObject *codeObject);

/// Releases a code object from fp4CodeObjectRead (not one borrowed from a
/// loaded module).
FP4_CAPI_EXPORTED void fp4CodeObjectDestroy(Fp4CodeObject codeObject);

/// The processor ("gfx950"), the full target id
/// ("amdgcn-amd-amdhsa--gfx950:sramecc+:xnack-") and the code object version.
FP4_CAPI_EXPORTED MlirStringRef
fp4CodeObjectGetProcessor(Fp4CodeObject codeObject);
FP4_CAPI_EXPORTED MlirStringRef
fp4CodeObjectGetTargetId(Fp4CodeObject codeObject);
FP4_CAPI_EXPORTED unsigned fp4CodeObjectGetVersion(Fp4CodeObject codeObject);

/// Succeeds when the code object runs on `chip` ("gfx950", optionally with
/// features: "gfx950:xnack-").
FP4_CAPI_EXPORTED Fp4Status fp4CodeObjectRequireTarget(Fp4CodeObject codeObject,
                                                       MlirStringRef chip);

FP4_CAPI_EXPORTED intptr_t fp4CodeObjectGetNumKernels(Fp4CodeObject codeObject);

/// Kernel `pos`, 0 <= pos < fp4CodeObjectGetNumKernels.
FP4_CAPI_EXPORTED Fp4KernelInfo fp4CodeObjectGetKernel(Fp4CodeObject codeObject,
                                                       intptr_t pos);

/// The position of the kernel named `name`, or -1.
FP4_CAPI_EXPORTED intptr_t fp4CodeObjectLookupKernel(Fp4CodeObject codeObject,
                                                     MlirStringRef name);

/// Argument `arg` of kernel `kernel` (0 <= arg < numArgs).
FP4_CAPI_EXPORTED Fp4KernelArgInfo fp4CodeObjectGetKernelArg(
    Fp4CodeObject codeObject, intptr_t kernel, intptr_t arg);

//===----------------------------------------------------------------------===//
// Devices
//===----------------------------------------------------------------------===//

enum Fp4DeviceKind {
  /// An AMD GPU through HIP when one opens, else the emulator.
  FP4_DEVICE_AUTO = 0,
  FP4_DEVICE_HIP = 1,
  FP4_DEVICE_EMULATOR = 2,
};
typedef enum Fp4DeviceKind Fp4DeviceKind;

struct Fp4DeviceOptions {
  Fp4DeviceKind kind;
  /// Emulator host threads; 0 uses every core.
  unsigned threads;
  /// The chip code objects must be built for; empty means "gfx950".
  MlirStringRef chip;
};
typedef struct Fp4DeviceOptions Fp4DeviceOptions;

/// kind AUTO, all cores, chip "gfx950".
FP4_CAPI_EXPORTED Fp4DeviceOptions fp4DeviceOptionsGetDefault(void);

/// Opens a device; FP4_DEVICE_HIP fails with the reason where no HIP runtime
/// or no AMD GPU is present.
FP4_CAPI_EXPORTED Fp4Status fp4DeviceOpen(Fp4DeviceOptions options,
                                          Fp4Device *device);

FP4_CAPI_EXPORTED void fp4DeviceDestroy(Fp4Device device);

/// One line saying what the device is ("emulator (CPU, 2 threads)", ...).
FP4_CAPI_EXPORTED MlirStringRef fp4DeviceGetDescription(Fp4Device device);

FP4_CAPI_EXPORTED bool fp4DeviceIsEmulator(Fp4Device device);

/// With FP4_DEVICE_AUTO: why HIP was not picked (empty otherwise).
FP4_CAPI_EXPORTED MlirStringRef fp4DeviceGetFallbackReason(Fp4Device device);

/// Allocates `bytes` of device memory; its address goes to `*address`.
FP4_CAPI_EXPORTED Fp4Status fp4DeviceAllocate(Fp4Device device, size_t bytes,
                                              uint64_t *address);

/// Copies host -> device and device -> host.
FP4_CAPI_EXPORTED Fp4Status fp4DeviceWrite(Fp4Device device, uint64_t address,
                                           const void *data, size_t bytes);
FP4_CAPI_EXPORTED Fp4Status fp4DeviceRead(Fp4Device device, uint64_t address,
                                          void *data, size_t bytes);

/// Validates the code object (ELF, metadata, target) and loads it with its
/// device IR (which the emulator runs; HIP ignores it).
FP4_CAPI_EXPORTED Fp4Status fp4DeviceLoad(Fp4Device device, const void *hsaco,
                                          size_t hsacoSize,
                                          MlirStringRef deviceIR,
                                          Fp4LoadedModule *module);

FP4_CAPI_EXPORTED void fp4LoadedModuleDestroy(Fp4LoadedModule module);

/// The module's code object, borrowed: valid while `module` lives; never
/// pass it to fp4CodeObjectDestroy.
FP4_CAPI_EXPORTED Fp4CodeObject
fp4LoadedModuleGetCodeObject(Fp4LoadedModule module);

//===----------------------------------------------------------------------===//
// Kernel arguments and launches
//===----------------------------------------------------------------------===//

/// The shape of one launch, in HIP's terms.
struct Fp4LaunchConfig {
  uint32_t grid[3];  ///< work-groups per dimension
  uint32_t block[3]; ///< work-items per work-group
  uint32_t dynamicLdsBytes;
};
typedef struct Fp4LaunchConfig Fp4LaunchConfig;

struct Fp4LaunchTiming {
  /// GPU time from HIP events, or the host time of the emulation.
  double milliseconds;
  /// Emulator statistics; zero on HIP.
  uint64_t waveInstructions;
  uint64_t laneInstructions;
  uint64_t mfmaOps;
};
typedef struct Fp4LaunchTiming Fp4LaunchTiming;

/// Starts packing the explicit arguments of kernel `kernel` of `codeObject`;
/// fails when there is no such kernel (the message lists the kernels).
FP4_CAPI_EXPORTED Fp4Status fp4KernelArgsCreate(Fp4CodeObject codeObject,
                                                MlirStringRef kernel,
                                                Fp4KernelArgs *args);

FP4_CAPI_EXPORTED void fp4KernelArgsDestroy(Fp4KernelArgs args);

/// Next argument is a pointer (global_buffer or dynamic_shared_pointer).
FP4_CAPI_EXPORTED Fp4Status fp4KernelArgsAddPointer(Fp4KernelArgs args,
                                                    uint64_t address);

/// Next argument is by_value; `size` must equal the metadata's size.
FP4_CAPI_EXPORTED Fp4Status fp4KernelArgsAddScalar(Fp4KernelArgs args,
                                                   const void *data,
                                                   size_t size);

/// Checks that every explicit argument was given and that `config` suits the
/// kernel, fills the hidden arguments and copies the segment into `out`
/// (`capacity` bytes); `*size` gets the segment size. For inspection: a
/// launch packs by itself.
FP4_CAPI_EXPORTED Fp4Status fp4KernelArgsPack(Fp4KernelArgs args,
                                              Fp4LaunchConfig config, void *out,
                                              size_t capacity, size_t *size);

/// Packs `args` for `config` and runs the kernel `args` was created for on
/// `module`. `timing` may be null.
FP4_CAPI_EXPORTED Fp4Status fp4DeviceLaunch(Fp4Device device,
                                            Fp4LoadedModule module,
                                            Fp4KernelArgs args,
                                            Fp4LaunchConfig config,
                                            Fp4LaunchTiming *timing);

#ifdef __cplusplus
}
#endif

#endif /* FP4_C_RUNTIME_H */
