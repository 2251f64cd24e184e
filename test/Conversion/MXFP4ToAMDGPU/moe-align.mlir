// The routing kernel inside the pipeline (its input: workgroup_moe_align
// in a one-work-group kernel, mxfp4-form-kernels.mlir): three LDS arrays
// (the counts and the total, E + 1; the cursors, E; the work-items' chunk
// sums, 256), the work-items striding by the work-group size (256),
// barriers between the steps: counts by LDS atomics; the scan (each
// work-item's chunk of experts summed, the sums scanned in 8 steps of
// distance 1..128, a barrier after each read and each write, then the
// chunk's cursors, and the total by the last work-item); block ids and
// padding marks; each pair's row by an atomic increment of its expert's
// cursor.
// RUN: fp4-opt %s --fp4-lower-to-hsaco --mlir-print-ir-after=convert-mxfp4-to-amdgpu -o /dev/null 2>&1 | FileCheck %s

// CHECK: gpu.func @align_kernel({{.+}}) workgroup(%[[COUNTS:.+]] : memref<5xi32, #gpu.address_space<workgroup>>, %[[CURSOR:.+]] : memref<4xi32, #gpu.address_space<workgroup>>, %[[SUMS:.+]] : memref<256xi32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>
// The outlined launch's own ids first, then the kernel op's.
// CHECK: gpu.thread_id x
// CHECK: %[[TID:.+]] = gpu.thread_id x
// CHECK: scf.for %{{.+}} = %[[TID]] to %c5 step %c256
// CHECK: gpu.barrier
// CHECK: scf.for %{{.+}} = %[[TID]] to %{{.+}} step %c256
// CHECK: memref.atomic_rmw addi %c1_i32, %[[COUNTS]][%{{.+}}]
// CHECK: gpu.barrier
// CHECK: %[[OWN:.+]] = scf.for {{.+}} iter_args
// CHECK: memref.store %[[OWN]], %[[SUMS]][%[[TID]]]
// CHECK-COUNT-17: gpu.barrier
// CHECK: scf.for {{.+}} iter_args
// CHECK: memref.store %{{.+}}, %[[CURSOR]]
// CHECK: %[[LAST:.+]] = arith.cmpi eq, %[[TID]], %c255
// CHECK: scf.if %[[LAST]]
// CHECK: gpu.barrier
// CHECK: scf.for %{{.+}} = %[[TID]] to %c4 step %c256
// CHECK: gpu.barrier
// CHECK: %[[ROW:.+]] = memref.atomic_rmw addi %c1_i32, %[[CURSOR]][%{{.+}}]
// CHECK: %[[AT:.+]] = arith.index_cast %[[ROW]] : i32 to index
// CHECK: memref.store %{{.+}}, %{{.+}}[%[[AT]]] : memref<20xi32, #gpu.address_space<global>>
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
func.func @align(%ids: tensor<4x2xi32>) -> (tensor<20xi32>, tensor<5xi32>, tensor<1xi32>) {
  %s, %b, %v, %pos = mxfp4.moe_align %ids experts = 4 block_m = 4 : tensor<4x2xi32> -> tensor<20xi32>, tensor<5xi32>, tensor<1xi32>, tensor<4x2xi32>
  return %s, %b, %v : tensor<20xi32>, tensor<5xi32>, tensor<1xi32>
}
