// RUN: fp4-opt %s --fp4-kernel-args-to-global -split-input-file | FileCheck %s

// A buffer of static shape is passed as it is, in global memory; a view
// known only at run time (dynamic size, offset, strides) as a flat bare
// pointer plus its dynamic fields, rebuilt in the kernel; views the
// kernel takes keep the global space. A constant of the host is copied
// into memory the runtime allocated.
// CHECK: module attributes {fp4.bare_pointer_kernels, gpu.container_module}
// CHECK-LABEL: func.func @host
// CHECK-SAME: (%[[X:.+]]: memref<16x64xf32>, %[[Y:.+]]: memref<?x64xf32, strided<[?, 1], offset: ?>>)
// CHECK: %[[XG:.+]] = memref.memory_space_cast %[[X]] : memref<16x64xf32> to memref<16x64xf32, #gpu.address_space<global>>
// CHECK: %[[BASE:.+]], %[[OFF:.+]], %[[SIZES:.+]]:2, %[[STRIDES:.+]]:2 = memref.extract_strided_metadata %[[Y]]
// CHECK: %[[FLAT:.+]] = memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [2147483648], strides: [1]
// CHECK: %[[YG:.+]] = memref.memory_space_cast %[[FLAT]] : memref<2147483648xf32> to memref<2147483648xf32, #gpu.address_space<global>>
// CHECK: %[[COPY:.+]] = memref.alloc() : memref<64xf32>
// CHECK: memref.copy %{{.+}}, %[[COPY]]
// CHECK: %[[CG:.+]] = memref.memory_space_cast %[[COPY]]
// CHECK: gpu.launch_func @k::@k {{.*}} args(%[[XG]] : memref<16x64xf32, #gpu.address_space<global>>, %[[YG]] : memref<2147483648xf32, #gpu.address_space<global>>, %[[OFF]] : index, %[[SIZES]]#0 : index, %[[STRIDES]]#0 : index, %[[CG]] : memref<64xf32, #gpu.address_space<global>>, %{{.+}} : f32)
// CHECK: gpu.func @k(%[[KX:.+]]: memref<16x64xf32, #gpu.address_space<global>>, %[[KY:.+]]: memref<2147483648xf32, #gpu.address_space<global>>, %[[KO:.+]]: index, %[[KM:.+]]: index, %[[KS:.+]]: index, %[[KC:.+]]: memref<64xf32, #gpu.address_space<global>>, %{{.+}}: f32) kernel
// CHECK: %[[VIEW:.+]] = memref.reinterpret_cast %[[KY]] to offset: [%[[KO]]], sizes: [%[[KM]], 64], strides: [%[[KS]], 1] : memref<2147483648xf32, #gpu.address_space<global>> to memref<?x64xf32, strided<[?, 1], offset: ?>, #gpu.address_space<global>>
// CHECK: memref.subview %[[KX]][0, 0] [1, 64] [1, 1] : memref<16x64xf32, #gpu.address_space<global>> to memref<64xf32, #gpu.address_space<global>>
// CHECK: memref.load %[[VIEW]]
module attributes {gpu.container_module} {
  memref.global "private" constant @bias : memref<64xf32> = dense<1.0>
  func.func @host(%x: memref<16x64xf32>, %y: memref<?x64xf32, strided<[?, 1], offset: ?>>) {
    %c1 = arith.constant 1 : index
    %s = arith.constant 2.0 : f32
    %bias = memref.get_global @bias : memref<64xf32>
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%x : memref<16x64xf32>, %y : memref<?x64xf32, strided<[?, 1], offset: ?>>, %bias : memref<64xf32>, %s : f32)
    return
  }
  gpu.module @k {
    gpu.func @k(%x: memref<16x64xf32>, %y: memref<?x64xf32, strided<[?, 1], offset: ?>>, %bias: memref<64xf32>, %s: f32) kernel {
      %c0 = arith.constant 0 : index
      %row = memref.subview %x[0, 0] [1, 64] [1, 1] : memref<16x64xf32> to memref<64xf32>
      %v = memref.load %y[%c0, %c0] : memref<?x64xf32, strided<[?, 1], offset: ?>>
      %b = memref.load %bias[%c0] : memref<64xf32>
      %w = arith.addf %v, %b : f32
      memref.store %w, %row[%c0] : memref<64xf32>
      gpu.return
    }
  }
}
