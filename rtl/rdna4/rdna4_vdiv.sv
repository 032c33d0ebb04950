`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_vdiv.sv - one lane of the division-macro rows of the RDNA4 vector unit
// (combinational), binary32 (EW 8, MW 23: rdna4_vfloat_lane.sv) or binary64 (EW 11,
// MW 52: rdna4_vf64.sv), as model/rdna4/rdna4_exec_valu_div.c executes them (rdna4
// chapter 16; model README decisions V41-V44):
//   * V_DIV_SCALE (sel 0): S0 scaled by 2^+-K (K 64 / 128) and the lane's mask bit
//     (co), decided on S1 (denominator) and S2 (numerator) as read (no input flush):
//     a zero S1 or S2 gives the default NaN; exponent(S2) - exponent(S1) >= BIG sets
//     the bit and scales only when S0 == S1; a denormal S1 scales up; then the
//     reciprocal 1/S1 and the quotient S2/S1 (rounded to nearest even, denormals
//     kept) being denormal decide (both: the bit, S0 == S1 scales up; 1/S1: down;
//     S2/S1: the bit, S0 == S2 scales up); a numerator with exponent <= TINY scales
//     up.  Neither quotient is computed: "denormal" is an exact comparison of the
//     significands (below).  The scaling is fp_ldexp in round-to-nearest-even with
//     denormals kept; only its exceptions count.
//   * V_DIV_FMAS (sel 1): fr/fe is the lane FMA's S0 * S1 + S2 (inputs kept; outputs
//     kept when the lane's VCC bit is set, else MODE's flush); with the VCC bit the
//     result is scaled by 2^+K when exponent(S2) > bias, else 2^-K, rounded once more
//     in MODE's rounding with MODE's output flush (V43); its exceptions join the FMA's.
//   * V_DIV_FIXUP (sel 2): the special-case table on S0 (quotient), S1 (denominator),
//     S2 (numerator): a NaN S2 or S1 quieted (invalid when signalling); 0/0 and
//     Inf/Inf the default NaN, invalid; x/0 (divide by zero) and Inf/x infinities,
//     x/Inf and 0/x zeros, with the sign S1 ^ S2; exponent(S2) - exponent(S1) < -LO
//     a zero (underflow, inexact); else |S0| with that sign.
// The caller applies OMOD and CLAMP to r.
module rdna4_vdiv #(
  parameter int EW   = 8,                 // exponent field
  parameter int MW   = 23,                // fraction field
  parameter int K    = 64,                // DIV_SCALE / DIV_FMAS scale 2^K
  parameter int BIG  = 96,                // DIV_SCALE: exponent(S2) - exponent(S1) limit
  parameter int TINY = 23,                // DIV_SCALE: the tiny numerator's exponent limit
  localparam int W = EW + MW + 1
) (
  input  logic [1:0]   sel,               // 0 DIV_SCALE, 1 DIV_FMAS, 2 DIV_FIXUP
  input  logic [W-1:0] s0,
  input  logic [W-1:0] s1,
  input  logic [W-1:0] s2,
  input  logic [W-1:0] fr,                // DIV_FMAS: the FMA's result and flags
  input  logic [5:0]   fe,
  input  logic         vcc,               // DIV_FMAS: the lane's VCC bit
  input  logic [2:0]   rm,                // MODE's rounding (rtl/common/fp code)
  input  logic         ftz,               // MODE's output flush
  output logic [W-1:0] r,
  output logic         co,                // DIV_SCALE: the lane's mask bit
  output logic [5:0]   e                  // FP_EXC_* (invalid 0 .. denormal 5)
);
  localparam int P    = MW + 1;           // significand bits
  localparam int BIAS = (1 << (EW - 1)) - 1;
  localparam int LO   = BIAS + MW;        // 2^-LO: half the smallest denormal ... (150, 1075)
  localparam int HI   = BIAS - 1;         // 2^-HI: the smallest normal (126, 1022)
  localparam int XW   = EW + 3;
  localparam logic [EW-1:0] EMAX = {EW{1'b1}};
  localparam logic [W-1:0]  QB   = W'(1) << (MW - 1);
  localparam logic [W-1:0]  DNAN = {1'b1, EMAX, 1'b1, {(MW-1){1'b0}}};

  // ---- operand classes (raw bits)
  logic [EW-1:0] x0, x1, x2;
  logic [MW-1:0] f0, f1, f2;
  logic z1, z2, n1, n2, i1, i2, d1, qb1, qb2;
  assign x0 = s0[W-2 -: EW]; assign f0 = s0[MW-1:0];
  assign x1 = s1[W-2 -: EW]; assign f1 = s1[MW-1:0];
  assign x2 = s2[W-2 -: EW]; assign f2 = s2[MW-1:0];
  assign z1 = s1[W-2:0] == '0;
  assign z2 = s2[W-2:0] == '0;
  assign n1 = x1 == EMAX && f1 != '0;
  assign n2 = x2 == EMAX && f2 != '0;
  assign i1 = x1 == EMAX && f1 == '0;
  assign i2 = x2 == EMAX && f2 == '0;
  assign d1 = x1 == '0 && f1 != '0;
  assign qb1 = s1[MW-1];
  assign qb2 = s2[MW-1];
  logic unused_f0;
  assign unused_f0 = ^{x0, f0};

  // ---- DIV_SCALE: is 1/S1 denormal (|S1| > 2^HI, finite), is S2/S1 denormal
  // (2^-LO < |q| < 2^-HI - 2^-LO: what rounds to nearest even onto a denormal)
  logic signed [XW-1:0] dx, e2n, tlo, thi;
  logic [P-1:0]   sg2, m2n, m1;
  logic [$clog2(P+1)-1:0] lz2;
  logic [2*P+1:0] a2, b0, bm1;
  logic           rden, qden, glo, lhi, big, eq01, eq02, tiny;
  always_comb begin
    sg2 = {x2 != '0, f2};
    lz2 = '0;
    for (int q = 0; q < P; q++) if (sg2[q]) lz2 = ($clog2(P+1))'(P - 1 - q);
    m2n = sg2 << lz2;                                  // s2 normalized (denormal: shifted up)
    m1  = {1'b1, f1};
    e2n = $signed(XW'((x2 == '0) ? 1 : 0) + XW'(x2)) - $signed(XW'(lz2));
    dx  = e2n - $signed(XW'(x1));                      // |q| = (m2n / m1) * 2^dx * 2^0
    tlo = dx + XW'(LO);
    thi = dx + XW'(HI);
    a2  = (2*P+2)'(m2n) << P;                          // m2n * 2^P
    b0  = ((2*P+2)'(m1) << P) - (2*P+2)'(m1);          // m1 * (2^P - 1)
    bm1 = b0 << 1;                                     // m1 * (2^(P+1) - 2)
    glo = tlo > 0 || (tlo == 0 && m2n > m1);
    lhi = thi < -1 || (thi == 0 && a2 < b0) || (thi == -1 && a2 < bm1);
    qden = !z1 && !z2 && !n1 && !n2 && !i1 && !i2 && !d1 && glo && lhi;
    rden = x1 >= (EMAX - EW'(2)) && x1 != EMAX && !(x1 == (EMAX - EW'(2)) && f1 == '0);
    big  = $signed({2'b00, x2}) - $signed({2'b00, x1}) >= $signed((EW+2)'(BIG));
    tiny = x2 <= EW'(TINY);
    eq01 = s0 == s1 && !n1;
    eq02 = s0 == s2 && !n2;
  end

  // the scale of DIV_SCALE (up: +K, dn: -K) and its mask bit
  logic sc_up, sc_dn, sc_co;
  always_comb begin
    sc_up = 1'b0; sc_dn = 1'b0; sc_co = 1'b0;
    if (z1 || z2) ;
    else if (big) begin sc_co = 1'b1; sc_up = eq01; end
    else if (d1) sc_up = 1'b1;
    else if (rden && qden) begin sc_co = 1'b1; sc_up = eq01; end
    else if (rden) sc_dn = 1'b1;
    else if (qden) begin sc_co = 1'b1; sc_up = eq02; end
    else if (tiny) sc_up = 1'b1;
  end

  // ---- fp_ldexp of xl by 2^+-K (DIV_SCALE: S0 in nearest even, denormals kept;
  // DIV_FMAS: the FMA's result in MODE's rounding and output flush)
  logic [W-1:0]  xl, r_ld;
  logic [5:0]    e_ld;
  logic          l_up;
  logic [EW-1:0] xlx;
  logic          xl_nan, xl_den, l_of, l_uf, l_nx, unused_fl;
  logic signed [XW-1:0] l_exp;
  logic [W-1:0]  r_rd;
  assign xl   = (sel == 2'd0) ? s0 : fr;
  assign l_up = (sel == 2'd0) ? sc_up : (x2 > EW'(BIAS));
  assign xlx  = xl[W-2 -: EW];
  assign xl_nan = xlx == EMAX && xl[MW-1:0] != '0;
  assign xl_den = xlx == '0 && xl[MW-1:0] != '0;
  assign l_exp  = $signed(XW'((xlx == '0) ? 1 : 0) + XW'(xlx)) + (l_up ? XW'(K) : -XW'(K));
  fp_round #(.EW(EW), .MW(MW), .SW(P + 3), .XW(XW)) u_rd (.sign(xl[W-1]), .exp(l_exp),
    .sig({xlx != '0, xl[MW-1:0], 3'b000}), .sticky(1'b0), .rm((sel == 2'd0) ? 3'd0 : rm), .ovf_sat(1'b0),
    .ftz(sel != 2'd0 && ftz), .tiny_after(1'b1), .res(r_rd), .of(l_of), .uf(l_uf), .nx(l_nx), .flushed(unused_fl));
  always_comb begin
    r_ld = r_rd; e_ld = {xl_den, l_nx, l_uf, l_of, 2'b00};
    if (xl_nan) begin r_ld = xl | QB; e_ld = {5'd0, !xl[MW-1]}; end
    else if (xlx == EMAX || xl[W-2:0] == '0) begin r_ld = xl; e_ld = 6'd0; end
  end

  // ---- DIV_FIXUP
  logic [W-1:0] r_fx;
  logic [5:0]   e_fx;
  logic         so;
  always_comb begin
    so = s1[W-1] ^ s2[W-1];
    e_fx = 6'd0;
    if (n2 || n1) begin
      r_fx = (n2 ? s2 : s1) | QB;
      e_fx[0] = n2 ? !qb2 : !qb1;
    end else if ((z1 && z2) || (i1 && i2)) begin
      r_fx = DNAN; e_fx[0] = 1'b1;
    end else if (z1 || i2) begin
      r_fx = {so, EMAX, {MW{1'b0}}}; e_fx[1] = z1;
    end else if (i1 || z2) begin
      r_fx = {so, {(W-1){1'b0}}};
    end else if ($signed({2'b00, x2}) - $signed({2'b00, x1}) < -$signed((EW+2)'(LO))) begin
      r_fx = {so, {(W-1){1'b0}}}; e_fx[3] = 1'b1; e_fx[4] = 1'b1;
    end else
      r_fx = {so, s0[W-2:0]};
  end

  always_comb begin
    r = r_fx; e = e_fx; co = 1'b0;
    case (sel)
      2'd0: begin
        co = sc_co;
        if (z1 || z2) begin r = DNAN; e = 6'd0; end
        else if (sc_up || sc_dn) begin r = r_ld; e = e_ld; end
        else begin r = s0; e = 6'd0; end
      end
      2'd1: begin
        if (vcc) begin r = r_ld; e = fe | e_ld; end
        else begin r = fr; e = fe; end
      end
      default: ;
    endcase
  end
endmodule
