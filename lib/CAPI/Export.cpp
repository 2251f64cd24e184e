//===- Export.cpp - C API: GPU MODE submission export -----------*- C++ -*-===//
//
// fp4-c/Export.h over fp4/Export/GpuMode.h.
//
//===----------------------------------------------------------------------===//

#include "fp4-c/Export.h"

#include "Utils.h"

#include "fp4/Export/GpuMode.h"
#include "fp4/Tools/ToolMain.h"

using namespace mlir;
using namespace mlir::fp4;

MlirStringRef fp4GetVersion() { return capi::toMlirStringRef(getFp4Version()); }

Fp4Status fp4ExportGpuMode(const int64_t *shapes, intptr_t numShapes,
                           bool problemShapes, uint64_t sizeLimit,
                           MlirStringCallback callback, void *userData) {
  if (numShapes < 0 || (numShapes && !shapes))
    return capi::makeError("fp4ExportGpuMode: no shape array");
  GpuModeExportOptions options;
  options.problemShapes = problemShapes;
  if (sizeLimit)
    options.sizeLimit = sizeLimit;
  for (intptr_t i = 0; i < numShapes; ++i)
    options.shapes.push_back(
        {shapes[3 * i], shapes[3 * i + 1], shapes[3 * i + 2]});
  auto text = exportGpuModeSubmission(options);
  if (!text)
    return capi::makeStatus(text.takeError());
  callback(capi::toMlirStringRef(*text), userData);
  return Fp4Status{nullptr};
}

Fp4Status fp4ExportGpuModeMoe(const int64_t *configs, intptr_t numConfigs,
                              bool problemConfigs, uint64_t sizeLimit,
                              MlirStringCallback callback, void *userData) {
  if (numConfigs < 0 || (numConfigs && !configs))
    return capi::makeError("fp4ExportGpuModeMoe: no configuration array");
  GpuModeMoeExportOptions options;
  options.problemConfigs = problemConfigs;
  if (sizeLimit)
    options.sizeLimit = sizeLimit;
  for (const int64_t *c = configs; c != configs + 5 * numConfigs; c += 5)
    options.configs.push_back({c[0], c[1], c[2], c[3], c[4]});
  auto text = exportGpuModeMoeSubmission(options);
  if (!text)
    return capi::makeStatus(text.takeError());
  callback(capi::toMlirStringRef(*text), userData);
  return Fp4Status{nullptr};
}
