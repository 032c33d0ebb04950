/* usc_gen.c - the USC random program generator (gpuref gen --isa usc).
 *
 * A test is a task of 16 or 32 instances (config instances=) running a
 * straight sequence of instruction groups with forward branches, calls of
 * subroutines placed after the main sequence (BAL/BRL, ended by LAPC), and
 * conditional (mask counter) groups that change Pe, sometimes followed by a
 * group that enables every instance again (CNDEND of c0).  Groups are legal by
 * construction: a main group draws phase 0 (or a whole-ALU row), phase 1
 * (only after phase 0), phase 2, the test, the move and the backend (never
 * with phase 1) from the rows of usc.def the model executes, their form's
 * operand choices, modifiers and M values, then declares the sources it
 * reads (lowest first in each bank of three, with fillers), the IS selectors
 * and W0/W1 destinations; a bitwise group draws any non-empty set of its six
 * units.  Each group is encoded and passed through the model's own decoder
 * and legality check (usc_decode_group); one that fails is drawn again.  The
 * text is the disassembler's, so it assembles to the words checked; branch
 * targets are numbers computed from the encoded sizes.
 *
 * Termination: every branch in the main sequence goes forward (at most to
 * the group that ends the main sequence); calls and returns run with
 * (ignorepe) and no predicate, so they are always taken; subroutines hold no
 * call and no CNDSETL (which writes the link register).  max_steps bounds the
 * groups run.  Indexed registers stay in range: IDX holds 0-3 and once a
 * group writes IDX no later group indexes.
 *
 * Targeting (--target): a hole of usc_cov.c is aimed at by forcing the next
 * group's row, slot, operand choice, modifier, M value, declaration, IS
 * selector, predicate or slot combination, and for value bins by making the
 * row's sources read a register (r200-r215) that holds a value of the class
 * (a per-instance pattern of 0, 1, 2 and larger counters for the CNDxx bins,
 * the count itself for the shift bins). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "usc.h"

enum { IT_BITWISE = USC_NOPS, IT_BRANCH, IT_CALL, IT_CND, IT_MEM, IT_KFUSED, IT_KRNE, IT_KSAT, IT_KSOP, NITEMS };

static const gpuref_gen_item ug_items[NITEMS] = {
/* the rows added after the lockstep mixes were written (GCMP GEXP FSINC
 * FARCTANC ATST DEPTHF, D41-D46) weigh 0 unless a mix names them, so that
 * the default output stays what it was */
#define UG_LATE(id) (USC_OP_##id == USC_OP_GCMP || USC_OP_##id == USC_OP_GEXP || \
                     USC_OP_##id == USC_OP_FSINC || USC_OP_##id == USC_OP_FARCTANC || \
                     USC_OP_##id == USC_OP_ATST || USC_OP_##id == USC_OP_DEPTHF)
#define USC_ROW(id, n, sl, f0, f1, f2, mk, md, ex) { n, #id " usc", UG_LATE(id) ? 0 : 10 },
#include "usc.def"
#undef USC_ROW
    [IT_BITWISE] = { "bitwise", "construct usc", 25 },
    [IT_BRANCH] = { "branch", "construct control usc", 6 },
    [IT_CALL] = { "call", "construct control usc", 3 },
    [IT_CND] = { "cnd", "construct usc", 4 },
    /* the memory construct (below "Memory"): an LD, ST, ATOM or IDF (drawn by
     * the weights of those rows), 0-2 groups, a WDF on its DRC; 0 unless a
     * mix names it, so that the default output stays what it was */
    [IT_MEM] = { "mem", "construct usc", 0 },
    /* the model knobs a program may set to their other value (--mix
     * knob_NAME: W, the percent of programs; README "Random programs");
     * the register counts stay at their defaults (the pools use r200-r215) */
    [IT_KFUSED] = { "knob_fmad_fused", "knob usc", 0 },
    [IT_KRNE] = { "knob_cvt_f64_int_rne", "knob usc", 0 },
    [IT_KSAT] = { "knob_small_float_sat", "knob usc", 0 },
    [IT_KSOP] = { "knob_sop_fused", "knob usc", 0 },
};

#define NPOOL   16u             /* r0..r15 and the pools of the other banks */
#define AIMREG  200u            /* r200..r215: values aimed at a class */
#define NAIM    16u
#define MAXG    4096u           /* groups of one test */
#define MEMREG  216u            /* r216..r219 addresses, r220 burst lengths, r221 coverage masks */
#define NMADDR  4u
#define MEMWORDS 272u           /* the initial memory: 1 KiB of addresses + a 64-byte burst */

typedef struct aim {
    int kind;                   /* USC_CK_*, -1 none */
    int row, slot;
    int j, choice;              /* FORM */
    int pos, bank, bidx, bw;    /* BANK */
    int isk, isv;               /* IS */
    int modj, modc;             /* MODS (modj 3: .sat) */
    int m;                      /* MFIELD */
    int pred, ign;              /* MASK */
    unsigned combo;             /* COMBO */
    int whole;
    int vreg;                   /* value bins: the aim register (-1 none) */
    int pescr;                  /* CND with Pe 0: turn some instances off first */
    int cntpos;                 /* SHIFT: the operand that is the count */
} aim;

/* the memory row the next group carries (the memory construct) */
typedef struct memplan {
    uint32_t ctl;               /* its control word (README "Encoding", D37) */
    usc_reg  s[6];              /* the sources it fixes: those of the positions in pos */
    unsigned pos;               /* mask of the positions fixed */
} memplan;

typedef struct pgrp {
    usc_group g;
    int       tgt;              /* branch target: a group index, -1 none; -2 the end */
} pgrp;

typedef struct ug {
    gpuref_genctx *x;
    gpuref_rng    *r;
    unsigned       w[USC_NOPS];           /* row weights of this test (0: not drawn) */
    pgrp          *p;
    unsigned       np;
    int            idxdirty, insub;
    unsigned       ni;
    uint32_t       aimv[NAIM][USC_MAXI];
    unsigned       naim;
    aim            a;
    memplan        mp;
    int            mem_used;              /* a memory row was drawn: the image and r216-r221 */
    uint32_t       mem_base;
} ug;

/* the rows that may be drawn into slot s at random (branches and LAPC only
 * through their constructs) */
static int row_drawable(const ug *t, unsigned op, unsigned s)
{
    if (!t->w[op] || usc_form_of(op, s) < 0 || !usc_rows[op].form[usc_form_of(op, s)])
        return 0;
    if (op == USC_OP_BA || op == USC_OP_BAL || op == USC_OP_BR || op == USC_OP_BRL ||
        op == USC_OP_LAPC)
        return 0;
    if (t->insub && op == USC_OP_CNDSETL)
        return 0;
    return 1;
}

static int pick_row(ug *t, unsigned s, int whole)
{
    unsigned wt[USC_NOPS];
    for (unsigned op = 0; op < USC_NOPS; op++) {
        wt[op] = row_drawable(t, op, s) ? t->w[op] : 0;
        if (s == USC_SL_P0 && (whole != 0) != (usc_whole_row(op) != 0))
            wt[op] = 0;
    }
    return gpuref_gx_pick(t->r, wt, USC_NOPS);
}

/* PCK/UNPCK's O field for its format: UNPCK's source element, .scale on a
 * normalized format, .rndzero */
static void pck_flags(ug *t, usc_ins *in)
{
    in->o = 0;
    if (in->op == USC_OP_UNPCK)
        in->o = (uint8_t)gpuref_rng_below(t->r, usc_pck_fields(in->m));
    if (usc_pck_scalable(in->m) && gpuref_rng_chance(t->r, 50))
        in->o |= USC_PK_SCALE;
    if (gpuref_rng_chance(t->r, 30))
        in->o |= USC_PK_RTZ;
}

/* fill instruction in: row op in slot s, random fields */
static void fill_ins(ug *t, usc_ins *in, unsigned op, unsigned s)
{
    const usc_row *row = &usc_rows[op];
    memset(in, 0, sizeof *in);
    in->op = (uint8_t)op;
    in->slot = (uint8_t)s;
    in->form = (uint8_t)usc_form_of(op, s);
    for (unsigned b = 0; b < 8; b++)
        if ((row->mods >> b & 1) && gpuref_rng_chance(t->r, 15))
            in->mods |= (uint8_t)(1u << b);
    if (USC_ROW_SAT(row) && gpuref_rng_chance(t->r, 15))
        in->sat = 1;
    switch (row->mkind) {
    case USC_M_TYPE:  in->m = (uint8_t)gpuref_rng_below(t->r, USC_NTYPES); break;
    case USC_M_BYTES: in->m = (uint8_t)(gpuref_rng_chance(t->r, 40) ? 15 : 1 + gpuref_rng_below(t->r, 15)); break;
    case USC_M_ASR:   in->m = (uint8_t)gpuref_rng_below(t->r, 4); break;
    case USC_M_INST:  in->m = (uint8_t)gpuref_rng_below(t->r, 3); break;
    case USC_M_PART:  in->m = (uint8_t)gpuref_rng_below(t->r, 2); break;
    case USC_M_CVT:   in->m = (uint8_t)gpuref_rng_below(t->r, 3); break;
    case USC_M_PCK: { /* a format the model converts (and UNPCK has), then its flags */
        unsigned n = 0, pick[26];
        for (unsigned f = 0; f < 26; f++)
            if (usc_pck_executed(f) && !usc_pck_bad(op, f, 0)) pick[n++] = f;
        in->m = (uint8_t)pick[gpuref_rng_below(t->r, n)];
        break;
    }
    default: break;
    }
    unsigned ob = 0;
    const usc_tok *tok = row->tok[in->form];
    for (unsigned j = 0; j < row->ntok[in->form]; j++) {
        unsigned v = gpuref_rng_below(t->r, 1u << tok[j].obits);
        if (tok[j].kind == USC_K_ADJ)
            v = tok[j].minv ? 1 + gpuref_rng_below(t->r, 2) : gpuref_rng_below(t->r, 3);
        in->o |= (uint8_t)(v << ob);
        ob += tok[j].obits;
    }
    if (row->mkind == USC_M_PCK)
        pck_flags(t, in);
    usc_resolve(in);
    if (in->has_imm)
        in->imm = (uint32_t)gpuref_rng_value(t->r, 32, t->x->opts->special_pct);
    if (USC_MEM_ROW(op)) {
        in->ctl[0] = t->mp.ctl;
    } else if (in->op == USC_OP_F16SOPMAD) {   /* four MADs: any arguments and modifiers (D34) */
        for (unsigned md = 0; md < 4; md++) {
            uint32_t f = 0;
            for (unsigned a = 0; a < 3; a++) {
                uint32_t x = gpuref_rng_below(t->r, a ? 7 : 6) | gpuref_rng_below(t->r, 2) << 3;
                for (unsigned k = 0; k < (a == 2 ? 4u : 3u); k++)
                    if (gpuref_rng_chance(t->r, 15)) x |= 1u << (4 + k);
                f |= x << (7 * a);
            }
            if (gpuref_rng_chance(t->r, 15)) f |= 1u << 22;
            for (unsigned i = 0; i < 23; i++) {
                unsigned bit = 23 * md + i;
                in->ctl[bit / 32] |= (f >> i & 1u) << (bit % 32);
            }
        }
    } else if (in->has_sop) {      /* F16SOP's control words: F16 or F32 outputs, any arguments */
        int f32 = gpuref_rng_chance(t->r, 30);
        unsigned jd = 1 + gpuref_rng_below(t->r, 2);
        for (unsigned w = 0; w < 2; w++) {
            uint32_t c = 0;
            for (unsigned i = 0; i < 4; i++) {
                unsigned s = gpuref_rng_below(t->r, i & 1 ? 8 : 6);
                s |= gpuref_rng_below(t->r, 2) << 3;          /* .e1 */
                if (gpuref_rng_chance(t->r, 25)) s |= 16;      /* .neg / .oneminus */
                c |= s << (5 * i);
            }
            c |= gpuref_rng_below(t->r, USC_SOP_NOPS) << 20;
            if (!f32)
                c |= gpuref_rng_below(t->r, 3) << 23 | (w ? 3 - jd : jd) << 25;
            in->ctl[w] = c;
        }
        if (!f32 && gpuref_rng_chance(t->r, 40))
            in->ctl[1] |= USC_SOP_MOV;
    }
}

/* set the O bits of token j of in to c */
static void set_choice(usc_ins *in, unsigned j, unsigned c)
{
    const usc_row *row = &usc_rows[in->op];
    unsigned ob = 0;
    for (unsigned i = 0; i < j && i < row->ntok[in->form]; i++)
        ob += row->tok[in->form][i].obits;
    unsigned bits = row->tok[in->form][j].obits;
    in->o = (uint8_t)((in->o & ~(((1u << bits) - 1) << ob)) | (c & ((1u << bits) - 1)) << ob);
    usc_resolve(in);
}

/* a random register of a bank; indexed when allowed and drawn */
static void draw_reg(ug *t, usc_reg *r, unsigned bank, int dest, int want_idx)
{
    static const unsigned pool[USC_NBANKS] = { NPOOL, 8, 8, 8, NPOOL, 0, 8, 2, 8 };
    memset(r, 0, sizeof *r);
    r->bank = (uint8_t)bank;
    if (bank == USC_B_SC) {
        unsigned i;
        do
            i = gpuref_rng_below(t->r, 160);
        while (!usc_sc_is_defined(i));
        r->index = (uint16_t)i;
        return;
    }
    r->index = (uint16_t)gpuref_rng_below(t->r, pool[bank]);
    int idxable = bank != USC_B_I && bank != USC_B_IDX;
    if (idxable && !t->idxdirty && (want_idx > 0 || (want_idx < 0 && gpuref_rng_chance(t->r, 10)))) {
        r->idx = (uint8_t)(1 + gpuref_rng_below(t->r, 2));
        r->dlog = (uint8_t)gpuref_rng_below(t->r, 5);
        if (bank == USC_B_O) {              /* 8 outputs: index + 3 stays below 8 */
            r->dlog = 0;
            r->index = (uint16_t)gpuref_rng_below(t->r, 5);
        }
    }
    (void)dest;
}

static unsigned draw_bank(ug *t, int dest)
{
    static const unsigned ws[USC_NBANKS] = { 50, 8, 7, 5, 10, 7, 5, 3, 5 };
    static const unsigned wd[USC_NBANKS] = { 60, 5, 4, 3, 8, 0, 5, 1, 10 };
    return (unsigned)gpuref_gx_pick(t->r, dest ? wd : ws, USC_NBANKS);
}

/* sources the instructions read, closed under the bank order rule */
static unsigned needed_sources(const usc_group *g)
{
    unsigned need = 0;
    for (unsigned i = 0; i < g->ninsn; i++)
        for (unsigned j = 0; j < g->ins[i].nk; j++) {
            unsigned k = g->ins[i].k[j];
            if (k <= USC_K_S5)
                need |= 1u << k;
            if (k == USC_K_FTE || k == USC_K_IS0)
                need |= 1u << usc_is0_src[g->is0];
            if (k == USC_K_IS3 && g->is3 == 2)
                need |= 1u << 2;
            if (k == USC_K_IS3 && g->is3 == 3)
                need |= 1u << usc_is0_src[g->is0];
        }
    for (unsigned i = 0; i < g->ninsn; i++)
        if (g->ins[i].has_sop)
            need |= usc_ctl_sources(g->ins[i].op, g->ins[i].ctl);
    return need;
}

static unsigned close_banks(unsigned m)
{
    for (unsigned b = 0; b < 2; b++) {
        unsigned x = m >> (3 * b) & 7;
        x = x & 4 ? 7 : x & 2 ? 3 : x;
        m = (m & ~(7u << (3 * b))) | x << (3 * b);
    }
    return m;
}

static int aim_reg(ug *t)
{
    return t->naim < NAIM ? (int)(AIMREG + t->naim++) : -1;
}

/* the instruction of the aimed row, NULL if none */
static usc_ins *aimed_ins(usc_group *g, const aim *a)
{
    for (unsigned i = 0; i < g->ninsn; i++)
        if ((int)g->ins[i].op == a->row && (a->slot < 0 || (int)g->ins[i].slot == a->slot))
            return &g->ins[i];
    return NULL;
}

/* Draw a group (aimed as t->a says).  Returns 1 with the group in *out, 0 if
 * none could be drawn. */
static int make_group(ug *t, usc_group *out, int bitwise, int be_row)
{
    const aim *a = &t->a;
    for (unsigned tries = 0; tries < 64; tries++) {
        usc_group g;
        memset(&g, 0, sizeof g);
        int aimed = a->kind >= 0 && tries < 48;
        int bw = aimed && a->kind == USC_CK_COMBO ? (a->combo & USC_S_BITWISE) != 0
                 : aimed && a->row >= 0 ? ((USC_S_BITWISE & usc_rows[a->row].slots) != 0)
                 : aimed && a->kind == USC_CK_BANK ? a->bw : bitwise;
        g.bitwise = (uint8_t)bw;
        g.pred = (uint8_t)(gpuref_rng_chance(t->r, 75) ? 0 : 1 + gpuref_rng_below(t->r, 2));
        g.ignorepe = (uint8_t)gpuref_rng_chance(t->r, 20);
        if (aimed && a->kind == USC_CK_MASK) {
            g.pred = (uint8_t)a->pred;
            g.ignorepe = (uint8_t)a->ign;
        }
        unsigned want = 0;        /* slot set */
        int whole = 0;
        if (aimed && a->kind == USC_CK_COMBO) {
            want = a->combo;
            whole = a->whole;
        } else if (bw) {
            while (!want)
                for (unsigned s = USC_SL_BMSK; s <= USC_SL_BTST; s++)
                    if (gpuref_rng_chance(t->r, s == USC_SL_BTST ? 30 : 50))
                        want |= 1u << s;
        } else {
            whole = gpuref_rng_chance(t->r, 10);
            if (whole || gpuref_rng_chance(t->r, 85))
                want |= USC_S_P0;
            if (!whole && (want & USC_S_P0) && gpuref_rng_chance(t->r, 45))
                want |= USC_S_P1;
            if (!whole && gpuref_rng_chance(t->r, 40))
                want |= USC_S_P2;
            if (gpuref_rng_chance(t->r, 40))
                want |= USC_S_TST;
            if (gpuref_rng_chance(t->r, 45))
                want |= USC_S_MOV;
            if (!(want & USC_S_P1) && gpuref_rng_chance(t->r, 10))
                want |= USC_S_BE;
        }
        if (be_row >= 0) {
            want = (want & ~(unsigned)(USC_S_P1 | USC_S_BITWISE)) | USC_S_BE;
            g.bitwise = 0;
            bw = 0;
        }
        int frow = aimed && a->row >= 0 ? a->row : -1, fslot = -1;
        if (frow >= 0) {
            fslot = a->slot;
            if (fslot < 0) {          /* any slot of the row */
                unsigned sl = usc_rows[frow].slots, k = gpuref_rng_below(t->r, (unsigned)__builtin_popcount(sl));
                for (unsigned s = 0; s < USC_NSLOTS; s++)
                    if (sl >> s & 1 && usc_form_of((unsigned)frow, s) >= 0 && !k--)
                        fslot = (int)s;
                if (fslot < 0)
                    fslot = __builtin_ctz(sl);
            }
            want |= 1u << fslot;
            if (fslot == USC_SL_P0 && usc_whole_row((unsigned)frow)) {
                whole = 1;
                want &= ~(unsigned)(USC_S_P1 | USC_S_P2);
            }
            if (fslot == USC_SL_P0 && !usc_whole_row((unsigned)frow))
                whole = 0;
            if (fslot == USC_SL_P1)
                want = (want | USC_S_P0) & ~(unsigned)USC_S_BE;
            if (fslot == USC_SL_BE)
                want &= ~(unsigned)USC_S_P1;
        }
        if (whole)
            want &= ~(unsigned)(USC_S_P1 | USC_S_P2);
        /* the instructions, in slot order */
        int ok = 1;
        for (unsigned s = 0; s < USC_NSLOTS && ok; s++) {
            if (!(want >> s & 1))
                continue;
            int op = (int)s == fslot ? frow : s == USC_SL_BE && be_row >= 0 ? be_row
                     : pick_row(t, s, s == USC_SL_P0 && whole);
            if (op < 0) {
                if (s == USC_SL_P0 && whole) { ok = 0; break; }
                continue;
            }
            if (s == USC_SL_P0 && ((usc_whole_row((unsigned)op) != 0) != whole)) { ok = 0; break; }
            fill_ins(t, &g.ins[g.ninsn], (unsigned)op, s);
            g.slots |= (uint16_t)(1u << s);
            g.ninsn++;
        }
        if (!ok || (bw && !g.ninsn))
            continue;
        /* MOVC needs a test */
        for (unsigned i = 0; i < g.ninsn; i++)
            if (g.ins[i].op == USC_OP_MOVC && !(g.slots & USC_S_TST)) {
                int op = pick_row(t, USC_SL_TST, 0);
                if (op < 0) { ok = 0; break; }
                memmove(&g.ins[i + 1], &g.ins[i], (g.ninsn - i) * sizeof g.ins[0]);
                fill_ins(t, &g.ins[i], (unsigned)op, USC_SL_TST);
                g.ninsn++;
                g.slots |= USC_S_TST;
                break;
            }
        if (!ok)
            continue;
        /* DEPTHF sends W0, which a MOV then drives (D46) */
        for (unsigned i = 0; i < g.ninsn; i++)
            if (g.ins[i].op == USC_OP_DEPTHF && !(g.slots & USC_S_MOV)) {
                if (!row_drawable(t, USC_OP_MOV, USC_SL_MOV)) { ok = 0; break; }
                unsigned at = 0;
                while (at < g.ninsn && g.ins[at].slot < USC_SL_MOV)
                    at++;
                memmove(&g.ins[at + 1], &g.ins[at], (g.ninsn - at) * sizeof g.ins[0]);
                fill_ins(t, &g.ins[at], USC_OP_MOV, USC_SL_MOV);
                g.ninsn++;
                g.slots |= USC_S_MOV;
                break;
            }
        if (!ok)
            continue;
        /* the conditional ops are written with (ignorepe) to reach the
         * instances they disabled (L1130, D15) */
        if (g.ninsn && usc_rows[g.ins[0].op].exec == usc_x_cnd && !(aimed && a->kind == USC_CK_MASK))
            g.ignorepe = (uint8_t)gpuref_rng_chance(t->r, 80);
        usc_ins *ai = aimed && frow >= 0 ? aimed_ins(&g, a) : NULL;
        if (ai && a->kind == USC_CK_FORM)
            set_choice(ai, (unsigned)a->j, (unsigned)a->choice);
        if (ai && a->kind == USC_CK_MODS) {
            if (a->modj == 3)
                ai->sat = 1;
            else {
                unsigned j = (unsigned)a->modj;
                ai->mods &= (uint8_t)~(usc_mod_abs[j] | usc_mod_neg[j] | usc_mod_flr[j]);
                ai->mods |= (uint8_t)((a->modc & 1 ? usc_mod_abs[j] : 0) | (a->modc & 2 ? usc_mod_neg[j] : 0) |
                                      (a->modc & 4 ? usc_mod_flr[j] : 0));
            }
        }
        if (ai && a->kind == USC_CK_MFIELD &&
            (usc_rows[ai->op].mkind != USC_M_PCK ||
             (usc_pck_executed((unsigned)a->m) && !usc_pck_bad(ai->op, (unsigned)a->m, 0)))) {
            ai->m = (uint8_t)a->m;
            if (usc_rows[ai->op].mkind == USC_M_PCK)
                pck_flags(t, ai);
        }
        if (ai && a->kind == USC_CK_FLAG) {     /* a test writes P0 */
            usc_ins *ts = ai->op == USC_OP_MOVC ? NULL : ai;
            for (unsigned i = 0; i < g.ninsn && !ts; i++)
                if (g.ins[i].slot == USC_SL_TST)
                    ts = &g.ins[i];
            if (ts && ts->slot == USC_SL_TST && ts->nk > 1 && ts->op != USC_OP_MOVC)
                set_choice(ts, 1, 1);
        }
        if (ai && a->kind == USC_CK_CND && ai->nk && usc_rows[ai->op].exec == usc_x_cnd) {
            for (unsigned j = 0; j < usc_rows[ai->op].ntok[ai->form]; j++)
                if (usc_rows[ai->op].tok[ai->form][j].kind == USC_K_PCND)
                    set_choice(ai, j, (unsigned)a->choice);
            g.ignorepe = 1;
        }
        /* header selectors */
        g.is0 = (uint8_t)gpuref_rng_below(t->r, 6);
        g.is1 = (uint8_t)gpuref_rng_below(t->r, 2);
        g.is2 = (uint8_t)gpuref_rng_below(t->r, 2);
        g.is3 = (uint8_t)gpuref_rng_below(t->r, 4);
        g.is4 = (uint8_t)gpuref_rng_below(t->r, 4);
        g.is5 = (uint8_t)gpuref_rng_below(t->r, 4);
        if (bw)
            g.is1 = g.is2 = g.is3 = g.is4 = g.is5 = 0;
        if (aimed && a->kind == USC_CK_IS) {
            uint8_t *sel[6] = { &g.is0, &g.is1, &g.is2, &g.is3, &g.is4, &g.is5 };
            *sel[a->isk] = (uint8_t)a->isv;
        }
        /* sources */
        unsigned need = needed_sources(&g);
        if (gpuref_rng_chance(t->r, 10))
            need |= 1u << gpuref_rng_below(t->r, 6);     /* a declaration nothing reads */
        int isw = g.ninsn && usc_whole_row(g.ins[0].op);
        if (aimed && a->kind == USC_CK_BANK && a->pos < 6)
            need |= 1u << a->pos;
        if (!bw && !isw)
            need = close_banks(need);
        g.smask = (uint8_t)need;
        for (unsigned k = 0; k < 6; k++)
            if (need >> k & 1)
                draw_reg(t, &g.s[k], draw_bank(t, 0), 0, -1);
        if (be_row >= 0 && USC_MEM_ROW((unsigned)be_row))   /* only the memory construct asks */
            for (unsigned k = 0; k < 6; k++)
                if (t->mp.pos >> k & 1)
                    g.s[k] = t->mp.s[k];
        /* destinations */
        if (bw) {
            if ((g.slots & USC_S_BSH2) && gpuref_rng_chance(t->r, 75))
                g.wmask |= 1;
            if ((g.slots & USC_S_BCNT) && gpuref_rng_chance(t->r, 60))
                g.wmask |= 2;
        } else {
            if (gpuref_rng_chance(t->r, 75))
                g.wmask |= 1;
            if (gpuref_rng_chance(t->r, 45))
                g.wmask |= 2;
        }
        if (aimed && a->kind == USC_CK_BANK && a->pos >= 6)
            g.wmask |= (uint8_t)(1u << (a->pos - 6));
        if (aimed && (a->kind == USC_CK_OUT || a->kind == USC_CK_FLAG) && ai) {
            /* the result reaches a W: the slot's default route */
            g.wmask |= ai->slot == USC_SL_BCNT ? 2 : 1;
        }
        for (unsigned k = 0; k < 2; k++)
            if (g.wmask >> k & 1) {
                unsigned bank = draw_bank(t, 1);
                if (t->insub && bank == USC_B_IDX)   /* main groups after the call may index */
                    bank = USC_B_R;
                draw_reg(t, &g.w[k], bank, 1, -1);
            }
        if (aimed && a->kind == USC_CK_BANK) {
            usc_reg *r = a->pos < 6 ? &g.s[a->pos] : &g.w[a->pos - 6];
            if ((a->bidx && t->idxdirty) || (t->insub && a->bank == USC_B_IDX && a->pos >= 6))
                continue;
            draw_reg(t, r, (unsigned)a->bank, a->pos >= 6, a->bidx);
        }
        /* value bins: the row's register sources read the aim register */
        if (ai && a->vreg >= 0) {
            for (unsigned j = 1; j < ai->nk; j++) {
                unsigned k = ai->k[j];
                if (k == USC_K_FTE || k == USC_K_IS0)
                    k = usc_is0_src[g.is0];
                if (k > USC_K_S5 || !(g.smask >> k & 1))
                    continue;
                if (a->kind == USC_CK_SHIFT && (int)j != a->cntpos)
                    continue;
                memset(&g.s[k], 0, sizeof g.s[k]);
                g.s[k].bank = USC_B_R;
                g.s[k].index = (uint16_t)a->vreg;
            }
        }
        /* an out-of-range destination of the indexed kind is the only
         * write that could fail: W indexes keep within the pools */
        uint32_t w[32];
        unsigned n = 0;
        usc_group chk;
        char e2[GPUREF_ERRLEN];
        for (unsigned i = 0; i < g.ninsn; i++)
            usc_resolve(&g.ins[i]);
        usc_encode_group(&g, w, &n);
        if (usc_decode_group(w, n, &chk, e2) != GPUREF_OK)
            continue;
        if (a->kind >= 0)
            gpuref_gx_aimed(t->x, aimed);
        for (unsigned k = 0; k < 2; k++)
            if ((chk.wmask >> k & 1) && chk.w[k].bank == USC_B_IDX)
                t->idxdirty = 1;
        *out = chk;
        return 1;
    }
    if (a->kind >= 0)
        gpuref_gx_aimed(t->x, 0);
    return 0;
}

static pgrp *push(ug *t)
{
    if (t->np >= MAXG)
        return NULL;
    pgrp *p = &t->p[t->np++];
    memset(p, 0, sizeof *p);
    p->tgt = -1;
    return p;
}

/* a group of one backend row op with (ignorepe): the fixed groups of the
 * constructs (calls, returns, the end of the main sequence, the WDF) */
static pgrp *push_be(ug *t, unsigned op)
{
    pgrp *p = push(t);
    if (!p)
        return NULL;
    p->g.ignorepe = 1;
    p->g.ninsn = 1;
    p->g.slots = USC_S_BE;
    p->g.ins[0].op = (uint8_t)op;
    p->g.ins[0].slot = USC_SL_BE;
    usc_resolve(&p->g.ins[0]);
    return p;
}

/* the group that enables every instance: (ignorepe) cndend w0, c0, 1 */
static void restore_pe(ug *t)
{
    pgrp *p = push(t);
    if (!p)
        return;
    usc_group *g = &p->g;
    g->ignorepe = 1;
    g->ninsn = 1;
    g->smask = 1;
    g->s[0].bank = USC_B_SC;
    g->s[0].index = 0;
    usc_ins *in = &g->ins[0];
    in->op = USC_OP_CNDEND;
    in->slot = USC_SL_P0;
    in->form = 0;
    set_choice(in, 2, 1);
    g->slots = USC_S_P0;
}

/* a group that leaves Pe on in about half the instances: (ignorepe) cndlpc
 * of a register holding 1 (Pe 1) or 5 (Pe 0) per instance (L1090) */
static void scramble_pe(ug *t)
{
    int r = aim_reg(t);
    if (r < 0)
        return;
    for (unsigned l = 0; l < USC_MAXI; l++)
        t->aimv[r - AIMREG][l] = gpuref_rng_chance(t->r, 50) ? 1 : 5;
    pgrp *p = push(t);
    if (!p)
        return;
    usc_group *g = &p->g;
    g->ignorepe = 1;
    g->ninsn = 1;
    g->smask = 1;
    g->s[0].bank = USC_B_R;
    g->s[0].index = (uint16_t)r;
    g->ins[0].op = USC_OP_CNDLPC;
    g->ins[0].slot = USC_SL_P0;
    usc_resolve(&g->ins[0]);
    g->slots = USC_S_P0;
}

/* the aim of the next group: a hole of usc_cov.c */
static void set_target(ug *t)
{
    aim *a = &t->a;
    memset(a, 0, sizeof *a);
    a->kind = -1;
    a->row = a->slot = -1;
    a->vreg = -1;
    const gpuref_cov_bin *b = gpuref_gx_target(t->x);
    if (!b)
        return;
    int kind = b->aux >> 8;
    a->row = b->opcode;
    a->slot = -1;
    switch (kind) {
    case USC_CK_OP:
        a->slot = b->slot;
        break;
    case USC_CK_FORM:
        a->slot = b->slot;
        a->j = b->value >> 4;
        a->choice = b->value & 15;
        break;
    case USC_CK_BANK:
        a->pos = b->slot;
        a->bank = b->value >> 1;
        a->bidx = b->value & 1;
        a->bw = b->aux & 1;
        break;
    case USC_CK_IS:
        a->isk = b->slot;
        a->isv = b->value;
        break;
    case USC_CK_MODS:
        a->modj = b->slot;
        a->modc = b->value;
        break;
    case USC_CK_MFIELD:
        a->m = b->value;
        break;
    case USC_CK_MASK:
        a->pred = b->value >> 1;
        a->ign = b->value & 1;
        break;
    case USC_CK_COMBO:
        a->combo = b->value;
        a->whole = b->aux & 1;
        if (a->whole) {                     /* a whole-ALU row in phase 0 */
            ug *tt = t;
            int op = pick_row(tt, USC_SL_P0, 1);
            if (op < 0) {
                gpuref_gx_aimed(t->x, 0);
                a->kind = -1;
                return;
            }
            a->row = op;
            a->slot = USC_SL_P0;
        }
        break;
    case USC_CK_OUT: case USC_CK_IN: {
        int r = aim_reg(t);
        a->vreg = r;
        if (r >= 0) {
            unsigned vc = b->value;
            uint32_t v = vc >= USC_IN_ONE ? (vc == USC_IN_ONE ? 0x3f800000u : 0xbf800000u)
                         : vc >= GPUREF_VC_FPZERO ? gpuref_vc_example_float(t->r, vc, 32)
                         : gpuref_vc_example_int(t->r, vc, 32);
            /* a result class of a complex op comes from the inputs that
             * give each (log2(1) = +0, exp2(-140) and 1/2^127 denormal,
             * the zeros, infinities, NaN, negatives) rather than from an
             * input of that class */
            static const uint32_t cplx_in[] = { 0x3f800000, 0xc30c0000, 0x7f000000, 0x00000000,
                                                0x80000000, 0x7f800000, 0xff800000, 0x7fc00000,
                                                0xbf800000, 0x00000001, 0x40800000, 0xff000000 };
            if (kind == USC_CK_OUT && b->opcode >= 0 && usc_rows[b->opcode].exec == usc_x_cplx &&
                gpuref_rng_chance(t->r, 60))
                v = cplx_in[gpuref_rng_below(t->r, sizeof cplx_in / sizeof cplx_in[0])];
            for (unsigned l = 0; l < USC_MAXI; l++)
                t->aimv[r - AIMREG][l] = v;
        }
        break;
    }
    case USC_CK_CND: {
        int r = aim_reg(t);
        a->vreg = r;
        a->choice = (b->value >> 1) & 3;
        unsigned n = b->value >> 3;
        for (unsigned l = 0; r >= 0 && l < USC_MAXI; l++)
            t->aimv[r - AIMREG][l] = (l & 1) ? gpuref_rng_below(t->r, 4)
                                     : n < 3 ? n : 3 + gpuref_rng_below(t->r, 100);
        a->pescr = !(b->value & 1);
        break;
    }
    case USC_CK_SHIFT: {
        int r = aim_reg(t);
        a->vreg = r;
        a->cntpos = 2;
        for (unsigned l = 0; r >= 0 && l < USC_MAXI; l++)
            t->aimv[r - AIMREG][l] = usc_shift_counts[b->value % USC_NSHIFT];
        break;
    }
    default:
        break;
    }
    a->kind = kind;
    /* a memory row: only its row x slot bin, through the memory construct */
    int memrow = a->row >= 0 && a->row < (int)USC_NOPS && USC_MEM_ROW((unsigned)a->row) &&
                 kind == USC_CK_OP && t->x->weights[IT_MEM] && t->x->weights[a->row];
    if (a->row >= 0 && (a->row >= (int)USC_NOPS || !usc_row_runs((unsigned)a->row) || (!t->w[a->row] && !memrow) ||
                        (t->insub && a->row == USC_OP_CNDSETL) ||
                        (a->slot >= 0 && usc_form_of((unsigned)a->row, (unsigned)a->slot) < 0))) {
        gpuref_gx_aimed(t->x, 0);
        a->kind = -1;
        a->row = -1;
    }
    /* branch rows come through the branch construct */
    if (a->row == USC_OP_BA || a->row == USC_OP_BAL || a->row == USC_OP_BR || a->row == USC_OP_BRL ||
        a->row == USC_OP_LAPC)
        a->slot = USC_SL_BE;
}

static int is_branch_row(int op)
{
    return op == USC_OP_BA || op == USC_OP_BAL || op == USC_OP_BR || op == USC_OP_BRL;
}

/* Memory: the construct of --mix mem.  A memory row (LD, ST, ATOM or IDF,
 * by the weights of those rows) whose operands the plan fixes, then 0-2
 * ordinary groups (no branch: nothing jumps out of the construct), then
 * (ignorepe) wdf on the row's DRC, which every instance executes: at most 16
 * registers are outstanding (D39's bound is 32) and nothing is outstanding
 * at the end of the task.  Addresses come from r216-r219, each the image's
 * base plus per instance an offset below 1 KiB (one offset for every
 * instance, a stride of 4, 16 or 32 bytes, or random; unaligned in a third
 * of the registers: the rows align down); the image is 1 KiB + 64 bytes of
 * random words, so that every access stays inside it, and it lies in one
 * aligned 16 KiB block (the RTL's data window, rtl/usc/README.md R19).  r220 holds burst
 * lengths 1-16 (a burst source), r221 coverage masks.  LD's destination
 * runs are r0-r15 or vi0-vi7, ST's data r0-r15, ATOM's source/destination
 * (and CMPXCHG's comparator after it) r0-r15: the registers the other rows
 * read. */
static unsigned mem_pos(ug *t, unsigned *used)
{
    unsigned k;
    do
        k = gpuref_rng_below(t->r, 6);
    while (*used >> k & 1);
    *used |= 1u << k;
    return k;
}

static void mem_fix(memplan *m, unsigned k, unsigned bank, unsigned index)
{
    memset(&m->s[k], 0, sizeof m->s[k]);
    m->s[k].bank = (uint8_t)bank;
    m->s[k].index = (uint16_t)index;
    m->pos |= 1u << k;
}

static void mem_construct(ug *t, unsigned *budget, int force)
{
    static const unsigned rows[4] = { USC_OP_LD, USC_OP_ST, USC_OP_ATOM, USC_OP_IDF };
    unsigned wr[4];
    for (unsigned k = 0; k < 4; k++)
        wr[k] = force >= 0 ? (int)rows[k] == force : usc_row_runs(rows[k]) ? t->x->weights[rows[k]] : 0;
    int pk = gpuref_gx_pick(t->r, wr, 4);
    if (pk < 0)
        return;
    unsigned op = rows[pk], drc = gpuref_rng_below(t->r, 2);
    memplan *m = &t->mp;
    memset(m, 0, sizeof *m);
    unsigned used = op == USC_OP_LD ? 1u << 3 : 0;
    unsigned pa = mem_pos(t, &used);
    mem_fix(m, pa, USC_B_R, MEMREG + gpuref_rng_below(t->r, NMADDR));
    m->ctl = drc | pa << 1;
    unsigned n = 16;                          /* the longest burst */
    if (op == USC_OP_LD || op == USC_OP_ST) {
        if (gpuref_rng_chance(t->r, 75)) {
            n = 1 + gpuref_rng_below(t->r, 16);
            m->ctl |= 7u << 4 | (n - 1) << 7;
        } else {
            unsigned pb = mem_pos(t, &used);
            mem_fix(m, pb, USC_B_R, MEMREG + NMADDR);
            m->ctl |= pb << 4;
        }
    }
    if (op == USC_OP_LD) {
        if (n <= 8 && gpuref_rng_chance(t->r, 20))
            mem_fix(m, 3, USC_B_VI, gpuref_rng_below(t->r, 8 - n + 1));
        else
            mem_fix(m, 3, USC_B_R, gpuref_rng_below(t->r, NPOOL - n + 1));
    } else if (op == USC_OP_ST) {
        unsigned pd = mem_pos(t, &used);
        mem_fix(m, pd, USC_B_R, gpuref_rng_below(t->r, NPOOL - n + 1));
        m->ctl |= pd << 11 | gpuref_rng_below(t->r, 3) << 14;
        if (gpuref_rng_chance(t->r, 50)) {
            m->ctl |= 7u << 16;
        } else {
            unsigned pc = mem_pos(t, &used);
            mem_fix(m, pc, USC_B_R, MEMREG + NMADDR + 1);
            m->ctl |= pc << 16;
        }
    } else if (op == USC_OP_ATOM) {
        unsigned pd = mem_pos(t, &used);
        mem_fix(m, pd, USC_B_R, gpuref_rng_below(t->r, NPOOL - 1));
        m->ctl |= pd << 11 | gpuref_rng_below(t->r, USC_NATOM) << 19;
    }
    usc_group g;
    pgrp *p;
    if (!make_group(t, &g, 0, (int)op) || !(p = push(t)))
        return;
    p->g = g;
    t->mem_used = 1;
    (*budget)--;
    t->x->ninsns++;
    t->a.kind = -1;                           /* the aim, if any, was the memory row's */
    t->a.row = -1;
    for (unsigned k = gpuref_rng_below(t->r, 3); k > 0 && *budget > 0; k--) {
        if (!make_group(t, &g, gpuref_rng_chance(t->r, 20), -1) || !(p = push(t)))
            break;
        p->g = g;
        (*budget)--;
        t->x->ninsns++;
    }
    if ((p = push_be(t, USC_OP_WDF)) != NULL)
        set_choice(&p->g.ins[0], 0, drc);
}

/* the image and the registers of the memory construct */
static void mem_init(ug *t)
{
    uint64_t v[USC_MAXI];
    char key[32];
    for (unsigned j = 0; j < NMADDR; j++) {
        unsigned mode = gpuref_rng_below(t->r, 3), stride = 4u << (2 * gpuref_rng_below(t->r, 2));
        stride = gpuref_rng_chance(t->r, 30) ? 32 : stride;
        uint32_t off0 = gpuref_rng_below(t->r, 1024);
        int mis = gpuref_rng_chance(t->r, 33);
        for (unsigned l = 0; l < USC_MAXI; l++) {
            uint32_t off = mode == 0 ? off0 : mode == 1 ? (off0 + l * stride) % 1024
                           : gpuref_rng_below(t->r, 1024);
            v[l] = t->mem_base + (mis ? off : off & ~3u);
        }
        snprintf(key, sizeof key, "r%u", MEMREG + j);
        gpuref_gx_reg(t->x, key, 8, v, USC_MAXI);
    }
    for (unsigned l = 0; l < USC_MAXI; l++)
        v[l] = 1 + gpuref_rng_below(t->r, 16);
    snprintf(key, sizeof key, "r%u", MEMREG + NMADDR);
    gpuref_gx_reg(t->x, key, 8, v, USC_MAXI);
    for (unsigned l = 0; l < USC_MAXI; l++)
        v[l] = (uint32_t)gpuref_rng_value(t->r, 32, 0);
    snprintf(key, sizeof key, "r%u", MEMREG + NMADDR + 1);
    gpuref_gx_reg(t->x, key, 8, v, USC_MAXI);
    uint32_t w[MEMWORDS];
    for (unsigned i = 0; i < MEMWORDS; i++)
        w[i] = (uint32_t)gpuref_rng_value(t->r, 32, t->x->opts->special_pct);
    gpuref_gx_mem(t->x, "mem", t->mem_base, w, MEMWORDS);
}

/* one random group (and what a construct puts around it) */
static void step_group(ug *t, unsigned *budget)
{
    set_target(t);
    pgrp *p;
    usc_group g;
    int aimbr = t->a.kind >= 0 && t->a.row >= 0 && is_branch_row(t->a.row);
    if (t->a.kind >= 0 && t->a.row == USC_OP_LAPC) {
        gpuref_gx_aimed(t->x, 0);     /* every call returns by LAPC */
        t->a.kind = -1;
        t->a.row = -1;
    }
    unsigned wk[5] = { 100, t->x->weights[IT_BITWISE] * 4, t->insub ? 0 : t->x->weights[IT_BRANCH],
                       t->x->weights[IT_CND], t->x->weights[IT_MEM] };
    int c = t->a.kind >= 0 ? 0 : gpuref_gx_pick(t->r, wk, 5);
    if (c == 4 || (t->a.kind == USC_CK_OP && t->a.row >= 0 && USC_MEM_ROW((unsigned)t->a.row))) {
        mem_construct(t, budget, c == 4 ? -1 : t->a.row);
        return;
    }
    if (t->a.kind == USC_CK_CND && t->a.pescr)
        scramble_pe(t);
    if (aimbr && t->insub) {                 /* subroutines hold no branch */
        gpuref_gx_aimed(t->x, 0);
        t->a.kind = -1;
        aimbr = 0;
    }
    if (aimbr || c == 2) {                       /* a forward branch over 0-3 groups */
        unsigned wb[4] = { t->w[USC_OP_BA], t->w[USC_OP_BR], t->insub ? 0 : t->w[USC_OP_BAL],
                           t->insub ? 0 : t->w[USC_OP_BRL] };
        static const int rows[4] = { USC_OP_BA, USC_OP_BR, USC_OP_BAL, USC_OP_BRL };
        int k = aimbr ? -1 : gpuref_gx_pick(t->r, wb, 4);
        int op = aimbr ? t->a.row : k >= 0 ? rows[k] : -1;
        if (op < 0)
            return;
        if (!make_group(t, &g, 0, op) || !(p = push(t)))
            return;
        p->g = g;
        p->tgt = (int)(t->np + gpuref_rng_below(t->r, 4));   /* the group after + 0-3 */
        (*budget)--;
        t->x->ninsns++;
        return;
    }
    if (!make_group(t, &g, c == 1, -1) || !(p = push(t)))
        return;
    p->g = g;
    (*budget)--;
    t->x->ninsns++;
    int cnd = g.ninsn && usc_rows[g.ins[0].op].exec == usc_x_cnd;
    if (c == 3 || (cnd && gpuref_rng_chance(t->r, 40)))
        restore_pe(t);
}

/* a subroutine call: (ignorepe) bal/brl to the subroutine */
static void call(ug *t, unsigned sub)
{
    unsigned wb[2] = { t->w[USC_OP_BAL], t->w[USC_OP_BRL] };
    int k = gpuref_gx_pick(t->r, wb, 2);
    if (k < 0)
        return;
    pgrp *p = push_be(t, k ? USC_OP_BRL : USC_OP_BAL);
    if (p)
        p->tgt = -3 - (int)sub;                  /* fixed up below */
}

static void line(ug *t, const char *s, size_t n)
{
    gpuref_gx_line(t->x, s, n);
}

static int ug_test(gpuref_genctx *x, char *err)
{
    ug *t = calloc(1, sizeof *t);
    pgrp *p = t ? calloc(MAXG, sizeof *p) : NULL;
    if (!t || !p) {
        free(t);
        free(p);
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    }
    usc_desc_init();
    t->x = x;
    t->r = &x->rng;
    t->p = p;
    for (unsigned i = 0; i < USC_NOPS; i++)
        /* the memory rows (D37) come only through the memory construct
         * (--mix mem); FITR, FITRP, SMP, UVSW, DITR, ITRSMP (D47-D52) are not
         * drawn: the generator draws no iterator or texture data for them */
        t->w[i] = usc_row_runs(i) && !USC_CTL1_ROW(i) && !USC_IT_ROW(i) ? x->weights[i] : 0;
    t->a.kind = -1;
    t->ni = gpuref_rng_chance(t->r, 50) ? 32 : 16;
    if (x->weights[IT_MEM])                  /* drawn only then: a mix without mem makes the same programs */
        t->mem_base = 0x4000u * gpuref_rng_below(t->r, 2) + 0x100u * (1 + gpuref_rng_below(t->r, 0x3a));
    snprintf(x->config, sizeof x->config, "instances=%u", t->ni);
    gpuref_gx_knob(x, IT_KFUSED, "fmad_fused", "0");
    gpuref_gx_knob(x, IT_KRNE, "cvt_f64_int_rne", "1");
    gpuref_gx_knob(x, IT_KSAT, "small_float_sat", "1");
    gpuref_gx_knob(x, IT_KSOP, "sop_fused", "1");
    /* the main sequence */
    unsigned budget = x->opts->length ? x->opts->length : 1;
    unsigned nsub = 0, calls = 0;
    unsigned stall = 0;
    while (budget > 0 && t->np < MAXG - 64 && stall < 1000) {
        unsigned before = budget;
        if (x->weights[IT_CALL] && gpuref_rng_below(t->r, 100 * 10) < x->weights[IT_CALL] * 10 &&
            (t->w[USC_OP_BAL] || t->w[USC_OP_BRL]) && (t->w[USC_OP_LAPC])) {
            unsigned s = nsub < 4 && (nsub == 0 || gpuref_rng_chance(t->r, 50)) ? nsub++
                         : gpuref_rng_below(t->r, nsub);
            call(t, s);
            calls++;
            budget--;
            x->ninsns++;
            continue;
        }
        step_group(t, &budget);
        stall = budget == before ? stall + 1 : 0;
    }
    unsigned nmain = t->np;
    if (nsub) {                                  /* the end of the main sequence */
        pgrp *e = push_be(t, USC_OP_BA);
        if (e)
            e->tgt = -2;
    }
    unsigned substart[4] = { 0 };
    for (unsigned s = 0; s < nsub; s++) {
        substart[s] = t->np;
        t->insub = 1;
        unsigned n = 1 + gpuref_rng_below(t->r, 3), sb = 100;
        for (unsigned k = 0; k < n; k++)
            step_group(t, &sb);
        pgrp *r = push_be(t, USC_OP_LAPC);
        /* sometimes predicated: no instance may execute it, and the
         * subroutine then runs on into the next (or to the end) */
        if (r && gpuref_rng_chance(t->r, 20))
            r->g.pred = (uint8_t)(1 + gpuref_rng_below(t->r, 2));
        t->insub = 0;
    }
    /* addresses, then branch targets (has_imm is fixed: sizes do not change) */
    uint32_t *addr = malloc((t->np + 1) * sizeof *addr);
    if (!addr) {
        free(p);
        free(t);
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    }
    uint32_t words[32];
    unsigned nw = 0, pc = 0;
    for (unsigned i = 0; i < t->np; i++) {
        addr[i] = pc;
        usc_encode_group(&p[i].g, words, &nw);
        pc += nw * 4;
    }
    addr[t->np] = pc;
    int rc = GPUREF_OK;
    for (unsigned i = 0; i < t->np && rc == GPUREF_OK; i++) {
        pgrp *q = &p[i];
        if (q->tgt != -1) {
            unsigned to = q->tgt == -2 ? t->np : q->tgt <= -3 ? substart[-3 - q->tgt]
                          : (unsigned)q->tgt > nmain ? nmain : (unsigned)q->tgt;
            for (unsigned k = 0; k < q->g.ninsn; k++) {
                usc_ins *in = &q->g.ins[k];
                if (in->op == USC_OP_BA || in->op == USC_OP_BAL)
                    in->imm = addr[to] / 2;
                else if (in->op == USC_OP_BR || in->op == USC_OP_BRL)
                    in->imm = (uint32_t)((int32_t)addr[to] - (int32_t)addr[i]) / 2;
            }
        }
        char buf[2048];
        usc_group chk;
        char e2[GPUREF_ERRLEN];
        usc_encode_group(&q->g, words, &nw);
        if (usc_decode_group(words, nw, &chk, e2) != GPUREF_OK ||
            usc_disasm_group(&chk, addr[i], buf, sizeof buf) != GPUREF_OK) {
            rc = gpuref_errf(err, GPUREF_ERR_DECODE, "usc generator: group %u does not decode: %s", i, e2);
            break;
        }
        for (const char *s = buf; *s;) {
            const char *e = strchr(s, '\n');
            size_t n = e ? (size_t)(e - s) : strlen(s);
            line(t, s, n);
            s += n + (e != NULL);
        }
    }
    x->max_steps = (uint64_t)t->np * (calls + 2) + 64;
    /* initial state */
    uint64_t v[USC_MAXI];
    char key[32];
    for (unsigned f = 0; f < 6; f++) {
        static const char *const fn[6] = { "r", "vi", "i", "cf", "cfa", "sh" };
        static const unsigned cnt[6] = { NPOOL, 8, 8, 8, 8, NPOOL };
        int uni = f >= 3;
        for (unsigned i = 0; i < cnt[f]; i++) {
            unsigned kind = gpuref_rng_below(t->r, 10);
            unsigned n = uni ? 1 : USC_MAXI;
            for (unsigned l = 0; l < n; l++)
                v[l] = kind < 2 ? gpuref_rng_below(t->r, 4)            /* counters, shift counts */
                       : kind < 3 ? (l ? v[0] : gpuref_rng_value(t->r, 32, x->opts->special_pct))
                       : gpuref_rng_value(t->r, 32, x->opts->special_pct);
            snprintf(key, sizeof key, "%s%u", fn[f], i);
            gpuref_gx_reg(x, key, 8, v, n);
        }
    }
    for (unsigned i = 0; i < USC_NIDX; i++) {
        for (unsigned l = 0; l < USC_MAXI; l++)
            v[l] = gpuref_rng_below(t->r, 4);
        snprintf(key, sizeof key, "idx%u", i);
        gpuref_gx_reg(x, key, 8, v, USC_MAXI);
    }
    for (unsigned l = 0; l < USC_MAXI; l++)
        v[l] = gpuref_rng_below(t->r, 2);
    gpuref_gx_reg(x, "p0", 1, v, USC_MAXI);
    if (gpuref_rng_chance(t->r, 25)) {
        for (unsigned l = 0; l < USC_MAXI; l++)
            v[l] = l < t->ni && gpuref_rng_chance(t->r, 70);
        gpuref_gx_reg(x, "pe", 1, v, USC_MAXI);
    }
    if (t->mem_used)
        mem_init(t);
    for (unsigned k = 0; k < t->naim; k++) {
        for (unsigned l = 0; l < USC_MAXI; l++)
            v[l] = t->aimv[k][l];
        snprintf(key, sizeof key, "r%u", AIMREG + k);
        gpuref_gx_reg(x, key, 8, v, USC_MAXI);
    }
    free(addr);
    free(p);
    free(t);
    return rc;
}

const gpuref_isa_gen gpuref_usc_gen = {
    .items = ug_items,
    .nitems = NITEMS,
    .test = ug_test,
};
