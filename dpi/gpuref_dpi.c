/* gpuref_dpi.c - the DPI-C shim of the model: converts DPI argument types and
 * forwards to the C API of gpuref.h.  No logic here.  It includes only the
 * installed header gpuref.h and the simulator's svdpi.h, so a user builds it
 * from an installed tree (dpi/README.md).  The lockstep checker has a shim
 * of its own (gpuref_check_dpi.c, in libgpuref_check). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpuref.h"
#include "svdpi.h"

/* Strings returned to SV must outlive the call: one buffer per thread and
 * purpose, valid until the next call of the same function. */
#define DPI_STR 512

static size_t open_len(const svOpenArrayHandle a)
{
    int n = svSize(a, 1);
    return n > 0 ? (size_t)n : 0;
}

static void *open_elem(const svOpenArrayHandle a, size_t i)
{
    return svGetArrElemPtr1(a, svLow(a, 1) + (int)i);
}

/* ---------------------------------------------------------------- model */
void *gpuref_dpi_model_create(const char *isa, const char *config, const char **err)
{
    static _Thread_local char msg[DPI_STR];
    gpuref_model *m = NULL;
    gpuref_diag d = { 0 };
    msg[0] = '\0';
    if (gpuref_model_create(isa, config, &m, &d) != GPUREF_OK)
        snprintf(msg, sizeof msg, "%s", d.msg);
    *err = msg;
    return m;
}
void gpuref_dpi_model_destroy(void *m) { gpuref_model_destroy(m); }
const char *gpuref_dpi_model_error(void *m) { return gpuref_model_error(m); }
int gpuref_dpi_model_reset(void *m) { return gpuref_model_reset(m); }
int gpuref_dpi_wave_count(void *m) { return gpuref_wave_count(m); }
int gpuref_dpi_wave_select(void *m, int wave) { return gpuref_wave_select(m, (unsigned)wave); }
int gpuref_dpi_regfile_lookup(void *m, const char *name) { return gpuref_regfile_lookup(m, name); }
int gpuref_dpi_mem_lookup(void *m, const char *name) { return gpuref_mem_lookup(m, name); }

const char *gpuref_dpi_reg_name(void *m, int file, unsigned index)
{
    static _Thread_local char buf[64];
    gpuref_reg_name(m, file, index, buf, sizeof buf);
    return buf;
}

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

int gpuref_dpi_mem_read32(void *m, int space, unsigned long long addr, unsigned *v)
{
    uint32_t x = 0;
    int st = gpuref_mem_read(m, space, addr, &x, 4);
    *v = x;
    return st;
}

int gpuref_dpi_mem_write32(void *m, int space, unsigned long long addr, unsigned v)
{
    uint32_t x = v;
    return gpuref_mem_write(m, space, addr, &x, 4);
}

/* bytes: open array of byte unsigned */
int gpuref_dpi_mem_read(void *m, int space, unsigned long long addr, const svOpenArrayHandle bytes)
{
    size_t n = open_len(bytes);
    uint8_t *b = malloc(n ? n : 1);
    if (!b)
        return GPUREF_ERR_NOMEM;
    int st = gpuref_mem_read(m, space, addr, b, n);
    for (size_t i = 0; st == GPUREF_OK && i < n; i++)
        *(uint8_t *)open_elem(bytes, i) = b[i];
    free(b);
    return st;
}

/* A malloc'ed copy of an open array of byte unsigned (NULL: no memory). */
static uint8_t *bytes_of(const svOpenArrayHandle a, size_t *n)
{
    *n = open_len(a);
    uint8_t *b = malloc(*n ? *n : 1);
    for (size_t i = 0; b && i < *n; i++)
        b[i] = *(const uint8_t *)open_elem(a, i);
    return b;
}

int gpuref_dpi_mem_write(void *m, int space, unsigned long long addr,
                         const svOpenArrayHandle bytes)
{
    size_t n;
    uint8_t *b = bytes_of(bytes, &n);
    if (!b)
        return GPUREF_ERR_NOMEM;
    int st = gpuref_mem_write(m, space, addr, b, n);
    free(b);
    return st;
}

int gpuref_dpi_program_load(void *m, unsigned long long base, const svOpenArrayHandle words)
{
    size_t n = open_len(words);
    uint32_t *w = malloc(sizeof *w * (n ? n : 1));
    if (!w)
        return GPUREF_ERR_NOMEM;
    for (size_t i = 0; i < n; i++)
        w[i] = *(const uint32_t *)open_elem(words, i);
    int st = gpuref_program_load(m, base, w, n);
    free(w);
    return st;
}

int gpuref_dpi_finished(void *m) { return gpuref_finished(m); }
int gpuref_dpi_wave_finished(void *m, int wave) { return gpuref_wave_finished(m, (unsigned)wave); }
int gpuref_dpi_step(void *m, void *rr) { return gpuref_step(m, rr); }
int gpuref_dpi_step_wave(void *m, int wave, void *rr)
{
    return gpuref_step_wave(m, (unsigned)wave, rr);
}

int gpuref_dpi_inject_mem(void *m, int space, unsigned long long addr,
                          const svOpenArrayHandle bytes, const char *waiver)
{
    size_t n;
    uint8_t *b = bytes_of(bytes, &n);
    if (!b)
        return GPUREF_ERR_NOMEM;
    int st = gpuref_inject_mem(m, space, addr, b, n, waiver);
    free(b);
    return st;
}

int gpuref_dpi_inject_reg(void *m, int wave, int file, unsigned index, unsigned lane,
                          unsigned long long value, const char *waiver)
{
    return gpuref_inject_reg(m, (unsigned)wave, file, index, lane, value, waiver);
}

/* ------------------------------------------------------- retire records */
void *gpuref_dpi_retire_new(void) { return calloc(1, sizeof(gpuref_retire)); }
void gpuref_dpi_retire_free(void *rr) { free(rr); }
void gpuref_dpi_retire_clear(void *rr) { gpuref_retire_clear(rr); }

#define RR ((gpuref_retire *)rr)
unsigned long long gpuref_dpi_retire_seq(void *rr) { return RR->seq; }
unsigned long long gpuref_dpi_retire_pc(void *rr) { return RR->pc; }
unsigned long long gpuref_dpi_retire_next_pc(void *rr) { return RR->next_pc; }
int gpuref_dpi_retire_wave(void *rr) { return (int)RR->wave; }
int gpuref_dpi_retire_kind(void *rr) { return RR->kind; }
int gpuref_dpi_retire_stream(void *rr) { return RR->stream; }
int gpuref_dpi_retire_nwords(void *rr) { return RR->nwords; }
unsigned gpuref_dpi_retire_flags(void *rr) { return RR->flags; }
unsigned long long gpuref_dpi_retire_exec_mask(void *rr) { return RR->exec_mask; }

/* words: open array of int unsigned, filled up to its size */
int gpuref_dpi_retire_words(void *rr, const svOpenArrayHandle words)
{
    size_t n = open_len(words);
    for (size_t i = 0; i < n; i++)
        *(uint32_t *)open_elem(words, i) = i < RR->nwords && i < GPUREF_MAX_WORDS ? RR->words[i] : 0;
    return RR->nwords;
}

int gpuref_dpi_retire_nregw(void *rr) { return RR->nregw; }
static const gpuref_regw *regw_at(void *rr, int i)
{
    static const gpuref_regw none = { .file = -1, .slot = GPUREF_SLOT_NONE };
    return i >= 0 && i < RR->nregw ? &RR->regw[i] : &none;
}
int gpuref_dpi_retire_regw_file(void *rr, int i) { return regw_at(rr, i)->file; }
int gpuref_dpi_retire_regw_index(void *rr, int i) { return regw_at(rr, i)->index; }
int gpuref_dpi_retire_regw_slot(void *rr, int i) { return regw_at(rr, i)->slot; }
unsigned gpuref_dpi_retire_regw_flags(void *rr, int i) { return regw_at(rr, i)->flags; }
unsigned long long gpuref_dpi_retire_regw_tag(void *rr, int i) { return regw_at(rr, i)->tag; }
unsigned long long gpuref_dpi_retire_regw_bits(void *rr, int i) { return regw_at(rr, i)->bits; }
unsigned long long gpuref_dpi_retire_regw_lanes(void *rr, int i) { return regw_at(rr, i)->lanes; }
unsigned long long gpuref_dpi_retire_regw_value(void *rr, int i, unsigned lane)
{
    return lane < GPUREF_MAX_LANES ? regw_at(rr, i)->value[lane] : 0;
}

int gpuref_dpi_retire_nmemw(void *rr) { return RR->nmemw; }
static const gpuref_memw *memw_at(void *rr, int i)
{
    static const gpuref_memw none = { .space = -1, .slot = GPUREF_SLOT_NONE };
    return i >= 0 && i < RR->nmemw ? &RR->memw[i] : &none;
}
int gpuref_dpi_retire_memw_space(void *rr, int i) { return memw_at(rr, i)->space; }
unsigned long long gpuref_dpi_retire_memw_addr(void *rr, int i) { return memw_at(rr, i)->addr; }
int gpuref_dpi_retire_memw_size(void *rr, int i) { return memw_at(rr, i)->size; }
int gpuref_dpi_retire_memw_lane(void *rr, int i) { return memw_at(rr, i)->lane; }
int gpuref_dpi_retire_memw_mask(void *rr, int i) { return memw_at(rr, i)->mask; }
int gpuref_dpi_retire_memw_slot(void *rr, int i) { return memw_at(rr, i)->slot; }
/* data: open array of byte unsigned, filled up to min(size, 16) */
int gpuref_dpi_retire_memw_data(void *rr, int i, const svOpenArrayHandle data)
{
    const gpuref_memw *w = memw_at(rr, i);
    size_t n = open_len(data);
    for (size_t k = 0; k < n; k++)
        *(uint8_t *)open_elem(data, k) = k < w->size && k < 16 ? w->data[k] : 0;
    return w->size;
}

/* Building a record from SV (a DUT's), for gpuref_dpi_retire_compare. */
void gpuref_dpi_retire_set(void *rr, int wave, unsigned long long pc, unsigned long long next_pc,
                           const svOpenArrayHandle words, unsigned flags,
                           unsigned long long exec_mask)
{
    size_t n = open_len(words);
    gpuref_retire_clear(rr);
    RR->wave = (uint32_t)wave;
    RR->pc = pc;
    RR->next_pc = next_pc;
    RR->nwords = (uint8_t)(n > GPUREF_MAX_WORDS ? GPUREF_MAX_WORDS : n);
    for (size_t i = 0; i < RR->nwords; i++)
        RR->words[i] = *(const uint32_t *)open_elem(words, i);
    RR->flags = flags;
    RR->exec_mask = exec_mask;
}

void gpuref_dpi_retire_set_kind(void *rr, int kind, int stream)
{
    RR->kind = (uint16_t)kind;
    RR->stream = (uint16_t)stream;
}

/* vals: open array of longint unsigned, one per lane from lane 0 */
int gpuref_dpi_retire_add_regw(void *rr, int file, unsigned index, int slot,
                               unsigned long long bits, unsigned long long lanes,
                               const svOpenArrayHandle vals)
{
    gpuref_regw *w = gpuref_retire_regw_slot(rr, file, index, bits, slot);
    if (!w)
        return GPUREF_ERR_RANGE;
    size_t n = open_len(vals);
    w->lanes |= lanes;
    for (size_t l = 0; l < n && l < GPUREF_MAX_LANES; l++)
        if (lanes >> l & 1)
            w->value[l] = *(const uint64_t *)open_elem(vals, l);
    return GPUREF_OK;
}

int gpuref_dpi_retire_add_memw(void *rr, int space, unsigned long long addr, int lane, int size,
                               int mask, const svOpenArrayHandle data, int slot)
{
    uint8_t b[16] = { 0 };
    size_t n = open_len(data);
    for (size_t k = 0; k < n && k < 16; k++)
        b[k] = *(const uint8_t *)open_elem(data, k);
    return gpuref_retire_memw(rr, space, addr, (unsigned)size, (unsigned)lane, b,
                              (unsigned)mask, slot) ? GPUREF_OK : GPUREF_ERR_RANGE;
}

/* The number of differences; *first: the first one as text (m names them). */
int gpuref_dpi_retire_compare(void *m, void *dut, void *model, const char **first)
{
    static _Thread_local char buf[DPI_STR];
    gpuref_diff df[1];
    int n = gpuref_retire_compare(dut, model, df, 1);
    buf[0] = '\0';
    if (n > 0)
        gpuref_diff_format(m, &df[0], buf, sizeof buf);
    *first = buf;
    return n;
}
#undef RR

/* ------------------------------------------------------------- text */
const char *gpuref_dpi_disasm(const char *isa, const svOpenArrayHandle words,
                              unsigned long long pc)
{
    static _Thread_local char buf[256];
    uint32_t w[GPUREF_MAX_WORDS] = { 0 };
    size_t n = open_len(words);
    if (n > GPUREF_MAX_WORDS)
        n = GPUREF_MAX_WORDS;
    for (size_t i = 0; i < n; i++)
        w[i] = *(const uint32_t *)open_elem(words, i);
    if (gpuref_disasm(gpuref_isa_find(isa), w, n, pc, buf, sizeof buf, NULL, NULL) != GPUREF_OK)
        return "(illegal)";
    return buf;
}
