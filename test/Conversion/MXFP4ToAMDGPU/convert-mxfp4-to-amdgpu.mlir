// RUN: fp4-opt %s --fp4-lower-to-hsaco --mlir-print-ir-before=convert-mxfp4-to-amdgpu --mlir-print-ir-after=convert-mxfp4-to-amdgpu -split-input-file -o /dev/null 2>&1 | FileCheck %s

// The pass's input is what the pipeline makes of each program: an outlined
// kernel whose buffers are global memory, a tile of mxfp4.fused_matmul on
// memref views of them (fp4 data as bytes). Its output is that work-group's
// code: the K loop feeding amdgpu.scaled_mfma, C stored under masks (in a
// grid of known size; in one known only at run time, an element past the
// tile goes to a one-element sink instead: the last case).

// bf16 A quantized in the kernel, plain B, bf16 C, tails in M and N; a
// K loop of two stages: the first two steps' loads before the loop, two
// steps per iteration, each multiplying its register set and then loading
// the step two on into it, and the step a last iteration would miss after
// the loop, behind a check.
// CHECK-LABEL: IR Dump Before ConvertMXFP4ToAMDGPU
// CHECK: gpu.func @fused_plain_kernel(%{{.+}}: memref<20x96xbf16, #gpu.address_space<global>>, %{{.+}}: memref<100x48xi8, #gpu.address_space<global>>, %{{.+}}: memref<100x3xi8, #gpu.address_space<global>>, %{{.+}}: memref<20x100xbf16, #gpu.address_space<global>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>, known_grid_size = array<i32: 2, 2, 1>}
// CHECK: mxfp4.fused_matmul a(%{{.+}} : memref<?x96xbf16, strided<[96, 1], offset: ?>, #gpu.address_space<global>>) quantize = even b(%{{.+}}, %{{.+}} : memref<?x48xi8, {{.*}}>, memref<?x3xi8, {{.*}}>) layout = plain outs(%{{.+}} : memref<?x?xbf16, {{.*}}>)
// CHECK-LABEL: IR Dump After ConvertMXFP4ToAMDGPU
// CHECK: gpu.func @fused_plain_kernel
// CHECK: %[[A0:.+]] = vector.load %{{.+}} : memref<{{[0-9]+}}xbf16, #gpu.address_space<global>>, vector<32xbf16>
// CHECK: %[[B0:.+]] = vector.load %{{.+}} : memref<{{[0-9]+}}xi8, #gpu.address_space<global>>, vector<16xi8>
// CHECK: %[[BS0:.+]] = memref.load %{{.+}} : memref<{{[0-9]+}}xi8, #gpu.address_space<global>>
// CHECK: %[[A1:.+]] = vector.load %{{.+}} : memref<{{[0-9]+}}xbf16, #gpu.address_space<global>>, vector<32xbf16>
// CHECK: %[[B1:.+]] = vector.load %{{.+}} : memref<{{[0-9]+}}xi8, #gpu.address_space<global>>, vector<16xi8>
// CHECK: %[[BS1:.+]] = memref.load %{{.+}} : memref<{{[0-9]+}}xi8, #gpu.address_space<global>>
// CHECK: %[[LOOP:.+]]:7 = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c2 iter_args(%[[ACC:.+]] = %{{.+}}, %{{.+}} = %[[A0]], %{{.+}} = %[[B0]], %{{.+}} = %[[BS0]], %{{.+}} = %[[A1]], %{{.+}} = %[[B1]], %{{.+}} = %[[BS1]]) -> (vector<4xf32>, vector<32xbf16>, vector<16xi8>, i8, vector<32xbf16>, vector<16xi8>, i8)
// CHECK: vector.reduction <maxui>
// CHECK: %[[MFMA0:.+]] = amdgpu.scaled_mfma 16x16x128 (%{{.+}}[0] * %{{.+}}) * (%{{.+}}[0] * %{{.+}}) + %[[ACC]] : f8E8M0FNU, vector<32xf4E2M1FN>, f8E8M0FNU, vector<32xf4E2M1FN>, vector<4xf32>
// CHECK: %[[NA0:.+]] = vector.load %{{.+}} : memref<{{[0-9]+}}xbf16, #gpu.address_space<global>>, vector<32xbf16>
// CHECK: vector.reduction <maxui>
// CHECK: %[[MFMA1:.+]] = amdgpu.scaled_mfma 16x16x128 (%{{.+}}[0] * %{{.+}}) * (%{{.+}}[0] * %{{.+}}) + %[[MFMA0]] : f8E8M0FNU, vector<32xf4E2M1FN>, f8E8M0FNU, vector<32xf4E2M1FN>, vector<4xf32>
// CHECK: %[[NA1:.+]] = vector.load %{{.+}} : memref<{{[0-9]+}}xbf16, #gpu.address_space<global>>, vector<32xbf16>
// CHECK: llvm.fence syncscope("singlethread") acq_rel
// CHECK: scf.yield %[[MFMA1]], %[[NA0]], %{{.+}}, %{{.+}}, %[[NA1]], %{{.+}}, %{{.+}} : vector<4xf32>, vector<32xbf16>, vector<16xi8>, i8, vector<32xbf16>, vector<16xi8>, i8
// CHECK: %[[TAIL:.+]] = scf.if %{{.+}} -> (vector<4xf32>) {
// CHECK: amdgpu.scaled_mfma 16x16x128 {{.*}} + %[[LOOP]]#0
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[LOOP]]#0 : vector<4xf32>
// CHECK-COUNT-4: arith.truncf %{{.+}} : f32 to bf16
// CHECK-COUNT-4: scf.if
// CHECK-NOT: mxfp4.fused_matmul
// CHECK: gpu.return
func.func @fused_plain(%a: tensor<20x96xbf16>, %b: tensor<100x96xf4E2M1FN>, %bs: tensor<100x3xf8E8M0FNU>) -> tensor<20x100xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<20x96xbf16> -> tensor<20x96xf4E2M1FN>, tensor<20x3xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1, stages = 2>) : tensor<20x96xf4E2M1FN>, tensor<20x3xf8E8M0FNU>, tensor<100x96xf4E2M1FN>, tensor<100x3xf8E8M0FNU> -> tensor<20x100xbf16>
  return %c : tensor<20x100xbf16>
}

// -----

// A already quantized, pre-shuffled B, 32x32x64, f32 output: A's bytes and
// scales are kernel arguments and no quantization is emitted.
// CHECK-LABEL: IR Dump Before ConvertMXFP4ToAMDGPU
// CHECK: mxfp4.fused_matmul a(%{{.+}}, %{{.+}} : memref<64x128xi8, #gpu.address_space<global>>, memref<64x8xi8, #gpu.address_space<global>>) b({{.*}}) layout = preshuffled b_scales_row(
// CHECK-LABEL: IR Dump After ConvertMXFP4ToAMDGPU
// CHECK: gpu.func @prequantized_preshuffled_kernel
// The loop (three stages, the default) carries A's and B's bytes and scale
// bytes of three steps.
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (vector<16xf32>, vector<16xi8>, i8, vector<16xi8>, i8, vector<16xi8>, i8, vector<16xi8>, i8, vector<16xi8>, i8, vector<16xi8>, i8)
// CHECK-NOT: vector.reduction
// CHECK: amdgpu.scaled_mfma 32x32x64 {{.*}} : f8E8M0FNU, vector<32xf4E2M1FN>, f8E8M0FNU, vector<32xf4E2M1FN>, vector<16xf32>
// CHECK-COUNT-16: scf.if
func.func @prequantized_preshuffled(%a: tensor<64x256xf4E2M1FN>, %as: tensor<64x8xf8E8M0FNU>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<256x8xf8E8M0FNU>) -> tensor<64x64xf32> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs b_layout = preshuffled config(<mfma = 32, waves_m = 2, waves_n = 2, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<256x8xf8E8M0FNU> -> tensor<64x64xf32>
  return %c : tensor<64x64xf32>
}

// -----

// A function without mxfp4 ops: no kernel, nothing to convert.
// CHECK-LABEL: IR Dump Before ConvertMXFP4ToAMDGPU
// CHECK: func.func @untouched(%{{.+}}: memref<4xf32>) -> memref<4xf32>
// CHECK-NOT: gpu.func
// CHECK-LABEL: IR Dump After ConvertMXFP4ToAMDGPU
func.func @untouched(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// -----

// waves_k = 4: each wave starts the K loop at its own step and strides by 4
// (an iteration of three stages takes 3 of its steps, 12 in all); the other waves leave their accumulators in LDS for wave 0, which stores C.
// CHECK-LABEL: IR Dump After ConvertMXFP4ToAMDGPU
// CHECK: gpu.func @waves_k_kernel({{.*}}) workgroup(%[[LDS:.+]] : memref<768xf32, #gpu.address_space<workgroup>>) kernel
// CHECK: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c12{{.*}} iter_args
// CHECK: amdgpu.scaled_mfma 16x16x128
// CHECK: vector.store %{{.+}}, %[[LDS]]
// CHECK: gpu.barrier
func.func @waves_k(%a: tensor<16x800xbf16>, %b: tensor<32x800xf4E2M1FN>, %bs: tensor<32x25xf8E8M0FNU>) -> tensor<16x32xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<16x800xbf16> -> tensor<16x800xf4E2M1FN>, tensor<16x25xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1, waves_k = 4>) : tensor<16x800xf4E2M1FN>, tensor<16x25xf8E8M0FNU>, tensor<32x800xf4E2M1FN>, tensor<32x25xf8E8M0FNU> -> tensor<16x32xbf16>
  return %c : tensor<16x32xbf16>
}

// -----

// Argument and result attributes are kept; C, the GEMM's output argument,
// gets the result's.
// CHECK-LABEL: IR Dump Before ConvertMXFP4ToAMDGPU
// CHECK: func.func @attributes(%{{.+}}: memref<16x32xi8> {foo.a, fp4.arg = "a"}, %{{.+}}: memref<16x2xi8> {fp4.arg = "a_scales"}, %{{.+}}: memref<16x32xi8> {foo.b = 1 : i32, fp4.arg = "b"}, %{{.+}}: memref<16x2xi8> {fp4.arg = "b_scales"}, %{{.+}}: memref<16x16xf32> {foo.c, fp4.arg = "c"})
func.func @attributes(%a: tensor<16x64xf4E2M1FN> {foo.a}, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<16x64xf4E2M1FN> {foo.b = 1 : i32}, %bs: tensor<16x2xf8E8M0FNU>) -> (tensor<16x16xf32> {foo.c}) {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}

// -----

// Which operands are loaded steps ahead (choosePipelinedOperands): with
// tiles_n = 4, A's bf16 block (16 VGPRs) and B's four 16-byte loads and
// scale bytes (20) exceed the 24-VGPR budget together, so the loop carries
// A's blocks only (three, one per stage) and loads B in the step that uses
// it.
// CHECK-LABEL: IR Dump After ConvertMXFP4ToAMDGPU
// CHECK: gpu.func @pipeline_a_only_kernel
// CHECK: scf.for {{.*}} -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<32xbf16>, vector<32xbf16>, vector<32xbf16>)
func.func @pipeline_a_only(%a: tensor<2x256xbf16>, %b: tensor<16x256xf4E2M1FN>, %bs: tensor<16x8xf8E8M0FNU>) -> tensor<2x16xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<2x256xbf16> -> tensor<2x256xf4E2M1FN>, tensor<2x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 4, split_k = 1>) : tensor<2x256xf4E2M1FN>, tensor<2x8xf8E8M0FNU>, tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU> -> tensor<2x16xbf16>
  return %c : tensor<2x16xbf16>
}

// -----

// An M known only at run time with an m_specialization for M <= 16 (split-K
// into 2): that kernel's grid is bounded (max_grid: 3 column tiles x 1 row
// tile), which sizes its split-K workspace (3 tiles: 3 counters, 3 x 2
// slices x 64 lanes x 8 accumulators) and bounds its work-group ids
// (upper_bound: LLVM gets their ranges, as from a known_grid_size). In both
// kernels (grids known only at run time) an element past the tile is stored
// into a one-element sink, the store's target a select, not a branch. The
// kernel for a larger M has no bound.
// CHECK-LABEL: memref.global "private" @specialized_kernel_store_sink
// CHECK: memref.global "private" @specialized_kernel_splitk_counters : memref<3xi32, #gpu.address_space<global>>
// CHECK: memref.global "private" @specialized_kernel_splitk_partials : memref<3072xf32, #gpu.address_space<global>>
// CHECK: gpu.func @specialized_kernel(
// CHECK: gpu.block_id  x upper_bound 3
// CHECK: gpu.block_id  y upper_bound 1
// CHECK: gpu.block_id  z upper_bound 2
// CHECK: %[[SINK:.+]] = memref.reinterpret_cast %{{.+}} to offset: [0], sizes: [{{[0-9]+}}], strides: [1] : memref<1xbf16, #gpu.address_space<global>>
// CHECK: amdgpu.scaled_mfma
// CHECK: arith.select %{{.+}}, %{{.+}}, %[[SINK]] : memref<{{[0-9]+}}xbf16, #gpu.address_space<global>>
// CHECK: memref.global "private" @specialized_kernel_store_sink
// CHECK: gpu.func @specialized_kernel(
// CHECK-NOT: upper_bound
// CHECK: gpu.return
func.func @specialized(%a: tensor<?x256xbf16>, %b: tensor<96x256xf4E2M1FN>, %bs: tensor<96x8xf8E8M0FNU>) -> tensor<?x96xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<?x256xbf16> -> tensor<?x256xf4E2M1FN>, tensor<?x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 2, tiles_m = 2, tiles_n = 1, split_k = 1>) {m_specializations = [#mxfp4.m_specialization<max_m = 16, config = <mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 2, split_k = 2>>]} : tensor<?x256xf4E2M1FN>, tensor<?x8xf8E8M0FNU>, tensor<96x256xf4E2M1FN>, tensor<96x8xf8E8M0FNU> -> tensor<?x96xbf16>
  return %c : tensor<?x96xbf16>
}

// -----

// A scattered output (an MoE layer's stage 2 with its combine): the tile
// reads its first row's pair id before the K loop, which runs no step when
// that id is padding (at or past tokens x topk: the row block holds padding
// only). Each element of C is weighted by its pair's routing weight and
// added into its token's row by an f32 atomic at agent scope, monotonic:
// gfx950 has it as one global_atomic_add_f32 (memref.atomic_rmw's system
// scope would make a compare-and-swap loop). Nothing is stored.
// CHECK-LABEL: IR Dump Before ConvertMXFP4ToAMDGPU
// CHECK: mxfp4.fused_matmul {{.+}} outs(%{{.+}} : memref<5x96xf32, #gpu.address_space<global>>) scatter(%{{.+}} : memref<32xi32, strided<[1], offset: ?>, #gpu.address_space<global>>) weights(%{{.+}} : memref<5x2xf32, #gpu.address_space<global>>)
// CHECK-LABEL: IR Dump After ConvertMXFP4ToAMDGPU
// CHECK: gpu.func @scattered_kernel(%{{.+}}: memref<64x128xi8
// CHECK: %[[ID0:.+]] = memref.load %{{.+}}[%{{.+}}] : memref<{{[0-9][0-9][0-9][0-9][0-9]+}}xi32, #gpu.address_space<global>>
// CHECK: %[[ID0I:.+]] = arith.index_castui %[[ID0]] : i32 to index
// CHECK: %[[TOKEN0:.+]] = arith.divui %[[ID0I]], %{{.+}} : index
// CHECK: %[[DATA0:.+]] = arith.cmpi ult, %[[TOKEN0]], %{{.+}} : index
// CHECK: %[[VALID0:.+]] = arith.andi %{{.+}}, %[[DATA0]] : i1
// CHECK: %[[HOLDS:.+]] = arith.andi %{{.+}}, %[[VALID0]] : i1
// CHECK: %[[END:.+]] = arith.select %[[HOLDS]], %{{.+}}, %{{.+}} : index
// CHECK: %[[MAIN_END:.+]] = arith.subi %[[END]], %{{.+}} : index
// CHECK: scf.for %{{.+}} = %{{.+}} to %[[MAIN_END]]
// CHECK: amdgpu.scaled_mfma
// CHECK: %[[W:.+]] = memref.load %{{.+}} : memref<{{[0-9]+}}xf32, #gpu.address_space<global>>
// CHECK: %[[V:.+]] = arith.mulf %{{.+}}, %[[W]] : f32
// CHECK: scf.if
// CHECK: %[[P:.+]] = llvm.inttoptr %{{.+}} : i64 to !llvm.ptr<1>
// CHECK: llvm.atomicrmw fadd %[[P]], %[[V]] syncscope("agent") monotonic : !llvm.ptr<1>, f32
// CHECK-NOT: memref.store
// CHECK: gpu.return
func.func @scattered(%a: tensor<64x256xf4E2M1FN>, %as: tensor<64x8xf8E8M0FNU>, %ids: tensor<64xi32>, %blocks: tensor<2xi32>, %b: tensor<3x96x256xf4E2M1FN>, %bs: tensor<3x96x8xf8E8M0FNU>, %w: tensor<5x2xf32>) -> tensor<5x96xf32> {
  %c = mxfp4.grouped_matmul %a, %as experts(%blocks : tensor<2xi32>) block_m = 32, %b, %bs scatter(%ids : tensor<64xi32>) weights(%w : tensor<5x2xf32>) : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<3x96x256xf4E2M1FN>, tensor<3x96x8xf8E8M0FNU> -> tensor<5x96xf32>
  return %c : tensor<5x96xf32>
}

// -----

// A scattered bf16 output: the weighted f32 value of each element goes to
// the neighbouring lane (xor 1: the neighbouring column, same rows), and
// one lane of each pair adds both columns, rounded to bf16, with one
// packed atomic (gfx950's global_atomic_pk_add_bf16) at the pair's even
// column: the even lane for even elements, the odd lane for odd ones.
// CHECK-LABEL: IR Dump Before ConvertMXFP4ToAMDGPU
// CHECK: mxfp4.fused_matmul {{.+}} outs(%{{.+}} : memref<5x96xbf16, #gpu.address_space<global>>) scatter(
// CHECK-LABEL: IR Dump After ConvertMXFP4ToAMDGPU
// CHECK: gpu.func @scattered_bf16_kernel(
// CHECK: amdgpu.scaled_mfma
// CHECK: %[[V:.+]] = arith.mulf %{{.+}}, %{{.+}} : f32
// CHECK: %[[N:.+]], %{{.+}} = gpu.shuffle  xor %[[V]], %{{.+}}, %{{.+}} : f32
// CHECK: %[[MINE:.+]] = arith.truncf %[[V]] : f32 to bf16
// CHECK: %[[THEIRS:.+]] = arith.truncf %[[N]] : f32 to bf16
// CHECK: %[[PAIR:.+]] = vector.from_elements %[[MINE]], %[[THEIRS]] : vector<2xbf16>
// CHECK: scf.if
// CHECK: %[[P:.+]] = llvm.inttoptr %{{.+}} : i64 to !llvm.ptr<1>
// CHECK: llvm.atomicrmw fadd %[[P]], %[[PAIR]] syncscope("agent") monotonic : !llvm.ptr<1>, vector<2xbf16>
// CHECK: vector.from_elements %{{.+}}, %{{.+}} : vector<2xbf16>
// CHECK-NOT: memref.store
// CHECK: gpu.return
func.func @scattered_bf16(%a: tensor<64x256xf4E2M1FN>, %as: tensor<64x8xf8E8M0FNU>, %ids: tensor<64xi32>, %blocks: tensor<2xi32>, %b: tensor<3x96x256xf4E2M1FN>, %bs: tensor<3x96x8xf8E8M0FNU>, %w: tensor<5x2xf32>) -> tensor<5x96xbf16> {
  %c = mxfp4.grouped_matmul %a, %as experts(%blocks : tensor<2xi32>) block_m = 32, %b, %bs scatter(%ids : tensor<64xi32>) weights(%w : tensor<5x2xf32>) : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<3x96x256xf4E2M1FN>, tensor<3x96x8xf8E8M0FNU> -> tensor<5x96xbf16>
  return %c : tensor<5x96xbf16>
}
