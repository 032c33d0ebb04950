/* r700_desc.c - the tables made from r700.def, decoding of CF instructions
 * and ALU instruction groups (chapter 10 bit positions), unit assignment and
 * the group legality rules (read ports, constants, unit placement). */
#include <string.h>

#include "r700.h"

const r700_alu_row r700_alu_rows[R700_NALU] = {
#define R700_ALU(n, e, o, ns, u, x, f) \
    [R700_OP_##n] = { #n, R700_ENC_##e, o, ns, R700_U_##u, f, r700_x_##x },
#define R700_CF(n, fm, o, x)
#include "r700.def"
#undef R700_ALU
#undef R700_CF
};

const r700_cf_row r700_cf_rows[R700_NCF] = {
#define R700_ALU(n, e, o, ns, u, x, f)
#define R700_CF(n, fm, o, x) [R700_CF_##n] = { #n, R700_FMT_##fm, o, r700_cf_##x },
#include "r700.def"
#undef R700_ALU
#undef R700_CF
};

const char *const r700_chan_name = "XYZW";
const char *const r700_bs_vec[6] = { "VEC_012", "VEC_021", "VEC_120", "VEC_102", "VEC_201", "VEC_210" };
const char *const r700_bs_scl[4] = { "SCL_210", "SCL_122", "SCL_212", "SCL_221" };
const char *const r700_index_mode_name[8] = { "AR.x", "AR.y", "AR.z", "AR.w", "AL", "G", "G_AR.x", "?7" };
const char *const r700_cond_name[4] = { "ACTIVE", "FALSE", "BOOL", "NOT_BOOL" };

/* opcode -> row, built on first use would need a global: a linear search
 * over 136 rows is done at decode (predecode at load) only. */
int r700_alu_row_of(unsigned enc, unsigned op)
{
    for (int i = 0; i < R700_NALU; i++)
        if (r700_alu_rows[i].enc == enc && r700_alu_rows[i].op == op)
            return i;
    return -1;
}

int r700_cf_row_of(unsigned fmt, unsigned op)
{
    for (int i = 0; i < R700_NCF; i++)
        if (r700_cf_rows[i].fmt == fmt && r700_cf_rows[i].op == op)
            return i;
    return -1;
}

static int name_eq(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char c = b[i];
        if (c >= 'a' && c <= 'z')
            c = (char)(c - 32);
        if (a[i] != c)
            return 0;
    }
    return a[n] == 0;
}

int r700_alu_find(const char *name, size_t n)
{
    for (int i = 0; i < R700_NALU; i++)
        if (name_eq(r700_alu_rows[i].name, name, n))
            return i;
    return -1;
}

int r700_cf_find(const char *name, size_t n)
{
    for (int i = 0; i < R700_NCF; i++)
        if (name_eq(r700_cf_rows[i].name, name, n))
            return i;
    return -1;
}
int r700_fetch_find(const char *name, size_t n)
{
    for (int i = 0; i < R700_NFETCH; i++)
        if (name_eq(r700_fetch_rows[i].name, name, n))
            return i;
    return -1;
}

/* ------------------------------------------------------------ CF words */
int r700_decode_cf(const uint32_t *w, size_t avail, r700_cf *c, char *err)
{
    memset(c, 0, sizeof *c);
    if (avail < 2)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "truncated CF instruction (%zu of 2 words)",
                           avail);
    uint32_t w0 = w[0], w1 = w[1];
    c->w0 = w0;
    c->w1 = w1;
    c->barrier = (uint8_t)r700_bits(w1, 31, 31);
    c->wqm = (uint8_t)r700_bits(w1, 30, 30);
    int row;
    if (r700_bits(w1, 29, 29)) {                       /* CF_ALU_WORD1.CF_INST [29:26] >= 8 */
        row = r700_cf_row_of(R700_FMT_ALU, r700_bits(w1, 29, 26));
        if (row < 0)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "reserved CF_ALU instruction %u",
                               r700_bits(w1, 29, 26));
        c->fmt = R700_FMT_ALU;
        c->addr = r700_bits(w0, 21, 0);
        c->kbank[0] = (uint8_t)r700_bits(w0, 25, 22);
        c->kbank[1] = (uint8_t)r700_bits(w0, 29, 26);
        c->kmode[0] = (uint8_t)r700_bits(w0, 31, 30);
        c->kmode[1] = (uint8_t)r700_bits(w1, 1, 0);
        c->kaddr[0] = (uint8_t)r700_bits(w1, 9, 2);
        c->kaddr[1] = (uint8_t)r700_bits(w1, 17, 10);
        c->count = r700_bits(w1, 24, 18);
        c->alt_const = (uint8_t)r700_bits(w1, 25, 25);
    } else {
        unsigned op = r700_bits(w1, 29, 23);
        int exp = op >= 32;
        row = r700_cf_row_of(exp ? R700_FMT_EXP : R700_FMT_CF, op);
        if (row < 0)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "reserved CF instruction %u", op);
        c->fmt = exp ? R700_FMT_EXP : R700_FMT_CF;
        c->eop = (uint8_t)r700_bits(w1, 21, 21);
        c->vpm = (uint8_t)r700_bits(w1, 22, 22);
        if (exp) {
            c->array_base = (uint16_t)r700_bits(w0, 12, 0);
            c->type = (uint8_t)r700_bits(w0, 14, 13);
            c->rw_gpr = (uint8_t)r700_bits(w0, 21, 15);
            c->rw_rel = (uint8_t)r700_bits(w0, 22, 22);
            c->index_gpr = (uint8_t)r700_bits(w0, 29, 23);
            c->elem_size = (uint8_t)r700_bits(w0, 31, 30);
            c->burst = (uint8_t)r700_bits(w1, 20, 17);
            /* both WORD1 forms: BUF (ARRAY_SIZE [11:0], COMP_MASK [15:12]) for
             * MEM_*, SWIZ (SEL_X..W [11:0]) for EXPORT*; bit 16 reserved */
            c->array_size = (uint16_t)r700_bits(w1, 11, 0);
            c->comp_mask = (uint8_t)r700_bits(w1, 15, 12);
            c->swiz = (uint8_t)r700_bits(w1, 16, 12);
            for (unsigned k = 0; k < 4; k++)
                c->sel[k] = (uint8_t)r700_bits(w1, 3 * k + 2, 3 * k);
        } else {
            c->addr = w0;
            c->pop_count = (uint8_t)r700_bits(w1, 2, 0);
            c->cf_const = (uint8_t)r700_bits(w1, 7, 3);
            c->cond = (uint8_t)r700_bits(w1, 9, 8);
            c->count = r700_bits(w1, 12, 10) | r700_bits(w1, 19, 19) << 3;
            c->call_count = (uint8_t)r700_bits(w1, 18, 13);
        }
    }
    c->row = (uint16_t)row;
    return GPUREF_OK;
}

void r700_encode_cf(const r700_cf *c, uint32_t w[2])
{
    const r700_cf_row *r = &r700_cf_rows[c->row];
    uint32_t w0, w1 = (uint32_t)c->barrier << 31 | (uint32_t)c->wqm << 30;
    if (r->fmt == R700_FMT_ALU) {
        w0 = (c->addr & 0x3fffff) | (uint32_t)(c->kbank[0] & 15) << 22 |
             (uint32_t)(c->kbank[1] & 15) << 26 | (uint32_t)(c->kmode[0] & 3) << 30;
        w1 |= (uint32_t)(c->kmode[1] & 3) | (uint32_t)c->kaddr[0] << 2 | (uint32_t)c->kaddr[1] << 10 |
              (c->count & 0x7f) << 18 | (uint32_t)(c->alt_const & 1) << 25 | (uint32_t)r->op << 26;
    } else if (r->fmt == R700_FMT_EXP) {
        w0 = (c->array_base & 0x1fffu) | (uint32_t)(c->type & 3) << 13 | (uint32_t)(c->rw_gpr & 127) << 15 |
             (uint32_t)(c->rw_rel & 1) << 22 | (uint32_t)(c->index_gpr & 127) << 23 |
             (uint32_t)(c->elem_size & 3) << 30;
        w1 |= (c->w1 & 0x1ffffu) | (uint32_t)(c->burst & 15) << 17 | (uint32_t)(c->eop & 1) << 21 |
              (uint32_t)(c->vpm & 1) << 22 | (uint32_t)r->op << 23;
    } else {
        w0 = c->addr;
        w1 |= (uint32_t)(c->pop_count & 7) | (uint32_t)(c->cf_const & 31) << 3 |
              (uint32_t)(c->cond & 3) << 8 | (c->count & 7) << 10 | ((c->count >> 3) & 1) << 19 |
              (uint32_t)(c->call_count & 63) << 13 | (uint32_t)(c->eop & 1) << 21 |
              (uint32_t)(c->vpm & 1) << 22 | (uint32_t)r->op << 23 | (c->w1 & (1u << 20));
    }
    w[0] = w0;
    w[1] = w1;
}

/* ------------------------------------------------------------ ALU groups */
static int decode_slot(uint32_t w0, uint32_t w1, r700_slot *sl, char *err)
{
    memset(sl, 0, sizeof *sl);
    sl->w0 = w0;
    sl->w1 = w1;
    sl->src[0].sel = (uint16_t)r700_bits(w0, 8, 0);
    sl->src[0].rel = (uint8_t)r700_bits(w0, 9, 9);
    sl->src[0].chan = (uint8_t)r700_bits(w0, 11, 10);
    sl->src[0].neg = (uint8_t)r700_bits(w0, 12, 12);
    sl->src[1].sel = (uint16_t)r700_bits(w0, 21, 13);
    sl->src[1].rel = (uint8_t)r700_bits(w0, 22, 22);
    sl->src[1].chan = (uint8_t)r700_bits(w0, 24, 23);
    sl->src[1].neg = (uint8_t)r700_bits(w0, 25, 25);
    sl->index_mode = (uint8_t)r700_bits(w0, 28, 26);
    sl->pred_sel = (uint8_t)r700_bits(w0, 30, 29);
    sl->last = (uint8_t)r700_bits(w0, 31, 31);
    sl->bank_swizzle = (uint8_t)r700_bits(w1, 20, 18);
    sl->dst_gpr = (uint8_t)r700_bits(w1, 27, 21);
    sl->dst_rel = (uint8_t)r700_bits(w1, 28, 28);
    sl->dst_chan = (uint8_t)r700_bits(w1, 30, 29);
    sl->clamp = (uint8_t)r700_bits(w1, 31, 31);
    int row;
    if (r700_bits(w1, 17, 15)) {                    /* OP3: opcodes 8-31 */
        row = r700_alu_row_of(R700_ENC_OP3, r700_bits(w1, 17, 13));
        if (row < 0)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "reserved OP3 opcode %u", r700_bits(w1, 17, 13));
        sl->src[2].sel = (uint16_t)r700_bits(w1, 8, 0);
        sl->src[2].rel = (uint8_t)r700_bits(w1, 9, 9);
        sl->src[2].chan = (uint8_t)r700_bits(w1, 11, 10);
        sl->src[2].neg = (uint8_t)r700_bits(w1, 12, 12);
        sl->write = 1;                         /* OP3 always writes (L1986) */
    } else {
        if (r700_bits(w1, 14, 14))
            return gpuref_errf(err, GPUREF_ERR_DECODE, "OP2 ALU_INST bit 14 set (opcode 0x%x)",
                               r700_bits(w1, 17, 7));
        row = r700_alu_row_of(R700_ENC_OP2, r700_bits(w1, 13, 7));
        if (row < 0)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "reserved OP2 opcode %u", r700_bits(w1, 13, 7));
        sl->src[0].abs = (uint8_t)r700_bits(w1, 0, 0);
        sl->src[1].abs = (uint8_t)r700_bits(w1, 1, 1);
        sl->uem = (uint8_t)r700_bits(w1, 2, 2);
        sl->up = (uint8_t)r700_bits(w1, 3, 3);
        sl->write = (uint8_t)r700_bits(w1, 4, 4);
        sl->omod = (uint8_t)r700_bits(w1, 6, 5);
    }
    sl->row = (uint16_t)row;
    if (sl->index_mode == 7)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: INDEX_MODE 7 is undefined (L7927-7935)",
                           r700_alu_rows[row].name);
    if (sl->pred_sel == 1)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: PRED_SEL 1 is reserved", r700_alu_rows[row].name);
    for (unsigned k = 0; k < 3; k++)
        if (sl->src[k].sel >= 192 && sl->src[k].sel < 244)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: src%u SEL %u is not defined (192-243)",
                               r700_alu_rows[row].name, k, sl->src[k].sel);
    return GPUREF_OK;
}

/* Unit assignment (§4.4, L1255-1289; D5) and the placement rules. */
static int assign_units(r700_group *g, const r700_config *cfg, char *err)
{
    static const char *const un = "xyzwt";
    unsigned used = 0;
    for (unsigned i = 0; i < g->nslots; i++) {
        r700_slot *sl = &g->slot[i];
        const r700_alu_row *r = &r700_alu_rows[sl->row];
        unsigned u;
        if (r->unit == R700_U_TRANS)
            u = 4;
        else if (r->unit != R700_U_ANY)
            u = sl->dst_chan;
        else if ((used >> sl->dst_chan & 1) || (cfg && cfg->prefer_trans && sl->last))
            u = 4;
        else
            u = sl->dst_chan;
        if (used >> u & 1)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal group: %s needs unit %c, already taken "
                               "(unit assignment, L1255-1289)", r->name, un[u]);
        if (u == 4 && !sl->last)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal group: %s in the trans unit is not the "
                               "last instruction of its group (L1924)", r->name);
        used |= 1u << u;
        sl->unit = (uint8_t)u;
    }
    g->unit_used = (uint8_t)used;
    /* two-slot doubles: the pair x,y or z,w with the same opcode (L3020-3025) */
    for (unsigned i = 0; i < g->nslots; i++) {
        const r700_alu_row *r = &r700_alu_rows[g->slot[i].row];
        if (r->unit != R700_U_D2)
            continue;
        unsigned pu = g->slot[i].unit ^ 1u, ok = 0;
        for (unsigned j = 0; j < g->nslots; j++)
            ok |= g->slot[j].unit == pu && g->slot[j].row == g->slot[i].row;
        if (!ok)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal group: %s needs slots %s with the "
                               "same opcode (L3020-3025)", r->name, pu < 2 ? "x and y" : "z and w");
    }
    /* reductions: X, Y, Z and W all present with the same opcode (L1886);
     * four-slot doubles likewise ("issued in slots 0, 1, 2, and 3", L3808) */
    for (unsigned i = 0; i < g->nslots; i++) {
        const r700_alu_row *r = &r700_alu_rows[g->slot[i].row];
        if (r->unit != R700_U_RED && r->unit != R700_U_D4)
            continue;
        unsigned n = 0;
        for (unsigned j = 0; j < g->nslots; j++)
            if (g->slot[j].row == g->slot[i].row && g->slot[j].unit < 4)
                n |= 1u << g->slot[j].unit;
        if (n != 15)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal group: %s needs all four vector slots "
                               "(%s)", r->name, r->unit == R700_U_RED ? "L1886" : "L3808, L4600");
    }
    return GPUREF_OK;
}

int r700_decode_group(const uint32_t *w, size_t avail, const r700_config *cfg, r700_group *g,
                      char *err)
{
    memset(g, 0, sizeof *g);
    unsigned n = 0, lit = 0;
    for (;;) {
        if (n == 5)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal group: more than 5 instructions "
                               "without LAST");
        if (avail < 2 * n + 2)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "truncated ALU group (no LAST bit)");
        int st = decode_slot(w[2 * n], w[2 * n + 1], &g->slot[n], err);
        if (st)
            return st;
        const r700_slot *sl = &g->slot[n];
        for (unsigned k = 0; k < 3; k++)     /* any operand naming a literal counts (L1465) */
            if (sl->src[k].sel == 253)
                lit = lit > (sl->src[k].chan >= 2 ? 4u : 2u) ? lit : (sl->src[k].chan >= 2 ? 4u : 2u);
        n++;
        if (sl->last)
            break;
    }
    g->nslots = (uint8_t)n;
    g->nlit = (uint8_t)lit;
    g->nwords = (uint8_t)(2 * n + lit);
    if (avail < g->nwords)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "truncated ALU group: missing literal slot");
    for (unsigned k = 0; k < lit; k++)
        g->lit[k] = w[2 * n + k];
    return assign_units(g, cfg, err);
}

/* ------------------------------------------------------------ read ports
 * §4.7.4-4.7.9 (L1447-1744), seed-r700 §3.8: per group, each of the GPR
 * elements X..W has one read port per cycle 0..2; constants (cfile and
 * kcache, D10) take two (address, chan/2) reservations; the trans slot takes
 * at most two constants, and with n constants its GPR, PV and PS operands
 * may not use cycles below n. */
static const uint8_t bs_vec[6][3] = { {0,1,2}, {0,2,1}, {1,2,0}, {1,0,2}, {2,0,1}, {2,1,0} };
static const uint8_t bs_scl[4][3] = { {2,1,0}, {1,2,2}, {2,1,2}, {2,2,1} };

static int is_const(unsigned sel) { return (sel >= 128 && sel < 192) || (sel >= 244 && sel != 254 && sel != 255); }
static int is_cport(unsigned sel) { return (sel >= 128 && sel < 192) || sel >= 256; }

int r700_group_check(const r700_group *g, char *err)
{
    int gpr[3][4];
    int cres[2][2];   /* (sel, chan/2) */
    unsigned ncres = 0;
    memset(gpr, -1, sizeof gpr);
    static const char *const un = "xyzwt";
    int ar_elem = -1, mova = 0, ar_used = 0;
    for (unsigned pass = 0; pass < 2; pass++)   /* vector slots, then trans */
    for (unsigned i = 0; i < g->nslots; i++) {
        const r700_slot *sl = &g->slot[i];
        const r700_alu_row *r = &r700_alu_rows[sl->row];
        if ((pass == 0) != (sl->unit < 4))
            continue;
        /* OMOD and CLAMP: floating-point results only (L1974, L1980; OMOD
         * "must be" OFF for an integer result, L7975); one value for every
         * instruction of a reduction (L1978, L1980) */
        for (unsigned k = 0; k < r->nsrc; k++)     /* Table 4.2: GPR, constant file, kcache only */
            if (sl->src[k].rel && sl->src[k].sel >= 192 && sl->src[k].sel < 256)
                return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal group: slot %c %s: src%u: relative "
                                   "addressing of an inline constant, literal, PV or PS (Table 4.2, L1318)",
                                   un[sl->unit], r->name, k);
        if ((r->flags & R700_RF_INT) && (sl->omod || sl->clamp))
            return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal group: slot %c %s: OMOD/CLAMP on an "
                               "integer result (L7975)", un[sl->unit], r->name);
        if ((sl->row == R700_OP_FREXP_64 || sl->row == R700_OP_PRED_SETE_64 ||
             sl->row == R700_OP_PRED_SETGE_64 || sl->row == R700_OP_PRED_SETGT_64) &&
            (sl->omod || sl->clamp))
            return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal group: slot %c %s: \"The instruction "
                               "does not take output modifiers\" (L3840, L5478)", un[sl->unit], r->name);
        if (r->unit == R700_U_RED)
            for (unsigned j = 0; j < g->nslots; j++)
                if (g->slot[j].row == sl->row && (g->slot[j].omod != sl->omod || g->slot[j].clamp != sl->clamp))
                    return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal group: %s: the slots of a reduction "
                                       "differ in OMOD/CLAMP (L1978)", r->name);
        if (r->flags & R700_RF_MOVA)
            mova = 1;
        int any_rel = sl->dst_rel;
        for (unsigned k = 0; k < r->nsrc; k++)
            any_rel |= sl->src[k].rel;
        if (any_rel && sl->index_mode <= 3) {
            ar_used = 1;
            if (ar_elem >= 0 && ar_elem != sl->index_mode)
                return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal group: two AR elements indexed "
                                   "in one group (L1332)");
            ar_elem = sl->index_mode;
        }
        unsigned nconst = 0;
        for (unsigned k = 0; k < r->nsrc; k++)
            nconst += is_const(sl->src[k].sel);
        if (sl->unit == 4 && nconst > 2)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal group: %s in the trans slot reads %u "
                               "constants (at most 2, L1356)", r->name, nconst);
        for (unsigned k = 0; k < r->nsrc; k++) {
            const r700_src *o = &sl->src[k];
            if (is_cport(o->sel)) {
                int key = o->sel, half = o->chan >> 1;
                unsigned j;
                for (j = 0; j < ncres; j++)
                    if (cres[j][0] == key && cres[j][1] == half)
                        break;
                if (j == ncres) {
                    if (ncres == 2)
                        return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal group: slot %c %s: more "
                                           "than two constant pairs read (cfile/kcache ports, L1453, "
                                           "L1662-1678)", un[sl->unit], r->name);
                    cres[ncres][0] = key;
                    cres[ncres][1] = half;
                    ncres++;
                }
                continue;
            }
            unsigned cyc = sl->unit < 4 ? bs_vec[sl->bank_swizzle < 6 ? sl->bank_swizzle : 0][k]
                                        : bs_scl[sl->bank_swizzle & 3][k];
            if (sl->unit < 4 && sl->bank_swizzle >= 6)
                return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal group: slot %c %s: BANK_SWIZZLE %u "
                                   "is reserved", un[sl->unit], r->name, sl->bank_swizzle);
            if (sl->unit == 4 && sl->bank_swizzle >= 4)
                return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal group: slot t %s: BANK_SWIZZLE %u "
                                   "is not a trans swizzle", r->name, sl->bank_swizzle);
            if (o->sel == 254 || o->sel == 255) {
                if (sl->unit == 4 && cyc < nconst)
                    return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal group: slot t %s: src%u (%s) "
                                       "on cycle %u with %u constant(s) (L1579, L1600)", r->name, k,
                                       o->sel == 254 ? "PV" : "PS", cyc, nconst);
                continue;
            }
            if (o->sel >= 128)
                continue;                      /* inline, literal: no port */
            if (sl->unit < 4 && k == 1 && sl->src[0].sel == o->sel && sl->src[0].chan == o->chan &&
                sl->src[0].rel == o->rel)
                continue;                      /* src0 == src1 shares the read (L1485-1508) */
            if (sl->unit == 4 && cyc < nconst)
                return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal group: slot t %s: src%u GPR on cycle "
                                   "%u with %u constant(s) (L1560-1611)", r->name, k, cyc, nconst);
            int *p = &gpr[cyc][o->chan];
            if (*p < 0)
                *p = o->sel;
            else if (*p != o->sel)
                return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal group: slot %c %s: src%u R%u.%c "
                                   "needs the %c read port of cycle %u, taken by R%u.%c (bank swizzle "
                                   "%s, L1510-1526)", un[sl->unit], r->name, k, o->sel,
                                   r700_chan_name[o->chan], r700_chan_name[o->chan], cyc, *p,
                                   r700_chan_name[o->chan],
                                   sl->unit < 4 ? r700_bs_vec[sl->bank_swizzle] : r700_bs_scl[sl->bank_swizzle]);
        }
    }
    if (mova && ar_used)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal group: AR-relative operand in a group with "
                           "MOVA* (L1330, L1918)");
    return GPUREF_OK;
}
