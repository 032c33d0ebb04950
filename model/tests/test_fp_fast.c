/* test_fp_fast.c - the fast paths are bit-identical to the generic path.
 *
 *  1. fp32_add/sub/mul/fma (inline integer fast path) against fp_add/...;
 *  2. fp32_add_n/sub_n/mul_n/fma_n (lanes: host FPU for add/sub/mul on
 *     x86-64, integer for fma) against per-lane fp_add/...;
 * values and per-lane exceptions, on random lanes biased to edge exponents
 * plus every special value, under several policies (x86, rdna4, r700 with
 * flush, nvfp) and flags (none, RTZ, CLAMP), 2e5 lanes per op, policy and
 * flag set (GPUREF_FP_N overrides);
 *  3. the lanes calls leave the caller's MXCSR as it was and do not depend
 *     on it (caller in round-up with FTZ+DAZ);
 *  4. argument and policy errors write nothing.
 */
#include <string.h>
#if defined(__x86_64__)
#include <xmmintrin.h>
#endif
#include "fp_testutil.h"

enum { ADD, SUB, MUL, FMA };
static const char *const names[4] = { "add", "sub", "mul", "fma" };

static int generic(int op, uint32_t a, uint32_t b, uint32_t c, const fp_policy *p, unsigned fl, uint32_t *r,
                   unsigned *e)
{
    uint64_t x = 0;
    int st;
    switch (op) {
    case ADD: st = fp_add(FP_F32, a, b, p, fl, &x, e); break;
    case SUB: st = fp_sub(FP_F32, a, b, p, fl, &x, e); break;
    case MUL: st = fp_mul(FP_F32, a, b, p, fl, &x, e); break;
    default:  st = fp_fma(FP_F32, a, b, c, p, fl, &x, e); break;
    }
    *r = (uint32_t)x;
    return st;
}

static int scalar(int op, uint32_t a, uint32_t b, uint32_t c, const fp_policy *p, unsigned fl, uint32_t *r,
                  unsigned *e)
{
    switch (op) {
    case ADD: return fp32_add(a, b, p, fl, r, e);
    case SUB: return fp32_sub(a, b, p, fl, r, e);
    case MUL: return fp32_mul(a, b, p, fl, r, e);
    default:  return fp32_fma(a, b, c, p, fl, r, e);
    }
}

static int lanes(int op, size_t n, const uint32_t *a, const uint32_t *b, const uint32_t *c, const fp_policy *p,
                 unsigned fl, uint32_t *r, unsigned *e)
{
    switch (op) {
    case ADD: return fp32_add_n(n, a, b, p, fl, r, e);
    case SUB: return fp32_sub_n(n, a, b, p, fl, r, e);
    case MUL: return fp32_mul_n(n, a, b, p, fl, r, e);
    default:  return fp32_fma_n(n, a, b, c, p, fl, r, e);
    }
}

#define W 64

static uint32_t lane_operand(void)
{
    uint32_t s[32];
    uint64_t s64[32];
    if (tu_rand() % 8 == 0) {
        int n = tu_specials(FP_F32, s64);
        for (int i = 0; i < n; i++) s[i] = (uint32_t)s64[i];
        return s[tu_rand() % (uint64_t)n];
    }
    if (tu_rand() % 2) return ((uint32_t)tu_rand() & 0x807fffffu) | ((uint32_t)(100 + tu_rand() % 56) << 23);
    return (uint32_t)tu_operand(FP_F32);
}

static void compare(const fp_policy *p, unsigned fl, long n)
{
    uint32_t a[W], b[W], c[W], r[W], rg = 0, rs = 0;
    unsigned e[W], eg, es;
    for (int op = 0; op < 4; op++)
        for (long k = 0; k < n; k += W) {
            for (int i = 0; i < W; i++) {
                a[i] = lane_operand(); b[i] = lane_operand(); c[i] = lane_operand();
                if (tu_rand() % 16 == 0) b[i] = a[i] ^ 0x80000000u;     /* exact cancellation */
                e[i] = 0;
            }
            int st = lanes(op, W, a, b, c, p, fl, r, e);
            tu_check(st == 0, "%s lanes status %d", names[op], st);
            for (int i = 0; i < W; i++) {
                eg = es = 0;
                int sg = generic(op, a[i], b[i], c[i], p, fl, &rg, &eg);
                int ss = scalar(op, a[i], b[i], c[i], p, fl, &rs, &es);
                tu_check(sg == 0 && r[i] == rg && e[i] == eg, "%s %s fl %x lanes a=%x b=%x c=%x: generic %x/%02x lanes %x/%02x",
                         p->name, names[op], fl, a[i], b[i], c[i], rg, eg, r[i], e[i]);
                tu_check(ss == 0 && rs == rg && es == eg, "%s %s fl %x scalar a=%x b=%x c=%x: generic %x/%02x inline %x/%02x",
                         p->name, names[op], fl, a[i], b[i], c[i], rg, eg, rs, es);
            }
        }
}

static void mxcsr(const fp_policy *p)
{
#if defined(__x86_64__)
    uint32_t a[W], b[W], r[W], want[W];
    for (int i = 0; i < W; i++) {
        a[i] = ((uint32_t)tu_rand() & 0x807fffffu) | (120u << 23);
        b[i] = ((uint32_t)tu_rand() & 0x807fffffu) | (121u << 23);
        uint64_t x;
        fp_add(FP_F32, a[i], b[i], p, 0, &x, NULL);
        want[i] = (uint32_t)x;
    }
    unsigned saved = _mm_getcsr();
    unsigned hostile = (saved & ~0x6000u) | 0x4000u | 0x8040u;   /* round up, FTZ, DAZ */
    _mm_setcsr(hostile);
    int st = fp32_add_n(W, a, b, p, 0, r, NULL);
    unsigned after = _mm_getcsr();
    _mm_setcsr(saved);
    tu_check(st == 0 && (after & ~0x3fu) == (hostile & ~0x3fu), "MXCSR restored (%x -> %x)", hostile, after);
    int same = 1;
    for (int i = 0; i < W; i++) same &= r[i] == want[i];
    tu_check(same, "lanes independent of the caller's MXCSR");
#else
    (void)p;
#endif
}

static void errors(const fp_policy *good)
{
    uint32_t a[4] = { 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000 }, r[4] = { 1, 2, 3, 4 };
    fp_policy bad = *good;
    bad.zero_cmp = 0;                               /* unset after sealing */
    tu_check(fp32_add_n(4, a, a, &bad, 0, r, NULL) == GPUREF_ERR_CONFIG && r[0] == 1 && r[3] == 4,
             "lanes with an unset knob write nothing");
    tu_check(fp32_fma_n(4, a, a, NULL, good, 0, r, NULL) == GPUREF_ERR_ARG && r[0] == 1, "lanes NULL c");
    tu_check(fp32_mul_n(4, a, NULL, good, 0, r, NULL) == GPUREF_ERR_ARG, "lanes NULL b");
    tu_check(fp32_mul_n(0, NULL, NULL, good, 0, NULL, NULL) == 0, "zero lanes");
    tu_check(fp32_add_n(4, a, a, good, 0x40000000u, r, NULL) == GPUREF_ERR_ARG, "lanes unknown flag");
}

int main(void)
{
    static const char *const pols[] = { "x86_sse", "rdna4", "r700", "nvfp", "nv50" };
    static const unsigned flags[] = { 0, FP_F_RND(FP_RTZ), FP_F_CLAMP, FP_F_FLUSH_OUT };
    long n = tu_count(200000);
    for (size_t i = 0; i < sizeof pols / sizeof pols[0]; i++) {
        fp_policy p = tu_policy(pols[i]);
        for (size_t f = 0; f < sizeof flags / sizeof flags[0]; f++)
            compare(&p, flags[f], (i == 0 && f == 0) ? 5 * n : n / 4);
    }
    /* tininess before rounding with output flush: the corner where a value
     * just below 2^-126 rounds up to it (tiny before, not after) */
    fp_policy tb = tu_policy("x86_sse");
    tb.tininess = FP_TINY_BEFORE;
    tb.denorm_out[FP_F32] = FP_DENORM_FLUSH;
    tb.name = "x86+before+ftz";
    if (fp_policy_seal(&tb, NULL, 0)) return 2;
    compare(&tb, 0, n);
    compare(&tb, FP_F_KEEP_OUT, n / 4);
    {   /* 0x3f7fffff * 0x00800001 = 2^-126 (1 + 2^-24 - 2^-47): normal, not tiny;
         * 0x3f7fffff * 0x00800000 = 2^-126 - 2^-150: rounds to 2^-126 in RNE,
         * tiny before rounding and (24-bit exact) after: flushed here */
        uint32_t a[2] = { 0x3f7fffff, 0x3f7fffff }, b[2] = { 0x00800001, 0x00800000 }, r[2];
        unsigned e[2] = { 0, 0 };
        int st = fp32_mul_n(2, a, b, &tb, 0, r, e);
        tu_check(st == 0 && r[0] == 0x00800000 && e[0] == FP_EXC_INEXACT && r[1] == 0 &&
                 e[1] == (FP_EXC_UNDERFLOW | FP_EXC_INEXACT), "before+ftz corner: %x/%x %x/%x", r[0], e[0], r[1], e[1]);
    }
    fp_policy p = tu_policy("x86_sse");
    mxcsr(&p);
    errors(&p);
    return tu_finish();
}
