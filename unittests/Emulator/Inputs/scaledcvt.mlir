// gfx950 scaled conversions: two f32 -> fp4 (into byte 1 of a word that
// starts as 0x11111111), fp4 -> f32 back out of that byte, and f32 -> fp8
// E4M3 into the high half of a word.
// Regenerate: ./lower.sh scaledcvt.mlir scaledcvt.ll
module attributes {gpu.container_module} {
gpu.module @kern [#rocdl.target<chip = "gfx950">] {
  gpu.func @scaledcvt(%xs: memref<128xf32>, %scales: memref<64xf32>,
                      %packed: memref<64xi32>, %back: memref<128xf32>,
                      %fp8: memref<64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %tid = gpu.thread_id x
    %c2 = arith.constant 2 : index
    %off = arith.muli %tid, %c2 : index
    %v = vector.load %xs[%off] : memref<128xf32>, vector<2xf32>
    %s = memref.load %scales[%tid] : memref<64xf32>
    %oldi = arith.constant dense<286331153> : vector<1xi32>
    %old = vector.bitcast %oldi : vector<1xi32> to vector<8xf4E2M1FN>
    %p = amdgpu.packed_scaled_trunc %v into %old[1], %s : vector<2xf32> to vector<8xf4E2M1FN> into vector<8xf4E2M1FN>
    %pi = vector.bitcast %p : vector<8xf4E2M1FN> to vector<1xi32>
    %pe = vector.extract %pi[0] : i32 from vector<1xi32>
    memref.store %pe, %packed[%tid] : memref<64xi32>
    %b = amdgpu.scaled_ext_packed %p[1], %s : vector<8xf4E2M1FN> to vector<2xf32>
    vector.store %b, %back[%off] : memref<128xf32>, vector<2xf32>
    %z8 = arith.constant dense<0> : vector<1xi32>
    %old8 = vector.bitcast %z8 : vector<1xi32> to vector<4xf8E4M3FN>
    %q = amdgpu.packed_scaled_trunc %v into %old8[1], %s : vector<2xf32> to vector<4xf8E4M3FN> into vector<4xf8E4M3FN>
    %qi = vector.bitcast %q : vector<4xf8E4M3FN> to vector<1xi32>
    %qe = vector.extract %qi[0] : i32 from vector<1xi32>
    memref.store %qe, %fp8[%tid] : memref<64xi32>
    gpu.return
  }
}
}
