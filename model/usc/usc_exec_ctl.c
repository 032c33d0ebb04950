/* usc_exec_ctl.c - MOV/MOVC, the conditional (mask counter) ops, flow
 * control, WDF and the rows not implemented. */
#include "usc.h"

int usc_x_unimpl(usc_ctx *c, const usc_ins *in, char *err)
{
    (void)c;
    return gpuref_errf(err, GPUREF_ERR_UNIMPL, "unimplemented: %s", usc_rows[in->op].name);
}

static uint32_t merge(uint32_t sel, uint32_t dflt, unsigned mask)
{
    uint32_t m = 0;
    for (unsigned e = 0; e < 4; e++) if (mask >> e & 1) m |= 0xffu << (8 * e);
    return (sel & m) | (dflt & ~m);
}

/* MOV: selected bytes from the chosen FT, the others from IS4 (L588-L593) */
int usc_x_mov(usc_ctx *c, const usc_ins *in, char *err)
{
    (void)err;
    USC_FOR(c, l) c->v[USC_K_W0][l] = merge(c->v[in->k[1]][l], c->v[USC_K_IS4][l], in->m);
    c->wset[0] = 1;
    c->wslot[0] = USC_SL_MOV;
    return GPUREF_OK;
}

/* MOVC: FTT true: W0 as MOV, W1 = the second choice; false: W0 = IS4,
 * W1 = IS5 (L594-L599) */
int usc_x_movc(usc_ctx *c, const usc_ins *in, char *err)
{
    (void)err;
    USC_FOR(c, l) {
        if (c->v[USC_K_FTT][l]) {
            c->v[USC_K_W0][l] = merge(c->v[in->k[3]][l], c->v[USC_K_IS4][l], in->m);
            c->v[USC_K_W1][l] = c->v[in->k[4]][l];
        } else {
            c->v[USC_K_W0][l] = c->v[USC_K_IS4][l];
            c->v[USC_K_W1][l] = c->v[USC_K_IS5][l];
        }
    }
    c->wset[0] = c->wset[1] = 1;
    c->wslot[0] = c->wslot[1] = USC_SL_MOV;
    return GPUREF_OK;
}

/* PCND 0..3: p0, !p0, true, false (decision D10) */
static int pcnd(const usc_ctx *c, unsigned sel, unsigned l)
{
    switch (sel) {
    case 0: return c->s->p0[l] & 1;
    case 1: return !(c->s->p0[l] & 1);
    case 2: return 1;
    default: return 0;
    }
}

/* the field value of an O-bit token (pcnd / adj) of the form */
static unsigned field(const usc_ins *in, unsigned kind)
{
    const usc_row *row = &usc_rows[in->op];
    unsigned ob = 0;
    for (unsigned j = 0; j < row->ntok[in->form]; j++) {
        const usc_tok *t = &row->tok[in->form][j];
        if (t->kind == kind) return (in->o >> ob) & ((1u << t->obits) - 1);
        ob += t->obits;
    }
    return 0;
}

int usc_x_cnd(usc_ctx *c, const usc_ins *in, char *err)
{
    (void)err;
    unsigned op = in->op, pc = field(in, USC_K_PCND), adj = field(in, USC_K_ADJ);
    unsigned ni = c->s->cfg.instances;
    unsigned sk = USC_K_S0;
    int any = 0, first = -1;
    if (op == USC_OP_CNDLT)           /* OR over all instances of (PCND & Pe) (L1077) */
        for (unsigned l = 0; l < ni; l++) any |= pcnd(c, pc, l) && c->s->pe[l];
    if (op == USC_OP_CNDSETL && in->m == 1)
        for (unsigned k = 0; k < ni; k++) {  /* first instance with Pe, order {16..31, 0..15} */
            unsigned l = ni == 32 ? (k + 16) & 31 : k;
            if (c->s->pe[l]) { first = (int)l; break; }
        }
    USC_FOR(c, l) {
        uint32_t s0 = c->v[sk][l], w = 0;
        int pe = 0;
        int pr = op == USC_OP_CNDEND || op == USC_OP_CNDSETL || op == USC_OP_CNDLPC ? 0 : pcnd(c, pc, l);
        switch (op) {
        case USC_OP_CNDST:
            if (pr && s0 == 0) { w = 0; pe = 1; } else { w = s0 + adj; pe = 0; }
            break;
        case USC_OP_CNDEF:
            if (s0 == 0) { w = s0 + adj; pe = adj == 0; }
            else if (pr && s0 == 1) { w = 0; pe = 1; }
            else { w = s0; pe = 0; }
            break;
        case USC_OP_CNDSM: {
            uint32_t s2 = c->v[USC_K_S2][l];
            if (pr && s0 == 0) { w = s2; pe = s2 == 0; } else { w = s0; pe = s0 == 0; }
            break;
        }
        case USC_OP_CNDLT:
            if (!any) {
                c->v[USC_K_P0][l] = 0;
                if (s0 > adj) { w = s0 - adj; pe = 0; } else { w = 0; pe = 1; }
            } else if (pr && s0 == 0) { c->v[USC_K_P0][l] = 1; w = adj; pe = 0; }
            else { c->v[USC_K_P0][l] = 1; w = s0; pe = s0 == 0; }
            break;
        case USC_OP_CNDEND:
            if (s0 > adj) { w = s0 - adj; pe = 0; } else { w = 0; pe = 1; }
            break;
        case USC_OP_CNDSETL:
            if (in->m == 0) { w = s0; pe = c->s->pe[l]; break; }   /* part A: internal only */
            {
                uint32_t s2 = c->v[USC_K_S2][l];
                if (s0 == 0 && (first < 0 || s2 != c->v[USC_K_S2][first])) { w = 1; pe = 0; }
                else { w = s0; pe = s0 == 0; }
            }
            break;
        default:    /* CNDLPC */
            if (s0 == 0) { w = 2; pe = 0; } else if (s0 == 1) { w = 0; pe = 1; } else { w = s0; pe = 0; }
            break;
        }
        c->v[USC_K_W0][l] = w;
        c->pe_new[l] = (uint8_t)pe;
    }
    if (op == USC_OP_CNDSETL && in->m == 1 && first >= 0) {
        c->link_new = c->v[USC_K_S2][first];
        c->linkset = 2;
    }
    if (op == USC_OP_CNDLT) { c->p0set = 1; c->p0slot = USC_SL_P0; }
    c->peset = 1;
    c->wset[0] = 1;
    c->wslot[0] = USC_SL_P0;
    return GPUREF_OK;
}

/* BA/BAL absolute, BR/BRL relative to the group, in 16-bit units (L1057);
 * taken when any instance executes the group (.ANYINST, the default) or
 * when every instance of the task does (.ALLINST) (decision D12) */
int usc_x_flow(usc_ctx *c, const usc_ins *in, char *err)
{
    (void)err;
    int taken = in->m == 1 ? c->act == usc_all_lanes(c->ni) : c->act != 0;
    uint32_t fall = c->s->pc + c->g->nwords * 4u;
    switch (in->op) {
    case USC_OP_SAVL:
        USC_FOR(c, l) c->v[USC_K_W0][l] = c->s->link;
        c->wset[0] = 1;
        c->wslot[0] = USC_SL_BE;
        return GPUREF_OK;
    case USC_OP_LAPC:
        if (c->act) c->next_pc = c->s->link * 2u;
        return GPUREF_OK;
    default:
        break;
    }
    if (!taken) return GPUREF_OK;
    if (in->op == USC_OP_BAL || in->op == USC_OP_BRL) {
        c->link_new = fall / 2;
        c->linkset = 1;
    }
    if (in->op == USC_OP_BA || in->op == USC_OP_BAL) c->next_pc = in->imm * 2u;
    else c->next_pc = c->s->pc + (uint32_t)in->imm * 2u;   /* two's complement wrap, no signed overflow */
    return GPUREF_OK;
}
