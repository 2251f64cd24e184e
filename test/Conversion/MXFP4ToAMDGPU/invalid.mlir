// RUN: fp4-opt %s --convert-mxfp4-to-amdgpu --split-input-file --verify-diagnostics

// The pass lowers kernel ops inside GPU kernels; anything else names the
// stage that is missing.

func.func @user_op(%a: tensor<16x64xbf16>) -> (tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>) {
  // expected-error @+1 {{is not a kernel op inside a GPU kernel; the fp4-lower-to-hsaco pipeline forms kernels}}
  %q, %s = mxfp4.quantize %a : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  return %q, %s : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
}

// -----

func.func @on_tensors(%v: tensor<4x32xi8>, %s: tensor<4x2xi8>, %o: tensor<4x64xf32>) -> tensor<4x64xf32> {
  // expected-error @+1 {{is on tensors: bufferize first (one-shot-bufferize)}}
  %r = mxfp4.block_dequantize ins(%v, %s : tensor<4x32xi8>, tensor<4x2xi8>) outs(%o : tensor<4x64xf32>) -> tensor<4x64xf32>
  return %r : tensor<4x64xf32>
}

// -----

func.func @on_host(%v: memref<4x32xi8>, %s: memref<4x2xi8>, %o: memref<4x64xf32>) {
  // expected-error @+1 {{is not inside a GPU kernel: map its loop to the GPU and outline it first}}
  mxfp4.block_dequantize ins(%v, %s : memref<4x32xi8>, memref<4x2xi8>) outs(%o : memref<4x64xf32>)
  return
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k(%v: memref<4x64xf4E2M1FN>, %s: memref<4x2xf8E8M0FNU>, %o: memref<4x64xf32>) kernel {
      // expected-error @+1 {{reads fp4 or E8M0 data that is not in byte storage: run mxfp4-pack-narrow-types before bufferizing}}
      mxfp4.block_dequantize ins(%v, %s : memref<4x64xf4E2M1FN>, memref<4x2xf8E8M0FNU>) outs(%o : memref<4x64xf32>)
      gpu.return
    }
  }
}

// -----

// fp6 in memory is four values in three bytes: a GEMM reading typed fp6
// memory (a byte per element) is refused, not misread.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k(%a: memref<16x128xf6E2M3FN>, %as: memref<16x4xi8>, %b: memref<32x64xi8>, %bs: memref<32x4xi8>, %o: memref<16x32xf32>) kernel {
      // expected-error @+1 {{reads fp6 data that is not in byte storage (four values in three bytes): run mxfp4-pack-narrow-types before bufferizing}}
      mxfp4.fused_matmul a(%a, %as : memref<16x128xf6E2M3FN>, memref<16x4xi8>) b(%b, %bs : memref<32x64xi8>, memref<32x4xi8>) layout = plain outs(%o : memref<16x32xf32>) config(#mxfp4.config<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 2, split_k = 1>)
        epilogue { ^bb0(%x: f32): mxfp4.yield %x : f32 }
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k(%v: memref<4x32xi8, strided<[64, 2]>>, %s: memref<4x2xi8>, %o: memref<4x64xf32>) kernel {
      // expected-error @+1 {{needs operands whose last dimension is contiguous}}
      mxfp4.block_dequantize ins(%v, %s : memref<4x32xi8, strided<[64, 2]>>, memref<4x2xi8>) outs(%o : memref<4x64xf32>)
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k(%a: memref<16x32xi8>, %as: memref<16x2xi8>, %b: memref<16x32xi8>, %bs: memref<16x2xi8>, %c: memref<16x16xf32>) kernel {
      // expected-error @+1 {{has no #mxfp4.config; run mxfp4-select-config first}}
      mxfp4.fused_matmul a(%a, %as : memref<16x32xi8>, memref<16x2xi8>) b(%b, %bs : memref<16x32xi8>, memref<16x2xi8>) layout = plain outs(%c : memref<16x16xf32>) epilogue {
      ^bb0(%acc: f32):
        mxfp4.yield %acc : f32
      }
      gpu.return
    }
  }
}

// -----

// One K step of 128 cannot make two split-K slices.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k(%a: memref<16x32xi8>, %as: memref<16x2xi8>, %b: memref<16x32xi8>, %bs: memref<16x2xi8>, %c: memref<16x16xf32>) kernel attributes {known_grid_size = array<i32: 1, 1, 2>} {
      // expected-error @+1 {{split_k = 2 exceeds the 1 K steps of 128; each slice needs one}}
      mxfp4.fused_matmul a(%a, %as : memref<16x32xi8>, memref<16x2xi8>) b(%b, %bs : memref<16x32xi8>, memref<16x2xi8>) layout = plain outs(%c : memref<16x16xf32>) config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 2>) epilogue {
      ^bb0(%acc: f32):
        mxfp4.yield %acc : f32
      }
      gpu.return
    }
  }
}

// -----

// A split-K workspace is sized from the grid: it must be known.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k(%a: memref<16x256xi8>, %as: memref<16x16xi8>, %b: memref<16x256xi8>, %bs: memref<16x16xi8>, %c: memref<16x16xf32>) kernel {
      // expected-error @+1 {{split_k > 1 needs a grid of known size (a static M) or a bound of it (max_grid, from an m_specialization): its workspace is sized at compile time}}
      mxfp4.fused_matmul a(%a, %as : memref<16x256xi8>, memref<16x16xi8>) b(%b, %bs : memref<16x256xi8>, memref<16x16xi8>) layout = plain outs(%c : memref<16x16xf32>) config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 2>) epilogue {
      ^bb0(%acc: f32):
        mxfp4.yield %acc : f32
      }
      gpu.return
    }
  }
}

// -----

// The config is checked against the chip here too, for IR that skips
// mxfp4-select-config.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k(%a: memref<128x128xi8>, %as: memref<128x8xi8>, %b: memref<512x128xi8>, %bs: memref<512x8xi8>, %c: memref<128x512xf32>) kernel {
      // expected-error @+1 {{config needs 262144 bytes of LDS for its waves_k reduction, the chip has 163840}}
      mxfp4.fused_matmul a(%a, %as : memref<128x128xi8>, memref<128x8xi8>) b(%b, %bs : memref<512x128xi8>, memref<512x8xi8>) layout = plain outs(%c : memref<128x512xf32>) config(<mfma = 32, waves_m = 1, waves_n = 4, tiles_m = 4, tiles_n = 4, split_k = 1, waves_k = 2>) epilogue {
      ^bb0(%acc: f32):
        mxfp4.yield %acc : f32
      }
      gpu.return
    }
  }
}

// -----

// A fused output quantize stages the whole f32 tile in LDS: a 256x256 tile
// needs 256 KiB (mxfp4-fuse-into-matmul leaves such a quantize a kernel of
// its own; this is hand-written kernel IR).
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k(%a: memref<256x128xi8>, %as: memref<256x8xi8>, %b: memref<256x128xi8>, %bs: memref<256x8xi8>, %c: memref<256x128xi8>, %cs: memref<256x8xi8>) kernel {
      // expected-error @+1 {{config needs 262144 bytes of LDS for its waves_k reduction and output quantize, the chip has 163840}}
      mxfp4.fused_matmul a(%a, %as : memref<256x128xi8>, memref<256x8xi8>) b(%b, %bs : memref<256x128xi8>, memref<256x8xi8>) layout = plain outs(%c, %cs : memref<256x128xi8>, memref<256x8xi8>) quantize = even config(<mfma = 32, waves_m = 4, waves_n = 4, tiles_m = 2, tiles_n = 2, split_k = 1>) epilogue {
      ^bb0(%acc: f32):
        mxfp4.yield %acc : f32
      }
      gpu.return
    }
  }
}

// -----

// RUN: not fp4-opt %s --convert-mxfp4-to-amdgpu=a-quantizer=fast 2>&1 | FileCheck %s --check-prefix=QUANT
// QUANT: a-quantizer must be 'exact' or 'hardware', got 'fast'

// RUN: not fp4-opt %s --convert-mxfp4-to-amdgpu=chip=gfx942 2>&1 | FileCheck %s --check-prefix=CHIP
// CHIP: unsupported chip 'gfx942'; fp4-mlir targets gfx950

// -----

// A grouped GEMM reads its expert's B once tiled (mxfp4-form-kernels).
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k(%a: memref<4x32xi8>, %as: memref<4x2xi8>, %rows: memref<32xi32>, %b: memref<3x16x32xi8>, %bs: memref<3x16x2xi8>, %e: memref<1xi32>, %c: memref<32x16xf32>) kernel {
      // expected-error @+1 {{reads a B per expert: tile it first (mxfp4-form-kernels), each tile taking its rows' expert}}
      mxfp4.fused_matmul a(%a, %as : memref<4x32xi8>, memref<4x2xi8>) gather(%rows : memref<32xi32>) topk = 2 b(%b, %bs : memref<3x16x32xi8>, memref<3x16x2xi8>) layout = plain experts(%e : memref<1xi32>) outs(%c : memref<32x16xf32>) config(<mfma = 32, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) epilogue {
      ^bb0(%acc: f32):
        mxfp4.yield %acc : f32
      }
      gpu.return
    }
  }
}
