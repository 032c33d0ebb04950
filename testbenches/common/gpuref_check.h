/* gpuref_check.h - the lockstep checker of gpuref (library libgpuref_check,
 * installed with this header, the DPI package gpuref_check_pkg.sv and the
 * SystemVerilog retire interface gpuref_retire_if.sv).
 *
 * ISA-neutral: on every unit the DUT retires it steps the same wave of the
 * model, compares the two retire records field by field (contract version 2,
 * gpuref.h), and on the first divergence writes a report (text and JSON).
 *
 * A bench (SV over DPI, SystemC, C or C++) uses it in this order per test:
 *   gpuref_chk_begin(t) -> gpuref_chk_init_next() until 0 (load the DUT)
 *   -> per DUT retire: gpuref_chk_dut_begin, _regw / _memw ..., _dut_end
 *   -> whenever the DUT's memory returns a load: gpuref_chk_dut_writeback
 *   -> gpuref_chk_dut_stop(done|fault) -> gpuref_chk_end()
 *
 * Units are matched per wave, in order within a wave, in any order across
 * waves.  A deferred write-back (a load's data) is compared when the model
 * makes it visible (its ISA's wait instruction): the DUT must have reported it
 * by then, in any order relative to other units.  What only the DUT can know
 * is injected (gpuref_chk_inject_*) under a named waiver, listed in the test's
 * waivers.log and counted in the summary. */
#ifndef GPUREF_CHECK_H
#define GPUREF_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "gpuref.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gpuref_chk gpuref_chk;

/* Load a vector file.  isa: the bench's ISA (NULL: any).  outdir: where
 * per-test report folders go (created on demand: OUTDIR/TEST/).  NULL and a
 * one-line message in err on failure. */
gpuref_chk *gpuref_chk_open(const char *isa, const char *vecfile, const char *outdir,
                            char *err, size_t errlen);
void gpuref_chk_close(gpuref_chk *c);
int  gpuref_chk_ntests(const gpuref_chk *c);
const char *gpuref_chk_test_name(const gpuref_chk *c);
const char *gpuref_chk_test_dir(const gpuref_chk *c);   /* report folder of the test */
uint64_t gpuref_chk_max_steps(const gpuref_chk *c);
int  gpuref_chk_waves(const gpuref_chk *c);              /* waves of the current test */
const char *gpuref_chk_isa(const gpuref_chk *c);

/* Set up the model for test t (0-based).  0 on success; otherwise the test
 * has failed already (reason in gpuref_chk_result()). */
int gpuref_chk_begin(gpuref_chk *c, int t);

/* The state the DUT must be loaded with, one item per call: returns 1 and
 * fills the item, 0 when done.  kind 0: register (name = file name, index,
 * lane, wave in the upper 16 bits of *index when the test has several waves);
 * kind 1: memory word (name = space name, addr = byte address); kind 2:
 * program word (addr = byte address).  Zero values are skipped (the DUT
 * starts from zero). */
int gpuref_chk_init_next(gpuref_chk *c, int *kind, const char **name, uint32_t *index,
                         uint32_t *lane, uint64_t *addr, uint64_t *value);

/* One retired unit of the DUT: begin, its writes, end. */
void gpuref_chk_dut_begin(gpuref_chk *c, unsigned wave, uint64_t pc, uint64_t next_pc,
                          const uint32_t *words, unsigned nwords, uint32_t flags,
                          uint64_t exec_mask);
/* Unit kind and stream, when the ISA has several (default 0/0). */
void gpuref_chk_dut_kind(gpuref_chk *c, unsigned kind, unsigned stream);
/* A register write: vals[lane] for every lane set in `lanes` (nvals values
 * given).  file: the ISA's file name ("r", "s", "vcc", ...); slot: the slot
 * or phase that wrote it (GPUREF_SLOT_NONE = -1 for none). */
void gpuref_chk_dut_regw(gpuref_chk *c, const char *file, uint32_t index, int slot,
                         uint64_t bits, uint64_t lanes, const uint64_t *vals, unsigned nvals);
/* The same with the ISA's file id (gpuref_chk_file_id: the order of the
 * ISA README's register-file table), for ports that carry numbers. */
void gpuref_chk_dut_regw_id(gpuref_chk *c, int file, uint32_t index, int slot, uint64_t bits,
                            uint64_t lanes, const uint64_t *vals, unsigned nvals);
int  gpuref_chk_file_id(const gpuref_chk *c, const char *file);    /* <0: none */
int  gpuref_chk_space_id(const gpuref_chk *c, const char *space);  /* <0: none */
/* A memory write of `size` bytes (1..16) at addr, byte mask (0 = all). */
void gpuref_chk_dut_memw(gpuref_chk *c, const char *space, uint64_t addr, unsigned lane,
                         unsigned size, unsigned mask, const uint8_t *data, int slot);
void gpuref_chk_dut_memw_id(gpuref_chk *c, int space, uint64_t addr, unsigned lane,
                            unsigned size, unsigned mask, const uint8_t *data, int slot);
/* A whole DUT unit given as a retire record (a C or SystemC model of the DUT):
 * begin, kind and every register and memory write of the unit itself (its
 * PENDING/DEFERRED entries are not its writes: the DUT reports write-backs with
 * gpuref_chk_dut_writeback).  File and space ids are the model's.  Then call
 * gpuref_chk_dut_end. */
void gpuref_chk_dut_record(gpuref_chk *c, const gpuref_retire *rr);
/* Compare with the model: 0 go on; 1 stop the test (a mismatch, report
 * written, or the vector's step limit reached). */
int  gpuref_chk_dut_end(gpuref_chk *c);

/* A deferred write-back (a load's destination) the DUT's memory returned:
 * wave, the sequence number (in that wave, from 0) of the unit that issued the
 * load or GPUREF_TAG_ANY (then the oldest outstanding load of that register
 * is meant), register and values.  May come at any time after the issuing
 * unit retired.  0 go on, 1 stop the test. */
int gpuref_chk_dut_writeback(gpuref_chk *c, unsigned wave, uint64_t tag, const char *file,
                             uint32_t index, uint64_t bits, uint64_t lanes,
                             const uint64_t *vals, unsigned nvals);

int gpuref_chk_dut_writeback_id(gpuref_chk *c, unsigned wave, uint64_t tag, int file,
                                uint32_t index, uint64_t bits, uint64_t lanes,
                                const uint64_t *vals, unsigned nvals);

/* What only the DUT knows, given to the model under a named waiver. */
int gpuref_chk_inject_mem(gpuref_chk *c, const char *waiver, const char *space, uint64_t addr,
                          const uint8_t *data, size_t len);
int gpuref_chk_inject_reg(gpuref_chk *c, const char *waiver, unsigned wave, const char *file,
                          uint32_t index, uint32_t lane, uint64_t value);

/* The DUT stopped: done=1 every wave's program ended, fault=1 it could not
 * execute the unit at fault_pc (of wave 0, or gpuref_chk_dut_fault_wave),
 * timeout=1 the bench gave up.  Returns 0 if the model agrees, 1 otherwise. */
int  gpuref_chk_dut_stop(gpuref_chk *c, int done, int fault, uint64_t fault_pc, int timeout);
void gpuref_chk_dut_fault_wave(gpuref_chk *c, unsigned wave);
/* Finish the test: outstanding write-backs, final expectations of the
 * vector.  0 pass, 1 fail.  A failure writes the report it names. */
int  gpuref_chk_end(gpuref_chk *c);
const char *gpuref_chk_result(const gpuref_chk *c);     /* "" or the failure reason */
uint64_t gpuref_chk_steps(const gpuref_chk *c);          /* units compared in this test */
uint64_t gpuref_chk_waivers(const gpuref_chk *c);        /* values taken from the DUT */
/* Seconds spent in the model (step + compare) since open: the model's share. */
double gpuref_chk_model_seconds(const gpuref_chk *c);

/* Functional coverage: when set, every unit the model retires in lockstep is
 * counted into cov (gpuref_cov.h); the caller owns cov and writes it. */
struct gpuref_cov;
void gpuref_chk_set_cov(gpuref_chk *c, struct gpuref_cov *cov);
/* Units kept for the report's history (default 8). */
void gpuref_chk_set_history(gpuref_chk *c, unsigned n);

/* The checker a C/C++ main hands to its SV bench (one per process). */
void gpuref_chk_set_current(gpuref_chk *c);
gpuref_chk *gpuref_chk_current(void);

#ifdef __cplusplus
}
#endif
#endif
