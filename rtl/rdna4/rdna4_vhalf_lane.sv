`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_vhalf_lane.sv - one F16 lane of the RDNA4 vector unit (combinational):
// the rows with an F16 result or F16 compare (rdna4_pkg::vhalf), as
// model/rdna4/rdna4_exec_valu_f32.c and rdna4_exec_valu_fcmp.c execute them with
// MODE's F16 policy (fp_policy_rdna4_mode):
//   MODE[3:2] F16 rounding, MODE[6] F16 denormal inputs kept, MODE[7] outputs kept,
//   MODE[23] FP16_OVFL (overflow saturates), tininess after rounding, first NaN
//   quieted, default NaN 0xfe00, the denormal exception for any denormal operand.
// rdna4_vfloat.sv holds FPC of them beside the F32 lanes.  The sources arrive in
// bits 15:0 (the half OPSEL / VGPR bit 7 names, ABS/NEG applied on bit 15:
// rdna4_core.sv); V_CVT_F16_F32's source is the F32 value.  d[15:0] is the result
// (the core writes it into its half of VDST).
//
// As the scalar F16 rows (rdna4_sfloat.sv) the arithmetic runs on the F32 units:
// operands converted exactly (F16 input flush there, sNaN quieted with invalid),
//   add    = fma(S0, 1.0, S1), sub = fma(S0, 1.0, -S1), subrev = fma(S1, 1.0, -S0),
//   mul    = fma(S0, S1, -0), fma/fmac/fmamk/fmaak = fma(S0, S1, S2),
// rounded toward zero with the inexact bit jammed into the LSB (round to odd:
// 24 >= 11 + 2 bits, so fp32_to_fp16's rounding in MODE's F16 mode is the correctly
// rounded F16 result, flags included); an exact zero keeps the sign the F16
// rounding mode gives (a product: S0 ^ S1; a sum under round-down: -0 unless both
// addends are +0).  V_MIN/MAX_NUM_F16 and V_MINIMUM/MAXIMUM_F16: the NaN cases on
// the raw halves (rdna4_pkg::mm_nan, NUM or IEEE order), else fp32_minmax on the
// converted operands (exact back).  V_FLOOR/CEIL/TRUNC/RNDNE_F16: on the raw half
// (below), no inexact.
// V_CVT_F16_F32: fp32_to_fp16 (F32 input flush, F16 rounding and output flush).
// V_CVT_PK_RTZ_F16_F32: the same conversion of S0 (d[15:0]) and of S1 (d[31:16], a
// second fp32_to_fp16) toward zero whatever MODE's rounding (L12619), CLAMP on each
// half, OMOD ignored (a packed F16 result, L2845; model V55).
// V_CMP(X)_*_F16: fp32_cmp on the converted operands (CLAMP: a quiet NaN signals,
// README C10); V_CMP(X)_CLASS_F16: the class of the raw half against S1[9:0].
// Output modifiers of the F16 results (README C7): OMOD = fp_mul at binary16 by
// 2.0 / 4.0 / 0.5 in MODE's F16 policy with output denormals flushed and CLAMP,
// -0 written +0, only its invalid/overflow/denormal flags counted; without OMOD,
// CLAMP to [0, 1] with NaN -> +0 (fp_clamp).
module rdna4_vhalf_lane (
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
  localparam logic [15:0] DNAN16 = 16'hfe00;
  localparam logic [31:0] ONE32  = 32'h3f800000;

  logic [2:0] rm16;
  logic       daz32, daz16, ftz16, ovf16;
  assign rm16  = rdna4_pkg::fp_rm(mode[3:2]);
  assign daz32 = !mode[4];
  assign daz16 = !mode[6];
  assign ftz16 = !mode[7];
  assign ovf16 = mode[23];
  logic unused_mode;
  assign unused_mode = ^{mode[31:24], mode[22:8], mode[5], mode[1:0], s2[31:16], e_fma[5], e_fma[3:1],
                        mmn_r[31:16]};

  // row classes
  logic k_add, k_sub, k_subr, k_mul, k_fma, k_ar, k_mm, mm_max, mm_num, k_cvt, k_cmp, k_cls, k_ri, k_pk;
  always_comb begin
    k_add  = op == 10'd306;
    k_sub  = op == 10'd307;
    k_subr = op == 10'd308;
    k_mul  = op == 10'd309;
    k_fma  = op == 10'd310 || op == 10'd311 || op == 10'd312 || op == 10'd584;
    k_ar   = k_add || k_sub || k_subr || k_mul || k_fma;
    k_mm   = op == 10'd304 || op == 10'd305 || op == 10'd871 || op == 10'd872;
    mm_max = op == 10'd305 || op == 10'd872;
    mm_num = op == 10'd304 || op == 10'd305;
    k_ri   = op >= 10'd475 && op <= 10'd478;
    k_pk   = op == 10'd303;
    k_cvt  = op == 10'd394 || k_pk;
    k_cls  = op == 10'd125 || op == 10'd253;
    k_cmp  = (op >= 10'd1 && op <= 10'd14) || (op >= 10'd129 && op <= 10'd142);
  end

  // ---- F16 -> F32 operands (exact; input flush, sNaN quieted with invalid, denormal flag)
  logic [31:0] x0, x1, x2;
  logic [5:0]  xe0, xe1, xe2;
  fp16_to_fp32 u_x0 (.a(s0[15:0]), .daz(daz16), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32),
    .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(x0), .exc(xe0));
  fp16_to_fp32 u_x1 (.a(s1[15:0]), .daz(daz16), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32),
    .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(x1), .exc(xe1));
  fp16_to_fp32 u_x2 (.a(s2[15:0]), .daz(daz16), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32),
    .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(x2), .exc(xe2));

  // ---- the F32 FMA, round toward zero, then the jam (round to odd)
  logic [31:0] fa, fb, fc, r_fma, h_res;
  logic [5:0]  e_fma;
  always_comb begin
    fa = x0; fb = ONE32; fc = x1;
    if (k_sub)  fc = rdna4_pkg::neg_num32(x1);
    if (k_subr) begin fa = x1; fc = rdna4_pkg::neg_num32(x0); end
    if (k_mul)  begin fb = x1; fc = 32'h80000000; end
    if (k_fma)  begin fb = x1; fc = x2; end
  end
  fp32_fma u_fma (.a(fa), .b(fb), .c(fc), .rm(3'd1), .daz(1'b0), .ftz(1'b0), .tiny_after(1'b1),
    .ovf_sat(1'b0), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32), .dexc_always(1'b1),
    .zero_wins(1'b0), .zw_sign_xor(1'b0), .zw_pass_c(1'b0), .fma_nan(2'd0),
    .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_fma), .exc(e_fma));
  always_comb begin
    h_res = r_fma;
    if (e_fma[4]) h_res[0] = 1'b1;                        // never NaN/Inf/zero when inexact
    if (h_res[30:0] == 31'd0) begin
      if (k_mul)              h_res[31] = x0[31] ^ x1[31];
      else if (rm16 == 3'd3)  h_res[31] = (fa[31] ^ fb[31]) | fc[31];
    end
  end

  // ---- min / max: NaN cases on the raw halves, else fp32_minmax on the converted operands
  logic [31:0] r_mm, mmn_r;
  logic [5:0]  e_mm;
  logic        mmn, mmn_s;
  assign {mmn, mmn_s, mmn_r} = rdna4_pkg::mm_nan({16'd0, s0[15:0]}, {16'd0, s1[15:0]}, mm_num, 1'b1);
  fp32_minmax u_mm (.a(x0), .b(x1), .is_max(mm_max), .kind(mm_num ? 3'd2 : 3'd1), .daz(1'b0),
    .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32), .dexc_always(1'b1), .zero_negless(1'b0),
    .zero_minmax(2'd0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_mm), .exc(e_mm));

  // ---- round to an integral value on the half (fp_floor/ceil/trunc/rne: no
  // inexact; the input flush, sNaN invalid and denormal flag are the converter's)
  logic [15:0] ri_x, r_ri;
  logic [3:0]  ri_fb;
  logic [14:0] ri_mask, ri_half, ri_frac;
  logic        ri_up;
  always_comb begin
    ri_x = s0[15:0];
    if (daz16 && ri_x[14:10] == 5'd0) ri_x[9:0] = 10'd0;
    ri_fb = 4'd0; ri_mask = 15'd0; ri_half = 15'd0; ri_frac = 15'd0; ri_up = 1'b0;
    r_ri = ri_x;
    if (ri_x[14:10] == 5'h1f) begin
      if (ri_x[9:0] != 10'd0) r_ri = ri_x | 16'h0200;      // NaN quieted; Inf kept
    end else if (ri_x[14:10] >= 5'd25) begin
      r_ri = ri_x;                                       // 1024 and up: integral
    end else if (ri_x[14:10] < 5'd15) begin              // |x| < 1
      if (ri_x[14:0] != 15'd0) begin
        case (op[1:0])                                   // 475 floor, 476 ceil, 477 trunc, 478 rne
          2'd3: ri_up = ri_x[15];                        // floor: away from zero when negative
          2'd0: ri_up = !ri_x[15];                       // ceil: when positive
          2'd2: ri_up = (ri_x[14:10] == 5'd14) && (ri_x[9:0] != 10'd0);
          default: ri_up = 1'b0;
        endcase
        r_ri = {ri_x[15], ri_up ? 15'h3c00 : 15'd0};
      end
    end else begin
      ri_fb   = 4'(5'd25 - ri_x[14:10]);                 // 1..10 fraction bits
      ri_mask = (15'd1 << ri_fb) - 15'd1;
      ri_half = 15'd1 << (ri_fb - 4'd1);
      ri_frac = ri_x[14:0] & ri_mask;
      case (op[1:0])
        2'd3: ri_up = (ri_frac != 15'd0) && ri_x[15];
        2'd0: ri_up = (ri_frac != 15'd0) && !ri_x[15];
        2'd2: ri_up = (ri_frac > ri_half) || (ri_frac == ri_half && ri_x[ri_fb]);
        default: ri_up = 1'b0;
      endcase
      r_ri = {ri_x[15], (ri_x[14:0] & ~ri_mask) + (ri_up ? (15'd1 << ri_fb) : 15'd0)};
    end
  end

  // ---- F32 -> F16: the F16 result of the F32 path, or V_CVT_F16_F32's source
  logic [31:0] cv_in;
  logic [15:0] r_cv;
  logic [5:0]  e_cv;
  assign cv_in = k_cvt ? s0 : (k_mm ? r_mm : h_res);
  fp32_to_fp16 u_cv (.a(cv_in), .daz(k_cvt && daz32), .rm(k_pk ? 3'd1 : rm16), .ftz(k_mm ? 1'b0 : ftz16),
    .tiny_after(1'b1), .ovf_sat(ovf16), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN16),
    .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_cv), .exc(e_cv));
  // V_CVT_PK_RTZ_F16_F32's S1 (the high half), toward zero (rm 1)
  logic [15:0] r_cvh, r_clh;
  logic [5:0]  e_cvh;
  fp32_to_fp16 u_cvh (.a(s1), .daz(daz32), .rm(3'd1), .ftz(ftz16), .tiny_after(1'b1), .ovf_sat(ovf16),
    .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN16), .dexc_always(1'b1),
    .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_cvh), .exc(e_cvh));
  fp_clamp #(.EW(5), .MW(10)) u_clamph (.x(r_cvh), .nan_inf(1'b0), .clamp(clamp), .clamp_nan_keep(1'b0),
    .clamp_negzero_keep(1'b0), .r(r_clh));

  // ---- compare and class
  logic       r_cmp;
  logic [1:0] unused_rel;
  logic [5:0] e_cmp;
  logic [9:0] cls;
  fp32_cmp u_cmp (.a(x0), .b(x1), .pred(op[3:0]), .signaling(clamp && k_cmp), .daz(1'b0), .nan_inf(1'b0),
    .dexc_always(1'b1), .zero_negless(1'b0), .res(r_cmp), .rel(unused_rel), .exc(e_cmp));
  assign cls = rdna4_pkg::fclass16(s0[15:0]);

  // ---- the row's result and flags, then OMOD or CLAMP
  logic [15:0] r0, r_om, r_cl, r1;
  logic [5:0]  e0, e_om;
  logic        cb;
  always_comb begin
    r0 = r_cv; e0 = 6'd0; cb = 1'b0;
    if (k_ar) e0 = xe0 | xe1 | (k_fma ? xe2 : 6'd0) | {5'd0, e_fma[0]} | e_cv;
    if (k_mm) begin
      if (mmn) begin r0 = mmn_r[15:0]; e0 = {5'd0, mmn_s}; end
      else e0 = xe0 | xe1 | e_mm | e_cv;
    end
    if (k_cvt) e0 = e_cv | (k_pk ? e_cvh : 6'd0);
    if (k_ri) begin r0 = r_ri; e0 = xe0; end
    if (k_cmp) begin r0 = 16'd0; e0 = xe0 | xe1 | e_cmp; cb = r_cmp; end
    if (k_cls) begin r0 = 16'd0; e0 = {5'd0, cls[0]}; cb = (cls & s1[9:0]) != 10'd0; end
  end
  logic [15:0] om_k;
  logic [1:0]  om;                       // OMOD, ignored by V_CVT_PK_RTZ_F16_F32
  assign om = k_pk ? 2'd0 : omod;
  assign om_k = (om == 2'd1) ? 16'h4000 : (om == 2'd2) ? 16'h4400 : 16'h3800;
  fp_mul #(.EW(5), .MW(10)) u_omod (.a(r0), .b(om_k), .rm(rm16), .daz(daz16), .ftz(1'b1), .tiny_after(1'b1),
    .ovf_sat(ovf16), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN16), .dexc_always(1'b1),
    .zero_wins(1'b0), .zw_sign_xor(1'b0), .clamp(clamp), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
    .r(r_om), .exc(e_om));
  fp_clamp #(.EW(5), .MW(10)) u_clamp (.x(r0), .nan_inf(1'b0), .clamp(clamp && !k_cmp && !k_cls),
    .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_cl));
  // OMOD writes -0 as +0 (L2846); its underflow and inexact do not count
  assign r1 = (om == 2'd0) ? r_cl : (r_om == 16'h8000) ? 16'd0 : r_om;
  assign d = {k_pk ? r_clh : 16'd0, r1};
  assign co = cb;
  assign exc = e0 | ((om == 2'd0 || k_cmp || k_cls) ? 6'd0 : (e_om & 6'b100111));
endmodule
