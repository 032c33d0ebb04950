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
  input  logic        vcc_in,             // the lane's VCC bit (V_DIV_FMAS_F32)
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
  logic k_m2, m2_max, m2_ieee, k_ri, k_fr, k_ldx, k_fxm, k_fxe, k_ub, k_cfl, k_cnr, k_mlt;
  logic k_med, k_off, nan3;                              // V_MED3_NUM_F32, V_CVT_OFF_F32_I4
  logic k_dsc, k_dfm, k_dfx, k_cube;                     // DIV_SCALE, DIV_FMAS, DIV_FIXUP, CUBE*
  always_comb begin
    k_dsc  = op == 10'd764;
    k_dfm  = op == 10'd567;
    k_dfx  = op == 10'd551;
    k_cube = op >= 10'd524 && op <= 10'd527;
    k_sub  = op == 10'd260;
    k_subr = op == 10'd261;
    k_mul  = op == 10'd264;
    k_fma  = op == 10'd299 || op == 10'd300 || op == 10'd301 || op == 10'd531;
    // two-stage min/max: MIN3/MAX3_NUM 553/554, MINIMUM3/MAXIMUM3 557/558 (op(op(S0, S1), S2));
    // MINMAX/MAXMIN_NUM 616/617, MINIMUMMAXIMUM/MAXIMUMMINIMUM 620/621 (the second the other way)
    k_m2   = op == 10'd553 || op == 10'd554 || op == 10'd557 || op == 10'd558 ||
             op == 10'd616 || op == 10'd617 || op == 10'd620 || op == 10'd621;
    m2_ieee = op == 10'd557 || op == 10'd558 || op == 10'd620 || op == 10'd621;
    // MED3_NUM 561 (model med3): with a NaN operand min3_num; else max3_num on both
    // stages, then max_num of the pair without the operand max3 equals (below)
    k_med  = op == 10'd561;
    nan3   = (s0[30:23] == 8'hff && s0[22:0] != 23'd0) || (s1[30:23] == 8'hff && s1[22:0] != 23'd0) ||
             (s2[30:23] == 8'hff && s2[22:0] != 23'd0);
    m2_max = op == 10'd554 || op == 10'd558 || op == 10'd617 || op == 10'd621 ||   // the first stage's
             (k_med && !nan3);
    k_mm   = op == 10'd277 || op == 10'd278 || op == 10'd869 || op == 10'd870 || k_m2 || k_med;
    mm_max = op == 10'd278 || op == 10'd870 || m2_max;
    mm_num = op == 10'd277 || op == 10'd278 || (k_m2 && !m2_ieee) || k_med;
    k_off  = op == 10'd398;                                  // CVT_OFF_F32_I4
    k_ri   = op >= 10'd417 && op <= 10'd420;                // TRUNC, CEIL, RNDNE, FLOOR
    k_fr   = op == 10'd416;                                  // FRACT
    k_ldx  = op == 10'd796;                                  // LDEXP (S1 an I32)
    k_fxm  = op == 10'd448;                                  // FREXP_MANT
    k_fxe  = op == 10'd447;                                  // FREXP_EXP_I32
    k_ub   = op >= 10'd401 && op <= 10'd404;                 // CVT_F32_UBYTE0-3
    k_cfl  = op == 10'd397;                                  // CVT_FLOOR_I32
    k_cnr  = op == 10'd396;                                  // CVT_NEAREST_I32
    k_mlt  = op == 10'd536;                                  // MULLIT
    k_fi   = op == 10'd389 || op == 10'd390;
    k_ti   = op == 10'd391 || op == 10'd392;
    k_cls  = op == 10'd126 || op == 10'd254;
    k_cmp  = op[9:8] == 2'd0 && op[6:4] == 3'd1;          // 17-30, 145-158 (the rows vfrow admits)
    k_int  = k_ti || k_fxe || k_cfl || k_cnr;
    k_h2f  = op == 10'd395;                                // V_CVT_F32_F16 (S0 in bits 15:0)
    k_dxm  = op == 10'd263;
    k_dxf  = op == 10'd521;
  end
  logic [31:0] fa, fb, fc;
  logic [30:0] fr_m;                                       // FRACT: frac(|S0|), exact (below)

  // ---- the FMA: add (V_ADD_F32, the default S0 * 1.0 + S1), sub, subrev, mul, fma
  always_comb begin
    fa = s0; fb = ONE32; fc = s1;
    if (k_sub)  fc = rdna4_pkg::neg_num32(s1);
    if (k_subr) begin fa = s1; fc = rdna4_pkg::neg_num32(s0); end
    if (k_mul)  begin fb = s1; fc = 32'h80000000; end
    if (k_fma || k_mlt || k_dfm) begin fb = s1; fc = s2; end
    if (k_mlt)  fc = 32'h80000000;
    if (k_cnr)  fc = 32'h3f000000;                         // S0 + 0.5 (then floor to an integer)
    if (k_fr)   begin fa = ONE32; fc = {1'b1, fr_m}; end    // a negative S0: 1 - frac(|S0|)
    // DX9 zero wins (model FP_F_ZERO_WINS): an operand of the product that is 0 after
    // MODE's input flush makes MUL +0 (the product +0 plus c = +0: +0 in every rounding)
    // and FMA S2 itself (zw_pass_c: as read, flushed, NaN quieted); otherwise IEEE
    if (k_dxm)  begin fb = s1; fc = 32'd0; end
    if (k_dxf)  begin fb = s1; fc = s2; end
  end
  logic [31:0] r_fma, r_mm, r_fi, r_ti, r_mul;
  logic [5:0]  e_fma, e_mm, e_fi, e_ti, e_cmp;
  // (V_DIV_FMAS_F32: denormal inputs kept; outputs kept where the VCC bit scales them)
  fp32_fma u_fma (.a(fa), .b(fb), .c(fc), .rm(rm), .daz(daz && !k_dfm), .ftz(ftz && !(k_dfm && vcc_in)), .tiny_after(1'b1),
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

  // the second stage of the two-stage rows: op2(stage-1 result, S2), flags ORed (the
  // model's two rdna4_fp_minmax calls)
  logic [31:0] r_m1, r_mm2, r_m2;
  logic [5:0]  e_m1, e_mm2, e_m2;
  logic [33:0] mmn2;
  logic        m2b_max;
  assign r_m1 = mmn[33] ? mmn[31:0] : r_mm;
  assign e_m1 = mmn[33] ? {5'd0, mmn[32]} : e_mm;
  assign m2b_max = (op == 10'd616 || op == 10'd617 || op == 10'd620 || op == 10'd621) ? !m2_max : m2_max;
  assign mmn2 = rdna4_pkg::mm_nan(r_m1, s2, mm_num, 1'b0);
  fp32_minmax u_mm2 (.a(r_m1), .b(s2), .is_max(m2b_max), .kind(mm_num ? 3'd2 : 3'd1), .daz(daz),
    .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32), .dexc_always(1'b1), .zero_negless(1'b0),
    .zero_minmax(2'd0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_mm2), .exc(e_mm2));
  assign r_m2 = mmn2[33] ? mmn2[31:0] : r_mm2;
  assign e_m2 = e_m1 | (mmn2[33] ? {5'd0, mmn2[32]} : e_mm2);

  // MED3_NUM without a NaN: max3 (r_m2, its flags dropped) compared equal (MODE's input
  // flush, -0 == +0) to S0 gives max_num(S1, S2), to S1 max_num(S0, S2), else max_num(S0, S1)
  logic [31:0] md_a, md_b, r_md, f_m, f_0, f_1;
  logic [5:0]  e_md;
  logic        md_eq0, md_eq1;
  assign f_m = (daz && r_m2[30:23] == 8'd0) ? {r_m2[31], 31'd0} : r_m2;
  assign f_0 = (daz && s0[30:23] == 8'd0) ? {s0[31], 31'd0} : s0;
  assign f_1 = (daz && s1[30:23] == 8'd0) ? {s1[31], 31'd0} : s1;
  assign md_eq0 = f_m == f_0 || (f_m[30:0] == 31'd0 && f_0[30:0] == 31'd0);
  assign md_eq1 = f_m == f_1 || (f_m[30:0] == 31'd0 && f_1[30:0] == 31'd0);
  assign md_a = md_eq0 ? s1 : s0;
  assign md_b = (md_eq0 || md_eq1) ? s2 : s1;
  fp32_minmax u_mm3 (.a(md_a), .b(md_b), .is_max(1'b1), .kind(3'd2), .daz(daz),
    .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN32), .dexc_always(1'b1), .zero_negless(1'b0),
    .zero_minmax(2'd0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_md), .exc(e_md));

  // CVT_OFF_F32_I4 (L18493): sext(S0[3:0]) / 16, exact
  logic [31:0] r_off;
  always_comb begin
    case (s0[3:0])
      4'h0: r_off = 32'h00000000;  4'h1: r_off = 32'h3d800000;  4'h2: r_off = 32'h3e000000;
      4'h3: r_off = 32'h3e400000;  4'h4: r_off = 32'h3e800000;  4'h5: r_off = 32'h3ea00000;
      4'h6: r_off = 32'h3ec00000;  4'h7: r_off = 32'h3ee00000;  4'h8: r_off = 32'hbf000000;
      4'h9: r_off = 32'hbee00000;  4'ha: r_off = 32'hbec00000;  4'hb: r_off = 32'hbea00000;
      4'hc: r_off = 32'hbe800000;  4'hd: r_off = 32'hbe400000;  4'he: r_off = 32'hbe000000;
      default: r_off = 32'hbd800000;
    endcase
  end

  // ---- S0 read with MODE's input flush (the denormal exception for any denormal S0)
  logic [31:0] x0;
  logic        x0_den, x0_nan, x0_snan, x0_inf, x0_zero;
  logic [7:0]  x0_e;
  assign x0_den  = s0[30:23] == 8'd0 && s0[22:0] != 23'd0;
  assign x0      = (daz && x0_den) ? {s0[31], 31'd0} : s0;
  assign x0_e    = x0[30:23];
  assign x0_nan  = x0_e == 8'hff && x0[22:0] != 23'd0;
  assign x0_snan = x0_nan && !x0[22];
  assign x0_inf  = x0_e == 8'hff && x0[22:0] == 23'd0;
  assign x0_zero = x0[30:0] == 31'd0;

  // ---- round to integral (fp_trunc/ceil/rne/floor: no inexact; a NaN quieted, sNaN
  // invalid): the fraction bits below 2^0 cleared, one unit added when the row's
  // direction rounds the magnitude up
  logic [2:0]  ri_rm;
  logic [4:0]  ri_fb;
  logic [30:0] ri_mask, ri_half, ri_frac;
  logic        ri_up;
  logic [31:0] r_ri;
  logic [5:0]  e_ri;
  always_comb begin
    case (op[1:0])                                       // 417 trunc, 418 ceil, 419 rne, 420 floor
      2'd1:    ri_rm = 3'd1;
      2'd2:    ri_rm = 3'd2;
      2'd3:    ri_rm = 3'd0;
      default: ri_rm = 3'd3;
    endcase
    e_ri = {x0_den, 4'd0, x0_snan};
    ri_fb = 5'd0; ri_mask = 31'd0; ri_half = 31'd0; ri_frac = 31'd0; ri_up = 1'b0;
    r_ri = x0;
    if (x0_nan) r_ri = x0 | 32'h00400000;
    else if (x0_e >= 8'd150) r_ri = x0;                   // integral already, or Inf
    else if (x0_e < 8'd127) begin                         // |x| < 1: a signed 0 or 1.0
      if (!x0_zero)
        case (ri_rm)
          3'd0:    ri_up = x0_e == 8'd126 && x0[22:0] != 23'd0;
          3'd2:    ri_up = !x0[31];
          3'd3:    ri_up = x0[31];
          default: ri_up = 1'b0;
        endcase
      r_ri = {x0[31], ri_up ? 31'h3f800000 : 31'd0};
    end else begin
      ri_fb   = 5'(8'd150 - x0_e);                         // 1..23 fraction bits
      ri_mask = (31'd1 << ri_fb) - 31'd1;
      ri_half = 31'd1 << (ri_fb - 5'd1);
      ri_frac = x0[30:0] & ri_mask;
      case (ri_rm)
        3'd0:    ri_up = ri_frac > ri_half || (ri_frac == ri_half && x0[ri_fb]);
        3'd2:    ri_up = ri_frac != 31'd0 && !x0[31];
        3'd3:    ri_up = ri_frac != 31'd0 && x0[31];
        default: ri_up = 1'b0;
      endcase
      r_ri = {x0[31], (x0[30:0] & ~ri_mask) + (ri_up ? (31'd1 << ri_fb) : 31'd0)};
    end
  end

  // ---- one fp_round for LDEXP (S0 * 2^S1: the significand with the exponent moved,
  // S1 clamped to +-1024, beyond which every result is the same) and FRACT of a
  // positive S0 (frac(S0), exact, only its output flush can change it)
  logic [23:0] xsig;
  logic [8:0]  xe1;                                       // biased exponent of xsig[23]
  logic [22:0] fr_mask;
  logic signed [11:0] rd_exp, ldn;
  logic [23:0] rd_sig;
  logic [31:0] r_rd;
  logic        rd_of, rd_uf, rd_nx, unused_rd_fl;
  assign xsig = {x0_e != 8'd0, x0[22:0]};
  assign xe1  = (x0_e == 8'd0) ? 9'd1 : {1'b0, x0_e};
  always_comb begin
    if ($signed(s1) > 32'sd1024)       ldn = 12'sd1024;
    else if ($signed(s1) < -32'sd1024) ldn = -12'sd1024;
    else                               ldn = 12'(s1);
    fr_mask = (x0_e >= 8'd127 && x0_e < 8'd150) ? 23'((24'd1 << (8'd150 - x0_e)) - 24'd1) : 23'h7fffff;
    if (k_fr) begin
      rd_sig = {x0_e != 8'd0 && x0_e < 8'd127, x0[22:0] & fr_mask};
      rd_exp = 12'(xe1);
    end else begin
      rd_sig = xsig;
      rd_exp = 12'(xe1) + ldn;
    end
  end
  // FRACT of a negative S0: 1 - frac(|S0|) on the FMA (MODE's rounding); |S0| < 1 is
  // its own fraction, read unflushed by the output flush
  assign fr_m = (x0_e < 8'd127) ? x0[30:0] : r_rd[30:0];
  fp_round #(.EW(8), .MW(23), .SW(27), .XW(12)) u_rd (.sign(k_fr ? 1'b0 : x0[31]), .exp(rd_exp),
    .sig({rd_sig, 3'b000}), .sticky(1'b0), .rm(rm), .ovf_sat(1'b0), .ftz(ftz), .tiny_after(1'b1),
    .res(r_rd), .of(rd_of), .uf(rd_uf), .nx(rd_nx), .flushed(unused_rd_fl));
  logic [31:0] r_ldx, r_fr;
  logic [5:0]  e_ldx, e_fr;
  always_comb begin
    e_ldx = {x0_den, rd_nx, rd_uf, rd_of, 1'b0, 1'b0};
    r_ldx = r_rd;
    if (x0_nan) begin r_ldx = x0 | 32'h00400000; e_ldx = {5'd0, x0_snan}; end
    else if (x0_inf || x0_zero) begin r_ldx = x0; e_ldx = {x0_den, 5'd0}; end
    // FRACT: NaN quieted; Inf invalid; 0 and |x| >= 2^23 a zero (-0 rounding down)
    e_fr = {x0_den, rd_nx, rd_uf, rd_of, 1'b0, 1'b0};
    r_fr = r_rd;
    if (x0_nan) begin r_fr = x0 | 32'h00400000; e_fr = {5'd0, x0_snan}; end
    else if (x0_inf) begin r_fr = DNAN32; e_fr = 6'd1; end
    else if (x0_zero || x0_e >= 8'd150 || (x0_e >= 8'd127 && (x0[22:0] & fr_mask) == 23'd0))
      begin r_fr = {rm == 3'd3, 31'd0}; e_fr = {x0_den, 5'd0}; end
    else if (x0[31]) begin
      r_fr = (r_fma == ONE32) ? 32'h3f7fffff : r_fma;    // the largest value below 1.0
      e_fr = e_fma | {x0_den, 5'd0};
    end
  end

  // ---- FREXP: mantissa in [0.5, 1) with the sign, exponent; NaN and Inf: S0 as is
  // and 0, no exception; a zero (flushed too) itself and 0
  logic [4:0]  fx_lz;
  logic [23:0] fx_n;
  logic        unused_fx;
  assign unused_fx = fx_n[23];
  logic [31:0] r_fxm, r_fxe;
  logic [9:0]  fx_e;
  logic [5:0]  e_fx;
  always_comb begin
    fx_lz = 5'd0;
    for (int j = 0; j < 24; j++) if (xsig[j]) fx_lz = 5'(23 - j);
    fx_n = xsig << fx_lz;
    r_fxm = {x0[31], 8'd126, fx_n[22:0]};                 // fx_n[23] is the leading 1
    fx_e = {1'b0, xe1} - 10'd126 - {5'd0, fx_lz};          // -148..128
    r_fxe = {{22{fx_e[9]}}, fx_e};
    e_fx = {x0_den, 5'd0};
    if (s0[30:23] == 8'hff) begin r_fxm = s0; r_fxe = 32'd0; e_fx = 6'd0; end
    else if (x0_zero) begin r_fxm = x0; r_fxe = 32'd0; end
  end

  // ---- MULLIT (L20533): -MAX_FLOAT for S1 = -MAX, -Inf or NaN or S2 not above 0 (no
  // exception); else S0 * S1 with 0 * anything = +0 (zero wins, MODE's input flush)
  logic        ml_max, ml_zero;
  logic [31:0] r_mlt;
  logic [5:0]  e_mlt;
  logic        s1_den, s2_den;
  assign s1_den = s1[30:23] == 8'd0 && s1[22:0] != 23'd0;
  assign s2_den = s2[30:23] == 8'd0 && s2[22:0] != 23'd0;
  assign ml_max = s1 == 32'hff7fffff || s1 == 32'hff800000 || (s1[30:23] == 8'hff && s1[22:0] != 23'd0) ||
                  s2[31] || (s2[30:23] == 8'hff && s2[22:0] != 23'd0) || s2[30:0] == 31'd0 || (daz && s2_den);
  assign ml_zero = x0_zero || s1[30:0] == 31'd0 || (daz && s1_den);
  always_comb begin
    r_mlt = r_fma; e_mlt = e_fma;
    if (ml_max) begin r_mlt = 32'hff7fffff; e_mlt = 6'd0; end
    else if (ml_zero) begin r_mlt = 32'd0; e_mlt = {x0_den | s1_den, 5'd0}; end
  end

  // ---- compare and class
  logic r_cmp;
  logic [1:0] unused_rel;
  fp32_cmp u_cmp (.a(s0), .b(s1), .pred(op[3:0]), .signaling(clamp && k_cmp), .daz(daz), .nan_inf(1'b0),
    .dexc_always(1'b1), .zero_negless(1'b0), .res(r_cmp), .rel(unused_rel), .exc(e_cmp));
  logic [9:0] cls;
  assign cls = rdna4_pkg::fclass32(s0);

  // ---- conversions
  // (UBYTE0-3: the byte of S0 as a U32; CVT_FLOOR rounds down; CVT_NEAREST: floor(S0 + 0.5)
  // of the FMA's rounded sum, the sum's flags too)
  logic [31:0] fi_a, ti_a;
  assign fi_a = k_ub ? {24'd0, s0[8*(2'(op[1:0] - 2'd1)) +: 8]} : s0;   // 401-404: byte op - 401
  assign ti_a = k_cnr ? r_fma : s0;
  fp32_from_int u_fi (.a(fi_a), .is_signed(op == 10'd389), .rm(rm), .clamp(1'b0), .r(r_fi), .exc(e_fi));
  fp32_to_int u_ti (.a(ti_a), .is_signed(op != 10'd391), .rm((k_cfl || k_cnr) ? 3'd3 : 3'd1), .daz(daz), .nan_inf(1'b0), .dexc_always(1'b1),
    .int_nan(2'd0), .int_wrap(1'b0), .r(r_ti), .exc(e_ti));

  // V_CVT_F32_F16: exact; MODE[6] F16 denormal inputs kept, sNaN quieted with invalid
  logic [31:0] r_h2f;
  logic [5:0]  e_h2f;
  fp16_to_fp32 u_h2f (.a(s0[15:0]), .daz(!mode[6]), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0),
    .dnan(DNAN32), .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
    .r(r_h2f), .exc(e_h2f));

  // ---- V_DIV_SCALE/FMAS/FIXUP_F32 (rdna4_vdiv.sv)
  logic [31:0] r_div;
  logic [5:0]  e_div;
  logic        co_div;
  rdna4_vdiv #(.EW(8), .MW(23), .K(64), .BIG(96), .TINY(23)) u_div (
    .sel(k_dsc ? 2'd0 : k_dfm ? 2'd1 : 2'd2), .s0(s0), .s1(s1), .s2(s2), .fr(r_fma), .fe(e_fma), .vcc(vcc_in),
    .rm(rm), .ftz(ftz), .r(r_div), .co(co_div), .e(e_div));

  // ---- V_CUBEID/SC/TC/MA_F32 (model cube_lane, V45): x, y, z = S0-S2 with denormals
  // flushed whatever MODE; the face z when |z| >= |x| and |z| >= |y|, else y when
  // |y| >= |x|, else x (a NaN compares false); "< 0" false for -0 and NaN; invalid for
  // a signalling NaN among the three (the compares); MA = 2 * the major axis (rounded
  // in MODE, overflow in its direction, a NaN quieted)
  logic [31:0] cx, cy, cz, cm, r_cube;
  logic [5:0]  e_cube;
  logic        cnx, cny, cnz, c_zx, c_zy, c_yx, cxn, cyn, czn, c_inf;
  logic [1:0]  cface;                                     // 2 z, 1 y, 0 x
  always_comb begin
    cx = (s0[30:23] == 8'd0) ? (s0 & 32'h80000000) : s0;
    cy = (s1[30:23] == 8'd0) ? (s1 & 32'h80000000) : s1;
    cz = (s2[30:23] == 8'd0) ? (s2 & 32'h80000000) : s2;
    cnx = cx[30:23] == 8'hff && cx[22:0] != 23'd0;
    cny = cy[30:23] == 8'hff && cy[22:0] != 23'd0;
    cnz = cz[30:23] == 8'hff && cz[22:0] != 23'd0;
    c_zx = !cnz && !cnx && cz[30:0] >= cx[30:0];
    c_zy = !cnz && !cny && cz[30:0] >= cy[30:0];
    c_yx = !cny && !cnx && cy[30:0] >= cx[30:0];
    cface = (c_zx && c_zy) ? 2'd2 : c_yx ? 2'd1 : 2'd0;
    cxn = cx[31] && cx[30:0] != 31'd0 && !cnx;
    cyn = cy[31] && cy[30:0] != 31'd0 && !cny;
    czn = cz[31] && cz[30:0] != 31'd0 && !cnz;
    e_cube = {5'd0, (cnx && !cx[22]) || (cny && !cy[22]) || (cnz && !cz[22])};
    cm = (cface == 2'd2) ? cz : (cface == 2'd1) ? cy : cx;
    c_inf = rm == 3'd0 || (rm == 3'd2 && !cm[31]) || (rm == 3'd3 && cm[31]);
    case (op[1:0])
      2'd0: r_cube = (cface == 2'd2) ? (czn ? 32'h40a00000 : 32'h40800000)       // CUBEID: 0.0 .. 5.0
                   : (cface == 2'd1) ? (cyn ? 32'h40400000 : 32'h40000000)
                   : (cxn ? 32'h3f800000 : 32'h00000000);
      2'd1: r_cube = (cface == 2'd2) ? (czn ? cx ^ 32'h80000000 : cx)            // CUBESC
                   : (cface == 2'd1) ? cx : (cxn ? cz : cz ^ 32'h80000000);
      2'd2: r_cube = (cface == 2'd1) ? (cyn ? cz ^ 32'h80000000 : cz)            // CUBETC
                   : cy ^ 32'h80000000;
      default: begin                                                            // CUBEMA
        if (cm[30:23] == 8'hff) r_cube = (cm[22:0] != 23'd0) ? (cm | 32'h00400000) : cm;
        else if (cm[30:0] == 31'd0) r_cube = cm;
        else if (cm[30:23] == 8'hfe) begin
          r_cube = {cm[31], c_inf ? 31'h7f800000 : 31'h7f7fffff};
          e_cube[2] = 1'b1; e_cube[4] = 1'b1;
        end else r_cube = {cm[31], cm[30:23] + 8'd1, cm[22:0]};
      end
    endcase
  end

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
    if (k_m2 || (k_med && nan3)) begin r0 = r_m2; e0 = e_m2; end
    if (k_med && !nan3) begin r0 = r_md; e0 = e_md; end
    if (k_off) begin r0 = r_off; e0 = 6'd0; end
    if (k_fi || k_ub) begin r0 = r_fi; e0 = e_fi; end
    if (k_ti || k_cfl) begin r0 = r_ti; e0 = e_ti; end
    if (k_cnr) begin r0 = r_ti; e0 = e_fma | e_ti; end
    if (k_ri) begin r0 = r_ri; e0 = e_ri; end
    if (k_fr) begin r0 = r_fr; e0 = e_fr; end
    if (k_ldx) begin r0 = r_ldx; e0 = e_ldx; end
    if (k_fxm) begin r0 = r_fxm; e0 = e_fx; end
    if (k_fxe) begin r0 = r_fxe; e0 = e_fx; end
    if (k_mlt) begin r0 = r_mlt; e0 = e_mlt; end
    if (k_h2f) begin r0 = r_h2f; e0 = e_h2f; end
    if (k_cmp) begin r0 = 32'd0; e0 = e_cmp; cb = r_cmp; end
    if (k_cls) begin r0 = 32'd0; e0 = {5'd0, cls[0]}; cb = (cls & s1[9:0]) != 10'd0; end
    if (k_dsc || k_dfm || k_dfx) begin r0 = r_div; e0 = e_div; cb = co_div; end
    if (k_cube) begin r0 = r_cube; e0 = e_cube; end
    // (the CUBE rows: OMOD reads a denormal as 0 whatever MODE)
    {e1, r1} = rdna4_pkg::omod32(r0, omod, rm, daz || k_cube);
    if (omod == 2'd0 || k_int || k_cmp || k_cls) begin r1 = r0; e1 = 6'd0; end
  end
  // (MULLIT's -MAX_FLOAT is written as is: the model clamps it only within OMOD)
  fp_clamp #(.EW(8), .MW(23)) u_clamp (.x(r1), .nan_inf(1'b0),
    .clamp(clamp && !k_int && !k_cmp && !k_cls && !(k_mlt && ml_max && omod == 2'd0)),
    .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r2));
  // OMOD writes -0 as +0 (L2846); not on an integer result, whose OMOD is ignored
  // (0x80000000 is then INT_MIN)
  assign r3 = (omod != 2'd0 && !k_int && r2 == 32'h80000000) ? 32'd0 : r2;
  assign d = r3;
  assign co = cb;
  assign exc = e0 | e1;
endmodule
