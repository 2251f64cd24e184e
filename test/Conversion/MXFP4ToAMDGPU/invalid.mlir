// RUN: fp4-opt %s --convert-mxfp4-to-amdgpu --split-input-file --verify-diagnostics

// expected-error @+1 {{expected a function returning the result of one mxfp4.scaled_matmul}}
func.func @no_matmul_result(%a: tensor<16x64xbf16>) -> (tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %a : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  return %q, %s : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
}

// -----

func.func @no_config(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<16x64xf4E2M1FN>, %bs: tensor<16x2xf8E8M0FNU>) -> tensor<16x16xf32> {
  // expected-error @+1 {{has no #mxfp4.config; run mxfp4-select-config first}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}

// -----

func.func @split_k(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<16x64xf4E2M1FN>, %bs: tensor<16x2xf8E8M0FNU>) -> tensor<16x16xf32> {
  // expected-error @+1 {{split_k > 1 is not supported by this lowering}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 2>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}

// -----

func.func @extra_op(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<16x64xf4E2M1FN>, %bs: tensor<16x2xf8E8M0FNU>) -> tensor<16x16xf32> {
  // expected-error @+1 {{'tensor.empty' op is not supported in a GEMM function; expected only mxfp4.quantize and mxfp4.scaled_matmul}}
  %e = tensor.empty() : tensor<4xf32>
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}

// -----

// expected-error @+1 {{argument #4 is not used by the GEMM}}
func.func @unused_arg(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<16x64xf4E2M1FN>, %bs: tensor<16x2xf8E8M0FNU>, %x: tensor<4xf32>) -> tensor<16x16xf32> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}

// -----

func.func @same_arg_twice(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>) -> tensor<16x16xf32> {
  // expected-error @+1 {{argument #0 is used twice}}
  %c = mxfp4.scaled_matmul %a, %as, %a, %as config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}

// -----

// RUN: not fp4-opt %s --convert-mxfp4-to-amdgpu=a-quantizer=fast 2>&1 | FileCheck %s --check-prefix=QUANT
// QUANT: a-quantizer must be 'exact' or 'hardware', got 'fast'
