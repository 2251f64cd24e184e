
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

