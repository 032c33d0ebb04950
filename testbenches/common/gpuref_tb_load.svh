// gpuref_tb_load.svh - the test sequence the lockstep benches share, included
// in the body of tb_<isa> (nvfp, r700, rdna4):
//   phase 0 reset (the checker of the test and the ISA's ids: bench_ids()),
//   1 collect (every initial item of gpuref_dpi_chk_init_next through the
//   ISA's map_item, then bench_collected()), 2 load (one ld_push()ed write
//   per cycle on the core's load port), 3 start, 4 run until the monitor
//   stops the test, 5 stopped ($finish).
// The bench declares before the include: LD_AW (the width of ld_addr), the
// signals rst_n, ld_we, ld_sel[2:0], ld_addr, ld_data[31:0], start and
// mon_stop; and anywhere in its body:
//   function automatic void bench_ids();        // file/space ids of chk
//   function automatic void map_item(int kind, string name, int unsigned index,
//                                    int unsigned lane, longint unsigned addr,
//                                    longint unsigned value);
//   function automatic void bench_collected();  // after the last item
  chandle chk;
  int     phase = 0;     // 0 reset, 1 collect, 2 load, 3 start, 4 run, 5 stopped
  int     cycle = 0;
  logic [2:0]       q_sel[$];        // the load-port writes of phase 2, in order
  logic [LD_AW-1:0] q_addr[$];
  logic [31:0]      q_data[$];
  int               ld_pos = 0;

  function automatic void ld_push(input logic [2:0] sel, input int unsigned a, input logic [31:0] d);
    q_sel.push_back(sel); q_addr.push_back(a[LD_AW-1:0]); q_data.push_back(d);
  endfunction

  always @(posedge clk) begin
    int kind; string name; int unsigned index, lane; longint unsigned addr, value;
    cycle <= cycle + 1;
    ld_we <= 1'b0;
    start <= 1'b0;
    case (phase)
      0: begin
        rst_n <= (cycle >= 2);
        if (cycle == 0) begin
          chk = gpuref_dpi_chk_current();
          bench_ids();
        end
        if (cycle >= 3) phase <= 1;
      end
      1: begin
        while (gpuref_dpi_chk_init_next(chk, kind, name, index, lane, addr, value) != 0)
          map_item(kind, name, index, lane, addr, value);
        bench_collected();
        phase <= 2;
      end
      2: begin
        if (ld_pos < q_sel.size()) begin
          ld_we <= 1'b1; ld_sel <= q_sel[ld_pos]; ld_addr <= q_addr[ld_pos]; ld_data <= q_data[ld_pos];
          ld_pos <= ld_pos + 1;
        end else begin
          phase <= 3;
        end
      end
      3: begin start <= 1'b1; phase <= 4; end
      4: if (mon_stop) begin phase <= 5; $finish; end
      default: ;
    endcase
  end
