// fp_add - binary floating-point a + b, or a - b with sub = 1 (b's sign
// flipped unless b is a NaN that stays a NaN), for any format with an EW-bit
// exponent field and an MW-bit fraction field (binary32: EW 8, MW 23;
// binary64: EW 11, MW 52).  One rounding, all policy knobs of model/fp's
// fp_add/fp_sub.  fp32_add and fp64_add are this module at those widths.
//
// Policy ports (the effective knobs of model/fp after per-instruction flags,
// of the format's entry in each per-format knob):
//   rm[2:0]             0 RNE, 1 RTZ, 2 RUP, 3 RDN, 4 RNA
//   daz                 denorm_in[fmt]  = FLUSH
//   ftz                 denorm_out[fmt] = FLUSH
//   tiny_after          tininess        = AFTER
//   ovf_sat             overflow[fmt]   = SAT
//   nan_prop[1:0]       0 FIRST, 1 SNAN_FIRST, 2 DEFAULT
//   nan_keep            nan_quiet       = KEEP
//   nan_inf             nan_inf         = ON
//   dnan[W-1:0]         default_nan[fmt]
//   dexc_always         denorm_exc      = ALWAYS (denormal exception for any
//                       denormal operand); else only for a denormal used as
//                       such, and not with a NaN operand or invalid (x86)
//   clamp, clamp_nan_keep, clamp_negzero_keep   FP_F_CLAMP and its knobs
// exc[5:0]: FP_EXC_* bits (0 invalid, 1 div-by-zero, 2 overflow, 3 underflow,
// 4 inexact, 5 denormal).
//
// Datapath: the operand of larger magnitude at the top of an (MW+5)-bit
// window (MW+1 significand bits + 3 guard bits + carry), the other shifted
// right with the bits shifted out kept as a sticky bit, which an effective
// subtraction subtracts too.
//
// Combinational.
module fp_add #(
    parameter int EW = 8,
    parameter int MW = 23,
    localparam int W  = EW + MW + 1,   // operand width
    localparam int SW = MW + 5,        // window: carry, MW+1 bits, 3 guard bits
    localparam int XW = EW + 4         // signed exponent presented to fp_round
) (
    input  logic [W-1:0] a,
    input  logic [W-1:0] b,
    input  logic         sub,
    input  logic [2:0]   rm,
    input  logic         daz,
    input  logic         ftz,
    input  logic         tiny_after,
    input  logic         ovf_sat,
    input  logic [1:0]   nan_prop,
    input  logic         nan_keep,
    input  logic         nan_inf,
    input  logic [W-1:0] dnan,
    input  logic         dexc_always,
    input  logic         clamp,
    input  logic         clamp_nan_keep,
    input  logic         clamp_negzero_keep,
    output logic [W-1:0] r,
    output logic [5:0]   exc
);
    logic [W-1:0]  bs;
    logic [W-1:0]  xa, xb;
    logic          sa, sb;
    logic [EW-1:0] ea, eb;
    logic [MW:0]   ma, mb;
    logic          za, zb, ia, ib, na, nb, qa_s, qb_s, da, db;

    // sub flips b's sign unless b is a NaN (a NaN read as Inf is flipped)
    assign bs = (sub && (nan_inf || !((b[W-2 -: EW] == {EW{1'b1}}) && (b[MW-1:0] != '0))))
              ? {~b[W-1], b[W-2:0]} : b;

    logic          na_raw, nb_raw;
    fp_unpack #(.EW(EW), .MW(MW)) u_ua (
        .raw(a), .daz(daz), .nan_inf(nan_inf), .x(xa), .sign(sa), .exp(ea), .sig(ma),
        .is_zero(za), .is_inf(ia), .is_nan(na), .is_snan(qa_s), .den(da), .nan_raw(na_raw));
    fp_unpack #(.EW(EW), .MW(MW)) u_ub (
        .raw(bs), .daz(daz), .nan_inf(nan_inf), .x(xb), .sign(sb), .exp(eb), .sig(mb),
        .is_zero(zb), .is_inf(ib), .is_nan(nb), .is_snan(qb_s), .den(db), .nan_raw(nb_raw));

    logic          any_nan, any_snan;
    logic [W-1:0]  nan_r;
    fp_nan_sel #(.EW(EW), .MW(MW)) u_nan (
        .x0(xa), .x1(xb), .x2({W{1'b0}}), .use_op(3'b011), .nan_prop(nan_prop),
        .nan_keep(nan_keep), .dnan(dnan), .any_nan(any_nan), .any_snan(any_snan), .r(nan_r));

    // ---- magnitude datapath: carry at bit SW-1, big at [SW-2:3]
    logic          swap;
    logic          s_big, eff_sub;
    logic [EW-1:0] e_big, e_sml, d;
    logic [MW:0]   m_big, m_sml;
    logic [SW-2:0] sml_al;
    logic          st;
    logic [SW-1:0] sum;
    logic signed [XW-1:0] rexp;
    logic          zsign;

    always_comb begin
        swap   = (xb[W-2:0] > xa[W-2:0]);
        s_big  = swap ? sb : sa;
        e_big  = swap ? eb : ea;
        e_sml  = swap ? ea : eb;
        m_big  = swap ? mb : ma;
        m_sml  = swap ? ma : mb;
        eff_sub = sa ^ sb;
        d      = e_big - e_sml;
        sml_al = {m_sml, 3'b000} >> d;
        st     = |({m_sml, 3'b000} & ~({(SW-1){1'b1}} << d));
        if (eff_sub) sum = {1'b0, m_big, 3'b000} - {1'b0, sml_al} - {{(SW-1){1'b0}}, st};
        else         sum = {1'b0, m_big, 3'b000} + {1'b0, sml_al};
        rexp   = $signed({{(XW-EW){1'b0}}, e_big}) + XW'(1);
        // exact zero sum: x + (-x) is +0 except toward -inf; equal signs keep it
        zsign  = eff_sub ? (rm == 3'd3) : sa;
    end

    logic [W-1:0]  rnd;
    logic          of, uf, nx, fl;
    fp_round #(.EW(EW), .MW(MW), .SW(SW), .XW(XW)) u_rnd (
        .sign(s_big), .exp(rexp), .sig(sum), .sticky(st), .rm(rm), .ovf_sat(ovf_sat),
        .ftz(ftz), .tiny_after(tiny_after), .res(rnd), .of(of), .uf(uf), .nx(nx), .flushed(fl));

    // ---- specials and result selection
    logic [W-1:0]  res;
    logic          inv;
    logic [2:0]    fl3;   // inexact, underflow, overflow
    logic          dexc;

    always_comb begin
        inv = 1'b0;
        fl3 = 3'd0;
        if (any_nan) begin
            res = nan_r;
            inv = any_snan;
        end else if (ia && ib && eff_sub) begin
            res = dnan;
            inv = 1'b1;
        end else if (ia) begin
            res = xa;
        end else if (ib) begin
            res = xb;
        end else if (sum == '0 && !st) begin
            res = {zsign, {(W-1){1'b0}}};
        end else begin
            res = rnd;
            fl3 = {nx, uf, of};
        end
        dexc = dexc_always ? (da | db) : ((da | db) & ~daz & ~(na_raw | nb_raw) & ~inv);
    end

    fp_clamp #(.EW(EW), .MW(MW)) u_clamp (
        .x(res), .nan_inf(nan_inf), .clamp(clamp), .clamp_nan_keep(clamp_nan_keep),
        .clamp_negzero_keep(clamp_negzero_keep), .r(r));

    assign exc = {dexc, fl3, 1'b0, inv};

    logic unused_ok;
    assign unused_ok = ^{za, zb, na, nb, qa_s, qb_s, fl};
endmodule
