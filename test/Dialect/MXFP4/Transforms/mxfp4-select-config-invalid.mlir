// RUN: fp4-opt %s --mxfp4-select-config --split-input-file --verify-diagnostics
// RUN: not fp4-opt %s --mxfp4-select-config=chip=gfx942 --split-input-file 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not fp4-opt %s --mxfp4-select-config=mfma=8 --split-input-file 2>&1 | FileCheck %s --check-prefix=MFMA
// RUN: not fp4-opt %s --mxfp4-select-config=a-quantizer=fast --split-input-file 2>&1 | FileCheck %s --check-prefix=QUANT

// CHIP: unsupported chip 'gfx942'; fp4-mlir targets gfx950
// MFMA: mfma must be 0, 16 or 32, got 8
// QUANT: a-quantizer must be 'exact' or 'hardware', got 'fast'

func.func @too_many_vgprs(%a: tensor<256x256xf4E2M1FN>, %as: tensor<256x8xf8E8M0FNU>, %b: tensor<256x256xf4E2M1FN>, %bs: tensor<256x8xf8E8M0FNU>) -> tensor<256x256xf32> {
  // expected-error @+1 {{config needs about 704 VGPRs per lane, the chip has 512}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 32, waves_m = 1, waves_n = 1, tiles_m = 4, tiles_n = 8, split_k = 1>) : tensor<256x256xf4E2M1FN>, tensor<256x8xf8E8M0FNU>, tensor<256x256xf4E2M1FN>, tensor<256x8xf8E8M0FNU> -> tensor<256x256xf32>
  return %c : tensor<256x256xf32>
}

// -----

func.func @too_much_lds(%a: tensor<128x256xf4E2M1FN>, %as: tensor<128x8xf8E8M0FNU>, %b: tensor<512x256xf4E2M1FN>, %bs: tensor<512x8xf8E8M0FNU>) -> tensor<128x512xf32> {
  // expected-error @+1 {{config needs 262144 bytes of LDS for its waves_k reduction, the chip has 163840}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 32, waves_m = 1, waves_n = 4, tiles_m = 4, tiles_n = 4, split_k = 1, waves_k = 2>) : tensor<128x256xf4E2M1FN>, tensor<128x8xf8E8M0FNU>, tensor<512x256xf4E2M1FN>, tensor<512x8xf8E8M0FNU> -> tensor<128x512xf32>
  return %c : tensor<128x512xf32>
}

// -----

func.func @split_k_dynamic_m(%a: tensor<?x512xf4E2M1FN>, %as: tensor<?x16xf8E8M0FNU>, %b: tensor<64x512xf4E2M1FN>, %bs: tensor<64x16xf8E8M0FNU>) -> tensor<?x64xbf16> {
  // expected-error @+1 {{split_k > 1 needs a static M, or an M bounded by an m_specialization: its workspace is sized at compile time}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 2>) : tensor<?x512xf4E2M1FN>, tensor<?x16xf8E8M0FNU>, tensor<64x512xf4E2M1FN>, tensor<64x16xf8E8M0FNU> -> tensor<?x64xbf16>
  return %c : tensor<?x64xbf16>
}

// -----

func.func @split_k_too_many_slices(%a: tensor<16x512xf4E2M1FN>, %as: tensor<16x16xf8E8M0FNU>, %b: tensor<64x512xf4E2M1FN>, %bs: tensor<64x16xf8E8M0FNU>) -> tensor<16x64xbf16> {
  // expected-error @+1 {{split_k = 9 exceeds the 8 K steps of 64; each slice needs one}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 32, waves_m = 1, waves_n = 2, tiles_m = 1, tiles_n = 1, split_k = 9>) : tensor<16x512xf4E2M1FN>, tensor<16x16xf8E8M0FNU>, tensor<64x512xf4E2M1FN>, tensor<64x16xf8E8M0FNU> -> tensor<16x64xbf16>
  return %c : tensor<16x64xbf16>
}

// -----

// An m_specialization set by hand is checked as a configuration is (here:
// more K slices than K steps); its split-K is allowed on a dynamic M, as
// its bound sizes the workspace.
func.func @m_specialization_split_k_too_large(%a: tensor<?x256xf4E2M1FN>, %as: tensor<?x8xf8E8M0FNU>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> tensor<?x64xf32> {
  // expected-error @+1 {{split_k = 4 exceeds the 2 K steps of 128; each slice needs one}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) {m_specializations = [#mxfp4.m_specialization<max_m = 16, config = <mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 4>>]} : tensor<?x256xf4E2M1FN>, tensor<?x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<?x64xf32>
  return %c : tensor<?x64xf32>
}

// -----

// The quantizer the module records is checked like the option.
// expected-error @+1 {{mxfp4.a_quantizer must be "exact" or "hardware", got "fast"}}
module attributes {mxfp4.a_quantizer = "fast"} {
}
