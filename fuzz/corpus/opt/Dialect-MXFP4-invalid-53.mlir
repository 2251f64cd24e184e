
// expected-error @+1 {{duplicate or unknown struct parameter name: mfm}}
func.func @config_unknown_parameter() attributes {cfg = #mxfp4.config<mfm = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>} {
  return
}

