// The host lowering passes memrefs to kernels as the module says: as memref
// descriptors (the GPU dialect's default: pointers, offset, sizes, strides)
// unless the module carries fp4.bare_pointer_kernels. Below, a kernel
// written in the GPU dialect reads a strided view with an offset, which only
// its descriptor describes. Before anything runs, each gpu.launch_func is
// checked against the code object it will run: the gpu.binary exists and
// holds a code object for the device's chip, the kernel is in it, and the
// launch passes as many arguments as the kernel takes. Each refusal names
// the launch and exits non-zero; nothing runs.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: fp4-opt %s --pass-pipeline='builtin.module(gpu.module(convert-gpu-to-rocdl{chipset=gfx950},reconcile-unrealized-casts),fp4-serialize-to-hsaco)' -o %t/ok.mlir
// RUN: fp4-runner %t/ok.mlir -e main --shared-libs=%mlir_runner_utils | FileCheck %s
// RUN: fp4-run %t/ok.mlir --device emu --entry main | FileCheck %s --check-prefix=FP4RUN
//
// x[1 + i, 2 + j] = 10 + 8 i + j, times 0.5.
// CHECK: Unranked Memref {{.*}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: {{\[}}[5,   5.5,   6],
// CHECK-NEXT: [9,   9.5,   10]]
// FP4RUN-LABEL: fp4-run: @main through the JIT on emulator
// FP4RUN-NEXT: fp4-run: host code through the JIT, memref kernel arguments as descriptors
// FP4RUN-NEXT: launch scale: grid 2x1x1, block 3: {{.*}} MFMAs)
//
// The lowered launch passes each 2-D memref as 7 values and the f32 as one.
// RUN: fp4-runner %t/ok.mlir --lower-only | FileCheck %s --check-prefix=LOWER
// LOWER: gpu.launch_func @k::@scale {{.*}} args(%{{[0-9]+}} : !llvm.ptr, %{{[0-9]+}} : !llvm.ptr, %{{[0-9]+}} : i64, %{{[0-9]+}} : i64, %{{[0-9]+}} : i64, %{{[0-9]+}} : i64, %{{[0-9]+}} : i64, %{{[0-9]+}} : !llvm.ptr, %{{[0-9]+}} : !llvm.ptr, %{{[0-9]+}} : i64, %{{[0-9]+}} : i64, %{{[0-9]+}} : i64, %{{[0-9]+}} : i64, %{{[0-9]+}} : i64, %{{[0-9]+}} : f32)
//
// The module claims bare-pointer kernels: three arguments for a kernel that
// takes fifteen.
// RUN: sed 's/module attributes {/module attributes {fp4.bare_pointer_kernels, /' %t/ok.mlir | not fp4-run --device emu --entry main 2>&1 | FileCheck %s --check-prefix=BARE
// RUN: sed 's/module attributes {/module attributes {fp4.bare_pointer_kernels, /' %t/ok.mlir | not fp4-runner -e main 2>&1 | FileCheck %s --check-prefix=BARE
// BARE: <stdin>:{{[0-9]+}}:5: {{.*}}kernel 'scale' of gpu.binary @k takes 15 explicit arguments, but the launch passes 3: 3 operands, memrefs as bare pointers (the module carries fp4.bare_pointer_kernels)
//
// A kernel module that was never compiled; a binary that is not there (the
// module's verifier refuses that one).
// RUN: not fp4-run %s --device emu --entry main 2>&1 | FileCheck %s --check-prefix=UNCOMPILED
// UNCOMPILED: fp4-run: error: {{.*}}launch-checks.mlir:[[# @LINE + 51]]:5: gpu.module @k is not compiled to a gpu.binary (fp4-serialize-to-hsaco, in fp4-lower-to-hsaco, does that)
// RUN: sed 's/gpu.launch_func  @k::@scale/gpu.launch_func  @nope::@scale/' %t/ok.mlir | not fp4-run --device emu --entry main 2>&1 | FileCheck %s --check-prefix=NOBINARY
// NOBINARY: <stdin>":{{[0-9]+}}:5): error: 'gpu.launch_func' op kernel container 'nope' is undefined
// NOBINARY-NEXT: fp4-run: cannot parse
//
// The binary's target is another chip; its offloading handler selects an
// object it does not have; its object is not a code object.
// RUN: sed 's/chip = "gfx950"/chip = "gfx942"/' %t/ok.mlir | not fp4-run --device emu --entry main 2>&1 | FileCheck %s --check-prefix=CHIP
// CHIP: fp4-run: error: <stdin>:{{[0-9]+}}:5: gpu.binary @k is compiled for gfx942, the device is gfx950
// RUN: sed 's/gpu.binary @k  \[/gpu.binary @k <#gpu.select_object<3>> [/' %t/ok.mlir | not fp4-run --device emu --entry main 2>&1 | FileCheck %s --check-prefix=SELECT
// SELECT: fp4-run: error: <stdin>:{{[0-9]+}}:5: gpu.binary @k: its offloading handler #gpu.select_object<3 : i64> selects no object
// RUN: sed 's/bin = "/assembly = "/' %t/ok.mlir | not fp4-run --device emu --entry main 2>&1 | FileCheck %s --check-prefix=FORMAT
// FORMAT: fp4-run: error: <stdin>:{{[0-9]+}}:5: gpu.binary @k's object is 'assembly', not 'bin' (a code object)

module attributes {gpu.container_module} {
  gpu.module @k [#rocdl.target<chip = "gfx950">] {
    gpu.func @scale(%x: memref<2x3xf32, strided<[8, 1], offset: ?>>,
                    %y: memref<2x3xf32>, %s: f32) kernel {
      %i = gpu.block_id x
      %j = gpu.thread_id x
      %v = memref.load %x[%i, %j] : memref<2x3xf32, strided<[8, 1], offset: ?>>
      %w = arith.mulf %v, %s : f32
      memref.store %w, %y[%i, %j] : memref<2x3xf32>
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %half = arith.constant 0.5 : f32
    // x[r, c] = 8 r + c.
    %x = memref.alloc() : memref<4x8xf32>
    scf.for %r = %c0 to %c4 step %c1 {
      scf.for %c = %c0 to %c8 step %c1 {
        %rc = arith.muli %r, %c8 : index
        %n = arith.addi %rc, %c : index
        %ni = arith.index_cast %n : index to i32
        %nf = arith.sitofp %ni : i32 to f32
        memref.store %nf, %x[%r, %c] : memref<4x8xf32>
      }
    }
    %view = memref.subview %x[1, 2] [2, 3] [1, 1] : memref<4x8xf32> to memref<2x3xf32, strided<[8, 1], offset: 10>>
    %dyn = memref.cast %view : memref<2x3xf32, strided<[8, 1], offset: 10>> to memref<2x3xf32, strided<[8, 1], offset: ?>>
    %y = memref.alloc() : memref<2x3xf32>
    gpu.launch_func @k::@scale blocks in (%c2, %c1, %c1) threads in (%c3, %c1, %c1)
        args(%dyn : memref<2x3xf32, strided<[8, 1], offset: ?>>, %y : memref<2x3xf32>, %half : f32)
    %u = memref.cast %y : memref<2x3xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %x : memref<4x8xf32>
    memref.dealloc %y : memref<2x3xf32>
    return
  }
}
