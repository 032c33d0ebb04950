// nv50_ram.sv - synchronous-read RAM with one read and one write port and a
// write enable per lane (a row is NL lanes of LW bits).  Stands for an SRAM
// macro.  Read-during-write of the same row returns the old row.
// Power-on contents are zero (the architectural reset value the lockstep
// bench relies on: it loads only non-zero state); there is no reset port.
module nv50_ram #(
  parameter int DEPTH = 16,
  parameter int LW    = 32,
  parameter int NL    = 1,
  localparam int AW   = (DEPTH > 1) ? $clog2(DEPTH) : 1
) (
  input  logic               clk,
  input  logic [AW-1:0]      raddr,
  output logic [NL*LW-1:0]   rdata,
  input  logic [NL-1:0]      we,
  input  logic [AW-1:0]      waddr,
  input  logic [NL*LW-1:0]   wdata
);
  logic [NL*LW-1:0] mem [DEPTH];

  initial begin
    for (int i = 0; i < DEPTH; i++) mem[i] = '0;
  end

  always_ff @(posedge clk) begin
    rdata <= mem[raddr];
    for (int l = 0; l < NL; l++)
      if (we[l]) mem[waddr][l*LW +: LW] <= wdata[l*LW +: LW];
  end
endmodule
