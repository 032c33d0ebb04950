// tb_rdna4.sv - RDNA4 scalar lockstep bench: wiring only.  Loads the DUT with
// the state the checker hands out, starts it, and reports every retire of the
// DUT to the shared checker over DPI (dpi/gpuref_pkg.sv).  Register files and
// retire contract: model/rdna4/README.md; DUT ports: rtl/rdna4/README.md.
module tb_rdna4 (input logic clk);
  import gpuref_pkg::*;

  logic         rst_n, ld_we, start;
  logic [2:0]   ld_sel;
  logic [19:0]  ld_addr;
  logic [31:0]  ld_data;
  logic         running, done, fault;
  logic [63:0]  fault_pc;
  logic         rt_valid;
  logic [63:0]  rt_pc, rt_next_pc;
  logic [31:0]  rt_w0, rt_w1, rt_w2;
  logic [1:0]   rt_nwords;
  logic [4:0]   rt_flags;
  logic [15:0]  rt_s_we;
  logic [6:0]   rt_s_base;
  logic [511:0] rt_s_val;
  logic [1:0]   rt_vcc_we, rt_exec_we;
  logic [63:0]  rt_vcc, rt_exec;
  logic         rt_m0_we, rt_scc_we, rt_scc, rt_hw_we;
  logic [31:0]  rt_m0, rt_hw_val;
  logic [15:0]  rt_ttmp_we;
  logic [511:0] rt_ttmp_val;
  logic [5:0]   rt_hw_idx;

  rdna4_core dut (.*);

  chandle chk;
  int     phase = 0;     // 0 reset, 1 load, 2 start, 3 run, 4 stopped
  int     cycle = 0;
  int unsigned vals[32];
  // A checker item may need a second load-port write (pc high half, the
  // wave64 flag that goes with STATUS.WAVE64): it waits here one cycle.
  bit          pend = 0;
  logic [2:0]  pend_sel;
  logic [19:0] pend_addr;
  logic [31:0] pend_data;

  // The load-port writes of one item handed out by the checker (0, 1 or 2).
  function automatic int map_item(input int kind, input string name, input int unsigned index,
                                  input longint unsigned addr, input longint unsigned value,
                                  output logic [2:0] sel, output logic [19:0] a,
                                  output logic [2:0] sel2, output logic [19:0] a2,
                                  output logic [31:0] d2);
    sel = 3'd0; a = 20'd0; sel2 = 3'd0; a2 = 20'd0; d2 = 32'd0;
    if (kind == 2) begin                                   // program word
      if (addr >= 64'h400000) return 0;
      sel = 3'd0; a = 20'(addr >> 2); return 1;
    end
    if (kind == 1) begin                                   // memory word
      if (name != "mem" || addr >= 64'h400000) return 0;
      sel = 3'd3; a = 20'(addr >> 2); return 1;
    end
    case (name)
      "s":     begin sel = 3'd1; a = 20'(index); end
      "vcc":   begin sel = 3'd2; a = 20'(index); end       // 0 vcc_lo, 1 vcc_hi
      "exec":  begin sel = 3'd2; a = 20'(2 + index); end   // 2 exec_lo, 3 exec_hi
      "m0":    begin sel = 3'd2; a = 20'd4; end
      "scc":   begin sel = 3'd2; a = 20'd5; end
      "ttmp":  begin sel = 3'd2; a = 20'(16 + index); end
      "hwreg": begin
        sel = 3'd2; a = 20'(64 + index);
        if (index == 2 && value[29]) begin                 // STATUS.WAVE64 -> the wave64 flag
          sel2 = 3'd4; a2 = 20'd0; d2 = 32'd1; return 2;
        end
      end
      "pc": begin
        sel = 3'd2; a = 20'd6;
        if (value[63:32] != 32'd0) begin sel2 = 3'd2; a2 = 20'd7; d2 = value[63:32]; return 2; end
      end
      // Model configuration, if the model exposes it as the read-only file `cfg`
      // (0 sgprs, 1 tba[31:0], 2 tba[47:32], 3 SH_MEM_BASES {private, shared},
      // 4 dvgpr): the core's ctrl addresses 1-5 (rtl/rdna4/README.md).
      "cfg": begin
        if (index > 4) return 0;
        sel = 3'd4; a = 20'(index + 1);
      end
      default: return 0;                                   // not held by the scalar core (v)
    endcase
    return 1;
  endfunction

  task automatic regw(input string file, input int unsigned index, input longint unsigned bits,
                      input logic [31:0] v);
    vals[0] = v;
    gpuref_dpi_chk_dut_regw(chk, file, index, bits, 64'd1, vals);
  endtask

  always @(posedge clk) begin
    int kind, n; string name; int unsigned index, lane; longint unsigned addr, value;
    logic [2:0] sel, sel2; logic [19:0] a, a2; logic [31:0] d2; bit stop;
    stop = 0;
    cycle <= cycle + 1;
    ld_we <= 1'b0;
    start <= 1'b0;
    case (phase)
      0: begin
        rst_n <= (cycle >= 2);
        if (cycle == 0) begin
          chk = gpuref_dpi_chk_current();
          for (int i = 0; i < 32; i++) vals[i] = 0;
        end
        if (cycle >= 3) phase <= 1;
      end
      1: begin
        if (pend) begin
          ld_we <= 1'b1; ld_sel <= pend_sel; ld_addr <= pend_addr; ld_data <= pend_data;
          pend <= 0;
        end else if (gpuref_dpi_chk_init_next(chk, kind, name, index, lane, addr, value) != 0) begin
          n = map_item(kind, name, index, addr, value, sel, a, sel2, a2, d2);
          if (n >= 1) begin
            ld_we <= 1'b1; ld_sel <= sel; ld_addr <= a; ld_data <= value[31:0];
          end
          if (n == 2) begin
            pend <= 1; pend_sel <= sel2; pend_addr <= a2; pend_data <= d2;
          end
        end else begin
          phase <= 2;
        end
      end
      2: begin start <= 1'b1; phase <= 3; end
      3: begin
        if (rt_valid) begin
          gpuref_dpi_chk_dut_begin(chk, rt_pc, rt_next_pc, rt_w0, rt_w1, 32'(rt_nwords),
                                   32'(rt_flags), 64'd1);
          for (int i = 0; i < 16; i++)
            if (rt_s_we[i]) regw("s", 32'(rt_s_base) + i, 64'hffffffff, rt_s_val[32*i +: 32]);
          for (int i = 0; i < 2; i++) begin
            if (rt_vcc_we[i])  regw("vcc", i, 64'hffffffff, rt_vcc[32*i +: 32]);
            if (rt_exec_we[i]) regw("exec", i, 64'hffffffff, rt_exec[32*i +: 32]);
          end
          if (rt_m0_we)  regw("m0", 0, 64'hffffffff, rt_m0);
          if (rt_scc_we) regw("scc", 0, 64'h1, {31'd0, rt_scc});
          for (int i = 0; i < 16; i++)
            if (rt_ttmp_we[i]) regw("ttmp", i, 64'hffffffff, rt_ttmp_val[32*i +: 32]);
          if (rt_hw_we)  regw("hwreg", 32'(rt_hw_idx), 64'hffffffff, rt_hw_val);
          if (gpuref_dpi_chk_dut_end(chk) != 0) begin stop = 1; phase <= 4; $finish; end
        end
        if (!stop && (done || fault)) begin
          void'(gpuref_dpi_chk_dut_stop(chk, 32'(done), 32'(fault), fault_pc, 0));
          phase <= 4;
          $finish;
        end
      end
      default: ;
    endcase
  end

  // The DUT's w2 and running are not part of the record (scalar instructions
  // are at most two dwords; dut_begin carries w0/w1).
  logic unused_dut;
  assign unused_dut = ^{rt_w2, running};
endmodule
