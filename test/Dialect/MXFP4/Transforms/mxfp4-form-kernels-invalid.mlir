// RUN: fp4-opt %s --pass-pipeline='builtin.module(func.func(mxfp4-form-kernels))' -split-input-file -verify-diagnostics

func.func @no_config(%a: tensor<16x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> tensor<16x64xf32> {
  %q, %s = mxfp4.quantize %a : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  // expected-error @+1 {{has no #mxfp4.config; run mxfp4-select-config first}}
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xf32>
  return %c : tensor<16x64xf32>
}

// -----

func.func @dynamic_k(%a: tensor<4x?xbf16>) -> (tensor<4x?xf4E2M1FN>, tensor<4x?xf8E8M0FNU>) {
  // expected-error @+1 {{needs a static last dimension to be computed in 32-element blocks}}
  %q, %s = mxfp4.quantize %a : tensor<4x?xbf16> -> tensor<4x?xf4E2M1FN>, tensor<4x?xf8E8M0FNU>
  return %q, %s : tensor<4x?xf4E2M1FN>, tensor<4x?xf8E8M0FNU>
}
