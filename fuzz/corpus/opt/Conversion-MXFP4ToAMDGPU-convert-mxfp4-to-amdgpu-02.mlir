
// Functions without mxfp4 ops are left alone.
// CHECK-LABEL: func.func @untouched
// CHECK-NEXT: return %arg0 : tensor<4xf32>
func.func @untouched(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
