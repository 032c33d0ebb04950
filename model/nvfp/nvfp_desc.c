/* nvfp_desc.c - the rows of nvfp.def, and the project encoding (version 1,
 * README "Encoding"): decode, encode and the legality checks.  Decode
 * rejects every word the encoder cannot produce, so encode(decode(w)) == w
 * for each legal word. */
#include <string.h>

#include "nvfp.h"

#define D NVFP_SP_D
#define F NVFP_SP_F
#define W NVFP_SP_W
const nvfp_row nvfp_rows[NVFP_NOPS] = {
#define NVFP_OP(n, ns, sp, fl, ex, tb) \
    [NVFP_OP_##n] = { .name = #n, .nsrc = ns, .srcprec = sp, .flags = fl, .table = tb },
#include "nvfp.def"
#undef NVFP_OP
};
#undef D
#undef F
#undef W

const nvfp_exec_fn nvfp_exec[NVFP_NOPS] = {
#define NVFP_OP(n, ns, sp, fl, ex, tb) [NVFP_OP_##n] = nvfp_exec_##ex,
#include "nvfp.def"
#undef NVFP_OP
};

static uint32_t bits(uint32_t w, unsigned hi, unsigned lo)
{
    return (w >> lo) & ((hi - lo == 31) ? ~0u : ((1u << (hi - lo + 1)) - 1));
}

/* registers per precision view: R chunks, H halves, I s12 (README "State") */
const unsigned nvfp_nreg[3] = { NVFP_NCHUNK, NVFP_NH, NVFP_NI };

/* legality of a decoded instruction (also what the assembler builds) */
int nvfp_check_insn(const nvfp_insn *in, char *err)
{
    if (in->op >= NVFP_NOPS)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "nvfp: opcode %u is not defined", in->op);
    const nvfp_row *r = &nvfp_rows[in->op];
    if (in->dprec > NVFP_PR_I)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: destination precision 3 is not defined",
                           r->name);
    if (r->flags & NVFP_NODST) {
        if (in->cc || in->dprec || in->ccdst || in->dreg || in->wmask)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: has no destination (its fields must be 0)",
                               r->name);
        if (!(r->flags & NVFP_CCSRC) && (in->cctest || in->ccswz))
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: has no condition (its fields must be 0)",
                               r->name);
    } else {
        if (!in->wmask)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: empty writemask", r->name);
        if (in->ccdst && in->dreg)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: a CC destination has register number 0",
                               r->name);
        if (in->ccdst && !in->cc)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: a CC destination (RC/HC/IC) needs the "
                               "CC update suffix 'c'", r->name);
        if (!in->ccdst && in->dreg >= nvfp_nreg[in->dprec])
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: destination %c%u out of range (%c0..%c%u, "
                               "Table 2)", r->name, "RHI"[in->dprec], in->dreg, "RHI"[in->dprec],
                               "RHI"[in->dprec], nvfp_nreg[in->dprec] - 1);
        if ((r->flags & NVFP_RDST) && in->dprec != NVFP_PR_R)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: the destination must be fp32 (R or RC): "
                               "the result is a packed 32-bit word", r->name);
    }
    if (!(r->flags & NVFP_TEXID) && in->tid)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: has no texture id (field must be 0)", r->name);
    for (unsigned k = 0; k < 3; k++) {
        const nvfp_src *s = &in->src[k];
        if (k >= r->nsrc) {
            if (s->type || s->prec || s->index || s->swz || s->neg)
                return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: takes %u source%s (source %u must be 0)",
                                   r->name, r->nsrc, r->nsrc == 1 ? "" : "s", k);
            continue;
        }
        if (s->type == NVFP_ST_NONE)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: source %u missing", r->name, k);
        if (s->prec > NVFP_PR_I || (s->type != NVFP_ST_REG && s->prec))
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: source %u precision %u not defined",
                               r->name, k, s->prec);
        unsigned lim = s->type == NVFP_ST_REG ? nvfp_nreg[s->prec] : s->type == NVFP_ST_P ? NVFP_NP : NVFP_NC;
        if (s->index >= lim)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: source %u index %u out of range (0..%u, "
                               "Table 2)", r->name, k, s->index, lim - 1);
        if (r->srcprec == NVFP_SP_W && s->type == NVFP_ST_REG && s->prec != NVFP_PR_R)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: the source must be fp32 (R, p[] or c[]): "
                               "it holds a packed 32-bit word", r->name);
    }
    return GPUREF_OK;
}

int nvfp_decode_insn(const uint32_t *w, size_t avail, nvfp_insn *in, char *err)
{
    memset(in, 0, sizeof *in);
    if (avail < NVFP_WORDS)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "nvfp: truncated instruction (%zu of 4 words)",
                           avail);
    in->op = (uint8_t)bits(w[0], 4, 0);
    in->cc = (uint8_t)bits(w[0], 5, 5);
    in->dprec = (uint8_t)bits(w[0], 7, 6);
    in->ccdst = (uint8_t)bits(w[0], 8, 8);
    in->dreg = (uint8_t)bits(w[0], 12, 9);
    in->wmask = (uint8_t)bits(w[0], 16, 13);
    in->cctest = (uint8_t)bits(w[0], 19, 17);
    in->ccswz = (uint8_t)bits(w[0], 27, 20);
    in->tid = (uint8_t)bits(w[0], 31, 28);
    for (unsigned k = 0; k < 3; k++) {
        uint32_t s = w[1 + k];
        if (bits(s, 31, 18))
            return gpuref_errf(err, GPUREF_ERR_DECODE, "nvfp: source word %u has reserved bits "
                               "31:18 set (0x%08x)", k, s);
        in->src[k].type = (uint8_t)bits(s, 1, 0);
        in->src[k].prec = (uint8_t)bits(s, 3, 2);
        in->src[k].index = (uint8_t)bits(s, 8, 4);
        in->src[k].swz = (uint8_t)bits(s, 16, 9);
        in->src[k].neg = (uint8_t)bits(s, 17, 17);
    }
    return nvfp_check_insn(in, err);
}

void nvfp_encode_insn(const nvfp_insn *in, uint32_t w[NVFP_WORDS])
{
    w[0] = (uint32_t)in->op | (uint32_t)in->cc << 5 | (uint32_t)in->dprec << 6 |
           (uint32_t)in->ccdst << 8 | (uint32_t)in->dreg << 9 | (uint32_t)in->wmask << 13 |
           (uint32_t)in->cctest << 17 | (uint32_t)in->ccswz << 20 | (uint32_t)in->tid << 28;
    for (unsigned k = 0; k < 3; k++) {
        const nvfp_src *s = &in->src[k];
        w[1 + k] = (uint32_t)s->type | (uint32_t)s->prec << 2 | (uint32_t)s->index << 4 |
                   (uint32_t)s->swz << 9 | (uint32_t)s->neg << 17;
    }
}

int nvfp_isa_decode(const uint32_t *w, size_t avail, gpuref_insn_info *info, char *err)
{
    nvfp_insn in;
    int st = nvfp_decode_insn(w, avail, &in, err);
    if (st)
        return st;
    info->nwords = NVFP_WORDS;
    info->opcode = in.op;
    info->mnemonic = nvfp_rows[in.op].name;
    info->form = in.cc ? "cc" : "";
    return GPUREF_OK;
}
