/* nvfp_exec_trans.c - RCP, RSQ, EXP, LOG, LIT (Tables 15, 16, 31-33) and
 * the pack/unpack rows PK2, PK4, UP2, UP4 (Tables 22-25).  D8: the
 * approximations are the correctly rounded functions of model/fp, which
 * meet every accuracy bound of p[52]-p[53]. */
#include "nvfp.h"

#define P (&c->s->fp)

static uint32_t f1(nvfp_ctx *c, int (*op)(fp_fmt, uint64_t, const fp_policy *, unsigned, uint64_t *,
                                           unsigned *), uint32_t a)
{
    uint64_t x = 0;
    op(c->f, a, P, 0, &x, NULL);
    return (uint32_t)x;
}

static uint32_t absf(nvfp_ctx *c, uint32_t a) { return a & (c->f == FP_F16 ? 0x7fffu : 0x7fffffffu); }
static uint32_t neginf(nvfp_ctx *c) { return c->f == FP_F16 ? 0xfc00u : 0xff800000u; }
static uint32_t posinf(nvfp_ctx *c) { return c->f == FP_F16 ? 0x7c00u : 0x7f800000u; }

static void splat(nvfp_ctx *c, unsigned l, uint32_t v)
{
    for (unsigned j = 0; j < 4; j++)
        c->q[l][j] = v;
}

int nvfp_exec_rcp(nvfp_ctx *c, char *err)
{
    (void)err;
    for (unsigned l = 0; l < NVFP_LANES; l++) {
        uint32_t x = c->t[0][l][0];
        splat(c, l, x == nvfp_one(c->f) ? x : f1(c, fp_rcp, x));   /* Table 15 */
    }
    return GPUREF_OK;
}

int nvfp_exec_rsq(nvfp_ctx *c, char *err)
{
    (void)err;
    for (unsigned l = 0; l < NVFP_LANES; l++) {
        uint32_t x = c->t[0][l][0];
        splat(c, l, x == nvfp_one(c->f) ? x : f1(c, fp_rsq, absf(c, x)));   /* Table 16: abs */
    }
    return GPUREF_OK;
}

int nvfp_exec_exp(nvfp_ctx *c, char *err)
{
    (void)err;
    for (unsigned l = 0; l < NVFP_LANES; l++) {
        uint32_t x = c->t[0][l][0], fl = f1(c, fp_floor, x), fr, z;
        uint32_t ex = f1(c, fp_exp2, fl);                  /* 2**TruncateTo-Infinity(t.x) */
        nvfp_fop2(c, fp_sub, x, fl, &fr);
        nvfp_fop2(c, fp_mul, ex, f1(c, fp_exp2, fr), &z);  /* q.x * APPX(q.y) */
        c->q[l][0] = ex;
        c->q[l][1] = fr;
        c->q[l][2] = z;
        c->q[l][3] = nvfp_one(c->f);
    }
    return GPUREF_OK;
}

int nvfp_exec_log(nvfp_ctx *c, char *err)
{
    (void)err;
    for (unsigned l = 0; l < NVFP_LANES; l++) {
        uint32_t a = absf(c, c->t[0][l][0]);
        c->q[l][1] = c->q[l][3] = nvfp_one(c->f);
        if (a == 0) {                                      /* Table 32 */
            c->q[l][0] = c->q[l][2] = neginf(c);
            continue;
        }
        if (a == posinf(c)) {                              /* D9: log of infinity */
            c->q[l][0] = c->q[l][2] = posinf(c);
            continue;
        }
        uint64_t m = 0, e = 0, ef = 0;
        int32_t ex = 0;
        fp_frexp(c->f, a, P, 0, &m, &ex, NULL);            /* m in [0.5, 1) */
        fp_ldexp(c->f, m, 1, P, 0, &e, NULL);              /* mantissa in [1, 2) */
        fp_from_int(c->f, FP_I32, (uint32_t)(ex - 1), P, 0, &ef, NULL);
        c->q[l][0] = (uint32_t)ef;
        c->q[l][1] = (uint32_t)e;
        nvfp_fop2(c, fp_add, (uint32_t)ef, f1(c, fp_log2, (uint32_t)e), &c->q[l][2]);
    }
    return GPUREF_OK;
}

int nvfp_exec_lit(nvfp_ctx *c, char *err)
{
    (void)err;
    uint64_t lim = 0x42fffe01u, nlim;                      /* 127.9961 (Table 33) */
    if (c->f == FP_F16)
        fp_convert(FP_F16, FP_F32, 0x42fffe01u, P, 0, &lim, NULL);
    nlim = lim ^ (c->f == FP_F16 ? 0x8000u : 0x80000000u);
    for (unsigned l = 0; l < NVFP_LANES; l++) {
        uint32_t *t = c->t[0][l], x = t[0], y = t[1], w = t[3], z = 0;
        uint32_t sign = c->f == FP_F16 ? 0x8000u : 0x80000000u;
        fp_rel r = FP_REL_UN;
        fp_compare(c->f, w, (uint32_t)nlim, P, 0, &r, NULL);
        if (r == FP_REL_LT)
            w = (uint32_t)nlim;
        fp_compare(c->f, w, (uint32_t)lim, P, 0, &r, NULL);
        if (r == FP_REL_GT)
            w = (uint32_t)lim;
        if ((x & sign) && (x & (sign - 1)))
            x = 0;
        if ((y & sign) && (y & (sign - 1)))
            y = 0;
        if (x & (sign - 1) && !(x & sign)) {               /* t.x > 0.0 */
            uint32_t p;
            nvfp_fop2(c, fp_mul, w, f1(c, fp_log2, y), &p);   /* zero wins: y**0 = 1 (p[271]) */
            z = f1(c, fp_exp2, p);
        }
        c->q[l][0] = nvfp_one(c->f);
        c->q[l][1] = x;
        c->q[l][2] = z;
        c->q[l][3] = nvfp_one(c->f);
    }
    return GPUREF_OK;
}

int nvfp_exec_pk2(nvfp_ctx *c, char *err)
{
    (void)err;
    c->raw = 1;
    for (unsigned l = 0; l < NVFP_LANES; l++) {
        uint64_t a = 0, b = 0;
        fp_convert(FP_F16, FP_F32, c->t[0][l][0], P, 0, &a, NULL);
        fp_convert(FP_F16, FP_F32, c->t[0][l][1], P, 0, &b, NULL);
        splat(c, l, (uint32_t)a | (uint32_t)b << 16);
    }
    return GPUREF_OK;
}

int nvfp_exec_pk4(nvfp_ctx *c, char *err)
{
    (void)err;
    c->raw = 1;
    for (unsigned l = 0; l < NVFP_LANES; l++) {
        uint32_t word = 0;
        for (unsigned j = 0; j < 4; j++) {
            uint32_t q = c->t[0][l][j];
            fp_rel r = FP_REL_UN;
            fp_compare(FP_F32, q, 0x3f800000u, P, 0, &r, NULL);
            if (r == FP_REL_GT)
                q = 0x3f800000u;
            fp_compare(FP_F32, q, 0xbf810625u /* -1.008 */, P, 0, &r, NULL);
            if (r == FP_REL_LT)
                q = 0xbf810625u;
            uint64_t ub = 0, i = 0;
            fp_mad(FP_F32, 0x42fe0000u /* 127 */, q, 0x43000000u /* 128 */, P, 0, &ub, NULL);
            fp_to_int(FP_I32, FP_F32, ub, P, 0, &i, NULL);   /* D10: RNE, then 0..255 */
            int32_t n = (int32_t)(uint32_t)i;
            n = n < 0 ? 0 : n > 255 ? 255 : n;
            word |= (uint32_t)n << (8 * j);
        }
        splat(c, l, word);
    }
    return GPUREF_OK;
}

int nvfp_exec_up2(nvfp_ctx *c, char *err)
{
    (void)err;
    for (unsigned l = 0; l < NVFP_LANES; l++) {
        uint32_t w = c->t[0][l][0];
        for (unsigned j = 0; j < 4; j++) {
            uint32_t h = (j & 1) ? w >> 16 : w & 0xffff;
            uint64_t r = h;
            if (c->f == FP_F32)
                fp_convert(FP_F32, FP_F16, h, P, 0, &r, NULL);
            c->q[l][j] = (uint32_t)r;
        }
    }
    return GPUREF_OK;
}

int nvfp_exec_up4(nvfp_ctx *c, char *err)
{
    (void)err;
    for (unsigned l = 0; l < NVFP_LANES; l++) {
        uint32_t w = c->t[0][l][0];
        for (unsigned j = 0; j < 4; j++) {
            uint64_t a = 0, d = 0, r = 0;
            fp_from_int(c->f, FP_I32, (uint32_t)((int32_t)(w >> (8 * j) & 0xff) - 128), P, 0, &a, NULL);
            fp_from_int(c->f, FP_I32, 127, P, 0, &d, NULL);
            fp_div(c->f, a, d, P, 0, &r, NULL);
            c->q[l][j] = (uint32_t)r;
        }
    }
    return GPUREF_OK;
}
