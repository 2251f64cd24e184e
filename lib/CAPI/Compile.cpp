//===- Compile.cpp - C API: compile mxfp4 modules to HSACO ------*- C++ -*-===//
//
// Parses module text in a fresh context, runs the pipeline fp4-opt runs,
// and copies out what an embedder needs: the compiled module, each
// gpu.binary's HSACO and device IR, the host functions' launches and
// arguments, and every diagnostic as text.
//
//===----------------------------------------------------------------------===//

#include "fp4-c/Compile.h"

#include "ModuleText.h"
#include "Utils.h"

#include "fp4/Dialect/MXFP4/Utils/ProblemBuilder.h"
#include "fp4/Pipelines/Pipelines.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Pass/PassManager.h"

#include <vector>

using namespace mlir;
using namespace mlir::fp4;

namespace {
struct BinaryData {
  std::string name, hsaco, deviceIR;
};
struct LaunchData {
  std::string function, binary, kernel;
  uint32_t grid[3], block[3];
  std::vector<intptr_t> operandArgs;
};
struct ArgumentData {
  std::string role;
  int64_t bytes;
};
struct CompileResultData {
  bool succeeded = false;
  std::string module, diagnostics;
  std::vector<BinaryData> binaries;
  std::vector<LaunchData> launches;
  std::vector<std::pair<std::string, std::vector<ArgumentData>>> functions;

  const std::vector<ArgumentData> *findFunction(llvm::StringRef name) const {
    for (const auto &[fn, args] : functions)
      if (fn == name)
        return &args;
    return nullptr;
  }
};
} // namespace

static CompileResultData *unwrap(Fp4CompileResult r) {
  return static_cast<CompileResultData *>(r.ptr);
}

/// Pass options are not copyable: fill them in place.
static void fillPipelineOptions(const Fp4CompileOptions &o,
                                LowerToHsacoOptions &options) {
  llvm::StringRef chip = capi::toStringRef(o.chip);
  options.chip = chip.empty() ? std::string("gfx950") : chip.str();
  options.mfma = o.mfma;
  options.optLevel = o.optLevel;
  options.dumpDir = capi::toStringRef(o.dumpDir).str();
}

Fp4CompileOptions fp4CompileOptionsGetDefault() {
  return Fp4CompileOptions{MlirStringRef{"gfx950", 6}, /*mfma=*/0,
                           /*optLevel=*/3, MlirStringRef{"", 0}};
}

Fp4Status fp4AddLowerToHsacoPipeline(MlirOpPassManager pm,
                                     Fp4CompileOptions options) {
  OpPassManager *opm = unwrap(pm);
  // The pipeline's passes run on the module (and nest on gpu.module): a
  // manager anchored on another op could never run them.
  llvm::StringRef anchor = opm->getOpAnchorName();
  if (anchor != ModuleOp::getOperationName() &&
      anchor != OpPassManager::getAnyOpAnchorName())
    return capi::makeError("fp4-lower-to-hsaco runs on builtin.module, not "
                           "on a pass manager anchored on '" +
                           anchor + "'");
  LowerToHsacoOptions pipelineOptions;
  fillPipelineOptions(options, pipelineOptions);
  if (llvm::Error e = checkLowerToHsacoOptions(pipelineOptions))
    return capi::makeError("fp4-lower-to-hsaco: " +
                           llvm::toString(std::move(e)));
  buildLowerToHsacoPipeline(*opm, pipelineOptions);
  return Fp4Status{nullptr};
}

static int64_t staticBytes(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !memref.hasStaticShape() ||
      memref.getElementTypeBitWidth() % 8)
    return -1;
  return memref.getNumElements() * (memref.getElementTypeBitWidth() / 8);
}

static void collect(ModuleOp module, CompileResultData &out) {
  for (auto binary : module.getOps<gpu::BinaryOp>()) {
    for (Attribute a : binary.getObjects()) {
      auto object = dyn_cast<gpu::ObjectAttr>(a);
      if (!object || object.getFormat() != gpu::CompilationTarget::Binary)
        continue;
      BinaryData data;
      data.name = binary.getName().str();
      data.hsaco = object.getObject().getValue().str();
      if (DictionaryAttr props = object.getProperties())
        if (auto ir = props.getAs<StringAttr>("fp4.device_ir"))
          data.deviceIR = ir.getValue().str();
      out.binaries.push_back(std::move(data));
      break;
    }
  }
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal())
      continue;
    std::vector<ArgumentData> args;
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
      auto role = func.getArgAttrOfType<StringAttr>(i, "fp4.arg");
      args.push_back({role ? role.getValue().str() : std::string(),
                      staticBytes(func.getArgument(i).getType())});
    }
    out.functions.emplace_back(func.getName().str(), std::move(args));
    func.walk([&](gpu::LaunchFuncOp launch) {
      LaunchData data;
      data.function = func.getName().str();
      data.binary = launch.getKernelModuleName().str();
      data.kernel = launch.getKernelName().str();
      Value sizes[6] = {launch.getGridSizeX(),  launch.getGridSizeY(),
                        launch.getGridSizeZ(),  launch.getBlockSizeX(),
                        launch.getBlockSizeY(), launch.getBlockSizeZ()};
      for (int i = 0; i < 6; ++i) {
        std::optional<int64_t> c = getConstantIntValue(sizes[i]);
        // 0 marks a size that is not a constant in range.
        uint32_t v = c && *c > 0 && *c <= UINT32_MAX ? uint32_t(*c) : 0;
        (i < 3 ? data.grid[i] : data.block[i - 3]) = v;
      }
      for (Value operand : launch.getKernelOperands())
        data.operandArgs.push_back(mxfp4::getViewedArgument(operand, func));
      out.launches.push_back(std::move(data));
    });
  }
}

MlirLogicalResult fp4CompileToHsaco(MlirStringRef moduleText,
                                    Fp4CompileOptions options,
                                    Fp4CompileResult *result) {
  auto *data = new CompileResultData();
  *result = Fp4CompileResult{data};

  capi::ParsedModule parsed(moduleText, data->diagnostics);
  ModuleOp module = parsed.getModule();
  if (!module) {
    if (data->diagnostics.empty())
      data->diagnostics = "error: the text is not an MLIR module\n";
    return mlirLogicalResultFailure();
  }

  PassManager pm(module.getContext());
  LowerToHsacoOptions pipelineOptions;
  fillPipelineOptions(options, pipelineOptions);
  // Checked up front as fp4-opt does: the passes would only notice a bad
  // value where the module holds something it applies to.
  if (llvm::Error e = checkLowerToHsacoOptions(pipelineOptions)) {
    data->diagnostics =
        "error: fp4-lower-to-hsaco: " + llvm::toString(std::move(e)) + "\n";
    return mlirLogicalResultFailure();
  }
  buildLowerToHsacoPipeline(pm, pipelineOptions);
  if (failed(pm.run(module))) {
    if (data->diagnostics.empty())
      data->diagnostics = "error: fp4-lower-to-hsaco failed\n";
    return mlirLogicalResultFailure();
  }
  {
    llvm::raw_string_ostream os(data->module);
    module.print(os);
  }
  collect(module, *data);
  data->succeeded = true;
  return mlirLogicalResultSuccess();
}

void fp4CompileResultDestroy(Fp4CompileResult result) { delete unwrap(result); }

bool fp4CompileResultSucceeded(Fp4CompileResult result) {
  return unwrap(result)->succeeded;
}

MlirStringRef fp4CompileResultGetModule(Fp4CompileResult result) {
  return capi::toMlirStringRef(unwrap(result)->module);
}

MlirStringRef fp4CompileResultGetDiagnostics(Fp4CompileResult result) {
  return capi::toMlirStringRef(unwrap(result)->diagnostics);
}

intptr_t fp4CompileResultGetNumBinaries(Fp4CompileResult result) {
  return unwrap(result)->binaries.size();
}

Fp4Binary fp4CompileResultGetBinary(Fp4CompileResult result, intptr_t pos) {
  const BinaryData &b = unwrap(result)->binaries.at(pos);
  return Fp4Binary{capi::toMlirStringRef(b.name),
                   reinterpret_cast<const uint8_t *>(b.hsaco.data()),
                   b.hsaco.size(), capi::toMlirStringRef(b.deviceIR)};
}

intptr_t fp4CompileResultGetNumLaunches(Fp4CompileResult result) {
  return unwrap(result)->launches.size();
}

Fp4LaunchInfo fp4CompileResultGetLaunch(Fp4CompileResult result, intptr_t pos) {
  const LaunchData &l = unwrap(result)->launches.at(pos);
  Fp4LaunchInfo info;
  info.function = capi::toMlirStringRef(l.function);
  info.binary = capi::toMlirStringRef(l.binary);
  info.kernel = capi::toMlirStringRef(l.kernel);
  for (int i = 0; i < 3; ++i) {
    info.grid[i] = l.grid[i];
    info.block[i] = l.block[i];
  }
  info.numOperands = l.operandArgs.size();
  return info;
}

intptr_t fp4CompileResultGetLaunchOperandArgument(Fp4CompileResult result,
                                                  intptr_t launch,
                                                  intptr_t operand) {
  return unwrap(result)->launches.at(launch).operandArgs.at(operand);
}

intptr_t fp4CompileResultGetNumArguments(Fp4CompileResult result,
                                         MlirStringRef function) {
  const auto *args = unwrap(result)->findFunction(capi::toStringRef(function));
  return args ? intptr_t(args->size()) : -1;
}

Fp4ArgumentInfo fp4CompileResultGetArgument(Fp4CompileResult result,
                                            MlirStringRef function,
                                            intptr_t pos) {
  const auto *args = unwrap(result)->findFunction(capi::toStringRef(function));
  if (!args || pos < 0 || size_t(pos) >= args->size())
    return Fp4ArgumentInfo{MlirStringRef{"", 0}, -1};
  const ArgumentData &a = (*args)[pos];
  return Fp4ArgumentInfo{capi::toMlirStringRef(a.role), a.bytes};
}
