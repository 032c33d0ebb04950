/* test_fp_policy.c - every policy knob and instruction flag on hand-worked
 * cases, the unset-knob and sealing rules, the ISA policies.
 *
 * Expected values are worked by hand from the format definitions (hex with a
 * comment), never taken from running the model.  f32: 1.0 = 0x3f800000,
 * min denormal 2^-149 = 0x00000001, min normal 2^-126 = 0x00800000, max
 * 0x7f7fffff, +Inf 0x7f800000; f16: 1.0 = 0x3c00; E4M3 max 448 = 0x7e,
 * NaN 0x7f; E5M2 max 57344 = 0x7b, +Inf 0x7c.  No host floating point.
 */
#include <string.h>
#include "fp_testutil.h"
#include "testutil.h"

enum { ADD, SUB, MUL, DIV, FMA, MAD, SQRT, NOPS };

static fp_policy base(void) { return tu_policy("x86_sse"); }

static fp_policy with(fp_policy p)
{
    char msg[200];
    int st = fp_policy_seal(&p, msg, sizeof msg);
    tu_check(st == 0, "seal: %s", msg);
    return p;
}

static void T(const char *what, const fp_policy *p, int op, fp_fmt f, uint64_t a, uint64_t b, uint64_t c,
              unsigned flags, uint64_t want, unsigned wexc)
{
    uint64_t r = 0xdeadbeef;
    unsigned e = 0;
    int st;
    switch (op) {
    case ADD:  st = fp_add(f, a, b, p, flags, &r, &e); break;
    case SUB:  st = fp_sub(f, a, b, p, flags, &r, &e); break;
    case MUL:  st = fp_mul(f, a, b, p, flags, &r, &e); break;
    case DIV:  st = fp_div(f, a, b, p, flags, &r, &e); break;
    case FMA:  st = fp_fma(f, a, b, c, p, flags, &r, &e); break;
    case MAD:  st = fp_mad(f, a, b, c, p, flags, &r, &e); break;
    default:   st = fp_sqrt(f, a, p, flags, &r, &e); break;
    }
    tu_check(st == 0 && r == want && e == wexc, "%s: want %llx exc %02x, got %llx exc %02x st %d", what,
             (unsigned long long)want, wexc, (unsigned long long)r, e, st);
}

static void CV(const char *what, const fp_policy *p, fp_fmt dst, fp_fmt src, uint64_t a, unsigned flags,
               uint64_t want, unsigned wexc)
{
    uint64_t r = 0xdead;
    unsigned e = 0;
    int st = fp_convert(dst, src, a, p, flags, &r, &e);
    tu_check(st == 0 && r == want && e == wexc, "%s: want %llx exc %02x, got %llx exc %02x st %d", what,
             (unsigned long long)want, wexc, (unsigned long long)r, e, st);
}

static void MM(const char *what, const fp_policy *p, int want_max, fp_minmax k, uint64_t a, uint64_t b,
               uint64_t want, unsigned wexc)
{
    uint64_t r = 0xdead;
    unsigned e = 0;
    int st = want_max ? fp_max(FP_F32, k, a, b, p, 0, &r, &e) : fp_min(FP_F32, k, a, b, p, 0, &r, &e);
    tu_check(st == 0 && r == want && e == wexc, "%s: want %llx exc %02x, got %llx exc %02x st %d", what,
             (unsigned long long)want, wexc, (unsigned long long)r, e, st);
}

static void CMP(const char *what, const fp_policy *p, fp_pred pr, uint64_t a, uint64_t b, unsigned flags,
                int want, unsigned wexc)
{
    int r = -1;
    unsigned e = 0;
    int st = fp_cmp(FP_F32, pr, a, b, p, flags, &r, &e);
    tu_check(st == 0 && r == want && e == wexc, "%s: want %d exc %02x, got %d exc %02x st %d", what, want, wexc,
             r, e, st);
}

static void TOI(const char *what, const fp_policy *p, fp_int it, uint64_t a, unsigned flags, uint64_t want,
                unsigned wexc)
{
    uint64_t r = 0xdead;
    unsigned e = 0;
    int st = fp_to_int(it, FP_F32, a, p, flags, &r, &e);
    tu_check(st == 0 && r == want && e == wexc, "%s: want %llx exc %02x, got %llx exc %02x st %d", what,
             (unsigned long long)want, wexc, (unsigned long long)r, e, st);
}

#define INV FP_EXC_INVALID
#define DZ  FP_EXC_DIVBYZERO
#define OVF FP_EXC_OVERFLOW
#define UNF FP_EXC_UNDERFLOW
#define INX FP_EXC_INEXACT
#define DEN FP_EXC_DENORMAL

/* ------------------------------------------------------ unset and sealing */

static void sealing(void)
{
    fp_policy good = base();
    uint8_t *k = (uint8_t *)&good;
    static const uint8_t maxv[FP_POLICY_KNOB_BYTES] = {
        2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 5, 5, 5, 5, 5, 5, 2, 2, 2, 2, 2, 2,
        2, 3, 2, 2, 2, 2, 2, 4, 2, 2, 3, 2, 2, 3 };
    char msg[200];
    for (int i = 0; i < FP_POLICY_KNOB_BYTES; i++) {
        fp_policy p = good;
        uint8_t *pk = (uint8_t *)&p;
        pk[i] = 0;                                      /* unset */
        int st = fp_policy_seal(&p, msg, sizeof msg);
        tu_check(st == GPUREF_ERR_CONFIG && strstr(msg, "unset"), "knob byte %d unset accepted (%s)", i, msg);
        uint64_t r = 0x1234;
        st = fp_add(FP_F32, 0x3f800000, 0x3f800000, &p, 0, &r, NULL);
        tu_check(st == GPUREF_ERR_CONFIG && r == 0x1234, "op with unset knob byte %d: st %d", i, st);
        uint32_t r32 = 0x1234;
        st = fp32_add(0x3f800000, 0x3f800000, &p, 0, &r32, NULL);   /* the inline fast path too */
        tu_check(st == GPUREF_ERR_CONFIG && r32 == 0x1234, "fp32_add with unset knob byte %d: st %d", i, st);
        pk[i] = (uint8_t)(maxv[i] + 1);                 /* out of range */
        st = fp_policy_seal(&p, msg, sizeof msg);
        tu_check(st == GPUREF_ERR_CONFIG && strstr(msg, "out of range"), "knob byte %d = %d accepted", i, pk[i]);
        pk[i] = maxv[i];                                /* the largest legal value */
        tu_check(fp_policy_seal(&p, msg, sizeof msg) == 0, "knob byte %d = %d rejected: %s", i, pk[i], msg);
        (void)k;
    }
    for (int f = 0; f < FP_NFMT; f++) {
        fp_policy p = good;
        p.default_nan[f] = 0;
        tu_check(fp_policy_seal(&p, msg, sizeof msg) == GPUREF_ERR_CONFIG && strstr(msg, "default_nan"),
                 "default_nan[%d] unset accepted", f);
        static const uint64_t not_nan[FP_NFMT] = { 0x7c00, 0x7f80, 0x7f800000, 0x7ff0000000000000ull, 0x78, 0x7c };
        p.default_nan[f] = not_nan[f];                  /* Inf (E4M3: 240, a number) */
        tu_check(fp_policy_seal(&p, msg, sizeof msg) == GPUREF_ERR_CONFIG, "default_nan[%d] = Inf accepted", f);
    }
    {
        fp_policy p = good;
        p.reserved[1] = 1;
        tu_check(fp_policy_seal(&p, msg, sizeof msg) == GPUREF_ERR_CONFIG, "reserved byte accepted");
        p = good;
        p.seal = 0;                                     /* never sealed */
        uint64_t r;
        tu_check(fp_mul(FP_F32, 0x3f800000, 0x3f800000, &p, 0, &r, NULL) == GPUREF_ERR_CONFIG, "unsealed used");
        p = good;
        p.round[FP_F32] = FP_RUP;                       /* changed after sealing */
        uint32_t r32;
        tu_check(fp32_mul(0x3f800000, 0x3f800000, &p, 0, &r32, NULL) == GPUREF_ERR_CONFIG, "stale seal (fast)");
        tu_check(fp_sqrt(FP_F32, 0x3f800000, &p, 0, &r, NULL) == GPUREF_ERR_CONFIG, "stale seal (generic)");
        tu_check(fp_policy_seal(&p, NULL, 0) == 0 && fp32_mul(0x3f800000, 0x3f800000, &p, 0, &r32, NULL) == 0 &&
                 r32 == 0x3f800000, "resealed");
    }
    /* arguments */
    uint64_t r;
    tu_check(fp_add(FP_F32, 0, 0, NULL, 0, &r, NULL) == GPUREF_ERR_ARG, "NULL policy");
    tu_check(fp_add(FP_F32, 0, 0, &good, 0, NULL, NULL) == GPUREF_ERR_ARG, "NULL result");
    tu_check(fp_add(FP_F32, 0, 0, &good, 0x80000000u, &r, NULL) == GPUREF_ERR_ARG, "unknown flag");
    tu_check(fp_add(FP_F32, 0, 0, &good, 6, &r, NULL) == GPUREF_ERR_ARG, "rounding 6");
    tu_check(fp_add(FP_F32, 0, 0, &good, FP_F_FLUSH_IN | FP_F_KEEP_IN, &r, NULL) == GPUREF_ERR_ARG, "flush+keep");
    tu_check(fp_add(FP_E4M3, 0, 0, &good, 0, &r, NULL) == GPUREF_ERR_ARG, "E4M3 arithmetic");
    /* f64 functions, worked by hand: log2 8 = 3, 1/sqrt(1/4) = 2, 2^-1074 the
     * smallest subnormal, cos(pi rounded to f64) = -1 + ~7.5e-33 -> -1 (RNE) */
    tu_check(fp_log2(FP_F64, 0x4020000000000000ull, &good, 0, &r, NULL) == 0 && r == 0x4008000000000000ull, "f64 log2");
    tu_check(fp_rsq(FP_F64, 0x3fd0000000000000ull, &good, 0, &r, NULL) == 0 && r == 0x4000000000000000ull, "f64 rsq");
    tu_check(fp_exp2(FP_F64, 0xc090c80000000000ull, &good, 0, &r, NULL) == 0 && r == 1, "f64 exp2");
    tu_check(fp_cos(FP_F64, 0x400921fb54442d18ull, &good, 0, &r, NULL) == 0 && r == 0xbff0000000000000ull, "f64 cos");
    /* every ISA policy seals; unknown names are refused */
    static const char *const isas[] = { "r700", "rdna4", "usc", "nv50", "nvfp", "x86_sse" };
    for (size_t i = 0; i < sizeof isas / sizeof isas[0]; i++) {
        fp_policy p;
        tu_check(fp_policy_init(&p, isas[i], msg, sizeof msg) == 0, "policy %s: %s", isas[i], msg);
        tu_check(fp_policy_find(isas[i]) && strcmp(fp_policy_find(isas[i])->name, isas[i]) == 0, "find %s", isas[i]);
    }
    fp_policy p;
    tu_check(fp_policy_init(&p, "vax", msg, sizeof msg) == GPUREF_ERR_ARG, "unknown policy name");
}

/* ------------------------------------------------------------- denormals */

static void denormals(void)
{
    fp_policy ieee = base(), p;
    T("keep in: 1 + 2^-149 = 1, inexact", &ieee, ADD, FP_F32, 0x3f800000, 0x00000001, 0, 0, 0x3f800000, INX | DEN);
    p = ieee; p.denorm_in[FP_F32] = FP_DENORM_FLUSH; p = with(p);
    T("flush in: 1 + (2^-149 -> 0) = 1, exact", &p, ADD, FP_F32, 0x3f800000, 0x00000001, 0, 0, 0x3f800000, 0);
    T("keep in: 2^-127 * 2 = 2^-126", &ieee, MUL, FP_F32, 0x00400000, 0x40000000, 0, 0, 0x00800000, DEN);
    T("flush in: 2^-127 -> +0, * 2 = +0", &p, MUL, FP_F32, 0x00400000, 0x40000000, 0, 0, 0x00000000, 0);
    T("flush in keeps the sign: -2^-127 * 2 = -0", &p, MUL, FP_F32, 0x80400000, 0x40000000, 0, 0, 0x80000000, 0);
    T("flush in is per format: f16 denormal kept", &p, ADD, FP_F16, 0x0001, 0x0001, 0, 0, 0x0002, DEN);
    CMP("flush in: 2^-149 == +0", &p, FP_CMP_EQ, 0x00000001, 0x00000000, 0, 1, 0);
    CMP("keep in: 2^-149 != +0", &ieee, FP_CMP_EQ, 0x00000001, 0x00000000, 0, 0, DEN);
    T("flag FLUSH_IN on a keep policy", &ieee, MUL, FP_F32, 0x00400000, 0x40000000, 0, FP_F_FLUSH_IN, 0, 0);
    T("flag KEEP_IN on a flush policy", &p, MUL, FP_F32, 0x00400000, 0x40000000, 0, FP_F_KEEP_IN, 0x00800000, DEN);
    p.denorm_exc = FP_DEXC_ALWAYS; p = with(p);
    T("denorm_exc ALWAYS: a flushed denormal still raises it", &p, MUL, FP_F32, 0x00400000, 0x40000000, 0, 0, 0, DEN);
    T("denorm_exc UNFLUSHED: a NaN operand takes precedence", &ieee, ADD, FP_F32, 0x00000001, 0x7fc00000, 0, 0,
      0x7fc00000, 0);

    /* output flush: 2^-126 * 0.5 = 2^-127 exactly (0x00400000) */
    T("keep out: exact tiny result, no underflow", &ieee, MUL, FP_F32, 0x00800000, 0x3f000000, 0, 0, 0x00400000, 0);
    p = ieee; p.denorm_out[FP_F32] = FP_DENORM_FLUSH; p = with(p);
    T("flush out: 2^-127 -> +0, underflow + inexact", &p, MUL, FP_F32, 0x00800000, 0x3f000000, 0, 0, 0, UNF | INX);
    T("flush out: -2^-127 -> -0", &p, MUL, FP_F32, 0x80800000, 0x3f000000, 0, 0, 0x80000000, UNF | INX);
    T("flag KEEP_OUT on a flush policy", &p, MUL, FP_F32, 0x00800000, 0x3f000000, 0, FP_F_KEEP_OUT, 0x00400000, 0);
    T("flag FLUSH_OUT on a keep policy", &ieee, MUL, FP_F32, 0x00800000, 0x3f000000, 0, FP_F_FLUSH_OUT, 0, UNF | INX);
    /* 0.5 * (2^-125 (1 - 2^-24)) = 2^-126 - 2^-150: the midpoint between 0x007fffff
     * and 0x00800000; ties-to-even gives 0x00800000 (bounded), but with an
     * unbounded exponent 2^-127 * 1.11..1b (24 bits) is exact and below 2^-126:
     * tiny after rounding too */
    T("tiny after rounding: rounds to min normal, underflow", &ieee, MUL, FP_F32, 0x3f000000, 0x00ffffff, 0, 0,
      0x00800000, UNF | INX);
    T("and flush out flushes it", &p, MUL, FP_F32, 0x3f000000, 0x00ffffff, 0, 0, 0, UNF | INX);
}

/* ------------------------------------------------------- tininess knob */

static void tininess(void)
{
    /* f64 2^-126 (1 - 2^-26) = 0x380ffffff8000000 (2^-127 * 1.1111..1b, 25 ones)
     * -> f32: bounded rounding gives 0x00800000; with an unbounded exponent
     * the 24-bit rounding is 2^-126 too (error 2^-152 < half spacing 2^-151):
     * not tiny after rounding, tiny before rounding. */
    const uint64_t x = 0x380ffffff8000000ull;
    fp_policy after = base(), before = after, after_f, before_f;
    before.tininess = FP_TINY_BEFORE;
    before = with(before);
    after_f = after; after_f.denorm_out[FP_F32] = FP_DENORM_FLUSH; after_f = with(after_f);
    before_f = before; before_f.denorm_out[FP_F32] = FP_DENORM_FLUSH; before_f = with(before_f);
    CV("tininess AFTER: not tiny, no underflow", &after, FP_F32, FP_F64, x, 0, 0x00800000, INX);
    CV("tininess BEFORE: tiny, underflow", &before, FP_F32, FP_F64, x, 0, 0x00800000, UNF | INX);
    CV("AFTER + flush out: kept (not tiny)", &after_f, FP_F32, FP_F64, x, 0, 0x00800000, INX);
    CV("BEFORE + flush out: flushed", &before_f, FP_F32, FP_F64, x, 0, 0x00000000, UNF | INX);
}

/* ------------------------------------------------------ rounding knob */

static void rounding(void)
{
    fp_policy p = base();
    /* 1 + 2^-24 (0x33800000) is the midpoint between 1.0 and 1 + 2^-23 */
    T("RNE tie to even", &p, ADD, FP_F32, 0x3f800000, 0x33800000, 0, 0, 0x3f800000, INX);
    T("RNA tie away", &p, ADD, FP_F32, 0x3f800000, 0x33800000, 0, FP_F_RND(FP_RNA), 0x3f800001, INX);
    T("RUP", &p, ADD, FP_F32, 0x3f800000, 0x33800000, 0, FP_F_RND(FP_RUP), 0x3f800001, INX);
    T("RDN", &p, ADD, FP_F32, 0x3f800000, 0x33800000, 0, FP_F_RND(FP_RDN), 0x3f800000, INX);
    T("RDN negative", &p, ADD, FP_F32, 0xbf800000, 0xb3800000, 0, FP_F_RND(FP_RDN), 0xbf800001, INX);
    T("RTZ negative", &p, ADD, FP_F32, 0xbf800000, 0xb3800000, 0, FP_F_RND(FP_RTZ), 0xbf800000, INX);
    T("x - x = +0 in RNE", &p, SUB, FP_F32, 0x3f800000, 0x3f800000, 0, 0, 0x00000000, 0);
    T("x - x = -0 in RDN", &p, SUB, FP_F32, 0x3f800000, 0x3f800000, 0, FP_F_RND(FP_RDN), 0x80000000, 0);
    fp_policy q = p;
    q.round[FP_F32] = FP_RNA;
    q = with(q);
    T("policy round[f32] = RNA", &q, ADD, FP_F32, 0x3f800000, 0x33800000, 0, 0, 0x3f800001, INX);
    /* f16: 1 + 2^-11 (0x1000) is the midpoint after 1.0 (0x3c00) */
    T("round[] is per format: f16 still RNE", &q, ADD, FP_F16, 0x3c00, 0x1000, 0, 0, 0x3c00, INX);
    T("flag overrides policy", &q, ADD, FP_F32, 0x3f800000, 0x33800000, 0, FP_F_RND(FP_RTZ), 0x3f800000, INX);
    /* fma vs unfused mad: a = b = 1 + 2^-12 (0x3f800800), c = -1:
     * a*b = 1 + 2^-11 + 2^-24 exactly; rounded (tie, even) 1 + 2^-11;
     * mad = 2^-11 = 0x3a000000; fma = 2^-11 (1 + 2^-13) = 0x3a000400 */
    T("fma: one rounding", &p, FMA, FP_F32, 0x3f800800, 0x3f800800, 0xbf800000, 0, 0x3a000400, 0);
    T("mad: product rounded first", &p, MAD, FP_F32, 0x3f800800, 0x3f800800, 0xbf800000, 0, 0x3a000000, INX);
}

/* ------------------------------------------------------ overflow knob */

static void overflow(void)
{
    fp_policy ieee = base(), sat = base();
    for (int f = 0; f < FP_NFMT; f++) sat.overflow[f] = FP_OVF_SAT;
    sat = with(sat);
    /* 2^127 * 2 = 2^128 */
    T("IEEE: overflow to +Inf", &ieee, MUL, FP_F32, 0x7f000000, 0x40000000, 0, 0, 0x7f800000, OVF | INX);
    T("IEEE RTZ: overflow to max", &ieee, MUL, FP_F32, 0x7f000000, 0x40000000, 0, FP_F_RND(FP_RTZ), 0x7f7fffff, OVF | INX);
    T("IEEE RDN: -overflow to -Inf", &ieee, MUL, FP_F32, 0xff000000, 0x40000000, 0, FP_F_RND(FP_RDN), 0xff800000, OVF | INX);
    T("SAT: overflow to max", &sat, MUL, FP_F32, 0x7f000000, 0x40000000, 0, 0, 0x7f7fffff, OVF | INX);
    T("SAT: true Inf kept", &sat, ADD, FP_F32, 0x7f800000, 0x3f800000, 0, 0, 0x7f800000, 0);
    T("SAT: x/0 is Inf", &sat, DIV, FP_F32, 0x3f800000, 0x00000000, 0, 0, 0x7f800000, DZ);
    T("SAT f16: 65504 * 2 = 65504", &sat, MUL, FP_F16, 0x7bff, 0x4000, 0, 0, 0x7bff, OVF | INX);
    T("flag OVF_SAT on an IEEE policy", &ieee, MUL, FP_F16, 0x7bff, 0x4000, 0, FP_F_OVF_SAT, 0x7bff, OVF | INX);
    /* E4M3: 448 = 1.110b * 2^8 = 0x7e; 464 is the midpoint to the NaN code (1.111b):
     * ties to even -> 448; 465 rounds to 480 = overflow -> NaN (0x7f) */
    CV("f32 448 -> e4m3 0x7e", &ieee, FP_E4M3, FP_F32, 0x43e00000, 0, 0x7e, 0);
    CV("f32 464 -> e4m3 448 (tie to even)", &ieee, FP_E4M3, FP_F32, 0x43e80000, 0, 0x7e, INX);
    CV("f32 465 -> e4m3 NaN (overflow)", &ieee, FP_E4M3, FP_F32, 0x43e88000, 0, 0x7f, OVF | INX);
    CV("f32 -465 -> e4m3 -NaN", &ieee, FP_E4M3, FP_F32, 0xc3e88000, 0, 0xff, OVF | INX);
    CV("f32 465 RTZ -> e4m3 448 (no overflow: rounds within 1.110b)", &ieee, FP_E4M3, FP_F32, 0x43e88000,
       FP_F_RND(FP_RTZ), 0x7e, INX);
    CV("f32 500 RTZ -> e4m3 448, overflow", &ieee, FP_E4M3, FP_F32, 0x43fa0000, FP_F_RND(FP_RTZ), 0x7e, OVF | INX);
    CV("SAT: f32 465 -> e4m3 448", &sat, FP_E4M3, FP_F32, 0x43e88000, 0, 0x7e, OVF | INX);
    CV("IEEE: +Inf -> e4m3 NaN, invalid", &ieee, FP_E4M3, FP_F32, 0x7f800000, 0, 0x7f, INV);
    CV("SAT: -Inf -> e4m3 -448", &sat, FP_E4M3, FP_F32, 0xff800000, 0, 0xfe, 0);
    CV("IEEE: +Inf -> e5m2 +Inf", &ieee, FP_E5M2, FP_F32, 0x7f800000, 0, 0x7c, 0);
    CV("SAT: +Inf -> e5m2 57344", &sat, FP_E5M2, FP_F32, 0x7f800000, 0, 0x7b, 0);
    CV("e4m3 min denormal 2^-9 -> f32 0x3b000000", &ieee, FP_F32, FP_E4M3, 0x01, 0, 0x3b000000, DEN);
    CV("e4m3 NaN -> f32 quiet NaN", &ieee, FP_F32, FP_E4M3, 0xff, 0, 0xffc00000, 0);
    CV("e5m2 sNaN 0x7d -> f32 0x7fe00000 (quieted, payload kept)", &ieee, FP_F32, FP_E5M2, 0x7d, 0, 0x7fe00000, INV);
}

/* ----------------------------------------------------------- NaN knobs */

static void nans(void)
{
    fp_policy first = base(), snan = base(), dflt = base(), keep = base(), canon = base();
    snan.nan_prop = FP_NANP_SNAN_FIRST; snan = with(snan);
    dflt.nan_prop = FP_NANP_DEFAULT; dflt.default_nan[FP_F32] = 0x7fffffff; dflt = with(dflt);
    keep.nan_quiet = FP_NANQ_KEEP; keep = with(keep);
    canon.default_nan[FP_F32] = 0x7fc00000; canon = with(canon);
    /* qNaN payload 1 (0x7fc00001), sNaN payload 2 (0x7f800002) */
    T("FIRST: the first NaN, invalid for the sNaN", &first, ADD, FP_F32, 0x7fc00001, 0x7f800002, 0, 0, 0x7fc00001, INV);
    T("SNAN_FIRST: the sNaN, quieted", &snan, ADD, FP_F32, 0x7fc00001, 0x7f800002, 0, 0, 0x7fc00002, INV);
    T("DEFAULT: the default NaN", &dflt, ADD, FP_F32, 0x7fc00001, 0x3f800000, 0, 0, 0x7fffffff, 0);
    T("QUIET: sNaN quieted", &first, ADD, FP_F32, 0x7f800002, 0x3f800000, 0, 0, 0x7fc00002, INV);
    T("KEEP: sNaN kept as is", &keep, ADD, FP_F32, 0x7f800002, 0x3f800000, 0, 0, 0x7f800002, INV);
    T("sub: the NaN keeps its sign", &first, SUB, FP_F32, 0x3f800000, 0x7fc00003, 0, 0, 0x7fc00003, 0);
    T("fma FIRST (a, b, c order)", &first, FMA, FP_F32, 0x3f800000, 0x7fc00003, 0x7f800004, 0, 0x7fc00003, INV);
    T("fma SNAN_FIRST", &snan, FMA, FP_F32, 0x3f800000, 0x7fc00003, 0x7f800004, 0, 0x7fc00004, INV);
    T("invalid: Inf - Inf = default NaN", &first, ADD, FP_F32, 0x7f800000, 0xff800000, 0, 0, 0xffc00000, INV);
    T("invalid: 0 * Inf", &first, MUL, FP_F32, 0x00000000, 0x7f800000, 0, 0, 0xffc00000, INV);
    T("invalid: sqrt(-1)", &first, SQRT, FP_F32, 0xbf800000, 0, 0, 0, 0xffc00000, INV);
    T("flag NAN_CANON: default NaN with the NaN's sign", &canon, ADD, FP_F32, 0xffc00005, 0x3f800000, 0,
      FP_F_NAN_CANON, 0xffc00000, 0);
    /* payload across formats: f32 0x7fc02000 mantissa 0x402000 >> 13 = 0x201 */
    CV("f32 qNaN -> f16 keeps the top payload bits", &first, FP_F16, FP_F32, 0x7fc02000, 0, 0x7e01, 0);
    CV("f32 sNaN payload 1 -> f16: payload lost, quiet", &first, FP_F16, FP_F32, 0x7f800001, 0, 0x7e00, INV);
    CV("KEEP: a lost payload still gives a NaN (quiet bit)", &keep, FP_F16, FP_F32, 0x7f800001, 0, 0x7e00, INV);
    CV("KEEP: f16 sNaN 0x7c01 -> f32 0x7f802000", &keep, FP_F32, FP_F16, 0x7c01, 0, 0x7f802000, INV);
    CV("QUIET: f16 sNaN 0x7c01 -> f32 0x7fc02000", &first, FP_F32, FP_F16, 0x7c01, 0, 0x7fc02000, INV);
    /* fma(0, Inf, qNaN) */
    fp_policy fi = base(), fd = base();
    fi.fma_nan = FP_FMAN_PROP_INVALID; fi = with(fi);
    fd.fma_nan = FP_FMAN_DEFAULT_INVALID; fd = with(fd);
    T("fma_nan PROPAGATE", &first, FMA, FP_F32, 0x00000000, 0x7f800000, 0x7fc00009, 0, 0x7fc00009, 0);
    T("fma_nan PROP_INVALID", &fi, FMA, FP_F32, 0x00000000, 0x7f800000, 0x7fc00009, 0, 0x7fc00009, INV);
    T("fma_nan DEFAULT_INVALID", &fd, FMA, FP_F32, 0x00000000, 0x7f800000, 0x7fc00009, 0, 0xffc00000, INV);
    /* NaN as infinity */
    fp_policy ni = base();
    ni.nan_inf = FP_NANINF_ON; ni.default_nan[FP_F32] = 0x7fc00000; ni = with(ni);
    T("nan_inf: qNaN + 1 = +Inf", &ni, ADD, FP_F32, 0x7fc00000, 0x3f800000, 0, 0, 0x7f800000, 0);
    T("nan_inf: -qNaN * 2 = -Inf", &ni, MUL, FP_F32, 0xffc00000, 0x40000000, 0, 0, 0xff800000, 0);
    T("nan_inf: -NaN + +Inf = -Inf + Inf: invalid -> +Inf (default NaN's sign)", &ni, ADD, FP_F32, 0xffc00000,
      0x7f800000, 0, 0, 0x7f800000, INV);
    CMP("nan_inf: NaN == +Inf", &ni, FP_CMP_EQ, 0x7fc00000, 0x7f800000, 0, 1, 0);
}

/* ------------------------------------------------------ zero-wins knob */

static void zero_wins(void)
{
    fp_policy ieee = base(), pos = base(), xr = base();
    pos.zero_wins = FP_ZW_ON; pos.zero_wins_sign = FP_ZWS_POS; pos = with(pos);
    xr.zero_wins = FP_ZW_ON; xr.zero_wins_sign = FP_ZWS_XOR; xr = with(xr);
    T("IEEE: 0 * Inf = NaN", &ieee, MUL, FP_F32, 0x00000000, 0x7f800000, 0, 0, 0xffc00000, INV);
    T("zero-wins POS: 0 * Inf = +0", &pos, MUL, FP_F32, 0x00000000, 0x7f800000, 0, 0, 0x00000000, 0);
    T("zero-wins POS: -0 * Inf = +0", &pos, MUL, FP_F32, 0x80000000, 0x7f800000, 0, 0, 0x00000000, 0);
    T("zero-wins XOR: -0 * Inf = -0", &xr, MUL, FP_F32, 0x80000000, 0x7f800000, 0, 0, 0x80000000, 0);
    T("zero-wins: 0 * NaN = +0", &pos, MUL, FP_F32, 0x7fc00001, 0x00000000, 0, 0, 0x00000000, 0);
    T("flag ZERO_WINS on an IEEE policy (R700 MUL)", &ieee, MUL, FP_F32, 0x00000000, 0x7f800000, 0,
      FP_F_ZERO_WINS, 0x00000000, 0);
    T("zero-wins with input flush: 2^-149 counts as 0", &ieee, MUL, FP_F32, 0x00000001, 0x7f800000, 0,
      FP_F_ZERO_WINS | FP_F_FLUSH_IN, 0x00000000, 0);
    T("fma zero-wins: 0 * Inf + 1 = 1", &pos, FMA, FP_F32, 0x00000000, 0x7f800000, 0x3f800000, 0, 0x3f800000, 0);
    T("fma zero-wins: +0 + -0 = +0", &pos, FMA, FP_F32, 0x00000000, 0x7f800000, 0x80000000, 0, 0x00000000, 0);
    T("ZW_PASS_C: D = S2 = -0 (RDNA4 V_FMA_DX9_ZERO)", &pos, FMA, FP_F32, 0x00000000, 0x7f800000, 0x80000000,
      FP_F_ZW_PASS_C, 0x80000000, 0);
    T("ZW_PASS_C: an sNaN c is quieted", &pos, FMA, FP_F32, 0x00000000, 0x7fc00000, 0x7f800001, FP_F_ZW_PASS_C,
      0x7fc00001, INV);
    T("mad zero-wins: 0 * NaN + 2 = 2", &pos, MAD, FP_F32, 0x00000000, 0x7fc00000, 0x40000000, 0, 0x40000000, 0);
}

/* ---------------------------------------------- signed zero, min/max */

static void zeros_minmax(void)
{
    fp_policy p = base(), nl = base();
    nl.zero_cmp = FP_ZCMP_NEG_LESS; nl = with(nl);
    CMP("IEEE: -0 == +0", &p, FP_CMP_EQ, 0x80000000, 0x00000000, 0, 1, 0);
    CMP("IEEE: -0 < +0 false", &p, FP_CMP_LT, 0x80000000, 0x00000000, 0, 0, 0);
    CMP("zero_cmp NEG_LESS: -0 < +0", &nl, FP_CMP_LT, 0x80000000, 0x00000000, 0, 1, 0);
    CMP("zero_cmp NEG_LESS: -0 != +0", &nl, FP_CMP_EQ, 0x80000000, 0x00000000, 0, 0, 0);
    CMP("quiet compare: qNaN no invalid", &p, FP_CMP_LT, 0x7fc00000, 0x3f800000, 0, 0, 0);
    CMP("signaling compare: qNaN invalid", &p, FP_CMP_LT, 0x7fc00000, 0x3f800000, FP_F_SIGNALING, 0, INV);
    CMP("quiet compare: sNaN invalid", &p, FP_CMP_EQ, 0x7f800001, 0x3f800000, 0, 0, INV);
    CMP("NEQ is true on unordered", &p, FP_CMP_NEQ, 0x7fc00000, 0x7fc00000, 0, 1, 0);
    CMP("U", &p, FP_CMP_U, 0x3f800000, 0x7fc00000, 0, 1, 0);
    CMP("NGE: 1 !>= NaN", &p, FP_CMP_NGE, 0x3f800000, 0x7fc00000, 0, 1, 0);
    CMP("F / T", &p, FP_CMP_T, 0x3f800000, 0x40000000, 0, 1, 0);

    static const uint8_t zmm[4] = { FP_ZMM_NEG_LESS, FP_ZMM_FIRST, FP_ZMM_SECOND, FP_ZMM_GE_SELECT };
    /* max(-0, +0) and min(-0, +0) in the DX10 flavour per zero_minmax */
    static const uint64_t wmax[4] = { 0x00000000, 0x80000000, 0x00000000, 0x80000000 };
    static const uint64_t wmin[4] = { 0x80000000, 0x80000000, 0x00000000, 0x00000000 };
    for (int i = 0; i < 4; i++) {
        fp_policy q = base();
        q.zero_minmax = zmm[i];
        q = with(q);
        MM("DX10 max(-0, +0) by zero_minmax", &q, 1, FP_MM_DX10, 0x80000000, 0x00000000, wmax[i], 0);
        MM("DX10 min(-0, +0) by zero_minmax", &q, 0, FP_MM_DX10, 0x80000000, 0x00000000, wmin[i], 0);
        MM("754-2019 maximum(-0, +0) = +0 always", &q, 1, FP_MM_IEEE2019, 0x80000000, 0x00000000, 0x00000000, 0);
        MM("754-2019 minimum(+0, -0) = -0 always", &q, 0, FP_MM_IEEE2019, 0x00000000, 0x80000000, 0x80000000, 0);
    }
    /* NaN rules of the flavours; 1.0 = 0x3f800000 */
    MM("2008 minNum(qNaN, 1) = 1", &p, 0, FP_MM_IEEE2008, 0x7fc00000, 0x3f800000, 0x3f800000, 0);
    MM("2008 minNum(sNaN, 1) = qNaN, invalid", &p, 0, FP_MM_IEEE2008, 0x7f800001, 0x3f800000, 0x7fc00001, INV);
    MM("2019 minimum(qNaN, 1) = qNaN", &p, 0, FP_MM_IEEE2019, 0x7fc00000, 0x3f800000, 0x7fc00000, 0);
    MM("2019 minimum(1, qNaN 5) = qNaN 5", &p, 0, FP_MM_IEEE2019, 0x3f800000, 0x7fc00005, 0x7fc00005, 0);
    MM("2019 minimumNumber(sNaN, 1) = 1, invalid", &p, 0, FP_MM_IEEE2019_NUM, 0x7f800001, 0x3f800000, 0x3f800000, INV);
    MM("2019 maximumNumber(qNaN 1, qNaN 2) = qNaN 1", &p, 1, FP_MM_IEEE2019_NUM, 0x7fc00001, 0x7fc00002, 0x7fc00001, 0);
    MM("DX10 max(sNaN, 1) = 1, invalid", &p, 1, FP_MM_DX10, 0x7f800001, 0x3f800000, 0x3f800000, INV);
    MM("DX10 max(2, 1) = 2", &p, 1, FP_MM_DX10, 0x40000000, 0x3f800000, 0x40000000, 0);
    MM("legacy GE max(NaN, 1) = 1 (src1)", &p, 1, FP_MM_LEGACY_GE, 0x7fc00000, 0x3f800000, 0x3f800000, 0);
    MM("legacy GE max(1, NaN) = NaN (src1)", &p, 1, FP_MM_LEGACY_GE, 0x3f800000, 0x7fc00000, 0x7fc00000, 0);
    MM("legacy GE max(1, sNaN) = the sNaN as is, invalid", &p, 1, FP_MM_LEGACY_GE, 0x3f800000, 0x7f800001,
       0x7f800001, INV);
    MM("legacy GE max(-0, +0) = -0 (src0 >= src1)", &p, 1, FP_MM_LEGACY_GE, 0x80000000, 0x00000000, 0x80000000, 0);
    MM("legacy GE min(-0, +0) = +0 (src0 < src1 false)", &p, 0, FP_MM_LEGACY_GE, 0x80000000, 0x00000000, 0x00000000, 0);
    MM("legacy GT max(-0, +0) = +0", &p, 1, FP_MM_LEGACY_GT, 0x80000000, 0x00000000, 0x00000000, 0);
    MM("legacy FIRST max(NaN, 1) = NaN (first)", &p, 1, FP_MM_LEGACY_FIRST, 0x7fc00000, 0x3f800000, 0x7fc00000, 0);
    MM("legacy FIRST max(1, NaN) = 1 (first)", &p, 1, FP_MM_LEGACY_FIRST, 0x3f800000, 0x7fc00000, 0x3f800000, 0);
    MM("legacy FIRST min(2, 1) = 1", &p, 0, FP_MM_LEGACY_FIRST, 0x40000000, 0x3f800000, 0x3f800000, 0);
    fp_policy fl = base();
    fl.denorm_in[FP_F32] = FP_DENORM_FLUSH; fl = with(fl);
    MM("min with input flush returns the flushed operand", &fl, 0, FP_MM_DX10, 0x00000001, 0x3f800000, 0x00000000, 0);
}

/* ---------------------------------------------------------- clamp knobs */

static void clamp(void)
{
    fp_policy z = base(), k = base();
    k.clamp_nan = FP_CLNAN_KEEP; k.clamp_negzero = FP_CLZ_KEEP; k = with(k);
    T("clamp: 1 + 1 = 2 -> 1.0", &z, ADD, FP_F32, 0x3f800000, 0x3f800000, 0, FP_F_CLAMP, 0x3f800000, 0);
    T("clamp: 0 - 1 = -1 -> +0", &z, SUB, FP_F32, 0x00000000, 0x3f800000, 0, FP_F_CLAMP, 0x00000000, 0);
    T("clamp: 0.5 kept", &z, MUL, FP_F32, 0x3f800000, 0x3f000000, 0, FP_F_CLAMP, 0x3f000000, 0);
    T("clamp: +Inf -> 1.0", &z, MUL, FP_F32, 0x7f800000, 0x3f800000, 0, FP_F_CLAMP, 0x3f800000, 0);
    T("clamp_nan ZERO: NaN -> +0", &z, ADD, FP_F32, 0x7fc00000, 0x3f800000, 0, FP_F_CLAMP, 0x00000000, 0);
    T("clamp_nan KEEP: NaN stays", &k, ADD, FP_F32, 0x7fc00000, 0x3f800000, 0, FP_F_CLAMP, 0x7fc00000, 0);
    T("clamp: invalid is reported before the clamp", &z, ADD, FP_F32, 0x7f800000, 0xff800000, 0, FP_F_CLAMP,
      0x00000000, INV);
    T("clamp_negzero POS: -1 * 0 = -0 -> +0", &z, MUL, FP_F32, 0xbf800000, 0x00000000, 0, FP_F_CLAMP, 0x00000000, 0);
    T("clamp_negzero KEEP: -0 stays", &k, MUL, FP_F32, 0xbf800000, 0x00000000, 0, FP_F_CLAMP, 0x80000000, 0);
    T("clamp f16: 2.0 -> 1.0 (0x3c00)", &z, ADD, FP_F16, 0x3c00, 0x3c00, 0, FP_F_CLAMP, 0x3c00, 0);
}

/* ---------------------------------------------------- float -> int knobs */

static void to_int(void)
{
    fp_policy p = base(), zero = base(), max = base(), wrap = base();
    zero.int_nan = FP_INAN_ZERO; zero = with(zero);
    max.int_nan = FP_INAN_MAX; max = with(max);
    wrap.int_ovf = FP_IOVF_WRAP; wrap = with(wrap);
    TOI("int_nan MIN: i32 NaN = 0x80000000", &p, FP_I32, 0x7fc00000, 0, 0x80000000, INV);
    TOI("int_nan MIN: u32 NaN = 0", &p, FP_U32, 0x7fc00000, 0, 0, INV);
    TOI("int_nan ZERO", &zero, FP_I32, 0xffc00000, 0, 0, INV);
    TOI("int_nan MAX: i16", &max, FP_I16, 0x7fc00000, 0, 0x7fff, INV);
    TOI("int_nan MAX: u64", &max, FP_U64, 0x7fc00000, 0, 0xffffffffffffffffull, INV);
    /* 0x4f800001 = 2^32 (1 + 2^-23) = 4294967808 = 0x1_0000_0200 */
    TOI("int_ovf SAT: i32 4294967808 -> 0x7fffffff", &p, FP_I32, 0x4f800001, 0, 0x7fffffff, INV);
    TOI("int_ovf WRAP: i32 4294967808 -> low bits 0x200", &wrap, FP_I32, 0x4f800001, 0, 0x200, INV);
    TOI("int_ovf WRAP: u32 4294967808 -> 0x200", &wrap, FP_U32, 0x4f800001, 0, 0x200, INV);
    /* 0xcf32d05e = -3e9 exactly (0xb2d05e00); 2^32 - 3e9 = 0x4d2fa200 */
    TOI("int_ovf WRAP: i32 -3e9 -> 0x4d2fa200", &wrap, FP_I32, 0xcf32d05e, 0, 0x4d2fa200, INV);
    TOI("int_ovf SAT: i32 -3e9 -> 0x80000000", &p, FP_I32, 0xcf32d05e, 0, 0x80000000, INV);
    TOI("int_ovf WRAP: +Inf saturates", &wrap, FP_I32, 0x7f800000, 0, 0x7fffffff, INV);
    TOI("u32 of -0.5 RTZ = 0, inexact", &p, FP_U32, 0xbf000000, FP_F_RND(FP_RTZ), 0, INX);
    TOI("u32 of -0.5 RDN = -1: out of range", &p, FP_U32, 0xbf000000, FP_F_RND(FP_RDN), 0, INV);
    TOI("i32 2.5 RNE = 2", &p, FP_I32, 0x40200000, 0, 2, INX);
    TOI("i32 2.5 RNA = 3", &p, FP_I32, 0x40200000, FP_F_RND(FP_RNA), 3, INX);
    TOI("i32 -2.5 RNA = -3", &p, FP_I32, 0xc0200000, FP_F_RND(FP_RNA), 0xfffffffd, INX);
    TOI("i16 -32768.0 exact", &p, FP_I16, 0xc7000000, 0, 0x8000, 0);
    TOI("i16 32768.0 out of range", &p, FP_I16, 0x47000000, 0, 0x7fff, INV);
}

/* ------------------------------------------- rounding to integral etc. */

static void misc(void)
{
    fp_policy p = base();
    uint64_t r;
    int32_t ex;
    unsigned e;
#define U(fn, a, flags, want, wexc, what)                                                   \
    do { e = 0; r = 0xdead; int st_ = fn(FP_F32, a, &p, flags, &r, &e);                      \
         tu_check(st_ == 0 && r == (want) && e == (wexc), "%s: want %llx/%02x got %llx/%02x", what, \
                  (unsigned long long)(want), (unsigned)(wexc), (unsigned long long)r, e); } while (0)
    U(fp_floor, 0xbf000000, 0, 0xbf800000, 0, "floor(-0.5) = -1");
    U(fp_ceil, 0xbf000000, 0, 0x80000000, 0, "ceil(-0.5) = -0");
    U(fp_trunc, 0xbfc00000, 0, 0xbf800000, 0, "trunc(-1.5) = -1");
    U(fp_rne, 0x3fc00000, 0, 0x40000000, 0, "rne(1.5) = 2");
    U(fp_rne, 0x40200000, 0, 0x40000000, 0, "rne(2.5) = 2");
    U(fp_rne, 0xbf000000, 0, 0x80000000, 0, "rne(-0.5) = -0");
    U(fp_rint, 0x40200000, FP_F_RND(FP_RNA), 0x40400000, 0, "rint RNA (2.5) = 3");
    U(fp_floor, 0x7f800001, 0, 0x7fc00001, INV, "floor(sNaN) quieted, invalid");
    U(fp_fract, 0x3fa00000, 0, 0x3e800000, 0, "fract(1.25) = 0.25");
    U(fp_fract, 0xbfa00000, 0, 0x3f400000, 0, "fract(-1.25) = 0.75");
    U(fp_fract, 0xb0800000, 0, 0x3f7fffff, INX, "fract(-2^-30) = 1 - 2^-30 -> 1.0 -> 0x3f7fffff");
    U(fp_fract, 0x7f800000, 0, 0xffc00000, INV, "fract(+Inf) = NaN");
    U(fp_fract, 0x4b800001, 0, 0x00000000, 0, "fract(2^24 + 2) = +0");
    e = 0;
    int st = fp_frexp(FP_F32, 0x41000000, &p, 0, &r, &ex, &e);
    tu_check(st == 0 && r == 0x3f000000 && ex == 4, "frexp(8) = (0.5, 4)");
    st = fp_frexp(FP_F32, 0x00000001, &p, 0, &r, &ex, &e);
    tu_check(st == 0 && r == 0x3f000000 && ex == -148, "frexp(2^-149) = (0.5, -148)");
    st = fp_frexp(FP_F32, 0xff800000, &p, 0, &r, &ex, &e);
    tu_check(st == 0 && r == 0xff800000 && ex == 0, "frexp(-Inf) = (-Inf, 0)");
#define L(a, n, want, wexc, what)                                                           \
    do { e = 0; int st_ = fp_ldexp(FP_F32, a, n, &p, 0, &r, &e);                             \
         tu_check(st_ == 0 && r == (want) && e == (wexc), "%s: got %llx/%02x", what, (unsigned long long)r, e); } while (0)
    L(0x3f800000, -149, 0x00000001, 0, "ldexp(1, -149) = 2^-149");
    L(0x3f800000, -150, 0x00000000, UNF | INX, "ldexp(1, -150): tie to even -> 0");
    L(0x3fc00000, -150, 0x00000001, UNF | INX, "ldexp(1.5, -150) = 0.75 * 2^-149 -> 2^-149");
    L(0x3f800000, 128, 0x7f800000, OVF | INX, "ldexp(1, 128) = +Inf");
    L(0x3f800000, INT32_MIN, 0x00000000, UNF | INX, "ldexp(1, INT32_MIN)");
    /* classify */
    static const struct { uint64_t v; unsigned c; } cl[] = {
        { 0x7f800001, FP_CLASS_SNAN }, { 0xffc00000, FP_CLASS_QNAN }, { 0xff800000, FP_CLASS_NEG_INF },
        { 0xbf800000, FP_CLASS_NEG_NORM }, { 0x807fffff, FP_CLASS_NEG_DEN }, { 0x80000000, FP_CLASS_NEG_ZERO },
        { 0x00000000, FP_CLASS_POS_ZERO }, { 0x00000001, FP_CLASS_POS_DEN }, { 0x7f7fffff, FP_CLASS_POS_NORM },
        { 0x7f800000, FP_CLASS_POS_INF },
    };
    for (size_t i = 0; i < sizeof cl / sizeof cl[0]; i++)
        tu_check(fp_classify(FP_F32, cl[i].v) == cl[i].c, "classify %llx", (unsigned long long)cl[i].v);
    tu_check(fp_classify(FP_E4M3, 0x7f) == FP_CLASS_QNAN && fp_classify(FP_E4M3, 0x78) == FP_CLASS_POS_NORM &&
             fp_classify(FP_E5M2, 0x7c) == FP_CLASS_POS_INF && fp_classify(FP_E5M2, 0x7d) == FP_CLASS_SNAN,
             "classify 8-bit");
    /* ULP distance */
    tu_check(fp32_ulp_diff(0x3f800000, 0x3f800001) == 1, "ulp 1");
    tu_check(fp32_ulp_diff(0x00000000, 0x80000000) == 0, "ulp +0 -0");
    tu_check(fp32_ulp_diff(0x00000001, 0x80000001) == 2, "ulp across zero");
    tu_check(fp32_ulp_diff(0x7f7fffff, 0x7f800000) == 1, "ulp max to Inf");
    tu_check(fp32_ulp_diff(0x7fc00000, 0xffc00001) == 0, "ulp NaN NaN");
    tu_check(fp32_ulp_diff(0x7fc00000, 0x3f800000) == 0xffffffffu, "ulp NaN number");
    tu_check(fp_ulp_diff(FP_F16, 0x3c00, 0x3bff) == 1, "ulp f16");
    /* sin/cos in turns: exact at multiples of a quarter turn */
    U(fp_sin, 0x3e800000, FP_F_TURNS, 0x3f800000, 0, "sin(2 pi 0.25) = 1");
    U(fp_cos, 0x3e800000, FP_F_TURNS, 0x00000000, 0, "cos(2 pi 0.25) = +0");
    U(fp_sin, 0xbf000000, FP_F_TURNS, 0x80000000, 0, "sin(2 pi -0.5) = -0");
    U(fp_cos, 0x3f000000, FP_F_TURNS, 0xbf800000, 0, "cos(2 pi 0.5) = -1");
    /* -149 = -1.1640625 * 2^7: 0xc3150000; -126 = 0xc2fc0000 */
    U(fp_exp2, 0xc3150000, 0, 0x00000001, 0, "exp2(-149) = 2^-149, exact");
    U(fp_exp2, 0xc2fc0000, 0, 0x00800000, 0, "exp2(-126) = 2^-126, exact");
    U(fp_log2, 0x00000001, 0, 0xc3150000, DEN, "log2(2^-149) = -149 (a denormal operand)");
    U(fp_log2, 0x80000000, 0, 0xff800000, DZ, "log2(-0) = -Inf");
    U(fp_rsq, 0x40800000, 0, 0x3f000000, 0, "rsq(4) = 0.5");
    U(fp_rcp, 0x80000000, 0, 0xff800000, DZ, "rcp(-0) = -Inf");
#undef U
#undef L
}

/* ------------------------------------------------ the ISA policies */

static void isa(void)
{
    fp_policy r700 = tu_policy("r700"), rd = tu_policy("rdna4"), nvfp = tu_policy("nvfp"), usc = tu_policy("usc"),
              nv50 = tu_policy("nv50");
    T("r700 MUL (ZERO_WINS): 0 * Inf = +0", &r700, MUL, FP_F32, 0x00000000, 0x7f800000, 0, FP_F_ZERO_WINS, 0, 0);
    T("r700 MUL_IEEE: 0 * Inf = NaN64-style 0xffc00000", &r700, MUL, FP_F32, 0x00000000, 0x7f800000, 0, 0,
      0xffc00000, INV);
    T("r700: f32 denormal input read as 0", &r700, ADD, FP_F32, 0x00000001, 0x00000000, 0, 0, 0x00000000, 0);
    T("r700: sNaN propagates unquieted (L3545)", &r700, ADD, FP_F32, 0x7f800001, 0x3f800000, 0, 0, 0x7f800001, INV);
    CV("r700 FLT64_TO_FLT32 NaN (NAN_CANON): -NaN -> 0xffc00000", &r700, FP_F32, FP_F64, 0xfff0000000000001ull,
       FP_F_NAN_CANON, 0xffc00000, INV);
    MM("r700 MAX_DX10(NaN, 1) = 1", &r700, 1, FP_MM_DX10, 0x7fc00000, 0x3f800000, 0x3f800000, 0);
    MM("r700 MAX(NaN, 1) = 1 (src1: literal pseudocode)", &r700, 1, FP_MM_LEGACY_GE, 0x7fc00000, 0x3f800000,
       0x3f800000, 0);
    TOI("r700 FLT_TO_INT: 2^32 + 512 wraps to 0x200", &r700, FP_I32, 0x4f800001, FP_F_RND(FP_RTZ), 0x200, INV);
    T("rdna4 V_MUL_DX9_ZERO: -0 * NaN = +0", &rd, MUL, FP_F32, 0x80000000, 0x7fc00000, 0, FP_F_ZERO_WINS, 0, 0);
    T("rdna4 V_FMA_DX9_ZERO: D = S2", &rd, FMA, FP_F32, 0x00000000, 0x7f800000, 0x40400000,
      FP_F_ZERO_WINS | FP_F_ZW_PASS_C | FP_F_FLUSH_IN | FP_F_FLUSH_OUT, 0x40400000, 0);
    T("rdna4: Inf - Inf = 0xffc00000 (L6163)", &rd, ADD, FP_F32, 0x7f800000, 0xff800000, 0, 0, 0xffc00000, INV);
    T("rdna4 clamp: NaN -> 0 (L2866)", &rd, ADD, FP_F32, 0x7fc00000, 0x3f800000, 0, FP_F_CLAMP, 0, 0);
    TOI("rdna4 cvt: NaN -> 0 (L12903)", &rd, FP_I32, 0x7fc00000, FP_F_RND(FP_RTZ), 0, INV);
    TOI("rdna4 cvt: -Inf saturates", &rd, FP_I32, 0xff800000, FP_F_RND(FP_RTZ), 0x80000000, INV);
    MM("rdna4 V_MAX_NUM(-0, +0) = +0", &rd, 1, FP_MM_IEEE2019_NUM, 0x80000000, 0x00000000, 0x00000000, 0);
    T("nvfp: 0 * NaN = 0 (Table 7)", &nvfp, MUL, FP_F32, 0x00000000, 0x7fc00000, 0, 0, 0, 0);
    T("nvfp: NaN + 1 = +Inf (NaN as infinity)", &nvfp, ADD, FP_F32, 0x7fc00000, 0x3f800000, 0, 0, 0x7f800000, 0);
    T("nvfp: fp16 denormal flushed", &nvfp, ADD, FP_F16, 0x0001, 0x0000, 0, 0, 0x0000, 0);
    T("usc: NaN -> +NaN (FRCP(NaN) = +NaN, L419)", &usc, ADD, FP_F32, 0xff800001, 0x3f800000, 0, 0, 0x7fc00000, INV);
    T("nv50: NaN -> 0x7fffffff", &nv50, MUL, FP_F32, 0xffc00000, 0x3f800000, 0, 0, 0x7fffffff, 0);
    T("nv50 add rz", &nv50, ADD, FP_F32, 0x3f800000, 0x33800001, 0, FP_F_RND(FP_RTZ), 0x3f800000, INX);
    /* G80 rules (model/nv50/README.md "Float on G80"; envytools nvhw/hwtest g80_fp) */
    T("nv50 sat: Inf - Inf = NaN 0x7fffffff kept (G-SAT)", &nv50, ADD, FP_F32, 0x7f800000, 0xff800000, 0,
      FP_F_CLAMP, 0x7fffffff, INV);
    T("nv50 sat: -0 + -0 -> +0", &nv50, ADD, FP_F32, 0x80000000, 0x80000000, 0, FP_F_CLAMP, 0, 0);
    T("nv50 zero-wins fmul: -0 * NaN = +0 (G-ZW)", &nv50, MUL, FP_F32, 0x80000000, 0x7fc00000, 0,
      FP_F_ZERO_WINS, 0, 0);
    T("nv50 zero-wins fmul: 5 * -0 = +0, not -0", &nv50, MUL, FP_F32, 0x40a00000, 0x80000000, 0,
      FP_F_ZERO_WINS, 0, 0);
    MM("nv50 max(-0, +0) = +0 (G-MM)", &nv50, 1, FP_MM_DX10, 0x80000000, 0x00000000, 0x00000000, 0);
    MM("nv50 min(+0, -0) = -0 (G-MM)", &nv50, 0, FP_MM_DX10, 0x00000000, 0x80000000, 0x80000000, 0);
    /* RDNA4 MODE */
    fp_policy m = rd;
    tu_check(fp_policy_rdna4_mode(&m, 0x00000000) == 0 && m.denorm_in[FP_F32] == FP_DENORM_FLUSH &&
             m.denorm_out[FP_F16] == FP_DENORM_FLUSH && m.round[FP_F32] == FP_RNE, "MODE 0: flush all, RNE");
    tu_check(fp_policy_rdna4_mode(&m, 0x0080001b) == 0 && m.round[FP_F32] == FP_RTZ && m.round[FP_F16] == FP_RDN &&
             m.denorm_in[FP_F32] == FP_DENORM_KEEP && m.denorm_out[FP_F32] == FP_DENORM_FLUSH &&
             m.overflow[FP_F16] == FP_OVF_SAT && m.overflow[FP_F32] == FP_OVF_IEEE,
             "MODE 0x0080001b: f32 RTZ, f16/f64 RDN, f32 allow-in, FP16_OVFL");
    T("MODE FP16_OVFL: 65504 * 2 = 65504", &m, MUL, FP_F16, 0x7bff, 0x4000, 0, 0, 0x7bff, OVF | INX);
}

int main(void)
{
    tu_group("sealing");
    sealing();
    tu_group("denormals");
    denormals();
    tu_group("tininess");
    tininess();
    tu_group("rounding");
    rounding();
    tu_group("overflow");
    overflow();
    tu_group("nans");
    nans();
    tu_group("zero wins");
    zero_wins();
    tu_group("zeros minmax");
    zeros_minmax();
    tu_group("clamp");
    clamp();
    tu_group("to int");
    to_int();
    tu_group("misc");
    misc();
    tu_group("isa");
    isa();
    return tu_finish();
}
