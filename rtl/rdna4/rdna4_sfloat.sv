`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_sfloat.sv - SALU floating point (SOP2 64-82, SOP1 96-110, SOPC 65-94),
// combinational, on the bit-exact units of rtl/common/fp with the policy the
// model uses (model/rdna4/rdna4_exec_sfloat.c, fp_policy_rdna4_mode):
//   MODE[1:0] f32 rounding, MODE[3:2] f16 rounding (0 RNE, 1 +inf, 2 -inf, 3 RTZ),
//   MODE[4] f32 denormal inputs kept, MODE[5] f32 denormal outputs kept,
//   MODE[6]/[7] the same for f16, MODE[23] FP16_OVFL (f16 overflow saturates);
//   tininess after rounding, NaN propagation "first NaN" quieted, default NaN
//   0xffc00000 / 0xfe00, denormal exception for any denormal operand, IEEE
//   compares (-0 == +0), min/max -0 < +0, float -> int: NaN 0, saturate.
// F16 operations run on the f32 units: operands converted exactly (f16 input
// flush there), the f32 operation rounds toward zero with the inexact bit
// jammed into the LSB (round to odd, 24 >= 11 + 2 bits: the final f16 rounding
// in MODE's f16 mode is then the correctly rounded result, flags included), and
// fp32_to_fp16 rounds (f16 output flush, FP16_OVFL).  An exact zero sum under
// round-down gets the sign round-down gives (-0 unless both addends are +0).
// F16 results are written {16'b0, r} (rdna4 L2552).
module rdna4_sfloat (
  input  logic [2:0]  fmt,
  input  logic [7:0]  op,
  input  logic [7:0]  c0,        // SSRC0 / SSRC1 codes (F16 inline constants, rdna4 L1682-1694)
  input  logic [7:0]  c1,
  input  logic [31:0] a_in,      // S0, S1 as read for 32-bit operands
  input  logic [31:0] b_in,
  input  logic [31:0] dold,      // D as a source (S_FMAC_*)
  input  logic [31:0] lit,       // K of S_FMAAK / S_FMAMK
  input  logic [31:0] mode,      // MODE hardware register
  output logic        is_fp,     // a SALU float instruction
  output logic [31:0] d,         // result (D written unless is_cmp)
  output logic        is_cmp,    // S_CMP_*_F*: SCC = res
  output logic        res,
  output logic [5:0]  exc        // FP_EXC_* bits of model/fp
);
  // ------------------------------------------------------------ classes
  logic sop2, sop1, sopc;
  assign sop2 = (fmt == rdna4_pkg::FMT_SOP2) && op >= 8'd64 && op <= 8'd82;
  assign sop1 = (fmt == rdna4_pkg::FMT_SOP1) && op >= 8'd96 && op <= 8'd110;
  assign sopc = (fmt == rdna4_pkg::FMT_SOPC) && ((op >= 8'd65 && op <= 8'd78) || (op >= 8'd81 && op <= 8'd94));
  assign is_fp  = sop2 || sop1 || sopc;
  assign is_cmp = sopc;

  // F16-typed sources
  logic f16_0, f16_1;
  assign f16_0 = (sop2 && ((op >= 8'd73 && op <= 8'd78) || op == 8'd81 || op == 8'd82)) ||
                 (sop1 && op >= 8'd105) || (sopc && op >= 8'd81);
  assign f16_1 = (sop2 && ((op >= 8'd73 && op <= 8'd78) || op == 8'd81 || op == 8'd82)) ||
                 (sopc && op >= 8'd81);

  logic [31:0] a, b;
  assign a = f16_0 ? rdna4_pkg::inline_f16(c0, a_in) : a_in;
  assign b = f16_1 ? rdna4_pkg::inline_f16(c1, b_in) : b_in;

  // ------------------------------------------------------------ policy
  // (rdna4_pkg::fp_rm, mm_nan: shared with the vector F32 lanes, rdna4_vfloat.sv)
  logic [2:0] rm32, rm16;
  logic [5:0] h_exc;              // exceptions of the f32 stage of an f16 operation
  logic daz32, ftz32, daz16, ftz16, ovf16;
  assign rm32  = rdna4_pkg::fp_rm(mode[1:0]);
  assign rm16  = rdna4_pkg::fp_rm(mode[3:2]);
  assign daz32 = !mode[4];
  assign ftz32 = !mode[5];
  assign daz16 = !mode[6];
  assign ftz16 = !mode[7];
  assign ovf16 = mode[23];
  logic unused_bits;                                 // MODE fields that are not float policy
  assign unused_bits = ^{mode[31:24], mode[22:8], h_exc[5], h_exc[3:1]};
  localparam logic [31:0] DNAN32 = 32'hffc00000;
  localparam logic [15:0] DNAN16 = 16'hfe00;

  // ------------------------------------------------- f16 -> f32 operands
  // (S_CVT_HI_F32_F16 reads S0[31:16])
  logic [15:0] h0, h1, h2;
  logic [31:0] x0, x1, x2;
  logic [5:0]  xe0, xe1, xe2;
  assign h0 = (sop1 && op == 8'd106) ? a[31:16] : a[15:0];
  assign h1 = b[15:0];
  assign h2 = dold[15:0];
  fp16_to_fp32 u_h0 (.a(h0), .daz(daz16), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32),
    .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(x0), .exc(xe0));
  fp16_to_fp32 u_h1 (.a(h1), .daz(daz16), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32),
    .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(x1), .exc(xe1));
  fp16_to_fp32 u_h2 (.a(h2), .daz(daz16), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32),
    .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(x2), .exc(xe2));

  // ------------------------------------------------------ f32 arithmetic
  // Operands and knobs: f32 ops take the MODE f32 policy; f16 ops take the
  // converted operands, no flush, round toward zero (then the jam).
  logic        h_ar;              // f16 add/sub/mul/fmac
  logic [31:0] ua, ub, uc;
  logic [2:0]  urm;
  logic        udaz, uftz;
  assign h_ar = sop2 && op >= 8'd73 && op <= 8'd78 && op != 8'd75 && op != 8'd76;
  always_comb begin
    ua = a; ub = b; uc = dold;
    if (sop2 && op == 8'd69) uc = lit;                 // S_FMAAK_F32: S0 * S1 + K
    if (sop2 && op == 8'd70) begin ub = lit; uc = b; end // S_FMAMK_F32: S0 * K + S1
    if (h_ar) begin ua = x0; ub = x1; uc = x2; end
  end
  assign urm  = h_ar ? 3'd1 : rm32;
  assign udaz = h_ar ? 1'b0 : daz32;
  assign uftz = h_ar ? 1'b0 : ftz32;

  logic [31:0] r_add, r_mul, r_fma;
  logic [5:0]  e_add, e_mul, e_fma;
  logic        u_sub;
  assign u_sub = (op == 8'd65) || (op == 8'd74);
  fp32_add u_add (.a(ua), .b(ub), .sub(u_sub), .rm(urm), .daz(udaz), .ftz(uftz), .tiny_after(1'b1),
    .ovf_sat(1'b0), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32), .dexc_always(1'b1),
    .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_add), .exc(e_add));
  fp32_mul u_mul (.a(ua), .b(ub), .rm(urm), .daz(udaz), .ftz(uftz), .tiny_after(1'b1),
    .ovf_sat(1'b0), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32), .dexc_always(1'b1),
    .zero_wins(1'b0), .zw_sign_xor(1'b0),
    .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_mul), .exc(e_mul));
  fp32_fma u_fma (.a(ua), .b(ub), .c(uc), .rm(urm), .daz(udaz), .ftz(uftz), .tiny_after(1'b1),
    .ovf_sat(1'b0), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32), .dexc_always(1'b1),
    .zero_wins(1'b0), .zw_sign_xor(1'b0), .zw_pass_c(1'b0), .fma_nan(2'd0),
    .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_fma), .exc(e_fma));

  // --------------------------------------------------------- min / max
  logic        mm_max, mm_num;
  logic [31:0] ma, mb, r_mm;
  logic [5:0]  e_mm;
  logic        mm_h;
  assign mm_h   = sop2 && (op == 8'd75 || op == 8'd76 || op == 8'd81 || op == 8'd82);
  assign mm_max = (op == 8'd67) || (op == 8'd76) || (op == 8'd80) || (op == 8'd82);
  assign mm_num = (op >= 8'd66 && op <= 8'd67) || (op >= 8'd75 && op <= 8'd76);
  assign ma = mm_h ? x0 : a;
  assign mb = mm_h ? x1 : b;
  fp32_minmax u_mm (.a(ma), .b(mb), .is_max(mm_max), .kind(mm_num ? 3'd2 : 3'd1), .daz(mm_h ? 1'b0 : daz32),
    .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32), .dexc_always(1'b1), .zero_negless(1'b0),
    .zero_minmax(2'd0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_mm), .exc(e_mm));

  // --------------------------------------------------------- compare
  logic [31:0] ca, cb;
  logic [3:0]  pred;
  logic [1:0]  unused_rel;
  logic [5:0]  e_cmp;
  logic        r_cmp;
  assign ca   = (op >= 8'd81) ? x0 : a;
  assign cb   = (op >= 8'd81) ? x1 : b;
  assign pred = (op >= 8'd81) ? 4'(op - 8'd80) : 4'(op - 8'd64);
  fp32_cmp u_cmp (.a(ca), .b(cb), .pred(pred), .signaling(1'b0), .daz((op >= 8'd81) ? 1'b0 : daz32),
    .nan_inf(1'b0), .dexc_always(1'b1), .zero_negless(1'b0), .res(r_cmp), .rel(unused_rel), .exc(e_cmp));

  // ------------------------------------------------------ conversions
  logic [31:0] r_fi, r_ti;
  logic [5:0]  e_fi, e_ti;
  fp32_from_int u_fi (.a(a), .is_signed(op == 8'd100), .rm(rm32), .clamp(1'b0), .r(r_fi), .exc(e_fi));
  fp32_to_int u_ti (.a(a), .is_signed(op == 8'd102), .rm(3'd1), .daz(daz32), .nan_inf(1'b0), .dexc_always(1'b1),
    .int_nan(2'd0), .int_wrap(1'b0), .r(r_ti), .exc(e_ti));

  // Round to integral (fp_floor/ceil/trunc/rne of model/fp: no inexact; sNaN
  // invalid; the denormal exception for a denormal operand).
  logic        ri_h;
  logic [31:0] ri_in, ri_x, r_ri;
  logic [5:0]  e_ri;
  logic [2:0]  ri_rm;
  assign ri_h  = sop1 && op >= 8'd107;
  assign ri_in = ri_h ? x0 : a;
  always_comb begin
    case (op[1:0])                                  // 96/107 ceil, 97/108 floor, 98/109 trunc, 99/110 rne
      2'd0: ri_rm = ri_h ? 3'd3 : 3'd2;              // f32 ceil (RUP)  | f16 floor (RDN)
      2'd1: ri_rm = ri_h ? 3'd1 : 3'd3;              // f32 floor       | f16 trunc (RTZ)
      2'd2: ri_rm = ri_h ? 3'd0 : 3'd1;              // f32 trunc       | f16 rne
      default: ri_rm = ri_h ? 3'd2 : 3'd0;           // f32 rne         | f16 ceil
    endcase
  end
  logic [7:0]  ri_e;
  logic [4:0]  ri_fb;
  logic [30:0] ri_mask, ri_half, ri_frac, ri_mag;
  logic        ri_up, ri_nan, ri_den;
  always_comb begin
    e_ri = 6'd0;
    ri_x = ri_in;
    ri_e = ri_in[30:23];
    ri_nan = (ri_e == 8'hff) && (ri_in[22:0] != 23'd0);
    ri_den = (ri_e == 8'd0) && (ri_in[22:0] != 23'd0);
    if (!ri_h && ri_den) begin
      e_ri[5] = 1'b1;                               // denormal operand (always)
      if (daz32) ri_x = {ri_in[31], 31'd0};
    end
    ri_fb = 5'd0; ri_mask = 31'd0; ri_half = 31'd0; ri_frac = 31'd0; ri_mag = 31'd0; ri_up = 1'b0;
    r_ri = ri_x;
    if (ri_nan) begin
      r_ri = ri_x | 32'h00400000;
      e_ri[0] = !ri_in[22];
    end else if (ri_x[30:23] >= 8'd150) begin
      r_ri = ri_x;                                  // integral, Inf
    end else if (ri_x[30:23] < 8'd127) begin        // |x| < 1
      if (ri_x[30:0] != 31'd0) begin
        case (ri_rm)
          3'd0: ri_up = (ri_x[30:23] == 8'd126) && (ri_x[22:0] != 23'd0);
          3'd2: ri_up = !ri_x[31];
          3'd3: ri_up = ri_x[31];
          default: ri_up = 1'b0;
        endcase
        r_ri = {ri_x[31], ri_up ? 31'h3f800000 : 31'd0};
      end
    end else begin
      ri_fb   = 5'(8'd150 - ri_x[30:23]);            // 1..23 fraction bits
      ri_mask = (31'd1 << ri_fb) - 31'd1;
      ri_half = 31'd1 << (ri_fb - 5'd1);
      ri_frac = ri_x[30:0] & ri_mask;
      case (ri_rm)
        3'd0: ri_up = (ri_frac > ri_half) || (ri_frac == ri_half && ri_x[ri_fb]);
        3'd2: ri_up = (ri_frac != 31'd0) && !ri_x[31];
        3'd3: ri_up = (ri_frac != 31'd0) && ri_x[31];
        default: ri_up = 1'b0;
      endcase
      ri_mag = (ri_x[30:0] & ~ri_mask) + (ri_up ? (31'd1 << ri_fb) : 31'd0);
      r_ri = {ri_x[31], ri_mag};
    end
  end

  // ------------------------------------------------------ f32 -> f16
  // cv0: S_CVT_F16_F32, S_CVT_PK_RTZ S0, the f16 results of the f32 path;
  // cv1: S_CVT_PK_RTZ S1.
  logic [31:0] cv0_in, h_res;
  logic [15:0] r_cv0, r_cv1;
  logic [5:0]  e_cv0, e_cv1;
  logic        cv0_f16op, cv_pk;
  logic [2:0]  cv0_rm;
  logic        h_zs;
  assign cv_pk     = sop2 && op == 8'd72;
  assign cv0_f16op = !(cv_pk || (sop1 && op == 8'd104));    // an f16 result of the f32 path: exact input
  always_comb begin
    h_res = 32'd0; h_exc = 6'd0; h_zs = 1'b0;
    if (h_ar) begin
      case (op)
        8'd73, 8'd74: begin h_res = r_add; h_exc = e_add; h_zs = x0[31] | (x1[31] ^ (op == 8'd74)); end
        8'd77:        begin h_res = r_mul; h_exc = e_mul; h_zs = x0[31] ^ x1[31]; end
        default:      begin h_res = r_fma; h_exc = e_fma; h_zs = (x0[31] ^ x1[31]) | x2[31]; end
      endcase
      // round to odd: jam the inexact bit (never NaN/Inf/zero when inexact)
      if (h_exc[4]) h_res[0] = 1'b1;
      // exact zero of a sum under round-down (RTZ gave +0 unless both addends -0)
      if (h_res[30:0] == 31'd0 && rm16 == 3'd3 && op != 8'd77) h_res[31] = h_zs;
    end else if (mm_h) h_res = r_mm;
    else h_res = r_ri;
  end
  assign cv0_in = cv0_f16op ? h_res : a;
  assign cv0_rm = cv_pk ? 3'd1 : rm16;
  fp32_to_fp16 u_cv0 (.a(cv0_in), .daz(cv0_f16op ? 1'b0 : daz32), .rm(cv0_rm),
    .ftz((cv0_f16op && !h_ar) ? 1'b0 : ftz16), .tiny_after(1'b1), .ovf_sat(ovf16), .nan_prop(2'd0),
    .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN16), .dexc_always(1'b1),
    .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_cv0), .exc(e_cv0));
  fp32_to_fp16 u_cv1 (.a(b), .daz(daz32), .rm(3'd1), .ftz(ftz16), .tiny_after(1'b1), .ovf_sat(ovf16),
    .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN16), .dexc_always(1'b1),
    .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_cv1), .exc(e_cv1));

  // ------------------------------------------------------ NaN rules of S_MIN/MAX_NUM, S_MINIMUM/MAXIMUM
  // (model rdna4_exec_sfloat.c minmax_num / minmax_ieee; raw operands)
  logic [31:0] mm_nan_r;
  logic        mm_nan, mm_snan;
  assign {mm_nan, mm_snan, mm_nan_r} = rdna4_pkg::mm_nan(a, b, mm_num, mm_h);

  // ------------------------------------------------------ result select
  always_comb begin
    d = 32'd0; exc = 6'd0; res = 1'b0;
    if (sop2) begin
      case (op)
        8'd64, 8'd65: begin d = r_add; exc = e_add; end
        8'd68:        begin d = r_mul; exc = e_mul; end
        8'd69, 8'd70, 8'd71: begin d = r_fma; exc = e_fma; end
        8'd72: begin d = {r_cv1, r_cv0}; exc = e_cv0 | e_cv1; end
        8'd73, 8'd74, 8'd77, 8'd78: begin
          d = {16'd0, r_cv0};
          exc = xe0 | xe1 | ((op == 8'd78) ? xe2 : 6'd0) | {5'd0, h_exc[0]} | e_cv0;
        end
        default: begin                               // min / max
          if (mm_nan) begin d = mm_nan_r; exc = {5'd0, mm_snan}; end
          else if (mm_h) begin d = {16'd0, r_cv0}; exc = xe0 | xe1 | e_mm | e_cv0; end
          else begin d = r_mm; exc = e_mm; end
        end
      endcase
    end else if (sop1) begin
      case (op)
        8'd100, 8'd101: begin d = r_fi; exc = e_fi; end
        8'd102, 8'd103: begin d = r_ti; exc = e_ti; end
        8'd104: begin d = {16'd0, r_cv0}; exc = e_cv0; end
        8'd105, 8'd106: begin d = x0; exc = xe0; end
        default: begin
          if (ri_h) begin d = {16'd0, r_cv0}; exc = xe0 | e_ri | e_cv0; end
          else begin d = r_ri; exc = e_ri; end
        end
      endcase
    end else if (sopc) begin
      res = r_cmp;
      exc = e_cmp | ((op >= 8'd81) ? (xe0 | xe1) : 6'd0);
    end
  end
endmodule
