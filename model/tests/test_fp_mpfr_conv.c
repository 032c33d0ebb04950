/* test_fp_mpfr_conv.c - conversions that involve f16, bf16, E4M3 and E5M2,
 * and fma in f16/bf16/f32, against MPFR (each format emulated with MPFR's
 * precision, exponent range and mpfr_subnormalize; E4M3's top code 0x7f is
 * NaN, so a rounded magnitude above 448 is its overflow).
 *
 *  1. E4M3 and E5M2 -> f16, bf16, f32, f64: all 256 inputs, exact;
 *  2. f16 -> E4M3/E5M2: all 65,536 inputs, 4 modes, overflow IEEE and SAT;
 *  3. f32 and f64 -> E4M3/E5M2/f16/bf16: random inputs biased to the target
 *     range (2e5 per pair and mode), both overflow knobs;
 *  4. fma in f16, bf16, f32: random biased operands (2e5 per mode);
 *  5. integers (i16..u64) -> f16, bf16, E4M3, E5M2, 4 modes;
 *  6. f16, bf16, E4M3, E5M2 -> integers, 4 modes (exhaustive for the 8-bit
 *     formats), under the rdna4 policy (NaN -> 0, saturate).
 * Compared: value (NaN as "is NaN" except where the payload rule is fixed),
 * and the invalid, overflow and inexact flags.
 */
#include <inttypes.h>   /* before mpfr.h: mpfr_get_uj/mpfr_set_uj */
#include <string.h>
#include <mpfr.h>
#include "fp_testutil.h"
#include "testutil.h"

typedef struct emu { fp_fmt f; int prec; mpfr_exp_t emin, emax; int ebits, mbits, bias; } emu;
static const emu EMU[FP_NFMT] = {
    [FP_F16]  = { FP_F16, 11, -23, 16, 5, 10, 15 },
    [FP_BF16] = { FP_BF16, 8, -132, 128, 8, 7, 127 },
    [FP_F32]  = { FP_F32, 24, -148, 128, 8, 23, 127 },
    [FP_F64]  = { FP_F64, 53, -1073, 1024, 11, 52, 1023 },
    [FP_E4M3] = { FP_E4M3, 4, -8, 9, 4, 3, 7 },         /* 1.111b * 2^8 = 480 is the NaN code */
    [FP_E5M2] = { FP_E5M2, 3, -15, 16, 5, 2, 15 },
};

static const mpfr_rnd_t mpfr_modes[4] = { MPFR_RNDN, MPFR_RNDZ, MPFR_RNDU, MPFR_RNDD };
static const int our_modes[4] = { FP_RNE, FP_RTZ, FP_RUP, FP_RDN };
static const char *const mode_names[4] = { "rne", "rtz", "rup", "rdn" };

static void to_mpfr(fp_fmt f, uint64_t bits, mpfr_t x)
{
    const emu *E = &EMU[f];
    unsigned c = fp_classify(f, bits);
    uint64_t mant = bits & (((uint64_t)1 << E->mbits) - 1);
    uint64_t ef = (bits >> E->mbits) & (((uint64_t)1 << E->ebits) - 1);
    int neg = (int)(bits >> (E->ebits + E->mbits)) & 1;
    if (c & (FP_CLASS_SNAN | FP_CLASS_QNAN)) { mpfr_set_nan(x); return; }
    if (c & (FP_CLASS_POS_INF | FP_CLASS_NEG_INF)) { mpfr_set_inf(x, neg ? -1 : 1); return; }
    if (c & (FP_CLASS_POS_ZERO | FP_CLASS_NEG_ZERO)) { mpfr_set_zero(x, neg ? -1 : 1); return; }
    if (ef == 0) mpfr_set_ui(x, (unsigned long)mant, MPFR_RNDN), ef = 1;
    else mpfr_set_ui(x, (unsigned long)(mant | ((uint64_t)1 << E->mbits)), MPFR_RNDN);
    mpfr_mul_2si(x, x, (long)ef - E->bias - E->mbits, MPFR_RNDN);
    if (neg) mpfr_neg(x, x, MPFR_RNDN);
}

/* y rounded to format f's precision and range -> pattern (E4M3: |y| > 448
 * is handled by the caller) */
static uint64_t from_mpfr(fp_fmt f, mpfr_t y)
{
    const emu *E = &EMU[f];
    uint64_t S = (uint64_t)(mpfr_signbit(y) ? 1 : 0) << (E->ebits + E->mbits);
    uint64_t emaxf = ((uint64_t)1 << E->ebits) - 1;
    if (mpfr_nan_p(y)) return emaxf << E->mbits | ((uint64_t)1 << (E->mbits - 1)) | (f == FP_E4M3 ? 7 : 0);
    if (mpfr_inf_p(y)) return S | (emaxf << E->mbits) | (f == FP_E4M3 ? 7 : 0);
    if (mpfr_zero_p(y)) return S;
    long e = mpfr_get_exp(y) - 1;
    mpfr_t t;
    mpfr_init2(t, 64);
    mpfr_abs(t, y, MPFR_RNDN);
    uint64_t out;
    if (e >= 1 - E->bias) {
        mpfr_mul_2si(t, t, E->mbits - e, MPFR_RNDN);
        uint64_t m = mpfr_get_uj(t, MPFR_RNDN);
        out = S | ((uint64_t)(e + E->bias) << E->mbits) | (m & (((uint64_t)1 << E->mbits) - 1));
    } else {
        mpfr_mul_2si(t, t, E->mbits + E->bias - 1, MPFR_RNDN);
        out = S | mpfr_get_uj(t, MPFR_RNDN);
    }
    mpfr_clear(t);
    return out;
}

static mpfr_t X, Y, Z, W;

/* Round X (exact) into format f in mode m with overflow handling sat:
 * expected pattern and flags (invalid, overflow, inexact). */
static uint64_t expect(fp_fmt f, int m, int sat, unsigned *exc)
{
    const emu *E = &EMU[f];
    unsigned e = 0;
    mpfr_set_prec(Y, E->prec);
    if (mpfr_nan_p(X)) { *exc = 0; return from_mpfr(f, X); }
    int neg = mpfr_signbit(X) != 0;
    uint64_t S = (uint64_t)neg << (E->ebits + E->mbits);
    uint64_t maxp = S | (f == FP_E4M3 ? 0x7e : ((((uint64_t)1 << E->ebits) - 2) << E->mbits) | (((uint64_t)1 << E->mbits) - 1));
    if (mpfr_inf_p(X)) {
        *exc = 0;
        if (f == FP_E4M3 || f == FP_E5M2) {
            if (sat) return maxp;
            if (f == FP_E4M3) { *exc = FP_EXC_INVALID; return S | 0x7f; }
        }
        return from_mpfr(f, X);
    }
    mpfr_set_emin(E->emin);
    mpfr_set_emax(E->emax);
    mpfr_clear_flags();
    int t = mpfr_set(Y, X, mpfr_modes[m]);
    t = mpfr_check_range(Y, t, mpfr_modes[m]);
    mpfr_subnormalize(Y, t, mpfr_modes[m]);
    if (mpfr_inexflag_p()) e |= FP_EXC_INEXACT;
    int ovf = mpfr_overflow_p();
    mpfr_set_emin(mpfr_get_emin_min());
    mpfr_set_emax(mpfr_get_emax_max());
    if (f == FP_E4M3 && !mpfr_inf_p(Y) && mpfr_cmpabs_ui(Y, 448) > 0) ovf = 1;
    if (ovf) {
        e |= FP_EXC_OVERFLOW | FP_EXC_INEXACT;
        int to_inf = m == 0 || (m == 2 && !neg) || (m == 3 && neg);
        *exc = e;
        if (sat || !to_inf) return maxp;
        return S | (f == FP_E4M3 ? 0x7f : (((uint64_t)1 << E->ebits) - 1) << E->mbits);
    }
    *exc = e;
    return from_mpfr(f, Y);
}

static void check_convert(fp_fmt dst, fp_fmt src, uint64_t a, int m, int sat, const fp_policy *p)
{
    unsigned we, e = 0;
    to_mpfr(src, a, X);
    uint64_t want = expect(dst, m, sat, &we), r = 0;
    if (fp_classify(src, a) & FP_CLASS_SNAN) we |= FP_EXC_INVALID;
    int st = fp_convert(dst, src, a, p, FP_F_RND(our_modes[m]) | (sat ? FP_F_OVF_SAT : FP_F_OVF_IEEE), &r, &e);
    e &= FP_EXC_INVALID | FP_EXC_OVERFLOW | FP_EXC_INEXACT;
    int ok = st == 0 && e == we && (mpfr_nan_p(X) ? tu_is_nan(dst, r) : r == want);
    tu_check(ok, "%s->%s %s%s a=%llx: mpfr %llx exc %02x, ours %llx exc %02x st %d", fp_fmt_name(src),
             fp_fmt_name(dst), mode_names[m], sat ? " sat" : "", (unsigned long long)a, (unsigned long long)want,
             we, (unsigned long long)r, e, st);
}

/* random pattern of src with magnitude near dst's range */
static uint64_t near_range(fp_fmt src, fp_fmt dst)
{
    const emu *S = &EMU[src], *D = &EMU[dst];
    uint64_t a = tu_operand(src);
    if (tu_rand() % 4 == 0) return a;
    int lo = 1 - D->bias - D->mbits - 3, hi = (int)D->emax + 2;          /* unbiased exponents */
    int ex = lo + (int)(tu_rand() % (uint64_t)(hi - lo + 1));
    uint64_t ef = (uint64_t)(ex + S->bias);
    uint64_t m = a & (((uint64_t)1 << S->mbits) - 1);
    if (tu_rand() & 1) m &= ~(((uint64_t)1 << (S->mbits - D->mbits - 1)) - 1) | (tu_rand() & 3); /* near ties */
    return (a & ((uint64_t)1 << (S->ebits + S->mbits))) | (ef << S->mbits) | m;
}

static void eight_bit(const fp_policy *p, long n)
{
    static const fp_fmt wide[4] = { FP_F16, FP_BF16, FP_F32, FP_F64 };
    static const fp_fmt narrow8[2] = { FP_E4M3, FP_E5M2 };
    for (int k = 0; k < 2; k++) {
        tu_test("%s -> f16 bf16 f32 f64, every input", fp_fmt_name(narrow8[k]));
        for (uint64_t a = 0; a < 256; a++)
            for (int w = 0; w < 4; w++) check_convert(wide[w], narrow8[k], a, 0, 0, p);
    }
    for (int k = 0; k < 2; k++)
        for (int m = 0; m < 4; m++)
            for (int sat = 0; sat < 2; sat++) {
                tu_test("f16 -> %s %s%s, every f16 input", fp_fmt_name(narrow8[k]), mode_names[m], sat ? " sat" : "");
                for (uint64_t a = 0; a < 65536; a++) check_convert(narrow8[k], FP_F16, a, m, sat, p);
            }
    static const fp_fmt dsts[4] = { FP_E4M3, FP_E5M2, FP_F16, FP_BF16 };
    for (int s = 0; s < 2; s++) {
        fp_fmt src = s ? FP_F64 : FP_F32;
        for (int d = 0; d < 4; d++)
            for (int m = 0; m < 4; m++)
                for (int sat = 0; sat < 2; sat++) {
                    tu_test("%s -> %s %s%s, %ld operands near the range", fp_fmt_name(src), fp_fmt_name(dsts[d]),
                            mode_names[m], sat ? " sat" : "", n);
                    for (long i = 0; i < n; i++) check_convert(dsts[d], src, near_range(src, dsts[d]), m, sat, p);
                }
    }
}

static void fma_check(const fp_policy *p, long n)
{
    static const fp_fmt fmts[3] = { FP_F16, FP_BF16, FP_F32 };
    for (int fi = 0; fi < 3; fi++) {
        fp_fmt f = fmts[fi];
        for (int m = 0; m < 4; m++) {
            tu_test("%s fma %s vs mpfr, %ld random operands", fp_fmt_name(f), mode_names[m], n);
            for (long i = 0; i < n; i++) {
                uint64_t a = tu_operand(f), b = tu_operand(f), c = tu_operand(f), r = 0;
                if (tu_rand() & 1) {        /* make c close to -a*b: cancellation */
                    uint64_t pr;
                    fp_mul(f, a, b, p, 0, &pr, NULL);
                    c = fp_neg(f, pr) ^ (tu_rand() & 3);
                }
                unsigned we, e = 0;
                to_mpfr(f, a, X);
                to_mpfr(f, b, Z);
                to_mpfr(f, c, W);
                int anynan = mpfr_nan_p(X) || mpfr_nan_p(Z) || mpfr_nan_p(W);
                mpfr_clear_flags();
                mpfr_fma(X, X, Z, W, MPFR_RNDN);    /* exact: X has 1200 bits */
                int invalid = !anynan && mpfr_nanflag_p();
                uint64_t want = expect(f, m, 0, &we);
                if (invalid) we = FP_EXC_INVALID;
                /* exact zero sum: -0 only when both are -0 or rounding down */
                for (int k = 0; k < 3; k++) {
                    uint64_t v = k == 0 ? a : k == 1 ? b : c;
                    if (fp_classify(f, v) & FP_CLASS_SNAN) we |= FP_EXC_INVALID;
                }
                int st = fp_fma(f, a, b, c, p, FP_F_RND(our_modes[m]), &r, &e);
                e &= FP_EXC_INVALID | FP_EXC_OVERFLOW | FP_EXC_INEXACT;
                if (mpfr_zero_p(X)) {       /* MPFR's zero sign follows IEEE too, but check it by hand */
                    unsigned pa = fp_classify(f, a) & (FP_CLASS_NEG_ZERO | FP_CLASS_NEG_DEN | FP_CLASS_NEG_NORM);
                    unsigned pb = fp_classify(f, b) & (FP_CLASS_NEG_ZERO | FP_CLASS_NEG_DEN | FP_CLASS_NEG_NORM);
                    int ps = (pa != 0) != (pb != 0);
                    int cs = (fp_classify(f, c) & FP_CLASS_NEG_ZERO) != 0 || (fp_classify(f, c) & (FP_CLASS_NEG_DEN | FP_CLASS_NEG_NORM)) != 0;
                    int prodzero = (fp_classify(f, a) | fp_classify(f, b)) & (FP_CLASS_POS_ZERO | FP_CLASS_NEG_ZERO);
                    int czero = (fp_classify(f, c) & (FP_CLASS_POS_ZERO | FP_CLASS_NEG_ZERO)) != 0;
                    int s = (prodzero && czero && ps == cs) ? ps : (m == 3);
                    if (prodzero && !czero) s = cs;
                    want = (uint64_t)s << (EMU[f].ebits + EMU[f].mbits);
                }
                int ok = st == 0 && e == we && ((anynan || invalid) ? tu_is_nan(f, r) : r == want);
                tu_check(ok, "%s fma %s a=%llx b=%llx c=%llx: mpfr %llx exc %02x, ours %llx exc %02x st %d",
                         fp_fmt_name(f), mode_names[m], (unsigned long long)a, (unsigned long long)b,
                         (unsigned long long)c, (unsigned long long)want, we, (unsigned long long)r, e, st);
            }
        }
    }
}

static void from_ints(const fp_policy *p, long n)
{
    static const fp_fmt dsts[4] = { FP_F16, FP_BF16, FP_E4M3, FP_E5M2 };
    static const int widths[FP_NINT] = { 16, 16, 32, 32, 64, 64 };
    for (int it = 0; it < FP_NINT; it++)
        for (int d = 0; d < 4; d++)
            for (int m = 0; m < 4; m++) {
                tu_test("int%d(%s) -> %s %s vs mpfr, %ld random values", widths[it], (it & 1) == 0 ? "s" : "u",
                        fp_fmt_name(dsts[d]), mode_names[m], n);
                for (long i = 0; i < n; i++) {
                    int w = widths[it], sgn = (it & 1) == 0;
                    uint64_t v = tu_rand() >> (tu_rand() % 64);
                    if (w < 64) v &= ((uint64_t)1 << w) - 1;
                    if (sgn && (tu_rand() & 1)) v = (0 - v) & (w < 64 ? ((uint64_t)1 << w) - 1 : ~(uint64_t)0);
                    int neg = sgn && (v >> (w - 1));
                    uint64_t mag = neg ? ((0 - v) & (w < 64 ? ((uint64_t)1 << w) - 1 : ~(uint64_t)0)) : v;
                    mpfr_set_uj(X, mag, MPFR_RNDN);
                    if (neg) mpfr_neg(X, X, MPFR_RNDN);
                    unsigned we, e = 0;
                    uint64_t want = expect(dsts[d], m, 0, &we), r = 0;
                    int st = fp_from_int(dsts[d], (fp_int)it, v, p, FP_F_RND(our_modes[m]), &r, &e);
                    e &= FP_EXC_INVALID | FP_EXC_OVERFLOW | FP_EXC_INEXACT;
                    tu_check(st == 0 && r == want && e == we, "int%d(%s) %llx -> %s %s: mpfr %llx/%02x ours %llx/%02x",
                             w, sgn ? "s" : "u", (unsigned long long)v, fp_fmt_name(dsts[d]), mode_names[m],
                             (unsigned long long)want, we, (unsigned long long)r, e);
                }
            }
}

static void to_ints(const fp_policy *p, long n)
{
    static const fp_fmt srcs[4] = { FP_E4M3, FP_E5M2, FP_F16, FP_BF16 };
    static const int widths[FP_NINT] = { 16, 16, 32, 32, 64, 64 };
    for (int s = 0; s < 4; s++)
        for (int it = 0; it < FP_NINT; it++)
            for (int m = 0; m < 4; m++) {
                long cnt = srcs[s] == FP_E4M3 || srcs[s] == FP_E5M2 ? 256 : n;
                tu_test("%s -> int%d(%s) %s vs mpfr, %s", fp_fmt_name(srcs[s]), widths[it], (it & 1) == 0 ? "s" : "u",
                        mode_names[m], cnt == 256 ? "every input" : "random operands");
                for (long i = 0; i < cnt; i++) {
                    uint64_t a = cnt == 256 ? (uint64_t)i : tu_operand(srcs[s]), r = 0;
                    int w = widths[it], sgn = (it & 1) == 0;
                    unsigned e = 0, we = 0;
                    uint64_t want;
                    to_mpfr(srcs[s], a, X);
                    if (mpfr_nan_p(X)) {
                        want = 0;
                        we = FP_EXC_INVALID;
                    } else {
                        mpfr_set_prec(Y, 200);
                        int t = mpfr_rint(Y, X, mpfr_modes[m]);
                        mpz_t z, lo, hi;
                        mpz_inits(z, lo, hi, NULL);
                        mpfr_get_z(z, Y, MPFR_RNDN);
                        if (sgn) { mpz_ui_pow_ui(hi, 2, (unsigned long)w - 1); mpz_neg(lo, hi); mpz_sub_ui(hi, hi, 1); }
                        else { mpz_set_ui(lo, 0); mpz_ui_pow_ui(hi, 2, (unsigned long)w); mpz_sub_ui(hi, hi, 1); }
                        if (mpfr_inf_p(X) || mpz_cmp(z, lo) < 0 || mpz_cmp(z, hi) > 0) {
                            we = FP_EXC_INVALID;
                            mpz_set(z, (mpfr_inf_p(X) ? mpfr_signbit(X) : mpz_sgn(z) < 0) ? lo : hi);
                        } else if (t) {
                            we = FP_EXC_INEXACT;
                        }
                        mpz_t mod;
                        mpz_init(mod);
                        mpz_ui_pow_ui(mod, 2, (unsigned long)w);
                        mpz_fdiv_r(z, z, mod);
                        want = mpz_get_ui(z);
                        if (w == 64) {
                            mpz_fdiv_q_2exp(mod, z, 32);
                            want = (mpz_get_ui(mod) << 32) | (mpz_get_ui(z) & 0xffffffffu);
                        }
                        mpz_clears(z, lo, hi, mod, NULL);
                    }
                    int st = fp_to_int((fp_int)it, srcs[s], a, p, FP_F_RND(our_modes[m]), &r, &e);
                    e &= FP_EXC_INVALID | FP_EXC_INEXACT;
                    tu_check(st == 0 && r == want && e == we, "%s %llx -> int%d(%s) %s: mpfr %llx/%02x ours %llx/%02x",
                             fp_fmt_name(srcs[s]), (unsigned long long)a, w, sgn ? "s" : "u", mode_names[m],
                             (unsigned long long)want, we, (unsigned long long)r, e);
                }
            }
    mpfr_set_prec(Y, 64);
}

int main(void)
{
    fp_policy p = tu_policy("x86_sse"), rd = tu_policy("rdna4");
    mpfr_init2(X, 1200);
    mpfr_init2(Y, 64);
    mpfr_init2(Z, 64);
    mpfr_init2(W, 64);
    long n = tu_count(200000);
    eight_bit(&p, n / 4);
    fma_check(&p, n);
    from_ints(&p, n / 20);
    to_ints(&rd, n / 20);
    mpfr_clears(X, Y, Z, W, (mpfr_ptr)0);
    mpfr_free_cache();
    return tu_finish();
}
