; A kernel without MFMAs (errors.test): one load and one store per lane.
define amdgpu_kernel void @copy(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %src = getelementptr float, ptr addrspace(1) %in, i32 %i
  %dst = getelementptr float, ptr addrspace(1) %out, i32 %i
  %v = load float, ptr addrspace(1) %src
  store float %v, ptr addrspace(1) %dst
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
