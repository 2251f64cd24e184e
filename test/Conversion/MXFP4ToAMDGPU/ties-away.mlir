// A quantized with ties away from zero (the MoE layer's quantizer), inside
// the pipeline (as a-quantizer.mlir). gfx950's conversions round ties to
// even, so whatever the a-quantizer option says the codes come from the
// exact integer sequence, with >= at every one of the seven E2M1
// thresholds: on bf16 lanes `m >= t` is the sign bit of `t - 1 - m`, the
// threshold's top half less one (65536 on the f32 bit pattern), seven
// times; ties to even takes it at three thresholds only (EVEN).
// RUN: fp4-opt %s --fp4-lower-to-hsaco --mlir-print-ir-after=convert-mxfp4-to-amdgpu -o /dev/null 2>&1 | FileCheck %s
// RUN: fp4-opt %s --fp4-lower-to-hsaco=a-quantizer=exact --mlir-print-ir-after=convert-mxfp4-to-amdgpu -o /dev/null 2>&1 | FileCheck %s
// RUN: sed 's/ ties = away//' %s | fp4-opt --fp4-lower-to-hsaco=a-quantizer=exact --mlir-print-ir-after=convert-mxfp4-to-amdgpu -o /dev/null 2>&1 | FileCheck %s --check-prefix=EVEN

// CHECK: gpu.func @away_kernel
// CHECK-NOT: amdgpu.packed_scaled_trunc
// CHECK: vector.reduction <maxui>
// CHECK-COUNT-7: arith.subi %{{.+}}, %c65536_i32{{[_0-9]*}} : i32
// CHECK-NOT: arith.subi %{{.+}}, %c65536_i32{{[_0-9]*}} : i32
// CHECK-NOT: amdgpu.packed_scaled_trunc
// CHECK: amdgpu.scaled_mfma 16x16x128
// EVEN: gpu.func @away_kernel
// EVEN-COUNT-3: arith.subi %{{.+}}, %c65536_i32{{[_0-9]*}} : i32
// EVEN-NOT: arith.subi %{{.+}}, %c65536_i32{{[_0-9]*}} : i32
// EVEN: amdgpu.scaled_mfma 16x16x128
func.func @away(%a: tensor<20x96xbf16>, %b: tensor<100x96xf4E2M1FN>, %bs: tensor<100x3xf8E8M0FNU>) -> tensor<20x100xbf16> {
  %q, %s = mxfp4.quantize %a ties = away : tensor<20x96xbf16> -> tensor<20x96xf4E2M1FN>, tensor<20x3xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<20x96xf4E2M1FN>, tensor<20x3xf8E8M0FNU>, tensor<100x96xf4E2M1FN>, tensor<100x3xf8E8M0FNU> -> tensor<20x100xbf16>
  return %c : tensor<20x100xbf16>
}
