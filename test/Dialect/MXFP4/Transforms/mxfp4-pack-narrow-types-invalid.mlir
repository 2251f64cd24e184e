// RUN: fp4-opt %s --mxfp4-pack-narrow-types -split-input-file -verify-diagnostics

// A quantize no kernel took has no byte form.
func.func @quantize(%x: tensor<4x64xbf16>) -> tensor<4x2xf8E8M0FNU> {
  // expected-error @below {{'mxfp4.quantize' op works on fp4, fp6 or E8M0 tensors but has no byte form}}
  %q, %s = mxfp4.quantize %x : tensor<4x64xbf16> -> tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
  return %s : tensor<4x2xf8E8M0FNU>
}

// -----

// Neither has a GEMM that was not formed into a kernel op.
func.func @scaled_matmul(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) -> tensor<16x32xf32> {
  // expected-error @below {{'mxfp4.scaled_matmul' op works on fp4, fp6 or E8M0 tensors but has no byte form}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  return %c : tensor<16x32xf32>
}

// -----

// Elementwise code on fp4 elements: each byte holds two of them.
func.func @generic(%x: tensor<4x64xf4E2M1FN>) -> tensor<4x64xf32> {
  %e = tensor.empty() : tensor<4x64xf32>
  // expected-error @below {{'linalg.generic' op works on fp4, fp6 or E8M0 tensors but has no byte form}}
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x64xf4E2M1FN>) outs(%e : tensor<4x64xf32>) {
  ^bb0(%a: f4E2M1FN, %out: f32):
    %f = arith.extf %a : f4E2M1FN to f32
    linalg.yield %f : f32
  } -> tensor<4x64xf32>
  return %y : tensor<4x64xf32>
}

// -----

func.func @odd_offset(%w: tensor<64x256xf4E2M1FN>) -> tensor<64x64xf4E2M1FN> {
  // expected-error @below {{'tensor.extract_slice' op slices 'f4E2M1FN' data at offset 3 along its last dimension, not a multiple of 2: no byte form (two values per byte)}}
  %s = tensor.extract_slice %w[0, 3] [64, 64] [1, 1] : tensor<64x256xf4E2M1FN> to tensor<64x64xf4E2M1FN>
  return %s : tensor<64x64xf4E2M1FN>
}

// -----

// A column of fp4 values, inserted as a rank-reduced slice.
func.func @odd_size(%w: tensor<64x256xf4E2M1FN>, %p: tensor<64xf4E2M1FN>, %o: index) -> tensor<64x256xf4E2M1FN> {
  // expected-error @below {{'tensor.insert_slice' op slices 'f4E2M1FN' data at size 1 along its last dimension, not a multiple of 2}}
  %s = tensor.insert_slice %p into %w[0, %o] [64, 1] [1, 1] : tensor<64xf4E2M1FN> into tensor<64x256xf4E2M1FN>
  return %s : tensor<64x256xf4E2M1FN>
}

// -----

func.func @odd_parallel_insert(%x: tensor<4x2xf4E2M1FN>) -> tensor<4x64xf4E2M1FN> {
  %e = tensor.empty() : tensor<4x64xf4E2M1FN>
  %r = scf.forall (%i) in (4) shared_outs(%o = %e) -> (tensor<4x64xf4E2M1FN>) {
    %v = tensor.extract_slice %x[%i, 0] [1, 2] [1, 1] : tensor<4x2xf4E2M1FN> to tensor<1x2xf4E2M1FN>
    scf.forall.in_parallel {
      // expected-error @below {{'tensor.parallel_insert_slice' op slices 'f4E2M1FN' data at offset 1 along its last dimension, not a multiple of 2}}
      tensor.parallel_insert_slice %v into %o[%i, 1] [1, 2] [1, 1] : tensor<1x2xf4E2M1FN> into tensor<4x64xf4E2M1FN>
    }
  }
  return %r : tensor<4x64xf4E2M1FN>
}

// -----

func.func @strided(%w: tensor<64x256xf4E2M1FN>) -> tensor<64x64xf4E2M1FN> {
  // expected-error @below {{'tensor.extract_slice' op slices 'f4E2M1FN' data with a stride other than 1 along its last dimension}}
  %s = tensor.extract_slice %w[0, 0] [64, 64] [1, 2] : tensor<64x256xf4E2M1FN> to tensor<64x64xf4E2M1FN>
  return %s : tensor<64x64xf4E2M1FN>
}

// -----

// A reshape that leaves a unit dimension innermost: the old last dimension
// is no longer the innermost of its group, bytes cannot follow.
func.func @expand_unit_last(%w: tensor<2x64xf4E2M1FN>) {
  // expected-error @below {{'tensor.expand_shape' op has data of type 'tensor<2x64x1xf4E2M1FN>', which has no byte form}}
  %s = tensor.expand_shape %w [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf4E2M1FN> into tensor<2x64x1xf4E2M1FN>
  return
}

// -----

// An odd number of fp4 values per row, where the data enters.
// expected-error @below {{'func.func' op has data of type 'tensor<4x33xf4E2M1FN>', which has no byte form}}
func.func @odd_argument(%w: tensor<4x33xf4E2M1FN>) -> tensor<4x33xf4E2M1FN> {
  return %w : tensor<4x33xf4E2M1FN>
}

// -----

// expected-error @below {{'func.func' op has data of type 'tensor<*xf4E2M1FN>', which has no byte form}}
func.func @unranked(%w: tensor<*xf4E2M1FN>) -> tensor<*xf4E2M1FN> {
  return %w : tensor<*xf4E2M1FN>
}

// -----

func.func @select_elementwise(%c: tensor<4x64xi1>, %a: tensor<4x64xf4E2M1FN>, %b: tensor<4x64xf4E2M1FN>) -> tensor<4x64xf4E2M1FN> {
  // expected-error @below {{'arith.select' op selects 'f4E2M1FN' data element by element}}
  %s = arith.select %c, %a, %b : tensor<4x64xi1>, tensor<4x64xf4E2M1FN>
  return %s : tensor<4x64xf4E2M1FN>
}

// -----

func.func @resource_constant() -> tensor<2xf8E8M0FNU> {
  // expected-error @below {{'arith.constant' op is fp4 or E8M0 data but not a dense constant whose bits can be packed}}
  %c = arith.constant dense_resource<scales> : tensor<2xf8E8M0FNU>
  return %c : tensor<2xf8E8M0FNU>
}

{-#
  dialect_resources: {
    builtin: {
      scales: "0x010000007F7E"
    }
  }
#-}

// -----

// An epilogue operand of fp4 elements: the region reads one value at a
// time, bytes hold two.
func.func @fp4_epilogue_operand(%a: tensor<16x64xbf16>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>, %r: tensor<16x32xf4E2M1FN>) -> tensor<16x32xf32> {
  %o = tensor.empty() : tensor<16x32xf32>
  // expected-error @below {{'mxfp4.fused_matmul' op reads fp4 or E8M0 data element by element in its prologue or epilogue}}
  %c = mxfp4.fused_matmul a(%a : tensor<16x64xbf16>) quantize = even b(%b, %bs : tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU>) layout = plain ins(%r : tensor<16x32xf4E2M1FN>) maps [affine_map<(m, n) -> (m, n)>] outs(%o : tensor<16x32xf32>) epilogue {
  ^bb0(%acc: f32, %x: f4E2M1FN):
    %f = arith.extf %x : f4E2M1FN to f32
    %s = arith.addf %acc, %f : f32
    mxfp4.yield %s : f32
  } -> tensor<16x32xf32>
  return %c : tensor<16x32xf32>
}

// -----

// fp6 slices take whole 3-byte groups: a multiple of 4 values.
func.func @fp6_slice_offset(%t: tensor<8x64xf6E3M2FN>) -> tensor<8x32xf6E3M2FN> {
  // expected-error @below {{'tensor.extract_slice' op slices 'f6E3M2FN' data at offset 2 along its last dimension, not a multiple of 4: no byte form (four values in three bytes)}}
  %s = tensor.extract_slice %t[0, 2] [8, 32] [1, 1] : tensor<8x64xf6E3M2FN> to tensor<8x32xf6E3M2FN>
  return %s : tensor<8x32xf6E3M2FN>
}

// -----

// expected-error @below {{'func.func' op has data of type 'tensor<4x6xf6E2M3FN>', which has no byte form: four values in three bytes need a ranked tensor whose last dimension is dynamic or a multiple of 4}}
func.func @fp6_odd_row(%x: tensor<4x6xf6E2M3FN>) -> tensor<4x6xf6E2M3FN> {
  return %x : tensor<4x6xf6E2M3FN>
}
