/*===- run.c - C API: fp4RunModule, fp4-run in one call -------------------===*\
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: rm -rf %t && mkdir -p %t && fp4-capi-run-test %t 2>&1 | FileCheck %s

#include "common.h"

static void printRun(const char *what, MlirLogicalResult ok, Fp4RunResult r) {
  MlirStringRef err = fp4RunResultGetError(r);
  printf("%s: %s, checked %d, passed %d, mismatches %lld, worst < 0.01 %d\n",
         what, mlirLogicalResultIsSuccess(ok) ? "ran" : "failed",
         fp4RunResultChecked(r), fp4RunResultPassed(r),
         (long long)fp4RunResultGetMismatches(r),
         fp4RunResultGetWorstAbsError(r) < 0.01);
  if (err.length)
    printf("  error: %.*s\n", (int)err.length, err.data);
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  require(argc == 2, "usage: fp4-capi-run-test <scratch dir>");
  Fp4GemmSpec spec = fp4GemmSpecGetDefault(40, 32, 128);
  spec.bLayout = FP4_B_LAYOUT_PLAIN;
  Fp4CompileResult compiled = compileGemm(spec);
  MlirStringRef module = fp4CompileResultGetModule(compiled);

  Fp4RunOptions options = fp4RunOptionsGetDefault();
  options.device.kind = FP4_DEVICE_EMULATOR;
  options.check = true;
  options.data = FP4_DATA_BLOCKED;
  char output[4096];
  snprintf(output, sizeof output, "%s/c.npy", argv[1]);
  options.outputFile = mlirStringRefCreateFromCString(output);
  options.inputsDir = mlirStringRefCreateFromCString(argv[1]);
  Fp4RunResult r;
  MlirLogicalResult ok = fp4RunModule(module, options, &r);
  printRun("blocked", ok, r);
  // CHECK: blocked: ran, checked 1, passed 1, mismatches 0, worst < 0.01 1
  MlirStringRef log = fp4RunResultGetLog(r);
  printf("%.*s", (int)log.length, log.data);
  // CHECK: @gemm_40x32x128 (40x32x128, B plain) on emulator
  // CHECK: launch gemm_40x32x128_kernel
  // CHECK: PASSED
  fp4RunResultDestroy(r);
  FILE *f = fopen(output, "rb");
  printf("wrote C: %d\n", f != NULL);
  // CHECK: wrote C: 1
  if (f)
    fclose(f);

  /* Inputs from the files the first run wrote. */
  const char *roles[] = {"a", "b", "b_scales"};
  char paths[3][4096];
  MlirStringRef roleRefs[3], pathRefs[3];
  for (int i = 0; i < 3; ++i) {
    snprintf(paths[i], sizeof paths[i], "%s/%s.npy", argv[1], roles[i]);
    roleRefs[i] = mlirStringRefCreateFromCString(roles[i]);
    pathRefs[i] = mlirStringRefCreateFromCString(paths[i]);
  }
  Fp4RunOptions fromFiles = fp4RunOptionsGetDefault();
  fromFiles.device.kind = FP4_DEVICE_EMULATOR;
  fromFiles.check = true;
  fromFiles.numInputFiles = 3;
  fromFiles.inputRoles = roleRefs;
  fromFiles.inputFiles = pathRefs;
  ok = fp4RunModule(module, fromFiles, &r);
  printRun("from files", ok, r);
  // CHECK: from files: ran, checked 1, passed 1, mismatches 0
  fp4RunResultDestroy(r);

  /* The errors. */
  fromFiles.numInputFiles = 1;
  pathRefs[0] = mlirStringRefCreateFromCString("/nonexistent/a.npy");
  ok = fp4RunModule(module, fromFiles, &r);
  printRun("missing input file", ok, r);
  // CHECK: missing input file: failed
  // CHECK-NEXT: error: {{.*}}/nonexistent/a.npy
  fp4RunResultDestroy(r);

  Buffer tensorLevel = generate(spec);
  ok = fp4RunModule(bufferRef(&tensorLevel), options, &r);
  printRun("not compiled", ok, r);
  // CHECK: not compiled: failed, checked 0
  // CHECK-NEXT: error: no function in the module launches a kernel; compile it with fp4-opt --fp4-lower-to-hsaco first
  fp4RunResultDestroy(r);
  free(tensorLevel.data);

  ok = fp4RunModule(mlirStringRefCreateFromCString("module { %x = }"), options,
                    &r);
  printRun("malformed", ok, r);
  // CHECK: malformed: failed
  // CHECK-NEXT: error: module:1:{{[0-9]+}}: error:
  fp4RunResultDestroy(r);

  Fp4RunOptions badRepeat = options;
  badRepeat.repeat = 0;
  ok = fp4RunModule(module, badRepeat, &r);
  printRun("repeat 0", ok, r);
  // CHECK: repeat 0: failed
  // CHECK-NEXT: error: repeat must be at least 1
  fp4RunResultDestroy(r);

  Fp4RunOptions badData = options;
  badData.data = (Fp4InputData)9;
  ok = fp4RunModule(module, badData, &r);
  printRun("data kind 9", ok, r);
  // CHECK: data kind 9: failed
  // CHECK-NEXT: error: unknown input data kind 9
  fp4RunResultDestroy(r);

  Fp4RunOptions wrongEntry = options;
  wrongEntry.entry = mlirStringRefCreateFromCString("nope");
  ok = fp4RunModule(module, wrongEntry, &r);
  printRun("wrong entry", ok, r);
  // CHECK: wrong entry: failed
  // CHECK-NEXT: error: no function @nope in the module
  fp4RunResultDestroy(r);

  fp4CompileResultDestroy(compiled);
  printf("done\n");
  // CHECK: done
  return 0;
}
