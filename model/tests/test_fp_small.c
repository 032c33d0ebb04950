/* test_fp_small.c - the unsigned 11-bit and 10-bit floats of packed formats
 * (fp_small.c) against an independent reference built on the host's double:
 *
 *  1. exhaustive small -> F32 (2048 / 1024 encodings): the value
 *     m * 2^(e-15-mbits) (+ 2^(e-15) for e > 0) by ldexp, Inf, and NaN as a quiet
 *     F32 NaN carrying the mantissa in its top bits; small -> F16 the same value;
 *  2. F32 -> small: every encoding's value, the midpoints between neighbours and
 *     the F32 values either side of each, and a pseudo-random sweep, against a
 *     brute-force nearest search over the finite encodings (ties to the even
 *     mantissa; beyond max finite + half an ulp: Inf); negatives, -0, -Inf -> 0,
 *     NaN -> NaN.
 * Expected values of the packed buffer formats that use these live in
 * vectors/rdna4/directed/mem_buffer_packed.yaml (worked by hand).
 */
#include <math.h>
#include <string.h>
#include "fp.h"
#include "testutil.h"

static float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

/* value of a finite encoding */
static double small_val(uint32_t v, unsigned mbits)
{
    uint32_t e = v >> mbits, m = v & ((1u << mbits) - 1u);
    if (!e)
        return ldexp((double)m, -14 - (int)mbits);
    return ldexp((double)((1u << mbits) | m), (int)e - 15 - (int)mbits);
}

/* reference F32 -> small: brute-force nearest finite encoding */
static uint32_t ref_to_small(uint32_t f, unsigned mbits)
{
    uint32_t inf = 31u << mbits;
    float x = u2f(f);
    if (x != x)
        return 0xffffffffu;                         /* any NaN: checked apart */
    if (f >> 31)
        return 0;
    if (isinf(x))
        return inf;
    double d = (double)x, best = -1;
    uint32_t bi = 0;
    for (uint32_t v = 0; v < inf; v++) {
        double err = fabs(small_val(v, mbits) - d);
        if (best < 0 || err < best || (err == best && !(v & 1u))) {
            best = err;
            bi = v;
        }
    }
    /* beyond the largest finite value by half an ulp or more: Inf (IEEE RNE) */
    double maxf = small_val(inf - 1, mbits), ulp = ldexp(1.0, 15 - (int)mbits);
    if (d >= maxf + ulp / 2)
        return inf;
    return bi;
}

static int check_one(uint32_t f, unsigned mbits)
{
    uint32_t got = fp_f32_to_ufsmall(f, mbits), want = ref_to_small(f, mbits);
    if (want == 0xffffffffu)
        return (got >> mbits) == 31 && (got & ((1u << mbits) - 1u)) != 0;
    return got == want;
}

int main(void)
{
    for (unsigned mbits = 5; mbits <= 6; mbits++) {
        unsigned n = 1u << (mbits + 5), bad = 0;
        tu_test("f%u -> f32 and f16: exhaustive", mbits + 5);
        for (uint32_t v = 0; v < n; v++) {
            uint32_t e = v >> mbits, m = v & ((1u << mbits) - 1u);
            uint32_t f = fp_ufsmall_to_f32(v, mbits), h = fp_ufsmall_to_f16(v, mbits);
            uint32_t wf, wh;
            if (e == 31) {
                wf = m ? 0x7fc00000u | (m << (23 - mbits)) : 0x7f800000u;
                wh = m ? 0x7e00u | (m << (10 - mbits)) : 0x7c00u;
            } else {
                wf = f2u((float)small_val(v, mbits));
                wh = (e << 10) | (m << (10 - mbits));   /* same exponent field as F16 */
            }
            if (f != wf || h != wh) {
                if (!bad++)
                    tu_check(0, "0x%x: f32 0x%08x (want 0x%08x), f16 0x%04x (want 0x%04x)", v, f, wf, h, wh);
            }
        }
        tu_check(!bad, "%u mismatches", bad);

        tu_test("f32 -> f%u: encodings, midpoints and their neighbours", mbits + 5);
        bad = 0;
        for (uint32_t v = 0; v + 1 < (31u << mbits) + 1; v++) {
            double a = small_val(v, mbits);
            double b = v + 1 < (31u << mbits) ? small_val(v + 1, mbits) : a + ldexp(1.0, 15 - (int)mbits);
            uint32_t mid = f2u((float)((a + b) / 2));      /* exact in F32 */
            uint32_t cand[5] = { f2u((float)a), mid, mid - 1, mid + 1, f2u((float)a) | 0x80000000u };
            for (unsigned i = 0; i < 5; i++)
                if (!check_one(cand[i], mbits) && !bad++)
                    tu_check(0, "f32 0x%08x -> 0x%x (want 0x%x)", cand[i], fp_f32_to_ufsmall(cand[i], mbits),
                             ref_to_small(cand[i], mbits));
        }
        static const uint32_t special[] = { 0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u,
                                            0x7fc00000u, 0x7f800001u, 0xffc00000u, 0x00000001u,
                                            0x007fffffu, 0x7f7fffffu, 0x477fe000u, 0x477ff000u };
        for (unsigned i = 0; i < sizeof special / sizeof special[0]; i++)
            if (!check_one(special[i], mbits) && !bad++)
                tu_check(0, "special 0x%08x -> 0x%x", special[i], fp_f32_to_ufsmall(special[i], mbits));
        tu_check(!bad, "%u mismatches", bad);

        tu_test("f32 -> f%u: pseudo-random sweep", mbits + 5);
        bad = 0;
        uint32_t x = 0x12345678u;
        for (unsigned i = 0; i < 20000; i++) {
            x ^= x << 13; x ^= x >> 17; x ^= x << 5;
            /* exponents around the small range: 2^-25 .. 2^17 */
            uint32_t f = (x & 0x807fffffu) | ((uint32_t)(102 + (x >> 8) % 42) << 23);
            if (!check_one(f, mbits) && !bad++)
                tu_check(0, "f32 0x%08x -> 0x%x (want 0x%x)", f, fp_f32_to_ufsmall(f, mbits),
                         ref_to_small(f, mbits));
        }
        tu_check(!bad, "%u mismatches", bad);
    }
    return tu_finish();
}
