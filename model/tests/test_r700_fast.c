/* test_r700_fast.c - the R700 fast path (model/r700/r700_step.c,
 * model/r700/README.md "Speed") retires exactly what the general path
 * retires.  Random programs of the generator, weighted to the groups the
 * fast path takes (integer and move slots) and still holding every operand
 * kind (GPRs, clause temporaries, PV/PS, literals, inline constants, kcache,
 * the constant file, NEG/ABS), NOWRITE, relative operands, predication,
 * OMOD/CLAMP and a few float and predicate-set slots (groups the fast path
 * must leave to the general one), on 16, 32 and 64 lanes, run twice: with
 * the default config (fast=1) and with fast=0 (every group by the general
 * path).  Per test: each step's retire records compare equal
 * (gpuref_retire_compare), both runs end the same way, and every register of
 * every file and lane is equal at the end.  A test also checks that the
 * groups it retired include fast ones (r700_fast_prep on their words), so
 * that the comparison covers the fast path at all.
 *
 * GPUREF_R700_FAST_SEEDS: seeds (default 6, 60 programs each).
 */
#include <stdlib.h>
#include <string.h>

#include "../r700/r700.h"
#include "gpuref_gen.h"
#include "gpuref_vectors.h"
#include "testutil.h"

static const char mix[] =
    "float: 1\ndouble: 0\nmova: 1\npred: 2\nkill: 1\nreduction: 0\ntrans: 0\n"
    "\"SET*_DX10\": 0\nMULLO_INT: 10\nMULHI_INT: 10\nMULLO_UINT: 10\nMULHI_UINT: 10\n"
    "MOV: 10\nNOP: 3\n";

static char *gen(uint64_t seed, unsigned count, size_t *len, gpuref_diag *d)
{
    gpuref_gen_opts o;
    gpuref_gen_opts_default(&o);
    o.seed = seed;
    o.count = count;
    o.length = 100;
    gpuref_gen *g = NULL;
    char *text = NULL;
    int rc = gpuref_gen_create("r700", &o, &g, d);
    if (!rc)
        rc = gpuref_gen_mix_string(g, "fast.mix.yaml", mix, strlen(mix), d);
    if (!rc)
        rc = gpuref_gen_file(g, &text, len, d);
    gpuref_gen_destroy(g);
    return rc ? NULL : text;
}

/* the group at the start of a record's words takes the fast path */
static int is_fast(const gpuref_retire *rr)
{
    r700_config cfg = { .lanes = 64, .gprs = 124, .temps = 4, .stack_size = 32, .fast = 1 };
    r700_group g;
    r700_fgroup f;
    char why[GPUREF_ERRLEN];
    if (rr->kind != 1)
        return 0;
    int st = r700_decode_group(rr->words, rr->nwords, &cfg, &g, why);
    if (!st)
        st = r700_group_check(&g, why);
    r700_fast_prep(&cfg, &g, st, &f);
    return f.ok;
}

/* every register of every file and lane of a and b */
static unsigned state_diffs(gpuref_model *a, gpuref_model *b, char *first, size_t len)
{
    unsigned n = 0;
    int nf = gpuref_regfile_count(a);
    for (int file = 0; file < nf; file++) {
        gpuref_regfile_info fi;
        if (gpuref_regfile_get_info(a, file, &fi) != GPUREF_OK)
            continue;
        for (unsigned i = 0; i < fi.count; i++)
            for (unsigned l = 0; l < fi.lanes; l++) {
                uint64_t va = 0, vb = 0;
                int ra = gpuref_reg_get(a, file, i, l, &va), rb = gpuref_reg_get(b, file, i, l, &vb);
                if (ra != rb || va != vb) {
                    if (!n++)
                        snprintf(first, len, "%s[%u] lane %u: fast 0x%llx, general 0x%llx", fi.name,
                                 i, l, (unsigned long long)va, (unsigned long long)vb);
                }
            }
    }
    return n;
}

static void run_seed(uint64_t seed, unsigned count, unsigned long *fast_total)
{
    gpuref_diag d = { 0 };
    size_t len = 0;
    char *text = gen(seed, count, &len, &d);
    char name[64];
    snprintf(name, sizeof name, "seed %llu", (unsigned long long)seed);
    gpuref_vec_file *f = NULL;
    tu_test("%s: generated and loaded", name);
    tu_check(text && gpuref_vec_load_string(name, text, len, &f, &d) == GPUREF_OK, "%s", d.msg);
    free(text);
    if (!f)
        return;
    gpuref_retire *ra = malloc(sizeof *ra), *rb = malloc(sizeof *rb);
    for (size_t i = 0; i < f->ntests && ra && rb; i++) {
        gpuref_vec_test t = f->tests[i];
        char cfg[256];
        snprintf(cfg, sizeof cfg, "%s%sfast=0", t.config ? t.config : "", t.config ? "," : "");
        gpuref_vec_test tg = t;
        tg.config = cfg;
        gpuref_model *ma = NULL, *mb = NULL;
        tu_test("%s %s: fast and general path retire the same", name, t.name);
        if (gpuref_vec_setup(f, &t, &ma, &d) != GPUREF_OK || gpuref_vec_setup(f, &tg, &mb, &d) != GPUREF_OK) {
            tu_check(0, "setup: %s", d.msg);
            gpuref_model_destroy(ma);
            gpuref_model_destroy(mb);
            continue;
        }
        uint64_t steps = 0;
        unsigned fast = 0, bad = 0;
        int sa = GPUREF_OK, sb = GPUREF_OK;
        while (!gpuref_finished(ma) && !gpuref_finished(mb) && steps < t.max_steps) {
            memset(ra, 0, sizeof *ra);
            memset(rb, 0, sizeof *rb);
            sa = gpuref_step(ma, ra);
            sb = gpuref_step(mb, rb);
            steps++;
            if (sa != sb || (sa == GPUREF_OK && gpuref_retire_compare(ra, rb, NULL, 0) != 0)) {
                tu_check(0, "step %llu pc 0x%llx: records differ (status %d / %d: %s / %s)",
                         (unsigned long long)steps, (unsigned long long)rb->pc, sa, sb,
                         gpuref_model_error(ma), gpuref_model_error(mb));
                bad = 1;
                break;
            }
            if (sa != GPUREF_OK)
                break;
            fast += (unsigned)is_fast(ra);
        }
        if (!bad) {
            tu_check(gpuref_finished(ma) == gpuref_finished(mb), "both runs end together");
            char first[200] = "";
            unsigned n = state_diffs(ma, mb, first, sizeof first);
            tu_check(n == 0, "%u registers differ at the end, first %s", n, first);
        }
        *fast_total += fast;
        gpuref_model_destroy(ma);
        gpuref_model_destroy(mb);
    }
    free(ra);
    free(rb);
    gpuref_vec_free(f);
}

int main(void)
{
    unsigned seeds = 6;
    const char *e = getenv("GPUREF_R700_FAST_SEEDS");
    if (e && atoi(e) > 0)
        seeds = (unsigned)atoi(e);
    unsigned long fast = 0;
    for (unsigned s = 1; s <= seeds; s++)
        run_seed(0x700f0000u + s, 60, &fast);
    tu_test("the programs retired fast-path groups");
    tu_check(fast > 100u * seeds, "%lu fast groups retired", fast);
    printf("fast-path groups retired and compared: %lu\n", fast);
    return tu_finish();
}
