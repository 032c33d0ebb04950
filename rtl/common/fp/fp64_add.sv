// fp64_add - binary64 a + b, or a - b with sub = 1: fp_add at EW 11, MW 52
// (ports and knobs described there, dnan[63:0] = default_nan[f64]).
module fp64_add (
    input  logic [63:0] a, b, dnan,
    input  logic        sub, daz, ftz, tiny_after, ovf_sat, nan_keep, nan_inf, dexc_always,
    input  logic        clamp, clamp_nan_keep, clamp_negzero_keep,
    input  logic [2:0]  rm,
    input  logic [1:0]  nan_prop,
    output logic [63:0] r,
    output logic [5:0]  exc
);
    fp_add #(.EW(11), .MW(52)) u_add (.*);
endmodule
