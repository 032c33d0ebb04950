// fp32_mul - binary32 a * b: fp_mul at EW 8, MW 23 (ports and knobs
// described there and in fp_add, dnan[31:0] = default_nan[f32]).
module fp32_mul (
    input  logic [31:0] a, b, dnan,
    input  logic        daz, ftz, tiny_after, ovf_sat, nan_keep, nan_inf, dexc_always,
    input  logic        zero_wins, zw_sign_xor, clamp, clamp_nan_keep, clamp_negzero_keep,
    input  logic [2:0]  rm,
    input  logic [1:0]  nan_prop,
    output logic [31:0] r,
    output logic [5:0]  exc
);
    fp_mul #(.EW(8), .MW(23)) u_mul (.*);
endmodule
