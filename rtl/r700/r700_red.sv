`include "rtl/r700/r700_pkg.sv"
// r700_red.sv - the reductions of one lane across the four vector slots
// (R700 guide §4.6.2, L1886-1893; model/r700/r700_exec_float.c): DOT4 and
// DOT4_IEEE (((p_x + p_y) + p_z) + p_w of the rounded products, model D22;
// DOT4 with 0 * anything = 0), MAX4 (MAX of the four src0 left to right) and
// CUBE (src0 = R.zzxy, src1 = R.yxzz: X = tc, Y = sc, Z = 2 * major axis,
// W = face 0..5 as a float; GL cube-face table, z wins ties, then y, model
// D23).  r[u] is the result of unit u before its OMOD/CLAMP.  Float rules:
// the R700 policy as r700_alu.  Combinational.
module r700_red (
  input  logic [6:0]   opc,          // 80 DOT4, 81 DOT4_IEEE, 82 CUBE, 83 MAX4
  input  logic [127:0] av,          // src0 of units x..w (unit u at [32u+31:32u])
  input  logic [127:0] bv,          // src1 of units x..w
  output logic [127:0] rv           // the result of each unit
);
  logic [31:0] a [4], b [4], r [4];
  always_comb
    for (int u = 0; u < 4; u++) begin a[u] = av[32*u +: 32]; b[u] = bv[32*u +: 32]; rv[32*u +: 32] = r[u]; end
  logic [31:0] p [4];
  logic [31:0] s1, s2, s3, m1, m2, m3, ma2;
  logic [5:0]  xp [4];
  logic [5:0]  xs1, xs2, xs3, xm1, xm2, xm3, xma, xc1, xc2, xc3;
  logic [1:0]  rl1, rl2, rl3;
  logic        zy, zx, yx;
  for (genvar e = 0; e < 4; e++) begin : g_p
    fp32_mul u_p (.a(a[e]), .b(b[e]), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1), .ovf_sat(1'b0),
                  .nan_prop(2'd0), .nan_keep(1'b1), .nan_inf(1'b0), .dnan(32'hffc00000), .dexc_always(1'b0),
                  .zero_wins(opc == 7'd80), .zw_sign_xor(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0),
                  .clamp_negzero_keep(1'b0), .r(p[e]), .exc(xp[e]));
  end
  fp32_add u_s1 (.a(p[0]), .b(p[1]), .sub(1'b0), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1),
                 .ovf_sat(1'b0), .nan_prop(2'd0), .nan_keep(1'b1), .nan_inf(1'b0), .dnan(32'hffc00000),
                 .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
                 .r(s1), .exc(xs1));
  fp32_add u_s2 (.a(s1), .b(p[2]), .sub(1'b0), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1),
                 .ovf_sat(1'b0), .nan_prop(2'd0), .nan_keep(1'b1), .nan_inf(1'b0), .dnan(32'hffc00000),
                 .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
                 .r(s2), .exc(xs2));
  fp32_add u_s3 (.a(s2), .b(p[3]), .sub(1'b0), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1),
                 .ovf_sat(1'b0), .nan_prop(2'd0), .nan_keep(1'b1), .nan_inf(1'b0), .dnan(32'hffc00000),
                 .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
                 .r(s3), .exc(xs3));
  fp32_minmax u_m1 (.a(a[0]), .b(a[1]), .is_max(1'b1), .kind(3'd4), .daz(1'b1), .nan_prop(2'd0),
                    .nan_keep(1'b1), .nan_inf(1'b0), .dnan(32'hffc00000), .dexc_always(1'b0),
                    .zero_negless(1'b0), .zero_minmax(2'd3), .clamp(1'b0), .clamp_nan_keep(1'b0),
                    .clamp_negzero_keep(1'b0), .r(m1), .exc(xm1));
  fp32_minmax u_m2 (.a(m1), .b(a[2]), .is_max(1'b1), .kind(3'd4), .daz(1'b1), .nan_prop(2'd0),
                    .nan_keep(1'b1), .nan_inf(1'b0), .dnan(32'hffc00000), .dexc_always(1'b0),
                    .zero_negless(1'b0), .zero_minmax(2'd3), .clamp(1'b0), .clamp_nan_keep(1'b0),
                    .clamp_negzero_keep(1'b0), .r(m2), .exc(xm2));
  fp32_minmax u_m3 (.a(m2), .b(a[3]), .is_max(1'b1), .kind(3'd4), .daz(1'b1), .nan_prop(2'd0),
                    .nan_keep(1'b1), .nan_inf(1'b0), .dnan(32'hffc00000), .dexc_always(1'b0),
                    .zero_negless(1'b0), .zero_minmax(2'd3), .clamp(1'b0), .clamp_nan_keep(1'b0),
                    .clamp_negzero_keep(1'b0), .r(m3), .exc(xm3));
  // CUBE: x = src0 of z, y = src0 of w, z = src0 of x
  logic [31:0] cx, cy, cz, ma, sc, tc, face;
  assign cx = a[2];
  assign cy = a[3];
  assign cz = a[0];
  fp32_cmp u_c1 (.a({1'b0, cz[30:0]}), .b({1'b0, cy[30:0]}), .pred(4'h6), .signaling(1'b0), .daz(1'b1),
                 .nan_inf(1'b0), .dexc_always(1'b0), .zero_negless(1'b0), .res(zy), .rel(rl1), .exc(xc1));
  fp32_cmp u_c2 (.a({1'b0, cz[30:0]}), .b({1'b0, cx[30:0]}), .pred(4'h6), .signaling(1'b0), .daz(1'b1),
                 .nan_inf(1'b0), .dexc_always(1'b0), .zero_negless(1'b0), .res(zx), .rel(rl2), .exc(xc2));
  fp32_cmp u_c3 (.a({1'b0, cy[30:0]}), .b({1'b0, cx[30:0]}), .pred(4'h6), .signaling(1'b0), .daz(1'b1),
                 .nan_inf(1'b0), .dexc_always(1'b0), .zero_negless(1'b0), .res(yx), .rel(rl3), .exc(xc3));
  always_comb begin
    if (zy && zx) begin
      ma = cz; face = cz[31] ? 32'h40a00000 : 32'h40800000;          // -Z 5, +Z 4
      sc = cz[31] ? {~cx[31], cx[30:0]} : cx; tc = {~cy[31], cy[30:0]};
    end else if (yx) begin
      ma = cy; face = cy[31] ? 32'h40400000 : 32'h40000000;          // -Y 3, +Y 2
      sc = cx; tc = cy[31] ? {~cz[31], cz[30:0]} : cz;
    end else begin
      ma = cx; face = cx[31] ? 32'h3f800000 : 32'h00000000;          // -X 1, +X 0
      sc = cx[31] ? cz : {~cz[31], cz[30:0]}; tc = {~cy[31], cy[30:0]};
    end
  end
  fp32_mul u_ma (.a(ma), .b(32'h40000000), .rm(3'd0), .daz(1'b1), .ftz(1'b1), .tiny_after(1'b1), .ovf_sat(1'b0),
                 .nan_prop(2'd0), .nan_keep(1'b1), .nan_inf(1'b0), .dnan(32'hffc00000), .dexc_always(1'b0),
                 .zero_wins(1'b0), .zw_sign_xor(1'b1), .clamp(1'b0), .clamp_nan_keep(1'b0),
                 .clamp_negzero_keep(1'b0), .r(ma2), .exc(xma));
  always_comb begin
    for (int u = 0; u < 4; u++) begin
      case (opc)
        7'd83: r[u] = m3;
        7'd82: r[u] = u == 0 ? tc : u == 1 ? sc : u == 2 ? ma2 : face;
        default: r[u] = s3;
      endcase
    end
  end
  logic unused_x;
  assign unused_x = ^{xp[0], xp[1], xp[2], xp[3], xs1, xs2, xs3, xm1, xm2, xm3, xma, xc1, xc2, xc3,
                      rl1, rl2, rl3};
endmodule
