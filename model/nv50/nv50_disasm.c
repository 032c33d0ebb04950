/* nv50_disasm.c - disassembly: the row templates of nv50.def printed
 * (README.md "Assembly syntax", "Template language"), and the decode and
 * disassembly calls of the ISA interface. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nv50_tmpl.h"

/* ------------------------------------------------------------ formatting */

typedef struct nv50_out {
    gpuref_strbuf b;  /* over the caller's buffer */
    int           space;     /* a separator is due before the next piece */
} nv50_out;

static void nv50_piece(nv50_out *o, const char *s, size_t sl)
{
    if (o->space && !(sl == 1 && s[0] == ')'))
        gpuref_sb_put(&o->b, " ", 1);
    gpuref_sb_put(&o->b, s, sl);
    o->space = !(sl == 1 && s[0] == '(');
}

/* Text without printf (the generator prints every instruction it makes):
 * a string, v in decimal (%u), v as 0x%x. */
static char *nv50_put_s(char *p, const char *s)
{
    while (*s)
        *p++ = *s++;
    return p;
}

static char *nv50_put_u(char *p, unsigned v)
{
    return gpuref_put_u(p, v);
}

static char *nv50_put_x(char *p, unsigned v)
{
    *p++ = '0';
    *p++ = 'x';
    return gpuref_put_x(p, v);
}

/* prefix, v (decimal or 0x hex), suffix as one piece */
static void nv50_piece_num(nv50_out *o, const char *pre, unsigned v, int hex, const char *suf)
{
    char t[48], *p = nv50_put_s(t, pre);
    p = hex ? nv50_put_x(p, v) : nv50_put_u(p, v);
    p = nv50_put_s(p, suf);
    nv50_piece(o, t, (size_t)(p - t));
}

/* "0x10", "$a1", "$a1+0x8", "$a1++0x8", "$a1++-0x8" */
static char *nv50_fmt_addr(char *p, const nv50_opnd *o)
{
    if (!o->postinc && !o->areg)
        return nv50_put_x(p, (unsigned)o->off);
    p = nv50_put_u(nv50_put_s(p, "$a"), o->areg);
    if (o->postinc) {
        p = nv50_put_s(p, o->off < 0 ? "++-" : "++");
        return nv50_put_x(p, (unsigned)(o->off < 0 ? -o->off : o->off));
    }
    return o->off ? nv50_put_x(nv50_put_s(p, "+"), (unsigned)o->off) : p;
}

static void nv50_fmt_opnd(nv50_out *out, const nv50_opnd *o)
{
    char t[64], *p;
    switch (o->kind) {
    case NV50_O_REG:     nv50_piece_num(out, "$r", o->reg, 0, ""); break;
    case NV50_O_HALF:    nv50_piece_num(out, "$r", o->reg, 0, o->hi ? "h" : "l"); break;
    case NV50_O_OUT:     nv50_piece_num(out, "o[", (unsigned)o->off, 1, "]"); break;
    case NV50_O_DISCARD: nv50_piece(out, "#", 1); break;
    case NV50_O_IMM:     nv50_piece_num(out, "", o->imm, 1, ""); break;
    case NV50_O_AREG:    nv50_piece_num(out, "$a", o->reg, 0, ""); break;
    case NV50_O_CREG:    nv50_piece_num(out, "$c", o->reg, 0, ""); break;
    case NV50_O_SREG:    nv50_piece(out, nv50_sreg_names[o->reg], strlen(nv50_sreg_names[o->reg])); break;
    case NV50_O_CONST:
        p = nv50_put_u(nv50_put_s(t, "c"), o->reg);
        p = nv50_fmt_addr(nv50_put_s(p, "["), o);
        p = nv50_put_s(p, "]");
        nv50_piece(out, t, (size_t)(p - t));
        break;
    case NV50_O_SHARED:
        p = nv50_put_s(nv50_put_s(t, nv50_smode_names[o->mode]), " s[");
        p = nv50_put_s(nv50_fmt_addr(p, o), "]");
        nv50_piece(out, t, (size_t)(p - t));
        break;
    default: break;
    }
}

static void nv50_fmt_tok(nv50_out *out, const nv50_insn *in, const nv50_tok *t, int *slot)
{
    const char *s;
    switch (t->otok) {
    case NV50_OT_SD: case NV50_OT_SDH: case NV50_OT_RD: case NV50_OT_RDH: case NV50_OT_LD:
    case NV50_OT_LDH: case NV50_OT_AD: case NV50_OT_CD:
        nv50_fmt_opnd(out, &in->dst);
        break;
    case NV50_OT_MCD:
        if (in->cdst_en)
            nv50_piece_num(out, "$c", in->cdst, 0, "");
        break;
    case NV50_OT_T:  nv50_piece_num(out, "", in->target, 1, ""); break;
    case NV50_OT_PM: nv50_piece_num(out, "", in->pm, 1, ""); break;
    case NV50_OT_LANE:
        if (in->lanemask != 0xf) {
            nv50_piece(out, "(", 1);
            s = nv50_lane_names[in->lanemask];
            nv50_piece(out, s, strlen(s));
            nv50_piece(out, ")", 1);
        }
        break;
    case NV50_OT_BAR:
        nv50_piece_num(out, "", in->barid, 1, "");
        if (in->barall)
            nv50_piece(out, "all", 3);
        else if (in->barcnt)
            nv50_piece_num(out, "", in->barcnt, 1, "");
        break;
    default:
        nv50_fmt_opnd(out, &in->src[*slot < 4 ? (*slot)++ : 3]);
        break;
    }
}

int nv50_format(const nv50_insn *in, char *buf, size_t len)
{
    nv50_out o = { .space = 0 };
    gpuref_sb_fixed(&o.b, buf, len);
    if (in->modifier == NV50_MOD_JOIN)
        nv50_piece(&o, "join", 4);
    else if (in->modifier == NV50_MOD_EXIT)
        nv50_piece(&o, "exit", 4);
    if (in->pred != 0xf) {      /* envydis: "(never)" has no $c unless its field is set */
        const char *pn = in->pred < 32 && nv50_pred_names[in->pred] ? nv50_pred_names[in->pred]
                                                                     : "?";
        char t[24], *p = nv50_put_s(nv50_put_s(t, "("), pn);
        if (in->pred != 0 || in->csrc != 0)
            p = nv50_put_u(nv50_put_s(p, " $c"), in->csrc);
        p = nv50_put_s(p, ")");
        nv50_piece(&o, t, (size_t)(p - t));
    }
    int slot = 0;
    for (const nv50_tok *t = nv50_row_toks(in->op); t->type != NV50_T_END; t++) {
        unsigned l;
        const char *s;
        switch (t->type) {
        case NV50_T_LIT:
            nv50_piece(&o, t->s, t->slen);
            break;
        case NV50_T_FLAG:
            if (nv50_member_get(in, t))
                nv50_piece(&o, t->s, t->slen);
            break;
        case NV50_T_CHOICE:
            if (t->opt == '~' && nv50_member_get(in, t) == 0)
                break;                      /* the default of an optional choice */
            if ((s = nv50_choice(t, nv50_member_get(in, t), &l)) != NULL)
                nv50_piece(&o, s, l);
            break;
        default:
            nv50_fmt_tok(&o, in, t, &slot);
            break;
        }
    }
    return (int)(o.b.n < len ? o.b.n : len ? len - 1 : 0);    /* the length of the text kept */
}

/* ------------------------------------------------------ decode / disasm */

int nv50_isa_decode(const uint32_t *w, size_t avail, gpuref_insn_info *info, char *err)
{
    nv50_insn in;
    int rc = nv50_decode(w, avail, &in, err);
    if (rc)
        return rc;
    info->nwords = in.nwords;
    info->opcode = in.op;
    info->mnemonic = nv50_rows[in.op].name;
    info->form = nv50_form_names[in.form];
    return GPUREF_OK;
}

int nv50_isa_disasm(const uint32_t *w, size_t avail, uint64_t pc, char *buf, size_t len,
                    unsigned *nwords, char *err)
{
    nv50_insn in;
    int rc = nv50_decode(w, avail, &in, err);
    if (rc)
        return rc;
    char text[256];
    nv50_format(&in, text, sizeof text);
    const char *pre = "";
    if (in.nwords == 2) {       /* against the canonical words (don't-care bits 0, D36) */
        uint32_t e[2], c[2];
        char aerr[GPUREF_ERRLEN];
        int n = nv50_asm_line(text, (uint32_t)pc, 0, e, aerr);
        if (nv50_encode(&in, c, NULL) != 2 || n != 2 || e[0] != c[0] || e[1] != c[1])
            pre = "long ";
    }
    if ((size_t)snprintf(buf, len, "%s%s", pre, text) >= len)
        return gpuref_errf(err, GPUREF_ERR_ARG, "disassembly buffer too small");
    *nwords = in.nwords;
    return GPUREF_OK;
}
