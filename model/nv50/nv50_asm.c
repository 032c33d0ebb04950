/* nv50_asm.c - assembly: lines parsed against the row templates of nv50.def
 * (README.md "Assembly syntax", "Template language"), labels and whole
 * programs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nv50_tmpl.h"

/* ------------------------------------------------------------- tokenizing */

#define NV50_MAXTOK 32
#define NV50_TOKLEN 64

typedef struct nv50_line {
    unsigned ntok;
    char     tok[NV50_MAXTOK][NV50_TOKLEN];
    unsigned col[NV50_MAXTOK];
} nv50_line;

/* Split one line (up to '\n' or NUL); returns 0 or sets err/col. */
static int nv50_tokenize(const char *p, nv50_line *L, unsigned *ecol, char *err)
{
    const char *s0 = p;
    L->ntok = 0;
    for (;;) {
        while (gpuref_is_blank(*p))
            p++;
        if (!*p || *p == '\n' || *p == ';' || (p[0] == '/' && p[1] == '/'))
            return 0;
        if (L->ntok >= NV50_MAXTOK) {
            *ecol = (unsigned)(p - s0) + 1;
            return gpuref_errf(err, GPUREF_ERR_ASM, "too many tokens");
        }
        char *t = L->tok[L->ntok];
        L->col[L->ntok] = (unsigned)(p - s0) + 1;
        size_t n = 0;
        int br = 0;
        if (*p == '(' || *p == ')') {
            t[n++] = *p++;
        } else {
            while (*p && *p != '\n' && (br || (*p != ' ' && *p != '\t' && *p != '\r' &&
                                               *p != '(' && *p != ')' && *p != ';'))) {
                if (*p == '[')
                    br = 1;
                else if (*p == ']')
                    br = 0;
                if ((*p == ' ' || *p == '\t') && br) {
                    p++;
                    continue;
                }
                if (n + 1 >= NV50_TOKLEN) {
                    *ecol = L->col[L->ntok];
                    return gpuref_errf(err, GPUREF_ERR_ASM, "token too long");
                }
                t[n++] = *p++;
            }
        }
        t[n] = '\0';
        L->ntok++;
    }
}

/* -------------------------------------------------------- operand parsing */

typedef struct nv50_actx {
    const nv50_line   *L;
    unsigned           start;     /* first token after the prefixes */
    const gpuref_labels *labels;  /* NULL: labels resolve to 0 (sizing pass) */
    int                pred, csrc, modifier, force_long;
    /* furthest failure over all rows */
    int                best;
    unsigned           bestcol;
    int                beststatus;
    const char        *fmt, *arg;   /* the message, formatted only when reported */
    char               buf[GPUREF_ERRLEN], msg[GPUREF_ERRLEN];
} nv50_actx;

static const char *nv50_amsg(nv50_actx *a)
{
    snprintf(a->msg, sizeof a->msg, a->fmt ? a->fmt : "syntax error%s", a->arg ? a->arg : "");
    return a->msg;
}

/* Numbers: gpuref_num_word32 (-0x80000000..0xffffffff), gpuref_num_u64. */
static int nv50_num32(const char *s, uint32_t *v)
{
    return gpuref_num_word32(s, strlen(s), 0, v);
}

static int nv50_parse_uint(const char *s, unsigned max, unsigned *v)
{
    uint64_t u;
    if (gpuref_num_u64(s, strlen(s), 0, max, &u))
        return -1;
    *v = (unsigned)u;
    return 0;
}

/* "[0x10]", "[$a1]", "[$a1+0x8]", "[$a1++0x8]", "[$a1++-0x8]", "[$a1--0x8]" */
static const char *nv50_parse_addr(const char *s, nv50_opnd *o)
{
    size_t n = strlen(s);
    char b[NV50_TOKLEN];
    if (n < 3 || s[0] != '[' || s[n - 1] != ']')
        return "expected [address]";
    memcpy(b, s + 1, n - 2);
    b[n - 2] = '\0';
    uint32_t v;
    if (b[0] != '$') {
        if (nv50_num32(b, &v) || (int32_t)v < 0)
            return "bad address";
        o->off = (int32_t)v;
        return NULL;
    }
    if (b[1] != 'a' || b[2] < '0' || b[2] > '7')
        return "bad address register";
    o->areg = (uint8_t)(b[2] - '0');
    const char *r = b + 3;
    if (!*r)
        return NULL;
    int dec = 0;
    if (r[0] == '+' && r[1] == '+') {
        o->postinc = 1;
        r += 2;
    } else if (r[0] == '-' && r[1] == '-') {    /* "$a1--0x8" = "$a1++-0x8" (envydis MEMMM) */
        o->postinc = 1;
        dec = 1;
        r += 2;
        if (*r == '-')
            return "bad address offset";
    } else if (r[0] == '+') {
        r += 1;
    } else {
        return "bad address";
    }
    if (nv50_num32(r, &v) || (o->postinc ? (int32_t)v < -0x8000 : (int32_t)v < 0) ||
        (dec && (int32_t)v > 0x8000))
        return "bad address offset";
    o->off = dec ? -(int32_t)v : (int32_t)v;
    return NULL;
}

static const char *nv50_parse_reg(const char *s, nv50_opnd *o)
{
    unsigned v;
    size_t n = strlen(s);
    if (s[1] == 'r') {
        char b[NV50_TOKLEN];
        memcpy(b, s + 2, n - 1);
        int half = n > 3 && (b[n - 3] == 'l' || b[n - 3] == 'h');
        if (half) {
            o->hi = b[n - 3] == 'h';
            b[n - 3] = '\0';
        }
        if (nv50_parse_uint(b, 100000, &v))
            return "bad register";
        if (v > (half ? 63u : 127u))
            return "register out of range";
        o->kind = half ? NV50_O_HALF : NV50_O_REG;
        o->w16 = (uint8_t)half;
        o->reg = (uint8_t)v;
        return NULL;
    }
    static const struct { char c; uint8_t kind; unsigned max; } fam[] = {
        { 'c', NV50_O_CREG, 3 }, { 'a', NV50_O_AREG, 7 },
    };
    for (unsigned i = 0; i < 2; i++)
        if (s[1] == fam[i].c && s[2] >= '0' && s[2] <= '9') {
            if (nv50_parse_uint(s + 2, 100000, &v))
                return "bad register";
            if (v > fam[i].max)
                return "register out of range";
            o->kind = fam[i].kind;
            o->reg = (uint8_t)v;
            return NULL;
        }
    for (unsigned i = 0; i < 9; i++)
        if (!strcmp(s, nv50_sreg_names[i])) {
            o->kind = NV50_O_SREG;
            o->reg = (uint8_t)i;
            return NULL;
        }
    if (!strncmp(s, "$sr", 3)) {
        if (nv50_parse_uint(s + 3, 8, &v))
            return "special register out of range";
        o->kind = NV50_O_SREG;
        o->reg = (uint8_t)v;
        return NULL;
    }
    return "unknown register";
}

/* One operand at tokens[*i] (two tokens for "u16 s[...]"); *label is set for
 * a bare identifier.  Returns NULL or why the text is not an operand. */
static const char *nv50_parse_opnd(const nv50_line *L, unsigned *i, nv50_opnd *o,
                                   const char **label)
{
    const char *s = L->tok[*i];
    memset(o, 0, sizeof *o);
    *label = NULL;
    for (unsigned m = 0; m < 4; m++)
        if (!strcmp(s, nv50_smode_names[m]) && *i + 1 < L->ntok && !strncmp(L->tok[*i + 1], "s[", 2)) {
            (*i)++;
            o->kind = NV50_O_SHARED;
            o->mode = (uint8_t)m;
            return nv50_parse_addr(L->tok[*i] + 1, o);
        }
    if (!strncmp(s, "s[", 2))
        return "s[] needs an access mode (u8, u16, s16, b32)";
    if (!strcmp(s, "#")) {
        o->kind = NV50_O_DISCARD;
        return NULL;
    }
    if (s[0] == '$')
        return nv50_parse_reg(s, o);
    if (!strncmp(s, "o[", 2)) {
        o->kind = NV50_O_OUT;
        const char *e = nv50_parse_addr(s + 1, o);
        return e ? e : (o->areg ? "o[] takes a constant address" : NULL);
    }
    if (s[0] == 'c' && s[1] >= '0' && s[1] <= '9') {
        const char *b = strchr(s, '[');
        unsigned bank;
        char t[8];
        if (!b || b - s - 1 > 2)
            return "bad c[] operand";
        memcpy(t, s + 1, (size_t)(b - s - 1));
        t[b - s - 1] = '\0';
        if (nv50_parse_uint(t, 15, &bank))
            return "c[] space out of range (c0-c15)";
        o->kind = NV50_O_CONST;
        o->reg = (uint8_t)bank;
        return nv50_parse_addr(b, o);
    }
    if ((s[0] >= '0' && s[0] <= '9') || s[0] == '-') {
        o->kind = NV50_O_IMM;
        return nv50_num32(s, &o->imm) ? "bad number" : NULL;
    }
    if (gpuref_is_ident(s)) {
        *label = s;
        return NULL;
    }
    return "bad operand";
}

/* ------------------------------------------------------- template matching */

/* Keep the failure that got furthest over all rows (later rows win ties);
 * arg must stay valid for the line (a token, a label, or a->buf). */
static int nv50_fail(nv50_actx *a, unsigned pos, int status, const char *fmt, const char *arg)
{
    if ((int)pos >= a->best) {
        a->best = (int)pos;
        a->beststatus = status;
        a->bestcol = pos < a->L->ntok ? a->L->col[pos] : (a->start < a->L->ntok ? a->L->col[a->start] : 1);
        a->fmt = fmt;
        a->arg = arg;
    }
    return -1;
}

static int nv50_fail_msg(nv50_actx *a, unsigned pos, int status, const char *msg)
{
    if ((int)pos >= a->best) {
        snprintf(a->buf, sizeof a->buf, "%s", msg);
        nv50_fail(a, pos, status, "%s", a->buf);
    }
    return -1;
}

static int nv50_lookup_label(const nv50_actx *a, const char *name, uint32_t *addr)
{
    if (!a->labels) {
        *addr = 0;
        return 0;
    }
    long k = gpuref_labels_find(a->labels, name);
    if (k < 0)
        return -1;
    *addr = (uint32_t)a->labels->v[k].value;
    return 0;
}

/* Which operand kinds a token accepts. */
static int nv50_accepts(unsigned ot, const nv50_opnd *o)
{
    unsigned k = o->kind;
    switch (ot) {
    case NV50_OT_SD: case NV50_OT_RD: case NV50_OT_R1: case NV50_OT_SD3: return k == NV50_O_REG;
    case NV50_OT_SDH: case NV50_OT_RDH: return k == NV50_O_HALF;
    case NV50_OT_LD:  return k == NV50_O_REG || k == NV50_O_OUT || k == NV50_O_DISCARD;
    case NV50_OT_LDH: return k == NV50_O_HALF || k == NV50_O_OUT || k == NV50_O_DISCARD;
    case NV50_OT_AD: case NV50_OT_AS: return k == NV50_O_AREG;
    case NV50_OT_CD: case NV50_OT_COND: case NV50_OT_C0: return k == NV50_O_CREG;
    case NV50_OT_S1:  return k == NV50_O_REG || k == NV50_O_SHARED;
    case NV50_OT_S1H: return k == NV50_O_HALF || k == NV50_O_SHARED;
    case NV50_OT_S2: case NV50_OT_S3: return k == NV50_O_REG || k == NV50_O_CONST;
    case NV50_OT_S2H: case NV50_OT_S3H: return k == NV50_O_HALF || k == NV50_O_CONST;
    case NV50_OT_I: case NV50_OT_IH: case NV50_OT_SHC: case NV50_OT_HSHC: case NV50_OT_OFFS:
        return k == NV50_O_IMM;
    case NV50_OT_SREG: return k == NV50_O_SREG;
    case NV50_OT_FC8: return k == NV50_O_CONST;
    default: return 0;
    }
}

static int nv50_is_dst(unsigned ot)
{
    return ot == NV50_OT_SD || ot == NV50_OT_SDH || ot == NV50_OT_RD || ot == NV50_OT_RDH ||
           ot == NV50_OT_LD || ot == NV50_OT_LDH || ot == NV50_OT_AD || ot == NV50_OT_CD;
}

/* Put a parsed operand where the token says. */
static void nv50_place(nv50_insn *in, unsigned ot, nv50_opnd *o, int *slot)
{
    int half = ot == NV50_OT_LDH || ot == NV50_OT_S1H || ot == NV50_OT_S2H || ot == NV50_OT_S3H ||
               ot == NV50_OT_IH;
    if (o->kind == NV50_O_OUT) {
        o->w16 = (uint8_t)half;
        o->reg = (uint8_t)(o->off / 4);
        o->hi = (uint8_t)(half ? (o->off / 2) & 1 : 0);
    } else if (o->kind == NV50_O_CONST) {
        o->w16 = (uint8_t)half;
        o->mode = ot == NV50_OT_FC8 ? 1 : half ? 2 : 4;
    } else if (o->kind == NV50_O_SHARED || o->kind == NV50_O_IMM) {
        o->w16 = (uint8_t)half;
    }
    if (nv50_is_dst(ot))
        in->dst = *o;
    else
        in->src[*slot < 4 ? (*slot)++ : 3] = *o;
}

/* Tokens that are not a plain operand. */
static int nv50_match_special(nv50_actx *a, unsigned ot, unsigned *i, nv50_insn *in)
{
    const nv50_line *L = a->L;
    nv50_opnd o;
    const char *lab;
    unsigned v;
    if (ot == NV50_OT_MCD) {
        unsigned j = *i;
        if (j < L->ntok && L->tok[j][0] == '$' && L->tok[j][1] == 'c' &&
            !nv50_parse_opnd(L, &j, &o, &lab) && o.kind == NV50_O_CREG) {
            in->cdst_en = 1;
            in->cdst = o.reg;
            (*i)++;
        }
        return 0;
    }
    if (ot == NV50_OT_LANE) {
        in->lanemask = 0xf;
        if (*i + 2 < L->ntok && !strcmp(L->tok[*i], "(") && !strcmp(L->tok[*i + 2], ")"))
            for (v = 0; v < 15; v++)
                if (!strcmp(L->tok[*i + 1], nv50_lane_names[v])) {
                    in->lanemask = (uint8_t)v;
                    *i += 3;
                }
        return 0;
    }
    if (*i >= L->ntok)
        return nv50_fail(a, *i, GPUREF_ERR_ASM, "missing operand%s", "");
    const char *e = nv50_parse_opnd(L, i, &o, &lab);
    if (e)
        return nv50_fail(a, *i, GPUREF_ERR_ASM, "bad operand: %s", e);   /* e is static */
    if (ot == NV50_OT_T) {
        if (lab && nv50_lookup_label(a, lab, &in->target)) {
            nv50_fail(a, *i + 1, GPUREF_ERR_ASM, "label '%s' not found", lab);
            a->bestcol = L->col[*i];
            return -1;
        }
        if (!lab && o.kind != NV50_O_IMM)
            return nv50_fail(a, *i, GPUREF_ERR_ASM, "bad operand '%s': code address expected",
                             L->tok[*i]);
        if (!lab)
            in->target = o.imm;
        (*i)++;
        return 0;
    }
    if (ot == NV50_OT_PM) {
        if (o.kind != NV50_O_IMM || o.imm > 15)
            return nv50_fail(a, *i, GPUREF_ERR_ASM, "bad operand '%s': event 0-15 expected",
                             L->tok[*i]);
        in->pm = (uint8_t)o.imm;
        (*i)++;
        return 0;
    }
    /* BAR */
    if (o.kind != NV50_O_IMM)
        return nv50_fail(a, *i, GPUREF_ERR_ASM, "bad operand '%s': barrier number expected",
                         L->tok[*i]);
    in->barid = (uint8_t)(o.imm > 255 ? 255 : o.imm);
    if (o.imm > 15)
        return nv50_fail(a, *i, GPUREF_ERR_ASM, "barrier number '%s' out of range (0-15)",
                         L->tok[*i]);
    (*i)++;
    if (*i < L->ntok && !strcmp(L->tok[*i], "all")) {
        in->barall = 1;
        (*i)++;
    } else if (*i < L->ntok && !nv50_num32(L->tok[*i], &o.imm)) {
        if (o.imm > 0xfff)
            return nv50_fail(a, *i, GPUREF_ERR_ASM, "thread count '%s' out of range", L->tok[*i]);
        in->barcnt = (uint16_t)o.imm;
        (*i)++;
    }
    return 0;
}

static int nv50_match_opnd(nv50_actx *a, unsigned ot, unsigned *i, nv50_insn *in, int *slot)
{
    const nv50_line *L = a->L;
    if (ot == NV50_OT_MCD || ot == NV50_OT_LANE || ot == NV50_OT_T || ot == NV50_OT_BAR ||
        ot == NV50_OT_PM)
        return nv50_match_special(a, ot, i, in);
    if (*i >= L->ntok)
        return nv50_fail(a, *i, GPUREF_ERR_ASM, "missing operand%s", "");
    unsigned first = *i;
    nv50_opnd o;
    const char *lab;
    const char *e = nv50_parse_opnd(L, i, &o, &lab);
    if (e) {
        char m[GPUREF_ERRLEN];
        snprintf(m, sizeof m, "bad operand '%s': %s", L->tok[*i], e);
        return nv50_fail_msg(a, first, GPUREF_ERR_ASM, m);
    }
    if (lab || !nv50_accepts(ot, &o))
        return nv50_fail(a, first, GPUREF_ERR_ASM, "bad operand '%s'", L->tok[first]);
    if (ot == NV50_OT_C0 && o.reg != 0)
        return nv50_fail(a, first, GPUREF_ERR_ASM, "bad operand '%s'", L->tok[first]);
    if (ot == NV50_OT_COND && a->pred == 0xf)
        in->csrc = o.reg;
    nv50_place(in, ot, &o, slot);
    (*i)++;
    return 0;
}

/* Match one row's template against the line; 0 and *in filled on success. */
static int nv50_match(nv50_actx *a, unsigned op, nv50_insn *in)
{
    const nv50_row *r = &nv50_rows[op];
    const nv50_line *L = a->L;
    *in = r->preset;
    in->op = (uint16_t)op;
    in->form = r->form;
    in->nwords = (r->form == NV50_FORM_SHORT || r->form == NV50_FORM_SCTL) ? 1 : 2;
    in->pred = (uint8_t)a->pred;
    in->csrc = (uint8_t)(a->pred == 0xf ? 0 : a->csrc);
    if (r->form == NV50_FORM_LCTL && (r->flags & NV50_RF_NOPRED)) {
        in->pred = 0xf;         /* a predicate written here is ignored (D18): canonical word */
        in->csrc = 0;
    }
    in->modifier = (uint8_t)a->modifier;
    unsigned i = a->start, l;
    int slot = 0, nlit = 0;
    const char *s;
    for (const nv50_tok *tp = nv50_row_toks(op); tp->type != NV50_T_END; tp++) {
        const nv50_tok t = *tp;
        const char *tok = i < L->ntok ? L->tok[i] : "";
        switch (t.type) {
        case NV50_T_LIT:
            if (strlen(tok) != t.slen || strncmp(tok, t.s, t.slen))
                return nlit == 0 ? nv50_fail(a, a->start, GPUREF_ERR_ASM, "unknown mnemonic '%s'",
                                             a->start < L->ntok ? L->tok[a->start] : "")
                       : i >= L->ntok ? nv50_fail(a, i, GPUREF_ERR_ASM, "missing operand%s", "")
                                      : nv50_fail(a, i, GPUREF_ERR_ASM, "unexpected '%s'", tok);
            nlit++;
            i++;
            break;
        case NV50_T_FLAG:
            *nv50_member(in, &t) = strlen(tok) == t.slen && !strncmp(tok, t.s, t.slen);
            i += *nv50_member(in, &t);
            break;
        case NV50_T_CHOICE:
            s = NULL;
            for (l = 0; l < (1u << t.len); l++) {   /* reserved ("-") values are NULL */
                unsigned sl;
                if ((s = nv50_choice(&t, l, &sl)) != NULL && strlen(tok) == sl &&
                    !strncmp(tok, s, sl))
                    break;
                s = NULL;
            }
            if (!s && t.opt) {                      /* optional: absent is the default */
                *nv50_member(in, &t) = 0;
                break;
            }
            if (!s)
                return nv50_fail(a, i, GPUREF_ERR_ASM, i < L->ntok ? "unexpected '%s'"
                                                                    : "missing operand%s", tok);
            *nv50_member(in, &t) = (uint8_t)l;
            i++;
            break;
        default:
            if (nv50_match_opnd(a, t.otok, &i, in, &slot))
                return -1;
            break;
        }
    }
    if (i < L->ntok)
        return nv50_fail(a, i, GPUREF_ERR_ASM, "unexpected '%s'", L->tok[i]);
    return 0;
}

static int nv50_form_class(int form)
{
    return form == NV50_FORM_SHORT || form == NV50_FORM_SCTL ? 0 : form == NV50_FORM_IMM ? 1 : 2;
}

/* Parse "[long] [join|exit] [(cond $cN)]". */
static int nv50_prefixes(nv50_actx *a)
{
    const nv50_line *L = a->L;
    unsigned i = 0;
    a->pred = 0xf;
    if (i < L->ntok && !strcmp(L->tok[i], "long")) {
        a->force_long = 1;
        i++;
    }
    if (i < L->ntok && (!strcmp(L->tok[i], "join") || !strcmp(L->tok[i], "exit"))) {
        a->modifier = L->tok[i][0] == 'j' ? NV50_MOD_JOIN : NV50_MOD_EXIT;
        i++;
    }
    if (i + 2 < L->ntok && !strcmp(L->tok[i], "(") && !strcmp(L->tok[i + 1], "never") &&
        !strcmp(L->tok[i + 2], ")")) {          /* "(never)": envydis' spelling, $c0 */
        a->pred = 0;
        a->csrc = 0;
        i += 3;
    } else if (i + 3 < L->ntok && !strcmp(L->tok[i], "(") && !strcmp(L->tok[i + 3], ")") &&
        L->tok[i + 2][0] == '$') {
        unsigned c;
        for (c = 0; c < 32; c++)
            if (nv50_pred_names[c] && !strcmp(nv50_pred_names[c], L->tok[i + 1]))
                break;
        if (c == 32) {
            a->start = i + 1;
            return nv50_fail(a, i + 1, GPUREF_ERR_ASM, "unknown condition '%s'", L->tok[i + 1]);
        }
        const char *r = L->tok[i + 2];
        if (r[1] != 'c' || r[2] < '0' || r[2] > '3' || r[3]) {
            a->start = i + 2;
            return nv50_fail(a, i + 2, GPUREF_ERR_ASM, "bad predicate register '%s'", r);
        }
        a->pred = (int)c;
        a->csrc = r[2] - '0';
        i += 4;
    }
    a->start = i;
    return 0;
}

/* Assemble one tokenized line. Returns word count or -1 (failure in a). */
static int nv50_asm_tokens1(nv50_actx *a, uint32_t w[2], int force_long)
{
    a->best = -1;
    a->modifier = 0;
    a->force_long = force_long;
    if (nv50_prefixes(a))
        return -1;
    if (a->start >= a->L->ntok)
        return nv50_fail(a, a->start, GPUREF_ERR_ASM, "missing mnemonic%s", "");
    int need_long = a->force_long || a->pred != 0xf || a->modifier;
    int bestclass = 3, nw = -1;
    for (unsigned op = 0; op < NV50_NOPS && bestclass > 0; op++) {
        int cl = nv50_form_class(nv50_rows[op].form);
        if (cl >= bestclass || (need_long && cl != 2))
            continue;
        nv50_insn in;
        if (nv50_match(a, op, &in))
            continue;
        uint32_t e[2] = { 0, 0 };
        char err[GPUREF_ERRLEN];
        int n = nv50_encode(&in, e, err);
        if (n < 0) {
            nv50_fail_msg(a, a->L->ntok + 1, GPUREF_ERR_ASM, err);
            a->bestcol = a->L->col[a->start];
            continue;
        }
        bestclass = cl;
        nw = n;
        w[0] = e[0];
        w[1] = n == 2 ? e[1] : 0;
    }
    return nw;
}

/* "sat b32" <-> "b32 sat" (and b16): short/immediate add rows print the first,
 * long ones the second (envydis); the assembler takes either.  Swaps the first
 * such pair after the mnemonic; returns 0 if there is none. */
static int nv50_swap_sat(nv50_line *L)
{
    for (unsigned i = 1; i + 1 < L->ntok; i++) {
        const char *x = L->tok[i], *y = L->tok[i + 1];
        int wx = !strcmp(x, "b16") || !strcmp(x, "b32"), wy = !strcmp(y, "b16") || !strcmp(y, "b32");
        if ((!strcmp(x, "sat") && wy) || (wx && !strcmp(y, "sat"))) {
            char t[NV50_TOKLEN];
            memcpy(t, L->tok[i], NV50_TOKLEN);
            memcpy(L->tok[i], L->tok[i + 1], NV50_TOKLEN);
            memcpy(L->tok[i + 1], t, NV50_TOKLEN);
            return 1;
        }
    }
    return 0;
}

/* One tokenized line in either order of "sat" and the width. */
static int nv50_asm_tokens(nv50_actx *a, uint32_t w[2], int force_long)
{
    int rc = nv50_asm_tokens1(a, w, force_long);
    nv50_line *L = (nv50_line *)(uintptr_t)a->L;
    if (rc >= 0 || !nv50_swap_sat(L))
        return rc;
    nv50_actx b = *a;
    int rc2 = nv50_asm_tokens1(&b, w, force_long);
    nv50_swap_sat(L);                   /* the text as written, for messages */
    if (rc2 < 0)
        return rc;                      /* the first spelling's error */
    *a = b;
    return rc2;
}

int nv50_asm_line(const char *line, uint32_t pc, int force_long, uint32_t w[2], char *err)
{
    nv50_line *L = malloc(sizeof *L);
    if (!L)
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    unsigned col;
    int rc = nv50_tokenize(line, L, &col, err);
    if (rc == 0) {
        nv50_actx a = { .L = L };
        rc = nv50_asm_tokens(&a, w, force_long);
        if (rc < 0)
            rc = gpuref_errf(err, GPUREF_ERR_ASM, "%s", nv50_amsg(&a));
    }
    (void)pc;
    free(L);
    return rc;
}

/* ------------------------------------------------------ whole programs */

typedef struct nv50_item {
    unsigned line;
    size_t   off;        /* line start in the text */
    uint32_t addr;
    uint8_t  nw, promote;
} nv50_item;

typedef struct nv50_prog {
    nv50_item    *v;
    size_t        n, cap;
    gpuref_labels labels;     /* pass 1: the item a label precedes; then its address */
} nv50_prog;

static int nv50_add_label(nv50_prog *P, const char *name, size_t len, unsigned line, unsigned col,
                          gpuref_diag *d)
{
    if (len >= NV50_TOKLEN)
        return gpuref_diagf(d, GPUREF_ERR_ASM, line, col, "label too long");
    long k = gpuref_labels_add(&P->labels, name, len, P->n);
    if (k == GPUREF_ERR_ARG)
        return gpuref_diagf(d, GPUREF_ERR_ASM, line, col, "duplicate label '%.*s'",
                            (int)len, name);
    if (k < 0)
        return gpuref_diagf(d, GPUREF_ERR_NOMEM, line, col, "out of memory");
    return GPUREF_OK;
}

/* Pass 1 for one line: labels, and the natural size of its instruction. */
static int nv50_scan_line(nv50_prog *P, nv50_line *L, const char *text, size_t off,
                          unsigned line, gpuref_diag *d)
{
    unsigned col = 0;
    char err[GPUREF_ERRLEN];
    if (nv50_tokenize(text + off, L, &col, err))
        return gpuref_diagf(d, GPUREF_ERR_ASM, line, col, "%s", err);
    unsigned k = 0;
    while (k < L->ntok && strlen(L->tok[k]) > 1 && L->tok[k][strlen(L->tok[k]) - 1] == ':') {
        size_t n = strlen(L->tok[k]) - 1;
        char nm[NV50_TOKLEN];
        memcpy(nm, L->tok[k], n);
        nm[n] = '\0';
        if (!gpuref_is_ident(nm))
            return gpuref_diagf(d, GPUREF_ERR_ASM, line, L->col[k], "bad label '%s'", nm);
        int rc = nv50_add_label(P, nm, n, line, L->col[k], d);
        if (rc)
            return rc;
        k++;
    }
    if (k == L->ntok)
        return GPUREF_OK;
    /* drop the labels from the token list */
    memmove(L->tok, L->tok + k, (L->ntok - k) * sizeof L->tok[0]);
    memmove(L->col, L->col + k, (L->ntok - k) * sizeof L->col[0]);
    L->ntok -= k;
    nv50_actx a = { .L = L };
    uint32_t w[2];
    int nw = nv50_asm_tokens(&a, w, 0);
    if (nw < 0)
        return gpuref_diagf(d, a.beststatus, line, a.bestcol, "%s", nv50_amsg(&a));
    if (gpuref_grow((void **)&P->v, &P->cap, P->n, sizeof P->v[0], 64))
        return gpuref_diagf(d, GPUREF_ERR_NOMEM, line, 0, "out of memory");
    P->v[P->n++] = (nv50_item){ .line = line, .off = off, .nw = (uint8_t)nw };
    return GPUREF_OK;
}

/* Addresses: a short instruction that would leave a long one misaligned is
 * emitted in its long form (isa.rst "Instruction format"). */
static int nv50_layout(nv50_prog *P, uint64_t base, gpuref_diag *d)
{
    uint64_t pos = base / 4;
    for (size_t i = 0; i < P->n; i++) {
        nv50_item *it = &P->v[i];
        if (it->nw == 1 && !(pos & 1) && i + 1 < P->n && P->v[i + 1].nw == 2) {
            it->nw = 2;
            it->promote = 1;
        }
        if (it->nw == 2 && (pos & 1))
            return gpuref_diagf(d, GPUREF_ERR_ASM, it->line, 1,
                                "misaligned long instruction at 0x%llx (long instructions "
                                "need an 8-byte aligned address)",
                                (unsigned long long)(pos * 4));
        it->addr = (uint32_t)(pos * 4);
        pos += it->nw;
    }
    if (pos * 4 > NV50_CODE_MAX)
        return gpuref_diagf(d, GPUREF_ERR_ASM, 0, 0, "program does not fit the code space");
    for (size_t k = 0; k < P->labels.n; k++) {
        uint64_t it = P->labels.v[k].value;
        P->labels.v[k].value = it < P->n ? P->v[it].addr : (uint32_t)(pos * 4);
    }
    return GPUREF_OK;
}

static int nv50_emit(nv50_prog *P, nv50_line *L, const char *text, uint32_t *out, gpuref_diag *d)
{
    for (size_t i = 0; i < P->n; i++) {
        nv50_item *it = &P->v[i];
        unsigned col;
        char err[GPUREF_ERRLEN];
        nv50_tokenize(text + it->off, L, &col, err);
        unsigned k = 0;
        while (k < L->ntok && L->tok[k][strlen(L->tok[k]) - 1] == ':' && strlen(L->tok[k]) > 1)
            k++;
        memmove(L->tok, L->tok + k, (L->ntok - k) * sizeof L->tok[0]);
        memmove(L->col, L->col + k, (L->ntok - k) * sizeof L->col[0]);
        L->ntok -= k;
        nv50_actx a = { .L = L, .labels = &P->labels };
        uint32_t w[2];
        int nw = nv50_asm_tokens(&a, w, it->promote);
        if (nw < 0)
            return gpuref_diagf(d, a.beststatus, it->line, a.bestcol, "%s", nv50_amsg(&a));
        if (nw != it->nw)
            return gpuref_diagf(d, GPUREF_ERR_ASM, it->line, 1, "instruction size changed");
        size_t at = (it->addr - P->v[0].addr) / 4;
        out[at] = w[0];
        if (nw == 2)
            out[at + 1] = w[1];
    }
    return GPUREF_OK;
}

static int nv50_assemble_prog(nv50_prog *P, nv50_line *L, const char *text, uint64_t base,
                              uint32_t **words, size_t *n, gpuref_diag *d)
{
    gpuref_lex lx;
    int rc;
    for (gpuref_lex_init(&lx, text); gpuref_lex_line(&lx);)
        if ((rc = nv50_scan_line(P, L, text, (size_t)(lx.ls - text), lx.line, d)) != GPUREF_OK)
            return rc;
    if ((rc = nv50_layout(P, base, d)) != GPUREF_OK)
        return rc;
    size_t total = 0;
    for (size_t i = 0; i < P->n; i++)
        total += P->v[i].nw;
    uint32_t *out = malloc((total ? total : 1) * sizeof *out);
    if (!out)
        return gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
    if ((rc = nv50_emit(P, L, text, out, d)) != GPUREF_OK) {
        free(out);
        return rc;
    }
    *words = out;
    *n = total;
    return GPUREF_OK;
}

int nv50_isa_assemble(const char *text, uint64_t base, uint32_t **words, size_t *n,
                      gpuref_diag *d)
{
    if (base & 3 || base >= NV50_CODE_MAX)
        return gpuref_diagf(d, GPUREF_ERR_ASM, 0, 0, "base 0x%llx must be a 4-byte aligned "
                            "code address below 0x1000000", (unsigned long long)base);
    nv50_prog P = { 0 };
    nv50_line *L = malloc(sizeof *L);
    if (!L)
        return gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
    int rc = nv50_assemble_prog(&P, L, text, base, words, n, d);
    free(L);
    free(P.v);
    gpuref_labels_free(&P.labels);
    return rc;
}
