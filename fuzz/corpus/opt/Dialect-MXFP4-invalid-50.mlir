
// expected-error @+1 {{tiles_n must be in [1, 16], got 0}}
func.func @config_tiles_n_0() attributes {cfg = #mxfp4.config<mfma = 32, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 0, split_k = 1>} {
  return
}

