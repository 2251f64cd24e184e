//===- HostBoundary.cpp - what kernels and the host exchange ----*- C++ -*-===//
//
// The host side of every kernel the conversion builds: tensors become the
// kernels' flat global buffers, fresh output buffers become tensors again,
// and fp4/E8M0 data crosses the function boundary as bytes (fp4x2, scale
// bytes), behind casts that only kernels look through.
//
//===----------------------------------------------------------------------===//

#include "HostBoundary.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace mlir::fp4;

/// A tensor as the kernel's flat global buffer: to_buffer, collapse, a
/// static type for a run-time size, global address space.
Value mlir::fp4::asKernelBuffer(OpBuilder &b, Location loc,
                                Value tensorOrMemref, Type kernelType) {
  Value m = tensorOrMemref;
  if (auto t = dyn_cast<RankedTensorType>(m.getType())) {
    auto type = MemRefType::get(t.getShape(), t.getElementType());
    m = bufferization::ToBufferOp::create(b, loc, type, m, /*read_only=*/true);
  }
  auto type = cast<MemRefType>(m.getType());
  if (type.getRank() != 1) {
    ReassociationIndices all =
        llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
    m = memref::CollapseShapeOp::create(b, loc, m,
                                        ArrayRef<ReassociationIndices>{all});
  }
  auto kernel = cast<MemRefType>(kernelType);
  auto flat = MemRefType::get(kernel.getShape(), kernel.getElementType());
  if (m.getType() != flat)
    m = memref::CastOp::create(b, loc, flat, m);
  return memref::MemorySpaceCastOp::create(b, loc, kernelType, m);
}

/// The byte tensor that carries an fp4 or E8M0 function argument:
/// fp4x2 bytes (last dimension halved) or one byte per scale.
RankedTensorType mlir::fp4::byteTensorType(RankedTensorType t) {
  SmallVector<int64_t> shape(t.getShape());
  if (isa<Float4E2M1FNType>(t.getElementType()))
    shape.back() /= 2;
  return RankedTensorType::get(shape, IntegerType::get(t.getContext(), 8));
}

bool mlir::fp4::isPackedType(Type t) {
  auto r = dyn_cast<RankedTensorType>(t);
  return r && isa<Float4E2M1FNType, Float8E8M0FNUType>(r.getElementType());
}

/// The host value the kernel reads for `v`: fp4/E8M0 data must be a
/// function argument, which retypePackedArguments gave a byte type behind a
/// cast back to the fp4 type.
FailureOr<Value> mlir::fp4::hostOperand(Value v, Operation *user) {
  if (!isPackedType(v.getType()))
    return v;
  auto cast = v.getDefiningOp<UnrealizedConversionCastOp>();
  if (!cast || !cast->hasAttr(kPackedArgumentAttr))
    return user->emitOpError("reads fp4 or E8M0 data that is not a function "
                             "argument; quantize it in the kernel or pass it "
                             "in as an argument");
  return cast.getOperand(0);
}

Value mlir::fp4::asHostResult(OpBuilder &b, Location loc, Value buffer,
                              RankedTensorType type) {
  RankedTensorType bytes = isPackedType(type) ? byteTensorType(type) : type;
  Value tensor = bufferization::ToTensorOp::create(
      b, loc, bytes, buffer, /*restrict=*/true, /*writable=*/true);
  if (bytes == type)
    return tensor;
  // fp4/E8M0 results: bytes behind a cast, like the arguments.
  auto cast = UnrealizedConversionCastOp::create(b, loc, type, tensor);
  cast->setAttr(kPackedArgumentAttr, b.getUnitAttr());
  return cast.getResult(0);
}

gpu::GPUFuncOp mlir::fp4::createKernel(ModuleOp module, StringRef name,
                                       StringRef chip, TypeRange argTypes,
                                       TypeRange workgroupBuffers,
                                       int64_t workgroupSize, Location loc) {
  MLIRContext *ctx = module.getContext();
  OpBuilder b(ctx);
  module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                  b.getUnitAttr());
  b.setInsertionPointToEnd(module.getBody());
  auto target = ROCDL::ROCDLTargetAttr::get(ctx, /*optLevel=*/3,
                                            "amdgcn-amd-amdhsa", chip);
  auto gpuModule =
      gpu::GPUModuleOp::create(b, loc, name, ArrayRef<Attribute>{target});
  SymbolTable(module).insert(gpuModule);
  b.setInsertionPointToStart(gpuModule.getBody());
  auto kernel =
      gpu::GPUFuncOp::create(b, loc, gpuModule.getName(),
                             b.getFunctionType(argTypes, {}), workgroupBuffers);
  kernel->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), b.getUnitAttr());
  kernel.setKnownBlockSizeAttr(
      b.getDenseI32ArrayAttr({static_cast<int32_t>(workgroupSize), 1, 1}));
  return kernel;
}

void mlir::fp4::retypePackedArguments(func::FuncOp func) {
  // fp4 and E8M0 tensors cross the function boundary as bytes (what the
  // kernels read, and what callers hold). Each such argument is retyped and
  // cast back at the entry; the kernels read the bytes behind the cast.
  if (func.isExternal())
    return;
  OpBuilder b = OpBuilder::atBlockBegin(&func.getBody().front());
  SmallVector<Type> types(func.getArgumentTypes());
  for (BlockArgument arg : func.getArguments()) {
    if (!isPackedType(arg.getType()) || arg.use_empty())
      continue;
    auto original = cast<RankedTensorType>(arg.getType());
    auto bytes = byteTensorType(original);
    auto castBack =
        UnrealizedConversionCastOp::create(b, arg.getLoc(), original, arg);
    castBack->setAttr(kPackedArgumentAttr, b.getUnitAttr());
    arg.replaceAllUsesExcept(castBack.getResult(0), castBack);
    arg.setType(bytes);
    types[arg.getArgNumber()] = bytes;
  }
  func.setFunctionType(
      FunctionType::get(func.getContext(), types, func.getResultTypes()));
}

LogicalResult mlir::fp4::finishPackedArguments(func::FuncOp func) {
  SmallVector<UnrealizedConversionCastOp> casts;
  func.walk([&](UnrealizedConversionCastOp c) {
    if (c->hasAttr(kPackedArgumentAttr))
      casts.push_back(c);
  });
  // fp4/E8M0 values the function returns leave it as bytes.
  auto ret = dyn_cast<func::ReturnOp>(func.getBody().back().getTerminator());
  if (ret) {
    SmallVector<Type> results(func.getResultTypes());
    for (OpOperand &operand : ret->getOpOperands()) {
      auto c = operand.get().getDefiningOp<UnrealizedConversionCastOp>();
      if (!c || !c->hasAttr(kPackedArgumentAttr))
        continue;
      operand.set(c.getOperand(0));
      results[operand.getOperandNumber()] = c.getOperand(0).getType();
    }
    func.setFunctionType(
        FunctionType::get(func.getContext(), func.getArgumentTypes(), results));
  }
  // What the lowered loops left unused (their bounds and destinations)
  // must not count as a use of fp4 data.
  for (bool erased = true; erased;) {
    erased = false;
    func.walk([&](Operation *op) {
      if (!isa<UnrealizedConversionCastOp>(op) && isOpTriviallyDead(op)) {
        op->erase();
        erased = true;
      }
    });
  }
  for (UnrealizedConversionCastOp c : casts) {
    if (!c->use_empty())
      return (*c->getUsers().begin())
          ->emitOpError("uses fp4 or E8M0 data outside a GEMM kernel; such "
                        "values cross the function boundary as bytes and are "
                        "read by kernels only");
    c.erase();
  }
  return success();
}
