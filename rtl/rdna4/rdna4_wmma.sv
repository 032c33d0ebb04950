`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_wmma.sv - the multi-row unit of the RDNA4 vector unit: V_WMMA_* / V_SWMMAC_*
// (VOP3P 64-74, 80-90) and V_MQSAD_U32_U8 (VOP3 573), as model/rdna4/
// rdna4_exec_valu_wmma.c and rdna4_exec_valu_int.c execute them (model README
// "Matrix multiply (WMMA)", decisions V19, V50-V52).  Sequential: the unit reads the
// rows of its source tuples one per cycle through the core (ra/rb/rc: the row of the
// A, B and C tuple it needs), keeps D (up to 8 VGPRs) in dbuf and hands it to the core
// two rows per retire beat (beat b: rows 2b and 2b + 1).
//
// WMMA/SWMMAC: D = A * B + C on the whole wave (EXEC forced to all ones).  For each
// row m of D and each group of WPC columns n, K steps (one per cycle) update WPC
// accumulators at once, then WPC cycles store their results through one shared
// final stage into dbuf: 16 * (16 / WPC) * (K + WPC) cycles (WPC = 8: 768 for K = 16,
// 1280 for K = 32, 2304 for K = 64).  Element placement: ab_loc / cd_loc (the model's
// functions of the same names, §7.12.2); SWMMAC expands the packed A with the index
// bits of the index VGPR (S2; §7.12.3) as the model's wmma().
//   * integer rows: NEG[0]/NEG[1] = A/B signed, a 32-bit sum that wraps;
//   * float rows, wmma_acc = 0 (acc): t = C; t = fma(a[k], b[k], t) per K step on
//     fp32_fma, round to nearest even, denormals kept, a NaN t kept (quieted), a
//     structural zero of the sparse A skipped; 16-bit results round t once more to
//     F16 (fp32_to_fp16) / BF16 (fp_narrow), RNE;
//   * float rows, wmma_acc = 1: the exact sum of C and every product in a 640-bit
//     fixed-point accumulator (units of 2^-298, as the model's xacc), rounded once to
//     the result format (xround); the first NaN (C, then A[k], B[k] in K order), inf *
//     0 or inf - inf (the default NaN) and infinities decided beside it, a zero sum -0
//     only when every term is a -0 (the model's fused_dot);
//   * elements to F32: F16 by fp16_to_fp32 (exact, denormals kept), BF16 as the high
//     half, FP8/BF8 by rdna4_pkg::f8to32; NEG/NEG_HI[0/1] flip the sign of the low /
//     high-half elements of A / B (F16/BF16 rows), {NEG_HI[2], NEG[2]} = {ABS, NEG} on
//     C (float rows).
// V_MQSAD_U32_U8: D row k (k = 0..3) = the masked SAD of the S0 byte window k against
// S1 plus DWORD k of S2 (VGPR S2 + k), CLAMP saturating at 0xffffffff; 4 cycles.
module rdna4_wmma #(
  parameter int WPC = 8                    // D elements per cycle: 1, 2, 4, 8 or 16
) (
  input  logic          clk,
  input  logic          rst_n,
  input  logic          go,                // a row of this unit in EX (held until it retires)
  input  logic          fin,               // it retires (its last beat)
  input  logic          mq,                // V_MQSAD_U32_U8 (else op is the WMMA/SWMMAC opcode)
  input  logic [6:0]    op,                // VOP3P opcode
  input  logic          w64,               // wave64
  input  logic          acc,               // model config wmma_acc (ctrl 18)
  input  logic [2:0]    neg, neg_hi,       // VOP3P NEG, NEG_HI
  input  logic [1:0]    key,               // SWMMAC index_key (OPSEL[1:0])
  input  logic          clamp,             // MQSAD CLAMP
  input  logic          c_v,               // C is a VGPR tuple (else ck in every element)
  input  logic [31:0]   ck,                // scalar C: 32-bit value, a 16-bit C in [15:0]
  input  logic [2047:0] irow,              // SWMMAC index VGPR (or its scalar in every lane)
  output logic [2:0]    ra, rb, rc,        // the rows of the A, B and C tuples read now
  input  logic [2047:0] arow, brow, crow,
  input  logic [4095:0] s0q,               // MQSAD: S0 of every lane (64 bits)
  input  logic [2047:0] s1q,               // MQSAD: S1
  output logic          rdy,               // D complete (until fin)
  output logic [3:0]    nrow,              // VGPRs of D
  input  logic [1:0]    beat,
  output logic [2047:0] bd0, bd1           // D rows 2 * beat and 2 * beat + 1
);
  if (WPC != 1 && WPC != 2 && WPC != 4 && WPC != 8 && WPC != 16) begin : g_bad_wpc
    $fatal(1, "rdna4_wmma: WPC must be 1, 2, 4, 8 or 16");
  end
  localparam int NG = 16 / WPC;            // column groups of a row
  localparam int GW = (NG > 1) ? $clog2(NG) : 1;
  localparam int SW = (WPC > 1) ? $clog2(WPC) : 1;
  localparam logic [31:0] DNAN32 = 32'hffc00000;
  localparam int XW = 640;                 // the exact accumulator (model XL = 10 words)

  // element kinds of A/B and C/D formats (the model's WK_* / WC_*)
  localparam logic [2:0] K_F16 = 3'd0, K_BF16 = 3'd1, K_FP8 = 3'd2, K_BF8 = 3'd3, K_IU8 = 3'd4, K_IU4 = 3'd5;
  localparam logic [1:0] C_F32 = 2'd0, C_F16 = 2'd1, C_BF16 = 2'd2, C_I32 = 2'd3;

  // ---------------------------------------------------------------- the row's shape
  logic [2:0] ka, kb;
  logic [1:0] cd;
  logic [6:0] kk;                           // K of the expanded product
  logic       sp, fl, b16;
  logic [1:0] dsz;                          // A/B element size: 0 16 bits, 1 8, 2 4
  always_comb begin
    sp = op[4];
    ka = K_F16; kb = K_F16; cd = C_F32; kk = 7'd16;
    case (op[3:0])
      4'd0: ;
      4'd1: begin ka = K_BF16; kb = K_BF16; end
      4'd2: cd = C_F16;
      4'd3: begin ka = K_BF16; kb = K_BF16; cd = C_BF16; end
      4'd4: begin ka = K_IU8; kb = K_IU8; cd = C_I32; end
      4'd5: begin ka = K_IU4; kb = K_IU4; cd = C_I32; end
      4'd6: if (sp) begin ka = K_IU4; kb = K_IU4; cd = C_I32; kk = 7'd64; end
            else begin ka = K_FP8; kb = K_FP8; end
      4'd7: if (sp) begin ka = K_FP8; kb = K_FP8; end else begin ka = K_FP8; kb = K_BF8; end
      4'd8: if (sp) begin ka = K_FP8; kb = K_BF8; end else begin ka = K_BF8; kb = K_FP8; end
      4'd9: if (sp) begin ka = K_BF8; kb = K_FP8; end else begin ka = K_BF8; kb = K_BF8; end
      4'd10: if (sp) begin ka = K_BF8; kb = K_BF8; end
             else begin ka = K_IU4; kb = K_IU4; cd = C_I32; kk = 7'd32; end
      default: ;
    endcase
    if (sp && kk == 7'd16) kk = 7'd32;
    fl  = ka <= K_BF8;
    b16 = cd == C_F16 || cd == C_BF16;
    dsz = (ka <= K_BF16) ? 2'd0 : (ka == K_IU4) ? 2'd2 : 2'd1;
  end
  logic [6:0] kp;                           // K of the stored A
  logic       kba32, kbb32;                 // A / B in the 32-K 4-bit layouts
  assign kp    = sp ? kk >> 1 : kk;
  assign kba32 = dsz == 2'd2 && kp >= 7'd32;
  assign kbb32 = dsz == 2'd2 && kk >= 7'd32;
  assign nrow  = mq ? 4'd4 : b16 ? (w64 ? 4'd2 : 4'd4) : (w64 ? 4'd4 : 4'd8);

  // VGPRs of one K block of an operand (model block_vgprs)
  function automatic logic [2:0] blkv(input logic [1:0] ds, input logic k32, input logic wv64);
    if (ds == 2'd0)      blkv = wv64 ? 3'd2 : 3'd4;
    else if (ds == 2'd1) blkv = wv64 ? 3'd1 : 3'd2;
    else                 blkv = (k32 && !wv64) ? 3'd2 : 3'd1;
  endfunction

  // where element (i, k) of A (i = m) or B (i = n) lives: {lane, VGPR of the tuple,
  // bit} (model ab_loc, §7.12.2 L3609-3660; a longer K in the next block of VGPRs)
  function automatic logic [13:0] ab_loc(input logic [1:0] ds, input logic k32, input logic wv64,
                                         input logic [3:0] i, input logic [6:0] k);
    logic [5:0] ln;
    logic [4:0] kx;
    logic [2:0] vg;
    logic [4:0] bt;
    logic [1:0] blk;
    blk = k32 ? 2'(k >> 5) : 2'(k >> 4);
    kx  = k32 ? 5'(k & 7'd31) : 5'(k & 7'd15);
    ln = 6'd0; vg = 3'd0; bt = 5'd0;
    if (ds == 2'd0) begin                   // w32 lane {k[2], i}, vgpr {k[3], k[1]}; w64 lane {k[3:2], i}, vgpr k[1]
      ln = wv64 ? {kx[3:2], i} : {1'b0, kx[2], i};
      vg = wv64 ? {2'd0, kx[1]} : {1'b0, kx[3], kx[1]};
      bt = {kx[0], 4'd0};
    end else if (ds == 2'd1) begin          // w32 lane {k[3], i}, vgpr k[2]; w64 lane {k[2], k[3], i}
      ln = wv64 ? {kx[2], kx[3], i} : {1'b0, kx[3], i};
      vg = wv64 ? 3'd0 : {2'd0, kx[2]};
      bt = {kx[1:0], 3'd0};
    end else if (!k32) begin                // 4-bit 16x16: lane {k[3], i}
      ln = {1'b0, kx[3], i};
      bt = {kx[2:0], 2'd0};
    end else begin                          // 4-bit 16x32: w32 lane {k[4], i}, vgpr k[3]; w64 lane {k[3], k[4], i}
      ln = wv64 ? {kx[3], kx[4], i} : {1'b0, kx[4], i};
      vg = wv64 ? 3'd0 : {2'd0, kx[3]};
      bt = {kx[2:0], 2'd0};
    end
    vg = vg + 3'(blk) * blkv(ds, k32, wv64);
    ab_loc = {ln, vg, bt};
  endfunction

  // C/D element (m, n) (model cd_loc, L3752-3772): {lane, VGPR, bit}
  function automatic logic [13:0] cd_loc(input logic h16, input logic wv64, input logic [3:0] m,
                                         input logic [3:0] n);
    logic [5:0] ln;
    logic [2:0] r;
    ln = {1'b0, m[3], n} + (wv64 ? {m[2], 5'd0} : 6'd0);
    r  = wv64 ? {1'b0, m[1:0]} : m[2:0];
    cd_loc = {ln, h16 ? {1'b0, r[2:1]} : r, h16 ? {m[0], 4'd0} : 5'd0};
  endfunction

  // the element of dsz at bit bt of lane ln of a row
  function automatic logic [15:0] elem(input logic [2047:0] row, input logic [5:0] ln, input logic [4:0] bt,
                                       input logic [1:0] ds);
    logic [15:0] w;
    w = 16'(row[32*ln +: 32] >> bt);
    elem = (ds == 2'd0) ? w[15:0] : (ds == 2'd1) ? {8'd0, w[7:0]} : {12'd0, w[3:0]};
  endfunction

  // ------------------------------------------------------------------ sequencer
  typedef enum logic [1:0] { S_IDLE, S_RUN, S_DONE } st_t;
  st_t        st_q;
  logic [3:0] m_q;                          // D row
  logic [GW-1:0] g_q;                       // column group
  logic [6:0] k_q;                          // K step (MQSAD: the D row)
  logic       ph_q;                         // 0 K steps, 1 storing
  logic [SW-1:0] s_q;                       // column of the group being stored
  logic       stepping, storing;
  assign stepping = st_q == S_RUN && !mq && !ph_q;
  assign storing  = st_q == S_RUN && !mq && ph_q;
  assign rdy      = st_q == S_DONE;

  // ---------------------------------------------------- A element of (m_q, k_q)
  logic [13:0] la, lb, lc, lg;
  logic [5:0]  g6;
  logic [31:0] ixw;
  logic [1:0]  i0, i1, jj;
  logic [1:0]  srcsel;                      // 0 / 1 packed value 2g / 2g + 1, 2 a structural zero
  logic [6:0]  kpk;                         // the stored A's K of this step
  logic [5:0]  setb, slot, ibase;
  always_comb begin
    g6 = 6'(k_q >> 2);
    jj = k_q[1:0];
    lg = ab_loc(dsz, kba32, w64, m_q, {g6, 1'b0});
    // index bits per set: 4 per group of two packed values in the lane's A bits
    // (model: setbits = 4 * (VGPRs of A * 32 / (2 * element bits)))
    if (dsz == 2'd0)      setb = w64 ? 6'd8 : 6'd16;
    else if (dsz == 2'd1) setb = w64 ? 6'd8 : 6'd16;
    else                  setb = (kp == 7'd32 && !w64) ? 6'd32 : 6'd16;
    slot = (dsz == 2'd0) ? 6'(lg[7:5]) : (dsz == 2'd1) ? 6'({lg[7:5], lg[4]}) : 6'({lg[7:5], lg[4:3]});
    ibase = 6'((32'(key) * 32'(setb) + 32'(slot) * 32'd4) & 32'd31);
    ixw = irow[32*lg[13:8] +: 32] >> ibase;
    i0 = ixw[1:0]; i1 = ixw[3:2];
    // §7.12.3 L3836-3842: col + 0 = idx0 == 0 ? v0; col + 1/2 = idx0 == j ? v0 : idx1 == j ?
    // v1; col + 3 = idx1 == 3 ? v1; else 0
    if (jj == 2'd0)      srcsel = (i0 == 2'd0) ? 2'd0 : 2'd2;
    else if (jj == 2'd3) srcsel = (i1 == 2'd3) ? 2'd1 : 2'd2;
    else                 srcsel = (i0 == jj) ? 2'd0 : (i1 == jj) ? 2'd1 : 2'd2;
    if (!sp) srcsel = 2'd0;
    kpk = sp ? {g6, srcsel[0]} : k_q;
    la = ab_loc(dsz, kba32, w64, m_q, kpk);
    lb = ab_loc(dsz, kbb32, w64, 4'd0, k_q);
    lc = cd_loc(b16, w64, m_q, 4'd0);
  end
  logic skip;
  assign skip = sp && srcsel == 2'd2;
  assign ra = la[7:5];
  assign rb = lb[7:5];
  assign rc = mq ? k_q[2:0] : lc[7:5];

  // an element to F32 (fl rows) / its integer (IU rows, sg: signed), NEG on 16-bit halves
  logic [15:0] ea;
  logic [31:0] fa_, fa16;
  logic [31:0] ia;
  function automatic logic [31:0] small32(input logic [2:0] kind, input logic [15:0] e, input logic [31:0] f16,
                                          input logic [31:0] f8);
    small32 = (kind == K_F16) ? f16 : (kind == K_BF16) ? {e, 16'd0} : f8;
  endfunction
  function automatic logic [31:0] int32(input logic [2:0] kind, input logic [15:0] e, input logic sg);
    if (!sg) int32 = {16'd0, e};
    else if (kind == K_IU8) int32 = {{24{e[7]}}, e[7:0]};
    else int32 = {{28{e[3]}}, e[3:0]};
  endfunction
  assign ea = elem(arow, la[13:8], la[4:0], dsz) ^ ((ka <= K_BF16 && (la[4] ? neg_hi[0] : neg[0])) ? 16'h8000 : 16'h0);
  fp16_to_fp32 u_ca (.a(ea), .daz(1'b0), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32),
    .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(fa16), .exc(fa16e));
  logic [37:0] fa8;
  logic [5:0]  fa16e;
  assign fa8 = rdna4_pkg::f8to32(ea[7:0], ka == K_BF8);
  assign fa_ = small32(ka, ea, fa16, fa8[31:0]);
  assign ia  = int32(ka, ea, neg[0]);

  // -------------------------------------------------------- the WPC column lanes
  logic [31:0]   t_q  [WPC];                // stepped float sum / integer sum
  logic [XW-1:0] x_q  [WPC];                // exact sum (wmma_acc = 1)
  logic          xn_q [WPC];                // a NaN seen (then xv_q holds it, quieted)
  logic [31:0]   xv_q [WPC];
  logic          xp_q [WPC], xm_q [WPC], xi_q [WPC], xz_q [WPC];   // +inf, -inf, invalid, all -0
  logic [31:0]   t_n  [WPC];
  logic [XW-1:0] x_n  [WPC];
  logic          xn_n [WPC], xp_n [WPC], xm_n [WPC], xi_n [WPC], xz_n [WPC];
  logic [31:0]   xv_n [WPC];

  // F32 bits (finite) -> {significand, exponent field (1 for denormals)}
  function automatic logic [31:0] fsig(input logic [30:0] x);
    fsig = {x[30:23] == 8'd0 ? 8'd1 : x[30:23], x[30:23] == 8'd0 ? 1'b0 : 1'b1, x[22:0]};
  endfunction
  // NaN / infinity by the class bits of rdna4_pkg::fclass32
  function automatic logic isnan32(input logic [31:0] x);
    isnan32 = (rdna4_pkg::fclass32(x) & 10'h003) != 10'd0;
  endfunction
  function automatic logic isinf32(input logic [31:0] x);
    isinf32 = (rdna4_pkg::fclass32(x) & 10'h204) != 10'd0;
  endfunction

  for (genvar i = 0; i < WPC; i++) begin : g_lane
    logic [13:0] lbi, lci;
    logic [15:0] eb, c16;
    logic [31:0] fb16, fb, ib, craw, c32, cf16, tin, r_fma;
    logic [37:0] fb8;
    logic [5:0]  e_b, e_c, e_f;
    logic        unused_l;
    logic [3:0]  ni;
    assign ni  = 4'(32'(g_q) * WPC + i);
    assign lbi = ab_loc(dsz, kbb32, w64, ni, k_q);
    assign lci = cd_loc(b16, w64, m_q, ni);
    assign eb  = elem(brow, lbi[13:8], lbi[4:0], dsz) ^ ((kb <= K_BF16 && (lbi[4] ? neg_hi[1] : neg[1])) ? 16'h8000 : 16'h0);
    fp16_to_fp32 u_cb (.a(eb), .daz(1'b0), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32),
      .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(fb16), .exc(e_b));
    assign fb8 = rdna4_pkg::f8to32(eb[7:0], kb == K_BF8);
    assign fb = small32(kb, eb, fb16, fb8[31:0]);
    assign ib = int32(kb, eb, neg[1]);
    // C: its element of the tuple or the scalar; float rows: ABS (NEG_HI[2]) then NEG (NEG[2])
    always_comb begin
      craw = c_v ? (crow[32*lci[13:8] +: 32] >> lci[4:0]) : ck;
      if (b16) craw = {16'd0, craw[15:0]};
      c16 = craw[15:0];
      if (fl && b16) begin
        if (neg_hi[2]) c16[15] = 1'b0;
        if (neg[2]) c16[15] = !c16[15];
      end else if (fl) begin
        if (neg_hi[2]) craw[31] = 1'b0;
        if (neg[2]) craw[31] = !craw[31];
      end
    end
    fp16_to_fp32 u_cc (.a(c16), .daz(1'b0), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32),
      .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(cf16), .exc(e_c));
    assign c32 = (cd == C_F16) ? cf16 : (cd == C_BF16) ? {c16, 16'd0} : craw;
    assign tin = (k_q == 7'd0) ? c32 : t_q[i];
    fp32_fma u_fma (.a(fa_), .b(fb), .c(tin), .rm(3'd0), .daz(1'b0), .ftz(1'b0), .tiny_after(1'b1),
      .ovf_sat(1'b0), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32), .dexc_always(1'b1),
      .zero_wins(1'b0), .zw_sign_xor(1'b0), .zw_pass_c(1'b0), .fma_nan(2'd0),
      .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_fma), .exc(e_f));
    // (no exception is reported: model README V51)
    assign unused_l = ^{lbi[7:5], lci[7:5], fb8[37:32], e_b, e_c, e_f};
    // one K step of the three sums
    always_comb begin
      logic [XW-1:0] x0, tm;
      logic [31:0]   sa, sb, sc;
      logic [47:0]   pr;
      logic [9:0]    pos;
      logic          sg, n0, p0, m0, z0;
      logic [31:0]   v0;
      // the stepped float and the integer sum
      if (!fl) t_n[i] = tin + ia * ib;
      else t_n[i] = isnan32(tin) ? (tin | 32'h00400000) : r_fma;
      if (skip) t_n[i] = tin;
      // the exact sum: C first (k = 0), then the product
      sc = fsig(c32[30:0]);
      x0 = (sc[23:0] == 24'd0) ? '0 : XW'({sc[23:0]}) << (10'(sc[31:24]) + 10'd148);
      if (c32[31]) x0 = -x0;
      n0 = isnan32(c32); v0 = c32 | 32'h00400000;
      p0 = c32 == 32'h7f800000; m0 = c32 == 32'hff800000; z0 = c32 == 32'h80000000;
      if (k_q != 7'd0) begin
        x0 = x_q[i]; n0 = xn_q[i]; v0 = xv_q[i]; p0 = xp_q[i]; m0 = xm_q[i]; z0 = xz_q[i];
      end
      xn_n[i] = n0; xv_n[i] = v0; xp_n[i] = p0; xm_n[i] = m0; xz_n[i] = z0;
      xi_n[i] = (k_q == 7'd0) ? 1'b0 : xi_q[i];
      sg = fa_[31] ^ fb[31];
      if (!skip && !n0) begin
        if (isnan32(fa_)) begin xn_n[i] = 1'b1; xv_n[i] = fa_ | 32'h00400000; end
        else if (isnan32(fb)) begin xn_n[i] = 1'b1; xv_n[i] = fb | 32'h00400000; end
        else if (isinf32(fa_) || isinf32(fb)) begin
          if (fa_[30:0] == 31'd0 || fb[30:0] == 31'd0) xi_n[i] = 1'b1;
          else if (sg) xm_n[i] = 1'b1;
          else xp_n[i] = 1'b1;
        end
        if ((fa_[30:0] != 31'd0 && fb[30:0] != 31'd0) || !sg) xz_n[i] = 1'b0;
      end
      sa = fsig(fa_[30:0]); sb = fsig(fb[30:0]);
      pr = sa[23:0] * sb[23:0];
      pos = 10'(sa[31:24]) + 10'(sb[31:24]) - 10'd2;
      tm = XW'(pr) << pos;
      x_n[i] = x0;
      if (!skip && pr != 48'd0) x_n[i] = sg ? x0 - tm : x0 + tm;
    end
  end

  // ------------------------------------------- the shared final stage (storing)
  // model xround: round a (> 0, units 2^-298) to nearest even into F32 / F16 / BF16
  function automatic logic [31:0] xround(input logic [XW-1:0] a, input logic sgn, input logic [1:0] f);
    int top, e, emin, p, bias, ulp, sh, ue, eb, mb;
    logic [XW-1:0] lo;
    logic [26:0] sv;
    logic [25:0] q;
    logic half, sticky;
    eb = (f == C_F16) ? 5 : 8;
    mb = (f == C_F16) ? 10 : (f == C_BF16) ? 7 : 23;
    p = mb + 1; bias = (1 << (eb - 1)) - 1; emin = 1 - bias;
    top = -1;
    for (int j = 0; j < XW; j++) if (a[j]) top = j;
    xround = 32'(sgn) << (eb + mb);
    if (top >= 0) begin
      e = top - 298;
      ulp = ((e < emin) ? emin : e) - (p - 1);
      sh = ulp + 298;
      sv = 27'(a >> (sh - 1));
      half = sv[0];
      q = sv[26:1];
      lo = a << (XW - (sh - 1));
      sticky = lo != '0;
      if (half && (sticky || q[0])) q = q + 26'd1;
      ue = ulp;
      if ((q >> p) != 26'd0) begin q = q >> 1; ue = ue + 1; end
      if (q < (26'd1 << (p - 1))) xround = xround | 32'(q);
      else if (ue + p - 1 > bias) xround = xround | (((32'd1 << eb) - 32'd1) << mb);
      else xround = xround | (32'(ue + p - 1 + bias) << mb) | (32'(q) & ((32'd1 << mb) - 32'd1));
    end
  endfunction

  logic [31:0]   s_t, s_sp, s_in, s_res, s_x;
  logic [XW-1:0] s_acc, s_mag;
  logic          s_spec, s_neg;
  logic [15:0]   s_h, s_b;
  logic [5:0]    e_h, e_bf;
  logic          s_xn, s_xi, s_xp, s_xm, s_xz;
  logic [31:0]   s_xv;
  always_comb begin
    s_t = t_q[0]; s_acc = x_q[0]; s_xn = xn_q[0]; s_xv = xv_q[0]; s_xi = xi_q[0]; s_xp = xp_q[0];
    s_xm = xm_q[0]; s_xz = xz_q[0];
    for (int i = 1; i < WPC; i++)
      if (s_q == SW'(i)) begin
        s_t = t_q[i]; s_acc = x_q[i]; s_xn = xn_q[i]; s_xv = xv_q[i]; s_xi = xi_q[i]; s_xp = xp_q[i];
        s_xm = xm_q[i]; s_xz = xz_q[i];
      end
    // the first NaN; inf * 0 or +inf and -inf: the default NaN; an infinity
    s_spec = 1'b1;
    if (s_xn) s_sp = s_xv;
    else if (s_xi || (s_xp && s_xm)) s_sp = DNAN32;
    else if (s_xp) s_sp = 32'h7f800000;
    else if (s_xm) s_sp = 32'hff800000;
    else begin s_sp = 32'd0; s_spec = 1'b0; end
    s_neg = s_acc[XW-1];
    s_mag = s_neg ? -s_acc : s_acc;
    if (s_mag == '0) s_neg = s_xz;                 // an exact zero: -0 only from -0 terms
    s_x = xround(s_mag, s_neg, cd);
    s_in = (fl && acc && s_spec) ? s_sp : s_t;
  end
  fp32_to_fp16 u_h (.a(s_in), .daz(1'b0), .rm(3'd0), .ftz(1'b0), .tiny_after(1'b1), .ovf_sat(1'b0),
    .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(16'hfe00), .dexc_always(1'b1),
    .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(s_h), .exc(e_h));
  fp_narrow #(.SEW(8), .SMW(23), .DEW(8), .DMW(7)) u_b (.a(s_in), .daz(1'b0), .rm(3'd0), .ftz(1'b0),
    .tiny_after(1'b1), .ovf_sat(1'b0), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(16'hffc0),
    .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(s_b), .exc(e_bf));
  always_comb begin
    if (!fl || cd == C_F32) s_res = s_in;
    else s_res = {16'd0, cd == C_F16 ? s_h : s_b};
    if (fl && acc && !s_spec) s_res = s_x;
  end
  logic unused_w;
  assign unused_w = ^{op[6:5], lb[13:8], lb[4:0], lc[13:8], lc[4:0], lg[2:0], ixw[31:4], fa8[37:32], fa16e, e_h, e_bf};
  logic [13:0] ls;
  assign ls = cd_loc(b16, w64, m_q, 4'(32'(g_q) * WPC + 32'(s_q)));

  // ------------------------------------------------------------ V_MQSAD_U32_U8
  logic [2047:0] mq_row;
  always_comb begin
    for (int l = 0; l < 64; l++) begin
      logic [31:0] w, b, c;
      logic [33:0] s;
      logic [7:0]  dd;
      w = 32'(s0q[64*l +: 64] >> (8 * k_q[1:0]));
      b = s1q[32*l +: 32];
      c = crow[32*l +: 32];
      s = {2'd0, c};
      for (int j = 0; j < 4; j++) begin
        dd = (w[8*j +: 8] > b[8*j +: 8]) ? w[8*j +: 8] - b[8*j +: 8] : b[8*j +: 8] - w[8*j +: 8];
        if (b[8*j +: 8] != 8'd0) s = s + {26'd0, dd};
      end
      mq_row[32*l +: 32] = (clamp && s[33:32] != 2'd0) ? 32'hffffffff : s[31:0];
    end
  end

  // --------------------------------------------------------------------- state
  logic [2047:0] dbuf [8];
  assign bd0 = dbuf[{beat, 1'b0}];
  assign bd1 = dbuf[{beat, 1'b1}];
  logic last_k, last_s;
  assign last_k = k_q == kk - 7'd1;
  assign last_s = s_q == SW'(WPC - 1);
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      st_q <= S_IDLE; m_q <= 4'd0; g_q <= '0; k_q <= 7'd0; ph_q <= 1'b0; s_q <= '0;
    end else if (!go || (st_q == S_DONE && fin)) begin
      st_q <= S_IDLE; m_q <= 4'd0; g_q <= '0; k_q <= 7'd0; ph_q <= 1'b0; s_q <= '0;
    end else begin
      case (st_q)
        S_IDLE: st_q <= S_RUN;
        S_RUN:
          if (mq) begin
            k_q <= k_q + 7'd1;
            if (k_q == 7'd3) st_q <= S_DONE;
          end else if (!ph_q) begin
            if (last_k) begin ph_q <= 1'b1; s_q <= '0; end
            else k_q <= k_q + 7'd1;
          end else begin
            s_q <= s_q + 1'b1;
            if (last_s) begin
              ph_q <= 1'b0; k_q <= 7'd0; g_q <= g_q + 1'b1;
              if (32'(g_q) == NG - 1) begin
                g_q <= '0; m_q <= m_q + 4'd1;
                if (m_q == 4'd15) st_q <= S_DONE;
              end
            end
          end
        default: ;
      endcase
    end
  end
  // the sums and D (not reset: every element of D is written before rdy)
  always_ff @(posedge clk) begin
    if (stepping)
      for (int i = 0; i < WPC; i++) begin
        t_q[i] <= t_n[i]; x_q[i] <= x_n[i]; xn_q[i] <= xn_n[i]; xv_q[i] <= xv_n[i];
        xp_q[i] <= xp_n[i]; xm_q[i] <= xm_n[i]; xi_q[i] <= xi_n[i]; xz_q[i] <= xz_n[i];
      end
    if (storing) begin
      if (b16) dbuf[ls[7:5]][32*ls[13:8] + 32'(ls[4:0]) +: 16] <= s_res[15:0];
      else     dbuf[ls[7:5]][32*ls[13:8] +: 32] <= s_res;
    end
    if (st_q == S_RUN && mq) dbuf[k_q[2:0]] <= mq_row;
  end
endmodule
