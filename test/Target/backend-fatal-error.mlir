// An LLVM fatal error in the AMDGPU backend becomes a diagnostic on the
// gpu.module, and the process goes on compiling.
//
// The backend is left by longjmp (LLVM's CrashRecoveryContext, as in clang),
// so what it had allocated is leaked by design: leak checks are off for this
// test in a sanitizer build (ASan and UBSan still run).
// RUN: env ASAN_OPTIONS=detect_leaks=0 fp4-opt %s --fp4-serialize-to-hsaco=opt-level=0 --split-input-file --verify-diagnostics
// RUN: env ASAN_OPTIONS=detect_leaks=0 fp4-opt %s --fp4-serialize-to-hsaco=opt-level=0 --split-input-file --verify-diagnostics 2>&1 | FileCheck %s
// CHECK: gpu.binary @after_fatal_error

// An instruction gfx950 does not have (a gfx11 WMMA): instruction selection
// fails with an LLVM fatal error, which used to abort fp4-opt.
module attributes {gpu.container_module} {
  // expected-error @+1 {{cannot make an HSACO: the AMDGPU backend failed: Cannot select: intrinsic %llvm.amdgcn.wmma.f32.16x16x16.f16}}
  gpu.module @cannot_select [#rocdl.target<chip = "gfx950">] {
    llvm.func @k(%p: !llvm.ptr<1>) attributes {gpu.kernel, rocdl.kernel} {
      %a = llvm.load %p : !llvm.ptr<1> -> vector<16xf16>
      %b = llvm.load %p : !llvm.ptr<1> -> vector<8xf32>
      %r = rocdl.wmma.f32.16x16x16.f16 %a, %a, %b : (vector<16xf16>, vector<16xf16>, vector<8xf32>) -> vector<8xf32>
      llvm.store %r, %p : vector<8xf32>, !llvm.ptr<1>
      llvm.return
    }
  }
}

// -----

// The process goes on after a recovered fatal error: this module compiles.
module attributes {gpu.container_module} {
  gpu.module @after_fatal_error [#rocdl.target<chip = "gfx950">] {
    llvm.func @k() attributes {gpu.kernel, rocdl.kernel} {
      llvm.return
    }
  }
}
