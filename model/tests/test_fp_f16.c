/* test_fp_f16.c - f16 and bf16 against the host: gcc 12 _Float16 on x86-64
 * (conversions through libgcc's soft-fp, which honours the rounding mode and
 * raises the IEEE flags; arithmetic in float, rounded once to half).
 *
 * Double rounding through float is exact here: float has p' = 24 >= 2p + 2
 * for f16 (p = 11) and bf16 (p = 8), which makes add, sub, mul, div and sqrt
 * rounded first to float and then to the narrow format equal to a single
 * correct rounding (Figueroa), in every rounding mode.
 *
 *  1. exhaustive f16 -> f32 and f16 -> f64 (65,536 inputs, value + flags);
 *  2. f32 -> f16 in 4 modes: every f16 rounding boundary (the midpoint
 *     between neighbours and the f32 values either side of it) plus random
 *     biased operands; f64 -> f16 random;
 *  3. exhaustive f16 unary ops in 4 modes: sqrt, rcp, floor, ceil, trunc,
 *     rint, fract (DX: clamped below 1), frexp, ldexp, to i32;
 *  4. f16 add/sub/mul/div random in 4 modes;
 *  5. bf16 add/sub/mul/div/sqrt random (RNE and RTZ), host float rounded to
 *     bf16 by the test's own bit rounding.
 * Exceptions are compared for f16 (minus FP_EXC_DENORMAL: soft-fp does not
 * report it); bf16 compares values.
 */
#include <fenv.h>
#include <math.h>
#include <string.h>
#include "fp_testutil.h"
#include "testutil.h"

static const int host_modes[4] = { FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD };
static const int our_modes[4] = { FP_RNE, FP_RTZ, FP_RUP, FP_RDN };
static const char *const mode_names[4] = { "rne", "rtz", "rup", "rdn" };

static unsigned host_exc(void)
{
    unsigned e = 0;
    if (fetestexcept(FE_INVALID)) e |= FP_EXC_INVALID;
    if (fetestexcept(FE_DIVBYZERO)) e |= FP_EXC_DIVBYZERO;
    if (fetestexcept(FE_OVERFLOW)) e |= FP_EXC_OVERFLOW;
    if (fetestexcept(FE_UNDERFLOW)) e |= FP_EXC_UNDERFLOW;
    if (fetestexcept(FE_INEXACT)) e |= FP_EXC_INEXACT;
    return e;
}

/* gcc's _Float16 is an ISO/IEC TS 18661-3 extension (-Wpedantic) */
__extension__ typedef _Float16 half_t;

static half_t h_of(uint64_t b) { uint16_t u = (uint16_t)b; half_t h; memcpy(&h, &u, 2); return h; }
static uint64_t h_bits(half_t h) { uint16_t u; memcpy(&u, &h, 2); return u; }
static float f_of(uint64_t b) { uint32_t u = (uint32_t)b; float f; memcpy(&f, &u, 4); return f; }
static uint64_t f_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static double d_of(uint64_t b) { double d; memcpy(&d, &b, 8); return d; }
static uint64_t d_bits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }

#define EXC_CMP (FP_EXC_INVALID | FP_EXC_DIVBYZERO | FP_EXC_OVERFLOW | FP_EXC_UNDERFLOW | FP_EXC_INEXACT)

static void check(const char *what, int m, uint64_t a, uint64_t want, unsigned wexc, int st, uint64_t got,
                  unsigned gexc, int cmp_exc)
{
    gexc &= EXC_CMP;
    tu_check(st == 0 && got == want && (!cmp_exc || gexc == wexc),
             "%s %s a=%llx: host %llx exc %02x, ours %llx exc %02x st %d", what, mode_names[m],
             (unsigned long long)a, (unsigned long long)want, wexc, (unsigned long long)got, gexc, st);
}

static void widen(const fp_policy *p)
{
    tu_test("f16->f32 widening, every f16 input");
    for (uint32_t h = 0; h < 65536; h++) {
        uint64_t r;
        unsigned e = 0, he;
        feclearexcept(FE_ALL_EXCEPT);
        volatile half_t x = h_of(h);
        volatile float y = x;
        he = host_exc();
        int st = fp_convert(FP_F32, FP_F16, h, p, 0, &r, &e);
        check("f16->f32", 0, h, f_bits(y), he, st, r, e, 1);
        feclearexcept(FE_ALL_EXCEPT);
        volatile double z = x;
        he = host_exc();
        e = 0;
        st = fp_convert(FP_F64, FP_F16, h, p, 0, &r, &e);
        check("f16->f64", 0, h, d_bits(z), he, st, r, e, 1);
    }
}

static void narrow_one(const fp_policy *p, int m, uint64_t a32)
{
    uint64_t r;
    unsigned e = 0;
    feclearexcept(FE_ALL_EXCEPT);
    volatile float x = f_of(a32);
    volatile half_t y = (half_t)x;
    unsigned he = host_exc();
    int st = fp_convert(FP_F16, FP_F32, a32, p, FP_F_RND(our_modes[m]), &r, &e);
    check("f32->f16", m, a32, h_bits(y), he, st, r, e, 1);
}

static void narrow(const fp_policy *p, long n)
{
    for (int m = 0; m < 4; m++) {
        tu_test("f32->f16 narrowing %s, every f16 value and its neighbours, %ld random operands", mode_names[m], n);
        fesetround(host_modes[m]);
        for (uint32_t h = 0; h < 0x7c00; h++) {
            /* the midpoint between h and h+1 as f32 (exact), and its neighbours */
            uint64_t lo, hi;
            fp_convert(FP_F32, FP_F16, h, p, 0, &lo, NULL);
            fp_convert(FP_F32, FP_F16, h + 1, p, 0, &hi, NULL);
            uint64_t mid = (lo + hi) / 2;   /* same binade or min normal: the bit average is the midpoint */
            for (int s = 0; s < 2; s++) {
                uint64_t S = s ? 0x80000000u : 0;
                narrow_one(p, m, mid | S);
                narrow_one(p, m, (mid - 1) | S);
                narrow_one(p, m, (mid + 1) | S);
            }
        }
        for (long i = 0; i < n; i++) {
            narrow_one(p, m, tu_operand(FP_F32));
            uint64_t d = tu_operand(FP_F64), r;
            if (tu_rand() & 1)              /* exponents within reach of f16 */
                d = (d & 0x800fffffffffffffull) | ((uint64_t)(1023 - 26 + tu_rand() % 44) << 52);
            unsigned e = 0;
            feclearexcept(FE_ALL_EXCEPT);
            volatile double x = d_of(d);
            volatile half_t y = (half_t)x;
            unsigned he = host_exc();
            int st = fp_convert(FP_F16, FP_F64, d, p, FP_F_RND(our_modes[m]), &r, &e);
            check("f64->f16", m, d, h_bits(y), he, st, r, e, 1);
        }
        fesetround(FE_TONEAREST);
    }
}

enum { U_SQRT, U_RCP, U_FLOOR, U_CEIL, U_TRUNC, U_RINT, U_FRACT, U_FREXP, U_LDEXP, U_TOI32, NU };
static const char *const u_names[NU] = { "sqrt", "rcp", "floor", "ceil", "trunc", "rint", "fract", "frexp",
                                         "ldexp", "to_i32" };

static void unary(const fp_policy *p)
{
    for (int m = 0; m < 4; m++) {
        tu_test("f16 unary ops (sqrt rcp floor ceil trunc rint fract frexp ...) %s, every f16 input", mode_names[m]);
        fesetround(host_modes[m]);
        unsigned fl = FP_F_RND(our_modes[m]);
        for (uint32_t h = 0; h < 65536; h++) {
            volatile half_t x = h_of(h);
            volatile float xf = x;
            int isnan = tu_is_nan(FP_F16, h);
            for (int op = 0; op < NU; op++) {
                uint64_t r = 0, want = 0;
                unsigned e = 0, he;
                int st, cmp_exc = 1;
                int32_t ex = 0;
                int n = (int)(tu_rand() % 61) - 30;
                feclearexcept(FE_ALL_EXCEPT);
                switch (op) {
                case U_SQRT:  { volatile half_t y = (half_t)sqrtf(xf); want = h_bits(y); break; }
                case U_RCP:   { volatile half_t y = (half_t)(1.0f / xf); want = h_bits(y); break; }
                case U_FLOOR: { volatile half_t y = (half_t)floorf(xf); want = h_bits(y); break; }
                case U_CEIL:  { volatile half_t y = (half_t)ceilf(xf); want = h_bits(y); break; }
                case U_TRUNC: { volatile half_t y = (half_t)truncf(xf); want = h_bits(y); break; }
                case U_RINT:  { volatile half_t y = (half_t)nearbyintf(xf); want = h_bits(y); break; }
                case U_FRACT: {
                    volatile float fr = xf - floorf(xf);        /* exact in float */
                    volatile half_t y = (half_t)fr;
                    want = h_bits(y);
                    if (want == 0x3c00) want = 0x3bff;          /* DX fract: below 1.0 */
                    if (isinf(xf)) want = 0xfe00;               /* Inf - Inf: default NaN */
                    cmp_exc = 0;
                    break;
                }
                case U_FREXP: {
                    int hx;
                    volatile half_t y = (half_t)frexpf(xf, &hx);
                    want = h_bits(y);
                    if (isnan || isinf(xf)) hx = 0;
                    want = (want << 32) | (uint32_t)hx;
                    cmp_exc = 0;
                    break;
                }
                case U_LDEXP: { volatile half_t y = (half_t)ldexpf(xf, n); want = h_bits(y); break; }
                default: {
                    volatile long v = lrintf(xf);
                    want = (uint32_t)v;
                    cmp_exc = 0;
                    break;
                }
                }
                he = host_exc();
                switch (op) {
                case U_SQRT:  st = fp_sqrt(FP_F16, h, p, fl, &r, &e); break;
                case U_RCP:   st = fp_rcp(FP_F16, h, p, fl, &r, &e); break;
                case U_FLOOR: st = fp_floor(FP_F16, h, p, fl, &r, &e); break;
                case U_CEIL:  st = fp_ceil(FP_F16, h, p, fl, &r, &e); break;
                case U_TRUNC: st = fp_trunc(FP_F16, h, p, fl, &r, &e); break;
                case U_RINT:  st = fp_rint(FP_F16, h, p, fl, &r, &e); break;
                case U_FRACT: st = fp_fract(FP_F16, h, p, fl, &r, &e); break;
                case U_FREXP: st = fp_frexp(FP_F16, h, p, fl, &r, &ex, &e); r = (r << 32) | (uint32_t)ex; break;
                case U_LDEXP: st = fp_ldexp(FP_F16, h, n, p, fl, &r, &e); break;
                default:      st = fp_to_int(FP_I32, FP_F16, h, p, fl, &r, &e); break;
                }
                if (op == U_TOI32 && (isnan || isinf(xf))) continue;   /* lrintf: unspecified */
                if (op == U_FLOOR || op == U_CEIL || op == U_TRUNC || op == U_RINT) he &= ~FP_EXC_INEXACT;
                /* the host op reads the float widened (and quieted) before
                 * the loop: an sNaN's invalid was raised there */
                if (fp_classify(FP_F16, h) & FP_CLASS_SNAN) he |= FP_EXC_INVALID;
                char what[32];
                snprintf(what, sizeof what, "f16 %s%s", u_names[op], op == U_LDEXP ? "(n)" : "");
                check(what, m, h, want, he, st, r, e, cmp_exc);
            }
        }
        fesetround(FE_TONEAREST);
    }
}

static void binary(const fp_policy *p, long n)
{
    static const char *const names[4] = { "add", "sub", "mul", "div" };
    for (int m = 0; m < 4; m++) {
        tu_test("f16 add sub mul div %s, %ld random operands", mode_names[m], n);
        fesetround(host_modes[m]);
        unsigned fl = FP_F_RND(our_modes[m]);
        for (long i = 0; i < n; i++) {
            uint64_t a = tu_operand(FP_F16), b = tu_operand(FP_F16);
            for (int op = 0; op < 4; op++) {
                volatile half_t x = h_of(a), y = h_of(b), z;
                uint64_t r = 0;
                unsigned e = 0;
                int st;
                feclearexcept(FE_ALL_EXCEPT);
                switch (op) {
                case 0: z = x + y; break;
                case 1: z = x - y; break;
                case 2: z = x * y; break;
                default: z = x / y; break;
                }
                unsigned he = host_exc();
                switch (op) {
                case 0: st = fp_add(FP_F16, a, b, p, fl, &r, &e); break;
                case 1: st = fp_sub(FP_F16, a, b, p, fl, &r, &e); break;
                case 2: st = fp_mul(FP_F16, a, b, p, fl, &r, &e); break;
                default: st = fp_div(FP_F16, a, b, p, fl, &r, &e); break;
                }
                char what[32];
                snprintf(what, sizeof what, "f16 %s b=%llx", names[op], (unsigned long long)b);
                /* flags: the float computation can be exact where half is not,
                 * so only the value is compared, plus invalid and divbyzero */
                he &= FP_EXC_INVALID | FP_EXC_DIVBYZERO;
                e &= FP_EXC_INVALID | FP_EXC_DIVBYZERO;
                uint64_t want = h_bits(z);
                /* gcc may evaluate the operands of a commutative _Float16 op in
                 * either order: with two NaNs, either (quieted) one is right */
                if ((op == 0 || op == 2) && tu_is_nan(FP_F16, a) && tu_is_nan(FP_F16, b) &&
                    (r == (a | 0x200) || r == (b | 0x200)))
                    want = r;
                check(what, m, a, want, he, st, r, e, 1);
            }
        }
        fesetround(FE_TONEAREST);
    }
}

/* float -> bf16 by bits (the test's own rounding, independent of the core) */
static uint64_t bf16_round(float f, int rtz)
{
    uint32_t u = (uint32_t)f_bits(f);
    if ((u & 0x7f800000u) == 0x7f800000u && (u & 0x7fffffu)) return (u >> 16) | 0x40;   /* NaN: quiet */
    if (rtz) return u >> 16;
    return (u + 0x7fffu + ((u >> 16) & 1)) >> 16;
}

static float bf_of(uint64_t b) { return f_of(b << 16); }

static void bf16(const fp_policy *p, long n)
{
    static const char *const names[5] = { "add", "sub", "mul", "div", "sqrt" };
    for (int rtz = 0; rtz < 2; rtz++) {
        tu_test("bf16 add sub mul div sqrt %s, %ld random operands", rtz ? "rtz" : "rne", n);
        fesetround(rtz ? FE_TOWARDZERO : FE_TONEAREST);
        unsigned fl = FP_F_RND(rtz ? FP_RTZ : FP_RNE);
        for (long i = 0; i < n; i++) {
            uint64_t a = tu_operand(FP_BF16), b = tu_operand(FP_BF16);
            for (int op = 0; op < 5; op++) {
                volatile float x = bf_of(a), y = bf_of(b), z;
                uint64_t r = 0;
                int st;
                switch (op) {
                case 0: z = x + y; break;
                case 1: z = x - y; break;
                case 2: z = x * y; break;
                case 3: z = x / y; break;
                default: z = sqrtf(x); break;
                }
                switch (op) {
                case 0: st = fp_add(FP_BF16, a, b, p, fl, &r, NULL); break;
                case 1: st = fp_sub(FP_BF16, a, b, p, fl, &r, NULL); break;
                case 2: st = fp_mul(FP_BF16, a, b, p, fl, &r, NULL); break;
                case 3: st = fp_div(FP_BF16, a, b, p, fl, &r, NULL); break;
                default: st = fp_sqrt(FP_BF16, a, p, fl, &r, NULL); break;
                }
                char what[32];
                snprintf(what, sizeof what, "bf16 %s b=%llx", names[op], (unsigned long long)b);
                check(what, rtz ? 1 : 0, a, bf16_round(z, rtz), 0, st, r, 0, 0);
            }
        }
    }
    fesetround(FE_TONEAREST);
}

int main(void)
{
    fp_policy p = tu_policy("x86_sse");
    widen(&p);
    narrow(&p, tu_count(250000));
    unary(&p);
    binary(&p, tu_count(250000));
    bf16(&p, tu_count(250000));
    return tu_finish();
}
