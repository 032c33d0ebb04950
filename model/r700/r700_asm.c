/* r700_asm.c - the R700 assembler (README "Syntax").  A program is CF
 * instructions; an ALU clause CF instruction without an explicit count and
 * address ("ALU_PUSH_BEFORE KC0[CB0:0-15], KC1[]") takes the ALU slot lines
 * that follow it as its clause, placed after the CF program.  A text of ALU
 * slot lines only assembles to those groups at the base (stream 1).
 * Lines, numbers and labels come from the core's text pieces (text.h); the
 * splitting of a line into tokens is R700's own. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "r700.h"
#include "text.h"

/* ------------------------------------------------------------ lexing */
#define R700_MAXTOK 24
typedef struct r700_tok { const char *p; size_t n; } r700_tok;

/* split s[0..n) on blanks and commas outside brackets/parentheses/bars */
static int r700_lex(const char *s, size_t n, r700_tok *t, unsigned max, unsigned *nt)
{
    unsigned k = 0;
    size_t i = 0;
    while (i < n) {
        while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == ',' || s[i] == '\r'))
            i++;
        if (i >= n)
            break;
        size_t st = i;
        int depth = 0, bar = 0;
        while (i < n && (depth || bar || !(s[i] == ' ' || s[i] == '\t' || s[i] == ',' || s[i] == '\r'))) {
            if (s[i] == '[' || s[i] == '(') depth++;
            else if ((s[i] == ']' || s[i] == ')') && depth) depth--;
            else if (s[i] == '|') bar = !bar;
            i++;
        }
        if (k == max)
            return -1;
        t[k].p = s + st;
        t[k].n = i - st;
        k++;
    }
    *nt = k;
    return 0;
}

static int teq(const r700_tok *t, const char *w)
{
    size_t n = strlen(w);
    if (t->n != n)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (toupper((unsigned char)t->p[i]) != toupper((unsigned char)w[i]))
            return 0;
    return 1;
}

static int tpre(const r700_tok *t, const char *w)
{
    size_t n = strlen(w);
    return t->n >= n && strncmp(t->p, w, n) == 0;
}

/* a number of the core's syntax (decimal, or hex after 0x) */
static int num(const char *p, size_t n, uint64_t *v)
{
    return gpuref_num_u64(p, n, 0, UINT64_MAX, v);
}

/* ------------------------------------------------------------ output */
typedef struct r700_asm {
    uint32_t *cf, *cl;        /* CF words, clause words */
    size_t ncf, ccf, ncl, ccl;
    gpuref_diag *d;
    unsigned line;
    /* labels (value: CF instruction index) and fixups */
    gpuref_labels labels;
    struct { const char *p; size_t n; size_t word; unsigned line; } *fix;
    size_t nfix, cfix;
    /* the automatic clause being filled: its CF word index, first clause word */
    long   auto_cf;
    size_t auto_start;
    /* the open group */
    int    in_group;
    long   grp_start;         /* clause word index of the last closed group, -1 none */
    int    grp_lit_done;
    int    any_cf;
    size_t grp_open_start;
    size_t *autos;            /* CF indices of the automatic clauses */
    size_t nauto, cauto;
    /* fetch clauses: their words (placed between the CF program and the ALU
     * clauses, 128-bit aligned), the automatic fetch clause being filled */
    uint32_t *fcl;
    size_t nfcl, cfcl;
    long   fauto_cf;
    size_t fauto_start;
    size_t *fautos;
    size_t nfauto, cfauto;
} r700_asm;

static int push_word(uint32_t **w, size_t *n, size_t *cap, uint32_t v)
{
    if (gpuref_grow((void **)w, cap, *n, sizeof **w, 64))
        return -1;
    (*w)[(*n)++] = v;
    return 0;
}

#define AERR(a, ...) gpuref_diagf((a)->d, GPUREF_ERR_ASM, (a)->line, 1, __VA_ARGS__)

/* ------------------------------------------------------------ ALU slots */
static int chan_char(char c)
{
    switch (toupper((unsigned char)c)) {
    case 'X': return 0; case 'Y': return 1; case 'Z': return 2; case 'W': return 3;
    default: return -1;
    }
}

static int index_mode_of(const char *p, size_t n)
{
    for (int m = 0; m < 7; m++)
        if (strlen(r700_index_mode_name[m]) == n && strncmp(r700_index_mode_name[m], p, n) == 0)
            return m;
    return -1;
}

/* "[mode]" at *p (optional), ".C" (optional when opt_chan) */
static int rel_chan(r700_asm *a, const char **p, const char *e, r700_src *o, int *imode, int opt_chan,
                    const char *what)
{
    if (*p < e && **p == '[') {
        const char *q = memchr(*p, ']', (size_t)(e - *p));
        int m = q ? index_mode_of(*p + 1, (size_t)(q - *p - 1)) : -1;
        if (m < 0)
            return AERR(a, "bad relative index in '%s' (AR.x, AR.y, AR.z, AR.w, AL, G, G_AR.x)", what);
        if (*imode >= 0 && *imode != m)
            return AERR(a, "two index modes in one instruction ('%s')", what);
        *imode = m;
        o->rel = 1;
        *p = q + 1;
    }
    if (*p == e && opt_chan)
        return 0;
    if (e - *p != 2 || (*p)[0] != '.' || chan_char((*p)[1]) < 0)
        return AERR(a, "expected .X, .Y, .Z or .W in '%s'", what);
    o->chan = (uint8_t)chan_char((*p)[1]);
    *p += 2;
    return 0;
}

static int parse_reg_num(const char **p, const char *e, unsigned max, unsigned *v)
{
    unsigned x = 0, nd = 0;
    while (*p < e && isdigit((unsigned char)**p) && nd < 4) {
        x = x * 10 + (unsigned)(**p - '0');
        (*p)++;
        nd++;
    }
    if (!nd || x > max)
        return -1;
    *v = x;
    return 0;
}

static const char *const inl[9] = {
    "ALU_SRC_1_DBL_L", "ALU_SRC_1_DBL_M", "ALU_SRC_0_5_DBL_L", "ALU_SRC_0_5_DBL_M",
    "0.0", "1.0", "1", "-1", "0.5",
};

static int parse_src(r700_asm *a, const r700_tok *t, r700_src *o, int *imode)
{
    char what[64];
    snprintf(what, sizeof what, "%.*s", (int)(t->n > 60 ? 60 : t->n), t->p);
    const char *p = t->p, *e = t->p + t->n;
    memset(o, 0, sizeof *o);
    if (e - p > 4 && strncmp(p, "neg(", 4) == 0 && e[-1] == ')') {
        o->neg = 1;
        p += 4;
        e--;
    } else if (e - p > 1 && *p == '-' && !isdigit((unsigned char)p[1])) {
        o->neg = 1;
        p++;
    }
    if (e - p > 2 && *p == '|' && e[-1] == '|') {
        o->abs = 1;
        p++;
        e--;
    }
    unsigned v;
    if ((*p == 'T' || *p == 'R') && p + 1 < e && isdigit((unsigned char)p[1])) {
        p++;
        if (parse_reg_num(&p, e, 127, &v))
            return AERR(a, "bad GPR '%s' (T0..T127)", what);
        o->sel = (uint16_t)v;
        return rel_chan(a, &p, e, o, imode, 0, what);
    }
    if (e - p > 4 && (strncmp(p, "KC0[", 4) == 0 || strncmp(p, "KC1[", 4) == 0)) {
        unsigned b = (unsigned)(p[2] - '0');
        p += 4;
        if (parse_reg_num(&p, e, 31, &v) || p >= e || *p != ']')
            return AERR(a, "bad kcache operand '%s' (KC0[0..31], KC1[0..31])", what);
        p++;
        o->sel = (uint16_t)(128 + 32 * b + v);
        return rel_chan(a, &p, e, o, imode, 0, what);
    }
    if (*p == 'C' && p + 1 < e && isdigit((unsigned char)p[1])) {
        p++;
        if (parse_reg_num(&p, e, 255, &v))
            return AERR(a, "bad constant '%s' (C0..C255)", what);
        o->sel = (uint16_t)(256 + v);
        return rel_chan(a, &p, e, o, imode, 0, what);
    }
    if (e - p >= 7 && strncmp(p, "literal", 7) == 0) {
        p += 7;
        o->sel = 253;
        return rel_chan(a, &p, e, o, imode, 0, what);
    }
    if (e - p >= 2 && (strncmp(p, "PV", 2) == 0 || strncmp(p, "PS", 2) == 0)) {
        o->sel = p[1] == 'V' ? 254 : 255;
        p += 2;
        return rel_chan(a, &p, e, o, imode, o->sel == 255, what);
    }
    for (unsigned k = 0; k < 9; k++) {
        size_t n = strlen(inl[k]);
        if ((size_t)(e - p) >= n && strncmp(p, inl[k], n) == 0 &&
            (p + n == e || p[n] == '[' || (p[n] == '.' && !isdigit((unsigned char)p[n + 1])))) {
            o->sel = (uint16_t)(244 + k);
            p += n;
            return rel_chan(a, &p, e, o, imode, 1, what);
        }
    }
    return AERR(a, "bad operand '%s'", what);
}

static int finish_group(r700_asm *a);

static int asm_slot(r700_asm *a, const r700_tok *t, unsigned nt)
{
    unsigned i = 0, pred_sel = 0;
    if (nt && teq(&t[0], "PRED_SEL_ZERO")) { pred_sel = 2; i++; }
    else if (nt && teq(&t[0], "PRED_SEL_ONE")) { pred_sel = 3; i++; }
    int row = r700_alu_find(t[i].p, t[i].n);
    const r700_alu_row *r = &r700_alu_rows[row];
    i++;
    if (!a->in_group) {
        int st = finish_group(a);
        if (st)
            return st;
        a->in_group = 1;
    }
    unsigned last = 0;
    if (i < nt && teq(&t[i], "*")) {
        last = 1;
        i++;
    }
    if (i >= nt)
        return AERR(a, "%s: missing destination", r->name);
    /* destination */
    r700_src dst;
    int imode = -1;
    const char *p = t[i].p, *e = t[i].p + t[i].n;
    unsigned v;
    if (!(*p == 'T' || *p == 'R') || (p++, parse_reg_num(&p, e, 127, &v)))
        return AERR(a, "%s: bad destination '%.*s' (T0..T127 with .X-.W)", r->name, (int)t[i].n, t[i].p);
    memset(&dst, 0, sizeof dst);
    dst.sel = (uint16_t)v;
    int st = rel_chan(a, &p, e, &dst, &imode, 0, "destination");
    if (st)
        return st;
    i++;
    unsigned nmax = r->enc == R700_ENC_OP3 ? 3 : 2, ns = 0;
    r700_src src[3];
    memset(src, 0, sizeof src);
    uint32_t write = 1, up = 0, uem = 0, omod = 0, clamp = 0, bs = 0;
    for (; i < nt; i++) {
        const r700_tok *k = &t[i];
        if (teq(k, "NOWRITE")) write = 0;
        else if (teq(k, "UP")) up = 1;
        else if (teq(k, "UEM")) uem = 1;
        else if (teq(k, "M2")) omod = 1;
        else if (teq(k, "M4")) omod = 2;
        else if (teq(k, "D2")) omod = 3;
        else if (teq(k, "CLAMP")) clamp = 1;
        else if (tpre(k, "IDX:")) {
            int m = index_mode_of(k->p + 4, k->n - 4);
            if (m < 0 || (imode >= 0 && imode != m))
                return AERR(a, "%s: bad index mode '%.*s'", r->name, (int)k->n, k->p);
            imode = m;
        } else if (tpre(k, "VEC_") || tpre(k, "SCL_") || tpre(k, "BS")) {
            int f = -1;
            for (unsigned b = 0; b < 6; b++)
                if (teq(k, r700_bs_vec[b]))
                    f = (int)b;
            for (unsigned b = 0; b < 4; b++)
                if (teq(k, r700_bs_scl[b]))
                    f = (int)b;
            uint64_t x;
            if (f < 0 && tpre(k, "BS") && !num(k->p + 2, k->n - 2, &x) && x < 8)
                f = (int)x;
            if (f < 0)
                return AERR(a, "%s: bad bank swizzle '%.*s'", r->name, (int)k->n, k->p);
            bs = (uint32_t)f;
        } else {
            if (ns == nmax)
                return AERR(a, "%s: too many operands (at most %u sources)", r->name, nmax);
            if ((st = parse_src(a, k, &src[ns], &imode)))
                return st;
            if (r->enc == R700_ENC_OP3 && src[ns].abs)
                return AERR(a, "%s: OP3 instructions have no |abs| modifier", r->name);
            ns++;
        }
    }
    if (ns < r->nsrc)
        return AERR(a, "%s: %u source(s) expected, %u given", r->name, r->nsrc, ns);
    if (r->enc == R700_ENC_OP3 && (!write || up || uem || omod))
        return AERR(a, "%s: OP3 has no NOWRITE, UP, UEM or output modifier", r->name);
    if (imode < 0)
        imode = 0;
    uint32_t w0 = 0, w1;
    for (unsigned k = 0; k < 2; k++)
        w0 |= ((uint32_t)src[k].sel | (uint32_t)src[k].rel << 9 | (uint32_t)src[k].chan << 10 |
               (uint32_t)src[k].neg << 12) << (13 * k);
    w0 |= (uint32_t)imode << 26 | pred_sel << 29 | last << 31;
    w1 = bs << 18 | (uint32_t)dst.sel << 21 | (uint32_t)dst.rel << 28 | (uint32_t)dst.chan << 29 |
         clamp << 31;
    if (r->enc == R700_ENC_OP3)
        w1 |= (uint32_t)src[2].sel | (uint32_t)src[2].rel << 9 | (uint32_t)src[2].chan << 10 |
              (uint32_t)src[2].neg << 12 | (uint32_t)r->op << 13;
    else
        w1 |= (uint32_t)src[0].abs | (uint32_t)src[1].abs << 1 | uem << 2 | up << 3 | write << 4 |
              omod << 5 | (uint32_t)r->op << 7;
    if (push_word(&a->cl, &a->ncl, &a->ccl, w0) || push_word(&a->cl, &a->ncl, &a->ccl, w1))
        return AERR(a, "out of memory");
    if (last)
        a->in_group = 0;
    return 0;
}

/* the literal words a closed group needs (L1465): 0, 2 or 4 */
static unsigned lit_need(const uint32_t *w, size_t n)
{
    unsigned need = 0;
    for (size_t i = 0; i + 1 < n; i += 2) {
        uint32_t w0 = w[i], w1 = w[i + 1];
        unsigned sel[3] = { w0 & 511, (w0 >> 13) & 511, (w1 >> 15) & 7 ? (w1 & 511) : 0 };
        unsigned ch[3] = { (w0 >> 10) & 3, (w0 >> 23) & 3, (w1 >> 10) & 3 };
        for (unsigned k = 0; k < 3; k++)
            if (sel[k] == 253)
                need = need > (ch[k] >= 2 ? 4u : 2u) ? need : (ch[k] >= 2 ? 4u : 2u);
        if (w0 >> 31)
            break;
    }
    return need;
}

/* a closed group without its LITERALS line yet: check and close it */
static int finish_group(r700_asm *a)
{
    if (a->in_group)
        return AERR(a, "ALU group not closed (the last instruction of a group carries '*')");
    if (a->grp_start >= 0 && !a->grp_lit_done) {
        unsigned need = lit_need(a->cl + a->grp_start, a->ncl - (size_t)a->grp_start);
        if (need)
            return AERR(a, "ALU group reads a literal but no LITERALS line follows it");
    }
    a->grp_start = -1;
    return 0;
}

static int asm_literals(r700_asm *a, const r700_tok *t, unsigned nt)
{
    if (a->in_group || a->grp_start < 0 || a->grp_lit_done)
        return AERR(a, "LITERALS must follow the last instruction ('*') of a group");
    unsigned need = lit_need(a->cl + a->grp_start, a->ncl - (size_t)a->grp_start);
    unsigned n = nt - 1;
    if (!need)
        return AERR(a, "LITERALS given but no operand of the group reads a literal");
    if (n > need || n + 1 < need || n == 0)
        return AERR(a, "the group needs %u literal words (literal.%s), %u given", need,
                    need == 2 ? "x/y" : "z/w", n);
    for (unsigned k = 0; k < need; k++) {
        uint64_t v = 0;
        if (k < n && (num(t[1 + k].p, t[1 + k].n, &v) || v > 0xffffffffu))
            return AERR(a, "bad literal '%.*s' (a 32-bit number)", (int)t[1 + k].n, t[1 + k].p);
        if (push_word(&a->cl, &a->ncl, &a->ccl, (uint32_t)v))
            return AERR(a, "out of memory");
    }
    a->grp_lit_done = 1;
    return 0;
}

/* ------------------------------------------------------------ CF */
static int kc_parse(r700_asm *a, const r700_tok *t, r700_cf *c)
{
    unsigned k = (unsigned)(t->p[2] - '0');
    const char *p = t->p + 4, *e = t->p + t->n - 1;
    if (*e != ']')
        return AERR(a, "bad kcache lock '%.*s'", (int)t->n, t->p);
    if (p == e)
        return 0;
    uint64_t bank, lo, hi;
    const char *q = memchr(p, ':', (size_t)(e - p));
    if (strncmp(p, "CB", 2) || !q || num(p + 2, (size_t)(q - p - 2), &bank) || bank > 15)
        return AERR(a, "bad kcache lock '%.*s' (KC0[CBn:lo-hi])", (int)t->n, t->p);
    c->kbank[k] = (uint8_t)bank;
    p = q + 1;
    const char *cm = memchr(p, ',', (size_t)(e - p));
    const char *end = cm ? cm : e;
    if (cm && (size_t)(e - cm) == 4 && strncmp(cm, ",NOP", 4) == 0) {
        if (num(p, (size_t)(cm - p), &lo) || lo > 255)
            return AERR(a, "bad kcache line in '%.*s'", (int)t->n, t->p);
        c->kaddr[k] = (uint8_t)lo;
        c->kmode[k] = 0;
        return 0;
    }
    const char *dash = memchr(p, '-', (size_t)(end - p));
    if (!dash || num(p, (size_t)(dash - p), &lo) || num(dash + 1, (size_t)(end - dash - 1), &hi) ||
        lo % 16 || lo / 16 > 255 || (hi - lo != 15 && hi - lo != 31))
        return AERR(a, "bad kcache range in '%.*s' (a multiple of 16, 16 or 32 constants)", (int)t->n, t->p);
    c->kaddr[k] = (uint8_t)(lo / 16);
    c->kmode[k] = hi - lo == 15 ? 1 : 2;
    if (cm) {
        if ((size_t)(e - cm) != 3 || strncmp(cm, ",AL", 3) || c->kmode[k] != 2)
            return AERR(a, "bad kcache mode in '%.*s' (,AL with 32 constants)", (int)t->n, t->p);
        c->kmode[k] = 3;
    }
    return 0;
}

static int add_fix(r700_asm *a, const char *p, size_t n, size_t word)
{
    if (a->nfix == a->cfix) {
        size_t nc = a->cfix ? 2 * a->cfix : 16;
        void *nf = realloc(a->fix, nc * sizeof *a->fix);
        if (!nf)
            return AERR(a, "out of memory");
        a->fix = nf;
        a->cfix = nc;
    }
    a->fix[a->nfix].p = p;
    a->fix[a->nfix].n = n;
    a->fix[a->nfix].word = word;
    a->fix[a->nfix].line = a->line;
    a->nfix++;
    return 0;
}

static int close_fetch_auto(r700_asm *a)
{
    if (a->fauto_cf < 0)
        return 0;
    size_t n = (a->nfcl - a->fauto_start) / 4;
    if (n == 0)
        return AERR(a, "fetch clause without instructions");
    if (n > 16)
        return AERR(a, "fetch clause of %zu instructions (COUNT holds at most 16)", n);
    uint32_t *w = &a->cf[2 * a->fauto_cf];
    w[0] = (uint32_t)(a->fauto_start / 2);                /* made absolute at the end */
    w[1] = (w[1] & ~(7u << 10 | 1u << 19)) | (uint32_t)((n - 1) & 7) << 10 |
           (uint32_t)((n - 1) >> 3) << 19;
    if (gpuref_grow((void **)&a->fautos, &a->cfauto, a->nfauto, sizeof *a->fautos, 16))
        return AERR(a, "out of memory");
    a->fautos[a->nfauto++] = (size_t)a->fauto_cf;
    a->fauto_cf = -1;
    return 0;
}

static int close_auto(r700_asm *a)
{
    int st = finish_group(a);
    if (st)
        return st;
    if ((st = close_fetch_auto(a)))
        return st;
    if (a->auto_cf >= 0) {
        size_t n = a->ncl - a->auto_start;
        if (n == 0)
            return AERR(a, "ALU clause without instructions");
        if (n / 2 > 128)
            return AERR(a, "ALU clause of %zu slots (at most 128)", n / 2);
        uint32_t *w = &a->cf[2 * a->auto_cf];
        w[0] = (w[0] & ~0x3fffffu) | (uint32_t)(a->auto_start / 2);   /* made absolute at the end */
        w[1] = (w[1] & ~(0x7fu << 18)) | (uint32_t)(n / 2 - 1) << 18;
        if (a->nauto == a->cauto) {
            size_t nc = a->cauto ? 2 * a->cauto : 16;
            size_t *na = realloc(a->autos, nc * sizeof *na);
            if (!na)
                return AERR(a, "out of memory");
            a->autos = na;
            a->cauto = nc;
        }
        a->autos[a->nauto++] = (size_t)a->auto_cf;
    }
    a->auto_cf = -1;
    return 0;
}

static int asm_cf(r700_asm *a, const r700_tok *t, unsigned nt, int row)
{
    int st = close_auto(a);
    if (st)
        return st;
    a->any_cf = 1;
    r700_cf c;
    memset(&c, 0, sizeof c);
    c.row = (uint16_t)row;
    c.fmt = r700_cf_rows[row].fmt;
    c.barrier = 1;
    unsigned i = 1;
    int autoc = 0, fauto = 0, explicit_at = 0;
    const char *lab = NULL;
    size_t labn = 0;
    if (c.fmt == R700_FMT_ALU) {
        uint64_t v;
        if (i < nt && isdigit((unsigned char)t[i].p[0])) {
            if (num(t[i].p, t[i].n, &v) || v > 127)
                return AERR(a, "bad ALU clause count '%.*s' (COUNT field 0..127)", (int)t[i].n, t[i].p);
            c.count = (uint32_t)v;
            i++;
            if (i >= nt || t[i].p[0] != '@' || num(t[i].p + 1, t[i].n - 1, &v) || v > 0x3fffff)
                return AERR(a, "expected @ADDR after the clause count");
            c.addr = (uint32_t)v;
            i++;
        } else {
            autoc = 1;
        }
    } else if (c.fmt == R700_FMT_EXP) {
        int mem = row != R700_CF_EXPORT && row != R700_CF_EXPORT_DONE;
        static const char *const ty[2][4] = { { "PIX", "POS", "PARAM", "TYPE3" },
                                              { "WRITE", "WRITE_IND", "READ", "READ_IND" } };
        uint64_t v;
        unsigned k;
        if (i + 3 > nt)
            return AERR(a, "%s: expected TYPE BASE %s", r700_cf_rows[row].name, mem ? "Tn" : "Tn.SWZ");
        for (k = 0; k < 4 && !teq(&t[i], ty[mem][k]); k++)
            ;
        if (k == 4)
            return AERR(a, "%s: bad type '%.*s'", r700_cf_rows[row].name, (int)t[i].n, t[i].p);
        c.type = (uint8_t)k;
        if (num(t[i + 1].p, t[i + 1].n, &v) || v > 8191)
            return AERR(a, "%s: bad array base", r700_cf_rows[row].name);
        c.array_base = (uint16_t)v;
        const char *p = t[i + 2].p, *e = p + t[i + 2].n;
        unsigned g;
        if (*p != 'T' || (p++, parse_reg_num(&p, e, 127, &g)))
            return AERR(a, "%s: bad register", r700_cf_rows[row].name);
        c.rw_gpr = (uint8_t)g;
        if (e - p >= 4 && strncmp(p, "[AL]", 4) == 0) {
            c.rw_rel = 1;
            p += 4;
        }
        uint32_t sw = 0;
        if (mem) {
            if (p != e)
                return AERR(a, "%s: bad register '%.*s' (Tn or Tn[AL]: MEM_* take no swizzle, "
                            "L880)", r700_cf_rows[row].name, (int)t[i + 2].n, t[i + 2].p);
        } else if (e - p > 4 && strncmp(p, ".SEL", 4) == 0) {   /* ".SEL6": the raw field, before .XYZW */
            if (num(p + 4, (size_t)(e - p - 4), &v) || v >= 4096)
                return AERR(a, "%s: bad swizzle (.SELn: n < 4096)", r700_cf_rows[row].name);
            sw = (uint32_t)v;
        } else if (e - p == 5 && *p == '.') {
            for (k = 0; k < 4; k++) {
                const char *f = strchr("XYZW01?_", p[1 + k]);
                if (!f || !p[1 + k])
                    return AERR(a, "%s: bad swizzle", r700_cf_rows[row].name);
                sw |= (uint32_t)(f - "XYZW01?_") << (3 * k);
            }
        } else {
            return AERR(a, "%s: bad swizzle (.XYZW, 0, 1, _)", r700_cf_rows[row].name);
        }
        c.w1 = sw;
        i += 3;
    }
    for (; i < nt; i++) {
        const r700_tok *k = &t[i];
        uint64_t v;
        if (teq(k, "EOP") && c.fmt != R700_FMT_ALU) c.eop = 1;
        else if (teq(k, "VPM") && c.fmt != R700_FMT_ALU) c.vpm = 1;
        else if (teq(k, "WQM")) c.wqm = 1;
        else if (teq(k, "NO_BARRIER")) c.barrier = 0;
        else if (c.fmt == R700_FMT_ALU && (tpre(k, "KC0[") || tpre(k, "KC1["))) {
            if ((st = kc_parse(a, k, &c)))
                return st;
        } else if (c.fmt == R700_FMT_ALU && teq(k, "ALT_CONST")) c.alt_const = 1;
        else if (c.fmt == R700_FMT_CF && k->p[0] == '@') {
            explicit_at = 1;
            if (k->n > 1 && isdigit((unsigned char)k->p[1])) {
                if (num(k->p + 1, k->n - 1, &v) || v > 0xffffffffu)
                    return AERR(a, "bad address '%.*s'", (int)k->n, k->p);
                c.addr = (uint32_t)v;
            } else {
                lab = k->p + 1;
                labn = k->n - 1;
            }
        } else if (c.fmt == R700_FMT_CF && tpre(k, "POP:") && !num(k->p + 4, k->n - 4, &v) && v < 8)
            c.pop_count = (uint8_t)v;
        else if (c.fmt == R700_FMT_CF && tpre(k, "CF_CONST:") && !num(k->p + 9, k->n - 9, &v) && v < 32)
            c.cf_const = (uint8_t)v;
        else if (c.fmt == R700_FMT_CF && tpre(k, "COUNT:") && !num(k->p + 6, k->n - 6, &v) && v < 16)
            c.count = (uint32_t)v;
        else if (c.fmt == R700_FMT_CF && tpre(k, "CALL_COUNT:") && !num(k->p + 11, k->n - 11, &v) && v < 64)
            c.call_count = (uint8_t)v;
        else if (c.fmt == R700_FMT_CF && tpre(k, "COND:")) {
            unsigned q;
            for (q = 0; q < 4 && !(k->n - 5 == strlen(r700_cond_name[q]) &&
                                   strncmp(k->p + 5, r700_cond_name[q], k->n - 5) == 0); q++)
                ;
            if (q == 4)
                return AERR(a, "bad condition '%.*s' (ACTIVE, FALSE, BOOL, NOT_BOOL)", (int)k->n, k->p);
            c.cond = (uint8_t)q;
        } else if (c.fmt == R700_FMT_CF && teq(k, "B20")) c.w1 |= 1u << 20;
        else if (c.fmt == R700_FMT_EXP && teq(k, "B16")) c.w1 |= 1u << 16;
        else if (c.fmt == R700_FMT_EXP && row != R700_CF_EXPORT && row != R700_CF_EXPORT_DONE &&
                 tpre(k, "SIZE:") && !num(k->p + 5, k->n - 5, &v) && v < 4096)
            c.w1 = (c.w1 & ~0xfffu) | (uint32_t)v;
        else if (c.fmt == R700_FMT_EXP && tpre(k, "MASK:") && !num(k->p + 5, k->n - 5, &v) && v < 16)
            c.w1 |= (uint32_t)v << 12;
        else if (c.fmt == R700_FMT_EXP && tpre(k, "BURST:") && !num(k->p + 6, k->n - 6, &v) && v < 16)
            c.burst = (uint8_t)v;
        else if (c.fmt == R700_FMT_EXP && tpre(k, "ES:") && !num(k->p + 3, k->n - 3, &v) && v < 4)
            c.elem_size = (uint8_t)v;
        else if (c.fmt == R700_FMT_EXP && tpre(k, "INDEX:T") && !num(k->p + 7, k->n - 7, &v) && v < 128)
            c.index_gpr = (uint8_t)v;
        else
            return AERR(a, "%s: unexpected '%.*s'", r700_cf_rows[row].name, (int)k->n, k->p);
    }
    if ((row == R700_CF_TEX || row == R700_CF_VTX || row == R700_CF_VTX_TC) && !explicit_at) {
        if (c.count)
            return AERR(a, "%s: COUNT without @ADDR (a clause without an address takes the fetch "
                        "lines that follow it)", r700_cf_rows[row].name);
        fauto = 1;
    }
    uint32_t w[2];
    r700_encode_cf(&c, w);
    size_t at = a->ncf;
    if (push_word(&a->cf, &a->ncf, &a->ccf, w[0]) || push_word(&a->cf, &a->ncf, &a->ccf, w[1]))
        return AERR(a, "out of memory");
    if (lab && add_fix(a, lab, labn, at))
        return GPUREF_ERR_ASM;
    if (autoc) {
        a->auto_cf = (long)(at / 2);
        a->auto_start = a->ncl;
    }
    if (fauto) {
        a->fauto_cf = (long)(at / 2);
        a->fauto_start = a->nfcl;
    }
    return 0;
}

/* ------------------------------------------------------------ fetch */
static int sel_chars(const char *p, const char *set, uint8_t out[4], unsigned n)
{
    for (unsigned k = 0; k < n; k++) {
        const char *f = p[k] ? strchr(set, toupper((unsigned char)p[k])) : NULL;
        if (!f || *f == '?')
            return -1;
        out[k] = (uint8_t)(f - set);
    }
    return 0;
}

static int name_index(const r700_tok *k, size_t pre, const char *const *names, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (strlen(names[i]) == k->n - pre && strncmp(names[i], k->p + pre, k->n - pre) == 0)
            return (int)i;
    return -1;
}

/* "T<n>[AL|G].<sel>" for the MEM forms: the relative mode 0, 1 ([AL]), 2 ([G]) */
static int mem_reg(const r700_tok *t, const char *set, unsigned nsel, int g_ok, uint8_t *gpr,
                   uint8_t *rel, uint8_t sel[4])
{
    const char *p = t->p, *e = t->p + t->n;
    unsigned g;
    if (*p != 'T' && *p != 'R')
        return -1;
    p++;
    if (parse_reg_num(&p, e, 127, &g))
        return -1;
    *gpr = (uint8_t)g;
    *rel = 0;
    if (e - p >= 4 && strncmp(p, "[AL]", 4) == 0) {
        *rel = 1;
        p += 4;
    } else if (g_ok && e - p >= 3 && strncmp(p, "[G]", 3) == 0) {
        *rel = 2;
        p += 3;
    }
    if ((size_t)(e - p) != 1 + nsel || *p != '.')
        return -1;
    return sel_chars(p + 1, set, sel, nsel);
}

/* "T<n>[AL].<sel>" with nsel swizzle characters from set (the fetch forms: no [G]) */
static int fetch_reg(const r700_tok *t, const char *set, unsigned nsel, uint8_t *gpr, uint8_t *rel,
                     uint8_t sel[4])
{
    return mem_reg(t, set, nsel, 0, gpr, rel, sel);
}

/* MEM_RD_*, LOCAL_DS_WRITE, LOCAL_DS_READ (README "Syntax") */
static int asm_mem(r700_asm *a, const r700_tok *t, unsigned nt, const r700_fetch_row *r, r700_fetch *f)
{
    uint64_t v;
    uint8_t ss[4] = { 0, 0, 0, 0 };
    unsigned i;
    int x;
    if (r->form == R700_FF_MRD) {
        f->mf = 1;
        if (nt < 3 || fetch_reg(&t[1], "XYZW01?_", 4, &f->dst_gpr, &f->dst_rel, f->dsel) ||
            fetch_reg(&t[2], "XYZW", 1, &f->src_gpr, &f->src_rel, ss))
            return AERR(a, "%s: expected T<n>.XYZW (with 0, 1, _) and T<n>.X", r->name);
        f->ssel[0] = ss[0];
    } else if (r->form == R700_FF_DSW) {
        if (nt < 2 || mem_reg(&t[1], "XYZW01?_", 4, 1, &f->src_gpr, &f->src_rel, f->ssel))
            return AERR(a, "%s: expected T<n>.XYZW (with 0, 1, _)", r->name);
    } else {
        uint8_t d[4];
        if (nt < 3 || mem_reg(&t[1], "XYZW_", 4, 1, &f->dst_gpr, &f->dst_rel, d) ||
            mem_reg(&t[2], "XYZW01", 2, 1, &f->src_gpr, &f->src_rel, ss))
            return AERR(a, "%s: expected T<n>.XYZW (each channel or _) and T<n>.XY (with 0, 1)",
                        r->name);
        for (unsigned k = 0; k < 4; k++) {
            if (d[k] != k && d[k] != 4)
                return AERR(a, "%s: destination channel %u is '%c' (its own name or _)", r->name, k,
                            "XYZW_"[d[k]]);
            f->dwr |= (uint8_t)((d[k] == k) << k);
        }
        f->ssel[0] = ss[0];
        f->ssel[1] = ss[1];
    }
    for (i = r->form == R700_FF_DSW ? 2 : 3; i < nt; i++) {
        const r700_tok *k = &t[i];
        int mrd = r->form == R700_FF_MRD, dsw = r->form == R700_FF_DSW, dsr = r->form == R700_FF_DSR;
        if (tpre(k, "BURST:") && !num(k->p + 6, k->n - 6, &v) && v < 16) f->burst = (uint8_t)v;
        else if (mrd && tpre(k, "BASE:") && !num(k->p + 5, k->n - 5, &v) && v < 8192) f->array_base = (uint16_t)v;
        else if (mrd && tpre(k, "SIZE:") && !num(k->p + 5, k->n - 5, &v) && v < 4096) f->array_size = (uint16_t)v;
        else if (mrd && tpre(k, "ES:") && !num(k->p + 3, k->n - 3, &v) && v < 4) f->elem_size = (uint8_t)v;
        else if (mrd && tpre(k, "FMT:") && (x = name_index(k, 4, r700_dfmt_name, 64)) >= 0) f->dfmt = (uint8_t)x;
        else if (mrd && tpre(k, "NUM:") && (x = name_index(k, 4, r700_nfa_name, 3)) >= 0) f->nfa = (uint8_t)x;
        else if (mrd && tpre(k, "ENDIAN:") && (x = name_index(k, 7, r700_endian_name, 3)) >= 0) f->endian = (uint8_t)x;
        else if (mrd && teq(k, "INDEXED")) f->indexed = 1;
        else if (mrd && teq(k, "UNCACHED")) f->uncached = 1;
        else if (mrd && teq(k, "SIGNED")) f->fca = 1;
        else if (mrd && teq(k, "NO_ZERO")) f->sma = 1;
        else if (mrd && teq(k, "FWQ")) f->fwq = 1;
        else if (dsw && tpre(k, "INDEX:") && !num(k->p + 6, k->n - 6, &v) && v < 256) f->dst_index = (uint8_t)v;
        else if (dsw && tpre(k, "STRIDE:") && !num(k->p + 7, k->n - 7, &v) && v < 512) f->dst_stride = (uint16_t)v;
        else if (dsw && teq(k, "WAVE_REL")) f->wave_rel = 1;
        else if (dsr && tpre(k, "OFS:") && !num(k->p + 4, k->n - 4, &v) && v < 64) f->rd_offset = (uint8_t)v;
        else if (dsr && teq(k, "MUX:FFT_PERMUTE")) f->mux = 1;
        else if (dsr && teq(k, "MUX:WORD_SELECT")) f->mux = 2;
        else if (dsr && teq(k, "MUX:NONE")) f->mux = 0;
        else if (dsr && teq(k, "BROADCAST")) f->bcast = 1;
        else if (dsr && teq(k, "WATERFALL")) f->wfall = 1;
        else
            return AERR(a, "%s: unexpected '%.*s'", r->name, (int)k->n, k->p);
    }
    return 0;
}

static int asm_fetch(r700_asm *a, const r700_tok *t, unsigned nt, int row)
{
    const r700_fetch_row *r = &r700_fetch_rows[row];
    if (a->any_cf && a->fauto_cf < 0)
        return AERR(a, "fetch instruction outside a fetch clause (after a CF instruction that is not "
                    "TEX, VTX or VTX_TC without an address)");
    if (a->fauto_cf >= 0 && r->form == R700_FF_TEX &&
        ((a->cf[2 * a->fauto_cf + 1] >> 23) & 0x7f) != r700_cf_rows[R700_CF_TEX].op)
        return AERR(a, "%s in a vertex-fetch clause (texture instructions run in TEX clauses only)",
                    r->name);
    r700_fetch f;
    memset(&f, 0, sizeof f);
    f.row = (uint16_t)row;
    f.form = r->form;
    uint64_t v;
    unsigned i = 1;
    if (r->form >= R700_FF_MRD) {
        int st = asm_mem(a, t, nt, r, &f);
        if (st)
            return st;
    } else {
        if (nt < 3)
            return AERR(a, "%s: expected a destination and a source", r->name);
        if (row == R700_FX_SEMANTIC) {
            const char *p = t[1].p, *e = p + t[1].n;
            unsigned id;
            if (t[1].n < 5 || strncmp(p, "SEM", 3) || (p += 3, parse_reg_num(&p, e, 255, &id)) ||
                e - p != 5 || *p != '.' || sel_chars(p + 1, "XYZW01?_", f.dsel, 4))
                return AERR(a, "SEMANTIC: bad destination '%.*s' (SEM<id>.XYZW with 0, 1, _)",
                            (int)t[1].n, t[1].p);
            f.sem = (uint8_t)id;
        } else if (fetch_reg(&t[1], "XYZW01?_", 4, &f.dst_gpr, &f.dst_rel, f.dsel)) {
            return AERR(a, "%s: bad destination '%.*s' (T<n>.XYZW with 0, 1, _)", r->name, (int)t[1].n,
                        t[1].p);
        }
        uint8_t ss[4] = { 0, 0, 0, 0 };
        if (fetch_reg(&t[2], r->form == R700_FF_VTX ? "XYZW" : "XYZW01", r->form == R700_FF_VTX ? 1 : 4,
                      &f.src_gpr, &f.src_rel, ss))
            return AERR(a, "%s: bad source '%.*s' (%s)", r->name, (int)t[2].n, t[2].p,
                        r->form == R700_FF_VTX ? "T<n>.X" : "T<n>.XYZW with 0, 1");
        memcpy(f.ssel, ss, 4);
        i = 3;
    }
    for (; i < nt && r->form < R700_FF_MRD; i++) {
        const r700_tok *k = &t[i];
        int x;
        int vtx = r->form == R700_FF_VTX;
        for (x = 0; x < R700_NFETCH_FLAGS; x++) {
            const r700_fetch_flag *fl = &r700_fetch_flags[x];
            if ((fl->form == R700_FF_ANY || fl->form == r->form) && teq(k, fl->name))
                break;
        }
        if (x < R700_NFETCH_FLAGS) {
            ((uint8_t *)&f)[r700_fetch_flags[x].off] = 1;
            continue;
        }
        if (tpre(k, "RID:") && !num(k->p + 4, k->n - 4, &v) && v < 256) f.rid = (uint16_t)v;
        else if (vtx && tpre(k, "OFS:") && !num(k->p + 4, k->n - 4, &v) && v < 65536) f.offset = (uint16_t)v;
        else if (vtx && tpre(k, "FMT:") && (x = name_index(k, 4, r700_dfmt_name, 64)) >= 0) f.dfmt = (uint8_t)x;
        else if (vtx && tpre(k, "NUM:") && (x = name_index(k, 4, r700_nfa_name, 3)) >= 0) f.nfa = (uint8_t)x;
        else if (vtx && tpre(k, "ES:") && (x = name_index(k, 3, r700_endian_name, 3)) >= 0) f.endian = (uint8_t)x;
        else if (vtx && tpre(k, "FT:") && !num(k->p + 3, k->n - 3, &v) && v < 3) f.fetch_type = (uint8_t)v;
        else if (vtx && tpre(k, "MFC:") && !num(k->p + 4, k->n - 4, &v) && v < 64) f.mfc = (uint8_t)v;
        else if (!vtx && tpre(k, "SID:") && !num(k->p + 4, k->n - 4, &v) && v < 32) f.sampler = (uint8_t)v;
        else if (!vtx && tpre(k, "LB:") && !num(k->p + 3, k->n - 3, &v) && v < 128) f.lod_bias = (uint8_t)v;
        else if (!vtx && tpre(k, "CT:") && k->n == 7) {
            f.ct = 0;
            for (unsigned c = 0; c < 4; c++) {
                char ch = k->p[3 + c];
                if (ch != 'U' && ch != 'N')
                    return AERR(a, "%s: bad coordinate types '%.*s' (CT: four of U, N)", r->name,
                                (int)k->n, k->p);
                f.ct |= (uint8_t)((ch == 'N') << c);
            }
        } else if (!vtx && k->n > 3 && k->p[0] == 'O' && strchr("XYZ", k->p[1]) && k->p[1] &&
                   k->p[2] == ':') {
            int64_t sv;
            if (gpuref_num_i64(k->p + 3, k->n - 3, GPUREF_NUM_MINUS, &sv) || sv < -16 || sv > 15)
                return AERR(a, "%s: bad offset '%.*s' (-16..15)", r->name, (int)k->n, k->p);
            f.ofs[k->p[1] - 'X'] = (int8_t)sv;
        } else
            return AERR(a, "%s: unexpected '%.*s'", r->name, (int)k->n, k->p);
    }
    uint32_t w[4];
    r700_encode_fetch(&f, w);
    for (unsigned k = 0; k < 4; k++)
        if (push_word(&a->fcl, &a->nfcl, &a->cfcl, w[k]))
            return AERR(a, "out of memory");
    return 0;
}

static int add_label(r700_asm *a, const char *p, size_t n)
{
    long st = gpuref_labels_add(&a->labels, p, n, a->ncf / 2);
    if (st == GPUREF_ERR_ARG)
        return AERR(a, "label '%.*s' defined twice", (int)n, p);
    if (st < 0)
        return AERR(a, "out of memory");
    return 0;
}

static int asm_line(r700_asm *a, const char *s, size_t n)
{
    /* comments: ';', '#', '//' */
    for (size_t i = 0; i < n; i++)
        if (s[i] == ';' || s[i] == '#' || (s[i] == '/' && i + 1 < n && s[i + 1] == '/')) {
            n = i;
            break;
        }
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    while (n && isspace((unsigned char)*s)) {
        s++;
        n--;
    }
    if (!n)
        return 0;
    /* label */
    size_t k = 0;
    while (k < n && (isalnum((unsigned char)s[k]) || s[k] == '_' || s[k] == '.'))
        k++;
    if (k && k < n && s[k] == ':' && !isdigit((unsigned char)s[0])) {
        int st = close_auto(a);
        if (!st)
            st = add_label(a, s, k);
        if (st)
            return st;
        return asm_line(a, s + k + 1, n - k - 1);
    }
    r700_tok t[R700_MAXTOK];
    unsigned nt;
    if (r700_lex(s, n, t, R700_MAXTOK, &nt) || !nt)
        return AERR(a, "too many tokens on the line");
    if (teq(&t[0], "LITERALS"))
        return asm_literals(a, t, nt);
    if (teq(&t[0], "CF_END") || teq(&t[0], "PAD")) {
        int pad = teq(&t[0], "PAD");
        int st = close_auto(a);
        if (st)
            return st;
        if (nt > 1)
            return AERR(a, "%.*s takes no operands", (int)t[0].n, t[0].p);
        a->any_cf = 1;
        if (push_word(&a->cf, &a->ncf, &a->ccf, 0) ||
            push_word(&a->cf, &a->ncf, &a->ccf, pad ? 0 : (1u << 31 | 1u << 21)))
            return AERR(a, "out of memory");
        return 0;
    }
    unsigned m = teq(&t[0], "PRED_SEL_ZERO") || teq(&t[0], "PRED_SEL_ONE");
    /* NOP is both an ALU and a CF mnemonic: the ALU one has a destination */
    int alu_nop = m + 1 < nt && (teq(&t[m + 1], "*") || t[m + 1].p[0] == 'T');
    if (m < nt && r700_alu_find(t[m].p, t[m].n) >= 0 && (!teq(&t[m], "NOP") || alu_nop)) {
        if (a->any_cf && a->auto_cf < 0)
            return AERR(a, "ALU instruction outside a clause (after a CF instruction that is not an "
                        "ALU clause without count and address)");
        int was = a->in_group;
        size_t start = a->ncl;
        int st = asm_slot(a, t, nt);
        if (st)
            return st;
        if (!was)
            a->grp_open_start = start;
        if (!a->in_group) {            /* the group closed */
            a->grp_start = (long)a->grp_open_start;
            a->grp_lit_done = 0;
        }
        return 0;
    }
    int row = r700_cf_find(t[0].p, t[0].n);
    if (row >= 0)
        return asm_cf(a, t, nt, row);
    row = r700_fetch_find(t[0].p, t[0].n);
    if (row >= 0) {
        int st = finish_group(a);
        return st ? st : asm_fetch(a, t, nt, row);
    }
    return AERR(a, "unknown instruction '%.*s'", (int)t[0].n, t[0].p);
}

int r700_isa_assemble(const char *text, uint64_t base, uint32_t **words, size_t *nwords,
                      gpuref_diag *d)
{
    r700_asm a;
    memset(&a, 0, sizeof a);
    a.d = d;
    a.auto_cf = -1;
    a.fauto_cf = -1;
    a.grp_start = -1;
    int st = 0;
    const char *p = text;
    if (base & 7)
        return gpuref_diagf(d, GPUREF_ERR_ASM, 0, 0, "r700: program base 0x%llx is not 8-byte aligned",
                            (unsigned long long)base);
    gpuref_lex lx;
    gpuref_lex_init(&lx, p);
    while (!st && gpuref_lex_line(&lx)) {
        a.line = lx.line;
        st = asm_line(&a, lx.ls, (size_t)(lx.le - lx.ls));
    }
    if (!st)
        st = close_auto(&a);
    if (!st && a.in_group)
        st = AERR(&a, "ALU group not closed at the end of the text (no '*')");
    /* clauses go after the CF program, fetch clauses first (128-bit aligned:
     * a zero CF pair pads the program), then ALU clauses: fix the automatic
     * clause addresses */
    size_t pad = a.nfcl && (a.ncf % 4) ? 2 : 0;
    for (size_t i = 0; !st && i < a.nfauto; i++) {
        uint32_t *w = &a.cf[2 * a.fautos[i]];
        w[0] += (uint32_t)((a.ncf + pad) / 2);
    }
    size_t cfq = (a.ncf + pad + a.nfcl) / 2;
    for (size_t i = 0; !st && i < a.nauto; i++) {
        uint32_t *w = &a.cf[2 * a.autos[i]];
        uint32_t addr = (w[0] & 0x3fffffu) + (uint32_t)cfq;
        if (addr > 0x3fffffu)
            st = gpuref_diagf(d, GPUREF_ERR_ASM, 0, 0, "r700: clause address beyond ADDR's 22 bits");
        w[0] = (w[0] & ~0x3fffffu) | addr;
    }
    for (size_t f = 0; !st && f < a.nfix; f++) {
        char *nm = gpuref_dupn(a.fix[f].p, a.fix[f].n);
        long j = nm ? gpuref_labels_find(&a.labels, nm) : -1;
        free(nm);
        if (!nm) {
            st = gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
        } else if (j < 0) {
            a.line = a.fix[f].line;
            st = AERR(&a, "undefined label '%.*s'", (int)a.fix[f].n, a.fix[f].p);
        } else {
            a.cf[a.fix[f].word] = (uint32_t)a.labels.v[j].value;
        }
    }
    if (!st) {
        size_t n = a.ncf + pad + a.nfcl + a.ncl;
        uint32_t *w = malloc((n ? n : 1) * sizeof *w);
        if (!w) {
            st = gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
        } else {
            if (a.ncf)
                memcpy(w, a.cf, a.ncf * sizeof *w);
            memset(w + a.ncf, 0, pad * sizeof *w);
            if (a.nfcl)
                memcpy(w + a.ncf + pad, a.fcl, a.nfcl * sizeof *w);
            if (a.ncl)
                memcpy(w + a.ncf + pad + a.nfcl, a.cl, a.ncl * sizeof *w);
            *words = w;
            *nwords = n;
        }
    }
    free(a.cf);
    free(a.cl);
    gpuref_labels_free(&a.labels);
    free(a.fix);
    free(a.autos);
    free(a.fcl);
    free(a.fautos);
    return st;
}
