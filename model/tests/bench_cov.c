/* bench_cov.c - speed of the verification machinery (make build/bench/bench_cov):
 *   1. model speed without and with functional coverage counting, on the
 *      mixed integer stream of bench_model.c and on generated random programs
 *      (the overhead ratio is what coverage/README.md quotes);
 *   2. generator speed: random instructions generated per second, YAML text
 *      included.
 * Medians of several runs, in thread CPU time.  Not a test: nothing here
 * asserts a time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpuref.h"
#include "gpuref_cov.h"
#include "gpuref_gen.h"
#include "gpuref_vectors.h"

#define RUNS 5

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);   /* CPU time: figures survive a loaded machine */
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp);
    return v[n / 2];
}

/* The stream of bench_model.c (same ops, same LCG), so the figures compare. */
static char *make_program(unsigned n)
{
    static const char *const ops[] = {
        "add b32 $r%u $r%u $r%u", "sub b32 $r%u $r%u $r%u", "xor b32 $r%u $r%u 0x5a5a5a5a",
        "mul $r%u u16 $r%ul u16 $r%ul", "mul $r%u s24 $r%u $r%u", "and b32 $r%u $r%u 0xffff",
        "add $r%u (mul u16 $r%ul $r%ul) $r%u", "shl b32 $c0 $r%u $r%u 0x3",
        "set $c1 $r%u l s32 $r%u $r%u", "max u32 $r%u $r%u $r%u", "or b32 $c0 $r%u $r%u $r%u",
        "shr s32 $r%u $r%u 0x7", "add sat b32 $r%u $r%u $r%u", "min s32 $r%u $r%u $r%u",
    };
    const unsigned nops = sizeof ops / sizeof ops[0];
    size_t cap = (size_t)n * 64 + 64, len = 0;
    char *t = malloc(cap);
    if (!t)
        return NULL;
    unsigned x = 12345;
    for (unsigned i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        unsigned r1 = (x >> 8) % 60, r2 = (x >> 14) % 60, r3 = (x >> 20) % 60;
        const char *op = ops[(x >> 26) % nops];
        len += (size_t)snprintf(t + len, cap - len, op, r1, r2, r3, r1);
        t[len++] = '\n';
    }
    snprintf(t + len, cap - len, "exit nop\n");
    return t;
}

/* Units/s stepping m (reset between repetitions), sampling cov if given. */
static double rate_stream(gpuref_model *m, gpuref_cov *cov, unsigned reps, gpuref_retire *rr)
{
    double t0 = now();
    uint64_t total = 0;
    for (unsigned k = 0; k < reps; k++) {
        gpuref_model_reset(m);
        int fr = gpuref_regfile_lookup(m, "r");
        for (unsigned r = 0; r < 64; r++)          /* lane-varying inputs, as bench_model */
            for (unsigned l = 0; l < 32; l++)
                gpuref_reg_set(m, fr, r, l, (r * 2654435761u) ^ (l * 40503u));
        if (cov)
            gpuref_cov_begin(cov, m);
        while (gpuref_step(m, rr) == GPUREF_OK) {
            if (cov)
                gpuref_cov_sample(cov, m, rr);
            total++;
        }
    }
    return (double)total / (now() - t0);
}

/* Units/s over every test of a generated vector file. */
static double rate_file(const gpuref_vec_file *f, gpuref_cov *cov, unsigned reps,
                        gpuref_retire *rr, uint64_t *units)
{
    double t = 0;
    uint64_t total = 0;
    for (unsigned k = 0; k < reps; k++)
        for (size_t i = 0; i < f->ntests; i++) {
            gpuref_model *m = NULL;
            gpuref_diag d = { 0 };
            if (gpuref_vec_setup(f, &f->tests[i], &m, &d) != GPUREF_OK)
                return 0;
            double t0 = now();
            if (cov)
                gpuref_cov_begin(cov, m);
            while (gpuref_step(m, rr) == GPUREF_OK) {
                if (cov)
                    gpuref_cov_sample(cov, m, rr);
                total++;
            }
            t += now() - t0;
            gpuref_model_destroy(m);
        }
    if (units)
        *units = total;
    return (double)total / t;
}

int main(int argc, char **argv)
{
    const char *isa = argc > 1 ? argv[1] : "nv50";
    gpuref_diag d = { 0 };
    gpuref_retire *rr = malloc(sizeof *rr);
    gpuref_cov *cov = NULL;
    if (!rr || gpuref_cov_create(isa, &cov, &d) != GPUREF_OK) {
        fprintf(stderr, "bench_cov: %s\n", d.msg);
        return 1;
    }
    char excl[256];
    snprintf(excl, sizeof excl, "coverage/exclusions/%s.txt", isa);
    if (gpuref_cov_exclude_file(cov, excl, &d) != GPUREF_OK)
        fprintf(stderr, "bench_cov: %s (counting without exclusions)\n", d.msg);
    double a[RUNS] = { 0 }, b[RUNS] = { 0 };

    /* 1a. the bench_model stream (NV50 text) */
    char *text = strcmp(isa, "nv50") ? NULL : make_program(20000);
    uint32_t *words = NULL;
    size_t nwords = 0;
    gpuref_model *m = NULL;
    if (text && (gpuref_assemble(gpuref_isa_find(isa), text, 0, &words, &nwords, &d) ||
                 gpuref_model_create(isa, NULL, &m, &d) ||
                 gpuref_program_load(m, 0, words, nwords))) {
        fprintf(stderr, "bench_cov: setup: %s\n", m ? gpuref_model_error(m) : d.msg);
        return 1;
    }
    for (int r = 0; r < RUNS && text; r++) {
        a[r] = rate_stream(m, NULL, 20, rr);
        b[r] = rate_stream(m, cov, 20, rr);
    }
    double ra = median(a, RUNS), rb = median(b, RUNS);
    if (text)
        printf("cov %s, integer stream: %.2f M units/s without coverage, %.2f M/s with: "
               "overhead %.1f%%\n", isa, ra / 1e6, rb / 1e6, 100.0 * (ra / rb - 1.0));
    gpuref_model_destroy(m);
    gpuref_free(words);
    free(text);

    /* 1b. generated random programs; 2. generator speed */
    gpuref_gen_opts o;
    gpuref_gen_opts_default(&o);
    o.seed = 1;
    o.count = 200;
    o.length = 200;
    gpuref_gen *g = NULL;
    char *yaml = NULL;
    size_t len = 0;
    if (gpuref_gen_create(isa, &o, &g, &d) != GPUREF_OK ||
        gpuref_gen_file(g, &yaml, &len, &d) != GPUREF_OK) {
        fprintf(stderr, "bench_cov: gen: %s\n", d.msg);
        return 1;
    }
    gpuref_gen_destroy(g);
    gpuref_vec_file *vf = NULL;
    if (gpuref_vec_load_string("gen", yaml, len, &vf, &d) != GPUREF_OK) {
        fprintf(stderr, "bench_cov: load: %s\n", d.msg);
        return 1;
    }
    uint64_t units = 0;
    for (int r = 0; r < RUNS; r++) {
        a[r] = rate_file(vf, NULL, 3, rr, &units);
        b[r] = rate_file(vf, cov, 3, rr, NULL);
    }
    ra = median(a, RUNS);
    rb = median(b, RUNS);
    printf("cov %s, generated programs (%u x %u instructions, %llu units retired): %.2f M "
           "units/s without coverage, %.2f M/s with: overhead %.1f%%\n", isa, o.count, o.length,
           (unsigned long long)units / 3, ra / 1e6, rb / 1e6, 100.0 * (ra / rb - 1.0));
    gpuref_vec_free(vf);
    gpuref_free(yaml);

    for (int r = 0; r < RUNS; r++) {
        o.seed = (uint64_t)r + 100;
        o.count = 500;
        g = NULL;
        if (gpuref_gen_create(isa, &o, &g, &d) != GPUREF_OK)
            return 1;
        double t0 = now();
        if (gpuref_gen_file(g, &yaml, &len, &d) != GPUREF_OK) {
            fprintf(stderr, "bench_cov: gen: %s\n", d.msg);
            return 1;
        }
        a[r] = (double)gpuref_gen_instructions(g) / (now() - t0);
        gpuref_free(yaml);
        gpuref_gen_destroy(g);
    }
    printf("gen %s: %.2f M instructions/s generated (YAML text included; %u tests x %u "
           "instructions)\n", isa, median(a, RUNS) / 1e6, o.count, o.length);
    gpuref_cov_destroy(cov);
    free(rr);
    return 0;
}
