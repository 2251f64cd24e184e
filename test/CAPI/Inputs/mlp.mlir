// A 2-layer MLP as a user writes it: layer 1 is a GEMM with a bias and SiLU
// (its constant 1.0 included), its output quantized to MXFP4 for layer 2;
// layer 2 is a second GEMM on that quantized activation. The quantized
// activation is returned too, so that each layer is checked against the
// reference library on its own (mlp.c, test/python/test_mlp.py).
//   x [32, 256] bf16; W1 [128, 256] pre-shuffled, b1 [128] f32;
//   W2 [64, 128] plain; y [32, 64] bf16.
func.func @mlp(%x: tensor<32x256xbf16>,
               %w1: tensor<128x256xf4E2M1FN>, %s1: tensor<256x8xf8E8M0FNU>,
               %b1: tensor<128xf32>,
               %w2: tensor<64x128xf4E2M1FN>, %s2: tensor<64x4xf8E8M0FNU>)
    -> (tensor<32x64xbf16>, tensor<32x128xf4E2M1FN>, tensor<32x4xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %x : tensor<32x256xbf16> -> tensor<32x256xf4E2M1FN>, tensor<32x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %w1, %s1 b_layout = preshuffled : tensor<32x256xf4E2M1FN>, tensor<32x8xf8E8M0FNU>, tensor<128x256xf4E2M1FN>, tensor<256x8xf8E8M0FNU> -> tensor<32x128xf32>
  %e = tensor.empty() : tensor<32x128xbf16>
  %h = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%c, %b1 : tensor<32x128xf32>, tensor<128xf32>) outs(%e : tensor<32x128xbf16>) {
  ^bb0(%v: f32, %bias: f32, %o: bf16):
    %z = arith.addf %v, %bias : f32
    %n = arith.negf %z : f32
    %ex = math.exp %n : f32
    %one = arith.constant 1.0 : f32
    %d = arith.addf %one, %ex : f32
    %si = arith.divf %z, %d : f32
    %t = arith.truncf %si : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<32x128xbf16>
  %hq, %hs = mxfp4.quantize %h : tensor<32x128xbf16> -> tensor<32x128xf4E2M1FN>, tensor<32x4xf8E8M0FNU>
  %y = mxfp4.scaled_matmul %hq, %hs, %w2, %s2 : tensor<32x128xf4E2M1FN>, tensor<32x4xf8E8M0FNU>, tensor<64x128xf4E2M1FN>, tensor<64x4xf8E8M0FNU> -> tensor<32x64xbf16>
  return %y, %hq, %hs : tensor<32x64xbf16>, tensor<32x128xf4E2M1FN>, tensor<32x4xf8E8M0FNU>
}
