// RUN: fp4-opt %s --fp4-approximate-math-functions | FileCheck %s

// erf and erfc become arithmetic: no call to a device library is left.
// CHECK-LABEL: func.func @erf
// CHECK-NOT: math.erf
// CHECK: arith.mulf
// CHECK-NOT: math.erf
// CHECK: return
func.func @erf(%x: f32, %v: vector<4xf32>) -> (f32, vector<4xf32>, f32) {
  %a = math.erf %x : f32
  %b = math.erf %v : vector<4xf32>
  %c = math.erfc %x : f32
  return %a, %b, %c : f32, vector<4xf32>, f32
}

// Other math functions are left to math-expand-ops and the backend.
// CHECK-LABEL: func.func @exp
// CHECK: math.exp
func.func @exp(%x: f32) -> f32 {
  %a = math.exp %x : f32
  return %a : f32
}
