/* r700_exec_alu.c - integer, move, set, predicate-set, kill and conditional
 * move opcodes (§9.2), one lane at a time. */
#include "r700.h"

#define F1  0x3f800000u      /* 1.0f */
#define F0  0x00000000u
#define FMAX 0x7f7fffffu     /* MAX_FLOAT */

int r700_x_unimpl(r700_lane *l) { (void)l; return GPUREF_ERR_UNIMPL; }
int r700_x_nop(r700_lane *l) { l->nowrite = 1; return GPUREF_OK; }
int r700_x_mov(r700_lane *l) { l->dst = l->src[0]; return GPUREF_OK; }

/* integers (two's complement, mod 2^32) */
int r700_x_and_int(r700_lane *l) { l->dst = l->src[0] & l->src[1]; return GPUREF_OK; }
int r700_x_or_int(r700_lane *l)  { l->dst = l->src[0] | l->src[1]; return GPUREF_OK; }
int r700_x_xor_int(r700_lane *l) { l->dst = l->src[0] ^ l->src[1]; return GPUREF_OK; }
int r700_x_not_int(r700_lane *l) { l->dst = ~l->src[0]; return GPUREF_OK; }
int r700_x_add_int(r700_lane *l) { l->dst = l->src[0] + l->src[1]; return GPUREF_OK; }
/* D3: src0 - src1 (LLVM and Mesa negate x as SUB_INT 0, x); sub_guide=1:
 * src1 - src0 as the guide's text (L6945) */
int r700_x_sub_int(r700_lane *l)
{
    l->dst = l->s->cfg.sub_guide ? l->src[1] - l->src[0] : l->src[0] - l->src[1];
    return GPUREF_OK;
}
int r700_x_max_int(r700_lane *l)  { l->dst = (int32_t)l->src[0] >= (int32_t)l->src[1] ? l->src[0] : l->src[1]; return GPUREF_OK; }
int r700_x_min_int(r700_lane *l)  { l->dst = (int32_t)l->src[0] < (int32_t)l->src[1] ? l->src[0] : l->src[1]; return GPUREF_OK; }
int r700_x_max_uint(r700_lane *l) { l->dst = l->src[0] >= l->src[1] ? l->src[0] : l->src[1]; return GPUREF_OK; }
int r700_x_min_uint(r700_lane *l) { l->dst = l->src[0] < l->src[1] ? l->src[0] : l->src[1]; return GPUREF_OK; }
int r700_x_sete_int(r700_lane *l)  { l->dst = l->src[0] == l->src[1] ? ~0u : 0; return GPUREF_OK; }
int r700_x_setgt_int(r700_lane *l) { l->dst = (int32_t)l->src[0] > (int32_t)l->src[1] ? ~0u : 0; return GPUREF_OK; }
int r700_x_setge_int(r700_lane *l) { l->dst = (int32_t)l->src[0] >= (int32_t)l->src[1] ? ~0u : 0; return GPUREF_OK; }
int r700_x_setne_int(r700_lane *l) { l->dst = l->src[0] != l->src[1] ? ~0u : 0; return GPUREF_OK; }
int r700_x_setgt_uint(r700_lane *l) { l->dst = l->src[0] > l->src[1] ? ~0u : 0; return GPUREF_OK; }
int r700_x_setge_uint(r700_lane *l) { l->dst = l->src[0] >= l->src[1] ? ~0u : 0; return GPUREF_OK; }

/* shifts (D4): §9.2 LSHL/LSHR give 0 and ASHR the sign for a count > 31
 * (L3124-3128, L4171-4187); shift_mask=1: the low 5 bits of the count
 * (Table 4.4, L1759) */
int r700_x_lshl_int(r700_lane *l)
{
    uint32_t n = l->s->cfg.shift_mask ? l->src[1] & 31 : l->src[1];
    l->dst = n > 31 ? 0 : l->src[0] << n;
    return GPUREF_OK;
}
int r700_x_lshr_int(r700_lane *l)
{
    uint32_t n = l->s->cfg.shift_mask ? l->src[1] & 31 : l->src[1];
    l->dst = n > 31 ? 0 : l->src[0] >> n;
    return GPUREF_OK;
}
int r700_x_ashr_int(r700_lane *l)
{
    uint32_t n = l->s->cfg.shift_mask ? l->src[1] & 31 : l->src[1];
    uint32_t sign = (l->src[0] & 0x80000000u) ? ~0u : 0;
    l->dst = n > 31 ? sign : n == 0 ? l->src[0] : (l->src[0] >> n) | (sign << (32 - n));
    return GPUREF_OK;
}

/* MULLO/MULHI: the low or high half of the 64-bit product */
int r700_x_mullo_int(r700_lane *l)  { l->dst = (uint32_t)((int64_t)(int32_t)l->src[0] * (int32_t)l->src[1]); return GPUREF_OK; }
int r700_x_mulhi_int(r700_lane *l)  { l->dst = (uint32_t)((uint64_t)((int64_t)(int32_t)l->src[0] * (int32_t)l->src[1]) >> 32); return GPUREF_OK; }
int r700_x_mullo_uint(r700_lane *l) { l->dst = (uint32_t)((uint64_t)l->src[0] * l->src[1]); return GPUREF_OK; }
int r700_x_mulhi_uint(r700_lane *l) { l->dst = (uint32_t)(((uint64_t)l->src[0] * l->src[1]) >> 32); return GPUREF_OK; }

/* RECIP_UINT: the 0.32 fixed-point reciprocal floor(2^32 / x), 0xffffffff for
 * x = 0 and 1 (undefined / does not fit); RECIP_INT: the signed 1.31 form
 * trunc(2^31 / x) saturated (D8) */
int r700_x_recip_uint(r700_lane *l)
{
    uint32_t x = l->src[0];
    l->dst = x <= 1 ? 0xffffffffu : (uint32_t)((1ull << 32) / x);
    return GPUREF_OK;
}
int r700_x_recip_int(r700_lane *l)
{
    int64_t x = (int32_t)l->src[0];
    int64_t r = x == 0 ? 0x7fffffff : (int64_t)(1ll << 31) / x;
    if (r > 0x7fffffff)
        r = 0x7fffffff;
    if (r < -0x7fffffffll - 1)
        r = -0x7fffffffll - 1;
    l->dst = (uint32_t)r;
    return GPUREF_OK;
}

/* float compares: -0 == +0, denormals as zero, NaN unordered (policy) */
static int fcmp(r700_lane *l, fp_pred p, uint32_t a, uint32_t b, int *res)
{
    return fp32_cmp(p, a, b, l->fp, 0, res, NULL);
}
#define SETF(name, pred, t, f) \
    int r700_x_##name(r700_lane *l) { int r, st = fcmp(l, pred, l->src[0], l->src[1], &r); \
        l->dst = r ? (t) : (f); return st; }
SETF(sete, FP_CMP_EQ, F1, F0)
SETF(setgt, FP_CMP_GT, F1, F0)
SETF(setge, FP_CMP_GE, F1, F0)
SETF(setne, FP_CMP_NEQ, F1, F0)
SETF(sete_dx10, FP_CMP_EQ, ~0u, 0)
SETF(setgt_dx10, FP_CMP_GT, ~0u, 0)
SETF(setge_dx10, FP_CMP_GE, ~0u, 0)
SETF(setne_dx10, FP_CMP_NEQ, ~0u, 0)

/* PRED_SET*: true -> (dst 0.0, execute), false -> (dst 1.0, skip) (L5374) */
static int pset(r700_lane *l, int t)
{
    l->dst = t ? F0 : F1;
    l->pred_out = t;
    return GPUREF_OK;
}
#define PSETF(name, pred) \
    int r700_x_##name(r700_lane *l) { int r, st = fcmp(l, pred, l->src[0], l->src[1], &r); \
        return st ? st : pset(l, r); }
PSETF(pred_sete, FP_CMP_EQ)
PSETF(pred_setgt, FP_CMP_GT)
PSETF(pred_setge, FP_CMP_GE)
PSETF(pred_setne, FP_CMP_NEQ)
int r700_x_pred_sete_int(r700_lane *l)   { return pset(l, l->src[0] == l->src[1]); }
int r700_x_pred_setgt_int(r700_lane *l)  { return pset(l, (int32_t)l->src[0] > (int32_t)l->src[1]); }
int r700_x_pred_setge_int(r700_lane *l)  { return pset(l, (int32_t)l->src[0] >= (int32_t)l->src[1]); }
int r700_x_pred_setne_int(r700_lane *l)  { return pset(l, l->src[0] != l->src[1]); }
int r700_x_pred_setgt_uint(r700_lane *l) { return pset(l, l->src[0] > l->src[1]); }
int r700_x_pred_setge_uint(r700_lane *l) { return pset(l, l->src[0] >= l->src[1]); }

/* PRED_SET_INV: 1.0 -> (0.0, exec); else (s0 == 0.0 ? 1.0 : s0, skip) (L5252-5276, D20) */
int r700_x_pred_set_inv(r700_lane *l)
{
    int one, zero, st = fcmp(l, FP_CMP_EQ, l->src[0], F1, &one);
    if (!st)
        st = fcmp(l, FP_CMP_EQ, l->src[0], F0, &zero);
    if (st)
        return st;
    l->pred_out = one;
    l->dst = one ? F0 : zero ? F1 : l->src[0];
    return GPUREF_OK;
}
/* PRED_SET_POP: s0 <= s1 -> (0.0, exec) else (s0 - s1, skip) (L5312) */
int r700_x_pred_set_pop(r700_lane *l)
{
    int le, st = fcmp(l, FP_CMP_LE, l->src[0], l->src[1], &le);
    if (st)
        return st;
    l->pred_out = le;
    if (le) {
        l->dst = F0;
        return GPUREF_OK;
    }
    return fp32_sub(l->src[0], l->src[1], l->fp, 0, &l->dst, NULL);
}
/* PRED_SET_CLR: MAX_FLOAT, skip (L5239) */
int r700_x_pred_set_clr(r700_lane *l) { l->dst = FMAX; l->pred_out = 0; return GPUREF_OK; }
/* PRED_SET_RESTORE: s0 == 0.0 -> (0.0, exec) else (s0, skip) (L5344) */
int r700_x_pred_set_restore(r700_lane *l)
{
    int z, st = fcmp(l, FP_CMP_EQ, l->src[0], F0, &z);
    if (st)
        return st;
    l->pred_out = z;
    l->dst = z ? F0 : l->src[0];
    return GPUREF_OK;
}
/* PRED_SET*_PUSH: (s1 REL 0 && s0 == 0.0) -> (0.0, exec) else (s0 + 1.0, skip) */
static int ppush(r700_lane *l, int t1)
{
    int z, st = fcmp(l, FP_CMP_EQ, l->src[0], F0, &z);
    if (st)
        return st;
    if (t1 && z)
        return pset(l, 1);
    l->pred_out = 0;
    return fp32_add(l->src[0], F1, l->fp, 0, &l->dst, NULL);
}
#define PPUSHF(name, pred) \
    int r700_x_##name(r700_lane *l) { int r, st = fcmp(l, pred, l->src[1], F0, &r); \
        return st ? st : ppush(l, r); }
PPUSHF(pred_sete_push, FP_CMP_EQ)
PPUSHF(pred_setgt_push, FP_CMP_GT)
PPUSHF(pred_setge_push, FP_CMP_GE)
PPUSHF(pred_setne_push, FP_CMP_NEQ)
int r700_x_pred_sete_push_int(r700_lane *l)  { return ppush(l, l->src[1] == 0); }
int r700_x_pred_setgt_push_int(r700_lane *l) { return ppush(l, (int32_t)l->src[1] > 0); }
int r700_x_pred_setge_push_int(r700_lane *l) { return ppush(l, (int32_t)l->src[1] >= 0); }
int r700_x_pred_setne_push_int(r700_lane *l) { return ppush(l, l->src[1] != 0); }
int r700_x_pred_setlt_push_int(r700_lane *l) { return ppush(l, (int32_t)l->src[1] < 0); }
int r700_x_pred_setle_push_int(r700_lane *l) { return ppush(l, (int32_t)l->src[1] <= 0); }

/* KILL*: true -> (dst 1.0, kill the pixel) else dst 0.0 (L3889) */
static int killr(r700_lane *l, int t)
{
    l->dst = t ? F1 : F0;
    l->kill = t;
    return GPUREF_OK;
}
#define KILLF(name, pred) \
    int r700_x_##name(r700_lane *l) { int r, st = fcmp(l, pred, l->src[0], l->src[1], &r); \
        return st ? st : killr(l, r); }
KILLF(kille, FP_CMP_EQ)
KILLF(killgt, FP_CMP_GT)
KILLF(killge, FP_CMP_GE)
KILLF(killne, FP_CMP_NEQ)
int r700_x_kille_int(r700_lane *l)   { return killr(l, l->src[0] == l->src[1]); }
int r700_x_killgt_int(r700_lane *l)  { return killr(l, (int32_t)l->src[0] > (int32_t)l->src[1]); }
int r700_x_killge_int(r700_lane *l)  { return killr(l, (int32_t)l->src[0] >= (int32_t)l->src[1]); }
int r700_x_killne_int(r700_lane *l)  { return killr(l, l->src[0] != l->src[1]); }
int r700_x_killgt_uint(r700_lane *l) { return killr(l, l->src[0] > l->src[1]); }
int r700_x_killge_uint(r700_lane *l) { return killr(l, l->src[0] >= l->src[1]); }

/* CND*: s0 REL 0 ? s1 : s2; a NaN s0 takes s2 (D21) */
#define CNDF(name, pred) \
    int r700_x_##name(r700_lane *l) { int r, st = fcmp(l, pred, l->src[0], F0, &r); \
        l->dst = r ? l->src[1] : l->src[2]; return st; }
CNDF(cnde, FP_CMP_EQ)
CNDF(cndgt, FP_CMP_GT)
CNDF(cndge, FP_CMP_GE)
int r700_x_cnde_int(r700_lane *l)  { l->dst = l->src[0] == 0 ? l->src[1] : l->src[2]; return GPUREF_OK; }
int r700_x_cndgt_int(r700_lane *l) { l->dst = (int32_t)l->src[0] > 0 ? l->src[1] : l->src[2]; return GPUREF_OK; }
int r700_x_cndge_int(r700_lane *l) { l->dst = (int32_t)l->src[0] >= 0 ? l->src[1] : l->src[2]; return GPUREF_OK; }
