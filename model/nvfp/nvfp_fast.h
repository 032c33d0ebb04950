/* nvfp_fast.h - the fp32 add, multiply and compare of the pixel processor
 * without a call into model/fp for the operands the nvfp policy maps to
 * something simple (included by nvfp.h).
 *
 * Taken only when nvfp_fast_policy() accepted the state's policy at init
 * (nvfp_state.fast): fp32 rounding RNE with IEEE overflow, fp32 denormal
 * inputs and outputs flushed, NaN read as infinity (p[51], D4) with a positive default
 * NaN (an invalid operation gives +Inf), zero-wins multiply giving +0
 * (Table 7), -0 == +0 in compares (D5).  Under that policy an fp32 operand
 * is, after input: a zero (exponent field 0: zeros and flushed denormals,
 * sign kept), an infinity (exponent field 255: infinities and NaNs, sign
 * kept) or a normal number.  Then
 *   mul: a zero operand gives +0 (zero wins, also against Inf); else an
 *        infinity gives Inf of sign(a) ^ sign(b); fp32 output denormals are
 *        flushed (a zero of the result's sign);
 *   add: Inf + -Inf gives +Inf (invalid: the default NaN read as Inf);
 *        otherwise an infinity gives itself; zero + zero gives +0 unless both
 *        are -0 (RNE); zero + normal gives the normal operand unchanged;
 *   compare: zeros equal, infinities at the ends, by sign and magnitude.
 * Two normal operands take the integer fast path of model/fp (fp_fast.h,
 * proved there); a product that is clearly an overflow (Inf) or clearly
 * tiny (flushed output: a zero of its sign) is made here, and every other
 * result that leaves the normal range takes the generic model/fp path.  test_nvfp_fast
 * checks every case against model/fp: all pairs of a table of special
 * values and random operands of every class. */
#ifndef GPUREF_NVFP_FAST_H
#define GPUREF_NVFP_FAST_H

#include <stdint.h>

#include "../fp/fp.h"

/* 1 when p is a policy for which these paths equal model/fp's (above) */
int nvfp_fast_policy(const fp_policy *p);

#define NVFP__INLINE static inline __attribute__((always_inline))

/* the class of an fp32 operand after input: 0 zero, 1 normal, 2 infinity */
NVFP__INLINE unsigned nvfp__cls(uint32_t x)
{
    uint32_t e = (x >> 23) & 0xffu;
    return e == 0 ? 0u : e == 0xffu ? 2u : 1u;
}

NVFP__INLINE uint32_t nvfp_f32_mul(const fp_policy *p, uint32_t a, uint32_t b)
{
    unsigned ca = nvfp__cls(a), cb = nvfp__cls(b);
    uint32_t r;
    if ((ca & cb) == 1) {            /* both normal */
        if (fp__f32_mul_fast(a, b, &r, NULL))
            return r;
        /* |a b| = m 2^(ea + eb - 254) with m in [1, 4): at least 2^128 when
         * ea + eb >= 382, an overflow (RNE, IEEE overflow: Inf); below 2^-127
         * when ea + eb <= 125, tiny even after rounding and flushed: 0 of the
         * product's sign */
        uint32_t es = ((a >> 23) & 0xffu) + ((b >> 23) & 0xffu), sg = (a ^ b) & 0x80000000u;
        if (es >= 382)
            return sg | 0x7f800000u;
        if (es <= 125)
            return sg;
        uint64_t x = 0;
        fp_mul(FP_F32, a, b, p, 0, &x, NULL);
        return (uint32_t)x;
    }
    if (ca == 0 || cb == 0)          /* zero wins: +0 */
        return 0;
    return ((a ^ b) & 0x80000000u) | 0x7f800000u;
}

NVFP__INLINE uint32_t nvfp_f32_add(const fp_policy *p, uint32_t a, uint32_t b)
{
    unsigned ca = nvfp__cls(a), cb = nvfp__cls(b);
    uint32_t r;
    if ((ca & cb) == 1) {            /* both normal */
        if (fp__f32_add_fast(a, b, &r, NULL))
            return r;
        uint64_t x = 0;
        fp_add(FP_F32, a, b, p, 0, &x, NULL);
        return (uint32_t)x;
    }
    if (ca == 2) {
        if (cb == 2 && ((a ^ b) & 0x80000000u))
            return 0x7f800000u;      /* Inf - Inf: invalid, +Inf */
        return (a & 0x80000000u) | 0x7f800000u;
    }
    if (cb == 2)
        return (b & 0x80000000u) | 0x7f800000u;
    if (ca == 0 && cb == 0)          /* -0 only for (-0) + (-0) */
        return a & b & 0x80000000u;
    return ca == 0 ? b : a;
}

/* the order of an fp32 operand after input as a signed key: zeros 0,
 * infinities (and NaNs) +-0x7f800000, normals their sign and magnitude */
NVFP__INLINE int32_t nvfp__key(uint32_t x)
{
    uint32_t e = x & 0x7f800000u, m = x & 0x7fffffffu, s = 0u - (x >> 31);
    m = e == 0 ? 0 : m;
    m = e == 0x7f800000u ? 0x7f800000u : m;
    return (int32_t)((m ^ s) - s);
}

/* a < b (-0 == +0) */
NVFP__INLINE int nvfp_f32_less(uint32_t a, uint32_t b)
{
    return nvfp__key(a) < nvfp__key(b);
}

#endif
