//===- Passes.td - kernels of any op, and their GPU mapping --*- tablegen -*-===//

#ifndef FP4_TRANSFORMS_PASSES
#define FP4_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def FormGenericKernels : Pass<"fp4-form-generic-kernels", "func::FuncOp"> {
  let summary = "Give every op on tensors that no kernel took a kernel of its own";
  let description = [{
    The generic path of kernel formation (docs/one-path.md): every
    destination-style op with `TilingInterface` on ranked tensors that is
    not already inside a kernel loop (`mxfp4-form-kernels` made those) is
    tiled, with upstream `scf::tileUsingSCF`, into an `scf.forall` mapped to
    GPU blocks, and its tile again into an `scf.forall` mapped to GPU
    threads: one work-item per element of the parallel dimensions, the
    reduction dimensions (a row sum, RMSNorm's mean square, softmax's
    max and sum) looped over by that work-item. The innermost two parallel
    dimensions get 4 x 64 elements per work-group (x along the last), a
    third one block per index along z. Ops with an aggregated decomposition
    (`linalg.softmax`) are decomposed first (`AggregatedOpInterface`), and
    `tensor.concat` into inserts. An op with no parallel dimension runs on
    one work-item. Each kernel loop carries `fp4.workgroup_size`.

    ```mlir
    %r = linalg.generic {iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<100x512xf32>) outs(%acc : tensor<100xf32>) {...}
    ==>
    %r = scf.forall (%i) = (0) to (100) step (64) shared_outs(%o = %acc) {
      %t = scf.forall (%j) = (0) to (%n) step (1) shared_outs(%p = ...) {
        ... linalg.generic on tensor<1x512xf32> -> tensor<1xf32> ...
      } {mapping = [#gpu.thread<x>]}
      ...
    } {fp4.workgroup_size = array<i64: 64, 1, 1>, mapping = [#gpu.block<x>]}
    ```
  }];
  let dependentDialects = ["scf::SCFDialect", "tensor::TensorDialect",
                           "linalg::LinalgDialect", "arith::ArithDialect",
                           "affine::AffineDialect", "gpu::GPUDialect"];
}

def MapKernelsToGpu : Pass<"fp4-map-kernels-to-gpu", "func::FuncOp"> {
  let summary = "Turn each block-mapped scf.forall (a kernel loop) into a gpu.launch";
  let description = [{
    After bufferization, every `scf.forall` mapped to `#gpu.block<...>`
    with the attribute `fp4.workgroup_size` becomes a `gpu.launch`: its
    grid is the loop's trip count along each mapped dimension, computed on
    the host (a dynamic M gives a run-time grid), times
    `fp4.workgroups_per_iteration` along z for split-K; its block is
    `fp4.workgroup_size`. The loop's induction variables become
    `lb + block_id * step`. A nested `scf.forall` mapped to
    `#gpu.thread<...>` becomes `lb + thread_id * step` under a guard (its
    trip count may be less than the work-group at a tail); one whose
    static trip count exceeds the work-group size is an error. A loop body
    with no thread loop (a `fused_matmul` tile) runs on every work-item:
    the op's lowering distributes the work. `gpu-kernel-outlining` then
    makes each launch a kernel.

    Any other `scf.forall` is on the host (one the program wrote, or the
    loop over slices of K that reduction tiling makes): it becomes an
    `scf.for` (upstream `scf::forallToForLoop`), its launches running one
    after another on the stream.

    ```mlir
    scf.forall (%i, %j) = (0, 0) to (40, 128) step (16, 64) {
      ... %i, %j ...
    } {fp4.workgroup_size = array<i64: 256, 1, 1>,
       mapping = [#gpu.block<y>, #gpu.block<x>]}
    ==>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c3, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      %i = %by * 16, %j = %bx * 64 ... gpu.terminator
    }
    ```
  }];
  let dependentDialects = ["gpu::GPUDialect", "arith::ArithDialect",
                           "scf::SCFDialect"];
}

def KernelArgsToGlobal : Pass<"fp4-kernel-args-to-global", "ModuleOp"> {
  let summary = "Kernel memref arguments in the global address space";
  let description = [{
    After `gpu-kernel-outlining`: every memref argument of a `gpu.func`
    kernel, and the views the kernel takes of it, are given
    `#gpu.address_space<global>`, so the AMDGPU backend addresses them as
    global memory (buffer and global loads, not flat ones); each
    `gpu.launch_func` operand gets the matching `memref.memory_space_cast`
    on the host. A constant global of the host (`memref.get_global` of a
    `constant` global, a `dense` constant that bufferization made) passed
    to a kernel is copied into a fresh allocation first, since a runtime
    knows the memory it allocated, not the host program's read-only data.

    ```mlir
    gpu.func @k(%a: memref<16x64xf32>) kernel { ... memref.subview %a ... }
    ==>
    gpu.func @k(%a: memref<16x64xf32, #gpu.address_space<global>>) kernel {
      ... memref.subview %a ... to memref<..., #gpu.address_space<global>>
    }
    ```
  }];
  let dependentDialects = ["memref::MemRefDialect", "gpu::GPUDialect"];
}

def DescribeGemms : Pass<"fp4-describe-gemms", "ModuleOp"> {
  let summary = "Describe each GEMM function for the tools that run it";
  let description = [{
    A function whose body is one GEMM (an optional `mxfp4.quantize` of A,
    one `mxfp4.scaled_matmul` of static shape, returned: what `fp4-gen`
    prints) gets the attribute `fp4.gemm` (m, n, k, b_layout, scale_mode,
    quantize_a, a_quantizer, config; `ties` when A's quantize rounds ties
    away; `a_format`/`b_format` for formats other than fp4) and an
    `fp4.arg` role on each
    argument (`a`, `a_scales`, `b`, `b_scales`) and on its result (`c`).
    `fp4-run --check`, the exporter and the C API read them to make inputs
    and check C against the reference library. Run it after
    `mxfp4-select-config` (the config is part of the description) and
    before the GEMM is fused into a kernel. Other functions are untouched.
  }];
  let options = [
    Option<"aQuantizer", "a-quantizer", "std::string", /*default=*/"\"hardware\"",
           "the A quantizer the kernels use (exact or hardware), where the "
           "module records none (mxfp4.a_quantizer)">,
  ];
}

def GemmResultsToOutParams : Pass<"fp4-gemm-results-to-out-params", "ModuleOp"> {
  let summary = "C of a GEMM function becomes its last argument";
  let description = [{
    After bufferization, each function with `fp4.gemm` takes C as an
    output argument (`fp4.arg = "c"`) instead of returning it: the GEMM
    problem ABI of docs/runtime.md. Upstream's
    `promoteBufferResultsToOutParams` does the rewrite, with the
    allocation of C hoisted so that the kernel writes the caller's buffer.
  }];
  let dependentDialects = ["memref::MemRefDialect"];
}

def ApproximateMathFunctions : Pass<"fp4-approximate-math-functions"> {
  let summary = "Math functions the GPU has no instruction for, as arith code";
  let description = [{
    No device library is linked into our code objects (there is no ROCm):
    a math function that the ROCDL lowering would call from it
    (`__ocml_erf_f32`, ...) must become arithmetic first. This pass
    rewrites `math.erf` and `math.erfc` with upstream's polynomial
    approximations (about 1 ulp in f32); exp, log, tanh and the rest are
    handled by `math-expand-ops` and the AMDGPU backend's own expansions.
    Runs on kernels, after the mxfp4 ops are lowered.

    ```mlir
    %y = math.erf %x : f32
    ==>
    ... arith.mulf / arith.addf / arith.select ... (no call)
    ```
  }];
  let dependentDialects = ["arith::ArithDialect", "math::MathDialect",
                           "vector::VectorDialect"];
}

#endif // FP4_TRANSFORMS_PASSES
