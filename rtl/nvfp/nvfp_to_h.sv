// nvfp_to_h.sv - an fp32 value rounded to fp16 under the nvfp policy
// (model/fp/policy_isa.c): fp32_to_fp16 of rtl/common/fp with RNE, denormals
// flushed in and out, tininess after rounding, IEEE overflow, NaN read as Inf
// (so none reaches the output; the default NaN 0x7e00 is never produced).
// The one place the lane's five conversions take their policy from.
// Combinational.
module nvfp_to_h (
    input  logic [31:0] a,
    output logic [15:0] r
);
  logic [5:0] exc;
  fp32_to_fp16 u_cvt (.a(a), .daz(1'b1), .rm(3'd0), .ftz(1'b1), .tiny_after(1'b1), .ovf_sat(1'b0),
                      .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b1), .dnan(16'h7e00), .dexc_always(1'b0),
                      .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r), .exc(exc));
  logic unused_exc;
  assign unused_exc = ^exc;     // the nvfp model raises no float exceptions
endmodule
