// tb_nv50.sv - NV50 lockstep bench: wiring only.  Loads the DUT with the
// state the checker hands out, starts it, and reports every retire of the
// DUT to the shared checker over DPI (dpi/gpuref_pkg.sv).
module tb_nv50 (input logic clk);
  import gpuref_pkg::*;

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
  int unsigned vals[32];

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

  task automatic report_regw(input string file, input int unsigned index, input longint unsigned bits,
                             input logic [31:0] lanes, input logic [1023:0] v, input int width);
    for (int t = 0; t < 32; t++) vals[t] = 32'(v[t*width +: 32] & ((64'd1 << width) - 1));
    gpuref_dpi_chk_dut_regw(chk, file, index, bits, 64'(lanes), vals);
  endtask

  always @(posedge clk) begin
    int kind; string name; int unsigned index, lane; longint unsigned addr, value;
    logic [2:0] sel; logic [19:0] a; logic [4:0] l; bit stop;
    stop = 0;
    cycle <= cycle + 1;
    ld_we <= 1'b0;
    start <= 1'b0;
    case (phase)
      0: begin
        rst_n <= (cycle >= 2);
        if (cycle == 0) chk = gpuref_dpi_chk_current();
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
      3: begin
        if (rt_valid) begin
          gpuref_dpi_chk_dut_begin(chk, 64'(rt_pc), 64'(rt_next_pc), rt_w0, rt_w1, 32'(rt_nwords),
                                   32'(rt_flags), 64'(rt_exec));
          if (rt_r_we) report_regw("r", 32'(rt_r_idx), 64'(rt_r_bits), rt_r_lanes, rt_r_val, 32);
          if (rt_o_we) report_regw("o", 32'(rt_o_idx), 64'hffffffff, rt_o_lanes, rt_o_val, 32);
          if (rt_c_we) report_regw("c", 32'(rt_c_idx), 64'hf, rt_c_lanes, {896'd0, rt_c_val}, 4);
          if (rt_a_we) report_regw("a", 32'(rt_a_idx), 64'hffff, rt_a_lanes, {512'd0, rt_a_val}, 16);
          if (rt_mask_we)   report_regw("mask", 0, 64'hffffffff, 32'd1, {992'd0, rt_mask}, 32);
          if (rt_exited_we) report_regw("exited", 0, 64'hffffffff, 32'd1, {992'd0, rt_exited}, 32);
          if (rt_depth_we)  report_regw("depth", 0, 64'hff, 32'd1, {1016'd0, rt_depth}, 32);
          if (gpuref_dpi_chk_dut_end(chk) != 0) begin stop = 1; phase <= 4; $finish; end
        end
        if (!stop && (done || fault)) begin
          void'(gpuref_dpi_chk_dut_stop(chk, 32'(done), 32'(fault), 64'(fault_pc), 0));
          phase <= 4;
          $finish;
        end
      end
      default: ;
    endcase
  end
endmodule
