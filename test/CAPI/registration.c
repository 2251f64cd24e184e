/*===- registration.c - C API: dialect handle, registration, pipeline -----===*\
|*                                                                            *|
|* Uses only MLIR's C API plus fp4-c/Registration.h and fp4-c/Compile.h:      *|
|* the way a C host compiler would drive fp4-mlir on its own context.         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: fp4-capi-registration-test 2>&1 | FileCheck %s

#include "common.h"

#include "mlir-c/Pass.h"

static void printOperation(MlirOperation op, Buffer *out) {
  mlirOperationPrint(op, appendToBuffer, out);
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0); /* keep order with stderr */
  /* The dialect handle alone, on a bare context. */
  MlirContext bare = mlirContextCreate();
  MlirDialectHandle handle = mlirGetDialectHandle__mxfp4__();
  MlirStringRef ns = mlirDialectHandleGetNamespace(handle);
  printf("handle namespace: %.*s\n", (int)ns.length, ns.data);
  // CHECK: handle namespace: mxfp4
  mlirDialectHandleRegisterDialect(handle, bare);
  MlirDialect loaded = mlirDialectHandleLoadDialect(handle, bare);
  printf("loaded: %d\n", !mlirDialectIsNull(loaded));
  // CHECK: loaded: 1
  printf("func loaded on the bare context: %d\n",
         !mlirDialectIsNull(mlirContextGetOrLoadDialect(
             bare, mlirStringRefCreateFromCString("func"))));
  // CHECK: func loaded on the bare context: 0
  /* The pipeline on that bare context: its first pass names the interface
     models and translations the context lacks (registerFp4Dialects has
     them), instead of a later pass failing on something else. */
  {
    MlirModule empty = mlirModuleCreateEmpty(mlirLocationUnknownGet(bare));
    MlirPassManager barePm = mlirPassManagerCreate(bare);
    report("add pipeline on the bare context",
           fp4AddLowerToHsacoPipeline(mlirPassManagerGetAsOpPassManager(barePm),
                                      (Fp4CompileOptions){NULL}));
    MlirLogicalResult ran =
        mlirPassManagerRunOnOp(barePm, mlirModuleGetOperation(empty));
    printf("pipeline on the bare context: %d\n",
           mlirLogicalResultIsSuccess(ran));
    mlirPassManagerDestroy(barePm);
    mlirModuleDestroy(empty);
  }
  // CHECK: add pipeline on the bare context: ok
  // CHECK: error: fp4-lower-to-hsaco needs interface models and LLVM IR translations the context does not have: BufferizableOpInterface ({{.*}}linalg{{.*}}), {{.*}}LLVM IR translation (llvm, rocdl), {{.*}}TilingInterface (linalg, tensor){{.*}}; register them with mlir::fp4::registerFp4Dialects (C: fp4RegisterDialects)
  // CHECK: pipeline on the bare context: 0
  mlirContextDestroy(bare);

  /* fp4RegisterDialects fills a registry with every dialect the pipeline
     touches. */
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  fp4RegisterDialects(registry);
  fp4RegisterDialects(registry); /* twice: harmless */
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  const char *names[] = {"mxfp4", "func", "gpu", "amdgpu", "rocdl", "llvm"};
  for (int i = 0; i < 6; ++i) {
    MlirDialect d = mlirContextGetOrLoadDialect(
        ctx, mlirStringRefCreateFromCString(names[i]));
    printf("registered %s: %d\n", names[i], !mlirDialectIsNull(d));
  }
  // CHECK: registered mxfp4: 1
  // CHECK: registered func: 1
  // CHECK: registered gpu: 1
  // CHECK: registered amdgpu: 1
  // CHECK: registered rocdl: 1
  // CHECK: registered llvm: 1

  /* Parse a generated GEMM and compile it with a pass pipeline given as
     text: needs fp4RegisterAllPasses (called twice: must be harmless). */
  fp4RegisterAllPasses();
  fp4RegisterAllPasses();
  Fp4GemmSpec spec = fp4GemmSpecGetDefault(16, 64, 256);
  Buffer text = generate(spec);
  // CHECK: generate: ok
  MlirModule module = mlirModuleCreateParse(ctx, bufferRef(&text));
  require(!mlirModuleIsNull(module), "parse");

  MlirPassManager pm = mlirPassManagerCreate(ctx);
  Buffer err = {NULL, 0};
  MlirLogicalResult parsed =
      mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm),
                            mlirStringRefCreateFromCString(
                                "builtin.module(fp4-lower-to-hsaco{mfma=32})"),
                            appendToBuffer, &err);
  printf("parse pipeline: %d %s\n", mlirLogicalResultIsSuccess(parsed),
         err.data ? err.data : "");
  // CHECK: parse pipeline: 1
  /* C's mlirParsePassPipeline takes an anchored pipeline: the bare
     elements (what C++'s parsePassPipeline(text, pm) takes) are refused. */
  {
    MlirPassManager bare = mlirPassManagerCreate(ctx);
    Buffer bareErr = {NULL, 0};
    MlirLogicalResult unanchored = mlirParsePassPipeline(
        mlirPassManagerGetAsOpPassManager(bare),
        mlirStringRefCreateFromCString("fp4-lower-to-hsaco{mfma=32}"),
        appendToBuffer, &bareErr);
    printf("unanchored pipeline: %d %s\n",
           mlirLogicalResultIsSuccess(unanchored),
           bareErr.data ? bareErr.data : "");
    free(bareErr.data);
    mlirPassManagerDestroy(bare);
  }
  // CHECK: unanchored pipeline: 0 expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'
  MlirLogicalResult ran =
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  printf("textual pipeline run: %d\n", mlirLogicalResultIsSuccess(ran));
  // CHECK: textual pipeline run: 1
  Buffer printed = {NULL, 0};
  printOperation(mlirModuleGetOperation(module), &printed);
  printf("gpu.binary: %d, mfma 32: %d, tensors left: %d\n",
         contains(bufferRef(&printed), "gpu.binary @gemm_16x64x256_kernel"),
         contains(bufferRef(&printed), "mfma = 32"),
         contains(bufferRef(&printed), "tensor<"));
  // CHECK: gpu.binary: 1, mfma 32: 1, tensors left: 0
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  free(printed.data);
  printed.data = NULL;
  printed.length = 0;

  /* The same pipeline added with fp4AddLowerToHsacoPipeline, with options
     and a GEMM configuration, on the caller's own pass manager; the
     introspection then comes from the module. */
  module = mlirModuleCreateParse(ctx, bufferRef(&text));
  pm = mlirPassManagerCreate(ctx);
  Fp4CompileOptions options = fp4CompileOptionsCreate();
  setOption(options, "mfma", "16");
  setOption(options, "a-quantizer", "exact");
  // CHECK: set mfma=16: ok
  // CHECK: set a-quantizer=exact: ok
  report("GEMM config",
         fp4CompileOptionsSetGemmConfig(
             options, mlirStringRefCreateFromCString("0"),
             mlirStringRefCreateFromCString(
                 "<mfma = 16, waves_m = 1, waves_n = 2, tiles_m = 1, "
                 "tiles_n = 1, split_k = 1>")));
  // CHECK: GEMM config: ok
  report("add pipeline", fp4AddLowerToHsacoPipeline(
                             mlirPassManagerGetAsOpPassManager(pm), options));
  // CHECK: add pipeline: ok
  ran = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  printOperation(mlirModuleGetOperation(module), &printed);
  printf("added pipeline run: %d, gpu.binary: %d\n",
         mlirLogicalResultIsSuccess(ran),
         contains(bufferRef(&printed), "gpu.binary"));
  // CHECK: added pipeline run: 1, gpu.binary: 1
  Fp4CompileResult found;
  MlirLogicalResult ok =
      fp4CompileResultCreateFromModule(mlirModuleGetOperation(module), &found);
  Fp4Binary bin = fp4CompileResultGetBinary(found, 0);
  Fp4LaunchInfo launch = fp4CompileResultGetLaunch(found, 0);
  printf("from the module: %d, binaries %ld, launch %.*s grid %u block %u, "
         "16x16x128 MFMA %d, exact quantizer %d, argument 0 %.*s\n",
         mlirLogicalResultIsSuccess(ok),
         (long)fp4CompileResultGetNumBinaries(found), (int)launch.kernel.length,
         launch.kernel.data, launch.grid[0], launch.block[0],
         contains(bin.deviceIR, "llvm.amdgcn.mfma.scale.f32.16x16x128"),
         !contains(bin.deviceIR, "llvm.amdgcn.cvt.scalef32.pk.fp4"),
         (int)fp4CompileResultGetArgument(found, launch.function, 0).role.length,
         fp4CompileResultGetArgument(found, launch.function, 0).role.data);
  // CHECK: from the module: 1, binaries 1, launch gemm_16x64x256_kernel grid 2 block 128, 16x16x128 MFMA 1, exact quantizer 1, argument 0 a
  fp4CompileResultDestroy(found);
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);

  /* The introspection refuses what is not a compiled module. */
  module = mlirModuleCreateParse(ctx, bufferRef(&text));
  ok = fp4CompileResultCreateFromModule(mlirModuleGetOperation(module), &found);
  printf("uncompiled module: %d %.*s", mlirLogicalResultIsSuccess(ok),
         (int)fp4CompileResultGetDiagnostics(found).length,
         fp4CompileResultGetDiagnostics(found).data);
  // CHECK: uncompiled module: 0 error: the module is not compiled: it still holds 'mxfp4.quantize'
  fp4CompileResultDestroy(found);
  MlirOperation func = mlirBlockGetFirstOperation(
      mlirModuleGetBody(module));
  ok = fp4CompileResultCreateFromModule(func, &found);
  printf("a func.func: %d %.*s", mlirLogicalResultIsSuccess(ok),
         (int)fp4CompileResultGetDiagnostics(found).length,
         fp4CompileResultGetDiagnostics(found).data);
  // CHECK: a func.func: 0 error: not a builtin.module
  fp4CompileResultDestroy(found);

  /* A configuration override naming no GEMM fails the run, located. */
  pm = mlirPassManagerCreate(ctx);
  report("GEMM config by name",
         fp4CompileOptionsSetGemmConfig(
             options, mlirStringRefCreateFromCString("layer7"),
             mlirStringRefCreateFromCString(
                 "<mfma = 16, waves_m = 1, waves_n = 2, tiles_m = 1, "
                 "tiles_n = 1, split_k = 1>")));
  // CHECK: GEMM config by name: ok
  report("add pipeline", fp4AddLowerToHsacoPipeline(
                             mlirPassManagerGetAsOpPassManager(pm), options));
  ran = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  printf("override of no GEMM: run %d\n", mlirLogicalResultIsSuccess(ran));
  // CHECK: a configuration override names GEMM 'layer7', but the module's 1 GEMM(s) have no such location
  // CHECK: override of no GEMM: run 0
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);

  /* A pass manager anchored elsewhere is refused with a message. */
  pm = mlirPassManagerCreateOnOperation(
      ctx, mlirStringRefCreateFromCString("func.func"));
  report("add pipeline to func.func",
         fp4AddLowerToHsacoPipeline(mlirPassManagerGetAsOpPassManager(pm),
                                    options));
  // CHECK: add pipeline to func.func: error: fp4-lower-to-hsaco runs on builtin.module, not on a pass manager anchored on 'func.func'
  mlirPassManagerDestroy(pm);
  fp4CompileOptionsDestroy(options);

  free(text.data);
  free(printed.data);
  free(err.data);
  mlirContextDestroy(ctx);
  printf("done\n");
  // CHECK: done
  return 0;
}
