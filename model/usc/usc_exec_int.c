/* usc_exec_int.c - the integer ops, the tests and the bitwise units
 * (README "Decisions" for what the source leaves open). */
#include "usc.h"

static int64_t imod(int64_t v, unsigned mods, unsigned si)
{
    static const uint8_t abs_b[3] = { USC_MOD_ABS0, USC_MOD_ABS1, USC_MOD_ABS2 };
    static const uint8_t neg_b[3] = { USC_MOD_NEG0, USC_MOD_NEG1, USC_MOD_NEG2 };
    if ((mods & abs_b[si]) && v < 0) v = -v;
    if (mods & neg_b[si]) v = -v;
    return v;
}

/* 8/16-bit ops: element 0 of each source (the low byte / half), computed
 * exactly; .SAT clamps to the type's range, otherwise the exact result is
 * written as a 32-bit two's complement integer */
int usc_x_int(usc_ctx *c, const usc_ins *in, char *err)
{
    (void)err;
    unsigned op = in->op, bits, sgn, kind;      /* kind 0 add, 1 mul, 2 mad */
    if (op <= USC_OP_IMAD8) { bits = 8; sgn = op >= USC_OP_IADD8; kind = (op - USC_OP_UADD8) % 3; }
    else { bits = 16; sgn = op >= USC_OP_IADD16; kind = (op - USC_OP_UADD16) % 3; }
    int64_t lo = sgn ? -(1ll << (bits - 1)) : 0, hi = sgn ? (1ll << (bits - 1)) - 1 : (1ll << bits) - 1;
    USC_FOR(c, l) {
        int64_t x[3];
        for (unsigned j = 0; j < 3 && j + 1 < in->nk; j++) {
            uint32_t v = usc_opv(c, in, j + 1, l) & (uint32_t)((1ull << bits) - 1);
            int64_t e = sgn && (v >> (bits - 1) & 1) ? (int64_t)v - (1ll << bits) : (int64_t)v;
            x[j] = imod(e, in->mods, j);
        }
        int64_t r = kind == 0 ? x[0] + x[1] : kind == 1 ? x[0] * x[1] : x[0] * x[1] + x[2];
        if (in->sat) r = r < lo ? lo : r > hi ? hi : r;
        c->v[USC_K_FT0][l] = (uint32_t)r;
    }
    return GPUREF_OK;
}

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
static unsigned hibit(uint32_t x) { unsigned c = 0; while (c < 32 && (x >> c)) c++; return c; }  /* 0..32 */

int usc_x_logic(usc_ctx *c, const usc_ins *in, char *err)
{
    (void)err;
    USC_FOR(c, l) {
        uint32_t ft1 = c->v[USC_K_FT1][l];
        uint32_t a = c->v[USC_K_FT2][l], b = c->v[USC_K_S3][l], r;
        if (in->k[1] != USC_K_NONE) a &= ft1;
        if (in->k[3] != USC_K_NONE) b &= ~ft1;
        switch (in->op) {
        case USC_OP_AND:  r = a & b; break;
        case USC_OP_OR:   r = a | b; break;
        case USC_OP_XOR:  r = a ^ b; break;
        case USC_OP_NAND: r = ~(a & b); break;
        case USC_OP_NOR:  r = ~(a | b); break;
        default:          r = ~(a ^ b); break;
        }
        c->v[USC_K_FT4][l] = r;
    }
    return GPUREF_OK;
}

int usc_x_bits(usc_ctx *c, const usc_ins *in, char *err)
{
    (void)err;
    unsigned op = in->op, d0 = in->k[0];
    USC_FOR(c, l) {
        unsigned d = d0;
        /* MSK and the bitmask BYP write FT0 and FT1: their sources follow */
        unsigned j0 = in->nk > 1 && in->k[1] == USC_K_FT1 ? 2 : 1;
        uint32_t x = in->nk > j0 ? usc_opv(c, in, j0, l) : 0;
        uint32_t y = in->nk > j0 + 1 ? usc_opv(c, in, j0 + 1, l) : 0, r = 0;
        switch (op) {
        case USC_OP_SHFL:     /* S1 bits to the odd positions, S2 bits to the even (L886) */
            for (unsigned i = 0; i < 16; i++)
                r |= (x >> i & 1u) << (2 * i) | (y >> i & 1u) << (2 * i + 1);
            break;
        case USC_OP_REV:
            for (unsigned i = 0; i < 32; i++) r |= (x >> i & 1u) << (31 - i);
            break;
        case USC_OP_LSL: r = x << (y & 31); break;
        case USC_OP_SHR: r = x >> (y & 31); break;
        case USC_OP_ROL: { unsigned n = y & 31; r = n ? x << n | x >> (32 - n) : x; break; }
        case USC_OP_CPS:      /* (S4 & ~FT4) | (P0 ? FT4 : 0) (L906, the operator read as |) */
            x = c->v[USC_K_FT4][l];
            y = c->v[USC_K_S4][l];
            r = (y & ~x) | (c->s->p0[l] & 1 ? x : 0);
            break;
        case USC_OP_ASR: {    /* sign bit position by mode, then (L917-L919) */
            unsigned sb = in->m == 0 ? 31 : in->m == 1 ? 15 : in->m == 2 ? (c->v[USC_K_FT0][l] & 0x1f)
                                                                            : (c->v[USC_K_FT3][l] & 0x1f);
            int32_t t = (int32_t)(x << (31 - sb));
            unsigned sh = 31 + (y & 31) - sb;
            r = (uint32_t)(sh > 31 ? (t < 0 ? -1 : 0) : t >> sh);
            break;
        }
        case USC_OP_TZ: case USC_OP_TNZ: {
            int t = (x == 0) == (op == USC_OP_TZ);
            c->v[USC_K_P0][l] = (uint32_t)t;
            continue;
        }
        case USC_OP_BYPL: r = x; break;          /* FT4 = S1 (the syntax, L943: decision D7) */
        case USC_OP_BYP:
            if (d == USC_K_FT0) { c->v[USC_K_FT0][l] = x; r = in->k[3] == USC_K_IMM ? in->imm : y; d = USC_K_FT1; }
            else r = x;
            break;
        case USC_OP_MSK: {    /* width S0, position S1, 6 bits each (L946-L951) */
            unsigned w = x & 63, p = y & 63;
            c->v[USC_K_FT0][l] = (w + p - 1) & 63;
            r = (uint32_t)((((uint64_t)1 << w) - 1) << p);
            d = USC_K_FT1;
            break;
        }
        case USC_OP_CBS: for (; x; x &= x - 1) r++; break;
        case USC_OP_FTB: r = hibit(x) - 1; break;
        case USC_OP_FTBSHI: r = hibit(x ^ (uint32_t)((int32_t)x >> 31)) - 1; break;
        default:              /* FTB_MSB: leading zeros, -1 for 0 (L972-L975) */
            r = x ? 32 - hibit(x) : 0xffffffffu;
            break;
        }
        c->v[d][l] = r;
    }
    if (op == USC_OP_TZ || op == USC_OP_TNZ) { c->p0set = 1; c->p0slot = USC_SL_BTST; }
    return GPUREF_OK;
}
