/* test_fp_mpfr_trans.c - correct rounding of sqrt, rcp, rsq, log2, exp2,
 * sin, cos (radians and turns) against MPFR 4.2, emulating each format with
 * MPFR's precision, exponent range and mpfr_subnormalize.
 *
 *  1. the constants of fp_trans.c (2/pi, pi/2, ln 2, log2 e) re-derived;
 *  2. f32: 1e5 biased random inputs per function and rounding mode
 *     (GPUREF_FP_N overrides), among them inputs near multiples of pi/2 (and
 *     of a quarter turn), near 1.0 and near the overflow/underflow edges of
 *     exp2;
 *  3. f16 and bf16: every input, every function, every rounding mode;
 *  4. f64: 1e5 biased random inputs per function (GPUREF_FP_N overrides),
 *     spread over the four rounding modes, among them large arguments of
 *     sin/cos (up to 2^1023), inputs near multiples of pi/2, near 1.0 and
 *     near the overflow/underflow edges of exp2, plus a table of hard cases
 *     (the double closest to a multiple of pi/2, powers of two and four).
 * Compared: the value (NaN as "is NaN": the NaN rule is the policy's, tested
 * elsewhere), and the invalid, divide-by-zero, overflow and inexact flags.
 * (MPFR's underflow flag uses the emulated subnormal range, not IEEE's.)
 *
 * GPUREF_FP_EXHAUSTIVE=1 adds every f32 input through log2, exp2, sin, cos,
 * sin/cos in turns (RNE): each must return GPUREF_OK, i.e. Ziv's rounding
 * test never fails; one input in 4096 is also compared with MPFR.  This
 * takes hours; GPUREF_FP_SHARD=k/n runs the k-th of n slices.
 */
#include <string.h>
#include <mpfr.h>
#include "fp_testutil.h"
#include "testutil.h"

typedef struct emu { fp_fmt f; int prec; mpfr_exp_t emin, emax; int mbits, bias, ebits; } emu;
static const emu EMU[4] = {
    { FP_F16, 11, -23, 16, 10, 15, 5 },
    { FP_BF16, 8, -132, 128, 7, 127, 8 },
    { FP_F32, 24, -148, 128, 23, 127, 8 },
    { FP_F64, 53, -1073, 1024, 52, 1023, 11 },
};

static const mpfr_rnd_t mpfr_modes[4] = { MPFR_RNDN, MPFR_RNDZ, MPFR_RNDU, MPFR_RNDD };
static const int our_modes[4] = { FP_RNE, FP_RTZ, FP_RUP, FP_RDN };
static const char *const mode_names[4] = { "rne", "rtz", "rup", "rdn" };

enum { T_SQRT, T_RCP, T_RSQ, T_LOG2, T_EXP2, T_SIN, T_COS, T_SINT, T_COST, NT };
static const char *const t_names[NT] = { "sqrt", "rcp", "rsq", "log2", "exp2", "sin", "cos", "sin2pi", "cos2pi" };

/* x (exact pattern of format) -> mpfr (exact) */
static void to_mpfr(const emu *E, uint64_t bits, mpfr_t x)
{
    unsigned sign = (unsigned)(bits >> (E->mbits + E->ebits)) & 1;
    uint64_t mant = bits & (((uint64_t)1 << E->mbits) - 1);
    uint64_t emaxf = ((uint64_t)1 << E->ebits) - 1;
    uint64_t ef = (bits >> E->mbits) & emaxf;
    if (ef == emaxf) {
        if (mant) mpfr_set_nan(x);
        else mpfr_set_inf(x, sign ? -1 : 1);
        return;
    }
    if (ef == 0) {
        mpfr_set_ui(x, (unsigned long)mant, MPFR_RNDN);
        mpfr_mul_2si(x, x, 1 - E->bias - E->mbits, MPFR_RNDN);
    } else {
        mpfr_set_ui(x, (unsigned long)(mant | ((uint64_t)1 << E->mbits)), MPFR_RNDN);
        mpfr_mul_2si(x, x, (long)ef - E->bias - E->mbits, MPFR_RNDN);
    }
    if (sign) mpfr_neg(x, x, MPFR_RNDN);
    if (ef == 0 && mant == 0 && sign) mpfr_set_zero(x, -1);
}

/* y (already rounded to the format) -> pattern */
static uint64_t from_mpfr(const emu *E, mpfr_t y)
{
    int eb = E->ebits;
    uint64_t S = (uint64_t)(mpfr_signbit(y) ? 1 : 0) << (E->mbits + eb);
    uint64_t emaxf = ((uint64_t)1 << eb) - 1;
    if (mpfr_nan_p(y)) return (emaxf << E->mbits) | ((uint64_t)1 << (E->mbits - 1));
    if (mpfr_inf_p(y)) return S | (emaxf << E->mbits);
    if (mpfr_zero_p(y)) return S;
    long e = mpfr_get_exp(y) - 1;           /* |y| in [2^e, 2^(e+1)) */
    mpfr_t t;
    mpfr_init2(t, 64);
    mpfr_abs(t, y, MPFR_RNDN);
    uint64_t out;
    if (e >= 1 - E->bias) {
        mpfr_mul_2si(t, t, E->mbits - e, MPFR_RNDN);
        uint64_t m = mpfr_get_ui(t, MPFR_RNDN);
        out = S | ((uint64_t)(e + E->bias) << E->mbits) | (m & (((uint64_t)1 << E->mbits) - 1));
    } else {
        mpfr_mul_2si(t, t, E->mbits + E->bias - 1, MPFR_RNDN);
        out = S | mpfr_get_ui(t, MPFR_RNDN);
    }
    mpfr_clear(t);
    return out;
}

static int run_mpfr(int op, mpfr_t y, mpfr_t x, mpfr_rnd_t rnd)
{
    switch (op) {
    case T_SQRT: return mpfr_sqrt(y, x, rnd);
    case T_RCP:  return mpfr_ui_div(y, 1, x, rnd);
    case T_RSQ:  return mpfr_rec_sqrt(y, x, rnd);
    case T_LOG2: return mpfr_log2(y, x, rnd);
    case T_EXP2: return mpfr_exp2(y, x, rnd);
    case T_SIN:  return mpfr_sin(y, x, rnd);
    case T_COS:  return mpfr_cos(y, x, rnd);
    case T_SINT: return mpfr_sinu(y, x, 1, rnd);
    default:     return mpfr_cosu(y, x, 1, rnd);
    }
}

static int run_ours(int op, fp_fmt f, uint64_t a, const fp_policy *p, unsigned fl, uint64_t *r, unsigned *e)
{
    switch (op) {
    case T_SQRT: return fp_sqrt(f, a, p, fl, r, e);
    case T_RCP:  return fp_rcp(f, a, p, fl, r, e);
    case T_RSQ:  return fp_rsq(f, a, p, fl, r, e);
    case T_LOG2: return fp_log2(f, a, p, fl, r, e);
    case T_EXP2: return fp_exp2(f, a, p, fl, r, e);
    case T_SIN:  return fp_sin(f, a, p, fl, r, e);
    case T_COS:  return fp_cos(f, a, p, fl, r, e);
    case T_SINT: return fp_sin(f, a, p, fl | FP_F_TURNS, r, e);
    default:     return fp_cos(f, a, p, fl | FP_F_TURNS, r, e);
    }
}

static mpfr_t X, Y;

static void check_one(const emu *E, int op, int m, uint64_t a, const fp_policy *p)
{
    mpfr_set_emin(E->emin);
    mpfr_set_emax(E->emax);
    mpfr_clear_flags();
    to_mpfr(E, a, X);
    int t = run_mpfr(op, Y, X, mpfr_modes[m]);
    t = mpfr_check_range(Y, t, mpfr_modes[m]);
    mpfr_subnormalize(Y, t, mpfr_modes[m]);
    unsigned we = 0;
    if (mpfr_nanflag_p() && !mpfr_nan_p(X)) we |= FP_EXC_INVALID;
    if (mpfr_divby0_p()) we |= FP_EXC_DIVBYZERO;
    if (mpfr_overflow_p()) we |= FP_EXC_OVERFLOW;
    if (mpfr_inexflag_p()) we |= FP_EXC_INEXACT;
    if (fp_classify(E->f, a) & FP_CLASS_SNAN) we |= FP_EXC_INVALID;
    uint64_t want = from_mpfr(E, Y), r = 0;
    /* rSqrt(-0) = -Inf (IEEE 754-2008 9.2.1, rdna4-isa.md L13382, USC L426);
     * mpfr_rec_sqrt documents +Inf instead */
    if (op == T_RSQ && (fp_classify(E->f, a) & FP_CLASS_NEG_ZERO)) want |= (uint64_t)1 << (E->mbits + E->ebits);
    unsigned e = 0;
    int st = run_ours(op, E->f, a, p, FP_F_RND(our_modes[m]), &r, &e);
    e &= FP_EXC_INVALID | FP_EXC_DIVBYZERO | FP_EXC_OVERFLOW | FP_EXC_INEXACT;
    int ok = st == 0 && e == we && (mpfr_nan_p(Y) ? tu_is_nan(E->f, r) : r == want);
    tu_check(ok, "%s %s %s a=%llx: mpfr %llx exc %02x, ours %llx exc %02x st %d", fp_fmt_name(E->f),
             t_names[op], mode_names[m], (unsigned long long)a, (unsigned long long)want, we,
             (unsigned long long)r, e, st);
    mpfr_set_emin(mpfr_get_emin_min());
    mpfr_set_emax(mpfr_get_emax_max());
}

static void constants(void)
{
    /* the words of fp_trans.c, re-derived (update both if one changes) */
    static const uint64_t two_over_pi[8] = {
        0xa2f9836e4e441529ull, 0xfc2757d1f534ddc0ull, 0xdb6295993c439041ull, 0xfe5163abdebbc561ull,
        0xb7246e3a424dd2e0ull, 0x06492eea09d1921cull, 0xfe1deb1cb129a73eull, 0xe88235f52ebb4484ull,
    };
    static const struct { const char *name; uint64_t hi, lo; int intbits; } c128[3] = {
        { "pi/2", 0xc90fdaa22168c234ull, 0xc4c6628b80dc1cd1ull, 1 },
        { "ln2", 0xb17217f7d1cf79abull, 0xc9e3b39803f2f6afull, 0 },
        { "log2e", 0xb8aa3b295c17f0bbull, 0xbe87fed0691d3e88ull, 1 },
    };
    mpfr_t c, t;
    mpz_t z, w;
    mpfr_inits2(1200, c, t, (mpfr_ptr)0);
    mpz_inits(z, w, NULL);
    mpfr_const_pi(c, MPFR_RNDN);
    mpfr_ui_div(c, 2, c, MPFR_RNDN);
    mpfr_mul_2si(t, c, 512, MPFR_RNDN);
    mpfr_get_z(z, t, MPFR_RNDZ);
    tu_test("the 512 bits of 2/pi of fp_trans.c, re-derived with mpfr");
    for (int i = 0; i < 8; i++) {
        mpz_fdiv_q_2exp(w, z, 64 * (7 - i));
        mpz_fdiv_r_2exp(w, w, 64);
        tu_check(mpz_get_ui(w) == two_over_pi[i], "2/pi word %d", i);
    }
    for (int k = 0; k < 3; k++) {
        tu_test("the 128-bit constant %s of fp_trans.c, re-derived with mpfr", c128[k].name);
        if (k == 0) { mpfr_const_pi(c, MPFR_RNDN); mpfr_div_2ui(c, c, 1, MPFR_RNDN); }
        else if (k == 1) mpfr_const_log2(c, MPFR_RNDN);
        else { mpfr_const_log2(c, MPFR_RNDN); mpfr_ui_div(c, 1, c, MPFR_RNDN); }
        mpfr_mul_2si(t, c, 128 - c128[k].intbits, MPFR_RNDN);
        mpfr_get_z(z, t, MPFR_RNDZ);
        mpz_fdiv_q_2exp(w, z, 64);
        int ok = mpz_get_ui(w) == c128[k].hi;
        mpz_fdiv_r_2exp(w, z, 64);
        ok = ok && mpz_get_ui(w) == c128[k].lo;
        tu_check(ok, "constant %s", c128[k].name);
    }
    mpfr_clears(c, t, (mpfr_ptr)0);
    mpz_clears(z, w, NULL);
}

/* f32 inputs near multiples of pi/2 (in radians) and of 1/4 (in turns) */
static uint32_t near_quadrant(int turns)
{
    uint64_t k = tu_rand() % 100000 + 1;
    mpfr_t t;
    mpfr_init2(t, 100);
    if (turns) mpfr_set_ui(t, 1, MPFR_RNDN);
    else mpfr_const_pi(t, MPFR_RNDN);
    mpfr_mul_ui(t, t, (unsigned long)k, MPFR_RNDN);
    mpfr_div_2ui(t, t, turns ? 2 : 1, MPFR_RNDN);
    float f = mpfr_get_flt(t, MPFR_RNDN);
    mpfr_clear(t);
    uint32_t u;
    memcpy(&u, &f, 4);
    u += (uint32_t)(tu_rand() % 5) - 2;
    return u | (uint32_t)((tu_rand() & 1) << 31);
}

static uint32_t f32_input(int op)
{
    switch (tu_rand() % 6) {
    case 0: return (op == T_SIN || op == T_COS || op == T_SINT || op == T_COST)
                   ? near_quadrant(op >= T_SINT) : (uint32_t)tu_operand(FP_F32);
    case 1: return 0x3f800000u + (uint32_t)(tu_rand() % 64) - 32;                   /* near 1.0 */
    case 2: return ((uint32_t)(tu_rand() & 1) << 31) | ((uint32_t)(tu_rand() % 0x00c00000u) + 0x42f00000u);  /* |x| in 120..256+ */
    case 3: return ((uint32_t)tu_rand() & 0x807fffffu) | ((uint32_t)(0x30000000u + tu_rand() % 0x20000000u) & 0x7f800000u);  /* |x| in 2^-31 .. 2^32 */
    default: return (uint32_t)tu_operand(FP_F32);
    }
}

/* f64 inputs: biased like f32_input, plus large sin/cos arguments */
static uint64_t f64_input(int op)
{
    const int trig = op == T_SIN || op == T_COS || op == T_SINT || op == T_COST;
    uint64_t s = (uint64_t)(tu_rand() & 1) << 63, m = tu_rand() & 0xfffffffffffffull;
    switch (tu_rand() % 6) {
    case 0:
        if (trig) {                                     /* near k * pi/2 (or k/4 turn) */
            uint64_t k = tu_rand() % 1000000 + 1;
            mpfr_t t;
            mpfr_init2(t, 200);
            if (op >= T_SINT) mpfr_set_ui(t, 1, MPFR_RNDN);
            else mpfr_const_pi(t, MPFR_RNDN);
            mpfr_mul_ui(t, t, (unsigned long)k, MPFR_RNDN);
            mpfr_div_2ui(t, t, op >= T_SINT ? 2 : 1, MPFR_RNDN);
            double d = mpfr_get_d(t, MPFR_RNDN);
            mpfr_clear(t);
            uint64_t u;
            memcpy(&u, &d, 8);
            return s | (u + (uint64_t)(tu_rand() % 5) - 2);
        }
        return tu_operand(FP_F64);
    case 1: return 0x3ff0000000000000ull + (uint64_t)(tu_rand() % 128) - 64;        /* near 1.0 */
    case 2:                                             /* |x| in 512 .. 2048: exp2 edges */
        return s | ((uint64_t)(0x408 + tu_rand() % 3) << 52) | m;
    case 3:                                             /* |x| in 2^-60 .. 2^60, or large for sin/cos */
        return s | ((uint64_t)(trig ? 0x3c3 + tu_rand() % 0x3bb : 0x3c3 + tu_rand() % 120) << 52) | m;
    default: return tu_operand(FP_F64);
    }
}

/* f64 inputs chosen by hand: the hardest argument reduction and exact cases */
static const uint64_t f64_hard[] = {
    0x7506ac5b262ca1ffull,      /* 6381956970095103 * 2^797: the double closest to a multiple of pi/2 */
    0xf506ac5b262ca1ffull,
    0x3ff921fb54442d18ull,      /* pi/2 rounded */
    0x400921fb54442d18ull,      /* pi rounded */
    0x7fefffffffffffffull,      /* max finite */
    0x0000000000000001ull,      /* min subnormal */
    0x0010000000000000ull,      /* min normal */
    0x4010000000000000ull,      /* 4 */
    0x3fd0000000000000ull,      /* 1/4 */
    0x4090000000000000ull,      /* 1024: exp2 overflows */
    0xc090c80000000000ull,      /* -1074: exp2 = min subnormal */
    0xc090cc0000000000ull,      /* -1075: exp2 a midpoint below min subnormal */
    0xc08ff00000000000ull,      /* -1022 */
    0x3ff0000000000001ull, 0x3fefffffffffffffull,
};

static void exhaustive(const fp_policy *p)
{
    const char *s = getenv("GPUREF_FP_EXHAUSTIVE");
    if (!s || atoi(s) == 0) return;
    unsigned k = 0, n = 1;
    const char *sh = getenv("GPUREF_FP_SHARD");
    if (sh && sscanf(sh, "%u/%u", &k, &n) != 2) k = 0, n = 1;
    if (n == 0 || k >= n) k = 0, n = 1;
    uint64_t lo = ((uint64_t)1 << 32) * k / n, hi = ((uint64_t)1 << 32) * (k + 1) / n;
    static const int ops[6] = { T_LOG2, T_EXP2, T_SIN, T_COS, T_SINT, T_COST };
    for (int i = 0; i < 6; i++) {
        unsigned long long bad = 0;
        tu_test("f32 %s rne, every input in [%llx, %llx): a proven rounding, and 1 in 4096 against mpfr", t_names[ops[i]],
                (unsigned long long)lo, (unsigned long long)hi);
        for (uint64_t a = lo; a < hi; a++) {
            uint64_t r;
            int st = run_ours(ops[i], FP_F32, a, p, 0, &r, NULL);
            if (st) {
                bad++;
                tu_check(0, "exhaustive f32 %s a=%llx: status %d", t_names[ops[i]], (unsigned long long)a, st);
            }
            if ((a & 0xfff) == 0x5a5) check_one(&EMU[2], ops[i], 0, a, p);
        }
        printf("exhaustive f32 %s [%llx, %llx): %llu without a proven rounding\n", t_names[ops[i]],
               (unsigned long long)lo, (unsigned long long)hi, bad);
        fflush(stdout);
        tu_check(bad == 0, "exhaustive f32 %s: %llu inputs without a proven rounding", t_names[ops[i]], bad);
    }
}

int main(void)
{
    fp_policy p = tu_policy("x86_sse");
    mpfr_init2(X, 64);
    mpfr_init2(Y, 24);
    constants();
    long n = tu_count(100000);
    for (int op = 0; op < NT; op++)
        for (int m = 0; m < 4; m++) {
            tu_test("f32 %s %s vs mpfr, %ld random operands", t_names[op], mode_names[m], n);
            for (long i = 0; i < n; i++) check_one(&EMU[2], op, m, f32_input(op), &p);
        }
    for (int fi = 0; fi < 2; fi++) {
        mpfr_set_prec(Y, EMU[fi].prec);
        for (int op = 0; op < NT; op++)
            for (int m = 0; m < 4; m++) {
                tu_test("%s %s %s vs mpfr, every input", fp_fmt_name(EMU[fi].f), t_names[op], mode_names[m]);
                for (uint32_t a = 0; a < 65536; a++) check_one(&EMU[fi], op, m, a, &p);
            }
    }
    mpfr_set_prec(X, 64);
    mpfr_set_prec(Y, 53);
    long n64 = tu_count(100000) / 4;
    for (int op = 0; op < NT; op++)
        for (int m = 0; m < 4; m++) {
            tu_test("f64 %s %s vs mpfr, %ld random operands and the hard cases", t_names[op], mode_names[m], n64);
            for (long i = 0; i < n64; i++) check_one(&EMU[3], op, m, f64_input(op), &p);
            for (size_t i = 0; i < sizeof f64_hard / sizeof f64_hard[0]; i++)
                check_one(&EMU[3], op, m, f64_hard[i], &p);
        }
    mpfr_set_prec(Y, 24);
    exhaustive(&p);
    mpfr_clear(X);
    mpfr_clear(Y);
    mpfr_free_cache();
    return tu_finish();
}
