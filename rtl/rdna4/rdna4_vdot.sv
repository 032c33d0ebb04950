`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_vdot.sv - the VOP3P dot products of the RDNA4 vector unit (combinational):
// FPC lanes of one pass of V_DOT2_F32_F16 (19), V_DOT4_I32_IU8 (22), V_DOT4_U32_U8
// (23), V_DOT8_I32_IU4 (24), V_DOT8_U32_U4 (25) or V_DOT2_F32_BF16 (26), as
// model/rdna4/rdna4_exec_valu_pk.c executes them (Chapter 16 L16999-17125; model
// README "Packed math" P1, P3, P4).  rdna4_vpk.sv instantiates it and selects its
// result for these opcodes.
//
// The sources are the raw 32-bit values (no half selected, no NEG) as rdna4_vpk gets
// them; k0 / k1 say whether source 0 / 1 is an inline constant {float constant,
// inline constant}.
//   * integer rows: the 32/bits elements of S0 and S1 (whole sources: OPSEL 0 and
//     OPSEL_HI all ones, refused otherwise by decode as the model's E15), signed when
//     NEG[0] / NEG[1] is set on the IU rows (the U rows are unsigned), their products
//     summed with S2 (signed on the IU rows, unsigned on the U rows) exactly; the
//     result wraps to 32 bits, or with CLAMP on the DOT8 rows saturates to the I32
//     (IU) or U32 range (P3); the DOT4 rows ignore CLAMP (L2879);
//   * float rows: the [15:0] product reads the halves OPSEL names, the [31:16] one
//     those OPSEL_HI names, NEG / NEG_HI flip bit 15 of those halves; an inline
//     constant in S0 / S1 is replicated into both halves (L2760: its F16 pattern, the
//     core hands {16'h0, F16}; of BF16 the high half of the F32 pattern; an integer
//     constant its low 16 bits); S2 is F32, NEG_HI[2] takes its absolute value and
//     NEG[2] negates (P4).  tmp = S2; tmp += a0*b0; tmp += a1*b1: each step one F32
//     FMA (an rdna4_vfloat_lane as V_FMA_F32, MODE's F32 policy) of the halves
//     converted exactly (F16: fp16_to_fp32, denormals kept, sNaN quieted with
//     invalid; BF16: the high half of an F32), except that a NaN tmp stays the
//     result, quieted (the model's first-NaN rule; the FMA still raises its
//     exceptions).  CLAMP is ignored (§7.2.3.1 L2877).
// exc: the FP_EXC_* bits of the active lanes (act) ORed (float rows).
module rdna4_vdot #(
  parameter int FPC = 8
) (
  input  logic [6:0]         op,
  input  logic               clamp,
  input  logic [11:0]        pm,          // {NEG_HI, NEG, OPSEL_HI, OPSEL}
  input  logic [31:0]        mode,        // MODE hardware register
  input  logic [1:0]         k0,          // source 0: {float inline constant, inline constant}
  input  logic [1:0]         k1,
  input  logic [FPC-1:0]     act,
  input  logic [FPC*32-1:0]  a,
  input  logic [FPC*32-1:0]  b,
  input  logic [FPC*32-1:0]  c,
  output logic [FPC*32-1:0]  d,
  output logic [5:0]         exc
);
  // One lane of an integer dot: w4 the 4-bit elements (DOT8), else 8-bit (DOT4); iu the
  // signed accumulator (and the NEG signedness selects sa / sb).
  function automatic logic [31:0] idot(input logic w4, input logic iu, input logic sa, input logic sb,
                                       input logic cl, input logic [31:0] x, input logic [31:0] y,
                                       input logic [31:0] z);
    logic signed [40:0] t;
    logic signed [9:0]  ex, ey;
    logic signed [19:0] pr;
    logic [31:0]        r;
    t = iu ? 41'($signed(z)) : {9'd0, z};
    for (int e = 0; e < 8; e++) begin
      ex = 10'sd0; ey = 10'sd0;
      if (w4) begin
        ex = sa ? 10'($signed(x[4*e +: 4])) : {6'd0, x[4*e +: 4]};
        ey = sb ? 10'($signed(y[4*e +: 4])) : {6'd0, y[4*e +: 4]};
      end else if (e < 4) begin
        ex = sa ? 10'($signed(x[8*e +: 8])) : {2'd0, x[8*e +: 8]};
        ey = sb ? 10'($signed(y[8*e +: 8])) : {2'd0, y[8*e +: 8]};
      end
      pr = ex * ey;
      t = t + 41'(pr);
    end
    r = t[31:0];
    if (cl && w4) begin
      if (iu) begin
        if (t > 41'sh0_7fff_ffff)       r = 32'h7fffffff;
        else if (t < -41'sh0_8000_0000) r = 32'h80000000;
      end else if (t > 41'sh0_ffff_ffff) r = 32'hffffffff;
    end
    idot = r;
  endfunction

  logic [2:0] sel, selh, ng, ngh;
  assign {ngh, ng, selh, sel} = pm;
  logic k_f, k_bf, k_w4, k_iu;
  assign k_bf = op == 7'd26;
  assign k_f  = op == 7'd19 || k_bf;
  assign k_w4 = op == 7'd24 || op == 7'd25;
  assign k_iu = op == 7'd22 || op == 7'd24;
  logic unused_sel;                     // S2 is a whole F32: its OPSEL / OPSEL_HI bits unused
  assign unused_sel = ^{sel[2], selh[2]};

  logic [FPC*6-1:0] le;
  for (genvar g = 0; g < FPC; g++) begin : g_lane
    logic [31:0] s0, s1, s2, q0, q1;
    logic [15:0] h0, h1, a0, a1, b0, b1;
    assign s0 = a[32*g +: 32];
    assign s1 = b[32*g +: 32];
    assign s2 = c[32*g +: 32];
    // an inline constant of S0 / S1 replicated into both halves
    assign h0 = (k_bf && k0[1]) ? s0[31:16] : s0[15:0];
    assign h1 = (k_bf && k1[1]) ? s1[31:16] : s1[15:0];
    assign q0 = k0[0] ? {h0, h0} : s0;
    assign q1 = k1[0] ? {h1, h1} : s1;
    assign a0 = (sel[0]  ? q0[31:16] : q0[15:0]) ^ {ng[0], 15'd0};
    assign b0 = (sel[1]  ? q1[31:16] : q1[15:0]) ^ {ng[1], 15'd0};
    assign a1 = (selh[0] ? q0[31:16] : q0[15:0]) ^ {ngh[0], 15'd0};
    assign b1 = (selh[1] ? q1[31:16] : q1[15:0]) ^ {ngh[1], 15'd0};

    // the four halves (A0 B0 A1 B1) as F32 values: BF16 widened, F16 converted exactly
    logic [63:0]  hv;
    logic [127:0] fv, xv;
    logic [23:0]  ev;
    logic [31:0] xa0, xb0, xa1, xb1;
    assign hv = {b1, a1, b0, a0};
    for (genvar k = 0; k < 4; k++) begin : g_half
      fp16_to_fp32 u_cvt (.a(hv[16*k +: 16]), .daz(1'b0), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0),
        .dnan(32'hffc00000), .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
        .r(fv[32*k +: 32]), .exc(ev[6*k +: 6]));
      assign xv[32*k +: 32] = k_bf ? {hv[16*k +: 16], 16'd0} : fv[32*k +: 32];
    end
    assign {xb1, xa1, xb0, xa0} = xv;

    // tmp = S2 (NEG_HI[2] ABS, then NEG[2]); two FMAs, a NaN tmp kept
    logic [31:0] t0, r1, t1, r2, t2;
    logic [5:0]  e1, e2;
    logic        unused_c1, unused_c2;
    assign t0 = {(s2[31] & ~ngh[2]) ^ ng[2], s2[30:0]};
    rdna4_vfloat_lane u_f1 (.op(10'd531), .clamp(1'b0), .omod(2'd0), .mode(mode), .s0(xa0), .s1(xb0),
      .s2(t0), .vcc_in(1'b0), .d(r1), .co(unused_c1), .exc(e1));
    assign t1 = (t0[30:23] == 8'hff && t0[22:0] != 23'd0) ? (t0 | 32'h00400000) : r1;
    rdna4_vfloat_lane u_f2 (.op(10'd531), .clamp(1'b0), .omod(2'd0), .mode(mode), .s0(xa1), .s1(xb1),
      .s2(t1), .vcc_in(1'b0), .d(r2), .co(unused_c2), .exc(e2));
    assign t2 = (t1[30:23] == 8'hff && t1[22:0] != 23'd0) ? (t1 | 32'h00400000) : r2;

    logic unused_lane;
    assign unused_lane = ^{unused_c1, unused_c2};
    assign d[32*g +: 32] = k_f ? t2 : idot(k_w4, k_iu, k_iu && ng[0], k_iu && ng[1], clamp, s0, s1, s2);
    assign le[6*g +: 6] = !k_f ? 6'd0 : k_bf ? (e1 | e2) : (ev[5:0] | ev[11:6] | ev[17:12] | ev[23:18] | e1 | e2);
  end

  always_comb begin
    exc = 6'd0;
    for (int g = 0; g < FPC; g++)
      if (act[g]) exc = exc | le[6*g +: 6];
  end
endmodule
