//===- RegistrationTest.cpp - what a context must hold ----------*- C++ -*-===//
//
// fp4-lower-to-hsaco on contexts an embedder might build: the dialects
// without their interface models (which used to fail with "reads fp4 or
// E8M0 data that is not a function argument"), everything but the LLVM IR
// translations, and everything registered twice.
//
//===----------------------------------------------------------------------===//

#include "fp4/Registration/Registration.h"
#include "fp4/Dialect/MXFP4/IR/MXFP4.h"
#include "fp4/Pipelines/Passes.h"
#include "fp4/Pipelines/Pipelines.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"

#include "gtest/gtest.h"

#include <string>

using namespace mlir;

namespace {

/// A GEMM with a bias and SiLU (its constant included), as a user writes it.
const char *const kProgram = R"mlir(
func.func @bias_silu(%a: tensor<16x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<256x8xf8E8M0FNU>, %bias: tensor<64xf32>) -> tensor<16x64xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs b_layout = preshuffled : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<256x8xf8E8M0FNU> -> tensor<16x64xf32>
  %e = tensor.empty() : tensor<16x64xbf16>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%c, %bias : tensor<16x64xf32>, tensor<64xf32>) outs(%e : tensor<16x64xbf16>) {
  ^bb0(%x: f32, %y: f32, %o: bf16):
    %z = arith.addf %x, %y : f32
    %n = arith.negf %z : f32
    %ex = math.exp %n : f32
    %one = arith.constant 1.0 : f32
    %d = arith.addf %one, %ex : f32
    %si = arith.divf %z, %d : f32
    %t = arith.truncf %si : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<16x64xbf16>
  return %r : tensor<16x64xbf16>
}
)mlir";

/// Parses kProgram in `context` and runs fp4-lower-to-hsaco on it; returns
/// the diagnostics, and whether it compiled in `compiled`.
std::string compile(MLIRContext &context, bool &compiled) {
  std::string diagnostics;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    diagnostics += d.str() + "\n";
    for (const Diagnostic &note : d.getNotes())
      diagnostics += "  note: " + note.str() + "\n";
    return success();
  });
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kProgram, &context);
  compiled = false;
  if (!module)
    return diagnostics;
  PassManager pm(&context);
  fp4::LowerToHsacoOptions options;
  fp4::buildLowerToHsacoPipeline(pm, options);
  compiled = succeeded(pm.run(*module));
  return diagnostics;
}

bool contains(const std::string &text, const char *what) {
  return text.find(what) != std::string::npos;
}

TEST(Registration, DialectsWithoutTheirModelsAreNamed) {
  DialectRegistry registry;
  registry.insert<fp4::mxfp4::MXFP4Dialect, func::FuncDialect,
                  arith::ArithDialect, math::MathDialect, linalg::LinalgDialect,
                  tensor::TensorDialect>();
  MLIRContext context(registry);
  bool compiled;
  std::string diagnostics = compile(context, compiled);
  EXPECT_FALSE(compiled);
  EXPECT_TRUE(contains(diagnostics, "fp4-lower-to-hsaco needs interface "
                                    "models and LLVM IR translations the "
                                    "context does not have"))
      << diagnostics;
  EXPECT_TRUE(contains(diagnostics, "TilingInterface (")) << diagnostics;
  EXPECT_TRUE(contains(diagnostics, "BufferizableOpInterface ("))
      << diagnostics;
  EXPECT_TRUE(contains(diagnostics, "LLVM IR translation (llvm, rocdl)"))
      << diagnostics;
  EXPECT_TRUE(contains(diagnostics, "dialect 'linalg' promises "
                                    "TilingInterface for"))
      << diagnostics;
  EXPECT_TRUE(contains(diagnostics, "mlir::fp4::registerFp4Dialects"))
      << diagnostics;
  // Not the message about something else it used to be.
  EXPECT_FALSE(contains(diagnostics, "not a function argument")) << diagnostics;
}

TEST(Registration, MissingTranslationsAreNamed) {
  DialectRegistry registry;
  registry.insert<fp4::mxfp4::MXFP4Dialect>();
  registerAllDialects(registry);
  registerAllExtensions(registry);
  MLIRContext context(registry);
  bool compiled;
  std::string diagnostics = compile(context, compiled);
  EXPECT_FALSE(compiled);
  // registerAllToLLVMIRTranslations is what registers the translations and
  // gpu.binary's offloading model.
  EXPECT_TRUE(contains(diagnostics,
                       "the context does not have: LLVM IR translation (llvm, "
                       "rocdl), OffloadingLLVMTranslationAttrInterface "
                       "(#gpu.select_object) (gpu);"))
      << diagnostics;
  EXPECT_TRUE(contains(diagnostics, "dialect 'rocdl' has no LLVM IR "
                                    "translation"))
      << diagnostics;
}

TEST(Registration, GpuBinaryOffloadingModelIsNamed) {
  // Without it the JIT's translation of the host code crashed in
  // embedBinary (found by examples/standalone-compiler's own registry).
  auto names = [](MLIRContext &context) {
    std::string text;
    for (const fp4::MissingRegistration &m :
         fp4::findMissingRegistrations(&context))
      text += m.interface + " (" + m.dialect + ")\n";
    return text;
  };
  DialectRegistry registry;
  registry.insert<fp4::mxfp4::MXFP4Dialect, gpu::GPUDialect>();
  MLIRContext without(registry);
  EXPECT_TRUE(contains(names(without), "OffloadingLLVMTranslationAttrInterface "
                                       "(#gpu.select_object) (gpu)"))
      << names(without);
  gpu::registerOffloadingLLVMTranslationInterfaceExternalModels(registry);
  MLIRContext with(registry);
  EXPECT_FALSE(contains(names(with), "OffloadingLLVMTranslationAttrInterface"))
      << names(with);
}

TEST(Registration, EverythingRegisteredTwiceIsHarmless) {
  DialectRegistry registry;
  fp4::registerFp4Dialects(registry);
  fp4::registerFp4Dialects(registry);
  fp4::registerAllFp4Passes();
  fp4::registerAllFp4Passes();
  MLIRContext context(registry);
  bool compiled;
  std::string diagnostics = compile(context, compiled);
  EXPECT_TRUE(compiled) << diagnostics;
  EXPECT_TRUE(fp4::findMissingRegistrations(&context).empty());
  // The registered pipeline still parses, once or twice registered.
  OpPassManager pm("builtin.module");
  std::string errors;
  llvm::raw_string_ostream os(errors);
  EXPECT_TRUE(
      succeeded(parsePassPipeline("fp4-lower-to-hsaco{mfma=16}", pm, os)))
      << errors;
}

} // namespace
