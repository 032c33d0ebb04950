// fp_narrow - convert to a narrower binary format (model/fp fp_convert(dst,
// src)): a source with an SEW-bit exponent and SMW-bit fraction field to a
// destination with DEW and DMW (binary32 -> binary16: 8/23 -> 5/10; binary64
// -> binary32: 11/52 -> 8/23).  fp32_to_fp16 and fp64_to_fp32 are this module
// at those widths.
//
//   daz           denorm_in[src]  = FLUSH
//   rm[2:0]       round[dst] (or FP_F_RND): 0 RNE, 1 RTZ, 2 RUP, 3 RDN, 4 RNA
//   ftz           denorm_out[dst] = FLUSH
//   ovf_sat       overflow[dst]   = SAT (finite overflow gives +-max finite)
//   tiny_after, nan_prop, nan_keep, nan_inf, dexc_always, clamp*   as in fp_add
//   dnan          default_nan[dst]
// A NaN keeps the top DMW payload bits, quieted unless nan_keep; a payload
// truncated to zero gets the quiet bit.
//
// Combinational.
module fp_narrow #(
    parameter int SEW = 8,
    parameter int SMW = 23,
    parameter int DEW = 5,
    parameter int DMW = 10,
    localparam int SWD  = SEW + SMW + 1,                 // source width
    localparam int DWD  = DEW + DMW + 1,                 // destination width
    localparam int XW   = SEW + 4,                       // signed exponent to fp_round
    localparam int BOFF = (1 << (SEW - 1)) - (1 << (DEW - 1))   // bias difference
) (
    input  logic [SWD-1:0] a,
    input  logic           daz,
    input  logic [2:0]     rm,
    input  logic           ftz,
    input  logic           tiny_after,
    input  logic           ovf_sat,
    input  logic [1:0]     nan_prop,
    input  logic           nan_keep,
    input  logic           nan_inf,
    input  logic [DWD-1:0] dnan,
    input  logic           dexc_always,
    input  logic           clamp,
    input  logic           clamp_nan_keep,
    input  logic           clamp_negzero_keep,
    output logic [DWD-1:0] r,
    output logic [5:0]     exc
);
    logic [SWD-1:0] xa;
    logic           sa, za, ia, na, qa_s, da;
    logic [SEW-1:0] ea;
    logic [SMW:0]   ma;

    logic           na_raw;
    fp_unpack #(.EW(SEW), .MW(SMW)) u_ua (
        .raw(a), .daz(daz), .nan_inf(nan_inf), .x(xa), .sign(sa), .exp(ea), .sig(ma),
        .is_zero(za), .is_inf(ia), .is_nan(na), .is_snan(qa_s), .den(da), .nan_raw(na_raw));

    logic [DWD-1:0] rnd;
    logic           of, uf, nx, fl;
    fp_round #(.EW(DEW), .MW(DMW), .SW(SMW + 1), .XW(XW)) u_rnd (
        .sign(sa), .exp($signed({{(XW-SEW){1'b0}}, ea}) - XW'(BOFF)), .sig(ma), .sticky(1'b0),
        .rm(rm), .ovf_sat(ovf_sat), .ftz(ftz), .tiny_after(tiny_after),
        .res(rnd), .of(of), .uf(uf), .nx(nx), .flushed(fl));

    logic [DWD-1:0] res;
    logic [DMW-1:0] pay;
    logic [2:0]     fl3;   // inexact, underflow, overflow
    always_comb begin
        pay = xa[SMW-1 -: DMW];
        if (!nan_keep) pay[DMW-1] = 1'b1;
        if (pay == '0) pay[DMW-1] = 1'b1;
        fl3 = 3'd0;
        if (na)      res = (nan_prop == 2'd2) ? dnan : {sa, {DEW{1'b1}}, pay};
        else if (ia) res = {sa, {DEW{1'b1}}, {DMW{1'b0}}};
        else if (za) res = {sa, {(DWD-1){1'b0}}};
        else begin
            res = rnd;
            fl3 = {nx, uf, of};
        end
    end

    fp_clamp #(.EW(DEW), .MW(DMW)) u_clamp (
        .x(res), .nan_inf(nan_inf), .clamp(clamp), .clamp_nan_keep(clamp_nan_keep),
        .clamp_negzero_keep(clamp_negzero_keep), .r(r));

    assign exc = {(dexc_always ? da : (da & ~daz & ~na_raw & ~qa_s)), fl3, 1'b0, qa_s};

    logic unused_ok;
    assign unused_ok = ^{fl, xa[SWD-1:SMW], xa[SMW-DMW-1:0]};
endmodule
