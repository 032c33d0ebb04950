/* rdna4_exec_valu_int.c - the vector ALU's integer and bit rows beyond the first
 * classes of rdna4_exec_valu.c: 24-bit and high multiplies, multiply-adds, signed
 * add/subtract, three-input min/max/median, bit fields, bit counts, byte permute,
 * MBCNT, the SAD family, 16-bit integer rows (halves by OPSEL, README E5/V5),
 * 64-bit shifts and multiply-adds, and the 16/64-bit integer compares.
 *
 * Each row follows its chapter 16 pseudocode (line numbers at the row).  CLAMP on
 * an integer row saturates the exact result of the operation to the destination's
 * range, signed or unsigned by the row (§7.2.3.1 L2862-2870, README V5); rows whose
 * pseudocode says "no saturation" refuse it ("unimplemented: ... with clamp"). */
#include <string.h>

#include "rdna4.h"
#include "rdna4_exec.h"

__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

/* Saturation of an exact result to a width (bits 16, 32, 64). */
static inline uint64_t sat_u(u128 x, unsigned bits)
{
    u128 max = bits == 64 ? (u128)~0ull : ((u128)1 << bits) - 1u;
    return (uint64_t)(x > max ? max : x);
}

static inline uint64_t sat_s(i128 x, unsigned bits)
{
    i128 max = ((i128)1 << (bits - 1)) - 1, min = -max - 1;
    return (uint64_t)(x > max ? max : x < min ? min : x);
}

static inline int32_t sx24(uint32_t x) { return (int32_t)(x << 8) >> 8; }
static inline int32_t sx16(uint32_t x) { return (int16_t)(uint16_t)x; }

/* ------------------------------------------------ 32-bit rows
 * W: the exact result (i128); SIGNED: 1 signed, 0 unsigned, -1 CLAMP refused. */
#define INT32_OP(NAME, SIGNED, W)                                                       \
    /* the lanes: d never overlaps a source (restrict); without CLAMP the low 32 bits \
     * of W, which gcc computes in 32 bits where it can (vectorized) */                  \
    static inline void NAME##_lanes(uint32_t *restrict d, const uint32_t *restrict a,    \
                                    const uint32_t *restrict b, const uint32_t *restrict c, \
                                    unsigned n, unsigned clamp)                          \
    {                                                                                    \
        if (!clamp) {                                                                    \
            RDNA4_FOR_LANES(n, l) {                                                      \
                uint32_t S0 = a[l], S1 = b[l], S2 = c[l];                                \
                (void)S1;                                                                \
                (void)S2;                                                                \
                d[l] = (uint32_t)(W);                                                    \
            }                                                                            \
            return;                                                                      \
        }                                                                                \
        for (unsigned l = 0; l < n; l++) {                                               \
            uint32_t S0 = a[l], S1 = b[l], S2 = c[l];                                    \
            (void)S1;                                                                    \
            (void)S2;                                                                    \
            i128 w = (W);                                                                \
            d[l] = (SIGNED) > 0 ? (uint32_t)sat_s(w, 32) : (uint32_t)sat_u((u128)(w < 0 ? 0 : w), 32); \
        }                                                                                \
    }                                                                                    \
    RDNA4_EXEC(NAME)                                                                     \
    {                                                                                    \
        const rdna4_vpre *v = rdna4_vp(s, p);                                            \
        int st = rdna4_valu_plain(s, p, v);                                              \
        if (st)                                                                          \
            return st;                                                                   \
        if (v->clamp && (SIGNED) == -1)                                                  \
            return rdna4_valu_not_yet(s, p, "with clamp");                               \
        uint32_t ab[RDNA4_NL], bb[RDNA4_NL], cb[RDNA4_NL], d[RDNA4_NL];                  \
        const uint32_t *a = rdna4_src_ptr(s, v, 0, ab);                                  \
        const uint32_t *b = v->nsrc > 1 ? rdna4_src_ptr(s, v, 1, bb) : int_zeros;        \
        const uint32_t *c = v->nsrc > 2 ? rdna4_src_ptr(s, v, 2, cb) : int_zeros;        \
        NAME##_lanes(d, a, b, c, rdna4_nlanes(s), v->clamp);                             \
        uint64_t ex = rdna4_valu_lanes(s);                                               \
        rr->exec_mask = rdna4_exec_mask(s);                                              \
        rdna4_valu_write(s, rr, v->vdst, d, ex);                                         \
        return GPUREF_OK;                                                                \
    }

/* The values of an absent source (S1, S2 of the rows with fewer): 0 in every lane. */
static const uint32_t int_zeros[RDNA4_NL];

static inline uint32_t umin(uint32_t x, uint32_t y) { return x < y ? x : y; }
static inline uint32_t umax(uint32_t x, uint32_t y) { return x > y ? x : y; }
static inline int32_t smin(int32_t x, int32_t y) { return x < y ? x : y; }
static inline int32_t smax(int32_t x, int32_t y) { return x > y ? x : y; }

/* V_MED3 (L20576): the max of the other two when S0 or S1 is the max of three
 * (S0 first), else max(S0, S1); the same as the median for any order. */
static inline int32_t smed3(int32_t x, int32_t y, int32_t z)
{
    int32_t m = smax(smax(x, y), z);
    return m == x ? smax(y, z) : m == y ? smax(x, z) : smax(x, y);
}

static inline uint32_t umed3(uint32_t x, uint32_t y, uint32_t z)
{
    uint32_t m = umax(umax(x, y), z);
    return m == x ? umax(y, z) : m == y ? umax(x, z) : umax(x, y);
}

static inline uint32_t absdiff(uint32_t x, uint32_t y) { return x > y ? x - y : y - x; }

/* V_SAD_U8 (L20607), V_MSAD_U8 (L20909: bytes whose S1 byte is 0 are skipped). */
static inline uint64_t sad8(uint32_t x, uint32_t y, uint64_t acc, int masked)
{
    for (unsigned i = 0; i < 32; i += 8) {
        uint32_t xb = x >> i & 255u, yb = y >> i & 255u;
        if (!masked || yb)
            acc += absdiff(xb, yb);
    }
    return acc;
}

/* V_PERM_B32 BYTE_PERMUTE (L20996): selector >= 13: 0xff, 12: 0, 8-11: the sign of
 * byte 1, 3, 5, 7 of {S0, S1} replicated, 0-7: that byte. */
static inline uint32_t perm_byte(uint64_t data, uint32_t sel)
{
    if (sel >= 13)
        return 0xffu;
    if (sel == 12)
        return 0;
    if (sel >= 8)
        return (data >> ((sel - 8) * 16 + 15) & 1u) ? 0xffu : 0;
    return (uint32_t)(data >> (sel * 8)) & 0xffu;
}

static inline uint32_t perm32(uint32_t s0, uint32_t s1, uint32_t sel)
{
    uint64_t data = (uint64_t)s0 << 32 | s1;
    uint32_t r = 0;
    for (unsigned i = 0; i < 32; i += 8)
        r |= perm_byte(data, sel >> i & 255u) << i;
    return r;
}

/* V_BFE_I32 (L20450): width 0 gives 0 (signext_from_bit of an empty field, as B12). */
static inline uint32_t bfe_i32(uint32_t x, uint32_t off, uint32_t w)
{
    off &= 31u;
    w &= 31u;
    if (!w)
        return 0;
    uint32_t f = (uint32_t)((int32_t)x >> off) & ((1u << w) - 1u);
    return (uint32_t)((int32_t)(f << (32 - w)) >> (32 - w));
}

/* V_LERP_U8 (L20491): per byte (S0 + S1 + S2 bit 0 of the byte) >> 1. */
static inline uint32_t lerp_u8(uint32_t x, uint32_t y, uint32_t z)
{
    uint32_t r = 0;
    for (unsigned i = 0; i < 32; i += 8)
        r += ((x >> i & 255u) + (y >> i & 255u) + (z >> i & 1u)) >> 1 << i;
    return r;
}

static inline uint32_t clz32(uint32_t x) { return x ? (uint32_t)__builtin_clz(x) : 0xffffffffu; }
static inline uint32_t ctz32(uint32_t x) { return x ? (uint32_t)__builtin_ctz(x) : 0xffffffffu; }
/* V_CLS_I32 (L13590): leading bits equal to bit 31 after it, -1 when all are. */
static inline uint32_t cls32(uint32_t x)
{
    uint32_t y = x ^ (uint32_t)((int32_t)x >> 31);
    return y ? (uint32_t)__builtin_clz(y) : 0xffffffffu;
}

/* The lane's MBCNT mask (L22171-22210): ThreadMask = (1 << lane) - 1. */
static inline uint64_t thread_mask(unsigned lane)
{
    return lane >= 64 ? ~0ull : ((uint64_t)1 << lane) - 1u;
}

#define U(x) ((i128)(uint32_t)(x))
#define I(x) ((i128)(int32_t)(x))

INT32_OP(v_mul_u32_u24, 0, U(S0 & 0xffffffu) * U(S1 & 0xffffffu))                     /* L12200 */
INT32_OP(v_mul_i32_i24, 1, (i128)sx24(S0) * sx24(S1))                                 /* L12185 */
INT32_OP(v_mul_hi_u32_u24, -1, (U(S0 & 0xffffffu) * U(S1 & 0xffffffu)) >> 32)         /* L12221 */
INT32_OP(v_mul_hi_i32_i24, -1, ((i128)sx24(S0) * sx24(S1)) >> 32)                      /* L12205 */
INT32_OP(v_mul_hi_u32, -1, (U(S0) * U(S1)) >> 32)                                      /* L22322 */
INT32_OP(v_mul_hi_i32, -1, (I(S0) * I(S1)) >> 32)                                      /* L22332 */
INT32_OP(v_mad_u32_u24, 0, U(S0 & 0xffffffu) * U(S1 & 0xffffffu) + U(S2))              /* L20328 */
INT32_OP(v_mad_i32_i24, 1, (i128)sx24(S0) * sx24(S1) + I(S2))                          /* L20318 */
INT32_OP(v_add_nc_i32, 1, I(S0) + I(S1))                                               /* L22290 */
INT32_OP(v_sub_nc_i32, 1, I(S0) - I(S1))                                               /* L22280 */
INT32_OP(v_min3_i32, -1, smin(smin((int32_t)S0, (int32_t)S1), (int32_t)S2))            /* L20541 */
INT32_OP(v_min3_u32, -1, umin(umin(S0, S1), S2))
INT32_OP(v_max3_i32, -1, smax(smax((int32_t)S0, (int32_t)S1), (int32_t)S2))
INT32_OP(v_max3_u32, -1, umax(umax(S0, S1), S2))
INT32_OP(v_med3_i32, -1, smed3((int32_t)S0, (int32_t)S1, (int32_t)S2))                 /* L20576 */
INT32_OP(v_med3_u32, -1, umed3(S0, S1, S2))
INT32_OP(v_minmax_u32, -1, umax(umin(S0, S1), S2))                                      /* L21384 */
INT32_OP(v_maxmin_u32, -1, umin(umax(S0, S1), S2))
INT32_OP(v_minmax_i32, -1, smax(smin((int32_t)S0, (int32_t)S1), (int32_t)S2))
INT32_OP(v_maxmin_i32, -1, smin(smax((int32_t)S0, (int32_t)S1), (int32_t)S2))          /* L21392 */
INT32_OP(v_bfe_u32, -1, (S0 >> (S1 & 31u)) & ((1u << (S2 & 31u)) - 1u))                 /* L20442 */
INT32_OP(v_bfe_i32, -1, bfe_i32(S0, S1, S2))                                            /* L20450 */
INT32_OP(v_bfi_b32, -1, (S0 & S1) | (~S0 & S2))                                         /* L20459 */
INT32_OP(v_bfm_b32, -1, ((1u << (S0 & 31u)) - 1u) << (S1 & 31u))                        /* L22149 */
INT32_OP(v_lerp_u8, -1, lerp_u8(S0, S1, S2))                                             /* L20491 */
INT32_OP(v_perm_b32, -1, perm32(S0, S1, S2))                                             /* L20996 */
INT32_OP(v_xad_u32, -1, (S0 ^ S1) + S2)                     /* L21038: "no saturation" */
INT32_OP(v_lshl_or_b32, -1, (S0 << (S1 & 31u)) | S2)                                     /* L21193 */
INT32_OP(v_sad_u8, 0, (i128)sad8(S0, S1, S2, 0))                                         /* L20607 */
INT32_OP(v_sad_hi_u8, 0, ((i128)sad8(S0, S1, 0, 0) << 16) + U(S2))                       /* L20627 */
INT32_OP(v_sad_u16, 0, U(S2) + absdiff(S0 & 0xffffu, S1 & 0xffffu) + absdiff(S0 >> 16, S1 >> 16)) /* L20639 */
INT32_OP(v_sad_u32, 0, U(S2) + absdiff(S0, S1))                                          /* L20656 */
INT32_OP(v_msad_u8, 0, (i128)sad8(S0, S1, S2, 1))                                        /* L20909 */
INT32_OP(v_clz_i32_u32, -1, clz32(S0))                                                   /* L13530 */
INT32_OP(v_ctz_i32_b32, -1, ctz32(S0))                                                   /* L13560 */
INT32_OP(v_cls_i32, -1, cls32(S0))                                                       /* L13590 */
INT32_OP(v_bcnt_u32_b32, 0, U(S1) + (unsigned)__builtin_popcount(S0))                    /* L22157 */
INT32_OP(v_mbcnt_lo_u32_b32, 0, U(S1) + (unsigned)__builtin_popcount(S0 & (uint32_t)thread_mask(l)))
INT32_OP(v_mbcnt_hi_u32_b32, 0, U(S1) + (unsigned)__builtin_popcount(S0 & (uint32_t)(thread_mask(l) >> 32)))
/* V_CVT_PK_U16_U32 / V_CVT_PK_I16_I32 (L22252, L22263): u32_to_u16 / i32_to_i16
 * saturate (README V6); the result is in range, so CLAMP changes nothing. */
INT32_OP(v_cvt_pk_u16_u32, 0, (i128)(sat_u(S0, 16) | sat_u(S1, 16) << 16))
INT32_OP(v_cvt_pk_i16_i32, 0, (i128)((sat_s((int32_t)S0, 16) & 0xffffu) | (sat_s((int32_t)S1, 16) & 0xffffu) << 16))

/* V_NOP, V_PIPEFLUSH: no effect on the wave's state. */
RDNA4_EXEC(v_nop)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    int st = rdna4_valu_plain(s, p, v);
    if (st)
        return st;
    rr->exec_mask = rdna4_exec_mask(s);
    return GPUREF_OK;
}

RDNA4_EXEC(v_pipeflush) { return rdna4_x_v_nop(s, p, rr); }

/* V_SWAP_B32 (L14050): the VGPRs VDST and SRC0 exchange their active lanes. */
RDNA4_EXEC(v_swap_b32)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    uint32_t a[RDNA4_NL], d[RDNA4_NL];
    uint64_t ex = rdna4_exec_mask(s);
    unsigned n = rdna4_nlanes(s);
    rdna4_load_src(s, v, 0, a);
    memcpy(d, &s->vgpr[v->vdst * 64u], n * sizeof *d);
    rr->exec_mask = ex;
    rdna4_valu_write(s, rr, v->vdst, a, ex);
    rdna4_valu_write(s, rr, (unsigned)v->v[0], d, ex);
    return GPUREF_OK;
}

/* ------------------------------------------------ 16-bit rows
 * Sources in SRC16 (bit i = source i) are the 16-bit halves OPSEL names; others are
 * 32-bit.  D16: the destination is a half (OPSEL[3]), else a whole VGPR.  W: the
 * exact result (i128), SIGNED as INT32_OP (and -2: CLAMP ignored, V_ALIGN* of
 * §7.2.3.1 L2882; LLVM has the operand: decisions V55), at the destination's width. */
#define INT16_OP(NAME, SRC16, D16, SIGNED, W)                                           \
    RDNA4_EXEC(NAME)                                                                     \
    {                                                                                    \
        const rdna4_vpre *v = rdna4_vp(s, p);                                            \
        int st = rdna4_valu_plain(s, p, v);                                              \
        if (st)                                                                          \
            return st;                                                                   \
        if (v->clamp && (SIGNED) == -1)                                                  \
            return rdna4_valu_not_yet(s, p, "with clamp");                               \
        uint32_t a[RDNA4_NL], b[RDNA4_NL], c[RDNA4_NL], d[RDNA4_NL];                     \
        unsigned n = rdna4_nlanes(s), clamp = (SIGNED) >= 0 && v->clamp, bits = (D16) ? 16u : 32u; \
        uint32_t *src[3] = { a, b, c };                                                  \
        /* every row here has a source 0; loading it first keeps a[] defined */           \
        for (unsigned i = 0; i < (v->nsrc > 1 ? v->nsrc : 1u); i++) {                    \
            if ((SRC16) >> i & 1u)                                                       \
                rdna4_load_src16(s, v, i, src[i]);                                       \
            else                                                                         \
                rdna4_load_src(s, v, i, src[i]);                                         \
        }                                                                                \
        for (unsigned l = 0; l < n; l++) {                                               \
            uint32_t S0 = a[l], S1 = v->nsrc > 1 ? b[l] : 0, S2 = v->nsrc > 2 ? c[l] : 0; \
            (void)S1;                                                                    \
            (void)S2;                                                                    \
            i128 w = (W);                                                                \
            d[l] = !clamp ? (uint32_t)w                                                  \
                 : (SIGNED) > 0 ? (uint32_t)sat_s(w, bits)                               \
                                : (uint32_t)sat_u((u128)(w < 0 ? 0 : w), bits);          \
        }                                                                                \
        uint64_t ex = rdna4_valu_lanes(s);                                               \
        rr->exec_mask = rdna4_exec_mask(s);                                              \
        if (D16)                                                                         \
            rdna4_valu_write16(s, rr, v->vdst, v->opsel >> 3 & 1u, d, ex);               \
        else                                                                             \
            rdna4_valu_write(s, rr, v->vdst, d, ex);                                     \
        return GPUREF_OK;                                                                \
    }

#define H(x) ((i128)(uint16_t)(x))
#define SH(x) ((i128)sx16(x))

static inline uint32_t sat8(uint32_t h)   /* V_SAT_PK_U8_I16 SAT8 (L14098) */
{
    int32_t n = sx16(h);
    return n <= 0 ? 0 : n >= 255 ? 255u : (uint32_t)n;
}

INT16_OP(v_mov_b16, 1, 1, -1, S0)
INT16_OP(v_not_b16, 1, 1, -1, ~S0 & 0xffffu)
INT16_OP(v_and_b16, 3, 1, -1, S0 & S1)
INT16_OP(v_or_b16, 3, 1, -1, S0 | S1)
INT16_OP(v_xor_b16, 3, 1, -1, S0 ^ S1)
INT16_OP(v_add_nc_u16, 3, 1, 0, H(S0) + H(S1))                            /* L22300 */
INT16_OP(v_sub_nc_u16, 3, 1, 0, H(S0) - H(S1))
INT16_OP(v_add_nc_i16, 3, 1, 1, SH(S0) + SH(S1))
INT16_OP(v_sub_nc_i16, 3, 1, 1, SH(S0) - SH(S1))
INT16_OP(v_mul_lo_u16, 3, 1, 0, H(S0) * H(S1))
INT16_OP(v_mad_u16, 7, 1, 0, H(S0) * H(S1) + H(S2))
INT16_OP(v_mad_i16, 7, 1, 1, SH(S0) * SH(S1) + SH(S2))
INT16_OP(v_min_u16, 3, 1, -1, umin(S0, S1))
INT16_OP(v_max_u16, 3, 1, -1, umax(S0, S1))
INT16_OP(v_min_i16, 3, 1, -1, smin(sx16(S0), sx16(S1)))
INT16_OP(v_max_i16, 3, 1, -1, smax(sx16(S0), sx16(S1)))
INT16_OP(v_min3_u16, 7, 1, 0, umin(umin(S0, S1), S2))
INT16_OP(v_max3_u16, 7, 1, 0, umax(umax(S0, S1), S2))
INT16_OP(v_med3_u16, 7, 1, 0, umed3(S0, S1, S2))
INT16_OP(v_min3_i16, 7, 1, 1, smin(smin(sx16(S0), sx16(S1)), sx16(S2)))
INT16_OP(v_max3_i16, 7, 1, 1, smax(smax(sx16(S0), sx16(S1)), sx16(S2)))
INT16_OP(v_med3_i16, 7, 1, 1, smed3(sx16(S0), sx16(S1), sx16(S2)))
/* shifts: count = S0[3:0] (L22440-22470) */
INT16_OP(v_lshlrev_b16, 3, 1, -1, S1 << (S0 & 15u))
INT16_OP(v_lshrrev_b16, 3, 1, -1, S1 >> (S0 & 15u))
INT16_OP(v_ashrrev_i16, 3, 1, -1, sx16(S1) >> (S0 & 15u))
INT16_OP(v_cvt_u32_u16, 1, 0, 0, H(S0))
INT16_OP(v_cvt_i32_i16, 1, 0, 1, SH(S0))
INT16_OP(v_mad_u32_u16, 3, 0, 0, H(S0) * H(S1) + U(S2))                   /* L21225 */
INT16_OP(v_mad_i32_i16, 3, 0, 1, SH(S0) * SH(S1) + I(S2))                 /* L21233 */
INT16_OP(v_sat_pk_u8_i16, 0, 1, 0, sat8(S0 & 0xffffu) | sat8(S0 >> 16) << 8)
/* V_ALIGNBIT/ALIGNBYTE_B32 (L20503, L20517): S2 is a 16-bit operand (OPSEL[2] names
 * its half, as llvm-mc prints it), of which bits 4:0 / 1:0 are read. */
INT16_OP(v_alignbit_b32, 4, 0, -2, (uint32_t)(((uint64_t)S0 << 32 | S1) >> (S2 & 31u)))
INT16_OP(v_alignbyte_b32, 4, 0, -2, (uint32_t)(((uint64_t)S0 << 32 | S1) >> ((S2 & 3u) * 8u)))

/* V_CNDMASK_B16 (L21340): D = mask[lane] ? S1 : S0, 16-bit halves, ABS/NEG on bit 15. */
RDNA4_EXEC(v_cndmask_b16)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    int st = rdna4_valu_plain(s, p, v);
    if (st)
        return st;
    if (v->clamp)
        return rdna4_valu_not_yet(s, p, "with clamp");
    uint32_t a[RDNA4_NL], b[RDNA4_NL], d[RDNA4_NL];
    unsigned n = rdna4_nlanes(s);
    uint64_t m = rdna4_mask_src(s, v), ex = rdna4_valu_lanes(s);
    rdna4_load_src16(s, v, 0, a);
    rdna4_load_src16(s, v, 1, b);
    for (unsigned l = 0; l < n; l++)
        d[l] = (m >> l & 1u) ? b[l] : a[l];
    rr->exec_mask = rdna4_exec_mask(s);
    rdna4_valu_write16(s, rr, v->vdst, v->opsel >> 3 & 1u, d, ex);
    return GPUREF_OK;
}

/* V_SWAP_B16 (L14070): the 16-bit VGPRs VDST and SRC0 (halves by bit 7) exchange. */
RDNA4_EXEC(v_swap_b16)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    uint32_t a[RDNA4_NL], d[RDNA4_NL];
    uint64_t ex = rdna4_exec_mask(s);
    unsigned n = rdna4_nlanes(s), dh = v->opsel >> 3 & 1u;
    const uint32_t *r = &s->vgpr[v->vdst * 64u];
    rdna4_load_src16(s, v, 0, a);
    for (unsigned l = 0; l < n; l++)
        d[l] = r[l] >> (dh * 16u) & 0xffffu;
    rr->exec_mask = ex;
    rdna4_valu_write16(s, rr, v->vdst, dh, a, ex);
    rdna4_valu_write16(s, rr, (unsigned)v->v[0], v->opsel & 1u, d, ex);
    return GPUREF_OK;
}

/* ------------------------------------------------ 64-bit rows */

/* kind: 0 LSHLREV, 1 LSHRREV, 2 ASHRREV; count = S0[5:0] (L12479, L22408, L22418). */
static int shift64(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, int kind)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    int st = rdna4_valu_plain(s, p, v);
    if (st)
        return st;
    uint32_t a[RDNA4_NL];
    uint64_t b[RDNA4_NL], d[RDNA4_NL], ex = rdna4_valu_lanes(s);
    unsigned n = rdna4_nlanes(s);
    rdna4_load_src(s, v, 0, a);
    rdna4_load_src64(s, v, 1, b);
    for (unsigned l = 0; l < n; l++) {
        unsigned c = a[l] & 63u;
        d[l] = kind == 0 ? b[l] << c : kind == 1 ? b[l] >> c : (uint64_t)((int64_t)b[l] >> c);
    }
    rr->exec_mask = rdna4_exec_mask(s);
    rdna4_valu_write64(s, rr, v->vdst, d, ex);
    return GPUREF_OK;
}

RDNA4_EXEC(v_lshlrev_b64) { return shift64(s, p, rr, 0); }
RDNA4_EXEC(v_lshrrev_b64) { return shift64(s, p, rr, 1); }
RDNA4_EXEC(v_ashrrev_i64) { return shift64(s, p, rr, 2); }

/* V_MAD_CO_U64_U32 / V_MAD_CO_I64_I32 (L21867, L21879): {D1, D0} = the 65-bit
 * S0 * S1 + S2; D1 (the mask bit of the lane) is bit 64 of that value: the
 * unsigned carry, resp. the sign of the 65-bit signed result (README V7).  CLAMP
 * saturates D0 to the 64-bit range (V5). */
static int mad64(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, int sgn)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    int st = rdna4_valu_plain(s, p, v);
    if (st)
        return st;
    uint32_t a[RDNA4_NL], b[RDNA4_NL];
    uint64_t c[RDNA4_NL], d[RDNA4_NL], ex = rdna4_valu_lanes(s), co = 0;
    unsigned n = rdna4_nlanes(s);
    rdna4_load_src(s, v, 0, a);
    rdna4_load_src(s, v, 1, b);
    rdna4_load_src64(s, v, 2, c);
    for (unsigned l = 0; l < n; l++) {
        i128 w = sgn ? (i128)(int32_t)a[l] * (int32_t)b[l] + (int64_t)c[l]
                     : (i128)((u128)a[l] * b[l] + c[l]);
        co |= (uint64_t)((u128)w >> 64 & 1u) << l;
        d[l] = !v->clamp ? (uint64_t)w : sgn ? sat_s(w, 64) : sat_u((u128)w, 64);
    }
    rr->exec_mask = rdna4_exec_mask(s);
    rdna4_valu_write64(s, rr, v->vdst, d, ex);
    rdna4_valu_write_mask(s, rr, v->sdst, co & ex);
    return GPUREF_OK;
}

RDNA4_EXEC(v_mad_co_u64_u32) { return mad64(s, p, rr, 0); }
RDNA4_EXEC(v_mad_co_i64_i32) { return mad64(s, p, rr, 1); }

/* V_QSAD_PK_U16_U8 / V_MQSAD_PK_U16_U8 (L20928, L20942): four SADs of the byte
 * windows S0[31:0], [39:8], [47:16], [55:24] against S1, each accumulating the
 * 16-bit field of S2 and truncated to 16 bits (with CLAMP saturated: V55). */
static int qsad(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, int masked)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    int st = rdna4_valu_plain(s, p, v);
    if (st)
        return st;
    uint32_t b[RDNA4_NL];
    uint64_t a[RDNA4_NL], c[RDNA4_NL], d[RDNA4_NL], ex = rdna4_valu_lanes(s);
    unsigned n = rdna4_nlanes(s);
    rdna4_load_src64(s, v, 0, a);
    rdna4_load_src(s, v, 1, b);
    rdna4_load_src64(s, v, 2, c);
    for (unsigned l = 0; l < n; l++) {
        uint64_t r = 0;
        for (unsigned k = 0; k < 4; k++) {
            uint64_t acc = sad8((uint32_t)(a[l] >> (8 * k)), b[l], c[l] >> (16 * k) & 0xffffu, masked);
            /* CLAMP: each sum saturated at 0xffff instead of truncated (§7.2.3.1
             * "Unsigned int [0, UINT_MAX]" at the 16-bit field; decisions V55), or
             * ignored with the knob qsad_clamp=1 */
            r |= ((v->clamp && !s->qsad_clamp && acc > 0xffffu ? 0xffffu : acc) & 0xffffu) << (16 * k);
        }
        d[l] = r;
    }
    rr->exec_mask = rdna4_exec_mask(s);
    rdna4_valu_write64(s, rr, v->vdst, d, ex);
    return GPUREF_OK;
}

RDNA4_EXEC(v_qsad_pk_u16_u8) { return qsad(s, p, rr, 0); }
RDNA4_EXEC(v_mqsad_pk_u16_u8) { return qsad(s, p, rr, 1); }

/* ------------------------------------------------ integer compares */

/* Predicate = opcode[2:0] (1 LT, 2 EQ, 3 LE, 4 GT, 5 NE, 6 GE; RDNA4 has no integer
 * V_CMP_F/T), unsigned when opcode[3] is set (Table 92 L6988-7084: I16 0x31-0x36, U16 0x39-0x3e,
 * I32 0x41-0x46, U32 0x49-0x4e, I64 0x51-0x56, U64 0x59-0x5e; VOP3 the same numbers,
 * A8); the width from the row's SRC0 type.  Signed order is compared as unsigned
 * order with the sign bits flipped.  Result bits of inactive lanes are 0 (L2835). */
static uint64_t compare_int(const rdna4_state *s, const rdna4_pre *p, const rdna4_vpre *v)
{
    const rdna4_row *r = &rdna4_rows[p->row];
    unsigned n = rdna4_nlanes(s), op = r->op, pred = op & 7u, uns = op & 8u;
    int t = RDNA4_T_B32;
    for (int i = 0; i < RDNA4_MAXOPD; i++)
        if (r->o[i].fld == RDNA4_FLD_SRC0) {
            t = r->o[i].type;
            break;
        }
    uint64_t a[RDNA4_NL], b[RDNA4_NL], res = 0;
    if (rdna4_type_is64(t)) {
        rdna4_load_src64(s, v, 0, a);
        rdna4_load_src64(s, v, 1, b);
        if (!uns)
            for (unsigned l = 0; l < n; l++) {
                a[l] ^= 1ull << 63;     /* signed order as unsigned order */
                b[l] ^= 1ull << 63;
            }
    } else {
        uint32_t x[RDNA4_NL], y[RDNA4_NL], sign = rdna4_type_is16(t) ? 0x8000u : 0x80000000u;
        if (sign == 0x8000u) {
            rdna4_load_src16(s, v, 0, x);
            rdna4_load_src16(s, v, 1, y);
        } else {
            rdna4_load_src(s, v, 0, x);
            rdna4_load_src(s, v, 1, y);
        }
        for (unsigned l = 0; l < n; l++) {
            a[l] = uns ? x[l] : x[l] ^ sign;
            b[l] = uns ? y[l] : y[l] ^ sign;
        }
    }
    for (unsigned l = 0; l < n; l++) {
        int lt = a[l] < b[l], eq = a[l] == b[l], gt = !lt && !eq, x;
        switch (pred) {
        case 1: x = lt; break;
        case 2: x = eq; break;
        case 3: x = lt || eq; break;
        case 4: x = gt; break;
        case 5: x = !eq; break;
        default: x = !lt; break;
        }
        res |= (uint64_t)x << l;
    }
    return res & rdna4_valu_lanes(s);
}

/* V_CMP writes the mask to VCC or an SGPR (pair); V_CMPX: EXEC = the result (only
 * active lanes can be set), no other register (VOP3 VDST is EXEC_LO, E3). */
static int icmp_exec(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, int to_exec)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    int st = rdna4_valu_plain(s, p, v);
    if (st)
        return st;
    rr->exec_mask = rdna4_exec_mask(s);
    rdna4_valu_write_mask(s, rr, to_exec ? RDNA4_EXEC_LO : v->sdst, compare_int(s, p, v));
    return GPUREF_OK;
}

RDNA4_EXEC(v_cmp_int) { return icmp_exec(s, p, rr, 0); }
RDNA4_EXEC(v_cmpx_int) { return icmp_exec(s, p, rr, 1); }

/* V_MQSAD_U32_U8 (L20956): four masked SADs (V_MSAD_U8) of the byte windows S0[31:0],
 * [39:8], [47:16], [55:24] against S1, each accumulating the 32-bit DWORD k of the
 * 128-bit S2 into DWORD k of the 128-bit D0 (E19).  CLAMP saturates each DWORD's exact
 * sum at 0xffffffff (V5's rule for the SAD family).  S2 must be a VGPR quad: a constant
 * there (no 128-bit value is defined for one) stops with "unimplemented". */
RDNA4_EXEC(v_mqsad_u32_u8)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    int st = rdna4_valu_plain(s, p, v);
    if (st)
        return st;
    if (v->v[2] < 0)
        return rdna4_valu_not_yet(s, p, "with a constant 128-bit S2");
    uint32_t b[RDNA4_NL], d[4][RDNA4_NL];
    uint64_t a[RDNA4_NL], ex = rdna4_valu_lanes(s);
    unsigned n = rdna4_nlanes(s);
    rdna4_load_src64(s, v, 0, a);
    rdna4_load_src(s, v, 1, b);
    for (unsigned k = 0; k < 4; k++) {
        const uint32_t *c = &s->vgpr[(((unsigned)v->v[2] + k) & 255u) * 64u];
        for (unsigned l = 0; l < n; l++) {
            uint64_t acc = sad8((uint32_t)(a[l] >> (8 * k)), b[l], c[l], 1);
            d[k][l] = v->clamp && acc > 0xffffffffu ? 0xffffffffu : (uint32_t)acc;
        }
    }
    rr->exec_mask = rdna4_exec_mask(s);
    for (unsigned k = 0; k < 4; k++)
        rdna4_valu_write(s, rr, (v->vdst + k) & 255u, d[k], ex);
    return GPUREF_OK;
}
