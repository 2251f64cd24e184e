//===- SerializeToHsacoPass.cpp - gpu.module -> gpu.binary ------*- C++ -*-===//

#include "fp4/Target/Hsaco.h"

#include "fp4/Runtime/DeviceIRSection.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#define DEBUG_TYPE "fp4-serialize-to-hsaco"

namespace mlir::fp4 {
#define GEN_PASS_DEF_SERIALIZETOHSACO
#include "fp4/Target/Passes.h.inc"
} // namespace mlir::fp4

using namespace mlir;

namespace {
struct SerializeToHsacoPass
    : public mlir::fp4::impl::SerializeToHsacoBase<SerializeToHsacoPass> {
  using Base::Base;

  void runOnOperation() override {
    // The options are checked whether or not the module holds a gpu.module,
    // so that a wrong option never passes unnoticed.
    mlir::fp4::HsacoOptions options;
    options.chip = chip;
    options.optLevel = optLevel;
    Location loc = getOperation().getLoc();
    if (llvm::Error e = mlir::fp4::checkHsacoOptions(options)) {
      emitError(loc) << llvm::toString(std::move(e));
      return signalPassFailure();
    }
    if (!dumpDir.empty())
      if (std::error_code ec = llvm::sys::fs::create_directories(dumpDir)) {
        emitError(loc) << "cannot create dump-dir '" << dumpDir
                       << "': " << ec.message();
        return signalPassFailure();
      }
    SmallVector<gpu::GPUModuleOp> modules(
        getOperation().getOps<gpu::GPUModuleOp>());
    for (gpu::GPUModuleOp module : modules)
      if (failed(serialize(module, options)))
        return signalPassFailure();
  }

  /// The module's targets, if it has any, must be the chip compiled for:
  /// the binary is labelled with that chip.
  LogicalResult checkTargets(gpu::GPUModuleOp module) {
    ArrayAttr targets = module.getTargetsAttr();
    if (!targets)
      return success();
    for (Attribute target : targets) {
      auto rocdl = dyn_cast<ROCDL::ROCDLTargetAttr>(target);
      if (!rocdl)
        return module.emitError()
               << "gpu.module @" << module.getName()
               << " has a target that is not #rocdl.target: " << target;
      if (rocdl.getChip() != chip)
        return module.emitError()
               << "gpu.module @" << module.getName() << " targets '"
               << rocdl.getChip()
               << "', but fp4-serialize-to-hsaco compiles for '" << chip << "'";
    }
    return success();
  }

  LogicalResult serialize(gpu::GPUModuleOp module,
                          const mlir::fp4::HsacoOptions &options) {
    if (failed(checkTargets(module)))
      return failure();
    // The dump files are named after the symbol, which may hold any
    // character: a path separator would write outside dump-dir.
    if (!dumpDir.empty() && module.getName().find_first_of(
                                StringRef("/\\\0", 3)) != StringRef::npos)
      return module.emitError("cannot dump gpu.module @\"")
             << module.getName() << "\": its name is not a plain file name";
    LLVM_DEBUG(llvm::dbgs() << "serializing @" << module.getName() << " for "
                            << chip << "\n");
    auto result = mlir::fp4::serializeToHsaco(module, options);
    if (!result)
      return module.emitError("cannot make an HSACO: ")
             << llvm::toString(result.takeError());
    if (embedDeviceIR) {
      auto withIR =
          ::fp4::runtime::addDeviceIR(result->hsaco, result->deviceIR);
      if (!withIR)
        return module.emitError("cannot add the device IR to the HSACO: ")
               << llvm::toString(withIR.takeError());
      result->hsaco = std::move(*withIR);
    }
    if (!dumpDir.empty() && failed(dump(module, *result)))
      return failure();

    MLIRContext *ctx = module.getContext();
    Builder b(ctx);
    auto target = ROCDL::ROCDLTargetAttr::get(ctx, /*optLevel=*/optLevel,
                                              "amdgcn-amd-amdhsa", chip);
    auto props = b.getDictionaryAttr(
        b.getNamedAttr("fp4.device_ir", b.getStringAttr(result->deviceIR)));
    auto object =
        gpu::ObjectAttr::get(ctx, target, gpu::CompilationTarget::Binary,
                             b.getStringAttr(result->hsaco), props,
                             /*kernels=*/nullptr);
    OpBuilder builder(module);
    gpu::BinaryOp::create(builder, module.getLoc(), module.getName(),
                          /*offloadingHandler=*/nullptr,
                          b.getArrayAttr({object}));
    module.erase();
    return success();
  }

  LogicalResult dump(gpu::GPUModuleOp module,
                     const mlir::fp4::HsacoResult &result) {
    for (auto [ext, text] :
         {std::pair<const char *, const std::string *>{".hsaco", &result.hsaco},
          {".ll", &result.deviceIR}}) {
      llvm::SmallString<128> path(dumpDir.getValue());
      llvm::sys::path::append(path, module.getName().str() + ext);
      std::error_code ec;
      llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
      if (!ec) {
        os << *text;
        os.close();
        // An error left in the stream (a full disk) would make its
        // destructor call report_fatal_error.
        ec = os.error();
        os.clear_error();
      }
      if (ec)
        return module.emitError("cannot write ")
               << path << ": " << ec.message();
    }
    return success();
  }
};
} // namespace
