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
