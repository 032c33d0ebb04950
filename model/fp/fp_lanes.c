/* fp_lanes.c - fp32 add/sub/mul/fma over lane arrays (one wave/warp
 * instruction per call): one policy and flag check per call, then per lane
 * a fast path, or the generic path for the lanes it does not cover.
 *
 * Fast paths, taken only with flags == 0 and round[f32] == RNE, for normal
 * operands whose rounded result is a normal number that cannot be tiny (no
 * policy knob other than the rounding can matter there, and inexact is the
 * only exception):
 *   - add, sub, mul on x86-64 SSE: the host FPU, with MXCSR set to
 *     0x1f80 (round to nearest, FTZ = DAZ = 0, all masked) for the call and
 *     restored after.  Inexact comes from an error-free transformation
 *     (TwoSum for add; the exact integer product of the significands for mul), not from MXCSR.
 *     IEEE 754 defines these results uniquely, so the host is bit-identical
 *     to the integer algorithm on this domain; test_fp_fast proves it against
 *     the generic path (random lanes, every special value) and test_fp_host
 *     against the scalar results.
 *   - elsewhere, and for fma: the integer fast path of fp_fast.h.
 */
#include "fp_impl.h"

#if defined(__x86_64__) && defined(__SSE2__) && !defined(__FAST_MATH__) && !defined(GPUREF_FP_NO_HOST_LANES)
#include <xmmintrin.h>
#define HOST_LANES 1
#else
#define HOST_LANES 0
#endif

/* exponent field in [2, 254]: a result of magnitude >= 2^-125 is never tiny;
 * a result of exactly 2^-126 may be a tiny value rounded up (underflow is
 * then signalled with tininess after rounding), so it takes the generic path */
#define ABOVE_MIN_BINADE(u) ((((u) >> 23) & 0xffu) - 2u < 253u)

#define CHECK_ARGS()                                                                         \
    int st = fp__begin(p, flags);                                                            \
    if (st) return st;                                                                       \
    if (n && (!a || !b || !r)) return GPUREF_ERR_ARG;                                        \
    const int fast = flags == 0 && p->round[FP_F32] == FP_RNE

#if HOST_LANES
static inline float f_of(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static inline uint32_t u_of(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

/* a + b (b already negated for sub) on the host; 0 if not covered */
static inline int host_add(uint32_t a, uint32_t b, uint32_t *r, unsigned *e)
{
    if (!FP__F32_NORMAL(a) || !FP__F32_NORMAL(b)) return 0;
    float x = f_of(a), y = f_of(b), s = x + y;
    uint32_t u = u_of(s);
    if (!ABOVE_MIN_BINADE(u)) return (a ^ b) == 0x80000000u ? (*r = 0, 1) : 0;   /* x - x = +0 */
    if (e) {
        float bb = s - x, err = (x - (s - bb)) + (y - bb);      /* TwoSum: exact a + b - s */
        if (err != 0.0f) *e |= FP_EXC_INEXACT;
    }
    *r = u;
    return 1;
}

static inline int host_mul(uint32_t a, uint32_t b, uint32_t *r, unsigned *e)
{
    if (!FP__F32_NORMAL(a) || !FP__F32_NORMAL(b)) return 0;
    uint32_t u = u_of(f_of(a) * f_of(b));
    if (!ABOVE_MIN_BINADE(u)) return 0;
    if (e) {
        /* inexact iff the exact 48-bit product of the significands has
         * nonzero bits below the 24 kept (23 + the top bit position) */
        uint64_t pr = (uint64_t)((a & 0x7fffffu) | 0x800000u) * ((b & 0x7fffffu) | 0x800000u);
        if (pr & ((((uint64_t)1) << (23 + (pr >> 47))) - 1)) *e |= FP_EXC_INEXACT;
    }
    *r = u;
    return 1;
}
#define FAST_ADD(x, y, r, e) host_add(x, y, r, e)
#define FAST_MUL(x, y, r, e) host_mul(x, y, r, e)
#define MXCSR_ENTER() unsigned csr_ = fast ? _mm_getcsr() : 0; if (fast) _mm_setcsr(0x1f80u)
#define MXCSR_LEAVE() do { if (fast) _mm_setcsr(csr_); } while (0)
#else
#define FAST_ADD(x, y, r, e) fp__f32_add_fast(x, y, r, e)
#define FAST_MUL(x, y, r, e) fp__f32_mul_fast(x, y, r, e)
#define MXCSR_ENTER() do { } while (0)
#define MXCSR_LEAVE() do { } while (0)
#endif

static int add_lanes(size_t n, const uint32_t *a, const uint32_t *b, uint32_t negb, const fp_policy *p,
                     unsigned flags, uint32_t *r, unsigned *exc)
{
    CHECK_ARGS();
    MXCSR_ENTER();
    for (size_t i = 0; i < n; i++) {
        unsigned *e = exc ? &exc[i] : NULL;
        if (fast && FAST_ADD(a[i], b[i] ^ negb, &r[i], e)) continue;
        uint64_t x;
        st = negb ? fp_sub(FP_F32, a[i], b[i], p, flags, &x, e) : fp_add(FP_F32, a[i], b[i], p, flags, &x, e);
        r[i] = (uint32_t)x;
    }
    MXCSR_LEAVE();
    return GPUREF_OK;
}

int fp32_add_n(size_t n, const uint32_t *a, const uint32_t *b, const fp_policy *p, unsigned flags,
               uint32_t *r, unsigned *exc)
{
    return add_lanes(n, a, b, 0, p, flags, r, exc);
}

int fp32_sub_n(size_t n, const uint32_t *a, const uint32_t *b, const fp_policy *p, unsigned flags,
               uint32_t *r, unsigned *exc)
{
    return add_lanes(n, a, b, 0x80000000u, p, flags, r, exc);
}

int fp32_mul_n(size_t n, const uint32_t *a, const uint32_t *b, const fp_policy *p, unsigned flags,
               uint32_t *r, unsigned *exc)
{
    CHECK_ARGS();
    MXCSR_ENTER();
    for (size_t i = 0; i < n; i++) {
        unsigned *e = exc ? &exc[i] : NULL;
        if (fast && FAST_MUL(a[i], b[i], &r[i], e)) continue;
        uint64_t x;
        st = fp_mul(FP_F32, a[i], b[i], p, flags, &x, e);
        r[i] = (uint32_t)x;
    }
    MXCSR_LEAVE();
    return GPUREF_OK;
}

int fp32_fma_n(size_t n, const uint32_t *a, const uint32_t *b, const uint32_t *c, const fp_policy *p,
               unsigned flags, uint32_t *r, unsigned *exc)
{
    CHECK_ARGS();
    if (n && !c) return GPUREF_ERR_ARG;
    for (size_t i = 0; i < n; i++) {
        unsigned *e = exc ? &exc[i] : NULL;
        if (fast && fp__f32_fma_fast(a[i], b[i], c[i], &r[i], e)) continue;
        uint64_t x;
        st = fp_fma(FP_F32, a[i], b[i], c[i], p, flags, &x, e);
        r[i] = (uint32_t)x;
    }
    return GPUREF_OK;
}
