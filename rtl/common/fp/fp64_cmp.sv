// fp64_cmp - binary64 compare: fp_cmp at EW 11, MW 52 (ports described there).
module fp64_cmp (
    input  logic [63:0] a, b,
    input  logic [3:0]  pred,
    input  logic        signaling, daz, nan_inf, dexc_always, zero_negless,
    output logic        res,
    output logic [1:0]  rel,
    output logic [5:0]  exc
);
    fp_cmp #(.EW(11), .MW(52)) u_cmp (.*);
endmodule
