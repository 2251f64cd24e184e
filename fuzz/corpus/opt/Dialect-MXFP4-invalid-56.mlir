
// A huge factor used to wrap the wave product to 0 and crash the lowering.
// expected-error @+1 {{waves_m must be in [1, 16], got 4611686018427387904}}
func.func @config_waves_m_overflow() attributes {cfg = #mxfp4.config<mfma = 16, waves_m = 4611686018427387904, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>} {
  return
}

