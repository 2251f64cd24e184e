// RUN: fp4-opt %s --pass-pipeline='builtin.module(func.func(fp4-form-generic-kernels),canonicalize)' -split-input-file | FileCheck %s

// A row reduction: one work-item per row (64 rows per work-group, x), each
// looping over its 512 columns; the fill of the accumulator is a kernel of
// its own.
// CHECK-LABEL: func.func @row_sum
// CHECK: %[[FILL:.+]] = scf.forall (%[[I:.+]]) = (0) to (100) step (64)
// CHECK: scf.forall (%{{.+}}) in (%{{.+}})
// CHECK: linalg.fill {{.*}} -> tensor<1xf32>
// CHECK: } {mapping = [#gpu.thread<x>]}
// CHECK: } {fp4.workgroup_size = array<i64: 64, 1, 1>, mapping = [#gpu.block<x>]}
// CHECK: scf.forall (%[[I:.+]]) = (0) to (100) step (64) shared_outs(%{{.+}} = %[[FILL]])
// CHECK: tensor.extract_slice %{{.+}}[%[[I]], 0] [%{{.+}}, 512] [1, 1]
// CHECK: scf.forall
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%{{.+}} : tensor<1x512xf32>) outs(%{{.+}} : tensor<1xf32>)
// CHECK: } {mapping = [#gpu.thread<x>]}
// CHECK: } {fp4.workgroup_size = array<i64: 64, 1, 1>, mapping = [#gpu.block<x>]}
func.func @row_sum(%x: tensor<100x512xf32>) -> tensor<100xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<100xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<100xf32>) -> tensor<100xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<100x512xf32>) outs(%acc : tensor<100xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<100xf32>
  return %r : tensor<100xf32>
}

// -----

// Elementwise on a dynamic number of rows: 4 x 64 elements per
// work-group (y, x), one per work-item; the grid follows the run-time size.
// CHECK-LABEL: func.func @add
// CHECK: %[[M:.+]] = tensor.dim
// CHECK: scf.forall (%{{.+}}, %{{.+}}) = (0, 0) to (%[[M]], 96) step (4, 64)
// CHECK: scf.forall (%{{.+}}, %{{.+}}) in (%{{.+}}, %{{.+}})
// CHECK: linalg.generic
// CHECK: } -> tensor<1x1xf32>
// CHECK: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// CHECK: } {fp4.workgroup_size = array<i64: 64, 4, 1>, mapping = [#gpu.block<y>, #gpu.block<x>]}
#id = affine_map<(i, j) -> (i, j)>
func.func @add(%x: tensor<?x96xf32>, %y: tensor<?x96xf32>, %o: tensor<?x96xf32>) -> tensor<?x96xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<?x96xf32>, tensor<?x96xf32>) outs(%o : tensor<?x96xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<?x96xf32>
  return %r : tensor<?x96xf32>
}

// -----

// No parallel dimension: one work-group of one work-item.
// CHECK-LABEL: func.func @total
// CHECK: scf.forall (%{{.+}}) in (1)
// CHECK: scf.forall (%{{.+}}) in (1)
// CHECK: linalg.reduce
// CHECK: } {mapping = [#gpu.thread<x>]}
// CHECK: } {fp4.workgroup_size = array<i64: 1, 1, 1>, mapping = [#gpu.block<x>]}
func.func @total(%x: tensor<64xf32>, %acc: tensor<f32>) -> tensor<f32> {
  %r = linalg.reduce ins(%x : tensor<64xf32>) outs(%acc : tensor<f32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %r : tensor<f32>
}

// -----

// linalg.softmax is decomposed into the generics it stands for (max, sum
// of exponentials, division), each a kernel; a 3-D op maps its leading
// parallel dimension to z.
// CHECK-LABEL: func.func @softmax
// CHECK-NOT: linalg.softmax
// CHECK: scf.forall ({{.*}}) = (0, 0, 0) to (2, 16, 8) step (1, 4, 64)
// CHECK: math.exp
// CHECK: } {fp4.workgroup_size = array<i64: 64, 4, 1>, mapping = [#gpu.block<z>, #gpu.block<y>, #gpu.block<x>]}
func.func @softmax(%x: tensor<2x16x8xf32>, %o: tensor<2x16x8xf32>) -> tensor<2x16x8xf32> {
  %r = linalg.softmax dimension(2) ins(%x : tensor<2x16x8xf32>) outs(%o : tensor<2x16x8xf32>) -> tensor<2x16x8xf32>
  return %r : tensor<2x16x8xf32>
}

// -----

// An op already in a kernel loop is left alone; a concatenation becomes
// inserts (copies on the host), not a kernel.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: tensor.concat
// CHECK: tensor.insert_slice
// CHECK: tensor.insert_slice
// CHECK: scf.forall (
// CHECK-NOT: scf.forall (
// CHECK: } {fp4.workgroup_size = array<i64: 64, 1, 1>, mapping = [#gpu.block<x>]}
// CHECK-NEXT: return
func.func @left_alone(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %o: tensor<64xf32>) -> (tensor<4x16xf32>, tensor<64xf32>) {
  %c = tensor.concat dim(1) %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x16xf32>
  %r = scf.forall (%i) in (1) shared_outs(%s = %o) -> (tensor<64xf32>) {
    %z = arith.constant 0.0 : f32
    %f = linalg.fill ins(%z : f32) outs(%s : tensor<64xf32>) -> tensor<64xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %f into %s[0] [64] [1] : tensor<64xf32> into tensor<64xf32>
    }
  } {fp4.workgroup_size = array<i64: 64, 1, 1>, mapping = [#gpu.block<x>]}
  return %c, %r : tensor<4x16xf32>, tensor<64xf32>
}
