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
// V_MIN3/MAX3/MED3_NUM_F16, V_MINIMUM3/MAXIMUM3_F16, V_MINMAX/MAXMIN_NUM_F16,
// V_MINIMUMMAXIMUM/MAXIMUMMINIMUM_F16: two min/max stages (rdna4_vhalf_mm below, each the
// two-input rows' datapath), op2(op1(S0, S1), S2), flags ORed; MED3 without a NaN:
// max3 compared equal to S0 / S1 picks the pair of a third stage's max_num (model med3).
// V_FRACT_F16: frac(|S0|) as a 24-bit fixed-point fraction (1 - it for a negative S0:
// exact in F32), fp32_to_fp16's one rounding, 1.0 written 0x3bff.  V_LDEXP_F16: the
// converted S0's exponent + S1.i16 clamped to +-64 (every F16 result is the same
// beyond), then fp32_to_fp16.  V_FREXP_MANT/EXP_I16_F16 on the raw half.
// V_CVT_F16_U16/I16: fp32_from_int (exact) and fp32_to_fp16; V_CVT_U16/I16_F16:
// fp32_to_int toward zero saturated to 16 bits (inexact only with CLAMP, model).
// V_PACK_B32_F16: {S1, S0} halves as read, CLAMP on each.
// V_DIV_FIXUP_F16: the special cases of S1 / S2 on the raw halves, else |S0| with the
// quotient's sign (below; model rdna4_exec_valu_div.c fixup_lane), then OMOD / CLAMP.
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
                        fq_n[10], fr_fix[33:24], e_fi};

  // row classes
  logic k_add, k_sub, k_subr, k_mul, k_fma, k_ar, k_mm, mm_max, mm_num, k_cvt, k_cmp, k_cls, k_ri, k_pk;
  logic k_m3, k_med, mb_max, k_fr, k_ldx, k_fxm, k_fxe, k_fi, k_ti, k_pack, k_int, nan3, k_dfx;
  always_comb begin
    k_add  = op == 10'd306;
    k_sub  = op == 10'd307;
    k_subr = op == 10'd308;
    k_mul  = op == 10'd309;
    k_fma  = op == 10'd310 || op == 10'd311 || op == 10'd312 || op == 10'd584;
    k_ar   = k_add || k_sub || k_subr || k_mul || k_fma;
    k_mm   = op == 10'd304 || op == 10'd305 || op == 10'd871 || op == 10'd872;
    // three-input: MIN3/MAX3_NUM 555/556, MINIMUM3/MAXIMUM3 559/560, MED3_NUM 562,
    // MINMAX/MAXMIN_NUM 618/619, MINIMUMMAXIMUM/MAXIMUMMINIMUM 622/623
    k_med  = op == 10'd562;
    k_m3   = op == 10'd555 || op == 10'd556 || op == 10'd559 || op == 10'd560 || k_med ||
             op == 10'd618 || op == 10'd619 || op == 10'd622 || op == 10'd623;
    nan3   = (s0[14:10] == 5'h1f && s0[9:0] != 10'd0) || (s1[14:10] == 5'h1f && s1[9:0] != 10'd0) ||
             (s2[14:10] == 5'h1f && s2[9:0] != 10'd0);
    mm_max = op == 10'd305 || op == 10'd872 || op == 10'd556 || op == 10'd560 || op == 10'd619 ||
             op == 10'd623 || (k_med && !nan3);                           // the first stage's
    mb_max = (op == 10'd618 || op == 10'd622) ? 1'b1 : (op == 10'd619 || op == 10'd623) ? 1'b0 : mm_max;
    mm_num = op == 10'd304 || op == 10'd305;
    if (op == 10'd555 || op == 10'd556 || k_med || op == 10'd618 || op == 10'd619) mm_num = 1'b1;
    k_fr   = op == 10'd479;                                  // FRACT
    k_ldx  = op == 10'd315;                                  // LDEXP (S1 an I16)
    k_fxm  = op == 10'd473;                                  // FREXP_MANT
    k_fxe  = op == 10'd474;                                  // FREXP_EXP_I16
    k_fi   = op == 10'd464 || op == 10'd465;                 // CVT_F16_U16/I16
    k_ti   = op == 10'd466 || op == 10'd467;                 // CVT_U16/I16_F16
    k_pack = op == 10'd785;                                  // PACK_B32_F16
    k_dfx  = op == 10'd596;                                  // DIV_FIXUP_F16
    k_int  = k_fxe || k_ti;                                  // no OMOD, CLAMP changes nothing
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

  // ---- min / max: stage A op(S0, S1), stage B op(A, S2), stage C MED3's max_num of a pair
  logic [15:0] r_ma, r_mb, r_mc, md_a, md_b, f_m, f_0, f_1;
  logic [5:0]  e_ma, e_mb, e_mc;
  logic        md_eq0, md_eq1;
  rdna4_vhalf_mm u_ma (.a(s0[15:0]), .b(s1[15:0]), .is_max(mm_max), .num(mm_num), .daz(daz16), .r(r_ma), .exc(e_ma));
  rdna4_vhalf_mm u_mb (.a(r_ma), .b(s2[15:0]), .is_max(mb_max), .num(mm_num), .daz(daz16), .r(r_mb), .exc(e_mb));
  // MED3 without a NaN: max3 (r_mb, its flags dropped) equal to S0 / S1 (MODE's input
  // flush, -0 == +0) gives max_num(S1, S2) / max_num(S0, S2), else max_num(S0, S1)
  assign f_m = (daz16 && r_mb[14:10] == 5'd0) ? {r_mb[15], 15'd0} : r_mb;
  assign f_0 = (daz16 && s0[14:10] == 5'd0) ? {s0[15], 15'd0} : s0[15:0];
  assign f_1 = (daz16 && s1[14:10] == 5'd0) ? {s1[15], 15'd0} : s1[15:0];
  assign md_eq0 = f_m == f_0 || (f_m[14:0] == 15'd0 && f_0[14:0] == 15'd0);
  assign md_eq1 = f_m == f_1 || (f_m[14:0] == 15'd0 && f_1[14:0] == 15'd0);
  assign md_a = md_eq0 ? s1[15:0] : s0[15:0];
  assign md_b = (md_eq0 || md_eq1) ? s2[15:0] : s1[15:0];
  rdna4_vhalf_mm u_mc (.a(md_a), .b(md_b), .is_max(1'b1), .num(1'b1), .daz(daz16), .r(r_mc), .exc(e_mc));

  // ---- FRACT: frac(|S0|) (MODE[6] flush first) as a 24-bit fixed-point fraction, 1 - it
  // for a negative S0 (x - floor(x)); both exact in F32 (fp32_from_int, exponent - 24)
  logic [15:0] fq;
  logic [33:0] fr_fix;
  logic [23:0] fr_f, fr_g;
  logic [31:0] r_fi, fr32;
  logic [5:0]  e_fi;
  assign fq = (daz16 && s0[14:10] == 5'd0) ? {s0[15], 15'd0} : s0[15:0];
  assign fr_fix = {23'd0, fq[14:10] != 5'd0, fq[9:0]} << ((fq[14:10] == 5'd0) ? 5'd0 : fq[14:10] - 5'd1);
  assign fr_f = fr_fix[23:0];
  assign fr_g = fq[15] ? 24'(25'h1000000 - {1'b0, fr_f}) : fr_f;
  fp32_from_int u_fi (.a(k_fr ? {8'd0, fr_g} : (op == 10'd465 ? {{16{s0[15]}}, s0[15:0]} : {16'd0, s0[15:0]})),
    .is_signed(op == 10'd465), .rm(rm16), .clamp(1'b0), .r(r_fi), .exc(e_fi));
  assign fr32 = {r_fi[31], r_fi[30:23] - 8'd24, r_fi[22:0]};

  // ---- LDEXP: the converted S0 (a normal F32, or 0 / Inf / NaN kept) with S1.i16 added
  // to its exponent, clamped to +-64 (beyond it every F16 result is the same)
  logic signed [7:0] ldn;
  logic [31:0] ld32;
  always_comb begin
    if ($signed(s1[15:0]) > 16'sd64)       ldn = 8'sd64;
    else if ($signed(s1[15:0]) < -16'sd64) ldn = -8'sd64;
    else                                   ldn = 8'(s1[15:0]);
    ld32 = x0;
    if (x0[30:23] != 8'hff && x0[30:0] != 31'd0) ld32[30:23] = x0[30:23] + 8'(ldn);
  end

  // ---- FREXP on the raw half: the significand normalized to [0.5, 1), the exponent + 1
  logic [3:0]  fq_lz;
  logic [10:0] fq_n;
  logic [15:0] r_fxm, r_fxe;
  logic [5:0]  e_fx;
  always_comb begin
    fq_lz = 4'd0;
    for (int j = 0; j < 11; j++) if ({fq[14:10] != 5'd0, fq[9:0]} >> j == 11'd1) fq_lz = 4'(10 - j);
    fq_n  = {fq[14:10] != 5'd0, fq[9:0]} << fq_lz;
    r_fxm = {fq[15], 5'd14, fq_n[9:0]};
    r_fxe = {11'd0, (fq[14:10] == 5'd0) ? 5'd1 : fq[14:10]} - 16'd14 - {12'd0, fq_lz};
    e_fx  = {xe0[5], 5'd0};
    if (s0[14:10] == 5'h1f) begin r_fxm = s0[15:0]; r_fxe = 16'd0; e_fx = 6'd0; end   // NaN, Inf: no flag
    else if (fq[14:0] == 15'd0) begin r_fxm = fq; r_fxe = 16'd0; end
  end

  // ---- CVT_U16/I16_F16: toward zero, NaN 0, saturated to 16 bits with invalid
  logic [31:0] r_ti;
  logic [5:0]  e_ti;
  logic [15:0] r_t16;
  logic        t_sat;
  fp32_to_int u_ti (.a(x0), .is_signed(op == 10'd467), .rm(3'd1), .daz(1'b0), .nan_inf(1'b0), .dexc_always(1'b1),
    .int_nan(2'd0), .int_wrap(1'b0), .r(r_ti), .exc(e_ti));
  always_comb begin
    t_sat = 1'b0; r_t16 = r_ti[15:0];
    if (op == 10'd467) begin
      if ($signed(r_ti) > 32'sd32767)       begin r_t16 = 16'h7fff; t_sat = 1'b1; end
      else if ($signed(r_ti) < -32'sd32768) begin r_t16 = 16'h8000; t_sat = 1'b1; end
    end else if (r_ti > 32'd65535)          begin r_t16 = 16'hffff; t_sat = 1'b1; end
  end

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
  assign cv_in = k_cvt ? s0 : k_fr ? fr32 : k_ldx ? ld32 : k_fi ? r_fi : h_res;
  fp32_to_fp16 u_cv (.a(cv_in), .daz(k_cvt && daz32), .rm(k_pk ? 3'd1 : rm16), .ftz(ftz16),
    .tiny_after(1'b1), .ovf_sat(ovf16), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN16),
    .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_cv), .exc(e_cv));
  // V_CVT_PK_RTZ_F16_F32's S1 (the high half), toward zero (rm 1)
  logic [15:0] r_cvh, r_clh;
  logic [5:0]  e_cvh;
  fp32_to_fp16 u_cvh (.a(s1), .daz(daz32), .rm(3'd1), .ftz(ftz16), .tiny_after(1'b1), .ovf_sat(ovf16),
    .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN16), .dexc_always(1'b1),
    .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_cvh), .exc(e_cvh));
  fp_clamp #(.EW(5), .MW(10)) u_clamph (.x(k_pack ? s1[15:0] : r_cvh), .nan_inf(1'b0), .clamp(clamp), .clamp_nan_keep(1'b0),
    .clamp_negzero_keep(1'b0), .r(r_clh));

  // ---- DIV_FIXUP_F16 on the raw halves (S0 the quotient, S1 the denominator, S2 the
  // numerator; denormals neither flushed nor zero, no denormal flag): a NaN S2, else S1,
  // quieted (invalid for an sNaN); 0/0 and Inf/Inf the default NaN (invalid); x/0
  // (divide by zero) and Inf/x an infinity, x/Inf and 0/x a zero, of the sign S1 ^ S2;
  // else |S0| with that sign (F16 has no underflow/overflow step: model fixup_lane)
  logic [15:0] r_dfx;
  logic [5:0]  e_dfx;
  logic        dn1, dn2, dz1, dz2, di1, di2, dso;
  always_comb begin
    dn1 = s1[14:10] == 5'h1f && s1[9:0] != 10'd0;
    dn2 = s2[14:10] == 5'h1f && s2[9:0] != 10'd0;
    di1 = s1[14:0] == 15'h7c00;
    di2 = s2[14:0] == 15'h7c00;
    dz1 = s1[14:0] == 15'd0;
    dz2 = s2[14:0] == 15'd0;
    dso = s1[15] ^ s2[15];
    e_dfx = 6'd0;
    if (dn2 || dn1) begin
      r_dfx = (dn2 ? s2[15:0] : s1[15:0]) | 16'h0200;
      e_dfx[0] = !(dn2 ? s2[9] : s1[9]);
    end else if ((dz1 && dz2) || (di1 && di2)) begin
      r_dfx = DNAN16; e_dfx[0] = 1'b1;
    end else if (dz1 || di2) begin
      r_dfx = {dso, 15'h7c00}; e_dfx[1] = dz1;
    end else if (di1 || dz2) r_dfx = {dso, 15'd0};
    else                     r_dfx = {dso, s0[14:0]};
  end

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
    if (k_mm) begin r0 = r_ma; e0 = e_ma; end
    if (k_m3) begin r0 = r_mb; e0 = e_ma | e_mb; end
    if (k_med && !nan3) begin r0 = r_mc; e0 = e_mc; end
    if (k_fr) begin
      r0 = (fq[15] && r_cv == 16'h3c00) ? 16'h3bff : r_cv;   // the largest value below 1.0
      e0 = {xe0[5], 5'd0} | e_cv;
      if (s0[14:10] == 5'h1f && s0[9:0] != 10'd0) begin r0 = s0[15:0] | 16'h0200; e0 = {5'd0, !s0[9]}; end
      else if (s0[14:10] == 5'h1f) begin r0 = DNAN16; e0 = 6'd1; end              // Inf: invalid
      else if (fq[14:10] >= 5'd25 || fr_f == 24'd0) begin r0 = {rm16 == 3'd3, 15'd0}; e0 = {xe0[5], 5'd0}; end
    end
    if (k_ldx) e0 = xe0 | e_cv;
    if (k_fxm) begin r0 = r_fxm; e0 = e_fx; end
    if (k_fxe) begin r0 = r_fxe; e0 = e_fx; end
    if (k_fi) e0 = e_cv;
    if (k_ti) begin r0 = r_t16; e0 = xe0 | e_ti | {5'd0, t_sat}; e0[4] = e0[4] && clamp; end
    if (k_pack) begin r0 = s0[15:0]; e0 = 6'd0; end
    if (k_cvt) e0 = e_cv | (k_pk ? e_cvh : 6'd0);
    if (k_ri) begin r0 = r_ri; e0 = xe0; end
    if (k_dfx) begin r0 = r_dfx; e0 = e_dfx; end
    if (k_cmp) begin r0 = 16'd0; e0 = xe0 | xe1 | e_cmp; cb = r_cmp; end
    if (k_cls) begin r0 = 16'd0; e0 = {5'd0, cls[0]}; cb = (cls & s1[9:0]) != 10'd0; end
  end
  logic [15:0] om_k;
  logic [1:0]  om;                       // OMOD, ignored by V_CVT_PK_RTZ_F16_F32
  assign om = (k_pk || k_pack || k_int) ? 2'd0 : omod;
  assign om_k = (om == 2'd1) ? 16'h4000 : (om == 2'd2) ? 16'h4400 : 16'h3800;
  fp_mul #(.EW(5), .MW(10)) u_omod (.a(r0), .b(om_k), .rm(rm16), .daz(daz16), .ftz(1'b1), .tiny_after(1'b1),
    .ovf_sat(ovf16), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN16), .dexc_always(1'b1),
    .zero_wins(1'b0), .zw_sign_xor(1'b0), .clamp(clamp), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
    .r(r_om), .exc(e_om));
  fp_clamp #(.EW(5), .MW(10)) u_clamp (.x(r0), .nan_inf(1'b0), .clamp(clamp && !k_cmp && !k_cls && !k_int),
    .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_cl));
  // OMOD writes -0 as +0 (L2846); its underflow and inexact do not count
  assign r1 = (om == 2'd0) ? r_cl : (r_om == 16'h8000) ? 16'd0 : r_om;
  assign d = {(k_pk || k_pack) ? r_clh : 16'd0, r1};
  assign co = cb;
  assign exc = e0 | ((om == 2'd0 || k_cmp || k_cls) ? 6'd0 : (e_om & 6'b100111));
endmodule

// rdna4_vhalf_mm - one F16 min/max stage of rdna4_vhalf_lane (combinational), as the
// model's rdna4_fp_minmax: the NaN cases on the raw halves (rdna4_pkg::mm_nan; num:
// minimumNumber/maximumNumber, else IEEE minimum/maximum), else fp32_minmax on the
// operands converted exactly (MODE[6] input flush, -0 < +0) and back.  It lives in
// this file, beside its only user (the file lists of lint.sh, synth.ys and the benches
// name rdna4_vhalf_lane.sv).
/* verilator lint_off DECLFILENAME */
module rdna4_vhalf_mm (
  input  logic [15:0] a,
  input  logic [15:0] b,
  input  logic        is_max,
  input  logic        num,
  input  logic        daz,
  output logic [15:0] r,
  output logic [5:0]  exc
);
  localparam logic [31:0] DNAN32 = 32'hffc00000;
  logic [31:0] xa, xb, r_mm, mmn_r;
  logic [5:0]  ea, eb, e_mm, e_cv;
  logic [15:0] r_cv;
  logic        mmn, mmn_s, unused_hi;
  assign unused_hi = ^mmn_r[31:16];
  fp16_to_fp32 u_xa (.a(a), .daz(daz), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32),
    .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(xa), .exc(ea));
  fp16_to_fp32 u_xb (.a(b), .daz(daz), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32),
    .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(xb), .exc(eb));
  assign {mmn, mmn_s, mmn_r} = rdna4_pkg::mm_nan({16'd0, a}, {16'd0, b}, num, 1'b1);
  fp32_minmax u_mm (.a(xa), .b(xb), .is_max(is_max), .kind(num ? 3'd2 : 3'd1), .daz(1'b0),
    .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32), .dexc_always(1'b1), .zero_negless(1'b0),
    .zero_minmax(2'd0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_mm), .exc(e_mm));
  fp32_to_fp16 u_cv (.a(r_mm), .daz(1'b0), .rm(3'd0), .ftz(1'b0), .tiny_after(1'b1), .ovf_sat(1'b0),
    .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(16'hfe00), .dexc_always(1'b1),
    .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_cv), .exc(e_cv));
  assign r   = mmn ? mmn_r[15:0] : r_cv;
  assign exc = mmn ? {5'd0, mmn_s} : (ea | eb | e_mm | e_cv);
endmodule
/* verilator lint_on DECLFILENAME */
