// RUN: fp4-opt %s --fp4-gemm-results-to-out-params | FileCheck %s

// A described GEMM function takes C as its last argument, which the
// kernel writes directly; other functions keep their results.
// CHECK-LABEL: func.func @gemm
// CHECK-SAME: (%{{.+}}: memref<16x128xbf16> {fp4.arg = "a"}, %[[C:.+]]: memref<16x64xbf16> {fp4.arg = "c"})
// CHECK-NOT: memref.alloc
// CHECK: linalg.fill {{.*}} outs(%[[C]] : memref<16x64xbf16>)
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @other
// CHECK-SAME: -> memref<4xf32>
func.func @gemm(%a: memref<16x128xbf16> {fp4.arg = "a"}) -> (memref<16x64xbf16> {fp4.arg = "c"}) attributes {fp4.gemm = {m = 16 : i64}} {
  %z = arith.constant 0.0 : bf16
  %c = memref.alloc() : memref<16x64xbf16>
  linalg.fill ins(%z : bf16) outs(%c : memref<16x64xbf16>)
  return %c : memref<16x64xbf16>
}
func.func @other() -> memref<4xf32> {
  %c = memref.alloc() : memref<4xf32>
  return %c : memref<4xf32>
}
