/* nv50_exec.c - operand access and the integer instructions of
 * nv50-isa-ops.txt sections 1-4 (cited "ops Lnnn").  Every exec function
 * computes all 32 lanes and writes only the lanes in exec (rr->exec_mask). */
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
    uint32_t v = nv50_le(&s->smem[a], size);
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
                         ? nv50_le(&s->cmem[o->reg][nv50_maddr(s, o, l, o->mode)], o->mode) : 0;
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

static gpuref_regw *nv50_rec(gpuref_retire *rr, int file, unsigned idx, uint64_t bits,
                             uint32_t lanes)
{
    gpuref_regw *w = gpuref_retire_regw(rr, file, idx, bits);
    if (w)
        w->lanes |= lanes;
    return w;
}

static void nv50_widen(uint64_t *restrict d, const uint32_t *restrict v)
{
    for (unsigned l = 0; l < NV50_LANES; l++)
        d[l] = v[l];
}

static void nv50_rec32(gpuref_retire *rr, int file, unsigned idx, uint64_t bits, uint32_t lanes,
                       const uint32_t *v)
{
    gpuref_regw *w = nv50_rec(rr, file, idx, bits, lanes);
    if (w)
        nv50_widen(w->value, v);
}

static void nv50_rec16(gpuref_retire *rr, int file, unsigned idx, uint32_t lanes, const uint16_t *v)
{
    gpuref_regw *w = nv50_rec(rr, file, idx, 0xffff, lanes);
    if (w)
        for (unsigned l = 0; l < NV50_LANES; l++)
            w->value[l] = v[l];
}

static void nv50_rec8(gpuref_retire *rr, int file, unsigned idx, uint32_t lanes, const uint8_t *v)
{
    gpuref_regw *w = nv50_rec(rr, file, idx, 0xf, lanes);
    if (w)
        for (unsigned l = 0; l < NV50_LANES; l++)
            w->value[l] = v[l];
}

static void nv50_merge32(uint32_t *r, uint32_t lanes, const uint32_t *val, uint32_t keep,
                         unsigned sh)
{
    if (lanes == NV50_ALL && !keep) {
        memcpy(r, val, NV50_LANES * sizeof *r);
        return;
    }
    uint32_t vm = keep ? 0xffffu : NV50_ALL;
    for (unsigned l = 0; l < NV50_LANES; l++) {
        uint32_t lm = 0u - ((lanes >> l) & 1);        /* all ones for a written lane */
        uint32_t nv = (r[l] & keep) | (val[l] & vm) << sh;
        r[l] = (r[l] & ~lm) | (nv & lm);
    }
}

void nv50_write_dst(nv50_state *s, const nv50_opnd *d, uint32_t lanes,
                    const uint32_t val[NV50_LANES], gpuref_retire *rr)
{
    if (!lanes)
        return;
    switch (d->kind) {
    case NV50_O_REG:
        if (d->reg >= s->cfg.gprs)
            return;
        nv50_merge32(s->r[d->reg], lanes, val, 0, 0);
        nv50_rec32(rr, NV50_F_R, d->reg, 0xffffffffu, lanes, s->r[d->reg]);
        return;
    case NV50_O_HALF: {
        unsigned sh = d->hi ? 16 : 0;
        if (d->reg >= s->cfg.gprs)
            return;
        nv50_merge32(s->r[d->reg], lanes, val, ~(0xffffu << sh), sh);
        nv50_rec32(rr, NV50_F_R, d->reg, 0xffffu << sh, lanes, s->r[d->reg]);
        return;
    }
    case NV50_O_OUT: {
        uint32_t *o = s->o[d->reg];
        for (unsigned l = 0; l < NV50_LANES; l++)
            if (lanes >> l & 1)   /* isa.rst LHDST: 16-bit results fill both halves */
                o[l] = d->w16 ? (val[l] & 0xffff) * 0x10001u : val[l];
        nv50_rec32(rr, NV50_F_O, d->reg, 0xffffffffu, lanes, o);
        return;
    }
    default:
        return;
    }
}

void nv50_write_flags(nv50_state *s, const nv50_insn *in, uint32_t exec,
                      const uint8_t f[NV50_LANES], gpuref_retire *rr)
{
    if (!in->cdst_en || !exec)
        return;
    uint8_t *c = s->c[in->cdst];
    for (unsigned l = 0; l < NV50_LANES; l++)
        c[l] = (exec >> l & 1) ? f[l] : c[l];
    nv50_rec8(rr, NV50_F_C, in->cdst, exec, c);
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

static void nv50_finish(nv50_state *s, const nv50_insn *in, uint32_t exec, const uint32_t *res,
                        const uint8_t *f, gpuref_retire *rr)
{
    nv50_postinc(s, in, exec, rr);
    nv50_write_dst(s, &in->dst, exec, res, rr);
    if (f)
        nv50_write_flags(s, in, exec, f, rr);
}

static inline uint8_t nv50_szf(uint32_t r, uint32_t sb)
{
    return (uint8_t)((r == 0 ? NV50_CF_Z : 0) | ((r & sb) ? NV50_CF_S : 0));
}

static inline uint32_t nv50_sext(uint32_t v, unsigned bits)
{
    return (uint32_t)((int32_t)(v << (32 - bits)) >> (32 - bits));
}

/* ------------------------------------------------------------ 1, 2: moves */

int nv50_x_mov(nv50_state *s, const nv50_insn *in, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), v[NV50_LANES];
    nv50_fetch(s, &in->src[0], exec, v);
    /* ops L50: if (lanemask & 1 << (laneid & 3)) DST = SRC */
    uint32_t lanes = exec & (in->lanemask * 0x11111111u);
    nv50_postinc(s, in, exec, rr);
    nv50_write_dst(s, &in->dst, lanes, v, rr);
    return GPUREF_OK;
}

/* ops L61-L66, D1: the 4 flag bits zero-extended */
int nv50_x_mov_c2r(nv50_state *s, const nv50_insn *in, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), v[NV50_LANES];
    nv50_fetch(s, &in->src[0], exec, v);
    nv50_write_dst(s, &in->dst, exec, v, rr);
    return GPUREF_OK;
}

/* ops L67-L73, D1: bits 3:0 of SRC */
int nv50_x_mov_r2c(nv50_state *s, const nv50_insn *in, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), v[NV50_LANES];
    uint8_t f[NV50_LANES];
    nv50_fetch(s, &in->src[0], exec, v);
    for (unsigned l = 0; l < NV50_LANES; l++)
        f[l] = (uint8_t)(v[l] & 0xf);
    nv50_insn tmp = *in;
    tmp.cdst_en = 1;
    tmp.cdst = in->dst.reg;
    nv50_write_flags(s, &tmp, exec, f, rr);
    return GPUREF_OK;
}

int nv50_x_mov_a2r(nv50_state *s, const nv50_insn *in, gpuref_retire *rr)
{
    return nv50_x_mov_c2r(s, in, rr);
}

/* ops L96-L109; D8: $clock and $pm0-$pm3 are flagged unmodelled */
int nv50_x_mov_sr(nv50_state *s, const nv50_insn *in, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), v[NV50_LANES];
    nv50_fetch(s, &in->src[0], exec, v);
    unsigned n = rr->nregw;
    nv50_write_dst(s, &in->dst, exec, v, rr);
    unsigned sr = in->src[0].reg;
    if (rr->nregw > n && (sr == 1 || (sr >= 4 && sr <= 7)))
        rr->regw[n].flags |= GPUREF_REGW_UNMODELLED;
    return GPUREF_OK;
}

/* ops L82-L87: ADST = SRC << SHCNT ($a is 16 bits) */
int nv50_x_shl_a(nv50_state *s, const nv50_insn *in, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), v[NV50_LANES];
    nv50_fetch(s, &in->src[0], exec, v);
    for (unsigned l = 0; l < NV50_LANES; l++)
        v[l] = (v[l] << in->src[1].imm) & 0xffff;
    nv50_postinc(s, in, exec, rr);
    nv50_write_a(s, in->dst.reg, exec, v, rr);
    return GPUREF_OK;
}

/* ops L88-L95: ADST = AREG + OFFS */
int nv50_x_add_a(nv50_state *s, const nv50_insn *in, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), v[NV50_LANES];
    nv50_fetch(s, &in->src[0], exec, v);
    for (unsigned l = 0; l < NV50_LANES; l++)
        v[l] = (v[l] + in->src[1].imm) & 0xffff;
    nv50_write_a(s, in->dst.reg, exec, v, rr);
    return GPUREF_OK;
}

/* --------------------------------------------------- 3.1, 3.4: additions */

/* The add-family operand transform: sub = s1 + ~s2 + 1, subr = ~s1 + s2 + 1. */
static void nv50_addop(unsigned op, uint32_t m, uint32_t *inv1, uint32_t *inv2, uint32_t *c)
{
    *inv1 = op == 2 ? m : 0;
    *inv2 = op == 1 ? m : 0;
    *c = op == 1 || op == 2;
}

static void nv50_carry_in(nv50_state *s, const nv50_opnd *cond, unsigned addop, uint32_t exec,
                          uint32_t c, uint32_t cin[NV50_LANES])
{
    if (addop == 3) {
        nv50_fetch(s, cond, exec, cin);
        for (unsigned l = 0; l < NV50_LANES; l++)
            cin[l] = (cin[l] >> 2) & 1;   /* COND.C */
    } else {
        for (unsigned l = 0; l < NV50_LANES; l++)
            cin[l] = c;
    }
}

/* ops L124-L133 / L247-L256: res = s1 + s2 + c in infinite precision; x, y are
 * s1, s2 and r the sum modulo 2^32.  Applies sat to res and returns flags. */
static void nv50_add_flags(const uint32_t *x, const uint32_t *y, const uint32_t *r,
                           uint32_t *res, unsigned bits, int sat, uint8_t *f)
{
    uint32_t sb = 1u << (bits - 1);
    for (unsigned l = 0; l < NV50_LANES; l++) {
        uint32_t cy = bits == 32 ? ((x[l] & y[l]) | ((x[l] | y[l]) & ~r[l])) >> 31
                                 : (r[l] >> 16) & 1;
        uint32_t ov = ~(x[l] ^ y[l]) & (x[l] ^ res[l]) & sb;
        uint32_t v = res[l];
        if (sat && ov)
            v = (v & sb) ? sb - 1 : sb;
        res[l] = v;
        f[l] = (uint8_t)(nv50_szf(v, sb) | (cy ? NV50_CF_C : 0) | (ov ? NV50_CF_O : 0));
    }
}

static void nv50_add_core(nv50_state *s, const nv50_insn *in, uint32_t exec, const uint32_t *a,
                          const uint32_t *b, const nv50_opnd *cond, unsigned bits,
                          gpuref_retire *rr)
{
    uint32_t m = bits == 32 ? NV50_ALL : 0xffffu, inv1, inv2, c;
    uint32_t x[NV50_LANES], y[NV50_LANES], r[NV50_LANES], res[NV50_LANES], cin[NV50_LANES];
    uint8_t f[NV50_LANES];
    nv50_addop(in->addop, m, &inv1, &inv2, &c);
    nv50_carry_in(s, cond, in->addop, exec, c, cin);
    for (unsigned l = 0; l < NV50_LANES; l++) {
        x[l] = (a[l] & m) ^ inv1;
        y[l] = (b[l] & m) ^ inv2;
        r[l] = x[l] + y[l] + cin[l];
        res[l] = r[l] & m;
    }
    if (in->sat || in->cdst_en)
        nv50_add_flags(x, y, r, res, bits, in->sat, f);
    nv50_finish(s, in, exec, res, f, rr);
}

int nv50_x_add(nv50_state *s, const nv50_insn *in, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), a[NV50_LANES], b[NV50_LANES];
    nv50_fetch(s, &in->src[0], exec, a);
    nv50_fetch(s, &in->src[1], exec, b);
    nv50_add_core(s, in, exec, a, b, &in->src[2], in->b32 ? 32 : 16, rr);
    return GPUREF_OK;
}

/* ops L146-L197: 16x16 -> 32 and 24x24 -> 48 multiplies */
static void nv50_mul(const nv50_insn *in, int sb, const uint32_t *a, const uint32_t *b,
                     uint32_t *res)
{
    if (!in->mul24) {
        uint32_t ea = in->sgn1 ? 0x8000u : 0, eb = sb ? 0x8000u : 0;
        for (unsigned l = 0; l < NV50_LANES; l++) {   /* (v ^ e) - e sign-extends */
            uint32_t x = ((a[l] & 0xffff) ^ ea) - ea, y = ((b[l] & 0xffff) ^ eb) - eb;
            res[l] = x * y;                            /* modulo 2^32 */
        }
        return;
    }
    uint64_t e = in->sgn1 ? 0x800000u : 0;
    for (unsigned l = 0; l < NV50_LANES; l++) {
        uint64_t x = ((a[l] & 0xffffffu) ^ e) - e, y = ((b[l] & 0xffffffu) ^ e) - e;
        uint64_t p = (x * y) & 0xffffffffffffull;      /* modulo 2^48 */
        res[l] = (uint32_t)(in->high ? p >> 16 : p);
    }
}

int nv50_x_mul(nv50_state *s, const nv50_insn *in, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), a[NV50_LANES], b[NV50_LANES], res[NV50_LANES];
    uint8_t f[NV50_LANES];
    nv50_fetch(s, &in->src[0], exec, a);
    nv50_fetch(s, &in->src[1], exec, b);
    nv50_mul(in, in->mul24 ? in->sgn1 : in->sgn2, a, b, res);
    if (in->cdst_en)
        for (unsigned l = 0; l < NV50_LANES; l++)
            f[l] = nv50_szf(res[l], 0x80000000u);      /* O = C = 0 */
    nv50_finish(s, in, exec, res, f, rr);
    return GPUREF_OK;
}

int nv50_x_madd(nv50_state *s, const nv50_insn *in, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), a[NV50_LANES], b[NV50_LANES], d[NV50_LANES];
    uint32_t mres[NV50_LANES];
    nv50_fetch(s, &in->src[0], exec, a);
    nv50_fetch(s, &in->src[1], exec, b);
    nv50_fetch(s, &in->src[2], exec, d);
    nv50_mul(in, in->sgn1, a, b, mres);
    /* COND is the 4th source ($c0 in the short forms) */
    nv50_add_core(s, in, exec, mres, d, &in->src[3], 32, rr);
    return GPUREF_OK;
}

/* ops L268-L295 (operand widths: D13) */
int nv50_x_sad(nv50_state *s, const nv50_insn *in, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), a[NV50_LANES], b[NV50_LANES], d[NV50_LANES];
    uint32_t res[NV50_LANES];
    uint8_t f[NV50_LANES];
    unsigned bits = in->b32 ? 32 : 16;
    uint32_t m = in->b32 ? NV50_ALL : 0xffffu, sb = 1u << (bits - 1);
    nv50_fetch(s, &in->src[0], exec, a);
    nv50_fetch(s, &in->src[1], exec, b);
    nv50_fetch(s, &in->src[2], exec, d);
    for (unsigned l = 0; l < NV50_LANES; l++) {
        int64_t x = in->sgn1 ? (int64_t)(int32_t)nv50_sext(a[l] & m, bits) : (int64_t)(a[l] & m);
        int64_t y = in->sgn1 ? (int64_t)(int32_t)nv50_sext(b[l] & m, bits) : (int64_t)(b[l] & m);
        uint32_t mres = (uint32_t)(x > y ? x - y : y - x);
        uint32_t s3 = d[l] & m;
        uint64_t r = (uint64_t)mres + s3;
        uint32_t rv = (uint32_t)r & m;
        uint32_t ov = ~(mres ^ s3) & (mres ^ rv) & sb;
        res[l] = rv;
        f[l] = (uint8_t)(nv50_szf(rv, sb) | ((r >> bits) & 1 ? NV50_CF_C : 0) |
                         (ov ? NV50_CF_O : 0));
    }
    nv50_finish(s, in, exec, res, f, rr);
    return GPUREF_OK;
}

/* ----------------------------------------------- 3.6, 3.7: min/max, set */

/* a < b for size-bit values; flipping the sign bit turns signed into unsigned order */
static inline int nv50_less(uint32_t a, uint32_t b, int sgn, unsigned bits)
{
    uint32_t bias = sgn ? 1u << (bits - 1) : 0;
    return (a ^ bias) < (b ^ bias);
}

int nv50_x_minmax(nv50_state *s, const nv50_insn *in, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), a[NV50_LANES], b[NV50_LANES], res[NV50_LANES];
    uint8_t f[NV50_LANES];
    unsigned bits = in->b32 ? 32 : 16;
    uint32_t m = in->b32 ? NV50_ALL : 0xffffu, sb = 1u << (bits - 1);
    nv50_fetch(s, &in->src[0], exec, a);
    nv50_fetch(s, &in->src[1], exec, b);
    for (unsigned l = 0; l < NV50_LANES; l++) {
        uint32_t x = a[l] & m, y = b[l] & m;
        int lt = nv50_less(x, y, in->sgn1, bits);
        res[l] = (lt == in->minop) ? x : y;     /* ops L300-L304 */
        f[l] = nv50_szf(res[l], sb);
    }
    nv50_finish(s, in, exec, res, f, rr);
    return GPUREF_OK;
}

int nv50_x_set(nv50_state *s, const nv50_insn *in, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), a[NV50_LANES], b[NV50_LANES], res[NV50_LANES];
    uint8_t f[NV50_LANES];
    unsigned bits = in->b32 ? 32 : 16;
    uint32_t m = in->b32 ? NV50_ALL : 0xffffu, sb = 1u << (bits - 1);
    nv50_fetch(s, &in->src[0], exec, a);
    nv50_fetch(s, &in->src[1], exec, b);
    for (unsigned l = 0; l < NV50_LANES; l++) {
        uint32_t x = a[l] & m, y = b[l] & m;
        unsigned rel = nv50_less(x, y, in->sgn1, bits) ? 1 : x == y ? 2 : 4;   /* l e g */
        res[l] = (in->setcond & rel) ? m : 0;
        f[l] = nv50_szf(res[l], sb);
    }
    nv50_finish(s, in, exec, res, f, rr);
    return GPUREF_OK;
}

/* -------------------------------------------------- 4.1, 4.2: bit ops */

int nv50_x_logic(nv50_state *s, const nv50_insn *in, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), a[NV50_LANES], b[NV50_LANES], res[NV50_LANES];
    uint8_t f[NV50_LANES];
    uint32_t m = in->b32 ? NV50_ALL : 0xffffu, sb = in->b32 ? 0x80000000u : 0x8000u;
    uint32_t n1 = in->not1 ? m : 0, n2 = in->not2 ? m : 0;
    unsigned l;
    nv50_fetch(s, &in->src[0], exec, a);
    nv50_fetch(s, &in->src[1], exec, b);
    switch (in->logop) {   /* ops L357-L364 */
    case 0:  for (l = 0; l < NV50_LANES; l++) res[l] = ((a[l] ^ n1) & (b[l] ^ n2)) & m; break;
    case 1:  for (l = 0; l < NV50_LANES; l++) res[l] = ((a[l] ^ n1) | (b[l] ^ n2)) & m; break;
    case 2:  for (l = 0; l < NV50_LANES; l++) res[l] = ((a[l] ^ n1) ^ (b[l] ^ n2)) & m; break;
    default: for (l = 0; l < NV50_LANES; l++) res[l] = (b[l] ^ n2) & m; break;
    }
    if (in->cdst_en)
        for (l = 0; l < NV50_LANES; l++)
            f[l] = nv50_szf(res[l], sb);
    nv50_finish(s, in, exec, res, f, rr);
    return GPUREF_OK;
}

/* ops L393-L423, including the strict '<' on the carry of shl. */
static inline uint32_t nv50_shift1(uint32_t x, uint32_t n, unsigned bits, int shr, int sgn,
                                   uint8_t *f)
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
    *f = (uint8_t)(nv50_szf(res, sb) | (cy ? NV50_CF_C : 0) | (ov ? NV50_CF_O : 0));
    return res;
}

/* The same for one count in every lane and no flags (SHCNT forms). */
static void nv50_shift_uniform(const uint32_t *a, uint32_t n, unsigned bits, int shr, int sgn,
                               uint32_t *res)
{
    uint32_t m = bits == 32 ? NV50_ALL : 0xffffu, sb = 1u << (bits - 1), l;
    if (n >= bits) {
        for (l = 0; l < NV50_LANES; l++)
            res[l] = (shr && sgn && (a[l] & sb)) ? m : 0;
    } else if (!shr) {
        for (l = 0; l < NV50_LANES; l++)
            res[l] = (a[l] << n) & m;
    } else {
        uint32_t fill = (sgn && n) ? (m << (bits - n)) & m : 0;
        for (l = 0; l < NV50_LANES; l++)
            res[l] = ((a[l] & m) >> n) | ((a[l] & sb) ? fill : 0);
    }
}

int nv50_x_shift(nv50_state *s, const nv50_insn *in, gpuref_retire *rr)
{
    uint32_t exec = nv50_exec_of(rr), a[NV50_LANES], b[NV50_LANES], res[NV50_LANES];
    uint8_t f[NV50_LANES];
    unsigned bits = in->b32 ? 32 : 16;
    uint32_t m = in->b32 ? NV50_ALL : 0xffffu;
    nv50_fetch(s, &in->src[0], exec, a);
    if (in->src[1].kind == NV50_O_IMM && !in->cdst_en) {
        nv50_shift_uniform(a, in->src[1].imm, bits, in->shr, in->sgn1, res);
    } else {
        nv50_fetch(s, &in->src[1], exec, b);
        for (unsigned l = 0; l < NV50_LANES; l++)
            res[l] = nv50_shift1(a[l] & m, in->src[1].kind == NV50_O_IMM ? b[l] : b[l] & m,
                                 bits, in->shr, in->sgn1, &f[l]);
    }
    nv50_finish(s, in, exec, res, f, rr);
    return GPUREF_OK;
}

/* ------------------------------------------------------------- the rest */

int nv50_x_nop(nv50_state *s, const nv50_insn *in, gpuref_retire *rr)
{
    (void)s, (void)in, (void)rr;
    return GPUREF_OK;
}

int nv50_x_unimpl(nv50_state *s, const nv50_insn *in, gpuref_retire *rr)
{
    (void)s, (void)in, (void)rr;
    return GPUREF_ERR_UNIMPL;
}
