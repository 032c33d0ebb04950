// usc_hdot.sv - x0 * y0 + x1 * y1 in binary16 of the usc policy with one
// rounding, for the knob sop_fused=1 (model D33, D34; rtl R15): F16SOP's
// add/sub/rsub of the exact products and F16SOP.MAD's A * E + V (y1 = 1.0).
// Each product of two binary16 values is exact as an integer of 22 bits
// times 2^(ex + ey - 50) (ex, ey the biased exponents, 1 for a denormal),
// so both go into one fixed-point sum with its last bit at 2^-48 (products
// up to 2^80, the sum 82 bits signed), which is exact; rtl/common/fp/
// fp_round rounds it once to nearest even (denormals kept, overflow to inf,
// tininess after rounding).  Every NaN result is the default 0x7e00 (a NaN
// operand, inf x 0, inf - inf); an infinite product gives its infinity; an
// exact zero sum is +0, or -0 when both products are -0 (nearest even).
// Combinational.
module usc_hdot (
    input  logic [15:0] x0,
    input  logic [15:0] y0,
    input  logic [15:0] x1,
    input  logic [15:0] y1,
    output logic [15:0] r
);
  localparam logic [15:0] H_DNAN = 16'h7e00;

  function automatic logic h_nan(input logic [14:0] h);
    h_nan = h[14:10] == 5'h1f && h[9:0] != 10'd0;
  endfunction
  function automatic logic h_inf(input logic [14:0] h);
    h_inf = h[14:0] == 15'h7c00;
  endfunction
  function automatic logic h_zero(input logic [14:0] h);
    h_zero = h[14:0] == 15'd0;
  endfunction
  // the exact product as a fixed-point magnitude, last bit 2^-48
  function automatic logic [79:0] h_prod(input logic [14:0] x, input logic [14:0] y);
    logic [21:0] p;
    logic [5:0]  sh;
    p = {11'd0, x[14:10] != 5'd0, x[9:0]} * {11'd0, y[14:10] != 5'd0, y[9:0]};
    sh = {1'b0, x[14:10] == 5'd0 ? 5'd1 : x[14:10]} + {1'b0, y[14:10] == 5'd0 ? 5'd1 : y[14:10]} - 6'd2;
    h_prod = {58'd0, p} << sh;
  endfunction

  logic        ps0, ps1, pn0, pn1, pi0, pi1;
  logic [79:0] t0, t1;
  logic signed [81:0] sum;
  logic [80:0] mag;
  logic [15:0] rr;
  /* verilator lint_off UNUSEDSIGNAL */
  logic        of, uf, nx, fl;      // no exception state in the USC
  /* verilator lint_on UNUSEDSIGNAL */
  assign ps0 = x0[15] ^ y0[15];
  assign ps1 = x1[15] ^ y1[15];
  // (the magnitudes: the signs go into ps0, ps1)
  assign pn0 = h_nan(x0[14:0]) || h_nan(y0[14:0]) || (h_inf(x0[14:0]) && h_zero(y0[14:0])) ||
               (h_zero(x0[14:0]) && h_inf(y0[14:0]));
  assign pn1 = h_nan(x1[14:0]) || h_nan(y1[14:0]) || (h_inf(x1[14:0]) && h_zero(y1[14:0])) ||
               (h_zero(x1[14:0]) && h_inf(y1[14:0]));
  assign pi0 = h_inf(x0[14:0]) || h_inf(y0[14:0]);
  assign pi1 = h_inf(x1[14:0]) || h_inf(y1[14:0]);
  assign t0 = h_prod(x0[14:0], y0[14:0]);
  assign t1 = h_prod(x1[14:0], y1[14:0]);
  assign sum = (ps0 ? -$signed({2'd0, t0}) : $signed({2'd0, t0})) + (ps1 ? -$signed({2'd0, t1}) : $signed({2'd0, t1}));
  assign mag = sum[81] ? 81'(-sum) : 81'(sum);
  // mag[80] weighs 2^32: the biased exponent 32 + 15
  fp_round #(.EW(5), .MW(10), .SW(81), .XW(10)) u_rnd (.sign(sum[81]), .exp(10'sd47), .sig(mag), .sticky(1'b0),
    .rm(3'd0), .ovf_sat(1'b0), .ftz(1'b0), .tiny_after(1'b1), .res(rr), .of(of), .uf(uf), .nx(nx), .flushed(fl));
  always_comb begin
    if (pn0 || pn1 || (pi0 && pi1 && ps0 != ps1)) r = H_DNAN;
    else if (pi0) r = {ps0, 15'h7c00};
    else if (pi1) r = {ps1, 15'h7c00};
    else if (sum == 82'sd0) r = {ps0 && ps1, 15'd0};
    else r = rr;
  end
endmodule
