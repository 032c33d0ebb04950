// fp64_to_fp32 - binary64 -> binary32 (model/fp fp_convert(FP_F32, FP_F64)).
//
//   daz           denorm_in[f64]  = FLUSH
//   rm[2:0]       round[f32] (or FP_F_RND): 0 RNE, 1 RTZ, 2 RUP, 3 RDN, 4 RNA
//   ftz           denorm_out[f32] = FLUSH
//   ovf_sat       overflow[f32]   = SAT (finite overflow gives +-MAX_FLOAT)
//   tiny_after, nan_prop, nan_keep, nan_inf, dexc_always, clamp*   as in fp32_add
//   dnan[31:0]    default_nan[f32]
// A NaN keeps the top 23 payload bits, quieted unless nan_keep; a payload
// truncated to zero gets the quiet bit.
//
// Combinational.
module fp64_to_fp32 (
    input  logic [63:0] a,
    input  logic        daz,
    input  logic [2:0]  rm,
    input  logic        ftz,
    input  logic        tiny_after,
    input  logic        ovf_sat,
    input  logic [1:0]  nan_prop,
    input  logic        nan_keep,
    input  logic        nan_inf,
    input  logic [31:0] dnan,
    input  logic        dexc_always,
    input  logic        clamp,
    input  logic        clamp_nan_keep,
    input  logic        clamp_negzero_keep,
    output logic [31:0] r,
    output logic [5:0]  exc
);
    logic [63:0] xa;
    logic        sa, za, ia, na, qa_s, da;
    logic [10:0] ea;
    logic [52:0] ma;

    logic        na_raw;
    fp_unpack #(.EW(11), .MW(52)) u_ua (
        .raw(a), .daz(daz), .nan_inf(nan_inf), .x(xa), .sign(sa), .exp(ea), .sig(ma),
        .is_zero(za), .is_inf(ia), .is_nan(na), .is_snan(qa_s), .den(da), .nan_raw(na_raw));

    logic [31:0] rnd;
    logic        of, uf, nx, fl;
    fp_round #(.EW(8), .MW(23), .SW(53), .XW(14)) u_rnd (
        .sign(sa), .exp($signed({3'd0, ea}) - 14'sd896), .sig(ma), .sticky(1'b0),
        .rm(rm), .ovf_sat(ovf_sat), .ftz(ftz), .tiny_after(tiny_after),
        .res(rnd), .of(of), .uf(uf), .nx(nx), .flushed(fl));

    logic [31:0] res;
    logic [22:0] pay;
    logic [2:0]  fl3;   // inexact, underflow, overflow
    always_comb begin
        pay = xa[51:29];
        if (!nan_keep) pay[22] = 1'b1;
        if (pay == 23'd0) pay[22] = 1'b1;
        fl3 = 3'd0;
        if (na)      res = (nan_prop == 2'd2) ? dnan : {sa, 8'hff, pay};
        else if (ia) res = {sa, 8'hff, 23'd0};
        else if (za) res = {sa, 31'd0};
        else begin
            res = rnd;
            fl3 = {nx, uf, of};
        end
    end

    fp_clamp #(.EW(8), .MW(23)) u_clamp (
        .x(res), .nan_inf(nan_inf), .clamp(clamp), .clamp_nan_keep(clamp_nan_keep),
        .clamp_negzero_keep(clamp_negzero_keep), .r(r));

    assign exc = {(dexc_always ? da : (da & ~daz & ~na_raw & ~qa_s)), fl3, 1'b0, qa_s};

    logic unused_ok;
    assign unused_ok = ^{fl, xa[63:52], xa[28:0]};
endmodule
