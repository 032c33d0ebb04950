/* gpuref_check_dpi.c - the DPI-C shim of the lockstep checker: converts DPI
 * argument types and forwards to gpuref_check.h.  No logic here.  Built into
 * libgpuref_check with the checker; SV sees it through gpuref_check_pkg.sv. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "gpuref_check.h"
#include "svdpi.h"

static size_t open_len(const svOpenArrayHandle a)
{
    int n = svSize(a, 1);
    return n > 0 ? (size_t)n : 0;
}

static const void *open_elem(const svOpenArrayHandle a, size_t i)
{
    return svGetArrElemPtr1(a, svLow(a, 1) + (int)i);
}

/* An open array of longint unsigned: at most 64 lanes are read. */
static unsigned lane_vals(const svOpenArrayHandle a, uint64_t v[GPUREF_MAX_LANES])
{
    size_t n = open_len(a);
    if (n > GPUREF_MAX_LANES)
        n = GPUREF_MAX_LANES;
    for (size_t i = 0; i < n; i++)
        v[i] = *(const uint64_t *)open_elem(a, i);
    return (unsigned)n;
}

void *gpuref_dpi_chk_open(const char *isa, const char *vecfile, const char *outdir,
                          const char **err)
{
    static _Thread_local char msg[512];
    msg[0] = '\0';
    gpuref_chk *c = gpuref_chk_open(isa && *isa ? isa : NULL, vecfile, outdir, msg, sizeof msg);
    *err = msg;
    return c;
}
void gpuref_dpi_chk_close(void *c) { gpuref_chk_close(c); }
void *gpuref_dpi_chk_current(void) { return gpuref_chk_current(); }
void gpuref_dpi_chk_set_current(void *c) { gpuref_chk_set_current(c); }
int gpuref_dpi_chk_ntests(void *c) { return gpuref_chk_ntests(c); }
int gpuref_dpi_chk_begin(void *c, int t) { return gpuref_chk_begin(c, t); }
const char *gpuref_dpi_chk_test_name(void *c) { return gpuref_chk_test_name(c); }
const char *gpuref_dpi_chk_result(void *c) { return gpuref_chk_result(c); }
int gpuref_dpi_chk_waves(void *c) { return gpuref_chk_waves(c); }
unsigned long long gpuref_dpi_chk_max_steps(void *c) { return gpuref_chk_max_steps(c); }
unsigned long long gpuref_dpi_chk_steps(void *c) { return gpuref_chk_steps(c); }
int gpuref_dpi_chk_file_id(void *c, const char *file) { return gpuref_chk_file_id(c, file); }
int gpuref_dpi_chk_space_id(void *c, const char *space) { return gpuref_chk_space_id(c, space); }

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

void gpuref_dpi_chk_dut_begin(void *c, int wave, unsigned long long pc,
                              unsigned long long next_pc, const svOpenArrayHandle words,
                              int nwords, unsigned flags, unsigned long long exec_mask)
{
    uint32_t w[GPUREF_MAX_WORDS] = { 0 };
    size_t n = open_len(words);
    for (size_t i = 0; i < n && i < GPUREF_MAX_WORDS; i++)
        w[i] = *(const uint32_t *)open_elem(words, i);
    gpuref_chk_dut_begin(c, (unsigned)wave, pc, next_pc, w, nwords > 0 ? (unsigned)nwords : 0,
                         flags, exec_mask);
}

void gpuref_dpi_chk_dut_kind(void *c, int kind, int stream)
{
    gpuref_chk_dut_kind(c, (unsigned)kind, (unsigned)stream);
}

void gpuref_dpi_chk_dut_regw(void *c, const char *file, unsigned index, int slot,
                             unsigned long long bits, unsigned long long lanes,
                             const svOpenArrayHandle vals)
{
    uint64_t v[GPUREF_MAX_LANES];
    unsigned n = lane_vals(vals, v);
    gpuref_chk_dut_regw(c, file, index, slot, bits, lanes, v, n);
}

void gpuref_dpi_chk_dut_regw_id(void *c, int file, unsigned index, int slot,
                                unsigned long long bits, unsigned long long lanes,
                                const svOpenArrayHandle vals)
{
    uint64_t v[GPUREF_MAX_LANES];
    unsigned n = lane_vals(vals, v);
    gpuref_chk_dut_regw_id(c, file, index, slot, bits, lanes, v, n);
}

void gpuref_dpi_chk_dut_memw_id(void *c, int space, unsigned long long addr, int lane, int size,
                                int mask, const svOpenArrayHandle data, int slot)
{
    uint8_t b[16] = { 0 };
    size_t n = open_len(data);
    for (size_t k = 0; k < n && k < 16; k++)
        b[k] = *(const uint8_t *)open_elem(data, k);
    gpuref_chk_dut_memw_id(c, space, addr, (unsigned)lane, (unsigned)size, (unsigned)mask, b, slot);
}

int gpuref_dpi_chk_dut_end(void *c) { return gpuref_chk_dut_end(c); }

int gpuref_dpi_chk_dut_writeback_id(void *c, int wave, unsigned long long tag, int file,
                                    unsigned index, unsigned long long bits,
                                    unsigned long long lanes, const svOpenArrayHandle vals)
{
    uint64_t v[GPUREF_MAX_LANES];
    unsigned n = lane_vals(vals, v);
    return gpuref_chk_dut_writeback_id(c, (unsigned)wave, tag, file, index, bits, lanes, v, n);
}

int gpuref_dpi_chk_inject_mem(void *c, const char *waiver, const char *space,
                              unsigned long long addr, const svOpenArrayHandle data)
{
    size_t n = open_len(data);
    uint8_t *b = malloc(n ? n : 1);
    if (!b)
        return GPUREF_ERR_NOMEM;
    for (size_t k = 0; k < n; k++)
        b[k] = *(const uint8_t *)open_elem(data, k);
    int st = gpuref_chk_inject_mem(c, waiver, space, addr, b, n);
    free(b);
    return st;
}

int gpuref_dpi_chk_inject_reg(void *c, const char *waiver, int wave, const char *file,
                              unsigned index, unsigned lane, unsigned long long value)
{
    return gpuref_chk_inject_reg(c, waiver, (unsigned)wave, file, index, lane, value);
}

int gpuref_dpi_chk_dut_stop(void *c, int done, int fault, unsigned long long fault_pc,
                            int timeout)
{
    return gpuref_chk_dut_stop(c, done, fault, fault_pc, timeout);
}

void gpuref_dpi_chk_dut_fault_wave(void *c, int wave)
{
    gpuref_chk_dut_fault_wave(c, (unsigned)wave);
}

int gpuref_dpi_chk_end(void *c) { return gpuref_chk_end(c); }
