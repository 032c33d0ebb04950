// usc_unpck.sv - the phase-0 conversion rows of one instance (model/usc/usc_exec_pack.c,
// decisions D20-D31 of model/usc/README.md), on the units of rtl/common/fp
// with the "usc" policy (IEEE denormals, the default NaNs 0x7e00 /
// 0x7fc00000 / 0x7ff8000000000000, NaN to integer 0, saturation):
//   phase 0: UNPCK.fmt FT0, S0.eK (the 23 formats of UNPCK) and CONVERTFROMF64 FT0, S0, S2
// Combinational.  `r` is the value of the destination (CONVERTTOF64: {FT2
// the high word, FT0 the low word}); an instruction of another row gives 0.
`include "rtl/usc/usc_pkg.sv"

// UNPCK and CONVERTFROMF64
// (in: the fields the conversions read; the others are for the lane)
/* verilator lint_off UNUSEDSIGNAL */
module usc_unpck (
    input  usc_pkg::ins_t        in,
    input  logic [31:0] x,      // S0: UNPCK's source, CONVERTFROMF64's low word
    input  logic [31:0] xh,     // S2: CONVERTFROMF64's high word
    input  logic        rne,    // CONVERTFROMF64 to s32/u32: nearest even (knob cvt_f64_int_rne), else toward zero
    output logic [31:0] r
);
/* verilator lint_on UNUSEDSIGNAL */
  logic [4:0]  fw;              // the field's width (2-24; 0: a 32-bit format)
  logic [4:0]  off;             // the field's lowest bit
  logic [3:0]  fk;              // its kind: 0 U, 1 S, 2 OGL, 3 O, 4 F16, 5 F11, 6 F10, 7 SE9995, 8 bits, 9 U32/S32
  logic [31:0] fv, iv, fi, f16r, f64r, sr, cr;
  logic [15:0] hin;
  logic        sgn, rtz, scale;
  logic [2:0]  rm;
  logic [1:0]  el;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [5:0]  e1, e2, e3, e4;  // no exception state in the USC
  /* verilator lint_on UNUSEDSIGNAL */

  assign rtz = in.o[3];
  assign scale = in.o[2];
  assign rm = rtz ? 3'd1 : 3'd0;
  assign el = in.o[1:0];
  // the field .eK of each format (D20, D26-D31)
  always_comb begin
    fw = 5'd0; off = 5'd0; fk = 4'd8;
    case (in.m)
      5'd0, 5'd1, 5'd2, 5'd3: begin fw = 5'd8; off = {el, 3'd0}; fk = {2'd0, in.m[1:0]}; end   // U S OGL O 8888
      5'd4, 5'd5, 5'd6, 5'd7: begin fw = 5'd16; off = {el[0], 4'd0}; fk = {2'd0, in.m[1:0]}; end  // ... 1616
      5'd8:  begin fw = 5'd16; off = {el[0], 4'd0}; fk = 4'd4; end                     // F16F16
      5'd9, 5'd10: fk = 4'd9;                                                          // U32, S32
      5'd13, 5'd14, 5'd15: begin                                                       // 1010102, 2F102F10F10
        fw = el == 2'd3 ? 5'd2 : 5'd10;
        off = 5'(10 * el);
        fk = in.m == 5'd13 ? 4'd0 : in.m == 5'd14 ? 4'd1 : el == 2'd3 ? 4'd0 : 4'd6;   // S1010102's [31:30] is signed
      end
      5'd16, 5'd17, 5'd18: begin                                                       // 111110
        fw = el == 2'd2 ? 5'd10 : 5'd11;
        off = 5'(11 * el);
        fk = in.m == 5'd16 ? 4'd0 : in.m == 5'd17 ? 4'd1 : el == 2'd2 ? 4'd6 : 4'd5;
      end
      5'd19: begin fw = 5'd9; off = 5'(9 * el); fk = 4'd7; end                        // SE9995
      5'd20: begin                                                                     // U565U565
        fw = el == 2'd1 ? 5'd6 : 5'd5;
        off = el == 2'd0 ? 5'd0 : el == 2'd1 ? 5'd5 : el == 2'd2 ? 5'd11 : 5'd16;
        fk = 4'd0;
      end
      5'd22: begin fw = el[0] ? 5'd24 : 5'd8; off = el[0] ? 5'd8 : 5'd0; fk = 4'd0; end   // S8D24
      5'd23: begin fw = el[0] ? 5'd8 : 5'd24; off = el[0] ? 5'd24 : 5'd0; fk = 4'd0; end  // D24S8
      default: fk = 4'd8;                                                              // F32, F32MASK: the bits
    endcase
    sgn = fk == 4'd1 || fk == 4'd2 || in.m == 5'd10;
    fv = fw == 5'd0 ? x : (x >> off) & 32'((64'd1 << fw) - 64'd1);
    // the field as a 32-bit integer: U as is, S/OGL sign-extended, O less
    // 2^(w-1); SE9995 its mantissa
    iv = fv;
    if (fk == 4'd1 || fk == 4'd2) iv = fv[fw - 5'd1] ? fv - 32'(64'd1 << fw) : fv;
    if (fk == 4'd3) iv = fv - 32'(64'd1 << (fw - 5'd1));
    // F16 / F11 / F10 to binary16 (F11, F10: the same exponent, the
    // mantissa's low bits 0)
    hin = fk == 4'd5 ? {1'b0, fv[10:0], 4'd0} : fk == 4'd6 ? {1'b0, fv[9:0], 5'd0} : fv[15:0];
  end

  // the integer to float: U32/S32 rounded (RNE or .rndzero), the narrower fields exact
  fp32_from_int u_fi (.a(iv), .is_signed(fw == 5'd0 ? sgn : 1'b1), .rm(rm), .clamp(1'b0), .r(fi), .exc(e1));
  // F16F16, F11, F10: binary16 to binary32 (exact; NaN: the default NaN)
  fp16_to_fp32 u_h2f (.a(hin), .daz(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b0),
    .dnan(32'h7fc00000), .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
    .r(f16r), .exc(e2));

  // .scale (D21, D27): the field (OGL: 2c+1) divided by 2^w-1 (U, OGL) or
  // 2^(w-1)-1 (S, O), correctly rounded: q = floor(|num| 2^50 / den) keeps
  // at least 27 significant bits (|num| / den >= 1/(2^24-1) > 2^-24), the
  // remainder is the sticky bit
  logic [23:0] den, n;
  logic [73:0] num, rem;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [73:0] q;               // at most 2^50 (|num| <= den)
  logic [31:0] nv;
  /* verilator lint_on UNUSEDSIGNAL */
  logic        mneg;            // the most negative S or O field: -1.0
  always_comb begin
    den = fk == 4'd0 || fk == 4'd2 ? 24'((32'd1 << fw) - 32'd1) : 24'((32'd1 << (fw - 5'd1)) - 32'd1);
    nv = fk == 4'd2 ? iv + iv + 32'd1 : iv;
    n = nv[31] ? 24'(-nv) : nv[23:0];
    mneg = (fk == 4'd1 || fk == 4'd3) && iv == -(32'(64'd1 << (fw - 5'd1)));
    num = {n, 50'd0};
    q = num / {50'd0, den};
    rem = num % {50'd0, den};
  end
  // q's bit 50 has the weight 2^0: the biased exponent 127 at the top of 51 bits
  fp_round #(.EW(8), .MW(23), .SW(51), .XW(12)) u_rnd (.sign(nv[31]), .exp(12'sd127), .sig(q[50:0]),
    .sticky(rem != 74'd0), .rm(rm), .ovf_sat(1'b0), .ftz(1'b0), .tiny_after(1'b1), .res(sr),
    .of(e3[0]), .uf(e3[1]), .nx(e3[2]), .flushed(e3[3]));
  assign e3[5:4] = 2'd0;

  // SE9995: the mantissa (exact as a float) times 2^(e-24), e = S0[31:27]
  logic [31:0] e9;
  assign e9 = fv == 32'd0 ? 32'd0 : fi - (32'd24 << 23) + ({27'd0, x[31:27]} << 23);   // the exponent stays >= 103

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
    if (in.op == usc_pkg::OP_UNPCK)
      case (fk)
        4'd4, 4'd5, 4'd6: r = f16r;                                  // F16F16, F11, F10
        4'd7: r = e9;                                                // SE9995
        4'd8: r = x;                                                 // F32, F32MASK: the bits
        4'd9: r = fi;                                                // U32, S32
        default: r = fw != 5'd0 && scale ? (mneg ? 32'hbf800000 : n == 24'd0 ? 32'd0 : sr) : fi;
      endcase
    else if (in.op == usc_pkg::OP_CVTFROMF64)
      r = in.m == 5'd0 ? f64r : cr;
  end
endmodule

