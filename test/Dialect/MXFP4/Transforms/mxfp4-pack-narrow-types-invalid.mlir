// RUN: fp4-opt %s --mxfp4-pack-narrow-types -split-input-file -verify-diagnostics

// A quantize no kernel took has no byte form.
func.func @quantize(%x: tensor<4x64xbf16>) -> tensor<4x2xf8E8M0FNU> {
  // expected-error @below {{works on fp4 or E8M0 tensors but has no byte form}}
  %q, %s = mxfp4.quantize %x : tensor<4x64xbf16> -> tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
  return %s : tensor<4x2xf8E8M0FNU>
}

// -----

func.func @odd_offset(%w: tensor<64x256xf4E2M1FN>) -> tensor<64x64xf4E2M1FN> {
  // expected-error @below {{slices fp4 data at an odd offset or size along its last dimension}}
  %s = tensor.extract_slice %w[0, 3] [64, 64] [1, 1] : tensor<64x256xf4E2M1FN> to tensor<64x64xf4E2M1FN>
  return %s : tensor<64x64xf4E2M1FN>
}

// -----

func.func @strided(%w: tensor<64x256xf4E2M1FN>) -> tensor<64x64xf4E2M1FN> {
  // expected-error @below {{slices fp4 data with a stride other than 1 along its last dimension}}
  %s = tensor.extract_slice %w[0, 0] [64, 64] [1, 2] : tensor<64x256xf4E2M1FN> to tensor<64x64xf4E2M1FN>
  return %s : tensor<64x64xf4E2M1FN>
}

// -----

func.func @merge_last(%w: tensor<2x64xf4E2M1FN>) -> tensor<128xf4E2M1FN> {
  // expected-error @below {{merges the last dimension of fp4 data with another}}
  %s = tensor.collapse_shape %w [[0, 1]] : tensor<2x64xf4E2M1FN> into tensor<128xf4E2M1FN>
  return %s : tensor<128xf4E2M1FN>
}

// -----

func.func @dynamic_dim(%w: tensor<64x256xf4E2M1FN>, %d: index) -> index {
  // expected-error @below {{asks a dimension of fp4 data by a run-time index}}
  %n = tensor.dim %w, %d : tensor<64x256xf4E2M1FN>
  return %n : index
}
