// RUN: fp4-opt %s --pass-pipeline='builtin.module(func.func(fp4-map-kernels-to-gpu),canonicalize)' -split-input-file | FileCheck %s

// A GEMM kernel loop: the grid is the trip count along each mapped
// dimension (a run-time M gives a run-time grid), the block the
// fp4.workgroup_size; induction variables become block id times step.
// CHECK-LABEL: func.func @gemm_loop
// CHECK-SAME: (%[[M:.+]]: index, %[[C:.+]]: memref<?x128xf32>)
// CHECK-DAG: %[[C256:.+]] = arith.constant 256 : index
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK: %[[GY:.+]] = arith.ceildivui %[[M]], %c16
// CHECK: gpu.launch blocks(%[[BX:.+]], %[[BY:.+]], %{{.+}}) in (%{{.+}} = %[[C2]], %{{.+}} = %[[GY]], %{{.+}} = %[[C1]]) threads({{.*}}) in (%{{.+}} = %[[C256]], %{{.+}} = %[[C1]], %{{.+}} = %[[C1]])
// CHECK: %[[I:.+]] = arith.muli %[[BY]], %c16
// CHECK: %[[J:.+]] = arith.muli %[[BX]], %c64
// CHECK: memref.subview %[[C]][%[[I]], %[[J]]]
// CHECK: gpu.terminator
func.func @gemm_loop(%m: index, %c: memref<?x128xf32>) {
  %z = arith.constant 0.0 : f32
  scf.forall (%i, %j) = (0, 0) to (%m, 128) step (16, 64) {
    %t = memref.subview %c[%i, %j] [16, 64] [1, 1] : memref<?x128xf32> to memref<16x64xf32, strided<[128, 1], offset: ?>>
    linalg.fill ins(%z : f32) outs(%t : memref<16x64xf32, strided<[128, 1], offset: ?>>)
  } {fp4.workgroup_size = array<i64: 256, 1, 1>, mapping = [#gpu.block<y>, #gpu.block<x>]}
  return
}

// -----

// Split-K: fp4.workgroups_per_iteration work-groups per iteration, along z.
// CHECK-LABEL: func.func @split_k
// CHECK: %[[C3:.+]] = arith.constant 3 : index
// CHECK: gpu.launch blocks({{.*}}) in (%{{.+}} = %c1, %{{.+}} = %c4, %{{.+}} = %[[C3]])
func.func @split_k(%c: memref<64x64xf32>) {
  %z = arith.constant 0.0 : f32
  scf.forall (%i) = (0) to (64) step (16) {
    %t = memref.subview %c[%i, 0] [16, 64] [1, 1] : memref<64x64xf32> to memref<16x64xf32, strided<[64, 1], offset: ?>>
    linalg.fill ins(%z : f32) outs(%t : memref<16x64xf32, strided<[64, 1], offset: ?>>)
  } {fp4.workgroup_size = array<i64: 256, 1, 1>, fp4.workgroups_per_iteration = 3 : i64, mapping = [#gpu.block<y>]}
  return
}

// -----

// A thread loop: thread id times step, under a guard for a tail tile with
// fewer iterations than work-items.
// CHECK-LABEL: func.func @threads
// CHECK: gpu.launch blocks({{.*}}) threads(%[[TX:.+]], %{{.+}}, %{{.+}}) in
// CHECK: %[[N:.+]] = affine.min
// CHECK: %[[IN:.+]] = arith.cmpi slt, %[[TX]], %[[N]]
// CHECK: scf.if %[[IN]] {
// CHECK: memref.store %{{.+}}, %{{.+}}[%[[TX]]]
// CHECK: gpu.terminator
func.func @threads(%x: memref<100xf32>) {
  %z = arith.constant 0.0 : f32
  scf.forall (%i) = (0) to (100) step (64) {
    %n = affine.min affine_map<(d0) -> (-d0 + 100, 64)>(%i)
    %t = memref.subview %x[%i] [%n] [1] : memref<100xf32> to memref<?xf32, strided<[1], offset: ?>>
    scf.forall (%k) in (%n) {
      memref.store %z, %t[%k] : memref<?xf32, strided<[1], offset: ?>>
    } {mapping = [#gpu.thread<x>]}
  } {fp4.workgroup_size = array<i64: 64, 1, 1>, mapping = [#gpu.block<x>]}
  return
}

// -----

// A forall on the host (here: reduction tiling's loop over slices of K)
// becomes an scf.for around the kernels it holds; the kernel loop inside is
// a gpu.launch as anywhere else.
// CHECK-LABEL: func.func @host_forall
// CHECK-NOT: scf.forall
// CHECK: scf.for %[[S:.+]] = %c0 to %c4 step %c1 {
// CHECK: memref.subview %{{.+}}[%[[S]], 0, 0] [1, 16, 64]
// CHECK: gpu.launch
// CHECK: gpu.terminator
func.func @host_forall(%p: memref<4x16x64xf32>) {
  %z = arith.constant 0.0 : f32
  scf.forall (%s) in (4) {
    %slice = memref.subview %p[%s, 0, 0] [1, 16, 64] [1, 1, 1] : memref<4x16x64xf32> to memref<16x64xf32, strided<[64, 1], offset: ?>>
    scf.forall (%j) = (0) to (64) step (32) {
      %t = memref.subview %slice[0, %j] [16, 32] [1, 1] : memref<16x64xf32, strided<[64, 1], offset: ?>> to memref<16x32xf32, strided<[64, 1], offset: ?>>
      linalg.fill ins(%z : f32) outs(%t : memref<16x32xf32, strided<[64, 1], offset: ?>>)
    } {fp4.workgroup_size = array<i64: 64, 1, 1>, mapping = [#gpu.block<x>]}
  }
  return
}
