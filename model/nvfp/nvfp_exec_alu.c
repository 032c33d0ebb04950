/* nvfp_exec_alu.c - the arithmetic and compare rows (Tables 11-14, 17-21,
 * 26-29): per pixel and component, in the execution format c->f (fp32 for
 * R and I destinations, fp16 for H), through model/fp under the nvfp policy
 * (Table 7: zero wins, NaN as infinity, denormals flushed). */
#include "nvfp.h"

#define P (&c->s->fp)
#define FOR_LC for (unsigned l = 0; l < NVFP_LANES; l++) for (unsigned j = 0; j < 4; j++)

uint32_t nvfp_one(fp_fmt f) { return f == FP_F16 ? 0x3c00u : 0x3f800000u; }

typedef int (*fp2_fn)(fp_fmt, uint64_t, uint64_t, const fp_policy *, unsigned, uint64_t *, unsigned *);

int nvfp_fast_policy(const fp_policy *p)
{
    return fp_policy_sealed(p) && p->round[FP_F32] == FP_RNE && p->denorm_in[FP_F32] == FP_DENORM_FLUSH &&
           p->denorm_out[FP_F32] == FP_DENORM_FLUSH && p->overflow[FP_F32] == FP_OVF_IEEE &&
           p->nan_inf == FP_NANINF_ON && !(p->default_nan[FP_F32] >> 31) && p->zero_wins == FP_ZW_ON &&
           p->zero_wins_sign == FP_ZWS_POS && p->zero_cmp == FP_ZCMP_EQUAL;
}

int nvfp_fop2(nvfp_ctx *c, fp2_fn op, uint32_t a, uint32_t b, uint32_t *r)
{
    if (c->f == FP_F32 && c->s->fast) {   /* nvfp_fast.h (test_nvfp_fast) */
        if (op == fp_add) { *r = nvfp_f32_add(P, a, b); return GPUREF_OK; }
        if (op == fp_sub) { *r = nvfp_f32_add(P, a, b ^ 0x80000000u); return GPUREF_OK; }
        if (op == fp_mul) { *r = nvfp_f32_mul(P, a, b); return GPUREF_OK; }
    }
    if (c->f == FP_F32) {   /* the inline fp32 paths of model/fp (bit-identical, test_fp_fast) */
        if (op == fp_add)
            return fp32_add(a, b, P, 0, r, NULL);
        if (op == fp_sub)
            return fp32_sub(a, b, P, 0, r, NULL);
        if (op == fp_mul)
            return fp32_mul(a, b, P, 0, r, NULL);
    }
    uint64_t x = 0;
    int st = op(c->f, a, b, P, 0, &x, NULL);
    *r = (uint32_t)x;
    return st;
}

static uint32_t mad(nvfp_ctx *c, uint32_t a, uint32_t b, uint32_t d)
{
    if (c->f == FP_F32 && c->s->fast)
        return nvfp_f32_add(P, nvfp_f32_mul(P, a, b), d);
    if (c->f == FP_F32) {   /* fp_mad: the product rounded (a full multiply), then the sum */
        uint32_t m = 0, r = 0;
        fp32_mul(a, b, P, 0, &m, NULL);
        fp32_add(m, d, P, 0, &r, NULL);
        return r;
    }
    uint64_t x = 0;
    fp_mad(c->f, a, b, d, P, 0, &x, NULL);   /* D5: product rounded, then the sum */
    return (uint32_t)x;
}

/* t < u with -0 == +0 (p[51]) */
static int less(nvfp_ctx *c, uint32_t a, uint32_t b)
{
    if (c->f == FP_F32 && c->s->fast)
        return nvfp_f32_less(a, b);
    fp_rel rel = FP_REL_UN;
    fp_compare(c->f, a, b, P, 0, &rel, NULL);
    return rel == FP_REL_LT;
}

int nvfp_exec_nop(nvfp_ctx *c, char *err) { (void)c; (void)err; return GPUREF_OK; }

int nvfp_exec_mov(nvfp_ctx *c, char *err)
{
    (void)err;
    FOR_LC c->q[l][j] = c->t[0][l][j];
    return GPUREF_OK;
}

/* fp32 execution under a policy nvfp_fast.h serves */
#define FAST32(c) ((c)->f == FP_F32 && (c)->s->fast)

int nvfp_exec_mul(nvfp_ctx *c, char *err)
{
    (void)err;
    if (FAST32(c)) {
        FOR_LC c->q[l][j] = nvfp_f32_mul(P, c->t[0][l][j], c->t[1][l][j]);
        return GPUREF_OK;
    }
    FOR_LC nvfp_fop2(c, fp_mul, c->t[0][l][j], c->t[1][l][j], &c->q[l][j]);
    return GPUREF_OK;
}

int nvfp_exec_add(nvfp_ctx *c, char *err)
{
    (void)err;
    if (FAST32(c)) {
        FOR_LC c->q[l][j] = nvfp_f32_add(P, c->t[0][l][j], c->t[1][l][j]);
        return GPUREF_OK;
    }
    FOR_LC nvfp_fop2(c, fp_add, c->t[0][l][j], c->t[1][l][j], &c->q[l][j]);
    return GPUREF_OK;
}

int nvfp_exec_mad(nvfp_ctx *c, char *err)
{
    (void)err;
    if (FAST32(c)) {
        FOR_LC c->q[l][j] = nvfp_f32_add(P, nvfp_f32_mul(P, c->t[0][l][j], c->t[1][l][j]), c->t[2][l][j]);
        return GPUREF_OK;
    }
    FOR_LC c->q[l][j] = mad(c, c->t[0][l][j], c->t[1][l][j], c->t[2][l][j]);
    return GPUREF_OK;
}

/* D6: products summed left to right, each step rounded */
static int dot(nvfp_ctx *c, unsigned n)
{
    if (FAST32(c)) {
        for (unsigned l = 0; l < NVFP_LANES; l++) {
            const uint32_t *a = c->t[0][l], *b = c->t[1][l];
            uint32_t s = nvfp_f32_mul(P, a[0], b[0]);
            for (unsigned j = 1; j < n; j++)
                s = nvfp_f32_add(P, nvfp_f32_mul(P, a[j], b[j]), s);
            c->q[l][0] = c->q[l][1] = c->q[l][2] = c->q[l][3] = s;
        }
        return GPUREF_OK;
    }
    for (unsigned l = 0; l < NVFP_LANES; l++) {
        uint32_t s;
        nvfp_fop2(c, fp_mul, c->t[0][l][0], c->t[1][l][0], &s);
        for (unsigned j = 1; j < n; j++)
            s = mad(c, c->t[0][l][j], c->t[1][l][j], s);
        for (unsigned j = 0; j < 4; j++)
            c->q[l][j] = s;
    }
    return GPUREF_OK;
}

int nvfp_exec_dp3(nvfp_ctx *c, char *err) { (void)err; return dot(c, 3); }
int nvfp_exec_dp4(nvfp_ctx *c, char *err) { (void)err; return dot(c, 4); }

int nvfp_exec_dst(nvfp_ctx *c, char *err)
{
    (void)err;
    for (unsigned l = 0; l < NVFP_LANES; l++) {
        c->q[l][0] = nvfp_one(c->f);
        nvfp_fop2(c, fp_mul, c->t[0][l][1], c->t[1][l][1], &c->q[l][1]);
        c->q[l][2] = c->t[0][l][2];
        c->q[l][3] = c->t[1][l][3];
    }
    return GPUREF_OK;
}

int nvfp_exec_min(nvfp_ctx *c, char *err)
{
    (void)err;
    if (FAST32(c)) {
        FOR_LC c->q[l][j] = nvfp_f32_less(c->t[0][l][j], c->t[1][l][j]) ? c->t[0][l][j] : c->t[1][l][j];
        return GPUREF_OK;
    }
    FOR_LC c->q[l][j] = less(c, c->t[0][l][j], c->t[1][l][j]) ? c->t[0][l][j] : c->t[1][l][j];
    return GPUREF_OK;
}

int nvfp_exec_max(nvfp_ctx *c, char *err)
{
    (void)err;
    if (FAST32(c)) {
        FOR_LC c->q[l][j] = !nvfp_f32_less(c->t[0][l][j], c->t[1][l][j]) ? c->t[0][l][j] : c->t[1][l][j];
        return GPUREF_OK;
    }
    FOR_LC c->q[l][j] = !less(c, c->t[0][l][j], c->t[1][l][j]) ? c->t[0][l][j] : c->t[1][l][j];
    return GPUREF_OK;
}

int nvfp_exec_slt(nvfp_ctx *c, char *err)
{
    (void)err;
    if (FAST32(c)) {
        FOR_LC c->q[l][j] = nvfp_f32_less(c->t[0][l][j], c->t[1][l][j]) ? 0x3f800000u : 0;
        return GPUREF_OK;
    }
    FOR_LC c->q[l][j] = less(c, c->t[0][l][j], c->t[1][l][j]) ? nvfp_one(c->f) : 0;
    return GPUREF_OK;
}

int nvfp_exec_sge(nvfp_ctx *c, char *err)
{
    (void)err;
    if (FAST32(c)) {
        FOR_LC c->q[l][j] = !nvfp_f32_less(c->t[0][l][j], c->t[1][l][j]) ? 0x3f800000u : 0;
        return GPUREF_OK;
    }
    FOR_LC c->q[l][j] = !less(c, c->t[0][l][j], c->t[1][l][j]) ? nvfp_one(c->f) : 0;
    return GPUREF_OK;
}

int nvfp_exec_flr(nvfp_ctx *c, char *err)
{
    (void)err;
    FOR_LC {
        uint64_t x = 0;
        fp_floor(c->f, c->t[0][l][j], P, 0, &x, NULL);
        c->q[l][j] = (uint32_t)x;
    }
    return GPUREF_OK;
}

int nvfp_exec_frc(nvfp_ctx *c, char *err)
{
    (void)err;
    FOR_LC {
        uint64_t fl = 0;
        fp_floor(c->f, c->t[0][l][j], P, 0, &fl, NULL);
        nvfp_fop2(c, fp_sub, c->t[0][l][j], (uint32_t)fl, &c->q[l][j]);
        /* D11: "0.0 <= fraction < 1.0" (Table 29) */
        if (c->s->cfg.frc_clamp && c->q[l][j] == nvfp_one(c->f))
            c->q[l][j] = nvfp_one(c->f) - 1;
    }
    return GPUREF_OK;
}
