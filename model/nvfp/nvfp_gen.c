/* nvfp_gen.c - random legal NVFP programs: rows drawn by weight (one item
 * per mnemonic), every field legal by construction (the rules of
 * nvfp_check_insn), operand values a quarter from the special table, three
 * bound textures and one unbound id; texture addresses prefer registers an
 * earlier fetch wrote, so programs hold dependent chains. */
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

static int nvfp_gen_test(gpuref_genctx *g, char *err)
{
    (void)err;
    gpuref_rng *r = &g->rng;
    unsigned n = g->opts->length ? g->opts->length : 20;
    if (n > NVFP_MAXINSN)
        n = NVFP_MAXINSN;
    gpuref_gx_knob(g, IT_KFRC, "frc_clamp", "0");
    gpuref_gx_knob(g, IT_KKIL, "kil_stop", "1");
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
        int op = gpuref_gx_pick(r, g->weights, NVFP_NOPS);
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
        if ((rw->flags & NVFP_TEXID) && !in.ccdst && in.dprec == NVFP_PR_R)
            texreg = in.dreg;
        else if (!(rw->flags & NVFP_NODST) && !in.ccdst && texreg >= 0 &&
                 (in.dprec == NVFP_PR_R ? in.dreg : in.dreg >> 1u) == (unsigned)texreg && gpuref_rng_below(r, 2))
            texreg = -1;
        char buf[160];
        gpuref_strbuf b;
        gpuref_sb_fixed(&b, buf, sizeof buf);
        nvfp_print_insn(&in, &b);
        gpuref_gx_line(g, buf, b.n);
    }
    g->ninsns = n;
    g->max_steps = n;
    return GPUREF_OK;
}

const gpuref_isa_gen gpuref_nvfp_gen = {
    .items = nvfp_items,
    .nitems = NITEMS,
    .test = nvfp_gen_test,
    .no_target = 1,
};
