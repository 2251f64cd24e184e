// RUN: fp4-opt %s --pass-pipeline='builtin.module(func.func(fp4-map-kernels-to-gpu))' -split-input-file -verify-diagnostics

func.func @on_tensors(%o: tensor<64xf32>) -> tensor<64xf32> {
  // expected-error @below {{is still on tensors: bufferize first (one-shot-bufferize)}}
  %r = scf.forall (%i) in (1) shared_outs(%s = %o) -> (tensor<64xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %s[0] [64] [1] : tensor<64xf32> into tensor<64xf32>
    }
  } {fp4.workgroup_size = array<i64: 64, 1, 1>, mapping = [#gpu.block<x>]}
  return %r : tensor<64xf32>
}

// -----

func.func @bad_size() {
  // expected-error @below {{needs fp4.workgroup_size = array<i64: x, y, z>}}
  scf.forall (%i) in (4) {
  } {fp4.workgroup_size = array<i64: 64, 1>, mapping = [#gpu.block<x>]}
  return
}

// -----

func.func @same_dim() {
  // expected-error @below {{maps two induction variables to one GPU dimension}}
  scf.forall (%i, %j) in (4, 4) {
  } {fp4.workgroup_size = array<i64: 64, 1, 1>, mapping = [#gpu.block<x>, #gpu.block<x>]}
  return
}

// -----

func.func @too_many_threads(%x: memref<128xf32>) {
  %z = arith.constant 0.0 : f32
  scf.forall (%i) in (1) {
    // expected-error @below {{has 128 iterations along a dimension of 64 work-items}}
    scf.forall (%k) in (128) {
      memref.store %z, %x[%k] : memref<128xf32>
    } {mapping = [#gpu.thread<x>]}
  } {fp4.workgroup_size = array<i64: 64, 1, 1>, mapping = [#gpu.block<x>]}
  return
}

// -----

func.func @split_k_and_z() {
  // expected-error @below {{maps a loop to z and has fp4.workgroups_per_iteration}}
  scf.forall (%i) in (4) {
  } {fp4.workgroup_size = array<i64: 64, 1, 1>, fp4.workgroups_per_iteration = 2 : i64, mapping = [#gpu.block<z>]}
  return
}

// -----

func.func @not_gpu() {
  // expected-error @below {{needs one GPU mapping per induction variable}}
  scf.forall (%i) in (4) {
  } {fp4.workgroup_size = array<i64: 64, 1, 1>}
  return
}

// -----

// A host forall (no kernel attribute) on tensors.
func.func @host_on_tensors(%o: tensor<64xf32>) -> tensor<64xf32> {
  // expected-error @below {{is still on tensors: bufferize first (one-shot-bufferize)}}
  %r = scf.forall (%i) in (2) shared_outs(%s = %o) -> (tensor<64xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %s[0] [64] [1] : tensor<64xf32> into tensor<64xf32>
    }
  }
  return %r : tensor<64xf32>
}
