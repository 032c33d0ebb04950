`include "rtl/r700/r700_pkg.sv"
// r700_f64.sv - the double-precision opcodes of one lane for one slot pair
// (R700 guide §9.2; model/r700/r700_exec_float.c, decisions D38-D41,
// D56-D61 of model/r700/README.md).  A double is {high dword, low dword}:
// the pair's even slot (x or z) gives the high dwords of its operands with
// its NEG/ABS (the sign), the odd slot (y or w) the low dwords as read
// (D38, D39); MUL_64 and MULADD_64* take the high dwords from slot x and
// the low dwords from slot w (D56), FREXP_64 from x and y (the model's
// r700_x_frexp_64): the core feeds a/b/c accordingly.  Results, per slot: rv[31:0] the even slot,
// rv[63:32] the odd slot, rv[95:64] and rv[127:96] slots z and w of a
// four-slot opcode.
//   ADD_64           a + b                      (fp64_add)
//   MUL_64           a * b                      (fp64_mul)
//   MULADD_64*       (a * b rounded) + c rounded, then x1, x2, x4, /2 (D57)
//   FRACT_64         a - floor(a) (one rounding; 1.0 gives the largest
//                    double below it), +-0 and denormals +0, inf NaN64, a
//                    NaN returned
//   LDEXP_64         a's exponent field + b's high dword (signed), at or
//                    above 0x7FF +-inf, at or below 0 +-0 (D60)
//   FLT32_TO_FLT64   a's high dword widened: denormal +-0, NaN keeps sign
//                    and mantissa (<< 29) (D41)
//   FLT64_TO_FLT32   fp64_to_fp32, a NaN 0x7FC00000 / 0xFFC00000 by its
//                    sign (D59); the f32 value in the even slot (the slot's
//                    own OMOD/CLAMP follow in r700_alu), the odd slot 0
//   FREXP_64         exponent (64-bit integer) in x:y, fraction in z:w (D58)
//   PRED_SET*_64     0 when true, 0xFFFFFFFF when false, in both slots;
//                    pred_out the relation (D61)
// The R700 float policy as everywhere in the core: RNE, denormals flushed in
// and out (tininess after rounding), IEEE overflow, a NaN of src0 first with
// its quiet bit kept, NaN64 0xFFF8000000000000, -0 == +0.  The even slot's
// OMOD (exact x2, x4, /2 in binary64) then CLAMP to [0, 1] (NaN +0) act on
// the 64-bit result (D40): an exact scale by a power of two is the exponent
// field plus k, overflow to +-inf and a result below 2^-1022 flushed to +-0,
// which is what a rounded multiply gives under this policy (no bits are
// lost, so only the exponent range decides).  Combinational.
module r700_f64 (
  input  logic         op3,
  input  logic [6:0]   opc,        // the pair's opcode (OP2 [6:0] or OP3 [4:0])
  input  logic [63:0]  a, b, c,    // src0, src1, src2 as doubles
  input  logic [1:0]   omod,       // the even slot's (slot x's for four slots)
  input  logic         clamp,
  output logic [127:0] rv,
  output logic         pred_out
);
  localparam logic [63:0] NAN64 = 64'hfff8000000000000;
  localparam logic [63:0] ONE64 = 64'h3ff0000000000000;

  // x * 2^k for k in {0, 1, 2, -1} (kc 0 x1, 1 x2, 2 x4, 3 /2) under the
  // R700 policy: NaN and inf unchanged, zero and denormals a signed zero
  function automatic logic [63:0] scale(input logic [63:0] x, input logic [1:0] kc);
    logic [11:0] e;
    scale = x;
    if (x[62:52] == 11'h7ff) scale = x;
    else if (x[62:52] == 11'd0) scale = {x[63], 63'd0};
    else begin
      case (kc)
        2'd1: e = {1'b0, x[62:52]} + 12'd1;
        2'd2: e = {1'b0, x[62:52]} + 12'd2;
        2'd3: e = {1'b0, x[62:52]} - 12'd1;
        default: e = {1'b0, x[62:52]};
      endcase
      if (e >= 12'h7ff) scale = {x[63], 11'h7ff, 52'd0};
      else if (e == 12'd0) scale = {x[63], 63'd0};
      else scale = {x[63], e[10:0], x[51:0]};
    end
  endfunction
  // CLAMP to [0.0, 1.0]: NaN, negatives and -0 give +0 (model D12)
  function automatic logic [63:0] clamp01(input logic [63:0] x);
    clamp01 = x;
    if (x[62:52] == 11'h7ff && x[51:0] != 52'd0) clamp01 = 64'd0;
    else if (x[63]) clamp01 = 64'd0;
    else if (x[62:0] > ONE64[62:0]) clamp01 = ONE64;
  endfunction
  // floor of a finite double; denormals as zero (signed)
  function automatic logic [63:0] floor64(input logic [63:0] x);
    logic [10:0] e; logic [51:0] fm; logic [5:0] f; logic nz;
    e = x[62:52];
    floor64 = x;
    if (e == 11'd0) floor64 = {x[63], 63'd0};
    else if (e < 11'd1023) floor64 = x[63] ? {1'b1, ONE64[62:0]} : 64'd0;   // 0 < |x| < 1
    else if (e < 11'd1075) begin                                           // fraction bits remain
      f = 6'(11'd1075 - e);                                                // 1..52
      fm = (52'd1 << f) - 52'd1;
      nz = (x[51:0] & fm) != 52'd0;
      floor64 = {x[63], x[62:52], x[51:0] & ~fm};
      if (x[63] && nz) floor64[62:0] = floor64[62:0] + (63'd1 << f);
    end
  endfunction

  logic mad, mul, fract, ldexp, f2d, d2f, frexp, pset;
  always_comb begin
    mad   = op3 && opc[4:0] >= 5'd8 && opc[4:0] <= 5'd11;   // MULADD_64, _M2, _M4, _D2
    mul   = !op3 && opc == 7'd27;
    fract = !op3 && opc == 7'd123;
    ldexp = !op3 && opc == 7'd122;
    f2d   = !op3 && opc == 7'd29;
    d2f   = !op3 && opc == 7'd28;
    frexp = !op3 && opc == 7'd7;
    pset  = !op3 && opc >= 7'd124 && opc <= 7'd126;
  end

  // the units: one multiplier (MUL_64, MULADD_64's product), one adder
  // (ADD_64, MULADD_64's sum, FRACT_64's a - floor(a)), a compare, the
  // narrowing conversion
  logic [63:0] m_r, s_a, s_b, s_r, fl;
  logic [5:0]  x_m, x_s, x_c, x_n;
  logic        c_res;
  logic [1:0]  c_rel;
  logic [31:0] n_r;
  assign fl  = floor64(a);
  assign s_a = mad ? m_r : a;
  assign s_b = mad ? c : fract ? {~fl[63], fl[62:0]} : b;
  fp64_mul u_m (.a(a), .b(b), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1), .ovf_sat(1'b0),
                .nan_prop(2'd0), .nan_keep(1'b1), .nan_inf(1'b0), .dnan(NAN64), .dexc_always(1'b0),
                .zero_wins(1'b0), .zw_sign_xor(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0),
                .clamp_negzero_keep(1'b0), .r(m_r), .exc(x_m));
  fp64_add u_s (.a(s_a), .b(s_b), .sub(1'b0), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1),
                .ovf_sat(1'b0), .nan_prop(2'd0), .nan_keep(1'b1), .nan_inf(1'b0), .dnan(NAN64),
                .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
                .r(s_r), .exc(x_s));
  fp64_cmp u_c (.a(a), .b(b), .pred(opc == 7'd125 ? 4'h2 : opc == 7'd124 ? 4'h4 : 4'h6), .signaling(1'b0),
                .daz(1'b1), .nan_inf(1'b0), .dexc_always(1'b0), .zero_negless(1'b0),
                .res(c_res), .rel(c_rel), .exc(x_c));
  fp64_to_fp32 u_n (.a(a), .daz(1'b1), .rm(3'd0), .ftz(1'b1), .tiny_after(1'b1), .ovf_sat(1'b0),
                    .nan_prop(2'd0), .nan_keep(1'b1), .nan_inf(1'b0), .dnan(32'hffc00000),
                    .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
                    .r(n_r), .exc(x_n));

  logic [63:0] r, rm, e64;
  logic signed [33:0] le;
  logic        anan;
  always_comb begin
    anan = a[62:52] == 11'h7ff && a[51:0] != 52'd0;
    le = '0;
    r = s_r;                                              // ADD_64
    if (mul) r = m_r;
    else if (mad) r = scale(s_r, opc[1:0]);                // x1, x2, x4, /2 (OP3 8-11)
    else if (fract) begin
      if (anan) r = a;
      else if (a[62:52] == 11'h7ff) r = NAN64;
      else r = s_r == ONE64 ? 64'h3fefffffffffffff : s_r;
      if (r[62:0] == 63'd0) r = 64'd0;                    // -0 gives +0 (Table 9.4)
    end else if (ldexp) begin
      le = $signed({23'd0, a[62:52]}) + $signed({{2{b[63]}}, b[63:32]});   // field + n, no overflow
      if (a[62:52] == 11'h7ff) r = a;
      else if (a[62:52] == 11'd0) r = {a[63], 63'd0};
      else if (le >= 34'sd2047) r = {a[63], 11'h7ff, 52'd0};
      else if (le <= 34'sd0) r = {a[63], 63'd0};
      else r = {a[63], le[10:0], a[51:0]};
    end else if (f2d) begin
      if (a[62:55] == 8'hff) r = {a[63], 11'h7ff, a[54:32], 29'd0};
      else if (a[62:55] == 8'd0) r = {a[63], 63'd0};
      else r = {a[63], {3'd0, a[62:55]} + 11'd896, a[54:32], 29'd0};
    end
    // OMOD then CLAMP of the even slot on the 64-bit result (D40)
    rm = scale(r, omod);
    if (clamp) rm = clamp01(rm);
    // FREXP_64: exponent ex - 1022 (zero and denormals 0, inf/NaN -1), fraction
    e64 = 64'd0;
    if (a[62:52] == 11'h7ff) e64 = '1;
    else if (a[62:52] != 11'd0) e64 = {53'd0, a[62:52]} - 64'd1022;
    pred_out = pset && c_res;
    if (frexp) begin
      rm = a[62:52] == 11'h7ff ? (a[51:0] != 52'd0 ? a : NAN64)
         : a[62:52] == 11'd0 ? {a[63], 63'd0} : {a[63], 11'h3fe, a[51:0]};
      rv = {rm, e64};
    end else if (pset) begin
      rv = {4{c_res ? 32'd0 : 32'hffffffff}};
    end else if (d2f) begin
      rv = {96'd0, anan ? (a[63] ? 32'hffc00000 : 32'h7fc00000) : n_r};
    end else begin
      rv = {rm, rm};
    end
  end
  logic unused_x;
  assign unused_x = ^{x_m, x_s, x_c, x_n, c_rel, le[33:11]};
endmodule
