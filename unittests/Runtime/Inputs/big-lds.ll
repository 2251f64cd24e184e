; A gfx950-only kernel with 96 KiB of LDS: more than gfx942 (64 KiB) has,
; within gfx950's 160 KiB. Used to test the LDS check against a device.

@big = internal addrspace(3) global [24576 x i32] poison, align 4

define amdgpu_kernel void @big_lds(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %slot = getelementptr i32, ptr addrspace(3) @big, i32 %tid
  store i32 %tid, ptr addrspace(3) %slot
  call void @llvm.amdgcn.s.barrier()
  %far = getelementptr i32, ptr addrspace(3) @big, i32 24575
  %v = load i32, ptr addrspace(3) %far
  %dst = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %dst
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
