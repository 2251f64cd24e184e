//===- MXFP4Dialect.td - mxfp4 dialect definition ---------*- tablegen -*-===//

#ifndef FP4_DIALECT_MXFP4_MXFP4DIALECT
#define FP4_DIALECT_MXFP4_MXFP4DIALECT

include "mlir/IR/OpBase.td"

def MXFP4_Dialect : Dialect {
  let name = "mxfp4";
  let summary = "OCP microscaled FP4 (MXFP4) quantization and GEMM";
  let description = [{
    The `mxfp4` dialect describes bf16/f16/f32 tensors quantized to MXFP4
    (E2M1 values, one E8M0 scale per 32 consecutive elements along the last
    dimension) and GEMMs on such tensors. It is the entry point of the
    fp4-mlir compiler, whose pipelines lower it to gfx950 scaled MFMA
    kernels.

    Values are `f4E2M1FN` tensors, scales `f8E8M0FNU` tensors. The B operand
    of `mxfp4.scaled_matmul` is stored N x K and may carry the pre-shuffled
    layouts of the aiter library (see `#mxfp4.layout`).
  }];
  let cppNamespace = "::mlir::fp4::mxfp4";
  // Tiling the ops (TilingInterface) creates slices and index arithmetic.
  let dependentDialects = ["::mlir::affine::AffineDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::tensor::TensorDialect"];
  let useDefaultAttributePrinterParser = 1;
}

#endif // FP4_DIALECT_MXFP4_MXFP4DIALECT
