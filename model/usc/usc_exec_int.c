/* usc_exec_int.c - the integer ops, the tests and the bitwise units
 * (README "Decisions" for what the source leaves open). */
#include "bits.h"
#include "usc.h"

/* The instance loops of the integer and bitwise units are compiled for
 * AVX2 and the baseline (GPUREF_LANE_CLONES, isa.h, as R700's fast path);
 * the clones are internal functions behind the exported ones (the exec
 * table holds their addresses: clang emits no plain symbol for a cloned
 * one). */

/* element 0 of v (mask um, sign bit us: 0 unsigned) sign-extended, its
 * absolute value when am is all ones, then negated when nm is all ones, in
 * 32-bit wrapping arithmetic */
static inline uint32_t el32(uint32_t v, uint32_t um, uint32_t us, uint32_t am, uint32_t nm)
{
    uint32_t x = ((v & um) ^ us) - us, n = (uint32_t)((int32_t)x >> 31) & am;
    x = (x ^ n) - n;
    return (x ^ nm) - nm;
}

/* The instance loops take their rows as restrict parameters: gcc does not
 * vectorize a loop over rows of one array (c->v) addressed by block-scope
 * restrict pointers, and does with parameters (inlined, the same). */

/* kind 0 add, 1 mul, 2 mad of the elements (el32), 32-bit wrapping */
static inline __attribute__((always_inline)) void int_lanes(unsigned kind, uint32_t *restrict d, const uint32_t *restrict s0,
                             const uint32_t *restrict s1, const uint32_t *restrict s2, uint32_t um, uint32_t us,
                             const uint32_t am[3], const uint32_t nm[3])
{
    const uint32_t a0 = am[0], a1 = am[1], a2 = am[2], n0 = nm[0], n1 = nm[1], n2 = nm[2];
    if (kind == 0)
        for (unsigned l = 0; l < USC_MAXI; l++) d[l] = el32(s0[l], um, us, a0, n0) + el32(s1[l], um, us, a1, n1);
    else if (kind == 1)
        for (unsigned l = 0; l < USC_MAXI; l++) d[l] = el32(s0[l], um, us, a0, n0) * el32(s1[l], um, us, a1, n1);
    else
        for (unsigned l = 0; l < USC_MAXI; l++)
            d[l] = el32(s0[l], um, us, a0, n0) * el32(s1[l], um, us, a1, n1) + el32(s2[l], um, us, a2, n2);
}

/* 8/16-bit ops: element 0 of each source (the low byte / half), computed
 * exactly; .SAT clamps to the type's range, otherwise the exact result is
 * written as a 32-bit two's complement integer */
GPUREF_LANE_CLONES
static int lanes_int(usc_ctx *c, const usc_ins *in, char *err)
{
    (void)err;
    unsigned op = in->op, bits, sgn, kind;      /* kind 0 add, 1 mul, 2 mad */
    if (op <= USC_OP_IMAD8) { bits = 8; sgn = op >= USC_OP_IADD8; kind = (op - USC_OP_UADD8) % 3; }
    else { bits = 16; sgn = op >= USC_OP_IADD16; kind = (op - USC_OP_UADD16) % 3; }
    const int64_t lo = sgn ? -(1ll << (bits - 1)) : 0, hi = sgn ? (1ll << (bits - 1)) - 1 : (1ll << bits) - 1;
    /* element 0 as a signed value: (v & mask) ^ sb - sb sign-extends when sb
     * is the sign bit (0 for the unsigned ops) */
    const int64_t mask = (1ll << bits) - 1, sb = sgn ? 1ll << (bits - 1) : 0;
    const uint32_t *src[3] = { usc_opa(c, in, 1), usc_opa(c, in, 2), usc_opa(c, in, 3) };
    /* per source position: all ones where it has .ABS / .NEG */
    const unsigned mods = in->mods;
    uint32_t am[3], nm[3];
    for (unsigned j = 0; j < 3; j++) {
        am[j] = mods & usc_mod_abs[j] ? 0xffffffffu : 0;
        nm[j] = mods & usc_mod_neg[j] ? 0xffffffffu : 0;
    }
    uint32_t *restrict d = c->v[USC_K_FT0];    /* never a source row (the forms) */
    if (!in->sat) {
        /* without .SAT the result is the exact one's low 32 bits: 32-bit
         * wrapping arithmetic gives them (the operands fit 17 bits) */
        const uint32_t um = (uint32_t)mask, us = (uint32_t)sb;
        if (!mods)     /* no modifier (constant masks): the sign extension only */
            am[0] = am[1] = am[2] = nm[0] = nm[1] = nm[2] = 0;
        int_lanes(kind, d, src[0], src[1], src[2], um, us, am, nm);
        return GPUREF_OK;
    }
    USC_FOR(c, l) {
        int64_t x[3];
        for (unsigned j = 0; j < 3; j++) {
            int64_t e = (((int64_t)src[j][l] & mask) ^ sb) - sb;
            if (am[j] && e < 0) e = -e;
            if (nm[j]) e = -e;
            x[j] = e;
        }
        int64_t r = kind == 0 ? x[0] + x[1] : kind == 1 ? x[0] * x[1] : x[0] * x[1] + x[2];
        r = r < lo ? lo : r > hi ? hi : r;
        d[l] = (uint32_t)r;
    }
    return GPUREF_OK;
}

int usc_x_int(usc_ctx *c, const usc_ins *in, char *err) { return lanes_int(c, in, err); }

/* 64-bit and 32-bit multiply-add with carry: FT0 = the low 32 bits, COUT
 * the carry out of the 64-bit (ADD64, *6432, *MADD64) or 32-bit (*MADD32)
 * result; P0 (when given) is the carry in (L707-L753) */
int usc_x_int64(usc_ctx *c, const usc_ins *in, char *err)
{
    (void)err;
    unsigned op = in->op;
    USC_FOR(c, l) {
        uint64_t s0 = usc_opv(c, in, 1, l), s1 = usc_opv(c, in, 2, l), s2 = usc_opv(c, in, 3, l);
        unsigned last = in->nk - 1;
        uint64_t cin = in->k[last] == USC_K_P0 ? (c->s->p0[l] & 1) : 0;
        uint64_t r = 0, cout = 0;
        switch (op) {
        case USC_OP_ADD64: {
            uint64_t a = s1 << 32 | s0, b = (uint64_t)usc_opv(c, in, 4, l) << 32 | s2;
            r = a + b;
            cout = r < a;
            uint64_t r2 = r + cin;
            cout |= r2 < r;
            r = r2;
            break;
        }
        case USC_OP_UADD6432: case USC_OP_SADD6432: {
            uint64_t a = s1 << 32 | s0;
            uint64_t b = op == USC_OP_SADD6432 ? (uint64_t)(int64_t)(int32_t)s2 : s2;
            r = a + b;
            /* the carry out of bit 63 of the unsigned sum (a sign-extended
             * S2 is added as its 64-bit pattern) */
            cout = r < a;
            uint64_t r2 = r + cin;
            cout |= r2 < r;
            r = r2;
            break;
        }
        case USC_OP_UMADD32: {
            uint64_t p = s0 * s1 + s2 + cin;        /* < 2^64 */
            r = p;
            cout = p >> 32 != 0;
            break;
        }
        case USC_OP_SMADD32: {
            int64_t p = (int64_t)(int32_t)s0 * (int32_t)s1 + (int32_t)s2 + (int64_t)cin;
            r = (uint64_t)p;
            cout = p < INT32_MIN || p > INT32_MAX;  /* signed overflow of 32 bits */
            break;
        }
        default: {     /* UMADD64 / SMADD64 */
            uint64_t add = (uint64_t)usc_opv(c, in, 4, l) << 32 | s2;
            uint64_t p = op == USC_OP_SMADD64 ? (uint64_t)((int64_t)(int32_t)s0 * (int32_t)s1) : s0 * s1;
            r = p + add;
            cout = r < p;
            uint64_t r2 = r + cin;
            cout |= r2 < r;
            r = r2;
            break;
        }
        }
        c->v[USC_K_FT0][l] = (uint32_t)r;
        c->cout_new[l] = (uint8_t)cout;
    }
    c->coutset = 1;
    return GPUREF_OK;
}

/* ---------------------------------------------------------------- tests */
/* -1, 0, 1 for a < b, ==, >; 2 unordered (a float NaN) */
static int cmp_typed(usc_ctx *c, unsigned type, uint32_t a, uint32_t b)
{
    switch (type) {
    case USC_T_F32: {
        fp_rel rel;
        unsigned exc = 0;
        fp_compare(FP_F32, a, b, &c->s->fp, 0, &rel, &exc);
        return rel == FP_REL_LT ? -1 : rel == FP_REL_EQ ? 0 : rel == FP_REL_GT ? 1 : 2;
    }
    case USC_T_U16: a &= 0xffff; b &= 0xffff; break;
    case USC_T_U8:  a &= 0xff; b &= 0xff; break;
    case USC_T_S16: { int32_t x = (int16_t)a, y = (int16_t)b; return x < y ? -1 : x > y; }
    case USC_T_S8:  { int32_t x = (int8_t)a, y = (int8_t)b; return x < y ? -1 : x > y; }
    case USC_T_S32: { int32_t x = (int32_t)a, y = (int32_t)b; return x < y ? -1 : x > y; }
    default: break;
    }
    return a < b ? -1 : a > b;
}

int usc_x_tst(usc_ctx *c, const usc_ins *in, char *err)
{
    (void)err;
    unsigned op = in->op;
    int wp0 = in->k[1] == USC_K_P0;
    USC_FOR(c, l) {
        int t;
        if (op == USC_OP_TSTC) t = c->coutset ? c->cout_new[l] : c->s->cout[l];   /* this group's P0 carry, else the last one */
        else {
            uint32_t a = c->v[USC_K_IS1][l];
            uint32_t b = (op == USC_OP_TSTZ || op == USC_OP_TSTGZ || op == USC_OP_TSTGEZ) ? 0 : c->v[USC_K_IS2][l];
            int r = cmp_typed(c, in->m, a, b);
            switch (op) {
            case USC_OP_TSTZ: case USC_OP_TSTE: t = r == 0; break;
            case USC_OP_TSTGZ: case USC_OP_TSTG: t = r == 1; break;
            case USC_OP_TSTGEZ: case USC_OP_TSTGE: case USC_OP_TSTMAX: t = r == 1 || r == 0; break;
            case USC_OP_TSTNE: t = r != 0; break;
            case USC_OP_TSTL: case USC_OP_TSTMIN: t = r == -1; break;
            default: t = r == -1 || r == 0; break;      /* TSTLE */
            }
        }
        c->v[USC_K_FTT][l] = (uint32_t)t;
        if (wp0) c->v[USC_K_P0][l] = (uint32_t)t;
    }
    if (wp0) { c->p0set = 1; c->p0slot = USC_SL_TST; }
    return GPUREF_OK;
}

/* --------------------------------------------------------------- bitwise */
/* the number of significant bits of x, 0..32 */
static inline unsigned hibit(uint32_t x) { return x ? 32u - (unsigned)__builtin_clz(x) : 0u; }

/* the 16 low bits of x to the even positions 0, 2, .. 30 */
static inline uint32_t spread16(uint32_t x)
{
    x &= 0xffffu;
    x = (x | x << 8) & 0x00ff00ffu;
    x = (x | x << 4) & 0x0f0f0f0fu;
    x = (x | x << 2) & 0x33333333u;
    x = (x | x << 1) & 0x55555555u;
    return x;
}

/* AND (f 0), OR (1), XOR (2) of the FT1-masked sources, inverted by inv */
static inline void logic_lanes(unsigned f, uint32_t *restrict d, const uint32_t *restrict ft1,
                               const uint32_t *restrict s2, const uint32_t *restrict s3, uint32_t ma, uint32_t mb,
                               uint32_t inv)
{
#define LOGIC(expr) for (unsigned l = 0; l < USC_MAXI; l++) { uint32_t a = s2[l] & (ft1[l] | ma), \
                                                              b = s3[l] & (~ft1[l] | mb); d[l] = (expr) ^ inv; }
    if (f == 0) LOGIC(a & b)
    else if (f == 1) LOGIC(a | b)
    else LOGIC(a ^ b)
#undef LOGIC
}

GPUREF_LANE_CLONES
static int lanes_logic(usc_ctx *c, const usc_ins *in, char *err)
{
    (void)err;
    /* the optional FT1 masks: all ones when absent */
    const uint32_t ma = in->k[1] != USC_K_NONE ? 0 : 0xffffffffu, mb = in->k[3] != USC_K_NONE ? 0 : 0xffffffffu;
    /* the result inverted for NAND/NOR/XNOR */
    const unsigned op = in->op;
    const uint32_t inv = op == USC_OP_NAND || op == USC_OP_NOR || op == USC_OP_XNOR ? 0xffffffffu : 0;
    const unsigned f = op == USC_OP_AND || op == USC_OP_NAND ? 0 : op == USC_OP_OR || op == USC_OP_NOR ? 1 : 2;
    /* the destination row is never a source row (the forms) */
    logic_lanes(f, c->v[USC_K_FT4], c->v[USC_K_FT1], c->v[USC_K_FT2], c->v[USC_K_S3], ma, mb, inv);
    return GPUREF_OK;
}

int usc_x_logic(usc_ctx *c, const usc_ins *in, char *err) { return lanes_logic(c, in, err); }

/* one lane function per bitwise operation of two sources (x, y) */
#define BITS_LANES(name, expr)                                                                   \
    static inline void name(uint32_t *restrict r, const uint32_t *restrict xs,                   \
                            const uint32_t *restrict ys)                                         \
    {                                                                                            \
        for (unsigned l = 0; l < USC_MAXI; l++) { uint32_t x = xs[l], y = ys[l]; (void)y; r[l] = (expr); } \
    }
BITS_LANES(bl_shfl, spread16(x) | spread16(y) << 1)
BITS_LANES(bl_rev, bits_rev32(x))
BITS_LANES(bl_lsl, x << (y & 31))
BITS_LANES(bl_shr, x >> (y & 31))
BITS_LANES(bl_rol, (y & 31) ? x << (y & 31) | x >> (32 - (y & 31)) : x)
BITS_LANES(bl_copy, x)
BITS_LANES(bl_cbs, bits_pop32(x))
BITS_LANES(bl_ftb, hibit(x) - 1)
BITS_LANES(bl_ftbshi, hibit(x ^ (uint32_t)((int32_t)x >> 31)) - 1)
BITS_LANES(bl_ftbmsb, x ? 32 - hibit(x) : 0xffffffffu)
#undef BITS_LANES

/* TZ / TNZ: 1 where the source is zero, flipped for TNZ */
static inline void tz_lanes(uint32_t *restrict p, const uint32_t *restrict xs, uint32_t flip)
{
    for (unsigned l = 0; l < USC_MAXI; l++) p[l] = (uint32_t)(xs[l] == 0) ^ flip;
}

GPUREF_LANE_CLONES
static int lanes_bits(usc_ctx *c, const usc_ins *in, char *err)
{
    (void)err;
    const unsigned op = in->op;
    unsigned d = in->k[0];
    /* MSK and the bitmask BYP write FT0 and FT1: their sources follow */
    const unsigned j0 = in->nk > 1 && in->k[1] == USC_K_FT1 ? 2 : 1;
    /* restrict: no form writes a row it reads */
    const uint32_t *restrict xs = usc_opa(c, in, j0), *restrict ys = usc_opa(c, in, j0 + 1);
    uint32_t *restrict r = c->v[d];
    switch (op) {
    case USC_OP_SHFL:     /* S1 bits to the odd positions, S2 bits to the even (L886) */
        bl_shfl(r, xs, ys);
        break;
    case USC_OP_REV: bl_rev(r, xs, ys); break;
    case USC_OP_LSL: bl_lsl(r, xs, ys); break;
    case USC_OP_SHR: bl_shr(r, xs, ys); break;
    case USC_OP_ROL: bl_rol(r, xs, ys); break;
    case USC_OP_CPS: {    /* (S4 & ~FT4) | (P0 ? FT4 : 0) (L906, the operator read as |) */
        const uint32_t *ft4 = c->v[USC_K_FT4], *s4 = c->v[USC_K_S4];
        const uint8_t *p0 = c->s->p0;
        USC_ALL(c, l) r[l] = (s4[l] & ~ft4[l]) | (p0[l] & 1 ? ft4[l] : 0);
        break;
    }
    case USC_OP_ASR: {    /* sign bit position by mode, then (L917-L919) */
        const unsigned m = in->m;
        const uint32_t *ft0 = c->v[USC_K_FT0], *ft3 = c->v[USC_K_FT3];
        USC_ALL(c, l) {
            uint32_t x = xs[l], y = ys[l];
            unsigned sb = m == 0 ? 31 : m == 1 ? 15 : m == 2 ? (ft0[l] & 0x1f) : (ft3[l] & 0x1f);
            int32_t t = (int32_t)(x << (31 - sb));
            unsigned sh = 31 + (y & 31) - sb;
            r[l] = (uint32_t)(sh > 31 ? (t < 0 ? -1 : 0) : t >> sh);
        }
        break;
    }
    case USC_OP_TZ: case USC_OP_TNZ: {
        uint32_t *restrict p = c->v[USC_K_P0];
        const uint32_t flip = op == USC_OP_TZ ? 0u : 1u;
        tz_lanes(p, xs, flip);
        c->p0set = 1;
        c->p0slot = USC_SL_BTST;
        break;
    }
    case USC_OP_BYPL: bl_copy(r, xs, ys); break;            /* FT4 = S1 (the syntax, L943: decision D7) */
    case USC_OP_BYP:
        if (d == USC_K_FT0) {
            uint32_t *f0 = c->v[USC_K_FT0];
            r = c->v[USC_K_FT1];
            if (in->k[3] == USC_K_IMM) {
                const uint32_t imm = in->imm;
                USC_ALL(c, l) { f0[l] = xs[l]; r[l] = imm; }
            } else {
                USC_ALL(c, l) { uint32_t y = ys[l]; f0[l] = xs[l]; r[l] = y; }
            }
        } else {
            bl_copy(r, xs, ys);
        }
        break;
    case USC_OP_MSK: {    /* width S0, position S1, 6 bits each (L946-L951) */
        uint32_t *f0 = c->v[USC_K_FT0];
        r = c->v[USC_K_FT1];
        USC_ALL(c, l) {
            unsigned w = xs[l] & 63, p = ys[l] & 63;
            f0[l] = (w + p - 1) & 63;
            r[l] = (uint32_t)((((uint64_t)1 << w) - 1) << p);
        }
        break;
    }
    case USC_OP_CBS: bl_cbs(r, xs, ys); break;
    case USC_OP_FTB: bl_ftb(r, xs, ys); break;
    case USC_OP_FTBSHI: bl_ftbshi(r, xs, ys); break;
    default:              /* FTB_MSB: leading zeros, -1 for 0 (L972-L975) */
        bl_ftbmsb(r, xs, ys);
        break;
    }
    return GPUREF_OK;
}

int usc_x_bits(usc_ctx *c, const usc_ins *in, char *err) { return lanes_bits(c, in, err); }
