`include "rtl/rdna4/rdna4_pkg.sv"
// rdna4_vmem.sv - the vector memory unit of the RDNA4 core: GLOBAL, SCRATCH
// and FLAT loads, stores and atomics, the global cache controls, the load
// queue (LOADcnt) and the store counter (STOREcnt).  FLAT's LDS lanes go to
// rdna4_lds.sv (f_* ports: their DS opcode, lanes and LDS addresses).  Microarchitecture, timing, ports and what it does
// not do yet: rtl/rdna4/README.md "Vector memory".
//
// Access engine (the instruction in EX): the active lanes one after the other
// (lowest first); a lane's access of n bytes at window offset `off` touches
// k = (off[1:0] + n + 3) / 4 data-memory words, one per cycle.  A load takes
// k + 1 cycles per lane (synchronous read, captured the cycle after), a store
// k cycles (one byte-enabled word write each).  The load's data wait in the
// engine's result rows until the instruction retires; they then join the load
// queue.
//
// Load queue: VMQ entries, each a retired load (or GLOBAL_INV) with its tag,
// destination, lanes, written bits and data rows.  An entry returns VM_LAT
// cycles (plus, with `ooo`, 0-15 more drawn from an LFSR) after it retired, one
// VGPR row per cycle on the rw_* port; the core merges it into the VGPR and
// reports it as a deferred write-back.  In order (ooo = 0) only the oldest
// entry returns; out of order (ooo = 1) any ready entry whose destination rows
// do not overlap those of an older entry still to return.  LOADcnt counts the
// entries from the oldest not yet returned (the counter decrements in order,
// rdna4 L2174), so a younger load's VGPRs may be written before an older one's
// while s_wait_loadcnt keeps its meaning.
module rdna4_vmem #(
  parameter int DMEM_WORDS = 16384,   // the core's data-memory window (words)
  parameter int VMQ        = 8,       // load-queue entries (1..15)
  parameter int VM_LAT     = 16,      // cycles from a load's retire to its return (1..200)
  parameter int SQN        = 8,       // stores outstanding (1..15)
  parameter int ST_LAT     = 8        // cycles from a store's retire to its completion (1..255)
) (
  input  logic          clk,
  input  logic          rst_n,
  // the instruction in EX
  input  logic          go,          // a decoded VGLOBAL instruction is in EX
  input  logic          fin,         // it retires this cycle
  input  logic [7:0]    op,
  input  logic [31:0]   w0,
  input  logic [31:0]   w1,
  input  logic [31:0]   w2,
  input  logic          wave64,
  input  logic [63:0]   exec,
  input  logic [63:0]   sbase,       // the SGPR pair of SADDR (NULL: 0)
  input  logic [127:0]  vsh,         // VBUFFER: the V# (SGPRs RSRC .. RSRC + 3)
  input  logic [31:0]   ssv,         // SCRATCH: the SGPR of SADDR (NULL: 0)
  input  logic [47:0]   scr_base,    // SCRATCH: SCRATCH_BASE (hwreg 20, 21)
  input  logic [2047:0] va0,         // VGPR VADDR, lane l at [32*l +: 32]
  input  logic [2047:0] va1,         // VGPR VADDR + 1
  input  logic [8191:0] vdat,        // VGPRs VSRC .. VSRC + 3 (row r at [2048*r +: 2048])
  input  logic [47:0]   dmem_base,
  input  logic          dmem_zero,   // words outside the window read 0 (else: fault)
  input  logic [15:0]   shb,         // FLAT apertures: SH_MEM_BASES shared_base (LDS) ...
  input  logic [15:0]   pvb,         // ... and private_base (scratch)
  input  logic [5:0]    mdscnt,      // DScnt as the model counts it (FLAT's skip decision)
  input  logic          ooo,         // out-of-order returns
  input  logic [1:0]    align,       // SH_MEM_CONFIG.alignment_mode: 0 DWORD, 1 DWORD_STRICT, 2 STRICT, 3 UNALIGNED
  input  logic          tfe_on,      // BUFFER loads with TFE write their status DWORD (model config tfe_status)
  input  logic          int_wrap,    // FORMAT integer narrowing keeps the low bits (model config fmt_int_wrap)
  input  logic [31:0]   gs_maxid,    // ORDERED_ADD: VGT_GS_MAX_WAVE_ID (model config gs_max_wave_id)
  input  logic [31:0]   m0,          // block loads and stores: the DWORDs M0 selects
  input  logic [2047:0] bsrc,        // block stores: VGPR bs_row (all lanes)
  output logic [7:0]    bs_row,
  input  logic          dfloat,      // the data window is not placed yet: the first access places it
  output logic          rebase,      // place it now: the window holding rb_addr
  output logic [47:0]   rb_addr,
  output logic          blk_out,     // a block load is outstanding (the core holds VMEM and SMEM issue)
  input  logic [63:0]   seq,         // sequence number of the instruction (its tag)
  // data-memory port of the core
  output logic [$clog2(DMEM_WORDS)-1:0] dm_ra,
  input  logic [31:0]   dm_rd,       // word dm_ra of the previous cycle
  output logic          dm_we,
  output logic [$clog2(DMEM_WORDS)-1:0] dm_wa,
  output logic [3:0]    dm_be,
  output logic [31:0]   dm_wd,
  // to the core
  output logic          done,        // the instruction may retire this cycle
  output logic          flt,         // it faults (why)
  output logic [3:0]    why,
  output logic          busy,        // loads or stores outstanding
  output logic [5:0]    loadcnt,
  output logic [5:0]    storecnt,
  // the retiring instruction for the model's counters (rdna4_mcnt)
  input  logic [5:0]    mldcnt,      // LOADcnt as the model counts it (rdna4_mcnt): the skip decision
  output logic          mc_push,     // it counts on LOADcnt ...
  output logic          mc_any,      // ... whatever LOADcnt (else only while it is not 0)
  output logic [5:0]    mc_nreg,     // its data rows (a block load: up to 32)
  // memory writes of a retiring store: lane l writes mw_size[5*l +: 5] bytes at mw_addr[l]
  // (the same size in every lane but a BUFFER store's lane partly in range: its DWORDs in range)
  output logic [63:0]   mw_lanes,
  output logic [3071:0] mw_addr,     // lane l at [48*l +: 48]
  output logic [319:0]  mw_size,
  output logic [8191:0] mw_data,     // lane l at [128*l +: 128], byte i in bits 8i+7:8i
  // memory writes of a retiring SCRATCH store: runs 0 .. mr_n - 1, run i of lane
  // mr_lane[6*i +: 6] wrote mr_size[5*i +: 5] bytes mr_data[128*i +: 128] at mr_addr[48*i +: 48]
  // (held from the store's retire until the next SCRATCH store writes)
  output logic [7:0]    mr_n,
  output logic [6143:0] mr_addr,
  output logic [767:0]  mr_lane,
  output logic [639:0]  mr_size,     // (block stores: a run of up to 16 bytes at mr_size[5*i +: 5], data at
  output logic [16383:0] mr_data,    //  mr_data[128*i +: 128])
  output logic          memviol,     // a misaligned access (atomic; modes 1, 2): MEMVIOL, nothing accessed
  output logic [1:0]    mv_src,      // its first_memviol_source (3 VMEM, 2 LDS)
  output logic          mv_post,     // FLAT: a lane in the hole: MEMVIOL after the access
  // FLAT's LDS lanes, executed by rdna4_lds as the DS instruction f_dsop
  output logic [7:0]    f_dsop,
  output logic [63:0]   f_ldsl,      // the LDS lanes (EXEC)
  output logic [2047:0] f_dsa,       // lane l's LDS address at [32*l +: 32]
  output logic          f_dspush,    // the DS entry counts (DScnt)
  // load return: VGPR rw_row, lanes rw_lanes, bits rw_bits of each lane from rw_data
  input  logic          hold,        // the core writes that VGPR this cycle: return next cycle
  output logic [7:0]    rw_row_q,    // the row the next return would write (for hold)
  output logic          rw_valid,
  output logic [7:0]    rw_row,
  output logic [63:0]   rw_lanes,
  output logic [31:0]   rw_bits,
  output logic [63:0]   rw_tag,
  output logic [2047:0] rw_data
);
  localparam int DAW = $clog2(DMEM_WORDS);
  localparam int ROWS = 14;                         // data rows outstanding at most: the model's
                                                    // RDNA4_VM_MAXREG, so it never completes a load
                                                    // the unit has not returned
  if (VMQ < 1 || VMQ > 15) begin : g_bad_vmq
    $fatal(1, "rdna4_vmem: VMQ must be 1..15");
  end
  if (VM_LAT < 1 || VM_LAT > 200) begin : g_bad_lat
    $fatal(1, "rdna4_vmem: VM_LAT must be 1..200");
  end
  if (SQN < 1 || SQN > 15 || ST_LAT < 1 || ST_LAT > 255) begin : g_bad_sq
    $fatal(1, "rdna4_vmem: SQN must be 1..15, ST_LAT 1..255");
  end

  // ------------------------------------------------------------ the row
  logic        k_ld, k_st, k_inv, k_wb, k_tid, k_sign;
  logic        k_at, k_rtn, k_w64;                   // integer atomic, TH[0] RETURN, 64-bit
  logic        scr, fl;                              // SCRATCH (SEG w0[25:24] = 1; GLOBAL 2; FLAT 0)
  logic        bf;                                   // VBUFFER ([31:26] = 0x31; README "BUFFER")
  assign bf  = (w0[31:26] == 6'h31);
  logic [3071:0] e_ba;                               // BUFFER: lane l's address (set as the engine reaches it)
  logic [63:0]   e_bh;                               // BUFFER: lane l wholly out of range (accesses nothing)
  logic [319:0]  e_bn;                               // BUFFER: the bytes lane l accesses (in range)
  logic [255:0]  b_lo;                               // BUFFER: address bits 3:0 of every lane (alignment)
  // BUFFER FORMAT / TBUFFER (README "BUFFER formats"): the conversions in rdna4_vfmt
  logic        k_fm, k_typ, k_ord;                   // format row, TBUFFER; GLOBAL_ATOMIC_ORDERED_ADD_B64
  logic [1:0]  k_fd16;                               // format: 0 32-bit, 1 D16, 2 D16_HI
  logic [2:0]  k_fnc;                                // format: the instruction's components
  logic [7:0]  k_fo;                                 // format: the opcode without the TBUFFER bit
  logic [31:0] k_qb;                                 // the bits a load's data rows write
  logic [6:0]  vf_fmt;
  logic        vf_unb, vf_ok;
  logic [4:0]  vf_nb;
  logic [1:0]  vf_al;
  logic [127:0] vf_ld, vf_st, vf_vd;
  assign scr = !bf && (w0[25:24] == 2'd1);
  assign fl  = !bf && (w0[25:24] == 2'd0);
  logic [4:0]  k_aop;                                // its operation (rdna4_pkg::atomic_int)
  logic [2:0]  k_fat;                                // float atomic (rdna4_fatomic): 1 MIN_NUM_F32,
                                                     // 2 MAX_NUM_F32, 3 ADD_F32, 4 PK_ADD_F16, 5 PK_ADD_BF16
  logic [1:0]  k_half;                               // 0 whole, 1 D16 (15:0), 2 D16_HI (31:16)
  logic [4:0]  k_n;                                  // bytes per lane
  logic [2:0]  k_nreg;
  // GLOBAL_/SCRATCH_LOAD_BLOCK (83) and _STORE_BLOCK (84) (rdna4 §11.5 L5537-5583, model
  // D40): for n = 0..31 with M0[n] set, VGPR VDATA + n moves to or from the DWORD at the
  // lane's B32 address + 4n; one lane at a time, one DWORD per cycle (README "Blocks")
  logic        k_blk;
  always_comb begin
    k_ld = 1'b0; k_st = 1'b0; k_inv = 1'b0; k_wb = 1'b0; k_tid = 1'b0; k_sign = 1'b0;
    k_half = 2'd0; k_n = 5'd4; k_nreg = 3'd1;
    // GLOBAL_ATOMIC_* (ops 51-77, 80; rdna4 L30300-30760): the operation as the DS
    // opcode of the 32-bit non-returning form (rdna4_pkg::atomic_int)
    k_at = 1'b0; k_w64 = 1'b0; k_aop = 5'd0;
    case (op)
      8'd51, 8'd65: k_aop = 5'd13;                                      // SWAP
      8'd52, 8'd66: k_aop = 5'd16;                                      // CMPSWAP
      8'd53, 8'd67: k_aop = 5'd0;                                       // ADD
      8'd54, 8'd68: k_aop = 5'd1;                                       // SUB
      8'd55:        k_aop = 5'd27;                                      // SUB_CLAMP_U32
      8'd56, 8'd69: k_aop = 5'd5;                                       // MIN_I
      8'd57, 8'd70: k_aop = 5'd7;                                       // MIN_U
      8'd58, 8'd71: k_aop = 5'd6;                                       // MAX_I
      8'd59, 8'd72: k_aop = 5'd8;                                       // MAX_U
      8'd60, 8'd73: k_aop = 5'd9;                                       // AND
      8'd61, 8'd74: k_aop = 5'd10;                                      // OR
      8'd62, 8'd75: k_aop = 5'd11;                                      // XOR
      8'd63, 8'd76: k_aop = 5'd3;                                       // INC
      8'd64, 8'd77: k_aop = 5'd4;                                       // DEC
      8'd80:        k_aop = 5'd26;                                      // COND_SUB_U32
      default: ;
    endcase
    case (op)
      8'd81: k_fat = 3'd1;                                              // MIN_NUM_F32
      8'd82: k_fat = 3'd2;                                              // MAX_NUM_F32
      8'd86: k_fat = 3'd3;                                              // ADD_F32
      8'd89: k_fat = 3'd4;                                              // PK_ADD_F16
      8'd90: k_fat = 3'd5;                                              // PK_ADD_BF16
      default: k_fat = 3'd0;
    endcase
    if ((op >= 8'd51 && op <= 8'd77) || op == 8'd80 || k_fat != 3'd0) begin
      k_at = 1'b1;
      k_w64 = (op >= 8'd65 && op <= 8'd77);
    end
    k_rtn = k_at && w1[20];                                             // TH[0]: TH_ATOMIC_RETURN
    if (k_w64) begin k_n = 5'd8; k_nreg = 3'd2; end
    case (op)
      8'd16: begin k_ld = 1'b1; k_n = 5'd1; end                         // LOAD_U8
      8'd17: begin k_ld = 1'b1; k_n = 5'd1; k_sign = 1'b1; end          // LOAD_I8
      8'd18: begin k_ld = 1'b1; k_n = 5'd2; end                         // LOAD_U16
      8'd19: begin k_ld = 1'b1; k_n = 5'd2; k_sign = 1'b1; end          // LOAD_I16
      8'd20: k_ld = 1'b1;                                               // LOAD_B32
      8'd21: begin k_ld = 1'b1; k_n = 5'd8; k_nreg = 3'd2; end          // LOAD_B64
      8'd22: begin k_ld = 1'b1; k_n = 5'd12; k_nreg = 3'd3; end         // LOAD_B96
      8'd23: begin k_ld = 1'b1; k_n = 5'd16; k_nreg = 3'd4; end         // LOAD_B128
      8'd24: begin k_st = 1'b1; k_n = 5'd1; end                         // STORE_B8
      8'd25: begin k_st = 1'b1; k_n = 5'd2; end                         // STORE_B16
      8'd26: k_st = 1'b1;                                               // STORE_B32
      8'd27: begin k_st = 1'b1; k_n = 5'd8; k_nreg = 3'd2; end          // STORE_B64
      8'd28: begin k_st = 1'b1; k_n = 5'd12; k_nreg = 3'd3; end         // STORE_B96
      8'd29: begin k_st = 1'b1; k_n = 5'd16; k_nreg = 3'd4; end         // STORE_B128
      8'd30: begin k_ld = 1'b1; k_n = 5'd1; k_half = 2'd1; end          // LOAD_D16_U8
      8'd31: begin k_ld = 1'b1; k_n = 5'd1; k_half = 2'd1; k_sign = 1'b1; end   // LOAD_D16_I8
      8'd32: begin k_ld = 1'b1; k_n = 5'd2; k_half = 2'd1; end          // LOAD_D16_B16
      8'd33: begin k_ld = 1'b1; k_n = 5'd1; k_half = 2'd2; end          // LOAD_D16_HI_U8
      8'd34: begin k_ld = 1'b1; k_n = 5'd1; k_half = 2'd2; k_sign = 1'b1; end   // LOAD_D16_HI_I8
      8'd35: begin k_ld = 1'b1; k_n = 5'd2; k_half = 2'd2; end          // LOAD_D16_HI_B16
      8'd36: begin k_st = 1'b1; k_n = 5'd1; k_half = 2'd2; end          // STORE_D16_HI_B8
      8'd37: begin k_st = 1'b1; k_n = 5'd2; k_half = 2'd2; end          // STORE_D16_HI_B16
      8'd40: begin k_ld = 1'b1; k_tid = 1'b1; end                       // LOAD_ADDTID_B32
      8'd41: begin k_st = 1'b1; k_tid = 1'b1; end                       // STORE_ADDTID_B32
      8'd43: k_inv = 1'b1;                                              // GLOBAL_INV (LOADcnt)
      8'd44, 8'd79: k_wb = 1'b1;                                        // GLOBAL_WB, WBINV (STOREcnt)
      default: ;                                                        // atomics; ORDERED_ADD,
    endcase                                                             // block, transpose: fault
    if (scr && !(op >= 8'd16 && op <= 8'd37)) begin                     // SCRATCH: loads and stores
      k_ld = 1'b0; k_st = 1'b0; k_at = 1'b0; k_rtn = 1'b0; k_fat = 3'd0; // only (and BLOCK below)
    end
    k_blk = !bf && !fl && (op == 8'd83 || op == 8'd84);
    if (k_blk) begin                                                    // BLOCK: a B32 row's address
      k_ld = (op == 8'd83); k_st = (op == 8'd84);
    end
    if ((fl || bf) && (op == 8'd40 || op == 8'd41 || op == 8'd43 || op == 8'd44 || op == 8'd79)) begin
      k_ld = 1'b0; k_st = 1'b0; k_inv = 1'b0; k_wb = 1'b0; k_tid = 1'b0;   // FLAT, BUFFER: no ADDTID, no
    end                                                                  // cache controls (fault)
    // GLOBAL_ATOMIC_ORDERED_ADD_B64 (VGLOBAL only; L30744-30760, model D37)
    k_ord = (op == 8'd115) && !bf && !fl && !scr;
    if (k_ord) begin k_at = 1'b1; k_w64 = 1'b1; k_n = 5'd8; k_nreg = 3'd2; k_rtn = w1[20]; end
    // BUFFER_LOAD/STORE_FORMAT_* (0-15, D16_HI 38, 39) and TBUFFER_* (128-143): components
    // (op[1:0] + 1; D16_HI X), D16 (8-15), the element's bytes from the format (rdna4_vfmt)
    k_fo = op[7] ? op - 8'd128 : op;
    k_fm = bf && (op <= 8'd15 || op == 8'd38 || op == 8'd39 || (op >= 8'd128 && op <= 8'd143));
    k_typ = op[7];
    k_fnc = (k_fo >= 8'd38) ? 3'd1 : {1'b0, k_fo[1:0]} + 3'd1;
    k_fd16 = (k_fo >= 8'd38) ? 2'd2 : (k_fo >= 8'd8) ? 2'd1 : 2'd0;
    if (k_fm) begin
      k_ld = (k_fo <= 8'd3) || (k_fo >= 8'd8 && k_fo <= 8'd11) || k_fo == 8'd38;
      k_st = !k_ld;
      k_n = vf_nb;
      k_nreg = (k_fd16 != 2'd0) ? 3'({1'b0, k_fnc} + 4'd1 >> 1) : k_fnc;
    end
    k_qb = (k_half == 2'd1) ? 32'h0000ffff : (k_half == 2'd2) ? 32'hffff0000 : 32'hffffffff;
    if (k_fm) k_qb = (k_fd16 == 2'd2) ? 32'hffff0000 : (k_fd16 == 2'd1 && k_fnc == 3'd1) ? 32'h0000ffff : 32'hffffffff;
  end

  // Fields (model/rdna4/rdna4.def VGLOBAL): SADDR w0[6:0], VDST w1[7:0], TH
  // w1[22:20], VSRC w1[30:23], VADDR w2[7:0], IOFFSET w2[31:8] (signed).
  logic [7:0]  f_vd;
  logic [63:0] ioff;
  logic        gv;
  assign f_vd = w1[7:0];
  assign ioff = bf ? {40'd0, w2[31:8]} : {{40{w2[31]}}, w2[31:8]};   // BUFFER: unsigned (bit 23 0)
  assign gv   = (w0[6:0] == rdna4_pkg::SRC_NULL[6:0]);

  // Lanes: EXEC (wave32: its low half); a load whose destination runs past
  // v255 executes no lane (rdna4 L906, as the model).
  // FLAT (rdna4 §11.2 L5497-5514, model D14/D23): lane l's aperture by its VGPR
  // address before IOFFSET: LDS if ADDR[63:32] == {shared_base, 16'0}, else
  // scratch if == {private_base, 16'0}, else the hole if ADDR[63:47] is neither
  // all 0 nor all 1 (loads 0, stores dropped, MEMVIOL after the access), else
  // global.  The unit's engine runs the global, scratch and hole lanes (`lanes`),
  // rdna4_lds the LDS lanes (`ldsl`); `lall` are both.
  logic [63:0] exl, lall, lanes, ldsl, f_prv, f_hole;
  logic [16:0] k_ldm;                                // FLAT's LDS lanes: address bits cleared (D21)
  logic [31:0] f_hi;
  logic [31:0] f_lo;
  always_comb begin
    // alignment modes 0-2 clear an LDS load's or store's bits below its native
    // alignment (B16 2, B32 4, B64 8, B96/B128 16; model rdna4_lds_align); atomics
    // are checked instead
    k_ldm = 17'd0;
    if (align != 2'd3 && !k_at)
      k_ldm = (k_n == 5'd2) ? 17'd1 : (k_n == 5'd4) ? 17'd3 : (k_n == 5'd8) ? 17'd7 : (k_n == 5'd1) ? 17'd0 : 17'd15;
    exl = wave64 ? exec : {32'd0, exec[31:0]};
    lall = exl;
    if ((k_ld || k_rtn) && {1'b0, f_vd} + {6'd0, k_nreg} > 9'd256) lall = 64'd0;
    // BUFFER: a load's tuple with TFE (w0[22]) has one more VGPR, the status DWORD, which
    // the model writes only with its config tfe_status (not handed to the core: never);
    // atomics: the data (CMPSWAP: and the compare value) run past v255: no lane
    if (bf && k_ld && w0[22] && {1'b0, f_vd} + {6'd0, k_nreg} + 9'd1 > 9'd256) lall = 64'd0;
    if (bf && k_at && {1'b0, f_vd} + {6'd0, k_nreg} + ((k_aop == 5'd16 && k_fat == 3'd0) ? {6'd0, k_nreg} : 9'd0) > 9'd256)
      lall = 64'd0;
    ldsl = 64'd0; f_prv = 64'd0; f_hole = 64'd0; f_dsa = '0;
    for (int l = 0; l < 64; l++) begin
      f_hi = va1[32*l +: 32];
      f_lo = va0[32*l +: 32] + ioff[31:0];
      f_dsa[32*l +: 32] = {15'd0, f_lo[16:0] & ~k_ldm};
      if (fl) begin
        if (f_hi == {shb, 16'd0})      ldsl[l] = 1'b1;
        else if (f_hi == {pvb, 16'd0}) f_prv[l] = 1'b1;
        else if (f_hi[31:15] != 17'd0 && f_hi[31:15] != 17'h1ffff) f_hole[l] = 1'b1;
      end
    end
    lanes = lall & ~ldsl;
  end
  assign f_ldsl = exl & ldsl;

  // Blocks (model D40): DWORD n moves when M0[n] is set; a load DWORD whose VGPR is past
  // v255 is ignored (L5575-5578), a store DWORD's reads VGPR0 (L5580-5582).  A load's
  // rows run to its last selected DWORD (the model's nreg; the rows between are skipped)
  logic [31:0] k_bsel;
  logic [5:0]  k_bnr;
  always_comb begin
    k_bsel = m0; k_bnr = 6'd0;
    for (int n = 0; n < 32; n++) begin
      if (k_ld && {1'b0, f_vd} + 9'(n) > 9'd255) k_bsel[n] = 1'b0;
      if (k_bsel[n]) k_bnr = 6'(n + 1);
    end
  end

  // Per-lane addresses (48 bits, rdna4 §11.2 L5437-5470): GV VGPR pair +
  // IOFFSET; GVS SGPR pair + zext(VGPR) + IOFFSET; ADDTID SGPR pair + IOFFSET +
  // 4 * laneId.  Store data: VSRC.. as bytes (D16_HI: bits 31:16 of each).
  logic [63:0] a64;                                  // bits 63:48 dropped (48-bit addresses)
  logic [4095:0] e_anew;                             // atomics: lane l's new value at [64*l +: 64]
  logic [31:0] sd0, sd1, sd2, sd3;
  logic [127:0] sbytes, nmask;
  // Alignment (SH_MEM_CONFIG.alignment_mode, model D17, §9.5 L4538-4561) of a
  // GLOBAL lane, a FLAT global or hole lane (SCRATCH and FLAT's private lanes are
  // exempt; FLAT's LDS lanes: k_ldm): loads and stores in mode 0 clear the bits
  // below min(size, 4), in mode 1 a set one is MEMVIOL (k_a1), in mode 2 one below
  // the size's largest power-of-two divisor (k_a2); atomics (payload-aligned, k_aa)
  // clear them in mode 0, else MEMVIOL
  logic [3:0] k_a1, k_a2, k_aa, k_am;
  logic [63:0] mv_a;                                 // lanes misaligned in mode 1 / 2 (loads, stores)
  always_comb begin
    k_a1 = (k_n >= 5'd4) ? 4'd3 : (k_n == 5'd2) ? 4'd1 : 4'd0;
    k_a2 = (k_n == 5'd16) ? 4'd15 : (k_n == 5'd8) ? 4'd7 : (k_n == 5'd2) ? 4'd1 : (k_n == 5'd1) ? 4'd0 : 4'd3;
    k_aa = k_w64 ? 4'd7 : 4'd3;
    k_am = 4'd0;                                     // mode 0: bits cleared
    if (align == 2'd0 && !scr) k_am = k_at ? k_aa : (k_ld || k_st) ? k_a1 : 4'd0;
  end
  always_comb begin
    nmask = ~(128'hffffffff_ffffffff_ffffffff_ffffffff << (8 * k_n));
    mv_a = 64'd0;
    for (int l = 0; l < 64; l++) begin
      if (k_tid)   a64 = sbase + ioff + 64'(4 * l);
      else if (gv) a64 = {va1[32*l +: 32], va0[32*l +: 32]} + ioff;
      else         a64 = sbase + {32'd0, va0[32*l +: 32]} + ioff;
      if ((k_ld || k_st) && !k_at && !scr && !bf && !ldsl[l] && !f_prv[l] &&
          ((align == 2'd1 && (a64[3:0] & k_a1) != 4'd0) || (align == 2'd2 && (a64[3:0] & k_a2) != 4'd0)))
        mv_a[l] = 1'b1;
      if (!ldsl[l] && !f_prv[l]) a64[3:0] = a64[3:0] & ~k_am;
      mw_addr[48*l +: 48] = bf ? e_ba[48*l +: 48] : a64[47:0];
      sd0 = vdat[32*l +: 32];
      sd1 = vdat[2048 + 32*l +: 32];
      sd2 = vdat[4096 + 32*l +: 32];
      sd3 = vdat[6144 + 32*l +: 32];
      if (k_half == 2'd2) sd0 = {16'd0, sd0[31:16]};
      sbytes = {sd3, sd2, sd1, sd0} & nmask;
      mw_data[128*l +: 128] = k_fm ? {e_res[6144 + 32*l +: 32], e_res[4096 + 32*l +: 32], e_res[2048 + 32*l +: 32],
                                      e_res[32*l +: 32]} & nmask :
                              k_at ? {64'd0, e_anew[64*l +: 64]} : sbytes;
    end
  end
  always_comb
    for (int l = 0; l < 64; l++) mw_size[5*l +: 5] = bf ? e_bn[5*l +: 5] : k_n;
  assign mw_lanes = ((k_st || k_at) && !scr && !k_blk && !memviol) ? (lanes & ~f_prv & ~f_hole & ~(bf ? e_bh : 64'd0)) : 64'd0;

  // MEMVIOL (rdna4 L4561, model vm_prepare): a GLOBAL atomic with an active lane
  // (EXEC) whose address is not payload-aligned (mode 0: aligned above), or a load
  // or store misaligned in mode 1 or 2 (mv_a), accesses nothing and ends the
  // program once the older loads returned (the core flags EXCP_FLAG_PRIV.MEMVIOL,
  // first source 3 = VMEM).
  // FLAT (model vmem_atomic, §9.5 L4552): its global and hole lanes first (source
  // 3), then the lowest LDS or scratch lane misaligned (source 2 LDS, 3 scratch).
  logic mv_g, mv_l;
  always_comb begin
    mv_g = ((exl & mv_a) != 64'd0); mv_l = 1'b0; mv_src = 2'd3;
    for (int l = 0; l < 64; l++)
      if (exl[l] && !ldsl[l] && !f_prv[l] && k_at && !scr && !bf &&
          (k_w64 ? mw_addr[48*l +: 3] : {1'b0, mw_addr[48*l +: 2]}) != 3'd0)
        mv_g = 1'b1;
    // BUFFER (model buf_align): the low address bits of every lane: atomics payload-aligned
    // (align_mode 0: cleared instead), untyped loads and stores by align_mode 1 / 2 as
    // GLOBAL's, FORMAT / TBUFFER to the component (packed: element) size in every mode
    for (int l = 0; l < 64; l++)
      if (lall[l] && bf &&
          ((k_at && align != 2'd0 && (b_lo[4*l +: 4] & k_aa) != 4'd0) ||
           (k_fm && (b_lo[4*l +: 2] & vf_al) != 2'd0) ||
           (!k_at && !k_fm && (k_ld || k_st) &&
            ((align == 2'd1 && (b_lo[4*l +: 4] & k_a1) != 4'd0) || (align == 2'd2 && (b_lo[4*l +: 4] & k_a2) != 4'd0)))))
        mv_g = 1'b1;
    for (int l = 63; l >= 0; l--)
      if (lall[l] && (ldsl[l] || f_prv[l]) && k_at &&
          (k_w64 ? mw_addr[48*l +: 3] : {1'b0, mw_addr[48*l +: 2]}) != 3'd0) begin
        mv_l = 1'b1;
        mv_src = (!mv_g && ldsl[l]) ? 2'd2 : 2'd3;
      end
    memviol = go && (mv_g || mv_l);
  end
  assign mv_post = go && fl && !memviol && ((exl & f_hole) != 64'd0);

  // ------------------------------------------------------------ engine
  logic [1:0]    e_st;                               // 0 idle, 1 lanes, 2 finished
  logic [63:0]   e_rem;                              // lanes still to access
  logic [2:0]    e_c;                                // word cycle within the lane
  logic [159:0]  e_buf;                              // the lane's words
  logic [8191:0] e_res;                              // result rows (row r, lane l at [2048*r + 32*l +: 32])
  logic          e_pin;                              // the word read last cycle lies in the window
  logic [5:0]    cl;                                 // current lane
  logic [47:0]   c_addr, c_off;
  logic [47:0]   c_wi;                               // word of this cycle (window offset / 4)
  logic          c_in;
  logic [2:0]    c_k;                                // words of the lane
  logic [5:0]    c_kb;
  logic [159:0]  c_buf, c_sh;
  logic [127:0]  c_bytes;
  logic [19:0]   c_be;
  logic [31:0]   c_word;
  logic [127:0]  c_d;                                // the lane's result DWORDs
  logic          c_last;                             // last cycle of the lane
  logic [63:0]   rem_n;
  logic [2:0]    c_wo;                               // word of the lane this cycle
  logic [5:0]    e_bc;                               // block: the DWORD of the lane this cycle (load: read)
  logic [5:0]    c_wj;                               // word of the lane this cycle (block: e_bc)
  logic          c_need;                             // block: this DWORD moves (others: every word)
  logic          rb;                                 // the window is placed this cycle (no access)
  logic [2047:0] bk_dat [32];                        // block load: row n, lane l at [32*l +: 32]
  logic [31:0]   bk_sel;                             // the outstanding block load's DWORDs
  logic          c_aw, c_mis;                        // atomic: write phase; misaligned
  logic [63:0]   c_tmp, c_s, c_s2, c_aint, c_anew;
  logic [31:0]   c_fat;                              // float atomic: the new value (rdna4_fatomic)
  // SCRATCH (rdna4 L5472-5480, §9.4.2; model swz, README D6): the lane's private
  // offset o = sext(SGPR[SADDR]) + sext(VGPR[VADDR]) (SVE, w1[17]) + sext(IOFFSET),
  // non-negative; byte o of lane l at SCRATCH_BASE + (o / 4) * W * 4 + 4 * l + o % 4
  // (W the wave size): with SCRATCH_BASE DWORD-aligned, word j of the lane's
  // access is the DWORD at SCRATCH_BASE + (o / 4 + j) * 4W + 4l, its bytes as a
  // GLOBAL access's at a window offset with the low bits o % 4
  logic [63:0]   c_so;                               // the lane's private offset
  logic [47:0]   c_se, c_sa, c_sw;                   // its element o / 4 + j, word address, window offset
  logic [1:0]    c_b;                                // the access's first byte in its first word
  logic [3:0]    c_fb;                               // store: first byte written in the word
  logic [2:0]    c_nb;                               // and bytes written
  logic          c_scr, c_hole;                      // the lane is a scratch (FLAT: private) / hole lane

  always_comb begin
    cl = 6'd0;
    for (int l = 63; l >= 0; l--)
      if (e_rem[l]) cl = 6'(l);
  end

  // ------------------------------------------------------------ BUFFER
  // VBUFFER (rdna4 chapter 9, model rdna4_exec_buffer.c, D28-D32): the V# in
  // vsh (base [47:0], stride [61:48] x stride_scale [115:114], swizzle_enable
  // [63:62], num_records [95:64], format [113:108], index_stride [118:117],
  // add_tid [119], OOB_SELECT [125:124], type [127:126]); SOFFSET in ssv.
  // index = (IDXEN ? VGPR[VADDR] : 0) + (add_tid ? lane : 0), offset = (OFFEN ?
  // VGPR[VADDR + IDXEN] : 0) + IOFFSET; the address of the lane in the engine
  // (cl) linear base + SOFFSET + offset + stride * index or swizzled (§9.4.2).
  // Range check (Table 56) per DWORD for untyped B64-B128 (the DWORDs in range
  // are a prefix: every bound grows with the offset), all or nothing for the
  // others: b_n bytes of the lane are accessed (0: none, the lane reads 0 and
  // writes nothing, as FLAT's hole lanes).
  logic [31:0] bv0, bv1, bv2, bv3, b_str, b_idx, b_ofs, b_tot, b_imsb, b_ilsb, b_omsb, b_olsb;
  logic [31:0] b_elem, b_ist;
  logic [3:0]  bl_idx, bl_ofs, bl_tot, b_adj, b_am;
  logic [63:0] b_bo, b_o;
  logic [47:0] b_addr;
  logic [4:0]  b_n, b_pw;
  logic [2:0]  b_nd, b_nk;
  logic        b_unb, b_swz, b_cross;
  logic [3:0]  b_oob;
  always_comb begin
    bv0 = vsh[31:0]; bv1 = vsh[63:32]; bv2 = vsh[95:64]; bv3 = vsh[127:96];
    case (bv3[19:18])
      2'd0: b_str = {18'd0, bv1[29:16]};
      2'd1: b_str = {16'd0, bv1[29:16], 2'd0};
      2'd2: b_str = {15'd0, bv1[29:16], 3'd0};
      default: b_str = {13'd0, bv1[29:16], 5'd0};
    endcase
    b_swz  = (bv1[31:30] != 2'd0);
    b_elem = (bv1[31:30] == 2'd3) ? 32'd16 : 32'd4;
    b_ist  = 32'd8 << bv3[22:21];
    b_unb  = (bv3[17:12] == 6'd0 && !bv3[23]) || (bv3[31:30] != 2'd0) || (k_fm && vf_fmt == 7'd0);
    // bits 3:0 of every lane's address (alignment, checked before any access; swizzled:
    // bit 3 from (index / IS * stride) * IS with IS = 8)
    for (int l = 0; l < 64; l++) begin
      bl_idx = (w1[31] ? va0[32*l +: 4] : 4'd0) + (bv3[23] ? 4'(l) : 4'd0);
      bl_ofs = (w1[30] ? (w1[31] ? va1[32*l +: 4] : va0[32*l +: 4]) : 4'd0) + ioff[3:0];
      bl_tot = bl_ofs + ssv[3:0];
      if (!b_swz)
        b_lo[4*l +: 4] = bv0[3:0] + ssv[3:0] + bl_ofs + 4'(b_str[3:0] * bl_idx);
      else if (bv1[31:30] == 2'd3)
        b_lo[4*l +: 4] = bv0[3:0] + bl_tot;
      else
        b_lo[4*l +: 4] = bv0[3:0] + {bl_idx[1:0], bl_tot[1:0]} + {(bv3[22:21] == 2'd0) & bl_idx[3] & b_str[0], 3'd0};
    end
    // align_mode 0 (DWORD): an untyped access's address bits below min(size, 4), an
    // atomic's below its size, taken off the lane's offset (model buf_align)
    b_am = 4'd0;
    if (align == 2'd0 && !k_fm) b_am = k_at ? k_aa : k_a1;
    b_adj = b_lo[4*cl +: 4] & b_am;
    b_idx  = (w1[31] ? va0[32*cl +: 32] : 32'd0) + (bv3[23] ? {26'd0, cl} : 32'd0);
    b_ofs  = (w1[30] ? (w1[31] ? va1[32*cl +: 32] : va0[32*cl +: 32]) : 32'd0) + ioff[31:0] - 32'(b_adj);
    b_tot  = b_ofs + ssv;
    b_imsb = b_idx >> (3 + bv3[22:21]);
    b_ilsb = b_idx & (b_ist - 32'd1);
    b_omsb = (bv1[31:30] == 2'd3) ? b_tot >> 4 : b_tot >> 2;
    b_olsb = b_tot & (b_elem - 32'd1);
    b_bo   = ((64'(b_imsb) * 64'(b_str) + 64'(b_omsb) * 64'(b_elem)) << (3 + bv3[22:21])) +
             64'(b_ilsb) * 64'(b_elem) + 64'(b_olsb);
    b_addr = b_swz ? 48'({bv1[15:0], bv0} + b_bo[47:0])
                   : 48'({bv1[15:0], bv0} + {16'd0, ssv} + {16'd0, b_ofs} + 48'(64'(b_str) * 64'(b_idx)));
    // the range check of DWORD i (payload b_pw bytes at offset + 4i)
    b_pw = (k_at || k_fm || k_n < 5'd4) ? k_n : 5'd4;
    b_nd = (k_at || k_fm || k_n < 5'd4) ? 3'd1 : k_n[4:2];
    for (int i = 0; i < 4; i++) begin
      b_o = 64'(b_ofs) + 64'(4 * i) + 64'(b_pw);
      case (bv3[29:28])
        2'd0: b_oob[i] = (b_idx >= bv2) || (b_o > 64'(b_str));
        2'd1: b_oob[i] = (b_idx >= bv2);
        2'd2: b_oob[i] = (bv2 == 32'd0);
        default: b_oob[i] = (b_swz && b_str != 32'd0) ? ((b_idx >= bv2) || (b_o > 64'(b_str)))
                                                      : (b_o + 64'(ssv) > 64'(bv2));
      endcase
      if (b_unb) b_oob[i] = 1'b1;
    end
    b_nk = b_oob[0] ? 3'd0 : (b_nd == 3'd1 || b_oob[1]) ? 3'd1 : (b_nd == 3'd2 || b_oob[2]) ? 3'd2 :
           (b_nd == 3'd3 || b_oob[3]) ? 3'd3 : 3'd4;
    b_n  = (b_nk == 3'd0) ? 5'd0 : (b_pw == 5'd4) ? {b_nk, 2'd0} : b_pw;
    // a swizzled lane whose bytes cross an element (the model splits them): not here
    b_cross = b_swz && b_n != 5'd0 && (b_olsb + 32'(b_n) > b_elem);
  end
  // the data format: TBUFFER the instruction's FORMAT w1[29:23], else the V#'s [113:108]
  assign vf_fmt = k_typ ? w1[29:23] : {1'b0, vsh[113:108]};
  assign vf_unb = (vsh[113:108] == 6'd0 && !vsh[119]) || (vsh[127:126] != 2'd0) || (vf_fmt == 7'd0);
  always_comb
    for (int r = 0; r < 4; r++) vf_vd[32*r +: 32] = vdat[2048*r + 32*cl +: 32];
  rdna4_vfmt u_vfmt (.fmt(vf_fmt), .unb(vf_unb), .nc(k_fnc), .d16(k_fd16), .typed(k_typ), .dsel(vsh[107:96]),
                     .oob(c_hole), .wrap(int_wrap), .mem(c_bytes), .vd(vf_vd), .ok(vf_ok), .nb(vf_nb), .al(vf_al), .ld(vf_ld), .st(vf_st));
  logic [4:0] c_nn;                                  // bytes the lane accesses (BUFFER: in range)
  assign c_nn = (bf && b_n != 5'd0) ? b_n : k_n;

  always_comb begin
    c_scr  = scr || f_prv[cl];
    c_hole = f_hole[cl] || (bf && b_n == 5'd0);      // BUFFER: out of range
    // FLAT's private lanes: the offset (ADDR + IOFFSET)[31:0] (model D23)
    c_so   = fl ? {32'd0, va0[32*cl +: 32] + ioff[31:0]} :
             {{32{ssv[31]}}, ssv} + ioff + (w1[17] ? {{32{va0[32*cl + 31]}}, va0[32*cl +: 32]} : 64'd0);
    c_addr = bf ? b_addr : mw_addr[48*cl +: 48];
    c_off  = c_addr - dmem_base;
    c_b    = c_scr ? c_so[1:0] : c_off[1:0];
    c_kb   = {4'd0, c_b} + {1'b0, c_nn} + 6'd3;
    c_k    = c_kb[4:2];
    // an atomic reads its k words (k + 1 cycles), then writes them (k cycles)
    c_aw   = k_at && (e_c > c_k);
    c_wo   = c_aw ? e_c - c_k - 3'd1 : e_c;
    c_wj   = k_blk ? e_bc : {3'd0, c_wo};
    c_need = !k_blk || (!e_bc[5] && k_bsel[e_bc[4:0]]);
    c_se   = c_so[49:2] + {42'd0, c_wj};
    c_sa   = scr_base + (wave64 ? {c_se[39:0], 8'd0} : {c_se[40:0], 7'd0}) + {40'd0, cl, 2'd0};
    c_sw   = c_sa - dmem_base;
    c_wi   = c_scr ? {2'd0, c_sw[47:2]} : {2'd0, c_off[47:2]} + {42'd0, c_wj};
    c_in   = (c_wi < 48'(DMEM_WORDS)) || c_hole || !c_need;   // a hole lane accesses nothing
    c_last = k_ld ? (e_c == c_k) : k_at ? (e_c == {c_k[1:0], 1'b0}) : (e_c == c_k - 3'd1);
    if (k_blk) c_last = k_ld ? (e_bc == 6'd32) : (e_bc == 6'd31);
    c_mis  = k_at && ((k_w64 ? c_addr[2:0] : {1'b0, c_addr[1:0]}) != 3'd0);   // payload-aligned (L4561)
    // loads: the word captured this cycle (read in the previous one)
    c_word = e_pin ? dm_rd : 32'd0;
    c_buf  = e_buf;
    for (int i = 0; i < 5; i++)
      if (e_c == 3'(i + 1)) c_buf[32*i +: 32] = c_word;
    c_bytes = 128'(c_buf >> (8 * c_b));
    c_d = 128'd0;
    case (k_n)
      5'd1: c_d[15:0] = {{8{k_sign & c_bytes[7]}}, c_bytes[7:0]};
      5'd2: c_d[15:0] = c_bytes[15:0];
      default: c_d = c_bytes & ~(128'hffffffff_ffffffff_ffffffff_ffffffff << (8 * c_nn));
    endcase
    if (k_n <= 5'd2 && k_half == 2'd0) c_d[31:16] = {16{k_sign & c_d[15]}};
    if (k_half == 2'd2) c_d[31:0] = {c_d[15:0], 16'd0};
    // stores: the lane's byte enables at the window offset
    c_be = 20'(((21'd1 << c_nn) - 21'd1) << c_b);
    rem_n = e_rem & ~(64'd1 << cl);
    // atomics (rdna4_pkg::atomic_int): tmp the memory value, DATA VSRC.., the
    // CMPSWAP compare value after it (VSRC+1, 64-bit VSRC+2..3)
    c_tmp  = k_w64 ? c_bytes[63:0] : {32'd0, c_bytes[31:0]};
    c_s    = k_w64 ? {vdat[2048 + 32*cl +: 32], vdat[32*cl +: 32]} : {32'd0, vdat[32*cl +: 32]};
    c_s2   = k_w64 ? {vdat[6144 + 32*cl +: 32], vdat[4096 + 32*cl +: 32]} : {32'd0, vdat[2048 + 32*cl +: 32]};
    c_aint = rdna4_pkg::atomic_int(k_aop, k_w64, c_tmp, c_s, c_s2);
  end
  // float atomics: GLOBAL flushes no denormals (rdna4 §13.2, model D25)
  rdna4_fatomic u_fat (.kind(k_fat), .tmp(c_tmp[31:0]), .src(c_s[31:0]), .lds(1'b0), .fden(4'd0), .r(c_fat));
  // ORDERED_ADD_B64 (model D37): (ID, value) pairs: the ID matches DATA[31:0]: (ID + 1, value +
  // DATA[63:32]) (the ID masked with VGT_GS_MAX_WAVE_ID, model config gs_max_wave_id), else unchanged
  assign c_anew = (k_fat != 3'd0) ? {32'd0, c_fat} :
                  !k_ord ? c_aint :
                  (c_tmp[31:0] != c_s[31:0]) ? c_tmp : {c_tmp[63:32] + c_s[63:32], (c_tmp[31:0] + 32'd1) & gs_maxid};
  // the lane's data: FORMAT loads / stores converted (rdna4_vfmt)
  logic [127:0] c_dd;
  assign c_dd = k_fm ? vf_ld : c_d;
  assign c_sh = {32'd0, (k_fm ? vf_st : mw_data[128*cl +: 128])} << (8 * c_b);


  assign dm_ra = c_wi[DAW-1:0];
  // the data window not placed yet (the bench's dmem_float: a test without data words):
  // the first access of a lane that reaches memory places it on its address, one cycle
  // in which nothing is accessed (README "Memories")
  assign rb      = go && dfloat && e_st == 2'd1 && !c_hole && !memviol && (k_ld || k_st || k_at);
  assign rebase  = rb;
  assign rb_addr = c_scr ? c_sa : c_addr;
  // block stores: VGPR VSRC + n (past v255: VGPR0)
  assign bs_row  = ({1'b0, w1[30:23]} + 9'(e_bc[4:0]) > 9'd255) ? 8'd0 : w1[30:23] + 8'(e_bc[4:0]);
  always_comb begin
    dm_we = 1'b0; dm_wa = c_wi[DAW-1:0]; dm_be = 4'd0; dm_wd = 32'd0;
    for (int i = 0; i < 5; i++)
      if (e_c == 3'(i)) begin dm_be = c_be[4*i +: 4]; dm_wd = c_sh[32*i +: 32]; end
    if (k_at) begin
      dm_be = 4'hf;
      dm_wd = c_wo[0] ? e_anew[64*cl + 32 +: 32] : e_anew[64*cl +: 32];
    end
    if (k_blk) begin                                 // block store: VGPR VSRC + n of the lane
      dm_be = 4'hf;
      dm_wd = bsrc[32*cl +: 32];
    end
    if (go && e_st == 2'd1 && (k_st || c_aw) && c_in && !c_hole && !memviol && c_need && !rb) dm_we = 1'b1;
    c_fb = dm_be[0] ? 4'd0 : dm_be[1] ? 4'd1 : dm_be[2] ? 4'd2 : 4'd3;
    c_nb = 3'(dm_be[0]) + 3'(dm_be[1]) + 3'(dm_be[2]) + 3'(dm_be[3]);
  end

  // faults: an opcode the unit does not execute, a word outside the window
  // (a store always; a load unless dmem_zero)
  always_comb begin
    flt = 1'b0; why = rdna4_pkg::WHY_NONE;
    if (go) begin
      if (!(k_ld || k_st || k_inv || k_wb || k_at) || (e_st == 2'd1 && c_mis && !fl) ||
          ((scr || f_prv != 64'd0) && scr_base[1:0] != 2'd0) ||        // SCRATCH_BASE not DWORD-aligned
          (scr && e_st == 2'd1 && c_so[63]) ||                         // a negative private offset (the model refuses it)
          (bf && vsh[63:62] == 2'd2) ||                                 // BUFFER: swizzle_enable 2 (reserved)
          (k_fm && !vf_ok) ||                                           // a format the model does not convert
          (bf && e_st == 2'd1 && b_cross) ||                            // a swizzled lane across elements
          (e_st == 2'd1 && r_on && c_in && (fl ? r_n[6] : r_n[7]) && e_c < c_k &&   // more than 128 runs (FLAT: 64)
           (!k_blk || (c_need && !r_ap))) ||
          (k_blk && e_st == 2'd1 && !rb && c_b != 2'd0)) begin          // a block lane not DWORD-aligned
        flt = 1'b1; why = rdna4_pkg::WHY_VMEM_OP;
      end else if (k_blk && scr && w0[6:0] == rdna4_pkg::SRC_NULL[6:0] && !w1[17]) begin
        flt = 1'b1; why = rdna4_pkg::WHY_OPERAND;                   // SCRATCH block in ST mode (L5551)
      end else if (e_st == 2'd1 && !rb && !c_in && (k_st || ((k_at || !dmem_zero) && e_c != c_k))) begin
        flt = 1'b1; why = rdna4_pkg::WHY_VMEM_WIN;
      end
    end
  end

  // ------------------------------------------------------------ load queue
  logic [63:0]   q_tag   [VMQ];
  logic [7:0]    q_dst   [VMQ];
  logic [5:0]    q_nreg  [VMQ];                      // rows (a block load: up to 32)
  logic [5:0]    q_rc    [VMQ];                      // rows returned
  logic [31:0]   q_bits  [VMQ];
  logic [63:0]   q_lanes [VMQ];
  logic [8191:0] q_data  [VMQ];
  logic [7:0]    q_t     [VMQ];
  logic [VMQ-1:0] q_tfe;                             // the last row is a TFE status DWORD (0, all bits)
  logic [VMQ-1:0] q_blk;                             // a block load: rows from bk_dat, those of bk_sel
  logic [VMQ-1:0] q_dn;                              // returned (leaves when it is the oldest)
  logic [3:0]    q_n;
  logic [6:0]    q_rows;
  logic [15:0]   lfsr;
  logic [3:0]    s_n;                                // stores outstanding
  logic [7:0]    s_t [SQN];

  logic [VMQ-1:0] q_rdy;
  logic [3:0]     q_sel;
  logic           q_any, q_fire, q_pop, q_push, q_room, s_push, s_pop;
  logic [5:0]     p_nreg;
  logic [8:0]     lo_i, hi_i, lo_j, hi_j;
  always_comb begin
    q_rows = 7'd0;
    for (int i = 0; i < VMQ; i++)
      if (4'(i) < q_n) q_rows = q_rows + 7'(q_nreg[i]);
    // ready entries; out of order: no overlap with an older entry still returning
    for (int i = 0; i < VMQ; i++) begin
      q_rdy[i] = (4'(i) < q_n) && !q_dn[i] && (q_t[i] == 8'd0);
      lo_i = {1'b0, q_dst[i]}; hi_i = lo_i + {3'd0, q_nreg[i]};
      for (int j = 0; j < i; j++) begin
        lo_j = {1'b0, q_dst[j]}; hi_j = lo_j + {3'd0, q_nreg[j]};
        if (!ooo && !q_dn[j]) q_rdy[i] = 1'b0;
        if (!q_dn[j] && q_nreg[i] != 6'd0 && q_nreg[j] != 6'd0 && lo_i < hi_j && lo_j < hi_i) q_rdy[i] = 1'b0;
      end
    end
    q_sel = 4'd0; q_any = 1'b0;
    for (int i = VMQ - 1; i >= 0; i--)
      if (q_rdy[i]) begin q_sel = 4'(i); q_any = 1'b1; end
  end
  // rows of the selected entry (a row index wraps past v255 as the model's (dst + r) & 255)
  always_comb begin
    rw_row_q = 8'd0; rw_lanes = 64'd0; rw_bits = 32'd0; rw_tag = 64'd0; rw_data = '0;
    for (int i = 0; i < VMQ; i++)
      if (q_sel == 4'(i)) begin
        rw_row_q = q_dst[i] + 8'(q_rc[i]);
        rw_lanes = q_lanes[i]; rw_bits = q_bits[i]; rw_tag = q_tag[i];
        for (int r = 0; r < 4; r++)
          if (q_rc[i] == 6'(r)) rw_data = q_data[i][2048*r +: 2048];
        if (q_tfe[i] && q_rc[i] + 6'd1 == q_nreg[i]) begin rw_data = '0; rw_bits = 32'hffffffff; end
        if (q_blk[i]) begin rw_data = bk_dat[q_rc[i][4:0]]; rw_bits = 32'hffffffff; end
      end
  end
  assign q_fire  = q_any && !hold;
  logic q_selrow;                                    // the selected entry has rows to write
  always_comb begin
    q_selrow = 1'b0;
    for (int i = 0; i < VMQ; i++)
      if (q_sel == 4'(i)) q_selrow = (q_nreg[i] != 6'd0) && (!q_blk[i] || bk_sel[q_rc[i][4:0]]);
  end
  assign rw_valid = q_fire && q_selrow;
  assign rw_row   = rw_row_q;
  assign q_pop    = (q_n != 4'd0) && q_dn[0];

  // a load joins the queue when it retires; EXEC = 0 with LOADcnt = 0 (as the
  // model counts it) is skipped (rdna4 L739-740), otherwise it counts with no rows
  // (returning atomics as loads: the old value; the others count on STOREcnt)
  // (FLAT, model vmem_load / vmem_atomic: skipped only with LOADcnt and DScnt 0;
  // its LOADcnt entry has the rows when a global / scratch / hole lane is active,
  // its DScnt entry (rdna4_lds) counts with any lane or DScnt != 0, a load's also
  // with LOADcnt != 0)
  logic q_cnt;
  assign q_cnt  = k_inv || ((k_ld || k_rtn) && (lall != 64'd0 || mldcnt != 6'd0 || (fl && mdscnt != 6'd0)));
  assign f_dspush = fl && !memviol && (k_ld || k_st || k_at) &&
                    (lall != 64'd0 || mdscnt != 6'd0 || (k_ld && mldcnt != 6'd0));
  assign f_dsop = ds_of(op, k_rtn, k_aop, k_w64);
  logic k_tfe;                                       // BUFFER load with TFE under tfe_status: a status row
  assign k_tfe  = bf && k_ld && w0[22] && tfe_on;
  assign p_nreg = ((k_ld || k_rtn) && lanes != 64'd0) ? (k_blk ? k_bnr : 6'(k_nreg) + 6'(k_tfe)) : 6'd0;
  assign q_push = fin && !memviol && q_cnt;
  // (a block load joins an empty queue, whatever its rows: the model completes the
  // other loads first when its rows pass RDNA4_VM_MAXREG, and no VMEM or SMEM
  // instruction issues while it is outstanding, so the model never completes it
  // before its rows returned)
  assign q_room = k_blk ? (q_n == 4'd0) : (q_n < 4'(VMQ)) && (q_rows + 7'(p_nreg) <= 7'(ROWS));
  assign blk_out = (q_blk != '0);
  assign s_push = fin && !memviol && (k_st || k_wb || (k_at && !k_rtn));
  assign mc_push = fin && !memviol && (k_ld || k_inv || k_rtn);
  assign mc_any  = q_cnt;
  assign mc_nreg = p_nreg;
  assign s_pop  = (s_n != 4'd0) && (s_t[0] == 8'd0);

  assign done = go && memviol ? (q_n == 4'd0) : go && e_st == 2'd2 &&
                (q_cnt ? q_room : 1'b1) &&
                ((k_st || k_wb || (k_at && !k_rtn)) ? (s_n < 4'(SQN)) : 1'b1);
  assign busy     = (q_n != 4'd0) || (s_n != 4'd0);
  assign loadcnt  = {2'd0, q_n};
  assign storecnt = {2'd0, s_n};

  // ------------------------------------------------------------ state
  // SCRATCH store runs (one per word written: an element of a lane)
  // (FLAT: the words its stores and atomics write in private lanes, at most 64)
  // (block stores: one run per DWORD (SCRATCH), or per lane and up to 4 consecutive
  // selected DWORDs (GLOBAL: the model's block_runs), the DWORD joining the last run)
  logic [7:0] r_n;
  logic [4:0] r_ls;                                  // bytes of the last run
  logic       r_on;                                  // this lane's writes are runs
  logic       r_ap;                                  // block: this DWORD joins the last run
  assign r_on = (scr && k_st) || (k_blk && k_st) || (fl && (k_st || k_at) && c_scr);
  assign r_ap = k_blk && !scr && e_bc != 6'd0 && k_bsel[5'(e_bc - 6'd1)] && r_n != 8'd0 && r_ls < 5'd16;
  assign mr_n = ((scr && k_st) || (k_blk && k_st) || fl) ? r_n : 8'd0;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      r_n <= 8'd0; r_ls <= 5'd0; mr_addr <= '0; mr_lane <= '0; mr_size <= '0;
      for (int i = 0; i < 128; i++) mr_data[128*i +: 128] <= 128'd0;
    end else if (go && e_st == 2'd0 && ((scr && k_st) || (k_blk && k_st) || fl)) begin
      r_n <= 8'd0;
    end else if (dm_we && r_on && r_ap) begin
      for (int i = 0; i < 128; i++)
        if (r_n == 8'(i + 1)) begin
          mr_size[5*i +: 5]     <= r_ls + 5'd4;
          mr_data[128*i +: 128] <= mr_data[128*i +: 128] | ({96'd0, dm_wd} << (8 * r_ls));
        end
      r_ls <= r_ls + 5'd4;
    end else if (dm_we && r_on && !r_n[7]) begin
      for (int i = 0; i < 128; i++)
        if (r_n == 8'(i)) begin
          mr_addr[48*i +: 48]   <= (k_blk && !scr) ? c_addr + {40'd0, e_bc, 2'd0} : c_sa + {44'd0, c_fb};
          mr_lane[6*i +: 6]     <= cl;
          mr_size[5*i +: 5]     <= {2'd0, c_nb};
          mr_data[128*i +: 128] <= {96'd0, dm_wd >> (8 * c_fb)};
        end
      r_ls <= {2'd0, c_nb};
      r_n <= r_n + 8'd1;
    end
  end

  // block load data (not reset, as a memory): the word read last cycle, DWORD e_bc - 1
  logic bk_we;
  assign bk_we = go && !fin && !flt && !memviol && e_st == 2'd1 && k_blk && k_ld && !rb &&
                 e_bc != 6'd0 && k_bsel[5'(e_bc - 6'd1)];
  always_ff @(posedge clk)
    if (bk_we)
      for (int l = 0; l < 64; l++)
        if (cl == 6'(l)) bk_dat[5'(e_bc - 6'd1)][32*l +: 32] <= c_word;

  logic [3:0] q_n1;                                  // entries after this cycle's departure
  assign q_n1 = q_pop ? q_n - 4'd1 : q_n;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      e_st <= 2'd0; e_rem <= 64'd0; e_c <= 3'd0; e_buf <= '0; e_res <= '0; e_pin <= 1'b0; e_anew <= '0;
      e_ba <= '0; e_bh <= 64'd0; e_bn <= '0;
      q_n <= 4'd0; q_dn <= '0; q_tfe <= '0; q_blk <= '0; bk_sel <= 32'd0; s_n <= 4'd0; lfsr <= 16'hace1;
      for (int i = 0; i < VMQ; i++) begin
        q_tag[i] <= 64'd0; q_dst[i] <= 8'd0; q_nreg[i] <= 6'd0; q_rc[i] <= 6'd0; q_bits[i] <= 32'd0;
        q_lanes[i] <= 64'd0; q_data[i] <= '0; q_t[i] <= 8'd0;
      end
      for (int i = 0; i < SQN; i++) s_t[i] <= 8'd0;
    end else begin
      lfsr <= {lfsr[14:0], lfsr[15] ^ lfsr[13] ^ lfsr[12] ^ lfsr[10]};
      // engine
      if (!go || fin || flt || memviol) begin
        e_st <= 2'd0; e_c <= 3'd0; e_bc <= 6'd0;
      end else if (e_st == 2'd0 && !blk_out) begin                  // (after a block load's return)
        e_bh  <= 64'd0;
        e_rem <= ((k_ld || k_st || k_at) && !(k_blk && k_ld && k_bnr == 6'd0)) ? lanes : 64'd0;
        e_st  <= ((k_ld || k_st || k_at) && !(k_blk && k_ld && k_bnr == 6'd0) && lanes != 64'd0) ? 2'd1 : 2'd2;
        e_c   <= 3'd0; e_bc <= 6'd0;
      end else if (e_st == 2'd1 && k_blk && !rb) begin               // block: one DWORD a cycle
        e_pin <= c_in;
        if (c_last) begin
          e_bc <= 6'd0; e_rem <= rem_n;
          if (rem_n == 64'd0) e_st <= 2'd2;
        end else
          e_bc <= e_bc + 6'd1;
      end else if (e_st == 2'd1 && !rb) begin
        e_pin <= c_in && !c_hole;
        if (e_c == 3'd0)                             // BUFFER: the lane's address and range (records)
          for (int l = 0; l < 64; l++)
            if (cl == 6'(l)) begin
              e_ba[48*l +: 48] <= b_addr; e_bh[l] <= (b_n == 5'd0); e_bn[5*l +: 5] <= c_nn;
              if (k_fm && k_st)                      // FORMAT stores: the converted bytes (record)
                for (int r = 0; r < 4; r++) e_res[2048*r + 32*l +: 32] <= vf_st[32*r +: 32];
            end
        for (int i = 0; i < 5; i++)
          if (e_c == 3'(i + 1)) e_buf[32*i +: 32] <= c_word;
        if (k_at && e_c == c_k)                      // atomic: the old value read, the new one
          for (int l = 0; l < 64; l++)
            if (cl == 6'(l)) begin
              e_res[32*l +: 32] <= c_tmp[31:0];
              e_res[2048 + 32*l +: 32] <= c_tmp[63:32];
              e_anew[64*l +: 64] <= c_anew;
            end
        if (c_last) begin
          if (k_ld)
            for (int r = 0; r < 4; r++)
              for (int l = 0; l < 64; l++)
                if (cl == 6'(l)) e_res[2048*r + 32*l +: 32] <= c_dd[32*r +: 32];
          e_c <= 3'd0; e_buf <= '0; e_rem <= rem_n;
          if (rem_n == 64'd0) e_st <= 2'd2;
        end else
          e_c <= e_c + 3'd1;
      end
      // load queue: timers, the selected entry's row, the oldest leaves when
      // returned, a retiring load joins at the tail
      for (int i = 0; i < VMQ; i++) begin
        if (q_t[i] != 8'd0) q_t[i] <= q_t[i] - 8'd1;
        if (q_fire && q_sel == 4'(i)) begin
          q_rc[i] <= q_rc[i] + 6'd1;
          if (q_nreg[i] == 6'd0 || q_rc[i] + 6'd1 == q_nreg[i]) q_dn[i] <= 1'b1;
        end
      end
      if (q_pop) begin
        for (int i = 0; i < VMQ - 1; i++) begin
          q_tag[i] <= q_tag[i + 1]; q_dst[i] <= q_dst[i + 1]; q_nreg[i] <= q_nreg[i + 1];
          q_bits[i] <= q_bits[i + 1]; q_lanes[i] <= q_lanes[i + 1]; q_data[i] <= q_data[i + 1];
          q_tfe[i] <= q_tfe[i + 1]; q_blk[i] <= q_blk[i + 1];
          q_t[i] <= (q_t[i + 1] != 8'd0) ? q_t[i + 1] - 8'd1 : 8'd0;
          q_rc[i] <= (q_fire && q_sel == 4'(i + 1)) ? q_rc[i + 1] + 6'd1 : q_rc[i + 1];
          q_dn[i] <= q_dn[i + 1] || (q_fire && q_sel == 4'(i + 1) &&
                                     (q_nreg[i + 1] == 6'd0 || q_rc[i + 1] + 6'd1 == q_nreg[i + 1]));
        end
        q_dn[VMQ - 1] <= 1'b0; q_blk[VMQ - 1] <= 1'b0;
      end
      if (q_push) begin
        for (int i = 0; i < VMQ; i++)
          if (q_n1 == 4'(i)) begin
            q_tag[i] <= seq; q_dst[i] <= f_vd; q_nreg[i] <= k_inv ? 6'd0 : p_nreg; q_rc[i] <= 6'd0;
            q_bits[i] <= k_qb; q_tfe[i] <= k_tfe && p_nreg != 6'd0; q_blk[i] <= k_blk && p_nreg != 6'd0;
            q_lanes[i] <= lanes; q_data[i] <= e_res; q_dn[i] <= 1'b0;
            q_t[i] <= 8'(VM_LAT - 1) + (ooo ? {4'd0, lfsr[3:0]} : 8'd0);
          end
      end
      q_n <= q_n1 + (q_push ? 4'd1 : 4'd0);
      if (q_push && k_blk) bk_sel <= k_bsel;
      // store counter: each store completes ST_LAT cycles after it retired, in order
      for (int i = 0; i < SQN; i++) begin
        if (s_pop) s_t[i] <= (i + 1 < SQN) ? ((s_t[(i + 1) % SQN] != 8'd0) ? s_t[(i + 1) % SQN] - 8'd1 : 8'd0) : 8'd0;
        else if (s_t[i] != 8'd0) s_t[i] <= s_t[i] - 8'd1;
        if (s_push && (s_pop ? s_n - 4'd1 : s_n) == 4'(i)) s_t[i] <= 8'(ST_LAT - 1);
      end
      s_n <= s_n - (s_pop ? 4'd1 : 4'd0) + (s_push ? 4'd1 : 4'd0);
    end
  end

  // FLAT's LDS lanes as a DS instruction (rdna4_lds.sv, opcodes of model/rdna4/
  // rdna4.def VDS): the loads and stores of the same width and half, the atomics
  // as the DS atomic of their operation (+32 returning, +64 64-bit; SWAP without
  // return: DS_STORE_B32/B64, which writes DATA as SWAP does)
  function automatic logic [7:0] ds_of(input logic [7:0] o, input logic rtn, input logic [4:0] aop,
                                       input logic w64);
    logic [7:0] a;
    case (o)
      8'd16: ds_of = 8'd58;  8'd17: ds_of = 8'd57;  8'd18: ds_of = 8'd60;  8'd19: ds_of = 8'd59;
      8'd20: ds_of = 8'd54;  8'd21: ds_of = 8'd118; 8'd22: ds_of = 8'd254; 8'd23: ds_of = 8'd255;
      8'd24: ds_of = 8'd30;  8'd25: ds_of = 8'd31;  8'd26: ds_of = 8'd13;  8'd27: ds_of = 8'd77;
      8'd28: ds_of = 8'd222; 8'd29: ds_of = 8'd223; 8'd30: ds_of = 8'd162; 8'd31: ds_of = 8'd164;
      8'd32: ds_of = 8'd166; 8'd33: ds_of = 8'd163; 8'd34: ds_of = 8'd165; 8'd35: ds_of = 8'd167;
      8'd36: ds_of = 8'd160; 8'd37: ds_of = 8'd161;
      8'd55: ds_of = rtn ? 8'd169 : 8'd153;                              // SUB_CLAMP_U32
      8'd80: ds_of = rtn ? 8'd168 : 8'd152;                              // COND_SUB_U32
      8'd81: ds_of = rtn ? 8'd50 : 8'd18;                                // MIN_NUM_F32
      8'd82: ds_of = rtn ? 8'd51 : 8'd19;                                // MAX_NUM_F32
      8'd86: ds_of = rtn ? 8'd121 : 8'd21;                               // ADD_F32
      8'd89: ds_of = rtn ? 8'd170 : 8'd154;                              // PK_ADD_F16
      8'd90: ds_of = rtn ? 8'd171 : 8'd155;                              // PK_ADD_BF16
      default: begin
        a = {3'd0, aop} + (w64 ? 8'd64 : 8'd0) + (rtn ? 8'd32 : 8'd0);
        ds_of = (o >= 8'd51 && o <= 8'd77) ? a : 8'd20;                   // else DS_NOP (not run)
      end
    endcase
  endfunction

  // fields the unit does not use
  logic unused;
  assign unused = ^{w0[31:26], w0[23:7], w1[31:8], w2[7:0], lfsr[15:4], c_kb[5], c_kb[1:0], a64[63:48],
                    c_so[62:50], c_se[47:41], c_sw[1:0], f_lo[31:17],
                    bv3[27:24], bv3[20], bv3[11:0], b_bo[63:48]};
endmodule
