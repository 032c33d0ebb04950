// fp32_trans - the binary32 transcendentals, correctly rounded, multi-cycle,
// SIN/COS in turns (sin(2 pi x)), rounded to nearest even: fp32_trans_core
// with rad = 0 and rm = 0 (the ops, knobs, handshake and algorithms are
// described there).
module fp32_trans (
    input  logic        clk, rst_n, start,
    input  logic [2:0]  op,
    input  logic [31:0] a, dnan,
    input  logic        daz, ftz, tiny_after, nan_keep,
    input  logic [1:0]  nan_prop,
    output logic        busy, done,
    output logic [31:0] r
);
    fp32_trans_core u_core (.rad(1'b0), .rm(3'd0), .*);
endmodule
