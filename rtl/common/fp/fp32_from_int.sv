// fp32_from_int - int32 / uint32 -> binary32 (model/fp fp_from_int, FP_I32 /
// FP_U32 to FP_F32).
//
//   is_signed     1: a is int32, 0: uint32
//   rm[2:0]       0 RNE, 1 RTZ, 2 RUP, 3 RDN, 4 RNA (FP_F_RND or round[f32])
//   clamp         FP_F_CLAMP (the result is clamped to [0, 1])
// 0 gives +0.  Only inexact can be raised.
//
// Combinational.
module fp32_from_int (
    input  logic [31:0] a,
    input  logic        is_signed,
    input  logic [2:0]  rm,
    input  logic        clamp,
    output logic [31:0] r,
    output logic [5:0]  exc
);
    logic        s;
    logic [31:0] mag;
    assign s   = is_signed & a[31];
    assign mag = s ? (32'd0 - a) : a;

    logic [31:0] rnd;
    logic        of, uf, nx, fl;
    fp_round #(.EW(8), .MW(23), .SW(32), .XW(12)) u_rnd (
        .sign(s), .exp(12'sd158), .sig(mag), .sticky(1'b0), .rm(rm), .ovf_sat(1'b0),
        .ftz(1'b0), .tiny_after(1'b0), .res(rnd), .of(of), .uf(uf), .nx(nx), .flushed(fl));

    fp_clamp #(.EW(8), .MW(23)) u_clamp (
        .x(rnd), .nan_inf(1'b0), .clamp(clamp), .clamp_nan_keep(1'b0),
        .clamp_negzero_keep(1'b0), .r(r));

    assign exc = {1'b0, nx, 4'b0000};

    logic unused_ok;
    assign unused_ok = ^{of, uf, fl};
endmodule
