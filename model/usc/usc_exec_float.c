/* usc_exec_float.c - FMAD, FADD, FMUL, MBYP, the complex ops and the
 * derivatives, through model/fp with the "usc" policy (README "Decisions"). */
#include "usc.h"

/* source modifiers in the order FLR -> ABS -> NEG (L354, L365); FLR keeps
 * NaN, +-inf and +-0 (L365) */
static uint32_t fmod_src(usc_ctx *c, uint32_t v, unsigned mods, unsigned si)
{
    if (mods & usc_mod_flr[si]) {
        if (!fp_is_nan(FP_F32, v)) {
            uint64_t r;
            unsigned exc = 0;
            fp_floor(FP_F32, v, &c->s->fp, 0, &r, &exc);
            v = (uint32_t)r;
        }
    }
    if (mods & usc_mod_abs[si]) v &= 0x7fffffffu;
    if (mods & usc_mod_neg[si]) v ^= 0x80000000u;
    return v;
}

/* the FT an instruction writes: its first operand */
static unsigned dst_of(const usc_ins *in) { return in->k[0]; }

static int farith(usc_ctx *c, const usc_ins *in, char *err, int op)
{
    unsigned flags = in->sat ? FP_F_CLAMP : 0, d = dst_of(in);
    USC_FOR(c, l) {
        uint64_t r = 0;
        unsigned exc = 0;
        uint32_t a = fmod_src(c, usc_opv(c, in, 1, l), in->mods, 0);
        uint32_t b = in->nk > 2 ? fmod_src(c, usc_opv(c, in, 2, l), in->mods, 1) : 0;
        int st;
        if (op == 0) st = fp_add(FP_F32, a, b, &c->s->fp, flags, &r, &exc);
        else if (op == 1) st = fp_mul(FP_F32, a, b, &c->s->fp, flags, &r, &exc);
        else if (op == 2) {
            uint32_t cc = fmod_src(c, usc_opv(c, in, 3, l), in->mods, 2);
            st = c->s->cfg.fmad_fused ? fp_fma(FP_F32, a, b, cc, &c->s->fp, flags, &r, &exc)
                                      : fp_mad(FP_F32, a, b, cc, &c->s->fp, flags, &r, &exc);
        } else {    /* MBYP: the move with modifiers (no rounding) */
            r = a;
            st = 0;
        }
        if (st) return gpuref_errf(err, st, "usc: float operation failed");
        c->v[d][l] = (uint32_t)r;
    }
    return GPUREF_OK;
}

int usc_x_fadd(usc_ctx *c, const usc_ins *in, char *err) { return farith(c, in, err, 0); }
int usc_x_fmul(usc_ctx *c, const usc_ins *in, char *err) { return farith(c, in, err, 1); }
int usc_x_fmad(usc_ctx *c, const usc_ins *in, char *err) { return farith(c, in, err, 2); }
int usc_x_mbyp(usc_ctx *c, const usc_ins *in, char *err) { return farith(c, in, err, 3); }

/* FRCP FRSQ FSQRT FLOG FEXP: correctly rounded (model/fp), the source's
 * special cases (L419-L448) hold for it; W0 directly (whole main ALU) */
int usc_x_cplx(usc_ctx *c, const usc_ins *in, char *err)
{
    USC_FOR(c, l) {
        uint64_t r = 0;
        unsigned exc = 0;
        uint32_t a = fmod_src(c, usc_opv(c, in, 1, l), in->mods, 0);
        int st;
        switch (in->op) {
        case USC_OP_FRCP:  st = fp_rcp(FP_F32, a, &c->s->fp, 0, &r, &exc); break;
        case USC_OP_FRSQ:  st = fp_rsq(FP_F32, a, &c->s->fp, 0, &r, &exc); break;
        case USC_OP_FSQRT: st = fp_sqrt(FP_F32, a, &c->s->fp, 0, &r, &exc); break;
        case USC_OP_FLOG:  st = fp_log2(FP_F32, a, &c->s->fp, 0, &r, &exc); break;
        default:           st = fp_exp2(FP_F32, a, &c->s->fp, 0, &r, &exc); break;
        }
        if (st) return gpuref_errf(err, st, "usc: float operation failed");
        c->v[USC_K_W0][l] = (uint32_t)r;
    }
    c->wset[0] = 1;
    c->wslot[0] = USC_SL_P0;
    return GPUREF_OK;
}

/* ------------------------------------------------ GCMP GEXP FSINC FARCTANC
 * (L450-L462, L557-L570; D41-D44): each a fixed sequence of binary32 steps
 * of the usc policy (D4), every step rounded to nearest even through
 * model/fp (log2, exp2 and sin correctly rounded), so that a DUT can run
 * the same steps bit for bit.  st collects the first failing status. */
typedef struct fnx { usc_ctx *c; int st; } fnx;
enum { FN_ADD, FN_SUB, FN_MUL, FN_DIV, FN_SQRT, FN_RCP, FN_LOG2, FN_EXP2, FN_SINT };
static uint32_t fn(fnx *x, int op, uint32_t a, uint32_t b)
{
    const fp_policy *p = &x->c->s->fp;
    uint64_t r = 0;
    unsigned exc = 0;
    int st;
    switch (op) {
    case FN_ADD:  st = fp_add(FP_F32, a, b, p, 0, &r, &exc); break;
    case FN_SUB:  st = fp_sub(FP_F32, a, b, p, 0, &r, &exc); break;
    case FN_MUL:  st = fp_mul(FP_F32, a, b, p, 0, &r, &exc); break;
    case FN_DIV:  st = fp_div(FP_F32, a, b, p, 0, &r, &exc); break;
    case FN_SQRT: st = fp_sqrt(FP_F32, a, p, 0, &r, &exc); break;
    case FN_RCP:  st = fp_rcp(FP_F32, a, p, 0, &r, &exc); break;
    case FN_LOG2: st = fp_log2(FP_F32, a, p, 0, &r, &exc); break;
    case FN_EXP2: st = fp_exp2(FP_F32, a, p, 0, &r, &exc); break;
    default:      st = fp_sin(FP_F32, a, p, FP_F_TURNS, &r, &exc); break;
    }
    if (st && !x->st) x->st = st;
    return (uint32_t)r;
}

#define F32_NAN  0x7fc00000u
#define F32_ONE  0x3f800000u
/* the constants: the special-constant table's sRGB entries (L1181-L1280)
 * and the ones the steps add */
#define SRGB_LIN_MAX   0x3b4d2e1cu   /* c136 0.0031308 */
#define SRGB_12_92     0x414eb852u   /* c137 12.92 */
#define SRGB_INV_2_4   0x3ed55555u   /* c138 1/2.4 */
#define SRGB_1_055     0x3f870a3du   /* c139 1.055 */
#define SRGB_0_055     0x3d6147aeu   /* c140 0.055 */
#define SRGB_ENC_MAX   0x3d25aee6u   /* c156 0.04045 */
#define SRGB_INV_12_92 0x3d9e8391u   /* c157 1/12.92 */
#define SRGB_INV_1_055 0x3f72a76fu   /* c158 1/1.055 */
#define SRGB_2_4       0x4019999au   /* 2.4 rounded to nearest */
#define F32_HALF_PI    0x3fc90fdbu   /* pi/2 rounded to nearest */
/* arctan(t)/t = sum (-1)^k t^2k / (2k+1), k = 0..9, each rounded to nearest */
static const uint32_t atanc_coef[10] = {
    0x3f800000u, 0xbeaaaaabu, 0x3e4ccccdu, 0xbe124925u, 0x3de38e39u,
    0xbdba2e8cu, 0x3d9d89d9u, 0xbd888889u, 0x3d70f0f1u, 0xbd579436u,
};

static int f32_le(fnx *x, uint32_t a, uint32_t b)
{
    int res = 0;
    unsigned exc = 0;
    int st = fp_cmp(FP_F32, FP_CMP_LE, a, b, &x->c->s->fp, 0, &res, &exc);
    if (st && !x->st) x->st = st;
    return res;
}

/* D41 GCMP: linear to sRGB; D42 GEXP: sRGB to linear */
static uint32_t f_gcmp(fnx *x, uint32_t a)
{
    if (fp_is_nan(FP_F32, a)) return F32_NAN;
    if (f32_le(x, a, SRGB_LIN_MAX)) return fn(x, FN_MUL, a, SRGB_12_92);
    uint32_t l = fn(x, FN_LOG2, a, 0), m = fn(x, FN_MUL, l, SRGB_INV_2_4);
    uint32_t e = fn(x, FN_EXP2, m, 0), p = fn(x, FN_MUL, e, SRGB_1_055);
    return fn(x, FN_SUB, p, SRGB_0_055);
}
static uint32_t f_gexp(fnx *x, uint32_t a)
{
    if (fp_is_nan(FP_F32, a)) return F32_NAN;
    if (f32_le(x, a, SRGB_ENC_MAX)) return fn(x, FN_MUL, a, SRGB_INV_12_92);
    uint32_t t = fn(x, FN_ADD, a, SRGB_0_055), u = fn(x, FN_MUL, t, SRGB_INV_1_055);
    uint32_t l = fn(x, FN_LOG2, u, 0), m = fn(x, FN_MUL, l, SRGB_2_4);
    return fn(x, FN_EXP2, m, 0);
}
/* D43 FSINC: sin(pi/2 x) / x (x in quarter turns); *p the predicate */
static uint32_t f_fsinc(fnx *x, uint32_t a, unsigned *p)
{
    unsigned e = a >> 23 & 0xffu;
    *p = e != 0xffu;
    if (e == 0xffu) return F32_NAN;                 /* NaN, +-inf */
    if (e < 103) return F32_HALF_PI;                /* L562 item 3 */
    uint32_t t = fn(x, FN_MUL, a, 0x3e800000u);     /* x / 4: turns, exact */
    return fn(x, FN_DIV, fn(x, FN_SINT, t, 0), a);
}
/* D44 FARCTANC: arctan(x) / x through the half angle t = x / (1 + sqrt(1 +
 * x^2)): arctan(x) / x = 2 u P(t^2), u = 1 / (1 + sqrt(1 + x^2)) */
static uint32_t f_farctanc(fnx *x, uint32_t a)
{
    if (fp_is_nan(FP_F32, a)) return F32_NAN;
    if ((a & 0x7fffffffu) < 0x39c00000u) return F32_ONE;   /* L569 */
    if ((a & 0x7fffffffu) == 0x7f800000u) return 0;        /* +-inf: the limit +0 */
    uint32_t s = fn(x, FN_MUL, a, a), q = fn(x, FN_ADD, F32_ONE, s);
    uint32_t r = fn(x, FN_SQRT, q, 0), d = fn(x, FN_ADD, F32_ONE, r);
    uint32_t u = fn(x, FN_RCP, d, 0), t = fn(x, FN_MUL, a, u), t2 = fn(x, FN_MUL, t, t);
    uint32_t p = atanc_coef[9];
    for (int k = 8; k >= 0; k--) p = fn(x, FN_ADD, fn(x, FN_MUL, p, t2), atanc_coef[k]);
    return fn(x, FN_MUL, fn(x, FN_ADD, u, u), p);
}

int usc_x_gfn(usc_ctx *c, const usc_ins *in, char *err)
{
    fnx x = { c, 0 };
    int wp0 = in->op == USC_OP_FSINC;
    USC_FOR(c, l) {
        uint32_t a = fmod_src(c, usc_opv(c, in, wp0 ? 2 : 1, l), in->mods, 0), r;
        unsigned p = 0;
        switch (in->op) {
        case USC_OP_GCMP:  r = f_gcmp(&x, a); break;
        case USC_OP_GEXP:  r = f_gexp(&x, a); break;
        case USC_OP_FSINC: r = f_fsinc(&x, a, &p); break;
        default:           r = f_farctanc(&x, a); break;
        }
        if (x.st) return gpuref_errf(err, x.st, "usc: %s failed", usc_rows[in->op].name);
        c->v[USC_K_W0][l] = r;
        if (wp0) c->v[USC_K_P0][l] = p;
    }
    if (wp0) { c->p0set = 1; c->p0slot = USC_SL_P0; }
    c->wset[0] = 1;
    c->wslot[0] = USC_SL_P0;
    return GPUREF_OK;
}

/* derivatives over 2x2 quads of instances 4q..4q+3: Pix0 top left, Pix1
 * top right, Pix2 bottom left, Pix3 bottom right (L517-L543) */
int usc_x_fds(usc_ctx *c, const usc_ins *in, char *err)
{
    unsigned d = dst_of(in), sk = in->k[1];
    USC_FOR(c, l) {
        unsigned q = l & ~3u, p = l & 3u, a, b;
        switch (in->op) {
        case USC_OP_FDSX:  a = 1; b = 0; break;
        case USC_OP_FDSY:  a = 2; b = 0; break;
        case USC_OP_FDSXF: a = (p & 2) | 1; b = p & 2; break;
        default:           a = 2 | (p & 1); b = p & 1; break;
        }
        uint32_t x = fmod_src(c, c->v[sk][q + a], in->mods, 0);
        uint32_t y = fmod_src(c, c->v[sk][q + b], in->mods, 0);
        uint64_t r = 0;
        unsigned exc = 0;
        int st = fp_sub(FP_F32, x, y, &c->s->fp, 0, &r, &exc);
        if (st) return gpuref_errf(err, st, "usc: float operation failed");
        c->v[d][l] = (uint32_t)r;
    }
    return GPUREF_OK;
}

/* the binary64 operand j (0-2) of an F64 row: the pair of form operands
 * 2 + 2j (low word) and 3 + 2j (high word) */
static uint64_t f64_opv(const usc_ctx *c, const usc_ins *in, unsigned j, unsigned l)
{
    return (uint64_t)usc_opv(c, in, 3 + 2 * j, l) << 32 | usc_opv(c, in, 2 + 2 * j, l);
}

/* F64MUL F64ADD F64MAD F64DIV F64RCP F64SQRT F64RSQ F64BYP (L1143-L1172,
 * D32): IEEE binary64 through model/fp with the usc policy, correctly
 * rounded to nearest even; F64MAD fused unless fmad_fused=0 (D2's knob, two
 * roundings); F64BYP moves the bits.  W0 = low word, W1 = high word. */
int usc_x_f64(usc_ctx *c, const usc_ins *in, char *err)
{
    const fp_policy *p = &c->s->fp;
    USC_FOR(c, l) {
        uint64_t a = f64_opv(c, in, 0, l), b = in->nk > 5 ? f64_opv(c, in, 1, l) : 0, r = 0;
        unsigned exc = 0;
        int st = 0;
        switch (in->op) {
        case USC_OP_F64MUL:  st = fp_mul(FP_F64, a, b, p, 0, &r, &exc); break;
        case USC_OP_F64ADD:  st = fp_add(FP_F64, a, b, p, 0, &r, &exc); break;
        case USC_OP_F64DIV:  st = fp_div(FP_F64, a, b, p, 0, &r, &exc); break;
        case USC_OP_F64RCP:  st = fp_rcp(FP_F64, a, p, 0, &r, &exc); break;
        case USC_OP_F64SQRT: st = fp_sqrt(FP_F64, a, p, 0, &r, &exc); break;
        case USC_OP_F64RSQ:  st = fp_rsq(FP_F64, a, p, 0, &r, &exc); break;
        case USC_OP_F64MAD: {
            uint64_t cc = f64_opv(c, in, 2, l);
            st = c->s->cfg.fmad_fused ? fp_fma(FP_F64, a, b, cc, p, 0, &r, &exc)
                                      : fp_mad(FP_F64, a, b, cc, p, 0, &r, &exc);
            break;
        }
        default:             r = a; break;     /* F64BYP */
        }
        if (st) return gpuref_errf(err, st, "usc: %s failed", usc_rows[in->op].name);
        c->v[USC_K_W0][l] = (uint32_t)r;
        c->v[USC_K_W1][l] = (uint32_t)(r >> 32);
    }
    c->wset[0] = c->wset[1] = 1;
    c->wslot[0] = c->wslot[1] = USC_SL_P0;
    return GPUREF_OK;
}

/* ---------------------------------------------------------------- F16SOP
 * (L463-L476, D33): binary16 of the usc policy, each product, 1 - x and the
 * combine rounded to nearest even. */
static uint32_t h_op(usc_ctx *c, int op, uint32_t a, uint32_t b)
{
    const fp_policy *p = &c->s->fp;
    uint64_t r = 0;
    unsigned exc = 0;
    switch (op) {
    case USC_SOP_ADD:  fp_add(FP_F16, a, b, p, 0, &r, &exc); break;
    case USC_SOP_SUB:  fp_sub(FP_F16, a, b, p, 0, &r, &exc); break;
    case USC_SOP_RSUB: fp_sub(FP_F16, b, a, p, 0, &r, &exc); break;
    case USC_SOP_MIN:  fp_min(FP_F16, FP_MM_IEEE2008, a, b, p, 0, &r, &exc); break;
    case USC_SOP_MAX:  fp_max(FP_F16, FP_MM_IEEE2008, a, b, p, 0, &r, &exc); break;
    default:           fp_mul(FP_F16, a, b, p, 0, &r, &exc); break;   /* -1: a product */
    }
    return (uint32_t)r & 0xffffu;
}

/* argument i (0-3: A E B F / C G D H) of control word w, instance l */
static uint32_t sop_arg(usc_ctx *c, uint32_t w, unsigned i, unsigned l)
{
    unsigned a = USC_SOP_ARG(w, i), s = a & 7, sh = a & 8 ? 16 : 0;
    uint32_t x;
    if (s < 6) x = c->v[USC_K_S0 + s][l] >> sh & 0xffffu;
    else if (s == 6) x = 0;                 /* the constant 0 */
    else {                                  /* z = min(S1, 1 - S0), the same element */
        uint32_t s0 = c->v[USC_K_S0][l] >> sh & 0xffffu, s1 = c->v[USC_K_S1][l] >> sh & 0xffffu;
        x = h_op(c, USC_SOP_MIN, s1, h_op(c, USC_SOP_SUB, 0x3c00u, s0));
    }
    if (a & 16) x = i & 1 ? h_op(c, USC_SOP_SUB, 0x3c00u, x) : x ^ 0x8000u;   /* .oneminus / .neg */
    return x;
}

/* knob sop_fused=1 (D33): (a * e) op (b * f) with one rounding for add, sub
 * and rsub.  The products are exact in binary64 (11-bit significands); their
 * sum is rounded toward zero to binary64 with the sticky bit ORed into the
 * last place (round to odd), then to binary16 to nearest even: 53 >= 2 * 11
 * + 2 bits, so the double rounding gives the correctly rounded sum.  min and
 * max pick the same product either way (rounding is monotonic). */
static uint32_t h_sop_fused(usc_ctx *c, int op, const uint32_t v[4])
{
    const fp_policy *p = &c->s->fp;
    uint64_t x[4], pr[2], r = 0;
    unsigned exc = 0;
    if (op == USC_SOP_MIN || op == USC_SOP_MAX)
        return h_op(c, op, h_op(c, -1, v[0], v[1]), h_op(c, -1, v[2], v[3]));
    for (unsigned i = 0; i < 4; i++) fp_convert(FP_F64, FP_F16, v[i], p, 0, &x[i], &exc);
    fp_mul(FP_F64, x[0], x[1], p, 0, &pr[0], &exc);
    fp_mul(FP_F64, x[2], x[3], p, 0, &pr[1], &exc);
    exc = 0;
    if (op == USC_SOP_ADD) fp_add(FP_F64, pr[0], pr[1], p, FP_F_RND(FP_RTZ), &r, &exc);
    else if (op == USC_SOP_SUB) fp_sub(FP_F64, pr[0], pr[1], p, FP_F_RND(FP_RTZ), &r, &exc);
    else fp_sub(FP_F64, pr[1], pr[0], p, FP_F_RND(FP_RTZ), &r, &exc);
    if ((exc & FP_EXC_INEXACT) && !fp_is_nan(FP_F64, r)) r |= 1;
    uint64_t h = 0;
    fp_convert(FP_F16, FP_F64, r, p, 0, &h, &exc);
    return (uint32_t)h & 0xffffu;
}

int usc_x_f16sop(usc_ctx *c, const usc_ins *in, char *err)
{
    const uint32_t jw = in->ctl[0], kw = in->ctl[1];
    unsigned jd = USC_SOP_DST(jw);
    (void)err;
    USC_FOR(c, l) {
        uint32_t v[2][4], r[2];
        for (unsigned w = 0; w < 2; w++) {
            uint32_t cw = in->ctl[w];
            for (unsigned i = 0; i < 4; i++) v[w][i] = sop_arg(c, cw, i, l);
            uint32_t res;
            if (c->s->cfg.sop_fused) res = h_sop_fused(c, (int)USC_SOP_OP(cw), v[w]);
            else res = h_op(c, (int)USC_SOP_OP(cw), h_op(c, -1, v[w][0], v[w][1]),
                            h_op(c, -1, v[w][2], v[w][3]));
            unsigned o = USC_SOP_OUT(cw);     /* j a b / k c d */
            r[w] = o == 0 ? res : o == 1 ? v[w][0] : v[w][2];
        }
        if (jd == 0) {                        /* F32 outputs: W0 = j, W1 = k (exact) */
            for (unsigned w = 0; w < 2; w++) {
                uint64_t f = 0;
                unsigned exc = 0;
                fp_convert(FP_F32, FP_F16, r[w], &c->s->fp, 0, &f, &exc);
                c->v[USC_K_W0 + w][l] = (uint32_t)f;
            }
        } else {
            c->v[USC_K_W0][l] = jd == 2 ? r[0] << 16 | r[1] : r[1] << 16 | r[0];
            if (kw & USC_SOP_MOV) c->v[USC_K_W1][l] = c->v[USC_K_S3][l];
        }
    }
    c->wset[0] = 1;
    c->wslot[0] = USC_SL_P0;
    if (usc_sop_w1(in->ctl)) {
        c->wset[1] = 1;
        c->wslot[1] = USC_SL_P0;
    }
    return GPUREF_OK;
}

/* ------------------------------------------------------------ F16SOP.MAD
 * (L479-L483, D34): four independent binary16 multiply-adds, W0.e0 =
 * A*E+V, W0.e1 = C*G+X, W1.e0 = B*F+W, W1.e1 = D*H+Y (the syntax's operand
 * groups in order).  Each argument: the F16 element, then FLR (NaN, +-inf,
 * +-0 kept), .abs, .clamp ([+0, 1], NaN -> +0), then .neg or .oneminus (1 - x
 * rounded).  The product is rounded, then the sum (sop_fused=1: one rounding,
 * fp_fma); the destination's .clamp clamps the result. */
static uint32_t h_clamp(uint32_t x)
{
    if (fp_is_nan(FP_F16, x) || (x & 0x8000u)) return 0;     /* NaN, negatives and -0: +0 */
    return x > 0x3c00u ? 0x3c00u : x;
}

static uint32_t mad_arg(usc_ctx *c, uint32_t f, unsigned a, unsigned l)
{
    static const uint8_t sh[3] = { 0, 7, 14 };
    unsigned x = f >> sh[a], s = x & 7;
    uint32_t v = s < 6 ? c->v[USC_K_S0 + s][l] >> (x & 8 ? 16 : 0) & 0xffffu : 0;
    /* modifier bits after the element: A neg abs flr; E oneminus clamp abs;
     * V neg clamp abs flr */
    unsigned neg = a != 1 && (x >> 4 & 1), om = a == 1 && (x >> 4 & 1);
    unsigned cl = a == 1 ? x >> 5 & 1 : a == 2 ? x >> 5 & 1 : 0;
    unsigned ab = a == 0 ? x >> 5 & 1 : x >> 6 & 1;
    unsigned fl = a == 0 ? x >> 6 & 1 : a == 2 ? x >> 7 & 1 : 0;
    if (fl && !fp_is_nan(FP_F16, v)) {
        uint64_t r = 0;
        unsigned exc = 0;
        fp_floor(FP_F16, v, &c->s->fp, 0, &r, &exc);
        v = (uint32_t)r & 0xffffu;
    }
    if (ab) v &= 0x7fffu;
    if (cl) v = h_clamp(v);
    if (neg) v ^= 0x8000u;
    if (om) v = h_op(c, USC_SOP_SUB, 0x3c00u, v);
    return v;
}

int usc_x_f16sopmad(usc_ctx *c, const usc_ins *in, char *err)
{
    (void)err;
    USC_FOR(c, l) {
        uint32_t h[4];
        for (unsigned m = 0; m < 4; m++) {
            uint32_t f = usc_mad_field(in->ctl, m);
            uint32_t a = mad_arg(c, f, 0, l), e = mad_arg(c, f, 1, l), v = mad_arg(c, f, 2, l);
            uint64_t r = 0;
            unsigned exc = 0;
            if (c->s->cfg.sop_fused) fp_fma(FP_F16, a, e, v, &c->s->fp, 0, &r, &exc);
            else r = h_op(c, USC_SOP_ADD, h_op(c, -1, a, e), v);
            h[m] = (uint32_t)r & 0xffffu;
            if (f >> 22 & 1) h[m] = h_clamp(h[m]);
        }
        c->v[USC_K_W0][l] = h[1] << 16 | h[0];
        c->v[USC_K_W1][l] = h[3] << 16 | h[2];
    }
    c->wset[0] = c->wset[1] = 1;
    c->wslot[0] = c->wslot[1] = USC_SL_P0;
    return GPUREF_OK;
}

/* SOPMOV W1, S3 (L476) and SOPU8MADMOV W1, S0 (L508, D35), phase 2: the
 * MOV part of the SOP on its own */
int usc_x_sopmov(usc_ctx *c, const usc_ins *in, char *err)
{
    (void)err;
    USC_FOR(c, l) c->v[USC_K_W1][l] = usc_opv(c, in, 1, l);
    c->wset[1] = 1;
    c->wslot[1] = (int8_t)in->slot;
    return GPUREF_OK;
}
