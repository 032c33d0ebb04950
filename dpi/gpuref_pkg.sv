// gpuref_pkg.sv - every DPI-C import of the gpuref model, for SystemVerilog.
// Each function forwards to the C function of the same name without the
// "_dpi" part (gpuref_dpi_reg_get -> gpuref_reg_get); see dpi/README.md.
// Handles are chandles; values travel as arguments (no VPI, no peeking):
// words as open arrays of int unsigned, lane values as longint unsigned.
// The lockstep checker's imports are in gpuref_check_pkg.sv.
package gpuref_pkg;
  localparam int GPUREF_CONTRACT_VERSION = 2;
  localparam int GPUREF_MAX_WORDS = 16;
  localparam int GPUREF_MAX_LANES = 64;
  localparam int GPUREF_SLOT_NONE = -1;
  localparam longint unsigned GPUREF_TAG_ANY = 64'hffff_ffff_ffff_ffff;
  // retire flags (gpuref.h)
  localparam int unsigned GPUREF_RETIRE_EXIT = 32'h1, GPUREF_RETIRE_END = 32'h2,
                          GPUREF_RETIRE_BRANCH = 32'h4, GPUREF_RETIRE_SKIP = 32'h8,
                          GPUREF_RETIRE_TRAP = 32'h10;
  // register-write flags
  localparam int unsigned GPUREF_REGW_UNMODELLED = 32'h1, GPUREF_REGW_F32_ULP = 32'h2,
                          GPUREF_REGW_DEFERRED = 32'h4, GPUREF_REGW_PENDING = 32'h8;

  // ---- model
  import "DPI-C" function chandle gpuref_dpi_model_create(input string isa, input string cfg,
                                                          output string err);
  import "DPI-C" function void    gpuref_dpi_model_destroy(input chandle m);
  import "DPI-C" function string  gpuref_dpi_model_error(input chandle m);
  import "DPI-C" function int     gpuref_dpi_model_reset(input chandle m);
  import "DPI-C" function int     gpuref_dpi_wave_count(input chandle m);
  import "DPI-C" function int     gpuref_dpi_wave_select(input chandle m, input int wave);
  import "DPI-C" function int     gpuref_dpi_regfile_lookup(input chandle m, input string name);
  import "DPI-C" function string  gpuref_dpi_reg_name(input chandle m, input int file, input int unsigned index);
  import "DPI-C" function int     gpuref_dpi_reg_get(input chandle m, input int file, input int unsigned index,
                                                     input int unsigned lane, output longint unsigned value);
  import "DPI-C" function int     gpuref_dpi_reg_set(input chandle m, input int file, input int unsigned index,
                                                     input int unsigned lane, input longint unsigned value);
  import "DPI-C" function int     gpuref_dpi_mem_lookup(input chandle m, input string name);
  import "DPI-C" function int     gpuref_dpi_mem_read32(input chandle m, input int space, input longint unsigned addr,
                                                        output int unsigned value);
  import "DPI-C" function int     gpuref_dpi_mem_write32(input chandle m, input int space, input longint unsigned addr,
                                                         input int unsigned value);
  import "DPI-C" function int     gpuref_dpi_mem_read(input chandle m, input int space, input longint unsigned addr,
                                                      inout byte unsigned bytes[]);
  import "DPI-C" function int     gpuref_dpi_mem_write(input chandle m, input int space, input longint unsigned addr,
                                                       input byte unsigned bytes[]);
  import "DPI-C" function int     gpuref_dpi_program_load(input chandle m, input longint unsigned base,
                                                          input int unsigned words[]);
  import "DPI-C" function int     gpuref_dpi_finished(input chandle m);
  import "DPI-C" function int     gpuref_dpi_wave_finished(input chandle m, input int wave);
  import "DPI-C" function int     gpuref_dpi_step(input chandle m, input chandle rr);
  import "DPI-C" function int     gpuref_dpi_step_wave(input chandle m, input int wave, input chandle rr);
  import "DPI-C" function int     gpuref_dpi_inject_mem(input chandle m, input int space, input longint unsigned addr,
                                                        input byte unsigned bytes[], input string waiver);
  import "DPI-C" function int     gpuref_dpi_inject_reg(input chandle m, input int wave, input int file,
                                                        input int unsigned index, input int unsigned lane,
                                                        input longint unsigned value, input string waiver);
  // ---- retire records
  import "DPI-C" function chandle gpuref_dpi_retire_new();
  import "DPI-C" function void    gpuref_dpi_retire_free(input chandle rr);
  import "DPI-C" function void    gpuref_dpi_retire_clear(input chandle rr);
  import "DPI-C" function longint unsigned gpuref_dpi_retire_seq(input chandle rr);
  import "DPI-C" function longint unsigned gpuref_dpi_retire_pc(input chandle rr);
  import "DPI-C" function longint unsigned gpuref_dpi_retire_next_pc(input chandle rr);
  import "DPI-C" function int     gpuref_dpi_retire_wave(input chandle rr);
  import "DPI-C" function int     gpuref_dpi_retire_kind(input chandle rr);
  import "DPI-C" function int     gpuref_dpi_retire_stream(input chandle rr);
  import "DPI-C" function int     gpuref_dpi_retire_nwords(input chandle rr);
  import "DPI-C" function int     gpuref_dpi_retire_words(input chandle rr, inout int unsigned words[]);
  import "DPI-C" function int unsigned gpuref_dpi_retire_flags(input chandle rr);
  import "DPI-C" function longint unsigned gpuref_dpi_retire_exec_mask(input chandle rr);
  import "DPI-C" function int     gpuref_dpi_retire_nregw(input chandle rr);
  import "DPI-C" function int     gpuref_dpi_retire_regw_file(input chandle rr, input int i);
  import "DPI-C" function int     gpuref_dpi_retire_regw_index(input chandle rr, input int i);
  import "DPI-C" function int     gpuref_dpi_retire_regw_slot(input chandle rr, input int i);
  import "DPI-C" function int unsigned gpuref_dpi_retire_regw_flags(input chandle rr, input int i);
  import "DPI-C" function longint unsigned gpuref_dpi_retire_regw_tag(input chandle rr, input int i);
  import "DPI-C" function longint unsigned gpuref_dpi_retire_regw_bits(input chandle rr, input int i);
  import "DPI-C" function longint unsigned gpuref_dpi_retire_regw_lanes(input chandle rr, input int i);
  import "DPI-C" function longint unsigned gpuref_dpi_retire_regw_value(input chandle rr, input int i,
                                                                         input int unsigned lane);
  import "DPI-C" function int     gpuref_dpi_retire_nmemw(input chandle rr);
  import "DPI-C" function int     gpuref_dpi_retire_memw_space(input chandle rr, input int i);
  import "DPI-C" function longint unsigned gpuref_dpi_retire_memw_addr(input chandle rr, input int i);
  import "DPI-C" function int     gpuref_dpi_retire_memw_size(input chandle rr, input int i);
  import "DPI-C" function int     gpuref_dpi_retire_memw_lane(input chandle rr, input int i);
  import "DPI-C" function int     gpuref_dpi_retire_memw_mask(input chandle rr, input int i);
  import "DPI-C" function int     gpuref_dpi_retire_memw_slot(input chandle rr, input int i);
  import "DPI-C" function int     gpuref_dpi_retire_memw_data(input chandle rr, input int i,
                                                              inout byte unsigned data[]);
  import "DPI-C" function void    gpuref_dpi_retire_set(input chandle rr, input int wave, input longint unsigned pc,
                                                        input longint unsigned next_pc, input int unsigned words[],
                                                        input int unsigned flags, input longint unsigned exec_mask);
  import "DPI-C" function void    gpuref_dpi_retire_set_kind(input chandle rr, input int kind, input int stream);
  import "DPI-C" function int     gpuref_dpi_retire_add_regw(input chandle rr, input int file, input int unsigned index,
                                                             input int slot, input longint unsigned bits,
                                                             input longint unsigned lanes,
                                                             input longint unsigned vals[]);
  import "DPI-C" function int     gpuref_dpi_retire_add_memw(input chandle rr, input int space,
                                                             input longint unsigned addr, input int lane,
                                                             input int size, input int mask,
                                                             input byte unsigned data[], input int slot);
  import "DPI-C" function int     gpuref_dpi_retire_compare(input chandle m, input chandle dut, input chandle model,
                                                            output string first);
  // ---- text
  import "DPI-C" function string  gpuref_dpi_disasm(input string isa, input int unsigned words[],
                                                    input longint unsigned pc);
endpackage
