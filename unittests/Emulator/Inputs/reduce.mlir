// Work-group sum of 256 values through LDS: a tree over 4 waves with a
// barrier per step, then work-item 0 writes the group's sum.
// Regenerate: ./lower.sh reduce.mlir reduce.ll
module attributes {gpu.container_module} {
gpu.module @kern [#rocdl.target<chip = "gfx950">] {
  gpu.func @reduce(%in: memref<1024xi32>, %out: memref<4xi32>)
      workgroup(%buf: memref<256xi32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %c256 = arith.constant 256 : index
    %base = arith.muli %bid, %c256 : index
    %i = arith.addi %base, %tid : index
    %v = memref.load %in[%i] : memref<1024xi32>
    memref.store %v, %buf[%tid] : memref<256xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %step = %c0 to %c8 step %c1 {
      %c128 = arith.constant 128 : index
      %half = arith.shrui %c128, %step : index
      %active = arith.cmpi ult, %tid, %half : index
      scf.if %active {
        %j = arith.addi %tid, %half : index
        %x = memref.load %buf[%tid] : memref<256xi32, #gpu.address_space<workgroup>>
        %y = memref.load %buf[%j] : memref<256xi32, #gpu.address_space<workgroup>>
        %s = arith.addi %x, %y : i32
        memref.store %s, %buf[%tid] : memref<256xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
    }
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      %r = memref.load %buf[%c0] : memref<256xi32, #gpu.address_space<workgroup>>
      memref.store %r, %out[%bid] : memref<4xi32>
    }
    gpu.return
  }
}
}
