/* test_fp_fast.c - the fast paths are bit-identical to the generic path.
 *
 *  1. fp32_add/sub/mul/fma (inline integer fast path) against fp_add/...;
 *  2. fp32_add_n/sub_n/mul_n/fma_n (lanes: host FPU blocks on x86-64,
 *     integer fast path, generic path) against per-lane fp_add/...;
 * values and per-lane exceptions, on random lanes biased to edge exponents
 * plus every special value, under several policies (x86, rdna4, r700 with
 * flush, nvfp) and flags (none, RTZ, CLAMP), 2e5 lanes per op, policy and
 * flag set (GPUREF_FP_N overrides);
 *  3. the host blocks of the lanes calls (x86-64): 1e6 lanes per op under
 *     x86_sse (n/4 under the other policies and tininess-before + flush)
 *     in blocks the host takes whole, mixed with edge lanes, odd lane
 *     counts, results over an operand array, with and without exception
 *     words, each lane against the generic and the integer fast path; then
 *     every f32 significand of a against fixed b (and c) with exponents
 *     cycling through the edges of the host domain (2^23 lanes per op and
 *     fixed operand, against the integer path, or the generic path where
 *     the integer path does not apply);
 *  4. the lanes calls leave the caller's MXCSR as it was and do not depend
 *     on it (caller in round-up with FTZ+DAZ, or with every exception
 *     unmasked, where a host operation under the caller's MXCSR would trap);
 *  5. argument and policy errors write nothing.
 */
#include <string.h>
#if defined(__x86_64__)
#include <xmmintrin.h>
#endif
#include "fp_testutil.h"
#include "testutil.h"

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
    for (int op = 0; op < 4; op++) {
        tu_test("f32 %s lanes and inline vs generic, policy %s, flags %x, %ld random operands", names[op], p->name, fl, n);
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
}

/* ---- the host blocks of the lanes calls -------------------------------
 * On x86-64 the lanes calls run blocks of lanes (4 with SSE2 for add, sub,
 * mul; 8 with AVX2+FMA for fma) on the host FPU and keep a lane's host
 * result only if its operands are normal and its result has exponent
 * field 2..254; the other lanes of the block go through the integer fast
 * path or the generic path.  Why that is exact (fp_lanes.c, README.md):
 * on that domain no policy knob but the rounding applies, the RNE result of
 * an IEEE operation is unique, and inexact comes from exact error terms.
 * The tests below exercise it: blocks whose lanes are all in the domain
 * (the host takes the whole block), blocks mixing them with edge lanes at
 * random positions (results at 2^-126 / 2^-125, at overflow, exact
 * cancellation, special operands), odd lane counts (the tail), results
 * written over an operand array, with and without exception words; each
 * lane against the generic path and, where it applies, the integer fast
 * path.  Then sweeps over every f32 significand of a against fixed b (and
 * c) with the exponents cycling through the edges of the domain. */

#define WB 72                                   /* largest lane count used */

static fp_policy TP;                            /* x86_sse, for building operands */

static uint32_t with_exp(uint32_t e) { return ((uint32_t)tu_rand() & 0x807fffffu) | (e << 23); }
static uint32_t clip_exp(int e, int lo, int hi) { return (uint32_t)(e < lo ? lo : e > hi ? hi : e); }
static uint32_t exp_of(uint32_t x) { return (x >> 23) & 0xffu; }

/* one lane of op: in the host domain (edge == 0) or at one of its edges */
static void block_lane(int op, int edge, uint32_t *a, uint32_t *b, uint32_t *c)
{
    uint64_t sp[32];
    int nsp = tu_specials(FP_F32, sp);
    int t = (int)(tu_rand() % 5) - 1;                         /* -1 .. 3 */
    *c = with_exp(100 + tu_rand() % 50);
    if (!edge) {
        if (op == ADD || op == SUB) {
            uint32_t ea = 30 + tu_rand() % 190;
            *a = with_exp(ea);
            *b = with_exp(tu_rand() % 4 ? clip_exp((int)ea - 30 + (int)(tu_rand() % 61), 30, 219)
                                        : 30 + tu_rand() % 190);
        } else {
            uint32_t ea = op == MUL ? 65 + tu_rand() % 125 : 97 + tu_rand() % 61;
            uint32_t eb = op == MUL ? 65 + tu_rand() % 125 : 97 + tu_rand() % 61;
            *a = with_exp(ea);
            *b = with_exp(eb);
            int ep = (int)(ea + eb) - 127;
            *c = with_exp(tu_rand() % 4 ? clip_exp(ep - 30 + (int)(tu_rand() % 61), 37, 217) : 40 + tu_rand() % 180);
        }
        return;
    }
    switch (tu_rand() % 5) {
    case 0:                                                   /* special operand */
        *a = with_exp(60 + tu_rand() % 130);
        *b = with_exp(60 + tu_rand() % 130);
        switch (tu_rand() % 3) {
        case 0: *a = (uint32_t)sp[tu_rand() % (uint64_t)nsp]; break;
        case 1: *b = (uint32_t)sp[tu_rand() % (uint64_t)nsp]; break;
        default: *c = (uint32_t)sp[tu_rand() % (uint64_t)nsp]; break;
        }
        break;
    case 1:                                                   /* result near 2^-126 */
        if (op == ADD || op == SUB) {
            *a = with_exp(1 + tu_rand() % 3);
            *b = with_exp(1 + tu_rand() % 3);
        } else {
            uint32_t ea = 40 + tu_rand() % 61;
            *a = with_exp(ea);
            *b = with_exp((uint32_t)(t + 127 - (int)ea));
            if (op == FMA) *c = tu_rand() % 2 ? with_exp(1 + tu_rand() % 3) : with_exp(60 + tu_rand() % 60);
        }
        break;
    case 2:                                                   /* result near overflow */
        if (op == ADD || op == SUB) {
            *a = with_exp(252 + tu_rand() % 3) & 0x7fffffffu;
            *b = with_exp(252 + tu_rand() % 3) & 0x7fffffffu;
            if (op == SUB) *b ^= 0x80000000u;
        } else {
            uint32_t ea = 150 + tu_rand() % 60;
            *a = with_exp(ea);
            *b = with_exp((uint32_t)(t + 253 - (int)ea));
            if (op == FMA) *c = with_exp(tu_rand() % 2 ? 254 : 100 + tu_rand() % 100);
        }
        break;
    case 3:                                                   /* exact or near cancellation */
        *a = with_exp(1 + tu_rand() % 254);
        *b = (*a ^ (op == SUB ? 0 : 0x80000000u)) + (uint32_t)(tu_rand() % 3) - 1;
        if (exp_of(*b) == 0 || exp_of(*b) == 255) *b = *a ^ (op == SUB ? 0 : 0x80000000u);
        if (op == MUL) *b = with_exp(1 + tu_rand() % 254);
        if (op == FMA) {
            uint32_t ea = 70 + tu_rand() % 100, eb = 70 + tu_rand() % 100;
            if ((int)(ea + eb) - 127 < 2) eb = 129 - ea + 2;
            *a = with_exp(ea);
            *b = with_exp(eb);
            uint64_t x;
            fp_mul(FP_F32, *a, *b, &TP, 0, &x, NULL);          /* c = -RN(ab): the result is the error */
            *c = (uint32_t)x ^ 0x80000000u;
        }
        break;
    default:                                                  /* denormal or zero operand */
        *a = with_exp(60 + tu_rand() % 130);
        *b = tu_rand() % 2 ? ((uint32_t)tu_rand() & 0x807fffffu) : ((uint32_t)tu_rand() & 0x80000000u);
        if (op == FMA && tu_rand() % 2) { uint32_t x = *b; *b = with_exp(100 + tu_rand() % 50); *c = x; }
        break;
    }
}

/* the integer fast path of fp_fast.h on one lane; 0 if it does not cover it */
static int int_fast(int op, uint32_t a, uint32_t b, uint32_t c, uint32_t *r, unsigned *e)
{
    switch (op) {
    case ADD: return fp__f32_add_fast(a, b, r, e);
    case SUB: return fp__f32_add_fast(a, b ^ 0x80000000u, r, e);
    case MUL: return fp__f32_mul_fast(a, b, r, e);
    default:  return fp__f32_fma_fast(a, b, c, r, e);
    }
}

static long n_int;                              /* comparisons with the integer path */

/* lanes r/e (from the call with exception words) and r2 (without) against
 * the integer fast path where it applies and the generic path (always if
 * full, else only where the integer path does not apply: the integer path
 * itself is checked against the generic one by compare()), lane by lane */
static void check_lanes(int op, const fp_policy *p, size_t n, const uint32_t *a, const uint32_t *b,
                        const uint32_t *c, const uint32_t *r, const unsigned *e, const uint32_t *r2,
                        const char *what, int full)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t rg = 0, ri = 0;
        unsigned eg = 0, ei = 0;
        int ok = 1, in = p->round[FP_F32] == FP_RNE && int_fast(op, a[i], b[i], c[i], &ri, &ei);
        if (in) {
            ok &= ri == r[i] && ei == e[i] && (!r2 || r2[i] == ri);
            n_int++;
            rg = ri, eg = ei;
        }
        if (full || !in) {
            generic(op, a[i], b[i], c[i], p, 0, &rg, &eg);
            ok &= r[i] == rg && e[i] == eg && (!r2 || r2[i] == rg);
        }
        tu_check(ok, "%s %s %s lane %zu/%zu a=%x b=%x c=%x: generic %x/%02x lanes %x/%02x (no exc %x)", p->name,
                 names[op], what, i, n, a[i], b[i], c[i], rg, eg, r[i], e[i], r2 ? r2[i] : rg);
    }
}

static void blocks(const fp_policy *p, long count)
{
    uint32_t a[WB], b[WB], c[WB], r[WB], r2[WB], ra[WB];
    unsigned e[WB], ea[WB];
    for (int op = 0; op < 4; op++) {
        tu_test("f32 %s host blocks of lanes vs generic, policy %s, %ld lanes", names[op], p->name, count);
        for (long k = 0; k < count;) {
            size_t n = tu_rand() % 8 ? W : 1 + tu_rand() % WB;
            int edges = tu_rand() % 4 ? 0 : 1 + (int)(tu_rand() % 2);
            for (size_t i = 0; i < n; i++) block_lane(op, 0, &a[i], &b[i], &c[i]);
            for (int j = 0; j < edges; j++) {
                size_t i = tu_rand() % n;
                block_lane(op, 1, &a[i], &b[i], &c[i]);
            }
            memset(e, 0, sizeof e);
            memset(ea, 0, sizeof ea);
            int s1 = lanes(op, n, a, b, c, p, 0, r, e);
            int s2 = lanes(op, n, a, b, c, p, 0, r2, NULL);
            /* result over an operand array (r == a, b or c) */
            int w = (int)(tu_rand() % (op == FMA ? 3 : 2));
            const uint32_t *src = w == 0 ? a : w == 1 ? b : c;
            memcpy(ra, src, n * sizeof ra[0]);
            int s3 = lanes(op, n, w == 0 ? ra : a, w == 1 ? ra : b, w == 2 ? ra : c, p, 0, ra, ea);
            tu_check(s1 == 0 && s2 == 0 && s3 == 0, "%s block status %d %d %d", names[op], s1, s2, s3);
            check_lanes(op, p, n, a, b, c, r, e, r2, "block", 1);
            int same = 1;
            for (size_t i = 0; i < n; i++) same &= ra[i] == r[i] && ea[i] == e[i];
            tu_check(same, "%s %s block: result over operand %d differs", p->name, names[op], w);
            k += (long)n;
        }
    }
}

/* every significand of a (2^23), b and c from a few fixed significands, the
 * exponents cycling through the domain's edges per call of W lanes */
static void sweeps(const fp_policy *p, uint32_t sig_step)
{
    static const uint32_t fixed[2] = { 0x7fffffu, 0x2aaaabu };
    uint32_t a[W], b[W], c[W], r[W];
    unsigned e[W];
    for (int op = 0; op < 4; op++)
        for (int f = 0; f < 2; f++) {
            tu_test("f32 %s significand sweep %d vs the integer fast path, policy %s", names[op], f, p->name);
            uint32_t round = 0;
            for (uint32_t s0 = 0; s0 < 0x800000u; s0 += W * sig_step, round++) {
                /* exponent plan for this call: mostly inside, one call in 4 at an edge */
                int t;
                uint32_t ea, eb, ec = 127;
                switch (round % 8) {
                case 0: t = 1; break;   case 1: t = 2; break;   case 2: t = 3; break;
                case 3: t = 253; break; case 4: t = 254; break; case 5: t = 255; break;
                default: t = 60 + (int)(round % 140); break;
                }
                if (op == MUL || op == FMA) {
                    ea = 40 + round % 80;
                    eb = clip_exp(t + 127 - (int)ea, 1, 254);
                    ec = clip_exp(t - (int)(round % 30), 1, 254);
                } else {
                    ea = clip_exp(t, 1, 254);
                    eb = clip_exp(t - (int)(round % 27), 1, 254);
                }
                for (uint32_t i = 0; i < W; i++) {
                    uint32_t sa = (s0 + i * sig_step) & 0x7fffffu;
                    uint32_t sg = (round + i) & 1 ? 0x80000000u : 0;
                    a[i] = (ea << 23) | sa;
                    b[i] = sg | (eb << 23) | fixed[f];
                    c[i] = ((round & 2) ? 0x80000000u : 0) | (ec << 23) | (fixed[!f] ^ (sa & 0xff));
                    e[i] = 0;
                }
                int st = lanes(op, W, a, b, c, p, 0, r, e);
                tu_check(st == 0, "%s sweep status %d", names[op], st);
                check_lanes(op, p, W, a, b, c, r, e, NULL, "sweep", 0);
            }
        }
}

static void mxcsr(const fp_policy *p)
{
#if defined(__x86_64__)
    for (int op = 0; op < 4; op++) {
        tu_test("f32 %s lanes independent of the caller's MXCSR, and restore it", names[op]);
        uint32_t a[W], b[W], c[W], r[W], want[W];
        unsigned e[W], ew[W];
        for (int i = 0; i < W; i++) {
            block_lane(op, i % 16 == 5, &a[i], &b[i], &c[i]);
            ew[i] = e[i] = 0;
            generic(op, a[i], b[i], c[i], p, 0, &want[i], &ew[i]);
        }
        unsigned saved = _mm_getcsr();
        /* round up with FTZ and DAZ, or round down / to zero with every
         * exception unmasked (a host operation under it would trap) */
        unsigned hostile = op == ADD ? (saved & ~0x6000u) | 0x4000u | 0x8040u
                         : op == MUL ? (saved & ~0x6000u) | 0x6000u | 0x8040u
                                     : (saved & ~0xffffu) | (op == SUB ? 0x2000u : 0x6000u);
        _mm_setcsr(hostile);
        int st = lanes(op, W, a, b, c, p, 0, r, e);
        unsigned after = _mm_getcsr();
        _mm_setcsr(saved);
        tu_check(st == 0 && (after & ~0x3fu) == (hostile & ~0x3fu), "%s: MXCSR restored (%x -> %x)", names[op],
                 hostile, after);
        int same = 1;
        for (int i = 0; i < W; i++) same &= r[i] == want[i] && e[i] == ew[i];
        tu_check(same, "%s lanes independent of the caller's MXCSR", names[op]);
    }
#else
    (void)p;
#endif
}

static void errors(const fp_policy *good)
{
    uint32_t a[4] = { 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000 }, r[4] = { 1, 2, 3, 4 };
    fp_policy bad = *good;
    bad.zero_cmp = 0;                               /* unset after sealing */
    tu_test("lane entry points reject an unsealed policy, NULL operands, unknown flags");
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
        tu_test("directed: tininess before rounding with output flush, 0x3f7fffff * 0x00800001 and * 0x00800000");
        int st = fp32_mul_n(2, a, b, &tb, 0, r, e);
        tu_check(st == 0 && r[0] == 0x00800000 && e[0] == FP_EXC_INEXACT && r[1] == 0 &&
                 e[1] == (FP_EXC_UNDERFLOW | FP_EXC_INEXACT), "before+ftz corner: %x/%x %x/%x", r[0], e[0], r[1], e[1]);
    }
    {   /* the same corner inside a block of 8 lanes the host takes otherwise */
        uint32_t a[8], b[8], r[8];
        unsigned e[8] = { 0 };
        tu_test("directed: the before+ftz corner in lane 3 of a block of 8");
        for (int i = 0; i < 8; i++) { a[i] = 0x3f800000u; b[i] = 0x40000000u + ((uint32_t)i << 20); }
        a[3] = 0x3f7fffff; b[3] = 0x00800000;
        int st = fp32_mul_n(8, a, b, &tb, 0, r, e), same = 1;
        for (int i = 0; i < 8; i++) same &= i == 3 || (r[i] == b[i] && e[i] == 0);
        tu_check(st == 0 && same && r[3] == 0 && e[3] == (FP_EXC_UNDERFLOW | FP_EXC_INEXACT),
                 "before+ftz corner in a block: %x/%x", r[3], e[3]);
    }
    fp_policy p = tu_policy("x86_sse");
    TP = p;
    /* host blocks: 1e6 lanes per op under x86_sse (every lane against the
     * generic and integer paths), a quarter of n under the others */
    blocks(&p, 5 * n);
    for (size_t i = 1; i < sizeof pols / sizeof pols[0]; i++) {
        fp_policy q = tu_policy(pols[i]);
        blocks(&q, n / 4);
    }
    blocks(&tb, n / 4);
    long before = n_int;
    sweeps(&p, 1);
    printf("lanes vs the integer fast path: %ld lanes (%ld in the significand sweeps)\n", n_int, n_int - before);
    mxcsr(&p);
    errors(&p);
    return tu_finish();
}
