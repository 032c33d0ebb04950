/* usc_exec_itr.c - the backend rows that talk to the fixed-function units
 * (README decisions D47-D52): FITR, FITRP and DITR (the iterator), SMP and
 * ITRSMP (the texture unit), UVSW (the unified vertex store).
 *
 * What an iterator or a texture unit returns is not the USC's to compute
 * (sample positions, texture state, filtering): it is read from the spaces
 * "itr" and "tex", which a vector's init.mem fills (the bench gives its DUT
 * the same data), at issue, as LD reads "mem" (D37).  The data are
 * outstanding registers announced PENDING and written at the WDF on the
 * row's DRC or at the end of the task (D39).  UVSW's write goes to the space
 * "uvs" at once, as ATST's to "atst" (D45). */
#include <string.h>

#include "usc.h"

/* the word of a space at addr (little-endian) */
static uint32_t space_word(const usc_state *s, unsigned space, uint32_t addr)
{
    uint8_t b[4];
    usc_mem_read(&s->port[space - 1], addr, b, 4);
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* "itr": the value the iterator returns for instance l from the coefficients
 * at cf register c in mode m (D47) */
static uint32_t itr_addr(unsigned m, unsigned c, unsigned l)
{
    return (uint32_t)(m * 0x8000u + 128u * c + 4u * l);
}

/* "tex": channel j the texture unit returns for instance l, the texture
 * state at register index t (D49) */
static uint32_t tex_addr(unsigned t, unsigned l, unsigned j)
{
    return 16u * (32u * t + l) + 4u * j;
}

/* DITR and ITRSMP (D51, D52): the registers they name exist, the stored
 * 1/W that perspective control 3 reads is there, room on the DRC */
static int it_check(usc_ctx *c, const usc_ins *in, char *err)
{
    usc_state *s = c->s;
    const char *nm = usc_rows[in->op].name;
    uint32_t w = in->ctl[0], x = in->ctl[1];
    unsigned n = in->op == USC_OP_ITRSMP ? USC_IT_CHAN(x) : USC_IT_COUNT(w), p = USC_IT_PERSP(w);
    if (USC_IT_DEST(w) + n > s->cfg.temps)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: %s: r%u: %u register%s beyond the bank's %u",
                           nm, USC_IT_DEST(w), n, n > 1 ? "s run" : "", s->cfg.temps);
    if (USC_IT_COFF(w) + 4u * USC_IT_COUNT(w) > s->cfg.coeffs)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: %s: cf%u: %u coefficients (4 a value) run "
                           "beyond the bank's %u", nm, USC_IT_COFF(w), 4 * USC_IT_COUNT(w), s->cfg.coeffs);
    if ((p == USC_PERSP_MUL || p == USC_PERSP_MUL_STORE) && USC_IT_WOFF(w) + 4u > s->cfg.coeffs)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: %s: cf%u: the W coefficients run beyond the "
                           "bank's %u", nm, USC_IT_WOFF(w), s->cfg.coeffs);
    if (in->op == USC_OP_ITRSMP && (USC_IT_TEX(x) >= s->cfg.shared || USC_IT_SMP(x) >= s->cfg.shared))
        return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: itrsmp: sh%u: beyond the bank's %u",
                           USC_IT_TEX(x) >= s->cfg.shared ? USC_IT_TEX(x) : USC_IT_SMP(x), s->cfg.shared);
    if (p == USC_PERSP_STORED && (c->act & ~s->itr_rwset))
        return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: %s: perspective control 3 reads the 1/W "
                           "stored by a perspective control 2, and instance %u has none", nm,
                           (unsigned)__builtin_ctz(c->act & ~s->itr_rwset));
    int st = usc_pend_room(s, c->g, n, USC_IT_DRC(x), nm, err);
    if (st) return st;
    c->mem = in;
    return GPUREF_OK;
}

/* the checks of the backend slot; the effects come after the group's own
 * checks (usc_be_apply, through usc_mem_apply) */
int usc_x_be(usc_ctx *c, const usc_ins *in, char *err)
{
    usc_state *s = c->s;
    const usc_group *g = c->g;
    const char *nm = usc_rows[in->op].name;
    uint32_t w = in->ctl[0];
    c->mem = NULL;
    if (in->op == USC_OP_UVSW) {
        if (!c->wset[USC_BC_W1(w)])
            return gpuref_errf(err, GPUREF_ERR_DECODE, "usc: illegal group: uvsw reads w%u, which "
                               "nothing drives", USC_BC_W1(w));
        if (!c->act) return GPUREF_OK;
        if (!USC_BC_IMM(w))
            USC_FOR(c, l) {
                uint32_t a = c->v[USC_BC_ADDR(w)][l];
                if (a > 255)
                    return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: uvsw: address %u (s%u) is not "
                                       "0-255 (instance %u)", a, USC_BC_ADDR(w), l);
            }
        c->mem = in;
        return GPUREF_OK;
    }
    if (!c->act) return GPUREF_OK;          /* no instance issues it */
    if (USC_IT_ROW(in->op)) return it_check(c, in, err);
    unsigned n = in->op == USC_OP_SMP ? USC_BC_CHAN(w) : USC_BC_COUNT(w);
    unsigned k = in->op == USC_OP_SMP ? 4u : 3u;
    const usc_reg *r = &g->s[k];
    if (r->index + n > usc_bank_limit(s, r->bank))
        return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: %s: s%u = %s%u: %u register%s beyond the "
                           "bank's %u", nm, k, usc_bank_names[r->bank], r->index, n,
                           n > 1 ? "s run" : "", usc_bank_limit(s, r->bank));
    if (in->op != USC_OP_SMP) {
        /* four coefficient registers per value (A, B, C and one unused) */
        if (g->s[0].index + 4u * n > usc_bank_limit(s, USC_B_CF))
            return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: %s: s0 = cf%u: %u coefficients (4 a "
                               "value) run beyond the bank's %u", nm, g->s[0].index, 4 * n,
                               usc_bank_limit(s, USC_B_CF));
        if (in->op == USC_OP_FITRP && g->s[2].index + 4u > usc_bank_limit(s, USC_B_CF))
            return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: fitrp: s2 = cf%u: the W coefficients "
                               "run beyond the bank's %u", g->s[2].index, usc_bank_limit(s, USC_B_CF));
    }
    int st = usc_pend_room(s, g, n, USC_BC_DRC(w), nm, err);
    if (st) return st;
    c->mem = in;
    return GPUREF_OK;
}

/* FITR/FITRP value i of instance l (D47, D48) */
static int itr_value(usc_state *s, const usc_group *g, const usc_ins *in, unsigned i, unsigned l,
                     uint32_t *out, char *err)
{
    uint32_t w = in->ctl[0];
    unsigned m = USC_BC_MODE(w), flags = USC_BC_SAT(w) ? FP_F_CLAMP : 0;
    uint32_t v = space_word(s, USC_SPACE_ITR, itr_addr(m, g->s[0].index + 4u * i, l));
    uint64_t r = v, q = 0;
    unsigned exc = 0;
    int st = 0;
    if (in->op == USC_OP_FITRP) {
        /* "all values should be multiplied by 1/W" (L1005): the reciprocal
         * of the iterated W, then the product, each rounded (D48) */
        uint32_t wv = space_word(s, USC_SPACE_ITR, itr_addr(m, g->s[2].index, l));
        st = fp_rcp(FP_F32, wv, &s->fp, 0, &q, &exc);
        if (!st) st = fp_mul(FP_F32, v, (uint32_t)q, &s->fp, flags, &r, &exc);
    } else if (flags) {
        /* .sat: the clamp of FMAD's .sat (D4), through an exact x 1.0 */
        st = fp_mul(FP_F32, v, 0x3f800000u, &s->fp, flags, &r, &exc);
    }
    if (st) return gpuref_errf(err, st, "usc: %s: float operation failed", usc_rows[in->op].name);
    *out = (uint32_t)r;
    return GPUREF_OK;
}

/* 1/W of instance l: iterated from the W coefficients at cf woff in mode m
 * and rounded, or the one stored (D48, D51) */
static int it_rw(usc_state *s, unsigned p, unsigned m, unsigned woff, unsigned l, uint32_t *rw, char *err)
{
    if (p == USC_PERSP_STORED) { *rw = s->itr_rw[l]; return GPUREF_OK; }
    uint64_t q = 0;
    unsigned exc = 0;
    int st = fp_rcp(FP_F32, space_word(s, USC_SPACE_ITR, itr_addr(m, woff, l)), &s->fp, 0, &q, &exc);
    if (st) return gpuref_errf(err, st, "usc: float operation failed");
    *rw = (uint32_t)q;
    return GPUREF_OK;
}

/* DITR and ITRSMP (D51, D52) */
static int it_apply(usc_state *s, usc_ctx *c, gpuref_retire *rr, char *err)
{
    const usc_ins *in = c->mem;
    uint32_t w = in->ctl[0], x = in->ctl[1];
    unsigned d = USC_IT_DRC(x), p = USC_IT_PERSP(w), m = USC_IT_MODE(w);
    int smp = in->op == USC_OP_ITRSMP;
    unsigned n = smp ? USC_IT_CHAN(x) : USC_IT_COUNT(w);
    uint32_t val[16][USC_MAXI], rw[USC_MAXI] = { 0 };
    if (p != USC_PERSP_NONE)
        USC_FOR(c, l) {
            int st = it_rw(s, p, m, USC_IT_WOFF(w), l, &rw[l], err);
            if (st) return st;
        }
    for (unsigned i = 0; i < n; i++)
        USC_FOR(c, l) {
            if (smp) {      /* the texture unit's channels; the coordinates are not the model's */
                val[i][l] = space_word(s, USC_SPACE_TEX, tex_addr(USC_IT_TEX(x), l, i));
                continue;
            }
            uint32_t v = space_word(s, USC_SPACE_ITR, itr_addr(m, USC_IT_COFF(w) + 4u * i, l));
            uint64_t r = v;
            unsigned exc = 0, flags = USC_IT_SAT(x) ? FP_F_CLAMP : 0;
            int st = 0;
            if (p != USC_PERSP_NONE) st = fp_mul(FP_F32, v, rw[l], &s->fp, flags, &r, &exc);
            else if (flags) st = fp_mul(FP_F32, v, 0x3f800000u, &s->fp, flags, &r, &exc);
            if (st) return gpuref_errf(err, st, "usc: ditr: float operation failed");
            val[i][l] = (uint32_t)r;
        }
    if (p == USC_PERSP_MUL_STORE)
        USC_FOR(c, l) {
            s->itr_rw[l] = rw[l];
            s->itr_rwset |= 1u << l;
        }
    for (unsigned i = 0; i < n; i++) {
        usc_pend *q = usc_pend_new(s, rr->seq, d, USC_B_R, USC_IT_DEST(w) + i);
        USC_FOR(c, l) {
            q->lanes |= 1u << l;
            q->val[l] = val[i][l];
        }
        usc_pend_announce(rr, q);
    }
    usc_drc_count(s, d, rr);
    /* .schedwdf: the task waits for its DRC before the next group (D51) */
    if (USC_IT_SCHED(x) == 2) usc_mem_drain(s, (int)d, rr);
    return GPUREF_OK;
}

int usc_be_apply(usc_state *s, usc_ctx *c, gpuref_retire *rr, char *err)
{
    if (USC_IT_ROW(c->mem->op)) return it_apply(s, c, rr, err);
    const usc_ins *in = c->mem;
    const usc_group *g = c->g;
    uint32_t w = in->ctl[0];
    if (in->op == USC_OP_UVSW) {
        /* instance l's vertex output a: 4 bytes at 1024 l + 4 a of "uvs" */
        const uint32_t *d = c->v[USC_K_W0 + USC_BC_W1(w)];
        USC_FOR(c, l) {
            uint32_t a = USC_BC_IMM(w) ? USC_BC_ADDR(w) : c->v[USC_BC_ADDR(w)][l];
            uint32_t addr = 1024u * l + 4u * a;
            uint8_t b[4];
            for (unsigned i = 0; i < 4; i++) b[i] = (uint8_t)(d[l] >> (8 * i));
            if (usc_mem_write(&s->port[USC_SPACE_UVS - 1], addr, b, 4))
                return gpuref_errf(err, GPUREF_ERR_NOMEM, "usc: uvs: out of memory");
            gpuref_retire_memw(rr, USC_SPACE_UVS, addr, 4, l, b, 0, USC_SL_BE);
        }
        return GPUREF_OK;
    }
    unsigned d = USC_BC_DRC(w);
    unsigned n = in->op == USC_OP_SMP ? USC_BC_CHAN(w) : USC_BC_COUNT(w);
    const usc_reg *r = &g->s[in->op == USC_OP_SMP ? 4 : 3];
    /* every value first: an error leaves the state as it was */
    uint32_t val[16][USC_MAXI];
    for (unsigned i = 0; i < n; i++)
        USC_FOR(c, l) {
            if (in->op == USC_OP_SMP)
                val[i][l] = space_word(s, USC_SPACE_TEX, tex_addr(g->s[0].index, l, i));
            else {
                int st = itr_value(s, g, in, i, l, &val[i][l], err);
                if (st) return st;
            }
        }
    for (unsigned i = 0; i < n; i++) {
        usc_pend *p = usc_pend_new(s, rr->seq, d, r->bank, r->index + i);
        USC_FOR(c, l) {
            p->lanes |= 1u << l;
            p->val[l] = val[i][l];
        }
        usc_pend_announce(rr, p);
    }
    usc_drc_count(s, d, rr);
    return GPUREF_OK;
}
