//===- GemmKernel.h - the body of an MXFP4 GEMM kernel ----------*- C++ -*-===//

#ifndef FP4_LIB_CONVERSION_MXFP4TOAMDGPU_GEMMKERNEL_H
#define FP4_LIB_CONVERSION_MXFP4TOAMDGPU_GEMMKERNEL_H

#include "QuantizeBlock.h"
#include "fp4/Dialect/MXFP4/IR/MXFP4.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::fp4 {

/// Everything the kernel body depends on.
struct GemmKernelSpec {
  int64_t m, n, k;
  mxfp4::GemmConfigAttr config;
  mxfp4::Layout bLayout;
  /// A arrives as bf16/f16/f32 and is quantized in the kernel; otherwise A
  /// arrives as fp4x2 bytes plus scale bytes.
  bool quantizeA;
  mxfp4::ScaleMode scaleMode;
  QuantizeMethod quantizeMethod = QuantizeMethod::Exact;
  Type aElementType;   // when quantizeA
  Type outElementType; // bf16 or f32

  int64_t getWorkgroupSize() const { return config.getWaves() * 64; }
  int64_t getGridX() const { return llvm::divideCeil(n, config.getTileN()); }
  int64_t getGridY() const { return llvm::divideCeil(m, config.getTileM()); }
};

/// The kernel's parameter types, all flat global-memory buffers:
/// A (or A bytes, A scale bytes), B bytes, B scale bytes, C.
SmallVector<Type> getGemmKernelArgTypes(MLIRContext *ctx,
                                        const GemmKernelSpec &spec,
                                        int64_t bScaleElements);

/// The LDS buffers the kernel needs, as gpu.func workgroup attributions:
/// with waves_k > 1, one f32 buffer where the waves that took the other K
/// steps leave their accumulators.
SmallVector<Type> getGemmKernelWorkgroupBuffers(MLIRContext *ctx,
                                                const GemmKernelSpec &spec);

/// Fills the empty body of `func` (whose arguments have the types above).
void buildGemmKernelBody(OpBuilder &b, gpu::GPUFuncOp func,
                         const GemmKernelSpec &spec);

} // namespace mlir::fp4

#endif // FP4_LIB_CONVERSION_MXFP4TOAMDGPU_GEMMKERNEL_H
