//===- HostBoundary.h - what kernels and the host exchange ------*- C++ -*-===//

#ifndef FP4_LIB_CONVERSION_MXFP4TOAMDGPU_HOSTBOUNDARY_H
#define FP4_LIB_CONVERSION_MXFP4TOAMDGPU_HOSTBOUNDARY_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::fp4 {

/// Marks the casts between byte tensors and fp4/E8M0 tensors that
/// retypePackedArguments and asHostResult create.
inline constexpr StringLiteral kPackedArgumentAttr = "fp4.packed_argument";

/// A ranked tensor of fp4 values or E8M0 scales.
bool isPackedType(Type t);

/// The byte tensor that carries an fp4 or E8M0 tensor: fp4x2 bytes (last
/// dimension halved) or one byte per scale.
RankedTensorType byteTensorType(RankedTensorType t);

/// A tensor (or memref) as a kernel's flat global buffer of `kernelType`:
/// to_buffer, collapse, a static type for a run-time size, address space.
Value asKernelBuffer(OpBuilder &b, Location loc, Value tensorOrMemref,
                     Type kernelType);

/// A kernel's output buffer as the host tensor of `type` (bytes behind a
/// marked cast for fp4/E8M0 types).
Value asHostResult(OpBuilder &b, Location loc, Value buffer,
                   RankedTensorType type);

/// The host value a kernel reads for `v`: fp4/E8M0 data must come through
/// a marked cast (a function argument, or another kernel's result), whose
/// bytes are returned; fails with a diagnostic on `user` otherwise.
FailureOr<Value> hostOperand(Value v, Operation *user);

/// A kernel in its own gpu.module (named `name`) at the end of `module`.
gpu::GPUFuncOp createKernel(ModuleOp module, StringRef name, StringRef chip,
                            TypeRange argTypes, TypeRange workgroupBuffers,
                            int64_t workgroupSize, Location loc);

/// Gives the fp4/E8M0 tensor arguments of `func` their byte types, each
/// behind a marked cast back to the fp4 type at the entry. Call before
/// lowering the kernels.
void retypePackedArguments(func::FuncOp func);

/// Once the kernels are lowered: fp4/E8M0 results the function returns
/// leave it as bytes; the marked casts are erased; fails on fp4/E8M0 data
/// used outside a kernel.
LogicalResult finishPackedArguments(func::FuncOp func);

} // namespace mlir::fp4

#endif // FP4_LIB_CONVERSION_MXFP4TOAMDGPU_HOSTBOUNDARY_H
