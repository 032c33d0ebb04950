// nv50_mad_g80.sv - the fmad of G80 for three normal finite operands (used
// by nv50_fpu; model/nv50/README.md "Float on G80").
// fmad of three normal finite operands (G-MAD): the 24-bit product
// truncated, its exponent unbounded; aligned with c on three guard bits and
// a sticky bit, one RNE rounding on a grid no finer than 2^-149; a result
// below 2^-126 flushed to zero of its sign, 2^128 or more Inf.
// (pr: the top 25 bits of the 48-bit product of the significands of a, b)
module nv50_mad_g80 (
  input  logic [31:23] a,
  input  logic [31:23] b,
  input  logic [31:0]  c,
  input  logic [47:23] pr,
  output logic [31:0]  r
);
  logic [23:0]    pm, cm, big_m, sml_m;
  logic signed [11:0] pe, ce, er, d;
  logic         ps, big_s, sml_s, st, rs, up, fnd;
  logic [27:0]    sx, sh_out;
  logic [28:0]    acc;
  logic [4:0]     lz, k;
  logic [24:0]    mant;
  always_comb begin
    lz = 5'd0; fnd = 1'b0; k = 5'd0; up = 1'b0; mant = 25'd0;
    ps = a[31] ^ b[31];
    // biased exponents: x = m * 2^(e - 150) with m the 24-bit significand
    pe = 12'(a[30:23]) + 12'(b[30:23]) - 12'sd127 + (pr[47] ? 12'sd1 : 12'sd0);
    pm = pr[47] ? pr[47:24] : pr[46:23];
    cm = {1'b1, c[22:0]};
    ce = 12'(c[30:23]);
    if (pe > ce || (pe == ce && pm >= cm)) begin
      big_m = pm; big_s = ps; sml_m = cm; sml_s = c[31]; er = pe; d = pe - ce;
    end else begin
      big_m = cm; big_s = c[31]; sml_m = pm; sml_s = ps; er = ce; d = ce - pe;
    end
    // the smaller operand << 3, shifted right by d with a sticky bit
    sx = {1'b0, sml_m, 3'd0};
    if (d > 12'sd27) begin
      sh_out = 28'd0; st = 1'b1;
    end else begin
      sh_out = sx >> d[4:0];
      st     = (sx & ((28'd1 << d[4:0]) - 28'd1)) != 28'd0;
    end
    // the sticky bit jammed into bit 0 (keeps the result odd when inexact)
    if (big_s == sml_s) acc = {2'd0, big_m, 3'd0} + {1'd0, sh_out[27:1], sh_out[0] | st};
    else                acc = {2'd0, big_m, 3'd0} - {1'd0, sh_out[27:1], sh_out[0] | st};
    rs = big_s;
    if (acc == 29'd0) begin
      r = 32'd0;                                  // exact cancellation: +0
    end else begin
      if (acc[27]) begin                                // carry: shift right, keep sticky
        acc = {1'b0, acc[28:2], acc[1] | acc[0]};
        er  = er + 12'sd1;
      end else begin
        lz = 5'd0;
        fnd = 1'b0;
        for (int i = 26; i >= 0; i--)
          if (acc[i] && !fnd) begin lz = 5'(26 - i); fnd = 1'b1; end
        // no further left than the exponent 1 (the 2^-149 grid)
        k = (er - 12'sd1 < 12'(lz)) ? 5'(er - 12'sd1) : lz;
        acc = acc << k;
        er  = er - 12'(k);
      end
      // RNE at bit 3: guard acc[2], sticky acc[1:0]
      up   = acc[2] && ((acc[1:0] != 2'd0) || acc[3]);
      mant = {1'b0, acc[26:3]} + {24'd0, up};
      if (mant[24]) begin
        mant = mant >> 1;
        er   = er + 12'sd1;
      end
      if (!mant[23])            r = {rs, 31'd0};              // below 2^-126: flushed
      else if (er >= 12'sd255)  r = {rs, 8'hff, 23'd0};       // overflow: Inf
      else                      r = {rs, er[7:0], mant[22:0]};
    end
  end
endmodule
