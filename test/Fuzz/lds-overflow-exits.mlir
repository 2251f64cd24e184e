// Found by fp4-gemm-fuzzer (docs/robustness.md). A #mxfp4.config whose
// waves_k reduction needs more LDS than gfx950 has (4 waves x 16 tiles of
// 32x32 f32 = 256 KiB > 160 KiB) passes the verifier and the lowering; the
// AMDGPU backend then reports "local memory (262144) exceeds limit (163840)"
// through an LLVMContext that has no diagnostic handler, and LLVM calls
// exit(1) from inside fp4-serialize-to-hsaco: fp4-opt stops with an
// unlocated error, and a host that compiles through the C API (Python's
// fp4mlir.compile) exits with it.
//
// Fixed twice over: the config check of mxfp4-select-config and
// convert-mxfp4-to-amdgpu bounds the reduction's LDS (the diagnostic below),
// and fp4-serialize-to-hsaco turns any backend error into a diagnostic
// instead of letting LLVM exit (test/Target/backend-error.mlir).
// RUN: not fp4-opt %s --fp4-lower-to-hsaco -o /dev/null 2>&1 | FileCheck %s
// CHECK: lds-overflow-exits.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'mxfp4.scaled_matmul' op config needs 262144 bytes of LDS for its waves_k reduction, the chip has 163840
// CHECK-NOT: <unknown>

func.func @gemm(%a: tensor<128x256xbf16>, %b: tensor<512x256xf4E2M1FN>, %bs: tensor<512x8xf8E8M0FNU>) -> tensor<128x512xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<128x256xbf16> -> tensor<128x256xf4E2M1FN>, tensor<128x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 32, waves_m = 1, waves_n = 4, tiles_m = 4, tiles_n = 4, split_k = 1, waves_k = 2>) : tensor<128x256xf4E2M1FN>, tensor<128x8xf8E8M0FNU>, tensor<512x256xf4E2M1FN>, tensor<512x8xf8E8M0FNU> -> tensor<128x512xbf16>
  return %c : tensor<128x512xbf16>
}
