/* bench_model.c - model speed on a mixed integer stream (make bench).
 * Prints warp-instructions/s and thread-ops/s, the median of several runs.
 * Not a test: nothing here asserts a time. */
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

/* Reproducible straight-line streams of each ISA's integer pipeline. */
typedef struct bench_isa {
    const char *isa, *regfile, *end, *unit;
    unsigned nregs, lanes;
    const char *const *ops;
    unsigned nops;
} bench_isa;

/* NV50: add/sub, mul16/24, mad, logic, shifts, set, min/max, in short,
 * immediate and long forms (the fourth argument repeats the first). */
static const char *const nv50_ops[] = {
    "add b32 $r%u $r%u $r%u", "sub b32 $r%u $r%u $r%u", "xor b32 $r%u $r%u 0x5a5a5a5a",
    "mul $r%u u16 $r%ul u16 $r%ul", "mul $r%u s24 $r%u $r%u", "and b32 $r%u $r%u 0xffff",
    "add $r%u (mul u16 $r%ul $r%ul) $r%u", "shl b32 $c0 $r%u $r%u 0x3",
    "set $c1 $r%u l s32 $r%u $r%u", "max u32 $r%u $r%u $r%u", "or b32 $c0 $r%u $r%u $r%u",
    "shr s32 $r%u $r%u 0x7", "add sat b32 $r%u $r%u $r%u", "min s32 $r%u $r%u $r%u",
};

/* RDNA4 SALU: 32-bit arithmetic with SCC, logic, shifts, bit-field and bit
 * counts, compares, selects, literals and inline constants. */
static const char *const rdna4_ops[] = {
    "s_add_co_u32 s%u, s%u, s%u", "s_sub_co_u32 s%u, s%u, s%u", "s_add_co_ci_u32 s%u, s%u, s%u",
    "s_and_b32 s%u, s%u, 0x5a5a5a5a", "s_or_b32 s%u, s%u, s%u", "s_xor_b32 s%u, s%u, -7",
    "s_lshl_b32 s%u, s%u, 5", "s_lshr_b32 s%u, s%u, s%u", "s_ashr_i32 s%u, s%u, 3",
    "s_mul_i32 s%u, s%u, s%u", "s_min_i32 s%u, s%u, s%u", "s_max_u32 s%u, s%u, s%u",
    "s_bfe_u32 s%u, s%u, 0x80004", "s_cselect_b32 s%u, s%u, s%u", "s_not_b32 s%u, s%u",
    "s_bcnt1_i32_b32 s%u, s%u", "s_cmp_lt_i32 s%u, s%u", "s_mov_b32 s%u, s%u",
};

static const bench_isa isas[] = {
    { "nv50", "r", "exit nop", "warp-instructions", 60, 32, nv50_ops,
      sizeof nv50_ops / sizeof nv50_ops[0] },
    { "rdna4", "s", "s_endpgm", "scalar instructions", 100, 1, rdna4_ops,
      sizeof rdna4_ops / sizeof rdna4_ops[0] },
};

static char *make_program(const bench_isa *b, unsigned n)
{
    size_t cap = (size_t)n * 64 + 64, len = 0;
    char *t = malloc(cap);
    if (!t)
        return NULL;
    unsigned x = 12345;
    for (unsigned i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        unsigned r1 = (x >> 8) % b->nregs, r2 = (x >> 14) % b->nregs, r3 = (x >> 20) % b->nregs;
        len += (size_t)snprintf(t + len, cap - len, b->ops[(x >> 26) % b->nops], r1, r2, r3, r1);
        t[len++] = '\n';
    }
    len += (size_t)snprintf(t + len, cap - len, "%s\n", b->end);
    return t;
}

/* The same stream as a vector file, for the lockstep bench (scripts/bench.sh). */
static int write_vector(const char *path, unsigned n)
{
    char *text = make_program(&isas[0], n);
    FILE *f = fopen(path, "w");
    if (!text || !f) {
        fprintf(stderr, "bench_model: cannot write %s\n", path);
        free(text);
        if (f)
            fclose(f);
        return 1;
    }
    fprintf(f, "isa: nv50\ncomment: \"bench_model stream of %u instructions\"\ntests:\n"
               "  - name: stream\n    max_steps: %u\n    init:\n      regs:\n", n, n + 10);
    for (unsigned r = 0; r < 64; r++) {
        fprintf(f, "        r%u: [", r);
        for (unsigned lane = 0; lane < 32; lane++)
            fprintf(f, "%s\"0x%08x\"", lane ? ", " : "", (r * 0x9e3779b9u) ^ (lane * 0x85ebca6bu));
        fprintf(f, "]\n");
    }
    fprintf(f, "    program: |\n");
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
        fprintf(f, "      %s\n", line);
    fprintf(f, "    expect:\n      steps: %u\n", n + 1);
    free(text);
    return fclose(f) == 0 ? 0 : 1;
}

/* bench_model [--isa nv50|rdna4] [N [REPS]]  |  bench_model --vector FILE N (nv50) */
int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--vector") == 0)
        return write_vector(argv[2], (unsigned)strtoul(argv[3], NULL, 0));
    const bench_isa *b = &isas[0];
    if (argc > 2 && strcmp(argv[1], "--isa") == 0) {
        b = NULL;
        for (size_t i = 0; i < sizeof isas / sizeof isas[0]; i++)
            if (strcmp(isas[i].isa, argv[2]) == 0)
                b = &isas[i];
        if (!b) {
            fprintf(stderr, "bench_model: no stream for ISA '%s' (nv50, rdna4)\n", argv[2]);
            return 2;
        }
        argc -= 2;
        argv += 2;
    }
    unsigned n = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 20000;
    unsigned reps = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 0) : 50;
    char *text = make_program(b, n);
    uint32_t *words = NULL;
    size_t nwords = 0;
    gpuref_diag d = { 0 };
    const gpuref_isa *isa = gpuref_isa_find(b->isa);
    if (!text || gpuref_assemble(isa, text, 0, &words, &nwords, &d) != GPUREF_OK) {
        fprintf(stderr, "bench_model: assemble failed: line %u: %s\n", d.line, d.msg);
        return 1;
    }
    gpuref_model *m = NULL;
    if (gpuref_model_create(b->isa, NULL, &m, &d) != GPUREF_OK ||
        gpuref_program_load(m, 0, words, nwords) != GPUREF_OK) {
        fprintf(stderr, "bench_model: %s\n", m ? gpuref_model_error(m) : d.msg);
        return 1;
    }
    int rf = gpuref_regfile_lookup(m, b->regfile);
    double rate[RUNS], cpu_rate[RUNS];
    uint64_t steps = 0;
    for (int run = 0; run < RUNS; run++) {
        double t0 = clk(CLOCK_MONOTONIC), c0 = clk(CLOCK_THREAD_CPUTIME_ID);
        uint64_t total = 0;
        for (unsigned k = 0; k < reps; k++) {
            gpuref_model_reset(m);
            for (unsigned lane = 0; lane < b->lanes; lane++)
                for (unsigned r = 0; r < b->nregs; r++)
                    gpuref_reg_set(m, rf, r, lane, (r * 0x9e3779b9u) ^ (lane * 0x85ebca6bu));
            if (gpuref_run(m, 10u * n, &steps) != GPUREF_OK) {
                fprintf(stderr, "bench_model: run failed: %s\n", gpuref_model_error(m));
                return 1;
            }
            total += steps;
        }
        rate[run] = (double)total / (clk(CLOCK_MONOTONIC) - t0);
        cpu_rate[run] = (double)total / (clk(CLOCK_THREAD_CPUTIME_ID) - c0);
    }
    qsort(rate, RUNS, sizeof rate[0], cmp);
    qsort(cpu_rate, RUNS, sizeof cpu_rate[0], cmp);
    /* per core: timed by this thread's CPU time, so other jobs on a shared
     * machine do not count; wall clock alongside */
    printf("model %s: %.2f M %s/s, %.1f M lane-ops/s per core (CPU time); "
           "%.2f M/s wall clock (median of %d runs; %u-instruction mixed integer stream x %u)\n",
           b->isa, cpu_rate[RUNS / 2] / 1e6, b->unit, cpu_rate[RUNS / 2] * b->lanes / 1e6,
           rate[RUNS / 2] / 1e6, RUNS, n, reps);
    gpuref_model_destroy(m);
    gpuref_free(words);
    free(text);
    return 0;
}
