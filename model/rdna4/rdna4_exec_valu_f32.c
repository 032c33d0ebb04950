/* rdna4_exec_valu_f32.c - the vector F32 rows: arithmetic (ADD, SUB, SUBREV, MUL, FMA,
 * FMAC, FMAAK, FMAMK), min/max (NUM and IEEE 754-2019 minimum/maximum, the three-input
 * and combined forms), rounding to integral values, FRACT, LDEXP, FREXP, conversions
 * between F32 and I32/U32/U8, and the transcendentals RCP, RSQ, SQRT, LOG, EXP, SIN,
 * COS (correctly rounded by model/fp: README "Vector ALU").
 *
 * Every operation runs on model/fp with the RDNA4 policy following MODE (rounding,
 * denormals; C1 NaN rules), after the ABS/NEG modifiers; the rows §7.2.4 lists as
 * flushing input and output denormals (EXP, LOG, RCP, RSQ, SQRT, COS; SIN too, C4) use
 * the policy of MODE with the F32 denormal field 0.  Output modifiers (C7): the
 * result rounded in MODE, then OMOD (x2, x4, x0.5: rounded once more, output
 * denormals flushed, -0 -> +0, no underflow/inexact of this step), then CLAMP to
 * [0, 1] with NaN -> +0.  Rows with an integer result (FREXP_EXP, the float -> int
 * conversions) have no OMOD (decode) and their CLAMP changes nothing (they saturate).
 * Exceptions of the active lanes set the sticky EXCP_FLAG_USER bits; an enabled
 * trap stops with "unimplemented" before any write (V4). */
#include <string.h>

#include "fp.h"

#include "rdna4.h"
#include "rdna4_exec.h"

enum {
    K_ADD, K_SUB, K_SUBREV, K_MUL, K_FMA, K_FMAC,
    K_MIN, K_MAX, K_MINIMUM, K_MAXIMUM, K_MIN3, K_MAX3, K_MINIMUM3, K_MAXIMUM3,
    K_MINMAX, K_MAXMIN, K_MINIMUMMAXIMUM, K_MAXIMUMMINIMUM,
    K_FLOOR, K_CEIL, K_TRUNC, K_RNDNE, K_FRACT, K_LDEXP, K_FREXP_MANT,
    K_CVT_F32_I32, K_CVT_F32_U32, K_UBYTE0, K_UBYTE1, K_UBYTE2, K_UBYTE3,
    K_CVT_F32_F16, K_CVT_F16_F32, K_CVT_F64_F32, K_CVT_F32_F64, K_CVT_F64_I32, K_CVT_F64_U32,
    K_RCP, K_RSQ, K_SQRT, K_LOG, K_EXP, K_SIN, K_COS,
    /* integer results from here */
    K_INT, K_FREXP_EXP = K_INT, K_CVT_I32, K_CVT_U32, K_CVT_FLOOR, K_CVT_NEAREST
};

/* One lane: the operation of kind k on x[0..2], result and exceptions. */
static int lane_op(int k, fp_fmt F, const uint64_t *x, const fp_policy *pol, unsigned fl,
                   uint64_t *r, unsigned *e)
{
    uint64_t t = 0;
    int st;
    fl &= ~(unsigned)RDNA4_FL_CLAMPBIT;
    switch (k) {
    case K_ADD: return fp_add(F, x[0], x[1], pol, fl, r, e);
    case K_SUB: return fp_sub(F, x[0], x[1], pol, fl, r, e);
    case K_SUBREV: return fp_sub(F, x[1], x[0], pol, fl, r, e);
    case K_MUL: return fp_mul(F, x[0], x[1], pol, fl, r, e);
    case K_FMA: case K_FMAC: return fp_fma(F, x[0], x[1], x[2], pol, fl, r, e);
    case K_MIN: case K_MAX: case K_MINIMUM: case K_MAXIMUM:
        return rdna4_fp_minmax(F, k >= K_MINIMUM, k == K_MAX || k == K_MAXIMUM, x[0], x[1], pol, r, e);
    case K_MIN3: case K_MAX3: case K_MINIMUM3: case K_MAXIMUM3: {   /* L20753: op(op(S0, S1), S2) */
        int ieee = k >= K_MINIMUM3, mx = k == K_MAX3 || k == K_MAXIMUM3;
        if ((st = rdna4_fp_minmax(F, ieee, mx, x[0], x[1], pol, &t, e)))
            return st;
        return rdna4_fp_minmax(F, ieee, mx, t, x[2], pol, r, e);
    }
    case K_MINMAX: case K_MAXMIN: case K_MINIMUMMAXIMUM: case K_MAXIMUMMINIMUM: {
        /* MINMAX: max(min(S0, S1), S2); MAXMIN: min(max(S0, S1), S2) (L21384 shape) */
        int ieee = k >= K_MINIMUMMAXIMUM, first_max = k == K_MAXMIN || k == K_MAXIMUMMINIMUM;
        if ((st = rdna4_fp_minmax(F, ieee, first_max, x[0], x[1], pol, &t, e)))
            return st;
        return rdna4_fp_minmax(F, ieee, !first_max, t, x[2], pol, r, e);
    }
    case K_FLOOR: return fp_floor(F, x[0], pol, fl, r, e);
    case K_CEIL: return fp_ceil(F, x[0], pol, fl, r, e);
    case K_TRUNC: return fp_trunc(F, x[0], pol, fl, r, e);
    case K_RNDNE: return fp_rne(F, x[0], pol, fl, r, e);
    case K_FRACT: return fp_fract(F, x[0], pol, fl, r, e);              /* L13219 */
    case K_LDEXP: return fp_ldexp(F, x[0], (int32_t)(uint32_t)x[1], pol, fl, r, e);
    case K_FREXP_MANT: case K_FREXP_EXP: {                                /* L13668-13700 */
        int32_t ex = 0;
        unsigned c = fp_classify(F, x[0]);
        if (c & (FP_CLASS_SNAN | FP_CLASS_QNAN | FP_CLASS_POS_INF | FP_CLASS_NEG_INF)) {
            *r = k == K_FREXP_MANT ? x[0] : 0;     /* D0 = S0 (not quieted) / 0 */
            return GPUREF_OK;
        }
        if ((st = fp_frexp(F, x[0], pol, fl, &t, &ex, e)))
            return st;
        *r = k == K_FREXP_MANT ? t : (uint32_t)ex;
        return GPUREF_OK;
    }
    case K_CVT_F32_I32: return fp_from_int(F, FP_I32, x[0], pol, fl, r, e);
    case K_CVT_F32_U32: return fp_from_int(F, FP_U32, x[0], pol, fl, r, e);
    case K_UBYTE0: case K_UBYTE1: case K_UBYTE2: case K_UBYTE3:          /* L13098 */
        return fp_from_int(F, FP_U32, x[0] >> (8 * (k - K_UBYTE0)) & 255u, pol, fl, r, e);
    case K_CVT_F32_F16: return fp_convert(FP_F32, FP_F16, x[0], pol, fl, r, e);
    case K_CVT_F64_F32: return fp_convert(FP_F64, FP_F32, x[0], pol, fl, r, e);
    case K_CVT_F32_F64: return fp_convert(FP_F32, FP_F64, x[0], pol, fl, r, e);
    case K_CVT_F64_I32: return fp_from_int(FP_F64, FP_I32, x[0], pol, fl, r, e);
    case K_CVT_F64_U32: return fp_from_int(FP_F64, FP_U32, x[0], pol, fl, r, e);
    case K_CVT_F16_F32: return fp_convert(FP_F16, FP_F32, x[0], pol, fl, r, e);
    case K_RCP: return fp_rcp(F, x[0], pol, fl, r, e);
    case K_RSQ: return fp_rsq(F, x[0], pol, fl, r, e);
    case K_SQRT: return fp_sqrt(F, x[0], pol, fl, r, e);
    case K_LOG: return fp_log2(F, x[0], pol, fl, r, e);
    case K_EXP: return fp_exp2(F, x[0], pol, fl, r, e);
    case K_SIN: return fp_sin(F, x[0], pol, fl | FP_F_TURNS, r, e);     /* sin(S0 * 2pi), C22 */
    case K_COS: return fp_cos(F, x[0], pol, fl | FP_F_TURNS, r, e);
    /* float -> int: round toward zero, saturate, NaN -> 0 (C3, the policy's knobs) */
    case K_CVT_I32: return fp_to_int(FP_I32, F, x[0], pol, FP_F_RND(FP_RTZ), r, e);
    case K_CVT_U32: return fp_to_int(FP_U32, F, x[0], pol, FP_F_RND(FP_RTZ), r, e);
    case K_CVT_FLOOR:                                                    /* L13012 */
        return fp_to_int(FP_I32, F, x[0], pol, FP_F_RND(FP_RDN), r, e);
    case K_CVT_NEAREST:                                                  /* L12997: floor(S0 + 0.5) */
        if ((st = fp_add(F, x[0], 0x3f000000u, pol, 0, &t, e)))
            return st;
        return fp_to_int(FP_I32, F, t, pol, FP_F_RND(FP_RDN), r, e);
    default: return GPUREF_ERR_UNIMPL;
    }
}

/* CLAMP of a value a row selected or copied (the float core clamps the results it
 * rounds, fp__finish): NaN -> +0, -0 by the policy, negative -> +0, above 1.0 -> 1.0. */
static uint64_t clamp01(fp_fmt f, const fp_policy *pol, uint64_t r)
{
    unsigned c = fp_classify(f, r);
    uint64_t sign = f == FP_F16 ? 0x8000u : f == FP_F64 ? 1ull << 63 : 0x80000000u;
    uint64_t one = f == FP_F16 ? 0x3c00u : f == FP_F64 ? 0x3ff0000000000000ull : 0x3f800000u;
    if (c & (FP_CLASS_SNAN | FP_CLASS_QNAN))
        return pol->clamp_nan == FP_CLNAN_ZERO ? 0 : r;
    if (c & FP_CLASS_NEG_ZERO)
        return pol->clamp_negzero == FP_CLZ_POS ? 0 : r;
    if (r & sign)
        return 0;
    return r > one ? one : r;
}

/* The output modifiers on a float result r of format fd: OMOD (1 = x2, 2 = x4,
 * 3 = x0.5) multiplies in fd, output denormals flushed, -0 made +0, only invalid,
 * input-denormal, divide-by-zero and overflow reported, CLAMP within that multiply;
 * CLAMP alone clamps r to [0, 1] (§7.2.3.1 L2841-2870). */
int rdna4_valu_outmod(fp_fmt fd, const fp_policy *pol, unsigned omod, unsigned clamp, uint64_t *r,
                      unsigned *exc)
{
    static const uint32_t omul32[4] = { 0, 0x40000000u, 0x40800000u, 0x3f000000u };
    static const uint32_t omul16[4] = { 0, 0x4000u, 0x4400u, 0x3800u };
    static const uint64_t omul64[4] = { 0, 0x4000000000000000ull, 0x4010000000000000ull,
                                        0x3fe0000000000000ull };
    if (!omod) {
        if (clamp)
            *r = clamp01(fd, pol, *r);
        return GPUREF_OK;
    }
    uint64_t negz = fd == FP_F16 ? 0x8000u : fd == FP_F64 ? 1ull << 63 : 0x80000000u;
    unsigned e2 = 0;
    int st = fp_mul(fd, *r, fd == FP_F16 ? omul16[omod & 3u] : fd == FP_F64 ? omul64[omod & 3u]
                                                                            : omul32[omod & 3u],
                    pol, FP_F_FLUSH_OUT | (clamp ? FP_F_CLAMP : 0), r, &e2);
    if (*r == negz)
        *r = 0;
    *exc |= e2 & ~(FP_EXC_UNDERFLOW | FP_EXC_INEXACT);
    return st;
}

/* The row's operation on every active lane.  fs: the format of the float sources
 * (F16: the halves OPSEL / VGPR bit 7 name), fd: the result's (F16: a half of the
 * destination, the other half kept: V5); flush: the row always flushes F32
 * denormals (§7.2.4). */
int rdna4_valu_fop(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, rdna4_flane_fn fn,
                   int k, unsigned how, fp_fmt fs, fp_fmt fd)
{
    int flush = (how & RDNA4_FOP_FLUSH) != 0;
    const rdna4_vpre *v = rdna4_vp(s, p);
    int st = rdna4_valu_plain(s, p, v);
    if (st)
        return st;
    const fp_policy *pol = rdna4_fp_policy(s);
    fp_policy fpol;
    if (flush) {
        fpol = *pol;
        if ((st = fp_policy_rdna4_mode(&fpol, s->a.hwreg[RDNA4_HW_MODE] & ~0x30u)) != GPUREF_OK)
            return rdna4_fp_fail(s, p, st);
        pol = &fpol;
    }
    uint64_t src[3][RDNA4_NL], d[RDNA4_NL];
    uint32_t t[RDNA4_NL], d32[RDNA4_NL];
    unsigned n = rdna4_nlanes(s), exc = 0, isint = (how & RDNA4_FOP_INT) != 0, h16 = fd == FP_F16;
    unsigned dhalf = v->opsel >> 3 & 1u;
    /* the pseudo-scalar rows (V_S_*): one value, EXEC ignored (§7.10) */
    uint64_t ex = (how & RDNA4_FOP_SDST) ? 1u : rdna4_valu_lanes(s);
    unsigned omod = isint || (how & RDNA4_FOP_NOOMOD) ? 0 : v->omod, clamp = isint ? 0 : v->clamp;
    unsigned fl = (clamp && !omod ? FP_F_CLAMP : 0) | (isint && v->clamp ? RDNA4_FL_CLAMPBIT : 0);
    /* the operation's format: that of the sources (conversions name both) */
    fp_fmt F = fs;
    for (unsigned i = 0; i < v->nsrc && i < 3; i++) {
        if (fs == FP_F64 && !((how & RDNA4_FOP_SRC1_32) && i == 1)) {
            rdna4_load_src64(s, v, i, src[i]);
            continue;
        }
        if (fs == FP_F16 && !((how & RDNA4_FOP_SRC1_32) && i == 1))
            rdna4_load_src16(s, v, i, t);
        else
            rdna4_load_src(s, v, i, t);
        for (unsigned l = 0; l < n; l++)
            src[i][l] = t[l];
    }
    if (how & RDNA4_FOP_ACC) {
        const uint32_t *r = &s->vgpr[v->vdst * 64u];
        for (unsigned l = 0; l < n; l++)
            src[2][l] = h16 ? r[l] >> (16u * dhalf) & 0xffffu : r[l];
    }
    for (uint64_t m = ex; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m), e = 0, e2 = 0;
        uint64_t x[3] = { src[0][l], src[1][l], src[2][l] }, r = 0;
        st = fn(k, F, x, pol, fl, &r, &e);
        /* OMOD (CLAMP within it); CLAMP alone on the rows that select or copy an
         * operand (V9); the others clamp in the operation */
        if (!st && (omod || (clamp && (how & RDNA4_FOP_SEL))))
            st = rdna4_valu_outmod(fd, pol, omod, clamp, &r, &e2);
        e |= e2;
        if (st)
            return rdna4_fp_fail(s, p, st);
        d[l] = r;
        d32[l] = (uint32_t)r;
        exc |= e;
    }
    if ((st = rdna4_fp_check_trap(s, p, exc)) != GPUREF_OK)
        return st;
    rr->exec_mask = rdna4_exec_mask(s);
    if (how & RDNA4_FOP_SDST) {   /* an F16 result zero-extended (§7.10 L3509) */
        if (rdna4_sdst_ok(s, v->sdst, 1))
            rdna4_write_sreg(s, rr, v->sdst, h16 ? d32[0] & 0xffffu : d32[0], 0);
    } else if (h16)
        rdna4_valu_write16(s, rr, v->vdst, dhalf, d32, ex);
    else if (fd == FP_F64 && !isint)
        rdna4_valu_write64(s, rr, v->vdst, d, ex);
    else
        rdna4_valu_write(s, rr, v->vdst, d32, ex);
    rdna4_fp_record_exc(s, rr, exc);
    return GPUREF_OK;
}

/* F32 ADD, SUB, SUBREV, MUL, FMA, FMAC (FMAAK/FMAMK too) without OMOD or CLAMP: one
 * lane-array call of model/fp for the wave (fp32_*_n: the same results and exceptions
 * as a call per lane, with its fast paths) instead of one lane_op call per active
 * lane.  Every lane is computed, the active lanes' exceptions kept and written as
 * rdna4_valu_fop does.  Returns 1 when the row is not of this kind (nothing done). */
static int f32_lanes(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, int k, int *st)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    if (v->omod || v->clamp)
        return 1;
    if ((*st = rdna4_valu_plain(s, p, v)) != GPUREF_OK)
        return 0;
    uint64_t ex = rdna4_valu_lanes(s);
    if (!ex)
        return 1;                  /* the general path: nothing computed */
    const fp_policy *pol = rdna4_fp_policy(s);
    unsigned n = rdna4_nlanes(s), e[RDNA4_NL], exc = 0;
    uint32_t ab[RDNA4_NL], bb[RDNA4_NL], cb[RDNA4_NL], d[RDNA4_NL];
    const uint32_t *a = rdna4_src_ptr(s, v, 0, ab), *b = rdna4_src_ptr(s, v, 1, bb), *c = cb;
    memset(e, 0, n * sizeof e[0]);
    switch (k) {
    case K_ADD: *st = fp32_add_n(n, a, b, pol, 0, d, e); break;
    case K_SUB: *st = fp32_sub_n(n, a, b, pol, 0, d, e); break;
    case K_SUBREV: *st = fp32_sub_n(n, b, a, pol, 0, d, e); break;
    case K_MUL: *st = fp32_mul_n(n, a, b, pol, 0, d, e); break;
    default:                                             /* FMA, FMAC: SRC2 = the destination */
        c = k == K_FMAC ? &s->vgpr[v->vdst * 64u] : rdna4_src_ptr(s, v, 2, cb);
        *st = fp32_fma_n(n, a, b, c, pol, 0, d, e);
        break;
    }
    if (*st)
        return *st = rdna4_fp_fail(s, p, *st), 0;
    for (uint64_t m = ex; m; m &= m - 1)
        exc |= e[__builtin_ctzll(m)];
    if ((*st = rdna4_fp_check_trap(s, p, exc)) != GPUREF_OK)
        return 0;
    rr->exec_mask = rdna4_exec_mask(s);
    rdna4_valu_write(s, rr, v->vdst, d, ex);
    rdna4_fp_record_exc(s, rr, exc);
    return 0;
}

/* The rows of this file: the lane function lane_op, the handling by kind. */
static int fop(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, int k, int flush,
               fp_fmt fs, fp_fmt fd)
{
    int st;
    if (k <= K_FMAC && fs == FP_F32 && fd == FP_F32 && !flush && !f32_lanes(s, p, rr, k, &st))
        return st;
    unsigned how = (flush ? RDNA4_FOP_FLUSH : 0) | (k >= K_INT ? RDNA4_FOP_INT : 0) |
                   (k == K_LDEXP ? RDNA4_FOP_SRC1_32 : 0) | (k == K_FMAC ? RDNA4_FOP_ACC : 0) |
                   ((k >= K_MIN && k <= K_MAXIMUMMINIMUM) || k == K_FREXP_MANT ? RDNA4_FOP_SEL : 0);
    return rdna4_valu_fop(s, p, rr, lane_op, k, how, fs, fd);
}

#define F32(NAME, K, FL) RDNA4_EXEC(NAME) { return fop(s, p, rr, K, FL, FP_F32, FP_F32); }
#define F16(NAME, K) RDNA4_EXEC(NAME) { return fop(s, p, rr, K, 0, FP_F16, FP_F16); }

F32(v_add_f32, K_ADD, 0)
F32(v_sub_f32, K_SUB, 0)
F32(v_subrev_f32, K_SUBREV, 0)
F32(v_mul_f32, K_MUL, 0)
F32(v_fma_f32, K_FMA, 0)
F32(v_fmac_f32, K_FMAC, 0)
/* FMAMK: S0 * K + S1, FMAAK: S0 * S1 + K (L12260-12290): the literal K is the source
 * of its place in the row (predecode), so both are an FMA of the three sources. */
F32(v_fmamk_f32, K_FMA, 0)
F32(v_fmaak_f32, K_FMA, 0)
F32(v_min_num_f32, K_MIN, 0)
F32(v_max_num_f32, K_MAX, 0)
F32(v_minimum_f32, K_MINIMUM, 0)
F32(v_maximum_f32, K_MAXIMUM, 0)
F32(v_min3_num_f32, K_MIN3, 0)
F32(v_max3_num_f32, K_MAX3, 0)
F32(v_minimum3_f32, K_MINIMUM3, 0)
F32(v_maximum3_f32, K_MAXIMUM3, 0)
F32(v_minmax_num_f32, K_MINMAX, 0)
F32(v_maxmin_num_f32, K_MAXMIN, 0)
F32(v_minimummaximum_f32, K_MINIMUMMAXIMUM, 0)
F32(v_maximumminimum_f32, K_MAXIMUMMINIMUM, 0)
F32(v_floor_f32, K_FLOOR, 0)
F32(v_ceil_f32, K_CEIL, 0)
F32(v_trunc_f32, K_TRUNC, 0)
F32(v_rndne_f32, K_RNDNE, 0)
F32(v_fract_f32, K_FRACT, 0)
F32(v_ldexp_f32, K_LDEXP, 0)
F32(v_frexp_mant_f32, K_FREXP_MANT, 0)
F32(v_frexp_exp_i32_f32, K_FREXP_EXP, 0)
F32(v_cvt_f32_i32, K_CVT_F32_I32, 0)
F32(v_cvt_f32_u32, K_CVT_F32_U32, 0)
F32(v_cvt_f32_ubyte0, K_UBYTE0, 0)
F32(v_cvt_f32_ubyte1, K_UBYTE1, 0)
F32(v_cvt_f32_ubyte2, K_UBYTE2, 0)
F32(v_cvt_f32_ubyte3, K_UBYTE3, 0)
F32(v_cvt_i32_f32, K_CVT_I32, 0)
F32(v_cvt_u32_f32, K_CVT_U32, 0)
F32(v_cvt_floor_i32_f32, K_CVT_FLOOR, 0)
F32(v_cvt_nearest_i32_f32, K_CVT_NEAREST, 0)
F32(v_rcp_f32, K_RCP, 1)
F32(v_rsq_f32, K_RSQ, 1)
F32(v_sqrt_f32, K_SQRT, 1)
F32(v_log_f32, K_LOG, 1)
F32(v_exp_f32, K_EXP, 1)
F32(v_sin_f32, K_SIN, 1)
F32(v_cos_f32, K_COS, 1)

/* F16 (16-bit halves, MODE's F16/F64 rounding and denormal fields; the F16
 * transcendentals follow MODE: §7.2.4 lists only F32 rows as always flushing) */
F16(v_add_f16, K_ADD)
F16(v_sub_f16, K_SUB)
F16(v_subrev_f16, K_SUBREV)
F16(v_mul_f16, K_MUL)
F16(v_fma_f16, K_FMA)
F16(v_fmac_f16, K_FMAC)
F16(v_min_num_f16, K_MIN)
F16(v_max_num_f16, K_MAX)
F16(v_minimum_f16, K_MINIMUM)
F16(v_maximum_f16, K_MAXIMUM)
F16(v_floor_f16, K_FLOOR)
F16(v_ceil_f16, K_CEIL)
F16(v_trunc_f16, K_TRUNC)
F16(v_rndne_f16, K_RNDNE)
F16(v_fract_f16, K_FRACT)
F16(v_sqrt_f16, K_SQRT)
F16(v_rcp_f16, K_RCP)
F16(v_rsq_f16, K_RSQ)
F16(v_log_f16, K_LOG)
F16(v_exp_f16, K_EXP)
F16(v_sin_f16, K_SIN)
F16(v_cos_f16, K_COS)
/* conversions between F32 and F16 (MODE rounding of the result's format) */
RDNA4_EXEC(v_cvt_f32_f16) { return fop(s, p, rr, K_CVT_F32_F16, 0, FP_F16, FP_F32); }
RDNA4_EXEC(v_cvt_f16_f32) { return fop(s, p, rr, K_CVT_F16_F32, 0, FP_F32, FP_F16); }

/* F64 (VGPR pairs or 64-bit scalar operands, MODE's F16/F64 rounding and denormal
 * field; RCP/RSQ/SQRT_F64 correctly rounded, the guide allows 2^29 ULP: C2) */
#define F64(NAME, K) RDNA4_EXEC(NAME) { return fop(s, p, rr, K, 0, FP_F64, FP_F64); }
F64(v_add_f64, K_ADD)
F64(v_mul_f64, K_MUL)
F64(v_fma_f64, K_FMA)
F64(v_min_num_f64, K_MIN)
F64(v_max_num_f64, K_MAX)
F64(v_minimum_f64, K_MINIMUM)
F64(v_maximum_f64, K_MAXIMUM)
F64(v_ldexp_f64, K_LDEXP)
F64(v_floor_f64, K_FLOOR)
F64(v_ceil_f64, K_CEIL)
F64(v_trunc_f64, K_TRUNC)
F64(v_rndne_f64, K_RNDNE)
F64(v_fract_f64, K_FRACT)
F64(v_frexp_mant_f64, K_FREXP_MANT)
F64(v_frexp_exp_i32_f64, K_FREXP_EXP)
F64(v_cvt_i32_f64, K_CVT_I32)
F64(v_cvt_u32_f64, K_CVT_U32)
F64(v_sqrt_f64, K_SQRT)
F64(v_rcp_f64, K_RCP)
F64(v_rsq_f64, K_RSQ)
RDNA4_EXEC(v_cvt_f64_f32) { return fop(s, p, rr, K_CVT_F64_F32, 0, FP_F32, FP_F64); }
RDNA4_EXEC(v_cvt_f32_f64) { return fop(s, p, rr, K_CVT_F32_F64, 0, FP_F64, FP_F32); }
RDNA4_EXEC(v_cvt_f64_i32) { return fop(s, p, rr, K_CVT_F64_I32, 0, FP_F32, FP_F64); }
RDNA4_EXEC(v_cvt_f64_u32) { return fop(s, p, rr, K_CVT_F64_U32, 0, FP_F32, FP_F64); }

/* F16 rows of the kinds above (issue 13, second part): FMAAK/FMAMK_F16 (the literal K
 * an F16 source of its place), the three-input and combined min/max, FREXP */
F16(v_fmamk_f16, K_FMA)
F16(v_fmaak_f16, K_FMA)
F16(v_min3_num_f16, K_MIN3)
F16(v_max3_num_f16, K_MAX3)
F16(v_minimum3_f16, K_MINIMUM3)
F16(v_maximum3_f16, K_MAXIMUM3)
F16(v_minmax_num_f16, K_MINMAX)
F16(v_maxmin_num_f16, K_MAXMIN)
F16(v_minimummaximum_f16, K_MINIMUMMAXIMUM)
F16(v_maximumminimum_f16, K_MAXIMUMMINIMUM)
F16(v_frexp_mant_f16, K_FREXP_MANT)
F16(v_frexp_exp_i16_f16, K_FREXP_EXP)

/* The pseudo-scalar transcendentals (§7.10, L21564-21760): the vector rows' functions
 * (correctly rounded, C2; the F32 rows flush denormals as V_*_F32 do, their notes
 * "denormals are flushed"), one value from scalar sources, EXEC ignored, written to
 * the SGPR in VDST (an F16 result zero-extended).  README V17. */
#define PS(NAME, K, FL, F) \
    RDNA4_EXEC(NAME) { return rdna4_valu_fop(s, p, rr, lane_op, K, RDNA4_FOP_SDST | (FL), F, F); }
PS(v_s_exp_f32, K_EXP, RDNA4_FOP_FLUSH, FP_F32)
PS(v_s_log_f32, K_LOG, RDNA4_FOP_FLUSH, FP_F32)
PS(v_s_rcp_f32, K_RCP, RDNA4_FOP_FLUSH, FP_F32)
PS(v_s_rsq_f32, K_RSQ, RDNA4_FOP_FLUSH, FP_F32)
PS(v_s_sqrt_f32, K_SQRT, RDNA4_FOP_FLUSH, FP_F32)
PS(v_s_exp_f16, K_EXP, 0, FP_F16)
PS(v_s_log_f16, K_LOG, 0, FP_F16)
PS(v_s_rcp_f16, K_RCP, 0, FP_F16)
PS(v_s_rsq_f16, K_RSQ, 0, FP_F16)
PS(v_s_sqrt_f16, K_SQRT, 0, FP_F16)
