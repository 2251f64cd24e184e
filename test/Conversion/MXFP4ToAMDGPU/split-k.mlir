// The pass on the outlined kernel the pipeline makes of this GEMM (printed
// before the pass, then converted alone and canonicalized).
// RUN: fp4-opt %s --fp4-lower-to-hsaco --mlir-print-ir-before=convert-mxfp4-to-amdgpu -o /dev/null 2>&1 | tail -n +2 | fp4-opt --convert-mxfp4-to-amdgpu --canonicalize | FileCheck %s

// split_k = 3 over 4 K steps of 128 (slices of 1, 1 and 2 steps) and 3
// tiles of 16x16 along N: 3 x 1 x 3 work-groups, z the slice. Each
// leaves its partial tile in the workspace, releases it, and arrives at its
// tile's counter; the one that arrives third adds the partials z = 0, 1, 2
// and stores C. One stage (stages = 1): a loop of one K step per iteration
// (test/Integration/stages.test runs split-K at deeper pipelines).

// CHECK-LABEL: func.func @gemm
// CHECK:         gpu.launch_func  @gemm_kernel::@gemm_kernel blocks in (%c3, %c1, %c3)
// CHECK:       gpu.module @gemm_kernel
// CHECK-DAG:     memref.global "private" @gemm_kernel_splitk_partials : memref<2304xf32, #gpu.address_space<global>> = dense<0.000000e+00> {alignment = 16 : i64}
// CHECK-DAG:     memref.global "private" @gemm_kernel_splitk_counters : memref<3xi32, #gpu.address_space<global>> = dense<0> {alignment = 16 : i64}
// CHECK:         gpu.func @gemm_kernel({{.*}}) workgroup(%[[ARRIVAL:.+]] : memref<1xi32, #gpu.address_space<workgroup>>) kernel attributes {{{.*}}known_grid_size = array<i32: 3, 1, 3>}
// CHECK-DAG:       %[[PARTIALS:.+]] = memref.get_global @gemm_kernel_splitk_partials
// CHECK-DAG:       %[[COUNTERS:.+]] = memref.get_global @gemm_kernel_splitk_counters
// CHECK:           %[[Z:.+]] = gpu.block_id  z
// Slice z takes K steps [z, z + 1), the last one [2, 4).
// CHECK:           %[[LASTZ:.+]] = arith.cmpi eq, %[[Z]], %c2 : index
// CHECK:           %[[NEXT:.+]] = arith.addi %[[Z]], %c1 : index
// CHECK:           %[[END:.+]] = arith.select %[[LASTZ]], %c4, %[[NEXT]] : index
// CHECK:           %[[BEGIN:.+]] = arith.addi %[[Z]], %{{.+}} : index
// CHECK:           %[[ACC:.+]]:5 = scf.for %{{.+}} = %[[BEGIN]] to %[[END]] step %c1 iter_args({{.*}}) -> (vector<4xf32>, vector<16xi8>, i8, vector<16xi8>, i8)
// CHECK:             amdgpu.scaled_mfma
// CHECK:           scf.if
// CHECK:             vector.store %[[ACC]]#0, %[[PARTIALS]][%{{.+}}] : memref<2304xf32, #gpu.address_space<global>>, vector<4xf32>
// CHECK:           llvm.fence syncscope("agent") release
// CHECK-NEXT:      gpu.barrier
// CHECK:           scf.if
// CHECK-NEXT:        %[[BEFORE:.+]] = memref.atomic_rmw addi %c1_i32, %[[COUNTERS]][%[[TILE:.+]]] : (i32, memref<3xi32, #gpu.address_space<global>>) -> i32
// CHECK-NEXT:        %[[LAST:.+]] = arith.cmpi eq, %[[BEFORE]], %c2_i32 : i32
// CHECK-NEXT:        scf.if %[[LAST]] {
// CHECK-NEXT:          memref.atomic_rmw assign %c0_i32, %[[COUNTERS]][%[[TILE]]]
// CHECK-NEXT:        }
// CHECK-NEXT:        memref.store %[[BEFORE]], %[[ARRIVAL]][%c0]
// CHECK-NEXT:      }
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      %[[SEEN:.+]] = memref.load %[[ARRIVAL]][%c0]
// CHECK-NEXT:      %[[ISLAST:.+]] = arith.cmpi eq, %[[SEEN]], %c2_i32 : i32
// CHECK-NEXT:      %[[COMBINE:.+]] = arith.andi %[[ISLAST]], %{{.+}} : i1
// CHECK-NEXT:      scf.if %[[COMBINE]] {
// CHECK-NEXT:        llvm.fence syncscope("agent") acquire
// Every partial is loaded before the first add (all in flight at once),
// then added in the order z = 0, 1, 2.
// CHECK:             %[[P0:.+]] = vector.load %[[PARTIALS]]
// CHECK:             %[[P1:.+]] = vector.load %[[PARTIALS]]
// CHECK:             %[[P2:.+]] = vector.load %[[PARTIALS]]
// CHECK-NEXT:        %[[S01:.+]] = arith.addf %[[P0]], %[[P1]] : vector<4xf32>
// CHECK-NEXT:        %[[S012:.+]] = arith.addf %[[S01]], %[[P2]] : vector<4xf32>
// CHECK:             vector.extract %[[S012]][0]
// CHECK:             memref.store
// CHECK:           gpu.return
func.func @gemm(%a: tensor<16x512xf4E2M1FN>, %as: tensor<16x16xf8E8M0FNU>, %b: tensor<40x512xf4E2M1FN>, %bs: tensor<40x16xf8E8M0FNU>) -> tensor<16x40xf32> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 3, stages = 1>) : tensor<16x512xf4E2M1FN>, tensor<16x16xf8E8M0FNU>, tensor<40x512xf4E2M1FN>, tensor<40x16xf8E8M0FNU> -> tensor<16x40xf32>
  return %c : tensor<16x40xf32>
}
