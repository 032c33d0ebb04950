// fp_round - normalize, round and pack one binary floating-point result.
//
// The value presented is  (-1)^sign * 0.sig * 2^(exp - BIAS + 1)
// i.e. sig[SW-1] has the weight 2^(exp - BIAS) ("exp" is the biased exponent
// the result would have if sig[SW-1] were its leading one), plus "sticky",
// a flag saying that nonzero bits lie below sig[0].  sig need not be
// normalized: the leading-zero count is taken here.  The caller handles exact
// zero results (sig == 0 and sticky == 0) itself because the sign of an exact
// zero depends on the operation; for such an input this module returns a
// zero of the given sign with no flags.
//
// Rounding: rm = 0 nearest-even, 1 toward zero, 2 toward +inf, 3 toward -inf,
// 4 nearest-away (5..7 act as 0).
// Tininess: tiny_after = 1 detects tininess after rounding (the value rounded
// to MW+1 bits with an unbounded exponent is below the smallest normal),
// 0 before rounding (the exact value is below the smallest normal).
// Underflow = tiny and inexact.  With ftz = 1 a tiny result is replaced by
// a zero of the same sign and reported as underflow and inexact (flushed = 1).
// Overflow gives infinity or the largest finite value as the rounding mode
// says (ovf_sat = 1: always the largest finite value), with overflow and
// inexact.
//
// Combinational.  Synthesizable (Verilator -Wall, yosys 0.23).
module fp_round #(
    parameter int EW = 8,              // exponent field width of the result
    parameter int MW = 23,             // fraction field width of the result
    parameter int SW = 27,             // width of the significand presented
    parameter int XW = 12,             // width of the signed exponent presented
    localparam int LW = $clog2(SW + 1),
    localparam int RW = EW + MW + 1
) (
    input  logic                 sign,
    input  logic signed [XW-1:0] exp,
    input  logic [SW-1:0]        sig,
    input  logic                 sticky,
    input  logic [2:0]           rm,
    input  logic                 ovf_sat,
    input  logic                 ftz,
    input  logic                 tiny_after,
    output logic [RW-1:0]        res,
    output logic                 of,
    output logic                 uf,
    output logic                 nx,
    output logic                 flushed
);
    localparam logic signed [XW-1:0] EMAXB = XW'((1 << EW) - 1);  // all-ones field

    function automatic logic [LW-1:0] lzc(input logic [SW-1:0] x);
        logic [LW-1:0] cnt;
        logic f;
        cnt = LW'(SW);
        f = 1'b0;
        for (int i = SW - 1; i >= 0; i--) begin
            if (!f && x[i]) begin
                cnt = LW'(SW - 1 - i);
                f = 1'b1;
            end
        end
        lzc = cnt;
    endfunction

    // round-increment decision for one candidate
    function automatic logic rinc(input logic [2:0] m, input logic s, input logic lsb,
                                  input logic g, input logic stk);
        case (m)
            3'd1:    rinc = 1'b0;
            3'd2:    rinc = (g | stk) & ~s;
            3'd3:    rinc = (g | stk) & s;
            3'd4:    rinc = g;
            default: rinc = g & (stk | lsb);
        endcase
    endfunction

    logic [LW-1:0]        lz;
    logic [SW-1:0]        nsig;       // normalized: nsig[SW-1] = 1 unless sig == 0
    logic signed [XW-1:0] nexp;       // biased exponent of nsig[SW-1]
    logic signed [XW-1:0] rsh_s;
    logic [XW-1:0]        rsh;        // right shift into the subnormal range
    logic [SW-1:0]        dsig;       // denormalized
    logic                 dlost;      // bits shifted out by the denormalization
    logic                 is_zero;
    logic                 sub;        // nexp < 1
    logic [MW-1:0]        kept;       // fraction bits (the hidden bit is implied)
    logic                 g, st, inc;
    logic [EW+MW-1:0]     packed_in;
    logic [EW+MW-1:0]     packed_r;   // {254,1..1}+1 = {255,0}: no carry out
    logic                 ovf;
    // tininess after rounding: round the normalized significand, unbounded exponent
    logic                 ng, nst, ninc, ncarry;
    logic                 tiny_b, tiny_a, tiny;
    logic [RW-1:0]        ovf_val;
    logic                 ovf_to_inf;

    always_comb begin
        is_zero = (sig == '0);
        lz      = lzc(sig);
        nsig    = sig << lz;
        nexp    = exp - XW'($signed({1'b0, lz}));
        sub     = (nexp < XW'(1));
        rsh_s   = XW'(1) - nexp;
        rsh     = sub ? $unsigned(rsh_s) : '0;
        if (rsh > XW'(SW)) rsh = XW'(SW);
        dsig    = nsig >> rsh;
        dlost   = |(nsig & ~({SW{1'b1}} << rsh));

        kept    = dsig[SW-2 -: MW];
        g       = dsig[SW-2-MW];
        st      = |dsig[SW-3-MW:0] | sticky | dlost;
        inc     = rinc(rm, sign, kept[0], g, st);

        packed_in = {(sub ? {EW{1'b0}} : nexp[EW-1:0]), kept};
        packed_r  = packed_in + {{(EW+MW-1){1'b0}}, inc};

        ng      = nsig[SW-2-MW];
        nst     = |nsig[SW-3-MW:0] | sticky;
        ninc    = rinc(rm, sign, nsig[SW-1-MW], ng, nst);
        ncarry  = (&nsig[SW-1 -: MW+1]) & ninc;
        tiny_b  = sub;
        tiny_a  = sub && !(nexp == XW'(0) && ncarry);
        tiny    = tiny_after ? tiny_a : tiny_b;

        ovf     = (nexp >= EMAXB) || (packed_r[EW+MW-1 -: EW] == {EW{1'b1}});

        case (rm)
            3'd1:    ovf_to_inf = 1'b0;
            3'd2:    ovf_to_inf = ~sign;
            3'd3:    ovf_to_inf = sign;
            default: ovf_to_inf = 1'b1;
        endcase
        if (ovf_sat) ovf_to_inf = 1'b0;
        ovf_val = ovf_to_inf ? {sign, {EW{1'b1}}, {MW{1'b0}}}
                             : {sign, {(EW-1){1'b1}}, 1'b0, {MW{1'b1}}};

        res     = {sign, packed_r[EW+MW-1:0]};
        of      = 1'b0;
        uf      = 1'b0;
        nx      = g | st;
        flushed = 1'b0;
        if (is_zero && !sticky) begin
            res = {sign, {(EW+MW){1'b0}}};
            nx  = 1'b0;
        end else if (ovf) begin
            res = ovf_val;
            of  = 1'b1;
            nx  = 1'b1;
        end else if (tiny && ftz) begin
            res     = {sign, {(EW+MW){1'b0}}};
            uf      = 1'b1;
            nx      = 1'b1;
            flushed = 1'b1;
        end else begin
            uf = tiny & nx;
        end
    end
endmodule
