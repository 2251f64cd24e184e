//===- Run.cpp - C API: run a compiled module -------------------*- C++ -*-===//

#include "fp4-c/Run.h"

#include "ModuleText.h"
#include "Utils.h"

#include "fp4/Run/Runner.h"

using namespace mlir;
using namespace mlir::fp4;
namespace rt = ::fp4::runtime;

namespace {
struct RunResultData {
  RunResult result;
  std::string log, error;
};
} // namespace

static RunResultData &unwrap(Fp4RunResult r) {
  return *static_cast<RunResultData *>(r.ptr);
}

Fp4RunOptions fp4RunOptionsGetDefault() {
  Fp4RunOptions o;
  o.device = Fp4DeviceOptions{FP4_DEVICE_AUTO, 0, MlirStringRef{"gfx950", 6}};
  o.entry = MlirStringRef{"", 0};
  o.seed = 1;
  o.data = FP4_DATA_RANDN;
  o.check = false;
  o.repeat = 1;
  o.outputFile = MlirStringRef{"", 0};
  o.inputsDir = MlirStringRef{"", 0};
  o.numInputFiles = 0;
  o.inputRoles = nullptr;
  o.inputFiles = nullptr;
  return o;
}

static llvm::Expected<RunOptions> toRunOptions(const Fp4RunOptions &o) {
  RunOptions options;
  switch (capi::enumValue(o.device.kind)) {
  case FP4_DEVICE_AUTO:
    options.device.kind = rt::DeviceKind::Auto;
    break;
  case FP4_DEVICE_HIP:
    options.device.kind = rt::DeviceKind::Hip;
    break;
  case FP4_DEVICE_EMULATOR:
    options.device.kind = rt::DeviceKind::Emulator;
    break;
  default:
    return llvm::createStringError(
        "unknown device kind " +
        std::to_string(capi::enumValue(o.device.kind)));
  }
  options.device.threads = o.device.threads;
  if (!capi::toStringRef(o.device.chip).empty())
    options.device.chip = capi::toStringRef(o.device.chip).str();
  options.entry = capi::toStringRef(o.entry).str();
  options.seed = o.seed;
  switch (capi::enumValue(o.data)) {
  case FP4_DATA_RANDN:
    options.data = InputData::Randn;
    break;
  case FP4_DATA_BLOCKED:
    options.data = InputData::Blocked;
    break;
  case FP4_DATA_EDGE:
    options.data = InputData::Edge;
    break;
  case FP4_DATA_NONFINITE:
    options.data = InputData::NonFinite;
    break;
  default:
    return llvm::createStringError("unknown input data kind " +
                                   std::to_string(capi::enumValue(o.data)));
  }
  options.check = o.check;
  if (o.repeat < 1)
    return llvm::createStringError("repeat must be at least 1");
  options.repeat = o.repeat;
  options.outputFile = capi::toStringRef(o.outputFile).str();
  options.inputsDir = capi::toStringRef(o.inputsDir).str();
  if (o.numInputFiles < 0 ||
      (o.numInputFiles > 0 && (!o.inputRoles || !o.inputFiles)))
    return llvm::createStringError("numInputFiles needs as many roles and "
                                   "files");
  for (intptr_t i = 0; i < o.numInputFiles; ++i) {
    std::string role = capi::toStringRef(o.inputRoles[i]).str();
    std::string file = capi::toStringRef(o.inputFiles[i]).str();
    if (role.empty() || file.empty())
      return llvm::createStringError("input file #" + std::to_string(i) +
                                     " needs a role and a path");
    options.inputFiles[role] = file;
  }
  return options;
}

MlirLogicalResult fp4RunModule(MlirStringRef moduleText, Fp4RunOptions options,
                               Fp4RunResult *result) {
  return fp4RunModuleWithOutputs(moduleText, options, /*jit=*/false, 0, nullptr,
                                 nullptr, result);
}

MlirLogicalResult fp4RunModuleWithOutputs(MlirStringRef moduleText,
                                          Fp4RunOptions options, bool jit,
                                          intptr_t numOutputFiles,
                                          const MlirStringRef *outputNames,
                                          const MlirStringRef *outputFiles,
                                          Fp4RunResult *result) {
  auto *data = new RunResultData();
  *result = Fp4RunResult{data};
  auto runOptions = toRunOptions(options);
  if (!runOptions) {
    data->error = llvm::toString(runOptions.takeError());
    return mlirLogicalResultFailure();
  }
  runOptions->jit = jit;
  if (numOutputFiles < 0 ||
      (numOutputFiles > 0 && (!outputNames || !outputFiles))) {
    data->error = "numOutputFiles needs as many names and files";
    return mlirLogicalResultFailure();
  }
  for (intptr_t i = 0; i < numOutputFiles; ++i) {
    std::string name = capi::toStringRef(outputNames[i]).str();
    std::string file = capi::toStringRef(outputFiles[i]).str();
    if (name.empty() || file.empty()) {
      data->error =
          "output file #" + std::to_string(i) + " needs a name and a path";
      return mlirLogicalResultFailure();
    }
    runOptions->outputFiles[name] = file;
  }

  capi::ParsedModule parsed(moduleText, data->error);
  ModuleOp module = parsed.getModule();
  if (!module) {
    if (data->error.empty())
      data->error = "the text is not an MLIR module";
    return mlirLogicalResultFailure();
  }

  llvm::raw_string_ostream log(data->log);
  auto run = runModule(module, *runOptions, log);
  if (!run) {
    data->error += llvm::toString(run.takeError());
    return mlirLogicalResultFailure();
  }
  data->result = *run;
  return mlirLogicalResultSuccess();
}

void fp4RunResultDestroy(Fp4RunResult result) {
  delete static_cast<RunResultData *>(result.ptr);
}

bool fp4RunResultChecked(Fp4RunResult result) {
  return unwrap(result).result.checked;
}

bool fp4RunResultPassed(Fp4RunResult result) {
  return unwrap(result).result.passed;
}

int64_t fp4RunResultGetMismatches(Fp4RunResult result) {
  return unwrap(result).result.mismatches;
}

double fp4RunResultGetWorstAbsError(Fp4RunResult result) {
  return unwrap(result).result.worstAbsErr;
}

MlirStringRef fp4RunResultGetLog(Fp4RunResult result) {
  return capi::toMlirStringRef(unwrap(result).log);
}

MlirStringRef fp4RunResultGetError(Fp4RunResult result) {
  return capi::toMlirStringRef(unwrap(result).error);
}

intptr_t fp4RunResultGetNumLaunches(Fp4RunResult result) {
  return unwrap(result).result.launches.size();
}

static const LaunchReport *launchAt(Fp4RunResult result, intptr_t index) {
  const auto &launches = unwrap(result).result.launches;
  if (index < 0 || size_t(index) >= launches.size())
    return nullptr;
  return &launches[index];
}

MlirStringRef fp4RunResultGetLaunchKernel(Fp4RunResult result, intptr_t index) {
  const LaunchReport *l = launchAt(result, index);
  return l ? capi::toMlirStringRef(l->kernel) : MlirStringRef{"", 0};
}

Fp4LaunchConfig fp4RunResultGetLaunchConfig(Fp4RunResult result,
                                            intptr_t index) {
  Fp4LaunchConfig c{};
  if (const LaunchReport *l = launchAt(result, index)) {
    const rt::LaunchConfig &k = l->config;
    c = Fp4LaunchConfig{{k.grid.x, k.grid.y, k.grid.z},
                        {k.block.x, k.block.y, k.block.z},
                        k.dynamicLdsBytes};
  }
  return c;
}

Fp4LaunchTiming fp4RunResultGetLaunchTiming(Fp4RunResult result,
                                            intptr_t index) {
  Fp4LaunchTiming t{};
  if (const LaunchReport *l = launchAt(result, index))
    t = Fp4LaunchTiming{l->timing.milliseconds, l->timing.waveInstructions,
                        l->timing.laneInstructions, l->timing.mfmaOps};
  return t;
}
