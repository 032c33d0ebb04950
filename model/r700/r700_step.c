/* r700_step.c - one retired unit: a CF instruction (r700_exec_cf.c) or one
 * ALU instruction group of the running clause (here): operand fetch (GPRs
 * with relative addressing, clause temporaries, kcache, constant file,
 * literals, inline constants, PV/PS), the slots' exec functions, OMOD, CLAMP,
 * predication, and the group's writes in the retire record, tagged by slot. */
#include <stddef.h>
#include <string.h>

#include "r700.h"

int r700_step(void *st, gpuref_retire *rr, char *err)
{
    r700_state *s = st;
    if (s->finished)
        return gpuref_errf(err, GPUREF_ERR_DONE, "program finished");
    if (s->in_clause == 2)
        return r700_fetch_unit(s, rr, err);
    if (s->in_clause)
        return r700_alu_group(s, rr, err);
    return r700_cf_step(s, rr, err);
}

typedef struct r700_gctx {
    r700_state      *s;
    const r700_group *g;
    uint32_t         pc;
} r700_gctx;

static int is_temp(const r700_state *s, unsigned gpr)
{
    return gpr >= 128 - s->cfg.temps;
}

/* the index a relative operand adds (Table 4.2, L1313-1334): GPRs always
 * AR.X in modes 0-3, constants the AR element of the mode; aL in mode 4 */
static int rel_index(const r700_gctx *c, const r700_slot *sl, int gpr, unsigned l, int *idx, char *err)
{
    const r700_state *s = c->s;
    const char *name = r700_alu_rows[sl->row].name;
    if (sl->index_mode <= 3)
        *idx = s->ar[gpr ? 0 : sl->index_mode][l];
    else if (sl->index_mode == 4)
        *idx = (int)r700_al_index(s);
    else
        return gpuref_errf(err, GPUREF_ERR_UNIMPL, "unimplemented: %s INDEX_MODE %s (SIMD-global GPRs)",
                           name, r700_index_mode_name[sl->index_mode]);
    return GPUREF_OK;
}

static int read_src(const r700_gctx *c, const r700_slot *sl, unsigned k, unsigned l, uint32_t *out,
                    char *err)
{
    const r700_state *s = c->s;
    const r700_src *o = &sl->src[k];
    const char *name = r700_alu_rows[sl->row].name;
    unsigned sel = o->sel;
    uint32_t v;
    int idx = 0, st;
    if (sel < 128) {
        unsigned a = sel;
        if (o->rel) {
            if (is_temp(s, sel))
                return gpuref_errf(err, GPUREF_ERR_FAULT, "%s: relative read of clause temporary R%u "
                                   "(undefined, L1334)", name, sel);
            if ((st = rel_index(c, sl, 1, l, &idx, err)))
                return st;
            long t = (long)sel + idx;
            a = (t < 0 || t >= (long)s->cfg.gprs) ? 0 : (unsigned)t;   /* L1343: GPR0 */
        }
        v = s->gpr[a][o->chan][l];
    } else if (sel < 192) {
        unsigned b = (sel - 128) >> 5, kk = (sel - 128) & 31;
        unsigned mode = c->s->ccf.kmode[b];
        if (mode == 0)
            return gpuref_errf(err, GPUREF_ERR_FAULT, "%s: KC%u[%u] read with kcache set %u not locked "
                               "(L1367)", name, b, kk, b);
        long t = kk;
        if (o->rel) {
            if (sl->index_mode != 4)
                return gpuref_errf(err, GPUREF_ERR_FAULT, "%s: kcache relative with INDEX_MODE %s "
                                   "(only the loop index, Table 4.2)", name,
                                   r700_index_mode_name[sl->index_mode]);
            t += (long)r700_al_index(s);
        }
        unsigned lim = mode == 1 ? 16 : 32;
        if (!o->rel && kk >= lim)
            return gpuref_errf(err, GPUREF_ERR_FAULT, "%s: KC%u[%u] beyond the locked line (LOCK_1)",
                               name, b, kk);
        if (t < 0 || t >= (long)lim) {
            v = 0x7fffffffu;                                       /* L1348 */
        } else {
            unsigned line = s->ccf.kaddr[b] + (mode == 3 ? r700_al_index(s) / 16 : 0) + (unsigned)t / 16;
            uint64_t addr = ((uint64_t)line * 16 + (unsigned)t % 16) * 16 + o->chan * 4u;
            if (addr + 4 > R700_CB_BYTES) {
                v = 0;
            } else {
                const uint8_t *p = s->mem->cb + (size_t)s->ccf.kbank[b] * R700_CB_BYTES + addr;
                v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
            }
        }
    } else if (sel < 256) {
        switch (sel) {
        case 244: v = 0; break;                    /* ALU_SRC_1_DBL_L */
        case 245: v = 0x3ff00000u; break;          /* ALU_SRC_1_DBL_M */
        case 246: v = 0; break;                    /* ALU_SRC_0_5_DBL_L */
        case 247: v = 0x3fe00000u; break;          /* ALU_SRC_0_5_DBL_M */
        case 248: v = 0; break;                    /* 0.0f */
        case 249: v = 0x3f800000u; break;          /* 1.0f */
        case 250: v = 1; break;                    /* int 1 */
        case 251: v = 0xffffffffu; break;          /* int -1 */
        case 252: v = 0x3f000000u; break;          /* 0.5f */
        case 253: v = c->g->lit[o->chan]; break;
        case 254: v = s->pv[o->chan][l]; break;
        case 255: v = s->ps[l]; break;
        default:
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: src%u SEL %u undefined", name, k, sel);
        }
    } else {
        long t = sel - 256;
        if (o->rel) {
            if ((st = rel_index(c, sl, 0, l, &idx, err)))
                return st;
            t += idx;
        }
        v = (t < 0 || t >= R700_NCFILE) ? 0x7fffffffu : s->cfile[t][o->chan];   /* L1348 */
    }
    /* a double's modifiers act in its even slot, on the high dword (the sign):
     * the odd slot's operands are the low dwords, read unmodified (L3083) */
    const r700_alu_row *r = &r700_alu_rows[sl->row];
    int raw = (r->unit == R700_U_D2 || r->unit == R700_U_D4) && (sl->unit & 1);
    if (o->abs && !raw)
        v &= 0x7fffffffu;
    if (o->neg && !raw)
        v ^= 0x80000000u;
    *out = v;
    return GPUREF_OK;
}

static const r700_slot *slot_of_unit(const r700_group *g, unsigned u)
{
    for (unsigned i = 0; i < g->nslots; i++)
        if (g->slot[i].unit == u)
            return &g->slot[i];
    return NULL;
}

/* the destination GPR of a lane, or -1: no write (L1984, L1343) */
static int dst_gpr(const r700_gctx *c, const r700_slot *sl, unsigned l, int *gpr, char *err)
{
    const r700_state *s = c->s;
    long a = sl->dst_gpr;
    if (sl->dst_rel) {
        int idx, st;
        if (is_temp(s, sl->dst_gpr))
            return gpuref_errf(err, GPUREF_ERR_FAULT, "%s: relative write of clause temporary R%u "
                               "(undefined, L1334)", r700_alu_rows[sl->row].name, sl->dst_gpr);
        if ((st = rel_index(c, sl, 1, l, &idx, err)))
            return st;
        a += idx;
    }
    if ((a >= 0 && a < (long)s->cfg.gprs) || (a >= 128 - (long)s->cfg.temps && a < 128))
        *gpr = (int)a;
    else
        *gpr = -1;
    return GPUREF_OK;
}

/* ------------------------------------------------------------ fast path
 * A group whose slots are all lane-independent integer or move operations
 * (the rows below), with no relative operand or destination, no
 * predication, OMOD or CLAMP, is run one slot at a time as one loop over all
 * 64 lanes, the opcode switch outside the loop: fixed-length loops over
 * arrays that cannot alias (restrict parameters) are what gcc vectorizes.
 * Lanes outside the clause are computed and discarded (these operations have
 * no side effects); the writes merge by the clause's lane mask.  Results,
 * PV/PS, the t-wins rule and the record entries (one per writing slot, in
 * unit order, as the general path makes them) are those of the general path,
 * which runs every other group and any group whose operand read fails (it
 * reports the error).  README "Speed". */
enum {
    R700_FOP_NONE, R700_FOP_MOV, R700_FOP_NOP, R700_FOP_AND, R700_FOP_OR, R700_FOP_XOR,
    R700_FOP_NOT, R700_FOP_ADD, R700_FOP_SUB, R700_FOP_RSUB, R700_FOP_MAX_INT, R700_FOP_MIN_INT,
    R700_FOP_MAX_UINT, R700_FOP_MIN_UINT, R700_FOP_SETE, R700_FOP_SETGT, R700_FOP_SETGE,
    R700_FOP_SETNE, R700_FOP_SETGT_U, R700_FOP_SETGE_U, R700_FOP_LSHL, R700_FOP_LSHR,
    R700_FOP_ASHR, R700_FOP_MULLO_INT, R700_FOP_MULHI_INT, R700_FOP_MULLO_UINT,
    R700_FOP_MULHI_UINT, R700_FOP_CNDE_INT, R700_FOP_CNDGT_INT, R700_FOP_CNDGE_INT
};

/* the fast operation of an ALU row (sub_guide picks SUB_INT's operand order,
 * D3), or R700_FOP_NONE */
static unsigned fast_op(const r700_config *cfg, unsigned row)
{
    switch (row) {
    case R700_OP_MOV:        return R700_FOP_MOV;
    case R700_OP_NOP:        return R700_FOP_NOP;
    case R700_OP_AND_INT:    return R700_FOP_AND;
    case R700_OP_OR_INT:     return R700_FOP_OR;
    case R700_OP_XOR_INT:    return R700_FOP_XOR;
    case R700_OP_NOT_INT:    return R700_FOP_NOT;
    case R700_OP_ADD_INT:    return R700_FOP_ADD;
    case R700_OP_SUB_INT:    return cfg->sub_guide ? R700_FOP_RSUB : R700_FOP_SUB;
    case R700_OP_MAX_INT:    return R700_FOP_MAX_INT;
    case R700_OP_MIN_INT:    return R700_FOP_MIN_INT;
    case R700_OP_MAX_UINT:   return R700_FOP_MAX_UINT;
    case R700_OP_MIN_UINT:   return R700_FOP_MIN_UINT;
    case R700_OP_SETE_INT:   return R700_FOP_SETE;
    case R700_OP_SETGT_INT:  return R700_FOP_SETGT;
    case R700_OP_SETGE_INT:  return R700_FOP_SETGE;
    case R700_OP_SETNE_INT:  return R700_FOP_SETNE;
    case R700_OP_SETGT_UINT: return R700_FOP_SETGT_U;
    case R700_OP_SETGE_UINT: return R700_FOP_SETGE_U;
    case R700_OP_LSHL_INT:   return R700_FOP_LSHL;
    case R700_OP_LSHR_INT:   return R700_FOP_LSHR;
    case R700_OP_ASHR_INT:   return R700_FOP_ASHR;
    case R700_OP_MULLO_INT:  return R700_FOP_MULLO_INT;
    case R700_OP_MULHI_INT:  return R700_FOP_MULHI_INT;
    case R700_OP_MULLO_UINT: return R700_FOP_MULLO_UINT;
    case R700_OP_MULHI_UINT: return R700_FOP_MULHI_UINT;
    case R700_OP_CNDE_INT:   return R700_FOP_CNDE_INT;
    case R700_OP_CNDGT_INT:  return R700_FOP_CNDGT_INT;
    case R700_OP_CNDGE_INT:  return R700_FOP_CNDGE_INT;
    default:                 return R700_FOP_NONE;
    }
}

/* the value of an inline constant or literal operand (read_src's table) */
static int fast_const(const r700_group *g, const r700_src *o, uint32_t *v)
{
    switch (o->sel) {
    case 244: case 246: case 248: *v = 0; return 1;
    case 245: *v = 0x3ff00000u; return 1;
    case 247: *v = 0x3fe00000u; return 1;
    case 249: *v = 0x3f800000u; return 1;
    case 250: *v = 1; return 1;
    case 251: *v = 0xffffffffu; return 1;
    case 252: *v = 0x3f000000u; return 1;
    case 253: *v = g->lit[o->chan]; return 1;
    default:  return 0;
    }
}

void r700_fast_prep(const r700_config *cfg, const r700_group *g, int st, r700_fgroup *f)
{
    memset(f, 0, sizeof *f);
    if (st != GPUREF_OK || !cfg->fast)
        return;
    const r700_slot *bys[5] = { NULL, NULL, NULL, NULL, NULL };
    for (unsigned i = 0; i < g->nslots; i++) {
        const r700_slot *sl = &g->slot[i];
        const r700_alu_row *r = &r700_alu_rows[sl->row];
        if (fast_op(cfg, sl->row) == R700_FOP_NONE || sl->dst_rel || sl->pred_sel >= 2 ||
            sl->omod || sl->clamp || sl->unit > 4 || bys[sl->unit] || r->unit == R700_U_RED ||
            r->unit == R700_U_D2 || r->unit == R700_U_D4 || (r->flags & (R700_RF_PRED | R700_RF_KILL |
            R700_RF_MOVA)) || r->exec == r700_x_unimpl)
            return;
        for (unsigned k = 0; k < r->nsrc; k++) {
            const r700_src *o = &sl->src[k];
            if (o->rel || (o->sel >= 192 && o->sel < 244))
                return;
        }
        bys[sl->unit] = sl;
    }
    unsigned n = 0;
    for (unsigned u = 0; u < 5; u++) {
        const r700_slot *sl = bys[u];
        if (!sl)
            continue;
        const r700_alu_row *r = &r700_alu_rows[sl->row];
        r700_fslot *fs = &f->slot[n++];
        fs->op = (uint8_t)fast_op(cfg, sl->row);
        fs->unit = (uint8_t)u;
        fs->nsrc = r->nsrc;
        fs->slot = (uint8_t)(sl - g->slot);
        fs->smask = cfg->shift_mask ? 31u : 0xffffffffu;
        fs->el = (uint16_t)(sl->dst_gpr * 4u + sl->dst_chan);
        /* dst_gpr: a GPR below gprs or a clause temporary, else no write (L1984) */
        unsigned a = sl->dst_gpr;
        int valid = a < cfg->gprs || (a >= 128 - cfg->temps && a < 128);
        fs->wr = (uint8_t)(sl->write && valid && fs->op != R700_FOP_NOP);
        for (unsigned k = 0; k < r->nsrc; k++) {
            const r700_src *o = &sl->src[k];
            r700_fsrc *q = &fs->src[k];
            q->andm = o->abs ? 0x7fffffffu : 0xffffffffu;
            q->xorm = o->neg ? 0x80000000u : 0;
            q->mod = o->abs || o->neg;
            uint32_t v;
            if (o->sel < 128) {
                q->kind = R700_FK_GPR;
                q->off = (uint32_t)(offsetof(r700_state, gpr) + (o->sel * 4u + o->chan) * sizeof(uint32_t[R700_LANES]));
            } else if (o->sel == 254) {
                q->kind = R700_FK_PV;
                q->off = (uint32_t)(offsetof(r700_state, pv) + o->chan * sizeof(uint32_t[R700_LANES]));
            } else if (o->sel == 255) {
                q->kind = R700_FK_PS;
                q->off = (uint32_t)offsetof(r700_state, ps);
            } else if (fast_const(g, o, &v)) {
                q->kind = R700_FK_CONST;
                q->val = (v & q->andm) ^ q->xorm;
            } else {
                q->kind = R700_FK_UNI;     /* kcache, constant file: read once per group */
            }
        }
    }
    /* t wins a collision with a vector slot writing the same element (L1988-1996) */
    if (n && f->slot[n - 1].unit == 4 && f->slot[n - 1].wr)
        for (unsigned i = 0; i + 1 < n; i++)
            if (f->slot[i].el == f->slot[n - 1].el)
                f->slot[i].wr = 0;
    f->nslots = (uint8_t)n;
    for (unsigned i = 0; i < n; i++)
        f->nwr += f->slot[i].wr;
    f->unit_used = g->unit_used;
    f->ok = 1;
}

void r700_clause_lanes_set(r700_state *s, uint64_t lanes)
{
    uint64_t m = s->cfg.lanes >= 64 ? ~0ull : (1ull << s->cfg.lanes) - 1;
    for (unsigned l = 0; l < R700_LANES; l++) {
        s->clause_lanes[l] = (uint8_t)(lanes >> l & 1);
        s->clause_lm[l] = (lanes & m) >> l & 1 ? 0xffffffffu : 0;
    }
    s->clause_mask = lanes & m;
}

/* one slot over all lanes: d = op(a, b, c) (inlined in each clone of
 * fast_group, so that it is compiled for the clone's target) */
/* R700_FLAT before a loop that only moves data: unrolled before
 * vectorization, so that no loop overhead is left (as NV50_FLAT) */
#define R700_FLAT _Pragma("GCC unroll 32")
#if defined(__GNUC__)
#define R700_INLINE inline __attribute__((always_inline))
#else
#define R700_INLINE inline
#endif
static R700_INLINE void fast_exec(const r700_fslot *f, uint32_t *restrict d, const uint32_t *restrict a,
                      const uint32_t *restrict b, const uint32_t *restrict c)
{
    const uint32_t sm = f->smask;
    switch (f->op) {
#define LANES _Pragma("GCC unroll 8") for (unsigned l = 0; l < R700_LANES; l++)
    case R700_FOP_MOV:      LANES d[l] = a[l]; break;
    case R700_FOP_NOP:      LANES d[l] = 0; break;
    case R700_FOP_AND:      LANES d[l] = a[l] & b[l]; break;
    case R700_FOP_OR:       LANES d[l] = a[l] | b[l]; break;
    case R700_FOP_XOR:      LANES d[l] = a[l] ^ b[l]; break;
    case R700_FOP_NOT:      LANES d[l] = ~a[l]; break;
    case R700_FOP_ADD:      LANES d[l] = a[l] + b[l]; break;
    case R700_FOP_SUB:      LANES d[l] = a[l] - b[l]; break;
    case R700_FOP_RSUB:     LANES d[l] = b[l] - a[l]; break;
    case R700_FOP_MAX_INT:  LANES d[l] = (int32_t)a[l] >= (int32_t)b[l] ? a[l] : b[l]; break;
    case R700_FOP_MIN_INT:  LANES d[l] = (int32_t)a[l] < (int32_t)b[l] ? a[l] : b[l]; break;
    case R700_FOP_MAX_UINT: LANES d[l] = a[l] >= b[l] ? a[l] : b[l]; break;
    case R700_FOP_MIN_UINT: LANES d[l] = a[l] < b[l] ? a[l] : b[l]; break;
    case R700_FOP_SETE:     LANES d[l] = a[l] == b[l] ? ~0u : 0; break;
    case R700_FOP_SETGT:    LANES d[l] = (int32_t)a[l] > (int32_t)b[l] ? ~0u : 0; break;
    case R700_FOP_SETGE:    LANES d[l] = (int32_t)a[l] >= (int32_t)b[l] ? ~0u : 0; break;
    case R700_FOP_SETNE:    LANES d[l] = a[l] != b[l] ? ~0u : 0; break;
    case R700_FOP_SETGT_U:  LANES d[l] = a[l] > b[l] ? ~0u : 0; break;
    case R700_FOP_SETGE_U:  LANES d[l] = a[l] >= b[l] ? ~0u : 0; break;
    /* shifts (D4): a count above 31 gives 0, ASHR the sign */
    /* (written as masks and selects, which vectorize; branches do not) */
    case R700_FOP_LSHL:
        LANES { uint32_t n = b[l] & sm; d[l] = (a[l] << (n & 31)) & -(uint32_t)(n < 32); }
        break;
    case R700_FOP_LSHR:
        LANES { uint32_t n = b[l] & sm; d[l] = (a[l] >> (n & 31)) & -(uint32_t)(n < 32); }
        break;
    case R700_FOP_ASHR:
        LANES { uint32_t n = b[l] & sm; n = n < 31 ? n : 31; d[l] = (uint32_t)((int32_t)a[l] >> n); }
        break;
    case R700_FOP_MULLO_INT:
    case R700_FOP_MULLO_UINT: LANES d[l] = a[l] * b[l]; break;
    case R700_FOP_MULHI_INT:
        LANES d[l] = (uint32_t)((uint64_t)((int64_t)(int32_t)a[l] * (int32_t)b[l]) >> 32);
        break;
    case R700_FOP_MULHI_UINT: LANES d[l] = (uint32_t)(((uint64_t)a[l] * b[l]) >> 32); break;
    case R700_FOP_CNDE_INT:
        LANES { uint32_t m = -(uint32_t)(a[l] == 0); d[l] = (b[l] & m) | (c[l] & ~m); }
        break;
    case R700_FOP_CNDGT_INT:
        LANES { uint32_t m = -(uint32_t)((int32_t)a[l] > 0); d[l] = (b[l] & m) | (c[l] & ~m); }
        break;
    case R700_FOP_CNDGE_INT:
        LANES { uint32_t m = -(uint32_t)((int32_t)a[l] >= 0); d[l] = (b[l] & m) | (c[l] & ~m); }
        break;
    default:                  LANES d[l] = 0; break;
#undef LANES
    }
}

static R700_INLINE void fast_mod(uint32_t *restrict t, const uint32_t *restrict v, uint32_t andm, uint32_t xorm)
{
    R700_FLAT
    for (unsigned l = 0; l < R700_LANES; l++)
        t[l] = (v[l] & andm) ^ xorm;
}

static R700_INLINE void fast_fill(uint32_t *restrict t, uint32_t v)
{
    R700_FLAT
    for (unsigned l = 0; l < R700_LANES; l++)
        t[l] = v;
}

/* row = val in the lanes of m (all-ones words), its record values val */
static R700_INLINE void fast_merge(uint32_t *restrict row, uint64_t *restrict rec, const uint32_t *restrict val,
                       const uint32_t *restrict m)
{
    R700_FLAT
    for (unsigned l = 0; l < R700_LANES; l++) {
        row[l] = (row[l] & ~m[l]) | (val[l] & m[l]);
        rec[l] = val[l];
    }
}

static R700_INLINE void fast_copy(uint32_t *restrict row, uint64_t *restrict rec, const uint32_t *restrict val)
{
    R700_FLAT
    for (unsigned l = 0; l < R700_LANES; l++) {
        row[l] = val[l];
        rec[l] = val[l];
    }
}

static R700_INLINE void fast_set(uint32_t *restrict row, const uint32_t *restrict val, const uint32_t *restrict m)
{
    R700_FLAT
    for (unsigned l = 0; l < R700_LANES; l++)
        row[l] = (row[l] & ~m[l]) | (val[l] & m[l]);
}

/* The lane loops are compiled for AVX2 and the baseline (SSE2), the one
 * the CPU runs picked once at load time (GPUREF_LANE_CLONES, isa.h). */

/* the group by the fast path: 1 done, 0 take the general path (nothing changed) */
GPUREF_LANE_CLONES
static int fast_group(r700_state *s, const r700_gctx *c, const r700_fgroup *f, gpuref_retire *rr)
{
    uint64_t lanes = s->clause_mask;
    unsigned base = rr->nregw;
    if (!lanes || base + f->nwr > GPUREF_MAX_REGW)
        return 0;
    uint32_t res[5][R700_LANES], tmp[3][R700_LANES];
    for (unsigned i = 0; i < f->nslots; i++) {
        const r700_fslot *fs = &f->slot[i];
        const uint32_t *src[3] = { tmp[0], tmp[1], tmp[2] };
        for (unsigned k = 0; k < fs->nsrc; k++) {
            const r700_fsrc *q = &fs->src[k];
            const uint32_t *row;
            uint32_t v;
            switch (q->kind) {
            case R700_FK_GPR:
            case R700_FK_PV:
            case R700_FK_PS:
                row = (const uint32_t *)((const char *)s + q->off);
                break;
            case R700_FK_CONST:
                fast_fill(tmp[k], q->val);
                continue;
            default: {
                char why[GPUREF_ERRLEN];
                if (read_src(c, &c->g->slot[fs->slot], k, 0, &v, why) != GPUREF_OK)
                    return 0;
                fast_fill(tmp[k], v);
                continue;
            }
            }
            if (q->mod)
                fast_mod(tmp[k], row, q->andm, q->xorm);
            else
                src[k] = row;
        }
        fast_exec(fs, res[fs->unit], src[0], src[1], src[2]);
    }
    /* commit: the GPR writes with their records, in unit order */
    int full = lanes == ~0ull;
    const uint32_t *m = s->clause_lm;
    for (unsigned i = 0; i < f->nslots; i++) {
        const r700_fslot *fs = &f->slot[i];
        if (!fs->wr)
            continue;
        gpuref_regw *w = &rr->regw[rr->nregw++];
        memset(w, 0, sizeof *w - sizeof w->value);
        w->file = R700_F_R;
        w->index = fs->el;
        w->slot = (int16_t)fs->unit;
        w->bits = 0xffffffffu;
        w->lanes = lanes;
        uint32_t *row = s->gpr[fs->el >> 2][fs->el & 3];
        if (full)
            fast_copy(row, w->value, res[fs->unit]);
        else
            fast_merge(row, w->value, res[fs->unit], m);
    }
    /* PV/PS: this group's results (NOP: 0); a unit not used holds 0 (D13) */
    unsigned used = 0;
    for (unsigned i = 0; i < f->nslots; i++) {
        const r700_fslot *fs = &f->slot[i];
        uint32_t *row = fs->unit < 4 ? s->pv[fs->unit] : s->ps;
        used |= 1u << fs->unit;
        if (full)
            memcpy(row, res[fs->unit], sizeof res[0]);
        else
            fast_set(row, res[fs->unit], m);
    }
    if (used != 0x1f) {
        fast_fill(tmp[0], 0);
        for (unsigned u = 0; u < 5; u++)
            if (!(used >> u & 1))
                fast_set(u < 4 ? s->pv[u] : s->ps, tmp[0], m);
    }
    return 1;
}

/* the group's retire header */
static void group_header(const r700_state *s, gpuref_retire *rr, uint32_t pc, size_t wi,
                         const r700_group *g, uint64_t lanes)
{
    rr->pc = pc;
    rr->kind = 1;
    rr->stream = 1;
    rr->nwords = g->nwords;
    memcpy(rr->words, s->words + wi, g->nwords * sizeof(uint32_t));
    rr->exec_mask = lanes;
}

/* after the group: the next one, or the end of the clause */
static int group_next(r700_state *s, gpuref_retire *rr, uint32_t pc, const r700_group *g, char *err)
{
    s->cpc = pc + 4u * g->nwords;
    rr->next_pc = s->cpc;
    if (s->cpc >= s->cend) {                  /* the clause ends with this group */
        s->in_clause = 0;
        int st = r700_clause_end(s, rr, err);
        if (st)
            return st;
        rr->next_pc = s->pc;
    }
    return GPUREF_OK;
}

int r700_alu_group(r700_state *s, gpuref_retire *rr, char *err)
{
    uint32_t pc = s->cpc;
    size_t wi = (pc - s->base) / 4;
    char why[GPUREF_ERRLEN];
    if (pc < s->base || wi >= s->nwords)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "ALU clause group at 0x%x is outside the program", pc);
    if (s->grpst[wi / 2] != GPUREF_OK)
        return r700_view_error(s, R700_VIEW_GROUP, pc, err);
    const r700_group *g = &s->grp[wi / 2];
    if (pc + 4u * g->nwords > s->cend)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "group at 0x%x: %u words cross the end of its clause "
                           "(CF_ALU at 0x%x: COUNT %u)", pc, g->nwords, s->clause_cf, s->ccf.count);
    r700_gctx c = { s, g, pc };
    if (s->fgrp[wi / 2].ok && fast_group(s, &c, &s->fgrp[wi / 2], rr)) {
        group_header(s, rr, pc, wi, g, s->clause_mask);
        return group_next(s, rr, pc, g, err);
    }
    for (unsigned i = 0; i < g->nslots; i++)
        if (r700_alu_rows[g->slot[i].row].exec == r700_x_unimpl)
            return gpuref_errf(err, GPUREF_ERR_UNIMPL, "unimplemented: %s", r700_alu_rows[g->slot[i].row].name);

    /* results, computed from the state before the group */
    uint32_t res[5][R700_LANES];
    uint8_t  done[5][R700_LANES];      /* the slot executed on the lane */
    uint8_t  pout[5][R700_LANES], kill[5][R700_LANES];
    int16_t  arv[5][R700_LANES];
    int      wgpr[5][R700_LANES];
    memset(done, 0, sizeof done);
    memset(kill, 0, sizeof kill);
    uint64_t lanes = 0;
    for (unsigned l = 0; l < s->cfg.lanes; l++) {
        if (!s->clause_lanes[l])
            continue;
        lanes |= 1ull << l;
        uint32_t src[5][3];
        for (unsigned i = 0; i < g->nslots; i++) {
            const r700_slot *sl = &g->slot[i];
            const r700_alu_row *r = &r700_alu_rows[sl->row];
            for (unsigned k = 0; k < r->nsrc; k++) {
                int st = read_src(&c, sl, k, l, &src[sl->unit][k], why);
                if (st)
                    return gpuref_errf(err, st, "group at 0x%x slot %c: %s", pc, "xyzwt"[sl->unit], why);
            }
        }
        for (unsigned i = 0; i < g->nslots; i++) {
            const r700_slot *sl = &g->slot[i];
            const r700_alu_row *r = &r700_alu_rows[sl->row];
            unsigned u = sl->unit;
            if ((sl->pred_sel == 2 && s->pred[l] != 0) || (sl->pred_sel == 3 && s->pred[l] != 1))
                continue;
            r700_lane x;
            memset(&x, 0, sizeof x);
            x.s = s;
            x.fp = &s->fp;
            x.sl = sl;
            int dbl = r->unit == R700_U_D2 || r->unit == R700_U_D4;
            if (r->unit == R700_U_RED || dbl) {
                for (unsigned e = 0; e < 4; e++) {
                    const r700_slot *o = slot_of_unit(g, e);
                    for (unsigned k = 0; k < 3; k++)
                        x.rsrc[e][k] = o && r700_alu_rows[o->row].nsrc > k ? src[e][k] : 0;
                }
                x.unit = u;
            }
            if (dbl) {                          /* the even slot's output modifiers (D40) */
                const r700_slot *ev = slot_of_unit(g, r->unit == R700_U_D4 ? 0 : (u & 2u));
                x.omod64 = ev ? ev->omod : 0;
                x.clamp64 = ev ? ev->clamp : 0;
            }
            memcpy(x.src, src[u], sizeof x.src);
            int st = r->exec(&x);
            if (st == GPUREF_OK && !x.nowrite && !(r->flags & R700_RF_MOVA) && !dbl) {
                uint64_t v = x.dst;
                st = r700_out_mod(&s->fp, FP_F32, sl->omod, sl->clamp, &v);
                x.dst = (uint32_t)v;
            }
            if (st == GPUREF_ERR_UNIMPL || st == GPUREF_ERR_DECODE)
                return gpuref_errf(err, st, "group at 0x%x slot %c: %s%s%s%s%s", pc, "xyzwt"[u],
                                   st == GPUREF_ERR_UNIMPL ? "unimplemented: " : "", r->name,
                                   x.why ? " (" : "", x.why ? x.why : "", x.why ? ")" : "");
            if (st)
                return gpuref_errf(err, st, "group at 0x%x slot %c %s: float error", pc, "xyzwt"[u], r->name);
            if (!x.nowrite)
                st = dst_gpr(&c, sl, l, &wgpr[u][l], why);
            if (st)
                return gpuref_errf(err, st, "group at 0x%x slot %c: %s", pc, "xyzwt"[u], why);
            done[u][l] = x.nowrite ? 2 : 1;
            res[u][l] = x.dst;
            pout[u][l] = (uint8_t)x.pred_out;
            kill[u][l] = (uint8_t)x.kill;
            arv[u][l] = (int16_t)x.ar;
        }
    }

    /* commit: GPRs (vector units, then t: t wins a collision, L1988-1996),
     * PV/PS, AR, the predicate, the execute-mask update, kills */
    group_header(s, rr, pc, wi, g, lanes);
    /* the GPR elements written, per (element, slot): one record entry each;
     * a group whose writes do not fit the record is refused before any state
     * changes (relative destinations can spread a slot over many GPRs) */
    uint32_t wkey[GPUREF_MAX_REGW];
    unsigned nkey = 0, base = rr->nregw;
    for (int pass = 0; pass < 2; pass++) {
        for (unsigned u = 0; u < 5; u++) {
            const r700_slot *sl = slot_of_unit(g, u);
            if (!sl)
                continue;
            for (unsigned l = 0; l < s->cfg.lanes; l++) {
                if (!done[u][l] || !sl->write || done[u][l] == 2 || wgpr[u][l] < 0)
                    continue;
                unsigned gi = (unsigned)wgpr[u][l], el = gi * 4 + sl->dst_chan;
                if (u < 4) {          /* t writes the same element: t wins */
                    const r700_slot *t = slot_of_unit(g, 4);
                    if (t && done[4][l] == 1 && t->write && wgpr[4][l] == (int)gi &&
                        t->dst_chan == sl->dst_chan)
                        continue;
                }
                uint32_t key = el << 3 | u;
                unsigned k = 0;
                while (k < nkey && wkey[k] != key)
                    k++;
                if (k == nkey) {
                    if (base + nkey == GPUREF_MAX_REGW)
                        return gpuref_errf(err, GPUREF_ERR_RANGE, "group at 0x%x writes more than %u "
                                           "GPR elements (the retire record's limit)", pc,
                                           GPUREF_MAX_REGW - base);
                    wkey[nkey++] = key;
                }
                if (pass == 0)
                    continue;
                s->gpr[gi][sl->dst_chan][l] = res[u][l];
                gpuref_regw *w = &rr->regw[base + k];    /* entry k: key k */
                if (base + k == rr->nregw) {
                    rr->nregw++;
                    memset(w, 0, sizeof *w - sizeof w->value);
                    w->file = R700_F_R;
                    w->index = (uint16_t)el;
                    w->slot = (int16_t)u;
                    w->bits = 0xffffffffu;
                }
                w->lanes |= 1ull << l;
                w->value[l] = res[u][l];
            }
        }
        if (pass == 0)
            nkey = 0;                                /* pass 1 makes the entries in the same order */
    }
    /* PV/PS: the results of this group; a unit not used holds 0 (NOP, D13) */
    for (unsigned u = 0; u < 5; u++) {
        const r700_slot *sl = slot_of_unit(g, u);
        for (unsigned l = 0; l < s->cfg.lanes; l++) {
            if (!(lanes >> l & 1))
                continue;
            uint32_t v;
            if (!sl)
                v = 0;
            else if (!done[u][l])
                continue;                   /* predicated off: not updated (L2022) */
            else
                v = done[u][l] == 2 ? 0 : res[u][l];
            if (u < 4)
                s->pv[u][l] = v;
            else
                s->ps[l] = v;
        }
    }
    for (unsigned u = 0; u < 4; u++) {        /* MOVA*: AR.elem = slot (L1914) */
        const r700_slot *sl = slot_of_unit(g, u);
        if (!sl || !(r700_alu_rows[sl->row].flags & R700_RF_MOVA))
            continue;
        gpuref_regw *w = gpuref_retire_regw_slot(rr, R700_F_AR, u, 0x1ff, (int)u);
        for (unsigned l = 0; l < s->cfg.lanes; l++)
            if (done[u][l]) {
                s->ar[u][l] = arv[u][l];
                if (w) {
                    w->lanes |= 1ull << l;
                    w->value[l] = (uint16_t)arv[u][l] & 0x1ffu;
                }
            }
    }
    for (unsigned u = 0; u < 5; u++) {        /* predicate and execute mask */
        const r700_slot *sl = slot_of_unit(g, u);
        if (!sl || !(r700_alu_rows[sl->row].flags & R700_RF_PRED))
            continue;
        gpuref_regw *w = sl->up ? gpuref_retire_regw_slot(rr, R700_F_PRED, 0, 1, (int)u) : NULL;
        for (unsigned l = 0; l < s->cfg.lanes; l++) {
            if (!done[u][l])
                continue;
            if (sl->up) {
                s->pred[l] = pout[u][l];
                if (w) {
                    w->lanes |= 1ull << l;
                    w->value[l] = pout[u][l];
                }
            }
            if (sl->uem) {
                s->uem_set[l] = 1;
                s->uem_val[l] = pout[u][l];
            }
        }
    }
    uint64_t killed = 0;
    for (unsigned u = 0; u < 5; u++)
        for (unsigned l = 0; l < s->cfg.lanes; l++)
            if (done[u][l] && kill[u][l])
                killed |= 1ull << l;
    if (killed & s->valid) {
        s->valid &= ~killed;
        gpuref_regw *w = gpuref_retire_regw(rr, R700_F_VALID, 0, ~0ull);
        if (w) {
            w->lanes = 1;
            w->value[0] = s->valid;
        }
    }
    return group_next(s, rr, pc, g, err);
}
