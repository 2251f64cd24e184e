// Split-K as reduction tiling writes it (scf::tileUsingSCF, the
// outer-parallel partial reduction strategy, through scaled_matmul's
// PartialReductionOpInterface): four GEMMs on 128-wide slices of K, each
// accumulating into its f32 slice of a zero [4, M, N] tensor, merged by a
// linalg.reduce and rounded to bf16. M = 7, K = 512, N = 48.
module {
  func.func @linear(%x: tensor<7x512xbf16>, %w: tensor<48x512xf4E2M1FN>, %ws: tensor<48x16xf8E8M0FNU>) -> tensor<7x48xbf16> {
    %zero = arith.constant 0.0 : f32
    %q, %qs = mxfp4.quantize %x : tensor<7x512xbf16> -> tensor<7x512xf4E2M1FN>, tensor<7x16xf8E8M0FNU>
    %e = tensor.empty() : tensor<4x7x48xf32>
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4x7x48xf32>) -> tensor<4x7x48xf32>
    %partials = scf.forall (%s) in (4) shared_outs(%p = %init) -> (tensor<4x7x48xf32>) {
      %k = affine.apply affine_map<(d) -> (d * 128)>(%s)
      %kb = affine.apply affine_map<(d) -> (d * 4)>(%s)
      %acc = tensor.extract_slice %p[%s, 0, 0] [1, 7, 48] [1, 1, 1] : tensor<4x7x48xf32> to tensor<7x48xf32>
      %a = tensor.extract_slice %q[0, %k] [7, 128] [1, 1] : tensor<7x512xf4E2M1FN> to tensor<7x128xf4E2M1FN>
      %as = tensor.extract_slice %qs[0, %kb] [7, 4] [1, 1] : tensor<7x16xf8E8M0FNU> to tensor<7x4xf8E8M0FNU>
      %b = tensor.extract_slice %w[0, %k] [48, 128] [1, 1] : tensor<48x512xf4E2M1FN> to tensor<48x128xf4E2M1FN>
      %bs = tensor.extract_slice %ws[0, %kb] [48, 4] [1, 1] : tensor<48x16xf8E8M0FNU> to tensor<48x4xf8E8M0FNU>
      %c = mxfp4.scaled_matmul %a, %as, %b, %bs acc(%acc : tensor<7x48xf32>) : tensor<7x128xf4E2M1FN>, tensor<7x4xf8E8M0FNU>, tensor<48x128xf4E2M1FN>, tensor<48x4xf8E8M0FNU> -> tensor<7x48xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %c into %p[%s, 0, 0] [1, 7, 48] [1, 1, 1] : tensor<7x48xf32> into tensor<4x7x48xf32>
      }
    }
    %e2 = tensor.empty() : tensor<7x48xf32>
    %start = linalg.fill ins(%zero : f32) outs(%e2 : tensor<7x48xf32>) -> tensor<7x48xf32>
    %sum = linalg.reduce ins(%partials : tensor<4x7x48xf32>) outs(%start : tensor<7x48xf32>) dimensions = [0]
      (%in: f32, %out: f32) {
        %t = arith.addf %in, %out : f32
        linalg.yield %t : f32
      }
    %e3 = tensor.empty() : tensor<7x48xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%sum : tensor<7x48xf32>) outs(%e3 : tensor<7x48xbf16>) {
    ^bb0(%v: f32, %o: bf16):
      %t = arith.truncf %v : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<7x48xbf16>
    return %r : tensor<7x48xbf16>
  }
}
