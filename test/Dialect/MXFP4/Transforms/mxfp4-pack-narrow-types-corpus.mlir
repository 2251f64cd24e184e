// RUN: fp4-opt %S/../../../Integration/Corpus/Inputs/layers3_fp4_carry.mlir --mxfp4-select-config --convert-elementwise-to-linalg --mxfp4-fuse-into-matmul --mxfp4-form-kernels --mxfp4-pack-narrow-types | FileCheck %s --implicit-check-not=f4E2M1FN --implicit-check-not=f8E8M0FNU

// A program of the corpus after kernel formation: fp4 activations carried
// by scf.for, weights sliced from a stacked tensor by the loop variable,
// fp4 data returned. After packing, no fp4 or E8M0 type is left anywhere.

// CHECK-LABEL: func.func @model
// CHECK-SAME: (%[[X:.+]]: tensor<16x96xbf16>, %[[W:.+]]: tensor<3x96x48xi8>, %[[S:.+]]: tensor<3x96x3xi8>) -> (tensor<16x96xf32>, tensor<16x48xi8>, tensor<16x3xi8>)
// The first quantize: a kernel writing bytes.
// CHECK: %[[Q0:.+]]:2 = scf.forall {{.+}} -> (tensor<16x48xi8>, tensor<16x3xi8>)
// CHECK: mxfp4.block_quantize ins(%{{.+}} : tensor<1x32xbf16>) outs(%{{.+}}, %{{.+}} : tensor<1x16xi8>, tensor<1x1xi8>)
// The layers: bytes carried, the layer's weight sliced by the loop variable.
// CHECK: %[[R:.+]]:2 = scf.for %[[L:.+]] = %{{.+}} iter_args(%{{.+}} = %[[Q0]]#0, %{{.+}} = %[[Q0]]#1) -> (tensor<16x48xi8>, tensor<16x3xi8>)
// CHECK: tensor.extract_slice %[[W]][%[[L]], 0, 0] [1, 96, 48] [1, 1, 1] : tensor<3x96x48xi8> to tensor<96x48xi8>
// CHECK: tensor.extract_slice %[[S]][%[[L]], 0, 0] [1, 96, 3] [1, 1, 1] : tensor<3x96x3xi8> to tensor<96x3xi8>
// CHECK: mxfp4.fused_matmul a(%{{.+}}, %{{.+}} : tensor<16x48xi8>, tensor<16x3xi8>) b(%{{.+}}, %{{.+}} : tensor<?x48xi8>, tensor<?x3xi8>)
// CHECK: scf.yield %{{.+}}, %{{.+}} : tensor<16x48xi8>, tensor<16x3xi8>
// CHECK: mxfp4.block_dequantize ins(%{{.+}}, %{{.+}} : tensor<1x16xi8>, tensor<1x1xi8>) outs(%{{.+}} : tensor<1x32xf32>)
// CHECK: return %{{.+}}, %[[R]]#0, %[[R]]#1 : tensor<16x96xf32>, tensor<16x48xi8>, tensor<16x3xi8>
