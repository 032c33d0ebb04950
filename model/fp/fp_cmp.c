/* fp_cmp.c - compares and the min/max flavours. */
#include "fp_impl.h"

/* Sign of a - b for two non-NaN unpacked values.  nzl: -0 < +0. */
static int order(const fp_unp *a, const fp_unp *b, int nzl)
{
    int az = a->cls == FPC_ZERO, bz = b->cls == FPC_ZERO;
    if (az && bz) return (!nzl || a->sign == b->sign) ? 0 : (a->sign ? -1 : 1);
    if (az) return b->sign ? 1 : -1;
    if (bz) return a->sign ? -1 : 1;
    if (a->sign != b->sign) return a->sign ? -1 : 1;
    int mag;                                /* sign of |a| - |b| */
    if (a->cls == FPC_INF || b->cls == FPC_INF)
        mag = (a->cls == FPC_INF) - (b->cls == FPC_INF);
    else if (a->exp != b->exp)
        mag = a->exp > b->exp ? 1 : -1;
    else
        mag = a->sig == b->sig ? 0 : (a->sig > b->sig ? 1 : -1);
    return a->sign ? -mag : mag;
}

/* An operand as the operation read it: flushed to zero, NaN read as Inf. */
static uint64_t as_read(fp_fmt f, const fp_unp *u, uint64_t raw)
{
    if (u->cls == FPC_ZERO) return fp__pack_zero(f, u->sign);
    if (u->cls == FPC_INF) return fp__pack_inf(f, u->sign);
    return raw;
}

int fp_compare(fp_fmt f, uint64_t a, uint64_t b, const fp_policy *p, unsigned flags, fp_rel *rel,
               unsigned *exc)
{
    int st = fp__begin(p, flags);
    if (st) return st;
    if (!rel || !fp__arith_fmt(f)) return GPUREF_ERR_ARG;
    fp_env env = { p, flags, 0, 0, 0, 0 };
    fp_unp A, B;
    fp__input(f, a, &env, &A);
    fp__input(f, b, &env, &B);
    if (fp__isnan(&A) || fp__isnan(&B)) {
        if (A.cls == FPC_SNAN || B.cls == FPC_SNAN || (flags & FP_F_SIGNALING)) env.exc |= FP_EXC_INVALID;
        *rel = FP_REL_UN;
    } else {
        int o = order(&A, &B, p->zero_cmp == FP_ZCMP_NEG_LESS);
        *rel = o < 0 ? FP_REL_LT : o > 0 ? FP_REL_GT : FP_REL_EQ;
    }
    if (exc) *exc |= fp__exc_final(&env);
    return GPUREF_OK;
}

int fp_cmp(fp_fmt f, fp_pred pred, uint64_t a, uint64_t b, const fp_policy *p, unsigned flags, int *res,
           unsigned *exc)
{
    fp_rel rel;
    if ((unsigned)pred > 0xf || !res) return GPUREF_ERR_ARG;
    int st = fp_compare(f, a, b, p, flags, &rel, exc);
    if (st) return st;
    *res = ((unsigned)pred >> rel) & 1;
    return GPUREF_OK;
}

/* ----------------------------------------------------------- min / max */

static int minmax(fp_fmt f, fp_minmax k, int want_max, uint64_t a, uint64_t b, const fp_policy *p,
                  unsigned flags, uint64_t *r, unsigned *exc)
{
    int st = fp__begin(p, flags);
    if (st) return st;
    if (!r || !fp__arith_fmt(f) || (unsigned)k >= FP_NMM) return GPUREF_ERR_ARG;
    fp_env env = { p, flags, 0, 0, 0, 0 };
    fp_unp A, B;
    fp__input(f, a, &env, &A);
    fp__input(f, b, &env, &B);
    /* the operands as read (after flush / NaN-as-Inf) */
    uint64_t va = as_read(f, &A, a), vb = as_read(f, &B, b);
    const fp_unp *ops[2] = { &A, &B };
    int na = fp__isnan(&A), nb = fp__isnan(&B);
    uint64_t res;

    if (k >= FP_MM_LEGACY_GE) {
        /* a select on a (quiet) compare: the chosen operand is returned as is */
        if (A.cls == FPC_SNAN || B.cls == FPC_SNAN) env.exc |= FP_EXC_INVALID;
        int o = (na || nb) ? 2 : order(&A, &B, p->zero_cmp == FP_ZCMP_NEG_LESS);  /* 2: unordered */
        int pick_a;
        switch (k) {
        case FP_MM_LEGACY_GE:   /* max: a >= b ? a : b   min: a < b ? a : b */
            pick_a = want_max ? (o == 0 || o == 1) : (o == -1);
            break;
        case FP_MM_LEGACY_GT:   /* max: a > b ? a : b    min: a < b ? a : b */
            pick_a = want_max ? (o == 1) : (o == -1);
            break;
        default:                /* max: b > a ? b : a    min: b < a ? b : a */
            pick_a = want_max ? !(o == -1) : !(o == 1);
            break;
        }
        res = pick_a ? va : vb;
    } else if (k == FP_MM_IEEE2019) {
        if (na || nb) {
            res = fp__nan_result(f, ops, 2, &env);
        } else {
            int o = order(&A, &B, 1);
            res = (want_max ? o >= 0 : o <= 0) ? va : vb;
        }
    } else {
        /* the NaN-avoiding flavours */
        if (A.cls == FPC_SNAN || B.cls == FPC_SNAN) env.exc |= FP_EXC_INVALID;
        if (na && nb) {
            res = fp__nan_result(f, ops, 2, &env);
        } else if (k == FP_MM_IEEE2008 && (A.cls == FPC_SNAN || B.cls == FPC_SNAN)) {
            res = fp__nan_result(f, ops, 2, &env);
        } else if (na) {
            res = vb;
        } else if (nb) {
            res = va;
        } else {
            int nzl = k == FP_MM_IEEE2019_NUM || p->zero_minmax == FP_ZMM_NEG_LESS;
            int o = order(&A, &B, nzl);
            if (o == 0) {
                int second = !nzl && (p->zero_minmax == FP_ZMM_SECOND ||
                                      (p->zero_minmax == FP_ZMM_GE_SELECT && !want_max));
                res = second ? vb : va;
            } else {
                res = (want_max ? o > 0 : o < 0) ? va : vb;
            }
        }
    }
    return fp__done(f, res, &env, r, exc);
}

int fp_min(fp_fmt f, fp_minmax k, uint64_t a, uint64_t b, const fp_policy *p, unsigned flags, uint64_t *r,
           unsigned *exc)
{
    return minmax(f, k, 0, a, b, p, flags, r, exc);
}

int fp_max(fp_fmt f, fp_minmax k, uint64_t a, uint64_t b, const fp_policy *p, unsigned flags, uint64_t *r,
           unsigned *exc)
{
    return minmax(f, k, 1, a, b, p, flags, r, exc);
}
