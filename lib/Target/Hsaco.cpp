//===- Hsaco.cpp - gpu.module to HSACO with the AMDGPU backend ---*- C++
//-*-===//

#include "fp4/Target/Hsaco.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

#include <mutex>

using namespace mlir;
using llvm::Expected;

static constexpr const char *kTriple = "amdgcn-amd-amdhsa";

static void initializeAMDGPUTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
  });
}

static Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const fp4::HsacoOptions &options) {
  initializeAMDGPUTarget();
  llvm::Triple triple(kTriple);
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return llvm::createStringError("AMDGPU target unavailable: " + error);
  // An unknown processor would make LLVM fall back to a generic one with a
  // warning on stderr; the user asked for a chip, so refuse instead.
  std::unique_ptr<llvm::MCSubtargetInfo> sti(
      target->createMCSubtargetInfo(triple, options.chip, ""));
  if (!sti || !sti->isCPUStringValid(options.chip))
    return llvm::createStringError("'" + options.chip +
                                   "' is not an AMDGPU processor");
  llvm::TargetOptions targetOptions;
  std::unique_ptr<llvm::TargetMachine> tm(target->createTargetMachine(
      triple, options.chip, /*Features=*/"", targetOptions, llvm::Reloc::PIC_,
      std::nullopt, llvm::CodeGenOptLevel::Aggressive));
  if (!tm)
    return llvm::createStringError("cannot create a target machine for " +
                                   options.chip);
  return std::move(tm);
}

/// The same new-pass-manager pipeline clang uses at -O<level>.
static void optimize(llvm::Module &module, llvm::TargetMachine &tm,
                     unsigned optLevel) {
  if (optLevel == 0)
    return;
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb(&tm);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::OptimizationLevel level = optLevel == 1   ? llvm::OptimizationLevel::O1
                                  : optLevel == 2 ? llvm::OptimizationLevel::O2
                                                  : llvm::OptimizationLevel::O3;
  pb.buildPerModuleDefaultPipeline(level).run(module, mam);
}

Expected<fp4::HsacoResult> fp4::serializeToHsaco(gpu::GPUModuleOp gpuModule,
                                                 const HsacoOptions &options) {
  auto tm = createTargetMachine(options);
  if (!tm)
    return tm.takeError();

  llvm::LLVMContext context;
  // Without a handler, an error the backend reports (a resource limit, an
  // unsupported construct) makes LLVM call exit(): collect it instead, and
  // fail this compilation only.
  std::string backendErrors;
  context.setDiagnosticHandlerCallBack(
      [](const llvm::DiagnosticInfo *info, void *errors) {
        if (info->getSeverity() != llvm::DS_Error)
          return;
        llvm::raw_string_ostream os(*static_cast<std::string *>(errors));
        llvm::DiagnosticPrinterRawOStream printer(os);
        info->print(printer);
        os << "\n";
      },
      &backendErrors);
  std::unique_ptr<llvm::Module> module =
      translateModuleToLLVMIR(gpuModule, context, gpuModule.getName());
  if (!module)
    return llvm::createStringError("cannot translate gpu.module @" +
                                   gpuModule.getName().str() + " to LLVM IR");
  module->setTargetTriple(llvm::Triple(kTriple));
  module->setDataLayout((*tm)->createDataLayout());

  optimize(*module, **tm, options.optLevel);
  std::string verifyErrors;
  llvm::raw_string_ostream verifyStream(verifyErrors);
  if (llvm::verifyModule(*module, &verifyStream))
    return llvm::createStringError("invalid device LLVM IR: " + verifyErrors);

  HsacoResult result;
  {
    llvm::raw_string_ostream irStream(result.deviceIR);
    module->print(irStream, nullptr);
  }

  llvm::SmallString<0> object;
  {
    llvm::raw_svector_ostream objStream(object);
    llvm::legacy::PassManager codegen;
    if ((*tm)->addPassesToEmitFile(codegen, objStream, nullptr,
                                   llvm::CodeGenFileType::ObjectFile))
      return llvm::createStringError("the AMDGPU backend cannot emit objects");
    codegen.run(*module);
  }
  if (!backendErrors.empty())
    return llvm::createStringError(
        "the AMDGPU backend failed: " +
        llvm::StringRef(backendErrors).rtrim().str());
  auto hsaco = linkHsaco(object);
  if (!hsaco)
    return hsaco.takeError();
  result.hsaco = std::move(*hsaco);
  return result;
}
