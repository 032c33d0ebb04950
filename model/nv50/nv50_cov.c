/* nv50_cov.c - NV50 functional coverage: the bins, derived from the opcode
 * description (nv50_ops.def rows and their templates), and the sampler that
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
 * Speed: value classes of registers are cached per register, keyed by the
 * register's 32 lane values (a changed register is reclassified once), so a
 * source costs a 128-byte compare; sources a unit overwrites (dst = src,
 * post-incremented addresses) are classified before the unit, from the state
 * the previous sample left. */
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

typedef struct nv50c_rcache {    /* value classes of one $r, keyed by its lanes */
    uint32_t val[NV50_LANES];
    uint32_t oh[3][NV50_LANES];  /* one-hot class per lane: full, low half, high half */
    uint8_t  ok;                 /* views computed for val */
} nv50c_rcache;

typedef struct nv50c_capture {   /* the pre-state of the next unit */
    const void *st;
    uint64_t    clock;
    uint32_t    pc, mask;
    uint8_t     valid, have;     /* have: bit i = src slot i captured */
    uint32_t    oh[4][NV50_LANES];   /* class bits (gpuref_vc) per lane */
} nv50c_capture;

#define NV50C_MAXSTATIC 28     /* fixed bins of one instruction, at most */

typedef struct nv50c {
    nv50c_row     row[NV50_NOPS];
    uint8_t       insat[NV50_NOPS][4], outsat[NV50_NOPS], flagsat[NV50_NOPS];
    const uint64_t *counts;      /* the cov's (resync) */
    const uint8_t *excl;
    int           exact;
    bin_t         pred[32], predreg[4], predres[GPUREF_MP_N], cdst[4];
    bin_t         saddr[4][3], caddr[3], cbank[NV50_NCBANK], sreg[9];
    bin_t         bra[3], join[2], depth[4], exit[2], quad, end[2];
    uint32_t      act[16][4];    /* lane masks of 4 exec bits */
    nv50c_rcache  rc[NV50_NGPR];
    nv50c_capture cap;
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
            if (row_long(op)) {
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

/* --------------------------------------------------------- classification */

/* One-hot integer class (bit = gpuref_vc) of each lane of v >> shift, `bits`
 * wide.  Branch-free 32-bit lanes, so that the compiler vectorizes it. */
static void oh_lanes(const uint32_t *restrict v, uint32_t *restrict oh, unsigned bits,
                     unsigned shift)
{
    const uint32_t m = bits >= 32 ? 0xffffffffu : (1u << bits) - 1, sb = (m >> 1) + 1,
                   mx = m >> 1;
    for (unsigned l = 0; l < NV50_LANES; l++) {
        uint32_t t = (v[l] >> shift) & m;
        uint32_t p2 = (t & (t - 1)) == 0, z = t == 0, o = t == 1, mn = t == sb;
        uint32_t m1 = t == m, ma = t == mx, ng = (t & sb) != 0;
        uint32_t pw = p2 & ((z | o | mn) ^ 1);
        uint32_t other = (p2 | m1 | ma) ^ 1;
        oh[l] = z | o << 1 | m1 << 2 | mn << 3 | ma << 4 | pw << 5 | (other & (ng ^ 1)) << 6 |
                (other & ng) << 7;
    }
}

/* OR of oh[lane] over the lanes in exec. */
static unsigned oh_or(const nv50c *P, const uint32_t *restrict oh, uint32_t exec)
{
    uint32_t act[NV50_LANES], acc = 0;
    for (unsigned k = 0; k < NV50_LANES / 4; k++)
        memcpy(&act[4 * k], P->act[(exec >> (4 * k)) & 15], sizeof P->act[0]);
    for (unsigned l = 0; l < NV50_LANES; l++)
        acc |= oh[l] & act[l];
    return acc;
}

/* Integer classes of $r reg (view 0 whole, 1 low half, 2 high half), cached
 * per register and keyed by its 32 lane values. */
static const uint32_t *reg_oh(nv50c *P, const nv50_state *s, unsigned reg, unsigned view)
{
    nv50c_rcache *e = &P->rc[reg];
    if (memcmp(e->val, s->r[reg], sizeof e->val) != 0) {
        memcpy(e->val, s->r[reg], sizeof e->val);
        e->ok = 0;
    }
    if (!(e->ok >> view & 1)) {
        oh_lanes(e->val, e->oh[view], view ? 16 : 32, view == 2 ? 16 : 0);
        e->ok |= (uint8_t)(1u << view);
    }
    return e->oh[view];
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
static unsigned lanes_classes(const nv50c *P, const uint32_t *v, uint32_t exec, unsigned bits,
                              unsigned vk)
{
    unsigned set = 0;
    if (vk == VK_INT) {
        uint32_t oh[NV50_LANES];
        oh_lanes(v, oh, bits, 0);
        return oh_or(P, oh, exec);
    }
    for (uint32_t e = exec; e; e &= e - 1)
        set |= class_bit(v[__builtin_ctz(e)], bits, vk);
    return set;
}

/* The class set of a source operand over the lanes in exec (state s). */
static unsigned src_classes(nv50c *P, const nv50_state *s, const nv50_opnd *o,
                            const nv50c_slot *sl, uint32_t exec)
{
    uint32_t v[NV50_LANES];
    switch (o->kind) {
    case NV50_O_REG:
    case NV50_O_HALF:
        if (o->reg >= s->cfg.gprs)
            return class_bit(0, sl->bits, sl->vk);
        if (sl->vk == VK_INT)
            return oh_or(P, reg_oh(P, s, o->reg, o->kind == NV50_O_REG ? 0 : 1 + o->hi), exec);
        nv50_fetch((nv50_state *)(uintptr_t)s, o, exec, v);
        return lanes_classes(P, v, exec, sl->bits, sl->vk);
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

static const nv50_insn *insn_at(const nv50_state *s, uint32_t pc)
{
    if (!s->prog || pc < s->base || (pc & 3) || (pc - s->base) / 4 >= s->nwords)
        return NULL;
    const nv50_pinsn *p = &s->prog[(pc - s->base) / 4];
    return p->status == GPUREF_OK ? &p->in : NULL;
}

static uint32_t threads_mask(const nv50_state *s)
{
    return s->cfg.threads >= 32 ? 0xffffffffu : (1u << s->cfg.threads) - 1;
}

/* Before the next unit: its pc and mask, and the classes, per lane, of the
 * sources it will overwrite (the exec mask is known only after it). */
static void capture(nv50c *P, const nv50_state *s)
{
    nv50c_capture *c = &P->cap;
    c->valid = 0;
    if (s->finished)
        return;
    const nv50_insn *in = insn_at(s, s->pc);
    if (!in)
        return;
    const nv50c_row *R = &P->row[in->op];
    c->st = s;
    c->clock = s->clock;
    c->pc = s->pc;
    c->mask = s->mask;
    c->have = 0;
    c->valid = 1;
    if (!row_has_values(in->op))
        return;
    for (unsigned i = 0; i < R->nsrc; i++) {
        const nv50_opnd *o = &in->src[i];
        const nv50c_slot *sl = &R->src[i];
        if (sl->vk == VK_NONE || P->insat[in->op][i] || !src_clobbered(in, o))
            continue;
        uint32_t v[NV50_LANES];
        nv50_fetch((nv50_state *)(uintptr_t)s, o, 0xffffffffu, v);
        if (sl->vk == VK_INT) {
            uint32_t oh[NV50_LANES];
            oh_lanes(v, oh, sl->bits, 0);
            for (unsigned l = 0; l < NV50_LANES; l++)
                c->oh[i][l] = oh[l];
        } else {
            for (unsigned l = 0; l < NV50_LANES; l++)
                c->oh[i][l] = class_bit(v[l], sl->bits, sl->vk);
        }
        c->have |= (uint8_t)(1u << i);
    }
}

/* ------------------------------------------------------------ sampling */

/* Count the bins of a class set; 1 if one of them got its first hit. */
static int count_set(uint64_t *counts, const bin_t *bins, unsigned set)
{
    int first = 0;
    while (set) {
        bin_t b = bins[__builtin_ctz(set)];
        if (b >= 0)
            first |= counts[b]++ == 0;
        set &= set - 1;
    }
    return first;
}

/* Is every bin of a group hit or excluded?  (Never in exact mode.) */
static uint8_t group_sat(const nv50c *P, const bin_t *bins, unsigned n)
{
    if (P->exact || !P->counts)
        return 0;
    for (unsigned k = 0; k < n; k++)
        if (bins[k] >= 0 && !P->counts[bins[k]] && !(P->excl && P->excl[bins[k]]))
            return 0;
    return 1;
}

static void nv50c_resync(void *priv, const uint64_t *counts, const uint8_t *excl, int exact)
{
    nv50c *P = priv;
    P->counts = counts;
    P->excl = excl;
    P->exact = exact;
    for (unsigned op = 0; op < NV50_NOPS; op++) {
        const nv50c_row *R = &P->row[op];
        for (unsigned i = 0; i < 4; i++)
            P->insat[op][i] = group_sat(P, R->src[i].in, GPUREF_VC_N);
        P->outsat[op] = group_sat(P, R->out, GPUREF_VC_N);
        P->flagsat[op] = group_sat(P, R->flag, 4);
    }
}

static const gpuref_regw *find_w(const gpuref_retire *rr, int file, unsigned idx)
{
    for (unsigned i = 0; i < rr->nregw && i < GPUREF_MAX_REGW; i++)
        if (rr->regw[i].file == file && rr->regw[i].index == idx)
            return &rr->regw[i];
    return NULL;
}

static unsigned mask_pattern(uint32_t m, uint32_t all)
{
    return m == 0 ? GPUREF_MP_NONE : m == all ? GPUREF_MP_ALL
           : (m & (m - 1)) == 0 ? GPUREF_MP_ONE : GPUREF_MP_PARTIAL;
}

static void sample_values(nv50c *P, const nv50_state *s, const nv50_insn *in,
                          const nv50c_row *R, uint32_t exec, int capok,
                          const gpuref_retire *rr, uint64_t *counts)
{
    unsigned i, set, op = in->op;
    for (i = 0; i < R->nsrc; i++) {
        const nv50c_slot *sl = &R->src[i];
        const nv50_opnd *o = &in->src[i];
        if (sl->vk == VK_NONE || P->insat[op][i])
            continue;
        if (capok && (P->cap.have >> i & 1)) {
            set = 0;
            for (uint32_t e = exec; e; e &= e - 1)
                set |= P->cap.oh[i][__builtin_ctz(e)];
        } else if (!src_clobbered(in, o)) {
            set = src_classes(P, s, o, sl, exec);
        } else {
            continue;                      /* overwritten and not captured */
        }
        if (count_set(counts, sl->in, set))
            P->insat[op][i] = group_sat(P, sl->in, GPUREF_VC_N);
    }
    const gpuref_regw *w;
    if (R->outbits && !P->outsat[op]) {
        const nv50_opnd *d = &in->dst;
        uint32_t v[NV50_LANES];
        set = 0;
        switch (d->kind) {
        case NV50_O_REG:
        case NV50_O_HALF:
            if ((w = find_w(rr, NV50_F_R, d->reg)) == NULL)
                break;
            if (R->outvk == VK_INT)
                set = oh_or(P, reg_oh(P, s, d->reg, d->kind == NV50_O_REG ? 0 : 1 + d->hi),
                            (uint32_t)w->lanes);
            else if (d->kind == NV50_O_REG)
                set = lanes_classes(P, s->r[d->reg], (uint32_t)w->lanes, 32, R->outvk);
            else {
                for (i = 0; i < NV50_LANES; i++)
                    v[i] = s->r[d->reg][i] >> (d->hi ? 16 : 0);
                set = lanes_classes(P, v, (uint32_t)w->lanes, 16, R->outvk);
            }
            break;
        case NV50_O_OUT:
            if ((w = find_w(rr, NV50_F_O, d->reg)) != NULL)
                set = lanes_classes(P, s->o[d->reg], (uint32_t)w->lanes, d->w16 ? 16 : 32,
                                    R->outvk);
            break;
        case NV50_O_AREG:
            if ((w = find_w(rr, NV50_F_A, d->reg)) != NULL) {
                for (i = 0; i < NV50_LANES; i++)
                    v[i] = s->a[d->reg][i];
                set = lanes_classes(P, v, (uint32_t)w->lanes, 16, VK_INT);
            }
            break;
        default:
            break;
        }
        if (count_set(counts, R->out, set))
            P->outsat[op] = group_sat(P, R->out, GPUREF_VC_N);
    }
    if (R->flag[0] >= 0 && !P->flagsat[op]) {
        unsigned c = in->dst.kind == NV50_O_CREG ? in->dst.reg : in->cdst;
        if ((in->cdst_en || in->dst.kind == NV50_O_CREG) &&
            (w = find_w(rr, NV50_F_C, c)) != NULL) {
            unsigned f = 0;
            for (uint32_t e = (uint32_t)w->lanes; e && f != 0xf; e &= e - 1)
                f |= s->c[c][__builtin_ctz(e)];
            if (count_set(counts, R->flag, f & 0xf))
                P->flagsat[op] = group_sat(P, R->flag, 4);
        }
    }
}

/* The bins fixed by the encoding: opcode, operand kinds, modifiers, the
 * predicate condition and register, the $c destination, addressing modes. */
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

/* The control effects of the unit (bins that depend on the run). */
static void sample_flow(nv50c *P, const nv50_insn *in, uint32_t exec, int capok,
                        const gpuref_retire *rr, uint64_t *counts)
{
    unsigned i;
    if (in->pred != 0xf && capok && !(nv50_rows[in->op].flags & NV50_RF_NOPRED)) {
        unsigned mp = mask_pattern(exec, P->cap.mask);    /* relative to the active threads */
        bin_t b = P->predres[mp == GPUREF_MP_ONE ? GPUREF_MP_PARTIAL : mp];
        if (b >= 0)
            counts[b]++;
    }
    if (!(nv50_rows[in->op].flags & NV50_RF_CTL) && in->modifier == NV50_MOD_NONE &&
        !(rr->flags & GPUREF_RETIRE_END))
        return;
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
    const nv50c_row *R = &P->row[in->op];
    uint32_t exec = (uint32_t)rr->exec_mask;
    int capok = P->cap.valid && P->cap.st == st && P->cap.pc == (uint32_t)rr->pc &&
                P->cap.clock + 1 == s->clock;
    uint16_t sb[NV50C_MAXSTATIC];
    unsigned nb = static_bins(P, in, sb);
    for (unsigned i = 0; i < nb; i++)
        counts[sb[i]]++;
    bin_t mb = R->mask[mask_pattern(exec, threads_mask(s))];
    if (mb >= 0)
        counts[mb]++;
    if (exec && R->vals)
        sample_values(P, s, in, R, exec, capok, rr, counts);
    sample_flow(P, in, exec, capok, rr, counts);
    capture(P, s);
}

static void nv50c_begin(void *priv, const void *st)
{
    capture(priv, st);
}

static int nv50c_init(gpuref_cov *def, void **priv, char *err)
{
    nv50c *P = calloc(1, sizeof *P);
    if (!P)
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    for (unsigned b = 0; b < 16; b++)
        for (unsigned l = 0; l < 4; l++)
            P->act[b][l] = (b >> l & 1) ? 0xffffffffu : 0;
    int rc = nv50c_define(def, P, err);
    if (rc == GPUREF_OK && gpuref_cov_nbins(def) >= 0x7fff)
        rc = gpuref_errf(err, GPUREF_ERR_CONFIG, "nv50 coverage: too many bins for the cache");
    if (rc) {
        free(P);
        return rc;
    }
    *priv = P;
    return GPUREF_OK;
}

static void nv50c_fini(void *priv) { free(priv); }

const gpuref_isa_cov gpuref_nv50_cov = {
    .init = nv50c_init,
    .fini = nv50c_fini,
    .begin = nv50c_begin,
    .sample = nv50c_sample,
    .resync = nv50c_resync,
};
