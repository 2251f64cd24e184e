// RUN: fp4-opt %s --pass-pipeline='builtin.module(func.func(mxfp4-tile-and-fuse))' --split-input-file --verify-diagnostics

func.func @no_config(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) -> tensor<16x32xf32> {
  // expected-error @+1 {{has no #mxfp4.config; run mxfp4-select-config first}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  return %c : tensor<16x32xf32>
}

// -----

// The output is quantized in blocks of 32 columns: a 16-column tile would
// split them.
func.func @quantize_narrow_tile(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<64x64xf4E2M1FN>, %bs: tensor<64x2xf8E8M0FNU>) -> (tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>) {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<64x64xf4E2M1FN>, tensor<64x2xf8E8M0FNU> -> tensor<16x64xf32>
  // expected-error @+1 {{quantizes the GEMM's result in blocks of 32 columns, but the GEMM's tile is 16 columns wide}}
  %cq, %cs = mxfp4.quantize %c : tensor<16x64xf32> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  return %cq, %cs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
}
