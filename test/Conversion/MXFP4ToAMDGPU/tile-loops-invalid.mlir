// RUN: fp4-opt %s --pass-pipeline='builtin.module(func.func(mxfp4-tile-and-fuse),convert-mxfp4-to-amdgpu)' --split-input-file --verify-diagnostics

#cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>

// Quantized A made on the host (not an argument): sub-byte tensors cannot
// cross into a kernel as bytes.
func.func @fp4_not_an_argument(%as: tensor<16x8xf8E8M0FNU>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> tensor<16x64xf32> {
  %a = tensor.empty() : tensor<16x256xf4E2M1FN>
  // expected-error @+1 {{reads fp4 or E8M0 data that is not a function argument}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xf32>
  return %c : tensor<16x64xf32>
}

// -----

#cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>

// fp4 data crosses the function boundary as bytes (arguments and results),
// but a host op cannot compute on it.
func.func @fp4_used_on_host(%a: tensor<16x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> (tensor<16x64xf32>, tensor<32x256xf4E2M1FN>) {
  %q, %s = mxfp4.quantize %a : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xf32>
  // expected-error @+1 {{uses fp4 or E8M0 data outside a GEMM kernel}}
  %half = tensor.extract_slice %b[0, 0] [32, 256] [1, 1] : tensor<64x256xf4E2M1FN> to tensor<32x256xf4E2M1FN>
  return %c, %half : tensor<16x64xf32>, tensor<32x256xf4E2M1FN>
}

// -----

#cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>

// The epilogue reads a scalar of the host: it would have to become a
// kernel argument, which the lowering does not do.
func.func @captured_scalar(%a: tensor<16x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>, %alpha: f32) -> tensor<16x64xf32> {
  %q, %s = mxfp4.quantize %a : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xf32>
  %e = tensor.empty() : tensor<16x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%c : tensor<16x64xf32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    // expected-error @+1 {{reads a value from outside its linalg.generic that is not a constant}}
    %y = arith.mulf %x, %alpha : f32
    linalg.yield %y : f32
  } -> tensor<16x64xf32>
  return %r : tensor<16x64xf32>
}

// -----

// A quantize on its own runs as a kernel of its own, for 2-D tensors only.
func.func @lone_quantize_3d(%a: tensor<2x16x256xbf16>) -> tensor<2x16x8xf8E8M0FNU> {
  // expected-error @+1 {{is neither in a GEMM function nor in a work-group loop}}
  %q, %s = mxfp4.quantize %a : tensor<2x16x256xbf16> -> tensor<2x16x256xf4E2M1FN>, tensor<2x16x8xf8E8M0FNU>
  return %s : tensor<2x16x8xf8E8M0FNU>
}
