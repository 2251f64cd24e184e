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
  mlirContextDestroy(bare);

  /* fp4RegisterDialects fills a registry with every dialect the pipeline
     touches. */
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  fp4RegisterDialects(registry);
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

  /* The same pipeline added with fp4AddLowerToHsacoPipeline. */
  module = mlirModuleCreateParse(ctx, bufferRef(&text));
  pm = mlirPassManagerCreate(ctx);
  Fp4CompileOptions options = fp4CompileOptionsGetDefault();
  options.mfma = 16;
  report("add pipeline", fp4AddLowerToHsacoPipeline(
                             mlirPassManagerGetAsOpPassManager(pm), options));
  // CHECK: add pipeline: ok
  ran = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  printOperation(mlirModuleGetOperation(module), &printed);
  printf("added pipeline run: %d, gpu.binary: %d, mfma 16: %d\n",
         mlirLogicalResultIsSuccess(ran),
         contains(bufferRef(&printed), "gpu.binary"),
         contains(bufferRef(&printed), "mfma = 16"));
  // CHECK: added pipeline run: 1, gpu.binary: 1, mfma 16: 1
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

  /* A bad option is refused when the pipeline is added. */
  pm = mlirPassManagerCreate(ctx);
  options.chip = mlirStringRefCreateFromCString("gfx942");
  report("add gfx942 pipeline",
         fp4AddLowerToHsacoPipeline(mlirPassManagerGetAsOpPassManager(pm),
                                    options));
  // CHECK: add gfx942 pipeline: error: fp4-lower-to-hsaco: unsupported chip 'gfx942'; fp4-mlir targets gfx950
  mlirPassManagerDestroy(pm);

  free(text.data);
  free(printed.data);
  free(err.data);
  mlirContextDestroy(ctx);
  printf("done\n");
  // CHECK: done
  return 0;
}
