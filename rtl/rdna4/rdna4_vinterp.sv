`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_vinterp.sv - the operands of VINTERP (combinational): FPC lanes of one pass of
// V_INTERP_P10_F32, V_INTERP_P2_F32, V_INTERP_P10_F16_F32, V_INTERP_P2_F16_F32 and the
// RTZ forms, as model/rdna4/rdna4_exec_valu_interp.c prepares them (chapter 16
// L25062-25175, §11.7 L5775-5823; model README V54; README "Parameter interpolation").
//
// The core hands each lane's sources already taken across the quad (S0: P10 from lane
// (laneId & ~3) + 1, or P20 from + 2 in the P2 rows; S2: P0 from lane laneId & ~3 in the
// P10 rows, the lane's own F32 S2 in the P2 rows; S1 the lane's own I or J).  Here:
//   * the F16 rows take S0 (and S2 of the P10 rows) as the half OPSEL[0] (OPSEL[2])
//     names, converted exactly to F32 (fp16_to_fp32 with MODE[6]'s input flush, sNaN
//     quieted), as the model's fp_convert;
//   * NEG[i] then flips bit 31 of the F32 source i (all three sources, Table 70).
// The FMA (MODE's F32 policy; RTZ rows: the core hands a MODE that rounds toward zero)
// and the F16 rounding of the P2_F16 rows are V_FMA_MIX_F32 / MIXLO / MIXHI_F16 of
// rdna4_vpk.sv on these F32 operands.  VINTERP reports no exception (L5821): the
// conversions' flags are dropped here, the FMA's by the core.
module rdna4_vinterp #(
  parameter int FPC = 8
) (
  input  logic               f16,         // an F16 row (P10_F16_F32, P2_F16_F32, the RTZ forms)
  input  logic               p2,          // a P2 row
  input  logic [2:0]         opsel,       // OPSEL[2:0] (bit 1 unused: S1 is F32)
  input  logic [2:0]         neg,         // NEG[2:0]
  input  logic [31:0]        mode,        // MODE hardware register (bit 6: F16 denormal inputs kept)
  input  logic [FPC*32-1:0]  a,           // S0, S1, S2 of each lane at [32*i +: 32]
  input  logic [FPC*32-1:0]  b,
  input  logic [FPC*32-1:0]  c,
  output logic [FPC*32-1:0]  fa,          // the F32 operands of the FMA
  output logic [FPC*32-1:0]  fb,
  output logic [FPC*32-1:0]  fc
);
  logic unused_mode, daz16;
  assign unused_mode = ^{mode[31:7], mode[5:0], opsel[1]};
  assign daz16 = !mode[6];                // MODE[6] clear: F16 denormal inputs read as zero
  for (genvar g = 0; g < FPC; g++) begin : g_lane
    logic [31:0] ha, hc, xa, xc;
    logic [5:0]  unused_ea, unused_ec;
    fp16_to_fp32 u_ha (.a(opsel[0] ? a[32*g + 16 +: 16] : a[32*g +: 16]), .daz(daz16), .nan_prop(2'd0),
      .nan_keep(1'b0), .nan_inf(1'b0), .dnan(32'hffc00000), .dexc_always(1'b1), .clamp(1'b0),
      .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(ha), .exc(unused_ea));
    fp16_to_fp32 u_hc (.a(opsel[2] ? c[32*g + 16 +: 16] : c[32*g +: 16]), .daz(daz16), .nan_prop(2'd0),
      .nan_keep(1'b0), .nan_inf(1'b0), .dnan(32'hffc00000), .dexc_always(1'b1), .clamp(1'b0),
      .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(hc), .exc(unused_ec));
    always_comb begin
      xa = f16 ? ha : a[32*g +: 32];
      xc = (f16 && !p2) ? hc : c[32*g +: 32];
      fa[32*g +: 32] = {xa[31] ^ neg[0], xa[30:0]};
      fb[32*g +: 32] = {b[32*g + 31] ^ neg[1], b[32*g +: 31]};
      fc[32*g +: 32] = {xc[31] ^ neg[2], xc[30:0]};
    end
  end
endmodule
