//===- TransformsTest.cpp - transformations outside passes ------*- C++ -*-===//
//
// Each function of the pattern-level API called the way an embedding
// compiler calls it: on an op it picked, with an IRRewriter of its own, no
// pass manager around it. Every test checks what the function made, and
// the ones that form kernels finish the compilation with the pipeline's
// later stages, so that what they make is what the lowering accepts.
//
//===----------------------------------------------------------------------===//

#include "fp4/Dialect/MXFP4/Transforms/Transforms.h"
#include "fp4/Conversion/MXFP4ToAMDGPU/MXFP4ToAMDGPU.h"
#include "fp4/Conversion/Passes.h"
#include "fp4/Dialect/MXFP4/IR/MXFP4.h"
#include "fp4/Pipelines/Pipelines.h"
#include "fp4/Registration/Registration.h"
#include "fp4/Transforms/Transforms.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include "gtest/gtest.h"

#include <string>

using namespace mlir;
namespace mxfp4 = mlir::fp4::mxfp4;

namespace {

/// Two layers: GEMM + bias + ReLU, then a second GEMM with its own bias,
/// each epilogue a linalg.generic (what linalg's elementwise fusion leaves).
const char *const kTwoGemms = R"mlir(
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>
func.func @two(%a: tensor<16x256xbf16>, %b1: tensor<64x256xf4E2M1FN>, %s1: tensor<64x8xf8E8M0FNU>, %bias1: tensor<64xf32>,
               %b2: tensor<32x64xf4E2M1FN>, %s2: tensor<32x2xf8E8M0FNU>, %bias2: tensor<32xf32>) -> tensor<16x32xf32> {
  %q, %qs = mxfp4.quantize %a : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %c1 = mxfp4.scaled_matmul %q, %qs, %b1, %s1 : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xf32>
  %e1 = tensor.empty() : tensor<16x64xbf16>
  %h = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%c1, %bias1 : tensor<16x64xf32>, tensor<64xf32>) outs(%e1 : tensor<16x64xbf16>) {
  ^bb0(%x: f32, %y: f32, %o: bf16):
    %z = arith.addf %x, %y : f32
    %zero = arith.constant 0.0 : f32
    %r = arith.maximumf %z, %zero : f32
    %t = arith.truncf %r : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<16x64xbf16>
  %q2, %qs2 = mxfp4.quantize %h : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  %c2 = mxfp4.scaled_matmul %q2, %qs2, %b2, %s2 : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  %e2 = tensor.empty() : tensor<16x32xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%c2, %bias2 : tensor<16x32xf32>, tensor<32xf32>) outs(%e2 : tensor<16x32xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %z = arith.addf %x, %y : f32
    linalg.yield %z : f32
  } -> tensor<16x32xf32>
  return %y : tensor<16x32xf32>
}
)mlir";

/// A GEMM whose M is known only at run time.
const char *const kDynamicM = R"mlir(
func.func @dyn(%a: tensor<?x512xbf16>, %b: tensor<2112x512xf4E2M1FN>, %s: tensor<2112x16xf8E8M0FNU>) -> tensor<?x2112xbf16> {
  %q, %qs = mxfp4.quantize %a : tensor<?x512xbf16> -> tensor<?x512xf4E2M1FN>, tensor<?x16xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %qs, %b, %s : tensor<?x512xf4E2M1FN>, tensor<?x16xf8E8M0FNU>, tensor<2112x512xf4E2M1FN>, tensor<2112x16xf8E8M0FNU> -> tensor<?x2112xbf16>
  return %c : tensor<?x2112xbf16>
}
)mlir";

/// A row sum (a reduction: the generic path) and a lone quantize.
const char *const kNoGemm = R"mlir(
func.func @rest(%x: tensor<8x64xf32>, %a: tensor<4x64xbf16>) -> (tensor<8xf32>, tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x64xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %q, %qs = mxfp4.quantize %a : tensor<4x64xbf16> -> tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
  return %sum, %q, %qs : tensor<8xf32>, tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
}
)mlir";

/// A GEMM with a bf16 accumulator (destination-passing style), K = 512.
const char *const kAccumulate = R"mlir(
func.func @acc(%a: tensor<4x512xbf16>, %b: tensor<64x512xf4E2M1FN>, %s: tensor<64x16xf8E8M0FNU>, %c: tensor<4x64xbf16>) -> tensor<4x64xbf16> {
  %q, %qs = mxfp4.quantize %a : tensor<4x512xbf16> -> tensor<4x512xf4E2M1FN>, tensor<4x16xf8E8M0FNU>
  %r = mxfp4.scaled_matmul %q, %qs, %b, %s acc(%c : tensor<4x64xbf16>) : tensor<4x512xf4E2M1FN>, tensor<4x16xf8E8M0FNU>, tensor<64x512xf4E2M1FN>, tensor<64x16xf8E8M0FNU> -> tensor<4x64xbf16>
  return %r : tensor<4x64xbf16>
}
)mlir";

/// A pre-shuffled B (scales padded to 256 rows and 16 columns).
const char *const kPreshuffled = R"mlir(
func.func @shuffled(%a: tensor<4x512xf4E2M1FN>, %as: tensor<4x16xf8E8M0FNU>, %b: tensor<64x512xf4E2M1FN>, %s: tensor<256x16xf8E8M0FNU>) -> tensor<4x64xf32> {
  %r = mxfp4.scaled_matmul %a, %as, %b, %s b_layout = preshuffled : tensor<4x512xf4E2M1FN>, tensor<4x16xf8E8M0FNU>, tensor<64x512xf4E2M1FN>, tensor<256x16xf8E8M0FNU> -> tensor<4x64xf32>
  return %r : tensor<4x64xf32>
}
)mlir";

/// A batch of 2 sharing B.
const char *const kBatched = R"mlir(
func.func @batched(%a: tensor<2x4x512xf4E2M1FN>, %as: tensor<2x4x16xf8E8M0FNU>, %b: tensor<64x512xf4E2M1FN>, %s: tensor<64x16xf8E8M0FNU>) -> tensor<2x4x64xf32> {
  %r = mxfp4.scaled_matmul %a, %as, %b, %s : tensor<2x4x512xf4E2M1FN>, tensor<2x4x16xf8E8M0FNU>, tensor<64x512xf4E2M1FN>, tensor<64x16xf8E8M0FNU> -> tensor<2x4x64xf32>
  return %r : tensor<2x4x64xf32>
}
)mlir";

class TransformsTest : public ::testing::Test {
protected:
  TransformsTest() {
    DialectRegistry registry;
    fp4::registerFp4Dialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  OwningOpRef<ModuleOp> parse(const char *text) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module) << "the test program does not parse";
    return module;
  }

  template <typename OpT> static SmallVector<OpT> collect(Operation *root) {
    SmallVector<OpT> ops;
    root->walk([&](OpT op) { ops.push_back(op); });
    return ops;
  }

  /// The rest of fp4-lower-to-hsaco after kernel formation, on `module`:
  /// whether it ends with a gpu.binary per kernel.
  bool finishCompilation(ModuleOp module) {
    fp4::LowerToHsacoOptions options;
    PassManager pm(&context);
    // As buildFormKernelsPipeline ends: the tensor.dim of a dynamic A's
    // quantize fold away, which leaves it dead.
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
    fp4::buildMapKernelsToGpuPipeline(pm, options);
    pm.addPass(fp4::createConvertMXFP4ToAMDGPU());
    fp4::buildDeviceToHsacoPipeline(pm, options);
    if (failed(pm.run(module)))
      return false;
    return !collect<gpu::BinaryOp>(module).empty();
  }

  MLIRContext context;
};

/// Split-K the upstream way: scf::tileUsingSCF with the outer-parallel
/// partial reduction strategy on K, through scaled_matmul's
/// PartialReductionOpInterface; then the whole pipeline compiles it.
TEST_F(TransformsTest, SplitKByReductionTiling) {
  OwningOpRef<ModuleOp> module = parse(kAccumulate);
  auto gemm = collect<mxfp4::ScaledMatmulOp>(module.get()).front();
  IRRewriter rewriter(&context);
  rewriter.setInsertionPoint(gemm);
  scf::SCFTilingOptions options;
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp)
      .setReductionTilingStrategy(
          ReductionTilingStrategy::PartialReductionOuterParallel)
      .setReductionDims({2})
      .setNumThreads({rewriter.getIndexAttr(0), rewriter.getIndexAttr(0),
                      rewriter.getIndexAttr(4)});
  FailureOr<scf::SCFTilingResult> split = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(gemm.getOperation()), options);
  ASSERT_TRUE(succeeded(split));
  rewriter.replaceOp(gemm, split->replacements);
  ASSERT_TRUE(succeeded(verify(module.get())));
  // Four GEMMs on 128-wide slices of K, each into its f32 slice of a zero
  // [4, 4, 64] tensor, merged by a linalg.reduce from the accumulator.
  auto slices = collect<mxfp4::ScaledMatmulOp>(module.get());
  ASSERT_EQ(slices.size(), 1u);
  EXPECT_EQ(slices.front().getK(), 128);
  EXPECT_TRUE(slices.front().getAcc());
  EXPECT_TRUE(slices.front().getResult().getType().getElementType().isF32());
  ASSERT_EQ(collect<scf::ForallOp>(module.get()).size(), 1u);
  EXPECT_EQ(collect<linalg::ReduceOp>(module.get()).size(), 1u);
  PassManager pm(&context);
  fp4::buildLowerToHsacoPipeline(pm, fp4::LowerToHsacoOptions());
  ASSERT_TRUE(succeeded(pm.run(module.get())));
  EXPECT_FALSE(collect<gpu::BinaryOp>(module.get()).empty());
  EXPECT_TRUE(collect<scf::ForallOp>(module.get()).empty());
}

/// What PartialReductionOpInterface refuses, each case on a fresh copy of
/// the program: the outer-reduction strategy, a slice of K that cuts a
/// 32-element block, a pre-shuffled B (its scales interleave blocks of K)
/// and a batched GEMM.
TEST_F(TransformsTest, SplitKRefusals) {
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    message += d.str() + "\n";
    return success();
  });
  auto refuses = [&](const std::string &program,
                     ReductionTilingStrategy strategy, int64_t kTile,
                     int64_t kDim) {
    message.clear();
    OwningOpRef<ModuleOp> module = parse(program.c_str());
    auto gemm = collect<mxfp4::ScaledMatmulOp>(module.get()).front();
    IRRewriter rewriter(&context);
    rewriter.setInsertionPoint(gemm);
    SmallVector<OpFoldResult> tiles(kDim + 1, rewriter.getIndexAttr(0));
    tiles[kDim] = rewriter.getIndexAttr(kTile);
    scf::SCFTilingOptions options;
    options.setReductionTilingStrategy(strategy)
        .setReductionDims({unsigned(kDim)})
        .setTileSizes(tiles);
    if (strategy == ReductionTilingStrategy::PartialReductionOuterParallel)
      options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
    return failed(scf::tileUsingSCF(
        rewriter, cast<TilingInterface>(gemm.getOperation()), options));
  };
  auto outerParallel = ReductionTilingStrategy::PartialReductionOuterParallel;
  EXPECT_TRUE(refuses(kAccumulate,
                      ReductionTilingStrategy::PartialReductionOuterReduction,
                      128, 2));
  EXPECT_NE(message.find("splits K into parallel slices only"),
            std::string::npos)
      << message;
  EXPECT_TRUE(refuses(kAccumulate, outerParallel, 48, 2));
  EXPECT_NE(message.find("splits K at 32-element blocks only"),
            std::string::npos)
      << message;
  EXPECT_TRUE(refuses(kPreshuffled, outerParallel, 128, 2));
  EXPECT_NE(message.find("has a pre-shuffled B"), std::string::npos) << message;
  EXPECT_TRUE(refuses(kBatched, outerParallel, 128, 3));
  EXPECT_NE(message.find("is batched"), std::string::npos) << message;
}

TEST_F(TransformsTest, SelectConfigOnOneGemm) {
  OwningOpRef<ModuleOp> module = parse(kTwoGemms);
  auto gemms = collect<mxfp4::ScaledMatmulOp>(module.get());
  ASSERT_EQ(gemms.size(), 2u);
  mxfp4::SelectConfigOptions options;
  options.mfma = 32;
  ASSERT_TRUE(succeeded(mxfp4::selectConfig(gemms[0], options)));
  ASSERT_TRUE(gemms[0].getConfigAttr());
  EXPECT_EQ(gemms[0].getConfigAttr().getMfma(), 32);
  // Only the op it was given.
  EXPECT_FALSE(gemms[1].getConfigAttr());
  // A configuration set by hand is kept, and checked.
  // 4 x 8 tiles of 32x32 per wave: more VGPRs than a lane has (a valid
  // attribute, which only the chip's limits refuse).
  auto huge = mxfp4::GemmConfigAttr::get(&context, 32, 1, 1, 4, 8, 1, 1);
  gemms[1].setConfigAttr(huge);
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    message = d.str();
    return success();
  });
  EXPECT_TRUE(failed(mxfp4::selectConfig(gemms[1])));
  EXPECT_NE(message.find("VGPRs per lane, the chip has 512"), std::string::npos)
      << message;
  // A bad option is reported on the op.
  message.clear();
  gemms[1].removeConfigAttr();
  options.mfma = 7;
  EXPECT_TRUE(failed(mxfp4::selectConfig(gemms[1], options)));
  EXPECT_NE(message.find("mfma"), std::string::npos) << message;
}

TEST_F(TransformsTest, FuseIntoMatmulTouchesOnlyItsRoot) {
  OwningOpRef<ModuleOp> module = parse(kTwoGemms);
  auto gemms = collect<mxfp4::ScaledMatmulOp>(module.get());
  ASSERT_EQ(gemms.size(), 2u);
  IRRewriter rewriter(&context);
  FailureOr<SmallVector<mxfp4::FusedMatmulOp>> fused =
      mxfp4::fuseIntoMatmul(rewriter, gemms[0]);
  ASSERT_TRUE(succeeded(fused));
  ASSERT_EQ(fused->size(), 1u);
  mxfp4::FusedMatmulOp first = fused->front();
  // A's quantize, the bias + ReLU epilogue and the quantize of C (for the
  // next layer) are in the first GEMM's op now.
  EXPECT_TRUE(first.quantizesOutput());
  EXPECT_FALSE(first.getA().front().getDefiningOp<mxfp4::QuantizeOp>());
  ASSERT_TRUE(succeeded(verify(module.get())));
  // The second GEMM and its epilogue are as they were.
  EXPECT_EQ(collect<mxfp4::ScaledMatmulOp>(module.get()).size(), 1u);
  EXPECT_EQ(collect<mxfp4::FusedMatmulOp>(module.get()).size(), 1u);
  EXPECT_EQ(collect<linalg::GenericOp>(module.get()).size(), 1u);
}

TEST_F(TransformsTest, TileAndFuseThenTheRestOfThePipeline) {
  OwningOpRef<ModuleOp> module = parse(kTwoGemms);
  IRRewriter rewriter(&context);
  for (mxfp4::ScaledMatmulOp gemm :
       collect<mxfp4::ScaledMatmulOp>(module.get())) {
    FailureOr<SmallVector<scf::ForallOp>> loops =
        mxfp4::tileAndFuseGemm(rewriter, gemm);
    ASSERT_TRUE(succeeded(loops));
    ASSERT_EQ(loops->size(), 1u);
    EXPECT_TRUE(mxfp4::isKernelLoop(loops->front()));
    EXPECT_EQ(collect<mxfp4::FusedMatmulOp>(loops->front()).size(), 1u);
  }
  ASSERT_TRUE(succeeded(verify(module.get())));
  // Both GEMMs took their epilogues: nothing is left for the generic path.
  EXPECT_TRUE(collect<linalg::GenericOp>(module.get()).empty());
  EXPECT_EQ(collect<scf::ForallOp>(module.get()).size(), 2u);
  EXPECT_TRUE(finishCompilation(module.get()));
  EXPECT_EQ(collect<gpu::BinaryOp>(module.get()).size(), 2u);
}

TEST_F(TransformsTest, FormKernelGivesOneLoopPerMSpecialization) {
  OwningOpRef<ModuleOp> module = parse(kDynamicM);
  auto gemm = collect<mxfp4::ScaledMatmulOp>(module.get()).front();
  ASSERT_TRUE(succeeded(mxfp4::selectConfig(gemm)));
  ASSERT_TRUE(gemm.getMSpecializationsAttr());
  size_t specializations = gemm.getMSpecializationsAttr().size();
  IRRewriter rewriter(&context);
  auto fused = mxfp4::fuseIntoMatmul(rewriter, gemm);
  ASSERT_TRUE(succeeded(fused));
  ASSERT_EQ(fused->size(), 1u);
  FailureOr<SmallVector<scf::ForallOp>> loops =
      mxfp4::formKernel(rewriter, fused->front());
  ASSERT_TRUE(succeeded(loops));
  EXPECT_EQ(loops->size(), specializations + 1);
  for (scf::ForallOp loop : *loops)
    EXPECT_TRUE(mxfp4::isKernelLoop(loop));
  // The host chooses among them by M.
  EXPECT_EQ(collect<scf::IfOp>(module.get()).size(), specializations);
  ASSERT_TRUE(succeeded(verify(module.get())));
  EXPECT_TRUE(finishCompilation(module.get()));
}

TEST_F(TransformsTest, FormKernelRefusesWhatIsNotAKernelOp) {
  OwningOpRef<ModuleOp> module = parse(kTwoGemms);
  auto gemm = collect<mxfp4::ScaledMatmulOp>(module.get()).front();
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    message = d.str();
    return success();
  });
  IRRewriter rewriter(&context);
  EXPECT_TRUE(failed(mxfp4::formKernel(rewriter, gemm)));
  EXPECT_NE(message.find("is not a fused_matmul"), std::string::npos)
      << message;
}

TEST_F(TransformsTest, FormKernelsAndGenericKernels) {
  OwningOpRef<ModuleOp> module = parse(kNoGemm);
  IRRewriter rewriter(&context);
  auto func = *module->getOps<func::FuncOp>().begin();
  // The lone quantize: a block kernel.
  ASSERT_TRUE(succeeded(mxfp4::formKernels(rewriter, func)));
  EXPECT_EQ(collect<mxfp4::BlockQuantizeOp>(func).size(), 1u);
  // The fill and the row sum: a generic kernel each.
  SmallVector<Operation *> rest;
  func.walk([&](Operation *op) {
    if (fp4::isGenericKernelCandidate(op))
      rest.push_back(op);
  });
  ASSERT_EQ(rest.size(), 2u);
  for (Operation *op : rest) {
    FailureOr<scf::ForallOp> loop = fp4::formGenericKernel(rewriter, op);
    ASSERT_TRUE(succeeded(loop));
    EXPECT_TRUE(mxfp4::isKernelLoop(*loop));
  }
  // A second time: they are inside kernels now.
  func.walk([&](linalg::GenericOp op) {
    EXPECT_FALSE(fp4::isGenericKernelCandidate(op));
  });
  ASSERT_TRUE(succeeded(verify(module.get())));
  int64_t kernels = 0;
  func.walk([&](scf::ForallOp loop) { kernels += mxfp4::isKernelLoop(loop); });
  EXPECT_EQ(kernels, 3);
  EXPECT_TRUE(finishCompilation(module.get()));
}

} // namespace
