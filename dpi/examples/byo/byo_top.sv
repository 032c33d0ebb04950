// byo_top.sv - a SystemVerilog-only lockstep bench (no C++ main) for
// mini_core, against the installed gpuref files only (dpi/README.md, "Bring
// your own RTL").  For each test of the vector file (+vectors=FILE): reset,
// load the core with what the checker hands out, start, and let the monitor
// compare every retired instruction with the model until the test ends.
//   +vectors=FILE   vector file (default mini.yaml)
//   +out=DIR        report folder (default byo_out)
module byo_top;
  import gpuref_check_pkg::*;

  logic clk = 1'b0, rst_n = 1'b0, ld_we = 1'b0, ld_sel = 1'b0, start = 1'b0;
  logic [31:0] ld_addr = 32'd0, ld_data = 32'd0;
  logic [15:0] f_s = 16'd0, f_scc = 16'd0, nwaves = 16'd1;
  logic stop;
  always #5 clk = ~clk;

  gpuref_retire_if #(.LANES(1), .NREGW(2), .NMEMW(1), .NWB(1)) rif (clk);
  gpuref_retire_mon #(.LANES(1), .NREGW(2), .NMEMW(1), .NWB(1)) mon (.rif(rif), .rst_n(rst_n), .stop(stop));
  mini_core dut (.clk(clk), .rst_n(rst_n), .ld_we(ld_we), .ld_sel(ld_sel), .ld_addr(ld_addr),
                 .ld_data(ld_data), .start(start), .nwaves(nwaves), .f_s(f_s), .f_scc(f_scc), .rt(rif));

  task automatic load(input logic sel, input logic [31:0] a, input logic [31:0] d);
    @(negedge clk);
    ld_we = 1'b1; ld_sel = sel; ld_addr = a; ld_data = d;
    @(negedge clk);
    ld_we = 1'b0;
  endtask

  initial begin
    string vec, out, err, name;
    chandle c;
    int passed = 0, failed = 0, kind;
    int unsigned index, lane;
    longint unsigned addr, value;
    if (!$value$plusargs("vectors=%s", vec)) vec = "mini.yaml";
    if (!$value$plusargs("out=%s", out)) out = "byo_out";
    c = gpuref_dpi_chk_open("rdna4", vec, out, err);
    if (c == null) begin
      $display("ERROR %s", err);
      $finish;
    end
    gpuref_dpi_chk_set_current(c);
    for (int t = 0; t < gpuref_dpi_chk_ntests(c); t++) begin
      rst_n = 1'b0;
      repeat (2) @(negedge clk);
      rst_n = 1'b1;
      if (gpuref_dpi_chk_begin(c, t) == 0) begin
        f_s = 16'(gpuref_dpi_chk_file_id(c, "s"));
        f_scc = 16'(gpuref_dpi_chk_file_id(c, "scc"));
        nwaves = 16'(gpuref_dpi_chk_waves(c));          // the test's config waves=N
        while (gpuref_dpi_chk_init_next(c, kind, name, index, lane, addr, value) != 0) begin
          if (kind == 2) load(1'b0, addr[31:0], value[31:0]);              // program word
          else if (kind == 0 && name == "s") load(1'b1, index, value[31:0]); // an SGPR (wave in index[31:16])
        end
        @(negedge clk) start = 1'b1;
        @(negedge clk) start = 1'b0;
        for (int cyc = 0; cyc < 10000 && !stop; cyc++) @(posedge clk);
        if (!stop) void'(gpuref_dpi_chk_dut_stop(c, 0, 0, 0, 1));        // timeout
      end
      if (gpuref_dpi_chk_end(c) == 0) begin
        passed++;
        $display("PASS %s (%0d steps)", gpuref_dpi_chk_test_name(c), gpuref_dpi_chk_steps(c));
      end else begin
        failed++;
        $display("FAIL %s: %s", gpuref_dpi_chk_test_name(c), gpuref_dpi_chk_result(c));
      end
    end
    $display("%0d passed, %0d failed", passed, failed);
    gpuref_dpi_chk_close(c);
    $finish;
  end
endmodule
