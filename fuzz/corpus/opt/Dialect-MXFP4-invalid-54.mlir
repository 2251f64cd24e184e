
// expected-error @+1 {{expected ','}}
func.func @config_missing_parameter() attributes {cfg = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1>} {
  return
}

