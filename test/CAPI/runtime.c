/*===- runtime.c - C API: code objects, devices, a launch by hand ---------===*\
|*                                                                            *|
|* Compiles a GEMM, inspects its code object, then does what fp4-run does     *|
|* through the runtime calls alone: quantizes and shuffles B, uploads,        *|
|* packs the kernel arguments from the launch description, launches on the    *|
|* emulator and checks C against the reference GEMM.                          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: fp4-capi-runtime-test 2>&1 | FileCheck %s

#include "common.h"

enum { M = 20, N = 48, K = 256 };

/* Prints what a report would show; the values that depend on the kernel's
   configuration (LDS, registers, block size) are checked for consistency,
   not for one number. */
static void printKernel(Fp4CodeObject co, intptr_t k, uint32_t blockSize) {
  Fp4KernelInfo info = fp4CodeObjectGetKernel(co, k);
  printf("kernel %.*s (%.*s): kernarg %llu (align %llu), wave%u, max "
         "workgroup == launch block %d, vgprs %d, sgprs %d, lds %llu, "
         "scratch %llu, spills %u/%u, args %ld (%ld explicit)\n",
         (int)info.name.length, info.name.data, (int)info.symbol.length,
         info.symbol.data, (unsigned long long)info.kernargSegmentSize,
         (unsigned long long)info.kernargSegmentAlign, info.wavefrontSize,
         info.maxFlatWorkgroupSize == blockSize,
         info.vgprCount > 0 && info.vgprCount <= 512,
         info.sgprCount > 0 && info.sgprCount <= 112,
         (unsigned long long)info.ldsBytes,
         (unsigned long long)info.scratchBytes, info.sgprSpillCount,
         info.vgprSpillCount, (long)info.numArgs, (long)info.numExplicitArgs);
  for (intptr_t a = 0; a < info.numArgs; ++a) {
    Fp4KernelArgInfo arg = fp4CodeObjectGetKernelArg(co, k, a);
    printf("  arg %ld: %.*s offset %llu size %llu %.*s hidden %d\n", (long)a,
           (int)arg.valueKind.length, arg.valueKind.data,
           (unsigned long long)arg.offset, (unsigned long long)arg.size,
           (int)arg.addressSpace.length, arg.addressSpace.data, arg.isHidden);
  }
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  Fp4CompileResult compiled = compileGemm(fp4GemmSpecGetDefault(M, N, K));
  Fp4Binary bin = fp4CompileResultGetBinary(compiled, 0);
  Fp4LaunchInfo launch = fp4CompileResultGetLaunch(compiled, 0);

  /* Code objects without a device. */
  Fp4CodeObject co;
  report("read code object",
         fp4CodeObjectRead(bin.hsacoData, bin.hsacoSize, &co));
  // CHECK: read code object: ok
  MlirStringRef proc = fp4CodeObjectGetProcessor(co);
  MlirStringRef target = fp4CodeObjectGetTargetId(co);
  printf("processor %.*s, target %.*s, version %u, kernels %ld\n",
         (int)proc.length, proc.data, (int)target.length, target.data,
         fp4CodeObjectGetVersion(co), (long)fp4CodeObjectGetNumKernels(co));
  // CHECK: processor gfx950, target amdgcn-amd-amdhsa--gfx950{{.*}}, version {{[56]}}, kernels 1
  printKernel(co, 0, launch.block[0] * launch.block[1] * launch.block[2]);
  // CHECK: kernel gemm_20x48x256_kernel (gemm_20x48x256_kernel.kd): kernarg {{[0-9]+}} (align 8), wave64, max workgroup == launch block 1, vgprs 1, sgprs 1, lds {{[0-9]+}}, scratch 0, spills 0/0, args {{[0-9]+}} (4 explicit)
  // CHECK-NEXT: arg 0: global_buffer offset 0 size 8 global hidden 0
  // CHECK-NEXT: arg 1: global_buffer offset 8 size 8 global hidden 0
  // CHECK-NEXT: arg 2: global_buffer offset 16 size 8 global hidden 0
  // CHECK-NEXT: arg 3: global_buffer offset 24 size 8 global hidden 0
  // CHECK-NOT: global_buffer
  printf("lookup: %ld %ld\n",
         (long)fp4CodeObjectLookupKernel(co, launch.kernel),
         (long)fp4CodeObjectLookupKernel(
             co, mlirStringRefCreateFromCString("nope")));
  // CHECK: lookup: 0 -1
  report("require gfx950", fp4CodeObjectRequireTarget(
                               co, mlirStringRefCreateFromCString("gfx950")));
  // CHECK: require gfx950: ok
  report("require gfx942", fp4CodeObjectRequireTarget(
                               co, mlirStringRefCreateFromCString("gfx942")));
  // CHECK: require gfx942: error: {{.*}}gfx950{{.*}}gfx942

  /* Kernel arguments: checked against the metadata. */
  Fp4KernelArgs args;
  report(
      "args for a missing kernel",
      fp4KernelArgsCreate(co, mlirStringRefCreateFromCString("nope"), &args));
  // CHECK: args for a missing kernel: error: {{.*}}nope{{.*}}gemm_20x48x256_kernel
  require(fp4StatusIsOk(fp4KernelArgsCreate(co, launch.kernel, &args)), "args");
  Fp4LaunchConfig config = {{launch.grid[0], launch.grid[1], launch.grid[2]},
                            {launch.block[0], launch.block[1], launch.block[2]},
                            0};
  unsigned char segment[512];
  size_t size = 0;
  report("pack with no arguments",
         fp4KernelArgsPack(args, config, segment, sizeof segment, &size));
  // CHECK: pack with no arguments: error: {{.*}}
  uint32_t scalar = 7;
  report("scalar where a pointer goes",
         fp4KernelArgsAddScalar(args, &scalar, sizeof scalar));
  // CHECK: scalar where a pointer goes: error: {{.*}}
  for (uint64_t i = 0; i < 4; ++i)
    require(fp4StatusIsOk(fp4KernelArgsAddPointer(args, 0x1000 * (i + 1))),
            "pointer");
  report("a fifth pointer", fp4KernelArgsAddPointer(args, 0x5000));
  // CHECK: a fifth pointer: error: {{.*}}
  report("pack",
         fp4KernelArgsPack(args, config, segment, sizeof segment, &size));
  uint64_t third;
  memcpy(&third, segment + 16, 8);
  printf("segment %zu bytes, third pointer 0x%llx\n", size,
         (unsigned long long)third);
  // CHECK: pack: ok
  // CHECK: segment {{[0-9]+}} bytes, third pointer 0x3000
  report("pack into 8 bytes",
         fp4KernelArgsPack(args, config, segment, 8, &size));
  // CHECK: pack into 8 bytes: error: the kernarg segment of gemm_20x48x256_kernel takes {{[0-9]+}} bytes; the buffer holds 8
  Fp4LaunchConfig tooBig = config;
  tooBig.block[0] = 2048;
  report("pack a 2048-wide block",
         fp4KernelArgsPack(args, tooBig, segment, sizeof segment, &size));
  // CHECK: pack a 2048-wide block: error: {{.*}}2048{{.*}}
  fp4KernelArgsDestroy(args);

  /* Damaged code objects get messages. */
  Fp4CodeObject badCo;
  report("read 16 junk bytes",
         fp4CodeObjectRead("0123456789abcdef", 16, &badCo));
  // CHECK: read 16 junk bytes: error: {{.+}}
  report("read a truncated HSACO",
         fp4CodeObjectRead(bin.hsacoData, bin.hsacoSize / 2, &badCo));
  // CHECK: read a truncated HSACO: error: {{.+}}
  report("read nothing", fp4CodeObjectRead(NULL, 0, &badCo));
  // CHECK: read nothing: error: {{.+}}

  /* Devices. */
  Fp4DeviceOptions dopts = fp4DeviceOptionsGetDefault();
  dopts.kind = (Fp4DeviceKind)9;
  Fp4Device device;
  report("open kind 9", fp4DeviceOpen(dopts, &device));
  // CHECK: open kind 9: error: unknown device kind 9; use FP4_DEVICE_AUTO, FP4_DEVICE_HIP or FP4_DEVICE_EMULATOR
  dopts.kind = FP4_DEVICE_HIP;
  Fp4Status hip = fp4DeviceOpen(dopts, &device);
  /* Without an AMD GPU (CI) this fails with the reason; with one it opens. */
  printf("open hip: %s\n", fp4StatusIsOk(hip) ? "opened" : "error");
  if (fp4StatusIsOk(hip))
    fp4DeviceDestroy(device);
  else
    require(fp4StatusGetMessage(hip).length > 0, "hip failure has a message");
  fp4StatusDestroy(hip);
  // CHECK: open hip: {{opened|error}}

  dopts.kind = FP4_DEVICE_EMULATOR;
  require(report("open emulator", fp4DeviceOpen(dopts, &device)), "open");
  // CHECK: open emulator: ok
  MlirStringRef desc = fp4DeviceGetDescription(device);
  printf("device: %.*s, emulator %d\n", (int)desc.length, desc.data,
         fp4DeviceIsEmulator(device));
  // CHECK: device: emulator{{.*}}, emulator 1

  Fp4LoadedModule badModule;
  report("load junk",
         fp4DeviceLoad(device, "junk", 4, bin.deviceIR, &badModule));
  // CHECK: load junk: error: {{.+}}
  Fp4LoadedModule module;
  require(report("load", fp4DeviceLoad(device, bin.hsacoData, bin.hsacoSize,
                                       bin.deviceIR, &module)),
          "load");
  // CHECK: load: ok
  Fp4CodeObject loadedCo = fp4LoadedModuleGetCodeObject(module);
  printf("loaded kernels: %ld\n", (long)fp4CodeObjectGetNumKernels(loadedCo));
  // CHECK: loaded kernels: 1

  /* Inputs: A blocked bf16; B quantized from blocked bf16, then shuffled. */
  static uint16_t a[M * K], bBf16[N * K], c[M * N];
  static uint8_t bq[N * K / 2], bs[N * K / 32], bqShuffled[N * K / 2];
  static float cOut[M * N], cRef[M * N];
  require(fp4StatusIsOk(fp4RandnBf16Blocked(1, M, K, a)), "a");
  require(fp4StatusIsOk(fp4RandnBf16Blocked(2, N, K, bBf16)), "b");
  require(
      fp4StatusIsOk(fp4QuantizeBf16(bBf16, N, K, FP4_SCALE_MODE_EVEN, bq, bs)),
      "quantize b");
  require(fp4StatusIsOk(fp4ShuffleWeight(bq, N, K / 2, bqShuffled)),
          "shuffle b");
  int64_t sRows, sCols;
  require(fp4StatusIsOk(fp4GetShuffledScalesShape(N, K / 32, &sRows, &sCols)),
          "scale shape");
  uint8_t *bsShuffled = (uint8_t *)malloc(sRows * sCols);
  /* Poison in the padding: a kernel that reads it gets NaN. */
  require(fp4StatusIsOk(fp4ShuffleScales(bs, N, K / 32, bsShuffled, 0xFF)),
          "shuffle scales");

  const void *hostData[4] = {a, bqShuffled, bsShuffled, NULL};
  size_t hostBytes[4] = {sizeof a, sizeof bqShuffled, (size_t)(sRows * sCols),
                         sizeof c};
  uint64_t addr[4];
  require(fp4StatusIsOk(fp4KernelArgsCreate(loadedCo, launch.kernel, &args)),
          "args");
  for (intptr_t i = 0; i < launch.numOperands; ++i) {
    intptr_t hostArg = fp4CompileResultGetLaunchOperandArgument(compiled, 0, i);
    Fp4ArgumentInfo info =
        fp4CompileResultGetArgument(compiled, launch.function, hostArg);
    require(info.bytes == (int64_t)hostBytes[hostArg], "argument size");
    require(fp4StatusIsOk(fp4DeviceAllocate(device, info.bytes, &addr[i])),
            "allocate");
    if (hostData[hostArg])
      require(fp4StatusIsOk(fp4DeviceWrite(device, addr[i], hostData[hostArg],
                                           info.bytes)),
              "write");
    require(fp4StatusIsOk(fp4KernelArgsAddPointer(args, addr[i])), "pointer");
  }
  Fp4LaunchTiming timing;
  require(
      report("launch", fp4DeviceLaunch(device, module, args, config, &timing)),
      "launch");
  // CHECK: launch: ok
  printf("emulated: MFMAs %d, wave instructions %d\n", timing.mfmaOps > 0,
         timing.waveInstructions > 0);
  // CHECK: emulated: MFMAs 1, wave instructions 1
  report("read C", fp4DeviceRead(device, addr[3], c, sizeof c));
  // CHECK: read C: ok
  report("read past an allocation",
         fp4DeviceRead(device, addr[3] + sizeof c - 2, c, 16));
  // CHECK: read past an allocation: error: {{.+}}

  fp4Bf16ToF32(c, M * N, cOut);
  require(fp4StatusIsOk(
              fp4ReferenceGemm(a, M, K, bq, bs, N, FP4_SCALE_MODE_EVEN, cRef)),
          "reference");
  Fp4CheckResult check = fp4CheckOutput(cOut, cRef, M * N, 0.01, 0.01);
  printf("check: %lld of %d mismatched (%lld NaN/Inf)\n",
         (long long)check.mismatches, M * N, (long long)check.nanMismatches);
  // CHECK: check: 0 of 960 mismatched (0 NaN/Inf)

  /* The same segment launched with a grid that misses the block size. */
  Fp4LaunchConfig zero = config;
  zero.grid[1] = 0;
  report("launch a zero grid",
         fp4DeviceLaunch(device, module, args, zero, NULL));
  // CHECK: launch a zero grid: error: {{.+}}

  fp4KernelArgsDestroy(args);
  fp4LoadedModuleDestroy(module);
  fp4DeviceDestroy(device);
  fp4CodeObjectDestroy(co);
  fp4CompileResultDestroy(compiled);
  free(bsShuffled);
  printf("done\n");
  // CHECK: done
  return 0;
}
