/* usc_exec_pack.c - PCK and UNPCK (L600-L614), CONVERTTOF64 and
 * CONVERTFROMF64 (L544-L553), through model/fp with the "usc" policy.  The source lists the 26 formats and the two flags but no
 * conversion maths (digest §10 item 5); README decisions D20-D24 say what
 * the model does and why, and which formats stop as unimplemented. */
#include "usc.h"

/* the fields of a format: count, width (0: not executed) */
typedef struct pck_fmt { uint8_t fields, width, sign, scalable; } pck_fmt;

static const pck_fmt fmts[26] = {
    [USC_PCK_U8888]  = { 4, 8, 0, 1 },
    [USC_PCK_S8888]  = { 4, 8, 1, 1 },
    [USC_PCK_U1616]  = { 2, 16, 0, 1 },
    [USC_PCK_S1616]  = { 2, 16, 1, 1 },
    [USC_PCK_F16F16] = { 2, 16, 0, 0 },
    [USC_PCK_U32]    = { 1, 32, 0, 0 },
    [USC_PCK_S32]    = { 1, 32, 1, 0 },
    [USC_PCK_F32]    = { 1, 32, 0, 0 },
    [USC_PCK_CONST0] = { 1, 32, 0, 0 },
};

int usc_pck_executed(unsigned fmt) { return fmt < 26 && fmts[fmt].width != 0; }
unsigned usc_pck_fields(unsigned fmt) { return fmt < 26 && fmts[fmt].fields ? fmts[fmt].fields : 4; }
int usc_pck_scalable(unsigned fmt) { return fmt < 26 && (fmts[fmt].scalable || !fmts[fmt].width); }

static int unimpl(const usc_ins *in, char *err)
{
    return gpuref_errf(err, GPUREF_ERR_UNIMPL, "unimplemented: %s.%s (the source defines no "
                       "conversion for this format)", usc_rows[in->op].name, usc_pck_names[in->m]);
}

/* one float -> the field's integer (low `width` bits), D21-D22 */
static int to_field(const usc_ctx *c, const pck_fmt *f, unsigned flags, int scale, uint32_t x,
                    uint32_t *out)
{
    const fp_policy *p = &c->s->fp;
    unsigned exc = 0;
    uint64_t r = 0;
    if (f->width == 32 && !f->scalable) {        /* U32, S32: saturating, NaN 0 */
        int st = fp_to_int(f->sign ? FP_I32 : FP_U32, FP_F32, x, p, flags, &r, &exc);
        *out = (uint32_t)r;
        return st;
    }
    int64_t lo = f->sign ? -(1ll << (f->width - 1)) : 0, hi = f->sign ? (1ll << (f->width - 1)) - 1
                                                                     : (1ll << f->width) - 1;
    uint64_t v64;
    int st = fp_convert(FP_F64, FP_F32, x, p, 0, &v64, &exc);     /* exact */
    if (st) return st;
    if (scale) {
        /* clamp to [0, 1] or [-1, 1] (NaN 0), times 2^(w)-1 or 2^(w-1)-1: exact in binary64 */
        double d;
        memcpy(&d, &v64, sizeof d);
        if (d != d) d = 0;
        if (d > 1) d = 1;
        if (d < (f->sign ? -1 : 0)) d = f->sign ? -1 : 0;
        d *= (double)hi;
        memcpy(&v64, &d, sizeof d);
    }
    st = fp_to_int(FP_I64, FP_F64, v64, p, flags, &r, &exc);
    if (st) return st;
    int64_t i = (int64_t)r;
    i = i < lo ? lo : i > hi ? hi : i;
    *out = (uint32_t)(uint64_t)i & (uint32_t)((1ull << f->width) - 1);
    return 0;
}

/* PCK.fmt FT2, IS3: one value (no REPEAT: D20) into field 0, the others 0 */
int usc_x_pck(usc_ctx *c, const usc_ins *in, char *err)
{
    const pck_fmt *f = &fmts[in->m];
    if (!f->width) return unimpl(in, err);
    unsigned flags = FP_F_RND(in->o & USC_PK_RTZ ? FP_RTZ : FP_RNE);
    int scale = !!(in->o & USC_PK_SCALE);
    unsigned d = in->k[0];
    USC_FOR(c, l) {
        uint32_t x = usc_opv(c, in, 1, l), v = 0;
        int st = 0;
        if (in->m == USC_PCK_F32) v = x;
        else if (in->m == USC_PCK_CONST0) v = 0;
        else if (in->m == USC_PCK_F16F16) {
            uint64_t r = 0;
            unsigned exc = 0;
            st = fp_convert(FP_F16, FP_F32, x, &c->s->fp, flags, &r, &exc);
            v = (uint32_t)r & 0xffffu;
        } else
            st = to_field(c, f, flags, scale, x, &v);
        if (st) return gpuref_errf(err, st, "usc: pck conversion failed");
        c->v[d][l] = v;
    }
    return GPUREF_OK;
}

/* UNPCK.fmt FT0, S0.eK: field K of S0 to a float (D23) */
int usc_x_unpck(usc_ctx *c, const usc_ins *in, char *err)
{
    const pck_fmt *f = &fmts[in->m];
    if (!f->width || in->m == USC_PCK_CONST0) return unimpl(in, err);
    unsigned flags = FP_F_RND(in->o & USC_PK_RTZ ? FP_RTZ : FP_RNE);
    int scale = !!(in->o & USC_PK_SCALE);
    unsigned k = in->o & USC_PK_ESEL, d = in->k[0];
    const fp_policy *p = &c->s->fp;
    USC_FOR(c, l) {
        uint32_t x = usc_opv(c, in, 1, l), fv = f->width == 32 ? x : x >> (k * f->width);
        uint64_t r = 0;
        unsigned exc = 0;
        int st = 0;
        if (f->width < 32) fv &= (1u << f->width) - 1;
        if (in->m == USC_PCK_F32) r = x;
        else if (in->m == USC_PCK_F16F16) st = fp_convert(FP_F32, FP_F16, fv, p, 0, &r, &exc);
        else if (f->width == 32) st = fp_from_int(FP_F32, f->sign ? FP_I32 : FP_U32, fv, p, flags, &r, &exc);
        else {
            int32_t iv = f->sign && (fv >> (f->width - 1)) ? (int32_t)fv - (int32_t)(1u << f->width)
                                                           : (int32_t)fv;
            uint64_t a = 0;
            st = fp_from_int(FP_F32, FP_I32, (uint32_t)iv, p, 0, &a, &exc);   /* exact */
            if (!st && scale) {
                uint64_t den = 0;
                fp_from_int(FP_F32, FP_I32, f->sign ? (1u << (f->width - 1)) - 1 : (1u << f->width) - 1,
                            p, 0, &den, &exc);
                st = fp_div(FP_F32, a, den, p, flags, &a, &exc);
                if (!st && f->sign && iv == -(int32_t)(1u << (f->width - 1)))
                    a = 0xbf800000u;                            /* the most negative: -1.0 (D23) */
            }
            r = a;
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
