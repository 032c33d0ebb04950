// usc_hadd.sv - a +- b in binary16 of the usc policy (rtl/common/fp/fp_add at EW 5, MW 10),
// for F16SOP (usc_sop.sv).  Its own module: Verilator 5.006 -Wall reports a
// VARHIDDEN inside fp_round when usc_sop holds the fp_add instances itself.
// Combinational.
module usc_hadd (
    input  logic [15:0] a,
    input  logic [15:0] b,
    input  logic        sub,
    output logic [15:0] r
);
  /* verilator lint_off UNUSEDSIGNAL */
  logic [5:0] exc;                    // no exception state in the USC
  /* verilator lint_on UNUSEDSIGNAL */
  fp_add #(.EW(5), .MW(10)) u_add (.a(a), .b(b), .sub(sub), .rm(3'd0), .daz(1'b0), .ftz(1'b0),
    .tiny_after(1'b1), .ovf_sat(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(16'h7e00),
    .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .r(r), .exc(exc));
endmodule
