/* rdna4_exec_valu_f16x.c - the further float rows of the vector ALU on the common
 * float driver (rdna4_valu_fop, rdna4_exec_valu_f32.c): V_LDEXP_F16, V_MED3_NUM_F32/F16,
 * V_RCP_IFLAG_F32, the DX9 zero-wins V_MUL_DX9_ZERO_F32 / V_FMA_DX9_ZERO_F32,
 * V_CVT_OFF_F32_I4, the F16 <-> 16-bit integer conversions V_CVT_F16_U16/I16 and
 * V_CVT_U16/I16_F16, V_CVT_PK_RTZ_F16_F32 and V_PACK_B32_F16 (README "Vector ALU",
 * decisions V11-V16).
 *
 * Every lane function gets the sources after ABS/NEG (F16: the halves OPSEL / VGPR
 * bit 7 name, zero-extended) and the policy following MODE; the driver applies OMOD
 * and CLAMP, records the exceptions and writes the result. */
#include <string.h>

#include "fp.h"

#include "rdna4.h"
#include "rdna4_exec.h"

enum {
    X_LDEXP16, X_MED3, X_RCP_IFLAG, X_MUL_DX9, X_FMA_DX9, X_CVT_OFF,
    X_F16_U16, X_F16_I16, X_U16_F16, X_I16_F16, X_PK_RTZ, X_PACK,
    X_NORM_I16, X_NORM_U16, X_PKNORM_I16, X_PKNORM_U16, X_PK_I16, X_PK_U16, X_PK_U8, X_MULLIT
};

/* V_MED3_NUM (L20833-20862): with a NaN operand min3_num of the three; otherwise the
 * operand max3_num equals (a float compare: -0 == +0) decides which pair's max_num is
 * the median. */
static int med3(fp_fmt f, const uint64_t *x, const fp_policy *pol, uint64_t *r, unsigned *e)
{
    uint64_t t = 0, m = 0;
    int st;
    unsigned nan = FP_CLASS_SNAN | FP_CLASS_QNAN;
    if ((fp_classify(f, x[0]) | fp_classify(f, x[1]) | fp_classify(f, x[2])) & nan) {
        if ((st = rdna4_fp_minmax(f, 0, 0, x[0], x[1], pol, &t, e)))
            return st;
        return rdna4_fp_minmax(f, 0, 0, t, x[2], pol, r, e);
    }
    unsigned e2 = 0;   /* max3 is only compared: its exceptions are not the row's */
    if ((st = rdna4_fp_minmax(f, 0, 1, x[0], x[1], pol, &t, &e2)) ||
        (st = rdna4_fp_minmax(f, 0, 1, t, x[2], pol, &m, &e2)))
        return st;
    int eq0 = 0, eq1 = 0;
    if ((st = fp_cmp(f, FP_CMP_EQ, m, x[0], pol, 0, &eq0, &e2)) ||
        (st = fp_cmp(f, FP_CMP_EQ, m, x[1], pol, 0, &eq1, &e2)))
        return st;
    if (eq0)
        return rdna4_fp_minmax(f, 0, 1, x[1], x[2], pol, r, e);
    if (eq1)
        return rdna4_fp_minmax(f, 0, 1, x[0], x[2], pol, r, e);
    return rdna4_fp_minmax(f, 0, 1, x[0], x[1], pol, r, e);
}

static int lane_x(int k, fp_fmt F, const uint64_t *x, const fp_policy *pol, unsigned fl,
                  uint64_t *r, unsigned *e)
{
    unsigned cl = fl & RDNA4_FL_CLAMPBIT;
    uint64_t lo = 0, hi = 0;
    int st;
    fl &= ~(unsigned)RDNA4_FL_CLAMPBIT;
    switch (k) {
    case X_LDEXP16:   /* S0.f16 * 2 ** S1.i16 (L12791): the exponent is the signed half */
        return fp_ldexp(FP_F16, x[0], (int16_t)(uint16_t)x[1], pol, fl, r, e);
    case X_MED3:
        return med3(F, x, pol, r, e);
    case X_RCP_IFLAG: {
        /* 1 / S0 as V_RCP_F32 (correctly rounded, denormals flushed: §7.2.4), but no
         * float exception; a zero divisor raises the integer DIV_BY_ZERO (L13348-13362,
         * EXCP_FLAG_USER bit 6) */
        unsigned fe = 0;
        if ((st = fp_rcp(FP_F32, x[0], pol, fl, r, &fe)))
            return st;
        *e |= (fe & FP_EXC_DIVBYZERO) ? RDNA4_EXC_INT_DIV0 : 0;
        return GPUREF_OK;
    }
    case X_MUL_DX9:   /* an operand == 0 gives +0 (L19732; VOPD's Q1) */
        return fp_mul(FP_F32, x[0], x[1], pol, fl | FP_F_ZERO_WINS, r, e);
    case X_FMA_DX9:   /* an operand of the product == 0 gives S2 itself (L20300) */
        return fp_fma(FP_F32, x[0], x[1], x[2], pol, fl | FP_F_ZERO_WINS | FP_F_ZW_PASS_C, r, e);
    case X_CVT_OFF: { /* the table of L18493: sext(S0[3:0]) / 16, exact */
        int32_t i4 = (int32_t)((uint32_t)x[0] << 28) >> 28;
        uint64_t t = 0;
        if ((st = fp_from_int(FP_F32, FP_I32, (uint32_t)i4, pol, 0, &t, e)))
            return st;
        return fp_ldexp(FP_F32, t, -4, pol, fl, r, e);
    }
    case X_F16_U16: return fp_from_int(FP_F16, FP_U16, x[0], pol, fl, r, e);
    case X_F16_I16: return fp_from_int(FP_F16, FP_I16, x[0], pol, fl, r, e);
    case X_U16_F16: case X_I16_F16: {
        /* truncation, saturation, NaN -> 0 (C3); INEXACT only with CLAMP (L13815) */
        unsigned fe = 0;
        st = fp_to_int(k == X_U16_F16 ? FP_U16 : FP_I16, FP_F16, x[0], pol, FP_F_RND(FP_RTZ), r, &fe);
        *r &= 0xffffu;
        *e |= cl ? fe : fe & ~(unsigned)FP_EXC_INEXACT;
        return st;
    }
    case X_PK_RTZ:    /* f32_to_f16 of S0 and S1 toward zero (L12619), MODE's denormals */
        if ((st = fp_convert(FP_F16, FP_F32, x[0], pol, fl | FP_F_RND(FP_RTZ), &lo, e)) ||
            (st = fp_convert(FP_F16, FP_F32, x[1], pol, fl | FP_F_RND(FP_RTZ), &hi, e)))
            return st;
        *r = (hi & 0xffffu) << 16 | (lo & 0xffffu);
        return GPUREF_OK;
    default: return GPUREF_ERR_UNIMPL;
    }
}

/* CLAMP of a copied F16 value (V9: NaN -> +0, negative and -0 -> +0, above 1.0 -> 1.0) */
static uint32_t clamp16(uint32_t h, const fp_policy *pol)
{
    unsigned c = fp_classify(FP_F16, h);
    if (c & (FP_CLASS_SNAN | FP_CLASS_QNAN))
        return pol->clamp_nan == FP_CLNAN_ZERO ? 0 : h;
    if (c & FP_CLASS_NEG_ZERO)
        return pol->clamp_negzero == FP_CLZ_POS ? 0 : h;
    if (h & 0x8000u)
        return 0;
    return h > 0x3c00u ? 0x3c00u : h;
}

static int lane_pack(int k, fp_fmt F, const uint64_t *x, const fp_policy *pol, unsigned fl,
                     uint64_t *r, unsigned *e)
{
    (void)k, (void)F, (void)e;
    /* D[31:16] = S1.f16, D[15:0] = S0.f16 (L22106): the halves after ABS/NEG, copied
     * (no canonicalization: V15); CLAMP clamps each copied half (V9) */
    uint32_t lo = (uint32_t)x[0] & 0xffffu, hi = (uint32_t)x[1] & 0xffffu;
    if (fl & RDNA4_FL_CLAMPBIT) {
        lo = clamp16(lo, pol);
        hi = clamp16(hi, pol);
    }
    *r = hi << 16 | lo;
    return GPUREF_OK;
}

#define XF(NAME, K, HOW, FS, FD) \
    RDNA4_EXEC(NAME) { return rdna4_valu_fop(s, p, rr, lane_x, K, HOW, FS, FD); }

XF(v_ldexp_f16, X_LDEXP16, 0, FP_F16, FP_F16)
XF(v_med3_num_f32, X_MED3, RDNA4_FOP_SEL, FP_F32, FP_F32)
XF(v_med3_num_f16, X_MED3, RDNA4_FOP_SEL, FP_F16, FP_F16)
XF(v_rcp_iflag_f32, X_RCP_IFLAG, RDNA4_FOP_FLUSH, FP_F32, FP_F32)
XF(v_mul_dx9_zero_f32, X_MUL_DX9, 0, FP_F32, FP_F32)
XF(v_fma_dx9_zero_f32, X_FMA_DX9, 0, FP_F32, FP_F32)
XF(v_cvt_off_f32_i4, X_CVT_OFF, 0, FP_F32, FP_F32)
XF(v_cvt_f16_u16, X_F16_U16, 0, FP_F16, FP_F16)
XF(v_cvt_f16_i16, X_F16_I16, 0, FP_F16, FP_F16)
XF(v_cvt_u16_f16, X_U16_F16, RDNA4_FOP_INT, FP_F16, FP_F16)
XF(v_cvt_i16_f16, X_I16_F16, RDNA4_FOP_INT, FP_F16, FP_F16)
/* a 32-bit result of two F16 values: OMOD ignored ("packed float 16 results ignore
 * the OMOD setting", §7.2.3.1 L2845; LLVM has the operand: decisions V55), CLAMP in
 * each conversion */
XF(v_cvt_pk_rtz_f16_f32, X_PK_RTZ, RDNA4_FOP_NOOMOD, FP_F32, FP_F32)
RDNA4_EXEC(v_pack_b32_f16)
{
    return rdna4_valu_fop(s, p, rr, lane_pack, X_PACK, RDNA4_FOP_INT, FP_F16, FP_F32);
}

/* ------------------------------------------------ normalized and packed conversions
 * f16/f32_to_snorm / _unorm (V53, the digest's C21): NaN -> 0 (INVALID); the value
 * clamped to [-1, 1] ([0, 1]) times 32767 (65535), exact in binary64, rounded to the
 * nearest integer, ties to even; INEXACT when the integer differs from the clamped
 * product; denormal inputs kept whatever MODE ("denormals are supported", L14130). */
static uint32_t to_norm(fp_fmt f, uint64_t x, unsigned sgn, const fp_policy *pol, unsigned *e)
{
    uint64_t d = 0;
    unsigned fe = 0;
    if (fp_is_nan(f, x)) {
        *e |= FP_EXC_INVALID;
        return 0;
    }
    (void)fp_convert(FP_F64, f, x, pol, FP_F_KEEP_IN, &d, &fe);
    double v;
    memcpy(&v, &d, sizeof v);
    double lo = sgn ? -1.0 : 0.0;
    v = v < lo ? lo : v > 1.0 ? 1.0 : v;
    v *= sgn ? 32767.0 : 65535.0;               /* exact: at most 24 + 16 bits */
    uint64_t y, t = 0;
    memcpy(&y, &v, sizeof y);
    /* in range of I32 whatever the input: ties to even, INEXACT when y is no integer */
    (void)fp_to_int(FP_I32, FP_F64, y, pol, FP_F_RND(FP_RNE), &t, e);
    return (uint32_t)t & 0xffffu;
}

/* v_cvt_i16_f32 / v_cvt_u16_f32 / f32_to_u8 (L21974-21995, L20667; V53): as the 32-bit
 * conversions (C3: toward zero, NaN -> 0) saturated to the 16/8-bit range. */
static int to_small_int(int sgn, unsigned bits, uint64_t x, const fp_policy *pol, uint32_t *out,
                        unsigned *e)
{
    uint64_t r = 0;
    unsigned fe = 0;
    int st = fp_to_int(sgn ? FP_I32 : FP_U32, FP_F32, x, pol, FP_F_RND(FP_RTZ), &r, &fe);
    if (st)
        return st;
    if (sgn) {
        int32_t v = (int32_t)(uint32_t)r, mx = (1 << (bits - 1)) - 1, mn = -mx - 1;
        if (v > mx || v < mn)
            fe |= FP_EXC_INVALID;
        v = v > mx ? mx : v < mn ? mn : v;
        *out = (uint32_t)v & ((1u << bits) - 1u);
    } else {
        uint32_t v = (uint32_t)r, mx = (1u << bits) - 1u;
        if (v > mx)
            fe |= FP_EXC_INVALID;
        *out = v > mx ? mx : v;
    }
    *e |= fe;
    return GPUREF_OK;
}

static int lane_cvt(int k, fp_fmt F, const uint64_t *x, const fp_policy *pol, unsigned fl,
                    uint64_t *r, unsigned *e)
{
    uint32_t lo = 0, hi = 0;
    int st = GPUREF_OK, cmp = 0;
    fl &= ~(unsigned)RDNA4_FL_CLAMPBIT;   /* these rows saturate anyway (V14's reading) */
    switch (k) {
    case X_NORM_I16: case X_NORM_U16:
        *r = to_norm(FP_F16, x[0] & 0xffffu, k == X_NORM_I16, pol, e);
        return GPUREF_OK;
    case X_PKNORM_I16: case X_PKNORM_U16:
        lo = to_norm(F, F == FP_F16 ? x[0] & 0xffffu : x[0], k == X_PKNORM_I16, pol, e);
        hi = to_norm(F, F == FP_F16 ? x[1] & 0xffffu : x[1], k == X_PKNORM_I16, pol, e);
        *r = hi << 16 | lo;
        return GPUREF_OK;
    case X_PK_I16: case X_PK_U16:
        if ((st = to_small_int(k == X_PK_I16, 16, x[0], pol, &lo, e)) ||
            (st = to_small_int(k == X_PK_I16, 16, x[1], pol, &hi, e)))
            return st;
        *r = hi << 16 | lo;
        return GPUREF_OK;
    case X_PK_U8: {   /* S2 with byte S1[1:0] replaced by f32_to_u8(S0) (L20670-20674) */
        unsigned sh = ((uint32_t)x[1] & 3u) * 8u;
        if ((st = to_small_int(0, 8, x[0], pol, &lo, e)))
            return st;
        *r = ((uint32_t)x[2] & ~(0xffu << sh)) | lo << sh;
        return GPUREF_OK;
    }
    case X_MULLIT: {  /* L20533-20540: -MAX_FLOAT for S1 = -MAX/-INF/NaN or S2 <= 0/NaN,
                         else S0 * S1 with 0 * x = 0 (the DX9 zero-wins multiply) */
        uint32_t s1 = (uint32_t)x[1];
        unsigned fe = 0;
        if ((st = fp_cmp(FP_F32, FP_CMP_NGT, x[2], 0, pol, 0, &cmp, &fe)))
            return st;
        if (s1 == 0xff7fffffu || s1 == 0xff800000u || fp_is_nan(FP_F32, s1) || cmp) {
            *r = 0xff7fffffu;
            return GPUREF_OK;
        }
        return fp_mul(FP_F32, x[0], x[1], pol, fl | FP_F_ZERO_WINS, r, e);
    }
    default: return GPUREF_ERR_UNIMPL;
    }
}

#define XC(NAME, K, HOW, FS, FD) \
    RDNA4_EXEC(NAME) { return rdna4_valu_fop(s, p, rr, lane_cvt, K, HOW, FS, FD); }

XC(v_cvt_norm_i16_f16, X_NORM_I16, RDNA4_FOP_INT, FP_F16, FP_F16)
XC(v_cvt_norm_u16_f16, X_NORM_U16, RDNA4_FOP_INT, FP_F16, FP_F16)
XC(v_cvt_pk_norm_i16_f16, X_PKNORM_I16, RDNA4_FOP_INT, FP_F16, FP_F32)
XC(v_cvt_pk_norm_u16_f16, X_PKNORM_U16, RDNA4_FOP_INT, FP_F16, FP_F32)
XC(v_cvt_pk_norm_i16_f32, X_PKNORM_I16, RDNA4_FOP_INT, FP_F32, FP_F32)
XC(v_cvt_pk_norm_u16_f32, X_PKNORM_U16, RDNA4_FOP_INT, FP_F32, FP_F32)
XC(v_cvt_pk_i16_f32, X_PK_I16, RDNA4_FOP_INT, FP_F32, FP_F32)
XC(v_cvt_pk_u16_f32, X_PK_U16, RDNA4_FOP_INT, FP_F32, FP_F32)
XC(v_cvt_pk_u8_f32, X_PK_U8, RDNA4_FOP_INT, FP_F32, FP_F32)
XC(v_mullit_f32, X_MULLIT, 0, FP_F32, FP_F32)

/* V_DOT2_F16_F16 / V_DOT2_BF16_BF16 (L21408-21435): tmp = S2; tmp += S0[15:0] * S1[15:0];
 * tmp += S0[31:16] * S1[31:16], each step one FMA rounded to the result's format in
 * MODE's F16 rounding and denormal mode (BF16 too: D25), as P1 reads the F32 dots; a
 * NaN already in tmp is the result (the first operand of the sum, C1), quieted.
 * S0 and S1 are whole registers (OPSEL[1:0] ignored, decode: 0); an inline constant
 * there is replicated into [31:16] (L2760); NEG[0]/NEG[1] negate both halves (V18),
 * NEG[2] S2; no ABS (decode).  S2's half by OPSEL[2] (an inline constant: its value
 * whatever OPSEL[2], "replicated"), the destination's by OPSEL[3]. */
static int dot2h(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, fp_fmt hf)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    int st = rdna4_valu_plain(s, p, v);
    if (st)
        return st;
    const fp_policy *pol = rdna4_fp_policy(s);
    rdna4_vpre w = *v;
    w.neg = w.abs = 0;
    uint32_t a[RDNA4_NL], b[RDNA4_NL], c[RDNA4_NL], d[RDNA4_NL];
    unsigned n = rdna4_nlanes(s), exc = 0;
    uint32_t *ab[2] = { a, b };
    for (unsigned i = 0; i < 2; i++) {
        rdna4_load_src(s, &w, i, ab[i]);
        unsigned code = v->s[i].code;
        int inl = v->v[i] < 0 && v->s[i].kind == RDNA4_S_CONST &&
                  ((code >= 128 && code <= 208) || (code >= 240 && code <= 248));
        for (unsigned l = 0; l < n; l++) {
            if (inl)
                ab[i][l] = (ab[i][l] & 0xffffu) * 0x10001u;
            if (v->neg >> i & 1u)
                ab[i][l] ^= 0x80008000u;
        }
    }
    if (v->v[2] < 0 && v->s[2].kind == RDNA4_S_CONST)
        w.opsel &= (uint8_t)~4u;     /* a constant S2 reads its value in either half */
    rdna4_load_src16(s, &w, 2, c);
    uint32_t sign = 0x8000u, quiet = hf == FP_BF16 ? 0x40u : 0x200u;
    uint64_t ex = rdna4_valu_lanes(s);
    for (uint64_t m = ex; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m), e = 0;
        uint64_t t = (v->neg >> 2 & 1u) ? c[l] ^ sign : c[l];
        for (unsigned h = 0; h < 2 && !st; h++) {
            uint64_t r = 0;
            st = fp_fma(hf, a[l] >> (16 * h) & 0xffffu, b[l] >> (16 * h) & 0xffffu, t, pol, 0, &r, &e);
            t = fp_is_nan(hf, t) ? (t | quiet) : r;
        }
        if (st)
            return rdna4_fp_fail(s, p, st);
        d[l] = (uint32_t)t;
        exc |= e;
    }
    if ((st = rdna4_fp_check_trap(s, p, exc)) != GPUREF_OK)
        return st;
    rr->exec_mask = rdna4_exec_mask(s);
    rdna4_valu_write16(s, rr, v->vdst, v->opsel >> 3 & 1u, d, ex);
    rdna4_fp_record_exc(s, rr, exc);
    return GPUREF_OK;
}

RDNA4_EXEC(v_dot2_f16_f16) { return dot2h(s, p, rr, FP_F16); }
RDNA4_EXEC(v_dot2_bf16_bf16) { return dot2h(s, p, rr, FP_BF16); }
