// RUN: fp4-opt %s --pass-pipeline='builtin.module(func.func(convert-elementwise-to-linalg,mxfp4-tile-and-fuse),convert-mxfp4-to-amdgpu)' --split-input-file | FileCheck %s

#cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>

// One loop, one kernel: the host launches it between to_buffer of the
// inputs (fp4 data as bytes) and to_tensor of a fresh output buffer; the
// kernel quantizes A, runs the scaled MFMAs and applies bias + SiLU per
// element: every element's bias is loaded first, at the element's column
// (clamped where out of bounds), then each element is computed and stored
// only where it is in bounds.
// CHECK-LABEL: func.func @bias_silu
// CHECK-SAME: (%[[A:.+]]: tensor<40x256xbf16>, %[[B:.+]]: tensor<128x128xi8>, %[[BS:.+]]: tensor<128x8xi8>, %[[BIAS:.+]]: tensor<128xf32>) -> tensor<40x128xbf16>
// CHECK-NOT: scf.forall
// CHECK-DAG: %[[OUT:.+]] = memref.alloc() : memref<40x128xbf16>
// CHECK-DAG: bufferization.to_buffer %[[A]] read_only : tensor<40x256xbf16> to memref<40x256xbf16>
// CHECK-DAG: bufferization.to_buffer %[[B]] read_only : tensor<128x128xi8> to memref<128x128xi8>
// CHECK-DAG: bufferization.to_buffer %[[BIAS]] read_only : tensor<128xf32> to memref<128xf32>
// CHECK: gpu.launch_func @bias_silu_tile_kernel_0::@bias_silu_tile_kernel_0 blocks in (%{{.+}}, %{{.+}}, %{{.+}}) threads in (%{{.+}}, %{{.+}}, %{{.+}}) args({{.*}} : memref<10240xbf16, #gpu.address_space<global>>, {{.*}} : memref<16384xi8, #gpu.address_space<global>>, {{.*}} : memref<1024xi8, #gpu.address_space<global>>, {{.*}} : memref<5120xbf16, #gpu.address_space<global>>, {{.*}} : memref<128xf32, #gpu.address_space<global>>)
// CHECK: %[[R:.+]] = bufferization.to_tensor %[[OUT]] restrict writable
// CHECK: return %[[R]]
// CHECK: gpu.module @bias_silu_tile_kernel_0 [#rocdl.target<O = 3, chip = "gfx950">]
// CHECK: gpu.func @bias_silu_tile_kernel_0(%{{.+}}: memref<10240xbf16, #gpu.address_space<global>>, %{{.+}}: memref<16384xi8, #gpu.address_space<global>>, %{{.+}}: memref<1024xi8, #gpu.address_space<global>>, %[[C:.+]]: memref<5120xbf16, #gpu.address_space<global>>, %[[BIASK:.+]]: memref<128xf32, #gpu.address_space<global>>) kernel
// CHECK: scf.for
// CHECK:   amdgpu.scaled_mfma
// CHECK-COUNT-4: memref.load %[[BIASK]]
// CHECK-NOT: scf.if
// CHECK: arith.addf
// CHECK: math.exp
// CHECK: arith.divf
// CHECK: arith.truncf {{.*}} : f32 to bf16
// CHECK: scf.if
// CHECK-NOT: memref.load
// CHECK:   memref.store {{.*}}, %[[C]]
func.func @bias_silu(%a: tensor<40x256xbf16>, %b: tensor<128x256xf4E2M1FN>, %bs: tensor<128x8xf8E8M0FNU>, %bias: tensor<128xf32>) -> tensor<40x128xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<40x256xbf16> -> tensor<40x256xf4E2M1FN>, tensor<40x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg) : tensor<40x256xf4E2M1FN>, tensor<40x8xf8E8M0FNU>, tensor<128x256xf4E2M1FN>, tensor<128x8xf8E8M0FNU> -> tensor<40x128xf32>
  %e = tensor.empty() : tensor<40x128xbf16>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%c, %bias : tensor<40x128xf32>, tensor<128xf32>) outs(%e : tensor<40x128xbf16>) {
  ^bb0(%x: f32, %y: f32, %o: bf16):
    %z = arith.addf %x, %y : f32
    %n = arith.negf %z : f32
    %ex = math.exp %n : f32
    %one = arith.constant 1.0 : f32
    %d = arith.addf %one, %ex : f32
    %si = arith.divf %z, %d : f32
    %t = arith.truncf %si : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<40x128xbf16>
  return %r : tensor<40x128xbf16>
}

// -----

#cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>

// A dynamic M: the host passes M and launches ceil(M / 16) rows of
// work-groups; the kernel's row buffers are sized at run time.
// CHECK-LABEL: func.func @dynamic_m
// CHECK: memref.alloc(%[[M:.+]]) : memref<?x64xbf16>
// CHECK: memref.cast {{.*}} : memref<?xbf16> to memref<1099511627776xbf16>
// CHECK: %[[GY:.+]] = arith.ceildivui %[[M]], %{{.+}} : index
// CHECK: gpu.launch_func @dynamic_m_tile_kernel_0::@dynamic_m_tile_kernel_0 blocks in (%{{.+}}, %[[GY]], %{{.+}}) {{.*}}, %[[M]] : index)
// CHECK: gpu.func @dynamic_m_tile_kernel_0({{.*}}, %[[MK:.+]]: index) kernel
// CHECK: arith.cmpi ult, %{{.+}}, %[[MK]] : index
func.func @dynamic_m(%a: tensor<?x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> tensor<?x64xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<?x256xbf16> -> tensor<?x256xf4E2M1FN>, tensor<?x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg) : tensor<?x256xf4E2M1FN>, tensor<?x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<?x64xbf16>
  return %c : tensor<?x64xbf16>
}

// -----

#cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>

// A is f32 and truncated to bf16: the kernel loads f32 blocks and
// truncates them as vectors before quantizing.
// CHECK-LABEL: func.func @truncf_producer
// CHECK: gpu.func @truncf_producer_tile_kernel_0(%{{.+}}: memref<4096xf32, #gpu.address_space<global>>
// CHECK: vector.load {{.*}} : memref<4096xf32, #gpu.address_space<global>>, vector<32xf32>
// CHECK: arith.truncf {{.*}} : vector<32xf32> to vector<32xbf16>
func.func @truncf_producer(%a: tensor<16x256xf32>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> tensor<16x64xbf16> {
  %t = arith.truncf %a : tensor<16x256xf32> to tensor<16x256xbf16>
  %q, %s = mxfp4.quantize %t : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xbf16>
  return %c : tensor<16x64xbf16>
}

// -----

#cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 2, tiles_m = 1, tiles_n = 1, split_k = 1>

// C quantized in the kernel: the loop's two results become fp4x2 bytes and
// scale bytes (the function's results too); the kernel stages the tile of
// C in LDS, waits for the work-group, and quantizes 32-column blocks.
// CHECK-LABEL: func.func @quantize_out
// CHECK-SAME: -> (tensor<16x32xi8>, tensor<16x2xi8>)
// CHECK-DAG: %[[V:.+]] = memref.alloc() : memref<16x32xi8>
// CHECK-DAG: %[[S:.+]] = memref.alloc() : memref<16x2xi8>
// CHECK: gpu.launch_func @quantize_out_tile_kernel_0::@quantize_out_tile_kernel_0
// CHECK-DAG: bufferization.to_tensor %[[V]] restrict writable : memref<16x32xi8> to tensor<16x32xi8>
// CHECK-DAG: bufferization.to_tensor %[[S]] restrict writable : memref<16x2xi8> to tensor<16x2xi8>
// CHECK: gpu.func @quantize_out_tile_kernel_0({{.*}}, %[[VK:.+]]: memref<512xi8, #gpu.address_space<global>>, %[[SK:.+]]: memref<32xi8, #gpu.address_space<global>>) workgroup(%[[STAGE:.+]] : memref<512xf32, #gpu.address_space<workgroup>>) kernel
// CHECK: amdgpu.scaled_mfma
// CHECK: memref.store {{.*}}, %[[STAGE]]
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK:   vector.load %[[STAGE]]
// CHECK:   vector.store {{.*}}, %[[VK]]
// CHECK:   memref.store {{.*}}, %[[SK]]
func.func @quantize_out(%a: tensor<16x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> (tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %a : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(#cfg) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<16x64xbf16>
  %cq, %cs = mxfp4.quantize %c : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  return %cq, %cs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
}

// -----

// A lone dequantize: one kernel, one work-item per 32-element block; the
// E2M1 codes and the E8M0 scale are decoded with integer operations and
// multiplied in f32. The fp4 argument arrives as bytes.
// CHECK-LABEL: func.func @lone_dequantize
// CHECK-SAME: (%{{.+}}: tensor<?x144xi8>, %{{.+}}: tensor<?x9xi8>) -> tensor<?x288xf32>
// CHECK: gpu.launch_func @lone_dequantize_dequantize_kernel_0::@lone_dequantize_dequantize_kernel_0
// CHECK: gpu.func @lone_dequantize_dequantize_kernel_0(%[[Q:.+]]: memref<1099511627776xi8, #gpu.address_space<global>>, %[[S:.+]]: memref<1099511627776xi8, #gpu.address_space<global>>, %[[X:.+]]: memref<1099511627776xf32, #gpu.address_space<global>>, %[[M:.+]]: index) kernel
// CHECK: scf.for
// CHECK:   vector.load %[[Q]]{{.*}} vector<16xi8>
// CHECK:   memref.load %[[S]]
// CHECK:   vector.interleave
// CHECK:   arith.mulf {{.*}} : vector<32xf32>
// CHECK:   vector.store {{.*}}, %[[X]]
func.func @lone_dequantize(%q: tensor<?x288xf4E2M1FN>, %s: tensor<?x9xf8E8M0FNU>) -> tensor<?x288xf32> {
  %x = mxfp4.dequantize %q, %s : tensor<?x288xf4E2M1FN>, tensor<?x9xf8E8M0FNU> -> tensor<?x288xf32>
  return %x : tensor<?x288xf32>
}
