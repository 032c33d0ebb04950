// fp_unpack - classify one operand and apply the input denormal flush.
//
// daz = 1 replaces a denormal operand by a zero of the same sign (knob
// denorm_in = FLUSH); nan_inf = 1 reads a NaN operand as the infinity of its
// sign (knob nan_inf = ON).  "x" is the operand as the operation sees it
// after both; the class outputs describe x, except "den" and "nan_raw", which
// say that the raw operand is a denormal / a NaN (for the denormal exception's
// precedence rule).  A signaling NaN read as infinity raises nothing (model/fp
// fp__input).
// exp is the biased exponent with denormals (and zeros) at 1, sig the
// significand with the hidden bit.
//
// Combinational.
module fp_unpack #(
    parameter int EW = 8,
    parameter int MW = 23,
    localparam int W = EW + MW + 1
) (
    input  logic [W-1:0]  raw,
    input  logic          daz,
    input  logic          nan_inf,
    output logic [W-1:0]  x,
    output logic          sign,
    output logic [EW-1:0] exp,
    output logic [MW:0]   sig,
    output logic          is_zero,
    output logic          is_inf,
    output logic          is_nan,
    output logic          is_snan,
    output logic          den,       // raw operand is a denormal
    output logic          nan_raw    // raw operand is a NaN
);
    logic e_max, e_zero, f_zero, nan_r;

    always_comb begin
        e_max    = (raw[W-2 -: EW] == {EW{1'b1}});
        e_zero   = (raw[W-2 -: EW] == {EW{1'b0}});
        f_zero   = (raw[MW-1:0] == {MW{1'b0}});
        nan_r    = e_max & ~f_zero;
        den      = e_zero & ~f_zero;
        nan_raw  = nan_r;

        x = raw;
        if (den && daz)      x = {raw[W-1], {(W-1){1'b0}}};
        if (nan_r && nan_inf) x = {raw[W-1], {EW{1'b1}}, {MW{1'b0}}};

        sign    = x[W-1];
        is_zero = (x[W-2:0] == {(W-1){1'b0}});
        is_inf  = (x[W-2 -: EW] == {EW{1'b1}}) && (x[MW-1:0] == {MW{1'b0}});
        is_nan  = (x[W-2 -: EW] == {EW{1'b1}}) && (x[MW-1:0] != {MW{1'b0}});
        is_snan = is_nan & ~x[MW-1];
        if (x[W-2 -: EW] == {EW{1'b0}}) begin
            exp = {{(EW-1){1'b0}}, 1'b1};
            sig = {1'b0, x[MW-1:0]};
        end else begin
            exp = x[W-2 -: EW];
            sig = {1'b1, x[MW-1:0]};
        end
    end
endmodule
