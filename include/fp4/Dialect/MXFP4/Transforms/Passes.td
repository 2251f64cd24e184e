//===- Passes.td - mxfp4 transformation passes ------------*- tablegen -*-===//

#ifndef FP4_DIALECT_MXFP4_TRANSFORMS_PASSES
#define FP4_DIALECT_MXFP4_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def SelectConfig : Pass<"mxfp4-select-config", "ModuleOp"> {
  let summary = "choose the kernel configuration of every scaled_matmul";
  let description = [{
    Attaches a `#mxfp4.config` to each `mxfp4.scaled_matmul` that has none:
    among four-wave work-groups (waves along N and K, up to 4 x 8 MFMA tiles
    per wave) that fit 256 VGPRs, the one with the fewest modeled cycles for
    the GEMM's shape (issue rates of the quantization VALU work and the
    MFMAs, waves per SIMD over 256 CUs; see docs/design.md). A configuration
    set by hand is checked against the chip's limits and kept.

    ```mlir
    %c = mxfp4.scaled_matmul %aq, %as, %b, %bs : ... -> tensor<16x2112xbf16>
    ==>
    %c = mxfp4.scaled_matmul %aq, %as, %b, %bs config(<mfma = 16, waves_m = 1,
        waves_n = 4, tiles_m = 1, tiles_n = 2, split_k = 1>) : ...
    ```
  }];
  let dependentDialects = ["::mlir::fp4::mxfp4::MXFP4Dialect"];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"gfx950\"",
           "AMDGPU processor the configuration is chosen for">,
    Option<"mfma", "mfma", "int64_t", /*default=*/"0",
           "force the MFMA shape: 16 (16x16x128) or 32 (32x32x64); 0 chooses">,
    Option<"aQuantizer", "a-quantizer", "std::string", /*default=*/"\"hardware\"",
           "the quantizer the conversion will use ('hardware' or 'exact'): "
           "it changes what the kernel costs">,
  ];
}

#endif // FP4_DIALECT_MXFP4_TRANSFORMS_PASSES
