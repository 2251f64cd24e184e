//===- CheckRegistrations.cpp - name what a context lacks -------*- C++ -*-===//
//
// fp4-check-registrations: upstream dialects promise the interfaces that
// their extensions implement (declarePromisedInterface); a context whose
// registry holds the dialects but not the extensions keeps the promises
// unresolved, and every pass that asks the op for the interface gets "no"
// (in a build with assertions: a fatal error). The pass asks first, for the
// interfaces the lowering uses, and names what is missing.
//
//===----------------------------------------------------------------------===//

#include "fp4/Pipelines/Passes.h"

#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Dialect/Bufferization/IR/BufferViewFlowOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Interfaces/SubsetOpInterface.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "mlir/Target/LLVMIR/LLVMTranslationInterface.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Debug.h"

#include <map>

#define DEBUG_TYPE "fp4-check-registrations"

namespace mlir::fp4 {
#define GEN_PASS_DEF_CHECKREGISTRATIONS
#include "fp4/Pipelines/Passes.h.inc"
} // namespace mlir::fp4

using namespace mlir;
using namespace mlir::fp4;

namespace {
struct Interface {
  TypeID id;
  const char *name;
};
} // namespace

/// The op interfaces the lowering asks upstream ops for.
static SmallVector<Interface> opInterfaces() {
  return {
      {bufferization::BufferizableOpInterface::getInterfaceID(),
       "BufferizableOpInterface"},
      {bufferization::BufferViewFlowOpInterface::getInterfaceID(),
       "BufferViewFlowOpInterface"},
      {TilingInterface::getInterfaceID(), "TilingInterface"},
      {PartialReductionOpInterface::getInterfaceID(),
       "PartialReductionOpInterface"},
      {ValueBoundsOpInterface::getInterfaceID(), "ValueBoundsOpInterface"},
      {SubsetOpInterface::getInterfaceID(), "SubsetOpInterface"},
      {SubsetExtractionOpInterface::getInterfaceID(),
       "SubsetExtractionOpInterface"},
      {SubsetInsertionOpInterface::getInterfaceID(),
       "SubsetInsertionOpInterface"},
  };
}

/// The dialect interfaces it asks dialects for.
static SmallVector<Interface> dialectInterfaces() {
  return {{TypeID::get<ConvertToLLVMPatternInterface>(),
           "ConvertToLLVMPatternInterface"}};
}

SmallVector<MissingRegistration>
mlir::fp4::findMissingRegistrations(MLIRContext *context) {
  SmallVector<MissingRegistration> missing;
  // Promises of op interfaces, by (interface, dialect), in a stable order.
  std::map<std::pair<std::string, std::string>, SmallVector<std::string>>
      unresolved;
  for (RegisteredOperationName name : context->getRegisteredOperations())
    for (const Interface &iface : opInterfaces())
      if (dialect_extension_detail::hasPromisedInterface(
              name.getDialect(), name.getTypeID(), iface.id))
        unresolved[{iface.name, name.getDialectNamespace().str()}].push_back(
            name.getStringRef().str());
  for (auto &[key, ops] : unresolved) {
    llvm::sort(ops);
    missing.push_back({key.first, key.second, std::move(ops)});
  }
  std::vector<Dialect *> loaded = context->getLoadedDialects();
  llvm::sort(loaded, [](Dialect *a, Dialect *b) {
    return a->getNamespace() < b->getNamespace();
  });
  for (Dialect *dialect : loaded)
    for (const Interface &iface : dialectInterfaces())
      if (dialect_extension_detail::hasPromisedInterface(
              *dialect, dialect->getTypeID(), iface.id))
        missing.push_back({iface.name, dialect->getNamespace().str(), {}});
  // The kernels are translated from the llvm and rocdl dialects; the
  // translations are dialect interfaces no dialect promises.
  for (Dialect *dialect :
       {static_cast<Dialect *>(context->getOrLoadDialect<LLVM::LLVMDialect>()),
        static_cast<Dialect *>(
            context->getOrLoadDialect<ROCDL::ROCDLDialect>())})
    if (!dialect->getRegisteredInterface<LLVMTranslationDialectInterface>())
      missing.push_back(
          {"LLVM IR translation", dialect->getNamespace().str(), {}});
  // The host's translation (the JIT) embeds each gpu.binary through its
  // offloading handler, #gpu.select_object by default; without the model
  // the upstream translation dereferences a null interface.
  context->getOrLoadDialect<gpu::GPUDialect>();
  if (!AbstractAttribute::lookup(TypeID::get<gpu::SelectObjectAttr>(), context)
           .hasInterface(
               gpu::OffloadingLLVMTranslationAttrInterface::getInterfaceID()))
    missing.push_back(
        {"OffloadingLLVMTranslationAttrInterface (#gpu.select_object)",
         "gpu",
         {}});
  return missing;
}

namespace {
struct CheckRegistrationsPass
    : fp4::impl::CheckRegistrationsBase<CheckRegistrationsPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    // The dialects whose translations are checked: loaded before any pass
    // runs, as the conversions load them.
    registry.insert<LLVM::LLVMDialect, ROCDL::ROCDLDialect>();
  }

  void runOnOperation() override {
    SmallVector<MissingRegistration> missing =
        findMissingRegistrations(&getContext());
    LLVM_DEBUG(llvm::dbgs() << "fp4-check-registrations: " << missing.size()
                            << " missing\n");
    if (missing.empty())
      return;
    // The error names each interface and the dialects lacking it; a note per
    // dialect lists the ops.
    std::map<std::string, SmallVector<std::string>> byInterface;
    for (const MissingRegistration &m : missing)
      byInterface[m.interface].push_back(m.dialect);
    SmallVector<std::string> parts;
    for (auto &[iface, dialects] : byInterface)
      parts.push_back(iface + " (" + llvm::join(dialects, ", ") + ")");
    InFlightDiagnostic diag =
        getOperation().emitError()
        << "fp4-lower-to-hsaco needs interface models and LLVM IR "
           "translations the context does not have: "
        << llvm::join(parts, ", ")
        << "; register them with mlir::fp4::registerFp4Dialects (C: "
           "fp4RegisterDialects) or the upstream functions that provide them";
    for (const MissingRegistration &m : missing) {
      if (m.ops.empty()) {
        diag.attachNote() << "dialect '" << m.dialect << "' has no "
                          << m.interface;
        continue;
      }
      Diagnostic &note = diag.attachNote();
      note << "dialect '" << m.dialect << "' promises "
           << m.interface << " for ";
      constexpr size_t kShown = 4;
      for (size_t i = 0; i < std::min(kShown, m.ops.size()); ++i)
        note << (i ? ", " : "") << m.ops[i];
      if (m.ops.size() > kShown)
        note << " and " << m.ops.size() - kShown << " other ops";
      note << ", but no registered extension implements it";
    }
    signalPassFailure();
  }
};
} // namespace
