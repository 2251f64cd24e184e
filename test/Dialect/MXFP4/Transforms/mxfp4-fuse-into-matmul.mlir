// RUN: fp4-opt %s --pass-pipeline='builtin.module(func.func(mxfp4-fuse-into-matmul))' -split-input-file | FileCheck %s

#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
#row = affine_map<(i, j) -> (i)>
#cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>
#cfg16 = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>

// A's quantize moves into the op; C's bf16 rounding is the epilogue.
// CHECK-LABEL: func.func @quantize_a
// CHECK-SAME: (%[[A:.+]]: tensor<16x256xbf16>, %[[B:.+]]: tensor<64x256xf4E2M1FN>, %[[BS:.+]]: tensor<64x8xf8E8M0FNU>)
// CHECK: %[[E:.+]] = tensor.empty() : tensor<16x64xbf16>
// CHECK: %[[R:.+]] = mxfp4.fused_matmul a(%[[A]] : tensor<16x256xbf16>) quantize = floor b(%[[B]], %[[BS]] : {{.+}}) layout = plain outs(%[[E]] : tensor<16x64xbf16>) config(<mfma = 16, waves_m = 1, waves_n = 4
// CHECK: ^bb0(%[[ACC:.+]]: f32):
// CHECK: %[[T:.+]] = arith.truncf %[[ACC]] : f32 to bf16
// CHECK: mxfp4.yield %[[T]] : bf16
// CHECK: return %[[R]]
func.func @quantize_a(%a: tensor<16x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> tensor<16x64xbf16> {
  %q, %s = mxfp4.quantize %a mode = floor : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xbf16>
  return %c : tensor<16x64xbf16>
}

// A given quantized stays two operands; an f32 C needs no rounding.
// CHECK-LABEL: func.func @quantized_a
// CHECK: mxfp4.fused_matmul a(%{{.+}}, %{{.+}} : tensor<?x256xf4E2M1FN>, tensor<?x8xf8E8M0FNU>) b(
// CHECK-NOT: quantize =
// CHECK: ^bb0(%[[ACC:.+]]: f32):
// CHECK-NEXT: mxfp4.yield %[[ACC]] : f32
func.func @quantized_a(%q: tensor<?x256xf4E2M1FN>, %s: tensor<?x8xf8E8M0FNU>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> tensor<?x64xf32> {
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs : tensor<?x256xf4E2M1FN>, tensor<?x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<?x64xf32>
  return %c : tensor<?x64xf32>
}

// An accumulator (destination-passing style) is split off as an
// elementwise add in f32 and one rounding, which the epilogue then takes:
// the bf16 accumulator is an epilogue operand.
// CHECK-LABEL: func.func @accumulator
// CHECK-SAME: %[[ACCIN:[^:]+]]: tensor<16x64xbf16>
// CHECK: mxfp4.fused_matmul {{.+}} ins(%[[ACCIN]] : tensor<16x64xbf16>) maps [#{{.+}}] outs(
// CHECK: ^bb0(%[[SUM:.+]]: f32, %[[OLD:.+]]: bf16):
// CHECK: %[[W:.+]] = arith.extf %[[OLD]] : bf16 to f32
// CHECK: %[[ADD:.+]] = arith.addf %[[W]], %[[SUM]] : f32
// CHECK: %[[R:.+]] = arith.truncf %[[ADD]] : f32 to bf16
// CHECK: mxfp4.yield %[[R]] : bf16
// CHECK-NOT: linalg.generic
func.func @accumulator(%a: tensor<16x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>, %acc: tensor<16x64xbf16>) -> tensor<16x64xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs acc(%acc : tensor<16x64xbf16>) config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xbf16>
  return %c : tensor<16x64xbf16>
}

// The epilogue: a bias read along N, SiLU with a constant, a scalar
// function argument, the rounding; the generic's unread init (the GEMM's
// own result, as convert-elementwise-to-linalg writes it) is detached.
// CHECK-LABEL: func.func @bias_silu_scalar
// CHECK-SAME: %[[BIAS:[^:]+]]: tensor<64xf32>, %[[ALPHA:[^:]+]]: f32
// CHECK: mxfp4.fused_matmul {{.+}} ins(%[[BIAS]], %[[ALPHA]] : tensor<64xf32>, f32) maps [#{{.+}}, #{{.+}}] outs(
// CHECK: ^bb0(%[[ACC:.+]]: f32, %[[BV:.+]]: f32, %[[AV:.+]]: f32):
// CHECK: %[[Z:.+]] = arith.addf %[[ACC]], %[[BV]] : f32
// CHECK: math.exp
// CHECK: arith.mulf %{{.+}}, %[[AV]] : f32
// CHECK: arith.truncf
// CHECK-NOT: linalg.generic
func.func @bias_silu_scalar(%a: tensor<16x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>, %bias: tensor<64xf32>, %alpha: f32) -> tensor<16x64xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xf32>
  %e = tensor.empty() : tensor<16x64xbf16>
  %z = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%c, %bias : tensor<16x64xf32>, tensor<64xf32>) outs(%c : tensor<16x64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s0 = arith.addf %x, %y : f32
    linalg.yield %s0 : f32
  } -> tensor<16x64xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%z : tensor<16x64xf32>) outs(%e : tensor<16x64xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %n = arith.negf %x : f32
    %ex = math.exp %n : f32
    %one = arith.constant 1.0 : f32
    %d = arith.addf %one, %ex : f32
    %si = arith.divf %x, %d : f32
    %sc = arith.mulf %si, %alpha : f32
    %t = arith.truncf %sc : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<16x64xbf16>
  return %r : tensor<16x64xbf16>
}

// A named elementwise op is generalized and fused like a generic.
// CHECK-LABEL: func.func @named_add
// CHECK: mxfp4.fused_matmul {{.+}} ins(%{{.+}} : tensor<16x64xf32>) maps [#{{.+}}] outs(
// CHECK: arith.addf
// CHECK-NOT: linalg.add
func.func @named_add(%a: tensor<16x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>, %res: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %q, %s = mxfp4.quantize %a : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xf32>
  %e = tensor.empty() : tensor<16x64xf32>
  %r = linalg.add ins(%c, %res : tensor<16x64xf32>, tensor<16x64xf32>) outs(%e : tensor<16x64xf32>) -> tensor<16x64xf32>
  return %r : tensor<16x64xf32>
}

// A's elementwise producer with a row operand (RMSNorm's scaling) becomes
// the prologue; the row operand is a prologue operand.
// CHECK-LABEL: func.func @producer
// CHECK-SAME: (%[[X:[^:]+]]: tensor<16x256xf32>, %[[RINV:[^:]+]]: tensor<16xf32>
// CHECK: mxfp4.fused_matmul a(%[[X]] : tensor<16x256xf32>) quantize = even b({{.+}}) layout = plain prologue_ins(%[[RINV]] : tensor<16xf32>) maps [#{{.+}}]
// CHECK: prologue {
// CHECK: ^bb0(%[[E:.+]]: f32, %[[R:.+]]: f32):
// CHECK: %[[M:.+]] = arith.mulf %[[E]], %[[R]] : f32
// CHECK: %[[T:.+]] = arith.truncf %[[M]] : f32 to bf16
// CHECK: mxfp4.yield %[[T]] : bf16
// CHECK: } epilogue {
func.func @producer(%x: tensor<16x256xf32>, %rinv: tensor<16xf32>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> tensor<16x64xf32> {
  %e = tensor.empty() : tensor<16x256xbf16>
  %a = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %rinv : tensor<16x256xf32>, tensor<16xf32>) outs(%e : tensor<16x256xbf16>) {
  ^bb0(%v: f32, %r: f32, %o: bf16):
    %m = arith.mulf %v, %r : f32
    %t = arith.truncf %m : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<16x256xbf16>
  %q, %s = mxfp4.quantize %a : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xf32>
  return %c : tensor<16x64xf32>
}

// A transposed producer reads no input whole: it is not fused (it becomes
// a kernel of its own later).
// CHECK-LABEL: func.func @transposed_a
// CHECK: %[[T:.+]] = linalg.generic
// CHECK: mxfp4.fused_matmul a(%[[T]] : tensor<16x256xbf16>) quantize = even
// CHECK-NOT: prologue
func.func @transposed_a(%x: tensor<256x16xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> tensor<16x64xf32> {
  %e = tensor.empty() : tensor<16x256xbf16>
  %a = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<256x16xbf16>) outs(%e : tensor<16x256xbf16>) {
  ^bb0(%v: bf16, %o: bf16):
    linalg.yield %v : bf16
  } -> tensor<16x256xbf16>
  %q, %s = mxfp4.quantize %a : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xf32>
  return %c : tensor<16x64xf32>
}

// Recomputing a producer for each of 256 column tiles of a huge GEMM costs
// more than a kernel of its own (the fusion model): not fused.
// CHECK-LABEL: func.func @producer_too_costly
// CHECK: linalg.generic
// CHECK: mxfp4.fused_matmul a(%{{.+}} : tensor<4096x8192xbf16>)
// CHECK-NOT: prologue
func.func @producer_too_costly(%x: tensor<4096x8192xf32>, %b: tensor<16384x8192xf4E2M1FN>, %bs: tensor<16384x256xf8E8M0FNU>) -> tensor<4096x16384xf32> {
  %e = tensor.empty() : tensor<4096x8192xbf16>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4096x8192xf32>) outs(%e : tensor<4096x8192xbf16>) {
  ^bb0(%v: f32, %o: bf16):
    %n = arith.negf %v : f32
    %ex = math.exp %n : f32
    %t = arith.truncf %ex : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<4096x8192xbf16>
  %q, %s = mxfp4.quantize %a : tensor<4096x8192xbf16> -> tensor<4096x8192xf4E2M1FN>, tensor<4096x256xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg) : tensor<4096x8192xf4E2M1FN>, tensor<4096x256xf8E8M0FNU>, tensor<16384x8192xf4E2M1FN>, tensor<16384x256xf8E8M0FNU> -> tensor<4096x16384xf32>
  return %c : tensor<4096x16384xf32>
}

// A gather in the consumer's body (tensor.extract) is not scalar code: not
// fused.
// CHECK-LABEL: func.func @gather_consumer
// CHECK: mxfp4.fused_matmul
// CHECK: linalg.generic
// CHECK: tensor.extract
func.func @gather_consumer(%a: tensor<16x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>, %table: tensor<8xf32>) -> tensor<16x64xf32> {
  %q, %s = mxfp4.quantize %a : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xf32>
  %e = tensor.empty() : tensor<16x64xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%c : tensor<16x64xf32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = arith.fptosi %x : f32 to i32
    %ix = arith.index_cast %i : i32 to index
    %v = tensor.extract %table[%ix] : tensor<8xf32>
    linalg.yield %v : f32
  } -> tensor<16x64xf32>
  return %r : tensor<16x64xf32>
}

// C quantized for the next layer: the op writes fp4 values and scales.
// CHECK-LABEL: func.func @quantize_c
// CHECK: %[[V:.+]] = tensor.empty() : tensor<16x64xf4E2M1FN>
// CHECK: %[[S:.+]] = tensor.empty() : tensor<16x2xf8E8M0FNU>
// CHECK: %[[R:.+]]:2 = mxfp4.fused_matmul {{.+}} outs(%[[V]], %[[S]] : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>) quantize = floor
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @quantize_c(%a: tensor<16x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> (tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %a : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xbf16>
  %cq, %cs = mxfp4.quantize %c mode = floor : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  return %cq, %cs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
}

// Ties away from zero (the MoE layer's quantizer) on A and on C: the op
// records them for the kernel's quantizers; ties to even is not recorded.
// CHECK-LABEL: func.func @quantize_ties_away
// CHECK: mxfp4.fused_matmul a(%{{.+}} : tensor<16x256xbf16>) quantize = even ties = away b({{.+}} quantize = floor ties = away config(
// CHECK-LABEL: func.func @quantize_ties_even_unrecorded
// CHECK-NOT: ties
// CHECK: return
func.func @quantize_ties_away(%a: tensor<16x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> (tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %a ties = away : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xbf16>
  %cq, %cs = mxfp4.quantize %c mode = floor ties = away : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  return %cq, %cs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
}
func.func @quantize_ties_even_unrecorded(%a: tensor<16x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> (tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %a ties = even : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xbf16>
  %cq, %cs = mxfp4.quantize %c : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  return %cq, %cs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
}

// A 16-column tile cannot quantize 32-column blocks: the quantize stays (a
// kernel of its own).
// CHECK-LABEL: func.func @quantize_c_narrow_tile
// CHECK: %[[R:.+]] = mxfp4.fused_matmul
// CHECK: mxfp4.quantize %[[R]]
func.func @quantize_c_narrow_tile(%a: tensor<16x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> (tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %a : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg16) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xbf16>
  %cq, %cs = mxfp4.quantize %c : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  return %cq, %cs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
}

// SwiGLU: gate and up share A and meet in silu(gate) * up: one op, two Bs,
// both epilogues then the consumer's body.
// CHECK-LABEL: func.func @swiglu
// CHECK-SAME: %[[G:[^:]+]]: tensor<64x256xf4E2M1FN>, %[[GS:[^:]+]]: tensor<64x8xf8E8M0FNU>, %[[U:[^:]+]]: tensor<64x256xf4E2M1FN>, %[[US:[^:]+]]: tensor<64x8xf8E8M0FNU>
// CHECK: mxfp4.fused_matmul a(%{{.+}} : tensor<16x256xbf16>) quantize = even b(%[[G]], %[[GS]], %[[U]], %[[US]] :
// CHECK: ^bb0(%[[ACCG:.+]]: f32, %[[ACCU:.+]]: f32):
// CHECK: arith.negf %[[ACCG]]
// CHECK: math.exp
// CHECK: arith.mulf %{{.+}}, %[[ACCU]]
// CHECK-NOT: mxfp4.fused_matmul
func.func @swiglu(%a: tensor<16x256xbf16>, %g: tensor<64x256xf4E2M1FN>, %gs: tensor<64x8xf8E8M0FNU>, %u: tensor<64x256xf4E2M1FN>, %us: tensor<64x8xf8E8M0FNU>) -> tensor<16x64xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %gate = mxfp4.scaled_matmul %q, %s, %g, %gs config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xf32>
  %up = mxfp4.scaled_matmul %q, %s, %u, %us config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xf32>
  %e = tensor.empty() : tensor<16x64xbf16>
  %h = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%gate, %up : tensor<16x64xf32>, tensor<16x64xf32>) outs(%e : tensor<16x64xbf16>) {
  ^bb0(%x: f32, %y: f32, %o: bf16):
    %n = arith.negf %x : f32
    %ex = math.exp %n : f32
    %one = arith.constant 1.0 : f32
    %d = arith.addf %one, %ex : f32
    %si = arith.divf %x, %d : f32
    %p = arith.mulf %si, %y : f32
    %t = arith.truncf %p : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<16x64xbf16>
  return %h : tensor<16x64xbf16>
}

// The SiLU written on the gate's own result, gate and up from one
// concatenated weight split by rows: still one op with two Bs.
// CHECK-LABEL: func.func @swiglu_concat_gate_epilogue
// CHECK-SAME: %[[W:[^:]+]]: tensor<128x256xf4E2M1FN>, %[[WS:[^:]+]]: tensor<128x8xf8E8M0FNU>
// CHECK-DAG: %[[G:.+]] = tensor.extract_slice %[[W]][0, 0] [64, 256]
// CHECK-DAG: %[[U:.+]] = tensor.extract_slice %[[W]][64, 0] [64, 256]
// CHECK: mxfp4.fused_matmul a(%{{.+}}) quantize = even b(%[[G]], %{{.+}}, %[[U]], %{{.+}} :
// CHECK: ^bb0(%{{.+}}: f32, %{{.+}}: f32):
// CHECK-NOT: mxfp4.fused_matmul
// CHECK-NOT: linalg.generic
func.func @swiglu_concat_gate_epilogue(%a: tensor<16x256xbf16>, %w: tensor<128x256xf4E2M1FN>, %ws: tensor<128x8xf8E8M0FNU>) -> tensor<16x64xf32> {
  %q, %s = mxfp4.quantize %a : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %g = tensor.extract_slice %w[0, 0] [64, 256] [1, 1] : tensor<128x256xf4E2M1FN> to tensor<64x256xf4E2M1FN>
  %gs = tensor.extract_slice %ws[0, 0] [64, 8] [1, 1] : tensor<128x8xf8E8M0FNU> to tensor<64x8xf8E8M0FNU>
  %u = tensor.extract_slice %w[64, 0] [64, 256] [1, 1] : tensor<128x256xf4E2M1FN> to tensor<64x256xf4E2M1FN>
  %us = tensor.extract_slice %ws[64, 0] [64, 8] [1, 1] : tensor<128x8xf8E8M0FNU> to tensor<64x8xf8E8M0FNU>
  %gate = mxfp4.scaled_matmul %q, %s, %g, %gs config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xf32>
  %up = mxfp4.scaled_matmul %q, %s, %u, %us config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xf32>
  %e = tensor.empty() : tensor<16x64xf32>
  %sg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%gate : tensor<16x64xf32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = arith.negf %x : f32
    %ex = math.exp %n : f32
    %one = arith.constant 1.0 : f32
    %d = arith.addf %one, %ex : f32
    %si = arith.divf %x, %d : f32
    linalg.yield %si : f32
  } -> tensor<16x64xf32>
  %e2 = tensor.empty() : tensor<16x64xf32>
  %h = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%sg, %up : tensor<16x64xf32>, tensor<16x64xf32>) outs(%e2 : tensor<16x64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    linalg.yield %p : f32
  } -> tensor<16x64xf32>
  return %h : tensor<16x64xf32>
}

// Two GEMMs with different configurations are not merged: the product is
// the epilogue of one, reading the other's result.
// CHECK-LABEL: func.func @no_merge_configs
// CHECK: %[[G:.+]] = mxfp4.fused_matmul
// CHECK: mxfp4.fused_matmul {{.+}} ins(%[[G]] : tensor<16x64xf32>)
// CHECK-NOT: linalg.generic
func.func @no_merge_configs(%a: tensor<16x256xbf16>, %g: tensor<64x256xf4E2M1FN>, %gs: tensor<64x8xf8E8M0FNU>, %u: tensor<64x256xf4E2M1FN>, %us: tensor<64x8xf8E8M0FNU>) -> tensor<16x64xf32> {
  %q, %s = mxfp4.quantize %a : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %gate = mxfp4.scaled_matmul %q, %s, %g, %gs config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xf32>
  %up = mxfp4.scaled_matmul %q, %s, %u, %us config(#cfg16) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xf32>
  %e = tensor.empty() : tensor<16x64xf32>
  %h = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%gate, %up : tensor<16x64xf32>, tensor<16x64xf32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    linalg.yield %p : f32
  } -> tensor<16x64xf32>
  return %h : tensor<16x64xf32>
}

// A batch sharing B is flattened to one GEMM over batch x M rows.
// CHECK-LABEL: func.func @batched
// CHECK: %[[F:.+]] = tensor.collapse_shape %{{.+}} {{\[\[}}0, 1], [2]] : tensor<3x5x256xbf16> into tensor<15x256xbf16>
// CHECK: %[[R:.+]] = mxfp4.fused_matmul a(%[[F]] : tensor<15x256xbf16>)
// CHECK: tensor.expand_shape %[[R]] {{\[\[}}0, 1], [2]] output_shape [3, 5, 64]
func.func @batched(%a: tensor<3x5x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> tensor<3x5x64xf32> {
  %q, %s = mxfp4.quantize %a : tensor<3x5x256xbf16> -> tensor<3x5x256xf4E2M1FN>, tensor<3x5x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg) : tensor<3x5x256xf4E2M1FN>, tensor<3x5x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<3x5x64xf32>
  return %c : tensor<3x5x64xf32>
}

// -----

// A B per batch: a host loop over the batches, each with its own GEMM on
// the batch's slices (A's quantize moved in with it, fused), its C
// inserted into the result; the configuration is the batched op's.
// CHECK-LABEL: func.func @batched_b
// CHECK-SAME: (%[[A:.+]]: tensor<3x5x256xbf16>, %[[B:.+]]: tensor<3x64x256xf4E2M1FN>, %[[BS:.+]]: tensor<3x64x8xf8E8M0FNU>)
// CHECK: %[[E:.+]] = tensor.empty() : tensor<3x5x64xf32>
// CHECK: %[[R:.+]] = scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %[[E]]) -> (tensor<3x5x64xf32>)
// CHECK-DAG: %[[AI:.+]] = tensor.extract_slice %[[A]][%[[I]], 0, 0] [1, 5, 256] [1, 1, 1] : tensor<3x5x256xbf16> to tensor<5x256xbf16>
// CHECK-DAG: %[[BI:.+]] = tensor.extract_slice %[[B]][%[[I]], 0, 0] [1, 64, 256] [1, 1, 1] : tensor<3x64x256xf4E2M1FN> to tensor<64x256xf4E2M1FN>
// CHECK-DAG: %[[SI:.+]] = tensor.extract_slice %[[BS]][%[[I]], 0, 0] [1, 64, 8] [1, 1, 1] : tensor<3x64x8xf8E8M0FNU> to tensor<64x8xf8E8M0FNU>
// CHECK: %[[C:.+]] = mxfp4.fused_matmul a(%[[AI]] : tensor<5x256xbf16>) quantize = even b(%[[BI]], %[[SI]] : {{.*}}) layout = plain outs(%{{.+}} : tensor<5x64xf32>) config(<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>)
// CHECK: %[[INS:.+]] = tensor.insert_slice %[[C]] into %[[ACC]][%[[I]], 0, 0] [1, 5, 64] [1, 1, 1] : tensor<5x64xf32> into tensor<3x5x64xf32>
// CHECK: scf.yield %[[INS]]
// CHECK: return %[[R]]
// CHECK-NOT: mxfp4.quantize
func.func @batched_b(%a: tensor<3x5x256xbf16>, %b: tensor<3x64x256xf4E2M1FN>, %bs: tensor<3x64x8xf8E8M0FNU>) -> tensor<3x5x64xf32> {
  %q, %s = mxfp4.quantize %a : tensor<3x5x256xbf16> -> tensor<3x5x256xf4E2M1FN>, tensor<3x5x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<3x5x256xf4E2M1FN>, tensor<3x5x8xf8E8M0FNU>, tensor<3x64x256xf4E2M1FN>, tensor<3x64x8xf8E8M0FNU> -> tensor<3x5x64xf32>
  return %c : tensor<3x5x64xf32>
}

// -----

// A fused output quantize stages the GEMM's f32 tile in LDS: with a 256x256
// tile that is 256 KiB, more than gfx950's 160, so the quantize is not
// fused (it becomes a kernel of its own) and the GEMM keeps a bf16 result.
// CHECK-LABEL: func.func @output_quantize_staging_too_big
// CHECK: %[[C:.+]] = mxfp4.fused_matmul {{.*}} outs(%{{.+}} : tensor<256x256xbf16>) config(<mfma = 32, waves_m = 4, waves_n = 4, tiles_m = 2, tiles_n = 2, split_k = 1>)
// CHECK: mxfp4.quantize %[[C]] : tensor<256x256xbf16>
func.func @output_quantize_staging_too_big(%a: tensor<256x128xbf16>, %b: tensor<256x128xf4E2M1FN>, %bs: tensor<256x4xf8E8M0FNU>) -> (tensor<256x256xf4E2M1FN>, tensor<256x8xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %a : tensor<256x128xbf16> -> tensor<256x128xf4E2M1FN>, tensor<256x4xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 32, waves_m = 4, waves_n = 4, tiles_m = 2, tiles_n = 2, split_k = 1>) : tensor<256x128xf4E2M1FN>, tensor<256x4xf8E8M0FNU>, tensor<256x128xf4E2M1FN>, tensor<256x4xf8E8M0FNU> -> tensor<256x256xbf16>
  %o, %os = mxfp4.quantize %c : tensor<256x256xbf16> -> tensor<256x256xf4E2M1FN>, tensor<256x8xf8E8M0FNU>
  return %o, %os : tensor<256x256xf4E2M1FN>, tensor<256x8xf8E8M0FNU>
}

// -----

// A grouped GEMM of quantized activations: the quantize (ties away, the
// MoE layer's) moves into the op, which quantizes the gathered rows; the
// default configuration of a gathered GEMM has a tile of block_m rows and
// 64 columns, 4 waves along K, and no K steps in flight (stages = 1).
// CHECK-LABEL: func.func @grouped_quantize_a
// CHECK-SAME: (%[[X:[^:]+]]: tensor<4x256xbf16>, %[[ROWS:[^:]+]]: tensor<64xi32>, %[[BLOCKS:[^:]+]]: tensor<4xi32>
// CHECK-NOT: mxfp4.quantize
// CHECK: mxfp4.fused_matmul a(%[[X]] : tensor<4x256xbf16>) quantize = even ties = away gather(%[[ROWS]] : tensor<64xi32>) topk = 9 b({{.+}} : tensor<3x64x256xf4E2M1FN>, tensor<3x64x8xf8E8M0FNU>) layout = plain experts(%[[BLOCKS]] : tensor<4xi32>) outs({{.+}} : tensor<64x64xf32>) config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 4, split_k = 1, waves_k = 4, stages = 1>)
func.func @grouped_quantize_a(%x: tensor<4x256xbf16>, %rows: tensor<64xi32>, %blocks: tensor<4xi32>, %b: tensor<3x64x256xf4E2M1FN>, %bs: tensor<3x64x8xf8E8M0FNU>) -> tensor<64x64xf32> {
  %q, %s = mxfp4.quantize %x ties = away : tensor<4x256xbf16> -> tensor<4x256xf4E2M1FN>, tensor<4x8xf8E8M0FNU>
  %c = mxfp4.grouped_matmul %q, %s rows(%rows : tensor<64xi32>) topk = 9 experts(%blocks : tensor<4xi32>) block_m = 16, %b, %bs : tensor<4x256xf4E2M1FN>, tensor<4x8xf8E8M0FNU>, tensor<3x64x256xf4E2M1FN>, tensor<3x64x8xf8E8M0FNU> -> tensor<64x64xf32>
  return %c : tensor<64x64xf32>
}

// -----

// Stage 1 of an MoE layer: gate and up as grouped GEMMs on one A (x
// quantized with ties away) and the same rows and experts, SwiGLU, h
// quantized with ties away: one op with two Bs (each [E, N, K]), the
// gather and experts, the SwiGLU epilogue and the quantized output.
// CHECK-LABEL: func.func @grouped_swiglu
// CHECK-SAME: (%[[X:[^:]+]]: tensor<6x256xbf16>, %[[ROWS:[^:]+]]: tensor<160xi32>, %[[BLOCKS:[^:]+]]: tensor<5xi32>, %[[G:[^:]+]]: tensor<5x64x256xf4E2M1FN>, %[[GS:[^:]+]]: tensor<5x64x8xf8E8M0FNU>, %[[U:[^:]+]]: tensor<5x64x256xf4E2M1FN>, %[[US:[^:]+]]: tensor<5x64x8xf8E8M0FNU>)
// CHECK: %[[R:.+]]:2 = mxfp4.fused_matmul a(%[[X]] : tensor<6x256xbf16>) quantize = even ties = away gather(%[[ROWS]] : tensor<160xi32>) topk = 3 b(%[[G]], %[[GS]], %[[U]], %[[US]] : {{.+}}) layout = plain experts(%[[BLOCKS]] : tensor<5xi32>) outs({{.+}} : tensor<160x64xf4E2M1FN>, tensor<160x2xf8E8M0FNU>) quantize = even ties = away
// CHECK: ^bb0(%[[ACCG:.+]]: f32, %[[ACCU:.+]]: f32):
// CHECK: arith.negf %[[ACCG]]
// CHECK: arith.mulf %{{.+}}, %[[ACCU]]
// CHECK-NOT: mxfp4.quantize
// CHECK-NOT: mxfp4.fused_matmul
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @grouped_swiglu(%x: tensor<6x256xbf16>, %rows: tensor<160xi32>, %blocks: tensor<5xi32>,
                          %g: tensor<5x64x256xf4E2M1FN>, %gs: tensor<5x64x8xf8E8M0FNU>,
                          %u: tensor<5x64x256xf4E2M1FN>, %us: tensor<5x64x8xf8E8M0FNU>) -> (tensor<160x64xf4E2M1FN>, tensor<160x2xf8E8M0FNU>) {
  %a, %as = mxfp4.quantize %x ties = away : tensor<6x256xbf16> -> tensor<6x256xf4E2M1FN>, tensor<6x8xf8E8M0FNU>
  %gate = mxfp4.grouped_matmul %a, %as rows(%rows : tensor<160xi32>) topk = 3 experts(%blocks : tensor<5xi32>) block_m = 32, %g, %gs : tensor<6x256xf4E2M1FN>, tensor<6x8xf8E8M0FNU>, tensor<5x64x256xf4E2M1FN>, tensor<5x64x8xf8E8M0FNU> -> tensor<160x64xf32>
  %up = mxfp4.grouped_matmul %a, %as rows(%rows : tensor<160xi32>) topk = 3 experts(%blocks : tensor<5xi32>) block_m = 32, %u, %us : tensor<6x256xf4E2M1FN>, tensor<6x8xf8E8M0FNU>, tensor<5x64x256xf4E2M1FN>, tensor<5x64x8xf8E8M0FNU> -> tensor<160x64xf32>
  %e = tensor.empty() : tensor<160x64xbf16>
  %h = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%gate, %up : tensor<160x64xf32>, tensor<160x64xf32>) outs(%e : tensor<160x64xbf16>) {
  ^bb0(%gv: f32, %uv: f32, %o: bf16):
    %n = arith.negf %gv : f32
    %ex = math.exp %n : f32
    %one = arith.constant 1.0 : f32
    %d = arith.addf %one, %ex : f32
    %si = arith.divf %gv, %d : f32
    %p = arith.mulf %si, %uv : f32
    %t = arith.truncf %p : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<160x64xbf16>
  %hq, %hs = mxfp4.quantize %h ties = away : tensor<160x64xbf16> -> tensor<160x64xf4E2M1FN>, tensor<160x2xf8E8M0FNU>
  return %hq, %hs : tensor<160x64xf4E2M1FN>, tensor<160x2xf8E8M0FNU>
}

// -----

// Stage 2 of an MoE layer with the combine: h in the sorted order times
// each block's expert's B, every row added, weighted, into its token's
// row. The op's outs start as zeros (a linalg.fill, generalized here as
// every named op the pass meets); a consumer of the
// sum (the rounding to bf16) stays outside: the epilogue sees one row's
// product, not the token's sum.
// CHECK-LABEL: func.func @grouped_scatter
// CHECK-SAME: (%[[H:[^:]+]]: tensor<64x256xf4E2M1FN>, %[[HS:[^:]+]]: tensor<64x8xf8E8M0FNU>, %[[IDS:[^:]+]]: tensor<64xi32>, %[[BLOCKS:[^:]+]]: tensor<2xi32>, %[[B:[^:]+]]: tensor<3x96x256xf4E2M1FN>, %[[BS:[^:]+]]: tensor<3x96x8xf8E8M0FNU>, %[[W:[^:]+]]: tensor<5x9xf32>)
// CHECK: %[[ZERO:.+]] = linalg.generic {{.+}} ins(%{{.+}} : f32) outs(%{{.+}} : tensor<5x96xf32>)
// CHECK: %[[SUM:.+]] = mxfp4.fused_matmul a(%[[H]], %[[HS]] : {{.+}}) b(%[[B]], %[[BS]] : {{.+}}) layout = plain experts(%[[BLOCKS]] : tensor<2xi32>) outs(%[[ZERO]] : tensor<5x96xf32>) scatter(%[[IDS]] : tensor<64xi32>) weights(%[[W]] : tensor<5x9xf32>) config(<mfma = 32, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 4, split_k = 1, stages = 2>)
// CHECK: linalg.generic {{.+}} ins(%[[SUM]] : tensor<5x96xf32>)
// CHECK: arith.truncf
func.func @grouped_scatter(%h: tensor<64x256xf4E2M1FN>, %hs: tensor<64x8xf8E8M0FNU>, %ids: tensor<64xi32>, %blocks: tensor<2xi32>, %b: tensor<3x96x256xf4E2M1FN>, %bs: tensor<3x96x8xf8E8M0FNU>, %w: tensor<5x9xf32>) -> tensor<5x96xbf16> {
  %sum = mxfp4.grouped_matmul %h, %hs experts(%blocks : tensor<2xi32>) block_m = 32, %b, %bs scatter(%ids : tensor<64xi32>) weights(%w : tensor<5x9xf32>) : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<3x96x256xf4E2M1FN>, tensor<3x96x8xf8E8M0FNU> -> tensor<5x96xf32>
  %e = tensor.empty() : tensor<5x96xbf16>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%sum : tensor<5x96xf32>) outs(%e : tensor<5x96xbf16>) {
  ^bb0(%v: f32, %o: bf16):
    %t = arith.truncf %v : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<5x96xbf16>
  return %r : tensor<5x96xbf16>
}

// -----

// The same into a bf16 sum: the outs start as bf16 zeros, and the
// epilogue yields the f32 value the kernel weighs and adds (rounding it).
// CHECK-LABEL: func.func @grouped_scatter_bf16
// CHECK: %[[ZERO:.+]] = linalg.generic {{.+}} ins(%{{.+}} : bf16) outs(%{{.+}} : tensor<5x96xbf16>)
// CHECK: %[[SUM:.+]] = mxfp4.fused_matmul {{.+}} outs(%[[ZERO]] : tensor<5x96xbf16>) scatter(
// CHECK-NEXT: ^bb0(%[[ACC:.+]]: f32):
// CHECK-NEXT: mxfp4.yield %[[ACC]] : f32
// CHECK: return %[[SUM]] : tensor<5x96xbf16>
func.func @grouped_scatter_bf16(%h: tensor<64x256xf4E2M1FN>, %hs: tensor<64x8xf8E8M0FNU>, %ids: tensor<64xi32>, %blocks: tensor<2xi32>, %b: tensor<3x96x256xf4E2M1FN>, %bs: tensor<3x96x8xf8E8M0FNU>, %w: tensor<5x9xf32>) -> tensor<5x96xbf16> {
  %sum = mxfp4.grouped_matmul %h, %hs experts(%blocks : tensor<2xi32>) block_m = 32, %b, %bs scatter(%ids : tensor<64xi32>) weights(%w : tensor<5x9xf32>) : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<3x96x256xf4E2M1FN>, tensor<3x96x8xf8E8M0FNU> -> tensor<5x96xbf16>
  return %sum : tensor<5x96xbf16>
}

// -----

// A gathered GEMM whose in-kernel quantization would not pay: 1024 tokens
// of top-9 over 33 experts, N 2048 (32 column tiles of 64): quantizing each
// gathered row once per column tile costs more (fusion model:
// gatheredQuantizeFusionPays) than a quantize of its own, once per token,
// and its launch. The quantize stays; the op reads A's fp4 values and
// scales through the gather. Its routing is expected to give about 305
// blocks of 32 rows, 9760 work-groups of 64 columns: at least 2 per CU, so
// the default configuration is one wave of 64 columns, no waves along K,
// and the default 3 stages.
// CHECK-LABEL: func.func @grouped_quantize_stays
// CHECK: %[[Q:.+]], %[[S:.+]] = mxfp4.quantize %{{.+}} ties = away
// CHECK: mxfp4.fused_matmul a(%[[Q]], %[[S]] : tensor<1024x7168xf4E2M1FN>, tensor<1024x224xf8E8M0FNU>) gather(%{{.+}} : tensor<10240xi32>) topk = 9 b(
// CHECK-SAME: config(<mfma = 32, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 2, split_k = 1>)
func.func @grouped_quantize_stays(%x: tensor<1024x7168xbf16>, %rows: tensor<10240xi32>, %blocks: tensor<320xi32>, %b: tensor<33x2048x7168xf4E2M1FN>, %bs: tensor<33x2048x224xf8E8M0FNU>) -> tensor<10240x2048xf32> {
  %q, %s = mxfp4.quantize %x ties = away : tensor<1024x7168xbf16> -> tensor<1024x7168xf4E2M1FN>, tensor<1024x224xf8E8M0FNU>
  %c = mxfp4.grouped_matmul %q, %s rows(%rows : tensor<10240xi32>) topk = 9 experts(%blocks : tensor<320xi32>) block_m = 32, %b, %bs : tensor<1024x7168xf4E2M1FN>, tensor<1024x224xf8E8M0FNU>, tensor<33x2048x7168xf4E2M1FN>, tensor<33x2048x224xf8E8M0FNU> -> tensor<10240x2048xf32>
  return %c : tensor<10240x2048xf32>
}

// -----

// A gathered GEMM of quantized A whose routing is expected to give fewer
// than 2 work-groups per CU (8 tokens of top-9 over 33 experts: about 19
// blocks of 32 rows, times 4 column tiles of 64): 128 columns in 2 waves
// along N and 2 waves along K share the work.
// CHECK-LABEL: func.func @grouped_quantized_few_rows
// CHECK: mxfp4.fused_matmul {{.+}} gather(%{{.+}} : tensor<640xi32>) topk = 9 b(
// CHECK-SAME: config(<mfma = 32, waves_m = 1, waves_n = 2, tiles_m = 1, tiles_n = 2, split_k = 1, waves_k = 2>)
func.func @grouped_quantized_few_rows(%q: tensor<8x7168xf4E2M1FN>, %s: tensor<8x224xf8E8M0FNU>, %rows: tensor<640xi32>, %blocks: tensor<20xi32>, %b: tensor<33x256x7168xf4E2M1FN>, %bs: tensor<33x256x224xf8E8M0FNU>) -> tensor<640x256xf32> {
  %c = mxfp4.grouped_matmul %q, %s rows(%rows : tensor<640xi32>) topk = 9 experts(%blocks : tensor<20xi32>) block_m = 32, %b, %bs : tensor<8x7168xf4E2M1FN>, tensor<8x224xf8E8M0FNU>, tensor<33x256x7168xf4E2M1FN>, tensor<33x256x224xf8E8M0FNU> -> tensor<640x256xf32>
  return %c : tensor<640x256xf32>
}
