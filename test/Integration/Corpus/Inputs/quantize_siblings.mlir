// A quantize of x beside two ops on the same [37, 288] domain that do not
// read its result: the zero fill of an accumulator (as a MoE layer zeroes
// its output) and x + x (a residual). mxfp4-form-kernels puts all three in
// the quantize's launch; 37 rows make a partial work-group of rows.
module {
  func.func @quant_siblings(%x: tensor<37x288xbf16>) -> (tensor<37x288xf4E2M1FN>, tensor<37x9xf8E8M0FNU>, tensor<37x288xbf16>, tensor<37x288xbf16>) {
    %q, %s = mxfp4.quantize %x : tensor<37x288xbf16> -> tensor<37x288xf4E2M1FN>, tensor<37x9xf8E8M0FNU>
    %zero = arith.constant 0.0 : bf16
    %e = tensor.empty() : tensor<37x288xbf16>
    %acc = linalg.fill ins(%zero : bf16) outs(%e : tensor<37x288xbf16>) -> tensor<37x288xbf16>
    %twice = arith.addf %x, %x : tensor<37x288xbf16>
    return %q, %s, %acc, %twice : tensor<37x288xf4E2M1FN>, tensor<37x9xf8E8M0FNU>, tensor<37x288xbf16>, tensor<37x288xbf16>
  }
}
