/* r700_exec_trans.c - the trans-only transcendentals and conversions.
 * Transcendentals are correctly rounded (model/fp reference functions) with
 * the guide's special cases on top (D6, README "Transcendentals"). */
#include "r700.h"

#define F1    0x3f800000u
#define FMAX  0x7f7fffffu

static int is_inf(uint32_t v) { return (v & 0x7fffffffu) == 0x7f800000u; }

int r700_x_exp_ieee(r700_lane *l) { return fp32_exp2(l->src[0], l->fp, 0, &l->dst, NULL); }
int r700_x_log_ieee(r700_lane *l) { return fp32_log2(l->src[0], l->fp, 0, &l->dst, NULL); }
/* LOG_CLAMPED: -inf (log of 0) -> -MAX_FLOAT (L4130) */
int r700_x_log_clamped(r700_lane *l)
{
    int st = fp32_log2(l->src[0], l->fp, 0, &l->dst, NULL);
    if (!st && l->dst == 0xff800000u)
        l->dst = 0xff7fffffu;
    return st;
}
int r700_x_recip_ieee(r700_lane *l) { return fp32_rcp(l->src[0], l->fp, 0, &l->dst, NULL); }
/* _CLAMPED: an infinite result becomes +-MAX_FLOAT; _FF: +-0 (L6335-6481) */
static int clampinf(r700_lane *l, int st, int ff)
{
    if (!st && is_inf(l->dst))
        l->dst = (l->dst & 0x80000000u) | (ff ? 0 : FMAX);
    return st;
}
int r700_x_recip_clamped(r700_lane *l) { return clampinf(l, fp32_rcp(l->src[0], l->fp, 0, &l->dst, NULL), 0); }
int r700_x_recip_ff(r700_lane *l)      { return clampinf(l, fp32_rcp(l->src[0], l->fp, 0, &l->dst, NULL), 1); }
int r700_x_recipsqrt_ieee(r700_lane *l) { return fp32_rsq(l->src[0], l->fp, 0, &l->dst, NULL); }
int r700_x_recipsqrt_clamped(r700_lane *l) { return clampinf(l, fp32_rsq(l->src[0], l->fp, 0, &l->dst, NULL), 0); }
int r700_x_recipsqrt_ff(r700_lane *l)  { return clampinf(l, fp32_rsq(l->src[0], l->fp, 0, &l->dst, NULL), 1); }
int r700_x_sqrt_ieee(r700_lane *l)     { return fp32_sqrt(l->src[0], l->fp, 0, &l->dst, NULL); }
/* SIN/COS: the operand in turns, sin(2 pi x) (D6: LLVM and Mesa scale by
 * 1/(2 pi) for R700); sin_radians=1: radians as the guide's text */
int r700_x_sin(r700_lane *l)
{
    return fp32_sin(l->src[0], l->fp, l->s->cfg.sin_radians ? 0 : FP_F_TURNS, &l->dst, NULL);
}
int r700_x_cos(r700_lane *l)
{
    return fp32_cos(l->src[0], l->fp, l->s->cfg.sin_radians ? 0 : FP_F_TURNS, &l->dst, NULL);
}
/* FLT_TO_INT: truncation (L1930, L3487), out of range: the low bits, NaN 0
 * (policy); flt_to_int_rne=1: round to nearest even (D7) */
int r700_x_flt_to_int(r700_lane *l)
{
    uint64_t r;
    int st = fp_to_int(FP_I32, FP_F32, l->src[0], l->fp,
                       FP_F_RND(l->s->cfg.flt_to_int_rne ? FP_RNE : FP_RTZ), &r, NULL);
    l->dst = (uint32_t)r;
    return st;
}
int r700_x_flt_to_uint(r700_lane *l)
{
    uint64_t r;
    int st = fp_to_int(FP_U32, FP_F32, l->src[0], l->fp,
                       FP_F_RND(l->s->cfg.flt_to_int_rne ? FP_RNE : FP_RTZ), &r, NULL);
    l->dst = (uint32_t)r;
    return st;
}
int r700_x_int_to_flt(r700_lane *l)
{
    uint64_t r;
    int st = fp_from_int(FP_F32, FP_I32, l->src[0], l->fp, 0, &r, NULL);
    l->dst = (uint32_t)r;
    return st;
}
int r700_x_uint_to_flt(r700_lane *l)
{
    uint64_t r;
    int st = fp_from_int(FP_F32, FP_U32, l->src[0], l->fp, 0, &r, NULL);
    l->dst = (uint32_t)r;
    return st;
}
