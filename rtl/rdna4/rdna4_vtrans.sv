`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_vtrans.sv - the F32 transcendentals of the RDNA4 vector unit: V_RCP, V_RSQ,
// V_SQRT, V_LOG, V_EXP, V_SIN, V_COS_F32 (VOP3 rows 426, 430, 435, 423, 421, 437,
// 438) and the pseudo-scalar V_S_RCP/RSQ/SQRT/LOG/EXP_F32 (644, 646, 648, 642, 640:
// the core hands them lane 0 only) on one rtl/common/fp/fp32_trans_core (turns,
// rad = 0), which serves the FPC lanes of a pass one after the other (README "Vector
// unit", "Transcendentals").
//
// The model (rdna4_exec_valu_f32.c) computes them correctly rounded in MODE's
// rounding with the F32 denormals flushed in and out (§7.2.4; SIN/COS in turns, C22).
// fp32_trans_core gives the correctly rounded result in the mode it is given, with
// that flush: EXP, LOG, SIN and COS (F32) get MODE's F32 rounding there; RCP, RSQ and
// SQRT and the F16 rows get round to nearest even and are moved here (below).  The
// unit raises no flags: they are worked here from the operand and the result (the
// model's fp_rcp/fp_rsq/fp_sqrt/fp_exp2/fp_log2/fp_sin/fp_cos):
//   * denormal operand: any denormal S0 (it reads as +-0);
//   * invalid: an sNaN; RSQ, SQRT, LOG of a negative number (-Inf too); SIN, COS of Inf;
//   * divide by zero: RCP, RSQ, LOG of +-0;
//   * overflow: EXP of a finite S0 >= 128 (+Inf, or the largest finite value when
//     MODE rounds toward zero or -Inf);
//   * underflow: a finite nonzero result flushed to zero (RCP of |x| > 2^126, EXP
//     below 2^-126);
//   * inexact: with overflow or underflow, and else unless the result is exact: RCP of
//     a power of two, RSQ of an even power of two, SQRT when the result squared is S0
//     (a 24 x 24-bit product), EXP of an integer, LOG of a power of two, SIN and COS of
//     a multiple of a quarter turn (4 S0 an integer); +-0 and Inf operands are exact.
// V_RCP_IFLAG_F32 (427) is RCP without float flags: a zero divisor (a flushed
// denormal too) raises the integer divide-by-zero instead, exc[6] (EXCP_FLAG_USER
// bit 6, L13348-13362; model rdna4_exec_valu_f16x.c).
// Then OMOD and CLAMP as the other F32 rows (rdna4_vfloat_lane.sv), OMOD reading a
// denormal as 0 (the flush policy).
//
// Handshake with the core: go holds while a pass of such a row is in EX (op, mode,
// act, a stable); the unit starts fp32_trans for each active lane in turn and raises
// rdy when the pass's lanes are done (d and exc valid, held while go stays); the
// cycle after rdy it begins again (the core has moved to the next pass or row).
// Cycles per pass: the sum over the active lanes of fp32_trans's latency plus one
// (32 for RCP/RSQ/SQRT, 104 for EXP/LOG/SIN/COS, 3 for special operands).
module rdna4_vtrans #(
  parameter int FPC = 8
) (
  input  logic               clk,
  input  logic               rst_n,
  input  logic               go,
  input  logic [9:0]         op,
  input  logic               clamp,
  input  logic [1:0]         omod,
  input  logic [31:0]        mode,          // MODE (the F16 rows' rounding, denormals, FP16_OVFL)
  input  logic [FPC-1:0]     act,
  input  logic [FPC*32-1:0]  a,
  output logic               rdy,
  output logic [FPC*32-1:0]  d,
  output logic [6:0]         exc          // FP_EXC_* bits, [6] the integer divide by zero
);
  localparam int CW = $clog2(FPC + 1);
  localparam logic [31:0] DNAN32 = 32'hffc00000;

  logic [2:0] top;
  logic       h16;                       // an F16 row (468-472, 480, 481)
  always_comb begin
    h16 = rdna4_pkg::vtrans16(op);
    case (op)
      10'd426, 10'd427, 10'd468, 10'd644, 10'd645: top = 3'd0;      // RCP, RCP_IFLAG, RCP_F16, V_S_RCP
      10'd430, 10'd470, 10'd646, 10'd647: top = 3'd1;      // RSQ, V_S_RSQ
      10'd435, 10'd469, 10'd648, 10'd649: top = 3'd2;      // SQRT, V_S_SQRT
      10'd472, 10'd641: top = 3'd3;      // EXP_F16, V_S_EXP_F16
      10'd421, 10'd640: top = 3'd3;      // EXP, V_S_EXP
      10'd423, 10'd471, 10'd642, 10'd643: top = 3'd4;      // LOG, V_S_LOG
      10'd437, 10'd480: top = 3'd5;      // SIN
      default: top = 3'd6;      // COS (438, 481)
    endcase
  end

  logic [CW-1:0] cnt;
  logic          started, rdy_q, tgo, tdone, tbusy;
  logic [31:0]   xa, x, x16, tr;
  logic [FPC*32-1:0] d_q;
  logic [6:0]    exc_q, fl7;
  always_comb begin
    xa = 32'd0;
    for (int i = 0; i < FPC; i++)
      if (cnt == CW'(i)) xa = a[32*i +: 32];
  end
  // an F16 row's operand (the half in bits 15:0) converted exactly: MODE[6] input
  // flush, sNaN quieted with invalid, the denormal flag
  logic [5:0]  xe16;
  logic [2:0]  rm16;
  logic        daz16;
  assign rm16  = rdna4_pkg::fp_rm(mode[3:2]);
  assign daz16 = !mode[6];
  fp16_to_fp32 u_x16 (.a(xa[15:0]), .daz(daz16), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0),
    .dnan(DNAN32), .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
    .r(x16), .exc(xe16));
  assign x = h16 ? x16 : xa;
  logic lane_act;
  always_comb begin
    lane_act = 1'b0;
    for (int i = 0; i < FPC; i++)
      if (cnt == CW'(i)) lane_act = act[i];
  end
  assign tgo = go && !rdy_q && cnt != CW'(FPC) && lane_act && !started && !tbusy;
  // the unit's rounding: MODE's F32 one for EXP, LOG, SIN, COS (F32); nearest even for
  // RCP, RSQ, SQRT (moved below) and the F16 rows (rounded to F16 from tr below)
  logic [2:0] trm;
  assign trm = (!h16 && top >= 3'd3) ? rdna4_pkg::fp_rm(mode[1:0]) : 3'd0;
  fp32_trans_core u_tr (.clk(clk), .rst_n(rst_n), .start(tgo), .op(top), .rad(1'b0), .rm(trm), .a(x),
    .dnan(DNAN32), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1), .nan_keep(1'b0), .nan_prop(2'd0),
    .busy(tbusy), .done(tdone), .r(tr));

  // ---- the flags of the lane (x the operand, tr the result)
  logic        xnan, xsnan, xinf, xzero, xden, xneg, rzero, rinf, xint, xq, xexact;
  logic [7:0]  xe;
  logic [22:0] xm, qmask;
  logic [47:0] rsq2;
  logic [5:0]  fl;
  assign xe    = x[30:23];
  assign xm    = x[22:0];
  assign xnan  = xe == 8'hff && xm != 23'd0;
  assign xsnan = xnan && !xm[22];
  assign xinf  = xe == 8'hff && xm == 23'd0;
  assign xden  = xe == 8'd0 && xm != 23'd0;
  assign xzero = xe == 8'd0;                           // +-0 and the flushed denormals
  assign xneg  = x[31];
  assign rzero = tr[30:0] == 31'd0;
  assign rinf  = tr[30:0] == 31'h7f800000;
  // EXP: an integer S0 (|x| >= 2^23, or no fraction bit below 2^0)
  // SIN/COS: 4 S0 an integer (no fraction bit below 2^-2)
  always_comb begin
    xint = xe >= 8'd150;
    if (xe >= 8'd127 && xe < 8'd150) xint = (xm & 23'((24'd1 << (8'd150 - xe)) - 24'd1)) == 23'd0;
    xq = xe >= 8'd148;
    qmask = 23'd0;
    if (xe >= 8'd125 && xe < 8'd148) begin
      qmask = 23'((24'd1 << (8'd148 - xe)) - 24'd1);
      xq = (xm & qmask) == 23'd0;
    end
  end
  // SQRT exact: the result's significand squared equals S0's, the exponents aligned
  // (E(x) - 127 - 2 (E(r) - 127) is 0 for an odd E(x), 1 for an even one)
  assign rsq2 = {1'b1, tr[22:0]} * {1'b1, tr[22:0]};

  // ---- RCP, RSQ, SQRT (F32) in MODE's directed roundings: tr is the result rounded to
  // nearest even; an inexact one is moved one ulp toward the true value t when the
  // direction asks for the other side of t.  The side is exact integer arithmetic on
  // the significands: RCP |tr| > |t| when tr x > 1, RSQ when tr^2 x > 1, SQRT when
  // tr^2 > x.  A result moved into the denormals is flushed to +-0 (the rows flush
  // their output; tininess after rounding: t lies below 2^-126 then).  EXP, LOG, SIN
  // and COS need no move: fp32_trans_core rounds them in MODE's rounding itself.
  logic [47:0] rcpp;
  logic [71:0] rsqp;
  logic [9:0]  rdd;                       // RSQ: 2 E(tr) + E(x), unbiased, + 3
  logic        mup, rdir, rdec, rinc, rsgn;
  logic [1:0]  frnd;
  logic [31:0] trd;
  logic        rzd;
  assign frnd = mode[1:0];                // 0 nearest even, 1 +inf, 2 -inf, 3 toward zero
  assign rcpp = {1'b1, tr[22:0]} * {1'b1, xm};
  assign rsqp = {24'd0, rsq2} * {48'd0, 1'b1, xm};
  assign rdd  = {1'b0, tr[30:23], 1'b0} + {2'd0, xe} - 10'd378;
  always_comb begin
    case (top)
      3'd0:    mup = (tr[30:23] + xe == 8'd254) ? (rcpp > 48'h4000_0000_0000) : (rcpp > 48'h8000_0000_0000);
      3'd1:    mup = (rdd == 10'd3) ? (rsqp > (72'd1 << 69)) : (rdd == 10'd2) ? (rsqp > (72'd1 << 70))
                   : (rdd == 10'd1) ? (rsqp > (72'd1 << 71)) : 1'b0;
      default: mup = !xe[0] ? (rsq2 > {1'b1, xm, 24'd0}) : (rsq2 > {2'b01, xm, 23'd0});
    endcase
    rsgn = tr[31];
    rdir = !h16 && top <= 3'd2 && frnd != 2'd0 && !xexact && !xnan && !xinf && !xzero &&
           tr[30:23] != 8'd0 && tr[30:23] != 8'hff;
    rdec = rdir && mup && (frnd == 2'd3 || (frnd == 2'd1 && rsgn) || (frnd == 2'd2 && !rsgn));
    rinc = rdir && !mup && ((frnd == 2'd1 && !rsgn) || (frnd == 2'd2 && rsgn));
    trd  = tr;
    if (rdec) trd = tr - 32'd1;
    if (rinc) trd = tr + 32'd1;
    if (trd[30:23] == 8'd0) trd = {trd[31], 31'd0};
    rzd = trd[30:0] == 31'd0;
  end
  always_comb begin
    case (top)
      3'd0: xexact = xm == 23'd0;
      3'd1: xexact = xm == 23'd0 && xe[0];
      3'd2: xexact = !xe[0] ? (rsq2 == {1'b1, xm, 24'd0}) : (rsq2 == {2'b01, xm, 23'd0});
      3'd3: xexact = xint;
      3'd4: xexact = xm == 23'd0;
      default: xexact = xq;
    endcase
  end
  always_comb begin
    fl = {xden, 5'd0};
    if (xnan) fl = {5'd0, xsnan};
    else if (xzero) begin
      if (top == 3'd0 || top == 3'd1 || top == 3'd4) fl[1] = 1'b1;   // 1/0, 1/sqrt(0), log(0)
    end else if (xinf) begin
      if ((xneg && (top == 3'd1 || top == 3'd2 || top == 3'd4)) || top == 3'd5 || top == 3'd6) fl[0] = 1'b1;
    end else if (xneg && (top == 3'd1 || top == 3'd2 || top == 3'd4)) fl[0] = 1'b1;
    else begin
      fl[2] = top == 3'd3 && !xneg && xe >= 8'd134;    // overflow (EXP of x >= 128)
      fl[3] = rzd && (top == 3'd0 || top == 3'd3);     // underflow (RCP, EXP flushed; RCP in MODE's rounding)
      fl[4] = fl[2] || fl[3] || !xexact;               // inexact (LOG 1, SIN of a half turn: exact 0)
    end
  end

  assign fl7 = h16 ? {1'b0, fl16} : (op == 10'd427) ? {fl[1], 6'd0} : {1'b0, fl};   // RCP_IFLAG: the integer divide by zero only

  // ---- the F16 rows (README "F16 transcendentals"; testbenches/fp/f16_trans_check.c):
  // tr is the F32 result rounded to nearest even; y16 carries the side of the true
  // value t below tr's ulp, then one rounding to F16 in MODE's F16 mode gives the
  // correctly rounded F16 result and its flags.  t exact (fl[4] clear): tr itself;
  // EXP overflowing F32: the largest finite F32; EXP flushed to 0: the smallest
  // denormal; tr's low 12 bits zero (an F16 value or midpoint, which says nothing of
  // t's side): one F32 ulp toward t, the side from the table below (found and
  // checked over every input by the exhaustive check); else tr itself (no F16 value nor
  // midpoint lies between t and tr, and tr is no F16 value: the conversion is inexact).
  logic        sup;                       // |t| > |tr| (else |t| < |tr|)
  logic [31:0] y16;
  always_comb begin
    // above: RSQ of 0x11f m 4^k (rsq(m 4^k) = rsq(m) 2^-k: one side for every odd
    // exponent field), EXP of six inputs (0x36b6 the double rounding of RNE), COS of
    // 0x2118 / 0xa118; every other input with a side to give lies below: COS rounding to
    // F32 1.0, RSQ of 0x313 m 4^k, SIN of 0x2ee7 / 0xaee7, COS of 0x1f34 / 0x9f34
    sup = (top == 3'd1 && xa[10] && xa[9:0] == 10'h11f);
    case ({top, xa[15:0]})
      {3'd3, 16'h0001}, {3'd3, 16'h11c5}, {3'd3, 16'h36b6}, {3'd3, 16'h95c6}, {3'd3, 16'ha86d},
      {3'd3, 16'hb8a5}, {3'd6, 16'h2118}, {3'd6, 16'ha118}: sup = 1'b1;
      default: ;
    endcase
    y16 = tr;
    if (top == 3'd3 && rinf && !xinf && !xnan) y16 = {tr[31], 31'h7f7fffff};
    else if (!fl[4])                          y16 = tr;
    else if (rzero)                           y16 = {tr[31], 31'd1};
    else if (tr[11:0] == 12'd0)               y16 = sup ? tr + 32'd1 : tr - 32'd1;
  end
  logic [15:0] r16, r16o, r16c, r16f, om16_k;
  logic [5:0]  e16, e16o, fl16;
  logic        ftz16;
  assign ftz16 = !mode[7];
  logic unused16;
  assign unused16 = ^{mode[31:24], mode[22:8], mode[5:4], xe16[4:1], e16[5]};
  fp32_to_fp16 u_cv16 (.a(y16), .daz(1'b0), .rm(rm16), .ftz(ftz16), .tiny_after(1'b1),
    .ovf_sat(mode[23]), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(16'hfe00), .dexc_always(1'b1),
    .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r16), .exc(e16));
  // the operand's denormal and invalid (sNaN) flags, the rules' invalid and divide by
  // zero, the conversion's overflow, underflow and inexact (its input is no operand)
  assign fl16 = {xe16[5], 5'd0} | {5'd0, xe16[0]} | {4'd0, fl[1:0]} | {1'b0, e16[4:0]};
  // OMOD in the F16 policy (output denormals flushed, -0 -> +0, its invalid/overflow/
  // denormal flags), else CLAMP: as rdna4_vhalf_lane.sv
  assign om16_k = (omod == 2'd1) ? 16'h4000 : (omod == 2'd2) ? 16'h4400 : 16'h3800;
  fp_mul #(.EW(5), .MW(10)) u_om16 (.a(r16), .b(om16_k), .rm(rm16), .daz(daz16),
    .ftz(1'b1), .tiny_after(1'b1), .ovf_sat(mode[23]), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0),
    .dnan(16'hfe00), .dexc_always(1'b1), .zero_wins(1'b0), .zw_sign_xor(1'b0), .clamp(clamp),
    .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r16o), .exc(e16o));
  fp_clamp #(.EW(5), .MW(10)) u_clamp16 (.x(r16), .nan_inf(1'b0), .clamp(clamp), .clamp_nan_keep(1'b0),
    .clamp_negzero_keep(1'b0), .r(r16c));
  assign r16f = (omod == 2'd0) ? r16c : (r16o == 16'h8000) ? 16'd0 : r16o;

  // ---- OMOD, CLAMP (rdna4_vfloat_lane.sv's result stage, a denormal read as 0)
  logic [37:0] om;
  logic [31:0] r1, r2, r3, r4;
  logic [5:0]  e1, e2;
  assign om = rdna4_pkg::omod32(trd, omod, rdna4_pkg::fp_rm(mode[1:0]), 1'b1);
  assign r1 = (omod == 2'd0) ? trd : om[31:0];
  assign e1 = (omod == 2'd0) ? 6'd0 : om[37:32];
  assign r4 = h16 ? {16'd0, r16f} : r3;
  assign e2 = h16 ? ((omod == 2'd0) ? 6'd0 : (e16o & 6'b100111)) : e1;
  fp_clamp #(.EW(8), .MW(23)) u_clamp (.x(r1), .nan_inf(1'b0), .clamp(clamp), .clamp_nan_keep(1'b0),
    .clamp_negzero_keep(1'b0), .r(r2));
  assign r3 = (omod != 2'd0 && r2 == 32'h80000000) ? 32'd0 : r2;

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      cnt <= '0; started <= 1'b0; rdy_q <= 1'b0; d_q <= '0; exc_q <= 7'd0;
    end else if (!go || rdy_q) begin                   // idle, or the pass was taken: start over
      cnt <= '0; started <= 1'b0; rdy_q <= 1'b0; exc_q <= 7'd0;
    end else if (cnt == CW'(FPC)) begin
      rdy_q <= 1'b1;
    end else if (!lane_act) begin
      cnt <= cnt + 1'b1;
    end else if (tgo) begin
      started <= 1'b1;
    end else if (tdone) begin
      for (int i = 0; i < FPC; i++)
        if (cnt == CW'(i)) d_q[32*i +: 32] <= r4;
      exc_q <= exc_q | fl7 | {1'b0, e2};
      started <= 1'b0;
      cnt <= cnt + 1'b1;
    end
  end
  assign rdy = rdy_q;
  assign d   = d_q;
  assign exc = exc_q;
endmodule
