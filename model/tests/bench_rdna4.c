/* bench_rdna4.c - RDNA4 scalar model speed on a mixed SALU stream (make bench).
 * Prints scalar instructions/s per core (thread CPU time) and wall clock,
 * medians of several runs.  Not a test: nothing here asserts a time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpuref.h"

#define RUNS 5

static double clk(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Straight-line SALU mix: 32-bit arithmetic with SCC, 64-bit logic and shifts,
 * bit-field and bit-count ops, compares, selects, literals and inline constants. */
static char *make_program(unsigned n)
{
    static const char *const ops[] = {
        "s_add_co_u32 s%u, s%u, s%u", "s_sub_co_u32 s%u, s%u, s%u", "s_add_co_ci_u32 s%u, s%u, s%u",
        "s_and_b32 s%u, s%u, 0x5a5a5a5a", "s_or_b32 s%u, s%u, s%u", "s_xor_b32 s%u, s%u, -7",
        "s_lshl_b32 s%u, s%u, 5", "s_lshr_b32 s%u, s%u, s%u", "s_ashr_i32 s%u, s%u, 3",
        "s_mul_i32 s%u, s%u, s%u", "s_min_i32 s%u, s%u, s%u", "s_max_u32 s%u, s%u, s%u",
        "s_bfe_u32 s%u, s%u, 0x80004", "s_cselect_b32 s%u, s%u, s%u", "s_not_b32 s%u, s%u",
        "s_bcnt1_i32_b32 s%u, s%u", "s_cmp_lt_i32 s%u, s%u", "s_mov_b32 s%u, s%u",
    };
    const unsigned nops = sizeof ops / sizeof ops[0];
    size_t cap = (size_t)n * 48 + 64, len = 0;
    char *t = malloc(cap);
    if (!t)
        return NULL;
    unsigned x = 4321;
    for (unsigned i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        unsigned r1 = (x >> 8) % 100, r2 = (x >> 14) % 100, r3 = (x >> 20) % 100;
        len += (size_t)snprintf(t + len, cap - len, ops[(x >> 26) % nops], r1, r2, r3);
        t[len++] = '\n';
    }
    len += (size_t)snprintf(t + len, cap - len, "s_endpgm\n");
    return t;
}

int main(int argc, char **argv)
{
    unsigned n = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 20000;
    unsigned reps = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 0) : 100;
    char *text = make_program(n);
    uint32_t *words = NULL;
    size_t nwords = 0;
    gpuref_diag d = { 0 };
    if (!text || gpuref_assemble(gpuref_isa_find("rdna4"), text, 0, &words, &nwords, &d)) {
        fprintf(stderr, "bench_rdna4: assemble failed: line %u: %s\n", d.line, d.msg);
        return 1;
    }
    gpuref_model *m = NULL;
    if (gpuref_model_create("rdna4", NULL, &m, &d) != GPUREF_OK ||
        gpuref_program_load(m, 0, words, nwords) != GPUREF_OK) {
        fprintf(stderr, "bench_rdna4: %s\n", m ? gpuref_model_error(m) : d.msg);
        return 1;
    }
    int sf = gpuref_regfile_lookup(m, "s");
    double rate[RUNS], cpu_rate[RUNS];
    for (int run = 0; run < RUNS; run++) {
        double t0 = clk(CLOCK_MONOTONIC), c0 = clk(CLOCK_THREAD_CPUTIME_ID);
        uint64_t total = 0, steps = 0;
        for (unsigned k = 0; k < reps; k++) {
            gpuref_model_reset(m);
            for (unsigned r = 0; r < 100; r++)
                gpuref_reg_set(m, sf, r, 0, r * 0x9e3779b9u);
            if (gpuref_run(m, 2u * n + 10, &steps) != GPUREF_OK) {
                fprintf(stderr, "bench_rdna4: run failed: %s\n", gpuref_model_error(m));
                return 1;
            }
            total += steps;
        }
        rate[run] = (double)total / (clk(CLOCK_MONOTONIC) - t0);
        cpu_rate[run] = (double)total / (clk(CLOCK_THREAD_CPUTIME_ID) - c0);
    }
    qsort(rate, RUNS, sizeof rate[0], cmp);
    qsort(cpu_rate, RUNS, sizeof cpu_rate[0], cmp);
    printf("model rdna4: %.2f M scalar instructions/s per core (CPU time); %.2f M/s wall clock "
           "(median of %d runs; %u-instruction straight-line SALU stream x %u)\n",
           cpu_rate[RUNS / 2] / 1e6, rate[RUNS / 2] / 1e6, RUNS, n, reps);
    gpuref_model_destroy(m);
    gpuref_free(words);
    free(text);
    return 0;
}
