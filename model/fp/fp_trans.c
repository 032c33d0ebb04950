/* fp_trans.c - correctly rounded log2, exp2, sin, cos for f16, bf16, f32, f64.
 *
 * Method: evaluate in a 128-bit-significand software float ("xf", integer
 * arithmetic only, truncating, relative error < 2^-126 per operation), with
 * the classic series (atanh for log, Taylor for exp/sin/cos) after exact
 * argument reduction (Payne-Hanek with 1536 bits of 2/pi for sin/cos: a
 * 320-bit window of them times the 53-bit significand).  The
 * accumulated error is below 2^-115; the result is rounded only if the
 * approximation is farther than 2^-112 (relative) from every rounding
 * boundary of the target format (Ziv's test), so the rounding of the
 * approximation is the rounding of the true value.  Values that are exactly
 * representable or lie within 2^-80 of one (exp2 of integers and of tiny x,
 * log2 of powers of two, sin/cos of 0 and of tiny x, sin/cos of multiples of
 * a quarter turn) are produced exactly, not through the test.
 *
 * If the test ever fails the function returns GPUREF_ERR_UNIMPL rather than
 * a result it cannot prove.  test_fp_mpfr_trans checks against MPFR (f64 on random and
 * hard inputs: the chance that a random f64 input fails Ziv's test is about
 * 2^-46), and its exhaustive mode (GPUREF_FP_EXHAUSTIVE=1) runs every f16 and f32 input.
 *
 * Constants (bits of 2/pi, pi/2, ln 2, log2 e, the series coefficients 1/n!
 * and 1/(2k+1), each the top 128 bits truncated) were computed with MPFR 4.2;
 * test_fp_mpfr_trans re-derives and compares them.
 */
#include "fp_impl.h"

/* value = m * 2^(e - 127); m has bit 127 set, or m == 0 for zero */
typedef struct xf { unsigned neg; int32_t e; u128 m; } xf;

#define W128(hi, lo) (((u128)(hi) << 64) | (lo))

/* 2/pi = 0.a2f9836e... : bits 1..1536 after the binary point */
static const uint64_t two_over_pi[24] = {
    0xa2f9836e4e441529ull, 0xfc2757d1f534ddc0ull, 0xdb6295993c439041ull, 0xfe5163abdebbc561ull,
    0xb7246e3a424dd2e0ull, 0x06492eea09d1921cull, 0xfe1deb1cb129a73eull, 0xe88235f52ebb4484ull,
    0xe99c7026b45f7e41ull, 0x3991d639835339f4ull, 0x9c845f8bbdf9283bull, 0x1ff897ffde05980full,
    0xef2f118b5a0a6d1full, 0x6d367ecf27cb09b7ull, 0x4f463f669e5fea2dull, 0x7527bac7ebe5f17bull,
    0x3d0739f78a5292eaull, 0x6bfb5fb11f8d5d08ull, 0x56033046fc7b6babull, 0xf0cfbc209af4361dull,
    0xa9e391615ee61b08ull, 0x6599855f14a06840ull, 0x8dffd8804d732731ull, 0x06061556ca73a8c9ull,
};
static const xf XF_PI_2 = { 0, 0, W128(0xc90fdaa22168c234ull, 0xc4c6628b80dc1cd1ull) };  /* pi/2 */
static const xf XF_LN2 = { 0, -1, W128(0xb17217f7d1cf79abull, 0xc9e3b39803f2f6afull) };  /* ln 2 */
static const xf XF_LOG2E = { 0, 0, W128(0xb8aa3b295c17f0bbull, 0xbe87fed0691d3e88ull) }; /* 1/ln 2 */
static const xf XF_ONE = { 0, 0, (u128)1 << 127 };

/* series coefficients: { e, m high word, m low word }, value = m * 2^(e-127) */
typedef struct xfc { int32_t e; uint64_t hi, lo; } xfc;
static const xfc inv_fact[38] = {          /* 1/n!, n = 0..37 */
    {    0, 0x8000000000000000ull, 0x0000000000000000ull },  /* 1/0! */
    {    0, 0x8000000000000000ull, 0x0000000000000000ull },  /* 1/1! */
    {   -1, 0x8000000000000000ull, 0x0000000000000000ull },  /* 1/2! */
    {   -3, 0xaaaaaaaaaaaaaaaaull, 0xaaaaaaaaaaaaaaaaull },  /* 1/3! */
    {   -5, 0xaaaaaaaaaaaaaaaaull, 0xaaaaaaaaaaaaaaaaull },  /* 1/4! */
    {   -7, 0x8888888888888888ull, 0x8888888888888888ull },  /* 1/5! */
    {  -10, 0xb60b60b60b60b60bull, 0x60b60b60b60b60b6ull },  /* 1/6! */
    {  -13, 0xd00d00d00d00d00dull, 0x00d00d00d00d00d0ull },  /* 1/7! */
    {  -16, 0xd00d00d00d00d00dull, 0x00d00d00d00d00d0ull },  /* 1/8! */
    {  -19, 0xb8ef1d2ab6399c7dull, 0x560e4472800b8ef1ull },  /* 1/9! */
    {  -22, 0x93f27dbbc4fae397ull, 0x780b69f5333c725bull },  /* 1/10! */
    {  -26, 0xd7322b3faa271c7full, 0x3a3f25c1bee38f10ull },  /* 1/11! */
    {  -29, 0x8f76c77fc6c4bdaaull, 0x26d4c3d67f425f60ull },  /* 1/12! */
    {  -33, 0xb092309d43684be5ull, 0x1c198e91d7b4269dull },  /* 1/13! */
    {  -37, 0xc9cba54603e4e905ull, 0xd6f8a2efd1f27546ull },  /* 1/14! */
    {  -41, 0xd73f9f399dc0f88eull, 0xc32b58774657f48full },  /* 1/15! */
    {  -45, 0xd73f9f399dc0f88eull, 0xc32b58774657f48full },  /* 1/16! */
    {  -49, 0xca963b81856a5359ull, 0x3028cbbb8d7ff53bull },  /* 1/17! */
    {  -53, 0xb413c31dcbecbbddull, 0x8024435161554bc3ull },  /* 1/18! */
    {  -57, 0x97a4da340a0ab926ull, 0x50f61dbdcb3a5abfull },  /* 1/19! */
    {  -62, 0xf2a15d201011283dull, 0x4e5695fc785d5dfeull },  /* 1/20! */
    {  -66, 0xb8dc77b6e7ab8c5full, 0x78a37e77372290c2ull },  /* 1/21! */
    {  -70, 0x8671cb6dbfc294a2ull, 0x86485bf99c763abbull },  /* 1/22! */
    {  -75, 0xbb0da098b1c0cecbull, 0xdc3826ebfb13cc26ull },  /* 1/23! */
    {  -80, 0xf96780cb97abbe65ull, 0x25a033e54ec51033ull },  /* 1/24! */
    {  -84, 0x9f9e66e8b2fd46a7ull, 0x22520cbbb7885c49ull },  /* 1/25! */
    {  -89, 0xc4742fe35272cd1cull, 0x790285d3580a4a33ull },  /* 1/26! */
    {  -94, 0xe8d58e16e6751905ull, 0x4d0c78aea13b9a50ull },  /* 1/27! */
    {  -98, 0x850c5131a842e9b9ull, 0xe2e28e1aa546a152ull },  /* 1/28! */
    { -103, 0x92cfcc5a1ac56bd5ull, 0xf1873bb378948eb3ull },  /* 1/29! */
    { -108, 0x9c9962823eb07306ull, 0x56f6a614c4e2ba58ull },  /* 1/30! */
    { -113, 0xa1a6973c1fade217ull, 0x0f7237d35fe1c89dull },  /* 1/31! */
    { -118, 0xa1a6973c1fade217ull, 0x0f7237d35fe1c89dull },  /* 1/32! */
    { -123, 0x9cc092a6e86a8da9ull, 0xc166ffd4ba113ea8ull },  /* 1/33! */
    { -128, 0x9388118e07ebd09full, 0xc515a57ceb5b8644ull },  /* 1/34! */
    { -133, 0x86e2ce38b6c8f941ull, 0x9e3fad3f0311d9d7ull },  /* 1/35! */
    { -139, 0xefcc194861654958ull, 0x35c6895393adf50eull },  /* 1/36! */
    { -144, 0xcf6468e4a742d7a6ull, 0x3c58ae1ec4e979feull },  /* 1/37! */
};
static const xfc inv_odd[29] = {           /* 1/(2k+1), k = 0..28 */
    {    0, 0x8000000000000000ull, 0x0000000000000000ull },  /* 1/1 */
    {   -2, 0xaaaaaaaaaaaaaaaaull, 0xaaaaaaaaaaaaaaaaull },  /* 1/3 */
    {   -3, 0xccccccccccccccccull, 0xccccccccccccccccull },  /* 1/5 */
    {   -3, 0x9249249249249249ull, 0x2492492492492492ull },  /* 1/7 */
    {   -4, 0xe38e38e38e38e38eull, 0x38e38e38e38e38e3ull },  /* 1/9 */
    {   -4, 0xba2e8ba2e8ba2e8bull, 0xa2e8ba2e8ba2e8baull },  /* 1/11 */
    {   -4, 0x9d89d89d89d89d89ull, 0xd89d89d89d89d89dull },  /* 1/13 */
    {   -4, 0x8888888888888888ull, 0x8888888888888888ull },  /* 1/15 */
    {   -5, 0xf0f0f0f0f0f0f0f0ull, 0xf0f0f0f0f0f0f0f0ull },  /* 1/17 */
    {   -5, 0xd79435e50d79435eull, 0x50d79435e50d7943ull },  /* 1/19 */
    {   -5, 0xc30c30c30c30c30cull, 0x30c30c30c30c30c3ull },  /* 1/21 */
    {   -5, 0xb21642c8590b2164ull, 0x2c8590b21642c859ull },  /* 1/23 */
    {   -5, 0xa3d70a3d70a3d70aull, 0x3d70a3d70a3d70a3ull },  /* 1/25 */
    {   -5, 0x97b425ed097b425eull, 0xd097b425ed097b42ull },  /* 1/27 */
    {   -5, 0x8d3dcb08d3dcb08dull, 0x3dcb08d3dcb08d3dull },  /* 1/29 */
    {   -5, 0x8421084210842108ull, 0x4210842108421084ull },  /* 1/31 */
    {   -6, 0xf83e0f83e0f83e0full, 0x83e0f83e0f83e0f8ull },  /* 1/33 */
    {   -6, 0xea0ea0ea0ea0ea0eull, 0xa0ea0ea0ea0ea0eaull },  /* 1/35 */
    {   -6, 0xdd67c8a60dd67c8aull, 0x60dd67c8a60dd67cull },  /* 1/37 */
    {   -6, 0xd20d20d20d20d20dull, 0x20d20d20d20d20d2ull },  /* 1/39 */
    {   -6, 0xc7ce0c7ce0c7ce0cull, 0x7ce0c7ce0c7ce0c7ull },  /* 1/41 */
    {   -6, 0xbe82fa0be82fa0beull, 0x82fa0be82fa0be82ull },  /* 1/43 */
    {   -6, 0xb60b60b60b60b60bull, 0x60b60b60b60b60b6ull },  /* 1/45 */
    {   -6, 0xae4c415c9882b931ull, 0x0572620ae4c415c9ull },  /* 1/47 */
    {   -6, 0xa72f05397829cbc1ull, 0x4e5e0a72f0539782ull },  /* 1/49 */
    {   -6, 0xa0a0a0a0a0a0a0a0ull, 0xa0a0a0a0a0a0a0a0ull },  /* 1/51 */
    {   -6, 0x9a90e7d95bc609a9ull, 0x0e7d95bc609a90e7ull },  /* 1/53 */
    {   -6, 0x94f2094f2094f209ull, 0x4f2094f2094f2094ull },  /* 1/55 */
    {   -6, 0x8fb823ee08fb823eull, 0xe08fb823ee08fb82ull },  /* 1/57 */
};

static inline xf xf_c(const xfc *c) { return (xf){ 0, c->e, W128(c->hi, c->lo) }; }

static xf xf_make(unsigned neg, int32_t e, u128 m)     /* normalize m * 2^(e-127) */
{
    xf r = { neg, e, m };
    if (m == 0) { r.e = 0; r.neg = 0; return r; }
    int lz = fp__clz128(m);
    r.m = m << lz;
    r.e = e - lz;
    return r;
}

static xf xf_mul(xf a, xf b)
{
    xf r = { a.neg ^ b.neg, 0, 0 };
    if (a.m == 0 || b.m == 0) return (xf){ 0, 0, 0 };
    u128 hi, lo;
    fp__mul128(a.m, b.m, &hi, &lo);
    if (hi >> 127) { r.m = hi; r.e = a.e + b.e + 1; }
    else { r.m = (hi << 1) | (lo >> 127); r.e = a.e + b.e; }
    return r;
}

static xf xf_add(xf a, xf b)
{
    if (b.m == 0) return a;
    if (a.m == 0) return b;
    if (a.e < b.e || (a.e == b.e && a.m < b.m)) { xf t = a; a = b; b = t; }   /* |a| >= |b| */
    int64_t d = (int64_t)a.e - b.e;
    u128 bm = d >= 128 ? 0 : b.m >> d;
    if (a.neg == b.neg) {
        u128 s = a.m + bm;
        if (s < a.m) return (xf){ a.neg, a.e + 1, (s >> 1) | ((u128)1 << 127) };
        return (xf){ a.neg, a.e, s };
    }
    return xf_make(a.neg, a.e, a.m - bm);
}

static xf xf_neg(xf a) { a.neg ^= 1; return a; }

static xf xf_from_int(int64_t v)
{
    if (v == 0) return (xf){ 0, 0, 0 };
    uint64_t mag = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    return xf_make(v < 0, 127, mag);
}

/* N / D for 0 < N < D < 2^63 and N / D > 2^-64: 192 quotient bits by
 * 128/64-bit divisions, normalized and truncated to 128 */
static xf xf_ratio(unsigned neg, uint64_t N, uint64_t D)
{
    uint64_t c[3];
    u128 r = N;
    for (int i = 0; i < 3; i++) {
        u128 x = r << 64;
        c[i] = (uint64_t)(x / D);
        r = x % D;
    }
    int lz = __builtin_clzll(c[0]);                     /* c[0] != 0 since N / D > 2^-64 */
    u128 top = W128(c[0], c[1]);
    u128 m = lz ? (top << lz) | (c[2] >> (64 - lz)) : top;
    return (xf){ neg, -1 - lz, m };
}

/* bits lo .. lo+63 of the n-limb little-endian number L (zero outside it) */
static uint64_t bits64(const uint64_t *L, int n, int lo)
{
    int wi = lo >= 0 ? lo / 64 : -((-lo + 63) / 64), sb = lo - wi * 64;
    uint64_t a = (wi >= 0 && wi < n) ? L[wi] : 0;
    uint64_t b = (wi + 1 >= 0 && wi + 1 < n) ? L[wi + 1] : 0;
    return sb ? (a >> sb) | (b << (64 - sb)) : a;
}

/* ---------------------------------------------------- final rounding */

#define ZIV_BITS 112

/* Round x (nonzero, not exactly representable, not a midpoint) to format f.
 * check: apply Ziv's test; 0 when x is a faithful stand-in for a value known
 * to lie strictly between the same two neighbours. */
static int xf_round(fp_fmt f, xf x, int check, fp_env *e, uint64_t *out)
{
    const fp_fmtinfo *F = &fp__fmt[f];
    int P = F->mbits + 1;
    if (check && x.e <= F->emax) {
        int peff = x.e >= F->emin ? P : P - (F->emin - x.e);
        if (peff >= 0) {
            int hb = 127 - peff;                         /* bits below the round bit */
            u128 H = x.m & (((u128)1 << hb) - 1);
            u128 err = (u128)1 << (127 - ZIV_BITS);
            if (H <= err || H >= ((u128)1 << hb) - err) return GPUREF_ERR_UNIMPL;
        }
    }
    uint64_t sig = (uint64_t)(x.m >> 64) | 1;            /* inexact: sticky */
    *out = fp__round_pack(f, x.neg, x.e, sig, e);
    return GPUREF_OK;
}

/* ----------------------------------------------------------- kernels */

/* e^y for |y| <= 0.35: sum of y^k/k!, k <= 30 (last term < 2^-180) */
static xf xf_exp_small(xf y)
{
    xf s = xf_c(&inv_fact[30]);
    for (int k = 29; k >= 0; k--) s = xf_add(xf_mul(s, y), xf_c(&inv_fact[k]));
    return s;
}

/* sin(r), cos(r) for |r| <= pi/4: sums of (-r^2)^k/(2k+1)! and /(2k)!,
 * k <= 18 (last term < 2^-140) */
static xf xf_sin_small(xf r)
{
    xf u = xf_neg(xf_mul(r, r)), s = xf_c(&inv_fact[37]);
    for (int k = 17; k >= 0; k--) s = xf_add(xf_mul(s, u), xf_c(&inv_fact[2 * k + 1]));
    return xf_mul(r, s);
}
static xf xf_cos_small(xf r)
{
    xf u = xf_neg(xf_mul(r, r)), c = xf_c(&inv_fact[36]);
    for (int k = 17; k >= 0; k--) c = xf_add(xf_mul(c, u), xf_c(&inv_fact[2 * k]));
    return c;
}

#define BEGIN1(f)                                                       \
    int st_ = fp__begin(p, flags);                                      \
    if (st_) return st_;                                                \
    if (!r || !fp__arith_fmt(f)) return GPUREF_ERR_ARG;                 \
    fp_env env = { p, flags, 0, 0, 0, 0 };                                       \
    fp_unp A;                                                           \
    uint64_t res = 0;                                                   \
    fp__input(f, a, &env, &A)

#define FINISH(f)                                                       \
    do {                                                                \
        *r = fp__finish(f, res, &env);                                  \
        if (exc) *exc |= fp__exc_final(&env);                                       \
        return GPUREF_OK;                                               \
    } while (0)

static uint64_t nan1(fp_fmt f, const fp_unp *a, fp_env *e)
{
    const fp_unp *ops[1] = { a };
    return fp__nan_result(f, ops, 1, e);
}

int fp_exp2(fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc)
{
    BEGIN1(f);
    if (fp__isnan(&A)) {
        res = nan1(f, &A, &env);
    } else if (A.cls == FPC_INF) {
        res = A.sign ? fp__pack_zero(f, 0) : fp__pack_inf(f, 0);
    } else if (A.cls == FPC_ZERO) {
        res = fp__pack_one(f, 0);
    } else if (A.exp >= 11) {                           /* |x| >= 2048: far out of range */
        res = fp__round_pack(f, 0, A.sign ? -100000 : 100000, ((uint64_t)1 << 63) | 1, &env);
    } else if (A.exp >= 0 && (A.sig << (A.exp + 1)) == 0) {          /* integer: exact */
        int32_t n = (int32_t)(A.sig >> (63 - A.exp));
        res = fp__round_pack(f, 0, A.sign ? -n : n, (uint64_t)1 << 63, &env);
    } else if (A.exp < -80) {                           /* 1 +- tiny */
        res = A.sign ? fp__round_pack(f, 0, -1, ~(uint64_t)0, &env)
                     : fp__round_pack(f, 0, 0, ((uint64_t)1 << 63) | 1, &env);
    } else {
        /* x = n + fr, n the nearest integer, |fr| <= 1/2, both exact */
        int32_t n = 0;
        xf fr;
        if (A.exp < -1) {                               /* |x| < 1/2 */
            fr = (xf){ A.sign, A.exp, (u128)A.sig << 64 };
        } else {
            /* |x| * 2^100 as a fixed-point integer: exact, since |x| < 2048
             * and its lowest bit is at least 2^(-1-52) */
            u128 X = (u128)A.sig << (A.exp + 37);
            const u128 one = (u128)1 << 100, half = one >> 1;
            u128 un = (X + half) >> 100;
            u128 nf = un << 100;
            fr = X >= nf ? xf_make(A.sign, 27, X - nf) : xf_make(!A.sign, 27, nf - X);
            n = A.sign ? -(int32_t)un : (int32_t)un;
        }
        xf s = xf_exp_small(xf_mul(fr, XF_LN2));
        s.e += n;
        int st = xf_round(f, s, 1, &env, &res);
        if (st) return st;
    }
    FINISH(f);
}

#define SQRT2_SIG 0xb504f333f9de6484ull                 /* sqrt(2) * 2^63, rounded down */

int fp_log2(fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc)
{
    BEGIN1(f);
    if (fp__isnan(&A)) {
        res = nan1(f, &A, &env);
    } else if (A.cls == FPC_ZERO) {
        env.exc |= FP_EXC_DIVBYZERO;
        res = fp__pack_inf(f, 1);
    } else if (A.sign) {
        res = fp__invalid(f, &env);
    } else if (A.cls == FPC_INF) {
        res = fp__pack_inf(f, 0);
    } else if (A.sig == (uint64_t)1 << 63) {            /* power of two: exact integer */
        int32_t e = A.exp;
        res = e == 0 ? fp__pack_zero(f, 0)
                     : fp__round_u128(f, e < 0, 0, (u128)(uint64_t)(e < 0 ? -(int64_t)e : e), &env);
    } else {
        /* x = m * 2^e, m in [sqrt(1/2), sqrt(2)); ln m = 2 atanh((m-1)/(m+1)) */
        int32_t e = A.exp;
        /* sig has <= 53 significant bits: S = m * 2^52 exactly */
        uint64_t one = (uint64_t)1 << 52, S = A.sig >> 11;
        if (A.sig > SQRT2_SIG) { one <<= 1; e += 1; }
        xf t = S > one ? xf_ratio(0, S - one, S + one) : xf_ratio(1, one - S, S + one);
        xf u = xf_mul(t, t), sum = xf_c(&inv_odd[28]);   /* sum of u^k/(2k+1), k <= 28 */
        for (int k = 27; k >= 0; k--) sum = xf_add(xf_mul(sum, u), xf_c(&inv_odd[k]));
        xf ln = xf_mul(t, sum);
        ln.e += 1;
        xf y = xf_add(xf_from_int(e), xf_mul(ln, XF_LOG2E));
        int st = xf_round(f, y, 1, &env, &res);
        if (st) return st;
    }
    FINISH(f);
}

/* Reduce |x| (finite, |x| >= 1/2) by pi/2: quadrant *q and the remainder
 * r in [-pi/4, pi/4] (radians).  |x| = M * 2^E with M a 53-bit integer;
 * only the bits of 2/pi from i0 = max(E - 1, 1) on matter (the earlier ones
 * add multiples of 4 to x * 2/pi), and 320 of them leave the fraction of
 * x * 2/pi known to within 2^-265.  The fraction's leading zeros (at most
 * about 62 for any f64, the closest double to a multiple of pi/2 being about
 * 2^-61 away) are skipped and 128 bits taken from its leading one.
 * GPUREF_ERR_UNIMPL if more than 120 leading zeros (never for these formats). */
static int reduce_radians(const fp_unp *A, int *q, xf *r)
{
    uint64_t M = A->sig >> 11;
    int32_t E = A->exp - 52;                            /* -53 <= E <= 971 */
    int32_t i0 = E - 1 > 1 ? E - 1 : 1;
    uint64_t w[5];                                      /* bits i0 .. i0+319, w[0] first */
    for (int j = 0; j < 5; j++) {
        int32_t b = i0 - 1 + 64 * j, wi = b / 64, sh = b % 64;
        w[j] = sh ? (two_over_pi[wi] << sh) | (two_over_pi[wi + 1] >> (64 - sh)) : two_over_pi[wi];
    }
    uint64_t L[6];                                      /* M * W, 373 bits */
    u128 c = 0;
    for (int j = 4; j >= 0; j--) {
        u128 pr = (u128)M * w[j] + c;
        L[4 - j] = (uint64_t)pr;
        c = pr >> 64;
    }
    L[5] = (uint64_t)c;
    int pt = i0 + 319 - E;                              /* binary point: 318 <= pt <= 373 */
    *q = (int)(bits64(L, 6, pt) & 3);
    uint64_t Fw[6];                                     /* the fraction, top-aligned in 384 bits */
    for (int i = 0; i < 6; i++) Fw[i] = bits64(L, 6, pt - 64 * (6 - i));
    unsigned neg = 0;
    if (Fw[5] >> 63) {                                  /* fraction >= 1/2: use frac - 1 */
        unsigned borrow = 1;
        for (int i = 0; i < 6; i++) {
            uint64_t v = ~Fw[i] + borrow;
            borrow = borrow && v == 0;
            Fw[i] = v;
        }
        neg = 1;
        *q = (*q + 1) & 3;
    }
    int lz = 0, i = 5;
    while (i >= 0 && Fw[i] == 0) { lz += 64; i--; }
    if (i < 0) return GPUREF_ERR_UNIMPL;                /* x a multiple of pi/2: impossible */
    lz += __builtin_clzll(Fw[i]);
    if (lz > 120) return GPUREF_ERR_UNIMPL;
    uint64_t h = bits64(Fw, 6, 383 - lz - 63), l = bits64(Fw, 6, 383 - lz - 127);
    xf fr = { neg, -1 - lz, W128(h, l) };
    *r = xf_mul(fr, XF_PI_2);
    return GPUREF_OK;
}

/* sin or cos: want_cos selects */
static int sincos(fp_fmt f, int want_cos, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r,
                  unsigned *exc)
{
    BEGIN1(f);
    const int turns = (flags & FP_F_TURNS) != 0;
    if (fp__isnan(&A)) {
        res = nan1(f, &A, &env);
        FINISH(f);
    }
    if (A.cls == FPC_INF) {
        res = fp__invalid(f, &env);
        FINISH(f);
    }
    if (A.cls == FPC_ZERO) {
        res = want_cos ? fp__pack_one(f, 0) : fp__pack_zero(f, A.sign);
        FINISH(f);
    }
    int q = 0;
    xf rr;
    if (!turns) {
        if (A.exp < -40) {                              /* sin x = x - tiny, cos x = 1 - tiny */
            res = want_cos ? fp__round_pack(f, 0, -1, ~(uint64_t)0, &env)
                           : fp__round_u128(f, A.sign, A.exp - 127, ((u128)A.sig << 64) - 1, &env);
            FINISH(f);
        }
        if (A.exp < -1) {
            rr = (xf){ 0, A.exp, (u128)A.sig << 64 };
        } else {
            int st = reduce_radians(&A, &q, &rr);
            if (st) return st;
        }
    } else {
        /* turns: z = 4|x| = q + frac exactly */
        xf fr;
        if (A.exp + 2 < 0) {
            fr = (xf){ 0, A.exp + 2, (u128)A.sig << 64 };
        } else {
            uint64_t M = A.sig >> 11;
            int32_t k = 52 - (A.exp + 2);               /* z = M * 2^-k, k <= 54 */
            uint64_t fi = 0;
            if (k <= 0) {
                q = k <= -2 ? 0 : (int)((M << -k) & 3);
            } else {
                q = (int)((M >> k) & 3);
                fi = M & (((uint64_t)1 << k) - 1);
            }
            if (fi == 0) {                              /* a multiple of a quarter turn: exact */
                static const int8_t sv[4] = { 0, 1, 0, -1 };
                int v = want_cos ? sv[(q + 1) & 3] : sv[q];
                if (A.sign && !want_cos) v = -v;
                if (v == 0) res = fp__pack_zero(f, want_cos ? 0 : A.sign);
                else res = fp__pack_one(f, v < 0);
                FINISH(f);
            }
            fr = xf_make(0, 127 - k, fi);
        }
        if (fr.e >= -1) {                               /* frac >= 1/2: frac - 1 */
            fr = xf_add(fr, xf_neg(XF_ONE));
            q = (q + 1) & 3;
        }
        rr = xf_mul(fr, XF_PI_2);
    }
    /* sin(|x|) or cos(|x|) from quadrant and r */
    int use_cos = (q & 1) ^ want_cos;
    int negate = want_cos ? (q == 1 || q == 2) : (q >= 2);
    if (!want_cos && A.sign) negate ^= 1;
    int st;
    if (use_cos && rr.e < -45) {                        /* cos r = 1 - tiny */
        xf y = { (unsigned)negate, -1, ~(u128)0 };
        st = xf_round(f, y, 0, &env, &res);
    } else {
        xf y = use_cos ? xf_cos_small(rr) : xf_sin_small(rr);
        if (negate) y = xf_neg(y);
        st = xf_round(f, y, 1, &env, &res);
    }
    if (st) return st;
    FINISH(f);
}

int fp_sin(fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc)
{
    return sincos(f, 0, a, p, flags, r, exc);
}

int fp_cos(fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc)
{
    return sincos(f, 1, a, p, flags, r, exc);
}
