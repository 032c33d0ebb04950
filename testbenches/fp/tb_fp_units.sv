// tb_fp_units - wiring only: every rtl/common/fp unit with its operands on
// its own ports and the policy knobs on shared ports, driven from C++
// (testbenches/fp/main.cpp) and compared with model/fp by fp_drv.c.
// All units are combinational (set inputs, eval(), read outputs) except
// fp32_trans and fp64_dsr: clk, tr_start / dsr_start, wait for tr_done /
// dsr_done.
module tb_fp_units (
    input  logic        clk,
    input  logic        rst_n,
    input  logic        tr_start,
    input  logic [2:0]  tr_op,
    input  logic        tr_rad,
    input  logic        dsr_start,
    input  logic [1:0]  dsr_op,
    // shared policy knobs (see rtl/common/fp/README.md)
    input  logic [2:0]  rm,
    input  logic        daz,
    input  logic        ftz,
    input  logic        tiny_after,
    input  logic        ovf_sat,
    input  logic [1:0]  nan_prop,
    input  logic        nan_keep,
    input  logic        nan_inf,
    input  logic [31:0] dnan,
    input  logic [15:0] dnan16,
    input  logic [63:0] dnan64,
    input  logic        dexc_always,
    input  logic        zero_wins,
    input  logic        zw_sign_xor,
    input  logic        zw_pass_c,
    input  logic [1:0]  fma_nan,
    input  logic        clamp,
    input  logic        clamp_nan_keep,
    input  logic        clamp_negzero_keep,
    input  logic        zero_negless,
    input  logic [1:0]  zero_minmax,
    input  logic [1:0]  int_nan,
    input  logic        int_wrap,
    // per-unit controls
    input  logic        add_sub,
    input  logic [3:0]  cmp_pred,
    input  logic        cmp_signaling,
    input  logic        mm_is_max,
    input  logic [2:0]  mm_kind,
    input  logic        cvt_signed,
    // operands (the binary32 units read bits 31:0)
    input  logic [63:0] a,
    input  logic [63:0] b,
    input  logic [63:0] c,
    // results
    output logic [31:0] add_r,   output logic [5:0] add_x,
    output logic [31:0] mul_r,   output logic [5:0] mul_x,
    output logic [31:0] fma_r,   output logic [5:0] fma_x,
    output logic        cmp_res, output logic [1:0] cmp_rel, output logic [5:0] cmp_x,
    output logic [31:0] mm_r,    output logic [5:0] mm_x,
    output logic [31:0] f2i_r,   output logic [5:0] f2i_x,
    output logic [31:0] i2f_r,   output logic [5:0] i2f_x,
    output logic [31:0] h2f_r,   output logic [5:0] h2f_x,
    output logic [15:0] f2h_r,   output logic [5:0] f2h_x,
    output logic        tr_busy, output logic tr_done, output logic [31:0] tr_r,
    output logic [63:0] add64_r, output logic [5:0] add64_x,
    output logic [63:0] mul64_r, output logic [5:0] mul64_x,
    output logic        cmp64_res, output logic [1:0] cmp64_rel, output logic [5:0] cmp64_x,
    output logic [31:0] d2f_r,   output logic [5:0] d2f_x,
    output logic [63:0] fma64_r, output logic [5:0] fma64_x,
    output logic        dsr_busy, output logic dsr_done,
    output logic [63:0] dsr_r,   output logic [5:0] dsr_x
);
    logic [31:0] a32, b32, c32;
    assign a32 = a[31:0];
    assign b32 = b[31:0];
    assign c32 = c[31:0];
    fp32_trans_core u_trans (
        .clk(clk), .rst_n(rst_n), .start(tr_start), .op(tr_op), .rad(tr_rad), .rm(rm), .a(a32), .daz(daz), .ftz(ftz),
        .tiny_after(tiny_after), .nan_prop(nan_prop), .nan_keep(nan_keep), .dnan(dnan),
        .busy(tr_busy), .done(tr_done), .r(tr_r));

    fp32_add u_add (
        .a(a32), .b(b32), .sub(add_sub), .rm(rm), .daz(daz), .ftz(ftz), .tiny_after(tiny_after),
        .ovf_sat(ovf_sat), .nan_prop(nan_prop), .nan_keep(nan_keep), .nan_inf(nan_inf),
        .dnan(dnan), .dexc_always(dexc_always), .clamp(clamp), .clamp_nan_keep(clamp_nan_keep),
        .clamp_negzero_keep(clamp_negzero_keep), .r(add_r), .exc(add_x));

    fp32_mul u_mul (
        .a(a32), .b(b32), .rm(rm), .daz(daz), .ftz(ftz), .tiny_after(tiny_after),
        .ovf_sat(ovf_sat), .nan_prop(nan_prop), .nan_keep(nan_keep), .nan_inf(nan_inf),
        .dnan(dnan), .dexc_always(dexc_always), .zero_wins(zero_wins), .zw_sign_xor(zw_sign_xor),
        .clamp(clamp), .clamp_nan_keep(clamp_nan_keep),
        .clamp_negzero_keep(clamp_negzero_keep), .r(mul_r), .exc(mul_x));

    fp32_fma u_fma (
        .a(a32), .b(b32), .c(c32), .rm(rm), .daz(daz), .ftz(ftz), .tiny_after(tiny_after),
        .ovf_sat(ovf_sat), .nan_prop(nan_prop), .nan_keep(nan_keep), .nan_inf(nan_inf),
        .dnan(dnan), .dexc_always(dexc_always), .zero_wins(zero_wins), .zw_sign_xor(zw_sign_xor),
        .zw_pass_c(zw_pass_c), .fma_nan(fma_nan), .clamp(clamp), .clamp_nan_keep(clamp_nan_keep),
        .clamp_negzero_keep(clamp_negzero_keep), .r(fma_r), .exc(fma_x));

    fp32_cmp u_cmp (
        .a(a32), .b(b32), .pred(cmp_pred), .signaling(cmp_signaling), .daz(daz), .nan_inf(nan_inf),
        .dexc_always(dexc_always), .zero_negless(zero_negless),
        .res(cmp_res), .rel(cmp_rel), .exc(cmp_x));

    fp32_minmax u_mm (
        .a(a32), .b(b32), .is_max(mm_is_max), .kind(mm_kind), .daz(daz), .nan_prop(nan_prop),
        .nan_keep(nan_keep), .nan_inf(nan_inf), .dnan(dnan), .dexc_always(dexc_always),
        .zero_negless(zero_negless), .zero_minmax(zero_minmax), .clamp(clamp),
        .clamp_nan_keep(clamp_nan_keep), .clamp_negzero_keep(clamp_negzero_keep),
        .r(mm_r), .exc(mm_x));

    fp32_to_int u_f2i (
        .a(a32), .is_signed(cvt_signed), .rm(rm), .daz(daz), .nan_inf(nan_inf),
        .dexc_always(dexc_always), .int_nan(int_nan), .int_wrap(int_wrap), .r(f2i_r), .exc(f2i_x));

    fp32_from_int u_i2f (
        .a(a32), .is_signed(cvt_signed), .rm(rm), .clamp(clamp), .r(i2f_r), .exc(i2f_x));

    fp16_to_fp32 u_h2f (
        .a(a32[15:0]), .daz(daz), .nan_prop(nan_prop), .nan_keep(nan_keep), .nan_inf(nan_inf),
        .dnan(dnan), .dexc_always(dexc_always), .clamp(clamp), .clamp_nan_keep(clamp_nan_keep),
        .clamp_negzero_keep(clamp_negzero_keep), .r(h2f_r), .exc(h2f_x));

    fp32_to_fp16 u_f2h (
        .a(a32), .daz(daz), .rm(rm), .ftz(ftz), .tiny_after(tiny_after), .ovf_sat(ovf_sat),
        .nan_prop(nan_prop), .nan_keep(nan_keep), .nan_inf(nan_inf), .dnan(dnan16),
        .dexc_always(dexc_always), .clamp(clamp), .clamp_nan_keep(clamp_nan_keep),
        .clamp_negzero_keep(clamp_negzero_keep), .r(f2h_r), .exc(f2h_x));

    fp64_add u_add64 (
        .a(a), .b(b), .sub(add_sub), .rm(rm), .daz(daz), .ftz(ftz), .tiny_after(tiny_after),
        .ovf_sat(ovf_sat), .nan_prop(nan_prop), .nan_keep(nan_keep), .nan_inf(nan_inf),
        .dnan(dnan64), .dexc_always(dexc_always), .clamp(clamp), .clamp_nan_keep(clamp_nan_keep),
        .clamp_negzero_keep(clamp_negzero_keep), .r(add64_r), .exc(add64_x));

    fp64_mul u_mul64 (
        .a(a), .b(b), .rm(rm), .daz(daz), .ftz(ftz), .tiny_after(tiny_after),
        .ovf_sat(ovf_sat), .nan_prop(nan_prop), .nan_keep(nan_keep), .nan_inf(nan_inf),
        .dnan(dnan64), .dexc_always(dexc_always), .zero_wins(zero_wins), .zw_sign_xor(zw_sign_xor),
        .clamp(clamp), .clamp_nan_keep(clamp_nan_keep),
        .clamp_negzero_keep(clamp_negzero_keep), .r(mul64_r), .exc(mul64_x));

    fp64_cmp u_cmp64 (
        .a(a), .b(b), .pred(cmp_pred), .signaling(cmp_signaling), .daz(daz), .nan_inf(nan_inf),
        .dexc_always(dexc_always), .zero_negless(zero_negless),
        .res(cmp64_res), .rel(cmp64_rel), .exc(cmp64_x));

    fp64_to_fp32 u_d2f (
        .a(a), .daz(daz), .rm(rm), .ftz(ftz), .tiny_after(tiny_after), .ovf_sat(ovf_sat),
        .nan_prop(nan_prop), .nan_keep(nan_keep), .nan_inf(nan_inf), .dnan(dnan),
        .dexc_always(dexc_always), .clamp(clamp), .clamp_nan_keep(clamp_nan_keep),
        .clamp_negzero_keep(clamp_negzero_keep), .r(d2f_r), .exc(d2f_x));

    fp64_fma u_fma64 (
        .a(a), .b(b), .c(c), .rm(rm), .daz(daz), .ftz(ftz), .tiny_after(tiny_after),
        .ovf_sat(ovf_sat), .nan_prop(nan_prop), .nan_keep(nan_keep), .nan_inf(nan_inf),
        .dnan(dnan64), .dexc_always(dexc_always), .zero_wins(zero_wins), .zw_sign_xor(zw_sign_xor),
        .zw_pass_c(zw_pass_c), .fma_nan(fma_nan), .clamp(clamp), .clamp_nan_keep(clamp_nan_keep),
        .clamp_negzero_keep(clamp_negzero_keep), .r(fma64_r), .exc(fma64_x));

    fp64_dsr u_dsr (
        .clk(clk), .rst_n(rst_n), .start(dsr_start), .op(dsr_op), .a(a), .b(b), .rm(rm), .daz(daz),
        .ftz(ftz), .tiny_after(tiny_after), .ovf_sat(ovf_sat), .nan_prop(nan_prop),
        .nan_keep(nan_keep), .nan_inf(nan_inf), .dnan(dnan64), .dexc_always(dexc_always),
        .clamp(clamp), .clamp_nan_keep(clamp_nan_keep), .clamp_negzero_keep(clamp_negzero_keep),
        .busy(dsr_busy), .done(dsr_done), .r(dsr_r), .exc(dsr_x));
endmodule
