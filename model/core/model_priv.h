/* model_priv.h - the model object, shared by the core's files only. */
#ifndef GPUREF_CORE_MODEL_PRIV_H
#define GPUREF_CORE_MODEL_PRIV_H

#include "isa.h"

struct gpuref_model {
    const gpuref_isa *isa;
    void *st;
    uint64_t seq;
    char err[GPUREF_ERRLEN];
};

#endif
