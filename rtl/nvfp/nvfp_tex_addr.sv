// nvfp_tex_addr.sv - the addressing of one pixel's texture fetch
// (model/nvfp/nvfp_exec_tex.c sample(), README "Texture unit"): from the
// coordinates (u, v) and the descriptor, the byte addresses of the texels
// and the bilinear weights, all float operations through rtl/common/fp under
// the nvfp policy (the model's fp_mul, fp_sub, fp_floor, fp_to_int):
//   nearest  : texel (clamp(floor(u*W)), clamp(floor(v*H)));
//   bilinear : a = u*W - 0.5, x0 = floor(a), weight fa = a - x0 (0 when not
//              finite: Inf - Inf and -Inf + Inf give +Inf), columns
//              clamp(x0) and clamp(x0 + 1) (the model's clamps: a negative
//              x0 gives 0 twice, x0 >= W-1 gives W-1 twice), rows alike;
//   address  : base + (y*W + x)*16; `oob` when a texel the filter reads
//              (one for nearest, four for bilinear) does not fit in the
//              1 MiB `tex` space (the model's fault).
// Combinational.
module nvfp_tex_addr (
    input  logic [31:0]  u,
    input  logic [31:0]  v,
    input  logic [31:0]  base,
    input  logic [12:0]  w,           // width 1..4096
    input  logic [12:0]  h,           // height 1..4096
    input  logic         bil,         // mode bit 1
    output logic [131:0] na,          // texel k (x0y0, x1y0, x0y1, x1y1) at [33k +: 33]
    output logic         oob,
    output logic [31:0]  fa,
    output logic [31:0]  fb
);
  localparam logic [31:0] F32_HALF = 32'h3f000000;

  // ---- small exact functions
  // n (1..4096) as fp32 (exact)
  function automatic logic [31:0] itof(input logic [12:0] n);
    logic [3:0]  p;
    logic [22:0] frac;
    p = 4'd0;
    for (int b = 0; b < 13; b++) if (n[b]) p = b[3:0];
    frac = {10'd0, n} << (5'd23 - {1'b0, p});
    itof = n == 13'd0 ? 32'd0 : {1'b0, 8'd127 + {4'd0, p}, frac};
  endfunction

  // floor of an fp32 value (fp_floor under the policy: a denormal reads as
  // +-0 and stays that zero, Inf/NaN as Inf of its sign)
  function automatic logic [31:0] floor32(input logic [31:0] x);
    logic [7:0]  e;
    logic [31:0] mask, t;
    e = x[30:23];
    mask = 32'd0;
    t = x;
    if (e == 8'd255)      t = {x[31], 8'hff, 23'd0};
    else if (e == 8'd0)   t = {x[31], 31'd0};
    else if (e >= 8'd150) t = x;
    else if (e < 8'd127)  t = x[31] ? 32'hbf800000 : 32'h00000000;
    else begin
      mask = (32'd1 << (8'd150 - e)) - 32'd1;
      t = x & ~mask;
      if (x[31] && (x & mask) != 32'd0) t = t + mask + 32'd1;
    end
    floor32 = t;
  endfunction

  // an integral fp32 value (a floor) as a column/row index before the
  // clamp: the model's fp_to_int (saturating, -0 = 0) then its clamps need
  // only "negative" (every negative value clamps the same) and the value up
  // to 8191 (every larger one clamps to the edge): -1, 0..8191
  function automatic logic signed [14:0] fidx(input logic [31:0] x);
    logic [7:0]  e;
    logic [23:0] m;
    logic signed [14:0] n;
    e = x[30:23];
    m = {1'b1, x[22:0]};
    if (e == 8'd0)          n = 15'sd0;            // +-0
    else if (x[31])         n = -15'sd1;           // negative (to -Inf)
    else if (e >= 8'd140)   n = 15'sd8191;         // >= 8192, +Inf
    else if (e < 8'd127)    n = 15'sd0;            // not integral: not produced by floor
    else begin
      m = m >> (8'd150 - e);
      n = $signed({2'b00, m[12:0]});
    end
    fidx = n;
  endfunction

  logic [31:0] pu, pv, au, av, fu, fv, ru, rv;
  logic [5:0]  ex [6];
  fp32_mul u_mu (.a(u), .b(itof(w)), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1),
                 .ovf_sat(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b1), .dnan(32'h7fc00000),
                 .dexc_always(1'b0), .zero_wins(1'b1), .zw_sign_xor(1'b0), .clamp(1'b0),
                 .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(pu), .exc(ex[0]));
  fp32_mul u_mv (.a(v), .b(itof(h)), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1),
                 .ovf_sat(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b1), .dnan(32'h7fc00000),
                 .dexc_always(1'b0), .zero_wins(1'b1), .zw_sign_xor(1'b0), .clamp(1'b0),
                 .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(pv), .exc(ex[1]));
  // bilinear: a = u*W - 0.5 (nearest: the product as it is)
  fp32_add u_hu (.a(pu), .b(F32_HALF), .sub(1'b1), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1),
                 .ovf_sat(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b1), .dnan(32'h7fc00000),
                 .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
                 .r(au), .exc(ex[2]));
  fp32_add u_hv (.a(pv), .b(F32_HALF), .sub(1'b1), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1),
                 .ovf_sat(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b1), .dnan(32'h7fc00000),
                 .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
                 .r(av), .exc(ex[3]));
  logic [31:0] su, sv;            // the value floored: u*W (nearest) or u*W - 0.5
  assign su = bil ? au : pu;
  assign sv = bil ? av : pv;
  assign fu = floor32(su);
  assign fv = floor32(sv);
  // the weights a - floor(a)
  fp32_add u_wu (.a(su), .b(fu), .sub(1'b1), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1),
                 .ovf_sat(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b1), .dnan(32'h7fc00000),
                 .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
                 .r(ru), .exc(ex[4]));
  fp32_add u_wv (.a(sv), .b(fv), .sub(1'b1), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1),
                 .ovf_sat(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b1), .dnan(32'h7fc00000),
                 .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
                 .r(rv), .exc(ex[5]));
  // columns and rows, clamped to the edge (the model's clamps of x0 and x0 + 1)
  logic signed [14:0] iu, iv, iu1, iv1;
  logic [12:0] x0, x1, y0, y1;
  always_comb begin
    logic signed [14:0] wm, hm;
    iu = fidx(fu);
    iv = fidx(fv);
    wm = $signed({2'b00, w}) - 15'sd1;
    hm = $signed({2'b00, h}) - 15'sd1;
    x0 = iu < 15'sd0 ? 13'd0 : iu > wm ? wm[12:0] : iu[12:0];
    iu1 = iu + 15'sd1;
    iv1 = iv + 15'sd1;
    x1 = iu < 15'sd0 ? 13'd0 : iu >= wm ? wm[12:0] : iu1[12:0];
    y0 = iv < 15'sd0 ? 13'd0 : iv > hm ? hm[12:0] : iv[12:0];
    y1 = iv < 15'sd0 ? 13'd0 : iv >= hm ? hm[12:0] : iv1[12:0];
  end
  // byte address base + (y*W + x)*16 (< 2^33), and whether 16 bytes fit in 1 MiB
  function automatic logic [32:0] texaddr(input logic [31:0] b, input logic [12:0] wd,
                                          input logic [12:0] x, input logic [12:0] y);
    logic [25:0] t;
    t = {13'd0, y} * {13'd0, wd} + {13'd0, x};
    texaddr = {1'b0, b} + {3'd0, t, 4'd0};
  endfunction
  always_comb begin
    na[32:0] = texaddr(base, w, x0, y0);
    na[65:33] = texaddr(base, w, x1, y0);
    na[98:66] = texaddr(base, w, x0, y1);
    na[131:99] = texaddr(base, w, x1, y1);
    oob = na[32:0] > 33'h00ffff0;
    if (bil)
      for (int k = 1; k < 4; k++) if (na[33*k +: 33] > 33'h00ffff0) oob = 1'b1;
  end

  // a weight that is not finite is 0
  assign fa = ru[30:23] == 8'hff ? 32'd0 : ru;
  assign fb = rv[30:23] == 8'hff ? 32'd0 : rv;

  logic unused_a;
  assign unused_a = ^{ex[0], ex[1], ex[2], ex[3], ex[4], ex[5], iu1[14:13], iv1[14:13]};
endmodule
