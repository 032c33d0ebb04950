/* usc_asm.c - the assembler: the source's ISR group syntax (README
 * "Syntax") to the project encoding, through usc.def's forms. */
#include <stdlib.h>
#include <string.h>

#include "usc.h"


typedef struct fixup {
    size_t   grp;
    unsigned ins, line, col;
    char     name[64];
} fixup;

typedef struct asm_st {
    gpuref_lex   lx;
    gpuref_diag *d;
    usc_group   *g;
    uint64_t    *addr;
    unsigned    *gline;
    size_t       n, cap, acap, lcap;
    fixup       *fx;
    size_t       nfx, fxcap;
    gpuref_labels labels;
    int          open;
    int          last;        /* last slot used in the open group */
    uint8_t      sbound[6];
} asm_st;

#define AERR(a, at, ...) gpuref_lex_errf(&(a)->lx, (a)->d, GPUREF_ERR_ASM, (at), __VA_ARGS__)

static int ieq(const char *s, size_t n, const char *lit)
{
    size_t k = strlen(lit);
    if (k != n) return 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
        if (c != lit[i]) return 0;
    }
    return 1;
}

static int lower(char c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

/* a register "r12", "sh5[idx1,4]", "c64": 0 or -1 */
static int parse_reg(const char *s, size_t n, usc_reg *r)
{
    static const char *const pre[] = { "cfa", "cf", "sh", "sc", "idx", "vi", "r", "i", "o", "c" };
    static const uint8_t bank[] = { USC_B_CFA, USC_B_CF, USC_B_SH, USC_B_SC, USC_B_IDX, USC_B_VI,
                                    USC_B_R, USC_B_I, USC_B_O, USC_B_SC };
    memset(r, 0, sizeof *r);
    const char *br = memchr(s, '[', n);
    size_t bn = br ? (size_t)(br - s) : n;
    for (unsigned p = 0; p < sizeof pre / sizeof pre[0]; p++) {
        size_t pl = strlen(pre[p]);
        if (bn <= pl || !ieq(s, pl, pre[p])) continue;
        uint64_t v;
        if (gpuref_num_u64(s + pl, bn - pl, 0, 4095, &v)) return -1;
        r->bank = bank[p];
        r->index = (uint16_t)v;
        if (!usc_reg_ok(r)) return -1;
        if (br) {
            if (s[n - 1] != ']' || r->bank == USC_B_I || r->bank == USC_B_IDX || r->bank == USC_B_SC)
                return -1;
            const char *q = br + 1, *e = s + n - 1;
            if (e - q < 4 || !ieq(q, 3, "idx") || (q[3] != '0' && q[3] != '1')) return -1;
            r->idx = (uint8_t)(q[3] - '0' + 1);
            q += 4;
            q = gpuref_lex_skip(q, e);
            if (q < e) {
                if (*q != ',') return -1;
                q = gpuref_lex_skip(q + 1, e);
                const char *qe = e;
                while (qe > q && gpuref_is_blank(qe[-1])) qe--;
                uint64_t d;
                if (gpuref_num_u64(q, (size_t)(qe - q), 0, 16, &d)) return -1;
                unsigned lg = 0;
                while ((1u << lg) < d) lg++;
                if ((1u << lg) != d) return -1;
                r->dlog = (uint8_t)lg;
            }
        }
        return 0;
    }
    return -1;
}

static int kind_name(const char *s, size_t n)
{
    for (int k = 0; k < USC_NK; k++)
        if (ieq(s, n, usc_kname[k])) return k;
    return -1;
}

/* one operand: base text [b, be), suffixes after */
typedef struct opnd {
    const char *b, *be, *end;
    unsigned mods_abs, mods_neg, mods_flr, inv, emask;
    int bad_suffix;
    const char *bad_at;
} opnd;

static void split_opnd(opnd *o, const char *b, const char *e)
{
    memset(o, 0, sizeof *o);
    o->b = b;
    o->end = e;
    const char *p = b;
    int depth = 0;
    while (p < e && (depth || *p != '.')) { if (*p == '[') depth++; if (*p == ']') depth--; p++; }
    o->be = p;
    while (p < e) {     /* *p == '.' */
        const char *q = p + 1;
        while (q < e && *q != '.') q++;
        size_t n = (size_t)(q - p - 1);
        if (ieq(p + 1, n, "abs")) o->mods_abs = 1;
        else if (ieq(p + 1, n, "neg")) o->mods_neg = 1;
        else if (ieq(p + 1, n, "flr")) o->mods_flr = 1;
        else if (ieq(p + 1, n, "invert")) o->inv = 1;
        else if (n == 2 && lower(p[1]) == 'e' && p[2] >= '0' && p[2] <= '3') o->emask |= 1u << (p[2] - '0');
        else if (!o->bad_suffix) { o->bad_suffix = 1; o->bad_at = p; }
        p = q;
    }
}

static int bind_s(asm_st *a, usc_group *g, unsigned k, const usc_reg *r, const char *at)
{
    if (a->sbound[k]) {
        if (memcmp(&g->s[k], r, sizeof *r))
            return AERR(a, at, "illegal group: s%u is bound to two different registers", k);
        return 0;
    }
    g->s[k] = *r;
    g->smask |= (uint8_t)(1u << k);
    a->sbound[k] = 1;
    return 0;
}

/* try the form f of row op on the operands; 1 matched, 0 not, <0 error */
static int try_form(asm_st *a, usc_group *g, usc_ins *in, unsigned op, unsigned f, opnd *ops,
                    unsigned nops, char *lbl, size_t lblsz, const char **lblat)
{
    const usc_row *row = &usc_rows[op];
    /* trailing optional operands may be left out */
    while (nops < row->ntok[f] && nops < 8 && row->tok[f][nops].opt) {
        memset(&ops[nops], 0, sizeof ops[nops]);
        ops[nops].b = "_";
        ops[nops].be = ops[nops].end = ops[nops].b + 1;
        nops++;
    }
    if (row->ntok[f] != nops) return 0;
    unsigned ob = 0, o = 0;
    usc_reg binds[6];
    uint8_t bset[6] = { 0 };
    in->has_imm = 0;
    lbl[0] = 0;
    for (unsigned j = 0; j < nops; j++) {
        const usc_tok *t = &row->tok[f][j];
        opnd *x = &ops[j];
        size_t n = (size_t)(x->be - x->b);
        int k = kind_name(x->b, n);
        unsigned bits = 0;
        if (t->opt) {
            if (n == 1 && x->b[0] == '_') bits = 0;
            else if (k == t->kind && x->inv == t->inv) bits = 1;
            else return 0;
        } else if (t->kind == USC_K_FT0 && t->alt == USC_K_FTE && t->obits == 2) {
            if (k == USC_K_FT0 || k == USC_K_FT1 || k == USC_K_FT2) bits = (unsigned)(k - USC_K_FT0);
            else if (k == USC_K_FTE) bits = 3;
            else return 0;
        } else if (t->kind == USC_K_PCND || t->kind == USC_K_ADJ) {
            uint64_t v;
            if (gpuref_num_u64(x->b, n, 0, 3, &v)) return 0;
            if (t->kind == USC_K_ADJ && (v > 2 || v < t->minv))
                return AERR(a, x->b, "%s: adjust %u out of range (%u..2)", row->name, (unsigned)v, t->minv);
            bits = (unsigned)v;
        } else if (t->kind == USC_K_DRC) {
            if (ieq(x->b, n, "drc0")) bits = 0;
            else if (ieq(x->b, n, "drc1")) bits = 1;
            else return 0;
        } else if (t->kind == USC_K_TGT) {
            int64_t v;
            if (!gpuref_num_i64(x->b, n, GPUREF_NUM_MINUS, &v)) {
                if (v < INT32_MIN || v > INT32_MAX) return AERR(a, x->b, "branch target out of range");
                in->imm = (uint32_t)(int32_t)v;
            } else {
                if (n >= lblsz || !gpuref_ident_start(x->b[0])) return 0;
                memcpy(lbl, x->b, n);
                lbl[n] = 0;
                *lblat = x->b;
                in->imm = 0;
            }
            in->has_imm = 1;
        } else {
            /* a fixed kind, or a choice a|b */
            uint8_t cand[2] = { t->kind, t->alt };
            int hit = -1;
            for (unsigned c = 0; c < (t->alt != USC_K_NONE ? 2u : 1u) && hit < 0; c++) {
                unsigned want = cand[c];
                if (want == USC_K_IMM) {
                    uint32_t v;
                    if (!gpuref_num_word32(x->b, n, 0, &v)) { in->imm = v; in->has_imm = 1; hit = (int)c; }
                } else if (want <= USC_K_S5) {
                    usc_reg r;
                    if (k == (int)want) hit = (int)c;
                    else if (k < 0 && !parse_reg(x->b, n, &r)) {
                        if (bset[want] && memcmp(&binds[want], &r, sizeof r)) return 0;
                        binds[want] = r;
                        bset[want] = 1;
                        hit = (int)c;
                    }
                } else if (k == (int)want && x->inv == t->inv)
                    hit = (int)c;
            }
            if (hit < 0) return 0;
            bits = (unsigned)hit;
        }
        o |= bits << ob;
        ob += t->obits;
    }
    /* matched: modifiers of the operands */
    in->mods = 0;
    unsigned esel = 0;
    in->m = row->mkind == USC_M_BYTES ? 15 : in->m;
    for (unsigned j = 0; j < nops; j++) {
        opnd *x = &ops[j];
        if (x->bad_suffix) return AERR(a, x->bad_at, "unknown operand modifier");
        if (x->emask && op == USC_OP_UNPCK && j == 1) {
            /* UNPCK's source element: one of .e0-.e3 (L610) */
            if (x->emask & (x->emask - 1))
                return AERR(a, x->b, "unpck: one source element .e0-.e3, not several");
            esel = (unsigned)__builtin_ctz(x->emask);
        } else if (x->emask) {
            if (!(row->mkind == USC_M_BYTES && j == 0))
                return AERR(a, x->b, ".e0-.e3 are not supported on this operand");
            in->m = (uint8_t)x->emask;
        }
        unsigned si = j - 1, m = 0;
        /* 0x100: a modifier no source position has (the destination, a 4th source) */
        if (x->mods_abs) m |= j == 0 || si > 2 || !usc_mod_abs[si] ? 0x100u : usc_mod_abs[si];
        if (x->mods_neg) m |= j == 0 || si > 2 || !usc_mod_neg[si] ? 0x100u : usc_mod_neg[si];
        if (x->mods_flr) m |= j == 0 || si > 2 || !usc_mod_flr[si] ? 0x100u : usc_mod_flr[si];
        if (m & ~(unsigned)row->mods)
            return AERR(a, x->be, "%s: this modifier is not allowed on operand %u", row->name, j + 1);
        in->mods |= (uint8_t)m;
    }
    for (unsigned k2 = 0; k2 < 6; k2++)
        if (bset[k2]) {
            int st = bind_s(a, g, k2, &binds[k2], ops[0].b);
            if (st) return st;
        }
    in->o = (uint8_t)(o | esel);
    return 1;
}

static int dot_mod(asm_st *a, usc_ins *in, const usc_row *row, const char *p, size_t n)
{
    if (ieq(p, n, "sat")) { if (!USC_ROW_SAT(row)) goto bad; in->sat = 1; return 0; }
    if (ieq(p, n, "lp"))              /* FMAD.LP: the source does not say what it does */
        return AERR(a, p, "unimplemented: %s.lp (the source does not define low precision)", row->name);
    switch (row->mkind) {
    case USC_M_TYPE:
        for (unsigned t = 0; t < USC_NTYPES; t++) if (ieq(p, n, usc_type_names[t])) { in->m = (uint8_t)t; return 0; }
        break;
    case USC_M_ASR: {
        static const char *const an[4] = { "twb", "pwb", "mtb", "ftb" };
        for (unsigned t = 0; t < 4; t++) if (ieq(p, n, an[t])) { in->m = (uint8_t)t; in->o |= 0x80; return 0; }
        break;
    }
    case USC_M_PCK:
        /* .scale and .rndzero (the syntax line's .ROUNDZERO too, L604) */
        if (ieq(p, n, "scale")) { in->o |= USC_PK_SCALE; return 0; }
        if (ieq(p, n, "rndzero") || ieq(p, n, "roundzero")) { in->o |= USC_PK_RTZ; return 0; }
        for (unsigned t = 0; t < 26; t++) if (ieq(p, n, usc_pck_names[t])) { in->m = (uint8_t)t; in->o |= 0x80; return 0; }
        break;
    case USC_M_CVT:
        if (ieq(p, n, "f32")) { in->m = 0; in->o |= 0x80; return 0; }
        if (ieq(p, n, "s32")) { in->m = 1; in->o |= 0x80; return 0; }
        if (ieq(p, n, "u32")) { in->m = 2; in->o |= 0x80; return 0; }
        break;
    case USC_M_INST:
        if (ieq(p, n, "allinst")) { in->m = 1; return 0; }
        if (ieq(p, n, "anyinst")) { in->m = 2; return 0; }
        break;
    case USC_M_PART:
        if (ieq(p, n, "a")) { in->m = 0; in->o |= 0x80; return 0; }
        if (ieq(p, n, "b")) { in->m = 1; in->o |= 0x80; return 0; }
        break;
    }
bad:
    return AERR(a, p - 1, "%s: unknown modifier '.%.*s'", row->name, (int)n, p);
}

/* the suffixes of an F16SOP operand: .e0/.e1 (*el, -1 none), .neg or
 * .oneminus (*mod, when allowed by mod_ok: 1 neg, 2 oneminus), an output
 * selector .<pre><x> (pre "jout"/"kout", x one of sel: *out) */
static int sop_suffix(asm_st *a, const opnd *o, int *el, int *mod, unsigned mod_ok, const char *pre,
                      const char *sel, int *out)
{
    *el = -1; *mod = 0;
    if (out) *out = -1;
    for (const char *p = o->be; p < o->end;) {
        const char *q = p + 1;
        while (q < o->end && *q != '.') q++;
        size_t n = (size_t)(q - p - 1);
        if (n == 2 && lower(p[1]) == 'e' && (p[2] == '0' || p[2] == '1') && *el < 0) *el = p[2] - '0';
        else if ((mod_ok & 1) && ieq(p + 1, n, "neg") && !*mod) *mod = 1;
        else if ((mod_ok & 2) && ieq(p + 1, n, "oneminus") && !*mod) *mod = 2;
        else if (out && *out < 0 && n == 5 && ieq(p + 1, 4, pre) && strchr(sel, lower(p[5])))
            *out = (int)(strchr(sel, lower(p[5])) - sel);
        else return AERR(a, p, "f16sop: operand modifier '.%.*s' not allowed here", (int)n, p + 1);
        p = q;
    }
    return 0;
}

/* the group rules every instruction the assembler builds by hand checks
 * first (F16SOP and F16SOP.MAD in phase 0; the memory rows, FITR..UVSW,
 * DITR and ITRSMP in the backend), and its row in that slot */
static int hand_start(asm_st *a, const usc_group *g, const char *m, unsigned op, unsigned slot,
                      usc_ins *in)
{
    if (a->last == 100) return AERR(a, m, "instruction after the destination declarations");
    if (g->ninsn == 6) return AERR(a, m, "illegal group: more than six instructions");
    memset(in, 0, sizeof *in);
    in->op = (uint8_t)op;
    in->slot = (uint8_t)slot;
    return 0;
}

/* F16SOP's 14 operands (L465, README "Syntax", D33): jDest, kDest, movDest,
 * A, E, jOp, B, F, C, G, kOp, D, H, movSource */
/* Append a main-group instruction the caller has built and checked (F16SOP,
 * F16SOP.MAD, the memory rows): its slot after the group's last, no bitwise
 * instruction in the group, its operands resolved. */
static int add_main(asm_st *a, usc_group *g, const char *m, usc_ins *in, const char *nm)
{
    if ((int)in->slot <= a->last)
        return AERR(a, m, "illegal group: %s: %s", nm, (int)in->slot == a->last ?
                    "two instructions in one phase" : "instructions out of phase order");
    if (g->ninsn && g->bitwise) return AERR(a, m, "illegal group: main and bitwise instructions mixed");
    a->last = in->slot;
    if (usc_resolve(in)) return AERR(a, m, "bad operands");
    g->ins[g->ninsn++] = *in;
    return 0;
}

static int sop_ins(asm_st *a, usc_group *g, const char *m, opnd *ops, unsigned nops)
{
    if (nops != 14)
        return AERR(a, m, "f16sop: 14 operands (jDest, kDest, movDest, A, E, jOp, B, F, C, G, kOp, "
                    "D, H, movSource), not %u", nops);
    usc_ins in;
    int st0 = hand_start(a, g, m, USC_OP_F16SOP, USC_SL_P0, &in);
    if (st0) return st0;
    int el, mod, out, st;
    /* the destinations: w0.e0/.e1 and w0.e1/.e0 (F16 halves) or w0 and w1 (F32) */
    for (unsigned w = 0; w < 2; w++) {
        opnd *o = &ops[w];
        int k = kind_name(o->b, (size_t)(o->be - o->b));
        if ((st = sop_suffix(a, o, &el, &mod, 0, w ? "kout" : "jout", w ? "kcd" : "jab", &out))) return st;
        if (out < 0) return AERR(a, o->b, "f16sop: the %s destination needs .%s", w ? "k" : "j",
                                 w ? "koutk, .koutc or .koutd" : "joutj, .jouta or .joutb");
        if (k == USC_K_W0 && el >= 0) in.ctl[w] |= (uint32_t)(el + 1) << 25;
        else if (!(k == (w ? USC_K_W1 : USC_K_W0) && el < 0))
            return AERR(a, o->b, "f16sop: the %s destination is %s", w ? "k" : "j",
                        w ? "w0.e0/w0.e1 (F16) or w1 (F32)" : "w0.e0/w0.e1 (F16) or w0 (F32)");
        in.ctl[w] |= (uint32_t)out << 23;
    }
    /* the MOV part: movDest w1 with movSource s3, or _ with _ */
    int md = ieq(ops[2].b, (size_t)(ops[2].end - ops[2].b), "w1"),
        ms = ieq(ops[13].b, (size_t)(ops[13].end - ops[13].b), "s3");
    if (!md && !ieq(ops[2].b, (size_t)(ops[2].end - ops[2].b), "_"))
        return AERR(a, ops[2].b, "f16sop: movDest is w1 or _");
    if (!ms && !ieq(ops[13].b, (size_t)(ops[13].end - ops[13].b), "_"))
        return AERR(a, ops[13].b, "f16sop: movSource is s3 or _");
    if (md != ms) return AERR(a, ops[2].b, "f16sop: movDest w1 and movSource s3 go together");
    if (md) in.ctl[1] |= USC_SOP_MOV;
    /* the arguments and the two operations */
    static const uint8_t argop[8] = { 3, 4, 6, 7, 8, 9, 11, 12 };
    for (unsigned i = 0; i < 8; i++) {
        opnd *o = &ops[argop[i]];
        unsigned w = i / 4, pos = i % 4, second = pos & 1;
        size_t n = (size_t)(o->be - o->b);
        int k = kind_name(o->b, n), s;
        if (k >= USC_K_S0 && k <= USC_K_S5) s = k;
        else if (second && n == 1 && o->b[0] == '0') s = 6;
        else if (second && ieq(o->b, n, "z")) s = 7;
        else {
            usc_reg r;
            if (!parse_reg(o->b, n, &r))
                return AERR(a, o->b, "f16sop: name the source bank s0-s5 (declared in the header, "
                            "as s0=%.*s)", (int)n, o->b);
            return AERR(a, o->b, "f16sop: argument %c is a source s0-s5%s", "AEBFCGDH"[i],
                        second ? ", 0 or z" : "");
        }
        if ((st = sop_suffix(a, o, &el, &mod, second ? 2u : 1u, "", "", NULL))) return st;
        in.ctl[w] |= (uint32_t)(s | (el > 0 ? 8 : 0) | (mod ? 16 : 0)) << (5 * pos);
    }
    for (unsigned w = 0; w < 2; w++) {
        opnd *o = &ops[w ? 10 : 5];
        size_t n = (size_t)(o->end - o->b);
        int f = -1;
        for (unsigned t = 0; t < USC_SOP_NOPS; t++) if (ieq(o->b, n, usc_sop_ops[t])) f = (int)t;
        if (f < 0)
            return AERR(a, o->b, "f16sop: %s is add, sub, min, max or rsub%s", w ? "kOp" : "jOp",
                        !w && ieq(o->b, n, "mad") ? " (mad: the row f16sop.mad)" : "");
        in.ctl[w] |= (uint32_t)f << 20;
    }
    const char *why = usc_sop_bad(in.ctl);
    if (why) return AERR(a, m, "f16sop: %s", why);
    return add_main(a, g, m, &in, "f16sop");
}

/* F16SOP.MAD's 16 operands (L481, README "Syntax", D34): the destinations
 * w0.e0, w0.e1, w1.e0, w1.e1 (each .f16, .clamp), then A E V for each in
 * that order: s0-s5 (E and V also 0), .e0/.e1, .f16, and the modifiers of
 * the position (A .neg .abs .flr; E .oneminus .clamp .abs; V .neg .clamp
 * .abs .flr) */
static int mad_ins(asm_st *a, usc_group *g, const char *m, opnd *ops, unsigned nops)
{
    static const char *const dst[4] = { "w0.e0", "w0.e1", "w1.e0", "w1.e1" };
    static const char *const mod[3][4] = { { "neg", "abs", "flr", NULL },
                                           { "oneminus", "clamp", "abs", NULL },
                                           { "neg", "clamp", "abs", "flr" } };
    if (nops != 16)
        return AERR(a, m, "f16sop.mad: 16 operands (w0.e0, w0.e1, w1.e0, w1.e1, then A E V for "
                    "each), not %u", nops);
    usc_ins in;
    int st0 = hand_start(a, g, m, USC_OP_F16SOPMAD, USC_SL_P0, &in);
    if (st0) return st0;
    uint32_t f[4] = { 0, 0, 0, 0 };
    for (unsigned d = 0; d < 4; d++) {
        const opnd *o = &ops[d];
        size_t n = strlen(dst[d]);
        if ((size_t)(o->end - o->b) < n || !ieq(o->b, n, dst[d]) || (o->b + n < o->end && o->b[n] != '.'))
            return AERR(a, o->b, "f16sop.mad: destination %u is %s", d + 1, dst[d]);
        for (const char *p = o->b + n; p < o->end;) {
            const char *q = p + 1;
            while (q < o->end && *q != '.') q++;
            size_t k = (size_t)(q - p - 1);
            if (ieq(p + 1, k, "clamp") && !(f[d] >> 22 & 1)) f[d] |= 1u << 22;
            else if (!ieq(p + 1, k, "f16"))
                return AERR(a, p, "f16sop.mad: destination modifier '.%.*s' not allowed%s", (int)k, p + 1,
                            ieq(p + 1, k, "u8") ? " (u8 results: f16sop.u8mad, D36)" : "");
            p = q;
        }
    }
    for (unsigned i = 0; i < 12; i++) {
        const opnd *o = &ops[4 + i];
        unsigned md = i / 3, pos = i % 3;
        size_t n = (size_t)(o->be - o->b);
        int k = kind_name(o->b, n);
        unsigned x;
        if (k >= USC_K_S0 && k <= USC_K_S5) x = (unsigned)k;
        else if (pos && n == 1 && o->b[0] == '0') x = 6;
        else return AERR(a, o->b, "f16sop.mad: argument %c%u is a source s0-s5%s", "AEV"[pos], md + 1,
                         pos ? " or 0" : "");
        int el = -1;
        for (const char *p = o->be; p < o->end;) {
            const char *q = p + 1;
            while (q < o->end && *q != '.') q++;
            size_t kn = (size_t)(q - p - 1);
            int hit = 0;
            if (kn == 2 && lower(p[1]) == 'e' && (p[2] == '0' || p[2] == '1') && el < 0) {
                el = p[2] - '0';
                hit = 1;
            } else if (ieq(p + 1, kn, "f16")) hit = 1;
            for (unsigned t = 0; t < 4 && !hit; t++)
                if (mod[pos][t] && ieq(p + 1, kn, mod[pos][t]) && !(x >> (4 + t) & 1)) {
                    x |= 1u << (4 + t);
                    hit = 1;
                }
            if (!hit)
                return AERR(a, p, "f16sop.mad: modifier '.%.*s' not allowed on argument %c%s", (int)kn, p + 1,
                            "AEV"[pos], ieq(p + 1, kn, "u8") || (kn == 2 && lower(p[1]) == 'e') ?
                            " (u8 elements: not designed, D36)" : "");
            p = q;
        }
        if (el > 0) x |= 8;
        f[md] |= x << (7 * pos);
    }
    for (unsigned md = 0; md < 4; md++)
        for (unsigned i = 0; i < 23; i++) {
            unsigned bit = 23 * md + i;
            in.ctl[bit / 32] |= (f[md] >> i & 1u) << (bit % 32);
        }
    const char *why = usc_ctl_bad(in.op, in.ctl);
    if (why) return AERR(a, m, "f16sop.mad: %s", why);
    return add_main(a, g, m, &in, "f16sop.mad");
}

/* a source bank name s0-s5 as an operand with no suffix: its number, or -1 */
static int mem_src(const opnd *o)
{
    int k = kind_name(o->b, (size_t)(o->end - o->b));
    return k >= USC_K_S0 && k <= USC_K_S5 ? k : -1;
}

/* LD, ST, ATOM, IDF (L1007-L1028, README "Syntax", D37): the source's
 * operands, the sources by bank name (declared in the header, s0=r4):
 *   ld s3, drc0|drc1, s0-s5|1-16, s0-s5
 *   st s0-s5, 0-2, drc0|drc1, s0-s5|1-16, s0-s5, s0-s5|_
 *   atom.OP s0-s5, drc0|drc1, s0-s5
 *   idf drc0|drc1, s0-s5 */
static int mem_ins(asm_st *a, usc_group *g, const char *m, const char *me, unsigned op, opnd *ops,
                   unsigned nops)
{
    static const unsigned nop[4] = { 2, 4, 6, 3 };   /* idf ld st atom */
    const unsigned r = op == USC_OP_IDF ? 0 : op == USC_OP_LD ? 1 : op == USC_OP_ST ? 2 : 3;
    const char *nm = usc_rows[op].name;
    usc_ins in;
    int st0 = hand_start(a, g, m, op, USC_SL_BE, &in);
    if (st0) return st0;
    const char *sfx = m + strlen(nm);
    if (op == USC_OP_ATOM) {
        int f = -1;
        if (sfx < me && *sfx == '.')
            for (unsigned t = 0; t < USC_NATOM; t++)
                if (ieq(sfx + 1, (size_t)(me - sfx - 1), usc_atom_names[t])) f = (int)t;
        if (f < 0)
            return AERR(a, m, "atom: the operation is .add, .umin, .umax, .smin, .smax, .and, .or, "
                        ".xor, .xchg or .cmpxchg (D38)");
        in.ctl[0] |= (uint32_t)f << 19;
    } else if (sfx < me) {
        return AERR(a, sfx, "%s: modifier '%.*s' not implemented (.direct, .tiled, .texelmode: the "
                    "source does not define them, D37)", nm, (int)(me - sfx), sfx);
    }
    if (nops != nop[r])
        return AERR(a, m, "%s: %u operands (%s), not %u", nm, nop[r],
                    r == 0 ? "sourceDRC, sourceSelect" : r == 1 ? "dest, sourceDRC, sourceBurstLen, "
                    "sourceAddress" : r == 2 ? "sourceData, sourceDataSize, sourceDRC, sourceBurstLen, "
                    "sourceAddress, sourceCoverageMask" : "sourceDestSelect, sourceDRC, sourceSelect", nops);
    for (unsigned i = 0; i < nops; i++)
        if (ops[i].be != ops[i].end)
            return AERR(a, ops[i].be, "%s: no modifier on this operand", nm);
    /* the positions of the DRC, the address, the burst; the data operand */
    static const int pdrc[4] = { 0, 1, 2, 1 }, padr[4] = { 1, 3, 4, 2 }, pbur[4] = { -1, 2, 3, -1 },
                     pdat[4] = { -1, -1, 0, 0 };
    const opnd *o = &ops[pdrc[r]];
    size_t n = (size_t)(o->end - o->b);
    if (ieq(o->b, n, "drc1")) in.ctl[0] |= 1;
    else if (!ieq(o->b, n, "drc0")) return AERR(a, o->b, "%s: sourceDRC is drc0 or drc1", nm);
    int k = mem_src(&ops[padr[r]]);
    if (k < 0)
        return AERR(a, ops[padr[r]].b, "%s: the %s is a source bank s0-s5 (declared in the header, "
                    "as s0=r4)", nm, op == USC_OP_IDF ? "sourceSelect" : "address");
    in.ctl[0] |= (uint32_t)k << 1;
    if (pbur[r] >= 0) {
        o = &ops[pbur[r]];
        n = (size_t)(o->end - o->b);
        k = mem_src(o);
        if (k >= 0) {
            in.ctl[0] |= (uint32_t)k << 4;
        } else {
            unsigned v = 0;
            int ok = n >= 1 && n <= 2;
            for (size_t i = 0; ok && i < n; i++) {
                if (o->b[i] < '0' || o->b[i] > '9') ok = 0;
                else v = v * 10 + (unsigned)(o->b[i] - '0');
            }
            if (!ok || v < 1 || v > 16)
                return AERR(a, o->b, "%s: the burst length is a source bank s0-s5 or 1-16", nm);
            in.ctl[0] |= 7u << 4 | (v - 1) << 7;
        }
    }
    if (op == USC_OP_LD && mem_src(&ops[0]) != 3)
        return AERR(a, ops[0].b, "ld: the destination is s3 (L1013), declared in the header (s3=r8)");
    if (pdat[r] >= 0) {
        k = mem_src(&ops[pdat[r]]);
        if (k < 0) return AERR(a, ops[pdat[r]].b, "%s: the %s is a source bank s0-s5", nm,
                               op == USC_OP_ST ? "data" : "source/destination");
        in.ctl[0] |= (uint32_t)k << 11;
    }
    if (op == USC_OP_ST) {
        o = &ops[1];
        n = (size_t)(o->end - o->b);
        if (n != 1 || o->b[0] < '0' || o->b[0] > '2')
            return AERR(a, o->b, "st: sourceDataSize is 0, 1 or 2 (8-, 16-, 32-bit elements, D37)");
        in.ctl[0] |= (uint32_t)(o->b[0] - '0') << 14;
        o = &ops[5];
        n = (size_t)(o->end - o->b);
        k = mem_src(o);
        if (k < 0 && !ieq(o->b, n, "_"))
            return AERR(a, o->b, "st: the coverage mask is a source bank s0-s5 or _");
        in.ctl[0] |= (uint32_t)(k < 0 ? 7 : k) << 16;
    }
    const char *why = usc_mem_bad(op, in.ctl[0]);
    if (why) return AERR(a, m, "%s: %s", nm, why);
    return add_main(a, g, m, &in, nm);
}

/* a source operand of FITR, FITRP, SMP: the bank name sK of its position,
 * or a register, which declares it (the source's examples write registers:
 * "fitr.pixel r0, drc0, cf4, ...", "smp2d ... drc0, sh4, r1, sh0, sh11,
 * r0, 4"): 0 or an error */
static int be_src(asm_st *a, usc_group *g, const opnd *o, unsigned k, const char *nm, const char *what)
{
    size_t n = (size_t)(o->end - o->b);
    if (o->be != o->end) return AERR(a, o->be, "%s: no modifier on this operand", nm);
    if (mem_src(o) == (int)k) return 0;
    usc_reg r;
    if (parse_reg(o->b, n, &r))
        return AERR(a, o->b, "%s: the %s is s%u or a register (it declares s%u)", nm, what, k, k);
    return bind_s(a, g, k, &r, o->b);
}

/* a number lo..hi (decimal): 0, or -1 */
static int be_num(const opnd *o, unsigned lo, unsigned hi, unsigned *v)
{
    uint64_t x;
    if (o->be != o->end || gpuref_num_u64(o->b, (size_t)(o->end - o->b), 0, hi, &x) || x < lo)
        return -1;
    *v = (unsigned)x;
    return 0;
}

/* FITR, FITRP, SMP1D/2D/3D, UVSW (L981-L1025, D47-D50):
 *   fitr.MODE{.sat} s3, drc0|drc1, s0, 1-16
 *   fitrp.MODE{.sat} s3, drc0|drc1, s0, s2, 1-16      MODE pixel sample centroid
 *   smpND{.mods} drc0|drc1, s0, s1, s2, s3|_, s4, 1-4
 *   uvsw.write w0|w1, s0-s5|0-255
 * the Sk positions as bank names or registers (be_src) */
static int be_ins(asm_st *a, usc_group *g, const char *m, const char *me, unsigned op, opnd *ops,
                  unsigned nops)
{
    const char *nm = usc_rows[op].name;
    usc_ins in;
    int st0 = hand_start(a, g, m, op, USC_SL_BE, &in);
    if (st0) return st0;
    const char *sfx = m + strlen(nm);
    uint32_t w = 0;
    unsigned v;
    if (op == USC_OP_SMP) {
        if (me - m < 5 || m[3] < '1' || m[3] > '3' || lower(m[4]) != 'd')
            return AERR(a, m, "smp: the mnemonic is smp1d, smp2d or smp3d (L1020)");
        w |= (uint32_t)(sfx[0] - '0') << 1;       /* the dimension of smp1d..smp3d */
        sfx += 2;
    }
    /* the suffixes */
    int mode = -1, lodm = 0, wop = -1;
    while (sfx < me && *sfx == '.') {
        const char *q = sfx + 1;
        while (q < me && *q != '.') q++;
        size_t n = (size_t)(q - sfx - 1);
        int ok = 0;
        if (op == USC_OP_FITR || op == USC_OP_FITRP) {
            for (unsigned t = 0; t < 3; t++)
                if (ieq(sfx + 1, n, usc_itr_modes[t]) && mode < 0) { mode = (int)t; ok = 1; }
            if (ieq(sfx + 1, n, "sat") && !(w & 8)) { w |= 8; ok = 1; }
        } else if (op == USC_OP_SMP) {
            for (unsigned t = 1; t < 4; t++)
                if (ieq(sfx + 1, n, usc_lodm_names[t]) && !lodm) { lodm = (int)t; ok = 1; }
            for (unsigned t = 0; t < USC_NSMPFLAGS; t++)
                if (ieq(sfx + 1, n, usc_smp_flag_names[t]) && !(w >> (8 + t) & 1)) { w |= 1u << (8 + t); ok = 1; }
        } else if (ieq(sfx + 1, n, "write") && wop < 0) {
            wop = 0;
            ok = 1;
        }
        if (!ok)
            return AERR(a, sfx, "%s: modifier '%.*s' not implemented or repeated (%s)", nm, (int)n,
                        sfx + 1, op == USC_OP_SMP ? ".wrt, .data, .info, .both, .f16, .direct and the "
                        "cache modes change what the sample returns or where: not defined by the source "
                        "(D49)" : op == USC_OP_UVSW ? "only .write: what emit, cut and end do outside "
                        "the USC is not defined (D50)" : "the modes are .pixel, .sample, .centroid, "
                        "then .sat (D47)");
        sfx = q;
    }
    if ((op == USC_OP_FITR || op == USC_OP_FITRP) && mode < 0)
        return AERR(a, m, "%s: the mode is .pixel, .sample or .centroid (L1000)", nm);
    if (op == USC_OP_UVSW && wop < 0) return AERR(a, m, "uvsw: the write operation is .write (D50)");
    static const unsigned nop[4] = { 4, 5, 7, 2 };   /* fitr fitrp smp uvsw */
    const unsigned r = op == USC_OP_FITR ? 0 : op == USC_OP_FITRP ? 1 : op == USC_OP_SMP ? 2 : 3;
    if (nops != nop[r])
        return AERR(a, m, "%s: %u operands (%s), not %u", nm, nop[r],
                    r == 0 ? "dest, sourceDRC, sourceCoeffPtr, sourceCount" :
                    r == 1 ? "dest, sourceDRC, sourceCoeffPtr, sourceWCoeffPtr, sourceCount" :
                    r == 2 ? "sourceDRC, sourceTextureState, sourceData, sourceSamplerState, "
                    "sourceSharedLOD, sourceDestPtr, chan" : "dest, source", nops);
    int st;
    if (r < 3) {
        const opnd *o = &ops[r < 2 ? 1 : 0];
        size_t n = (size_t)(o->end - o->b);
        if (ieq(o->b, n, "drc1")) w |= 1;
        else if (!ieq(o->b, n, "drc0")) return AERR(a, o->b, "%s: sourceDRC is drc0 or drc1", nm);
    }
    if (r < 2) {
        w |= (uint32_t)mode << 1;
        if ((st = be_src(a, g, &ops[0], 3, nm, "destination"))) return st;
        if ((st = be_src(a, g, &ops[2], 0, nm, "coefficient pointer"))) return st;
        if (r == 1 && (st = be_src(a, g, &ops[3], 2, nm, "W coefficient pointer"))) return st;
        if (be_num(&ops[nops - 1], 1, 16, &v))
            return AERR(a, ops[nops - 1].b, "%s: sourceCount is 1-16", nm);
        w |= (v - 1) << 4;
    } else if (r == 2) {
        static const char *const what[5] = { "texture state", "data (coordinates)", "sampler state",
                                             "LOD", "destination" };
        for (unsigned k = 0; k < 5; k++) {
            const opnd *o = &ops[1 + k];
            if (k == 3 && ieq(o->b, (size_t)(o->end - o->b), "_")) continue;
            if ((st = be_src(a, g, o, k, nm, what[k]))) return st;
            if (k == 3) w |= 1u << 7;
        }
        w |= (uint32_t)lodm << 5;
        if (be_num(&ops[6], 1, 4, &v)) return AERR(a, ops[6].b, "%s: chan is 1-4", nm);
        w |= (v - 1) << 3;
    } else {
        const opnd *o = &ops[0];
        size_t n = (size_t)(o->end - o->b);
        if (o->be != o->end) return AERR(a, o->be, "uvsw: no modifier on this operand");
        if (ieq(o->b, n, "w1")) w |= 8;
        else if (!ieq(o->b, n, "w0")) return AERR(a, o->b, "uvsw: the data is w0 or w1 (L983)");
        int k = mem_src(&ops[1]);
        if (k >= 0) w |= (uint32_t)k << 5;
        else if (!be_num(&ops[1], 0, 255, &v)) w |= 1u << 4 | v << 5;
        else return AERR(a, ops[1].b, "uvsw: the address is a source bank s0-s5 or 0-255 (L983)");
    }
    in.ctl[0] = w;
    const char *why = usc_be_bad(op, w);
    if (why) return AERR(a, m, "%s: %s", nm, why);
    return add_main(a, g, m, &in, nm);
}

/* a register of bank `bank` with index 0-255, named directly ("r4",
 * "cf8", "sh0"): its index, or -1 */
static int it_reg(const opnd *o, unsigned bank)
{
    usc_reg r;
    if (o->be != o->end || parse_reg(o->b, (size_t)(o->end - o->b), &r) || r.bank != bank || r.idx ||
        r.index > 255)
        return -1;
    return r.index;
}

/* DITR and ITRSMP (L1126-L1138, D51, D52): registers named directly
 *   ditr.MODE{.sat}{.schedswap|.schedwdf} rD, drc, cfC, 1-16, 0-3, cfW|_
 *   itrsmpND.MODE{.sat .proj .fcnorm .nncoords .schedswap|.schedwdf .comparison}
 *       rD, 0-3, drc, cfC, shT, shS, 1-4, 1-16, cfW|_ */
static int it_ins(asm_st *a, usc_group *g, const char *m, const char *me, unsigned op, opnd *ops,
                  unsigned nops)
{
    const char *nm = usc_rows[op].name;
    int smp = op == USC_OP_ITRSMP;
    usc_ins in;
    int st0 = hand_start(a, g, m, op, USC_SL_BE, &in);
    if (st0) return st0;
    uint32_t w = 0, x = 0;
    const char *sfx = m + strlen(nm);
    if (smp) {
        if (me - m < 8 || m[6] < '1' || m[6] > '3' || lower(m[7]) != 'd')
            return AERR(a, m, "itrsmp: the mnemonic is itrsmp1d, itrsmp2d or itrsmp3d (L1127)");
        x |= (uint32_t)(m[6] - '0') << 20;
        sfx += 2;
    }
    int mode = -1;
    while (sfx < me && *sfx == '.') {
        const char *q = sfx + 1;
        while (q < me && *q != '.') q++;
        size_t n = (size_t)(q - sfx - 1);
        int ok = 0;
        for (unsigned t = 0; t < 3; t++)
            if (ieq(sfx + 1, n, usc_itr_modes[t]) && mode < 0) { mode = (int)t; ok = 1; }
        if (ieq(sfx + 1, n, "sat") && !(x & 2)) { x |= 2; ok = 1; }
        if (ieq(sfx + 1, n, "schedswap") && !USC_IT_SCHED(x)) { x |= 1u << 2; ok = 1; }
        if (ieq(sfx + 1, n, "schedwdf") && !USC_IT_SCHED(x)) { x |= 2u << 2; ok = 1; }
        for (unsigned t = 0; smp && t < 4; t++)
            if (ieq(sfx + 1, n, usc_itrsmp_flag_names[t]) && !(x >> (24 + t) & 1)) { x |= 1u << (24 + t); ok = 1; }
        if (!ok)
            return AERR(a, sfx, "%s: modifier '%.*s' not implemented or repeated (the modes .pixel, "
                        ".sample, .centroid, then %s; .f16 is not defined by the source: D51)", nm,
                        (int)n, sfx + 1, smp ? ".sat .proj .fcnorm .nncoords .schedswap|.schedwdf "
                        ".comparison" : ".sat .schedswap|.schedwdf");
        sfx = q;
    }
    if (mode < 0) return AERR(a, m, "%s: the mode is .pixel, .sample or .centroid", nm);
    w |= (uint32_t)mode << 24;
    unsigned want = smp ? 9 : 6;
    if (nops != want)
        return AERR(a, m, "%s: %u operands (%s), not %u", nm, want, smp ?
                    "dest, sourcePerspectiveControl, sourceDRC, sourceCoeff, sourceTextureState, "
                    "sourceSamplerState, chan, sourceCount, sourceWCoeff; the rasteriser state and "
                    "forced sample count have no field in the encoding (D52)" :
                    "dest, sourceDRC, sourceCoeff, sourceCount, sourcePerspectiveControl, sourceWCoeff",
                    nops);
    /* operand positions: dest, drc, coeff, count, persp, wcoeff (+ tex, smp, chan) */
    const unsigned pdrc = smp ? 2 : 1, pc = smp ? 3 : 2, pn = smp ? 7 : 3, pp = smp ? 1 : 4, pw = smp ? 8 : 5;
    int r = it_reg(&ops[0], USC_B_R);
    if (r < 0) return AERR(a, ops[0].b, "%s: the destination is r0-r247 (L1128 writes R0...R251; the temporaries are 248)", nm);
    w |= (uint32_t)r;
    size_t n = (size_t)(ops[pdrc].end - ops[pdrc].b);
    if (ieq(ops[pdrc].b, n, "drc1")) x |= 1;
    else if (!ieq(ops[pdrc].b, n, "drc0")) return AERR(a, ops[pdrc].b, "%s: sourceDRC is drc0 or drc1", nm);
    if ((r = it_reg(&ops[pc], USC_B_CF)) < 0)
        return AERR(a, ops[pc].b, "%s: sourceCoeff is cf0-cf255", nm);
    w |= (uint32_t)r << 8;
    unsigned v;
    if (be_num(&ops[pn], 1, 16, &v)) return AERR(a, ops[pn].b, "%s: sourceCount is 1-16 (D51)", nm);
    w |= (v - 1) << 28;
    unsigned persp;
    if (be_num(&ops[pp], 0, 3, &persp))
        return AERR(a, ops[pp].b, "%s: sourcePerspectiveControl is 0-3", nm);
    w |= persp << 26;
    if (ieq(ops[pw].b, (size_t)(ops[pw].end - ops[pw].b), "_")) {
        if (persp == USC_PERSP_MUL || persp == USC_PERSP_MUL_STORE)
            return AERR(a, ops[pw].b, "%s: perspective control %u iterates W: sourceWCoeff is cf0-cf255", nm, persp);
    } else {
        if ((r = it_reg(&ops[pw], USC_B_CF)) < 0 || persp == USC_PERSP_NONE || persp == USC_PERSP_STORED)
            return AERR(a, ops[pw].b, "%s: sourceWCoeff is cf0-cf255 with perspective control 1 or 2, "
                        "else _", nm);
        w |= (uint32_t)r << 16;
    }
    if (smp) {
        if ((r = it_reg(&ops[4], USC_B_SH)) < 0)
            return AERR(a, ops[4].b, "itrsmp: sourceTextureState is sh0-sh255");
        x |= (uint32_t)r << 4;
        if ((r = it_reg(&ops[5], USC_B_SH)) < 0)
            return AERR(a, ops[5].b, "itrsmp: sourceSamplerState is sh0-sh255");
        x |= (uint32_t)r << 12;
        if (be_num(&ops[6], 1, 4, &v)) return AERR(a, ops[6].b, "itrsmp: chan is 1-4");
        x |= (v - 1) << 22;
    }
    in.ctl[0] = w;
    in.ctl[1] = x;
    const char *why = usc_it_bad(op, in.ctl);
    if (why) return AERR(a, m, "%s: %s", nm, why);
    return add_main(a, g, m, &in, nm);
}

static int parse_ins(asm_st *a, const char *p, const char *e)
{
    usc_group *g = &a->g[a->n - 1];
    const char *m = p, *me = p;
    while (me < e && (gpuref_ident_char(*me))) me++;
    /* the row: the longest name that ends at a dot or the end of the mnemonic */
    int op = -1;
    size_t best = 0;
    for (unsigned r = 0; r < USC_NOPS; r++) {
        size_t ln = strlen(usc_rows[r].name);
        if (ln <= (size_t)(me - m) && ln > best && ieq(m, ln, usc_rows[r].name) &&
            (m + ln == me || m[ln] == '.')) { op = (int)r; best = ln; }
    }
    /* ITRSMP's mnemonics itrsmp1d..itrsmp3d (L1127) */
    if (me - m >= 8 && ieq(m, 6, "itrsmp") && m[6] >= '1' && m[6] <= '3' && lower(m[7]) == 'd' &&
        (me - m == 8 || m[8] == '.')) {
        op = USC_OP_ITRSMP;
        best = 8;
    }
    /* SMP's mnemonics smp1d, smp2d, smp3d (L1020) */
    if (me - m >= 5 && ieq(m, 3, "smp") && m[3] >= '1' && m[3] <= '3' && lower(m[4]) == 'd' &&
        (me - m == 5 || m[5] == '.')) {
        op = USC_OP_SMP;
        best = 5;
    }
    /* the UNPCK example's spelling (L614: "unpack.s1616") */
    if (op < 0 && me - m >= 6 && ieq(m, 6, "unpack") && (me - m == 6 || m[6] == '.')) {
        op = USC_OP_UNPCK;
        best = 6;
    }
    if (op < 0) return AERR(a, m, "unknown instruction '%.*s'", (int)(me - m), m);
    /* operands */
    opnd ops[16];
    unsigned nops = 0;
    const char *q = gpuref_lex_skip(me, e);
    while (q < e) {
        const char *s = q;
        int depth = 0;
        while (q < e && (depth || *q != ',')) { if (*q == '[') depth++; if (*q == ']') depth--; q++; }
        const char *oe = q;
        while (oe > s && gpuref_is_blank(oe[-1])) oe--;
        if (oe == s) return AERR(a, s, "empty operand");
        if (nops == 16) return AERR(a, s, "too many operands");
        split_opnd(&ops[nops++], s, oe);
        if (q < e) q = gpuref_lex_skip(q + 1, e);
        if (q >= e && oe != e && e[-1] == ',') return AERR(a, e - 1, "empty operand");
    }
    if (op == USC_OP_F16SOP && m + best == me)
        return sop_ins(a, g, m, ops, nops);
    if (op == USC_OP_F16SOPMAD && m + best == me)
        return mad_ins(a, g, m, ops, nops);
    if (USC_MEM_ROW(op))
        return mem_ins(a, g, m, me, (unsigned)op, ops, nops);
    if (USC_BE_ROW(op))
        return be_ins(a, g, m, me, (unsigned)op, ops, nops);
    if (USC_IT_ROW(op))
        return it_ins(a, g, m, me, (unsigned)op, ops, nops);
    /* the logical ops without their optional mask terms (the source's
     * example "and ft4, ft2, s3", L247): ft4, _, ft2, _, s3 */
    if (op >= USC_OP_AND && op <= USC_OP_XNOR && nops == 3) {
        ops[4] = ops[2];
        ops[2] = ops[1];
        ops[1].b = "_"; ops[1].be = ops[1].end = ops[1].b + 1;
        memset(&ops[3], 0, sizeof ops[3]);
        ops[3].b = "_"; ops[3].be = ops[3].end = ops[3].b + 1;
        ops[1].mods_abs = ops[1].mods_neg = ops[1].mods_flr = ops[1].inv = ops[1].emask = 0;
        ops[1].bad_suffix = 0;
        nops = 5;
    }
    /* a destination declaration: mov REG, w0|w1|ftN */
    if (op == USC_OP_MOV && nops == 2 && kind_name(ops[0].b, (size_t)(ops[0].be - ops[0].b)) != USC_K_W0) {
        usc_reg r;
        if (parse_reg(ops[0].b, (size_t)(ops[0].be - ops[0].b), &r) || ops[0].be != ops[0].end)
            return AERR(a, ops[0].b, "mov: destination must be w0 or a register");
        int k = kind_name(ops[1].b, (size_t)(ops[1].be - ops[1].b));
        int wi = -1;
        if (k == USC_K_W0 || k == USC_K_W1) wi = k - USC_K_W0;
        else if (k >= USC_K_FT0 && k <= USC_K_FT5) {
            /* the W that ft drives by default (L181-L183, L246-L248) */
            uint16_t sl = 0;
            for (unsigned i = 0; i < g->ninsn; i++) sl |= (uint16_t)(1u << g->ins[i].slot);
            int ph[3], np = 0;
            if (g->bitwise) { if (k == USC_K_FT5) wi = 0; if (k == USC_K_FT3) wi = 1; }
            else {
                for (int s = 0; s < 3; s++) if (sl >> s & 1) ph[np++] = s;
                if (np >= 1 && k == USC_K_FT0 + ph[np - 1]) wi = 0;
                if (np >= 2 && k == USC_K_FT0 + ph[np - 2]) wi = 1;
            }
        }
        if (wi < 0 || ops[1].be != ops[1].end)
            return AERR(a, ops[1].b, "mov: the source of a destination must be w0, w1 or the ft "
                        "that drives one");
        if (g->wmask >> wi & 1) return AERR(a, ops[0].b, "w%d has two destinations", wi);
        if (r.bank == USC_B_SC) return AERR(a, ops[0].b, "illegal group: a special constant is read-only");
        g->w[wi] = r;
        g->wmask |= (uint8_t)(1u << wi);
        a->last = 100;
        return 0;
    }
    if (a->last == 100) return AERR(a, m, "instruction after the destination declarations");
    const usc_row *row = &usc_rows[op];
    if (!row->form[0] && !row->form[1] && !row->form[2])
        return AERR(a, m, "unimplemented: %s (no syntax or encoding defined yet)", row->name);
    if (g->ninsn == 6) return AERR(a, m, "illegal group: more than six instructions");
    usc_ins in;
    char lbl[64];
    const char *lblat = NULL;
    int matched = 0;
    for (unsigned rr = (unsigned)op; rr < USC_NOPS && !matched; rr++) {
      if (strcmp(usc_rows[rr].name, row->name)) continue;
      const usc_row *rw = &usc_rows[rr];
      for (unsigned f = 0; f < 3 && !matched; f++) {
        if (!rw->form[f]) continue;
        unsigned slot = 0, k = 0;
        for (slot = 0; slot < USC_NSLOTS; slot++)
            if (rw->slots >> slot & 1) { if (k == f) break; k++; }
        memset(&in, 0, sizeof in);
        in.op = (uint8_t)rr;
        in.slot = (uint8_t)slot;
        in.form = (uint8_t)f;
        /* mnemonic modifiers */
        for (const char *d = m + best; d < me;) {
            const char *de = d + 1;
            while (de < me && *de != '.') de++;
            int st = dot_mod(a, &in, rw, d + 1, (size_t)(de - d - 1));
            if (st) return st;
            d = de;
        }
        uint8_t need_m = in.o & 0x80, pk = rw->mkind == USC_M_PCK ? in.o & (USC_PK_SCALE | USC_PK_RTZ) : 0;
        in.o = 0;
        if ((rw->mkind == USC_M_ASR || rw->mkind == USC_M_PCK || rw->mkind == USC_M_CVT ||
             rw->mkind == USC_M_PART) && !need_m)
            return AERR(a, me, "%s needs a mode modifier", rw->name);
        int r = try_form(a, g, &in, rr, f, ops, nops, lbl, sizeof lbl, &lblat);
        if (r < 0) return r;
        if (r && rw->mkind == USC_M_PCK) {
            in.o |= pk;
            const char *why = usc_pck_bad(in.op, in.m, in.o);
            if (why)
                return AERR(a, m, "%s.%s: %s", rw->name, usc_pck_names[in.m], why);
        }
        matched = r;
      }
    }
    if (!matched) return AERR(a, m, "operands do not fit %s (%s)", row->name, row->form[0]);
    if ((int)in.slot <= a->last)
        return AERR(a, m, "illegal group: %s: %s", row->name, (int)in.slot == a->last ?
                    "two instructions in one phase" : "instructions out of phase order");
    if (g->ninsn == 0) g->bitwise = (USC_S_BITWISE >> in.slot) & 1;
    else if (g->bitwise != ((USC_S_BITWISE >> in.slot) & 1))
        return AERR(a, m, "illegal group: main and bitwise instructions mixed");
    a->last = in.slot;
    if (usc_resolve(&in)) return AERR(a, m, "bad operands");
    if (lbl[0]) {
        if (gpuref_grow((void **)&a->fx, &a->fxcap, a->nfx, sizeof *a->fx, 8))
            return gpuref_diagf(a->d, GPUREF_ERR_NOMEM, a->lx.line, 0, "out of memory");
        fixup *fx = &a->fx[a->nfx++];
        fx->grp = a->n - 1;
        fx->ins = g->ninsn;
        fx->line = a->lx.line;
        fx->col = gpuref_lex_col(&a->lx, lblat);
        memcpy(fx->name, lbl, sizeof fx->name);
    }
    g->ins[g->ninsn++] = in;
    return 0;
}

static int header(asm_st *a, const char *p, const char *e)
{
    usc_group *g = &a->g[a->n - 1];
    for (;;) {
        p = gpuref_lex_skip(p, e);
        if (p >= e) return 0;
        if (e - p >= 2 && ieq(p, 2, "if") && (e - p == 2 || !gpuref_ident_char(p[2]))) {
            const char *q = gpuref_lex_skip(p + 2, e);
            if (q >= e || *q != '(') return AERR(a, q, "if: expected '(p0)' or '(!p0)'");
            q = gpuref_lex_skip(q + 1, e);
            int neg = 0;
            if (q < e && *q == '!') { neg = 1; q = gpuref_lex_skip(q + 1, e); }
            if (e - q < 2 || !ieq(q, 2, "p0")) return AERR(a, q, "if: only p0 can be a group predicate");
            q = gpuref_lex_skip(q + 2, e);
            if (q >= e || *q != ')') return AERR(a, q, "if: expected ')'");
            if (g->pred) return AERR(a, p, "two group predicates");
            g->pred = (uint8_t)(neg ? 2 : 1);
            p = q + 1;
            continue;
        }
        if (e - p >= 10 && ieq(p, 10, "(ignorepe)")) { g->ignorepe = 1; p += 10; continue; }
        const char *eq = p;
        while (eq < e && gpuref_ident_char(*eq)) eq++;
        if (eq < e && *eq == '=') {
            const char *v = eq + 1, *ve = v;
            while (ve < e && !gpuref_is_blank(*ve)) ve++;
            size_t n = (size_t)(eq - p), vn = (size_t)(ve - v);
            int k = kind_name(p, n), vk = kind_name(v, vn);
            if (k >= USC_K_S0 && k <= USC_K_S5) {
                usc_reg r;
                if (parse_reg(v, vn, &r)) return AERR(a, v, "bad register");
                int st = bind_s(a, g, (unsigned)k, &r, v);
                if (st) return st;
            } else if (k == USC_K_IS0 && vk >= USC_K_S0 && vk <= USC_K_S5) {
                for (uint8_t c = 0; c < 6; c++)
                    if (usc_is0_src[c] == vk - USC_K_S0) g->is0 = c;
            }
            else if (k == USC_K_IS1 && (vk == USC_K_FT0 || vk == USC_K_FTE)) g->is1 = vk == USC_K_FTE;
            else if (k == USC_K_IS2 && (vk == USC_K_FT1 || vk == USC_K_FTE)) g->is2 = vk == USC_K_FTE;
            else if (k == USC_K_IS3 && (vk == USC_K_FT0 || vk == USC_K_FT1 || vk == USC_K_S2 || vk == USC_K_FTE))
                g->is3 = (uint8_t)(vk == USC_K_FT0 ? 0 : vk == USC_K_FT1 ? 1 : vk == USC_K_S2 ? 2 : 3);
            else if ((k == USC_K_IS4 || k == USC_K_IS5) && ((vk >= USC_K_FT0 && vk <= USC_K_FT2) || vk == USC_K_FTE)) {
                uint8_t sel = (uint8_t)(vk == USC_K_FTE ? 3 : vk - USC_K_FT0);
                if (k == USC_K_IS4) g->is4 = sel; else g->is5 = sel;
            } else
                return AERR(a, p, "bad declaration '%.*s' (is0=s0..s5, is1=ft0|fte, is2=ft1|fte, "
                            "is3=ft0|ft1|s2|fte, is4/is5=ft0|ft1|ft2|fte, sN=register)",
                            (int)(ve - p), p);
            p = ve;
            continue;
        }
        return parse_ins(a, p, e);
    }
}

static int end_group(asm_st *a)
{
    if (!a->open) return 0;
    usc_group *g = &a->g[a->n - 1];
    char err[GPUREF_ERRLEN];
    g->slots = 0;
    for (unsigned i = 0; i < g->ninsn; i++) g->slots |= (uint16_t)(1u << g->ins[i].slot);
    uint32_t w[64];
    unsigned nw;
    usc_encode_group(g, w, &nw);
    g->nwords = (uint8_t)nw;
    if (usc_group_check(g, err))
        return gpuref_diagf(a->d, GPUREF_ERR_ASM, a->gline[a->n - 1], 1, "%s", err + 5);
    a->open = 0;
    return 0;
}


int usc_isa_assemble(const char *text, uint64_t base, uint32_t **words, size_t *nout, gpuref_diag *d)
{
    asm_st A;
    memset(&A, 0, sizeof A);
    A.d = d;
    usc_desc_init();
    gpuref_lex_init(&A.lx, text);
    int st = 0;
    if (base & 1 || base > USC_CODE_MAX)
        return gpuref_diagf(d, GPUREF_ERR_RANGE, 0, 0, "program base 0x%llx is not 2-byte aligned "
                            "or too large", (unsigned long long)base);
    uint64_t pc = base;
    while (!st && gpuref_lex_line(&A.lx)) {
        const char *p = A.lx.ls, *e = A.lx.ce;
        const char *h = memchr(p, '#', (size_t)(e - p));
        if (h) e = h;
        while (e > p && gpuref_is_blank(e[-1])) e--;
        p = gpuref_lex_skip(p, e);
        if (p >= e) continue;
        /* "N :" starts a group */
        const char *q = p;
        while (q < e && gpuref_is_digit(*q)) q++;
        const char *q2 = gpuref_lex_skip(q, e);
        if (q > p && q2 < e && *q2 == ':') {
            if ((st = end_group(&A))) break;
            if (A.n) pc += A.g[A.n - 1].nwords * 4u;
            if (gpuref_grow((void **)&A.g, &A.cap, A.n, sizeof *A.g, 16) ||
                gpuref_grow((void **)&A.addr, &A.acap, A.n, sizeof *A.addr, 16) ||
                gpuref_grow((void **)&A.gline, &A.lcap, A.n, sizeof *A.gline, 16)) {
                st = gpuref_diagf(d, GPUREF_ERR_NOMEM, A.lx.line, 0, "out of memory");
                break;
            }
            memset(&A.g[A.n], 0, sizeof A.g[A.n]);
            A.addr[A.n] = pc;
            A.gline[A.n] = A.lx.line;
            A.n++;
            A.open = 1;
            A.last = -1;
            memset(A.sbound, 0, sizeof A.sbound);
            st = header(&A, q2 + 1, e);
            continue;
        }
        /* a label */
        const char *ie = gpuref_lex_ident(p, e, NULL, 0);
        if (ie > p && ie < e && *ie == ':' && gpuref_lex_skip(ie + 1, e) == e) {
            if ((st = end_group(&A))) break;
            uint64_t at = A.n ? A.addr[A.n - 1] + A.g[A.n - 1].nwords * 4u : base;
            long r = gpuref_labels_add(&A.labels, p, (size_t)(ie - p), at);
            if (r == GPUREF_ERR_ARG) st = AERR(&A, p, "label '%.*s' defined twice", (int)(ie - p), p);
            else if (r < 0) st = gpuref_diagf(d, GPUREF_ERR_NOMEM, A.lx.line, 0, "out of memory");
            continue;
        }
        if (!A.open) { st = AERR(&A, p, "instruction outside a group (a group starts with 'N :')"); break; }
        st = parse_ins(&A, p, e);
    }
    if (!st) st = end_group(&A);
    /* labels after the last group were given the address of the end */
    size_t total = 0;
    for (size_t i = 0; !st && i < A.n; i++) total += A.g[i].nwords;
    for (size_t f = 0; !st && f < A.nfx; f++) {
        fixup *fx = &A.fx[f];
        long li = gpuref_labels_find(&A.labels, fx->name);
        if (li < 0) { st = gpuref_diagf(d, GPUREF_ERR_ASM, fx->line, fx->col, "unknown label '%s'", fx->name); break; }
        usc_ins *in = &A.g[fx->grp].ins[fx->ins];
        uint64_t to = A.labels.v[li].value;
        int rel = in->op == USC_OP_BR || in->op == USC_OP_BRL;
        int64_t v = rel ? ((int64_t)to - (int64_t)A.addr[fx->grp]) / 2 : (int64_t)(to / 2);
        in->imm = (uint32_t)(int32_t)v;
    }
    uint32_t *out = NULL;
    if (!st) {
        out = malloc((total ? total : 1) * sizeof *out);
        if (!out) st = gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
        size_t p = 0;
        for (size_t i = 0; !st && i < A.n; i++) {
            unsigned nw;
            usc_encode_group(&A.g[i], out + p, &nw);
            p += nw;
        }
    }
    free(A.g);
    free(A.addr);
    free(A.gline);
    free(A.fx);
    gpuref_labels_free(&A.labels);
    if (st) { free(out); return st; }
    *words = out;
    *nout = total;
    return GPUREF_OK;
}
