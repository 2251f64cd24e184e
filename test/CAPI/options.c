/*===- options.c - the pipeline's options: one parser, one message --------===*\
|*                                                                            *|
|* fp4-opt, the C API and Python take fp4-lower-to-hsaco's options as text    *|
|* and parse it with the same function (parseLowerToHsacoOptions): each bad   *|
|* option below gets the same message on every surface, and good text the     *|
|* same options.                                                              *|
|*                                                                            *|
|*   fp4-capi-options-test TEXT         fp4CompileOptionsParse(TEXT)          *|
|*   fp4-capi-options-test NAME VALUE   fp4CompileOptionsSet(NAME, VALUE)     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: echo 'module {}' > %t.mlir
// RUN: rm -f %t.py && echo 'import sys, fp4mlir as fm' > %t.py
// RUN: echo 'try: print("ok:", fm.CompileOptions(sys.argv[1]).text())' >> %t.py
// RUN: echo 'except fm.CompileError as e: print("error:", e)' >> %t.py
// RUN: rm -f %t.kw.py && echo 'import sys, fp4mlir as fm' > %t.kw.py
// RUN: echo 'try: print("ok:", fm.pipeline_options(**{sys.argv[1]: sys.argv[2]}))' >> %t.kw.py
// RUN: echo 'except fm.CompileError as e: print("error:", e)' >> %t.kw.py

// RUN: not fp4-opt %t.mlir --fp4-lower-to-hsaco='mfma=abc' 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: not fp4-opt %t.mlir --pass-pipeline='builtin.module(fp4-lower-to-hsaco{mfma=abc})' 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: fp4-capi-options-test 'mfma=abc' | FileCheck %s --check-prefix=TYPE
// RUN: fp4-capi-options-test mfma abc | FileCheck %s --check-prefix=TYPE
// RUN: env PYTHONPATH=%fp4_obj_root/python %fp4_python %t.py 'mfma=abc' | FileCheck %s --check-prefix=TYPE
// RUN: env PYTHONPATH=%fp4_obj_root/python %fp4_python %t.kw.py mfma abc | FileCheck %s --check-prefix=TYPE
// TYPE: error: fp4-lower-to-hsaco: option 'mfma' takes an integer, not 'abc'

// RUN: not fp4-opt %t.mlir --fp4-lower-to-hsaco='a-quantiser=exact' 2>&1 | FileCheck %s --check-prefix=NAME
// RUN: fp4-capi-options-test 'a-quantiser=exact' | FileCheck %s --check-prefix=NAME
// RUN: env PYTHONPATH=%fp4_obj_root/python %fp4_python %t.py 'a-quantiser=exact' | FileCheck %s --check-prefix=NAME
// RUN: env PYTHONPATH=%fp4_obj_root/python %fp4_python %t.kw.py a_quantiser exact | FileCheck %s --check-prefix=NAME
// NAME: error: fp4-lower-to-hsaco: no such option 'a-quantiser'; the options are a-quantizer, chip, dump-dir, embed-device-ir, mfma, opt-level, tuned-configs

// RUN: not fp4-opt %t.mlir --fp4-lower-to-hsaco='tuned-configs=false a-quantizer=fast' 2>&1 | FileCheck %s --check-prefix=VALUE
// RUN: fp4-capi-options-test 'tuned-configs=false a-quantizer=fast' | FileCheck %s --check-prefix=VALUE
// RUN: fp4-capi-options-test a-quantizer fast | FileCheck %s --check-prefix=VALUE
// RUN: env PYTHONPATH=%fp4_obj_root/python %fp4_python %t.py 'tuned-configs=false a-quantizer=fast' | FileCheck %s --check-prefix=VALUE
// RUN: env PYTHONPATH=%fp4_obj_root/python %fp4_python %t.kw.py a_quantizer fast | FileCheck %s --check-prefix=VALUE
// VALUE: error: fp4-lower-to-hsaco: a-quantizer must be 'exact' or 'hardware', got 'fast'

// RUN: not fp4-opt %t.mlir --fp4-lower-to-hsaco='opt-level=4' 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: fp4-capi-options-test opt-level 4 | FileCheck %s --check-prefix=RANGE
// RUN: env PYTHONPATH=%fp4_obj_root/python %fp4_python %t.kw.py opt_level 4 | FileCheck %s --check-prefix=RANGE
// RANGE: error: fp4-lower-to-hsaco: opt-level must be 0 to 3, got 4

// RUN: not fp4-opt %t.mlir --fp4-lower-to-hsaco='dump-dir="out' 2>&1 | FileCheck %s --check-prefix=QUOTE
// RUN: fp4-capi-options-test 'dump-dir="out' | FileCheck %s --check-prefix=QUOTE
// RUN: env PYTHONPATH=%fp4_obj_root/python %fp4_python %t.py 'dump-dir="out' | FileCheck %s --check-prefix=QUOTE
// QUOTE: error: fp4-lower-to-hsaco: missing closing " in the value of 'dump-dir'

// RUN: not fp4-opt %t.mlir --fp4-lower-to-hsaco='mfma' 2>&1 | FileCheck %s --check-prefix=BARE
// RUN: fp4-capi-options-test 'mfma' | FileCheck %s --check-prefix=BARE
// BARE: error: fp4-lower-to-hsaco: option 'mfma' needs a value

// Good text: the same options everywhere (fp4-opt hands them to the passes
// it builds).
// RUN: fp4-opt %t.mlir --fp4-lower-to-hsaco='mfma=16 a-quantizer=exact tuned-configs embed-device-ir=0 dump-dir="a b"' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPT-GOOD
// OPT-GOOD: mxfp4-select-config{a-quantizer=exact chip=gfx950 mfma=16 {{.*}}tuned-configs=true}
// OPT-GOOD: fp4-serialize-to-hsaco{chip=gfx950 dump-dir={a b} embed-device-ir=false opt-level=3}
// RUN: fp4-capi-options-test 'mfma=16 a-quantizer=exact tuned-configs embed-device-ir=0 dump-dir="a b"' | FileCheck %s --check-prefix=GOOD
// RUN: env PYTHONPATH=%fp4_obj_root/python %fp4_python %t.py 'mfma=16 a-quantizer=exact tuned-configs embed-device-ir=0 dump-dir="a b"' | FileCheck %s --check-prefix=GOOD
// GOOD: ok: a-quantizer=exact chip=gfx950 dump-dir={a b} embed-device-ir=false mfma=16 opt-level=3 tuned-configs=true

#include "fp4-c/FP4.h"

#include <stdio.h>
#include <stdlib.h>

static void print(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

int main(int argc, char **argv) {
  if (argc != 2 && argc != 3) {
    fprintf(stderr, "usage: fp4-capi-options-test TEXT | NAME VALUE\n");
    return 2;
  }
  Fp4CompileOptions options = fp4CompileOptionsCreate();
  Fp4Status s =
      argc == 2
          ? fp4CompileOptionsParse(options,
                                   mlirStringRefCreateFromCString(argv[1]))
          : fp4CompileOptionsSet(options,
                                 mlirStringRefCreateFromCString(argv[1]),
                                 mlirStringRefCreateFromCString(argv[2]));
  if (fp4StatusIsOk(s)) {
    printf("ok: ");
    fp4CompileOptionsPrint(options, print, NULL);
    printf("\n");
  } else {
    MlirStringRef m = fp4StatusGetMessage(s);
    printf("error: %.*s\n", (int)m.length, m.data);
    fp4StatusDestroy(s);
  }
  fp4CompileOptionsDestroy(options);
  return 0;
}
