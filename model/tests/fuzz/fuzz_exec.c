/* fuzz_exec.c - run arbitrary words as a program of one ISA (FUZZ_ISA) under
 * a step bound.  The first byte chooses one or two waves; the rest are the
 * program's words.  Every call must return a status; a stopped run leaves a
 * message in the model. */
#include <string.h>

#include "fuzz.h"

#ifndef FUZZ_ISA
#error "FUZZ_ISA: the Makefile builds this harness once per ISA"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static gpuref_retire rr;
    gpuref_model *m = NULL;
    gpuref_diag d;
    if (size < 5 || size > 4 * 4096)
        return 0;
    /* two waves where the ISA runs several (USC runs one) */
    const char *cfg = (data[0] & 1) && gpuref_isa_max_waves(gpuref_isa_find(FUZZ_ISA)) > 1
                      ? "waves=2" : NULL;
    if (gpuref_model_create(FUZZ_ISA, cfg, &m, &d) != GPUREF_OK)
        fuzz_fail("model_create(%s, %s): %s", FUZZ_ISA, cfg ? cfg : "-", d.msg);
    size_t nw = (size - 1 + 3) / 4;
    uint32_t *w = malloc(nw * sizeof *w);
    if (!w)
        fuzz_fail("out of memory");
    nw = fuzz_words(data + 1, size - 1, w, nw);
    int rc = GPUREF_OK;
    for (int wave = 0; wave < gpuref_wave_count(m) && rc == GPUREF_OK; wave++) {
        rc = gpuref_wave_select(m, (unsigned)wave);
        if (rc == GPUREF_OK)
            rc = gpuref_program_load(m, 0, w, nw);
    }
    if (rc != GPUREF_OK)
        fuzz_fail("program_load of %zu words: %s", nw, gpuref_model_error(m));
    /* the first half unit by unit (with the sources a mismatch report names),
     * the rest through gpuref_run */
    uint64_t steps = 0;
    for (unsigned i = 0; i < FUZZ_MAX_STEPS / 2 && rc == GPUREF_OK; i++) {
        gpuref_unit_sources(m, 0, &rr);
        rc = gpuref_step_next(m, &rr);
        if (rc == GPUREF_OK && (rr.nwords == 0 || rr.nwords > GPUREF_MAX_WORDS ||
                                rr.nregw > GPUREF_MAX_REGW || rr.nmemw > GPUREF_MAX_MEMW))
            fuzz_fail("retire record out of bounds: %u words, %u regw, %u memw", rr.nwords,
                      rr.nregw, rr.nmemw);
    }
    if (rc == GPUREF_OK)
        rc = gpuref_run(m, FUZZ_MAX_STEPS / 2, &steps);
    if (rc != GPUREF_OK && rc != GPUREF_ERR_DONE) {
        const char *msg = gpuref_model_error(m);
        if (!msg || !msg[0])
            fuzz_fail("run stopped with %d and no message", rc);
        if (rc == GPUREF_ERR_ARG || rc == GPUREF_ERR_NOMEM)
            fuzz_fail("run stopped with %d: %s", rc, msg);
    }
    free(w);
    gpuref_model_destroy(m);
    return 0;
}
