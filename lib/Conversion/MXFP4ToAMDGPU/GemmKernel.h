//===- GemmKernel.h - the body of an MXFP4 GEMM kernel ----------*- C++ -*-===//

#ifndef FP4_LIB_CONVERSION_MXFP4TOAMDGPU_GEMMKERNEL_H
#define FP4_LIB_CONVERSION_MXFP4TOAMDGPU_GEMMKERNEL_H

#include "QuantizeBlock.h"
#include "fp4/Dialect/MXFP4/IR/MXFP4.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <functional>
#include <string>

namespace mlir::fp4 {

/// Extra work fused into the kernel around the GEMM.
struct GemmKernelFusion {
  /// Applied to each 32-element block of A's source as loaded (a vector of
  /// the source's element type) before it is quantized: A's elementwise
  /// producers. `args` are the kernel's arguments.
  std::function<Value(OpBuilder &, Location, Value block, ValueRange args)>
      transformABlock;
  /// Stores all of a lane's elements of C (every MFMA tile of its wave):
  /// `accs[i]` is the f32 sum at (rows[i], cols[i]), coordinates clamped in
  /// bounds where `valids[i]` (an i1) is false. The hook stores only where
  /// valid, and may read its other operands for every element before
  /// storing any. Null: round to the output type and store in C.
  std::function<void(OpBuilder &, Location, ArrayRef<Value> rows,
                     ArrayRef<Value> cols, ArrayRef<Value> accs,
                     ArrayRef<Value> valids, ValueRange args)>
      storeElements;
  /// Kernel arguments after C that the hooks read (flat global buffers).
  SmallVector<Type> extraArgTypes;
};

/// Everything the kernel body depends on.
struct GemmKernelSpec {
  /// M may be ShapedType::kDynamic: the kernel then takes M as its last
  /// argument (an index) and masks its rows with it.
  int64_t m, n, k;
  mxfp4::GemmConfigAttr config;
  mxfp4::Layout bLayout;
  /// A arrives as bf16/f16/f32 and is quantized in the kernel; otherwise A
  /// arrives as fp4x2 bytes plus scale bytes.
  bool quantizeA;
  mxfp4::ScaleMode scaleMode;
  QuantizeMethod quantizeMethod = QuantizeMethod::Exact;
  Type aElementType;   // when quantizeA: A as loaded (before transformABlock)
  Type outElementType; // bf16 or f32 (i8: fp4x2 bytes of a fused quantize)
  /// Elements of C per row when they are not N (a fused output quantize
  /// writes N/2 fp4x2 bytes).
  int64_t outRowElements = 0;
  GemmKernelFusion fusion;

  bool hasDynamicM() const { return ShapedType::isDynamic(m); }
  int64_t getWorkgroupSize() const { return config.getWaves() * 64; }
  /// Work-groups along N.
  int64_t getTilesN() const { return llvm::divideCeil(n, config.getTileN()); }
  int64_t getSplitK() const { return config.getSplitK(); }
  /// With split_k = S the S slices of K go along x too (x = z * tilesN +
  /// n-tile), so that every launch site keeps a two-dimensional grid.
  int64_t getGridX() const { return getTilesN() * getSplitK(); }
  /// Only for a static M; a dynamic one is computed by the host.
  int64_t getGridY() const { return llvm::divideCeil(m, config.getTileM()); }
};

/// Elements of a flat kernel buffer whose size is known only at run time:
/// the bare-pointer ABI needs a static type, and no access reaches past
/// the real size (every row is masked with M).
constexpr int64_t kRuntimeSizedBuffer = int64_t(1) << 40;

/// The kernel's parameter types, all flat global-memory buffers:
/// A (or A bytes, A scale bytes), B bytes, B scale bytes, C, the fusion's
/// extra buffers, and M (an index) when it is dynamic.
SmallVector<Type> getGemmKernelArgTypes(MLIRContext *ctx,
                                        const GemmKernelSpec &spec,
                                        int64_t bScaleElements);

/// The LDS buffers the kernel needs, as gpu.func workgroup attributions:
/// with waves_k > 1, one f32 buffer where the waves that took the other K
/// steps leave their accumulators; with split_k > 1, then one i32 through
/// which the work-group learns whether it arrived last.
SmallVector<Type> getGemmKernelWorkgroupBuffers(MLIRContext *ctx,
                                                const GemmKernelSpec &spec);

/// Why `spec` cannot be built with split-K, or "" when it can: split_k > 1
/// needs a static M (the workspace is sized at compile time) and at least
/// one K step per slice.
std::string whySplitKUnsupported(const GemmKernelSpec &spec);

/// Fills the empty body of `func` (whose arguments have the types above).
/// With split_k > 1 it also adds the split-K workspace to `func`'s
/// gpu.module (whySplitKUnsupported must be empty).
void buildGemmKernelBody(OpBuilder &b, gpu::GPUFuncOp func,
                         const GemmKernelSpec &spec);

} // namespace mlir::fp4

#endif // FP4_LIB_CONVERSION_MXFP4TOAMDGPU_GEMMKERNEL_H
