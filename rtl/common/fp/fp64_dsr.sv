// fp64_dsr - binary64 divide, square root, reciprocal square root and
// reciprocal, correctly rounded in every rounding mode, multi-cycle
// (digit recurrence, one result bit per cycle).
//
// op: 0 DIV a / b, 1 SQRT sqrt(a), 2 RSQ 1 / sqrt(a), 3 RCP 1 / a (the divide
// of 1.0 by a: model/fp fp_rcp).  The result and the exception flags are
// those of model/fp fp_div / fp_sqrt / fp_rsq / fp_rcp on FP_F64 under the
// policy knobs below (the ports and encodings of fp64_mul, see
// rtl/common/fp/README.md): rm daz ftz tiny_after ovf_sat nan_prop nan_keep
// nan_inf dnan dexc_always clamp clamp_nan_keep clamp_negzero_keep.
// exc[1] (divide by zero) is raised by x / 0 (x finite, nonzero) and by
// RSQ(+-0).
//
// Handshake: start (ignored while busy) latches op, the operands and the
// knobs; done pulses one cycle with r and exc valid (they hold until the
// next done); busy is high from the cycle after start until done.
// Latency (start edge to the edge that raises done): 2 cycles for the special
// operands (NaN, zero, infinity, negative roots), 58 otherwise.
//
// Algorithms (operands normalized first: a denormal significand is shifted
// up to a 53-bit m with its top bit set, the exponent lowered to match):
//  DIV   restoring division of ma by mb (ma/mb in [1/2, 2)), 56 quotient
//        bits; the remainder != 0 is the sticky bit.
//  SQRT  restoring square root of m * 2^58 (exponent even) or m * 2^59
//        (odd), two radicand bits per cycle, 56 root bits; the remainder
//        != 0 is the sticky bit.
//  RSQ   bit by bit: for a = m * 2^E (E made even, m then in [2^52, 2^54))
//        the largest Q with Q^2 * m <= 2^162, so Q in (2^54, 2^55].  Bit j
//        of Q is decided from the first j bits Qj with Rj = 2^(2(81-56+j)) -
//        Qj^2 m and QMj = Qj m:  R' = 4R - (4QM + m) >= 0 sets the bit
//        (R = R', QM = 2QM + m), else R = 4R, QM = 2QM: fixed shifts and
//        adds only; R != 0 at the end is the sticky bit (exact).
// In all three the 56-bit result with its sticky bit goes to fp_round, one
// rounding.  RCP is DIV with the dividend 1.0 (not an operand: it raises
// no denormal or NaN condition).
//
// Synthesizable (Verilator -Wall, yosys 0.23).
module fp64_dsr (
    input  logic        clk,
    input  logic        rst_n,
    input  logic        start,
    input  logic [1:0]  op,
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
    input  logic        clamp,
    input  logic        clamp_nan_keep,
    input  logic        clamp_negzero_keep,
    output logic        busy,
    output logic        done,
    output logic [63:0] r,
    output logic [5:0]  exc
);
    localparam int EW   = 11;
    localparam int MW   = 52;
    localparam int W    = 64;
    localparam int XW   = 15;                 // signed exponent handed to fp_round
    localparam int BIAS = 1023;
    localparam int QW   = 56;                 // result bits
    localparam int AW   = 114;                // remainder / R register
    localparam int RDW  = 112;                // SQRT radicand
    localparam logic [1:0] OP_DIV = 2'd0, OP_SQRT = 2'd1, OP_RSQ = 2'd2, OP_RCP = 2'd3;
    localparam logic [W-1:0] ONE = 64'h3ff0000000000000;

    // ------------------------------------------------------ operands
    logic [W-1:0]  opa, opb;
    logic          use_b;
    always_comb begin
        opa   = (op == OP_RCP) ? ONE : a;
        opb   = (op == OP_RCP) ? a : b;
        use_b = (op == OP_DIV) || (op == OP_RCP);
    end

    logic [W-1:0]  xa, xb;
    logic          sa, sb;
    logic [EW-1:0] ea, eb;
    logic [MW:0]   ma, mb;
    logic          za, zb, ia, ib, na, nb, qa_s, qb_s, da, db, na_raw, nb_raw;
    fp_unpack #(.EW(EW), .MW(MW)) u_ua (
        .raw(opa), .daz(daz), .nan_inf(nan_inf), .x(xa), .sign(sa), .exp(ea), .sig(ma),
        .is_zero(za), .is_inf(ia), .is_nan(na), .is_snan(qa_s), .den(da), .nan_raw(na_raw));
    fp_unpack #(.EW(EW), .MW(MW)) u_ub (
        .raw(opb), .daz(daz), .nan_inf(nan_inf), .x(xb), .sign(sb), .exp(eb), .sig(mb),
        .is_zero(zb), .is_inf(ib), .is_nan(nb), .is_snan(qb_s), .den(db), .nan_raw(nb_raw));

    logic          any_nan, any_snan;
    logic [W-1:0]  nan_r;
    fp_nan_sel #(.EW(EW), .MW(MW)) u_nan (
        .x0(xa), .x1(xb), .x2({W{1'b0}}), .use_op({1'b0, use_b, 1'b1}), .nan_prop(nan_prop),
        .nan_keep(nan_keep), .dnan(dnan), .any_nan(any_nan), .any_snan(any_snan), .r(nan_r));

    function automatic logic [5:0] lzc53(input logic [MW:0] x);
        logic [5:0] cnt;
        logic f;
        cnt = 6'd53;
        f = 1'b0;
        for (int i = MW; i >= 0; i--) begin
            if (!f && x[i]) begin
                cnt = 6'(MW - i);
                f = 1'b1;
            end
        end
        lzc53 = cnt;
    endfunction

    // ------------------------------------- special operands, set-up
    logic [5:0]           la, lb;
    logic [MW:0]          man, mbn;        // normalized significands
    logic signed [XW-1:0] ean, ebn;        // their biased exponents
    logic signed [XW-1:0] e_sq, e_rs, e_rse, x0;
    logic                 s0;
    logic                 spec, s_inv, s_dz, den_any, nan_any, dexc0;
    logic [W-1:0]         s_res;
    logic [AW-1:0]        acc0;
    logic [RDW-1:0]       rad0;
    logic [MW+1:0]        m0;              // DIV divisor / RSQ m
    always_comb begin
        la   = lzc53(ma);
        lb   = lzc53(mb);
        man  = ma << la;
        mbn  = mb << lb;
        ean  = $signed({{(XW-EW){1'b0}}, ea}) - $signed({{(XW-6){1'b0}}, la});
        ebn  = $signed({{(XW-EW){1'b0}}, eb}) - $signed({{(XW-6){1'b0}}, lb});
        e_sq = ean - XW'(BIAS);              // unbiased exponent of man's top bit
        e_rs = e_sq - XW'(MW);               // a = man * 2^e_rs
        e_rse = e_rs - XW'({{(XW-1){1'b0}}, e_rs[0]});

        spec  = 1'b1;
        s_inv = 1'b0;
        s_dz  = 1'b0;
        s_res = '0;
        s0    = 1'b0;
        x0    = '0;
        acc0  = '0;
        rad0  = '0;
        m0    = '0;
        case (op)
            OP_SQRT: begin
                if (any_nan) begin
                    s_res = nan_r;
                    s_inv = any_snan;
                end else if (za) begin
                    s_res = {sa, {(W-1){1'b0}}};
                end else if (sa) begin
                    s_res = dnan;
                    s_inv = 1'b1;
                end else if (ia) begin
                    s_res = {1'b0, {EW{1'b1}}, {MW{1'b0}}};
                end else begin
                    spec = 1'b0;
                end
                x0   = (e_sq >>> 1) + XW'(BIAS);
                rad0 = e_sq[0] ? {man, 59'd0} : {1'b0, man, 58'd0};
            end
            OP_RSQ: begin
                if (any_nan) begin
                    s_res = nan_r;
                    s_inv = any_snan;
                end else if (za) begin
                    s_res = {sa, {EW{1'b1}}, {MW{1'b0}}};
                    s_dz  = 1'b1;
                end else if (sa) begin
                    s_res = dnan;
                    s_inv = 1'b1;
                end else if (ia) begin
                    s_res = '0;
                end else begin
                    spec = 1'b0;
                end
                x0   = XW'(BIAS - 26) - (e_rse >>> 1);
                acc0 = AW'(1) << 50;
                m0   = e_rs[0] ? {man, 1'b0} : {1'b0, man};
            end
            default: begin                   // DIV, RCP
                s0 = sa ^ sb;
                if (any_nan) begin
                    s_res = nan_r;
                    s_inv = any_snan;
                end else if (ia) begin
                    if (ib) begin
                        s_res = dnan;
                        s_inv = 1'b1;
                    end else begin
                        s_res = {s0, {EW{1'b1}}, {MW{1'b0}}};
                    end
                end else if (ib) begin
                    s_res = {s0, {(W-1){1'b0}}};
                end else if (zb) begin
                    if (za) begin
                        s_res = dnan;
                        s_inv = 1'b1;
                    end else begin
                        s_res = {s0, {EW{1'b1}}, {MW{1'b0}}};
                        s_dz  = 1'b1;
                    end
                end else if (za) begin
                    s_res = {s0, {(W-1){1'b0}}};
                end else begin
                    spec = 1'b0;
                end
                x0   = ean - ebn + XW'(BIAS);
                acc0 = AW'(man);
                m0   = {1'b0, mbn};
            end
        endcase
        den_any = da | (db & use_b);
        nan_any = na_raw | (nb_raw & use_b);
        dexc0   = dexc_always ? den_any : (den_any & ~daz & ~nan_any & ~s_inv & ~s_dz);
    end

    // ------------------------------------------------------------ state
    localparam logic [1:0] S_IDLE = 2'd0, S_RUN = 2'd1, S_FIN = 2'd2;
    logic [1:0]           st;
    logic [5:0]           cnt;
    logic [1:0]           op_r;
    logic                 spec_r, inv_r, dz_r, dexc_r, sign_r;
    logic [W-1:0]         sres_r;
    logic signed [XW-1:0] xexp_r;
    logic [QW-1:0]        q;
    logic [AW-1:0]        acc;
    logic [RDW-1:0]       rad;
    logic [110:0]         qm;
    logic [MW+1:0]        mreg;
    logic [2:0]           rm_r;
    logic                 ftz_r, tiny_r, ovf_r, naninf_r, clamp_r, cnk_r, cnzk_r;

    // one recurrence step
    logic [AW-1:0]        t, d, nacc;
    logic                 ge;
    always_comb begin
        case (op_r)
            OP_SQRT: begin
                t = {acc[AW-3:0], rad[RDW-1 -: 2]};
                d = AW'({q, 2'b01});
            end
            OP_RSQ: begin
                t = {acc[AW-3:0], 2'b00};
                d = AW'({qm, 2'b00}) + AW'(mreg);
            end
            default: begin
                t = acc;
                d = AW'(mreg);
            end
        endcase
        ge   = (t >= d);
        nacc = ge ? t - d : t;
        if (op_r == OP_DIV || op_r == OP_RCP) nacc = {nacc[AW-2:0], 1'b0};
    end

    // rounding and the result stage
    logic [W-1:0]  rnd, res, fin;
    logic          of, uf, nx, fl;
    fp_round #(.EW(EW), .MW(MW), .SW(QW), .XW(XW)) u_rnd (
        .sign(sign_r), .exp(xexp_r), .sig(q), .sticky(acc != '0), .rm(rm_r), .ovf_sat(ovf_r),
        .ftz(ftz_r), .tiny_after(tiny_r), .res(rnd), .of(of), .uf(uf), .nx(nx), .flushed(fl));
    assign res = spec_r ? sres_r : rnd;
    fp_clamp #(.EW(EW), .MW(MW)) u_clamp (
        .x(res), .nan_inf(naninf_r), .clamp(clamp_r), .clamp_nan_keep(cnk_r),
        .clamp_negzero_keep(cnzk_r), .r(fin));

    assign busy = (st != S_IDLE);

    always_ff @(posedge clk or negedge rst_n) begin
        if (!rst_n) begin
            st       <= S_IDLE;
            done     <= 1'b0;
            r        <= '0;
            exc      <= '0;
            cnt      <= '0;
            op_r     <= '0;
            spec_r   <= 1'b0;
            inv_r    <= 1'b0;
            dz_r     <= 1'b0;
            dexc_r   <= 1'b0;
            sign_r   <= 1'b0;
            sres_r   <= '0;
            xexp_r   <= '0;
            q        <= '0;
            acc      <= '0;
            rad      <= '0;
            qm       <= '0;
            mreg     <= '0;
            rm_r     <= '0;
            ftz_r    <= 1'b0;
            tiny_r   <= 1'b0;
            ovf_r    <= 1'b0;
            naninf_r <= 1'b0;
            clamp_r  <= 1'b0;
            cnk_r    <= 1'b0;
            cnzk_r   <= 1'b0;
        end else begin
            done <= 1'b0;
            case (st)
                S_IDLE: if (start) begin
                    op_r     <= op;
                    spec_r   <= spec;
                    inv_r    <= s_inv;
                    dz_r     <= s_dz;
                    dexc_r   <= dexc0;
                    sign_r   <= s0;
                    sres_r   <= s_res;
                    xexp_r   <= x0;
                    q        <= '0;
                    acc      <= acc0;
                    rad      <= rad0;
                    qm       <= '0;
                    mreg     <= m0;
                    rm_r     <= rm;
                    ftz_r    <= ftz;
                    tiny_r   <= tiny_after;
                    ovf_r    <= ovf_sat;
                    naninf_r <= nan_inf;
                    clamp_r  <= clamp;
                    cnk_r    <= clamp_nan_keep;
                    cnzk_r   <= clamp_negzero_keep;
                    cnt      <= 6'(QW - 1);
                    st       <= spec ? S_FIN : S_RUN;
                end
                S_RUN: begin
                    q   <= {q[QW-2:0], ge};
                    acc <= nacc;
                    rad <= {rad[RDW-3:0], 2'b00};
                    qm  <= {qm[109:0], 1'b0} + (ge ? 111'(mreg) : '0);
                    cnt <= cnt - 6'd1;
                    if (cnt == '0) st <= S_FIN;
                end
                default: begin               // S_FIN
                    r    <= fin;
                    exc  <= {dexc_r, spec_r ? 3'b000 : {nx, uf, of}, dz_r, inv_r};
                    done <= 1'b1;
                    st   <= S_IDLE;
                end
            endcase
        end
    end

    logic unused_ok;
    assign unused_ok = ^{na, nb, qa_s, qb_s, fl, sb & 1'b0};
endmodule
