/* test_r700_gen.c - the R700 generator and coverage: the same seed gives a
 * byte-identical file; the programs of many seeds load, and every test ends
 * normally on the model within its max_steps (GPUREF_R700_GEN_SEEDS seeds,
 * default 300); a --mix of one row makes that row only; coverage counts what
 * they run, and generation aimed at the holes of a first batch hits bins a
 * plain batch of the same size misses. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpuref.h"
#include "gpuref_cov.h"
#include "gpuref_gen.h"
#include "gpuref_vectors.h"
#include "testutil.h"

static char *gen(uint64_t seed, unsigned count, unsigned length, const char *mix,
                 const gpuref_cov *target, size_t *len, gpuref_diag *d)
{
    gpuref_gen_opts o;
    gpuref_gen_opts_default(&o);
    o.seed = seed;
    o.count = count;
    o.length = length;
    gpuref_gen *g = NULL;
    char *text = NULL;
    int rc = gpuref_gen_create("r700", &o, &g, d);
    if (!rc && mix)
        rc = gpuref_gen_mix_string(g, "mix.yaml", mix, strlen(mix), d);
    if (!rc && target)
        rc = gpuref_gen_target(g, target, d);
    if (!rc)
        rc = gpuref_gen_file(g, &text, len, d);
    gpuref_gen_destroy(g);
    return rc ? NULL : text;
}

/* Load a generated file and run every test to its end; the failures. */
static unsigned run_file(const char *text, size_t len, const char *name, gpuref_cov *cov)
{
    gpuref_diag d = { 0 };
    gpuref_vec_file *f = NULL;
    unsigned bad = 0;
    if (gpuref_vec_load_string(name, text, len, &f, &d) != GPUREF_OK) {
        printf("FAIL: %s does not load: %s\n", name, d.msg);
        return 1;
    }
    gpuref_retire *rr = malloc(sizeof *rr);
    for (size_t i = 0; i < f->ntests && rr; i++) {
        const gpuref_vec_test *t = &f->tests[i];
        gpuref_model *m = NULL;
        if (gpuref_vec_setup(f, t, &m, &d) != GPUREF_OK) {
            printf("FAIL: %s %s: setup: %s\n", name, t->name, d.msg);
            bad++;
            continue;
        }
        uint64_t steps = 0;
        int rc = GPUREF_OK;
        if (cov)
            gpuref_cov_begin(cov, m);
        while (!gpuref_finished(m) && steps < t->max_steps) {
            if ((rc = gpuref_step(m, rr)) != GPUREF_OK)
                break;
            if (cov)
                gpuref_cov_sample(cov, m, rr);
            steps++;
        }
        if (rc != GPUREF_OK || !gpuref_finished(m)) {
            printf("FAIL: %s %s: %s (after %llu units)\n", name, t->name, gpuref_model_error(m),
                   (unsigned long long)steps);
            bad++;
        }
        gpuref_model_destroy(m);
    }
    free(rr);
    gpuref_vec_free(f);
    return bad;
}

static size_t hits(const gpuref_cov *c)
{
    size_t n = 0;
    for (size_t i = 0; i < gpuref_cov_nbins(c); i++)
        n += gpuref_cov_count(c, i) != 0;
    return n;
}

int main(void)
{
    const char *e = getenv("GPUREF_R700_GEN_SEEDS");
    unsigned nseeds = e ? (unsigned)strtoul(e, NULL, 10) : 300;
    gpuref_diag d = { 0 };
    size_t la = 0, lb = 0, lc = 0;

    tu_group("r700 determinism");
    char *a = gen(7, 5, 80, NULL, NULL, &la, &d);
    char *b = gen(7, 5, 80, NULL, NULL, &lb, &d);
    char *c = gen(8, 5, 80, NULL, NULL, &lc, &d);
    tu_check(a && b && la == lb && !memcmp(a, b, la), "same seed: byte-identical file");
    tu_check(a && c && (la != lc || memcmp(a, c, la)), "another seed: another file");
    gpuref_free(a);
    gpuref_free(b);
    gpuref_free(c);

    tu_group("r700 seeds");
    unsigned bad = 0;
    for (unsigned s = 1; s <= (nseeds ? nseeds : 300); s++) {
        size_t len = 0;
        char name[32];
        snprintf(name, sizeof name, "seed%u.yaml", s);
        char *t = gen(s, 2, 60, NULL, NULL, &len, &d);
        if (!t) {
            printf("FAIL: seed %u: %s\n", s, d.msg);
            bad++;
            continue;
        }
        bad += run_file(t, len, name, NULL);
        gpuref_free(t);
    }
    char what[96];
    snprintf(what, sizeof what, "%u seeds x 2 programs load and end normally on the model", nseeds);
    tu_check(bad == 0, what);

    tu_group("r700 mix");
    size_t len = 0;
    char *t = gen(4, 5, 60, "r700: 0\ncontrol: 0\nexport: 0\nSUB_INT: 1\n", NULL, &len, &d);
    tu_check(t != NULL, d.msg[0] ? d.msg : "a mix of one row generates");
    if (t) {
        unsigned sub = 0, other = 0;
        for (const char *p = t; (p = strstr(p, "    program: |\n")) != NULL;) {
            p += 15;
            const char *end = strstr(p, "\n  - name");
            end = end ? end : p + strlen(p);
            for (const char *q = p; q && q < end; q = strchr(q, '\n'), q = q ? q + 1 : NULL) {
                if (strncmp(q, "        ", 8))
                    continue;                   /* CF lines: 6 spaces; group lines: 8 */
                q += 8;
                if (!strncmp(q, "PRED_SEL_ZERO ", 14))
                    q += 14;
                else if (!strncmp(q, "PRED_SEL_ONE ", 13))
                    q += 13;
                if (!strncmp(q, "SUB_INT ", 8))
                    sub++;
                else if (strncmp(q, "LITERALS", 8))
                    other++;
            }
        }
        snprintf(what, sizeof what, "SUB_INT only: %u SUB_INT lines, %u others", sub, other);
        tu_check(sub > 50 && other == 0, what);
        tu_check(run_file(t, len, "mix.yaml", NULL) == 0, "the mix's programs run");
        gpuref_free(t);
    }

    tu_group("r700 coverage and target");
    gpuref_cov *base = NULL, *plain = NULL, *aimed = NULL;
    if (gpuref_cov_create("r700", &base, &d) || gpuref_cov_create("r700", &plain, &d) ||
        gpuref_cov_create("r700", &aimed, &d)) {
        tu_check(0, d.msg);
        return tu_finish();
    }
    tu_check(gpuref_cov_find(base, "r700.mod.DOT4.slot_x") >= 0 &&
             gpuref_cov_find(base, "r700.mod.MULLO_INT.slot_t") >= 0 &&
             gpuref_cov_find(base, "r700.mod.MULLO_INT.slot_x") < 0 &&
             gpuref_cov_find(base, "r700.mod.m2.clamp.fpnorm") >= 0 &&
             gpuref_cov_find(base, "r700.mod.m2.clamp.qnan") < 0 &&
             gpuref_cov_find(base, "r700.isa.rel.kcache.al.out") >= 0 &&
             gpuref_cov_find(base, "r700.isa.rel.kcache.ar_x.in") < 0,
             "bins follow the unit and modifier rules");
    t = gen(21, 10, 60, NULL, NULL, &len, &d);
    bad = t ? run_file(t, len, "base.yaml", base) : 1;
    gpuref_free(t);
    tu_check(bad == 0 && hits(base) > 500, "a batch hits bins");
    tu_check(gpuref_cov_count(base, (size_t)gpuref_cov_find(base, "r700.op.cf.ALU_PUSH_BEFORE")) > 0 &&
             gpuref_cov_count(base, (size_t)gpuref_cov_find(base, "r700.isa.cf.depth1")) > 0,
             "CF instructions and stack depths are counted");
    gpuref_cov_set_exact(plain, 1);
    gpuref_cov_set_exact(aimed, 1);
    gpuref_cov_add(plain, base);
    gpuref_cov_add(aimed, base);
    t = gen(22, 20, 100, NULL, NULL, &len, &d);
    bad = t ? run_file(t, len, "plain.yaml", plain) : 1;
    gpuref_free(t);
    t = gen(22, 20, 100, NULL, base, &len, &d);
    bad += t ? run_file(t, len, "aimed.yaml", aimed) : 1;
    gpuref_free(t);
    size_t only = 0;
    for (size_t i = 0; i < gpuref_cov_nbins(aimed); i++)
        only += gpuref_cov_count(aimed, i) && !gpuref_cov_count(plain, i);
    printf("r700 target: base %zu bins, +plain batch %zu, +aimed batch %zu (%zu only aimed)\n",
           hits(base), hits(plain), hits(aimed), only);
    tu_check(bad == 0, "aimed programs end normally");
    tu_check(hits(aimed) > hits(plain) && only > 0, "aimed generation hits bins plain generation misses");
    gpuref_cov_destroy(base);
    gpuref_cov_destroy(plain);
    gpuref_cov_destroy(aimed);
    return tu_finish();
}
