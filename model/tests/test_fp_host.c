/* test_fp_host.c - bit-exact agreement of the fp core with the host FPU
 * (x86-64 SSE, compiled with -ffp-contract=off -frounding-math).
 *
 * Policy: fp_policy_x86_sse (x86 NaN rules: first NaN operand, quieted;
 * default NaN 0xffc00000; tininess after rounding), so NaN results are
 * compared bit for bit.  Exceptions are compared too: invalid, divbyzero,
 * overflow, underflow, inexact (fetestexcept) and denormal (MXCSR.DE).
 *
 *  1. f32 and f64 add, sub, mul, div, fma (fmaf/fma), sqrt on random
 *     operands biased toward edge exponents, in RNE, RTZ, RUP, RDN
 *     (1e6 per op and mode; GPUREF_FP_N overrides); the inline fp32 fast path
 *     in RNE as well.
 *  2. conversions f32<->f64, f32/f64 -> i16/u16/i32/u32/i64/u64 (value
 *     compared where the host result is defined, invalid required
 *     elsewhere), i32/u32/i64/u64 -> f32/f64 (1e6 per conversion and mode).
 *  3. the full cross product of the special-value table for every binary op
 *     and fma, every mode; min/max against MINSS/MAXSS (FP_MM_LEGACY_GT);
 *     the 16 compare predicates against C comparisons.
 *  4. MXCSR.FTZ + DAZ against a policy with denorm_in/out = FLUSH (1e5).
 * Two x86 quirks are masked, not imitated: CVT(T)SS2SI/SD2SI report no #D,
 * and SQRT of a negative denormal reports #D together with #I.
 */
#include <fenv.h>
#include <math.h>
#include <string.h>
#include <xmmintrin.h>
#include <emmintrin.h>
#include "fp_testutil.h"
#include "testutil.h"

/* gcc ignores "#pragma STDC FENV_ACCESS"; -frounding-math does its job */

static const int host_modes[4] = { FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD };
static const int our_modes[4] = { FP_RNE, FP_RTZ, FP_RUP, FP_RDN };
static const char *const mode_names[4] = { "rne", "rtz", "rup", "rdn" };

static void host_clear(void)
{
    feclearexcept(FE_ALL_EXCEPT);
    _mm_setcsr(_mm_getcsr() & ~0x3fu);
}

static unsigned host_exc(void)
{
    unsigned e = 0, csr = _mm_getcsr();
    if (fetestexcept(FE_INVALID)) e |= FP_EXC_INVALID;
    if (fetestexcept(FE_DIVBYZERO)) e |= FP_EXC_DIVBYZERO;
    if (fetestexcept(FE_OVERFLOW)) e |= FP_EXC_OVERFLOW;
    if (fetestexcept(FE_UNDERFLOW)) e |= FP_EXC_UNDERFLOW;
    if (fetestexcept(FE_INEXACT)) e |= FP_EXC_INEXACT;
    if (csr & 0x2) e |= FP_EXC_DENORMAL;
    return e;
}

static float f32of(uint64_t b) { uint32_t u = (uint32_t)b; float f; memcpy(&f, &u, 4); return f; }
static double f64of(uint64_t b) { double d; memcpy(&d, &b, 8); return d; }
static uint64_t bits32(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static uint64_t bits64(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }

enum { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_FMA, OP_SQRT, NOPS };
static const char *const op_names[NOPS] = { "add", "sub", "mul", "div", "fma", "sqrt" };

/* host result of op in format f (FP_F32 or FP_F64) in the current mode */
static uint64_t host_op(int op, fp_fmt f, uint64_t a, uint64_t b, uint64_t c)
{
    if (f == FP_F32) {
        volatile float x = f32of(a), y = f32of(b), z = f32of(c), r;
        switch (op) {
        case OP_ADD: r = x + y; break;
        case OP_SUB: r = x - y; break;
        case OP_MUL: r = x * y; break;
        case OP_DIV: r = x / y; break;
        case OP_FMA: r = fmaf(x, y, z); break;
        default:     r = sqrtf(x); break;
        }
        return bits32(r);
    } else {
        volatile double x = f64of(a), y = f64of(b), z = f64of(c), r;
        switch (op) {
        case OP_ADD: r = x + y; break;
        case OP_SUB: r = x - y; break;
        case OP_MUL: r = x * y; break;
        case OP_DIV: r = x / y; break;
        case OP_FMA: r = fma(x, y, z); break;
        default:     r = sqrt(x); break;
        }
        return bits64(r);
    }
}

static int our_op(int op, fp_fmt f, uint64_t a, uint64_t b, uint64_t c, const fp_policy *p, unsigned fl,
                  uint64_t *r, unsigned *e)
{
    switch (op) {
    case OP_ADD: return fp_add(f, a, b, p, fl, r, e);
    case OP_SUB: return fp_sub(f, a, b, p, fl, r, e);
    case OP_MUL: return fp_mul(f, a, b, p, fl, r, e);
    case OP_DIV: return fp_div(f, a, b, p, fl, r, e);
    case OP_FMA: return fp_fma(f, a, b, c, p, fl, r, e);
    default:     return fp_sqrt(f, a, p, fl, r, e);
    }
}

/* the inline fp32 fast-path wrappers (flags 0: the policy's RNE) */
static int fast_op(int op, uint32_t a, uint32_t b, uint32_t c, const fp_policy *p, uint32_t *r, unsigned *e)
{
    switch (op) {
    case OP_ADD: return fp32_add(a, b, p, 0, r, e);
    case OP_SUB: return fp32_sub(a, b, p, 0, r, e);
    case OP_MUL: return fp32_mul(a, b, p, 0, r, e);
    default:     return fp32_fma(a, b, c, p, 0, r, e);
    }
}

static void check_op(int op, fp_fmt f, int m, uint64_t a, uint64_t b, uint64_t c, const fp_policy *p,
                     const char *tag)
{
    host_clear();
    uint64_t h = host_op(op, f, a, b, c);
    unsigned he = host_exc();
    uint64_t r = 0;
    unsigned e = 0;
    int st = our_op(op, f, a, b, c, p, FP_F_RND(our_modes[m]), &r, &e);
    /* x86 reports #D together with #I for SQRT of a negative denormal, while
     * for the other ops #I/#Z take precedence over #D; the fp core applies
     * the latter rule everywhere (knob denorm_exc), so ignore DE there */
    if (op == OP_SQRT && (fp_classify(f, a) & FP_CLASS_NEG_DEN)) he &= ~FP_EXC_DENORMAL;
    tu_check(st == 0 && r == h && e == he, "%s %s %s %s a=%llx b=%llx c=%llx: host %llx exc %02x, ours %llx exc %02x st %d",
             tag, fp_fmt_name(f), op_names[op], mode_names[m], (unsigned long long)a, (unsigned long long)b,
             (unsigned long long)c, (unsigned long long)h, he, (unsigned long long)r, e, st);
    if (f == FP_F32 && m == 0 && op <= OP_FMA && op != OP_DIV) {
        uint32_t r32 = 0;
        e = 0;
        st = fast_op(op, (uint32_t)a, (uint32_t)b, (uint32_t)c, p, &r32, &e);
        tu_check(st == 0 && r32 == h && e == he, "%s fp32_%s (inline) a=%llx b=%llx c=%llx: host %llx exc %02x, ours %x exc %02x",
                 tag, op_names[op], (unsigned long long)a, (unsigned long long)b, (unsigned long long)c,
                 (unsigned long long)h, he, r32, e);
    }
}

static void random_ops(const fp_policy *p, long n, const char *tag)
{
    static const fp_fmt fmts[2] = { FP_F32, FP_F64 };
    for (int fi = 0; fi < 2; fi++)
        for (int op = 0; op < NOPS; op++)
            for (int m = 0; m < 4; m++) {
                tu_test("%s %s %s %s, %ld random operands", tag, fp_fmt_name(fmts[fi]), op_names[op], mode_names[m], n);
                fesetround(host_modes[m]);
                for (long i = 0; i < n; i++) {
                    uint64_t a = tu_operand(fmts[fi]), b = tu_operand(fmts[fi]), c = tu_operand(fmts[fi]);
                    if (op == OP_SQRT && (tu_rand() & 1)) a &= ~((uint64_t)1 << (fp_fmt_bits(fmts[fi]) - 1));
                    check_op(op, fmts[fi], m, a, b, c, p, tag);
                }
                fesetround(FE_TONEAREST);
            }
}

/* ----------------------------------------------------------- conversions */

enum { CV_F2F, CV_F2I, CV_I2F };

static int64_t host_f2i(fp_fmt src, uint64_t a, int trunc, int wide)
{
    if (src == FP_F32) {
        __m128 v = _mm_set_ss(f32of(a));
        if (wide) return trunc ? _mm_cvttss_si64(v) : _mm_cvtss_si64(v);
        return trunc ? _mm_cvttss_si32(v) : _mm_cvtss_si32(v);
    }
    __m128d v = _mm_set_sd(f64of(a));
    if (wide) return trunc ? _mm_cvttsd_si64(v) : _mm_cvtsd_si64(v);
    return trunc ? _mm_cvttsd_si32(v) : _mm_cvtsd_si32(v);
}

static void check_f2i(fp_int it, fp_fmt src, int m, int trunc, uint64_t a, const fp_policy *p)
{
    static const char *const in[FP_NINT] = { "i16", "u16", "i32", "u32", "i64", "u64" };
    int wide = it != FP_I32;                 /* i32 direct; others via the 64-bit convert */
    host_clear();
    int64_t hv = host_f2i(src, a, trunc, wide);
    unsigned he = host_exc();
    int big = 0;                            /* u64 in [2^63, 2^64): integers, via x - 2^63 */
    if (it == FP_U64) {
        double x = src == FP_F32 ? (double)f32of(a) : f64of(a);
        if (x >= 9223372036854775808.0 && x < 18446744073709551616.0) {
            hv = (int64_t)(uint64_t)(x - 9223372036854775808.0);   /* exact */
            he = 0;
            big = 1;
        }
    }
    uint64_t r = 0;
    unsigned e = 0;
    unsigned fl = FP_F_RND(trunc ? FP_RTZ : our_modes[m]);
    int st = fp_to_int(it, src, a, p, fl, &r, &e);
    /* CVT(T)SS2SI/SD2SI do not report #D (Intel SDM: "Invalid, Precision"
     * only); the fp core reports a denormal operand for every operation */
    e &= ~FP_EXC_DENORMAL;
    /* the host value is defined when it is in the target range */
    int64_t lo, hi;
    switch (it) {
    case FP_I16: lo = -32768; hi = 32767; break;
    case FP_U16: lo = 0; hi = 65535; break;
    case FP_I32: lo = INT32_MIN; hi = INT32_MAX; break;
    case FP_U32: lo = 0; hi = UINT32_MAX; break;
    default:     lo = INT64_MIN; hi = INT64_MAX; break;
    }
    int host_invalid = (he & FP_EXC_INVALID) != 0;
    if (big || (!host_invalid && hv >= lo && hv <= hi && !(it == FP_U64 && hv < 0))) {
        uint64_t want = (uint64_t)hv & (it == FP_I16 || it == FP_U16 ? 0xffffu
                                        : it == FP_I32 || it == FP_U32 ? 0xffffffffu : ~(uint64_t)0);
        if (big) want += (uint64_t)1 << 63;
        tu_check(st == 0 && r == want && e == he, "%s->%s %s%s a=%llx: host %llx exc %02x, ours %llx exc %02x",
                 fp_fmt_name(src), in[it], trunc ? "trunc " : "", mode_names[m], (unsigned long long)a,
                 (unsigned long long)want, he, (unsigned long long)r, e);
    } else {
        /* out of the target range or NaN: ours must say invalid */
        tu_check(st == 0 && (e & FP_EXC_INVALID), "%s->%s %s a=%llx: out of range, ours exc %02x",
                 fp_fmt_name(src), in[it], mode_names[m], (unsigned long long)a, e);
    }
}

static uint64_t host_i2f(fp_fmt dst, fp_int it, uint64_t v)
{
    if (dst == FP_F32) {
        volatile float r;
        switch (it) {
        case FP_I32: r = (float)(int32_t)v; break;
        case FP_U32: r = (float)(uint32_t)v; break;
        case FP_I64: r = (float)(int64_t)v; break;
        default:     r = (float)v; break;
        }
        return bits32(r);
    }
    volatile double r;
    switch (it) {
    case FP_I32: r = (double)(int32_t)v; break;
    case FP_U32: r = (double)(uint32_t)v; break;
    case FP_I64: r = (double)(int64_t)v; break;
    default:     r = (double)v; break;
    }
    return bits64(r);
}

static uint64_t rand_int(fp_int it)
{
    uint64_t v = tu_rand();
    int w = it == FP_I32 || it == FP_U32 ? 32 : 64;
    v >>= tu_rand() % w;                     /* all magnitudes */
    if ((it == FP_I32 || it == FP_I64) && (tu_rand() & 1)) v = 0 - v;
    return w == 32 ? v & 0xffffffffu : v;
}

static void conversions(const fp_policy *p, long n)
{
    static const fp_int ints[] = { FP_I16, FP_U16, FP_I32, FP_U32, FP_I64, FP_U64 };
    static const fp_int iints[] = { FP_I32, FP_U32, FP_I64, FP_U64 };
    for (int m = 0; m < 4; m++) {
        tu_test("conversions f32<->f64, float<->int %s, %ld random operands", mode_names[m], n);
        fesetround(host_modes[m]);
        for (long i = 0; i < n; i++) {
            /* f32 <-> f64 */
            uint64_t a = tu_operand(FP_F32), d = tu_operand(FP_F64), r;
            unsigned e = 0, he;
            host_clear();
            { volatile float x = f32of(a); volatile double y = x; r = bits64(y); }
            he = host_exc();
            uint64_t o = 0;
            int st = fp_convert(FP_F64, FP_F32, a, p, FP_F_RND(our_modes[m]), &o, &e);
            tu_check(st == 0 && o == r && e == he, "f32->f64 %s a=%llx: host %llx/%02x ours %llx/%02x", mode_names[m],
                     (unsigned long long)a, (unsigned long long)r, he, (unsigned long long)o, e);
            host_clear();
            { volatile double x = f64of(d); volatile float y = (float)x; r = bits32(y); }
            he = host_exc();
            e = 0;
            st = fp_convert(FP_F32, FP_F64, d, p, FP_F_RND(our_modes[m]), &o, &e);
            tu_check(st == 0 && o == r && e == he, "f64->f32 %s a=%llx: host %llx/%02x ours %llx/%02x", mode_names[m],
                     (unsigned long long)d, (unsigned long long)r, he, (unsigned long long)o, e);
            /* float -> int: operands near the integer ranges */
            for (size_t k = 0; k < sizeof ints / sizeof ints[0]; k++) {
                fp_int it = ints[k];
                int w = it <= FP_U16 ? 16 : it <= FP_U32 ? 32 : 64;
                for (int src = 0; src < 2; src++) {
                    fp_fmt sf = src ? FP_F64 : FP_F32;
                    uint64_t x = tu_operand(sf);
                    if (tu_rand() & 1) {         /* magnitude in [2^-2, 2^w] */
                        int P = sf == FP_F32 ? 23 : 52, bias = sf == FP_F32 ? 127 : 1023;
                        uint64_t ex = (uint64_t)(bias - 2 + (int)(tu_rand() % (uint64_t)(w + 3)));
                        x = (x & ~((((uint64_t)1 << (sf == FP_F32 ? 8 : 11)) - 1) << P)) | (ex << P);
                    }
                    check_f2i(it, sf, m, 0, x, p);
                    if (m == 0) check_f2i(it, sf, m, 1, x, p);
                }
            }
            /* int -> float */
            for (size_t k = 0; k < sizeof iints / sizeof iints[0]; k++) {
                fp_int it = iints[k];
                uint64_t v = rand_int(it);
                for (int dst = 0; dst < 2; dst++) {
                    fp_fmt df = dst ? FP_F64 : FP_F32;
                    host_clear();
                    r = host_i2f(df, it, v);
                    he = host_exc();
                    e = 0;
                    st = fp_from_int(df, it, v, p, FP_F_RND(our_modes[m]), &o, &e);
                    tu_check(st == 0 && o == r && e == he, "int(%d)->%s %s v=%llx: host %llx/%02x ours %llx/%02x",
                             (int)it, fp_fmt_name(df), mode_names[m], (unsigned long long)v, (unsigned long long)r,
                             he, (unsigned long long)o, e);
                }
            }
        }
        fesetround(FE_TONEAREST);
    }
}

/* ------------------------------------------------------------ specials */

static void specials(const fp_policy *p)
{
    static const fp_fmt fmts[2] = { FP_F32, FP_F64 };
    for (int fi = 0; fi < 2; fi++) {
        fp_fmt f = fmts[fi];
        uint64_t s[32];
        int n = tu_specials(f, s);
        for (int m = 0; m < 4; m++) {
            tu_test("%s add sub mul div fma sqrt %s, the special-value cross product", fp_fmt_name(f), mode_names[m]);
            fesetround(host_modes[m]);
            for (int i = 0; i < n; i++) {
                check_op(OP_SQRT, f, m, s[i], 0, 0, p, "special");
                for (int j = 0; j < n; j++) {
                    for (int op = OP_ADD; op <= OP_DIV; op++) check_op(op, f, m, s[i], s[j], 0, p, "special");
                    for (int k = 0; k < n; k++) check_op(OP_FMA, f, m, s[i], s[j], s[k], p, "special");
                }
            }
            fesetround(FE_TONEAREST);
        }
        /* min/max: MINSS/MAXSS = (a < b) ? a : b, (a > b) ? a : b */
        tu_test("%s min max (MINSS/MAXSS), the special-value cross product", fp_fmt_name(f));
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                uint64_t hmin, hmax, r;
                unsigned he, e = 0;
                int st;
                if (f == FP_F32) {
                    __m128 x = _mm_set_ss(f32of(s[i])), y = _mm_set_ss(f32of(s[j]));
                    host_clear();
                    hmin = bits32(_mm_cvtss_f32(_mm_min_ss(x, y)));
                    hmax = bits32(_mm_cvtss_f32(_mm_max_ss(x, y)));
                } else {
                    __m128d x = _mm_set_sd(f64of(s[i])), y = _mm_set_sd(f64of(s[j]));
                    host_clear();
                    hmin = bits64(_mm_cvtsd_f64(_mm_min_sd(x, y)));
                    hmax = bits64(_mm_cvtsd_f64(_mm_max_sd(x, y)));
                }
                he = host_exc();
                st = fp_min(f, FP_MM_LEGACY_GT, s[i], s[j], p, 0, &r, &e);
                tu_check(st == 0 && r == hmin, "%s minss %llx %llx: host %llx ours %llx", fp_fmt_name(f),
                         (unsigned long long)s[i], (unsigned long long)s[j], (unsigned long long)hmin,
                         (unsigned long long)r);
                st = fp_max(f, FP_MM_LEGACY_GT, s[i], s[j], p, 0, &r, &e);
                tu_check(st == 0 && r == hmax, "%s maxss %llx %llx: host %llx ours %llx", fp_fmt_name(f),
                         (unsigned long long)s[i], (unsigned long long)s[j], (unsigned long long)hmax,
                         (unsigned long long)r);
                /* MINSS/MAXSS signal invalid on any NaN operand */
                tu_check((e & FP_EXC_INVALID) == (he & FP_EXC_INVALID) ||
                         (tu_is_nan(f, s[i]) || tu_is_nan(f, s[j])),
                         "%s minss flags %llx %llx", fp_fmt_name(f), (unsigned long long)s[i],
                         (unsigned long long)s[j]);
            }
        /* compares: C relational operators are signaling, == != quiet */
        tu_test("%s compares, 12 predicates, the special-value cross product", fp_fmt_name(f));
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                static const struct { fp_pred pr; int sig; const char *name; } preds[] = {
                    { FP_CMP_LT, 1, "<" }, { FP_CMP_LE, 1, "<=" }, { FP_CMP_GT, 1, ">" }, { FP_CMP_GE, 1, ">=" },
                    { FP_CMP_EQ, 0, "==" }, { FP_CMP_NEQ, 0, "!=" }, { FP_CMP_U, 0, "unord" },
                    { FP_CMP_O, 0, "ord" }, { FP_CMP_NLT, 1, "!<" }, { FP_CMP_NGE, 1, "!>=" },
                    { FP_CMP_LG, 1, "<>" }, { FP_CMP_NLG, 1, "!<>" },
                };
                for (size_t k = 0; k < sizeof preds / sizeof preds[0]; k++) {
                    int hv, res = -1;
                    unsigned e = 0;
                    host_clear();
                    if (f == FP_F32) {
                        volatile float x = f32of(s[i]), y = f32of(s[j]);
                        switch (k) {
                        case 0: hv = x < y; break;  case 1: hv = x <= y; break;
                        case 2: hv = x > y; break;  case 3: hv = x >= y; break;
                        case 4: hv = x == y; break; case 5: hv = x != y; break;
                        case 6: hv = isunordered(x, y); break; case 7: hv = !isunordered(x, y); break;
                        case 8: hv = !(x < y); break; case 9: hv = !(x >= y); break;
                        case 10: hv = x < y || x > y; break; default: hv = !(x < y || x > y); break;
                        }
                    } else {
                        volatile double x = f64of(s[i]), y = f64of(s[j]);
                        switch (k) {
                        case 0: hv = x < y; break;  case 1: hv = x <= y; break;
                        case 2: hv = x > y; break;  case 3: hv = x >= y; break;
                        case 4: hv = x == y; break; case 5: hv = x != y; break;
                        case 6: hv = isunordered(x, y); break; case 7: hv = !isunordered(x, y); break;
                        case 8: hv = !(x < y); break; case 9: hv = !(x >= y); break;
                        case 10: hv = x < y || x > y; break; default: hv = !(x < y || x > y); break;
                        }
                    }
                    unsigned he = host_exc() & FP_EXC_INVALID;
                    int st = fp_cmp(f, preds[k].pr, s[i], s[j], p, preds[k].sig ? FP_F_SIGNALING : 0, &res, &e);
                    tu_check(st == 0 && res == hv && (e & FP_EXC_INVALID) == he,
                             "%s cmp %s %llx %llx: host %d inv %x, ours %d inv %x", fp_fmt_name(f), preds[k].name,
                             (unsigned long long)s[i], (unsigned long long)s[j], hv, he, res, e & FP_EXC_INVALID);
                }
            }
    }
}

/* ------------------------------------------------------------ FTZ / DAZ */

static void ftz_daz(long n)
{
    fp_policy p = fp_policy_x86_sse;
    p.denorm_in[FP_F32] = p.denorm_in[FP_F64] = FP_DENORM_FLUSH;
    p.denorm_out[FP_F32] = p.denorm_out[FP_F64] = FP_DENORM_FLUSH;
    p.name = "x86_sse+ftz+daz";
    if (fp_policy_seal(&p, NULL, 0)) { tu_test("seal the ftz/daz policy"); tu_check(0, "seal ftz policy"); return; }
    unsigned csr = _mm_getcsr();
    _mm_setcsr(csr | 0x8040u);              /* FTZ (bit 15), DAZ (bit 6) */
    random_ops(&p, n, "ftz/daz");
    for (int m = 0; m < 4; m++) {
        tu_test("ftz/daz conversions f32<->f64 %s, %ld random operands", mode_names[m], n);
        fesetround(host_modes[m]);
        for (long i = 0; i < n; i++) {
            uint64_t d = tu_operand(FP_F64), a = tu_operand(FP_F32), r, o;
            unsigned e = 0, he;
            host_clear();
            { volatile double x = f64of(d); volatile float y = (float)x; r = bits32(y); }
            he = host_exc();
            int st = fp_convert(FP_F32, FP_F64, d, &p, FP_F_RND(our_modes[m]), &o, &e);
            tu_check(st == 0 && o == r && e == he, "ftz/daz f64->f32 %s a=%llx: host %llx/%02x ours %llx/%02x",
                     mode_names[m], (unsigned long long)d, (unsigned long long)r, he, (unsigned long long)o, e);
            host_clear();
            { volatile float x = f32of(a); volatile double y = x; r = bits64(y); }
            he = host_exc();
            e = 0;
            st = fp_convert(FP_F64, FP_F32, a, &p, FP_F_RND(our_modes[m]), &o, &e);
            tu_check(st == 0 && o == r && e == he, "ftz/daz f32->f64 %s a=%llx: host %llx/%02x ours %llx/%02x",
                     mode_names[m], (unsigned long long)a, (unsigned long long)r, he, (unsigned long long)o, e);
        }
        fesetround(FE_TONEAREST);
    }
    _mm_setcsr(csr);
}

int main(void)
{
    fp_policy p = tu_policy("x86_sse");
    long n = tu_count(1000000);
    random_ops(&p, n, "random");
    conversions(&p, n);
    specials(&p);
    ftz_daz(tu_count(100000));
    return tu_finish();
}
