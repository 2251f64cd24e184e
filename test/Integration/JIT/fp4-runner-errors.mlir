// fp4-runner's refusals: each with its message and a non-zero exit, and the
// results mlir-runner's conventions print.
//
// RUN: fp4-runner %s -e answer --entry-point-result=i32 | FileCheck %s --check-prefix=I32
// I32: 42
// RUN: fp4-runner %s -e half --entry-point-result=f32 | FileCheck %s --check-prefix=F32
// F32: 0.5
// RUN: fp4-runner %s -e main
//
// RUN: not fp4-runner %s -e nope 2>&1 | FileCheck %s --check-prefix=NOENTRY
// NOENTRY: error: no function @nope to run
// RUN: not fp4-runner %s -e takes_arg 2>&1 | FileCheck %s --check-prefix=ARGS
// ARGS: fp4-runner-errors.mlir:[[# @LINE + 24]]:3: error: the entry function must take no arguments
// RUN: not fp4-runner %s -e main --entry-point-result=i32 2>&1 | FileCheck %s --check-prefix=RESULT
// RESULT: error: the entry function returns '!llvm.void', not --entry-point-result=i32
// RUN: not fp4-runner %s --entry-point-result=f64 2>&1 | FileCheck %s --check-prefix=KIND
// KIND: fp4-runner: --entry-point-result must be void, i32, i64 or f32, not 'f64'
// RUN: not fp4-runner %s %s 2>&1 | FileCheck %s --check-prefix=CLASH
// CLASH: error: @answer is defined by two of the inputs
// RUN: env FP4_DEVICE=gpu not fp4-runner %s 2>&1 | FileCheck %s --check-prefix=ENV
// ENV: fp4-runner: FP4_DEVICE must be auto, hip or emu, not 'gpu'
// RUN: not fp4-runner %s.missing 2>&1 | FileCheck %s --check-prefix=FILE
// FILE: fp4-runner: cannot open input file '{{.*}}.missing'

module {
  func.func @answer() -> i32 {
    %c = arith.constant 42 : i32
    return %c : i32
  }
  func.func @half() -> f32 {
    %c = arith.constant 0.5 : f32
    return %c : f32
  }
  func.func @main() {
    return
  }
  func.func @takes_arg(%x: i32) {
    return
  }
}
