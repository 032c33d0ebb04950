// fp64_cmp - binary64 compare: the relation of a to b and any predicate on it
// (model/fp fp_compare / fp_cmp).
//
//   pred[3:0]     truth mask over the relations (bit 0 LT, 1 EQ, 2 GT,
//                 3 UNORDERED): fp_pred, e.g. 0x3 LE, 0x9 NGE, 0xd NEQ
//   signaling     FP_F_SIGNALING: invalid on any NaN (else on sNaN only)
// Policy ports: daz, nan_inf, dexc_always (as in fp64_add) and
//   zero_negless  knob zero_cmp = NEG_LESS (-0 < +0)
// Outputs: res = pred[rel], rel[1:0] (fp_rel: 0 LT, 1 EQ, 2 GT, 3 UN),
// exc[5:0] (invalid, denormal).
//
// Combinational.
module fp64_cmp (
    input  logic [63:0] a,
    input  logic [63:0] b,
    input  logic [3:0]  pred,
    input  logic        signaling,
    input  logic        daz,
    input  logic        nan_inf,
    input  logic        dexc_always,
    input  logic        zero_negless,
    output logic        res,
    output logic [1:0]  rel,
    output logic [5:0]  exc
);
    logic [63:0] xa, xb;
    logic        sa, sb, za, zb, ia, ib, na, nb, qa_s, qb_s, da, db;
    logic [10:0] ea, eb;
    logic [52:0] ma, mb;

    logic        na_raw, nb_raw;
    fp_unpack #(.EW(11), .MW(52)) u_ua (
        .raw(a), .daz(daz), .nan_inf(nan_inf), .x(xa), .sign(sa), .exp(ea), .sig(ma),
        .is_zero(za), .is_inf(ia), .is_nan(na), .is_snan(qa_s), .den(da), .nan_raw(na_raw));
    fp_unpack #(.EW(11), .MW(52)) u_ub (
        .raw(b), .daz(daz), .nan_inf(nan_inf), .x(xb), .sign(sb), .exp(eb), .sig(mb),
        .is_zero(zb), .is_inf(ib), .is_nan(nb), .is_snan(qb_s), .den(db), .nan_raw(nb_raw));

    logic lt, eq, gt;
    fp_order #(.W(64)) u_ord (.x(xa), .y(xb), .negzero_less(zero_negless), .lt(lt), .eq(eq), .gt(gt));

    logic inv, dexc;
    always_comb begin
        if (na || nb)  rel = 2'd3;
        else if (lt)   rel = 2'd0;
        else if (eq)   rel = 2'd1;
        else           rel = 2'd2;
        res  = pred[rel];
        inv  = qa_s || qb_s || ((na || nb) && signaling);
        dexc = dexc_always ? (da | db) : ((da | db) & ~daz & ~(na_raw | nb_raw) & ~inv);
        exc  = {dexc, 4'b0000, inv};
    end

    logic unused_ok;
    assign unused_ok = ^{sa, sb, za, zb, ia, ib, ea, eb, ma, mb, gt};
endmodule
