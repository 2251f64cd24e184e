
// expected-error @+1 {{waves_n must be in [1, 16], got -4}}
func.func @config_waves_n_negative() attributes {cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = -4, tiles_m = 1, tiles_n = 1, split_k = 1>} {
  return
}

