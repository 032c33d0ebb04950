// fp32_to_fp16 - binary32 -> binary16 (model/fp fp_convert(FP_F16, FP_F32)): fp_narrow
// from EW 8, MW 23 to EW 5, MW 10 (ports and knobs described there,
// dnan[15:0] = default_nan[f16]).
module fp32_to_fp16 (
    input  logic [31:0] a,
    input  logic        daz, ftz, tiny_after, ovf_sat, nan_keep, nan_inf, dexc_always,
    input  logic        clamp, clamp_nan_keep, clamp_negzero_keep,
    input  logic [2:0]  rm,
    input  logic [1:0]  nan_prop,
    input  logic [15:0] dnan,
    output logic [15:0] r,
    output logic [5:0]  exc
);
    fp_narrow #(.SEW(8), .SMW(23), .DEW(5), .DMW(10)) u_cvt (.*);
endmodule
