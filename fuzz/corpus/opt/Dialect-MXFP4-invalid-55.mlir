
// expected-error @+2 {{expected integer value}}
// expected-error @+1 {{failed to parse MXFP4_GemmConfigAttr parameter 'split_k' which is to be a `int64_t`}}
func.func @config_not_integer() attributes {cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = x>} {
  return
}

