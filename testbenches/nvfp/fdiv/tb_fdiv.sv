// tb_fdiv.sv - unit bench of rtl/nvfp/nvfp_fdiv.sv: each line of the
// vector file (fdiv_vec.c: a, b, model/fp fp_div under the nvfp policy) is
// one division; prints "N divisions, N mismatches" (fdiv_check.sh).
module tb_fdiv;
  logic clk = 0, rst_n = 1, start = 0, busy, done;
  logic [31:0] a, b, r, exp_r;
  nvfp_fdiv dut (.*);
  always #1 clk = ~clk;
  integer fd, bad, cnt;
  string  path;
  logic [31:0] ta, tbv;
  initial begin
    bad = 0; cnt = 0;
    if (!$value$plusargs("vec=%s", path)) path = "fdiv_vec.txt";
    fd = $fopen(path, "r");
    #2 rst_n = 0;
    #4 rst_n = 1;
    while ($fscanf(fd, "%h %h %h", ta, tbv, exp_r) == 3) begin
      a = ta; b = tbv;     // (a $fscanf output does not wake the divider's always_comb)
      @(negedge clk) start = 1;
      @(negedge clk) start = 0;
      while (done !== 1'b1) @(negedge clk);
      cnt = cnt + 1;
      if (r !== exp_r) begin bad = bad + 1; if (bad < 10) $display("MISMATCH %h / %h: rtl %h model %h", a, b, r, exp_r); end
    end
    $display("%0d divisions, %0d mismatches", cnt, bad);
    $finish;
  end
endmodule
