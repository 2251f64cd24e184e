/*===- fp4-embed-c-example.c - embed fp4-mlir from C --------------*- C -*-===*\
|*                                                                            *|
|* The C API alone: generate a GEMM, compile it to HSACO, read its code       *|
|* object, and run it on the CPU emulator against the reference.              *|
|*                                                                            *|
|*   fp4-embed-c-example [M N K]     (default: 16 256 512)                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "fp4-c/FP4.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char *data;
  size_t length;
} Text;

static void append(MlirStringRef piece, void *userData) {
  Text *t = (Text *)userData;
  t->data = (char *)realloc(t->data, t->length + piece.length + 1);
  memcpy(t->data + t->length, piece.data, piece.length);
  t->length += piece.length;
  t->data[t->length] = 0;
}

static int fail(Fp4Status s) {
  MlirStringRef m = fp4StatusGetMessage(s);
  fprintf(stderr, "error: %.*s\n", (int)m.length, m.data);
  fp4StatusDestroy(s);
  return 1;
}

int main(int argc, char **argv) {
  Fp4GemmSpec spec = fp4GemmSpecGetDefault(16, 256, 512);
  if (argc == 4) {
    spec.m = atoll(argv[1]);
    spec.n = atoll(argv[2]);
    spec.k = atoll(argv[3]);
  }
  Text text = {NULL, 0};
  Fp4Status s = fp4GenerateGemm(spec, append, &text);
  if (!fp4StatusIsOk(s))
    return fail(s);

  /* The pipeline's options by name, as on the fp4-opt command line. */
  Fp4CompileOptions options = fp4CompileOptionsCreate();
  s = fp4CompileOptionsParse(options,
                             mlirStringRefCreateFromCString("opt-level=3"));
  if (!fp4StatusIsOk(s))
    return fail(s);
  Fp4CompileResult compiled;
  MlirLogicalResult ok = fp4CompileToHsaco(
      mlirStringRefCreate(text.data, text.length), options, &compiled);
  fp4CompileOptionsDestroy(options);
  if (mlirLogicalResultIsFailure(ok)) {
    MlirStringRef d = fp4CompileResultGetDiagnostics(compiled);
    fprintf(stderr, "%.*s", (int)d.length, d.data);
    return 1;
  }
  for (intptr_t i = 0; i < fp4CompileResultGetNumBinaries(compiled); ++i) {
    Fp4Binary bin = fp4CompileResultGetBinary(compiled, i);
    Fp4CodeObject co;
    if (!fp4StatusIsOk(
            s = fp4CodeObjectRead(bin.hsacoData, bin.hsacoSize, &co)))
      return fail(s);
    printf("gpu.binary @%.*s: HSACO %zu bytes\n", (int)bin.name.length,
           bin.name.data, bin.hsacoSize);
    for (intptr_t k = 0; k < fp4CodeObjectGetNumKernels(co); ++k) {
      Fp4KernelInfo info = fp4CodeObjectGetKernel(co, k);
      printf("  kernel %.*s: %u VGPRs, %u SGPRs\n", (int)info.name.length,
             info.name.data, info.vgprCount, info.sgprCount);
    }
    fp4CodeObjectDestroy(co);
  }

  Fp4RunOptions runOptions = fp4RunOptionsGetDefault();
  runOptions.device.kind = FP4_DEVICE_EMULATOR;
  runOptions.check = true;
  Fp4RunResult run;
  ok = fp4RunModule(fp4CompileResultGetModule(compiled), runOptions, &run);
  if (mlirLogicalResultIsFailure(ok)) {
    MlirStringRef e = fp4RunResultGetError(run);
    fprintf(stderr, "error: %.*s\n", (int)e.length, e.data);
    return 1;
  }
  printf("emulator check: %s (%lld mismatches)\n",
         fp4RunResultPassed(run) ? "PASSED" : "FAILED",
         (long long)fp4RunResultGetMismatches(run));
  int rc = fp4RunResultPassed(run) ? 0 : 1;
  fp4RunResultDestroy(run);
  fp4CompileResultDestroy(compiled);
  free(text.data);
  return rc;
}
