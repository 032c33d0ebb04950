// nv50_core.sv - NV50 (Tesla) shader core: one warp of 32 threads, integer,
// bit, move, float, SFU, conversion and control instructions.  Architectural contract:
// model/nv50/README.md ("Execution semantics", "Retire record").  Micro-
// architecture, port usage and every decision taken where the contract is
// silent: rtl/nv50/README.md.
//
// Two pipeline stages:
//   1. fetch/decode: reads instruction words from imem, decodes them (strict,
//      decision D4) into the IF/EX register; prefetches the fall-through
//      instruction while stage 2 works, and is redirected on a taken branch.
//   2. execute/writeback (multi-cycle): predicate -> register operand reads
//      (4 rows, one per cycle) -> one thread per cycle through the ALU with
//      s[]/c[] operand reads -> control flow, join/exit, unwind -> commit and
//      one retire pulse.
// A faulting instruction changes no state and does not retire.
//
// Deliberate bugs and mutants for checker tests: scripts/mutations/nv50.txt,
// selected at run time in the mutant bench (+gpuref_mutant=NAME).
module nv50_core #(
  parameter int IMEM_WORDS   = 16384,
  parameter int CBANK_WORDS  = 16384,
  parameter int SHARED_WORDS = 4096,
  parameter bit STRICT       = 1'b0    // 1: don't-care bits and aliases are illegal (D36, D37)
) (
  input  logic clk, input logic rst_n,
  // load port, used while not running: writes architectural state before start
  input  logic        ld_we,
  input  logic [2:0]  ld_sel,   // 0 imem word, 1 gpr, 2 $c, 3 $a, 4 const word, 5 shared word, 6 sreg, 7 ctrl
  input  logic [19:0] ld_addr,  // imem: word index; gpr: reg index; $c/$a/sreg: index; const: {bank[3:0], word[13:0]}; shared: word; ctrl: 0 mask, 1 pc, 2 gprs, 3 stack_depth, 4 exited, 5 float mode {rm_reserved, zero_wins, fmul_sat}
  input  logic [4:0]  ld_lane,  // thread for gpr/$c/$a/sreg
  input  logic [31:0] ld_data,
  input  logic        start,    // pulse: begin executing at the loaded pc
  output logic        running, output logic done, output logic fault, output logic [31:0] fault_pc,
  // retire port: one cycle pulse per retired instruction
  output logic        rt_valid,
  output logic [31:0] rt_pc, output logic [31:0] rt_next_pc, output logic [31:0] rt_w0, output logic [31:0] rt_w1,
  output logic [1:0]  rt_nwords, output logic [4:0] rt_flags,     // bit0 EXIT, bit1 END, bit2 BRANCH, bit3 SKIP, bit4 TRAP
  output logic [31:0] rt_exec,
  output logic        rt_r_we,  output logic [6:0] rt_r_idx, output logic [31:0] rt_r_bits, output logic [31:0] rt_r_lanes, output logic [1023:0] rt_r_val,
  output logic        rt_o_we,  output logic [6:0] rt_o_idx, output logic [31:0] rt_o_lanes, output logic [1023:0] rt_o_val,
  output logic        rt_c_we,  output logic [1:0] rt_c_idx, output logic [31:0] rt_c_lanes, output logic [127:0] rt_c_val,
  output logic        rt_a_we,  output logic [2:0] rt_a_idx, output logic [31:0] rt_a_lanes, output logic [511:0] rt_a_val,
  output logic        rt_mask_we, output logic [31:0] rt_mask,
  output logic        rt_exited_we, output logic [31:0] rt_exited,
  output logic        rt_depth_we, output logic [7:0] rt_depth
);
  // ------------------------------------------------------------ constants
  localparam int IAW = (IMEM_WORDS > 1) ? $clog2(IMEM_WORDS) : 1;
  localparam int CMEM_WORDS = 16 * CBANK_WORDS;
  localparam int CAW = $clog2(CMEM_WORDS);
  localparam int SAW = (SHARED_WORDS > 1) ? $clog2(SHARED_WORDS) : 1;
  localparam logic [31:0] IMEM_W32   = 32'(IMEM_WORDS);
  localparam logic [31:0] CBANK_W32  = 32'(CBANK_WORDS);
  localparam logic [31:0] SHARED_B32 = 32'(SHARED_WORDS) * 32'd4;   // bytes

  localparam logic [4:0] C_CTRL   = nv50_pkg::C_CTRL;
  localparam logic [2:0] S_REG    = nv50_pkg::S_REG;
  localparam logic [2:0] S_SHARED = nv50_pkg::S_SHARED;
  localparam logic [2:0] S_CONST  = nv50_pkg::S_CONST;
  localparam logic [2:0] S_IMM    = nv50_pkg::S_IMM;
  localparam logic [2:0] D_R32    = nv50_pkg::D_R32;
  localparam logic [2:0] D_R16    = nv50_pkg::D_R16;
  localparam logic [2:0] D_O32    = nv50_pkg::D_O32;
  localparam logic [2:0] D_O16    = nv50_pkg::D_O16;
  localparam logic [2:0] D_A      = nv50_pkg::D_A;
  localparam logic [2:0] E_BRANCH = nv50_pkg::E_BRANCH;
  localparam logic [2:0] E_CALL   = nv50_pkg::E_CALL;
  localparam logic [2:0] E_BREAK  = nv50_pkg::E_BREAK;
  localparam logic [2:0] E_JOINAT = nv50_pkg::E_JOINAT;
  localparam logic [2:0] E_QUADON = nv50_pkg::E_QUADON;

  // ------------------------------------------------------------ warp state
  logic        running_q, done_q, fault_q;
  logic [31:0] fault_pc_q;
  logic [31:0] pc_q, mask_q, exited_q;
  logic [7:0]  gprs_q;                 // 1..128
  logic [6:0]  stklim_q;               // 1..64
  logic [2:0]  fpmode_q;               // cfg[2]: {rm_reserved, zero_wins, fmul_sat} (model/nv50/README.md "Float on G80")
  logic [6:0]  sp_q;                   // entries on the control stack
  logic [2:0]  stk_type [64];
  logic [31:0] stk_pc   [64];
  logic [31:0] stk_mask [64];
  logic [127:0] c_q [4];               // $c0-$c3, 4 bits per thread
  logic [511:0] a_q [4];               // $a1-$a4, 16 bits per thread
  logic [31:0] cyc_q;                  // $clock

  // ------------------------------------------------------------ imem
  logic [31:0]           imem [IMEM_WORDS];   // contents valid where imem_vld is set
  logic [IMEM_WORDS-1:0] imem_vld;
  logic [IAW-1:0]        fa_addr, fb_addr;
  logic [31:0]           fa_data;
  logic                  fb_long;           // bit 0 of the word at fb_addr (long instruction)
  logic                  fa_vld, fb_vld, fb_vld2;   // words loaded (fb_vld2: the word after fb_addr)

  always_ff @(posedge clk) begin
    fa_data <= imem[fa_addr];
    fb_long <= imem[fb_addr][0];
    if (ld_we && !running_q && ld_sel == 3'd0 && 32'(ld_addr) < IMEM_W32)
      imem[ld_addr[IAW-1:0]] <= ld_data;
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      // one valid bit per imem word: a wide fill is intended here
      /* verilator lint_off WIDTHCONCAT */
      imem_vld <= '0;
      /* verilator lint_on WIDTHCONCAT */
      fa_vld   <= 1'b0;
      fb_vld   <= 1'b0;
      fb_vld2  <= 1'b0;
    end else begin
      fa_vld  <= imem_vld[fa_addr];
      fb_vld  <= imem_vld[fb_addr];
      fb_vld2 <= ({{(32-IAW){1'b0}}, fb_addr} + 32'd1 < IMEM_W32) ? imem_vld[fb_addr + IAW'(1)] : 1'b0;
      if (ld_we && !running_q && ld_sel == 3'd0 && 32'(ld_addr) < IMEM_W32)
        imem_vld[ld_addr[IAW-1:0]] <= 1'b1;
    end
  end

  // ------------------------------------------------------------ data RAMs
  // GPRs: row = one register of all 32 threads, 16-bit lanes (half writes)
  logic [6:0]    gpr_raddr, gpr_waddr;
  logic [1023:0] gpr_rdata, gpr_wdata;
  logic [63:0]   gpr_we;
  nv50_ram #(.DEPTH(128), .LW(16), .NL(64)) u_gpr (
    .clk, .raddr(gpr_raddr), .rdata(gpr_rdata), .we(gpr_we), .waddr(gpr_waddr), .wdata(gpr_wdata));

  // o[] outputs: row = one word of all 32 threads
  logic [6:0]    o_raddr, o_waddr;
  logic [1023:0] o_rdata, o_wdata;
  logic [31:0]   o_we;
  nv50_ram #(.DEPTH(128), .LW(32), .NL(32)) u_out (
    .clk, .raddr(o_raddr), .rdata(o_rdata), .we(o_we), .waddr(o_waddr), .wdata(o_wdata));

  // special registers $sr0-$sr8 (index 1, $clock, is the cycle counter instead)
  logic [3:0]    sr_raddr, sr_waddr;
  logic [1023:0] sr_rdata, sr_wdata;
  logic [31:0]   sr_we;
  nv50_ram #(.DEPTH(16), .LW(32), .NL(32)) u_sreg (
    .clk, .raddr(sr_raddr), .rdata(sr_rdata), .we(sr_we), .waddr(sr_waddr), .wdata(sr_wdata));

  // c0-c15 const banks, bank b word w at b*CBANK_WORDS + w
  logic [CAW-1:0] cm_raddr, cm_waddr;
  logic [31:0]    cm_rdata;
  logic           cm_we;
  nv50_ram #(.DEPTH(CMEM_WORDS), .LW(32), .NL(1)) u_cmem (
    .clk, .raddr(cm_raddr), .rdata(cm_rdata), .we(cm_we), .waddr(cm_waddr), .wdata(ld_data));

  // s[] shared memory
  logic [SAW-1:0] sh_raddr, sh_waddr;
  logic [31:0]    sh_rdata;
  logic           sh_we;
  nv50_ram #(.DEPTH(SHARED_WORDS), .LW(32), .NL(1)) u_shared (
    .clk, .raddr(sh_raddr), .rdata(sh_rdata), .we(sh_we), .waddr(sh_waddr), .wdata(ld_data));

  // ============================================================ stage 1
  // fetch / decode
  localparam logic [1:0] F_REQ = 2'd0, F_W0 = 2'd1, F_W1 = 2'd2, F_HOLD = 2'd3;
  logic [1:0]        f_state;
  logic [31:0]       f_pc, f_w0;
  logic              redirect, consume;
  logic [31:0]       redirect_pc;
  // IF/EX register (valid while f_state == F_HOLD)
  logic [31:0]       ifx_pc, ifx_w0, ifx_w1;
  logic              ifx_ff;            // fetch fault: bad pc, unloaded word, misaligned long
  nv50_pkg::dec_t    ifx_dec, dec_out;
  logic [31:0]       dec_w0, dec_w1;

  assign dec_w0 = (f_state == F_W1) ? f_w0 : fa_data;
  assign dec_w1 = (f_state == F_W1) ? fa_data : 32'd0;
  nv50_decode #(.STRICT(STRICT)) u_dec (.w0(dec_w0), .w1(dec_w1), .rm_ill(fpmode_q[2]), .d(dec_out));

  logic        f_pc_ok, f_pc2_ok;
  assign f_pc_ok  = (f_pc[1:0] == 2'b00) && ({2'b00, f_pc[31:2]} < IMEM_W32);
  assign f_pc2_ok = !f_pc[2] && ({2'b00, f_pc[31:2]} + 32'd1 < IMEM_W32);

  always_comb begin
    fa_addr = f_pc[IAW+1:2];
    if (f_state == F_W0) fa_addr = f_pc[IAW+1:2] + IAW'(1);
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      f_state <= F_REQ;
      f_pc    <= 32'd0;
      f_w0    <= 32'd0;
      ifx_pc  <= 32'd0;
      ifx_w0  <= 32'd0;
      ifx_w1  <= 32'd0;
      ifx_ff  <= 1'b0;
      ifx_dec <= '0;
    end else if (redirect) begin
      f_state <= F_REQ;
      f_pc    <= redirect_pc;
    end else begin
      case (f_state)
        F_REQ: begin
          ifx_pc <= f_pc;
          if (!f_pc_ok) begin
            ifx_ff <= 1'b1; ifx_w0 <= 32'd0; ifx_w1 <= 32'd0; ifx_dec <= '0;
            f_state <= F_HOLD;
          end else begin
            f_state <= F_W0;
          end
        end
        F_W0: begin
          ifx_w0 <= fa_data;
          ifx_w1 <= 32'd0;
          if (!fa_vld) begin
            ifx_ff <= 1'b1; ifx_dec <= '0; f_state <= F_HOLD;
          end else if (fa_data[0]) begin
            f_w0 <= fa_data;
            if (!f_pc2_ok) begin
              ifx_ff <= 1'b1; ifx_dec <= '0; f_state <= F_HOLD;
            end else begin
              f_state <= F_W1;
            end
          end else begin
            ifx_ff <= 1'b0; ifx_dec <= dec_out; f_state <= F_HOLD;
          end
        end
        F_W1: begin
          ifx_w1  <= fa_data;
          ifx_ff  <= !fa_vld;
          ifx_dec <= dec_out;
          f_state <= F_HOLD;
        end
        default: begin   // F_HOLD
          if (consume) begin
            f_pc    <= f_pc + (ifx_w0[0] ? 32'd8 : 32'd4);
            f_state <= F_REQ;
          end
        end
      endcase
    end
  end

  // ============================================================ stage 2
  localparam logic [3:0] X_IDLE = 4'd0, X_WAIT = 4'd1, X_DEC = 4'd2, X_RD = 4'd3,
                         X_THR = 4'd4, X_CTL = 4'd5, X_UNW = 4'd6, X_UNWL = 4'd7,
                         X_CMT = 4'd8;
  logic [3:0]        x_state;
  nv50_pkg::dec_t    xd;                // instruction in execution
  logic [31:0]       x_pc, x_w0, x_w1, x_next;
  logic              x_ff;
  logic [31:0]       exec_q;
  logic [31:0]       clk_snap;
  logic [2:0]        rd_step;
  logic [1023:0]     ra_q, rb_q, rc_q, rd_q, sr_q;
  logic [5:0]        t_iss;             // thread whose memory operands are read
  logic              te_v;              // a thread is in the compute slot
  logic [4:0]        te;                // that thread
  logic [1:0]        sh_addr_q;         // byte offset of the s[] read in its word
  logic              cm_addr_q;         // halfword of the c[] read in its word
  logic              sh_in_q, cm_in_q;
  logic [1023:0]     res_q;             // per-thread results
  logic [127:0]      flg_q;             // per-thread flags
  logic [511:0]      ares_q;            // per-thread $a destination values
  logic [511:0]      piv_q;             // per-thread post-incremented $a values
  // control outcome (latched in X_CTL)
  logic [31:0]       n_mask, n_exited, n_pc;
  logic [6:0]        n_sp;
  logic              n_push, n_trap;
  logic [2:0]        n_push_t;
  logic [31:0]       n_push_pc, n_push_mask;
  logic              u_end;
  logic [31:0]       u_epc;

  // ------------------------------------------------------------ helpers
  // $aN of thread t from the row of $aN (idx 1..4); $a0 and (D6) $a5-$a7 read 0
  function automatic logic [15:0] aslice(input logic [511:0] row, input logic [2:0] idx,
                                         input logic [4:0] t);
    aslice = (idx >= 3'd1 && idx <= 3'd4) ? row[16*t +: 16] : 16'd0;
  endfunction

  // 32-bit register operand of thread t from a row, or its 16-bit half
  function automatic logic [31:0] rval(input logic [1023:0] row, input logic [4:0] t,
                                       input logic [6:0] idx, input logic w16, input logic hi,
                                       input logic [7:0] gprs);
    logic [31:0] v;
    v = row[32*t +: 32];
    if ({1'b0, idx} >= gprs) v = 32'd0;
    if (w16) v = hi ? {16'd0, v[31:16]} : {16'd0, v[15:0]};
    rval = v;
  endfunction

  // the c[] operand (B or C)
  logic        cop_w16;                 // the c[] operand (B or C): 16-bit access
  logic [2:0]  cop_aidx;
  logic [15:0] cop_off;
  logic [3:0]  cop_bank;
  assign cop_w16  = (xd.c.kind == S_CONST) ? xd.c.w16  : xd.b.w16;
  assign cop_aidx = (xd.c.kind == S_CONST) ? xd.c.aidx : xd.b.aidx;
  assign cop_off  = (xd.c.kind == S_CONST) ? xd.c.off  : xd.b.off;
  assign cop_bank = (xd.c.kind == S_CONST) ? xd.c.bank : xd.b.bank;

  // ------------------------------------------------------------ row selects
  // ($a and $c registers named by the instruction; constant while it runs)
  logic [511:0] a_sh_row, a_cm_row, a_src_row, a_pi_row, a_dst_row;
  logic [127:0] c_pred_row, c_cond_row, c_dst_row;
  logic [2:0]   a_dst_idx;
  always_comb begin
    a_sh_row   = a_q[2'(xd.a.aidx - 3'd1)];
    a_cm_row   = a_q[2'(cop_aidx - 3'd1)];
    a_src_row  = a_q[2'(xd.asrc - 3'd1)];
    a_pi_row   = a_q[2'(xd.pi_a - 3'd1)];
    a_dst_idx  = (xd.dkind == D_A && xd.didx[2:0] != 3'd0) ? xd.didx[2:0] : xd.pi_a;
    a_dst_row  = a_q[2'(a_dst_idx - 3'd1)];
    c_pred_row = c_q[xd.pred_c];
    c_cond_row = c_q[xd.cond_c];
    c_dst_row  = c_q[xd.cdst];
  end

  // ------------------------------------------------------------ predicate
  logic [31:0] pred_vec;
  for (genvar t = 0; t < 32; t++) begin : g_pred
    assign pred_vec[t] = nv50_pkg::pred_eval(xd.pred, c_pred_row[4*t +: 4]);
  end

  // ------------------------------------------------------------ thread slot
  // Issue side (thread t_iss): s[] and c[] addresses.
  logic [4:0]  ti;
  logic [15:0] sh_addr;
  logic [14:0] cm_addr;
  logic        sh_in, cm_in;
  always_comb begin
    ti      = t_iss[4:0];
    sh_addr = aslice(a_sh_row, xd.a.aidx, ti) + xd.a.off;
    case (xd.a.mode)            // D10: rounded down to the access size
      2'd0:    ;
      2'd3:    sh_addr[1:0] = 2'b00;
      default: sh_addr[0] = 1'b0;
    endcase
    sh_in   = ({16'd0, sh_addr} < SHARED_B32);
    // c[] halfword address (byte address >> 1; the byte bit is dropped, D10)
    cm_addr = 15'((aslice(a_cm_row, cop_aidx, ti) + cop_off) >> 1);
    if (!cop_w16) cm_addr[0] = 1'b0;
    cm_in   = ({18'd0, cm_addr[14:1]} < CBANK_W32);
  end

  // Compute side (thread te): operand values and the ALU.
  logic [31:0] va, vb, vc, sh_val, cm_val, srval, alu_res, int_res, fpu_res;
  logic [3:0]  alu_flags, int_flags, fpu_flags, cvalue;
  logic [15:0] alu_ares, asrc_val, piv_val;
  logic        cin;
  always_comb begin
    // s[] read value by mode (u8, u16, s16, b32); 0 beyond the shared size
    case (xd.a.mode)
      2'd0:    sh_val = {24'd0, sh_rdata[8*sh_addr_q[1:0] +: 8]};
      2'd1:    sh_val = {16'd0, sh_rdata[16*sh_addr_q[1] +: 16]};
      2'd2:    sh_val = {{16{sh_rdata[16*sh_addr_q[1] + 15]}}, sh_rdata[16*sh_addr_q[1] +: 16]};
      default: sh_val = sh_rdata;
    endcase
    if (!sh_in_q) sh_val = 32'd0;
    cm_val = cop_w16 ? {16'd0, cm_rdata[16*cm_addr_q +: 16]} : cm_rdata;
    if (!cm_in_q) cm_val = 32'd0;

    case (xd.a.kind)
      S_REG:    va = rval(ra_q, te, xd.a.idx, xd.a.w16, xd.a.hi, gprs_q);
      S_SHARED: va = sh_val;
      S_IMM:    va = xd.a.imm;
      default:  va = 32'd0;
    endcase
    case (xd.b.kind)
      S_REG:   vb = rval(rb_q, te, xd.b.idx, xd.b.w16, xd.b.hi, gprs_q);
      S_CONST: vb = cm_val;
      S_IMM:   vb = xd.b.imm;
      default: vb = 32'd0;
    endcase
    case (xd.c.kind)
      S_REG:   vc = rval(rc_q, te, xd.c.idx, xd.c.w16, xd.c.hi, gprs_q);
      S_CONST: vc = cm_val;
      default: vc = 32'd0;
    endcase
    cvalue   = c_cond_row[4*te +: 4];
    cin      = cvalue[2];
    asrc_val = aslice(a_src_row, xd.asrc, te);
    piv_val  = aslice(a_pi_row, xd.pi_a, te) + xd.pi_amt;
    srval    = (xd.sreg == 4'd1) ? clk_snap : sr_q[32*te +: 32];
  end

  nv50_alu u_alu (
    .cls(xd.cls), .b32(xd.b32), .sgn(xd.sgn), .sat(xd.sat), .aop(xd.aop), .lop(xd.lop),
    .not1(xd.not1), .not2(xd.not2), .mul24(xd.mul24), .high(xd.high), .s1sgn(xd.s1sgn),
    .s2sgn(xd.s2sgn), .setc(xd.setc), .ismin(xd.ismin), .shr(xd.shr), .shcnt_imm(xd.shcnt_imm),
    .offs(xd.offs), .va(va), .vb(vb), .vc(vc), .cin(cin), .cval(cvalue), .aval(asrc_val),
    .srval(srval), .res(int_res), .flags(int_flags), .ares(alu_ares));

  // float, SFU and conversion rows (classes C_FADD and above)
  nv50_fpu u_fpu (
    .cls(xd.cls), .sat(xd.sat), .b32(xd.b32), .neg1(xd.neg1), .neg2(xd.neg2), .neg3(xd.neg3),
    .abs1(xd.abs1), .abs2(xd.abs2), .rnd(xd.rnd), .fcond(xd.fcond), .ismin(xd.ismin),
    .sfop(xd.sfop), .cvd(xd.cvd), .cvs(xd.cvs), .rint(xd.rint), .cvssgn(xd.cvssgn),
    .cvdsgn(xd.cvdsgn), .fmul_sat(fpmode_q[0]), .zero_wins(fpmode_q[1]), .va(va), .vb(vb),
    .vc(vc), .res(fpu_res), .flags(fpu_flags));
  assign alu_res   = (xd.cls >= nv50_pkg::C_FADD) ? fpu_res   : int_res;
  assign alu_flags = (xd.cls >= nv50_pkg::C_FADD) ? fpu_flags : int_flags;

  // ------------------------------------------------------------ control flow
  logic [31:0] k_mask, k_exited, k_pc;
  logic [6:0]  k_sp;
  logic        k_push, k_trap, k_fault;
  logic [2:0]  k_push_t;
  logic [31:0] k_push_pc, k_push_mask;
  logic [2:0]  top_t;
  logic [31:0] top_pc, top_mask;
  always_comb begin
    top_t     = (sp_q != 7'd0) ? stk_type[6'(sp_q - 7'd1)] : 3'd0;
    top_pc    = stk_pc  [6'(sp_q - 7'd1)];
    top_mask  = stk_mask[6'(sp_q - 7'd1)];
    k_mask    = mask_q;
    k_exited  = exited_q;
    k_pc      = x_next;
    k_sp      = sp_q;
    k_push    = 1'b0;
    k_push_t  = 3'd0;
    k_push_pc = 32'd0;
    k_push_mask = 32'd0;
    k_trap    = 1'b0;
    k_fault   = 1'b0;
    if (xd.cls == C_CTRL) begin
      case (xd.ctrl)
        nv50_pkg::K_BRA: begin
          if (exec_q == 32'd0) ;                           // not taken: next
          else if (exec_q == mask_q) k_pc = xd.target;
          else begin
            k_push = 1'b1; k_push_t = E_BRANCH; k_push_pc = x_next;
            k_push_mask = mask_q & ~exec_q;
            k_mask = exec_q;
            k_pc   = xd.target;
          end
        end
        nv50_pkg::K_CALL: begin
          k_push = 1'b1; k_push_t = E_CALL; k_push_pc = x_next; k_push_mask = mask_q;
          k_pc = xd.target;
        end
        nv50_pkg::K_RET, nv50_pkg::K_BREAK: k_mask = mask_q & ~exec_q;
        nv50_pkg::K_BRKADDR: begin
          k_push = 1'b1; k_push_t = E_BREAK; k_push_pc = xd.target; k_push_mask = mask_q;
        end
        nv50_pkg::K_JOINAT: begin
          k_push = 1'b1; k_push_t = E_JOINAT; k_push_pc = xd.target; k_push_mask = mask_q;
        end
        nv50_pkg::K_QUADON: begin
          k_push = 1'b1; k_push_t = E_QUADON; k_push_pc = x_next; k_push_mask = mask_q;
          k_mask = nv50_pkg::quad_expand(mask_q);
        end
        nv50_pkg::K_QUADPOP: begin
          if (sp_q == 7'd0 || top_t != E_QUADON) k_fault = 1'b1;
          else begin k_sp = sp_q - 7'd1; k_mask = top_mask; end
        end
        nv50_pkg::K_TRAP: k_trap = 1'b1;
        nv50_pkg::K_BAR, nv50_pkg::K_BRKPT: ;    // no effect
        default: ;
      endcase
      if (k_push) begin
        if (sp_q >= stklim_q) k_fault = 1'b1;   // overflow
        else k_sp = sp_q + 7'd1;
      end
    end
    if (xd.exit_m) begin
      k_exited = exited_q | exec_q;
      k_mask   = k_mask & ~exec_q;
    end
    if (xd.join_m) begin
      if (sp_q == 7'd0) k_fault = 1'b1;
      else begin
        k_sp = sp_q - 7'd1;
        if (top_t == E_BRANCH) begin
          k_mask = top_mask & ~k_exited; k_pc = top_pc;
        end else if (top_t == E_JOINAT) begin
          k_mask = top_mask & ~k_exited; k_pc = x_next;
        end else k_fault = 1'b1;
      end
    end
  end

  // Unwind step: the entry below n_sp (a push of this instruction not yet
  // written to the stack is seen at its slot).
  logic [2:0]  w_t;
  logic [31:0] w_pc, w_mask, w_m;
  logic [6:0]  w_idx;
  always_comb begin
    w_idx = n_sp - 7'd1;
    if (n_push && w_idx == sp_q) begin
      w_t = n_push_t; w_pc = n_push_pc; w_mask = n_push_mask;
    end else begin
      w_t = stk_type[w_idx[5:0]]; w_pc = stk_pc[w_idx[5:0]]; w_mask = stk_mask[w_idx[5:0]];
    end
    w_m = w_mask & ~n_exited;
  end

  // ------------------------------------------------------------ commit data
  logic [31:0]   lm_vec, wr_lanes;
  logic          r_we, o_we_v, c_we_v, a_we_v, pia_we_v;
  logic [1023:0] r_row, o_row;
  logic [127:0]  c_row;
  logic [511:0]  a_row;
  logic [2:0]    a_idx;
  logic [31:0]   r_bits;
  for (genvar t = 0; t < 32; t++) begin : g_lm
    assign lm_vec[t] = xd.lanemask[t % 4];
  end
  always_comb begin
    wr_lanes = exec_q & lm_vec;
    r_we     = (xd.dkind == D_R32 || xd.dkind == D_R16) && ({1'b0, xd.didx} < gprs_q) &&
               (wr_lanes != 32'd0);
    o_we_v   = (xd.dkind == D_O32 || xd.dkind == D_O16) && (wr_lanes != 32'd0);
    r_bits   = (xd.dkind == D_R32) ? 32'hffff_ffff : (xd.dhi ? 32'hffff_0000 : 32'h0000_ffff);
    c_we_v   = xd.cdst_en && (exec_q != 32'd0);
    a_we_v   = (xd.dkind == D_A) && (xd.didx[2:0] != 3'd0) && (exec_q != 32'd0);   // D24
    pia_we_v = xd.pi && (exec_q != 32'd0);
    a_idx    = a_dst_idx;
  end
  for (genvar t = 0; t < 32; t++) begin : g_row
    logic [31:0] old_w, res_w;
    assign old_w = rd_q[32*t +: 32];
    assign res_w = res_q[32*t +: 32];
    // the destination register / o[] word after the write
    assign r_row[32*t +: 32] = !wr_lanes[t]       ? old_w :
                               (xd.dkind == D_R32) ? res_w :
                               xd.dhi              ? {res_w[15:0], old_w[15:0]} :
                                                     {old_w[31:16], res_w[15:0]};
    assign o_row[32*t +: 32] = !wr_lanes[t]       ? old_w :
                               (xd.dkind == D_O32) ? res_w : {res_w[15:0], res_w[15:0]};
    // $c destination, $a destination / post-increment
    assign c_row[4*t +: 4]   = exec_q[t] ? flg_q[4*t +: 4] : c_dst_row[4*t +: 4];
    assign a_row[16*t +: 16] = !exec_q[t] ? a_dst_row[16*t +: 16] :
                               a_we_v     ? ares_q[16*t +: 16] : piv_q[16*t +: 16];
  end

  // ------------------------------------------------------------ RAM ports
  always_comb begin
    gpr_raddr = xd.a.idx;
    case (rd_step)
      3'd0:    gpr_raddr = xd.a.idx;
      3'd1:    gpr_raddr = xd.b.idx;
      3'd2:    gpr_raddr = xd.c.idx;
      default: gpr_raddr = xd.didx;
    endcase
    o_raddr  = xd.didx;
    sr_raddr = xd.sreg;
    sh_raddr = sh_addr[SAW+1:2];
    cm_raddr = CAW'(cop_bank) * CAW'(CBANK_WORDS) + CAW'(cm_addr[14:1]);
    // write ports: load port while idle, commit while running
    gpr_waddr = ld_addr[6:0];
    gpr_wdata = {32{ld_data}};
    gpr_we    = '0;
    o_waddr   = xd.didx;
    o_wdata   = o_row;
    o_we      = '0;
    sr_waddr  = ld_addr[3:0];
    sr_wdata  = {32{ld_data}};
    sr_we     = '0;
    cm_waddr  = CAW'(32'(ld_addr[19:14]) * CBANK_W32 + 32'(ld_addr[13:0]));
    cm_we     = 1'b0;
    sh_waddr  = ld_addr[SAW-1:0];
    sh_we     = 1'b0;
    if (!running_q) begin
      if (ld_we && ld_sel == 3'd1 && ld_addr < 20'd128) begin
        gpr_we[2*ld_lane]     = 1'b1;
        gpr_we[2*ld_lane + 1] = 1'b1;
      end
      if (ld_we && ld_sel == 3'd6 && ld_addr < 20'd9)
        sr_we[ld_lane] = 1'b1;
      if (ld_we && ld_sel == 3'd4 && ld_addr[19:18] == 2'd0 && 32'(ld_addr[13:0]) < CBANK_W32)
        cm_we = 1'b1;
      if (ld_we && ld_sel == 3'd5 && 32'(ld_addr) < 32'(SHARED_WORDS))
        sh_we = 1'b1;
    end else if (x_state == X_CMT) begin
      gpr_waddr = xd.didx;
      gpr_wdata = r_row;
      if (r_we) gpr_we = '1;
      if (o_we_v) o_we = '1;
    end
  end

  // ------------------------------------------------------------ fetch hand-off
  always_comb begin
    consume     = (x_state == X_WAIT) && (f_state == F_HOLD) && (ifx_pc == pc_q);
    redirect    = 1'b0;
    redirect_pc = pc_q;
    if (x_state == X_IDLE && start) begin
      redirect = 1'b1; redirect_pc = pc_q;
    end else if (x_state == X_WAIT && f_state == F_HOLD && ifx_pc != pc_q) begin
      redirect = 1'b1; redirect_pc = pc_q;
    end else if (x_state == X_CMT && !u_end && !n_trap && n_pc != x_next) begin
      redirect = 1'b1; redirect_pc = n_pc;
    end
  end

  // ------------------------------------------------------------ sequencer
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      running_q  <= 1'b0;
      done_q     <= 1'b0;
      fault_q    <= 1'b0;
      fault_pc_q <= 32'd0;
      pc_q       <= 32'd0;
      mask_q     <= 32'hffff_ffff;
      exited_q   <= 32'd0;
      gprs_q     <= 8'd128;
      stklim_q   <= 7'd16;
      fpmode_q   <= 3'd0;
      sp_q       <= 7'd0;
      for (int i = 0; i < 64; i++) begin
        stk_type[i] <= 3'd0; stk_pc[i] <= 32'd0; stk_mask[i] <= 32'd0;
      end
      for (int i = 0; i < 4; i++) begin c_q[i] <= '0; a_q[i] <= '0; end
      cyc_q      <= 32'd0;
      x_state    <= X_IDLE;
      xd         <= '0;
      x_pc       <= 32'd0;
      x_w0       <= 32'd0;
      x_w1       <= 32'd0;
      x_next     <= 32'd0;
      x_ff       <= 1'b0;
      exec_q     <= 32'd0;
      clk_snap   <= 32'd0;
      rd_step    <= 3'd0;
      ra_q       <= '0;
      rb_q       <= '0;
      rc_q       <= '0;
      rd_q       <= '0;
      sr_q       <= '0;
      t_iss      <= 6'd0;
      te_v       <= 1'b0;
      te         <= 5'd0;
      sh_addr_q  <= 2'd0;
      cm_addr_q  <= 1'b0;
      sh_in_q    <= 1'b0;
      cm_in_q    <= 1'b0;
      res_q      <= '0;
      flg_q      <= '0;
      ares_q     <= '0;
      piv_q      <= '0;
      n_mask     <= 32'd0;
      n_exited   <= 32'd0;
      n_pc       <= 32'd0;
      n_sp       <= 7'd0;
      n_push     <= 1'b0;
      n_trap     <= 1'b0;
      n_push_t   <= 3'd0;
      n_push_pc  <= 32'd0;
      n_push_mask <= 32'd0;
      u_end      <= 1'b0;
      u_epc      <= 32'd0;
      rt_valid   <= 1'b0;
      rt_pc      <= 32'd0;
      rt_next_pc <= 32'd0;
      rt_w0      <= 32'd0;
      rt_w1      <= 32'd0;
      rt_nwords  <= 2'd0;
      rt_flags   <= 5'd0;
      rt_exec    <= 32'd0;
      rt_r_we    <= 1'b0;
      rt_r_idx   <= 7'd0;
      rt_r_bits  <= 32'd0;
      rt_r_lanes <= 32'd0;
      rt_r_val   <= '0;
      rt_o_we    <= 1'b0;
      rt_o_idx   <= 7'd0;
      rt_o_lanes <= 32'd0;
      rt_o_val   <= '0;
      rt_c_we    <= 1'b0;
      rt_c_idx   <= 2'd0;
      rt_c_lanes <= 32'd0;
      rt_c_val   <= '0;
      rt_a_we    <= 1'b0;
      rt_a_idx   <= 3'd0;
      rt_a_lanes <= 32'd0;
      rt_a_val   <= '0;
      rt_mask_we <= 1'b0;
      rt_mask    <= 32'd0;
      rt_exited_we <= 1'b0;
      rt_exited  <= 32'd0;
      rt_depth_we <= 1'b0;
      rt_depth   <= 8'd0;
    end else begin
      cyc_q    <= cyc_q + 32'd1;
      rt_valid <= 1'b0;

      // ---------------------------------------------------- load port
      if (ld_we && !running_q) begin
        case (ld_sel)
          3'd2: if (ld_addr < 20'd4) c_q[ld_addr[1:0]][4*ld_lane +: 4] <= ld_data[3:0];
          3'd3: if (ld_addr >= 20'd1 && ld_addr <= 20'd4)
                  a_q[2'(ld_addr[2:0] - 3'd1)][16*ld_lane +: 16] <= ld_data[15:0];
          3'd7: begin
            case (ld_addr)
              20'd0: mask_q   <= ld_data;
              20'd1: pc_q     <= ld_data;
              20'd2: gprs_q   <= (ld_data == 32'd0) ? 8'd1 : (ld_data > 32'd128) ? 8'd128 : ld_data[7:0];
              20'd3: stklim_q <= (ld_data == 32'd0) ? 7'd1 : (ld_data > 32'd64) ? 7'd64 : ld_data[6:0];
              20'd4: exited_q <= ld_data;
              20'd5: fpmode_q <= ld_data[2:0];
              default: ;
            endcase
          end
          default: ;
        endcase
      end

      case (x_state)
        // ---------------------------------------------------- idle
        X_IDLE: begin
          if (start) begin
            running_q <= 1'b1;
            done_q    <= 1'b0;
            fault_q   <= 1'b0;
            sp_q      <= 7'd0;
            x_state   <= X_WAIT;
          end
        end
        // ---------------------------------------------------- take the instruction at pc
        X_WAIT: begin
          if (consume) begin
            xd      <= ifx_dec;
            x_pc    <= ifx_pc;
            x_w0    <= ifx_w0;
            x_w1    <= ifx_w1;
            x_ff    <= ifx_ff;
            x_next  <= ifx_pc + (ifx_w0[0] ? 32'd8 : 32'd4);
            x_state <= X_DEC;
          end
        end
        // ---------------------------------------------------- predicate
        X_DEC: begin
          if (x_ff || xd.fault) begin
            fault_q <= 1'b1; fault_pc_q <= x_pc; running_q <= 1'b0; x_state <= X_IDLE;
          end else begin
            exec_q   <= mask_q & (xd.pred_en ? pred_vec : 32'hffff_ffff);
            clk_snap <= cyc_q;
            rd_step  <= 3'd0;
            x_state  <= X_RD;
          end
        end
        // ---------------------------------------------------- register rows
        // step k presents read k (A, B, C, destination) and captures read k-1
        X_RD: begin
          case (rd_step)
            3'd1: begin ra_q <= gpr_rdata; sr_q <= sr_rdata; end
            3'd2: rb_q <= gpr_rdata;
            3'd3: rc_q <= gpr_rdata;
            3'd4: rd_q <= (xd.dkind == D_O32 || xd.dkind == D_O16) ? o_rdata : gpr_rdata;
            default: ;
          endcase
          if (rd_step == 3'd4) begin
            t_iss   <= 6'd0;
            te_v    <= 1'b0;
            x_state <= X_THR;
          end else rd_step <= rd_step + 3'd1;
          if (exec_q != 32'd0 && xd.dkind == D_A && xd.didx[2:0] != 3'd0 && xd.pi &&
              xd.didx[2:0] != xd.pi_a) begin
            // the retire port carries one $a write: shl $a with a post-increment
            // of another $a is not supported here
            fault_q <= 1'b1; fault_pc_q <= x_pc; running_q <= 1'b0; x_state <= X_IDLE;
          end
        end
        // ---------------------------------------------------- one thread per cycle
        X_THR: begin
          if (t_iss != 6'd32) begin
            sh_addr_q <= sh_addr[1:0];
            cm_addr_q <= cm_addr[0];
            sh_in_q   <= sh_in;
            cm_in_q   <= cm_in;
            te        <= ti;
            te_v      <= 1'b1;
            t_iss     <= t_iss + 6'd1;
          end else te_v <= 1'b0;
          if (te_v) begin
            for (int t = 0; t < 32; t++) begin
              if (te == 5'(t)) begin
                res_q [32*t +: 32] <= alu_res;
                flg_q [4*t +: 4]   <= alu_flags;
                ares_q[16*t +: 16] <= alu_ares;
                piv_q [16*t +: 16] <= piv_val;
              end
            end
          end
          if (t_iss == 6'd32 && te_v) x_state <= X_CTL;
        end
        // ---------------------------------------------------- control flow, join, exit
        X_CTL: begin
          n_mask      <= k_mask;
          n_exited    <= k_exited;
          n_pc        <= k_pc;
          n_sp        <= k_sp;
          n_push      <= k_push;
          n_push_t    <= k_push_t;
          n_push_pc   <= k_push_pc;
          n_push_mask <= k_push_mask;
          n_trap      <= k_trap;
          u_end       <= 1'b0;
          if (k_fault) begin
            fault_q <= 1'b1; fault_pc_q <= x_pc; running_q <= 1'b0; x_state <= X_IDLE;
          end else if (k_mask == 32'd0 && !k_trap) x_state <= X_UNW;
          else x_state <= X_CMT;
        end
        // ---------------------------------------------------- unwind while mask == 0
        X_UNW: begin
          if (n_sp == 7'd0) begin
            u_end   <= 1'b1;
            x_state <= X_CMT;
          end else begin
            n_sp <= n_sp - 7'd1;
            if (w_t == E_QUADON) begin
              fault_q <= 1'b1; fault_pc_q <= x_pc; running_q <= 1'b0; x_state <= X_IDLE;
            end else if (w_m != 32'd0) begin
              n_mask <= w_m;
              if (w_t == E_JOINAT) begin
                u_epc   <= w_pc;
                x_state <= X_UNWL;
              end else begin
                n_pc    <= w_pc;
                x_state <= X_CMT;
              end
            end
          end
        end
        // ---------------------------------------------------- JOINAT: skip the join instruction
        X_UNWL: begin
          // the join instruction must be in the program (both words of a long one)
          if (u_epc[1:0] != 2'b00 || {2'b00, u_epc[31:2]} >= IMEM_W32 || !fb_vld ||
              (fb_long && !fb_vld2)) begin
            fault_q <= 1'b1; fault_pc_q <= x_pc; running_q <= 1'b0; x_state <= X_IDLE;
          end else begin
            n_pc    <= u_epc + (fb_long ? 32'd8 : 32'd4);
            x_state <= X_CMT;
          end
        end
        // ---------------------------------------------------- commit and retire
        default: begin   // X_CMT
          if (c_we_v) c_q[xd.cdst] <= c_row;
          if (a_we_v || pia_we_v) a_q[2'(a_idx - 3'd1)] <= a_row;
          if (n_push) begin
            stk_type[sp_q[5:0]] <= n_push_t;
            stk_pc  [sp_q[5:0]] <= n_push_pc;
            stk_mask[sp_q[5:0]] <= n_push_mask;
          end
          mask_q   <= n_mask;
          exited_q <= n_exited;
          sp_q     <= n_sp;
          pc_q     <= n_trap ? x_next : n_pc;
          // retire record
          rt_valid   <= 1'b1;
          rt_pc      <= x_pc;
          rt_next_pc <= n_trap ? x_next : n_pc;
          rt_w0      <= x_w0;
          rt_w1      <= x_w1;
          rt_nwords  <= xd.long_i ? 2'd2 : 2'd1;
          rt_flags   <= {n_trap,
                         (xd.cls != C_CTRL) && (exec_q == 32'd0),
                         !n_trap && (n_pc != x_next),
                         u_end || n_trap,
                         xd.exit_m && (exec_q != 32'd0)};
          rt_exec    <= exec_q;
          rt_r_we    <= r_we;
          rt_r_idx   <= xd.didx;
          rt_r_bits  <= r_bits;
          rt_r_lanes <= r_we ? wr_lanes : 32'd0;
          rt_r_val   <= r_row;
          rt_o_we    <= o_we_v;
          rt_o_idx   <= xd.didx;
          rt_o_lanes <= o_we_v ? wr_lanes : 32'd0;
          rt_o_val   <= o_row;
          rt_c_we    <= c_we_v;
          rt_c_idx   <= xd.cdst;
          rt_c_lanes <= exec_q;
          rt_c_val   <= c_row;
          rt_a_we    <= a_we_v || pia_we_v;
          rt_a_idx   <= a_idx;
          rt_a_lanes <= exec_q;
          rt_a_val   <= a_row;
          rt_mask_we   <= n_mask != mask_q;
          rt_mask      <= n_mask;
          rt_exited_we <= n_exited != exited_q;
          rt_exited    <= n_exited;
          rt_depth_we  <= n_sp != sp_q;
          rt_depth     <= {1'b0, n_sp};
          if (u_end || n_trap) begin
            done_q    <= 1'b1;
            running_q <= 1'b0;
            x_state   <= X_IDLE;
          end else begin
            x_state   <= X_WAIT;
          end
        end
      endcase
    end
  end

  // second imem port: the instruction at a JOINAT entry's pc (its length)
  assign fb_addr = (x_state == X_UNW) ? w_pc[IAW+1:2] : u_epc[IAW+1:2];

  // ------------------------------------------------------------ outputs
  assign running  = running_q;
  assign done     = done_q;
  assign fault    = fault_q;
  assign fault_pc = fault_pc_q;

endmodule
