// An MXFP4 GEMM with the quantization of A fused in, shaped like the
// project's kernels: C[64, N] (f32) = quant(A)[64, K] * quant(B)[N, K]^T.
// A: bf16 [64, K] row-major, quantized per block of 32 along K in the
// kernel (the reference's "even" scale rule, gfx950 cvt_scalef32_pk_fp4);
// B: fp4x2 [N, K/2] row-major with E8M0 scales [N, K/32].
// One work-group (4 waves) per 64 columns; per K step of 128 the work-group
// quantizes its A tile into LDS, then wave w runs four 16x16x128 MFMAs for
// rows 16w..16w+15.
// Regenerate: ./lower.sh gemm.mlir gemm.ll
module attributes {gpu.container_module} {
gpu.module @kern [#rocdl.target<chip = "gfx950">] {
  gpu.func @gemm(%a: memref<268435456xbf16>, %bq: memref<1073741824xi8>,
                 %bs: memref<268435456xi8>, %c: memref<268435456xf32>,
                 %K: i32, %N: i32)
      workgroup(%la: memref<4096xi8, #gpu.address_space<workgroup>>,
                %lsa: memref<256xi8, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %Ki = arith.index_cast %K : i32 to index
    %Ni = arith.index_cast %N : i32 to index
    %Kh = arith.divui %Ki, %c2 : index
    %Ks = arith.divui %Ki, %c32 : index
    // Quantization role: row r, block q of the current K step.
    %r = arith.divui %tid, %c4 : index
    %q = arith.remui %tid, %c4 : index
    // MFMA role: wave w, lane l = i + 16 kb.
    %w = arith.divui %tid, %c64 : index
    %l = arith.remui %tid, %c64 : index
    %i = arith.remui %l, %c16 : index
    %kb = arith.divui %l, %c16 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %res:4 = scf.for %kk = %c0 to %Ki step %c128
        iter_args(%acc0 = %zero, %acc1 = %zero, %acc2 = %zero, %acc3 = %zero)
        -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
      // ---- quantize A[r, kk + 32q .. +32] into LDS ----
      %rowoff = arith.muli %r, %Ki : index
      %qoff = arith.muli %q, %c32 : index
      %aoff0 = arith.addi %rowoff, %kk : index
      %aoff = arith.addi %aoff0, %qoff : index
      %vb = vector.load %a[%aoff] : memref<268435456xbf16>, vector<32xbf16>
      %vf = arith.extf %vb : vector<32xbf16> to vector<32xf32>
      %vabs = math.absf %vf : vector<32xf32>
      %amax = vector.reduction <maximumf>, %vabs : vector<32xf32> into f32
      %ab = arith.bitcast %amax : f32 to i32
      %rnd = arith.constant 2097152 : i32
      %msk = arith.constant -8388608 : i32
      %ab1 = arith.addi %ab, %rnd : i32
      %ab2 = arith.andi %ab1, %msk : i32
      %c23 = arith.constant 23 : i32
      %c255 = arith.constant 255 : i32
      %c2i = arith.constant 2 : i32
      %c0i = arith.constant 0 : i32
      %e0 = arith.shrui %ab2, %c23 : i32
      %e = arith.andi %e0, %c255 : i32
      %sm2 = arith.subi %e, %c2i : i32
      %sbyte = arith.maxsi %sm2, %c0i : i32
      %sbits0 = arith.shli %sbyte, %c23 : i32
      %isz = arith.cmpi eq, %sbyte, %c0i : i32
      %sub = arith.constant 4194304 : i32
      %sbits = arith.select %isz, %sub, %sbits0 : i32
      %scale = arith.bitcast %sbits : i32 to f32
      %zw = arith.constant dense<0> : vector<1xi32>
      %z8 = vector.bitcast %zw : vector<1xi32> to vector<8xf4E2M1FN>
      %p0 = vector.shuffle %vf, %vf [0, 1] : vector<32xf32>, vector<32xf32>
      %p1 = vector.shuffle %vf, %vf [2, 3] : vector<32xf32>, vector<32xf32>
      %p2 = vector.shuffle %vf, %vf [4, 5] : vector<32xf32>, vector<32xf32>
      %p3 = vector.shuffle %vf, %vf [6, 7] : vector<32xf32>, vector<32xf32>
      %p4 = vector.shuffle %vf, %vf [8, 9] : vector<32xf32>, vector<32xf32>
      %p5 = vector.shuffle %vf, %vf [10, 11] : vector<32xf32>, vector<32xf32>
      %p6 = vector.shuffle %vf, %vf [12, 13] : vector<32xf32>, vector<32xf32>
      %p7 = vector.shuffle %vf, %vf [14, 15] : vector<32xf32>, vector<32xf32>
      %p8 = vector.shuffle %vf, %vf [16, 17] : vector<32xf32>, vector<32xf32>
      %p9 = vector.shuffle %vf, %vf [18, 19] : vector<32xf32>, vector<32xf32>
      %p10 = vector.shuffle %vf, %vf [20, 21] : vector<32xf32>, vector<32xf32>
      %p11 = vector.shuffle %vf, %vf [22, 23] : vector<32xf32>, vector<32xf32>
      %p12 = vector.shuffle %vf, %vf [24, 25] : vector<32xf32>, vector<32xf32>
      %p13 = vector.shuffle %vf, %vf [26, 27] : vector<32xf32>, vector<32xf32>
      %p14 = vector.shuffle %vf, %vf [28, 29] : vector<32xf32>, vector<32xf32>
      %p15 = vector.shuffle %vf, %vf [30, 31] : vector<32xf32>, vector<32xf32>
      %w0a = amdgpu.packed_scaled_trunc %p0 into %z8[0], %scale : vector<2xf32> to vector<8xf4E2M1FN> into vector<8xf4E2M1FN>
      %w0b = amdgpu.packed_scaled_trunc %p1 into %w0a[1], %scale : vector<2xf32> to vector<8xf4E2M1FN> into vector<8xf4E2M1FN>
      %w0c = amdgpu.packed_scaled_trunc %p2 into %w0b[2], %scale : vector<2xf32> to vector<8xf4E2M1FN> into vector<8xf4E2M1FN>
      %w0 = amdgpu.packed_scaled_trunc %p3 into %w0c[3], %scale : vector<2xf32> to vector<8xf4E2M1FN> into vector<8xf4E2M1FN>
      %w1a = amdgpu.packed_scaled_trunc %p4 into %z8[0], %scale : vector<2xf32> to vector<8xf4E2M1FN> into vector<8xf4E2M1FN>
      %w1b = amdgpu.packed_scaled_trunc %p5 into %w1a[1], %scale : vector<2xf32> to vector<8xf4E2M1FN> into vector<8xf4E2M1FN>
      %w1c = amdgpu.packed_scaled_trunc %p6 into %w1b[2], %scale : vector<2xf32> to vector<8xf4E2M1FN> into vector<8xf4E2M1FN>
      %w1 = amdgpu.packed_scaled_trunc %p7 into %w1c[3], %scale : vector<2xf32> to vector<8xf4E2M1FN> into vector<8xf4E2M1FN>
      %w2a = amdgpu.packed_scaled_trunc %p8 into %z8[0], %scale : vector<2xf32> to vector<8xf4E2M1FN> into vector<8xf4E2M1FN>
      %w2b = amdgpu.packed_scaled_trunc %p9 into %w2a[1], %scale : vector<2xf32> to vector<8xf4E2M1FN> into vector<8xf4E2M1FN>
      %w2c = amdgpu.packed_scaled_trunc %p10 into %w2b[2], %scale : vector<2xf32> to vector<8xf4E2M1FN> into vector<8xf4E2M1FN>
      %w2 = amdgpu.packed_scaled_trunc %p11 into %w2c[3], %scale : vector<2xf32> to vector<8xf4E2M1FN> into vector<8xf4E2M1FN>
      %w3a = amdgpu.packed_scaled_trunc %p12 into %z8[0], %scale : vector<2xf32> to vector<8xf4E2M1FN> into vector<8xf4E2M1FN>
      %w3b = amdgpu.packed_scaled_trunc %p13 into %w3a[1], %scale : vector<2xf32> to vector<8xf4E2M1FN> into vector<8xf4E2M1FN>
      %w3c = amdgpu.packed_scaled_trunc %p14 into %w3b[2], %scale : vector<2xf32> to vector<8xf4E2M1FN> into vector<8xf4E2M1FN>
      %w3 = amdgpu.packed_scaled_trunc %p15 into %w3c[3], %scale : vector<2xf32> to vector<8xf4E2M1FN> into vector<8xf4E2M1FN>
      %i0 = vector.bitcast %w0 : vector<8xf4E2M1FN> to vector<1xi32>
      %i1 = vector.bitcast %w1 : vector<8xf4E2M1FN> to vector<1xi32>
      %i2 = vector.bitcast %w2 : vector<8xf4E2M1FN> to vector<1xi32>
      %i3 = vector.bitcast %w3 : vector<8xf4E2M1FN> to vector<1xi32>
      %s0 = vector.extract %i0[0] : i32 from vector<1xi32>
      %s1 = vector.extract %i1[0] : i32 from vector<1xi32>
      %s2 = vector.extract %i2[0] : i32 from vector<1xi32>
      %s3 = vector.extract %i3[0] : i32 from vector<1xi32>
      %v4 = vector.from_elements %s0, %s1, %s2, %s3 : vector<4xi32>
      %v16 = vector.bitcast %v4 : vector<4xi32> to vector<16xi8>
      %r64 = arith.muli %r, %c64 : index
      %q16 = arith.muli %q, %c16 : index
      %loff = arith.addi %r64, %q16 : index
      vector.store %v16, %la[%loff] : memref<4096xi8, #gpu.address_space<workgroup>>, vector<16xi8>
      %sb8 = arith.trunci %sbyte : i32 to i8
      %r4 = arith.muli %r, %c4 : index
      %soff = arith.addi %r4, %q : index
      memref.store %sb8, %lsa[%soff] : memref<256xi8, #gpu.address_space<workgroup>>
      gpu.barrier
      // ---- four 16x16x128 MFMAs for rows 16w..16w+15 ----
      %w16 = arith.muli %w, %c16 : index
      %arow = arith.addi %w16, %i : index
      %ar64 = arith.muli %arow, %c64 : index
      %kb16 = arith.muli %kb, %c16 : index
      %aloff = arith.addi %ar64, %kb16 : index
      %av = vector.load %la[%aloff] : memref<4096xi8, #gpu.address_space<workgroup>>, vector<16xi8>
      %af = vector.bitcast %av : vector<16xi8> to vector<32xf4E2M1FN>
      %ar4 = arith.muli %arow, %c4 : index
      %asoff = arith.addi %ar4, %kb : index
      %asb = memref.load %lsa[%asoff] : memref<256xi8, #gpu.address_space<workgroup>>
      %asv = vector.broadcast %asb : i8 to vector<4xi8>
      %ase = vector.bitcast %asv : vector<4xi8> to vector<4xf8E8M0FNU>
      %ncol0 = arith.muli %wg, %c64 : index
      %ncol = arith.addi %ncol0, %i : index
      %kkh = arith.divui %kk, %c2 : index
      %kks = arith.divui %kk, %c32 : index
      %bko = arith.addi %kkh, %kb16 : index
      %bso = arith.addi %kks, %kb : index
      %n0 = arith.addi %ncol, %c0 : index
      %b0o0 = arith.muli %n0, %Kh : index
      %b0o = arith.addi %b0o0, %bko : index
      %b0v = vector.load %bq[%b0o] : memref<1073741824xi8>, vector<16xi8>
      %b0f = vector.bitcast %b0v : vector<16xi8> to vector<32xf4E2M1FN>
      %bs0o0 = arith.muli %n0, %Ks : index
      %bs0o = arith.addi %bs0o0, %bso : index
      %bs0 = memref.load %bs[%bs0o] : memref<268435456xi8>
      %bs0v = vector.broadcast %bs0 : i8 to vector<4xi8>
      %bs0e = vector.bitcast %bs0v : vector<4xi8> to vector<4xf8E8M0FNU>
      %d0 = amdgpu.scaled_mfma 16x16x128 (%ase[0] * %af) * (%bs0e[0] * %b0f) + %acc0 : vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<4xf32>
      %n1 = arith.addi %ncol, %c16 : index
      %b1o0 = arith.muli %n1, %Kh : index
      %b1o = arith.addi %b1o0, %bko : index
      %b1v = vector.load %bq[%b1o] : memref<1073741824xi8>, vector<16xi8>
      %b1f = vector.bitcast %b1v : vector<16xi8> to vector<32xf4E2M1FN>
      %bs1o0 = arith.muli %n1, %Ks : index
      %bs1o = arith.addi %bs1o0, %bso : index
      %bs1 = memref.load %bs[%bs1o] : memref<268435456xi8>
      %bs1v = vector.broadcast %bs1 : i8 to vector<4xi8>
      %bs1e = vector.bitcast %bs1v : vector<4xi8> to vector<4xf8E8M0FNU>
      %d1 = amdgpu.scaled_mfma 16x16x128 (%ase[0] * %af) * (%bs1e[0] * %b1f) + %acc1 : vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<4xf32>
      %n2 = arith.addi %ncol, %c32 : index
      %b2o0 = arith.muli %n2, %Kh : index
      %b2o = arith.addi %b2o0, %bko : index
      %b2v = vector.load %bq[%b2o] : memref<1073741824xi8>, vector<16xi8>
      %b2f = vector.bitcast %b2v : vector<16xi8> to vector<32xf4E2M1FN>
      %bs2o0 = arith.muli %n2, %Ks : index
      %bs2o = arith.addi %bs2o0, %bso : index
      %bs2 = memref.load %bs[%bs2o] : memref<268435456xi8>
      %bs2v = vector.broadcast %bs2 : i8 to vector<4xi8>
      %bs2e = vector.bitcast %bs2v : vector<4xi8> to vector<4xf8E8M0FNU>
      %d2 = amdgpu.scaled_mfma 16x16x128 (%ase[0] * %af) * (%bs2e[0] * %b2f) + %acc2 : vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<4xf32>
      %c48 = arith.constant 48 : index
      %n3 = arith.addi %ncol, %c48 : index
      %b3o0 = arith.muli %n3, %Kh : index
      %b3o = arith.addi %b3o0, %bko : index
      %b3v = vector.load %bq[%b3o] : memref<1073741824xi8>, vector<16xi8>
      %b3f = vector.bitcast %b3v : vector<16xi8> to vector<32xf4E2M1FN>
      %bs3o0 = arith.muli %n3, %Ks : index
      %bs3o = arith.addi %bs3o0, %bso : index
      %bs3 = memref.load %bs[%bs3o] : memref<268435456xi8>
      %bs3v = vector.broadcast %bs3 : i8 to vector<4xi8>
      %bs3e = vector.bitcast %bs3v : vector<4xi8> to vector<4xf8E8M0FNU>
      %d3 = amdgpu.scaled_mfma 16x16x128 (%ase[0] * %af) * (%bs3e[0] * %b3f) + %acc3 : vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<4xf32>
      gpu.barrier
      scf.yield %d0, %d1, %d2, %d3 : vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
    }
    // D[16w + 4 kb + e][wg*64 + 16 nt + i] = res[nt][e]
    %w16b = arith.muli %w, %c16 : index
    %kb4 = arith.muli %kb, %c4 : index
    %row0 = arith.addi %w16b, %kb4 : index
    %col0 = arith.muli %wg, %c64 : index
    %colb = arith.addi %col0, %i : index
    %c3 = arith.constant 3 : index
    %rowN0 = arith.muli %row0, %Ni : index
    %row1 = arith.addi %row0, %c1 : index
    %rowN1 = arith.muli %row1, %Ni : index
    %row2 = arith.addi %row0, %c2 : index
    %rowN2 = arith.muli %row2, %Ni : index
    %row3 = arith.addi %row0, %c3 : index
    %rowN3 = arith.muli %row3, %Ni : index
    scf.for %nt = %c0 to %c4 step %c1 {
      %ntc = arith.muli %nt, %c16 : index
      %col = arith.addi %colb, %ntc : index
      %is0 = arith.cmpi eq, %nt, %c0 : index
      %is1 = arith.cmpi eq, %nt, %c1 : index
      %is2 = arith.cmpi eq, %nt, %c2 : index
      %v01 = arith.select %is1, %res#1, %res#0 : vector<4xf32>
      %v012 = arith.select %is2, %res#2, %v01 : vector<4xf32>
      %is3 = arith.cmpi eq, %nt, %c3 : index
      %v = arith.select %is3, %res#3, %v012 : vector<4xf32>
      %e0 = vector.extract %v[0] : f32 from vector<4xf32>
      %e1 = vector.extract %v[1] : f32 from vector<4xf32>
      %e2 = vector.extract %v[2] : f32 from vector<4xf32>
      %e3 = vector.extract %v[3] : f32 from vector<4xf32>
      %o0 = arith.addi %rowN0, %col : index
      %o1 = arith.addi %rowN1, %col : index
      %o2 = arith.addi %rowN2, %col : index
      %o3 = arith.addi %rowN3, %col : index
      memref.store %e0, %c[%o0] : memref<268435456xf32>
      memref.store %e1, %c[%o1] : memref<268435456xf32>
      memref.store %e2, %c[%o2] : memref<268435456xf32>
      memref.store %e3, %c[%o3] : memref<268435456xf32>
    }
    gpu.return
  }
}
}
