
// expected-error @+1 {{tiles_m must be in [1, 16], got 17}}
func.func @config_tiles_m_17() attributes {cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 17, tiles_n = 1, split_k = 1>} {
  return
}

