/* fp_lanes.c - fp32 add/sub/mul/fma over lane arrays (one wave/warp
 * instruction per call): one policy and flag check per call, then blocks of
 * lanes through a fast path, and each lane the fast path does not cover
 * through the integer fast path of fp_fast.h or the generic path.
 *
 * Fast path (flags == 0 and round[f32] == RNE only): on x86-64, the host FPU
 * on a block of lanes at once (4 with SSE2; fma 8 with AVX2+FMA when the CPU
 * has them, checked at run time), MXCSR set to 0x1f80 (round to nearest,
 * FTZ = DAZ = 0, all exceptions masked) for the call and restored after.
 * A lane's host result is kept only when
 *   - every operand is normal (exponent field 1..254: no zero, denormal,
 *     Inf or NaN), and
 *   - the result has exponent field 2..254 (|r| >= 2^-125 and finite).
 * Then the exact value is neither tiny under either tininess rule (a value
 * rounding to >= 2^-125 is > 2^-126) nor an overflow, no policy knob but
 * the rounding can change the result, inexact is the only exception, and
 * IEEE 754 (5.4.1) defines the RNE result uniquely: the host result is the
 * integer algorithm's result.  (A result of exactly 2^-126, exponent field
 * 1, may be a tiny value rounded up, whose underflow the host does not
 * report: such lanes take the integer/generic path.)  Inexact, when exc is
 * not NULL, comes from an exact error computation, not from MXCSR:
 *   add  TwoSum in f32: err = a + b - s exactly (no overflow: s is finite);
 *   mul  the product of two f32 values is exact in f64 (24 + 24 <= 53 bits),
 *        so inexact iff (double)a * (double)b != (double)r;
 *   fma  ab is exact in f64; TwoSum in f64 of r - c gives s + err = r - c
 *        exactly; ab + c == r iff err == 0 and s == ab (if err != 0, r - c
 *        is not an f64 value while ab is).
 * test_fp_fast checks all of this against the generic path and the integer
 * fast path (README.md, "Fast paths").  Disabled by
 * -DGPUREF_FP_NO_HOST_LANES, by -ffast-math, and on other hosts.
 *
 * r may be the same array as a, b or c; it must not partly overlap them.
 */
#include "fp_impl.h"

#if defined(__x86_64__) && defined(__SSE2__) && !defined(__FAST_MATH__) && !defined(GPUREF_FP_NO_HOST_LANES)
#include <immintrin.h>
#define HOST_LANES 1
#else
#define HOST_LANES 0
#endif

#define CHECK_ARGS()                                                                         \
    int st = fp__begin(p, flags);                                                            \
    if (st) return st;                                                                       \
    if (n && (!a || !b || !r)) return GPUREF_ERR_ARG;                                        \
    const int fast = flags == 0 && p->round[FP_F32] == FP_RNE

/* One lane without the host: integer fast path, else the generic path. */
static inline void lane_add(uint32_t a, uint32_t b, uint32_t negb, int fast, const fp_policy *p, unsigned flags,
                            uint32_t *r, unsigned *e)
{
    if (fast && fp__f32_add_fast(a, b ^ negb, r, e)) return;
    uint64_t x;
    if (negb) fp_sub(FP_F32, a, b, p, flags, &x, e);
    else      fp_add(FP_F32, a, b, p, flags, &x, e);
    *r = (uint32_t)x;
}

static inline void lane_mul(uint32_t a, uint32_t b, int fast, const fp_policy *p, unsigned flags, uint32_t *r,
                            unsigned *e)
{
    if (fast && fp__f32_mul_fast(a, b, r, e)) return;
    uint64_t x;
    fp_mul(FP_F32, a, b, p, flags, &x, e);
    *r = (uint32_t)x;
}

static inline void lane_fma(uint32_t a, uint32_t b, uint32_t c, int fast, const fp_policy *p, unsigned flags,
                            uint32_t *r, unsigned *e)
{
    if (fast && fp__f32_fma_fast(a, b, c, r, e)) return;
    uint64_t x;
    fp_fma(FP_F32, a, b, c, p, flags, &x, e);
    *r = (uint32_t)x;
}

#if HOST_LANES
/* Without -frounding-math the compiler does not know that floating-point
 * operations depend on MXCSR and could move them across its writes: the
 * operands are loaded after, and the results stored before, a memory
 * barrier. */
#define BARRIER() __asm__ __volatile__("" ::: "memory")
#define MXCSR_ENTER() unsigned csr_ = _mm_getcsr(); _mm_setcsr(0x1f80u); BARRIER()
#define MXCSR_LEAVE() do { BARRIER(); _mm_setcsr(csr_); } while (0)

static inline void set_inexact(unsigned *exc, unsigned bits)
{
    for (; bits; bits &= bits - 1) exc[__builtin_ctz(bits)] |= FP_EXC_INEXACT;
}

/* Lanes of a block the host does not cover (bit j of m clear), from the
 * saved operands; the covered ones from the saved host results. */
#define BLOCK_FALLBACK(W, m, ix, hv, LANE)                                                  \
    for (unsigned j = 0; j < (W); j++) {                                                    \
        unsigned *e = exc ? &exc[i + j] : NULL;                                             \
        if ((m) >> j & 1) {                                                                 \
            r[i + j] = hv[j];                                                               \
            if (e && ((ix) >> j & 1)) *e |= FP_EXC_INEXACT;                                 \
        } else {                                                                            \
            LANE;                                                                           \
        }                                                                                   \
    }

/* Bit j set: lane j of a 4-lane block is in the host domain (both operands
 * normal, the result's exponent field 2..254). */
static inline unsigned domain4(__m128i ai, __m128i bi, __m128i si)
{
    const __m128i lo_in = _mm_set1_epi32(0x007fffff), lo_out = _mm_set1_epi32(0x00ffffff),
                  hi = _mm_set1_epi32(0x7f800000), abs = _mm_set1_epi32(0x7fffffff);
    __m128i ma = _mm_and_si128(ai, abs), mb = _mm_and_si128(bi, abs), ms = _mm_and_si128(si, abs);
    __m128i ok = _mm_and_si128(_mm_and_si128(_mm_cmpgt_epi32(ma, lo_in), _mm_cmpgt_epi32(mb, lo_in)),
                               _mm_cmpgt_epi32(ms, lo_out));
    ok = _mm_and_si128(ok, _mm_and_si128(_mm_and_si128(_mm_cmpgt_epi32(hi, ma), _mm_cmpgt_epi32(hi, mb)),
                                         _mm_cmpgt_epi32(hi, ms)));
    return (unsigned)_mm_movemask_ps(_mm_castsi128_ps(ok));
}

static size_t host_add(size_t n, const uint32_t *a, const uint32_t *b, uint32_t negb, uint32_t *r, unsigned *exc,
                       const fp_policy *p)
{
    const __m128i nb = _mm_set1_epi32((int)negb);
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m128i ai = _mm_loadu_si128((const __m128i *)(a + i)), b0 = _mm_loadu_si128((const __m128i *)(b + i));
        __m128i bi = _mm_xor_si128(b0, nb);
        __m128 x = _mm_castsi128_ps(ai), y = _mm_castsi128_ps(bi), s = _mm_add_ps(x, y);
        __m128i si = _mm_castps_si128(s);
        unsigned m = domain4(ai, bi, si), ix = 0;
        if (exc) {                                    /* TwoSum: err = x + y - s exactly */
            __m128 bb = _mm_sub_ps(s, x);
            __m128 err = _mm_add_ps(_mm_sub_ps(x, _mm_sub_ps(s, bb)), _mm_sub_ps(y, bb));
            ix = (unsigned)_mm_movemask_ps(_mm_cmpneq_ps(err, _mm_setzero_ps()));
        }
        if (m == 0xf) {
            _mm_storeu_si128((__m128i *)(r + i), si);
            if (exc) set_inexact(exc + i, ix);
            continue;
        }
        uint32_t av[4], bv[4], hv[4];
        _mm_storeu_si128((__m128i *)av, ai);
        _mm_storeu_si128((__m128i *)bv, b0);
        _mm_storeu_si128((__m128i *)hv, si);
        BLOCK_FALLBACK(4, m, ix, hv, lane_add(av[j], bv[j], negb, 1, p, 0, &r[i + j], e))
    }
    return i;
}

static size_t host_mul(size_t n, const uint32_t *a, const uint32_t *b, uint32_t *r, unsigned *exc,
                       const fp_policy *p)
{
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m128i ai = _mm_loadu_si128((const __m128i *)(a + i)), bi = _mm_loadu_si128((const __m128i *)(b + i));
        __m128 x = _mm_castsi128_ps(ai), y = _mm_castsi128_ps(bi), s = _mm_mul_ps(x, y);
        __m128i si = _mm_castps_si128(s);
        unsigned m = domain4(ai, bi, si), ix = 0;
        if (exc) {                                    /* x * y is exact in f64 */
            __m128d pl = _mm_mul_pd(_mm_cvtps_pd(x), _mm_cvtps_pd(y));
            __m128d ph = _mm_mul_pd(_mm_cvtps_pd(_mm_movehl_ps(x, x)), _mm_cvtps_pd(_mm_movehl_ps(y, y)));
            ix = (unsigned)_mm_movemask_pd(_mm_cmpneq_pd(pl, _mm_cvtps_pd(s))) |
                 (unsigned)_mm_movemask_pd(_mm_cmpneq_pd(ph, _mm_cvtps_pd(_mm_movehl_ps(s, s)))) << 2;
        }
        if (m == 0xf) {
            _mm_storeu_si128((__m128i *)(r + i), si);
            if (exc) set_inexact(exc + i, ix);
            continue;
        }
        uint32_t av[4], bv[4], hv[4];
        _mm_storeu_si128((__m128i *)av, ai);
        _mm_storeu_si128((__m128i *)bv, bi);
        _mm_storeu_si128((__m128i *)hv, si);
        BLOCK_FALLBACK(4, m, ix, hv, lane_mul(av[j], bv[j], 1, p, 0, &r[i + j], e))
    }
    return i;
}

/* fma, 8 lanes with AVX2 + FMA (run-time check: the binary runs on any
 * x86-64). */
__attribute__((target("avx2,fma")))
static size_t host_fma(size_t n, const uint32_t *a, const uint32_t *b, const uint32_t *c, uint32_t *r, unsigned *exc,
                       const fp_policy *p)
{
    const __m256i lo_in = _mm256_set1_epi32(0x007fffff), lo_out = _mm256_set1_epi32(0x00ffffff),
                  hi = _mm256_set1_epi32(0x7f800000), abs = _mm256_set1_epi32(0x7fffffff);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i ai = _mm256_loadu_si256((const __m256i *)(a + i)), bi = _mm256_loadu_si256((const __m256i *)(b + i)),
                ci = _mm256_loadu_si256((const __m256i *)(c + i));
        __m256 x = _mm256_castsi256_ps(ai), y = _mm256_castsi256_ps(bi), z = _mm256_castsi256_ps(ci);
        __m256 s = _mm256_fmadd_ps(x, y, z);
        __m256i si = _mm256_castps_si256(s);
        __m256i ma = _mm256_and_si256(ai, abs), mb = _mm256_and_si256(bi, abs), mc = _mm256_and_si256(ci, abs),
                ms = _mm256_and_si256(si, abs);
        __m256i ok = _mm256_and_si256(_mm256_and_si256(_mm256_cmpgt_epi32(ma, lo_in), _mm256_cmpgt_epi32(mb, lo_in)),
                                      _mm256_and_si256(_mm256_cmpgt_epi32(mc, lo_in), _mm256_cmpgt_epi32(ms, lo_out)));
        ok = _mm256_and_si256(ok, _mm256_and_si256(_mm256_and_si256(_mm256_cmpgt_epi32(hi, ma), _mm256_cmpgt_epi32(hi, mb)),
                                                   _mm256_and_si256(_mm256_cmpgt_epi32(hi, mc), _mm256_cmpgt_epi32(hi, ms))));
        unsigned m = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(ok)), ix = 0;
        if (exc) {
            for (int h = 0; h < 2; h++) {
                __m128 xh = h ? _mm256_extractf128_ps(x, 1) : _mm256_castps256_ps128(x);
                __m128 yh = h ? _mm256_extractf128_ps(y, 1) : _mm256_castps256_ps128(y);
                __m128 zh = h ? _mm256_extractf128_ps(z, 1) : _mm256_castps256_ps128(z);
                __m128 sh = h ? _mm256_extractf128_ps(s, 1) : _mm256_castps256_ps128(s);
                __m256d P = _mm256_mul_pd(_mm256_cvtps_pd(xh), _mm256_cvtps_pd(yh));   /* exact */
                __m256d R = _mm256_cvtps_pd(sh), C = _mm256_cvtps_pd(zh);
                __m256d d = _mm256_sub_pd(R, C);                          /* TwoSum(R, -C) */
                __m256d bb = _mm256_sub_pd(d, R);
                __m256d err = _mm256_sub_pd(_mm256_sub_pd(R, _mm256_sub_pd(d, bb)), _mm256_add_pd(C, bb));
                __m256d ne = _mm256_or_pd(_mm256_cmp_pd(err, _mm256_setzero_pd(), _CMP_NEQ_UQ),
                                          _mm256_cmp_pd(d, P, _CMP_NEQ_UQ));
                ix |= (unsigned)_mm256_movemask_pd(ne) << (4 * h);
            }
        }
        if (m == 0xff) {
            _mm256_storeu_si256((__m256i *)(r + i), si);
            if (exc) set_inexact(exc + i, ix);
            continue;
        }
        uint32_t av[8], bv[8], cv[8], hv[8];
        _mm256_storeu_si256((__m256i *)av, ai);
        _mm256_storeu_si256((__m256i *)bv, bi);
        _mm256_storeu_si256((__m256i *)cv, ci);
        _mm256_storeu_si256((__m256i *)hv, si);
        BLOCK_FALLBACK(8, m, ix, hv, lane_fma(av[j], bv[j], cv[j], 1, p, 0, &r[i + j], e))
    }
    return i;
}

static int have_avx2_fma(void)
{
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}
#endif

static int add_lanes(size_t n, const uint32_t *a, const uint32_t *b, uint32_t negb, const fp_policy *p,
                     unsigned flags, uint32_t *r, unsigned *exc)
{
    CHECK_ARGS();
    size_t i = 0;
#if HOST_LANES
    if (fast && n >= 4) {
        MXCSR_ENTER();
        i = host_add(n, a, b, negb, r, exc, p);
        MXCSR_LEAVE();
    }
#endif
    for (; i < n; i++) lane_add(a[i], b[i], negb, fast, p, flags, &r[i], exc ? &exc[i] : NULL);
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
    size_t i = 0;
#if HOST_LANES
    if (fast && n >= 4) {
        MXCSR_ENTER();
        i = host_mul(n, a, b, r, exc, p);
        MXCSR_LEAVE();
    }
#endif
    for (; i < n; i++) lane_mul(a[i], b[i], fast, p, flags, &r[i], exc ? &exc[i] : NULL);
    return GPUREF_OK;
}

int fp32_fma_n(size_t n, const uint32_t *a, const uint32_t *b, const uint32_t *c, const fp_policy *p,
               unsigned flags, uint32_t *r, unsigned *exc)
{
    CHECK_ARGS();
    if (n && !c) return GPUREF_ERR_ARG;
    size_t i = 0;
#if HOST_LANES
    if (fast && n >= 8 && have_avx2_fma()) {
        MXCSR_ENTER();
        i = host_fma(n, a, b, c, r, exc, p);
        MXCSR_LEAVE();
    }
#endif
    for (; i < n; i++) lane_fma(a[i], b[i], c[i], fast, p, flags, &r[i], exc ? &exc[i] : NULL);
    return GPUREF_OK;
}
