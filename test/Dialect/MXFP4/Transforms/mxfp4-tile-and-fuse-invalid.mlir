// RUN: fp4-opt %s --pass-pipeline='builtin.module(func.func(mxfp4-tile-and-fuse))' --split-input-file --verify-diagnostics

func.func @no_config(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) -> tensor<16x32xf32> {
  // expected-error @+1 {{has no #mxfp4.config; run mxfp4-select-config first}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  return %c : tensor<16x32xf32>
}
