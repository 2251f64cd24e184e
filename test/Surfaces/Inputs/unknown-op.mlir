// An op of a dialect nobody registered: refused by the parser (fp4-opt,
// like mlir-opt, does not allow unregistered dialects unless asked).
func.func @f(%a: tensor<16x128xbf16>) -> tensor<16x128xbf16> {
  %b = "vendor.scale"(%a) : (tensor<16x128xbf16>) -> tensor<16x128xbf16>
  return %b : tensor<16x128xbf16>
}
