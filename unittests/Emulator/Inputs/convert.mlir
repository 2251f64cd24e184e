// Integer/float conversions and narrow float arithmetic, per lane:
//   out[0..] fptosi(x), fptoui(|x|), sitofp(n), uitofp(n), x -> bf16 -> f32,
//   x -> f16 -> f32, (x as f16) * 3 + 1 in f16, (x as bf16) * (y as bf16),
//   f64(x) / 3 rounded to f32.
// Regenerate: ./lower.sh convert.mlir convert.ll
module attributes {gpu.container_module} {
gpu.module @kern [#rocdl.target<chip = "gfx950">] {
  gpu.func @convert(%xs: memref<64xf32>, %ys: memref<64xf32>,
                    %ns: memref<64xi32>, %ints: memref<128xi32>,
                    %floats: memref<448xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %tid = gpu.thread_id x
    %x = memref.load %xs[%tid] : memref<64xf32>
    %y = memref.load %ys[%tid] : memref<64xf32>
    %n = memref.load %ns[%tid] : memref<64xi32>
    %c64 = arith.constant 64 : index
    %i0 = arith.fptosi %x : f32 to i32
    %ax = math.absf %x : f32
    %i1 = arith.fptoui %ax : f32 to i32
    memref.store %i0, %ints[%tid] : memref<128xi32>
    %t1 = arith.addi %tid, %c64 : index
    memref.store %i1, %ints[%t1] : memref<128xi32>
    %f0 = arith.sitofp %n : i32 to f32
    %f1 = arith.uitofp %n : i32 to f32
    %xb = arith.truncf %x : f32 to bf16
    %f2 = arith.extf %xb : bf16 to f32
    %xh = arith.truncf %x : f32 to f16
    %f3 = arith.extf %xh : f16 to f32
    %h3 = arith.constant 3.0 : f16
    %h1 = arith.constant 1.0 : f16
    %hm = arith.mulf %xh, %h3 : f16
    %ha = arith.addf %hm, %h1 : f16
    %f4 = arith.extf %ha : f16 to f32
    %yb = arith.truncf %y : f32 to bf16
    %bm = arith.mulf %xb, %yb : bf16
    %f5 = arith.extf %bm : bf16 to f32
    %xd = arith.extf %x : f32 to f64
    %d3 = arith.constant 3.0 : f64
    %dq = arith.divf %xd, %d3 : f64
    %f6 = arith.truncf %dq : f64 to f32
    %t2 = arith.addi %t1, %c64 : index
    %t3 = arith.addi %t2, %c64 : index
    %t4 = arith.addi %t3, %c64 : index
    %t5 = arith.addi %t4, %c64 : index
    %t6 = arith.addi %t5, %c64 : index
    memref.store %f0, %floats[%tid] : memref<448xf32>
    memref.store %f1, %floats[%t1] : memref<448xf32>
    memref.store %f2, %floats[%t2] : memref<448xf32>
    memref.store %f3, %floats[%t3] : memref<448xf32>
    memref.store %f4, %floats[%t4] : memref<448xf32>
    memref.store %f5, %floats[%t5] : memref<448xf32>
    memref.store %f6, %floats[%t6] : memref<448xf32>
    gpu.return
  }
}
}
