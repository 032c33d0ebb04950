// tb_usc.sv - USC lockstep bench: wiring only.  Loads the core with the
// state the checker hands out, starts it, and drives the ISA-neutral retire
// interface (testbenches/common/gpuref_retire_if.sv) from the core's retire
// port; the monitor gpuref_retire_mon feeds the checker.  Register files
// and retire record: model/usc/README.md; DUT ports: rtl/usc/README.md.
//
// The checker hands out the nonzero registers, and every register of the
// model's read-only file `cfg`: Pe (1 at the core's reset) is cleared first,
// then set from the items; the knobs (instances, the register counts,
// fmad_fused, cvt_f64_int_rne, small_float_sat, sop_fused) go to the core's ctrl
// registers 2-11 (rtl/usc/README.md, decision R3); the words of the space mem
// to its data memory, whose window (ctrl 12) holds the lowest of them (R19).
// The words of the spaces itr and tex go to the core's iterator and texture
// memories (load-port selects 5 and 6, R22).
// The core's memory writes (ST, ATOM, ATST, DEPTHF, UVSW) and the loads and
// atomics a group makes visible (deferred write-backs, tagged with the
// issuing group) go onto the interface's memory-write and write-back ports.
`include "testbenches/common/gpuref_retire_tail.svh"
module tb_usc (input logic clk);
  import gpuref_check_pkg::*;
  import gpuref_pkg::*;

  localparam int LANES = 32;

  logic          rst_n, ld_we, start;
  logic [2:0]    ld_sel;
  logic [19:0]   ld_addr;
  logic [31:0]   ld_data;
  logic          running, done, fault;
  logic [31:0]   fault_pc;
  logic [3:0]    fault_why;
  logic          rt_valid, rt_kind;
  logic [31:0]   rt_pc, rt_next_pc, rt_exec;
  logic [4:0]    rt_nwords;
  logic [511:0]  rt_words;
  logic [3:0]    rt_flags;
  logic [1:0]    rt_w_en;
  logic [7:0]    rt_w_bank, rt_w_slot;
  logic [767:0]  rt_w_addr;
  logic [2047:0] rt_w_val;
  logic          rt_p0_en, rt_pe_en, rt_cout_en, rt_link_en;
  logic [1:0]    rt_drc_en;
  logic [15:0]   rt_drc_val;
  logic [3:0]    rt_p0_slot, rt_link_slot;
  logic [31:0]   rt_p0_val, rt_pe_val, rt_cout_val, rt_link_val;
  logic [1:0]    rt_mw_space;
  logic [4095:0] rt_mw_addr;
  logic [639:0]  rt_mw_size;
  logic [2047:0] rt_mw_mask;
  logic [16383:0] rt_mw_data;
  logic [31:0]   rt_wb_en;
  logic [127:0]  rt_wb_bank;
  logic [383:0]  rt_wb_index;
  logic [511:0]  rt_wb_tag;
  logic [1023:0] rt_wb_lanes;
  logic [32767:0] rt_wb_val;

  // two instances per cycle: the pass logic runs (16 passes of a 32-instance
  // task), and the bench compiles in minutes (each lane is a copy of the datapath)
  usc_core #(.LPC(2)) dut (.*);

  localparam int LD_AW = 20;          // ld_addr (testbenches/common/gpuref_tb_load.svh)
  localparam longint unsigned DMEM_BYTES = 4 * 4096;   // the core's data window (DMEM_WORDS)
  localparam longint unsigned TEX_BYTES = 512 * 256;   // the texture words the core holds (NTEX 256)
  longint unsigned pbase = 0;
  bit          seen_prog = 0;
  int          unheld = 0;
  longint unsigned m_addr [$];        // the words of the space mem, loaded after the window's base
  logic [31:0]     m_val [$];

  function automatic void map_item(input int kind, input string name, input int unsigned index,
                                   input int unsigned lane, input longint unsigned addr,
                                   input longint unsigned value);
    if (kind == 2) begin                                   // program word
      if (!seen_prog) begin pbase = addr; seen_prog = 1; ld_push(3'd3, 0, addr[31:0]); end
      ld_push(3'd0, int'((addr - pbase) >> 2), value[31:0]);
      return;
    end
    if (kind == 1) begin                                   // memory word: mem, itr, tex (atst, depthf, uvs are written only)
      if (name == "mem") begin m_addr.push_back(addr); m_val.push_back(value[31:0]); end
      // the iterator's words (0x8000 m + 128 c + 4 l, m 0-2) and the texture
      // unit's (16 (32 t + l) + 4 j, t below the core's NTEX): load-port words (R22)
      else if (name == "itr" && addr % 4 == 0 && addr < 64'h18000) ld_push(3'd5, int'(addr >> 2), value[31:0]);
      else if (name == "tex" && addr % 4 == 0 && addr < TEX_BYTES) ld_push(3'd6, int'(addr >> 2), value[31:0]);
      else unheld++;
      return;
    end
    if (lane >= 32) begin unheld++; return; end
    case (name)
      "r":    ld_push(3'd1, (0 << 17) | (lane << 12) | index, value[31:0]);
      "vi":   ld_push(3'd1, (1 << 17) | (lane << 12) | index, value[31:0]);
      "i":    ld_push(3'd1, (2 << 17) | (lane << 12) | index, value[31:0]);
      "idx":  ld_push(3'd1, (3 << 17) | (lane << 12) | index, value[31:0]);
      "o":    ld_push(3'd1, (4 << 17) | (lane << 12) | index, value[31:0]);
      "p0":   ld_push(3'd1, (5 << 17) | (lane << 12), value[31:0]);
      "pe":   ld_push(3'd1, (6 << 17) | (lane << 12), value[31:0]);
      "cout": ld_push(3'd1, (7 << 17) | (lane << 12), value[31:0]);
      "cf":   ld_push(3'd2, (0 << 17) | index, value[31:0]);
      "cfa":  ld_push(3'd2, (1 << 17) | index, value[31:0]);
      "sh":   ld_push(3'd2, (2 << 17) | index, value[31:0]);
      "drc":  ld_push(3'd2, (3 << 17) | index, value[31:0]);
      "link": ld_push(3'd3, 1, value[31:0]);
      // the model's knobs, its read-only file `cfg` (model/usc/README.md "State"):
      // 0 instances, 1 temps, 2 vins, 3 shared, 4 coeffs, 5 internals,
      // 6 fmad_fused, 7 cvt_f64_int_rne, 8 small_float_sat, 9 sop_fused -> the core's ctrl 2..11
      "cfg":  if (index < 10) ld_push(3'd3, int'(index) + 2, value[31:0]);
              else unheld++;
      "pc": ;                                               // the program base
      default: unheld++;
    endcase
  endfunction

  // ---- the core's retire port onto the ISA-neutral interface:
  // write ports 32*w + l: W w of instance l (its register; a uniform bank as
  // one lane), 64 P0, 65 Pe, 66 COUT, 67 link, 68 DRC0, 69 DRC1
  // memory-write ports 4*l + c: chunk c of instance l (rt_mw_*); write-back
  // ports e: the outstanding register e the group makes visible (rt_wb_*)
  localparam int NRW = 70, NMW = 128, NWBP = 32;
  gpuref_retire_if #(.LANES(LANES), .NREGW(NRW), .NMEMW(NMW), .NWB(NWBP)) rif (clk);
  logic mon_stop;
  gpuref_retire_mon #(.LANES(LANES), .NREGW(NRW), .NMEMW(NMW), .NWB(NWBP)) mon (.rif(rif), .rst_n(rst_n), .stop(mon_stop));
  int f_bank [9];
  int f_p0, f_pe, f_cout, f_link, f_drc;
  int s_space [4];                    // mem, atst, depthf, uvs

  `include "testbenches/common/gpuref_tb_load.svh"

  function automatic void bench_ids();
    f_bank[0] = gpuref_dpi_chk_file_id(chk, "r");    f_bank[1] = gpuref_dpi_chk_file_id(chk, "vi");
    f_bank[2] = gpuref_dpi_chk_file_id(chk, "cf");   f_bank[3] = gpuref_dpi_chk_file_id(chk, "cfa");
    f_bank[4] = gpuref_dpi_chk_file_id(chk, "sh");   f_bank[5] = -1;
    f_bank[6] = gpuref_dpi_chk_file_id(chk, "i");    f_bank[7] = gpuref_dpi_chk_file_id(chk, "idx");
    f_bank[8] = gpuref_dpi_chk_file_id(chk, "o");
    f_p0 = gpuref_dpi_chk_file_id(chk, "p0");        f_pe = gpuref_dpi_chk_file_id(chk, "pe");
    f_cout = gpuref_dpi_chk_file_id(chk, "cout");    f_link = gpuref_dpi_chk_file_id(chk, "link");
    f_drc = gpuref_dpi_chk_file_id(chk, "drc");
    s_space[0] = gpuref_dpi_chk_space_id(chk, "mem");
    s_space[1] = gpuref_dpi_chk_space_id(chk, "atst");
    s_space[2] = gpuref_dpi_chk_space_id(chk, "depthf");
    s_space[3] = gpuref_dpi_chk_space_id(chk, "uvs");
    for (int l = 0; l < 32; l++) ld_push(3'd1, (6 << 17) | (l << 12), 32'd0);   // Pe from the items
  endfunction

  // the data window (ctrl 12): the DMEM_BYTES block holding the lowest
  // memory word; words outside it are not held (a load there reads 0)
  function automatic void bench_collected();
    longint unsigned lo = 0, b;
    foreach (m_addr[i]) if (i == 0 || m_addr[i] < lo) lo = m_addr[i];
    b = lo - (lo % DMEM_BYTES);
    ld_push(3'd3, 12, b[31:0]);
    foreach (m_addr[i])
      if (m_addr[i] >= b && m_addr[i] - b < DMEM_BYTES) ld_push(3'd4, int'((m_addr[i] - b) >> 2), m_val[i]);
      else unheld++;
    if (unheld != 0)
      $display("usc bench: %0d initial items are not held by the core", unheld);
  endfunction

  function automatic bit uniform(input logic [3:0] b);
    return b == 4'd2 || b == 4'd3 || b == 4'd4;
  endfunction

  always_comb begin
    rif.valid = rt_valid && phase == 4;
    rif.last = 1'b1;
    rif.wave = 16'd0;
    rif.pc = 64'(rt_pc);
    rif.next_pc = 64'(rt_next_pc);
    rif.nwords = rt_nwords;
    for (int i = 0; i < 16; i++) rif.words[i] = rt_words[32*i +: 32];
    rif.kind = 16'(rt_kind);
    rif.stream = 16'd0;
    rif.flags = (rt_flags[0] ? GPUREF_RETIRE_BRANCH : 32'd0) | (rt_flags[1] ? GPUREF_RETIRE_SKIP : 32'd0) |
                (rt_flags[2] ? (GPUREF_RETIRE_END | GPUREF_RETIRE_EXIT) : 32'd0) |
                (rt_flags[3] ? GPUREF_RETIRE_TRAP : 32'd0);
    rif.exec_mask = 64'(rt_exec);
    for (int i = 0; i < NRW; i++) begin
      rif.rw_en[i] = 1'b0; rif.rw_file[i] = 16'd0; rif.rw_index[i] = 16'd0; rif.rw_slot[i] = -8'sd1;
      rif.rw_bits[i] = 64'hffffffff; rif.rw_lanes[i] = 64'd0;
      for (int l = 0; l < LANES; l++) rif.rw_val[i][l] = 64'd0;
    end
    for (int w = 0; w < 2; w++)
      for (int l = 0; l < 32; l++) begin
        int p;
        logic [3:0] b;
        p = 32*w + l;
        b = rt_w_bank[4*w +: 4];
        rif.rw_en[p] = rt_w_en[w] && rt_exec[l];
        rif.rw_file[p] = 16'(f_bank[b <= 4'd8 ? b : 4'd5]);
        rif.rw_index[p] = 16'(rt_w_addr[12*(32*w + l) +: 12]);
        rif.rw_slot[p] = 8'(rt_w_slot[4*w +: 4]);
        if (uniform(b)) begin
          rif.rw_lanes[p] = 64'd1;
          rif.rw_val[p][0] = 64'(rt_w_val[32*(32*w + l) +: 32]);
        end else begin
          rif.rw_lanes[p] = 64'd1 << l;
          rif.rw_val[p][l] = 64'(rt_w_val[32*(32*w + l) +: 32]);
        end
      end
    rif.rw_en[64] = rt_p0_en; rif.rw_file[64] = 16'(f_p0); rif.rw_slot[64] = 8'(rt_p0_slot);
    rif.rw_en[65] = rt_pe_en; rif.rw_file[65] = 16'(f_pe); rif.rw_slot[65] = 8'd0;
    rif.rw_en[66] = rt_cout_en; rif.rw_file[66] = 16'(f_cout); rif.rw_slot[66] = 8'd0;
    for (int k = 64; k < 67; k++) begin
      rif.rw_bits[k] = 64'h1; rif.rw_lanes[k] = 64'(rt_exec);
    end
    for (int l = 0; l < LANES; l++) begin
      rif.rw_val[64][l] = 64'(rt_p0_val[l]);
      rif.rw_val[65][l] = 64'(rt_pe_val[l]);
      rif.rw_val[66][l] = 64'(rt_cout_val[l]);
    end
    rif.rw_en[67] = rt_link_en; rif.rw_file[67] = 16'(f_link); rif.rw_slot[67] = 8'(rt_link_slot);
    rif.rw_lanes[67] = 64'd1; rif.rw_val[67][0] = 64'(rt_link_val);
    for (int d = 0; d < 2; d++) begin
      rif.rw_en[68 + d] = rt_drc_en[d]; rif.rw_file[68 + d] = 16'(f_drc); rif.rw_index[68 + d] = 16'(d);
      rif.rw_slot[68 + d] = 8'(usc_pkg::SL_BE); rif.rw_bits[68 + d] = 64'hff; rif.rw_lanes[68 + d] = 64'd1;
      rif.rw_val[68 + d][0] = 64'(rt_drc_val[8*d +: 8]);
    end
    for (int p = 0; p < NMW; p++) begin
      rif.mw_en[p] = rt_mw_mask[16*p +: 16] != 16'd0;
      rif.mw_space[p] = 16'(s_space[rt_mw_space]);
      rif.mw_addr[p] = 64'(rt_mw_addr[32*p +: 32]);
      rif.mw_lane[p] = 8'(p / 4);
      rif.mw_size[p] = rt_mw_size[5*p +: 5];
      rif.mw_mask[p] = rt_mw_mask[16*p +: 16];
      rif.mw_data[p] = rt_mw_data[128*p +: 128];
      rif.mw_slot[p] = 8'(usc_pkg::SL_BE);
    end
    for (int e = 0; e < NWBP; e++) begin
      logic [3:0] b;
      b = rt_wb_bank[4*e +: 4];
      rif.wb_en[e] = rt_valid && phase == 4 && rt_wb_en[e];
      rif.wb_wave[e] = 16'd0;
      rif.wb_tag[e] = 64'(rt_wb_tag[16*e +: 16]);
      rif.wb_file[e] = 16'(f_bank[b <= 4'd8 ? b : 4'd5]);
      rif.wb_index[e] = 16'(rt_wb_index[12*e +: 12]);
      rif.wb_bits[e] = 64'hffffffff;
      rif.wb_lanes[e] = 64'(rt_wb_lanes[32*e +: 32]);
      for (int l = 0; l < LANES; l++) rif.wb_val[e][l] = 64'(rt_wb_val[32*(32*e + l) +: 32]);
    end
    `GPUREF_RIF_END(4, fault_pc)
  end

  `GPUREF_TB_FAULT_REPORT("usc", "rtl/usc/README.md, Ports")

  logic unused_dut;
  assign unused_dut = ^{running, fault_why};
endmodule
