// Device memory from the host program: gpu.alloc, gpu.memcpy both ways,
// gpu.memset, gpu.dealloc, with async tokens and a stream (gpu.wait), the
// compiled GEMM called on the device buffers. The runtime's streams are
// synchronous; the result must not depend on that. Expected rows from the
// reference library.
//
// RUN: fp4-gen gemm -m 16 -n 64 -k 256 | fp4-opt --fp4-lower-to-hsaco > %t.gemm.mlir
// RUN: %fp4_python %S/Inputs/expected.py 16 64 256 --variant 4 > %t.check
// RUN: fp4-runner %s %S/Inputs/gemm-inputs.mlir %t.gemm.mlir -e main \
// RUN:   --entry-point-result=void --shared-libs=%mlir_runner_utils \
// RUN:   | FileCheck %t.check

module attributes {gpu.container_module} {
  func.func private @gemm_16x64x256(memref<16x256xbf16>, memref<64x128xi8>,
                                    memref<256x8xi8>, memref<16x64xbf16>)
  func.func private @fill_a(memref<?x?xbf16>, index, index)
  func.func private @fill_b(memref<?x?xi8>, index)
  func.func private @fill_scales(memref<?x?xi8>, index)
  func.func private @printMemrefBF16(memref<*xbf16>)
      attributes {llvm.emit_c_interface}

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %a = memref.alloc() : memref<16x256xbf16>
    %b = memref.alloc() : memref<64x128xi8>
    %s = memref.alloc() : memref<256x8xi8>
    %c = memref.alloc() : memref<16x64xbf16>
    %ad = memref.cast %a : memref<16x256xbf16> to memref<?x?xbf16>
    %bd = memref.cast %b : memref<64x128xi8> to memref<?x?xi8>
    %sd = memref.cast %s : memref<256x8xi8> to memref<?x?xi8>
    call @fill_a(%ad, %c4, %c0) : (memref<?x?xbf16>, index, index) -> ()
    call @fill_b(%bd, %c4) : (memref<?x?xi8>, index) -> ()
    call @fill_scales(%sd, %c4) : (memref<?x?xi8>, index) -> ()

    %t0 = gpu.wait async
    %da, %t1 = gpu.alloc async [%t0] () : memref<16x256xbf16>
    %db, %t2 = gpu.alloc async [%t1] () : memref<64x128xi8>
    %ds, %t3 = gpu.alloc async [%t2] () : memref<256x8xi8>
    %dc, %t4 = gpu.alloc async [%t3] () : memref<16x64xbf16>
    %t5 = gpu.memcpy async [%t4] %da, %a : memref<16x256xbf16>, memref<16x256xbf16>
    %t6 = gpu.memcpy async [%t5] %db, %b : memref<64x128xi8>, memref<64x128xi8>
    %t7 = gpu.memcpy async [%t6] %ds, %s : memref<256x8xi8>, memref<256x8xi8>
    // Garbage in C first: the kernel must overwrite all of it.
    %nan = arith.constant 0x7FC0 : bf16
    %t8 = gpu.memset async [%t7] %dc, %nan : memref<16x64xbf16>, bf16
    gpu.wait [%t8]
    call @gemm_16x64x256(%da, %db, %ds, %dc)
        : (memref<16x256xbf16>, memref<64x128xi8>, memref<256x8xi8>,
           memref<16x64xbf16>) -> ()
    %t9 = gpu.wait async
    %t10 = gpu.memcpy async [%t9] %c, %dc : memref<16x64xbf16>, memref<16x64xbf16>
    %t11 = gpu.dealloc async [%t10] %da : memref<16x256xbf16>
    %t12 = gpu.dealloc async [%t11] %db : memref<64x128xi8>
    %t13 = gpu.dealloc async [%t12] %ds : memref<256x8xi8>
    %t14 = gpu.dealloc async [%t13] %dc : memref<16x64xbf16>
    gpu.wait [%t14]
    %u = memref.cast %c : memref<16x64xbf16> to memref<*xbf16>
    call @printMemrefBF16(%u) : (memref<*xbf16>) -> ()
    return
  }
}
