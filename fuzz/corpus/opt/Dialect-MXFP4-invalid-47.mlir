
// Each parameter is bounded on its own, before any product can overflow.
// expected-error @+1 {{waves_m must be in [1, 16], got 0}}
func.func @config_waves_m_0() attributes {cfg = #mxfp4.config<mfma = 16, waves_m = 0, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>} {
  return
}

