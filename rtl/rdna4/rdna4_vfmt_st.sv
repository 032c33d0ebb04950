`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_vfmt_st.sv - for rdna4_vfmt.sv: one VGPR value as the n-bit component stored (model fmt_store): floats by the
// format's conversion (NaN 0, clamped to the range, nearest even), integers
// saturated (with wrap, model config fmt_int_wrap, D35: their low n bits), small floats as fp_f32_to_ufsmall (D34); D16 sources are F16
// (float classes) or 16-bit integers.  Combinational.
module rdna4_vfmt_st (
  input  logic [2:0]  num,
  input  logic [5:0]  n,
  input  logic [31:0] v,
  input  logic        d16,
  input  logic        wrap,
  output logic [31:0] raw
);
  localparam logic [2:0] UNORM = 3'd0, SNORM = 3'd1, USCALED = 3'd2, SSCALED = 3'd3,
                         UINT = 3'd4, SINT = 3'd5;
  logic [31:0] mask, umax, smax, fv, h2f;
  logic [5:0]  unused_x1, unused_x2;
  logic [15:0] f2h;
  fp16_to_fp32 u_h2f (.a(v[15:0]), .daz(1'b0), .nan_prop(2'd0), .nan_keep(1'b0),
    .nan_inf(1'b0), .dnan(32'hffc00000), .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0),
    .clamp_negzero_keep(1'b0), .r(h2f), .exc(unused_x1));
  fp32_to_fp16 u_f2h (.a(v), .daz(1'b0), .ftz(1'b0), .tiny_after(1'b1), .ovf_sat(1'b0), .nan_keep(1'b0),
    .nan_inf(1'b0), .dexc_always(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
    .rm(3'd0), .nan_prop(2'd0), .dnan(16'hfe00), .r(f2h), .exc(unused_x2));
  assign fv = d16 ? h2f : v;

  // small float (unsigned, 5-bit exponent bias 15, 6 or 5 mantissa bits)
  logic [11:0] u11;
  logic [10:0] u10;
  logic [3:0]  unused_a, unused_b;
  logic        us11, us10;
  fp_round #(.EW(5), .MW(6), .SW(24), .XW(12)) u_r11 (
    .sign(1'b0), .exp($signed({4'd0, fv[30:23]}) - 12'sd112), .sig({1'b1, fv[22:0]}), .sticky(1'b0),
    .rm(3'd0), .ovf_sat(1'b0), .ftz(1'b0), .tiny_after(1'b1), .res(u11),
    .of(unused_a[0]), .uf(unused_a[1]), .nx(unused_a[2]), .flushed(unused_a[3]));
  fp_round #(.EW(5), .MW(5), .SW(24), .XW(12)) u_r10 (
    .sign(1'b0), .exp($signed({4'd0, fv[30:23]}) - 12'sd112), .sig({1'b1, fv[22:0]}), .sticky(1'b0),
    .rm(3'd0), .ovf_sat(1'b0), .ftz(1'b0), .tiny_after(1'b1), .res(u10),
    .of(unused_b[0]), .uf(unused_b[1]), .nx(unused_b[2]), .flushed(unused_b[3]));
  assign us11 = u11[11];
  assign us10 = u10[10];
  logic [10:0] sml;
  always_comb begin
    if (fv[30:23] == 8'hff)
      sml = (fv[22:0] == 23'd0) ? (fv[31] ? 11'd0 : ((n == 6'd11) ? 11'h7c0 : 11'h3e0))
            : (n == 6'd11) ? {5'h1f, 1'b1, fv[21:17]} : {1'b0, 5'h1f, 1'b1, fv[21:18]};
    else if (fv[31] || fv[30:23] == 8'd0)
      sml = 11'd0;
    else
      sml = (n == 6'd11) ? u11[10:0] : {1'b0, u10[9:0]};
  end

  // UNORM / SNORM / USCALED / SSCALED: q = rne(|fv| * M), at most hi
  logic [31:0] mul, hi, q, qc;
  logic [23:0] sig24;
  logic [39:0] p;
  logic [7:0]  sr;                        // right shift of p to the integer
  logic        gd, sk, nan;
  always_comb begin
    mask = (n == 6'd32) ? 32'hffffffff : ~(32'hffffffff << n);
    umax = mask;
    smax = mask >> 1;
    nan  = (fv[30:23] == 8'hff) && (fv[22:0] != 23'd0);
    mul  = (num == UNORM) ? umax : (num == SNORM) ? smax : 32'd1;
    case (num)
      UNORM, USCALED: hi = fv[31] ? 32'd0 : umax;
      SNORM:          hi = smax;
      default:        hi = fv[31] ? smax + 32'd1 : smax;
    endcase
    sig24 = {fv[30:23] != 8'd0, fv[22:0]};
    p     = 40'(sig24) * 40'(mul[15:0]);
    sr    = 8'd150 - ((fv[30:23] == 8'd0) ? 8'd1 : fv[30:23]);
    q = 32'd0; gd = 1'b0; sk = 1'b0;
    if (fv[30:23] == 8'hff || fv[30:23] >= 8'd143) q = hi;
    else if (sr <= 8'd40) begin
      q   = 32'(p >> sr);
      gd   = p[6'(sr - 8'd1)];
      sk = (p & ~(40'hff_ffffffff << (sr - 8'd1))) != 40'd0;
      q   = q + 32'(gd && (sk || q[0]));
    end
    qc = (q > hi) ? hi : q;
    if (fv[31] && (num == SNORM || num == SSCALED)) qc = -qc;
  end

  logic [31:0] xi;
  always_comb begin
    raw = 32'd0; xi = 32'd0;
    case (num)
      UINT: begin
        xi = d16 ? {16'd0, v[15:0]} : v;
        raw = (n == 6'd32 || xi <= umax || wrap) ? xi : umax;
      end
      SINT: begin
        xi = d16 ? {{16{v[15]}}, v[15:0]} : v;
        if (n == 6'd32) raw = xi;
        else raw = wrap ? xi : ($signed(xi) > $signed(smax)) ? smax : ($signed(xi) < -$signed(smax) - 32'sd1) ? ~smax : xi;
      end
      3'd6: begin
        if (n == 6'd11 || n == 6'd10) raw = {21'd0, sml};
        else if (n == 6'd32)          raw = fv;
        else                          raw = d16 ? {16'd0, v[15:0]} : {16'd0, f2h};
      end
      default: raw = nan ? 32'd0 : qc;
    endcase
    raw = raw & mask;
  end
  logic unused;
  assign unused = ^{us11, us10, mul[31:16]};
endmodule
