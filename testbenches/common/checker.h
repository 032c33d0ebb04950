/* checker.h - the shared lockstep checker.  ISA-neutral: it steps the model on
 * every retire of the DUT, compares the two retire records field by field, and
 * writes a first-divergence report (text and JSON) on mismatch.
 *
 * A bench (SV over DPI, SystemC, or C++) uses it in this order per test:
 *   gpuref_chk_begin(t) -> gpuref_chk_init_next() until 0 (load the DUT)
 *   -> per DUT retire: gpuref_chk_dut_begin/regw/end
 *   -> gpuref_chk_dut_stop(done|fault) -> gpuref_chk_end() */
#ifndef GPUREF_CHECKER_H
#define GPUREF_CHECKER_H

#include <stdint.h>

#include "gpuref.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gpuref_chk gpuref_chk;

/* Load a vector file.  outdir: where per-test reports go (created).  NULL + a
 * one-line message in err on failure. */
gpuref_chk *gpuref_chk_open(const char *isa, const char *vecfile, const char *outdir,
                            char *err, size_t errlen);
void gpuref_chk_close(gpuref_chk *c);
int  gpuref_chk_ntests(const gpuref_chk *c);
const char *gpuref_chk_test_name(const gpuref_chk *c);
const char *gpuref_chk_test_dir(const gpuref_chk *c);   /* report folder of the test */
uint64_t gpuref_chk_max_steps(const gpuref_chk *c);

/* Set up the model for test t (0-based).  0 on success; otherwise the test
 * has failed already (reason in gpuref_chk_result()). */
int gpuref_chk_begin(gpuref_chk *c, int t);

/* The state the DUT must be loaded with, one item per call: returns 1 and
 * fills the item, 0 when done.  kind 0: register (name = file name, index,
 * lane); kind 1: memory word (name = space name, addr = byte address);
 * kind 2: program word (addr = byte address). Zero values are skipped
 * (the DUT starts from zero). */
int gpuref_chk_init_next(gpuref_chk *c, int *kind, const char **name, uint32_t *index,
                         uint32_t *lane, uint64_t *addr, uint64_t *value);

/* One retired unit of the DUT. */
void gpuref_chk_dut_begin(gpuref_chk *c, uint64_t pc, uint64_t next_pc, const uint32_t *words,
                          unsigned nwords, uint32_t flags, uint64_t exec_mask);
/* vals[lane] for every lane set in `lanes` (nvals values available). */
void gpuref_chk_dut_regw(gpuref_chk *c, const char *file, uint32_t index, uint64_t bits,
                         uint64_t lanes, const uint64_t *vals, unsigned nvals);
/* Compare with the model: 0 go on; 1 stop the test (a mismatch, report
 * written, or the vector's step limit reached). */
int  gpuref_chk_dut_end(gpuref_chk *c);
/* The DUT stopped: done=1 program ended, fault=1 it could not execute the
 * instruction at fault_pc, timeout=1 the bench gave up.  Returns 0 if the
 * model agrees, 1 otherwise. */
int  gpuref_chk_dut_stop(gpuref_chk *c, int done, int fault, uint64_t fault_pc, int timeout);
/* Finish the test: final expectations of the vector.  0 pass, 1 fail. */
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

/* The checker a C++ main hands to its SV bench (one per process). */
void gpuref_chk_set_current(gpuref_chk *c);
gpuref_chk *gpuref_chk_current(void);

#ifdef __cplusplus
}
#endif
#endif
