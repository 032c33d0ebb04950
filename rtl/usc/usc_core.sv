// usc_core.sv - the PowerVR USC core: one instruction group of the project
// encoding v1 (model/usc/README.md) executed by every instance of a task
// (32 instances, or 16: the load port's ctrl register 2), LPC instances
// per cycle, in lockstep with model/usc.  State as the model's
// (model/usc/README.md "State"): temporaries R, vertex inputs VI,
// internals I, index registers IDX, outputs O (per instance); CF, CFA, SH
// (uniform); the special constants (a table); P0, Pe, COUT per instance;
// the link register; the program.  The retire port reports one unit per
// group with the writes of model/usc/usc_step.c: W0/W1 per instance with
// the register each instance wrote (indexed destinations differ per
// instance) and the slot that drove the W, P0, Pe, COUT and link.
`include "rtl/usc/usc_pkg.sv"
module usc_core #(
    parameter int IMEM_WORDS = 4096,       // program storage (32-bit words)
    parameter int LPC = 16,                // instances per cycle: 1, 2, 4, 8, 16 or 32
    parameter int NR = 248,                // temporaries (config temps)
    parameter int NVI = 248,               // vertex inputs
    parameter int NSH = 4096,              // shared
    parameter int NCF = 256,               // coefficients (CF and CFA)
    parameter int DMEM_WORDS = 4096,       // the data memory window (32-bit words, R19)
    parameter int NTEX = 256               // texture state registers whose texture data the core holds (R22)
) (
    input  logic          clk,
    input  logic          rst_n,
    // load port (before start): sel 0 program word, 1 per-instance register,
    // 2 uniform register, 3 ctrl, 4 data-memory word, 5 iterator word, 6
    // texture word (rtl/usc/README.md "Ports")
    input  logic          ld_we,
    input  logic [2:0]    ld_sel,
    input  logic [19:0]   ld_addr,
    input  logic [31:0]   ld_data,
    input  logic          start,
    output logic          running,
    output logic          done,
    output logic          fault,
    output logic [31:0]   fault_pc,
    output logic [3:0]    fault_why,
    // retire port: one unit per group
    output logic          rt_valid,
    output logic [31:0]   rt_pc,
    output logic [31:0]   rt_next_pc,
    output logic [4:0]    rt_nwords,
    output logic [511:0]  rt_words,        // the first 16 words
    output logic          rt_kind,         // 1: bitwise group
    output logic [3:0]    rt_flags,        // {trap, end, skip, branch}
    output logic [31:0]   rt_exec,
    output logic [1:0]    rt_w_en,         // W0/W1 written back (for the instances of rt_exec)
    output logic [7:0]    rt_w_bank,       // [4*w]
    output logic [7:0]    rt_w_slot,
    output logic [767:0]  rt_w_addr,       // [12*(32*w + l)] the register instance l wrote
    output logic [2047:0] rt_w_val,        // [32*(32*w + l)]
    output logic          rt_p0_en,
    output logic [3:0]    rt_p0_slot,
    output logic [31:0]   rt_p0_val,
    output logic          rt_pe_en,
    output logic [31:0]   rt_pe_val,
    output logic          rt_cout_en,
    output logic [31:0]   rt_cout_val,
    output logic [1:0]    rt_drc_en,       // DRC d's new count (the backend's IDF, WDF; the end of the task)
    output logic [15:0]   rt_drc_val,      // [8*d]
    output logic          rt_link_en,
    output logic [3:0]    rt_link_slot,
    output logic [31:0]   rt_link_val,
    // memory writes of the group (ST, ATOM, ATST, DEPTHF, UVSW; R19, R20,
    // R22): port 4*l + c is chunk c of instance l (ATOM, ATST, DEPTHF, UVSW:
    // c = 0), written when its byte mask is not 0; the space: 0 mem, 1 atst,
    // 2 depthf, 3 uvs
    output logic [1:0]    rt_mw_space,
    output logic [4095:0] rt_mw_addr,      // [32*p]
    output logic [639:0]  rt_mw_size,      // [5*p] bytes, 1-16
    output logic [2047:0] rt_mw_mask,      // [16*p] the bytes written
    output logic [16383:0] rt_mw_data,     // [128*p] byte i at [8*i]
    // the loads and atomics made visible by the group (a WDF, the end of the
    // task; R19): the outstanding registers e of rt_wb_en, as they are held
    output logic [31:0]   rt_wb_en,
    output logic [127:0]  rt_wb_bank,      // [4*e]
    output logic [383:0]  rt_wb_index,     // [12*e]
    output logic [511:0]  rt_wb_tag,       // [16*e] the issuing group's sequence number
    output logic [1023:0] rt_wb_lanes,     // [32*e]
    output logic [32767:0] rt_wb_val       // [32*(32*e + l)]
);
  localparam int NPASS = 32 / LPC;
  localparam int IAW = $clog2(IMEM_WORDS);

  logic [31:0] imem [IMEM_WORDS];
  logic [31:0] base, nwords, pc, link;
  logic        ni32;                      // 32 instances (else 16)
  // the model's knobs (ctrl 3-11, its file cfg1-cfg9): the register counts
  // of the range checks, FMAD fused, CONVERTFROMF64 to an integer RNE,
  // small floats saturated, F16SOP's sums fused
  logic [12:0] k_temps, k_vins, k_shared, k_coeffs, k_internals;
  logic        k_fused, k_cvt_rne, k_small_sat, k_sop_fused;
  logic [31:0] r   [NR][32];
  logic [31:0] vi  [NVI][32];
  logic [31:0] ir  [8][32];
  logic [31:0] xr  [2][32];               // IDX0, IDX1
  logic [31:0] orr [8][32];
  logic [31:0] cf  [NCF];
  logic [31:0] cfa [NCF];
  logic [31:0] sh  [NSH];
  logic [31:0] p0, pe, cout;
  logic [15:0] drc;                       // the data-return counters DRC0, DRC1 (model D39), DRC d at [8*d +: 8]
  logic [$clog2(NPASS + 1)-1:0] pass;
  // the data memory (R19): DMEM_WORDS words from the byte address dmem_base
  // (ctrl 12); outside it a load reads 0 and a store or an atomic faults
  localparam int DAW = $clog2(DMEM_WORDS);
  logic [31:0] dmem [DMEM_WORDS];
  logic [31:0] dmem_base;
  logic [15:0] seq;                       // groups retired since the start (the record's seq)
  // the outstanding registers of loads and atomics (model D39), oldest
  // first: entry e < npend holds a register (bank, index), the issuing
  // group, its DRC, the instances it returns data to and their values
  logic [5:0]  npend;
  logic [3:0]  pbank [32];
  logic [11:0] pidx [32];
  logic [15:0] ptag [32];
  logic        pdrc [32];
  logic [31:0] plan [32];
  logic [1023:0] pval [32];               // instance l's value at [32*l +: 32]
  // what the fixed-function units return (R22): the iterator's value of
  // the coefficients at cf c in mode m for instance l (the space itr, word
  // 0x2000 m + 32 c + l) and channel j of the texture unit for texture
  // state register t and instance l (the space tex, word 4 (32 t + l) + j);
  // the 1/W a perspective control 2 keeps per instance (model D51)
  logic [31:0] itrm [3 * NCF * 32];
  logic [31:0] texm [NTEX * 128];
  logic [31:0] itr_rw [32];
  logic [31:0] itr_rwset;

  // ---- the group at pc
  logic [31:0] off, wi, avail;
  logic        pc_bad;
  logic [671:0] gwin;                     // word i at [32*i +: 32]
  assign off = pc - base;
  assign wi = off >> 2;
  assign pc_bad = pc < base || wi >= nwords || pc[1:0] != 2'd0;
  assign avail = pc_bad ? 32'd0 : nwords - wi;
  always_comb
    for (int i = 0; i < 21; i++)
      gwin[32*i +: 32] = (!pc_bad && wi + 32'(i) < nwords && wi + 32'(i) < IMEM_WORDS) ? imem[IAW'(wi + 32'(i))] : 32'd0;

  usc_pkg::grp_t       g;
  logic [4:0] gnw;
  logic       d_bad, d_unimpl, d_core;
  usc_decode u_dec (.w(gwin), .avail(avail), .g(g), .nwords(gnw), .bad(d_bad), .unimpl(d_unimpl), .core(d_core));
  // the group's first instruction, W0 and W1 (each use takes the fields it needs)
  /* verilator lint_off UNUSEDSIGNAL */
  usc_pkg::ins_t ins0;
  usc_pkg::reg_t gw0, gw1;
  /* verilator lint_on UNUSEDSIGNAL */
  assign ins0 = usc_pkg::ins_at(g.ins, 0);
  assign gw0 = usc_pkg::w_at(g.w, 0);
  assign gw1 = usc_pkg::w_at(g.w, 1);

  // ---- the executing instances
  logic [31:0] all, act;
  assign all = ni32 ? 32'hffffffff : 32'h0000ffff;
  always_comb begin
    act = g.ignorepe ? 32'hffffffff : pe;
    if (g.pred == 2'd1) act = act & p0;
    if (g.pred == 2'd2) act = act & ~p0;
    act = act & all;
  end

  // ---- register addressing: index + IDXi * D (L283)
  // (the functions take a whole register word and use the fields they need)
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [37:0] raddr(input logic [20:0] rg, input int l);
    raddr = {26'd0, rg[usc_pkg::RG_INDEX +: 12]};
    if (rg[usc_pkg::RG_IDX +: 2] != 2'd0) raddr = raddr + ({6'd0, xr[rg[usc_pkg::RG_IDX + (1)] ? 1 : 0][l]} << rg[usc_pkg::RG_DLOG +: 3]);
  endfunction
  function automatic logic in_range(input logic [20:0] rg, input logic [37:0] a);
    logic [12:0] lim;
    case (rg[usc_pkg::RG_BANK +: 4])
      usc_pkg::B_R: lim = k_temps < 13'(NR) ? k_temps : 13'(NR);
      usc_pkg::B_VI: lim = k_vins < 13'(NVI) ? k_vins : 13'(NVI);
      usc_pkg::B_CF, usc_pkg::B_CFA: lim = k_coeffs < 13'(NCF) ? k_coeffs : 13'(NCF);
      usc_pkg::B_SH: lim = k_shared < 13'(NSH) ? k_shared : 13'(NSH);
      usc_pkg::B_I: lim = k_internals < 13'd8 ? k_internals : 13'd8;
      default: lim = usc_pkg::bank_limit(rg[usc_pkg::RG_BANK +: 4]);
    endcase
    in_range = a < {25'd0, lim};
  endfunction
  function automatic logic [31:0] rd(input logic [20:0] rg, input int l);
    logic [37:0] a;
    a = raddr(rg, l);
    rd = 32'd0;
    if (in_range(rg, a))
      case (rg[usc_pkg::RG_BANK +: 4])
        usc_pkg::B_R:   rd = r[a[7:0]][l];
        usc_pkg::B_VI:  rd = vi[a[7:0]][l];
        usc_pkg::B_CF:  rd = cf[a[$clog2(NCF)-1:0]];
        usc_pkg::B_CFA: rd = cfa[a[$clog2(NCF)-1:0]];
        usc_pkg::B_SH:  rd = sh[a[$clog2(NSH)-1:0]];
        usc_pkg::B_SC:  rd = usc_pkg::sc_value(a[7:0]);
        usc_pkg::B_I:   rd = ir[a[2:0]][l];
        usc_pkg::B_IDX: rd = xr[a[0]][l];
        default: rd = orr[a[2:0]][l];
      endcase
  endfunction

  /* verilator lint_on UNUSEDSIGNAL */

  // range: a source or destination register out of its bank for an executing instance
  logic rng_bad;
  always_comb begin
    rng_bad = 1'b0;
    for (int l = 0; l < 32; l++)
      if (act[l]) begin
        for (int k = 0; k < 6; k++)
          if (g.smask[k] && !in_range(usc_pkg::s_at(g.s, k), raddr(usc_pkg::s_at(g.s, k), l))) rng_bad = 1'b1;
        for (int k = 0; k < 2; k++)
          if (g.wmask[k] && !in_range(usc_pkg::w_at(g.w, k), raddr(usc_pkg::w_at(g.w, k), l))) rng_bad = 1'b1;
      end
  end

  // ---- the whole-task reductions of the conditional rows
  logic        cnd_any, cnd_first;
  logic [4:0]  first;
  logic [31:0] cnd_s2f;
  always_comb begin
    cnd_any = 1'b0;
    for (int l = 0; l < 32; l++) begin
      logic pc_t;
      case (ins0.pcnd)
        2'd0: pc_t = p0[l];
        2'd1: pc_t = !p0[l];
        2'd2: pc_t = 1'b1;
        default: pc_t = 1'b0;
      endcase
      if (all[l] && pc_t && pe[l]) cnd_any = 1'b1;
    end
    // CNDSETL part B: the first instance with Pe in the order {16..31, 0..15} (D11)
    cnd_first = 1'b0;
    first = 5'd0;
    for (int k = 31; k >= 0; k--) begin
      logic [4:0] l;
      l = ni32 ? 5'(k + 16) : 5'(k);
      if ((ni32 || k < 16) && pe[l]) begin cnd_first = 1'b1; first = l; end
    end
    cnd_s2f = rd(usc_pkg::s_at(g.s, 2), $signed(32'(first)));
  end

  // ---- the complex ops FRCP FRSQ FSQRT FLOG FEXP (usc_x_cplx): the model's
  // fp_rcp..fp_exp2 are correctly rounded, as rtl/common/fp/fp32_trans (the
  // "usc" policy: IEEE denormals, tininess after rounding, the default NaN).
  // One unit, the instances in turn (2-103 cycles each), before the passes:
  // cxr holds every instance's result when cx_ready.  F64DIV, F64RCP,
  // F64SQRT, F64RSQ (model D32) run the same way on rtl/common/fp/fp64_dsr
  // (the usc policy; 2-58 cycles each) with a = {S3, S0}, b = {S4, S1}.
  logic        cx_op, cx_f64, cx_gfn, cx_ready, cx_started, cx_busy, cx_done, cx_go, cx_wait;
  logic        t_busy, t_done, d_busy, d_done, g_busy, g_done;
  logic [32:0] g_r;
  logic [4:0]  cx_i;
  logic [2:0]  cx_code;
  logic [1:0]  dx_code;
  logic [31:0] cx_a, t_r;
  logic [63:0] cx_r, d_r, dx_a, dx_b;
  logic [63:0] cxr [32];
  /* verilator lint_off UNUSEDSIGNAL */
  logic [5:0]  d_exc;                     // no exception state in the USC
  /* verilator lint_on UNUSEDSIGNAL */
  assign cx_f64 = g.ninsn != 3'd0 && ins0.op >= usc_pkg::OP_F64DIV && ins0.op <= usc_pkg::OP_F64RSQ;
  // GCMP, GEXP, FSINC, FARCTANC (model D41-D44) the same way on usc_gfn (R21)
  assign cx_gfn = g.ninsn != 3'd0 && (ins0.op == usc_pkg::OP_GCMP || ins0.op == usc_pkg::OP_GEXP ||
                                      ins0.op == usc_pkg::OP_FSINC || ins0.op == usc_pkg::OP_FARCTANC);
  // the reciprocal of W of FITRP, DITR and ITRSMP (perspective control 1
  // or 2) on the same unit (R22): cx_ins a group whose first instruction
  // needs it too (the core faults, WHY_CORE)
  logic        cx_ins, cx_itr;
  assign cx_ins = (g.ninsn != 3'd0 && ins0.op >= usc_pkg::OP_FRCP && ins0.op <= usc_pkg::OP_FEXP) || cx_f64 || cx_gfn;
  assign cx_op = cx_ins || cx_itr;
  always_comb begin
    case (ins0.op)
      usc_pkg::OP_FRCP:  cx_code = 3'd0;
      usc_pkg::OP_FRSQ:  cx_code = 3'd1;
      usc_pkg::OP_FSQRT: cx_code = 3'd2;
      usc_pkg::OP_FEXP:  cx_code = 3'd3;
      default:  cx_code = 3'd4;   // FLOG
    endcase
    cx_a = g.smask[0] ? rd(usc_pkg::s_at(g.s, 0), $signed(32'(cx_i))) : 32'd0;
    if (ins0.mods[0]) cx_a[31] = 1'b0;          // .abs, then .neg (L354)
    if (ins0.mods[1]) cx_a[31] = !cx_a[31];
    if (cx_itr) begin                           // RCP of the iterated W, as the iterator returns it
      cx_code = 3'd0;
      cx_a = itrm[(32'(ff_mode) * NCF + 32'(ff_woff)) * 32 + 32'(cx_i)];
    end
    // fp64_dsr's op: 0 DIV, 1 SQRT, 2 RSQ, 3 RCP
    dx_code = ins0.op == usc_pkg::OP_F64SQRT ? 2'd1 : ins0.op == usc_pkg::OP_F64RSQ ? 2'd2 : ins0.op == usc_pkg::OP_F64RCP ? 2'd3 : 2'd0;
    dx_a = {g.smask[3] ? rd(usc_pkg::s_at(g.s, 3), $signed(32'(cx_i))) : 32'd0, g.smask[0] ? rd(usc_pkg::s_at(g.s, 0), $signed(32'(cx_i))) : 32'd0};
    dx_b = {g.smask[4] ? rd(usc_pkg::s_at(g.s, 4), $signed(32'(cx_i))) : 32'd0, g.smask[1] ? rd(usc_pkg::s_at(g.s, 1), $signed(32'(cx_i))) : 32'd0};
  end
  fp32_trans u_cx (.clk(clk), .rst_n(rst_n), .start(cx_go && !cx_f64 && !cx_gfn && !cx_busy && !cx_started), .op(cx_code), .a(cx_a),
                   .dnan(32'h7fc00000), .daz(1'b0), .ftz(1'b0), .tiny_after(1'b1), .nan_keep(1'b0),
                   .nan_prop(2'd2), .busy(t_busy), .done(t_done), .r(t_r));
  fp64_dsr u_dsr (.clk(clk), .rst_n(rst_n), .start(cx_go && cx_f64 && !cx_busy && !cx_started), .op(dx_code),
                  .a(dx_a), .b(dx_b), .rm(3'd0), .daz(1'b0), .ftz(1'b0), .tiny_after(1'b1), .ovf_sat(1'b0),
                  .nan_prop(2'd2), .nan_keep(1'b0), .nan_inf(1'b0), .dnan(64'h7ff8000000000000), .dexc_always(1'b0),
                  .clamp(1'b0), .clamp_nan_keep(1'b0), .clamp_negzero_keep(1'b0),
                  .busy(d_busy), .done(d_done), .r(d_r), .exc(d_exc));
  usc_gfn u_gfn (.clk(clk), .rst_n(rst_n), .start(cx_go && cx_gfn && !cx_busy && !cx_started),
                 .op(ins0.op == usc_pkg::OP_GCMP ? 2'd0 : ins0.op == usc_pkg::OP_GEXP ? 2'd1 : ins0.op == usc_pkg::OP_FSINC ? 2'd2 : 2'd3),
                 .a(cx_a), .busy(g_busy), .done(g_done), .r(g_r));
  assign cx_busy = cx_f64 ? d_busy : cx_gfn ? g_busy : t_busy;
  assign cx_done = cx_f64 ? d_done : cx_gfn ? g_done : t_done;
  assign cx_r = cx_f64 ? d_r : cx_gfn ? {31'd0, g_r} : {32'd0, t_r};

  // ---- the lanes of this pass
  logic [31:0] lw0 [LPC], lw1 [LPC];
  logic        lp0 [LPC], lpe [LPC], lco [LPC];
  for (genvar j = 0; j < LPC; j++) begin : g_lane
    logic [191:0] src;            // S k at [32*k +: 32]
    logic [127:0] qs0, qs3;       // S0 and S3 of the instance's quad (derivatives, D18), instance i at [32*i +: 32]
    int l;
    assign l = $signed(32'(pass)) * LPC + j;
    always_comb begin
      for (int k = 0; k < 6; k++) src[32*k +: 32] = g.smask[k] ? rd(usc_pkg::s_at(g.s, k), l) : 32'd0;
      for (int i = 0; i < 4; i++) begin
        qs0[32*i +: 32] = g.smask[0] ? rd(usc_pkg::s_at(g.s, 0), (l & ~3) + i) : 32'd0;
        qs3[32*i +: 32] = g.smask[3] ? rd(usc_pkg::s_at(g.s, 3), (l & ~3) + i) : 32'd0;
      end
    end
    usc_lane u_lane (.grp(g), .src(src), .p0s(p0[l]), .couts(cout[l]), .pes(pe[l]), .link(link),
                     .cnd_any(cnd_any), .cnd_first(cnd_first), .cnd_s2f(cnd_s2f),
                     .qs0(qs0), .qs3(qs3), .qpos(2'(l)), .cx(cxr[l]), .cvt_rne(k_cvt_rne), .small_sat(k_small_sat), .fused(k_fused), .sop_fused(k_sop_fused),
                     .w0(lw0[j]), .w1(lw1[j]), .p0o(lp0[j]), .pen(lpe[j]), .coutn(lco[j]));
  end

  // results of the earlier passes, and the merged view of the last one
  logic [31:0] sw0 [32], sw1 [32];
  logic [31:0] sp0, spe, sco;
  logic [31:0] mw0 [32], mw1 [32];
  logic [31:0] mp0, mpe, mco;
  always_comb begin
    for (int l = 0; l < 32; l++) begin
      mw0[l] = sw0[l]; mw1[l] = sw1[l];
    end
    mp0 = sp0; mpe = spe; mco = sco;
    for (int j = 0; j < LPC; j++) begin
      mw0[$signed(32'(pass)) * LPC + j] = lw0[j];
      mw1[$signed(32'(pass)) * LPC + j] = lw1[j];
      mp0[$signed(32'(pass)) * LPC + j] = lp0[j];
      mpe[$signed(32'(pass)) * LPC + j] = lpe[j];
      mco[$signed(32'(pass)) * LPC + j] = lco[j];
    end
  end

  // ---- what the group writes (the same for every instance)
  logic        p0set, peset, coutset, brn, taken, lapc, bal, savl, movw, movc, whole, cndsetl_b, sopmov;
  logic        idf, wdf, idrc, wdrc;      // the backend's IDF, LD, ST or ATOM (its DRC) and WDF (its DRC)
  logic [1:0]  mop;                       // the backend's data access: 0 none (IDF too), 1 LD, 2 ST, 3 ATOM
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0] mctl;                      // ... its memory control word (model D37)
  /* verilator lint_on UNUSEDSIGNAL */
  logic        atst, atst_p0, depthf;     // the backend transactions (model D45, D46)
  logic        ff, uvsw;                  // FITR FITRP SMP DITR ITRSMP; UVSW (model D47-D52, R22)
  logic        ff_swdf;                   // ... DITR or ITRSMP with .schedwdf (below)
  logic [6:0]  fop;                       // ... which
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0] fctl, uctl;                // ... the (first) control word
  /* verilator lint_on UNUSEDSIGNAL */
  logic [3:0]  p0slot, wslot0, wslot1;
  logic        wset0, wset1;
  logic [31:0] fall, next_pc, endp;
  logic [31:0] brimm;
  logic [6:0]  brop;
  logic [4:0]  brm;
  /* verilator lint_off UNUSEDSIGNAL */
  usc_pkg::ins_t in;             // the fields that say what the group writes (module level:
  /* verilator lint_on UNUSEDSIGNAL */   // yosys 0.23 misreads a struct declared in a block)
  always_comb begin
    logic [1:0] ph [3];
    int np;
    in = '0;
    p0set = 1'b0; peset = 1'b0; coutset = 1'b0; brn = 1'b0; lapc = 1'b0; savl = 1'b0;
    movw = 1'b0; movc = 1'b0; cndsetl_b = 1'b0; sopmov = 1'b0;
    idf = 1'b0; wdf = 1'b0; idrc = 1'b0; wdrc = 1'b0; mop = 2'd0; mctl = 32'd0;
    atst = 1'b0; atst_p0 = 1'b0; depthf = 1'b0;
    ff = 1'b0; uvsw = 1'b0; fop = 7'd0; fctl = 32'd0; uctl = 32'd0;
    p0slot = usc_pkg::SL_P0; brimm = 32'd0; brop = 7'd0; brm = 5'd0;
    whole = g.ninsn != 3'd0 && usc_pkg::whole_op(ins0.op);
    for (int i = 0; i < 6; i++)
      if (i < $signed(32'(g.ninsn))) begin
        in = usc_pkg::ins_at(g.ins, i);
        if (in.op >= usc_pkg::OP_TSTZ && in.op <= usc_pkg::OP_TSTMAX && in.k[7 +: 7] == usc_pkg::K_P0) begin p0set = 1'b1; p0slot = usc_pkg::SL_TST; end
        if (in.op == usc_pkg::OP_CNDLT || in.op == usc_pkg::OP_FSINC) begin p0set = 1'b1; p0slot = usc_pkg::SL_P0; end
        if (in.op == usc_pkg::OP_TZ || in.op == usc_pkg::OP_TNZ) begin p0set = 1'b1; p0slot = usc_pkg::SL_BTST; end
        if (in.op >= usc_pkg::OP_CNDST && in.op <= usc_pkg::OP_CNDLPC) peset = 1'b1;
        if (in.op == usc_pkg::OP_CNDSETL && in.m == 5'd1) cndsetl_b = 1'b1;
        if (in.op >= usc_pkg::OP_ADD64 && in.op <= usc_pkg::OP_SMADD64) coutset = 1'b1;
        if (in.op >= usc_pkg::OP_BA && in.op <= usc_pkg::OP_BRL) begin brn = 1'b1; brop = in.op; brimm = in.imm; brm = in.m; end
        if (in.op == usc_pkg::OP_LAPC) lapc = 1'b1;
        if (in.op == usc_pkg::OP_SAVL) savl = 1'b1;
        if (in.op == usc_pkg::OP_MOV) movw = 1'b1;
        if (in.op == usc_pkg::OP_MOVC) movc = 1'b1;
        if (in.op == usc_pkg::OP_SOPMOV || in.op == usc_pkg::OP_SOPU8MADMOV) sopmov = 1'b1;
        if (in.op == usc_pkg::OP_IDF || in.op == usc_pkg::OP_LD || in.op == usc_pkg::OP_ST || in.op == usc_pkg::OP_ATOM) begin
          idf = 1'b1; idrc = in.imm[0]; mctl = in.imm;                        // the control word's DRC
          mop = in.op == usc_pkg::OP_LD ? 2'd1 : in.op == usc_pkg::OP_ST ? 2'd2 : in.op == usc_pkg::OP_ATOM ? 2'd3 : 2'd0;
        end
        // ATST's P0 (when named) is the backend's answer (model D45, slot be)
        if (in.op == usc_pkg::OP_ATST) begin
          atst = 1'b1; atst_p0 = in.k[6:0] == usc_pkg::K_P0;
          if (atst_p0) begin p0set = 1'b1; p0slot = usc_pkg::SL_BE; end
        end
        if (in.op == usc_pkg::OP_DEPTHF) depthf = 1'b1;
        // FITR FITRP SMP (the DRC in the control word) and DITR ITRSMP (in
        // the second) count a transaction as IDF (model D47-D52)
        if (in.op == usc_pkg::OP_FITR || in.op == usc_pkg::OP_FITRP || in.op == usc_pkg::OP_SMP ||
            in.op == usc_pkg::OP_DITR || in.op == usc_pkg::OP_ITRSMP) begin
          ff = 1'b1; fop = in.op; fctl = in.imm; idf = 1'b1;
          idrc = in.op == usc_pkg::OP_DITR || in.op == usc_pkg::OP_ITRSMP ? g.itc[0] : in.imm[0];
        end
        if (in.op == usc_pkg::OP_UVSW) begin uvsw = 1'b1; uctl = in.imm; end
        if (in.op == usc_pkg::OP_WDF) begin wdf = 1'b1; wdrc = in.o[0]; end       // the form's drc
      end
    np = 0;
    ph[0] = 2'd0; ph[1] = 2'd0; ph[2] = 2'd0;
    for (int p = 0; p < 3; p++) if (g.slots[p]) begin ph[np] = 2'(p); np = np + 1; end
    wset0 = 1'b0; wset1 = 1'b0; wslot0 = 4'd0; wslot1 = 4'd0;
    if (g.bitwise) begin
      wset0 = g.slots[usc_pkg::SL_BSH2]; wslot0 = usc_pkg::SL_BSH2;
      wset1 = g.slots[usc_pkg::SL_BCNT]; wslot1 = usc_pkg::SL_BCNT;
    end else begin
      if (whole) begin wset0 = 1'b1; wslot0 = usc_pkg::SL_P0; end
      else if (np > 0) begin wset0 = 1'b1; wslot0 = {2'd0, ph[np - 1]}; end
      if (np > 1) begin wset1 = 1'b1; wslot1 = {2'd0, ph[np - 2]}; end
      if (sopmov) begin wset1 = 1'b1; wslot1 = usc_pkg::SL_P2; end
      // F64MUL/F64ADD/F64BYP (whole, phase 0): W1 the high word (model D32)
      if (whole && (ins0.op == usc_pkg::OP_F64MUL || ins0.op == usc_pkg::OP_F64ADD || ins0.op == usc_pkg::OP_F64BYP ||
                    ins0.op == usc_pkg::OP_F64MAD || ins0.op == usc_pkg::OP_F16SOPMAD ||
                    (ins0.op >= usc_pkg::OP_F64DIV && ins0.op <= usc_pkg::OP_F64RSQ))) begin
        wset1 = 1'b1; wslot1 = usc_pkg::SL_P0;
      end
      // F16SOP (whole, phase 0): W1 with F32 outputs or its MOV part (model usc_sop_w1)
      if (whole && ins0.op == usc_pkg::OP_F16SOP && (g.sop[25 +: 2] == 2'd0 || g.sop[55])) begin
        wset1 = 1'b1; wslot1 = usc_pkg::SL_P0;
      end
      // MOV (slot mov) runs before the backend (slot be): SAVL drives W0 last
      if (movw || movc) begin wset0 = 1'b1; wslot0 = usc_pkg::SL_MOV; end
      if (movc) begin wset1 = 1'b1; wslot1 = usc_pkg::SL_MOV; end
      if (savl) begin wset0 = 1'b1; wslot0 = usc_pkg::SL_BE; end
    end
    fall = pc + {25'd0, gnw, 2'd0};
    taken = brm == 5'd1 ? act == all : act != 32'd0;
    bal = brn && taken && (brop == usc_pkg::OP_BAL || brop == usc_pkg::OP_BRL);
    next_pc = fall;
    if (brn && taken) next_pc = (brop == usc_pkg::OP_BA || brop == usc_pkg::OP_BAL) ? brimm << 1 : pc + (brimm << 1);
    if (lapc && act != 32'd0) next_pc = link << 1;
    endp = base + (nwords << 2);
  end

  // the write-back of each W per instance: register and value (the retire
  // record; the write-backs run from it after the retire, R17)
  logic [11:0] wad [2][32];
  logic [31:0] wvl [2][32];
  always_comb
    for (int w = 0; w < 2; w++)
      for (int l = 0; l < 32; l++) begin
        wad[w][l] = 12'(raddr(usc_pkg::w_at(g.w, w), l));
        wvl[w][l] = w == 0 ? mw0[l] : mw1[l];
      end

  // ---- the data-return counters (model D39, D40): an IDF with an executing
  // instance counts one transaction on its DRC (at 255 another faults,
  // WHY_DRC); a WDF with an executing instance waits for every transaction
  // of its DRC (an IDF returns nothing: the count goes back to 0 at once);
  // the end of the task completes every transaction.  The record lists a
  // DRC the group counted, one a WDF set back from nonzero to 0, and at the
  // end every nonzero one with 0.
  logic [15:0] drc_new;
  logic [1:0]  drc_en;
  logic        drc_full, leaving;
  always_comb begin
    leaving = next_pc < base || next_pc >= endp;
    drc_new = drc;
    drc_en = 2'b00;
    drc_full = idf && act != 32'd0 && drc[8*idrc +: 8] == 8'd255;
    for (int d = 0; d < 2; d++) begin
      if (idf && act != 32'd0 && idrc == 1'(d)) begin drc_new[8*d +: 8] = drc[8*d +: 8] + 8'd1; drc_en[d] = 1'b1; end
      if (wdf && act != 32'd0 && wdrc == 1'(d) && drc[8*d +: 8] != 8'd0) begin drc_new[8*d +: 8] = 8'd0; drc_en[d] = 1'b1; end
      // DITR/ITRSMP .schedwdf: counted, then completed as a WDF on the DRC after the issue (D51)
      if (ff_swdf && act != 32'd0 && idrc == 1'(d)) begin drc_new[8*d +: 8] = 8'd0; drc_en[d] = 1'b1; end
      if (leaving && drc_new[8*d +: 8] != 8'd0) begin drc_new[8*d +: 8] = 8'd0; drc_en[d] = 1'b1; end
    end
  end

  // ---- LD, ST and ATOM (model D37-D39, R19): the address, burst and
  // coverage mask of every instance (the sources as the group found them),
  // the model's refusals (WHY_MEM) and the window (WHY_WIN)
  logic [31:0] m_addr [32], m_burst [32], m_cov [32];
  logic [4:0]  m_maxb;                    // the longest burst of an executing instance (LD, ST)
  logic [5:0]  m_nreg;                    // the outstanding registers the row adds
  logic [2:0]  m_sz;                      // ST: bytes per element
  logic        m_bad, m_win;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [20:0] m_reg;                     // LD's S3, ST's data, ATOM's source/destination
  /* verilator lint_on UNUSEDSIGNAL */
  always_comb begin
    logic [31:0] mfirst, span;
    logic [5:0]  nrun;
    m_maxb = 5'd0; m_bad = 1'b0; m_win = 1'b0;
    m_sz = mop == 2'd2 ? 3'd1 << mctl[15:14] : 3'd4;
    m_reg = usc_pkg::s_at(g.s, mop == 2'd1 ? 3 : $signed(32'(mctl[13:11])));
    for (int l = 0; l < 32; l++) begin
      m_addr[l] = rd(usc_pkg::s_at(g.s, $signed(32'(mctl[3:1]))), l);
      m_burst[l] = mctl[6:4] == 3'd7 ? {28'd0, mctl[10:7]} + 32'd1 : rd(usc_pkg::s_at(g.s, $signed(32'(mctl[6:4]))), l);
      m_cov[l] = mctl[18:16] == 3'd7 ? 32'h0000ffff : rd(usc_pkg::s_at(g.s, $signed(32'(mctl[18:16]))), l);
      if (act[l] && (mop == 2'd1 || mop == 2'd2)) begin
        if (m_burst[l] < 32'd1 || m_burst[l] > 32'd16) m_bad = 1'b1;
        else if (m_burst[l][4:0] > m_maxb) m_maxb = m_burst[l][4:0];
      end
      // a store's bytes and an atomic's DWORD inside the window
      mfirst = (m_addr[l] & ~(32'(m_sz) - 32'd1)) - dmem_base;
      span = mop == 2'd2 ? m_burst[l] * 32'(m_sz) : 32'd4;
      if (act[l] && (mop == 2'd2 || mop == 2'd3) && span <= 32'd64 &&
          (mfirst >= 32'(4 * DMEM_WORDS) || span > 32'(4 * DMEM_WORDS) - mfirst)) m_win = 1'b1;
    end
    m_nreg = mop == 2'd1 ? {1'b0, m_maxb} : mop == 2'd3 ? 6'd1 : ff ? {1'b0, ff_n} : 6'd0;
    // the registers a burst runs through, and ATOM.CMPXCHG's comparator (the next register)
    nrun = mop == 2'd3 ? (mctl[22:19] == 4'd9 ? 6'd2 : 6'd1) : {1'b0, m_maxb};
    if (mop != 2'd0 && nrun != 6'd0 && !in_range(m_reg, {26'd0, m_reg[usc_pkg::RG_INDEX +: 12]} + 38'(nrun) - 38'd1)) m_bad = 1'b1;
    if ({1'b0, npend} + {1'b0, m_nreg} > 7'd32) m_bad = 1'b1;
    // the last group's announcements and the end's write-backs in one record
    if (leaving && {1'b0, npend} + {m_nreg, 1'b0} > 7'd40) m_bad = 1'b1;
    if ((mop == 2'd0 && !ff) || act == 32'd0) begin m_bad = 1'b0; m_win = 1'b0; end
  end

  // ---- FITR, FITRP, SMP, DITR, ITRSMP and UVSW (model D47-D52, R22): the
  // values count n, the destination run, the iterator's mode, coefficients
  // and W coefficients, the texture, the perspective (0 none, 1 1/W from
  // the unit, 2 the kept 1/W), and the model's refusals (WHY_FF)
  logic        ff_it, ff_tex, ff_sat, ff_store, ff_bad;
  logic [4:0]  ff_n, ff_cnt;
  logic [1:0]  ff_mode, ff_persp;
  logic [7:0]  ff_coff, ff_woff;
  logic [11:0] ff_t;
  logic [3:0]  ff_bank;
  logic [11:0] ff_idx;
  always_comb begin
    /* verilator lint_off UNUSEDSIGNAL */
    logic [20:0] dst;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [1:0]  p;
    ff_it = fop == usc_pkg::OP_DITR || fop == usc_pkg::OP_ITRSMP;
    ff_tex = fop == usc_pkg::OP_SMP || fop == usc_pkg::OP_ITRSMP;
    p = ff_it ? fctl[27:26] : 2'd0;
    ff_cnt = ff_it ? {1'b0, fctl[31:28]} + 5'd1 : {1'b0, fctl[7:4]} + 5'd1;
    ff_n = fop == usc_pkg::OP_SMP ? {3'd0, fctl[4:3]} + 5'd1 : fop == usc_pkg::OP_ITRSMP ? {3'd0, g.itc[23:22]} + 5'd1 : ff_cnt;
    dst = usc_pkg::s_at(g.s, fop == usc_pkg::OP_SMP ? 4 : 3);
    ff_bank = ff_it ? usc_pkg::B_R : dst[usc_pkg::RG_BANK +: 4];
    ff_idx = ff_it ? {4'd0, fctl[7:0]} : dst[usc_pkg::RG_INDEX +: 12];
    ff_mode = ff_it ? fctl[25:24] : fctl[2:1];
    ff_coff = ff_it ? fctl[15:8] : g.s[usc_pkg::RG_INDEX +: 8];                   // S0's cf
    ff_woff = ff_it ? fctl[23:16] : g.s[21*2 + usc_pkg::RG_INDEX +: 8];           // S2's cf
    ff_t = fop == usc_pkg::OP_SMP ? g.s[usc_pkg::RG_INDEX +: 12] : {4'd0, g.itc[11:4]};
    ff_sat = !ff_tex && (ff_it ? g.itc[1] : fctl[3]);
    ff_persp = fop == usc_pkg::OP_FITRP || (ff_it && (p == 2'd1 || p == 2'd2)) ? 2'd1 : ff_it && p == 2'd3 ? 2'd2 : 2'd0;
    ff_store = ff && ff_it && p == 2'd2;
    ff_swdf = ff && ff_it && g.itc[3:2] == 2'd2;
    cx_itr = ff && act != 32'd0 && ff_persp == 2'd1;
    ff_bad = 1'b0;
    // the destination run in its bank, the coefficients (4 a value) and the W coefficients in CF
    if (!in_range({17'd0, ff_bank}, 38'(ff_idx) + 38'(ff_n) - 38'd1)) ff_bad = 1'b1;
    if (fop != usc_pkg::OP_SMP)
      if (!in_range({17'd0, usc_pkg::B_CF}, 38'(ff_coff) + 38'({ff_cnt, 2'd0}) - 38'd1)) ff_bad = 1'b1;
    if (ff_persp == 2'd1 && !in_range({17'd0, usc_pkg::B_CF}, 38'(ff_woff) + 38'd3)) ff_bad = 1'b1;
    if (fop == usc_pkg::OP_ITRSMP && (!in_range({17'd0, usc_pkg::B_SH}, 38'(g.itc[11:4])) ||
                                      !in_range({17'd0, usc_pkg::B_SH}, 38'(g.itc[19:12])))) ff_bad = 1'b1;
    if (ff_persp == 2'd2 && (act & ~itr_rwset) != 32'd0) ff_bad = 1'b1;
    if (!ff || act == 32'd0) ff_bad = 1'b0;
    // UVSW: an address from a source above 255 for an executing instance
    if (uvsw && !uctl[4])
      for (int l = 0; l < 32; l++)
        if (act[l] && rd(usc_pkg::s_at(g.s, $signed(32'(uctl[7:5]))), l) > 32'd255) ff_bad = 1'b1;
  end

  // the memory unit: one access a cycle before the group retires, instance
  // by instance (lowest first: ATOM's order, D38), element by element; a
  // load's DWORD goes to its outstanding register, a store's element and an
  // atomic's result to the memory, their bytes to the record (rt_mw_*)
  logic        mu_ready, mu_wait, mu_run, mu_first, mu_ok, mu_last, mu_in, mu_wr;
  logic [4:0]  mu_l;
  logic [3:0]  mu_e;
  logic [31:0] mu_a, mu_off, mu_old, mu_v, mu_cmp, mu_new;
  logic [3:0]  mu_be;
  logic [1:0]  mu_c;                      // ST: the 16-byte chunk of the element
  logic [3:0]  mu_o;                      // ... its first byte in the chunk
  logic [6:0]  mu_n;                      // ST: the instance's bytes (burst x size)
  assign mu_wait = (mop != 2'd0 || ff) && act != 32'd0 && !mu_ready;
  assign mu_first = mu_l == 5'd0 && mu_e == 4'd0;
  always_comb begin
    logic [20:0] rg;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [6:0] cb;
    /* verilator lint_on UNUSEDSIGNAL */
    mu_ok = act[mu_l] && (ff ? {1'b0, mu_e} < ff_n : mop == 2'd3 ? mu_e == 4'd0 : {28'd0, mu_e} < m_burst[mu_l]);
    mu_last = ff ? {1'b0, mu_e} + 5'd1 >= ff_n : mop == 2'd3 || {28'd0, mu_e} + 32'd1 >= m_burst[mu_l];
    if (mop == 2'd2) mu_a = (m_addr[mu_l] & ~(32'(m_sz) - 32'd1)) + 32'(mu_e) * 32'(m_sz);
    else mu_a = (m_addr[mu_l] & ~32'd3) + (mop == 2'd1 ? {26'd0, mu_e, 2'd0} : 32'd0);
    mu_off = mu_a - dmem_base;
    mu_in = mu_off < 32'(4 * DMEM_WORDS);
    mu_old = mu_in ? dmem[mu_off[DAW+1:2]] : 32'd0;     // outside the window: 0 (never written)
    rg = m_reg;
    rg[usc_pkg::RG_INDEX +: 12] = m_reg[usc_pkg::RG_INDEX +: 12] + (mop == 2'd2 ? {8'd0, mu_e} : 12'd0);
    mu_v = rd(rg, $signed(32'(mu_l)));
    rg[usc_pkg::RG_INDEX +: 12] = m_reg[usc_pkg::RG_INDEX +: 12] + 12'd1;
    mu_cmp = rd(rg, $signed(32'(mu_l)));
    mu_wr = 1'b1;
    mu_be = 4'hf;
    mu_new = mu_v;
    mu_n = 7'(m_burst[mu_l][4:0]) * 7'(m_sz);
    cb = 7'(mu_e) * 7'(m_sz);
    mu_c = cb[5:4];
    mu_o = cb[3:0];
    if (mop == 2'd2) begin           // the element's low bytes into its place in the DWORD
      mu_wr = m_cov[mu_l][{1'b0, mu_e}];
      mu_be = m_sz == 3'd1 ? 4'b0001 << mu_a[1:0] : m_sz == 3'd2 ? 4'b0011 << mu_a[1:0] : 4'hf;
      mu_new = mu_v << {mu_a[1:0], 3'd0};
    end
    if (mop == 2'd3)
      case (mctl[22:19])             // the D38 operations on the old DWORD
        4'd0: mu_new = mu_old + mu_v;
        4'd1: mu_new = mu_old < mu_v ? mu_old : mu_v;
        4'd2: mu_new = mu_old > mu_v ? mu_old : mu_v;
        4'd3: mu_new = $signed(mu_old) < $signed(mu_v) ? mu_old : mu_v;
        4'd4: mu_new = $signed(mu_old) > $signed(mu_v) ? mu_old : mu_v;
        4'd5: mu_new = mu_old & mu_v;
        4'd6: mu_new = mu_old | mu_v;
        4'd7: mu_new = mu_old ^ mu_v;
        4'd8: mu_new = mu_v;
        default: begin mu_wr = mu_old == mu_cmp; mu_new = mu_v; end   // CMPXCHG: the comparator is Sd+1
      endcase
  end

  // the value e of instance l of a fixed-function row (R22): the texture
  // unit's channel, or the iterator's value times 1/W (the unit's result or
  // the kept one) or 1.0, each product rounded once with `.sat`'s clamp
  logic [31:0] ff_iv, ff_tv, ff_mv, ff_v;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [5:0]  ff_exc;                    // no exception state in the USC
  /* verilator lint_on UNUSEDSIGNAL */
  always_comb begin
    ff_iv = ff_mode != 2'd3 && 32'(ff_coff) + 32'({mu_e, 2'd0}) < 32'(NCF) ?
            itrm[(32'(ff_mode) * NCF + 32'(ff_coff) + 32'({mu_e, 2'd0})) * 32 + 32'(mu_l)] : 32'd0;
    ff_tv = 32'(ff_t) < 32'(NTEX) && mu_e < 4'd4 ? texm[(32'(ff_t) * 32 + 32'(mu_l)) * 4 + 32'(mu_e)] : 32'd0;
  end
  fp32_mul u_ffmul (.a(ff_iv), .b(ff_persp == 2'd2 ? itr_rw[mu_l] : ff_persp == 2'd1 ? cxr[mu_l][31:0] : 32'h3f800000),
    .dnan(32'h7fc00000), .daz(1'b0), .ftz(1'b0), .tiny_after(1'b1), .ovf_sat(1'b0), .nan_keep(1'b0), .nan_inf(1'b0),
    .dexc_always(1'b0), .zero_wins(1'b0), .zw_sign_xor(1'b0), .clamp(ff_sat), .clamp_nan_keep(1'b0),
    .clamp_negzero_keep(1'b0), .rm(3'd0), .nan_prop(2'd2), .r(ff_mv), .exc(ff_exc));
  assign ff_v = ff_tex ? ff_tv : ff_persp != 2'd0 || ff_sat ? ff_mv : ff_iv;

  // UVSW's address per instance: the immediate or the source's value (0-255)
  logic [7:0] uvsw_a [32];
  always_comb
    for (int l = 0; l < 32; l++) begin
      /* verilator lint_off UNUSEDSIGNAL */
      logic [31:0] a;
      /* verilator lint_on UNUSEDSIGNAL */
      a = rd(usc_pkg::s_at(g.s, $signed(32'(uctl[7:5]))), l);
      uvsw_a[l] = uctl[4] ? uctl[12:5] : a[7:0];
    end

  // ---- the drains (R19): the outstanding registers of a WDF's DRC (before
  // the group's W0/W1 write-backs), and every one at the end of the task
  // (after them); LPC instances of one register a cycle
  logic        dr, dr_b, post_w, post_end;
  logic [31:0] dr_m, wdf_m, all_m;
  logic [4:0]  dr_i;
  logic [$clog2(NPASS + 1)-1:0] dr_p;
  logic [5:0]  dr_keep;                   // the entries a drain leaves
  logic [4:0]  dr_src [32];               // ... entry k of them after it (the k-th left)
  always_comb begin
    wdf_m = 32'd0; all_m = 32'd0; dr_keep = 6'd0;
    for (int k = 0; k < 32; k++) dr_src[k] = 5'(k);
    for (int e = 0; e < 32; e++)
      if (6'(e) < npend) begin
        all_m[e] = 1'b1;
        if (pdrc[e] == wdrc && wdf && act != 32'd0) wdf_m[e] = 1'b1;
        if (pdrc[e] == idrc && ff_swdf && act != 32'd0) wdf_m[e] = 1'b1;
        if (!dr_m[e]) begin dr_src[dr_keep[4:0]] = 5'(e); dr_keep = dr_keep + 6'd1; end
      end
    // .schedwdf: the group's own new entries too (entered at this edge)
    for (int e = 0; e < 32; e++)
      if (ff_swdf && act != 32'd0 && 6'(e) >= npend && 7'(e) < {1'b0, npend} + {1'b0, m_nreg}) wdf_m[e] = 1'b1;
  end
  logic dr_step;                          // the drain moves to the next entry
  assign dr_step = !dr_m[dr_i] || $signed(32'(dr_p)) == NPASS - 1;

  always_comb
    for (int e = 0; e < 32; e++) begin
      rt_wb_bank[4*e +: 4] = pbank[e];
      rt_wb_index[12*e +: 12] = pidx[e];
      rt_wb_tag[16*e +: 16] = ptag[e];
      rt_wb_lanes[32*e +: 32] = plan[e];
      rt_wb_val[1024*e +: 1024] = pval[e];
    end

  // the write-back cycles after a retire: wb_n counts W0's passes, then W1's;
  // the next group waits for them (exe), and `done` with the last one
  localparam int WBW = $clog2(2 * NPASS);
  logic           wb, wb_end, wb_w, exe;
  logic [WBW-1:0] wb_n;
  int             wb_l0;
  assign wb_w = $signed(32'(wb_n)) >= NPASS;
  assign wb_l0 = ($signed(32'(wb_n)) % NPASS) * LPC;
  assign exe = running && !wb && !dr;

  logic go, last_pass, fault_now;
  logic [3:0] why;
  assign last_pass = $signed(32'(pass)) == (ni32 ? NPASS : (NPASS + 1) / 2) - 1 || NPASS == 1;
  always_comb begin
    why = 4'd0;
    if (pc_bad) why = usc_pkg::WHY_PC;
    else if (d_bad) why = usc_pkg::WHY_ILLEGAL;
    else if (d_unimpl) why = usc_pkg::WHY_UNIMPL;
    else if (d_core) why = usc_pkg::WHY_CORE;
    else if ((g.wmask[0] && !wset0) || (g.wmask[1] && !wset1)) why = usc_pkg::WHY_ILLEGAL;
    else if (rng_bad) why = usc_pkg::WHY_RANGE;
    else if (depthf && !wset0) why = usc_pkg::WHY_ILLEGAL;   // "depthf reads w0, which nothing drives"
    else if (uvsw && !(uctl[3] ? wset1 : wset0)) why = usc_pkg::WHY_ILLEGAL;   // "uvsw reads wN, which nothing drives"
    else if (cx_itr && cx_ins) why = usc_pkg::WHY_CORE;            // two users of the reciprocal unit
    else if (ff_bad) why = usc_pkg::WHY_FF;
    else if (drc_full) why = usc_pkg::WHY_DRC;
    else if (m_bad) why = usc_pkg::WHY_MEM;
    else if (m_win) why = usc_pkg::WHY_WIN;
  end
  assign mu_run = exe && why == 4'd0 && mu_wait && !cx_wait;
  assign fault_now = exe && why != 4'd0;
  // a group with a complex op waits for its results
  assign cx_go = exe && why == 4'd0 && cx_op && !cx_ready;
  assign cx_wait = cx_op && !cx_ready;
  assign go = exe && why == 4'd0 && last_pass && !cx_wait && !mu_wait;

  // ---- the register files: the load port, then the write-backs of a group.
  // A group retires first (its record holds every write-back: rt_w_*,
  // rt_exec), then the write-backs run from that record, W0 then W1, pass
  // by pass: LPC instances per cycle, instance after instance, so a shared
  // register written by several instances keeps the highest one's value
  // (D16), and each file has LPC write ports and the load port (R17).
  // Blocking assignments: Verilator 5.006 does not take a delayed
  // assignment to an array element inside a loop (BLKLOOPINIT); the files
  // are read by combinational logic only, so no process reads them at this
  // edge.
  /* verilator lint_off BLKSEQ */
  always_ff @(posedge clk) begin
    if (ld_we && !running && ld_sel == 3'd1)
      case (ld_addr[19:17])   // {file[19:17], instance[16:12], index[11:0]}
        3'd0: if (ld_addr[11:0] < 12'(NR)) r[ld_addr[7:0]][ld_addr[16:12]] = ld_data;
        3'd1: if (ld_addr[11:0] < 12'(NVI)) vi[ld_addr[7:0]][ld_addr[16:12]] = ld_data;
        3'd2: ir[ld_addr[2:0]][ld_addr[16:12]] = ld_data;
        3'd3: xr[ld_addr[0]][ld_addr[16:12]] = ld_data;
        3'd4: orr[ld_addr[2:0]][ld_addr[16:12]] = ld_data;
        default: ;
      endcase
    if (ld_we && !running && ld_sel == 3'd2)
      case (ld_addr[19:17])   // {file[19:17], index[11:0]}: CF, CFA, SH, DRC
        3'd0: if (ld_addr[11:0] < 12'(NCF)) cf[ld_addr[$clog2(NCF)-1:0]] = ld_data;
        3'd1: if (ld_addr[11:0] < 12'(NCF)) cfa[ld_addr[$clog2(NCF)-1:0]] = ld_data;
        3'd2: if ({1'b0, ld_addr[11:0]} < 13'(NSH)) sh[ld_addr[$clog2(NSH)-1:0]] = ld_data;
        default: ;   // 3: DRC0, DRC1 (below)
      endcase
    if (wb || dr)
      for (int j = 0; j < LPC; j++) begin
        int w, l, e;
        logic [11:0] a;
        logic [31:0] v;
        logic [3:0]  bk;
        logic        en;
        w = wb_w ? 1 : 0;
        l = wb_l0 + j;
        e = 32 * w + l;
        a = rt_w_addr[12*e +: 12];
        v = rt_w_val[32*e +: 32];
        bk = rt_w_bank[4*w +: 4];
        en = rt_w_en[w] && rt_exec[l];
        if (dr) begin                   // an outstanding register's instances of this pass (R19)
          l = $signed(32'(dr_p)) * LPC + j;
          a = pidx[dr_i];
          v = pval[dr_i][32*l +: 32];
          bk = pbank[dr_i];
          en = dr_m[dr_i] && plan[dr_i][l];
        end
        if (en)
          case (bk)
            usc_pkg::B_R:   r[a[7:0]][l] = v;
            usc_pkg::B_VI:  vi[a[7:0]][l] = v;
            usc_pkg::B_I:   ir[a[2:0]][l] = v;
            usc_pkg::B_IDX: xr[a[0]][l] = v;
            usc_pkg::B_O:   orr[a[2:0]][l] = v;
            usc_pkg::B_CF:  cf[a[$clog2(NCF)-1:0]] = v;
            usc_pkg::B_CFA: cfa[a[$clog2(NCF)-1:0]] = v;
            usc_pkg::B_SH:  sh[a[$clog2(NSH)-1:0]] = v;
            default: ;
          endcase
      end
  end
  /* verilator lint_on BLKSEQ */

  // ---- the outstanding registers (R19): a load's DWORD or an atomic's old
  // DWORD from the memory unit; at the retire one entry per burst position
  // of a load, or the atomic's; after a drain the entries left move down
  always_ff @(posedge clk) begin
    if (mu_run && mu_ok && mop == 2'd1) pval[5'(6'(mu_e) + npend)][32*mu_l +: 32] <= mu_old;
    if (mu_run && mu_ok && mop == 2'd3) pval[5'(npend)][32*mu_l +: 32] <= mu_old;
    if (mu_run && mu_ok && ff) pval[5'(6'(mu_e) + npend)][32*mu_l +: 32] <= ff_v;
    if (go && act != 32'd0 && ff)        // FITR FITRP SMP DITR ITRSMP: n registers from the destination (R22)
      for (int i = 0; i < 16; i++)
        if (5'(i) < ff_n) begin
          pbank[5'(npend) + 5'(i)] <= ff_bank;
          pidx[5'(npend) + 5'(i)] <= ff_idx + 12'(i);
          ptag[5'(npend) + 5'(i)] <= seq;
          pdrc[5'(npend) + 5'(i)] <= idrc;
          plan[5'(npend) + 5'(i)] <= act;
        end
    if (go && ff_store)                  // perspective control 2 keeps each executing instance's 1/W
      for (int l = 0; l < 32; l++) if (act[l]) itr_rw[l] <= cxr[l][31:0];
    // the load port: the iterator's and the texture unit's words
    if (ld_we && !running && ld_sel == 3'd5 && ld_addr[14:13] != 2'd3 && 32'(ld_addr[12:5]) < 32'(NCF))
      itrm[(32'(ld_addr[14:13]) * NCF + 32'(ld_addr[12:5])) * 32 + 32'(ld_addr[4:0])] <= ld_data;
    if (ld_we && !running && ld_sel == 3'd6 && 32'(ld_addr[19:7]) < 32'(NTEX))
      texm[32'(ld_addr[19:7]) * 128 + 32'(ld_addr[6:0])] <= ld_data;
    if (go && act != 32'd0 && mop == 2'd1)
      for (int i = 0; i < 16; i++)
        if (5'(i) < m_maxb) begin
          pbank[5'(npend) + 5'(i)] <= m_reg[usc_pkg::RG_BANK +: 4];
          pidx[5'(npend) + 5'(i)] <= m_reg[usc_pkg::RG_INDEX +: 12] + 12'(i);
          ptag[5'(npend) + 5'(i)] <= seq;
          pdrc[5'(npend) + 5'(i)] <= idrc;
          for (int l = 0; l < 32; l++) plan[5'(npend) + 5'(i)][l] <= act[l] && m_burst[l] > 32'(i);
        end
    if (go && act != 32'd0 && mop == 2'd3) begin
      pbank[5'(npend)] <= m_reg[usc_pkg::RG_BANK +: 4]; pidx[5'(npend)] <= m_reg[usc_pkg::RG_INDEX +: 12];
      ptag[5'(npend)] <= seq; pdrc[5'(npend)] <= idrc; plan[5'(npend)] <= act;
    end
    if (dr && dr_step && dr_i == 5'd31) begin
      for (int k = 0; k < 32; k++) pbank[k] <= pbank[dr_src[k]];
      for (int k = 0; k < 32; k++) pidx[k] <= pidx[dr_src[k]];
      for (int k = 0; k < 32; k++) ptag[k] <= ptag[dr_src[k]];
      for (int k = 0; k < 32; k++) pdrc[k] <= pdrc[dr_src[k]];
      for (int k = 0; k < 32; k++) plan[k] <= plan[dr_src[k]];
      for (int k = 0; k < 32; k++) pval[k] <= pval[dr_src[k]];
    end
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      running <= 1'b0; done <= 1'b0; fault <= 1'b0; fault_pc <= 32'd0; fault_why <= 4'd0;
      base <= 32'd0; nwords <= 32'd0; pc <= 32'd0; link <= 32'd0; ni32 <= 1'b1;
      k_temps <= 13'd248; k_vins <= 13'd248; k_shared <= 13'd4096; k_coeffs <= 13'd256;
      k_internals <= 13'd8; k_fused <= 1'b1; k_cvt_rne <= 1'b0; k_small_sat <= 1'b0; k_sop_fused <= 1'b0;
      p0 <= 32'd0; pe <= 32'hffffffff; cout <= 32'd0; pass <= '0; drc <= 16'd0;
      cx_ready <= 1'b0; cx_started <= 1'b0; cx_i <= 5'd0;
      wb <= 1'b0; wb_end <= 1'b0; wb_n <= '0;
      rt_valid <= 1'b0;
      dmem_base <= 32'd0; seq <= 16'd0; npend <= 6'd0;
      mu_ready <= 1'b0; mu_l <= 5'd0; mu_e <= 4'd0;
      dr <= 1'b0; dr_b <= 1'b0; post_w <= 1'b0; post_end <= 1'b0; dr_m <= 32'd0; dr_i <= 5'd0; dr_p <= '0;
      rt_wb_en <= 32'd0; rt_mw_space <= 2'd0; rt_mw_mask <= '0;
      itr_rwset <= 32'd0;
    end else begin
      rt_valid <= 1'b0;
      if (ld_we && !running) begin
        case (ld_sel)
          3'd0: begin
            if ({12'd0, ld_addr} < IMEM_WORDS) imem[ld_addr[IAW-1:0]] <= ld_data;
            if ({12'd0, ld_addr} >= nwords) nwords <= {12'd0, ld_addr} + 32'd1;
          end
          3'd1:         // P0, Pe, COUT; the register files below
            case (ld_addr[19:17])
              3'd5: p0[ld_addr[16:12]] <= ld_data[0];
              3'd6: pe[ld_addr[16:12]] <= ld_data[0];
              3'd7: cout[ld_addr[16:12]] <= ld_data[0];
              default: ;
            endcase
          3'd2:         // DRC0, DRC1; CF, CFA, SH below
            if (ld_addr[19:17] == 3'd3) drc[8*ld_addr[0] +: 8] <= ld_data[7:0];
          3'd3:
            case (ld_addr[3:0])
              4'd0: base <= ld_data;
              4'd1: link <= ld_data;
              4'd2: ni32 <= ld_data != 32'd16;
              4'd3: k_temps <= ld_data[12:0];
              4'd4: k_vins <= ld_data[12:0];
              4'd5: k_shared <= ld_data[12:0];
              4'd6: k_coeffs <= ld_data[12:0];
              4'd7: k_internals <= ld_data[12:0];
              4'd8: k_fused <= ld_data[0];
              4'd9: k_cvt_rne <= ld_data[0];
              4'd10: k_small_sat <= ld_data[0];
              4'd11: k_sop_fused <= ld_data[0];
              4'd12: dmem_base <= ld_data & ~32'd3;
              default: ;
            endcase
          3'd4: if ({12'd0, ld_addr} < DMEM_WORDS) dmem[ld_addr[DAW-1:0]] <= ld_data;
          default: ;
        endcase
      end
      if (start && !running && !done && !fault) begin
        if (nwords == 32'd0) done <= 1'b1;
        else running <= 1'b1;
        pc <= base;
        pass <= '0;
        seq <= 16'd0;
      end
      if (wb) begin
        wb_n <= wb_n + 1'b1;
        if ($signed(32'(wb_n)) == 2 * NPASS - 1) begin
          wb <= 1'b0;
          if (wb_end) begin
            wb_end <= 1'b0;
            // the end of the task completes every transaction after the W0/W1 write-backs (D39)
            if (npend != 6'd0) begin dr <= 1'b1; dr_b <= 1'b1; dr_m <= all_m; dr_i <= 5'd0; dr_p <= '0; end
            else begin running <= 1'b0; done <= 1'b1; end
          end
        end
      end
      // a drain: entry dr_i's instances of pass dr_p, then the next entry;
      // after the last one the entries left move down, oldest first
      if (dr) begin
        if (dr_step) begin
          dr_p <= '0;
          dr_i <= dr_i + 5'd1;
          if (dr_i == 5'd31) begin
            npend <= dr_keep;
            dr <= 1'b0;
            if (!dr_b && post_w) begin wb <= 1'b1; wb_n <= '0; wb_end <= post_end; end
            else if (!dr_b && post_end && dr_keep != 6'd0) begin
              dr <= 1'b1; dr_b <= 1'b1; dr_m <= 32'((33'd1 << dr_keep) - 33'd1); dr_i <= 5'd0;
            end else if (post_end) begin running <= 1'b0; done <= 1'b1; end
          end
        end else dr_p <= dr_p + 1'b1;
      end
      // the memory unit's access of this cycle (LD, ST, ATOM)
      if (mu_run) begin
        int pt;
        pt = 4 * $signed(32'(mu_l)) + (mop == 2'd2 ? $signed(32'(mu_c)) : 0);
        if (mu_first) rt_mw_mask <= '0;
        if (mu_ok)
          case (mop)
            2'd1: ;                     // the DWORD goes to its outstanding register (below)
            2'd2: begin
              if (mu_wr && mu_in)
                for (int b = 0; b < 4; b++) if (mu_be[b]) dmem[mu_off[DAW+1:2]][8*b +: 8] <= mu_new[8*b +: 8];
              for (int b = 0; b < 4; b++)
                if (b < $signed(32'(m_sz))) rt_mw_data[128*pt + 8*($signed(32'(mu_o)) + b) +: 8] <= mu_v[8*b +: 8];
              rt_mw_mask[16*pt +: 16] <= (mu_first ? 16'd0 : rt_mw_mask[16*pt +: 16]) |
                                         (mu_wr ? (m_sz == 3'd1 ? 16'h1 : m_sz == 3'd2 ? 16'h3 : 16'hf) << mu_o : 16'd0);
              rt_mw_addr[32*pt +: 32] <= (m_addr[mu_l] & ~(32'(m_sz) - 32'd1)) + {26'd0, mu_c, 4'd0};
              rt_mw_size[5*pt +: 5] <= mu_n - {mu_c, 4'd0} > 7'd16 ? 5'd16 : 5'(mu_n - {mu_c, 4'd0});
            end
            default: begin
              if (mu_wr) begin
                if (mu_in) dmem[mu_off[DAW+1:2]] <= mu_new;
                rt_mw_addr[32*pt +: 32] <= mu_a; rt_mw_size[5*pt +: 5] <= 5'd4; rt_mw_mask[16*pt +: 16] <= 16'hf;
                rt_mw_data[128*pt +: 128] <= {96'd0, mu_new};
              end
            end
          endcase
        if (!mu_ok || mu_last) begin
          mu_e <= 4'd0;
          mu_l <= mu_l + 5'd1;
          if (mu_l == 5'd31) mu_ready <= 1'b1;
        end else mu_e <= mu_e + 4'd1;
      end
      if (fault_now) begin
        running <= 1'b0; fault <= 1'b1; fault_pc <= pc; fault_why <= why;
      end
      if (cx_go && !cx_busy && !cx_started) cx_started <= 1'b1;
      if (cx_done && cx_started) begin
        cxr[cx_i] <= cx_r;
        cx_started <= 1'b0;
        cx_i <= cx_i + 5'd1;
        if (cx_i == (ni32 ? 5'd31 : 5'd15)) begin cx_ready <= 1'b1; cx_i <= 5'd0; end
      end
      if (exe && why == 4'd0 && !last_pass && !cx_wait) begin
        for (int j = 0; j < LPC; j++) begin
          sw0[$signed(32'(pass)) * LPC + j] <= lw0[j];
          sw1[$signed(32'(pass)) * LPC + j] <= lw1[j];
          sp0[$signed(32'(pass)) * LPC + j] <= lp0[j];
          spe[$signed(32'(pass)) * LPC + j] <= lpe[j];
          sco[$signed(32'(pass)) * LPC + j] <= lco[j];
        end
        pass <= pass + 1'b1;
      end
      if (go) begin
        pass <= '0;
        cx_ready <= 1'b0;
        p0 <= p0set ? (p0 & ~act) | (mp0 & act) : p0;
        pe <= peset ? (pe & ~act) | (mpe & act) : pe;
        cout <= coutset ? (cout & ~act) | (mco & act) : cout;
        drc <= drc_new;
        // CNDSETL (phase 0) first, a taken BAL/BRL (backend) after it
        if (cndsetl_b && cnd_first) link <= cnd_s2f;
        if (bal) link <= fall >> 1;
        pc <= next_pc;
        npend <= npend + (act != 32'd0 ? m_nreg : 6'd0);
        seq <= seq + 16'd1;
        mu_ready <= 1'b0; mu_l <= 5'd0; mu_e <= 4'd0;
        // after the retire: a WDF's drain, the W0/W1 write-backs (R17), the
        // end of the task's drain; the last group's end waits for them
        post_w <= act != 32'd0 && g.wmask != 2'b00;
        post_end <= leaving;
        if (wdf_m != 32'd0) begin dr <= 1'b1; dr_b <= 1'b0; dr_m <= wdf_m; dr_i <= 5'd0; dr_p <= '0; end
        else if (act != 32'd0 && g.wmask != 2'b00) begin
          wb <= 1'b1; wb_n <= '0;
          wb_end <= leaving;
        end else if (leaving && npend + (act != 32'd0 ? m_nreg : 6'd0) != 6'd0) begin
          dr <= 1'b1; dr_b <= 1'b1; dr_m <= 32'((33'd1 << (npend + (act != 32'd0 ? m_nreg : 6'd0))) - 33'd1);
          dr_i <= 5'd0; dr_p <= '0;
        end else if (leaving) begin running <= 1'b0; done <= 1'b1; end
        // the records of the loads and atomics it makes visible, and its memory writes
        // (the end of the task: its own loads and atomics too, entered at this edge)
        rt_wb_en <= leaving ? 32'((33'd1 << (npend + (act != 32'd0 ? m_nreg : 6'd0))) - 33'd1) : wdf_m;
        rt_mw_space <= atst ? 2'd1 : depthf ? 2'd2 : uvsw ? 2'd3 : 2'd0;
        if (ff_store) itr_rwset <= itr_rwset | act;
        if (act == 32'd0 || !(mop == 2'd2 || mop == 2'd3)) rt_mw_mask <= '0;
        if (atst || depthf)     // ATST: S0, S1, S2 at 16 l of atst; DEPTHF: W0 at 4 l of depthf (D45, D46)
          for (int l = 0; l < 32; l++)
            if (act[l]) begin
              rt_mw_addr[32*4*l +: 32] <= atst ? 32'(16 * l) : 32'(4 * l);
              rt_mw_size[5*4*l +: 5] <= atst ? 5'd12 : 5'd4;
              rt_mw_mask[16*4*l +: 16] <= atst ? 16'h0fff : 16'h000f;
              rt_mw_data[128*4*l +: 128] <= atst ? {32'd0, g.smask[2] ? rd(usc_pkg::s_at(g.s, 2), l) : 32'd0,
                                                    g.smask[1] ? rd(usc_pkg::s_at(g.s, 1), l) : 32'd0,
                                                    g.smask[0] ? rd(usc_pkg::s_at(g.s, 0), l) : 32'd0}
                                                 : {96'd0, mw0[l]};
            end
        if (uvsw)               // UVSW: W0 or W1 at 1024 l + 4 a of uvs (D50, R22)
          for (int l = 0; l < 32; l++)
            if (act[l]) begin
              rt_mw_addr[32*4*l +: 32] <= 32'(1024 * l) + {22'd0, uvsw_a[l], 2'd0};
              rt_mw_size[5*4*l +: 5] <= 5'd4;
              rt_mw_mask[16*4*l +: 16] <= 16'h000f;
              rt_mw_data[128*4*l +: 128] <= {96'd0, uctl[3] ? mw1[l] : mw0[l]};
            end
        // the retire unit
        rt_valid <= 1'b1;
        rt_pc <= pc;
        rt_next_pc <= next_pc;
        rt_nwords <= gnw;
        for (int i = 0; i < 16; i++) rt_words[32*i +: 32] <= i < $signed(32'(gnw)) ? gwin[32*i +: 32] : 32'd0;
        rt_kind <= g.bitwise;
        rt_flags <= {(next_pc < base || next_pc >= endp) && next_pc != endp, next_pc < base || next_pc >= endp,
                     act == 32'd0, next_pc != fall};
        rt_exec <= act;
        rt_w_en <= act != 32'd0 ? g.wmask : 2'b00;
        rt_w_bank <= {gw1.bank, gw0.bank};
        rt_w_slot <= {wslot1, wslot0};
        for (int w = 0; w < 2; w++)
          for (int l = 0; l < 32; l++) begin
            rt_w_addr[12*(32*w + l) +: 12] <= wad[w][l];
            rt_w_val[32*(32*w + l) +: 32] <= wvl[w][l];
          end
        rt_p0_en <= p0set; rt_p0_slot <= p0slot; rt_p0_val <= (p0 & ~act) | (mp0 & act);
        rt_pe_en <= peset; rt_pe_val <= (pe & ~act) | (mpe & act);
        rt_cout_en <= coutset; rt_cout_val <= (cout & ~act) | (mco & act);
        rt_drc_en <= drc_en; rt_drc_val <= drc_new;
        rt_link_en <= bal || (cndsetl_b && cnd_first);
        rt_link_slot <= bal ? usc_pkg::SL_BE : usc_pkg::SL_P0;
        rt_link_val <= bal ? fall >> 1 : cnd_s2f;
      end
    end
  end
endmodule
