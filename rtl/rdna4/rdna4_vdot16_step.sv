`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_vdot16_step.sv - one step tmp = fma(ah, bh, t) of a lane of V_DOT2_F16_F16 /
// V_DOT2_BF16_BF16 (combinational); rdna4_vdot16.sv holds two per lane and describes
// the datapath.  A NaN t is the step's result, quieted.
module rdna4_vdot16_step (
  input  logic        bf,
  input  logic [2:0]  rm16,
  input  logic        daz16,
  input  logic        ftz16,
  input  logic        ovf16,
  input  logic [15:0] ah,
  input  logic [15:0] bh,
  input  logic [15:0] t,
  output logic [15:0] r,
  output logic [5:0]  e
);
  localparam logic [31:0] DNAN32 = 32'hffc00000;
  logic [31:0] xa, xb, xc, fa, fb, fc, r_fma, h_res;
  logic [5:0]  ea, eb, ec, e_fma, e_h, e_b;
  logic [15:0] r_h, r_b;
  logic        tnan, unused_e;
  fp16_to_fp32 u_xa (.a(ah), .daz(daz16), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32),
    .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(xa), .exc(ea));
  fp16_to_fp32 u_xb (.a(bh), .daz(daz16), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32),
    .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(xb), .exc(eb));
  fp16_to_fp32 u_xc (.a(t), .daz(daz16), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32),
    .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(xc), .exc(ec));
  assign fa = bf ? {ah, 16'd0} : xa;
  assign fb = bf ? {bh, 16'd0} : xb;
  assign fc = bf ? {t, 16'd0} : xc;
  fp32_fma u_fma (.a(fa), .b(fb), .c(fc), .rm(3'd1), .daz(bf && daz16), .ftz(1'b0), .tiny_after(1'b1),
    .ovf_sat(1'b0), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32), .dexc_always(1'b1),
    .zero_wins(1'b0), .zw_sign_xor(1'b0), .zw_pass_c(1'b0), .fma_nan(2'd0),
    .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_fma), .exc(e_fma));
  always_comb begin
    h_res = r_fma;
    if (e_fma[4]) h_res[0] = 1'b1;                      // never NaN/Inf/zero when inexact
    if (h_res[30:0] == 31'd0 && rm16 == 3'd3) h_res[31] = (fa[31] ^ fb[31]) | fc[31];
  end
  fp32_to_fp16 u_h (.a(h_res), .daz(1'b0), .rm(rm16), .ftz(ftz16), .tiny_after(1'b1), .ovf_sat(ovf16),
    .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(16'hfe00), .dexc_always(1'b1),
    .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_h), .exc(e_h));
  fp_narrow #(.SEW(8), .SMW(23), .DEW(8), .DMW(7)) u_b (.a(h_res), .daz(1'b0), .rm(rm16), .ftz(ftz16),
    .tiny_after(1'b1), .ovf_sat(ovf16), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(16'hffc0),
    .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_b), .exc(e_b));
  // F16: the converters' flags (input denormal, sNaN invalid), the FMA's invalid, the
  // narrowing's; BF16: the FMA's invalid and input denormal, the narrowing's
  assign e = bf ? ({e_fma[5], 4'd0, e_fma[0]} | e_b) : (ea | eb | ec | {5'd0, e_fma[0]} | e_h);
  assign tnan = bf ? (t[14:7] == 8'hff && t[6:0] != 7'd0) : (t[14:10] == 5'h1f && t[9:0] != 10'd0);
  assign r = !tnan ? (bf ? r_b : r_h) : bf ? (t | 16'h0040) : (t | 16'h0200);
  assign unused_e = ^{e_fma[3:1]};
endmodule
