// tb_r700.sv - R700 lockstep bench: wiring only.  Loads the DUT with the
// state the checker hands out, starts it, and drives the ISA-neutral retire
// interface (testbenches/common/gpuref_retire_if.sv) from the core's retire
// port; the monitor gpuref_retire_mon feeds the checker.  Register files and
// retire record: model/r700/README.md; DUT ports: rtl/r700/README.md.
//
// Items the core does not hold (a non-zero depth, memory other than cb0-cb15,
// mem, scratch, reduction, lds)
// are reported on stdout when a test starts with them; such tests are in
// lockstep_skip.txt.
`include "testbenches/common/gpuref_retire_tail.svh"
module tb_r700 (input logic clk);
  import gpuref_check_pkg::*;
  import gpuref_pkg::*;

  localparam int LANES = 64;          // the model's lanes at most (config lanes=16|32|64)
  localparam int IMEM_WORDS = 4096;

  logic         rst_n, ld_we, start;
  logic [2:0]   ld_sel;
  logic [19:0]  ld_addr;
  logic [31:0]  ld_data;
  logic         running, done, fault;
  logic [31:0]  fault_pc;
  logic [3:0]   fault_why;
  logic         rt_valid, rt_last;
  logic [1:0]   rt_kind;
  logic [31:0]  rt_pc, rt_next_pc;
  logic [4:0]   rt_nwords;
  logic [16*32-1:0] rt_words;
  logic [1:0]   rt_flags;
  logic [LANES-1:0] rt_exec;
  logic [4:0]   rt_gw_en;
  logic [5*10-1:0] rt_gw_idx;
  logic [5*LANES-1:0] rt_gw_lanes;
  logic [5*LANES*32-1:0] rt_gw_val;
  logic [3:0]   rt_ar_en;
  logic [4*LANES-1:0] rt_ar_lanes;
  logic [4*LANES*9-1:0] rt_ar_val;
  logic [4:0]   rt_pr_en;
  logic [5*LANES-1:0] rt_pr_lanes, rt_pr_val;
  logic         rt_vm_we, rt_st_we, rt_al_we;
  logic [31:0]  rt_al;
  logic [LANES-1:0] rt_vm, rt_active;
  logic [7:0]   rt_depth;
  logic [LANES-1:0] rt_mw_en;
  logic [LANES*32-1:0] rt_mw_addr;
  logic [15:0]  rt_mw_mask;
  logic [3:0]   rt_mw_space;
  logic [4:0]   rt_mw_size;
  logic [LANES*128-1:0] rt_mw_data;

  localparam int STACK = 64;          // the model's stack_size at most (R700_MAXSTACK)
  r700_core #(.LANES(LANES), .IMEM_WORDS(IMEM_WORDS), .STACK(STACK), .CB_CONSTS(4096), .MEM_WORDS(262144),
               .BUF_WORDS(65536)) dut (.*);

  localparam int LD_AW = 20;          // ld_addr (testbenches/common/gpuref_tb_load.svh)
  longint unsigned pbase = 0;
  bit          seen_prog = 0;

  function automatic void map_item(input int kind, input string name, input int unsigned index,
                                   input int unsigned lane, input longint unsigned addr,
                                   input longint unsigned value);
    if (kind == 2) begin                                   // program word
      if (!seen_prog) begin pbase = addr; seen_prog = 1; ld_push(3'd3, 0, addr[31:0]); end
      ld_push(3'd0, int'((addr - pbase) >> 2), value[31:0]);
      return;
    end
    if (kind == 1) begin
      int unsigned bank;
      // cb0..cb15: constant buffers read by kcache (word c*4 + element)
      if (name.len() >= 3 && name.substr(0, 1) == "cb" && addr < 64'h10000) begin
        bank = name.substr(2, name.len() - 1).atoi();
        if (bank < 16) begin ld_push(3'd4, (bank << 14) | int'(addr >> 2), value[31:0]); return; end
      end
      // mem: the 1 MiB that fetches read (words)
      if (name == "mem" && addr < 64'h100000) begin ld_push(3'd7, int'(addr >> 2), value[31:0]); return; end
      // scratch, reduction: the MEM_* buffers the memory reads read (256 KiB each, model D49, D54)
      if (name == "scratch" && addr < 64'h40000) begin ld_push(3'd7, (1 << 18) | int'(addr >> 2), value[31:0]); return; end
      if (name == "reduction" && addr < 64'h40000) begin ld_push(3'd7, (2 << 18) | int'(addr >> 2), value[31:0]); return; end
      // lds: the local data share (16 KiB, model D49)
      if (name == "lds" && addr < 64'h4000) begin ld_push(3'd6, 32'h4000 + int'(addr >> 2), value[31:0]); return; end
      $display("r700 bench: memory word of %s at 0x%0h is not held by the core", name, addr);
      return;
    end
    case (name)
      "R":      if (lane < LANES) ld_push(3'd1, (lane << 10) | index, value[31:0]);
      "C":      ld_push(3'd2, index, value[31:0]);
      "active": begin ld_push(3'd3, 1, value[31:0]); ld_push(3'd3, 2, value[63:32]); end
      "valid":  begin ld_push(3'd3, 3, value[31:0]); ld_push(3'd3, 4, value[63:32]); end
      "B":      ld_push(3'd3, 5, value[31:0]);
      "aL":     ld_push(3'd3, 11, value[31:0]);
      "I":      ld_push(3'd6, index, value[31:0]);
      "RES":    if (index < 2048) ld_push(3'd6, 32'h1000 + index, value[31:0]);
      "SEM":    if (index < 256) ld_push(3'd6, 32'h2000 + index, value[31:0]);
      "AR":     if (lane < LANES) ld_push(3'd5, (lane << 10) | index, value[31:0]);
      "pred":   if (lane < LANES) ld_push(3'd5, (lane << 10) | 4, value[31:0]);
      "PV":     if (lane < LANES) ld_push(3'd5, (lane << 10) | (5 + index), value[31:0]);
      "PS":     if (lane < LANES) ld_push(3'd5, (lane << 10) | 9, value[31:0]);
      // the model's knobs, its read-only file `cfg` (model/r700/README.md "State"):
      // 0 stack_size, 1 gprs, 2 temps, 3 prefer_trans, 4 sub_guide, 5 shift_mask,
      // 6 flt_to_int_rne, 7 sin_radians, 8 lanes -> the core's ctrl 9, 10, 12, 8, 6, 7, 13, 14, 15
      "cfg":    if (index < 9) ld_push(3'd3, (index == 0) ? 9 : (index == 1) ? 10 : (index == 2) ? 12 :
                                             (index == 3) ? 8 : (index == 4) ? 6 : (index == 5) ? 7 :
                                             (index == 6) ? 13 : (index == 7) ? 14 : 15, value[31:0]);
      "pc", "pstate": ;                                    // the program base; lanes beyond LANES
      default:  $display("r700 bench: initial %s[%0d] lane %0d = 0x%0h is not held by the core",
                         name, index, lane, value);
    endcase
  endfunction

  // ---- the core's retire port onto the ISA-neutral interface:
  // write ports 0-4 GPR of unit x..t, 5-8 AR.x..w, 9 pred, 10 valid,
  // 11 active, 12 depth, 13 aL; memory-write port l: the export of lane l
  localparam int NRW = 18;
  gpuref_retire_if #(.LANES(LANES), .NREGW(NRW), .NMEMW(LANES), .NWB(1)) rif (clk);
  logic mon_stop;
  gpuref_retire_mon #(.LANES(LANES), .NREGW(NRW), .NMEMW(LANES), .NWB(1)) mon (.rif(rif), .rst_n(rst_n), .stop(mon_stop));
  int f_r, f_ar, f_pred, f_valid, f_active, f_depth, f_al, s_exp;
  int s_id [10];                       // rt_mw_space: export, mem, stream0-3, scratch, reduction, ring, lds

  `include "testbenches/common/gpuref_tb_load.svh"

  function automatic void bench_ids();
    f_r = gpuref_dpi_chk_file_id(chk, "R");          f_ar = gpuref_dpi_chk_file_id(chk, "AR");
    f_pred = gpuref_dpi_chk_file_id(chk, "pred");    f_valid = gpuref_dpi_chk_file_id(chk, "valid");
    f_active = gpuref_dpi_chk_file_id(chk, "active"); f_depth = gpuref_dpi_chk_file_id(chk, "depth");
    s_exp = gpuref_dpi_chk_space_id(chk, "export");
    s_id[0] = s_exp;                                 s_id[1] = gpuref_dpi_chk_space_id(chk, "mem");
    s_id[2] = gpuref_dpi_chk_space_id(chk, "stream0"); s_id[3] = gpuref_dpi_chk_space_id(chk, "stream1");
    s_id[4] = gpuref_dpi_chk_space_id(chk, "stream2"); s_id[5] = gpuref_dpi_chk_space_id(chk, "stream3");
    s_id[6] = gpuref_dpi_chk_space_id(chk, "scratch"); s_id[7] = gpuref_dpi_chk_space_id(chk, "reduction");
    s_id[8] = gpuref_dpi_chk_space_id(chk, "ring");  s_id[9] = gpuref_dpi_chk_space_id(chk, "lds");
    f_al = gpuref_dpi_chk_file_id(chk, "aL");
  endfunction

  function automatic void bench_collected();
  endfunction

  always_comb begin
    rif.valid = rt_valid && phase == 4;
    rif.last = rt_last;
    rif.wave = 16'd0;
    rif.pc = 64'(rt_pc);
    rif.next_pc = 64'(rt_next_pc);
    rif.nwords = rt_nwords;
    for (int i = 0; i < 16; i++) rif.words[i] = rt_words[32*i +: 32];
    rif.kind = 16'(rt_kind);
    rif.stream = 16'(rt_kind);
    rif.flags = (rt_flags[0] ? GPUREF_RETIRE_BRANCH : 32'd0) | (rt_flags[1] ? GPUREF_RETIRE_END : 32'd0);
    rif.exec_mask = 64'(rt_exec);
    for (int i = 0; i < NRW; i++) begin
      rif.rw_en[i] = 1'b0; rif.rw_file[i] = 16'd0; rif.rw_index[i] = 16'd0; rif.rw_slot[i] = -8'sd1;
      rif.rw_bits[i] = 64'hffffffff; rif.rw_lanes[i] = 64'd0;
      for (int l = 0; l < LANES; l++) rif.rw_val[i][l] = 64'd0;
    end
    for (int u = 0; u < 5; u++) begin
      rif.rw_en[u] = rt_gw_en[u]; rif.rw_file[u] = 16'(f_r); rif.rw_index[u] = 16'(rt_gw_idx[10*u +: 10]);
      rif.rw_slot[u] = rt_kind == 2'd2 ? -8'sd1 : 8'(u);   // a fetch's writes have no slot
      rif.rw_lanes[u] = 64'(rt_gw_lanes[LANES*u +: LANES]);
      for (int l = 0; l < LANES; l++) rif.rw_val[u][l] = 64'(rt_gw_val[32*(LANES*u + l) +: 32]);
    end
    for (int u = 0; u < 4; u++) begin
      rif.rw_en[5 + u] = rt_ar_en[u]; rif.rw_file[5 + u] = 16'(f_ar); rif.rw_index[5 + u] = 16'(u);
      rif.rw_slot[5 + u] = 8'(u); rif.rw_bits[5 + u] = 64'h1ff;
      rif.rw_lanes[5 + u] = 64'(rt_ar_lanes[LANES*u +: LANES]);
      for (int l = 0; l < LANES; l++) rif.rw_val[5 + u][l] = 64'(rt_ar_val[9*(LANES*u + l) +: 9]);
    end
    for (int u = 0; u < 5; u++) begin : prw    // pred of slot u: port 9, then 14-17
      int i;
      i = u == 0 ? 9 : 13 + u;
      rif.rw_en[i] = rt_pr_en[u]; rif.rw_file[i] = 16'(f_pred); rif.rw_slot[i] = 8'(u);
      rif.rw_bits[i] = 64'h1; rif.rw_lanes[i] = 64'(rt_pr_lanes[LANES*u +: LANES]);
      for (int l = 0; l < LANES; l++) rif.rw_val[i][l] = 64'(rt_pr_val[LANES*u + l]);
    end
    rif.rw_en[10] = rt_vm_we; rif.rw_file[10] = 16'(f_valid); rif.rw_bits[10] = '1;
    rif.rw_lanes[10] = 64'd1; rif.rw_val[10][0] = 64'(rt_vm);
    rif.rw_en[11] = rt_st_we; rif.rw_file[11] = 16'(f_active); rif.rw_bits[11] = '1;
    rif.rw_lanes[11] = 64'd1; rif.rw_val[11][0] = 64'(rt_active);
    rif.rw_en[12] = rt_st_we; rif.rw_file[12] = 16'(f_depth); rif.rw_bits[12] = 64'hff;
    rif.rw_lanes[12] = 64'd1; rif.rw_val[12][0] = 64'(rt_depth);
    rif.rw_en[13] = rt_al_we; rif.rw_file[13] = 16'(f_al); rif.rw_bits[13] = 64'hffffffff;
    rif.rw_lanes[13] = 64'd1; rif.rw_val[13][0] = 64'(rt_al);
    for (int l = 0; l < LANES; l++) begin
      rif.mw_en[l] = rt_mw_en[l]; rif.mw_space[l] = 16'(rt_mw_space < 4'd10 ? s_id[rt_mw_space] : s_exp);
      rif.mw_addr[l] = 64'(rt_mw_addr[32*l +: 32]); rif.mw_lane[l] = 8'(l); rif.mw_size[l] = rt_mw_size;
      rif.mw_mask[l] = rt_mw_mask; rif.mw_data[l] = rt_mw_data[128*l +: 128]; rif.mw_slot[l] = -8'sd1;
    end
    `GPUREF_RIF_WB_IDLE(LANES)
    `GPUREF_RIF_END(4, fault_pc)
  end

  `GPUREF_TB_FAULT_REPORT("r700", "rtl/r700/README.md, Faults")

  logic unused_dut;
  assign unused_dut = ^{running, fault_why};
endmodule
