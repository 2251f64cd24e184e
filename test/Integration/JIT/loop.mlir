// Two launches from a host loop: scf.for calls the compiled GEMM on a new
// set of inputs in each iteration and prints C each time; the same device
// module serves both launches. Expected rows from the reference library.
//
// RUN: fp4-gen gemm -m 16 -n 64 -k 256 | fp4-opt --fp4-lower-to-hsaco > %t.gemm.mlir
// RUN: %fp4_python %S/Inputs/expected.py 16 64 256 --variant 0 --prefix CHECK > %t.check
// RUN: %fp4_python %S/Inputs/expected.py 16 64 256 --variant 1 --prefix CHECK >> %t.check
// RUN: fp4-runner %s %S/Inputs/gemm-inputs.mlir %t.gemm.mlir -e main \
// RUN:   --entry-point-result=void --shared-libs=%mlir_runner_utils \
// RUN:   --print-launches 2> %t.err | FileCheck %t.check
// RUN: FileCheck %s --check-prefix=LAUNCH < %t.err

// LAUNCH-COUNT-2: launch gemm_16x64x256_kernel: grid {{.*}} MFMAs)
// LAUNCH-NOT: launch

module {
  func.func private @gemm_16x64x256(memref<16x256xbf16>, memref<64x128xi8>,
                                    memref<256x8xi8>, memref<16x64xbf16>)
  func.func private @fill_a(memref<?x?xbf16>, index, index)
  func.func private @fill_b(memref<?x?xi8>, index)
  func.func private @fill_scales(memref<?x?xi8>, index)
  func.func private @printMemrefBF16(memref<*xbf16>)
      attributes {llvm.emit_c_interface}

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %a = memref.alloc() : memref<16x256xbf16>
    %b = memref.alloc() : memref<64x128xi8>
    %s = memref.alloc() : memref<256x8xi8>
    %ad = memref.cast %a : memref<16x256xbf16> to memref<?x?xbf16>
    %bd = memref.cast %b : memref<64x128xi8> to memref<?x?xi8>
    %sd = memref.cast %s : memref<256x8xi8> to memref<?x?xi8>
    scf.for %t = %c0 to %c2 step %c1 {
      // A fresh output buffer per iteration: freed and allocated again.
      %c = memref.alloc() : memref<16x64xbf16>
      func.call @fill_a(%ad, %t, %c0) : (memref<?x?xbf16>, index, index) -> ()
      func.call @fill_b(%bd, %t) : (memref<?x?xi8>, index) -> ()
      func.call @fill_scales(%sd, %t) : (memref<?x?xi8>, index) -> ()
      func.call @gemm_16x64x256(%a, %b, %s, %c)
          : (memref<16x256xbf16>, memref<64x128xi8>, memref<256x8xi8>,
             memref<16x64xbf16>) -> ()
      %u = memref.cast %c : memref<16x64xbf16> to memref<*xbf16>
      func.call @printMemrefBF16(%u) : (memref<*xbf16>) -> ()
      memref.dealloc %c : memref<16x64xbf16>
    }
    memref.dealloc %a : memref<16x256xbf16>
    memref.dealloc %b : memref<64x128xi8>
    memref.dealloc %s : memref<256x8xi8>
    return
  }
}
