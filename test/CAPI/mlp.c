/*===- mlp.c - C API: a 2-layer MLP, compiled, run and checked ------------===*\
|*                                                                            *|
|* Inputs/mlp.mlir (layer 1: GEMM + bias + SiLU with its constant, output     *|
|* quantized to MXFP4; layer 2: a GEMM on it) compiled with the default       *|
|* options and then a-quantizer=exact, run on the emulator through the JIT    *|
|* with inputs written as .npy, and each layer checked against the reference  *|
|* library: the quantized activation against the reference's quantization of *|
|* the reference's activation (at most 1% of codes and scales may differ, by  *|
|* one E2M1 step: the kernel's bf16 activation may differ from the           *|
|* reference's in the last bit), the output against the reference GEMM of    *|
|* the kernel's own activation (|y - ref| <= 0.01 + 0.01|ref|).              *|
|* test/python/test_mlp.py does the same from Python.                        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: rm -rf %t && mkdir -p %t
// RUN: fp4-capi-mlp-test %S/Inputs/mlp.mlir %t 2>&1 | FileCheck %s

#include "common.h"

#include <math.h>

enum { M = 32, K = 256, N1 = 128, N2 = 64 };

/// Writes a C-order .npy file (format 1.0).
static void writeNpy(const char *dir, const char *name, const char *descr,
                     const int64_t *shape, int rank, const void *data,
                     size_t bytes) {
  char path[4096], header[256], dims[64] = "";
  snprintf(path, sizeof path, "%s/%s.npy", dir, name);
  for (int i = 0; i < rank; ++i)
    snprintf(dims + strlen(dims), sizeof dims - strlen(dims), "%lld, ",
             (long long)shape[i]);
  int n = snprintf(header, sizeof header,
                   "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }",
                   descr, dims);
  /* Magic (6) + version (2) + length (2) + header, padded to 64 bytes. */
  int total = (10 + n + 1 + 63) / 64 * 64;
  memset(header + n, ' ', total - 10 - n - 1);
  header[total - 10 - 1] = '\n';
  uint16_t length = (uint16_t)(total - 10);
  FILE *f = fopen(path, "wb");
  require(f != NULL, "create .npy");
  fwrite("\x93NUMPY\x01\x00", 1, 8, f);
  fputc(length & 0xff, f);
  fputc(length >> 8, f);
  fwrite(header, 1, length, f);
  fwrite(data, 1, bytes, f);
  fclose(f);
}

/// Reads the data of a .npy file that holds `bytes` bytes of data.
static void readNpy(const char *path, void *data, size_t bytes) {
  FILE *f = fopen(path, "rb");
  require(f != NULL, "open .npy output");
  unsigned char prefix[10];
  require(fread(prefix, 1, 10, f) == 10 && memcmp(prefix, "\x93NUMPY", 6) == 0,
          ".npy magic");
  require(prefix[6] == 1, ".npy version 1");
  fseek(f, 10 + prefix[8] + 256 * prefix[9], SEEK_SET);
  require(fread(data, 1, bytes, f) == bytes, ".npy data size");
  require(fgetc(f) == EOF, ".npy holds more data than expected");
  fclose(f);
}

/// Dies, with the message, when `s` is a failure; quiet otherwise.
static void ok(const char *what, Fp4Status s) {
  if (!fp4StatusIsOk(s))
    require(report(what, s), what);
}

/* The problem's data, generated once. */
static uint16_t x[M * K];
static uint8_t w1q[N1 * K / 2], w1s[N1 * K / 32], w1qShuffled[N1 * K / 2];
static uint8_t *w1sShuffled;
static int64_t w1sRows, w1sCols;
static float b1[N1];
static uint8_t w2q[N2 * N1 / 2], w2s[N2 * N1 / 32];

static void makeInputs(const char *dir) {
  ok("x", fp4RandnBf16Blocked(5, M, K, x));
  uint16_t w1[N1 * K], w2[N2 * N1], bias[N1];
  ok("W1", fp4RandnBf16(6, N1 * K, w1));
  ok("quantize W1", fp4QuantizeBf16(w1, N1, K, FP4_SCALE_MODE_EVEN, w1q, w1s));
  ok("shuffle W1", fp4ShuffleWeight(w1q, N1, K / 2, w1qShuffled));
  ok("shuffled scales shape",
     fp4GetShuffledScalesShape(N1, K / 32, &w1sRows, &w1sCols));
  w1sShuffled = malloc(w1sRows * w1sCols);
  ok("shuffle W1 scales", fp4ShuffleScales(w1s, N1, K / 32, w1sShuffled, 0));
  /* A bias that differs per column: N(0,1) x 4 x 2^(j % 5 - 2). */
  ok("b1", fp4RandnBf16(7, N1, bias));
  fp4Bf16ToF32(bias, N1, b1);
  for (int j = 0; j < N1; ++j)
    b1[j] *= 4.0f * ldexpf(1.0f, j % 5 - 2);
  ok("W2", fp4RandnBf16Blocked(8, N2, N1, w2));
  ok("quantize W2", fp4QuantizeBf16(w2, N2, N1, FP4_SCALE_MODE_EVEN, w2q, w2s));

  int64_t xShape[] = {M, K}, w1Shape[] = {N1, K / 2},
          s1Shape[] = {w1sRows, w1sCols}, b1Shape[] = {N1},
          w2Shape[] = {N2, N1 / 2}, s2Shape[] = {N2, N1 / 32};
  writeNpy(dir, "0", "<u2", xShape, 2, x, sizeof x);
  writeNpy(dir, "1", "|u1", w1Shape, 2, w1qShuffled, sizeof w1qShuffled);
  writeNpy(dir, "2", "|u1", s1Shape, 2, w1sShuffled, w1sRows * w1sCols);
  writeNpy(dir, "3", "<f4", b1Shape, 1, b1, sizeof b1);
  writeNpy(dir, "4", "|u1", w2Shape, 2, w2q, sizeof w2q);
  writeNpy(dir, "5", "|u1", s2Shape, 2, w2s, sizeof w2s);
}

/* One E2M1 step at the magnitude of `v` under scale byte `s`. */
static float oneStep(float v, uint8_t s) {
  float scale = ldexpf(1.0f, (int)s - 127), mag = fabsf(v) / scale;
  return (mag <= 2 ? 0.5f : mag <= 4 ? 1.0f : 2.0f) * scale;
}

/* Compiles, runs and checks the MLP with `optionText`. */
static void runMlp(const char *what, const char *optionText, Buffer *program,
                   const char *dir) {
  Fp4CompileOptions options = fp4CompileOptionsCreate();
  ok("options",
     fp4CompileOptionsParse(options, mlirStringRefCreateFromCString(optionText)));
  Fp4CompileResult compiled;
  MlirLogicalResult done =
      fp4CompileToHsaco(bufferRef(program), options, &compiled);
  fp4CompileOptionsDestroy(options);
  MlirStringRef used = fp4CompileResultGetOptions(compiled);
  printf("%s: compiled %d, %ld kernels, options %.*s\n", what,
         mlirLogicalResultIsSuccess(done),
         (long)fp4CompileResultGetNumLaunches(compiled), (int)used.length,
         used.data);
  if (mlirLogicalResultIsFailure(done)) {
    MlirStringRef d = fp4CompileResultGetDiagnostics(compiled);
    printf("%.*s", (int)d.length, d.data);
    fp4CompileResultDestroy(compiled);
    return;
  }

  Fp4RunOptions run = fp4RunOptionsGetDefault();
  run.device.kind = FP4_DEVICE_EMULATOR;
  run.entry = mlirStringRefCreateFromCString("mlp");
  char inputPaths[6][4096], outputPaths[3][4096];
  const char *inputNames[] = {"0", "1", "2", "3", "4", "5"};
  const char *outputNames[] = {"r0", "r1", "r2"};
  MlirStringRef inRoles[6], inFiles[6], outNames[3], outFiles[3];
  for (int i = 0; i < 6; ++i) {
    snprintf(inputPaths[i], sizeof inputPaths[i], "%s/%s.npy", dir,
             inputNames[i]);
    inRoles[i] = mlirStringRefCreateFromCString(inputNames[i]);
    inFiles[i] = mlirStringRefCreateFromCString(inputPaths[i]);
  }
  for (int i = 0; i < 3; ++i) {
    snprintf(outputPaths[i], sizeof outputPaths[i], "%s/%s-%s.npy", dir, what,
             outputNames[i]);
    outNames[i] = mlirStringRefCreateFromCString(outputNames[i]);
    outFiles[i] = mlirStringRefCreateFromCString(outputPaths[i]);
  }
  run.numInputFiles = 6;
  run.inputRoles = inRoles;
  run.inputFiles = inFiles;
  Fp4RunResult r;
  done = fp4RunModuleWithOutputs(fp4CompileResultGetModule(compiled), run,
                                 false, 3, outNames, outFiles, &r);
  MlirStringRef err = fp4RunResultGetError(r);
  printf("%s: ran %d %.*s\n", what, mlirLogicalResultIsSuccess(done),
         (int)err.length, err.data);
  fp4RunResultDestroy(r);
  fp4CompileResultDestroy(compiled);
  if (mlirLogicalResultIsFailure(done))
    return;

  static uint16_t y[M * N2];
  static uint8_t hq[M * N1 / 2], hs[M * N1 / 32];
  readNpy(outputPaths[0], y, sizeof y);
  readNpy(outputPaths[1], hq, sizeof hq);
  readNpy(outputPaths[2], hs, sizeof hs);

  /* Layer 1: the reference's GEMM, bias, SiLU, bf16 and quantization. */
  static float c1[M * N1], h[M * N1], got[M * N1], want[M * N1];
  static uint16_t hBf16[M * N1];
  static uint8_t rq[M * N1 / 2], rs[M * N1 / 32];
  ok("reference layer 1",
     fp4ReferenceGemm(x, M, K, w1q, w1s, N1, FP4_SCALE_MODE_EVEN, c1));
  for (int i = 0; i < M * N1; ++i) {
    float z = c1[i] + b1[i % N1];
    h[i] = z / (1.0f + expf(-z));
  }
  fp4F32ToBf16(h, M * N1, hBf16);
  ok("quantize h", fp4QuantizeBf16(hBf16, M, N1, FP4_SCALE_MODE_EVEN, rq, rs));
  ok("dequantize h", fp4Dequantize(hq, hs, M, N1, got));
  ok("dequantize reference h", fp4Dequantize(rq, rs, M, N1, want));
  int scalesDiffer = 0, codesDiffer = 0, far = 0, nonzero = 0;
  for (int i = 0; i < M * N1 / 32; ++i)
    scalesDiffer += hs[i] != rs[i];
  for (int i = 0; i < M * N1; ++i) {
    nonzero += got[i] != 0;
    if (got[i] == want[i])
      continue;
    ++codesDiffer;
    uint8_t s = rs[i / 32];
    float step = fmaxf(oneStep(got[i], s), oneStep(want[i], s));
    far += fabsf(got[i] - want[i]) > step;
  }
  int layer1 = scalesDiffer <= M * N1 / 32 / 100 &&
               codesDiffer <= M * N1 / 100 && far == 0 &&
               nonzero > M * N1 / 4;
  printf("%s: layer 1 %s (%d of %d scales and %d of %d codes differ, %d by "
         "more than a step)\n",
         what, layer1 ? "matches the reference" : "DIFFERS", scalesDiffer,
         M * N1 / 32, codesDiffer, M * N1, far);

  /* Layer 2: the reference GEMM of the kernel's own quantized h. */
  static float yRef[M * N2], yF32[M * N2];
  ok("reference layer 2",
     fp4ReferenceGemmQuantized(hq, hs, M, w2q, w2s, N2, N1, yRef));
  fp4Bf16ToF32(y, M * N2, yF32);
  Fp4CheckResult check = fp4CheckOutput(yF32, yRef, M * N2, 0.01, 0.01);
  printf("%s: layer 2 %s (%lld of %d outside 0.01 + 0.01|ref|)\n", what,
         check.mismatches == 0 && check.nanMismatches == 0
             ? "matches the reference"
             : "DIFFERS",
         (long long)check.mismatches, M * N2);
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  require(argc == 3, "usage: fp4-capi-mlp-test MLP.mlir TMPDIR");
  FILE *in = fopen(argv[1], "rb");
  require(in != NULL, "open mlp.mlir");
  Buffer program = {NULL, 0};
  char chunk[4096];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, in)) > 0)
    appendToBuffer(mlirStringRefCreate(chunk, n), &program);
  fclose(in);
  makeInputs(argv[2]);

  runMlp("default", "", &program, argv[2]);
  // CHECK: default: compiled 1, 2 kernels, options a-quantizer=hardware {{.*}}
  // CHECK-NEXT: default: ran 1
  // CHECK-NEXT: default: layer 1 matches the reference
  // CHECK-NEXT: default: layer 2 matches the reference (0 of 2048 outside
  runMlp("exact", "a-quantizer=exact", &program, argv[2]);
  // CHECK: exact: compiled 1, 2 kernels, options a-quantizer=exact {{.*}}
  // CHECK-NEXT: exact: ran 1
  // CHECK-NEXT: exact: layer 1 matches the reference
  // CHECK-NEXT: exact: layer 2 matches the reference (0 of 2048 outside

  free(program.data);
  free(w1sShuffled);
  printf("done\n");
  // CHECK: done
  return 0;
}
