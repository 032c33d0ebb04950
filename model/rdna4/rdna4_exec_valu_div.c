/* rdna4_exec_valu_div.c - the vector rows of the division macro and its neighbours:
 * V_DIV_SCALE_F32/F64 (VOP3SD, a lane mask to SDST), V_DIV_FMAS_F32/F64 (VCC in),
 * V_DIV_FIXUP_F32/F64/F16, the cube-map rows V_CUBEID/SC/TC/MA_F32 and
 * V_TRIG_PREOP_F64 (chapter 16 pseudocode of the guide; README "Vector ALU",
 * decisions V41-V46).
 *
 * Every arithmetic step runs on model/fp.  The DIV_* rows read their operands as
 * they are (denormals are neither flushed nor compared as zero, V42); the CUBE rows
 * flush F32 input and output denormals whatever MODE (§7.2.4 L2911).  OMOD and CLAMP
 * apply to each row's float result as to any VOP3 float result (rdna4_valu_outmod;
 * README decisions V55); DIV_SCALE's lane mask is that of the unmodified result. */
#include <string.h>

#include "fp.h"

#include "rdna4.h"
#include "rdna4_exec.h"
#include "rdna4_two_over_pi.h"

/* The per-format facts the pseudocode names: exponent field, sign, quiet bit, the
 * default NaN (C1, C19, F16 0xfe00: digest §3.6). */
typedef struct fmtinfo {
    fp_fmt f;
    unsigned mbits, ebits;
    uint64_t sign, qbit, dnan;
} fmtinfo;

static const fmtinfo FI16 = { FP_F16, 10, 5, 0x8000u, 0x0200u, 0xfe00u };
static const fmtinfo FI32 = { FP_F32, 23, 8, 0x80000000u, 0x00400000u, 0xffc00000u };
static const fmtinfo FI64 = { FP_F64, 52, 11, 1ull << 63, 1ull << 51, 0xfff8000000000000ull };

static unsigned expo(const fmtinfo *fi, uint64_t x)
{
    return (unsigned)(x >> fi->mbits) & ((1u << fi->ebits) - 1u);
}
static int is_zero(const fmtinfo *fi, uint64_t x) { return (x & ~fi->sign) == 0; }
static int is_nan(const fmtinfo *fi, uint64_t x)
{
    return expo(fi, x) == (1u << fi->ebits) - 1u && (x & ((1ull << fi->mbits) - 1u)) != 0;
}
static int is_inf(const fmtinfo *fi, uint64_t x)
{
    return expo(fi, x) == (1u << fi->ebits) - 1u && (x & ((1ull << fi->mbits) - 1u)) == 0;
}
static int is_denorm(const fmtinfo *fi, uint64_t x) { return expo(fi, x) == 0 && !is_zero(fi, x); }

/* Exact helpers: denormals kept in and out, round to nearest even. */
#define EXACT (FP_F_KEEP_IN | FP_F_KEEP_OUT | FP_F_RND(FP_RNE))

/* OMOD / CLAMP on one lane's result *r (their exceptions into *exc) */
static int outmod(const rdna4_vpre *v, fp_fmt f, const fp_policy *pol, uint64_t *r, unsigned *exc)
{
    return rdna4_valu_outmod(f, pol, v->omod, v->clamp, r, exc);
}

/* Sources 0..2 of every lane, 16, 32 or 64 bits wide (16: the OPSEL halves). */
static void load3(const rdna4_state *s, const rdna4_vpre *v, const fmtinfo *fi, unsigned nsrc,
                  uint64_t src[3][RDNA4_NL])
{
    uint32_t t[RDNA4_NL];
    unsigned n = rdna4_nlanes(s);
    for (unsigned i = 0; i < nsrc; i++) {
        if (fi->f == FP_F64) {
            rdna4_load_src64(s, v, i, src[i]);
            continue;
        }
        if (fi->f == FP_F16)
            rdna4_load_src16(s, v, i, t);
        else
            rdna4_load_src(s, v, i, t);
        for (unsigned l = 0; l < n; l++)
            src[i][l] = t[l];
    }
}

static void store(rdna4_state *s, gpuref_retire *rr, const rdna4_vpre *v, const fmtinfo *fi,
                  const uint64_t *d, uint64_t ex)
{
    uint32_t d32[RDNA4_NL];
    unsigned n = rdna4_nlanes(s);
    if (fi->f == FP_F64) {
        rdna4_valu_write64(s, rr, v->vdst, d, ex);
        return;
    }
    for (unsigned l = 0; l < n; l++)
        d32[l] = (uint32_t)d[l];
    if (fi->f == FP_F16)
        rdna4_valu_write16(s, rr, v->vdst, v->opsel >> 3 & 1u, d32, ex);
    else
        rdna4_valu_write(s, rr, v->vdst, d32, ex);
}

/* ------------------------------------------------------------- DIV_SCALE */

/* V_DIV_SCALE_F32 (L21779-21821) / _F64 (L21823-21865), one lane: D0 and its mask
 * bit.  C11: the mask bit is the lane's, D0 = S0 on the paths that do not assign it,
 * the "NAN" result is the default NaN.  V41: "1.0 / S1 == DENORM" is the reciprocal
 * in the operation's format (the F32 text's 64'F(...) reading would never be true). */
static int scale_lane(const fmtinfo *fi, const fp_policy *pol, uint64_t s0, uint64_t s1,
                      uint64_t s2, uint64_t *d, int *vcc, unsigned *exc)
{
    int k = fi->f == FP_F64 ? 128 : 64;                 /* the scale 2^64 / 2^128 */
    int big = fi->f == FP_F64 ? 768 : 96, tiny = fi->f == FP_F64 ? 53 : 23;
    uint64_t one = fi->f == FP_F64 ? 0x3ff0000000000000ull : 0x3f800000u, q = 0, rcp = 0;
    int eq01 = 0, eq02 = 0, st, sh = 0;
    unsigned e = 0;
    *vcc = 0;
    *d = s0;
    if (is_zero(fi, s2) || is_zero(fi, s1)) {
        *d = fi->dnan;
        return GPUREF_OK;
    }
    if ((st = fp_div(fi->f, s2, s1, pol, EXACT, &q, &e)) ||
        (st = fp_div(fi->f, one, s1, pol, EXACT, &rcp, &e)) ||
        (st = fp_cmp(fi->f, FP_CMP_EQ, s0, s1, pol, FP_F_KEEP_IN, &eq01, &e)) ||
        (st = fp_cmp(fi->f, FP_CMP_EQ, s0, s2, pol, FP_F_KEEP_IN, &eq02, &e)))
        return st;
    int qden = is_denorm(fi, q), rden = is_denorm(fi, rcp);
    if ((int)expo(fi, s2) - (int)expo(fi, s1) >= big) {  /* N/D near the largest value */
        *vcc = 1;
        sh = eq01 ? k : 0;                                /* only the denominator */
    } else if (is_denorm(fi, s1)) {
        sh = k;
    } else if (rden && qden) {
        *vcc = 1;
        sh = eq01 ? k : 0;
    } else if (rden) {
        sh = -k;
    } else if (qden) {
        *vcc = 1;
        sh = eq02 ? k : 0;                                /* only the numerator */
    } else if ((int)expo(fi, s2) <= tiny) {              /* the numerator is tiny */
        sh = k;
    }
    if (sh)
        return fp_ldexp(fi->f, s0, sh, pol, EXACT, d, exc);
    return GPUREF_OK;
}

static int div_scale(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, const fmtinfo *fi)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    int st = rdna4_valu_plain(s, p, v);
    if (st)
        return st;
    const fp_policy *pol = rdna4_fp_policy(s);
    uint64_t src[3][RDNA4_NL], d[RDNA4_NL], ex = rdna4_valu_lanes(s), vcc = 0;
    unsigned exc = 0;
    load3(s, v, fi, 3, src);
    for (uint64_t m = ex; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m), e = 0;
        int b = 0;
        if ((st = scale_lane(fi, pol, src[0][l], src[1][l], src[2][l], &d[l], &b, &e)) ||
            (st = outmod(v, fi->f, pol, &d[l], &e)))
            return rdna4_fp_fail(s, p, st);
        vcc |= (uint64_t)b << l;
        exc |= e;
    }
    if ((st = rdna4_fp_check_trap(s, p, exc)) != GPUREF_OK)
        return st;
    rr->exec_mask = rdna4_exec_mask(s);
    store(s, rr, v, fi, d, ex);
    rdna4_valu_write_mask(s, rr, v->sdst, vcc);
    rdna4_fp_record_exc(s, rr, exc);
    return GPUREF_OK;
}

RDNA4_EXEC(v_div_scale_f32) { return div_scale(s, p, rr, &FI32); }
RDNA4_EXEC(v_div_scale_f64) { return div_scale(s, p, rr, &FI64); }

/* -------------------------------------------------------------- DIV_FMAS */

/* V_DIV_FMAS_F32 (L20869) / _F64 (L20889): fma(S0, S1, S2), input denormals not
 * flushed ("Notes"), then, where the lane's VCC bit is set, the post-scale that
 * undoes DIV_SCALE's: 2^+64 (F64 2^+128) when exponent(S2) > 127 (1023), else 2^-64
 * (2^-128) (V43; the guide's fixed 2^32 / 2^64 does not undo DIV_SCALE's 2^64 / 2^128).
 * The FMA is rounded first (output denormals kept), the scaling rounds once more with
 * MODE's output flush; CLAMP applies to the last step, or with OMOD to its multiply. */
static int div_fmas(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, const fmtinfo *fi)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    int st = rdna4_valu_plain(s, p, v);
    if (st)
        return st;
    const fp_policy *pol = rdna4_fp_policy(s);
    uint64_t src[3][RDNA4_NL], d[RDNA4_NL], ex = rdna4_valu_lanes(s);
    uint64_t vcc = s->wave64 ? (uint64_t)s->a.sreg[RDNA4_VCC_HI] << 32 | s->a.sreg[RDNA4_VCC_LO]
                             : s->a.sreg[RDNA4_VCC_LO];
    unsigned exc = 0, cl = v->clamp && !v->omod ? FP_F_CLAMP : 0;
    unsigned bias = fi->f == FP_F64 ? 1023u : 127u;
    int k = fi->f == FP_F64 ? 128 : 64;
    load3(s, v, fi, 3, src);
    for (uint64_t m = ex; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m), e = 0;
        uint64_t r = 0;
        if (vcc >> l & 1u) {
            int sh = expo(fi, src[2][l]) > bias ? k : -k;
            st = fp_fma(fi->f, src[0][l], src[1][l], src[2][l], pol, FP_F_KEEP_IN | FP_F_KEEP_OUT, &r, &e);
            if (!st)
                st = fp_ldexp(fi->f, r, sh, pol, FP_F_KEEP_IN | cl, &r, &e);
        } else {
            st = fp_fma(fi->f, src[0][l], src[1][l], src[2][l], pol, FP_F_KEEP_IN | cl, &r, &e);
        }
        if (!st && v->omod)
            st = outmod(v, fi->f, pol, &r, &e);
        if (st)
            return rdna4_fp_fail(s, p, st);
        d[l] = r;
        exc |= e;
    }
    if ((st = rdna4_fp_check_trap(s, p, exc)) != GPUREF_OK)
        return st;
    rr->exec_mask = rdna4_exec_mask(s);
    store(s, rr, v, fi, d, ex);
    rdna4_fp_record_exc(s, rr, exc);
    return GPUREF_OK;
}

RDNA4_EXEC(v_div_fmas_f32) { return div_fmas(s, p, rr, &FI32); }
RDNA4_EXEC(v_div_fmas_f64) { return div_fmas(s, p, rr, &FI64); }

/* ------------------------------------------------------------- DIV_FIXUP */

/* V_DIV_FIXUP_F32 (L20677), _F64 (L20715), _F16 (L21150), one lane: S0 the quotient,
 * S1 the denominator, S2 the numerator.  V44: UNDERFLOW is a zero and OVERFLOW an
 * infinity (what the quotient rounds to in round-to-nearest), with sign_out; a NaN is
 * returned quieted with its sign and payload; F16 has no underflow/overflow step. */
static uint64_t fixup_lane(const fmtinfo *fi, uint64_t s0, uint64_t s1, uint64_t s2, unsigned *exc)
{
    uint64_t so = (s1 ^ s2) & fi->sign, inf = ((1ull << fi->ebits) - 1u) << fi->mbits;
    if (is_nan(fi, s2) || is_nan(fi, s1)) {
        uint64_t x = is_nan(fi, s2) ? s2 : s1;
        if (!(x & fi->qbit))
            *exc |= FP_EXC_INVALID;
        return x | fi->qbit;
    }
    if ((is_zero(fi, s1) && is_zero(fi, s2)) || (is_inf(fi, s1) && is_inf(fi, s2))) {
        *exc |= FP_EXC_INVALID;
        return fi->dnan;
    }
    if (is_zero(fi, s1) || is_inf(fi, s2)) {
        if (is_zero(fi, s1))
            *exc |= FP_EXC_DIVBYZERO;
        return so | inf;
    }
    if (is_inf(fi, s1) || is_zero(fi, s2))
        return so;
    if (fi->f != FP_F16) {
        int lim = fi->f == FP_F64 ? -1075 : -150;
        if ((int)expo(fi, s2) - (int)expo(fi, s1) < lim) {
            *exc |= FP_EXC_UNDERFLOW | FP_EXC_INEXACT;
            return so;
        }
        if (expo(fi, s1) == (1u << fi->ebits) - 1u) {      /* not reached: Inf/NaN above */
            *exc |= FP_EXC_OVERFLOW | FP_EXC_INEXACT;
            return so | inf;
        }
    }
    return so | (s0 & ~fi->sign);
}

static int div_fixup(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, const fmtinfo *fi)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    int st = rdna4_valu_plain(s, p, v);
    if (st)
        return st;
    const fp_policy *pol = rdna4_fp_policy(s);
    uint64_t src[3][RDNA4_NL], d[RDNA4_NL], ex = rdna4_valu_lanes(s);
    unsigned exc = 0;
    load3(s, v, fi, 3, src);
    for (uint64_t m = ex; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        d[l] = fixup_lane(fi, src[0][l], src[1][l], src[2][l], &exc);
        if ((st = outmod(v, fi->f, pol, &d[l], &exc)))
            return rdna4_fp_fail(s, p, st);
    }
    if ((st = rdna4_fp_check_trap(s, p, exc)) != GPUREF_OK)
        return st;
    rr->exec_mask = rdna4_exec_mask(s);
    store(s, rr, v, fi, d, ex);
    rdna4_fp_record_exc(s, rr, exc);
    return GPUREF_OK;
}

RDNA4_EXEC(v_div_fixup_f32) { return div_fixup(s, p, rr, &FI32); }
RDNA4_EXEC(v_div_fixup_f64) { return div_fixup(s, p, rr, &FI64); }
RDNA4_EXEC(v_div_fixup_f16) { return div_fixup(s, p, rr, &FI16); }

/* ------------------------------------------------------------------ CUBE */

enum { CUBE_ID, CUBE_SC, CUBE_TC, CUBE_MA };

/* V_CUBEID/SC/TC/MA_F32 (L20340-20440), one lane on denormal-flushed x, y, z: the
 * face is z when |z| >= |x| and |z| >= |y|, else y when |y| >= |x|, else x (a NaN
 * compares false: V45).  "< 0.0" is false for -0.  SC/TC copy an operand or its
 * negation (the sign bit flipped, a NaN unchanged otherwise); MA = 2 * the major axis,
 * a multiplication (rounded, a signalling NaN quieted). */
static int cube_lane(int k, uint32_t x, uint32_t y, uint32_t z, const fp_policy *pol,
                     uint32_t *d, unsigned *exc)
{
    int ge_zx = 0, ge_zy = 0, ge_yx = 0, st;
    unsigned e = 0;
    uint32_t ax = x & 0x7fffffffu, ay = y & 0x7fffffffu, az = z & 0x7fffffffu, N = 0x80000000u;
    if ((st = fp_cmp(FP_F32, FP_CMP_GE, az, ax, pol, 0, &ge_zx, &e)) ||
        (st = fp_cmp(FP_F32, FP_CMP_GE, az, ay, pol, 0, &ge_zy, &e)) ||
        (st = fp_cmp(FP_F32, FP_CMP_GE, ay, ax, pol, 0, &ge_yx, &e)))
        return st;
    *exc |= e;
    int face = ge_zx && ge_zy ? 2 : ge_yx ? 1 : 0;     /* 2 z, 1 y, 0 x */
    int zneg = 0, yneg = 0, xneg = 0;
    if ((st = fp_cmp(FP_F32, FP_CMP_LT, z, 0, pol, 0, &zneg, &e)) ||
        (st = fp_cmp(FP_F32, FP_CMP_LT, y, 0, pol, 0, &yneg, &e)) ||
        (st = fp_cmp(FP_F32, FP_CMP_LT, x, 0, pol, 0, &xneg, &e)))
        return st;
    *exc |= e;
    uint64_t r = 0;
    switch (k) {
    case CUBE_ID: {
        static const uint32_t ids[6] = { 0, 0x3f800000u, 0x40000000u, 0x40400000u,
                                         0x40800000u, 0x40a00000u };   /* 0.0 .. 5.0 */
        int id = face == 2 ? (zneg ? 5 : 4) : face == 1 ? (yneg ? 3 : 2) : (xneg ? 1 : 0);
        *d = ids[id];
        return GPUREF_OK;
    }
    case CUBE_SC:
        *d = face == 2 ? (zneg ? x ^ N : x) : face == 1 ? x : (xneg ? z : z ^ N);
        return GPUREF_OK;
    case CUBE_TC:
        *d = face == 2 ? y ^ N : face == 1 ? (yneg ? z ^ N : z) : y ^ N;
        return GPUREF_OK;
    default:
        st = fp_mul(FP_F32, face == 2 ? z : face == 1 ? y : x, 0x40000000u, pol, 0, &r, exc);
        *d = (uint32_t)r;
        return st;
    }
}

static int cube(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, int k)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    int st = rdna4_valu_plain(s, p, v);
    if (st)
        return st;
    fp_policy fpol = *rdna4_fp_policy(s);
    /* F32 denormals flushed in and out whatever MODE (§7.2.4 L2911) */
    if ((st = fp_policy_rdna4_mode(&fpol, s->a.hwreg[RDNA4_HW_MODE] & ~0x30u)) != GPUREF_OK)
        return rdna4_fp_fail(s, p, st);
    uint32_t a[3][RDNA4_NL], d[RDNA4_NL];
    uint64_t ex = rdna4_valu_lanes(s);
    unsigned exc = 0;
    for (unsigned i = 0; i < 3; i++)
        rdna4_load_src(s, v, i, a[i]);
    for (uint64_t m = ex; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint32_t x[3];
        for (unsigned i = 0; i < 3; i++) {   /* input flush: a denormal reads as its signed 0 */
            x[i] = a[i][l];
            if ((x[i] & 0x7f800000u) == 0)
                x[i] &= 0x80000000u;
        }
        uint64_t r = 0;
        if ((st = cube_lane(k, x[0], x[1], x[2], &fpol, &d[l], &exc)) ||
            (r = d[l], st = outmod(v, FP_F32, &fpol, &r, &exc)))
            return rdna4_fp_fail(s, p, st);
        d[l] = (uint32_t)r;
    }
    if ((st = rdna4_fp_check_trap(s, p, exc)) != GPUREF_OK)
        return st;
    rr->exec_mask = rdna4_exec_mask(s);
    rdna4_valu_write(s, rr, v->vdst, d, ex);
    rdna4_fp_record_exc(s, rr, exc);
    return GPUREF_OK;
}

RDNA4_EXEC(v_cubeid_f32) { return cube(s, p, rr, CUBE_ID); }
RDNA4_EXEC(v_cubesc_f32) { return cube(s, p, rr, CUBE_SC); }
RDNA4_EXEC(v_cubetc_f32) { return cube(s, p, rr, CUBE_TC); }
RDNA4_EXEC(v_cubema_f32) { return cube(s, p, rr, CUBE_MA); }

/* ------------------------------------------------------------ TRIG_PREOP */

/* The 53 bits b_(1200-sh) .. b_(1148-sh) of 2/pi (bits below b_0 read 0). */
static uint64_t two_over_pi_seg(unsigned sh)
{
    uint64_t r = 0;
    for (unsigned j = 0; j < 53; j++) {
        unsigned pos = sh + j;              /* index from the top: 0 = b_1200 */
        unsigned bit = pos < RDNA4_TWO_OVER_PI_BITS
                           ? (unsigned)(rdna4_two_over_pi[pos / 64] >> (63 - pos % 64)) & 1u : 0;
        r = r << 1 | bit;
    }
    return r;
}

/* V_TRIG_PREOP_F64 (L22344-22370): shift = S1[4:0] * 53, plus exponent(S0) - 1077 when
 * that exponent exceeds 1077; the segment of 53 bits that the shift brings into the
 * whole part, times 2^(-53 - shift) (2^128 more when exponent(S0) >= 1968), rounded
 * toward zero (V46).  Only the exponent field of S0 is read (after ABS/NEG). */
RDNA4_EXEC(v_trig_preop_f64)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    int st = rdna4_valu_plain(s, p, v);
    if (st)
        return st;
    const fp_policy *pol = rdna4_fp_policy(s);
    uint64_t a[RDNA4_NL], d[RDNA4_NL], ex = rdna4_valu_lanes(s);
    uint32_t b[RDNA4_NL];
    unsigned exc = 0;
    rdna4_load_src64(s, v, 0, a);
    rdna4_load_src(s, v, 1, b);
    for (uint64_t m = ex; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m), e = 0;
        unsigned x = (unsigned)(a[l] >> 52) & 0x7ffu, sh = (b[l] & 31u) * 53u;
        if (x > 1077)
            sh += x - 1077;
        int scale = -53 - (int)sh + (x >= 1968 ? 128 : 0);
        uint64_t r = 0;
        if ((st = fp_from_int(FP_F64, FP_U64, two_over_pi_seg(sh), pol, EXACT, &r, &e)) ||
            (st = fp_ldexp(FP_F64, r, scale, pol, FP_F_RND(FP_RTZ), &r, &e)) ||
            (st = outmod(v, FP_F64, pol, &r, &e)))
            return rdna4_fp_fail(s, p, st);
        d[l] = r;
        exc |= e;
    }
    if ((st = rdna4_fp_check_trap(s, p, exc)) != GPUREF_OK)
        return st;
    rr->exec_mask = rdna4_exec_mask(s);
    rdna4_valu_write64(s, rr, v->vdst, d, ex);
    rdna4_fp_record_exc(s, rr, exc);
    return GPUREF_OK;
}
