// gpuref_retire_mon.sv - samples a gpuref_retire_if on every rising edge of
// its clock and feeds the lockstep checker (gpuref_check_pkg).  The checker
// is the one a C/C++ main or an SV bench made current
// (gpuref_chk_set_current / gpuref_dpi_chk_set_current) before the run.
//
// stop goes high (and stays high until rst_n) when the test must end: a
// mismatch (report written), the vector's step limit, or the DUT's done or
// fault.  failed tells whether the checker has failed the test so far; the
// verdict, final expectations included, is gpuref_chk_end's.
module gpuref_retire_mon #(
    parameter int LANES = 64,
    parameter int NREGW = 8,
    parameter int NMEMW = 4,
    parameter int NWB   = 1
) (
    gpuref_retire_if.mon rif,
    input  logic rst_n,
    output logic stop
);
  import gpuref_check_pkg::*;

  chandle          chk;
  bit              in_unit;
  longint unsigned vals [LANES];
  int unsigned     w [16];
  byte unsigned    data [16];

  initial begin
    chk = null;
    in_unit = 0;
    stop = 1'b0;
  end

  always @(posedge rif.clk) begin
    bit halt;
    halt = 0;
    if (!rst_n) begin
      in_unit = 0;
      stop <= 1'b0;
    end else if (!stop) begin
      if (chk == null) chk = gpuref_dpi_chk_current();
      // write-backs of this cycle come before the unit retiring in it
      for (int k = 0; k < NWB; k++) begin
        if (!halt && rif.wb_en[k]) begin
          for (int l = 0; l < LANES; l++) vals[l] = rif.wb_val[k][l];
          if (gpuref_dpi_chk_dut_writeback_id(chk, int'(rif.wb_wave[k]), rif.wb_tag[k], int'(rif.wb_file[k]),
                                              32'(rif.wb_index[k]), rif.wb_bits[k], rif.wb_lanes[k], vals) != 0)
            halt = 1;
        end
      end
      if (!halt && rif.valid) begin
        if (!in_unit) begin
          for (int i = 0; i < 16; i++) w[i] = rif.words[i];
          gpuref_dpi_chk_dut_begin(chk, int'(rif.wave), rif.pc, rif.next_pc, w, int'(rif.nwords),
                                   rif.flags, rif.exec_mask);
          gpuref_dpi_chk_dut_kind(chk, int'(rif.kind), int'(rif.stream));
          in_unit = 1;
        end
        for (int i = 0; i < NREGW; i++) begin
          if (rif.rw_en[i]) begin
            for (int l = 0; l < LANES; l++) vals[l] = rif.rw_val[i][l];
            gpuref_dpi_chk_dut_regw_id(chk, int'(rif.rw_file[i]), 32'(rif.rw_index[i]), int'(rif.rw_slot[i]),
                                       rif.rw_bits[i], rif.rw_lanes[i], vals);
          end
        end
        for (int j = 0; j < NMEMW; j++) begin
          if (rif.mw_en[j]) begin
            for (int b = 0; b < 16; b++) data[b] = rif.mw_data[j][8*b +: 8];
            gpuref_dpi_chk_dut_memw_id(chk, int'(rif.mw_space[j]), rif.mw_addr[j], int'(rif.mw_lane[j]),
                                       int'(rif.mw_size[j]), int'(rif.mw_mask[j]), data, int'(rif.mw_slot[j]));
          end
        end
        if (rif.last) begin
          in_unit = 0;
          if (gpuref_dpi_chk_dut_end(chk) != 0) halt = 1;
        end
      end
      if (!halt && (rif.done || rif.fault)) begin
        if (rif.fault) gpuref_dpi_chk_dut_fault_wave(chk, int'(rif.fault_wave));
        void'(gpuref_dpi_chk_dut_stop(chk, int'(rif.done), int'(rif.fault), rif.fault_pc, 0));
        halt = 1;
      end
      if (halt) stop <= 1'b1;
    end
  end
endmodule
