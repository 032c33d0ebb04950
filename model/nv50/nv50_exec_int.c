/* nv50_exec_int.c - operand access and the integer instructions of
 * nv50-isa-ops.txt sections 1-4 (cited "ops Lnnn").
 *
 * Every exec function computes all 32 lanes on whole arrays and applies the
 * exec mask (rr->exec_mask) only when it writes: fixed-length loops over
 * arrays that cannot alias (restrict) are what the compiler vectorizes.  The
 * sources come through nv50_src (nv50.h): a whole register is read in place. */
#include <string.h>

#include "nv50.h"

#define NV50_ALL 0xffffffffu

static inline uint32_t nv50_exec_of(const gpuref_retire *rr) { return (uint32_t)rr->exec_mask; }

/* $a read: $a0 is 0, $a5-$a7 read as 0 (D6). */
static inline uint32_t nv50_aread(const nv50_state *s, unsigned a, unsigned l)
{
    return (a >= 1 && a <= 4) ? s->a[a][l] : 0;
}

/* D10: 16-bit byte addresses, rounded down to the access size. */
static inline uint32_t nv50_maddr(const nv50_state *s, const nv50_opnd *o, unsigned l,
                                  unsigned size)
{
    uint32_t base = nv50_aread(s, o->areg, l);
    uint32_t a = (o->postinc ? base : base + (uint32_t)o->off) & 0xffff;
    return a & ~(uint32_t)(size - 1);
}

static uint32_t nv50_le(const uint8_t *p, unsigned size)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < size; i++)
        v |= (uint32_t)p[i] << (8 * i);
    return v;
}

static uint32_t nv50_shared_read(const nv50_state *s, const nv50_opnd *o, unsigned l)
{
    unsigned size = o->mode == NV50_S_U8 ? 1 : o->mode == NV50_S_B32 ? 4 : 2;
    uint32_t a = nv50_maddr(s, o, l, size);
    if (a + size > NV50_SMEM)
        return 0;
    uint32_t v = nv50_le(&s->mem->smem[a], size);
    if (o->mode == NV50_S_S16 && !o->w16)
        v = (uint32_t)(int32_t)(int16_t)v;
    return v;
}

void nv50_fetch(nv50_state *s, const nv50_opnd *o, uint32_t exec, uint32_t out[NV50_LANES])
{
    unsigned l;
    switch (o->kind) {
    case NV50_O_REG:
        if (o->reg < s->cfg.gprs)
            memcpy(out, s->r[o->reg], sizeof s->r[0]);
        else
            memset(out, 0, sizeof s->r[0]);
        return;
    case NV50_O_HALF: {
        const uint32_t *r = s->r[o->reg];
        unsigned sh = o->hi ? 16 : 0;
        if (o->reg >= s->cfg.gprs) {
            memset(out, 0, sizeof s->r[0]);
            return;
        }
        for (l = 0; l < NV50_LANES; l++)
            out[l] = (r[l] >> sh) & 0xffff;
        return;
    }
    case NV50_O_IMM:
        for (l = 0; l < NV50_LANES; l++)
            out[l] = o->imm;
        return;
    case NV50_O_CONST:
        for (l = 0; l < NV50_LANES; l++)
            out[l] = (exec >> l & 1)
                         ? nv50_le(&s->mem->cmem[o->reg][nv50_maddr(s, o, l, o->mode)], o->mode) : 0;
        return;
    case NV50_O_SHARED:
        for (l = 0; l < NV50_LANES; l++)
            out[l] = (exec >> l & 1) ? nv50_shared_read(s, o, l) : 0;
        return;
    case NV50_O_AREG:
        for (l = 0; l < NV50_LANES; l++)
            out[l] = nv50_aread(s, o->reg, l);
        return;
    case NV50_O_CREG:
        for (l = 0; l < NV50_LANES; l++)
            out[l] = s->c[o->reg][l];
        return;
    case NV50_O_SREG:
        for (l = 0; l < NV50_LANES; l++)
            out[l] = o->reg == 1 ? (uint32_t)s->clock : s->sr[o->reg][l];
        return;
    default:
        memset(out, 0, sizeof s->r[0]);
        return;
    }
}

/* ------------------------------------------------------ retire records */

/* A new record.  A unit writes each register at most once and makes at most
 * seven records (r or o, c, two of a, mask, exited, depth), far below
 * GPUREF_MAX_REGW, so the search of gpuref_retire_regw is only needed where
 * two writes may merge (the a file, D24). */
static inline gpuref_regw *nv50_rec(gpuref_retire *rr, int file, unsigned idx, uint64_t bits,
                                    uint32_t lanes)
{
    gpuref_regw *w = &rr->regw[rr->nregw++];
    w->file = (int16_t)file;
    w->index = (uint16_t)idx;
    w->flags = 0;
    w->ulp_bound = 0;
    w->slot = GPUREF_SLOT_NONE;
    w->tag = 0;
    w->bits = bits;
    w->lanes = lanes;
    return w;
}

static void nv50_rec16(gpuref_retire *rr, int file, unsigned idx, uint32_t lanes, const uint16_t *v)
{
    gpuref_regw *w = gpuref_retire_regw(rr, file, idx, 0xffff);
    if (!w)
        return;
    w->lanes |= lanes;
    for (unsigned l = 0; l < NV50_LANES; l++)
        w->value[l] = v[l];
}

/* Bit l of a lane mask, as an array the vectorized loops can load. */
static const uint32_t nv50_lanebit[NV50_LANES] = {
#define NV50_B4(n) 1u << (n), 1u << ((n) + 1), 1u << ((n) + 2), 1u << ((n) + 3)
    NV50_B4(0), NV50_B4(4), NV50_B4(8), NV50_B4(12),
    NV50_B4(16), NV50_B4(20), NV50_B4(24), NV50_B4(28),
#undef NV50_B4
};

/* The lanes of a mask as one all-ones or all-zero word per lane. */
static inline void nv50_lanemask(uint32_t lanes, uint32_t *restrict m)
{
    NV50_UNROLL
    for (unsigned l = 0; l < NV50_LANES; l++)
        m[l] = (lanes & nv50_lanebit[l]) ? NV50_ALL : 0;
}

/* Register writes with their records: row = val (merge_all: every lane, all
 * bits; merge: the lanes of m, the bits wm, val shifted left by sh) and v (the
 * record's values) = the whole row after the write.  Restrict parameters are
 * what lets gcc vectorize (it ignores restrict on local pointers). */
static inline void nv50_merge_all(uint32_t *restrict row, uint64_t *restrict v,
                                  const uint32_t *restrict val)
{
    NV50_FLAT
    for (unsigned l = 0; l < NV50_LANES; l++) {
        row[l] = val[l];
        v[l] = val[l];
    }
}

static inline void nv50_merge(uint32_t *restrict row, uint64_t *restrict v,
                              const uint32_t *restrict val, const uint32_t *restrict m,
                              uint32_t wm, unsigned sh)
{
    NV50_UNROLL
    for (unsigned l = 0; l < NV50_LANES; l++) {
        uint32_t bm = wm & m[l];
        uint32_t nv = (row[l] & ~bm) | ((val[l] << sh) & bm);
        row[l] = nv;
        v[l] = nv;
    }
}

/* $rN (hi < 0: all 32 bits; else the half: val bits 15:0 go to bits 15:0 or
 * 31:16) for the lanes in lanes, with its r record (value = whole register). */
static void nv50_put_r(nv50_state *s, unsigned reg, int hi, uint32_t lanes,
                       const uint32_t *val, gpuref_retire *rr)
{
    unsigned sh = hi > 0 ? 16 : 0;
    uint32_t wm = hi < 0 ? NV50_ALL : 0xffffu << sh;   /* the bits written */
    uint64_t *v = nv50_rec(rr, NV50_F_R, reg, wm, lanes)->value;
    if (lanes == NV50_ALL && hi < 0) {
        nv50_merge_all(s->r[reg], v, val);
        return;
    }
    uint32_t m[NV50_LANES];
    nv50_lanemask(lanes, m);
    nv50_merge(s->r[reg], v, val, m, wm, sh);
}

/* o[] destination (isa.rst LHDST: a 16-bit result fills both halves, D23). */
static void nv50_put_o(nv50_state *s, const nv50_opnd *d, uint32_t lanes, const uint32_t *val,
                       gpuref_retire *rr)
{
    uint32_t *o = s->o[d->reg], t[NV50_LANES], m[NV50_LANES];
    uint64_t *v = nv50_rec(rr, NV50_F_O, d->reg, 0xffffffffu, lanes)->value;
    NV50_UNROLL
    for (unsigned l = 0; l < NV50_LANES; l++)
        t[l] = d->w16 ? (val[l] & 0xffff) * 0x10001u : val[l];
    nv50_lanemask(lanes, m);
    nv50_merge(o, v, t, m, NV50_ALL, 0);
}

void nv50_put_dst(nv50_state *s, const nv50_pinsn *p, uint32_t lanes,
                  const uint32_t val[NV50_LANES], gpuref_retire *rr)
{
    if (!lanes)
        return;
    switch (p->dst.how) {
    case NV50_ACC_ROW: nv50_put_r(s, p->dst.reg, -1, lanes, val, rr); return;
    case NV50_ACC_LO:  nv50_put_r(s, p->dst.reg, 0, lanes, val, rr); return;
    case NV50_ACC_HI:  nv50_put_r(s, p->dst.reg, 1, lanes, val, rr); return;
    case NV50_ACC_SLOW:
        if (p->in.dst.kind == NV50_O_OUT)
            nv50_put_o(s, &p->in.dst, lanes, val, rr);
        return;
    default:           /* discarded, or a register at or above gprs */
        return;
    }
}

void nv50_put_c(nv50_state *s, unsigned idx, uint32_t lanes, const uint32_t f[NV50_LANES],
                gpuref_retire *rr)
{
    if (!lanes)
        return;
    uint64_t *v = nv50_rec(rr, NV50_F_C, idx, 0xf, lanes)->value;
    if (lanes == NV50_ALL) {
        nv50_merge_all(s->c[idx], v, f);
        return;
    }
    uint32_t m[NV50_LANES];
    nv50_lanemask(lanes, m);
    nv50_merge(s->c[idx], v, f, m, NV50_ALL, 0);
}

void nv50_postinc(nv50_state *s, const nv50_insn *in, uint32_t exec, gpuref_retire *rr)
{
    for (unsigned i = 0; i < 4; i++) {
        const nv50_opnd *o = &in->src[i];
        if ((o->kind != NV50_O_SHARED && o->kind != NV50_O_CONST) || !o->postinc || !exec)
            continue;
        uint16_t *a = s->a[o->areg];
        for (unsigned l = 0; l < NV50_LANES; l++)
            if (exec >> l & 1)
                a[l] = (uint16_t)(a[l] + (uint32_t)o->off);
        nv50_rec16(rr, NV50_F_A, o->areg, exec, a);
    }
}

static void nv50_write_a(nv50_state *s, unsigned idx, uint32_t exec, const uint32_t *v,
                         gpuref_retire *rr)
{
    if (idx == 0 || idx >= 5 || !exec)   /* $a0 ignores writes */
        return;
    for (unsigned l = 0; l < NV50_LANES; l++)
        if (exec >> l & 1)
            s->a[idx][l] = (uint16_t)v[l];
    nv50_rec16(rr, NV50_F_A, idx, exec, s->a[idx]);
}

/* nv50_result for partial masks, post-increments and other destinations. */
__attribute__((noinline)) static void nv50_result_any(nv50_state *s, const nv50_pinsn *p,
                                                      uint32_t exec, const uint32_t *res,
                                                      gpuref_retire *rr)
{
    if (p->flags & NV50_PF_POSTINC)     /* operand reads precede the writes (D24) */
        nv50_postinc(s, &p->in, exec, rr);
    nv50_put_dst(s, p, exec, res, rr);
}

void nv50_result(nv50_state *s, const nv50_pinsn *p, uint32_t exec,
                 const uint32_t res[NV50_LANES], const uint32_t f[NV50_LANES],
                 gpuref_retire *rr)
{
    if (exec == NV50_ALL && p->dst.how == NV50_ACC_ROW && !(p->flags & NV50_PF_POSTINC)) {
        unsigned d = p->dst.reg;        /* the common case: a whole $r, every thread */
        nv50_merge_all(s->r[d], nv50_rec(rr, NV50_F_R, d, 0xffffffffu, NV50_ALL)->value, res);
    } else if (exec) {
        nv50_result_any(s, p, exec, res, rr);
    } else {
        return;
    }
    if (f && p->in.cdst_en)
        nv50_put_c(s, p->in.cdst, exec, f, rr);
}

/* ---------------------------------------------------------- lane kernels */

static inline uint32_t nv50_szf(uint32_t r, uint32_t sb)
{
    return (r == 0 ? NV50_CF_Z : 0) | ((r & sb) ? NV50_CF_S : 0);
}

static void nv50_szf_all(const uint32_t *restrict r, uint32_t sb, uint32_t *restrict f)
{
    NV50_UNROLL
    for (unsigned l = 0; l < NV50_LANES; l++)
        f[l] = nv50_szf(r[l], sb);
}

static void nv50_sext_all(const uint32_t *restrict a, unsigned sx, uint32_t *restrict x)
{
    NV50_UNROLL
    for (unsigned l = 0; l < NV50_LANES; l++)
        x[l] = (uint32_t)((int32_t)(a[l] << sx) >> sx);
}

static void nv50_mask_all(const uint32_t *restrict a, uint32_t m, uint32_t *restrict x)
{
    NV50_UNROLL
    for (unsigned l = 0; l < NV50_LANES; l++)
        x[l] = a[l] & m;
}

/* sad on x, y (32-bit values, sign-extended when signed; |x - y| fits 32
 * bits): res = (|x - y| + (d & m)) & m with the flags of that addition. */
static void nv50_sad_lanes(const uint32_t *restrict x, const uint32_t *restrict y,
                           const uint32_t *restrict d, uint32_t bias, uint32_t m, unsigned t,
                           uint32_t *restrict res, uint32_t *restrict f)
{
    NV50_UNROLL
    for (unsigned l = 0; l < NV50_LANES; l++) {
        uint32_t mres = (x[l] ^ bias) > (y[l] ^ bias) ? x[l] - y[l] : y[l] - x[l];
        uint32_t s3 = d[l] & m;
        uint32_t r = mres + s3;                   /* < 2^17 for 16 bits */
        uint32_t rv = r & m;
        uint32_t cy = t == 31 ? r < mres : (r >> 16) & 1;
        uint32_t ov = ((~(mres ^ s3) & (mres ^ rv)) >> t) & 1;
        res[l] = rv;
        f[l] = (rv == 0) | ((rv >> t) & 1) << 1 | cy << 2 | ov << 3;
    }
}

/* ------------------------------------------------------------ 1, 2: moves */

int nv50_x_mov(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), t[NV50_LANES];
    const uint32_t *v = nv50_src(s, p, 0, exec, t);
    if (p->src[0].how == NV50_ACC_ROW && p->dst.how == NV50_ACC_ROW &&
        p->src[0].reg == p->dst.reg) {   /* nv50_put_r's source must not be its row */
        memcpy(t, v, sizeof t);
        v = t;
    }
    /* ops L50: if (lanemask & 1 << (laneid & 3)) DST = SRC */
    uint32_t lanes = exec & (p->in.lanemask * 0x11111111u);
    if (exec && (p->flags & NV50_PF_POSTINC))
        nv50_postinc(s, &p->in, exec, rr);
    nv50_put_dst(s, p, lanes, v, rr);
    return GPUREF_OK;
}

/* ops L61-L66, D1: the 4 flag bits zero-extended */
int nv50_x_mov_c2r(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), v[NV50_LANES];
    nv50_fetch(s, &p->in.src[0], exec, v);
    nv50_put_dst(s, p, exec, v, rr);
    return GPUREF_OK;
}

/* ops L67-L73, D1: bits 3:0 of SRC */
int nv50_x_mov_r2c(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), t[NV50_LANES];
    uint32_t f[NV50_LANES];
    const uint32_t *v = nv50_src(s, p, 0, exec, t);
    NV50_UNROLL
    for (unsigned l = 0; l < NV50_LANES; l++)
        f[l] = v[l] & 0xf;
    nv50_put_c(s, p->in.dst.reg, exec, f, rr);
    return GPUREF_OK;
}

int nv50_x_mov_a2r(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    return nv50_x_mov_c2r(s, p, rr);
}

/* ops L96-L109; D8: $clock and $pm0-$pm3 are flagged unmodelled */
int nv50_x_mov_sr(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), v[NV50_LANES];
    nv50_fetch(s, &p->in.src[0], exec, v);
    unsigned n = rr->nregw;
    nv50_put_dst(s, p, exec, v, rr);
    unsigned sr = p->in.src[0].reg;
    if (rr->nregw > n && (sr == 1 || (sr >= 4 && sr <= 7)))
        rr->regw[n].flags |= GPUREF_REGW_UNMODELLED;
    return GPUREF_OK;
}

/* ops L82-L87: ADST = SRC << SHCNT ($a is 16 bits) */
int nv50_x_shl_a(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), t[NV50_LANES], v[NV50_LANES];
    const uint32_t *a = nv50_src(s, p, 0, exec, t);
    for (unsigned l = 0; l < NV50_LANES; l++)
        v[l] = (a[l] << p->in.src[1].imm) & 0xffff;
    nv50_postinc(s, &p->in, exec, rr);
    nv50_write_a(s, p->in.dst.reg, exec, v, rr);
    return GPUREF_OK;
}

/* ops L88-L95: ADST = AREG + OFFS */
int nv50_x_add_a(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), v[NV50_LANES];
    nv50_fetch(s, &p->in.src[0], exec, v);
    for (unsigned l = 0; l < NV50_LANES; l++)
        v[l] = (v[l] + p->in.src[1].imm) & 0xffff;
    nv50_write_a(s, p->in.dst.reg, exec, v, rr);
    return GPUREF_OK;
}

/* --------------------------------------------------- 3.1, 3.4: additions */

/* ops L124-L133 / L247-L256: res = s1 + s2 + c in infinite precision, with
 * x = s1, y = s2 the (possibly inverted) operands and r their sum modulo 2^32
 * (sub = s1 + ~s2 + 1, subr = ~s1 + s2 + 1).  Applies sat and sets flags.
 * The carry out of bit bits-1 is the majority of x, y and the carry into it;
 * branch-free so that the lanes vectorize. */
static void nv50_add_flags(const uint32_t *restrict x, const uint32_t *restrict y,
                           const uint32_t *restrict r, uint32_t *restrict res, unsigned bits,
                           int sat, uint32_t *restrict f)
{
    unsigned t = bits - 1;
    uint32_t sb = 1u << t, satm = sat ? NV50_ALL : 0;
    NV50_UNROLL
    for (unsigned l = 0; l < NV50_LANES; l++) {
        uint32_t cy = (((x[l] & y[l]) | ((x[l] | y[l]) & ~r[l])) >> t) & 1;
        uint32_t ov = ((~(x[l] ^ y[l]) & (x[l] ^ res[l])) >> t) & 1;
        uint32_t v = res[l];
        uint32_t sv = sb - ((v >> t) & 1);             /* (v & sb) ? sb - 1 : sb */
        v ^= (v ^ sv) & (0u - ov) & satm;             /* sat && ov: saturate */
        res[l] = v;
        f[l] = (v == 0) | ((v >> t) & 1) << 1 | cy << 2 | ov << 3;
    }
}

/* res = (((a & m) ^ inv1) + ((b & m) ^ inv2) + c) & m; 32-bit add and sub as plain loops */
static void nv50_add_lanes(const uint32_t *restrict a, const uint32_t *restrict b, uint32_t m,
                           uint32_t inv1, uint32_t inv2, uint32_t c, uint32_t *restrict res)
{
    if (m == NV50_ALL && !inv1 && !inv2 && !c) {            /* add */
        NV50_UNROLL
        for (unsigned l = 0; l < NV50_LANES; l++)
            res[l] = a[l] + b[l];
    } else if (m == NV50_ALL && !inv1 && inv2 && c) {       /* sub: a + ~b + 1 */
        NV50_UNROLL
        for (unsigned l = 0; l < NV50_LANES; l++)
            res[l] = a[l] - b[l];
    } else {
        NV50_UNROLL
        for (unsigned l = 0; l < NV50_LANES; l++)
            res[l] = (((a[l] & m) ^ inv1) + ((b[l] & m) ^ inv2) + c) & m;
    }
}

/* a + b (add, sub, subr, addc by in.addop) on bits-wide operands; the carry
 * of addc comes from the $c of source slot ci. */
static void nv50_add_core(nv50_state *s, const nv50_pinsn *p, uint32_t exec,
                          const uint32_t *restrict a, const uint32_t *restrict b, unsigned ci,
                          unsigned bits, gpuref_retire *rr)
{
    const nv50_insn *in = &p->in;
    uint32_t m = bits == 32 ? NV50_ALL : 0xffffu;
    uint32_t inv1 = in->addop == 2 ? m : 0, inv2 = in->addop == 1 ? m : 0;
    uint32_t c = in->addop == 1 || in->addop == 2;
    uint32_t res[NV50_LANES];
    if (in->addop != 3 && !in->sat && !in->cdst_en) {   /* the plain sum */
        nv50_add_lanes(a, b, m, inv1, inv2, c, res);
        nv50_result(s, p, exec, res, NULL, rr);
        return;
    }
    uint32_t x[NV50_LANES], y[NV50_LANES], r[NV50_LANES], cin[NV50_LANES];
    uint32_t f[NV50_LANES];
    if (in->addop == 3) {                 /* COND.C (ops L139) */
        const uint32_t *cc = s->c[in->src[ci].reg];
        NV50_UNROLL
        for (unsigned l = 0; l < NV50_LANES; l++)
            cin[l] = (cc[l] >> 2) & 1;
    } else {
        NV50_UNROLL
        for (unsigned l = 0; l < NV50_LANES; l++)
            cin[l] = c;
    }
    NV50_UNROLL
    for (unsigned l = 0; l < NV50_LANES; l++) {
        x[l] = (a[l] & m) ^ inv1;
        y[l] = (b[l] & m) ^ inv2;
        r[l] = x[l] + y[l] + cin[l];
        res[l] = r[l] & m;
    }
    if (in->sat || in->cdst_en)
        nv50_add_flags(x, y, r, res, bits, in->sat, f);
    nv50_result(s, p, exec, res, f, rr);
}

int nv50_x_add(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), ta[NV50_LANES], tb[NV50_LANES];
    const uint32_t *a = nv50_src(s, p, 0, exec, ta), *b = nv50_src(s, p, 1, exec, tb);
    nv50_add_core(s, p, exec, a, b, 2, p->in.b32 ? 32 : 16, rr);
    return GPUREF_OK;
}

/* ops L146-L197: 16x16 -> 32 and 24x24 -> 48 multiplies (sgn: the sign of
 * source 2 for 16-bit; 24-bit uses in.sgn1 for both). */
static void nv50_mul(const nv50_insn *in, int sgn2, const uint32_t *restrict a,
                     const uint32_t *restrict b, uint32_t *restrict res)
{
    if (!in->mul24 && !in->sgn1 && !sgn2) {
        NV50_UNROLL
        for (unsigned l = 0; l < NV50_LANES; l++)
            res[l] = (a[l] & 0xffff) * (b[l] & 0xffff);
        return;
    }
    if (!in->mul24) {
        uint32_t ea = in->sgn1 ? 0x8000u : 0, eb = sgn2 ? 0x8000u : 0;
        NV50_UNROLL
        for (unsigned l = 0; l < NV50_LANES; l++) {   /* (v ^ e) - e sign-extends */
            uint32_t x = ((a[l] & 0xffff) ^ ea) - ea, y = ((b[l] & 0xffff) ^ eb) - eb;
            res[l] = x * y;                            /* modulo 2^32 */
        }
        return;
    }
    uint32_t e = in->sgn1 ? 0x800000u : 0;
    if (!in->high) {            /* bits 31:0 of the product: a 32-bit multiply */
        NV50_UNROLL
        for (unsigned l = 0; l < NV50_LANES; l++) {
            uint32_t x = ((a[l] & 0xffffffu) ^ e) - e, y = ((b[l] & 0xffffffu) ^ e) - e;
            res[l] = x * y;
        }
        return;
    }
    uint64_t e64 = e;
    for (unsigned l = 0; l < NV50_LANES; l++) {
        uint64_t x = ((a[l] & 0xffffffu) ^ e64) - e64, y = ((b[l] & 0xffffffu) ^ e64) - e64;
        uint64_t pr = (x * y) & 0xffffffffffffull;     /* modulo 2^48 */
        res[l] = (uint32_t)(pr >> 16);
    }
}

int nv50_x_mul(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), ta[NV50_LANES], tb[NV50_LANES], res[NV50_LANES];
    uint32_t f[NV50_LANES];
    const nv50_insn *in = &p->in;
    const uint32_t *a = nv50_src(s, p, 0, exec, ta), *b = nv50_src(s, p, 1, exec, tb);
    nv50_mul(in, in->mul24 ? in->sgn1 : in->sgn2, a, b, res);
    if (in->cdst_en)
        nv50_szf_all(res, 0x80000000u, f);      /* O = C = 0 */
    nv50_result(s, p, exec, res, in->cdst_en ? f : NULL, rr);
    return GPUREF_OK;
}

int nv50_x_madd(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), ta[NV50_LANES], tb[NV50_LANES], td[NV50_LANES];
    uint32_t mres[NV50_LANES];
    const uint32_t *a = nv50_src(s, p, 0, exec, ta), *b = nv50_src(s, p, 1, exec, tb);
    const uint32_t *d = nv50_src(s, p, 2, exec, td);
    nv50_mul(&p->in, p->in.sgn1, a, b, mres);
    /* COND is the 4th source ($c0 in the short forms) */
    nv50_add_core(s, p, exec, mres, d, 3, 32, rr);
    return GPUREF_OK;
}

/* ops L268-L295 (operand widths: D13).  |s1 - s2| fits 32 bits for 32-bit
 * operands of either signedness, so the lanes work modulo 2^32.  SRC3 and the
 * sum are 32 bits wide for every width, with the flags of that 32-bit
 * addition (hwtest/g80_int.cc isad: D13). */
int nv50_x_sad(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), ta[NV50_LANES], tb[NV50_LANES], td[NV50_LANES];
    uint32_t x[NV50_LANES], y[NV50_LANES], res[NV50_LANES];
    uint32_t f[NV50_LANES];
    const nv50_insn *in = &p->in;
    unsigned bits = in->b32 ? 32 : 16, sx = 32 - bits;
    uint32_t m = in->b32 ? NV50_ALL : 0xffffu;
    uint32_t bias = in->sgn1 ? 0x80000000u : 0;   /* signed order on 32-bit values */
    const uint32_t *a = nv50_src(s, p, 0, exec, ta), *b = nv50_src(s, p, 1, exec, tb);
    const uint32_t *d = nv50_src(s, p, 2, exec, td);
    if (in->sgn1) {                               /* sign-extend to 32 bits */
        nv50_sext_all(a, sx, x);
        nv50_sext_all(b, sx, y);
    } else {
        nv50_mask_all(a, m, x);
        nv50_mask_all(b, m, y);
    }
    nv50_sad_lanes(x, y, d, bias, NV50_ALL, 31, res, f);
    nv50_result(s, p, exec, res, f, rr);
    return GPUREF_OK;
}

/* ----------------------------------------------- 3.6, 3.7: min/max, set */

int nv50_x_minmax(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), ta[NV50_LANES], tb[NV50_LANES], res[NV50_LANES];
    uint32_t f[NV50_LANES];
    const nv50_insn *in = &p->in;
    unsigned bits = in->b32 ? 32 : 16;
    uint32_t m = in->b32 ? NV50_ALL : 0xffffu, sb = 1u << (bits - 1);
    uint32_t bias = in->sgn1 ? sb : 0, minop = in->minop;
    const uint32_t *restrict a = nv50_src(s, p, 0, exec, ta);
    const uint32_t *restrict b = nv50_src(s, p, 1, exec, tb);
    uint32_t pickm = minop ? NV50_ALL : 0;   /* take x where (x < y) == min */
    NV50_UNROLL
    for (unsigned l = 0; l < NV50_LANES; l++) {
        uint32_t x = a[l] & m, y = b[l] & m;
        uint32_t ltm = (x ^ bias) < (y ^ bias) ? NV50_ALL : 0;
        uint32_t px = ~(ltm ^ pickm);
        res[l] = (x & px) | (y & ~px);           /* ops L300-L304 */
    }
    if (in->cdst_en)
        nv50_szf_all(res, sb, f);
    nv50_result(s, p, exec, res, in->cdst_en ? f : NULL, rr);
    return GPUREF_OK;
}

int nv50_x_set(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), ta[NV50_LANES], tb[NV50_LANES], res[NV50_LANES];
    uint32_t f[NV50_LANES];
    const nv50_insn *in = &p->in;
    unsigned bits = in->b32 ? 32 : 16;
    uint32_t m = in->b32 ? NV50_ALL : 0xffffu, sb = 1u << (bits - 1);
    uint32_t bias = in->sgn1 ? sb : 0, cond = in->setcond;
    const uint32_t *restrict a = nv50_src(s, p, 0, exec, ta);
    const uint32_t *restrict b = nv50_src(s, p, 1, exec, tb);
    uint32_t cl = cond & 1 ? m : 0, ce = cond & 2 ? m : 0, cg = cond & 4 ? m : 0;
    NV50_UNROLL
    for (unsigned l = 0; l < NV50_LANES; l++) {
        uint32_t x = a[l] & m, y = b[l] & m;
        uint32_t ltm = (x ^ bias) < (y ^ bias) ? NV50_ALL : 0, eqm = x == y ? NV50_ALL : 0;
        res[l] = (ltm & cl) | (eqm & ce) | (~(ltm | eqm) & cg);   /* l e g */
    }
    if (in->cdst_en)
        nv50_szf_all(res, sb, f);
    nv50_result(s, p, exec, res, in->cdst_en ? f : NULL, rr);
    return GPUREF_OK;
}

/* -------------------------------------------------- 4.1, 4.2: bit ops */

static void nv50_logic_lanes(unsigned op, const uint32_t *restrict a, const uint32_t *restrict b,
                             uint32_t n1, uint32_t n2, uint32_t m, uint32_t *restrict res)
{
    switch (op) {   /* ops L357-L364 */
    case 0:
        NV50_UNROLL
        for (unsigned l = 0; l < NV50_LANES; l++)
            res[l] = ((a[l] ^ n1) & (b[l] ^ n2)) & m;
        return;
    case 1:
        NV50_UNROLL
        for (unsigned l = 0; l < NV50_LANES; l++)
            res[l] = ((a[l] ^ n1) | (b[l] ^ n2)) & m;
        return;
    case 2:
        NV50_UNROLL
        for (unsigned l = 0; l < NV50_LANES; l++)
            res[l] = ((a[l] ^ n1) ^ (b[l] ^ n2)) & m;
        return;
    default:
        NV50_UNROLL
        for (unsigned l = 0; l < NV50_LANES; l++)
            res[l] = (b[l] ^ n2) & m;
        return;
    }
}

int nv50_x_logic(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), ta[NV50_LANES], tb[NV50_LANES], res[NV50_LANES];
    uint32_t f[NV50_LANES];
    const nv50_insn *in = &p->in;
    uint32_t m = in->b32 ? NV50_ALL : 0xffffu, sb = in->b32 ? 0x80000000u : 0x8000u;
    uint32_t n1 = in->not1 ? m : 0, n2 = in->not2 ? m : 0;
    const uint32_t *a = nv50_src(s, p, 0, exec, ta), *b = nv50_src(s, p, 1, exec, tb);
    nv50_logic_lanes(in->logop, a, b, n1, n2, m, res);
    if (in->cdst_en)
        nv50_szf_all(res, sb, f);
    nv50_result(s, p, exec, res, in->cdst_en ? f : NULL, rr);
    return GPUREF_OK;
}

/* ops L393-L423, including the strict '<' on the carry of shl: one lane with
 * its own count n. */
static inline uint32_t nv50_shift1(uint32_t x, uint32_t n, unsigned bits, int shr, int sgn,
                                   uint32_t *f)
{
    uint32_t m = bits == 32 ? NV50_ALL : 0xffffu, sb = 1u << (bits - 1), res, cy = 0;
    if (!shr) {
        uint64_t r = n < bits ? (uint64_t)x << n : 0;
        cy = n < bits ? (uint32_t)(r >> bits) & 1 : 0;
        res = (uint32_t)r & m;
    } else {
        res = n < bits ? x >> n : 0;
        if (sgn && (x & sb))
            res |= n < bits ? (uint32_t)(((1ull << bits) - (1ull << (bits - n))) & m) : m;
        cy = (n < bits && n > 0) ? (x >> (n - 1)) & 1 : 0;
    }
    uint32_t ov = n == 1 && ((x ^ res) & sb);
    *f = nv50_szf(res, sb) | (cy ? NV50_CF_C : 0) | (ov ? NV50_CF_O : 0);
    return res;
}

/* The same with one count n in every lane (SHCNT forms); f may be NULL. */
static void nv50_shift_uniform(const uint32_t *restrict a, uint32_t n, unsigned bits, int shr,
                               int sgn, uint32_t *restrict res, uint32_t *restrict f)
{
    uint32_t m = bits == 32 ? NV50_ALL : 0xffffu, sb = 1u << (bits - 1);
    uint32_t fill = 0, cs = 0, cm = 0;   /* carry = (x >> cs) & cm */
    unsigned l;
    if (n >= bits) {
        uint32_t fm = shr && sgn ? m : 0;
        for (l = 0; l < NV50_LANES; l++)
            res[l] = (a[l] & sb) ? fm : 0;
    } else if (!shr) {
        NV50_UNROLL
        for (l = 0; l < NV50_LANES; l++)
            res[l] = (a[l] << n) & m;
        cs = n ? bits - n : 0;
        cm = n ? 1 : 0;
    } else {
        fill = (sgn && n) ? (m << (bits - n)) & m : 0;
        NV50_UNROLL
        for (l = 0; l < NV50_LANES; l++)
            res[l] = ((a[l] & m) >> n) | ((a[l] & sb) ? fill : 0);
        cs = n ? n - 1 : 0;
        cm = n ? 1 : 0;
    }
    if (!f)
        return;
    uint32_t ovm = n == 1 ? sb : 0;
    NV50_UNROLL
    for (l = 0; l < NV50_LANES; l++) {
        uint32_t x = a[l] & m;
        uint32_t cy = (x >> cs) & cm, ov = (x ^ res[l]) & ovm;
        f[l] = nv50_szf(res[l], sb) | (cy ? NV50_CF_C : 0) | (ov ? NV50_CF_O : 0);
    }
}

int nv50_x_shift(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), ta[NV50_LANES], tb[NV50_LANES], res[NV50_LANES];
    uint32_t f[NV50_LANES];
    const nv50_insn *in = &p->in;
    unsigned bits = in->b32 ? 32 : 16;
    uint32_t m = in->b32 ? NV50_ALL : 0xffffu;
    const uint32_t *a = nv50_src(s, p, 0, exec, ta);
    if (in->src[1].kind == NV50_O_IMM) {
        nv50_shift_uniform(a, in->src[1].imm, bits, in->shr, in->sgn1, res,
                           in->cdst_en ? f : NULL);
    } else {
        const uint32_t *b = nv50_src(s, p, 1, exec, tb);
        for (unsigned l = 0; l < NV50_LANES; l++)
            res[l] = nv50_shift1(a[l] & m, b[l] & m, bits, in->shr, in->sgn1, &f[l]);
    }
    nv50_result(s, p, exec, res, in->cdst_en ? f : NULL, rr);
    return GPUREF_OK;
}

/* ------------------------------------------------------------- the rest */

int nv50_x_nop(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    (void)s, (void)p, (void)rr;
    return GPUREF_OK;
}

int nv50_x_unimpl(nv50_state *s, const nv50_pinsn *p, gpuref_retire *rr)
{
    (void)s, (void)p, (void)rr;
    return GPUREF_ERR_UNIMPL;
}
