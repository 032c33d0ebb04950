/* nv50_desc.c - the row table built from nv50.def, the template language,
 * and the two directions between words and struct nv50_insn (decode, encode).
 * Don't-care bits (D4, D36): decode keeps only the fields the row owns and then
 * checks encode(decode(w)) == w outside the bits the hardware ignores (the
 * row's NV50_DC masks), so encode(decode(w)) is the canonical word; with
 * strict every unowned bit must be 0. */
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "nv50_tmpl.h"

/* Form discriminator bits (isa.rst "Instruction format"). */
#define NV50_FM0_SHORT 0x0u
#define NV50_FK0_SHORT 0x3u
#define NV50_FM1_SHORT 0x0u
#define NV50_FK1_SHORT 0x0u
#define NV50_FM0_IMM   0x1u
#define NV50_FK0_IMM   0x3u
#define NV50_FM1_IMM   0x3u
#define NV50_FK1_IMM   0xe0000003u  /* w1[31:29] "always 0" */
#define NV50_FM0_LONG  0x1u
#define NV50_FK0_LONG  0x3u
#define NV50_FM1_LONG  0x0u
#define NV50_FK1_LONG  0x0u
#define NV50_FM0_SCTL  0x2u
#define NV50_FK0_SCTL  0x3u
#define NV50_FM1_SCTL  0x0u
#define NV50_FK1_SCTL  0x0u
#define NV50_FM0_LCTL  0x3u
#define NV50_FK0_LCTL  0x3u
#define NV50_FM1_LCTL  0x0u
#define NV50_FK1_LCTL  0x0u

const nv50_row nv50_rows[NV50_NOPS] = {
#define NV50_ROW(id, nm, fm, mm0, kk0, mm1, kk1, fl, ex, tp, pre)                         \
    [NV50_OP_##id] = { .name = nm, .form = NV50_FORM_##fm,                                \
                       .m0 = (mm0) | NV50_FM0_##fm, .k0 = (kk0) | NV50_FK0_##fm,          \
                       .m1 = (mm1) | NV50_FM1_##fm, .k1 = (kk1) | NV50_FK1_##fm,          \
                       .flags = (fl), .exec = nv50_x_##ex, .tmpl = tp, .preset = pre },
#include "nv50.def"
#undef NV50_ROW
};

/* Bits the hardware ignores, by row (NV50_DC lines of nv50.def). */
static const uint32_t nv50_dc[NV50_NOPS][2] = {
#define NV50_DC(id, d0, d1) [NV50_OP_##id] = { (d0), (d1) },
#include "nv50.def"
#undef NV50_DC
};

/* Words that run as another instruction (NV50_ALIAS lines, D37). */
static const struct nv50_alias { uint32_t m0, k0, m1, k1, r0, q0, r1, q1; } nv50_aliases[] = {
#define NV50_ALIAS(m0, k0, m1, k1, r0, q0, r1, q1) { m0, k0, m1, k1, r0, q0, r1, q1 },
#include "nv50.def"
#undef NV50_ALIAS
};

void nv50_row_dc(unsigned op, uint32_t *d0, uint32_t *d1)
{
    *d0 = op < NV50_NOPS ? nv50_dc[op][0] : 0;
    *d1 = op < NV50_NOPS ? nv50_dc[op][1] : 0;
}

const char *const nv50_form_names[NV50_NFORMS] = { "short", "imm", "long", "scontrol", "control" };

const char *const nv50_pred_names[32] = {
    "never", "l", "e", "le", "g", "lg", "ge", "lge", "u", "lu", "eu", "leu", "gu", "lgu", "geu",
    "always", "o", "c", "a", "s", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
    "ns", "na", "nc", "no",
};
const char *const nv50_smode_names[4] = { "u8", "u16", "s16", "b32" };
const char *const nv50_sreg_names[9] = {
    "$physid", "$clock", "$sr2", "$vstride", "$pm0", "$pm1", "$pm2", "$pm3", "$sampleid",
};
const char *const nv50_lane_names[16] = {
    "lnone", "l0", "l1", "l01", "l2", "l02", "l12", "l012",
    "l3", "l03", "l13", "l013", "l23", "l023", "l123", NULL,
};

/* isa.rst "Predicates": condition formulas over Z, S, C, O. */
int nv50_pred_holds(unsigned cond, unsigned c)
{
    unsigned z = c & 1, s = (c >> 1) & 1, cy = (c >> 2) & 1, o = (c >> 3) & 1;
    unsigned nz = z ^ 1, ns = s ^ 1, nc = cy ^ 1, no = o ^ 1;
    switch (cond) {
    case 0x00: return 0;
    case 0x01: return (int)((s & nz) ^ o);          /* l */
    case 0x02: return (int)(z & ns);                /* e */
    case 0x03: return (int)(s ^ (z | o));           /* le */
    case 0x04: return (int)(nz & ((s ^ o) ^ 1));    /* g */
    case 0x05: return (int)nz;                      /* lg */
    case 0x06: return (int)((s ^ o) ^ 1);           /* ge */
    case 0x07: return (int)(nz | ns);               /* lge */
    case 0x08: return (int)(z & s);                 /* u */
    case 0x09: return (int)(s ^ o);                 /* lu */
    case 0x0a: return (int)z;                       /* eu */
    case 0x0b: return (int)(z | (s ^ o));           /* leu */
    case 0x0c: return (int)(ns ^ (z | o));          /* gu */
    case 0x0d: return (int)(nz | s);                /* lgu */
    case 0x0e: return (int)((ns | z) ^ o);          /* geu */
    case 0x0f: return 1;                            /* always */
    case 0x10: return (int)o;
    case 0x11: return (int)cy;
    case 0x12: return (int)(nz & cy);               /* a */
    case 0x13: return (int)s;
    case 0x1c: return (int)ns;
    case 0x1d: return (int)(z | nc);                /* na */
    case 0x1e: return (int)nc;
    case 0x1f: return (int)no;
    default:   return -1;
    }
}

/* ------------------------------------------------------- template tokens */

static const struct { const char *name; uint16_t off; } nv50_members[] = {
    { "sat", offsetof(nv50_insn, sat) },       { "sgn1", offsetof(nv50_insn, sgn1) },
    { "sgn2", offsetof(nv50_insn, sgn2) },     { "high", offsetof(nv50_insn, high) },
    { "not1", offsetof(nv50_insn, not1) },     { "not2", offsetof(nv50_insn, not2) },
    { "setcond", offsetof(nv50_insn, setcond) }, { "lim", offsetof(nv50_insn, lim) },
    { "barinc", offsetof(nv50_insn, barinc) }, { "barwait", offsetof(nv50_insn, barwait) },
    { "neg1", offsetof(nv50_insn, neg1) },     { "neg2", offsetof(nv50_insn, neg2) },
    { "neg3", offsetof(nv50_insn, neg3) },     { "abs1", offsetof(nv50_insn, abs1) },
    { "abs2", offsetof(nv50_insn, abs2) },     { "rnd", offsetof(nv50_insn, rnd) },
};

static const char *const nv50_otok_names[NV50_NOTOK] = {
#define NV50_OT_NAME(n) #n,
    NV50_OPNDS(NV50_OT_NAME)
#undef NV50_OT_NAME
};

static unsigned nv50_num(const char **p)
{
    unsigned v = 0;
    while (**p >= '0' && **p <= '9')
        v = v * 10 + (unsigned)(*(*p)++ - '0');
    return v;
}

/* ":member@pos[,len]" */
static void nv50_tmpl_field(const char **p, nv50_tok *t)
{
    const char *m = ++*p;
    while (**p && **p != '@')
        (*p)++;
    size_t mlen = (size_t)(*p - m);
    t->moff = 0;
    for (size_t i = 0; i < sizeof nv50_members / sizeof nv50_members[0]; i++)
        if (strlen(nv50_members[i].name) == mlen && !strncmp(nv50_members[i].name, m, mlen))
            t->moff = nv50_members[i].off;
    (*p)++;
    t->pos = (uint8_t)nv50_num(p);
    t->len = 1;
    if (**p == ',') {
        (*p)++;
        t->len = (uint8_t)nv50_num(p);
    }
}

void nv50_tmpl_next(const char **p, nv50_tok *t)
{
    while (**p == ' ')
        (*p)++;
    memset(t, 0, sizeof *t);
    const char *s = *p;
    if (!*s) {
        t->type = NV50_T_END;
        return;
    }
    if (*s == '%') {
        const char *e = s + 1;
        while (*e && *e != ' ')
            e++;
        t->type = NV50_T_OPND;
        for (unsigned i = 0; i < NV50_NOTOK; i++)
            if (strlen(nv50_otok_names[i]) == (size_t)(e - s - 1) &&
                !strncmp(nv50_otok_names[i], s + 1, (size_t)(e - s - 1)))
                t->otok = (uint8_t)i;
        *p = e;
    } else if (*s == '?') {
        t->type = NV50_T_FLAG;
        t->s = s + 1;
        *p = s + 1;
        while (**p != ':')
            (*p)++;
        t->slen = (unsigned)(*p - t->s);
        nv50_tmpl_field(p, t);
    } else if (*s == '{') {
        t->type = NV50_T_CHOICE;
        if (s[1] == '~' || s[1] == '+')     /* optional choice (README "Float") */
            t->opt = (uint8_t)*++s;
        t->s = s + 1;
        *p = s + 1;
        while (**p != '}')
            (*p)++;
        t->slen = (unsigned)(*p - t->s);
        (*p)++;
        nv50_tmpl_field(p, t);
    } else {
        t->type = NV50_T_LIT;
        t->s = s;
        while (**p && **p != ' ')
            (*p)++;
        t->slen = (unsigned)(*p - s);
    }
}

const char *nv50_choice(const nv50_tok *t, unsigned i, unsigned *len)
{
    const char *s = t->s, *end = t->s + t->slen;
    for (; i > 0; i--) {
        while (s < end && *s != '|')
            s++;
        if (s >= end)
            return NULL;
        s++;
    }
    const char *e = s;
    while (e < end && *e != '|')
        e++;
    *len = (unsigned)(e - s);
    return (*len == 1 && *s == '-') ? NULL : s;   /* "-": a reserved value */
}

/* ------------------------------------------------------ derived tables */

/* Every row's template, split into tokens once: decode, encode, disassembly,
 * assembly and the generator walk these arrays instead of re-parsing the
 * text of the template for every instruction.  The tables are built by the
 * first caller (whichever thread), are the same for every model, and are
 * read-only afterwards.
 *
 * A template of n characters has at most n/2 + 1 tokens (they are separated
 * by spaces), and each row's list ends with an NV50_T_END token. */
enum {
    NV50_TOKCAP = 0
#define NV50_ROW(id, nm, fm, m0, k0, m1, k1, fl, ex, tp, pre) + sizeof(tp) / 2 + 2
#include "nv50.def"
#undef NV50_ROW
};

/* The tokens, the rows a decoder tries for each form and w0[31:28] (in table
 * order, so the first match is the same as over the whole table), and the
 * truth table of every predicate condition. */
typedef struct nv50_tables {
    nv50_tok tok[NV50_TOKCAP];
    uint16_t tok0[NV50_NOPS];                   /* first token of each row */
    uint16_t bstart[NV50_NFORMS * 16 + 1];      /* bucket (form, w0 >> 28) */
    uint16_t brow[NV50_NOPS * 16];
    uint16_t predset[32];                       /* bit v: holds for $c = v */
} nv50_tables;

static nv50_tables nv50_tab;
static atomic_int  nv50_tab_state;      /* 0 not built, 1 being built, 2 ready */

static void nv50_tables_build(void)
{
    int expect = 0;
    if (!atomic_compare_exchange_strong(&nv50_tab_state, &expect, 1)) {
        while (atomic_load_explicit(&nv50_tab_state, memory_order_acquire) != 2)
            ;                           /* another thread is building it (microseconds) */
        return;
    }
    nv50_tables *T = &nv50_tab;
    unsigned n = 0;
    for (unsigned op = 0; op < NV50_NOPS; op++) {
        const char *tp = nv50_rows[op].tmpl;
        T->tok0[op] = (uint16_t)n;
        do
            nv50_tmpl_next(&tp, &T->tok[n]);
        while (T->tok[n++].type != NV50_T_END);
    }
    n = 0;
    for (unsigned b = 0; b < NV50_NFORMS * 16; b++) {
        uint32_t nib = (uint32_t)(b % 16) << 28;
        T->bstart[b] = (uint16_t)n;
        for (unsigned op = 0; op < NV50_NOPS; op++) {
            const nv50_row *r = &nv50_rows[op];
            if (r->form == b / 16 && ((nib ^ r->m0) & r->k0 & 0xf0000000u) == 0)
                T->brow[n++] = (uint16_t)op;
        }
    }
    T->bstart[NV50_NFORMS * 16] = (uint16_t)n;
    for (unsigned cond = 0; cond < 32; cond++)
        for (unsigned v = 0; v < 16; v++)
            if (nv50_pred_holds(cond, v) > 0)
                T->predset[cond] |= (uint16_t)(1u << v);
    atomic_store_explicit(&nv50_tab_state, 2, memory_order_release);
}

static const nv50_tables *nv50_tables_get(void)
{
    if (atomic_load_explicit(&nv50_tab_state, memory_order_acquire) != 2)
        nv50_tables_build();
    return &nv50_tab;
}

const nv50_tok *nv50_row_toks(unsigned op)
{
    const nv50_tables *T = nv50_tables_get();
    return &T->tok[T->tok0[op]];
}

/* -------------------------------------------------------------- decoding */

typedef struct nv50_dctx {
    uint64_t w;
    int      form;
    int      mem;      /* the $a/post-increment fields are taken by a memory operand */
    int      slot;     /* next source slot */
    int      strict;   /* reject don't-care bits (config strict=1) */
    char    *err;
} nv50_dctx;

/* The message names exactly the words the instruction occupies (one line). */
static int nv50_illegal(nv50_dctx *c, const char *why)
{
    if (c->form == NV50_FORM_SHORT || c->form == NV50_FORM_SCTL)
        return gpuref_errf(c->err, GPUREF_ERR_DECODE, "illegal encoding 0x%08x: %s",
                           (uint32_t)c->w, why);
    return gpuref_errf(c->err, GPUREF_ERR_DECODE, "illegal encoding 0x%08x 0x%08x: %s",
                       (uint32_t)c->w, (uint32_t)(c->w >> 32), why);
}

static uint32_t nv50_g(const nv50_dctx *c, unsigned pos, unsigned len)
{
    return (uint32_t)nv50_bits(c->w, pos, len);
}

static int nv50_islong(int form) { return form == NV50_FORM_LONG || form == NV50_FORM_LCTL; }

static unsigned nv50_dec_areg(const nv50_dctx *c)
{
    unsigned a = nv50_g(c, 26, 2);
    return nv50_islong(c->form) ? a | nv50_g(c, 34, 1) << 2 : a;
}

static void nv50_set_reg(nv50_opnd *o, unsigned f, int half)
{
    if (half) {
        o->kind = NV50_O_HALF;
        o->reg = (uint8_t)(f >> 1);
        o->hi = (uint8_t)(f & 1);
        o->w16 = 1;
    } else {
        o->kind = NV50_O_REG;
        o->reg = (uint8_t)f;
    }
}

static int32_t nv50_sext(uint32_t v, unsigned bits)
{
    return (int32_t)(v << (32 - bits)) >> (32 - bits);
}

/* The first memory operand takes the $a and post-increment fields (isa.rst
 * "Memory addressing"; envydis: "$a applies only to the first one"). */
static int nv50_dec_claim(nv50_dctx *c, nv50_opnd *o, unsigned raw, unsigned bits,
                          unsigned size)
{
    if (!c->mem) {
        c->mem = 1;
        o->areg = (uint8_t)nv50_dec_areg(c);
        o->postinc = (uint8_t)nv50_g(c, 25, 1);
    }
    if (o->postinc && (o->areg == 0 || o->areg >= 5))
        return nv50_illegal(c, "post-increment of $a0/$a5/$a6/$a7 (D6)");
    o->off = (o->postinc ? nv50_sext(raw, bits) : (int32_t)raw) * (int32_t)size;
    return GPUREF_OK;
}

static int nv50_dec_pprim(nv50_dctx *c)
{
    if (c->form != NV50_FORM_IMM && nv50_g(c, 23, 1) && nv50_g(c, 24, 1))
        return gpuref_errf(c->err, GPUREF_ERR_UNIMPL,
                           "unimplemented: p[] operand (compute programs only, D7)");
    return GPUREF_OK;
}

static int nv50_dec_src1(nv50_dctx *c, nv50_opnd *o, int half)
{
    int rc = nv50_dec_pprim(c);
    if (rc)
        return rc;
    int lng = c->form == NV50_FORM_LONG;
    unsigned type = lng ? nv50_g(c, 53, 1) : nv50_g(c, 24, 1);
    if (!type) {
        nv50_set_reg(o, nv50_g(c, 9, lng ? 7 : 6), half);
        return GPUREF_OK;
    }
    o->kind = NV50_O_SHARED;
    o->w16 = (uint8_t)half;
    o->mode = (uint8_t)(lng ? nv50_g(c, 14, 2) : nv50_g(c, 13, 2));
    if (half && o->mode == NV50_S_B32)
        return nv50_illegal(c, "b32 s[] access in a 16-bit operand (ILLEGAL_MEMORY_SIZE)");
    unsigned bits = lng ? 5 : 4;
    return nv50_dec_claim(c, o, nv50_g(c, 9, bits), bits, nv50_smode_size(o->mode));
}

/* src2 (pos 16) or src3 (pos 46): register or c[] */
static int nv50_dec_srcc(nv50_dctx *c, nv50_opnd *o, int half, int three)
{
    int rc = nv50_dec_pprim(c);
    if (rc)
        return rc;
    int lng = c->form == NV50_FORM_LONG;
    unsigned pos = three ? 46 : 16, bits = lng ? 7 : 6;
    if (!nv50_g(c, three ? 24 : 23, 1)) {
        nv50_set_reg(o, nv50_g(c, pos, bits), half);
        return GPUREF_OK;
    }
    o->kind = NV50_O_CONST;
    o->w16 = (uint8_t)half;
    o->mode = half ? 2 : 4;
    o->reg = (uint8_t)(lng ? nv50_g(c, 54, 4) : nv50_g(c, 21, 1));
    bits = lng ? 7 : 5;
    return nv50_dec_claim(c, o, nv50_g(c, pos, bits), bits, o->mode);
}

static int nv50_dec_ldst(nv50_dctx *c, nv50_opnd *o, int half)
{
    unsigned f = nv50_g(c, 2, 7);
    if (!nv50_g(c, 35, 1)) {
        nv50_set_reg(o, f, half);
    } else if (f == 127) {
        o->kind = NV50_O_DISCARD;
    } else {
        o->kind = NV50_O_OUT;
        o->w16 = (uint8_t)half;
        o->off = (int32_t)(half ? f * 2 : f * 4);
        o->reg = (uint8_t)(o->off / 4);
        o->hi = (uint8_t)(half ? (f & 1) : 0);
    }
    return GPUREF_OK;
}

static nv50_opnd *nv50_next_src(nv50_dctx *c, nv50_insn *in)
{
    return &in->src[c->slot < 4 ? c->slot++ : 3];
}

static int nv50_dec_misc(nv50_dctx *c, nv50_insn *in, unsigned ot)
{
    nv50_opnd *o;
    switch (ot) {
    case NV50_OT_AS:
        o = nv50_next_src(c, in);
        o->kind = NV50_O_AREG;
        o->reg = (uint8_t)nv50_dec_areg(c);
        return GPUREF_OK;
    case NV50_OT_COND:
    case NV50_OT_C0:
        o = nv50_next_src(c, in);
        o->kind = NV50_O_CREG;
        if (ot == NV50_OT_COND)
            in->csrc = (uint8_t)nv50_g(c, 44, 2);
        o->reg = ot == NV50_OT_COND ? in->csrc : 0;
        return GPUREF_OK;
    case NV50_OT_SREG:
        o = nv50_next_src(c, in);
        o->kind = NV50_O_SREG;
        o->reg = (uint8_t)nv50_g(c, 46, 4);
        return o->reg > 8 ? nv50_illegal(c, "special register > 8") : GPUREF_OK;
    case NV50_OT_T:
        in->target = (nv50_g(c, 11, 16) | nv50_g(c, 46, 6) << 16) << 2;
        return GPUREF_OK;
    case NV50_OT_LANE:
        in->lanemask = (uint8_t)nv50_g(c, 46, 4);
        return GPUREF_OK;
    case NV50_OT_BAR:
        in->barid = (uint8_t)nv50_g(c, 21, 4);
        in->barall = (uint8_t)nv50_g(c, 46, 1);
        in->barcnt = (uint16_t)(in->barall ? 0 : nv50_g(c, 9, 12));
        return GPUREF_OK;
    case NV50_OT_PM:
        in->pm = (uint8_t)nv50_g(c, 10, 4);
        return GPUREF_OK;
    case NV50_OT_FC8:
        o = nv50_next_src(c, in);
        o->kind = NV50_O_CONST;
        o->mode = 1;
        o->reg = (uint8_t)nv50_g(c, 54, 4);
        o->areg = (uint8_t)nv50_dec_areg(c);
        o->off = (int32_t)nv50_g(c, 9, 16);
        return GPUREF_OK;
    default:
        return nv50_illegal(c, "bad template");
    }
}

static int nv50_dec_imm(nv50_dctx *c, nv50_insn *in, unsigned ot)
{
    nv50_opnd *o = nv50_next_src(c, in);
    o->kind = NV50_O_IMM;
    switch (ot) {
    case NV50_OT_I:
    case NV50_OT_IH:
        o->imm = nv50_g(c, 16, 6) | nv50_g(c, 34, 26) << 6;
        o->w16 = ot == NV50_OT_IH;
        if (o->w16 && o->imm > 0xffff) {
            if (c->strict)
                return nv50_illegal(c, "16-bit immediate with high bits set (D14)");
            o->imm &= 0xffffu;      /* ignored by the hardware (D14, D36) */
        }
        return GPUREF_OK;
    case NV50_OT_SHC:  o->imm = nv50_g(c, 16, 7); return GPUREF_OK;
    case NV50_OT_HSHC: o->imm = nv50_g(c, 16, 4); return GPUREF_OK;
    default:           o->imm = nv50_g(c, 9, 16); return GPUREF_OK;  /* OFFS */
    }
}

static int nv50_dec_opnd(nv50_dctx *c, nv50_insn *in, unsigned ot)
{
    int sh = c->form != NV50_FORM_LONG;
    switch (ot) {
    case NV50_OT_SD:  nv50_set_reg(&in->dst, nv50_g(c, 2, 6), 0); return GPUREF_OK;
    case NV50_OT_SDH: nv50_set_reg(&in->dst, nv50_g(c, 2, 6), 1); return GPUREF_OK;
    case NV50_OT_RD:  nv50_set_reg(&in->dst, nv50_g(c, 2, 7), 0); return GPUREF_OK;
    case NV50_OT_RDH: nv50_set_reg(&in->dst, nv50_g(c, 2, 7), 1); return GPUREF_OK;
    case NV50_OT_LD:  return nv50_dec_ldst(c, &in->dst, 0);
    case NV50_OT_LDH: return nv50_dec_ldst(c, &in->dst, 1);
    case NV50_OT_AD:
        in->dst.kind = NV50_O_AREG;
        in->dst.reg = (uint8_t)nv50_g(c, 2, 3);
        return in->dst.reg >= 5 ? nv50_illegal(c, "write to $a5/$a6/$a7 (D6)") : GPUREF_OK;
    case NV50_OT_CD:
        in->dst.kind = NV50_O_CREG;
        in->dst.reg = (uint8_t)nv50_g(c, 36, 2);
        return GPUREF_OK;
    case NV50_OT_MCD:
        in->cdst_en = (uint8_t)nv50_g(c, 38, 1);
        in->cdst = (uint8_t)(in->cdst_en ? nv50_g(c, 36, 2) : 0);
        return GPUREF_OK;
    case NV50_OT_S1:  return nv50_dec_src1(c, nv50_next_src(c, in), 0);
    case NV50_OT_S1H: return nv50_dec_src1(c, nv50_next_src(c, in), 1);
    case NV50_OT_R1:  nv50_set_reg(nv50_next_src(c, in), nv50_g(c, 9, sh ? 6 : 7), 0); return 0;
    case NV50_OT_S2:  return nv50_dec_srcc(c, nv50_next_src(c, in), 0, 0);
    case NV50_OT_S2H: return nv50_dec_srcc(c, nv50_next_src(c, in), 1, 0);
    case NV50_OT_S3:  return nv50_dec_srcc(c, nv50_next_src(c, in), 0, 1);
    case NV50_OT_S3H: return nv50_dec_srcc(c, nv50_next_src(c, in), 1, 1);
    case NV50_OT_SD3: nv50_set_reg(nv50_next_src(c, in), in->dst.reg, 0); return GPUREF_OK;
    case NV50_OT_I: case NV50_OT_IH: case NV50_OT_SHC: case NV50_OT_HSHC: case NV50_OT_OFFS:
        return nv50_dec_imm(c, in, ot);
    default:
        return nv50_dec_misc(c, in, ot);
    }
}

static int nv50_dec_tmpl(nv50_dctx *c, nv50_insn *in, unsigned op)
{
    for (const nv50_tok *t = nv50_row_toks(op); t->type != NV50_T_END; t++) {
        int rc = GPUREF_OK;
        if (t->type == NV50_T_FLAG || t->type == NV50_T_CHOICE) {
            unsigned v = nv50_g(c, t->pos, t->len), l;
            if (t->type == NV50_T_CHOICE && !nv50_choice(t, v, &l))
                rc = nv50_illegal(c, "reserved value of a modifier field");
            *nv50_member(in, t) = (uint8_t)v;
        } else if (t->type == NV50_T_OPND) {
            rc = nv50_dec_opnd(c, in, t->otok);
        }
        if (rc)
            return rc;
    }
    return GPUREF_OK;
}

/* The first row of the table that matches (only the rows of the form whose
 * w0[31:28] can match are tried). */
static int nv50_find_row(int form, uint32_t w0, uint32_t w1)
{
    const nv50_tables *T = nv50_tables_get();
    unsigned b = (unsigned)form * 16 + (w0 >> 28);
    for (unsigned k = T->bstart[b]; k < T->bstart[b + 1]; k++) {
        const nv50_row *r = &nv50_rows[T->brow[k]];
        if ((w0 & r->k0) == (r->m0 & r->k0) && (w1 & r->k1) == (r->m1 & r->k1))
            return T->brow[k];
    }
    return -1;
}

static int nv50_form_of(const uint32_t *w, size_t avail, int *form, char *err)
{
    static const int f0[4] = { NV50_FORM_SHORT, NV50_FORM_LONG, NV50_FORM_SCTL, NV50_FORM_LCTL };
    if (avail < 1)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "truncated: no instruction word");
    *form = f0[w[0] & 3];
    if (*form == NV50_FORM_SHORT || *form == NV50_FORM_SCTL)
        return GPUREF_OK;
    if (avail < 2)
        return gpuref_errf(err, GPUREF_ERR_DECODE,
                           "truncated: long instruction 0x%08x needs a second word", w[0]);
    if (*form == NV50_FORM_LONG && (w[1] & 3) == 3)
        *form = NV50_FORM_IMM;
    return GPUREF_OK;
}

static int nv50_dec_common(nv50_dctx *c, nv50_insn *in, unsigned op)
{
    in->pred = 0xf;
    if (c->form == NV50_FORM_LONG)
        in->modifier = (uint8_t)nv50_g(c, 32, 2);
    if (!nv50_islong(c->form))
        return GPUREF_OK;
    /* call, breakaddr, joinat, quadon, quadpop, bar, trap, bra c[], preret: the
     * hardware ignores the predicate fields (envydis IGNPRED; D18): decoded as
     * "always", which is also the canonical value (NV50_DC) */
    if (c->form == NV50_FORM_LCTL && (nv50_rows[op].flags & NV50_RF_NOPRED))
        return GPUREF_OK;
    in->pred = (uint8_t)nv50_g(c, 39, 5);
    if (nv50_pred_holds(in->pred, 0) < 0)
        return nv50_illegal(c, "undefined predicate condition");
    if (in->pred != 0xf)
        in->csrc = (uint8_t)nv50_g(c, 44, 2);
    return GPUREF_OK;
}

int nv50_decode(const uint32_t *w, size_t avail, nv50_insn *in, char *err)
{
    return nv50_decode_ex(w, avail, 0, in, err);
}

int nv50_decode_ex(const uint32_t *w, size_t avail, int strict, nv50_insn *in, char *err)
{
    int form = NV50_FORM_SHORT;
    int rc = nv50_form_of(w, avail, &form, err);
    if (rc)
        return rc;
    unsigned nw = (form == NV50_FORM_SHORT || form == NV50_FORM_SCTL) ? 1 : 2;
    uint32_t w0 = w[0], w1 = nw == 2 ? w[1] : 0;
    nv50_dctx c = { .w = w0 | (uint64_t)w1 << 32, .form = form, .strict = strict, .err = err };
    int op = nv50_find_row(form, w0, w1);
    for (size_t k = 0; op < 0 && !strict && form == NV50_FORM_LONG &&
                       k < sizeof nv50_aliases / sizeof nv50_aliases[0]; k++) {
        const struct nv50_alias *a = &nv50_aliases[k];
        if ((w0 & a->k0) != a->m0 || (w1 & a->k1) != a->m1)
            continue;
        w0 = (w0 & ~a->q0) | a->r0;
        w1 = (w1 & ~a->q1) | a->r1;
        c.w = w0 | (uint64_t)w1 << 32;
        op = nv50_find_row(form, w0, w1);
    }
    if (op < 0)
        return nv50_illegal(&c, "no instruction of this opcode");
    *in = nv50_rows[op].preset;
    in->op = (uint16_t)op;
    in->form = (uint8_t)form;
    in->nwords = (uint8_t)nw;
    if ((rc = nv50_dec_common(&c, in, (unsigned)op)) != GPUREF_OK ||
        (rc = nv50_dec_tmpl(&c, in, (unsigned)op)) != GPUREF_OK)
        return rc;
    in->predset = nv50_tables_get()->predset[in->pred];
    uint32_t e[2] = { 0, 0 };
    char eerr[GPUREF_ERRLEN];
    if (nv50_encode(in, e, err ? eerr : NULL) < 0)
        return nv50_illegal(&c, eerr);
    uint64_t ew = e[0] | (nw == 2 ? (uint64_t)e[1] << 32 : 0);
    uint64_t diff = ew ^ c.w;
    if (!strict)
        diff &= ~(nv50_dc[op][0] | (uint64_t)nv50_dc[op][1] << 32);
    c.w = w[0] | (nw == 2 ? (uint64_t)w[1] << 32 : 0);   /* messages name the words read */
    if (diff) {
        char why[96];
        if (!err)                       /* no message wanted */
            return GPUREF_ERR_DECODE;
        if (nw == 1)
            snprintf(why, sizeof why, "unused bits set (0x%08x, D4)", (uint32_t)diff);
        else
            snprintf(why, sizeof why, "unused bits set (0x%08x 0x%08x, D4)",
                     (uint32_t)diff, (uint32_t)(diff >> 32));
        return nv50_illegal(&c, why);
    }
    return GPUREF_OK;
}

/* -------------------------------------------------------------- encoding */

typedef struct nv50_ectx {
    uint64_t w;
    int      form;
    int      mem;
    int      slot;
    uint32_t mtype;    /* w0[24:23] source-type bits set by memory operands */
    char    *err;
} nv50_ectx;

static int nv50_put(nv50_ectx *c, unsigned pos, unsigned len, uint64_t v, const char *what)
{
    uint64_t m = (1ull << len) - 1;
    if (v > m)
        return gpuref_errf(c->err, GPUREF_ERR_RANGE, "%s 0x%llx does not fit the %s form",
                           what, (unsigned long long)v, nv50_form_names[c->form]);
    c->w = (c->w & ~(m << pos)) | v << pos;
    return GPUREF_OK;
}

static int nv50_put_areg(nv50_ectx *c, unsigned a)
{
    if (nv50_islong(c->form)) {
        int rc = nv50_put(c, 26, 2, a & 3, "$a");
        return rc ? rc : nv50_put(c, 34, 1, a >> 2, "$a");
    }
    return nv50_put(c, 26, 2, a, "$a");
}

static int nv50_enc_reg(nv50_ectx *c, const nv50_opnd *o, unsigned pos, unsigned bits, int half)
{
    if (o->kind != (half ? NV50_O_HALF : NV50_O_REG))
        return gpuref_errf(c->err, GPUREF_ERR_RANGE, "operand kind not encodable here");
    return nv50_put(c, pos, bits, half ? (unsigned)o->reg << 1 | o->hi : o->reg, "register");
}

static int nv50_enc_claim(nv50_ectx *c, const nv50_opnd *o, unsigned pos, unsigned bits,
                          unsigned size)
{
    int rc;
    if (o->off % (int32_t)size)
        return gpuref_errf(c->err, GPUREF_ERR_RANGE, "offset 0x%x is not a multiple of %u",
                           (unsigned)o->off, size);
    int32_t v = o->off / (int32_t)size;
    if (c->mem) {
        if (o->areg || o->postinc)
            return gpuref_errf(c->err, GPUREF_ERR_RANGE,
                               "only the first memory operand may use $a");
    } else {
        c->mem = 1;
        if ((rc = nv50_put_areg(c, o->areg)) || (rc = nv50_put(c, 25, 1, o->postinc, "++")))
            return rc;
    }
    if (o->postinc) {
        if (o->areg == 0 || o->areg >= 5)
            return gpuref_errf(c->err, GPUREF_ERR_RANGE, "post-increment needs $a1-$a4 (D6)");
        if (v < -(1 << (bits - 1)) || v >= (1 << (bits - 1)))
            return gpuref_errf(c->err, GPUREF_ERR_RANGE, "offset %d out of range", o->off);
        return nv50_put(c, pos, bits, (uint32_t)v & ((1u << bits) - 1), "offset");
    }
    if (v < 0)
        return gpuref_errf(c->err, GPUREF_ERR_RANGE, "negative offset");
    return nv50_put(c, pos, bits, (uint32_t)v, "offset");
}

static int nv50_enc_src1(nv50_ectx *c, const nv50_opnd *o, int half)
{
    int lng = c->form == NV50_FORM_LONG, rc;
    if (o->kind != NV50_O_SHARED)
        return nv50_enc_reg(c, o, 9, lng ? 7 : 6, half);
    if (half && o->mode == NV50_S_B32)
        return gpuref_errf(c->err, GPUREF_ERR_RANGE, "b32 s[] access in a 16-bit operand");
    if ((rc = nv50_put(c, lng ? 53 : 24, 1, 1, "type")) ||
        (rc = nv50_put(c, lng ? 14 : 13, 2, o->mode, "mode")))
        return rc;
    if (!lng)
        c->mtype |= 1u << 24;
    return nv50_enc_claim(c, o, 9, lng ? 5 : 4, nv50_smode_size(o->mode));
}

static int nv50_enc_srcc(nv50_ectx *c, const nv50_opnd *o, int half, int three)
{
    int lng = c->form == NV50_FORM_LONG, rc;
    unsigned pos = three ? 46 : 16;
    if (o->kind != NV50_O_CONST)
        return nv50_enc_reg(c, o, pos, lng ? 7 : 6, half);
    c->mtype |= 1u << (three ? 24 : 23);
    if ((rc = nv50_put(c, three ? 24 : 23, 1, 1, "type")) ||
        (rc = lng ? nv50_put(c, 54, 4, o->reg, "c[] space") : nv50_put(c, 21, 1, o->reg, "c[] space")))
        return rc;
    return nv50_enc_claim(c, o, pos, lng ? 7 : 5, half ? 2 : 4);
}

static int nv50_enc_ldst(nv50_ectx *c, const nv50_opnd *o, int half)
{
    int rc;
    switch (o->kind) {
    case NV50_O_DISCARD:
        return (rc = nv50_put(c, 35, 1, 1, "type")) ? rc : nv50_put(c, 2, 7, 127, "dst");
    case NV50_O_OUT: {
        unsigned sz = half ? 2 : 4;
        if (o->off % (int32_t)sz || o->off < 0 || o->off / (int32_t)sz >= 127)
            return gpuref_errf(c->err, GPUREF_ERR_RANGE, "o[0x%x] not encodable", (unsigned)o->off);
        return (rc = nv50_put(c, 35, 1, 1, "type")) ? rc
                                                    : nv50_put(c, 2, 7, (unsigned)o->off / sz, "o[]");
    }
    default:
        return nv50_enc_reg(c, o, 2, 7, half);
    }
}

static const nv50_opnd *nv50_enc_next(nv50_ectx *c, const nv50_insn *in)
{
    return &in->src[c->slot < 4 ? c->slot++ : 3];
}

static int nv50_enc_misc(nv50_ectx *c, const nv50_insn *in, unsigned ot)
{
    const nv50_opnd *o;
    int rc;
    switch (ot) {
    case NV50_OT_AS:
        return nv50_put_areg(c, nv50_enc_next(c, in)->reg);
    case NV50_OT_COND:
        o = nv50_enc_next(c, in);
        if (in->pred != 0xf && in->csrc != o->reg)
            return gpuref_errf(c->err, GPUREF_ERR_RANGE,
                               "predicate and operand must use the same $c");
        return nv50_put(c, 44, 2, o->reg, "$c");
    case NV50_OT_C0:
        return nv50_enc_next(c, in)->reg == 0 ? GPUREF_OK
               : gpuref_errf(c->err, GPUREF_ERR_RANGE, "the %s form reads $c0 only",
                             nv50_form_names[c->form]);
    case NV50_OT_SREG:
        return nv50_put(c, 46, 4, nv50_enc_next(c, in)->reg, "special register");
    case NV50_OT_T:
        if (in->target & 3 || in->target >= NV50_CODE_MAX)
            return gpuref_errf(c->err, GPUREF_ERR_RANGE, "bad code target 0x%x", in->target);
        return (rc = nv50_put(c, 11, 16, (in->target >> 2) & 0xffff, "target")) ? rc
               : nv50_put(c, 46, 6, in->target >> 18, "target");
    case NV50_OT_LANE:
        return nv50_put(c, 46, 4, in->lanemask, "lanemask");
    case NV50_OT_BAR:
        if ((rc = nv50_put(c, 21, 4, in->barid, "barrier")) ||
            (rc = nv50_put(c, 46, 1, in->barall, "all")))
            return rc;
        return in->barall && in->barcnt ? gpuref_errf(c->err, GPUREF_ERR_RANGE, "all and count")
                                        : nv50_put(c, 9, 12, in->barcnt, "thread count");
    case NV50_OT_PM:
        return nv50_put(c, 10, 4, in->pm, "pm event");
    case NV50_OT_FC8:
        o = nv50_enc_next(c, in);
        if (o->kind != NV50_O_CONST || o->postinc || o->off < 0)
            return gpuref_errf(c->err, GPUREF_ERR_RANGE, "bad c[] operand");
        if ((rc = nv50_put(c, 54, 4, o->reg, "c[] space")) || (rc = nv50_put_areg(c, o->areg)))
            return rc;
        return nv50_put(c, 9, 16, (uint32_t)o->off, "offset");
    default:
        return gpuref_errf(c->err, GPUREF_ERR_RANGE, "bad template");
    }
}

static int nv50_enc_imm(nv50_ectx *c, const nv50_insn *in, unsigned ot)
{
    const nv50_opnd *o = nv50_enc_next(c, in);
    int rc;
    if (o->kind != NV50_O_IMM)
        return gpuref_errf(c->err, GPUREF_ERR_RANGE, "immediate expected");
    switch (ot) {
    case NV50_OT_I:
    case NV50_OT_IH:
        if (ot == NV50_OT_IH && o->imm > 0xffff)
            return gpuref_errf(c->err, GPUREF_ERR_RANGE, "16-bit immediate 0x%x too large", o->imm);
        return (rc = nv50_put(c, 16, 6, o->imm & 0x3f, "imm")) ? rc
               : nv50_put(c, 34, 26, o->imm >> 6, "imm");
    case NV50_OT_SHC:  return nv50_put(c, 16, 7, o->imm, "shift count");
    case NV50_OT_HSHC: return nv50_put(c, 16, 4, o->imm, "shift count");
    default:           return nv50_put(c, 9, 16, o->imm, "offset");
    }
}

static int nv50_enc_opnd(nv50_ectx *c, const nv50_insn *in, unsigned ot)
{
    int sh = c->form != NV50_FORM_LONG, rc;
    switch (ot) {
    case NV50_OT_SD:  return nv50_enc_reg(c, &in->dst, 2, 6, 0);
    case NV50_OT_SDH: return nv50_enc_reg(c, &in->dst, 2, 6, 1);
    case NV50_OT_RD:  return nv50_enc_reg(c, &in->dst, 2, 7, 0);
    case NV50_OT_RDH: return nv50_enc_reg(c, &in->dst, 2, 7, 1);
    case NV50_OT_LD:  return nv50_enc_ldst(c, &in->dst, 0);
    case NV50_OT_LDH: return nv50_enc_ldst(c, &in->dst, 1);
    case NV50_OT_AD:
        if (in->dst.kind != NV50_O_AREG || in->dst.reg >= 5)
            return gpuref_errf(c->err, GPUREF_ERR_RANGE, "destination must be $a0-$a4 (D6)");
        return nv50_put(c, 2, 3, in->dst.reg, "$a");
    case NV50_OT_CD:  return nv50_put(c, 36, 2, in->dst.reg, "$c");
    case NV50_OT_MCD:
        if (!in->cdst_en)
            return GPUREF_OK;
        return (rc = nv50_put(c, 38, 1, 1, "$c")) ? rc : nv50_put(c, 36, 2, in->cdst, "$c");
    case NV50_OT_S1:  return nv50_enc_src1(c, nv50_enc_next(c, in), 0);
    case NV50_OT_S1H: return nv50_enc_src1(c, nv50_enc_next(c, in), 1);
    case NV50_OT_R1:  return nv50_enc_reg(c, nv50_enc_next(c, in), 9, sh ? 6 : 7, 0);
    case NV50_OT_S2:  return nv50_enc_srcc(c, nv50_enc_next(c, in), 0, 0);
    case NV50_OT_S2H: return nv50_enc_srcc(c, nv50_enc_next(c, in), 1, 0);
    case NV50_OT_S3:  return nv50_enc_srcc(c, nv50_enc_next(c, in), 0, 1);
    case NV50_OT_S3H: return nv50_enc_srcc(c, nv50_enc_next(c, in), 1, 1);
    case NV50_OT_SD3: {
        const nv50_opnd *o = nv50_enc_next(c, in);
        return o->kind == NV50_O_REG && o->reg == in->dst.reg && in->dst.kind == NV50_O_REG
                   ? GPUREF_OK
                   : gpuref_errf(c->err, GPUREF_ERR_RANGE, "the short form needs SRC3 = DST");
    }
    case NV50_OT_I: case NV50_OT_IH: case NV50_OT_SHC: case NV50_OT_HSHC: case NV50_OT_OFFS:
        return nv50_enc_imm(c, in, ot);
    default:
        return nv50_enc_misc(c, in, ot);
    }
}

static int nv50_enc_common(nv50_ectx *c, const nv50_insn *in)
{
    int rc;
    if (in->modifier && c->form != NV50_FORM_LONG)
        return gpuref_errf(c->err, GPUREF_ERR_RANGE, "join/exit need a long normal instruction");
    if (c->form == NV50_FORM_LONG && (rc = nv50_put(c, 32, 2, in->modifier, "join/exit")))
        return rc;
    if (!nv50_islong(c->form)) {
        if (in->pred != 0xf || in->modifier)
            return gpuref_errf(c->err, GPUREF_ERR_RANGE, "the %s form has no predicate or "
                               "join/exit", nv50_form_names[c->form]);
        return GPUREF_OK;
    }
    if (in->modifier > 2 || nv50_pred_holds(in->pred, 0) < 0)
        return gpuref_errf(c->err, GPUREF_ERR_RANGE, "bad predicate or modifier");
    if ((rc = nv50_put(c, 39, 5, in->pred, "predicate")))
        return rc;
    return in->pred != 0xf ? nv50_put(c, 44, 2, in->csrc, "$c") : GPUREF_OK;
}

int nv50_encode(const nv50_insn *in, uint32_t out[2], char *err)
{
    if (in->op >= NV50_NOPS)
        return gpuref_errf(err, GPUREF_ERR_ARG, "bad opcode row %u", in->op);
    const nv50_row *r = &nv50_rows[in->op];
    nv50_ectx c = { .w = r->m0 | (uint64_t)r->m1 << 32, .form = r->form, .err = err };
    int rc = nv50_enc_common(&c, in);
    if (rc)
        return rc;
    for (const nv50_tok *t = nv50_row_toks(in->op); t->type != NV50_T_END; t++) {
        if (t->type == NV50_T_FLAG || t->type == NV50_T_CHOICE)
            rc = nv50_put(&c, t->pos, t->len, nv50_member_get(in, t), "modifier");
        else if (t->type == NV50_T_OPND)
            rc = nv50_enc_opnd(&c, in, t->otok);
        if (rc)
            return rc;
    }
    if ((r->flags & NV50_RF_BYTESRC) && in->src[0].kind == NV50_O_SHARED &&
        in->src[0].mode != NV50_S_U8)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "a u8/s8 source reads s[] as u8 only "
                           "(ILLEGAL_MEMORY_BYTE)");
    if (((uint32_t)c.w & r->k0) != (r->m0 & r->k0) ||
        ((uint32_t)(c.w >> 32) & r->k1) != (r->m1 & r->k1))
        return gpuref_errf(err, GPUREF_ERR_RANGE, "field overlaps the opcode");
    /* Both source-type bits w0[23], w0[24] set is the p[] encoding (D22): a
     * short s[] with a c[] source, or two long c[] sources, cannot be encoded
     * (the assembler then takes the long form, where s[] is typed by w1[21]). */
    if (c.mtype == (3u << 23))
        return gpuref_errf(err, GPUREF_ERR_RANGE, r->form == NV50_FORM_LONG
                           ? "two c[] operands cannot be encoded (both type bits is p[], D22)"
                           : "s[] with c[] needs the long form (both type bits is p[], D22)");
    out[0] = (uint32_t)c.w;
    out[1] = (uint32_t)(c.w >> 32);
    return (r->form == NV50_FORM_SHORT || r->form == NV50_FORM_SCTL) ? 1 : 2;
}

/* ------------------------------------------------------------ free fields */

static void nv50_mark(uint64_t *f, unsigned pos, unsigned len)
{
    *f |= ((1ull << len) - 1) << pos;
}

static void nv50_opnd_fields(int form, unsigned ot, uint64_t *f)
{
    int lng = form == NV50_FORM_LONG;
    uint64_t mem = (1ull << 25) | (3ull << 26) | (lng ? 1ull << 34 : 0);
    switch (ot) {
    case NV50_OT_SD: case NV50_OT_SDH: nv50_mark(f, 2, 6); break;
    case NV50_OT_RD: case NV50_OT_RDH: nv50_mark(f, 2, 7); break;
    case NV50_OT_LD: case NV50_OT_LDH: nv50_mark(f, 2, 7); nv50_mark(f, 35, 1); break;
    case NV50_OT_AD:  nv50_mark(f, 2, 3); break;
    case NV50_OT_CD:  nv50_mark(f, 36, 2); break;
    case NV50_OT_MCD: nv50_mark(f, 36, 3); break;
    case NV50_OT_S1: case NV50_OT_S1H:
        nv50_mark(f, 9, lng ? 7 : 6); nv50_mark(f, lng ? 53 : 24, 1); *f |= mem; break;
    case NV50_OT_R1:  nv50_mark(f, 9, lng ? 7 : 6); break;
    case NV50_OT_S2: case NV50_OT_S2H:
        nv50_mark(f, 16, lng ? 7 : 6); nv50_mark(f, 23, 1); *f |= mem;
        if (lng) nv50_mark(f, 54, 4);
        break;
    case NV50_OT_S3: case NV50_OT_S3H:
        nv50_mark(f, 46, 7); nv50_mark(f, 24, 1); nv50_mark(f, 54, 4); *f |= mem; break;
    case NV50_OT_I: case NV50_OT_IH: nv50_mark(f, 16, 6); nv50_mark(f, 34, 26); break;
    case NV50_OT_SHC: nv50_mark(f, 16, 7); break;
    case NV50_OT_HSHC: nv50_mark(f, 16, 4); break;
    case NV50_OT_OFFS: nv50_mark(f, 9, 16); break;
    case NV50_OT_AS:  *f |= mem & ~(1ull << 25); break;
    case NV50_OT_COND: nv50_mark(f, 44, 2); break;
    case NV50_OT_SREG: case NV50_OT_LANE: nv50_mark(f, 46, 4); break;
    case NV50_OT_T:   nv50_mark(f, 11, 16); nv50_mark(f, 46, 6); break;
    case NV50_OT_BAR: nv50_mark(f, 9, 16); nv50_mark(f, 46, 1); break;
    case NV50_OT_PM:  nv50_mark(f, 10, 4); break;
    case NV50_OT_FC8: nv50_mark(f, 9, 16); nv50_mark(f, 54, 4); *f |= mem & ~(1ull << 25); break;
    default: break;
    }
}

void nv50_row_fields(unsigned op, uint32_t *f0, uint32_t *f1)
{
    const nv50_row *r = &nv50_rows[op];
    uint64_t f = 0;
    if (r->form == NV50_FORM_LONG)
        nv50_mark(&f, 32, 2);
    if (r->form == NV50_FORM_LONG || r->form == NV50_FORM_LCTL)
        nv50_mark(&f, 39, 7);
    for (const nv50_tok *t = nv50_row_toks(op); t->type != NV50_T_END; t++) {
        if (t->type == NV50_T_FLAG || t->type == NV50_T_CHOICE)
            nv50_mark(&f, t->pos, t->len);
        else if (t->type == NV50_T_OPND)
            nv50_opnd_fields(r->form, t->otok, &f);
    }
    *f0 = (uint32_t)f & ~r->k0;
    *f1 = (uint32_t)(f >> 32) & ~r->k1;
}
