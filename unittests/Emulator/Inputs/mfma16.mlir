// Scaled MFMA 16x16x128 on fp4 operands, one per scale byte index: output
// q (q = 0..3) is amdgpu.scaled_mfma with A's scale byte q and B's scale
// byte 3-q. Every lane loads its own 16 operand bytes and its own 4 scale
// bytes, so every row, column and K block can have a different scale.
// Regenerate: ./lower.sh mfma16.mlir mfma16.ll
module attributes {gpu.container_module} {
gpu.module @kern [#rocdl.target<chip = "gfx950">] {
  gpu.func @mfma16(%a: memref<1024xi8>, %b: memref<1024xi8>,
                   %sa: memref<256xi8>, %sb: memref<256xi8>,
                   %c: memref<256xf32>, %d: memref<1024xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %tid = gpu.thread_id x
    %c16 = arith.constant 16 : index
    %c4 = arith.constant 4 : index
    %c256 = arith.constant 256 : index
    %off = arith.muli %tid, %c16 : index
    %va = vector.load %a[%off] : memref<1024xi8>, vector<16xi8>
    %vb = vector.load %b[%off] : memref<1024xi8>, vector<16xi8>
    %fa = vector.bitcast %va : vector<16xi8> to vector<32xf4E2M1FN>
    %fb = vector.bitcast %vb : vector<16xi8> to vector<32xf4E2M1FN>
    %soff = arith.muli %tid, %c4 : index
    %vsa = vector.load %sa[%soff] : memref<256xi8>, vector<4xi8>
    %vsb = vector.load %sb[%soff] : memref<256xi8>, vector<4xi8>
    %esa = vector.bitcast %vsa : vector<4xi8> to vector<4xf8E8M0FNU>
    %esb = vector.bitcast %vsb : vector<4xi8> to vector<4xf8E8M0FNU>
    %acc = vector.load %c[%soff] : memref<256xf32>, vector<4xf32>
    %d0 = amdgpu.scaled_mfma 16x16x128 (%esa[0] * %fa) * (%esb[3] * %fb) + %acc : vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<4xf32>
    %d1 = amdgpu.scaled_mfma 16x16x128 (%esa[1] * %fa) * (%esb[2] * %fb) + %acc : vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<4xf32>
    %d2 = amdgpu.scaled_mfma 16x16x128 (%esa[2] * %fa) * (%esb[1] * %fb) + %acc : vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<4xf32>
    %d3 = amdgpu.scaled_mfma 16x16x128 (%esa[3] * %fa) * (%esb[0] * %fb) + %acc : vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<4xf32>
    %o1 = arith.addi %soff, %c256 : index
    %o2 = arith.addi %o1, %c256 : index
    %o3 = arith.addi %o2, %c256 : index
    vector.store %d0, %d[%soff] : memref<1024xf32>, vector<4xf32>
    vector.store %d1, %d[%o1] : memref<1024xf32>, vector<4xf32>
    vector.store %d2, %d[%o2] : memref<1024xf32>, vector<4xf32>
    vector.store %d3, %d[%o3] : memref<1024xf32>, vector<4xf32>
    gpu.return
  }
}
}
