/* usc_exec_mem.c - the memory ("mem", sparse, byte-addressed) and the
 * backend's data-access rows LD, ST, ATOM, IDF with their data-return
 * counters, and WDF (README decisions D37-D40).
 *
 * A memory row is checked in the backend slot (usc_x_mem: burst lengths,
 * register ranges, room on the counters) and takes effect after the group's
 * other checks (usc_mem_apply), so that an error leaves the state as it was.
 * Loads and atomics read memory at issue; their data are outstanding
 * registers (usc_pend) announced PENDING in the issuing group's record and
 * written, listed DEFERRED with the issuing group's sequence number, by the
 * WDF on their DRC (or at the end of the task). */
#include <stdlib.h>
#include <string.h>

#include "usc.h"

/* ------------------------------------------------------------ memory */
static size_t slot_of(const usc_mem *m, uint32_t key)
{
    size_t i = (key * 0x9e3779b1u) & (m->cap - 1);
    while (m->keys[i] && m->keys[i] != key) i = (i + 1) & (m->cap - 1);
    return i;
}

static uint8_t *page_get(const usc_mem *m, uint32_t page)
{
    if (!m->cap) return NULL;
    size_t i = slot_of(m, page + 1);
    return m->keys[i] ? m->pages[i] : NULL;
}

static uint8_t *page_make(usc_mem *m, uint32_t page)
{
    uint8_t *p = page_get(m, page);
    if (p) return p;
    if (2 * (m->used + 1) > m->cap) {      /* grow: at most half full */
        usc_mem n = { NULL, NULL, m->cap ? 2 * m->cap : 64, 0 };
        n.keys = calloc(n.cap, sizeof *n.keys);
        n.pages = calloc(n.cap, sizeof *n.pages);
        if (!n.keys || !n.pages) { free(n.keys); free(n.pages); return NULL; }
        for (size_t i = 0; i < m->cap; i++)
            if (m->keys[i]) {
                size_t j = slot_of(&n, m->keys[i]);
                n.keys[j] = m->keys[i];
                n.pages[j] = m->pages[i];
            }
        n.used = m->used;
        free(m->keys);
        free(m->pages);
        *m = n;
    }
    p = calloc(1, USC_PAGE);
    if (!p) return NULL;
    size_t i = slot_of(m, page + 1);
    m->keys[i] = page + 1;
    m->pages[i] = p;
    m->used++;
    return p;
}

int usc_mem_read(const usc_mem *m, uint32_t addr, void *buf, size_t len)
{
    uint8_t *b = buf;
    while (len) {
        uint32_t off = addr % USC_PAGE;
        size_t n = USC_PAGE - off < len ? USC_PAGE - off : len;
        const uint8_t *p = page_get(m, addr / USC_PAGE);
        if (p) memcpy(b, p + off, n);
        else memset(b, 0, n);
        b += n; len -= n; addr += (uint32_t)n;     /* addresses wrap at 2^32 */
    }
    return GPUREF_OK;
}

int usc_mem_write(usc_mem *m, uint32_t addr, const void *buf, size_t len)
{
    const uint8_t *b = buf;
    while (len) {
        uint32_t off = addr % USC_PAGE;
        size_t n = USC_PAGE - off < len ? USC_PAGE - off : len;
        uint8_t *p = page_make(m, addr / USC_PAGE);
        if (!p) return GPUREF_ERR_NOMEM;
        memcpy(p + off, b, n);
        b += n; len -= n; addr += (uint32_t)n;
    }
    return GPUREF_OK;
}

void usc_mem_free(usc_mem *m)
{
    for (size_t i = 0; i < m->cap; i++) free(m->pages[i]);
    free(m->keys);
    free(m->pages);
    memset(m, 0, sizeof *m);
}

/* the lowest populated page at or above page `from` (1 found) */
int usc_mem_first(const usc_mem *m, uint32_t from, uint32_t *page)
{
    int found = 0;
    for (size_t i = 0; i < m->cap; i++)
        if (m->keys[i] && m->keys[i] - 1 >= from && (!found || m->keys[i] - 1 < *page)) {
            *page = m->keys[i] - 1;
            found = 1;
        }
    return found;
}

/* ------------------------------------------------------- registers */
static uint32_t *lane_row(usc_state *s, unsigned bank, unsigned i)
{
    switch (bank) {
    case USC_B_R:  return s->r[i];
    case USC_B_VI: return s->vi[i];
    case USC_B_I:  return s->in[i];
    default:       return s->o[i];
    }
}

static const int bank_file[USC_NBANKS] = { USC_F_R, USC_F_VI, USC_F_CF, USC_F_CFA, USC_F_SH, -1,
                                           USC_F_I, USC_F_IDX, USC_F_O };

/* a PENDING or DEFERRED entry of the record (never merged with the unit's
 * own writes); NULL when the record is full */
static gpuref_regw *tagged(gpuref_retire *rr, const usc_pend *p, uint32_t flags)
{
    if (rr->nregw >= GPUREF_MAX_REGW) return NULL;
    gpuref_regw *x = &rr->regw[rr->nregw++];
    x->file = (int16_t)bank_file[p->bank];
    x->index = p->index;
    x->flags = flags;
    x->ulp_bound = 0;
    x->slot = USC_SL_BE;
    x->reserved = 0;
    x->tag = p->tag;
    x->bits = 0xffffffffu;
    x->lanes = p->lanes;
    for (unsigned l = 0; l < USC_MAXI; l++) x->value[l] = p->lanes >> l & 1 ? p->val[l] : 0;
    return x;
}

static void drc_record(usc_state *s, unsigned d, gpuref_retire *rr)
{
    gpuref_regw *x = gpuref_retire_regw_slot(rr, USC_F_DRC, d, 0xff, USC_SL_BE);
    if (x) { x->lanes = 1; x->value[0] = s->drc[d]; }
}

usc_pend *usc_pend_new(usc_state *s, uint64_t tag, unsigned drc, unsigned bank, unsigned index)
{
    usc_pend *p = &s->pend[s->npend++];
    memset(p, 0, sizeof *p);
    p->tag = tag;
    p->drc = (uint8_t)drc;
    p->bank = (uint8_t)bank;
    p->index = (uint16_t)index;
    return p;
}

void usc_pend_announce(gpuref_retire *rr, const usc_pend *p)
{
    tagged(rr, p, GPUREF_REGW_PENDING);
}

void usc_drc_count(usc_state *s, unsigned d, gpuref_retire *rr)
{
    s->drc[d]++;
    drc_record(s, d, rr);
}

int usc_pend_room(const usc_state *s, const usc_group *g, unsigned nreg, unsigned d,
                  const char *nm, char *err)
{
    if (s->npend + nreg > USC_PEND_MAX)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: %s: %u registers of loads and atomics would "
                           "be outstanding (at most %u: a wdf first)", nm, s->npend + nreg,
                           USC_PEND_MAX);
    /* the last group of the task also completes every transaction (D39):
     * its announcements and all the write-backs share one record */
    uint32_t next = s->pc + g->nwords * 4u;
    if ((next < s->base || (next - s->base) / 4 >= s->nwords) &&
        s->npend + 2 * nreg > GPUREF_MAX_REGW - 8)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: %s: the end of the task would complete %u "
                           "registers of loads and atomics in the group that issues %u (at most %u: "
                           "a wdf first)", nm, s->npend + nreg, nreg, GPUREF_MAX_REGW - 8 - nreg);
    if (s->drc[d] >= 255)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: %s: drc%u counts 255 transactions (a wdf "
                           "first)", nm, d);
    return GPUREF_OK;
}

/* --------------------------------------------------------- the rows */
/* LD, ST, ATOM, IDF and WDF in the backend slot: the checks; the effects
 * come after the group's own checks (usc_mem_apply) */
int usc_x_mem(usc_ctx *c, const usc_ins *in, char *err)
{
    usc_state *s = c->s;
    const usc_group *g = c->g;
    const char *nm = usc_rows[in->op].name;
    uint32_t w = in->ctl[0];
    unsigned d = USC_MC_DRC(w), maxb = 0;
    c->mem = NULL;
    if (!c->act) return GPUREF_OK;          /* no instance issues it */
    if (in->op == USC_OP_LD || in->op == USC_OP_ST) {
        USC_FOR(c, l) {
            uint32_t b = USC_MC_BSRC(w) == 7 ? USC_MC_BIMM(w) : c->v[USC_MC_BSRC(w)][l];
            if (b < 1 || b > 16)
                return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: %s: burst length %u (s%u) is not "
                                   "1-16 (instance %u)", nm, b, USC_MC_BSRC(w), l);
            c->burst[l] = (uint8_t)b;
            if (b > maxb) maxb = b;
        }
    }
    /* the registers a burst runs through, and ATOM's comparator */
    if (in->op != USC_OP_IDF) {
        unsigned k = in->op == USC_OP_LD ? 3u : USC_MC_DATA(w);
        unsigned n = in->op == USC_OP_ATOM ? (USC_MC_AOP(w) == USC_AT_CMPXCHG ? 2u : 1u) : maxb;
        const usc_reg *r = &g->s[k];
        if (r->index + n > usc_bank_limit(s, r->bank))
            return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: %s: s%u = %s%u: %u register%s beyond "
                               "the bank's %u", nm, k, usc_bank_names[r->bank], r->index, n,
                               n > 1 ? "s run" : "", usc_bank_limit(s, r->bank));
    }
    unsigned nreg = in->op == USC_OP_LD ? maxb : in->op == USC_OP_ATOM ? 1u : 0u;
    int st = usc_pend_room(s, g, nreg, d, nm, err);
    if (st) return st;
    c->mem = in;
    return GPUREF_OK;
}

/* WDF: wait until every transaction counted on the DRC has returned: the
 * model completes them here (usc_mem_apply) */
int usc_x_wdf(usc_ctx *c, const usc_ins *in, char *err)
{
    (void)err;
    c->mem = c->act ? in : NULL;
    return GPUREF_OK;
}

/* the write-backs of the outstanding registers on DRC drc (-1: both),
 * oldest first, listed DEFERRED; the counter(s) back to 0 */
void usc_mem_drain(usc_state *s, int drc, gpuref_retire *rr)
{
    unsigned k = 0;
    for (unsigned i = 0; i < s->npend; i++) {
        usc_pend *p = &s->pend[i];
        if (drc >= 0 && p->drc != (unsigned)drc) {
            if (k != i) s->pend[k] = *p;
            k++;
            continue;
        }
        uint32_t *row = lane_row(s, p->bank, p->index);
        for (unsigned l = 0; l < USC_MAXI; l++)
            if (p->lanes >> l & 1) row[l] = p->val[l];
        tagged(rr, p, GPUREF_REGW_DEFERRED);
    }
    s->npend = k;
    for (unsigned d = 0; d < 2; d++)
        if ((drc < 0 || (unsigned)drc == d) && s->drc[d]) {
            s->drc[d] = 0;
            drc_record(s, d, rr);
        }
}

static uint32_t atom_op(unsigned op, uint32_t old, uint32_t v, uint32_t cmp, int *wr)
{
    *wr = 1;
    switch (op) {
    case USC_AT_ADD:  return old + v;
    case USC_AT_UMIN: return old < v ? old : v;
    case USC_AT_UMAX: return old > v ? old : v;
    case USC_AT_SMIN: return (int32_t)old < (int32_t)v ? old : v;
    case USC_AT_SMAX: return (int32_t)old > (int32_t)v ? old : v;
    case USC_AT_AND:  return old & v;
    case USC_AT_OR:   return old | v;
    case USC_AT_XOR:  return old ^ v;
    case USC_AT_XCHG: return v;
    default:          /* CMPXCHG: v replaces old when old equals the comparator */
        *wr = old == cmp;
        return *wr ? v : old;
    }
}

static void put32(uint8_t *b, uint32_t v)
{
    for (unsigned i = 0; i < 4; i++) b[i] = (uint8_t)(v >> (8 * i));
}

int usc_mem_apply(usc_state *s, usc_ctx *c, gpuref_retire *rr, char *err)
{
    const usc_ins *in = c->mem;
    const usc_group *g = c->g;
    uint32_t w = in->ctl[0];
    unsigned d = USC_MC_DRC(w);
    const uint32_t *addr = c->v[USC_MC_ADDR(w)];
    if (in->op == USC_OP_WDF) {
        usc_mem_drain(s, (int)in->o & 1, rr);
        return GPUREF_OK;
    }
    if (USC_BE_ROW(in->op) || USC_IT_ROW(in->op)) return usc_be_apply(s, c, rr, err);
    if (in->op == USC_OP_LD) {
        /* one outstanding register per burst position: the instances whose
         * burst reaches it, the DWORDs at the address (aligned down to 4) */
        const usc_reg *r = &g->s[3];
        unsigned maxb = 0;
        USC_FOR(c, l) if (c->burst[l] > maxb) maxb = c->burst[l];
        for (unsigned i = 0; i < maxb; i++) {
            usc_pend *p = usc_pend_new(s, rr->seq, d, r->bank, r->index + i);
            USC_FOR(c, l) {
                if (c->burst[l] <= i) continue;
                uint8_t b[4];
                usc_mem_read(&s->mem, (addr[l] & ~3u) + 4u * i, b, 4);
                p->lanes |= 1u << l;
                p->val[l] = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                            (uint32_t)b[3] << 24;
            }
            tagged(rr, p, GPUREF_REGW_PENDING);
        }
    } else if (in->op == USC_OP_ST) {
        /* elements of 1 << size bytes from consecutive data registers (their
         * low bytes) to consecutive addresses from the address aligned down
         * to the element; bit i of the coverage mask enables element i */
        const usc_reg *r = &g->s[USC_MC_DATA(w)];
        unsigned sz = 1u << USC_MC_SIZE(w);
        USC_FOR(c, l) {
            uint32_t base = addr[l] & ~(sz - 1), cov = USC_MC_COV(w) == 7 ? 0xffffu : c->v[USC_MC_COV(w)][l];
            unsigned n = c->burst[l] * sz;
            uint8_t data[64];
            uint64_t en = 0;
            for (unsigned e = 0; e < c->burst[l]; e++) {
                uint32_t v = usc_reg_read(s, r->bank, r->index + e, l);
                for (unsigned b = 0; b < sz; b++) data[e * sz + b] = (uint8_t)(v >> (8 * b));
                if (cov >> e & 1) en |= ((1ull << sz) - 1) << (e * sz);
            }
            for (unsigned e = 0; e < c->burst[l]; e++)
                if (cov >> e & 1) {
                    int st = usc_mem_write(&s->mem, base + e * sz, data + e * sz, sz);
                    if (st) return gpuref_errf(err, st, "usc: st: out of memory");
                }
            /* the record: a write per 16 bytes from the base, its enabled bytes */
            for (unsigned o = 0; o < n; o += 16) {
                unsigned len = n - o < 16 ? n - o : 16;
                unsigned mask = (unsigned)(en >> o) & ((1u << len) - 1);
                if (mask) gpuref_retire_memw(rr, 0, (uint32_t)(base + o), len, l, data + o, mask, USC_SL_BE);
            }
        }
    } else if (in->op == USC_OP_ATOM) {
        /* instance by instance, lowest first: the old DWORD returns to the
         * source/destination register, the result goes to memory */
        const usc_reg *r = &g->s[USC_MC_DATA(w)];
        usc_pend *p = usc_pend_new(s, rr->seq, d, r->bank, r->index);
        USC_FOR(c, l) {
            uint32_t a = addr[l] & ~3u, v = usc_reg_read(s, r->bank, r->index, l), cmp = 0;
            if (USC_MC_AOP(w) == USC_AT_CMPXCHG) cmp = usc_reg_read(s, r->bank, r->index + 1u, l);
            uint8_t b[4];
            usc_mem_read(&s->mem, a, b, 4);
            uint32_t old = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                           (uint32_t)b[3] << 24;
            int wr;
            uint32_t nv = atom_op(USC_MC_AOP(w), old, v, cmp, &wr);
            p->lanes |= 1u << l;
            p->val[l] = old;
            if (wr) {
                put32(b, nv);
                int st = usc_mem_write(&s->mem, a, b, 4);
                if (st) return gpuref_errf(err, st, "usc: atom: out of memory");
                gpuref_retire_memw(rr, 0, a, 4, l, b, 0xf, USC_SL_BE);
            }
        }
        tagged(rr, p, GPUREF_REGW_PENDING);
    }
    /* LD, ST, ATOM and IDF are one transaction each on their DRC */
    usc_drc_count(s, d, rr);
    return GPUREF_OK;
}
