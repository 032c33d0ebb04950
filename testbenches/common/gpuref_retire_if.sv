// gpuref_retire_if.sv - the ISA-neutral retire interface of gpuref (contract
// version 2).  A core under test drives it (modport dut); the monitor
// gpuref_retire_mon samples it on every rising clock edge and feeds the
// lockstep checker.  dpi/README.md "Bring your own RTL" says when to drive
// what; in short:
//
//  * A unit (instruction, or instruction group) retires in one or more beats.
//    valid=1 marks a beat; the header (wave .. exec_mask) is read on the
//    first beat of a unit; last=1 closes the unit.  Units with more writes
//    than ports take several beats (last=0 on all but the final one).
//  * Each beat carries up to NREGW register writes (rw_*) and NMEMW memory
//    writes (mw_*).  rw_file and mw_space are the ISA's file/space ids (the
//    order of the register-file and memory-space tables of the ISA's README;
//    gpuref_regfile_lookup/gpuref_mem_lookup give them).  rw_val[i][lane] is
//    the whole register content after the write for every lane set in
//    rw_lanes[i]; rw_bits[i] the bits the unit wrote.  rw_slot/mw_slot name
//    the slot or phase that wrote (-1: none).
//  * Memory writes of one unit compare as a set: their order does not matter.
//  * A load's data (a deferred write-back) is reported on a wb_* port in the
//    cycle the DUT's memory returns it, tagged with the wave and the sequence
//    number in that wave (from 0) of the unit that issued the load, or
//    wb_tag = '1 for "the oldest outstanding load of this register".
//    Write-backs of a cycle are taken before the unit retiring in it.
//  * done=1 (every wave ended) or fault=1 (the core could not execute the
//    unit at fault_pc of fault_wave) ends the test; hold it until reset.
interface gpuref_retire_if #(
    parameter int LANES = 64,   // lanes per register write (1..64)
    parameter int NREGW = 8,    // register-write ports per beat
    parameter int NMEMW = 4,    // memory-write ports per beat
    parameter int NWB   = 1     // write-back ports per cycle
) (input logic clk);
  // ---- a retire beat
  logic               valid;
  logic               last;
  logic [15:0]        wave;
  logic [63:0]        pc, next_pc;
  logic [4:0]         nwords;       // 1..16
  logic [31:0]        words [16];
  logic [15:0]        kind, stream; // unit kind and stream (0 = the ISA's main ones)
  logic [31:0]        flags;        // GPUREF_RETIRE_* (gpuref_pkg)
  logic [63:0]        exec_mask;
  // register writes
  logic               rw_en    [NREGW];
  logic [15:0]        rw_file  [NREGW];
  logic [15:0]        rw_index [NREGW];
  logic signed [7:0]  rw_slot  [NREGW];
  logic [63:0]        rw_bits  [NREGW];
  logic [63:0]        rw_lanes [NREGW];
  logic [63:0]        rw_val   [NREGW][LANES];
  // memory writes
  logic               mw_en    [NMEMW];
  logic [15:0]        mw_space [NMEMW];
  logic [63:0]        mw_addr  [NMEMW];
  logic [7:0]         mw_lane  [NMEMW];
  logic [4:0]         mw_size  [NMEMW];  // bytes, 1..16
  logic [15:0]        mw_mask  [NMEMW];  // bytes written (0: all)
  logic [127:0]       mw_data  [NMEMW];  // byte i in bits 8i+7:8i
  logic signed [7:0]  mw_slot  [NMEMW];
  // ---- deferred write-backs
  logic               wb_en    [NWB];
  logic [15:0]        wb_wave  [NWB];
  logic [63:0]        wb_tag   [NWB];
  logic [15:0]        wb_file  [NWB];
  logic [15:0]        wb_index [NWB];
  logic [63:0]        wb_bits  [NWB];
  logic [63:0]        wb_lanes [NWB];
  logic [63:0]        wb_val   [NWB][LANES];
  // ---- end of the program
  logic               done, fault;
  logic [15:0]        fault_wave;
  logic [63:0]        fault_pc;

  modport dut (output valid, last, wave, pc, next_pc, nwords, words, kind, stream, flags, exec_mask,
               rw_en, rw_file, rw_index, rw_slot, rw_bits, rw_lanes, rw_val,
               mw_en, mw_space, mw_addr, mw_lane, mw_size, mw_mask, mw_data, mw_slot,
               wb_en, wb_wave, wb_tag, wb_file, wb_index, wb_bits, wb_lanes, wb_val,
               done, fault, fault_wave, fault_pc);
  modport mon (input clk, valid, last, wave, pc, next_pc, nwords, words, kind, stream, flags, exec_mask,
               rw_en, rw_file, rw_index, rw_slot, rw_bits, rw_lanes, rw_val,
               mw_en, mw_space, mw_addr, mw_lane, mw_size, mw_mask, mw_data, mw_slot,
               wb_en, wb_wave, wb_tag, wb_file, wb_index, wb_bits, wb_lanes, wb_val,
               done, fault, fault_wave, fault_pc);
endinterface
