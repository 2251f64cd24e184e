/*===- compile.c - C API: generate and compile GEMMs, and the errors ------===*\
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: rm -rf %t && mkdir -p %t
// RUN: fp4-capi-compile-test %t %S/../Integration/Fused/Inputs/bias_silu.mlir 2>&1 | FileCheck %s

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

/* Compiles `text` with `options`; dies on failure. */
static Fp4CompileResult compileOrDie(const char *what, MlirStringRef text,
                                     Fp4CompileOptions options) {
  Fp4CompileResult r;
  if (mlirLogicalResultIsFailure(fp4CompileToHsaco(text, options, &r))) {
    MlirStringRef d = fp4CompileResultGetDiagnostics(r);
    fprintf(stderr, "%s: %.*s", what, (int)d.length, d.data);
    require(0, what);
  }
  return r;
}

/* Whether `bytes` holds `needle`. */
static int holds(const uint8_t *bytes, size_t size, const char *needle) {
  return contains(mlirStringRefCreate((const char *)bytes, size), needle);
}

int main(int argc, char **argv) {
  require(argc == 3, "usage: fp4-capi-compile-test TMPDIR BIAS_SILU.mlir");
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

  /* The MoE layer fp4-gen moe prints, block_m by default (5 tokens' 15
     pairs over 7 experts: 16). */
  Fp4MoeLayerSpec moe = {
      5, 7, 3, 256, 64, 0, mlirStringRefCreateFromCString("layer")};
  Buffer moeText = {NULL, 0};
  report("generate moe", fp4GenerateMoeLayer(moe, appendToBuffer, &moeText));
  // CHECK-LABEL: generate moe: ok
  printf("%s", moeText.data);
  // CHECK: func.func @layer(%arg0: tensor<5x256xbf16> {fp4.arg = "hidden_states"}
  // CHECK: mxfp4.moe_align %arg6 experts = 7 block_m = 16
  // CHECK: mxfp4.grouped_matmul {{.*}} scatter(
  free(moeText.data);
  printf("default block_m: %ld %ld\n", (long)fp4MoeDefaultBlockM(5, 7, 3),
         (long)fp4MoeDefaultBlockM(256, 33, 9));
  // CHECK: default block_m: 16 32
  moe.topk = 9;
  report("generate moe top-9", fp4GenerateMoeLayer(moe, appendToBuffer, &none));
  // CHECK: generate moe top-9: error: top-k (9) cannot exceed the experts (7)
  moe.topk = 3;
  moe.blockM = 24;
  report("generate moe block_m 24",
         fp4GenerateMoeLayer(moe, appendToBuffer, &none));
  // CHECK: generate moe block_m 24: error: block_m must be a multiple of 16 in [16, 256], got 24
  printf("callback called: %d\n", none.data != NULL);
  // CHECK: callback called: 0

  /* Compile: the result owns the module, binaries, launches, arguments. */
  Fp4CompileResult r;
  MlirLogicalResult ok =
      fp4CompileToHsaco(bufferRef(&text), (Fp4CompileOptions){NULL}, &r);
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
  Fp4CompileOptions options = {NULL}; /* the defaults */
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

  /* Options: the pipeline's, by name, checked when they are set (the
     messages are fp4-opt's: options.c compares them). A refused value
     changes nothing. */
  options = fp4CompileOptionsCreate();
  printOptions("defaults", options);
  // CHECK-LABEL: defaults: a-quantizer=hardware {{(.* )?}}chip=gfx950 {{(.* )?}}dump-dir= {{(.* )?}}embed-device-ir=true {{(.* )?}}mfma=0 {{(.* )?}}opt-level=3 {{(.* )?}}tuned-configs=true
  setOption(options, "chip", "gfx942");
  // CHECK: set chip=gfx942: error: fp4-lower-to-hsaco: unsupported chip 'gfx942'; fp4-mlir targets gfx950
  setOption(options, "mfma", "8");
  // CHECK: set mfma=8: error: fp4-lower-to-hsaco: mfma must be 0, 16 or 32, got 8
  setOption(options, "opt-level", "4");
  // CHECK: set opt-level=4: error: fp4-lower-to-hsaco: opt-level must be 0 to 3, got 4
  setOption(options, "a-quantizer", "fast");
  // CHECK: set a-quantizer=fast: error: fp4-lower-to-hsaco: a-quantizer must be 'exact' or 'hardware', got 'fast'
  setOption(options, "tuned-configs", "maybe");
  // CHECK: set tuned-configs=maybe: error: fp4-lower-to-hsaco: option 'tuned-configs' takes true or false, not 'maybe'
  setOption(options, "a_quantizer", "exact");
  // CHECK: set a_quantizer=exact: error: fp4-lower-to-hsaco: no such option 'a_quantizer'; the options are a-quantizer, {{.*}}chip, {{.*}}tuned-configs
  setOption(options, "mfma=16 opt-level", "1");
  // CHECK: set mfma=16 opt-level=1: error: fp4-lower-to-hsaco: 'mfma=16 opt-level' is not an option name
  printOptions("unchanged", options);
  // CHECK: unchanged: a-quantizer=hardware {{(.* )?}}mfma=0 {{(.* )?}}opt-level=3
  report("parse", fp4CompileOptionsParse(
                      options, mlirStringRefCreateFromCString(
                                   "mfma=32 opt-level=0 tuned-configs=false")));
  // CHECK: parse: ok
  report("parse, one bad", fp4CompileOptionsParse(
                               options, mlirStringRefCreateFromCString(
                                            "mfma=16 opt-level=9")));
  // CHECK: parse, one bad: error: fp4-lower-to-hsaco: opt-level must be 0 to 3, got 9
  printOptions("after parse", options);
  // CHECK: after parse: {{.*}}mfma=32 {{(.* )?}}opt-level=0 {{(.* )?}}tuned-configs=false
  /* mfma 32 at O0 compiles; the result says how. */
  r = compileOrDie("mfma 32", bufferRef(&text), options);
  bin = fp4CompileResultGetBinary(r, 0);
  MlirStringRef used = fp4CompileResultGetOptions(r);
  printf("mfma 32 at O0: 32x32x64 MFMA in the IR: %d; options %.*s\n",
         contains(bin.deviceIR, "llvm.amdgcn.mfma.scale.f32.32x32x64"),
         (int)used.length, used.data);
  // CHECK: mfma 32 at O0: 32x32x64 MFMA in the IR: 1; options {{.*}}mfma=32 {{(.* )?}}opt-level=0
  fp4CompileResultDestroy(r);
  fp4CompileOptionsDestroy(options);

  /* Each option has its effect. a-quantizer: the hardware quantizer is the
     scaled conversion instruction, the exact one an integer sequence. */
  options = fp4CompileOptionsCreate();
  r = compileOrDie("hardware", bufferRef(&text), options);
  bin = fp4CompileResultGetBinary(r, 0);
  printf("a-quantizer=hardware: cvt.scalef32.pk.fp4 %d, .fp4.device_ir "
         "section %d\n",
         contains(bin.deviceIR, "llvm.amdgcn.cvt.scalef32.pk.fp4"),
         holds(bin.hsacoData, bin.hsacoSize, ".fp4.device_ir"));
  // CHECK: a-quantizer=hardware: cvt.scalef32.pk.fp4 1, .fp4.device_ir section 1
  fp4CompileResultDestroy(r);
  char dumpDir[4096];
  snprintf(dumpDir, sizeof dumpDir, "%s/dump dir", argv[1]);
  setOption(options, "a-quantizer", "exact");
  setOption(options, "embed-device-ir", "false");
  require(setOption(options, "dump-dir", dumpDir), "dump-dir");
  // CHECK: set a-quantizer=exact: ok
  // CHECK: set embed-device-ir=false: ok
  // CHECK: set dump-dir={{.*}}/dump dir: ok
  r = compileOrDie("exact", bufferRef(&text), options);
  bin = fp4CompileResultGetBinary(r, 0);
  printf("a-quantizer=exact: cvt.scalef32.pk.fp4 %d, .fp4.device_ir "
         "section %d\n",
         contains(bin.deviceIR, "llvm.amdgcn.cvt.scalef32.pk.fp4"),
         holds(bin.hsacoData, bin.hsacoSize, ".fp4.device_ir"));
  // CHECK: a-quantizer=exact: cvt.scalef32.pk.fp4 0, .fp4.device_ir section 0
  char dumped[4200];
  snprintf(dumped, sizeof dumped, "%s/gemm_16x64x256_kernel.hsaco", dumpDir);
  FILE *f = fopen(dumped, "rb");
  printf("dump-dir (a name with a space): %s written: %d\n",
         "gemm_16x64x256_kernel.hsaco", f != NULL);
  // CHECK: dump-dir (a name with a space): gemm_16x64x256_kernel.hsaco written: 1
  if (f)
    fclose(f);
  fp4CompileResultDestroy(r);
  fp4CompileOptionsDestroy(options);

  /* tuned-configs: 4x2880x512 is in the tuned table; the table's
     configuration and the formulas' differ in their launch. */
  Fp4GemmSpec tunedSpec = fp4GemmSpecGetDefault(4, 2880, 512);
  Buffer tunedText = generate(tunedSpec);
  // CHECK: generate: ok
  options = fp4CompileOptionsCreate();
  r = compileOrDie("tuned", bufferRef(&tunedText), options);
  Fp4LaunchInfo tuned = fp4CompileResultGetLaunch(r, 0);
  fp4CompileResultDestroy(r);
  setOption(options, "tuned-configs", "false");
  // CHECK: set tuned-configs=false: ok
  r = compileOrDie("untuned", bufferRef(&tunedText), options);
  Fp4LaunchInfo untuned = fp4CompileResultGetLaunch(r, 0);
  fp4CompileResultDestroy(r);
  printf("tuned-configs: tuned grid %u block %u, formulas grid %u block %u\n",
         tuned.grid[0], tuned.block[0], untuned.grid[0], untuned.block[0]);
  // CHECK: tuned-configs: tuned grid 90 block 512, formulas grid 180 block 256
  fp4CompileOptionsDestroy(options);
  free(tunedText.data);

  /* Per-GEMM configurations, by index or by location (the text is buffer
     "module"; the scaled_matmul is at 4:10), kept and checked by
     mxfp4-select-config. */
  const char *twoWaves = "#mxfp4.config<mfma = 16, waves_m = 1, waves_n = 2, "
                         "tiles_m = 1, tiles_n = 1, split_k = 1>";
  const char *keys[] = {"0", "4:10", "module:4:10"};
  for (int i = 0; i < 3; ++i) {
    options = fp4CompileOptionsCreate();
    report("set GEMM config",
           fp4CompileOptionsSetGemmConfig(
               options, mlirStringRefCreateFromCString(keys[i]),
               mlirStringRefCreateFromCString(twoWaves)));
    r = compileOrDie("config", bufferRef(&text), options);
    launch = fp4CompileResultGetLaunch(r, 0);
    printf("GEMM '%s' with 2 waves of 16x16 tiles: grid %u block %u\n",
           keys[i], launch.grid[0], launch.block[0]);
    fp4CompileResultDestroy(r);
    fp4CompileOptionsDestroy(options);
  }
  // CHECK: set GEMM config: ok
  // CHECK-NEXT: GEMM '0' with 2 waves of 16x16 tiles: grid 2 block 128
  // CHECK: GEMM '4:10' with 2 waves of 16x16 tiles: grid 2 block 128
  // CHECK: GEMM 'module:4:10' with 2 waves of 16x16 tiles: grid 2 block 128
  options = fp4CompileOptionsCreate();
  report("config that does not parse",
         fp4CompileOptionsSetGemmConfig(
             options, mlirStringRefCreateFromCString("0"),
             mlirStringRefCreateFromCString("#mxfp4.config<mfma = 16>")));
  // CHECK: config that does not parse: error: GEMM 0: {{.*}}
  report("not a config",
         fp4CompileOptionsSetGemmConfig(
             options, mlirStringRefCreateFromCString("0"),
             mlirStringRefCreateFromCString("42 : i32")));
  // CHECK: not a config: error: GEMM 0: {{.*}}'42 : i32' is not a #mxfp4.config
  report("config for GEMM 1",
         fp4CompileOptionsSetGemmConfig(
             options, mlirStringRefCreateFromCString("1"),
             mlirStringRefCreateFromCString(twoWaves)));
  compileText("GEMM 1 of 1", text.data, options);
  // CHECK: config for GEMM 1: ok
  // CHECK: GEMM 1 of 1: failure
  // CHECK: diagnostics: module:1:1: error: a configuration override names GEMM '1', but the module's 1 GEMM(s) have no such index
  fp4CompileOptionsDestroy(options);
  /* 7 waves along K add 32x32 tiles through LDS: more than gfx950 has.
     select-config refuses it at the GEMM, before the backend sees it. */
  options = fp4CompileOptionsCreate();
  report("LDS-hungry config",
         fp4CompileOptionsSetGemmConfig(
             options, mlirStringRefCreateFromCString("0"),
             mlirStringRefCreateFromCString(
                 "<mfma = 32, waves_m = 1, waves_n = 1, tiles_m = 4, "
                 "tiles_n = 8, split_k = 1, waves_k = 8>")));
  compileText("LDS-hungry", text.data, options);
  // CHECK: LDS-hungry config: ok
  // CHECK: LDS-hungry: failure
  // CHECK: diagnostics: module:4:10: error: 'mxfp4.scaled_matmul' op config needs {{[0-9]+}} bytes of LDS
  fp4CompileOptionsDestroy(options);

  /* A module compiled elsewhere: the same introspection from its text. */
  r = compileOrDie("default", bufferRef(&text), (Fp4CompileOptions){NULL});
  Fp4CompileResult again;
  ok = fp4CompileResultCreateFromText(fp4CompileResultGetModule(r), &again);
  launch = fp4CompileResultGetLaunch(again, 0);
  printf("from text: %d, binaries %ld, launches %ld, %.*s, arguments %ld, "
         "same HSACO %d\n",
         mlirLogicalResultIsSuccess(ok),
         (long)fp4CompileResultGetNumBinaries(again),
         (long)fp4CompileResultGetNumLaunches(again),
         (int)launch.kernel.length, launch.kernel.data,
         (long)fp4CompileResultGetNumArguments(again, launch.function),
         fp4CompileResultGetBinary(again, 0).hsacoSize ==
                 fp4CompileResultGetBinary(r, 0).hsacoSize &&
             memcmp(fp4CompileResultGetBinary(again, 0).hsacoData,
                    fp4CompileResultGetBinary(r, 0).hsacoData,
                    fp4CompileResultGetBinary(r, 0).hsacoSize) == 0);
  // CHECK: from text: 1, binaries 1, launches 1, gemm_16x64x256_kernel, arguments 4, same HSACO 1
  fp4CompileResultDestroy(again);
  fp4CompileResultDestroy(r);
  ok = fp4CompileResultCreateFromText(bufferRef(&text), &again);
  printf("from uncompiled text: %d\n", mlirLogicalResultIsSuccess(ok));
  printDiagnostics(again);
  // CHECK: from uncompiled text: 0
  // CHECK-NEXT: diagnostics: error: the module is not compiled: it still holds 'mxfp4.quantize'
  fp4CompileResultDestroy(again);

  /* A fused epilogue with a constant (SiLU's 1.0): refused from C while
     libFP4CAPI.so kept private copies of MLIR's TypeIDs
     (shared-statics.test). */
  {
    FILE *in = fopen(argv[2], "rb");
    require(in != NULL, "open bias_silu.mlir");
    Buffer program = {NULL, 0};
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, in)) > 0)
      appendToBuffer(mlirStringRefCreate(chunk, n), &program);
    fclose(in);
    compileText("bias + SiLU with a constant", program.data,
                (Fp4CompileOptions){NULL});
    free(program.data);
  }
  // CHECK: bias + SiLU with a constant: success, binaries 1, module empty 0
  // CHECK-NEXT: diagnostics: none

  free(text.data);
  printf("done\n");
  // CHECK: done
  return 0;
}
