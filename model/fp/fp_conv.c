/* fp_conv.c - conversions among the six float formats and to/from integers. */
#include "fp_impl.h"

int fp_convert(fp_fmt dst, fp_fmt src, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r,
               unsigned *exc)
{
    int st = fp__begin(p, flags);
    if (st) return st;
    if (!r || (unsigned)dst >= FP_NFMT || (unsigned)src >= FP_NFMT) return GPUREF_ERR_ARG;
    fp_env env = { p, flags, 0, 0, 0, 0 };
    fp_unp A;
    uint64_t res;
    fp__input(src, a, &env, &A);
    switch (A.cls) {
    case FPC_QNAN:
    case FPC_SNAN: {
        const fp_unp *ops[1] = { &A };
        res = fp__nan_result(dst, ops, 1, &env);
        break;
    }
    case FPC_INF:
        if (dst == FP_E4M3 || dst == FP_E5M2) {
            /* 8-bit destinations: saturation also catches Inf (rdna4-isa.md §7.6.2) */
            if (fp__ovf_sat(&env, dst))
                res = fp__pack_max(dst, A.sign);
            else if (dst == FP_E4M3)            /* no Inf: the NaN of that sign, invalid */
                env.exc |= FP_EXC_INVALID, res = fp__pack_inf(dst, A.sign);
            else
                res = fp__pack_inf(dst, A.sign);
        } else {
            res = fp__pack_inf(dst, A.sign);
        }
        break;
    case FPC_ZERO:
        res = fp__pack_zero(dst, A.sign);
        break;
    default:
        res = fp__round_pack(dst, A.sign, A.exp, A.sig, &env);
        break;
    }
    return fp__done(dst, res, &env, r, exc);
}

static const struct { uint8_t bits, is_signed; } int_info[FP_NINT] = {
    [FP_I16] = { 16, 1 }, [FP_U16] = { 16, 0 }, [FP_I32] = { 32, 1 },
    [FP_U32] = { 32, 0 }, [FP_I64] = { 64, 1 }, [FP_U64] = { 64, 0 },
};

static uint64_t int_mask(int w) { return w == 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1); }

/* the integer range limits as two's complement bit patterns */
static uint64_t int_limit(fp_int it, int want_max)
{
    int w = int_info[it].bits;
    if (!int_info[it].is_signed) return want_max ? int_mask(w) : 0;
    uint64_t min = (uint64_t)1 << (w - 1);
    return want_max ? min - 1 : min;
}

int fp_to_int(fp_int it, fp_fmt src, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc)
{
    int st = fp__begin(p, flags);
    if (st) return st;
    if (!r || (unsigned)it >= FP_NINT || (unsigned)src >= FP_NFMT) return GPUREF_ERR_ARG;
    fp_env env = { p, flags, 0, 0, 0, 0 };
    fp_unp A;
    uint64_t res;
    const int w = int_info[it].bits, sgn = int_info[it].is_signed;
    fp__input(src, a, &env, &A);
    int rm = fp__rm(&env, src);

    if (fp__isnan(&A)) {
        env.exc |= FP_EXC_INVALID;
        res = p->int_nan == FP_INAN_ZERO ? 0 : int_limit(it, p->int_nan == FP_INAN_MAX);
    } else if (A.cls == FPC_INF) {
        env.exc |= FP_EXC_INVALID;
        res = int_limit(it, !A.sign);
    } else if (A.cls == FPC_ZERO) {
        res = 0;
    } else {
        /* the rounded integer magnitude M; huge: beyond 2^127 */
        u128 M = 0;
        int inexact = 0, huge = 0;
        if (A.exp >= 127) {
            huge = 1;
        } else if (A.exp >= 63) {
            M = (u128)A.sig << (A.exp - 63);
        } else {
            M = fp__round_bits(A.sig, A.exp < -2 ? 65 : 63 - A.exp, rm, A.sign, &inexact);
        }
        u128 lim = A.sign ? (sgn ? (u128)1 << (w - 1) : 0)
                          : (sgn ? ((u128)1 << (w - 1)) - 1 : (u128)int_mask(w));
        if (!huge && M <= lim) {
            if (inexact) env.exc |= FP_EXC_INEXACT;
            res = (A.sign ? (uint64_t)0 - (uint64_t)M : (uint64_t)M) & int_mask(w);
        } else {
            env.exc |= FP_EXC_INVALID;
            if (p->int_ovf == FP_IOVF_WRAP) {
                /* low-order bits of the rounded integer (zero beyond 2^127) */
                uint64_t lo = huge ? 0 : (uint64_t)M;
                res = (A.sign ? (uint64_t)0 - lo : lo) & int_mask(w);
            } else {
                res = int_limit(it, !A.sign);
            }
        }
    }
    *r = res;
    if (exc) *exc |= fp__exc_final(&env);
    return GPUREF_OK;
}

int fp_from_int(fp_fmt dst, fp_int it, uint64_t v, const fp_policy *p, unsigned flags, uint64_t *r,
                unsigned *exc)
{
    int st = fp__begin(p, flags);
    if (st) return st;
    if (!r || (unsigned)it >= FP_NINT || (unsigned)dst >= FP_NFMT) return GPUREF_ERR_ARG;
    fp_env env = { p, flags, 0, 0, 0, 0 };
    const int w = int_info[it].bits;
    uint64_t res;
    unsigned sign = 0;
    v &= int_mask(w);
    if (int_info[it].is_signed && (v >> (w - 1))) {
        sign = 1;
        v = (0 - v) & int_mask(w);          /* magnitude; the minimum maps to 2^(w-1) */
    }
    if (v == 0)
        res = fp__pack_zero(dst, 0);
    else
        res = fp__round_u128(dst, sign, 0, v, &env);
    return fp__done(dst, res, &env, r, exc);
}
