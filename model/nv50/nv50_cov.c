/* nv50_cov.c - NV50 functional coverage: the bins, derived from the opcode
 * description (nv50.def rows and their templates), and the sampler that
 * counts them from a retire record and the instruction predecoded at its pc.
 *
 * Bins (coverage/README.md has the full list and the reasoning):
 *   nv50.op.<row>.<form>                        every row of the description
 *   nv50.opnd.<row>.<form>.<slot>.<kind>        slots that can hold several kinds
 *   nv50.mod.<row>.<form>.<modifier>            template flags and choices,
 *                                               cwrite, pred, join, exit, lanemask
 *   nv50.in.<row>.<form>.<slot>.<class>         value classes of sources
 *   nv50.out.<row>.<form>.<class>               value classes of the result
 *   nv50.flag.<row>.<form>.<zero|sign|carry|overflow>   $c flags produced
 *   nv50.mask.<row>.<form>.<none|one|partial|all>       threads executing
 *   nv50.isa.*                                  predicate conditions, $c use,
 *                                               addressing, control flow
 *
 * Speed (coverage/README.md "Speed"): the bins every unit of a row counts are
 * laid out in a table per row (nv50c_hot), one lookup each and no test (a
 * field that selects no bin selects a spare count slot); a value-class group
 * is classified only while it has bins not yet hit (nv50c.live), 4 or 8 lanes
 * at a time; sources a unit overwrites (dst = src, post-incremented
 * addresses) are read before the unit, from the state the previous sample
 * left, and classified when it retires; and the previous sample prefetches
 * the next unit's tables while the model steps. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nv50_tmpl.h"

#define NB  (-1)                 /* no bin */
typedef int16_t bin_t;           /* a bin index (the ISA has fewer than 32767) */

/* ISA-specific values of MOD bins (the token index is in aux >> 8). */
enum { NV50C_MOD_TOKEN, NV50C_MOD_CWRITE, NV50C_MOD_PRED, NV50C_MOD_JOIN, NV50C_MOD_EXIT,
       NV50C_MOD_LANEMASK, NV50C_MOD_BARALL };
/* FLAG bins */
enum { NV50C_F_ZERO, NV50C_F_SIGN, NV50C_F_CARRY, NV50C_F_OVERFLOW };
static const char *const flag_names[4] = { "zero", "sign", "carry", "overflow" };
/* ISA bins (value), aux = detail */
enum { NV50C_ISA_PRED, NV50C_ISA_PREDREG, NV50C_ISA_PREDRES, NV50C_ISA_CDST, NV50C_ISA_SADDR,
       NV50C_ISA_CADDR, NV50C_ISA_CBANK, NV50C_ISA_SREG, NV50C_ISA_BRA, NV50C_ISA_JOIN,
       NV50C_ISA_DEPTH, NV50C_ISA_EXIT, NV50C_ISA_QUAD, NV50C_ISA_END };
static const char *const addr_names[3] = { "direct", "indexed", "postinc" };
static const char *const bra_names[3] = { "not_taken", "uniform", "divergent" };
static const unsigned depth_steps[4] = { 1, 2, 4, 8 };

enum { VK_NONE, VK_INT, VK_FLOAT, VK_CARRY };

typedef struct nv50c_slot {      /* a source slot (in->src[i]) */
    uint8_t tok;                 /* NV50_OT_* */
    uint8_t vk;                  /* VK_* */
    uint8_t bits;                /* classification width */
    bin_t   in[GPUREF_VC_N];     /* IN bins by gpuref_vc */
    bin_t   opnd[GPUREF_OPK_N];
} nv50c_slot;

typedef struct nv50c_tok {       /* a FLAG/CHOICE token of the template */
    uint16_t moff;
    uint8_t  nalt;
    bin_t    bin[8];             /* by member value */
} nv50c_tok;

typedef struct nv50c_row {
    bin_t      op;
    uint8_t    nsrc, outbits, outvk, ntok, dsttok;
    nv50c_slot src[4];
    bin_t      dstk[GPUREF_OPK_N];
    bin_t      out[GPUREF_VC_N];
    bin_t      flag[4];
    bin_t      mask[GPUREF_MP_N];
    nv50c_tok  tok[6];
    bin_t      cwrite, pred, join, exit, lanemask, barall;
    uint8_t    vals;             /* has value-class bins */
} nv50c_row;

typedef struct nv50c_capture {   /* the pre-state of the next unit */
    const void *st;
    uint64_t    clock;
    uint32_t    pc, mask;
    uint8_t     valid, have;     /* have: bit i = src slot i captured */
    uint32_t    v[4][NV50_LANES];    /* its lane values */
} nv50c_capture;

#define NV50C_MAXSTATIC 28     /* fixed bins of one instruction, at most */

/* The spare count slots past the last bin that fields selecting no bin count
 * in (GPUREF_COV_SPARE of them, isa.h): one per field. */
enum { NV50C_S_OPND = 0, NV50C_S_TOK = 5, NV50C_S_CWRITE = 11, NV50C_S_CDST, NV50C_S_PRED,
       NV50C_S_PREDC, NV50C_S_PREDREG, NV50C_S_MOD, NV50C_S_LANEMASK, NV50C_S_BARALL,
       NV50C_S_MASK, NV50C_S_PREDRES, NV50C_NSPARE };
_Static_assert(NV50C_NSPARE <= GPUREF_COV_SPARE, "more than the spare count slots (isa.h)");

/* nv50c_hot flags */
#define NV50C_H_CTL     0x01u  /* NV50_RF_CTL */
#define NV50C_H_NOPRED  0x02u  /* NV50_RF_NOPRED */
#define NV50C_H_LMBAR   0x04u  /* has a lanemask or barall bin (few rows) */
#define NV50C_H_GENERIC 0x08u  /* its bins do not fit nv50c_hot: counted by static_bins */
/* value-class groups of a row (nv50c_vals.groups, nv50c.live) */
#define NV50C_L_SRC     0x0fu  /* bit i: the in group of source i */
#define NV50C_L_OUT     0x10u
#define NV50C_L_FLAG    0x20u

/* The bins a unit of a row always counts (static_bins), laid out for
 * counting with no test per bin: a field that selects no bin selects a spare
 * count slot (NV50C_S_*). */
typedef struct nv50c_hot {
    uint16_t op;                 /* the op bin */
    uint16_t mask[GPUREF_MP_N];
    uint16_t cwrite, pred, lanemask, barall;
    uint16_t mod[4];             /* by in->modifier (2 bits): join, exit */
    uint8_t  flags;              /* NV50C_H_* */
    uint8_t  nsrc, ntok;
    uint8_t  moff[6];            /* offset of each FLAG/CHOICE token's member in nv50_insn */
    uint16_t opnd[5][8];         /* opnd bins of dst, src1-4 by nv50_okind (< 8) */
    uint16_t tok[6][9];          /* mod bins of the tokens by member value (8: >= 8) */
} __attribute__((aligned(64))) nv50c_hot;
_Static_assert(sizeof(nv50_insn) <= 256, "nv50c_hot.moff is a byte");

/* A value-class group: the bins of one operand's classes, consecutive from
 * that of its kind's first class (vk_classes). */
typedef struct nv50c_vgrp {
    uint16_t base;
    uint8_t  vk, bits;           /* VK_*, classification width */
    uint8_t  lo, n;              /* the class of the first bin, the number of bins */
} nv50c_vgrp;

typedef struct nv50c_vals {      /* the value-class groups of a row */
    nv50c_vgrp in[4], out;
    uint16_t   flag;             /* the 4 flag bins: zero, sign, carry, overflow */
    uint8_t    groups;           /* NV50C_L_*: the groups the row has */
} nv50c_vals;

typedef struct nv50c {
    nv50c_hot     hot[NV50_NOPS];
    nv50c_vals    vals[NV50_NOPS];
    uint8_t       live[NV50_NOPS];   /* NV50C_L_*: groups not yet saturated (all in exact mode) */
    const uint64_t *counts;      /* the cov's (resync) */
    const uint8_t *excl;
    int           exact;
    int           avx2;          /* the CPU has AVX2: the 8-lane kernels */
    uint16_t      spare;         /* the first spare count slot (index: the number of bins) */
    uint16_t      epred[32];     /* pred[], spare for none */
    uint16_t      epredres[GPUREF_MP_N];   /* predres[] by mask pattern (one: partial) */
    bin_t         pred[32], predreg[4], predres[GPUREF_MP_N], cdst[4];
    bin_t         saddr[4][3], caddr[3], cbank[NV50_NCBANK], sreg[9];
    bin_t         bra[3], join[2], depth[4], exit[2], quad, end[2];
    nv50c_capture cap;
    nv50c_row     row[NV50_NOPS];    /* the bins as defined (init, static_bins) */
} nv50c;

/* ------------------------------------------------------- description walk */

static int is_dst_tok(unsigned ot)
{
    return ot == NV50_OT_SD || ot == NV50_OT_SDH || ot == NV50_OT_RD || ot == NV50_OT_RDH ||
           ot == NV50_OT_LD || ot == NV50_OT_LDH || ot == NV50_OT_AD || ot == NV50_OT_CD;
}

/* Does the token fill a source slot (the decoder's nv50_next_src)? */
static int is_src_tok(unsigned ot)
{
    return !is_dst_tok(ot) && ot != NV50_OT_MCD && ot != NV50_OT_T && ot != NV50_OT_LANE &&
           ot != NV50_OT_BAR && ot != NV50_OT_PM;
}

/* The operand kinds a token can decode to (bit per gpuref_opk). */
static unsigned tok_kinds(unsigned ot)
{
    switch (ot) {
    case NV50_OT_SD: case NV50_OT_RD: case NV50_OT_R1: case NV50_OT_SD3:
        return 1u << GPUREF_OPK_REG;
    case NV50_OT_SDH: case NV50_OT_RDH: return 1u << GPUREF_OPK_HALF;
    case NV50_OT_LD:
        return 1u << GPUREF_OPK_REG | 1u << GPUREF_OPK_OUT | 1u << GPUREF_OPK_DISCARD;
    case NV50_OT_LDH:
        return 1u << GPUREF_OPK_HALF | 1u << GPUREF_OPK_OUT | 1u << GPUREF_OPK_DISCARD;
    case NV50_OT_AD: case NV50_OT_AS: return 1u << GPUREF_OPK_ADDR;
    case NV50_OT_CD: case NV50_OT_COND: case NV50_OT_C0: return 1u << GPUREF_OPK_FLAGS;
    case NV50_OT_S1: return 1u << GPUREF_OPK_REG | 1u << GPUREF_OPK_SHARED;
    case NV50_OT_S1H: return 1u << GPUREF_OPK_HALF | 1u << GPUREF_OPK_SHARED;
    case NV50_OT_S2: case NV50_OT_S3: return 1u << GPUREF_OPK_REG | 1u << GPUREF_OPK_CONST;
    case NV50_OT_S2H: case NV50_OT_S3H: return 1u << GPUREF_OPK_HALF | 1u << GPUREF_OPK_CONST;
    case NV50_OT_I: case NV50_OT_IH: case NV50_OT_SHC: case NV50_OT_HSHC: case NV50_OT_OFFS:
        return 1u << GPUREF_OPK_IMM;
    case NV50_OT_SREG: return 1u << GPUREF_OPK_SPECIAL;
    case NV50_OT_FC8: return 1u << GPUREF_OPK_CONST;
    default: return 0;
    }
}

/* Value width of a source token for classification; 0: no value classes. */
static unsigned tok_bits(unsigned ot, unsigned *vk)
{
    *vk = VK_INT;
    switch (ot) {
    case NV50_OT_S1: case NV50_OT_R1: case NV50_OT_S2: case NV50_OT_S3: case NV50_OT_SD3:
    case NV50_OT_I:
        return 32;
    case NV50_OT_S1H: case NV50_OT_S2H: case NV50_OT_S3H: case NV50_OT_IH: case NV50_OT_OFFS:
        return 16;
    case NV50_OT_SHC:  return 7;
    case NV50_OT_HSHC: return 4;
    case NV50_OT_COND: case NV50_OT_C0: *vk = VK_CARRY; return 4;
    default: *vk = VK_NONE; return 0;
    }
}

static unsigned dst_bits(unsigned ot)
{
    switch (ot) {
    case NV50_OT_SD: case NV50_OT_RD: case NV50_OT_LD: return 32;
    case NV50_OT_SDH: case NV50_OT_RDH: case NV50_OT_LDH: case NV50_OT_AD: return 16;
    default: return 0;
    }
}

static unsigned opk_of(const nv50_opnd *o)
{
    switch (o->kind) {
    case NV50_O_REG:     return GPUREF_OPK_REG;
    case NV50_O_HALF:    return GPUREF_OPK_HALF;
    case NV50_O_OUT:     return GPUREF_OPK_OUT;
    case NV50_O_DISCARD: return GPUREF_OPK_DISCARD;
    case NV50_O_CONST:   return GPUREF_OPK_CONST;
    case NV50_O_SHARED:  return GPUREF_OPK_SHARED;
    case NV50_O_IMM:     return GPUREF_OPK_IMM;
    case NV50_O_AREG:    return GPUREF_OPK_ADDR;
    case NV50_O_CREG:    return GPUREF_OPK_FLAGS;
    case NV50_O_SREG:    return GPUREF_OPK_SPECIAL;
    default:             return GPUREF_OPK_N;
    }
}

static const char *slot_name(unsigned i)
{
    static const char *const n[5] = { "dst", "src1", "src2", "src3", "src4" };
    return n[i < 5 ? i : 4];
}

static int row_exec_unimpl(unsigned op) { return nv50_rows[op].exec == nv50_x_unimpl; }
static int row_has_values(unsigned op)
{
    return !(nv50_rows[op].flags & NV50_RF_CTL) && !row_exec_unimpl(op);
}
static int row_long(unsigned op)
{
    return nv50_rows[op].form == NV50_FORM_LONG || nv50_rows[op].form == NV50_FORM_LCTL;
}
/* The row can execute with no thread (predicated off). */
static int row_can_skip(unsigned op)
{
    return row_long(op) && !(nv50_rows[op].flags & NV50_RF_NOPRED);
}

#define DEF(cat, op, slot, val, aux, ...)                                         \
    do {                                                                          \
        long b_ = gpuref_cov_def(def, cat, op, slot, val, aux, __VA_ARGS__);      \
        if (b_ < 0)                                                               \
            return gpuref_errf(err, (int)b_, "nv50 coverage: bad bin definition"); \
        last = (bin_t)b_;                                                         \
    } while (0)

static void fill_nb(bin_t *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        v[i] = NB;
}

/* Is s (n chars, an optional '~'/'+' prefix allowed) a type word ("b32",
 * "u16", "s8", "f32", ...)?  *isfloat tells whether it is a float type. */
static int is_type(const char *s, unsigned n, int *isfloat)
{
    if (n && (*s == '~' || *s == '+'))
        s++, n--;
    if (n < 2 || n > 3 || (s[0] != 'b' && s[0] != 'u' && s[0] != 's' && s[0] != 'f'))
        return 0;
    if (!((n == 2 && s[1] == '8') || (n == 3 && ((s[1] == '1' && s[2] == '6') ||
                                                 (s[1] == '3' && s[2] == '2') ||
                                                 (s[1] == '2' && s[2] == '4')))))
        return 0;
    *isfloat = s[0] == 'f';
    return 1;
}

/* A type word of a template (a literal, or a choice of types such as
 * {u16|s16}): operands after it have that type, so a row's float operands
 * are those after "f32" or "f16".  Returns 1 for a literal (no token). */
static int type_word(const nv50_tok *t, int *isfloat)
{
    if (t->type == NV50_T_LIT)
        return is_type(t->s, t->slen, isfloat);
    if (t->type == NV50_T_CHOICE) {
        unsigned l = 0;
        const char *a = nv50_choice(t, 0, &l);
        int f;
        if (a && is_type(a, l, &f))
            *isfloat = f;
    }
    return 0;
}

/* Walk a row's template into its slots and tokens (no bins yet). */
static void row_shape(unsigned op, nv50c_row *R)
{
    const char *tp = nv50_rows[op].tmpl;
    nv50_tok t;
    int isfloat = 0;
    for (nv50_tmpl_next(&tp, &t); t.type != NV50_T_END; nv50_tmpl_next(&tp, &t)) {
        if (type_word(&t, &isfloat))
            continue;
        if ((t.type == NV50_T_FLAG || t.type == NV50_T_CHOICE) && R->ntok < 6) {
            nv50c_tok *k = &R->tok[R->ntok++];
            k->moff = t.moff;
            k->nalt = (uint8_t)(t.type == NV50_T_FLAG ? 2 : 0);
            if (t.type == NV50_T_CHOICE) {
                unsigned l;
                while (k->nalt < 8 && nv50_choice(&t, k->nalt, &l))
                    k->nalt++;
            }
        } else if (t.type == NV50_T_OPND) {
            if (is_dst_tok(t.otok)) {
                R->dsttok = t.otok;
                R->outbits = (uint8_t)dst_bits(t.otok);
                R->outvk = isfloat ? VK_FLOAT : VK_INT;
            } else if (is_src_tok(t.otok) && R->nsrc < 4) {
                nv50c_slot *s = &R->src[R->nsrc++];
                unsigned vk;
                s->tok = t.otok;
                s->bits = (uint8_t)tok_bits(t.otok, &vk);
                s->vk = (uint8_t)(vk == VK_INT && isfloat && s->bits >= 16 ? VK_FLOAT : vk);
            }
        }
    }
}

static int has_tok(unsigned op, unsigned ot)
{
    const char *tp = nv50_rows[op].tmpl;
    nv50_tok t;
    for (nv50_tmpl_next(&tp, &t); t.type != NV50_T_END; nv50_tmpl_next(&tp, &t))
        if (t.type == NV50_T_OPND && t.otok == ot)
            return 1;
    return 0;
}

/* The name of the k-th FLAG/CHOICE token, alternative v, from the template
 * text itself: "?sat:sat@8" gives "sat", "{u16|s16}:sgn1@15" gives "sgn1.s16". */
static void tok_mod_name(unsigned op, unsigned k, unsigned v, char *buf, size_t len)
{
    const char *tp = nv50_rows[op].tmpl;
    nv50_tok t;
    unsigned i = 0;
    buf[0] = '\0';
    for (nv50_tmpl_next(&tp, &t); t.type != NV50_T_END; nv50_tmpl_next(&tp, &t)) {
        if (t.type != NV50_T_FLAG && t.type != NV50_T_CHOICE)
            continue;
        if (i++ != k)
            continue;
        const char *m = t.s + t.slen + (t.type == NV50_T_CHOICE ? 2 : 1);
        int ml = 0;
        while (m[ml] && m[ml] != '@' && m[ml] != ' ')
            ml++;
        if (t.type == NV50_T_FLAG) {
            snprintf(buf, len, "%.*s", ml, m);
        } else {
            unsigned l = 0;
            const char *a = nv50_choice(&t, v, &l);
            if (!a || (l == 1 && *a == '-'))
                return;                        /* a reserved value: no bin */
            if (l && (*a == '~' || *a == '+'))
                a++, l--;
            snprintf(buf, len, "%.*s.%.*s", ml, m, (int)l, a);
        }
        return;
    }
}

/* The classes a value kind has bins for. */
static void vk_classes(unsigned vk, unsigned *lo, unsigned *hi)
{
    *lo = vk == VK_FLOAT ? GPUREF_VC_FPZERO : vk == VK_CARRY ? GPUREF_VC_CARRY0 : 0;
    *hi = vk == VK_FLOAT ? GPUREF_VC_SNAN + 1 : vk == VK_CARRY ? GPUREF_VC_CARRY1 + 1
          : GPUREF_VC_NINT;
}

static int nv50c_define(gpuref_cov *def, nv50c *P, char *err)
{
    bin_t last = NB;
    char rn[64], mn[48];
    unsigned op, i, k;
#define ROWNAME(o) (snprintf(rn, sizeof rn, "%s.%s", nv50_rows[o].name, \
                             nv50_form_names[nv50_rows[o].form]), rn)
    for (op = 0; op < NV50_NOPS; op++) {
        nv50c_row *R = &P->row[op];
        memset(R, 0, sizeof *R);
        R->op = R->cwrite = R->pred = R->join = R->exit = R->lanemask = R->barall = NB;
        fill_nb(R->dstk, GPUREF_OPK_N);
        fill_nb(R->out, GPUREF_VC_N);
        fill_nb(R->flag, 4);
        fill_nb(R->mask, GPUREF_MP_N);
        row_shape(op, R);
        for (i = 0; i < 4; i++) {
            fill_nb(R->src[i].in, GPUREF_VC_N);
            fill_nb(R->src[i].opnd, GPUREF_OPK_N);
        }
        for (k = 0; k < 6; k++)
            fill_nb(R->tok[k].bin, 8);
    }
    /* every bin of a row together (one or two cache lines of counts per unit) */
    for (op = 0; op < NV50_NOPS; op++) {
        do {   /* op */
            DEF(GPUREF_COV_OP, (int)op, -1, 0, 0, "nv50.op.%s", ROWNAME(op));
            P->row[op].op = last;

        } while (0);
        do {   /* opnd */
            nv50c_row *R = &P->row[op];
            if (row_exec_unimpl(op))
                break;
            unsigned km = tok_kinds(R->dsttok);
            if (R->dsttok && (km & (km - 1)))
                for (k = 0; k < GPUREF_OPK_N; k++)
                    if (km >> k & 1) {
                        DEF(GPUREF_COV_OPND, (int)op, 0, k, 0, "nv50.opnd.%s.dst.%s", ROWNAME(op),
                            gpuref_opk_name(k));
                        R->dstk[k] = last;
                    }
            for (i = 0; i < R->nsrc; i++) {
                km = tok_kinds(R->src[i].tok);
                if (!(km & (km - 1)))
                    continue;
                for (k = 0; k < GPUREF_OPK_N; k++)
                    if (km >> k & 1) {
                        DEF(GPUREF_COV_OPND, (int)op, (int)i + 1, k, 0, "nv50.opnd.%s.%s.%s",
                            ROWNAME(op), slot_name(i + 1), gpuref_opk_name(k));
                        R->src[i].opnd[k] = last;
                    }
            }

        } while (0);
        do {   /* mod */
            nv50c_row *R = &P->row[op];
            if (row_exec_unimpl(op))
                break;
            for (k = 0; k < R->ntok; k++) {
                nv50c_tok *t = &R->tok[k];
                for (unsigned v = 0; v < t->nalt; v++) {
                    tok_mod_name(op, k, v, mn, sizeof mn);
                    if (!mn[0] || (strchr(mn, '.') == NULL && v == 0))
                        continue;                   /* reserved; a flag counts when set */
                    long b = gpuref_cov_def(def, GPUREF_COV_MOD, (int)op, -1, NV50C_MOD_TOKEN,
                                            k << 8 | v, "nv50.mod.%s.%s", ROWNAME(op), mn);
                    if (b == GPUREF_ERR_ARG)          /* two tokens of one member name */
                        b = gpuref_cov_def(def, GPUREF_COV_MOD, (int)op, -1, NV50C_MOD_TOKEN,
                                           k << 8 | v, "nv50.mod.%s.%s.%u", ROWNAME(op), mn, k);
                    if (b < 0)
                        return gpuref_errf(err, (int)b, "nv50 coverage: bad bin definition");
                    t->bin[v] = (bin_t)b;
                }
            }
            if (has_tok(op, NV50_OT_MCD)) {
                DEF(GPUREF_COV_MOD, (int)op, -1, NV50C_MOD_CWRITE, 0, "nv50.mod.%s.cwrite", ROWNAME(op));
                R->cwrite = last;
            }
            /* long control rows whose predicate the hardware ignores decode it
             * as "always" (D18): no predicate bin */
            if (row_long(op) && !(nv50_rows[op].form == NV50_FORM_LCTL &&
                                  (nv50_rows[op].flags & NV50_RF_NOPRED))) {
                DEF(GPUREF_COV_MOD, (int)op, -1, NV50C_MOD_PRED, 0, "nv50.mod.%s.pred", ROWNAME(op));
                R->pred = last;
            }
            if (nv50_rows[op].form == NV50_FORM_LONG) {
                DEF(GPUREF_COV_MOD, (int)op, -1, NV50C_MOD_JOIN, 0, "nv50.mod.%s.join", ROWNAME(op));
                R->join = last;
                DEF(GPUREF_COV_MOD, (int)op, -1, NV50C_MOD_EXIT, 0, "nv50.mod.%s.exit", ROWNAME(op));
                R->exit = last;
            }
            if (has_tok(op, NV50_OT_LANE)) {
                DEF(GPUREF_COV_MOD, (int)op, -1, NV50C_MOD_LANEMASK, 0, "nv50.mod.%s.lanemask",
                    ROWNAME(op));
                R->lanemask = last;
            }
            if (has_tok(op, NV50_OT_BAR)) {
                DEF(GPUREF_COV_MOD, (int)op, -1, NV50C_MOD_BARALL, 0, "nv50.mod.%s.all", ROWNAME(op));
                R->barall = last;
            }

        } while (0);
        do {   /* in */
            nv50c_row *R = &P->row[op];
            if (!row_has_values(op))
                break;
            for (i = 0; i < R->nsrc; i++) {
                nv50c_slot *s = &R->src[i];
                unsigned lo, hi;
                if (s->vk == VK_NONE)
                    continue;
                vk_classes(s->vk, &lo, &hi);
                for (k = lo; k < hi; k++) {
                    DEF(GPUREF_COV_IN, (int)op, (int)i + 1, k, s->bits, "nv50.in.%s.%s.%s",
                        ROWNAME(op), slot_name(i + 1), gpuref_vc_name(k));
                    s->in[k] = last;
                }
            }

        } while (0);
        do {   /* out */
            nv50c_row *R = &P->row[op];
            unsigned lo, hi;
            if (!row_has_values(op) || !R->outbits)
                break;
            vk_classes(R->outvk, &lo, &hi);
            for (k = lo; k < hi; k++) {
                DEF(GPUREF_COV_OUT, (int)op, 0, k, R->outbits, "nv50.out.%s.%s", ROWNAME(op),
                    gpuref_vc_name(k));
                R->out[k] = last;
            }

        } while (0);
        do {   /* flag */
            nv50c_row *R = &P->row[op];
            if (!row_has_values(op) || (!has_tok(op, NV50_OT_MCD) && R->dsttok != NV50_OT_CD))
                break;
            for (k = 0; k < 4; k++) {
                DEF(GPUREF_COV_FLAG, (int)op, -1, k, 0, "nv50.flag.%s.%s", ROWNAME(op), flag_names[k]);
                R->flag[k] = last;
            }

        } while (0);
        do {   /* mask */
            nv50c_row *R = &P->row[op];
            if (row_exec_unimpl(op))
                break;
            for (k = row_can_skip(op) ? 0 : 1; k < GPUREF_MP_N; k++) {
                DEF(GPUREF_COV_MASK, (int)op, -1, k, 0, "nv50.mask.%s.%s", ROWNAME(op),
                    gpuref_mp_name(k));
                R->mask[k] = last;
            }

        } while (0);
    }
#undef ROWNAME
    for (op = 0; op < NV50_NOPS; op++) {
        nv50c_row *R = &P->row[op];
        R->vals = (uint8_t)(R->out[0] >= 0 || R->out[GPUREF_VC_FPZERO] >= 0 || R->flag[0] >= 0);
        for (i = 0; i < R->nsrc; i++)
            for (k = 0; k < GPUREF_VC_N; k++)
                R->vals |= R->src[i].in[k] >= 0;
    }
    /* ISA-wide */
    fill_nb(P->pred, 32);
    for (k = 0; k < 32; k++)
        if (nv50_pred_names[k] && k != 0xf) {
            DEF(GPUREF_COV_ISA, -1, -1, NV50C_ISA_PRED, k, "nv50.isa.pred.%s", nv50_pred_names[k]);
            P->pred[k] = last;
        }
    for (k = 0; k < 4; k++) {
        DEF(GPUREF_COV_ISA, -1, -1, NV50C_ISA_PREDREG, k, "nv50.isa.predreg.c%u", k);
        P->predreg[k] = last;
    }
    fill_nb(P->predres, GPUREF_MP_N);
    for (k = 0; k < GPUREF_MP_N; k++) {
        if (k == GPUREF_MP_ONE)
            continue;
        DEF(GPUREF_COV_ISA, -1, -1, NV50C_ISA_PREDRES, k, "nv50.isa.predres.%s",
            gpuref_mp_name(k));
        P->predres[k] = last;
    }
    for (k = 0; k < 4; k++) {
        DEF(GPUREF_COV_ISA, -1, -1, NV50C_ISA_CDST, k, "nv50.isa.cdst.c%u", k);
        P->cdst[k] = last;
    }
    for (k = 0; k < 4; k++)
        for (i = 0; i < 3; i++) {
            DEF(GPUREF_COV_ISA, -1, -1, NV50C_ISA_SADDR, k * 3 + i, "nv50.isa.addr.s.%s.%s",
                nv50_smode_names[k], addr_names[i]);
            P->saddr[k][i] = last;
        }
    for (i = 0; i < 3; i++) {
        DEF(GPUREF_COV_ISA, -1, -1, NV50C_ISA_CADDR, i, "nv50.isa.addr.c.%s", addr_names[i]);
        P->caddr[i] = last;
    }
    for (k = 0; k < NV50_NCBANK; k++) {
        DEF(GPUREF_COV_ISA, -1, -1, NV50C_ISA_CBANK, k, "nv50.isa.addr.c.bank%u", k);
        P->cbank[k] = last;
    }
    for (k = 0; k < 9; k++) {
        DEF(GPUREF_COV_ISA, -1, -1, NV50C_ISA_SREG, k, "nv50.isa.sreg.%s", nv50_sreg_names[k] + 1);
        P->sreg[k] = last;
    }
    for (k = 0; k < 3; k++) {
        DEF(GPUREF_COV_ISA, NV50_OP_bra, -1, NV50C_ISA_BRA, k, "nv50.isa.ctl.bra.%s", bra_names[k]);
        P->bra[k] = last;
    }
    DEF(GPUREF_COV_ISA, -1, -1, NV50C_ISA_JOIN, 0, "nv50.isa.ctl.join.branch");
    P->join[0] = last;
    DEF(GPUREF_COV_ISA, -1, -1, NV50C_ISA_JOIN, 1, "nv50.isa.ctl.join.joinat");
    P->join[1] = last;
    for (k = 0; k < 4; k++) {
        DEF(GPUREF_COV_ISA, -1, -1, NV50C_ISA_DEPTH, depth_steps[k], "nv50.isa.ctl.depth.%u",
            depth_steps[k]);
        P->depth[k] = last;
    }
    DEF(GPUREF_COV_ISA, -1, -1, NV50C_ISA_EXIT, 0, "nv50.isa.ctl.exit.partial");
    P->exit[0] = last;
    DEF(GPUREF_COV_ISA, -1, -1, NV50C_ISA_EXIT, 1, "nv50.isa.ctl.exit.all");
    P->exit[1] = last;
    DEF(GPUREF_COV_ISA, NV50_OP_quadon, -1, NV50C_ISA_QUAD, 0, "nv50.isa.ctl.quadon.expand");
    P->quad = last;
    DEF(GPUREF_COV_ISA, -1, -1, NV50C_ISA_END, 0, "nv50.isa.ctl.end.exit");
    P->end[0] = last;
    DEF(GPUREF_COV_ISA, -1, -1, NV50C_ISA_END, 1, "nv50.isa.ctl.end.trap");
    P->end[1] = last;
    return GPUREF_OK;
}
#undef DEF

/* --------------------------------------------------------- classification
 *
 * A class set is the OR, over the lanes in exec, of each lane's one-hot class
 * (bit = gpuref_vc).  The kernels classify W lanes at a time with compares and
 * masks only (GCC/Clang vector extensions: W = 4 in SSE2 on x86-64 or NEON on
 * arm64, scalar code elsewhere; W = 8 in AVX2 where the CPU has it) and skip
 * groups of lanes none of which is in exec; lane by lane they agree with
 * gpuref_vc_int and gpuref_vc_float. */

typedef uint32_t v4u __attribute__((vector_size(16)));

/* The lanes of the group whose bit in exec is set, as all-ones elements (all
 * of them, without a test, when the group is wholly in exec). */
#define ACT(V, exec) ((exec & FULL) == FULL ? Z - 1u : (V)(((Z + (exec & FULL)) & LB) == LB))

#define NV50C_KERNELS(W, V, ATTR)                                                        \
/* Integer classes of the lanes in exec of (v >> shift), `bits` wide. */                  \
ATTR static unsigned int_set##W(const uint32_t *v, uint32_t exec, unsigned bits,          \
                                unsigned shift)                                           \
{                                                                                         \
    const uint32_t m = bits >= 32 ? 0xffffffffu : (1u << bits) - 1;                       \
    const V Z = { 0 }, M = Z + m, SB = Z + ((m >> 1) + 1), MX = Z + (m >> 1), ONE = Z + 1u, \
            POS = Z + (1u << GPUREF_VC_POS), LB = lanebits##W();                          \
    const uint32_t FULL = (1u << W) - 1;                                                  \
    V acc = Z;                                                                            \
    for (unsigned k = 0; k < NV50_LANES / W; k++, exec >>= W) {                           \
        if (!(exec & ((1u << W) - 1)))                                                    \
            continue;                                                                     \
        V t;                                                                              \
        memcpy(&t, v + W * k, sizeof t);                                                  \
        t = (t >> shift) & M;                                                             \
        V z = (V)(t == Z), o = (V)(t == ONE), mn = (V)(t == SB);                          \
        V m1 = (V)(t == M), mx = (V)(t == MX);                                            \
        V p2 = (V)((t & (t - ONE)) == Z), ng = (V)((t & SB) == SB);                       \
        acc |= ((z & (1u << GPUREF_VC_ZERO)) | (o & (1u << GPUREF_VC_ONE)) |              \
               (m1 & (1u << GPUREF_VC_MINUS1)) | (mn & (1u << GPUREF_VC_IMIN)) |          \
               (mx & (1u << GPUREF_VC_IMAX)) | (p2 & ~(z | o | mn) & (1u << GPUREF_VC_POW2)) | \
               (~(p2 | m1 | mx) & (POS + (ng & POS)))) & ACT(V, exec); /* POS, NEG: the next bit */ \
    }                                                                                     \
    unsigned set = 0;                                                                     \
    for (unsigned j = 0; j < W; j++)                                                      \
        set |= acc[j];                                                                    \
    return set;                                                                           \
}                                                                                         \
                                                                                          \
/* Float classes of the lanes in exec of (v >> shift): binary32, or binary16 in the      \
 * low 16 bits. */                                                                        \
ATTR static unsigned float_set##W(const uint32_t *v, uint32_t exec, unsigned bits,        \
                                  unsigned shift)                                         \
{                                                                                         \
    const int h = bits < 32;                                                              \
    const V Z = { 0 }, SG = Z + (h ? 0x8000u : 0x80000000u),                              \
            EX = Z + (h ? 0x7c00u : 0x7f800000u), MA = Z + (h ? 0x3ffu : 0x7fffffu),      \
            QB = Z + (h ? 0x200u : 0x400000u), LB = lanebits##W();                        \
    const uint32_t FULL = (1u << W) - 1;                                                  \
    V acc = Z;                                                                            \
    for (unsigned k = 0; k < NV50_LANES / W; k++, exec >>= W) {                           \
        if (!(exec & ((1u << W) - 1)))                                                    \
            continue;                                                                     \
        V t;                                                                              \
        memcpy(&t, v + W * k, sizeof t);                                                  \
        t >>= shift;                                                                      \
        V e = t & EX;                                                                     \
        V emax = (V)(e == EX), ez = (V)(e == Z), mz = (V)((t & MA) == Z);                 \
        V ng = (V)((t & SG) == SG), q = (V)((t & QB) == QB);                              \
        V b = (ez & mz & (1u << GPUREF_VC_FPZERO)) | (ez & ~mz & (1u << GPUREF_VC_FPDEN)) | \
              (~(ez | emax) & (1u << GPUREF_VC_FPNORM)) |                                 \
              (emax & mz & (1u << GPUREF_VC_FPINF));                                      \
        b += b & ng;                                     /* the negative class: the next bit */ \
        b |= emax & ~mz & ((q & (1u << GPUREF_VC_QNAN)) | (~q & (1u << GPUREF_VC_SNAN)));  \
        acc |= b & ACT(V, exec);                                                             \
    }                                                                                     \
    unsigned set = 0;                                                                     \
    for (unsigned j = 0; j < W; j++)                                                      \
        set |= acc[j];                                                                    \
    return set;                                                                           \
}

/* Element j: 1 << j. */
#define NV50C_LANEBITS(W, V, ATTR)                                                        \
ATTR static inline V lanebits##W(void)                                                    \
{                                                                                         \
    V b;                                                                                  \
    for (unsigned j = 0; j < W; j++)                                                      \
        b[j] = 1u << j;                                                                   \
    return b;                                                                             \
}

NV50C_LANEBITS(4, v4u, )
NV50C_KERNELS(4, v4u, )

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define NV50C_AVX2 1
typedef uint32_t v8u __attribute__((vector_size(32)));
NV50C_LANEBITS(8, v8u, __attribute__((target("avx2"))))
NV50C_KERNELS(8, v8u, __attribute__((target("avx2"))))
#else
#define NV50C_AVX2 0
#endif
#undef NV50C_LANEBITS
#undef ACT
#undef NV50C_KERNELS

static unsigned int_set(const nv50c *P, const uint32_t *v, uint32_t exec, unsigned bits,
                        unsigned shift)
{
#if NV50C_AVX2
    if (P->avx2)
        return int_set8(v, exec, bits, shift);
#endif
    (void)P;
    return int_set4(v, exec, bits, shift);
}

static unsigned float_set(const nv50c *P, const uint32_t *v, uint32_t exec, unsigned bits,
                          unsigned shift)
{
#if NV50C_AVX2
    if (P->avx2)
        return float_set8(v, exec, bits, shift);
#endif
    (void)P;
    return float_set4(v, exec, bits, shift);
}

/* Carry-in classes ($c bit 2) of the lanes in exec. */
static unsigned carry_set(const uint32_t *v, uint32_t exec)
{
    unsigned set = 0;
    for (; exec && set != (3u << GPUREF_VC_CARRY0); exec &= exec - 1)
        set |= 1u << (GPUREF_VC_CARRY0 + ((v[__builtin_ctz(exec)] >> 2) & 1));
    return set;
}

static unsigned class_bit(uint32_t v, unsigned bits, unsigned vk)
{
    if (vk == VK_FLOAT)
        return 1u << gpuref_vc_float(v, bits >= 32 ? 32 : 16);
    if (vk == VK_CARRY)
        return 1u << (GPUREF_VC_CARRY0 + ((v >> 2) & 1));
    return 1u << gpuref_vc_int(v, bits);
}

/* Class set of 32 lane values over the lanes in exec. */
static unsigned lanes_classes(const nv50c *P, const uint32_t *v, uint32_t exec,
                              unsigned bits, unsigned vk)
{
    if (vk == VK_INT)
        return int_set(P, v, exec, bits, 0);
    if (vk == VK_FLOAT)
        return float_set(P, v, exec, bits, 0);
    return carry_set(v, exec);
}

/* The class set of a source operand over the lanes in exec (state s). */
static unsigned src_classes(const nv50c *P, const nv50_state *s, const nv50_opnd *o,
                            const nv50c_vgrp *sl, uint32_t exec)
{
    uint32_t v[NV50_LANES];
    switch (o->kind) {
    case NV50_O_REG:
    case NV50_O_HALF: {
        unsigned sh = o->kind == NV50_O_HALF && o->hi ? 16 : 0;
        if (o->reg >= s->cfg.gprs)
            return class_bit(0, sl->bits, sl->vk);
        if (sl->vk == VK_INT)     /* at the register's width: REG 32, HALF 16 */
            return int_set(P, s->r[o->reg], exec, o->kind == NV50_O_REG ? 32 : 16, sh);
        if (sl->vk == VK_FLOAT && (o->kind == NV50_O_REG || sl->bits < 32))
            return float_set(P, s->r[o->reg], exec, sl->bits, sh);   /* as nv50_fetch's */
        nv50_fetch((nv50_state *)(uintptr_t)s, o, exec, v);
        return lanes_classes(P, v, exec, sl->bits, sl->vk);
    }
    case NV50_O_IMM:
        return class_bit(o->imm, sl->bits, sl->vk);
    case NV50_O_CONST:
    case NV50_O_SHARED:
        if (o->areg == 0 || o->areg >= 5) {      /* one address for every lane */
            uint32_t one = exec & (0u - exec);
            nv50_fetch((nv50_state *)(uintptr_t)s, o, one, v);
            return class_bit(v[__builtin_ctz(one)], sl->bits, sl->vk);
        }
        nv50_fetch((nv50_state *)(uintptr_t)s, o, exec, v);
        return lanes_classes(P, v, exec, sl->bits, sl->vk);
    case NV50_O_CREG:
        nv50_fetch((nv50_state *)(uintptr_t)s, o, exec, v);
        return lanes_classes(P, v, exec, sl->bits, sl->vk);
    default:
        return 0;
    }
}

/* Would the unit overwrite this source before its result (so that the state
 * after it no longer holds the value it read)? */
static int src_clobbered(const nv50_insn *in, const nv50_opnd *o)
{
    switch (o->kind) {
    case NV50_O_REG:
    case NV50_O_HALF:
        return (in->dst.kind == NV50_O_REG || in->dst.kind == NV50_O_HALF) &&
               in->dst.reg == o->reg;
    case NV50_O_CONST:
    case NV50_O_SHARED:
        return o->postinc || in->dst.kind == NV50_O_AREG;
    case NV50_O_CREG:
        return (in->cdst_en && in->cdst == o->reg) || in->dst.kind == NV50_O_CREG;
    default:
        return 0;
    }
}

/* The instruction predecoded at pc, NULL if none decodes there. */
static const nv50_insn *insn_at(const nv50_state *s, uint32_t pc)
{
    uint32_t off = pc - s->base;          /* wraps for pc < base */
    if (!s->prog || (off & 3) || off / 4 >= s->nwords)
        return NULL;
    const nv50_pinsn *p = &s->prog[off / 4];
    return p->status == GPUREF_OK ? &p->in : NULL;
}

static uint32_t threads_mask(const nv50_state *s)
{
    return s->cfg.threads >= 32 ? 0xffffffffu : (1u << s->cfg.threads) - 1;
}

/* Before the next unit: its pc and mask, and the values of the sources it
 * will overwrite and still counts classes of (classified when it retires:
 * its exec mask is known only then). */
static void capture(nv50c *P, const nv50_state *s)
{
    nv50c_capture *c = &P->cap;
    c->valid = 0;
    if (s->finished)
        return;
    const nv50_insn *in = insn_at(s, s->pc);
    if (!in)
        return;
    c->st = s;
    c->clock = s->clock;
    c->pc = s->pc;
    c->mask = s->mask;
    c->have = 0;
    c->valid = 1;
    /* the next sample starts from these: fetch them while the model steps */
    __builtin_prefetch(&P->hot[in->op]);
    __builtin_prefetch(&P->vals[in->op]);
    for (unsigned todo = P->live[in->op] & NV50C_L_SRC; todo; todo &= todo - 1) {
        unsigned i = (unsigned)__builtin_ctz(todo);
        if (src_clobbered(in, &in->src[i])) {
            nv50_fetch((nv50_state *)(uintptr_t)s, &in->src[i], 0xffffffffu, c->v[i]);
            c->have |= (uint8_t)(1u << i);
        }
    }
}

/* ------------------------------------------------------------ sampling */

/* Count the bins of group g for a class set; 1 if one of them got its first
 * hit. */
static int count_set(uint64_t *counts, const nv50c_vgrp *g, unsigned set)
{
    const unsigned base = g->base - g->lo;      /* + a class (>= lo): its bin */
    int first = 0;
    for (set &= ((1u << g->n) - 1) << g->lo; set; set &= set - 1)
        first |= counts[base + (unsigned)__builtin_ctz(set)]++ == 0;
    return first;
}

/* Is every bin of a group (n bins from base) hit or excluded?  (Never in
 * exact mode.) */
static int group_sat(const nv50c *P, unsigned base, unsigned n)
{
    if (P->exact || !P->counts)
        return 0;
    for (unsigned k = base; k < base + n; k++)
        if (!P->counts[k] && !(P->excl && P->excl[k]))
            return 0;
    return 1;
}

static int vgrp_sat(const nv50c *P, const nv50c_vgrp *g)
{
    return group_sat(P, g->base, g->n);
}

/* The value-class groups of a row still counted (nv50c.live). */
static uint8_t row_live(const nv50c *P, unsigned op)
{
    const nv50c_vals *V = &P->vals[op];
    unsigned live = 0;
    for (unsigned i = 0; i < 4; i++)
        if ((V->groups >> i & 1) && !vgrp_sat(P, &V->in[i]))
            live |= 1u << i;
    if ((V->groups & NV50C_L_OUT) && !vgrp_sat(P, &V->out))
        live |= NV50C_L_OUT;
    if ((V->groups & NV50C_L_FLAG) && !group_sat(P, V->flag, 4))
        live |= NV50C_L_FLAG;
    return (uint8_t)live;
}

static void nv50c_resync(void *priv, const uint64_t *counts, const uint8_t *excl, int exact)
{
    nv50c *P = priv;
    P->counts = counts;
    P->excl = excl;
    P->exact = exact;
    for (unsigned op = 0; op < NV50_NOPS; op++)
        P->live[op] = row_live(P, op);
}

static const gpuref_regw *find_w(const gpuref_retire *rr, int file, unsigned idx)
{
    for (unsigned i = 0; i < rr->nregw && i < GPUREF_MAX_REGW; i++)
        if (rr->regw[i].file == file && rr->regw[i].index == idx)
            return &rr->regw[i];
    return NULL;
}

/* none, one thread, several, all (of all): computed without a branch */
static unsigned mask_pattern(uint32_t m, uint32_t all)
{
    unsigned nz = m != 0, al = nz & (m == all), one = nz & !al & ((m & (m - 1)) == 0);
    _Static_assert(GPUREF_MP_NONE == 0 && GPUREF_MP_ONE == 1 && GPUREF_MP_PARTIAL == 2 &&
                   GPUREF_MP_ALL == 3, "mask_pattern");
    return 2 * nz + al - one;
}

/* The class set of the result over the lanes it was written in; 0 if the
 * unit did not write it. */
static unsigned out_classes(const nv50c *P, const nv50_state *s, const nv50_insn *in,
                            const nv50c_vgrp *g, const gpuref_retire *rr)
{
    const nv50_opnd *d = &in->dst;
    const gpuref_regw *w;
    switch (d->kind) {
    case NV50_O_REG:
    case NV50_O_HALF: {
        unsigned sh = d->kind == NV50_O_HALF && d->hi ? 16 : 0;
        if ((w = find_w(rr, NV50_F_R, d->reg)) == NULL)
            return 0;
        if (g->vk == VK_INT)       /* at the register's width: REG 32, HALF 16 */
            return int_set(P, s->r[d->reg], (uint32_t)w->lanes, d->kind == NV50_O_REG ? 32 : 16,
                           sh);
        return float_set(P, s->r[d->reg], (uint32_t)w->lanes, d->kind == NV50_O_REG ? 32 : 16,
                         sh);
    }
    case NV50_O_OUT:
        if ((w = find_w(rr, NV50_F_O, d->reg)) == NULL)
            return 0;
        return lanes_classes(P, s->o[d->reg], (uint32_t)w->lanes, d->w16 ? 16 : 32, g->vk);
    case NV50_O_AREG: {
        uint32_t v[NV50_LANES];
        if ((w = find_w(rr, NV50_F_A, d->reg)) == NULL)
            return 0;
        for (unsigned l = 0; l < NV50_LANES; l++)
            v[l] = s->a[d->reg][l];
        return int_set(P, v, (uint32_t)w->lanes, 16, 0);
    }
    default:
        return 0;
    }
}

/* The value-class groups of the unit still counted (live: P->live[in->op]). */
static void sample_values(nv50c *P, unsigned live, const nv50_state *s, const nv50_insn *in,
                          uint32_t exec, int capok, const gpuref_retire *rr, uint64_t *counts)
{
    const nv50c_vals *V = &P->vals[in->op];
    unsigned set;
    for (unsigned todo = live & NV50C_L_SRC; todo; todo &= todo - 1) {
        unsigned i = (unsigned)__builtin_ctz(todo);
        const nv50c_vgrp *g = &V->in[i];
        if (capok && (P->cap.have >> i & 1))
            set = lanes_classes(P, P->cap.v[i], exec, g->bits, g->vk);
        else if (!src_clobbered(in, &in->src[i]))
            set = src_classes(P, s, &in->src[i], g, exec);
        else
            continue;                      /* overwritten and not captured */
        if (count_set(counts, g, set) && vgrp_sat(P, g))
            live &= ~(1u << i);
    }
    if ((live & NV50C_L_OUT) && count_set(counts, &V->out, out_classes(P, s, in, &V->out, rr)) &&
        vgrp_sat(P, &V->out))
        live &= ~NV50C_L_OUT;
    if (live & NV50C_L_FLAG) {
        const gpuref_regw *w;
        unsigned c = in->dst.kind == NV50_O_CREG ? in->dst.reg : in->cdst;
        if ((in->cdst_en || in->dst.kind == NV50_O_CREG) &&
            (w = find_w(rr, NV50_F_C, c)) != NULL) {
            unsigned f = 0;
            const nv50c_vgrp g = { V->flag, VK_INT, 0, 0, 4 };   /* bit k: flag k */
            for (uint32_t m = (uint32_t)w->lanes; m && f != 0xf; m &= m - 1)
                f |= s->c[c][__builtin_ctz(m)];
            if (count_set(counts, &g, f & 0xf) && group_sat(P, V->flag, 4))
                live &= ~NV50C_L_FLAG;
        }
    }
    P->live[in->op] = (uint8_t)live;
}

/* The bins fixed by the encoding: opcode, operand kinds, modifiers, the
 * predicate condition and register, the $c destination, addressing modes
 * (the definition; count_encoding counts the same from nv50c_hot). */
static unsigned static_bins(const nv50c *P, const nv50_insn *in, uint16_t *out)
{
    const nv50c_row *R = &P->row[in->op];
    unsigned n = 0, i;
#define PUT(b) do { if ((b) >= 0 && n < NV50C_MAXSTATIC) out[n++] = (uint16_t)(b); } while (0)
    PUT(R->op);
    unsigned dk = opk_of(&in->dst);
    if (dk < GPUREF_OPK_N)
        PUT(R->dstk[dk]);
    for (i = 0; i < R->nsrc; i++) {
        unsigned k = opk_of(&in->src[i]);
        if (k < GPUREF_OPK_N)
            PUT(R->src[i].opnd[k]);
    }
    for (i = 0; i < R->ntok; i++) {
        unsigned v = *((const uint8_t *)in + R->tok[i].moff);
        if (v < 8)
            PUT(R->tok[i].bin[v]);
    }
    if (in->cdst_en) {
        PUT(R->cwrite);
        PUT(P->cdst[in->cdst & 3]);
    }
    if (in->pred != 0xf) {
        PUT(R->pred);
        PUT(P->pred[in->pred & 31]);
        PUT(P->predreg[in->csrc & 3]);
    }
    if (in->modifier == NV50_MOD_JOIN)
        PUT(R->join);
    if (in->modifier == NV50_MOD_EXIT)
        PUT(R->exit);
    if (in->lanemask != 0xf)
        PUT(R->lanemask);
    if (in->barall)
        PUT(R->barall);
    for (i = 0; i < 4; i++) {
        const nv50_opnd *o = &in->src[i];
        unsigned am = o->postinc ? 2 : o->areg ? 1 : 0;
        if (o->kind == NV50_O_SHARED) {
            PUT(P->saddr[o->mode & 3][am]);
        } else if (o->kind == NV50_O_CONST) {
            PUT(P->caddr[am]);
            PUT(P->cbank[o->reg & 15]);
        } else if (o->kind == NV50_O_SREG && o->reg < 9) {
            PUT(P->sreg[o->reg]);
        }
    }
#undef PUT
    return n;
}

/* The same, for a row whose bins do not fit nv50c_hot (none so far). */
static __attribute__((noinline, cold)) void count_static(const nv50c *P, const nv50_insn *in,
                                                          uint64_t *counts)
{
    uint16_t sb[NV50C_MAXSTATIC];
    unsigned nb = static_bins(P, in, sb);
    for (unsigned i = 0; i < nb; i++)
        counts[sb[i]]++;
}

/* The bins fixed by the encoding, from nv50c_hot, with no test per bin. */
static void count_encoding(const nv50c *P, const nv50c_hot *H, const nv50_insn *in,
                           uint64_t *counts)
{
    const unsigned spare = P->spare;
    unsigned i, k, v;
    counts[H->op]++;
    k = in->dst.kind;
    counts[H->opnd[0][k < 8 ? k : 0]]++;
    for (i = 0; i < H->nsrc; i++) {
        k = in->src[i].kind;
        counts[H->opnd[1 + i][k < 8 ? k : 0]]++;
    }
    for (i = 0; i < H->ntok; i++) {
        v = *((const uint8_t *)in + H->moff[i]);
        counts[H->tok[i][v < 8 ? v : 8]]++;
    }
    int cw = in->cdst_en != 0, pr = in->pred != 0xf;
    counts[cw ? H->cwrite : spare + NV50C_S_CWRITE]++;
    counts[cw ? (unsigned)P->cdst[in->cdst & 3] : spare + NV50C_S_CDST]++;
    counts[pr ? H->pred : spare + NV50C_S_PRED]++;
    counts[pr ? P->epred[in->pred & 31] : spare + NV50C_S_PREDC]++;
    counts[pr ? (unsigned)P->predreg[in->csrc & 3] : spare + NV50C_S_PREDREG]++;
    counts[H->mod[in->modifier & 3]]++;
    if (H->flags & NV50C_H_LMBAR) {
        counts[in->lanemask != 0xf ? H->lanemask : spare + NV50C_S_LANEMASK]++;
        counts[in->barall ? H->barall : spare + NV50C_S_BARALL]++;
    }
    /* addressing modes: one test for the (less common) memory and special
     * register sources */
    const unsigned am = 1u << NV50_O_SHARED | 1u << NV50_O_CONST | 1u << NV50_O_SREG;
    if (!((1u << in->src[0].kind | 1u << in->src[1].kind | 1u << in->src[2].kind |
           1u << in->src[3].kind) & am))
        return;
    for (i = 0; i < 4; i++) {
        const nv50_opnd *o = &in->src[i];
        unsigned a = o->postinc ? 2 : o->areg ? 1 : 0;
        if (o->kind == NV50_O_SHARED) {
            counts[P->saddr[o->mode & 3][a]]++;
        } else if (o->kind == NV50_O_CONST) {
            counts[P->caddr[a]]++;
            counts[P->cbank[o->reg & 15]]++;
        } else if (o->kind == NV50_O_SREG && o->reg < 9) {
            counts[P->sreg[o->reg]]++;
        }
    }
}

/* The control effects of the unit (bins that depend on the run). */
static void sample_flow(nv50c *P, const nv50_insn *in, uint32_t exec, int capok,
                        const gpuref_retire *rr, uint64_t *counts)
{
    unsigned i;
    const gpuref_regw *wm = find_w(rr, NV50_F_MASK, 0), *wd = find_w(rr, NV50_F_DEPTH, 0);
    if (in->op == NV50_OP_bra)
        counts[P->bra[exec == 0 ? 0 : wd ? 2 : 1]]++;    /* a divergent bra pushes */
    if (in->modifier == NV50_MOD_JOIN)
        counts[P->join[(rr->flags & GPUREF_RETIRE_BRANCH) ? 0 : 1]]++;
    if (wd)
        for (i = 0; i < 4; i++)
            if (wd->value[0] >= depth_steps[i])
                counts[P->depth[i]]++;
    if (in->modifier == NV50_MOD_EXIT && exec && capok)
        counts[P->exit[exec == P->cap.mask ? 1 : 0]]++;
    if (in->op == NV50_OP_quadon && wm && capok && wm->value[0] != P->cap.mask)
        counts[P->quad]++;
    if (rr->flags & GPUREF_RETIRE_END)
        counts[P->end[(rr->flags & GPUREF_RETIRE_TRAP) ? 1 : 0]]++;
}

static void nv50c_sample(void *priv, const void *st, const gpuref_retire *rr, uint64_t *counts)
{
    nv50c *P = priv;
    const nv50_state *s = st;
    const nv50_insn *in = insn_at(s, (uint32_t)rr->pc);
    if (!in) {
        capture(P, s);
        return;
    }
    const nv50c_hot *H = &P->hot[in->op];
    uint32_t exec = (uint32_t)rr->exec_mask;
    int capok = P->cap.valid & (P->cap.st == st) & (P->cap.pc == (uint32_t)rr->pc) &
                (P->cap.clock + 1 == s->clock);
    if (__builtin_expect(!(H->flags & NV50C_H_GENERIC), 1))
        count_encoding(P, H, in, counts);
    else
        count_static(P, in, counts);
    counts[H->mask[mask_pattern(exec, threads_mask(s))]]++;
    /* the predicate's effect, relative to the threads active before */
    counts[in->pred != 0xf && capok && !(H->flags & NV50C_H_NOPRED)
           ? P->epredres[mask_pattern(exec, P->cap.mask)] : P->spare + NV50C_S_PREDRES]++;
    unsigned live = P->live[in->op];
    if (exec && live)
        sample_values(P, live, s, in, exec, capok, rr, counts);
    if ((H->flags & NV50C_H_CTL) || in->modifier != NV50_MOD_NONE ||
        (rr->flags & GPUREF_RETIRE_END))
        sample_flow(P, in, exec, capok, rr, counts);
    capture(P, s);
}

static void nv50c_begin(void *priv, const void *st)
{
    capture(priv, st);
}

static void nv50c_fini(void *priv) { free(priv); }

/* The bins of the classes of value kind vk (bins[lo..hi), vk_classes) as
 * an nv50c_vgrp: 1, or 0 if there are none, -1 if they are not consecutive
 * (nv50c_define defines them one after the other). */
static int vgrp_of(const bin_t *bins, unsigned vk, unsigned bits, nv50c_vgrp *g)
{
    unsigned lo, hi;
    memset(g, 0, sizeof *g);
    if (vk == VK_NONE)
        return 0;
    vk_classes(vk, &lo, &hi);
    if (bins[lo] < 0)
        return 0;
    for (unsigned k = lo; k < hi; k++)
        if (bins[k] != bins[lo] + (int)(k - lo))
            return -1;
    *g = (nv50c_vgrp){ .base = (uint16_t)bins[lo], .vk = (uint8_t)vk, .bits = (uint8_t)bits,
                       .lo = (uint8_t)lo, .n = (uint8_t)(hi - lo) };
    return 1;
}

/* nv50c_hot and nv50c_vals of every row, from the bins of nv50c_row. */
static int row_tables(nv50c *P, unsigned spare, char *err)
{
#define B16(b, k) ((b) >= 0 ? (uint16_t)(b) : (uint16_t)(spare + (k)))
    P->spare = (uint16_t)spare;
    for (unsigned op = 0; op < NV50_NOPS; op++) {
        const nv50c_row *R = &P->row[op];
        nv50c_hot *H = &P->hot[op];
        nv50c_vals *V = &P->vals[op];
        unsigned i, k;
        memset(H, 0, sizeof *H);
        H->op = (uint16_t)R->op;
        for (k = 0; k < GPUREF_MP_N; k++)
            H->mask[k] = B16(R->mask[k], NV50C_S_MASK);
        H->cwrite = B16(R->cwrite, NV50C_S_CWRITE);
        H->pred = B16(R->pred, NV50C_S_PRED);
        H->lanemask = B16(R->lanemask, NV50C_S_LANEMASK);
        H->barall = B16(R->barall, NV50C_S_BARALL);
        for (k = 0; k < 4; k++)
            H->mod[k] = B16(k == NV50_MOD_JOIN ? R->join : k == NV50_MOD_EXIT ? R->exit : NB,
                            NV50C_S_MOD);
        H->flags = (uint8_t)((nv50_rows[op].flags & NV50_RF_CTL ? NV50C_H_CTL : 0) |
                             (nv50_rows[op].flags & NV50_RF_NOPRED ? NV50C_H_NOPRED : 0) |
                             (R->lanemask >= 0 || R->barall >= 0 ? NV50C_H_LMBAR : 0));
        H->nsrc = R->nsrc;
        H->ntok = R->ntok;
        for (i = 0; i < 5; i++)
            for (k = 0; k < 8; k++)
                H->opnd[i][k] = (uint16_t)(spare + NV50C_S_OPND + i);
        for (k = 0; k < 16; k++) {           /* by nv50_okind; kinds 8.. must have none */
            nv50_opnd o = { .kind = (uint8_t)k };
            unsigned ok = opk_of(&o);
            for (i = 0; i <= R->nsrc; i++) {
                bin_t b = ok >= GPUREF_OPK_N ? NB : i ? R->src[i - 1].opnd[ok] : R->dstk[ok];
                if (k < 8)
                    H->opnd[i][k] = B16(b, NV50C_S_OPND + i);
                else if (b >= 0)
                    H->flags |= NV50C_H_GENERIC;
            }
        }
        for (i = 0; i < 6; i++)
            for (k = 0; k < 9; k++)
                H->tok[i][k] = B16(i < R->ntok && k < 8 ? R->tok[i].bin[k] : NB, NV50C_S_TOK + i);
        for (i = 0; i < R->ntok; i++)
            H->moff[i] = (uint8_t)R->tok[i].moff;
        memset(V, 0, sizeof *V);
        int g, ok = 1;
        for (i = 0; i < 4; i++) {
            g = i < R->nsrc ? vgrp_of(R->src[i].in, R->src[i].vk, R->src[i].bits, &V->in[i]) : 0;
            ok &= g >= 0;
            V->groups |= (uint8_t)((g > 0) << i);
        }
        g = R->outbits ? vgrp_of(R->out, R->outvk, R->outbits, &V->out) : 0;
        ok &= g >= 0;
        V->groups |= (uint8_t)(g > 0 ? NV50C_L_OUT : 0);
        if (R->flag[0] >= 0) {
            V->flag = (uint16_t)R->flag[0];
            V->groups |= NV50C_L_FLAG;
            for (k = 1; k < 4; k++)
                ok &= R->flag[k] == R->flag[0] + (int)k;
        }
        if (!ok)
            return gpuref_errf(err, GPUREF_ERR_CONFIG, "nv50 coverage: the value-class bins "
                               "of %s are not consecutive", nv50_rows[op].name);
    }
    for (unsigned k = 0; k < 32; k++)
        P->epred[k] = B16(P->pred[k], NV50C_S_PREDC);
    for (unsigned k = 0; k < GPUREF_MP_N; k++)
        P->epredres[k] = B16(P->predres[k == GPUREF_MP_ONE ? GPUREF_MP_PARTIAL : k],
                             NV50C_S_PREDRES);
#undef B16
    return GPUREF_OK;
}

static int nv50c_init(gpuref_cov *def, void **priv, char *err)
{
    nv50c *P = aligned_alloc(_Alignof(nv50c), sizeof *P);   /* sizeof: a multiple of it */
    if (!P)
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    memset(P, 0, sizeof *P);
#if NV50C_AVX2
    __builtin_cpu_init();
    P->avx2 = __builtin_cpu_supports("avx2") != 0;
#endif
    int rc = nv50c_define(def, P, err);
    if (rc == GPUREF_OK && gpuref_cov_nbins(def) >= 0x7fff)
        rc = gpuref_errf(err, GPUREF_ERR_CONFIG, "nv50 coverage: too many bins for the tables");
    if (rc == GPUREF_OK)
        rc = row_tables(P, (unsigned)gpuref_cov_nbins(def), err);
    if (rc) {
        free(P);
        return rc;
    }
    *priv = P;
    return GPUREF_OK;
}

const gpuref_isa_cov gpuref_nv50_cov = {
    .init = nv50c_init,
    .fini = nv50c_fini,
    .begin = nv50c_begin,
    .sample = nv50c_sample,
    .resync = nv50c_resync,
};
