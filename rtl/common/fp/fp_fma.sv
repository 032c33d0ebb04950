// fp_fma - binary floating-point a * b + c with one rounding for any format
// with an EW-bit exponent field and an MW-bit fraction field (binary32: EW 8,
// MW 23; binary64: EW 11, MW 52), all policy knobs of model/fp's fp_fma.
// fp32_fma and fp64_fma are this module at those widths.  Policy ports as in
// fp_mul, plus:
//   zw_pass_c       FP_F_ZW_PASS_C: a zero-wins product returns c itself (as
//                   read: flushed, NaN quieted or defaulted, output-flushed)
//   fma_nan[1:0]    knob fma_nan for fma(0, Inf, qNaN): 0 PROPAGATE,
//                   1 PROP_INVALID, 2 DEFAULT_INVALID
//
// Datapath: the exact 2(MW+1)-bit product and c are aligned in an SW-bit
// window, SW = 3 MW + 7 (76 for binary32, 163 for binary64): carry at bit
// SW-1, the operand with the larger nominal exponent at [SW-2:...], the
// other shifted right, the bits shifted out kept as a sticky bit that is
// subtracted on an effective subtraction; a negative difference is negated;
// then fp_round, whose leading-zero count handles massive cancellation.
//
// Combinational.
module fp_fma #(
    parameter int EW = 8,
    parameter int MW = 23,
    localparam int W    = EW + MW + 1,         // operand width
    localparam int PW   = 2 * (MW + 1),        // exact product
    localparam int SW   = 3 * MW + 7,          // window: carry, product, MW+4 guard bits
    localparam int XW   = EW + 4,              // signed exponent presented to fp_round
    localparam int BIAS = (1 << (EW - 1)) - 1
) (
    input  logic [W-1:0] a,
    input  logic [W-1:0] b,
    input  logic [W-1:0] c,
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
    input  logic         zw_pass_c,
    input  logic [1:0]   fma_nan,
    input  logic         clamp,
    input  logic         clamp_nan_keep,
    input  logic         clamp_negzero_keep,
    output logic [W-1:0] r,
    output logic [5:0]   exc
);
    logic [W-1:0]  xa, xb, xc;
    logic          sa, sb, sc;
    logic [EW-1:0] ea, eb, ec;
    logic [MW:0]   ma, mb, mc;
    logic          za, zb, zc, ia, ib, ic, na, nb, nc, qa_s, qb_s, qc_s;
    logic          da, db, dc;

    logic          na_raw, nb_raw, nc_raw;
    fp_unpack #(.EW(EW), .MW(MW)) u_ua (
        .raw(a), .daz(daz), .nan_inf(nan_inf), .x(xa), .sign(sa), .exp(ea), .sig(ma),
        .is_zero(za), .is_inf(ia), .is_nan(na), .is_snan(qa_s), .den(da), .nan_raw(na_raw));
    fp_unpack #(.EW(EW), .MW(MW)) u_ub (
        .raw(b), .daz(daz), .nan_inf(nan_inf), .x(xb), .sign(sb), .exp(eb), .sig(mb),
        .is_zero(zb), .is_inf(ib), .is_nan(nb), .is_snan(qb_s), .den(db), .nan_raw(nb_raw));
    fp_unpack #(.EW(EW), .MW(MW)) u_uc (
        .raw(c), .daz(daz), .nan_inf(nan_inf), .x(xc), .sign(sc), .exp(ec), .sig(mc),
        .is_zero(zc), .is_inf(ic), .is_nan(nc), .is_snan(qc_s), .den(dc), .nan_raw(nc_raw));

    logic          zw;                 // zero-wins product
    assign zw = zero_wins && (za || zb);

    logic          any_nan, any_snan;
    logic [W-1:0]  nan_r;
    fp_nan_sel #(.EW(EW), .MW(MW)) u_nan (
        .x0(xa), .x1(xb), .x2(xc), .use_op({1'b1, ~zw, ~zw}), .nan_prop(nan_prop),
        .nan_keep(nan_keep), .dnan(dnan), .any_nan(any_nan), .any_snan(any_snan), .r(nan_r));

    // ---- datapath
    logic          sp, pz, c_big, s_big, eff_sub, neg;
    logic [PW-1:0] prod;
    logic signed [XW-1:0] pexp, cexp, dd;
    logic [XW-1:0] d;
    logic [SW-1:0] pw, cw, big, sml_full, sml;
    logic          st;
    logic [SW:0]   diff;
    logic [SW-1:0] sum;
    logic signed [XW-1:0] rexp;
    logic          zsign, rsign;

    always_comb begin
        sp    = (sa ^ sb) & ~(zw & ~zw_sign_xor);
        pz    = za || zb;
        prod  = ma * mb;
        // prod[PW-1] and c's leading bit share a scale when pexp == cexp
        pexp  = $signed({{(XW-EW){1'b0}}, ea}) + $signed({{(XW-EW){1'b0}}, eb}) - XW'(BIAS - 1);
        cexp  = $signed({{(XW-EW){1'b0}}, ec});
        pw    = {1'b0, prod, {(SW-1-PW){1'b0}}};
        cw    = {1'b0, mc, {(SW-2-MW){1'b0}}};
        c_big = pz ? 1'b1 : (zc ? 1'b0 : (cexp > pexp));
        dd    = c_big ? (cexp - pexp) : (pexp - cexp);
        d     = (pz || zc) ? {XW{1'b0}} : $unsigned(dd);
        if (d > XW'(SW)) d = XW'(SW);
        big      = c_big ? cw : pw;
        sml_full = pz ? {SW{1'b0}} : (c_big ? pw : (zc ? {SW{1'b0}} : cw));
        sml      = sml_full >> d;
        st       = |(sml_full & ~({SW{1'b1}} << d));
        s_big    = c_big ? sc : sp;
        eff_sub  = sp ^ sc;
        if (eff_sub) diff = {1'b0, big} - {1'b0, sml} - {{SW{1'b0}}, st};
        else         diff = {1'b0, big} + {1'b0, sml};
        neg   = diff[SW];
        sum   = neg ? ({SW{1'b0}} - diff[SW-1:0]) : diff[SW-1:0];
        rsign = s_big ^ neg;
        rexp  = (c_big ? cexp : pexp) + XW'(1);
        zsign = eff_sub ? (rm == 3'd3) : sc;
    end

    logic [W-1:0]  rnd;
    logic          of, uf, nx, fl;
    fp_round #(.EW(EW), .MW(MW), .SW(SW), .XW(XW)) u_rnd (
        .sign(rsign), .exp(rexp), .sig(sum), .sticky(st), .rm(rm), .ovf_sat(ovf_sat),
        .ftz(ftz), .tiny_after(tiny_after), .res(rnd), .of(of), .uf(uf), .nx(nx), .flushed(fl));

    logic [W-1:0]  res;
    logic          inv;
    logic [4:0]    fl5;
    logic          dexc;
    logic          zinf;               // 0 * Inf (not zero-wins)
    always_comb begin
        inv  = 1'b0;
        fl5  = 5'b0;
        zinf = !zw && ((ia && zb) || (ib && za));
        if (any_nan) begin
            res = nan_r;
            inv = any_snan;
            if (zinf && nc && !qc_s && !na && !nb) begin
                if (fma_nan != 2'd0) inv = 1'b1;
                if (fma_nan == 2'd2) res = dnan;
            end
        end else if (zinf) begin
            res = dnan;
            inv = 1'b1;
        end else if (!zw && (ia || ib) && ic && (sp != sc)) begin
            res = dnan;
            inv = 1'b1;
        end else if (!zw && (ia || ib)) begin
            res = {sp, {EW{1'b1}}, {MW{1'b0}}};
        end else if (ic) begin
            res = xc;
        end else if (sum == '0 && !st) begin
            res = (zw && zw_pass_c) ? xc : {zsign, {(W-1){1'b0}}};
        end else begin
            res = rnd;
            fl5 = {nx, uf, of, 2'b00};
        end
        dexc = dexc_always ? (da | db | dc)
                            : ((da | db | dc) & ~daz & ~(na_raw | nb_raw | nc_raw) & ~inv);
    end

    fp_clamp #(.EW(EW), .MW(MW)) u_clamp (
        .x(res), .nan_inf(nan_inf), .clamp(clamp), .clamp_nan_keep(clamp_nan_keep),
        .clamp_negzero_keep(clamp_negzero_keep), .r(r));

    assign exc = {dexc, fl5[4:1], fl5[0] | inv};

    logic unused_ok;
    assign unused_ok = ^{qa_s, qb_s, fl};
endmodule
