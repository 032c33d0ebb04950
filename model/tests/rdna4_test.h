/* rdna4_test.h - the harness the RDNA4 retire-record tests (test_rdna4_valu.c,
 * test_rdna4_vmem.c) share: assemble a program and load it into a fresh model,
 * set and read one lane of a register, find a register write in a retire record.
 * Failures count as checks (testutil.h). */
#ifndef GPUREF_RDNA4_TEST_H
#define GPUREF_RDNA4_TEST_H

#include <stdint.h>

#include "gpuref.h"
#include "testutil.h"

static const gpuref_isa *isa;   /* set by rdna4_test_begin */

/* The first test: the rdna4 ISA is registered (sets isa).  0 when it is not. */
static int rdna4_test_begin(void)
{
    isa = gpuref_isa_find("rdna4");
    tu_test("rdna4 is registered");
    tu_check(isa != NULL, "rdna4 missing");
    return isa != NULL;
}

/* A model of config cfg (NULL: defaults) with prog assembled at address 0. */
static gpuref_model *load(const char *cfg, const char *prog)
{
    gpuref_diag d = { 0, 0, 0, "" };
    gpuref_model *m = NULL;
    uint32_t *w = NULL;
    size_t n = 0;
    if (gpuref_assemble(isa, prog, 0, &w, &n, &d) != GPUREF_OK) {
        tu_check(0, "assemble: line %u col %u: %s", d.line, d.col, d.msg);
        return NULL;
    }
    if (gpuref_model_create("rdna4", cfg, &m, &d) != GPUREF_OK) {
        tu_check(0, "create: %s", d.msg);
        gpuref_free(w);
        return NULL;
    }
    if (gpuref_program_load(m, 0, w, n) != GPUREF_OK) {
        tu_check(0, "load: %s", gpuref_model_error(m));
        gpuref_model_destroy(m);
        m = NULL;
    }
    gpuref_free(w);
    return m;
}

static void setv(gpuref_model *m, const char *file, unsigned idx, unsigned lane, uint64_t v)
{
    gpuref_reg_set(m, gpuref_regfile_lookup(m, file), idx, lane, v);
}

static uint64_t getv(gpuref_model *m, const char *file, unsigned idx, unsigned lane)
{
    uint64_t v = 0xdeadbeefdeadbeefull;
    gpuref_reg_get(m, gpuref_regfile_lookup(m, file), idx, lane, &v);
    return v;
}

/* The write of register file[idx] in rr with exactly these flags (ANY_FLAGS: the
 * first write of that register whatever its flags), or NULL. */
#define ANY_FLAGS 0xffffffffu
static const gpuref_regw *find(const gpuref_retire *rr, gpuref_model *m, const char *file,
                               unsigned idx, uint32_t flags)
{
    int f = gpuref_regfile_lookup(m, file);
    for (unsigned i = 0; i < rr->nregw; i++)
        if (rr->regw[i].file == f && rr->regw[i].index == idx &&
            (flags == ANY_FLAGS || rr->regw[i].flags == flags))
            return &rr->regw[i];
    return NULL;
}

#endif
