// fp32_cmp - binary32 compare: fp_cmp at EW 8, MW 23 (ports described there).
module fp32_cmp (
    input  logic [31:0] a, b,
    input  logic [3:0]  pred,
    input  logic        signaling, daz, nan_inf, dexc_always, zero_negless,
    output logic        res,
    output logic [1:0]  rel,
    output logic [5:0]  exc
);
    fp_cmp #(.EW(8), .MW(23)) u_cmp (.*);
endmodule
