//===- KernelArgsToGlobal.cpp - kernel buffers in global memory -*- C++ -*-===//
//
// gpu-kernel-outlining gives a kernel the host's memref types, in the
// default (flat) address space. The AMDGPU backend addresses flat memory
// with flat loads, which are slower and cannot use the buffer instructions
// the GEMM lowering emits; so every memref argument of a kernel, and every
// view the kernel takes of one, is moved to #gpu.address_space<global>,
// with a matching memory_space_cast at each launch on the host.
//
//===----------------------------------------------------------------------===//

#include "fp4/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::fp4 {
#define GEN_PASS_DEF_KERNELARGSTOGLOBAL
#include "fp4/Transforms/Passes.h.inc"
} // namespace mlir::fp4

using namespace mlir;
using namespace mlir::fp4;

namespace {

MemRefType inGlobal(MemRefType type) {
  return MemRefType::get(
      type.getShape(), type.getElementType(), type.getLayout(),
      gpu::AddressSpaceAttr::get(type.getContext(), gpu::AddressSpace::Global));
}

bool isFlat(Type type) {
  auto m = dyn_cast<MemRefType>(type);
  return m && !m.getMemorySpace();
}

/// Gives the views `op` takes of a global buffer (subview, cast,
/// reshape, reinterpret_cast, strided metadata), and the views of those,
/// the global address space: a view keeps the space of its source.
void propagateToViews(Operation *op) {
  SmallVector<Operation *> worklist = {op};
  while (!worklist.empty()) {
    Operation *user = worklist.pop_back_val();
    bool view =
        isa<ViewLikeOpInterface, memref::ExtractStridedMetadataOp,
            memref::CastOp, memref::CollapseShapeOp, memref::ExpandShapeOp>(
            user);
    if (!view)
      continue;
    for (Value r : user->getResults()) {
      if (isFlat(r.getType()))
        r.setType(inGlobal(cast<MemRefType>(r.getType())));
      for (Operation *next : r.getUsers())
        worklist.push_back(next);
    }
  }
}

/// A read-only global of the host passed to a kernel: a copy the runtime
/// allocated instead.
Value copyIfHostConstant(OpBuilder &b, Location loc, Value v) {
  auto get = v.getDefiningOp<memref::GetGlobalOp>();
  if (!get)
    return v;
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      get, get.getNameAttr());
  if (!global || !global.getConstant())
    return v;
  auto type = cast<MemRefType>(v.getType());
  Value copy = memref::AllocOp::create(
      b, loc, MemRefType::get(type.getShape(), type.getElementType()));
  memref::CopyOp::create(b, loc, v, copy);
  if (copy.getType() != type)
    copy = memref::CastOp::create(b, loc, type, copy);
  return copy;
}

/// Whether a memref can be passed as a bare pointer: static shape, identity
/// layout (no offset or strides to carry).
bool isBarePointerCompatible(MemRefType type) {
  return type.hasStaticShape() && type.getLayout().isIdentity();
}

/// The flat buffer a bare pointer stands for when the shape, offset or
/// strides are only known at run time: the view is rebuilt in the kernel.
MemRefType flatBufferType(MemRefType type) {
  return inGlobal(MemRefType::get({int64_t(1) << 31}, type.getElementType()));
}

/// The run-time values of `type` a kernel needs to rebuild the view:
/// offset, sizes, strides, the dynamic ones only, in that order.
int64_t numDynamicFields(MemRefType type) {
  auto [strides, offset] = type.getStridesAndOffset();
  return ShapedType::isDynamic(offset) + type.getNumDynamicDims() +
         llvm::count_if(strides, ShapedType::isDynamic);
}

/// Rewrites kernel `func`'s memref arguments: global memory, and a view
/// only known at run time as a flat bare pointer plus its dynamic fields.
void rewriteKernelSignature(gpu::GPUFuncOp func, ArrayRef<unsigned> order) {
  Block &entry = func.front();
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  Location loc = func.getLoc();
  unsigned numOld = entry.getNumArguments();
  SmallVector<Type> types;
  for (unsigned i : order) {
    BlockArgument arg = entry.getArgument(i);
    auto type = dyn_cast<MemRefType>(arg.getType());
    if (!type || !isFlat(type)) {
      types.push_back(arg.getType());
      entry.addArgument(arg.getType(), arg.getLoc());
      arg.replaceAllUsesWith(entry.getArguments().back());
      continue;
    }
    if (isBarePointerCompatible(type)) {
      types.push_back(inGlobal(type));
      entry.addArgument(types.back(), arg.getLoc());
      arg.replaceAllUsesWith(entry.getArguments().back());
      continue;
    }
    types.push_back(flatBufferType(type));
    Value flat = entry.addArgument(types.back(), arg.getLoc());
    SmallVector<Value> fields;
    for (int64_t f = 0, e = numDynamicFields(type); f < e; ++f) {
      types.push_back(b.getIndexType());
      fields.push_back(entry.addArgument(b.getIndexType(), arg.getLoc()));
    }
    auto [strides, offset] = type.getStridesAndOffset();
    auto next = fields.begin();
    auto field = [&](int64_t v) -> OpFoldResult {
      return ShapedType::isDynamic(v) ? OpFoldResult(*next++)
                                      : OpFoldResult(b.getIndexAttr(v));
    };
    OpFoldResult off = field(offset);
    SmallVector<OpFoldResult> sizes, strideValues;
    for (int64_t d : type.getShape())
      sizes.push_back(field(d));
    for (int64_t st : strides)
      strideValues.push_back(field(st));
    Value view = memref::ReinterpretCastOp::create(b, loc, inGlobal(type), flat,
                                                   off, sizes, strideValues);
    arg.replaceAllUsesWith(view);
  }
  entry.eraseArguments(0, numOld);
  func.setFunctionType(FunctionType::get(func.getContext(), types, {}));
}

/// The launch operands for kernel argument `v` (see rewriteKernelSignature).
SmallVector<Value> launchOperands(OpBuilder &b, Location loc, Value v) {
  auto type = dyn_cast<MemRefType>(v.getType());
  if (!type || !isFlat(type))
    return {v};
  v = copyIfHostConstant(b, loc, v);
  if (isBarePointerCompatible(type))
    return {memref::MemorySpaceCastOp::create(b, loc, inGlobal(type), v)};
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, v);
  MemRefType flat = flatBufferType(type);
  Value base = memref::ReinterpretCastOp::create(
      b, loc, MemRefType::get(flat.getShape(), type.getElementType()),
      meta.getBaseBuffer(), b.getIndexAttr(0),
      ArrayRef<OpFoldResult>{b.getIndexAttr(flat.getShape()[0])},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
  SmallVector<Value> operands = {
      memref::MemorySpaceCastOp::create(b, loc, flat, base)};
  auto [strides, offset] = type.getStridesAndOffset();
  if (ShapedType::isDynamic(offset))
    operands.push_back(meta.getOffset());
  for (auto [d, size] : llvm::enumerate(type.getShape()))
    if (ShapedType::isDynamic(size))
      operands.push_back(meta.getSizes()[d]);
  for (auto [d, stride] : llvm::enumerate(strides))
    if (ShapedType::isDynamic(stride))
      operands.push_back(meta.getStrides()[d]);
  return operands;
}

/// The order of a kernel's arguments: the host function's arguments it
/// reads in the function's order (A before B, as the user wrote them), then
/// the rest (buffers the host allocated) in outlining's order.
SmallVector<unsigned> argumentOrder(gpu::LaunchFuncOp launch) {
  unsigned n = launch.getNumKernelOperands();
  SmallVector<unsigned> order = llvm::to_vector(llvm::seq<unsigned>(0, n));
  auto key = [&](unsigned i) -> int64_t {
    auto arg = dyn_cast<BlockArgument>(launch.getKernelOperand(i));
    if (arg && isa<FunctionOpInterface>(arg.getOwner()->getParentOp()))
      return arg.getArgNumber();
    return int64_t(1) << 32 | i;
  };
  llvm::stable_sort(order,
                    [&](unsigned x, unsigned y) { return key(x) < key(y); });
  return order;
}

struct KernelArgsToGlobalPass
    : public fp4::impl::KernelArgsToGlobalBase<KernelArgsToGlobalPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The host side first, while the kernels still show the old types.
    // Outlining makes one kernel per launch.
    DenseMap<Operation *, SmallVector<unsigned>> orders;
    module.walk([&](gpu::LaunchFuncOp launch) {
      auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
          launch, launch.getKernel());
      if (!kernel)
        return; // already serialized: nothing to do
      SmallVector<unsigned> order = argumentOrder(launch);
      auto [it, inserted] = orders.try_emplace(kernel, order);
      if (!inserted && it->second != order)
        order = it->second; // a second launch follows the first's order
      OpBuilder b(launch);
      SmallVector<Value> operands;
      for (unsigned i : order)
        llvm::append_range(
            operands,
            launchOperands(b, launch.getLoc(), launch.getKernelOperand(i)));
      launch.getKernelOperandsMutable().assign(operands);
    });
    bool any = false;
    module.walk([&](gpu::GPUFuncOp func) {
      if (!func.isKernel())
        return;
      auto found = orders.find(func);
      rewriteKernelSignature(
          func, found != orders.end()
                    ? ArrayRef<unsigned>(found->second)
                    : ArrayRef<unsigned>(llvm::to_vector(
                          llvm::seq<unsigned>(0, func.getNumArguments()))));
      for (BlockArgument arg : func.getArguments())
        if (auto type = dyn_cast<MemRefType>(arg.getType()))
          for (Operation *user : arg.getUsers())
            propagateToViews(user);
      func.walk(
          [&](memref::ReinterpretCastOp cast) { propagateToViews(cast); });
      any = true;
    });
    // Every kernel takes bare pointers now; the host lowering must call
    // them that way (useBarePtrCallConv / kernelBarePtrCallConv).
    if (any)
      module->setAttr("fp4.bare_pointer_kernels", UnitAttr::get(&getContext()));
  }
};

} // namespace
