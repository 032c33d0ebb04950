// usc_pck.sv - the phase-2 conversion rows of one instance (model/usc/usc_exec_pack.c,
// decisions D20-D25 of model/usc/README.md), on the units of rtl/common/fp
// with the "usc" policy (IEEE denormals, the default NaNs 0x7e00 /
// 0x7fc00000 / 0x7ff8000000000000, NaN to integer 0, saturation):
//   phase 2: PCK.fmt FT2, IS3 and CONVERTTOF64 FT0, FT2, IS3
// Combinational.  `r` is the value of the destination (CONVERTTOF64: {FT2
// the high word, FT0 the low word}); an instruction of another row gives 0.
`include "rtl/usc/usc_pkg.sv"

// PCK and CONVERTTOF64
/* verilator lint_off UNUSEDSIGNAL */
module usc_pck import usc_pkg::*; (
    input  ins_t        in,
    input  logic [31:0] x,      // IS3
    output logic [63:0] r
);
/* verilator lint_on UNUSEDSIGNAL */
  logic [4:0]  fw;
  logic        sgn, rtz, scale;
  logic [2:0]  rm;
  logic [31:0] ti, sc;
  logic [15:0] h;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [5:0]  e1, e2;          // no exception state in the USC
  logic        o1, o2, o3, o4;
  /* verilator lint_on UNUSEDSIGNAL */
  assign sgn = in.m == 5'd1 || in.m == 5'd5 || in.m == 5'd10;
  assign rtz = in.o[3];
  assign scale = in.o[2];
  assign rm = rtz ? 3'd1 : 3'd0;
  assign fw = (in.m == 5'd0 || in.m == 5'd1) ? 5'd8 : (in.m >= 5'd9 && in.m <= 5'd11) ? 5'd0 : 5'd16;

  // to an integer: U32/S32 directly; the 8/16-bit fields as int32, then
  // clamped to the field's range (the same as the model's int64 path: both
  // saturate, NaN 0)
  fp32_to_int u_fi (.a(x), .is_signed(fw == 5'd0 ? sgn : 1'b1), .rm(rm), .daz(1'b0), .nan_inf(1'b0),
    .dexc_always(1'b0), .int_nan(2'd0), .int_wrap(1'b0), .r(ti), .exc(e1));
  // F16F16: binary16, nearest even or toward zero (overflow: inf or the largest finite)
  fp32_to_fp16 u_f2h (.a(x), .daz(1'b0), .ftz(1'b0), .tiny_after(1'b1), .ovf_sat(1'b0), .nan_keep(1'b0),
    .nan_inf(1'b0), .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
    .rm(rm), .nan_prop(2'd2), .dnan(16'h7e00), .r(h), .exc(e2));

  // .scale (D21): clamp to [0,1] or [-1,1] (NaN 0), times 2^w-1 or
  // 2^(w-1)-1 (exact: 24 x 16 bits), rounded to an integer
  logic signed [33:0] lo, hi, v;
  always_comb begin
    logic [23:0] m;
    logic [63:0] p, fr, half;
    logic [7:0]  e;
    logic [8:0]  sh;
    logic [31:0] mag;
    logic        up;
    hi = fw == 5'd8 ? (sgn ? 34'sd127 : 34'sd255) : (sgn ? 34'sd32767 : 34'sd65535);
    lo = sgn ? -hi - 34'sd1 : 34'sd0;
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

  // the rounded integer of an unscaled 8/16-bit field, clamped to its range
  logic signed [33:0] ci;
  always_comb begin
    ci = 34'($signed(ti));
    if (ci < lo) ci = lo;
    if (ci > hi) ci = hi;
  end

  // CONVERTTOF64: f32 (NaN: the default NaN), s32 or u32 to binary64, exact:
  // fp_round with the biased binary64 exponent of wsig's bit 31
  logic [31:0] wsig;
  logic [12:0] wexp;
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
  fp_round #(.EW(11), .MW(52), .SW(56), .XW(13)) u_w (.sign(ws), .exp($signed(wexp)), .sig({wsig, 24'd0}),
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
    if (in.op == OP_PCK) begin
      if (in.m == 5'd11) r = {32'd0, x};                           // F32: the bits
      else if (in.m == 5'd24) r = 64'd0;                           // CONST0
      else if (in.m == 5'd8) r = {48'd0, h};                       // F16F16, field 0
      else if (fw == 5'd0) r = {32'd0, ti};                        // U32, S32
      else if (scale) r = {32'd0, sc & (fw == 5'd8 ? 32'hff : 32'hffff)};
      else r = {32'd0, 32'(ci) & (fw == 5'd8 ? 32'hff : 32'hffff)};
    end else if (in.op == OP_CVTTOF64)
      r = cvt;
  end
endmodule
