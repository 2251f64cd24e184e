module attributes {gpu.container_module} {
  gpu.module @"../evil" [#rocdl.target<chip = "gfx950">] {
    llvm.func @k() attributes {gpu.kernel, rocdl.kernel} {
      llvm.return
    }
  }
}
