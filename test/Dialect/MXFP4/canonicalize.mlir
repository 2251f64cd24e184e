// RUN: fp4-opt %s --canonicalize --split-input-file | FileCheck %s
// RUN: fp4-opt %s --cse --split-input-file | FileCheck %s --check-prefix=CSE

// The mxfp4 ops are Pure: without uses they are dead, and two identical ones
// compute the same value.

// CHECK-LABEL: func.func @dead_ops
// CHECK-NOT: mxfp4.
// CHECK: return
func.func @dead_ops(%a: tensor<16x64xbf16>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %a : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  %x = mxfp4.dequantize %q, %s : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x64xf32>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xbf16>
  return
}

// -----

// Only the scaled_matmul result is used: the dequantize goes, the quantize
// that feeds the GEMM stays.
// CHECK-LABEL: func.func @used_ops_kept
// CHECK-SAME: (%[[A:.+]]: tensor<16x64xbf16>, %[[B:.+]]: tensor<32x64xf4E2M1FN>, %[[BS:.+]]: tensor<256x8xf8E8M0FNU>)
// CHECK-NEXT: %[[Q:.+]], %[[S:.+]] = mxfp4.quantize %[[A]] mode = floor
// CHECK-NEXT: %[[C:.+]] = mxfp4.scaled_matmul %[[Q]], %[[S]], %[[B]], %[[BS]] b_layout = preshuffled
// CHECK-NEXT: return %[[C]]
func.func @used_ops_kept(%a: tensor<16x64xbf16>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<256x8xf8E8M0FNU>) -> tensor<16x32xbf16> {
  %q, %s = mxfp4.quantize %a mode = floor : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  %x = mxfp4.dequantize %q, %s : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x64xf32>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs b_layout = preshuffled : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<256x8xf8E8M0FNU> -> tensor<16x32xbf16>
  return %c : tensor<16x32xbf16>
}

// -----

// A quantize whose scales alone are used is kept whole.
// CHECK-LABEL: func.func @one_result_used
// CHECK-NEXT: %{{.+}}, %[[S:.+]] = mxfp4.quantize
// CHECK-NEXT: return %[[S]]
func.func @one_result_used(%a: tensor<4x64xf32>) -> tensor<4x2xf8E8M0FNU> {
  %q, %s = mxfp4.quantize %a : tensor<4x64xf32> -> tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
  return %s : tensor<4x2xf8E8M0FNU>
}

// -----

// Canonicalization does not merge or fold anything: both dequantizes stay.
// CHECK-LABEL: func.func @dequantize_kept
// CHECK-COUNT-2: mxfp4.dequantize
// CHECK-NEXT: return
func.func @dequantize_kept(%v: tensor<4x64xf4E2M1FN>, %s: tensor<4x2xf8E8M0FNU>) -> (tensor<4x64xf32>, tensor<4x64xbf16>) {
  %x = mxfp4.dequantize %v, %s : tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU> -> tensor<4x64xf32>
  %y = mxfp4.dequantize %v, %s : tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU> -> tensor<4x64xbf16>
  return %x, %y : tensor<4x64xf32>, tensor<4x64xbf16>
}

// -----

// CSE merges identical ops and keeps ops that differ in an attribute or type.
// CSE-LABEL: func.func @cse
// CSE-SAME: (%[[A:.+]]: tensor<16x64xbf16>, %[[B:.+]]: tensor<32x64xf4E2M1FN>, %[[BS:.+]]: tensor<32x2xf8E8M0FNU>)
// CSE-NEXT: %[[Q:.+]], %[[S:.+]] = mxfp4.quantize %[[A]] :
// CSE-NEXT: %[[QF:.+]], %[[SF:.+]] = mxfp4.quantize %[[A]] mode = floor :
// CSE-NEXT: %[[X:.+]] = mxfp4.dequantize %[[Q]], %[[S]] : {{.*}} -> tensor<16x64xf32>
// CSE-NEXT: %[[XB:.+]] = mxfp4.dequantize %[[Q]], %[[S]] : {{.*}} -> tensor<16x64xbf16>
// CSE-NEXT: %[[C:.+]] = mxfp4.scaled_matmul %[[Q]], %[[S]], %[[B]], %[[BS]] :
// CSE-NEXT: %[[CC:.+]] = mxfp4.scaled_matmul %[[Q]], %[[S]], %[[B]], %[[BS]] config(<mfma = 16, waves_m = 1, waves_n = 2, tiles_m = 1, tiles_n = 1, split_k = 1>) :
// CSE-NEXT: %[[CF:.+]] = mxfp4.scaled_matmul %[[QF]], %[[SF]], %[[B]], %[[BS]] :
// CSE-NEXT: return %[[X]], %[[X]], %[[XB]], %[[C]], %[[C]], %[[CC]], %[[CF]] :
func.func @cse(%a: tensor<16x64xbf16>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>)
    -> (tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xbf16>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) {
  %q0, %s0 = mxfp4.quantize %a : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  %q1, %s1 = mxfp4.quantize %a : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  %qf, %sf = mxfp4.quantize %a mode = floor : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  %x0 = mxfp4.dequantize %q0, %s0 : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x64xf32>
  %x1 = mxfp4.dequantize %q1, %s1 : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x64xf32>
  %xb = mxfp4.dequantize %q1, %s1 : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x64xbf16>
  %c0 = mxfp4.scaled_matmul %q0, %s0, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  %c1 = mxfp4.scaled_matmul %q1, %s1, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  %cc = mxfp4.scaled_matmul %q1, %s1, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 2, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  %cf = mxfp4.scaled_matmul %qf, %sf, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  return %x0, %x1, %xb, %c0, %c1, %cc, %cf : tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xbf16>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>
}

// -----

// CSE also removes unused Pure ops.
// CSE-LABEL: func.func @cse_dead
// CSE-NOT: mxfp4.
// CSE: return
func.func @cse_dead(%a: tensor<16x64xbf16>) {
  %q, %s = mxfp4.quantize %a : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  return
}
