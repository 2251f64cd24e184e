//===- Jit.cpp - lower the host side and JIT it -----------------*- C++ -*-===//

#include "fp4/Run/Jit.h"

#include "fp4/Runtime/CodeObject.h"
#include "fp4/Runtime/GpuWrappers.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
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
using namespace mlir::fp4;

void mlir::fp4::buildHostToLLVMPipeline(OpPassManager &pm,
                                        KernelArgConvention convention) {
  pm.addPass(createConvertLinalgToLoopsPass());
  // expand-strided-metadata makes affine.apply, lower-affine scf.for.
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  FinalizeMemRefToLLVMConversionPassOptions memrefOptions;
  memrefOptions.useGenericFunctions = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefOptions));
  GpuToLLVMConversionPassOptions gpuOptions;
  // Descriptors are the GPU dialect's default; bare pointers for modules
  // whose kernels were built to take them.
  gpuOptions.kernelBarePtrCallConv =
      convention == KernelArgConvention::BarePointers;
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

KernelArgConvention mlir::fp4::getKernelArgConvention(ModuleOp module) {
  return module->hasAttr(kBarePointerKernelsAttrName)
             ? KernelArgConvention::BarePointers
             : KernelArgConvention::Descriptors;
}

/// The explicit kernel arguments `operands` make under `convention`: a
/// ranked memref is one pointer, or a descriptor of 3 + 2 * rank words;
/// anything else is one argument.
static size_t countKernelArguments(ValueRange operands,
                                   KernelArgConvention convention) {
  size_t count = 0;
  for (Type t : operands.getTypes()) {
    auto memref = dyn_cast<MemRefType>(t);
    count += memref && convention == KernelArgConvention::Descriptors
                 ? 3 + 2 * memref.getRank()
                 : 1;
  }
  return count;
}

/// The object of `binary` that its offloading handler embeds: upstream's
/// #gpu.select_object picks the object at an index, the object of a target,
/// or (without a target, or without a handler) the first one.
static gpu::ObjectAttr selectedObject(gpu::BinaryOp binary) {
  ArrayRef<Attribute> objects = binary.getObjects().getValue();
  Attribute target;
  if (auto select = dyn_cast_or_null<gpu::SelectObjectAttr>(
          binary.getOffloadingHandlerAttr()))
    target = select.getTarget();
  if (auto index = dyn_cast_or_null<IntegerAttr>(target)) {
    int64_t i = index.getInt();
    return i >= 0 && i < int64_t(objects.size())
               ? dyn_cast<gpu::ObjectAttr>(objects[i])
               : gpu::ObjectAttr();
  }
  for (Attribute a : objects) {
    auto object = dyn_cast<gpu::ObjectAttr>(a);
    if (object && (!target || object.getTarget() == target))
      return object;
  }
  return {};
}

/// The checks of verifyLaunches for one launch.
static LogicalResult verifyLaunch(gpu::LaunchFuncOp launch,
                                  KernelArgConvention convention,
                                  StringRef chip) {
  StringRef moduleName = launch.getKernelModuleName().getValue();
  StringRef kernelName = launch.getKernelName().getValue();
  Operation *symbol = SymbolTable::lookupNearestSymbolFrom(
      launch, launch.getKernelModuleName());
  auto binary = dyn_cast_or_null<gpu::BinaryOp>(symbol);
  if (!binary) {
    if (isa_and_nonnull<gpu::GPUModuleOp>(symbol))
      return launch.emitError()
             << "gpu.module @" << moduleName
             << " is not compiled to a gpu.binary (fp4-serialize-to-hsaco, "
                "in fp4-lower-to-hsaco, does that)";
    return launch.emitError() << "no gpu.binary @" << moduleName
                              << " for kernel '" << kernelName << "'";
  }
  std::string what = ("gpu.binary @" + moduleName).str();
  gpu::ObjectAttr object = selectedObject(binary);
  if (!object)
    return launch.emitError()
           << what << ": its offloading handler "
           << binary.getOffloadingHandlerAttr() << " selects no object";
  if (object.getFormat() != gpu::CompilationTarget::Binary)
    return launch.emitError()
           << what << "'s object is '"
           << gpu::stringifyCompilationTarget(object.getFormat())
           << "', not 'bin' (a code object)";
  if (!chip.empty()) {
    StringRef processor = chip.split(':').first;
    auto rocdl = dyn_cast<ROCDL::ROCDLTargetAttr>(object.getTarget());
    if (!rocdl)
      return launch.emitError()
             << what << " is for the target " << object.getTarget()
             << ", not an AMD GPU (" << processor << ")";
    if (rocdl.getChip() != processor)
      return launch.emitError()
             << what << " is compiled for " << rocdl.getChip()
             << ", the device is " << processor;
  }
  StringRef bytes = object.getObject().getValue();
  auto co = ::fp4::runtime::readCodeObject(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size()));
  if (!co)
    return launch.emitError() << what << ": " << llvm::toString(co.takeError());
  if (!chip.empty())
    if (llvm::Error e = ::fp4::runtime::requireTarget(*co, chip))
      return launch.emitError() << what << ": " << llvm::toString(std::move(e));
  auto kernel = co->getKernel(kernelName);
  if (!kernel)
    return launch.emitError()
           << what << ": " << llvm::toString(kernel.takeError());
  size_t takes = kernel->explicitArgs().size();
  size_t passed = countKernelArguments(launch.getKernelOperands(), convention);
  if (takes != passed) {
    auto count = [](size_t n, StringRef what) {
      return llvm::formatv("{0} {1}{2}", n, what, n == 1 ? "" : "s").str();
    };
    bool bare = convention == KernelArgConvention::BarePointers;
    return launch.emitError()
           << "kernel '" << kernelName << "' of " << what << " takes "
           << count(takes, "explicit argument") << ", but the launch passes "
           << passed << ": " << count(launch.getNumKernelOperands(), "operand")
           << ", memrefs as "
           << (bare ? "bare pointers (the module carries "
                    : "descriptors (the module does not carry ")
           << kBarePointerKernelsAttrName << ")";
  }
  return success();
}

LogicalResult mlir::fp4::verifyLaunches(ModuleOp module, StringRef chip) {
  KernelArgConvention convention = getKernelArgConvention(module);
  bool ok = true;
  module.walk([&](gpu::LaunchFuncOp launch) {
    ok &= succeeded(verifyLaunch(launch, convention, chip));
  });
  return success(ok);
}

LogicalResult mlir::fp4::lowerHostToLLVM(ModuleOp module) {
  if (failed(verifyLaunches(module)))
    return failure();
  replaceGpuAddressSpaces(module);
  annotateLaunchLocations(module);
  PassManager pm(module.getContext());
  buildHostToLLVMPipeline(pm, getKernelArgConvention(module));
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
