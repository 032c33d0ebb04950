// fp32_minmax - binary32 min / max in the flavours of model/fp fp_min/fp_max.
//
//   is_max        0 min, 1 max
//   kind[2:0]     fp_minmax: 0 IEEE2008 (minNum/maxNum), 1 IEEE2019
//                 (minimum/maximum), 2 IEEE2019_NUM (minimumNumber/
//                 maximumNumber), 3 DX10, 4 LEGACY_GE, 5 LEGACY_GT,
//                 6 LEGACY_FIRST (7 acts as 6)
// Policy ports: daz, nan_prop, nan_keep, nan_inf, dnan, dexc_always and the
// clamp ports as in fp32_add, plus
//   zero_negless      knob zero_cmp = NEG_LESS (legacy flavours' compare)
//   zero_minmax[1:0]  knob zero_minmax: 0 NEG_LESS, 1 FIRST, 2 SECOND,
//                     3 GE_SELECT (equal: max gives a, min gives b)
//
// The legacy flavours are a select on a quiet compare: the chosen operand is
// returned as read (after flush), a NaN unquieted; sNaN operands raise invalid.
// IEEE2019: a NaN operand gives the NaN result of the policy.  The others
// avoid NaNs (an sNaN raises invalid; IEEE2008 gives the NaN result on an
// sNaN operand; two NaNs give the NaN result).
//
// Combinational.
module fp32_minmax (
    input  logic [31:0] a,
    input  logic [31:0] b,
    input  logic        is_max,
    input  logic [2:0]  kind,
    input  logic        daz,
    input  logic [1:0]  nan_prop,
    input  logic        nan_keep,
    input  logic        nan_inf,
    input  logic [31:0] dnan,
    input  logic        dexc_always,
    input  logic        zero_negless,
    input  logic [1:0]  zero_minmax,
    input  logic        clamp,
    input  logic        clamp_nan_keep,
    input  logic        clamp_negzero_keep,
    output logic [31:0] r,
    output logic [5:0]  exc
);
    logic [31:0] xa, xb;
    logic        sa, sb, za, zb, ia, ib, na, nb, qa_s, qb_s, da, db;
    logic [7:0]  ea, eb;
    logic [23:0] ma, mb;

    logic        na_raw, nb_raw;
    fp_unpack #(.EW(8), .MW(23)) u_ua (
        .raw(a), .daz(daz), .nan_inf(nan_inf), .x(xa), .sign(sa), .exp(ea), .sig(ma),
        .is_zero(za), .is_inf(ia), .is_nan(na), .is_snan(qa_s), .den(da), .nan_raw(na_raw));
    fp_unpack #(.EW(8), .MW(23)) u_ub (
        .raw(b), .daz(daz), .nan_inf(nan_inf), .x(xb), .sign(sb), .exp(eb), .sig(mb),
        .is_zero(zb), .is_inf(ib), .is_nan(nb), .is_snan(qb_s), .den(db), .nan_raw(nb_raw));

    logic        any_nan, any_snan;
    logic [31:0] nan_r;
    fp_nan_sel #(.EW(8), .MW(23)) u_nan (
        .x0(xa), .x1(xb), .x2(32'h0), .use_op(3'b011), .nan_prop(nan_prop),
        .nan_keep(nan_keep), .dnan(dnan), .any_nan(any_nan), .any_snan(any_snan), .r(nan_r));

    logic legacy, nzl;
    logic lt, eq, gt;
    assign legacy = kind[2];
    assign nzl    = legacy ? zero_negless
                           : (kind == 3'd1 || kind == 3'd2 || zero_minmax == 2'd0);
    fp_order #(.W(32)) u_ord (.x(xa), .y(xb), .negzero_less(nzl), .lt(lt), .eq(eq), .gt(gt));

    logic [31:0] res;
    logic        inv, un, pick_a, dexc, second;
    // ties (equal operands) of the NaN-avoiding flavours
    assign second = !nzl && (zero_minmax == 2'd2 || (zero_minmax == 2'd3 && !is_max));
    always_comb begin
        un  = na || nb;
        inv = any_snan;
        res = xa;
        pick_a = 1'b0;
        if (legacy) begin
            case (kind)
                3'd4:    pick_a = is_max ? (!un && (eq || gt)) : (!un && lt);
                3'd5:    pick_a = is_max ? (!un && gt) : (!un && lt);
                default: pick_a = is_max ? !(!un && lt) : !(!un && gt);
            endcase
            res = pick_a ? xa : xb;
        end else if (kind == 3'd1) begin
            if (un) res = nan_r;
            else    res = (is_max ? !lt : !gt) ? xa : xb;
        end else begin
            if ((na && nb) || (kind == 3'd0 && any_snan)) res = nan_r;
            else if (na)                                  res = xb;
            else if (nb)                                  res = xa;
            else if (eq)                                  res = second ? xb : xa;
            else                                          res = (is_max ? gt : lt) ? xa : xb;
        end
        dexc = dexc_always ? (da | db) : ((da | db) & ~daz & ~(na_raw | nb_raw) & ~inv);
    end

    fp_clamp #(.EW(8), .MW(23)) u_clamp (
        .x(res), .nan_inf(nan_inf), .clamp(clamp), .clamp_nan_keep(clamp_nan_keep),
        .clamp_negzero_keep(clamp_negzero_keep), .r(r));

    assign exc = {dexc, 4'b0000, inv};

    logic unused_ok;
    assign unused_ok = ^{sa, sb, za, zb, ia, ib, ea, eb, ma, mb, qa_s, qb_s, any_nan};
endmodule
