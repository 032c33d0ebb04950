// fp32_to_int - binary32 -> int32 / uint32 (model/fp fp_to_int, FP_I32 /
// FP_U32).
//
//   is_signed     1: int32, 0: uint32
//   rm[2:0]       0 RNE, 1 RTZ, 2 RUP, 3 RDN, 4 RNA (FP_F_RND or round[f32])
//   daz, nan_inf, dexc_always   as in fp32_add
//   int_nan[1:0]  knob int_nan: 0 ZERO, 1 MIN, 2 MAX (NaN result; invalid)
//   int_wrap      knob int_ovf = WRAP: an out-of-range value gives the low
//                 32 bits of the rounded integer (0 beyond 2^127); else the
//                 result saturates to the integer range (invalid either way)
// Infinities saturate (invalid).  Inexact only for in-range results.
//
// Combinational.
module fp32_to_int (
    input  logic [31:0] a,
    input  logic        is_signed,
    input  logic [2:0]  rm,
    input  logic        daz,
    input  logic        nan_inf,
    input  logic        dexc_always,
    input  logic [1:0]  int_nan,
    input  logic        int_wrap,
    output logic [31:0] r,
    output logic [5:0]  exc
);
    logic [31:0] xa;
    logic        sa, za, ia, na, qa_s, da;
    logic [7:0]  ea;
    logic [23:0] ma;

    logic        na_raw;
    fp_unpack #(.EW(8), .MW(23)) u_ua (
        .raw(a), .daz(daz), .nan_inf(nan_inf), .x(xa), .sign(sa), .exp(ea), .sig(ma),
        .is_zero(za), .is_inf(ia), .is_nan(na), .is_snan(qa_s), .den(da), .nan_raw(na_raw));

    function automatic logic [31:0] limit(input logic sgn, input logic want_max);
        if (!sgn) limit = want_max ? 32'hffff_ffff : 32'h0000_0000;
        else      limit = want_max ? 32'h7fff_ffff : 32'h8000_0000;
    endfunction

    logic signed [9:0] e;        // unbiased exponent of ma[23] (denormals: -126)
    logic [7:0]  shl;
    logic [4:0]  sh;
    logic [49:0] ext;
    logic [23:0] k;
    logic        g, st, inc, inexact, huge;
    logic [63:0] mw;             // the rounded integer magnitude (huge: unused)
    logic [32:0] lim;
    logic        in_range;
    logic [31:0] lo, res;
    logic        inv, dexc;

    always_comb begin
        e    = $signed({2'b00, ea}) - 10'sd127;
        shl  = 8'd0;
        sh   = 5'd0;
        ext  = '0;
        k    = '0;
        g    = 1'b0;
        st   = 1'b0;
        huge = 1'b0;
        if (e >= 10'sd127) begin
            huge = 1'b1;
        end else if (e >= 10'sd23) begin
            shl = 8'(e - 10'sd23);                       // 0..103
        end else if (e >= -10'sd2) begin
            sh  = 5'(10'sd23 - e);                       // 1..25
            ext = {ma, 26'b0} >> sh;
            k   = ext[49:26];
            g   = ext[25];
            st  = |ext[24:0];
        end else begin
            st  = 1'b1;                                  // 0 < |x| < 1/4
        end
        case (rm)
            3'd1:    inc = 1'b0;
            3'd2:    inc = (g | st) & ~sa;
            3'd3:    inc = (g | st) & sa;
            3'd4:    inc = g;
            default: inc = g & (st | k[0]);
        endcase
        inexact = g | st;
        if (e >= 10'sd23) mw = (shl > 8'd40) ? 64'd0 : ({40'd0, ma} << shl);
        else              mw = {40'd0, k} + {63'd0, inc};
        lim = sa ? (is_signed ? 33'h0_8000_0000 : 33'h0)
                 : (is_signed ? 33'h0_7fff_ffff : 33'h0_ffff_ffff);
        in_range = !huge && !(e >= 10'sd23 && shl > 8'd40) && (mw <= {31'd0, lim});
        lo = (huge || (e >= 10'sd23 && shl >= 8'd32)) ? 32'd0 : mw[31:0];
        if (sa) lo = 32'd0 - lo;

        inv = 1'b0;
        if (na) begin
            inv = 1'b1;
            case (int_nan)
                2'd0:    res = 32'd0;
                2'd1:    res = limit(is_signed, 1'b0);
                default: res = limit(is_signed, 1'b1);
            endcase
        end else if (ia) begin
            inv = 1'b1;
            res = limit(is_signed, ~sa);
        end else if (za) begin
            res = 32'd0;
        end else if (in_range) begin
            res = lo;
        end else begin
            inv = 1'b1;
            res = int_wrap ? lo : limit(is_signed, ~sa);
        end
        dexc = dexc_always ? da : (da & ~daz & ~na_raw & ~inv);
        exc  = {dexc, (inexact & in_range & !na & !ia & !za), 3'b000, inv};
    end

    assign r = res;

    logic unused_ok;
    assign unused_ok = ^{xa, qa_s};
endmodule
