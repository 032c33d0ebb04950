/* r700_gen.c - the R700 random program generator (gpuref gen --isa r700).
 *
 * A test is a CF program of ALU clauses, if/else constructs (ALU_PUSH_BEFORE
 * with a PRED_SET* UEM, JUMP, ELSE, POP) and DX9 loops (LOOP_START with a
 * trip count of 0-3 from an I constant, LOOP_END), nested up to three deep,
 * fetch clauses (TEX, VTX, VTX_TC of FETCH, SEMANTIC, LD and
 * GET_TEXTURE_RESINFO on resources and memory the test sets up) and exports
 * (EXPORT/EXPORT_DONE of every type, MEM_STREAM0-3, MEM_SCRATCH,
 * MEM_REDUCTION, MEM_RING, MEM_EXPORT, with bursts, RW_REL and masks),
 * ended by CF_END (sometimes after an EXPORT_DONE).  Fetch and export
 * instructions are encoded and must pass the model's decoder, as groups do.
 * Groups are legal by construction: each is drawn at random (units x..w
 * and t, rows of the description, operands of every kind: GPRs, clause
 * temporaries, relative GPRs and constants through AR or aL, in range or not, kcache constants of
 * the clause's random lines, the constant file, inline constants, literals,
 * PV/PS of the units the previous group of the clause used), encoded, and
 * passed through the model's own decoder and legality check
 * (r700_decode_group, r700_group_check); one that fails is drawn again.  The
 * text comes from the model's disassembler, so it assembles to the words
 * checked.  Nothing drawn reads what the README leaves undefined (D13: PV/PS
 * of an unused unit, NOP or MOVA; D37: relative clause temporaries).
 *
 * Targeting (--target): a hole of r700_cov.c's op, slot, omod/clamp and pred
 * bins is aimed at by forcing the next group's row, unit and modifiers. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r700.h"

enum {
    IT_IF = R700_NALU, IT_LOOP, IT_EXPORT,
    IT_FETCH,                            /* a fetch clause (TEX, VTX, VTX_TC) */
    IT_VFETCH, IT_SEMANTIC, IT_LD, IT_RESINFO,     /* the fetch rows the model runs */
    IT_MEM0,                             /* MEM_STREAM0..3, SCRATCH, REDUCTION, RING, EXPORT */
    IT_KNOB0 = IT_MEM0 + 8,              /* the model knobs (group "knob"), knob_keys order */
    IT_MEMRD = IT_KNOB0 + 5,             /* a memory-read clause (VTX, VTX_TC; D49) */
    IT_MRD0,                             /* MEM_RD_SCRATCH, MEM_RD_REDUC, MEM_RD_SCATTER */
    IT_LDS = IT_MRD0 + 3,                /* an LDS clause (TEX; D49) */
    IT_DSW, IT_DSR,                      /* LOCAL_DS_WRITE, LOCAL_DS_READ */
    NITEMS
};
/* The knobs a program may set (--mix knob_NAME: W, the percent of programs
 * with NAME=1; README "Random programs"): the ones that change what a group
 * computes.  stack_size, gprs and temps are left at their defaults: the
 * programs are built for them (the clause temporaries R124-R127, the stack
 * depth of three nested constructs). */
static const char *const knob_keys[5] = { "prefer_trans", "sub_guide", "shift_mask",
                                          "flt_to_int_rne", "sin_radians" };
/* the CF rows of the memory exports, in item order */
static const uint16_t mem_rows[8] = {
    R700_CF_MEM_STREAM0, R700_CF_MEM_STREAM1, R700_CF_MEM_STREAM2, R700_CF_MEM_STREAM3,
    R700_CF_MEM_SCRATCH, R700_CF_MEM_REDUCTION, R700_CF_MEM_RING, R700_CF_MEM_EXPORT,
};
static const uint16_t fetch_rows[4] = { R700_FX_FETCH, R700_FX_SEMANTIC, R700_FX_LD,
                                        R700_FX_GET_TEXTURE_RESINFO };
static const uint16_t mrd_rows[3] = { R700_FX_MEM_RD_SCRATCH, R700_FX_MEM_RD_REDUC,
                                      R700_FX_MEM_RD_SCATTER };

#define G_ALU(n, u, f)                                                                 \
    ((u) == R700_U_TRANS ? "trans alu r700" : (u) == R700_U_RED ? "reduction alu r700"  \
     : (u) == R700_U_D2 || (u) == R700_U_D4 ? "double alu r700"                          \
     : ((f) & R700_RF_PRED) ? "pred alu r700" : ((f) & R700_RF_KILL) ? "kill alu r700"  \
     : ((f) & R700_RF_MOVA) ? "mova alu r700" : ((f) & R700_RF_INT) ? "int alu r700"    \
     : "float alu r700")

static const gpuref_gen_item r7g_items[NITEMS] = {
#define R700_ALU(n, e, o, ns, u, x, f) { #n, G_ALU(#n, R700_U_##u, f), 10 },
#define R700_CF(n, fm, o, x)
#include "r700.def"
#undef R700_ALU
#undef R700_CF
    [IT_IF] = { "if", "construct control r700", 25 },
    [IT_LOOP] = { "loop", "construct control r700", 15 },
    [IT_EXPORT] = { "export", "construct export r700", 30 },
    [IT_FETCH] = { "fetch", "construct fetch r700", 20 },
    [IT_VFETCH] = { "FETCH", "fetch vtx_fetch r700", 10 },
    [IT_SEMANTIC] = { "SEMANTIC", "fetch vtx_fetch r700", 4 },
    [IT_LD] = { "LD", "fetch tex_fetch r700", 6 },
    [IT_RESINFO] = { "GET_TEXTURE_RESINFO", "fetch tex_fetch r700", 3 },
    [IT_MEM0 + 0] = { "MEM_STREAM0", "mem_export export r700", 3 },
    [IT_MEM0 + 1] = { "MEM_STREAM1", "mem_export export r700", 2 },
    [IT_MEM0 + 2] = { "MEM_STREAM2", "mem_export export r700", 2 },
    [IT_MEM0 + 3] = { "MEM_STREAM3", "mem_export export r700", 2 },
    [IT_MEM0 + 4] = { "MEM_SCRATCH", "mem_export export r700", 3 },
    [IT_MEM0 + 5] = { "MEM_REDUCTION", "mem_export export r700", 3 },
    [IT_MEM0 + 6] = { "MEM_RING", "mem_export export r700", 3 },
    [IT_MEM0 + 7] = { "MEM_EXPORT", "mem_export export r700", 4 },
    [IT_KNOB0 + 0] = { "knob_prefer_trans", "knob r700", 0 },
    [IT_KNOB0 + 1] = { "knob_sub_guide", "knob r700", 0 },
    [IT_KNOB0 + 2] = { "knob_shift_mask", "knob r700", 0 },
    [IT_KNOB0 + 3] = { "knob_flt_to_int_rne", "knob r700", 0 },
    [IT_KNOB0 + 4] = { "knob_sin_radians", "knob r700", 0 },
    [IT_MEMRD] = { "mem_read", "construct mem_read r700", 8 },
    [IT_MRD0 + 0] = { "MEM_RD_SCRATCH", "mem_read r700", 3 },
    [IT_MRD0 + 1] = { "MEM_RD_REDUC", "mem_read r700", 3 },
    [IT_MRD0 + 2] = { "MEM_RD_SCATTER", "mem_read r700", 4 },
    [IT_LDS] = { "lds", "construct lds r700", 8 },
    [IT_DSW] = { "LOCAL_DS_WRITE", "lds r700", 4 },
    [IT_DSR] = { "LOCAL_DS_READ", "lds r700", 4 },
};

/* operand pools */
#define NPOOL   12u            /* R0..R11 */
#define IDX0    12u            /* R12, R13: small per-lane indices and texel coordinates */
#define NVRES   4u             /* vertex-buffer resources of a test */
#define NTRES   2u             /* texture resources of a test */
#define REGION  0x4000u        /* bytes of space mem given to each resource */
#define TEMP0   124u           /* clause temporaries R124..R127 (temps=4) */

typedef struct gt {
    gpuref_genctx *x;
    gpuref_rng    *r;
    unsigned       w[R700_NALU];      /* row weights of this test (0: not generated) */
    gpuref_wtab    vec, trs;          /* rows of the vector units, of the trans unit */
    uint64_t       cv[R700_NALU], ct[R700_NALU];
    uint16_t       iv[R700_NALU], it[R700_NALU];
    gpuref_wtab    prd;               /* PRED_SET* rows */
    uint64_t       cp[R700_NALU];
    uint16_t       ip[R700_NALU];
    unsigned       budget;            /* ALU instructions left */
    unsigned       nlabel;
    unsigned       depth, maxdepth;
    unsigned       loops;             /* I constants used (I0 ..) */
    /* the clause being built */
    uint8_t        kmode[2], kbank[2], kaddr[2];
    uint8_t        pvok;              /* units of the previous group whose PV/PS may be read */
    uint8_t        inloop;
    unsigned       sub[8], nsub;        /* subroutine labels */
    /* kcache lines to fill: bank, line, lines */
    struct { uint8_t bank, line, n; } kl[64];
    unsigned       nkl;
    int            aim_row, aim_unit, aim_omod, aim_clamp, aim_pred, aim_up, aim_uem;
    int            aim_lit;           /* 1: every source reads literal.x = aim_val */
    uint32_t       aim_val;
    /* fetch resources and memory exports (README, after the file table) */
    unsigned       lanes;
    uint8_t        vrid[NVRES], trid[NTRES];   /* resource ids: vertex buffers, textures */
    uint32_t       tfmt[NTRES], tlevels[NTRES];
    uint8_t        semid[8];                   /* SEMANTIC_IDs used (table entries to set) */
    unsigned       nsem;
    unsigned       fw[4], mw[8];               /* fetch row and MEM_* item weights */
    unsigned       fsum, msum;
    unsigned       rw[3], rsum, dw[2], dsum;        /* MEM_RD_* and LDS row weights */
    unsigned       sr_elem[2];                 /* element + 1 of the last MEM_SCRATCH /
                                                  MEM_REDUCTION WRITE (0: none yet) */
    r700_config    cfg;                        /* the knobs decoding reads (prefer_trans) */
} gt;

static int row_ok(unsigned op)
{
    const r700_alu_row *r = &r700_alu_rows[op];
    return r->exec != r700_x_unimpl;
}

static int is_float_row(const r700_alu_row *r)
{
    return !(r->flags & (R700_RF_INT | R700_RF_PRED | R700_RF_KILL | R700_RF_MOVA)) &&
           strcmp(r->name, "NOP") != 0;
}

/* ------------------------------------------------------------ encoding */

static void enc_src(const r700_src *o, uint32_t *w, unsigned lo)
{
    *w |= (uint32_t)(o->sel & 511) << lo | (uint32_t)(o->rel & 1) << (lo + 9) |
          (uint32_t)(o->chan & 3) << (lo + 10) | (uint32_t)(o->neg & 1) << (lo + 12);
}

/* the two words of a slot (the bit positions decode_slot reads, L7905-8243) */
static void enc_slot(const r700_slot *sl, uint32_t *w0, uint32_t *w1)
{
    const r700_alu_row *r = &r700_alu_rows[sl->row];
    *w0 = 0;
    *w1 = 0;
    enc_src(&sl->src[0], w0, 0);
    enc_src(&sl->src[1], w0, 13);
    *w0 |= (uint32_t)(sl->index_mode & 7) << 26 | (uint32_t)(sl->pred_sel & 3) << 29 |
           (uint32_t)(sl->last & 1) << 31;
    *w1 |= (uint32_t)(sl->bank_swizzle & 7) << 18 | (uint32_t)(sl->dst_gpr & 127) << 21 |
           (uint32_t)(sl->dst_rel & 1) << 28 | (uint32_t)(sl->dst_chan & 3) << 29 |
           (uint32_t)(sl->clamp & 1) << 31;
    if (r->enc == R700_ENC_OP3) {
        enc_src(&sl->src[2], w1, 0);
        *w1 |= (uint32_t)(r->op & 31) << 13;
    } else {
        *w1 |= (uint32_t)(sl->src[0].abs & 1) | (uint32_t)(sl->src[1].abs & 1) << 1 |
               (uint32_t)(sl->uem & 1) << 2 | (uint32_t)(sl->up & 1) << 3 |
               (uint32_t)(sl->write & 1) << 4 | (uint32_t)(sl->omod & 3) << 5 |
               (uint32_t)(r->op & 127) << 7;
    }
}

/* ------------------------------------------------------------ a group */

typedef struct gdraw {
    r700_slot sl[5];
    unsigned  n;
    uint32_t  lit[4];
    int       ar_elem;           /* the AR element indexed (-1: none yet) */
    int       mova;
} gdraw;

static void draw_src(gt *t, gdraw *d, r700_slot *sl, unsigned k, int rel_ok)
{
    r700_src *o = &sl->src[k];
    const r700_alu_row *r = &r700_alu_rows[sl->row];
    memset(o, 0, sizeof *o);
    o->chan = (uint8_t)gpuref_rng_below(t->r, 4);
    unsigned kind = gpuref_rng_below(t->r, 100);
    int kc = t->kmode[0] || t->kmode[1];
    if (kind < 40) {                             /* a GPR */
        o->sel = (uint16_t)gpuref_rng_below(t->r, NPOOL);
        if (rel_ok && gpuref_rng_chance(t->r, 12)) {
            o->rel = 1;                          /* AR.x or aL: any index, out of range reads R0 */
            o->sel = (uint16_t)gpuref_rng_below(t->r, 120);
        }
    } else if (kind < 48) {
        o->sel = (uint16_t)(TEMP0 + gpuref_rng_below(t->r, 4));
    } else if (kind < 60 && kc) {                /* kcache */
        unsigned b = t->kmode[0] && (!t->kmode[1] || gpuref_rng_chance(t->r, 50)) ? 0 : 1;
        unsigned lim = t->kmode[b] == 1 ? 16 : 32;
        o->sel = (uint16_t)(128 + 32 * b + gpuref_rng_below(t->r, lim));
        if (rel_ok && sl->index_mode == 4 && gpuref_rng_chance(t->r, 20))
            o->rel = 1;
    } else if (kind < 70) {                      /* the constant file */
        o->sel = (uint16_t)(256 + gpuref_rng_below(t->r, 256));
        if (rel_ok && gpuref_rng_chance(t->r, 15))
            o->rel = 1;
    } else if (kind < 80) {                      /* inline */
        static const uint16_t inl[] = { 244, 245, 246, 247, 248, 249, 250, 251, 252 };
        o->sel = inl[gpuref_rng_below(t->r, 9)];
        o->chan = 0;
    } else if (kind < 90 && t->pvok) {           /* PV / PS of a unit the last group used */
        unsigned u;
        do
            u = gpuref_rng_below(t->r, 5);
        while (!(t->pvok >> u & 1));
        o->sel = (uint16_t)(u == 4 ? 255 : 254);
        o->chan = (uint8_t)(u == 4 ? 0 : u);
    } else {                                     /* a literal */
        o->sel = 253;
        if (gpuref_rng_chance(t->r, 50))
            o->chan &= 1;
        d->lit[o->chan] = (uint32_t)gpuref_rng_value(t->r, 32, t->x->opts->special_pct);
    }
    o->neg = (uint8_t)gpuref_rng_chance(t->r, 15);
    if (r->enc == R700_ENC_OP2 && k < 2)
        o->abs = (uint8_t)gpuref_rng_chance(t->r, 15);
}

/* the fields of one slot of row op in unit u (0..4) */
static void draw_slot(gt *t, gdraw *d, unsigned op, unsigned u, unsigned dchan, int uem_ok)
{
    r700_slot *sl = &d->sl[d->n++];
    const r700_alu_row *r = &r700_alu_rows[op];
    memset(sl, 0, sizeof *sl);
    sl->row = (uint16_t)op;
    sl->dst_chan = (uint8_t)dchan;
    sl->unit = (uint8_t)u;
    sl->dst_gpr = (uint8_t)(gpuref_rng_chance(t->r, 15) ? TEMP0 + gpuref_rng_below(t->r, 4)
                                                        : gpuref_rng_below(t->r, NPOOL));
    sl->write = (uint8_t)(r->enc == R700_ENC_OP3 || !gpuref_rng_chance(t->r, 10));
    if (r->flags & R700_RF_MOVA)
        d->mova = 1;
    /* relative addressing: one AR element per group, none with a MOVA */
    int rel_ok = !(r->flags & R700_RF_MOVA) && !d->mova;
    if (rel_ok && gpuref_rng_chance(t->r, 30)) {
        unsigned m = t->inloop && gpuref_rng_chance(t->r, 40) ? 4 : gpuref_rng_below(t->r, 4);
        if (m < 4 && d->ar_elem >= 0)
            m = (unsigned)d->ar_elem;
        sl->index_mode = (uint8_t)m;
    } else
        rel_ok = 0;
    for (unsigned k = 0; k < r->nsrc; k++)
        draw_src(t, d, sl, k, rel_ok);
    if (rel_ok && sl->dst_gpr < TEMP0 && gpuref_rng_chance(t->r, 15)) {
        sl->dst_rel = 1;
        sl->dst_gpr = (uint8_t)gpuref_rng_below(t->r, 120);
    }
    int anyrel = sl->dst_rel;
    for (unsigned k = 0; k < r->nsrc; k++)
        anyrel |= sl->src[k].rel;
    if (anyrel && sl->index_mode < 4)
        d->ar_elem = sl->index_mode;
    if (!anyrel)
        sl->index_mode = 0;
    if (r->enc == R700_ENC_OP2 && is_float_row(r) && gpuref_rng_chance(t->r, 25))
        sl->omod = (uint8_t)(1 + gpuref_rng_below(t->r, 3));
    if (is_float_row(r) && gpuref_rng_chance(t->r, 20))
        sl->clamp = 1;
    if (gpuref_rng_chance(t->r, 12))
        sl->pred_sel = (uint8_t)(2 + gpuref_rng_below(t->r, 2));
    if (r->flags & R700_RF_PRED) {
        sl->up = (uint8_t)gpuref_rng_chance(t->r, 50);
        sl->uem = (uint8_t)(uem_ok && gpuref_rng_chance(t->r, 50));
    }
    sl->bank_swizzle = (uint8_t)gpuref_rng_below(t->r, u < 4 ? 6 : 4);
}

static void aim_mods(gt *t, r700_slot *sl)
{
    const r700_alu_row *r = &r700_alu_rows[sl->row];
    if (t->aim_omod >= 0 && r->enc == R700_ENC_OP2)
        sl->omod = (uint8_t)t->aim_omod;
    if (t->aim_clamp >= 0)
        sl->clamp = (uint8_t)t->aim_clamp;
    if (t->aim_pred >= 0)
        sl->pred_sel = (uint8_t)t->aim_pred;
    if (t->aim_up >= 0)
        sl->up = (uint8_t)t->aim_up;
    if (t->aim_uem >= 0)
        sl->uem = (uint8_t)t->aim_uem;
}

/* an OUT hole: every source of the aimed slot reads one value of the class
 * (x op x gives the class for moves, selects, MIN/MAX, AND/OR, and NaN,
 * infinities, zeros of the arithmetic) */
static void aim_srcs(gt *t, gdraw *d, r700_slot *sl)
{
    if (!t->aim_lit)
        return;
    for (unsigned k = 0; k < r700_alu_rows[sl->row].nsrc; k++) {
        memset(&sl->src[k], 0, sizeof sl->src[k]);
        sl->src[k].sel = 253;
    }
    sl->index_mode = 0;
    sl->dst_rel = 0;
    sl->omod = 0;
    sl->clamp = 0;
    d->lit[0] = t->aim_val;
}

/* Draw a group until it decodes and passes the legality check; its text
 * into buf.  need_pred: the group must hold a PRED_SET* with UEM.  Returns
 * the number of instructions (0: none could be drawn). */
static unsigned make_group(gt *t, int need_pred, char *buf, size_t len, uint8_t *units_out)
{
    for (unsigned tries = 0; tries < 64; tries++) {
        gdraw d;
        memset(&d, 0, sizeof d);
        d.ar_elem = -1;
        unsigned used = 0;
        int aimed = tries < 32 && t->aim_row >= 0;
        const r700_alu_row *ar = aimed ? &r700_alu_rows[t->aim_row] : NULL;
        if ((aimed && (ar->unit == R700_U_RED || ar->unit == R700_U_D4)) ||
            (!aimed && t->vec.sum && gpuref_rng_chance(t->r, 6))) {
            /* a reduction or a four-slot double: the four vector slots with
             * one opcode (L1886, L3808) */
            unsigned op = aimed ? (unsigned)t->aim_row : 0;
            if (!aimed) {
                unsigned wr[R700_NALU], nr = 0;
                for (unsigned i = 0; i < R700_NALU; i++) {
                    unsigned cu = r700_alu_rows[i].unit;
                    wr[i] = cu == R700_U_RED || cu == R700_U_D4 ? t->w[i] : 0;
                    nr += wr[i] != 0;
                }
                int p = nr ? gpuref_gx_pick(t->r, wr, R700_NALU) : -1;
                if (p < 0)
                    continue;
                op = (unsigned)p;
            }
            for (unsigned u = 0; u < 4; u++) {
                draw_slot(t, &d, op, u, u, 0);
                if (r700_alu_rows[op].unit == R700_U_D4)      /* FREXP_64 takes none */
                    d.sl[d.n - 1].omod = d.sl[d.n - 1].clamp = 0;
            }
            used = 15;
        } else {
            for (unsigned u = 0; u < 4; u++) {
                int force = aimed && ar->unit != R700_U_TRANS && (int)u == t->aim_unit;
                if (!force && !gpuref_rng_chance(t->r, 45))
                    continue;
                int op = force ? t->aim_row : gpuref_wtab_pick(&t->vec, t->r);
                if (op < 0)
                    break;
                if (r700_alu_rows[op].unit == R700_U_D2) {   /* a pair: x,y or z,w */
                    if (u & 1)
                        continue;
                    draw_slot(t, &d, (unsigned)op, u, u, 0);
                    draw_slot(t, &d, (unsigned)op, u + 1, u + 1, 0);
                    for (unsigned k = 2; k > 0; k--) {
                        d.sl[d.n - k].omod = 0;          /* PRED_SET*_64 take none (D40) */
                        d.sl[d.n - k].clamp = 0;
                    }
                    if (op == R700_OP_FLT64_TO_FLT32)    /* its odd slot: not written (D59) */
                        d.sl[d.n - 1].write = 0;
                    used |= 3u << u;
                    u++;
                    continue;
                }
                draw_slot(t, &d, (unsigned)op, u, u, need_pred);
                if (force) {
                    aim_mods(t, &d.sl[d.n - 1]);
                    aim_srcs(t, &d, &d.sl[d.n - 1]);
                }
                used |= 1u << u;
            }
        }
        int tforce = aimed && t->aim_unit == 4;
        if (tforce || (t->trs.sum && gpuref_rng_chance(t->r, d.n ? 35 : 100))) {
            int op = tforce ? t->aim_row : gpuref_wtab_pick(&t->trs, t->r);
            if (op >= 0 && r700_alu_rows[op].unit == R700_U_ANY && used == 0)
                op = -1;                          /* an ANY row reaches t only past a used unit */
            if (op >= 0) {
                unsigned dc = gpuref_rng_below(t->r, 4);
                if (r700_alu_rows[op].unit == R700_U_ANY)
                    while (!(used >> dc & 1))
                        dc = (dc + 1) & 3;
                draw_slot(t, &d, (unsigned)op, 4, dc, need_pred);
                if (tforce) {
                    aim_mods(t, &d.sl[d.n - 1]);
                    aim_srcs(t, &d, &d.sl[d.n - 1]);
                }
                used |= 16;
            }
        }
        if (need_pred) {                          /* a PRED_SET* with UEM in a free unit */
            int has = 0;
            for (unsigned i = 0; i < d.n; i++)
                has |= d.sl[i].uem;
            if (!has) {
                int op = gpuref_wtab_pick(&t->prd, t->r);
                unsigned u = 0;
                while (u < 4 && (used >> u & 1))
                    u++;
                if (op < 0 || u == 4)
                    continue;
                /* insert it in unit order */
                unsigned at = 0;
                while (at < d.n && d.sl[at].unit < u)
                    at++;
                r700_slot rest[5];
                unsigned nrest = d.n - at;
                memcpy(rest, &d.sl[at], nrest * sizeof rest[0]);
                d.n = at;
                draw_slot(t, &d, (unsigned)op, u, u, 1);
                d.sl[at].uem = 1;
                memcpy(&d.sl[d.n], rest, nrest * sizeof rest[0]);
                d.n += nrest;
                used |= 1u << u;
            }
        }
        if (!d.n)
            continue;
        uint32_t w[14];
        unsigned nlit = 0;
        for (unsigned i = 0; i < d.n; i++) {
            d.sl[i].last = i + 1 == d.n;
            enc_slot(&d.sl[i], &w[2 * i], &w[2 * i + 1]);
            for (unsigned k = 0; k < 3; k++)
                if (d.sl[i].src[k].sel == 253 && k < r700_alu_rows[d.sl[i].row].nsrc)
                    nlit = nlit > (d.sl[i].src[k].chan >= 2 ? 4u : 2u) ? nlit
                           : (d.sl[i].src[k].chan >= 2 ? 4u : 2u);
        }
        for (unsigned k = 0; k < nlit; k++)
            w[2 * d.n + k] = d.lit[k];
        r700_group g;
        char e2[GPUREF_ERRLEN];
        if (r700_decode_group(w, 2 * d.n + nlit, &t->cfg, &g, e2) || r700_group_check(&g, e2))
            continue;
        if (r700_disasm_group(&g, buf, len))
            continue;
        if (t->aim_row >= 0)
            gpuref_gx_aimed(t->x, aimed);
        /* the PV/PS a next group may read: units that computed a result */
        uint8_t ok = 0;
        for (unsigned i = 0; i < g.nslots; i++) {
            const r700_alu_row *r = &r700_alu_rows[g.slot[i].row];
            if (!(r->flags & (R700_RF_MOVA | R700_RF_KILL)) && strcmp(r->name, "NOP"))
                ok |= (uint8_t)(1u << g.slot[i].unit);
        }
        *units_out = ok;
        return g.nslots;
    }
    if (t->aim_row >= 0)
        gpuref_gx_aimed(t->x, 0);
    return 0;
}

/* ------------------------------------------------------------ the program */

static void line(gt *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void line(gt *t, const char *fmt, ...)
{
    char b[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b, sizeof b, fmt, ap);
    va_end(ap);
    if (n > 0)
        gpuref_gx_line(t->x, b, (size_t)n < sizeof b ? (size_t)n : sizeof b - 1);
}

/* the text of a group, line by line, indented */
static void put_group(gt *t, const char *g)
{
    while (*g) {
        const char *e = strchr(g, '\n');
        size_t n = e ? (size_t)(e - g) : strlen(g);
        line(t, "  %.*s", (int)n, g);
        g += n + (e != NULL);
    }
}

/* The next group's aim (--target): a hole of r700_cov.c.  op bins: the row in
 * its unit; omod x clamp: a float row (ADD) with those modifiers; pred: a
 * PRED_SETGT with that PRED_SEL, UPDATE_PRED and UPDATE_EXECUTE_MASK (UEM
 * only where the clause allows it).  Other bins are left to chance. */
static void set_target(gt *t, int uem_ok)
{
    t->aim_row = t->aim_unit = t->aim_omod = t->aim_clamp = t->aim_pred = -1;
    t->aim_up = t->aim_uem = -1;
    t->aim_lit = 0;
    const gpuref_cov_bin *b = gpuref_gx_target(t->x);
    if (!b)
        return;
    unsigned kind = b->aux >> 8;
    int row = b->opcode;
    if (b->cat == GPUREF_COV_MOD && kind == 1) {
        row = R700_OP_ADD;
        t->aim_omod = b->value >> 1 & 3;
        t->aim_clamp = b->value & 1;
    } else if (b->cat == GPUREF_COV_MOD && kind == 2) {
        row = R700_OP_PRED_SETGT;
        unsigned ps = b->value >> 2;
        t->aim_pred = ps == 0 ? 0 : (int)ps + 1;
        t->aim_up = b->value >> 1 & 1;
        t->aim_uem = b->value & 1;
        if (t->aim_uem && !uem_ok)
            row = -1;
    } else if (b->cat == GPUREF_COV_OUT && b->opcode >= 0 && b->opcode < R700_NALU) {
        t->aim_lit = 1;
        t->aim_val = b->value >= GPUREF_VC_FPZERO ? gpuref_vc_example_float(t->r, b->value, 32)
                                                 : gpuref_vc_example_int(t->r, b->value, 32);
    } else if (b->cat != GPUREF_COV_OP && !(b->cat == GPUREF_COV_MOD && kind == 7))
        row = -1;
    if (row < 0 || row >= R700_NALU || !row_ok((unsigned)row) || !t->w[row]) {
        gpuref_gx_aimed(t->x, 0);
        t->aim_omod = t->aim_clamp = t->aim_pred = t->aim_up = t->aim_uem = -1;
        return;
    }
    const r700_alu_row *r = &r700_alu_rows[row];
    t->aim_row = row;
    unsigned u = b->cat == GPUREF_COV_MOD && kind == 7 && (b->aux & 0xff) < 5 ? (b->aux & 0xffu)
                 : gpuref_rng_below(t->r, 5);
    if (r->unit == R700_U_TRANS)
        u = 4;
    else if (r->unit != R700_U_ANY && u == 4)
        u = gpuref_rng_below(t->r, 4);
    if (r->unit == R700_U_D2)
        u &= 2;                                  /* the pair's even slot */
    if (r->unit == R700_U_D4)
        u = 0;
    t->aim_unit = (int)u;
}

static void clause(gt *t, const char *kind, int need_pred)
{
    char kc[2][40];
    for (unsigned b = 0; b < 2; b++) {
        t->kmode[b] = 0;
        kc[b][0] = 0;
        if (!gpuref_rng_chance(t->r, 40) || t->nkl >= 64)
            continue;
        t->kmode[b] = (uint8_t)(1 + gpuref_rng_below(t->r, 2));
        t->kbank[b] = (uint8_t)gpuref_rng_below(t->r, 16);
        t->kaddr[b] = (uint8_t)gpuref_rng_below(t->r, 255);
        unsigned lo = t->kaddr[b] * 16u, n = t->kmode[b] == 1 ? 16u : 32u;
        snprintf(kc[b], sizeof kc[b], "CB%u:%u-%u", t->kbank[b], lo, lo + n - 1);
        t->kl[t->nkl].bank = t->kbank[b];
        t->kl[t->nkl].line = t->kaddr[b];
        t->kl[t->nkl].n = (uint8_t)(n / 16);
        t->nkl++;
    }
    line(t, "%s KC0[%s], KC1[%s]", kind, kc[0], kc[1]);
    t->pvok = 0;
    unsigned ng = 1 + gpuref_rng_below(t->r, 5), slots = 0;
    for (unsigned i = 0; i < ng; i++) {
        char buf[1024];
        uint8_t units = 0;
        int np = need_pred && i + 1 == ng;
        set_target(t, np);
        unsigned n = make_group(t, np, buf, sizeof buf, &units);
        if (!n) {
            snprintf(buf, sizeof buf, np ? "PRED_SETGT * T%u.X, T0.X, T0.Y UEM NOWRITE"
                                         : "MOV * T%u.X, 1.0", gpuref_rng_below(t->r, NPOOL));
            n = 1;
            units = np ? 0 : 1;
        }
        put_group(t, buf);
        t->pvok = units;
        slots += n;
        t->x->ninsns += n;
        t->budget = t->budget > n ? t->budget - n : 0;
        if (slots > 40)
            break;
    }
}

static void block(gt *t, int nonempty);

/* if/else: ALU_PUSH_BEFORE (a PRED_SET* with UEM), then one of
 *   JUMP @else; block; else: ELSE @join; block; join: POP POP:1
 *   ALU_POP_AFTER                          (the then clause pops)
 *   ALU_ELSE_AFTER; ALU_POP_AFTER          (then and else clauses)
 *   ALU_PUSH_BEFORE (UEM); ALU_POP2_AFTER  (two levels popped at once) */
static void construct_if(gt *t)
{
    unsigned a = t->nlabel++, b = t->nlabel++;
    clause(t, "ALU_PUSH_BEFORE", 1);
    t->depth++;
    switch (gpuref_rng_below(t->r, 6)) {
    case 0:
        clause(t, "ALU_POP_AFTER", 0);
        break;
    case 1:
        clause(t, "ALU_ELSE_AFTER", 0);
        clause(t, "ALU_POP_AFTER", 0);
        break;
    case 2:
        clause(t, "ALU_PUSH_BEFORE", 1);
        clause(t, "ALU_POP2_AFTER", 0);
        break;
    default:
        line(t, "JUMP @L%u", a);
        block(t, 0);
        line(t, "L%u: ELSE @L%u", a, b);
        block(t, 0);
        line(t, "L%u: POP POP:1", b);
        break;
    }
    t->depth--;
}

/* loops: LOOP_START / LOOP_START_NO_AL with a trip count of 0-3 from an I
 * constant (sometimes a LOOP_BREAK or LOOP_CONTINUE on a boolean constant),
 * or LOOP_START_DX10 whose body ends with an ALU_BREAK clause in which every
 * pixel breaks (PRED_SETNE 0.0, 0.0 fails), so that every loop ends. */
static void construct_loop(gt *t)
{
    unsigned k = t->loops < R700_NICONST ? t->loops++ : gpuref_rng_below(t->r, R700_NICONST);
    unsigned a = t->nlabel++, b = t->nlabel++, e = t->nlabel++;
    unsigned kind = gpuref_rng_below(t->r, 5);   /* 0-1 DX9, 2 NO_AL, 3 DX10, 4 DX9 + break */
    if (kind == 3)
        line(t, "LOOP_START_DX10 @L%u", b);
    else
        line(t, "%s @L%u CF_CONST:%u", kind == 2 ? "LOOP_START_NO_AL" : "LOOP_START", b, k);
    t->depth++;
    t->inloop++;
    char lab[16];
    snprintf(lab, sizeof lab, "L%u:", a);
    gpuref_gx_line(t->x, lab, strlen(lab));
    clause(t, "ALU", 0);
    if (kind == 4)
        line(t, "%s @L%u COND:%s CF_CONST:%u", gpuref_rng_chance(t->r, 50) ? "LOOP_BREAK"
             : "LOOP_CONTINUE", e, gpuref_rng_chance(t->r, 50) ? "BOOL" : "NOT_BOOL",
             gpuref_rng_below(t->r, 32));
    block(t, 0);
    if (kind == 3) {
        line(t, "ALU_BREAK KC0[], KC1[]");
        line(t, "  PRED_SETNE * T%u.X, 0.0, 0.0 UEM NOWRITE", gpuref_rng_below(t->r, NPOOL));
        t->x->ninsns++;
    }
    t->inloop--;
    t->depth--;
    line(t, "L%u: LOOP_END @L%u", e, a);
    line(t, "L%u: NOP", b);
}

/* ------------------------------------------------------------ fetch clauses */

/* The data formats the model unpacks (components of one size, D46): format,
 * components, bits per component, float.  The first 19 serve vertex fetches
 * too; 8_8_8, 16_16_16 and 16_16_16_FLOAT are texture-only (L8297). */
static const struct { uint8_t f, n, bits, flt; } gfmt[] = {
    { 1, 1, 8, 0 },   { 2, 2, 4, 0 },   { 5, 1, 16, 0 },  { 6, 1, 16, 1 },  { 7, 2, 8, 0 },
    { 11, 4, 4, 0 },  { 13, 1, 32, 0 }, { 14, 1, 32, 1 }, { 15, 2, 16, 0 }, { 16, 2, 16, 1 },
    { 26, 4, 8, 0 },  { 29, 2, 32, 0 }, { 30, 2, 32, 1 }, { 31, 4, 16, 0 }, { 32, 4, 16, 1 },
    { 34, 4, 32, 0 }, { 35, 4, 32, 1 }, { 47, 3, 32, 0 }, { 48, 3, 32, 1 },
    { 44, 3, 8, 0 },  { 45, 3, 16, 0 }, { 46, 3, 16, 1 },
};
#define NVFMT 19u
#define NTFMT ((unsigned)(sizeof gfmt / sizeof gfmt[0]))

/* a format and number format the model defines: NORM not on 32-bit
 * components (D47), an endian swap only on elements it divides (D48) */
typedef struct gnum { unsigned dfmt, nfa, fca, sma, es, bytes; } gnum;

static gnum draw_num(gt *t, int tex)
{
    /* textures: a third of them in the texture-only formats */
    unsigned i = tex && gpuref_rng_chance(t->r, 33) ? NVFMT + gpuref_rng_below(t->r, NTFMT - NVFMT)
                                                    : gpuref_rng_below(t->r, NVFMT);
    gnum g;
    g.dfmt = gfmt[i].f;
    g.bytes = (gfmt[i].n * gfmt[i].bits + 7u) / 8u;
    g.nfa = !gfmt[i].flt && gfmt[i].bits == 32 ? 1 + gpuref_rng_below(t->r, 2)
                                                 : gpuref_rng_below(t->r, 3);
    g.fca = gpuref_rng_chance(t->r, 40);
    g.sma = gpuref_rng_chance(t->r, 25);
    unsigned es[3] = { 0 }, nes = 1;
    if (g.bytes % 2 == 0)
        es[nes++] = 1;
    if (g.bytes % 4 == 0)
        es[nes++] = 2;
    g.es = gpuref_rng_chance(t->r, 40) ? es[gpuref_rng_below(t->r, nes)] : 0;
    return g;
}

/* a fetch's format fields from a drawn format */
static void set_num(r700_fetch *f, gnum g)
{
    f->dfmt = (uint8_t)g.dfmt;
    f->nfa = (uint8_t)g.nfa;
    f->fca = (uint8_t)g.fca;
    f->sma = (uint8_t)g.sma;
    f->endian = (uint8_t)g.es;
}

/* the fetch-constant format word of a resource (RESn.fmt, README "Fetch clauses") */
static uint32_t num_word(const gnum *g)
{
    return g->dfmt | g->nfa << 6 | g->fca << 8 | g->sma << 9 | g->es << 10;
}

/* One fetch instruction of fetch row `row`, drawn until the model's decoder
 * accepts it; its text into buf (0: none). */
static int draw_fetch(gt *t, unsigned row, char *buf, size_t len)
{
    for (unsigned tries = 0; tries < 16; tries++) {
        r700_fetch f;
        memset(&f, 0, sizeof f);
        f.row = (uint16_t)row;
        f.form = r700_fetch_rows[row].form;
        f.fwq = (uint8_t)gpuref_rng_chance(t->r, 15);
        f.src_gpr = (uint8_t)(gpuref_rng_chance(t->r, 75) ? IDX0 + gpuref_rng_below(t->r, 2)
                                                          : gpuref_rng_below(t->r, NPOOL));
        f.src_rel = (uint8_t)(t->inloop && gpuref_rng_chance(t->r, 20));
        f.dst_gpr = (uint8_t)gpuref_rng_below(t->r, NPOOL);
        f.dst_rel = (uint8_t)(t->inloop && gpuref_rng_chance(t->r, 15));
        for (unsigned k = 0; k < 4; k++) {
            unsigned v = gpuref_rng_below(t->r, 8);
            f.dsel[k] = (uint8_t)(v == 6 ? 7 : v);             /* 6 is reserved */
        }
        if (f.form == R700_FF_VTX) {
            f.rid = t->vrid[gpuref_rng_below(t->r, NVRES)];
            f.ssel[0] = (uint8_t)gpuref_rng_below(t->r, 4);
            f.fetch_type = (uint8_t)gpuref_rng_below(t->r, 3);
            f.mfc = (uint8_t)(gpuref_rng_chance(t->r, 30) ? gpuref_rng_below(t->r, 64) : 0);
            f.mf = (uint8_t)gpuref_rng_chance(t->r, 20);
            set_num(&f, draw_num(t, 0));
            f.ucf = (uint8_t)gpuref_rng_chance(t->r, 20);  /* the resource's format instead */
            f.offset = (uint16_t)(gpuref_rng_chance(t->r, 90) ? gpuref_rng_below(t->r, 48)
                                                               : gpuref_rng_below(t->r, 65536));
            f.cbns = (uint8_t)gpuref_rng_chance(t->r, 15);
            if (row == R700_FX_SEMANTIC) {
                f.sem = t->semid[gpuref_rng_below(t->r, t->nsem)];
                f.dst_gpr = f.dst_rel = 0;
            }
        } else {
            unsigned k = gpuref_rng_below(t->r, NTRES);
            f.rid = t->trid[k];
            for (unsigned c = 0; c < 4; c++)
                f.ssel[c] = (uint8_t)gpuref_rng_below(t->r, 6);
            /* LD from a level inside the resource other than 0 stops (D51): with
             * mip levels the level is 0 or 1.0 (at or past every level count) */
            if (row == R700_FX_LD && t->tlevels[k] > 1)
                f.ssel[3] = (uint8_t)(4 + gpuref_rng_below(t->r, 2));
            f.bfm = (uint8_t)gpuref_rng_chance(t->r, 20);
            f.ct = (uint8_t)gpuref_rng_below(t->r, 16);
            f.sampler = (uint8_t)gpuref_rng_below(t->r, 18);
        }
        uint32_t w[4];
        r700_fetch g;
        char e2[GPUREF_ERRLEN];
        r700_encode_fetch(&f, w);
        if (r700_decode_fetch(w, 4, &g, e2) || r700_disasm_fetch(&g, buf, len))
            continue;
        return 1;
    }
    return 0;
}

/* a fetch clause: TEX (LD, GET_TEXTURE_RESINFO and vertex fetches) or VTX /
 * VTX_TC (vertex fetches), 1-8 instructions (L2092, L2118) on the resources
 * the test sets up */
static void construct_fetch(gt *t)
{
    unsigned vsum = t->fw[0] + t->fw[1], tsum = t->fw[2] + t->fw[3];
    int tex = !vsum || (tsum && gpuref_rng_chance(t->r, 45));
    const char *kind = tex ? "TEX" : gpuref_rng_chance(t->r, 50) ? "VTX" : "VTX_TC";
    line(t, "%s%s%s", kind, gpuref_rng_chance(t->r, 10) ? " VPM" : "",
         gpuref_rng_chance(t->r, 10) ? " WQM" : "");
    unsigned n = 1 + gpuref_rng_below(t->r, 8), w[4];
    for (unsigned k = 0; k < 4; k++)
        w[k] = k < 2 || tex ? t->fw[k] : 0;
    for (unsigned i = 0; i < n; i++) {
        char buf[256];
        int k = gpuref_gx_pick(t->r, w, 4);
        if (k < 0 || !draw_fetch(t, fetch_rows[k], buf, sizeof buf))
            snprintf(buf, sizeof buf, "GET_TEXTURE_RESINFO T0.XYZW, T0.XYZW, RID:%u SID:0",
                     t->trid[0]);
        line(t, "  %s", buf);
    }
    t->x->ninsns += n;                /* the budget counts ALU instructions only */
}

/* ------------------------------------------------------------ memory reads, LDS */

/* One MEM_RD_* / LOCAL_DS_* instruction (model D49) as `f` describes it,
 * checked by the model's decoder; its text into buf (0: it does not decode). */
static int mem_text(const r700_fetch *f, char *buf, size_t len)
{
    uint32_t w[4];
    r700_fetch g;
    char e2[GPUREF_ERRLEN];
    r700_encode_fetch(f, w);
    return !r700_decode_fetch(w, 4, &g, e2) && g.row == f->row && !r700_disasm_fetch(&g, buf, len);
}

/* a memory-read clause (VTX / VTX_TC, 1-8 instructions): scratch and
 * reduction reads of elements below 256 (the index clamped by ARRAY_SIZE,
 * so any index stays inside the buffer), half of them, once the program has
 * a MEM_SCRATCH / MEM_REDUCTION WRITE, of the element that write wrote
 * (ARRAY_SIZE 0 when indexed: a round trip; half of the clauses start
 * with such a write of a GPR of the pool), scatter reads of dword ARRAY_BASE
 * + R13.x, R13.x masked to 10 bits by an ALU clause before (inside mem);
 * formats, DST_SEL, ENDIAN_SWAP as vertex fetches draw them */
static void construct_memrd(gt *t)
{
    int masked = 0;
    unsigned n = 1 + gpuref_rng_below(t->r, 8);
    char bufs[8][256];
    if (t->rw[0] + t->rw[1] && gpuref_rng_chance(t->r, 50)) {
        /* the round trip's write: element e < 128, every component (D54) */
        int red = gpuref_rng_below(t->r, t->rw[0] + t->rw[1]) >= t->rw[0];
        unsigned e = gpuref_rng_below(t->r, 128);
        line(t, "%s WRITE %u T%u SIZE:0 MASK:15 ES:3", red ? "MEM_REDUCTION" : "MEM_SCRATCH", e,
             gpuref_rng_below(t->r, NPOOL));
        t->x->ninsns++;
        t->sr_elem[red] = e + 1u;
    }
    for (unsigned i = 0; i < n; i++) {
        int k = gpuref_gx_pick(t->r, t->rw, 3);
        r700_fetch f;
        memset(&f, 0, sizeof f);
        f.row = mrd_rows[k < 0 ? 2 : k];
        f.form = R700_FF_MRD;
        f.mop = (uint8_t)(r700_fetch_rows[f.row].op >> 5);
        f.mf = 1;
        f.fwq = (uint8_t)gpuref_rng_chance(t->r, 15);
        f.uncached = (uint8_t)gpuref_rng_chance(t->r, 30);
        f.indexed = (uint8_t)gpuref_rng_chance(t->r, 70);
        f.dst_gpr = (uint8_t)gpuref_rng_below(t->r, NPOOL);   /* absolute: R13 keeps its mask */
        for (unsigned c = 0; c < 4; c++) {
            unsigned v = gpuref_rng_below(t->r, 8);
            f.dsel[c] = (uint8_t)(v == 6 ? 7 : v);
        }
        set_num(&f, draw_num(t, 0));
        if (f.mop == 2) {
            static const uint8_t esz[3] = { 0, 1, 3 };
            f.elem_size = esz[gpuref_rng_below(t->r, 3)];
            f.array_base = (uint16_t)gpuref_rng_below(t->r, 8192);
            f.array_size = (uint16_t)gpuref_rng_below(t->r, 4096);   /* not used */
            f.src_gpr = IDX0 + 1;
            f.ssel[0] = 0;
            masked |= f.indexed;
            /* the mask clause masks R13.x of the active lanes only, and
             * FETCH_WHOLE_QUAD also reads the other lanes of their quads (D53) */
            if (f.indexed)
                f.fwq = 0;
        } else {
            f.elem_size = 3;
            f.array_base = (uint16_t)gpuref_rng_below(t->r, 128);
            f.array_size = (uint16_t)gpuref_rng_below(t->r, 128);
            f.src_gpr = (uint8_t)(gpuref_rng_chance(t->r, 60) ? IDX0 + gpuref_rng_below(t->r, 2)
                                                             : gpuref_rng_below(t->r, NPOOL));
            f.src_rel = (uint8_t)(t->inloop && gpuref_rng_chance(t->r, 20));
            f.ssel[0] = (uint8_t)gpuref_rng_below(t->r, 4);
            if (t->sr_elem[f.mop] && gpuref_rng_chance(t->r, 50)) {
                f.array_base = (uint16_t)(t->sr_elem[f.mop] - 1u);
                if (f.indexed)
                    f.array_size = 0;
            }
        }
        if (!mem_text(&f, bufs[i], sizeof bufs[i]))
            snprintf(bufs[i], sizeof bufs[i], "MEM_RD_SCRATCH T0.XYZW, T0.X, BASE:0 SIZE:0 ES:3 "
                     "FMT:32_32_32_32 NUM:INT");
    }
    if (masked) {
        line(t, "ALU KC0[], KC1[]");
        line(t, "  AND_INT * T%u.X, T%u.X, literal.x", IDX0 + 1, IDX0 + 1);
        line(t, "  LITERALS 0x000003ff");
        t->x->ninsns++;
    }
    line(t, "%s", gpuref_rng_chance(t->r, 50) ? "VTX" : "VTX_TC");
    for (unsigned i = 0; i < n; i++)
        line(t, "  %s", bufs[i]);
    t->x->ninsns += n;
}

/* an LDS clause (TEX, 1-8 instructions): writes with DST_INDEX/DST_STRIDE
 * that keep every lane inside its bank; reads of bank R12.x and dword R12.y +
 * RD_OFFSET, R12.x masked to 2 bits and R12.y to a multiple of 4 below 512
 * by an ALU clause before; WATERFALL unless BROADCAST (random addresses
 * conflict) */
static void construct_lds(gt *t)
{
    unsigned n = 1 + gpuref_rng_below(t->r, 8);
    int reads = 0;
    char bufs[8][256];
    unsigned maxq = (t->lanes - 1u) >> 2;
    for (unsigned i = 0; i < n; i++) {
        int k = gpuref_gx_pick(t->r, t->dw, 2);
        r700_fetch f;
        memset(&f, 0, sizeof f);
        f.row = k == 1 ? R700_FX_LOCAL_DS_READ : R700_FX_LOCAL_DS_WRITE;
        f.form = k == 1 ? R700_FF_DSR : R700_FF_DSW;
        f.mop = (uint8_t)(r700_fetch_rows[f.row].op >> 5);
        if (k != 1) {
            f.src_gpr = (uint8_t)gpuref_rng_below(t->r, NPOOL);
            f.src_rel = (uint8_t)(t->inloop && gpuref_rng_chance(t->r, 20));
            for (unsigned c = 0; c < 4; c++) {
                unsigned v = gpuref_rng_below(t->r, 8);
                f.ssel[c] = (uint8_t)(v == 6 ? 7 : v);
            }
            f.dst_index = (uint8_t)(4 * gpuref_rng_below(t->r, 64));
            unsigned room = 1020u - f.dst_index;    /* maxq * stride <= room */
            unsigned smax = maxq ? room / maxq / 4u : 127u;
            if (smax > 127u)
                smax = 127u;
            f.dst_stride = (uint16_t)(4 * (1 + gpuref_rng_below(t->r, smax < 1 ? 1 : smax)));
            if (maxq && maxq * f.dst_stride + f.dst_index + 4u > 1024u)
                f.dst_stride = 4, f.dst_index = 0;
            f.wave_rel = (uint8_t)gpuref_rng_chance(t->r, 30);
        } else {
            reads = 1;
            f.src_gpr = IDX0;
            f.ssel[0] = (uint8_t)(gpuref_rng_chance(t->r, 85) ? 0 : 4);
            f.ssel[1] = (uint8_t)(gpuref_rng_chance(t->r, 85) ? 1 : 4);
            f.rd_offset = (uint8_t)(4 * gpuref_rng_below(t->r, 16));
            f.dst_gpr = (uint8_t)gpuref_rng_below(t->r, NPOOL);   /* absolute: R12 keeps its mask */
            f.dwr = (uint8_t)gpuref_rng_below(t->r, 16);
            f.bcast = (uint8_t)gpuref_rng_chance(t->r, 20);
            f.wfall = (uint8_t)(!f.bcast || gpuref_rng_chance(t->r, 50));
            /* BROADCAST reads the first valid lane's address, active or not:
             * inside an IF or a loop that lane may have missed the mask */
            if (f.bcast && t->depth)
                f.ssel[0] = f.ssel[1] = 4;
        }
        if (!mem_text(&f, bufs[i], sizeof bufs[i]))
            snprintf(bufs[i], sizeof bufs[i], "LOCAL_DS_WRITE T0.XYZW, INDEX:0 STRIDE:4");
    }
    if (reads) {
        line(t, "ALU KC0[], KC1[]");
        line(t, "  AND_INT T%u.X, T%u.X, literal.x", IDX0, IDX0);
        line(t, "  AND_INT * T%u.Y, T%u.Y, literal.y", IDX0, IDX0);
        line(t, "  LITERALS 0x00000003, 0x000001fc");
        t->x->ninsns += 2;
    }
    line(t, "TEX");
    for (unsigned i = 0; i < n; i++)
        line(t, "  %s", bufs[i]);
    t->x->ninsns += n;
}

/* ------------------------------------------------------------ exports */

/* EXPORT / EXPORT_DONE (pixel, position, parameter; D35) or a MEM_* export
 * (D54, D55), every field drawn where the model defines it, encoded and
 * checked by the model's CF decoder, the text the disassembler's.  Bursts
 * stay within the record's memory writes (lanes x elements <= 128). */
static void construct_export(gt *t)
{
    unsigned ew = t->x->weights[IT_EXPORT];
    int mem = t->msum && (!ew || gpuref_rng_below(t->r, ew + t->msum) >= ew);
    unsigned maxb = 128u / t->lanes - 1u;
    for (unsigned tries = 0; tries < 16; tries++) {
        r700_cf c;
        memset(&c, 0, sizeof c);
        c.fmt = R700_FMT_EXP;
        c.barrier = (uint8_t)!gpuref_rng_chance(t->r, 10);
        c.burst = (uint8_t)(gpuref_rng_chance(t->r, 40) ? gpuref_rng_below(t->r, maxb + 1) : 0);
        c.rw_gpr = (uint8_t)gpuref_rng_below(t->r, NPOOL);
        c.rw_rel = (uint8_t)(t->inloop && gpuref_rng_chance(t->r, 25));
        c.vpm = (uint8_t)gpuref_rng_chance(t->r, 15);
        int mask_idx = 0;
        if (!mem) {
            c.row = gpuref_rng_chance(t->r, 30) ? R700_CF_EXPORT_DONE : R700_CF_EXPORT;
            c.type = (uint8_t)gpuref_rng_below(t->r, 3);
            c.array_base = (uint16_t)(gpuref_rng_chance(t->r, 90) ? gpuref_rng_below(t->r, 64)
                                                                  : gpuref_rng_below(t->r, 8192));
            c.wqm = (uint8_t)gpuref_rng_chance(t->r, 10);
            int none = gpuref_rng_chance(t->r, 5);             /* every component masked */
            for (unsigned k = 0; k < 4; k++) {
                unsigned v = none ? 7 : gpuref_rng_below(t->r, 8);
                c.sel[k] = (uint8_t)(v == 6 ? 7 : v);              /* 6 is reserved */
                c.w1 |= (uint32_t)c.sel[k] << (3 * k);
            }
        } else {
            int m = gpuref_gx_pick(t->r, t->mw, 8);
            c.row = mem_rows[m < 0 ? 0 : m];
            c.type = (uint8_t)gpuref_rng_chance(t->r, 50);   /* WRITE, WRITE_IND */
            int sr = c.row == R700_CF_MEM_SCRATCH || c.row == R700_CF_MEM_REDUCTION;
            static const uint8_t esz[3] = { 0, 1, 3 };
            c.elem_size = sr ? 3 : esz[gpuref_rng_below(t->r, 3)];   /* 2 is not supported (L7829) */
            unsigned k = c.elem_size + 1u, asize;
            if (c.row == R700_CF_MEM_EXPORT) {
                /* scatter to mem at dword ARRAY_BASE + index + n*k (D55): the
                 * index is R13.x masked to 10 bits by the clause before */
                c.array_base = (uint16_t)gpuref_rng_below(t->r, 0x1000);
                asize = 1 + gpuref_rng_below(t->r, 4096);
                if (c.type) {
                    c.index_gpr = IDX0 + 1;
                    mask_idx = 1;
                }
            } else {
                /* element e of lane l at dword (e*64 + l)*k, elements below
                 * ARRAY_BASE + ARRAY_SIZE+1 only (D54): inside the 256 KiB buffer */
                unsigned lim = 1024u / k;
                c.array_base = (uint16_t)gpuref_rng_below(t->r, lim / 2);
                asize = 1 + gpuref_rng_below(t->r, lim - c.array_base);
                if (c.type)
                    c.index_gpr = (uint8_t)(gpuref_rng_chance(t->r, 75) ? IDX0 + gpuref_rng_below(t->r, 2)
                                                                        : gpuref_rng_below(t->r, NPOOL));
            }
            c.array_size = (uint16_t)(asize - 1);
            c.comp_mask = (uint8_t)gpuref_rng_below(t->r, 16);
            c.w1 = c.array_size | (uint32_t)c.comp_mask << 12;
        }
        uint32_t w[2];
        r700_cf d;
        char e2[GPUREF_ERRLEN], buf[256];
        r700_encode_cf(&c, w);
        if (r700_decode_cf(w, 2, &d, e2) || d.row != c.row || r700_disasm_cf(&d, buf, sizeof buf))
            continue;
        if (mask_idx) {
            line(t, "ALU KC0[], KC1[]");
            line(t, "  AND_INT * T%u.X, T%u.X, literal.x", IDX0 + 1, IDX0 + 1);
            line(t, "  LITERALS 0x000003ff");
            t->x->ninsns++;
        }
        line(t, "%s", buf);
        t->x->ninsns++;
        /* a scratch / reduction WRITE of element ARRAY_BASE: later reads may read it back */
        if (mem && !c.type && (c.row == R700_CF_MEM_SCRATCH || c.row == R700_CF_MEM_REDUCTION))
            t->sr_elem[c.row == R700_CF_MEM_REDUCTION] = c.array_base + 1u;
        return;
    }
}

/* top level only: a subroutine (CALL, its body after CF_END, RETURN), a CF
 * KILL on a boolean constant, an EXPORT */
static void construct_misc(gt *t)
{
    switch (gpuref_rng_below(t->r, 3)) {
    case 0: {
        unsigned a = t->nlabel++;
        line(t, "CALL @L%u", a);
        if (t->nsub < 8)
            t->sub[t->nsub++] = a;
        break;
    }
    case 1:
        line(t, "KILL @L%u COND:BOOL CF_CONST:%u", t->nlabel, gpuref_rng_below(t->r, 32));
        line(t, "L%u: NOP", t->nlabel++);
        break;
    default:
        if (t->x->weights[IT_EXPORT] || t->msum)
            construct_export(t);
        else
            line(t, "NOP");
        break;
    }
}

/* a sequence of clauses and constructs */
static void block(gt *t, int nonempty)
{
    unsigned n = 0;
    while ((nonempty && n == 0 ? 1 : t->budget > 0 && gpuref_rng_chance(t->r, 80))) {
        n++;
        unsigned wi = t->depth < t->maxdepth ? t->x->weights[IT_IF] : 0;
        unsigned wl = t->depth < t->maxdepth ? t->x->weights[IT_LOOP] : 0;
        unsigned wf = t->fsum ? t->x->weights[IT_FETCH] / 2 : 0;
        unsigned we = (t->x->weights[IT_EXPORT] + t->msum + 7) / 8;
        unsigned wm = t->rsum ? t->x->weights[IT_MEMRD] / 2 : 0;
        unsigned wd = t->dsum ? t->x->weights[IT_LDS] / 2 : 0;
        unsigned w[8] = { 60, wi, wl, t->depth ? 0 : 6, wf, we, wm, wd };
        int c = gpuref_gx_pick(t->r, w, 8);
        if (c == 7)
            construct_lds(t);
        else if (c == 6)
            construct_memrd(t);
        else if (c == 5)
            construct_export(t);
        else if (c == 4)
            construct_fetch(t);
        else if (c == 3)
            construct_misc(t);
        else if (c == 1)
            construct_if(t);
        else if (c == 2)
            construct_loop(t);
        else
            clause(t, "ALU", 0);
        if (t->depth && gpuref_rng_chance(t->r, 30))
            break;
    }
}

/* the resource ids, texture formats and SEMANTIC ids of a test (drawn
 * before the program: the fetches name them) */
/* The n row weights of a construct from item first on into w; their sum, or 0
 * when the construct's own item on (-1: none) has weight 0 */
static unsigned row_weights(const gpuref_genctx *x, unsigned first, unsigned n, unsigned *w, int on)
{
    unsigned sum = 0;
    for (unsigned k = 0; k < n; k++) {
        w[k] = x->weights[first + k];
        sum += w[k];
    }
    return on >= 0 && !x->weights[on] ? 0 : sum;
}

static void pick_resources(gt *t)
{
    uint8_t used[256] = { 0 };
    for (unsigned i = 0; i < NVRES + NTRES; i++) {
        unsigned id;
        do
            id = gpuref_rng_chance(t->r, 50) ? gpuref_rng_below(t->r, 8) : gpuref_rng_below(t->r, 256);
        while (used[id]);
        used[id] = 1;
        if (i < NVRES)
            t->vrid[i] = (uint8_t)id;
        else
            t->trid[i - NVRES] = (uint8_t)id;
    }
    for (unsigned i = 0; i < NTRES; i++) {
        gnum g = draw_num(t, 1);
        t->tfmt[i] = num_word(&g);
        t->tlevels[i] = 1 + gpuref_rng_below(t->r, 3);
    }
    t->nsem = 1 + gpuref_rng_below(t->r, 4);
    for (unsigned i = 0; i < t->nsem; i++)        /* distinct: one table entry each */
        t->semid[i] = (uint8_t)(i * 64 + gpuref_rng_below(t->r, 64));
}

/* a resource's register */
static void res_reg(gt *t, unsigned id, const char *field, uint64_t v)
{
    char key[32];
    snprintf(key, sizeof key, "RES%u.%s", id, field);
    gpuref_gx_reg(t->x, key, 8, &v, 1);
}

/* random words over bytes [a, a+n) of space mem (whole words) */
static void fill_mem(gt *t, uint32_t a, uint32_t n)
{
    uint32_t lo = a & ~3u, hi = (a + n + 3u) & ~3u, wds[1024];
    for (uint32_t p = lo; p < hi; p += 4u * 1024u) {
        unsigned k = (hi - p) / 4 < 1024 ? (hi - p) / 4 : 1024;
        for (unsigned i = 0; i < k; i++)
            wds[i] = (uint32_t)gpuref_rng_value(t->r, 32, t->x->opts->special_pct);
        gpuref_gx_mem(t->x, "mem", p, wds, k);
    }
}

/* The state the fetches read: four vertex buffers and two textures, each in
 * its own REGION of space mem filled with random words (every byte a fetch
 * in range can read is set), their RES fields, the SEMANTIC table entries,
 * and R12/R13: small per-lane indices and coordinates, some past the
 * resource (they read 0, D50). */
static void fetch_state(gt *t)
{
    for (unsigned i = 0; i < NVRES; i++) {
        uint32_t base = i * REGION + gpuref_rng_below(t->r, 256);
        static const uint8_t st4[] = { 4, 8, 12, 16, 32 };
        uint32_t stride = gpuref_rng_chance(t->r, 50) ? st4[gpuref_rng_below(t->r, 5)]
                                                      : gpuref_rng_below(t->r, 33);
        uint32_t nel = 4 + gpuref_rng_below(t->r, 13);
        uint32_t size = (stride ? stride * nel : 16u) + gpuref_rng_below(t->r, 16);
        gnum g = draw_num(t, 0);
        res_reg(t, t->vrid[i], "base", base);
        res_reg(t, t->vrid[i], "stride", stride);
        res_reg(t, t->vrid[i], "size", size);
        res_reg(t, t->vrid[i], "fmt", num_word(&g));
        fill_mem(t, base, size);
    }
    for (unsigned i = 0; i < NTRES; i++) {
        unsigned f = t->tfmt[i] & 63, bytes = 0;
        for (unsigned k = 0; k < NTFMT; k++)
            if (gfmt[k].f == f)
                bytes = (gfmt[k].n * gfmt[k].bits + 7u) / 8u;
        uint32_t base = (NVRES + i) * REGION + gpuref_rng_below(t->r, 64);
        uint32_t wd = 1 + gpuref_rng_below(t->r, 8), ht = 1 + gpuref_rng_below(t->r, 4);
        uint32_t dp = 1 + gpuref_rng_below(t->r, 2);
        uint32_t stride = wd * bytes + gpuref_rng_below(t->r, 8);
        res_reg(t, t->trid[i], "base", base);
        res_reg(t, t->trid[i], "stride", stride);
        res_reg(t, t->trid[i], "fmt", t->tfmt[i]);
        res_reg(t, t->trid[i], "width", wd);
        res_reg(t, t->trid[i], "height", ht);
        res_reg(t, t->trid[i], "depth", dp);
        res_reg(t, t->trid[i], "levels", t->tlevels[i]);
        fill_mem(t, base, dp * ht * stride);
    }
    char key[32];
    uint64_t v[R700_LANES];
    for (unsigned i = 0; i < t->nsem; i++) {
        v[0] = gpuref_rng_below(t->r, NPOOL);
        snprintf(key, sizeof key, "SEM%u", t->semid[i]);
        gpuref_gx_reg(t->x, key, 2, v, 1);
    }
    for (unsigned g = 0; g < 2; g++)
        for (unsigned c = 0; c < 4; c++) {
            for (unsigned l = 0; l < R700_LANES; l++)
                v[l] = l >= t->lanes ? 0
                       : gpuref_rng_chance(t->r, 5) ? 0xffffffffu
                       : gpuref_rng_below(t->r, g ? 20 : 10);
            snprintf(key, sizeof key, "R%u.%c", IDX0 + g, "xyzw"[c]);
            gpuref_gx_reg(t->x, key, 8, v, R700_LANES);
        }
}

static int r7g_test(gpuref_genctx *x, char *err)
{
    gt *t = calloc(1, sizeof *t);
    if (!t)
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    t->x = x;
    t->r = &x->rng;
    unsigned wv[R700_NALU], wt[R700_NALU], wp[R700_NALU];
    for (unsigned i = 0; i < R700_NALU; i++) {
        const r700_alu_row *r = &r700_alu_rows[i];
        t->w[i] = row_ok(i) ? x->weights[i] : 0;
        wv[i] = (r->unit == R700_U_ANY || r->unit == R700_U_VEC || r->unit == R700_U_D2) ? t->w[i] : 0;
        wt[i] = (r->unit == R700_U_ANY || r->unit == R700_U_TRANS) ? t->w[i] : 0;
        wp[i] = (r->flags & R700_RF_PRED) && row_ok(i) ? 1 : 0;
    }
    gpuref_wtab_build(&t->vec, t->cv, t->iv, wv, R700_NALU);
    gpuref_wtab_build(&t->trs, t->ct, t->it, wt, R700_NALU);
    gpuref_wtab_build(&t->prd, t->cp, t->ip, wp, R700_NALU);
    t->budget = x->opts->length;
    t->maxdepth = 3;
    static const unsigned lanes[3] = { 16, 32, 64 };
    unsigned ln = lanes[gpuref_rng_below(t->r, 3)];
    snprintf(x->config, sizeof x->config, "lanes=%u", ln);
    for (unsigned k = 0; k < 5; k++)
        if (gpuref_gx_knob(x, IT_KNOB0 + k, knob_keys[k], "1") && k == 0)
            t->cfg.prefer_trans = 1;        /* units are assigned as the model will */
    t->lanes = ln;
    t->fsum = row_weights(x, IT_VFETCH, 4, t->fw, IT_FETCH);
    t->msum = row_weights(x, IT_MEM0, 8, t->mw, -1);
    t->rsum = row_weights(x, IT_MRD0, 3, t->rw, IT_MEMRD);
    t->dsum = row_weights(x, IT_DSW, 2, t->dw, IT_LDS);
    pick_resources(t);
    block(t, 1);
    while (t->budget > 0)
        block(t, 1);
    if (x->weights[IT_EXPORT] && gpuref_rng_chance(t->r, 20))
        construct_export(t);
    if (x->weights[IT_EXPORT] && gpuref_rng_chance(t->r, 30)) {
        static const char *const sw[] = { "XYZW", "XY01", "ZW__", "X0_1", "WZYX" };
        line(t, "EXPORT_DONE PIX %u T%u.%s", gpuref_rng_below(t->r, 4),
             gpuref_rng_below(t->r, NPOOL), sw[gpuref_rng_below(t->r, 5)]);
    }
    line(t, "CF_END");
    for (unsigned i = 0; i < t->nsub; i++) {     /* subroutines */
        char lab[16];
        snprintf(lab, sizeof lab, "L%u:", t->sub[i]);
        gpuref_gx_line(t->x, lab, strlen(lab));
        unsigned save = t->budget;
        clause(t, "ALU", 0);
        t->budget = save;
        line(t, "RETURN");
    }
    /* initial state */
    uint64_t v[R700_LANES];
    char key[32];
    for (unsigned g = 0; g < NPOOL + 4; g++) {
        unsigned gpr = g < NPOOL ? g : TEMP0 + g - NPOOL;
        for (unsigned c = 0; c < 4; c++) {
            int per = gpuref_rng_chance(t->r, 50);
            for (unsigned l = 0; l < (per ? ln : 1); l++)
                v[l] = gpuref_rng_value(t->r, 32, x->opts->special_pct);
            for (unsigned l = ln; per && l < R700_LANES; l++)
                v[l] = 0;                           /* lanes past the config's */
            snprintf(key, sizeof key, "R%u.%c", gpr, "xyzw"[c]);
            gpuref_gx_reg(x, key, 8, v, per ? R700_LANES : 1);
        }
    }
    for (unsigned c = 0; c < 24; c++) {
        unsigned ci = c * 10u + gpuref_rng_below(t->r, 10);   /* 24 distinct ones */
        for (unsigned e = 0; e < 4; e++) {
            v[0] = gpuref_rng_value(t->r, 32, x->opts->special_pct);
            snprintf(key, sizeof key, "C%u.%c", ci, "xyzw"[e]);
            gpuref_gx_reg(x, key, 8, v, 1);
        }
    }
    for (unsigned k = 0; k < t->loops; k++) {
        v[0] = gpuref_rng_below(t->r, 4);                   /* trip count 0..3 */
        snprintf(key, sizeof key, "I%u.0", k);
        gpuref_gx_reg(x, key, 8, v, 1);
        v[0] = (uint32_t)((int32_t)gpuref_rng_below(t->r, 40) - 8);   /* aL: also out of range */
        snprintf(key, sizeof key, "I%u.1", k);
        gpuref_gx_reg(x, key, 8, v, 1);
        v[0] = (uint32_t)((int32_t)gpuref_rng_below(t->r, 7) - 2);
        snprintf(key, sizeof key, "I%u.2", k);
        gpuref_gx_reg(x, key, 8, v, 1);
    }
    for (unsigned i = 0; i < t->nkl; i++) {
        uint32_t wds[128];
        unsigned n = t->kl[i].n * 64u;
        for (unsigned k = 0; k < n; k++)
            wds[k] = (uint32_t)gpuref_rng_value(t->r, 32, x->opts->special_pct);
        snprintf(key, sizeof key, "cb%u", t->kl[i].bank);
        gpuref_gx_mem(x, key, (uint64_t)t->kl[i].line * 256u, wds, n);
    }
    if (t->fsum || t->msum || t->rsum || t->dsum)
        fetch_state(t);
    if (t->dsum) {                      /* the LDS's first 2 KiB: random words */
        uint32_t wds[512];
        for (unsigned i = 0; i < 512; i++)
            wds[i] = (uint32_t)gpuref_rng_value(t->r, 32, x->opts->special_pct);
        gpuref_gx_mem(x, "lds", 0, wds, 512);
    }
    x->max_steps = 200000;
    free(t);
    return GPUREF_OK;
}

const gpuref_isa_gen gpuref_r700_gen = {
    .items = r7g_items,
    .nitems = NITEMS,
    .test = r7g_test,
};
