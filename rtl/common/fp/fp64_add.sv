// fp64_add - binary64 a + b, or a - b with sub = 1 (b's sign flipped unless b
// is a NaN that stays a NaN).  One rounding, all policy knobs of model/fp's
// fp_add/fp_sub (FP_F64).  The datapath of fp32_add at binary64 widths: a
// 57-bit window (53 bits + 3 guard bits + carry).
//
// Policy ports (the effective knobs of model/fp after per-instruction flags):
//   rm[2:0]             0 RNE, 1 RTZ, 2 RUP, 3 RDN, 4 RNA
//   daz                 denorm_in[f64]  = FLUSH
//   ftz                 denorm_out[f64] = FLUSH
//   tiny_after          tininess        = AFTER
//   ovf_sat             overflow[f64]   = SAT
//   nan_prop[1:0]       0 FIRST, 1 SNAN_FIRST, 2 DEFAULT
//   nan_keep            nan_quiet       = KEEP
//   nan_inf             nan_inf         = ON
//   dnan[63:0]          default_nan[f64]
//   dexc_always         denorm_exc      = ALWAYS (denormal exception for any
//                       denormal operand); else only for a denormal used as
//                       such, and not with a NaN operand or invalid (x86)
//   clamp, clamp_nan_keep, clamp_negzero_keep   FP_F_CLAMP and its knobs
// exc[5:0]: FP_EXC_* bits (0 invalid, 1 div-by-zero, 2 overflow, 3 underflow,
// 4 inexact, 5 denormal).
//
// Combinational.
module fp64_add (
    input  logic [63:0] a,
    input  logic [63:0] b,
    input  logic        sub,
    input  logic [2:0]  rm,
    input  logic        daz,
    input  logic        ftz,
    input  logic        tiny_after,
    input  logic        ovf_sat,
    input  logic [1:0]  nan_prop,
    input  logic        nan_keep,
    input  logic        nan_inf,
    input  logic [63:0] dnan,
    input  logic        dexc_always,
    input  logic        clamp,
    input  logic        clamp_nan_keep,
    input  logic        clamp_negzero_keep,
    output logic [63:0] r,
    output logic [5:0]  exc
);
    logic [63:0] bs;
    logic [63:0] xa, xb;
    logic        sa, sb;
    logic [10:0] ea, eb;
    logic [52:0] ma, mb;
    logic        za, zb, ia, ib, na, nb, qa_s, qb_s, da, db;

    // sub flips b's sign unless b is a NaN (a NaN read as Inf is flipped)
    assign bs = (sub && (nan_inf || !((b[62:52] == 11'h7ff) && (b[51:0] != '0))))
              ? {~b[63], b[62:0]} : b;

    logic        na_raw, nb_raw;
    fp_unpack #(.EW(11), .MW(52)) u_ua (
        .raw(a), .daz(daz), .nan_inf(nan_inf), .x(xa), .sign(sa), .exp(ea), .sig(ma),
        .is_zero(za), .is_inf(ia), .is_nan(na), .is_snan(qa_s), .den(da), .nan_raw(na_raw));
    fp_unpack #(.EW(11), .MW(52)) u_ub (
        .raw(bs), .daz(daz), .nan_inf(nan_inf), .x(xb), .sign(sb), .exp(eb), .sig(mb),
        .is_zero(zb), .is_inf(ib), .is_nan(nb), .is_snan(qb_s), .den(db), .nan_raw(nb_raw));

    logic        any_nan, any_snan;
    logic [63:0] nan_r;
    fp_nan_sel #(.EW(11), .MW(52)) u_nan (
        .x0(xa), .x1(xb), .x2(64'h0), .use_op(3'b011), .nan_prop(nan_prop),
        .nan_keep(nan_keep), .dnan(dnan), .any_nan(any_nan), .any_snan(any_snan), .r(nan_r));

    // ---- magnitude datapath: 57-bit window, carry at bit 56, big at [55:3]
    logic        swap;
    logic        s_big, eff_sub;
    logic [10:0] e_big, e_sml, d;
    logic [52:0] m_big, m_sml;
    logic [55:0] sml_al;
    logic        st;
    logic [56:0] sum;
    logic signed [13:0] rexp;
    logic        zsign;

    always_comb begin
        swap   = (xb[62:0] > xa[62:0]);
        s_big  = swap ? sb : sa;
        e_big  = swap ? eb : ea;
        e_sml  = swap ? ea : eb;
        m_big  = swap ? mb : ma;
        m_sml  = swap ? ma : mb;
        eff_sub = sa ^ sb;
        d      = e_big - e_sml;
        sml_al = {m_sml, 3'b000} >> d;
        st     = |({m_sml, 3'b000} & ~({56{1'b1}} << d));
        if (eff_sub) sum = {1'b0, m_big, 3'b000} - {1'b0, sml_al} - {56'd0, st};
        else         sum = {1'b0, m_big, 3'b000} + {1'b0, sml_al};
        rexp   = $signed({3'b000, e_big}) + 14'sd1;
        // exact zero sum: x + (-x) is +0 except toward -inf; equal signs keep it
        zsign  = eff_sub ? (rm == 3'd3) : sa;
    end

    logic [63:0] rnd;
    logic        of, uf, nx, fl;
    fp_round #(.EW(11), .MW(52), .SW(57), .XW(14)) u_rnd (
        .sign(s_big), .exp(rexp), .sig(sum), .sticky(st), .rm(rm), .ovf_sat(ovf_sat),
        .ftz(ftz), .tiny_after(tiny_after), .res(rnd), .of(of), .uf(uf), .nx(nx), .flushed(fl));

    // ---- specials and result selection
    logic [63:0] res;
    logic        inv;
    logic [4:0]  fl5;
    logic        dexc;

    always_comb begin
        inv = 1'b0;
        fl5 = 5'b0;
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
            res = {zsign, 63'b0};
        end else begin
            res = rnd;
            fl5 = {nx, uf, of, 2'b00};
        end
        dexc = dexc_always ? (da | db) : ((da | db) & ~daz & ~(na_raw | nb_raw) & ~inv);
    end

    fp_clamp #(.EW(11), .MW(52)) u_clamp (
        .x(res), .nan_inf(nan_inf), .clamp(clamp), .clamp_nan_keep(clamp_nan_keep),
        .clamp_negzero_keep(clamp_negzero_keep), .r(r));

    assign exc = {dexc, fl5[4:1], fl5[0] | inv};

    logic unused_ok;
    assign unused_ok = ^{za, zb, na, nb, qa_s, qb_s, fl};
endmodule
