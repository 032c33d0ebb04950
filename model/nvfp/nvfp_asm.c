/* nvfp_asm.c - the assembler of the syntax of the patent's Appendix A
 * (README "Syntax"): one statement or more per line, each ended by ';'
 * (after a ';' the line goes on with another statement only if a mnemonic
 * follows, otherwise it is a comment, as in Appendix A), comments from ';'
 * or "//", "#define NAME NUMBER", negation '-' or U+2212. */
#include <stdlib.h>
#include <string.h>

#include "nvfp.h"

typedef struct nvfp_asm {
    gpuref_lex    lx;
    gpuref_diag  *d;
    gpuref_labels defs;
    uint32_t     *w;
    size_t        n, cap;
} nvfp_asm;

#define ERR(a, at, ...) gpuref_lex_errf(&(a)->lx, (a)->d, GPUREF_ERR_ASM, at, __VA_ARGS__)

static const char *skip(const char *p, const char *e) { return gpuref_lex_skip(p, e); }

static int is_minus(const char *p, const char *e, size_t *len)
{
    if (p < e && *p == '-') { *len = 1; return 1; }
    if (e - p >= 3 && (unsigned char)p[0] == 0xe2 && (unsigned char)p[1] == 0x88 &&
        (unsigned char)p[2] == 0x92) { *len = 3; return 1; }
    return 0;
}

/* the row of a mnemonic with optional CC suffix 'c'; -1 if none */
static int find_row(const char *p, size_t n, int *cc)
{
    for (int pass = 0; pass < 2; pass++) {
        size_t m = n - (size_t)pass;
        if (pass && (n < 2 || p[n - 1] != 'c'))
            break;
        for (int r = 0; r < NVFP_NOPS; r++)
            if (strlen(nvfp_rows[r].name) == m && !memcmp(nvfp_rows[r].name, p, m)) {
                *cc = pass;
                return r;
            }
    }
    return -1;
}

static int chan(char c)
{
    switch (c) {
    case 'x': return 0;
    case 'y': return 1;
    case 'z': return 2;
    case 'w': return 3;
    default: return -1;
    }
}

/* ".x" or ".xyzw" at *pp (after the '.'): swizzle code */
static int parse_swz(nvfp_asm *a, const char **pp, const char *e, uint8_t *swz)
{
    const char *p = *pp, *q = gpuref_lex_ident(p, e, NULL, 0);
    size_t n = (size_t)(q - p);
    int c[4];
    for (size_t i = 0; i < n && i < 4; i++)
        c[i] = chan(p[i]);
    if (n == 1 && c[0] >= 0) {
        *swz = (uint8_t)(c[0] * 0x55);
    } else if (n == 4 && c[0] >= 0 && c[1] >= 0 && c[2] >= 0 && c[3] >= 0) {
        *swz = (uint8_t)(c[0] | c[1] << 2 | c[2] << 4 | c[3] << 6);
    } else {
        return ERR(a, p, "bad swizzle '%.*s' (one or four of x, y, z, w; Table 3)", (int)n, p);
    }
    *pp = q;
    return 0;
}

/* a number or a #define'd name up to ']' */
static int parse_index(nvfp_asm *a, const char **pp, const char *e, unsigned max, char kind,
                       uint8_t *idx)
{
    const char *p = skip(*pp, e), *q = gpuref_lex_ident(p, e, NULL, 1);
    uint64_t v;
    if (q == p)
        return ERR(a, p, "expected an index in %c[]", kind);
    if (gpuref_num_u64(p, (size_t)(q - p), 0, ~0ull, &v)) {
        char name[64];
        size_t n = (size_t)(q - p);
        if (n >= sizeof name)
            n = sizeof name - 1;
        memcpy(name, p, n);
        name[n] = 0;
        long k = gpuref_labels_find(&a->defs, name);
        if (k < 0)
            return ERR(a, p, "'%s' is neither a number nor a #define'd name", name);
        v = a->defs.v[k].value;
    }
    if (v > max)
        return ERR(a, p, "%c[%llu] out of range (%c[0]..%c[%u], Table 2)", kind, (unsigned long long)v,
                   kind, kind, max);
    q = skip(q, e);
    if (q >= e || *q != ']')
        return ERR(a, q, "expected ']'");
    *idx = (uint8_t)v;
    *pp = q + 1;
    return 0;
}

static int parse_src(nvfp_asm *a, const char *p, const char *e, nvfp_src *s)
{
    size_t ml;
    s->swz = 0xe4;
    p = skip(p, e);
    if (is_minus(p, e, &ml)) {
        s->neg = 1;
        p = skip(p + ml, e);
    }
    const char *at = p;
    if (p < e && (*p == 'p' || *p == 'c') && p + 1 < e && p[1] == '[') {
        s->type = *p == 'p' ? NVFP_ST_P : NVFP_ST_C;
        p += 2;
        if (parse_index(a, &p, e, *at == 'p' ? NVFP_NP - 1 : NVFP_NC - 1, *at, &s->index))
            return -1;
    } else if (p < e && (*p == 'R' || *p == 'H' || *p == 'I')) {
        const char *q = p + 1;
        while (q < e && gpuref_is_digit(*q))
            q++;
        uint64_t v;
        if (q == p + 1 || gpuref_num_u64(p + 1, (size_t)(q - p - 1), 0, 255, &v))
            return ERR(a, at, "expected a register R0-R7, H0-H15, I0-I7, p[n] or c[n]");
        s->type = NVFP_ST_REG;
        s->prec = *p == 'R' ? NVFP_PR_R : *p == 'H' ? NVFP_PR_H : NVFP_PR_I;
        unsigned lim = nvfp_nreg[s->prec];
        if (v >= lim)
            return ERR(a, at, "%c%llu out of range (%c0..%c%u, Table 2)", *p, (unsigned long long)v,
                       *p, *p, lim - 1);
        s->index = (uint8_t)v;
        p = q;
    } else {
        return ERR(a, at, "expected a source: R0-R7, H0-H15, I0-I7, p[n] or c[n]");
    }
    if (p < e && *p == '.') {
        p++;
        if (parse_swz(a, &p, e, &s->swz))
            return -1;
    }
    p = skip(p, e);
    if (p != e)
        return ERR(a, p, "unexpected '%c' after the source", *p);
    return 0;
}

/* "EQ" or "EQ.xyzw" */
static int parse_cond(nvfp_asm *a, const char *p, const char *e, nvfp_insn *in)
{
    p = skip(p, e);
    const char *q = p;
    while (q < e && gpuref_is_alpha(*q))
        q++;
    unsigned t;
    for (t = 0; t < 8; t++)
        if (q - p == 2 && !memcmp(p, nvfp_test_names[t], 2))
            break;
    if (t == 8)
        return ERR(a, p, "expected a condition test EQ, NE, LT, GE, LE, GT, FL or TR (Table 4)");
    in->cctest = (uint8_t)t;
    in->ccswz = 0xe4;
    if (q < e && *q == '.') {
        q++;
        if (parse_swz(a, &q, e, &in->ccswz))
            return -1;
    }
    q = skip(q, e);
    if (q != e)
        return ERR(a, q, "unexpected '%c' after the condition", *q);
    return 0;
}

static int parse_dst(nvfp_asm *a, const char *p, const char *e, nvfp_insn *in)
{
    p = skip(p, e);
    const char *at = p, *q = p;
    in->cctest = NVFP_T_TR;
    in->ccswz = 0xe4;
    in->wmask = 0xf;
    if (p < e && (*p == 'R' || *p == 'H' || *p == 'I') && p + 1 < e && p[1] == 'C') {
        in->ccdst = 1;
        q = p + 2;
    } else if (p < e && (*p == 'R' || *p == 'H' || *p == 'I')) {
        q = p + 1;
        while (q < e && gpuref_is_digit(*q))
            q++;
        uint64_t v;
        if (q == p + 1 || gpuref_num_u64(p + 1, (size_t)(q - p - 1), 0, 255, &v))
            return ERR(a, at, "expected a destination R0-R7, H0-H15, I0-I7, RC, HC or IC");
        unsigned lim = nvfp_nreg[*p == 'R' ? NVFP_PR_R : *p == 'H' ? NVFP_PR_H : NVFP_PR_I];
        if (v >= lim)
            return ERR(a, at, "%c%llu out of range (%c0..%c%u, Table 2)", *p, (unsigned long long)v,
                       *p, *p, lim - 1);
        in->dreg = (uint8_t)v;
    } else {
        return ERR(a, at, "expected a destination R0-R7, H0-H15, I0-I7, RC, HC or IC (p[46])");
    }
    in->dprec = *p == 'R' ? NVFP_PR_R : *p == 'H' ? NVFP_PR_H : NVFP_PR_I;
    if (q < e && *q == '.') {
        const char *m = ++q;
        q = gpuref_lex_ident(q, e, NULL, 0);
        int last = -1;
        in->wmask = 0;
        for (const char *c = m; c < q; c++) {
            int ch = chan(*c);
            if (ch < 0 || ch <= last)
                return ERR(a, c, "bad writemask '%.*s' (x, y, z, w in that order, no repeats; p[42])",
                           (int)(q - m), m);
            in->wmask |= (uint8_t)(1u << ch);
            last = ch;
        }
        if (!in->wmask)
            return ERR(a, m, "empty writemask");
    }
    q = skip(q, e);
    if (q < e && *q == '(') {
        const char *c = ++q;
        while (q < e && *q != ')')
            q++;
        if (q == e)
            return ERR(a, c - 1, "missing ')' after the condition");
        if (parse_cond(a, c, q, in))
            return -1;
        q = skip(q + 1, e);
    }
    if (q != e)
        return ERR(a, q, "unexpected '%c' after the destination", *q);
    return 0;
}

/* one statement [p, e) starting at the mnemonic */
static int statement(nvfp_asm *a, const char *p, const char *e)
{
    const char *q = gpuref_lex_ident(p, e, NULL, 0);
    int cc = 0, row = find_row(p, (size_t)(q - p), &cc);
    if (row < 0)
        return ERR(a, p, "unknown mnemonic '%.*s'", (int)(q - p), p);
    const nvfp_row *r = &nvfp_rows[row];
    if (cc && (r->flags & NVFP_NODST))
        return ERR(a, p, "%s cannot update the condition codes (Table 30)", r->name);
    nvfp_insn in;
    memset(&in, 0, sizeof in);
    in.op = (uint8_t)row;
    in.cc = (uint8_t)cc;
    /* split the operands at commas */
    const char *op[6];
    const char *oe[6];
    unsigned nop = 0;
    q = skip(q, e);
    while (q < e) {
        if (nop == 6)
            return ERR(a, q, "too many operands");
        op[nop] = q;
        while (q < e && *q != ',')
            q++;
        oe[nop++] = q;
        if (q < e) {
            q++;
            if (skip(q, e) == e)
                return ERR(a, q, "missing operand after ','");
        }
    }
    unsigned want = r->nsrc + !(r->flags & NVFP_NODST) + !!(r->flags & (NVFP_TEXID | NVFP_CCSRC));
    if (nop != want)
        return ERR(a, nop ? op[0] : p, "%s takes %u operand%s, not %u", r->name, want,
                   want == 1 ? "" : "s", nop);
    unsigned k = 0;
    if (r->flags & NVFP_CCSRC) {
        if (parse_cond(a, op[k], oe[k], &in))
            return -1;
        k++;
    } else if (!(r->flags & NVFP_NODST)) {
        if (parse_dst(a, op[k], oe[k], &in))
            return -1;
        if (in.ccdst && !cc)
            return ERR(a, op[k], "a CC destination needs the 'c' suffix (%sc)", r->name);
        if ((r->flags & NVFP_RDST) && in.dprec != NVFP_PR_R)
            return ERR(a, op[k], "%s writes a packed 32-bit word: the destination must be R or RC",
                       r->name);
        k++;
    }
    for (unsigned s = 0; s < r->nsrc; s++, k++) {
        if (parse_src(a, op[k], oe[k], &in.src[s]))
            return -1;
        if (r->srcprec == NVFP_SP_W && in.src[s].type == NVFP_ST_REG && in.src[s].prec != NVFP_PR_R)
            return ERR(a, skip(op[k], oe[k]), "%s unpacks a 32-bit word: the source must be R, p[] "
                       "or c[]", r->name);
    }
    if (r->flags & NVFP_TEXID) {
        const char *t = skip(op[k], oe[k]), *te = gpuref_lex_ident(t, oe[k], NULL, 0);
        uint64_t v;
        if (te - t < 4 || memcmp(t, "TEX", 3) || gpuref_num_u64(t + 3, (size_t)(te - t - 3), 0, 15, &v) ||
            skip(te, oe[k]) != oe[k])
            return ERR(a, t, "expected a texture id TEX0..TEX15 (p[70])");
        in.tid = (uint8_t)v;
    }
    char why[GPUREF_ERRLEN];
    if (nvfp_check_insn(&in, why))
        return ERR(a, p, "%s", why);
    if (a->n / NVFP_WORDS >= NVFP_MAXINSN)
        return ERR(a, p, "program over the instruction limit of %u (Table 2)", NVFP_MAXINSN);
    if (gpuref_grow((void **)&a->w, &a->cap, a->n + NVFP_WORDS, sizeof *a->w, 64))
        return gpuref_diagf(a->d, GPUREF_ERR_NOMEM, a->lx.line, 0, "out of memory");
    nvfp_encode_insn(&in, a->w + a->n);
    a->n += NVFP_WORDS;
    return 0;
}

static int directive(nvfp_asm *a, const char *p, const char *e)
{
    const char *q = gpuref_lex_ident(p + 1, e, NULL, 0);
    if (q - p != 7 || memcmp(p, "#define", 7))
        return ERR(a, p, "unknown directive '%.*s' (only #define)", (int)(q - p), p);
    const char *n = skip(q, e), *ne = gpuref_lex_ident(n, e, NULL, 0);
    if (ne == n)
        return ERR(a, n, "#define needs a name");
    const char *v = skip(ne, e), *ve = v;
    while (ve < e && !gpuref_is_blank(*ve) && *ve != ';')
        ve++;
    uint64_t val;
    if (gpuref_num_u64(v, (size_t)(ve - v), 0, 0xffff, &val))
        return ERR(a, v, "#define %.*s needs a number", (int)(ne - n), n);
    long k = gpuref_labels_add(&a->defs, n, (size_t)(ne - n), val);
    if (k == GPUREF_ERR_ARG)
        return ERR(a, n, "'%.*s' is already defined", (int)(ne - n), n);
    if (k < 0)
        return gpuref_diagf(a->d, GPUREF_ERR_NOMEM, a->lx.line, 0, "out of memory");
    return 0;
}

int nvfp_isa_assemble(const char *text, uint64_t base, uint32_t **words, size_t *n, gpuref_diag *d)
{
    (void)base;
    nvfp_asm a;
    memset(&a, 0, sizeof a);
    a.d = d;
    gpuref_lex_init(&a.lx, text);
    int st = 0;
    while (!st && gpuref_lex_line(&a.lx)) {
        const char *p = skip(a.lx.ls, a.lx.le), *e = a.lx.le;
        if (p < e && *p == '#') {
            st = directive(&a, p, e) ? GPUREF_ERR_ASM : 0;
            continue;
        }
        while (!st && p < e && !gpuref_lex_is_comment(p, e)) {
            const char *q = p;
            while (q < e && *q != ';' && !(q[0] == '/' && q + 1 < e && q[1] == '/'))
                q++;
            const char *se = q;
            while (se > p && gpuref_is_blank(se[-1]))
                se--;
            if (statement(&a, p, se)) {
                st = GPUREF_ERR_ASM;
                break;
            }
            if (q == e || *q != ';')
                break;
            /* after ';': another statement only if a mnemonic follows */
            p = skip(q + 1, e);
            const char *ie = gpuref_lex_ident(p, e, NULL, 0);
            int cc;
            if (ie == p || find_row(p, (size_t)(ie - p), &cc) < 0)
                break;
        }
    }
    gpuref_labels_free(&a.defs);
    if (st) {
        free(a.w);
        return d && d->status ? d->status : st;
    }
    if (!a.w)
        a.w = malloc(sizeof *a.w);
    if (!a.w)
        return gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
    *words = a.w;
    *n = a.n;
    return GPUREF_OK;
}
