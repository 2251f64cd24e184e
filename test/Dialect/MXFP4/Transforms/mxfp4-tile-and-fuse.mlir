// RUN: fp4-opt %s --pass-pipeline='builtin.module(func.func(mxfp4-tile-and-fuse))' --split-input-file | FileCheck %s
// RUN: fp4-opt %s --pass-pipeline='builtin.module(func.func(mxfp4-tile-and-fuse{skip-gemm-functions}))' --split-input-file | FileCheck %s --check-prefix=SKIP

#cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>

// The epilogue is the root: the loop computes tiles of the bias + SiLU
// output; the GEMM, A's quantize and the bias slice are fused into it.
// CHECK-LABEL: func.func @bias_silu
// CHECK-SAME: (%[[A:.+]]: tensor<40x256xbf16>, %[[B:.+]]: tensor<128x256xf4E2M1FN>, %[[BS:.+]]: tensor<128x8xf8E8M0FNU>, %[[BIAS:.+]]: tensor<128xf32>)
// CHECK: %[[E:.+]] = tensor.empty() : tensor<40x128xbf16>
// CHECK: %[[R:.+]] = scf.forall (%[[I:.+]], %[[J:.+]]) = (0, 0) to (40, 128) step (16, 64) shared_outs(%[[O:.+]] = %[[E]])
// CHECK:   %[[SZ:.+]] = affine.min
// CHECK:   %[[AT:.+]] = tensor.extract_slice %[[A]][%[[I]], 0] [%[[SZ]], 256] [1, 1]
// CHECK:   %[[Q:.+]], %[[S:.+]] = mxfp4.quantize %[[AT]] : tensor<?x256xbf16>
// CHECK:   %[[BT:.+]] = tensor.extract_slice %[[B]][%[[J]], 0] [64, 256] [1, 1]
// CHECK:   %[[BST:.+]] = tensor.extract_slice %[[BS]][%[[J]], 0] [64, 8] [1, 1]
// CHECK:   %[[C:.+]] = mxfp4.scaled_matmul %[[Q]], %[[S]], %[[BT]], %[[BST]] config({{.*}}) : {{.*}} -> tensor<?x64xf32>
// CHECK:   %[[BIAST:.+]] = tensor.extract_slice %[[BIAS]][%[[J]]] [64] [1]
// CHECK:   %[[OT:.+]] = tensor.extract_slice %[[O]][%[[I]], %[[J]]] [%[[SZ]], 64]
// CHECK:   %[[G:.+]] = linalg.generic {{.*}} ins(%[[C]], %[[BIAST]] : tensor<?x64xf32>, tensor<64xf32>) outs(%[[OT]] : tensor<?x64xbf16>)
// CHECK:     math.exp
// CHECK:   tensor.parallel_insert_slice %[[G]] into %[[O]][%[[I]], %[[J]]] [%[[SZ]], 64] [1, 1]
// CHECK: } {mapping = [#gpu.block<y>, #gpu.block<x>]}
// CHECK: return %[[R]]
func.func @bias_silu(%a: tensor<40x256xbf16>, %b: tensor<128x256xf4E2M1FN>, %bs: tensor<128x8xf8E8M0FNU>, %bias: tensor<128xf32>) -> tensor<40x128xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<40x256xbf16> -> tensor<40x256xf4E2M1FN>, tensor<40x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg) : tensor<40x256xf4E2M1FN>, tensor<40x8xf8E8M0FNU>, tensor<128x256xf4E2M1FN>, tensor<128x8xf8E8M0FNU> -> tensor<40x128xf32>
  %e = tensor.empty() : tensor<40x128xbf16>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%c, %bias : tensor<40x128xf32>, tensor<128xf32>) outs(%e : tensor<40x128xbf16>) {
  ^bb0(%x: f32, %y: f32, %o: bf16):
    %z = arith.addf %x, %y : f32
    %n = arith.negf %z : f32
    %ex = math.exp %n : f32
    %one = arith.constant 1.0 : f32
    %d = arith.addf %one, %ex : f32
    %si = arith.divf %z, %d : f32
    %t = arith.truncf %si : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<40x128xbf16>
  return %r : tensor<40x128xbf16>
}

// -----

#cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>

// Gate and up projections share one quantized A: each loop quantizes its
// own tile of A, and the untiled quantize is gone.
// CHECK-LABEL: func.func @two_gemms
// CHECK-NOT: mxfp4.quantize %arg0
// CHECK: scf.forall
// CHECK:   mxfp4.quantize
// CHECK:   mxfp4.scaled_matmul
// CHECK: } {mapping = [#gpu.block<y>, #gpu.block<x>]}
// CHECK: scf.forall
// CHECK:   mxfp4.quantize
// CHECK:   mxfp4.scaled_matmul
// CHECK: } {mapping = [#gpu.block<y>, #gpu.block<x>]}
func.func @two_gemms(%a: tensor<16x256xbf16>, %b0: tensor<64x256xf4E2M1FN>, %bs0: tensor<64x8xf8E8M0FNU>, %b1: tensor<64x256xf4E2M1FN>, %bs1: tensor<64x8xf8E8M0FNU>) -> (tensor<16x64xbf16>, tensor<16x64xbf16>) {
  %q, %s = mxfp4.quantize %a : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %c0 = mxfp4.scaled_matmul %q, %s, %b0, %bs0 config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xbf16>
  %c1 = mxfp4.scaled_matmul %q, %s, %b1, %bs1 config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xbf16>
  return %c0, %c1 : tensor<16x64xbf16>, tensor<16x64xbf16>
}

// -----

#cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>

// A dynamic M: the loop runs to the run-time size; tiles at the end are
// smaller (affine.min).
// CHECK-LABEL: func.func @dynamic_m
// CHECK-NOT: mxfp4.quantize %arg0
// CHECK: tensor.dim %arg0, %c0 : tensor<?x256xbf16>
// CHECK: scf.forall (%[[I:.+]], %[[J:.+]]) = (0, 0) to (%{{.+}}, 64) step (16, 64)
// CHECK:   affine.min
// CHECK:   mxfp4.quantize {{.*}} : tensor<?x256xbf16>
// CHECK:   mxfp4.scaled_matmul {{.*}} -> tensor<?x64xbf16>
func.func @dynamic_m(%a: tensor<?x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> tensor<?x64xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<?x256xbf16> -> tensor<?x256xf4E2M1FN>, tensor<?x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg) : tensor<?x256xf4E2M1FN>, tensor<?x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<?x64xbf16>
  return %c : tensor<?x64xbf16>
}

// -----

#cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>

// A arrives as f32 and is truncated to bf16 before it is quantized: the
// truncation is fused as a producer of the quantize.
// CHECK-LABEL: func.func @truncf_producer
// CHECK: scf.forall
// CHECK:   %[[AT:.+]] = tensor.extract_slice %arg0{{.*}} : tensor<16x256xf32> to tensor<16x256xf32>
// CHECK:   %[[T:.+]] = linalg.generic {{.*}} ins(%[[AT]] : tensor<16x256xf32>)
// CHECK:     arith.truncf
// CHECK:   mxfp4.quantize %[[T]] : tensor<16x256xbf16>
func.func @truncf_producer(%a: tensor<16x256xf32>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> tensor<16x64xbf16> {
  %e = tensor.empty() : tensor<16x256xbf16>
  %t = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<16x256xf32>) outs(%e : tensor<16x256xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %y = arith.truncf %x : f32 to bf16
    linalg.yield %y : bf16
  } -> tensor<16x256xbf16>
  %q, %s = mxfp4.quantize %t : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xbf16>
  return %c : tensor<16x64xbf16>
}

// -----

#cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>

// A GEMM in a host loop is tiled where it is.
// CHECK-LABEL: func.func @in_loop
// CHECK: scf.for
// CHECK:   scf.forall
// CHECK:     mxfp4.scaled_matmul
// CHECK:   } {mapping = [#gpu.block<y>, #gpu.block<x>]}
// CHECK:   scf.yield
func.func @in_loop(%a: tensor<16x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>, %n: index) -> tensor<16x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x64xf32>) -> tensor<16x64xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> tensor<16x64xf32> {
    %q, %s = mxfp4.quantize %a : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xf32>
    %sum = arith.addf %acc, %c : tensor<16x64xf32>
    scf.yield %sum : tensor<16x64xf32>
  }
  return %r : tensor<16x64xf32>
}

// -----

#cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>

// A batch sharing B is one GEMM over batch x M rows: the collapse moves
// above A's quantize, the result is expanded back.
// CHECK-LABEL: func.func @batched
// CHECK: %[[FLAT:.+]] = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : tensor<3x20x256xbf16> into tensor<60x256xbf16>
// CHECK: %[[R:.+]] = scf.forall (%{{.+}}, %{{.+}}) = (0, 0) to (60, 64) step (16, 64)
// CHECK:   tensor.extract_slice %[[FLAT]]
// CHECK:   mxfp4.quantize
// CHECK:   mxfp4.scaled_matmul
// CHECK: tensor.expand_shape %[[R]] {{\[\[}}0, 1], [2]] output_shape [3, 20, 64] : tensor<60x64xbf16> into tensor<3x20x64xbf16>
func.func @batched(%a: tensor<3x20x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> tensor<3x20x64xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<3x20x256xbf16> -> tensor<3x20x256xf4E2M1FN>, tensor<3x20x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg) : tensor<3x20x256xf4E2M1FN>, tensor<3x20x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<3x20x64xbf16>
  return %c : tensor<3x20x64xbf16>
}

// -----

// A GEMM function is left whole with skip-gemm-functions.
// CHECK-LABEL: func.func @gemm_function
// CHECK: scf.forall
// SKIP-LABEL: func.func @gemm_function
// SKIP-NOT: scf.forall
// SKIP: mxfp4.scaled_matmul
// SKIP-NOT: scf.forall
func.func @gemm_function(%a: tensor<16x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> tensor<16x64xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xbf16>
  return %c : tensor<16x64xbf16>
}

// -----

// A quantize no GEMM takes is tiled by rows on its own: 256 / (288 / 32)
// = 28 rows per work-group, K whole.
// CHECK-LABEL: func.func @lone_quantize
// SKIP-LABEL: func.func @lone_quantize
// CHECK: %[[R:.+]]:2 = scf.forall (%[[I:.+]]) = (0) to (37) step (28) shared_outs
// CHECK:   %[[X:.+]] = tensor.extract_slice %arg0[%[[I]], 0] [%{{.+}}, 288] [1, 1]
// CHECK:   mxfp4.quantize %[[X]] : tensor<?x288xbf16>
// CHECK: } {mapping = [#gpu.block<x>]}
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @lone_quantize(%x: tensor<37x288xbf16>) -> (tensor<37x288xf4E2M1FN>, tensor<37x9xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %x : tensor<37x288xbf16> -> tensor<37x288xf4E2M1FN>, tensor<37x9xf8E8M0FNU>
  return %q, %s : tensor<37x288xf4E2M1FN>, tensor<37x9xf8E8M0FNU>
}
