/* model_priv.h - the model object, shared by the core's files only. */
#ifndef GPUREF_CORE_MODEL_PRIV_H
#define GPUREF_CORE_MODEL_PRIV_H

#include "isa.h"

struct gpuref_model {
    const gpuref_isa *isa;
    void *st;                /* the selected wave's ISA state (= wst[cur]) */
    uint64_t seq;            /* the selected wave's retire sequence (= seqs[cur]) */
    unsigned nwaves, cur;
    unsigned next;           /* round robin of gpuref_run / gpuref_step_next */
    void **wst;              /* per-wave ISA states; wst[0] owns the memory */
    uint64_t *seqs;          /* per-wave retire sequence */
    char err[GPUREF_ERRLEN];
};

/* Select wave w (no checks). */
static inline void gpuref_model_pick(struct gpuref_model *m, unsigned w)
{
    m->seqs[m->cur] = m->seq;
    m->cur = w;
    m->st = m->wst[w];
    m->seq = m->seqs[w];
}

#endif
