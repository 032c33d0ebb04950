// fp_order - order two non-NaN operands (as read, after input flush).
// negzero_less = 1: -0 < +0; otherwise the zeros are equal.
// Exactly one of lt, eq, gt is set (for NaN operands the outputs are
// meaningless; the caller tests for NaN first).
//
// Combinational.
module fp_order #(
    parameter int W = 32
) (
    input  logic [W-1:0] x,
    input  logic [W-1:0] y,
    input  logic         negzero_less,
    output logic         lt,
    output logic         eq,
    output logic         gt
);
    logic sx, sy, both_zero;
    logic [W-2:0] mx, my;

    always_comb begin
        sx = x[W-1];
        sy = y[W-1];
        mx = x[W-2:0];
        my = y[W-2:0];
        both_zero = (mx == '0) && (my == '0);
        if (both_zero) begin
            lt = negzero_less && sx && !sy;
            gt = negzero_less && !sx && sy;
        end else if (sx != sy) begin
            lt = sx;
            gt = sy;
        end else begin
            lt = sx ? (mx > my) : (mx < my);
            gt = sx ? (mx < my) : (mx > my);
        end
        eq = !lt && !gt;
    end
endmodule
