// A GEMM inside a host scf.for: three launches accumulate into one tensor
// (the accumulation is fused into the GEMM's epilogue).
func.func @loop3(%a: tensor<40x288xbf16>, %b: tensor<112x288xf4E2M1FN>, %bs: tensor<256x16xf8E8M0FNU>) -> tensor<40x112xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<40x112xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<40x112xf32>) -> tensor<40x112xf32>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %init) -> tensor<40x112xf32> {
    %q, %s = mxfp4.quantize %a : tensor<40x288xbf16> -> tensor<40x288xf4E2M1FN>, tensor<40x9xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %s, %b, %bs b_layout = preshuffled : tensor<40x288xf4E2M1FN>, tensor<40x9xf8E8M0FNU>, tensor<112x288xf4E2M1FN>, tensor<256x16xf8E8M0FNU> -> tensor<40x112xf32>
    %sum = arith.addf %c, %acc : tensor<40x112xf32>
    scf.yield %sum : tensor<40x112xf32>
  }
  return %r : tensor<40x112xf32>
}
