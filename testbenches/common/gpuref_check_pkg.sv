// gpuref_check_pkg.sv - the DPI-C imports of the gpuref lockstep checker
// (gpuref_check.h; C function gpuref_chk_X <-> SV gpuref_dpi_chk_X).
// Import it in a bench that feeds the checker directly, or use the retire
// interface gpuref_retire_if with its monitor gpuref_retire_mon, which do.
package gpuref_check_pkg;
  import "DPI-C" function chandle gpuref_dpi_chk_open(input string isa, input string vecfile,
                                                      input string outdir, output string err);
  import "DPI-C" function void    gpuref_dpi_chk_close(input chandle c);
  import "DPI-C" function chandle gpuref_dpi_chk_current();
  import "DPI-C" function void    gpuref_dpi_chk_set_current(input chandle c);
  import "DPI-C" function int     gpuref_dpi_chk_ntests(input chandle c);
  import "DPI-C" function int     gpuref_dpi_chk_begin(input chandle c, input int t);
  import "DPI-C" function string  gpuref_dpi_chk_test_name(input chandle c);
  import "DPI-C" function string  gpuref_dpi_chk_result(input chandle c);
  import "DPI-C" function int     gpuref_dpi_chk_waves(input chandle c);
  import "DPI-C" function longint unsigned gpuref_dpi_chk_max_steps(input chandle c);
  import "DPI-C" function longint unsigned gpuref_dpi_chk_steps(input chandle c);
  import "DPI-C" function int     gpuref_dpi_chk_file_id(input chandle c, input string file);
  import "DPI-C" function int     gpuref_dpi_chk_space_id(input chandle c, input string space);
  import "DPI-C" function int     gpuref_dpi_chk_init_next(input chandle c, output int kind, output string name,
                                                           output int unsigned index, output int unsigned lane,
                                                           output longint unsigned addr, output longint unsigned value);
  import "DPI-C" function void    gpuref_dpi_chk_dut_begin(input chandle c, input int wave, input longint unsigned pc,
                                                           input longint unsigned next_pc, input int unsigned words[],
                                                           input int nwords, input int unsigned flags,
                                                           input longint unsigned exec_mask);
  import "DPI-C" function void    gpuref_dpi_chk_dut_kind(input chandle c, input int kind, input int stream);
  import "DPI-C" function void    gpuref_dpi_chk_dut_regw(input chandle c, input string file, input int unsigned index,
                                                          input int slot, input longint unsigned bits,
                                                          input longint unsigned lanes, input longint unsigned vals[]);
  import "DPI-C" function void    gpuref_dpi_chk_dut_regw_id(input chandle c, input int file, input int unsigned index,
                                                             input int slot, input longint unsigned bits,
                                                             input longint unsigned lanes, input longint unsigned vals[]);
  import "DPI-C" function void    gpuref_dpi_chk_dut_memw_id(input chandle c, input int space,
                                                             input longint unsigned addr, input int lane,
                                                             input int size, input int mask,
                                                             input byte unsigned data[], input int slot);
  import "DPI-C" function int     gpuref_dpi_chk_dut_end(input chandle c);
  import "DPI-C" function int     gpuref_dpi_chk_dut_writeback_id(input chandle c, input int wave,
                                                                  input longint unsigned tag, input int file,
                                                                  input int unsigned index, input longint unsigned bits,
                                                                  input longint unsigned lanes,
                                                                  input longint unsigned vals[]);
  import "DPI-C" function int     gpuref_dpi_chk_inject_mem(input chandle c, input string waiver, input string space,
                                                            input longint unsigned addr, input byte unsigned data[]);
  import "DPI-C" function int     gpuref_dpi_chk_inject_reg(input chandle c, input string waiver, input int wave,
                                                            input string file, input int unsigned index,
                                                            input int unsigned lane, input longint unsigned value);
  import "DPI-C" function int     gpuref_dpi_chk_dut_stop(input chandle c, input int done, input int fault,
                                                          input longint unsigned fault_pc, input int timeout);
  import "DPI-C" function void    gpuref_dpi_chk_dut_fault_wave(input chandle c, input int wave);
  import "DPI-C" function int     gpuref_dpi_chk_end(input chandle c);
endpackage
