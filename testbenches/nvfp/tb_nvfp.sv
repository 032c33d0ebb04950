// tb_nvfp.sv - NVFP lockstep bench: wiring only.  Loads the quad processor
// with the state the checker hands out, starts it, and drives the
// ISA-neutral retire interface (testbenches/common/gpuref_retire_if.sv) from
// the core's retire port; the monitor gpuref_retire_mon feeds the checker.
// Register files and retire record: model/nvfp/README.md; DUT ports:
// rtl/nvfp/README.md.
//
// The H and I files are views of R (the core holds R and the format tags),
// so their items are not loaded.  The texture descriptors (`tex` file) go
// through the load port (ctrl 64 + id*4 + field); the `tex` memory space is
// the bench's memory model `texmem` (1 MiB as 16-byte lines, little-endian),
// written directly from the items and read by the core's texture port
// (tm_re, tm_line; the line in tm_rdata the next cycle).
`include "testbenches/common/gpuref_retire_tail.svh"
module tb_nvfp (input logic clk);
  import gpuref_check_pkg::*;
  import gpuref_pkg::*;

  localparam int LANES = 4;

  logic         rst_n, ld_we, start;
  logic [2:0]   ld_sel;
  logic [15:0]  ld_addr;
  logic [31:0]  ld_data;
  logic         running, done, fault;
  logic [31:0]  fault_pc;
  logic [3:0]   fault_why;
  logic         rt_valid, rt_end;
  logic [31:0]  rt_pc;
  logic [127:0] rt_words;
  logic [3:0]   rt_rw_en;
  logic [19:0]  rt_rw_idx;
  logic [127:0] rt_rw_bits;
  logic [15:0]  rt_rw_lanes;
  logic [511:0] rt_rw_val;
  logic         rt_fmt_en;
  logic [2:0]   rt_fmt_idx;
  logic [3:0]   rt_fmt_lanes;
  logic [1:0]   rt_fmt_val;
  logic [3:0]   rt_cc_en;
  logic [15:0]  rt_cc_lanes;
  logic [31:0]  rt_cc_val;
  logic         rt_kill_en;
  logic [3:0]   rt_kill_lanes;
  logic         tm_re;
  logic [15:0]  tm_line;
  logic [127:0] tm_rdata;

  nvfp_core dut (.*);

  // ---- the `tex` memory model: 65536 lines of 16 bytes, one read per cycle
  logic [127:0] texmem [65536];
  initial for (int i = 0; i < 65536; i++) texmem[i] = 128'd0;   // the model's space starts zero
  always @(posedge clk) if (tm_re) tm_rdata <= texmem[tm_line];

  localparam int LD_AW = 16;          // ld_addr (testbenches/common/gpuref_tb_load.svh)
  longint unsigned pbase = 0;
  bit          seen_prog = 0;
  int          unheld = 0;     // initial items the bench does not hold (other memory spaces)

  function automatic void map_item(input int kind, input string name, input int unsigned index,
                                   input int unsigned lane, input longint unsigned addr,
                                   input longint unsigned value);
    if (kind == 2) begin                                   // program word
      if (!seen_prog) begin pbase = addr; seen_prog = 1; ld_push(3'd7, 0, addr[31:0]); end
      ld_push(3'd0, int'((addr - pbase) >> 2), value[31:0]);
      return;
    end
    if (kind == 1) begin
      if (name == "tex" && addr < 64'h100000)                // a 32-bit word of the tex space
        texmem[addr[19:4]][32*addr[3:2] +: 32] = value[31:0];
      else
        unheld++;
      return;
    end
    case (name)
      "R":    ld_push(3'd1, (lane << 5) | index, value[31:0]);
      "p":    ld_push(3'd2, (lane << 6) | index, value[31:0]);
      "c":    ld_push(3'd3, index, value[31:0]);
      "fmt":  ld_push(3'd4, (lane << 3) | index, value[31:0]);
      "CC":   ld_push(3'd5, (lane << 2) | index, value[31:0]);
      "kill": ld_push(3'd6, lane, value[31:0]);
      "tex":  ld_push(3'd7, 64 + index, value[31:0]);       // descriptor id*4 + (base, width, height, mode)
      // the model's configuration, its read-only file `cfg` (model/nvfp/README.md
      // "State"): 0 frc_clamp, 1 kil_stop -> the core's ctrl registers 1 and 2
      "cfg":  if (index < 2) ld_push(3'd7, index + 1, value[31:0]);
      "H", "I", "pc": ;                                    // views of R; the program base
      default: unheld++;
    endcase
  endfunction

  // ---- the core's retire port onto the ISA-neutral interface:
  // write ports 0-3 the R words of the destination chunk, 4 its format tag,
  // 5-8 CC.x..w, 9 kill
  localparam int NRW = 10;
  gpuref_retire_if #(.LANES(LANES), .NREGW(NRW), .NMEMW(1), .NWB(1)) rif (clk);
  logic mon_stop;
  gpuref_retire_mon #(.LANES(LANES), .NREGW(NRW), .NMEMW(1), .NWB(1)) mon (.rif(rif), .rst_n(rst_n), .stop(mon_stop));
  int f_r, f_fmt, f_cc, f_kill;

  `include "testbenches/common/gpuref_tb_load.svh"

  function automatic void bench_ids();
    f_r = gpuref_dpi_chk_file_id(chk, "R");     f_fmt = gpuref_dpi_chk_file_id(chk, "fmt");
    f_cc = gpuref_dpi_chk_file_id(chk, "CC");   f_kill = gpuref_dpi_chk_file_id(chk, "kill");
  endfunction

  function automatic void bench_collected();
    if (unheld != 0)
      $display("nvfp bench: %0d initial items are not held by the core or the memory model", unheld);
  endfunction

  always_comb begin
    rif.valid = rt_valid && phase == 4;
    rif.last = 1'b1;
    rif.wave = 16'd0;
    rif.pc = 64'(rt_pc);
    rif.next_pc = 64'(rt_pc) + 64'd16;
    rif.nwords = 5'd4;
    for (int i = 0; i < 16; i++) rif.words[i] = i < 4 ? rt_words[32*i +: 32] : 32'd0;
    rif.kind = 16'd0;
    rif.stream = 16'd0;
    rif.flags = rt_end ? (GPUREF_RETIRE_END | GPUREF_RETIRE_EXIT) : 32'd0;
    rif.exec_mask = 64'hf;
    for (int i = 0; i < NRW; i++) begin
      rif.rw_en[i] = 1'b0; rif.rw_file[i] = 16'd0; rif.rw_index[i] = 16'd0; rif.rw_slot[i] = -8'sd1;
      rif.rw_bits[i] = 64'd0; rif.rw_lanes[i] = 64'd0;
      for (int l = 0; l < LANES; l++) rif.rw_val[i][l] = 64'd0;
    end
    for (int u = 0; u < 4; u++) begin
      rif.rw_en[u] = rt_rw_en[u]; rif.rw_file[u] = 16'(f_r); rif.rw_index[u] = 16'(rt_rw_idx[5*u +: 5]);
      rif.rw_bits[u] = 64'(rt_rw_bits[32*u +: 32]); rif.rw_lanes[u] = 64'(rt_rw_lanes[4*u +: 4]);
      for (int l = 0; l < LANES; l++) rif.rw_val[u][l] = 64'(rt_rw_val[32*(4*u + l) +: 32]);
    end
    rif.rw_en[4] = rt_fmt_en; rif.rw_file[4] = 16'(f_fmt); rif.rw_index[4] = 16'(rt_fmt_idx);
    rif.rw_bits[4] = 64'h3; rif.rw_lanes[4] = 64'(rt_fmt_lanes);
    for (int l = 0; l < LANES; l++) rif.rw_val[4][l] = 64'(rt_fmt_val);
    for (int j = 0; j < 4; j++) begin
      rif.rw_en[5 + j] = rt_cc_en[j]; rif.rw_file[5 + j] = 16'(f_cc); rif.rw_index[5 + j] = 16'(j);
      rif.rw_bits[5 + j] = 64'h3; rif.rw_lanes[5 + j] = 64'(rt_cc_lanes[4*j +: 4]);
      for (int l = 0; l < LANES; l++) rif.rw_val[5 + j][l] = 64'(rt_cc_val[2*(4*j + l) +: 2]);
    end
    rif.rw_en[9] = rt_kill_en; rif.rw_file[9] = 16'(f_kill); rif.rw_bits[9] = 64'h1;
    rif.rw_lanes[9] = 64'(rt_kill_lanes);
    for (int l = 0; l < LANES; l++) rif.rw_val[9][l] = 64'd1;
    `GPUREF_RIF_MW_IDLE
    `GPUREF_RIF_WB_IDLE(LANES)
    `GPUREF_RIF_END(4, fault_pc)
  end

  `GPUREF_TB_FAULT_REPORT("nvfp", "rtl/nvfp/README.md, Ports")

  logic unused_dut;
  assign unused_dut = ^{running, fault_why};
endmodule
