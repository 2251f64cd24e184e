// A kernel fault is reported, with the kernel and where it faulted, and the
// host program fails cleanly: fp4-runner exits 1 with the message; under
// mlir-runner-style use (no runner that collects errors) the runtime
// prints it and exits 1 itself. Nothing aborts or crashes.
//
// RUN: fp4-opt %s --fp4-serialize-to-hsaco --mlir-print-debuginfo > %t.mlir
// RUN: not fp4-runner %t.mlir -e main --entry-point-result=void 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,RUNNER
// RUN: not fp4-runner %t.mlir -e main 2>&1 | FileCheck %s --check-prefix=LOC
// Debian's mlir-runner with the wrapper library: the runtime itself exits 1.
// RUN: fp4-runner %t.mlir --lower-only > %t.llvm.mlir
// RUN: not %upstream_runner %t.llvm.mlir -e main --entry-point-result=void \
// RUN:   --shared-libs=%fp4_wrappers 2>&1 | FileCheck %s --check-prefixes=CHECK,EXIT
// Asking for HIP where there is none fails the same clean way.
// RUN: env FP4_DEVICE=hip FP4_HIP_LIBRARY=/nonexistent/libamdhip64.so \
// RUN:   not fp4-runner %t.mlir -e main 2>&1 | FileCheck %s --check-prefix=NOHIP

// The kernel and where it was launched (the runner's host lowering passes
// each gpu.launch_func's location to the runtime), then the emulator's
// account: work-item, address, instruction.
// RUNNER: fp4-runner: error: kernel 'read_far' (launched at {{.*}}) failed: emulator:
// EXIT: fp4-gpu-runtime: error: kernel 'read_far' (launched at {{.*}}) failed: emulator:
// CHECK-SAME: kernel 'read_far', work-group (0, 0, 0), wave 0, lane 0
// CHECK-SAME: out-of-bounds load of 4 byte(s) at global address
// CHECK-NEXT: at: {{.*}} = load i32, ptr addrspace(1) {{.*}} (in @read_far)

// NOHIP: fp4-runner: error: cannot open the device: no HIP runtime found

// The kernel takes its buffer as a bare pointer; the module says so
// (fp4.bare_pointer_kernels), or the host lowering would pass a descriptor.
module attributes {fp4.bare_pointer_kernels, gpu.container_module} {
  gpu.module @faulty [#rocdl.target<chip = "gfx950">] {
    // Reads 1 MiB past the start of a 16-byte buffer.
    llvm.func @read_far(%p: !llvm.ptr<1>) attributes {gpu.kernel, rocdl.kernel} {
      %far = llvm.mlir.constant(1048576 : i64) : i64
      %q = llvm.getelementptr %p[%far] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
      %v = llvm.load %q : !llvm.ptr<1> -> i32
      llvm.store %v, %p : i32, !llvm.ptr<1>
      llvm.return
    }
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %buf = memref.alloc() : memref<4xi32>
    // LOC: kernel 'read_far' (launched at {{.*}}fault.mlir:[[# @LINE + 1]]:5) failed
    gpu.launch_func @faulty::@read_far blocks in (%c1, %c1, %c1)
        threads in (%c64, %c1, %c1) args(%buf : memref<4xi32>)
    return
  }
}
