/* api.c - the public API: argument checks, error messages, dispatch to the ISA. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "model_priv.h"

static const gpuref_isa *const isas[] = { &gpuref_isa_nv50, &gpuref_isa_rdna4 };
#define NISAS (sizeof isas / sizeof isas[0])

const gpuref_isa *gpuref_isa_find(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < NISAS; i++)
        if (strcmp(isas[i]->name, name) == 0)
            return isas[i];
    return NULL;
}

const char *gpuref_isa_name(const gpuref_isa *isa) { return isa ? isa->name : NULL; }

const char *gpuref_isa_list(void) { return "nv50, rdna4"; }

unsigned gpuref_isa_opcode_count(const gpuref_isa *isa) { return isa ? isa->nopcodes : 0; }

const char *gpuref_isa_opcode_name(const gpuref_isa *isa, unsigned opcode)
{
    if (!isa || opcode >= isa->nopcodes)
        return NULL;
    return isa->opcode_name(opcode);
}

/* Record the outcome of a call on a model: clears the message on success. */
static int done(gpuref_model *m, int st)
{
    if (st == GPUREF_OK)
        m->err[0] = '\0';
    else if (m->err[0] == '\0')
        gpuref_errf(m->err, st, "%s", gpuref_status_name(st));
    return st;
}

static int begin(gpuref_model *m)
{
    if (!m)
        return GPUREF_ERR_ARG;
    m->err[0] = '\0';
    return GPUREF_OK;
}

int gpuref_model_create(const char *isa_name, const char *config, gpuref_model **out,
                        gpuref_diag *d)
{
    if (!out)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "no output pointer");
    *out = NULL;
    const gpuref_isa *isa = gpuref_isa_find(isa_name);
    if (!isa)
        return gpuref_diagf(d, GPUREF_ERR_CONFIG, 0, 0, "unknown ISA '%s' (known: %s)",
                            isa_name ? isa_name : "(null)", gpuref_isa_list());
    gpuref_model *m = calloc(1, sizeof *m);
    void *st = calloc(1, isa->state_size);
    if (!m || !st) {
        free(m);
        free(st);
        return gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
    }
    m->isa = isa;
    m->st = st;
    int rc = isa->init(st, config, m->err);
    if (rc == GPUREF_OK)
        rc = isa->reset(st, m->err);
    if (rc != GPUREF_OK) {
        gpuref_diagf(d, rc, 0, 0, "%s", m->err[0] ? m->err : gpuref_status_name(rc));
        isa->fini(st);
        free(st);
        free(m);
        return rc;
    }
    *out = m;
    return GPUREF_OK;
}

void gpuref_model_destroy(gpuref_model *m)
{
    if (!m)
        return;
    m->isa->fini(m->st);
    free(m->st);
    free(m);
}

const gpuref_isa *gpuref_model_isa(const gpuref_model *m) { return m ? m->isa : NULL; }

const char *gpuref_model_error(const gpuref_model *m) { return m ? m->err : "no model"; }

int gpuref_model_reset(gpuref_model *m)
{
    int st = begin(m);
    if (st)
        return st;
    m->seq = 0;
    return done(m, m->isa->reset(m->st, m->err));
}

int gpuref_regfile_count(const gpuref_model *m) { return m ? (int)m->isa->nfiles : GPUREF_ERR_ARG; }

int gpuref_regfile_lookup(const gpuref_model *m, const char *name)
{
    if (!m || !name)
        return GPUREF_ERR_ARG;
    for (unsigned i = 0; i < m->isa->nfiles; i++)
        if (strcmp(m->isa->files[i].name, name) == 0)
            return (int)i;
    return GPUREF_ERR_RANGE;
}

int gpuref_regfile_get_info(const gpuref_model *m, int file, gpuref_regfile_info *out)
{
    if (!m || !out)
        return GPUREF_ERR_ARG;
    if (file < 0 || (unsigned)file >= m->isa->nfiles)
        return GPUREF_ERR_RANGE;
    *out = m->isa->files[file];
    return GPUREF_OK;
}

/* Checks shared by reg_get/reg_set; the ISA may refine (e.g. read-only files). */
static int check_reg(gpuref_model *m, int file, unsigned index, unsigned lane)
{
    if (file < 0 || (unsigned)file >= m->isa->nfiles)
        return gpuref_errf(m->err, GPUREF_ERR_RANGE, "no register file %d", file);
    const gpuref_regfile_info *f = &m->isa->files[file];
    if (index >= f->count)
        return gpuref_errf(m->err, GPUREF_ERR_RANGE, "register %s%u out of range (0..%u)",
                           f->name, index, f->count - 1);
    if (lane >= f->lanes)
        return gpuref_errf(m->err, GPUREF_ERR_RANGE, "lane %u out of range for %s (0..%u)",
                           lane, f->name, f->lanes - 1);
    return GPUREF_OK;
}

int gpuref_reg_get(gpuref_model *m, int file, unsigned index, unsigned lane, uint64_t *value)
{
    int st = begin(m);
    if (st)
        return st;
    if (!value)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_ARG, "no value pointer"));
    st = check_reg(m, file, index, lane);
    if (st)
        return done(m, st);
    return done(m, m->isa->reg_get(m->st, file, index, lane, value, m->err));
}

int gpuref_reg_set(gpuref_model *m, int file, unsigned index, unsigned lane, uint64_t value)
{
    int st = begin(m);
    if (st)
        return st;
    st = check_reg(m, file, index, lane);
    if (st)
        return done(m, st);
    unsigned w = m->isa->files[file].width;
    if (w < 64 && (value >> w) != 0)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_RANGE,
                                   "value 0x%llx does not fit %u-bit register %s%u",
                                   (unsigned long long)value, w, m->isa->files[file].name,
                                   index));
    return done(m, m->isa->reg_set(m->st, file, index, lane, value, m->err));
}

int gpuref_mem_lookup(const gpuref_model *m, const char *name)
{
    if (!m || !name)
        return GPUREF_ERR_ARG;
    for (unsigned i = 0; i < m->isa->nspaces; i++)
        if (strcmp(m->isa->spaces[i], name) == 0)
            return (int)i;
    return GPUREF_ERR_RANGE;
}

int gpuref_mem_count(const gpuref_model *m) { return m ? (int)m->isa->nspaces : GPUREF_ERR_ARG; }

const char *gpuref_mem_name(const gpuref_model *m, int space)
{
    if (!m || space < 0 || (unsigned)space >= m->isa->nspaces)
        return NULL;
    return m->isa->spaces[space];
}

static int mem_rw(gpuref_model *m, int space, uint64_t addr, void *buf, size_t len, int wr)
{
    int st = begin(m);
    if (st)
        return st;
    if (!buf && len)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_ARG, "no buffer"));
    if (space < 0 || (unsigned)space >= m->isa->nspaces)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_RANGE, "no memory space %d", space));
    return done(m, m->isa->mem_rw(m->st, space, addr, buf, len, wr, m->err));
}

int gpuref_mem_read(gpuref_model *m, int space, uint64_t addr, void *buf, size_t len)
{
    return mem_rw(m, space, addr, buf, len, 0);
}

int gpuref_mem_write(gpuref_model *m, int space, uint64_t addr, const void *buf, size_t len)
{
    return mem_rw(m, space, addr, (void *)(uintptr_t)buf, len, 1);
}

int gpuref_mem_next(gpuref_model *m, int space, uint64_t from, uint64_t *addr, uint64_t *len)
{
    int st = begin(m);
    if (st)
        return st;
    if (!addr || !len)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_ARG, "bad argument"));
    if (space < 0 || (unsigned)space >= m->isa->nspaces)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_RANGE, "no memory space %d", space));
    if (m->isa->mem_next)
        return m->isa->mem_next(m->st, space, from, addr, len);
    uint8_t probe;
    if (m->isa->mem_rw(m->st, space, from, &probe, 1, 0, m->err) != GPUREF_OK) {
        m->err[0] = '\0';
        return 0;
    }
    *addr = from;
    *len = 4096 - (from % 4096);
    return 1;
}

int gpuref_program_load(gpuref_model *m, uint64_t base, const uint32_t *words, size_t nwords)
{
    int st = begin(m);
    if (st)
        return st;
    if (!words && nwords)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_ARG, "no words"));
    return done(m, m->isa->load(m->st, base, words, nwords, m->err));
}

int gpuref_step(gpuref_model *m, gpuref_retire *rr)
{
    int st = begin(m);
    if (st)
        return st;
    if (!rr)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_ARG, "no retire record"));
    if (m->isa->finished(m->st))
        return done(m, gpuref_errf(m->err, GPUREF_ERR_DONE, "program finished"));
    gpuref_retire_clear(rr);
    rr->seq = m->seq;
    st = m->isa->step(m->st, rr, m->err);
    if (st == GPUREF_OK)
        m->seq++;
    return done(m, st);
}

int gpuref_run(gpuref_model *m, uint64_t max_steps, uint64_t *steps)
{
    if (!m)
        return GPUREF_ERR_ARG;
    gpuref_retire *rr = malloc(sizeof *rr);
    if (!rr)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_NOMEM, "out of memory"));
    /* gpuref_step without its per-call checks: the loop makes them once, and
     * keeps the model's fields in locals (the ISA calls cannot see m) */
    int (*const finished)(const void *) = m->isa->finished;
    int (*const step)(void *, gpuref_retire *, char *) = m->isa->step;
    void *const isa_st = m->st;
    char *const err = m->err;
    uint64_t seq = m->seq, n = 0;
    int st = GPUREF_OK;
    err[0] = '\0';
    while (!finished(isa_st)) {
        if (n >= max_steps) {
            st = gpuref_errf(err, GPUREF_ERR_LIMIT, "step limit %llu reached",
                             (unsigned long long)max_steps);
            break;
        }
        /* gpuref_retire_clear: the header, up to the register writes */
        memset(rr, 0, offsetof(gpuref_retire, regw));
        rr->seq = seq;
        st = step(isa_st, rr, err);
        if (st != GPUREF_OK) {
            done(m, st);
            break;
        }
        seq++;
        n++;
    }
    m->seq = seq;
    free(rr);
    if (steps)
        *steps = n;
    return st == GPUREF_OK ? done(m, GPUREF_OK) : st;
}

int gpuref_finished(const gpuref_model *m) { return m ? m->isa->finished(m->st) : 1; }

int gpuref_decode(const gpuref_isa *isa, const uint32_t *words, size_t avail,
                  gpuref_insn_info *info, gpuref_diag *d)
{
    char err[GPUREF_ERRLEN] = "";
    if (!isa || !words || !info)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    int st = isa->decode(words, avail, info, err);
    if (st)
        gpuref_diagf(d, st, 0, 0, "%s", err[0] ? err : gpuref_status_name(st));
    return st;
}

int gpuref_disasm(const gpuref_isa *isa, const uint32_t *words, size_t avail, uint64_t pc,
                  char *buf, size_t buflen, unsigned *nwords, gpuref_diag *d)
{
    char err[GPUREF_ERRLEN] = "";
    if (!isa || !words || !buf || buflen == 0)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    unsigned nw = 0;
    int st = isa->disasm(words, avail, pc, buf, buflen, &nw, err);
    if (st)
        gpuref_diagf(d, st, 0, 0, "%s", err[0] ? err : gpuref_status_name(st));
    if (nwords)
        *nwords = nw;
    return st;
}

int gpuref_assemble(const gpuref_isa *isa, const char *text, uint64_t base,
                    uint32_t **words, size_t *nwords, gpuref_diag *d)
{
    if (!isa || !text || !words || !nwords)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    *words = NULL;
    *nwords = 0;
    return isa->assemble(text, base, words, nwords, d);
}
