// usc_sop.sv - F16SOP, the 16-bit floating-point sum of products, and
// F16SOP.MAD, four 16-bit multiply-adds, of one instance (model/usc/
// usc_exec_float.c usc_x_f16sop, usc_x_f16sopmad, model D33, D34, rtl R15):
// binary16 of the usc policy (denormals kept, nearest even, overflow to inf,
// every NaN result 0x7e00).  F16SOP: z = min(S1, 1 - S0) of each element,
// the arguments (.neg, .oneminus as 1 - x), the four products, then
// j = (A*E) jOp (B*F) and k = (C*G) kOp (D*H), each step rounded, or with
// the knob sop_fused=1 add/sub/rsub of the exact products rounded once
// (usc_hdot).  Outputs: jDest w0 with kDest w1 (the control words'
// destination 0) are the F32 outputs toF32(j), toF32(k); otherwise W0's
// halves take the jOut/kOut choices and W1 the MOV part's S3.  The core
// writes W1 only when the control words say so (usc_lane).
// F16SOP.MAD (mad = 1): MAD m (W0.e0, W0.e1, W1.e0, W1.e1) is A x E + V of
// its 23-bit field (README of model/usc "Encoding"); each argument FLR,
// .abs, .clamp, then .neg (A, V) or .oneminus (E); the product rounded, then
// the sum (sop_fused=1: one rounding, usc_hdot); the destination's .clamp
// last.  MAD m uses F16SOP's product (and 1 - x) of word m / 2, product m % 2.
// Combinational.
/* verilator lint_off UNUSEDSIGNAL */
module usc_sop (
    input  logic [55:0]      c,     // the control words, word i at [28*i +: 28]: word 0 the j part, 1 the k part
    input  logic [91:0]      mc,    // F16SOP.MAD's control words (the four 23-bit fields)
    input  logic             mad,   // the row is F16SOP.MAD
    input  logic             fused, // knob sop_fused: one rounding of each sum
    input  logic [191:0]     src,    // S0..S5 of this instance, S k at [32*k +: 32]
    output logic [31:0]      w0,
    output logic [31:0]      w1
);
/* verilator lint_on UNUSEDSIGNAL */
  localparam logic [15:0] H_ONE = 16'h3c00, H_DNAN = 16'h7e00;

  // minNum / maxNum of IEEE 754-2008 in the usc policy (model fp_min/fp_max
  // FP_MM_IEEE2008, zero_minmax NEG_LESS): an sNaN or two NaNs give the
  // default NaN, one quiet NaN the other operand, -0 < +0, equal: a
  function automatic logic [15:0] hminmax(input logic [15:0] a, input logic [15:0] b, input logic mx);
    logic na, nb, lt;
    na = a[14:10] == 5'h1f && a[9:0] != 10'd0;
    nb = b[14:10] == 5'h1f && b[9:0] != 10'd0;
    lt = a[15] != b[15] ? a[15] : a[15] ? a[14:0] > b[14:0] : a[14:0] < b[14:0];
    if ((na && nb) || (na && !a[9]) || (nb && !b[9])) hminmax = H_DNAN;
    else if (na) hminmax = b;
    else if (nb) hminmax = a;
    else if (a == b) hminmax = a;
    else hminmax = (mx ? !lt : lt) ? a : b;
  endfunction
  // FLR of a binary16 (model fp_floor; NaN, +-inf, +-0 and integers kept):
  // 0 < x < 1 -> +0, -1 < x < 0 -> -1, else the fraction bits cleared and,
  // for a negative value with a fraction, one unit added to the magnitude
  function automatic logic [15:0] hflr(input logic [15:0] x);
    logic [15:0] fm;
    fm = 16'((17'd1 << (5'd25 - x[14:10])) - 17'd1);
    if (x[14:10] >= 5'd25 || x[14:0] == 15'd0) hflr = x;
    else if (x[14:10] < 5'd15) hflr = x[15] ? 16'hbc00 : 16'h0000;
    else begin
      hflr = x & ~fm;
      if (x[15] && (x & fm) != 16'd0) hflr = hflr + fm + 16'd1;
    end
  endfunction
  // .clamp to [+0, 1]: a NaN, a negative value and -0 give +0
  function automatic logic [15:0] hclamp(input logic [15:0] x);
    if ((x[14:10] == 5'h1f && x[9:0] != 10'd0) || x[15]) hclamp = 16'h0000;
    else hclamp = x > H_ONE ? H_ONE : x;
  endfunction
  // F16SOP.MAD's argument: the element of the source (s 6: +0), FLR, .abs, .clamp, .neg
  // (sv: S0..S5, S k at [32*k +: 32])
  function automatic logic [15:0] marg(input logic [191:0] sv, input logic [2:0] s, input logic e1,
                                       input logic flr, input logic ab, input logic cl, input logic ng);
    marg = s < 3'd6 ? sv[32*s + {e1, 4'd0} +: 16] : 16'h0000;
    if (flr && !(marg[14:10] == 5'h1f && marg[9:0] != 10'd0)) marg = hflr(marg);
    if (ab) marg = {1'b0, marg[14:0]};
    if (cl) marg = hclamp(marg);
    if (ng) marg = {!marg[15], marg[14:0]};
  endfunction

  /* verilator lint_off UNUSEDSIGNAL */
  logic [5:0] xp [2][2];             // no exception state in the USC
  logic [5:0] xf [2];
  /* verilator lint_on UNUSEDSIGNAL */

  // z = min(S1, 1 - S0) of each element (.e0 [15:0], .e1 [31:16])
  logic [15:0] om0 [2];
  logic [15:0] z [2];
  for (genvar e = 0; e < 2; e++) begin : g_z
    usc_hadd u_om (.a(H_ONE), .b(src[(16*e) +: 16]), .sub(1'b1), .r(om0[e]));
    assign z[e] = hminmax(src[32 + (16*e) +: 16], om0[e], 1'b0);
  end

  // F16SOP.MAD: per MAD m the arguments A, E (before and after .oneminus), V
  logic [15:0] ma [4], mep [4], me [4], mv [4];
  logic [15:0] mres [4];              // the product rounded, plus V
  logic [15:0] hd [4];                // usc_hdot: the one-rounding sums
  logic [15:0] hs [4];                // MAD m's sum (one or two roundings)
  logic [15:0] hm [4];                // MAD m's result
  // per control word w: the arguments A E B F (C G D H), the products, the combine
  logic [15:0] rv [2][4];             // the argument as named (source element, 0, z)
  logic [15:0] av [2][4];             // after .neg (A-D) or .oneminus (E-H)
  logic [15:0] omv [2][2];            // 1 - x of E and F (F16SOP.MAD: of E of MAD 2w + m)
  logic [15:0] pr [2][2];             // A*E, B*F (F16SOP.MAD: A*E of MAD 2w + m)
  logic [15:0] sm [2];                // the add/sub/rsub
  logic [15:0] rs [2];                // j / k
  logic [15:0] ro [2];                // the output choice: j a b / k c d
  logic [31:0] f32 [2];
  logic [2:0]  op [2];
  for (genvar w = 0; w < 2; w++) begin : g_w
    for (genvar i = 0; i < 4; i++) begin : g_arg
      logic [4:0] a;
      assign a = c[28*w + (5*i) +: 5];
      assign rv[w][i] = a[2:0] < 3'd6 ? src[32*(a[2:0]) + ({a[3], 4'd0}) +: 16] : a[2:0] == 3'd6 ? 16'd0 : z[a[3]];
      // .oneminus (E-H, odd i) or .neg (A-D, even i)
      assign av[w][i] = !a[4] ? rv[w][i] : i % 2 == 1 ? omv[w][i / 2] : {!rv[w][i][15], rv[w][i][14:0]};
    end
    for (genvar m = 0; m < 2; m++) begin : g_om   // 1 - E, 1 - F
      usc_hadd u_om (.a(H_ONE), .b(mad ? mep[2*w + m] : rv[w][2*m + 1]), .sub(1'b1), .r(omv[w][m]));
    end
    for (genvar m = 0; m < 2; m++) begin : g_mul
      fp_mul #(.EW(5), .MW(10)) u_mul (.a(mad ? ma[2*w + m] : av[w][2*m]), .b(mad ? me[2*w + m] : av[w][2*m + 1]),
        .rm(3'd0), .daz(1'b0), .ftz(1'b0),
        .tiny_after(1'b1), .ovf_sat(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(H_DNAN),
        .dexc_always(1'b0), .zero_wins(1'b0), .zw_sign_xor(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0),
        .clamp_negzero_keep(1'b0), .r(pr[w][m]), .exc(xp[w][m]));
    end
    // jOp/kOp: 0 add, 1 sub, 2 min, 3 max, 4 rsub (second - first)
    assign op[w] = c[28*w + 20 +: 3];
    usc_hadd u_cmb (.a(op[w] == 3'd4 ? pr[w][1] : pr[w][0]), .b(op[w] == 3'd4 ? pr[w][0] : pr[w][1]), .sub(op[w] != 3'd0), .r(sm[w]));
    // sop_fused=1: (A*E) +- (B*F) exact, rounded once (sub: B negated, rsub: A)
    usc_hdot u_hd (.x0(mad ? ma[w] : op[w] == 3'd4 ? {!av[w][0][15], av[w][0][14:0]} : av[w][0]),
      .y0(mad ? me[w] : av[w][1]),
      .x1(mad ? mv[w] : op[w] == 3'd1 ? {!av[w][2][15], av[w][2][14:0]} : av[w][2]),
      .y1(mad ? H_ONE : av[w][3]), .r(hd[w]));
    assign rs[w] = op[w] == 3'd2 ? hminmax(pr[w][0], pr[w][1], 1'b0) :
                   op[w] == 3'd3 ? hminmax(pr[w][0], pr[w][1], 1'b1) : fused ? hd[w] : sm[w];
    assign ro[w] = c[28*w + 23 +: 2] == 2'd1 ? av[w][0] : c[28*w + 23 +: 2] == 2'd2 ? av[w][2] : rs[w];
    fp16_to_fp32 u_f32 (.a(ro[w]), .daz(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b0),
      .dnan(32'h7fc00000), .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0),
      .clamp_negzero_keep(1'b0), .r(f32[w]), .exc(xf[w]));
  end
  for (genvar m = 0; m < 4; m++) begin : g_mad
    logic [22:0] f;
    assign f = mc[23*m +: 23];
    // fields: A [2:0] src [3] .e1 [4] .neg [5] .abs [6] .flr; E [9:7] src (6: 0)
    // [10] .e1 [11] .oneminus [12] .clamp [13] .abs; V [16:14] src (6: 0) [17] .e1
    // [18] .neg [19] .clamp [20] .abs [21] .flr; [22] the destination's .clamp
    assign ma[m] = marg(src, f[2:0], f[3], f[6], f[5], 1'b0, f[4]);
    assign mep[m] = marg(src, f[9:7], f[10], 1'b0, f[13], f[12], 1'b0);
    assign me[m] = f[11] ? omv[m / 2][m % 2] : mep[m];
    assign mv[m] = marg(src, f[16:14], f[17], f[21], f[20], f[19], f[18]);
    usc_hadd u_madd (.a(pr[m / 2][m % 2]), .b(mv[m]), .sub(1'b0), .r(mres[m]));
    assign hs[m] = fused ? hd[m] : mres[m];
    assign hm[m] = f[22] ? hclamp(hs[m]) : hs[m];
  end

  // MAD 2 and 3 (W1) only in F16SOP.MAD
  for (genvar m = 2; m < 4; m++) begin : g_hd
    usc_hdot u_hd (.x0(ma[m]), .y0(me[m]), .x1(mv[m]), .y1(H_ONE), .r(hd[m]));
  end

  // destination 0: F32 outputs; 1 j in W0.e0 (k in .e1); 2 j in W0.e1
  // (F16SOP.MAD: W0 = {MAD 1, MAD 0}, W1 = {MAD 3, MAD 2})
  assign w0 = mad ? {hm[1], hm[0]} : c[25 +: 2] == 2'd0 ? f32[0] : c[25 +: 2] == 2'd2 ? {ro[0], ro[1]} : {ro[1], ro[0]};
  assign w1 = mad ? {hm[3], hm[2]} : c[25 +: 2] == 2'd0 ? f32[1] : src[96 +: 32];
endmodule

