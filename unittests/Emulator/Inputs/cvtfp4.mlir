// gfx950 v_cvt_scalef32_pk_fp4_{bf16,f16,f32}: work-item i converts the
// pairs i of a bf16, an f16 and an f32 buffer with the scale operand whose
// bits are scales[i], into bytes 2, 3 and 0 of a word that starts as
// 0xA5A5A5A5 (byte 1 keeps 0xA5). 8192 work-items, 128 work-groups of 64.
// Regenerate: ./lower.sh cvtfp4.mlir cvtfp4.ll
module attributes {gpu.container_module} {
gpu.module @kern [#rocdl.target<chip = "gfx950">] {
  gpu.func @cvtfp4(%xb: memref<16384xbf16>, %xh: memref<16384xf16>,
                   %xf: memref<16384xf32>, %scales: memref<8192xi32>,
                   %out: memref<8192xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %base = arith.muli %bid, %c64 : index
    %i = arith.addi %base, %tid : index
    %off = arith.muli %i, %c2 : index
    %sb = memref.load %scales[%i] : memref<8192xi32>
    %s = arith.bitcast %sb : i32 to f32
    %oldi = arith.constant dense<-1515870811> : vector<1xi32>
    %old = vector.bitcast %oldi : vector<1xi32> to vector<8xf4E2M1FN>
    %vf = vector.load %xf[%off] : memref<16384xf32>, vector<2xf32>
    %p0 = amdgpu.packed_scaled_trunc %vf into %old[0], %s : vector<2xf32> to vector<8xf4E2M1FN> into vector<8xf4E2M1FN>
    %vb = vector.load %xb[%off] : memref<16384xbf16>, vector<2xbf16>
    %p2 = amdgpu.packed_scaled_trunc %vb into %p0[2], %s : vector<2xbf16> to vector<8xf4E2M1FN> into vector<8xf4E2M1FN>
    %vh = vector.load %xh[%off] : memref<16384xf16>, vector<2xf16>
    %p3 = amdgpu.packed_scaled_trunc %vh into %p2[3], %s : vector<2xf16> to vector<8xf4E2M1FN> into vector<8xf4E2M1FN>
    %pi = vector.bitcast %p3 : vector<8xf4E2M1FN> to vector<1xi32>
    %pe = vector.extract %pi[0] : i32 from vector<1xi32>
    memref.store %pe, %out[%i] : memref<8192xi32>
    gpu.return
  }
}
}
