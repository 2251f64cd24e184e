//===- Jit.cpp - lower the host side and JIT it -----------------*- C++ -*-===//

#include "fp4/Run/Jit.h"

#include "fp4/Runtime/GpuWrappers.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/TargetSelect.h"

#include <dlfcn.h>
#include <functional>
#include <mutex>

using namespace mlir;

void mlir::fp4::buildHostToLLVMPipeline(OpPassManager &pm) {
  pm.addPass(createConvertLinalgToLoopsPass());
  // expand-strided-metadata makes affine.apply, lower-affine scf.for.
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  FinalizeMemRefToLLVMConversionPassOptions memrefOptions;
  memrefOptions.useGenericFunctions = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefOptions));
  GpuToLLVMConversionPassOptions gpuOptions;
  gpuOptions.kernelBarePtrCallConv = true;
  pm.addPass(createGpuToLLVMConversionPass(gpuOptions));
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void mlir::fp4::replaceGpuAddressSpaces(ModuleOp module) {
  AttrTypeReplacer replacer;
  replacer.addReplacement([](gpu::AddressSpaceAttr space) -> Attribute {
    // AMDGPU's numbering (the kernels' LLVM IR uses the same).
    unsigned number = 1;
    switch (space.getValue()) {
    case gpu::AddressSpace::Global:
      number = 1;
      break;
    case gpu::AddressSpace::Workgroup:
      number = 3;
      break;
    case gpu::AddressSpace::Private:
      number = 5;
      break;
    }
    return IntegerAttr::get(IntegerType::get(space.getContext(), 64), number);
  });
  for (Operation &op : module.getBody()->getOperations())
    if (!isa<gpu::GPUModuleOp, gpu::BinaryOp>(op))
      replacer.recursivelyReplaceElementsIn(&op, /*replaceAttrs=*/true,
                                            /*replaceLocs=*/false,
                                            /*replaceTypes=*/true);
}

void mlir::fp4::annotateLaunchLocations(ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  SmallVector<gpu::LaunchFuncOp> launches;
  module.walk([&](gpu::LaunchFuncOp op) { launches.push_back(op); });
  if (launches.empty())
    return;
  OpBuilder b(ctx);
  b.setInsertionPointToStart(module.getBody());
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  StringRef callee = "fp4gpuSetLaunchLocation";
  if (!module.lookupSymbol(callee))
    LLVM::LLVMFuncOp::create(
        b, module.getLoc(), callee,
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {ptr}));
  SymbolTable symbols(module);
  for (gpu::LaunchFuncOp launch : launches) {
    std::string where;
    if (auto file = launch.getLoc()->findInstanceOf<FileLineColLoc>())
      where = llvm::formatv("{0}:{1}:{2}", file.getFilename().getValue(),
                            file.getLine(), file.getColumn());
    else
      continue;
    std::string text = where + std::string(1, '\0');
    auto type = LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8), text.size());
    b.setInsertionPointToStart(module.getBody());
    auto global = LLVM::GlobalOp::create(
        b, launch.getLoc(), type, /*isConstant=*/true, LLVM::Linkage::Internal,
        "__fp4_launch_location", b.getStringAttr(text));
    symbols.insert(global); // renamed when the name is taken
    b.setInsertionPoint(launch);
    Value address =
        LLVM::AddressOfOp::create(b, launch.getLoc(), ptr, global.getSymName());
    LLVM::CallOp::create(b, launch.getLoc(), TypeRange(), callee,
                         ValueRange{address});
  }
}

LogicalResult mlir::fp4::lowerHostToLLVM(ModuleOp module) {
  replaceGpuAddressSpaces(module);
  annotateLaunchLocations(module);
  PassManager pm(module.getContext());
  buildHostToLLVMPipeline(pm);
  return pm.run(module);
}

std::string mlir::fp4::runtimeWrappersPath() {
  Dl_info info;
  if (dladdr(reinterpret_cast<void *>(&::fp4::runtime::gpu::takeError),
             &info) &&
      info.dli_fname)
    return info.dli_fname;
  return "";
}

std::string mlir::fp4::mlirRunnerUtilsDir() {
  return FP4_MLIR_RUNNER_UTILS_DIR;
}

llvm::Expected<std::unique_ptr<ExecutionEngine>>
mlir::fp4::createExecutionEngine(ModuleOp module, const JitOptions &options) {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  std::vector<std::string> paths = options.sharedLibs;
  std::string wrappers = runtimeWrappersPath();
  if (wrappers.empty())
    return llvm::createStringError("cannot find libfp4_gpu_runtime_wrappers.so "
                                   "in the process");
  paths.push_back(wrappers);
  std::vector<llvm::StringRef> refs(paths.begin(), paths.end());
  // ExecutionEngineOptions::transformer is a function_ref: the function it
  // refers to must outlive ExecutionEngine::create.
  std::function<llvm::Error(llvm::Module *)> transformer =
      makeOptimizingTransformer(std::min(options.optLevel, 3u), /*sizeLevel=*/0,
                                /*targetMachine=*/nullptr);
  ExecutionEngineOptions engineOptions;
  engineOptions.sharedLibPaths = refs;
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel =
      static_cast<llvm::CodeGenOptLevel>(std::min(options.optLevel, 3u));
  return ExecutionEngine::create(module, engineOptions);
}
