// fp16_to_fp32 - binary16 -> binary32 (model/fp fp_convert(FP_F32, FP_F16)).
// Exact for every finite value (f16 denormals become f32 normals).
//
//   daz           denorm_in[f16] = FLUSH (f16 denormal operands read as 0)
//   nan_prop, nan_keep, nan_inf, dexc_always, clamp*   as in fp32_add
//   dnan[31:0]    default_nan[f32]
// A NaN keeps its payload in the top fraction bits (f16 fraction << 13),
// quieted unless nan_keep; nan_prop = 2 gives dnan; sNaN raises invalid.
//
// Combinational.
module fp16_to_fp32 (
    input  logic [15:0] a,
    input  logic        daz,
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
    logic [15:0] xa;
    logic        sa, za, ia, na, qa_s, da;
    logic [4:0]  ea;
    logic [10:0] ma;

    logic        na_raw;
    fp_unpack #(.EW(5), .MW(10)) u_ua (
        .raw(a), .daz(daz), .nan_inf(nan_inf), .x(xa), .sign(sa), .exp(ea), .sig(ma),
        .is_zero(za), .is_inf(ia), .is_nan(na), .is_snan(qa_s), .den(da), .nan_raw(na_raw));

    logic [31:0] rnd;
    logic        of, uf, nx, fl;
    fp_round #(.EW(8), .MW(23), .SW(26), .XW(12)) u_rnd (
        .sign(sa), .exp($signed({7'd0, ea}) + 12'sd112), .sig({ma, 15'd0}), .sticky(1'b0),
        .rm(3'd0), .ovf_sat(1'b0), .ftz(1'b0), .tiny_after(1'b0),
        .res(rnd), .of(of), .uf(uf), .nx(nx), .flushed(fl));

    logic [31:0] res;
    logic [22:0] pay;
    always_comb begin
        pay = {xa[9:0], 13'd0};
        if (!nan_keep) pay[22] = 1'b1;
        if (na)      res = (nan_prop == 2'd2) ? dnan : {sa, 8'hff, pay};
        else if (ia) res = {sa, 8'hff, 23'd0};
        else if (za) res = {sa, 31'd0};
        else         res = rnd;
    end

    fp_clamp #(.EW(8), .MW(23)) u_clamp (
        .x(res), .nan_inf(nan_inf), .clamp(clamp), .clamp_nan_keep(clamp_nan_keep),
        .clamp_negzero_keep(clamp_negzero_keep), .r(r));

    assign exc = {(dexc_always ? da : (da & ~daz & ~na_raw & ~qa_s)), 4'b0000, qa_s};

    logic unused_ok;
    assign unused_ok = ^{of, uf, nx, fl, xa[15:10]};
endmodule
