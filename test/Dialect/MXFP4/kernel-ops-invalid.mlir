// RUN: fp4-opt %s -split-input-file -verify-diagnostics

// One case per diagnostic of the kernel ops' verifiers (MXFP4KernelOps.cpp).

func.func @fm_a_count(%a: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{a must be one high-precision tensor or fp4 values and scales, got 3 operands}}
  %r = mxfp4.fused_matmul a(%a, %a, %a : tensor<16x256xbf16>, tensor<16x256xbf16>, tensor<16x256xbf16>) b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o : tensor<16x64xf32>)
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_b_pairs(%a: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{b must hold pairs of values and scales, got 1 operands}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b : tensor<64x128xi8>) layout = plain outs(%o : tensor<16x64xf32>)
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_outs_count(%a: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{outs must be 2 (values and scales: output_scale_mode is set), got 1}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o : tensor<16x64xf32>) quantize = even
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_a_scale_mode(%a: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{a_scale_mode must be set exactly when A is one high-precision operand}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o : tensor<16x64xf32>)
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_a_ties_given_a(%a: tensor<16x128xi8>, %as: tensor<16x8xi8>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{a_ties needs A quantized by the op (a_scale_mode)}}
  %r = mxfp4.fused_matmul a(%a, %as : tensor<16x128xi8>, tensor<16x8xi8>) ties = away b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o : tensor<16x64xf32>)
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_output_ties_unquantized(%a: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{output_ties needs a quantized output (output_scale_mode)}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o : tensor<16x64xf32>) ties = away
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_a_ties_away_fp8(%a: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{a_ties = away is implemented for f4E2M1FN only, not 'f8E4M3FN'}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even ties = away b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o : tensor<16x64xf32>) {a_format = f8E4M3FN}
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_mixed_kinds(%a: memref<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{operands must all be ranked tensors or all memrefs, got 'memref<16x256xbf16>'}}
  %r = mxfp4.fused_matmul a(%a : memref<16x256xbf16>) quantize = even b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o : tensor<16x64xf32>)
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_memref_results(%a: memref<16x256xbf16>, %b: memref<64x128xi8>, %bs: memref<64x8xi8>, %o: memref<16x64xf32>) {
  // expected-error @+1 {{on memrefs has no results}}
  %r = mxfp4.fused_matmul a(%a : memref<16x256xbf16>) quantize = even b(%b, %bs : memref<64x128xi8>, memref<64x8xi8>) layout = plain outs(%o : memref<16x64xf32>)
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_result_types(%a: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{results must have the types of the destinations}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o : tensor<16x64xf32>)
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x32xf32>
  return
}

// -----

func.func @fm_rank(%a: tensor<2x16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{a, b and outs must be 2-D, got 'tensor<2x16x256xbf16>'}}
  %r = mxfp4.fused_matmul a(%a : tensor<2x16x256xbf16>) quantize = even b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o : tensor<16x64xf32>)
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_a_type(%a: tensor<16x256xi8>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{A must be bf16/f16/f32, or MX values (an MX element type, or i8 bytes of fp4) and scales (f8E8M0FNU or i8)}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xi8>) quantize = even b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o : tensor<16x64xf32>)
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_k(%a: tensor<16x48xbf16>, %b: tensor<64x24xi8>, %bs: tensor<64x1xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{K must be static and a positive multiple of 32}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x48xbf16>) quantize = even b(%b, %bs : tensor<64x24xi8>, tensor<64x1xi8>) layout = plain outs(%o : tensor<16x64xf32>)
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_b_type(%a: tensor<16x256xbf16>, %b: tensor<64x128xf32>, %bs: tensor<64x8xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{B values must be of an MX element type or i8 bytes of fp4, B scales f8E8M0FNU or i8}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b, %bs : tensor<64x128xf32>, tensor<64x8xi8>) layout = plain outs(%o : tensor<16x64xf32>)
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_b_k(%a: tensor<16x256xbf16>, %b: tensor<64x64xi8>, %bs: tensor<64x4xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{K of B #0 (128) differs from A's (256)}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b, %bs : tensor<64x64xi8>, tensor<64x4xi8>) layout = plain outs(%o : tensor<16x64xf32>)
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_b_n(%a: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %u: tensor<32x128xi8>, %us: tensor<32x8xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{every B must have the same N}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b, %bs, %u, %us : tensor<64x128xi8>, tensor<64x8xi8>, tensor<32x128xi8>, tensor<32x8xi8>) layout = plain outs(%o : tensor<16x64xf32>)
      epilogue { ^bb0(%x: f32, %y: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_outs_shape(%a: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<16x32xf32>) {
  // expected-error @+1 {{outs must be M x N, got 'tensor<16x32xf32>'}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o : tensor<16x32xf32>)
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x32xf32>
  return
}

// -----

func.func @fm_quantized_outs_type(%a: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<16x64xf32>, %s: tensor<16x2xi8>) {
  // expected-error @+1 {{a quantized output needs fp4 values and scales destinations}}
  %r:2 = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o, %s : tensor<16x64xf32>, tensor<16x2xi8>) quantize = even
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>, tensor<16x2xi8>
  return
}

// -----

func.func @fm_out_type(%a: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<16x64xi32>) {
  // expected-error @+1 {{the output must be bf16, f16 or f32, got 'i32'}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o : tensor<16x64xi32>)
      epilogue { ^bb0(%x: f32): %i = arith.fptosi %x : f32 to i32
                 mxfp4.yield %i : i32 } -> tensor<16x64xi32>
  return
}

// -----

func.func @fm_scales_row(%a: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<16x64xf32>, %r0: index) {
  // expected-error @+1 {{b_scales_row is only for pre-shuffled B}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain b_scales_row(%r0) outs(%o : tensor<16x64xf32>)
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_map_count(%a: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %bias: tensor<64xf32>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{ins_maps must have one map per ins operand, got 2 for 1}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain
      ins(%bias : tensor<64xf32>) maps [affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (n)>] outs(%o : tensor<16x64xf32>)
      epilogue { ^bb0(%x: f32, %y: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_map_rank(%a: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %bias: tensor<64xf32>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{ins operand of type 'tensor<64xf32>' needs a map from 2 dimensions to 1 results, got affine_map<(d0, d1) -> (d0, d1)>}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain
      ins(%bias : tensor<64xf32>) maps [affine_map<(m, n) -> (m, n)>] outs(%o : tensor<16x64xf32>)
      epilogue { ^bb0(%x: f32, %y: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_prologue_ins_without_prologue(%a: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %w: tensor<256xbf16>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{prologue_ins without a prologue region}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain
      prologue_ins(%w : tensor<256xbf16>) maps [affine_map<(m, k) -> (k)>] outs(%o : tensor<16x64xf32>)
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_prologue_quantized_a(%a: tensor<16x128xi8>, %as: tensor<16x8xi8>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{a prologue needs a high-precision A}}
  %r = mxfp4.fused_matmul a(%a, %as : tensor<16x128xi8>, tensor<16x8xi8>) b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o : tensor<16x64xf32>)
      prologue { ^bb0(%x: i8): %f = arith.sitofp %x : i8 to f32
                 mxfp4.yield %f : f32 }
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_prologue_args(%a: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{the prologue block must take ('bf16'), got ('f32')}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o : tensor<16x64xf32>)
      prologue { ^bb0(%x: f32): mxfp4.yield %x : f32 }
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_prologue_result(%a: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{the prologue must yield bf16, f16 or f32, got 'i32'}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o : tensor<16x64xf32>)
      prologue { ^bb0(%x: bf16): %i = arith.fptosi %x : bf16 to i32
                 mxfp4.yield %i : i32 }
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_epilogue_args(%a: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{the epilogue block must take ('f32'), got ('f32', 'f32')}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o : tensor<16x64xf32>)
      epilogue { ^bb0(%x: f32, %y: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_epilogue_result(%a: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<16x64xbf16>) {
  // expected-error @+1 {{the epilogue must yield the output's element type, got 'f32'}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o : tensor<16x64xbf16>)
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xbf16>
  return
}

// -----

func.func @fm_epilogue_quantized_result(%a: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<16x32xi8>, %s: tensor<16x2xi8>) {
  // expected-error @+1 {{the epilogue must yield bf16, f16 or f32 (it is quantized), got 'i32'}}
  %r:2 = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o, %s : tensor<16x32xi8>, tensor<16x2xi8>) quantize = even
      epilogue { ^bb0(%x: f32): %i = arith.fptosi %x : f32 to i32
                 mxfp4.yield %i : i32 } -> tensor<16x32xi8>, tensor<16x2xi8>
  return
}

// -----

func.func @fm_yield_parent(%x: f32) {
  // expected-error @+1 {{'mxfp4.yield' op expects parent op 'mxfp4.fused_matmul'}}
  mxfp4.yield %x : f32
}

// -----

func.func @bq_input(%x: tensor<4x64xi32>, %q: tensor<4x32xi8>, %s: tensor<4x2xi8>) {
  // expected-error @+1 {{input must be bf16, f16 or f32}}
  %a, %b = mxfp4.block_quantize ins(%x : tensor<4x64xi32>) outs(%q, %s : tensor<4x32xi8>, tensor<4x2xi8>) mode = even -> tensor<4x32xi8>, tensor<4x2xi8>
  return
}

// -----

func.func @bq_types(%x: tensor<4x64xbf16>, %q: tensor<4x32xf32>, %s: tensor<4x2xi8>) {
  // expected-error @+1 {{values must be of an MX element type or i8 bytes, scales f8E8M0FNU or i8}}
  %a, %b = mxfp4.block_quantize ins(%x : tensor<4x64xbf16>) outs(%q, %s : tensor<4x32xf32>, tensor<4x2xi8>) mode = even -> tensor<4x32xf32>, tensor<4x2xi8>
  return
}

// -----

func.func @bq_rank(%x: tensor<4x64xbf16>, %q: tensor<128xi8>, %s: tensor<4x2xi8>) {
  // expected-error @+1 {{operands must have one rank, at least 1}}
  %a, %b = mxfp4.block_quantize ins(%x : tensor<4x64xbf16>) outs(%q, %s : tensor<128xi8>, tensor<4x2xi8>) mode = even -> tensor<128xi8>, tensor<4x2xi8>
  return
}

// -----

func.func @bq_k(%x: tensor<4x48xbf16>, %q: tensor<4x24xi8>, %s: tensor<4x1xi8>) {
  // expected-error @+1 {{the last dimension must be a static multiple of 32, got 'tensor<4x48xbf16>'}}
  %a, %b = mxfp4.block_quantize ins(%x : tensor<4x48xbf16>) outs(%q, %s : tensor<4x24xi8>, tensor<4x1xi8>) mode = even -> tensor<4x24xi8>, tensor<4x1xi8>
  return
}

// -----

func.func @bq_rows(%x: tensor<4x64xbf16>, %q: tensor<5x32xi8>, %s: tensor<4x2xi8>) {
  // expected-error @+1 {{values and scales must have the shape of the high-precision operand}}
  %a, %b = mxfp4.block_quantize ins(%x : tensor<4x64xbf16>) outs(%q, %s : tensor<5x32xi8>, tensor<4x2xi8>) mode = even -> tensor<5x32xi8>, tensor<4x2xi8>
  return
}

// -----

func.func @bq_ties_away_fp6(%x: tensor<4x64xbf16>, %q: tensor<4x48xi8>, %s: tensor<4x2xi8>) {
  // expected-error @+1 {{ties = away is implemented for f4E2M1FN values only, not 'f6E2M3FN'}}
  %a, %b = mxfp4.block_quantize ins(%x : tensor<4x64xbf16>) outs(%q, %s : tensor<4x48xi8>, tensor<4x2xi8>) mode = even ties = away {format = f6E2M3FN} -> tensor<4x48xi8>, tensor<4x2xi8>
  return
}

// -----

func.func @bq_last(%x: tensor<4x64xbf16>, %q: tensor<4x64xi8>, %s: tensor<4x2xi8>) {
  // expected-error @+1 {{values must hold 64 elements per row and scales 2, got 'tensor<4x64xi8>' and 'tensor<4x2xi8>'}}
  %a, %b = mxfp4.block_quantize ins(%x : tensor<4x64xbf16>) outs(%q, %s : tensor<4x64xi8>, tensor<4x2xi8>) mode = even -> tensor<4x64xi8>, tensor<4x2xi8>
  return
}

// -----

func.func @bd_init(%q: tensor<4x32xi8>, %s: tensor<4x2xi8>, %x: tensor<4x64xi32>) {
  // expected-error @+1 {{the destination must be bf16, f16 or f32}}
  %r = mxfp4.block_dequantize ins(%q, %s : tensor<4x32xi8>, tensor<4x2xi8>) outs(%x : tensor<4x64xi32>) -> tensor<4x64xi32>
  return
}

// -----

func.func @fm_max_grid(%a: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{max_grid must be two positive sizes (x, y)}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o : tensor<16x64xf32>) {max_grid = array<i64: 4>}
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_m_specializations_static_m(%a: tensor<16x256xbf16>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{has m_specializations but a static M (16)}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o : tensor<16x64xf32>) {m_specializations = [#mxfp4.m_specialization<max_m = 16, config = <mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>>]}
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_preshuffled_fp8(%a: tensor<16x256xbf16>, %b: tensor<64x256xf8E4M3FN>, %bs: tensor<256x8xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{pre-shuffled B must be fp4, got 'f8E4M3FN'}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b, %bs : tensor<64x256xf8E4M3FN>, tensor<256x8xi8>) layout = preshuffled outs(%o : tensor<16x64xf32>)
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_a_format_type(%a: tensor<16x96xi8>, %as: tensor<16x4xi8>, %b: tensor<64x96xi8>, %bs: tensor<64x4xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{a_format must be f4E2M1FN, f6E2M3FN or f6E3M2FN, got 'f8E4M3FN'}}
  %r = mxfp4.fused_matmul a(%a, %as : tensor<16x96xi8>, tensor<16x4xi8>) b(%b, %bs : tensor<64x96xi8>, tensor<64x4xi8>) layout = plain outs(%o : tensor<16x64xf32>) {a_format = f8E4M3FN, b_format = f6E2M3FN}
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @fm_b_format_typed(%a: tensor<16x128xbf16>, %b: tensor<64x128xf8E4M3FN>, %bs: tensor<64x4xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{b_format is only for values in byte storage}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x128xbf16>) quantize = even b(%b, %bs : tensor<64x128xf8E4M3FN>, tensor<64x4xi8>) layout = plain outs(%o : tensor<16x64xf32>) {b_format = f6E2M3FN}
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

// 96 bytes of fp6 are 128 values; A's 64 bytes of fp4 are 128 too, but
// B's 96 bytes read as fp4 (no b_format) are 192.
func.func @fm_b_format_k(%a: tensor<16x64xi8>, %as: tensor<16x4xi8>, %b: tensor<64x96xi8>, %bs: tensor<64x4xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{K of B #0 (192) differs from A's (128)}}
  %r = mxfp4.fused_matmul a(%a, %as : tensor<16x64xi8>, tensor<16x4xi8>) b(%b, %bs : tensor<64x96xi8>, tensor<64x4xi8>) layout = plain outs(%o : tensor<16x64xf32>)
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @bq_format_type(%x: tensor<4x64xbf16>, %v: tensor<4x48xi8>, %s: tensor<4x2xi8>) {
  // expected-error @+1 {{format must be f4E2M1FN, f6E2M3FN or f6E3M2FN, got 'f8E5M2'}}
  %q:2 = mxfp4.block_quantize ins(%x : tensor<4x64xbf16>) outs(%v, %s : tensor<4x48xi8>, tensor<4x2xi8>) mode = floor {format = f8E5M2} -> tensor<4x48xi8>, tensor<4x2xi8>
  return
}

// -----

func.func @bd_format_typed(%v: tensor<4x64xf8E4M3FN>, %s: tensor<4x2xi8>, %o: tensor<4x64xf32>) {
  // expected-error @+1 {{format is only for values in byte storage}}
  %r = mxfp4.block_dequantize ins(%v, %s : tensor<4x64xf8E4M3FN>, tensor<4x2xi8>) outs(%o : tensor<4x64xf32>) {format = f6E2M3FN} -> tensor<4x64xf32>
  return
}

// -----

// 48 bytes are 64 fp6 values, but 96 fp4 ones (no format: fp4).
func.func @bq_format_k(%x: tensor<4x64xbf16>, %v: tensor<4x48xi8>, %s: tensor<4x2xi8>) {
  // expected-error @+1 {{values must hold 64 elements per row and scales 2}}
  %q:2 = mxfp4.block_quantize ins(%x : tensor<4x64xbf16>) outs(%v, %s : tensor<4x48xi8>, tensor<4x2xi8>) mode = floor -> tensor<4x48xi8>, tensor<4x2xi8>
  return
}

// -----

func.func @fm_a_format_quantized(%a: tensor<16x128xbf16>, %b: tensor<64x64xi8>, %bs: tensor<64x4xi8>, %o: tensor<16x64xf32>) {
  // expected-error @+1 {{a_format must be an MX element type, got 'bf16'}}
  %r = mxfp4.fused_matmul a(%a : tensor<16x128xbf16>) quantize = even b(%b, %bs : tensor<64x64xi8>, tensor<64x4xi8>) layout = plain outs(%o : tensor<16x64xf32>) {a_format = bf16}
      epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 } -> tensor<16x64xf32>
  return
}

// -----

func.func @wma_mixed(%ids: tensor<4x2xi32>, %s: memref<20xi32>, %b: memref<5xi32>, %v: memref<1xi32>, %p: memref<4x2xi32>) {
  // expected-error @+1 {{operands must all be ranked tensors or all memrefs, got 'tensor<4x2xi32>'}}
  mxfp4.workgroup_moe_align ins(%ids : tensor<4x2xi32>) outs(%s, %b, %v, %p : memref<20xi32>, memref<5xi32>, memref<1xi32>, memref<4x2xi32>) experts = 4 block_m = 4
  return
}

// -----

func.func @wma_sizes(%ids: memref<4x2xi32>, %s: memref<16xi32>, %b: memref<4xi32>, %v: memref<1xi32>, %p: memref<4x2xi32>) {
  // expected-error @+1 {{8 pairs of 4 experts in blocks of 4 need sorted of 20 rows and block_expert of 5 blocks, got 'memref<16xi32>' and 'memref<4xi32>'}}
  mxfp4.workgroup_moe_align ins(%ids : memref<4x2xi32>) outs(%s, %b, %v, %p : memref<16xi32>, memref<4xi32>, memref<1xi32>, memref<4x2xi32>) experts = 4 block_m = 4
  return
}

// -----

func.func @fm_experts_b_rank(%x: tensor<4x256xbf16>, %rows: tensor<64xi32>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %blocks: tensor<2xi32>, %o: tensor<64x64xf32>) {
  // expected-error @+1 {{a and outs must be 2-D and each B 3-D [E, N, K] (experts), got 'tensor<64x128xi8>'}}
  %r = mxfp4.fused_matmul a(%x : tensor<4x256xbf16>) quantize = even gather(%rows : tensor<64xi32>) topk = 9 b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain experts(%blocks : tensor<2xi32>) outs(%o : tensor<64x64xf32>)
      epilogue { ^bb0(%acc: f32): mxfp4.yield %acc : f32 } -> tensor<64x64xf32>
  return
}

// -----

func.func @fm_gather_rows_type(%x: tensor<4x256xbf16>, %rows: tensor<64xi64>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<64x64xf32>) {
  // expected-error @+1 {{gather rows and experts must be 1-D i32, got 'tensor<64xi64>'}}
  %r = mxfp4.fused_matmul a(%x : tensor<4x256xbf16>) quantize = even gather(%rows : tensor<64xi64>) topk = 9 b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o : tensor<64x64xf32>)
      epilogue { ^bb0(%acc: f32): mxfp4.yield %acc : f32 } -> tensor<64x64xf32>
  return
}

// -----

func.func @fm_gather_topk(%x: tensor<4x256xbf16>, %rows: tensor<64xi32>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<64x64xf32>) {
  // expected-error @+1 {{topk must be positive, got 0}}
  %r = mxfp4.fused_matmul a(%x : tensor<4x256xbf16>) quantize = even gather(%rows : tensor<64xi32>) topk = 0 b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o : tensor<64x64xf32>)
      epilogue { ^bb0(%acc: f32): mxfp4.yield %acc : f32 } -> tensor<64x64xf32>
  return
}

// -----

func.func @fm_experts_tile(%x: tensor<4x256xbf16>, %rows: tensor<64xi32>, %b: tensor<3x64x128xi8>, %bs: tensor<3x64x8xi8>, %blocks: tensor<4xi32>, %o: tensor<64x64xf32>) {
  // expected-error @+1 {{experts must name one expert per 32 rows (the tile's) of the 64 rows, got 4}}
  %r = mxfp4.fused_matmul a(%x : tensor<4x256xbf16>) quantize = even gather(%rows : tensor<64xi32>) topk = 9 b(%b, %bs : tensor<3x64x128xi8>, tensor<3x64x8xi8>) layout = plain experts(%blocks : tensor<4xi32>) outs(%o : tensor<64x64xf32>)
      config(<mfma = 32, waves_m = 1, waves_n = 2, tiles_m = 1, tiles_n = 1, split_k = 1>)
      epilogue { ^bb0(%acc: f32): mxfp4.yield %acc : f32 } -> tensor<64x64xf32>
  return
}

// -----

func.func @fm_gather_prologue(%x: tensor<4x256xbf16>, %rows: tensor<64xi32>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<64x64xf32>) {
  // expected-error @+1 {{a gathered A takes no prologue}}
  %r = mxfp4.fused_matmul a(%x : tensor<4x256xbf16>) quantize = even gather(%rows : tensor<64xi32>) topk = 9 b(%b, %bs : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%o : tensor<64x64xf32>)
      prologue { ^bb0(%v: bf16): mxfp4.yield %v : bf16 }
      epilogue { ^bb0(%acc: f32): mxfp4.yield %acc : f32 } -> tensor<64x64xf32>
  return
}

// -----

// Only the generic syntax can give gather rows without topk.
func.func @fm_gather_without_topk(%x: tensor<4x256xbf16>, %rows: tensor<64xi32>, %b: tensor<64x128xi8>, %bs: tensor<64x8xi8>, %o: tensor<64x64xf32>) {
  // expected-error @+1 {{gather needs its rows and topk together}}
  %r = "mxfp4.fused_matmul"(%x, %b, %bs, %o, %rows) <{a_scale_mode = 0 : i32, b_layout = 0 : i32, ins_maps = [], operandSegmentSizes = array<i32: 1, 2, 0, 0, 1, 0, 1, 0, 0, 0>, prologue_maps = []}> ({
  }, {
  ^bb0(%acc: f32):
    mxfp4.yield %acc : f32
  }) : (tensor<4x256xbf16>, tensor<64x128xi8>, tensor<64x8xi8>, tensor<64x64xf32>, tensor<64xi32>) -> tensor<64x64xf32>
  return
}

// -----

func.func @fm_experts_layout(%x: tensor<4x256xbf16>, %rows: tensor<64xi32>, %b: tensor<3x64x128xi8>, %bs: tensor<3x64x8xi8>, %blocks: tensor<2xi32>, %o: tensor<64x64xf32>) {
  // expected-error @+1 {{experts need B in the plain layout}}
  %r = mxfp4.fused_matmul a(%x : tensor<4x256xbf16>) quantize = even gather(%rows : tensor<64xi32>) topk = 9 b(%b, %bs : tensor<3x64x128xi8>, tensor<3x64x8xi8>) layout = preshuffled experts(%blocks : tensor<2xi32>) outs(%o : tensor<64x64xf32>)
      epilogue { ^bb0(%acc: f32): mxfp4.yield %acc : f32 } -> tensor<64x64xf32>
  return
}

// -----

func.func @wma_positions(%ids: memref<4x2xi32>, %s: memref<20xi32>, %b: memref<5xi32>, %v: memref<1xi32>, %p: memref<8xi32>) {
  // expected-error @+1 {{positions must have topk_ids' shape and i32 elements, got 'memref<8xi32>'}}
  mxfp4.workgroup_moe_align ins(%ids : memref<4x2xi32>) outs(%s, %b, %v, %p : memref<20xi32>, memref<5xi32>, memref<1xi32>, memref<8xi32>) experts = 4 block_m = 4
  return
}

// -----

// Only the generic syntax can give scatter rows without weights.
func.func @fm_scatter_without_weights(%a: tensor<64x128xi8>, %as: tensor<64x8xi8>, %ids: tensor<64xi32>, %b: tensor<96x128xi8>, %bs: tensor<96x8xi8>, %o: tensor<5x96xf32>) {
  // expected-error @+1 {{scatter needs its rows and weights together}}
  %r = "mxfp4.fused_matmul"(%a, %as, %b, %bs, %o, %ids) <{b_layout = 0 : i32, ins_maps = [], operandSegmentSizes = array<i32: 2, 2, 0, 0, 1, 0, 0, 0, 1, 0>, prologue_maps = []}> ({
  }, {
  ^bb0(%acc: f32):
    mxfp4.yield %acc : f32
  }) : (tensor<64x128xi8>, tensor<64x8xi8>, tensor<96x128xi8>, tensor<96x8xi8>, tensor<5x96xf32>, tensor<64xi32>) -> tensor<5x96xf32>
  return
}

// -----

func.func @fm_scatter_rows_type(%a: tensor<64x128xi8>, %as: tensor<64x8xi8>, %ids: tensor<64xi64>, %b: tensor<96x128xi8>, %bs: tensor<96x8xi8>, %w: tensor<5x2xf32>, %o: tensor<5x96xf32>) {
  // expected-error @+1 {{scatter rows must be 1-D i32, got 'tensor<64xi64>'}}
  %r = mxfp4.fused_matmul a(%a, %as : tensor<64x128xi8>, tensor<64x8xi8>) b(%b, %bs : tensor<96x128xi8>, tensor<96x8xi8>) layout = plain outs(%o : tensor<5x96xf32>) scatter(%ids : tensor<64xi64>) weights(%w : tensor<5x2xf32>) epilogue {
  ^bb0(%acc: f32):
    mxfp4.yield %acc : f32
  } -> tensor<5x96xf32>
  return
}

// -----

func.func @fm_scatter_weights_type(%a: tensor<64x128xi8>, %as: tensor<64x8xi8>, %ids: tensor<64xi32>, %b: tensor<96x128xi8>, %bs: tensor<96x8xi8>, %w: tensor<5x?xf32>, %o: tensor<5x96xf32>) {
  // expected-error @+1 {{scatter weights must be [tokens, k] f32 with a static k, got 'tensor<5x?xf32>'}}
  %r = mxfp4.fused_matmul a(%a, %as : tensor<64x128xi8>, tensor<64x8xi8>) b(%b, %bs : tensor<96x128xi8>, tensor<96x8xi8>) layout = plain outs(%o : tensor<5x96xf32>) scatter(%ids : tensor<64xi32>) weights(%w : tensor<5x?xf32>) epilogue {
  ^bb0(%acc: f32):
    mxfp4.yield %acc : f32
  } -> tensor<5x96xf32>
  return
}

// -----

func.func @fm_scatter_rows_count(%a: tensor<64x128xi8>, %as: tensor<64x8xi8>, %ids: tensor<32xi32>, %b: tensor<96x128xi8>, %bs: tensor<96x8xi8>, %w: tensor<5x2xf32>, %o: tensor<5x96xf32>) {
  // expected-error @+1 {{scatter rows must have one entry per row (64), got 'tensor<32xi32>'}}
  %r = mxfp4.fused_matmul a(%a, %as : tensor<64x128xi8>, tensor<64x8xi8>) b(%b, %bs : tensor<96x128xi8>, tensor<96x8xi8>) layout = plain outs(%o : tensor<5x96xf32>) scatter(%ids : tensor<32xi32>) weights(%w : tensor<5x2xf32>) epilogue {
  ^bb0(%acc: f32):
    mxfp4.yield %acc : f32
  } -> tensor<5x96xf32>
  return
}

// -----

func.func @fm_scatter_f16(%a: tensor<64x128xi8>, %as: tensor<64x8xi8>, %ids: tensor<64xi32>, %b: tensor<96x128xi8>, %bs: tensor<96x8xi8>, %w: tensor<5x2xf32>, %o: tensor<5x96xf16>) {
  // expected-error @+1 {{a scattered output is a sum: no output quantize, f32 or bf16 outs}}
  %r = mxfp4.fused_matmul a(%a, %as : tensor<64x128xi8>, tensor<64x8xi8>) b(%b, %bs : tensor<96x128xi8>, tensor<96x8xi8>) layout = plain outs(%o : tensor<5x96xf16>) scatter(%ids : tensor<64xi32>) weights(%w : tensor<5x2xf32>) epilogue {
  ^bb0(%acc: f32):
    mxfp4.yield %acc : f32
  } -> tensor<5x96xf16>
  return
}

// -----

func.func @fm_scatter_bf16_odd_n(%a: tensor<64x128xi8>, %as: tensor<64x8xi8>, %ids: tensor<64xi32>, %b: tensor<95x128xi8>, %bs: tensor<95x8xi8>, %w: tensor<5x2xf32>, %o: tensor<5x95xbf16>) {
  // expected-error @+1 {{a scattered bf16 output needs an even N, got 95}}
  %r = mxfp4.fused_matmul a(%a, %as : tensor<64x128xi8>, tensor<64x8xi8>) b(%b, %bs : tensor<95x128xi8>, tensor<95x8xi8>) layout = plain outs(%o : tensor<5x95xbf16>) scatter(%ids : tensor<64xi32>) weights(%w : tensor<5x2xf32>) epilogue {
  ^bb0(%acc: f32):
    mxfp4.yield %acc : f32
  } -> tensor<5x95xbf16>
  return
}

// -----

func.func @fm_scatter_bf16_yield(%a: tensor<64x128xi8>, %as: tensor<64x8xi8>, %ids: tensor<64xi32>, %b: tensor<96x128xi8>, %bs: tensor<96x8xi8>, %w: tensor<5x2xf32>, %o: tensor<5x96xbf16>) {
  // expected-error @+1 {{the epilogue must yield f32 (a scattered output's value to add), got 'bf16'}}
  %r = mxfp4.fused_matmul a(%a, %as : tensor<64x128xi8>, tensor<64x8xi8>) b(%b, %bs : tensor<96x128xi8>, tensor<96x8xi8>) layout = plain outs(%o : tensor<5x96xbf16>) scatter(%ids : tensor<64xi32>) weights(%w : tensor<5x2xf32>) epilogue {
  ^bb0(%acc: f32):
    %t = arith.truncf %acc : f32 to bf16
    mxfp4.yield %t : bf16
  } -> tensor<5x96xbf16>
  return
}

// -----

func.func @fm_scatter_specialized(%a: tensor<64x128xi8>, %as: tensor<64x8xi8>, %ids: tensor<64xi32>, %b: tensor<96x128xi8>, %bs: tensor<96x8xi8>, %w: tensor<5x2xf32>, %o: tensor<5x96xf32>) {
  // expected-error @+1 {{a scattered output takes no m_specializations}}
  %r = mxfp4.fused_matmul a(%a, %as : tensor<64x128xi8>, tensor<64x8xi8>) b(%b, %bs : tensor<96x128xi8>, tensor<96x8xi8>) layout = plain outs(%o : tensor<5x96xf32>) scatter(%ids : tensor<64xi32>) weights(%w : tensor<5x2xf32>) config(<mfma = 32, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>) {m_specializations = [#mxfp4.m_specialization<max_m = 16, config = <mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 2, split_k = 1>>]} epilogue {
  ^bb0(%acc: f32):
    mxfp4.yield %acc : f32
  } -> tensor<5x96xf32>
  return
}

// -----

func.func @fm_scatter_tokens(%a: tensor<64x128xi8>, %as: tensor<64x8xi8>, %ids: tensor<64xi32>, %b: tensor<96x128xi8>, %bs: tensor<96x8xi8>, %w: tensor<6x2xf32>, %o: tensor<5x96xf32>) {
  // expected-error @+1 {{outs must be M x N, got 'tensor<5x96xf32>'}}
  %r = mxfp4.fused_matmul a(%a, %as : tensor<64x128xi8>, tensor<64x8xi8>) b(%b, %bs : tensor<96x128xi8>, tensor<96x8xi8>) layout = plain outs(%o : tensor<5x96xf32>) scatter(%ids : tensor<64xi32>) weights(%w : tensor<6x2xf32>) epilogue {
  ^bb0(%acc: f32):
    mxfp4.yield %acc : f32
  } -> tensor<5x96xf32>
  return
}
