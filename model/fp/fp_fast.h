/* fp_fast.h - fp32_add, fp32_sub, fp32_mul, fp32_fma with an inline fast
 * path (included by fp.h; do not include directly).
 *
 * The fast path is taken when flags == 0, the policy is sealed (the same
 * check as every operation) with round[f32] == RNE, every operand is a
 * normal number and the value before rounding is in the normal range
 * (exponent field 1..253).  Everything else
 * (zeros, denormals, Inf, NaN, overflow, underflow, other rounding modes,
 * flags) goes to the generic fp_add/fp_mul/fp_fma.  Under those conditions
 * no policy knob other than the rounding mode can affect the result, and the
 * only possible exception is inexact.  It is the same integer algorithm as
 * the generic path (align, add or multiply exactly with a sticky bit, round
 * to nearest even); test_fp_host checks it against the host FPU and
 * test_fp_fast against the generic path.  No host floating point is used.
 */
#ifndef GPUREF_FP_FAST_H
#define GPUREF_FP_FAST_H

__extension__ typedef unsigned __int128 fp__u128;

#define FP__F32_NORMAL(x) ((((x) >> 23) & 0xffu) - 1u < 254u)

/* Pack a rounded 24-bit significand keep (bit 23 set, or bit 24 after a
 * rounding carry) with biased exponent ex of the value before rounding; 0
 * if that value is not in the normal range (it could then be tiny under
 * either tininess rule, or overflow): the caller falls back. */
static inline int fp__f32_pack(uint32_t sign, int32_t ex, uint64_t keep, int inexact, uint32_t *r, unsigned *e)
{
    if ((uint32_t)(ex - 1) >= 253u) return 0;          /* ex in [1, 253] */
    uint32_t c = (uint32_t)(keep >> 24);
    keep >>= c;
    ex += (int32_t)c;
    *r = sign | ((uint32_t)ex << 23) | ((uint32_t)keep & 0x7fffffu);
    if (inexact && e) *e |= FP_EXC_INEXACT;
    return 1;
}

static inline int fp__f32_add_fast(uint32_t a, uint32_t b, uint32_t *r, unsigned *e)
{
    if (!FP__F32_NORMAL(a) || !FP__F32_NORMAL(b)) return 0;
    uint32_t sw = -(uint32_t)((a & 0x7fffffffu) < (b & 0x7fffffffu));   /* |a| >= |b| */
    uint32_t t = (a ^ b) & sw;
    a ^= t; b ^= t;
    uint32_t ea = (a >> 23) & 0xffu, d = ea - ((b >> 23) & 0xffu);
    d = d > 63 ? 63 : d;
    uint64_t xa = (uint64_t)((a & 0x7fffffu) | 0x800000u) << 38;     /* leading bit at 61 */
    uint64_t xb = (uint64_t)((b & 0x7fffffu) | 0x800000u) << 38;
    xb = (xb >> d) | ((xb & (((uint64_t)1 << d) - 1)) != 0);        /* sticky */
    uint64_t neg = -(uint64_t)((a ^ b) >> 31);
    uint64_t s = xa + ((xb ^ neg) - neg);                            /* xa +- xb >= 0 */
    if (s == 0) { *r = 0; return 1; }                                /* x - x = +0 (RNE) */
    int lz = __builtin_clzll(s) - 1;                                 /* leading bit to 62 */
    s <<= lz;
    /* round to nearest even at bit 39: add half - 1 + lsb */
    uint64_t keep = (s + 0x3fffffffffull + ((s >> 39) & 1)) >> 39;
    return fp__f32_pack(a & 0x80000000u, (int32_t)ea + 1 - lz, keep, (s & 0x7fffffffffull) != 0, r, e);
}

static inline int fp__f32_mul_fast(uint32_t a, uint32_t b, uint32_t *r, unsigned *e)
{
    if (!FP__F32_NORMAL(a) || !FP__F32_NORMAL(b)) return 0;
    uint64_t pr = (uint64_t)((a & 0x7fffffu) | 0x800000u) * ((b & 0x7fffffu) | 0x800000u);
    uint32_t c = (uint32_t)(pr >> 47);
    int32_t ex = (int32_t)(((a >> 23) & 0xffu) + ((b >> 23) & 0xffu)) - 127 + (int32_t)c;
    pr <<= 1 - c;                                                    /* leading bit at 47 */
    uint64_t keep = (pr + 0x7fffffu + ((pr >> 24) & 1)) >> 24;
    return fp__f32_pack((a ^ b) & 0x80000000u, ex, keep, (pr & 0xffffffu) != 0, r, e);
}

static inline int fp__clz128_(fp__u128 x)
{
    uint64_t hi = (uint64_t)(x >> 64);
    return hi ? __builtin_clzll(hi) : 64 + __builtin_clzll((uint64_t)x);
}

static inline int fp__f32_fma_fast(uint32_t a, uint32_t b, uint32_t c, uint32_t *r, unsigned *e)
{
    if (!FP__F32_NORMAL(a) || !FP__F32_NORMAL(b) || !FP__F32_NORMAL(c)) return 0;
    uint64_t pr = (uint64_t)((a & 0x7fffffu) | 0x800000u) * ((b & 0x7fffffu) | 0x800000u);
    int32_t ep = (int32_t)(((a >> 23) & 0xffu) + ((b >> 23) & 0xffu)) - 127;
    if (pr >> 47) ep += 1; else pr <<= 1;
    fp__u128 X = (fp__u128)pr << 78;                                  /* leading bit at 125 */
    fp__u128 Y = (fp__u128)((c & 0x7fffffu) | 0x800000u) << 102;
    int32_t ec = (int32_t)((c >> 23) & 0xffu);
    uint32_t sx = (a ^ b) & 0x80000000u, sy = c & 0x80000000u;
    if (ep < ec || (ep == ec && X < Y)) {                             /* |X| >= |Y| */
        fp__u128 t = X; X = Y; Y = t;
        int32_t te = ep; ep = ec; ec = te;
        uint32_t ts = sx; sx = sy; sy = ts;
    }
    int32_t d = ep - ec;
    if (d > 125) Y = 1;
    else if (d) Y = (Y >> d) | ((Y << (128 - d)) != 0);
    fp__u128 S;
    if (sx == sy) {
        S = X + Y;
        if (S >> 126) { S = (S >> 1) | (S & 1); ep += 1; }
    } else {
        S = X - Y;
        if (S == 0) { *r = 0; return 1; }
        int lz = fp__clz128_(S) - 2;
        S <<= lz;
        ep -= lz;
    }
    const fp__u128 half = (fp__u128)1 << 101;
    uint64_t keep = (uint64_t)((S + (half - 1) + ((S >> 102) & 1)) >> 102);
    return fp__f32_pack(sx, ep, keep, (S & ((half << 1) - 1)) != 0, r, e);
}

#define FP__FAST_OK(p, fl, r) ((fl) == 0 && (r) && (p) && (p)->round[FP_F32] == FP_RNE && fp_policy_sealed(p))

static inline int fp32_add(uint32_t a, uint32_t b, const fp_policy *p, unsigned fl, uint32_t *r, unsigned *e)
{
    if (FP__FAST_OK(p, fl, r) && fp__f32_add_fast(a, b, r, e)) return GPUREF_OK;
    uint64_t x;
    if (!r) return GPUREF_ERR_ARG;
    int s = fp_add(FP_F32, a, b, p, fl, &x, e);
    if (s == 0) *r = (uint32_t)x;
    return s;
}

static inline int fp32_sub(uint32_t a, uint32_t b, const fp_policy *p, unsigned fl, uint32_t *r, unsigned *e)
{
    if (FP__FAST_OK(p, fl, r) && fp__f32_add_fast(a, b ^ 0x80000000u, r, e)) return GPUREF_OK;
    uint64_t x;
    if (!r) return GPUREF_ERR_ARG;
    int s = fp_sub(FP_F32, a, b, p, fl, &x, e);
    if (s == 0) *r = (uint32_t)x;
    return s;
}

static inline int fp32_mul(uint32_t a, uint32_t b, const fp_policy *p, unsigned fl, uint32_t *r, unsigned *e)
{
    if (FP__FAST_OK(p, fl, r) && fp__f32_mul_fast(a, b, r, e)) return GPUREF_OK;
    uint64_t x;
    if (!r) return GPUREF_ERR_ARG;
    int s = fp_mul(FP_F32, a, b, p, fl, &x, e);
    if (s == 0) *r = (uint32_t)x;
    return s;
}

static inline int fp32_fma(uint32_t a, uint32_t b, uint32_t c, const fp_policy *p, unsigned fl, uint32_t *r,
                           unsigned *e)
{
    if (FP__FAST_OK(p, fl, r) && fp__f32_fma_fast(a, b, c, r, e)) return GPUREF_OK;
    uint64_t x;
    if (!r) return GPUREF_ERR_ARG;
    int s = fp_fma(FP_F32, a, b, c, p, fl, &x, e);
    if (s == 0) *r = (uint32_t)x;
    return s;
}

/* Lane arrays (one call per wave/warp instruction): r[i] = a[i] op b[i]
 * for i < n, the policy and flags checked once per call; exc, if not NULL,
 * is per lane (exc[i] |= ...).  Same results as n scalar calls.  On an error
 * status nothing is written.  r may be the same array as an operand array
 * but must not partly overlap one.  On x86-64 blocks of lanes run on the
 * host FPU where that is proved exact (fp_lanes.c). */
int fp32_add_n(size_t n, const uint32_t *a, const uint32_t *b, const fp_policy *p, unsigned flags,
               uint32_t *r, unsigned *exc);
int fp32_sub_n(size_t n, const uint32_t *a, const uint32_t *b, const fp_policy *p, unsigned flags,
               uint32_t *r, unsigned *exc);
int fp32_mul_n(size_t n, const uint32_t *a, const uint32_t *b, const fp_policy *p, unsigned flags,
               uint32_t *r, unsigned *exc);
int fp32_fma_n(size_t n, const uint32_t *a, const uint32_t *b, const uint32_t *c, const fp_policy *p,
               unsigned flags, uint32_t *r, unsigned *exc);

#endif /* GPUREF_FP_FAST_H */
