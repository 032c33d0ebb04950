// gpuref_retire_tail.svh - the parts of the retire record every lockstep
// bench drives alike, as macros used in the bench's retire always_comb (on
// its interface instance rif, see gpuref_retire_if.sv) and body:
//   `GPUREF_RIF_MW_IDLE           memory-write port 0 idle (a core whose
//                                 stores are not reported on it)
//   `GPUREF_RIF_WB_IDLE(LANES)    write-back port 0 idle (no deferred loads)
//   `GPUREF_RIF_END(PHASE, PC)    done/fault of the core while the bench is
//                                 in its run phase PHASE, the fault's pc PC
//   `GPUREF_TB_FAULT_REPORT(ISA, WHERE)   an always block that prints the
//                                 core's fault pc and reason (fault_why) in
//                                 the run phase 4 of gpuref_tb_load.svh until
//                                 the monitor stops the test; WHERE names
//                                 the README section of the reasons
// An idle port's fields other than its enable are never read by the monitor.
`ifndef GPUREF_RETIRE_TAIL_SVH
`define GPUREF_RETIRE_TAIL_SVH

`define GPUREF_RIF_MW_IDLE \
    rif.mw_en[0] = 1'b0; rif.mw_space[0] = 16'd0; rif.mw_addr[0] = 64'd0; rif.mw_lane[0] = 8'd0; \
    rif.mw_size[0] = 5'd0; rif.mw_mask[0] = 16'd0; rif.mw_data[0] = 128'd0; rif.mw_slot[0] = -8'sd1;

`define GPUREF_RIF_WB_IDLE(LANES) \
    rif.wb_en[0] = 1'b0; rif.wb_wave[0] = 16'd0; rif.wb_tag[0] = 64'd0; rif.wb_file[0] = 16'd0; \
    rif.wb_index[0] = 16'd0; rif.wb_bits[0] = 64'd0; rif.wb_lanes[0] = 64'd0; \
    for (int l = 0; l < LANES; l++) rif.wb_val[0][l] = 64'd0;

`define GPUREF_RIF_END(PHASE, PC) \
    rif.done = done && phase == PHASE; \
    rif.fault = fault && phase == PHASE; \
    rif.fault_wave = 16'd0; \
    rif.fault_pc = 64'(PC);

`define GPUREF_TB_FAULT_REPORT(ISA, WHERE) \
  always @(posedge clk) begin \
    if (phase == 4 && fault && !mon_stop) \
      $display("%s bench: core fault at pc 0x%0h, reason %0d (%s)", ISA, fault_pc, fault_why, WHERE); \
  end

`endif
