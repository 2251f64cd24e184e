// Scaled MFMA 32x32x64 on fp4 operands; output q uses A's scale byte q and
// B's scale byte (q+1)%4. Per-lane operands and scales as in mfma16.mlir.
// Regenerate: ./lower.sh mfma32.mlir mfma32.ll
module attributes {gpu.container_module} {
gpu.module @kern [#rocdl.target<chip = "gfx950">] {
  gpu.func @mfma32(%a: memref<1024xi8>, %b: memref<1024xi8>,
                   %sa: memref<256xi8>, %sb: memref<256xi8>,
                   %c: memref<1024xf32>, %d: memref<4096xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %tid = gpu.thread_id x
    %c16 = arith.constant 16 : index
    %c4 = arith.constant 4 : index
    %c1024 = arith.constant 1024 : index
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
    %acc = vector.load %c[%off] : memref<1024xf32>, vector<16xf32>
    %d0 = amdgpu.scaled_mfma 32x32x64 (%esa[0] * %fa) * (%esb[1] * %fb) + %acc : vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<16xf32>
    %d1 = amdgpu.scaled_mfma 32x32x64 (%esa[1] * %fa) * (%esb[2] * %fb) + %acc : vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<16xf32>
    %d2 = amdgpu.scaled_mfma 32x32x64 (%esa[2] * %fa) * (%esb[3] * %fb) + %acc : vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<16xf32>
    %d3 = amdgpu.scaled_mfma 32x32x64 (%esa[3] * %fa) * (%esb[0] * %fb) + %acc : vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<16xf32>
    %o1 = arith.addi %off, %c1024 : index
    %o2 = arith.addi %o1, %c1024 : index
    %o3 = arith.addi %o2, %c1024 : index
    vector.store %d0, %d[%off] : memref<4096xf32>, vector<16xf32>
    vector.store %d1, %d[%o1] : memref<4096xf32>, vector<16xf32>
    vector.store %d2, %d[%o2] : memref<4096xf32>, vector<16xf32>
    vector.store %d3, %d[%o3] : memref<4096xf32>, vector<16xf32>
    gpu.return
  }
}
}
