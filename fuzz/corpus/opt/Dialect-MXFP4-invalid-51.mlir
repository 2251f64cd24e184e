
// expected-error @+1 {{split_k must be in [1, 256], got 0}}
func.func @config_split_k_0() attributes {cfg = #mxfp4.config<mfma = 32, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 0>} {
  return
}

