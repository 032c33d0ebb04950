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

/* The same operations on four elements at once (the four pixels of one
 * component): r[i] = nvfp_f32_add(p, a[i], b[i]) (mul, less alike).  On an
 * x86-64 host with SSE2 and host != 0 (nvfp_host_begin) the host FPU
 * computes them on the operands as read (zeros and flushed denormals made
 * zeros of their sign, infinities and NaNs made infinities of their sign):
 * under RNE without FTZ/DAZ the host result is IEEE 754's, which is the
 * nvfp policy's except
 *   - an invalid operation: Inf - Inf gives the default NaN, read as +Inf
 *     (add: +Inf; mul: 0 x Inf does not reach the host, zero wins);
 *   - zero wins: a zero operand of mul gives +0;
 *   - tiny results (flushed by the policy, with tininess after rounding):
 *     an element whose host result has exponent field 0 or 1 (|r| < 2^-125)
 *     and is not an exact zero of add, or any such product of two nonzero
 *     operands, is made again by the scalar function.
 * Elsewhere (host == 0, other hosts, -ffast-math, GPUREF_FP_NO_HOST_LANES)
 * the scalar functions run.  test_nvfp_fast checks the four-wide functions
 * against model/fp on the same pairs and triples as the scalar ones.
 *
 * MXCSR belongs to the program the model runs in, which may change it
 * between two steps (a simulator, a library with its own rounding): a step
 * that uses the host FPU reads it first (nvfp_host_begin) and takes the host
 * path only when it is the IEEE default, so the results never depend on it,
 * and writes it back after (nvfp_host_end), so the step leaves no exception
 * flags behind (as model/fp's fp_lanes.c, which sets and restores it for a
 * call).  Under FTZ/DAZ or another rounding the scalar functions give the
 * same results, slower. */
#if defined(__x86_64__) && defined(__SSE2__) && !defined(__FAST_MATH__) && !defined(GPUREF_FP_NO_HOST_LANES)
#include <immintrin.h>
#define NVFP_HOST 1
/* Without -frounding-math the compiler does not know that the host's float
 * operations depend on MXCSR: they stay between these barriers */
#define NVFP__BARRIER() __asm__ __volatile__("" ::: "memory")

/* 1 when MXCSR is RNE with FTZ = DAZ = 0 and every exception masked (the
 * host path may be used); *csr keeps it for nvfp_host_end */
NVFP__INLINE int nvfp_host_begin(unsigned *csr)
{
    *csr = _mm_getcsr();
    NVFP__BARRIER();
    return (*csr & 0xffc0u) == 0x1f80u;
}

/* the exception flags the host operations raised are cleared again */
NVFP__INLINE void nvfp_host_end(unsigned csr)
{
    NVFP__BARRIER();
    _mm_setcsr(csr);
}

/* an operand as read: zeros of its sign for exponent field 0, infinities
 * of its sign for 255 */
NVFP__INLINE __m128i nvfp__in4(__m128i x)
{
    const __m128i E = _mm_set1_epi32(0x7f800000), S = _mm_set1_epi32((int)0x80000000u);
    __m128i e = _mm_and_si128(x, E), sg = _mm_and_si128(x, S);
    __m128i ez = _mm_cmpeq_epi32(e, _mm_setzero_si128()), ei = _mm_cmpeq_epi32(e, E);
    return _mm_or_si128(_mm_andnot_si128(_mm_or_si128(ez, ei), x), _mm_or_si128(sg, _mm_and_si128(ei, E)));
}

/* the host results v stored to r, the elements flagged in bad (tiny
 * results) made again by the scalar function f; a and b are read before r
 * is written (r may be one of them) */
NVFP__INLINE void nvfp__store4(__m128i v, __m128i bad, const fp_policy *p, const uint32_t *a, const uint32_t *b,
                               uint32_t *r, uint32_t (*f)(const fp_policy *, uint32_t, uint32_t))
{
    unsigned m = (unsigned)_mm_movemask_ps(_mm_castsi128_ps(bad));
    if (m) {
        uint32_t t[4];
        _mm_storeu_si128((__m128i *)(void *)t, v);
        for (; m; m &= m - 1) {
            unsigned i = (unsigned)__builtin_ctz(m);
            t[i] = f(p, a[i], b[i]);
        }
        v = _mm_loadu_si128((const __m128i *)(const void *)t);
    }
    _mm_storeu_si128((__m128i *)(void *)r, v);
}
#else
#define NVFP_HOST 0
NVFP__INLINE int nvfp_host_begin(unsigned *csr) { *csr = 0; return 0; }
NVFP__INLINE void nvfp_host_end(unsigned csr) { (void)csr; }
#endif

NVFP__INLINE void nvfp_f32_add4(const fp_policy *p, int host, const uint32_t *a, const uint32_t *b, uint32_t *r)
{
#if NVFP_HOST
    if (host) {
        const __m128i E = _mm_set1_epi32(0x7f800000), M = _mm_set1_epi32(0x7fffffff);
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)a),
                y = _mm_loadu_si128((const __m128i *)(const void *)b);
        __m128 s = _mm_add_ps(_mm_castsi128_ps(nvfp__in4(x)), _mm_castsi128_ps(nvfp__in4(y)));
        __m128i nan = _mm_castps_si128(_mm_cmpunord_ps(s, s)), v = _mm_castps_si128(s);
        v = _mm_or_si128(_mm_andnot_si128(nan, v), _mm_and_si128(nan, E));
        __m128i ab = _mm_and_si128(v, M);
        __m128i bad = _mm_andnot_si128(_mm_cmpeq_epi32(ab, _mm_setzero_si128()),
                                       _mm_cmplt_epi32(ab, _mm_set1_epi32(0x01000000)));
        nvfp__store4(v, bad, p, a, b, r, nvfp_f32_add);
        return;
    }
#else
    (void)host;
#endif
    for (unsigned i = 0; i < 4; i++) r[i] = nvfp_f32_add(p, a[i], b[i]);
}

NVFP__INLINE void nvfp_f32_mul4(const fp_policy *p, int host, const uint32_t *a, const uint32_t *b, uint32_t *r)
{
#if NVFP_HOST
    if (host) {
        const __m128i M = _mm_set1_epi32(0x7fffffff), Z = _mm_setzero_si128();
        __m128i x = nvfp__in4(_mm_loadu_si128((const __m128i *)(const void *)a)),
                y = nvfp__in4(_mm_loadu_si128((const __m128i *)(const void *)b));
        __m128i z = _mm_or_si128(_mm_cmpeq_epi32(_mm_and_si128(x, M), Z), _mm_cmpeq_epi32(_mm_and_si128(y, M), Z));
        __m128i v = _mm_castps_si128(_mm_mul_ps(_mm_castsi128_ps(x), _mm_castsi128_ps(y)));
        __m128i bad = _mm_andnot_si128(z, _mm_cmplt_epi32(_mm_and_si128(v, M), _mm_set1_epi32(0x01000000)));
        nvfp__store4(_mm_andnot_si128(z, v), bad, p, a, b, r, nvfp_f32_mul);
        return;
    }
#else
    (void)host;
#endif
    for (unsigned i = 0; i < 4; i++) r[i] = nvfp_f32_mul(p, a[i], b[i]);
}

#if NVFP_HOST
/* the keys of nvfp__key, four at once */
NVFP__INLINE __m128i nvfp__key4(__m128i x)
{
    const __m128i E = _mm_set1_epi32(0x7f800000), M = _mm_set1_epi32(0x7fffffff);
    __m128i e = _mm_and_si128(x, E), m = _mm_and_si128(x, M), s = _mm_srai_epi32(x, 31);
    __m128i ei = _mm_cmpeq_epi32(e, E);
    m = _mm_andnot_si128(_mm_cmpeq_epi32(e, _mm_setzero_si128()), m);
    m = _mm_or_si128(_mm_andnot_si128(ei, m), _mm_and_si128(ei, E));
    return _mm_sub_epi32(_mm_xor_si128(m, s), s);
}
#endif

/* bit i set: a[i] < b[i] (nvfp_f32_less) */
NVFP__INLINE unsigned nvfp_f32_less4(const uint32_t *a, const uint32_t *b)
{
#if NVFP_HOST
    __m128i ka = nvfp__key4(_mm_loadu_si128((const __m128i *)(const void *)a)),
            kb = nvfp__key4(_mm_loadu_si128((const __m128i *)(const void *)b));
    return (unsigned)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmplt_epi32(ka, kb)));
#else
    unsigned m = 0;
    for (unsigned i = 0; i < 4; i++) m |= (unsigned)nvfp_f32_less(a[i], b[i]) << i;
    return m;
#endif
}

#endif
