// usc_f64.sv - F64MUL, F64ADD and F64BYP of one instance (model/usc/
// usc_exec_float.c usc_x_f64, model D32, rtl R16): IEEE binary64 of the usc
// policy (nearest even, denormals kept, tininess after rounding, every NaN
// result the default 0x7ff8000000000000) on rtl/common/fp/fp64_mul and
// fp64_add; F64BYP moves the bits.  The lane hands the operands as the
// form's register pairs {high, low}.  Combinational.
module usc_f64 (
    input  logic [1:0]  sel,    // 0 F64BYP (a), 1 F64MUL (a * b), 2 F64ADD (a + b)
    input  logic [63:0] a,
    input  logic [63:0] b,
    output logic [63:0] r
);
  localparam logic [63:0] D_DNAN = 64'h7ff8000000000000;
  logic [63:0] mr, ar;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [5:0]  mx, ax;          // no exception state in the USC
  /* verilator lint_on UNUSEDSIGNAL */
  fp64_mul u_mul (.a(a), .b(b), .dnan(D_DNAN), .daz(1'b0), .ftz(1'b0), .tiny_after(1'b1), .ovf_sat(1'b0),
    .nan_keep(1'b0), .nan_inf(1'b0), .dexc_always(1'b0), .zero_wins(1'b0), .zw_sign_xor(1'b0), .clamp(1'b0),
    .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0), .rm(3'd0), .nan_prop(2'd2), .r(mr), .exc(mx));
  fp64_add u_add (.a(a), .b(b), .dnan(D_DNAN), .sub(1'b0), .daz(1'b0), .ftz(1'b0), .tiny_after(1'b1),
    .ovf_sat(1'b0), .nan_keep(1'b0), .nan_inf(1'b0), .dexc_always(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0),
    .clamp_negzero_keep(1'b0), .rm(3'd0), .nan_prop(2'd2), .r(ar), .exc(ax));
  assign r = sel == 2'd1 ? mr : sel == 2'd2 ? ar : a;
endmodule
