/* rdna4_exec_valu_fp8.c - the FP8 (E4M3, bias 7, no infinity) and BF8 (E5M2, bias 15)
 * rows: V_CVT_F32_FP8/BF8, V_CVT_PK_F32_FP8/BF8, V_CVT_PK_FP8/BF8_F32,
 * V_CVT_SR_FP8/BF8_F32 and the VOP3P dot products V_DOT4_F32_{FP8,BF8}_{FP8,BF8}
 * (chapter 16 pseudocode L14276-14348, L19591-19660, L22707-22800, L17252-17320;
 * §7.5-7.7; README "Vector ALU", decisions C5, C6, C12, V47-V49).
 *
 * F8 mode 0 only (C5).  Every conversion runs on model/fp (fp_convert with the E4M3 /
 * E5M2 formats and the RDNA4 policy: FP16_OVFL saturates, denormals kept). */
#include <string.h>

#include "fp.h"

#include "rdna4.h"
#include "rdna4_exec.h"

/* ------------------------------------------------------ 8-bit -> F32 */

/* V_CVT_F32_FP8/BF8: the byte OPSEL[1:0] names with its bits reversed ("Byte select
 * bits are reversed": 0 -> [7:0], 2 -> [15:8], 1 -> [23:16], 3 -> [31:24]); the VOP1
 * form reads byte 0 (C12).  Exact (every FP8/BF8 value is an F32 normal or zero); a NaN
 * becomes the F32 quiet NaN of its sign. */
static int cvt_from8(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, fp_fmt f8, int pk)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    int st = rdna4_valu_plain(s, p, v);
    if (st)
        return st;
    if (v->omod || v->clamp)
        return rdna4_valu_not_yet(s, p, v->omod ? "with omod" : "with clamp");
    const fp_policy *pol = rdna4_fp_policy(s);
    uint32_t a[RDNA4_NL], d[RDNA4_NL];
    uint64_t d64[RDNA4_NL], ex = rdna4_valu_lanes(s);
    unsigned exc = 0, sel = v->opsel & 3u, byte = (sel & 1u) << 1 | sel >> 1;
    if (pk)
        rdna4_load_src16(s, v, 0, a);      /* OPSEL[0] / VGPR bit 7: the half (C12) */
    else
        rdna4_load_src(s, v, 0, a);
    for (uint64_t m = ex; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint64_t r0 = 0, r1 = 0;
        if (pk) {
            if ((st = fp_convert(FP_F32, f8, a[l] & 0xffu, pol, FP_F_KEEP_IN, &r0, &exc)) ||
                (st = fp_convert(FP_F32, f8, a[l] >> 8 & 0xffu, pol, FP_F_KEEP_IN, &r1, &exc)))
                return rdna4_fp_fail(s, p, st);
            d64[l] = r1 << 32 | r0;
        } else {
            if ((st = fp_convert(FP_F32, f8, a[l] >> (8 * byte) & 0xffu, pol, FP_F_KEEP_IN, &r0, &exc)))
                return rdna4_fp_fail(s, p, st);
            d[l] = (uint32_t)r0;
        }
    }
    if ((st = rdna4_fp_check_trap(s, p, exc)) != GPUREF_OK)
        return st;
    rr->exec_mask = rdna4_exec_mask(s);
    if (pk)
        rdna4_valu_write64(s, rr, v->vdst, d64, ex);
    else
        rdna4_valu_write(s, rr, v->vdst, d, ex);
    rdna4_fp_record_exc(s, rr, exc);
    return GPUREF_OK;
}

RDNA4_EXEC(v_cvt_f32_fp8) { return cvt_from8(s, p, rr, FP_E4M3, 0); }
RDNA4_EXEC(v_cvt_f32_bf8) { return cvt_from8(s, p, rr, FP_E5M2, 0); }
RDNA4_EXEC(v_cvt_pk_f32_fp8) { return cvt_from8(s, p, rr, FP_E4M3, 1); }
RDNA4_EXEC(v_cvt_pk_f32_bf8) { return cvt_from8(s, p, rr, FP_E5M2, 1); }

/* ------------------------------------------------------ F32 -> 8-bit */

/* V_CVT_PK_FP8/BF8_F32 (sr = 0): {f8(S1), f8(S0)} rounded to nearest even into the half
 * OPSEL[3] names, the other half kept; CLAMP saturates to +-max (V47; without it,
 * MODE.FP16_OVFL decides through the policy).  V_CVT_SR_FP8/BF8_F32 (sr = 1): S1[31:12]
 * (BF8: S1[31:11]) added to the 23-bit mantissa of S0, wrapping without a carry into
 * the exponent, then converted toward zero (C6) into the byte OPSEL[3:2] names, the
 * other bytes kept; CLAMP ignored ("Ignores OMOD and clamp"). */
static int cvt_to8(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, fp_fmt f8, int sr)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    int st = rdna4_valu_plain(s, p, v);
    if (st)
        return st;
    if (v->omod)
        return rdna4_valu_not_yet(s, p, "with omod");
    const fp_policy *pol = rdna4_fp_policy(s);
    uint32_t a[RDNA4_NL], b[RDNA4_NL], d[RDNA4_NL];
    uint64_t ex = rdna4_valu_lanes(s);
    unsigned exc = 0, n = rdna4_nlanes(s);
    unsigned fl = sr ? FP_F_RND(FP_RTZ) : FP_F_RND(FP_RNE) | (v->clamp ? FP_F_OVF_SAT : 0);
    unsigned sh = sr ? 8u * (v->opsel >> 2 & 3u) : 16u * (v->opsel >> 3 & 1u);
    uint32_t keep = sr ? ~(0xffu << sh) : ~(0xffffu << sh);
    unsigned rb = f8 == FP_E4M3 ? 12u : 11u;   /* the random bits S1[31:rb] */
    rdna4_load_src(s, v, 0, a);
    rdna4_load_src(s, v, 1, b);
    const uint32_t *old = &s->vgpr[v->vdst * 64u];
    for (unsigned l = 0; l < n; l++)
        d[l] = old[l];
    for (uint64_t m = ex; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint64_t r0 = 0, r1 = 0;
        uint32_t val;
        if (sr) {
            uint32_t x = a[l], mant = ((x & 0x7fffffu) + (b[l] >> rb)) & 0x7fffffu;
            if ((st = fp_convert(f8, FP_F32, (x & 0xff800000u) | mant, pol, fl, &r0, &exc)))
                return rdna4_fp_fail(s, p, st);
            val = (uint32_t)r0 & 0xffu;
        } else {
            if ((st = fp_convert(f8, FP_F32, a[l], pol, fl, &r0, &exc)) ||
                (st = fp_convert(f8, FP_F32, b[l], pol, fl, &r1, &exc)))
                return rdna4_fp_fail(s, p, st);
            val = (uint32_t)(r1 & 0xffu) << 8 | (uint32_t)(r0 & 0xffu);
        }
        d[l] = (d[l] & keep) | val << sh;
    }
    if ((st = rdna4_fp_check_trap(s, p, exc)) != GPUREF_OK)
        return st;
    rr->exec_mask = rdna4_exec_mask(s);
    rdna4_valu_write(s, rr, v->vdst, d, ex);
    rdna4_fp_record_exc(s, rr, exc);
    return GPUREF_OK;
}

RDNA4_EXEC(v_cvt_pk_fp8_f32) { return cvt_to8(s, p, rr, FP_E4M3, 0); }
RDNA4_EXEC(v_cvt_pk_bf8_f32) { return cvt_to8(s, p, rr, FP_E5M2, 0); }
RDNA4_EXEC(v_cvt_sr_fp8_f32) { return cvt_to8(s, p, rr, FP_E4M3, 1); }
RDNA4_EXEC(v_cvt_sr_bf8_f32) { return cvt_to8(s, p, rr, FP_E5M2, 1); }

/* ------------------------------------------------------------- DOT4 */

/* V_DOT4_F32_{FP8,BF8}_{FP8,BF8}: tmp = S2; tmp += f32(S0 byte i) * f32(S1 byte i) for
 * i = 0..3, each step one F32 FMA (the 8-bit products are exact in F32) rounded to
 * nearest even (§7.7 L3228) in MODE's F32 denormal mode; a NaN accumulator stays the
 * result (P1).  Only S2 takes NEG (negate) and NEG_HI (ABS, applied first); NEG on S0/S1
 * stops as unimplemented (undefined, L3228).  "Exceptions are not reported": no sticky
 * bits, no trap (V48). */
static int dot4_f8(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, fp_fmt fa, fp_fmt fb)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    int st = rdna4_valu_plain(s, p, v);   /* DPP: SRC0's lanes, the lanes written (P6) */
    if (st)
        return st;
    if ((v->neg | v->neg_hi) & 3u)
        return rdna4_valu_not_yet(s, p, "with NEG on S0/S1");
    const fp_policy *pol = rdna4_fp_policy(s);
    rdna4_vpre w = *v;
    w.neg = w.abs = 0;
    uint32_t a[RDNA4_NL], b[RDNA4_NL], c[RDNA4_NL], d[RDNA4_NL];
    uint64_t ex = rdna4_valu_lanes(s);
    rdna4_load_src(s, &w, 0, a);
    rdna4_load_src(s, &w, 1, b);
    rdna4_load_src(s, &w, 2, c);
    for (uint64_t m = ex; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m), e = 0;
        uint64_t t = c[l];
        if (v->neg_hi >> 2 & 1u)
            t &= 0x7fffffffu;
        if (v->neg >> 2 & 1u)
            t ^= 0x80000000u;
        for (unsigned i = 0; i < 4; i++) {
            uint64_t x = 0, y = 0, r = 0;
            if ((st = fp_convert(FP_F32, fa, a[l] >> (8 * i) & 0xffu, pol, FP_F_KEEP_IN, &x, &e)) ||
                (st = fp_convert(FP_F32, fb, b[l] >> (8 * i) & 0xffu, pol, FP_F_KEEP_IN, &y, &e)) ||
                (st = fp_fma(FP_F32, x, y, t, pol, FP_F_RND(FP_RNE), &r, &e)))
                return rdna4_fp_fail(s, p, st);
            t = fp_is_nan(FP_F32, t) ? (t | 0x400000u) : r;
        }
        d[l] = (uint32_t)t;
    }
    rr->exec_mask = rdna4_exec_mask(s);
    rdna4_valu_write(s, rr, v->vdst, d, ex);
    return GPUREF_OK;
}

RDNA4_EXEC(v_dot4_f32_fp8_bf8) { return dot4_f8(s, p, rr, FP_E4M3, FP_E5M2); }
RDNA4_EXEC(v_dot4_f32_bf8_fp8) { return dot4_f8(s, p, rr, FP_E5M2, FP_E4M3); }
RDNA4_EXEC(v_dot4_f32_fp8_fp8) { return dot4_f8(s, p, rr, FP_E4M3, FP_E4M3); }
RDNA4_EXEC(v_dot4_f32_bf8_bf8) { return dot4_f8(s, p, rr, FP_E5M2, FP_E5M2); }
