
// A quantize whose scales alone are used is kept whole.
// CHECK-LABEL: func.func @one_result_used
// CHECK-NEXT: %{{.+}}, %[[S:.+]] = mxfp4.quantize
// CHECK-NEXT: return %[[S]]
func.func @one_result_used(%a: tensor<4x64xf32>) -> tensor<4x2xf8E8M0FNU> {
  %q, %s = mxfp4.quantize %a : tensor<4x64xf32> -> tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
  return %s : tensor<4x2xf8E8M0FNU>
}

