//===- Reference.h - The whole reference numerics library -------*- C++ -*-===//
//
// Umbrella header of FP4Reference, the oracle of every execution test. It
// includes no MLIR or LLVM header and shares no code with the compiler.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_REFERENCE_REFERENCE_H
#define FP4_REFERENCE_REFERENCE_H

#include "fp4/Reference/Check.h"
#include "fp4/Reference/Formats.h"
#include "fp4/Reference/Gemm.h"
#include "fp4/Reference/Moe.h"
#include "fp4/Reference/MoeAlign.h"
#include "fp4/Reference/Packing.h"
#include "fp4/Reference/Quantize.h"
#include "fp4/Reference/Random.h"
#include "fp4/Reference/Shuffle.h"
#include "fp4/Reference/Status.h"

#endif // FP4_REFERENCE_REFERENCE_H
