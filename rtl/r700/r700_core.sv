`include "rtl/r700/r700_pkg.sv"
// r700_core.sv - the R700 (RV770) VLIW5 core of gpuref: one wavefront of
// LANES pixels.  CF sequencer with the per-pixel state and its stack, ALU
// clause engine with the five slots x, y, z, w, t (one r700_alu each) working
// one lane per cycle, GPR file, PV/PS, AR, the clause predicate, the constant
// file, export capture, and the retire port of model/r700/README.md ("Retire
// record": one unit per CF instruction, one per ALU group with its writes
// tagged by slot).  Microarchitecture, ports, decisions: rtl/r700/README.md.
//
// FSM
//   CF    one CF instruction per cycle: read the two dwords at pc, decode,
//         execute, retire (kind 0, stream 0).  A CF_ALU starts a clause.
//   GDEC  read the group at the clause pc (up to 5 instructions and 4
//         literal dwords), decode the five slots, assign units (x, y, z, w
//         by destination element, t for trans-only opcodes, for an element
//         already taken, or with prefer_trans for the LAST instruction),
//         check the group; a group this core cannot run faults.
//   LANE  one lane per cycle: operands (the state before the group: a lane
//         reads only its own registers), the five slots, predication,
//         GPR / PV / PS / AR / predicate writes of that lane.
//   GRET  retire the group (kind 1, stream 1); the clause's last group also
//         applies the end actions (UPDATE_EXECUTE_MASK, POP_AFTER,
//         POP2_AFTER, ELSE_AFTER) and lists the active mask and depth.
// The core stops with `done` after END_OF_PROGRAM, with `fault` (no retire)
// on what it cannot execute (fault_why, README "Faults").
//
// Deliberate bugs for checker tests: scripts/mutations/r700.txt, selected at
// run time in the mutant bench (+gpuref_mutant=NAME).
module r700_core #(
  parameter int LANES      = 16,     // pixels of the wavefront (1..64)
  parameter int IMEM_WORDS = 4096,   // program words from the base address
  parameter int STACK      = 32,     // stack entries (the model's stack_size at most)
  parameter int CB_CONSTS  = 16,     // constants of each of the 16 constant buffers (kcache; the bench: 4096)
  parameter int MEM_WORDS  = 64,     // 32-bit words of the space mem that fetches read (the bench: 262144, 1 MiB)
  parameter int BUF_WORDS  = 64,     // 32-bit words of each of the spaces scratch and reduction (the bench: 65536, 256 KiB)
  // The three fixed-size arrays below have the model's sizes by default; synth.ys
  // sets them small to keep the synthesis check within the machine (an index
  // then wraps: a synthesis-only configuration, powers of two only)
  parameter int CF_WORDS   = 1024,   // constant file words (256 constants x 4)
  parameter int RES_WORDS  = 2048,   // fetch resource words (256 resources x 8 fields)
  parameter int LDS_WORDS  = 4096,   // LDS dwords (4 banks x 1024)
  parameter int GPR_WORDS  = 512     // GPR elements per lane (128 GPRs x 4)
) (
  input  logic                 clk,
  input  logic                 rst_n,
  // load port (while not running)
  input  logic                 ld_we,
  input  logic [2:0]           ld_sel,   // 0 imem word, 1 GPR, 2 constant file, 3 ctrl, 4 cb word
                                         // ({bank, word}), 5 lane register ({lane, item}: 0-3 AR.e,
                                         // 4 pred, 5-8 PV.e, 9 PS), 6 loop constant I (n*3 + k),
                                         // RES 0x1000 + n*8 + field, SEM 0x2000 + id, lds word
                                         // 0x4000 + word (model D49); 7 memory word {space, word}:
                                         // space 0 mem, 1 scratch, 2 reduction (ld_addr[19:18])
  input  logic [19:0]          ld_addr,  // imem: word offset; GPR: {lane[5:0], gpr*4+elem}; C: c*4+elem;
                                         // ctrl: 0 base (byte address), 1 active[31:0], 2 active[63:32],
                                         // 3 valid[31:0], 4 valid[63:32], 5 B, 6 sub_guide, 7 shift_mask,
                                         // 8 prefer_trans, 9 stack_size, 10 gprs, 11 aL, 12 temps,
                                         // 13 flt_to_int_rne, 14 sin_radians, 15 lanes
  input  logic [31:0]          ld_data,
  input  logic                 start,
  output logic                 running,
  output logic                 done,
  output logic                 fault,
  output logic [31:0]          fault_pc,
  output logic [3:0]           fault_why,
  // retire port (one cycle per unit)
  output logic                 rt_valid,
  output logic                 rt_last,        // the unit's last beat (relative writes take one beat per lane)
  output logic [1:0]           rt_kind,        // 0 CF instruction, 1 ALU group, 2 fetch
  output logic [31:0]          rt_pc,
  output logic [31:0]          rt_next_pc,
  output logic [4:0]           rt_nwords,
  output logic [16*32-1:0]     rt_words,
  output logic [1:0]           rt_flags,       // bit 0 BRANCH, bit 1 END
  output logic [LANES-1:0]     rt_exec,
  output logic [4:0]           rt_gw_en,       // GPR write of unit u (slot u)
  output logic [5*10-1:0]      rt_gw_idx,      // gpr*4 + element
  output logic [5*LANES-1:0]   rt_gw_lanes,
  output logic [5*LANES*32-1:0] rt_gw_val,
  output logic [3:0]           rt_ar_en,       // AR.elem written by MOVA* of unit u = elem
  output logic [4*LANES-1:0]   rt_ar_lanes,
  output logic [4*LANES*9-1:0] rt_ar_val,
  output logic [4:0]           rt_pr_en,       // predicate written by the UPDATE_PRED slot u
  output logic [5*LANES-1:0]   rt_pr_lanes,
  output logic [5*LANES-1:0]   rt_pr_val,
  output logic                 rt_al_we,       // aL (LOOP_START, LOOP_END)
  output logic [31:0]          rt_al,
  output logic                 rt_vm_we,       // valid mask (KILL*)
  output logic [LANES-1:0]     rt_vm,
  output logic                 rt_st_we,       // active mask and stack depth
  output logic [LANES-1:0]     rt_active,
  output logic [7:0]           rt_depth,
  output logic [LANES-1:0]     rt_mw_en,       // export of lane l
  output logic [LANES*32-1:0]  rt_mw_addr,
  output logic [15:0]          rt_mw_mask,     // bytes written (same for every lane; 0: all)
  output logic [3:0]           rt_mw_space,    // 0 export, 1 mem, 2-5 stream0-3, 6 scratch, 7 reduction, 8 ring, 9 lds
  output logic [4:0]           rt_mw_size,     // bytes of each write (16, or 4, 8, 16 for MEM_*)
  output logic [LANES*128-1:0] rt_mw_data
);

  // ---------------------------------------------------------------- state
  logic [31:0] imem [IMEM_WORDS];
  logic [31:0] gpr  [GPR_WORDS][LANES];      // index gpr*4 + element
  localparam int GW = $clog2(GPR_WORDS), CFW = $clog2(CF_WORDS), RSW = $clog2(RES_WORDS), LDW = $clog2(LDS_WORDS);
  logic [31:0] cfile [CF_WORDS];
  localparam int CBW = $clog2(CB_CONSTS * 4);
  logic [31:0] cb [16][CB_CONSTS * 4];  // constant buffers: word c*4 + element
  logic [31:0] al;                      // loop index aL
  logic [31:0] iconst [96];             // loop constants I<n>.k at n*3 + k
  logic [31:0] resf [RES_WORDS];             // fetch resources RES<n>.field at n*8 + field (model D45)
  logic [6:0]  semt [256];              // the semantic table SEM<id>
  logic [31:0] lds [LDS_WORDS];              // the local data share (model D49): word {off[9:2], bank, off[1:0]}
  localparam int MW = $clog2(MEM_WORDS > 1 ? MEM_WORDS : 2);
  logic [31:0] fmem [MEM_WORDS];        // the space mem (1 MiB in the model) as words
  localparam int BW = $clog2(BUF_WORDS > 1 ? BUF_WORDS : 2);
  logic [31:0] smem [BUF_WORDS];        // the space scratch (256 KiB in the model, D54) as words
  logic [31:0] rmem [BUF_WORDS];        // the space reduction (256 KiB in the model, D54) as words
  // The write ports of gpr, lds, fmem, smem and rmem: the FSM (the reset
  // process) registers each write here and the arrays' own processes below
  // (clocked, no reset) make it one cycle later, so that yosys infers
  // memories; no state reads an element in the cycle after writing it
  // (README "Memories").  The load port writes every array directly.
  // packed: entry (lane l, port p) is bit / field 5*l + p (gq) or 4*l + p (lq, mq)
  logic [LANES*5-1:0]    gq_en;         // GPR: lane l, port p (ALU: unit p; fetch, LDS read: element p)
  logic [LANES*5*9-1:0]  gq_a;          // gpr*4 + element
  logic [LANES*5*32-1:0] gq_d;
  logic [LANES*4-1:0]    lq_en;         // lds: lane l, dword k of its entry
  logic [LANES*4*12-1:0] lq_a;
  logic [LANES*4*32-1:0] lq_d;
  logic [LANES*4-1:0]    mq_en;         // fmem / smem / rmem: lane l, dword j of its element
  logic [LANES*4*30-1:0] mq_a;          // word address
  logic [LANES*4*32-1:0] mq_d;
  logic [1:0]  mq_sp;                   // the space of this cycle's writes: 0 mem, 1 scratch, 2 reduction
  logic [3:0]  kb [2];                  // the clause's kcache locks: bank, mode, line
  logic [1:0]  km [2];
  logic [7:0]  ka [2];
  logic [31:0] pv [4][LANES];
  logic [31:0] ps [LANES];
  logic [8:0]  ar [4][LANES];
  logic [LANES-1:0] pred;
  logic [1:0]  pst [LANES];
  logic [1:0]  stk [STACK][LANES];
  // stack entries: kind, and the loop/call state they save (model push())
  localparam logic [1:0] SE_PIXEL = 2'd0, SE_LOOP = 2'd1, SE_CALL = 2'd2;
  logic [1:0]  skind [STACK];
  logic [31:0] sal [STACK], scnt [STACK], sinc [STACK], sret [STACK];
  logic [7:0]  sdep [STACK];
  logic [31:0] lcnt, linc;              // the loop's count and aL increment
  logic [7:0]  cdep;                    // call depth (CALL_COUNT sum)
  logic [7:0]  sp;
  localparam int SW = $clog2(STACK > 1 ? STACK : 2);
  // stack index (sp < stack_size <= STACK)
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [SW-1:0] si(input logic [7:0] x);
    si = x[SW-1:0];
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  logic [LANES-1:0] valid;
  logic [31:0] bconst, base, pc;
  logic        sub_guide, shift_mask, prefer_trans;
  logic [7:0]  stack_size;
  logic [7:0]  gprs;
  // the model's knobs (its read-only file cfg): clause temporaries at
  // tbase..127 (tbase = 128 - temps), FLT_TO_INT/UINT rounding to nearest
  // even (D7), SIN/COS in radians (D6: r700_trans reduces by 2 pi exactly),
  // a stack_size above STACK (faults at start)
  logic [8:0]  tbase;
  logic        f2i_rne, sin_radians, stack_big;
  logic [6:0]  wlanes;                  // lanes of the wavefront (the model's `lanes`, cfg8)
  // clause
  logic [31:0] cpc, cend, clause_cf;
  logic [3:0]  ccf_inst;
  logic [LANES-1:0] clane, uem_set, uem_val;
  // group (latched in GDEC)
  logic [31:0] gw [14];
  logic [4:0]  g_nwords;
  logic [31:0] uw0 [5], uw1 [5];
  logic [4:0]  uvalid;
  logic [31:0] lit [4];
  // per-lane results of the group
  logic [31:0] res [5][LANES];
  logic [LANES-1:0] gdone [5];          // executed and wrote (not NOWRITE)
  logic [LANES-1:0] gexec [5];          // executed
  logic [LANES-1:0] pslot [5];          // the predicate each UPDATE_PRED slot computed
  logic [LANES-1:0] killed;
  logic [5:0]  lane;
  logic        g_reldst;                // the group has a relative destination
  logic [8:0]  widx [5][LANES];          // per lane: the GPR element written (gpr*4 + element)
  logic [127:0] rseen [5];              // S_RCNT: the GPRs unit u writes on the lanes counted so far
  logic [8:0]  rcnt;                    // S_RCNT: the retire record's GPR entries so far

  typedef enum logic [3:0] { S_IDLE, S_CF, S_GDEC, S_LANE, S_GRET, S_DONE, S_FAULT, S_RBEAT,
                             S_XCHK, S_XBEAT, S_FDEC, S_FRES, S_FLANE, S_FWB, S_FRET, S_RCNT } state_t;
  state_t st;

  assign running = st == S_CF || st == S_GDEC || st == S_LANE || st == S_GRET || st == S_RBEAT ||
                   st == S_XCHK || st == S_XBEAT || st == S_FDEC || st == S_FRES || st == S_FLANE ||
                   st == S_FWB || st == S_FRET || st == S_RCNT;
  assign done = st == S_DONE;
  assign fault = st == S_FAULT;

  // the lanes passing the CF condition over a per-pixel state given as its
  // active mask (Table 3.4: WQM, VPM, COND)
  function automatic logic [LANES-1:0] cpass(input logic [LANES-1:0] a, input logic wqm, input logic vpm,
                                             input logic [1:0] cond, input logic bb,
                                             input logic [LANES-1:0] vmask);
    logic [LANES-1:0] q;
    q = a;
    if (wqm)                              // whole quads with an active pixel
      for (int l = 0; l < LANES; l++)
        for (int j = (l / 4) * 4; j < (l / 4) * 4 + 4; j++)
          if (j < LANES && a[j]) q[l] = 1'b1;
    if (vpm) q = q & vmask;
    case (cond)
      2'd0: cpass = q;
      2'd1: cpass = '0;
      2'd2: cpass = bb ? q : '0;
      default: cpass = bb ? '0 : q;
    endcase
  endfunction

  // ------------------------------------------------------------ CF decode
  logic [31:0] cw0, cw1, cwi;
  logic        c_pc_ok;
  logic        c_alu;
  logic [6:0]  c_op;
  logic [3:0]  c_aop;
  logic [2:0]  c_popc;
  logic [4:0]  c_cfc;
  logic [1:0]  c_cond;
  logic        c_vpm, c_wqm, c_eop, c_b;
  logic [31:0] c_target;
  logic [LANES-1:0] c_pass, c_act;
  always_comb begin
    cwi = (pc - base) >> 2;
    c_pc_ok = pc >= base && pc[2:0] == 3'd0 && cwi < 32'(IMEM_WORDS - 1);
    cw0 = imem[cwi[$clog2(IMEM_WORDS)-1:0]];
    cw1 = imem[cwi[$clog2(IMEM_WORDS)-1:0] + 1'b1];
    c_alu = cw1[29];
    c_op = cw1[29:23];
    c_aop = cw1[29:26];
    c_popc = cw1[2:0];
    c_cfc = cw1[7:3];
    c_cond = cw1[29:28] != 2'd0 ? 2'd0 : cw1[9:8];   // CF_ALU and the export format have no COND
    c_vpm = !c_alu && cw1[22];
    c_eop = !c_alu && cw1[21];
    c_wqm = cw1[30];
    c_b = bconst[c_cfc];
    c_target = base + (c_alu ? {7'd0, cw0[21:0], 3'd0} : {cw0[28:0], 3'd0});
    for (int l = 0; l < LANES; l++) c_act[l] = pst[l] == r700_pkg::PS_ACTIVE;
    // CF_ALU has no COND field (its bits are COUNT): the test is "active"
    c_pass = cpass(c_act, c_wqm, c_vpm, c_cond, c_b, valid);
  end

  // pops of a CF instruction: POP_COUNT entries (all pixel entries, else a
  // fault), restored top first; a pixel broken out of or continuing in the
  // loop stays so (model D15).  pp_pass: the condition after the pops.
  logic [1:0]  pp_pst [LANES];
  logic        pp_ok;
  logic [LANES-1:0] pp_pass, pp_act;
  // LOOP_END: continuing pixels active again, the count after this iteration
  logic [1:0]  le_pst [LANES];
  logic [31:0] le_cnt;
  logic [LANES-1:0] le_pass, le_act;
  // LOOP_BREAK/CONTINUE: the loop level, the state popped back to it
  logic [1:0]  lb_pst [LANES];
  logic [7:0]  lb_lv;
  logic        lb_ok;
  logic [6:0]  c_ci;                    // I constant index (CF_CONST * 3)
  logic [31:0] c_trip;
  always_comb begin
    c_ci = 7'(c_cfc) * 7'd3;
    c_trip = c_op == 7'd6 ? 32'hffffffff : (c_ci < 7'd96 ? iconst[c_ci] : 32'd0);
    pp_ok = 32'(c_popc) <= 32'(sp);
    for (int i = 0; i < STACK; i++)
      if (32'(i) < 32'(sp) && 32'(i) >= 32'(sp) - 32'(c_popc) && skind[i] != SE_PIXEL) pp_ok = 1'b0;
    for (int l = 0; l < LANES; l++) begin
      pp_pst[l] = pst[l];
      for (int i = STACK - 1; i >= 0; i--)
        if (32'(i) < 32'(sp) && 32'(i) >= 32'(sp) - 32'(c_popc) &&
            pp_pst[l] != r700_pkg::PS_BREAK && pp_pst[l] != r700_pkg::PS_CONT)
          pp_pst[l] = stk[i][l];
      pp_act[l] = pp_pst[l] == r700_pkg::PS_ACTIVE;
    end
    pp_pass = cpass(pp_act, c_wqm, c_vpm, c_cond, c_b, valid);
    for (int l = 0; l < LANES; l++) begin
      le_pst[l] = pst[l] == r700_pkg::PS_CONT ? r700_pkg::PS_ACTIVE : pst[l];
      le_act[l] = le_pst[l] == r700_pkg::PS_ACTIVE;
    end
    le_cnt = lcnt == 32'hffffffff ? lcnt : lcnt - 32'd1;
    le_pass = cpass(le_act, c_wqm, c_vpm, c_cond, c_b, valid);
    lb_lv = 8'd0;
    for (int i = 0; i < STACK; i++)
      if (32'(i) < 32'(sp) && skind[i] != SE_PIXEL) lb_lv = 8'(i + 1);
    lb_ok = lb_lv != 8'd0 && skind[si(lb_lv - 8'd1)] == SE_LOOP;
    for (int l = 0; l < LANES; l++) begin
      lb_pst[l] = pst[l];
      if (c_pass[l]) lb_pst[l] = c_op == 7'd9 ? r700_pkg::PS_BREAK : r700_pkg::PS_CONT;
      for (int i = STACK - 1; i >= 0; i--)
        if (32'(i) < 32'(sp) && 32'(i) >= 32'(lb_lv) &&
            lb_pst[l] != r700_pkg::PS_BREAK && lb_pst[l] != r700_pkg::PS_CONT)
          lb_pst[l] = stk[i][l];
    end
  end

  // ------------------------------------------------------ export engine
  // EXPORT/EXPORT_DONE and MEM_STREAM0-3, MEM_SCRATCH, MEM_REDUCTION,
  // MEM_RING, MEM_EXPORT: BURST_COUNT+1 elements, one per cycle (element
  // x_i): in S_CF element 0 of the instruction at pc, in S_XCHK / S_XBEAT
  // element xi of the latched one.  Per lane: the write's enable, address,
  // data; x_bad: a lane's address outside its space (model D35, D54, D55).
  // Spaces (rt_mw_space): 0 export, 1 mem, 2-5 stream0-3, 6 scratch,
  // 7 reduction, 8 ring.
  logic [31:0] xw0, xw1;                // the latched export instruction
  logic [LANES-1:0] xpass;
  logic [4:0]  xi;                      // its element in S_XCHK / S_XBEAT
  logic [7:0]  xcnt;                    // writes counted by S_XCHK
  logic        x_ok, xend;              // S_XCHK passed; END_OF_PROGRAM after the beats
  logic [31:0] x_w0, x_w1;
  logic [LANES-1:0] x_pass, x_en;
  logic [4:0]  x_i, x_n;
  logic [6:0]  x_op;
  logic        x_exp, x_mem, x_err, x_bad;
  logic [3:0]  x_space;
  logic [4:0]  x_size;
  logic [15:0] x_mask, x_mk;
  logic [31:0] x_addr [LANES];
  logic [127:0] x_data [LANES];
  logic [7:0]  x_lcnt;                  // the writes this element counts (the model's record limit)
  always_comb begin
    logic [31:0] xg;
    logic [6:0] gi, ig;
    logic [2:0] k;
    logic [15:0] mk;
    logic [63:0] idx, dw, a64, sz;
    x_w0 = st == S_CF ? cw0 : xw0;
    x_w1 = st == S_CF ? cw1 : xw1;
    x_pass = st == S_CF ? c_pass : xpass;
    x_i = st == S_CF ? 5'd0 : xi;
    x_op = x_w1[29:23];
    x_n = {1'b0, x_w1[20:17]} + 5'd1;
    x_exp = x_op == r700_pkg::CF_EXPORT || x_op == r700_pkg::CF_EXPORT_DONE;
    x_mem = (x_op >= 7'd32 && x_op <= 7'd38) || x_op == 7'd58;
    // decode errors and imports (the model's located errors): export TYPE 3,
    // SEL 6; MEM_* TYPE READ/READ_IND, WORD1 bit 16, ELEM_SIZE 2, scratch
    // and reduction with ELEM_SIZE != 3 (L897, L7829, L7876, D54)
    x_err = x_exp ? (x_w0[14:13] == 2'd3 || x_w1[2:0] == 3'd6 || x_w1[5:3] == 3'd6 ||
                     x_w1[8:6] == 3'd6 || x_w1[11:9] == 3'd6)
                  : (x_w0[14] || x_w1[16] || x_w0[31:30] == 2'd2 ||
                     ((x_op == 7'd36 || x_op == 7'd37) && x_w0[31:30] != 2'd3));
    xg = {25'd0, x_w0[21:15]} + {27'd0, x_i} + (x_w0[22] ? {19'd0, al[12:0]} : 32'd0);
    gi = xg < {24'd0, gprs} ? xg[6:0] : 7'd0;                 // out of range: GPR 0 (L1343)
    ig = {1'b0, x_w0[29:23]} < gprs ? x_w0[29:23] : 7'd0;
    k = {1'b0, x_w0[31:30]} + 3'd1;                          // dwords of an element
    mk = 16'd0;
    if (x_exp) begin
      for (int j = 0; j < 4; j++)
        if (x_w1[3*j +: 3] != 3'd7) mk[4*j +: 4] = 4'hf;
    end else
      for (int j = 0; j < 4; j++)
        if (32'(j) < 32'(k) && x_w1[12 + j]) mk[4*j +: 4] = 4'hf;
    x_mk = mk;
    x_space = x_exp ? 4'd0 : x_op == 7'd58 ? 4'd1 : 4'(x_op - 7'd30);
    x_size = x_exp ? 5'd16 : {k, 2'b00};
    x_mask = x_exp ? (mk == 16'hffff ? 16'd0 : mk)
                   : (mk == ((16'd1 << {k, 2'b00}) - 16'd1) ? 16'd0 : mk);
    sz = x_op == 7'd58 ? 64'h100000 : 64'(256 * 64 * 16);   // R700_MEM_BYTES, R700_BUF_BYTES
    x_bad = 1'b0;
    idx = 64'd0; dw = 64'd0; a64 = 64'd0;
    for (int l = 0; l < LANES; l++) begin
      x_en[l] = x_pass[l] && mk != 16'd0 && (x_exp || x_mem);
      x_data[l] = 128'd0;
      x_addr[l] = 32'd0;
      if (x_exp) begin
        x_addr[l] = ((32'(x_w0[14:13]) * 32'd256 + 32'(8'(x_w0[12:0] + 13'(x_i)))) * 32'd64 + 32'(l)) * 32'd16;
        for (int j = 0; j < 4; j++)
          case (x_w1[3*j +: 3])
            3'd0, 3'd1, 3'd2, 3'd3: x_data[l][32*j +: 32] = gpr[GW'({gi, x_w1[3*j +: 2]})][l];
            3'd5: x_data[l][32*j +: 32] = 32'h3f800000;
            default: x_data[l][32*j +: 32] = 32'd0;
          endcase
      end else begin
        idx = x_w0[13] ? {32'd0, gpr[GW'({ig, 2'd0})][l]} : 64'd0;    // WRITE_IND: INDEX_GPR.X
        if (x_op == 7'd58)                                       // MEM_EXPORT scatter (D55)
          dw = 64'(x_w0[12:0]) + idx + 64'(x_i) * 64'(k);
        else begin
          if (idx + 64'(x_i) > 64'(x_w1[11:0])) x_en[l] = 1'b0;   // past ARRAY_SIZE: not written
          dw = ((64'(x_w0[12:0]) + idx + 64'(x_i)) * 64'd64 + 64'(l)) * 64'(k);
        end
        a64 = dw * 64'd4;
        if (x_en[l] && (a64 > sz || 64'({k, 2'b00}) > sz - a64)) x_bad = 1'b1;
        x_addr[l] = a64[31:0];
        for (int j = 0; j < 4; j++)
          if (32'(j) < 32'(k)) x_data[l][32*j +: 32] = gpr[GW'({gi, 2'(j)})][l];
      end
    end
    x_lcnt = x_exp ? 8'($countones(x_pass)) : 8'($countones(x_en));
  end


  // -------------------------------------------------------- group decode
  logic [31:0] gwi;
  logic [31:0] fw [14];
  logic [26:0] d_sel [5];
  logic [2:0]  d_rel [5];
  logic [5:0]  d_chan [5];
  logic [2:0]  d_neg [5], d_abs [5];
  logic [2:0]  d_im [5];
  logic [1:0]  d_ps [5];
  logic        d_last [5];
  logic [6:0]  d_dgpr [5];
  logic        d_drel [5];
  logic [1:0]  d_dch [5];
  logic        d_clamp [5];
  logic [1:0]  d_omod [5];
  logic        d_write [5], d_up [5], d_uem [5], d_op3 [5];
  logic [6:0]  d_opc [5];
  logic        d_trans [5], d_vec [5], d_pred [5], d_kill [5], d_mova [5], d_red [5], d_int [5];
  logic [1:0]  d_nsrc [5];
  logic        d_impl [5], d_bad [5];
  for (genvar i = 0; i < 5; i++) begin : g_dec
    r700_decode u_dec (
      .w0(fw[2*i]), .w1(fw[2*i+1]),
      .sel(d_sel[i]), .rel(d_rel[i]), .chan(d_chan[i]), .neg(d_neg[i]), .absv(d_abs[i]),
      .index_mode(d_im[i]), .pred_sel(d_ps[i]), .last(d_last[i]), .dst_gpr(d_dgpr[i]),
      .dst_rel(d_drel[i]), .dst_chan(d_dch[i]), .clamp(d_clamp[i]), .omod(d_omod[i]),
      .write(d_write[i]), .up(d_up[i]), .uem(d_uem[i]), .op3(d_op3[i]), .opc(d_opc[i]),
      .trans_only(d_trans[i]), .vec_only(d_vec[i]), .is_pred(d_pred[i]), .is_kill(d_kill[i]),
      .is_mova(d_mova[i]), .is_red(d_red[i]), .is_int(d_int[i]), .nsrc(d_nsrc[i]), .impl(d_impl[i]), .bad(d_bad[i]));
  end

  logic [2:0]  g_n;          // slots
  logic [2:0]  g_lit;        // literal dwords (0, 2, 4)
  logic        g_nolast, g_bad, g_unimpl, g_illegal, g_cross, g_src;
  logic [2:0]  g_unit [5];
  logic [4:0]  g_used;
  // the doubles' slot classes: 1 a pair (x,y or z,w), 2 the four vector slots
  function automatic logic [1:0] dcls(input logic op3, input logic [6:0] opc);
    if (op3) dcls = (opc[4:0] >= 5'd8 && opc[4:0] <= 5'd11) ? 2'd2 : 2'd0;     // MULADD_64*
    else
      case (opc)
        7'd7, 7'd27: dcls = 2'd2;                                             // FREXP_64, MUL_64
        7'd23, 7'd28, 7'd29, 7'd122, 7'd123, 7'd124, 7'd125, 7'd126: dcls = 2'd1;
        default: dcls = 2'd0;
      endcase
  endfunction
  always_comb begin
    logic stop;
    logic [8:0] sv; logic [1:0] m; logic b;
    logic [3:0] have;
    sv = 9'd0; m = 2'd0; b = 1'b0; have = 4'd0;
    gwi = (cpc - base) >> 2;
    for (int i = 0; i < 14; i++)
      fw[i] = (gwi + 32'(i) < 32'(IMEM_WORDS)) ? imem[gwi[$clog2(IMEM_WORDS)-1:0] + $clog2(IMEM_WORDS)'(i)] : 32'd0;
    g_n = 3'd0; g_lit = 3'd0; stop = 1'b0; g_nolast = 1'b0; g_bad = 1'b0; g_unimpl = 1'b0;
    g_src = 1'b0;
    for (int i = 0; i < 5; i++) begin
      if (!stop) begin
        g_n = g_n + 3'd1;
        if (d_bad[i]) g_bad = 1'b1;
        if (!d_impl[i]) g_unimpl = 1'b1;
        for (int k = 0; k < 3; k++)
          if ((k < 2 || d_op3[i]) && d_sel[i][9*k +: 9] == 9'd253) g_lit = (d_chan[i][2*k +: 2] >= 2'd2) ? 3'd4 : (g_lit == 3'd4 ? 3'd4 : 3'd2);
        // operands the model refuses (faults): a relative clause temporary
        // (D37), SIMD-global GPRs (INDEX_MODE 5, 6), a kcache set not locked,
        // relative kcache other than through aL, a constant past a LOCK_1 line;
        // relative inline constants, literals, PV, PS (an illegal group)
        for (int k = 0; k < 3; k++)
          if (32'(k) < 32'(d_nsrc[i])) begin
            sv = d_sel[i][9*k +: 9];
            b = sv[5];
            m = b ? km[1] : km[0];
            if (d_rel[i][k] && (d_im[i] == 3'd5 || d_im[i] == 3'd6)) g_src = 1'b1;
            if (d_rel[i][k] && sv >= tbase && sv < 9'd128) g_src = 1'b1;
            if (d_rel[i][k] && sv >= 9'd192 && sv < 9'd256) g_bad = 1'b1;
            if (sv >= 9'd128 && sv < 9'd192 &&
                (m == 2'd0 || (d_rel[i][k] && d_im[i] != 3'd4) || (!d_rel[i][k] && m == 2'd1 && sv[4])))
              g_src = 1'b1;
          end
        if (d_drel[i] && (d_im[i] == 3'd5 || d_im[i] == 3'd6 || {2'd0, d_dgpr[i]} >= tbase)) g_src = 1'b1;
        if (d_last[i]) stop = 1'b1;
      end
    end
    if (!stop) g_nolast = 1'b1;
    // unit assignment (§4.4; model D5)
    g_used = 5'd0; g_illegal = 1'b0;
    for (int i = 0; i < 5; i++) begin
      g_unit[i] = 3'd0;
      if (i < 32'(g_n)) begin
        if (d_trans[i]) g_unit[i] = 3'd4;
        else if (d_vec[i]) g_unit[i] = {1'b0, d_dch[i]};
        else if (g_used[{1'b0, d_dch[i]}] || (prefer_trans && d_last[i])) g_unit[i] = 3'd4;
        else g_unit[i] = {1'b0, d_dch[i]};
        if (g_used[g_unit[i]]) g_illegal = 1'b1;
        if (g_unit[i] == 3'd4 && !d_last[i]) g_illegal = 1'b1;
        g_used[g_unit[i]] = 1'b1;
      end
    end
    g_cross = cpc + 32'(2 * 32'(g_n) + 32'(g_lit)) * 32'd4 > cend;
    // doubles (model D38, D56): a pair x,y or z,w with the same opcode; the
    // four-slot doubles, as the reductions, all four vector slots with one
    // opcode (L1886, L3808); FLT64_TO_FLT32's odd slot writes nothing (D59:
    // the model stops "unimplemented" otherwise)
    for (int i = 0; i < 5; i++)
      if (i < 32'(g_n)) begin
        if (dcls(d_op3[i], d_opc[i]) == 2'd1 || dcls(d_op3[i], d_opc[i]) == 2'd2 || d_red[i]) begin
          have = 4'd0;
          for (int j = 0; j < 5; j++)
            if (j < 32'(g_n) && g_unit[j] < 3'd4 && d_op3[j] == d_op3[i] && d_opc[j] == d_opc[i])
              have[g_unit[j][1:0]] = 1'b1;
          if (dcls(d_op3[i], d_opc[i]) == 2'd1 ? !have[g_unit[i][1:0] ^ 2'd1] : have != 4'hf) g_illegal = 1'b1;
        end
        if (!d_op3[i] && d_opc[i] == 7'd28 && g_unit[i][0] && d_write[i]) g_unimpl = 1'b1;
      end
  end

  // the model's group legality rules (r700_group_check, §4.7.4-4.7.9): OMOD/
  // CLAMP on an integer result or differing across a reduction (D42); one AR
  // element per group and none with a MOVA (L1330-1332); at most two
  // constants in the trans slot (L1356); at most two constant pairs (cfile
  // and kcache, address and element pair, D25); the GPR read ports: one per
  // element and cycle, the cycle of each source from BANK_SWIZZLE (Tables
  // 4.2-4.3, D26), src0 == src1 of a vector slot sharing a read; in the trans
  // slot no GPR, PV or PS operand on a cycle below its constant count.  The
  // outcome does not depend on the order the rules are applied in.
  function automatic logic [1:0] bs_cyc(input logic trans, input logic [2:0] bs, input int k);
    logic [5:0] t;
    if (!trans)
      case (bs)
        3'd1: t = 6'b01_10_00;       // {src2, src1, src0} cycles: 0,2,1
        3'd2: t = 6'b00_10_01;       // 1,2,0
        3'd3: t = 6'b10_00_01;       // 1,0,2
        3'd4: t = 6'b01_00_10;       // 2,0,1
        3'd5: t = 6'b00_01_10;       // 2,1,0
        default: t = 6'b10_01_00;    // 0,1,2 (6, 7 reserved)
      endcase
    else
      case (bs[1:0])
        2'd1: t = 6'b10_10_01;       // 1,2,2
        2'd2: t = 6'b10_01_10;       // 2,1,2
        2'd3: t = 6'b01_10_10;       // 2,2,1
        default: t = 6'b00_01_10;    // 2,1,0
      endcase
    bs_cyc = t[2*k +: 2];
  endfunction
  logic g_rules;
  always_comb begin
    logic [83:0] gp;                  // the GPR read port of (cycle, element): 7 bits each
    logic [11:0] gpv;
    logic [17:0] cr_s;                // the constant pairs reserved: 9 bits each
    logic [1:0] cr_h;
    logic [1:0] ncr;
    logic [1:0] ncon;
    logic [2:0] bs, ae;
    logic [8:0] sv;
    logic [1:0] ch, cy;
    logic mova_any, ar_used, arset, anyrel, found, tr;
    gp = '0;
    gpv = '0; cr_s = '0; cr_h = 2'd0; ncr = 2'd0;
    mova_any = 1'b0; ar_used = 1'b0; arset = 1'b0; ae = 3'd0; g_rules = 1'b0;
    ncon = 2'd0; bs = 3'd0; sv = 9'd0; ch = 2'd0; cy = 2'd0; anyrel = 1'b0; found = 1'b0; tr = 1'b0;
    for (int i = 0; i < 5; i++)
      if (i < 32'(g_n)) begin
        tr = g_unit[i] == 3'd4;
        bs = fw[2*i+1][20:18];
        if (d_int[i] && (d_omod[i] != 2'd0 || d_clamp[i])) g_rules = 1'b1;
        // FREXP_64, PRED_SET*_64: "does not take output modifiers" (L3840, L5478; model D40)
        if (!d_op3[i] && (d_opc[i] == 7'd7 || (d_opc[i] >= 7'd124 && d_opc[i] <= 7'd126)) &&
            (d_omod[i] != 2'd0 || d_clamp[i])) g_rules = 1'b1;
        if (d_red[i])
          for (int j = 0; j < 5; j++)
            if (j < 32'(g_n) && d_red[j] && d_opc[j] == d_opc[i] &&
                (d_omod[j] != d_omod[i] || d_clamp[j] != d_clamp[i])) g_rules = 1'b1;
        if (d_mova[i]) mova_any = 1'b1;
        anyrel = d_drel[i];
        ncon = 2'd0;
        for (int k = 0; k < 3; k++)
          if (32'(k) < 32'(d_nsrc[i])) begin
            sv = d_sel[i][9*k +: 9];
            anyrel = anyrel | d_rel[i][k];
            if ((sv >= 9'd128 && sv < 9'd192) || (sv >= 9'd244 && sv != 9'd254 && sv != 9'd255))
              ncon = ncon == 2'd3 ? 2'd3 : ncon + 2'd1;
          end
        if (anyrel && d_im[i] <= 3'd3) begin
          ar_used = 1'b1;
          if (arset && ae != d_im[i]) g_rules = 1'b1;
          arset = 1'b1; ae = d_im[i];
        end
        if (tr && ncon > 2'd2) g_rules = 1'b1;
        for (int k = 0; k < 3; k++)
          if (32'(k) < 32'(d_nsrc[i])) begin
            sv = d_sel[i][9*k +: 9];
            ch = d_chan[i][2*k +: 2];
            if ((sv >= 9'd128 && sv < 9'd192) || sv >= 9'd256) begin      // a constant pair
              found = 1'b0;
              for (int j = 0; j < 2; j++)
                if (32'(j) < 32'(ncr) && cr_s[9*j +: 9] == sv && cr_h[j] == ch[1]) found = 1'b1;
              if (!found) begin
                if (ncr == 2'd2) g_rules = 1'b1;
                else begin cr_s[9*ncr[0] +: 9] = sv; cr_h[ncr[0]] = ch[1]; ncr = ncr + 2'd1; end
              end
            end else begin
              cy = bs_cyc(tr, bs, k);
              if ((!tr && bs >= 3'd6) || (tr && bs >= 3'd4)) g_rules = 1'b1;
              if (sv == 9'd254 || sv == 9'd255) begin
                if (tr && cy < ncon) g_rules = 1'b1;
              end else if (sv < 9'd128 &&
                           !(!tr && k == 1 && d_sel[i][8:0] == sv && d_chan[i][1:0] == ch && d_rel[i][0] == d_rel[i][1])) begin
                if (tr && cy < ncon) g_rules = 1'b1;
                if (!gpv[{cy, ch}]) begin gpv[{cy, ch}] = 1'b1; gp[7*{cy, ch} +: 7] = sv[6:0]; end
                else if (gp[7*{cy, ch} +: 7] != sv[6:0]) g_rules = 1'b1;
              end
            end
          end
      end
    if (mova_any && ar_used) g_rules = 1'b1;
  end

  // ------------------------------------------------------- lane execution
  localparam int LW = $clog2(LANES > 1 ? LANES : 2);
  logic [LW-1:0] ln;
  assign ln = lane[LW-1:0];

  // ------------------------------------------------------- fetch unit
  // TEX/VTX/VTX_TC clauses: one unit (kind 2) per fetch instruction
  // (model D45): S_FDEC decodes the 128-bit instruction at cpc, S_FRES reads
  // its resource's eight fields (one per cycle), S_FLANE one lane at a time
  // (step 0 the address and the range rules, steps 1-5 the five words that
  // hold the element, step 6 r700_fetch's components), S_FWB the GPR writes
  // one lane per cycle (a fault on a later lane leaves the GPRs as they
  // were), S_FRET the retire.
  logic        ftex;                    // the clause is a TEX clause
  logic [31:0] fq [4];                  // the fetch instruction (latched in S_FDEC)
  logic [31:0] fr [8];                  // RES<rid>: base, stride, size, fmt, width, height, depth, levels
  logic [6:0]  fsem;                    // SEM<id> of a SEMANTIC
  logic [2:0]  fstep;
  logic [31:0] fbuf [5];
  logic [63:0] faddr;
  logic [LANES-1:0] flanes;
  // decode of the words at cpc (S_FDEC)
  logic [31:0] fd [4];
  logic        fd_trunc, fd_bad, fd_unimpl;
  always_comb begin
    logic [31:0] fwi;
    logic [4:0] op;
    logic [2:0] mop;
    fwi = (cpc - base) >> 2;
    fd_trunc = cpc < base || fwi + 32'd4 > 32'(IMEM_WORDS);
    for (int k = 0; k < 4; k++)
      fd[k] = (fwi + 32'(k) < 32'(IMEM_WORDS)) ? imem[fwi[$clog2(IMEM_WORDS)-1:0] + $clog2(IMEM_WORDS)'(k)] : 32'd0;
    op = fd[0][4:0];
    // reserved encodings (L8245-8623): TEX_INST 13, the fourth dword, bit 8
    // of the second, DST_SEL 6; VTX: FETCH_TYPE 3, NUM_FORMAT_ALL 3,
    // ENDIAN_SWAP 3, WORD2 [31:21]; TEX: WORD0 bit 6 and [31:25], SRC_SEL > 5
    mop = fd[0][10:8];
    fd_bad = op == 5'd13 || fd[3] != 32'd0;
    if (op != 5'd2) begin
      if (fd[1][8]) fd_bad = 1'b1;
      for (int k = 0; k < 4; k++)
        if (fd[1][9 + 3*k +: 3] == 3'd6) fd_bad = 1'b1;
    end
    if (op < 5'd2) begin
      if (fd[0][6:5] == 2'd3 || fd[1][29:28] == 2'd3 || fd[2][17:16] == 2'd3 ||
          fd[2][31:21] != 11'd0) fd_bad = 1'b1;
    end else if (op == 5'd2) begin
      // MEM (model D49): MEM_OP 3, 6, 7 reserved; MEM_RD: reserved bits,
      // MEM_REQ_SIZE, MEGA_FETCH 0, NUM_FORMAT_ALL 3, ENDIAN_SWAP 3, DST_SEL 6;
      // MEM_DSW/DSR: reserved bits, REL_MODE 3, SRC_SEL 6 (DSW) / > 5 (DSR), MUX_CNTL > 2
      if (mop == 3'd3 || mop > 3'd5) fd_bad = 1'b1;
      if (mop < 3'd3) begin
        if (fd[0][15:13] != 3'd0 || fd[0][31:30] != 2'd0 || fd[1][8] || fd[1][21] ||
            fd[2][15:13] != 3'd0 || fd[2][18] || !fd[2][19] || fd[1][29:28] == 2'd3 ||
            fd[2][17:16] == 2'd3) fd_bad = 1'b1;
        for (int k = 0; k < 4; k++)
          if (fd[1][9 + 3*k +: 3] == 3'd6) fd_bad = 1'b1;
      end else begin
        if (fd[0][7:5] != 3'd0 || fd[2][31:4] != 28'd0 || fd[0][19:18] == 2'd3) fd_bad = 1'b1;
        if (mop == 3'd4) begin
          if (fd[1][15:8] != 8'd0 || fd[1][30:25] != 6'd0) fd_bad = 1'b1;
          for (int k = 0; k < 4; k++)
            if (fd[0][20 + 3*k +: 3] == 3'd6) fd_bad = 1'b1;
        end else begin
          if (fd[1][15:13] != 3'd0 || fd[1][19:18] != 2'd0 || fd[1][31:23] != 9'd0 ||
              fd[1][8:7] == 2'd3 || fd[1][22:20] > 3'd2 || fd[0][22:20] > 3'd5 || fd[0][25:23] > 3'd5)
            fd_bad = 1'b1;
        end
      end
    end else begin
      if (fd[0][6] || fd[0][31:25] != 7'd0) fd_bad = 1'b1;
      for (int k = 0; k < 4; k++)
        if (fd[2][20 + 3*k +: 3] > 3'd5) fd_bad = 1'b1;
    end
    // not run by the core (the model stops on them, or a located error): the
    // TEX instructions but LD and GET_TEXTURE_RESINFO, a TEX instruction
    // outside a TEX clause (L2116), ALT_CONST (D44), LD with offsets or
    // LOD_BIAS (D51); MEM (D49): a memory read in a TEX clause or an LDS
    // instruction outside one, BURST_CNT, ELEM_SIZE 2, MEM_RD_SCRATCH /
    // MEM_RD_REDUC with ELEM_SIZE other than 3 (L2198, D54), REL_GLOBAL,
    // MUX_CNTL FFT_PERMUTE / WORD_SELECT, an unaligned DST_INDEX / DST_STRIDE
    fd_unimpl = op > 5'd4 || (op >= 5'd3 && !ftex) ||
                (op < 5'd2 && fd[2][20]) || (op >= 5'd3 && fd[0][24]) ||
                (op == 5'd3 && (fd[2][14:0] != 15'd0 || fd[1][27:21] != 7'd0));
    if (op == 5'd2) begin
      if (mop <= 3'd2 && (ftex || fd[0][29:26] != 4'd0 || fd[0][6:5] == 2'd2 ||
                          (mop < 3'd2 && fd[0][6:5] != 2'd3)))
        fd_unimpl = 1'b1;
      if (mop >= 3'd4 && (!ftex || fd[2][3:0] != 4'd0 || fd[0][19:18] == 2'd2)) fd_unimpl = 1'b1;
      if (mop == 3'd4 && (fd[1][1:0] != 2'd0 || fd[1][17:16] != 2'd0 || fd[1][24:16] == 9'd0))
        fd_unimpl = 1'b1;
      if (mop == 3'd5 && (fd[1][8:7] == 2'd2 || fd[1][22:20] != 3'd0)) fd_unimpl = 1'b1;
    end
  end
  // the latched instruction's fields
  logic [4:0]  f_op;
  logic        f_vtx, f_res, f_mrd, f_dsw, f_dsr;
  logic [31:0] f_sg, f_dg;
  logic [6:0]  f_gi;
  logic        f_dok;
  logic [5:0]  f_dfmt;
  logic [1:0]  f_nfa, f_endian;
  logic        f_fca, f_sma;
  logic        fx_known, fx_swap_bad, fx_texonly, fx_norm32;
  logic [4:0]  fx_bytes;
  logic [127:0] fx_v, fx_raw;
  always_comb begin
    f_op = fq[0][4:0];
    f_vtx = f_op < 5'd3;
    f_mrd = f_op == 5'd2 && !fq[0][10];     // MEM_RD_SCRATCH, MEM_RD_REDUC, MEM_RD_SCATTER (MEM_OP 0-2)
    f_dsw = f_op == 5'd2 && fq[0][10:8] == 3'd4;
    f_dsr = f_op == 5'd2 && fq[0][10:8] == 3'd5;
    f_res = !f_vtx || fq[1][21];            // the format from RES<rid>.fmt (TEX, USE_CONST_FIELDS)
    if (f_dsw || f_dsr) f_sg = {25'd0, fq[0][17:11]} + (fq[0][18] ? {19'd0, al[12:0]} : 32'd0);
    else f_sg = {25'd0, fq[0][22:16]} + (fq[0][23] ? {19'd0, al[12:0]} : 32'd0);
    f_gi = f_sg < {24'd0, gprs} ? f_sg[6:0] : 7'd0;         // out of range: GPR 0 (L1343)
    f_dg = f_op == 5'd1 ? {25'd0, fsem} : {25'd0, fq[1][6:0]} + (fq[1][7] ? {19'd0, al[12:0]} : 32'd0);
    f_dok = f_dg < {24'd0, gprs};                            // out of range: no write
    // a memory read's relative destination past the GPRs writes GPR 0 (L1346)
    if (f_mrd && fq[1][7] && {25'd0, fq[1][6:0]} < {24'd0, gprs} && !f_dok) begin
      f_dg = 32'd0; f_dok = 1'b1;
    end
    f_dfmt = f_res ? fr[3][5:0] : fq[1][27:22];
    f_nfa = f_res ? fr[3][7:6] : fq[1][29:28];
    f_fca = f_res ? fr[3][8] : fq[1][30];
    f_sma = f_res ? fr[3][9] : fq[1][31];
    f_endian = f_res ? fr[3][11:10] : fq[2][17:16];
    fx_raw = 128'({fbuf[4], fbuf[3], fbuf[2], fbuf[1], fbuf[0]} >> {faddr[1:0], 3'd0});
  end
  r700_fetch u_fetch (.raw(fx_raw), .dfmt(f_dfmt), .nfa(f_nfa), .fca(f_fca), .sma(f_sma), .endian(f_endian),
                      .known(fx_known), .bytes(fx_bytes), .swap_bad(fx_swap_bad), .texonly(fx_texonly),
                      .norm32(fx_norm32), .v(fx_v));
  // a TEX source component (SRC_SEL 0-3 element, 4 0, 5 1.0) of this lane
  function automatic logic [31:0] f_tsrc(input logic [2:0] sel, input logic [31:0] g);
    f_tsrc = sel == 3'd4 ? 32'd0 : sel == 3'd5 ? 32'h3f800000 : g;
  endfunction
  // step 0 of a lane: its address, or zeros (out of range), or a fault
  logic        fl_zero, fl_fault, fl_unimpl;
  logic [63:0] fl_addr;
  always_comb begin
    logic [63:0] idx, off, stride;
    logic [31:0] x, y, z, lv;
    logic [127:0] row, a;
    fl_zero = 1'b0; fl_fault = 1'b0; fl_unimpl = 1'b0; fl_addr = 64'd0;
    idx = 64'd0; off = 64'd0; stride = 64'd0; row = 128'd0; a = 128'd0;
    x = f_tsrc(fq[2][22:20], gpr[GW'({f_gi, fq[2][21:20]})][ln]);
    y = f_tsrc(fq[2][25:23], gpr[GW'({f_gi, fq[2][24:23]})][ln]);
    z = f_tsrc(fq[2][28:26], gpr[GW'({f_gi, fq[2][27:26]})][ln]);
    lv = f_tsrc(fq[2][31:29], gpr[GW'({f_gi, fq[2][30:29]})][ln]);
    if (f_mrd && fq[0][9]) begin
      // MEM_RD_SCATTER: dword ARRAY_BASE + (INDEXED ? SRC_GPR : 0) of space mem (D49, D55)
      idx = fq[0][12] ? {32'd0, gpr[GW'({f_gi, fq[0][25:24]})][ln]} : 64'd0;
      a = {62'd0, ({51'd0, fq[2][12:0]} + idx), 2'b00};
    end else if (f_mrd) begin
      // MEM_RD_SCRATCH / MEM_RD_REDUC: element e = ARRAY_BASE + (INDEXED ?
      // SRC_GPR as a signed integer clamped to [0, ARRAY_SIZE] : 0), this
      // lane's at byte (e*64 + lane)*16, where MEM_SCRATCH / MEM_REDUCTION
      // write it (D49, D54)
      x = fq[0][12] ? gpr[GW'({f_gi, fq[0][25:24]})][ln] : 32'd0;
      if ($signed(x) < 0) x = 32'd0;
      if (x > {20'd0, fq[2][31:20]}) x = {20'd0, fq[2][31:20]};
      idx = {51'd0, fq[2][12:0]} + {32'd0, x};
      a = {64'd0, ((idx * 64'd64 + {58'd0, lane}) * 64'd16)};
    end else if (f_vtx) begin
      // FETCH, SEMANTIC: base + index * stride + OFFSET; an element not wholly
      // inside RES.size reads 0 (D50)
      idx = {32'd0, gpr[GW'({f_gi, fq[0][25:24]})][ln]};
      stride = (fq[2][18] && !fq[0][23]) ? 64'd0 : {32'd0, fr[1]};   // CONST_BUF_NO_STRIDE
      off = idx * stride + {48'd0, fq[2][15:0]};
      if (off + {59'd0, fx_bytes} > {32'd0, fr[2]}) fl_zero = 1'b1;
      a = {64'd0, off} + {96'd0, fr[0]};
    end else begin
      // LD: unsigned X, Y, Z and the level; outside the resource 0 (D50),
      // level > 0 not modelled (D51); base + (z*height + y)*stride + x*size
      if (x >= fr[4] || y >= fr[5] || z >= fr[6] || lv >= fr[7]) fl_zero = 1'b1;
      else if (lv != 32'd0) fl_unimpl = 1'b1;
      row = {96'd0, z} * {96'd0, fr[5]} + {96'd0, y};
      a = row * {96'd0, fr[1]} + {96'd0, x} * {123'd0, fx_bytes} + {96'd0, fr[0]};
    end
    // an address outside the space mem (1 MiB, model R700_MEM_BYTES): a fault
    // (scratch and reduction: 256 KiB each, R700_BUF_BYTES)
    if (f_mrd && !fq[0][9]) begin
      if (a > 128'h40000 || {123'd0, fx_bytes} > 128'h40000 - a) fl_fault = 1'b1;
    end else if (!fl_zero && !fl_unimpl && (a > 128'h100000 || {123'd0, fx_bytes} > 128'h100000 - a)) fl_fault = 1'b1;
    fl_addr = a[63:0];
  end
  // LDS (model D49): lane l's entry; LOCAL_DS_WRITE to bank l mod 4 at dword
  // (l >> 2) * DST_STRIDE + DST_INDEX; LOCAL_DS_READ from bank SRC.SRC_SEL_X at
  // dword SRC.SRC_SEL_Y + RD_OFFSET (BROADCAST: the first valid lane's), which
  // must start an entry; without WATERFALL two lanes of a quad on one bank at
  // different entries are a fault.  Word {off[9:2], bank, off[1:0]} of lds.
  logic [LANES-1:0] ds_on;              // lanes that take part
  logic [9:0]  ds_off [LANES];          // the entry's first dword in its bank
  logic [1:0]  ds_bank [LANES];
  logic        ds_bad, ds_conf;
  logic [31:0] ds_wv [4][LANES];        // LOCAL_DS_WRITE: the SRC_SEL values
  logic [31:0] ds_rv [4][LANES];        // LOCAL_DS_READ: the entry's dwords
  always_comb begin
    logic [LW-1:0] fv;
    logic [31:0] b, y;
    logic [32:0] o;
    logic [63:0] w;
    ds_bad = 1'b0; ds_conf = 1'b0; fv = '0;
    for (int l = LANES - 1; l >= 0; l--) if (valid[l]) fv = LW'(l);
    for (int l = 0; l < LANES; l++) begin
      ds_on[l] = f_dsr && fq[1][16] ? 7'(l) < wlanes : flanes[l];   // BROADCAST: every lane of the wavefront
      ds_off[l] = 10'd0; ds_bank[l] = 2'(l);
      b = 32'd0; y = 32'd0; o = 33'd0; w = 64'd0;
      if (f_dsw) begin
        w = {58'd0, 6'(l >> 2)} * {55'd0, fq[1][24:16]} + {56'd0, fq[1][7:0]};
        if (ds_on[l] && w + 64'd4 > 64'd1024) ds_bad = 1'b1;
        ds_off[l] = w[9:0];
      end else begin
        b = f_tsrc(fq[0][22:20], gpr[GW'({f_gi, fq[0][21:20]})][fq[1][16] ? fv : LW'(l)]);
        y = f_tsrc(fq[0][25:23], gpr[GW'({f_gi, fq[0][24:23]})][fq[1][16] ? fv : LW'(l)]);
        o = {1'b0, y} + {27'd0, fq[0][31:26]};
        if (ds_on[l] && (b > 32'd3 || o[1:0] != 2'd0 || o + 33'd4 > 33'd1024)) ds_bad = 1'b1;
        ds_off[l] = o[9:0]; ds_bank[l] = b[1:0];
      end
      for (int k = 0; k < 4; k++)
        ds_rv[k][l] = lds[LDW'({ds_off[l][9:2], ds_bank[l], 2'(k)})];
      for (int k = 0; k < 4; k++)
        ds_wv[k][l] = fq[0][20 + 3*k +: 3] == 3'd4 ? 32'd0 : fq[0][20 + 3*k +: 3] == 3'd5 ? 32'h3f800000
                    : gpr[GW'({f_gi, fq[0][20 + 3*k +: 2]})][l];
    end
    if (f_dsr && !fq[1][16] && !fq[1][17])
      for (int l = 0; l < LANES; l++)
        for (int m = l + 1; m < LANES && m / 4 == l / 4; m++)
          if (ds_on[l] && ds_on[m] && ds_bank[l] == ds_bank[m] && ds_off[l] != ds_off[m]) ds_conf = 1'b1;
  end
  logic [15:0] ds_mask;                 // LOCAL_DS_WRITE: bytes of the entry written
  always_comb
    for (int k = 0; k < 4; k++) ds_mask[4*k +: 4] = {4{fq[0][20 + 3*k +: 3] != 3'd7}};

  // the value a fetch writes to element k of lane l (DST_SEL 0-3, 4 0, 5 1.0)
  function automatic logic [31:0] f_dsel(input logic [2:0] sel, input logic [31:0] v0, input logic [31:0] v1,
                                         input logic [31:0] v2, input logic [31:0] v3);
    case (sel)
      3'd0: f_dsel = v0;
      3'd1: f_dsel = v1;
      3'd2: f_dsel = v2;
      3'd3: f_dsel = v3;
      3'd5: f_dsel = 32'h3f800000;
      default: f_dsel = 32'd0;
    endcase
  endfunction

  // decoders of the latched group, by unit
  logic [26:0] e_sel [5];
  logic [2:0]  e_rel [5];
  logic [5:0]  e_chan [5];
  logic [2:0]  e_neg [5], e_abs [5];
  logic [1:0]  e_ps [5];
  logic [6:0]  e_dgpr [5];
  logic [1:0]  e_dch [5];
  logic        e_write [5], e_up [5], e_uem [5], e_op3 [5];
  logic [6:0]  e_opc [5];
  logic        e_pred [5], e_kill [5], e_mova [5];
  logic [2:0]  e_im [5];
  logic        e_drel [5];
  logic [31:0] red_r [4];
  logic [31:0] e_src [5][3];
  logic [31:0] e_raw [5][3];            // before NEG/ABS
  logic [1:0]  e_om [5];
  logic        e_cl [5], e_dbl [5];
  logic [31:0] d64_r [4];               // the doubles' result dword of each vector unit
  logic        d64_p [2];               // PRED_SET*_64 of pair x,y / z,w
  logic [31:0] e_dst [5];
  logic        e_pout [5], e_killo [5], e_now [5], e_run [5];
  logic [8:0]  e_ar [5];
  for (genvar u = 0; u < 5; u++) begin : g_unit_dp
    logic [2:0] im_u; logic last_u, drel_u, clamp_u; logic [1:0] omod_u, nsrc_u;
    logic [1:0] e_omod; logic e_clamp;
    // MOVA* take none; a double's OMOD/CLAMP act in r700_f64 (D40) but
    // FLT64_TO_FLT32's on its f32 result
    assign e_omod = (e_mova[u] || (e_dbl[u] && !(!e_op3[u] && e_opc[u] == 7'd28))) ? 2'd0 : omod_u;
    assign e_clamp = !(e_mova[u] || (e_dbl[u] && !(!e_op3[u] && e_opc[u] == 7'd28))) && clamp_u;
    assign e_om[u] = omod_u;
    assign e_cl[u] = clamp_u;
    assign e_dbl[u] = u < 4 && dcls(e_op3[u], e_opc[u]) != 2'd0;
    logic trans_u, vec_u, impl_u, bad_u, red_u, int_u;
    r700_decode u_dec (
      .w0(uw0[u]), .w1(uw1[u]),
      .sel(e_sel[u]), .rel(e_rel[u]), .chan(e_chan[u]), .neg(e_neg[u]), .absv(e_abs[u]),
      .index_mode(im_u), .pred_sel(e_ps[u]), .last(last_u), .dst_gpr(e_dgpr[u]),
      .dst_rel(drel_u), .dst_chan(e_dch[u]), .clamp(clamp_u), .omod(omod_u),
      .write(e_write[u]), .up(e_up[u]), .uem(e_uem[u]), .op3(e_op3[u]), .opc(e_opc[u]),
      .trans_only(trans_u), .vec_only(vec_u), .is_pred(e_pred[u]), .is_kill(e_kill[u]),
      .is_mova(e_mova[u]), .is_red(red_u), .is_int(int_u), .nsrc(nsrc_u), .impl(impl_u), .bad(bad_u));
    logic unused_u;
    assign unused_u = ^{last_u, drel_u, nsrc_u, trans_u, vec_u, impl_u, bad_u, red_u, int_u};
    assign e_im[u] = im_u;
    assign e_drel[u] = drel_u;
    // operand fetch of the current lane
    for (genvar k = 0; k < 3; k++) begin : g_src
      logic [31:0] v;
      always_comb begin
        logic [8:0] s;
        logic signed [31:0] t, ix;
        logic [31:0] kt, kl;
        logic [1:0] ch;
        s = e_sel[u][9*k +: 9];
        ch = e_chan[u][2*k +: 2];
        // the index a relative operand adds (Table 4.2): GPRs AR.x in modes
        // 0-3, constants the AR element of the mode; aL in mode 4
        ix = e_im[u] == 3'd4 ? $signed({19'd0, al[12:0]})
             : $signed({{23{ar[(s < 9'd128) ? 2'd0 : e_im[u][1:0]][ln][8]}},
                        ar[(s < 9'd128) ? 2'd0 : e_im[u][1:0]][ln]});
        if (!e_rel[u][k]) ix = 32'sd0;
        kt = 32'd0; kl = 32'd0; t = 32'sd0;
        if (s < 9'd128) begin
          t = $signed({23'd0, s}) + ix;
          if (e_rel[u][k] && (t < 0 || t >= $signed({24'd0, gprs}))) t = 32'sd0;   // L1343: GPR0
          v = gpr[GW'({t[6:0], ch})][ln];
        end else if (s >= 9'd256) begin
          t = $signed({23'd0, s}) - 32'sd256 + ix;
          v = (t < 0 || t >= 32'sd256) ? 32'h7fffffff : cfile[CFW'({t[7:0], ch})];   // L1348
        end else if (s < 9'd192) begin                                 // kcache
          kt = {27'd0, s[4:0]} + (e_rel[u][k] ? {19'd0, al[12:0]} : 32'd0);
          if (kt >= (km[s[5]] == 2'd1 ? 32'd16 : 32'd32)) v = 32'h7fffffff;       // L1348
          else begin
            kl = {24'd0, ka[s[5]]} + (km[s[5]] == 2'd3 ? {19'd0, al[12:0]} >> 4 : 32'd0) + (kt >> 4);
            kl = kl * 32'd16 + {28'd0, kt[3:0]};                      // the constant
            v = kl >= 32'(CB_CONSTS) ? 32'd0 : cb[kb[s[5]]][CBW'({kl, ch})];        // D36
          end
        end else begin
          case (s)
            9'd245: v = 32'h3ff00000;
            9'd247: v = 32'h3fe00000;
            9'd249: v = 32'h3f800000;
            9'd250: v = 32'd1;
            9'd251: v = 32'hffffffff;
            9'd252: v = 32'h3f000000;
            9'd253: v = lit[e_chan[u][2*k +: 2]];
            9'd254: v = pv[ch][ln];
            9'd255: v = ps[ln];
            default: v = 32'd0;           // 244, 246, 248
          endcase
        end
        e_raw[u][k] = v;                // a double's odd slot reads the low dword as it is (D39)
        if (e_abs[u][k]) v[31] = 1'b0;
        if (e_neg[u][k]) v[31] = ~v[31];
        e_src[u][k] = v;
      end
    end
    r700_alu u_alu (
      .op3(e_op3[u]), .opc(e_opc[u]), .s0(e_src[u][0]), .s1(e_src[u][1]), .s2(e_src[u][2]),
      .red(u < 4 ? red_r[u < 4 ? u : 0] : 32'd0), .trn(u == 4 ? t_res : 32'd0),
      .dbl(e_dbl[u]), .dres(u < 4 ? d64_r[u < 4 ? u : 0] : 32'd0), .dpred(d64_p[u < 2 ? 0 : 1]),
      .dnow(u % 2 == 1 && !e_op3[u] && e_opc[u] == 7'd28),
      .sub_guide(sub_guide), .shift_mask(shift_mask), .f2i_rne(f2i_rne), .omod(e_omod), .clamp(e_clamp),
      .dst(e_dst[u]), .pred_out(e_pout[u]), .kill(e_killo[u]), .ar(e_ar[u]), .nowrite(e_now[u]));
    // predication (PRED_SEL 2: when the predicate is 0, 3: when it is 1)
    assign e_run[u] = uvalid[u] && clane[lane[$clog2(LANES > 1 ? LANES : 2)-1:0]] &&
                      !(e_ps[u] == 2'd2 && pred[lane[$clog2(LANES > 1 ? LANES : 2)-1:0]]) &&
                      !(e_ps[u] == 2'd3 && !pred[lane[$clog2(LANES > 1 ? LANES : 2)-1:0]]);
  end

  // the t slot's transcendentals (r700_trans, multi-cycle): the lane loop
  // holds the lane until the result is ready
  logic        t_trn, t_req, t_ready, t_stall;
  logic [31:0] t_res;
  assign t_trn = !e_op3[4] && ((e_opc[4] >= 7'd97 && e_opc[4] <= 7'd106) || e_opc[4] == 7'd110 ||
                               e_opc[4] == 7'd111);
  assign t_req = st == S_LANE && e_run[4] && t_trn;
  assign t_stall = t_req && !t_ready;
  r700_trans u_trans (.clk(clk), .rst_n(rst_n), .req(t_req), .take(t_req && t_ready), .opc(e_opc[4]),
                      .rad(sin_radians), .src(e_src[4][0]), .ready(t_ready), .res(t_res));

  // the reductions of this lane (DOT4, DOT4_IEEE, CUBE, MAX4: all four vector slots)
  logic [127:0] red_a, red_b, red_v;
  always_comb
    for (int u = 0; u < 4; u++) begin
      red_a[32*u +: 32] = e_src[u][0]; red_b[32*u +: 32] = e_src[u][1]; red_r[u] = red_v[32*u +: 32];
    end
  r700_red u_red (.opc(e_opc[0]), .av(red_a), .bv(red_b), .rv(red_v));
  // the doubles of this lane (r700_f64): pair x,y (with MUL_64/MULADD_64*:
  // high dwords from x, low dwords from w, D56; FREXP_64 reads x and y, as
  // the model's r700_x_frexp_64) and pair z,w
  logic         q64, q64w;
  logic [127:0] f0_r, f1_r;
  logic         f0_p, f1_p;
  assign q64 = dcls(e_op3[0], e_opc[0]) == 2'd2;
  assign q64w = q64 && !(!e_op3[0] && e_opc[0] == 7'd7);
  r700_f64 u_f64a (.op3(e_op3[0]), .opc(e_opc[0]),
                   .a({e_src[0][0], (q64w ? e_raw[3][0] : e_raw[1][0])}),
                   .b({e_src[0][1], q64w ? e_raw[3][1] : e_raw[1][1]}),
                   .c({e_src[0][2], q64w ? e_raw[3][2] : e_raw[1][2]}),
                   .omod(e_om[0]), .clamp(e_cl[0]), .rv(f0_r), .pred_out(f0_p));
  r700_f64 u_f64b (.op3(e_op3[2]), .opc(e_opc[2]), .a({e_src[2][0], e_raw[3][0]}),
                   .b({e_src[2][1], e_raw[3][1]}), .c({e_src[2][2], e_raw[3][2]}),
                   .omod(e_om[2]), .clamp(e_cl[2]), .rv(f1_r), .pred_out(f1_p));
  always_comb begin
    for (int u = 0; u < 4; u++) d64_r[u] = (q64 || u < 2) ? f0_r[32*u +: 32] : f1_r[32*(u-2) +: 32];
    d64_p[0] = f0_p;
    d64_p[1] = q64 ? f0_p : f1_p;
  end
  // the destination GPR of unit u on this lane (relative: + AR.x or aL)
  logic signed [31:0] e_dg [5];
  logic [4:0] e_dok;
  always_comb
    for (int u = 0; u < 5; u++) begin
      e_dg[u] = $signed({25'd0, e_dgpr[u]});
      if (e_drel[u])
        e_dg[u] = e_dg[u] + (e_im[u] == 3'd4 ? $signed({19'd0, al[12:0]}) : $signed({{23{ar[0][ln][8]}}, ar[0][ln]}));
      // inside GPR_COUNT or a clause temporary (tbase..127): written (L1984, L1343)
      e_dok[u] = (e_dg[u] >= 0 && e_dg[u] < $signed({24'd0, gprs})) ||
                 (e_dg[u] >= $signed({23'd0, tbase}) && e_dg[u] < 32'sd128);
    end
  // a vector unit's write is dropped when t writes the same GPR element (t wins)
  logic e_tw;
  assign e_tw = e_run[4] && !e_now[4] && e_write[4] && e_dok[4];
  // the GPR write of unit u on this lane, and a vector unit loses to t on the same element
  logic [4:0] u_wr;
  always_comb begin
    for (int u = 0; u < 5; u++)
      u_wr[u] = !e_now[u] && e_write[u] && e_dok[u] &&
                (u == 4 || !(e_tw && e_dg[4] == e_dg[u] && e_dch[4] == e_dch[u]));
  end

  // ------------------------------------------------------- clause end
  // (computed in GRET from the state after the group's predicate updates)
  logic [1:0]  ce_pst [LANES];
  logic [7:0]  ce_sp;
  always_comb begin
    for (int l = 0; l < LANES; l++) begin
      ce_pst[l] = pst[l];
      // UPDATE_EXECUTE_MASK (L1028-1032): ALU_BREAK / ALU_CONTINUE / the others
      if (uem_set[l] && !uem_val[l] && pst[l] == r700_pkg::PS_ACTIVE)
        ce_pst[l] = ccf_inst == 4'd14 ? r700_pkg::PS_BREAK : ccf_inst == 4'd13 ? r700_pkg::PS_CONT : r700_pkg::PS_BRANCH;
    end
    ce_sp = sp;
    if (ccf_inst == r700_pkg::CFA_POP_AFTER || ccf_inst == r700_pkg::CFA_POP2_AFTER) begin
      ce_sp = sp - (ccf_inst == r700_pkg::CFA_POP2_AFTER ? 8'd2 : 8'd1);
      for (int l = 0; l < LANES; l++)
        for (int i = STACK - 1; i >= 0; i--)
          if (32'(i) < 32'(sp) && 32'(i) >= 32'(ce_sp) &&
              ce_pst[l] != r700_pkg::PS_BREAK && ce_pst[l] != r700_pkg::PS_CONT)
            ce_pst[l] = stk[i][l];
    end else if (ccf_inst == r700_pkg::CFA_ELSE_AFTER) begin
      for (int l = 0; l < LANES; l++)
        if (sp == 8'd0 || stk[si(sp - 8'd1)][l] == r700_pkg::PS_ACTIVE)
          ce_pst[l] = ce_pst[l] == r700_pkg::PS_ACTIVE ? r700_pkg::PS_BRANCH : ce_pst[l] == r700_pkg::PS_BRANCH ? r700_pkg::PS_ACTIVE : ce_pst[l];
    end
  end

  // ------------------------------------------------------------ the FSM
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      st <= S_IDLE;
      rt_valid <= 1'b0; rt_last <= 1'b1;
      al <= 32'd0; g_reldst <= 1'b0; lcnt <= 32'd0; linc <= 32'd0; cdep <= 8'd0; rt_al_we <= 1'b0; rt_al <= 32'd0;
      kb[0] <= 4'd0; kb[1] <= 4'd0; km[0] <= 2'd0; km[1] <= 2'd0; ka[0] <= 8'd0; ka[1] <= 8'd0;
      sp <= 8'd0; base <= 32'd0; pc <= 32'd0; bconst <= 32'd0;
      sub_guide <= 1'b0; shift_mask <= 1'b0; prefer_trans <= 1'b0;
      stack_size <= 8'(STACK > 32 ? 32 : STACK); gprs <= 8'd124;
      tbase <= 9'd124; f2i_rne <= 1'b0; sin_radians <= 1'b0; stack_big <= 1'b0; wlanes <= 7'(LANES);
      valid <= '1; pred <= '0;
      for (int l = 0; l < LANES; l++) pst[l] <= r700_pkg::PS_ACTIVE;
      fault_pc <= 32'd0; fault_why <= r700_pkg::WHY_NONE;
      lane <= 6'd0;
      cpc <= 32'd0; cend <= 32'd0; clause_cf <= 32'd0; ccf_inst <= 4'd0;
      clane <= '0; uem_set <= '0; uem_val <= '0; killed <= '0; uvalid <= 5'd0; g_nwords <= 5'd0;
      x_ok <= 1'b0; xend <= 1'b0; xi <= 5'd0; xcnt <= 8'd0; xw0 <= 32'd0; xw1 <= 32'd0; xpass <= '0;
      gq_en <= '0; lq_en <= '0; mq_en <= '0;
      mq_sp <= 2'd0;
    end else begin
      rt_valid <= 1'b0;
      gq_en <= '0; lq_en <= '0; mq_en <= '0;
      case (st)
        S_IDLE: begin
          if (ld_we) begin
            case (ld_sel)
              3'd3: case (ld_addr[3:0])
                4'd0: begin base <= {ld_data[31:2], 2'b00}; pc <= {ld_data[31:2], 2'b00}; end
                4'd1: for (int l = 0; l < LANES && l < 32; l++) pst[l] <= ld_data[l] ? r700_pkg::PS_ACTIVE : r700_pkg::PS_BRANCH;
                4'd2: for (int l = 32; l < LANES; l++) pst[l] <= ld_data[l - 32] ? r700_pkg::PS_ACTIVE : r700_pkg::PS_BRANCH;
                4'd3: for (int l = 0; l < LANES && l < 32; l++) valid[l] <= ld_data[l];
                4'd4: for (int l = 32; l < LANES; l++) valid[l] <= ld_data[l - 32];
                4'd5: bconst <= ld_data;
                4'd6: sub_guide <= ld_data[0];
                4'd7: shift_mask <= ld_data[0];
                4'd8: prefer_trans <= ld_data[0];
                4'd9: begin
                  stack_size <= (ld_data > 32'(STACK)) ? 8'(STACK) : ld_data[7:0];
                  stack_big <= ld_data > 32'(STACK);        // more entries than the core has
                end
                4'd10: gprs <= ld_data[7:0];
                4'd11: al <= ld_data;
                4'd12: tbase <= 9'd128 - {6'd0, ld_data[2:0]};   // temps 0-4
                4'd13: f2i_rne <= ld_data[0];
                4'd14: sin_radians <= ld_data[0];
                4'd15: wlanes <= ld_data[6:0];
                default: ;
              endcase
              3'd5: if (32'(ld_addr[19:10]) < 32'(LANES)) begin
                if (ld_addr[3:0] < 4'd4) ar[ld_addr[1:0]][ld_addr[10+LW-1:10]] <= ld_data[8:0];
                else if (ld_addr[3:0] == 4'd4) pred[ld_addr[10+LW-1:10]] <= ld_data[0];
                else if (ld_addr[3:0] < 4'd9) pv[2'(ld_addr[3:0] - 4'd5)][ld_addr[10+LW-1:10]] <= ld_data;
                else ps[ld_addr[10+LW-1:10]] <= ld_data;
              end
              default: ;
            endcase
          end
          if (start) st <= S_CF;
        end

        // ---------------------------------------------------------- CF
        S_CF: begin : cf
          logic [1:0] npst [LANES];
          logic [7:0] nsp;
          logic [31:0] npc;
          logic br, fl, endp;
          logic [31:0] nal;
          logic [3:0] why;
          logic [LANES-1:0] m;
          logic [LANES-1:0] nvalid;
          logic vm_we, hold, xmore, fstart;
          logic [15:0] mk;
          hold = 1'b0; xmore = 1'b0; fstart = 1'b0;
          for (int l = 0; l < LANES; l++) npst[l] = pst[l];
          nvalid = valid; vm_we = 1'b0; nal = al;
          nsp = sp; npc = pc + 32'd8; br = 1'b0; fl = 1'b0; why = r700_pkg::WHY_NONE; endp = 1'b0;
          rt_mw_en <= '0; rt_mw_mask <= 16'd0;
          if (stack_big) begin
            fl = 1'b1; why = r700_pkg::WHY_KNOB;               // stack_size above STACK
          end else if (!c_pc_ok) begin
            fl = 1'b1; why = r700_pkg::WHY_PC;
          end else if (c_alu) begin
            // CF_ALU: ALU 8, PUSH_BEFORE 9, POP_AFTER 10, POP2_AFTER 11, CONTINUE 13, BREAK 14, ELSE_AFTER 15
            if (c_aop == 4'd12 || c_aop < r700_pkg::CFA_ALU) begin
              fl = 1'b1; why = r700_pkg::WHY_CF_UNIMPL;
            end else if (cw1[25]) begin
              fl = 1'b1; why = r700_pkg::WHY_CF_UNIMPL;       // ALT_CONST (model D44)
            end else if (c_aop == r700_pkg::CFA_PUSH_BEFORE && sp >= stack_size) begin
              fl = 1'b1; why = r700_pkg::WHY_STACK;
            end else if ((c_aop == r700_pkg::CFA_POP_AFTER && sp < 8'd1) ||
                         (c_aop == r700_pkg::CFA_POP2_AFTER && sp < 8'd2)) begin
              fl = 1'b1; why = r700_pkg::WHY_STACK;
            end else if (c_target < base || ((c_target - base) >> 2) >= 32'(IMEM_WORDS)) begin
              fl = 1'b1; why = r700_pkg::WHY_PC;
            end else begin
              if (c_aop == r700_pkg::CFA_PUSH_BEFORE) begin
                for (int l = 0; l < LANES; l++) stk[si(sp)][l] <= pst[l];
                skind[si(sp)] <= SE_PIXEL; sal[si(sp)] <= al; scnt[si(sp)] <= lcnt; sinc[si(sp)] <= linc;
                sdep[si(sp)] <= cdep;
                nsp = sp + 8'd1;
              end
              st <= S_GDEC;
              clause_cf <= pc;
              ccf_inst <= c_aop;
              cpc <= c_target;
              cend <= c_target + {22'd0, cw1[24:18], 3'd0} + 32'd8;
              clane <= c_pass;
              kb[0] <= cw0[25:22]; kb[1] <= cw0[29:26]; km[0] <= cw0[31:30]; km[1] <= cw1[1:0];
              ka[0] <= cw1[9:2]; ka[1] <= cw1[17:10];
              for (int l = 0; l < LANES; l++) pred[l] <= pst[l] == r700_pkg::PS_ACTIVE;
              uem_set <= '0; uem_val <= '0;
              npc = c_target;     // the record's next pc: the clause
            end
          end else begin
            case (c_op)
              r700_pkg::CF_NOP, 7'd26: ;                               // NOP, WAIT_ACK (D43)
              7'd1, 7'd2, 7'd3: begin
                // TEX, VTX, VTX_TC: COUNT+1 (at most eight) fetch instructions at
                // ADDR (128-bit aligned) for the lanes passing the condition
                if (cw0[0] || cw1[19]) begin
                  fl = 1'b1; why = r700_pkg::WHY_CLAUSE;
                end else if (c_target < base || ((c_target - base) >> 2) >= 32'(IMEM_WORDS)) begin
                  fl = 1'b1; why = r700_pkg::WHY_PC;
                end else begin
                  fstart = 1'b1;
                  st <= S_FDEC;
                  ftex <= c_op == 7'd1;
                  cpc <= c_target;
                  cend <= c_target + {24'd0, cw1[19], cw1[12:10], 4'd0} + 32'd16;
                  clane <= c_pass;
                  npc = c_target;     // the record's next pc: the clause
                end
              end
              r700_pkg::CF_JUMP, 7'd15, r700_pkg::CF_ELSE, r700_pkg::CF_POP: begin   // JUMP, POP_JUMP, ELSE, POP
                if (!pp_ok) begin
                  fl = 1'b1; why = r700_pkg::WHY_STACK;
                end else begin
                  for (int l = 0; l < LANES; l++) npst[l] = pp_pst[l];
                  nsp = sp - 8'(c_popc);
                  case (c_op)
                    r700_pkg::CF_JUMP, 7'd15: if (pp_pass == '0) begin npc = c_target; br = 1'b1; end
                    r700_pkg::CF_POP:
                      for (int l = 0; l < LANES; l++)
                        if (npst[l] == r700_pkg::PS_ACTIVE && !pp_pass[l]) npst[l] = r700_pkg::PS_BRANCH;
                    default: begin   // ELSE
                      for (int l = 0; l < LANES; l++)
                        if ((nsp == 8'd0 || stk[si(nsp - 8'd1)][l] == r700_pkg::PS_ACTIVE) &&
                            (c_cond == 2'd0 || (c_cond == 2'd2 && c_b) || (c_cond == 2'd3 && !c_b)) &&
                            !(c_vpm && !valid[l]))
                          npst[l] = npst[l] == r700_pkg::PS_ACTIVE ? r700_pkg::PS_BRANCH : npst[l] == r700_pkg::PS_BRANCH ? r700_pkg::PS_ACTIVE : npst[l];
                      m = '0;
                      for (int l = 0; l < LANES; l++) m[l] = npst[l] == r700_pkg::PS_ACTIVE;
                      if (m == '0) begin npc = c_target; br = 1'b1; end
                    end
                  endcase
                end
              end
              r700_pkg::CF_PUSH: begin
                // PUSH: pass = the test on the state before any pop; pops only when it jumps
                if (!pp_ok) begin
                  fl = 1'b1; why = r700_pkg::WHY_STACK;
                end else if (c_pass == '0) begin
                  for (int l = 0; l < LANES; l++) npst[l] = pp_pst[l];
                  nsp = sp - 8'(c_popc);
                  npc = c_target; br = 1'b1;
                end else if (sp >= stack_size) begin
                  fl = 1'b1; why = r700_pkg::WHY_STACK;
                end else begin
                  for (int l = 0; l < LANES; l++) stk[si(sp)][l] <= pst[l];
                  skind[si(sp)] <= SE_PIXEL; sal[si(sp)] <= al; scnt[si(sp)] <= lcnt; sinc[si(sp)] <= linc;
                  sdep[si(sp)] <= cdep;
                  nsp = sp + 8'd1;
                  for (int l = 0; l < LANES; l++)
                    if (pst[l] == r700_pkg::PS_ACTIVE && !c_pass[l]) npst[l] = r700_pkg::PS_BRANCH;
                end
              end
              7'd16: begin
                // POP_PUSH: pop POP_COUNT first, then a PUSH (no pops) on the
                // popped state: jump when no pixel passes, else push it
                if (!pp_ok) begin
                  fl = 1'b1; why = r700_pkg::WHY_STACK;
                end else if (!(|pp_pass)) begin
                  for (int l = 0; l < LANES; l++) npst[l] = pp_pst[l];
                  nsp = sp - 8'(c_popc);
                  npc = c_target; br = 1'b1;
                end else if (sp - 8'(c_popc) >= stack_size) begin
                  fl = 1'b1; why = r700_pkg::WHY_STACK;
                end else begin : popush
                  logic [SW-1:0] ix;
                  ix = si(sp - 8'(c_popc));
                  for (int l = 0; l < LANES; l++) stk[ix][l] <= pp_pst[l];
                  skind[ix] <= SE_PIXEL; sal[ix] <= al; scnt[ix] <= lcnt; sinc[ix] <= linc;
                  sdep[ix] <= cdep;
                  nsp = sp - 8'(c_popc) + 8'd1;
                  for (int l = 0; l < LANES; l++)
                    npst[l] = pp_pst[l] == r700_pkg::PS_ACTIVE && !pp_pass[l] ? r700_pkg::PS_BRANCH : pp_pst[l];
                end
              end
              7'd12, 7'd17: begin
                // PUSH_ELSE (no pops), POP_PUSH_ELSE (POP_COUNT first): push the
                // state, then ELSE against the pushed entry: pixels active in it
                // that pass the boolean test (VPM: valid ones) go inactive-branch;
                // jump when no pixel is active (model D16)
                if (c_op == 7'd17 && !pp_ok) begin
                  fl = 1'b1; why = r700_pkg::WHY_STACK;
                end else if (sp - (c_op == 7'd17 ? 8'(c_popc) : 8'd0) >= stack_size) begin
                  fl = 1'b1; why = r700_pkg::WHY_STACK;
                end else begin : pushelse
                  logic [SW-1:0] ix;
                  logic [7:0] bsp;
                  logic pe_flip;
                  bsp = sp - (c_op == 7'd17 ? 8'(c_popc) : 8'd0);
                  ix = si(bsp);
                  m = '0;
                  for (int l = 0; l < LANES; l++) begin
                    npst[l] = c_op == 7'd17 ? pp_pst[l] : pst[l];
                    stk[ix][l] <= npst[l];
                    pe_flip = (c_cond == 2'd0 || (c_cond == 2'd2 && c_b) || (c_cond == 2'd3 && !c_b)) &&
                              !(c_vpm && !valid[l]);
                    if (npst[l] == r700_pkg::PS_ACTIVE && pe_flip) npst[l] = r700_pkg::PS_BRANCH;
                    m[l] = npst[l] == r700_pkg::PS_ACTIVE;
                  end
                  skind[ix] <= SE_PIXEL; sal[ix] <= al; scnt[ix] <= lcnt; sinc[ix] <= linc;
                  sdep[ix] <= cdep;
                  nsp = bsp + 8'd1;
                  if (!(|m)) begin npc = c_target; br = 1'b1; end
                end
              end
              7'd4, 7'd6, 7'd7: begin
                // LOOP_START (DX9: I trip count, initial aL, increment), _DX10 (no
                // count), _NO_AL (count, aL kept) (§3.7.3-3.7.5, model D34)
                if (c_trip == 32'd0 || c_pass == '0) begin
                  if (!pp_ok) begin
                    fl = 1'b1; why = r700_pkg::WHY_STACK;
                  end else begin
                    for (int l = 0; l < LANES; l++) npst[l] = pp_pst[l];
                    nsp = sp - 8'(c_popc);
                    npc = c_target; br = 1'b1;
                  end
                end else if (sp >= stack_size) begin
                  fl = 1'b1; why = r700_pkg::WHY_STACK;
                end else begin
                  for (int l = 0; l < LANES; l++) stk[si(sp)][l] <= pst[l];
                  skind[si(sp)] <= SE_LOOP; sal[si(sp)] <= al; scnt[si(sp)] <= lcnt; sinc[si(sp)] <= linc;
                  sdep[si(sp)] <= cdep;
                  nsp = sp + 8'd1;
                  lcnt <= c_trip;
                  linc <= c_op == 7'd6 ? 32'd0 : iconst[c_ci + 7'd2];
                  if (c_op == 7'd4) nal = iconst[c_ci + 7'd1];
                end
              end
              7'd5: begin
                // LOOP_END: continuing pixels come back; count down; jump back while
                // the count is not 0 and some pixel passes, else pop the loop (L1153)
                if (sp == 8'd0 || skind[si(sp - 8'd1)] != SE_LOOP) begin
                  fl = 1'b1; why = r700_pkg::WHY_STACK;
                end else if (le_cnt != 32'd0 && le_pass != '0) begin
                  for (int l = 0; l < LANES; l++) npst[l] = le_pst[l];
                  lcnt <= le_cnt;
                  nal = al + linc;
                  npc = c_target; br = 1'b1;
                end else begin
                  for (int l = 0; l < LANES; l++) npst[l] = stk[si(sp - 8'd1)][l];
                  nsp = sp - 8'd1;
                  nal = sal[si(sp - 8'd1)];
                  lcnt <= scnt[si(sp - 8'd1)]; linc <= sinc[si(sp - 8'd1)];
                end
              end
              7'd8, 7'd9: begin
                // LOOP_CONTINUE, LOOP_BREAK: passing pixels leave the iteration /
                // the loop; none active: pop back to the loop level and jump (D17)
                if (!lb_ok) begin
                  fl = 1'b1; why = r700_pkg::WHY_STACK;
                end else begin
                  m = '0;
                  for (int l = 0; l < LANES; l++) begin
                    if (c_pass[l]) npst[l] = c_op == 7'd9 ? r700_pkg::PS_BREAK : r700_pkg::PS_CONT;
                    m[l] = npst[l] == r700_pkg::PS_ACTIVE;
                  end
                  if (m == '0) begin
                    for (int l = 0; l < LANES; l++) npst[l] = lb_pst[l];
                    nsp = lb_lv;
                    npc = c_target; br = 1'b1;
                  end
                end
              end
              7'd18: begin
                // CALL: some pixel passes and depth + CALL_COUNT <= 32: push the
                // return address and jump (D19)
                if (c_pass != '0 && 32'(cdep) + 32'(cw1[18:13]) <= 32'd32) begin
                  if (sp >= stack_size) begin
                    fl = 1'b1; why = r700_pkg::WHY_STACK;
                  end else begin
                    for (int l = 0; l < LANES; l++) stk[si(sp)][l] <= pst[l];
                    skind[si(sp)] <= SE_CALL; sal[si(sp)] <= al; scnt[si(sp)] <= lcnt; sinc[si(sp)] <= linc;
                    sdep[si(sp)] <= cdep; sret[si(sp)] <= pc + 32'd8;
                    nsp = sp + 8'd1;
                    cdep <= cdep + {2'd0, cw1[18:13]};
                    npc = c_target; br = 1'b1;
                  end
                end
              end
              7'd20: begin
                // RETURN: pop the call entry, jump back (a fault outside a call)
                if (sp == 8'd0 || skind[si(sp - 8'd1)] != SE_CALL) begin
                  fl = 1'b1; why = r700_pkg::WHY_STACK;
                end else begin
                  nsp = sp - 8'd1;
                  cdep <= sdep[si(sp - 8'd1)];
                  npc = sret[si(sp - 8'd1)]; br = 1'b1;
                end
              end
              r700_pkg::CF_EXPORT, r700_pkg::CF_EXPORT_DONE, 7'd32, 7'd33, 7'd34, 7'd35, 7'd36, 7'd37,
              7'd38, 7'd58: begin
                // exports and MEM_* writes (the export engine above): first a
                // check pass over the burst (S_XCHK: every address inside its
                // space, at most 128 writes, as the model checks before any
                // write), then this instruction again: element 0 on this beat,
                // the others one beat each (S_XBEAT)
                if (x_err) begin
                  fl = 1'b1; why = r700_pkg::WHY_CF_UNIMPL;
                end else if (!x_ok) begin
                  hold = 1'b1;
                end else begin
                  xmore = x_n != 5'd1;
                  mk = x_mk;
                  rt_mw_en <= x_en; rt_mw_space <= x_space; rt_mw_size <= x_size;
                  if (x_exp) rt_mw_mask <= mk == 16'hffff ? 16'd0 : mk;
                  else rt_mw_mask <= x_mask;
                  // MEM_EXPORT writes the space mem that fetches read (D55), lanes in
                  // order; MEM_SCRATCH / MEM_REDUCTION the spaces the memory reads
                  // read (D49, D54): through the write ports mq_*
                  mq_sp <= x_space == 4'd1 ? 2'd0 : x_space == 4'd6 ? 2'd1 : 2'd2;
                  for (int l = 0; l < LANES; l++)
                    for (int j = 0; j < 4; j++) begin
                      mq_a[30*(4*l + j) +: 30] <= x_addr[l][31:2] + 30'(j);
                      mq_d[32*(4*l + j) +: 32] <= x_data[l][32*j +: 32];
                      if (x_en[l] && x_mk[4*j] &&
                          ((x_space == 4'd1 && 32'(x_addr[l][31:2]) + 32'(j) < 32'(MEM_WORDS)) ||
                           ((x_space == 4'd6 || x_space == 4'd7) && 32'(x_addr[l][31:2]) + 32'(j) < 32'(BUF_WORDS))))
                        mq_en[4*l + j] <= 1'b1;
                    end
                  for (int l = 0; l < LANES; l++) begin
                    rt_mw_addr[32*l +: 32] <= x_addr[l];
                    rt_mw_data[128*l +: 128] <= x_data[l];
                  end
                end
              end
              r700_pkg::CF_KILL: begin
                // passing pixels lose their valid bit and become inactive;
                // jump when no valid pixel is left (model D14)
                for (int l = 0; l < LANES; l++)
                  if (c_pass[l]) npst[l] = r700_pkg::PS_BRANCH;
                nvalid = valid & ~c_pass;
                vm_we = 1'b1;
                if (nvalid == '0) begin npc = c_target; br = 1'b1; end
              end
              default: begin fl = 1'b1; why = r700_pkg::WHY_CF_UNIMPL; end
            endcase
            if (c_eop && !fl) endp = 1'b1;
          end
          if (fl) begin
            st <= S_FAULT; fault_pc <= pc; fault_why <= why;
          end else if (hold) begin
            // the export check pass first (S_XCHK), then this instruction again
            st <= S_XCHK; xw0 <= cw0; xw1 <= cw1; xpass <= c_pass; xi <= 5'd0; xcnt <= 8'd0;
          end else begin
            for (int l = 0; l < LANES; l++) pst[l] <= npst[l];
            sp <= nsp;
            pc <= (c_alu || fstart) ? pc + 32'd8 : npc;
            x_ok <= 1'b0;
            if (xmore) begin
              st <= S_XBEAT; xi <= 5'd1; xend <= endp;
            end else if (endp) st <= S_DONE;
            rt_valid <= 1'b1;
            rt_last <= !xmore;
            rt_kind <= 2'd0;
            rt_pc <= pc;
            rt_next_pc <= npc;
            rt_nwords <= 5'd2;
            rt_words <= '0;
            rt_words[31:0] <= cw0;
            rt_words[63:32] <= cw1;
            rt_flags <= {endp, br};
            rt_al_we <= nal != al;
            rt_al <= nal;
            al <= nal;
            rt_exec <= c_pass;
            rt_gw_en <= 5'd0; rt_ar_en <= 4'd0; rt_pr_en <= 5'd0;
            valid <= nvalid;
            rt_vm_we <= vm_we; rt_vm <= nvalid;
            rt_st_we <= 1'b1;
            for (int l = 0; l < LANES; l++) rt_active[l] <= npst[l] == r700_pkg::PS_ACTIVE;
            rt_depth <= nsp;
          end
        end

        // ---------------------------------------------------- group decode
        S_GDEC: begin
          if (cpc < base || g_nolast || g_bad || g_illegal || g_cross || g_rules) begin
            st <= S_FAULT; fault_pc <= pc; fault_why <= g_cross ? r700_pkg::WHY_CLAUSE : r700_pkg::WHY_GROUP;
          end else if (g_unimpl || g_src) begin
            st <= S_FAULT; fault_pc <= pc;
            fault_why <= g_unimpl ? r700_pkg::WHY_ALU_UNIMPL : r700_pkg::WHY_SRC;
          end else begin
            for (int i = 0; i < 14; i++) gw[i] <= fw[i];
            g_nwords <= 5'(2 * 32'(g_n) + 32'(g_lit));
            for (int k = 0; k < 4; k++) lit[k] <= fw[2 * 32'(g_n) + k];
            uvalid <= g_used;
            for (int u = 0; u < 5; u++) begin uw0[u] <= 32'd0; uw1[u] <= 32'd0; end
            for (int i = 0; i < 5; i++)
              if (i < 32'(g_n)) begin uw0[g_unit[i]] <= fw[2*i]; uw1[g_unit[i]] <= fw[2*i+1]; end
            for (int u = 0; u < 5; u++) begin gdone[u] <= '0; gexec[u] <= '0; end
            // a relative destination: first the count of the record's entries (S_RCNT)
            st <= S_LANE;
            g_reldst <= 1'b0;
            for (int i = 0; i < 5; i++)
              if (i < 32'(g_n) && d_drel[i]) begin g_reldst <= 1'b1; st <= S_RCNT; end
            for (int u = 0; u < 5; u++) rseen[u] <= '0;
            rcnt <= 9'd0;
            killed <= '0;
            lane <= 6'd0;
          end
        end

        // ------------------------------------------------- one lane per cycle
        S_LANE: if (!t_stall) begin       // (a transcendental not ready: hold the lane)
          for (int u = 0; u < 5; u++) begin
            if (e_run[u]) begin
              gexec[u][ln] <= 1'b1;
              res[u][ln] <= e_now[u] ? 32'd0 : e_dst[u];
              if (u_wr[u]) begin
                gq_en[5*32'(ln) + u] <= 1'b1; gq_a[9*(5*32'(ln) + u) +: 9] <= {e_dg[u][6:0], e_dch[u]}; gq_d[32*(5*32'(ln) + u) +: 32] <= e_dst[u];
                gdone[u][ln] <= 1'b1;
              end
              widx[u][ln] <= {e_dg[u][6:0], e_dch[u]};
              if (u < 4) pv[u][ln] <= e_now[u] ? 32'd0 : e_dst[u];
              else ps[ln] <= e_now[u] ? 32'd0 : e_dst[u];
              if (e_mova[u] && u < 4) ar[u][ln] <= e_ar[u];
              if (e_pred[u] && e_up[u]) begin pred[ln] <= e_pout[u]; pslot[u][ln] <= e_pout[u]; end
              if (e_pred[u] && e_uem[u]) begin uem_set[ln] <= 1'b1; uem_val[ln] <= e_pout[u]; end
              if (e_kill[u] && e_killo[u]) killed[ln] <= 1'b1;
            end else if (!uvalid[u] && clane[ln]) begin
              // a unit the group does not use: PV/PS read 0 (model D13)
              if (u < 4) pv[u][ln] <= 32'd0;
              else ps[ln] <= 32'd0;
            end
          end
          if (32'(lane) == 32'(LANES - 1)) begin
            st <= g_reldst ? S_RBEAT : S_GRET;
            lane <= 6'd0;
          end else lane <= lane + 6'd1;
        end

        // ---- a group with relative destinations, before any write: the
        // retire record's GPR entries, one per (GPR element, unit) some lane
        // writes (a vector unit's write that t overrides is none); more than
        // the record's 48 refuse the group, as the model does
        S_RCNT: begin : rcn
          logic [8:0] n;
          n = rcnt;
          for (int u = 0; u < 5; u++)
            if (e_run[u] && u_wr[u] && !rseen[u][e_dg[u][6:0]]) begin
              rseen[u][e_dg[u][6:0]] <= 1'b1;
              n = n + 9'd1;
            end
          rcnt <= n;
          if (32'(lane) == 32'(LANES - 1)) begin
            lane <= 6'd0;
            if (n > 9'd48) begin
              st <= S_FAULT; fault_pc <= pc; fault_why <= r700_pkg::WHY_GROUP;
            end else st <= S_LANE;
          end else lane <= lane + 6'd1;
        end

        // ------------- a group with relative destinations: one beat per lane
        // with that lane's GPR writes (their element differs by lane), then GRET
        S_RBEAT: begin
          rt_valid <= 1'b1;
          rt_last <= 1'b0;
          rt_kind <= 2'd1;
          rt_pc <= cpc;
          rt_nwords <= g_nwords;
          rt_words <= '0;
          for (int i = 0; i < 14; i++)
            if (i < 32'(g_nwords)) rt_words[32*i +: 32] <= gw[i];
          rt_flags <= 2'b00;
          rt_exec <= clane;
          // the header is read on the unit's first beat: the next pc as GRET gives it
          rt_next_pc <= cpc + {25'd0, g_nwords, 2'b00} >= cend ? pc : cpc + {25'd0, g_nwords, 2'b00};
          rt_mw_en <= '0; rt_mw_mask <= 16'd0;
          rt_ar_en <= 4'd0; rt_pr_en <= 5'd0; rt_vm_we <= 1'b0; rt_st_we <= 1'b0; rt_al_we <= 1'b0;
          for (int u = 0; u < 5; u++) begin
            rt_gw_en[u] <= gdone[u][ln];
            rt_gw_idx[10*u +: 10] <= {1'b0, widx[u][ln]};
            rt_gw_lanes[LANES*u +: LANES] <= '0;
            rt_gw_lanes[LANES*u + 32'(ln)] <= 1'b1;
            for (int l = 0; l < LANES; l++) rt_gw_val[32*(LANES*u + l) +: 32] <= res[u][l];
          end
          if (32'(lane) == 32'(LANES - 1)) st <= S_GRET;
          lane <= lane + 6'd1;
        end

        // --------------------------------------------------- group retire
        S_GRET: begin
          logic ends;
          ends = cpc + {25'd0, g_nwords, 2'b00} >= cend;
          rt_valid <= 1'b1;
          rt_last <= 1'b1;
          rt_kind <= 2'd1;
          rt_pc <= cpc;
          rt_nwords <= g_nwords;
          rt_words <= '0;
          for (int i = 0; i < 14; i++)
            if (i < 32'(g_nwords)) rt_words[32*i +: 32] <= gw[i];
          rt_flags <= 2'b00;
          rt_exec <= clane;
          rt_mw_en <= '0; rt_mw_mask <= 16'd0;
          rt_al_we <= 1'b0;
          for (int u = 0; u < 5; u++) begin
            rt_gw_en[u] <= gdone[u] != '0 && !g_reldst;
            rt_gw_idx[10*u +: 10] <= {1'b0, e_dgpr[u], e_dch[u]};
            rt_gw_lanes[LANES*u +: LANES] <= gdone[u];
            for (int l = 0; l < LANES; l++) rt_gw_val[32*(LANES*u + l) +: 32] <= res[u][l];
          end
          for (int u = 0; u < 4; u++) begin
            rt_ar_en[u] <= uvalid[u] && e_mova[u];
            rt_ar_lanes[LANES*u +: LANES] <= gexec[u];
            for (int l = 0; l < LANES; l++) rt_ar_val[9*(LANES*u + l) +: 9] <= ar[u][l];
          end
          // one predicate write per UPDATE_PRED slot, as the model records them
          // (its lanes and the value that slot computed; the last slot's value
          // is the register's on a lane several slots write)
          for (int u = 0; u < 5; u++) begin
            rt_pr_en[u] <= uvalid[u] && e_pred[u] && e_up[u];
            rt_pr_lanes[LANES*u +: LANES] <= gexec[u];
            rt_pr_val[LANES*u +: LANES] <= pslot[u];
          end
          rt_vm_we <= (killed & valid) != '0;
          rt_vm <= valid & ~killed;
          valid <= valid & ~killed;
          cpc <= cpc + {25'd0, g_nwords, 2'b00};
          if (ends) begin
            for (int l = 0; l < LANES; l++) pst[l] <= ce_pst[l];
            sp <= ce_sp;
            rt_st_we <= 1'b1;
            for (int l = 0; l < LANES; l++) rt_active[l] <= ce_pst[l] == r700_pkg::PS_ACTIVE;
            rt_depth <= ce_sp;
            rt_next_pc <= pc;
            st <= S_CF;
          end else begin
            rt_st_we <= 1'b0;
            rt_next_pc <= cpc + {25'd0, g_nwords, 2'b00};
            st <= S_GDEC;
          end
        end
        // ---------------------------------------------- fetch: decode
        S_FDEC: begin
          if (fd_trunc || fd_bad) begin
            st <= S_FAULT; fault_pc <= pc; fault_why <= r700_pkg::WHY_CLAUSE;
          end else if (fd_unimpl) begin
            st <= S_FAULT; fault_pc <= pc; fault_why <= r700_pkg::WHY_ALU_UNIMPL;
          end else begin
            for (int k = 0; k < 4; k++) fq[k] <= fd[k];
            // FETCH_WHOLE_QUAD: whole quads of the clause's lanes (D53)
            for (int l = 0; l < LANES; l++) begin
              flanes[l] <= clane[l];
              if (fd[0][7])
                for (int j = (l / 4) * 4; j < (l / 4) * 4 + 4; j++)
                  if (j < LANES && clane[j]) flanes[l] <= 1'b1;
            end
            fstep <= 3'd0;
            st <= S_FRES;
          end
        end

        // ------------------- fetch: the resource's eight fields, the SEM entry
        S_FRES: begin
          fr[fstep] <= resf[RSW'({fq[0][15:8], fstep})];
          fsem <= semt[fq[1][7:0]];
          if (fstep == 3'd7) begin
            st <= S_FLANE; lane <= 6'd0;
          end
          fstep <= fstep + 3'd1;
        end

        // --------------------------------------- fetch: one lane at a time
        S_FLANE: begin : fln
          logic nextl;
          logic [61:0] fwa;                 // the word address read this cycle
          nextl = 1'b0; fwa = 62'd0;
          if (f_dsw || f_dsr) begin
            // LDS: every lane in one cycle, after the checks of all lanes
            if (ds_bad) begin
              st <= S_FAULT; fault_pc <= pc; fault_why <= r700_pkg::WHY_MEM;
            end else if (ds_conf) begin
              st <= S_FAULT; fault_pc <= pc; fault_why <= r700_pkg::WHY_CLAUSE;
            end else begin
              for (int l = 0; l < LANES; l++)
                for (int k = 0; k < 4; k++)
                  if (f_dsw && ds_on[l] && ds_mask[4*k]) begin
                    lq_en[4*l + k] <= 1'b1; lq_a[12*(4*l + k) +: 12] <= {ds_off[l][9:2], ds_bank[l], 2'(k)}; lq_d[32*(4*l + k) +: 32] <= ds_wv[k][l];
                  end
              for (int l = 0; l < LANES; l++)
                for (int k = 0; k < 4; k++)
                  if (f_dsr) res[k][l] <= ds_rv[k][l];
              for (int l = 0; l < LANES; l++)
                for (int k = 0; k < 4; k++)
                  if (f_dsr && ds_on[l] && fq[1][9 + k] && f_dok) begin
                    gq_en[5*l + k] <= 1'b1; gq_a[9*(5*l + k) +: 9] <= {f_dg[6:0], 2'(k)}; gq_d[32*(5*l + k) +: 32] <= ds_rv[k][l];
                  end
              st <= S_FRET; lane <= 6'd0;
            end
          end else if (fstep == 3'd0) begin
            // the instruction's format checks (before any lane, as the model)
            if (f_op != 5'd4 && ((f_vtx && fx_texonly) || !fx_known || fx_swap_bad)) begin
              st <= S_FAULT; fault_pc <= pc; fault_why <= r700_pkg::WHY_ALU_UNIMPL;
            end else if (!flanes[ln]) nextl = 1'b1;
            else if (f_op == 5'd4) begin
              // GET_TEXTURE_RESINFO: width, height, depth, levels (D52)
              for (int k = 0; k < 4; k++) res[k][ln] <= fr[4 + k];
              nextl = 1'b1;
            end else if (fl_zero) begin
              for (int k = 0; k < 4; k++) res[k][ln] <= 32'd0;
              nextl = 1'b1;
            end else if (fl_unimpl) begin
              st <= S_FAULT; fault_pc <= pc; fault_why <= r700_pkg::WHY_ALU_UNIMPL;
            end else if (fl_fault) begin
              st <= S_FAULT; fault_pc <= pc; fault_why <= r700_pkg::WHY_MEM;
            end else begin
              faddr <= fl_addr;
              fstep <= 3'd1;
            end
          end else if (fstep != 3'd6) begin
            // the five words from the element's word address, one per cycle
            // (MEM_RD_SCRATCH / MEM_RD_REDUC: the space scratch / reduction)
            fwa = faddr[63:2] + {59'd0, fstep - 3'd1};
            if (f_mrd && fq[0][10:8] != 3'd2)
              fbuf[fstep - 3'd1] <= fwa >= 62'(BUF_WORDS) ? 32'd0 : fq[0][8] ? rmem[BW'(fwa)] : smem[BW'(fwa)];
            else
              fbuf[fstep - 3'd1] <= fwa < 62'(MEM_WORDS) ? fmem[MW'(fwa)] : 32'd0;
            fstep <= fstep + 3'd1;
          end else if (fx_norm32) begin
            st <= S_FAULT; fault_pc <= pc; fault_why <= r700_pkg::WHY_ALU_UNIMPL;  // NORM of 32 bits (D47)
          end else begin
            for (int k = 0; k < 4; k++) res[k][ln] <= fx_v[32*k +: 32];
            nextl = 1'b1;
          end
          if (nextl) begin
            fstep <= 3'd0;
            if (32'(lane) == 32'(LANES - 1)) begin st <= S_FWB; lane <= 6'd0; end
            else lane <= lane + 6'd1;
          end
        end

        // ------------------------------ fetch: GPR writes, one lane per cycle
        S_FWB: begin
          if (flanes[ln] && f_dok)
            for (int k = 0; k < 4; k++)
              if (fq[1][9 + 3*k +: 3] != 3'd7) begin
                gq_en[5*32'(ln) + k] <= 1'b1; gq_a[9*(5*32'(ln) + k) +: 9] <= {f_dg[6:0], 2'(k)};
                gq_d[32*(5*32'(ln) + k) +: 32] <= f_dsel(fq[1][9 + 3*k +: 3], res[0][ln], res[1][ln], res[2][ln], res[3][ln]);
              end
          if (32'(lane) == 32'(LANES - 1)) begin st <= S_FRET; lane <= 6'd0; end
          else lane <= lane + 6'd1;
        end

        // ------------------------------------------------ fetch: retire
        S_FRET: begin
          rt_valid <= 1'b1;
          rt_last <= 1'b1;
          rt_kind <= 2'd2;
          rt_pc <= cpc;
          rt_nwords <= 5'd4;
          rt_words <= '0;
          for (int k = 0; k < 4; k++) rt_words[32*k +: 32] <= fq[k];
          rt_flags <= 2'b00;
          rt_exec <= flanes;
          rt_mw_en <= '0; rt_mw_mask <= 16'd0;
          if (f_dsw) begin
            // LOCAL_DS_WRITE: one 16-byte write of space lds per lane
            rt_mw_en <= ds_mask != 16'd0 ? ds_on : '0;
            rt_mw_mask <= ds_mask == 16'hffff ? 16'd0 : ds_mask;
            rt_mw_space <= 4'd9; rt_mw_size <= 5'd16;
            for (int l = 0; l < LANES; l++) begin
              rt_mw_addr[32*l +: 32] <= {18'd0, ds_off[l][9:2], ds_bank[l], 4'd0};
              rt_mw_data[128*l +: 128] <= {ds_wv[3][l], ds_wv[2][l], ds_wv[1][l], ds_wv[0][l]};
            end
          end
          rt_ar_en <= 4'd0; rt_pr_en <= 5'd0; rt_vm_we <= 1'b0; rt_st_we <= 1'b0; rt_al_we <= 1'b0;
          for (int k = 0; k < 5; k++) begin
            if (f_dsr)          // LOCAL_DS_READ: the entry's dwords by DST_WR_X..W
              rt_gw_en[k] <= k < 4 && f_dok && ds_on != '0 && fq[1][9 + (k % 4)];
            else
              rt_gw_en[k] <= k < 4 && !f_dsw && f_dok && flanes != '0 && fq[1][9 + 3*(k % 4) +: 3] != 3'd7;
            rt_gw_idx[10*k +: 10] <= {1'b0, f_dg[6:0], 2'(k)};
            rt_gw_lanes[LANES*k +: LANES] <= f_dsr ? ds_on : flanes;
            for (int l = 0; l < LANES; l++)
              rt_gw_val[32*(LANES*k + l) +: 32] <= f_dsr ? res[k % 4][l]
                : f_dsel(fq[1][9 + 3*(k % 4) +: 3], res[0][l], res[1][l], res[2][l], res[3][l]);
          end
          cpc <= cpc + 32'd16;
          if (cpc + 32'd16 >= cend) begin
            rt_next_pc <= pc;
            st <= S_CF;
          end else begin
            rt_next_pc <= cpc + 32'd16;
            st <= S_FDEC;
          end
        end

        // ------------ the export check pass: one burst element per cycle
        S_XCHK: begin
          if (x_bad) begin
            st <= S_FAULT; fault_pc <= pc; fault_why <= r700_pkg::WHY_MEM;
          end else if (9'(xcnt) + 9'(x_lcnt) > 9'd128) begin
            st <= S_FAULT; fault_pc <= pc; fault_why <= r700_pkg::WHY_CF_UNIMPL;  // the record's 128 writes
          end else if (xi + 5'd1 == x_n) begin
            x_ok <= 1'b1; st <= S_CF;
          end else begin
            xcnt <= xcnt + x_lcnt; xi <= xi + 5'd1;
          end
        end

        // ------ the export's elements 1..BURST_COUNT: one beat each
        S_XBEAT: begin
          rt_valid <= 1'b1;
          rt_last <= xi + 5'd1 == x_n;
          rt_gw_en <= 5'd0; rt_ar_en <= 4'd0; rt_pr_en <= 5'd0;
          rt_vm_we <= 1'b0; rt_st_we <= 1'b0; rt_al_we <= 1'b0;
          rt_mw_en <= x_en; rt_mw_mask <= x_mask; rt_mw_space <= x_space; rt_mw_size <= x_size;
          for (int l = 0; l < LANES; l++) begin
            rt_mw_addr[32*l +: 32] <= x_addr[l];
            rt_mw_data[128*l +: 128] <= x_data[l];
          end
          // MEM_EXPORT, MEM_SCRATCH, MEM_REDUCTION: as on the first beat
          mq_sp <= x_space == 4'd1 ? 2'd0 : x_space == 4'd6 ? 2'd1 : 2'd2;
          for (int l = 0; l < LANES; l++)
            for (int j = 0; j < 4; j++) begin
              mq_a[30*(4*l + j) +: 30] <= 30'(j) + x_addr[l][31:2];
              mq_d[32*(4*l + j) +: 32] <= x_data[l][32*j +: 32];
              if (x_en[l] && x_mk[4*j] &&
                  ((x_space == 4'd1 && 32'(x_addr[l][31:2]) + 32'(j) < 32'(MEM_WORDS)) ||
                   ((x_space == 4'd6 || x_space == 4'd7) && 32'(j) + 32'(x_addr[l][31:2]) < 32'(BUF_WORDS))))
                mq_en[4*l + j] <= 1'b1;
            end
          if (xi + 5'd1 == x_n) st <= xend ? S_DONE : S_CF;
          xi <= xi + 5'd1;
        end
        default: ;
      endcase
    end
  end

  // ------------------------------------------------------- the memories
  // clocked, without reset: the load port (before start) writes directly,
  // the FSM's registered write ports (gq, lq, mq) one cycle after their write
  logic ld_now;
  assign ld_now = rst_n && st == S_IDLE && ld_we;
  always_ff @(posedge clk)
    if (ld_now)
      case (ld_sel)
        3'd0: if (32'(ld_addr) < 32'(IMEM_WORDS)) imem[ld_addr[$clog2(IMEM_WORDS)-1:0]] <= ld_data;
        3'd2: cfile[CFW'(ld_addr[9:0])] <= ld_data;
        3'd4: if (32'(ld_addr[13:0]) < 32'(CB_CONSTS * 4)) cb[ld_addr[17:14]][CBW'(ld_addr[13:0])] <= ld_data;
        3'd6: if (ld_addr < 20'd96) iconst[ld_addr[6:0]] <= ld_data;
              else if (ld_addr >= 20'h1000 && ld_addr < 20'h1800) resf[RSW'(ld_addr[10:0])] <= ld_data;
              else if (ld_addr >= 20'h2000 && ld_addr < 20'h2100) semt[ld_addr[7:0]] <= ld_data[6:0];
        default: ;
      endcase
  always_ff @(posedge clk) begin
    if (ld_now && ld_sel == 3'd1 && 32'(ld_addr[19:10]) < 32'(LANES)) gpr[GW'(ld_addr[8:0])][ld_addr[10+LW-1:10]] <= ld_data;
    for (int l = 0; l < LANES; l++) begin
      if (gq_en[5*l])     gpr[GW'(gq_a[9*(5*l) +: 9])][l]     <= gq_d[32*(5*l) +: 32];
      if (gq_en[5*l + 1]) gpr[GW'(gq_a[9*(5*l + 1) +: 9])][l] <= gq_d[32*(5*l + 1) +: 32];
      if (gq_en[5*l + 2]) gpr[GW'(gq_a[9*(5*l + 2) +: 9])][l] <= gq_d[32*(5*l + 2) +: 32];
      if (gq_en[5*l + 3]) gpr[GW'(gq_a[9*(5*l + 3) +: 9])][l] <= gq_d[32*(5*l + 3) +: 32];
      if (gq_en[5*l + 4]) gpr[GW'(gq_a[9*(5*l + 4) +: 9])][l] <= gq_d[32*(5*l + 4) +: 32];
    end
  end
  always_ff @(posedge clk) begin
    if (ld_now && ld_sel == 3'd6 && ld_addr >= 20'h4000 && ld_addr < 20'h5000) lds[LDW'(ld_addr[11:0])] <= ld_data;
    for (int l = 0; l < LANES; l++)
      for (int k = 0; k < 4; k++)
        if (lq_en[4*l + k]) lds[LDW'(lq_a[12*(4*l + k) +: 12])] <= lq_d[32*(4*l + k) +: 32];
  end
  always_ff @(posedge clk) begin
    if (ld_now && ld_sel == 3'd7 && ld_addr[19:18] == 2'd0 && 32'(ld_addr[17:0]) < 32'(MEM_WORDS))
      fmem[MW'(ld_addr[17:0])] <= ld_data;
    for (int l = 0; l < LANES; l++)
      for (int j = 0; j < 4; j++)
        if (mq_en[4*l + j] && mq_sp == 2'd0) fmem[MW'(mq_a[30*(4*l + j) +: 30])] <= mq_d[32*(4*l + j) +: 32];
  end
  always_ff @(posedge clk) begin
    if (ld_now && ld_sel == 3'd7 && ld_addr[19:18] == 2'd1 && 32'(ld_addr[17:0]) < 32'(BUF_WORDS))
      smem[BW'(ld_addr[17:0])] <= ld_data;
    for (int l = 0; l < LANES; l++)
      for (int j = 0; j < 4; j++)
        if (mq_en[4*l + j] && mq_sp == 2'd1) smem[BW'(mq_a[30*(4*l + j) +: 30])] <= mq_d[32*(4*l + j) +: 32];
  end
  always_ff @(posedge clk) begin
    if (ld_now && ld_sel == 3'd7 && ld_addr[19:18] == 2'd2 && 32'(ld_addr[17:0]) < 32'(BUF_WORDS))
      rmem[BW'(ld_addr[17:0])] <= ld_data;
    for (int l = 0; l < LANES; l++)
      for (int j = 0; j < 4; j++)
        if (mq_en[4*l + j] && mq_sp == 2'd2) rmem[BW'(mq_a[30*(4*l + j) +: 30])] <= mq_d[32*(4*l + j) +: 32];
  end

  logic unused_core;
  assign unused_core = ^{clause_cf, al[31:13], iconst[0], d_red[0], d_red[1], d_red[2], d_red[3], d_red[4], d_neg[0][0], d_abs[0][0], d_dgpr[0], d_clamp[0], d_omod[0], d_mova[0], d_op3[1], d_op3[2], d_op3[3], d_op3[4], d_im[0], d_ps[0], d_ps[1], d_ps[2], d_ps[3], d_ps[4], d_up[0],
                         d_uem[0], d_opc[0], d_pred[0], d_kill[0], d_write[0]};
endmodule
