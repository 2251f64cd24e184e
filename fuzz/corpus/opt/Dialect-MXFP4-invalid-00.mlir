
// One case per diagnostic of the mxfp4 verifiers (MXFP4Ops.cpp), the
// #mxfp4.config verifier (MXFP4Dialect.cpp), the ODS type and attribute
// constraints and the custom parsers.

//===----------------------------------------------------------------------===//
// mxfp4.quantize
//===----------------------------------------------------------------------===//

func.func @quantize_input_not_float(%a: tensor<4x64xi8>) {
  // expected-error @+1 {{'mxfp4.quantize' op operand #0 must be ranked tensor of bfloat16 type or 16-bit float or 32-bit float values, but got 'tensor<4x64xi8>'}}
  %q, %s = mxfp4.quantize %a : tensor<4x64xi8> -> tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
  return
}

