// fp64_mul - binary64 a * b, one rounding, all policy knobs of model/fp's
// fp_mul (FP_F64): the exact 106-bit product to fp_round.  Policy ports as in fp64_add, plus:
//   zero_wins       knob zero_wins = ON, or FP_F_ZERO_WINS: 0 * anything = 0
//   zw_sign_xor     knob zero_wins_sign = XOR (else the zero-wins product is +0)
//
// Combinational.
module fp64_mul (
    input  logic [63:0] a,
    input  logic [63:0] b,
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
    input  logic        zero_wins,
    input  logic        zw_sign_xor,
    input  logic        clamp,
    input  logic        clamp_nan_keep,
    input  logic        clamp_negzero_keep,
    output logic [63:0] r,
    output logic [5:0]  exc
);
    logic [63:0] xa, xb;
    logic        sa, sb;
    logic [10:0] ea, eb;
    logic [52:0] ma, mb;
    logic        za, zb, ia, ib, na, nb, qa_s, qb_s, da, db;

    logic        na_raw, nb_raw;
    fp_unpack #(.EW(11), .MW(52)) u_ua (
        .raw(a), .daz(daz), .nan_inf(nan_inf), .x(xa), .sign(sa), .exp(ea), .sig(ma),
        .is_zero(za), .is_inf(ia), .is_nan(na), .is_snan(qa_s), .den(da), .nan_raw(na_raw));
    fp_unpack #(.EW(11), .MW(52)) u_ub (
        .raw(b), .daz(daz), .nan_inf(nan_inf), .x(xb), .sign(sb), .exp(eb), .sig(mb),
        .is_zero(zb), .is_inf(ib), .is_nan(nb), .is_snan(qb_s), .den(db), .nan_raw(nb_raw));

    logic        any_nan, any_snan;
    logic [63:0] nan_r;
    fp_nan_sel #(.EW(11), .MW(52)) u_nan (
        .x0(xa), .x1(xb), .x2(64'h0), .use_op(3'b011), .nan_prop(nan_prop),
        .nan_keep(nan_keep), .dnan(dnan), .any_nan(any_nan), .any_snan(any_snan), .r(nan_r));

    logic        sp;
    logic [105:0] prod;
    logic signed [13:0] pexp;
    always_comb begin
        sp   = sa ^ sb;
        prod = ma * mb;
        // prod[105] weighs 2^(ea + eb - 2*1023 + 1)
        pexp = $signed({3'b000, ea}) + $signed({3'b000, eb}) - 14'sd1022;
    end

    logic [63:0] rnd;
    logic        of, uf, nx, fl;
    fp_round #(.EW(11), .MW(52), .SW(106), .XW(14)) u_rnd (
        .sign(sp), .exp(pexp), .sig(prod), .sticky(1'b0), .rm(rm), .ovf_sat(ovf_sat),
        .ftz(ftz), .tiny_after(tiny_after), .res(rnd), .of(of), .uf(uf), .nx(nx), .flushed(fl));

    logic [63:0] res;
    logic        inv;
    logic [4:0]  fl5;
    logic        dexc;
    always_comb begin
        inv = 1'b0;
        fl5 = 5'b0;
        if (zero_wins && (za || zb)) begin
            res = {zw_sign_xor & sp, 63'b0};
        end else if (any_nan) begin
            res = nan_r;
            inv = any_snan;
        end else if ((ia && zb) || (ib && za)) begin
            res = dnan;
            inv = 1'b1;
        end else if (ia || ib) begin
            res = {sp, 11'h7ff, 52'b0};
        end else if (za || zb) begin
            res = {sp, 63'b0};
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
    assign unused_ok = ^{na, nb, qa_s, qb_s, fl};
endmodule
