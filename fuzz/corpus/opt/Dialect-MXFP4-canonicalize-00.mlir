
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

