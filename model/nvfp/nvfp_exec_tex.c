/* nvfp_exec_tex.c - the texture rows TEX, TXP, TXD (Table 8), the quad
 * derivatives DDX, DDY (Tables 9, 10) and KIL (Table 30).
 *
 * The texture unit (README "Texture unit"): 16 ids, each a descriptor
 * tex<n>.base/.width/.height/.mode (mode bit 0 bound, bit 1 bilinear) over
 * RGBA fp32 texels (16 bytes, rows of width texels) in the "tex" space;
 * coordinates normalised, clamped to the edge; an unbound id returns
 * (0,0,0,0) (p[70]).  One level: TXD's derivatives select no LOD (D13). */
#include "nvfp.h"

#define P (&c->s->fp)

static uint32_t mul(nvfp_ctx *c, uint32_t a, uint32_t b)
{
    uint32_t r;
    nvfp_fop2(c, fp_mul, a, b, &r);
    return r;
}

static uint32_t sub(nvfp_ctx *c, uint32_t a, uint32_t b)
{
    uint32_t r;
    nvfp_fop2(c, fp_sub, a, b, &r);
    return r;
}

static uint32_t flr(nvfp_ctx *c, uint32_t a)
{
    uint64_t r = 0;
    fp_floor(FP_F32, a, P, 0, &r, NULL);
    return (uint32_t)r;
}

static int32_t to_int(nvfp_ctx *c, uint32_t a, int32_t hi)
{
    uint64_t r = 0;
    fp_to_int(FP_I32, FP_F32, a, P, 0, &r, NULL);
    int32_t n = (int32_t)(uint32_t)r;
    return n < 0 ? 0 : n > hi ? hi : n;
}

static uint32_t u32_f(nvfp_ctx *c, uint32_t n)
{
    uint64_t r = 0;
    fp_from_int(FP_F32, FP_I32, n, P, 0, &r, NULL);
    return (uint32_t)r;
}

static int texel(nvfp_ctx *c, unsigned tid, int32_t x, int32_t y, uint32_t out[4], char *err)
{
    const uint32_t *d = c->s->tex[tid];
    uint64_t a = (uint64_t)d[0] + ((uint64_t)(uint32_t)y * d[1] + (uint32_t)x) * 16;
    if (a + 16 > NVFP_TEX_BYTES)
        return gpuref_errf(err, GPUREF_ERR_FAULT, "%s: texture %u texel (%d,%d) at tex[0x%llx] is outside "
                           "the tex space", nvfp_rows[c->in->op].name, tid, x, y, (unsigned long long)a);
    const uint8_t *p = c->s->mem + a;
    for (unsigned j = 0; j < 4; j++)
        out[j] = (uint32_t)p[4 * j] | (uint32_t)p[4 * j + 1] << 8 | (uint32_t)p[4 * j + 2] << 16 |
                 (uint32_t)p[4 * j + 3] << 24;
    return GPUREF_OK;
}

static int sample(nvfp_ctx *c, unsigned tid, uint32_t u, uint32_t v, uint32_t out[4], char *err)
{
    const uint32_t *d = c->s->tex[tid];
    const char *name = nvfp_rows[c->in->op].name;
    for (unsigned j = 0; j < 4; j++)
        out[j] = 0;
    if (!(d[3] & 1))
        return GPUREF_OK;                           /* unbound: (0,0,0,0) (p[70]) */
    if (d[1] < 1 || d[1] > 4096 || d[2] < 1 || d[2] > 4096 || d[3] > 3)
        return gpuref_errf(err, GPUREF_ERR_FAULT, "%s: texture %u descriptor %ux%u mode %u (sizes "
                           "1..4096, mode 0..3)", name, tid, d[1], d[2], d[3]);
    uint32_t W = u32_f(c, d[1]), H = u32_f(c, d[2]);
    int32_t wm = (int32_t)d[1] - 1, hm = (int32_t)d[2] - 1;
    if (!(d[3] & 2))                                /* nearest: floor(u*W), floor(v*H) */
        return texel(c, tid, to_int(c, flr(c, mul(c, u, W)), wm), to_int(c, flr(c, mul(c, v, H)), hm),
                     out, err);
    /* bilinear: a = u*W - 0.5, i0 = floor(a), fa = a - i0 (0 if not finite) */
    uint32_t a = sub(c, mul(c, u, W), 0x3f000000u), b = sub(c, mul(c, v, H), 0x3f000000u);
    uint32_t a0 = flr(c, a), b0 = flr(c, b), fa = sub(c, a, a0), fb = sub(c, b, b0);
    if ((fa & 0x7f800000u) == 0x7f800000u)
        fa = 0;
    if ((fb & 0x7f800000u) == 0x7f800000u)
        fb = 0;
    uint64_t ia = 0, ib = 0;
    fp_to_int(FP_I32, FP_F32, a0, P, 0, &ia, NULL);
    fp_to_int(FP_I32, FP_F32, b0, P, 0, &ib, NULL);
    int32_t x0 = (int32_t)(uint32_t)ia, y0 = (int32_t)(uint32_t)ib;
    int32_t xs[2] = { x0 < 0 ? 0 : x0 > wm ? wm : x0, x0 < -1 ? 0 : x0 >= wm ? wm : x0 + 1 };
    int32_t ys[2] = { y0 < 0 ? 0 : y0 > hm ? hm : y0, y0 < -1 ? 0 : y0 >= hm ? hm : y0 + 1 };
    uint32_t t[2][2][4];
    for (unsigned i = 0; i < 2; i++)
        for (unsigned k = 0; k < 2; k++) {
            int st = texel(c, tid, xs[k], ys[i], t[i][k], err);
            if (st)
                return st;
        }
    for (unsigned j = 0; j < 4; j++) {   /* lerp(x, y, f) = f*(y-x) + x, product rounded, then sum */
        uint64_t top = 0, bot = 0, r = 0;
        fp_mad(FP_F32, fa, sub(c, t[0][1][j], t[0][0][j]), t[0][0][j], P, 0, &top, NULL);
        fp_mad(FP_F32, fa, sub(c, t[1][1][j], t[1][0][j]), t[1][0][j], P, 0, &bot, NULL);
        fp_mad(FP_F32, fb, sub(c, (uint32_t)bot, (uint32_t)top), top, P, 0, &r, NULL);
        out[j] = (uint32_t)r;
    }
    return GPUREF_OK;
}

static int fetch(nvfp_ctx *c, int proj, char *err)
{
    for (unsigned l = 0; l < NVFP_LANES; l++) {
        uint32_t u = c->t[0][l][0], v = c->t[0][l][1];
        if (proj) {                                  /* TXP: (x/w, y/w, z/w) */
            nvfp_fop2(c, fp_div, u, c->t[0][l][3], &u);
            nvfp_fop2(c, fp_div, v, c->t[0][l][3], &v);
        }
        int st = sample(c, c->in->tid, u, v, c->q[l], err);
        if (st)
            return st;
    }
    return GPUREF_OK;
}

int nvfp_exec_tex(nvfp_ctx *c, char *err) { return fetch(c, 0, err); }
int nvfp_exec_txp(nvfp_ctx *c, char *err) { return fetch(c, 1, err); }
int nvfp_exec_txd(nvfp_ctx *c, char *err) { return fetch(c, 0, err); }

/* quad pixels: 0 (0,0) 1 (1,0) 2 (0,1) 3 (1,1); D12: the difference of the
 * pixel's row pair (DDX) or column pair (DDY), the same for both pixels */
static int deriv(nvfp_ctx *c, int y)
{
    for (unsigned l = 0; l < NVFP_LANES; l++) {
        unsigned lo = y ? (l & 1) : (l & 2), hi = lo + (y ? 2u : 1u);
        for (unsigned j = 0; j < 4; j++)
            nvfp_fop2(c, fp_sub, c->t[0][hi][j], c->t[0][lo][j], &c->q[l][j]);
    }
    return GPUREF_OK;
}

int nvfp_exec_ddx(nvfp_ctx *c, char *err) { (void)err; return deriv(c, 0); }
int nvfp_exec_ddy(nvfp_ctx *c, char *err) { (void)err; return deriv(c, 1); }

int nvfp_exec_kil(nvfp_ctx *c, char *err)
{
    (void)err;
    for (unsigned l = 0; l < NVFP_LANES; l++)
        for (unsigned j = 0; j < 4; j++)
            if (nvfp_cc_test(c->in->cctest, c->s->cc[c->in->ccswz >> (2 * j) & 3][l]))
                c->kill[l] = 1;
    return GPUREF_OK;
}
