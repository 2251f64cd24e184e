/*===- compile.c - C API: generate and compile GEMMs, and the errors ------===*\
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: fp4-capi-compile-test 2>&1 | FileCheck %s

#include "common.h"

static void printDiagnostics(Fp4CompileResult r) {
  MlirStringRef d = fp4CompileResultGetDiagnostics(r);
  if (d.length == 0)
    printf("diagnostics: none\n");
  else
    printf("diagnostics: %.*s", (int)d.length, d.data);
}

/* Compiles `text` with `options` and prints whether it worked. */
static void compileText(const char *what, const char *text,
                        Fp4CompileOptions options) {
  Fp4CompileResult r;
  MlirLogicalResult ok =
      fp4CompileToHsaco(mlirStringRefCreateFromCString(text), options, &r);
  printf("%s: %s, binaries %ld, module empty %d\n", what,
         mlirLogicalResultIsSuccess(ok) ? "success" : "failure",
         (long)fp4CompileResultGetNumBinaries(r),
         fp4CompileResultGetModule(r).length == 0);
  printDiagnostics(r);
  fp4CompileResultDestroy(r);
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);

  /* The generator: fp4-gen's function. */
  Fp4GemmSpec spec = fp4GemmSpecGetDefault(16, 64, 256);
  Buffer text = generate(spec);
  printf("%s", text.data);
  // CHECK-LABEL: generate: ok
  // CHECK: func.func @gemm_16x64x256(%arg0: tensor<16x256xbf16>, %arg1: tensor<64x256xf4E2M1FN>, %arg2: tensor<256x8xf8E8M0FNU>) -> tensor<16x64xbf16>
  // CHECK: mxfp4.quantize %arg0 : tensor<16x256xbf16>
  // CHECK: mxfp4.scaled_matmul {{.*}} b_layout = preshuffled

  Fp4GemmSpec plain = fp4GemmSpecGetDefault(20, 48, 64);
  plain.bLayout = FP4_B_LAYOUT_PLAIN;
  plain.out = FP4_OUT_F32;
  plain.aQuantized = true;
  plain.name = mlirStringRefCreateFromCString("my_gemm");
  Buffer plainText = generate(plain);
  printf("%s", plainText.data);
  // CHECK-LABEL: generate: ok
  // CHECK: func.func @my_gemm(%arg0: tensor<20x64xf4E2M1FN>, %arg1: tensor<20x2xf8E8M0FNU>, %arg2: tensor<48x64xf4E2M1FN>, %arg3: tensor<48x2xf8E8M0FNU>) -> tensor<20x48xf32>
  // CHECK-NOT: mxfp4.quantize
  // CHECK: mxfp4.scaled_matmul %arg0, %arg1, %arg2, %arg3 : tensor<20x64xf4E2M1FN>
  // CHECK-NOT: preshuffled
  // CHECK: generate K=100
  free(plainText.data);

  Fp4GemmSpec bad = fp4GemmSpecGetDefault(16, 64, 100);
  Buffer none = {NULL, 0};
  report("generate K=100", fp4GenerateGemm(bad, appendToBuffer, &none));
  // CHECK-SAME: : error: K must be a multiple of 32 (one E8M0 scale per 32 values), got 100
  bad = fp4GemmSpecGetDefault(16, 20, 64);
  report("generate N=20", fp4GenerateGemm(bad, appendToBuffer, &none));
  // CHECK: generate N=20: error: a pre-shuffled B needs N to be a multiple of 16, got 20; use the plain layout
  bad = fp4GemmSpecGetDefault(0, 16, 64);
  report("generate M=0", fp4GenerateGemm(bad, appendToBuffer, &none));
  // CHECK: generate M=0: error: M, N and K must be positive, got 0x16x64
  bad = fp4GemmSpecGetDefault(16, 64, 64);
  bad.bLayout = (Fp4BLayout)7;
  report("generate layout 7", fp4GenerateGemm(bad, appendToBuffer, &none));
  // CHECK: generate layout 7: error: unknown B layout 7
  printf("callback called: %d\n", none.data != NULL);
  // CHECK: callback called: 0

  /* Compile: the result owns the module, binaries, launches, arguments. */
  Fp4CompileResult r;
  MlirLogicalResult ok =
      fp4CompileToHsaco(bufferRef(&text), fp4CompileOptionsGetDefault(), &r);
  printf("compile: %d succeeded: %d\n", mlirLogicalResultIsSuccess(ok),
         fp4CompileResultSucceeded(r));
  // CHECK-LABEL: compile: 1 succeeded: 1
  printDiagnostics(r);
  // CHECK-NEXT: diagnostics: none
  MlirStringRef module = fp4CompileResultGetModule(r);
  printf("module has gpu.binary: %d, launch_func: %d\n",
         contains(module, "gpu.binary @gemm_16x64x256_kernel"),
         contains(module, "gpu.launch_func"));
  // CHECK: module has gpu.binary: 1, launch_func: 1
  printf("binaries: %ld\n", (long)fp4CompileResultGetNumBinaries(r));
  // CHECK: binaries: 1
  Fp4Binary bin = fp4CompileResultGetBinary(r, 0);
  printf("binary %.*s: ELF %d, HSACO > 4 KiB %d, IR has amdgcn triple %d, "
         "scaled MFMA %d\n",
         (int)bin.name.length, bin.name.data,
         bin.hsacoSize > 4 && memcmp(bin.hsacoData,
                                     "\x7f"
                                     "ELF",
                                     4) == 0,
         bin.hsacoSize > 4096, contains(bin.deviceIR, "amdgcn-amd-amdhsa"),
         contains(bin.deviceIR, "llvm.amdgcn.mfma.scale.f32.16x16x128"));
  // CHECK: binary gemm_16x64x256_kernel: ELF 1, HSACO > 4 KiB 1, IR has amdgcn triple 1, scaled MFMA 1

  printf("launches: %ld\n", (long)fp4CompileResultGetNumLaunches(r));
  // CHECK: launches: 1
  Fp4LaunchInfo launch = fp4CompileResultGetLaunch(r, 0);
  printf("launch %.*s -> %.*s::%.*s grid %ux%ux%u block %ux%ux%u\n",
         (int)launch.function.length, launch.function.data,
         (int)launch.binary.length, launch.binary.data,
         (int)launch.kernel.length, launch.kernel.data, launch.grid[0],
         launch.grid[1], launch.grid[2], launch.block[0], launch.block[1],
         launch.block[2]);
  // CHECK: launch gemm_16x64x256 -> gemm_16x64x256_kernel::gemm_16x64x256_kernel grid {{[1-9][0-9]*}}x1x1 block {{[1-9][0-9]*}}x1x1
  intptr_t nargs = fp4CompileResultGetNumArguments(r, launch.function);
  for (intptr_t i = 0; i < launch.numOperands; ++i) {
    intptr_t a = fp4CompileResultGetLaunchOperandArgument(r, 0, i);
    Fp4ArgumentInfo info = fp4CompileResultGetArgument(r, launch.function, a);
    printf("operand %ld = argument %ld of %ld: %.*s, %lld bytes\n", (long)i,
           (long)a, (long)nargs, (int)info.role.length, info.role.data,
           (long long)info.bytes);
  }
  // CHECK: operand 0 = argument 0 of 4: a, 8192 bytes
  // CHECK: operand 1 = argument 1 of 4: b, 8192 bytes
  // CHECK: operand 2 = argument 2 of 4: b_scales, 2048 bytes
  // CHECK: operand 3 = argument 3 of 4: c, 2048 bytes
  printf("no such function: %ld\n",
         (long)fp4CompileResultGetNumArguments(
             r, mlirStringRefCreateFromCString("nope")));
  // CHECK: no such function: -1
  fp4CompileResultDestroy(r);

  /* The errors: each a failure with a diagnostic, never a crash. */
  Fp4CompileOptions options = fp4CompileOptionsGetDefault();
  compileText("malformed", "module { func.func @f( }", options);
  // CHECK-LABEL: malformed: failure, binaries 0, module empty 1
  // CHECK: diagnostics: module:1:{{[0-9]+}}: error: expected
  compileText("not a module at all", "\x01\x02 garbage", options);
  // CHECK-LABEL: not a module at all: failure
  // CHECK: diagnostics: module:1:1: error:
  compileText("unknown op", "func.func @f() { mxfp4.nope }", options);
  // CHECK-LABEL: unknown op: failure
  // CHECK: error: {{.*}}mxfp4.nope
  compileText("empty", "  // only a comment\n", options);
  // CHECK-LABEL: empty: failure, binaries 0, module empty 1
  // CHECK: diagnostics: module:1:1: error: the input is empty (nothing but white space and comments): there is nothing to compile
  /* 100000 nested brackets would overflow the parser's stack and kill this
     process; the text is refused before the parser sees it. */
  {
    enum { depth = 100000 };
    char *deep = malloc(depth + 1);
    memset(deep, '(', depth);
    deep[depth] = '\0';
    compileText("deep", deep, options);
    free(deep);
  }
  // CHECK-LABEL: deep: failure, binaries 0, module empty 1
  // CHECK: diagnostics: module:1:1001: error: brackets nested deeper than 1000 levels; refused rather than overflow the parser's stack

  options.chip = mlirStringRefCreateFromCString("gfx942");
  compileText("wrong chip", text.data, options);
  // CHECK-LABEL: wrong chip: failure, binaries 0, module empty 1
  // CHECK: diagnostics: error: fp4-lower-to-hsaco: unsupported chip 'gfx942'; fp4-mlir targets gfx950
  options = fp4CompileOptionsGetDefault();
  options.mfma = 8;
  compileText("mfma 8", text.data, options);
  // CHECK-LABEL: mfma 8: failure
  // CHECK: error: fp4-lower-to-hsaco: mfma must be 0, 16 or 32, got 8
  options = fp4CompileOptionsGetDefault();
  options.optLevel = 7;
  compileText("opt-level 7", text.data, options);
  // CHECK-LABEL: opt-level 7: failure
  // CHECK: error: fp4-lower-to-hsaco: opt-level must be 0 to 3, got 7

  /* Refused before anything runs, even for a module with nothing to
     compile. */
  options = fp4CompileOptionsGetDefault();
  options.optLevel = 4;
  compileText("opt-level 4, no GEMM", "module {}", options);
  // CHECK-LABEL: opt-level 4, no GEMM: failure
  // CHECK: diagnostics: error: fp4-lower-to-hsaco: opt-level must be 0 to 3, got 4

  /* Empty chip means the default; mfma 32 and O0 compile. */
  options = fp4CompileOptionsGetDefault();
  options.chip = mlirStringRefCreateFromCString("");
  options.mfma = 32;
  options.optLevel = 0;
  ok = fp4CompileToHsaco(bufferRef(&text), options, &r);
  bin = fp4CompileResultGetBinary(r, 0);
  printf("mfma 32 at O0: %d, 32x32x64 MFMA in the IR: %d\n",
         mlirLogicalResultIsSuccess(ok),
         contains(bin.deviceIR, "llvm.amdgcn.mfma.scale.f32.32x32x64"));
  // CHECK: mfma 32 at O0: 1, 32x32x64 MFMA in the IR: 1
  fp4CompileResultDestroy(r);

  free(text.data);
  printf("done\n");
  // CHECK: done
  return 0;
}
