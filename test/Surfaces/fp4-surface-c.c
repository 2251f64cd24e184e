/*===- fp4-surface-c.c - the C surface of the four-surface test -----------===*\
|*                                                                            *|
|* What a C host does, through the installed C API only (fp4-c/FP4.h and      *|
|* libFP4CAPI.so): the option text parsed by fp4CompileOptionsParse, the      *|
|* file's text compiled by fp4CompileToHsaco, the compiled module             *|
|* (fp4CompileResultGetModule) written out as it is.                          *|
|*                                                                            *|
|*   fp4-surface-c FILE [OPTION-TEXT]                                         *|
|*                                                                            *|
|* OPTION-TEXT is what fp4-opt takes between the quotes of                    *|
|* --fp4-lower-to-hsaco="...". Prints the module on stdout and exits 0, or    *|
|* the diagnostics (fp4CompileResultGetDiagnostics, or the status message of  *|
|* a refused option) on stderr and exits 1. test/Surfaces/surfaces.py         *|
|* compares it with fp4-opt, C++ and Python.                                  *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "fp4-c/FP4.h"

#include <stdio.h>
#include <stdlib.h>

/* The whole of `path`, or NULL with a message. */
static char *readFile(const char *path, size_t *length) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "error: cannot open '%s'\n", path);
    return NULL;
  }
  size_t capacity = 1 << 16, size = 0, n;
  char *data = (char *)malloc(capacity);
  while (data && (n = fread(data + size, 1, capacity - size, f)) > 0) {
    size += n;
    if (size == capacity) {
      capacity *= 2;
      char *grown = (char *)realloc(data, capacity);
      if (!grown)
        free(data);
      data = grown;
    }
  }
  fclose(f);
  if (!data)
    fprintf(stderr, "error: out of memory reading '%s'\n", path);
  *length = size;
  return data;
}

int main(int argc, char **argv) {
  if (argc != 2 && argc != 3) {
    fprintf(stderr, "usage: fp4-surface-c FILE [OPTION-TEXT]\n");
    return 2;
  }
  Fp4CompileOptions options = fp4CompileOptionsCreate();
  Fp4Status status = fp4CompileOptionsParse(
      options, mlirStringRefCreateFromCString(argc == 3 ? argv[2] : ""));
  if (!fp4StatusIsOk(status)) {
    MlirStringRef m = fp4StatusGetMessage(status);
    fprintf(stderr, "error: %.*s\n", (int)m.length, m.data);
    fp4StatusDestroy(status);
    fp4CompileOptionsDestroy(options);
    return 1;
  }

  size_t length;
  char *text = readFile(argv[1], &length);
  if (!text) {
    fp4CompileOptionsDestroy(options);
    return 1;
  }
  Fp4CompileResult result;
  MlirLogicalResult ok =
      fp4CompileToHsaco(mlirStringRefCreate(text, length), options, &result);
  int rc = 0;
  if (mlirLogicalResultIsSuccess(ok)) {
    MlirStringRef module = fp4CompileResultGetModule(result);
    fwrite(module.data, 1, module.length, stdout);
  } else {
    MlirStringRef d = fp4CompileResultGetDiagnostics(result);
    fwrite(d.data, 1, d.length, stderr);
    rc = 1;
  }
  fp4CompileResultDestroy(result);
  fp4CompileOptionsDestroy(options);
  free(text);
  return rc;
}
