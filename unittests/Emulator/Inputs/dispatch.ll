; Hand-written: dispatch queries, flat addressing and split barriers.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@buf = internal addrspace(3) global [128 x i32] undef, align 16

; Per work-item, 8 words at out[8 * flat global id]:
;   workitem.id.y, workgroup.id.z, hidden_block_count_y,
;   hidden_group_size_x (u16), dispatch grid_size_x, the i32 argument read
;   back through kernarg.segment.ptr, a value that went through LDS by a
;   flat pointer, a value that went through a private alloca by a flat
;   pointer.
define amdgpu_kernel void @dispatch(ptr addrspace(1) %out, i32 %tag) {
  %tx = call i32 @llvm.amdgcn.workitem.id.x()
  %ty = call i32 @llvm.amdgcn.workitem.id.y()
  %gx = call i32 @llvm.amdgcn.workgroup.id.x()
  %gy = call i32 @llvm.amdgcn.workgroup.id.y()
  %gz = call i32 @llvm.amdgcn.workgroup.id.z()
  ; flat id = ((gz * 2 + gy) * 3 + gx) * 32 + ty * 16 + tx   (block 16x2)
  %g1 = mul i32 %gz, 2
  %g2 = add i32 %g1, %gy
  %g3 = mul i32 %g2, 3
  %g4 = add i32 %g3, %gx
  %g5 = mul i32 %g4, 32
  %l1 = mul i32 %ty, 16
  %l2 = add i32 %l1, %tx
  %id = add i32 %g5, %l2
  %base = mul i32 %id, 8
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %base
  store i32 %ty, ptr addrspace(1) %p0
  %p1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  store i32 %gz, ptr addrspace(1) %p1
  %ia = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %bcy = getelementptr i8, ptr addrspace(4) %ia, i32 4
  %vbcy = load i32, ptr addrspace(4) %bcy
  %p2 = getelementptr i32, ptr addrspace(1) %p0, i32 2
  store i32 %vbcy, ptr addrspace(1) %p2
  %gsx = getelementptr i8, ptr addrspace(4) %ia, i32 12
  %vgsx = load i16, ptr addrspace(4) %gsx
  %vgsx32 = zext i16 %vgsx to i32
  %p3 = getelementptr i32, ptr addrspace(1) %p0, i32 3
  store i32 %vgsx32, ptr addrspace(1) %p3
  %dp = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %gridx = getelementptr i8, ptr addrspace(4) %dp, i32 12
  %vgridx = load i32, ptr addrspace(4) %gridx
  %p4 = getelementptr i32, ptr addrspace(1) %p0, i32 4
  store i32 %vgridx, ptr addrspace(1) %p4
  %ka = call ptr addrspace(4) @llvm.amdgcn.kernarg.segment.ptr()
  %tagp = getelementptr i8, ptr addrspace(4) %ka, i32 8
  %vtag = load i32, ptr addrspace(4) %tagp
  %p5 = getelementptr i32, ptr addrspace(1) %p0, i32 5
  store i32 %vtag, ptr addrspace(1) %p5
  ; LDS through a flat pointer: write slot l2, read slot l2 ^ 1.
  %flat = addrspacecast ptr addrspace(3) @buf to ptr
  %w = getelementptr i32, ptr %flat, i32 %l2
  %v = mul i32 %id, 3
  store i32 %v, ptr %w
  call void @llvm.amdgcn.s.barrier()
  %l3 = xor i32 %l2, 1
  %r = getelementptr i32, ptr %flat, i32 %l3
  %rv = load i32, ptr %r
  %p6 = getelementptr i32, ptr addrspace(1) %p0, i32 6
  store i32 %rv, ptr addrspace(1) %p6
  ; Private memory through a flat pointer.
  %a = alloca [2 x i32], align 4, addrspace(5)
  %af = addrspacecast ptr addrspace(5) %a to ptr
  %a1 = getelementptr i32, ptr %af, i32 1
  %v7 = add i32 %id, 7
  store i32 %v7, ptr %a1
  %pv = getelementptr i32, ptr addrspace(5) %a, i32 1
  %r7 = load i32, ptr addrspace(5) %pv
  %p7 = getelementptr i32, ptr addrspace(1) %p0, i32 7
  store i32 %r7, ptr addrspace(1) %p7
  ret void
}

; Split barrier over two waves: wave 1 writes LDS, signals; wave 0 signals,
; waits, then reads what wave 1 wrote.
define amdgpu_kernel void @split_barrier(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  %v = mul i32 %tid, 5
  store i32 %v, ptr addrspace(3) %p
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  %o = xor i32 %tid, 64
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %o
  %r = load i32, ptr addrspace(3) %q
  %d = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %d
  ret void
}

; Global atomics from many work-groups (and host threads) at once.
define amdgpu_kernel void @count(ptr addrspace(1) %counter, ptr addrspace(1) %fsum) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %old = atomicrmw add ptr addrspace(1) %counter, i32 1 monotonic
  %f = uitofp i32 %tid to float
  %oldf = atomicrmw fadd ptr addrspace(1) %fsum, float %f monotonic
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workgroup.id.y()
declare i32 @llvm.amdgcn.workgroup.id.z()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
declare ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
declare ptr addrspace(4) @llvm.amdgcn.kernarg.segment.ptr()
declare void @llvm.amdgcn.s.barrier()
declare void @llvm.amdgcn.s.barrier.signal(i32)
declare void @llvm.amdgcn.s.barrier.wait(i16)

; After an if/else that splits the wave, the lanes meet again at the join
; and exchange values through LDS without a barrier: like the hardware
; (one instruction stream under EXEC), every lane's store comes before any
; lane's load.
define amdgpu_kernel void @reconverge(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %odd = and i32 %tid, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %then, label %else
then:
  %a = mul i32 %tid, 2
  br label %join
else:
  %b = mul i32 %tid, 3
  br label %join
join:
  %v = phi i32 [ %a, %then ], [ %b, %else ]
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  store i32 %v, ptr addrspace(3) %p
  %n = xor i32 %tid, 1
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %n
  %r = load i32, ptr addrspace(3) %q
  %d = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %d
  ret void
}
