/* rdna4_exec_valu_pk.c - packed math (VOP3P rows the EXEC column binds here, and the
 * VOP2 V_PK_FMAC_F16): the packed 16-bit integer and F16 operations, V_FMA_MIX*, the
 * F16/BF16 and 8/4-bit integer dot products (guide §7.7, Chapter 16 L16795-17230;
 * README "Packed math", decisions P1-P6).
 *
 * Operand halves (§7.7 L3199-3210): the operation that gives the low half of the
 * result reads, of source i, bits [31:16] when OPSEL[i] is set and [15:0] otherwise;
 * the one that gives the high half reads by OPSEL_HI[i] the same way.  NEG[i] negates
 * the half read for the low result, NEG_HI[i] the half read for the high result
 * (float operands only; for V_FMA_MIX* NEG negates and NEG_HI is ABS; for the IU dot
 * products NEG[1:0] mean "signed").  A scalar source (SGPR, literal, constant) is its
 * 32-bit value as the predecode resolved it by the operand's type: an inline constant
 * is {16'h0, constant} for 16-bit data, so with OPSEL_HI set the high operation reads
 * 0 (§7.7.1-7.7.2 L3243-3258, digest C15; LLVM's inline-constant encoding of packed
 * operands agrees: README P2), except the DOT2 sources 0 and 1, where the constant is
 * replicated into [31:16] (L2760-2762).
 *
 * Every float operation runs on model/fp with the policy following MODE (F16: the
 * F16/F64 round and denormal fields, F32: the F32 fields), C1 NaN rules, CLAMP to
 * [0, 1] through the float core (FP_F_CLAMP; min/max clamp the selected value).
 * Exceptions of the active lanes set the sticky EXCP_FLAG_USER bits (V4).  Results
 * are computed for every lane and written under EXEC. */
#include <string.h>

#include "fp.h"

#include "rdna4.h"
#include "rdna4_exec.h"

#define NL RDNA4_NL

/* Source i of every lane, the raw 32 bits (no modifiers); SRC0 of a DPP16/DPP8 form
 * (V_FMA_MIX*, V_DOT2_F32_F16/BF16: the VOP3P rows with DPP) through the lanes
 * rdna4_dpp_setup chose, as the VOP3 DPP forms read it (README A14, P6). */
static void raw_src(const rdna4_state *s, const rdna4_vpre *v, unsigned i, uint32_t *out)
{
    unsigned n = rdna4_nlanes(s);
    if (i == 0 && v->dpp) {
        rdna4_dpp_fetch(s, v, out);
    } else if (v->v[i] >= 0) {
        memcpy(out, &s->vgpr[(unsigned)v->v[i] * 64u], n * sizeof *out);
    } else {
        uint32_t k = rdna4_src32(s, &v->s[i]);
        for (unsigned l = 0; l < n; l++)
            out[l] = k;
    }
}

/* Is source i an inline constant (codes 128-208, 240-248)? */
static int src_inline(const rdna4_vpre *v, unsigned i)
{
    unsigned c = v->s[i].code;
    return v->v[i] < 0 && v->s[i].kind == RDNA4_S_CONST &&
           ((c >= 128 && c <= 208) || (c >= 240 && c <= 248));
}

/* The two 16-bit operands of source i: lo[] for the low result (OPSEL[i]), hi[] for the
 * high result (OPSEL_HI[i]); fneg: NEG/NEG_HI flip bit 15 (float operands). */
static void halves(const rdna4_state *s, const rdna4_vpre *v, unsigned i, int fneg, uint32_t *lo,
                   uint32_t *hi)
{
    uint32_t x[NL];
    unsigned n = rdna4_nlanes(s);
    unsigned sl = (v->opsel >> i & 1u) * 16u, sh = (v->opsel_hi >> i & 1u) * 16u;
    uint32_t nl = fneg && (v->neg >> i & 1u) ? 0x8000u : 0, nh = fneg && (v->neg_hi >> i & 1u) ? 0x8000u : 0;
    raw_src(s, v, i, x);
    for (unsigned l = 0; l < n; l++) {
        lo[l] = (x[l] >> sl & 0xffffu) ^ nl;
        hi[l] = (x[l] >> sh & 0xffffu) ^ nh;
    }
}

/* --------------------------------------------------- packed 16-bit integer */

enum { PI_MAD_I16, PI_MUL_LO_U16, PI_ADD_I16, PI_SUB_I16, PI_LSHL, PI_LSHR, PI_ASHR, PI_MAX_I16,
       PI_MIN_I16, PI_MAD_U16, PI_ADD_U16, PI_SUB_U16, PI_MAX_U16, PI_MIN_U16 };

/* One 16-bit lane of operation k on a, b, c (16-bit values zero-extended).  The exact
 * result (as if computed without overflow) is wrapped to 16 bits, or with CLAMP
 * saturated to the signed (I16 rows) or unsigned (U16 rows) range (§7.7 L3211 "CM",
 * README P3). */
static uint32_t pk_int(int k, uint32_t a, uint32_t b, uint32_t c, unsigned clamp)
{
    int64_t sa = (int16_t)a, sb = (int16_t)b, sc = (int16_t)c, r;
    int sgn = 0;
    switch (k) {
    case PI_MAD_I16: r = sa * sb + sc; sgn = 1; break;
    case PI_ADD_I16: r = sa + sb; sgn = 1; break;
    case PI_SUB_I16: r = sa - sb; sgn = 1; break;
    case PI_MUL_LO_U16: r = (int64_t)a * b; break;
    case PI_MAD_U16: r = (int64_t)a * b + c; break;
    case PI_ADD_U16: r = (int64_t)a + b; break;
    case PI_SUB_U16: r = (int64_t)a - b; break;
    /* shifts: count = S0[3:0] of the half (S0.u32[3:0] / [19:16], L16844-16880) */
    case PI_LSHL: return b << (a & 15u) & 0xffffu;
    case PI_LSHR: return b >> (a & 15u);
    case PI_ASHR: return (uint32_t)(sb >> (a & 15u)) & 0xffffu;
    case PI_MAX_I16: return sa >= sb ? a : b;
    case PI_MIN_I16: return sa < sb ? a : b;
    case PI_MAX_U16: return a >= b ? a : b;
    default: return a < b ? a : b;     /* PI_MIN_U16 */
    }
    if (clamp) {
        int64_t mn = sgn ? -32768 : 0, mx = sgn ? 32767 : 65535;
        r = r < mn ? mn : r > mx ? mx : r;
    }
    return (uint32_t)r & 0xffffu;
}

static int pk_int_op(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, int k, unsigned nsrc)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    uint32_t lo[3][NL], hi[3][NL], d[NL];
    unsigned n = rdna4_nlanes(s);
    for (unsigned i = 0; i < 3; i++) {
        if (i < nsrc) {
            halves(s, v, i, 0, lo[i], hi[i]);
        } else {
            memset(lo[i], 0, sizeof lo[i]);
            memset(hi[i], 0, sizeof hi[i]);
        }
    }
    for (unsigned l = 0; l < n; l++)
        d[l] = pk_int(k, lo[0][l], lo[1][l], lo[2][l], v->clamp) |
               pk_int(k, hi[0][l], hi[1][l], hi[2][l], v->clamp) << 16;
    uint64_t ex = rdna4_exec_mask(s);
    rr->exec_mask = ex;
    rdna4_valu_write(s, rr, v->vdst, d, ex);
    return GPUREF_OK;
}

RDNA4_EXEC(v_pk_mad_i16) { return pk_int_op(s, p, rr, PI_MAD_I16, 3); }
RDNA4_EXEC(v_pk_mul_lo_u16) { return pk_int_op(s, p, rr, PI_MUL_LO_U16, 2); }
RDNA4_EXEC(v_pk_add_i16) { return pk_int_op(s, p, rr, PI_ADD_I16, 2); }
RDNA4_EXEC(v_pk_sub_i16) { return pk_int_op(s, p, rr, PI_SUB_I16, 2); }
RDNA4_EXEC(v_pk_lshlrev_b16) { return pk_int_op(s, p, rr, PI_LSHL, 2); }
RDNA4_EXEC(v_pk_lshrrev_b16) { return pk_int_op(s, p, rr, PI_LSHR, 2); }
RDNA4_EXEC(v_pk_ashrrev_i16) { return pk_int_op(s, p, rr, PI_ASHR, 2); }
RDNA4_EXEC(v_pk_max_i16) { return pk_int_op(s, p, rr, PI_MAX_I16, 2); }
RDNA4_EXEC(v_pk_min_i16) { return pk_int_op(s, p, rr, PI_MIN_I16, 2); }
RDNA4_EXEC(v_pk_mad_u16) { return pk_int_op(s, p, rr, PI_MAD_U16, 3); }
RDNA4_EXEC(v_pk_add_u16) { return pk_int_op(s, p, rr, PI_ADD_U16, 2); }
RDNA4_EXEC(v_pk_sub_u16) { return pk_int_op(s, p, rr, PI_SUB_U16, 2); }
RDNA4_EXEC(v_pk_max_u16) { return pk_int_op(s, p, rr, PI_MAX_U16, 2); }
RDNA4_EXEC(v_pk_min_u16) { return pk_int_op(s, p, rr, PI_MIN_U16, 2); }

/* ------------------------------------------------------------ packed F16 */

enum { PF_FMA, PF_ADD, PF_MUL, PF_MIN_NUM, PF_MAX_NUM, PF_MINIMUM, PF_MAXIMUM };

/* CLAMP of a selected value (min/max; README V9): NaN -> +0, -0 -> +0, below 0 -> +0,
 * above 1.0 -> 1.0 (F16). */
static uint64_t clamp01_f16(const fp_policy *pol, uint64_t r)
{
    unsigned c = fp_classify(FP_F16, r);
    if (c & (FP_CLASS_SNAN | FP_CLASS_QNAN))
        return pol->clamp_nan == FP_CLNAN_ZERO ? 0 : r;
    if (c & FP_CLASS_NEG_ZERO)
        return pol->clamp_negzero == FP_CLZ_POS ? 0 : r;
    if (r & 0x8000u)
        return 0;
    return r > 0x3c00u ? 0x3c00u : r;
}

static int pk_f16_lane(int k, uint64_t a, uint64_t b, uint64_t c, const fp_policy *pol,
                       unsigned clamp, uint64_t *r, unsigned *e)
{
    unsigned fl = clamp ? FP_F_CLAMP : 0;
    int st;
    switch (k) {
    case PF_FMA: return fp_fma(FP_F16, a, b, c, pol, fl, r, e);
    case PF_ADD: return fp_add(FP_F16, a, b, pol, fl, r, e);
    case PF_MUL: return fp_mul(FP_F16, a, b, pol, fl, r, e);
    default:
        st = rdna4_fp_minmax(FP_F16, k >= PF_MINIMUM, k == PF_MAX_NUM || k == PF_MAXIMUM, a, b, pol, r, e);
        if (!st && clamp)
            *r = clamp01_f16(pol, *r);
        return st;
    }
}

/* k on both halves; acc: V_PK_FMAC_F16 (VOP2), the addend is the destination. */
static int pk_f16_op(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, int k, unsigned nsrc,
                     int acc)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    const fp_policy *pol = rdna4_fp_policy(s);
    uint32_t lo[3][NL], hi[3][NL], d[NL];
    unsigned n = rdna4_nlanes(s), exc = 0;
    for (unsigned i = 0; i < nsrc; i++)
        halves(s, v, i, 1, lo[i], hi[i]);
    if (acc) {
        const uint32_t *r = &s->vgpr[v->vdst * 64u];
        for (unsigned l = 0; l < n; l++) {
            lo[2][l] = r[l] & 0xffffu;
            hi[2][l] = r[l] >> 16;
        }
        nsrc = 3;
    }
    for (unsigned i = nsrc; i < 3; i++) {
        memset(lo[i], 0, sizeof lo[i]);
        memset(hi[i], 0, sizeof hi[i]);
    }
    uint64_t ex = rdna4_exec_mask(s);
    for (uint64_t m = ex; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint64_t rl = 0, rh = 0;
        int st = pk_f16_lane(k, lo[0][l], lo[1][l], lo[2][l], pol, v->clamp, &rl, &exc);
        if (!st)
            st = pk_f16_lane(k, hi[0][l], hi[1][l], hi[2][l], pol, v->clamp, &rh, &exc);
        if (st)
            return rdna4_fp_fail(s, p, st);
        d[l] = (uint32_t)rl | (uint32_t)rh << 16;
    }
    int st = rdna4_fp_check_trap(s, p, exc);
    if (st)
        return st;
    rr->exec_mask = ex;
    rdna4_valu_write(s, rr, v->vdst, d, ex);
    rdna4_fp_record_exc(s, rr, exc);
    return GPUREF_OK;
}

RDNA4_EXEC(v_pk_fma_f16) { return pk_f16_op(s, p, rr, PF_FMA, 3, 0); }
RDNA4_EXEC(v_pk_add_f16) { return pk_f16_op(s, p, rr, PF_ADD, 2, 0); }
RDNA4_EXEC(v_pk_mul_f16) { return pk_f16_op(s, p, rr, PF_MUL, 2, 0); }
RDNA4_EXEC(v_pk_min_num_f16) { return pk_f16_op(s, p, rr, PF_MIN_NUM, 2, 0); }
RDNA4_EXEC(v_pk_max_num_f16) { return pk_f16_op(s, p, rr, PF_MAX_NUM, 2, 0); }
RDNA4_EXEC(v_pk_minimum_f16) { return pk_f16_op(s, p, rr, PF_MINIMUM, 2, 0); }
RDNA4_EXEC(v_pk_maximum_f16) { return pk_f16_op(s, p, rr, PF_MAXIMUM, 2, 0); }

/* V_PK_FMAC_F16 (VOP2 60, L12803): D.hi = fma(S0.hi, S1.hi, D.hi), D.lo likewise; the
 * DPP form is refused by decode (E17). */
RDNA4_EXEC(v_pk_fmac_f16) { return pk_f16_op(s, p, rr, PF_FMA, 2, 1); }

/* ------------------------------------------------------------------ FMA_MIX */

/* V_FMA_MIX_F32 / MIXLO_F16 / MIXHI_F16 (L17183-17230): source i is S[i] as F32 when
 * OPSEL_HI[i] = 0, else the F16 half OPSEL[i] names, converted exactly to F32; NEG[i]
 * negates and NEG_HI[i] takes the absolute value of the input (L3199, L3205); one F32
 * FMA in MODE's F32 rounding and denormal mode; MIXLO/MIXHI convert the result to F16
 * in MODE's F16 rounding (a second rounding, as the pseudocode's f32_to_f16 says) and
 * write their half, the other half kept.  An inline constant in an F16 position is the
 * F16 constant (LLVM assembles `1.0` there as code 242 and prints 0x3c00 as 1.0: P5).
 * CLAMP clamps the F32 result (MIX_F32) or the F16 result (MIXLO/HI). */
static int fma_mix(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, int dst16, unsigned dhalf)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    int st = rdna4_valu_plain(s, p, v);   /* DPP: SRC0's lanes, the lanes written (P6) */
    if (st)
        return st;
    const fp_policy *pol = rdna4_fp_policy(s);
    static const uint16_t k16[9] = { 0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400,
                                     0xc400, 0x3118 };
    uint32_t x[3][NL], d[NL];
    unsigned n = rdna4_nlanes(s), exc = 0;
    for (unsigned i = 0; i < 3; i++) {
        raw_src(s, v, i, x[i]);
        unsigned c = v->s[i].code;
        if ((v->opsel_hi >> i & 1u) && v->v[i] < 0 && v->s[i].kind == RDNA4_S_CONST && c >= 240 &&
            c <= 248)
            for (unsigned l = 0; l < n; l++)
                x[i][l] = k16[c - 240];
    }
    uint64_t ex = rdna4_valu_lanes(s);
    for (uint64_t m = ex; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint64_t in[3], r = 0;
        for (unsigned i = 0; i < 3 && !st; i++) {
            if (v->opsel_hi >> i & 1u) {
                uint64_t h = x[i][l] >> ((v->opsel >> i & 1u) * 16u) & 0xffffu;
                /* f16_to_f32: exact, denormals kept (an F16 denormal is an F32 normal) */
                st = fp_convert(FP_F32, FP_F16, h, pol, FP_F_KEEP_IN, &in[i], &exc);
            } else {
                in[i] = x[i][l];
            }
            if (v->neg_hi >> i & 1u)
                in[i] &= 0x7fffffffu;
            if (v->neg >> i & 1u)
                in[i] ^= 0x80000000u;
        }
        if (!st)
            st = fp_fma(FP_F32, in[0], in[1], in[2], pol, v->clamp && !dst16 ? FP_F_CLAMP : 0, &r, &exc);
        if (!st && dst16)
            st = fp_convert(FP_F16, FP_F32, r, pol, v->clamp ? FP_F_CLAMP : 0, &r, &exc);
        if (st)
            return rdna4_fp_fail(s, p, st);
        d[l] = (uint32_t)r;
    }
    if ((st = rdna4_fp_check_trap(s, p, exc)) != GPUREF_OK)
        return st;
    rr->exec_mask = rdna4_exec_mask(s);
    if (dst16)
        rdna4_valu_write16(s, rr, v->vdst, dhalf, d, ex);
    else
        rdna4_valu_write(s, rr, v->vdst, d, ex);
    rdna4_fp_record_exc(s, rr, exc);
    return GPUREF_OK;
}

RDNA4_EXEC(v_fma_mix_f32) { return fma_mix(s, p, rr, 0, 0); }
RDNA4_EXEC(v_fma_mixlo_f16) { return fma_mix(s, p, rr, 1, 0); }
RDNA4_EXEC(v_fma_mixhi_f16) { return fma_mix(s, p, rr, 1, 1); }

/* -------------------------------------------------------------- dot products */

/* One lane of DOT2 (F16 or BF16 halves a0/a1 and b0/b1, F32 accumulator c): the
 * pseudocode (L16999-17010, L17115-17125) taken literally (README P1): tmp = c;
 * tmp += f32(a0) * f32(b0); tmp += f32(a1) * f32(b1), each step one F32 FMA rounded in
 * MODE's F32 rounding and denormal mode (the F16 products are exact in F32, so a
 * multiply then an add would give the same result; BF16 products can leave the F32
 * range, where the single rounding of the FMA is the pseudocode's tmp += a * b read as
 * one operation).  The conversions to F32 are exact (an F16 signalling NaN is
 * quieted, payload kept, and raises INVALID); a NaN accumulator stays the result. */
int rdna4_dot2_lane(fp_fmt hf, uint32_t a, uint32_t b, uint32_t c, const fp_policy *pol,
                    uint32_t *r, unsigned *exc)
{
    uint64_t t = c, x, y;
    for (unsigned h = 0; h < 2; h++) {
        uint32_t ah = a >> (16 * h) & 0xffffu, bh = b >> (16 * h) & 0xffffu;
        int st;
        if (hf == FP_BF16) {         /* bf16_to_f32: the upper half of an F32 */
            x = (uint64_t)ah << 16;
            y = (uint64_t)bh << 16;
        } else if ((st = fp_convert(FP_F32, FP_F16, ah, pol, FP_F_KEEP_IN, &x, exc)) ||
                   (st = fp_convert(FP_F32, FP_F16, bh, pol, FP_F_KEEP_IN, &y, exc))) {
            return st;
        }
        /* tmp + a * b: tmp is the first operand of the sum, so a NaN already in tmp
         * is the result (C1's first-NaN rule), quieted; the FMA still raises the
         * exceptions of the product */
        uint64_t r = 0;
        if ((st = fp_fma(FP_F32, x, y, t, pol, 0, &r, exc)))
            return st;
        t = fp_is_nan(FP_F32, t) ? (t | 0x400000u) : r;
    }
    *r = (uint32_t)t;
    return GPUREF_OK;
}

/* V_DOT2_F32_F16 / V_DOT2_F32_BF16: the [15:0] product reads the halves OPSEL names,
 * the [31:16] product those of OPSEL_HI; NEG / NEG_HI negate them; for the F32 source
 * S2, NEG[2] negates and NEG_HI[2] is ABS (as §7.7 L3228 says for the FP8 dots and
 * MIX uses it: P4).  An inline constant in S0/S1 is replicated into [31:16] (L2760).
 * CLAMP is ignored ("Float DOT instructions", §7.2.3.1 L2877; decisions V55). */
static int dot2(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, fp_fmt hf)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    int st = rdna4_valu_plain(s, p, v);   /* DPP: SRC0's lanes, the lanes written (P6) */
    if (st)
        return st;
    const fp_policy *pol = rdna4_fp_policy(s);
    rdna4_vpre w = *v;
    uint32_t lo[2][NL], hi[2][NL], c[NL], d[NL];
    unsigned n = rdna4_nlanes(s), exc = 0;
    for (unsigned i = 0; i < 2; i++)
        if (src_inline(&w, i)) {
            w.s[i].k[0] = (w.s[i].k[0] & 0xffffu) * 0x10001u;
            w.s[i].k[1] = 0;
        }
    halves(s, &w, 0, 1, lo[0], hi[0]);
    halves(s, &w, 1, 1, lo[1], hi[1]);
    raw_src(s, &w, 2, c);
    for (unsigned l = 0; l < n; l++) {
        if (w.neg_hi >> 2 & 1u)
            c[l] &= 0x7fffffffu;
        if (w.neg >> 2 & 1u)
            c[l] ^= 0x80000000u;
    }
    uint64_t ex = rdna4_valu_lanes(s);
    for (uint64_t m = ex; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        st = rdna4_dot2_lane(hf, lo[0][l] | hi[0][l] << 16, lo[1][l] | hi[1][l] << 16, c[l], pol,
                             &d[l], &exc);
        if (st)
            return rdna4_fp_fail(s, p, st);
    }
    if ((st = rdna4_fp_check_trap(s, p, exc)) != GPUREF_OK)
        return st;
    rr->exec_mask = rdna4_exec_mask(s);
    rdna4_valu_write(s, rr, v->vdst, d, ex);
    rdna4_fp_record_exc(s, rr, exc);
    return GPUREF_OK;
}

RDNA4_EXEC(v_dot2_f32_f16) { return dot2(s, p, rr, FP_F16); }
RDNA4_EXEC(v_dot2_f32_bf16) { return dot2(s, p, rr, FP_BF16); }

/* Integer dot products (L17031-17110): `bits`-wide elements of S0 and S1 (whole 32-bit
 * sources: OPSEL 0 and OPSEL_HI all ones by decode, E15), signed when NEG[0] / NEG[1]
 * is set (IU rows; the U rows are unsigned), products summed with S2 in 32-bit
 * two's complement (the pseudocode wraps).  CLAMP saturates the exact sum of the DOT8
 * rows to the signed (I32) or unsigned (U32) range (P3); the DOT4 rows ignore it
 * (§7.2.3.1 L2879; LLVM has the operand: decisions V55). */
static int idot(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, unsigned bits, int iu)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    uint32_t a[NL], b[NL], c[NL], d[NL];
    unsigned n = rdna4_nlanes(s), ne = 32u / bits;
    int sa = iu && (v->neg & 1u), sb = iu && (v->neg >> 1 & 1u);
    uint32_t emask = (1u << bits) - 1u, sbit = 1u << (bits - 1u);
    raw_src(s, v, 0, a);
    raw_src(s, v, 1, b);
    raw_src(s, v, 2, c);
    for (unsigned l = 0; l < n; l++) {
        int64_t t = iu ? (int64_t)(int32_t)c[l] : (int64_t)c[l];
        for (unsigned e = 0; e < ne; e++) {
            int64_t x = a[l] >> (e * bits) & emask, y = b[l] >> (e * bits) & emask;
            if (sa && (x & sbit))
                x -= (int64_t)1 << bits;
            if (sb && (y & sbit))
                y -= (int64_t)1 << bits;
            t += x * y;
        }
        if (v->clamp && bits == 4) {
            int64_t mn = iu ? INT32_MIN : 0, mx = iu ? INT32_MAX : (int64_t)UINT32_MAX;
            t = t < mn ? mn : t > mx ? mx : t;
        }
        d[l] = (uint32_t)t;
    }
    uint64_t ex = rdna4_exec_mask(s);
    rr->exec_mask = ex;
    rdna4_valu_write(s, rr, v->vdst, d, ex);
    return GPUREF_OK;
}

RDNA4_EXEC(v_dot4_i32_iu8) { return idot(s, p, rr, 8, 1); }
RDNA4_EXEC(v_dot4_u32_u8) { return idot(s, p, rr, 8, 0); }
RDNA4_EXEC(v_dot8_i32_iu4) { return idot(s, p, rr, 4, 1); }
RDNA4_EXEC(v_dot8_u32_u4) { return idot(s, p, rr, 4, 0); }
