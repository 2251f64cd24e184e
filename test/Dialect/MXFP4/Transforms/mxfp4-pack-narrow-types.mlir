// RUN: fp4-opt %s --mxfp4-pack-narrow-types -split-input-file | FileCheck %s

// Function boundaries: arguments, results and their attributes; calls and
// returns; a declaration.
// CHECK-LABEL: func.func private @callee
// CHECK-SAME: (tensor<64x128xi8> {fp4.arg = "w"}, tensor<64x8xi8>) -> (tensor<64x128xi8> {fp4.result = 0 : i64})
func.func private @callee(tensor<64x256xf4E2M1FN> {fp4.arg = "w"}, tensor<64x8xf8E8M0FNU>) -> (tensor<64x256xf4E2M1FN> {fp4.result = 0})

// CHECK-LABEL: func.func @caller
// CHECK-SAME: (%[[W:.+]]: tensor<64x128xi8> {fp4.arg = "w"}, %[[S:.+]]: tensor<64x8xi8> {fp4.arg = "s"}, %[[X:.+]]: tensor<4xf32>)
// CHECK-SAME: -> (tensor<64x128xi8> {fp4.result = 1 : i64}, tensor<4xf32>)
// CHECK: %[[R:.+]] = call @callee(%[[W]], %[[S]]) : (tensor<64x128xi8>, tensor<64x8xi8>) -> tensor<64x128xi8>
// CHECK: return %[[R]], %[[X]] : tensor<64x128xi8>, tensor<4xf32>
func.func @caller(%w: tensor<64x256xf4E2M1FN> {fp4.arg = "w"}, %s: tensor<64x8xf8E8M0FNU> {fp4.arg = "s"}, %x: tensor<4xf32>) -> (tensor<64x256xf4E2M1FN> {fp4.result = 1}, tensor<4xf32>) {
  %r = call @callee(%w, %s) : (tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>) -> tensor<64x256xf4E2M1FN>
  return %r, %x : tensor<64x256xf4E2M1FN>, tensor<4xf32>
}

// -----

// scf.for iter_args and a stacked weight sliced by the loop variable: the
// slice's last size halves, the leading offset stays.
// CHECK-LABEL: func.func @for_stacked
// CHECK-SAME: (%[[W:.+]]: tensor<3x96x48xi8>, %[[Q0:.+]]: tensor<16x48xi8>)
// CHECK: %[[R:.+]] = scf.for %[[L:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[Q:.+]] = %[[Q0]]) -> (tensor<16x48xi8>)
// CHECK: %[[WL:.+]] = tensor.extract_slice %[[W]][%[[L]], 0, 0] [1, 16, 48] [1, 1, 1] : tensor<3x96x48xi8> to tensor<16x48xi8>
// CHECK: scf.yield %[[WL]] : tensor<16x48xi8>
// CHECK: return %[[R]] : tensor<16x48xi8>
func.func @for_stacked(%w: tensor<3x96x96xf4E2M1FN>, %q0: tensor<16x96xf4E2M1FN>) -> tensor<16x96xf4E2M1FN> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %l = %c0 to %c3 step %c1 iter_args(%q = %q0) -> (tensor<16x96xf4E2M1FN>) {
    %wl = tensor.extract_slice %w[%l, 0, 0] [1, 16, 96] [1, 1, 1] : tensor<3x96x96xf4E2M1FN> to tensor<16x96xf4E2M1FN>
    scf.yield %wl : tensor<16x96xf4E2M1FN>
  }
  return %r : tensor<16x96xf4E2M1FN>
}

// -----

// scf.if with narrow results, arith.select of whole tensors.
// CHECK-LABEL: func.func @if_select
// CHECK-SAME: (%[[C:.+]]: i1, %[[A:.+]]: tensor<8x32xi8>, %[[B:.+]]: tensor<8x32xi8>, %[[SA:.+]]: tensor<8x2xi8>, %[[SB:.+]]: tensor<8x2xi8>)
// CHECK: %[[R:.+]]:2 = scf.if %[[C]] -> (tensor<8x32xi8>, tensor<8x2xi8>)
// CHECK: scf.yield %[[A]], %[[SA]] : tensor<8x32xi8>, tensor<8x2xi8>
// CHECK: } else {
// CHECK: scf.yield %[[B]], %[[SB]] : tensor<8x32xi8>, tensor<8x2xi8>
// CHECK: %[[S:.+]] = arith.select %[[C]], %[[R]]#0, %[[A]] : tensor<8x32xi8>
// CHECK: return %[[S]], %[[R]]#1
func.func @if_select(%c: i1, %a: tensor<8x64xf4E2M1FN>, %b: tensor<8x64xf4E2M1FN>, %sa: tensor<8x2xf8E8M0FNU>, %sb: tensor<8x2xf8E8M0FNU>) -> (tensor<8x64xf4E2M1FN>, tensor<8x2xf8E8M0FNU>) {
  %r:2 = scf.if %c -> (tensor<8x64xf4E2M1FN>, tensor<8x2xf8E8M0FNU>) {
    scf.yield %a, %sa : tensor<8x64xf4E2M1FN>, tensor<8x2xf8E8M0FNU>
  } else {
    scf.yield %b, %sb : tensor<8x64xf4E2M1FN>, tensor<8x2xf8E8M0FNU>
  }
  %s = arith.select %c, %r#0, %a : tensor<8x64xf4E2M1FN>
  return %s, %r#1 : tensor<8x64xf4E2M1FN>, tensor<8x2xf8E8M0FNU>
}

// -----

// scf.while: before and after region arguments, scf.condition.
// CHECK-LABEL: func.func @while
// CHECK: %[[R:.+]]:2 = scf.while (%[[A:.+]] = %{{.+}}, %[[I:.+]] = %{{.+}}) : (tensor<4x16xi8>, index) -> (tensor<4x16xi8>, index)
// CHECK: scf.condition(%{{.+}}) %[[A]], %[[I]] : tensor<4x16xi8>, index
// CHECK: ^bb0(%[[B:.+]]: tensor<4x16xi8>, %[[J:.+]]: index):
// CHECK: scf.yield %[[B]], %{{.+}} : tensor<4x16xi8>, index
// CHECK: return %[[R]]#0 : tensor<4x16xi8>
func.func @while(%x: tensor<4x32xf4E2M1FN>, %n: index) -> tensor<4x32xf4E2M1FN> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%a = %x, %i = %c0) : (tensor<4x32xf4E2M1FN>, index) -> (tensor<4x32xf4E2M1FN>, index) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %a, %i : tensor<4x32xf4E2M1FN>, index
  } do {
  ^bb0(%b: tensor<4x32xf4E2M1FN>, %j: index):
    %k = arith.addi %j, %c1 : index
    scf.yield %b, %k : tensor<4x32xf4E2M1FN>, index
  }
  return %r#0 : tensor<4x32xf4E2M1FN>
}

// -----

// Slices along the last dimension: static offsets and sizes halve; dynamic
// ones are divided by 2.
// CHECK-LABEL: func.func @slices
// CHECK-SAME: (%[[T:.+]]: tensor<8x128xi8>, %[[P:.+]]: tensor<2x16xi8>, %[[O:.+]]: index, %[[N:.+]]: index, %[[S:.+]]: tensor<8x8xi8>)
// CHECK: %[[E:.+]] = tensor.extract_slice %[[T]][0, 32] [2, 16] [1, 1] : tensor<8x128xi8> to tensor<2x16xi8>
// CHECK: %[[C2:.+]] = arith.constant 2 : index
// CHECK: %[[HO:.+]] = arith.divui %[[O]], %[[C2]] : index
// CHECK: %[[C2B:.+]] = arith.constant 2 : index
// CHECK: %[[HN:.+]] = arith.divui %[[N]], %[[C2B]] : index
// CHECK: %[[D:.+]] = tensor.extract_slice %[[T]][1, %[[HO]]] [1, %[[HN]]] [1, 1] : tensor<8x128xi8> to tensor<?xi8>
// CHECK: %[[I:.+]] = tensor.insert_slice %[[P]] into %[[T]][4, 8] [2, 16] [1, 1] : tensor<2x16xi8> into tensor<8x128xi8>
// The scales of the same rows: no change along the last dimension.
// CHECK: %[[SS:.+]] = tensor.extract_slice %[[S]][0, 2] [2, 1] [1, 1] : tensor<8x8xi8> to tensor<2x1xi8>
// CHECK: return %[[E]], %[[D]], %[[I]], %[[SS]]
func.func @slices(%t: tensor<8x256xf4E2M1FN>, %p: tensor<2x32xf4E2M1FN>, %o: index, %n: index, %s: tensor<8x8xf8E8M0FNU>) -> (tensor<2x32xf4E2M1FN>, tensor<?xf4E2M1FN>, tensor<8x256xf4E2M1FN>, tensor<2x1xf8E8M0FNU>) {
  %e = tensor.extract_slice %t[0, 64] [2, 32] [1, 1] : tensor<8x256xf4E2M1FN> to tensor<2x32xf4E2M1FN>
  %d = tensor.extract_slice %t[1, %o] [1, %n] [1, 1] : tensor<8x256xf4E2M1FN> to tensor<?xf4E2M1FN>
  %i = tensor.insert_slice %p into %t[4, 16] [2, 32] [1, 1] : tensor<2x32xf4E2M1FN> into tensor<8x256xf4E2M1FN>
  %ss = tensor.extract_slice %s[0, 2] [2, 1] [1, 1] : tensor<8x8xf8E8M0FNU> to tensor<2x1xf8E8M0FNU>
  return %e, %d, %i, %ss : tensor<2x32xf4E2M1FN>, tensor<?xf4E2M1FN>, tensor<8x256xf4E2M1FN>, tensor<2x1xf8E8M0FNU>
}

// -----

// scf.forall shared outputs and tensor.parallel_insert_slice (a dynamic
// offset along the last dimension is halved before scf.in_parallel).
// CHECK-LABEL: func.func @forall
// CHECK-SAME: (%[[X:.+]]: tensor<4x64xi8>, %[[S:.+]]: tensor<4x4xi8>)
// CHECK: %[[EV:.+]] = tensor.empty() : tensor<4x64xi8>
// CHECK: %[[ES:.+]] = tensor.empty() : tensor<4x4xi8>
// CHECK: %[[R:.+]]:2 = scf.forall (%[[I:.+]], %[[J:.+]]) = (0, 0) to (4, 128) step (1, 32) shared_outs(%[[OV:.+]] = %[[EV]], %[[OS:.+]] = %[[ES]]) -> (tensor<4x64xi8>, tensor<4x4xi8>)
// CHECK: %[[HJ:.+]] = arith.divui %[[J]], %{{.+}} : index
// CHECK: %[[V:.+]] = tensor.extract_slice %[[X]][%[[I]], %[[HJ]]] [1, 16] [1, 1] : tensor<4x64xi8> to tensor<1x16xi8>
// CHECK: %[[B:.+]] = affine.apply
// CHECK: %[[SL:.+]] = tensor.extract_slice %[[S]][%[[I]], %[[B]]] [1, 1] [1, 1] : tensor<4x4xi8> to tensor<1x1xi8>
// CHECK: %[[HJ2:.+]] = arith.divui %[[J]], %{{.+}} : index
// CHECK: scf.forall.in_parallel {
// CHECK: tensor.parallel_insert_slice %[[V]] into %[[OV]][%[[I]], %[[HJ2]]] [1, 16] [1, 1] : tensor<1x16xi8> into tensor<4x64xi8>
// CHECK: tensor.parallel_insert_slice %[[SL]] into %[[OS]][%[[I]], %[[B]]] [1, 1] [1, 1] : tensor<1x1xi8> into tensor<4x4xi8>
// CHECK: } {fp4.workgroup_size = array<i64: 4, 1, 1>, mapping = [#gpu.block<y>, #gpu.block<x>]}
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @forall(%x: tensor<4x128xf4E2M1FN>, %s: tensor<4x4xf8E8M0FNU>) -> (tensor<4x128xf4E2M1FN>, tensor<4x4xf8E8M0FNU>) {
  %ev = tensor.empty() : tensor<4x128xf4E2M1FN>
  %es = tensor.empty() : tensor<4x4xf8E8M0FNU>
  %r:2 = scf.forall (%i, %j) = (0, 0) to (4, 128) step (1, 32) shared_outs(%ov = %ev, %os = %es) -> (tensor<4x128xf4E2M1FN>, tensor<4x4xf8E8M0FNU>) {
    %v = tensor.extract_slice %x[%i, %j] [1, 32] [1, 1] : tensor<4x128xf4E2M1FN> to tensor<1x32xf4E2M1FN>
    %b = affine.apply affine_map<(d0) -> (d0 floordiv 32)>(%j)
    %sl = tensor.extract_slice %s[%i, %b] [1, 1] [1, 1] : tensor<4x4xf8E8M0FNU> to tensor<1x1xf8E8M0FNU>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %v into %ov[%i, %j] [1, 32] [1, 1] : tensor<1x32xf4E2M1FN> into tensor<4x128xf4E2M1FN>
      tensor.parallel_insert_slice %sl into %os[%i, %b] [1, 1] [1, 1] : tensor<1x1xf8E8M0FNU> into tensor<4x4xf8E8M0FNU>
    }
  } {fp4.workgroup_size = array<i64: 4, 1, 1>, mapping = [#gpu.block<y>, #gpu.block<x>]}
  return %r#0, %r#1 : tensor<4x128xf4E2M1FN>, tensor<4x4xf8E8M0FNU>
}

// -----

// tensor.empty with a dynamic last size (halved), tensor.dim of the last
// dimension (doubled back) and of another one (unchanged), by a run-time
// index (doubled when it is the last), bufferization.alloc_tensor.
// CHECK-LABEL: func.func @sizes
// CHECK-SAME: (%[[X:.+]]: tensor<?x?xi8>, %[[K:.+]]: index, %[[D:.+]]: index)
// CHECK: %[[HK:.+]] = arith.divui %[[K]], %{{.+}} : index
// CHECK: %[[E:.+]] = tensor.empty(%[[K]], %[[HK]]) : tensor<?x?xi8>
// CHECK: %[[C1:.+]] = arith.constant 1 : index
// CHECK: %[[BYTES:.+]] = tensor.dim %[[X]], %[[C1]] : tensor<?x?xi8>
// CHECK: %[[N:.+]] = arith.muli %[[BYTES]], %{{.+}} : index
// CHECK: %[[C0:.+]] = arith.constant 0 : index
// CHECK: %[[M:.+]] = tensor.dim %[[X]], %[[C0]] : tensor<?x?xi8>
// CHECK: %[[DD:.+]] = tensor.dim %[[X]], %[[D]] : tensor<?x?xi8>
// CHECK: %[[DD2:.+]] = arith.muli %[[DD]], %{{.+}} : index
// CHECK: %[[LAST:.+]] = arith.cmpi eq, %[[D]], %{{.+}} : index
// CHECK: %[[DSEL:.+]] = arith.select %[[LAST]], %[[DD2]], %[[DD]] : index
// CHECK: %[[HN:.+]] = arith.divui %[[N]], %{{.+}} : index
// CHECK: %[[A:.+]] = bufferization.alloc_tensor(%[[M]], %[[HN]]) : tensor<?x?xi8>
// CHECK: %[[AS:.+]] = bufferization.alloc_tensor(%[[M]]) : tensor<?x4xi8>
// CHECK: return %[[E]], %[[N]], %[[M]], %[[DSEL]], %[[A]], %[[AS]]
func.func @sizes(%x: tensor<?x?xf4E2M1FN>, %k: index, %d: index) -> (tensor<?x?xf4E2M1FN>, index, index, index, tensor<?x?xf4E2M1FN>, tensor<?x4xf8E8M0FNU>) {
  %e = tensor.empty(%k, %k) : tensor<?x?xf4E2M1FN>
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<?x?xf4E2M1FN>
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf4E2M1FN>
  %dd = tensor.dim %x, %d : tensor<?x?xf4E2M1FN>
  %a = bufferization.alloc_tensor(%m, %n) : tensor<?x?xf4E2M1FN>
  %as = bufferization.alloc_tensor(%m) : tensor<?x4xf8E8M0FNU>
  return %e, %n, %m, %dd, %a, %as : tensor<?x?xf4E2M1FN>, index, index, index, tensor<?x?xf4E2M1FN>, tensor<?x4xf8E8M0FNU>
}

// -----

// tensor.cast, collapse_shape (the last dimension merged with outer ones,
// or kept alone) and expand_shape (static and dynamic output sizes).
// CHECK-LABEL: func.func @reshapes
// CHECK-SAME: (%[[X:.+]]: tensor<4x64x128xi8>, %[[D:.+]]: tensor<?x?xi8>, %[[N:.+]]: index)
// CHECK: %[[C:.+]] = tensor.cast %[[D]] : tensor<?x?xi8> to tensor<4x16xi8>
// CHECK: %[[R0:.+]] = tensor.collapse_shape %[[X]] {{\[\[}}0, 1], [2]] : tensor<4x64x128xi8> into tensor<256x128xi8>
// CHECK: %[[R1:.+]] = tensor.collapse_shape %[[X]] {{\[\[}}0], [1, 2]] : tensor<4x64x128xi8> into tensor<4x8192xi8>
// CHECK: %[[E0:.+]] = tensor.expand_shape %[[R1]] {{\[\[}}0], [1, 2]] output_shape [4, 128, 64] : tensor<4x8192xi8> into tensor<4x128x64xi8>
// CHECK: %[[E1:.+]] = tensor.expand_shape %[[R0]] {{\[\[}}0, 1], [2]] output_shape [2, 128, 128] : tensor<256x128xi8> into tensor<2x128x128xi8>
// CHECK: %[[HN:.+]] = arith.divui %[[N]], %{{.+}} : index
// CHECK: %[[E2:.+]] = tensor.expand_shape %[[D]] {{\[\[}}0], [1, 2]] output_shape [%[[N]], 2, %[[HN]]] : tensor<?x?xi8> into tensor<?x2x?xi8>
// CHECK: return %[[C]], %[[E0]], %[[E1]], %[[E2]]
func.func @reshapes(%x: tensor<4x64x256xf4E2M1FN>, %d: tensor<?x?xf4E2M1FN>, %n: index) -> (tensor<4x32xf4E2M1FN>, tensor<4x128x128xf4E2M1FN>, tensor<2x128x256xf4E2M1FN>, tensor<?x2x?xf4E2M1FN>) {
  %c = tensor.cast %d : tensor<?x?xf4E2M1FN> to tensor<4x32xf4E2M1FN>
  %r0 = tensor.collapse_shape %x [[0, 1], [2]] : tensor<4x64x256xf4E2M1FN> into tensor<256x256xf4E2M1FN>
  %r1 = tensor.collapse_shape %x [[0], [1, 2]] : tensor<4x64x256xf4E2M1FN> into tensor<4x16384xf4E2M1FN>
  %e0 = tensor.expand_shape %r1 [[0], [1, 2]] output_shape [4, 128, 128] : tensor<4x16384xf4E2M1FN> into tensor<4x128x128xf4E2M1FN>
  %e1 = tensor.expand_shape %r0 [[0, 1], [2]] output_shape [2, 128, 256] : tensor<256x256xf4E2M1FN> into tensor<2x128x256xf4E2M1FN>
  %e2 = tensor.expand_shape %d [[0], [1, 2]] output_shape [%n, 2, %n] : tensor<?x?xf4E2M1FN> into tensor<?x2x?xf4E2M1FN>
  return %c, %e0, %e1, %e2 : tensor<4x32xf4E2M1FN>, tensor<4x128x128xf4E2M1FN>, tensor<2x128x256xf4E2M1FN>, tensor<?x2x?xf4E2M1FN>
}

// -----

// Dense constants: fp4 element 2i in the low nibble of byte i, 2i+1 in the
// high nibble (1.0 = 0x2, -6.0 = 0xF, 0.5 = 0x1, 3.0 = 0x5: bytes 0xF2 and
// 0x51); a splat; E8M0 scales as their bits (1.0 = 127, 0.5 = 126).
// CHECK-LABEL: func.func @constants
// CHECK: %[[V:.+]] = arith.constant dense<{{\[\[}}-14, 81]]> : tensor<1x2xi8>
// CHECK: %[[P:.+]] = arith.constant dense<34> : tensor<2x16xi8>
// CHECK: %[[S:.+]] = arith.constant dense<[127, 126]> : tensor<2xi8>
// CHECK: return %[[V]], %[[P]], %[[S]]
func.func @constants() -> (tensor<1x4xf4E2M1FN>, tensor<2x32xf4E2M1FN>, tensor<2xf8E8M0FNU>) {
  %v = arith.constant dense<[[1.0, -6.0, 0.5, 3.0]]> : tensor<1x4xf4E2M1FN>
  %p = arith.constant dense<1.0> : tensor<2x32xf4E2M1FN>
  %s = arith.constant dense<[1.0, 0.5]> : tensor<2xf8E8M0FNU>
  return %v, %p, %s : tensor<1x4xf4E2M1FN>, tensor<2x32xf4E2M1FN>, tensor<2xf8E8M0FNU>
}

// -----

// The kernel ops: only their operand and result types change.
// CHECK-LABEL: func.func @kernel_ops
// CHECK-SAME: (%[[A:.+]]: tensor<16x256xbf16>, %[[B:.+]]: tensor<64x128xi8>, %[[BS:.+]]: tensor<64x8xi8>)
// CHECK: %[[EV:.+]] = tensor.empty() : tensor<16x128xi8>
// CHECK: %[[ES:.+]] = tensor.empty() : tensor<16x8xi8>
// CHECK: %[[Q:.+]]:2 = mxfp4.block_quantize ins(%[[A]] : tensor<16x256xbf16>) outs(%[[EV]], %[[ES]] : tensor<16x128xi8>, tensor<16x8xi8>) mode = even -> tensor<16x128xi8>, tensor<16x8xi8>
// CHECK: %[[C:.+]] = mxfp4.fused_matmul a(%[[Q]]#0, %[[Q]]#1 : tensor<16x128xi8>, tensor<16x8xi8>) b(%[[B]], %[[BS]] : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%{{.+}} : tensor<16x64xbf16>)
// CHECK: %[[FV:.+]] = tensor.empty() : tensor<16x32xi8>
// CHECK: %[[FS:.+]] = tensor.empty() : tensor<16x2xi8>
// CHECK: %[[F:.+]]:2 = mxfp4.fused_matmul a(%[[A]] : tensor<16x256xbf16>) quantize = even b(%[[B]], %[[BS]] : tensor<64x128xi8>, tensor<64x8xi8>) layout = plain outs(%[[FV]], %[[FS]] : tensor<16x32xi8>, tensor<16x2xi8>) quantize = even
// CHECK: -> tensor<16x32xi8>, tensor<16x2xi8>
// CHECK: %[[D:.+]] = mxfp4.block_dequantize ins(%[[F]]#0, %[[F]]#1 : tensor<16x32xi8>, tensor<16x2xi8>) outs(%{{.+}} : tensor<16x64xf32>) -> tensor<16x64xf32>
// CHECK: return %[[C]], %[[D]]
func.func @kernel_ops(%a: tensor<16x256xbf16>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> (tensor<16x64xbf16>, tensor<16x64xf32>) {
  %ev = tensor.empty() : tensor<16x256xf4E2M1FN>
  %es = tensor.empty() : tensor<16x8xf8E8M0FNU>
  %q:2 = mxfp4.block_quantize ins(%a : tensor<16x256xbf16>) outs(%ev, %es : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>) mode = even -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
  %o = tensor.empty() : tensor<16x64xbf16>
  %c = mxfp4.fused_matmul a(%q#0, %q#1 : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>) b(%b, %bs : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>) layout = plain outs(%o : tensor<16x64xbf16>) epilogue {
  ^bb0(%acc: f32):
    %t = arith.truncf %acc : f32 to bf16
    mxfp4.yield %t : bf16
  } -> tensor<16x64xbf16>
  %fv = tensor.empty() : tensor<16x64xf4E2M1FN>
  %fs = tensor.empty() : tensor<16x2xf8E8M0FNU>
  %f:2 = mxfp4.fused_matmul a(%a : tensor<16x256xbf16>) quantize = even b(%b, %bs : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>) layout = plain outs(%fv, %fs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>) quantize = even epilogue {
  ^bb0(%acc: f32):
    mxfp4.yield %acc : f32
  } -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  %xo = tensor.empty() : tensor<16x64xf32>
  %d = mxfp4.block_dequantize ins(%f#0, %f#1 : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>) outs(%xo : tensor<16x64xf32>) -> tensor<16x64xf32>
  return %c, %d : tensor<16x64xbf16>, tensor<16x64xf32>
}

// -----

// Nothing narrow: the function is left as it is.
// CHECK-LABEL: func.func @wide
// CHECK-SAME: (%[[X:.+]]: tensor<4x64xbf16>) -> tensor<4x64xbf16>
// CHECK-NEXT: return %[[X]] : tensor<4x64xbf16>
func.func @wide(%x: tensor<4x64xbf16>) -> tensor<4x64xbf16> {
  return %x : tensor<4x64xbf16>
}

// -----

// fp6: four values in three bytes (value i at bits [6i, 6i + 6) of each
// little-endian 24-bit group), the last dimension times 3/4: function
// types, slices (offset 32 and size 64 values are 24 and 48 bytes), the
// last dimension back from its bytes (/ 3 * 4), dense constants (f6E2M3FN
// 1.0 = 0x08, -2.0 = 0x30, 0.5 = 0x04, 7.5 = 0x1F: the group 0x7C4C08, bytes
// 8, 76, 124; a splat of 1.0 repeats 8, 0x82, 0x20), and the kernel op,
// which records the formats bytes no longer say.
// CHECK-LABEL: func.func @fp6
// CHECK-SAME: (%[[A:.+]]: tensor<16x96xi8>, %[[AS:.+]]: tensor<16x4xi8>, %[[B:.+]]: tensor<64x96xi8>, %[[BS:.+]]: tensor<64x4xi8>, %[[D:.+]]: tensor<4x?xi8>)
// CHECK: %[[SL:.+]] = tensor.extract_slice %[[A]][0, 24] [16, 48] [1, 1] : tensor<16x96xi8> to tensor<16x48xi8>
// CHECK: %[[BYTES:.+]] = tensor.dim %[[D]], %{{.+}} : tensor<4x?xi8>
// CHECK: %[[GROUPS:.+]] = arith.divui %[[BYTES]], %{{.+}} : index
// CHECK: %[[N:.+]] = arith.muli %[[GROUPS]], %{{.+}} : index
// CHECK: %[[V:.+]] = arith.constant dense<{{\[\[}}8, 76, 124]]> : tensor<1x3xi8>
// CHECK: %[[P:.+]] = arith.constant dense<{{\[\[}}8, -126, 32, 8, -126, 32]]> : tensor<1x6xi8>
// CHECK: mxfp4.fused_matmul a(%[[A]], %[[AS]] : tensor<16x96xi8>, tensor<16x4xi8>) b(%[[B]], %[[BS]] : tensor<64x96xi8>, tensor<64x4xi8>) layout = plain outs(%{{.+}} : tensor<16x64xf32>) {a_format = f6E2M3FN, b_format = f6E3M2FN}
// CHECK: return %[[SL]], %[[N]], %[[V]], %[[P]]
func.func @fp6(%a: tensor<16x128xf6E2M3FN>, %as: tensor<16x4xf8E8M0FNU>, %b: tensor<64x128xf6E3M2FN>, %bs: tensor<64x4xf8E8M0FNU>, %d: tensor<4x?xf6E2M3FN>) -> (tensor<16x64xf6E2M3FN>, index, tensor<1x4xf6E2M3FN>, tensor<1x8xf6E2M3FN>, tensor<16x64xf32>) {
  %sl = tensor.extract_slice %a[0, 32] [16, 64] [1, 1] : tensor<16x128xf6E2M3FN> to tensor<16x64xf6E2M3FN>
  %c1 = arith.constant 1 : index
  %n = tensor.dim %d, %c1 : tensor<4x?xf6E2M3FN>
  %v = arith.constant dense<[[1.0, -2.0, 0.5, 7.5]]> : tensor<1x4xf6E2M3FN>
  %p = arith.constant dense<1.0> : tensor<1x8xf6E2M3FN>
  %o = tensor.empty() : tensor<16x64xf32>
  %c = mxfp4.fused_matmul a(%a, %as : tensor<16x128xf6E2M3FN>, tensor<16x4xf8E8M0FNU>) b(%b, %bs : tensor<64x128xf6E3M2FN>, tensor<64x4xf8E8M0FNU>) layout = plain outs(%o : tensor<16x64xf32>) epilogue {
  ^bb0(%acc: f32):
    mxfp4.yield %acc : f32
  } -> tensor<16x64xf32>
  return %sl, %n, %v, %p, %c : tensor<16x64xf6E2M3FN>, index, tensor<1x4xf6E2M3FN>, tensor<1x8xf6E2M3FN>, tensor<16x64xf32>
}

// -----

// fp8 needs no byte form: memory holds it a byte per element.
// CHECK-LABEL: func.func @fp8
// CHECK-SAME: (%{{.+}}: tensor<16x128xf8E4M3FN>, %{{.+}}: tensor<16x4xi8>)
func.func @fp8(%a: tensor<16x128xf8E4M3FN>, %as: tensor<16x4xf8E8M0FNU>) -> (tensor<16x128xf8E4M3FN>, tensor<16x4xf8E8M0FNU>) {
  return %a, %as : tensor<16x128xf8E4M3FN>, tensor<16x4xf8E8M0FNU>
}
