/* rdna4_exec_valu_interp.c - VINTERP: V_INTERP_P10_F32, V_INTERP_P2_F32,
 * V_INTERP_P10_F16_F32, V_INTERP_P2_F16_F32 and their RTZ forms (chapter 16
 * L25062-25175, §11.7 L5775-5823; README "Parameter interpolation", decision V54).
 *
 * One FMA per lane with fixed DPP8 lane selects inside each quad: the P10 rows read
 * SRC0 (P10) from lane (laneId & ~3) + 1 and SRC2 (P0) from lane laneId & ~3, the P2
 * rows SRC0 (P20) from lane (laneId & ~3) + 2; SRC1 (I or J) and the P2 rows' SRC2 from
 * the lane itself.  The implicit DPP acts as "fetch invalid = 1" (L5762, L737): the source
 * lanes are read whatever EXEC holds; only active lanes are written.  NEG[i] negates
 * source i, OPSEL[0]/[2] pick the F16 half of SRC0/SRC2 and OPSEL[3] the destination
 * half of the P2_F16 rows, CM clamps to [0, 1].  The FMA follows MODE (the RTZ rows
 * round toward zero); "V_INTERP instructions do not detect or report exceptions"
 * (L5821).  WAITEXP waits for EXPcnt <= WAITEXP first (L5809-5811): the outstanding
 * DS_PARAM_LOAD/DS_DIRECT_LOAD data land, oldest first, in this unit's record as
 * deferred write-backs (README D41; exports are not executed).  The words are decoded again
 * at each execution (VINTERP has no side-table entry), as VOPD does. */
#include <string.h>

#include "fp.h"

#include "rdna4.h"
#include "rdna4_exec.h"

/* *x = the F16 in half `hi` of *x as F32 (exact) */
static int f16_half(uint64_t *x, unsigned hi, const fp_policy *pol, unsigned *e)
{
    return fp_convert(FP_F32, FP_F16, *x >> (hi * 16u) & 0xffffu, pol, 0, x, e);
}

static int interp(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, int p2, int f16, int rtz)
{
    size_t idx = (size_t)(p - s->pre);
    rdna4_insn in;
    int st = rdna4_decode(s->code + idx, s->ncode - idx, &in, s->err);
    if (st)
        return st;
    if (s->vmcnt[RDNA4_CNT_EXP])
        rdna4_vm_drain(s, rr, RDNA4_CNT_EXP, in.f[RDNA4_FLD_WAITEXP]);
    unsigned s0 = (in.f[RDNA4_FLD_SRC0] - 256u) & 255u, s1 = (in.f[RDNA4_FLD_SRC1] - 256u) & 255u;
    unsigned s2 = (in.f[RDNA4_FLD_SRC2] - 256u) & 255u, vd = in.f[RDNA4_FLD_VDST] & 255u;
    unsigned neg = in.f[RDNA4_FLD_NEG], opsel = in.f[RDNA4_FLD_OPSEL], cm = in.f[RDNA4_FLD_CM];
    const fp_policy *pol = rdna4_fp_policy(s);
    unsigned fl = (rtz ? FP_F_RND(FP_RTZ) : 0) | (cm ? FP_F_CLAMP : 0);
    unsigned n = rdna4_nlanes(s);
    uint64_t ex = rdna4_exec_mask(s);
    uint32_t d[RDNA4_NL];
    const uint32_t *r0 = &s->vgpr[s0 * 64u], *r1 = &s->vgpr[s1 * 64u], *r2 = &s->vgpr[s2 * 64u];
    for (unsigned l = 0; l < n; l++) {
        if (!(ex >> l & 1u))
            continue;
        unsigned q = l & ~3u, e = 0;
        uint64_t a = r0[q + (p2 ? 2u : 1u)], b = r1[l], c = p2 ? r2[l] : r2[q], t = 0;
        /* the F16 halves OPSEL names (P20; P10 and P0 of the P10 rows), converted exactly
         * to F32; NEG then flips the F32 sign, as it would the F16 one */
        if (f16) {
            st = f16_half(&a, opsel & 1u, pol, &e);
            if (!st && !p2)
                st = f16_half(&c, opsel >> 2 & 1u, pol, &e);
            if (st)
                return rdna4_fp_fail(s, p, st);
        }
        a ^= (neg & 1u) ? 0x80000000u : 0;
        b ^= (neg & 2u) ? 0x80000000u : 0;
        c ^= (neg & 4u) ? 0x80000000u : 0;
        /* the F16 result: the F32 FMA rounded, then to F16 (the pseudocode's 16'F(fma)),
         * CLAMP on the final value */
        if ((st = fp_fma(FP_F32, a, b, c, pol, f16 && p2 ? fl & ~(unsigned)FP_F_CLAMP : fl, &t, &e)))
            return rdna4_fp_fail(s, p, st);
        if (f16 && p2 && (st = fp_convert(FP_F16, FP_F32, t, pol, fl, &t, &e)))
            return rdna4_fp_fail(s, p, st);
        d[l] = (uint32_t)t;
    }
    rr->exec_mask = ex;
    if (f16 && p2)
        rdna4_valu_write16(s, rr, vd, opsel >> 3 & 1u, d, ex);
    else
        rdna4_valu_write(s, rr, vd, d, ex);
    return GPUREF_OK;
}

RDNA4_EXEC(v_interp_p10_f32) { return interp(s, p, rr, 0, 0, 0); }
RDNA4_EXEC(v_interp_p2_f32) { return interp(s, p, rr, 1, 0, 0); }
RDNA4_EXEC(v_interp_p10_f16_f32) { return interp(s, p, rr, 0, 1, 0); }
RDNA4_EXEC(v_interp_p2_f16_f32) { return interp(s, p, rr, 1, 1, 0); }
RDNA4_EXEC(v_interp_p10_rtz_f16_f32) { return interp(s, p, rr, 0, 1, 1); }
RDNA4_EXEC(v_interp_p2_rtz_f16_f32) { return interp(s, p, rr, 1, 1, 1); }
