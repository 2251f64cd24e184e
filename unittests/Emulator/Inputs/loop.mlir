// A loop whose trip count differs per lane (divergent back edges, phis):
// out[i] = number of Collatz steps of (i + 1) and the largest value seen.
// Regenerate: ./lower.sh loop.mlir loop.ll
module attributes {gpu.container_module} {
gpu.module @kern [#rocdl.target<chip = "gfx950">] {
  gpu.func @collatz(%steps: memref<128xi32>, %peak: memref<128xi32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tid = gpu.thread_id x
    %t = arith.index_cast %tid : index to i32
    %c1 = arith.constant 1 : i32
    %c0 = arith.constant 0 : i32
    %n0 = arith.addi %t, %c1 : i32
    %r:3 = scf.while (%n = %n0, %k = %c0, %m = %n0) : (i32, i32, i32) -> (i32, i32, i32) {
      %go = arith.cmpi ne, %n, %c1 : i32
      scf.condition(%go) %n, %k, %m : i32, i32, i32
    } do {
    ^bb0(%n: i32, %k: i32, %m: i32):
      %c2 = arith.constant 2 : i32
      %c3 = arith.constant 3 : i32
      %rem = arith.remui %n, %c2 : i32
      %odd = arith.cmpi ne, %rem, %c0 : i32
      %next = scf.if %odd -> i32 {
        %a = arith.muli %n, %c3 : i32
        %b = arith.addi %a, %c1 : i32
        scf.yield %b : i32
      } else {
        %h = arith.divui %n, %c2 : i32
        scf.yield %h : i32
      }
      %k1 = arith.addi %k, %c1 : i32
      %m1 = arith.maxui %m, %next : i32
      scf.yield %next, %k1, %m1 : i32, i32, i32
    }
    memref.store %r#1, %steps[%tid] : memref<128xi32>
    memref.store %r#2, %peak[%tid] : memref<128xi32>
    gpu.return
  }
}
}
