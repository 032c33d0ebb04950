`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_core.sv - the RDNA4 scalar core of gpuref: instruction memory, scalar
// register file (SGPR, VCC, TTMP, M0, EXEC in one array indexed by the operand
// code), SCC, PC, hardware registers, data memory, a two-stage pipeline and the
// retire port of model/rdna4/README.md.  Microarchitecture, ports and decisions:
// rtl/rdna4/README.md.
//
// Pipeline
//   IF/ID  synchronous read of the two dwords at the fetch pc, decode
//          (rdna4_decode).  Fetches fall-through addresses speculatively.
//   EX/WB  operand read, rdna4_salu or the control/SMEM logic here, register
//          write, retire.  One cycle per instruction; SMEM loads take
//          1 + dwords cycles (one data-memory read per cycle).  A control
//          transfer squashes the fetched instruction (one bubble).
//   SMEM return  with ctrl smem_defer (11, default 1) a load retires without
//          writing its destination: its data wait SMEM_LAT cycles in a queue
//          of KMQ loads (in order) and are then written to the registers and
//          reported on the kw_* port, tagged with the load's sequence number.
//          S_WAIT_KMCNT stalls until KMcnt (+1 per single-DWORD load, +2 for
//          larger ones) <= SIMM16[4:0]; S_WAIT_IDLE / S_WAITCNT and the end of
//          the program (S_ENDPGM, kill, trap, halt) stall until the queue is
//          empty; a load stalls at issue while the queue is full.
// The core stops with `done` after S_ENDPGM(_SAVED), S_SETKILL 1, an illegal-
// instruction or MEMVIOL trap (retired with END|TRAP, as the model does), or a
// halt (STATUS.FATAL_HALT, or STATE_PRIV.HALT outside the trap handler); it
// stops with `fault` (no retire) on what it cannot execute, see the README.
//
// Memories are address windows: the instruction memory holds the bytes
// [imem_base, imem_base + 4*IMEM_WORDS), the data memory [dmem_base,
// dmem_base + 4*DMEM_WORDS) of the 48-bit address space; the bases are ctrl
// registers (load port ctrl 6-9, reset 0).  PC and SMEM addresses stay full
// 48-bit addresses; an access outside its window faults (fault_why says which)
// instead of wrapping into the array, except that with the ctrl flag dmem_zero
// (ctrl 10) an SMEM DWORD outside the data window reads 0, as unwritten memory
// of the model does.
//
// Deliberate bugs for checker tests: scripts/mutations/rdna4.txt, selected at
// run time in the mutant bench (+gpuref_mutant=NAME).
module rdna4_core #(
  parameter int IMEM_WORDS = 16384,   // instruction memory: bytes [imem_base, imem_base + 4*IMEM_WORDS)
  parameter int DMEM_WORDS = 16384,   // data memory (SMEM): bytes [dmem_base, dmem_base + 4*DMEM_WORDS)
  parameter int SMEM_LAT   = 4,       // cycles from an SMEM load's retire to its data write-back (1..256)
  parameter int KMQ        = 4,       // SMEM loads outstanding at most (1..15)
  parameter int VGPRS      = 256,     // VGPRs held (v0..v[VGPRS-1]; a power of 2, 1..256: higher numbers alias)
  parameter int LPC        = 32,      // vector lanes per cycle (1, 2, 4, 8, 16, 32 or 64); wave64 takes
                                      // 64/LPC passes, wave32 32/LPC (one for LPC = 64)
  parameter int FPC        = 8,       // F32 lanes per cycle (rdna4_vfloat; 1, 2, 4, ..., 64): an F32 row
                                      // takes 64/FPC passes in wave64, 32/FPC in wave32
  parameter int VMQ        = 8,       // vector loads outstanding at most (rdna4_vmem; 1..15)
  parameter int VM_LAT     = 16,      // cycles from a vector load's retire to its return (1..200)
  parameter int LDS_WORDS  = 16384,   // LDS DWORDs (rdna4_lds; a power of 2, 2..16384 = 64 KiB)
  parameter int LDQ        = 8,       // DS instructions outstanding at most (rdna4_lds; 1..15)
  parameter int LDS_LAT    = 8,       // cycles from a DS instruction's retire to its return (1..200)
  parameter int WAVES      = 1        // wave slots of one work-group (1..4; README "Waves")
) (
  input  logic         clk,
  input  logic         rst_n,
  // load port (used while not running)
  input  logic         ld_we,
  input  logic [2:0]   ld_sel,      // 0 imem word, 1 sgpr s0-s105, 2 special, 3 dmem word, 4 ctrl,
                                    // 5 VGPR lane: ld_addr = {vgpr[7:0], lane[5:0]}, 6 LDS word ld_addr
                                    // (imem/dmem: word ld_addr of the window, byte address base + 4*ld_addr)
  input  logic [19:0]  ld_addr,     // special: 0 vcc_lo 1 vcc_hi 2 exec_lo 3 exec_hi 4 m0 5 scc 6 pc_lo 7 pc_hi,
                                    //          16+n ttmp n, 64+n hwreg n; ctrl: 0 wave64 flag (data[0]),
                                    //          1 SGPR limit (1-106), 2 TBA[31:0], 3 TBA[47:32],
                                    //          4 SH_MEM_BASES {private_base, shared_base}, 5 dvgpr (data[0]),
                                    //          6 imem_base[31:0], 7 imem_base[47:32], 8 dmem_base[31:0],
                                    //          9 dmem_base[47:32] (bases: bits 1:0 forced 0),
                                    //          10 dmem_zero (data[0]): SMEM outside the data window reads 0,
                                    //          11 smem_defer (data[0], reset 1): SMEM data return later,
                                    //          12 vm_ooo (data[0], reset 0): vector loads return out of order
                                    //          13 dpp_fi_oor (data[0], reset 0): DPP16 FI with an out-of-row
                                    //          source reads 0 (model config dpp_fi_oor),
                                    //          14 lds_size (bytes, reset 65536; model config lds_size),
                                    //          15 qsad_clamp (data[0], reset 0): CLAMP of V_QSAD/MQSAD_PK_U16_U8
                                    //          ignored (model config qsad_clamp)
                                    //          16 align_mode (data[1:0], reset 3; model config align_mode)
                                    //          17 tfe_status (data[0], reset 0; model config tfe_status)
                                    //          18 dmem_float (data[0], reset 0): the data window is placed
                                    //          by the first vector memory access (README "Memories")
                                    //          19 fmt_int_wrap (data[0], reset 0; model config fmt_int_wrap)
                                    //          20 gs_max_wave_id (reset all ones; model config gs_max_wave_id)
                                    //          21 wmma_acc (data[0], reset 0; model config wmma_acc):
                                    //          WMMA/SWMMAC float sums exact, rounded once (rdna4_wmma.sv)
                                    // 7 waves: 0 the work-group's waves (1..WAVES), 1 select wave slot
                                    //          ld_data (later sel 1/2/5 writes load that wave)
  input  logic [31:0]  ld_data,
  input  logic         start,
  output logic         running,
  output logic         done,
  output logic         fault,
  output logic [63:0]  fault_pc,
  output logic [3:0]   fault_why,   // rdna4_pkg::WHY_* of the fault (WHY_FETCH, WHY_SMEM_WIN: outside a window)
  output logic [1:0]   fault_wave,  // the wave of fault_pc (README "Waves")
  output logic [1:0]   cur_wave,    // the active wave: the wave of a vw_* / kw_* return
  output logic [1:0]   rt_wave,     // the wave of the retired instruction
  // retire port: one record per retired instruction, valid for one cycle
  output logic         rt_valid,
  output logic         rt_last,     // the unit's last beat (0: a WMMA/SWMMAC/MQSAD beat, more follow)
  output logic [63:0]  rt_pc,
  output logic [63:0]  rt_next_pc,
  output logic [31:0]  rt_w0,
  output logic [31:0]  rt_w1,
  output logic [31:0]  rt_w2,
  output logic [1:0]   rt_nwords,   // 1..3
  output logic [63:0]  rt_exec_mask, // VALU: EXEC when it issued (wave32: bits 31:0); scalar: 1
  output logic [4:0]   rt_flags,    // GPUREF_RETIRE_* bits: [1] END, [2] BRANCH, [4] TRAP
  output logic [15:0]  rt_s_we,     // s[rt_s_base + i] written for each set bit i
  output logic [6:0]   rt_s_base,
  output logic [511:0] rt_s_val,    // value of s[rt_s_base + i] at [32*i +: 32]
  output logic [1:0]   rt_vcc_we,
  output logic [63:0]  rt_vcc,
  output logic [1:0]   rt_exec_we,
  output logic [63:0]  rt_exec,
  output logic         rt_m0_we,
  output logic [31:0]  rt_m0,
  output logic         rt_scc_we,
  output logic         rt_scc,
  output logic [15:0]  rt_ttmp_we,
  output logic [511:0] rt_ttmp_val, // ttmp n at [32*n +: 32] (all 16, after the instruction)
  output logic         rt_hw_we,
  output logic [5:0]   rt_hw_idx,
  output logic [31:0]  rt_hw_val,
  output logic         rt_v_we,     // VGPR rt_v_idx written in the lanes of rt_v_lanes (none: not reported)
  output logic [7:0]   rt_v_idx,
  output logic [63:0]  rt_v_lanes,
  output logic [2047:0] rt_v_val,   // lane l of the VGPR after the instruction at [32*l +: 32]
  output logic         rt_v2_we,    // a second VGPR write (V_SWAP_B32: the VGPR of S0; VOPD: Y), same form
  output logic [7:0]   rt_v2_idx,
  output logic [2047:0] rt_v2_val,
  output logic [63:0]  rt_mw_lanes, // VGLOBAL store: lane l wrote rt_mw_size[5*l +: 5] bytes at rt_mw_addr[48*l +: 48],
  output logic [3071:0] rt_mw_addr, // data rt_mw_data[128*l +: 128] (byte i at bits 8i+7:8i)
  output logic [319:0] rt_mw_size,
  output logic [8191:0] rt_mw_data,
  output logic         rt_mw_lds,   // the writes are LDS writes (DS; rt_mw_addr the LDS byte address)
  output logic [63:0]  rt_mw_ldsl,  // FLAT: lane l's write is an LDS write (its LDS lanes)
  output logic [63:0]  rt_mw2_lanes, // DS 2ADDR: lane l also wrote rt_mw_size[5*l +: 5] bytes at rt_mw2_addr[32*l +: 32],
  output logic [2047:0] rt_mw2_addr, // data rt_mw2_data[64*l +: 64]
  output logic [4095:0] rt_mw2_data,
  output logic [7:0]   rt_mr_n,     // SCRATCH store: runs 0 .. rt_mr_n - 1 (one per element of a lane):
  output logic [6143:0] rt_mr_addr, // run i of lane rt_mr_lane[6*i +: 6] wrote rt_mr_size[3*i +: 3] bytes
  output logic [767:0] rt_mr_lane,  // rt_mr_data[32*i +: 32] at rt_mr_addr[48*i +: 48] (valid with rt_valid)
  output logic [639:0] rt_mr_size,  // (5 bits a run: a block store's runs have up to 16 bytes)
  output logic [16383:0] rt_mr_data, // (run i at [128*i +: 128])
  // vector load write-back port: one VGPR row of a returning load, valid for one
  // cycle (lanes vw_lanes of VGPR vw_idx, the whole register after the write);
  // vw_tag is the sequence number of the load
  output logic         vw_valid,
  output logic [63:0]  vw_tag,
  output logic [7:0]   vw_idx,
  output logic [63:0]  vw_lanes,
  output logic [2047:0] vw_val,
  // SMEM write-back port: one returning load, valid for one cycle (registers
  // kw_base + i for each set bit i of kw_we, values at [32*i +: 32]); kw_tag is
  // the sequence number (units retired before it since start) of the load
  output logic         kw_valid,
  output logic [63:0]  kw_tag,
  output logic [6:0]   kw_base,
  output logic [15:0]  kw_we,
  output logic [511:0] kw_val
);
  localparam int IAW = (IMEM_WORDS > 1) ? $clog2(IMEM_WORDS) : 1;
  localparam int DAW = (DMEM_WORDS > 1) ? $clog2(DMEM_WORDS) : 1;
  localparam logic [48:0] IMEM_BYTES = 49'(IMEM_WORDS) << 2;
  localparam logic [48:0] DMEM_BYTES = 49'(DMEM_WORDS) << 2;

  // ------------------------------------------------------------ state
  logic [4095:0] sreg;      // [32*c +: 32]: register of operand code c (0-105 s, 106/107 vcc,
                            // 108-123 ttmp, 125 m0, 126/127 exec); code 124 (NULL) stays 0
  logic [2047:0] hwreg;     // [32*n +: 32]: hardware register n (S_GETREG id)
  logic          scc;
  logic [47:0]   pc;        // next instruction (architectural, updated at retire)
  logic          wave64;
  // configuration (load port ctrl 1-5; README "Configuration")
  logic [6:0]    sgpr_lim;  // allocated SGPRs: writes to s[sgpr_lim..105] are dropped
  logic [47:0]   tba;       // trap base address (S_TRAP)
  logic [31:0]   shmem_b;   // SH_MEM_BASES: [15:0] shared_base, [31:16] private_base
  logic          dvgpr;     // dynamic VGPR mode (S_ALLOC_VGPR legal in wave32)
  logic [47:0]   imem_base; // first byte address of the instruction-memory window
  logic [47:0]   dmem_base; // first byte address of the data-memory window
  logic          dmem_zero; // SMEM DWORDs outside the data window read 0 (else: fault)
  logic          smem_defer; // SMEM data return SMEM_LAT cycles after the load retires
  logic          vm_ooo;     // vector loads return out of order (rdna4_vmem)
  logic          dpp_fi_oor; // DPP16: FI with a source out of the row reads 0 (model config dpp_fi_oor)
  logic [16:0]   lds_bytes;  // LDS size in bytes (model config lds_size; rdna4_lds)
  logic          qsad_clamp; // V_QSAD/MQSAD_PK_U16_U8: CLAMP ignored (model config qsad_clamp)
  logic [1:0]    align_mode; // SH_MEM_CONFIG.alignment_mode (model config align_mode; rdna4_vmem, rdna4_lds)
  logic          tfe_status; // BUFFER loads with TFE write the status DWORD (model config tfe_status)
  logic          dmem_float; // the data window is placed by the first vector memory access
  logic          fmt_wrap;   // BUFFER FORMAT integer narrowing wraps (model config fmt_int_wrap)
  logic [31:0]   gs_maxid;   // VGT_GS_MAX_WAVE_ID (model config gs_max_wave_id; ORDERED_ADD)
  logic          wmma_acc;   // WMMA/SWMMAC float sums exact (model config wmma_acc; rdna4_wmma.sv)
  logic [63:0]   seq_q;     // units retired since start (the retire record's seq)
  logic          run_q, done_q, fault_q;
  logic          end_q;     // ended by a FLAT MEMVIOL after its access: done once its returns are in
  logic [47:0]   fault_pc_q;
  logic [3:0]    fault_why_q;

  // Waves of one work-group (README "Waves", rdna4_waves.sv): the state above and
  // vrf are the active wave's (cw); the other waves wait in the wv_* slots and
  // are swapped in between units.
  if (WAVES < 1 || WAVES > 4) begin : g_bad_waves
    $fatal(1, "rdna4_core: WAVES must be 1..4");
  end
  logic [2:0]    wv_n;      // waves of the work-group (load port sel 7, address 0; reset 1)
  logic [1:0]    cw;        // the active wave
  logic          wv_multi;  // wv_n > 1: the barrier unit and the scheduler take part
  logic          wv_sw;     // between units: the next wave runs once the queues are empty
  logic          wv_go, wv_dl, wv_swap, wv_hold, wv_blk;
  logic [1:0]    wv_to, wv_sel, wv_dlw;
  logic          wv_ok, wv_more, wv_cpl1, wv_cpl2;
  logic [1:0]    fault_wave_q;
  logic          wv_wblk, wv_first, wv_bnop, wv_wapp;
  logic [31:0]   wv_bid, wv_bstate;
  logic [1:0]    wv_wb;
  logic [6:0]    wv_rsig;
  logic [4095:0] wv_sreg [4];  // saved slots (a slot at or above WAVES is never used)
  logic [2047:0] wv_hw [4];
  logic [3:0]    wv_scc;
  logic [47:0]   wv_pc [4];
  logic [63:0]   wv_seq [4];
  assign wv_multi = wv_n > 3'd1;
  // the work-group's bits of an S_GETREG view (model rdna4_read_hwreg): STATUS.IN_WG (11)
  // and TRAP_BARRIER_COMPLETE (15), STATE_PRIV.BARRIER_COMPLETE (2)
  function automatic logic [31:0] wv_hwor(input logic [5:0] id, input logic multi, input logic c1,
                                          input logic c2);
    wv_hwor = 32'd0;
    if (multi && id == rdna4_pkg::HW_STATUS) wv_hwor = {16'd0, c2, 3'd0, 1'b1, 11'd0};
    if (multi && id == rdna4_pkg::HW_STATE_PRIV) wv_hwor = {29'd0, c1, 2'd0};
  endfunction

  logic [31:0] imem [IMEM_WORDS];
  localparam int VW = (VGPRS > 1) ? $clog2(VGPRS) : 1;
  logic [2047:0] vrf [VGPRS];   // VGPR n, lane l at [32*l +: 32]: the active wave's rows of vrf_all
  // every wave's VGPRs: wave w's VGPR n at vx(w, n) (not reset: the model's reset value 0 is Verilator's)
  localparam int VXW = (WAVES > 1) ? VW + 2 : VW;
  logic [2047:0] vrf_all [(WAVES > 1 ? 4 : 1) * VGPRS];
  function automatic logic [VXW-1:0] vx(input logic [1:0] w, input logic [VW-1:0] n);
    vx = VXW'({w, n});
  endfunction
  always_comb
    for (int r = 0; r < VGPRS; r++) vrf[r] = vrf_all[vx(cw, VW'(r))];
  logic [31:0] dmem [DMEM_WORDS];

  // Live summaries.
  logic [31:0] m0;
  logic [63:0] exec, vcc;
  logic        execz, vccz, priv, trap_en;
  assign m0      = sreg[32*125 +: 32];
  assign exec    = sreg[32*126 +: 64];
  assign vcc     = sreg[32*106 +: 64];
  assign execz   = wave64 ? (exec == 64'd0) : (exec[31:0] == 32'd0);
  assign vccz    = wave64 ? (vcc == 64'd0) : (vcc[31:0] == 32'd0);
  assign priv    = hwreg[32*2 + rdna4_pkg::ST_PRIV];
  assign trap_en = hwreg[32*2 + rdna4_pkg::ST_TRAP_EN];

  // ------------------------------------------------------- IF / ID stage
  logic            if_v, if_ok0, if_ok1;
  logic [47:0]     if_pc, req_pc;
  logic [31:0]     if_w0, if_w1, if_w2;
  logic            if_ok2;
  logic [IAW-1:0]  ia0, ia1, ia2;
  logic [47:0]     ioff0, ioff1, ioff2;   // window offsets of the three fetched dwords (mod 2^48)
  rdna4_pkg::dec_t dec;

  // VOPD (rdna4_vopd.sv, README "Dual issue (VOPD)"): the X half is decoded by u_dec as
  // the VOP2/VOP1 word of its row, the literal (third DWORD) behind it; the Y half by
  // u_decy.  Both take the whole instruction's words and length, and the pair's faults.
  rdna4_pkg::dec_t dec_r, decy_r, decy;
  logic            vd_is, vd_lit;
  logic [31:0]     vd_xw, vd_yw, vd_xw1, vd_yw1;
  logic [1:0]      vd_p3;                           // a DOT2ACC half: a VOP3P word, vd_xw1 / vd_yw1 its second DWORD
  logic [3:0]      vd_why;
  rdna4_vopd u_vopd (.w0(if_w0), .w1(if_w1), .w2(if_w2), .is(vd_is), .xw(vd_xw), .yw(vd_yw), .xw1(vd_xw1),
                     .yw1(vd_yw1), .p3(vd_p3), .lit(vd_lit), .why(vd_why));
  rdna4_decode u_dec (.w0(vd_is ? vd_xw : if_w0), .w1(vd_is ? vd_xw1 : if_w1), .w2(if_w2), .ok0(if_ok0),
                      .ok1(vd_is ? (vd_p3[0] || if_ok2) : if_ok1), .ok2(if_ok2), .d(dec_r));
  rdna4_decode u_decy (.w0(vd_yw), .w1(vd_yw1), .w2(if_w2), .ok0(if_ok0), .ok1(vd_p3[1] || if_ok2), .ok2(if_ok2),
                       .d(decy_r));
  rdna4_pkg::dec_t vd_t;
  always_comb begin
    dec = dec_r; decy = decy_r; vd_t = dec_r;
    if (vd_is) begin
      for (int h = 0; h < 2; h++) begin
        vd_t = (h == 0) ? dec_r : decy_r;
        vd_t.vopd = 1'b1;
        vd_t.w0 = if_w0; vd_t.w1 = if_w1; vd_t.w2 = vd_lit ? if_w2 : 32'd0; vd_t.len = vd_lit ? 2'd3 : 2'd2;
        if (!if_ok0 || !if_ok1 || (vd_lit && !if_ok2)) begin vd_t.ill = 1'b1; vd_t.why = rdna4_pkg::WHY_FETCH; end
        else if (vd_why != rdna4_pkg::WHY_NONE) begin vd_t.ill = 1'b1; vd_t.why = vd_why; end
        else if (h == 0 && decy_r.ill) begin vd_t.ill = 1'b1; vd_t.why = decy_r.why; end   // the Y half's fault
        if (h == 0) dec = vd_t; else decy = vd_t;
      end
    end
  end

  assign ioff0 = req_pc - imem_base;
  assign ioff1 = ioff0 + 48'd4;
  assign ioff2 = ioff0 + 48'd8;
  assign ia0   = ioff0[IAW+1:2];
  assign ia1   = ia0 + 1'b1;
  assign ia2   = ia0 + IAW'(2);

  // ------------------------------------------------------- EX / WB stage
  logic            x_v;
  rdna4_pkg::dec_t x;
  logic [47:0]     x_pc;

  // Operands.  Register codes are 7 bits (the decoder refused others that are read).
  // Read ports are register pairs: S0, S1, D (also SMEM SBASE pair and SOFFSET).
  logic [63:0] p0, p1, pd;
  logic [31:0] r0lo, r0hi, r1lo, r1hi, rdlo, rdhi;
  logic [63:0] opa, opb, dold;
  assign p0   = rdna4_pkg::rd_pair(sreg, x.s0[6:1]);
  assign p1   = rdna4_pkg::rd_pair(sreg, x.s1[6:1]);
  assign pd   = rdna4_pkg::rd_pair(sreg, x.sd[6:1]);
  assign r0lo = x.s0[0] ? p0[63:32] : p0[31:0];
  assign r0hi = p0[63:32];
  assign r1lo = x.s1[0] ? p1[63:32] : p1[31:0];
  assign r1hi = p1[63:32];
  assign rdlo = x.sd[0] ? pd[63:32] : pd[31:0];
  assign rdhi = pd[63:32];
  assign opa  = rdna4_pkg::src_value(x.s0, x.s0_64, x.s0_sx, r0lo, r0hi, x.w1, scc, shmem_b);
  assign opb  = rdna4_pkg::src_value(x.s1, x.s1_64, 1'b0, r1lo, r1hi, x.w1, scc, shmem_b);
  assign dold = (x.sd == 7'd124) ? 64'd0 : (x.d_64 ? {rdhi, rdlo} : {32'd0, rdlo});

  logic [63:0] alu_d, alu_exec;
  logic        alu_d_we, alu_scc, alu_scc_we;
  logic [1:0]  alu_exec_we;
  rdna4_salu u_salu (
    .fmt(x.fmt), .op(x.op), .a(opa), .b(opb), .dold(dold), .simm(x.simm), .scc(scc), .exec(exec),
    .d(alu_d), .d_we(alu_d_we), .scc_o(alu_scc), .scc_we(alu_scc_we), .exec_o(alu_exec), .exec_we(alu_exec_we));

  // SALU float (combinational, rtl/common/fp units)
  logic        fp_is, fp_cmp, fp_res, fp_trap;
  logic [31:0] fp_d, fp_ub, fp_ef;
  logic [5:0]  fp_exc;
  rdna4_sfloat u_sfloat (
    .fmt(x.fmt), .op(x.op), .c0(x.s0), .c1(x.s1), .a_in(opa[31:0]), .b_in(opb[31:0]), .dold(dold[31:0]),
    .lit(x.w1), .mode(hwreg[32*1 +: 32]), .is_fp(fp_is), .d(fp_d), .is_cmp(fp_cmp), .res(fp_res), .exc(fp_exc));
  // FP_EXC_* -> EXCP_FLAG_USER bits (invalid 0, input denormal 1, div0 2, overflow 3,
  // underflow 4, inexact 5; rdna4 L1310-1326)
  assign fp_ub   = rdna4_pkg::excp_bits(fp_exc);
  assign fp_ef   = hwreg[32*18 +: 32] | fp_ub;
  // an exception whose trap is enabled (TRAP_CTRL, handler present): not modelled
  assign fp_trap = ((fp_ub[5:0] & hwreg[32*19 +: 6]) != 6'd0) && trap_en;

  // ------------------------------------------------------------ vector unit
  // (README "Vector unit").  Operands: every lane of the VGPR sources (whole
  // rows of vrf), scalar sources broadcast, ABS/NEG on bit 31; the lane mask
  // source (CNDMASK select, carry-in) 32 bits in wave32, a register pair in
  // wave64.  The instruction takes NPASS passes of LPC lanes through
  // rdna4_valu; the results of the earlier passes wait in v_res/v_co and every
  // write happens in the last pass, so all passes read the registers as they
  // were before the instruction.
  if (LPC != 1 && LPC != 2 && LPC != 4 && LPC != 8 && LPC != 16 && LPC != 32 && LPC != 64) begin : g_bad_lpc
    $fatal(1, "rdna4_core: LPC must be 1, 2, 4, 8, 16, 32 or 64");
  end
  if (VGPRS < 1 || VGPRS > 256 || (VGPRS & (VGPRS - 1)) != 0) begin : g_bad_vgprs
    $fatal(1, "rdna4_core: VGPRS must be a power of 2 in 1..256");
  end
  if (FPC != 1 && FPC != 2 && FPC != 4 && FPC != 8 && FPC != 16 && FPC != 32 && FPC != 64) begin : g_bad_fpc
    $fatal(1, "rdna4_core: FPC must be 1, 2, 4, 8, 16, 32 or 64");
  end
  localparam int NP64 = 64 / LPC;                   // passes of wave64
  localparam int NP32 = (LPC == 64) ? 1 : 32 / LPC; // passes of wave32
  localparam int NF64 = 64 / FPC;                   // passes of an F32 row
  localparam int NF32 = (FPC == 64) ? 1 : 32 / FPC;
  localparam int NPM  = (NP64 > NF64) ? NP64 : NF64;
  localparam int PW = (NPM > 1) ? $clog2(NPM) : 1;

  logic            is_v;                            // a VALU instruction in EX
  logic [31:0]     v_lit;
  logic [63:0]     vq0, vq1, vq2, vqm;
  logic [31:0]     vk0, vk1, vk2, vk2s;             // scalar values of S0-S2 (vk2s: as a 32-bit operand)
  logic [63:0]     vmask_v, v_exec;
  logic [2047:0]   vr0, vr1, vr2, vrd, va, vb, vc;
  logic [LPC*32-1:0] pa, pb, pc_, pd_;
  logic [LPC-1:0]  pm, pco;
  logic [PW-1:0]   vp_q;                            // pass
  logic            v_last, v_oddm;
  logic            vt_row, vt_rdy, v_hold;          // a transcendental row (rdna4_vtrans), its pass done
  logic [2047:0]   v_res_q, v_res;                  // results of the passes (lane l at [32*l +: 32])
  logic [63:0]     v_co_q, v_co;                    // carry-out / compare bit of every lane
  logic [5:0]      v_lane;                          // READLANE / WRITELANE lane
  logic [31:0]     v_rl;                            // READLANE / READFIRSTLANE value
  logic            v_we;                            // the VGPR write (lanes v_lanes, values v_val)
  logic [63:0]     v_lanes;
  logic [2047:0]   v_val, v_new, v_new2;
  logic            v_we2;                           // V_SWAP_B32: VGPR S0 gets VDST's active lanes
  logic [FPC*32-1:0] fa, fb, fc, fd;                // the F32 lanes of this pass
  logic [FPC-1:0]  fact, fco, fm, f64co;            // (fm: their mask-source bits, V_DIV_FMAS)
  logic [6:0]      f_exc, v_exc_q, v_exc;           // FP_EXC_* of the active lanes (this pass, earlier ones, all); [6] V_RCP_IFLAG_F32's integer divide by zero
  logic [31:0]     v_ef;                            // EXCP_FLAG_USER after an F32 row
  logic            v_trap;                          // an exception whose trap is enabled
  logic [2047:0]   v_dsrc;                          // S0 of every lane through DPP (rdna4_dpp)
  logic            v_int;                           // VINTERP (rdna4_vinterp.sv; OP x.w0[20:16], decoded as MIX)
  assign v_int = x.w0[31:24] == 8'hcd;
  logic [3:0]      ds_ecnt;                         // EXPcnt: rdna4_lds's VDSDIR entries (WAITEXP)
  logic [63:0]     v_wen, v_act;                    // lanes DPP lets write; EXEC & v_wen: the lanes that compute

  assign is_v   = x_v && run_q && !x.ill && x.fmt == rdna4_pkg::FMT_VALU;
  logic  v_d2h;                                     // V_DOT2_F16_F16 (614) / V_DOT2_BF16_BF16 (615)
  assign v_d2h  = !x.vpk && (x.vop == 10'd614 || x.vop == 10'd615);
  assign v_lit  = (x.w0[31:26] == 6'h35 || x.w0[31:24] == 8'hcc || x.vopd) ? x.w2 : x.w1;   // VOP3/VOP3P/VOPD: third dword
  assign v_exec = wave64 ? exec : {32'd0, exec[31:0]};
  assign vq0 = rdna4_pkg::rd_pair(sreg, x.vs0[6:1]);
  assign vq1 = rdna4_pkg::rd_pair(sreg, x.vs1[6:1]);
  assign vq2 = rdna4_pkg::rd_pair(sreg, x.vs2[6:1]);
  assign vqm = rdna4_pkg::rd_pair(sreg, x.vm[6:1]);
  // (a 16-bit operand of an F16 row, x.vs16, takes the F16 pattern of a float inline constant)
  logic [31:0] vk0s, vk1s;
  assign vk0s = 32'(rdna4_pkg::src_value(x.vs0[7:0], 1'b0, 1'b0, x.vs0[0] ? vq0[63:32] : vq0[31:0], vq0[63:32],
                                     v_lit, scc, shmem_b));
  assign vk1s = 32'(rdna4_pkg::src_value(x.vs1[7:0], 1'b0, 1'b0, x.vs1[0] ? vq1[63:32] : vq1[31:0], vq1[63:32],
                                     v_lit, scc, shmem_b));
  assign vk0 = (x.vs16[0] || x.vk16[0]) ? rdna4_pkg::inline_f16(x.vs0[7:0], vk0s) : vk0s;
  assign vk1 = (x.vs16[1] || x.vk16[1]) ? rdna4_pkg::inline_f16(x.vs1[7:0], vk1s) : vk1s;
  // a 16-bit S2 (V_ALIGNBIT/ALIGNBYTE) takes the F16 pattern of a float inline constant
  assign vk2s = 32'(rdna4_pkg::src_value(x.vs2[7:0], 1'b0, 1'b0, x.vs2[0] ? vq2[63:32] : vq2[31:0], vq2[63:32],
                                     v_lit, scc, shmem_b));
  // (V_DOT2_BF16_BF16: a float inline constant in S2 is the high half of the F32 one)
  assign vk2 = (v_d2h && x.vop[0] && rdna4_pkg::vsrc_kf(x.vs2)) ? {16'd0, vk2s[31:16]}
             : x.vs16[2] ? rdna4_pkg::inline_f16(x.vs2[7:0], vk2s)
             : (x.vs2_16 || x.vk16[2]) ? rdna4_pkg::inline_f16(x.vs2[7:0], vk2s) : vk2s;
  // the mask source: wave64 an even register pair (an odd one is not executed), wave32 one register
  assign vmask_v = wave64 ? rdna4_pkg::src_value(x.vm[7:0], 1'b1, 1'b0, vqm[31:0], vqm[63:32], v_lit, scc, shmem_b)
                          : rdna4_pkg::src_value(x.vm[7:0], 1'b0, 1'b0, x.vm[0] ? vqm[63:32] : vqm[31:0],
                                                 vqm[63:32], v_lit, scc, shmem_b);
  assign v_oddm  = wave64 && ((x.vm_en && x.vm[0] && x.vm <= 9'd127 && x.vm != 9'd125) ||
                              ((x.vkind == rdna4_pkg::VK_CMP || x.vkind == rdna4_pkg::VK_CARRY) &&
                               x.vsd[0] && x.vsd != 7'd125));
  // VGPR indexing by M0 (V_MOVREL*, V_SWAPREL; model README V10, rdna4 §3.3.2 L842-856):
  // S0's VGPR and VDST + M0 (V_MOVRELSD_2, V_SWAPREL: + M0[9:0] / + M0[25:16]); an
  // index > 255 or a sum beyond v255 is out of range: a source then reads v0 (SWAPREL:
  // nothing is written), a destination writes nothing
  logic [31:0] vx_si, vx_di;
  logic [8:0]  vx_ss, vx_ds;
  logic        vx_sok, vx_dok, vx_wok;
  logic [7:0]  v_s0i, v_vdi;                        // the VGPRs of S0 and VDST after indexing
  assign vx_si  = x.vrel[2] ? {22'd0, m0[9:0]} : m0;
  assign vx_di  = x.vrel[2] ? {22'd0, m0[25:16]} : m0;
  assign vx_ss  = {1'b0, x.vs0[7:0]} + {1'b0, vx_si[7:0]};
  assign vx_ds  = {1'b0, x.vd} + {1'b0, vx_di[7:0]};
  assign vx_sok = vx_si[31:8] == 24'd0 && !vx_ss[8];
  assign vx_dok = vx_di[31:8] == 24'd0 && !vx_ds[8];
  assign v_s0i  = !x.vrel[0] ? x.vs0[7:0] : vx_sok ? vx_ss[7:0] : 8'd0;
  assign v_vdi  = !x.vrel[1] ? x.vd : vx_ds[7:0];
  assign vx_wok = (!x.vrel[1] || vx_dok) && !(x.vkind == rdna4_pkg::VK_SWAP && x.vrel[0] && !vx_sok);
  assign vr0 = vrf[v_s0i[VW-1:0]];
  assign vr1 = vrf[x.vs1[VW-1:0]];
  assign vr2 = vrf[x.vs2[VW-1:0]];
  assign vrd = vrf[v_vdi[VW-1:0]];

  // DPP16 / DPP8: S0 of every lane from the lane the controls name, on the whole
  // row read before the passes (a lane's source may lie in another pass)
  rdna4_dpp u_dpp (
    .mode(x.vdpp), .dw(x.vdw), .exec(v_exec), .fi_oor(dpp_fi_oor), .perm(x.vperm), .pfb(x.vpfb),
    .psel({vk2, vk1}), .vsel(vr1), .wave64(wave64), .src(vr0), .d(v_dsrc), .wen(v_wen));
  // V_S_*_F32 (pseudo-scalar, §7.10): lane 0 computes whatever EXEC
  assign v_act = rdna4_pkg::vpsrow(x.vop) && !x.vpk ? 64'd1 : v_exec & v_wen;

  // every lane of S0-S2 with ABS (clear bit 31) then NEG (flip it); a 16-bit
  // operand (F16 rows) is its half in bits 15:0, ABS/NEG on bit 15
  always_comb begin
    for (int l = 0; l < 64; l++) begin
      va[32*l +: 32] = x.vs0[8] ? v_dsrc[32*l +: 32] : vk0;
      vb[32*l +: 32] = x.vs1[8] ? vr1[32*l +: 32] : vk1;
      vc[32*l +: 32] = x.vs2[8] ? vr2[32*l +: 32] : vk2;
      if (x.vs2hi) vc[32*l +: 32] = {16'd0, vc[32*l + 16 +: 16]};
      if (x.vs16[0]) va[32*l +: 32] = {16'd0, rdna4_pkg::half16(va[32*l +: 32], x.vsh[0], x.vabs[0], x.vneg[0])};
      else va[32*l + 31] = (va[32*l + 31] & ~x.vabs[0]) ^ x.vneg[0];
      if (x.vs16[1]) vb[32*l +: 32] = {16'd0, rdna4_pkg::half16(vb[32*l +: 32], x.vsh[1], x.vabs[1], x.vneg[1])};
      else vb[32*l + 31] = (vb[32*l + 31] & ~x.vabs[1]) ^ x.vneg[1];
      if (v_d2h) begin                            // the 16-bit dots: NEG on both halves of S0 / S1
        va[32*l + 15] = va[32*l + 15] ^ x.vneg[0];
        vb[32*l + 15] = vb[32*l + 15] ^ x.vneg[1];
      end
      if (x.vs16[2]) vc[32*l +: 32] = {16'd0, rdna4_pkg::half16(vc[32*l +: 32], x.vsh[2], x.vabs[2], x.vneg[2])};
      else vc[32*l + 31] = (vc[32*l + 31] & ~x.vabs[2]) ^ x.vneg[2];
      // VINTERP: S0 = P10 from lane (l & ~3) + 1 (P2 rows: P20 from + 2), S2 of the P10
      // rows = P0 from lane l & ~3, whatever EXEC holds (rdna4_vinterp.sv)
      if (v_int) begin
        va[32*l +: 32] = x.w0[16] ? vr0[32*((l & ~3) + 2) +: 32] : vr0[32*((l & ~3) + 1) +: 32];
        if (!x.w0[16]) vc[32*l +: 32] = vr2[32*(l & ~3) +: 32];
      end
    end
  end

  // the lanes of this pass (constant slices: no barrel shifter)
  always_comb begin
    pa = '0; pb = '0; pc_ = '0; pm = '0;
    for (int k = 0; k < NP64; k++)
      if (vp_q == PW'(k)) begin
        pa  = va[LPC*32*k +: LPC*32];
        pb  = vb[LPC*32*k +: LPC*32];
        pc_ = vc[LPC*32*k +: LPC*32];
        pm  = vmask_v[LPC*k +: LPC];
      end
  end

  rdna4_valu #(.LPC(LPC)) u_valu (
    .op(x.vop), .clamp(x.vclamp), .lane0(6'(32'(vp_q) * LPC)), .a(pa), .b(pb), .c(pc_), .m(pm),
    .d(pd_), .co(pco));

  // 64-bit rows (rdna4_valu64.sv; x.v64 = rdna4_pkg::v64row): a 64-bit source is
  // {VGPR N+1, VGPR N} (v255 pairs with v0) or the 64-bit scalar value (even SGPR
  // pair, 64-bit constant, literal zero-extended, sign-extended for I64, the high
  // half for F64: model rdna4_load_src64), ABS/NEG on bit 63; a 32-bit source of
  // these rows is its va/vb/vc lane zero-extended.  A 64-bit result writes VDST
  // (bits 31:0, v_res) and VDST + 1 (bits 63:32, v_resh) through the second VGPR
  // write (v_we2, rt_v2_*), in the same lanes.
  logic [2047:0]     vr0h, vr1h, vr2h, vrdh;        // VGPR N + 1 of S0-S2 and VDST
  logic [63:0]       vk0d, vk1d, vk2d;              // 64-bit scalar values of S0-S2
  logic [4095:0]     va64, vb64, vc64;              // lane l at [64*l +: 64]
  logic [LPC*64-1:0] pa64, pb64, pc64, pd64;
  logic [LPC-1:0]    pco64, pact64;
  logic [5:0]        d_exc;                         // FP_EXC_* of the F64 compares' active lanes (this pass)
  logic [2047:0]     v_resh_q, v_resh;              // bits 63:32 of the 64-bit results
  logic [7:0]        v_idx2;                        // VGPR of the second write
  logic              f8_row;                        // an FP8/BF8 row (rdna4_vfp8.sv, below)
  logic [FPC*32-1:0] f8_d, f8_dh;
  logic [5:0]        f8_exc;
  assign vr0h = vrf[VW'(x.vs0[7:0] + 8'd1)];
  assign vr1h = vrf[VW'(x.vs1[7:0] + 8'd1)];
  assign vr2h = vrf[VW'(x.vs2[7:0] + 8'd1)];
  assign vrdh = vrf[VW'(x.vd + 8'd1)];
  assign vk0d = (x.v64[5] && x.vs0 == 9'd255) ? {v_lit, 32'd0}
              : rdna4_pkg::src_value(x.vs0[7:0], 1'b1, x.v64[4], vq0[31:0], vq0[63:32], v_lit, scc, shmem_b);
  assign vk1d = (x.v64[5] && x.vs1 == 9'd255) ? {v_lit, 32'd0}
              : rdna4_pkg::src_value(x.vs1[7:0], 1'b1, x.v64[4], vq1[31:0], vq1[63:32], v_lit, scc, shmem_b);
  assign vk2d = (x.v64[5] && x.vs2 == 9'd255) ? {v_lit, 32'd0}
              : rdna4_pkg::src_value(x.vs2[7:0], 1'b1, x.v64[4], vq2[31:0], vq2[63:32], v_lit, scc, shmem_b);
  always_comb begin
    for (int l = 0; l < 64; l++) begin
      va64[64*l +: 64] = !x.v64[0] ? {32'd0, va[32*l +: 32]} : x.vs0[8] ? {vr0h[32*l +: 32], vr0[32*l +: 32]} : vk0d;
      vb64[64*l +: 64] = !x.v64[1] ? {32'd0, vb[32*l +: 32]} : x.vs1[8] ? {vr1h[32*l +: 32], vr1[32*l +: 32]} : vk1d;
      vc64[64*l +: 64] = !x.v64[2] ? {32'd0, vc[32*l +: 32]} : x.vs2[8] ? {vr2h[32*l +: 32], vr2[32*l +: 32]} : vk2d;
      if (x.v64[0]) va64[64*l + 63] = (va64[64*l + 63] & ~x.vabs[0]) ^ x.vneg[0];
      if (x.v64[1]) vb64[64*l + 63] = (vb64[64*l + 63] & ~x.vabs[1]) ^ x.vneg[1];
      if (x.v64[2]) vc64[64*l + 63] = (vc64[64*l + 63] & ~x.vabs[2]) ^ x.vneg[2];
    end
  end
  always_comb begin
    pa64 = '0; pb64 = '0; pc64 = '0; pact64 = '0;
    for (int k = 0; k < NP64; k++)
      if (vp_q == PW'(k)) begin
        pa64 = va64[LPC*64*k +: LPC*64];
        pb64 = vb64[LPC*64*k +: LPC*64];
        pc64 = vc64[LPC*64*k +: LPC*64];
        pact64 = v_act[LPC*k +: LPC];
      end
  end
  rdna4_valu64 #(.LPC(LPC)) u_valu64 (
    .op(x.vop), .clamp(x.vclamp), .qsad_noclamp(qsad_clamp), .din64(hwreg[32*1 + 6]), .act(pact64), .a(pa64), .b(pb64), .c(pc64),
    .d(pd64), .co(pco64), .exc(d_exc));
  // F64 arithmetic (rdna4_vf64.sv; rdna4_pkg::vf64row, x.vfl): the F32 rows' passes,
  // FPC lanes of 64-bit operands each; bits 63:32 of the result in v_resh
  logic              x_f64;
  logic [FPC*64-1:0] fa64, fb64, fc64, fd64;
  logic [5:0]        f64_exc;
  assign x_f64 = rdna4_pkg::vf64row(x.vop) && !x.vpk;
  always_comb begin
    fa64 = '0; fb64 = '0; fc64 = '0;
    for (int k = 0; k < NF64; k++)
      if (vp_q == PW'(k)) begin
        fa64 = va64[FPC*64*k +: FPC*64];
        fb64 = vb64[FPC*64*k +: FPC*64];
        fc64 = vc64[FPC*64*k +: FPC*64];
      end
  end
  // V_RCP/RSQ/SQRT_F64: one fp64_dsr serving the lanes of a pass in turn (rdna4_vdsr.sv);
  // the pass holds until they are done (v_hold), rdna4_vf64 applies OMOD and CLAMP
  logic              ds_row, ds_rdy;
  logic [FPC*64-1:0] ds_d;
  logic [FPC*6-1:0]  ds_e;
  assign ds_row = rdna4_pkg::vdsr64(x.vop) && !x.vpk;
  rdna4_vdsr #(.FPC(FPC)) u_vdsr (
    .clk(clk), .rst_n(rst_n), .go(is_v && ds_row), .op(x.vop), .mode(hwreg[32*1 +: 32]), .act(fact),
    .a(fa64), .rdy(ds_rdy), .d(ds_d), .e(ds_e));
  rdna4_vf64 #(.FPC(FPC)) u_vf64 (
    .op(x.vop), .clamp(x.vclamp), .omod(x.vomod), .mode(hwreg[32*1 +: 32]), .act(fact), .a(fa64), .b(fb64),
    .c(fc64), .xd(ds_d), .xe(ds_e), .vcc_in(fm), .d(fd64), .co(f64co), .exc(f64_exc));

  always_comb begin
    v_resh = v_resh_q;
    if (x_f64) begin
      for (int k = 0; k < NF64; k++)
        if (vp_q == PW'(k))
          for (int i = 0; i < FPC; i++) v_resh[FPC*32*k + 32*i +: 32] = fd64[64*i + 32 +: 32];
    end else if (f8_row) begin
      for (int k = 0; k < NF64; k++)
        if (vp_q == PW'(k)) v_resh[FPC*32*k +: FPC*32] = f8_dh;
    end else
      for (int k = 0; k < NP64; k++)
        if (vp_q == PW'(k))
          for (int i = 0; i < LPC; i++) v_resh[LPC*32*k + 32*i +: 32] = pd64[64*i + 32 +: 32];
  end

  // F32 rows: FPC lanes per pass through rdna4_vfloat (units shared by the passes)
  always_comb begin
    fa = '0; fb = '0; fc = '0; fact = '0; fm = '0;
    for (int k = 0; k < NF64; k++)
      if (vp_q == PW'(k)) begin
        fm   = vmask_v[FPC*k +: FPC];
        fa   = va[FPC*32*k +: FPC*32];
        fb   = vb[FPC*32*k +: FPC*32];
        fc   = vc[FPC*32*k +: FPC*32];
        fact = v_act[FPC*k +: FPC];
      end
  end
  logic [FPC*32-1:0] vf_d, pk_d;
  logic [5:0]        vf_exc, pk_exc;
  rdna4_vfloat #(.FPC(FPC)) u_vfloat (
    .op(x.vop), .clamp(x.vclamp), .omod(x.vomod), .mode(hwreg[32*1 +: 32]), .act(fact), .a(fa), .b(fb), .c(fc),
    .vcc_in(fm), .d(vf_d), .co(fco), .exc(vf_exc));
  // VINTERP: the F32 operands (F16 halves converted, NEG) of V_FMA_MIX* (rdna4_vinterp.sv);
  // the RTZ rows (opcodes 4, 5) hand rdna4_vpk a MODE rounding F32 and F16 toward zero
  logic [FPC*32-1:0] ia, ib, ic;
  logic [31:0]       pk_mode;
  rdna4_vinterp #(.FPC(FPC)) u_vinterp (
    .f16(x.w0[18:17] != 2'd0), .p2(x.w0[16]), .opsel(x.w0[13:11]), .neg(x.w1[31:29]), .mode(hwreg[32*1 +: 32]),
    .a(fa), .b(fb), .c(fc), .fa(ia), .fb(ib), .fc(ic));
  assign pk_mode = (v_int && x.w0[18]) ? {hwreg[32*1 + 4 +: 28], 4'hf} : hwreg[32*1 +: 32];
  // packed math (VOP3P, V_PK_FMAC_F16): the same FPC-lane passes, raw 32-bit sources
  rdna4_vpk #(.FPC(FPC)) u_vpk (
    .op(x.vop[6:0]), .clamp(x.vclamp), .pm(x.vpm), .mode(pk_mode),
    .k0({rdna4_pkg::vsrc_kf(x.vs0), rdna4_pkg::vsrc_k(x.vs0)}),
    .k1({rdna4_pkg::vsrc_kf(x.vs1), rdna4_pkg::vsrc_k(x.vs1)}), .act(fact), .a(v_int ? ia : fa),
    .b(v_int ? ib : fb), .c(v_int ? ic : fc), .d(pk_d), .exc(pk_exc));
  // V_DOT2_F16_F16 / V_DOT2_BF16_BF16 (rdna4_vdot16.sv): the same passes, a 16-bit result
  logic [FPC*32-1:0] d2_d;
  logic [5:0]        d2_exc;
  rdna4_vdot16 #(.FPC(FPC)) u_vdot16 (
    .bf(x.vop[0]), .mode(hwreg[32*1 +: 32]), .k0({rdna4_pkg::vsrc_kf(x.vs0), rdna4_pkg::vsrc_k(x.vs0)}),
    .k1({rdna4_pkg::vsrc_kf(x.vs1), rdna4_pkg::vsrc_k(x.vs1)}), .act(fact), .a(fa), .b(fb), .c(fc),
    .d(d2_d), .exc(d2_exc));
  // the F32 transcendentals: one fp32_trans serving the lanes of a pass in turn
  // (rdna4_vtrans.sv); the pass holds until they are done (v_hold)
  logic [FPC*32-1:0] vt_d;
  logic [6:0]        vt_exc;
  assign vt_row = rdna4_pkg::vtrans(x.vop) && !x.vpk;
  // (VINTERP: its first pass waits until EXPcnt <= WAITEXP, w0[10:8], L5809: the
  // outstanding DS_PARAM_LOAD / DS_DIRECT_LOAD data have landed)
  assign v_hold = (vt_row && !vt_rdy) || (ds_row && !ds_rdy) || (wm_row && !(wm_rdy && wm_lastb)) ||
                  (v_int && ds_ecnt > {1'b0, x.w0[10:8]});
  rdna4_vtrans #(.FPC(FPC)) u_vtrans (
    .clk(clk), .rst_n(rst_n), .go(is_v && vt_row), .op(x.vop), .clamp(x.vclamp), .omod(x.vomod),
    .mode(hwreg[32*1 +: 32]), .act(fact), .a(fa), .rdy(vt_rdy), .d(vt_d), .exc(vt_exc));
  // the normalized and packed integer conversions (rdna4_vcvtn.sv): the same passes
  logic              cn_row;
  logic [FPC*32-1:0] cn_d;
  logic [5:0]        cn_exc;
  assign cn_row = rdna4_pkg::vcvtn(x.vop) && !x.vpk;
  rdna4_vcvtn #(.FPC(FPC)) u_vcvtn (
    .op(x.vop), .mode(hwreg[32*1 +: 32]), .act(fact), .a(fa), .b(fb), .c(fc), .d(cn_d), .exc(cn_exc));
  // the FP8/BF8 conversions and dots (rdna4_vfp8.sv): the same passes; OPSEL of a VOP3
  // word (the VOP1 forms: 0), V_CVT_PK_F32_* bits 63:32 in f8_dh
  assign f8_row = rdna4_pkg::vfp8(x.vop, x.vpk);
  rdna4_vfp8 #(.FPC(FPC)) u_vfp8 (
    .op(x.vop), .pk(x.vpk), .opsel(x.w0[31:26] == 6'h35 ? x.w0[14:11] : 4'd0), .pm(x.vpm),
    .mode(hwreg[32*1 +: 32]), .act(fact), .a(fa), .b(fb), .c(fc), .d(f8_d), .dh(f8_dh), .exc(f8_exc));
  logic [FPC*32-1:0] fd64lo;
  always_comb
    for (int i = 0; i < FPC; i++) fd64lo[32*i +: 32] = fd64[64*i +: 32];
  assign fd    = f8_row ? f8_d : x.vpk ? pk_d : x_f64 ? fd64lo : vt_row ? vt_d : v_d2h ? d2_d : cn_row ? cn_d : vf_d;
  assign f_exc = f8_row ? {1'b0, f8_exc} : x.vpk ? (v_int ? 7'd0 : {1'b0, pk_exc}) : x_f64 ? {1'b0, f64_exc} : vt_row ? vt_exc
               : v_d2h ? {1'b0, d2_exc} : cn_row ? {1'b0, cn_exc} : {1'b0, vf_exc};
  // the float lanes' rows (F64 arithmetic included), then the F64 compares of rdna4_valu64
  assign v_exc  = v_exc_q | ((x.vfl && !wm_row) ? f_exc : x.v64[5] ? {1'b0, d_exc} : 7'd0);
  assign v_ef   = hwreg[32*18 +: 32] | rdna4_pkg::excp_bits(v_exc[5:0]) | {25'd0, v_exc[6], 6'd0};
  assign v_trap = (((rdna4_pkg::excp_bits(v_exc[5:0]) | {25'd0, v_exc[6], 6'd0}) & hwreg[32*19 +: 32] & 32'h7f) != 32'd0) && trap_en;

  assign v_last = x.vfl ? (32'(vp_q) == (wave64 ? NF64 : NF32) - 1)
                        : (32'(vp_q) == (wave64 ? NP64 : NP32) - 1);
  always_comb begin
    v_res = v_res_q; v_co = v_co_q;
    if (x.vfl) begin
      for (int k = 0; k < NF64; k++)
        if (vp_q == PW'(k)) begin
          v_res[FPC*32*k +: FPC*32] = fd;
          v_co[FPC*k +: FPC] = x_f64 ? f64co : fco;
        end
    end else if (x.v64 != 6'd0) begin               // 64-bit rows: bits 31:0 here, 63:32 in v_resh
      for (int k = 0; k < NP64; k++)
        if (vp_q == PW'(k)) begin
          for (int i = 0; i < LPC; i++) v_res[LPC*32*k + 32*i +: 32] = pd64[64*i +: 32];
          v_co[LPC*k +: LPC] = pco64;
        end
    end else begin
      for (int k = 0; k < NP64; k++)
        if (vp_q == PW'(k)) begin
          v_res[LPC*32*k +: LPC*32] = pd_;
          v_co[LPC*k +: LPC] = pco;
        end
    end
    if (!wave64) v_co[63:32] = 32'd0;
  end

  // READLANE (S1[4:0] / S1[5:0]), READFIRSTLANE (the lowest active lane, 0 when EXEC = 0),
  // WRITELANE (S1 the lane, S0 the value): EXEC ignored (L730, L12858, L22496-22534)
  always_comb begin
    v_lane = 6'd0;
    if (x.vop == 10'd386) begin
      for (int l = 63; l >= 0; l--)
        if (v_exec[l]) v_lane = 6'(l);
    end else
      v_lane = vk1[5:0] & (wave64 ? 6'd63 : 6'd31);
    v_rl = 32'd0;
    for (int l = 0; l < 64; l++)
      if (v_lane == 6'(l)) v_rl = vr0[32*l +: 32];
  end

  always_comb begin
    v_we = 1'b0; v_lanes = 64'd0; v_val = v_res;
    case (x.vkind)
      rdna4_pkg::VK_VGPR, rdna4_pkg::VK_CARRY: begin v_we = 1'b1; v_lanes = v_act; end
      rdna4_pkg::VK_SWAP: begin v_we = 1'b1; v_val = vr0; v_lanes = v_exec; end
      rdna4_pkg::VK_WLANE: begin
        v_we = 1'b1; v_lanes = 64'd1 << v_lane;
        for (int l = 0; l < 64; l++) v_val[32*l +: 32] = vk0;
      end
      default: ;
    endcase
    if (!vx_wok) v_lanes = 64'd0;                 // an indexed VGPR out of range: nothing written
    if (v_lanes == 64'd0) v_we = 1'b0;            // EXEC = 0: no VGPR lane written, nothing reported
    if (x.vd16)                                   // a 16-bit result: its half, the other one kept
      for (int l = 0; l < 64; l++)
        v_val[32*l +: 32] = x.vdh ? {v_res[32*l +: 16], vrd[32*l +: 16]} : {vrd[32*l + 16 +: 16], v_res[32*l +: 16]};
    // V_SWAP_B16: S0's half gets VDST's half (in the one VGPR when S0 is VDST itself)
    if (x.vd16 && x.vkind == rdna4_pkg::VK_SWAP && v_s0i == v_vdi)
      for (int l = 0; l < 64; l++)
        if (x.vsh[0]) v_val[32*l + 16 +: 16] = x.vdh ? vrd[32*l + 16 +: 16] : vrd[32*l +: 16];
        else          v_val[32*l +: 16]      = x.vdh ? vrd[32*l + 16 +: 16] : vrd[32*l +: 16];
    for (int l = 0; l < 64; l++) begin
      v_new[32*l +: 32]  = v_lanes[l] ? v_val[32*l +: 32] : vrd[32*l +: 32];
      v_new2[32*l +: 32] = v_lanes[l] ? vrd[32*l +: 32] : vr0[32*l +: 32];
      if (x.vd16 && v_lanes[l])                   // V_SWAP_B16: only S0's half, VDST's half in it
        v_new2[32*l +: 32] = x.vsh[0] ? {x.vdh ? vrd[32*l + 16 +: 16] : vrd[32*l +: 16], vr0[32*l +: 16]}
                                      : {vr0[32*l + 16 +: 16], x.vdh ? vrd[32*l + 16 +: 16] : vrd[32*l +: 16]};
      if (x.v64[3]) v_new2[32*l +: 32] = v_lanes[l] ? v_resh[32*l +: 32] : vrdh[32*l +: 32];   // VDST + 1
    end
    // one record when VDST is S0 itself (its lanes keep their values)
    v_we2 = v_we && ((x.vkind == rdna4_pkg::VK_SWAP && v_s0i != v_vdi) || x.v64[3]);
    v_idx2 = x.v64[3] ? x.vd + 8'd1 : v_s0i;        // a 64-bit result's high half, or SWAP's S0
  end

  // VOPD (README "Dual issue (VOPD)"): the X half runs its passes first and its write
  // waits in vdx_* (nothing is written, EXCP_FLAG_USER neither); then x becomes the
  // Y half (vd_y), which reads the registers as they were before the instruction and
  // retires the pair: Y's row on the first write port, X's on the second.  The record
  // reports X's write first (rt_v_*), then Y's (rt_v2_*), as the model writes them.
  logic            vd_y, vd_x;                      // x is the Y half / the X half of a VOPD pair
  logic            vdx_we;
  logic [7:0]      vdx_idx;
  logic [63:0]     vdx_lanes;
  logic [2047:0]   vdx_new;
  rdna4_pkg::dec_t xy;                              // the Y half, waiting
  logic            vw2_we;                          // the second VGPR write: X's in a VOPD pair
  logic [7:0]      vw2_idx;
  logic [2047:0]   vw2_new;
  assign vd_x    = x.vopd && !vd_y;
  assign vw2_we  = vd_y ? vdx_we : v_we2;
  assign vw2_idx = vd_y ? vdx_idx : v_idx2;
  assign vw2_new = vd_y ? vdx_new : v_new2;

  // WMMA / SWMMAC / V_MQSAD_U32_U8 (rdna4_wmma.sv, README "Matrix multiply (WMMA)"): the
  // unit reads one row of each source tuple per cycle (A: S0 + wm_ra, B: S1 + wm_rb,
  // C: S2 + wm_rc, SWMMAC VDST + wm_rc), keeps D and hands it on two rows per beat:
  // the instruction holds (v_hold) until D is complete, then retires over nrow / 2
  // beats, rt_last = 0 on all but the last; each beat writes its two rows (every lane
  // of the wave; MQSAD the active ones) through the core's two VGPR write ports.
  logic            wm_row, wm_rdy, wm_lastb, wm_bt, wm_sp;
  logic [2:0]      wm_ra, wm_rb, wm_rc;
  logic [3:0]      wm_nrow;
  logic [1:0]      wm_beat_q;
  logic [2047:0]   wm_bd0, wm_bd1, wm_irow;
  logic [31:0]     wm_ck;
  logic [63:0]     wm_lanes;
  logic [7:0]      wm_i0, wm_i1, wm_cb;
  logic [1:0]      wm_key;
  logic            wm_kbad;                         // SWMMAC index_key beyond the index sets
  assign wm_row   = is_v && rdna4_pkg::vwmma(x.vop, x.vpk);
  assign wm_sp    = x.vpk && x.vop[4] && rdna4_pkg::vwmma(x.vop, x.vpk);   // SWMMAC (VOP3P 80-90)
  assign wm_lastb = ({1'b0, wm_beat_q, 1'b0} + 4'd2) >= wm_nrow;
  assign wm_bt    = wm_row && wm_rdy && !wm_lastb;
  assign wm_i0    = x.vd + {5'd0, wm_beat_q, 1'b0};
  assign wm_i1    = x.vd + {5'd0, wm_beat_q, 1'b1};
  assign wm_cb    = wm_sp ? x.vd : x.vs2[7:0];
  assign wm_lanes = !x.vpk ? v_act : wave64 ? {64{1'b1}} : 64'h00000000_ffffffff;
  assign wm_irow  = x.vs2[8] ? vr2 : {64{vk2s}};
  assign wm_key   = x.vpm[1:0];
  // a scalar C: the F32 / I32 value; F16 C: a float constant's F16 pattern; BF16 C: the
  // F32 constant's high half; an integer constant or register: its low 16 bits (V52)
  logic [31:0]     wm_k16;
  assign wm_k16 = rdna4_pkg::inline_f16(x.vs2[7:0], vk2s);
  assign wm_ck = (x.vop[3:0] == 4'd2) ? (wm_k16 & 32'h0000ffff)
               : (x.vop[3:0] == 4'd3) ? {16'd0, rdna4_pkg::vsrc_kf(x.vs2) ? vk2s[31:16] : vk2s[15:0]} : vk2s;
  // index sets (model wmma(): 32 / setbits of them): IU4 16x16x64 one (wave64 two), the
  // other SWMMAC rows two (wave64 four, but IU4 16x16x32: two)
  assign wm_kbad = wm_sp && ((x.vop[3:0] == 4'd6) ? ({1'b0, wm_key} >= (wave64 ? 3'd2 : 3'd1))
                           : (x.vop[3:0] == 4'd5 || !wave64) ? (wm_key >= 2'd2) : 1'b0);
  rdna4_wmma u_wmma (
    .clk(clk), .rst_n(rst_n), .go(wm_row), .fin(e_fin), .mq(!x.vpk), .op(x.vop[6:0]), .w64(wave64),
    .acc(wmma_acc), .neg(x.vpm[8:6]), .neg_hi(x.vpm[11:9]), .key(wm_key), .clamp(x.vclamp),
    .c_v(wm_sp || x.vs2[8]), .ck(wm_ck), .irow(wm_irow), .ra(wm_ra), .rb(wm_rb), .rc(wm_rc),
    .arow(vrf[VW'(x.vs0[7:0] + {5'd0, wm_ra})]), .brow(vrf[VW'(x.vs1[7:0] + {5'd0, wm_rb})]),
    .crow(vrf[VW'(wm_cb + {5'd0, wm_rc})]), .s0q(va64), .s1q(vb), .rdy(wm_rdy), .nrow(wm_nrow),
    .beat(wm_beat_q), .bd0(wm_bd0), .bd1(wm_bd1));

  // ------------------------------------------------------ SMEM address unit
  // rdna4 §8 (L3844-4065): S_LOAD ADDR = base + IOFFSET + SOFFSET, each
  // component aligned to the access size; S_BUFFER_LOAD: V# base/stride/
  // num_records, per-DWORD range check, out-of-range DWORDs read 0.
  logic        sm_busy;              // reading data dwords
  logic [4:0]  sm_c;                 // dwords captured so far
  logic [DAW-1:0] sm_wa;             // word index of dword 0
  logic [1:0]  sm_boff;
  logic [15:0] sm_inr;               // dword i is read from the data memory (inside the buffer,
                                     // always for S_LOAD, and inside the data window); else 0
  logic [15:0] sm_wmask;             // destination dwords to write
  logic [511:0] sm_buf;
  logic [31:0] dm_rd;
  logic [DAW-1:0] dm_ra;

  logic [4:0]  sm_n;
  logic        sm_ld, sm_bufop, sm_sub, sm_half, sm_uns;
  logic        sb_zero;
  logic [63:0] q01, q23;
  logic [31:0] q0, q1, q2, soff;
  logic [63:0] am;                   // alignment mask of the access size
  logic [47:0] sm_addr;              // byte address of dword 0
  logic [33:0] b_off;
  logic [45:0] b_size;
  logic [15:0] a_inr, a_need, a_out;
  logic        a_flt, a_win, a_memviol, a_oor_d;
  logic [15:0] a_wmask;
  logic [48:0] a_ai, a_bsz;
  logic [47:0] sm_off;               // sm_addr - dmem_base (mod 2^48): offset in the data window

  assign sm_n     = rdna4_pkg::smem_dwords(x.op[3:0]);
  assign sm_ld    = (x.fmt == rdna4_pkg::FMT_SMEM) && (x.op <= 8'd27) && !(x.op[2:0] == 3'd6 || x.op[2:0] == 3'd7) &&
                    !(x.op >= 8'd12 && x.op <= 8'd15);
  assign sm_bufop = x.op[4];
  assign sm_sub   = x.op[3];
  assign sm_half  = x.op[1];
  assign sm_uns   = x.op[0];
  // SBASE is decoded as the register code SBASE*2; NULL or EXEC as an address
  // source reads zero (rdna4 L803-806; model/rdna4/rdna4_exec_smem.c).  A V# never sits
  // there (the decoder refuses it).
  assign sb_zero = (x.s0[6:0] == 7'd124) || (x.s0[6:0] == 7'd126);
  assign q01  = sb_zero ? 64'd0 : p0;
  assign q23  = rdna4_pkg::rd_pair(sreg, x.s0[6:1] + 6'd1);
  assign q0   = q01[31:0];
  assign q1   = q01[63:32];
  assign q2   = q23[31:0];
  logic  unused_q3;                                     // V# dword 3 (format, type): ignored by SMEM
  assign unused_q3 = ^q23[63:32];
  assign soff = r1lo;                                   // SOFFSET: any register code, NULL reads 0
  assign am = !sm_sub ? ~64'd3 : (sm_half ? ~64'd1 : ~64'd0);

  // Addresses are 48 bits (bits 63:48 of each sum dropped, as in the model).
  // a_flt: S_LOAD offset < 0; a_out: the DWORDs the access needs that lie
  // outside the data window (checked on their offset from dmem_base, so nothing
  // aliases): they read 0 with dmem_zero, otherwise (a_win) the access faults.
  always_comb begin
    a_flt = 1'b0; a_out = 16'd0; a_memviol = 1'b0; sm_addr = 48'd0; b_off = 34'd0; b_size = 46'd0; a_inr = 16'hffff;
    a_bsz = sm_sub ? (sm_half ? 49'd2 : 49'd1) : 49'd4;
    if (!sm_bufop) begin
      // S_LOAD: IOFFSET + SOFFSET < 0 is illegal (rdna4 L3911): fault
      if (x.w1[23] && {8'd0, 24'd0 - x.w1[23:0]} > soff) a_flt = 1'b1;
      sm_addr = 48'(({q1, q0} & am) + ({{40{x.w1[23]}}, x.w1[23:0]} & am) + ({32'd0, soff} & am));
    end else begin
      // S_BUFFER_LOAD: a negative IOFFSET is a MEMVIOL (rdna4 L3867)
      if (x.w1[23]) a_memviol = 1'b1;
      b_off  = {10'd0, x.w1[23:0] & am[23:0]} + {2'd0, soff & am[31:0]};
      b_size = ({32'd0, (q1[29:16] == 14'd0) ? 14'd1 : q1[29:16]} * {14'd0, q2}) & am[45:0];
      sm_addr = 48'({q1[15:0], q0} & am[47:0]) + 48'(b_off);
      for (int i = 0; i < 16; i++)
        a_inr[i] = ({12'd0, b_off} + 46'(4 * i)) < b_size;
    end
    a_need = a_inr & 16'((17'd1 << sm_n) - 17'd1);
    sm_off = sm_addr - dmem_base;
    for (int i = 0; i < 16; i++) begin
      a_ai = {1'b0, sm_off + 48'(4 * i)};
      a_out[i] = a_need[i] && (a_ai + a_bsz > DMEM_BYTES);
    end
    a_win = (a_out != 16'd0) && !dmem_zero;
  end

  // Destination range (rdna4 L796-817, L3975-3990): a run of SDATA registers
  // must stay inside SGPR0-VCC_HI or TTMP0-15; otherwise nothing is written.
  logic [7:0] a_last;
  always_comb begin
    a_last = {1'b0, x.sd} + {3'd0, sm_n} - 8'd1;
    if (x.sd <= 7'd107)      a_oor_d = (a_last > 8'd107);
    else if (x.sd <= 7'd123) a_oor_d = (a_last > 8'd123);
    else                     a_oor_d = 1'b1;                      // NULL: prefetch with acknowledge
    a_wmask = a_oor_d ? 16'd0 : 16'((17'd1 << sm_n) - 17'd1);
  end

  // Captured dword and the data of the finishing SMEM load.
  logic [31:0]  cap;
  logic [511:0] sm_data;
  logic [7:0]  cap_by;
  logic [15:0] cap_hf;
  always_comb begin
    cap_by = dm_rd[{sm_boff, 3'd0} +: 8];
    cap_hf = sm_boff[1] ? dm_rd[31:16] : dm_rd[15:0];
    if (!sm_inr[sm_c[3:0]])  cap = 32'd0;
    else if (!sm_sub)        cap = dm_rd;
    else if (sm_half)        cap = sm_uns ? {16'd0, cap_hf} : {{16{cap_hf[15]}}, cap_hf};
    else                     cap = sm_uns ? {24'd0, cap_by} : {{24{cap_by[7]}}, cap_by};
    sm_data = sm_buf;
    for (int i = 0; i < 16; i++)
      if (sm_c[3:0] == 4'(i)) sm_data[32*i +: 32] = cap;
  end

  assign dm_ra = is_vm ? vm_ra : sm_busy ? (sm_wa + DAW'(sm_c) + 1'b1) : sm_off[DAW+1:2];

  // ---------------------------------------------------- SMEM return queue
  // Entry 0 is the oldest load; it returns when its timer reaches 0.
  // Parameter ranges: the timer is 8 bits (SMEM_LAT 1..256); KMcnt is the
  // ISA's 5-bit counter and a load adds at most 2 (KMQ 1..15).
  if (SMEM_LAT < 1 || SMEM_LAT > 256) begin : g_bad_smem_lat
    $fatal(1, "rdna4_core: SMEM_LAT must be 1..256");
  end
  if (KMQ < 1 || KMQ > 15) begin : g_bad_kmq
    $fatal(1, "rdna4_core: KMQ must be 1..15");
  end
  localparam int QW = $clog2(KMQ + 1);
  logic [KMQ*7-1:0]      kq_base;     // entry i at [7*i +: 7] (likewise below)
  logic [KMQ*16-1:0]  kq_mask;
  logic [KMQ*512-1:0] kq_data;
  logic [KMQ*64-1:0]  kq_tag;
  logic [KMQ-1:0]        kq_two;      // KMcnt increment 2 (more than one DWORD)
  logic [KMQ*8-1:0]   kq_t;
  logic [QW-1:0]         kq_n;
  logic [KMQ*7-1:0]   kq_base_n;
  logic [KMQ*16-1:0]  kq_mask_n;
  logic [KMQ*512-1:0] kq_data_n;
  logic [KMQ*64-1:0]  kq_tag_n;
  logic [KMQ-1:0]        kq_two_n;
  logic [KMQ*8-1:0]   kq_t_n;
  logic [QW-1:0]         kq_n_n, kq_n1;
  logic                  kq_pop, kq_push, kq_full, kq_busy;
  logic [5:0]            kmcnt;
  logic                  sm_defer;    // the instruction in EX is a deferred load
  assign kq_pop   = (kq_n != '0) && (kq_t[7:0] == 8'd0);
  assign kq_full  = (kq_n == QW'(KMQ));
  assign kq_busy  = (kq_n != '0);
  assign sm_defer = sm_ld && smem_defer;
  always_comb begin
    kmcnt = 6'd0;
    for (int i = 0; i < KMQ; i++)
      if (QW'(i) < kq_n) kmcnt = kmcnt + (kq_two[i] ? 6'd2 : 6'd1);
  end

  // --------------------------------------------------------- execute
  logic         e_fin, e_flt, e_end, e_trap, e_redir, e_take, e_halt;
  logic [3:0]   e_why;
  logic [47:0]  e_npc, pc_fall, pc_next4, br_tgt;
  logic [6:0]   wb_base;
  logic [15:0]  wb_mask;
  logic [511:0] wb_data;
  logic         wb_force;    // TTMP write of the trap entry itself (not PRIV-checked)
  logic [1:0]   ex_we;
  logic [63:0]  ex_val;
  logic         sc_we, sc_val, hw_we;
  logic [5:0]   hw_idx;
  logic [31:0]  hw_val;
  logic         sm_start;

  assign pc_fall  = x_pc + {44'd0, x.len, 2'b00};
  assign pc_next4 = x_pc + 48'd4;
  assign br_tgt   = x_pc + 48'd4 + {{30{x.simm[15]}}, x.simm, 2'b00};

  // ------------------------------------------- counters as the model counts them
  // rdna4_mcnt (README "LDS", "Counters as the model counts them"): LOADcnt,
  // DScnt and EXPcnt falling at the waits, for the skip decision of a DS or VDSDIR
  // instruction with no active lane.  EXPcnt falls at S_WAIT_EXPCNT, S_WAITCNT,
  // S_WAIT_IDLE and a VINTERP's WAITEXP.
  logic            mc_vp, mc_va, mc_dp, mc_da, mc_de, mc_wait, mc_wex;
  logic [5:0]      mc_vr;
  logic [2:0]      mc_dr, mc_ex;
  logic [5:0]      mc_ld, mc_ds;
  assign mc_wait = x_v && run_q && !x.ill && e_fin && x.fmt == rdna4_pkg::FMT_SOPP;
  assign mc_wex  = (mc_wait && (x.op == 8'd68 || x.op == 8'd9 || x.op == 8'd10)) || (is_v && e_fin && v_int);
  rdna4_mcnt u_mcnt (
    .clk(clk), .rst_n(rst_n), .push(mc_vp || (mc_dp && !is_fl)), .p_ds(mc_dp && !is_fl && !mc_de),
    .p_exp(mc_dp && mc_de),
    .p_any((mc_dp && !is_fl) ? mc_da : mc_va), .p_nreg((mc_dp && !is_fl) ? 6'(mc_dr) : mc_vr),
    .push2(mc_dp && is_fl), .p2_nreg(6'(mc_dr)),
    .w_ld(mc_wait && (x.op == 8'd64 || x.op == 8'd72 || x.op == 8'd9 || x.op == 8'd10)),
    .w_ld_n((x.op == 8'd64) ? x.simm[5:0] : (x.op == 8'd72) ? x.simm[13:8] : 6'd0),
    .w_ds(mc_wait && (x.op == 8'd70 || x.op == 8'd72 || x.op == 8'd73 || x.op == 8'd9 || x.op == 8'd10)),
    .w_ds_n((x.op == 8'd9 || x.op == 8'd10) ? 6'd0 : x.simm[5:0]),
    .w_ex(mc_wex), .w_ex_n(is_v ? x.w0[10:8] : (x.op == 8'd68) ? x.simm[2:0] : 3'd0),
    .ldcnt(mc_ld), .dscnt(mc_ds), .expcnt(mc_ex));

  // ------------------------------------------------------ vector memory
  // rdna4_vmem (README "Vector memory"): the VGLOBAL instruction in EX, its
  // load queue and store counter.  SADDR reads as the model's sgpr64: NULL 0, a
  // pair beyond the allocated SGPRs s[0:1].
  logic            is_vm, vm_done, vm_flt, vm_busy, vm_we, vm_hold, vm_rv, vm_mviol;
  logic            is_fl, vm_mvpost, fl_push;          // FLAT (README "FLAT"): its LDS lanes in rdna4_lds
  logic [1:0]      vm_mvsrc;
  logic [7:0]      fl_op;
  logic [63:0]     fl_ldsl;
  logic [2047:0]   fl_dsa;
  logic [7:0]      vm_mrn;
  logic [31:0]     vm_ss;                          // SCRATCH SADDR: one SGPR (as the model's sgpr32)
  logic [3:0]      vm_why;
  logic [5:0]      vm_lcnt, vm_scnt;
  logic [DAW-1:0]  vm_ra, vm_wa;
  logic [3:0]      vm_be;
  logic [31:0]     vm_wd, vm_bits;
  logic [63:0]     vm_sb, vm_sp, vm_mwl, vm_rl, vm_rtag;
  logic [3071:0]   vm_mwa;
  logic [319:0]    vm_mws;
  logic [8191:0]   vm_mwd, vm_dat;
  logic [7:0]      vm_row, vm_rowq, vm_bsrow;
  logic            vm_rebase, vm_blk;              // the data window placed; a block load outstanding
  logic [47:0]     vm_rbaddr;
  logic [2047:0]   vm_rd, vm_cur, vm_new;
  assign is_vm = x_v && run_q && !x.ill && x.vmem;
  assign is_fl = is_vm && x.w0[25:24] == 2'd0 && !vm_bf;
  // VBUFFER (README "BUFFER"): the V# from SGPRs RSRC .. RSRC + 3 (RSRC w1[17:9], a multiple of 4; each as
  // the model's buffer SGPR read: one beyond the allocated SGPRs reads s0), data at VDATA (w1[7:0])
  logic            vm_bf;
  logic [127:0]    vm_vsh;
  logic [6:0]      vm_rc;
  assign vm_bf = x.w0[31:26] == 6'h31;
  always_comb
    for (int i = 0; i < 4; i++) begin
      vm_rc = x.w1[15:9] + 7'(i);
      vm_vsh[32*i +: 32] = (vm_rc < 7'd106 && vm_rc >= sgpr_lim) ? sreg[31:0] : sreg[32*vm_rc +: 32];
    end
  assign vm_sp = rdna4_pkg::rd_pair(sreg, (x.w0[6:0] < 7'd106 && x.w0[6:0] + 7'd1 >= sgpr_lim) ? 6'd0 : x.w0[6:1]);
  assign vm_sb = (x.w0[6:0] == 7'd124) ? 64'd0 : vm_sp;
  assign vm_ss = (x.w0[6:0] < 7'd106 && x.w0[6:0] >= sgpr_lim) ? sreg[31:0] : sreg[32*x.w0[6:0] +: 32];
  always_comb
    for (int r = 0; r < 4; r++)
      vm_dat[2048*r +: 2048] = vrf[VW'((x.ds ? x.w1[15:8] : vm_bf ? x.w1[7:0] : x.w1[30:23]) + 8'(r))];
  assign vm_hold = run_q && e_fin && !e_flt && is_v &&
                   ((v_we && v_vdi[VW-1:0] == vm_rowq[VW-1:0]) || (vw2_we && vw2_idx[VW-1:0] == vm_rowq[VW-1:0]));
  rdna4_vmem #(.DMEM_WORDS(DMEM_WORDS), .VMQ(VMQ), .VM_LAT(VM_LAT)) u_vmem (
    .clk(clk), .rst_n(rst_n), .go(is_vm), .fin(is_vm && e_fin), .op(x.op), .w0(x.w0), .w1(x.w1), .w2(x.w2),
    .wave64(wave64), .exec(exec), .sbase(vm_sb), .vsh(vm_vsh), .ssv(vm_ss), .scr_base({hwreg[32*21 +: 16], hwreg[32*20 +: 32]}),
    .va0(vrf[x.w2[VW-1:0]]), .va1(vrf[VW'(x.w2[7:0] + 8'd1)]),
    .vdat(vm_dat), .dmem_base(dmem_base), .dmem_zero(dmem_zero), .shb(shmem_b[15:0]), .pvb(shmem_b[31:16]),
    .mdscnt(mc_ds), .ooo(vm_ooo), .align(align_mode), .tfe_on(tfe_status), .int_wrap(fmt_wrap),
    .gs_maxid(gs_maxid), .m0(m0), .bsrc(vrf[vm_bsrow[VW-1:0]]), .bs_row(vm_bsrow),
    .dfloat(dmem_float), .rebase(vm_rebase), .rb_addr(vm_rbaddr), .blk_out(vm_blk), .seq(seq_q),
    .dm_ra(vm_ra), .dm_rd(dm_rd), .dm_we(vm_we), .dm_wa(vm_wa), .dm_be(vm_be), .dm_wd(vm_wd),
    .done(vm_done), .flt(vm_flt), .why(vm_why), .busy(vm_busy), .loadcnt(vm_lcnt), .storecnt(vm_scnt),
    .mldcnt(mc_ld), .mc_push(mc_vp), .mc_any(mc_va), .mc_nreg(mc_vr),
    .mw_lanes(vm_mwl), .mw_addr(vm_mwa), .mw_size(vm_mws), .mw_data(vm_mwd),
    .mr_n(vm_mrn), .mr_addr(rt_mr_addr), .mr_lane(rt_mr_lane), .mr_size(rt_mr_size), .mr_data(rt_mr_data),
    .memviol(vm_mviol), .mv_src(vm_mvsrc), .mv_post(vm_mvpost),
    .f_dsop(fl_op), .f_ldsl(fl_ldsl), .f_dsa(fl_dsa), .f_dspush(fl_push),
    .hold(vm_hold), .rw_row_q(vm_rowq), .rw_valid(vm_rv), .rw_row(vm_row), .rw_lanes(vm_rl), .rw_bits(vm_bits),
    .rw_tag(vm_rtag), .rw_data(vm_rd));
  // a returning row lands on the VGPR's current value (D16: its other half kept)
  assign vm_cur = vrf[vm_row[VW-1:0]];
  always_comb
    for (int l = 0; l < 64; l++)
      vm_new[32*l +: 32] = vm_rl[l] ? ((vm_cur[32*l +: 32] & ~vm_bits) | (vm_rd[32*l +: 32] & vm_bits))
                                    : vm_cur[32*l +: 32];

  // ------------------------------------------------------------ LDS
  // rdna4_lds (README "LDS"): the DS instruction in EX, the LDS, the DScnt
  // return queue.  ADDR and DATA0.. share the vector memory unit's read ports
  // (VADDR, VSRC..); its returns share the write-back port and VGPR write port
  // (a vector memory return first).  DS and vector memory loads do not overlap:
  // a DS instruction waits at issue for LOADcnt = 0 and a VGLOBAL one for
  // DScnt = 0, so that the outstanding rows are those of one queue (README "LDS").
  logic            is_ds, ds_done, ds_flt, ds_busy, ds_hold, ds_rv;
  logic [3:0]      ds_why;
  logic [5:0]      ds_cnt;
  logic [4:0]      ds_mws;
  logic [7:0]      ds_rowq;
  logic [31:0]     ds_bits;
  logic [63:0]     ds_rl, ds_rtag, ds_mw0l, ds_mw1l;
  logic [2047:0]   ds_rd, ds_cur, ds_new, ds_mw0a, ds_mw1a;
  logic [8191:0]   ds_mw0d;
  logic [4095:0]   ds_d1, ds_mw1d;
  assign is_ds = x_v && run_q && !x.ill && x.ds;
  // (FLAT CMPSWAP: the compare value after DATA, VSRC+1 / VSRC+2..3)
  assign ds_d1 = !is_fl ? {vrf[VW'(x.w1[23:16] + 8'd1)], vrf[x.w1[16 +: VW]]} :
                 (x.op >= 8'd65 && x.op <= 8'd77) ? vm_dat[8191:4096] : {2048'd0, vm_dat[4095:2048]};
  logic ds_foor, ds_mviol;
  logic fl_lds;                                      // the LDS ran FLAT's LDS lanes (not after a MEMVIOL
  assign fl_lds = is_fl && !vm_mviol;                // that accessed nothing: its writes are an older DS's)
  assign ds_hold = vm_rv || (run_q && e_fin && !e_flt && is_v &&
                   ((v_we && v_vdi[VW-1:0] == ds_rowq[VW-1:0]) || (vw2_we && vw2_idx[VW-1:0] == ds_rowq[VW-1:0])));
  rdna4_lds #(.LDS_WORDS(LDS_WORDS), .LDQ(LDQ), .LDS_LAT(LDS_LAT)) u_lds (
    .clk(clk), .rst_n(rst_n), .go(is_ds || fl_lds), .fin((is_ds || fl_lds) && e_fin),
    .w0(is_fl ? {6'h36, fl_op, 18'd0} : x.w0), .w1(is_fl ? {x.w1[7:0], 24'd0} : x.w1),
    .wave64(wave64), .exec(is_fl ? fl_ldsl : exec), .m0(m0), .fden(hwreg[32*1 + 4 +: 4]),
    .va(is_fl ? fl_dsa : vrf[x.w1[VW-1:0]]), .vd0(vm_dat), .vd1(ds_d1),
    .lds_bytes(lds_bytes), .align(align_mode), .seq(seq_q), .flat(is_fl), .f_cnt(fl_push), .f_oor(ds_foor),
    .memviol(ds_mviol),
    .ld_we(ld_we && !run_q && ld_sel == 3'd6), .ld_addr(ld_addr), .ld_data(ld_data),
    .done(ds_done), .flt(ds_flt), .why(ds_why), .busy(ds_busy), .dscnt(ds_cnt), .expcnt(ds_ecnt),
    .mdscnt(mc_ds), .mexpcnt(mc_ex), .mc_push(mc_dp), .mc_exp(mc_de), .mc_any(mc_da), .mc_nreg(mc_dr),
    .mw0_lanes(ds_mw0l), .mw1_lanes(ds_mw1l), .mw0_addr(ds_mw0a), .mw1_addr(ds_mw1a), .mw_size(ds_mws),
    .mw0_data(ds_mw0d), .mw1_data(ds_mw1d),
    .hold(ds_hold), .rw_row_q(ds_rowq), .rw_valid(ds_rv), .rw_lanes(ds_rl), .rw_bits(ds_bits),
    .rw_tag(ds_rtag), .rw_data(ds_rd));
  assign ds_cur = vrf[ds_rowq[VW-1:0]];
  always_comb
    for (int l = 0; l < 64; l++)
      ds_new[32*l +: 32] = ds_rl[l] ? ((ds_cur[32*l +: 32] & ~ds_bits) | (ds_rd[32*l +: 32] & ds_bits))
                                    : ds_cur[32*l +: 32];


  // S_MOVREL* (rdna4 L10130-10222, range rules L807-815): the index must stay in
  // the region of the base code: SGPR base -> <= VCC_HI (VCC_LO for B64), TTMP
  // base -> <= TTMP15 (TTMP14 for B64), other bases only index 0.  An out-of-
  // range source reads SGPR0 ("S0 is used"), an out-of-range destination writes
  // nothing.  (The decoder keeps source bases below NULL.)
  logic [32:0] mr_s, mr_d;
  logic        mr_s_oor, mr_d_oor, mr_b64, mr_odd;
  logic [63:0] mr_src, mr_pair;
  always_comb begin
    mr_b64 = (x.op == 8'd65) || (x.op == 8'd67);
    mr_s = {26'd0, x.s0[6:0]} + ((x.op == 8'd68) ? {23'd0, m0[9:0]} : {1'b0, m0});
    mr_d = {26'd0, x.sd} + ((x.op == 8'd68) ? {23'd0, m0[25:16]} : {1'b0, m0});
    if (x.s0[6:0] <= 7'd107)      mr_s_oor = mr_s > (mr_b64 ? 33'd106 : 33'd107);
    else                          mr_s_oor = mr_s > (mr_b64 ? 33'd122 : 33'd123);
    if (x.sd <= 7'd107)           mr_d_oor = mr_d > (mr_b64 ? 33'd106 : 33'd107);
    else if (x.sd <= 7'd123)      mr_d_oor = mr_d > (mr_b64 ? 33'd122 : 33'd123);
    else                          mr_d_oor = (mr_d != {26'd0, x.sd});
    mr_odd = (x.op == 8'd65) ? mr_s[0] : mr_d[0];                   // 64-bit index must be even
    mr_pair = rdna4_pkg::rd_pair(sreg, mr_s_oor ? 6'd0 : mr_s[6:1]);
    mr_src  = (mr_s[0] && !mr_s_oor) ? {32'd0, mr_pair[63:32]} : mr_pair;
  end

  // S_GETREG / S_SETREG fields (rdna4 L9173-9272).
  logic [5:0]  hr_id;
  logic [4:0]  hr_off;
  logic [5:0]  hr_size;
  logic [31:0] hr_cur, hr_view, hr_mask, hr_src;
  assign hr_id   = x.simm[5:0];
  assign hr_off  = x.simm[10:6];
  assign hr_size = {1'b0, x.simm[15:11]} + 6'd1;
  always_comb begin
    hr_cur = 32'd0;
    for (int i = 0; i < 64; i++)
      if (hr_id == 6'(i)) hr_cur = hwreg[32*i +: 32];
  end
  assign hr_view = rdna4_pkg::hw_view(hr_id, hr_cur, execz, vccz, scc, wave64) | wv_hwor(hr_id, wv_multi, wv_cpl1, wv_cpl2);
  assign hr_mask = (rdna4_pkg::low_mask32(hr_size) << hr_off) & rdna4_pkg::hw_write_mask(hr_id, priv);
  assign hr_src  = (x.op == 8'd19) ? x.w1 : dold[31:0];

  // Registers the execute stage rewrites whole (views: live bits filled in).
  logic [31:0] st_cur, sp_view, mode_cur, ep_cur;
  assign st_cur   = hwreg[32*2 +: 32];
  assign sp_view  = rdna4_pkg::hw_view(rdna4_pkg::HW_STATE_PRIV, hwreg[32*4 +: 32], execz, vccz, scc, wave64);
  assign mode_cur = hwreg[32*1 +: 32];
  assign ep_cur   = hwreg[32*17 +: 32];

  logic e_fin0, h_cond;
  always_comb begin
    e_fin0 = 1'b0; e_flt = 1'b0; e_why = rdna4_pkg::WHY_NONE; e_end = 1'b0; e_trap = 1'b0;
    e_npc = pc_fall;
    wb_base = x.sd; wb_mask = 16'd0; wb_data = 512'd0; wb_force = 1'b0;
    ex_we = 2'b00; ex_val = exec; sc_we = 1'b0; sc_val = scc;
    hw_we = 1'b0; hw_idx = 6'd0; hw_val = 32'd0; sm_start = 1'b0;
    if (x_v && run_q) begin
      if (x.ill) begin
        e_flt = 1'b1; e_why = x.why;
      end else begin
        e_fin0 = 1'b1;
        // results of rdna4_salu (zero for the operations it does not handle)
        wb_mask = alu_d_we ? (x.d_64 ? 16'd3 : 16'd1) : 16'd0;
        wb_data[63:0] = alu_d;
        sc_we = alu_scc_we; sc_val = alu_scc;
        ex_we = alu_exec_we; ex_val = alu_exec;
        if (fp_is) begin                                    // SALU float: D or SCC, EXCP_FLAG_USER
          if (fp_trap) begin e_flt = 1'b1; e_why = rdna4_pkg::WHY_FLOAT; end
          wb_mask = fp_cmp ? 16'd0 : 16'd1;
          wb_data[63:0] = {32'd0, fp_d};
          sc_we = fp_cmp; sc_val = fp_res;
          ex_we = 2'b00;
          hw_we = (fp_ef != hwreg[32*18 +: 32]); hw_idx = 6'd18; hw_val = fp_ef;
        end
        case (x.fmt)
          rdna4_pkg::FMT_SOP1: begin
            case (x.op)
              8'd64, 8'd65: begin                                   // S_MOVRELS_B32/B64
                if (x.op[0] && mr_odd) begin e_flt = 1'b1; e_why = rdna4_pkg::WHY_MOVREL; end
                wb_mask = x.op[0] ? 16'd3 : 16'd1;
                wb_data[63:0] = x.op[0] ? mr_src : {32'd0, mr_src[31:0]};
              end
              8'd66, 8'd67: begin                                   // S_MOVRELD_B32/B64
                if (x.op[0] && mr_odd) begin e_flt = 1'b1; e_why = rdna4_pkg::WHY_MOVREL; end
                wb_base = mr_d[6:0];
                wb_mask = mr_d_oor ? 16'd0 : (x.op[0] ? 16'd3 : 16'd1);
                wb_data[63:0] = x.op[0] ? opa : {32'd0, opa[31:0]};
              end
              8'd68: begin                                          // S_MOVRELSD_2_B32
                wb_base = mr_d[6:0];
                wb_mask = mr_d_oor ? 16'd0 : 16'd1;
                wb_data[31:0] = mr_src[31:0];
              end
              8'd71: begin                                          // S_GETPC_B64: D = PC + 4
                wb_mask = 16'd3; wb_data[63:0] = {16'd0, pc_next4};
              end
              8'd72: e_npc = opa[47:0] & ~48'd3;                    // S_SETPC_B64
              8'd73: begin                                          // S_SWAPPC_B64
                wb_mask = 16'd3; wb_data[63:0] = {16'd0, pc_next4};
                e_npc = opa[47:0] & ~48'd3;
              end
              8'd74: begin                                          // S_RFE_B64: PRIV = 0, PC = S0
                hw_we = 1'b1; hw_idx = rdna4_pkg::HW_STATUS;
                hw_val = st_cur & ~(32'd1 << rdna4_pkg::ST_PRIV);
                e_npc = opa[47:0] & ~48'd3;
              end
              8'd76, 8'd77, 8'd80: begin                            // S_SENDMSG_RTN_B32/B64, S_GET_BARRIER_STATE:
                wb_mask = x.d_64 ? 16'd3 : 16'd1;                   // data from outside the wave (unmodelled,
                wb_data[63:0] = dold;                               // the checker takes it): D keeps its value
                if (x.op == 8'd80 && wv_multi) wb_data[31:0] = wv_bstate;   // several waves: the barrier state
              end
              8'd79: begin sc_we = 1'b1; sc_val = wv_first; end     // S_BARRIER_SIGNAL_ISFIRST: SCC = the first
                                                                    // signal (one wave: 0; README "Waves")
              8'd83: if (dvgpr && !wave64) begin                    // S_ALLOC_VGPR (rdna4 L10378): SCC = success,
                sc_we = 1'b1; sc_val = (opa[8:0] <= 9'd256);        // which depends on the other waves (the
              end else begin                                        // model marks it unmodelled); illegal in
                e_trap = 1'b1; e_end = 1'b1;                        // wave64 or without dynamic VGPRs
                hw_we = 1'b1; hw_idx = rdna4_pkg::HW_EXCP_FLAG_PRIV;
                hw_val = ep_cur | (32'd1 << rdna4_pkg::EP_ILLEGAL);
              end
              default: ;                                            // rdna4_salu; S_BARRIER_SIGNAL, S_SLEEP_VAR: no-ops
            endcase
          end
          rdna4_pkg::FMT_SOPK: begin
            case (x.op)
              8'd17: begin                                          // S_GETREG_B32
                wb_mask = 16'd1;
                wb_data[31:0] = (hr_view >> hr_off) & rdna4_pkg::low_mask32(hr_size);
              end
              8'd18, 8'd19: begin                                   // S_SETREG_B32, S_SETREG_IMM32_B32
                hw_we = (hr_mask != 32'd0); hw_idx = hr_id;
                hw_val = ((hr_src << hr_off) & hr_mask) | (hr_view & ~hr_mask);
              end
              8'd20: begin                                          // S_CALL_B64
                wb_mask = 16'd3; wb_data[63:0] = {16'd0, pc_next4};
                e_npc = br_tgt;
              end
              default: ;                                            // rdna4_salu; S_VERSION: no-op
            endcase
          end
          rdna4_pkg::FMT_SOPP: begin
            case (x.op)
              8'd1: e_end = x.simm[0];                              // S_SETKILL: kill the wave
              8'd2: begin                                           // S_SETHALT (rdna4 L11018)
                if (x.simm[2]) begin                                // FATAL_HALT: trap handler only
                  hw_we = priv; hw_idx = rdna4_pkg::HW_STATUS;
                  hw_val = st_cur;
                  hw_val[rdna4_pkg::ST_FATAL_HALT] = x.simm[0];
                end else begin
                  hw_we = 1'b1; hw_idx = rdna4_pkg::HW_STATE_PRIV;
                  hw_val = sp_view;
                  hw_val[rdna4_pkg::SP_HALT] = x.simm[0];
                end
              end
              8'd55: begin                                          // S_SENDMSGHALT: message, then HALT
                hw_we = 1'b1; hw_idx = rdna4_pkg::HW_STATE_PRIV;
                hw_val = sp_view;
                hw_val[rdna4_pkg::SP_HALT] = 1'b1;
              end
              8'd16: if (trap_en) begin                             // S_TRAP (rdna4 L11280); no-op without a handler
                wb_base = 7'd108; wb_mask = 16'd3; wb_force = 1'b1; // {TTMP1, TTMP0} = {id, 12'0, PC[47:0]}
                wb_data[63:0] = {x.simm[3:0], 12'd0, x_pc};
                hw_we = 1'b1; hw_idx = rdna4_pkg::HW_STATUS;
                hw_val = st_cur | (32'd1 << rdna4_pkg::ST_PRIV);
                e_npc = tba & ~48'd3;                               // PC = TBA
              end
              8'd17, 8'd18: begin                                   // S_ROUND_MODE, S_DENORM_MODE
                hw_we = 1'b1; hw_idx = rdna4_pkg::HW_MODE;
                hw_val = mode_cur;
                if (x.op[0]) hw_val[3:0] = x.simm[3:0];
                else         hw_val[7:4] = x.simm[3:0];
              end
              8'd31: begin                                          // S_CODE_END: illegal instruction
                e_trap = 1'b1; e_end = 1'b1;
                hw_we = 1'b1; hw_idx = rdna4_pkg::HW_EXCP_FLAG_PRIV;
                hw_val = ep_cur | (32'd1 << rdna4_pkg::EP_ILLEGAL);
              end
              8'd32: e_npc = br_tgt;                                // S_BRANCH
              8'd33: if (!scc) e_npc = br_tgt;                      // S_CBRANCH_SCC0
              8'd34: if (scc)    e_npc = br_tgt;                    // S_CBRANCH_SCC1
              8'd35: if (vccz)   e_npc = br_tgt;                    // S_CBRANCH_VCCZ
              8'd36: if (!vccz)  e_npc = br_tgt;                    // S_CBRANCH_VCCNZ
              8'd37: if (execz)  e_npc = br_tgt;                    // S_CBRANCH_EXECZ
              8'd38: if (!execz) e_npc = br_tgt;                    // S_CBRANCH_EXECNZ
              8'd48, 8'd49: e_end = 1'b1;                           // S_ENDPGM, S_ENDPGM_SAVED
              8'd20: if (wv_wblk) e_fin0 = 1'b0;                    // S_BARRIER_WAIT: the barrier has not completed
              8'd9, 8'd10: if (kq_busy || vm_busy || ds_busy) e_fin0 = 1'b0;   // S_WAITCNT, S_WAIT_IDLE: every counter 0
              8'd64: if (vm_lcnt > x.simm[5:0]) e_fin0 = 1'b0;       // S_WAIT_LOADCNT
              8'd65: if (vm_scnt > x.simm[5:0]) e_fin0 = 1'b0;       // S_WAIT_STORECNT
              8'd70: if (ds_cnt > x.simm[5:0]) e_fin0 = 1'b0;        // S_WAIT_DSCNT
              8'd68: if (ds_ecnt > {1'b0, x.simm[2:0]}) e_fin0 = 1'b0;   // S_WAIT_EXPCNT (VDSDIR loads)
              8'd72: if (vm_lcnt > x.simm[13:8] || ds_cnt > x.simm[5:0]) e_fin0 = 1'b0;   // S_WAIT_LOADCNT_DSCNT
              8'd73: if (vm_scnt > x.simm[13:8] || ds_cnt > x.simm[5:0]) e_fin0 = 1'b0;   // S_WAIT_STORECNT_DSCNT
              8'd71: if (kmcnt > {1'b0, x.simm[4:0]}) e_fin0 = 1'b0; // S_WAIT_KMCNT
              8'd53: begin                                          // S_SETPRIO: STATE_PRIV.USER_PRIO
                hw_we = 1'b1; hw_idx = rdna4_pkg::HW_STATE_PRIV;
                hw_val = sp_view;
                hw_val[13:12] = x.simm[1:0];
              end
              default: ;                                            // waits, nops, hints, messages, barrier wait
            endcase
          end
          rdna4_pkg::FMT_SMEM: begin
            if (sm_ld) begin
              e_fin0 = sm_busy && (sm_c == sm_n - 5'd1);
              if (!sm_busy) begin
                if (a_memviol) begin                                // MEMVIOL: flag it, end the program
                  e_fin0 = 1'b1; e_trap = 1'b1; e_end = 1'b1;
                  hw_we = 1'b1; hw_idx = rdna4_pkg::HW_EXCP_FLAG_PRIV;
                  hw_val = ep_cur;
                  if (!ep_cur[rdna4_pkg::EP_MEMVIOL]) hw_val[31:30] = 2'd1;   // first_memviol_source = SMEM
                  hw_val[rdna4_pkg::EP_MEMVIOL] = 1'b1;
                end else if (a_flt) begin
                  e_flt = 1'b1; e_why = rdna4_pkg::WHY_SMEM_ADDR;
                end else if (a_win) begin
                  e_flt = 1'b1; e_why = rdna4_pkg::WHY_SMEM_WIN;
                end else if (!(smem_defer && kq_full) && !vm_blk)   // deferred: wait for a queue slot;
                  sm_start = 1'b1;                                  // a block load's return (README "Blocks")
              end
              if (!e_trap) begin
                wb_mask = sm_wmask;
                wb_data = sm_data;
              end
            end
          end
          rdna4_pkg::FMT_VALU: begin
            e_fin0 = v_last && !vd_x && !v_hold;           // a VOPD pair retires after its Y half
            if (v_oddm) begin e_flt = 1'b1; e_why = rdna4_pkg::WHY_VALU_MOD; end
            if (wm_kbad) begin e_flt = 1'b1; e_why = rdna4_pkg::WHY_VALU_MOD; end   // SWMMAC index_key (model: unimplemented)
            if (x.vopd && wave64) begin e_flt = 1'b1; e_why = rdna4_pkg::WHY_VALU_MOD; end   // VOPD: wave32 only (L3279)
            if ((x.vfl || x.v64[5] || vd_y) && v_last && !vd_x && !v_hold) begin   // float rows: EXCP_FLAG_USER, traps not modelled
              if (v_trap) begin e_flt = 1'b1; e_why = rdna4_pkg::WHY_FLOAT; end
              hw_we = (v_ef != hwreg[32*18 +: 32]); hw_idx = 6'd18; hw_val = v_ef;
            end
            wb_base = x.vsd;
            case (x.vkind)
              rdna4_pkg::VK_CMP, rdna4_pkg::VK_CMPX, rdna4_pkg::VK_CARRY: begin
                // lane masks are written whole, inactive lanes 0 (L2835-2837), also when EXEC = 0;
                // lanes DPP disabled 0 too (L3467)
                wb_mask = wave64 ? 16'd3 : 16'd1;
                wb_data[63:0] = v_co & v_act;
              end
              rdna4_pkg::VK_RLANE: begin                  // V_S_*_F32: lane 0's result
                wb_mask = 16'd1; wb_data[31:0] = (rdna4_pkg::vpsrow(x.vop) && !x.vpk) ? v_res[31:0] : v_rl;
              end
              default: ;
            endcase
          end
          default: ;                                                // SOP2, SOPC: rdna4_salu
        endcase
        if (x.vmem) begin                                           // VGLOBAL: rdna4_vmem
          e_fin0 = vm_done && !ds_busy;                             // (README "LDS": no overlap)
          if (is_fl && !vm_mviol)                                   // FLAT: both queues empty, both units
            e_fin0 = vm_done && ds_done && !ds_busy && vm_lcnt == 6'd0;
          if (vm_flt) begin e_flt = 1'b1; e_why = vm_why; end
          if (is_fl && ds_flt) begin e_flt = 1'b1; e_why = ds_why; end
          if (vm_mviol || vm_mvpost || (is_fl && ds_foor)) begin    // MEMVIOL: misaligned atomic (nothing
            e_trap = 1'b1; e_end = 1'b1;                            // accessed), FLAT hole / LDS range (after)
            hw_we = 1'b1; hw_idx = rdna4_pkg::HW_EXCP_FLAG_PRIV;
            hw_val = ep_cur;
            if (!ep_cur[rdna4_pkg::EP_MEMVIOL])                     // first_memviol_source: VMEM, LDS
              hw_val[31:30] = vm_mviol ? vm_mvsrc : vm_mvpost ? 2'd3 : 2'd2;
            hw_val[rdna4_pkg::EP_MEMVIOL] = 1'b1;
          end
        end
        if (x.ds) begin                                             // VDS: rdna4_lds
          e_fin0 = ds_done && vm_lcnt == 6'd0;
          if (ds_flt) begin e_flt = 1'b1; e_why = ds_why; end
          if (ds_mviol || ds_foor) begin                            // MEMVIOL: misaligned atomic (nothing
            e_trap = 1'b1; e_end = 1'b1;                            // accessed), past lds_size (after)
            hw_we = 1'b1; hw_idx = rdna4_pkg::HW_EXCP_FLAG_PRIV;
            hw_val = ep_cur;
            if (!ep_cur[rdna4_pkg::EP_MEMVIOL]) hw_val[31:30] = 2'd2;   // first_memviol_source = LDS
            hw_val[rdna4_pkg::EP_MEMVIOL] = 1'b1;
          end
        end
        // STATE_PRIV.SCC is SCC: a STATE_PRIV write that changes bit 9 writes SCC
        if (hw_we && hw_idx == rdna4_pkg::HW_STATE_PRIV && hw_val[rdna4_pkg::SP_SCC] != scc) begin
          sc_we = 1'b1; sc_val = hw_val[rdna4_pkg::SP_SCC];
        end
        if (e_flt) e_fin0 = 1'b0;
      end
    end
  end

  // ------------------------------------------------- write-back network
  // Lanes of the write bus address codes wb_base + i.  TTMP writes are dropped
  // outside the trap handler and then SCC is not written either (rdna4 L796);
  // NULL (124) discards the write.
  logic [15:0]   wm_eff, wm_wr;     // wm_wr: written now (a deferred load writes at its return)
  logic          ttmp_blk, sc_we_eff;
  logic [511:0]  rot;
  logic [127:0]  hit;
  logic [4095:0] sreg_n;
  logic [7:0] wc;
  always_comb begin
    wm_eff = 16'd0; ttmp_blk = 1'b0;
    for (int i = 0; i < 16; i++) begin
      wc = {1'b0, wb_base} + 8'(i);
      // a NULL destination discards the whole write (also the high half of a pair)
      if (wb_mask[i] && wc <= 8'd127 && wb_base != 7'd124) begin
        if (wc >= 8'd108 && wc <= 8'd123 && !priv && !wb_force) ttmp_blk = 1'b1;
        else if (wc < 8'd106 && wc >= {1'b0, sgpr_lim}) ttmp_blk = 1'b1;   // SGPR not allocated
        else wm_eff[i] = 1'b1;
      end
    end
    // a destination that cannot be written in full is not written at all
    if (ttmp_blk) wm_eff = 16'd0;
    wm_wr = sm_defer ? 16'd0 : wm_eff;
    sc_we_eff = sc_we && !ttmp_blk;
  end
  logic [6:0] lane;
  always_comb begin
    rot = 512'd0;
    for (int j = 0; j < 16; j++)
      for (int k = 0; k < 16; k++)
        if (4'(j) - wb_base[3:0] == 4'(k)) rot[32*j +: 32] = wb_data[32*k +: 32];
    sreg_n = sreg;
    for (int r = 0; r < 128; r++) begin
      lane = 7'(r) - wb_base;
      hit[r] = (7'(r) >= wb_base) && (lane < 7'd16) && wm_wr[lane[3:0]];
      if (hit[r])
        sreg_n[32*r +: 32] = rot[32*(r % 16) +: 32];
      else if (r == 126 && ex_we[0])
        sreg_n[32*r +: 32] = ex_val[31:0];
      else if (r == 127 && ex_we[1])
        sreg_n[32*r +: 32] = ex_val[63:32];
    end
  end

  logic scc_n;
  assign scc_n = sc_we_eff ? sc_val : scc;

  // Queue next state: timers count down, the head leaves when it returns, a
  // deferred load that retires joins at the tail.
  assign kq_push = e_fin && sm_defer && !e_trap && (wm_eff != 16'd0);
  assign kq_n1   = kq_n - (kq_pop ? QW'(1) : QW'(0));
  assign kq_n_n  = kq_n1 + (kq_push ? QW'(1) : QW'(0));
  always_comb begin
    for (int i = 0; i < KMQ; i++) begin
      if (kq_pop && i + 1 < KMQ) begin
        kq_base_n[7*(i) +: 7] = kq_base[7*(i + 1) +: 7]; kq_mask_n[16*(i) +: 16] = kq_mask[16*(i + 1) +: 16]; kq_data_n[512*(i) +: 512] = kq_data[512*(i + 1) +: 512];
        kq_tag_n[64*(i) +: 64]  = kq_tag[64*(i + 1) +: 64];  kq_two_n[i]  = kq_two[i + 1];
        kq_t_n[8*(i) +: 8]    = (kq_t[8*(i + 1) +: 8] != 8'd0) ? kq_t[8*(i + 1) +: 8] - 8'd1 : 8'd0;
      end else if (kq_pop) begin
        kq_base_n[7*(i) +: 7] = 7'd0; kq_mask_n[16*(i) +: 16] = 16'd0; kq_data_n[512*(i) +: 512] = 512'd0;
        kq_tag_n[64*(i) +: 64]  = 64'd0; kq_two_n[i] = 1'b0; kq_t_n[8*(i) +: 8] = 8'd0;
      end else begin
        kq_base_n[7*(i) +: 7] = kq_base[7*(i) +: 7]; kq_mask_n[16*(i) +: 16] = kq_mask[16*(i) +: 16]; kq_data_n[512*(i) +: 512] = kq_data[512*(i) +: 512];
        kq_tag_n[64*(i) +: 64]  = kq_tag[64*(i) +: 64];  kq_two_n[i]  = kq_two[i];
        kq_t_n[8*(i) +: 8]    = (kq_t[8*(i) +: 8] != 8'd0) ? kq_t[8*(i) +: 8] - 8'd1 : 8'd0;
      end
      if (kq_push && kq_n1 == QW'(i)) begin
        kq_base_n[7*(i) +: 7] = wb_base; kq_mask_n[16*(i) +: 16] = wm_eff; kq_data_n[512*(i) +: 512] = wb_data;
        kq_tag_n[64*(i) +: 64]  = seq_q;   kq_two_n[i]  = (sm_n != 5'd1);
        kq_t_n[8*(i) +: 8]    = 8'(SMEM_LAT - 1);
      end
    end
  end

  // ------------------------------------------------------------ waves
  // (README "Waves").  The barrier id of S_BARRIER_SIGNAL(_ISFIRST) and
  // S_GET_BARRIER_STATE: an integer inline constant, or M0[4:0]; a signal is a
  // no-op with one wave, for id 0 and for the trap barrier (-2) outside PRIV.
  // S_BARRIER_WAIT's bit: SIMM16 >= 0 bit 0 (never completes), -1 bit 1, below
  // -1 bit 2 (ignored outside PRIV).
  logic is_bsig, is_bwait;
  assign is_bsig  = x.fmt == rdna4_pkg::FMT_SOP1 && (x.op == 8'd78 || x.op == 8'd79);
  assign is_bwait = x.fmt == rdna4_pkg::FMT_SOPP && x.op == 8'd20;
  assign wv_bid   = (x.s0 == 8'd125) ? {27'd0, m0[4:0]} : opa[31:0];
  assign wv_bnop  = !wv_multi || wv_bid == 32'd0 || (wv_bid == 32'hfffffffe && !priv);
  assign wv_first = !wv_bnop && wv_rsig == 7'd0;
  assign wv_bstate = {9'd0, wv_rsig, 5'd0,
                      (wv_bid == 32'hffffffff || wv_bid == 32'hfffffffe) ? {4'd0, wv_n} : 7'd0, 3'd0,
                      wv_bid == 32'hffffffff || wv_bid == 32'hfffffffe};
  assign wv_wb    = x.simm[15] ? ((x.simm == 16'hffff) ? 2'd1 : 2'd2) : 2'd0;
  assign wv_wapp  = wv_multi && !(x.simm[15] && x.simm != 16'hffff && !priv);
  assign wv_wblk  = is_bwait && wv_wapp && !((wv_wb == 2'd1 && wv_cpl1) || (wv_wb == 2'd2 && wv_cpl2));
  assign wv_blk   = x_v && run_q && !x.ill && !e_flt && wv_wblk;
  // between units with several waves: no instruction is taken; once the queues
  // are empty and the returns reported, the next wave (wv_sel) runs: its state
  // is swapped in (wv_swap) unless it is the active wave; none ready: deadlock
  logic wv_idle;
  assign wv_idle = run_q && wv_sw && !x_v && !kq_busy && !vm_busy && !ds_busy && !vm_rv && !ds_rv && !kq_pop &&
                   !vw_valid && !kw_valid && !end_q;
  assign wv_go   = wv_idle && wv_ok;
  assign wv_dl   = wv_idle && !wv_ok;
  assign wv_to   = wv_sel;
  assign wv_hold = wv_sw || (wv_multi && (e_fin || wv_blk));
  logic       wv_ldsel;
  logic [1:0] wv_dst;
  assign wv_ldsel = ld_we && !run_q && ld_sel == 3'd7 && ld_addr == 20'd1 && ld_data < 32'(WAVES);
  assign wv_dst   = wv_ldsel ? ld_data[1:0] : wv_to;
  assign wv_swap  = (wv_ldsel || wv_go) && wv_dst != cw;
  rdna4_waves #(.WAVES(WAVES)) u_waves (
    .clk(clk), .rst_n(rst_n), .nwv(wv_n), .cw(cw), .clr(start && !run_q),
    .sig(e_fin && is_bsig && !wv_bnop), .sig_idx(wv_bid[5:0]),
    .fin(e_fin && wv_multi && (e_end || e_halt)), .blk(wv_blk), .blk_b(wv_wb),
    .wclr(e_fin && is_bwait && wv_wapp), .wclr_b(wv_wb), .turn_adv(e_fin && wv_multi), .go(wv_go),
    .rd_idx(wv_bid[5:0]), .rd_sig(wv_rsig), .cpl1(wv_cpl1), .cpl2(wv_cpl2), .sel(wv_sel), .sel_ok(wv_ok),
    .more(wv_more), .dl_w(wv_dlw));

  // the saved slots: the active wave's state goes to slot cw when another is swapped in
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      for (int w = 0; w < 4; w++) begin
        wv_sreg[w] <= '0; wv_hw[w] <= '0; wv_scc[w] <= 1'b0; wv_pc[w] <= 48'd0; wv_seq[w] <= 64'd0;
      end
    end else if (wv_swap) begin
      wv_sreg[cw] <= sreg; wv_hw[cw] <= hwreg; wv_scc[cw] <= scc; wv_pc[cw] <= pc; wv_seq[cw] <= seq_q;
    end else if (start && !run_q) begin
      for (int w = 0; w < 4; w++) wv_seq[w] <= 64'd0;
    end
  end

  // ------------------------------------------------------ pipeline control
  // The wave halts after an instruction that leaves STATUS.FATAL_HALT set, or
  // STATE_PRIV.HALT set outside the trap handler (rdna4 L1852-1866): the core
  // then stops with done (as the model's gpuref_finished()).
  logic [31:0] st_n, sp_n;
  assign st_n    = (hw_we && hw_idx == rdna4_pkg::HW_STATUS) ? hw_val : st_cur;
  assign sp_n    = (hw_we && hw_idx == rdna4_pkg::HW_STATE_PRIV) ? hw_val : hwreg[32*4 +: 32];
  // the program ends (or the wave halts) only after its loads returned
  assign h_cond  = st_n[rdna4_pkg::ST_FATAL_HALT] || (sp_n[rdna4_pkg::SP_HALT] && !st_n[rdna4_pkg::ST_PRIV]);
  assign e_fin   = e_fin0 && !((kq_busy || vm_busy || ds_busy) && (e_end || h_cond));
  assign e_halt  = e_fin && h_cond;
  assign e_redir = e_fin && !e_end && !e_halt && (e_npc != pc_fall);
  assign e_take  = run_q && if_v && !e_flt && !e_end && !e_halt && (!x_v || (e_fin && !e_redir)) && !wv_hold;

  always_comb begin
    if (!run_q)       req_pc = pc;
    else if (wv_go)   req_pc = (wv_to == cw) ? pc : wv_pc[wv_to];
    else if (e_redir) req_pc = e_npc;
    else if (e_take)  req_pc = if_pc + {44'd0, dec.len, 2'b00};
    else              req_pc = if_pc;
  end

  // Instruction memory: load-port write (word ld_addr of the window), two
  // synchronous read ports at the window offsets of the fetch address.
  always_ff @(posedge clk) begin
    if (ld_we && !run_q && ld_sel == 3'd0 && {12'd0, ld_addr} < 32'(IMEM_WORDS))
      imem[ld_addr[IAW-1:0]] <= ld_data;
    if_w0 <= imem[ia0];
    if_w1 <= imem[ia1];
    if_w2 <= imem[ia2];
  end

  // VGPR file: load-port writes (one lane), the write of a retiring VALU instruction;
  // the rows of the active wave (README "Waves": vrf is its view of vrf_all).
  always_ff @(posedge clk) begin
    if (ld_we && !run_q && ld_sel == 3'd5 && {6'd0, ld_addr[19:6]} < 20'(VGPRS))
      vrf_all[vx(cw, ld_addr[VW+5:6])][32*ld_addr[5:0] +: 32] <= ld_data;
    if (run_q && !e_flt && e_fin && is_v && v_we && !wm_row)
      vrf_all[vx(cw, v_vdi[VW-1:0])] <= v_new;
    if (run_q && !e_flt && e_fin && is_v && vw2_we && !wm_row)
      vrf_all[vx(cw, vw2_idx[VW-1:0])] <= vw2_new;
    if (run_q && !e_flt && (e_fin || wm_bt) && wm_row)   // a WMMA/MQSAD beat: two rows of D
      for (int l = 0; l < 64; l++)
        if (wm_lanes[l]) begin
          vrf_all[vx(cw, wm_i0[VW-1:0])][32*l +: 32] <= wm_bd0[32*l +: 32];
          vrf_all[vx(cw, wm_i1[VW-1:0])][32*l +: 32] <= wm_bd1[32*l +: 32];
        end
    if (vm_rv)
      vrf_all[vx(cw, vm_row[VW-1:0])] <= vm_new;
    else if (ds_rv)
      vrf_all[vx(cw, ds_rowq[VW-1:0])] <= ds_new;
  end

  // Data memory: load-port write (word ld_addr of the window), one synchronous
  // read port at the window offset.
  always_ff @(posedge clk) begin
    if (ld_we && !run_q && ld_sel == 3'd3 && {12'd0, ld_addr} < 32'(DMEM_WORDS))
      dmem[ld_addr[DAW-1:0]] <= ld_data;
    for (int b = 0; b < 4; b++)
      if (run_q && vm_we && vm_be[b]) dmem[vm_wa][8*b +: 8] <= vm_wd[8*b +: 8];
    dm_rd <= dmem[dm_ra];
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      sreg <= '0; hwreg <= '0; scc <= 1'b0; pc <= 48'd0; wave64 <= 1'b0;
      sgpr_lim <= 7'd106; tba <= 48'd0; shmem_b <= 32'd0; dvgpr <= 1'b0;
      imem_base <= 48'd0; dmem_base <= 48'd0; dmem_zero <= 1'b0; smem_defer <= 1'b1; seq_q <= 64'd0;
      vm_ooo <= 1'b0; dpp_fi_oor <= 1'b0; lds_bytes <= 17'h10000; qsad_clamp <= 1'b0; align_mode <= 2'd3; tfe_status <= 1'b0;
      dmem_float <= 1'b0; fmt_wrap <= 1'b0; gs_maxid <= 32'hffffffff;
      wmma_acc <= 1'b0; wm_beat_q <= 2'd0; rt_last <= 1'b1;
      rt_mr_n <= 8'd0; rt_mw_lds <= 1'b0; rt_mw_ldsl <= 64'd0; end_q <= 1'b0; rt_mw2_lanes <= 64'd0; rt_mw2_addr <= '0; rt_mw2_data <= '0; rt_mw_lanes <= 64'd0; rt_mw_addr <= '0; rt_mw_size <= '0; rt_mw_data <= '0;
      vw_valid <= 1'b0; vw_tag <= 64'd0; vw_idx <= 8'd0; vw_lanes <= 64'd0; vw_val <= '0;
      kq_n <= '0; kq_base <= '0; kq_mask <= '0; kq_data <= '0; kq_tag <= '0; kq_two <= '0; kq_t <= '0;
      kw_valid <= 1'b0; kw_tag <= 64'd0; kw_base <= 7'd0; kw_we <= 16'd0; kw_val <= '0;
      run_q <= 1'b0; done_q <= 1'b0; fault_q <= 1'b0; fault_pc_q <= 48'd0; fault_why_q <= 4'd0;
      wv_n <= 3'd1; cw <= 2'd0; wv_sw <= 1'b0; fault_wave_q <= 2'd0; rt_wave <= 2'd0;
      if_v <= 1'b0; if_pc <= 48'd0; if_ok0 <= 1'b0; if_ok1 <= 1'b0; if_ok2 <= 1'b0;
      vp_q <= '0; v_res_q <= '0; v_co_q <= 64'd0; v_exc_q <= 7'd0; v_resh_q <= '0;
      rt_exec_mask <= 64'd0; rt_v_we <= 1'b0; rt_v_idx <= 8'd0; rt_v_lanes <= 64'd0; rt_v_val <= '0;
      rt_v2_we <= 1'b0; rt_v2_idx <= 8'd0; rt_v2_val <= '0;
      x_v <= 1'b0; x <= '0; x_pc <= 48'd0;
      xy <= '0; vd_y <= 1'b0; vdx_we <= 1'b0; vdx_idx <= 8'd0; vdx_lanes <= 64'd0; vdx_new <= '0;
      sm_busy <= 1'b0; sm_c <= 5'd0; sm_wa <= '0; sm_boff <= 2'd0; sm_inr <= 16'd0;
      sm_wmask <= 16'd0; sm_buf <= '0;
      rt_valid <= 1'b0; rt_pc <= 64'd0; rt_next_pc <= 64'd0; rt_w0 <= 32'd0; rt_w1 <= 32'd0;
      rt_w2 <= 32'd0; rt_nwords <= 2'd0; rt_flags <= 5'd0; rt_s_we <= 16'd0; rt_s_base <= 7'd0;
      rt_s_val <= '0; rt_vcc_we <= 2'd0; rt_vcc <= 64'd0; rt_exec_we <= 2'd0; rt_exec <= 64'd0;
      rt_m0_we <= 1'b0; rt_m0 <= 32'd0; rt_scc_we <= 1'b0; rt_scc <= 1'b0; rt_ttmp_we <= 16'd0;
      rt_ttmp_val <= '0; rt_hw_we <= 1'b0; rt_hw_idx <= 6'd0; rt_hw_val <= 32'd0;
    end else begin
      rt_valid <= 1'b0;
      kw_valid <= 1'b0;
      vw_valid <= 1'b0;
      // vector load return (rdna4_vmem): reported with the row's whole value
      if (vm_rv) begin
        vw_valid <= 1'b1; vw_tag <= vm_rtag; vw_idx <= vm_row; vw_lanes <= vm_rl; vw_val <= vm_new;
      end else if (ds_rv) begin                                     // DS return (rdna4_lds)
        vw_valid <= 1'b1; vw_tag <= ds_rtag; vw_idx <= ds_rowq; vw_lanes <= ds_rl; vw_val <= ds_new;
      end
      // fetch registers follow the read address every cycle
      if_pc  <= req_pc;
      if_ok0 <= {1'b0, ioff0} < IMEM_BYTES;
      if_ok1 <= {1'b0, ioff1} < IMEM_BYTES;
      if_ok2 <= {1'b0, ioff2} < IMEM_BYTES;
      if (end_q && !vm_busy && !ds_busy) begin
        end_q <= 1'b0; done_q <= 1'b1;
      end
      if (!run_q) begin
        // ---------------------------------------------------- load port
        if (ld_we) begin
          case (ld_sel)
            3'd1: for (int r = 0; r < 106; r++)
                    if (ld_addr == 20'(r)) sreg[32*r +: 32] <= ld_data;
            3'd2: begin
              case (ld_addr)
                20'd0: sreg[32*106 +: 32] <= ld_data;
                20'd1: sreg[32*107 +: 32] <= ld_data;
                20'd2: sreg[32*126 +: 32] <= ld_data;
                20'd3: sreg[32*127 +: 32] <= ld_data;
                20'd4: sreg[32*125 +: 32] <= ld_data;
                20'd5: scc <= ld_data[0];
                20'd6: pc[31:0] <= ld_data & ~32'd3;
                20'd7: pc[47:32] <= ld_data[15:0];
                default: begin
                  for (int n = 0; n < 16; n++)
                    if (ld_addr == 20'(16 + n)) sreg[32*(108 + n) +: 32] <= ld_data;
                  for (int n = 0; n < 64; n++)
                    if (ld_addr == 20'(64 + n)) hwreg[32*n +: 32] <= ld_data;
                end
              endcase
            end
            3'd4: case (ld_addr)
              20'd0: wave64 <= ld_data[0];
              20'd1: sgpr_lim <= (ld_data > 32'd106 || ld_data == 32'd0) ? 7'd106 : ld_data[6:0];
              20'd2: tba[31:0] <= ld_data;
              20'd3: tba[47:32] <= ld_data[15:0];
              20'd4: shmem_b <= ld_data;
              20'd5: dvgpr <= ld_data[0];
              20'd6: imem_base[31:0] <= ld_data & ~32'd3;
              20'd7: imem_base[47:32] <= ld_data[15:0];
              20'd8: dmem_base[31:0] <= ld_data & ~32'd3;
              20'd9: dmem_base[47:32] <= ld_data[15:0];
              20'd10: dmem_zero <= ld_data[0];
              20'd11: smem_defer <= ld_data[0];
              20'd12: vm_ooo <= ld_data[0];
              20'd13: dpp_fi_oor <= ld_data[0];
              20'd14: lds_bytes <= (ld_data > 32'h10000) ? 17'h10000 : ld_data[16:0];
              20'd15: qsad_clamp <= ld_data[0];
              20'd16: align_mode <= ld_data[1:0];
              20'd17: tfe_status <= ld_data[0];
              20'd18: dmem_float <= ld_data[0];
              20'd19: fmt_wrap <= ld_data[0];
              20'd20: gs_maxid <= ld_data;
              20'd21: wmma_acc <= ld_data[0];
              default: ;
            endcase
            3'd7: if (ld_addr == 20'd0)                   // the work-group's waves (README "Waves")
                    wv_n <= (ld_data == 32'd0 || ld_data > 32'(WAVES)) ? 3'(WAVES) : ld_data[2:0];
            default: ;
          endcase
        end
        if (start) begin
          run_q <= 1'b1; if_v <= 1'b1; done_q <= 1'b0; fault_q <= 1'b0; seq_q <= 64'd0; wv_sw <= 1'b0;
        end
      end else begin
        // ---------------------------------------------------- running
        if (vm_rebase) begin                              // the data window placed (README "Memories")
          dmem_base <= vm_rbaddr & ~(48'(DMEM_WORDS) * 48'd4 - 48'd1);
          dmem_float <= 1'b0;
        end
        if (e_flt) begin
          fault_q <= 1'b1; fault_pc_q <= x_pc; fault_why_q <= e_why; run_q <= 1'b0; if_v <= 1'b0; x_v <= 1'b0;
          fault_wave_q <= cw;
          sm_busy <= 1'b0; vp_q <= '0; v_exc_q <= 7'd0; vd_y <= 1'b0; wm_beat_q <= 2'd0;
        end else begin
          // vector unit passes: the last one retires (e_fin) and the next instruction starts at pass 0
          if (is_v && !v_last && !v_hold) begin
            vp_q <= vp_q + 1'b1; v_res_q <= v_res; v_co_q <= v_co; v_exc_q <= v_exc; v_resh_q <= v_resh;
          end else if (is_v && vd_x) begin                  // VOPD: X done, the Y half next
            vp_q <= '0; v_exc_q <= v_exc; x <= xy; vd_y <= 1'b1;
            vdx_we <= v_we; vdx_idx <= v_vdi; vdx_lanes <= v_lanes; vdx_new <= v_new;
          end else if (is_v && e_fin) begin
            vp_q <= '0; v_exc_q <= 7'd0; vd_y <= 1'b0;
          end
          // a WMMA/MQSAD beat before the last: its two rows of D, nothing else
          if (e_fin || wm_bt) begin                         // a retire beat: the record's header
            rt_valid   <= 1'b1;
            rt_pc      <= {16'd0, x_pc};
            rt_next_pc <= {16'd0, e_npc};
            rt_w0      <= x.w0;
            rt_w1      <= x.w1;
            rt_w2      <= x.w2;
            rt_nwords  <= x.len;
            rt_wave    <= cw;
          end
          if (wm_bt) begin
            wm_beat_q  <= wm_beat_q + 2'd1;
            rt_last    <= 1'b0;
            rt_flags   <= 5'd0;
            rt_exec_mask <= v_exec;
            rt_v_we    <= wm_lanes != 64'd0;
            rt_v_idx   <= wm_i0;
            rt_v_lanes <= wm_lanes;
            rt_v_val   <= wm_bd0;
            rt_v2_we   <= wm_lanes != 64'd0;
            rt_v2_idx  <= wm_i1;
            rt_v2_val  <= wm_bd1;
            rt_s_we <= 16'd0; rt_vcc_we <= 2'd0; rt_exec_we <= 2'd0; rt_m0_we <= 1'b0; rt_scc_we <= 1'b0;
            rt_ttmp_we <= 16'd0; rt_hw_we <= 1'b0; rt_mw_lanes <= 64'd0; rt_mw2_lanes <= 64'd0; rt_mr_n <= 8'd0;
            rt_mw_ldsl <= 64'd0; rt_mw_lds <= 1'b0;
          end
          if (e_fin) begin
            sreg <= sreg_n;
            seq_q <= seq_q + 64'd1;
            scc  <= scc_n;
            for (int i = 0; i < 64; i++)
              if (hw_we && hw_idx == 6'(i)) hwreg[32*i +: 32] <= hw_val;
            pc <= e_npc;
            rt_exec_mask <= is_v ? v_exec : 64'd1;
            rt_last    <= 1'b1;
            wm_beat_q  <= 2'd0;
            rt_v_we    <= is_v && (wm_row ? wm_lanes != 64'd0 : vd_y ? vdx_we : v_we);
            rt_v_idx   <= wm_row ? wm_i0 : vd_y ? vdx_idx : v_vdi;
            rt_v_lanes <= wm_row ? wm_lanes : vd_y ? vdx_lanes : v_lanes;
            rt_v_val   <= wm_row ? wm_bd0 : vd_y ? vdx_new : v_new;
            rt_v2_we   <= is_v && (wm_row ? wm_lanes != 64'd0 : vd_y ? v_we : v_we2);
            rt_v2_idx  <= wm_row ? wm_i1 : vd_y ? v_vdi : v_idx2;
            rt_v2_val  <= wm_row ? wm_bd1 : vd_y ? v_new : v_new2;
            rt_mw_lanes <= is_vm ? (vm_mwl | (fl_lds ? ds_mw0l : 64'd0)) : is_ds ? ds_mw0l : 64'd0;
            rt_mw_addr <= vm_mwa;
            rt_mw_size <= is_ds ? {64{ds_mws}} : vm_mws;
            rt_mw_data <= is_ds ? ds_mw0d : vm_mwd;
            for (int l = 0; l < 64; l++)
              if (is_ds || (fl_lds && ds_mw0l[l])) begin
                rt_mw_addr[48*l +: 48] <= {16'd0, ds_mw0a[32*l +: 32]};
                rt_mw_data[128*l +: 128] <= ds_mw0d[128*l +: 128];
              end
            rt_mw_lds <= is_ds;
            rt_mw_ldsl <= fl_lds ? ds_mw0l : 64'd0;
            rt_mw2_lanes <= is_ds ? ds_mw1l : 64'd0;
            rt_mw2_addr <= ds_mw1a;
            rt_mw2_data <= ds_mw1d;
            rt_mr_n    <= is_vm ? vm_mrn : 8'd0;
            rt_flags   <= 5'd0;
            rt_flags[rdna4_pkg::RF_END]    <= e_end;
            rt_flags[rdna4_pkg::RF_BRANCH] <= (e_npc != pc_fall);
            rt_flags[rdna4_pkg::RF_TRAP]   <= e_trap;
            rt_s_base  <= wb_base;
            for (int i = 0; i < 16; i++)
              rt_s_we[i] <= wm_wr[i] && ({1'b0, wb_base} + 8'(i) < 8'd106);
            rt_s_val   <= wb_data;
            rt_vcc_we  <= hit[107:106];
            rt_vcc     <= sreg_n[32*106 +: 64];
            rt_exec_we <= hit[127:126] | ex_we;
            rt_exec    <= sreg_n[32*126 +: 64];
            rt_m0_we   <= hit[125];
            rt_m0      <= sreg_n[32*125 +: 32];
            rt_scc_we  <= sc_we_eff;
            rt_scc     <= scc_n;
            rt_ttmp_we <= hit[123:108];
            rt_ttmp_val <= sreg_n[32*108 +: 512];
            rt_hw_we   <= hw_we;
            rt_hw_idx  <= hw_idx;
            rt_hw_val  <= rdna4_pkg::hw_view(hw_idx, hw_val,
                            wave64 ? (sreg_n[32*126 +: 64] == 64'd0) : (sreg_n[32*126 +: 32] == 32'd0),
                            wave64 ? (sreg_n[32*106 +: 64] == 64'd0) : (sreg_n[32*106 +: 32] == 32'd0),
                            scc_n, wave64) | wv_hwor(hw_idx, wv_multi, wv_cpl1, wv_cpl2);
            if (wv_multi) wv_sw <= 1'b1;                      // the next unit: the scheduler's wave
            if ((e_end || e_halt) && !(wv_multi && wv_more)) begin   // (another wave left: it runs on)
              run_q <= 1'b0; if_v <= 1'b0; x_v <= 1'b0;
              if (is_fl || is_ds) end_q <= 1'b1;                  // FLAT, DS: their own returns first
              else       done_q <= 1'b1;
            end
          end
          if (e_take) begin
            x_v <= 1'b1; x <= dec; x_pc <= if_pc; xy <= decy;
          end else if (e_fin) begin
            x_v <= 1'b0;
          end
          // waves (README "Waves"): a waiting S_BARRIER_WAIT leaves (pc stays on it);
          // the next wave starts, or every wave that has not ended waits: deadlock
          if (wv_blk) begin
            x_v <= 1'b0; wv_sw <= 1'b1;
          end
          if (wv_go) wv_sw <= 1'b0;
          if (wv_dl) begin
            fault_q <= 1'b1; fault_why_q <= rdna4_pkg::WHY_OPERAND; run_q <= 1'b0; if_v <= 1'b0;
            fault_wave_q <= wv_dlw; fault_pc_q <= (wv_dlw == cw) ? pc : wv_pc[wv_dlw];
          end
          // SMEM sequencer
          if (sm_start) begin
            sm_busy <= 1'b1; sm_c <= 5'd0; sm_wa <= sm_off[DAW+1:2]; sm_boff <= sm_addr[1:0];
            sm_inr <= a_inr & ~a_out; sm_wmask <= a_wmask;
          end else if (sm_busy) begin
            sm_buf <= sm_data;
            if (e_fin) sm_busy <= 1'b0;
            else       sm_c <= sm_c + 5'd1;
          end
        end
        // SMEM return: the head's data overwrite the registers (after the write
        // of an instruction retiring in the same cycle, which is younger than
        // the load's issue but older than its return) and go out on kw_*
        if (kq_pop) begin
          for (int r = 0; r < 128; r++)
            for (int i = 0; i < 16; i++)
              if (kq_mask[i] && {1'b0, kq_base[6:0]} + 8'(i) == 8'(r))
                sreg[32*r +: 32] <= kq_data[32*i +: 32];
          kw_valid <= 1'b1; kw_tag <= kq_tag[63:0]; kw_base <= kq_base[6:0];
          kw_we <= kq_mask[15:0]; kw_val <= kq_data[511:0];
        end
        kq_n <= kq_n_n; kq_base <= kq_base_n; kq_mask <= kq_mask_n; kq_data <= kq_data_n;
        kq_tag <= kq_tag_n; kq_two <= kq_two_n; kq_t <= kq_t_n;
      end
      if (wv_swap) begin                               // another wave's state (README "Waves")
        sreg <= wv_sreg[wv_dst]; hwreg <= wv_hw[wv_dst]; scc <= wv_scc[wv_dst]; pc <= wv_pc[wv_dst];
        seq_q <= wv_seq[wv_dst]; cw <= wv_dst;
      end
    end
  end

  assign running  = run_q;
  assign done     = done_q;
  assign fault    = fault_q;
  assign fault_pc = {16'd0, fault_pc_q};
  assign fault_why = fault_why_q;
  assign fault_wave = fault_wave_q;
  assign cur_wave = cw;
endmodule
