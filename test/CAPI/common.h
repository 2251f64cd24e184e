/*===- common.h - helpers of the C API test programs --------------*- C -*-===*\
|*                                                                            *|
|* A growable string for MlirStringCallback output, status printing, and a    *|
|* helper that generates and compiles a GEMM.                                 *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FP4_TEST_CAPI_COMMON_H
#define FP4_TEST_CAPI_COMMON_H

#include "fp4-c/FP4.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char *data;
  size_t length;
} Buffer;

static inline void appendToBuffer(MlirStringRef s, void *userData) {
  Buffer *b = (Buffer *)userData;
  b->data = (char *)realloc(b->data, b->length + s.length + 1);
  memcpy(b->data + b->length, s.data, s.length);
  b->length += s.length;
  b->data[b->length] = 0;
}

static inline MlirStringRef bufferRef(const Buffer *b) {
  return mlirStringRefCreate(b->data, b->length);
}

/// Prints "<what>: ok" or "<what>: error: <message>" and releases `s`;
/// returns whether it succeeded.
static inline int report(const char *what, Fp4Status s) {
  if (fp4StatusIsOk(s)) {
    printf("%s: ok\n", what);
    return 1;
  }
  MlirStringRef m = fp4StatusGetMessage(s);
  printf("%s: error: %.*s\n", what, (int)m.length, m.data);
  fp4StatusDestroy(s);
  return 0;
}

/// Dies with a message: for steps the rest of a test depends on.
static inline void require(int ok, const char *what) {
  if (!ok) {
    fprintf(stderr, "FATAL: %s\n", what);
    exit(1);
  }
}

/// The GEMM module of `spec` as text (caller frees .data).
static inline Buffer generate(Fp4GemmSpec spec) {
  Buffer text = {NULL, 0};
  require(report("generate", fp4GenerateGemm(spec, appendToBuffer, &text)),
          "generate");
  return text;
}

/// Generates and compiles the GEMM of `spec` with default options.
static inline Fp4CompileResult compileGemm(Fp4GemmSpec spec) {
  Buffer text = generate(spec);
  Fp4CompileResult result;
  /* A null options handle: the pipeline's defaults. */
  MlirLogicalResult ok =
      fp4CompileToHsaco(bufferRef(&text), (Fp4CompileOptions){NULL}, &result);
  if (mlirLogicalResultIsFailure(ok)) {
    MlirStringRef d = fp4CompileResultGetDiagnostics(result);
    fprintf(stderr, "%.*s", (int)d.length, d.data);
  }
  require(mlirLogicalResultIsSuccess(ok), "compile");
  free(text.data);
  return result;
}

/// Prints the options as fp4CompileOptionsPrint writes them.
static inline void printOptions(const char *what, Fp4CompileOptions options) {
  Buffer text = {NULL, 0};
  fp4CompileOptionsPrint(options, appendToBuffer, &text);
  printf("%s: %s\n", what, text.data ? text.data : "");
  free(text.data);
}

/// Sets option `name` to `value`; prints an error.
static inline int setOption(Fp4CompileOptions options, const char *name,
                            const char *value) {
  char what[256];
  snprintf(what, sizeof what, "set %s=%s", name, value);
  return report(what, fp4CompileOptionsSet(
                          options, mlirStringRefCreateFromCString(name),
                          mlirStringRefCreateFromCString(value)));
}

static inline int contains(MlirStringRef haystack, const char *needle) {
  size_t n = strlen(needle);
  for (size_t i = 0; i + n <= haystack.length; ++i)
    if (memcmp(haystack.data + i, needle, n) == 0)
      return 1;
  return 0;
}

#endif /* FP4_TEST_CAPI_COMMON_H */
