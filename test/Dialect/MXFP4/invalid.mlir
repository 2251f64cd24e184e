// RUN: fp4-opt %s -split-input-file -verify-diagnostics

// One case per diagnostic of the mxfp4 verifiers (MXFP4Ops.cpp), the
// #mxfp4.config verifier (MXFP4Dialect.cpp), the ODS type and attribute
// constraints and the custom parsers.

//===----------------------------------------------------------------------===//
// mxfp4.quantize
//===----------------------------------------------------------------------===//

func.func @quantize_input_not_float(%a: tensor<4x64xi8>) {
  // expected-error @+1 {{'mxfp4.quantize' op operand #0 must be ranked tensor of bfloat16 type or 16-bit float or 32-bit float values, but got 'tensor<4x64xi8>'}}
  %q, %s = mxfp4.quantize %a : tensor<4x64xi8> -> tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
  return
}

// -----

func.func @quantize_input_f64(%a: tensor<4x64xf64>) {
  // expected-error @+1 {{'mxfp4.quantize' op operand #0 must be ranked tensor of bfloat16 type or 16-bit float or 32-bit float values, but got 'tensor<4x64xf64>'}}
  %q, %s = mxfp4.quantize %a : tensor<4x64xf64> -> tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
  return
}

// -----

func.func @quantize_ties_away_fp8(%a: tensor<4x64xbf16>) {
  // expected-error @+1 {{'mxfp4.quantize' op ties = away is implemented for f4E2M1FN values only, not 'f8E4M3FN'}}
  %q, %s = mxfp4.quantize %a ties = away : tensor<4x64xbf16> -> tensor<4x64xf8E4M3FN>, tensor<4x2xf8E8M0FNU>
  return
}

// -----

func.func @quantize_ties_unknown(%a: tensor<4x64xbf16>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'ties' [even, away]}}
  %q, %s = mxfp4.quantize %a ties = up : tensor<4x64xbf16> -> tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
  return
}

// -----

func.func @quantize_unranked(%a: tensor<*xbf16>) {
  // expected-error @+1 {{custom op 'mxfp4.quantize' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xbf16>'}}
  %q, %s = mxfp4.quantize %a : tensor<*xbf16> -> tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
  return
}

// -----

func.func @quantize_values_not_mx(%a: tensor<4x64xbf16>) {
  // expected-error @+1 {{'mxfp4.quantize' op result #0 must be ranked tensor of f8E4M3FN type or f8E5M2 type or f6E2M3FN type or f6E3M2FN type or f4E2M1FN type values, but got 'tensor<4x64xf16>'}}
  %q, %s = mxfp4.quantize %a : tensor<4x64xbf16> -> tensor<4x64xf16>, tensor<4x2xf8E8M0FNU>
  return
}

// -----

func.func @quantize_scales_i8(%a: tensor<4x64xbf16>) {
  // expected-error @+1 {{'mxfp4.quantize' op result #1 must be ranked tensor of f8E8M0FNU type values, but got 'tensor<4x2xi8>'}}
  %q, %s = mxfp4.quantize %a : tensor<4x64xbf16> -> tensor<4x64xf4E2M1FN>, tensor<4x2xi8>
  return
}

// -----

func.func @quantize_bad_mode(%a: tensor<4x64xbf16>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'scale_mode' [even, floor]}}
  %q, %s = mxfp4.quantize %a mode = nearest : tensor<4x64xbf16> -> tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
  return
}

// -----

func.func @quantize_bad_mode_generic(%a: tensor<4x64xbf16>) {
  // expected-error @+1 {{invalid properties {scale_mode = 7 : i32} for op mxfp4.quantize: Invalid attribute `scale_mode` in property conversion: 7 : i32}}
  %q:2 = "mxfp4.quantize"(%a) <{scale_mode = 7 : i32}> : (tensor<4x64xbf16>) -> (tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>)
  return
}

// -----

func.func @quantize_rank0(%a: tensor<bf16>) {
  // expected-error @+1 {{'mxfp4.quantize' op input must have rank at least 1}}
  %q, %s = mxfp4.quantize %a : tensor<bf16> -> tensor<f4E2M1FN>, tensor<f8E8M0FNU>
  return
}

// -----

func.func @quantize_k_not_blocked(%a: tensor<4x48xbf16>) {
  // expected-error @+1 {{'mxfp4.quantize' op input last dimension must be a multiple of 32, got 48}}
  %q, %s = mxfp4.quantize %a : tensor<4x48xbf16> -> tensor<4x48xf4E2M1FN>, tensor<4x1xf8E8M0FNU>
  return
}

// -----

func.func @quantize_values_shape(%a: tensor<4x64xbf16>) {
  // expected-error @+1 {{'mxfp4.quantize' op values shape must match the input shape}}
  %q, %s = mxfp4.quantize %a : tensor<4x64xbf16> -> tensor<8x64xf4E2M1FN>, tensor<8x2xf8E8M0FNU>
  return
}

// -----

func.func @quantize_values_rank(%a: tensor<4x64xbf16>) {
  // expected-error @+1 {{'mxfp4.quantize' op values shape must match the input shape}}
  %q, %s = mxfp4.quantize %a : tensor<4x64xbf16> -> tensor<256xf4E2M1FN>, tensor<8xf8E8M0FNU>
  return
}

// -----

func.func @quantize_scales_rank(%a: tensor<4x64xbf16>) {
  // expected-error @+1 {{'mxfp4.quantize' op result scales must have rank 2, got 1}}
  %q, %s = mxfp4.quantize %a : tensor<4x64xbf16> -> tensor<4x64xf4E2M1FN>, tensor<8xf8E8M0FNU>
  return
}

// -----

func.func @quantize_scales_dim0(%a: tensor<4x64xbf16>) {
  // expected-error @+1 {{'mxfp4.quantize' op result scales dimension 0 must be 4, got 2}}
  %q, %s = mxfp4.quantize %a : tensor<4x64xbf16> -> tensor<4x64xf4E2M1FN>, tensor<2x2xf8E8M0FNU>
  return
}

// -----

func.func @quantize_scales_middle_dim(%a: tensor<2x3x64xf32>) {
  // expected-error @+1 {{'mxfp4.quantize' op result scales dimension 1 must be 3, got 1}}
  %q, %s = mxfp4.quantize %a : tensor<2x3x64xf32> -> tensor<2x3x64xf4E2M1FN>, tensor<2x1x2xf8E8M0FNU>
  return
}

// -----

// The scales' last dimension counts blocks of 32, not elements.
func.func @quantize_scales_last_dim(%a: tensor<4x64xbf16>) {
  // expected-error @+1 {{'mxfp4.quantize' op result scales dimension 1 must be 2, got 64}}
  %q, %s = mxfp4.quantize %a : tensor<4x64xbf16> -> tensor<4x64xf4E2M1FN>, tensor<4x64xf8E8M0FNU>
  return
}

//===----------------------------------------------------------------------===//
// mxfp4.dequantize
//===----------------------------------------------------------------------===//

// -----

func.func @dequantize_values_not_mx(%v: tensor<4x64xi8>, %s: tensor<4x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.dequantize' op operand #0 must be ranked tensor of f8E4M3FN type or f8E5M2 type or f6E2M3FN type or f6E3M2FN type or f4E2M1FN type values, but got 'tensor<4x64xi8>'}}
  %x = mxfp4.dequantize %v, %s : tensor<4x64xi8>, tensor<4x2xf8E8M0FNU> -> tensor<4x64xf32>
  return
}

// -----

func.func @dequantize_scales_i32(%v: tensor<4x64xf4E2M1FN>, %s: tensor<4x2xi32>) {
  // expected-error @+1 {{'mxfp4.dequantize' op operand #1 must be ranked tensor of f8E8M0FNU type values, but got 'tensor<4x2xi32>'}}
  %x = mxfp4.dequantize %v, %s : tensor<4x64xf4E2M1FN>, tensor<4x2xi32> -> tensor<4x64xf32>
  return
}

// -----

func.func @dequantize_result_f64(%v: tensor<4x64xf4E2M1FN>, %s: tensor<4x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.dequantize' op result #0 must be ranked tensor of bfloat16 type or 16-bit float or 32-bit float values, but got 'tensor<4x64xf64>'}}
  %x = mxfp4.dequantize %v, %s : tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU> -> tensor<4x64xf64>
  return
}

// -----

func.func @dequantize_rank0(%v: tensor<f4E2M1FN>, %s: tensor<f8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.dequantize' op values must have rank at least 1}}
  %x = mxfp4.dequantize %v, %s : tensor<f4E2M1FN>, tensor<f8E8M0FNU> -> tensor<f32>
  return
}

// -----

func.func @dequantize_k_not_blocked(%v: tensor<4x40xf4E2M1FN>, %s: tensor<4x1xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.dequantize' op values last dimension must be a multiple of 32, got 40}}
  %x = mxfp4.dequantize %v, %s : tensor<4x40xf4E2M1FN>, tensor<4x1xf8E8M0FNU> -> tensor<4x40xf32>
  return
}

// -----

func.func @dequantize_result_shape(%v: tensor<4x64xf4E2M1FN>, %s: tensor<4x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.dequantize' op result shape must match the values shape}}
  %x = mxfp4.dequantize %v, %s : tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU> -> tensor<4x32xf32>
  return
}

// -----

func.func @dequantize_scales_rank(%v: tensor<4x64xf4E2M1FN>, %s: tensor<1x4x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.dequantize' op values scales must have rank 2, got 3}}
  %x = mxfp4.dequantize %v, %s : tensor<4x64xf4E2M1FN>, tensor<1x4x2xf8E8M0FNU> -> tensor<4x64xf32>
  return
}

// -----

func.func @dequantize_scales_dim0(%v: tensor<4x64xf4E2M1FN>, %s: tensor<5x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.dequantize' op values scales dimension 0 must be 4, got 5}}
  %x = mxfp4.dequantize %v, %s : tensor<4x64xf4E2M1FN>, tensor<5x2xf8E8M0FNU> -> tensor<4x64xf32>
  return
}

// -----

func.func @dequantize_scales_last_dim(%v: tensor<4x64xf4E2M1FN>, %s: tensor<4x3xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.dequantize' op values scales dimension 1 must be 2, got 3}}
  %x = mxfp4.dequantize %v, %s : tensor<4x64xf4E2M1FN>, tensor<4x3xf8E8M0FNU> -> tensor<4x64xf32>
  return
}

//===----------------------------------------------------------------------===//
// mxfp4.scaled_matmul
//===----------------------------------------------------------------------===//

// -----

func.func @scaled_matmul_acc_type(%a: tensor<4x64xf4E2M1FN>, %as: tensor<4x2xf8E8M0FNU>, %b: tensor<16x64xf4E2M1FN>, %bs: tensor<16x2xf8E8M0FNU>, %acc: tensor<4x16xf32>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op accumulator must have the result's type 'tensor<4x16xbf16>', got 'tensor<4x16xf32>'}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs acc(%acc : tensor<4x16xf32>) : tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<4x16xbf16>
  return
}

// -----

func.func @matmul_b_scales_i32(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xi32>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op operand #3 must be ranked tensor of f8E8M0FNU type values, but got 'tensor<32x2xi32>'}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xi32> -> tensor<16x32xf32>
  return
}

// -----

func.func @matmul_result_i32(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op result #0 must be ranked tensor of bfloat16 type or 16-bit float or 32-bit float values, but got 'tensor<16x32xi32>'}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xi32>
  return
}

// -----

func.func @matmul_bad_layout(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'b_layout' [plain, preshuffled]}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs b_layout = shuffled : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

// -----

func.func @matmul_config_not_config(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{invalid properties {config = 3 : i64} for op mxfp4.scaled_matmul: Invalid attribute `config` in property conversion: 3 : i64}}
  %c = "mxfp4.scaled_matmul"(%a, %as, %b, %bs) <{config = 3 : i64}> : (tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU>) -> tensor<16x32xf32>
  return
}

// -----

// A batched A needs a batched result.
func.func @matmul_a_rank3(%a: tensor<1x16x64xf4E2M1FN>, %as: tensor<1x16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op operands and result must be 2-D, or A and the result 3-D (a batch) with B 2-D (shared) or 3-D (per batch)}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<1x16x64xf4E2M1FN>, tensor<1x16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

// -----

func.func @matmul_batch_mismatch(%a: tensor<2x16x64xf4E2M1FN>, %as: tensor<2x16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op A has 2 batches, the result 3}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<2x16x64xf4E2M1FN>, tensor<2x16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<3x16x32xf32>
  return
}

// -----

// A B per batch needs a batched A.
func.func @matmul_batched_b_2d_a(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<2x32x64xf4E2M1FN>, %bs: tensor<2x32x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op operands and result must be 2-D, or A and the result 3-D (a batch) with B 2-D (shared) or 3-D (per batch)}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<2x32x64xf4E2M1FN>, tensor<2x32x2xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

// -----

func.func @matmul_batched_b_mismatch(%a: tensor<2x16x64xf4E2M1FN>, %as: tensor<2x16x2xf8E8M0FNU>, %b: tensor<3x32x64xf4E2M1FN>, %bs: tensor<3x32x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op A has 2 batches, B 3}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<2x16x64xf4E2M1FN>, tensor<2x16x2xf8E8M0FNU>, tensor<3x32x64xf4E2M1FN>, tensor<3x32x2xf8E8M0FNU> -> tensor<2x16x32xf32>
  return
}

// -----

func.func @matmul_batched_b_scales_rank(%a: tensor<2x16x64xf4E2M1FN>, %as: tensor<2x16x2xf8E8M0FNU>, %b: tensor<2x32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op B scales must have rank 3, got 2}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<2x16x64xf4E2M1FN>, tensor<2x16x2xf8E8M0FNU>, tensor<2x32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<2x16x32xf32>
  return
}

// -----

func.func @matmul_batched_b_scales_batches(%a: tensor<2x16x64xf4E2M1FN>, %as: tensor<2x16x2xf8E8M0FNU>, %b: tensor<2x32x64xf4E2M1FN>, %bs: tensor<1x32x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op B has 2 batches, its scales 1}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<2x16x64xf4E2M1FN>, tensor<2x16x2xf8E8M0FNU>, tensor<2x32x64xf4E2M1FN>, tensor<1x32x2xf8E8M0FNU> -> tensor<2x16x32xf32>
  return
}

// -----

// Each batch's B scales are checked as a 2-D B's.
func.func @matmul_batched_b_scales_shape(%a: tensor<2x16x64xf4E2M1FN>, %as: tensor<2x16x2xf8E8M0FNU>, %b: tensor<2x32x64xf4E2M1FN>, %bs: tensor<2x32x4xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op B scales dimension 1 must be 2, got 4}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<2x16x64xf4E2M1FN>, tensor<2x16x2xf8E8M0FNU>, tensor<2x32x64xf4E2M1FN>, tensor<2x32x4xf8E8M0FNU> -> tensor<2x16x32xf32>
  return
}

// -----

func.func @matmul_result_rank1(%a: tensor<1x64xf4E2M1FN>, %as: tensor<1x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op operands and result must be 2-D, or A and the result 3-D (a batch) with B 2-D (shared) or 3-D (per batch)}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<1x64xf4E2M1FN>, tensor<1x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<32xf32>
  return
}

// -----

// M may be dynamic (a run-time token count); K may not.
func.func @matmul_dynamic_k(%a: tensor<16x?xf4E2M1FN>, %as: tensor<16x?xf8E8M0FNU>, %b: tensor<32x?xf4E2M1FN>, %bs: tensor<32x?xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op K must be static in the operands and their scales}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x?xf4E2M1FN>, tensor<16x?xf8E8M0FNU>, tensor<32x?xf4E2M1FN>, tensor<32x?xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

// -----

// A dynamic result dimension must still be compatible with the operands.
func.func @matmul_dynamic_result(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op result must be 16x32, got 'tensor<?x16xf32>'}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<?x16xf32>
  return
}

// -----

func.func @matmul_k_mismatch(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x128xf4E2M1FN>, %bs: tensor<32x4xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op K of A (64) and B (128) differ}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x128xf4E2M1FN>, tensor<32x4xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

// -----

func.func @matmul_k_not_blocked(%a: tensor<16x48xf4E2M1FN>, %as: tensor<16x1xf8E8M0FNU>, %b: tensor<32x48xf4E2M1FN>, %bs: tensor<32x1xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op A last dimension must be a multiple of 32, got 48}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x48xf4E2M1FN>, tensor<16x1xf8E8M0FNU>, tensor<32x48xf4E2M1FN>, tensor<32x1xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

// -----

// C is M x N; B is stored N x K, so a K x N result is wrong.
func.func @matmul_result_shape(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op result must be 16x32, got 'tensor<32x16xf32>'}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<32x16xf32>
  return
}

// -----

func.func @matmul_a_scales_rank(%a: tensor<16x64xf4E2M1FN>, %as: tensor<32xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op A scales must have rank 2, got 1}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<32xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

// -----

func.func @matmul_a_scales_dim0(%a: tensor<16x64xf4E2M1FN>, %as: tensor<32x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op A scales dimension 0 must be 16, got 32}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

// -----

func.func @matmul_a_scales_dim1(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x32xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op A scales dimension 1 must be 2, got 32}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x32xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

// -----

func.func @matmul_b_scales_rank(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<1x32x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op B scales must have rank 2, got 3}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<1x32x2xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

// -----

func.func @matmul_b_scales_dim0(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<16x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op B scales dimension 0 must be 32, got 16}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

// -----

// A plain B with the padded pre-shuffled scale shape: the layout says plain.
func.func @matmul_b_scales_dim1(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x8xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op B scales dimension 1 must be 2, got 8}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x8xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

// -----

func.func @matmul_preshuffled_n(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<100x64xf4E2M1FN>, %bs: tensor<256x8xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op pre-shuffled B needs N to be a multiple of 16, got 100}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs b_layout = preshuffled : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<100x64xf4E2M1FN>, tensor<256x8xf8E8M0FNU> -> tensor<16x100xf32>
  return
}

// -----

// Pre-shuffled B whose scales miss rows of the last 32-row group (N = 2128
// needs 2144; a whole array is padded to 2304).
func.func @matmul_preshuffled_scales_plain(%a: tensor<16x7168xf4E2M1FN>, %as: tensor<16x224xf8E8M0FNU>, %b: tensor<2128x7168xf4E2M1FN>, %bs: tensor<2128x224xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op pre-shuffled B scales must be 2304x224 (or a row slice of at least 2144 rows), got 'tensor<2128x224xf8E8M0FNU>'}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs b_layout = preshuffled : tensor<16x7168xf4E2M1FN>, tensor<16x224xf8E8M0FNU>, tensor<2128x7168xf4E2M1FN>, tensor<2128x224xf8E8M0FNU> -> tensor<16x2128xbf16>
  return
}

// -----

// K = 96: three scale columns, padded to eight.
func.func @matmul_preshuffled_scales_cols(%a: tensor<16x96xf4E2M1FN>, %as: tensor<16x3xf8E8M0FNU>, %b: tensor<32x96xf4E2M1FN>, %bs: tensor<256x3xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op pre-shuffled B scales must be 256x8 (or a row slice of at least 32 rows), got 'tensor<256x3xf8E8M0FNU>'}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs b_layout = preshuffled : tensor<16x96xf4E2M1FN>, tensor<16x3xf8E8M0FNU>, tensor<32x96xf4E2M1FN>, tensor<256x3xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

// -----

func.func @matmul_preshuffled_scales_rank(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<2048xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op pre-shuffled B scales must be 256x8 (or a row slice of at least 32 rows), got 'tensor<2048xf8E8M0FNU>'}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs b_layout = preshuffled : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<2048xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

//===----------------------------------------------------------------------===//
// #mxfp4.config
//===----------------------------------------------------------------------===//

// -----

func.func @config_mfma_8(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{mfma must be 16 (16x16x128) or 32 (32x32x64), got 8}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 8, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

// -----

// Each parameter is bounded on its own, before any product can overflow.
// expected-error @+1 {{waves_m must be in [1, 16], got 0}}
func.func @config_waves_m_0() attributes {cfg = #mxfp4.config<mfma = 16, waves_m = 0, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>} {
  return
}

// -----

// expected-error @+1 {{waves_n must be in [1, 16], got -4}}
func.func @config_waves_n_negative() attributes {cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = -4, tiles_m = 1, tiles_n = 1, split_k = 1>} {
  return
}

// -----

func.func @config_tiles_m_0(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{tiles_m must be in [1, 16], got 0}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 0, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

// -----

// expected-error @+1 {{tiles_n must be in [1, 16], got 0}}
func.func @config_tiles_n_0() attributes {cfg = #mxfp4.config<mfma = 32, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 0, split_k = 1>} {
  return
}

// -----

// expected-error @+1 {{split_k must be in [1, 256], got 0}}
func.func @config_split_k_0() attributes {cfg = #mxfp4.config<mfma = 32, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 0>} {
  return
}

// -----

func.func @config_too_many_waves(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{at most 16 waves per work-group, got 32}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 4, waves_n = 8, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: mfm}}
func.func @config_unknown_parameter() attributes {cfg = #mxfp4.config<mfm = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>} {
  return
}

// -----

// expected-error @+1 {{struct is missing required parameter: split_k}}
func.func @config_missing_parameter() attributes {cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1>} {
  return
}

// -----

// expected-error @+2 {{expected integer value}}
// expected-error @+1 {{failed to parse MXFP4_GemmConfigAttr parameter 'split_k' which is to be a `int64_t`}}
func.func @config_not_integer() attributes {cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = x>} {
  return
}

// -----

// A huge factor used to wrap the wave product to 0 and crash the lowering.
// expected-error @+1 {{waves_m must be in [1, 16], got 4611686018427387904}}
func.func @config_waves_m_overflow() attributes {cfg = #mxfp4.config<mfma = 16, waves_m = 4611686018427387904, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>} {
  return
}

// -----

// expected-error @+1 {{tiles_m must be in [1, 16], got 17}}
func.func @config_tiles_m_17() attributes {cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 17, tiles_n = 1, split_k = 1>} {
  return
}

// -----

func.func @matmul_dynamic_scales(%a: tensor<16x64xf4E2M1FN>, %as: tensor<?x?xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{K must be static in the operands and their scales}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<?x?xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

// -----

func.func @quantize_scales_vs_input(%a: tensor<4x64xbf16>) {
  // expected-error @+1 {{result scales dimension 0 must be 4, got 7}}
  %q, %s = mxfp4.quantize %a : tensor<4x64xbf16> -> tensor<?x?xf4E2M1FN>, tensor<7x9xf8E8M0FNU>
  return
}

// -----

func.func @dequantize_result_k(%q: tensor<4x?xf4E2M1FN>, %s: tensor<4x5xf8E8M0FNU>) {
  // expected-error @+1 {{result last dimension must be a multiple of 32, got 48}}
  %x = mxfp4.dequantize %q, %s : tensor<4x?xf4E2M1FN>, tensor<4x5xf8E8M0FNU> -> tensor<4x48xf32>
  return
}

// -----

func.func @matmul_huge_n(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<4294967296x64xf4E2M1FN>, %bs: tensor<4294967296x2xf8E8M0FNU>) {
  // expected-error @+1 {{dimensions must be at most 2147483648}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<4294967296x64xf4E2M1FN>, tensor<4294967296x2xf8E8M0FNU> -> tensor<16x4294967296xf32>
  return
}

// -----

// K = 0 passed the verifier and crashed mxfp4-select-config (no candidate
// configuration, then a null #mxfp4.config).
func.func @matmul_k_zero(%a: tensor<16x0xf4E2M1FN>, %as: tensor<16x0xf8E8M0FNU>, %b: tensor<16x0xf4E2M1FN>, %bs: tensor<16x0xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op M, N and K must be positive, got 16x16x0}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x0xf4E2M1FN>, tensor<16x0xf8E8M0FNU>, tensor<16x0xf4E2M1FN>, tensor<16x0xf8E8M0FNU> -> tensor<16x16xf32>
  return
}

// -----

// M = 0 used to compile to a launch of zero work-groups.
func.func @matmul_m_zero(%a: tensor<0x64xf4E2M1FN>, %as: tensor<0x2xf8E8M0FNU>, %b: tensor<16x64xf4E2M1FN>, %bs: tensor<16x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op M, N and K must be positive, got 0x16x64}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<0x64xf4E2M1FN>, tensor<0x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<0x16xf32>
  return
}

// -----

func.func @matmul_n_zero(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<0x64xf4E2M1FN>, %bs: tensor<0x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op M, N and K must be positive, got 16x0x64}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<0x64xf4E2M1FN>, tensor<0x2xf8E8M0FNU> -> tensor<16x0xf32>
  return
}

// -----

// expected-error @+1 {{waves_k must be in [1, 16], got 0}}
func.func @config_waves_k_0() attributes {cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1, waves_k = 0>} {
  return
}

// -----

// expected-error @+1 {{split_k must be in [1, 256], got 257}}
func.func @config_split_k_257() attributes {cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 257>} {
  return
}

// -----

// waves_k counts towards the 16 waves of a work-group too.
// expected-error @+1 {{at most 16 waves per work-group, got 32}}
func.func @config_too_many_waves_k() attributes {cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 2, tiles_m = 1, tiles_n = 1, split_k = 1, waves_k = 16>} {
  return
}

// -----

// The scales are checked against the values as well as the input: here the
// input's dynamic rows leave it to the values.
func.func @quantize_scales_vs_values(%a: tensor<?x64xbf16>) {
  // expected-error @+1 {{'mxfp4.quantize' op result scales dimension 0 must be 4, got 5}}
  %q, %s = mxfp4.quantize %a : tensor<?x64xbf16> -> tensor<4x64xf4E2M1FN>, tensor<5x2xf8E8M0FNU>
  return
}

// -----

// Likewise the dequantize scales against the values when the result's rows
// are dynamic.
func.func @dequantize_scales_vs_values(%v: tensor<4x64xf4E2M1FN>, %s: tensor<5x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.dequantize' op values scales dimension 0 must be 4, got 5}}
  %x = mxfp4.dequantize %v, %s : tensor<4x64xf4E2M1FN>, tensor<5x2xf8E8M0FNU> -> tensor<?x64xf32>
  return
}

// -----

// m_specializations are for an M known only at run time.
func.func @m_specializations_static_m(%a: tensor<16x256xf4E2M1FN>, %as: tensor<16x8xf8E8M0FNU>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op has m_specializations but a static M (16): they are for an M known only at run time}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs {m_specializations = [#mxfp4.m_specialization<max_m = 16, config = <mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>>]} : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xf32>
  return
}

// -----

// Sorted by strictly increasing max_m: the host takes the first that fits.
func.func @m_specializations_unsorted(%a: tensor<?x256xf4E2M1FN>, %as: tensor<?x8xf8E8M0FNU>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op m_specializations must have strictly increasing max_m, got 16 after 64}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs {m_specializations = [#mxfp4.m_specialization<max_m = 64, config = <mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>>, #mxfp4.m_specialization<max_m = 16, config = <mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>>]} : tensor<?x256xf4E2M1FN>, tensor<?x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<?x64xf32>
  return
}

// -----

func.func @m_specialization_max_m(%a: tensor<?x256xf4E2M1FN>, %as: tensor<?x8xf8E8M0FNU>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) {
  // expected-error @+1 {{max_m must be positive, got 0}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs {m_specializations = [#mxfp4.m_specialization<max_m = 0, config = <mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>>]} : tensor<?x256xf4E2M1FN>, tensor<?x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<?x64xf32>
  return
}

// -----

// expected-error @+1 {{gfx950's scaled MFMAs are 16x16x128 and 32x32x64, got 16x16x64}}
func.func @scaled_mma_shape() attributes {fp4.mma = #mxfp4.scaled_mma<m = 16, n = 16, k = 64>} {
  return
}

// -----

// expected-error @+1 {{b must be f8E4M3FN, f8E5M2, f6E2M3FN, f6E3M2FN or f4E2M1FN, got 'bf16'}}
func.func @scaled_mma_type() attributes {fp4.mma = #mxfp4.scaled_mma<m = 16, n = 16, k = 128, b = bf16>} {
  return
}

// -----

// aiter's pre-shuffle is defined on fp4x2 bytes only.
func.func @matmul_preshuffled_fp8(%a: tensor<16x64xf8E4M3FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf8E4M3FN>, %bs: tensor<256x8xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op pre-shuffled B must be f4E2M1FN, got 'f8E4M3FN'}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs b_layout = preshuffled : tensor<16x64xf8E4M3FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf8E4M3FN>, tensor<256x8xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

// -----

// MX operands are the five OCP MX element types, nothing else.
func.func @matmul_bf16_operand(%a: tensor<16x64xbf16>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op operand #0 must be ranked tensor of f8E4M3FN type or f8E5M2 type or f6E2M3FN type or f6E3M2FN type or f4E2M1FN type values}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xbf16>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

//===----------------------------------------------------------------------===//
// mxfp4.moe_align
//===----------------------------------------------------------------------===//

// -----

func.func @moe_align_experts(%ids: tensor<4x2xi32>) {
  // expected-error @+1 {{'mxfp4.moe_align' op experts must be in [1, 4096], got 0}}
  %s, %b, %v, %pos = mxfp4.moe_align %ids experts = 0 block_m = 4 : tensor<4x2xi32> -> tensor<8xi32>, tensor<2xi32>, tensor<1xi32>, tensor<4x2xi32>
  return
}

// -----

func.func @moe_align_block_m(%ids: tensor<4x2xi32>) {
  // expected-error @+1 {{'mxfp4.moe_align' op block_m must be in [1, 1024], got 2048}}
  %s, %b, %v, %pos = mxfp4.moe_align %ids experts = 4 block_m = 2048 : tensor<4x2xi32> -> tensor<8xi32>, tensor<2xi32>, tensor<1xi32>, tensor<4x2xi32>
  return
}

// -----

func.func @moe_align_ids_rank(%ids: tensor<8xi32>) {
  // expected-error @+1 {{'mxfp4.moe_align' op topk_ids must be 2-D i32 [tokens, topk], got 'tensor<8xi32>'}}
  %s, %b, %v, %pos = mxfp4.moe_align %ids experts = 4 block_m = 4 : tensor<8xi32> -> tensor<8xi32>, tensor<2xi32>, tensor<1xi32>, tensor<8xi32>
  return
}

// -----

func.func @moe_align_result_rank(%ids: tensor<4x2xi32>) {
  // expected-error @+1 {{'mxfp4.moe_align' op results must be 1-D i32, got 'tensor<2x2xi32>'}}
  %s, %b, %v, %pos = mxfp4.moe_align %ids experts = 4 block_m = 4 : tensor<4x2xi32> -> tensor<20xi32>, tensor<2x2xi32>, tensor<1xi32>, tensor<4x2xi32>
  return
}

// -----

func.func @moe_align_valid(%ids: tensor<4x2xi32>) {
  // expected-error @+1 {{'mxfp4.moe_align' op valid must hold one element, got 'tensor<2xi32>'}}
  %s, %b, %v, %pos = mxfp4.moe_align %ids experts = 4 block_m = 4 : tensor<4x2xi32> -> tensor<20xi32>, tensor<5xi32>, tensor<2xi32>, tensor<4x2xi32>
  return
}

// -----

func.func @moe_align_dynamic_topk(%ids: tensor<4x?xi32>) {
  // expected-error @+1 {{'mxfp4.moe_align' op topk must be static, got 'tensor<4x?xi32>'}}
  %s, %b, %v, %pos = mxfp4.moe_align %ids experts = 4 block_m = 4 : tensor<4x?xi32> -> tensor<?xi32>, tensor<?xi32>, tensor<1xi32>, tensor<4x?xi32>
  return
}

// -----

func.func @moe_align_dynamic_tokens(%ids: tensor<?x2xi32>) {
  // expected-error @+1 {{'mxfp4.moe_align' op with tokens known at run time, sorted and block_expert are dynamic, got 'tensor<20xi32>' and 'tensor<?xi32>'}}
  %s, %b, %v, %pos = mxfp4.moe_align %ids experts = 4 block_m = 4 : tensor<?x2xi32> -> tensor<20xi32>, tensor<?xi32>, tensor<1xi32>, tensor<?x2xi32>
  return
}

// -----

func.func @moe_align_sizes(%ids: tensor<4x2xi32>) {
  // 8 pairs, 4 busy experts: (8 + 4 * 3) / 4 = 5 blocks of 4 rows.
  // expected-error @+1 {{'mxfp4.moe_align' op 8 pairs of 4 experts in blocks of 4 need sorted of 20 rows and block_expert of 5 blocks, got 'tensor<16xi32>' and 'tensor<4xi32>'}}
  %s, %b, %v, %pos = mxfp4.moe_align %ids experts = 4 block_m = 4 : tensor<4x2xi32> -> tensor<16xi32>, tensor<4xi32>, tensor<1xi32>, tensor<4x2xi32>
  return
}

// -----

func.func @moe_align_too_many_rows(%ids: tensor<1000000000x9xi32>) {
  // expected-error @+1 {{'mxfp4.moe_align' op 1000000000x9 pairs in blocks of 32 rows do not fit an i32 row index}}
  %s, %b, %v, %pos = mxfp4.moe_align %ids experts = 257 block_m = 32 : tensor<1000000000x9xi32> -> tensor<?xi32>, tensor<?xi32>, tensor<1xi32>, tensor<1000000000x9xi32>
  return
}

//===----------------------------------------------------------------------===//
// mxfp4.grouped_matmul
//===----------------------------------------------------------------------===//

// -----

func.func @grouped_b_rank(%a: tensor<4x256xf4E2M1FN>, %as: tensor<4x8xf8E8M0FNU>, %rows: tensor<64xi32>, %blocks: tensor<2xi32>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.grouped_matmul' op A and its scales must be 2-D [tokens, K], B and its scales 3-D [E, N, K], the result 2-D}}
  %c = mxfp4.grouped_matmul %a, %as rows(%rows : tensor<64xi32>) topk = 2 experts(%blocks : tensor<2xi32>) block_m = 32, %b, %bs : tensor<4x256xf4E2M1FN>, tensor<4x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<64x64xf32>
  return
}

// -----

func.func @grouped_rows_rank(%a: tensor<4x256xf4E2M1FN>, %as: tensor<4x8xf8E8M0FNU>, %rows: tensor<2x32xi32>, %blocks: tensor<2xi32>, %b: tensor<3x64x256xf4E2M1FN>, %bs: tensor<3x64x8xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.grouped_matmul' op rows and experts must be 1-D}}
  %c = mxfp4.grouped_matmul %a, %as rows(%rows : tensor<2x32xi32>) topk = 2 experts(%blocks : tensor<2xi32>) block_m = 32, %b, %bs : tensor<4x256xf4E2M1FN>, tensor<4x8xf8E8M0FNU>, tensor<3x64x256xf4E2M1FN>, tensor<3x64x8xf8E8M0FNU> -> tensor<64x64xf32>
  return
}

// -----

func.func @grouped_block_m(%a: tensor<4x256xf4E2M1FN>, %as: tensor<4x8xf8E8M0FNU>, %rows: tensor<48xi32>, %blocks: tensor<2xi32>, %b: tensor<3x64x256xf4E2M1FN>, %bs: tensor<3x64x8xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.grouped_matmul' op block_m must be a multiple of 16 in [16, 256] (a tile of MFMA rows), got 24}}
  %c = mxfp4.grouped_matmul %a, %as rows(%rows : tensor<48xi32>) topk = 2 experts(%blocks : tensor<2xi32>) block_m = 24, %b, %bs : tensor<4x256xf4E2M1FN>, tensor<4x8xf8E8M0FNU>, tensor<3x64x256xf4E2M1FN>, tensor<3x64x8xf8E8M0FNU> -> tensor<48x64xf32>
  return
}

// -----

func.func @grouped_topk(%a: tensor<4x256xf4E2M1FN>, %as: tensor<4x8xf8E8M0FNU>, %rows: tensor<64xi32>, %blocks: tensor<2xi32>, %b: tensor<3x64x256xf4E2M1FN>, %bs: tensor<3x64x8xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.grouped_matmul' op topk must be positive, got 0}}
  %c = mxfp4.grouped_matmul %a, %as rows(%rows : tensor<64xi32>) topk = 0 experts(%blocks : tensor<2xi32>) block_m = 32, %b, %bs : tensor<4x256xf4E2M1FN>, tensor<4x8xf8E8M0FNU>, tensor<3x64x256xf4E2M1FN>, tensor<3x64x8xf8E8M0FNU> -> tensor<64x64xf32>
  return
}

// -----

func.func @grouped_k(%a: tensor<4x256xf4E2M1FN>, %as: tensor<4x8xf8E8M0FNU>, %rows: tensor<64xi32>, %blocks: tensor<2xi32>, %b: tensor<3x64x128xf4E2M1FN>, %bs: tensor<3x64x4xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.grouped_matmul' op K must be static, a multiple of 32 and the same in A and B, got 'tensor<4x256xf4E2M1FN>' and 'tensor<3x64x128xf4E2M1FN>'}}
  %c = mxfp4.grouped_matmul %a, %as rows(%rows : tensor<64xi32>) topk = 2 experts(%blocks : tensor<2xi32>) block_m = 32, %b, %bs : tensor<4x256xf4E2M1FN>, tensor<4x8xf8E8M0FNU>, tensor<3x64x128xf4E2M1FN>, tensor<3x64x4xf8E8M0FNU> -> tensor<64x64xf32>
  return
}

// -----

func.func @grouped_scales(%a: tensor<4x256xf4E2M1FN>, %as: tensor<4x4xf8E8M0FNU>, %rows: tensor<64xi32>, %blocks: tensor<2xi32>, %b: tensor<3x64x256xf4E2M1FN>, %bs: tensor<3x64x8xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.grouped_matmul' op scales must be one per 32 elements of A and B, got 'tensor<4x4xf8E8M0FNU>' and 'tensor<3x64x8xf8E8M0FNU>'}}
  %c = mxfp4.grouped_matmul %a, %as rows(%rows : tensor<64xi32>) topk = 2 experts(%blocks : tensor<2xi32>) block_m = 32, %b, %bs : tensor<4x256xf4E2M1FN>, tensor<4x4xf8E8M0FNU>, tensor<3x64x256xf4E2M1FN>, tensor<3x64x8xf8E8M0FNU> -> tensor<64x64xf32>
  return
}

// -----

func.func @grouped_result(%a: tensor<4x256xf4E2M1FN>, %as: tensor<4x8xf8E8M0FNU>, %rows: tensor<64xi32>, %blocks: tensor<2xi32>, %b: tensor<3x64x256xf4E2M1FN>, %bs: tensor<3x64x8xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.grouped_matmul' op the result must be rows x N, got 'tensor<64x32xf32>'}}
  %c = mxfp4.grouped_matmul %a, %as rows(%rows : tensor<64xi32>) topk = 2 experts(%blocks : tensor<2xi32>) block_m = 32, %b, %bs : tensor<4x256xf4E2M1FN>, tensor<4x8xf8E8M0FNU>, tensor<3x64x256xf4E2M1FN>, tensor<3x64x8xf8E8M0FNU> -> tensor<64x32xf32>
  return
}

// -----

func.func @grouped_blocks(%a: tensor<4x256xf4E2M1FN>, %as: tensor<4x8xf8E8M0FNU>, %rows: tensor<64xi32>, %blocks: tensor<3xi32>, %b: tensor<3x64x256xf4E2M1FN>, %bs: tensor<3x64x8xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.grouped_matmul' op rows must hold block_m (32) rows per expert entry, got 64 and 3}}
  %c = mxfp4.grouped_matmul %a, %as rows(%rows : tensor<64xi32>) topk = 2 experts(%blocks : tensor<3xi32>) block_m = 32, %b, %bs : tensor<4x256xf4E2M1FN>, tensor<4x8xf8E8M0FNU>, tensor<3x64x256xf4E2M1FN>, tensor<3x64x8xf8E8M0FNU> -> tensor<64x64xf32>
  return
}

// -----

func.func @grouped_config(%a: tensor<4x256xf4E2M1FN>, %as: tensor<4x8xf8E8M0FNU>, %rows: tensor<64xi32>, %blocks: tensor<2xi32>, %b: tensor<3x64x256xf4E2M1FN>, %bs: tensor<3x64x8xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.grouped_matmul' op the config's tile must have block_m (32) rows, got 16}}
  %c = mxfp4.grouped_matmul %a, %as rows(%rows : tensor<64xi32>) topk = 2 experts(%blocks : tensor<2xi32>) block_m = 32, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<4x256xf4E2M1FN>, tensor<4x8xf8E8M0FNU>, tensor<3x64x256xf4E2M1FN>, tensor<3x64x8xf8E8M0FNU> -> tensor<64x64xf32>
  return
}

// -----

func.func @moe_align_positions(%ids: tensor<4x2xi32>) {
  // expected-error @+1 {{'mxfp4.moe_align' op positions must have topk_ids' shape and i32 elements, got 'tensor<2x4xi32>'}}
  %s, %b, %v, %pos = mxfp4.moe_align %ids experts = 4 block_m = 4 : tensor<4x2xi32> -> tensor<20xi32>, tensor<5xi32>, tensor<1xi32>, tensor<2x4xi32>
  return
}

// -----

// Only the generic syntax can give topk without rows.
func.func @grouped_topk_without_rows(%a: tensor<64x256xf4E2M1FN>, %as: tensor<64x8xf8E8M0FNU>, %blocks: tensor<2xi32>, %b: tensor<3x64x256xf4E2M1FN>, %bs: tensor<3x64x8xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.grouped_matmul' op rows and topk go together}}
  %0 = "mxfp4.grouped_matmul"(%a, %as, %blocks, %b, %bs) <{block_m = 32 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 1, 1, 1, 0, 0>, topk = 2 : i64}> : (tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<2xi32>, tensor<3x64x256xf4E2M1FN>, tensor<3x64x8xf8E8M0FNU>) -> tensor<64x64xf32>
  return
}

// -----

// Only the generic syntax can give scatter without weights.
func.func @grouped_scatter_without_weights(%a: tensor<64x256xf4E2M1FN>, %as: tensor<64x8xf8E8M0FNU>, %blocks: tensor<2xi32>, %b: tensor<3x64x256xf4E2M1FN>, %bs: tensor<3x64x8xf8E8M0FNU>, %ids: tensor<64xi32>) {
  // expected-error @+1 {{'mxfp4.grouped_matmul' op scatter and weights go together}}
  %0 = "mxfp4.grouped_matmul"(%a, %as, %blocks, %b, %bs, %ids) <{block_m = 32 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 1, 1, 1, 1, 0>}> : (tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<2xi32>, tensor<3x64x256xf4E2M1FN>, tensor<3x64x8xf8E8M0FNU>, tensor<64xi32>) -> tensor<5x64xf32>
  return
}

// -----

func.func @grouped_scatter_weights(%a: tensor<64x256xf4E2M1FN>, %as: tensor<64x8xf8E8M0FNU>, %blocks: tensor<2xi32>, %b: tensor<3x64x256xf4E2M1FN>, %bs: tensor<3x64x8xf8E8M0FNU>, %ids: tensor<64xi32>, %w: tensor<5x?xf32>) {
  // expected-error @+1 {{'mxfp4.grouped_matmul' op scatter must be 1-D and weights [tokens, k] with a static k, got 'tensor<64xi32>' and 'tensor<5x?xf32>'}}
  %c = mxfp4.grouped_matmul %a, %as experts(%blocks : tensor<2xi32>) block_m = 32, %b, %bs scatter(%ids : tensor<64xi32>) weights(%w : tensor<5x?xf32>) : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<3x64x256xf4E2M1FN>, tensor<3x64x8xf8E8M0FNU> -> tensor<5x64xf32>
  return
}

// -----

func.func @grouped_scatter_count(%a: tensor<64x256xf4E2M1FN>, %as: tensor<64x8xf8E8M0FNU>, %blocks: tensor<2xi32>, %b: tensor<3x64x256xf4E2M1FN>, %bs: tensor<3x64x8xf8E8M0FNU>, %ids: tensor<32xi32>, %w: tensor<5x2xf32>) {
  // expected-error @+1 {{'mxfp4.grouped_matmul' op scatter must have one entry per row, got 'tensor<32xi32>'}}
  %c = mxfp4.grouped_matmul %a, %as experts(%blocks : tensor<2xi32>) block_m = 32, %b, %bs scatter(%ids : tensor<32xi32>) weights(%w : tensor<5x2xf32>) : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<3x64x256xf4E2M1FN>, tensor<3x64x8xf8E8M0FNU> -> tensor<5x64xf32>
  return
}

// -----

func.func @grouped_scatter_result(%a: tensor<64x256xf4E2M1FN>, %as: tensor<64x8xf8E8M0FNU>, %blocks: tensor<2xi32>, %b: tensor<3x64x256xf4E2M1FN>, %bs: tensor<3x64x8xf8E8M0FNU>, %ids: tensor<64xi32>, %w: tensor<5x2xf32>) {
  // expected-error @+1 {{'mxfp4.grouped_matmul' op a scattered result must be tokens x N f32 or bf16 (the weights' tokens), got 'tensor<64x64xf32>'}}
  %c = mxfp4.grouped_matmul %a, %as experts(%blocks : tensor<2xi32>) block_m = 32, %b, %bs scatter(%ids : tensor<64xi32>) weights(%w : tensor<5x2xf32>) : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<3x64x256xf4E2M1FN>, tensor<3x64x8xf8E8M0FNU> -> tensor<64x64xf32>
  return
}

// -----

func.func @grouped_scatter_result_f16(%a: tensor<64x256xf4E2M1FN>, %as: tensor<64x8xf8E8M0FNU>, %blocks: tensor<2xi32>, %b: tensor<3x64x256xf4E2M1FN>, %bs: tensor<3x64x8xf8E8M0FNU>, %ids: tensor<64xi32>, %w: tensor<5x2xf32>) {
  // expected-error @+1 {{'mxfp4.grouped_matmul' op result #0 must be ranked tensor of bfloat16 type or 32-bit float values, but got 'tensor<5x64xf16>'}}
  %c = mxfp4.grouped_matmul %a, %as experts(%blocks : tensor<2xi32>) block_m = 32, %b, %bs scatter(%ids : tensor<64xi32>) weights(%w : tensor<5x2xf32>) : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<3x64x256xf4E2M1FN>, tensor<3x64x8xf8E8M0FNU> -> tensor<5x64xf16>
  return
}

// -----

func.func @grouped_scatter_bf16_odd_n(%a: tensor<64x256xf4E2M1FN>, %as: tensor<64x8xf8E8M0FNU>, %blocks: tensor<2xi32>, %b: tensor<3x63x256xf4E2M1FN>, %bs: tensor<3x63x8xf8E8M0FNU>, %ids: tensor<64xi32>, %w: tensor<5x2xf32>) {
  // expected-error @+1 {{'mxfp4.grouped_matmul' op a scattered bf16 result needs an even N, got 63}}
  %c = mxfp4.grouped_matmul %a, %as experts(%blocks : tensor<2xi32>) block_m = 32, %b, %bs scatter(%ids : tensor<64xi32>) weights(%w : tensor<5x2xf32>) : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<3x63x256xf4E2M1FN>, tensor<3x63x8xf8E8M0FNU> -> tensor<5x63xbf16>
  return
}

// -----

// expected-error @+1 {{stages must be in [1, 4], got 0}}
func.func @config_stages_0() attributes {cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1, stages = 0>} {
  return
}

// -----

// expected-error @+1 {{stages must be in [1, 4], got 5}}
func.func @config_stages_5() attributes {cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1, stages = 5>} {
  return
}
