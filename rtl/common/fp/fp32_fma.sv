// fp32_fma - binary32 a * b + c with one rounding: fp_fma at EW 8, MW 23
// (76-bit alignment window; ports and knobs described there and in fp_mul,
// dnan[31:0] = default_nan[f32]).
module fp32_fma (
    input  logic [31:0] a, b, c, dnan,
    input  logic        daz, ftz, tiny_after, ovf_sat, nan_keep, nan_inf, dexc_always,
    input  logic        zero_wins, zw_sign_xor, zw_pass_c, clamp, clamp_nan_keep, clamp_negzero_keep,
    input  logic [2:0]  rm,
    input  logic [1:0]  nan_prop, fma_nan,
    output logic [31:0] r,
    output logic [5:0]  exc
);
    fp_fma #(.EW(8), .MW(23)) u_fma (.*);
endmodule
