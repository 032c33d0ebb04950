/* fp_arith.c - add, sub, mul, div, fma, mad, sqrt, rcp, rsq on bit patterns.
 * Each result is computed exactly (or with a sticky bit) in 128-bit integers
 * and rounded once by fp__round_pack. */
#include "fp_impl.h"

#define BEGIN(f)                                                        \
    int st_ = fp__begin(p, flags);                                      \
    if (st_) return st_;                                                \
    if (!r || !fp__arith_fmt(f)) return GPUREF_ERR_ARG;                 \
    fp_env env = { p, flags, 0, 0, 0, 0 }

static uint64_t exact_zero_sum(fp_fmt f, unsigned sa, unsigned sb, fp_env *e)
{
    /* x + y == 0 exactly: -0 only for (-0)+(-0), or with rounding down */
    unsigned s = (sa == sb) ? sa : (fp__rm(e, f) == FP_RDN);
    return fp__pack_zero(f, s);
}

/* X * 2^sx + Y * 2^sy (signs sa, sb), X and Y nonzero with their top bit at
 * most at bit 125. */
static uint64_t sum128(fp_fmt f, unsigned sa, u128 X, int32_t sx, unsigned sb, u128 Y, int32_t sy,
                       fp_env *e)
{
    int lx = fp__clz128(X) - 2, ly = fp__clz128(Y) - 2;     /* normalize top bit to 125 */
    X <<= lx; sx -= lx;
    Y <<= ly; sy -= ly;
    if (sx < sy || (sx == sy && X < Y)) {                   /* |X| >= |Y| */
        u128 t = X; X = Y; Y = t;
        int32_t ts = sx; sx = sy; sy = ts;
        unsigned tg = sa; sa = sb; sb = tg;
    }
    int64_t d = (int64_t)sx - sy;
    Y = fp__shr_sticky(Y, d > 200 ? 200 : (int32_t)d);
    u128 R = (sa == sb) ? X + Y : X - Y;
    if (R == 0) return exact_zero_sum(f, sa, sb, e);
    return fp__round_u128(f, sa, sx, R, e);
}

uint64_t fp__add_core(fp_fmt f, const fp_unp *a, const fp_unp *b, fp_env *e)
{
    if (fp__isnan(a) || fp__isnan(b)) {
        const fp_unp *ops[2] = { a, b };
        return fp__nan_result(f, ops, 2, e);
    }
    if (a->cls == FPC_INF) {
        if (b->cls == FPC_INF && a->sign != b->sign) return fp__invalid(f, e);
        return fp__pack_inf(f, a->sign);
    }
    if (b->cls == FPC_INF) return fp__pack_inf(f, b->sign);
    if (a->cls == FPC_ZERO && b->cls == FPC_ZERO) return exact_zero_sum(f, a->sign, b->sign, e);
    if (a->cls == FPC_ZERO) return fp__repack(f, b, e);
    if (b->cls == FPC_ZERO) return fp__repack(f, a, e);
    return sum128(f, a->sign, (u128)a->sig << 62, a->exp - 125, b->sign, (u128)b->sig << 62, b->exp - 125, e);
}

static int zero_wins(const fp_env *e)
{
    return (e->flags & FP_F_ZERO_WINS) || e->p->zero_wins == FP_ZW_ON;
}

static unsigned zw_sign(const fp_env *e, unsigned sa, unsigned sb)
{
    return e->p->zero_wins_sign == FP_ZWS_XOR ? (sa ^ sb) : 0;
}

uint64_t fp__mul_core(fp_fmt f, const fp_unp *a, const fp_unp *b, fp_env *e)
{
    unsigned s = a->sign ^ b->sign;
    if (zero_wins(e) && (a->cls == FPC_ZERO || b->cls == FPC_ZERO))
        return fp__pack_zero(f, zw_sign(e, a->sign, b->sign));
    if (fp__isnan(a) || fp__isnan(b)) {
        const fp_unp *ops[2] = { a, b };
        return fp__nan_result(f, ops, 2, e);
    }
    if (a->cls == FPC_INF || b->cls == FPC_INF) {
        if (a->cls == FPC_ZERO || b->cls == FPC_ZERO) return fp__invalid(f, e);
        return fp__pack_inf(f, s);
    }
    if (a->cls == FPC_ZERO || b->cls == FPC_ZERO) return fp__pack_zero(f, s);
    return fp__round_u128(f, s, a->exp + b->exp - 126, (u128)a->sig * b->sig, e);
}

static int addsub(fp_fmt f, uint64_t a, uint64_t b, unsigned neg, const fp_policy *p, unsigned flags,
                  uint64_t *r, unsigned *exc)
{
    BEGIN(f);
    fp_unp A, B;
    fp__input(f, a, &env, &A);
    fp__input(f, b, &env, &B);
    if (!fp__isnan(&B)) B.sign ^= neg;      /* a - b = a + (-b); a NaN keeps its sign */
    return fp__done(f, fp__add_core(f, &A, &B, &env), &env, r, exc);
}

int fp_add(fp_fmt f, uint64_t a, uint64_t b, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc)
{
    return addsub(f, a, b, 0, p, flags, r, exc);
}

int fp_sub(fp_fmt f, uint64_t a, uint64_t b, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc)
{
    return addsub(f, a, b, 1, p, flags, r, exc);
}

int fp_mul(fp_fmt f, uint64_t a, uint64_t b, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc)
{
    BEGIN(f);
    fp_unp A, B;
    fp__input(f, a, &env, &A);
    fp__input(f, b, &env, &B);
    return fp__done(f, fp__mul_core(f, &A, &B, &env), &env, r, exc);
}

static uint64_t div_core(fp_fmt f, const fp_unp *a, const fp_unp *b, fp_env *e)
{
    unsigned s = a->sign ^ b->sign;
    if (fp__isnan(a) || fp__isnan(b)) {
        const fp_unp *ops[2] = { a, b };
        return fp__nan_result(f, ops, 2, e);
    }
    if (a->cls == FPC_INF) {
        if (b->cls == FPC_INF) return fp__invalid(f, e);
        return fp__pack_inf(f, s);
    }
    if (b->cls == FPC_INF) return fp__pack_zero(f, s);
    if (b->cls == FPC_ZERO) {
        if (a->cls == FPC_ZERO) return fp__invalid(f, e);
        e->exc |= FP_EXC_DIVBYZERO;
        return fp__pack_inf(f, s);
    }
    if (a->cls == FPC_ZERO) return fp__pack_zero(f, s);
    u128 num = (u128)a->sig << 64;
    u128 q = num / b->sig, rem = num % b->sig;
    return fp__round_u128(f, s, a->exp - b->exp - 65, (q << 1) | (rem != 0), e);
}

int fp_div(fp_fmt f, uint64_t a, uint64_t b, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc)
{
    BEGIN(f);
    fp_unp A, B;
    fp__input(f, a, &env, &A);
    fp__input(f, b, &env, &B);
    return fp__done(f, div_core(f, &A, &B, &env), &env, r, exc);
}

int fp_rcp(fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc)
{
    BEGIN(f);
    fp_unp A, B;
    fp__unpack(f, fp__pack_one(f, 0), &A);
    fp__input(f, a, &env, &B);
    return fp__done(f, div_core(f, &A, &B, &env), &env, r, exc);
}

static uint64_t fma_core(fp_fmt f, const fp_unp *a, const fp_unp *b, const fp_unp *c, fp_env *e)
{
    unsigned ps = a->sign ^ b->sign;
    int pzero = a->cls == FPC_ZERO || b->cls == FPC_ZERO;
    if (zero_wins(e) && pzero) {
        if (e->flags & FP_F_ZW_PASS_C) return fp__repack(f, c, e);
        fp_unp z = { FPC_ZERO, zw_sign(e, a->sign, b->sign), 0, 0, 0 };
        return fp__add_core(f, &z, c, e);
    }
    if (fp__isnan(a) || fp__isnan(b) || fp__isnan(c)) {
        const fp_unp *ops[3] = { a, b, c };
        if (c->cls == FPC_QNAN && !fp__isnan(a) && !fp__isnan(b) && pzero &&
            (a->cls == FPC_INF || b->cls == FPC_INF)) {
            if (e->p->fma_nan == FP_FMAN_DEFAULT_INVALID) return fp__invalid(f, e);
            if (e->p->fma_nan == FP_FMAN_PROP_INVALID) e->exc |= FP_EXC_INVALID;
        }
        return fp__nan_result(f, ops, 3, e);
    }
    if (a->cls == FPC_INF || b->cls == FPC_INF) {
        if (pzero) return fp__invalid(f, e);
        if (c->cls == FPC_INF && c->sign != ps) return fp__invalid(f, e);
        return fp__pack_inf(f, ps);
    }
    if (c->cls == FPC_INF) return fp__pack_inf(f, c->sign);
    if (pzero) {
        if (c->cls == FPC_ZERO) return exact_zero_sum(f, ps, c->sign, e);
        return fp__repack(f, c, e);
    }
    u128 P = (u128)a->sig * b->sig;         /* <= 106 significant bits, low 22 bits zero */
    int32_t sp = a->exp + b->exp - 126;
    P >>= 2; sp += 2;                       /* exact: make room for the carry */
    if (c->cls == FPC_ZERO) return fp__round_u128(f, ps, sp, P, e);
    return sum128(f, ps, P, sp, c->sign, (u128)c->sig << 62, c->exp - 125, e);
}

int fp_fma(fp_fmt f, uint64_t a, uint64_t b, uint64_t c, const fp_policy *p, unsigned flags,
           uint64_t *r, unsigned *exc)
{
    BEGIN(f);
    fp_unp A, B, C;
    fp__input(f, a, &env, &A);
    fp__input(f, b, &env, &B);
    fp__input(f, c, &env, &C);
    return fp__done(f, fma_core(f, &A, &B, &C, &env), &env, r, exc);
}

int fp_mad(fp_fmt f, uint64_t a, uint64_t b, uint64_t c, const fp_policy *p, unsigned flags,
           uint64_t *r, unsigned *exc)
{
    BEGIN(f);
    fp_unp A, B, C, T;
    fp__input(f, a, &env, &A);
    fp__input(f, b, &env, &B);
    fp__input(f, c, &env, &C);
    if (zero_wins(&env) && (flags & FP_F_ZW_PASS_C) && (A.cls == FPC_ZERO || B.cls == FPC_ZERO))
        return fp__done(f, fp__repack(f, &C, &env), &env, r, exc);
    /* the product is an internal value: rounded and output-flushed like a
     * MUL result, not input-flushed again, NaN-as-Inf applied */
    fp_env pe = env;
    pe.flags &= ~(unsigned)FP_F_CLAMP;
    uint64_t t = fp__finish(f, fp__mul_core(f, &A, &B, &pe), &pe);
    env.exc = pe.exc;
    fp__unpack(f, t, &T);
    return fp__done(f, fp__add_core(f, &T, &C, &env), &env, r, exc);
}

/* ------------------------------------------------------------- roots */

/* floor(sqrt(x)) and the remainder */
static u128 isqrt128(u128 x, u128 *rem)
{
    u128 res = 0, bit = (u128)1 << 126;
    while (bit > x) bit >>= 2;
    while (bit) {
        if (x >= res + bit) {
            x -= res + bit;
            res = (res >> 1) + bit;
        } else {
            res >>= 1;
        }
        bit >>= 2;
    }
    *rem = x;
    return res;
}

int fp_sqrt(fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc)
{
    BEGIN(f);
    fp_unp A;
    uint64_t res;
    fp__input(f, a, &env, &A);
    if (fp__isnan(&A)) {
        const fp_unp *ops[1] = { &A };
        res = fp__nan_result(f, ops, 1, &env);
    } else if (A.cls == FPC_ZERO) {
        res = fp__pack_zero(f, A.sign);
    } else if (A.sign) {
        res = fp__invalid(f, &env);
    } else if (A.cls == FPC_INF) {
        res = fp__pack_inf(f, 0);
    } else {
        int32_t E = A.exp - 63;             /* value = sig * 2^E */
        u128 M;
        if (E & 1) { M = (u128)A.sig << 63; E -= 63; }
        else       { M = (u128)A.sig << 64; E -= 64; }
        u128 rem, q = isqrt128(M, &rem);
        res = fp__round_u128(f, 0, E / 2 - 1, (q << 1) | (rem != 0), &env);
    }
    return fp__done(f, res, &env, r, exc);
}

int fp_rsq(fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc)
{
    BEGIN(f);
    const int P = fp__fmt[f].mbits + 1;
    fp_unp A;
    uint64_t res;
    fp__input(f, a, &env, &A);
    if (fp__isnan(&A)) {
        const fp_unp *ops[1] = { &A };
        res = fp__nan_result(f, ops, 1, &env);
    } else if (A.cls == FPC_ZERO) {
        env.exc |= FP_EXC_DIVBYZERO;
        res = fp__pack_inf(f, A.sign);
    } else if (A.sign) {
        res = fp__invalid(f, &env);
    } else if (A.cls == FPC_INF) {
        res = fp__pack_zero(f, 0);
    } else {
        /* value = m * 2^E, m a P-bit integer (P+1 bits after making E even);
         * 1/sqrt = 2^(-E/2) / sqrt(m) = 2^(-T - E/2) * sqrt(2^2T / m), and
         * floor(sqrt(x)) = floor(sqrt(floor(x))), so q = isqrt(floor(2^2T/m))
         * is exact, with P+2 or more bits; inexact unless m divides 2^2T and
         * the root is exact (m a power of two: the input a power of four). */
        uint64_t m = A.sig >> (64 - P);
        int32_t E = A.exp - (P - 1);
        if (E & 1) { m <<= 1; E -= 1; }
        const int T = P + 3 + (P + 2) / 2;  /* f32: 2T = 80; f64: 2T = 166 */
        u128 Q;
        int rest;
        if (2 * T < 128) {
            u128 N = (u128)1 << (2 * T);
            Q = N / m;
            rest = N % m != 0;
        } else {                            /* 2^2T = 2^(2T-64) * 2^64, by long division */
            u128 N1 = (u128)1 << (2 * T - 64);
            u128 q1 = N1 / m, r1 = N1 % m;  /* q1 < 2^64 since m > 2^(2T-128) */
            u128 x = r1 << 64;              /* r1 < m <= 2^54: fits */
            Q = (q1 << 64) + x / m;
            rest = x % m != 0;
        }
        u128 rem, q = isqrt128(Q, &rem);
        int inexact = rest || rem != 0;
        res = fp__round_u128(f, 0, -T - E / 2 - 1, (q << 1) | (u128)inexact, &env);
    }
    return fp__done(f, res, &env, r, exc);
}
