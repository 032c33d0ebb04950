// usc_pck.sv - the phase-2 conversion rows of one instance (model/usc/usc_exec_pack.c,
// decisions D20-D31 of model/usc/README.md), on the units of rtl/common/fp
// with the "usc" policy (IEEE denormals, the default NaNs 0x7e00 /
// 0x7fc00000 / 0x7ff8000000000000, NaN to integer 0, saturation):
//   phase 2: PCK.fmt FT2, IS3 (the 26 formats, field 0) and CONVERTTOF64 FT0, FT2, IS3
// Combinational.  `r` is the value of the destination (CONVERTTOF64: {FT2
// the high word, FT0 the low word}); an instruction of another row gives 0.
`include "rtl/usc/usc_pkg.sv"

// PCK and CONVERTTOF64
/* verilator lint_off UNUSEDSIGNAL */
module usc_pck (
    input  usc_pkg::ins_t        in,
    input  logic [31:0] x,      // IS3
    input  logic        sat,    // F11/F10 nearest even: overflow to the largest finite (knob small_float_sat)
    output logic [63:0] r
);
/* verilator lint_on UNUSEDSIGNAL */
  logic [4:0]  fw;              // field 0's width (0: a 32-bit format)
  logic [3:0]  fk;              // field 0's kind: 0 U, 1 S, 2 OGL, 3 O, 4 F16, 5 F11, 6 F10, 7 SE9995, 8 bits, 9 U32/S32, 10 CONST0, 11 CONST1
  logic        sgn, rtz, scale;
  logic [2:0]  rm;
  logic [31:0] ti, sc;
  logic [15:0] h;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [5:0]  e1, e2;          // no exception state in the USC
  logic        o1, o2, o3, o4;
  /* verilator lint_on UNUSEDSIGNAL */
  // field 0 of each format (D20, D26-D31)
  always_comb begin
    fw = 5'd0; fk = 4'd8;
    case (in.m)
      5'd0:  begin fw = 5'd8;  fk = 4'd0; end                     // U8888
      5'd1:  begin fw = 5'd8;  fk = 4'd1; end                     // S8888
      5'd2:  begin fw = 5'd8;  fk = 4'd2; end                     // S8888OGL
      5'd3:  begin fw = 5'd8;  fk = 4'd3; end                     // O8888
      5'd4:  begin fw = 5'd16; fk = 4'd0; end                     // U1616
      5'd5:  begin fw = 5'd16; fk = 4'd1; end                     // S1616
      5'd6:  begin fw = 5'd16; fk = 4'd2; end                     // S1616OGL
      5'd7:  begin fw = 5'd16; fk = 4'd3; end                     // O1616
      5'd8:  begin fw = 5'd16; fk = 4'd4; end                     // F16F16
      5'd9, 5'd10: fk = 4'd9;                                     // U32, S32
      5'd13: begin fw = 5'd10; fk = 4'd0; end                     // U1010102
      5'd14: begin fw = 5'd10; fk = 4'd1; end                     // S1010102
      5'd15: begin fw = 5'd10; fk = 4'd6; end                     // 2F102F10F10: F10
      5'd16: begin fw = 5'd11; fk = 4'd0; end                     // U111110
      5'd17: begin fw = 5'd11; fk = 4'd1; end                     // S111110
      5'd18: begin fw = 5'd11; fk = 4'd5; end                     // F111110: F11
      5'd19: fk = 4'd7;                                           // SE9995
      5'd20: begin fw = 5'd5;  fk = 4'd0; end                     // U565U565
      5'd22: begin fw = 5'd8;  fk = 4'd0; end                     // S8D24: the 8-bit field
      5'd23: begin fw = 5'd24; fk = 4'd0; end                     // D24S8: D24
      5'd24: fk = 4'd10;                                          // CONST0
      5'd25: fk = 4'd11;                                          // CONST1
      default: fk = 4'd8;                                         // F32, F32MASK, COVERAGEMASK: the bits
    endcase
  end
  assign sgn = fk == 4'd1 || fk == 4'd2 || fk == 4'd3 || in.m == 5'd10;
  assign rtz = in.o[3];
  assign scale = in.o[2];
  assign rm = rtz ? 3'd1 : 3'd0;

  // to an integer: U32/S32 directly; the narrower fields as int32, then
  // clamped to the field's range (the same as the model's int64 path: both
  // saturate, NaN 0)
  fp32_to_int u_fi (.a(x), .is_signed(fw == 5'd0 ? sgn : 1'b1), .rm(rm), .daz(1'b0), .nan_inf(1'b0),
    .dexc_always(1'b0), .int_nan(2'd0), .int_wrap(1'b0), .r(ti), .exc(e1));
  // F16F16: binary16, nearest even or toward zero (overflow: inf or the largest finite)
  fp32_to_fp16 u_f2h (.a(x), .daz(1'b0), .ftz(1'b0), .tiny_after(1'b1), .ovf_sat(1'b0), .nan_keep(1'b0),
    .nan_inf(1'b0), .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
    .rm(rm), .nan_prop(2'd2), .dnan(16'h7e00), .r(h), .exc(e2));

  // the field's range: [0, 2^w-1] or [-2^(w-1), 2^(w-1)-1]
  logic signed [33:0] lo, hi, v;
  assign hi = sgn ? (34'sd1 <<< (fw - 5'd1)) - 34'sd1 : (34'sd1 <<< fw) - 34'sd1;
  assign lo = sgn ? -hi - 34'sd1 : 34'sd0;

  // .scale (D21): clamp to [0,1] or [-1,1] (NaN 0), times 2^w-1 or
  // 2^(w-1)-1 (exact: 24 x 24 bits), rounded to an integer
  always_comb begin
    logic [23:0] m;
    logic [63:0] p, fr, half;
    logic [7:0]  e;
    logic [8:0]  sh;
    logic [31:0] mag;
    logic        up;
    e = x[30:23];
    m = {e != 8'd0, x[22:0]};
    mag = 32'd0;
    p = 64'd0; fr = 64'd0; half = 64'd0; up = 1'b0;
    sh = 9'd150 - {1'b0, e == 8'd0 ? 8'd1 : e};
    if (e == 8'hff && x[22:0] != 23'd0) mag = 32'd0;               // NaN: 0
    else if (e >= 8'd127) mag = hi[31:0];                           // |x| >= 1: clamped to 1
    else if (sh < 9'd64) begin
      p = {40'd0, m} * {30'd0, hi};
      mag = 32'(p >> sh);
      fr = p & ((64'd1 << sh) - 64'd1);
      half = 64'd1 << (sh - 9'd1);
      up = rtz ? 1'b0 : fr > half || (fr == half && mag[0]);
      mag = mag + {31'd0, up};
    end
    v = x[31] ? -$signed({2'b0, mag}) : $signed({2'b0, mag});
    if (v < lo) v = sgn ? -hi : 34'sd0;                             // a negative x of a U format: 0
    sc = 32'(v);
  end

  // OGL with .scale (D27): c = round((y-1)/2), y = x(2^w-1), x clamped to
  // [-1,1]: t = (y-1) 2^sh exactly (y = m (2^w-1) 2^-sh), then |t| / 2^(sh+1)
  // rounded (nearest even or toward zero) with t's sign
  logic [31:0] og;
  always_comb begin
    logic [23:0] m;
    logic [7:0]  e;
    logic [8:0]  sh;
    logic signed [72:0] t;
    logic [72:0] at, q, fr, half;
    logic        up;
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [33:0] c;      // |c| <= 2^15: og takes the low 32 bits
    /* verilator lint_on UNUSEDSIGNAL */
    e = x[30:23];
    m = {e != 8'd0, x[22:0]};
    sh = 9'd150 - {1'b0, e == 8'd0 ? 8'd1 : e};
    t = 73'sd0; at = 73'd0; q = 73'd0; fr = 73'd0; half = 73'd0; up = 1'b0;
    c = 34'sd0;
    if (e == 8'hff && x[22:0] != 23'd0) c = 34'sd0;                  // NaN: 0
    else if (e >= 8'd127) c = x[31] ? lo : hi;                       // |x| >= 1: (+-(2^w-1) - 1)/2
    else if (sh < 9'd64) begin
      t = (x[31] ? -$signed({25'd0, {24'd0, m} * {24'd0, hi[23:0] + hi[23:0] + 24'd1}})
                 : $signed({25'd0, {24'd0, m} * {24'd0, hi[23:0] + hi[23:0] + 24'd1}}))
          - $signed(73'd1 << sh);
      at = t < 0 ? 73'(-t) : 73'(t);
      q = at >> (sh + 9'd1);
      fr = at & ((73'd1 << (sh + 9'd1)) - 73'd1);
      half = 73'd1 << sh;
      up = rtz ? 1'b0 : fr > half || (fr == half && q[0]);
      q = q + {72'd0, up};
      c = t < 0 ? -$signed({1'b0, q[32:0]}) : $signed({1'b0, q[32:0]});
    end else c = (!rtz && x[31] && x[30:0] != 31'd0) ? -34'sd1 : 34'sd0;   // |y| < 2^-16: (y-1)/2 in (-1, 0)
    og = 32'(c);
  end

  // the rounded integer of an unscaled field, clamped to its range; O: plus 2^(w-1)
  logic signed [33:0] ci;
  logic [31:0] fld, fmask;
  always_comb begin
    ci = 34'($signed(ti));
    if (ci < lo) ci = lo;
    if (ci > hi) ci = hi;
    fmask = 32'((64'd1 << fw) - 64'd1);
    fld = fk == 4'd2 && scale ? og : scale ? sc : 32'(ci);
    if (fk == 4'd3) fld = fld + 32'(hi + 34'sd1);
    fld = fld & fmask;
  end

  // F11 / F10 (D29): unsigned small floats, 5-bit exponent (bias 15), mb =
  // 6 or 5 mantissa bits; negative values 0, NaN exponent 31 with the top
  // mantissa bit, +inf inf; finite values nearest even (overflow inf) or
  // toward zero (overflow the largest finite)
  logic [31:0] sf;
  always_comb begin
    logic [3:0]  mb;
    logic [7:0]  ex;
    logic [23:0] sig, n, rem, hf;
    logic [8:0]  shift;
    logic signed [9:0] k;
    logic [15:0] enc, inf;
    mb = fk == 4'd5 ? 4'd6 : 4'd5;
    inf = 16'd31 << mb;
    ex = x[30:23];
    sig = {1'b1, x[22:0]};
    k = $signed({2'b0, ex}) - 10'sd127;
    n = 24'd0; rem = 24'd0; hf = 24'd0; enc = 16'd0;
    shift = k < -10'sd14 ? 9'(10'sd9 - $signed({6'd0, mb}) - k) : 9'd23 - {5'd0, mb};
    if (shift <= 9'd24) begin
      n = sig >> shift;
      rem = sig & ((24'd1 << shift) - 24'd1);
      hf = 24'd1 << (shift - 9'd1);
      if (!rtz && (rem > hf || (rem == hf && n[0]))) n = n + 24'd1;
    end
    if (k < -10'sd14) enc = n[15:0];
    else enc = ({6'd0, 10'(k + 10'sd14)} << mb) + n[15:0];
    if (k > 10'sd16 || enc >= inf) enc = rtz || sat ? inf - 16'd1 : inf;
    if (ex == 8'hff) enc = x[22:0] != 23'd0 ? (inf | (16'd1 << (mb - 4'd1))) : (x[31] ? 16'd0 : inf);
    else if (x[31] || ex == 8'd0) enc = 16'd0;
    sf = {16'd0, enc};
  end

  // SE9995 (D30): v = x clamped to [0, 65408] (NaN, negative 0), exponent
  // max(-16, floor(log2 v)) + 16, mantissa floor(v 2^(24-e) + 1/2)
  // (.rndzero: floor); 512: one more exponent
  logic [31:0] se;
  always_comb begin
    logic [30:0] vv;            // x clamped (non-negative)
    logic [7:0]  ex;
    logic [23:0] sig;
    logic [4:0]  eo;
    logic [8:0]  shift;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [24:0] mm;            // at most 512
    /* verilator lint_on UNUSEDSIGNAL */
    vv = x[30:0];
    if (x[31] || (x[30:23] == 8'hff && x[22:0] != 23'd0)) vv = 31'd0;
    else if (x[30:0] > 31'h477f8000) vv = 31'h477f8000;
    ex = vv[30:23];
    sig = {ex != 8'd0, vv[22:0]};
    eo = ex >= 8'd111 ? 5'(ex - 8'd111) : 5'd0;
    shift = ex >= 8'd111 ? 9'd15 : 9'(9'd126 - {1'b0, ex});
    mm = 25'd0;
    if (shift <= 9'd24) mm = ({1'b0, sig} + (rtz ? 25'd0 : 25'd1 << (shift - 9'd1))) >> shift;
    if (mm[9]) begin                                                // 512: e + 1
      eo = eo + 5'd1;
      mm = ({1'b0, sig} + (rtz ? 25'd0 : 25'd1 << shift)) >> (shift + 9'd1);
    end
    se = {eo, 18'd0, mm[8:0]};
  end

  // CONVERTTOF64: f32 (NaN: the default NaN), s32 or u32 to binary64, exact:
  // fp_round with the biased binary64 exponent of wsig's bit 31
  logic [31:0] wsig;
  logic signed [12:0] wexp;
  logic        ws;
  logic [63:0] wr;
  always_comb begin
    if (in.m == 5'd0) begin
      ws = x[31];
      wsig = {x[30:23] != 8'd0, x[22:0], 8'd0};                      // bit 31: 2^(e-127)
      wexp = 13'd896 + {5'd0, x[30:23] == 8'd0 ? 8'd1 : x[30:23]};  // e - 127 + 1023
    end else begin
      ws = in.m == 5'd1 && x[31];
      wsig = ws ? -x : x;                                           // bit 31: 2^31
      wexp = 13'd1054;                                              // 31 + 1023
    end
  end
  fp_round #(.EW(11), .MW(52), .SW(56), .XW(13)) u_w (.sign(ws), .exp(wexp), .sig({wsig, 24'd0}),
    .sticky(1'b0), .rm(3'd0), .ovf_sat(1'b0), .ftz(1'b0), .tiny_after(1'b1), .res(wr), .of(o1), .uf(o2),
    .nx(o3), .flushed(o4));
  logic [63:0] cvt;
  always_comb begin
    cvt = wr;
    if (in.m == 5'd0) begin
      if (x[30:23] == 8'hff) cvt = x[22:0] != 23'd0 ? 64'h7ff8000000000000 : {x[31], 63'h7ff0000000000000};
      else if (x[30:0] == 31'd0) cvt = {x[31], 63'd0};
    end else if (x == 32'd0) cvt = 64'd0;
  end

  always_comb begin
    r = 64'd0;
    if (in.op == usc_pkg::OP_PCK)
      case (fk)
        4'd4:  r = {48'd0, h};                                      // F16F16, field 0
        4'd5, 4'd6: r = {32'd0, sf};                                // F11, F10
        4'd7:  r = {32'd0, se};                                     // SE9995
        4'd8:  r = {32'd0, x};                                      // F32, F32MASK, COVERAGEMASK: the bits
        4'd9:  r = {32'd0, ti};                                     // U32, S32
        4'd10: r = 64'd0;                                           // CONST0
        4'd11: r = 64'h3f800000;                                    // CONST1: 1.0
        default: r = {32'd0, fld};                                  // U, S, OGL, O fields
      endcase
    else if (in.op == usc_pkg::OP_CVTTOF64)
      r = cvt;
  end
endmodule
