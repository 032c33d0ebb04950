/* nvfp_gen.c - random legal NVFP programs: rows drawn by weight (one item
 * per mnemonic), every field legal by construction (the rules of
 * nvfp_check_insn), operand values a quarter from the special table, three
 * bound textures and one unbound id; texture addresses prefer registers an
 * earlier fetch wrote, so programs hold dependent chains.  With --target an
 * instruction is now and then made to hit a hole of the coverage
 * (nvfp_cov.c: the bin's aux names its kind, aim() below). */
#include <string.h>

#include "nvfp.h"

/* after the rows: the model knobs a program may set to their other value
 * (--mix knob_NAME: W, the percent of programs; README "Random programs") */
enum { IT_KFRC = NVFP_NOPS, IT_KKIL, NITEMS };

static const gpuref_gen_item nvfp_items[NITEMS] = {
#define NVFP_OP(n, ns, sp, fl, ex, tb) \
    [NVFP_OP_##n] = { #n, #n " " #ex, (fl) & NVFP_TEXID ? 30 : 10 },
#include "nvfp.def"
#undef NVFP_OP
    [IT_KFRC] = { "knob_frc_clamp", "knob nvfp", 0 },
    [IT_KKIL] = { "knob_kil_stop", "knob nvfp", 0 },
};


static void rand_src(gpuref_rng *r, nvfp_src *s, int fp32_only, int texreg)
{
    unsigned k = gpuref_rng_below(r, 10);
    if (texreg >= 0 && k < 6) {
        s->type = NVFP_ST_REG;
        s->prec = NVFP_PR_R;
        s->index = (uint8_t)texreg;
    } else {
        s->type = (uint8_t)(k < 7 ? NVFP_ST_REG : k < 9 ? NVFP_ST_P : NVFP_ST_C);
        s->prec = s->type == NVFP_ST_REG && !fp32_only ? (uint8_t)gpuref_rng_below(r, 3) : 0;
        unsigned lim = s->type == NVFP_ST_REG ? nvfp_nreg[s->prec] : s->type == NVFP_ST_P ? 4 : 8;
        s->index = (uint8_t)gpuref_rng_below(r, lim);
    }
    unsigned z = gpuref_rng_below(r, 3);
    s->swz = z == 0 ? 0xe4 : z == 1 ? (uint8_t)(gpuref_rng_below(r, 4) * 0x55) : (uint8_t)gpuref_rng_below(r, 256);
    s->neg = (uint8_t)gpuref_rng_below(r, 2);
}

/* ------------------------------------------------------------ targeting */

/* what the generator knows of the program so far, for aim(): the precision
 * that last wrote each chunk and the dependent-texture depth it holds (as
 * nvfp_cov.c's shadow counts them, assuming every write happens), and the
 * constants' values (c[] is the same in every pixel) */
typedef struct gs {
    uint8_t  fmt[NVFP_NCHUNK], depth[NVFP_NCHUNK];
    uint32_t c[8][4];
} gs;

static unsigned chunk_of(unsigned prec, unsigned index)
{
    return prec == NVFP_PR_R ? index : index >> 1u;
}

static unsigned src_depth(const gs *t, const nvfp_insn *in)
{
    unsigned dep = 0;
    for (unsigned k = 0; k < nvfp_rows[in->op].nsrc; k++)
        if (in->src[k].type == NVFP_ST_REG) {
            unsigned d = t->depth[chunk_of(in->src[k].prec, in->src[k].index)];
            dep = d > dep ? d : dep;
        }
    return dep + ((nvfp_rows[in->op].flags & NVFP_TEXID) ? 1u : 0u);
}

static void track(gs *t, const nvfp_insn *in)
{
    unsigned dep = src_depth(t, in);
    if ((nvfp_rows[in->op].flags & NVFP_NODST) || in->ccdst)
        return;
    unsigned ch = chunk_of(in->dprec, in->dreg);
    t->fmt[ch] = in->dprec;
    t->depth[ch] = (uint8_t)(dep > 255 ? 255 : dep);
}

/* a row, uniformly, with at least nsrc sources (srcprec W excluded when
 * anyprec) and a destination when dst */
static int row_with(gpuref_rng *r, unsigned nsrc, int dst, int anyprec)
{
    int ok[NVFP_NOPS];
    unsigned n = 0;
    for (int op = 0; op < NVFP_NOPS; op++) {
        const nvfp_row *w = &nvfp_rows[op];
        if (w->nsrc >= nsrc && (!dst || !(w->flags & NVFP_NODST)) && (!anyprec || w->srcprec != NVFP_SP_W))
            ok[n++] = op;
    }
    return n ? ok[gpuref_rng_below(r, n)] : -1;
}

/* the row an aimed instruction takes (-1: drawn by weight as usual) */
static int aim_row(gpuref_rng *r, const gpuref_cov_bin *b)
{
    switch (b->aux >> 8) {
    case NVFP_CK_OP:
    case NVFP_CK_MOD:   return b->opcode;
    case NVFP_CK_SWZ:
    case NVFP_CK_NEG:   return row_with(r, (unsigned)b->slot, 0, 0);
    case NVFP_CK_WM:    return row_with(r, 0, 1, 0);
    case NVFP_CK_KIL:   return NVFP_OP_KIL;
    case NVFP_CK_CHAIN: return NVFP_OP_TEX;
    case NVFP_CK_MISM:  return row_with(r, 1, 0, 1);
    case NVFP_CK_OUT:   return NVFP_OP_MOV;
    }
    return -1;
}

static uint8_t swz_of_class(gpuref_rng *r, unsigned cls)
{
    if (cls == 0)
        return 0xe4;
    if (cls == 1)
        return (uint8_t)(gpuref_rng_below(r, 4) * 0x55);
    uint8_t s;
    do
        s = (uint8_t)gpuref_rng_below(r, 256);
    while (s == 0xe4 || s == (s & 3) * 0x55);
    return s;
}

/* a destination written unconditionally: precision p, a register of it */
static void plain_dst(gpuref_rng *r, nvfp_insn *in, unsigned p)
{
    in->dprec = (uint8_t)p;
    in->cc = 0;
    in->ccdst = 0;
    in->dreg = (uint8_t)gpuref_rng_below(r, nvfp_nreg[p]);
    in->wmask = 15;
    in->cctest = NVFP_T_TR;
    in->ccswz = 0xe4;
}

/* an output class: MOV of a constant component whose value has that class
 * up to the sign (the sign by negation), at fp32 or, for fp16, a value
 * that converts to that class (zeros, infinities, normals of 2^-14 <=
 * |v| < 2^15);
 * denormal results are left to chance (the patent flushes them, they come
 * from PK2/PK4's raw words) */
static int aim_out(gpuref_rng *r, const gpuref_cov_bin *b, nvfp_insn *in, const gs *t)
{
    unsigned p = b->aux & 0xff, vc = b->value, want = (vc - GPUREF_VC_FPZERO) >> 1, neg = vc & 1;
    unsigned idx[32], n = 0;
    if (want == 1 || (vc - GPUREF_VC_FPZERO) > 7)
        return 0;
    for (unsigned i = 0; i < 32; i++) {
        uint32_t v = t->c[i >> 2][i & 3], e = v >> 23 & 0xff, m = v & 0x7fffff;
        unsigned cls = e == 0 && m == 0 ? 0 : e == 0xff && m == 0 ? 3 : e == 0xff || e == 0 ? 9 : 2;
        if (p == NVFP_PR_H && cls == 2 && (e < 127 - 14 || e >= 127 + 15))
            cls = 9;                            /* fp16 normals: 2^-14 <= |v| < 2^15 */
        if (cls == want)
            idx[n++] = i;
    }
    if (!n)
        return 0;
    unsigned i = idx[gpuref_rng_below(r, n)];
    plain_dst(r, in, p);
    in->src[0].type = NVFP_ST_C;
    in->src[0].prec = 0;
    in->src[0].index = (uint8_t)(i >> 2);
    in->src[0].swz = (uint8_t)((i & 3) * 0x55);
    in->src[0].neg = (uint8_t)((t->c[i >> 2][i & 3] >> 31) != neg);
    return 1;
}

/* make the drawn instruction hit bin b; 1 when it will (as far as the
 * generator can tell before the program runs) */
static int aim(gpuref_rng *r, const gpuref_cov_bin *b, nvfp_insn *in, const gs *t)
{
    const nvfp_row *rw = &nvfp_rows[in->op];
    switch (b->aux >> 8) {
    case NVFP_CK_OP:
        return in->op == b->opcode;
    case NVFP_CK_MOD: {
        unsigned p = b->value >> 1, cc = b->value & 1;
        if (in->op != b->opcode || (rw->flags & (NVFP_NODST | NVFP_CCSRC)))
            return 0;
        in->dprec = (uint8_t)p;
        in->cc = (uint8_t)cc;
        if (!cc)
            in->ccdst = 0;
        if (!in->ccdst)
            in->dreg = (uint8_t)gpuref_rng_below(r, nvfp_nreg[p]);
        return 1;
    }
    case NVFP_CK_SWZ:
    case NVFP_CK_NEG: {
        unsigned k = (unsigned)b->slot - 1;
        if (k >= rw->nsrc)
            return 0;
        if ((b->aux >> 8) == NVFP_CK_NEG)
            in->src[k].neg = 1;
        else
            in->src[k].swz = swz_of_class(r, b->value);
        return 1;
    }
    case NVFP_CK_WM:
        if (rw->flags & NVFP_NODST)
            return 0;
        in->wmask = (uint8_t)(b->value >> 3);
        in->cctest = (uint8_t)(b->value & 7);
        if (in->cctest != NVFP_T_TR && in->ccswz == 0xe4)
            in->ccswz = (uint8_t)gpuref_rng_below(r, 256);
        return 1;
    case NVFP_CK_KIL:
        if (in->op != NVFP_OP_KIL)
            return 0;
        in->ccswz = swz_of_class(r, b->value);
        return 1;
    case NVFP_CK_CHAIN: {
        /* a fetch from a chunk of depth d - 1 (d = 1: from an input); with
         * none, from the deepest chunk, so aimed fetches build the chain */
        unsigned d = b->value, best = 0, cand[NVFP_NCHUNK], nc = 0;
        if (!(rw->flags & NVFP_TEXID))
            return 0;
        for (unsigned ch = 0; ch < NVFP_NCHUNK; ch++) {
            if (t->depth[ch] + 1u == d || (d == 3 && t->depth[ch] >= 2))
                cand[nc++] = ch;
            if (t->depth[ch] > t->depth[best])
                best = ch;
        }
        nvfp_src *s = &in->src[0];
        s->prec = 0;
        if (d == 1 || (!nc && !t->depth[best])) {
            s->type = NVFP_ST_P;
            s->index = (uint8_t)gpuref_rng_below(r, 4);
        } else {
            s->type = NVFP_ST_REG;
            s->index = (uint8_t)(nc ? cand[gpuref_rng_below(r, nc)] : best);
        }
        plain_dst(r, in, NVFP_PR_R);
        unsigned dep = src_depth(t, in);
        return dep == d || (d == 3 && dep > 3);
    }
    case NVFP_CK_MISM: {
        /* source 0 read in a precision other than the one that last wrote
         * its chunk (I0..I7 view chunks 0..3 only) */
        if (!rw->nsrc || rw->srcprec == NVFP_SP_W)
            return 0;
        unsigned ch = gpuref_rng_below(r, NVFP_NCHUNK), p;
        do
            p = gpuref_rng_below(r, ch < 4 ? 3 : 2);
        while (p == t->fmt[ch]);
        nvfp_src *s = &in->src[0];
        s->type = NVFP_ST_REG;
        s->prec = (uint8_t)p;
        s->index = (uint8_t)(p == NVFP_PR_R ? ch : ch * 2 + gpuref_rng_below(r, 2));
        return 1;
    }
    case NVFP_CK_OUT:
        return in->op == NVFP_OP_MOV && aim_out(r, b, in, t);
    }
    return 0;
}

static int nvfp_gen_test(gpuref_genctx *g, char *err)
{
    (void)err;
    gpuref_rng *r = &g->rng;
    unsigned n = g->opts->length ? g->opts->length : 20;
    if (n > NVFP_MAXINSN)
        n = NVFP_MAXINSN;
    gpuref_gx_knob(g, IT_KFRC, "frc_clamp", "0");
    gpuref_gx_knob(g, IT_KKIL, "kil_stop", "1");
    gs t;
    memset(&t, 0, sizeof t);
    memset(t.fmt, NVFP_PR_R, sizeof t.fmt);
    /* initial values: R0-R7, p[0..3], c[0..7] */
    static const char ch[] = "xyzw";
    char key[16];
    for (unsigned i = 0; i < 8 + 4; i++)
        for (unsigned j = 0; j < 4; j++) {
            uint64_t v[NVFP_LANES];
            for (unsigned l = 0; l < NVFP_LANES; l++)
                v[l] = gpuref_rng_value(r, 32, g->opts->special_pct);
            if (i < 8)
                key[0] = 'R', key[1] = (char)('0' + i);
            else
                key[0] = 'p', key[1] = (char)('0' + i - 8);
            key[2] = '.', key[3] = ch[j], key[4] = 0;
            gpuref_gx_reg(g, key, 8, v, NVFP_LANES);
        }
    for (unsigned i = 0; i < 8; i++)
        for (unsigned j = 0; j < 4; j++) {
            uint64_t v = gpuref_rng_value(r, 32, g->opts->special_pct);
            key[0] = 'c', key[1] = (char)('0' + i), key[2] = '.', key[3] = ch[j], key[4] = 0;
            gpuref_gx_reg(g, key, 8, &v, 1);
            t.c[i][j] = (uint32_t)v;
        }
    /* textures 0 (2x2 nearest), 1 (the same, bilinear), 2 (4x1 nearest) at 0 and 0x40 */
    static const char *const tk[3][4] = {
        { "tex0.base", "tex0.width", "tex0.height", "tex0.mode" },
        { "tex1.base", "tex1.width", "tex1.height", "tex1.mode" },
        { "tex2.base", "tex2.width", "tex2.height", "tex2.mode" },
    };
    static const uint64_t tv[3][4] = { { 0, 2, 2, 1 }, { 0, 2, 2, 3 }, { 0x40, 4, 1, 1 } };
    for (unsigned t = 0; t < 3; t++)
        for (unsigned f = 0; f < 4; f++)
            gpuref_gx_reg(g, tk[t][f], 8, &tv[t][f], 1);
    uint32_t texels[32];
    for (unsigned i = 0; i < 32; i++)
        texels[i] = (uint32_t)gpuref_rng_value(r, 32, g->opts->special_pct);
    gpuref_gx_mem(g, "tex", 0, texels, 32);

    int texreg = -1;
    for (unsigned i = 0; i < n; i++) {
        const gpuref_cov_bin *b = gpuref_gx_target(g);
        int op = b ? aim_row(r, b) : -1;
        if (op < 0)
            op = gpuref_gx_pick(r, g->weights, NVFP_NOPS);
        if (op < 0)
            op = NVFP_OP_MOV;
        const nvfp_row *rw = &nvfp_rows[op];
        nvfp_insn in;
        memset(&in, 0, sizeof in);
        in.op = (uint8_t)op;
        if (rw->flags & NVFP_CCSRC) {
            in.cctest = (uint8_t)gpuref_rng_below(r, 8);
            in.ccswz = (uint8_t)gpuref_rng_below(r, 256);
        } else if (!(rw->flags & NVFP_NODST)) {
            in.cc = (uint8_t)gpuref_rng_below(r, 2);
            in.dprec = (uint8_t)((rw->flags & NVFP_RDST) || ((rw->flags & NVFP_TEXID) && gpuref_rng_below(r, 4))
                                     ? 0 : gpuref_rng_below(r, 3));
            in.ccdst = (uint8_t)(in.cc && gpuref_rng_below(r, 8) == 0);
            in.dreg = (uint8_t)(in.ccdst ? 0 : gpuref_rng_below(r, nvfp_nreg[in.dprec]));
            in.wmask = (uint8_t)(gpuref_rng_below(r, 3) ? 15 : 1 + gpuref_rng_below(r, 15));
            unsigned c = gpuref_rng_below(r, 4);
            in.cctest = (uint8_t)(c ? NVFP_T_TR : gpuref_rng_below(r, 8));
            in.ccswz = (uint8_t)(c ? 0xe4 : gpuref_rng_below(r, 256));
        }
        if (rw->flags & NVFP_TEXID)
            in.tid = (uint8_t)(gpuref_rng_below(r, 8) ? gpuref_rng_below(r, 3) : 3 + gpuref_rng_below(r, 13));
        for (unsigned k = 0; k < rw->nsrc; k++)
            rand_src(r, &in.src[k], rw->srcprec == NVFP_SP_W, (rw->flags & NVFP_TEXID) && k == 0 ? texreg : -1);
        if (b)
            gpuref_gx_aimed(g, aim(r, b, &in, &t));
        track(&t, &in);
        if ((rw->flags & NVFP_TEXID) && !in.ccdst && in.dprec == NVFP_PR_R)
            texreg = in.dreg;
        else if (!(rw->flags & NVFP_NODST) && !in.ccdst && texreg >= 0 &&
                 (in.dprec == NVFP_PR_R ? in.dreg : in.dreg >> 1u) == (unsigned)texreg && gpuref_rng_below(r, 2))
            texreg = -1;
        char buf[160];
        gpuref_strbuf sb;
        gpuref_sb_fixed(&sb, buf, sizeof buf);
        nvfp_print_insn(&in, &sb);
        gpuref_gx_line(g, buf, sb.n);
    }
    g->ninsns = n;
    g->max_steps = n;
    return GPUREF_OK;
}

const gpuref_isa_gen gpuref_nvfp_gen = {
    .items = nvfp_items,
    .nitems = NITEMS,
    .test = nvfp_gen_test,
};
