//===- QuantizeKernels.cpp - quantize and dequantize as kernels -*- C++ -*-===//
//
// A quantize or dequantize that no GEMM took into its kernel runs as a
// kernel of its own. mxfp4-tile-and-fuse tiles it by rows into a loop
// mapped to GPU blocks; here the loop becomes a kernel in which each
// work-item handles 32-element blocks: the quantizer is the one GEMM kernels
// use for A (bit-exact with the reference), the dequantizer decodes E2M1
// codes and the E8M0 scale with integer operations and multiplies exactly
// in f32.
//
//===----------------------------------------------------------------------===//

#include "HostBoundary.h"
#include "LowerTileLoops.h"
#include "QuantizeBlock.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::fp4;
using mxfp4::kBlockSize;

namespace {
/// Terse arithmetic on index and vector values.
struct Emit {
  OpBuilder &b;
  Location loc;

  Value idx(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value splat(VectorType t, int64_t v) {
    return arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(t, b.getIntegerAttr(t.getElementType(), v)));
  }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivUIOp::create(b, loc, x, y); }
  Value rem(Value x, Value y) { return arith::RemUIOp::create(b, loc, x, y); }
  Value eq(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, y);
  }
  Value select(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
};
} // namespace

namespace {
/// A loop of mxfp4-tile-and-fuse around one quantize or dequantize.
struct BlockLoop {
  Operation *op;             // the tiled quantize or dequantize
  SmallVector<Value> inputs; // outside the loop
};
} // namespace

static FailureOr<BlockLoop> analyzeBlockLoop(scf::ForallOp loop) {
  SmallVector<Operation *> ops;
  loop.getBody()->walk([&](Operation *op) {
    if (isa<mxfp4::QuantizeOp, mxfp4::DequantizeOp>(op))
      ops.push_back(op);
  });
  if (ops.size() != 1 || loop.getRank() != 1 ||
      !isConstantIntValue(loop.getMixedLowerBound()[0], 0))
    return loop.emitOpError("expected a 1-D loop over rows around one "
                            "mxfp4.quantize or mxfp4.dequantize (made by "
                            "mxfp4-tile-and-fuse)");
  BlockLoop l{ops.front(), {}};
  for (Value operand : l.op->getOperands()) {
    auto slice = operand.getDefiningOp<tensor::ExtractSliceOp>();
    if (!slice ||
        loop.getRegion().isAncestor(slice.getSource().getParentRegion()) ||
        dyn_cast<Value>(slice.getMixedOffsets()[0]) != loop.getInductionVar(0))
      return l.op->emitOpError("reads something other than a row slice of a "
                               "value defined outside its loop");
    l.inputs.push_back(slice.getSource());
  }
  for (auto [i, r] : llvm::enumerate(l.op->getResults())) {
    auto insert =
        r.hasOneUse()
            ? dyn_cast<tensor::ParallelInsertSliceOp>(*r.getUsers().begin())
            : nullptr;
    if (!insert || insert.getDest() != loop.getRegionIterArgs()[i])
      return l.op->emitOpError("results must be the loop's outputs");
  }
  return l;
}

LogicalResult mlir::fp4::lowerBlockLoop(scf::ForallOp loop, StringRef chip,
                                        QuantizeMethod method,
                                        unsigned kernelIndex) {
  FailureOr<BlockLoop> analyzed = analyzeBlockLoop(loop);
  if (failed(analyzed))
    return failure();
  BlockLoop &l = *analyzed;
  auto quantize = dyn_cast<mxfp4::QuantizeOp>(l.op);
  // The full-size tensor every block is read from or written to.
  auto full = cast<RankedTensorType>(
      (quantize ? l.inputs.front() : loop.getOutputs().front()).getType());
  int64_t k = full.getShape().back();
  if (ShapedType::isDynamic(k) || full.getRank() != 2 || full.isDynamicDim(1))
    return l.op->emitOpError("needs a 2-D tensor with a static last "
                             "dimension to run as a kernel");
  int64_t m = full.getDimSize(0), kBlocks = k / kBlockSize;
  std::optional<int64_t> rowsPerGroup =
      getConstantIntValue(loop.getMixedStep()[0]);
  if (!rowsPerGroup)
    return loop.emitOpError("expected a constant row step");
  constexpr int64_t kWorkgroupSize = 256;

  // Kernel arguments: quantize (X, values bytes, scale bytes), dequantize
  // (values bytes, scale bytes, Y), then M when it is dynamic.
  MLIRContext *ctx = loop.getContext();
  Location loc = loop.getLoc();
  auto global = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Global);
  Type i8 = IntegerType::get(ctx, 8);
  bool dynamicM = ShapedType::isDynamic(m);
  auto flat = [&](int64_t perRow, Type elem) -> Type {
    return MemRefType::get({dynamicM ? kRuntimeSizedBuffer : m * perRow}, elem,
                           MemRefLayoutAttrInterface(), global);
  };
  Type valuesType = flat(k / 2, i8), scalesType = flat(kBlocks, i8),
       floatType = flat(k, full.getElementType());
  SmallVector<Type> argTypes =
      quantize ? SmallVector<Type>{floatType, valuesType, scalesType}
               : SmallVector<Type>{valuesType, scalesType, floatType};
  if (dynamicM)
    argTypes.push_back(IndexType::get(ctx));
  auto func = loop->getParentOfType<func::FuncOp>();
  std::string name = (func.getName() + "_" + l.op->getName().stripDialect() +
                      "_kernel_" + Twine(kernelIndex))
                         .str();
  gpu::GPUFuncOp kernel = createKernel(func->getParentOfType<ModuleOp>(), name,
                                       chip, argTypes, {}, kWorkgroupSize, loc);

  // The body: work-item i of the group takes blocks i, i + 256, ... of the
  // group's rows.
  {
    OpBuilder b = OpBuilder::atBlockBegin(&kernel.getBody().front());
    Emit e{b, loc};
    ValueRange args = kernel.getArguments().take_front(argTypes.size());
    Value mBound = dynamicM ? args.back() : e.idx(m);
    Value row0 = e.mul(gpu::BlockIdOp::create(b, loc, gpu::Dimension::x),
                       e.idx(*rowsPerGroup));
    Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    auto blocks = scf::ForOp::create(
        b, loc, tid, e.idx(*rowsPerGroup * kBlocks), e.idx(kWorkgroupSize));
    b.setInsertionPointToStart(blocks.getBody());
    Value i = blocks.getInductionVar();
    Value row = e.add(row0, e.div(i, e.idx(kBlocks)));
    Value blk = e.rem(i, e.idx(kBlocks));
    Value inRows =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, row, mBound);
    auto ifIn = scf::IfOp::create(b, loc, inRows, /*withElseRegion=*/false);
    b.setInsertionPointToStart(&ifIn.getThenRegion().front());
    Value elementOffset =
        e.add(e.mul(row, e.idx(k)), e.mul(blk, e.idx(kBlockSize)));
    Value byteOffset = e.add(e.mul(row, e.idx(k / 2)), e.mul(blk, e.idx(16)));
    Value scaleOffset = e.add(e.mul(row, e.idx(kBlocks)), blk);
    auto bytesType = VectorType::get({kBlockSize / 2}, i8);
    auto floats = VectorType::get({kBlockSize}, full.getElementType());
    if (quantize) {
      Value block = vector::LoadOp::create(b, loc, floats, args[0],
                                           ValueRange{elementOffset});
      QuantizedBlock q =
          emitQuantizeBlock(b, loc, block, quantize.getScaleMode(), method);
      Value bytes = vector::BitCastOp::create(b, loc, bytesType, q.values);
      vector::StoreOp::create(b, loc, bytes, args[1], ValueRange{byteOffset});
      memref::StoreOp::create(b, loc, q.scale, args[2],
                              ValueRange{scaleOffset});
    } else {
      Value bytes = vector::LoadOp::create(b, loc, bytesType, args[0],
                                           ValueRange{byteOffset});
      Value scale =
          memref::LoadOp::create(b, loc, args[1], ValueRange{scaleOffset});
      Value values = emitDequantizeBlock(b, loc, bytes, scale);
      if (!full.getElementType().isF32())
        values = arith::TruncFOp::create(b, loc, floats, values);
      vector::StoreOp::create(b, loc, values, args[2],
                              ValueRange{elementOffset});
    }
    b.setInsertionPointToEnd(&kernel.getBody().front());
    gpu::ReturnOp::create(b, loc);
  }

  // The launch, in place of the loop: inputs as buffers, fresh outputs.
  OpBuilder b(loop);
  Emit e{b, loc};
  SmallVector<Value> operands, hostInputs;
  unsigned arg = 0;
  for (Value input : l.inputs) {
    FailureOr<Value> host = hostOperand(input, l.op);
    if (failed(host))
      return failure();
    hostInputs.push_back(*host);
    operands.push_back(asKernelBuffer(b, loc, *host, argTypes[arg++]));
  }
  // The rows of the first input (its bytes have as many rows).
  Value rows = dynamicM
                   ? Value(tensor::DimOp::create(b, loc, hostInputs.front(), 0))
                   : e.idx(m);
  SmallVector<Value> dynSizes;
  if (dynamicM)
    dynSizes.push_back(rows);
  SmallVector<Value> buffers;
  for (Value output : loop.getOutputs()) {
    auto type = cast<RankedTensorType>(output.getType());
    RankedTensorType bytes = isPackedType(type) ? byteTensorType(type) : type;
    buffers.push_back(memref::AllocOp::create(
        b, loc, MemRefType::get(bytes.getShape(), bytes.getElementType()),
        dynSizes));
    operands.push_back(asKernelBuffer(b, loc, buffers.back(), argTypes[arg++]));
  }
  if (dynamicM)
    operands.push_back(rows);
  Value one = e.idx(1);
  Value groups = arith::CeilDivUIOp::create(b, loc, rows, e.idx(*rowsPerGroup));
  gpu::LaunchFuncOp::create(b, loc, kernel, gpu::KernelDim3{groups, one, one},
                            gpu::KernelDim3{e.idx(kWorkgroupSize), one, one},
                            /*dynamicSharedMemorySize=*/Value(), operands);
  SmallVector<Value> results;
  for (auto [output, buffer] : llvm::zip(loop.getOutputs(), buffers))
    results.push_back(
        asHostResult(b, loc, buffer, cast<RankedTensorType>(output.getType())));
  loop->replaceAllUsesWith(results);
  loop.erase();
  return success();
}
