/* gpuref_dpi.c - the DPI-C shim: converts DPI argument types and forwards to
 * the C API (gpuref.h) and the lockstep checker (checker.h).  No logic here. */
#include <stdlib.h>

#include "checker.h"
#include "gpuref.h"
#include "svdpi.h"

/* ---------------------------------------------------------------- model */
void *gpuref_dpi_model_create(const char *isa, const char *config)
{
    gpuref_model *m = NULL;
    return gpuref_model_create(isa, config, &m, NULL) == GPUREF_OK ? m : NULL;
}
void gpuref_dpi_model_destroy(void *m) { gpuref_model_destroy(m); }
const char *gpuref_dpi_model_error(void *m) { return gpuref_model_error(m); }
int gpuref_dpi_model_reset(void *m) { return gpuref_model_reset(m); }
int gpuref_dpi_regfile_lookup(void *m, const char *name) { return gpuref_regfile_lookup(m, name); }

int gpuref_dpi_reg_get(void *m, int file, unsigned index, unsigned lane, unsigned long long *v)
{
    uint64_t x = 0;
    int st = gpuref_reg_get(m, file, index, lane, &x);
    *v = x;
    return st;
}

int gpuref_dpi_reg_set(void *m, int file, unsigned index, unsigned lane, unsigned long long v)
{
    return gpuref_reg_set(m, file, index, lane, v);
}

int gpuref_dpi_mem_lookup(void *m, const char *name) { return gpuref_mem_lookup(m, name); }

int gpuref_dpi_mem_read32(void *m, int space, unsigned long long addr, unsigned *v)
{
    return gpuref_mem_read(m, space, addr, v, 4);
}

int gpuref_dpi_mem_write32(void *m, int space, unsigned long long addr, unsigned v)
{
    return gpuref_mem_write(m, space, addr, &v, 4);
}

int gpuref_dpi_program_load(void *m, unsigned long long base, const svOpenArrayHandle words)
{
    int n = svSize(words, 1);
    uint32_t *w = malloc(sizeof *w * (size_t)(n > 0 ? n : 1));
    if (!w)
        return GPUREF_ERR_NOMEM;
    for (int i = 0; i < n; i++)
        w[i] = *(const uint32_t *)svGetArrElemPtr1(words, svLow(words, 1) + i);
    int st = gpuref_program_load(m, base, w, (size_t)n);
    free(w);
    return st;
}

int gpuref_dpi_finished(void *m) { return gpuref_finished(m); }
void *gpuref_dpi_retire_new(void) { return calloc(1, sizeof(gpuref_retire)); }
void gpuref_dpi_retire_free(void *rr) { free(rr); }
int gpuref_dpi_step(void *m, void *rr) { return gpuref_step(m, rr); }
unsigned long long gpuref_dpi_retire_pc(void *rr) { return ((gpuref_retire *)rr)->pc; }
unsigned long long gpuref_dpi_retire_next_pc(void *rr) { return ((gpuref_retire *)rr)->next_pc; }
int gpuref_dpi_retire_nregw(void *rr) { return ((gpuref_retire *)rr)->nregw; }
int gpuref_dpi_retire_regw_file(void *rr, int i) { return ((gpuref_retire *)rr)->regw[i].file; }
int gpuref_dpi_retire_regw_index(void *rr, int i) { return ((gpuref_retire *)rr)->regw[i].index; }
unsigned long long gpuref_dpi_retire_regw_lanes(void *rr, int i)
{
    return ((gpuref_retire *)rr)->regw[i].lanes;
}
unsigned long long gpuref_dpi_retire_regw_value(void *rr, int i, unsigned lane)
{
    return ((gpuref_retire *)rr)->regw[i].value[lane % GPUREF_MAX_LANES];
}

const char *gpuref_dpi_disasm(const char *isa, unsigned w0, unsigned w1, unsigned long long pc)
{
    static _Thread_local char buf[160];   /* DPI returns strings by pointer */
    const uint32_t w[2] = { w0, w1 };
    if (gpuref_disasm(gpuref_isa_find(isa), w, 2, pc, buf, sizeof buf, NULL, NULL) != GPUREF_OK)
        return "(illegal)";
    return buf;
}

/* -------------------------------------------------------------- checker */
void *gpuref_dpi_chk_current(void) { return gpuref_chk_current(); }

int gpuref_dpi_chk_init_next(void *c, int *kind, const char **name, unsigned *index,
                             unsigned *lane, unsigned long long *addr, unsigned long long *value)
{
    uint32_t ix = 0, ln = 0;
    uint64_t ad = 0, va = 0;
    int more = gpuref_chk_init_next(c, kind, name, &ix, &ln, &ad, &va);
    *index = ix;
    *lane = ln;
    *addr = ad;
    *value = va;
    return more;
}

void gpuref_dpi_chk_dut_begin(void *c, unsigned long long pc, unsigned long long next_pc,
                              unsigned w0, unsigned w1, unsigned nwords, unsigned flags,
                              unsigned long long exec_mask)
{
    const uint32_t w[2] = { w0, w1 };
    gpuref_chk_dut_begin(c, pc, next_pc, w, nwords, flags, exec_mask);
}

void gpuref_dpi_chk_dut_regw(void *c, const char *file, unsigned index, unsigned long long bits,
                             unsigned long long lanes, const svOpenArrayHandle vals)
{
    uint64_t v[GPUREF_MAX_LANES];
    int n = svSize(vals, 1);
    if (n > GPUREF_MAX_LANES)
        n = GPUREF_MAX_LANES;
    for (int i = 0; i < n; i++)
        v[i] = *(const uint32_t *)svGetArrElemPtr1(vals, svLow(vals, 1) + i);
    gpuref_chk_dut_regw(c, file, index, bits, lanes, v, (unsigned)n);
}

int gpuref_dpi_chk_dut_end(void *c) { return gpuref_chk_dut_end(c); }

int gpuref_dpi_chk_dut_stop(void *c, int done, int fault, unsigned long long fault_pc,
                            int timeout)
{
    return gpuref_chk_dut_stop(c, done, fault, fault_pc, timeout);
}

unsigned long long gpuref_dpi_chk_max_steps(void *c) { return gpuref_chk_max_steps(c); }
