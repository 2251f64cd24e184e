// Deterministic GEMM inputs for the JIT tests, built by the host program.
// Inputs/expected.py computes the same arrays with numpy and the expected C
// with the reference library; keep the two in step.
//
//   A[i][k]   = ((7 (i - row0) + 3 k + 5 t) mod 13 - 6) * 2^(((i - row0) + k/32 + t) mod 3 - 1)
//   B[r][c]   = (37 r + 11 c + 19 t) mod 256        (fp4x2 bytes, the ABI layout)
//   S[r][c]   = 126 + (5 r + 3 c + t) mod 4          (e8m0: 2^-1 .. 2^2)
//
// Every value is a small dyadic number, so every partial sum of the GEMM is
// exact in f32 and C does not depend on the order of the accumulation:
// the printed bf16 values must equal the reference's bit for bit.
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @fill_a(%a: memref<?x?xbf16>, %t: index, %row0: index) {
    linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]}
        outs(%a : memref<?x?xbf16>) {
    ^bb0(%out: bf16):
      %i0 = linalg.index 0 : index
      %k = linalg.index 1 : index
      %i = arith.subi %i0, %row0 : index
      %c3 = arith.constant 3 : index
      %c5 = arith.constant 5 : index
      %c7 = arith.constant 7 : index
      %c13 = arith.constant 13 : index
      %c32 = arith.constant 32 : index
      %c6 = arith.constant 6 : index
      %i7 = arith.muli %i, %c7 : index
      %k3 = arith.muli %k, %c3 : index
      %t5 = arith.muli %t, %c5 : index
      %s0 = arith.addi %i7, %k3 : index
      %s1 = arith.addi %s0, %t5 : index
      %r = arith.remui %s1, %c13 : index
      %v = arith.subi %r, %c6 : index
      %kb = arith.divui %k, %c32 : index
      %e0 = arith.addi %i, %kb : index
      %e1 = arith.addi %e0, %t : index
      %e = arith.remui %e1, %c3 : index
      %one = arith.constant 1 : index
      %pow = arith.shli %one, %e : index
      %vi = arith.index_cast %v : index to i64
      %pi = arith.index_cast %pow : index to i64
      %vf = arith.sitofp %vi : i64 to f32
      %pf = arith.sitofp %pi : i64 to f32
      %half = arith.constant 0.5 : f32
      %p = arith.mulf %pf, %half : f32
      %x = arith.mulf %vf, %p : f32
      %xb = arith.truncf %x : f32 to bf16
      linalg.yield %xb : bf16
    }
    return
  }

  // mul * r + 11 c + add (mod 256), plus `base` (mod `period`) for scales.
  func.func @fill_bytes(%b: memref<?x?xi8>, %mulr: index, %mulc: index,
                        %add: index, %base: index, %period: index) {
    linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]}
        outs(%b : memref<?x?xi8>) {
    ^bb0(%out: i8):
      %r = linalg.index 0 : index
      %c = linalg.index 1 : index
      %x = arith.muli %r, %mulr : index
      %y = arith.muli %c, %mulc : index
      %s0 = arith.addi %x, %y : index
      %s1 = arith.addi %s0, %add : index
      %m = arith.remui %s1, %period : index
      %v = arith.addi %m, %base : index
      %vi = arith.index_cast %v : index to i64
      %v8 = arith.trunci %vi : i64 to i8
      linalg.yield %v8 : i8
    }
    return
  }

  func.func @fill_b(%b: memref<?x?xi8>, %t: index) {
    %c37 = arith.constant 37 : index
    %c11 = arith.constant 11 : index
    %c19 = arith.constant 19 : index
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %add = arith.muli %t, %c19 : index
    call @fill_bytes(%b, %c37, %c11, %add, %c0, %c256)
        : (memref<?x?xi8>, index, index, index, index, index) -> ()
    return
  }

  func.func @fill_scales(%s: memref<?x?xi8>, %t: index) {
    %c5 = arith.constant 5 : index
    %c3 = arith.constant 3 : index
    %c126 = arith.constant 126 : index
    %c4 = arith.constant 4 : index
    call @fill_bytes(%s, %c5, %c3, %t, %c126, %c4)
        : (memref<?x?xi8>, index, index, index, index, index) -> ()
    return
  }
}
