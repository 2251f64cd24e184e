; Kernels for the code object reader tests (compiled for gfx950 and gfx942 by
; unittests/Runtime/CMakeLists.txt). What matters is the metadata they
; produce, not what they compute.

; 256 floats of LDS: group_segment_fixed_size 1024.
@tile = internal addrspace(3) global [256 x float] poison, align 4

; Six explicit arguments of sizes 8, 8, 4, 8, 2, 4 (so the kernarg layout has
; padding), LDS, and the default max_flat_workgroup_size (1024).
define amdgpu_kernel void @add_lds(ptr addrspace(1) %out, ptr addrspace(1) %in,
                                   i32 %n, i64 %big, i16 %small, float %f) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %src = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %v = load float, ptr addrspace(1) %src
  %slot = getelementptr float, ptr addrspace(3) @tile, i32 %tid
  store float %v, ptr addrspace(3) %slot
  call void @llvm.amdgcn.s.barrier()
  %w = load float, ptr addrspace(3) %slot
  %s = fmul float %w, %f
  %dst = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %s, ptr addrspace(1) %dst
  ret void
}

; Two arguments, no LDS, at most 256 work-items per work-group.
define amdgpu_kernel void @scale(ptr addrspace(1) %data, i32 %factor) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %data, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %m = mul i32 %v, %factor
  store i32 %m, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

attributes #0 = { "amdgpu-flat-work-group-size"="1,256" }
