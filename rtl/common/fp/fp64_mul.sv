// fp64_mul - binary64 a * b: fp_mul at EW 11, MW 52 (ports and knobs
// described there and in fp_add, dnan[63:0] = default_nan[f64]).
module fp64_mul (
    input  logic [63:0] a, b, dnan,
    input  logic        daz, ftz, tiny_after, ovf_sat, nan_keep, nan_inf, dexc_always,
    input  logic        zero_wins, zw_sign_xor, clamp, clamp_nan_keep, clamp_negzero_keep,
    input  logic [2:0]  rm,
    input  logic [1:0]  nan_prop,
    output logic [63:0] r,
    output logic [5:0]  exc
);
    fp_mul #(.EW(11), .MW(52)) u_mul (.*);
endmodule
