// usc_lane.sv - one instance of a group: the value rows S0-S5, IS0-IS5,
// FT0-FT5, FTE, FTT, W0/W1 and P0 of model/usc/usc_step.c, the phases in
// order (phase 0 and 1, the IS1-IS3 muxes, phase 2, IS4/IS5, the test,
// the default W routing, MOV/MOVC and the backend) or the six bitwise
// units, each slot's row on its own usc_exec (usc_exec.sv: the float,
// integer, test, bitwise, move and conditional rows of
// model/usc/usc_exec_float.c, usc_exec_int.c, usc_exec_ctl.c).
// Combinational; the core instantiates it LPC times (lanes per cycle).
`include "rtl/usc/usc_pkg.sv"
// (grp and the instructions are whole structs: each row uses the fields it needs)
/* verilator lint_off UNUSEDSIGNAL */
module usc_lane (
    input  usc_pkg::grp_t             grp,
    input  logic [191:0]     src,       // S0..S5 of this instance, S k at [32*k +: 32] (0: not declared)
    input  logic             p0s,       // the state's P0, COUT and Pe of this instance
    input  logic             couts,
    input  logic             pes,
    input  logic [31:0]      link,      // the link register (SAVL)
    input  logic             cnd_any,   // CNDLT: OR of (PCND & Pe) over the task's instances
    input  logic             cnd_first, // CNDSETL part B: an instance with Pe exists
    input  logic [31:0]      cnd_s2f,   // its S2
    input  logic [127:0]     qs0,       // S0 and S3 of the four instances of this
    input  logic [127:0]     qs3,       //   instance's 2x2 quad (the derivatives), Pix i at [32*i +: 32]
    input  logic [1:0]       qpos,      // this instance's place in it: Pix0..Pix3
    input  logic [63:0]      cx,        // the complex op's, F64DIV/RCP/SQRT/RSQ's or GCMP/GEXP/FSINC/FARCTANC's result for this instance (usc_core)
    input  logic             cvt_rne,   // CONVERTFROMF64 to an integer: nearest even (knob cvt_f64_int_rne)
    input  logic             small_sat, // PCK to F11/F10, nearest even: overflow to the largest finite (knob small_float_sat)
    input  logic             fused,     // FMAD and F64MAD with one rounding (knob fmad_fused), else two
    input  logic             sop_fused, // F16SOP's sums and F16SOP.MAD with one rounding (knob sop_fused)
    output logic [31:0]      w0,
    output logic [31:0]      w1,
    output logic             p0o,       // the P0 row after the group
    output logic             pen,       // Pe written by a CND row
    output logic             coutn      // COUT written by a 64-bit row
);
  typedef logic [32*usc_pkg::NK-1:0] vrow_t;   // the value rows, kind k at [32*k +: 32]

/* verilator lint_on UNUSEDSIGNAL */
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [31:0] opv(input vrow_t v, input logic [124:0] in, input int j);
    opv = in[usc_pkg::IN_K + 7*j +: 7] < 7'(usc_pkg::NK) ? v[32*(in[usc_pkg::IN_K + 7*j +: 5]) +: 32] : 32'd0;
  endfunction


  // ---- the float rows (FMAD, FADD, FMUL) of phases 0, 1 and 2: one
  // binary32 fused multiply-add per phase (rtl/common/fp/fp32_fma) with the
  // "usc" policy of model/fp (IEEE denormals, RNE, the default NaN
  // 0x7fc00000, .SAT: clamp to [+0, 1], NaN -> +0).  FADD is a*1+b and FMUL
  // a*b+(-0), both exact before the one rounding, so equal to fp_add and
  // fp_mul; FMAD is fused (the model's default, fmad_fused=1, D2), or with
  // fmad_fused=0 the product rounded by an fp32_mul, then p*1+c on the
  // unit (exact before its rounding, so fp_add: the model's fp_mad).
  localparam logic [31:0] F_ONE = 32'h3f800000, F_NZERO = 32'h80000000;

  // FLR (floor, keeps NaN, +-inf and +-0; denormals as values), then .ABS,
  // then .NEG (L354, L365): model/usc/usc_exec_float.c fmod_src
  function automatic logic [31:0] fmod(input logic [31:0] x, input logic [7:0] mods, input int si);
    logic [31:0] r, fm;
    logic        flr, ab, ng;
    logic [8:0]  sh;
    flr = si == 0 ? mods[2] : si == 2 ? mods[7] : 1'b0;
    ab = mods[si == 0 ? 0 : si == 1 ? 3 : 5];
    ng = mods[si == 0 ? 1 : si == 1 ? 4 : 6];
    r = x;
    if (flr && !(x[30:23] == 8'hff && x[22:0] != 23'd0)) begin
      if (x[30:23] < 8'd127) begin              // |x| < 1: +0 / -0 kept, else 0 or -1
        if (x[30:0] == 31'd0) r = x;
        else r = x[31] ? 32'hbf800000 : 32'h00000000;
      end else if (x[30:23] < 8'd150) begin     // fraction bits below the units
        sh = 9'd150 - {1'b0, x[30:23]};
        fm = (32'd1 << sh) - 32'd1;
        r = x & ~fm;
        if (x[31] && (x & fm) != 32'd0) r = r + (32'd1 << sh);   // toward -inf: magnitude up
      end
    end
    if (ab) r[31] = 1'b0;
    if (ng) r[31] = !r[31];
    fmod = r;
  endfunction

  // the instruction of a phase slot (0 if none) and its three operands
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [124:0] slot_ins(input logic [2:0] ninsn, input logic [749:0] ins, input logic [3:0] sl);
    slot_ins = '0;
    for (int i = 0; i < 6; i++)
      if (i < $signed(32'(ninsn)) && ins[125*i + usc_pkg::IN_SLOT +: 4] == sl) slot_ins = ins[125*i +: 125];
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // the derivatives (usc_x_fds, D18): the quad's instance a minus instance b
  // of the source (S0 in phase 0, S3 in phase 1), each with .ABS/.NEG; Pix0
  // top left, Pix1 top right, Pix2 bottom left, Pix3 bottom right
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [63:0] fds_pair(input logic [124:0] in, input logic [127:0] q0,
                                           input logic [127:0] q3, input logic [1:0] p);
    logic [1:0] a, b;
    logic [127:0] q;
    case (in[usc_pkg::IN_OP +: 7])
      usc_pkg::OP_FDSX: begin a = 2'd1; b = 2'd0; end                       // coarse: Pix1 - Pix0
      usc_pkg::OP_FDSY: begin a = 2'd2; b = 2'd0; end                       // coarse: Pix2 - Pix0
      usc_pkg::OP_FDSXF: begin a = {p[1], 1'b1}; b = {p[1], 1'b0}; end      // fine: the row's right - left
      default: begin a = {1'b1, p[0]}; b = {1'b0, p[0]}; end       // fine: the column's bottom - top
    endcase
    q = in[usc_pkg::IN_K + 7 +: 7] == usc_pkg::K_S3 ? q3 : q0;
    fds_pair = {q[32*a +: 32], q[32*b +: 32]};
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  function automatic logic [95:0] fops(input logic [124:0] in, input vrow_t v, input logic [63:0] fd);
    logic [31:0] a, b, c;
    a = fmod(opv(v, in, 1), in[usc_pkg::IN_MODS +: 8], 0);
    b = fmod(opv(v, in, 2), in[usc_pkg::IN_MODS +: 8], 1);
    c = fmod(opv(v, in, 3), in[usc_pkg::IN_MODS +: 8], 2);
    if (in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_FADD) begin c = b; b = F_ONE; end
    else if (in[usc_pkg::IN_OP +: 7] == usc_pkg::OP_FMUL) c = F_NZERO;
    else if (in[usc_pkg::IN_OP +: 7] >= usc_pkg::OP_FDSX && in[usc_pkg::IN_OP +: 7] <= usc_pkg::OP_FDSYF) begin
      // x - y as x * 1 + (-y): the product is exact, so one rounding gives fp_sub
      {a, b, c} = {fmod(fd[63:32], in[usc_pkg::IN_MODS +: 8], 0), F_ONE, fmod(fd[31:0], in[usc_pkg::IN_MODS +: 8], 0) ^ F_NZERO};
    end
    fops = {a, b, c};
  endfunction

  vrow_t             va, vb;          // after the sources; after phases 0/1 and IS1-IS3
  logic              cs_b, cn_b, pen_b;
  // one signal per phase (whole vectors would make a combinational loop:
  // phase 2's operands come from phases 0 and 1)
  logic [31:0]       fres0, fres1, fres2;   // the float result of phase 0, 1, 2
  logic [95:0]       fo0, fo1, fo2;
  usc_pkg::ins_t              fin0, fin1, fin2;

  assign fin0 = slot_ins(grp.ninsn, grp.ins, usc_pkg::SL_P0);
  assign fin1 = slot_ins(grp.ninsn, grp.ins, usc_pkg::SL_P1);
  assign fin2 = slot_ins(grp.ninsn, grp.ins, usc_pkg::SL_P2);
  assign fo0 = fops(fin0, va, fds_pair(fin0, qs0, qs3, qpos));
  assign fo1 = fops(fin1, va, fds_pair(fin1, qs0, qs3, qpos));
  assign fo2 = fops(fin2, vb, 64'd0);

  // the conversion rows: UNPCK and CONVERTFROMF64 (phase 0), PCK and
  // CONVERTTOF64 (phase 2), rtl/usc/usc_unpck.sv, usc_pck.sv
  logic [31:0] cres0;
  logic [63:0] cres2;
  usc_unpck u_unpck (.in(fin0), .x(opv(va, fin0, 1)), .xh(opv(va, fin0, 2)), .rne(cvt_rne), .r(cres0));
  usc_pck u_pck (.in(fin2), .x(opv(vb, fin2, fin2.op == usc_pkg::OP_CVTTOF64 ? 2 : 1)), .sat(small_sat), .r(cres2));
  // the result of each phase's unit
  logic [63:0] ures0, ures2;
  // F64MUL, F64ADD, F64MAD, F64BYP (phase 0, whole main ALU): rtl/usc/usc_f64.sv on
  // the form's register pairs (operands 2 and 3: a, 4 and 5: b, 6 and 7: c; low word first)
  logic [63:0] f64r;
  usc_f64 u_f64 (.sel(fin0.op == usc_pkg::OP_F64MUL ? 2'd1 : fin0.op == usc_pkg::OP_F64MAD ? 2'd3 : fin0.op == usc_pkg::OP_F64ADD ? 2'd2 : 2'd0),
    .fused(fused), .a({opv(va, fin0, 3), opv(va, fin0, 2)}), .b({opv(va, fin0, 5), opv(va, fin0, 4)}),
    .c({opv(va, fin0, 7), opv(va, fin0, 6)}), .r(f64r));
  // F16SOP and F16SOP.MAD (phase 0, whole main ALU): rtl/usc/usc_sop.sv on the sources
  logic [31:0] sopw0, sopw1;
  usc_sop u_sop (.c(grp.sop), .mc(grp.mad), .mad(fin0.op == usc_pkg::OP_F16SOPMAD), .fused(sop_fused), .src(src),
    .w0(sopw0), .w1(sopw1));
  assign ures0 = (fin0.op == usc_pkg::OP_UNPCK || fin0.op == usc_pkg::OP_CVTFROMF64) ? {32'd0, cres0} :
                 (fin0.op == usc_pkg::OP_F16SOP || fin0.op == usc_pkg::OP_F16SOPMAD) ? {sopw1, sopw0} :
                 (fin0.op == usc_pkg::OP_F64MUL || fin0.op == usc_pkg::OP_F64ADD || fin0.op == usc_pkg::OP_F64MAD || fin0.op == usc_pkg::OP_F64BYP) ? f64r :
                 (fin0.op >= usc_pkg::OP_FRCP && fin0.op <= usc_pkg::OP_FEXP) ? {32'd0, cx[31:0]} :
                 (fin0.op == usc_pkg::OP_GCMP || fin0.op == usc_pkg::OP_GEXP || fin0.op == usc_pkg::OP_FSINC ||
                  fin0.op == usc_pkg::OP_FARCTANC) ? cx :   // {FSINC's P0, W0} from usc_gfn (R21)
                 (fin0.op >= usc_pkg::OP_F64DIV && fin0.op <= usc_pkg::OP_F64RSQ) ? cx : {32'd0, fres0};
  assign ures2 = (fin2.op == usc_pkg::OP_PCK || fin2.op == usc_pkg::OP_CVTTOF64) ? cres2 : {32'd0, fres2};

  /* verilator lint_off UNUSEDSIGNAL */
  logic [5:0] exc0, exc1, exc2;   // no exception state in the USC
  logic [5:0] mxc0, mxc1, mxc2;
  /* verilator lint_on UNUSEDSIGNAL */
  // FMAD unfused: the rounded product of each phase, and the unit's operands
  logic [31:0] mp0, mp1, mp2;
  logic [95:0] fu0, fu1, fu2;
  fp32_mul u_mul0 (.a(fo0[95:64]), .b(fo0[63:32]), .dnan(32'h7fc00000), .daz(1'b0), .ftz(1'b0),
    .tiny_after(1'b1), .ovf_sat(1'b0), .nan_keep(1'b0), .nan_inf(1'b0), .dexc_always(1'b0),
    .zero_wins(1'b0), .zw_sign_xor(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0),
    .clamp_negzero_keep(1'b0), .rm(3'd0), .nan_prop(2'd2), .r(mp0), .exc(mxc0));
  fp32_mul u_mul1 (.a(fo1[95:64]), .b(fo1[63:32]), .dnan(32'h7fc00000), .daz(1'b0), .ftz(1'b0),
    .tiny_after(1'b1), .ovf_sat(1'b0), .nan_keep(1'b0), .nan_inf(1'b0), .dexc_always(1'b0),
    .zero_wins(1'b0), .zw_sign_xor(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0),
    .clamp_negzero_keep(1'b0), .rm(3'd0), .nan_prop(2'd2), .r(mp1), .exc(mxc1));
  fp32_mul u_mul2 (.a(fo2[95:64]), .b(fo2[63:32]), .dnan(32'h7fc00000), .daz(1'b0), .ftz(1'b0),
    .tiny_after(1'b1), .ovf_sat(1'b0), .nan_keep(1'b0), .nan_inf(1'b0), .dexc_always(1'b0),
    .zero_wins(1'b0), .zw_sign_xor(1'b0), .clamp(1'b0), .clamp_nan_keep(1'b0),
    .clamp_negzero_keep(1'b0), .rm(3'd0), .nan_prop(2'd2), .r(mp2), .exc(mxc2));
  assign fu0 = (fin0.op == usc_pkg::OP_FMAD && !fused) ? {mp0, F_ONE, fo0[31:0]} : fo0;
  assign fu1 = (fin1.op == usc_pkg::OP_FMAD && !fused) ? {mp1, F_ONE, fo1[31:0]} : fo1;
  assign fu2 = (fin2.op == usc_pkg::OP_FMAD && !fused) ? {mp2, F_ONE, fo2[31:0]} : fo2;
  fp32_fma u_fma0 (.a(fu0[95:64]), .b(fu0[63:32]), .c(fu0[31:0]), .rm(3'd0), .daz(1'b0),
    .ftz(1'b0), .tiny_after(1'b1), .ovf_sat(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b0),
    .dnan(32'h7fc00000), .dexc_always(1'b0), .zero_wins(1'b0), .zw_sign_xor(1'b0), .zw_pass_c(1'b0),
    .fma_nan(2'd0), .clamp(fin0.sat), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
    .r(fres0), .exc(exc0));
  fp32_fma u_fma1 (.a(fu1[95:64]), .b(fu1[63:32]), .c(fu1[31:0]), .rm(3'd0), .daz(1'b0),
    .ftz(1'b0), .tiny_after(1'b1), .ovf_sat(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b0),
    .dnan(32'h7fc00000), .dexc_always(1'b0), .zero_wins(1'b0), .zw_sign_xor(1'b0), .zw_pass_c(1'b0),
    .fma_nan(2'd0), .clamp(fin1.sat), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
    .r(fres1), .exc(exc1));
  fp32_fma u_fma2 (.a(fu2[95:64]), .b(fu2[63:32]), .c(fu2[31:0]), .rm(3'd0), .daz(1'b0),
    .ftz(1'b0), .tiny_after(1'b1), .ovf_sat(1'b0), .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b0),
    .dnan(32'h7fc00000), .dexc_always(1'b0), .zero_wins(1'b0), .zw_sign_xor(1'b0), .zw_pass_c(1'b0),
    .fma_nan(2'd0), .clamp(fin2.sat), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
    .r(fres2), .exc(exc2));

  // the sources, IS0, FTE and P0
  always_comb begin
    va = '0;
    for (int k = 0; k < 6; k++) va[32*k +: 32] = src[32*k +: 32];
    va[32*usc_pkg::K_IS0 +: 32] = va[32*(usc_pkg::is0_src(grp.is0)) +: 32];
    va[32*usc_pkg::K_FTE +: 32] = va[32*usc_pkg::K_IS0 +: 32];
    va[32*usc_pkg::K_P0 +: 32] = {31'd0, p0s};
  end

  // the instruction of each slot (a legal group has at most one per slot,
  // in slot order; 0 for an empty slot), picked once so that each block
  // runs `exec` once per slot: 12 copies of it where yosys inlines functions
  logic [125*12-1:0] sins;       // slot s's instruction at [125*s +: 125] (an ins_t)
  for (genvar sl = 0; sl < 12; sl++) begin : g_sins
    assign sins[125*sl +: 125] = slot_ins(grp.ninsn, grp.ins, 4'(sl));
  end
  /* verilator lint_off UNUSEDSIGNAL */
  usc_pkg::ins_t gi0;            // instruction 0 (the whole-ALU rows)
  /* verilator lint_on UNUSEDSIGNAL */
  assign gi0 = usc_pkg::ins_at(grp.ins, 0);

  // each slot's instruction on its own usc_exec, chained in the model's
  // order; run: the slots this group runs (a main group 0-5, a bitwise group
  // the six units 6-11)
  logic [11:0] run;
  always_comb
    for (int sl = 0; sl < 12; sl++) run[sl] = grp.slots[sl] && (grp.bitwise ? sl >= 6 : sl < 6);
  // x k: slot k's result on the rows before it; s k: the rows before slot k
  vrow_t x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11;
  vrow_t s1, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12;
  logic  cs1, cn1, pe1;          // after slot 0: COUT written, its value, Pe of a CND row
  logic  pe_0, pe_1, co_0, co_1;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [9:0] pe_x, co_x;        // phase 2 on: no CND or 64-bit row
  /* verilator lint_on UNUSEDSIGNAL */
  usc_exec u_x0 (.grp(grp), .sin(sins[125*0 +: 125]), .rows(va), .cset(1'b0), .cnew(1'b0), .ures(ures0),
    .p0s(p0s), .couts(couts), .pes(pes), .link(link), .cnd_any(cnd_any), .cnd_first(cnd_first), .cnd_s2f(cnd_s2f),
    .rows_o(x0), .peo(pe_0), .coo(co_0));
  usc_exec u_x1 (.grp(grp), .sin(sins[125*1 +: 125]), .rows(s1), .cset(cs1), .cnew(cn1), .ures({32'd0, fres1}),
    .p0s(p0s), .couts(couts), .pes(pes), .link(link), .cnd_any(cnd_any), .cnd_first(cnd_first), .cnd_s2f(cnd_s2f),
    .rows_o(x1), .peo(pe_1), .coo(co_1));
  usc_exec u_x2 (.grp(grp), .sin(sins[125*2 +: 125]), .rows(vb), .cset(cs_b), .cnew(cn_b), .ures(ures2),
    .p0s(p0s), .couts(couts), .pes(pes), .link(link), .cnd_any(cnd_any), .cnd_first(cnd_first), .cnd_s2f(cnd_s2f),
    .rows_o(x2), .peo(pe_x[0]), .coo(co_x[0]));
  usc_exec u_x3 (.grp(grp), .sin(sins[125*3 +: 125]), .rows(s3), .cset(cs_b), .cnew(cn_b), .ures(64'd0),
    .p0s(p0s), .couts(couts), .pes(pes), .link(link), .cnd_any(cnd_any), .cnd_first(cnd_first), .cnd_s2f(cnd_s2f),
    .rows_o(x3), .peo(pe_x[1]), .coo(co_x[1]));
  usc_exec u_x4 (.grp(grp), .sin(sins[125*4 +: 125]), .rows(s4), .cset(cs_b), .cnew(cn_b), .ures(64'd0),
    .p0s(p0s), .couts(couts), .pes(pes), .link(link), .cnd_any(cnd_any), .cnd_first(cnd_first), .cnd_s2f(cnd_s2f),
    .rows_o(x4), .peo(pe_x[2]), .coo(co_x[2]));
  usc_exec u_x5 (.grp(grp), .sin(sins[125*5 +: 125]), .rows(s5), .cset(cs_b), .cnew(cn_b), .ures(64'd0),
    .p0s(p0s), .couts(couts), .pes(pes), .link(link), .cnd_any(cnd_any), .cnd_first(cnd_first), .cnd_s2f(cnd_s2f),
    .rows_o(x5), .peo(pe_x[3]), .coo(co_x[3]));
  usc_exec u_x6 (.grp(grp), .sin(sins[125*6 +: 125]), .rows(s6), .cset(cs_b), .cnew(cn_b), .ures(64'd0),
    .p0s(p0s), .couts(couts), .pes(pes), .link(link), .cnd_any(cnd_any), .cnd_first(cnd_first), .cnd_s2f(cnd_s2f),
    .rows_o(x6), .peo(pe_x[4]), .coo(co_x[4]));
  usc_exec u_x7 (.grp(grp), .sin(sins[125*7 +: 125]), .rows(s7), .cset(cs_b), .cnew(cn_b), .ures(64'd0),
    .p0s(p0s), .couts(couts), .pes(pes), .link(link), .cnd_any(cnd_any), .cnd_first(cnd_first), .cnd_s2f(cnd_s2f),
    .rows_o(x7), .peo(pe_x[5]), .coo(co_x[5]));
  usc_exec u_x8 (.grp(grp), .sin(sins[125*8 +: 125]), .rows(s8), .cset(cs_b), .cnew(cn_b), .ures(64'd0),
    .p0s(p0s), .couts(couts), .pes(pes), .link(link), .cnd_any(cnd_any), .cnd_first(cnd_first), .cnd_s2f(cnd_s2f),
    .rows_o(x8), .peo(pe_x[6]), .coo(co_x[6]));
  usc_exec u_x9 (.grp(grp), .sin(sins[125*9 +: 125]), .rows(s9), .cset(cs_b), .cnew(cn_b), .ures(64'd0),
    .p0s(p0s), .couts(couts), .pes(pes), .link(link), .cnd_any(cnd_any), .cnd_first(cnd_first), .cnd_s2f(cnd_s2f),
    .rows_o(x9), .peo(pe_x[7]), .coo(co_x[7]));
  usc_exec u_x10 (.grp(grp), .sin(sins[125*10 +: 125]), .rows(s10), .cset(cs_b), .cnew(cn_b), .ures(64'd0),
    .p0s(p0s), .couts(couts), .pes(pes), .link(link), .cnd_any(cnd_any), .cnd_first(cnd_first), .cnd_s2f(cnd_s2f),
    .rows_o(x10), .peo(pe_x[8]), .coo(co_x[8]));
  usc_exec u_x11 (.grp(grp), .sin(sins[125*11 +: 125]), .rows(s11), .cset(cs_b), .cnew(cn_b), .ures(64'd0),
    .p0s(p0s), .couts(couts), .pes(pes), .link(link), .cnd_any(cnd_any), .cnd_first(cnd_first), .cnd_s2f(cnd_s2f),
    .rows_o(x11), .peo(pe_x[9]), .coo(co_x[9]));

  // phase 0
  always_comb begin
    logic [6:0] op;
    op = sins[125*0 + usc_pkg::IN_OP +: 7];
    s1 = va;
    cs1 = 1'b0;
    cn1 = 1'b0;
    pe1 = 1'b0;
    if (run[0]) begin
      s1 = x0;
      if (op >= usc_pkg::OP_ADD64 && op <= usc_pkg::OP_SMADD64) begin cs1 = 1'b1; cn1 = co_0; end
      if (op >= usc_pkg::OP_CNDST && op <= usc_pkg::OP_CNDLPC) pe1 = pe_0;
    end
  end

  // phase 1, the IS1-IS3 muxes
  always_comb begin
    vrow_t v;
    logic  coutset, coutnew;
    logic  [6:0] op;
    op = sins[125*1 + usc_pkg::IN_OP +: 7];
    v = s1;
    coutset = cs1;
    coutnew = cn1;
    pen_b = pe1;
    if (!grp.bitwise) begin
      if (run[1]) begin
        v = x1;
        if (op >= usc_pkg::OP_ADD64 && op <= usc_pkg::OP_SMADD64) begin coutset = 1'b1; coutnew = co_1; end
        if (op >= usc_pkg::OP_CNDST && op <= usc_pkg::OP_CNDLPC) pen_b = pe_1;
      end
      v[32*usc_pkg::K_IS1 +: 32] = grp.is1 ? v[32*usc_pkg::K_FTE +: 32] : v[32*usc_pkg::K_FT0 +: 32];
      v[32*usc_pkg::K_IS2 +: 32] = grp.is2 ? v[32*usc_pkg::K_FTE +: 32] : v[32*usc_pkg::K_FT1 +: 32];
      case (grp.is3)
        2'd0: v[32*usc_pkg::K_IS3 +: 32] = v[32*usc_pkg::K_FT0 +: 32];
        2'd1: v[32*usc_pkg::K_IS3 +: 32] = v[32*usc_pkg::K_FT1 +: 32];
        2'd2: v[32*usc_pkg::K_IS3 +: 32] = v[32*usc_pkg::K_S2 +: 32];
        default: v[32*usc_pkg::K_IS3 +: 32] = v[32*usc_pkg::K_FTE +: 32];
      endcase
    end
    vb = v;
    cs_b = coutset;
    cn_b = coutnew;
  end

  // phase 2, IS4/IS5
  always_comb begin
    vrow_t v;
    v = run[usc_pkg::SL_P2] ? x2 : vb;
    if (!grp.bitwise) begin
      v[32*usc_pkg::K_IS4 +: 32] = grp.is4 == 2'd3 ? v[32*usc_pkg::K_FTE +: 32] : v[32*(usc_pkg::K_FT0 + 7'(grp.is4)) +: 32];
      v[32*usc_pkg::K_IS5 +: 32] = grp.is5 == 2'd3 ? v[32*usc_pkg::K_FTE +: 32] : v[32*(usc_pkg::K_FT0 + 7'(grp.is5)) +: 32];
    end
    s3 = v;
  end

  // the test, then the default routing
  always_comb begin
    vrow_t v;
    logic  [1:0] ph [3];
    int    np;
    logic  sopmov;
    logic  [6:0] op;
    v = run[usc_pkg::SL_TST] ? x3 : s3;
    sopmov = 1'b0;
    for (int sl = 0; sl < 12; sl++) begin
      op = sins[125*sl + usc_pkg::IN_OP +: 7];
      if (grp.slots[sl] && (op == usc_pkg::OP_SOPMOV || op == usc_pkg::OP_SOPU8MADMOV)) sopmov = 1'b1;
    end
    np = 0;
    ph[0] = 2'd0; ph[1] = 2'd0; ph[2] = 2'd0;
    if (!grp.bitwise) begin
      // default routing (L181-L183): the last phase present drives W0, the one before W1,
      // unless a whole-ALU row gave W0 its value
      for (int p = 0; p < 3; p++) if (grp.slots[p]) begin ph[np] = 2'(p); np = np + 1; end
      if (np > 0 && !(grp.ninsn != 3'd0 && usc_pkg::whole_op(gi0.op))) v[32*usc_pkg::K_W0 +: 32] = v[32*(usc_pkg::K_FT0 + 7'(ph[np - 1])) +: 32];
      if (np > 1 && !sopmov) v[32*usc_pkg::K_W1 +: 32] = v[32*(usc_pkg::K_FT0 + 7'(ph[np - 2])) +: 32];   // SOPMOV drives W1
    end
    s4 = v;
  end

  // MOV (slot mov) before the backend (slot be); the six bitwise units in slot order
  assign s5 = run[4] ? x4 : s4;
  assign s6 = run[5] ? x5 : s5;
  assign s7 = run[6] ? x6 : s6;
  assign s8 = run[7] ? x7 : s7;
  assign s9 = run[8] ? x8 : s8;
  assign s10 = run[9] ? x9 : s9;
  assign s11 = run[10] ? x10 : s10;
  assign s12 = run[11] ? x11 : s11;

  always_comb begin
    vrow_t v;
    v = s12;
    if (grp.bitwise) begin
      v[32*usc_pkg::K_W0 +: 32] = v[32*usc_pkg::K_FT5 +: 32];
      v[32*usc_pkg::K_W1 +: 32] = v[32*usc_pkg::K_FT3 +: 32];
    end
    w0 = v[32*usc_pkg::K_W0 +: 32];
    w1 = v[32*usc_pkg::K_W1 +: 32];
    p0o = v[32*usc_pkg::K_P0 + 0];
    pen = pen_b;
    coutn = cn_b;
  end
endmodule
