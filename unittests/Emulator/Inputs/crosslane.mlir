// Cross-lane operations: gpu.shuffle (idx and xor, lowered to
// ds_bpermute / ds_swizzle) and rocdl.readfirstlane.
// Regenerate: ./lower.sh crosslane.mlir crosslane.ll
module attributes {gpu.container_module} {
gpu.module @kern [#rocdl.target<chip = "gfx950">] {
  gpu.func @crosslane(%in: memref<128xi32>, %src: memref<128xi32>,
                      %out: memref<512xi32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tid = gpu.thread_id x
    %v = memref.load %in[%tid] : memref<128xi32>
    %s = memref.load %src[%tid] : memref<128xi32>
    %w = arith.constant 64 : i32
    %x1, %ok1 = gpu.shuffle idx %v, %s, %w : i32
    %c5 = arith.constant 5 : i32
    %x2, %ok2 = gpu.shuffle xor %v, %c5, %w : i32
    %x3 = rocdl.readfirstlane %v : i32
    %c1 = arith.constant 1 : i32
    %x4, %ok4 = gpu.shuffle down %v, %c1, %w : i32
    %c128 = arith.constant 128 : index
    %o1 = arith.addi %tid, %c128 : index
    %o2 = arith.addi %o1, %c128 : index
    %o3 = arith.addi %o2, %c128 : index
    memref.store %x1, %out[%tid] : memref<512xi32>
    memref.store %x2, %out[%o1] : memref<512xi32>
    memref.store %x3, %out[%o2] : memref<512xi32>
    memref.store %x4, %out[%o3] : memref<512xi32>
    gpu.return
  }
}
}
