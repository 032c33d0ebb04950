/* nv50_exec_float.c - the float, SFU and conversion instructions of NV50
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
__extension__ typedef __int128 nv50_i128;

/* fp rounding of the 2-bit rounding fields: rn/rni, rm/rmi, rp/rpi, rz/rzi
 * (envydis cvtrnd/cvtrint, nvhw fp_rm; the same codes in fadd/fmul: G-RND). */
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

/* sat as G80-G200 do it (README "Float on G80", G-SAT): [1.0, +Inf] -> 1.0,
 * sign set (-0, negatives, -Inf) -> +0, anything else unchanged, so the NaN
 * result 0x7fffffff stays NaN. */
static inline uint32_t nv50_sat32(uint32_t x)
{
    if (x >= 0x3f800000u && x <= 0x7f800000u)
        return 0x3f800000u;
    return (x & 0x80000000u) ? 0u : x;
}

/* DST = [neg] SRC1 op [neg] SRC2 (FLOAT.md; README "Float on G80"): rounding
 * rn, rm, rp or rz (G-RND), each as IEEE directs it, a finite overflow
 * included (G-OVF: Inf, or the largest finite where the direction says so);
 * fmul is zero-wins when the config says so and honours sat only when the
 * chipset does (G-FMULSAT). */
static int nv50_fbin(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr, int mul)
{
    const nv50_insn *in = &p->in;
    uint32_t exec = (uint32_t)rr->exec_mask, ta[NV50_LANES], tb[NV50_LANES];
    uint32_t res[NV50_LANES] = { 0 }, f[NV50_LANES] = { 0 };
    const uint32_t *a = nv50_src(s, p, 0, exec, ta), *b = nv50_src(s, p, 1, exec, tb);
    uint32_t n1 = in->neg1 ? 0x80000000u : 0, n2 = in->neg2 ? 0x80000000u : 0;
    unsigned fl = (in->rnd ? FP_F_RND(nv50_frnd[in->rnd & 3]) : 0u)
                  | (mul && s->cfg.zero_wins ? FP_F_ZERO_WINS : 0u);
    int sat = in->sat && (!mul || s->cfg.fmul_sat);
    for (uint32_t m = exec; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        int st = mul ? fp32_mul(a[l] ^ n1, b[l] ^ n2, &s->fp, fl, &res[l], NULL)
                     : fp32_add(a[l] ^ n1, b[l] ^ n2, &s->fp, fl, &res[l], NULL);
        if (st)
            return st;
        if (sat)
            res[l] = nv50_sat32(res[l]);
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

/* fmad of three normal operands (README "Float on G80", G-MAD): the product
 * of the 24-bit significands is truncated to 24 bits with its exponent kept
 * unbounded, added exactly to c, and the sum rounded to nearest even with
 * gradual underflow; a result below 2^-126 is then flushed to zero of its
 * sign, one of 2^128 or more is Inf.  An exact zero sum is +0. */
static uint32_t nv50_mad_normal(uint32_t a, uint32_t b, uint32_t c)
{
    uint64_t pr = (uint64_t)((a & 0x7fffffu) | 0x800000u) * ((b & 0x7fffffu) | 0x800000u);
    int32_t ep = (int32_t)((a >> 23) & 0xff) + (int32_t)((b >> 23) & 0xff) - 300;
    int sh = (pr >> 47) ? 24 : 23;                     /* keep the top 24 bits */
    int64_t P = (int64_t)(pr >> sh), C = (int64_t)((c & 0x7fffffu) | 0x800000u);
    int32_t ec = (int32_t)((c >> 23) & 0xff) - 150;
    ep += sh;
    if ((a ^ b) >> 31)
        P = -P;
    if (c >> 31)
        C = -C;
    /* exact sum P*2^ep + C*2^ec on the grid of the smaller exponent; a term
     * more than 60 places below the other only counts as a sticky unit (it is
     * below 2^-36 of the other term, far under any rounding position) */
    int32_t hi = ep > ec ? ep : ec, lo = ep < ec ? ep : ec;
    if (hi - lo > 60) {
        if (ep < ec)
            P = P < 0 ? -1 : 1;
        else
            C = C < 0 ? -1 : 1;
        lo = hi - 84;
        if (ep < ec)
            ep = lo;
        else
            ec = lo;
    }
    nv50_u128 mag;
    nv50_i128 sum = (nv50_i128)P * ((nv50_i128)1 << (ep - lo)) + (nv50_i128)C * ((nv50_i128)1 << (ec - lo));
    uint32_t sign = sum < 0 ? 0x80000000u : 0u;
    if (sum == 0)
        return 0;
    mag = (nv50_u128)(sum < 0 ? -sum : sum);
    int msb = 127;
    while (!((mag >> msb) & 1))
        msb--;
    int32_t q = lo + msb - 23;                         /* exponent of the last kept bit */
    if (q < -149)
        q = -149;                                      /* gradual underflow grid */
    if (q > lo) {
        int d = q - lo;
        /* d <= 126: q >= -149 and lo >= -275 (ep >= 2 - 300 + 23) */
        nv50_u128 rest = mag & (((nv50_u128)1 << d) - 1);
        nv50_u128 half = (nv50_u128)1 << (d - 1);
        mag >>= d;
        if (rest > half || (rest == half && (mag & 1)))
            mag++;
    } else {
        mag <<= (lo - q);
    }
    if (mag >> 24) {                                   /* rounded up to 2^24 */
        mag >>= 1;
        q++;
    }
    if (mag < 0x800000u)                               /* below 2^-126: flushed */
        return sign;
    int32_t e = q + 150;                               /* biased exponent */
    if (e >= 255)
        return sign | 0x7f800000u;
    return sign | (uint32_t)e << 23 | ((uint32_t)mag & 0x7fffffu);
}

/* One lane of fmad on G80 (README "Float on G80", G-MAD, G-ZW). */
static int nv50_mad1(const nv50_state *s, uint32_t a, uint32_t b, uint32_t c, uint32_t *r)
{
    uint32_t ea = (a >> 23) & 0xff, eb = (b >> 23) & 0xff, ec = (c >> 23) & 0xff;
    uint32_t ma = a & 0x7fffffffu, mb = b & 0x7fffffffu, mc = c & 0x7fffffffu;
    uint32_t ss = (a ^ b) & 0x80000000u;
    uint32_t dnan = (uint32_t)s->fp.default_nan[FP_F32];
    if (s->cfg.zero_wins && (ea == 0 || eb == 0)) {    /* the product is +0: c + 0 */
        *r = mc > 0x7f800000u ? dnan : ec == 0 ? 0u : c;
        return GPUREF_OK;
    }
    if (ma > 0x7f800000u || mb > 0x7f800000u || mc > 0x7f800000u) {
        *r = dnan;
        return GPUREF_OK;
    }
    if (ea == 0xff || eb == 0xff) {                    /* Inf product */
        if (ea == 0 || eb == 0 || (ec == 0xff && (c & 0x80000000u) != ss))
            *r = dnan;
        else
            *r = ss | 0x7f800000u;
        return GPUREF_OK;
    }
    if (ec == 0xff) {
        *r = c;
        return GPUREF_OK;
    }
    if (ea == 0 || eb == 0 || ec == 0) {               /* a zero: product rounded, then sum */
        uint32_t t;
        int st = fp32_mul(a, b, &s->fp, FP_F_RND(FP_RNE), &t, NULL);
        if (!st)
            st = fp32_add(t, c, &s->fp, FP_F_RND(FP_RNE), r, NULL);
        return st;
    }
    *r = nv50_mad_normal(a, b, c);
    return GPUREF_OK;
}

/* DST = [neg] (SRC1 * SRC2) + [neg] SRC3 with G80's truncated product
 * (nv50_mad1), then sat (nv50_sat32, every chipset). */
int nv50_x_fmad(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    const nv50_insn *in = &p->in;
    uint32_t exec = (uint32_t)rr->exec_mask, ta[NV50_LANES], tb[NV50_LANES], tc[NV50_LANES];
    uint32_t res[NV50_LANES] = { 0 }, f[NV50_LANES] = { 0 };
    const uint32_t *a = nv50_src(s, p, 0, exec, ta), *b = nv50_src(s, p, 1, exec, tb);
    const uint32_t *c = nv50_src(s, p, 2, exec, tc);
    uint32_t n1 = in->neg1 ? 0x80000000u : 0, n2 = in->neg2 ? 0x80000000u : 0;
    for (uint32_t m = exec; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        /* -(a*b) = (-a)*b exactly: every step here is sign-symmetric */
        int st = nv50_mad1(s, a[l] ^ n1, b[l], c[l] ^ n2, &res[l]);
        if (st)
            return st;
        if (in->sat)
            res[l] = nv50_sat32(res[l]);
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
 * -0 < +0 by the policy (zero_minmax = NEG_LESS, G-MM: max gives +0, min
 * -0).  The operand is returned as read (flushed).  minop: 1 min, 0 max. */
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
        /* G-SLCT: Z if the result is +-0 (bits 30:0 zero), else S from bit 31 */
        f[l] = (res[l] & 0x7fffffffu) == 0 ? NV50_CF_Z : (res[l] >> 31) ? NV50_CF_S : 0u;
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
