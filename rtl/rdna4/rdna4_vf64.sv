`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_vf64.sv - the F64 arithmetic lanes of the RDNA4 vector unit (combinational):
// FPC lanes of one pass of an F64 arithmetic row (rdna4_pkg::vf64row), the passes
// of the F32 rows (64/FPC in wave64, 32/FPC in wave32), as
// model/rdna4/rdna4_exec_valu_f32.c executes them ("F64 in the same file") with
// MODE's policy: MODE[3:2] F64 rounding, MODE[6] F64 denormal inputs kept, MODE[7]
// outputs kept (the F32 fields MODE[1:0], [4], [5] for the F32 side of the
// conversions), tininess after rounding, first NaN quieted, default NaN
// 0xfff80000_00000000, the denormal exception for any denormal operand.
// The core applies ABS/NEG on bit 63 of the F64 sources (bit 31 of the F32 source
// of V_CVT_F64_F32) before.  One datapath per lane:
//   * fp64_fma for V_ADD/MUL/FMA_F64: add = fma(S0, 1.0, S1), mul = fma(S0, S1, -0)
//     with an exact zero product given the sign S0 ^ S1 (as the F32 lanes: the
//     product by 1.0 is exact, so each is the single rounding of the operation);
//   * V_MIN/MAX_NUM_F64 (IEEE 754-2019 minimumNumber/maximumNumber) and
//     V_MINIMUM/MAXIMUM_F64 (minimum/maximum): the NaN cases of the model's
//     rdna4_fp_minmax, else the operand (as read: MODE's input flush) that fp_order
//     with -0 < +0 selects, the denormal exception for a denormal operand;
//   * V_FLOOR/CEIL/TRUNC/RNDNE_F64 (rint64 below: the fraction bits below the
//     exponent's binary point masked off, the integer part incremented when the
//     mode rounds away; no inexact); V_FRACT_F64 = fma(S0, 1.0, -floor(S0)), the one
//     rounding of S0 - floor(S0), a result of 1.0 written as the largest value below;
//   * V_LDEXP_F64: fp_round of S0's significand at its exponent + S1 (S1 clamped to
//     +-100000 as the model), V_FREXP_MANT/EXP_F64: the significand normalized to
//     [0.5, 1) and the exponent (NaN/Inf: S0 unchanged / 0, no flag);
//   * V_CVT_I32/U32_F64: toward zero, NaN 0, saturated with invalid, inexact for an
//     in-range result that dropped a fraction (integer results: no OMOD, CLAMP
//     changes nothing);
//   * V_CVT_F32_F64: fp64_to_fp32 (F64 input flush, F32 rounding and output flush);
//   * V_CVT_F64_F32 (F32 input flush; NaN quieted, payload kept, invalid on sNaN),
//     V_CVT_F64_I32/U32: exact, a leading-zero count and a shift;
//   * V_RCP/RSQ/SQRT_F64: the rounded result and flags of each lane from fp64_dsr
//     (rdna4_vdsr.sv, multi-cycle: xd, xe), then the output modifiers below;
//   * the output modifiers (README C7 of model/rdna4): OMOD (x2, x4, x0.5 of the
//     rounded result in MODE's rounding, output denormals flushed, -0 written +0,
//     only its invalid, overflow and denormal flags count; omod64 below, the F32
//     result of V_CVT_F32_F64: rdna4_pkg::omod32), then CLAMP to [0, 1] with NaN -> +0.
// d: the 64-bit result of each lane (V_CVT_F32_F64: bits 31:0); exc: the FP_EXC_*
// bits of the active lanes (act) ORed.
module rdna4_vf64 #(
  parameter int FPC = 8                   // F64 lanes per pass
) (
  input  logic [9:0]         op,          // VOP3 opcode number of the row
  input  logic               clamp,
  input  logic [1:0]         omod,
  input  logic [31:0]        mode,        // MODE hardware register
  input  logic [FPC-1:0]     act,         // lanes whose exceptions count (EXEC)
  input  logic [FPC*64-1:0]  a,           // S0, S1, S2 of each lane at [64*i +: 64]
  input  logic [FPC*64-1:0]  b,
  input  logic [FPC*64-1:0]  c,
  input  logic [FPC*64-1:0]  xd,          // V_RCP/RSQ/SQRT_F64: rdna4_vdsr's results
  input  logic [FPC*6-1:0]   xe,          // and their flags
  input  logic [FPC-1:0]     vcc_in,      // each lane's VCC bit (V_DIV_FMAS_F64)
  output logic [FPC*64-1:0]  d,
  output logic [FPC-1:0]     co,          // V_DIV_SCALE_F64: each lane's mask bit
  output logic [5:0]         exc
);
  localparam logic [63:0] DNAN64 = 64'hfff8000000000000;
  localparam logic [63:0] ONE64  = 64'h3ff0000000000000;

  // OMOD of a rounded binary64 result, as rdna4_pkg::omod32 for binary32: the
  // product by 2.0 / 4.0 / 0.5 is exact but for overflow (rm: 0 RNE, 1 RTZ, 2 RUP,
  // 3 RDN gives +-inf or +-DBL_MAX) and results below 2^-1022 (flushed to +-0).
  // daz: a denormal r reads +-0.  Returns {FP_EXC_* flags that count, result}.
  function automatic logic [69:0] omod64(input logic [63:0] r, input logic [1:0] om, input logic [2:0] rm,
                                         input logic daz);
    logic [63:0] o;
    logic [5:0]  e;
    logic [53:0] m;
    logic [11:0] ne;
    logic        inf;
    o = r; e = 6'd0; m = 54'd0; ne = 12'd0; inf = 1'b0;
    if (r[62:52] == 11'h7ff) begin
      if (r[51:0] != 52'd0) begin o = r | 64'h0008000000000000; e[0] = !r[51]; end
    end else if (r[62:52] == 11'd0) begin
      e[5] = r[51:0] != 52'd0;
      o = {r[63], 63'd0};
      m = (om == 2'd1) ? {1'b0, r[51:0], 1'b0} : {r[51:0], 2'b00};
      if (!daz && om != 2'd3) begin
        if (m[53])      o = {r[63], 11'd2, m[52:1]};
        else if (m[52]) o = {r[63], 11'd1, m[51:0]};
      end
    end else if (om == 2'd3) begin
      o = (r[62:52] == 11'd1) ? {r[63], 63'd0} : {r[63], r[62:52] - 11'd1, r[51:0]};
    end else begin
      ne = {1'b0, r[62:52]} + ((om == 2'd1) ? 12'd1 : 12'd2);
      if (ne >= 12'd2047) begin
        e[2] = 1'b1;
        inf = (rm == 3'd0) || (rm == 3'd2 && !r[63]) || (rm == 3'd3 && r[63]);
        o = {r[63], inf ? 63'h7ff0000000000000 : 63'h7fefffffffffffff};
      end else
        o = {r[63], ne[10:0], r[51:0]};
    end
    omod64 = {e, o};
  endfunction

  // NaN operands of the min/max rows (model rdna4_fp_minmax): {decided, invalid, result}
  function automatic logic [65:0] mm_nan64(input logic [63:0] x, input logic [63:0] y, input logic num);
    logic nx, ny, sx, sy;
    logic [63:0] r;
    nx = (x[62:52] == 11'h7ff) && (x[51:0] != 52'd0);
    ny = (y[62:52] == 11'h7ff) && (y[51:0] != 52'd0);
    sx = nx && !x[51];
    sy = ny && !y[51];
    r = 64'd0;
    if (num) begin
      if (nx && ny) r = x | 64'h0008000000000000;
      else if (nx)  r = y;
      else          r = x;
    end else begin
      if (sx)       r = x | 64'h0008000000000000;
      else if (sy)  r = y | 64'h0008000000000000;
      else if (nx)  r = x;
      else          r = y;
    end
    mm_nan64 = {nx || ny, sx || sy, r};
  endfunction

  // Round x (as read: denormals already flushed or kept) to an integral value in
  // binary64 with rm (0 RNE, 1 RTZ, 2 RUP, 3 RDN); NaN, Inf, zero and |x| >= 2^52
  // returned as they are (the caller quiets a NaN).
  function automatic logic [63:0] rint64(input logic [63:0] x, input logic [2:0] rm);
    logic [63:0] r, mask, frac, half;
    logic [5:0]  p;
    logic        up;
    r = x; mask = 64'd0; frac = 64'd0; half = 64'd0; p = 6'd0; up = 1'b0;
    if (x[62:52] >= 11'd1075 || x[62:0] == 63'd0) begin
      r = x;
    end else if (x[62:52] < 11'd1023) begin            // |x| < 1
      case (rm)
        3'd1: up = 1'b0;
        3'd2: up = !x[63];
        3'd3: up = x[63];
        default: up = x[62:52] == 11'd1022 && x[51:0] != 52'd0;
      endcase
      r = up ? {x[63], 63'h3ff0000000000000} : {x[63], 63'd0};
    end else begin
      p = 6'(11'd1075 - x[62:52]);                     // fraction bits, 1-52
      mask = (64'd1 << p) - 64'd1;
      half = 64'd1 << (p - 6'd1);
      frac = x & mask;
      case (rm)
        3'd1: up = 1'b0;
        3'd2: up = !x[63] && frac != 64'd0;
        3'd3: up = x[63] && frac != 64'd0;
        default: up = frac > half || (frac == half && x[p]);
      endcase
      r = {x[63], x[62:0] & ~mask[62:0]} + (up ? (64'd1 << p) : 64'd0);
    end
    rint64 = r;
  endfunction

  logic [2:0] rm64, rm32;
  logic       daz64, ftz64, daz32, ftz32;
  assign rm64  = rdna4_pkg::fp_rm(mode[3:2]);
  assign rm32  = rdna4_pkg::fp_rm(mode[1:0]);
  assign daz32 = !mode[4];
  assign ftz32 = !mode[5];
  assign daz64 = !mode[6];
  assign ftz64 = !mode[7];
  logic unused_mode;
  assign unused_mode = ^mode[31:8];

  // row classes
  logic k_add, k_mul, k_fma, k_mm, mm_max, mm_num, k_d2f, k_f2d, k_i2d, i2d_s;
  logic k_rint, k_fract, k_ldexp, k_fm, k_fe, k_d2i, d2i_s, k_int, k_dsr;
  logic k_dsc, k_dfm, k_dfx, k_trig;     // V_DIV_SCALE/FMAS/FIXUP_F64, V_TRIG_PREOP_F64
  logic [2:0] rint_rm;
  always_comb begin
    k_dsc  = op == 10'd765;
    k_dfm  = op == 10'd568;
    k_dfx  = op == 10'd552;
    k_trig = op == 10'd815;
    k_add  = op == 10'd258;
    k_mul  = op == 10'd262;
    k_fma  = op == 10'd532;
    k_mm   = op == 10'd269 || op == 10'd270 || op == 10'd833 || op == 10'd834;
    mm_max = op == 10'd270 || op == 10'd834;
    mm_num = op == 10'd269 || op == 10'd270;
    k_d2f  = op == 10'd399;
    k_f2d  = op == 10'd400;
    k_i2d  = op == 10'd388 || op == 10'd406;
    i2d_s  = op == 10'd388;
    k_rint = op == 10'd407 || op == 10'd408 || op == 10'd409 || op == 10'd410;
    k_fract = op == 10'd446;
    k_ldexp = op == 10'd811;
    k_fm   = op == 10'd445;
    k_fe   = op == 10'd444;
    k_d2i  = op == 10'd387 || op == 10'd405;
    d2i_s  = op == 10'd387;
    k_int  = k_fe || k_d2i;
    k_dsr  = op == 10'd431 || op == 10'd433 || op == 10'd436;
    // TRUNC 407 toward zero, CEIL 408 up, RNDNE 409 nearest even, FLOOR 410 (and FRACT) down
    case (op)
      10'd407: rint_rm = 3'd1;
      10'd408: rint_rm = 3'd2;
      10'd409: rint_rm = 3'd0;
      default: rint_rm = 3'd3;
    endcase
  end
  logic unused_k;
  assign unused_k = k_add;

  logic [6*FPC-1:0] le;
  always_comb begin
    exc = 6'd0;
    for (int g = 0; g < FPC; g++)
      if (act[g]) exc = exc | le[6*g +: 6];
  end

  for (genvar g = 0; g < FPC; g++) begin : g_lane
    logic [63:0] s0, s1, s2, fa, fb, fc;
    assign s0 = a[64*g +: 64];
    assign s1 = b[64*g +: 64];
    assign s2 = c[64*g +: 64];

    // ---- the FMA: add (the default S0 * 1.0 + S1), mul, fma
    // ---- the operand as read (MODE's F64 input flush) and its classes
    logic [63:0] xs0;
    logic        n0, sn0, i0, z0, d0;
    assign d0  = s0[62:52] == 11'd0 && s0[51:0] != 52'd0;
    assign xs0 = (daz64 && d0) ? {s0[63], 63'd0} : s0;
    assign n0  = s0[62:52] == 11'h7ff && s0[51:0] != 52'd0;
    assign sn0 = n0 && !s0[51];
    assign i0  = s0[62:52] == 11'h7ff && s0[51:0] == 52'd0;
    assign z0  = xs0[62:0] == 63'd0;

    // ---- round to integral (FLOOR/CEIL/TRUNC/RNDNE, the floor of FRACT)
    logic [63:0] r_rint;
    assign r_rint = n0 ? (s0 | 64'h0008000000000000) : rint64(xs0, rint_rm);

    always_comb begin
      fa = s0; fb = ONE64; fc = s1;
      if (k_mul) begin fb = s1; fc = 64'h8000000000000000; end
      if (k_fma || k_dfm) begin fb = s1; fc = s2; end
      if (k_fract) fc = {~r_rint[63], r_rint[62:0]};   // S0 - floor(S0), one rounding
    end
    logic [63:0] r_fma, r_mul;
    logic [5:0]  e_fma;
    // (V_DIV_FMAS_F64: denormal inputs kept; outputs kept where the VCC bit scales them)
    fp64_fma u_fma (.a(fa), .b(fb), .c(fc), .rm(rm64), .daz(daz64 && !k_dfm), .ftz(ftz64 && !(k_dfm && vcc_in[g])),
      .tiny_after(1'b1),
      .ovf_sat(1'b0), .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(DNAN64), .dexc_always(1'b1),
      .zero_wins(1'b0), .zw_sign_xor(1'b0), .zw_pass_c(1'b0), .fma_nan(2'd0),
      .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_fma), .exc(e_fma));
    // an exact zero product takes the product's sign (not x + -0's)
    assign r_mul = (k_mul && r_fma[62:0] == 63'd0) ? {s0[63] ^ s1[63], 63'd0} : r_fma;

    // ---- min / max: NaN cases first, then the ordered operands as read
    logic [65:0] mmn;
    logic [63:0] xa, xb, r_mm;
    logic        mlt, meq, mgt, dena, denb;
    assign mmn  = mm_nan64(s0, s1, mm_num);
    assign dena = s0[62:52] == 11'd0 && s0[51:0] != 52'd0;
    assign denb = s1[62:52] == 11'd0 && s1[51:0] != 52'd0;
    assign xa   = (daz64 && dena) ? {s0[63], 63'd0} : s0;
    assign xb   = (daz64 && denb) ? {s1[63], 63'd0} : s1;
    fp_order #(.W(64)) u_ord (.x(xa), .y(xb), .negzero_less(1'b1), .lt(mlt), .eq(meq), .gt(mgt));
    assign r_mm = (mm_max ? mgt : mlt) ? xa : xb;

    // ---- LDEXP: S0's significand at its exponent + S1, rounded
    logic [52:0] sg0;
    logic [10:0] ex0;
    logic signed [31:0] nn;
    logic signed [19:0] lx;
    assign sg0 = {xs0[62:52] != 11'd0, xs0[51:0]};
    assign ex0 = (xs0[62:52] == 11'd0) ? 11'd1 : xs0[62:52];
    assign nn  = $signed(s1[31:0]);
    assign lx  = $signed({9'd0, ex0}) + ((nn > 32'sd100000) ? 20'sd100000 : (nn < -32'sd100000) ? -20'sd100000 : nn[19:0]);
    logic [63:0] r_ldx;
    logic        lof, luf, lnx, lfl;
    fp_round #(.EW(11), .MW(52), .SW(56), .XW(20)) u_ldx (
      .sign(xs0[63]), .exp(lx), .sig({sg0, 3'b000}), .sticky(1'b0), .rm(rm64), .ovf_sat(1'b0), .ftz(ftz64),
      .tiny_after(1'b1), .res(r_ldx), .of(lof), .uf(luf), .nx(lnx), .flushed(lfl));

    // ---- FREXP: the significand in [0.5, 1) and the exponent
    logic [5:0]  flz;
    logic [52:0] fsg;
    logic [63:0] r_fm;
    logic [31:0] r_fe;
    always_comb begin
      flz = 6'd0;
      for (int i = 0; i < 53; i++)
        if (sg0[i]) flz = 6'(52 - i);
      fsg = sg0 << flz;
      r_fm = (n0 || i0) ? s0 : z0 ? {xs0[63], 63'd0} : {xs0[63], 11'd1022, fsg[51:0]};
      r_fe = (n0 || i0 || z0) ? 32'd0 : 32'($signed({21'd0, ex0}) - 32'sd1022 - $signed({26'd0, flz}));
    end

    // ---- F64 -> I32 / U32, toward zero
    logic [31:0] r_d2i;
    logic [5:0]  e_d2i;
    logic [84:0] dsh;                               // the integer part (32 bits) and the fraction
    logic [32:0] dm;
    logic        dfr, dov;
    always_comb begin
      dsh = 85'd0; dm = 33'd0; dfr = 1'b0; dov = 1'b0; r_d2i = 32'd0; e_d2i = {d0, 5'd0};
      if (n0) begin
        e_d2i[0] = 1'b1;
      end else if (i0) begin
        e_d2i[0] = 1'b1;
        r_d2i = d2i_s ? (s0[63] ? 32'h80000000 : 32'h7fffffff) : (s0[63] ? 32'd0 : 32'hffffffff);
      end else if (!z0) begin
        if (xs0[62:52] >= 11'd1055) dov = 1'b1;        // |x| >= 2^32
        else if (xs0[62:52] < 11'd1023) dfr = 1'b1;    // |x| < 1: 0 and a fraction
        else begin
          // the 53-bit significand shifted so that bit 52 holds 2^0
          dsh = {32'd0, sg0} << (xs0[62:52] - 11'd1023);
          dm  = dsh[84:52];
          dfr = dsh[51:0] != 52'd0;
        end
        if (!dov) begin
          if (d2i_s) dov = xs0[63] ? (dm > 33'h080000000) : (dm > 33'h07fffffff);
          else       dov = xs0[63] ? (dm != 33'd0) : (dm > 33'h0ffffffff);
        end
        if (dov) begin
          e_d2i[0] = 1'b1;
          r_d2i = d2i_s ? (xs0[63] ? 32'h80000000 : 32'h7fffffff) : (xs0[63] ? 32'd0 : 32'hffffffff);
        end else begin
          e_d2i[4] = dfr;
          r_d2i = xs0[63] ? 32'd0 - dm[31:0] : dm[31:0];
        end
      end
    end

    // ---- F64 -> F32
    logic [31:0] r_d2f;
    logic [5:0]  e_d2f;
    fp64_to_fp32 u_d2f (.a(s0), .daz(daz64), .rm(rm32), .ftz(ftz32), .tiny_after(1'b1), .ovf_sat(1'b0),
      .nan_prop(2'd0), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(32'hffc00000), .dexc_always(1'b1),
      .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r_d2f), .exc(e_d2f));

    // ---- F32 -> F64 and I32/U32 -> F64: exact
    logic [63:0] r_f2d, r_i2d;
    logic [5:0]  e_f2d;
    logic [31:0] mag, nm;
    logic [4:0]  lz;
    logic        f_nan, f_den;
    always_comb begin
      // F32 -> F64
      f_nan = s0[30:23] == 8'hff && s0[22:0] != 23'd0;
      f_den = s0[30:23] == 8'd0 && s0[22:0] != 23'd0;
      e_f2d = {f_den, 4'd0, f_nan && !s0[22]};
      mag = {9'd0, s0[22:0]};
      lz = 5'd0;
      for (int i = 0; i < 23; i++)
        if (mag[i]) lz = 5'(22 - i);               // the lowest set bit last: the leading one wins
      nm = mag << (lz + 5'd1);                     // the denormal's leading one shifted out at bit 23
      if (s0[30:23] == 8'hff)
        r_f2d = f_nan ? {s0[31], 11'h7ff, 1'b1, s0[21:0], 29'd0} : {s0[31], 11'h7ff, 52'd0};
      else if (s0[30:23] != 8'd0)
        r_f2d = {s0[31], 11'(s0[30:23]) + 11'd896, s0[22:0], 29'd0};
      else if (!f_den || daz32)
        r_f2d = {s0[31], 63'd0};
      else
        r_f2d = {s0[31], 11'd896 - 11'(lz), nm[22:0], 29'd0};
      // I32 / U32 -> F64
      mag = (i2d_s && s0[31]) ? 32'd0 - s0[31:0] : s0[31:0];
      lz = 5'd0;
      for (int i = 0; i < 32; i++)
        if (mag[i]) lz = 5'(31 - i);
      nm = mag << lz;                               // the leading one at bit 31
      r_i2d = (mag == 32'd0) ? 64'd0 : {i2d_s && s0[31], 11'd1054 - 11'(lz), nm[30:0], 21'd0};
    end

    // ---- V_DIV_SCALE/FMAS/FIXUP_F64 (rdna4_vdiv.sv), V_TRIG_PREOP_F64 (rdna4_vtrig.sv)
    logic [63:0] r_div, r_trig;
    logic [5:0]  e_div, e_trig;
    rdna4_vdiv #(.EW(11), .MW(52), .K(128), .BIG(768), .TINY(53)) u_div (
      .sel(k_dsc ? 2'd0 : k_dfm ? 2'd1 : 2'd2), .s0(s0), .s1(s1), .s2(s2), .fr(r_fma), .fe(e_fma), .vcc(vcc_in[g]),
      .rm(rm64), .ftz(ftz64), .r(r_div), .co(co[g]), .e(e_div));
    rdna4_vtrig u_trig (.s0(s0), .s1(s1[31:0]), .ftz(ftz64), .r(r_trig), .e(e_trig));

    // ---- the row's result, then OMOD and CLAMP
    logic [63:0] r0, r1, r2, r3;
    logic [5:0]  e0, e1;
    logic [37:0] o32;
    logic [31:0] c32;
    always_comb begin
      r0 = r_mul; e0 = e_fma;
      if (k_mm) begin
        if (mmn[65]) begin r0 = mmn[63:0]; e0 = {5'd0, mmn[64]}; end
        else begin r0 = r_mm; e0 = {dena | denb, 5'd0}; end
      end
      if (k_f2d) begin r0 = r_f2d; e0 = e_f2d; end
      if (k_i2d) begin r0 = r_i2d; e0 = 6'd0; end
      if (k_d2f) begin r0 = {32'd0, r_d2f}; e0 = e_d2f; end
      if (k_rint) begin r0 = r_rint; e0 = {d0, 4'd0, sn0}; end
      if (k_fract && r_fma == ONE64) r0 = 64'h3fefffffffffffff;   // the largest value below 1.0
      if (k_ldexp) begin
        r0 = (n0 || i0 || z0) ? r_rint : r_ldx;                  // NaN quieted, Inf and zero as read
        e0 = (n0 || i0 || z0) ? {d0, 4'd0, sn0} : {d0, lnx, luf, lof, 2'd0};
      end
      if (k_fm) begin r0 = r_fm; e0 = (n0 || i0) ? 6'd0 : {d0, 5'd0}; end
      if (k_fe) begin r0 = {32'd0, r_fe}; e0 = (n0 || i0) ? 6'd0 : {d0, 5'd0}; end
      if (k_d2i) begin r0 = {32'd0, r_d2i}; e0 = e_d2i; end
      if (k_dsr) begin r0 = xd[64*g +: 64]; e0 = xe[6*g +: 6]; end
      if (k_dsc || k_dfm || k_dfx) begin r0 = r_div; e0 = e_div; end
      if (k_trig) begin r0 = r_trig; e0 = e_trig; end
      {e1, r1} = omod64(r0, omod, rm64, daz64);
      o32 = rdna4_pkg::omod32(r0[31:0], omod, rm32, daz32);
      if (k_d2f) begin r1 = {32'd0, o32[31:0]}; e1 = o32[37:32]; end
      if (omod == 2'd0 || k_int) begin r1 = r0; e1 = 6'd0; end
    end
    fp_clamp #(.EW(11), .MW(52)) u_clamp (.x(r1), .nan_inf(1'b0), .clamp(clamp && !k_d2f && !k_int),
      .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r2));
    fp_clamp #(.EW(8), .MW(23)) u_clamp32 (.x(r1[31:0]), .nan_inf(1'b0), .clamp(clamp),
      .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(c32));
    // OMOD writes -0 as +0 (L2846)
    always_comb begin
      r3 = k_d2f ? {32'd0, c32} : r2;
      if (omod != 2'd0 && !k_int && (k_d2f ? r3[31:0] == 32'h80000000 : r3 == 64'h8000000000000000)) r3 = 64'd0;
    end
    assign d[64*g +: 64] = r3;
    assign le[6*g +: 6] = e0 | e1;
    logic unused_lane;
    assign unused_lane = ^{meq, nm[31], fsg[52], lfl};  // nm[31], fsg[52]: the leading ones, implicit
  end
endmodule
