/* fp_testutil.h - helpers shared by model/tests/test_fp_*.c (not part of
 * libgpuref): a seeded generator, operands biased toward edge exponents,
 * the special-value tables and the GPUREF_FP_N scale.  Counting (named
 * tests, tu_check, tu_finish) is model/tests/testutil.h.
 *
 * GPUREF_FP_N, if set, is the number of random cases
 * per operation and rounding mode (each test has its own default, e.g. 1e6
 * in test_fp_host): 1000 for a quick sanitizer run, 1e7 for a long run.
 * Exhaustive sweeps (all f16 inputs, ...) do not depend on it.
 */
#ifndef GPUREF_FP_TESTUTIL_H
#define GPUREF_FP_TESTUTIL_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "fp.h"

typedef struct tu_state {
    uint64_t rng;
} tu_state;

static tu_state TU = { 0x243f6a8885a308d3ull };

static inline uint64_t tu_rand(void)
{
    /* xorshift64* */
    TU.rng ^= TU.rng >> 12;
    TU.rng ^= TU.rng << 25;
    TU.rng ^= TU.rng >> 27;
    return TU.rng * 0x2545f4914f6cdd1dull;
}

/* random cases per operation and mode: GPUREF_FP_N, else the default */
static inline long tu_count(long dflt)
{
    const char *s = getenv("GPUREF_FP_N");
    double v = s ? atof(s) : 0;
    return v >= 1 ? (long)v : dflt;
}

/* A random pattern of format f (bits wide), biased: a quarter uniform, the
 * rest with exponents near the edges (denormal, near min normal, near max,
 * near 1.0) or special values. */
static inline uint64_t tu_operand(fp_fmt f)
{
    static const unsigned eb[FP_NFMT] = { 5, 8, 8, 11, 4, 5 }, mb[FP_NFMT] = { 10, 7, 23, 52, 3, 2 };
    unsigned bits = eb[f] + mb[f] + 1;
    uint64_t mask = bits == 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1);
    uint64_t r = tu_rand() & mask, emax = ((uint64_t)1 << eb[f]) - 1, bias = emax >> 1;
    uint64_t mant = r & (((uint64_t)1 << mb[f]) - 1), sign = r >> (bits - 1);
    uint64_t e;
    switch (tu_rand() % 8) {
    case 0: case 1: return r;                                   /* uniform */
    case 2: e = tu_rand() % 3; break;                           /* denormal, smallest normals */
    case 3: e = emax - 1 - tu_rand() % 3; break;                /* near max; sometimes Inf/NaN */
    case 4: e = emax - tu_rand() % 2; break;                    /* Inf/NaN or max binade */
    case 5: e = bias - 2 + tu_rand() % 5; break;                /* near 1.0 */
    case 6: e = bias + (tu_rand() % (2 * mb[f] + 6)) - mb[f] - 3; break;  /* integer-ish range */
    default:                                                    /* sparse mantissa */
        mant &= (tu_rand() % 2) ? (((uint64_t)1 << mb[f]) - 1) << (mb[f] / 2) : 0x7;
        e = tu_rand() % (emax + 1);
        break;
    }
    if (e > emax) e = emax;
    return (sign << (bits - 1)) | (e << mb[f]) | mant;
}

/* The special-value table: +-0, smallest and largest denormal, smallest
 * normal, 1.0 - ulp, 1.0, 1.0 + ulp, max finite, +-Inf, quiet and
 * signaling NaNs with payloads (both signs). */
static inline int tu_specials(fp_fmt f, uint64_t *out)
{
    static const unsigned eb[FP_NFMT] = { 5, 8, 8, 11, 4, 5 }, mb[FP_NFMT] = { 10, 7, 23, 52, 3, 2 };
    unsigned bits = eb[f] + mb[f] + 1;
    uint64_t S = (uint64_t)1 << (bits - 1), mmask = ((uint64_t)1 << mb[f]) - 1;
    uint64_t emax = ((uint64_t)1 << eb[f]) - 1, one = (emax >> 1) << mb[f];
    uint64_t inf = emax << mb[f], q = (uint64_t)1 << (mb[f] - 1);
    uint64_t v[] = {
        0, 1, mmask, (uint64_t)1 << mb[f], one - 1, one, one + 1,
        f == FP_E4M3 ? inf | (mmask - 1) : inf - 1,             /* max finite */
        inf,                                                    /* Inf (E4M3: a normal) */
        inf | q, inf | q | 1,                                   /* qNaN, qNaN + payload */
        inf | 1, inf | (q >> 1 ? q >> 1 : 1) | 1,               /* sNaN with payloads */
    };
    int n = 0, nv = (int)(sizeof v / sizeof v[0]);
    for (int i = 0; i < nv; i++) {
        out[n++] = v[i];
        out[n++] = v[i] | S;
    }
    return n;                                                   /* 26 */
}

static inline int tu_is_nan(fp_fmt f, uint64_t v)
{
    return (fp_classify(f, v) & (FP_CLASS_SNAN | FP_CLASS_QNAN)) != 0;
}

/* a sealed copy of a named policy, or exit */
static inline fp_policy tu_policy(const char *name)
{
    fp_policy p;
    char msg[256];
    if (fp_policy_init(&p, name, msg, sizeof msg)) {
        printf("cannot seal policy %s: %s\n", name, msg);
        exit(2);
    }
    return p;
}

#endif /* GPUREF_FP_TESTUTIL_H */
