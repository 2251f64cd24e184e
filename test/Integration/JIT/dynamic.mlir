// Dynamic sizes on the host side: A's 16 rows are a window, at a row offset
// known only at run time, of a buffer with a run-time number of rows (a
// dynamically sized alloc and subview, copied into the static buffer the
// kernel takes); C is a dynamically sized allocation cast to the static
// type. The sizes reach @run as arguments, so the host code keeps them
// dynamic. Expected rows from the reference library.
//
// RUN: fp4-gen gemm -m 16 -n 64 -k 256 | fp4-opt --fp4-lower-to-hsaco > %t.gemm.mlir
// RUN: %fp4_python %S/Inputs/expected.py 16 64 256 --variant 2 > %t.check
// RUN: fp4-runner %s %S/Inputs/gemm-inputs.mlir %t.gemm.mlir -e main \
// RUN:   --entry-point-result=void --shared-libs=%mlir_runner_utils \
// RUN:   | FileCheck %t.check

module {
  func.func private @gemm_16x64x256(memref<16x256xbf16>, memref<64x128xi8>,
                                    memref<256x8xi8>, memref<16x64xbf16>)
  func.func private @fill_a(memref<?x?xbf16>, index, index)
  func.func private @fill_b(memref<?x?xi8>, index)
  func.func private @fill_scales(memref<?x?xi8>, index)
  func.func private @printMemrefBF16(memref<*xbf16>)
      attributes {llvm.emit_c_interface}

  func.func @run(%rows: index, %row0: index, %m: index) {
    %c2 = arith.constant 2 : index
    %k = arith.constant 256 : index
    // A of %rows x 256, filled so that rows %row0 .. %row0+15 are variant 2.
    %all = memref.alloc(%rows, %k) : memref<?x?xbf16>
    call @fill_a(%all, %c2, %row0) : (memref<?x?xbf16>, index, index) -> ()
    %window = memref.subview %all[%row0, 0] [%m, 256] [1, 1]
        : memref<?x?xbf16> to memref<?x256xbf16, strided<[?, 1], offset: ?>>
    %a = memref.alloc() : memref<16x256xbf16>
    %ad = memref.cast %a : memref<16x256xbf16> to memref<?x256xbf16>
    memref.copy %window, %ad
        : memref<?x256xbf16, strided<[?, 1], offset: ?>> to memref<?x256xbf16>
    %b = memref.alloc() : memref<64x128xi8>
    %s = memref.alloc() : memref<256x8xi8>
    %bd = memref.cast %b : memref<64x128xi8> to memref<?x?xi8>
    %sd = memref.cast %s : memref<256x8xi8> to memref<?x?xi8>
    call @fill_b(%bd, %c2) : (memref<?x?xi8>, index) -> ()
    call @fill_scales(%sd, %c2) : (memref<?x?xi8>, index) -> ()
    %cd = memref.alloc(%m) : memref<?x64xbf16>
    %c = memref.cast %cd : memref<?x64xbf16> to memref<16x64xbf16>
    call @gemm_16x64x256(%a, %b, %s, %c)
        : (memref<16x256xbf16>, memref<64x128xi8>, memref<256x8xi8>,
           memref<16x64xbf16>) -> ()
    %u = memref.cast %cd : memref<?x64xbf16> to memref<*xbf16>
    call @printMemrefBF16(%u) : (memref<*xbf16>) -> ()
    memref.dealloc %all : memref<?x?xbf16>
    memref.dealloc %a : memref<16x256xbf16>
    memref.dealloc %b : memref<64x128xi8>
    memref.dealloc %s : memref<256x8xi8>
    memref.dealloc %cd : memref<?x64xbf16>
    return
  }

  func.func @main() {
    %rows = arith.constant 45 : index
    %row0 = arith.constant 23 : index
    %m = arith.constant 16 : index
    call @run(%rows, %row0, %m) : (index, index, index) -> ()
    return
  }
}
