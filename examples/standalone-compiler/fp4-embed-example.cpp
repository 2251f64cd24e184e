//===- fp4-embed-example.cpp - embed fp4-mlir in a C++ compiler -*- C++ -*-===//
//
// What a compiler with its own pipeline does to compile its GEMMs with
// fp4-mlir, from the installed package:
//   - its own MLIRContext, holding only the dialects and interface models
//     the compilation needs (not registerFp4Dialects' everything);
//   - its own passes: one that forms the GEMM kernels with the pattern-level
//     API (mxfp4::tileAndFuseGemm on each GEMM it picks), one that lowers
//     the kernel ops with the project's patterns
//     (populateMXFP4ToAMDGPUConversionPatterns) inside its own rewrite;
//   - the project's pipeline stages around them;
//   - the result run on the CPU emulator and checked against the reference
//     library.
//
//   fp4-embed-example [--stop-after=tile-and-fuse] [M N K]
//
// Default shape 16 x 2112 x 7168. --stop-after=tile-and-fuse prints the IR
// after the kernels are formed (tensors, each kernel an scf.forall) and
// stops; otherwise the whole compilation runs, then the emulator.
//
//===----------------------------------------------------------------------===//

#include "fp4/Conversion/MXFP4ToAMDGPU/MXFP4ToAMDGPU.h"
#include "fp4/Dialect/MXFP4/IR/MXFP4.h"
#include "fp4/Dialect/MXFP4/Transforms/Transforms.h"
#include "fp4/Pipelines/Passes.h"
#include "fp4/Pipelines/Pipelines.h"
#include "fp4/Run/Runner.h"
#include "fp4/Runtime/CodeObject.h"
#include "fp4/Transforms/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ComplexToLLVM/ComplexToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/GPUCommon/GPUToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Func/Extensions/AllExtensions.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/SubsetInsertionOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/TilingInterfaceImpl.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/IR/TensorInferTypeOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/TensorTilingInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/SubsetInsertionOpInterfaceImpl.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/Transforms/SubsetOpInterfaceImpl.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVM/ROCDL/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace mlir;
namespace mxfp4 = mlir::fp4::mxfp4;

//===----------------------------------------------------------------------===//
// The context: only what this compilation needs.
//===----------------------------------------------------------------------===//

/// The dialects the GEMM goes through, from tensors to the ROCDL kernel and
/// the LLVM host code, and the interface models the passes ask them for.
/// fp4-check-registrations (the first pass below) names anything missing.
static void registerWhatTheCompilationNeeds(DialectRegistry &registry) {
  registry.insert<mxfp4::MXFP4Dialect, func::FuncDialect, arith::ArithDialect,
                  math::MathDialect, tensor::TensorDialect,
                  linalg::LinalgDialect, scf::SCFDialect, affine::AffineDialect,
                  bufferization::BufferizationDialect, memref::MemRefDialect,
                  vector::VectorDialect, gpu::GPUDialect, amdgpu::AMDGPUDialect,
                  cf::ControlFlowDialect, index::IndexDialect, ub::UBDialect,
                  LLVM::LLVMDialect, ROCDL::ROCDLDialect>();
  // Tiling, subsets and value bounds (kernel formation).
  linalg::registerTilingInterfaceExternalModels(registry);
  tensor::registerTilingInterfaceExternalModels(registry);
  tensor::registerInferTypeOpInterfaceExternalModels(registry);
  linalg::registerSubsetOpInterfaceExternalModels(registry);
  tensor::registerSubsetOpInterfaceExternalModels(registry);
  vector::registerSubsetOpInterfaceExternalModels(registry);
  affine::registerValueBoundsOpInterfaceExternalModels(registry);
  arith::registerValueBoundsOpInterfaceExternalModels(registry);
  gpu::registerValueBoundsOpInterfaceExternalModels(registry);
  linalg::registerValueBoundsOpInterfaceExternalModels(registry);
  memref::registerValueBoundsOpInterfaceExternalModels(registry);
  scf::registerValueBoundsOpInterfaceExternalModels(registry);
  tensor::registerValueBoundsOpInterfaceExternalModels(registry);
  // Bufferization of the host program.
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  cf::registerBufferizableOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  vector::registerBufferizableOpInterfaceExternalModels(registry);
  // Lowering to LLVM (device and host) and translating it.
  arith::registerConvertArithToLLVMInterface(registry);
  cf::registerConvertControlFlowToLLVMInterface(registry);
  registerConvertComplexToLLVMInterface(registry);
  registerConvertFuncToLLVMInterface(registry);
  gpu::registerConvertGpuToLLVMInterface(registry);
  index::registerConvertIndexToLLVMInterface(registry);
  registerConvertMathToLLVMInterface(registry);
  registerConvertMemRefToLLVMInterface(registry);
  ub::registerConvertUBToLLVMInterface(registry);
  vector::registerConvertVectorToLLVMInterface(registry);
  func::registerAllExtensions(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  gpu::registerOffloadingLLVMTranslationInterfaceExternalModels(registry);
  registerROCDLDialectTranslation(registry);
  ROCDL::registerROCDLTargetInterfaceExternalModels(registry);
}

//===----------------------------------------------------------------------===//
// The compiler's own passes.
//===----------------------------------------------------------------------===//

namespace {
/// Forms each GEMM's kernel with the pattern-level API: a compiler that
/// picks its GEMMs (here: all of them) and its options per GEMM.
struct TileAndFuseGemms
    : public PassWrapper<TileAndFuseGemms, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TileAndFuseGemms)
  StringRef getArgument() const override { return "example-tile-and-fuse"; }
  void getDependentDialects(DialectRegistry &registry) const override {
    mxfp4::getTransformsDependentDialects(registry);
  }

  void runOnOperation() override {
    SmallVector<mxfp4::ScaledMatmulOp> gemms;
    getOperation().walk([&](mxfp4::ScaledMatmulOp op) { gemms.push_back(op); });
    IRRewriter rewriter(&getContext());
    mxfp4::SelectConfigOptions options; // the defaults: gfx950, the model
    for (mxfp4::ScaledMatmulOp gemm : gemms)
      if (failed(mxfp4::tileAndFuseGemm(rewriter, gemm, options)))
        return signalPassFailure();
  }
};

/// Lowers the kernel ops inside the outlined kernels with the project's
/// patterns, in this compiler's own rewrite (where it would add patterns of
/// its own for its own ops).
struct LowerKernelOps
    : public PassWrapper<LowerKernelOps, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerKernelOps)
  StringRef getArgument() const override { return "example-lower-kernels"; }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Operation *> kernelOps;
    module.walk([&](Operation *op) {
      if (isa<mxfp4::FusedMatmulOp, mxfp4::BlockQuantizeOp,
              mxfp4::BlockDequantizeOp>(op))
        kernelOps.push_back(op);
    });
    for (Operation *op : kernelOps)
      if (std::string why = mlir::fp4::whyKernelOpUnsupported(op);
          !why.empty()) {
        op->emitOpError(why);
        return signalPassFailure();
      }
    // mxfp4-select-config recorded the A quantizer on the module
    // (mxfp4.a_quantizer), where the patterns read it.
    RewritePatternSet patterns(&getContext());
    mlir::fp4::populateMXFP4ToAMDGPUConversionPatterns(patterns, "gfx950");
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    if (failed(applyOpPatternsGreedily(kernelOps, std::move(patterns), config)))
      return signalPassFailure();
    WalkResult left = module.walk([](Operation *op) {
      if (isa<mxfp4::MXFP4Dialect>(op->getDialect()) &&
          !isa<mxfp4::YieldOp>(op)) {
        op->emitOpError("was not lowered");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// The program and the driver.
//===----------------------------------------------------------------------===//

/// C[m,n] = quantize(A)[m,k] x B[n,k]^T with a pre-shuffled B, bf16 C.
static func::FuncOp buildGemm(OpBuilder &b, Location loc, int64_t m, int64_t n,
                              int64_t k) {
  Type bf16 = b.getBF16Type(), f4 = b.getType<Float4E2M1FNType>(),
       e8m0 = b.getType<Float8E8M0FNUType>();
  auto t = [](ArrayRef<int64_t> shape, Type e) {
    return RankedTensorType::get(shape, e);
  };
  auto aQ = t({m, k}, f4), aS = t({m, k / 32}, e8m0), c = t({m, n}, bf16);
  Type args[] = {t({m, k}, bf16), t({n, k}, f4),
                 t(mxfp4::getPreshuffledScalesShape(n, k), e8m0)};
  auto func =
      func::FuncOp::create(b, loc, "gemm", b.getFunctionType(args, {c}));
  Block *body = func.addEntryBlock();
  b.setInsertionPointToStart(body);
  auto q = mxfp4::QuantizeOp::create(
      b, loc, aQ, aS, body->getArgument(0),
      mxfp4::ScaleModeAttr::get(b.getContext(), mxfp4::ScaleMode::even));
  auto mm = mxfp4::ScaledMatmulOp::create(
      b, loc, c, q.getValues(), q.getScales(), body->getArgument(1),
      body->getArgument(2),
      mxfp4::LayoutAttr::get(b.getContext(), mxfp4::Layout::preshuffled),
      mxfp4::GemmConfigAttr());
  func::ReturnOp::create(b, loc, mm.getResult());
  return func;
}

int main(int argc, char **argv) {
  bool stopAfterTileAndFuse = false;
  SmallVector<int64_t, 3> shape;
  for (int i = 1; i < argc; ++i) {
    StringRef arg = argv[i];
    if (arg == "--stop-after=tile-and-fuse")
      stopAfterTileAndFuse = true;
    else
      shape.push_back(std::atoll(argv[i]));
  }
  if (shape.empty())
    shape = {16, 2112, 7168};
  if (shape.size() != 3) {
    llvm::errs()
        << "usage: fp4-embed-example [--stop-after=tile-and-fuse] [M N K]\n";
    return 2;
  }
  int64_t m = shape[0], n = shape[1], k = shape[2];
  if (m < 1 || n < 1 || n % 16 || k < 256 || k % 256) {
    llvm::errs() << "need M >= 1, N a multiple of 16, K a multiple of 256\n";
    return 2;
  }

  DialectRegistry registry;
  registerWhatTheCompilationNeeds(registry);
  MLIRContext context(registry);
  context.loadDialect<mxfp4::MXFP4Dialect, func::FuncDialect>();

  OpBuilder b(&context);
  OwningOpRef<ModuleOp> module = ModuleOp::create(b.getUnknownLoc());
  b.setInsertionPointToEnd(module->getBody());
  buildGemm(b, b.getUnknownLoc(), m, n, k);
  if (failed(verify(*module)))
    return 1;

  // The project's stages with this compiler's passes between them: the
  // same pass sequence as fp4-lower-to-hsaco, two passes replaced.
  mlir::fp4::LowerToHsacoOptions options;
  PassManager pm(&context);
  pm.addPass(mlir::fp4::createCheckRegistrations());
  // The configurations first, so that the GEMM's description (its roles
  // and configuration, which the runner reads) is taken before fusion;
  // tileAndFuseGemm keeps a configuration it finds, after checking it.
  pm.addPass(mxfp4::createSelectConfig());
  pm.addPass(mlir::fp4::createDescribeGemms());
  pm.nest<func::FuncOp>().addPass(std::make_unique<TileAndFuseGemms>());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  if (!stopAfterTileAndFuse) {
    mlir::fp4::buildMapKernelsToGpuPipeline(pm, options);
    pm.addPass(std::make_unique<LowerKernelOps>());
    mlir::fp4::buildDeviceToHsacoPipeline(pm, options);
  }
  if (failed(pm.run(*module)))
    return 1;
  if (stopAfterTileAndFuse) {
    module->print(llvm::outs());
    return 0;
  }

  llvm::outs() << "compiled " << m << "x" << n << "x" << k << " GEMM\n";
  for (auto binary : module->getOps<gpu::BinaryOp>()) {
    auto object = cast<gpu::ObjectAttr>(binary.getObjects()[0]);
    StringRef hsaco = object.getObject().getValue();
    auto co = ::fp4::runtime::readCodeObject(llvm::ArrayRef<uint8_t>(
        reinterpret_cast<const uint8_t *>(hsaco.data()), hsaco.size()));
    if (!co) {
      llvm::errs() << llvm::toString(co.takeError()) << "\n";
      return 1;
    }
    llvm::outs() << "gpu.binary @" << binary.getName() << ": HSACO "
                 << hsaco.size() << " bytes for " << co->processor << "\n";
    for (const auto &kernel : co->kernels)
      llvm::outs() << "  kernel " << kernel.name << ": " << kernel.vgprCount
                   << " VGPRs, " << kernel.sgprCount << " SGPRs, "
                   << kernel.groupSegmentFixedSize << " B LDS\n";
  }

  // Run on the CPU emulator with non-uniform data (every row and K block
  // its own scale) and check C against the reference library.
  mlir::fp4::RunOptions run;
  run.device.kind = ::fp4::runtime::DeviceKind::Emulator;
  run.data = mlir::fp4::InputData::Blocked;
  run.check = true;
  std::string log;
  llvm::raw_string_ostream logStream(log);
  llvm::Expected<mlir::fp4::RunResult> result =
      mlir::fp4::runModule(*module, run, logStream);
  if (!result) {
    llvm::errs() << llvm::toString(result.takeError()) << "\n";
    return 1;
  }
  llvm::outs() << "emulator check: "
               << (result->checked && result->passed ? "PASSED" : "FAILED")
               << " (" << result->mismatches << " mismatches)\n";
  return result->checked && result->passed ? 0 : 1;
}
