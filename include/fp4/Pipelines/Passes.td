//===- Passes.td - passes of the fp4-mlir pipelines -------*- tablegen -*-===//

#ifndef FP4_PIPELINES_PASSES
#define FP4_PIPELINES_PASSES

include "mlir/Pass/PassBase.td"

def CheckRegistrations : Pass<"fp4-check-registrations", "ModuleOp"> {
  let summary = "check that the context holds the interface models and "
                "LLVM IR translations fp4-lower-to-hsaco needs";
  let description = [{
    The first pass of `fp4-lower-to-hsaco`. Much of what the pipeline relies
    on is attached to upstream ops from outside their dialects: bufferization
    and tiling models, value bounds, subset and conversion-to-LLVM
    interfaces, the translations to LLVM IR. A context whose registry lacks
    them (a compiler that registered the dialects, or only `mxfp4`, without
    `mlir::fp4::registerFp4Dialects`) used to fail much later, with a
    message about something else (`reads fp4 or E8M0 data that is not a
    function argument`) or a crash. This pass names what is missing, before
    anything changes:

    - for every loaded dialect, each interface the lowering uses
      (`BufferizableOpInterface`, `TilingInterface`,
      `PartialReductionOpInterface`, `ValueBoundsOpInterface`, the subset
      interfaces, `BufferViewFlowOpInterface`, and the dialect interface
      `ConvertToLLVMPatternInterface`) that the dialect promises for its ops
      (MLIR's `declarePromisedInterface`) and that no registered extension
      has implemented;
    - the LLVM IR translation of the `llvm` and `rocdl` dialects, which the
      serialization of the kernels needs;
    - the `OffloadingLLVMTranslationAttrInterface` model of
      `#gpu.select_object`, through which the host code's translation (the
      JIT) embeds each `gpu.binary` (without it, upstream's translation
      crashed).

    The dialects it looks at are those the pipeline's passes load (their
    dependent dialects) and those of the input. The IR is not changed:

    ```mlir
    func.func @f(...)   ==>   func.func @f(...)   (unchanged)
    ```

    or, on a context with only the dialects registered:

    ```
    error: fp4-lower-to-hsaco needs interface models and LLVM IR
    translations the context does not have: BufferizableOpInterface (arith,
    linalg, ...), TilingInterface (linalg, ...), ...; register them with
    mlir::fp4::registerFp4Dialects (C: fp4RegisterDialects) or the upstream
    functions that provide them
    note: dialect 'linalg' promises TilingInterface for linalg.generic, ...
    ```
  }];
}

#endif // FP4_PIPELINES_PASSES
