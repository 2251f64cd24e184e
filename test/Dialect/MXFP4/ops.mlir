// RUN: fp4-opt %s | fp4-opt | FileCheck %s
// RUN: fp4-opt %s --mlir-print-op-generic | fp4-opt | FileCheck %s
// RUN: fp4-opt %s --emit-bytecode | fp4-opt | FileCheck %s

// Round trip of every mxfp4 op and attribute form, through the custom
// syntax, the generic syntax and bytecode.

// CHECK-LABEL: func.func @quantize_bf16_rank1
// CHECK-SAME: (%[[A:.+]]: tensor<64xbf16>)
// CHECK: %[[Q:.+]], %[[S:.+]] = mxfp4.quantize %[[A]] : tensor<64xbf16> -> tensor<64xf4E2M1FN>, tensor<2xf8E8M0FNU>
// CHECK: return %[[Q]], %[[S]]
func.func @quantize_bf16_rank1(%a: tensor<64xbf16>) -> (tensor<64xf4E2M1FN>, tensor<2xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %a : tensor<64xbf16> -> tensor<64xf4E2M1FN>, tensor<2xf8E8M0FNU>
  return %q, %s : tensor<64xf4E2M1FN>, tensor<2xf8E8M0FNU>
}

// CHECK-LABEL: func.func @quantize_f16_rank2
// CHECK-SAME: (%[[A:.+]]: tensor<16x7168xf16>)
// CHECK: %{{.+}}, %{{.+}} = mxfp4.quantize %[[A]] : tensor<16x7168xf16> -> tensor<16x7168xf4E2M1FN>, tensor<16x224xf8E8M0FNU>
func.func @quantize_f16_rank2(%a: tensor<16x7168xf16>) -> (tensor<16x7168xf4E2M1FN>, tensor<16x224xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %a : tensor<16x7168xf16> -> tensor<16x7168xf4E2M1FN>, tensor<16x224xf8E8M0FNU>
  return %q, %s : tensor<16x7168xf4E2M1FN>, tensor<16x224xf8E8M0FNU>
}

// CHECK-LABEL: func.func @quantize_f32_rank3
// CHECK-SAME: (%[[A:.+]]: tensor<2x3x96xf32>)
// CHECK: mxfp4.quantize %[[A]] : tensor<2x3x96xf32> -> tensor<2x3x96xf4E2M1FN>, tensor<2x3x3xf8E8M0FNU>
func.func @quantize_f32_rank3(%a: tensor<2x3x96xf32>) -> (tensor<2x3x96xf4E2M1FN>, tensor<2x3x3xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %a : tensor<2x3x96xf32> -> tensor<2x3x96xf4E2M1FN>, tensor<2x3x3xf8E8M0FNU>
  return %q, %s : tensor<2x3x96xf4E2M1FN>, tensor<2x3x3xf8E8M0FNU>
}

// Dynamic dimensions are allowed on quantize; only the known ones are checked.
// CHECK-LABEL: func.func @quantize_dynamic
// CHECK: mxfp4.quantize %{{.+}} : tensor<?x?xbf16> -> tensor<?x?xf4E2M1FN>, tensor<?x?xf8E8M0FNU>
func.func @quantize_dynamic(%a: tensor<?x?xbf16>) -> (tensor<?x?xf4E2M1FN>, tensor<?x?xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %a : tensor<?x?xbf16> -> tensor<?x?xf4E2M1FN>, tensor<?x?xf8E8M0FNU>
  return %q, %s : tensor<?x?xf4E2M1FN>, tensor<?x?xf8E8M0FNU>
}

// CHECK-LABEL: func.func @quantize_floor
// CHECK: mxfp4.quantize %{{.+}} mode = floor : tensor<4x64xbf16>
func.func @quantize_floor(%a: tensor<4x64xbf16>) -> (tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %a mode = floor : tensor<4x64xbf16> -> tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
  return %q, %s : tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
}

// Ties away from zero (aiter's fused MoE quantizer), with either scale rule.
// CHECK-LABEL: func.func @quantize_ties_away
// CHECK: mxfp4.quantize %{{[^ ]+}} ties = away : tensor<4x64xbf16>
// CHECK: mxfp4.quantize %{{[^ ]+}} mode = floor ties = away : tensor<4x64xf32>
// CHECK: mxfp4.quantize %{{[^ ]+}} : tensor<4x64xbf16>
func.func @quantize_ties_away(%a: tensor<4x64xbf16>, %b: tensor<4x64xf32>) -> (tensor<4x64xf4E2M1FN>, tensor<4x64xf4E2M1FN>, tensor<4x64xf4E2M1FN>) {
  %q, %s = mxfp4.quantize %a ties = away : tensor<4x64xbf16> -> tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
  %q2, %s2 = mxfp4.quantize %b mode = floor ties = away : tensor<4x64xf32> -> tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
  // `ties = even` is the default and is not printed.
  %q3, %s3 = mxfp4.quantize %a ties = even : tensor<4x64xbf16> -> tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
  return %q, %q2, %q3 : tensor<4x64xf4E2M1FN>, tensor<4x64xf4E2M1FN>, tensor<4x64xf4E2M1FN>
}

// `even` is the default and is not printed.
// CHECK-LABEL: func.func @quantize_even_elided
// CHECK: mxfp4.quantize %{{[^ ]+}} : tensor<4x64xbf16>
func.func @quantize_even_elided(%a: tensor<4x64xbf16>) -> (tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %a mode = even : tensor<4x64xbf16> -> tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
  return %q, %s : tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
}

// CHECK-LABEL: func.func @dequantize_f32
// CHECK-SAME: (%[[V:.+]]: tensor<4x64xf4E2M1FN>, %[[S:.+]]: tensor<4x2xf8E8M0FNU>)
// CHECK: %[[X:.+]] = mxfp4.dequantize %[[V]], %[[S]] : tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU> -> tensor<4x64xf32>
// CHECK: return %[[X]]
func.func @dequantize_f32(%v: tensor<4x64xf4E2M1FN>, %s: tensor<4x2xf8E8M0FNU>) -> tensor<4x64xf32> {
  %x = mxfp4.dequantize %v, %s : tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU> -> tensor<4x64xf32>
  return %x : tensor<4x64xf32>
}

// CHECK-LABEL: func.func @dequantize_bf16_rank1
// CHECK: mxfp4.dequantize %{{.+}}, %{{.+}} : tensor<32xf4E2M1FN>, tensor<1xf8E8M0FNU> -> tensor<32xbf16>
func.func @dequantize_bf16_rank1(%v: tensor<32xf4E2M1FN>, %s: tensor<1xf8E8M0FNU>) -> tensor<32xbf16> {
  %x = mxfp4.dequantize %v, %s : tensor<32xf4E2M1FN>, tensor<1xf8E8M0FNU> -> tensor<32xbf16>
  return %x : tensor<32xbf16>
}

// CHECK-LABEL: func.func @dequantize_f16_rank3
// CHECK: mxfp4.dequantize %{{.+}}, %{{.+}} : tensor<2x8x128xf4E2M1FN>, tensor<2x8x4xf8E8M0FNU> -> tensor<2x8x128xf16>
func.func @dequantize_f16_rank3(%v: tensor<2x8x128xf4E2M1FN>, %s: tensor<2x8x4xf8E8M0FNU>) -> tensor<2x8x128xf16> {
  %x = mxfp4.dequantize %v, %s : tensor<2x8x128xf4E2M1FN>, tensor<2x8x4xf8E8M0FNU> -> tensor<2x8x128xf16>
  return %x : tensor<2x8x128xf16>
}

// A quantize feeding a dequantize: the round trip keeps the use-def chain.
// CHECK-LABEL: func.func @quantize_dequantize
// CHECK: %[[Q:.+]], %[[S:.+]] = mxfp4.quantize
// CHECK: mxfp4.dequantize %[[Q]], %[[S]]
func.func @quantize_dequantize(%a: tensor<8x256xbf16>) -> tensor<8x256xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<8x256xbf16> -> tensor<8x256xf4E2M1FN>, tensor<8x8xf8E8M0FNU>
  %x = mxfp4.dequantize %q, %s : tensor<8x256xf4E2M1FN>, tensor<8x8xf8E8M0FNU> -> tensor<8x256xbf16>
  return %x : tensor<8x256xbf16>
}

// CHECK-LABEL: func.func @scaled_matmul_plain_f32
// CHECK-SAME: (%[[A:.+]]: tensor<16x512xf4E2M1FN>, %[[AS:.+]]: tensor<16x16xf8E8M0FNU>, %[[B:.+]]: tensor<100x512xf4E2M1FN>, %[[BS:.+]]: tensor<100x16xf8E8M0FNU>)
// CHECK: %[[C:.+]] = mxfp4.scaled_matmul %[[A]], %[[AS]], %[[B]], %[[BS]] : tensor<16x512xf4E2M1FN>, tensor<16x16xf8E8M0FNU>, tensor<100x512xf4E2M1FN>, tensor<100x16xf8E8M0FNU> -> tensor<16x100xf32>
// CHECK: return %[[C]]
func.func @scaled_matmul_plain_f32(%a: tensor<16x512xf4E2M1FN>, %as: tensor<16x16xf8E8M0FNU>, %b: tensor<100x512xf4E2M1FN>, %bs: tensor<100x16xf8E8M0FNU>) -> tensor<16x100xf32> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x512xf4E2M1FN>, tensor<16x16xf8E8M0FNU>, tensor<100x512xf4E2M1FN>, tensor<100x16xf8E8M0FNU> -> tensor<16x100xf32>
  return %c : tensor<16x100xf32>
}

// `plain` is the default layout and is not printed.
// CHECK-LABEL: func.func @scaled_matmul_plain_elided
// CHECK: mxfp4.scaled_matmul %{{.+}}, %{{.+}}, %{{.+}}, %{{[^ ]+}} : tensor<1x32xf4E2M1FN>
func.func @scaled_matmul_plain_elided(%a: tensor<1x32xf4E2M1FN>, %as: tensor<1x1xf8E8M0FNU>, %b: tensor<1x32xf4E2M1FN>, %bs: tensor<1x1xf8E8M0FNU>) -> tensor<1x1xbf16> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs b_layout = plain : tensor<1x32xf4E2M1FN>, tensor<1x1xf8E8M0FNU>, tensor<1x32xf4E2M1FN>, tensor<1x1xf8E8M0FNU> -> tensor<1x1xbf16>
  return %c : tensor<1x1xbf16>
}

// The benchmark shape (16, 2112, 7168): B's scales padded to 2304x224.
// CHECK-LABEL: func.func @scaled_matmul_preshuffled_bf16
// CHECK-SAME: (%[[A:.+]]: tensor<16x7168xf4E2M1FN>, %[[AS:.+]]: tensor<16x224xf8E8M0FNU>, %[[B:.+]]: tensor<2112x7168xf4E2M1FN>, %[[BS:.+]]: tensor<2304x224xf8E8M0FNU>)
// CHECK: mxfp4.scaled_matmul %[[A]], %[[AS]], %[[B]], %[[BS]] b_layout = preshuffled : tensor<16x7168xf4E2M1FN>, tensor<16x224xf8E8M0FNU>, tensor<2112x7168xf4E2M1FN>, tensor<2304x224xf8E8M0FNU> -> tensor<16x2112xbf16>
func.func @scaled_matmul_preshuffled_bf16(%a: tensor<16x7168xf4E2M1FN>, %as: tensor<16x224xf8E8M0FNU>, %b: tensor<2112x7168xf4E2M1FN>, %bs: tensor<2304x224xf8E8M0FNU>) -> tensor<16x2112xbf16> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs b_layout = preshuffled : tensor<16x7168xf4E2M1FN>, tensor<16x224xf8E8M0FNU>, tensor<2112x7168xf4E2M1FN>, tensor<2304x224xf8E8M0FNU> -> tensor<16x2112xbf16>
  return %c : tensor<16x2112xbf16>
}

// Pre-shuffled with K not a multiple of 256: scale columns round up to 8.
// CHECK-LABEL: func.func @scaled_matmul_preshuffled_k_tail
// CHECK: b_layout = preshuffled : tensor<1x96xf4E2M1FN>, tensor<1x3xf8E8M0FNU>, tensor<16x96xf4E2M1FN>, tensor<256x8xf8E8M0FNU> -> tensor<1x16xf32>
func.func @scaled_matmul_preshuffled_k_tail(%a: tensor<1x96xf4E2M1FN>, %as: tensor<1x3xf8E8M0FNU>, %b: tensor<16x96xf4E2M1FN>, %bs: tensor<256x8xf8E8M0FNU>) -> tensor<1x16xf32> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs b_layout = preshuffled : tensor<1x96xf4E2M1FN>, tensor<1x3xf8E8M0FNU>, tensor<16x96xf4E2M1FN>, tensor<256x8xf8E8M0FNU> -> tensor<1x16xf32>
  return %c : tensor<1x16xf32>
}

// CHECK-LABEL: func.func @scaled_matmul_config
// CHECK: mxfp4.scaled_matmul %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} config(<mfma = 32, waves_m = 2, waves_n = 2, tiles_m = 1, tiles_n = 2, split_k = 1>) : tensor<64x256xf4E2M1FN>
func.func @scaled_matmul_config(%a: tensor<64x256xf4E2M1FN>, %as: tensor<64x8xf8E8M0FNU>, %b: tensor<128x256xf4E2M1FN>, %bs: tensor<128x8xf8E8M0FNU>) -> tensor<64x128xf32> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 32, waves_m = 2, waves_n = 2, tiles_m = 1, tiles_n = 2, split_k = 1>) : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<128x256xf4E2M1FN>, tensor<128x8xf8E8M0FNU> -> tensor<64x128xf32>
  return %c : tensor<64x128xf32>
}

// Layout and config together; the config written as the full attribute.
// CHECK-LABEL: func.func @scaled_matmul_preshuffled_config
// CHECK: b_layout = preshuffled config(<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 2, split_k = 4>) : tensor<16x7168xf4E2M1FN>
// CHECK-SAME: -> tensor<16x2112xbf16>
func.func @scaled_matmul_preshuffled_config(%a: tensor<16x7168xf4E2M1FN>, %as: tensor<16x224xf8E8M0FNU>, %b: tensor<2112x7168xf4E2M1FN>, %bs: tensor<2304x224xf8E8M0FNU>) -> tensor<16x2112xbf16> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs b_layout = preshuffled config(#mxfp4.config<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 2, split_k = 4>) : tensor<16x7168xf4E2M1FN>, tensor<16x224xf8E8M0FNU>, tensor<2112x7168xf4E2M1FN>, tensor<2304x224xf8E8M0FNU> -> tensor<16x2112xbf16>
  return %c : tensor<16x2112xbf16>
}

// The largest legal work-group: 16 waves.
// CHECK-LABEL: func.func @scaled_matmul_16_waves
// CHECK: config(<mfma = 16, waves_m = 4, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>)
func.func @scaled_matmul_16_waves(%a: tensor<64x128xf4E2M1FN>, %as: tensor<64x4xf8E8M0FNU>, %b: tensor<64x128xf4E2M1FN>, %bs: tensor<64x4xf8E8M0FNU>) -> tensor<64x64xf32> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 4, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<64x128xf4E2M1FN>, tensor<64x4xf8E8M0FNU>, tensor<64x128xf4E2M1FN>, tensor<64x4xf8E8M0FNU> -> tensor<64x64xf32>
  return %c : tensor<64x64xf32>
}

// The attribute also stands on its own, e.g. as a discardable attribute.
// CHECK-LABEL: func.func @config_attribute
// CHECK-SAME: attributes {fp4.cfg = #mxfp4.config<mfma = 32, waves_m = 1, waves_n = 1, tiles_m = 2, tiles_n = 3, split_k = 2>}
func.func @config_attribute() attributes {fp4.cfg = #mxfp4.config<mfma = 32, waves_m = 1, waves_n = 1, tiles_m = 2, tiles_n = 3, split_k = 2>} {
  return
}

// Parameters may be written in any order; they print in declaration order.
// CHECK-LABEL: func.func @config_attribute_any_order
// CHECK-SAME: #mxfp4.config<mfma = 16, waves_m = 2, waves_n = 1, tiles_m = 1, tiles_n = 4, split_k = 1>
func.func @config_attribute_any_order() attributes {fp4.cfg = #mxfp4.config<split_k = 1, tiles_n = 4, tiles_m = 1, waves_n = 1, waves_m = 2, mfma = 16>} {
  return
}

// An accumulator (destination-passing style): C = acc + A x B^T, the
// result of the accumulator's type.
// CHECK-LABEL: func.func @scaled_matmul_accumulator
// CHECK: mxfp4.scaled_matmul %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} acc(%{{.*}} : tensor<?x64xbf16>) : {{.*}} -> tensor<?x64xbf16>
func.func @scaled_matmul_accumulator(%a: tensor<?x128xf4E2M1FN>, %as: tensor<?x4xf8E8M0FNU>, %b: tensor<64x128xf4E2M1FN>, %bs: tensor<64x4xf8E8M0FNU>, %acc: tensor<?x64xbf16>) -> tensor<?x64xbf16> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs acc(%acc : tensor<?x64xbf16>) : tensor<?x128xf4E2M1FN>, tensor<?x4xf8E8M0FNU>, tensor<64x128xf4E2M1FN>, tensor<64x4xf8E8M0FNU> -> tensor<?x64xbf16>
  return %c : tensor<?x64xbf16>
}

// The scaled-MFMA attribute: shape and operand types (fp4 when not
// written, and not printed then).
// CHECK-LABEL: func.func @scaled_mma_attribute
// CHECK-SAME: fp4.fp4 = #mxfp4.scaled_mma<m = 16, n = 16, k = 128>
// CHECK-SAME: fp4.fp6 = #mxfp4.scaled_mma<m = 16, n = 16, k = 128, a = f6E2M3FN, b = f6E3M2FN>
// CHECK-SAME: fp4.w4a8 = #mxfp4.scaled_mma<m = 32, n = 32, k = 64, a = f8E4M3FN>
func.func @scaled_mma_attribute() attributes {fp4.fp4 = #mxfp4.scaled_mma<m = 16, n = 16, k = 128, b = f4E2M1FN>, fp4.w4a8 = #mxfp4.scaled_mma<m = 32, n = 32, k = 64, a = f8E4M3FN>, fp4.fp6 = #mxfp4.scaled_mma<m = 16, n = 16, k = 128, a = f6E2M3FN, b = f6E3M2FN>} {
  return
}

// A and B in any MX element types, independently: fp8 activations with fp4
// weights (W4A8), fp6 with fp8.
// CHECK-LABEL: func.func @scaled_matmul_formats
// CHECK: mxfp4.scaled_matmul {{.*}} : tensor<16x128xf8E4M3FN>, tensor<16x4xf8E8M0FNU>, tensor<64x128xf4E2M1FN>, tensor<64x4xf8E8M0FNU> -> tensor<16x64xbf16>
// CHECK: mxfp4.scaled_matmul {{.*}} : tensor<16x128xf6E2M3FN>, tensor<16x4xf8E8M0FNU>, tensor<64x128xf8E5M2>, tensor<64x4xf8E8M0FNU> -> tensor<16x64xf32>
func.func @scaled_matmul_formats(%a8: tensor<16x128xf8E4M3FN>, %a6: tensor<16x128xf6E2M3FN>, %as: tensor<16x4xf8E8M0FNU>, %b4: tensor<64x128xf4E2M1FN>, %b8: tensor<64x128xf8E5M2>, %bs: tensor<64x4xf8E8M0FNU>) -> (tensor<16x64xbf16>, tensor<16x64xf32>) {
  %c = mxfp4.scaled_matmul %a8, %as, %b4, %bs : tensor<16x128xf8E4M3FN>, tensor<16x4xf8E8M0FNU>, tensor<64x128xf4E2M1FN>, tensor<64x4xf8E8M0FNU> -> tensor<16x64xbf16>
  %d = mxfp4.scaled_matmul %a6, %as, %b8, %bs : tensor<16x128xf6E2M3FN>, tensor<16x4xf8E8M0FNU>, tensor<64x128xf8E5M2>, tensor<64x4xf8E8M0FNU> -> tensor<16x64xf32>
  return %c, %d : tensor<16x64xbf16>, tensor<16x64xf32>
}

// The routing of an MoE layer: 4 tokens, top-9 of 257 experts, blocks of
// 32 rows: 36 pairs, at most 36 busy experts, (36 + 36 * 31) / 32 = 36
// blocks. Tokens known at run time: sorted and block_expert are dynamic.
// CHECK-LABEL: func.func @moe_align
// CHECK: mxfp4.moe_align %{{.+}} experts = 257 block_m = 32 : tensor<4x9xi32> -> tensor<1152xi32>, tensor<36xi32>, tensor<1xi32>, tensor<4x9xi32>
// CHECK: mxfp4.moe_align %{{.+}} experts = 8 block_m = 16 : tensor<?x2xi32> -> tensor<?xi32>, tensor<?xi32>, tensor<1xi32>, tensor<?x2xi32>
func.func @moe_align(%ids: tensor<4x9xi32>, %dyn: tensor<?x2xi32>) -> (tensor<1152xi32>, tensor<?xi32>) {
  %s, %b, %v, %pos = mxfp4.moe_align %ids experts = 257 block_m = 32 : tensor<4x9xi32> -> tensor<1152xi32>, tensor<36xi32>, tensor<1xi32>, tensor<4x9xi32>
  %s2, %b2, %v2, %pos2 = mxfp4.moe_align %dyn experts = 8 block_m = 16 : tensor<?x2xi32> -> tensor<?xi32>, tensor<?xi32>, tensor<1xi32>, tensor<?x2xi32>
  return %s, %s2 : tensor<1152xi32>, tensor<?xi32>
}

// The grouped GEMM of an MoE layer on moe_align's rows: 8 row blocks of
// 32, each with its expert's B.
// CHECK-LABEL: func.func @grouped_matmul
// CHECK: mxfp4.grouped_matmul %{{.+}}, %{{.+}} rows(%{{.+}} : tensor<256xi32>) topk = 9 experts(%{{.+}} : tensor<8xi32>) block_m = 32, %{{.+}}, %{{.+}} : tensor<4x256xf4E2M1FN>, tensor<4x8xf8E8M0FNU>, tensor<16x64x256xf4E2M1FN>, tensor<16x64x8xf8E8M0FNU> -> tensor<256x64xf32>
// CHECK: config(<mfma = 16
func.func @grouped_matmul(%a: tensor<4x256xf4E2M1FN>, %as: tensor<4x8xf8E8M0FNU>, %rows: tensor<256xi32>, %blocks: tensor<8xi32>,
                          %b: tensor<16x64x256xf4E2M1FN>, %bs: tensor<16x64x8xf8E8M0FNU>) -> (tensor<256x64xf32>, tensor<256x64xbf16>) {
  %c = mxfp4.grouped_matmul %a, %as rows(%rows : tensor<256xi32>) topk = 9 experts(%blocks : tensor<8xi32>) block_m = 32, %b, %bs : tensor<4x256xf4E2M1FN>, tensor<4x8xf8E8M0FNU>, tensor<16x64x256xf4E2M1FN>, tensor<16x64x8xf8E8M0FNU> -> tensor<256x64xf32>
  %d = mxfp4.grouped_matmul %a, %as rows(%rows : tensor<256xi32>) topk = 9 experts(%blocks : tensor<8xi32>) block_m = 32, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 2, tiles_n = 1, split_k = 1>) : tensor<4x256xf4E2M1FN>, tensor<4x8xf8E8M0FNU>, tensor<16x64x256xf4E2M1FN>, tensor<16x64x8xf8E8M0FNU> -> tensor<256x64xbf16>
  return %c, %d : tensor<256x64xf32>, tensor<256x64xbf16>
}

// Stage 2 with the combine: every row added, weighted, into its token's
// row of an f32 [tokens, N] sum.
// CHECK-LABEL: func.func @grouped_matmul_scatter
// CHECK: mxfp4.grouped_matmul %{{.+}}, %{{.+}} experts(%{{.+}} : tensor<2xi32>) block_m = 32, %{{.+}}, %{{.+}} scatter(%{{.+}} : tensor<64xi32>) weights(%{{.+}} : tensor<5x9xf32>) : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<3x64x256xf4E2M1FN>, tensor<3x64x8xf8E8M0FNU> -> tensor<5x64xf32>
func.func @grouped_matmul_scatter(%a: tensor<64x256xf4E2M1FN>, %as: tensor<64x8xf8E8M0FNU>, %blocks: tensor<2xi32>, %b: tensor<3x64x256xf4E2M1FN>, %bs: tensor<3x64x8xf8E8M0FNU>, %ids: tensor<64xi32>, %w: tensor<5x9xf32>) -> tensor<5x64xf32> {
  %c = mxfp4.grouped_matmul %a, %as experts(%blocks : tensor<2xi32>) block_m = 32, %b, %bs scatter(%ids : tensor<64xi32>) weights(%w : tensor<5x9xf32>) : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<3x64x256xf4E2M1FN>, tensor<3x64x8xf8E8M0FNU> -> tensor<5x64xf32>
  return %c : tensor<5x64xf32>
}

// Stage 2 of the layer: A (h) already in the sorted order, no gather.
// CHECK-LABEL: func.func @grouped_matmul_sorted_a
// CHECK: mxfp4.grouped_matmul %{{.+}}, %{{.+}} experts(%{{.+}} : tensor<2xi32>) block_m = 32, %{{.+}}, %{{.+}} : tensor<64x256xf4E2M1FN>
func.func @grouped_matmul_sorted_a(%a: tensor<64x256xf4E2M1FN>, %as: tensor<64x8xf8E8M0FNU>, %blocks: tensor<2xi32>, %b: tensor<3x64x256xf4E2M1FN>, %bs: tensor<3x64x8xf8E8M0FNU>) -> tensor<64x64xf32> {
  %c = mxfp4.grouped_matmul %a, %as experts(%blocks : tensor<2xi32>) block_m = 32, %b, %bs : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<3x64x256xf4E2M1FN>, tensor<3x64x8xf8E8M0FNU> -> tensor<64x64xf32>
  return %c : tensor<64x64xf32>
}
