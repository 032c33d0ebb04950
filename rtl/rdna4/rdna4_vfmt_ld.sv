`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_vfmt_ld.sv - for rdna4_vfmt.sv: one component of memory (raw, n bits) as its VGPR value (model fmt_load):
// 32 bits, or with d16 16 bits (float classes to F16: FLOAT32 truncated,
// others to nearest even; 8/16-bit integers as their low 16 bits, 32-bit ones
// saturated, or with wrap (model config fmt_int_wrap, D35) their low 16 bits).  UNORM / SNORM m / (2^k - 1) is the k-bit pattern of m repeated
// (0.mmm... in binary), rounded once (never a tie); the scaled classes are
// integers.  Denormal results kept.  Combinational.
module rdna4_vfmt_ld (
  input  logic [2:0]  num,
  input  logic [5:0]  n,
  input  logic [31:0] raw,
  input  logic        d16,
  input  logic        wrap,
  output logic [31:0] v
);
  localparam logic [2:0] UNORM = 3'd0, SNORM = 3'd1, USCALED = 3'd2, SSCALED = 3'd3,
                         UINT = 3'd4, SINT = 3'd5;
  logic [31:0] sv;                        // raw sign-extended from n bits
  logic [5:0]  k;                         // bits of the repeated pattern
  logic [16:0] mg;                         // its value (magnitude)
  logic [63:0] pat, sig;
  logic        neg, frac, sk;
  logic signed [11:0] e32, e16;
  logic [4:0]  e5;
  logic [2:0]  mb;                        // small float: mantissa bits (n - 5)
  logic [9:0]  mm;
  logic [15:0] h16, h16q;
  logic [31:0] r32, f32;
  logic [15:0] r16, t16;
  logic [3:0]  unused_f;
  always_comb begin
    sv   = (n == 6'd32) ? raw : 32'($signed(raw << (6'd32 - n)) >>> (6'd32 - n));
    frac = (num == UNORM || num == SNORM);
    neg  = (num == SNORM || num == SSCALED) && sv[31];
    k    = (num == SNORM) ? n - 6'd1 : n;
    mg    = (num == UNORM || num == USCALED) ? raw[16:0] : neg ? 17'(-sv) : sv[16:0];
    if (num == SNORM && mg[k[4:0]]) mg = ~(17'h1ffff << k);           // -2^(n-1): clamped to -1
    // the pattern 0.mmm...: mg's k bits at the top, doubled six times
    pat = 64'(mg) << (7'd64 - 7'(k));
    pat = pat | (pat >> k);
    pat = pat | (pat >> {k, 1'b0});
    pat = pat | (pat >> {k, 2'b0});
    pat = pat | (pat >> {k, 3'b0});
    pat = pat | (pat >> {k, 4'b0});
    pat = pat | (pat >> {k, 5'b0});
    sig  = frac ? pat : 64'(mg);
    sk  = frac && (mg != 17'd0);
    // fp_round: sig[63] of weight 2^(exp - bias): 2^-1 (fraction) or 2^63 (integer)
    e32  = frac ? 12'sd126 : 12'sd190;
    e16  = frac ? 12'sd14 : 12'sd78;
    // small floats (10/11 bits: 5-bit exponent, bias 15) as F16
    mb   = 3'(n - 6'd5);
    e5   = 5'(raw >> mb);
    mm   = 10'(raw & ~(32'hffffffff << mb));
    h16  = {1'b0, e5, 10'(mm << (4'd10 - 4'(mb)))};
    h16q = (e5 == 5'd31 && mm != 10'd0) ? (h16 | 16'h0200) : h16;
  end
  fp_round #(.EW(8), .MW(23), .SW(64), .XW(12)) u_r32 (
    .sign(neg), .exp(e32), .sig(sig), .sticky(sk), .rm(3'd0), .ovf_sat(1'b0), .ftz(1'b0),
    .tiny_after(1'b1), .res(r32), .of(unused_f[0]), .uf(unused_f[1]), .nx(unused_f[2]), .flushed(unused_f[3]));
  logic [3:0] unused_g;
  fp_round #(.EW(5), .MW(10), .SW(64), .XW(12)) u_r16 (
    .sign(neg), .exp(e16), .sig(sig), .sticky(sk), .rm(3'd0), .ovf_sat(1'b0), .ftz(1'b0),
    .tiny_after(1'b1), .res(r16), .of(unused_g[0]), .uf(unused_g[1]), .nx(unused_g[2]), .flushed(unused_g[3]));
  // FLOAT: F16 (or a small float as F16) -> F32 exactly, NaN quieted; F32 -> F16 truncated
  logic [5:0] unused_x1, unused_x2;
  fp16_to_fp32 u_h2f (.a((n == 6'd16) ? raw[15:0] : h16), .daz(1'b0), .nan_prop(2'd0), .nan_keep(1'b0),
    .nan_inf(1'b0), .dnan(32'hffc00000), .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0),
    .clamp_negzero_keep(1'b0), .r(f32), .exc(unused_x1));
  fp32_to_fp16 u_f2h (.a(raw), .daz(1'b0), .ftz(1'b0), .tiny_after(1'b1), .ovf_sat(1'b0), .nan_keep(1'b0),
    .nan_inf(1'b0), .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
    .rm(3'd1), .nan_prop(2'd0), .dnan(16'hfe00), .r(t16), .exc(unused_x2));
  always_comb begin
    case (num)
      UINT:    v = !d16 ? raw : wrap ? {16'd0, raw[15:0]} : (raw > 32'h0000ffff) ? 32'h0000ffff : raw;
      SINT:    v = !d16 ? sv : wrap ? {16'd0, sv[15:0]} : ($signed(sv) < -32'sd32768) ? 32'h00008000 :
                           ($signed(sv) > 32'sd32767) ? 32'h00007fff : {16'd0, sv[15:0]};
      3'd6:    v = d16 ? ((n == 6'd16) ? {16'd0, raw[15:0]} : (n == 6'd32) ? {16'd0, t16} : {16'd0, h16q})
                       : ((n == 6'd32) ? raw : f32);
      default: v = d16 ? {16'd0, r16} : r32;
    endcase
  end
endmodule
