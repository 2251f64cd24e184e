// RUN: fp4-opt %s | fp4-opt | FileCheck %s
// RUN: fp4-opt %s --mlir-print-op-generic | fp4-opt | FileCheck %s
// RUN: fp4-opt %s --emit-bytecode | fp4-opt | FileCheck %s

// Round trip of the destination-style kernel ops (MXFP4KernelOps.td), on
// tensors and memrefs, with fp4 element types and with byte storage.

// CHECK-LABEL: func.func @fused_bias
// CHECK: %[[R:.+]] = mxfp4.fused_matmul a(%{{.+}} : tensor<16x256xbf16>) quantize = even b(%{{.+}}, %{{.+}} : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain ins(%{{.+}} : tensor<64xf32>) maps [#{{.+}}] outs(%{{.+}} : tensor<16x64xbf16>)
// CHECK: epilogue {
// CHECK: ^bb0(%[[ACC:.+]]: f32, %[[BIAS:.+]]: f32):
// CHECK: mxfp4.yield %{{.+}} : bf16
// CHECK: } -> tensor<16x64xbf16>
func.func @fused_bias(%x: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>,
                      %bias: tensor<64xf32>, %o: tensor<16x64xbf16>) -> tensor<16x64xbf16> {
  %r = mxfp4.fused_matmul a(%x : tensor<16x256xbf16>) quantize = even
      b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain
      ins(%bias : tensor<64xf32>) maps [affine_map<(m, n) -> (n)>] outs(%o : tensor<16x64xbf16>)
      epilogue {
      ^bb0(%acc: f32, %bv: f32):
        %s = arith.addf %acc, %bv : f32
        %t = arith.truncf %s : f32 to bf16
        mxfp4.yield %t : bf16
      } -> tensor<16x64xbf16>
  return %r : tensor<16x64xbf16>
}

// Ties away from zero on A's and the output's quantization.
// CHECK-LABEL: func.func @ties_away
// CHECK: mxfp4.fused_matmul a(%{{.+}} : tensor<16x256xbf16>) quantize = even ties = away b({{.+}}) layout = plain outs({{.+}}) quantize = floor ties = away epilogue
func.func @ties_away(%x: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %q: tensor<16x32xi8>, %s: tensor<16x2xi8>) -> (tensor<16x32xi8>, tensor<16x2xi8>) {
  %r:2 = mxfp4.fused_matmul a(%x : tensor<16x256xbf16>) quantize = even ties = away
      b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain
      outs(%q, %s : tensor<16x32xi8>, tensor<16x2xi8>) quantize = floor ties = away
      epilogue {
      ^bb0(%acc: f32):
        mxfp4.yield %acc : f32
      } -> tensor<16x32xi8>, tensor<16x2xi8>
  return %r#0, %r#1 : tensor<16x32xi8>, tensor<16x2xi8>
}

// Two Bs sharing A (gate and up), a prologue with a row operand, a scalar
// epilogue operand, a quantized output, pre-shuffled B with a scales row.
// CHECK-LABEL: func.func @swiglu_quantized
// CHECK: mxfp4.fused_matmul a(%{{.+}} : tensor<?x256xf32>) quantize = even b(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>) layout = preshuffled b_scales_row(%{{.+}}) prologue_ins(%{{.+}} : tensor<?xf32>) maps [#{{.+}}] ins(%{{.+}} : f32) maps [#{{.+}}] outs(%{{.+}}, %{{.+}} : tensor<?x64xf4E2M1FN>, tensor<?x2xf8E8M0FNU>) quantize = floor config(<mfma = 16
// CHECK: prologue {
// CHECK: epilogue {
// CHECK: ^bb0(%{{.+}}: f32, %{{.+}}: f32, %{{.+}}: f32):
func.func @swiglu_quantized(%x: tensor<?x256xf32>, %g: tensor<64x256xf4E2M1FN>, %gs: tensor<64x8xf8E8M0FNU>,
                            %u: tensor<64x256xf4E2M1FN>, %us: tensor<64x8xf8E8M0FNU>, %rinv: tensor<?xf32>,
                            %alpha: f32, %q: tensor<?x64xf4E2M1FN>, %s: tensor<?x2xf8E8M0FNU>, %row: index)
    -> (tensor<?x64xf4E2M1FN>, tensor<?x2xf8E8M0FNU>) {
  %r:2 = mxfp4.fused_matmul a(%x : tensor<?x256xf32>) quantize = even
      b(%g, %gs, %u, %us : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>)
      layout = preshuffled b_scales_row(%row)
      prologue_ins(%rinv : tensor<?xf32>) maps [affine_map<(m, k) -> (m)>]
      ins(%alpha : f32) maps [affine_map<(m, n) -> ()>]
      outs(%q, %s : tensor<?x64xf4E2M1FN>, tensor<?x2xf8E8M0FNU>) quantize = floor
      config(<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>)
      prologue {
      ^bb0(%e: f32, %ri: f32):
        %n = arith.mulf %e, %ri : f32
        %t = arith.truncf %n : f32 to bf16
        mxfp4.yield %t : bf16
      }
      epilogue {
      ^bb0(%gate: f32, %up: f32, %a: f32):
        %p = arith.mulf %gate, %up : f32
        %m = arith.mulf %p, %a : f32
        mxfp4.yield %m : f32
      } -> tensor<?x64xf4E2M1FN>, tensor<?x2xf8E8M0FNU>
  return %r#0, %r#1 : tensor<?x64xf4E2M1FN>, tensor<?x2xf8E8M0FNU>
}

// On memrefs: no results. A arrives quantized (values and scales).
// CHECK-LABEL: func.func @memref_quantized_a
// CHECK: mxfp4.fused_matmul a(%{{.+}}, %{{.+}} : memref<16x128xi8>, memref<16x8xi8>)
// CHECK-NOT: ->
// CHECK: return
func.func @memref_quantized_a(%a: memref<16x128xi8>, %as: memref<16x8xi8>, %b: memref<64x128xi8>,
                              %bs: memref<64x8xi8>, %o: memref<16x64xf32, strided<[64, 1], offset: ?>>) {
  mxfp4.fused_matmul a(%a, %as : memref<16x128xi8>, memref<16x8xi8>) b(%b, %bs : memref<64x128xi8>, memref<64x8xi8>) layout = plain
      outs(%o : memref<16x64xf32, strided<[64, 1], offset: ?>>)
      epilogue {
      ^bb0(%acc: f32):
        mxfp4.yield %acc : f32
      }
  return
}

// CHECK-LABEL: func.func @block_ops
// CHECK: mxfp4.block_quantize ins(%{{.+}} : tensor<4x64xbf16>) outs(%{{.+}}, %{{.+}} : tensor<4x32xi8>, tensor<4x2xi8>) mode = even -> tensor<4x32xi8>, tensor<4x2xi8>
// CHECK: mxfp4.block_dequantize ins(%{{.+}}, %{{.+}} : tensor<4x32xi8>, tensor<4x2xi8>) outs(%{{.+}} : tensor<4x64xf32>) -> tensor<4x64xf32>
// CHECK: mxfp4.block_quantize ins(%{{.+}} : memref<4x64xf16>) outs(%{{.+}}, %{{.+}} : memref<4x64xf4E2M1FN>, memref<4x2xf8E8M0FNU>) mode = floor
// CHECK: mxfp4.block_quantize ins(%{{.+}} : memref<4x64xf16>) outs(%{{.+}}, %{{.+}} : memref<4x64xf4E2M1FN>, memref<4x2xf8E8M0FNU>) mode = even ties = away
func.func @block_ops(%x: tensor<4x64xbf16>, %q: tensor<4x32xi8>, %s: tensor<4x2xi8>, %d: tensor<4x64xf32>,
                     %xm: memref<4x64xf16>, %qm: memref<4x64xf4E2M1FN>, %sm: memref<4x2xf8E8M0FNU>) -> tensor<4x64xf32> {
  %q2, %s2 = mxfp4.block_quantize ins(%x : tensor<4x64xbf16>) outs(%q, %s : tensor<4x32xi8>, tensor<4x2xi8>) mode = even -> tensor<4x32xi8>, tensor<4x2xi8>
  %r = mxfp4.block_dequantize ins(%q2, %s2 : tensor<4x32xi8>, tensor<4x2xi8>) outs(%d : tensor<4x64xf32>) -> tensor<4x64xf32>
  mxfp4.block_quantize ins(%xm : memref<4x64xf16>) outs(%qm, %sm : memref<4x64xf4E2M1FN>, memref<4x2xf8E8M0FNU>) mode = floor
  mxfp4.block_quantize ins(%xm : memref<4x64xf16>) outs(%qm, %sm : memref<4x64xf4E2M1FN>, memref<4x2xf8E8M0FNU>) mode = even ties = away
  return %r : tensor<4x64xf32>
}

// The routing kernel op, on tensors and on memrefs.
// CHECK-LABEL: func.func @workgroup_moe_align
// CHECK: mxfp4.workgroup_moe_align ins(%{{.+}} : tensor<4x2xi32>) outs(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : tensor<20xi32>, tensor<5xi32>, tensor<1xi32>, tensor<4x2xi32>) experts = 4 block_m = 4 -> tensor<20xi32>, tensor<5xi32>, tensor<1xi32>, tensor<4x2xi32>
// CHECK: mxfp4.workgroup_moe_align ins(%{{.+}} : memref<?x2xi32>) outs(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : memref<?xi32>, memref<?xi32>, memref<1xi32>, memref<?x2xi32>) experts = 4 block_m = 4{{$}}
func.func @workgroup_moe_align(%ids: tensor<4x2xi32>, %s: tensor<20xi32>, %b: tensor<5xi32>, %v: tensor<1xi32>, %p: tensor<4x2xi32>,
                               %idsm: memref<?x2xi32>, %sm: memref<?xi32>, %bm: memref<?xi32>, %vm: memref<1xi32>, %pm: memref<?x2xi32>) -> tensor<20xi32> {
  %r:4 = mxfp4.workgroup_moe_align ins(%ids : tensor<4x2xi32>) outs(%s, %b, %v, %p : tensor<20xi32>, tensor<5xi32>, tensor<1xi32>, tensor<4x2xi32>) experts = 4 block_m = 4 -> tensor<20xi32>, tensor<5xi32>, tensor<1xi32>, tensor<4x2xi32>
  mxfp4.workgroup_moe_align ins(%idsm : memref<?x2xi32>) outs(%sm, %bm, %vm, %pm : memref<?xi32>, memref<?xi32>, memref<1xi32>, memref<?x2xi32>) experts = 4 block_m = 4
  return %r#0 : tensor<20xi32>
}

// A scattered output: row m is added, weighted by w[ids[m] / 2, ids[m] % 2],
// into row ids[m] / 2 of the [5, N] sum.
// CHECK-LABEL: func.func @scattered
// CHECK: mxfp4.fused_matmul a(%{{.+}}, %{{.+}} : tensor<64x128xi8>, tensor<64x8xi8>) b(%{{.+}}, %{{.+}} : tensor<96x128xi8>, tensor<96x8xi8>) layout = plain outs(%{{.+}} : tensor<5x96xf32>) scatter(%{{.+}} : tensor<64xi32>) weights(%{{.+}} : tensor<5x2xf32>) epilogue
func.func @scattered(%a: tensor<64x128xi8>, %as: tensor<64x8xi8>, %ids: tensor<64xi32>, %b: tensor<96x128xi8>, %bs: tensor<96x8xi8>, %w: tensor<5x2xf32>, %o: tensor<5x96xf32>) -> tensor<5x96xf32> {
  %r = mxfp4.fused_matmul a(%a, %as : tensor<64x128xi8>, tensor<64x8xi8>) b(%b, %bs : tensor<96x128xi8>, tensor<96x8xi8>) layout = plain outs(%o : tensor<5x96xf32>) scatter(%ids : tensor<64xi32>) weights(%w : tensor<5x2xf32>) epilogue {
  ^bb0(%acc: f32):
    mxfp4.yield %acc : f32
  } -> tensor<5x96xf32>
  return %r : tensor<5x96xf32>
}

// A grouped GEMM: A gathered by rows (row m reads A's row rows[m] / 9),
// each 32-row block with its expert's B [E, N, K].
// CHECK-LABEL: func.func @grouped
// CHECK: mxfp4.fused_matmul a(%{{.+}} : tensor<4x256xbf16>) quantize = even ties = away gather(%{{.+}} : tensor<64xi32>) topk = 9 b(%{{.+}}, %{{.+}} : tensor<3x64x128xi8>, tensor<3x64x8xi8>) layout = plain experts(%{{.+}} : tensor<2xi32>) outs(%{{.+}} : tensor<64x64xf32>) config(
func.func @grouped(%x: tensor<4x256xbf16>, %rows: tensor<64xi32>, %b: tensor<3x64x128xi8>, %bs: tensor<3x64x8xi8>, %blocks: tensor<2xi32>, %o: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = mxfp4.fused_matmul a(%x : tensor<4x256xbf16>) quantize = even ties = away gather(%rows : tensor<64xi32>) topk = 9
      b(%b, %bs : tensor<3x64x128xi8>, tensor<3x64x8xi8>) layout = plain experts(%blocks : tensor<2xi32>)
      outs(%o : tensor<64x64xf32>)
      config(<mfma = 32, waves_m = 1, waves_n = 2, tiles_m = 1, tiles_n = 1, split_k = 1>)
      epilogue {
      ^bb0(%acc: f32):
        mxfp4.yield %acc : f32
      } -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
