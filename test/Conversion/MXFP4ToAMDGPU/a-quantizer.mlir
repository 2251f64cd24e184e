// The pass's output inside the pipeline (its input: the outlined kernel of
// this GEMM, convert-mxfp4-to-amdgpu.mlir), for each A quantizer. The
// pipeline records its a-quantizer on the module (mxfp4.a_quantizer) and in
// the GEMM's description.
// RUN: fp4-opt %s --fp4-lower-to-hsaco --mlir-print-ir-after=convert-mxfp4-to-amdgpu -o /dev/null 2>&1 | FileCheck %s
// RUN: fp4-opt %s --fp4-lower-to-hsaco=a-quantizer=hardware --mlir-print-ir-after=convert-mxfp4-to-amdgpu -o /dev/null 2>&1 | FileCheck %s
// RUN: fp4-opt %s --fp4-lower-to-hsaco=a-quantizer=exact --mlir-print-ir-after=convert-mxfp4-to-amdgpu -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXACT

// The hardware A quantizer (the default): the scale byte from integer operations as in the
// exact path; the codes from 16 gfx950 scaled conversions whose scale operand
// is the E8M0 byte E of a finite block (at most 254) shifted into the f32
// exponent field, E << 23; a block holding NaN or Inf (amax bits >=
// 0x7F800000) gets scale byte 0xFF and zero codes, selected after the
// conversions. One stage (stages = 1), so that the quantizer's code appears
// once.
// CHECK-LABEL: func.func @hardware
// CHECK-SAME: a_quantizer = "hardware"
// CHECK: gpu.func @hardware_kernel
// CHECK: scf.for
// CHECK: %[[AMAX:.+]] = vector.reduction <maxui>, %{{.+}} : vector<32xi32> into i32
// CHECK: %[[INF:.+]] = arith.constant 2139095040 : i32
// CHECK: %[[NONFINITE:.+]] = arith.cmpi uge, %[[AMAX]], %[[INF]] : i32
// CHECK: %[[BYTE:.+]] = arith.select %[[NONFINITE]], %c255_i32{{[_0-9]*}}, %[[E:[^ ]+]] : i32
// CHECK: %[[BYTE8:.+]] = arith.trunci %[[BYTE]] : i32 to i8
// CHECK: %[[C23:.+]] = arith.constant 23 : i32
// CHECK: %[[BITS:.+]] = arith.shli %[[E]], %[[C23]] : i32
// CHECK: %[[OPERAND:.+]] = arith.bitcast %[[BITS]] : i32 to f32
// CHECK-COUNT-16: amdgpu.packed_scaled_trunc %{{.+}} into {{.+}}[{{[0-3]}}], %[[OPERAND]] : vector<2xbf16> to vector<8xf4E2M1FN>
// CHECK: %[[DWORDS:.+]] = vector.shuffle %{{.+}}, %{{.+}} [0, 1, 2, 3] : vector<3xi32>, vector<1xi32>
// CHECK: %[[ZEROS:.+]] = arith.constant dense<0> : vector<4xi32>
// CHECK: %[[CODES:.+]] = arith.select %[[NONFINITE]], %[[ZEROS]], %[[DWORDS]] : vector<4xi32>
// CHECK: %[[VALUES:.+]] = vector.bitcast %[[CODES]] : vector<4xi32> to vector<32xf4E2M1FN>
// CHECK: %[[SCALE:.+]] = arith.bitcast %[[BYTE8]] : i8 to f8E8M0FNU
// CHECK: amdgpu.scaled_mfma 16x16x128 (%[[SCALE]][0] * %[[VALUES]])
// CHECK-NOT: vector.reduction <maxui>

// The exact quantizer: the same scale byte; the codes count the thresholds
// passed, without conversions, packed from 32 i16 lanes into 16 bytes.
// EXACT-LABEL: func.func @hardware
// EXACT-SAME: a_quantizer = "exact"
// EXACT: gpu.func @hardware_kernel
// EXACT: scf.for
// EXACT: %[[AMAX:.+]] = vector.reduction <maxui>, %{{.+}} : vector<32xi32> into i32
// EXACT: %[[NONFINITE:.+]] = arith.cmpi uge, %[[AMAX]], %{{.+}} : i32
// EXACT: %[[BYTE:.+]] = arith.select %[[NONFINITE]], %c255_i32{{[_0-9]*}}, %{{[^ ]+}} : i32
// EXACT-NOT: amdgpu.packed_scaled_trunc
// EXACT: %[[CODES:.+]] = arith.select %[[NONFINITE]], %{{.+}}, %{{.+}} : vector<32xi16>
// EXACT-NOT: amdgpu.packed_scaled_trunc
// EXACT: %[[BYTES:.+]] = arith.trunci %{{.+}} : vector<16xi16> to vector<16xi8>
// EXACT: %[[VALUES:.+]] = vector.bitcast %[[BYTES]] : vector<16xi8> to vector<32xf4E2M1FN>
// EXACT: amdgpu.scaled_mfma 16x16x128 (%{{.+}}[0] * %[[VALUES]])
func.func @hardware(%a: tensor<20x96xbf16>, %b: tensor<100x96xf4E2M1FN>, %bs: tensor<100x3xf8E8M0FNU>) -> tensor<20x100xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<20x96xbf16> -> tensor<20x96xf4E2M1FN>, tensor<20x3xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1, stages = 1>) : tensor<20x96xf4E2M1FN>, tensor<20x3xf8E8M0FNU>, tensor<100x96xf4E2M1FN>, tensor<100x3xf8E8M0FNU> -> tensor<20x100xbf16>
  return %c : tensor<20x100xbf16>
}
