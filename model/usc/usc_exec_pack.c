/* usc_exec_pack.c - PCK and UNPCK (L600-L614), CONVERTTOF64 and
 * CONVERTFROMF64 (L544-L553), through model/fp with the "usc" policy.  The
 * source lists the 26 formats and the two flags but no conversion maths
 * (digest §10 item 5); README decisions D20-D24 and D26-D31 say what the
 * model does for each format and why. */
#include <math.h>
#include "usc.h"

/* field kinds */
enum { FK_U, FK_S, FK_OGL, FK_O, FK_F16, FK_F11, FK_F10, FK_E9, FK_BITS, FK_U32, FK_S32, FK_C0, FK_C1 };

/* a format: its fields from bit 0 up (R0 in the low field, D20), each a
 * width and a kind; `scal`: .scale allowed (every field an integer one) */
typedef struct pck_fmt { uint8_t nf, scal, w[6], k[6]; } pck_fmt;

#define F4(W, K) { W, W, W, W }, { K, K, K, K }
static const pck_fmt fmts[26] = {
    [USC_PCK_U8888]       = { 4, 1, F4(8, FK_U) },
    [USC_PCK_S8888]       = { 4, 1, F4(8, FK_S) },
    [USC_PCK_S8888OGL]    = { 4, 1, F4(8, FK_OGL) },
    [USC_PCK_O8888]       = { 4, 1, F4(8, FK_O) },
    [USC_PCK_U1616]       = { 2, 1, { 16, 16 }, { FK_U, FK_U } },
    [USC_PCK_S1616]       = { 2, 1, { 16, 16 }, { FK_S, FK_S } },
    [USC_PCK_S1616OGL]    = { 2, 1, { 16, 16 }, { FK_OGL, FK_OGL } },
    [USC_PCK_O1616]       = { 2, 1, { 16, 16 }, { FK_O, FK_O } },
    [USC_PCK_F16F16]      = { 2, 0, { 16, 16 }, { FK_F16, FK_F16 } },
    [USC_PCK_U32]         = { 1, 0, { 32 }, { FK_U32 } },
    [USC_PCK_S32]         = { 1, 0, { 32 }, { FK_S32 } },
    [USC_PCK_F32]         = { 1, 0, { 32 }, { FK_BITS } },
    [USC_PCK_F32MASK]     = { 1, 0, { 32 }, { FK_BITS } },
    [USC_PCK_U1010102]    = { 4, 1, { 10, 10, 10, 2 }, { FK_U, FK_U, FK_U, FK_U } },
    [USC_PCK_S1010102]    = { 4, 1, { 10, 10, 10, 2 }, { FK_S, FK_S, FK_S, FK_S } },
    [USC_PCK_2F102F10F10] = { 4, 0, { 10, 10, 10, 2 }, { FK_F10, FK_F10, FK_F10, FK_U } },
    [USC_PCK_U111110]     = { 3, 1, { 11, 11, 10 }, { FK_U, FK_U, FK_U } },
    [USC_PCK_S111110]     = { 3, 1, { 11, 11, 10 }, { FK_S, FK_S, FK_S } },
    [USC_PCK_F111110]     = { 3, 0, { 11, 11, 10 }, { FK_F11, FK_F11, FK_F10 } },
    [USC_PCK_SE9995]      = { 3, 0, { 9, 9, 9 }, { FK_E9, FK_E9, FK_E9 } },
    [USC_PCK_U565U565]    = { 6, 1, { 5, 6, 5, 5, 6, 5 }, { FK_U, FK_U, FK_U, FK_U, FK_U, FK_U } },
    [USC_PCK_COVERAGEMASK] = { 1, 0, { 32 }, { FK_BITS } },
    [USC_PCK_S8D24]       = { 2, 1, { 8, 24 }, { FK_U, FK_U } },
    [USC_PCK_D24S8]       = { 2, 1, { 24, 8 }, { FK_U, FK_U } },
    [USC_PCK_CONST0]      = { 1, 0, { 32 }, { FK_C0 } },
    [USC_PCK_CONST1]      = { 1, 0, { 32 }, { FK_C1 } },
};

int usc_pck_executed(unsigned fmt) { return fmt < 26; }
/* the fields .e0-.e3 can name (U565U565's last two only through a REPEAT) */
unsigned usc_pck_fields(unsigned fmt) { return fmt < 26 ? (fmts[fmt].nf > 4 ? 4u : fmts[fmt].nf) : 4; }
int usc_pck_scalable(unsigned fmt) { return fmt < 26 && fmts[fmt].scal; }

/* one float -> an integer field of `w` bits, kind U, S, O or OGL (D21, D22,
 * D27): the field's bits */
static int to_field(const usc_ctx *c, unsigned w, unsigned kind, unsigned flags, int scale, uint32_t x,
                    uint32_t *out)
{
    const fp_policy *p = &c->s->fp;
    unsigned exc = 0;
    uint64_t r = 0;
    int sg = kind != FK_U;
    int64_t lo = sg ? -(1ll << (w - 1)) : 0, hi = sg ? (1ll << (w - 1)) - 1 : (1ll << w) - 1;
    uint64_t v64;
    int st = fp_convert(FP_F64, FP_F32, x, p, 0, &v64, &exc);     /* exact */
    if (st) return st;
    if (scale) {
        /* clamp to [0, 1] or [-1, 1] (NaN 0), then times 2^w-1 (U),
         * 2^(w-1)-1 (S, O); exact in binary64 (24 x 24 bits at most) */
        double d;
        memcpy(&d, &v64, sizeof d);
        if (d != d) d = 0;
        if (d > 1) d = 1;
        if (d < (sg ? -1 : 0)) d = sg ? -1 : 0;
        if (kind == FK_OGL) {
            /* the field c with (2c+1)/(2^w-1) nearest to d: c = round((y-1)/2),
             * y = d(2^w-1) exact.  |y| >= 1: y-1 is exact too (at most 41
             * significant bits); |y| < 1: (y-1)/2 lies in (-1, 0) */
            double y = d * (double)((1ll << w) - 1);
            if (y > -1 && y < 1) {
                int rne = flags == FP_F_RND(FP_RNE);
                *out = rne && y < 0 ? (uint32_t)((1ull << w) - 1) : 0;   /* -1 or 0 */
                return 0;
            }
            d = (y - 1) / 2;
        } else
            d *= (double)hi;
        memcpy(&v64, &d, sizeof d);
    }
    st = fp_to_int(FP_I64, FP_F64, v64, p, flags, &r, &exc);
    if (st) return st;
    int64_t i = (int64_t)r;
    i = i < lo ? lo : i > hi ? hi : i;
    if (kind == FK_O) i += 1ll << (w - 1);                        /* offset: excess 2^(w-1) */
    *out = (uint32_t)(uint64_t)i & (uint32_t)((1ull << w) - 1);
    return 0;
}

/* f32 -> an unsigned small float (F11: 6 mantissa bits, F10: 5), D29:
 * negative values, -0 and -inf 0; +inf inf; NaN the default NaN (exponent
 * 31, the top mantissa bit); finite values to nearest even (overflow to
 * inf; knob small_float_sat=1: to the largest finite) or, .rndzero, toward
 * zero (overflow to the largest finite) */
static int to_small(const usc_ctx *c, unsigned mb, int rtz, uint32_t x, uint32_t *out)
{
    uint32_t inf = 31u << mb;
    if ((x & 0x7fffffffu) > 0x7f800000u) { *out = inf | 1u << (mb - 1); return 0; }
    if (x >> 31) { *out = 0; return 0; }
    if (!rtz) {
        *out = fp_f32_to_ufsmall(x, mb);
        if (*out == inf && x != 0x7f800000u && c->s->cfg.small_float_sat) *out = inf - 1;
        return 0;
    }
    /* toward zero: the binary16 value toward zero (its grid holds the small
     * float's grid, exponents -14..15 alike) with its low mantissa bits cut */
    uint64_t h = 0;
    unsigned exc = 0;
    int st = fp_convert(FP_F16, FP_F32, x, &c->s->fp, FP_F_RND(FP_RTZ), &h, &exc);
    if (st) return st;
    *out = (uint32_t)h >> (10 - mb);
    return 0;
}

/* f32 -> SE9995 with the one value in field 0 and the others 0 (D30): the
 * shared-exponent rule of the common definition (EXT_texture_shared_exponent,
 * N = 9, B = 15): the value clamped to [0, 65408] (NaN 0), exponent
 * max(-16, floor(log2 v)) + 16, the mantissa floor(v / 2^(e-24) + 1/2)
 * (.rndzero: floor), one more exponent when it reaches 512 */
static uint32_t to_se9995(uint32_t x, int rtz)
{
    float f;
    memcpy(&f, &x, sizeof f);
    double v = f != f || f <= 0 ? 0 : f > 65408.0f ? 65408.0 : (double)f;
    int e = -16;
    if (v > 0) {
        int k;
        frexp(v, &k);                                              /* v in [2^(k-1), 2^k) */
        if (k - 1 > e) e = k - 1;
    }
    e += 16;
    double m = floor(ldexp(v, 24 - e) + (rtz ? 0 : 0.5));
    if (m >= 512) { e++; m = floor(ldexp(v, 24 - e) + (rtz ? 0 : 0.5)); }
    return (uint32_t)e << 27 | (uint32_t)m;
}

/* PCK.fmt FT2, IS3: one value (no REPEAT: D20) into field 0, the others 0 */
int usc_x_pck(usc_ctx *c, const usc_ins *in, char *err)
{
    const pck_fmt *f = &fmts[in->m];
    int rtz = !!(in->o & USC_PK_RTZ);
    unsigned flags = FP_F_RND(rtz ? FP_RTZ : FP_RNE);
    int scale = !!(in->o & USC_PK_SCALE);
    unsigned d = in->k[0], k = f->k[0], w = f->w[0];
    USC_FOR(c, l) {
        uint32_t x = usc_opv(c, in, 1, l), v = 0;
        uint64_t r = 0;
        unsigned exc = 0;
        int st = 0;
        switch (k) {
        case FK_BITS: v = x; break;
        case FK_C0:   v = 0; break;
        case FK_C1:   v = 0x3f800000u; break;
        case FK_F16:
            st = fp_convert(FP_F16, FP_F32, x, &c->s->fp, flags, &r, &exc);
            v = (uint32_t)r & 0xffffu;
            break;
        case FK_U32: case FK_S32:                                  /* saturating, NaN 0 */
            st = fp_to_int(k == FK_S32 ? FP_I32 : FP_U32, FP_F32, x, &c->s->fp, flags, &r, &exc);
            v = (uint32_t)r;
            break;
        case FK_F11: case FK_F10: st = to_small(c, k == FK_F11 ? 6 : 5, rtz, x, &v); break;
        case FK_E9:  v = to_se9995(x, rtz); break;
        default:     st = to_field(c, w, k, flags, scale, x, &v); break;
        }
        if (st) return gpuref_errf(err, st, "usc: pck conversion failed");
        c->v[d][l] = v;
    }
    return GPUREF_OK;
}

/* UNPCK.fmt FT0, S0.eK: field K of S0 to a float (D21-D23, D26-D31) */
int usc_x_unpck(usc_ctx *c, const usc_ins *in, char *err)
{
    const pck_fmt *f = &fmts[in->m];
    unsigned flags = FP_F_RND(in->o & USC_PK_RTZ ? FP_RTZ : FP_RNE);
    int scale = !!(in->o & USC_PK_SCALE);
    unsigned e = in->o & USC_PK_ESEL, d = in->k[0], k = f->k[e], w = f->w[e], off = 0;
    const fp_policy *p = &c->s->fp;
    for (unsigned j = 0; j < e; j++) off += f->w[j];
    if (k == FK_C0 || k == FK_C1 || in->m == USC_PCK_COVERAGEMASK)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "usc: unpck.%s is not a format of unpck (L614)",
                           usc_pck_names[in->m]);
    USC_FOR(c, l) {
        uint32_t x = usc_opv(c, in, 1, l), fv = w == 32 ? x : (x >> off) & ((1u << w) - 1);
        uint64_t r = 0;
        unsigned exc = 0;
        int st = 0;
        switch (k) {
        case FK_BITS: r = x; break;
        case FK_F16:  st = fp_convert(FP_F32, FP_F16, fv, p, 0, &r, &exc); break;
        case FK_U32: case FK_S32:
            st = fp_from_int(FP_F32, k == FK_S32 ? FP_I32 : FP_U32, fv, p, flags, &r, &exc);
            break;
        case FK_F11: case FK_F10: {
            unsigned mb = k == FK_F11 ? 6 : 5;
            r = (fv >> mb) == 31 && (fv & ((1u << mb) - 1)) ? 0x7fc00000u : fp_ufsmall_to_f32(fv, mb);
            break;
        }
        case FK_E9: {                                              /* m 2^(e-24), exact */
            float v = ldexpf((float)fv, (int)(x >> 27) - 24);
            uint32_t b;
            memcpy(&b, &v, sizeof b);
            r = b;
            break;
        }
        default: {
            /* the integer: U as is, S sign-extended, O less 2^(w-1), OGL as S */
            int32_t iv = (int32_t)fv;
            if (k == FK_O) iv -= (int32_t)(1u << (w - 1));
            else if (k != FK_U && (fv >> (w - 1))) iv -= (int32_t)(1u << w);
            uint64_t a = 0;
            st = fp_from_int(FP_F32, FP_I32, (uint32_t)iv, p, 0, &a, &exc);   /* exact: w <= 24 */
            if (!st && scale) {
                uint64_t num = a, den = 0;
                int32_t dv = k == FK_U ? (int32_t)((1u << w) - 1)
                           : k == FK_OGL ? (int32_t)((1u << w) - 1) : (int32_t)((1u << (w - 1)) - 1);
                if (k == FK_OGL) fp_from_int(FP_F32, FP_I32, (uint32_t)(2 * iv + 1), p, 0, &num, &exc);
                fp_from_int(FP_F32, FP_I32, (uint32_t)dv, p, 0, &den, &exc);
                st = fp_div(FP_F32, num, den, p, flags, &a, &exc);
                if (!st && (k == FK_S || k == FK_O) && iv == -(int32_t)(1u << (w - 1)))
                    a = 0xbf800000u;                            /* the most negative: -1.0 (D21) */
            }
            r = a;
        }
        }
        if (st) return gpuref_errf(err, st, "usc: unpck conversion failed");
        c->v[d][l] = (uint32_t)r;
    }
    return GPUREF_OK;
}

/* CONVERTTOF64.(F32 S32 U32) FT0, FT2, IS3: IS3 as binary64, exact; FT0 the
 * low word, FT2 the high word (L544-L548, D25) */
int usc_x_cvt_to64(usc_ctx *c, const usc_ins *in, char *err)
{
    const fp_policy *p = &c->s->fp;
    unsigned lo = in->k[0], hi = in->k[1];
    USC_FOR(c, l) {
        uint32_t x = usc_opv(c, in, 2, l);
        uint64_t r = 0;
        unsigned exc = 0;
        int st = in->m == 0 ? fp_convert(FP_F64, FP_F32, x, p, 0, &r, &exc)
                            : fp_from_int(FP_F64, in->m == 1 ? FP_I32 : FP_U32, x, p, 0, &r, &exc);
        if (st) return gpuref_errf(err, st, "usc: converttof64 failed");
        c->v[lo][l] = (uint32_t)r;
        c->v[hi][l] = (uint32_t)(r >> 32);
    }
    return GPUREF_OK;
}

/* CONVERTFROMF64.(F32 S32 U32) FT0, S0, S2: the binary64 {S2, S0} as f32
 * (nearest even) or a saturated integer (toward zero; cvt_f64_int_rne=1:
 * nearest even), NaN 0 (L550-L553, D25) */
int usc_x_cvt_from64(usc_ctx *c, const usc_ins *in, char *err)
{
    const fp_policy *p = &c->s->fp;
    unsigned d = in->k[0];
    unsigned flags = FP_F_RND(c->s->cfg.cvt_f64_int_rne ? FP_RNE : FP_RTZ);
    USC_FOR(c, l) {
        uint64_t x = (uint64_t)usc_opv(c, in, 2, l) << 32 | usc_opv(c, in, 1, l), r = 0;
        unsigned exc = 0;
        int st = in->m == 0 ? fp_convert(FP_F32, FP_F64, x, p, 0, &r, &exc)
                            : fp_to_int(in->m == 1 ? FP_I32 : FP_U32, FP_F64, x, p, flags, &r, &exc);
        if (st) return gpuref_errf(err, st, "usc: convertfromf64 failed");
        c->v[d][l] = (uint32_t)r;
    }
    return GPUREF_OK;
}
