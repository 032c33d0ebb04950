/* nvfp_step.c - one retired unit: one instruction on the four pixels of the
 * quad.  The operand path of every table's prologue: read (format tag
 * rule, p[58]), convert to the destination precision (p[57]), swizzle
 * (Table 3), negate (p[40]); the exec function; then the conversion to the
 * destination precision with the s12 clamp (p[53]), the conditional
 * writemask (Table 4), the CC update (p[41]) and the register write.
 * Everything is computed before any state changes: a failing step leaves
 * the state as it was. */
#include <string.h>

#include "nvfp.h"

#define P (&c->s->fp)

int nvfp_cc_test(unsigned test, unsigned st)
{
    switch (test) {
    case NVFP_T_EQ: return st == NVFP_CC_EQ;
    case NVFP_T_NE: return st != NVFP_CC_EQ;
    case NVFP_T_LT: return st == NVFP_CC_LT;
    case NVFP_T_GE: return st != NVFP_CC_LT;
    case NVFP_T_LE: return st != NVFP_CC_GT;
    case NVFP_T_GT: return st == NVFP_CC_GT;
    case NVFP_T_FL: return 0;
    default:        return 1;
    }
}

/* s12 (2.10 two's complement, a 16-bit container) <-> fp32 */
static uint32_t s12_to_f32(const fp_policy *p, uint32_t v)
{
    uint64_t r = 0, m = 0;
    fp_from_int(FP_F32, FP_I32, (uint32_t)(int32_t)(int16_t)(uint16_t)v, p, 0, &r, NULL);
    fp_mul(FP_F32, r, 0x3a800000u /* 2^-10 */, p, 0, &m, NULL);
    return (uint32_t)m;
}

/* round to nearest even at 2^-10 and clamp to [-2, 2047/1024] (p[53], D7) */
static uint32_t f32_to_s12(const fp_policy *p, uint32_t v)
{
    uint64_t m = 0, i = 0;
    fp_mul(FP_F32, v, 0x44800000u /* 1024 */, p, 0, &m, NULL);
    fp_to_int(FP_I32, FP_F32, m, p, 0, &i, NULL);
    int32_t n = (int32_t)(uint32_t)i;
    if (n < -2048)
        n = -2048;
    if (n > 2047)
        n = 2047;
    return (uint16_t)(int16_t)n;
}

/* a value of format `from` (register precision) in the execution format of
 * destination precision `to` */
static uint32_t convert(const fp_policy *p, unsigned from, unsigned to, uint32_t v)
{
    uint64_t r = 0;
    uint32_t f32;
    if (from == to && to != NVFP_PR_I)
        return v;
    if (from == NVFP_PR_R)
        f32 = v;
    else if (from == NVFP_PR_H) {
        fp_convert(FP_F32, FP_F16, v, p, 0, &r, NULL);
        f32 = (uint32_t)r;
    } else
        f32 = s12_to_f32(p, v);
    switch (to) {
    case NVFP_PR_R: return f32;
    case NVFP_PR_H: fp_convert(FP_F16, FP_F32, f32, p, 0, &r, NULL); return (uint32_t)r;
    default:        return from == NVFP_PR_I ? f32 : s12_to_f32(p, f32_to_s12(p, f32));
    }
}

/* the four components of source k of pixel l as stored, and their format */
static void fetch(const nvfp_state *s, const nvfp_src *o, unsigned l, uint32_t v[4], unsigned *fmt)
{
    *fmt = NVFP_PR_R;
    for (unsigned j = 0; j < 4; j++) {
        switch (o->type) {
        case NVFP_ST_P: v[j] = s->p[o->index][j][l]; break;
        case NVFP_ST_C: v[j] = s->c[o->index][j]; break;
        default:
            if (o->prec == NVFP_PR_R) {
                v[j] = s->fmt[o->index][l] == NVFP_PR_R ? s->reg[o->index][j][l] : 0;
            } else {
                unsigned ch = o->index >> 1;
                uint32_t w = s->reg[ch][(o->index & 1) * 2 + (j >> 1)][l];
                /* p[58]: a chunk read in another format than it was last
                 * written in reads 0.0 */
                v[j] = s->fmt[ch][l] != o->prec ? 0 : (j & 1) ? w >> 16 : w & 0xffff;
                *fmt = o->prec;
            }
        }
    }
}

/* status of a stored result against 0.0 (p[41]; -0 is 0, p[51]) */
static unsigned status(unsigned prec, uint32_t v)
{
    if (prec == NVFP_PR_I) {
        int16_t n = (int16_t)(uint16_t)v;
        return n == 0 ? NVFP_CC_EQ : n < 0 ? NVFP_CC_LT : NVFP_CC_GT;
    }
    uint32_t sign = prec == NVFP_PR_H ? 0x8000u : 0x80000000u;
    if (!(v & (sign - 1)))
        return NVFP_CC_EQ;
    return (v & sign) ? NVFP_CC_LT : NVFP_CC_GT;
}

/* pixel l's value in a retire entry (none when the record is full) */
static void put_lane(gpuref_regw *w, unsigned l, uint32_t v)
{
    if (w) {
        w->lanes |= 1u << l;
        w->value[l] = v;
    }
}

int nvfp_step(void *st, gpuref_retire *rr, char *err)
{
    nvfp_state *s = st;
    if (s->finished)
        return gpuref_errf(err, GPUREF_ERR_DONE, "program finished");
    uint32_t end = s->base + (uint32_t)s->nwords * 4;
    if (s->pc < s->base || s->pc >= end || (s->pc - s->base) % 16)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "pc 0x%x is outside the loaded program [0x%x, 0x%x)",
                           s->pc, s->base, end);
    size_t k = (s->pc - s->base) / 16;
    if (s->decst[k]) {   /* the decoder's message, for the word executed */
        nvfp_insn bad;
        if (k >= NVFP_MAXINSN)
            return gpuref_errf(err, GPUREF_ERR_RANGE, "nvfp: instruction %zu is past the instruction "
                               "storage of %u (Table 2)", k, NVFP_MAXINSN);
        size_t avail = s->nwords - k * NVFP_WORDS < NVFP_WORDS ? s->nwords - k * NVFP_WORDS : NVFP_WORDS;
        return nvfp_decode_insn(s->words + k * NVFP_WORDS, avail, &bad, err);
    }
    const nvfp_insn *in = &s->dec[k];
    const nvfp_row *row = &nvfp_rows[in->op];
    if (s->fk[k] && s->fast && !s->cfg.kil_stop) {
        /* the common arithmetic rows: the same results and entries
         * (nvfp_step_fast.c) */
        nvfp_step_fast(s, in, s->fk[k], rr);
        rr->nwords = NVFP_WORDS;
        memcpy(rr->words, s->words + k * NVFP_WORDS, sizeof(uint32_t) * NVFP_WORDS);
        rr->pc = s->pc;
        rr->next_pc = s->pc + 16;
        rr->exec_mask = 0xf;
        s->pc += 16;
        if (s->pc >= end) {
            s->finished = 1;
            rr->flags |= GPUREF_RETIRE_END | GPUREF_RETIRE_EXIT;
        }
        return GPUREF_OK;
    }

    nvfp_ctx cx, *c = &cx;
    c->s = s;
    c->in = in;
    c->raw = 0;
    /* zeros by copies of a constant size (inlined; a memset here is not) */
    static const uint32_t zeros[NVFP_LANES][4];
    memset(c->kill, 0, sizeof c->kill);
    memcpy(c->q, zeros, sizeof c->q);
    unsigned xprec = row->srcprec == NVFP_SP_D ? in->dprec : NVFP_PR_R;
    c->f = xprec == NVFP_PR_H ? FP_F16 : FP_F32;
    uint32_t sign = c->f == FP_F16 ? 0x8000u : 0x80000000u;
    for (unsigned n = row->nsrc; n < 3; n++)
        memcpy(c->t[n], zeros, sizeof c->t[n]);
    for (unsigned n = 0; n < row->nsrc; n++) {
        const nvfp_src *o = &in->src[n];
        const unsigned sw0 = o->swz & 3, sw1 = o->swz >> 2 & 3, sw2 = o->swz >> 4 & 3, sw3 = o->swz >> 6 & 3;
        if (xprec == NVFP_PR_R && row->srcprec != NVFP_SP_W && (o->type != NVFP_ST_REG || o->prec == NVFP_PR_R)) {
            /* an fp32 value read for fp32 execution: no conversion (convert()
             * returns it), then the swizzle and the negation */
            const uint32_t ng = o->neg ? 0x80000000u : 0;
            for (unsigned l = 0; l < NVFP_LANES; l++) {
                uint32_t v[4];
                if (o->type == NVFP_ST_P)
                    for (unsigned j = 0; j < 4; j++) v[j] = s->p[o->index][j][l];
                else if (o->type == NVFP_ST_C)
                    for (unsigned j = 0; j < 4; j++) v[j] = s->c[o->index][j];
                else if (s->fmt[o->index][l] == NVFP_PR_R)
                    for (unsigned j = 0; j < 4; j++) v[j] = s->reg[o->index][j][l];
                else   /* p[58]: a chunk last written in another format reads 0.0 */
                    v[0] = v[1] = v[2] = v[3] = 0;
                c->t[n][l][0] = v[sw0] ^ ng;
                c->t[n][l][1] = v[sw1] ^ ng;
                c->t[n][l][2] = v[sw2] ^ ng;
                c->t[n][l][3] = v[sw3] ^ ng;
            }
            continue;
        }
        for (unsigned l = 0; l < NVFP_LANES; l++) {
            uint32_t v[4];
            unsigned fmt;
            fetch(s, o, l, v, &fmt);
            for (unsigned j = 0; j < 4; j++) {
                uint32_t x = v[o->swz >> (2 * j) & 3];
                if (row->srcprec != NVFP_SP_W)
                    x = convert(P, fmt, xprec, x);
                c->t[n][l][j] = o->neg ? x ^ (row->srcprec == NVFP_SP_W ? 0x80000000u : sign) : x;
            }
        }
    }
    int r = nvfp_exec[in->op](c, err);
    if (r)
        return r;

    rr->nwords = NVFP_WORDS;
    memcpy(rr->words, s->words + k * NVFP_WORDS, sizeof(uint32_t) * NVFP_WORDS);
    rr->pc = s->pc;
    rr->next_pc = s->pc + 16;
    rr->exec_mask = 0xf;

    if (in->op == NVFP_OP_KIL) {
        gpuref_regw *w = NULL;
        for (unsigned l = 0; l < NVFP_LANES; l++)
            if (c->kill[l]) {
                s->kill[l] = 1;
                if (!w)
                    w = gpuref_retire_regw(rr, NVFP_F_KILL, 0, 1);
                put_lane(w, l, 1);
            }
    } else if (!(row->flags & NVFP_NODST) && in->dprec == NVFP_PR_R && in->cctest == NVFP_T_TR &&
               !in->ccdst && !s->cfg.kil_stop) {
        /* an fp32 destination without a condition: every pixel writes the
         * components of the writemask, the values as computed; the same
         * entries in the same order as below (words, tag, CC) */
        const unsigned ch = in->dreg, mask = in->wmask;
        for (unsigned j = 0; j < 4; j++)
            if (mask >> j & 1) {
                gpuref_regw *w = gpuref_retire_regw(rr, NVFP_F_R, ch * 4 + j, 0xffffffffu);
                for (unsigned l = 0; l < NVFP_LANES; l++)
                    s->reg[ch][j][l] = c->q[l][j];
                if (w) {
                    w->lanes |= 0xfu;
                    for (unsigned l = 0; l < NVFP_LANES; l++)
                        w->value[l] = c->q[l][j];
                }
            }
        gpuref_regw *w = gpuref_retire_regw(rr, NVFP_F_FMT, ch, 3);
        for (unsigned l = 0; l < NVFP_LANES; l++) {
            s->fmt[ch][l] = NVFP_PR_R;
            put_lane(w, l, NVFP_PR_R);
        }
        if (in->cc)
            for (unsigned j = 0; j < 4; j++)
                if (mask >> j & 1) {
                    gpuref_regw *x = gpuref_retire_regw(rr, NVFP_F_CC, j, 3);
                    for (unsigned l = 0; l < NVFP_LANES; l++) {
                        s->cc[j][l] = (uint8_t)status(NVFP_PR_R, c->q[l][j]);
                        put_lane(x, l, s->cc[j][l]);
                    }
                }
    } else if (!(row->flags & NVFP_NODST)) {
        unsigned d = in->dprec;
        /* the retire entries in the order the pixels and components first
         * write them, each looked up once (gpuref_retire_regw merges a
         * second write of the same register into its entry: the same here) */
        gpuref_regw *wr[4] = { NULL, NULL, NULL, NULL }, *wf = NULL, *wc[4] = { NULL, NULL, NULL, NULL };
        const unsigned ch = d == NVFP_PR_R ? in->dreg : in->dreg >> 1u;
        const int conv = !c->raw && (d == NVFP_PR_I || (d == NVFP_PR_H && c->f == FP_F32));
        for (unsigned l = 0; l < NVFP_LANES; l++) {
            unsigned mask = in->wmask;
            for (unsigned j = 0; j < 4; j++)
                if (!nvfp_cc_test(in->cctest, s->cc[in->ccswz >> (2 * j) & 3][l]))
                    mask &= ~(1u << j);
            if (s->cfg.kil_stop && s->kill[l])
                mask = 0;
            uint32_t out[4];
            for (unsigned j = 0; j < 4; j++) {
                uint32_t q = c->q[l][j];
                if (conv) {
                    if (d == NVFP_PR_H) {   /* fp32 results (TEX, UP) */
                        uint64_t h = 0;
                        fp_convert(FP_F16, FP_F32, q, P, 0, &h, NULL);
                        q = (uint32_t)h;
                    } else
                        q = f32_to_s12(P, q);
                }
                out[j] = q;
            }
            if (!in->ccdst && mask) {
                for (unsigned j = 0; j < 4; j++) {
                    if (!(mask >> j & 1))
                        continue;
                    unsigned wi = d == NVFP_PR_R ? j : (in->dreg & 1u) * 2 + (j >> 1);
                    uint32_t *wp = &s->reg[ch][wi][l];
                    if (d == NVFP_PR_R)
                        *wp = out[j];
                    else if (j & 1)
                        *wp = (*wp & 0xffffu) | (out[j] & 0xffffu) << 16;
                    else
                        *wp = (*wp & 0xffff0000u) | (out[j] & 0xffffu);
                    /* an H/I view writes one 16-bit half of the word */
                    uint32_t bits = d == NVFP_PR_R ? 0xffffffffu : 0xffffu << 16 * (j & 1);
                    gpuref_regw *w = wr[wi];
                    if (w)
                        w->bits |= bits;
                    else
                        w = wr[wi] = gpuref_retire_regw(rr, NVFP_F_R, ch * 4 + wi, bits);
                    put_lane(w, l, *wp);
                }
                s->fmt[ch][l] = (uint8_t)d;
                if (!wf)
                    wf = gpuref_retire_regw(rr, NVFP_F_FMT, ch, 3);
                put_lane(wf, l, d);
            }
            if (in->cc)
                for (unsigned j = 0; j < 4; j++)
                    if (mask >> j & 1) {
                        s->cc[j][l] = (uint8_t)status(d, out[j]);
                        if (!wc[j])
                            wc[j] = gpuref_retire_regw(rr, NVFP_F_CC, j, 3);
                        put_lane(wc[j], l, s->cc[j][l]);
                    }
        }
    }
    s->pc += 16;
    if (s->pc >= end) {
        s->finished = 1;
        rr->flags |= GPUREF_RETIRE_END | GPUREF_RETIRE_EXIT;
    }
    return GPUREF_OK;
}
