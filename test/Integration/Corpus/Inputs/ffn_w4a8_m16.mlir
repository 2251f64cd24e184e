// The SwiGLU feed-forward block of ffn_swiglu_m16 with fp8 activations
// (W4A8): x and h are quantized to E4M3 with the OCP floor rule, the
// weights are fp4 (plain N x K). Each quantize goes into the kernel of the
// GEMM that reads it.
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @ffn(%x: tensor<16x224xbf16>, %wg: tensor<160x224xf4E2M1FN>, %sg: tensor<160x7xf8E8M0FNU>, %wu: tensor<160x224xf4E2M1FN>, %su: tensor<160x7xf8E8M0FNU>, %wd: tensor<224x160xf4E2M1FN>, %sd: tensor<224x5xf8E8M0FNU>) -> tensor<16x224xbf16> {
    %xq, %xs = mxfp4.quantize %x mode = floor : tensor<16x224xbf16> -> tensor<16x224xf8E4M3FN>, tensor<16x7xf8E8M0FNU>
    %gate = mxfp4.scaled_matmul %xq, %xs, %wg, %sg : tensor<16x224xf8E4M3FN>, tensor<16x7xf8E8M0FNU>, tensor<160x224xf4E2M1FN>, tensor<160x7xf8E8M0FNU> -> tensor<16x160xf32>
    %up = mxfp4.scaled_matmul %xq, %xs, %wu, %su : tensor<16x224xf8E4M3FN>, tensor<16x7xf8E8M0FNU>, tensor<160x224xf4E2M1FN>, tensor<160x7xf8E8M0FNU> -> tensor<16x160xf32>
    %e = tensor.empty() : tensor<16x160xbf16>
    %h = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%gate, %up : tensor<16x160xf32>, tensor<16x160xf32>) outs(%e : tensor<16x160xbf16>) {
    ^bb0(%g: f32, %u: f32, %out: bf16):
      %one = arith.constant 1.000000e+00 : f32
      %0 = arith.negf %g : f32
      %1 = math.exp %0 : f32
      %2 = arith.addf %1, %one : f32
      %3 = arith.divf %g, %2 : f32
      %4 = arith.mulf %3, %u : f32
      %5 = arith.truncf %4 : f32 to bf16
      linalg.yield %5 : bf16
    } -> tensor<16x160xbf16>
    %hq, %hs = mxfp4.quantize %h mode = floor : tensor<16x160xbf16> -> tensor<16x160xf8E4M3FN>, tensor<16x5xf8E8M0FNU>
    %y = mxfp4.scaled_matmul %hq, %hs, %wd, %sd : tensor<16x160xf8E4M3FN>, tensor<16x5xf8E8M0FNU>, tensor<224x160xf4E2M1FN>, tensor<224x5xf8E8M0FNU> -> tensor<16x224xbf16>
    return %y : tensor<16x224xbf16>
  }
}
