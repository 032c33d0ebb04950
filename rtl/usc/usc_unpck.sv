// usc_unpck.sv - the phase-0 conversion rows of one instance (model/usc/usc_exec_pack.c,
// decisions D20-D25 of model/usc/README.md), on the units of rtl/common/fp
// with the "usc" policy (IEEE denormals, the default NaNs 0x7e00 /
// 0x7fc00000 / 0x7ff8000000000000, NaN to integer 0, saturation):
//   phase 0: UNPCK.fmt FT0, S0.eK and CONVERTFROMF64 FT0, S0, S2
// Combinational.  `r` is the value of the destination (CONVERTTOF64: {FT2
// the high word, FT0 the low word}); an instruction of another row gives 0.
`include "rtl/usc/usc_pkg.sv"

// UNPCK and CONVERTFROMF64
// (in: the fields the conversions read; the others are for the lane)
/* verilator lint_off UNUSEDSIGNAL */
module usc_unpck import usc_pkg::*; (
    input  ins_t        in,
    input  logic [31:0] x,      // S0: UNPCK's source, CONVERTFROMF64's low word
    input  logic [31:0] xh,     // S2: CONVERTFROMF64's high word
    input  logic        rne,    // CONVERTFROMF64 to s32/u32: nearest even (knob cvt_f64_int_rne), else toward zero
    output logic [31:0] r
);
/* verilator lint_on UNUSEDSIGNAL */
  logic [4:0]  fw;              // the field width (8, 16 or 32)
  logic [31:0] fv, iv, fi, f16r, f64r, sr, cr;
  logic        sgn, rtz, scale;
  logic [2:0]  rm;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [5:0]  e1, e2, e3, e4;  // no exception state in the USC
  /* verilator lint_on UNUSEDSIGNAL */

  assign sgn = in.m == 5'd1 || in.m == 5'd5 || in.m == 5'd10;   // S8888 S1616 S32
  assign rtz = in.o[3];
  assign scale = in.o[2];
  assign rm = rtz ? 3'd1 : 3'd0;
  always_comb begin
    fw = (in.m == 5'd0 || in.m == 5'd1) ? 5'd8 : (in.m >= 5'd9 && in.m <= 5'd11) ? 5'd0 : 5'd16;  // 0: 32 bits
    fv = fw == 5'd0 ? x : fw == 5'd8 ? {24'd0, x[8*in.o[1:0] +: 8]} : {16'd0, x[16*in.o[0] +: 16]};
    // the field as a 32-bit integer (sign-extended for the S formats)
    iv = fv;
    if (sgn && fw == 5'd8) iv = {{24{fv[7]}}, fv[7:0]};
    if (sgn && fw == 5'd16) iv = {{16{fv[15]}}, fv[15:0]};
  end

  // the integer to float: U32/S32 rounded (RNE or .rndzero), 8/16-bit exact
  fp32_from_int u_fi (.a(iv), .is_signed(fw == 5'd0 ? sgn : 1'b1), .rm(rm), .clamp(1'b0), .r(fi), .exc(e1));
  // F16F16: binary16 to binary32 (exact; NaN: the default NaN)
  fp16_to_fp32 u_h2f (.a(fv[15:0]), .daz(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b0),
    .dnan(32'h7fc00000), .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
    .r(f16r), .exc(e2));

  // .scale (D21): the field divided by 2^w-1 (U) or 2^(w-1)-1 (S), correctly
  // rounded: q = floor(|field| 2^42 / den) keeps at least 27 significant bits
  // (|field| / den >= 1/65535 > 2^-16), the remainder is the sticky bit
  logic [15:0] den, n;
  logic [57:0] num, rem;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [57:0] q;               // at most 2^42 (|field| <= den)
  /* verilator lint_on UNUSEDSIGNAL */
  logic        mneg;            // the most negative signed field: -1.0
  always_comb begin
    den = fw == 5'd8 ? (sgn ? 16'd127 : 16'd255) : (sgn ? 16'd32767 : 16'd65535);
    n = iv[31] ? 16'(-iv) : iv[15:0];
    mneg = sgn && (fw == 5'd8 ? fv[7:0] == 8'h80 : fv[15:0] == 16'h8000);
    num = {n, 42'd0};
    q = num / {42'd0, den};
    rem = num % {42'd0, den};
  end
  // q's bit 42 has the weight 2^0: the biased exponent 127 at the top of 43 bits
  fp_round #(.EW(8), .MW(23), .SW(43), .XW(12)) u_rnd (.sign(iv[31]), .exp(12'sd127), .sig(q[42:0]),
    .sticky(rem != 58'd0), .rm(rm), .ovf_sat(1'b0), .ftz(1'b0), .tiny_after(1'b1), .res(sr),
    .of(e3[0]), .uf(e3[1]), .nx(e3[2]), .flushed(e3[3]));
  assign e3[5:4] = 2'd0;

  // CONVERTFROMF64.F32: {S2, S0} to binary32, nearest even (D25)
  fp64_to_fp32 u_d2f (.a({xh, x}), .daz(1'b0), .ftz(1'b0), .tiny_after(1'b1), .ovf_sat(1'b0),
    .nan_keep(1'b0), .nan_inf(1'b0), .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0),
    .clamp_negzero_keep(1'b0), .rm(3'd0), .nan_prop(2'd2), .dnan(32'h7fc00000), .r(f64r), .exc(e4));

  // CONVERTFROMF64.S32/.U32: toward zero or (rne: the knob
  // cvt_f64_int_rne=1) to nearest even, saturated, NaN 0 (D25)
  always_comb begin
    logic [10:0] ex;
    logic [52:0] sig;
    logic [52:0] mag, m2;
    logic        s, big, sgi;
    ex = xh[30:20];
    s = xh[31];
    sgi = in.m == 5'd1;
    sig = {1'b1, xh[19:0], x};
    mag = 53'd0;
    m2 = 53'd0;
    big = 1'b0;
    if (ex == 11'h7ff) big = xh[19:0] == 20'd0 && x == 32'd0;     // inf saturates; NaN 0
    else if (ex >= 11'd1055) big = 1'b1;                           // |x| >= 2^32
    else if (rne && ex >= 11'd1022) begin                          // |x| >= 0.5
      // m2: the integer part and the first dropped bit (1074 - ex bits
      // dropped); a tie goes to the even integer, above it rounds up
      m2 = sig >> (11'd1074 - ex);
      mag = {1'b0, m2[52:1]};
      if (m2[0] && ((m2 << (11'd1074 - ex)) != sig || mag[0])) mag = mag + 53'd1;
    end else if (ex >= 11'd1023) mag = sig >> (11'd1075 - ex);     // 52 - (ex - 1023) fraction bits dropped
    if (mag > 53'hffffffff) big = 1'b1;                            // rounded up to 2^32
    if (big) cr = s ? (sgi ? 32'h80000000 : 32'd0) : (sgi ? 32'h7fffffff : 32'hffffffff);
    else if (s) cr = sgi ? (mag <= 53'h80000000 ? 32'(-mag) : 32'h80000000) : 32'd0;
    else cr = sgi ? (mag <= 53'h7fffffff ? mag[31:0] : 32'h7fffffff) : mag[31:0];
    if (ex == 11'h7ff && !(xh[19:0] == 20'd0 && x == 32'd0)) cr = 32'd0;
  end

  always_comb begin
    r = 32'd0;
    if (in.op == OP_UNPCK) begin
      if (in.m == 5'd11) r = x;                                  // F32: the bits
      else if (in.m == 5'd8) r = f16r;                           // F16F16
      else if (fw != 5'd0 && scale) r = mneg ? 32'hbf800000 : n == 16'd0 ? 32'd0 : sr;
      else r = fi;
    end else if (in.op == OP_CVTFROMF64)
      r = in.m == 5'd0 ? f64r : cr;
  end
endmodule

