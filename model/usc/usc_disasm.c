/* usc_disasm.c - the disassembler: one instruction group per unit, in the
 * syntax the assembler reads (README "Syntax"); asm(disasm(w)) == w. */
#include <stdio.h>
#include <string.h>

#include "usc.h"

const char *const usc_pck_names[26] = {
    "u8888", "s8888", "s8888ogl", "o8888", "u1616", "s1616", "s1616ogl", "o1616", "f16f16",
    "u32", "s32", "f32", "f32mask", "u1010102", "s1010102", "2f102f10f10", "u111110",
    "s111110", "f111110", "se9995", "u565u565", "coveragemask", "s8d24", "d24s8", "const0",
    "const1",
};
static const char *const asr_names[4] = { "twb", "pwb", "mtb", "ftb" };

void usc_reg_text(const usc_reg *r, gpuref_strbuf *b)
{
    gpuref_sb_printf(b, "%s%u", r->bank == USC_B_SC ? "c" : usc_bank_names[r->bank], r->index);
    if (r->idx) {
        if (r->dlog) gpuref_sb_printf(b, "[idx%u,%u]", r->idx - 1u, 1u << r->dlog);
        else gpuref_sb_printf(b, "[idx%u]", r->idx - 1u);
    }
}

static void mods_text(gpuref_strbuf *b, unsigned mods, unsigned si)
{
    if (si > 2) return;
    if (mods & usc_mod_flr[si]) gpuref_sb_str(b, ".flr");
    if (mods & usc_mod_abs[si]) gpuref_sb_str(b, ".abs");
    if (mods & usc_mod_neg[si]) gpuref_sb_str(b, ".neg");
}

/* F16SOP's 14 operands (the assembler's sop_ins); the sources by bank name */
static void sop_text(const usc_ins *in, gpuref_strbuf *b)
{
    const uint32_t *c = in->ctl;
    unsigned jd = USC_SOP_DST(c[0]), kd = USC_SOP_DST(c[1]);
    if (jd) gpuref_sb_printf(b, " w0.e%u.jout%c, w0.e%u.kout%c", jd - 1, "jab"[USC_SOP_OUT(c[0])], kd - 1,
                             "kcd"[USC_SOP_OUT(c[1])]);
    else gpuref_sb_str(b, " w0.joutj, w1.koutk");
    gpuref_sb_str(b, c[1] & USC_SOP_MOV ? ", w1" : ", _");
    for (unsigned i = 0; i < 8; i++) {
        unsigned w = i / 4, pos = i % 4, a = USC_SOP_ARG(c[w], pos), s = a & 7;
        if (s < 6) gpuref_sb_printf(b, ", s%u", s);
        else gpuref_sb_str(b, s == 6 ? ", 0" : ", z");
        if (a & 8) gpuref_sb_str(b, ".e1");
        if (a & 16) gpuref_sb_str(b, pos & 1 ? ".oneminus" : ".neg");
        if (pos == 1) gpuref_sb_printf(b, ", %s", usc_sop_ops[USC_SOP_OP(c[w])]);
    }
    gpuref_sb_str(b, c[1] & USC_SOP_MOV ? ", s3" : ", _");
}

/* F16SOP.MAD's 16 operands (the assembler's mad_ins, D34) */
static void mad_text(const usc_ins *in, gpuref_strbuf *b)
{
    static const char *const dst[4] = { "w0.e0", "w0.e1", "w1.e0", "w1.e1" };
    static const char *const mod[3][4] = { { ".neg", ".abs", ".flr", NULL },
                                           { ".oneminus", ".clamp", ".abs", NULL },
                                           { ".neg", ".clamp", ".abs", ".flr" } };
    for (unsigned m = 0; m < 4; m++)
        gpuref_sb_printf(b, "%s %s%s", m ? "," : "", dst[m], usc_mad_field(in->ctl, m) >> 22 & 1 ? ".clamp" : "");
    for (unsigned m = 0; m < 4; m++) {
        uint32_t f = usc_mad_field(in->ctl, m);
        for (unsigned a = 0; a < 3; a++) {
            unsigned x = f >> (7 * a), s = x & 7;
            if (s < 6) gpuref_sb_printf(b, ", s%u", s);
            else gpuref_sb_str(b, ", 0");
            if (x & 8) gpuref_sb_str(b, ".e1");
            for (unsigned k = 0; k < 4; k++)
                if (mod[a][k] && (x >> (4 + k) & 1)) gpuref_sb_str(b, mod[a][k]);
        }
    }
}

/* LD, ST, ATOM, IDF (the assembler's mem_ins, D37): the sources by bank name */
static void mem_text(const usc_ins *in, gpuref_strbuf *b)
{
    uint32_t w = in->ctl[0];
    char bl[8];
    if (USC_MC_BSRC(w) == 7) snprintf(bl, sizeof bl, "%u", USC_MC_BIMM(w));
    else snprintf(bl, sizeof bl, "s%u", USC_MC_BSRC(w));
    switch (in->op) {
    case USC_OP_IDF:
        gpuref_sb_printf(b, " drc%u, s%u", USC_MC_DRC(w), USC_MC_ADDR(w));
        break;
    case USC_OP_LD:
        gpuref_sb_printf(b, " s3, drc%u, %s, s%u", USC_MC_DRC(w), bl, USC_MC_ADDR(w));
        break;
    case USC_OP_ST:
        gpuref_sb_printf(b, " s%u, %u, drc%u, %s, s%u, ", USC_MC_DATA(w), USC_MC_SIZE(w), USC_MC_DRC(w),
                         bl, USC_MC_ADDR(w));
        if (USC_MC_COV(w) == 7) gpuref_sb_str(b, "_");
        else gpuref_sb_printf(b, "s%u", USC_MC_COV(w));
        break;
    default:
        gpuref_sb_printf(b, ".%s s%u, drc%u, s%u", usc_atom_names[USC_MC_AOP(w)], USC_MC_DATA(w),
                         USC_MC_DRC(w), USC_MC_ADDR(w));
        break;
    }
}

/* FITR, FITRP, SMP, UVSW (the assembler's be_ins, D47-D50): the sources by
 * bank name; the row name then its suffixes (SMP: smp1d..smp3d) */
static void be_text(const usc_ins *in, gpuref_strbuf *b)
{
    uint32_t w = in->ctl[0];
    switch (in->op) {
    case USC_OP_FITR:
    case USC_OP_FITRP:
        gpuref_sb_printf(b, ".%s%s s3, drc%u, s0, %s%u", usc_itr_modes[USC_BC_MODE(w)],
                         USC_BC_SAT(w) ? ".sat" : "", USC_BC_DRC(w),
                         in->op == USC_OP_FITRP ? "s2, " : "", USC_BC_COUNT(w));
        break;
    case USC_OP_SMP:
        gpuref_sb_printf(b, "%ud", USC_BC_DIM(w));
        if (USC_BC_LODM(w)) gpuref_sb_printf(b, ".%s", usc_lodm_names[USC_BC_LODM(w)]);
        for (unsigned t = 0; t < USC_NSMPFLAGS; t++)
            if (USC_BC_FLAGS(w) >> t & 1) gpuref_sb_printf(b, ".%s", usc_smp_flag_names[t]);
        gpuref_sb_printf(b, " drc%u, s0, s1, s2, %s, s4, %u", USC_BC_DRC(w), USC_BC_LOD(w) ? "s3" : "_",
                         USC_BC_CHAN(w));
        break;
    default:
        gpuref_sb_printf(b, ".write w%u, ", USC_BC_W1(w));
        if (USC_BC_IMM(w)) gpuref_sb_printf(b, "%u", USC_BC_ADDR(w));
        else gpuref_sb_printf(b, "s%u", USC_BC_ADDR(w));
        break;
    }
}

/* DITR, ITRSMP (the assembler's it_ins, D51, D52) */
static void it_text(const usc_ins *in, gpuref_strbuf *b)
{
    uint32_t w = in->ctl[0], x = in->ctl[1];
    int smp = in->op == USC_OP_ITRSMP;
    if (smp) gpuref_sb_printf(b, "%ud", USC_IT_DIM(x));
    gpuref_sb_printf(b, ".%s", usc_itr_modes[USC_IT_MODE(w)]);
    if (USC_IT_SAT(x)) gpuref_sb_str(b, ".sat");
    for (unsigned t = 0; smp && t < 3; t++)
        if (USC_IT_FLAGS(x) >> t & 1) gpuref_sb_printf(b, ".%s", usc_itrsmp_flag_names[t]);
    if (USC_IT_SCHED(x)) gpuref_sb_str(b, USC_IT_SCHED(x) == 1 ? ".schedswap" : ".schedwdf");
    if (smp && (USC_IT_FLAGS(x) >> 3 & 1)) gpuref_sb_str(b, ".comparison");
    char wc[8] = "_";
    if (USC_IT_PERSP(w) == USC_PERSP_MUL || USC_IT_PERSP(w) == USC_PERSP_MUL_STORE)
        snprintf(wc, sizeof wc, "cf%u", USC_IT_WOFF(w));
    if (smp)
        gpuref_sb_printf(b, " r%u, %u, drc%u, cf%u, sh%u, sh%u, %u, %u, %s", USC_IT_DEST(w), USC_IT_PERSP(w),
                         USC_IT_DRC(x), USC_IT_COFF(w), USC_IT_TEX(x), USC_IT_SMP(x), USC_IT_CHAN(x),
                         USC_IT_COUNT(w), wc);
    else
        gpuref_sb_printf(b, " r%u, drc%u, cf%u, %u, %u, %s", USC_IT_DEST(w), USC_IT_DRC(x), USC_IT_COFF(w),
                         USC_IT_COUNT(w), USC_IT_PERSP(w), wc);
}

static void ins_text(const usc_group *g, const usc_ins *in, uint64_t pc, uint8_t *sused,
                     gpuref_strbuf *b)
{
    const usc_row *row = &usc_rows[in->op];
    (void)pc;
    gpuref_sb_str(b, "    ");
    gpuref_sb_str(b, row->name);
    if (!row->form[in->form]) return;
    if (in->op == USC_OP_F16SOPMAD) { mad_text(in, b); return; }
    if (USC_MEM_ROW(in->op)) { mem_text(in, b); return; }
    if (USC_BE_ROW(in->op)) { be_text(in, b); return; }
    if (USC_IT_ROW(in->op)) { it_text(in, b); return; }
    if (in->has_sop) { sop_text(in, b); return; }
    switch (row->mkind) {
    case USC_M_TYPE: gpuref_sb_printf(b, ".%s", usc_type_names[in->m]); break;
    case USC_M_ASR:  gpuref_sb_printf(b, ".%s", asr_names[in->m]); break;
    case USC_M_PCK:  gpuref_sb_printf(b, ".%s", usc_pck_names[in->m]); break;
    case USC_M_CVT:  gpuref_sb_printf(b, ".%s", in->m == 0 ? "f32" : in->m == 1 ? "s32" : "u32"); break;
    case USC_M_INST: if (in->m) gpuref_sb_str(b, in->m == 1 ? ".allinst" : ".anyinst"); break;
    case USC_M_PART: gpuref_sb_str(b, in->m ? ".b" : ".a"); break;
    }
    if (row->mkind == USC_M_PCK) {
        if (in->o & USC_PK_SCALE) gpuref_sb_str(b, ".scale");
        if (in->o & USC_PK_RTZ) gpuref_sb_str(b, ".rndzero");
    }
    if (in->sat) gpuref_sb_str(b, ".sat");
    const usc_tok *tok = row->tok[in->form];
    unsigned ob = 0;
    for (unsigned j = 0; j < row->ntok[in->form]; j++) {
        const usc_tok *t = &tok[j];
        unsigned bits = (in->o >> ob) & ((1u << t->obits) - 1), k = in->k[j];
        ob += t->obits;
        gpuref_sb_str(b, j ? ", " : " ");
        if (k == USC_K_NONE) { gpuref_sb_str(b, "_"); continue; }
        if (k == USC_K_PCND || k == USC_K_ADJ) { gpuref_sb_printf(b, "%u", bits); continue; }
        if (k == USC_K_DRC) { gpuref_sb_printf(b, "drc%u", bits); continue; }
        if (k == USC_K_TGT) { gpuref_sb_printf(b, "%d", (int)(int32_t)in->imm); continue; }
        if (k == USC_K_IMM) { gpuref_sb_printf(b, "0x%x", in->imm); continue; }
        if (k <= USC_K_S5 && !(sused[k] & 1)) {
            usc_reg_text(&g->s[k], b);
            sused[k] |= 1;
        } else
            gpuref_sb_str(b, usc_kname[k]);
        if (t->inv) gpuref_sb_str(b, ".invert");
        if (in->op == USC_OP_UNPCK && j == 1 && (in->o & USC_PK_ESEL))
            gpuref_sb_printf(b, ".e%u", in->o & USC_PK_ESEL);
        if (row->mkind == USC_M_BYTES && k == USC_K_W0 && in->m != 15)
            for (unsigned e = 0; e < 4; e++)
                if (in->m >> e & 1) gpuref_sb_printf(b, ".e%u", e);
        if (j) mods_text(b, in->mods, j - 1);
    }
}

int usc_disasm_group(const usc_group *g, uint64_t pc, char *buf, size_t len)
{
    static const char *const is3n[4] = { "ft0", "ft1", "s2", "fte" };
    static const char *const is45n[4] = { "ft0", "ft1", "ft2", "fte" };
    gpuref_strbuf b;
    gpuref_sb_fixed(&b, buf, len);
    uint8_t sused[6] = { 0 };
    /* which sources appear as operands: the first such operand prints the register */
    uint8_t sop[6] = { 0 };
    for (unsigned i = 0; i < g->ninsn; i++)
        for (unsigned j = 0; j < g->ins[i].nk; j++)
            if (g->ins[i].k[j] <= USC_K_S5) sop[g->ins[i].k[j]] = 1;
    gpuref_sb_printf(&b, "%u :", (unsigned)(pc / 2));
    if (g->pred) gpuref_sb_str(&b, g->pred == 1 ? " if (p0)" : " if (!p0)");
    if (g->ignorepe) gpuref_sb_str(&b, " (ignorepe)");
    if (g->is0) gpuref_sb_printf(&b, " is0=s%u", (unsigned)usc_is0_src[g->is0]);
    if (g->is1) gpuref_sb_str(&b, " is1=fte");
    if (g->is2) gpuref_sb_str(&b, " is2=fte");
    if (g->is3) gpuref_sb_printf(&b, " is3=%s", is3n[g->is3]);
    if (g->is4) gpuref_sb_printf(&b, " is4=%s", is45n[g->is4]);
    if (g->is5) gpuref_sb_printf(&b, " is5=%s", is45n[g->is5]);
    for (unsigned i = 0; i < 6; i++)
        if ((g->smask >> i & 1) && !sop[i]) {
            gpuref_sb_printf(&b, " s%u=", i);
            usc_reg_text(&g->s[i], &b);
        }
    for (unsigned i = 0; i < g->ninsn; i++) {
        gpuref_sb_str(&b, "\n");
        ins_text(g, &g->ins[i], pc, sused, &b);
    }
    for (unsigned i = 0; i < 2; i++)
        if (g->wmask >> i & 1) {
            gpuref_sb_str(&b, "\n    mov ");
            usc_reg_text(&g->w[i], &b);
            gpuref_sb_printf(&b, ", w%u", i);
        }
    return GPUREF_OK;
}

int usc_isa_disasm_unit(unsigned stream, const uint32_t *w, size_t avail, uint64_t pc, char *buf,
                        size_t len, unsigned *nwords, char *err)
{
    usc_group g;
    (void)stream;
    int st = usc_decode_group(w, avail, &g, err);
    if (st) return st;
    *nwords = g.nwords;
    return usc_disasm_group(&g, pc, buf, len);
}
