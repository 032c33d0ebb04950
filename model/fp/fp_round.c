/* fp_round.c - round to integral value, fract, frexp, ldexp. */
#include "fp_impl.h"

#define BEGIN(f)                                                        \
    int st_ = fp__begin(p, flags);                                      \
    if (st_) return st_;                                                \
    if (!r || !fp__arith_fmt(f)) return GPUREF_ERR_ARG;                 \
    fp_env env = { p, flags, 0, 0, 0, 0 }

static uint64_t nan1(fp_fmt f, const fp_unp *a, fp_env *e)
{
    const fp_unp *ops[1] = { a };
    return fp__nan_result(f, ops, 1, e);
}

/* Round to an integral value with rounding rm; no inexact exception. */
static uint64_t rint_core(fp_fmt f, const fp_unp *a, int rm, fp_env *e)
{
    const int P = fp__fmt[f].mbits + 1;
    if (fp__isnan(a)) return nan1(f, a, e);
    if (a->cls != FPC_NUM || a->exp >= P - 1) return fp__repack(f, a, e);
    int inexact;
    int shift = a->exp < -2 ? 65 : 63 - a->exp;     /* bits below the binary point */
    uint64_t k = fp__round_bits(a->sig, shift, rm, a->sign, &inexact);
    if (k == 0) return fp__pack_zero(f, a->sign);
    fp_env quiet = *e;
    uint64_t res = fp__round_u128(f, a->sign, 0, k, &quiet);   /* exact */
    e->exc = quiet.exc;
    return res;
}

static int rint_op(fp_fmt f, uint64_t a, int rm, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc)
{
    BEGIN(f);
    fp_unp A;
    fp__input(f, a, &env, &A);
    if (rm == 0) rm = fp__rm(&env, f);
    return fp__done(f, rint_core(f, &A, rm, &env), &env, r, exc);
}

int fp_floor(fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc)
{
    return rint_op(f, a, FP_RDN, p, flags, r, exc);
}
int fp_ceil(fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc)
{
    return rint_op(f, a, FP_RUP, p, flags, r, exc);
}
int fp_trunc(fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc)
{
    return rint_op(f, a, FP_RTZ, p, flags, r, exc);
}
int fp_rne(fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc)
{
    return rint_op(f, a, FP_RNE, p, flags, r, exc);
}
int fp_rint(fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc)
{
    return rint_op(f, a, 0, p, flags, r, exc);
}

int fp_fract(fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc)
{
    BEGIN(f);
    const int P = fp__fmt[f].mbits + 1;
    fp_unp A;
    uint64_t res;
    fp__input(f, a, &env, &A);
    unsigned zsign = fp__rm(&env, f) == FP_RDN;     /* x + -floor(x) == 0 exactly */
    if (fp__isnan(&A)) {
        res = nan1(f, &A, &env);
    } else if (A.cls == FPC_INF) {
        res = fp__invalid(f, &env);
    } else if (A.cls == FPC_ZERO || A.exp >= P - 1) {
        res = fp__pack_zero(f, zsign);
    } else {
        fp_unp fr = A;                      /* |x| - trunc(|x|), exact */
        if (A.exp >= 0) {
            uint64_t fs = A.sig << (A.exp + 1);
            if (fs == 0) {
                res = fp__pack_zero(f, zsign);
                return fp__done(f, res, &env, r, exc);
            }
            int lz = fp__clz64(fs);
            fr.sig = fs << lz;
            fr.exp = -1 - lz;
        }
        if (!A.sign) {
            res = fp__repack(f, &fr, &env);
        } else {                            /* x - floor(x) = 1 - frac(|x|) */
            fp_unp one;
            fp__unpack(f, fp__pack_one(f, 0), &one);
            fr.sign = 1;
            res = fp__add_core(f, &one, &fr, &env);
            if (res == fp__pack_one(f, 0)) res -= 1;    /* largest value below 1.0 */
        }
    }
    return fp__done(f, res, &env, r, exc);
}

int fp_frexp(fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *mant, int32_t *exp,
             unsigned *exc)
{
    uint64_t *r = mant;
    BEGIN(f);
    if (!exp) return GPUREF_ERR_ARG;
    fp_unp A;
    uint64_t res;
    int32_t e = 0;
    fp__input(f, a, &env, &A);
    if (fp__isnan(&A)) {
        res = nan1(f, &A, &env);
    } else if (A.cls != FPC_NUM) {
        res = fp__repack(f, &A, &env);
    } else {
        res = fp__round_pack(f, A.sign, -1, A.sig, &env);     /* exact, normal */
        e = A.exp + 1;
    }
    *exp = e;
    return fp__done(f, res, &env, r, exc);
}

int fp_ldexp(fp_fmt f, uint64_t a, int32_t n, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc)
{
    BEGIN(f);
    fp_unp A;
    uint64_t res;
    fp__input(f, a, &env, &A);
    if (fp__isnan(&A)) {
        res = nan1(f, &A, &env);
    } else if (A.cls != FPC_NUM) {
        res = fp__repack(f, &A, &env);
    } else {
        if (n > 100000) n = 100000;
        if (n < -100000) n = -100000;
        res = fp__round_pack(f, A.sign, A.exp + n, A.sig, &env);
    }
    return fp__done(f, res, &env, r, exc);
}
