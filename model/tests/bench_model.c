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

/* Reproducible straight-line streams of each ISA's integer pipeline.  A
 * template is one unit (an instruction, or a whole group); @1-@3 are three
 * random register numbers, @4 repeats @1.  ops: the lane operations one unit
 * does per lane (a group's slots or instructions). */
typedef struct bench_op {
    const char *fmt;
    unsigned ops;
} bench_op;

typedef struct bench_isa {
    const char *isa, *regfile, *end, *unit;
    unsigned nregs, lanes;     /* registers given random values, lanes per unit */
    unsigned rspan;            /* template register numbers: 0..rspan-1 */
    const char *clause;        /* a line opening each clause of `per_clause` units */
    unsigned per_clause;
    unsigned max_n;            /* the program size limit, in units (0: none) */
    const char *what;
    const bench_op *ops;
    unsigned nops;
} bench_isa;

/* NV50: add/sub, mul16/24, mad, logic, shifts, set, min/max, in short,
 * immediate and long forms. */
static const bench_op nv50_ops[] = {
    { "add b32 $r@1 $r@2 $r@3", 1 }, { "sub b32 $r@1 $r@2 $r@3", 1 },
    { "xor b32 $r@1 $r@2 0x5a5a5a5a", 1 }, { "mul $r@1 u16 $r@2l u16 $r@3l", 1 },
    { "mul $r@1 s24 $r@2 $r@3", 1 }, { "and b32 $r@1 $r@2 0xffff", 1 },
    { "add $r@1 (mul u16 $r@2l $r@3l) $r@4", 1 }, { "shl b32 $c0 $r@1 $r@2 0x3", 1 },
    { "set $c1 $r@1 l s32 $r@2 $r@3", 1 }, { "max u32 $r@1 $r@2 $r@3", 1 },
    { "or b32 $c0 $r@1 $r@2 $r@3", 1 }, { "shr s32 $r@1 $r@2 0x7", 1 },
    { "add sat b32 $r@1 $r@2 $r@3", 1 }, { "min s32 $r@1 $r@2 $r@3", 1 },
};

/* RDNA4 SALU: 32-bit arithmetic with SCC, logic, shifts, bit-field and bit
 * counts, compares, selects, literals and inline constants. */
static const bench_op rdna4_ops[] = {
    { "s_add_co_u32 s@1, s@2, s@3", 1 }, { "s_sub_co_u32 s@1, s@2, s@3", 1 },
    { "s_add_co_ci_u32 s@1, s@2, s@3", 1 }, { "s_and_b32 s@1, s@2, 0x5a5a5a5a", 1 },
    { "s_or_b32 s@1, s@2, s@3", 1 }, { "s_xor_b32 s@1, s@2, -7", 1 },
    { "s_lshl_b32 s@1, s@2, 5", 1 }, { "s_lshr_b32 s@1, s@2, s@3", 1 },
    { "s_ashr_i32 s@1, s@2, 3", 1 }, { "s_mul_i32 s@1, s@2, s@3", 1 },
    { "s_min_i32 s@1, s@2, s@3", 1 }, { "s_max_u32 s@1, s@2, s@3", 1 },
    { "s_bfe_u32 s@1, s@2, 0x80004", 1 }, { "s_cselect_b32 s@1, s@2, s@3", 1 },
    { "s_not_b32 s@1, s@2", 1 }, { "s_bcnt1_i32_b32 s@1, s@2", 1 },
    { "s_cmp_lt_i32 s@1, s@2", 1 }, { "s_mov_b32 s@1, s@2", 1 },
};

/* R700: full integer groups, four vector slots and the t slot.  Each
 * vector slot reads its own channel of @2 (cycle 0) and @3 (cycle 1) with
 * bank swizzle VEC_012; the t slot (SCL_210) reads @2 in cycle 2, which no
 * vector slot uses, and in cycle 1 a channel of @3 that a vector slot
 * already reads (one read port per channel and cycle, L1510-1526), and
 * writes @3 (the group reads before it writes). */
static const bench_op r700_ops[] = {
    { "  ADD_INT T@1.X, T@2.X, T@3.X\n  SUB_INT T@1.Y, T@2.Y, T@3.Y\n"
      "  AND_INT T@1.Z, T@2.Z, T@3.Z\n  XOR_INT T@1.W, T@2.W, T@3.W\n"
      "  ADD_INT * T@3.X, T@2.Y, T@3.X", 5 },
    { "  MAX_INT T@1.X, T@2.X, T@3.X\n  LSHL_INT T@1.Y, T@2.Y, T@3.Y\n"
      "  OR_INT T@1.Z, T@2.Z, T@3.Z\n  MIN_UINT T@1.W, T@2.W, T@3.W\n"
      "  SETGT_INT * T@3.Y, T@2.Z, T@3.W", 5 },
    { "  ASHR_INT T@1.X, T@2.X, T@3.X\n  MAX_UINT T@1.Y, T@2.Y, T@3.Y\n"
      "  SETE_INT T@1.Z, T@2.Z, T@3.Z\n  LSHR_INT T@1.W, T@2.W, T@3.W\n"
      "  SUB_INT * T@3.Z, T@2.X, T@3.Y", 5 },
};

/* USC: bitwise groups (five instructions) and integer main groups. */
static const bench_op usc_ops[] = {
    { "0 : byp ft2, r@1\n    cbs ft3, ft2\n    xor ft4, _, ft2, _, r@2\n"
      "    rol ft5, ft4, r@3\n    tnz p0, ft3\n    mov r@4, w0", 5 },
    { "0 : shfl ft2, r@1, r@2\n    ftb_msb ft3, ft2\n    nor ft4, _, ft2, _, r@3\n"
      "    shr ft5, ft4, r@3\n    tz p0, ft5\n    mov r@4, w0", 5 },
    { "0 : uadd16 ft0, r@1, r@2\n    mov r@3, w0", 1 },
    { "0 : umad8 ft0, r@1, r@2, r@3\n    mov r@1, w0", 1 },
};

/* The pixel processor: fp32 arithmetic on vec4 registers (MAD, ADD, MUL,
 * MIN/MAX, DP3/DP4, compares): one instruction is 4 components x 4 pixels. */
static const bench_op nvfp_ops[] = {
    { "MAD R@1,R@2,R@3,R@1;", 4 }, { "ADD R@1,R@2,R@3;", 4 }, { "MUL R@1,R@2,-R@3;", 4 },
    { "MAX R@1,R@2,R@3.yzxw;", 4 }, { "DP4 R@1.x,R@2,R@3;", 4 }, { "SLT R@1,R@2,R@3;", 4 },
    { "MIN R@1,R@2.wzyx,R@3;", 4 }, { "DP3 R@1.y,R@2,R@3;", 4 },
};

#define N(a) (sizeof a / sizeof a[0])
static const bench_isa isas[] = {
    { "nv50", "r", "exit nop", "warp-instructions", 60, 32, 60, NULL, 0,
      0, "mixed integer stream", nv50_ops, N(nv50_ops) },
    { "rdna4", "s", "s_endpgm", "scalar instructions", 100, 1, 100, NULL, 0,
      0, "mixed integer stream", rdna4_ops, N(rdna4_ops) },
    { "r700", "R", "CF_END", "units (ALU groups, CF)", 64 * 4, 64, 60, "ALU KC0[], KC1[]", 20, 0,
      "full-integer-group stream, 64 lanes", r700_ops, N(r700_ops) },
    { "usc", "r", "", "instruction groups", 64, 32, 64, NULL, 0, 0,
      "bitwise and integer group stream, 32 instances", usc_ops, N(usc_ops) },
    { "nvfp", "R", "", "quad-instructions", 8 * 4, 4, 8, NULL, 0, 128,
      "fp32 vec4 arithmetic stream", nvfp_ops, N(nvfp_ops) },
};

static char *make_program(const bench_isa *b, unsigned n, double *ops)
{
    size_t cap = (size_t)n * 400 + 64, len = 0;
    char *t = malloc(cap);
    if (!t)
        return NULL;
    unsigned x = 12345;
    *ops = 0;
    for (unsigned i = 0; i < n; i++) {
        if (b->clause && i % b->per_clause == 0)
            len += (size_t)snprintf(t + len, cap - len, "%s\n", b->clause);
        x = x * 1103515245u + 12345u;
        unsigned r1 = (x >> 8) % b->rspan, r2 = (x >> 14) % b->rspan, r3 = (x >> 20) % b->rspan;
        const bench_op *o = &b->ops[(x >> 26) % b->nops];
        const unsigned reg[4] = { r1, r2, r3, r1 };
        for (const char *f = o->fmt; *f; f++)
            if (f[0] == '@' && f[1] >= '1' && f[1] <= '4')
                len += (size_t)snprintf(t + len, cap - len, "%u", reg[*++f - '1']);
            else
                t[len++] = *f;
        t[len++] = '\n';
        *ops += o->ops;
    }
    len += (size_t)snprintf(t + len, cap - len, "%s\n", b->end);
    return t;
}

/* The same stream as a vector file, for the lockstep bench (scripts/bench.sh):
 * the nv50 stream, or with --isa r700 the R700 one (64-lane GPR rows R<n>.<c>;
 * steps = groups + one CF_ALU per clause + CF_END). */
static int write_vector(const bench_isa *b, const char *path, unsigned n)
{
    double ops;
    char *text = make_program(b, n, &ops);
    FILE *f = fopen(path, "w");
    if (!text || !f) {
        fprintf(stderr, "bench_model: cannot write %s\n", path);
        free(text);
        if (f)
            fclose(f);
        return 1;
    }
    int r700 = strcmp(b->isa, "r700") == 0;
    unsigned steps = r700 ? n + (n + b->per_clause - 1) / b->per_clause + 1 : n + 1;
    fprintf(f, "isa: %s\ncomment: \"bench_model stream of %u %s\"\ntests:\n"
               "  - name: stream\n    max_steps: %u\n    init:\n      regs:\n", b->isa, n, b->unit,
            steps + 10);
    for (unsigned r = 0; r < b->nregs; r++) {
        if (r700)
            fprintf(f, "        R%u.%c: [", r / 4, "xyzw"[r % 4]);
        else
            fprintf(f, "        r%u: [", r);
        for (unsigned lane = 0; lane < b->lanes; lane++)
            fprintf(f, "%s\"0x%08x\"", lane ? ", " : "", (r * 0x9e3779b9u) ^ (lane * 0x85ebca6bu));
        fprintf(f, "]\n");
    }
    fprintf(f, "    program: |\n");
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
        fprintf(f, "      %s\n", line);
    fprintf(f, "    expect:\n      steps: %u\n", steps);
    free(text);
    return fclose(f) == 0 ? 0 : 1;
}

static int usage(FILE *f, int rc)
{
    fprintf(f, "usage: bench_model [--isa ISA] [N [REPS]]\n"
               "       bench_model [--isa nv50|r700] --vector FILE N\n\n"
               "Model speed on a reproducible stream of N units (default 20000), run REPS\n"
               "times (default 50) from reset; prints units/s and lane-ops/s per core (the\n"
               "thread's CPU time) and wall clock, the median of %d runs.  ISA: ", RUNS);
    for (size_t i = 0; i < N(isas); i++)
        fprintf(f, "%s%s (%s)", i ? ", " : "", isas[i].isa, isas[i].what);
    fprintf(f, ".\n--vector writes the nv50 (or r700) stream as a vector file for the lockstep bench.\n");
    return rc;
}

static int count_arg(const char *s, unsigned *v)
{
    char *e;
    unsigned long x = strtoul(s, &e, 0);
    if (!*s || *e || x == 0 || x > 10000000ul)
        return 1;
    *v = (unsigned)x;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0))
        return usage(stdout, 0);
    unsigned vn = 0;
    const bench_isa *b = &isas[0];
    if (argc > 2 && strcmp(argv[1], "--isa") == 0) {
        b = NULL;
        for (size_t i = 0; i < N(isas); i++)
            if (strcmp(isas[i].isa, argv[2]) == 0)
                b = &isas[i];
        if (!b) {
            fprintf(stderr, "bench_model: no stream for ISA '%s'\n", argv[2]);
            return usage(stderr, 2);
        }
        argc -= 2;
        argv += 2;
    }
    if (argc == 4 && strcmp(argv[1], "--vector") == 0) {
        if (b != &isas[0] && strcmp(b->isa, "r700") != 0) {
            fprintf(stderr, "bench_model: --vector writes the nv50 or r700 stream\n");
            return 2;
        }
        if (count_arg(argv[3], &vn)) {
            fprintf(stderr, "bench_model: bad count '%s' (1..10000000)\n", argv[3]);
            return 2;
        }
        return write_vector(b, argv[2], vn);
    }
    /* a program limit (the pixel processor's 128 instructions, Table 2):
     * a stream of that size, run more often */
    unsigned n = b->max_n ? b->max_n : 20000, reps = b->max_n ? 50u * 20000u / b->max_n : 50;
    if (argc > 3 || (argc > 1 && count_arg(argv[1], &n)) || (argc > 2 && count_arg(argv[2], &reps))) {
        fprintf(stderr, "bench_model: bad arguments\n");
        return usage(stderr, 2);
    }
    if (b->max_n && n > b->max_n) {
        fprintf(stderr, "bench_model: %s programs hold at most %u units\n", b->isa, b->max_n);
        return 2;
    }
    double ops_per_run;
    char *text = make_program(b, n, &ops_per_run);
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
    double rate[RUNS], cpu_rate[RUNS], lane_rate[RUNS];
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
        double cpu = clk(CLOCK_THREAD_CPUTIME_ID) - c0;
        rate[run] = (double)total / (clk(CLOCK_MONOTONIC) - t0);
        cpu_rate[run] = (double)total / cpu;
        lane_rate[run] = ops_per_run * b->lanes * reps / cpu;
    }
    qsort(rate, RUNS, sizeof rate[0], cmp);
    qsort(cpu_rate, RUNS, sizeof cpu_rate[0], cmp);
    qsort(lane_rate, RUNS, sizeof lane_rate[0], cmp);
    /* units: every retired unit (R700: CF instructions too); lane-ops: the
     * stream's operations (slots, instructions) x lanes.  Per core: timed
     * by this thread's CPU time, so other jobs on a shared machine do not
     * count; wall clock alongside */
    printf("model %s: %.2f M %s/s, %.1f M lane-ops/s per core (CPU time); "
           "%.2f M/s wall clock (median of %d runs; %u-unit %s x %u)\n",
           b->isa, cpu_rate[RUNS / 2] / 1e6, b->unit, lane_rate[RUNS / 2] / 1e6,
           rate[RUNS / 2] / 1e6, RUNS, n, b->what, reps);
    gpuref_model_destroy(m);
    gpuref_free(words);
    free(text);
    return 0;
}
