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
//   * float rows, wmma_acc = 0 (acc): t = C; t = fma(a[k], b[k], t) per K step: the
//     exact sum of t and the product (below) rounded once to F32, which is fp32_fma's
//     result (round to nearest even, denormals kept, a NaN t kept (quieted)); a
//     structural zero of the sparse A skipped; 16-bit results round t once more to
//     F16 / BF16, RNE (xround of t's exact value, as fp32_to_fp16 / fp_narrow);
//   * float rows, wmma_acc = 1: the exact sum of C and every product in a 640-bit
//     fixed-point accumulator (units of 2^-298, as the model's xacc), rounded once to
//     the result format (xround); the first NaN (C, then A[k], B[k] in K order), inf *
//     0 or inf - inf (the default NaN) and infinities decided beside it, a zero sum -0
//     only when every term is a -0 (the model's fused_dot);
//   * elements to F32: F16 by h2f (fp16_to_fp32's result: exact, denormals kept, a NaN
//     quieted), BF16 as the high
//     half, FP8/BF8 by rdna4_pkg::f8to32; NEG/NEG_HI[0/1] flip the sign of the low /
//     high-half elements of A / B (F16/BF16 rows), {NEG_HI[2], NEG[2]} = {ABS, NEG} on
//     C (float rows).
// V_MQSAD_U32_U8: D row k (k = 0..3) = the masked SAD of the S0 byte window k against
// S1 plus DWORD k of S2 (VGPR S2 + k), CLAMP saturating at 0xffffffff; 4 cycles.
//
// Simulation cost: the unit's arithmetic is clocked logic under the kind of cycle that
// needs it (a K step, a store, an MQSAD row) and uses functions, not submodules; the
// only combinational logic, the rows to read and the A element of a K step, is under
// `stepping`.  A simulator such as Verilator evaluates all combinational logic of a
// clock domain on every clock edge, so an idle unit costs only its sequencer and its D
// read ports (README "Matrix multiply (WMMA)").
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

  // the element of dsz at bit bt of a lane's 32 bits
  function automatic logic [15:0] elem(input logic [31:0] w32, input logic [4:0] bt, input logic [1:0] ds);
    logic [15:0] w;
    w = 16'(w32 >> bt);
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

  // ------------------------------- the rows read now (evaluated only while stepping)
  // Everything below this block is clocked logic under stepping / storing / the MQSAD
  // cycles, so that an idle unit costs a simulator nothing but the sequencer and this
  // block's defaults.
  logic [13:0] la, lb, lc, lg;
  logic [5:0]  g6;
  logic [31:0] ixw;
  logic [1:0]  i0, i1, jj;
  logic [1:0]  srcsel;                      // 0 / 1 packed value 2g / 2g + 1, 2 a structural zero
  logic [6:0]  kpk;                         // the stored A's K of this step
  logic [5:0]  setb, slot, ibase;
  logic        skip;
  always_comb begin
    g6 = 6'd0; jj = 2'd0; lg = 14'd0; setb = 6'd0; slot = 6'd0; ibase = 6'd0; ixw = 32'd0;
    i0 = 2'd0; i1 = 2'd0; srcsel = 2'd0; kpk = 7'd0; la = 14'd0; lb = 14'd0; lc = 14'd0; skip = 1'b0;
    if (stepping) begin
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
      skip = sp && srcsel == 2'd2;
    end
  end
  assign ra = la[7:5];
  assign rb = lb[7:5];
  assign rc = mq ? k_q[2:0] : lc[7:5];

  // ------------------------------------------------------------ element helpers
  // F16 to F32, exact (denormals become normals), a NaN quieted with its payload in the
  // top fraction bits (fp16_to_fp32 with nan_keep 0)
  function automatic logic [31:0] h2f(input logic [15:0] h);
    logic [3:0] p;
    h2f = {h[15], 31'd0};
    if (h[14:10] == 5'h1f)       h2f = {h[15], 8'hff, h[9:0] != 10'd0, h[8:0], 13'd0};
    else if (h[14:10] != 5'd0)   h2f = {h[15], 3'd0, h[14:10], h[9:0], 13'd0} + {1'b0, 8'd112, 23'd0};
    else if (h[9:0] != 10'd0) begin                       // h[9:0] * 2^-24: leading one at p
      p = 4'd0;
      for (int j = 0; j < 10; j++) if (h[j]) p = 4'(j);
      h2f = {h[15], 8'(p) + 8'd103, {13'd0, h[9:0]} << (5'd23 - 5'(p))};
    end
  endfunction
  // an element to F32 (fl rows) / its integer (IU rows, sg: signed)
  function automatic logic [31:0] small32(input logic [2:0] kind, input logic [15:0] e);
    logic [31:0] f8;
    logic [5:0]  unused_f8e;
    {unused_f8e, f8} = rdna4_pkg::f8to32(e[7:0], kind == K_BF8);
    small32 = (kind == K_F16) ? h2f(e) : (kind == K_BF16) ? {e, 16'd0} : f8;
  endfunction
  function automatic logic [31:0] int32(input logic [2:0] kind, input logic [15:0] e, input logic sg);
    if (!sg) int32 = {16'd0, e};
    else if (kind == K_IU8) int32 = {{24{e[7]}}, e[7:0]};
    else int32 = {{28{e[3]}}, e[3:0]};
  endfunction

  // the A element (m_q, kpk) of this step, NEG / NEG_HI on 16-bit halves: F32 / integer
  logic [15:0] ea;
  logic [31:0] fa, ia;
  always_comb begin
    ea = 16'd0; fa = 32'd0; ia = 32'd0;
    if (stepping) begin
      ea = elem(arow[32*la[13:8] +: 32], la[4:0], dsz) ^ ((ka <= K_BF16 && (la[4] ? neg_hi[0] : neg[0])) ? 16'h8000 : 16'h0);
      fa = small32(ka, ea);
      ia = int32(ka, ea, neg[0]);
    end
  end

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

  // ------------------------------------------------------------- the exact sum
  // An exact sum (the model's fused_dot) as one vector of XS bits: [XS-1 -: XW] the sum
  // in units of 2^-298 (two's complement), [36:5] the first NaN (quieted), [4] a NaN
  // seen, [3] +inf, [2] -inf, [1] invalid (inf * 0), [0] every term a -0.
  localparam int XS = XW + 37;
  // a sum holding C alone (F32 bits)
  function automatic logic [XS-1:0] xinit(input logic [31:0] c);
    logic [31:0]   sc;
    logic [XW-1:0] x0;
    sc = fsig(c[30:0]);
    x0 = (sc[23:0] == 24'd0) ? '0 : XW'({sc[23:0]}) << (10'(sc[31:24]) + 10'd148);
    if (c[31]) x0 = -x0;
    xinit = {x0, c | 32'h00400000, isnan32(c), c == 32'h7f800000, c == 32'hff800000, 1'b0, c == 32'h80000000};
  endfunction
  // s plus the product a * b (F32 bits); sk: a structural zero of the sparse A, no term
  function automatic logic [XS-1:0] xadd(input logic [XS-1:0] s, input logic [31:0] a, input logic [31:0] b,
                                         input logic sk);
    logic [XW-1:0] x0, tm;
    logic [31:0]   sa, sb, v;
    logic [47:0]   pr;
    logic [9:0]    pos;
    logic          sg, n, p, m, i, z;
    x0 = s[XS-1 -: XW]; v = s[36:5]; n = s[4]; p = s[3]; m = s[2]; i = s[1]; z = s[0];
    sg = a[31] ^ b[31];
    if (!sk && !s[4]) begin
      if (isnan32(a)) begin n = 1'b1; v = a | 32'h00400000; end
      else if (isnan32(b)) begin n = 1'b1; v = b | 32'h00400000; end
      else if (isinf32(a) || isinf32(b)) begin
        if (a[30:0] == 31'd0 || b[30:0] == 31'd0) i = 1'b1;
        else if (sg) m = 1'b1;
        else p = 1'b1;
      end
      if ((a[30:0] != 31'd0 && b[30:0] != 31'd0) || !sg) z = 1'b0;
    end
    sa = fsig(a[30:0]); sb = fsig(b[30:0]);
    pr = sa[23:0] * sb[23:0];
    pos = 10'(sa[31:24]) + 10'(sb[31:24]) - 10'd2;
    tm = XW'(pr) << pos;
    if (!sk && pr != 48'd0) x0 = sg ? x0 - tm : x0 + tm;
    xadd = {x0, v, n, p, m, i, z};
  endfunction

  // model xround: round a (> 0, units 2^-298) to nearest even into F32 / F16 / BF16
  function automatic logic [31:0] xround(input logic [XW-1:0] a, input logic sgn, input logic [1:0] f);
    int top, e, emin, p, bias, ulp, sh, ue, eb, mb, tw;
    logic [XW-1:0] lo;
    logic [31:0] wd;
    logic [26:0] sv;
    logic [25:0] q;
    logic half, sticky;
    eb = (f == C_F16) ? 5 : 8;
    mb = (f == C_F16) ? 10 : (f == C_BF16) ? 7 : 23;
    p = mb + 1; bias = (1 << (eb - 1)) - 1; emin = 1 - bias;
    // the leading one: its 32-bit word, then its bit
    tw = -1; wd = 32'd0; top = -1;
    for (int w = 0; w < XW / 32; w++) if (a[32*w +: 32] != 32'd0) begin tw = w; wd = a[32*w +: 32]; end
    if (tw >= 0) for (int j = 0; j < 32; j++) if (wd[j]) top = 32 * tw + j;
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

  // an exact sum to the format f (a 16-bit result in [15:0]): the first NaN; inf * 0 or
  // +inf and -inf the default NaN; an infinity; else the sum rounded once, an exact zero
  // -0 only when every term is a -0.  A NaN or an infinity narrows to F16 / BF16 as
  // fp32_to_fp16 / fp_narrow do (sign kept, top payload bits, quieted).
  function automatic logic [31:0] xfin(input logic [XS-1:0] s, input logic [1:0] f);
    logic [31:0]   sv;
    logic [XW-1:0] mag;
    logic          spec, ng;
    spec = 1'b1;
    if (s[4]) sv = s[36:5];
    else if (s[1] || (s[3] && s[2])) sv = DNAN32;
    else if (s[3]) sv = 32'h7f800000;
    else if (s[2]) sv = 32'hff800000;
    else begin sv = 32'd0; spec = 1'b0; end
    if (spec)
      xfin = (f == C_F16) ? {16'd0, sv[31], 5'h1f, sv[22:0] != 23'd0, sv[21:13]}
           : (f == C_BF16) ? {16'd0, sv[31], 8'hff, sv[22:0] != 23'd0, sv[21:16]} : sv;
    else begin
      ng = s[XS-1];
      mag = ng ? -s[XS-1 -: XW] : s[XS-1 -: XW];
      if (mag == '0) ng = s[0];
      xfin = xround(mag, ng, f);
    end
  endfunction

  // --------------------------------------------------------------------- state
  logic [31:0]   t_q  [WPC];                // integer sum / stepped float sum (F32)
  logic [XS-1:0] xs_q [WPC];                // exact sum (wmma_acc = 1)
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

  // The datapath (not reset: every element of D is written before rdy).  Its work is
  // done here, under the cycle kind that needs it, and not in combinational blocks: a
  // simulator then evaluates it only on the unit's busy cycles.
  for (genvar i = 0; i < WPC; i++) begin : g_lane
    always_ff @(posedge clk) begin
      if (stepping) begin : step
        logic [15:0] eb, c16;
        logic [31:0] fb, ib, craw, c32, tin;
        logic [5:0]  lnb, lnc;             // lane and bit of the B and C elements (their VGPR: rb, rc)
        logic [4:0]  btb, btc;
        logic [2:0]  unused_vb, unused_vc;
        logic [3:0]  ni;
        ni  = 4'(32'(g_q) * WPC + i);
        {lnb, unused_vb, btb} = ab_loc(dsz, kbb32, w64, ni, k_q);
        {lnc, unused_vc, btc} = cd_loc(b16, w64, m_q, ni);
        eb  = elem(brow[32*lnb +: 32], btb, dsz) ^ ((kb <= K_BF16 && (btb[4] ? neg_hi[1] : neg[1])) ? 16'h8000 : 16'h0);
        fb  = small32(kb, eb);
        ib  = int32(kb, eb, neg[1]);
        // C: its element of the tuple or the scalar; float rows: ABS (NEG_HI[2]) then NEG (NEG[2])
        craw = c_v ? (crow[32*lnc +: 32] >> btc) : ck;
        if (b16) craw = {16'd0, craw[15:0]};
        c16 = craw[15:0];
        if (fl && b16) begin
          if (neg_hi[2]) c16[15] = 1'b0;
          if (neg[2]) c16[15] = !c16[15];
        end else if (fl) begin
          if (neg_hi[2]) craw[31] = 1'b0;
          if (neg[2]) craw[31] = !craw[31];
        end
        c32 = (cd == C_F16) ? h2f(c16) : (cd == C_BF16) ? {c16, 16'd0} : craw;
        tin = (k_q == 7'd0) ? c32 : t_q[i];
        // integer rows: a 32-bit sum that wraps; float rows, wmma_acc = 0: t = fma(a, b, t),
        // the exact sum of t and the product rounded once to F32 (fp32_fma's result: RNE,
        // denormals kept, the first NaN of t, a, b quieted, inf * 0 and inf - inf the
        // default NaN, an exact zero -0 only from two -0 terms; no exception, V51);
        // wmma_acc = 1: the product added to the exact sum
        if (!fl) t_q[i] <= skip ? tin : tin + ia * ib;
        else if (!acc) t_q[i] <= skip ? tin : xfin(xadd(xinit(tin), fa, fb, 1'b0), C_F32);
        else xs_q[i] <= xadd((k_q == 7'd0) ? xinit(c32) : xs_q[i], fa, fb, skip);
      end
    end
  end

  always_ff @(posedge clk) begin
    // ---- the shared final stage: column s_q of the group into D
    if (storing) begin : store
      logic [31:0]   st, res;
      logic [XS-1:0] sx;
      logic [13:0]   ls;
      st = t_q[0]; sx = xs_q[0];
      for (int i = 1; i < WPC; i++)
        if (s_q == SW'(i)) begin st = t_q[i]; sx = xs_q[i]; end
      res = st;
      // the stepped F32 sum rounded once more to F16 / BF16 (RNE, as fp32_to_fp16 / fp_narrow)
      if (fl && !acc && cd != C_F32) res = xfin(xinit(st), cd);
      if (fl && acc) res = xfin(sx, cd);
      ls = cd_loc(b16, w64, m_q, 4'(32'(g_q) * WPC + 32'(s_q)));
      if (b16) dbuf[ls[7:5]][32*ls[13:8] + 32'(ls[4:0]) +: 16] <= res[15:0];
      else     dbuf[ls[7:5]][32*ls[13:8] +: 32] <= res;
    end
    // ---- V_MQSAD_U32_U8: D row k_q of every lane
    if (st_q == S_RUN && mq) begin : mqsad
      logic [31:0] w, b, c;
      logic [33:0] s;
      logic [7:0]  dd;
      logic [2047:0] row;
      for (int l = 0; l < 64; l++) begin
        w = 32'(s0q[64*l +: 64] >> (8 * k_q[1:0]));
        b = s1q[32*l +: 32];
        c = crow[32*l +: 32];
        s = {2'd0, c};
        for (int j = 0; j < 4; j++) begin
          dd = (w[8*j +: 8] > b[8*j +: 8]) ? w[8*j +: 8] - b[8*j +: 8] : b[8*j +: 8] - w[8*j +: 8];
          if (b[8*j +: 8] != 8'd0) s = s + {26'd0, dd};
        end
        row[32*l +: 32] = (clamp && s[33:32] != 2'd0) ? 32'hffffffff : s[31:0];
      end
      dbuf[k_q[2:0]] <= row;
    end
  end

  logic unused_w;
  assign unused_w = ^{op[6:5], lb[13:8], lb[4:0], lc[13:8], lc[4:0], lg[2:0], ixw[31:4]};
endmodule
