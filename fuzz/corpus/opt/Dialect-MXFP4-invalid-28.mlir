
func.func @matmul_config_not_config(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{invalid properties {config = 3 : i64} for op mxfp4.scaled_matmul: Invalid attribute `config` in property conversion: 3 : i64}}
  %c = "mxfp4.scaled_matmul"(%a, %as, %b, %bs) <{config = 3 : i64}> : (tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU>) -> tensor<16x32xf32>
  return
}

