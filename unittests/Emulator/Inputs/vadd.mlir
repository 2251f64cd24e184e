// Vector add over several work-groups: c[i] = a[i] + 2 * b[i] for the
// 1000 elements (the last work-group is partly past the end and masked).
// Regenerate: ./lower.sh vadd.mlir vadd.ll
module attributes {gpu.container_module} {
gpu.module @kern [#rocdl.target<chip = "gfx950">] {
  gpu.func @vadd(%a: memref<1000xf32>, %b: memref<1000xf32>,
                 %c: memref<1000xf32>, %n: i32) kernel {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %bdim = gpu.block_dim x
    %base = arith.muli %bid, %bdim : index
    %i = arith.addi %base, %tid : index
    %ni = arith.index_cast %n : i32 to index
    %in = arith.cmpi ult, %i, %ni : index
    scf.if %in {
      %x = memref.load %a[%i] : memref<1000xf32>
      %y = memref.load %b[%i] : memref<1000xf32>
      %two = arith.constant 2.0 : f32
      %y2 = arith.mulf %y, %two : f32
      %s = arith.addf %x, %y2 : f32
      memref.store %s, %c[%i] : memref<1000xf32>
    }
    gpu.return
  }
}
}
