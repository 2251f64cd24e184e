// Buffer loads: amdgpu.raw_buffer_load (raw.ptr.buffer.load on a V#) and
// loads through a fat_raw_buffer memref (addrspace(7)); lanes 32-63 read
// past num_records (256 bytes) and must get 0.
// Regenerate: ./lower.sh buffer.mlir buffer.ll
module attributes {gpu.container_module} {
gpu.module @kern [#rocdl.target<chip = "gfx950">] {
  gpu.func @buf(%in: memref<64xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %tid = gpu.thread_id x
    %t = arith.index_cast %tid : index to i32
    %c2 = arith.constant 2 : i32
    %i2 = arith.muli %t, %c2 : i32
    %v = amdgpu.raw_buffer_load %in[%i2] : memref<64xf32>, i32 -> f32
    %fat = amdgpu.fat_raw_buffer_cast %in : memref<64xf32> to memref<64xf32, #amdgpu.address_space<fat_raw_buffer>>
    %c1 = arith.constant 1 : index
    %j = arith.addi %tid, %tid : index
    %j1 = arith.addi %j, %c1 : index
    %w = memref.load %fat[%j1] : memref<64xf32, #amdgpu.address_space<fat_raw_buffer>>
    memref.store %v, %out[%tid] : memref<128xf32>
    %c64 = arith.constant 64 : index
    %o2 = arith.addi %tid, %c64 : index
    memref.store %w, %out[%o2] : memref<128xf32>
    gpu.return
  }
}
}
