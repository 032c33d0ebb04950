// fp64_to_fp32 - binary64 -> binary32 (model/fp fp_convert(FP_F32, FP_F64)): fp_narrow
// from EW 11, MW 52 to EW 8, MW 23 (ports and knobs described there,
// dnan[31:0] = default_nan[f32]).
module fp64_to_fp32 (
    input  logic [63:0] a,
    input  logic        daz, ftz, tiny_after, ovf_sat, nan_keep, nan_inf, dexc_always,
    input  logic        clamp, clamp_nan_keep, clamp_negzero_keep,
    input  logic [2:0]  rm,
    input  logic [1:0]  nan_prop,
    input  logic [31:0] dnan,
    output logic [31:0] r,
    output logic [5:0]  exc
);
    fp_narrow #(.SEW(11), .SMW(52), .DEW(8), .DMW(23)) u_cvt (.*);
endmodule
