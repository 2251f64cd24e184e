//===- fp4-runner.cpp - JIT a program, kernels on a device -----*- C++ -*-===//
//
// mlir-runner's conventions over the fp4 devices:
//
//   fp4-opt prog.mlir --fp4-lower-to-hsaco |
//     fp4-runner -e main --entry-point-result=void \
//       --shared-libs=$LLVM/lib/libmlir_c_runner_utils.so,...
//
// The host side is lowered with the upstream passes (mlir::fp4::
// buildHostToLLVMPipeline) unless it is in the LLVM dialect already, JITed
// by mlir::ExecutionEngine, and its gpu.launch_func calls run on the
// emulator or HIP through libfp4_gpu_runtime_wrappers.so.
//
//===----------------------------------------------------------------------===//

#include "fp4/Registration/Registration.h"
#include "fp4/Run/Jit.h"
#include "fp4/Runtime/GpuWrappers.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
namespace cl = llvm::cl;
namespace rt = ::fp4::runtime;

static cl::list<std::string>
    inputFiles(cl::Positional,
               cl::desc("<module.mlir> (- for stdin) [more modules to link "
                        "in]"));
static cl::opt<std::string> entry("e", cl::desc("the function to call"),
                                  cl::value_desc("name"), cl::init("main"));
static cl::opt<std::string>
    entryResult("entry-point-result",
                cl::desc("the entry's result type: void, i32, i64 or f32"),
                cl::init("void"));
static cl::list<std::string>
    sharedLibs("shared-libs", cl::desc("libraries the program calls into"),
               cl::CommaSeparated);
static cl::opt<unsigned> optLevel("O", cl::desc("host optimization level"),
                                  cl::Prefix, cl::init(2));
static cl::opt<rt::DeviceKind> device(
    "device",
    cl::desc("where the kernels run (default: $FP4_DEVICE, else auto)"),
    cl::values(clEnumValN(rt::DeviceKind::Auto, "auto",
                          "an AMD GPU through HIP if one is present, else the "
                          "emulator"),
               clEnumValN(rt::DeviceKind::Hip, "hip", "an AMD GPU through HIP"),
               clEnumValN(rt::DeviceKind::Emulator, "emu",
                          "the CPU emulator (runs the kernels' device IR)")),
    cl::init(rt::DeviceKind::Auto));
static cl::opt<unsigned>
    threads("emu-threads", cl::desc("emulator host threads (0: all cores)"),
            cl::init(0));
static cl::opt<bool>
    printLaunches("print-launches",
                  cl::desc("print each launch and its time on stderr"),
                  cl::init(false));
static cl::opt<bool>
    linkOnly("link-only",
             cl::desc("print the inputs linked into one module and stop"),
             cl::init(false));
static cl::opt<bool> lowerOnly(
    "lower-only",
    cl::desc("print the host side lowered to the LLVM dialect (input for "
             "mlir-runner) and stop"),
    cl::init(false));

/// Moves the top-level ops of `other` into `module`. A definition replaces
/// a private declaration of the same name (a test's main declares the
/// compiled GEMM function it calls); any other clash is an error.
static LogicalResult linkInto(ModuleOp module, ModuleOp other) {
  for (NamedAttribute attr : other->getDiscardableAttrs())
    if (!module->hasAttr(attr.getName()))
      module->setAttr(attr.getName(), attr.getValue());
  SymbolTable symbols(module);
  for (Operation &op : llvm::make_early_inc_range(*other.getBody())) {
    if (auto name =
            op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName())) {
      if (Operation *existing = symbols.lookup(name)) {
        auto declaration = dyn_cast<FunctionOpInterface>(existing);
        auto definition = dyn_cast<FunctionOpInterface>(&op);
        if (declaration && declaration.isExternal() && definition &&
            !definition.isExternal() &&
            declaration.getFunctionType() == definition.getFunctionType()) {
          symbols.erase(existing);
        } else if (definition && definition.isExternal() && declaration &&
                   declaration.getFunctionType() ==
                       definition.getFunctionType()) {
          continue; // a declaration of what the module already has
        } else {
          return op.emitError("@")
                 << name.getValue() << " is defined by two of the inputs";
        }
      }
    }
    op.moveBefore(module.getBody(), module.getBody()->end());
    if (auto name =
            op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
      symbols.insert(&op);
  }
  return success();
}

/// Whether everything outside the GPU binaries is in the LLVM dialect.
static bool isLowered(ModuleOp module) {
  bool lowered = true;
  module.walk([&](Operation *op) {
    if (op == module.getOperation() || isa<gpu::BinaryOp>(op) ||
        isa<LLVM::LLVMDialect>(op->getDialect()))
      return WalkResult::advance();
    lowered = false;
    return WalkResult::interrupt();
  });
  return lowered;
}

/// mlir-runner's checks: the entry exists, takes nothing, returns `result`.
static LogicalResult checkEntry(ModuleOp module) {
  auto func = module.lookupSymbol<LLVM::LLVMFuncOp>(entry);
  if (!func || func.isExternal())
    return module.emitError("no function @") << entry << " to run";
  auto type = func.getFunctionType();
  if (type.getNumParams() != 0)
    return func.emitError("the entry function must take no arguments");
  Type r = type.getReturnType();
  bool ok = entryResult == "void"  ? isa<LLVM::LLVMVoidType>(r)
            : entryResult == "i32" ? r.isInteger(32)
            : entryResult == "i64" ? r.isInteger(64)
            : entryResult == "f32" ? r.isF32()
                                   : false;
  if (!ok)
    return func.emitError("the entry function returns ")
           << r << ", not --entry-point-result=" << entryResult;
  return success();
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(
      argc, argv,
      "fp4-runner: JIT a module compiled by fp4-opt "
      "--fp4-lower-to-hsaco and run its entry function\n");
  if (entryResult != "void" && entryResult != "i32" && entryResult != "i64" &&
      entryResult != "f32") {
    llvm::errs() << "fp4-runner: --entry-point-result must be void, i32, i64 "
                    "or f32, not '"
                 << entryResult << "'\n";
    return 2;
  }
  DialectRegistry registry;
  mlir::fp4::registerFp4Dialects(registry);
  // Host programs around the kernels may use these too.
  registry.insert<affine::AffineDialect, bufferization::BufferizationDialect,
                  index::IndexDialect, linalg::LinalgDialect>();
  MLIRContext context(registry);
  if (inputFiles.empty())
    inputFiles.push_back("-");
  // One source manager per input, so that diagnostics show its lines.
  std::vector<std::unique_ptr<llvm::SourceMgr>> sources;
  std::vector<std::unique_ptr<SourceMgrDiagnosticHandler>> handlers;
  OwningOpRef<ModuleOp> module;
  for (const std::string &path : inputFiles) {
    std::string error;
    auto file = openInputFile(path, &error);
    if (!file) {
      llvm::errs() << "fp4-runner: " << error << "\n";
      return 2;
    }
    auto &source = *sources.emplace_back(std::make_unique<llvm::SourceMgr>());
    source.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
    handlers.clear();
    handlers.push_back(
        std::make_unique<SourceMgrDiagnosticHandler>(source, &context));
    OwningOpRef<ModuleOp> parsed = parseSourceFile<ModuleOp>(source, &context);
    if (!parsed)
      return 2;
    if (!module)
      module = std::move(parsed);
    else if (failed(linkInto(*module, *parsed)))
      return 1;
  }
  if (linkOnly) {
    module->print(llvm::outs());
    llvm::outs() << "\n";
    return 0;
  }
  if (!isLowered(*module) && failed(mlir::fp4::lowerHostToLLVM(*module)))
    return 1;
  if (lowerOnly) {
    // For mlir-runner, which knows no mxfp4 attribute: the fp4.* function
    // attributes (the GEMM description) mean nothing to the lowered code.
    module->walk([](LLVM::LLVMFuncOp func) {
      for (NamedAttribute attr : func->getDiscardableAttrs())
        if (attr.getName().getValue().starts_with("fp4."))
          func->removeDiscardableAttr(attr.getName());
    });
    module->print(llvm::outs());
    llvm::outs() << "\n";
    return 0;
  }
  if (failed(checkEntry(*module)))
    return 1;

  rt::gpu::RuntimeOptions runtimeOptions;
  runtimeOptions.device.threads = threads;
  runtimeOptions.device.kind = device;
  if (device.getNumOccurrences() == 0)
    if (const char *env = std::getenv("FP4_DEVICE")) {
      llvm::StringRef k(env);
      if (k == "hip" || k == "emu" || k == "auto")
        runtimeOptions.device.kind = k == "hip"   ? rt::DeviceKind::Hip
                                     : k == "emu" ? rt::DeviceKind::Emulator
                                                  : rt::DeviceKind::Auto;
      else {
        llvm::errs() << "fp4-runner: FP4_DEVICE must be auto, hip or emu, not '"
                     << k << "'\n";
        return 2;
      }
    }
  runtimeOptions.errorMode = rt::gpu::ErrorMode::Record;
  runtimeOptions.printLaunches = printLaunches;
  rt::gpu::configure(runtimeOptions);

  mlir::fp4::JitOptions jitOptions;
  jitOptions.optLevel = optLevel;
  jitOptions.sharedLibs.assign(sharedLibs.begin(), sharedLibs.end());
  auto engine = mlir::fp4::createExecutionEngine(*module, jitOptions);
  if (!engine) {
    llvm::errs() << "fp4-runner: cannot JIT the module: "
                 << llvm::toString(engine.takeError()) << "\n";
    return 1;
  }
  llvm::Error run = llvm::Error::success();
  if (entryResult == "void") {
    run = (*engine)->invokePacked(entry);
  } else if (entryResult == "i32") {
    int32_t r = 0;
    run = (*engine)->invoke(entry, ExecutionEngine::result(r));
    if (!run)
      llvm::outs() << r << "\n";
  } else if (entryResult == "i64") {
    int64_t r = 0;
    run = (*engine)->invoke(entry, ExecutionEngine::result(r));
    if (!run)
      llvm::outs() << r << "\n";
  } else {
    float r = 0;
    run = (*engine)->invoke(entry, ExecutionEngine::result(r));
    if (!run)
      llvm::outs() << llvm::formatv("{0}", r) << "\n";
  }
  llvm::outs().flush();
  if (run) {
    llvm::errs() << "fp4-runner: " << llvm::toString(std::move(run)) << "\n";
    return 1;
  }
  // The program's module destructors (mgpuModuleUnload) run here.
  engine->reset();
  if (std::optional<std::string> failure = rt::gpu::takeError()) {
    llvm::errs() << "fp4-runner: error: " << *failure << "\n";
    return 1;
  }
  return 0;
}
