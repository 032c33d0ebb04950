// gpuref_pkg.sv - every DPI-C import of gpuref, for SystemVerilog benches.
// Each function forwards to the C function of the same name without the
// "_dpi" part (gpuref_dpi_reg_get -> gpuref_reg_get); see dpi/README.md.
// Handles are chandles; values are passed as arguments (no VPI, no peeking).
package gpuref_pkg;
  // ---- model (model/include/gpuref.h)
  import "DPI-C" function chandle gpuref_dpi_model_create(input string isa, input string cfg);
  import "DPI-C" function void    gpuref_dpi_model_destroy(input chandle m);
  import "DPI-C" function string  gpuref_dpi_model_error(input chandle m);
  import "DPI-C" function int     gpuref_dpi_model_reset(input chandle m);
  import "DPI-C" function int     gpuref_dpi_regfile_lookup(input chandle m, input string name);
  import "DPI-C" function int     gpuref_dpi_reg_get(input chandle m, input int file, input int unsigned index,
                                                     input int unsigned lane, output longint unsigned value);
  import "DPI-C" function int     gpuref_dpi_reg_set(input chandle m, input int file, input int unsigned index,
                                                     input int unsigned lane, input longint unsigned value);
  import "DPI-C" function int     gpuref_dpi_mem_lookup(input chandle m, input string name);
  import "DPI-C" function int     gpuref_dpi_mem_read32(input chandle m, input int space, input longint unsigned addr,
                                                        output int unsigned value);
  import "DPI-C" function int     gpuref_dpi_mem_write32(input chandle m, input int space, input longint unsigned addr,
                                                         input int unsigned value);
  import "DPI-C" function int     gpuref_dpi_program_load(input chandle m, input longint unsigned base,
                                                          input int unsigned words[]);
  import "DPI-C" function int     gpuref_dpi_finished(input chandle m);
  import "DPI-C" function chandle gpuref_dpi_retire_new();
  import "DPI-C" function void    gpuref_dpi_retire_free(input chandle rr);
  import "DPI-C" function int     gpuref_dpi_step(input chandle m, input chandle rr);
  import "DPI-C" function longint unsigned gpuref_dpi_retire_pc(input chandle rr);
  import "DPI-C" function longint unsigned gpuref_dpi_retire_next_pc(input chandle rr);
  import "DPI-C" function int     gpuref_dpi_retire_nregw(input chandle rr);
  import "DPI-C" function int     gpuref_dpi_retire_regw_file(input chandle rr, input int i);
  import "DPI-C" function int     gpuref_dpi_retire_regw_index(input chandle rr, input int i);
  import "DPI-C" function longint unsigned gpuref_dpi_retire_regw_lanes(input chandle rr, input int i);
  import "DPI-C" function longint unsigned gpuref_dpi_retire_regw_value(input chandle rr, input int i,
                                                                         input int unsigned lane);
  import "DPI-C" function string  gpuref_dpi_disasm(input string isa, input int unsigned w0, input int unsigned w1,
                                                    input longint unsigned pc);
  // ---- lockstep checker (testbenches/common/checker.h)
  import "DPI-C" function chandle gpuref_dpi_chk_current();
  import "DPI-C" function int     gpuref_dpi_chk_init_next(input chandle c, output int kind, output string name,
                                                           output int unsigned index, output int unsigned lane,
                                                           output longint unsigned addr, output longint unsigned value);
  import "DPI-C" function void    gpuref_dpi_chk_dut_begin(input chandle c, input longint unsigned pc,
                                                           input longint unsigned next_pc, input int unsigned w0,
                                                           input int unsigned w1, input int unsigned nwords,
                                                           input int unsigned flags, input longint unsigned exec_mask);
  import "DPI-C" function void    gpuref_dpi_chk_dut_regw(input chandle c, input string file, input int unsigned index,
                                                          input longint unsigned bits, input longint unsigned lanes,
                                                          input int unsigned vals[]);
  import "DPI-C" function int     gpuref_dpi_chk_dut_end(input chandle c);
  import "DPI-C" function int     gpuref_dpi_chk_dut_stop(input chandle c, input int done, input int fault,
                                                          input longint unsigned fault_pc, input int timeout);
  import "DPI-C" function longint unsigned gpuref_dpi_chk_max_steps(input chandle c);
endpackage
