//===- BufferizableOpInterfaceImpl.cpp - kernel ops in place ----*- C++ -*-===//
//
// One-shot bufferization of the destination-style kernel ops: each result
// is its destination's buffer, the op is recreated on memrefs (no results),
// and destinations are written, never read, so a tensor.empty destination
// needs no copy.
//
//===----------------------------------------------------------------------===//

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/DstBufferizableOpInterfaceImpl.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace mlir::fp4::mxfp4;

namespace {
template <typename OpTy>
struct KernelOpBufferization : public DstBufferizableOpInterfaceExternalModel<
                                   KernelOpBufferization<OpTy>, OpTy> {
  bool bufferizesToMemoryRead(Operation *op, OpOperand &operand,
                              const AnalysisState &) const {
    return !cast<DestinationStyleOpInterface>(op).isDpsInit(&operand);
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto dps = cast<DestinationStyleOpInterface>(op);
    if (dps.hasPureBufferSemantics())
      return success();
    // Every tensor operand becomes its buffer; scalars and index operands
    // stay. The regions hold scalar code only and move over unchanged.
    IRMapping map;
    for (Value v : op->getOperands()) {
      if (!isa<TensorType>(v.getType()))
        continue;
      FailureOr<Value> buffer = getBuffer(rewriter, v, options, state);
      if (failed(buffer))
        return failure();
      map.map(v, *buffer);
    }
    SmallVector<Value> results;
    for (OpOperand &init : dps.getDpsInitsMutable())
      results.push_back(map.lookup(init.get()));
    rewriter.setInsertionPoint(op);
    OperationState bufferized(op->getLoc(), op->getName());
    for (Value v : op->getOperands())
      bufferized.operands.push_back(map.lookupOrDefault(v));
    bufferized.attributes = op->getAttrDictionary();
    bufferized.propertiesAttr = op->getPropertiesAsAttribute();
    for (Region &r : op->getRegions()) {
      Region *moved = bufferized.addRegion();
      moved->takeBody(r);
    }
    rewriter.create(bufferized);
    replaceOpWithBufferizedValues(rewriter, op, results);
    return success();
  }
};
} // namespace

void mlir::fp4::mxfp4::attachBufferizationModels(MLIRContext *ctx) {
  FusedMatmulOp::attachInterface<KernelOpBufferization<FusedMatmulOp>>(*ctx);
  BlockQuantizeOp::attachInterface<KernelOpBufferization<BlockQuantizeOp>>(
      *ctx);
  BlockDequantizeOp::attachInterface<KernelOpBufferization<BlockDequantizeOp>>(
      *ctx);
  WorkgroupMoeAlignOp::attachInterface<
      KernelOpBufferization<WorkgroupMoeAlignOp>>(*ctx);
}
