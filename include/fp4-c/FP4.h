/*===- fp4-c/FP4.h - the whole fp4-mlir C API ---------------------*- C -*-===*\
|*                                                                            *|
|* Umbrella header of libFP4CAPI.so, which also exports MLIR's own C API      *|
|* (mlir-c/IR.h, mlir-c/Pass.h, ...) so that a C program needs no other       *|
|* library.                                                                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FP4_C_FP4_H
#define FP4_C_FP4_H

#include "fp4-c/Compile.h"
#include "fp4-c/Dialect/MXFP4.h"
#include "fp4-c/Export.h"
#include "fp4-c/Generate.h"
#include "fp4-c/Reference.h"
#include "fp4-c/Registration.h"
#include "fp4-c/Run.h"
#include "fp4-c/Runtime.h"
#include "fp4-c/Support.h"

#endif /* FP4_C_FP4_H */
