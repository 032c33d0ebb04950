/* nvfp_cov.c - NVFP functional coverage: bins from nvfp.def and the
 * sampler over the predecoded instruction, the retire record and a shadow of
 * the format tags and of the dependent-texture depth per chunk.
 *
 * Bins (coverage/README.md):
 *   nvfp.op.<MNEM>                    a row retired
 *   nvfp.mod.<MNEM>.<R|H|I>[.c]       its destination precision x CC update
 *   nvfp.opnd.src<k>.<swz>            source k's swizzle class: identity, replicate, arbitrary
 *   nvfp.mod.src<k>.neg               source k negated
 *   nvfp.mod.wmask<m>.<TEST>          writemask m (1..15) x condition test
 *   nvfp.isa.kil.<swz>                KIL's CC swizzle class
 *   nvfp.isa.chain<d>                 a texture fetch whose address depends on d-1
 *                                     earlier fetches (d = 1, 2, 3 or more)
 *   nvfp.in.mismatch                  a register read in another format than written (p[58])
 *   nvfp.out.<R|H>.<class>            value class of a written component */
#include <stdlib.h>
#include <string.h>

#include "nvfp.h"

typedef struct nvc {
    long    opb[NVFP_NOPS], op[NVFP_NOPS][3][2];
    long    swz[3][3], neg[3], wm[16][8], kil[3], chain[4], mismatch, out[2][GPUREF_VC_N];
    uint8_t fmt[NVFP_NCHUNK][NVFP_LANES];
    uint8_t depth[NVFP_NCHUNK];
    uint8_t cc[4][NVFP_LANES], kill[NVFP_LANES];   /* before the unit sampled */
} nvc;

static const char *const swzn[3] = { "identity", "replicate", "arbitrary" };
static const char pn[3] = { 'R', 'H', 'I' };

static unsigned swz_class(unsigned s)
{
    return s == 0xe4 ? 0 : s == (s & 3) * 0x55u ? 1 : 2;
}

/* slot: the source (1..3) of SWZ and NEG; value and aux: what
 * nvfp_gen.c's aim() needs (aux = NVFP_CK_* << 8 | detail) */
#define DEF(v, cat, op, slot, value, aux, ...)                                   \
    do {                                                                         \
        (v) = gpuref_cov_def(def, cat, op, slot, value, aux, __VA_ARGS__);       \
        if ((v) < 0)                                                             \
            return gpuref_errf(err, (int)(v), "nvfp coverage: bad bin definition"); \
    } while (0)

static int nvc_init(gpuref_cov *def, void **priv, char *err)
{
    nvc *c = calloc(1, sizeof *c);
    if (!c)
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    *priv = c;
    for (int op = 0; op < NVFP_NOPS; op++) {
        const nvfp_row *r = &nvfp_rows[op];
        for (unsigned p = 0; p < 3; p++)
            for (unsigned cc = 0; cc < 2; cc++)
                c->op[op][p][cc] = -1;
        DEF(c->opb[op], GPUREF_COV_OP, op, -1, 0, NVFP_CK_OP << 8, "nvfp.op.%s", r->name);
        if (r->flags & NVFP_NODST)
            continue;
        for (unsigned p = 0; p < ((r->flags & NVFP_RDST) ? 1u : 3u); p++)
            for (unsigned cc = 0; cc < 2; cc++)
                DEF(c->op[op][p][cc], GPUREF_COV_MOD, op, -1, p * 2 + cc, NVFP_CK_MOD << 8,
                    "nvfp.mod.%s.%c%s", r->name, pn[p], cc ? ".c" : "");
    }
    for (unsigned k = 0; k < 3; k++) {
        for (unsigned s = 0; s < 3; s++)
            DEF(c->swz[k][s], GPUREF_COV_OPND, -1, (int)k + 1, s, NVFP_CK_SWZ << 8,
                "nvfp.opnd.src%u.%s", k, swzn[s]);
        DEF(c->neg[k], GPUREF_COV_MOD, -1, (int)k + 1, 0, NVFP_CK_NEG << 8, "nvfp.mod.src%u.neg", k);
    }
    for (unsigned m = 1; m < 16; m++)
        for (unsigned t = 0; t < 8; t++)
            DEF(c->wm[m][t], GPUREF_COV_MOD, -1, -1, m * 8 + t, NVFP_CK_WM << 8,
                "nvfp.mod.wmask%u.%s", m, nvfp_test_names[t]);
    for (unsigned s = 0; s < 3; s++)
        DEF(c->kil[s], GPUREF_COV_ISA, NVFP_OP_KIL, -1, s, NVFP_CK_KIL << 8, "nvfp.isa.kil.%s", swzn[s]);
    for (unsigned d = 1; d <= 3; d++)
        DEF(c->chain[d], GPUREF_COV_ISA, -1, -1, d, NVFP_CK_CHAIN << 8, "nvfp.isa.chain%u", d);
    DEF(c->mismatch, GPUREF_COV_IN, -1, -1, 0, NVFP_CK_MISM << 8, "nvfp.in.mismatch");
    for (unsigned p = 0; p < 2; p++)
        for (unsigned v = GPUREF_VC_FPZERO; v <= GPUREF_VC_FNINF; v++)
            DEF(c->out[p][v], GPUREF_COV_OUT, -1, -1, v, NVFP_CK_OUT << 8 | p,
                "nvfp.out.%c.%s", pn[p], gpuref_vc_name(v));
    return GPUREF_OK;
}

static void nvc_fini(void *priv) { free(priv); }

static void nvc_begin(void *priv, const void *vs)
{
    nvc *c = priv;
    const nvfp_state *s = vs;
    memcpy(c->fmt, s->fmt, sizeof c->fmt);
    memset(c->depth, 0, sizeof c->depth);
    memcpy(c->cc, s->cc, sizeof c->cc);
    memcpy(c->kill, s->kill, sizeof c->kill);
}

static void nvc_sample(void *priv, const void *vs, const gpuref_retire *rr, uint64_t *counts)
{
    nvc *c = priv;
    const nvfp_state *s = vs;
    if (rr->pc < s->base || (rr->pc - s->base) / 16 >= s->nwords / NVFP_WORDS)
        return;
    size_t k = (rr->pc - s->base) / 16;
    if (s->decst[k])
        return;
    const nvfp_insn *in = &s->dec[k];
    const nvfp_row *r = &nvfp_rows[in->op];
    counts[c->opb[in->op]]++;
    if (!(r->flags & NVFP_NODST))
        counts[c->op[in->op][in->dprec][in->cc]]++;
    unsigned dep = 0;
    for (unsigned n = 0; n < r->nsrc; n++) {
        const nvfp_src *o = &in->src[n];
        counts[c->swz[n][swz_class(o->swz)]]++;
        if (o->neg)
            counts[c->neg[n]]++;
        if (o->type != NVFP_ST_REG)
            continue;
        unsigned ch = o->prec == NVFP_PR_R ? o->index : o->index >> 1u;
        for (unsigned l = 0; l < NVFP_LANES; l++)
            if (c->fmt[ch][l] != o->prec) {
                counts[c->mismatch]++;
                break;
            }
        if (c->depth[ch] > dep)
            dep = c->depth[ch];
    }
    if (r->flags & NVFP_TEXID) {
        dep++;
        counts[c->chain[dep > 3 ? 3 : dep]]++;
    }
    if (in->op == NVFP_OP_KIL)
        counts[c->kil[swz_class(in->ccswz)]]++;
    else if (!(r->flags & NVFP_NODST))
        counts[c->wm[in->wmask][in->cctest]]++;
    /* each pixel's final writemask, from the CC and kill flags before the
     * unit (as nvfp_step decides it): which half of a word an H write wrote */
    unsigned fm[NVFP_LANES];
    for (unsigned l = 0; l < NVFP_LANES; l++) {
        fm[l] = in->wmask;
        for (unsigned j = 0; j < 4; j++)
            if (!nvfp_cc_test(in->cctest, c->cc[in->ccswz >> (2 * j) & 3][l]))
                fm[l] &= ~(1u << j);
        if (s->cfg.kil_stop && c->kill[l])
            fm[l] = 0;
    }
    for (unsigned i = 0; i < rr->nregw; i++) {
        const gpuref_regw *w = &rr->regw[i];
        if (w->file == NVFP_F_FMT && w->index < NVFP_NCHUNK) {
            for (unsigned l = 0; l < NVFP_LANES; l++)
                if (w->lanes >> l & 1)
                    c->fmt[w->index][l] = (uint8_t)w->value[l];
            c->depth[w->index] = (uint8_t)(dep > 255 ? 255 : dep);
        } else if (w->file == NVFP_F_R && in->dprec != NVFP_PR_I) {
            /* an H write: the halves of the word whose component the pixel
             * wrote (H n, component j: word (n & 1) * 2 + j / 2, half j & 1) */
            unsigned wi = w->index & 3;
            for (unsigned l = 0; l < NVFP_LANES; l++)
                if (w->lanes >> l & 1) {
                    uint32_t v = (uint32_t)w->value[l];
                    for (unsigned h = 0; h < (in->dprec == NVFP_PR_R ? 1u : 2u); h++) {
                        unsigned j = (wi - (in->dreg & 1u) * 2) * 2 + h;
                        if (in->dprec != NVFP_PR_R && (j > 3 || !(fm[l] >> j & 1)))
                            continue;
                        unsigned vc = in->dprec == NVFP_PR_R ? gpuref_vc_float(v, 32)
                                                             : gpuref_vc_float(v >> 16 * h & 0xffff, 16);
                        if (vc >= GPUREF_VC_FPZERO && vc <= GPUREF_VC_FNINF)
                            counts[c->out[in->dprec][vc]]++;
                    }
                }
        } else if (w->file == NVFP_F_CC && w->index < 4) {
            for (unsigned l = 0; l < NVFP_LANES; l++)
                if (w->lanes >> l & 1)
                    c->cc[w->index][l] = (uint8_t)w->value[l];
        } else if (w->file == NVFP_F_KILL) {
            for (unsigned l = 0; l < NVFP_LANES; l++)
                if (w->lanes >> l & 1)
                    c->kill[l] = (uint8_t)w->value[l];
        }
    }
}

const gpuref_isa_cov gpuref_nvfp_cov = {
    .init = nvc_init,
    .fini = nvc_fini,
    .begin = nvc_begin,
    .sample = nvc_sample,
};
