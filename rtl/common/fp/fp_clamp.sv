// fp_clamp - the result post-processing shared by the arithmetic units:
// knob nan_inf (a NaN result is written as the infinity of its sign) and the
// per-instruction clamp to [0, 1] (knobs clamp_nan, clamp_negzero).
//
// clamp = 1: NaN -> +0 (clamp_nan_keep = 0) or unchanged; -0 -> +0
// (clamp_negzero_keep = 0) or unchanged; x < 0 -> +0; x > 1 -> 1.0.
//
// Combinational.
module fp_clamp #(
    parameter int EW = 8,
    parameter int MW = 23,
    localparam int W = EW + MW + 1
) (
    input  logic [W-1:0] x,
    input  logic         nan_inf,
    input  logic         clamp,
    input  logic         clamp_nan_keep,
    input  logic         clamp_negzero_keep,
    output logic [W-1:0] r
);
    localparam logic [W-1:0] ONE = {2'b00, {(EW-1){1'b1}}, {MW{1'b0}}};
    logic is_nan;

    always_comb begin
        r      = x;
        is_nan = (x[W-2 -: EW] == {EW{1'b1}}) && (x[MW-1:0] != '0);
        if (is_nan && nan_inf) begin
            r      = {x[W-1], {EW{1'b1}}, {MW{1'b0}}};
            is_nan = 1'b0;
        end
        if (clamp) begin
            if (is_nan) begin
                if (!clamp_nan_keep) r = '0;
            end else if (r[W-1]) begin
                if (r[W-2:0] != '0 || !clamp_negzero_keep) r = '0;
            end else if (r[W-2:0] > ONE[W-2:0]) begin
                r = ONE;
            end
        end
    end
endmodule
