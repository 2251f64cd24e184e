// fp4-check-registrations on a context with everything fp4-opt registers:
// nothing is missing and the IR is unchanged. What a context with less gets
// (the dialects without their interface models, no LLVM IR translations) is
// tested where such a context can be built: unittests/Registration and
// test/CAPI/registration.c.
// RUN: fp4-opt %s --fp4-check-registrations | FileCheck %s
// RUN: fp4-opt %s --fp4-lower-to-hsaco --mlir-print-ir-after=fp4-check-registrations -o /dev/null 2>&1 | FileCheck %s --check-prefix=FIRST

// CHECK-LABEL: func.func @gemm
// CHECK-NEXT: mxfp4.quantize
// CHECK-NEXT: mxfp4.scaled_matmul
// CHECK-NEXT: return
// The first pass of fp4-lower-to-hsaco.
// FIRST: IR Dump After CheckRegistrations (fp4-check-registrations)
// FIRST-NEXT: module
func.func @gemm(%a: tensor<16x128xbf16>, %b: tensor<32x128xf4E2M1FN>, %bs: tensor<32x4xf8E8M0FNU>) -> tensor<16x32xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<16x128xbf16> -> tensor<16x128xf4E2M1FN>, tensor<16x4xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs : tensor<16x128xf4E2M1FN>, tensor<16x4xf8E8M0FNU>, tensor<32x128xf4E2M1FN>, tensor<32x4xf8E8M0FNU> -> tensor<16x32xbf16>
  return %c : tensor<16x32xbf16>
}
