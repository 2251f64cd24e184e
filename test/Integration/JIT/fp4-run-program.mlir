// fp4-run runs any entry function through the JIT, with its memref arguments
// read from .npy files and its outputs (arguments written in place, returned
// memrefs) written as .npy. The program launches the compiled GEMM twice on
// two A matrices; one C is an argument, the other a returned allocation.
// Both are compared bit for bit with the reference library's.
//
// RUN: rm -rf %t && mkdir -p %t/in0 %t/in1
// RUN: fp4-gen gemm -m 16 -n 64 -k 256 | fp4-opt --fp4-lower-to-hsaco > %t/gemm.mlir
// RUN: fp4-runner %s %t/gemm.mlir --link-only > %t/prog.mlir
// RUN: %fp4_python %S/Inputs/expected.py 16 64 256 --variant 0 --write-inputs %t/in0
// RUN: %fp4_python %S/Inputs/expected.py 16 64 256 --variant 3 --write-inputs %t/in1
// B and its scales are variant 0's; A is variant 0's for c0, variant 3's
// for c1.
// RUN: fp4-run %t/prog.mlir --device emu --entry two_gemms \
// RUN:   --input 0=%t/in0/a.npy --input 1=%t/in1/a.npy --input 2=%t/in0/b.npy \
// RUN:   --input 3=%t/in0/s.npy --output 4=%t/c0.npy --output r0=%t/c1.npy \
// RUN:   | FileCheck %s
// RUN: %fp4_python %S/Inputs/expected.py 16 64 256 --variant 0 --compare %t/c0.npy | FileCheck %s --check-prefix=C0
// RUN: %fp4_python %S/Inputs/expected.py 16 64 256 --variant 0 --a-variant 3 --compare %t/c1.npy | FileCheck %s --check-prefix=C1
//
// CHECK: fp4-run: @two_gemms through the JIT on emulator
// CHECK-COUNT-2: launch gemm_16x64x256_kernel: grid {{.*}} MFMAs)
// CHECK: wrote argument #4 to {{.*}}c0.npy
// CHECK: wrote result #0 to {{.*}}c1.npy
// C0: c0.npy: shape (16, 64), 0 of 1024 differ from the reference
// C1: c1.npy: shape (16, 64), 0 of 1024 differ from the reference
//
// A GEMM function runs through the JIT too, with the generated data and the
// check (--jit, which once chose the JIT over an interpreter, is accepted).
// RUN: fp4-run %t/gemm.mlir --device emu --jit --data edge --check | FileCheck %s --check-prefix=JITGEMM
// JITGEMM: fp4-run: @gemm_16x64x256 (16x64x256, B pre-shuffled) on emulator
// JITGEMM-NEXT: fp4-run: host code through the JIT, memref kernel arguments as bare pointers (the module has fp4.bare_pointer_kernels)
// JITGEMM: launch gemm_16x64x256_kernel: grid {{.*}} MFMAs)
// JITGEMM: check: 0 of 1024 mismatched
// JITGEMM-NEXT: PASSED
//
// Wrong inputs are refused with the argument and what it needs.
// RUN: not fp4-run %t/prog.mlir --device emu --entry two_gemms \
// RUN:   --input 0=%t/in0/b.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: fp4-run: error: --input 0={{.*}}b.npy: argument #0 is memref<16x256xbf16> (a 16x256 array of <u2), got a 64x128 array of |u1
// RUN: not fp4-run %t/prog.mlir --device emu --entry two_gemms \
// RUN:   --input 0=%t/in0/a.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: fp4-run: error: argument #1 of @two_gemms needs an input: --input 1=FILE.npy
// RUN: not fp4-run %t/prog.mlir --device emu --entry two_gemms --check 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOTGEMM
// NOTGEMM: fp4-run: error: --check compares a GEMM with the reference: @two_gemms has no fp4.gemm attribute
// RUN: not fp4-run %t/prog.mlir --device emu --entry two_gemms \
// RUN:   --input 0=%t/in0/a.npy --input 1=%t/in1/a.npy --input 2=%t/in0/b.npy \
// RUN:   --input 3=%t/in0/s.npy --input 7=%t/in0/a.npy --output 4=%t/x.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOARG
// NOARG: fp4-run: error: --input 7: @two_gemms has no such argument
// RUN: not fp4-run %t/prog.mlir --device emu --entry two_gemms \
// RUN:   --output 9=%t/x.npy 2>&1 | FileCheck %s --check-prefix=NOOUT
// NOOUT: fp4-run: error: --output 9: @two_gemms has no argument 9
// RUN: not fp4-run %t/prog.mlir --device emu --entry two_gemms \
// RUN:   --output r1=%t/x.npy 2>&1 | FileCheck %s --check-prefix=NORESULT
// NORESULT: fp4-run: error: --output r1: @two_gemms has no result 1
// RUN: not fp4-run %t/prog.mlir --device emu --entry two_gemms \
// RUN:   --output %t/x.npy 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: fp4-run: error: @two_gemms is not a GEMM function: name what to write with --output N=FILE.npy (argument N) or rN=FILE.npy (result N)
// RUN: not fp4-run %t/prog.mlir --device emu --entry takes_i32 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SCALAR
// A scalar argument is a 0-d array (numpy.save of a numpy scalar), passed
// by value; like any argument, it needs one.
// SCALAR: fp4-run: error: argument #0 of @takes_i32 needs an input: --input 0=FILE.npy

module {
  func.func private @gemm_16x64x256(memref<16x256xbf16>, memref<64x128xi8>,
                                    memref<256x8xi8>, memref<16x64xbf16>)

  func.func @two_gemms(%a0: memref<16x256xbf16>, %a1: memref<16x256xbf16>,
                       %b: memref<64x128xi8>, %s: memref<256x8xi8>,
                       %c0: memref<16x64xbf16>) -> memref<16x64xbf16> {
    call @gemm_16x64x256(%a0, %b, %s, %c0)
        : (memref<16x256xbf16>, memref<64x128xi8>, memref<256x8xi8>,
           memref<16x64xbf16>) -> ()
    %c1 = memref.alloc() : memref<16x64xbf16>
    call @gemm_16x64x256(%a1, %b, %s, %c1)
        : (memref<16x256xbf16>, memref<64x128xi8>, memref<256x8xi8>,
           memref<16x64xbf16>) -> ()
    return %c1 : memref<16x64xbf16>
  }

  func.func @takes_i32(%x: i32) {
    return
  }
}
