
// CSE also removes unused Pure ops.
// CSE-LABEL: func.func @cse_dead
// CSE-NOT: mxfp4.
// CSE: return
func.func @cse_dead(%a: tensor<16x64xbf16>) {
  %q, %s = mxfp4.quantize %a : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  return
}
