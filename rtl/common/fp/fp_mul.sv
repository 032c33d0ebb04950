// fp_mul - binary floating-point a * b for any format with an EW-bit exponent
// field and an MW-bit fraction field (binary32: EW 8, MW 23; binary64: EW 11,
// MW 52): the exact 2(MW+1)-bit product to fp_round, one rounding, all policy
// knobs of model/fp's fp_mul.  fp32_mul and fp64_mul are this module at those
// widths.  Policy ports as in fp_add, plus:
//   zero_wins       knob zero_wins = ON, or FP_F_ZERO_WINS: 0 * anything = 0
//   zw_sign_xor     knob zero_wins_sign = XOR (else the zero-wins product is +0)
//
// Combinational.
module fp_mul #(
    parameter int EW = 8,
    parameter int MW = 23,
    localparam int W    = EW + MW + 1,         // operand width
    localparam int PW   = 2 * (MW + 1),        // exact product
    localparam int XW   = EW + 4,              // signed exponent presented to fp_round
    localparam int BIAS = (1 << (EW - 1)) - 1
) (
    input  logic [W-1:0] a,
    input  logic [W-1:0] b,
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
    input  logic         zero_wins,
    input  logic         zw_sign_xor,
    input  logic         clamp,
    input  logic         clamp_nan_keep,
    input  logic         clamp_negzero_keep,
    output logic [W-1:0] r,
    output logic [5:0]   exc
);
    logic [W-1:0]  xa, xb;
    logic          sa, sb;
    logic [EW-1:0] ea, eb;
    logic [MW:0]   ma, mb;
    logic          za, zb, ia, ib, na, nb, qa_s, qb_s, da, db;

    logic          na_raw, nb_raw;
    fp_unpack #(.EW(EW), .MW(MW)) u_ua (
        .raw(a), .daz(daz), .nan_inf(nan_inf), .x(xa), .sign(sa), .exp(ea), .sig(ma),
        .is_zero(za), .is_inf(ia), .is_nan(na), .is_snan(qa_s), .den(da), .nan_raw(na_raw));
    fp_unpack #(.EW(EW), .MW(MW)) u_ub (
        .raw(b), .daz(daz), .nan_inf(nan_inf), .x(xb), .sign(sb), .exp(eb), .sig(mb),
        .is_zero(zb), .is_inf(ib), .is_nan(nb), .is_snan(qb_s), .den(db), .nan_raw(nb_raw));

    logic          any_nan, any_snan;
    logic [W-1:0]  nan_r;
    fp_nan_sel #(.EW(EW), .MW(MW)) u_nan (
        .x0(xa), .x1(xb), .x2({W{1'b0}}), .use_op(3'b011), .nan_prop(nan_prop),
        .nan_keep(nan_keep), .dnan(dnan), .any_nan(any_nan), .any_snan(any_snan), .r(nan_r));

    logic          sp;
    logic [PW-1:0] prod;
    logic signed [XW-1:0] pexp;
    always_comb begin
        sp   = sa ^ sb;
        prod = ma * mb;
        // prod[PW-1] weighs 2^(ea + eb - 2*BIAS + 1): biased, ea + eb - (BIAS - 1)
        pexp = $signed({{(XW-EW){1'b0}}, ea}) + $signed({{(XW-EW){1'b0}}, eb}) - XW'(BIAS - 1);
    end

    logic [W-1:0]  rnd;
    logic          of, uf, nx, fl;
    fp_round #(.EW(EW), .MW(MW), .SW(PW), .XW(XW)) u_rnd (
        .sign(sp), .exp(pexp), .sig(prod), .sticky(1'b0), .rm(rm), .ovf_sat(ovf_sat),
        .ftz(ftz), .tiny_after(tiny_after), .res(rnd), .of(of), .uf(uf), .nx(nx), .flushed(fl));

    logic [W-1:0]  res;
    logic          inv;
    logic [2:0]    fl3;   // inexact, underflow, overflow
    logic          dexc;
    always_comb begin
        inv = 1'b0;
        fl3 = 3'd0;
        if (zero_wins && (za || zb)) begin
            res = {zw_sign_xor & sp, {(W-1){1'b0}}};
        end else if (any_nan) begin
            res = nan_r;
            inv = any_snan;
        end else if ((ia && zb) || (ib && za)) begin
            res = dnan;
            inv = 1'b1;
        end else if (ia || ib) begin
            res = {sp, {EW{1'b1}}, {MW{1'b0}}};
        end else if (za || zb) begin
            res = {sp, {(W-1){1'b0}}};
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
    assign unused_ok = ^{na, nb, qa_s, qb_s, fl};
endmodule
