// tb_nv50.sv - NV50 lockstep bench: wiring only.  Loads the DUT with the
// state the checker hands out, starts it, and drives the ISA-neutral retire
// interface (testbenches/common/gpuref_retire_if.sv) from the core's retire
// port; the monitor gpuref_retire_mon feeds the checker.
`include "testbenches/common/gpuref_retire_tail.svh"
module tb_nv50 (input logic clk);
  import gpuref_check_pkg::*;

  logic        rst_n, ld_we, start;
  logic [2:0]  ld_sel;
  logic [19:0] ld_addr;
  logic [4:0]  ld_lane;
  logic [31:0] ld_data;
  logic        running, done, fault;
  logic [31:0] fault_pc;
  logic        rt_valid;
  logic [31:0] rt_pc, rt_next_pc, rt_w0, rt_w1, rt_exec;
  logic [1:0]  rt_nwords;
  logic [4:0]  rt_flags;
  logic        rt_r_we, rt_o_we, rt_c_we, rt_a_we, rt_mask_we, rt_exited_we, rt_depth_we;
  logic [6:0]  rt_r_idx, rt_o_idx;
  logic [1:0]  rt_c_idx;
  logic [2:0]  rt_a_idx;
  logic [31:0] rt_r_bits, rt_r_lanes, rt_o_lanes, rt_c_lanes, rt_a_lanes, rt_mask, rt_exited;
  logic [1023:0] rt_r_val, rt_o_val;
  logic [127:0]  rt_c_val;
  logic [511:0]  rt_a_val;
  logic [7:0]    rt_depth;

  nv50_core dut (.*);

  chandle chk;
  int     phase = 0;     // 0 reset, 1 load, 2 start, 3 run, 4 stopped
  int     cycle = 0;

  // The load-port code of one item handed out by the checker.
  function automatic bit map_item(input int kind, input string name, input int unsigned index,
                                  input int unsigned lane, input longint unsigned addr,
                                  output logic [2:0] sel, output logic [19:0] a, output logic [4:0] l);
    sel = 3'd0; a = 20'd0; l = lane[4:0];
    if (kind == 2) begin sel = 3'd0; a = 20'(addr >> 2); return 1; end
    if (kind == 1) begin
      if (name == "s") begin sel = 3'd5; a = 20'(addr >> 2); return 1; end
      if (name.len() >= 2 && name.substr(0, 0) == "c") begin
        int bank = name.substr(1, name.len() - 1).atoi();
        sel = 3'd4; a = (20'(bank) << 14) | (20'(addr >> 2) & 20'h3fff); return 1;
      end
      return 0;
    end
    case (name)
      "r":      begin sel = 3'd1; a = 20'(index); end
      "c":      begin sel = 3'd2; a = 20'(index); end
      "a":      begin sel = 3'd3; a = 20'(index); end
      "sr":     begin sel = 3'd6; a = 20'(index); end
      "mask":   begin sel = 3'd7; a = 20'd0; end
      "pc":     begin sel = 3'd7; a = 20'd1; end
      "cfg":    begin sel = 3'd7; a = (index == 0) ? 20'd2 : (index == 1) ? 20'd3 : 20'd5; end
      "exited": begin sel = 3'd7; a = 20'd4; end
      default:  return 0;          // not loadable (o[], depth): starts at zero
    endcase
    return 1;
  endfunction

  // ---- the retire port of the core onto the ISA-neutral retire interface
  localparam int NRW = 7;
  gpuref_retire_if #(.LANES(32), .NREGW(NRW), .NMEMW(1), .NWB(1)) rif (clk);
  logic mon_stop;
  gpuref_retire_mon #(.LANES(32), .NREGW(NRW), .NMEMW(1), .NWB(1)) mon (.rif(rif), .rst_n(rst_n), .stop(mon_stop));

  // file ids of the NV50 model (model/nv50/README.md, register files)
  int f_r, f_o, f_c, f_a, f_mask, f_exited, f_depth;
  logic [NRW-1:0]  we;
  logic [15:0]     fid [NRW];
  logic [15:0]     idx [NRW];
  logic [63:0]     bits [NRW];
  logic [31:0]     lanes [NRW];
  always_comb begin
    we   = {rt_depth_we, rt_exited_we, rt_mask_we, rt_a_we, rt_c_we, rt_o_we, rt_r_we};
    fid  = '{16'(f_r), 16'(f_o), 16'(f_c), 16'(f_a), 16'(f_mask), 16'(f_exited), 16'(f_depth)};
    idx  = '{16'(rt_r_idx), 16'(rt_o_idx), 16'(rt_c_idx), 16'(rt_a_idx), 16'd0, 16'd0, 16'd0};
    bits = '{64'(rt_r_bits), 64'hffffffff, 64'hf, 64'hffff, 64'hffffffff, 64'hffffffff, 64'hff};
    lanes = '{rt_r_lanes, rt_o_lanes, rt_c_lanes, rt_a_lanes, 32'd1, 32'd1, 32'd1};
    rif.valid = rt_valid && phase == 3;
    rif.last = 1'b1;
    rif.wave = 16'd0;
    rif.pc = 64'(rt_pc);
    rif.next_pc = 64'(rt_next_pc);
    rif.nwords = 5'(rt_nwords);
    for (int i = 0; i < 16; i++) rif.words[i] = 32'd0;
    rif.words[0] = rt_w0;
    rif.words[1] = rt_w1;
    rif.kind = 16'd0;
    rif.stream = 16'd0;
    rif.flags = 32'(rt_flags);
    rif.exec_mask = 64'(rt_exec);
    for (int i = 0; i < NRW; i++) begin
      rif.rw_en[i] = we[i];
      rif.rw_file[i] = fid[i];
      rif.rw_index[i] = idx[i];
      rif.rw_slot[i] = -8'sd1;
      rif.rw_bits[i] = bits[i];
      rif.rw_lanes[i] = 64'(lanes[i]);
    end
    for (int t = 0; t < 32; t++) begin
      rif.rw_val[0][t] = 64'(rt_r_val[t*32 +: 32]);
      rif.rw_val[1][t] = 64'(rt_o_val[t*32 +: 32]);
      rif.rw_val[2][t] = 64'(rt_c_val[t*4 +: 4]);
      rif.rw_val[3][t] = 64'(rt_a_val[t*16 +: 16]);
      rif.rw_val[4][t] = t == 0 ? 64'(rt_mask) : 64'd0;
      rif.rw_val[5][t] = t == 0 ? 64'(rt_exited) : 64'd0;
      rif.rw_val[6][t] = t == 0 ? 64'(rt_depth) : 64'd0;
    end
    `GPUREF_RIF_MW_IDLE
    `GPUREF_RIF_WB_IDLE(32)
    `GPUREF_RIF_END(3, fault_pc)
  end

  always @(posedge clk) begin
    int kind; string name; int unsigned index, lane; longint unsigned addr, value;
    logic [2:0] sel; logic [19:0] a; logic [4:0] l;
    cycle <= cycle + 1;
    ld_we <= 1'b0;
    start <= 1'b0;
    case (phase)
      0: begin
        rst_n <= (cycle >= 2);
        if (cycle == 0) begin
          chk = gpuref_dpi_chk_current();
          f_r = gpuref_dpi_chk_file_id(chk, "r");       f_o = gpuref_dpi_chk_file_id(chk, "o");
          f_c = gpuref_dpi_chk_file_id(chk, "c");       f_a = gpuref_dpi_chk_file_id(chk, "a");
          f_mask = gpuref_dpi_chk_file_id(chk, "mask"); f_exited = gpuref_dpi_chk_file_id(chk, "exited");
          f_depth = gpuref_dpi_chk_file_id(chk, "depth");
        end
        if (cycle >= 3) phase <= 1;
      end
      1: begin
        if (gpuref_dpi_chk_init_next(chk, kind, name, index, lane, addr, value) != 0) begin
          if (map_item(kind, name, index, lane, addr, sel, a, l)) begin
            ld_we <= 1'b1; ld_sel <= sel; ld_addr <= a; ld_lane <= l; ld_data <= value[31:0];
          end
        end else begin
          phase <= 2;
        end
      end
      2: begin start <= 1'b1; phase <= 3; end
      3: if (mon_stop) begin phase <= 4; $finish; end
      default: ;
    endcase
  end
endmodule
