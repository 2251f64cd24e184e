// RUN: fp4-opt %s --fp4-serialize-to-hsaco=opt-level=0 --split-input-file --verify-diagnostics

// One case per rejection of fp4-serialize-to-hsaco on a gpu.module; the
// pass-option errors are in invalid.test, an LLVM fatal error in the backend
// is in backend-fatal-error.mlir.

// A gpu.module not lowered to the LLVM dialect cannot be translated.
module attributes {gpu.container_module} {
  // expected-error @+1 {{cannot make an HSACO: cannot translate gpu.module @not_lowered to LLVM IR}}
  gpu.module @not_lowered [#rocdl.target<chip = "gfx950">] {
    // expected-error @+2 {{unsupported GPU operation: gpu.func}}
    // expected-error @+1 {{LLVM Translation failed for operation: gpu.func}}
    gpu.func @k(%p: memref<4xf32>) kernel {
      gpu.return
    }
  }
}

// -----

// Valid LLVM dialect, invalid LLVM IR: a kernel must return void.
module attributes {gpu.container_module} {
  // expected-error @+1 {{cannot make an HSACO: cannot translate gpu.module @returns_value to LLVM IR}}
  gpu.module @returns_value [#rocdl.target<chip = "gfx950">] {
    llvm.func @k() -> i32 attributes {gpu.kernel, rocdl.kernel} {
      %c = llvm.mlir.constant(0 : i32) : i32
      llvm.return %c : i32
    }
  }
}

// -----

// The module says which chip it was lowered for; compiling it for another
// one used to succeed silently.
module attributes {gpu.container_module} {
  // expected-error @+1 {{gpu.module @for_gfx942 targets 'gfx942', but fp4-serialize-to-hsaco compiles for 'gfx950'}}
  gpu.module @for_gfx942 [#rocdl.target<chip = "gfx942">] {
    llvm.func @k() attributes {gpu.kernel, rocdl.kernel} {
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{gpu.module @for_nvvm has a target that is not #rocdl.target: #nvvm.target}}
  gpu.module @for_nvvm [#nvvm.target] {
    llvm.func @k() attributes {gpu.kernel} {
      llvm.return
    }
  }
}

// -----

// A call to a function the module only declares: the code object loader
// resolves no symbol, so this used to make an HSACO that could never load.
module attributes {gpu.container_module} {
  // expected-error @+1 {{cannot make an HSACO: lld failed to link the HSACO: ld.lld: error: undefined symbol: external_function}}
  gpu.module @calls_external [#rocdl.target<chip = "gfx950">] {
    llvm.func @external_function()
    llvm.func @k() attributes {gpu.kernel, rocdl.kernel} {
      llvm.call @external_function() : () -> ()
      llvm.return
    }
  }
}
