// RUN: fp4-opt %s --pass-pipeline='builtin.module(func.func(mxfp4-tile-and-fuse),convert-mxfp4-to-amdgpu)' --split-input-file --verify-diagnostics

// Work-group loops with a split_k that mxfp4-select-config would refuse
// (the conversion checks again: a config may be set after it).

// A dynamic M: the workspace could not be sized.
func.func @dynamic_m(%a: tensor<?x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> tensor<?x64xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<?x256xbf16> -> tensor<?x256xf4E2M1FN>, tensor<?x8xf8E8M0FNU>
  // expected-error @+1 {{split_k > 1 needs a static M: its workspace is sized at compile time}}
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

// -----

// A fused output quantize would run in every work-group of a tile; only
// the last to arrive has C.
func.func @output_quantize(%a: tensor<40x288xbf16>, %b: tensor<128x288xf4E2M1FN>, %bs: tensor<128x9xf8E8M0FNU>) -> (tensor<40x128xf4E2M1FN>, tensor<40x4xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %a : tensor<40x288xbf16> -> tensor<40x288xf4E2M1FN>, tensor<40x9xf8E8M0FNU>
  // expected-error @+1 {{split_k > 1 with a fused output quantize is not supported}}
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 2, tiles_m = 1, tiles_n = 1, split_k = 3>) : tensor<40x288xf4E2M1FN>, tensor<40x9xf8E8M0FNU>, tensor<128x288xf4E2M1FN>, tensor<128x9xf8E8M0FNU> -> tensor<40x128xbf16>
  %cq, %cs = mxfp4.quantize %c : tensor<40x128xbf16> -> tensor<40x128xf4E2M1FN>, tensor<40x4xf8E8M0FNU>
  return %cq, %cs : tensor<40x128xf4E2M1FN>, tensor<40x4xf8E8M0FNU>
}
