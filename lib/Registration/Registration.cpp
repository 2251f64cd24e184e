//===- Registration.cpp - register fp4-mlir in a context --------*- C++ -*-===//

#include "fp4/Registration/Registration.h"

#include "fp4/Conversion/Passes.h"
#include "fp4/Dialect/MXFP4/IR/MXFP4.h"
#include "fp4/Dialect/MXFP4/Transforms/Passes.h"
#include "fp4/Pipelines/Pipelines.h"
#include "fp4/Target/Hsaco.h"
#include "fp4/Transforms/Passes.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVM/ROCDL/Target.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

#include <mutex>

using namespace mlir;

void mlir::fp4::registerFp4Dialects(DialectRegistry &registry) {
  registry.insert<mxfp4::MXFP4Dialect>();
  // Every upstream dialect with its interface models (TilingInterface of
  // linalg and tensor, bufferization, ConvertToLLVM...): the programs our
  // GEMMs sit in arrive as linalg/tensor/arith/math from other compilers,
  // and fp4-opt is mlir-opt plus the mxfp4 dialect.
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  ROCDL::registerROCDLTargetInterfaceExternalModels(registry);
}

void mlir::fp4::registerAllFp4Passes() {
  // Once per process: a second registration of the pipeline name is a fatal
  // error in an MLIR built with assertions (Debian's ignores it), and
  // embedders (the C API, Python, a host compiler) may call this again.
  static std::once_flag once;
  std::call_once(once, [] {
    // Upstream passes are registered so that users can compose them with
    // ours on the fp4-opt command line, as they would with mlir-opt.
    registerAllPasses();
    registerFP4TargetPasses();
    mxfp4::registerMXFP4TransformsPasses();
    registerFP4TransformsPasses();
    registerFP4ConversionPasses();
    registerFp4Pipelines();
  });
}
