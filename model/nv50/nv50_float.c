/* nv50_float.c - the float, SFU and conversion instructions of NV50
 * (contract: model/nv50/FLOAT.md; decisions: README.md "Float").
 *
 * All arithmetic goes through model/fp (pure functions on bit patterns) with
 * the sealed "nv50" policy kept in the state (s->fp) and per-instruction
 * flags: FP_F_RND for rz/rm/rp/rni..., FP_F_CLAMP for sat, FP_F_TURNS for the
 * quarter-turn sin/cos, FP_F_KEEP_IN/KEEP_OUT for f16 operands/results
 * (FLOAT.md: f16 per IEEE, only f32 flushed).  No host floating point: the
 * fixed-point forms of presin/preex2/ex2/sin/cos are integer code.
 *
 * Lanes are computed only for the threads in the exec mask (a model/fp error
 * on an inactive lane must not fail the unit), then written with nv50_result.
 * A model/fp error (GPUREF_ERR_UNIMPL if a correctly rounded function cannot
 * prove its rounding) is returned before anything is written. */
#include <string.h>

#include "nv50.h"

#define NV50_FL_ALL 0xffffffffu

__extension__ typedef unsigned __int128 nv50_u128;   /* GCC/Clang, as model/fp */

/* fp rounding of the 2-bit rounding fields: rn/rni, rm/rmi, rp/rpi, rz/rzi
 * (envydis cvtrnd/cvtrint; fadd/fmul use 0 and 3 only). */
static const unsigned nv50_frnd[4] = { FP_RNE, FP_RDN, FP_RUP, FP_RTZ };

/* ULP bounds of the approximate (SFU) results: README.md "Float", F-ULP. */
#define NV50_ULP_RCP    1u
#define NV50_ULP_RSQ    1u
#define NV50_ULP_LG2    2u
#define NV50_ULP_EX2    2u
#define NV50_ULP_SINCOS 2u
#define NV50_ULP_PRESIN 1u   /* one unit of the 7.23 fixed-point code */

/* FLOAT.md: abs first, then neg (`neg abs` is -|x|); sb is the sign bit. */
static inline uint32_t nv50_fmod(uint32_t x, unsigned neg, unsigned abs, uint32_t sb)
{
    if (abs)
        x &= ~sb;
    if (neg)
        x ^= sb;
    return x;
}

/* $c of a float result (isa.rst "Registers"): Z = zero or NaN, S = negative
 * or NaN.  -0 is not negative: Z with S is the "unordered" pattern of the
 * predicate conditions (u = Z & S), F-C1. */
static inline uint32_t nv50_fflags(uint32_t r, int f16)
{
    uint32_t sb = f16 ? 0x8000u : 0x80000000u, inf = f16 ? 0x7c00u : 0x7f800000u;
    uint32_t m = r & (sb - 1);
    if (m > inf)
        return NV50_CF_Z | NV50_CF_S;
    if (m == 0)
        return NV50_CF_Z;
    return (r & sb) ? NV50_CF_S : 0;
}

/* $c of an integer result of width bits: Z = 0, S = the high bit. */
static inline uint32_t nv50_iflags(uint32_t r, unsigned bits)
{
    return (r == 0 ? NV50_CF_Z : 0) | ((r >> (bits - 1)) & 1 ? NV50_CF_S : 0);
}

/* Flag the r/o records written since record `from` as approximate (SFU). */
static void nv50_ulp(gpuref_retire *rr, unsigned from, uint32_t bound)
{
    for (unsigned k = from; k < rr->nregw; k++)
        if (rr->regw[k].file == NV50_F_R || rr->regw[k].file == NV50_F_O) {
            rr->regw[k].flags |= GPUREF_REGW_F32_ULP;
            rr->regw[k].ulp_bound = bound;
        }
}

/* ------------------------------------------------------------ fadd, fmul */

static unsigned nv50_arith_flags(const nv50_insn *in)
{
    return (in->sat ? FP_F_CLAMP : 0u) | (in->rnd ? FP_F_RND(nv50_frnd[in->rnd]) : 0u);
}

/* DST = [neg] SRC1 op [neg] SRC2; sat and rz per instruction (FLOAT.md). */
static int nv50_fbin(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr, int mul)
{
    const nv50_insn *in = &p->in;
    uint32_t exec = (uint32_t)rr->exec_mask, ta[NV50_LANES], tb[NV50_LANES];
    uint32_t res[NV50_LANES] = { 0 }, f[NV50_LANES] = { 0 };
    const uint32_t *a = nv50_src(s, p, 0, exec, ta), *b = nv50_src(s, p, 1, exec, tb);
    uint32_t n1 = in->neg1 ? 0x80000000u : 0, n2 = in->neg2 ? 0x80000000u : 0;
    unsigned fl = nv50_arith_flags(in);
    for (uint32_t m = exec; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        int st = mul ? fp32_mul(a[l] ^ n1, b[l] ^ n2, &s->fp, fl, &res[l], NULL)
                     : fp32_add(a[l] ^ n1, b[l] ^ n2, &s->fp, fl, &res[l], NULL);
        if (st)
            return st;
        f[l] = nv50_fflags(res[l], 0);
    }
    nv50_result(s, p, exec, res, in->cdst_en ? f : NULL, rr);
    return GPUREF_OK;
}

int nv50_x_fadd(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    return nv50_fbin(s, p, rr, 0);
}

int nv50_x_fmul(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    return nv50_fbin(s, p, rr, 1);
}

/* DST = [neg] (SRC1 * SRC2) + [neg] SRC3: the product rounded (and flushed),
 * then the sum rounded (float.rst "With intermediate rounding") = fp_mad. */
int nv50_x_fmad(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    const nv50_insn *in = &p->in;
    uint32_t exec = (uint32_t)rr->exec_mask, ta[NV50_LANES], tb[NV50_LANES], tc[NV50_LANES];
    uint32_t res[NV50_LANES] = { 0 }, f[NV50_LANES] = { 0 };
    const uint32_t *a = nv50_src(s, p, 0, exec, ta), *b = nv50_src(s, p, 1, exec, tb);
    const uint32_t *c = nv50_src(s, p, 2, exec, tc);
    uint32_t n1 = in->neg1 ? 0x80000000u : 0, n2 = in->neg2 ? 0x80000000u : 0;
    unsigned fl = nv50_arith_flags(in);
    for (uint32_t m = exec; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        uint64_t r;
        /* -(a*b) = (-a)*b exactly: every rounding here is sign-symmetric */
        int st = fp_mad(FP_F32, a[l] ^ n1, b[l], c[l] ^ n2, &s->fp, fl, &r, NULL);
        if (st)
            return st;
        res[l] = (uint32_t)r;
        f[l] = nv50_fflags(res[l], 0);
    }
    nv50_result(s, p, exec, res, in->cdst_en ? f : NULL, rr);
    return GPUREF_OK;
}

/* ------------------------------------------------ fset, fmin/fmax, fslct */

/* DST = 0xffffffff if the relation of SRC1 to SRC2 is in the condition (bit
 * 0 l, 1 e, 2 g, 3 u: the fp_pred truth mask), else 0; $c from DST as an
 * integer (float.rst "CDST.SZ are set according to DST"). */
int nv50_x_fset(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    const nv50_insn *in = &p->in;
    uint32_t exec = (uint32_t)rr->exec_mask, ta[NV50_LANES], tb[NV50_LANES];
    uint32_t res[NV50_LANES] = { 0 }, f[NV50_LANES] = { 0 };
    const uint32_t *a = nv50_src(s, p, 0, exec, ta), *b = nv50_src(s, p, 1, exec, tb);
    for (uint32_t m = exec; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        int t = 0;
        int st = fp32_cmp((fp_pred)(in->setcond & 0xf),
                          nv50_fmod(a[l], in->neg1, in->abs1, 0x80000000u),
                          nv50_fmod(b[l], in->neg2, in->abs2, 0x80000000u), &s->fp, 0, &t, NULL);
        if (st)
            return st;
        res[l] = t ? NV50_FL_ALL : 0;
        f[l] = nv50_iflags(res[l], 32);
    }
    nv50_result(s, p, exec, res, in->cdst_en ? f : NULL, rr);
    return GPUREF_OK;
}

/* float.rst "Min/max": a NaN operand loses, both NaN give NaN = FP_MM_DX10;
 * +-0 ties by the policy (first operand).  The operand is returned as read
 * (flushed).  minop: 1 min, 0 max. */
int nv50_x_fminmax(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    const nv50_insn *in = &p->in;
    uint32_t exec = (uint32_t)rr->exec_mask, ta[NV50_LANES], tb[NV50_LANES];
    uint32_t res[NV50_LANES] = { 0 }, f[NV50_LANES] = { 0 };
    const uint32_t *a = nv50_src(s, p, 0, exec, ta), *b = nv50_src(s, p, 1, exec, tb);
    for (uint32_t m = exec; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        uint32_t x = nv50_fmod(a[l], in->neg1, in->abs1, 0x80000000u);
        uint32_t y = nv50_fmod(b[l], in->neg2, in->abs2, 0x80000000u);
        int st = in->minop ? fp32_min(FP_MM_DX10, x, y, &s->fp, 0, &res[l], NULL)
                           : fp32_max(FP_MM_DX10, x, y, &s->fp, 0, &res[l], NULL);
        if (st)
            return st;
        f[l] = nv50_fflags(res[l], 0);
    }
    nv50_result(s, p, exec, res, in->cdst_en ? f : NULL, rr);
    return GPUREF_OK;
}

/* float.rst "Selection": DST = SRC1 if SRC3 >= 0 (+-0 included, a denormal
 * read as zero), else SRC2 (negative or NaN); SRC1/SRC2 copied as b32. */
int nv50_x_fslct(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    const nv50_insn *in = &p->in;
    uint32_t exec = (uint32_t)rr->exec_mask, ta[NV50_LANES], tb[NV50_LANES], tc[NV50_LANES];
    uint32_t res[NV50_LANES] = { 0 }, f[NV50_LANES] = { 0 };
    const uint32_t *a = nv50_src(s, p, 0, exec, ta), *b = nv50_src(s, p, 1, exec, tb);
    const uint32_t *c = nv50_src(s, p, 2, exec, tc);
    for (uint32_t m = exec; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        int ge = 0;
        int st = fp32_cmp(FP_CMP_GE, nv50_fmod(c[l], in->neg3, 0, 0x80000000u), 0, &s->fp, 0,
                          &ge, NULL);
        if (st)
            return st;
        res[l] = ge ? a[l] : b[l];
        f[l] = nv50_iflags(res[l], 32);          /* F-C3: b32 result */
    }
    nv50_result(s, p, exec, res, in->cdst_en ? f : NULL, rr);
    return GPUREF_OK;
}

/* ------------------------------------------ presin/preex2 fixed point */

/* The fixed-point form the SFU consumes (envydis' notes): bit 31 the sign,
 * bits 30:0 a 7.23 fixed-point magnitude 0..0x3fffffff, or the special codes
 * 0x40000000 (NaN) and 0x40800000 (Inf). */
#define NV50_FX_NAN 0x40000000u
#define NV50_FX_INF 0x40800000u
#define NV50_FX_MAX 0x3fffffffu

/* Bits 1..384 after the binary point of 2/pi (the bits of two_over_pi in
 * model/fp/fp_trans.c, computed with MPFR and re-derived by
 * test_fp_mpfr_trans; test_nv50_float checks presin against fp_sin). */
static const uint64_t nv50_2_pi[6] = {
    0xa2f9836e4e441529ull, 0xfc2757d1f534ddc0ull, 0xdb6295993c439041ull, 0xfe5163abdebbc561ull,
    0xb7246e3a424dd2e0ull, 0x06492eea09d1921cull,
};

static inline unsigned nv50_lbit(const uint64_t L[4], int b)
{
    return (b < 0 || b >= 256) ? 0u : (unsigned)(L[b / 64] >> (b % 64)) & 1u;
}

/* round((M * 2^E * 2/pi mod 4) * 2^23), M < 2^24 an integer, E >= -149:
 * the presin magnitude code, 0..2^25 (2^25: v rounded up to 4.0).  Payne-
 * Hanek: only the bits i >= K - 24 of 2/pi (K = E + 23) matter modulo 4; a
 * 192-bit window of them times M is exact but for the truncated tail, which
 * is below M units of the product's last place.  The true value is never a
 * half (2/pi is irrational), so a set half bit rounds up; the only doubtful
 * case, a fraction within the tail error below one half, is reported as
 * GPUREF_ERR_UNIMPL (checked never to happen: README "Float", F-P2). */
static int nv50_presin_code(uint32_t M, int32_t E, uint32_t *code)
{
    int32_t K = E + 23;
    int32_t i0 = K - 24 > 1 ? K - 24 : 1;              /* first bit of 2/pi that matters */
    uint64_t w[3];
    for (int j = 0; j < 3; j++) {                      /* bits i0 + 64j .. i0 + 64j + 63 */
        int32_t b = i0 - 1 + 64 * j, wi = b / 64, sh = b % 64;
        w[j] = sh ? (nv50_2_pi[wi] << sh) | (nv50_2_pi[wi + 1] >> (64 - sh)) : nv50_2_pi[wi];
    }
    nv50_u128 p2 = (nv50_u128)M * w[2], p1 = (nv50_u128)M * w[1];
    nv50_u128 p0 = (nv50_u128)M * w[0], c;
    uint64_t L[4];                                     /* M * W, little-endian limbs */
    c = (p2 >> 64) + (uint64_t)p1;
    L[0] = (uint64_t)p2;
    L[1] = (uint64_t)c;
    c = (c >> 64) + (p1 >> 64) + (uint64_t)p0;
    L[2] = (uint64_t)c;
    L[3] = (uint64_t)((c >> 64) + (p0 >> 64));
    int pt = (int)(i0 + 191 - K);                      /* the code's binary point in L */
    uint32_t v = 0;
    for (int i = 24; i >= 0; i--)                      /* integer part modulo 2^25 */
        v = v << 1 | nv50_lbit(L, pt + i);
    if (nv50_lbit(L, pt - 1)) {
        v += 1;
    } else {
        int ones = 1;                                  /* bits 24 .. pt-2 all ones? */
        for (int b = 24; b <= pt - 2 && ones; b++)
            ones = nv50_lbit(L, b);
        if (ones && pt - 2 >= 24)
            return GPUREF_ERR_UNIMPL;
    }
    *code = v;
    return GPUREF_OK;
}

/* presin: v = sign(x) * fmod(|x| * 2/pi, 4) in quarter turns, as the fixed-
 * point code (F-P1); Inf and NaN give the NaN code with x's sign. */
static int nv50_presin1(const nv50_state *s, uint32_t x, uint32_t *r)
{
    uint32_t sign = x & 0x80000000u, e = (x >> 23) & 0xff, fr = x & 0x7fffffu;
    if (e == 0xff) {
        *r = sign | NV50_FX_NAN;
        return GPUREF_OK;
    }
    if (e == 0 && (fr == 0 || s->fp.denorm_in[FP_F32] == FP_DENORM_FLUSH)) {
        *r = sign;                                     /* +-0, or a flushed denormal */
        return GPUREF_OK;
    }
    uint32_t M = e ? fr | 0x800000u : fr, code;
    int32_t E = e ? (int32_t)e - 150 : -149;
    int st = nv50_presin_code(M, E, &code);
    if (st)
        return st;
    *r = sign | code;
    return GPUREF_OK;
}

/* preex2: the code of x itself: round(|x| * 2^23) (RNE); a magnitude of
 * 2^30 or more (|x| >= 128 - 2^-24) gives the Inf code (F-P3). */
static int nv50_preex21(const nv50_state *s, uint32_t x, uint32_t *r)
{
    uint32_t sign = x & 0x80000000u, mag = x & 0x7fffffffu;
    if (mag > 0x7f800000u) {
        *r = sign | NV50_FX_NAN;
        return GPUREF_OK;
    }
    if (mag == 0x7f800000u) {
        *r = sign | NV50_FX_INF;
        return GPUREF_OK;
    }
    uint64_t t, n;
    int st = fp_ldexp(FP_F32, mag, 23, &s->fp, 0, &t, NULL);   /* exact (or Inf) */
    if (!st)
        st = fp_to_int(FP_U64, FP_F32, t, &s->fp, FP_F_RND(FP_RNE), &n, NULL);
    if (st)
        return st;
    *r = sign | (n > NV50_FX_MAX ? NV50_FX_INF : (uint32_t)n);
    return GPUREF_OK;
}

static int nv50_pre(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr, int sin)
{
    const nv50_insn *in = &p->in;
    uint32_t exec = (uint32_t)rr->exec_mask, ta[NV50_LANES], res[NV50_LANES] = { 0 };
    const uint32_t *a = nv50_src(s, p, 0, exec, ta);
    for (uint32_t m = exec; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        uint32_t x = nv50_fmod(a[l], in->neg1, in->abs1, 0x80000000u);
        int st = sin ? nv50_presin1(s, x, &res[l]) : nv50_preex21(s, x, &res[l]);
        if (st)
            return st;
    }
    unsigned n0 = rr->nregw;
    nv50_result(s, p, exec, res, NULL, rr);
    if (sin)
        nv50_ulp(rr, n0, NV50_ULP_PRESIN);
    return GPUREF_OK;
}

int nv50_x_presin(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    return nv50_pre(s, p, rr, 1);
}

int nv50_x_preex2(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    return nv50_pre(s, p, rr, 0);
}

/* ------------------------------------------------------------------ SFU */

/* A fixed-point code: 0 with *V = the signed value in units of 2^-23
 * (|V| < 2^30), 1 NaN, 2 Inf (*V = +-1).  Of the codes with bit 30 set only
 * 0x40800000 is Inf; the others read as NaN (F-P4). */
static int nv50_fx_read(uint32_t x, int32_t *V)
{
    uint32_t mag = x & 0x7fffffffu;
    if (mag & 0x40000000u) {
        *V = (x >> 31) ? -1 : 1;
        return mag == NV50_FX_INF ? 2 : 1;
    }
    *V = (x >> 31) ? -(int32_t)mag : (int32_t)mag;
    return 0;
}

/* The f32 pattern of G * 2^-sh, 0 < G < 2^23 (exact, normal for sh <= 126). */
static uint32_t nv50_f32_of_fixed(uint32_t G, int sh)
{
    int msb = 31 - __builtin_clz(G);
    return (uint32_t)(msb - sh + 127) << 23 | ((G << (23 - msb)) & 0x7fffffu);
}

/* ex2: 2^v = 2^n * 2^g with n = floor(v), g = v - n in [0, 1) (23 fraction
 * bits, exact in f32): fp_exp2 rounds 2^g correctly and the scaling by 2^n
 * is exact, or the result is tiny and flushed (the correctly rounded f32 of
 * 2^v under the policy). */
static int nv50_ex21(const nv50_state *s, uint32_t x, uint32_t *r)
{
    int32_t V;
    int k = nv50_fx_read(x, &V);
    if (k == 1) {
        *r = (uint32_t)s->fp.default_nan[FP_F32];
        return GPUREF_OK;
    }
    if (k == 2) {
        *r = V > 0 ? 0x7f800000u : 0;
        return GPUREF_OK;
    }
    int32_t n = V >> 23;                               /* floor (arithmetic shift) */
    uint32_t G = (uint32_t)V & 0x7fffffu;
    uint64_t e = 0x3f800000u, t;
    int st = G ? fp_exp2(FP_F32, nv50_f32_of_fixed(G, 23), &s->fp, 0, &e, NULL) : GPUREF_OK;
    if (!st)
        st = fp_ldexp(FP_F32, e, n, &s->fp, 0, &t, NULL);
    if (st)
        return st;
    *r = (uint32_t)t;
    return GPUREF_OK;
}

/* sin/cos of v quarter turns: v = q + g (q = floor(v) mod 4, g in [0, 1)),
 * sin(pi/2 (q+g)) = sin, cos, -sin, -cos of pi/2 g for q = 0..3 (cos: cos,
 * -sin, -cos, sin), pi/2 g = 2 pi t with t = g/4 exact in f32 (FP_F_TURNS,
 * correctly rounded).  Exact zeros as IEEE sinPi/cosPi: sin takes the sign
 * of v, cos is +0. */
static int nv50_sincos1(const nv50_state *s, uint32_t x, int cos, uint32_t *r)
{
    int32_t V;
    int k = nv50_fx_read(x, &V);
    if (k) {                                           /* NaN, sin/cos(Inf) invalid */
        *r = (uint32_t)s->fp.default_nan[FP_F32];
        return GPUREF_OK;
    }
    unsigned q = ((uint32_t)V >> 23) & 3;              /* floor(v) mod 4 (two's complement) */
    uint32_t G = (uint32_t)V & 0x7fffffu;
    uint64_t sv = 0, cv = 0x3f800000u;                 /* sin, cos of pi/2 g */
    if (G) {
        uint32_t t = nv50_f32_of_fixed(G, 25);
        int st = fp_sin(FP_F32, t, &s->fp, FP_F_TURNS, &sv, NULL);
        if (!st)
            st = fp_cos(FP_F32, t, &s->fp, FP_F_TURNS, &cv, NULL);
        if (st)
            return st;
    }
    unsigned sel = (q + (cos ? 1u : 0u)) & 3;          /* cos(a) = sin(a + pi/2) */
    uint32_t mag = (uint32_t)((sel & 1) ? cv : sv), neg = sel >> 1;
    if (mag == 0)
        *r = cos ? 0 : (x & 0x80000000u);
    else
        *r = mag | (neg ? 0x80000000u : 0);
    return GPUREF_OK;
}

enum { NV50_SFU_RCP, NV50_SFU_RSQ, NV50_SFU_LG2, NV50_SFU_SIN, NV50_SFU_COS, NV50_SFU_EX2 };

static int nv50_sfu(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr, int op)
{
    static const uint32_t bound[6] = { NV50_ULP_RCP, NV50_ULP_RSQ, NV50_ULP_LG2,
                                       NV50_ULP_SINCOS, NV50_ULP_SINCOS, NV50_ULP_EX2 };
    const nv50_insn *in = &p->in;
    uint32_t exec = (uint32_t)rr->exec_mask, ta[NV50_LANES], res[NV50_LANES] = { 0 };
    const uint32_t *a = nv50_src(s, p, 0, exec, ta);
    for (uint32_t m = exec; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        uint32_t x = nv50_fmod(a[l], in->neg1, in->abs1, 0x80000000u);
        uint64_t r = 0;
        int st;
        switch (op) {
        case NV50_SFU_RCP: st = fp_rcp(FP_F32, x, &s->fp, 0, &r, NULL); break;
        case NV50_SFU_RSQ: st = fp_rsq(FP_F32, x, &s->fp, 0, &r, NULL); break;
        case NV50_SFU_LG2: st = fp_log2(FP_F32, x, &s->fp, 0, &r, NULL); break;
        case NV50_SFU_EX2: st = nv50_ex21(s, x, &res[l]); r = res[l]; break;
        default:           st = nv50_sincos1(s, x, op == NV50_SFU_COS, &res[l]); r = res[l]; break;
        }
        if (st)
            return st;
        res[l] = (uint32_t)r;
    }
    unsigned n0 = rr->nregw;
    nv50_result(s, p, exec, res, NULL, rr);
    nv50_ulp(rr, n0, bound[op]);
    return GPUREF_OK;
}

int nv50_x_rcp(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    return nv50_sfu(s, p, rr, NV50_SFU_RCP);
}

int nv50_x_rsqrt(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    return nv50_sfu(s, p, rr, NV50_SFU_RSQ);
}

int nv50_x_lg2(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    return nv50_sfu(s, p, rr, NV50_SFU_LG2);
}

int nv50_x_sin(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    return nv50_sfu(s, p, rr, NV50_SFU_SIN);
}

int nv50_x_cos(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    return nv50_sfu(s, p, rr, NV50_SFU_COS);
}

int nv50_x_ex2(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    return nv50_sfu(s, p, rr, NV50_SFU_EX2);
}

/* ------------------------------------------------------------------ cvt */

/* misc.rst "Data conversion" and envydis' notes: abs, neg, convert + round,
 * sat; integer destinations clamp to the type's range (F-V*). */
static int nv50_cvt1(const nv50_state *s, const nv50_insn *in, uint32_t x, uint32_t *r,
                     uint32_t *f)
{
    const fp_policy *pol = &s->fp;
    unsigned rnd = FP_F_RND(nv50_frnd[in->rnd & 3]), sat = in->sat ? FP_F_CLAMP : 0u;
    int sf16 = in->sfmt == NV50_CV_F16, df16 = in->dfmt == NV50_CV_F16;
    unsigned dbits = in->b32 ? 32 : 16;
    uint64_t v = 0;
    int st;
    if (in->sfmt == NV50_CV_F16 || in->sfmt == NV50_CV_F32) {
        fp_fmt sfmt = sf16 ? FP_F16 : FP_F32;
        uint32_t a = nv50_fmod(sf16 ? x & 0xffffu : x, in->neg1, in->abs1,
                               sf16 ? 0x8000u : 0x80000000u);
        unsigned keep = (sf16 ? FP_F_KEEP_IN : 0u) | (df16 ? FP_F_KEEP_OUT : 0u);
        switch (in->dfmt) {
        case NV50_CV_F16:
        case NV50_CV_F32: {
            fp_fmt dfmt = df16 ? FP_F16 : FP_F32;
            if (in->rint)
                st = fp_rint(dfmt, a, pol, rnd | sat | keep, &v, NULL);
            else
                st = fp_convert(dfmt, sfmt, a, pol, rnd | sat | keep, &v, NULL);
            if (st)
                return st;
            *r = (uint32_t)v;
            *f = nv50_fflags(*r, df16);
            return GPUREF_OK;
        }
        default: {
            static const fp_int it[2][2] = { { FP_U16, FP_I16 }, { FP_U32, FP_I32 } };
            st = fp_to_int(it[in->dfmt == NV50_CV_I32][in->sgn2 & 1], sfmt, a, pol, rnd | keep,
                           &v, NULL);
            if (st)
                return st;
            *r = (uint32_t)v & (dbits == 32 ? 0xffffffffu : 0xffffu);
            *f = nv50_iflags(*r, dbits);
            return GPUREF_OK;
        }
        }
    }
    /* integer source: the low 8/16/32 bits, zero- or sign-extended */
    unsigned sbits = in->sfmt == NV50_CV_I8 ? 8 : in->sfmt == NV50_CV_I16 ? 16 : 32;
    uint64_t raw = sbits == 32 ? x : x & ((1u << sbits) - 1);
    int64_t iv = (in->sgn1 && (raw >> (sbits - 1) & 1)) ? (int64_t)raw - ((int64_t)1 << sbits)
                                                         : (int64_t)raw;
    if (in->abs1 && iv < 0)
        iv = -iv;
    if (in->neg1)
        iv = -iv;
    if (in->dfmt == NV50_CV_F16 || in->dfmt == NV50_CV_F32) {
        st = fp_from_int(df16 ? FP_F16 : FP_F32, FP_I64, (uint64_t)iv, pol, rnd | sat, &v, NULL);
        if (st)
            return st;
        *r = (uint32_t)v;
        *f = nv50_fflags(*r, df16);
        return GPUREF_OK;
    }
    unsigned tb = in->dfmt == NV50_CV_I8 ? 8 : in->dfmt == NV50_CV_I16 ? 16 : 32;
    int64_t lo = in->sgn2 ? -((int64_t)1 << (tb - 1)) : 0;
    int64_t hi = in->sgn2 ? ((int64_t)1 << (tb - 1)) - 1 : ((int64_t)1 << tb) - 1;
    iv = iv < lo ? lo : iv > hi ? hi : iv;
    *r = (uint32_t)(uint64_t)iv & (dbits == 32 ? 0xffffffffu : 0xffffu);
    *f = nv50_iflags(*r, dbits);
    return GPUREF_OK;
}

int nv50_x_cvt(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    const nv50_insn *in = &p->in;
    uint32_t exec = (uint32_t)rr->exec_mask, ta[NV50_LANES];
    uint32_t res[NV50_LANES] = { 0 }, f[NV50_LANES] = { 0 };
    const uint32_t *a = nv50_src(s, p, 0, exec, ta);
    for (uint32_t m = exec; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        int st = nv50_cvt1(s, in, a[l], &res[l], &f[l]);
        if (st)
            return st;
    }
    nv50_result(s, p, exec, res, in->cdst_en ? f : NULL, rr);
    return GPUREF_OK;
}
