// RUN: fp4-opt %s --pass-pipeline='builtin.module(func.func(mxfp4-form-kernels,canonicalize))' -split-input-file | FileCheck %s

// A GEMM: one work-group per 16 x 64 tile of C (y along M, x along N), the
// tiled fused_matmul inside, 4 waves of 64 work-items; the dynamic M gives
// a dynamic trip count and edge tiles of dynamic size.
// CHECK-LABEL: func.func @gemm
// CHECK-SAME: (%[[A:[^:]+]]: tensor<?x256xbf16>
// CHECK: %[[M:.+]] = tensor.dim %[[A]], %c0
// CHECK: scf.forall (%[[I:.+]], %[[J:.+]]) = (0, 0) to (%{{.+}}, 128) step (16, 64) shared_outs(%[[O:.+]] = %{{.+}}) -> (tensor<?x128xbf16>)
// CHECK: %[[AT:.+]] = tensor.extract_slice %[[A]][%[[I]], 0] [%{{.+}}, 256] [1, 1]
// CHECK: %[[BT:.+]] = tensor.extract_slice %{{.+}}[%[[J]], 0] [64, 256] [1, 1]
// CHECK: %[[T:.+]] = mxfp4.fused_matmul a(%[[AT]] : tensor<?x256xbf16>) quantize = even b(%[[BT]], %{{.+}} : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>)
// CHECK: tensor.parallel_insert_slice %[[T]] into %[[O]][%[[I]], %[[J]]]
// CHECK: } {fp4.workgroup_size = array<i64: 256, 1, 1>, mapping = [#gpu.block<y>, #gpu.block<x>]}
func.func @gemm(%a: tensor<?x256xbf16>, %b: tensor<128x256xf4E2M1FN>, %bs: tensor<128x8xf8E8M0FNU>) -> tensor<?x128xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<?x256xbf16> -> tensor<?x256xf4E2M1FN>, tensor<?x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<?x256xf4E2M1FN>, tensor<?x8xf8E8M0FNU>, tensor<128x256xf4E2M1FN>, tensor<128x8xf8E8M0FNU> -> tensor<?x128xbf16>
  return %c : tensor<?x128xbf16>
}

// -----

// Split-K: each iteration is computed by split_k work-groups.
// CHECK-LABEL: func.func @split_k
// CHECK: scf.forall
// CHECK: } {fp4.workgroup_size = array<i64: 64, 1, 1>, fp4.workgroups_per_iteration = 4 : i64, mapping = [#gpu.block<y>, #gpu.block<x>]}
func.func @split_k(%a: tensor<16x1024xbf16>, %b: tensor<64x1024xf4E2M1FN>, %bs: tensor<64x32xf8E8M0FNU>) -> tensor<16x64xf32> {
  %q, %s = mxfp4.quantize %a : tensor<16x1024xbf16> -> tensor<16x1024xf4E2M1FN>, tensor<16x32xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 4, split_k = 4>) : tensor<16x1024xf4E2M1FN>, tensor<16x32xf8E8M0FNU>, tensor<64x1024xf4E2M1FN>, tensor<64x32xf8E8M0FNU> -> tensor<16x64xf32>
  return %c : tensor<16x64xf32>
}

// -----

// A quantize no GEMM took: rows per work-group (28 rows of 9 blocks), a
// nested forall over work-items, one 32-element block each.
// CHECK-LABEL: func.func @quantize
// CHECK: scf.forall (%[[R:.+]]) = (0) to (37) step (28) shared_outs(%{{.+}} = %{{.+}}, %{{.+}} = %{{.+}})
// CHECK: scf.forall (%{{.+}}, %{{.+}}) = (0, 0) to (%{{.+}}, 288) step (1, 32)
// CHECK: mxfp4.block_quantize ins(%{{.+}} : tensor<1x32xbf16>) outs(%{{.+}}, %{{.+}} : tensor<1x32xf4E2M1FN>, tensor<1x1xf8E8M0FNU>) mode = floor
// CHECK: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// CHECK: } {fp4.workgroup_size = array<i64: 9, 28, 1>, mapping = [#gpu.block<x>]}
func.func @quantize(%a: tensor<37x288xbf16>) -> (tensor<37x288xf4E2M1FN>, tensor<37x9xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %a mode = floor : tensor<37x288xbf16> -> tensor<37x288xf4E2M1FN>, tensor<37x9xf8E8M0FNU>
  return %q, %s : tensor<37x288xf4E2M1FN>, tensor<37x9xf8E8M0FNU>
}

// -----

// A long row: 512 blocks over 256 work-items, two blocks each.
// CHECK-LABEL: func.func @dequantize_long
// CHECK: scf.forall (%{{.+}}) in (3)
// CHECK: scf.forall (%{{.+}}, %{{.+}}) = (0, 0) to (1, 16384) step (1, 64)
// CHECK: mxfp4.block_dequantize ins(%{{.+}}, %{{.+}} : tensor<1x64xf4E2M1FN>, tensor<1x2xf8E8M0FNU>) outs(%{{.+}} : tensor<1x64xf32>)
// CHECK: } {fp4.workgroup_size = array<i64: 256, 1, 1>, mapping = [#gpu.block<x>]}
func.func @dequantize_long(%q: tensor<3x16384xf4E2M1FN>, %s: tensor<3x512xf8E8M0FNU>) -> tensor<3x16384xf32> {
  %x = mxfp4.dequantize %q, %s : tensor<3x16384xf4E2M1FN>, tensor<3x512xf8E8M0FNU> -> tensor<3x16384xf32>
  return %x : tensor<3x16384xf32>
}

// -----

// The tie rounding goes with the quantize into its block op (and its
// tiles).
// CHECK-LABEL: func.func @quantize_ties_away
// CHECK: mxfp4.block_quantize ins(%{{.+}} : tensor<1x32xf32>) outs({{.+}}) mode = even ties = away
func.func @quantize_ties_away(%a: tensor<5x64xf32>) -> (tensor<5x64xf4E2M1FN>, tensor<5x2xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %a ties = away : tensor<5x64xf32> -> tensor<5x64xf4E2M1FN>, tensor<5x2xf8E8M0FNU>
  return %q, %s : tensor<5x64xf4E2M1FN>, tensor<5x2xf8E8M0FNU>
}

// -----

// Rank 3: the batch along the grid's y, rows along x.
// CHECK-LABEL: func.func @quantize_rank3
// CHECK: scf.forall (%{{.+}}, %{{.+}}) = (0, 0) to (2, 5) step (1, 5)
// CHECK: mxfp4.block_quantize
// CHECK: } {fp4.workgroup_size = array<i64: 2, 5, 1>, mapping = [#gpu.block<y>, #gpu.block<x>]}
func.func @quantize_rank3(%a: tensor<2x5x64xf32>) -> (tensor<2x5x64xf4E2M1FN>, tensor<2x5x2xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %a : tensor<2x5x64xf32> -> tensor<2x5x64xf4E2M1FN>, tensor<2x5x2xf8E8M0FNU>
  return %q, %s : tensor<2x5x64xf4E2M1FN>, tensor<2x5x2xf8E8M0FNU>
}

// -----

// m_specializations (an M known only at run time): one kernel per
// configuration, chosen on the host by M. For M <= 16 the specialization's
// 16x32 tile with split-K, whose tile op carries max_grid (3 column tiles x
// at most 1 row tile, sizing the split-K workspace); otherwise the op's own
// 32x32 tile. Both loops write the same destination (in place).
// CHECK-LABEL: func.func @specialized_by_m
// CHECK: %[[M:.+]] = tensor.dim %arg0, %c0
// CHECK: %[[C:.+]] = tensor.empty(%[[M]]) : tensor<?x96xbf16>
// CHECK: %[[FITS:.+]] = arith.cmpi ule, %[[M]], %c16 : index
// CHECK: %[[R:.+]] = scf.if %[[FITS]] -> (tensor<?x96xbf16>) {
// CHECK:   scf.forall ({{.+}}) = (0, 0) to ({{.+}}, 96) step (16, 32) shared_outs({{.+}} = %[[C]])
// CHECK:     mxfp4.fused_matmul {{.*}} config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 2, split_k = 2>) {max_grid = array<i64: 3, 1>}
// CHECK:   } {fp4.workgroup_size = array<i64: 64, 1, 1>, fp4.workgroups_per_iteration = 2 : i64, mapping = [#gpu.block<y>, #gpu.block<x>]}
// CHECK: } else {
// CHECK:   scf.forall ({{.+}}) = (0, 0) to ({{.+}}, 96) step (32, 32) shared_outs({{.+}} = %[[C]])
// CHECK-NOT: max_grid
// CHECK:     mxfp4.fused_matmul {{.*}} config(<mfma = 16, waves_m = 1, waves_n = 2, tiles_m = 2, tiles_n = 1, split_k = 1>) epilogue
// CHECK:   } {fp4.workgroup_size = array<i64: 128, 1, 1>, mapping = [#gpu.block<y>, #gpu.block<x>]}
// CHECK: }
// CHECK: return %[[R]]
func.func @specialized_by_m(%a: tensor<?x256xbf16>, %b: tensor<96x256xf4E2M1FN>, %bs: tensor<96x8xf8E8M0FNU>) -> tensor<?x96xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<?x256xbf16> -> tensor<?x256xf4E2M1FN>, tensor<?x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 2, tiles_m = 2, tiles_n = 1, split_k = 1>) {m_specializations = [#mxfp4.m_specialization<max_m = 16, config = <mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 2, split_k = 2>>]} : tensor<?x256xf4E2M1FN>, tensor<?x8xf8E8M0FNU>, tensor<96x256xf4E2M1FN>, tensor<96x8xf8E8M0FNU> -> tensor<?x96xbf16>
  return %c : tensor<?x96xbf16>
}

// -----

// The routing: one work-group of 256 work-items computes the whole op, in
// a loop of one iteration whose outputs are its destinations.
// CHECK-LABEL: func.func @moe_align
// CHECK-DAG: %[[S:.+]] = tensor.empty() : tensor<20xi32>
// CHECK-DAG: %[[B:.+]] = tensor.empty() : tensor<5xi32>
// CHECK-DAG: %[[V:.+]] = tensor.empty() : tensor<1xi32>
// CHECK-DAG: %[[P:.+]] = tensor.empty() : tensor<4x2xi32>
// CHECK: scf.forall (%{{.+}}) in (1) shared_outs(%[[S2:.+]] = %[[S]], %[[B2:.+]] = %[[B]], %[[V2:.+]] = %[[V]], %[[P2:.+]] = %[[P]])
// CHECK: %[[R:.+]]:4 = mxfp4.workgroup_moe_align ins(%{{.+}} : tensor<4x2xi32>) outs(%[[S2]], %[[B2]], %[[V2]], %[[P2]] : {{.+}}) experts = 4 block_m = 4
// CHECK: tensor.parallel_insert_slice %[[R]]#0 into %[[S2]][0] [20] [1]
// CHECK: tensor.parallel_insert_slice %[[R]]#1 into %[[B2]][0] [5] [1]
// CHECK: tensor.parallel_insert_slice %[[R]]#2 into %[[V2]][0] [1] [1]
// CHECK: tensor.parallel_insert_slice %[[R]]#3 into %[[P2]][0, 0] [4, 2] [1, 1]
// CHECK: } {fp4.workgroup_size = array<i64: 256, 1, 1>, mapping = [#gpu.block<x>]}
func.func @moe_align(%ids: tensor<4x2xi32>) -> (tensor<20xi32>, tensor<5xi32>, tensor<1xi32>, tensor<4x2xi32>) {
  %s, %b, %v, %pos = mxfp4.moe_align %ids experts = 4 block_m = 4 : tensor<4x2xi32> -> tensor<20xi32>, tensor<5xi32>, tensor<1xi32>, tensor<4x2xi32>
  return %s, %b, %v, %pos : tensor<20xi32>, tensor<5xi32>, tensor<1xi32>, tensor<4x2xi32>
}

// -----

// Tokens known at run time: the destinations' sizes from the pairs, T =
// tokens * 2, blocks = (T + min(T, 8) * 15) / 16, rows = blocks * 16.
// CHECK-LABEL: func.func @moe_align_dynamic
// CHECK: %[[T:.+]] = tensor.dim %{{.+}}, %c0
// CHECK: %[[P:.+]] = arith.muli %[[T]], %c2
// CHECK: %[[BUSY:.+]] = arith.minui %[[P]], %c8
// CHECK: %[[PAD:.+]] = arith.muli %[[BUSY]], %c15
// CHECK: %[[SUM:.+]] = arith.addi %[[P]], %[[PAD]]
// CHECK: %[[BLOCKS:.+]] = arith.divui %[[SUM]], %c16
// CHECK: %[[ROWS:.+]] = arith.muli %[[BLOCKS]], %c16
// CHECK-DAG: tensor.empty(%[[ROWS]]) : tensor<?xi32>
// CHECK-DAG: tensor.empty(%[[BLOCKS]]) : tensor<?xi32>
// CHECK: mxfp4.workgroup_moe_align
func.func @moe_align_dynamic(%ids: tensor<?x2xi32>) -> (tensor<?xi32>, tensor<?xi32>, tensor<1xi32>) {
  %s, %b, %v, %pos = mxfp4.moe_align %ids experts = 8 block_m = 16 : tensor<?x2xi32> -> tensor<?xi32>, tensor<?xi32>, tensor<1xi32>, tensor<?x2xi32>
  return %s, %b, %v : tensor<?xi32>, tensor<?xi32>, tensor<1xi32>
}

// -----

// A grouped GEMM: a work-group per (row block, N tile), y along the row
// blocks; the tile reads its block's expert (clamped into [0, E): -1 past
// the routing's runs) and takes that expert's B as a 2-D slice, and the
// block's gather rows; A is read whole (its rows are data). A gathered
// GEMM of given fp4 A has a default tile of 128 columns (2 waves along N,
// 2 along K).
// CHECK-LABEL: func.func @grouped
// CHECK-SAME: (%[[A:[^:]+]]: tensor<4x256xf4E2M1FN>, %[[AS:[^:]+]]: tensor<4x8xf8E8M0FNU>, %[[ROWS:[^:]+]]: tensor<64xi32>, %[[BLOCKS:[^:]+]]: tensor<2xi32>, %[[B:[^:]+]]: tensor<3x96x256xf4E2M1FN>, %[[BS:[^:]+]]: tensor<3x96x8xf8E8M0FNU>)
// CHECK: scf.forall (%[[M:.+]], %{{.+}}) = (0, 0) to (64, 96) step (32, 128)
// CHECK: %[[R:.+]] = tensor.extract_slice %[[ROWS]][%[[M]]] [32] [1]
// CHECK: %[[BLOCK:.+]] = affine.apply #{{.+}}()[%[[M]]]
// CHECK: %[[ID:.+]] = tensor.extract %[[BLOCKS]][%[[BLOCK]]]
// CHECK: %[[IDX:.+]] = arith.index_cast %[[ID]] : i32 to index
// CHECK: %[[LO:.+]] = arith.maxsi %[[IDX]], %c0
// CHECK: %[[E:.+]] = arith.minsi %[[LO]], %c2
// CHECK: %[[BE:.+]] = tensor.extract_slice %[[B]][%[[E]], 0, 0] [1, 96, 256] [1, 1, 1] : tensor<3x96x256xf4E2M1FN> to tensor<96x256xf4E2M1FN>
// CHECK: %[[BSE:.+]] = tensor.extract_slice %[[BS]][%[[E]], 0, 0] [1, 96, 8] [1, 1, 1] : tensor<3x96x8xf8E8M0FNU> to tensor<96x8xf8E8M0FNU>
// CHECK: mxfp4.fused_matmul a(%[[A]], %[[AS]] : {{.+}}) gather(%[[R]] : tensor<32xi32>) topk = 2 b(%[[BE]], %[[BSE]] : {{.+}}) layout = plain outs({{.+}} : tensor<32x96xbf16>) config(<mfma = 32, waves_m = 1, waves_n = 2, tiles_m = 1, tiles_n = 2, split_k = 1, waves_k = 2>)
// CHECK: } {fp4.workgroup_size = array<i64: 256, 1, 1>, mapping = [#gpu.block<y>, #gpu.block<x>]}
func.func @grouped(%a: tensor<4x256xf4E2M1FN>, %as: tensor<4x8xf8E8M0FNU>, %rows: tensor<64xi32>, %blocks: tensor<2xi32>, %b: tensor<3x96x256xf4E2M1FN>, %bs: tensor<3x96x8xf8E8M0FNU>) -> tensor<64x96xbf16> {
  %c = mxfp4.grouped_matmul %a, %as rows(%rows : tensor<64xi32>) topk = 2 experts(%blocks : tensor<2xi32>) block_m = 32, %b, %bs : tensor<4x256xf4E2M1FN>, tensor<4x8xf8E8M0FNU>, tensor<3x96x256xf4E2M1FN>, tensor<3x96x8xf8E8M0FNU> -> tensor<64x96xbf16>
  return %c : tensor<64x96xbf16>
}

// -----

// A grouped GEMM whose rows scatter into their tokens' rows (stage 2 and
// the combine): the tile slices its block's scatter ids, reads the
// weights whole, and adds into its N columns of every token's row (the
// slice it inserts back is [tokens, tile_n], the same for every row
// block: the adds are atomic, the buffer one).
// CHECK-LABEL: func.func @scattered
// CHECK-SAME: (%[[A:[^:]+]]: tensor<64x256xf4E2M1FN>, %[[AS:[^:]+]]: tensor<64x8xf8E8M0FNU>, %[[IDS:[^:]+]]: tensor<64xi32>, %[[BLOCKS:[^:]+]]: tensor<2xi32>, %[[B:[^:]+]]: tensor<3x96x256xf4E2M1FN>, %[[BS:[^:]+]]: tensor<3x96x8xf8E8M0FNU>, %[[W:[^:]+]]: tensor<5x2xf32>)
// CHECK: %[[ZERO:.+]] = linalg.fill
// CHECK: scf.forall (%[[M:.+]], %{{.+}}) = (0, 0) to (64, 96) step (32, 128) shared_outs(%[[O:.+]] = %[[ZERO]])
// CHECK: %[[AT:.+]] = tensor.extract_slice %[[A]][%[[M]], 0] [32, 256] [1, 1]
// CHECK: %[[S:.+]] = tensor.extract_slice %[[IDS]][%[[M]]] [32] [1]
// CHECK: mxfp4.fused_matmul a(%[[AT]], %{{.+}} : {{.+}}) b(%{{.+}}, %{{.+}} : tensor<96x256xf4E2M1FN>, tensor<96x8xf8E8M0FNU>) layout = plain outs(%[[O]] : tensor<5x96xf32>) scatter(%[[S]] : tensor<32xi32>) weights(%[[W]] : tensor<5x2xf32>)
// CHECK: tensor.parallel_insert_slice %{{.+}} into %[[O]][0, 0] [5, 96] [1, 1]
func.func @scattered(%a: tensor<64x256xf4E2M1FN>, %as: tensor<64x8xf8E8M0FNU>, %ids: tensor<64xi32>, %blocks: tensor<2xi32>, %b: tensor<3x96x256xf4E2M1FN>, %bs: tensor<3x96x8xf8E8M0FNU>, %w: tensor<5x2xf32>) -> tensor<5x96xf32> {
  %c = mxfp4.grouped_matmul %a, %as experts(%blocks : tensor<2xi32>) block_m = 32, %b, %bs scatter(%ids : tensor<64xi32>) weights(%w : tensor<5x2xf32>) : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<3x96x256xf4E2M1FN>, tensor<3x96x8xf8E8M0FNU> -> tensor<5x96xf32>
  return %c : tensor<5x96xf32>
}

// -----

// A quantize takes along the independent elementwise ops on its domain
// (a MoE layer's zero fill of its output beside the quantize of its
// input): one launch, both tiled as the quantize is (rows per work-group,
// a 32-element block per work-item), with upstream sibling loop fusion.
// The fill's empty tensor moves up with it; the add reads only %a.
// CHECK-LABEL: func.func @quantize_takes_siblings
// CHECK-SAME: (%[[A:[^:]+]]: tensor<37x288xbf16>
// CHECK: %[[R:.+]]:4 = scf.forall (%[[I:.+]]) = (0) to (37) step (28) shared_outs(%[[Q:.+]] = %{{.+}}, %[[S:.+]] = %{{.+}}, %[[F:.+]] = %{{.+}}, %[[D:.+]] = %{{.+}}) -> (tensor<37x288xf4E2M1FN>, tensor<37x9xf8E8M0FNU>, tensor<37x288xbf16>, tensor<37x288xbf16>)
// CHECK: scf.forall (%{{.+}}, %[[J:.+]]) = (0, 0) to (%{{.+}}, 288) step (1, 32)
// CHECK: mxfp4.block_quantize ins(%{{.+}} : tensor<1x32xbf16>)
// CHECK: linalg.fill {{.+}} -> tensor<1x32xbf16>
// CHECK: linalg.add ins(%{{.+}}, %{{.+}} : tensor<1x32xbf16>, tensor<1x32xbf16>) outs(%{{.+}} : tensor<1x32xbf16>)
// CHECK: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// CHECK: } {fp4.workgroup_size = array<i64: 9, 28, 1>, mapping = [#gpu.block<x>]}
// CHECK-NOT: scf.forall
// CHECK: return %[[R]]#0, %[[R]]#1, %[[R]]#2, %[[R]]#3
func.func @quantize_takes_siblings(%a: tensor<37x288xbf16>) -> (tensor<37x288xf4E2M1FN>, tensor<37x9xf8E8M0FNU>, tensor<37x288xbf16>, tensor<37x288xbf16>) {
  %q, %s = mxfp4.quantize %a : tensor<37x288xbf16> -> tensor<37x288xf4E2M1FN>, tensor<37x9xf8E8M0FNU>
  %zero = arith.constant 0.0 : bf16
  %e = tensor.empty() : tensor<37x288xbf16>
  %f = linalg.fill ins(%zero : bf16) outs(%e : tensor<37x288xbf16>) -> tensor<37x288xbf16>
  %e2 = tensor.empty() : tensor<37x288xbf16>
  %d = linalg.add ins(%a, %a : tensor<37x288xbf16>, tensor<37x288xbf16>) outs(%e2 : tensor<37x288xbf16>) -> tensor<37x288xbf16>
  return %q, %s, %f, %d : tensor<37x288xf4E2M1FN>, tensor<37x9xf8E8M0FNU>, tensor<37x288xbf16>, tensor<37x288xbf16>
}

// -----

// What it leaves alone: an op that reads what the quantize computes, one
// on another domain, and one reading an op defined after the quantize
// (here the first of them). The generic path makes them kernels later.
// CHECK-LABEL: func.func @quantize_leaves_dependents
// CHECK: %[[R:.+]]:2 = scf.forall
// CHECK: mxfp4.block_quantize
// CHECK: } {fp4.workgroup_size = array<i64: 9, 28, 1>, mapping = [#gpu.block<x>]}
// CHECK: linalg.generic {{.+}} ins(%[[R]]#0 : tensor<37x288xf4E2M1FN>)
// CHECK: linalg.fill {{.+}} -> tensor<36x288xbf16>
// CHECK: linalg.add
func.func @quantize_leaves_dependents(%a: tensor<37x288xbf16>) -> (tensor<37x9xf8E8M0FNU>, tensor<37x288xbf16>, tensor<36x288xbf16>, tensor<37x288xbf16>) {
  %q, %s = mxfp4.quantize %a : tensor<37x288xbf16> -> tensor<37x288xf4E2M1FN>, tensor<37x9xf8E8M0FNU>
  %e = tensor.empty() : tensor<37x288xbf16>
  %x = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%q : tensor<37x288xf4E2M1FN>) outs(%e : tensor<37x288xbf16>) {
  ^bb0(%in: f4E2M1FN, %out: bf16):
    %v = arith.extf %in : f4E2M1FN to bf16
    linalg.yield %v : bf16
  } -> tensor<37x288xbf16>
  %zero = arith.constant 0.0 : bf16
  %e2 = tensor.empty() : tensor<36x288xbf16>
  %f = linalg.fill ins(%zero : bf16) outs(%e2 : tensor<36x288xbf16>) -> tensor<36x288xbf16>
  %e3 = tensor.empty() : tensor<37x288xbf16>
  %y = linalg.add ins(%x, %a : tensor<37x288xbf16>, tensor<37x288xbf16>) outs(%e3 : tensor<37x288xbf16>) -> tensor<37x288xbf16>
  return %s, %x, %f, %y : tensor<37x9xf8E8M0FNU>, tensor<37x288xbf16>, tensor<36x288xbf16>, tensor<37x288xbf16>
}
