`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_vpk.sv - packed math of the RDNA4 vector unit (combinational): FPC lanes of
// one pass of a VOP3P row or V_PK_FMAC_F16, as model/rdna4/rdna4_exec_valu_pk.c
// executes them (guide §7.7 L3199-3258, Chapter 16 L16795-17230; README "Packed math").
//
// The core hands the raw 32-bit sources (no ABS/NEG, no half selected; a float inline
// constant of a packed F16 source, or of a MIX source whose OPSEL_HI bit is set, is
// {16'h0, F16}).  Operand halves: the operation giving the low half of the result reads
// of source i bits [31:16] when OPSEL[i] is set, else [15:0]; the high one by
// OPSEL_HI[i].  NEG[i] / NEG_HI[i] flip bit 15 of the half read for the low / high
// result (float rows only).
//   * packed 16-bit integer rows (opcodes 0-13): pk16 below on each half, the exact
//     result wrapped to 16 bits or, with CLAMP, saturated to the signed (I16 rows) or
//     unsigned range (V_PK_MUL_LO_U16 too: the model's P3); shifts count S0[3:0] of
//     the half; min/max no CLAMP effect;
//   * packed F16 rows (14-16, 27-30): two rdna4_vhalf_lane per lane, the F16 row
//     datapath of V_FMA/ADD/MUL_F16, V_MIN/MAX_NUM_F16, V_MINIMUM/MAXIMUM_F16 (MODE's
//     F16 policy, CLAMP to [0, 1] with NaN -> +0; no OMOD in VOP3P);
//   * V_FMA_MIX_F32 / MIXLO_F16 / MIXHI_F16 (32-34): source i is the F32 value, or with
//     OPSEL_HI[i] the F16 half OPSEL[i] names converted exactly (fp16_to_fp32, denormals
//     kept, sNaN quieted with invalid); NEG_HI[i] is ABS and NEG[i] negates the F32
//     input; one F32 FMA (an rdna4_vfloat_lane as V_FMA_F32: MODE's F32 policy, CLAMP
//     for MIX_F32); MIXLO/MIXHI convert the result in the low lane as V_CVT_F16_F32
//     (MODE's F16 rounding, CLAMP there) and the core writes the half (vd16 / vdh);
//   * the dot products V_DOT2_F32_F16/BF16, V_DOT4_*_*8, V_DOT8_*_*4 (19, 22-26):
//     rdna4_vdot.sv (k0 / k1: source 0 / 1 is an inline constant, {float, any}).
// exc: the FP_EXC_* bits of the active lanes (act) ORed.
module rdna4_vpk #(
  parameter int FPC = 8
) (
  input  logic [6:0]         op,          // VOP3P opcode (V_PK_FMAC_F16: 14 with S2 = D)
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
  // One half of a packed 16-bit integer row (model pk_int): a, b, c the halves of S0-S2.
  function automatic logic [15:0] pk16(input logic [6:0] k, input logic [15:0] x, input logic [15:0] y,
                                       input logic [15:0] z, input logic cl);
    logic signed [35:0] sx, sy, sz, ux, uy, uz, w;
    logic [15:0] r;
    logic sgn, ar;
    sx = 36'($signed(x)); sy = 36'($signed(y)); sz = 36'($signed(z));
    ux = {20'd0, x}; uy = {20'd0, y}; uz = {20'd0, z};
    w = 36'sd0; sgn = 1'b0; ar = 1'b1; r = 16'd0;
    case (k)
      7'd0:  begin w = sx * sy + sz; sgn = 1'b1; end                  // V_PK_MAD_I16
      7'd1:  w = ux * uy;                                             // V_PK_MUL_LO_U16
      7'd2:  begin w = sx + sy; sgn = 1'b1; end                       // V_PK_ADD_I16
      7'd3:  begin w = sx - sy; sgn = 1'b1; end                       // V_PK_SUB_I16
      7'd9:  w = ux * uy + uz;                                        // V_PK_MAD_U16
      7'd10: w = ux + uy;                                             // V_PK_ADD_U16
      7'd11: w = ux - uy;                                             // V_PK_SUB_U16
      default: ar = 1'b0;
    endcase
    case (k)
      7'd4:  r = y << x[3:0];                                         // V_PK_LSHLREV_B16
      7'd5:  r = y >> x[3:0];                                         // V_PK_LSHRREV_B16
      7'd6:  r = 16'($signed(y) >>> x[3:0]);                          // V_PK_ASHRREV_I16
      7'd7:  r = ($signed(x) >= $signed(y)) ? x : y;                  // V_PK_MAX_I16
      7'd8:  r = ($signed(x) < $signed(y)) ? x : y;                   // V_PK_MIN_I16
      7'd12: r = (x >= y) ? x : y;                                    // V_PK_MAX_U16
      7'd13: r = (x < y) ? x : y;                                     // V_PK_MIN_U16
      default: r = w[15:0];
    endcase
    if (ar && cl) begin
      if (sgn) begin
        if (w > 36'sh7fff)       r = 16'h7fff;
        else if (w < -36'sh8000) r = 16'h8000;
      end else begin
        if (w < 36'sd0)          r = 16'h0000;
        else if (w > 36'shffff)  r = 16'hffff;
      end
    end
    pk16 = r;
  endfunction

  logic [2:0] sel, selh, ng, ngh;
  assign {ngh, ng, selh, sel} = pm;
  logic k_int, k_mix, k_mix16;
  logic [9:0] hop;                      // the F16 row of a packed F16 opcode (rdna4_vhalf_lane numbering)
  always_comb begin
    k_int   = op <= 7'd13;
    k_mix   = op == 7'd32 || op == 7'd33 || op == 7'd34;
    k_mix16 = op == 7'd33 || op == 7'd34;
    case (op)
      7'd14:   hop = 10'd584;           // V_FMA_F16
      7'd15:   hop = 10'd306;           // V_ADD_F16
      7'd16:   hop = 10'd309;           // V_MUL_F16
      7'd27:   hop = 10'd304;           // V_MIN_NUM_F16
      7'd28:   hop = 10'd305;           // V_MAX_NUM_F16
      7'd29:   hop = 10'd871;           // V_MINIMUM_F16
      7'd30:   hop = 10'd872;           // V_MAXIMUM_F16
      default: hop = 10'd394;           // MIXLO/MIXHI: V_CVT_F16_F32 of the F32 result
    endcase
  end

  // the dot products (rdna4_vdot.sv)
  logic             k_dot;
  logic [FPC*32-1:0] dot_d;
  logic [5:0]        dot_exc;
  assign k_dot = op == 7'd19 || (op >= 7'd22 && op <= 7'd26);
  rdna4_vdot #(.FPC(FPC)) u_dot (.op(op), .clamp(clamp), .pm(pm), .mode(mode), .k0(k0), .k1(k1),
    .act(act), .a(a), .b(b), .c(c), .d(dot_d), .exc(dot_exc));

  logic [FPC*6-1:0] le;
  logic [FPC*32-1:0] pd;
  for (genvar g = 0; g < FPC; g++) begin : g_lane
    logic [31:0] s0, s1, s2;
    logic [15:0] l0, l1, l2, h0, h1, h2;            // halves for the low / high result
    assign s0 = a[32*g +: 32];
    assign s1 = b[32*g +: 32];
    assign s2 = c[32*g +: 32];
    assign l0 = sel[0] ? s0[31:16] : s0[15:0];
    assign l1 = sel[1] ? s1[31:16] : s1[15:0];
    assign l2 = sel[2] ? s2[31:16] : s2[15:0];
    assign h0 = selh[0] ? s0[31:16] : s0[15:0];
    assign h1 = selh[1] ? s1[31:16] : s1[15:0];
    assign h2 = selh[2] ? s2[31:16] : s2[15:0];

    // ---- V_FMA_MIX*: F32 inputs, one F32 FMA
    logic [31:0] m0, m1, m2, x0, x1, x2, r_mix;
    logic [5:0]  me0, me1, me2, e_mix;
    logic        unused_mco;
    fp16_to_fp32 u_m0 (.a(l0), .daz(1'b0), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0),
      .dnan(32'hffc00000), .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
      .r(m0), .exc(me0));
    fp16_to_fp32 u_m1 (.a(l1), .daz(1'b0), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0),
      .dnan(32'hffc00000), .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
      .r(m1), .exc(me1));
    fp16_to_fp32 u_m2 (.a(l2), .daz(1'b0), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0),
      .dnan(32'hffc00000), .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
      .r(m2), .exc(me2));
    always_comb begin
      x0 = selh[0] ? m0 : s0;
      x1 = selh[1] ? m1 : s1;
      x2 = selh[2] ? m2 : s2;
      x0[31] = (x0[31] & ~ngh[0]) ^ ng[0];           // NEG_HI is ABS, then NEG (L3199, L3205)
      x1[31] = (x1[31] & ~ngh[1]) ^ ng[1];
      x2[31] = (x2[31] & ~ngh[2]) ^ ng[2];
    end
    rdna4_vfloat_lane u_mix (.op(10'd531), .clamp(clamp && !k_mix16), .omod(2'd0), .mode(mode), .s0(x0),
      .s1(x1), .s2(x2), .vcc_in(1'b0), .d(r_mix), .co(unused_mco), .exc(e_mix));

    // ---- packed F16: the low and the high result on two F16 lanes
    logic [31:0] dl, dh;
    logic [5:0]  el, eh;
    logic        unused_cl, unused_ch;
    rdna4_vhalf_lane u_lo (.op(hop), .clamp(clamp), .omod(2'd0), .mode(mode),
      .s0(k_mix16 ? r_mix : {16'd0, l0 ^ {ng[0], 15'd0}}), .s1({16'd0, l1 ^ {ng[1], 15'd0}}),
      .s2({16'd0, l2 ^ {ng[2], 15'd0}}), .d(dl), .co(unused_cl), .exc(el));
    rdna4_vhalf_lane u_hi (.op(hop), .clamp(clamp), .omod(2'd0), .mode(mode),
      .s0({16'd0, h0 ^ {ngh[0], 15'd0}}), .s1({16'd0, h1 ^ {ngh[1], 15'd0}}),
      .s2({16'd0, h2 ^ {ngh[2], 15'd0}}), .d(dh), .co(unused_ch), .exc(eh));

    // ---- the lane's result
    logic [31:0] r;
    logic [5:0]  e, e_in;
    logic        unused_lane;
    assign unused_lane = ^{dl[31:16], dh[31:16], unused_mco, unused_cl, unused_ch};
    always_comb begin
      e_in = (selh[0] ? me0 : 6'd0) | (selh[1] ? me1 : 6'd0) | (selh[2] ? me2 : 6'd0);
      if (k_int) begin
        r = {pk16(op, h0, h1, h2, clamp), pk16(op, l0, l1, l2, clamp)};
        e = 6'd0;
      end else if (k_mix16) begin
        r = {16'd0, dl[15:0]};
        e = e_in | e_mix | el;
      end else if (k_mix) begin
        r = r_mix;
        e = e_in | e_mix;
      end else begin
        r = {dh[15:0], dl[15:0]};
        e = el | eh;
      end
    end
    assign pd[32*g +: 32] = r;
    assign le[6*g +: 6] = e;
  end

  logic [5:0] pexc;
  always_comb begin
    pexc = 6'd0;
    for (int g = 0; g < FPC; g++)
      if (act[g]) pexc = pexc | le[6*g +: 6];
  end
  assign d   = k_dot ? dot_d : pd;
  assign exc = k_dot ? dot_exc : pexc;
endmodule
