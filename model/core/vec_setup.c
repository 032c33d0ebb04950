/* vec_setup.c - a loaded test on a model: the model of its ISA and config,
 * the program, init.mem and init.regs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vec_priv.h"

static uint8_t *words_to_bytes(const uint32_t *w, size_t n)
{
    uint8_t *b = malloc(n ? n * 4 : 1);
    for (size_t i = 0; b && i < n; i++) {
        b[4 * i + 0] = (uint8_t)(w[i]);
        b[4 * i + 1] = (uint8_t)(w[i] >> 8);
        b[4 * i + 2] = (uint8_t)(w[i] >> 16);
        b[4 * i + 3] = (uint8_t)(w[i] >> 24);
    }
    return b;
}

int gpuref_vx_apply(const gpuref_vec_test *t, gpuref_model *m, gpuref_diag *d)
{
    char rn[64];
    int rc = gpuref_program_load(m, t->base, t->words, t->nwords);
    if (rc)
        return gpuref_vx_diag(d, t->path, rc, t->words_loc, "program: %s", gpuref_model_error(m));
    for (size_t i = 0; i < t->ninit_mem; i++) {
        const gpuref_vec_mem *mb = &t->init_mem[i];
        uint8_t *b = words_to_bytes(mb->words, mb->nwords);
        if (!b)
            return gpuref_vx_diag(d, t->path, GPUREF_ERR_NOMEM, mb->loc, "out of memory");
        rc = gpuref_mem_write(m, mb->space, mb->addr, b, mb->nwords * 4);
        free(b);
        if (rc)
            return gpuref_vx_diag(d, t->path, rc, mb->loc, "init.mem: %s", gpuref_model_error(m));
    }
    int nw = gpuref_wave_count(m);
    for (size_t i = 0; i < t->ninit_regs; i++) {
        const gpuref_vec_regval *rv = &t->init_regs[i];
        /* no wave prefix: every wave starts with the value */
        int w0 = rv->reg.wave < 0 ? 0 : rv->reg.wave, w1 = rv->reg.wave < 0 ? nw - 1 : w0;
        for (int w = w0; w <= w1; w++) {
            if ((rc = gpuref_wave_select(m, (unsigned)w))) {
                gpuref_vx_reg_name(&rv->reg, rn, sizeof rn);
                return gpuref_vx_diag(d, t->path, rc, rv->loc, "init.regs: %s: wave %d: %s", rn, w,
                                      gpuref_model_error(m));
            }
            for (unsigned l = rv->reg.lane_lo; l <= rv->reg.lane_hi; l++) {
                rc = gpuref_reg_set(m, rv->reg.file, rv->reg.index, l,
                                    gpuref_vec_regval_lane(rv, l));
                if (rc) {
                    char why[GPUREF_ERRLEN];
                    snprintf(why, sizeof why, "%s", gpuref_model_error(m));
                    gpuref_vx_reg_name(&rv->reg, rn, sizeof rn);
                    gpuref_wave_select(m, 0);
                    return gpuref_vx_diag(d, t->path, rc, rv->loc, "init.regs: %s lane %u: %s",
                                          rn, l, why);
                }
            }
        }
    }
    gpuref_wave_select(m, 0);
    return GPUREF_OK;
}

int gpuref_vec_setup(const gpuref_vec_file *f, const gpuref_vec_test *t, gpuref_model **m,
                     gpuref_diag *d)
{
    if (m)
        *m = NULL;
    if (!f || !t || !m)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    gpuref_diag md = { 0, 0, 0, "" };
    gpuref_model *mm = NULL;
    int rc = gpuref_model_create(f->isa, t->config, &mm, &md);
    if (rc)
        return gpuref_vx_diag(d, t->path, rc, t->config_loc, "config: %s",
                              md.msg[0] ? md.msg : gpuref_status_name(rc));
    if ((rc = gpuref_vx_apply(t, mm, d))) {
        gpuref_model_destroy(mm);
        return rc;
    }
    *m = mm;
    return GPUREF_OK;
}

int gpuref_vec_program(const gpuref_vec_file *f, const gpuref_vec_test *t, uint32_t **words,
                       size_t *nwords, gpuref_diag *d)
{
    if (words)
        *words = NULL;
    if (nwords)
        *nwords = 0;
    if (!f || !t || !words || !nwords)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    uint32_t *w = malloc(t->nwords ? t->nwords * sizeof *w : 1);
    if (!w)
        return gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
    if (t->nwords)
        memcpy(w, t->words, t->nwords * sizeof *w);
    *words = w;
    *nwords = t->nwords;
    return GPUREF_OK;
}

/* The failure report: lines "test: what (path:line:col)". */
