//===- Compile.cpp - C API: compile mxfp4 modules to HSACO ------*- C++ -*-===//
//
// Parses module text in a fresh context, runs the pipeline fp4-opt runs,
// and copies out what an embedder needs: the compiled module, each
// gpu.binary's HSACO and device IR, the host functions' launches and
// arguments, and every diagnostic as text. The options are option text
// parsed by the pipeline's own parser (parseLowerToHsacoOptions), so every
// option of fp4-lower-to-hsaco is reachable from C and Python with no code
// here; per-GEMM configurations are set on the module before the pipeline.
//
//===----------------------------------------------------------------------===//

#include "fp4-c/Compile.h"

#include "ModuleText.h"
#include "Utils.h"

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"
#include "fp4/Dialect/MXFP4/Utils/ProblemBuilder.h"
#include "fp4/Pipelines/Pipelines.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

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
  std::string module, diagnostics, options;
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

/// (key, value) pairs in the order the keys were first set.
struct OrderedMap : std::vector<std::pair<std::string, std::string>> {
  void set(const std::string &key, std::string value) {
    for (auto &entry : *this)
      if (entry.first == key) {
        entry.second = std::move(value);
        return;
      }
    emplace_back(key, std::move(value));
  }
};

/// Option text by option name (each entry "name=value" or a bare "name"),
/// and the configuration overrides by GEMM key.
struct CompileOptionsData {
  OrderedMap options;
  OrderedMap gemmConfigs;

  std::string text() const {
    std::string text;
    for (const auto &entry : options) {
      if (!text.empty())
        text += ' ';
      text += entry.second;
    }
    return text;
  }
};
} // namespace

static CompileResultData *unwrap(Fp4CompileResult r) {
  return static_cast<CompileResultData *>(r.ptr);
}

static CompileOptionsData *unwrap(Fp4CompileOptions o) {
  return static_cast<CompileOptionsData *>(o.ptr);
}

/// The pipeline options `o` holds (the defaults for a null handle), parsed
/// into `options`, which must be fresh.
static llvm::Error toPipelineOptions(Fp4CompileOptions o,
                                     LowerToHsacoOptions &options) {
  return parseLowerToHsacoOptions(o.ptr ? unwrap(o)->text() : "", options);
}

Fp4CompileOptions fp4CompileOptionsCreate() {
  return Fp4CompileOptions{new CompileOptionsData()};
}

void fp4CompileOptionsDestroy(Fp4CompileOptions options) {
  delete unwrap(options);
}

/// Adds the options of `text` to `data`: all of them if the result parses
/// and checks, none otherwise.
static Fp4Status setOptions(CompileOptionsData &data, llvm::StringRef text) {
  llvm::Expected<llvm::SmallVector<PipelineOption>> split =
      splitPipelineOptions(text);
  if (!split)
    return capi::makeStatus(split.takeError());
  CompileOptionsData candidate = data;
  for (const PipelineOption &option : *split)
    candidate.options.set(option.name, option.hasValue
                                           ? option.name + "=" + option.value
                                           : option.name);
  LowerToHsacoOptions check;
  if (llvm::Error e = parseLowerToHsacoOptions(candidate.text(), check))
    return capi::makeStatus(std::move(e));
  data.options = std::move(candidate.options);
  return Fp4Status{nullptr};
}

Fp4Status fp4CompileOptionsParse(Fp4CompileOptions options,
                                 MlirStringRef text) {
  return setOptions(*unwrap(options), capi::toStringRef(text));
}

Fp4Status fp4CompileOptionsSet(Fp4CompileOptions options, MlirStringRef name,
                               MlirStringRef value) {
  llvm::StringRef key = capi::toStringRef(name);
  // One option: a name with '=', a space or a quote in it would be read as
  // something else.
  if (key.empty() || key.find_first_of("= \t\n\"'{}") != llvm::StringRef::npos)
    return capi::makeError("fp4-lower-to-hsaco: '" + key +
                           "' is not an option name");
  return setOptions(*unwrap(options),
                    key.str() + "=" +
                        quotePipelineOptionValue(capi::toStringRef(value)));
}

void fp4CompileOptionsPrint(Fp4CompileOptions options,
                            MlirStringCallback callback, void *userData) {
  LowerToHsacoOptions pipelineOptions;
  // The text was checked when it was set.
  if (llvm::Error e = toPipelineOptions(options, pipelineOptions))
    llvm::consumeError(std::move(e));
  std::string text = printLowerToHsacoOptions(pipelineOptions);
  callback(capi::toMlirStringRef(text), userData);
}

/// `text` as a #mxfp4.config, which may be written without its
/// `#mxfp4.config` prefix; diagnostics go to `context`'s handlers.
static mxfp4::GemmConfigAttr parseGemmConfig(llvm::StringRef text,
                                             MLIRContext *context) {
  context->getOrLoadDialect<mxfp4::MXFP4Dialect>();
  std::string full = text.trim().str();
  if (llvm::StringRef(full).starts_with("<"))
    full = "#mxfp4.config" + full;
  Attribute attr = parseAttribute(full, context);
  auto config = dyn_cast_or_null<mxfp4::GemmConfigAttr>(attr);
  if (attr && !config)
    emitError(UnknownLoc::get(context))
        << "'" << text << "' is not a #mxfp4.config";
  return config;
}

Fp4Status fp4CompileOptionsSetGemmConfig(Fp4CompileOptions options,
                                         MlirStringRef gemm,
                                         MlirStringRef config) {
  llvm::StringRef key = capi::toStringRef(gemm).trim();
  if (key.empty())
    return capi::makeError("a GEMM configuration override needs a GEMM: an "
                           "index or a location");
  // Checked in a context of its own: the text must parse as a config.
  MLIRContext context(MLIRContext::Threading::DISABLED);
  std::string message;
  {
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
      if (message.empty())
        message = d.str();
      return success();
    });
    if (!parseGemmConfig(capi::toStringRef(config), &context))
      return capi::makeError("GEMM " + key + ": " +
                             (message.empty() ? "not a #mxfp4.config"
                                              : message));
  }
  unwrap(options)->gemmConfigs.set(key.str(),
                                   capi::toStringRef(config).trim().str());
  return Fp4Status{nullptr};
}

/// Whether `loc`, or a location inside it, is the one `key` names: the name
/// of a NameLoc, or line:col / file:line:col of a FileLineColLoc.
static bool locationMatches(Location loc, llvm::StringRef key) {
  bool found = false;
  loc->walk([&](Location inner) {
    if (auto name = dyn_cast<NameLoc>(inner)) {
      found |= name.getName() == key;
    } else if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      std::string lineCol = (llvm::Twine(file.getLine()) + ":" +
                             llvm::Twine(file.getColumn()))
                                .str();
      found |= key == lineCol ||
               key == (file.getFilename().getValue() + ":" + lineCol).str();
    }
    return found ? WalkResult::interrupt() : WalkResult::advance();
  });
  return found;
}

/// Sets the `config` of the GEMMs the overrides name; every override must
/// name at least one. Errors are emitted on the module.
static LogicalResult
applyGemmConfigs(ModuleOp module,
                 const OrderedMap &configs) {
  if (configs.empty())
    return success();
  MLIRContext *context = module.getContext();
  auto *mxfp4Dialect = context->getOrLoadDialect<mxfp4::MXFP4Dialect>();
  // The GEMMs: the mxfp4 ops that carry a configuration.
  SmallVector<Operation *> gemms;
  module.walk([&](Operation *op) {
    if (op->getDialect() == mxfp4Dialect &&
        llvm::is_contained(op->getName().getAttributeNames(), "config"))
      gemms.push_back(op);
  });
  for (const auto &[key, text] : configs) {
    mxfp4::GemmConfigAttr config = parseGemmConfig(text, context);
    if (!config)
      return failure();
    unsigned index;
    bool byIndex = !llvm::StringRef(key).getAsInteger(10, index);
    bool matched = false;
    for (auto [i, op] : llvm::enumerate(gemms)) {
      if (byIndex ? i != index : !locationMatches(op->getLoc(), key))
        continue;
      op->setAttr("config", config);
      matched = true;
    }
    if (!matched)
      return module.emitError()
             << "a configuration override names GEMM '" << key
             << "', but the module's " << gemms.size()
             << " GEMM(s) have no such "
             << (byIndex ? "index (they are numbered from 0 in the order of "
                           "the module)"
                         : "location (a loc(\"name\"), line:col or "
                           "file:line:col)");
  }
  return success();
}

namespace {
/// The first pass of a pipeline fp4AddLowerToHsacoPipeline builds with
/// configuration overrides: applyGemmConfigs on the module. Internal to the
/// C API (not registered): the overrides are data of the options object.
struct ApplyGemmConfigsPass
    : PassWrapper<ApplyGemmConfigsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ApplyGemmConfigsPass)
  explicit ApplyGemmConfigsPass(OrderedMap configs)
      : configs(std::move(configs)) {}
  StringRef getArgument() const final { return "fp4-capi-gemm-configs"; }
  StringRef getDescription() const final {
    return "set the GEMM configurations given to the C API";
  }
  void getDependentDialects(DialectRegistry &registry) const final {
    registry.insert<mxfp4::MXFP4Dialect>();
  }
  void runOnOperation() final {
    if (failed(applyGemmConfigs(getOperation(), configs)))
      signalPassFailure();
  }
  OrderedMap configs;
};
} // namespace

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
  if (llvm::Error e = toPipelineOptions(options, pipelineOptions))
    return capi::makeStatus(std::move(e));
  if (options.ptr && !unwrap(options)->gemmConfigs.empty())
    opm->addPass(
        std::make_unique<ApplyGemmConfigsPass>(unwrap(options)->gemmConfigs));
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

  // Options first, as fp4-opt builds its pipeline before reading the input:
  // a bad value is refused even when the module holds nothing it applies to.
  LowerToHsacoOptions pipelineOptions;
  if (llvm::Error e = toPipelineOptions(options, pipelineOptions)) {
    data->diagnostics = "error: " + llvm::toString(std::move(e)) + "\n";
    return mlirLogicalResultFailure();
  }
  data->options = printLowerToHsacoOptions(pipelineOptions);

  capi::ParsedModule parsed(moduleText, data->diagnostics);
  ModuleOp module = parsed.getModule();
  if (!module) {
    if (data->diagnostics.empty())
      data->diagnostics = "error: the text is not an MLIR module\n";
    return mlirLogicalResultFailure();
  }
  if (options.ptr &&
      failed(applyGemmConfigs(module, unwrap(options)->gemmConfigs)))
    return mlirLogicalResultFailure();

  PassManager pm(module.getContext());
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

/// Fills `data` from a compiled module; false, with the reason in the
/// diagnostics, when `op` is not one.
static bool fromCompiledModule(Operation *op, CompileResultData &data) {
  auto module = dyn_cast_or_null<ModuleOp>(op);
  if (!module) {
    data.diagnostics = "error: not a builtin.module\n";
    return false;
  }
  // What the pipeline leaves no trace of: mxfp4 ops, gpu.module ops not
  // yet serialized.
  Operation *pending = nullptr;
  module.walk([&](Operation *op) {
    if (isa<gpu::GPUModuleOp>(op) ||
        op->getName().getDialectNamespace() ==
            mxfp4::MXFP4Dialect::getDialectNamespace()) {
      pending = op;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (pending) {
    data.diagnostics = "error: the module is not compiled: it still holds '" +
                       pending->getName().getStringRef().str() + "'\n";
    return false;
  }
  {
    llvm::raw_string_ostream os(data.module);
    module.print(os);
  }
  collect(module, data);
  data.succeeded = true;
  return true;
}

MlirLogicalResult fp4CompileResultCreateFromModule(MlirOperation module,
                                                   Fp4CompileResult *result) {
  auto *data = new CompileResultData();
  *result = Fp4CompileResult{data};
  return capi::toLogicalResult(fromCompiledModule(unwrap(module), *data));
}

MlirLogicalResult fp4CompileResultCreateFromText(MlirStringRef compiledText,
                                                 Fp4CompileResult *result) {
  auto *data = new CompileResultData();
  *result = Fp4CompileResult{data};
  capi::ParsedModule parsed(compiledText, data->diagnostics);
  if (!parsed.getModule()) {
    if (data->diagnostics.empty())
      data->diagnostics = "error: the text is not an MLIR module\n";
    return mlirLogicalResultFailure();
  }
  return capi::toLogicalResult(fromCompiledModule(parsed.getModule(), *data));
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

MlirStringRef fp4CompileResultGetOptions(Fp4CompileResult result) {
  return capi::toMlirStringRef(unwrap(result)->options);
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
