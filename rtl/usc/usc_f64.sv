// usc_f64.sv - F64MUL, F64ADD, F64MAD and F64BYP of one instance (model/usc/
// usc_exec_float.c usc_x_f64, model D32, rtl R16): IEEE binary64 of the usc
// policy (nearest even, denormals kept, tininess after rounding, every NaN
// result the default 0x7ff8000000000000) on rtl/common/fp/fp64_mul, fp64_add
// and fp64_fma; F64BYP moves the bits.  F64MAD: one rounding on fp64_fma
// (knob fmad_fused=1), or two (fmad_fused=0: the product rounded by fp64_mul,
// then fp64_add adds c, the model's fp_mad).  The lane hands the operands as
// the form's register pairs {high, low}.  Combinational.
module usc_f64 (
    input  logic [1:0]  sel,    // 0 F64BYP (a), 1 F64MUL (a * b), 2 F64ADD (a + b), 3 F64MAD (a * b + c)
    input  logic        fused,  // F64MAD with one rounding (knob fmad_fused)
    input  logic [63:0] a,
    input  logic [63:0] b,
    input  logic [63:0] c,
    output logic [63:0] r
);
  localparam logic [63:0] D_DNAN = 64'h7ff8000000000000;
  logic [63:0] mr, ar, fr, aa, ab;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [5:0]  mx, ax, fx;      // no exception state in the USC
  /* verilator lint_on UNUSEDSIGNAL */
  // the adder: a + b, or for F64MAD with two roundings round(a * b) + c
  assign aa = sel == 2'd3 ? mr : a;
  assign ab = sel == 2'd3 ? c : b;
  fp64_mul u_mul (.a(a), .b(b), .dnan(D_DNAN), .daz(1'b0), .ftz(1'b0), .tiny_after(1'b1), .ovf_sat(1'b0),
    .nan_keep(1'b0), .nan_inf(1'b0), .dexc_always(1'b0), .zero_wins(1'b0), .zw_sign_xor(1'b0), .clamp(1'b0),
    .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .rm(3'd0), .nan_prop(2'd2), .r(mr), .exc(mx));
  fp64_add u_add (.a(aa), .b(ab), .dnan(D_DNAN), .sub(1'b0), .daz(1'b0), .ftz(1'b0), .tiny_after(1'b1),
    .ovf_sat(1'b0), .nan_keep(1'b0), .nan_inf(1'b0), .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0),
    .clamp_negzero_keep(1'b0), .rm(3'd0), .nan_prop(2'd2), .r(ar), .exc(ax));
  fp64_fma u_fma (.a(a), .b(b), .c(c), .dnan(D_DNAN), .daz(1'b0), .ftz(1'b0), .tiny_after(1'b1), .ovf_sat(1'b0),
    .nan_keep(1'b0), .nan_inf(1'b0), .dexc_always(1'b0), .zero_wins(1'b0), .zw_sign_xor(1'b0), .zw_pass_c(1'b0),
    .fma_nan(2'd0), .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .rm(3'd0), .nan_prop(2'd2),
    .r(fr), .exc(fx));
  assign r = sel == 2'd1 ? mr : sel == 2'd2 ? ar : sel == 2'd3 ? (fused ? fr : ar) : a;
endmodule
