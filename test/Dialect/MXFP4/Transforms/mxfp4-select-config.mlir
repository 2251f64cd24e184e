// RUN: fp4-opt %s --mxfp4-select-config=tuned-configs=false --split-input-file | FileCheck %s
// RUN: fp4-opt %s "--mxfp4-select-config=tuned-configs=false mfma=32" --split-input-file | FileCheck %s --check-prefix=MFMA32
// RUN: fp4-opt %s "--mxfp4-select-config=tuned-configs=false a-quantizer=exact" --split-input-file | FileCheck %s --check-prefix=EXACT
// RUN: fp4-opt %s "--mxfp4-select-config=tuned-configs=false split-k=false" --split-input-file | FileCheck %s --check-prefix=NOSPLIT
// RUN: fp4-opt %s --mxfp4-select-config=tuned-configs=false --split-input-file | FileCheck %s --check-prefix=FORMULAS
// RUN: fp4-opt %s "--mxfp4-select-config=tuned-configs=false specialize-dynamic-m=false" --split-input-file | FileCheck %s --check-prefix=NOSPEC
// The tuned table (the default) is checked with the T prefixes; the cases
// above it are the formulas' (tuned-configs=false), whose problem shapes
// the table would otherwise take for every operand form.
// RUN: fp4-opt %s --mxfp4-select-config --split-input-file | FileCheck %s --check-prefix=TUNED
// RUN: fp4-opt %s --mxfp4-select-config=mfma=32 --split-input-file | FileCheck %s --check-prefix=TMFMA32
// RUN: fp4-opt %s --mxfp4-select-config=a-quantizer=exact --split-input-file | FileCheck %s --check-prefix=TEXACT
// RUN: fp4-opt %s "--mxfp4-select-config=a-quantizer=exact split-k=false" --split-input-file | FileCheck %s --check-prefix=TNOSPLIT

// Small M: one MFMA row tile; the four waves split K.
// CHECK-LABEL: func.func @small_m
// CHECK: mxfp4.scaled_matmul {{.*}} config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1, waves_k = 4>)
// MFMA32-LABEL: func.func @small_m
// MFMA32: config(<mfma = 32, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1, waves_k = 4>)
func.func @small_m(%a: tensor<4x512xf4E2M1FN>, %as: tensor<4x16xf8E8M0FNU>, %b: tensor<2880x512xf4E2M1FN>, %bs: tensor<2880x16xf8E8M0FNU>) -> tensor<4x2880xbf16> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<4x512xf4E2M1FN>, tensor<4x16xf8E8M0FNU>, tensor<2880x512xf4E2M1FN>, tensor<2880x16xf8E8M0FNU> -> tensor<4x2880xbf16>
  return %c : tensor<4x2880xbf16>
}

// -----

// Large M and N: wide column tiles, and few row tiles per work-group (each
// work-group quantizes tile_m x K of A): two with the hardware quantizer (the
// default), one with the exact quantizer, whose cost dominates.
// CHECK-LABEL: func.func @large
// CHECK: config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 2, tiles_n = 8, split_k = 1, waves_k = 4>)
// EXACT-LABEL: func.func @large
// EXACT: config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 8, split_k = 1, waves_k = 4>)
// MFMA32-LABEL: func.func @large
// MFMA32: config(<mfma = 32, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 4, split_k = 1, waves_k = 4>)
func.func @large(%a: tensor<256x512xf4E2M1FN>, %as: tensor<256x16xf8E8M0FNU>, %b: tensor<4096x512xf4E2M1FN>, %bs: tensor<4096x16xf8E8M0FNU>) -> tensor<256x4096xf32> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<256x512xf4E2M1FN>, tensor<256x16xf8E8M0FNU>, tensor<4096x512xf4E2M1FN>, tensor<4096x16xf8E8M0FNU> -> tensor<256x4096xf32>
  return %c : tensor<256x4096xf32>
}

// -----

// Short K: no more waves along K than there are K steps (K = 96 is one
// 128-step, two 64-steps).
// CHECK-LABEL: func.func @short_k
// CHECK: config(<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>)
// MFMA32-LABEL: func.func @short_k
// MFMA32: config(<mfma = 32, waves_m = 1, waves_n = 2, tiles_m = 1, tiles_n = 1, split_k = 1, waves_k = 2>)
func.func @short_k(%a: tensor<17x96xf4E2M1FN>, %as: tensor<17x3xf8E8M0FNU>, %b: tensor<100x96xf4E2M1FN>, %bs: tensor<100x3xf8E8M0FNU>) -> tensor<17x100xbf16> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<17x96xf4E2M1FN>, tensor<17x3xf8E8M0FNU>, tensor<100x96xf4E2M1FN>, tensor<100x3xf8E8M0FNU> -> tensor<17x100xbf16>
  return %c : tensor<17x100xbf16>
}

// -----

// A configuration given by hand is kept.
// CHECK-LABEL: func.func @by_hand
// CHECK: config(<mfma = 32, waves_m = 2, waves_n = 2, tiles_m = 1, tiles_n = 1, split_k = 1>)
// MFMA32-LABEL: func.func @by_hand
// MFMA32: config(<mfma = 32, waves_m = 2, waves_n = 2, tiles_m = 1, tiles_n = 1, split_k = 1>)
func.func @by_hand(%a: tensor<64x256xf4E2M1FN>, %as: tensor<64x8xf8E8M0FNU>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> tensor<64x64xbf16> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 32, waves_m = 2, waves_n = 2, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<64x64xbf16>
  return %c : tensor<64x64xbf16>
}

// -----

// Small M, long K (56 K steps): 132 tiles of 16x16 leave most of the 256
// CUs idle and each work-group walks all of K (14 steps per wave), one
// loaded latency per step. Split over 7 work-groups per tile (8 steps each,
// 2 per wave; 924 work-groups, all resident at once), the combine (three
// latencies) costs far less than the 12 steps per wave it saves. A split-K
// configuration the pass chooses has one stage in its K loop (stagesFor).
// CHECK-LABEL: func.func @long_k
// CHECK: config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 7, waves_k = 4, stages = 1>)
// NOSPLIT-LABEL: func.func @long_k
// NOSPLIT: config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1, waves_k = 4>)
func.func @long_k(%a: tensor<16x7168xf4E2M1FN>, %as: tensor<16x224xf8E8M0FNU>, %b: tensor<2112x7168xf4E2M1FN>, %bs: tensor<2112x224xf8E8M0FNU>) -> tensor<16x2112xbf16> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x7168xf4E2M1FN>, tensor<16x224xf8E8M0FNU>, tensor<2112x7168xf4E2M1FN>, tensor<2112x224xf8E8M0FNU> -> tensor<16x2112xbf16>
  return %c : tensor<16x2112xbf16>
}

// -----

// The same GEMM with M known only at run time: no split-K for an unbounded
// M (its workspace is sized at compile time), and m_specializations: for M
// up to 16 the configuration of @long_k above (split-K included, the
// workspace sized for 16 rows), then wider tiles up to 256. With
// split-k=false the specializations keep split_k = 1; with
// specialize-dynamic-m=false there are none.
// CHECK-LABEL: func.func @long_k_dynamic_m
// CHECK: config(<mfma = 16, {{.*}}, split_k = 1
// CHECK-SAME: m_specializations = [#mxfp4.m_specialization<max_m = 16, config = <mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 7, waves_k = 4, stages = 1>>,
// CHECK-SAME: #mxfp4.m_specialization<max_m = 32, config = <mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 2, split_k = 7, waves_k = 4, stages = 1>>,
// CHECK-SAME: #mxfp4.m_specialization<max_m = 64, config = <mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 4, split_k = 7, waves_k = 4, stages = 1>>,
// CHECK-SAME: #mxfp4.m_specialization<max_m = 128, config = <mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 8, split_k = 5, waves_k = 4, stages = 1>>,
// CHECK-SAME: #mxfp4.m_specialization<max_m = 256, config = <mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 2, tiles_n = 8, split_k = 3, waves_k = 4, stages = 1>>]
// NOSPLIT-LABEL: func.func @long_k_dynamic_m
// NOSPLIT: m_specializations = [#mxfp4.m_specialization<max_m = 16, config = <mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1, waves_k = 4>>,
// NOSPLIT-NOT: split_k = {{[2-9]}}
// NOSPEC-LABEL: func.func @long_k_dynamic_m
// NOSPEC-NOT: m_specializations
// NOSPEC: return
func.func @long_k_dynamic_m(%a: tensor<?x7168xf4E2M1FN>, %as: tensor<?x224xf8E8M0FNU>, %b: tensor<2112x7168xf4E2M1FN>, %bs: tensor<2112x224xf8E8M0FNU>) -> tensor<?x2112xbf16> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<?x7168xf4E2M1FN>, tensor<?x224xf8E8M0FNU>, tensor<2112x7168xf4E2M1FN>, tensor<2112x224xf8E8M0FNU> -> tensor<?x2112xbf16>
  return %c : tensor<?x2112xbf16>
}

// -----

// Without split-K: 224 tiles of 16x128 over 16 K steps, whose loop waits
// about three loaded latencies per step (A, then B in groups). With it, a
// narrower tile is better still: 448 tiles of 16x64 (two latencies per
// step) times split_k = 2, 896 work-groups in one round, 2 steps per wave.
// CHECK-LABEL: func.func @wide_tiles
// CHECK: config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 4, split_k = 2, waves_k = 4, stages = 1>)
// NOSPLIT-LABEL: func.func @wide_tiles
// NOSPLIT: config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 8, split_k = 1, waves_k = 4>)
func.func @wide_tiles(%a: tensor<64x2048xf4E2M1FN>, %as: tensor<64x64xf8E8M0FNU>, %b: tensor<7168x2048xf4E2M1FN>, %bs: tensor<7168x64xf8E8M0FNU>) -> tensor<64x7168xbf16> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<64x2048xf4E2M1FN>, tensor<64x64xf8E8M0FNU>, tensor<7168x2048xf4E2M1FN>, tensor<7168x64xf8E8M0FNU> -> tensor<64x7168xbf16>
  return %c : tensor<64x7168xbf16>
}

// -----

// The long-K GEMM again, its C quantized for the next layer (through an
// elementwise op): the conversion fuses that quantize into the kernel,
// which it does not combine with split-K, so split_k stays 1.
// CHECK-LABEL: func.func @long_k_quantized_out
// CHECK: mxfp4.scaled_matmul {{.*}}split_k = 1,
func.func @long_k_quantized_out(%a: tensor<16x7168xf4E2M1FN>, %as: tensor<16x224xf8E8M0FNU>, %b: tensor<2112x7168xf4E2M1FN>, %bs: tensor<2112x224xf8E8M0FNU>) -> (tensor<16x2112xf4E2M1FN>, tensor<16x66xf8E8M0FNU>) {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x7168xf4E2M1FN>, tensor<16x224xf8E8M0FNU>, tensor<2112x7168xf4E2M1FN>, tensor<2112x224xf8E8M0FNU> -> tensor<16x2112xbf16>
  %n = arith.negf %c : tensor<16x2112xbf16>
  %cq, %cs = mxfp4.quantize %n : tensor<16x2112xbf16> -> tensor<16x2112xf4E2M1FN>, tensor<16x66xf8E8M0FNU>
  return %cq, %cs : tensor<16x2112xf4E2M1FN>, tensor<16x66xf8E8M0FNU>
}

// -----

// A problem shape in the tuned table (TunedConfigs.inc, written by
// bench/tune_configs.py), in the form it was tuned for (bf16 A quantized in
// the kernel, pre-shuffled B): the table's configuration, 32x64 tiles of 8
// waves along K that model v2 rates faster than the formulas' four-wave
// choice (16x64 tiles, split_k = 2); tuned-configs=false gives the
// formulas'. C in f32 (a fused epilogue's form) takes the table too.
// TUNED-LABEL: func.func @tuned
// TUNED: config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 2, tiles_n = 4, split_k = 1, waves_k = 8>)
// TUNED-SAME: -> tensor<64x7168xbf16>
// TUNED: config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 2, tiles_n = 4, split_k = 1, waves_k = 8>)
// TUNED-SAME: -> tensor<64x7168xf32>
// FORMULAS-LABEL: func.func @tuned
// FORMULAS: config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 4, split_k = 2, waves_k = 4, stages = 1>)
// The exact quantizer has entries of its own (here another configuration);
// an MFMA shape the entry does not have gets the formulas.
// TEXACT-LABEL: func.func @tuned
// TEXACT: config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 8, split_k = 1, waves_k = 8>)
// TMFMA32-LABEL: func.func @tuned
// TMFMA32: config(<mfma = 32,
func.func @tuned(%a: tensor<64x2048xbf16>, %b: tensor<7168x2048xf4E2M1FN>, %bs: tensor<7168x64xf8E8M0FNU>) -> (tensor<64x7168xbf16>, tensor<64x7168xf32>) {
  %q, %s = mxfp4.quantize %a : tensor<64x2048xbf16> -> tensor<64x2048xf4E2M1FN>, tensor<64x64xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs b_layout = preshuffled : tensor<64x2048xf4E2M1FN>, tensor<64x64xf8E8M0FNU>, tensor<7168x2048xf4E2M1FN>, tensor<7168x64xf8E8M0FNU> -> tensor<64x7168xbf16>
  %f = mxfp4.scaled_matmul %q, %s, %b, %bs b_layout = preshuffled : tensor<64x2048xf4E2M1FN>, tensor<64x64xf8E8M0FNU>, tensor<7168x2048xf4E2M1FN>, tensor<7168x64xf8E8M0FNU> -> tensor<64x7168xf32>
  return %c, %f : tensor<64x7168xbf16>, tensor<64x7168xf32>
}

// -----

// A static M the table lacks (decode's M = 1, and 4) at a tuned N x K: the
// entry of the next larger M whose kernel has the same grid (8 rows, one
// 16-row tile: the same kernel, its tile masking the rows past M: 8 waves
// along K, 4 stages), not the formulas' (tiles_n = 1, waves_k = 4,
// split_k = 7; bench/dynamic_m.py compares them). M = 17 has two row
// tiles, as no entry of 2112x7168 does (8 and 16 have one): the formulas'
// (tiles_n = 2, waves_k = 4).
// TUNED-LABEL: func.func @tuned_next_m
// TUNED-COUNT-2: config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1, waves_k = 8, stages = 4>)
// TUNED-NOT: waves_k = 8
// TUNED: return
func.func @tuned_next_m(%a1: tensor<1x7168xbf16>, %a4: tensor<4x7168xbf16>, %a17: tensor<17x7168xbf16>, %b: tensor<2112x7168xf4E2M1FN>, %bs: tensor<2304x224xf8E8M0FNU>) -> (tensor<1x2112xbf16>, tensor<4x2112xbf16>, tensor<17x2112xbf16>) {
  %q1, %s1 = mxfp4.quantize %a1 : tensor<1x7168xbf16> -> tensor<1x7168xf4E2M1FN>, tensor<1x224xf8E8M0FNU>
  %c1 = mxfp4.scaled_matmul %q1, %s1, %b, %bs b_layout = preshuffled : tensor<1x7168xf4E2M1FN>, tensor<1x224xf8E8M0FNU>, tensor<2112x7168xf4E2M1FN>, tensor<2304x224xf8E8M0FNU> -> tensor<1x2112xbf16>
  %q4, %s4 = mxfp4.quantize %a4 : tensor<4x7168xbf16> -> tensor<4x7168xf4E2M1FN>, tensor<4x224xf8E8M0FNU>
  %c4 = mxfp4.scaled_matmul %q4, %s4, %b, %bs b_layout = preshuffled : tensor<4x7168xf4E2M1FN>, tensor<4x224xf8E8M0FNU>, tensor<2112x7168xf4E2M1FN>, tensor<2304x224xf8E8M0FNU> -> tensor<4x2112xbf16>
  %q17, %s17 = mxfp4.quantize %a17 : tensor<17x7168xbf16> -> tensor<17x7168xf4E2M1FN>, tensor<17x224xf8E8M0FNU>
  %c17 = mxfp4.scaled_matmul %q17, %s17, %b, %bs b_layout = preshuffled : tensor<17x7168xf4E2M1FN>, tensor<17x224xf8E8M0FNU>, tensor<2112x7168xf4E2M1FN>, tensor<2304x224xf8E8M0FNU> -> tensor<17x2112xbf16>
  return %c1, %c4, %c17 : tensor<1x2112xbf16>, tensor<4x2112xbf16>, tensor<17x2112xbf16>
}

// -----

// Other operand forms of a tuned N x K x M take the entry too: A quantized
// before the call, plain B, fp8 A with fp4 B (bench/formats.py's
// comparison). An f16 A quantized in the kernel keeps the formulas.
// TUNED-LABEL: func.func @other_forms
// TUNED-COUNT-3: config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 2, tiles_n = 4, split_k = 1, waves_k = 8>)
// TUNED: config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 4, split_k = 2, waves_k = 4, stages = 1>)
func.func @other_forms(%a: tensor<64x2048xf4E2M1FN>, %as: tensor<64x64xf8E8M0FNU>, %abf: tensor<64x2048xbf16>, %a8: tensor<64x2048xf8E4M3FN>, %ah: tensor<64x2048xf16>, %b: tensor<7168x2048xf4E2M1FN>, %bs: tensor<7168x64xf8E8M0FNU>) -> (tensor<64x7168xbf16>, tensor<64x7168xbf16>, tensor<64x7168xbf16>, tensor<64x7168xbf16>) {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs b_layout = preshuffled : tensor<64x2048xf4E2M1FN>, tensor<64x64xf8E8M0FNU>, tensor<7168x2048xf4E2M1FN>, tensor<7168x64xf8E8M0FNU> -> tensor<64x7168xbf16>
  %q, %s = mxfp4.quantize %abf : tensor<64x2048xbf16> -> tensor<64x2048xf4E2M1FN>, tensor<64x64xf8E8M0FNU>
  %p = mxfp4.scaled_matmul %q, %s, %b, %bs : tensor<64x2048xf4E2M1FN>, tensor<64x64xf8E8M0FNU>, tensor<7168x2048xf4E2M1FN>, tensor<7168x64xf8E8M0FNU> -> tensor<64x7168xbf16>
  %w = mxfp4.scaled_matmul %a8, %as, %b, %bs : tensor<64x2048xf8E4M3FN>, tensor<64x64xf8E8M0FNU>, tensor<7168x2048xf4E2M1FN>, tensor<7168x64xf8E8M0FNU> -> tensor<64x7168xbf16>
  %qh, %sh = mxfp4.quantize %ah : tensor<64x2048xf16> -> tensor<64x2048xf4E2M1FN>, tensor<64x64xf8E8M0FNU>
  %h = mxfp4.scaled_matmul %qh, %sh, %b, %bs b_layout = preshuffled : tensor<64x2048xf4E2M1FN>, tensor<64x64xf8E8M0FNU>, tensor<7168x2048xf4E2M1FN>, tensor<7168x64xf8E8M0FNU> -> tensor<64x7168xbf16>
  return %c, %p, %w, %h : tensor<64x7168xbf16>, tensor<64x7168xbf16>, tensor<64x7168xbf16>, tensor<64x7168xbf16>
}

// -----

// M known only at run time, at a problem's N x K: the table's dynamic-M
// entry (M = 0: tuned over M = 4, 16, 64, 256, no split-K) for an M past
// every bound, and for M up to 16 the table's entry for 16x2112x7168, as a
// static M of 16 gets.
// TUNED-LABEL: func.func @tuned_dynamic_m
// TUNED: config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1, waves_k = 8, stages = 4>)
// TUNED-SAME: m_specializations = [#mxfp4.m_specialization<max_m = 16, config = <mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1, waves_k = 8, stages = 4>>,
// FORMULAS-LABEL: func.func @tuned_dynamic_m
// FORMULAS: config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 4, split_k = 1, waves_k = 4>)
func.func @tuned_dynamic_m(%a: tensor<?x7168xbf16>, %b: tensor<2112x7168xf4E2M1FN>, %bs: tensor<2304x224xf8E8M0FNU>) -> tensor<?x2112xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<?x7168xbf16> -> tensor<?x7168xf4E2M1FN>, tensor<?x224xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs b_layout = preshuffled : tensor<?x7168xf4E2M1FN>, tensor<?x224xf8E8M0FNU>, tensor<2112x7168xf4E2M1FN>, tensor<2304x224xf8E8M0FNU> -> tensor<?x2112xbf16>
  return %c : tensor<?x2112xbf16>
}

// -----

// A tuned entry with split-K (the exact quantizer's at 16x2112x7168) where
// split-K is not allowed (split-k=false): the formulas, without split-K.
// TEXACT-LABEL: func.func @tuned_split_k
// TEXACT: config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 4, split_k = 7, waves_k = 8, stages = 1>)
// TNOSPLIT-LABEL: func.func @tuned_split_k
// TNOSPLIT: config(<mfma = 16, {{.*}}, split_k = 1, waves_k = 4>)
func.func @tuned_split_k(%a: tensor<16x7168xbf16>, %b: tensor<2112x7168xf4E2M1FN>, %bs: tensor<2304x224xf8E8M0FNU>) -> tensor<16x2112xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<16x7168xbf16> -> tensor<16x7168xf4E2M1FN>, tensor<16x224xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs b_layout = preshuffled : tensor<16x7168xf4E2M1FN>, tensor<16x224xf8E8M0FNU>, tensor<2112x7168xf4E2M1FN>, tensor<2304x224xf8E8M0FNU> -> tensor<16x2112xbf16>
  return %c : tensor<16x2112xbf16>
}

// -----

// A GEMM whose output is quantized for the next one, M known only at run
// time: specializations, but none with split-K (the fused output quantize
// needs the whole sum in one work-group).
// CHECK-LABEL: func.func @dynamic_m_quantized_output
// CHECK: m_specializations = [#mxfp4.m_specialization<max_m = 16,
// CHECK-NOT: split_k = {{[2-9]}}
// CHECK: mxfp4.quantize
func.func @dynamic_m_quantized_output(%a: tensor<?x7168xf4E2M1FN>, %as: tensor<?x224xf8E8M0FNU>, %b: tensor<2112x7168xf4E2M1FN>, %bs: tensor<2112x224xf8E8M0FNU>) -> (tensor<?x2112xf4E2M1FN>, tensor<?x66xf8E8M0FNU>) {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<?x7168xf4E2M1FN>, tensor<?x224xf8E8M0FNU>, tensor<2112x7168xf4E2M1FN>, tensor<2112x224xf8E8M0FNU> -> tensor<?x2112xbf16>
  %q, %s = mxfp4.quantize %c : tensor<?x2112xbf16> -> tensor<?x2112xf4E2M1FN>, tensor<?x66xf8E8M0FNU>
  return %q, %s : tensor<?x2112xf4E2M1FN>, tensor<?x66xf8E8M0FNU>
}

// -----

// A static M: nothing to specialize.
// CHECK-LABEL: func.func @static_m_no_specializations
// CHECK-NOT: m_specializations
// CHECK: return
func.func @static_m_no_specializations(%a: tensor<16x7168xf4E2M1FN>, %as: tensor<16x224xf8E8M0FNU>, %b: tensor<2112x7168xf4E2M1FN>, %bs: tensor<2112x224xf8E8M0FNU>) -> tensor<16x2112xbf16> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x7168xf4E2M1FN>, tensor<16x224xf8E8M0FNU>, tensor<2112x7168xf4E2M1FN>, tensor<2112x224xf8E8M0FNU> -> tensor<16x2112xbf16>
  return %c : tensor<16x2112xbf16>
}
