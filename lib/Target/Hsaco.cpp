//===- Hsaco.cpp - gpu.module to HSACO with the AMDGPU backend --*- C++ -*-===//

#include "fp4/Target/Hsaco.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdio>
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

static Expected<const llvm::Target *> lookupAMDGPUTarget() {
  initializeAMDGPUTarget();
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(llvm::Triple(kTriple), error);
  if (!target)
    return llvm::createStringError("AMDGPU target unavailable: " + error);
  return target;
}

llvm::Error fp4::checkHsacoOptions(const HsacoOptions &options) {
  if (options.optLevel > 3)
    return llvm::createStringError("opt-level must be 0 to 3, got " +
                                   llvm::Twine(options.optLevel));
  auto target = lookupAMDGPUTarget();
  if (!target)
    return target.takeError();
  // An unknown processor would make LLVM fall back to a generic one with a
  // warning on stderr; the user asked for a chip, so refuse instead.
  std::unique_ptr<llvm::MCSubtargetInfo> sti((*target)->createMCSubtargetInfo(
      llvm::Triple(kTriple), options.chip, ""));
  if (!sti || !sti->isCPUStringValid(options.chip))
    return llvm::createStringError("'" + options.chip +
                                   "' is not an AMDGPU processor");
  return llvm::Error::success();
}

static Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const fp4::HsacoOptions &options) {
  if (llvm::Error e = fp4::checkHsacoOptions(options))
    return std::move(e);
  const llvm::Target *target = *lookupAMDGPUTarget();
  llvm::Triple triple(kTriple);
  llvm::TargetOptions targetOptions;
  std::unique_ptr<llvm::TargetMachine> tm(target->createTargetMachine(
      triple, options.chip, /*Features=*/"", targetOptions, llvm::Reloc::PIC_,
      std::nullopt, llvm::CodeGenOptLevel::Aggressive));
  if (!tm)
    return llvm::createStringError("cannot create a target machine for " +
                                   options.chip);
  return std::move(tm);
}

namespace {
/// Where the fatal-error handler leaves the reason of an LLVM fatal error
/// raised inside runRecoveringFatalErrors on this thread; null elsewhere.
thread_local std::string *fatalErrorReason = nullptr;
} // namespace

/// LLVM calls this on report_fatal_error ("Cannot select: ..." and other
/// errors the backend has no way to return). Inside a compilation it records
/// the reason and leaves through the crash recovery context; elsewhere it
/// prints what LLVM would print, and report_fatal_error then ends the
/// process as it does without a handler.
static void handleFatalError(void *, const char *reason, bool) {
  if (fatalErrorReason)
    if (llvm::CrashRecoveryContext *crc =
            llvm::CrashRecoveryContext::GetCurrent()) {
      *fatalErrorReason = reason;
      crc->HandleExit(1);
    }
  std::fprintf(stderr, "LLVM ERROR: %s\n", reason);
}

/// Runs `fn` (LLVM optimization and code generation), turning an LLVM fatal
/// error or a crash inside it into an error of this compilation instead of
/// the end of the process. What `fn` had allocated when it stopped is
/// leaked: the stack is unwound by longjmp, as in clang's crash recovery.
static llvm::Error runRecoveringFatalErrors(llvm::function_ref<void()> fn) {
  static std::once_flag once;
  std::call_once(once,
                 [] { llvm::install_fatal_error_handler(handleFatalError); });
  llvm::CrashRecoveryContext::Enable();
  std::string reason;
  llvm::CrashRecoveryContext crc;
  fatalErrorReason = &reason;
  bool finished = crc.RunSafely(fn);
  fatalErrorReason = nullptr;
  if (finished)
    return llvm::Error::success();
  if (!reason.empty())
    return llvm::createStringError("the AMDGPU backend failed: " + reason);
  return llvm::createStringError("the AMDGPU backend crashed (exit code " +
                                 llvm::Twine(crc.RetCode) + ")");
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

  if (llvm::Error e = runRecoveringFatalErrors(
          [&] { optimize(*module, **tm, options.optLevel); }))
    return std::move(e);
  // translateModuleToLLVMIR verified its output; this checks what the
  // optimizer made of it, before the backend relies on it.
  std::string verifyErrors;
  llvm::raw_string_ostream verifyStream(verifyErrors);
  if (llvm::verifyModule(*module, &verifyStream))
    return llvm::createStringError("invalid device LLVM IR: " + verifyErrors);

  // The machine scheduler's default strategy favours occupancy: where it
  // sees registers to save, it moves a K loop's loads for the next step
  // after this step's quantization, and every iteration then waits a whole
  // load latency (a dynamic-M kernel at 16x2112x7168 rated 32 us by model
  // v2, 14 us with this). Our kernels run few waves per SIMD, so latency
  // matters more than occupancy: schedule for ILP (docs/report.md,
  // "Scheduling for latency"). A strategy already on the function is kept.
  for (llvm::Function &f : *module)
    if (f.getCallingConv() == llvm::CallingConv::AMDGPU_KERNEL &&
        !f.hasFnAttribute("amdgpu-sched-strategy"))
      f.addFnAttr("amdgpu-sched-strategy", "iterative-ilp");

  HsacoResult result;
  {
    llvm::raw_string_ostream irStream(result.deviceIR);
    module->print(irStream, nullptr);
  }

  llvm::SmallString<0> object;
  llvm::raw_svector_ostream objStream(object);
  bool cannotEmit = false;
  if (llvm::Error e = runRecoveringFatalErrors([&] {
        llvm::legacy::PassManager codegen;
        // Every AMDGPU target machine emits objects; kept as an error
        // rather than an assert all the same.
        cannotEmit = (*tm)->addPassesToEmitFile(
            codegen, objStream, nullptr, llvm::CodeGenFileType::ObjectFile);
        if (!cannotEmit)
          codegen.run(*module);
      }))
    return std::move(e);
  if (cannotEmit)
    return llvm::createStringError("the AMDGPU backend cannot emit objects");
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
