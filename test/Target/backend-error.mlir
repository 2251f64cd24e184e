// An error the AMDGPU backend reports (here: more LDS than gfx950 has) is a
// diagnostic on the gpu.module and a failed pass, not an exit() from inside
// LLVM.
// RUN: not fp4-opt %s --fp4-serialize-to-hsaco=opt-level=0 2>&1 | FileCheck %s
// CHECK: backend-error.mlir:[[# @LINE + 2]]:3: error: cannot make an HSACO: the AMDGPU backend failed: {{.*}}local memory (204800) exceeds limit (163840)
module attributes {gpu.container_module} {
  gpu.module @too_much_lds [#rocdl.target<chip = "gfx950">] {
    llvm.mlir.global internal @lds() {addr_space = 3 : i32} : !llvm.array<51200 x f32>
    llvm.func @k(%p: !llvm.ptr<1>) attributes {gpu.kernel, rocdl.kernel} {
      %a = llvm.mlir.addressof @lds : !llvm.ptr<3>
      %tid = rocdl.workitem.id.x : i32
      %e = llvm.getelementptr %a[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<51200 x f32>
      %v = llvm.load %e : !llvm.ptr<3> -> f32
      llvm.store %v, %p : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}
