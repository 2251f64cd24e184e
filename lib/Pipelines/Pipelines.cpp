//===- Pipelines.cpp - fp4-mlir compilation pipelines -----------*- C++ -*-===//

#include "fp4/Pipelines/Pipelines.h"

#include "fp4/Conversion/Passes.h"
#include "fp4/Dialect/MXFP4/Transforms/Passes.h"
#include "fp4/Pipelines/Passes.h"
#include "fp4/Target/Hsaco.h"
#include "fp4/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mlir::fp4::buildFormKernelsPipeline(OpPassManager &pm,
                                         const LowerToHsacoOptions &options) {
  // First: name the interface models or translations the context lacks,
  // rather than fail later with a message about something else.
  pm.addPass(createCheckRegistrations());
  // A GEMM written in upstream ops (arith.scaling_extf operands of a
  // linalg contraction) is the dialect's GEMM from here on.
  pm.nest<func::FuncOp>().addPass(mxfp4::createRaiseMXOps());
  mxfp4::SelectConfigOptions select;
  select.chip = options.chip;
  select.mfma = options.mfma;
  // The A quantizer is set once, here: select-config records it on the
  // module (mxfp4.a_quantizer), where every later pass reads it.
  select.aQuantizer = options.aQuantizer;
  select.tunedConfigs = options.tunedConfigs;
  pm.addPass(mxfp4::createSelectConfig(select));
  // What fp4-run and the exporter need to know of a GEMM function, before
  // fusion makes it something else.
  pm.addPass(createDescribeGemms());
  // Kernel formation (docs/one-path.md): arith/math on tensors and named
  // elementwise ops become linalg.generic and chains of them one generic;
  // each GEMM takes what fuses well around it; every GEMM becomes a
  // work-group loop, and so does every other op on tensors.
  OpPassManager &funcs = pm.nest<func::FuncOp>();
  funcs.addPass(createConvertElementwiseToLinalgPass());
  funcs.addPass(createLinalgElementwiseOpFusionPass());
  funcs.addPass(mxfp4::createFuseIntoMatmul());
  funcs.addPass(mxfp4::createFormKernels());
  funcs.addPass(createFormGenericKernels());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void mlir::fp4::buildMapKernelsToGpuPipeline(
    OpPassManager &pm, const LowerToHsacoOptions &options) {
  // fp4 and E8M0 tensors are ordinary values until here; from here on they
  // are bytes, everywhere (function boundaries, calls, loops, kernels).
  pm.addPass(mxfp4::createPackNarrowTypes());
  // The host program: tensors to buffers, whole functions included.
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  // A host loop around a GEMM yields the kernel's fresh output buffer each
  // iteration.
  bufferize.allowReturnAllocsFromLoops = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  pm.addPass(createGemmResultsToOutParams());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
  // Each work-group loop becomes a launch, outlined into a kernel whose
  // buffers are global memory.
  pm.nest<func::FuncOp>().addPass(createMapKernelsToGpu());
  // Constant grids fold, so that outlining records them (known_grid_size:
  // split-K sizes its workspace by it).
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createKernelArgsToGlobal());
  GpuROCDLAttachTargetOptions target;
  target.chip = options.chip;
  target.optLevel = 3;
  pm.addPass(createGpuROCDLAttachTarget(target));
}

void mlir::fp4::buildDeviceToHsacoPipeline(OpPassManager &pm,
                                           const LowerToHsacoOptions &options) {
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  OpPassManager &device = pm.nest<gpu::GPUModuleOp>();
  // The generic kernels' linalg ops become loops; views become address
  // arithmetic.
  device.addPass(createConvertLinalgToLoopsPass());
  device.addPass(memref::createExpandStridedMetadataPass());
  device.addPass(createLowerAffinePass());
  device.addPass(createSCFToControlFlowPass());
  // Fused activations: tanh/erf/... become exp and friends, then LLVM
  // intrinsics that the AMDGPU backend expands (no device libraries).
  device.addPass(createApproximateMathFunctions());
  device.addPass(math::createMathExpandOpsPass());
  device.addPass(createConvertMathToLLVMPass());
  // arith.scaling_truncf (the hardware quantizer) ->
  // amdgpu.packed_scaled_trunc.
  ArithToAMDGPUConversionPassOptions arithToAmdgpu;
  arithToAmdgpu.chipset = options.chip;
  device.addPass(createArithToAMDGPUConversionPass(arithToAmdgpu));
  ConvertGpuOpsToROCDLOpsOptions toRocdl;
  toRocdl.chipset = options.chip;
  // Kernel arguments are bare pointers: the kernarg segment holds one
  // 8-byte pointer per buffer, which the runtime packs from the metadata.
  toRocdl.useBarePtrCallConv = true; // fp4-kernel-args-to-global made them so
  device.addPass(createConvertGpuOpsToROCDLOps(toRocdl));
  ConvertAMDGPUToROCDLPassOptions amdgpuToRocdl;
  amdgpuToRocdl.chipset = options.chip;
  device.addPass(createConvertAMDGPUToROCDLPass(amdgpuToRocdl));
  device.addPass(createReconcileUnrealizedCastsPass());

  SerializeToHsacoOptions serialize;
  serialize.chip = options.chip;
  serialize.optLevel = options.optLevel;
  serialize.dumpDir = options.dumpDir;
  serialize.embedDeviceIR = options.embedDeviceIR;
  pm.addPass(createSerializeToHsaco(serialize));
}

void mlir::fp4::buildLowerToHsacoPipeline(OpPassManager &pm,
                                          const LowerToHsacoOptions &options) {
  buildFormKernelsPipeline(pm, options);
  buildMapKernelsToGpuPipeline(pm, options);
  ConvertMXFP4ToAMDGPUOptions convert;
  convert.chip = options.chip;
  pm.addPass(createConvertMXFP4ToAMDGPU(convert));
  buildDeviceToHsacoPipeline(pm, options);
}

llvm::Error
mlir::fp4::checkLowerToHsacoOptions(const LowerToHsacoOptions &options) {
  auto fail = [](const Twine &message) {
    return llvm::createStringError(message.str());
  };
  // The passes check the same again when they run (they may be built
  // without this pipeline); here a bad value is refused before any input is
  // read, and also when the input holds no GEMM.
  if (llvm::Expected<mxfp4::ChipLimits> limits =
          mxfp4::getChipLimits(options.chip);
      !limits)
    return limits.takeError();
  if (llvm::Error e = mxfp4::checkMfmaOption(options.mfma))
    return e;
  if (llvm::Error e = mxfp4::checkAQuantizerOption(options.aQuantizer))
    return e;
  if (options.optLevel > 3)
    return fail("opt-level must be 0 to 3, got " + Twine(options.optLevel));
  return llvm::Error::success();
}

void mlir::fp4::registerFp4Pipelines() {
  registerFP4PipelinesPasses();
  // PassPipelineRegistration<LowerToHsacoOptions> would build the pipeline
  // whatever the option values; this registration checks them first.
  registerPassPipeline(
      "fp4-lower-to-hsaco",
      "Compile programs with mxfp4 GEMMs to gfx950 HSACO: select each "
      "GEMM's configuration, fuse into each GEMM what pays, make every "
      "other op on tensors a kernel of its own, store fp4 data as bytes, "
      "bufferize, map the kernels to the GPU and outline them, lower them "
      "to ROCDL and serialize them in process",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        // The parser the C API and Python use too: the same messages.
        LowerToHsacoOptions options;
        if (llvm::Error e = parseLowerToHsacoOptions(text, options))
          return errorHandler(llvm::toString(std::move(e)));
        buildLowerToHsacoPipeline(pm, options);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> handler) {
        handler(LowerToHsacoOptions());
      });
}
