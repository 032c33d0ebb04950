/* fp_lanes.c - fp32 add/sub/mul/fma over lane arrays: one policy and flag
 * check per call, the inline fast path per lane, the generic path for the
 * lanes it does not cover. */
#include "fp_impl.h"

#define LANES(name, call_fast, call_generic)                                                 \
    {                                                                                        \
        int st = fp__begin(p, flags);                                                        \
        if (st) return st;                                                                   \
        if ((n && (!a || !b || !r))) return GPUREF_ERR_ARG;                                  \
        int fast = flags == 0 && p->round[FP_F32] == FP_RNE;                                 \
        for (size_t i = 0; i < n; i++) {                                                     \
            unsigned *e = exc ? &exc[i] : NULL;                                              \
            if (fast && (call_fast)) continue;                                               \
            uint64_t x;                                                                      \
            st = (call_generic);                                                             \
            if (st) return st;              /* cannot happen: checked above */               \
            r[i] = (uint32_t)x;                                                              \
        }                                                                                    \
        return GPUREF_OK;                                                                    \
    }

int fp32_add_n(size_t n, const uint32_t *a, const uint32_t *b, const fp_policy *p, unsigned flags,
               uint32_t *r, unsigned *exc)
LANES(add, fp__f32_add_fast(a[i], b[i], &r[i], e), fp_add(FP_F32, a[i], b[i], p, flags, &x, e))

int fp32_sub_n(size_t n, const uint32_t *a, const uint32_t *b, const fp_policy *p, unsigned flags,
               uint32_t *r, unsigned *exc)
LANES(sub, fp__f32_add_fast(a[i], b[i] ^ 0x80000000u, &r[i], e), fp_sub(FP_F32, a[i], b[i], p, flags, &x, e))

int fp32_mul_n(size_t n, const uint32_t *a, const uint32_t *b, const fp_policy *p, unsigned flags,
               uint32_t *r, unsigned *exc)
LANES(mul, fp__f32_mul_fast(a[i], b[i], &r[i], e), fp_mul(FP_F32, a[i], b[i], p, flags, &x, e))

int fp32_fma_n(size_t n, const uint32_t *a, const uint32_t *b, const uint32_t *c, const fp_policy *p,
               unsigned flags, uint32_t *r, unsigned *exc)
{
    if (n && !c) return GPUREF_ERR_ARG;
    LANES(fma, fp__f32_fma_fast(a[i], b[i], c[i], &r[i], e), fp_fma(FP_F32, a[i], b[i], c[i], p, flags, &x, e))
}
