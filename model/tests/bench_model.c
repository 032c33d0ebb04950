/* bench_model.c - model speed on reproducible instruction streams (make bench).
 * Prints units/s and lane-ops/s, the median of several runs; for the RDNA4 F32
 * FMA stream also the host FPU doing the same lanes.  Not a test: nothing here
 * asserts a time. */
#include <math.h>
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

/* The host loop's form of an FMA template (fmaf per lane, K a literal). */
enum { H_NONE, H_FMA /* @1 = @2*@3+@5 */, H_FMAC /* @1 = @2*@3+@1 */,
       H_FMAAK /* @1 = @2*@3+K */, H_FMAMK /* @1 = @2*K+@3 */, H_FMA_NEG /* @1 = -@2*@3+@5 */ };
#define H_K_AK 0x3f8ccccdu     /* 1.1f, the literal of the FMAAK template */
#define H_K_MK 0xbf19999au     /* -0.6f, the literal of the FMAMK template */

/* Register numbers of a template's @n: base + step * (random % span). */
typedef struct bench_range {
    unsigned base, span, step;
} bench_range;

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
    /* RDNA4 vector streams (--stream): the stream's name (NULL: the ISA's default
     * stream), @1-@6 register ranges (NULL: 0..rspan-1; @4 repeats @1), how the
     * registers and memory are set up (INIT_*), what a lane-op is called */
    const char *stream;
    const bench_range *rng;
    unsigned init;
    const char *lane_unit;
    const unsigned *host;      /* the F32 FMA stream: H_* of each template */
} bench_isa;

/* Set-up before each repetition: INIT_RAND `nregs` registers of `regfile` with
 * random bits per lane; INIT_F32 the same with F32 values in +-[0.5, 2); INIT_MEM
 * the GLOBAL stream's addresses, data and memory (init_mem). */
enum { INIT_RAND, INIT_F32, INIT_MEM };

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

/* RDNA4 VALU integer stream: VOP2 and VOP3 32-bit integer and bit operations
 * (add/sub, logic, shifts, min/max, 24-bit and low multiplies, three-input
 * forms, bit fields, median), VGPR, inline-constant and literal sources; no
 * lane-mask operand, so that one text serves wave32 and wave64.  @1 is written,
 * @2 @3 @5 are read, all of v0-v99. */
static const bench_op rdna4_vint_ops[] = {
    { "v_add_nc_u32 v@1, v@2, v@3", 1 }, { "v_sub_nc_u32 v@1, v@2, v@3", 1 },
    { "v_and_b32 v@1, v@2, v@3", 1 }, { "v_or_b32 v@1, v@2, v@3", 1 },
    { "v_xor_b32 v@1, 0x5a5a5a5a, v@2", 1 }, { "v_lshlrev_b32 v@1, 5, v@2", 1 },
    { "v_lshrrev_b32 v@1, v@2, v@3", 1 }, { "v_ashrrev_i32 v@1, 3, v@2", 1 },
    { "v_min_i32 v@1, v@2, v@3", 1 }, { "v_max_u32 v@1, v@2, v@3", 1 },
    { "v_mul_lo_u32 v@1, v@2, v@3", 1 }, { "v_mul_u32_u24 v@1, v@2, v@3", 1 },
    { "v_xor3_b32 v@1, v@2, v@3, v@5", 1 }, { "v_add3_u32 v@1, v@2, v@3, v@5", 1 },
    { "v_lshl_add_u32 v@1, v@2, 4, v@3", 1 }, { "v_bfe_u32 v@1, v@2, 8, 12", 1 },
    { "v_med3_i32 v@1, v@2, v@3, v@5", 1 }, { "v_not_b32 v@1, v@2", 1 },
};

/* RDNA4 VALU F32 FMA stream: V_FMA_F32 (VOP3, also with a negated source),
 * V_FMAC_F32 (VOP2, the destination accumulates), V_FMAAK/FMAMK_F32 (a literal
 * K).  Sources @2 @3 @5 are v0-v49, never written (their F32 values in
 * +-[0.5, 2) stay as set); destinations @1 are v50-v99, so that no value grows
 * out of the normal range.  MODE is the reset's: round to nearest even,
 * denormals kept. */
static const bench_op rdna4_vfma_ops[] = {
    { "v_fma_f32 v@1, v@2, v@3, v@5", 1 }, { "v_fmac_f32 v@1, v@2, v@3", 1 },
    { "v_fmaak_f32 v@1, v@2, v@3, 0x3f8ccccd", 1 },
    { "v_fmamk_f32 v@1, v@2, 0xbf19999a, v@3", 1 },
    { "v_fma_f32 v@1, -v@2, v@3, v@5", 1 },
};
/* how the host loop does each template (fmaf per lane) */
static const unsigned rdna4_vfma_host[] = { H_FMA, H_FMAC, H_FMAAK, H_FMAMK, H_FMA_NEG };
static const bench_range rdna4_vfma_rng[6] = {
    { 50, 50, 1 }, { 0, 50, 1 }, { 0, 50, 1 }, { 0, 0, 0 }, { 0, 50, 1 }, { 0, 0, 0 },
};

/* RDNA4 GLOBAL stream: loads and stores of 1 to 16 bytes a lane, GVS (an SGPR
 * base s[0:1] plus a 32-bit VGPR offset @2, v0-v7) and GV (a 64-bit VGPR address
 * @6, pairs v8-v15) addressing, IOFFSET; data @1 in v16-v91 (a B128 tuple ends by
 * v94).  Every lane accesses its own 16 bytes of a 2 KiB window per address
 * register (init_mem), all inside the memory the set-up wrote. */
static const bench_op rdna4_global_ops[] = {
    { "global_load_b32 v@1, v@2, s[0:1]", 1 },
    { "global_load_b32 v@1, v[@6:@6+1], off offset:4", 1 },
    { "global_load_b64 v[@1:@1+1], v@2, s[0:1] offset:8", 1 },
    { "global_load_b128 v[@1:@1+3], v@2, s[0:1]", 1 },
    { "global_load_u16 v@1, v[@6:@6+1], off offset:2", 1 },
    { "global_store_b32 v@2, v@1, s[0:1] offset:4", 1 },
    { "global_store_b32 v[@6:@6+1], v@1, off", 1 },
    { "global_store_b64 v@2, v[@1:@1+1], s[0:1]", 1 },
    { "global_store_b128 v[@6:@6+1], v[@1:@1+3], off", 1 },
    { "global_store_b8 v@2, v@1, s[0:1] offset:1", 1 },
};
static const bench_range rdna4_global_rng[6] = {
    { 16, 76, 1 }, { 0, 8, 1 }, { 0, 8, 1 }, { 0, 0, 0 }, { 0, 8, 1 }, { 8, 4, 2 },
};
#define GLOBAL_BASE 0x10000u   /* s[0:1], and where the windows start */
#define GLOBAL_WIN  0x800u     /* bytes a window: 64 lanes x 16 bytes, x2 */

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
      0, "mixed integer stream", nv50_ops, N(nv50_ops), NULL, NULL, INIT_RAND, NULL, NULL },
    { "rdna4", "s", "s_endpgm", "scalar instructions", 100, 1, 100, NULL, 0,
      0, "mixed integer stream", rdna4_ops, N(rdna4_ops), NULL, NULL, INIT_RAND, NULL, NULL },
    /* lanes 0: the wave size (--wave) */
    { "rdna4", "v", "s_endpgm", "vector instructions", 100, 0, 100, NULL, 0, 0,
      "VALU integer stream", rdna4_vint_ops, N(rdna4_vint_ops), "valu-int", NULL, INIT_RAND,
      NULL, NULL },
    { "rdna4", "v", "s_endpgm", "vector instructions", 100, 0, 100, NULL, 0, 0,
      "VALU F32 FMA stream", rdna4_vfma_ops, N(rdna4_vfma_ops), "valu-fma", rdna4_vfma_rng,
      INIT_F32, NULL, rdna4_vfma_host },
    { "rdna4", "v", "s_endpgm", "memory instructions", 100, 0, 100, NULL, 0, 0,
      "GLOBAL load/store stream", rdna4_global_ops, N(rdna4_global_ops), "global",
      rdna4_global_rng, INIT_MEM, "lane-accesses", NULL },
    { "r700", "R", "CF_END", "units (ALU groups, CF)", 64 * 4, 64, 60, "ALU KC0[], KC1[]", 20, 0,
      "full-integer-group stream, 64 lanes", r700_ops, N(r700_ops), NULL, NULL, INIT_RAND, NULL, NULL },
    { "usc", "r", "", "instruction groups", 64, 32, 64, NULL, 0, 0,
      "bitwise and integer group stream, 32 instances", usc_ops, N(usc_ops), NULL, NULL, INIT_RAND, NULL, NULL },
    { "nvfp", "R", "", "quad-instructions", 8 * 4, 4, 8, NULL, 0, 128,
      "fp32 vec4 arithmetic stream", nvfp_ops, N(nvfp_ops), NULL, NULL, INIT_RAND, NULL, NULL },
};

/* One unit of a stream as the host loop of the FMA stream repeats it: the
 * template and its registers (@1, @2, @3, @5). */
typedef struct bench_unit {
    unsigned op, reg[4];
} bench_unit;

/* The register number of placeholder @k (1-6) for the random draw r. */
static unsigned reg_of(const bench_isa *b, unsigned k, unsigned r)
{
    if (!b->rng)
        return r % b->rspan;
    const bench_range *g = &b->rng[k - 1];
    return g->span ? g->base + g->step * (r % g->span) : g->base;   /* span 0: not used */
}

/* The text of n units; *ops: lane operations per lane; units (if not NULL, n
 * entries): what each unit is, for the host loop. */
static char *make_program(const bench_isa *b, unsigned n, double *ops, bench_unit *units)
{
    size_t cap = (size_t)n * 400 + 64, len = 0;
    char *t = malloc(cap);
    if (!t)
        return NULL;
    unsigned x = 12345, y = 777;
    *ops = 0;
    for (unsigned i = 0; i < n; i++) {
        if (b->clause && i % b->per_clause == 0)
            len += (size_t)snprintf(t + len, cap - len, "%s\n", b->clause);
        x = x * 1103515245u + 12345u;
        /* @5 and @6 draw from a second sequence, so that the streams of @1-@3
         * stay what they were before those existed */
        y = y * 1103515245u + 12345u;
        unsigned r1 = reg_of(b, 1, x >> 8), r2 = reg_of(b, 2, x >> 14), r3 = reg_of(b, 3, x >> 20);
        unsigned op = (x >> 26) % b->nops;
        const bench_op *o = &b->ops[op];
        const unsigned reg[6] = { r1, r2, r3, r1, reg_of(b, 5, y >> 10), reg_of(b, 6, y >> 20) };
        if (units)
            units[i] = (bench_unit){ op, { r1, r2, r3, reg[4] } };
        for (const char *f = o->fmt; *f; f++)
            if (f[0] == '@' && f[1] >= '1' && f[1] <= '6') {
                unsigned v = reg[*++f - '1'];
                if (f[1] == '+' && f[2] >= '0' && f[2] <= '9') {   /* @1+3: a tuple's end */
                    v += (unsigned)(f[2] - '0');
                    f += 2;
                }
                len += (size_t)snprintf(t + len, cap - len, "%u", v);
            } else
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
    char *text = make_program(b, n, &ops, NULL);
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
               "       bench_model --isa rdna4 [--stream NAME] [--wave 32|64] [N [REPS]]\n"
               "       bench_model [--isa nv50|r700] --vector FILE N\n\n"
               "Model speed on a reproducible stream of N units (default 20000), run REPS\n"
               "times (default 50) from reset; prints units/s and lane-ops/s per core (the\n"
               "thread's CPU time) and wall clock, the median of %d runs.  ISA: ", RUNS);
    for (size_t i = 0; i < N(isas); i++)
        if (!isas[i].stream)
            fprintf(f, "%s%s (%s)", i ? ", " : "", isas[i].isa, isas[i].what);
    fprintf(f, ".\n--vector writes the nv50 (or r700) stream as a vector file for the lockstep bench.\n\n"
               "RDNA4 streams (--stream; default salu), in wave32 or wave64 (--wave, default 32):\n"
               "  salu      the mixed SALU integer stream (scalar instructions/s)\n"
               "  valu-int  VOP2/VOP3 integer and bit operations on v0-v99: vector\n"
               "            instructions/s and lane-ops/s (instructions x wave size)\n"
               "  valu-fma  V_FMA/FMAC/FMAAK/FMAMK_F32 (v50-v99 = f(v0-v49), F32 values in\n"
               "            +-[0.5, 2)); then the host FPU doing the same lanes (libm fmaf\n"
               "            in a plain C loop over the same operands), its lane-ops/s, the\n"
               "            model/host time ratio, and a check that the model's results are\n"
               "            the host's bit for bit\n"
               "  global    GLOBAL loads and stores (B8..B128, SGPR+VGPR and 64-bit VGPR\n"
               "            addresses, IOFFSET; each lane its own 16 bytes): memory\n"
               "            instructions/s and lane-accesses/s (instructions x wave size)\n"
               "The vector streams time gpuref_run only (not the register set-up).\n");
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

/* The F32 values of INIT_F32: +-[0.5, 2), sign and significand from r and lane. */
static uint32_t f32_init(unsigned r, unsigned lane)
{
    uint32_t h = (r * 0x9e3779b9u) ^ (lane * 0x85ebca6bu);
    h ^= h >> 15;
    h *= 0x2c1b3c6du;
    h ^= h >> 12;
    return (h & 0x80000000u) | (126u + (h >> 30 & 1u)) << 23 | (h & 0x7fffffu);
}

/* The register value of register r, lane `lane`, before each repetition. */
static uint32_t init_value(const bench_isa *b, unsigned r, unsigned lane)
{
    if (b->init == INIT_F32)
        return f32_init(r, lane);
    if (b->init == INIT_MEM) {
        if (r < 8)                                  /* GVS offsets: window r */
            return r * GLOBAL_WIN + lane * 16u;
        if (r < 16)                                 /* GV pairs v8-v15: windows 8-11 */
            return r & 1 ? 0 : GLOBAL_BASE + (8u + (r - 8) / 2) * GLOBAL_WIN + lane * 16u;
    }
    return (r * 0x9e3779b9u) ^ (lane * 0x85ebca6bu);
}

static int setup(gpuref_model *m, const bench_isa *b, int rf, unsigned lanes)
{
    int st = gpuref_model_reset(m);
    for (unsigned lane = 0; lane < lanes; lane++)
        for (unsigned r = 0; r < b->nregs; r++)
            st |= gpuref_reg_set(m, rf, r, lane, init_value(b, r, lane));
    if (b->init == INIT_MEM) {                      /* s[0:1]: the GVS base */
        int sf = gpuref_regfile_lookup(m, "s");
        st |= gpuref_reg_set(m, sf, 0, 0, GLOBAL_BASE);
        st |= gpuref_reg_set(m, sf, 1, 0, 0);
    }
    return st;
}

/* The host FPU on the F32 FMA stream's lanes: the units in order, fmaf on every
 * lane of each, from the values the model starts from.  Lane-ops/s per core
 * (CPU time); vg holds the registers after the last repetition. */
static double host_fma(const bench_isa *b, const bench_unit *u, unsigned n, unsigned lanes,
                       unsigned reps, float (*vg)[64])
{
    static float init[100][64];
    const float kak = 1.1f, kmk = -0.6f;
    for (unsigned r = 0; r < 100; r++)
        for (unsigned l = 0; l < 64; l++) {
            uint32_t x = f32_init(r, l);
            memcpy(&init[r][l], &x, 4);
        }
    double c0 = clk(CLOCK_THREAD_CPUTIME_ID);
    for (unsigned k = 0; k < reps; k++) {
        memcpy(vg, init, sizeof init);
        for (unsigned i = 0; i < n; i++) {
            float *d = vg[u[i].reg[0]];
            const float *x = vg[u[i].reg[1]], *y = vg[u[i].reg[2]], *z = vg[u[i].reg[3]];
            switch (b->host[u[i].op]) {
            case H_FMA:
                for (unsigned l = 0; l < lanes; l++)
                    d[l] = fmaf(x[l], y[l], z[l]);
                break;
            case H_FMAC:
                for (unsigned l = 0; l < lanes; l++)
                    d[l] = fmaf(x[l], y[l], d[l]);
                break;
            case H_FMAAK:
                for (unsigned l = 0; l < lanes; l++)
                    d[l] = fmaf(x[l], y[l], kak);
                break;
            case H_FMAMK:
                for (unsigned l = 0; l < lanes; l++)
                    d[l] = fmaf(x[l], kmk, y[l]);
                break;
            default:   /* H_FMA_NEG */
                for (unsigned l = 0; l < lanes; l++)
                    d[l] = fmaf(-x[l], y[l], z[l]);
                break;
            }
        }
    }
    return (double)n * lanes * reps / (clk(CLOCK_THREAD_CPUTIME_ID) - c0);
}

/* An option's value: argv[i + 1], or a one-line error. */
static const char *opt_val(int argc, char **argv, int i)
{
    if (i + 1 >= argc) {
        fprintf(stderr, "bench_model: %s needs a value\n", argv[i]);
        return NULL;
    }
    return argv[i + 1];
}

int main(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0))
        return usage(stdout, 0);
    unsigned vn = 0, wave = 0;
    const bench_isa *b = &isas[0];
    const char *stream = NULL, *isa_name = NULL;
    /* options first, in any order; then N and REPS (or --vector FILE N) */
    while (argc > 1 && (strcmp(argv[1], "--isa") == 0 || strcmp(argv[1], "--stream") == 0 ||
                        strcmp(argv[1], "--wave") == 0)) {
        const char *v = opt_val(argc, argv, 1);
        if (!v)
            return 2;
        if (argv[1][2] == 'i')
            isa_name = v;
        else if (argv[1][2] == 's')
            stream = v;
        else if (strcmp(v, "32") == 0 || strcmp(v, "64") == 0)
            wave = (unsigned)atoi(v);
        else {
            fprintf(stderr, "bench_model: bad wave size '%s' (32 or 64)\n", v);
            return 2;
        }
        argc -= 2;
        argv += 2;
    }
    if (isa_name) {
        b = NULL;
        for (size_t i = 0; i < N(isas); i++)
            if (!isas[i].stream && strcmp(isas[i].isa, isa_name) == 0)
                b = &isas[i];
        if (!b) {
            fprintf(stderr, "bench_model: no stream for ISA '%s'\n", isa_name);
            return usage(stderr, 2);
        }
    }
    if ((stream || wave) && strcmp(b->isa, "rdna4") != 0) {
        fprintf(stderr, "bench_model: --stream and --wave are for --isa rdna4\n");
        return 2;
    }
    if (stream && strcmp(stream, "salu") != 0) {
        const bench_isa *f = NULL;
        for (size_t i = 0; i < N(isas); i++)
            if (isas[i].stream && strcmp(isas[i].stream, stream) == 0)
                f = &isas[i];
        if (!f) {
            fprintf(stderr, "bench_model: no rdna4 stream '%s' (salu, valu-int, valu-fma, global)\n",
                    stream);
            return 2;
        }
        b = f;
    }
    if (argc > 1 && strcmp(argv[1], "--vector") == 0) {
        if (argc != 4) {
            fprintf(stderr, "bench_model: --vector takes FILE N\n");
            return 2;
        }
        if ((b != &isas[0] && strcmp(b->isa, "r700") != 0) || stream || wave) {
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
    unsigned lanes = b->lanes ? b->lanes : wave ? wave : 32;
    char config[32] = "";
    if (wave)
        snprintf(config, sizeof config, "wave=%u", wave);
    double ops_per_run;
    bench_unit *units = b->host ? malloc(n * sizeof *units) : NULL;
    char *text = make_program(b, n, &ops_per_run, units);
    /* the assembler's wave size follows the model's (lane-mask operands) */
    char *src = text ? malloc(strlen(text) + 16) : NULL;
    if (src)
        sprintf(src, "%s%s", wave == 64 ? ".wave64\n" : "", text);
    uint32_t *words = NULL;
    size_t nwords = 0;
    gpuref_diag d = { 0 };
    const gpuref_isa *isa = gpuref_isa_find(b->isa);
    if (!src || (b->host && !units) || gpuref_assemble(isa, src, 0, &words, &nwords, &d) != GPUREF_OK) {
        fprintf(stderr, "bench_model: assemble failed: line %u: %s\n", d.line, d.msg);
        return 1;
    }
    gpuref_model *m = NULL;
    if (gpuref_model_create(b->isa, config[0] ? config : NULL, &m, &d) != GPUREF_OK ||
        gpuref_program_load(m, 0, words, nwords) != GPUREF_OK) {
        fprintf(stderr, "bench_model: %s\n", m ? gpuref_model_error(m) : d.msg);
        return 1;
    }
    int rf = gpuref_regfile_lookup(m, b->regfile);
    if (b->init == INIT_MEM) {   /* the windows the stream accesses, written once */
        static uint8_t buf[12 * GLOBAL_WIN];
        for (unsigned i = 0; i < sizeof buf; i++)
            buf[i] = (uint8_t)(i * 131u + 7u);
        if (gpuref_mem_write(m, 0, GLOBAL_BASE, buf, sizeof buf) != GPUREF_OK) {
            fprintf(stderr, "bench_model: %s\n", gpuref_model_error(m));
            return 1;
        }
    }
    double rate[RUNS], cpu_rate[RUNS], lane_rate[RUNS];
    uint64_t steps = 0;
    for (int run = 0; run < RUNS; run++) {
        double t0 = clk(CLOCK_MONOTONIC), c0 = clk(CLOCK_THREAD_CPUTIME_ID), wall = 0, cpu = 0;
        uint64_t total = 0;
        for (unsigned k = 0; k < reps; k++) {
            /* the vector streams time the run only: their set-up is 100 registers
             * x 64 lanes of API calls */
            if (b->stream) {
                if (setup(m, b, rf, lanes) != GPUREF_OK) {
                    fprintf(stderr, "bench_model: set-up failed: %s\n", gpuref_model_error(m));
                    return 1;
                }
                t0 = clk(CLOCK_MONOTONIC);
                c0 = clk(CLOCK_THREAD_CPUTIME_ID);
            } else {
                gpuref_model_reset(m);
                for (unsigned lane = 0; lane < b->lanes; lane++)
                    for (unsigned r = 0; r < b->nregs; r++)
                        gpuref_reg_set(m, rf, r, lane, (r * 0x9e3779b9u) ^ (lane * 0x85ebca6bu));
            }
            if (gpuref_run(m, 10u * n, &steps) != GPUREF_OK) {
                fprintf(stderr, "bench_model: run failed: %s\n", gpuref_model_error(m));
                return 1;
            }
            total += steps;
            if (b->stream) {
                cpu += clk(CLOCK_THREAD_CPUTIME_ID) - c0;
                wall += clk(CLOCK_MONOTONIC) - t0;
            }
        }
        if (!b->stream) {
            cpu = clk(CLOCK_THREAD_CPUTIME_ID) - c0;
            wall = clk(CLOCK_MONOTONIC) - t0;
        }
        rate[run] = (double)total / wall;
        cpu_rate[run] = (double)total / cpu;
        lane_rate[run] = ops_per_run * lanes * reps / cpu;
    }
    qsort(rate, RUNS, sizeof rate[0], cmp);
    qsort(cpu_rate, RUNS, sizeof cpu_rate[0], cmp);
    qsort(lane_rate, RUNS, sizeof lane_rate[0], cmp);
    /* units: every retired unit (R700: CF instructions too); lane-ops: the
     * stream's operations (slots, instructions) x lanes.  Per core: timed
     * by this thread's CPU time, so other jobs on a shared machine do not
     * count; wall clock alongside */
    char name[64];
    if (b->stream || wave)
        snprintf(name, sizeof name, "%s %s wave%u", b->isa, b->stream ? b->stream : "salu",
                 wave ? wave : lanes);
    else
        snprintf(name, sizeof name, "%s", b->isa);
    printf("model %s: %.2f M %s/s, %.1f M %s/s per core (CPU time); "
           "%.2f M/s wall clock (median of %d runs; %u-unit %s x %u)\n",
           name, cpu_rate[RUNS / 2] / 1e6, b->unit, lane_rate[RUNS / 2] / 1e6,
           b->lane_unit ? b->lane_unit : "lane-ops", rate[RUNS / 2] / 1e6, RUNS, n, b->what, reps);
    int rc = 0;
    if (b->host) {
        /* the host FPU on the same lanes, and the check that they are the same
         * operations: the model's registers after its last run are the host's */
        static float vg[100][64];
        double hrate[RUNS];
        for (int run = 0; run < RUNS; run++)
            hrate[run] = host_fma(b, units, n, lanes, reps, vg);
        qsort(hrate, RUNS, sizeof hrate[0], cmp);
        for (unsigned r = 0; r < 100 && !rc; r++)
            for (unsigned l = 0; l < lanes && !rc; l++) {
                uint64_t mv = 0;
                uint32_t hv;
                memcpy(&hv, &vg[r][l], 4);
                gpuref_reg_get(m, rf, r, l, &mv);
                if (mv != hv) {
                    fprintf(stderr, "bench_model: host fmaf and model differ: v%u lane %u "
                                    "host 0x%08x model 0x%08llx\n", r, l, hv, (unsigned long long)mv);
                    rc = 1;
                }
            }
        if (!rc)
            printf("host %s: %.1f M lane-ops/s per core (libm fmaf, the same lanes; median of %d "
                   "runs); model/host time %.2fx (results bit-identical)\n",
                   name, hrate[RUNS / 2] / 1e6, RUNS, hrate[RUNS / 2] / lane_rate[RUNS / 2]);
    }
    gpuref_model_destroy(m);
    gpuref_free(words);
    free(text);
    free(src);
    free(units);
    return rc;
}
