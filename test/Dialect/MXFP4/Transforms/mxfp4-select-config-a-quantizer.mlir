// RUN: fp4-opt %s --mxfp4-select-config --split-input-file | FileCheck %s
// RUN: fp4-opt %s --mxfp4-select-config=a-quantizer=exact --split-input-file | FileCheck %s --check-prefix=EXACT

// The A quantizer is chosen once: mxfp4-select-config records its option on
// the module (mxfp4.a_quantizer), and chooses the configuration for it (the
// exact quantizer's VALU cost gives @large a narrower row tile).
// CHECK: module attributes {mxfp4.a_quantizer = "hardware"}
// CHECK-LABEL: func.func @large
// CHECK: config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 2, tiles_n = 8, split_k = 1, waves_k = 4>)
// EXACT: module attributes {mxfp4.a_quantizer = "exact"}
// EXACT-LABEL: func.func @large
// EXACT: config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 8, split_k = 1, waves_k = 4>)
func.func @large(%a: tensor<256x512xf4E2M1FN>, %as: tensor<256x16xf8E8M0FNU>, %b: tensor<4096x512xf4E2M1FN>, %bs: tensor<4096x16xf8E8M0FNU>) -> tensor<256x4096xf32> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<256x512xf4E2M1FN>, tensor<256x16xf8E8M0FNU>, tensor<4096x512xf4E2M1FN>, tensor<4096x16xf8E8M0FNU> -> tensor<256x4096xf32>
  return %c : tensor<256x4096xf32>
}

// -----

// A module that already records a quantizer keeps it, whatever the option
// says, and its GEMMs get that quantizer's configuration.
// CHECK: module attributes {mxfp4.a_quantizer = "exact"}
// CHECK-LABEL: func.func @recorded
// CHECK: config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 8, split_k = 1, waves_k = 4>)
// EXACT: module attributes {mxfp4.a_quantizer = "exact"}
module attributes {mxfp4.a_quantizer = "exact"} {
  func.func @recorded(%a: tensor<256x512xf4E2M1FN>, %as: tensor<256x16xf8E8M0FNU>, %b: tensor<4096x512xf4E2M1FN>, %bs: tensor<4096x16xf8E8M0FNU>) -> tensor<256x4096xf32> {
    %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<256x512xf4E2M1FN>, tensor<256x16xf8E8M0FNU>, tensor<4096x512xf4E2M1FN>, tensor<4096x16xf8E8M0FNU> -> tensor<256x4096xf32>
    return %c : tensor<256x4096xf32>
  }
}
