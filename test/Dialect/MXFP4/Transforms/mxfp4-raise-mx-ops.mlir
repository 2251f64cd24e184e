// RUN: fp4-opt %s --pass-pipeline='builtin.module(func.func(mxfp4-raise-mx-ops))' -split-input-file | FileCheck %s

// arith.scaling_extf on tensors, the scales broadcast along K by
// linalg.broadcast and collapse_shape; linalg.matmul with B transposed by
// its indexing maps, into a zero fill: a scaled_matmul without an
// accumulator. The dequantizes are gone.
// CHECK-LABEL: func.func @tensor_scaling_extf
// CHECK-SAME: (%[[AQ:[^:]+]]: tensor<16x256xf4E2M1FN>, %[[AS:[^:]+]]: tensor<16x8xf8E8M0FNU>, %[[BQ:[^:]+]]: tensor<64x256xf4E2M1FN>, %[[BS:[^:]+]]: tensor<64x8xf8E8M0FNU>)
// CHECK: %[[C:.+]] = mxfp4.scaled_matmul %[[AQ]], %[[AS]], %[[BQ]], %[[BS]] : {{.*}} -> tensor<16x64xf32>
// CHECK-NOT: arith.scaling_extf
// CHECK-NOT: linalg.matmul
// CHECK: return %[[C]]
#mk = affine_map<(m, n, k) -> (m, k)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func @tensor_scaling_extf(%aq: tensor<16x256xf4E2M1FN>, %as: tensor<16x8xf8E8M0FNU>, %bq: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> tensor<16x64xf32> {
  %ea = tensor.empty() : tensor<16x8x32xf8E8M0FNU>
  %ba = linalg.broadcast ins(%as : tensor<16x8xf8E8M0FNU>) outs(%ea : tensor<16x8x32xf8E8M0FNU>) dimensions = [2]
  %sa = tensor.collapse_shape %ba [[0], [1, 2]] : tensor<16x8x32xf8E8M0FNU> into tensor<16x256xf8E8M0FNU>
  %a = arith.scaling_extf %aq, %sa : tensor<16x256xf4E2M1FN>, tensor<16x256xf8E8M0FNU> to tensor<16x256xbf16>
  %eb = tensor.empty() : tensor<64x8x32xf8E8M0FNU>
  %bb = linalg.broadcast ins(%bs : tensor<64x8xf8E8M0FNU>) outs(%eb : tensor<64x8x32xf8E8M0FNU>) dimensions = [2]
  %sb = tensor.collapse_shape %bb [[0], [1, 2]] : tensor<64x8x32xf8E8M0FNU> into tensor<64x256xf8E8M0FNU>
  %b = arith.scaling_extf %bq, %sb : tensor<64x256xf4E2M1FN>, tensor<64x256xf8E8M0FNU> to tensor<64x256xbf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x64xf32>) -> tensor<16x64xf32>
  %c = linalg.matmul indexing_maps = [#mk, #nk, #mn] ins(%a, %b : tensor<16x256xbf16>, tensor<64x256xbf16>) outs(%init : tensor<16x64xf32>) -> tensor<16x64xf32>
  return %c : tensor<16x64xf32>
}

// -----

// Dequantizes as linalg.generic (scales read through (r, k floordiv 32)),
// an f32 contraction written as linalg.generic, a dynamic M, and an init
// that is not a zero fill: the init is the accumulator.
// CHECK-LABEL: func.func @generic_dequantize_accumulate
// CHECK-SAME: (%[[AQ:[^:]+]]: tensor<?x128xf4E2M1FN>, %[[AS:[^:]+]]: tensor<?x4xf8E8M0FNU>, %[[BQ:[^:]+]]: tensor<32x128xf4E2M1FN>, %[[BS:[^:]+]]: tensor<32x4xf8E8M0FNU>, %[[ACC:[^:]+]]: tensor<?x32xf32>)
// CHECK: %[[C:.+]] = mxfp4.scaled_matmul %[[AQ]], %[[AS]], %[[BQ]], %[[BS]] acc(%[[ACC]] : tensor<?x32xf32>) : {{.*}} -> tensor<?x32xf32>
// CHECK: return %[[C]]
#id = affine_map<(r, k) -> (r, k)>
#blk = affine_map<(r, k) -> (r, k floordiv 32)>
func.func @generic_dequantize_accumulate(%aq: tensor<?x128xf4E2M1FN>, %as: tensor<?x4xf8E8M0FNU>, %bq: tensor<32x128xf4E2M1FN>, %bs: tensor<32x4xf8E8M0FNU>, %acc: tensor<?x32xf32>) -> tensor<?x32xf32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %aq, %c0 : tensor<?x128xf4E2M1FN>
  %ea = tensor.empty(%m) : tensor<?x128xf32>
  %a = linalg.generic {indexing_maps = [#id, #blk, #id], iterator_types = ["parallel", "parallel"]} ins(%aq, %as : tensor<?x128xf4E2M1FN>, tensor<?x4xf8E8M0FNU>) outs(%ea : tensor<?x128xf32>) {
  ^bb0(%v: f4E2M1FN, %s: f8E8M0FNU, %o: f32):
    %x = arith.scaling_extf %v, %s : f4E2M1FN, f8E8M0FNU to f32
    linalg.yield %x : f32
  } -> tensor<?x128xf32>
  %eb = tensor.empty() : tensor<32x128xf32>
  %b = linalg.generic {indexing_maps = [#blk, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%bs, %bq : tensor<32x4xf8E8M0FNU>, tensor<32x128xf4E2M1FN>) outs(%eb : tensor<32x128xf32>) {
  ^bb0(%s: f8E8M0FNU, %v: f4E2M1FN, %o: f32):
    %x = arith.scaling_extf %v, %s : f4E2M1FN, f8E8M0FNU to f32
    linalg.yield %x : f32
  } -> tensor<32x128xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<?x128xf32>, tensor<32x128xf32>) outs(%acc : tensor<?x32xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x32xf32>
  return %c : tensor<?x32xf32>
}

// -----

// x @ W^T as torch's nn.Linear is written: the [N, K] weight dequantized,
// then linalg.transpose to [K, N] and a plain linalg.matmul.
// CHECK-LABEL: func.func @transposed_weight
// CHECK-SAME: (%[[AQ:[^:]+]]: tensor<8x64xf4E2M1FN>, %[[AS:[^:]+]]: tensor<8x2xf8E8M0FNU>, %[[BQ:[^:]+]]: tensor<48x64xf4E2M1FN>, %[[BS:[^:]+]]: tensor<48x2xf8E8M0FNU>)
// CHECK: mxfp4.scaled_matmul %[[AQ]], %[[AS]], %[[BQ]], %[[BS]] : {{.*}} -> tensor<8x48xf32>
// CHECK-NOT: linalg.transpose
#idt = affine_map<(r, k) -> (r, k)>
#blkt = affine_map<(r, k) -> (r, k floordiv 32)>
func.func @transposed_weight(%aq: tensor<8x64xf4E2M1FN>, %as: tensor<8x2xf8E8M0FNU>, %bq: tensor<48x64xf4E2M1FN>, %bs: tensor<48x2xf8E8M0FNU>) -> tensor<8x48xf32> {
  %ea = tensor.empty() : tensor<8x64xbf16>
  %a = linalg.generic {indexing_maps = [#idt, #blkt, #idt], iterator_types = ["parallel", "parallel"]} ins(%aq, %as : tensor<8x64xf4E2M1FN>, tensor<8x2xf8E8M0FNU>) outs(%ea : tensor<8x64xbf16>) {
  ^bb0(%v: f4E2M1FN, %s: f8E8M0FNU, %o: bf16):
    %y = arith.scaling_extf %v, %s : f4E2M1FN, f8E8M0FNU to bf16
    linalg.yield %y : bf16
  } -> tensor<8x64xbf16>
  %eb = tensor.empty() : tensor<48x64xbf16>
  %b = linalg.generic {indexing_maps = [#idt, #blkt, #idt], iterator_types = ["parallel", "parallel"]} ins(%bq, %bs : tensor<48x64xf4E2M1FN>, tensor<48x2xf8E8M0FNU>) outs(%eb : tensor<48x64xbf16>) {
  ^bb0(%v: f4E2M1FN, %s: f8E8M0FNU, %o: bf16):
    %y = arith.scaling_extf %v, %s : f4E2M1FN, f8E8M0FNU to bf16
    linalg.yield %y : bf16
  } -> tensor<48x64xbf16>
  %et = tensor.empty() : tensor<64x48xbf16>
  %bt = linalg.transpose ins(%b : tensor<48x64xbf16>) outs(%et : tensor<64x48xbf16>) permutation = [1, 0]
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x48xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x48xf32>) -> tensor<8x48xf32>
  %c = linalg.matmul ins(%a, %bt : tensor<8x64xbf16>, tensor<64x48xbf16>) outs(%init : tensor<8x48xf32>) -> tensor<8x48xf32>
  return %c : tensor<8x48xf32>
}

// -----

// Left as written (the generic path compiles them): B not transposed
// ([K, N], blocked along K, and not a transpose of an [N, K] tensor), a bf16 accumulator (the sum would round at
// every step), an f16 dequantize (not exact: f16's range), and an operand
// that is not dequantized.
// CHECK-LABEL: func.func @not_raised
// CHECK-NOT: mxfp4.scaled_matmul
// CHECK-COUNT-4: linalg.matmul
#mk2 = affine_map<(m, n, k) -> (m, k)>
#nk2 = affine_map<(m, n, k) -> (n, k)>
#mn2 = affine_map<(m, n, k) -> (m, n)>
#id2 = affine_map<(r, k) -> (r, k)>
#blk2 = affine_map<(r, k) -> (r, k floordiv 32)>
func.func @not_raised(%aq: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %bkn: tensor<64x16xbf16>, %x: tensor<16x64xbf16>) -> (tensor<16x16xf32>, tensor<16x16xbf16>, tensor<16x16xf32>, tensor<16x16xf32>) {
  %ea = tensor.empty() : tensor<16x64xbf16>
  %a = linalg.generic {indexing_maps = [#id2, #blk2, #id2], iterator_types = ["parallel", "parallel"]} ins(%aq, %as : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>) outs(%ea : tensor<16x64xbf16>) {
  ^bb0(%v: f4E2M1FN, %s: f8E8M0FNU, %o: bf16):
    %y = arith.scaling_extf %v, %s : f4E2M1FN, f8E8M0FNU to bf16
    linalg.yield %y : bf16
  } -> tensor<16x64xbf16>
  %eh = tensor.empty() : tensor<16x64xf16>
  %ah = linalg.generic {indexing_maps = [#id2, #blk2, #id2], iterator_types = ["parallel", "parallel"]} ins(%aq, %as : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>) outs(%eh : tensor<16x64xf16>) {
  ^bb0(%v: f4E2M1FN, %s: f8E8M0FNU, %o: f16):
    %y = arith.scaling_extf %v, %s : f4E2M1FN, f8E8M0FNU to f16
    linalg.yield %y : f16
  } -> tensor<16x64xf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %c0 = linalg.matmul ins(%a, %bkn : tensor<16x64xbf16>, tensor<64x16xbf16>) outs(%init : tensor<16x16xf32>) -> tensor<16x16xf32>
  %zb = arith.constant 0.0 : bf16
  %eb = tensor.empty() : tensor<16x16xbf16>
  %initb = linalg.fill ins(%zb : bf16) outs(%eb : tensor<16x16xbf16>) -> tensor<16x16xbf16>
  %c1 = linalg.matmul indexing_maps = [#mk2, #nk2, #mn2] ins(%a, %a : tensor<16x64xbf16>, tensor<16x64xbf16>) outs(%initb : tensor<16x16xbf16>) -> tensor<16x16xbf16>
  %c2 = linalg.matmul indexing_maps = [#mk2, #nk2, #mn2] ins(%ah, %ah : tensor<16x64xf16>, tensor<16x64xf16>) outs(%init : tensor<16x16xf32>) -> tensor<16x16xf32>
  %c3 = linalg.matmul indexing_maps = [#mk2, #nk2, #mn2] ins(%a, %x : tensor<16x64xbf16>, tensor<16x64xbf16>) outs(%init : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %c0, %c1, %c2, %c3 : tensor<16x16xf32>, tensor<16x16xbf16>, tensor<16x16xf32>, tensor<16x16xf32>
}

// -----

// MXFP4 quantization with the floor rule, spelled out: block max of |x|
// (linalg.reduce over an expand_shape), truncf(amax * 0.25) to E8M0,
// arith.scaling_truncf by the broadcast scales. It becomes
// mxfp4.quantize mode = floor, and the dequantize that reads the same
// scales reads the quantize's: the GEMM of the two is raised as well.
// CHECK-LABEL: func.func @quantize_floor
// CHECK-SAME: (%[[X:[^:]+]]: tensor<4x64xbf16>, %[[BQ:[^:]+]]: tensor<32x64xf4E2M1FN>, %[[BS:[^:]+]]: tensor<32x2xf8E8M0FNU>)
// CHECK: %[[Q:.+]], %[[S:.+]] = mxfp4.quantize %[[X]] mode = floor : tensor<4x64xbf16> -> tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
// CHECK: %[[C:.+]] = mxfp4.scaled_matmul %[[Q]], %[[S]], %[[BQ]], %[[BS]] : {{.*}} -> tensor<4x32xf32>
// CHECK-NOT: arith.scaling_truncf
// CHECK: return %[[C]]
#id = affine_map<(d0, d1) -> (d0, d1)>
#blk = affine_map<(d0, d1) -> (d0, d1 floordiv 32)>
func.func @quantize_floor(%x: tensor<4x64xbf16>, %bq: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) -> tensor<4x32xf32> {
  %zero = arith.constant 0.0 : f32
  %quarter = arith.constant 0.25 : f32
  %x3 = tensor.expand_shape %x [[0], [1, 2]] output_shape [4, 2, 32] : tensor<4x64xbf16> into tensor<4x2x32xbf16>
  %e = tensor.empty() : tensor<4x2xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  %amax = linalg.reduce ins(%x3 : tensor<4x2x32xbf16>) outs(%init : tensor<4x2xf32>) dimensions = [2]
    (%in: bf16, %acc: f32) {
      %w = arith.extf %in : bf16 to f32
      %a = math.absf %w : f32
      %m = arith.maximumf %a, %acc : f32
      linalg.yield %m : f32
    }
  %se = tensor.empty() : tensor<4x2xf8E8M0FNU>
  %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%amax : tensor<4x2xf32>) outs(%se : tensor<4x2xf8E8M0FNU>) {
  ^bb0(%v: f32, %o: f8E8M0FNU):
    %p = arith.mulf %v, %quarter : f32
    %t = arith.truncf %p : f32 to f8E8M0FNU
    linalg.yield %t : f8E8M0FNU
  } -> tensor<4x2xf8E8M0FNU>
  %be = tensor.empty() : tensor<4x2x32xf8E8M0FNU>
  %b = linalg.broadcast ins(%s : tensor<4x2xf8E8M0FNU>) outs(%be : tensor<4x2x32xf8E8M0FNU>) dimensions = [2]
  %sk = tensor.collapse_shape %b [[0], [1, 2]] : tensor<4x2x32xf8E8M0FNU> into tensor<4x64xf8E8M0FNU>
  %q = arith.scaling_truncf %x, %sk : tensor<4x64xbf16>, tensor<4x64xf8E8M0FNU> to tensor<4x64xf4E2M1FN>
  %a = arith.scaling_extf %q, %sk : tensor<4x64xf4E2M1FN>, tensor<4x64xf8E8M0FNU> to tensor<4x64xbf16>
  %de = tensor.empty() : tensor<32x64xbf16>
  %d = linalg.generic {indexing_maps = [#id, #blk, #id], iterator_types = ["parallel", "parallel"]} ins(%bq, %bs : tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU>) outs(%de : tensor<32x64xbf16>) {
  ^bb0(%v: f4E2M1FN, %sc: f8E8M0FNU, %o: bf16):
    %dv = arith.scaling_extf %v, %sc : f4E2M1FN, f8E8M0FNU to bf16
    linalg.yield %dv : bf16
  } -> tensor<32x64xbf16>
  %ce = tensor.empty() : tensor<4x32xf32>
  %ci = linalg.fill ins(%zero : f32) outs(%ce : tensor<4x32xf32>) -> tensor<4x32xf32>
  %c = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %d : tensor<4x64xbf16>, tensor<32x64xbf16>) outs(%ci : tensor<4x32xf32>) -> tensor<4x32xf32>
  return %c : tensor<4x32xf32>
}

// -----

// Not the floor rule of fp4 (amax * 0.5: another format's largest
// exponent), or a block max that ignores NaN (maxnumf): left as written.
// CHECK-LABEL: func.func @quantize_not_raised
// CHECK-NOT: mxfp4.quantize
// CHECK-COUNT-2: arith.scaling_truncf
#id3 = affine_map<(d0, d1) -> (d0, d1)>
func.func @quantize_not_raised(%x: tensor<4x64xf32>) -> (tensor<4x64xf4E2M1FN>, tensor<4x64xf4E2M1FN>) {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %quarter = arith.constant 0.25 : f32
  %x3 = tensor.expand_shape %x [[0], [1, 2]] output_shape [4, 2, 32] : tensor<4x64xf32> into tensor<4x2x32xf32>
  %e = tensor.empty() : tensor<4x2xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  %amax = linalg.reduce ins(%x3 : tensor<4x2x32xf32>) outs(%init : tensor<4x2xf32>) dimensions = [2]
    (%in: f32, %acc: f32) {
      %a = math.absf %in : f32
      %m = arith.maximumf %a, %acc : f32
      linalg.yield %m : f32
    }
  %amaxnum = linalg.reduce ins(%x3 : tensor<4x2x32xf32>) outs(%init : tensor<4x2xf32>) dimensions = [2]
    (%in: f32, %acc: f32) {
      %a = math.absf %in : f32
      %m = arith.maxnumf %a, %acc : f32
      linalg.yield %m : f32
    }
  %se = tensor.empty() : tensor<4x2xf8E8M0FNU>
  %s = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel"]} ins(%amax : tensor<4x2xf32>) outs(%se : tensor<4x2xf8E8M0FNU>) {
  ^bb0(%v: f32, %o: f8E8M0FNU):
    %p = arith.mulf %v, %half : f32
    %t = arith.truncf %p : f32 to f8E8M0FNU
    linalg.yield %t : f8E8M0FNU
  } -> tensor<4x2xf8E8M0FNU>
  %s2 = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel"]} ins(%amaxnum : tensor<4x2xf32>) outs(%se : tensor<4x2xf8E8M0FNU>) {
  ^bb0(%v: f32, %o: f8E8M0FNU):
    %p = arith.mulf %v, %quarter : f32
    %t = arith.truncf %p : f32 to f8E8M0FNU
    linalg.yield %t : f8E8M0FNU
  } -> tensor<4x2xf8E8M0FNU>
  %be = tensor.empty() : tensor<4x2x32xf8E8M0FNU>
  %b = linalg.broadcast ins(%s : tensor<4x2xf8E8M0FNU>) outs(%be : tensor<4x2x32xf8E8M0FNU>) dimensions = [2]
  %sk = tensor.collapse_shape %b [[0], [1, 2]] : tensor<4x2x32xf8E8M0FNU> into tensor<4x64xf8E8M0FNU>
  %q = arith.scaling_truncf %x, %sk : tensor<4x64xf32>, tensor<4x64xf8E8M0FNU> to tensor<4x64xf4E2M1FN>
  %b2 = linalg.broadcast ins(%s2 : tensor<4x2xf8E8M0FNU>) outs(%be : tensor<4x2x32xf8E8M0FNU>) dimensions = [2]
  %sk2 = tensor.collapse_shape %b2 [[0], [1, 2]] : tensor<4x2x32xf8E8M0FNU> into tensor<4x64xf8E8M0FNU>
  %q2 = arith.scaling_truncf %x, %sk2 : tensor<4x64xf32>, tensor<4x64xf8E8M0FNU> to tensor<4x64xf4E2M1FN>
  return %q, %q2 : tensor<4x64xf4E2M1FN>, tensor<4x64xf4E2M1FN>
}

// -----

// Other MX formats: an fp8 (E4M3) A dequantized to f32 times an fp6 (E3M2)
// B dequantized to bf16 is raised with its formats. An fp8 operand
// dequantized to bf16 is not (bf16 loses fp8's smallest values at the
// smallest scales), so the second contraction stays.
// CHECK-LABEL: func.func @formats
// CHECK-SAME: (%[[AQ:[^:]+]]: tensor<8x64xf8E4M3FN>, %[[AS:[^:]+]]: tensor<8x2xf8E8M0FNU>, %[[BQ:[^:]+]]: tensor<16x64xf6E3M2FN>, %[[BS:[^:]+]]: tensor<16x2xf8E8M0FNU>)
// CHECK: %[[C:.+]] = mxfp4.scaled_matmul %[[AQ]], %[[AS]], %[[BQ]], %[[BS]] : tensor<8x64xf8E4M3FN>, tensor<8x2xf8E8M0FNU>, tensor<16x64xf6E3M2FN>, tensor<16x2xf8E8M0FNU> -> tensor<8x16xf32>
// CHECK: %[[D:.+]] = linalg.matmul
// CHECK: return %[[C]], %[[D]]
#idf = affine_map<(r, k) -> (r, k)>
#blkf = affine_map<(r, k) -> (r, k floordiv 32)>
#mkf = affine_map<(m, n, k) -> (m, k)>
#nkf = affine_map<(m, n, k) -> (n, k)>
#mnf = affine_map<(m, n, k) -> (m, n)>
func.func @formats(%aq: tensor<8x64xf8E4M3FN>, %as: tensor<8x2xf8E8M0FNU>, %bq: tensor<16x64xf6E3M2FN>, %bs: tensor<16x2xf8E8M0FNU>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %ea = tensor.empty() : tensor<8x64xf32>
  %a = linalg.generic {indexing_maps = [#idf, #blkf, #idf], iterator_types = ["parallel", "parallel"]} ins(%aq, %as : tensor<8x64xf8E4M3FN>, tensor<8x2xf8E8M0FNU>) outs(%ea : tensor<8x64xf32>) {
  ^bb0(%v: f8E4M3FN, %s: f8E8M0FNU, %o: f32):
    %x = arith.scaling_extf %v, %s : f8E4M3FN, f8E8M0FNU to f32
    linalg.yield %x : f32
  } -> tensor<8x64xf32>
  %eab = tensor.empty() : tensor<8x64xbf16>
  %ab = linalg.generic {indexing_maps = [#idf, #blkf, #idf], iterator_types = ["parallel", "parallel"]} ins(%aq, %as : tensor<8x64xf8E4M3FN>, tensor<8x2xf8E8M0FNU>) outs(%eab : tensor<8x64xbf16>) {
  ^bb0(%v: f8E4M3FN, %s: f8E8M0FNU, %o: bf16):
    %x = arith.scaling_extf %v, %s : f8E4M3FN, f8E8M0FNU to bf16
    linalg.yield %x : bf16
  } -> tensor<8x64xbf16>
  %eb = tensor.empty() : tensor<16x64xbf16>
  %b = linalg.generic {indexing_maps = [#idf, #blkf, #idf], iterator_types = ["parallel", "parallel"]} ins(%bq, %bs : tensor<16x64xf6E3M2FN>, tensor<16x2xf8E8M0FNU>) outs(%eb : tensor<16x64xbf16>) {
  ^bb0(%v: f6E3M2FN, %s: f8E8M0FNU, %o: bf16):
    %x = arith.scaling_extf %v, %s : f6E3M2FN, f8E8M0FNU to bf16
    linalg.yield %x : bf16
  } -> tensor<16x64xbf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %c = linalg.matmul indexing_maps = [#mkf, #nkf, #mnf] ins(%a, %b : tensor<8x64xf32>, tensor<16x64xbf16>) outs(%init : tensor<8x16xf32>) -> tensor<8x16xf32>
  %d = linalg.matmul indexing_maps = [#mkf, #nkf, #mnf] ins(%ab, %b : tensor<8x64xbf16>, tensor<16x64xbf16>) outs(%init : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %c, %d : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// The floor rule of fp6 E3M2 (emax 4: amax * 0.0625) is raised to a
// quantize to f6E3M2FN; the same rule of fp8 E4M3 (amax * 2^-8) is not:
// truncf to E4M3 overflows to NaN where the quantize saturates.
// CHECK-LABEL: func.func @quantize_formats
// CHECK: mxfp4.quantize %{{.*}} mode = floor : tensor<4x64xf32> -> tensor<4x64xf6E3M2FN>, tensor<4x2xf8E8M0FNU>
// CHECK-NOT: mxfp4.quantize
// CHECK: arith.scaling_truncf {{.*}} to tensor<4x64xf8E4M3FN>
#idq = affine_map<(d0, d1) -> (d0, d1)>
func.func @quantize_formats(%x: tensor<4x64xf32>) -> (tensor<4x64xf6E3M2FN>, tensor<4x64xf8E4M3FN>) {
  %zero = arith.constant 0.0 : f32
  %sixteenth = arith.constant 0.0625 : f32
  %tiny = arith.constant 0.00390625 : f32
  %x3 = tensor.expand_shape %x [[0], [1, 2]] output_shape [4, 2, 32] : tensor<4x64xf32> into tensor<4x2x32xf32>
  %e = tensor.empty() : tensor<4x2xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  %amax = linalg.reduce ins(%x3 : tensor<4x2x32xf32>) outs(%init : tensor<4x2xf32>) dimensions = [2]
    (%in: f32, %acc: f32) {
      %a = math.absf %in : f32
      %m = arith.maximumf %a, %acc : f32
      linalg.yield %m : f32
    }
  %se = tensor.empty() : tensor<4x2xf8E8M0FNU>
  %s6 = linalg.generic {indexing_maps = [#idq, #idq], iterator_types = ["parallel", "parallel"]} ins(%amax : tensor<4x2xf32>) outs(%se : tensor<4x2xf8E8M0FNU>) {
  ^bb0(%v: f32, %o: f8E8M0FNU):
    %p = arith.mulf %v, %sixteenth : f32
    %t = arith.truncf %p : f32 to f8E8M0FNU
    linalg.yield %t : f8E8M0FNU
  } -> tensor<4x2xf8E8M0FNU>
  %s8 = linalg.generic {indexing_maps = [#idq, #idq], iterator_types = ["parallel", "parallel"]} ins(%amax : tensor<4x2xf32>) outs(%se : tensor<4x2xf8E8M0FNU>) {
  ^bb0(%v: f32, %o: f8E8M0FNU):
    %p = arith.mulf %v, %tiny : f32
    %t = arith.truncf %p : f32 to f8E8M0FNU
    linalg.yield %t : f8E8M0FNU
  } -> tensor<4x2xf8E8M0FNU>
  %be = tensor.empty() : tensor<4x2x32xf8E8M0FNU>
  %b6 = linalg.broadcast ins(%s6 : tensor<4x2xf8E8M0FNU>) outs(%be : tensor<4x2x32xf8E8M0FNU>) dimensions = [2]
  %k6 = tensor.collapse_shape %b6 [[0], [1, 2]] : tensor<4x2x32xf8E8M0FNU> into tensor<4x64xf8E8M0FNU>
  %q6 = arith.scaling_truncf %x, %k6 : tensor<4x64xf32>, tensor<4x64xf8E8M0FNU> to tensor<4x64xf6E3M2FN>
  %b8 = linalg.broadcast ins(%s8 : tensor<4x2xf8E8M0FNU>) outs(%be : tensor<4x2x32xf8E8M0FNU>) dimensions = [2]
  %k8 = tensor.collapse_shape %b8 [[0], [1, 2]] : tensor<4x2x32xf8E8M0FNU> into tensor<4x64xf8E8M0FNU>
  %q8 = arith.scaling_truncf %x, %k8 : tensor<4x64xf32>, tensor<4x64xf8E8M0FNU> to tensor<4x64xf8E4M3FN>
  return %q6, %q8 : tensor<4x64xf6E3M2FN>, tensor<4x64xf8E4M3FN>
}
