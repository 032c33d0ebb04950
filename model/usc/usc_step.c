/* usc_step.c - one unit: an instruction group executed by every instance
 * of the task (README "Retire record"): sources, phases 0/1/2 or the
 * bitwise units, the backend, then the W0/W1 write-backs. */
#include <stdio.h>
#include <string.h>

#include "usc.h"

const uint32_t usc_zero_lanes[USC_MAXI];

/* the register a declaration names for instance l (indexed: index +
 * IDXi[l] * D, L283); -1 when out of range */
static int reg_addr(const usc_state *s, const usc_reg *r, unsigned l, unsigned *out)
{
    uint64_t i = r->index;
    if (r->idx) i += (uint64_t)s->idx[r->idx - 1][l] << r->dlog;
    if (i >= usc_bank_limit(s, r->bank)) return -1;
    *out = (unsigned)i;
    return 0;
}

/* the lanes of per-instance register i of a bank; NULL for a uniform bank */
static uint32_t *lane_row(usc_state *s, unsigned bank, unsigned i)
{
    switch (bank) {
    case USC_B_R:   return s->r[i];
    case USC_B_VI:  return s->vi[i];
    case USC_B_I:   return s->in[i];
    case USC_B_IDX: return s->idx[i];
    case USC_B_O:   return s->o[i];
    default:        return NULL;
    }
}

/* register i of a uniform bank (SH, CF, CFA: one value for every
 * instance); NULL for a per-instance bank */
static uint32_t *uniform_reg(usc_state *s, unsigned bank, unsigned i)
{
    switch (bank) {
    case USC_B_SH:  return &s->sh[i];
    case USC_B_CF:  return &s->cf[i];
    case USC_B_CFA: return &s->cfa[i];
    default:        return NULL;
    }
}

/* source k into v[0..ni): every instance (derivatives read inactive
 * neighbours); an out-of-range register is an error for an executing
 * instance and reads 0 for the others */
static int read_source(const usc_state *s, const usc_reg *r, unsigned k, uint32_t act, unsigned ni,
                       uint32_t *v, char *err)
{
    if (!r->idx) {      /* one register for every instance */
        unsigned i = r->index;
        if (i >= usc_bank_limit(s, r->bank)) {
            if (act)
                return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: s%u: %s%u indexed out of range "
                                   "(instance %u)", k, usc_bank_names[r->bank], r->index,
                                   (unsigned)__builtin_ctz(act));
            memcpy(v, usc_zero_lanes, USC_MAXI * sizeof *v);
            return GPUREF_OK;
        }
        const uint32_t *row = lane_row((usc_state *)s, r->bank, i);
        if (row) {
            memcpy(v, row, USC_MAXI * sizeof *v);   /* lanes from ni on are never read */
        } else {
            uint32_t x = usc_reg_read(s, r->bank, i, 0);
            for (unsigned l = 0; l < USC_MAXI; l++) v[l] = x;
        }
        return GPUREF_OK;
    }
    for (unsigned l = 0; l < ni; l++) {
        unsigned a;
        if (reg_addr(s, r, l, &a)) {
            if (!(act >> l & 1)) { v[l] = 0; continue; }
            return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: s%u: %s%u indexed out of range "
                               "(instance %u)", k, usc_bank_names[r->bank], r->index, l);
        }
        v[l] = usc_reg_read(s, r->bank, a, l);
    }
    return GPUREF_OK;
}

static const int bank_file[USC_NBANKS] = { USC_F_R, USC_F_VI, USC_F_CF, USC_F_CFA, USC_F_SH, -1,
                                           USC_F_I, USC_F_IDX, USC_F_O };

static int run(usc_ctx *c, unsigned slotmask, char *err)
{
    const usc_group *g = c->g;
    for (unsigned i = 0; i < g->ninsn; i++) {
        const usc_ins *in = &g->ins[i];
        if (!(slotmask >> in->slot & 1)) continue;
        int st = usc_rows[in->op].exec(c, in, err);
        if (st) return st;
    }
    return GPUREF_OK;
}

/* the flags (0 or 1 per instance, bit 0 used) of instances 0..ni-1 as a mask */
static uint32_t lane_bits(const uint8_t *f, unsigned ni)
{
    uint32_t m = 0;
    for (unsigned k = 0; k < ni; k += 8) {
        uint64_t x;
        memcpy(&x, f + k, 8);
        /* bit 0 of each byte to bit k/8 .. k/8+7: the multiply gathers them
         * in the top byte */
        m |= (uint32_t)(((x & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56) << k;
    }
    return m;
}

/* the write-back of W w to its register for the executing instances; every
 * check was made (waddr holds the addresses of an indexed register) */
static void write_back(usc_state *s, usc_ctx *c, unsigned w, const unsigned *waddr, gpuref_retire *rr)
{
    const usc_reg *r = &c->g->w[w];
    const uint32_t act = c->act, *v = c->v[USC_K_W0 + w];
    const unsigned ni = c->ni;
    int file = bank_file[r->bank];
    if (!r->idx) {      /* one register: one retire entry */
        unsigned a = r->index;
        gpuref_regw *x = gpuref_retire_regw_slot(rr, file, a, 0xffffffffu, c->wslot[w]);
        uint32_t *u = uniform_reg(s, r->bank, a);
        if (u) {
            /* a shared register written by several instances: the highest
             * instance's value stays (no hazard checking, L297, L303) */
            *u = v[31 - __builtin_clz(act)];
            if (x) { x->lanes = 1; x->value[0] = *u; }
            return;
        }
        uint32_t *row = lane_row(s, r->bank, a);
        if (x) x->lanes |= act;
        if (act == usc_all_lanes(ni)) {   /* every instance */
            if (ni == 32) {   /* constant counts: copied and widened a vector at a time */
                memcpy(row, v, 32 * sizeof *v);
                if (x)
                    for (unsigned l = 0; l < 32; l++) x->value[l] = v[l];
            } else {
                memcpy(row, v, 16 * sizeof *v);
                if (x)
                    for (unsigned l = 0; l < 16; l++) x->value[l] = v[l];
            }
            return;
        }
        for (unsigned l = 0; l < ni; l++)
            if (act >> l & 1) {
                row[l] = v[l];
                if (x) x->value[l] = v[l];
            }
        return;
    }
    for (unsigned l = 0; l < ni; l++) {
        if (!(act >> l & 1)) continue;
        unsigned a = waddr[l];
        uint32_t val = v[l];
        gpuref_regw *x = gpuref_retire_regw_slot(rr, file, a, 0xffffffffu, c->wslot[w]);
        uint32_t *u = uniform_reg(s, r->bank, a);
        if (u) {
            *u = val;
            if (x) { x->lanes = 1; x->value[0] = val; }
            continue;
        }
        lane_row(s, r->bank, a)[l] = val;
        if (x) { x->lanes |= 1ull << l; x->value[l] = val; }
    }
}

/* a per-instance flag (P0, Pe, COUT) written for the executing instances */
static void write_flag(usc_ctx *c, uint8_t *dst, const uint8_t *src8, const uint32_t *src32, int file,
                       int slot, gpuref_retire *rr)
{
    gpuref_regw *x = gpuref_retire_regw_slot(rr, file, 0, 1, slot);
    const uint32_t act = c->act;
    const unsigned ni = c->ni;
    if (x) x->lanes |= act;
    /* the new flags in a local array first (dst is bytes: a store to it
     * could otherwise change anything the loop reads) */
    uint8_t nf[USC_MAXI];
    memcpy(nf, dst, sizeof nf);
    if (act == 0xffffffffu && ni == USC_MAXI) {
        /* every instance of 32 (constant counts: a vector at a time) */
        if (src8)
            memcpy(nf, src8, sizeof nf);
        else
            for (unsigned l = 0; l < USC_MAXI; l++) nf[l] = (uint8_t)(src32[l] & 1);
        memcpy(dst, nf, sizeof nf);
        if (x)
            for (unsigned l = 0; l < USC_MAXI; l++) x->value[l] = nf[l];
        return;
    }
    if (src8)
        for (unsigned l = 0; l < ni; l++) nf[l] = act >> l & 1 ? src8[l] : nf[l];
    else
        for (unsigned l = 0; l < ni; l++) nf[l] = act >> l & 1 ? (uint8_t)(src32[l] & 1) : nf[l];
    memcpy(dst, nf, sizeof nf);
    if (x)
        for (unsigned l = 0; l < ni; l++)
            if (act >> l & 1) x->value[l] = nf[l];
}

int usc_step(void *vs, gpuref_retire *rr, char *err)
{
    usc_state *s = vs;
    usc_ctx cbuf;
    usc_ctx *c = &cbuf;
    if (s->finished) return gpuref_errf(err, GPUREF_ERR_DONE, "usc: the task has finished");
    if (s->pc < s->base || (s->pc - s->base) / 4 >= s->nwords || (s->pc & 3))
        return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: pc 0x%x is outside the program", s->pc);
    size_t wi = (s->pc - s->base) / 4;
    if (s->gix[wi] < 0) {   /* the decoder's message, made again for the group executed */
        usc_group bad;
        char why[GPUREF_ERRLEN] = "usc: group does not decode";
        int st = usc_decode_group(s->words + wi, s->nwords - wi, &bad, why);
        return gpuref_errf(err, st ? st : s->gix[wi], "%s (group at 0x%x)", why, s->pc);
    }
    const usc_group *g = &s->grp[s->gix[wi]];
    const unsigned ni = s->cfg.instances;
    memset(c->wset, 0, sizeof c->wset);
    /* every value slot starts at 0: some rows read a value no earlier phase of the group
     * set (valgrind: usc_x_bits, usc_x_tst), which made results differ run to run */
    c->s = s;
    c->g = g;
    c->ni = ni;
    c->p0set = c->peset = 0;
    c->branch = 0;
    c->linkset = 0;
    c->coutset = 0;
    c->mem = NULL;
    c->port = NULL;
    c->p0dut = 0;
    c->next_pc = s->pc + g->nwords * 4u;
    /* the executing instances: Pe unless (ignorepe), and the predicate */
    const uint32_t pe = lane_bits(s->pe, ni), p0 = lane_bits(s->p0, ni);
    uint32_t act = g->ignorepe ? 0xffffffffu : pe;
    if (g->pred == 1) act &= p0;
    if (g->pred == 2) act &= ~p0;
    const uint32_t all = usc_all_lanes(ni);
    act &= all;
    c->act = act;
    /* Every value row a unit can read before the group sets it starts at 0:
     * the six FT rows (the FT of a phase or unit not present reads 0,
     * decision D5; a row a later phase writes can be read first, through an
     * IS copy or a unit's implicit FT1 mask), FTT and W0/W1 in a group with a
     * MOV slot (MOVC without a test; MOVC's choices), the sources the group
     * does not declare (below).  A 16-instance task clears every row: the
     * USC_ALL loops compute lanes 16-31 too, from rows whose units wrote
     * lanes 0-15 only (never read back, but kept defined).  Clearing all 23
     * rows of every group cost a fifth of the step. */
    if (ni < USC_MAXI) {
        memset(c->v, 0, sizeof c->v);
    } else {
        /* a copy of a constant size is inlined; a memset is not */
        memcpy(c->v[USC_K_FT0], usc_zero_lanes, sizeof c->v[0]);
        memcpy(c->v[USC_K_FT1], usc_zero_lanes, sizeof c->v[0]);
        memcpy(c->v[USC_K_FT2], usc_zero_lanes, sizeof c->v[0]);
        memcpy(c->v[USC_K_FT3], usc_zero_lanes, sizeof c->v[0]);
        memcpy(c->v[USC_K_FT4], usc_zero_lanes, sizeof c->v[0]);
        memcpy(c->v[USC_K_FT5], usc_zero_lanes, sizeof c->v[0]);
        if (g->slots & USC_S_MOV) {
            memcpy(c->v[USC_K_FTT], usc_zero_lanes, sizeof c->v[0]);
            memcpy(c->v[USC_K_W0], usc_zero_lanes, sizeof c->v[0]);
            memcpy(c->v[USC_K_W1], usc_zero_lanes, sizeof c->v[0]);
        }
    }
    /* sources (every instance: derivatives read inactive neighbours) */
    int st;
    for (unsigned k = 0; k < 6; k++)
        if (g->smask >> k & 1) {
            if ((st = read_source(s, &g->s[k], k, act, ni, c->v[k], err))) return st;
        } else if (ni == USC_MAXI) {
            memcpy(c->v[k], usc_zero_lanes, sizeof c->v[0]);
        }
    /* whole rows (a constant size the compiler copies inline); lanes from ni
     * on are never read */
    memcpy(c->v[USC_K_IS0], c->v[USC_K_S0 + usc_is0_src[g->is0]], sizeof c->v[0]);
    memcpy(c->v[USC_K_FTE], c->v[USC_K_IS0], sizeof c->v[0]);
    {   /* from a local copy: a store to a value row cannot change it (the
         * compiler then vectorizes the loop) */
        uint8_t b[USC_MAXI];
        memcpy(b, s->p0, sizeof b);
        for (unsigned l = 0; l < USC_MAXI; l++) c->v[USC_K_P0][l] = b[l];
    }
    if (!g->bitwise) {
        if ((st = run(c, USC_S_P0 | USC_S_P1, err))) return st;
        static const uint8_t is3k[4] = { USC_K_FT0, USC_K_FT1, USC_K_S2, USC_K_FTE };
        memcpy(c->v[USC_K_IS1], c->v[g->is1 ? USC_K_FTE : USC_K_FT0], sizeof c->v[0]);
        memcpy(c->v[USC_K_IS2], c->v[g->is2 ? USC_K_FTE : USC_K_FT1], sizeof c->v[0]);
        memcpy(c->v[USC_K_IS3], c->v[is3k[g->is3]], sizeof c->v[0]);
        if ((st = run(c, USC_S_P2, err))) return st;
        static const uint8_t is45k[4] = { USC_K_FT0, USC_K_FT1, USC_K_FT2, USC_K_FTE };
        memcpy(c->v[USC_K_IS4], c->v[is45k[g->is4]], sizeof c->v[0]);
        memcpy(c->v[USC_K_IS5], c->v[is45k[g->is5]], sizeof c->v[0]);
        if ((st = run(c, USC_S_TST, err))) return st;
        /* default routing (L181-L183): the last phase present drives W0, the
         * second to last W1; a whole-ALU op or MOV/MOVC overrides */
        int ph[3], np = 0;
        for (int p = 0; p < 3; p++) if (g->slots >> p & 1) ph[np++] = p;
        for (int wi2 = 0; wi2 < 2; wi2++)
            if (np > wi2 && !c->wset[wi2]) {
                memcpy(c->v[USC_K_W0 + wi2], c->v[USC_K_FT0 + ph[np - 1 - wi2]], sizeof c->v[0]);
                c->wset[wi2] = 1;
                c->wslot[wi2] = (int8_t)ph[np - 1 - wi2];
            }
        if ((st = run(c, USC_S_MOV | USC_S_BE, err))) return st;
    } else {
        if ((st = run(c, USC_S_BITWISE, err))) return st;
        if (g->slots & USC_S_BSH2) {
            memcpy(c->v[USC_K_W0], c->v[USC_K_FT5], sizeof c->v[0]);
            c->wset[0] = 1; c->wslot[0] = USC_SL_BSH2;
        }
        if (g->slots & USC_S_BCNT) {
            memcpy(c->v[USC_K_W1], c->v[USC_K_FT3], sizeof c->v[0]);
            c->wset[1] = 1; c->wslot[1] = USC_SL_BCNT;
        }
    }
    /* write-backs: every check first (an error leaves the state as it was) */
    unsigned waddr[2][USC_MAXI];
    for (unsigned w = 0; w < 2; w++) {
        if (!(g->wmask >> w & 1)) continue;
        if (!c->wset[w])
            return gpuref_errf(err, GPUREF_ERR_DECODE, "usc: illegal group: w%u has no value", w);
        const usc_reg *r = &g->w[w];
        if (!r->idx) {
            if (act && r->index >= usc_bank_limit(s, r->bank))
                return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: w%u: %s%u indexed out of range "
                                   "(instance %u)", w, usc_bank_names[r->bank], r->index,
                                   (unsigned)__builtin_ctz(act));
            continue;
        }
        for (unsigned l = 0; l < ni; l++)
            if ((act >> l & 1) && reg_addr(s, r, l, &waddr[w][l]))
                return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: w%u: %s%u indexed out of range "
                                   "(instance %u)", w, usc_bank_names[r->bank], r->index, l);
    }
    rr->pc = s->pc;
    /* a header, up to 6 source and 2 destination words, the instructions and
     * their immediates or control words (F16SOP 2, F16SOP.MAD 3): a group can
     * exceed GPUREF_MAX_WORDS; the record carries its first GPUREF_MAX_WORDS
     * words and its length, as the RTL's retire port does (rtl/usc/README.md) */
    rr->nwords = g->nwords;
    memcpy(rr->words, s->words + wi,
           (g->nwords < GPUREF_MAX_WORDS ? g->nwords : GPUREF_MAX_WORDS) * sizeof(uint32_t));
    rr->exec_mask = act;
    rr->kind = g->bitwise;
    /* the memory row (D37-D40) before the write-backs: ST and ATOM read
     * their registers as the group found them, and a WDF's data land
     * before the group's own writes */
    if (c->mem && (st = usc_mem_apply(s, c, rr, err))) return st;
    if (act)
        for (unsigned w = 0; w < 2; w++)
            if (g->wmask >> w & 1) write_back(s, c, w, waddr[w], rr);
    if (c->port) usc_port_apply(s, c, rr);
    if (c->p0set) write_flag(c, s->p0, NULL, c->v[USC_K_P0], USC_F_P0, c->p0slot, rr);
    if (c->p0dut) {     /* ATST's outcome: the DUT's value (D45) */
        gpuref_regw *x = gpuref_retire_regw_slot(rr, USC_F_P0, 0, 1, c->p0slot);
        if (x) x->flags |= GPUREF_REGW_UNMODELLED;
    }
    if (c->peset) write_flag(c, s->pe, c->pe_new, NULL, USC_F_PE, USC_SL_P0, rr);
    if (c->coutset) write_flag(c, s->cout, c->cout_new, NULL, USC_F_COUT, USC_SL_P0, rr);
    if (c->linkset) {
        s->link = c->link_new;
        gpuref_regw *x = gpuref_retire_regw_slot(rr, USC_F_LINK, 0, 0xffffffffu, c->linkset == 2 ? USC_SL_P0 : USC_SL_BE);
        if (x) { x->lanes = 1; x->value[0] = s->link; }
    }
    uint32_t fall = s->pc + g->nwords * 4u;
    rr->next_pc = c->next_pc;
    if (c->next_pc != fall) rr->flags |= GPUREF_RETIRE_BRANCH;
    if (!act) rr->flags |= GPUREF_RETIRE_SKIP;
    s->pc = c->next_pc;
    if (s->pc < s->base || (s->pc - s->base) / 4 >= s->nwords) {
        s->finished = 1;
        rr->flags |= GPUREF_RETIRE_END | GPUREF_RETIRE_EXIT;
        /* the end of the task completes every transaction (D39) */
        if (s->npend || s->drc[0] || s->drc[1]) usc_mem_drain(s, -1, rr);
        if (s->pc != s->base + s->nwords * 4u) rr->flags |= GPUREF_RETIRE_TRAP;
    }
    return GPUREF_OK;
}
