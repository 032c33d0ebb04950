/* usc_step.c - one unit: an instruction group executed by every instance
 * of the task (README "Retire record"): sources, phases 0/1/2 or the
 * bitwise units, the backend, then the W0/W1 write-backs. */
#include <stdio.h>
#include <string.h>

#include "usc.h"

/* the register a declaration names for instance l (indexed: index +
 * IDXi[l] * D, L283); -1 when out of range */
static int reg_addr(const usc_state *s, const usc_reg *r, unsigned l, unsigned *out)
{
    uint64_t i = r->index;
    if (r->idx) i += (uint64_t)s->idx[r->idx - 1][l] << r->dlog;
    unsigned lim;
    switch (r->bank) {
    case USC_B_R:   lim = s->cfg.temps; break;
    case USC_B_VI:  lim = s->cfg.vins; break;
    case USC_B_CF: case USC_B_CFA: lim = s->cfg.coeffs; break;
    case USC_B_SH:  lim = s->cfg.shared; break;
    case USC_B_SC:  lim = 240; break;
    case USC_B_I:   lim = s->cfg.internals; break;
    case USC_B_IDX: lim = USC_NIDX; break;
    default:        lim = USC_NO; break;
    }
    if (i >= lim) return -1;
    *out = (unsigned)i;
    return 0;
}

static uint32_t reg_read(const usc_state *s, unsigned bank, unsigned i, unsigned l)
{
    switch (bank) {
    case USC_B_R:   return s->r[i][l];
    case USC_B_VI:  return s->vi[i][l];
    case USC_B_CF:  return s->cf[i];
    case USC_B_CFA: return s->cfa[i];
    case USC_B_SH:  return s->sh[i];
    case USC_B_SC:  return usc_sc_table[i];
    case USC_B_I:   return s->in[i][l];
    case USC_B_IDX: return s->idx[i][l];
    default:        return s->o[i][l];
    }
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

int usc_step(void *vs, gpuref_retire *rr, char *err)
{
    usc_state *s = vs;
    usc_ctx cbuf;
    usc_ctx *c = &cbuf;
    if (s->finished) return gpuref_errf(err, GPUREF_ERR_DONE, "usc: the task has finished");
    if (s->pc < s->base || (s->pc - s->base) / 4 >= s->nwords || (s->pc & 3))
        return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: pc 0x%x is outside the program", s->pc);
    size_t wi = (s->pc - s->base) / 4;
    if (s->grpst[wi])
        return gpuref_errf(err, s->grpst[wi], "%s (group at 0x%x)", s->grperr[wi], s->pc);
    const usc_group *g = &s->grp[wi];
    unsigned ni = s->cfg.instances;
    memset(c->wset, 0, sizeof c->wset);
    c->s = s;
    c->g = g;
    c->p0set = c->peset = 0;
    c->branch = 0;
    c->linkset = 0;
    c->coutset = 0;
    c->next_pc = s->pc + g->nwords * 4u;
    uint32_t act = 0;
    for (unsigned l = 0; l < ni; l++) {
        int on = g->ignorepe || s->pe[l];
        if (g->pred == 1) on = on && s->p0[l];
        if (g->pred == 2) on = on && !s->p0[l];
        act |= (uint32_t)on << l;
    }
    c->act = act;
    /* the FT of a phase or unit not present reads 0 (decision D5) */
    memset(c->v[USC_K_FT0], 0, 6 * sizeof c->v[0]);
    /* sources (every instance: derivatives read inactive neighbours) */
    for (unsigned k = 0; k < 6; k++)
        if (g->smask >> k & 1)
            for (unsigned l = 0; l < ni; l++) {
                unsigned a;
                if (reg_addr(s, &g->s[k], l, &a)) {
                    if (!(act >> l & 1)) { c->v[k][l] = 0; continue; }
                    return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: s%u: %s%u indexed out of range "
                                       "(instance %u)", k, usc_bank_names[g->s[k].bank], g->s[k].index, l);
                }
                c->v[k][l] = reg_read(s, g->s[k].bank, a, l);
            }
    for (unsigned l = 0; l < ni; l++) {
        c->v[USC_K_IS0][l] = c->v[USC_K_S0 + usc_is0_src[g->is0]][l];
        c->v[USC_K_FTE][l] = c->v[USC_K_IS0][l];
        c->v[USC_K_P0][l] = s->p0[l];
    }
    int st;
    if (!g->bitwise) {
        if ((st = run(c, USC_S_P0 | USC_S_P1, err))) return st;
        static const uint8_t is3k[4] = { USC_K_FT0, USC_K_FT1, USC_K_S2, USC_K_FTE };
        for (unsigned l = 0; l < ni; l++) {
            c->v[USC_K_IS1][l] = c->v[g->is1 ? USC_K_FTE : USC_K_FT0][l];
            c->v[USC_K_IS2][l] = c->v[g->is2 ? USC_K_FTE : USC_K_FT1][l];
            c->v[USC_K_IS3][l] = c->v[is3k[g->is3]][l];
        }
        if ((st = run(c, USC_S_P2, err))) return st;
        static const uint8_t is45k[4] = { USC_K_FT0, USC_K_FT1, USC_K_FT2, USC_K_FTE };
        for (unsigned l = 0; l < ni; l++) {
            c->v[USC_K_IS4][l] = c->v[is45k[g->is4]][l];
            c->v[USC_K_IS5][l] = c->v[is45k[g->is5]][l];
        }
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
        for (unsigned l = 0; l < ni; l++)
            if ((act >> l & 1) && reg_addr(s, &g->w[w], l, &waddr[w][l]))
                return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: w%u: %s%u indexed out of range "
                                   "(instance %u)", w, usc_bank_names[g->w[w].bank], g->w[w].index, l);
    }
    rr->pc = s->pc;
    rr->nwords = g->nwords;
    memcpy(rr->words, s->words + wi, g->nwords * sizeof(uint32_t));
    rr->exec_mask = act;
    rr->kind = g->bitwise;
    for (unsigned w = 0; w < 2; w++) {
        if (!(g->wmask >> w & 1) || !act) continue;
        const usc_reg *r = &g->w[w];
        int file = bank_file[r->bank];
        int uniform = r->bank == USC_B_SH || r->bank == USC_B_CF || r->bank == USC_B_CFA;
        for (unsigned l = 0; l < ni; l++) {
            if (!(act >> l & 1)) continue;
            unsigned a = waddr[w][l];
            uint32_t v = c->v[USC_K_W0 + w][l];
            if (uniform) {
                /* a shared register written by several instances: the highest
                 * instance's value stays (no hazard checking, L297, L303) */
                if (r->bank == USC_B_SH) s->sh[a] = v;
                else if (r->bank == USC_B_CF) s->cf[a] = v;
                else s->cfa[a] = v;
                gpuref_regw *x = gpuref_retire_regw_slot(rr, file, a, 0xffffffffu, c->wslot[w]);
                if (x) { x->lanes = 1; x->value[0] = v; }
                continue;
            }
            switch (r->bank) {
            case USC_B_R: s->r[a][l] = v; break;
            case USC_B_VI: s->vi[a][l] = v; break;
            case USC_B_I: s->in[a][l] = v; break;
            case USC_B_IDX: s->idx[a][l] = v; break;
            default: s->o[a][l] = v; break;
            }
            gpuref_regw *x = gpuref_retire_regw_slot(rr, file, a, 0xffffffffu, c->wslot[w]);
            if (x) { x->lanes |= 1ull << l; x->value[l] = v; }
        }
    }
    if (c->p0set) {
        gpuref_regw *x = gpuref_retire_regw_slot(rr, USC_F_P0, 0, 1, c->p0slot);
        for (unsigned l = 0; l < ni; l++)
            if (act >> l & 1) {
                s->p0[l] = c->v[USC_K_P0][l] & 1;
                if (x) { x->lanes |= 1ull << l; x->value[l] = s->p0[l]; }
            }
    }
    if (c->peset) {
        gpuref_regw *x = gpuref_retire_regw_slot(rr, USC_F_PE, 0, 1, USC_SL_P0);
        for (unsigned l = 0; l < ni; l++)
            if (act >> l & 1) {
                s->pe[l] = c->pe_new[l];
                if (x) { x->lanes |= 1ull << l; x->value[l] = s->pe[l]; }
            }
    }
    if (c->coutset) {
        gpuref_regw *x = gpuref_retire_regw_slot(rr, USC_F_COUT, 0, 1, USC_SL_P0);
        for (unsigned l = 0; l < ni; l++)
            if (act >> l & 1) {
                s->cout[l] = c->cout_new[l];
                if (x) { x->lanes |= 1ull << l; x->value[l] = s->cout[l]; }
            }
    }
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
        if (s->pc != s->base + s->nwords * 4u) rr->flags |= GPUREF_RETIRE_TRAP;
    }
    return GPUREF_OK;
}
