// fp_nan_sel - the NaN result of an operation with NaN operands.
//
// Up to three operands x0, x1, x2 in operand order; use[i] = 0 leaves one out.
// nan_prop (knob nan_prop): 0 = the first NaN operand, 1 = the first
// signaling NaN, else the first quiet NaN, 2 = always the default NaN.
// nan_keep (knob nan_quiet = KEEP) keeps a propagated NaN as it is; otherwise
// its quiet bit is set.
//
// Combinational.
module fp_nan_sel #(
    parameter int EW = 8,
    parameter int MW = 23,
    localparam int W = EW + MW + 1
) (
    input  logic [W-1:0] x0,
    input  logic [W-1:0] x1,
    input  logic [W-1:0] x2,
    input  logic [2:0]   use_op,
    input  logic [1:0]   nan_prop,
    input  logic         nan_keep,
    input  logic [W-1:0] dnan,
    output logic         any_nan,
    output logic         any_snan,
    output logic [W-1:0] r
);
    logic [2:0]   n, s;
    logic [W-1:0] pick;

    always_comb begin
        n[0] = use_op[0] && (x0[W-2 -: EW] == {EW{1'b1}}) && (x0[MW-1:0] != '0);
        n[1] = use_op[1] && (x1[W-2 -: EW] == {EW{1'b1}}) && (x1[MW-1:0] != '0);
        n[2] = use_op[2] && (x2[W-2 -: EW] == {EW{1'b1}}) && (x2[MW-1:0] != '0);
        s[0] = n[0] & ~x0[MW-1];
        s[1] = n[1] & ~x1[MW-1];
        s[2] = n[2] & ~x2[MW-1];
        any_nan  = |n;
        any_snan = |s;

        if (nan_prop == 2'd1 && any_snan)
            pick = s[0] ? x0 : (s[1] ? x1 : x2);
        else
            pick = n[0] ? x0 : (n[1] ? x1 : x2);
        if (!nan_keep) pick[MW-1] = 1'b1;
        r = (nan_prop == 2'd2) ? dnan : pick;
    end
endmodule
