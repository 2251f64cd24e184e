//===- Passes.td - HSACO serialization pass ---------------*- tablegen -*-===//

#ifndef FP4_TARGET_PASSES
#define FP4_TARGET_PASSES

include "mlir/Pass/PassBase.td"

def SerializeToHsaco : Pass<"fp4-serialize-to-hsaco", "ModuleOp"> {
  let summary = "compile each gpu.module to a gfx950 HSACO, in process";
  let description = [{
    Translates every `gpu.module` (already lowered to the LLVM and ROCDL
    dialects) to LLVM IR, optimizes it, generates AMDGPU object code with
    LLVM's AMDGPU backend and links it into an HSA code object with lld
    linked into the tool. No ROCm installation is used. Each `gpu.module`
    is replaced by a `gpu.binary` whose object holds the HSACO; the
    optimized device LLVM IR (what the backend compiled, which the runtime's
    emulator executes) is kept in the object's `properties` under
    `fp4.device_ir`, and, unless `embed-device-ir=false`, also inside the
    HSACO, zstd-compressed, in the non-loaded ELF section `.fp4.device_ir`
    (HIP's loader ignores it): the mgpu* runtime wrappers only see the
    HSACO bytes and find the IR there for the emulator
    (docs/runtime.md).

    ```mlir
    gpu.module @gemm_kernel [#rocdl.target<chip = "gfx950">] { llvm.func ... }
    ==>
    gpu.binary @gemm_kernel [#gpu.object<#rocdl.target<chip = "gfx950">,
        properties = {fp4.device_ir = "; ModuleID = ..."}, bin = "\7FELF...">]
    ```

    With `dump-dir`, `<dump-dir>/<module>.hsaco` and `<module>.ll` are
    written as well.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"gfx950\"",
           "AMDGPU processor to compile for">,
    Option<"optLevel", "opt-level", "unsigned", /*default=*/"3",
           "LLVM optimization level of the device code (0-3)">,
    Option<"dumpDir", "dump-dir", "std::string", /*default=*/"\"\"",
           "folder to write each module's .hsaco and .ll into">,
    Option<"embedDeviceIR", "embed-device-ir", "bool", /*default=*/"true",
           "also store the device IR in the HSACO's .fp4.device_ir section "
           "(what the emulator behind the mgpu* wrappers runs)">,
  ];
}

#endif // FP4_TARGET_PASSES
