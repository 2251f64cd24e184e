// RUN: fp4-opt %s --fp4-lower-to-hsaco --split-input-file --verify-diagnostics -o /dev/null

// GEMMs whose split_k cannot be built, refused with the GEMM's location.
// (A quantize of a split-K GEMM's output is not refused: it is not fused,
// and becomes a kernel of its own.)

// A dynamic M: the workspace could not be sized.
func.func @dynamic_m(%a: tensor<?x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> tensor<?x64xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<?x256xbf16> -> tensor<?x256xf4E2M1FN>, tensor<?x8xf8E8M0FNU>
  // expected-error @+1 {{split_k > 1 needs a static M, or an M bounded by an m_specialization: its workspace is sized at compile time}}
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 2>) : tensor<?x256xf4E2M1FN>, tensor<?x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<?x64xbf16>
  return %c : tensor<?x64xbf16>
}

// -----

// Two K steps of 128 cannot make four slices.
func.func @too_many_slices(%a: tensor<16x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> tensor<16x64xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  // expected-error @+1 {{split_k = 4 exceeds the 2 K steps of 128; each slice needs one}}
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 4>) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xbf16>
  return %c : tensor<16x64xbf16>
}
