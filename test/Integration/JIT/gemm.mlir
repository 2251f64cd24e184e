// One problem-style GEMM (C = quantize(A) x B^T, pre-shuffled B, bf16 out)
// called from a host main that builds its inputs and prints C. The expected
// rows come from the reference library (Inputs/expected.py).
//
// RUN: fp4-gen gemm -m 16 -n 64 -k 256 | fp4-opt --fp4-lower-to-hsaco > %t.gemm.mlir
// RUN: %fp4_python %S/Inputs/expected.py 16 64 256 > %t.check
// RUN: fp4-runner %s %S/Inputs/gemm-inputs.mlir %t.gemm.mlir -e main \
// RUN:   --entry-point-result=void --shared-libs=%mlir_runner_utils \
// RUN:   --print-launches 2> %t.err | FileCheck %t.check
// RUN: FileCheck %s --check-prefix=LAUNCH < %t.err
// The same program under Debian's mlir-runner with the wrapper library:
// RUN: fp4-runner %s %S/Inputs/gemm-inputs.mlir %t.gemm.mlir --lower-only > %t.llvm.mlir
// RUN: %upstream_runner %t.llvm.mlir -e main --entry-point-result=void \
// RUN:   --shared-libs=%fp4_wrappers,%mlir_runner_utils | FileCheck %t.check

// LAUNCH: fp4-gpu-runtime: launch gemm_16x64x256_kernel: grid {{[0-9]+}}x1x1, block 256x1x1: {{.*}} ms (emulated: {{[0-9]+}} wave instructions, {{[1-9][0-9]*}} MFMAs)
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
    %a = memref.alloc() : memref<16x256xbf16>
    %b = memref.alloc() : memref<64x128xi8>
    %s = memref.alloc() : memref<256x8xi8>
    %c = memref.alloc() : memref<16x64xbf16>
    %ad = memref.cast %a : memref<16x256xbf16> to memref<?x?xbf16>
    %bd = memref.cast %b : memref<64x128xi8> to memref<?x?xi8>
    %sd = memref.cast %s : memref<256x8xi8> to memref<?x?xi8>
    call @fill_a(%ad, %c0, %c0) : (memref<?x?xbf16>, index, index) -> ()
    call @fill_b(%bd, %c0) : (memref<?x?xi8>, index) -> ()
    call @fill_scales(%sd, %c0) : (memref<?x?xi8>, index) -> ()
    call @gemm_16x64x256(%a, %b, %s, %c)
        : (memref<16x256xbf16>, memref<64x128xi8>, memref<256x8xi8>,
           memref<16x64xbf16>) -> ()
    %u = memref.cast %c : memref<16x64xbf16> to memref<*xbf16>
    call @printMemrefBF16(%u) : (memref<*xbf16>) -> ()
    memref.dealloc %a : memref<16x256xbf16>
    memref.dealloc %b : memref<64x128xi8>
    memref.dealloc %s : memref<256x8xi8>
    memref.dealloc %c : memref<16x64xbf16>
    return
  }
}
