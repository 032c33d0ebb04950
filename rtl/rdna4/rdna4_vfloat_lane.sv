`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_vfloat_lane.sv - one F32 lane of the RDNA4 vector unit (combinational);
// rdna4_vfloat.sv holds FPC of them and describes the datapath.
module rdna4_vfloat_lane (
  input  logic [9:0]  op,
  input  logic        clamp,
  input  logic [1:0]  omod,
  input  logic [31:0] mode,
  input  logic [31:0] s0,
  input  logic [31:0] s1,
  input  logic [31:0] s2,
  output logic [31:0] d,
  output logic        co,
  output logic [5:0]  exc
);
  localparam logic [31:0] DNAN32 = 32'hffc00000;
  localparam logic [31:0] ONE32  = 32'h3f800000;

  logic [2:0] rm;
  logic       daz, ftz;
  assign rm  = rdna4_pkg::fp_rm(mode[1:0]);
  assign daz = !mode[4];
  assign ftz = !mode[5];
  logic unused_mode;
  assign unused_mode = ^{mode[31:7], mode[3:2]};

  // row classes
  logic k_sub, k_subr, k_mul, k_fma, k_mm, k_fi, k_ti, k_cmp, k_cls, mm_max, mm_num, k_int, k_h2f;
  logic k_dxm, k_dxf;                                    // V_MUL_DX9_ZERO_F32, V_FMA_DX9_ZERO_F32
  always_comb begin
    k_sub  = op == 10'd260;
    k_subr = op == 10'd261;
    k_mul  = op == 10'd264;
    k_fma  = op == 10'd299 || op == 10'd300 || op == 10'd301 || op == 10'd531;
    k_mm   = op == 10'd277 || op == 10'd278 || op == 10'd869 || op == 10'd870;
    mm_max = op == 10'd278 || op == 10'd870;
    mm_num = op == 10'd277 || op == 10'd278;
    k_fi   = op == 10'd389 || op == 10'd390;
    k_ti   = op == 10'd391 || op == 10'd392;
    k_cls  = op == 10'd126 || op == 10'd254;
    k_cmp  = op[9:8] == 2'd0 && op[6:4] == 3'd1;          // 17-30, 145-158 (the rows vfrow admits)
    k_int  = k_ti;
    k_h2f  = op == 10'd395;                                // V_CVT_F32_F16 (S0 in bits 15:0)
    k_dxm  = op == 10'd263;
    k_dxf  = op == 10'd521;
  end
  logic [31:0] fa, fb, fc;

  // ---- the FMA: add (V_ADD_F32, the default S0 * 1.0 + S1), sub, subrev, mul, fma
  always_comb begin
    fa = s0; fb = ONE32; fc = s1;
    if (k_sub)  fc = rdna4_pkg::neg_num32(s1);
    if (k_subr) begin fa = s1; fc = rdna4_pkg::neg_num32(s0); end
    if (k_mul)  begin fb = s1; fc = 32'h80000000; end
    if (k_fma)  begin fb = s1; fc = s2; end
    // DX9 zero wins (model FP_F_ZERO_WINS): an operand of the product that is 0 after
    // MODE's input flush makes MUL +0 (the product +0 plus c = +0: +0 in every rounding)
    // and FMA S2 itself (zw_pass_c: as read, flushed, NaN quieted); otherwise IEEE
    if (k_dxm)  begin fb = s1; fc = 32'd0; end
    if (k_dxf)  begin fb = s1; fc = s2; end
  end
  logic [31:0] r_fma, r_mm, r_fi, r_ti, r_mul;
  logic [5:0]  e_fma, e_mm, e_fi, e_ti, e_cmp;
  fp32_fma u_fma (.a(fa), .b(fb), .c(fc), .rm(rm), .daz(daz), .ftz(ftz), .tiny_after(1'b1),
    .ovf_sat(1'b0), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32), .dexc_always(1'b1),
    .zero_wins(k_dxm || k_dxf), .zw_sign_xor(1'b0), .zw_pass_c(k_dxf), .fma_nan(2'd0),
    .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_fma), .exc(e_fma));
  // an exact zero product takes the product's sign (not x + -0's)
  assign r_mul = (k_mul && r_fma[30:0] == 31'd0) ? {s0[31] ^ s1[31], 31'd0} : r_fma;

  // ---- min / max (NaN cases first, as rdna4_sfloat and the model)
  logic [33:0] mmn;
  assign mmn = rdna4_pkg::mm_nan(s0, s1, mm_num, 1'b0);
  fp32_minmax u_mm (.a(s0), .b(s1), .is_max(mm_max), .kind(mm_num ? 3'd2 : 3'd1), .daz(daz),
    .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32), .dexc_always(1'b1), .zero_negless(1'b0),
    .zero_minmax(2'd0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_mm), .exc(e_mm));

  // ---- compare and class
  logic r_cmp;
  logic [1:0] unused_rel;
  fp32_cmp u_cmp (.a(s0), .b(s1), .pred(op[3:0]), .signaling(clamp && k_cmp), .daz(daz), .nan_inf(1'b0),
    .dexc_always(1'b1), .zero_negless(1'b0), .res(r_cmp), .rel(unused_rel), .exc(e_cmp));
  logic [9:0] cls;
  assign cls = rdna4_pkg::fclass32(s0);

  // ---- conversions
  fp32_from_int u_fi (.a(s0), .is_signed(op == 10'd389), .rm(rm), .clamp(1'b0), .r(r_fi), .exc(e_fi));
  fp32_to_int u_ti (.a(s0), .is_signed(op == 10'd392), .rm(3'd1), .daz(daz), .nan_inf(1'b0), .dexc_always(1'b1),
    .int_nan(2'd0), .int_wrap(1'b0), .r(r_ti), .exc(e_ti));

  // V_CVT_F32_F16: exact; MODE[6] F16 denormal inputs kept, sNaN quieted with invalid
  logic [31:0] r_h2f;
  logic [5:0]  e_h2f;
  fp16_to_fp32 u_h2f (.a(s0[15:0]), .daz(!mode[6]), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0),
    .dnan(DNAN32), .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
    .r(r_h2f), .exc(e_h2f));

  // ---- the row's result, then OMOD and CLAMP
  logic [31:0] r0, r1, r2, r3;
  logic [5:0]  e0, e1;
  logic        cb;
  always_comb begin
    r0 = r_mul; e0 = e_fma; cb = 1'b0;
    if (k_mm) begin
      if (mmn[33]) begin r0 = mmn[31:0]; e0 = {5'd0, mmn[32]}; end
      else begin r0 = r_mm; e0 = e_mm; end
    end
    if (k_fi) begin r0 = r_fi; e0 = e_fi; end
    if (k_ti) begin r0 = r_ti; e0 = e_ti; end
    if (k_h2f) begin r0 = r_h2f; e0 = e_h2f; end
    if (k_cmp) begin r0 = 32'd0; e0 = e_cmp; cb = r_cmp; end
    if (k_cls) begin r0 = 32'd0; e0 = {5'd0, cls[0]}; cb = (cls & s1[9:0]) != 10'd0; end
    {e1, r1} = rdna4_pkg::omod32(r0, omod, rm, daz);
    if (omod == 2'd0 || k_int || k_cmp || k_cls) begin r1 = r0; e1 = 6'd0; end
  end
  fp_clamp #(.EW(8), .MW(23)) u_clamp (.x(r1), .nan_inf(1'b0), .clamp(clamp && !k_int && !k_cmp && !k_cls),
    .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r2));
  // OMOD writes -0 as +0 (L2846); not on an integer result, whose OMOD is ignored
  // (0x80000000 is then INT_MIN)
  assign r3 = (omod != 2'd0 && !k_int && r2 == 32'h80000000) ? 32'd0 : r2;
  assign d = r3;
  assign co = cb;
  assign exc = e0 | e1;
endmodule
