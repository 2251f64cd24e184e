//===- ConvertMXFP4ToAMDGPU.cpp - GEMMs to gfx950 kernels -------*- C++ -*-===//
//
// The pass: lowers GEMM functions whole (this file: the problem ABI, C as an
// output argument, the fp4.gemm attribute fp4-run checks with) and the
// work-group loops of mxfp4-tile-and-fuse one kernel each
// (LowerTileLoops.cpp). The kernel bodies are built by GemmKernel.cpp.
//
//===----------------------------------------------------------------------===//

#include "GemmKernel.h"
#include "HostBoundary.h"
#include "KernelOpsToAMDGPU.h"
#include "LowerTileLoops.h"

#include "fp4/Conversion/Passes.h"
#include "fp4/Dialect/MXFP4/IR/MXFP4.h"
#include "fp4/Dialect/MXFP4/Transforms/Passes.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "convert-mxfp4-to-amdgpu"

namespace mlir::fp4 {
#define GEN_PASS_DEF_CONVERTMXFP4TOAMDGPU
#include "fp4/Conversion/Passes.h.inc"
} // namespace mlir::fp4

using namespace mlir;
using namespace mlir::fp4;

namespace {
/// The GEMM a function computes, and which of its arguments plays which role.
struct GemmFunction {
  mxfp4::ScaledMatmulOp matmul;
  mxfp4::QuantizeOp quantize; // null when A arrives quantized
  GemmKernelSpec spec;
  /// Role of each original argument: "a", "a_scales", "b", "b_scales".
  SmallVector<StringRef> roles;
};
} // namespace

/// Recognizes `func` as an MXFP4 GEMM; emits a diagnostic and fails if it
/// holds mxfp4 ops in a form this conversion does not handle.
static FailureOr<GemmFunction>
matchGemmFunction(func::FuncOp func, const mxfp4::ChipLimits &limits) {
  // isGemmFunction holds: one block of [quantize] + scaled_matmul + return.
  GemmFunction g{};
  Block &body = func.getBody().front();
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  g.matmul = ret.getOperand(0).getDefiningOp<mxfp4::ScaledMatmulOp>();
  g.quantize = g.matmul.getA().getDefiningOp<mxfp4::QuantizeOp>();
  if (g.quantize && g.matmul.getAScales() != g.quantize.getScales())
    return g.matmul.emitOpError("A's values and scales must come from the same "
                                "mxfp4.quantize");
  if (!g.matmul.getConfigAttr())
    return g.matmul.emitOpError("has no #mxfp4.config; run "
                                "mxfp4-select-config first");
  // The same chip limits mxfp4-select-config checks, for configurations
  // that reach this pass without it.
  if (failed(
          mxfp4::verifyGemmConfig(g.matmul, g.matmul.getConfigAttr(), limits)))
    return failure();
  g.roles.assign(func.getNumArguments(), StringRef());
  // Every op of the body is the quantize or the GEMM, so a value that is
  // not a block argument is a quantize result (B taken from A's quantize).
  auto assign = [&](Value v, StringRef role) -> LogicalResult {
    auto arg = dyn_cast<BlockArgument>(v);
    if (!arg || arg.getOwner() != &body)
      return g.matmul.emitOpError()
             << "operand '" << role << "' must be a function argument";
    if (!g.roles[arg.getArgNumber()].empty())
      return g.matmul.emitOpError()
             << "argument #" << arg.getArgNumber() << " is used twice";
    g.roles[arg.getArgNumber()] = role;
    return success();
  };
  if (g.quantize) {
    if (failed(assign(g.quantize.getInput(), "a")))
      return failure();
  } else if (failed(assign(g.matmul.getA(), "a")) ||
             failed(assign(g.matmul.getAScales(), "a_scales"))) {
    return failure();
  }
  if (failed(assign(g.matmul.getB(), "b")) ||
      failed(assign(g.matmul.getBScales(), "b_scales")))
    return failure();
  for (auto [i, role] : llvm::enumerate(g.roles))
    if (role.empty())
      return func.emitError()
             << "argument #" << i << " is not used by the GEMM";

  GemmKernelSpec &s = g.spec;
  s.m = g.matmul.getM();
  s.n = g.matmul.getN();
  s.k = g.matmul.getK();
  s.config = g.matmul.getConfigAttr();
  s.bLayout = g.matmul.getBLayout();
  s.quantizeA = static_cast<bool>(g.quantize);
  s.scaleMode = g.quantize ? g.quantize.getScaleMode() : mxfp4::ScaleMode::even;
  s.aElementType =
      g.quantize ? g.quantize.getInput().getType().getElementType() : Type();
  s.outElementType = g.matmul.getResult().getType().getElementType();
  if (std::string why = whySplitKUnsupported(s); !why.empty())
    return g.matmul.emitOpError(why);
  return g;
}

/// The host ABI type of a tensor argument: fp4 values become their fp4x2
/// bytes, E8M0 scales their bytes, other element types stay. Every argument
/// has a static shape: fp4 values and scales are GEMM operands (static, K a
/// multiple of 32, by the verifier) and A's input was checked above.
static MemRefType hostMemRefType(RankedTensorType t) {
  Builder b(t.getContext());
  SmallVector<int64_t> shape(t.getShape());
  Type elem = t.getElementType();
  if (isa<Float4E2M1FNType>(elem)) {
    shape.back() /= 2;
    elem = b.getI8Type();
  } else if (isa<Float8E8M0FNUType>(elem)) {
    elem = b.getI8Type();
  }
  return MemRefType::get(shape, elem);
}

static LogicalResult convertGemmFunction(func::FuncOp func, GemmFunction &g,
                                         StringRef chip,
                                         QuantizeMethod method) {
  g.spec.quantizeMethod = method;
  MLIRContext *ctx = func.getContext();
  OpBuilder b(ctx);
  Location loc = func.getLoc();
  auto module = func->getParentOfType<ModuleOp>();

  // The kernel, outlined into its own gpu.module.
  int64_t bScaleElements = g.matmul.getBScales().getType().getNumElements();
  SmallVector<Type> kernelArgTypes =
      getGemmKernelArgTypes(ctx, g.spec, bScaleElements);
  // At most 1024 work-items (the config verifier), and M, N <= 2^31 (the
  // op verifier) over tiles of at least 16: every size fits in 32 bits.
  int32_t wgSize = static_cast<int32_t>(g.spec.getWorkgroupSize());
  gpu::GPUFuncOp kernel = createKernel(
      module, (func.getName() + "_kernel").str(), chip, kernelArgTypes,
      getGemmKernelWorkgroupBuffers(ctx, g.spec), wgSize, loc);
  kernel.setKnownGridSizeAttr(
      // Split-K slices are along x too (GemmKernelSpec::getGridX).
      b.getDenseI32ArrayAttr({static_cast<int32_t>(g.spec.getGridX()),
                              static_cast<int32_t>(g.spec.getGridY()), 1}));
  buildGemmKernelBody(b, kernel, g.spec);

  // The host function: memref arguments, the result as the last argument.
  auto resultType = g.matmul.getResult().getType();
  SmallVector<Type> hostTypes;
  // Every argument has a role (matchGemmFunction), so every one is a tensor.
  for (Type t : func.getArgumentTypes())
    hostTypes.push_back(hostMemRefType(cast<RankedTensorType>(t)));
  hostTypes.push_back(
      MemRefType::get(resultType.getShape(), resultType.getElementType()));
  Block &oldBody = func.getBody().front();
  auto *newBody = new Block();
  for (Type t : hostTypes)
    newBody->addArgument(t, loc);
  func.getBody().push_front(newBody);
  oldBody.dropAllDefinedValueUses();
  oldBody.erase();
  // Each argument keeps its attributes, and the result's move to C, its
  // output argument. The attribute arrays are rebuilt whole: they are sized
  // for the old signature.
  SmallVector<StringRef> roles(g.roles);
  roles.push_back("c");
  SmallVector<DictionaryAttr> argAttrs;
  for (auto [i, role] : llvm::enumerate(roles)) {
    NamedAttrList attrs(i < g.roles.size() ? func.getArgAttrDict(i)
                                           : func.getResultAttrDict(0));
    attrs.set("fp4.arg", b.getStringAttr(role));
    argAttrs.push_back(attrs.getDictionary(ctx));
  }
  func.setFunctionType(b.getFunctionType(hostTypes, {}));
  func.setAllArgAttrs(argAttrs);
  func.removeResAttrsAttr();

  b.setInsertionPointToStart(newBody);
  auto argFor = [&](StringRef role) -> Value {
    return newBody->getArgument(llvm::find(roles, role) - roles.begin());
  };
  SmallVector<StringRef> kernelRoles = {"a"};
  if (!g.spec.quantizeA)
    kernelRoles.push_back("a_scales");
  kernelRoles.append({"b", "b_scales", "c"});
  SmallVector<Value> kernelOperands;
  for (auto [role, type] : llvm::zip(kernelRoles, kernelArgTypes)) {
    Value v = argFor(role);
    auto memrefType = cast<MemRefType>(v.getType());
    if (memrefType.getRank() > 1) {
      ReassociationIndices all =
          llvm::to_vector(llvm::seq<int64_t>(0, memrefType.getRank()));
      v = memref::CollapseShapeOp::create(b, loc, v,
                                          ArrayRef<ReassociationIndices>{all});
    }
    v = memref::MemorySpaceCastOp::create(b, loc, type, v);
    kernelOperands.push_back(v);
  }
  auto c = [&](int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); };
  Value one = c(1);
  gpu::LaunchFuncOp::create(
      b, loc, kernel,
      gpu::KernelDim3{c(g.spec.getGridX()), c(g.spec.getGridY()), one},
      gpu::KernelDim3{c(wgSize), one, one}, /*dynamicSharedMemorySize=*/Value(),
      kernelOperands);
  func::ReturnOp::create(b, loc);

  // What fp4-run needs to make inputs and check the output.
  NamedAttrList info;
  info.append("m", b.getI64IntegerAttr(g.spec.m));
  info.append("n", b.getI64IntegerAttr(g.spec.n));
  info.append("k", b.getI64IntegerAttr(g.spec.k));
  info.append("b_layout",
              b.getStringAttr(mxfp4::stringifyLayout(g.spec.bLayout)));
  info.append("scale_mode",
              b.getStringAttr(mxfp4::stringifyScaleMode(g.spec.scaleMode)));
  info.append("quantize_a", b.getBoolAttr(g.spec.quantizeA));
  info.append(
      "a_quantizer",
      b.getStringAttr(method == QuantizeMethod::Exact ? "exact" : "hardware"));
  info.append("config", g.spec.config);
  func->setAttr("fp4.gemm", info.getDictionary(ctx));
  LLVM_DEBUG(llvm::dbgs() << "outlined " << kernel.getName() << "\n");
  return success();
}

/// Split-K in a work-group loop needs what it needs in a GEMM function
/// (whySplitKUnsupported): a static M, i.e. static loop bounds, and a K step
/// per slice, and no fused output quantize. mxfp4-select-config refuses the
/// first two and never chooses split-K for the third; this catches a config
/// set by hand or after it.
static LogicalResult checkTileLoopSplitK(ArrayRef<scf::ForallOp> loops) {
  for (scf::ForallOp loop : loops)
    for (auto matmul : loop.getOps<mxfp4::ScaledMatmulOp>()) {
      mxfp4::GemmConfigAttr config = matmul.getConfigAttr();
      if (!config || config.getSplitK() == 1)
        continue;
      GemmKernelSpec spec{};
      spec.m = llvm::all_of(loop.getMixedUpperBound(),
                            [](OpFoldResult r) {
                              return getConstantIntValue(r).has_value();
                            })
                   ? 1
                   : ShapedType::kDynamic;
      spec.k = matmul.getK();
      spec.config = config;
      if (std::string why = whySplitKUnsupported(spec); !why.empty())
        return matmul.emitOpError(why);
      // A fused output quantize runs after the kernel body in every
      // work-group; with split-K only the last one to arrive at a tile has
      // its C.
      auto aQuantize = matmul.getA().getDefiningOp<mxfp4::QuantizeOp>();
      for (auto q : loop.getOps<mxfp4::QuantizeOp>())
        if (q != aQuantize)
          return matmul.emitOpError(
              "split_k > 1 with a fused output quantize is not supported");
    }
  return success();
}

namespace {
struct ConvertMXFP4ToAMDGPUPass
    : public fp4::impl::ConvertMXFP4ToAMDGPUBase<ConvertMXFP4ToAMDGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    llvm::Expected<mxfp4::ChipLimits> limits = mxfp4::getChipLimits(chip);
    if (!limits) {
      getOperation().emitError() << llvm::toString(limits.takeError());
      return signalPassFailure();
    }
    if (llvm::Error e = mxfp4::checkAQuantizerOption(aQuantizer)) {
      getOperation().emitError() << llvm::toString(std::move(e));
      return signalPassFailure();
    }
    QuantizeMethod method = aQuantizer == "exact" ? QuantizeMethod::Exact
                                                  : QuantizeMethod::Hardware;
    ModuleOp module = getOperation();
    // GEMM functions are lowered whole, with the problem ABI.
    SmallVector<func::FuncOp> gemmFunctions;
    for (auto f : module.getOps<func::FuncOp>())
      if (mxfp4::isGemmFunction(f))
        gemmFunctions.push_back(f);
    for (func::FuncOp f : gemmFunctions) {
      FailureOr<GemmFunction> g = matchGemmFunction(f, *limits);
      if (failed(g) || failed(convertGemmFunction(f, *g, chip, method)))
        return signalPassFailure();
    }
    // Work-group loops (mxfp4-tile-and-fuse) become kernel launches.
    unsigned kernels = 0;
    for (auto f : llvm::to_vector(module.getOps<func::FuncOp>())) {
      // GEMM loops, and loops around a lone quantize or dequantize.
      SmallVector<scf::ForallOp> loops, blockLoops;
      f.walk([&](scf::ForallOp loop) {
        if (!loop.getOps<mxfp4::ScaledMatmulOp>().empty())
          loops.push_back(loop);
        else if (!loop.getOps<mxfp4::QuantizeOp>().empty() ||
                 !loop.getOps<mxfp4::DequantizeOp>().empty())
          blockLoops.push_back(loop);
      });
      if (loops.empty() && blockLoops.empty())
        continue;
      if (failed(checkTileLoopSplitK(loops)))
        return signalPassFailure();
      retypePackedArguments(f);
      for (scf::ForallOp loop : loops)
        if (failed(lowerTileLoop(loop, chip, method, kernels++)))
          return signalPassFailure();
      for (scf::ForallOp loop : blockLoops)
        if (failed(lowerBlockLoop(loop, chip, method, kernels++)))
          return signalPassFailure();
      if (failed(finishPackedArguments(f)))
        return signalPassFailure();
    }
    // The kernels built above take bare pointers; the host lowering (the
    // JIT's) must call them that way. Kernels outlined by the upstream GPU
    // passes take memref descriptors, the GPU dialect's default.
    if (!gemmFunctions.empty() || kernels > 0)
      module->setAttr("fp4.bare_pointer_kernels", UnitAttr::get(&getContext()));
    // Kernel ops inside GPU kernels: the conversion patterns.
    SmallVector<Operation *> kernelOps;
    module.walk([&](Operation *op) {
      if (isa<mxfp4::FusedMatmulOp, mxfp4::BlockQuantizeOp,
              mxfp4::BlockDequantizeOp>(op))
        kernelOps.push_back(op);
    });
    for (Operation *op : kernelOps)
      if (std::string why = whyKernelOpUnsupported(op); !why.empty()) {
        op->emitOpError(why);
        return signalPassFailure();
      }
    if (!kernelOps.empty()) {
      if (!module->hasAttr(kAQuantizerAttr))
        module->setAttr(kAQuantizerAttr, StringAttr::get(&getContext(),
                                                         aQuantizer));
      RewritePatternSet patterns(&getContext());
      populateMXFP4ToAMDGPUConversionPatterns(patterns, chip);
      GreedyRewriteConfig config;
      config.setStrictness(GreedyRewriteStrictness::ExistingOps);
      if (failed(applyOpPatternsGreedily(kernelOps, std::move(patterns),
                                         config)))
        return signalPassFailure();
    }
    // Nothing else lowers an mxfp4 op: one left here would survive
    // unconverted and fail much later (or not at all).
    WalkResult left = module.walk([&](Operation *op) {
      if (!isa<mxfp4::MXFP4Dialect>(op->getDialect()) || isa<mxfp4::YieldOp>(op))
        return WalkResult::advance();
      op->emitOpError("is neither in a GEMM function nor in a work-group "
                      "loop; run mxfp4-tile-and-fuse first (the "
                      "fp4-lower-to-hsaco pipeline does)");
      return WalkResult::interrupt();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
