// RUN: fp4-opt %s --convert-mxfp4-to-amdgpu --split-input-file --verify-diagnostics

func.func @no_matmul_result(%a: tensor<16x64xbf16>) -> (tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>) {
  // expected-error @+1 {{is neither in a GEMM function nor in a work-group loop}}
  %q, %s = mxfp4.quantize %a : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  return %q, %s : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
}

// -----

func.func @no_config(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<16x64xf4E2M1FN>, %bs: tensor<16x2xf8E8M0FNU>) -> tensor<16x16xf32> {
  // expected-error @+1 {{has no #mxfp4.config; run mxfp4-select-config first}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}

// -----

func.func @split_k(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<16x64xf4E2M1FN>, %bs: tensor<16x2xf8E8M0FNU>) -> tensor<16x16xf32> {
  // One K step of 128 cannot make two split-K slices.
  // expected-error @+1 {{split_k = 2 exceeds the 1 K steps of 128; each slice needs one}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 2>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}

// -----

func.func @extra_op(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<16x64xf4E2M1FN>, %bs: tensor<16x2xf8E8M0FNU>) -> tensor<16x16xf32> {
  %e = tensor.empty() : tensor<4xf32>
  // expected-error @+1 {{is neither in a GEMM function nor in a work-group loop}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}

// -----

// expected-error @+1 {{argument #4 is not used by the GEMM}}
func.func @unused_arg(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<16x64xf4E2M1FN>, %bs: tensor<16x2xf8E8M0FNU>, %x: tensor<4xf32>) -> tensor<16x16xf32> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}

// -----

func.func @same_arg_twice(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>) -> tensor<16x16xf32> {
  // expected-error @+1 {{argument #0 is used twice}}
  %c = mxfp4.scaled_matmul %a, %as, %a, %as config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}

// -----

// RUN: not fp4-opt %s --convert-mxfp4-to-amdgpu=a-quantizer=fast 2>&1 | FileCheck %s --check-prefix=QUANT
// QUANT: a-quantizer must be 'exact' or 'hardware', got 'fast'

// RUN: not fp4-opt %s --convert-mxfp4-to-amdgpu=chip=gfx942 2>&1 | FileCheck %s --check-prefix=CHIP
// CHIP: unsupported chip 'gfx942'; fp4-mlir targets gfx950

// -----

// The config is checked against the chip here too, for IR that skips
// mxfp4-select-config.
func.func @too_much_lds(%a: tensor<128x256xf4E2M1FN>, %as: tensor<128x8xf8E8M0FNU>, %b: tensor<512x256xf4E2M1FN>, %bs: tensor<512x8xf8E8M0FNU>) -> tensor<128x512xf32> {
  // expected-error @+1 {{config needs 262144 bytes of LDS for its waves_k reduction, the chip has 163840}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 32, waves_m = 1, waves_n = 4, tiles_m = 4, tiles_n = 4, split_k = 1, waves_k = 2>) : tensor<128x256xf4E2M1FN>, tensor<128x8xf8E8M0FNU>, tensor<512x256xf4E2M1FN>, tensor<512x8xf8E8M0FNU> -> tensor<128x512xf32>
  return %c : tensor<128x512xf32>
}

// -----

func.func @two_blocks(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<16x64xf4E2M1FN>, %bs: tensor<16x2xf8E8M0FNU>) -> tensor<16x16xf32> {
  // expected-error @+1 {{is neither in a GEMM function nor in a work-group loop}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  cf.br ^bb1
^bb1:
  return %c : tensor<16x16xf32>
}

// -----

// A terminator other than func.return (the function never returns C).
func.func @no_return(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<16x64xf4E2M1FN>, %bs: tensor<16x2xf8E8M0FNU>) -> tensor<16x16xf32> {
  // expected-error @+1 {{is neither in a GEMM function nor in a work-group loop}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  llvm.unreachable
}

// -----

func.func @two_matmuls(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<16x64xf4E2M1FN>, %bs: tensor<16x2xf8E8M0FNU>) -> tensor<16x16xf32> {
  // expected-error @+1 {{is neither in a GEMM function nor in a work-group loop}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  %d = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  return %d : tensor<16x16xf32>
}

// -----

// The quantized A also feeds a dequantize: only the GEMM may read it.
func.func @quantize_used_elsewhere(%a: tensor<16x64xbf16>, %b: tensor<16x64xf4E2M1FN>, %bs: tensor<16x2xf8E8M0FNU>) -> tensor<16x16xf32> {
  // expected-error @+1 {{is neither in a GEMM function nor in a work-group loop}}
  %q, %s = mxfp4.quantize %a : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  %x = mxfp4.dequantize %q, %s : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x64xf32>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}

// -----

// A quantize whose values the GEMM does not read as A.
func.func @quantize_not_feeding_a(%x: tensor<16x64xbf16>, %a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<16x64xf4E2M1FN>, %bs: tensor<16x2xf8E8M0FNU>) -> tensor<16x16xf32> {
  // expected-error @+1 {{is neither in a GEMM function nor in a work-group loop}}
  %q, %s = mxfp4.quantize %x : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}

// -----

func.func @scales_of_another_quantize(%x: tensor<16x64xbf16>, %y: tensor<16x64xbf16>, %b: tensor<16x64xf4E2M1FN>, %bs: tensor<16x2xf8E8M0FNU>) -> tensor<16x16xf32> {
  // expected-error @+1 {{is neither in a GEMM function nor in a work-group loop}}
  %q, %s = mxfp4.quantize %x : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  %q2, %s2 = mxfp4.quantize %y : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s2, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}

// -----

// B must arrive quantized, as function arguments: here it is A's quantize.
func.func @b_quantized_in_function(%x: tensor<16x64xbf16>) -> tensor<16x16xf32> {
  %q, %s = mxfp4.quantize %x : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  // expected-error @+1 {{operand 'b' must be a function argument}}
  %c = mxfp4.scaled_matmul %q, %s, %q, %s config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}

// -----

// The verifier lets a dynamic input through (it is compatible with static
// values); the kernel's A buffer needs its size. This produced invalid IR
// (a memref.memory_space_cast from a dynamic to a static shape).
func.func @quantize_dynamic_input(%a: tensor<16x?xbf16>, %b: tensor<16x64xf4E2M1FN>, %bs: tensor<16x2xf8E8M0FNU>) -> tensor<16x16xf32> {
  // expected-error @+1 {{is neither in a GEMM function nor in a work-group loop}}
  %q, %s = mxfp4.quantize %a : tensor<16x?xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}

// -----

// mxfp4 ops outside a func.func used to be left in place, and the pass
// succeeded.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @f(%a: tensor<16x64xbf16>) {
      // expected-error @+1 {{is neither in a GEMM function nor in a work-group loop}}
      %q, %s = mxfp4.quantize %a : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
      gpu.return
    }
  }
}

// -----

// A function that only quantizes is not a GEMM function.
func.func @dequantize_only(%q: tensor<16x64xf4E2M1FN>, %s: tensor<16x2xf8E8M0FNU>) -> tensor<16x64xf32> {
  // expected-error @+1 {{is neither in a GEMM function nor in a work-group loop}}
  %x = mxfp4.dequantize %q, %s : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x64xf32>
  return %x : tensor<16x64xf32>
}

// -----

// A GEMM function inside a gpu.module: the launch would be device code.
module attributes {gpu.container_module} {
  gpu.module @m {
    func.func @in_gpu_module(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<16x64xf4E2M1FN>, %bs: tensor<16x2xf8E8M0FNU>) -> tensor<16x16xf32> {
      // expected-error @+1 {{is neither in a GEMM function nor in a work-group loop}}
      %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
      return %c : tensor<16x16xf32>
    }
  }
}
