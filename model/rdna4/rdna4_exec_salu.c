/* rdna4_exec_salu.c - SOP1, SOP2, SOPC, SOPK and SOPP execution (integer and control).
 *
 * Every function follows the chapter 16 pseudocode of its instruction; "L" numbers
 * are lines of shared/specs/rdna4-isa.md.  Common rules:
 *  - a destination that cannot be written (SGPR >= sgprs, TTMP outside the trap
 *    handler) is not written and SCC is not updated (L791-797, L2377);
 *  - NULL as destination discards the value but SCC is still updated (L1101-1106);
 *  - sources: predecoded in rdna4_state.c (inline constants extended per operand type,
 *    the 32-bit literal sign-extended for I64 operands, zero-extended otherwise).
 * SALU float instructions are in rdna4_exec_sfloat.c (on model/fp). */
#include "rdna4.h"
#include "rdna4_exec.h"

/* ------------------------------------------------------------ helpers */

static inline uint32_t S0(const rdna4_state *s, const rdna4_pre *p) { return rdna4_src32(s, &p->s[0]); }
static inline uint32_t S1(const rdna4_state *s, const rdna4_pre *p) { return rdna4_src32(s, &p->s[1]); }
static inline uint64_t S0_64(const rdna4_state *s, const rdna4_pre *p) { return rdna4_src64(s, &p->s[0]); }
static inline uint64_t S1_64(const rdna4_state *s, const rdna4_pre *p) { return rdna4_src64(s, &p->s[1]); }

/* Write a 32-bit destination; 1 if written (or NULL), 0 if dropped.  Fast path:
 * an allocated SGPR. */
static __attribute__((noinline)) int wr32_slow(rdna4_state *s, gpuref_retire *rr, unsigned d,
                                                uint32_t v)
{
    if (!rdna4_sdst_ok(s, d, 1))
        return 0;
    return rdna4_write_sreg(s, rr, d, v, 0);
}

static inline int wr32(rdna4_state *s, gpuref_retire *rr, unsigned d, uint32_t v)
{
    if (__builtin_expect(d < s->nsgprs, 1)) {
        s->a.sreg[d] = v;
        rdna4_record(rr, RDNA4_FILE_S, d, 0xffffffffu, v, 0);
        return 1;
    }
    return wr32_slow(s, rr, d, v);
}

static inline int wr64(rdna4_state *s, gpuref_retire *rr, unsigned d, uint64_t v)
{
    if (d + 1 < s->nsgprs) {
        s->a.sreg[d] = (uint32_t)v;
        s->a.sreg[d + 1] = (uint32_t)(v >> 32);
        rdna4_record(rr, RDNA4_FILE_S, d, 0xffffffffu, (uint32_t)v, 0);
        rdna4_record(rr, RDNA4_FILE_S, d + 1, 0xffffffffu, (uint32_t)(v >> 32), 0);
        return 1;
    }
    if (!rdna4_sdst_ok(s, d, 2))
        return 0;
    if (d == RDNA4_NULL)
        return 1;
    rdna4_write_sreg(s, rr, d, (uint32_t)v, 0);
    rdna4_write_sreg(s, rr, d + 1, (uint32_t)(v >> 32), 0);
    return 1;
}

/* SCC after the destination (ok: it was written).  The callers write no SCC
 * before, so it is appended without the merge search. */
static inline void setscc(rdna4_state *s, gpuref_retire *rr, int ok, int v)
{
    if (ok) {
        s->a.scc = v ? 1u : 0u;
        rdna4_record_new(rr, RDNA4_FILE_SCC, 0, 1, s->a.scc, 0);
    }
}

/* exec function rdna4_x_name, named by the EXEC column of rdna4.def: RDNA4_EXEC (rdna4.h)
 * retires the instruction after the body */
#define X(name) RDNA4_EXEC(name)

/* ------------------------------------------------------ SOP2 integer */

X(s_add_co_u32)      /* L8222: SCC = unsigned carry-out */
{
    uint64_t t = (uint64_t)S0(s, p) + S1(s, p);
    setscc(s, rr, wr32(s, rr, p->dst, (uint32_t)t), t >> 32 != 0);
    return GPUREF_OK;
}

X(s_sub_co_u32)      /* SCC = S1 > S0 (borrow) */
{
    uint32_t a = S0(s, p), b = S1(s, p);
    setscc(s, rr, wr32(s, rr, p->dst, a - b), b > a);
    return GPUREF_OK;
}

X(s_add_co_i32)      /* SCC = signed overflow */
{
    uint32_t a = S0(s, p), b = S1(s, p), d = a + b;
    setscc(s, rr, wr32(s, rr, p->dst, d), ((a ^ b) >> 31) == 0 && ((a ^ d) >> 31) != 0);
    return GPUREF_OK;
}

X(s_sub_co_i32)
{
    uint32_t a = S0(s, p), b = S1(s, p), d = a - b;
    setscc(s, rr, wr32(s, rr, p->dst, d), ((a ^ b) >> 31) != 0 && ((a ^ d) >> 31) != 0);
    return GPUREF_OK;
}

X(s_add_co_ci_u32)   /* L8276: carry (digest §7 B3: pseudocode, not "overflow") */
{
    uint64_t t = (uint64_t)S0(s, p) + S1(s, p) + s->a.scc;
    setscc(s, rr, wr32(s, rr, p->dst, (uint32_t)t), t >> 32 != 0);
    return GPUREF_OK;
}

X(s_sub_co_ci_u32)   /* SCC = S1 + SCC > S0 (64-bit compare) */
{
    uint32_t a = S0(s, p), b = S1(s, p), c = s->a.scc;
    setscc(s, rr, wr32(s, rr, p->dst, a - b - c), (uint64_t)b + c > a);
    return GPUREF_OK;
}

X(s_absdiff_i32)     /* L8298: |S0 - S1| with 32-bit wrap; SCC = D != 0 */
{
    uint32_t d = S0(s, p) - S1(s, p);
    if ((int32_t)d < 0)
        d = 0u - d;
    setscc(s, rr, wr32(s, rr, p->dst, d), d != 0);
    return GPUREF_OK;
}

X(s_lshl_b32)
{
    uint32_t d = S0(s, p) << (S1(s, p) & 31);
    setscc(s, rr, wr32(s, rr, p->dst, d), d != 0);
    return GPUREF_OK;
}

X(s_lshl_b64)
{
    uint64_t d = S0_64(s, p) << (S1(s, p) & 63);
    setscc(s, rr, wr64(s, rr, p->dst, d), d != 0);
    return GPUREF_OK;
}

X(s_lshr_b32)
{
    uint32_t d = S0(s, p) >> (S1(s, p) & 31);
    setscc(s, rr, wr32(s, rr, p->dst, d), d != 0);
    return GPUREF_OK;
}

X(s_lshr_b64)
{
    uint64_t d = S0_64(s, p) >> (S1(s, p) & 63);
    setscc(s, rr, wr64(s, rr, p->dst, d), d != 0);
    return GPUREF_OK;
}

/* Arithmetic shifts without a branch on the sign (unpredictable on data):
 * m is all ones for a negative value, and ~x == x ^ m then. */
static inline uint32_t asr32(uint32_t v, unsigned n)
{
    uint32_t m = 0u - (v >> 31);
    return ((v ^ m) >> n) ^ m;
}

static inline uint64_t asr64(uint64_t v, unsigned n)
{
    uint64_t m = 0u - (v >> 63);
    return ((v ^ m) >> n) ^ m;
}

X(s_ashr_i32)
{
    uint32_t d = asr32(S0(s, p), S1(s, p) & 31);
    setscc(s, rr, wr32(s, rr, p->dst, d), d != 0);
    return GPUREF_OK;
}

X(s_ashr_i64)
{
    uint64_t d = asr64(S0_64(s, p), S1(s, p) & 63);
    setscc(s, rr, wr64(s, rr, p->dst, d), d != 0);
    return GPUREF_OK;
}

/* S_LSHL{1,2,3,4}_ADD_U32: SCC = unsigned carry-out (L8379-8420; digest §7 B2) */
static int lshl_add(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, unsigned n)
{
    uint64_t t = ((uint64_t)S0(s, p) << n) + S1(s, p);
    setscc(s, rr, wr32(s, rr, p->dst, (uint32_t)t), t >> 32 != 0);
    return GPUREF_OK;
}
X(s_lshl1_add_u32) { return lshl_add(s, p, rr, 1); }
X(s_lshl2_add_u32) { return lshl_add(s, p, rr, 2); }
X(s_lshl3_add_u32) { return lshl_add(s, p, rr, 3); }
X(s_lshl4_add_u32) { return lshl_add(s, p, rr, 4); }

/* S_MIN/S_MAX: SCC = "S0 selected" (L8425-8450; digest §7 B1) */
X(s_min_i32)
{
    uint32_t a = S0(s, p), b = S1(s, p);
    int c = (int32_t)a < (int32_t)b;
    setscc(s, rr, wr32(s, rr, p->dst, c ? a : b), c);
    return GPUREF_OK;
}

X(s_min_u32)
{
    uint32_t a = S0(s, p), b = S1(s, p);
    int c = a < b;
    setscc(s, rr, wr32(s, rr, p->dst, c ? a : b), c);
    return GPUREF_OK;
}

X(s_max_i32)
{
    uint32_t a = S0(s, p), b = S1(s, p);
    int c = (int32_t)a >= (int32_t)b;
    setscc(s, rr, wr32(s, rr, p->dst, c ? a : b), c);
    return GPUREF_OK;
}

X(s_max_u32)
{
    uint32_t a = S0(s, p), b = S1(s, p);
    int c = a >= b;
    setscc(s, rr, wr32(s, rr, p->dst, c ? a : b), c);
    return GPUREF_OK;
}

/* Bitwise families: D = op(S0, S1), SCC = D != 0. */
#define LOGIC(name, expr)                                                                \
    X(name##_b32)                                                                        \
    {                                                                                    \
        uint32_t a = S0(s, p), b = S1(s, p), d = (uint32_t)(expr);                       \
        setscc(s, rr, wr32(s, rr, p->dst, d), d != 0);                                   \
        return GPUREF_OK;                                                                \
    }                                                                                    \
    X(name##_b64)                                                                        \
    {                                                                                    \
        uint64_t a = S0_64(s, p), b = S1_64(s, p), d = (uint64_t)(expr);                 \
        setscc(s, rr, wr64(s, rr, p->dst, d), d != 0);                                   \
        return GPUREF_OK;                                                                \
    }
LOGIC(s_and, a & b)
LOGIC(s_or, a | b)
LOGIC(s_xor, a ^ b)
LOGIC(s_nand, ~(a & b))
LOGIC(s_nor, ~(a | b))
LOGIC(s_xnor, ~(a ^ b))
LOGIC(s_and_not1, a & ~b)
LOGIC(s_or_not1, a | ~b)
#undef LOGIC

/* S_BFE: offset S1[4:0] ([5:0] for 64), width S1[22:16] (L8613-8655).  Width >= the
 * operand size selects all remaining bits; width 0 gives 0 (digest §7 B12). */
static inline uint64_t field_mask(unsigned width, unsigned bits)
{
    if (width >= bits)
        return bits == 64 ? ~0ull : (1ull << bits) - 1;
    return (1ull << width) - 1;
}

X(s_bfe_u32)
{
    uint32_t b = S1(s, p), w = (b >> 16) & 0x7f;
    uint32_t d = (uint32_t)((S0(s, p) >> (b & 31)) & field_mask(w, 32));
    setscc(s, rr, wr32(s, rr, p->dst, d), d != 0);
    return GPUREF_OK;
}

X(s_bfe_i32)
{
    uint32_t b = S1(s, p), w = (b >> 16) & 0x7f;
    uint32_t t = (uint32_t)(asr32(S0(s, p), b & 31) & field_mask(w, 32));
    uint32_t d = (w == 0) ? 0 : (w >= 32) ? t : (uint32_t)((int32_t)(t << (32 - w)) >> (32 - w));
    setscc(s, rr, wr32(s, rr, p->dst, d), d != 0);
    return GPUREF_OK;
}

X(s_bfe_u64)
{
    uint32_t b = S1(s, p), w = (b >> 16) & 0x7f;
    uint64_t d = (S0_64(s, p) >> (b & 63)) & field_mask(w, 64);
    setscc(s, rr, wr64(s, rr, p->dst, d), d != 0);
    return GPUREF_OK;
}

X(s_bfe_i64)
{
    uint32_t b = S1(s, p), w = (b >> 16) & 0x7f;
    uint64_t t = asr64(S0_64(s, p), b & 63) & field_mask(w, 64);
    uint64_t d = (w == 0) ? 0 : (w >= 64) ? t : (uint64_t)((int64_t)(t << (64 - w)) >> (64 - w));
    setscc(s, rr, wr64(s, rr, p->dst, d), d != 0);
    return GPUREF_OK;
}

X(s_bfm_b32)         /* ((1 << S0[4:0]) - 1) << S1[4:0]; SCC unchanged */
{
    uint32_t d = ((1u << (S0(s, p) & 31)) - 1u) << (S1(s, p) & 31);
    wr32(s, rr, p->dst, d);
    return GPUREF_OK;
}

X(s_bfm_b64)
{
    uint64_t d = ((1ull << (S0(s, p) & 63)) - 1ull) << (S1(s, p) & 63);
    wr64(s, rr, p->dst, d);
    return GPUREF_OK;
}

X(s_mul_i32)
{
    wr32(s, rr, p->dst, S0(s, p) * S1(s, p));
    return GPUREF_OK;
}

X(s_mul_hi_u32)
{
    wr32(s, rr, p->dst, (uint32_t)(((uint64_t)S0(s, p) * S1(s, p)) >> 32));
    return GPUREF_OK;
}

X(s_mul_hi_i32)
{
    int64_t t = (int64_t)(int32_t)S0(s, p) * (int32_t)S1(s, p);
    wr32(s, rr, p->dst, (uint32_t)((uint64_t)t >> 32));
    return GPUREF_OK;
}

X(s_cselect_b32)
{
    wr32(s, rr, p->dst, s->a.scc ? S0(s, p) : S1(s, p));
    return GPUREF_OK;
}

X(s_cselect_b64)
{
    wr64(s, rr, p->dst, s->a.scc ? S0_64(s, p) : S1_64(s, p));
    return GPUREF_OK;
}

X(s_pack_ll_b32_b16) { wr32(s, rr, p->dst, (S1(s, p) << 16) | (S0(s, p) & 0xffffu)); return GPUREF_OK; }
X(s_pack_lh_b32_b16) { wr32(s, rr, p->dst, (S1(s, p) & 0xffff0000u) | (S0(s, p) & 0xffffu)); return GPUREF_OK; }
X(s_pack_hh_b32_b16) { wr32(s, rr, p->dst, (S1(s, p) & 0xffff0000u) | (S0(s, p) >> 16)); return GPUREF_OK; }
X(s_pack_hl_b32_b16) { wr32(s, rr, p->dst, (S1(s, p) << 16) | (S0(s, p) >> 16)); return GPUREF_OK; }

X(s_add_nc_u64) { wr64(s, rr, p->dst, S0_64(s, p) + S1_64(s, p)); return GPUREF_OK; }
X(s_sub_nc_u64) { wr64(s, rr, p->dst, S0_64(s, p) - S1_64(s, p)); return GPUREF_OK; }
X(s_mul_u64)    { wr64(s, rr, p->dst, S0_64(s, p) * S1_64(s, p)); return GPUREF_OK; }

/* ------------------------------------------------------------- SOPC */

#define CMP(name, type, expr)                                                            \
    X(name)                                                                              \
    {                                                                                    \
        type a = (type)S0(s, p), b = (type)S1(s, p);                                     \
        rdna4_write_scc(s, rr, (expr) ? 1u : 0u, 0);                                        \
        return GPUREF_OK;                                                                \
    }
CMP(s_cmp_eq_i32, int32_t, a == b)
CMP(s_cmp_lg_i32, int32_t, a != b)
CMP(s_cmp_gt_i32, int32_t, a > b)
CMP(s_cmp_ge_i32, int32_t, a >= b)
CMP(s_cmp_lt_i32, int32_t, a < b)
CMP(s_cmp_le_i32, int32_t, a <= b)
CMP(s_cmp_eq_u32, uint32_t, a == b)
CMP(s_cmp_lg_u32, uint32_t, a != b)
CMP(s_cmp_gt_u32, uint32_t, a > b)
CMP(s_cmp_ge_u32, uint32_t, a >= b)
CMP(s_cmp_lt_u32, uint32_t, a < b)
CMP(s_cmp_le_u32, uint32_t, a <= b)
CMP(s_bitcmp0_b32, uint32_t, ((a >> (b & 31)) & 1u) == 0)
CMP(s_bitcmp1_b32, uint32_t, ((a >> (b & 31)) & 1u) == 1)
#undef CMP

X(s_bitcmp0_b64) { rdna4_write_scc(s, rr, ((S0_64(s, p) >> (S1(s, p) & 63)) & 1u) == 0, 0); return GPUREF_OK; }
X(s_bitcmp1_b64) { rdna4_write_scc(s, rr, ((S0_64(s, p) >> (S1(s, p) & 63)) & 1u) == 1, 0); return GPUREF_OK; }
X(s_cmp_eq_u64)  { rdna4_write_scc(s, rr, S0_64(s, p) == S1_64(s, p), 0); return GPUREF_OK; }
X(s_cmp_lg_u64)  { rdna4_write_scc(s, rr, S0_64(s, p) != S1_64(s, p), 0); return GPUREF_OK; }

/* ---------------------------------------------------------- SOP1 */

X(s_mov_b32) { wr32(s, rr, p->dst, S0(s, p)); return GPUREF_OK; }
X(s_mov_b64) { wr64(s, rr, p->dst, S0_64(s, p)); return GPUREF_OK; }

X(s_cmov_b32)
{
    if (s->a.scc)
        wr32(s, rr, p->dst, S0(s, p));
    return GPUREF_OK;
}

X(s_cmov_b64)
{
    if (s->a.scc)
        wr64(s, rr, p->dst, S0_64(s, p));
    return GPUREF_OK;
}

static uint32_t brev32(uint32_t v)
{
    v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
    v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
    v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
    v = ((v >> 8) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8);
    return (v >> 16) | (v << 16);
}

X(s_brev_b32) { wr32(s, rr, p->dst, brev32(S0(s, p))); return GPUREF_OK; }

X(s_brev_b64)
{
    uint64_t v = S0_64(s, p);
    wr64(s, rr, p->dst, ((uint64_t)brev32((uint32_t)v) << 32) | brev32((uint32_t)(v >> 32)));
    return GPUREF_OK;
}

/* -1 when no bit is found (L9317-9380) */
X(s_ctz_i32_b32) { uint32_t v = S0(s, p); wr32(s, rr, p->dst, v ? (uint32_t)__builtin_ctz(v) : 0xffffffffu); return GPUREF_OK; }
X(s_ctz_i32_b64) { uint64_t v = S0_64(s, p); wr32(s, rr, p->dst, v ? (uint32_t)__builtin_ctzll(v) : 0xffffffffu); return GPUREF_OK; }
X(s_clz_i32_u32) { uint32_t v = S0(s, p); wr32(s, rr, p->dst, v ? (uint32_t)__builtin_clz(v) : 0xffffffffu); return GPUREF_OK; }
X(s_clz_i32_u64) { uint64_t v = S0_64(s, p); wr32(s, rr, p->dst, v ? (uint32_t)__builtin_clzll(v) : 0xffffffffu); return GPUREF_OK; }

/* Leading bits equal to the sign bit, counting the sign bit; -1 if all equal (L9456-9500) */
X(s_cls_i32)
{
    uint32_t v = S0(s, p), x = v ^ (uint32_t)((int32_t)v >> 31);
    wr32(s, rr, p->dst, x ? (uint32_t)__builtin_clz(x) : 0xffffffffu);
    return GPUREF_OK;
}

X(s_cls_i32_i64)
{
    uint64_t v = S0_64(s, p), x = v ^ (uint64_t)((int64_t)v >> 63);
    wr32(s, rr, p->dst, x ? (uint32_t)__builtin_clzll(x) : 0xffffffffu);
    return GPUREF_OK;
}

X(s_sext_i32_i8)  { wr32(s, rr, p->dst, (uint32_t)(int32_t)(int8_t)(uint8_t)S0(s, p)); return GPUREF_OK; }
X(s_sext_i32_i16) { wr32(s, rr, p->dst, (uint32_t)(int32_t)(int16_t)(uint16_t)S0(s, p)); return GPUREF_OK; }

/* D[S0[4:0]] = 0/1: read-modify-write of the destination (L9520-9550) */
X(s_bitset0_b32)
{
    uint32_t d = s->a.sreg[p->dst] & ~(1u << (S0(s, p) & 31));
    wr32(s, rr, p->dst, d);
    return GPUREF_OK;
}

X(s_bitset1_b32)
{
    uint32_t d = s->a.sreg[p->dst] | (1u << (S0(s, p) & 31));
    wr32(s, rr, p->dst, d);
    return GPUREF_OK;
}

static uint64_t dst64(const rdna4_state *s, unsigned d)
{
    return d == RDNA4_NULL ? 0 : (uint64_t)s->a.sreg[d] | (uint64_t)s->a.sreg[d + 1] << 32;
}

X(s_bitset0_b64) { wr64(s, rr, p->dst, dst64(s, p->dst) & ~(1ull << (S0(s, p) & 63))); return GPUREF_OK; }
X(s_bitset1_b64) { wr64(s, rr, p->dst, dst64(s, p->dst) | (1ull << (S0(s, p) & 63))); return GPUREF_OK; }

X(s_bitreplicate_b64_b32)
{
    uint32_t v = S0(s, p);
    uint64_t d = 0;
    for (unsigned i = 0; i < 32; i++)
        if ((v >> i) & 1u)
            d |= 3ull << (2 * i);
    wr64(s, rr, p->dst, d);
    return GPUREF_OK;
}

X(s_abs_i32)         /* S_ABS_I32(0x80000000) = 0x80000000 (L9583-9600) */
{
    uint32_t v = S0(s, p), d = (int32_t)v < 0 ? 0u - v : v;
    setscc(s, rr, wr32(s, rr, p->dst, d), d != 0);
    return GPUREF_OK;
}

/* Bit counts in a few operations: without -mpopcnt __builtin_popcount is a
 * library call. */
static inline uint32_t pop32(uint32_t v)
{
    v = v - ((v >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    v = (v + (v >> 4)) & 0x0f0f0f0fu;
    return (v * 0x01010101u) >> 24;
}

static inline uint32_t pop64(uint64_t v)
{
    return pop32((uint32_t)v) + pop32((uint32_t)(v >> 32));
}

/* BCNT: SCC = result != 0.  S_BCNT0/1_I32_B64 pseudocode tests "D0.u64 != 0" although
 * D0 is a 32-bit count: the count is what is tested (README decision). */
X(s_bcnt0_i32_b32) { uint32_t d = 32u - pop32(S0(s, p)); setscc(s, rr, wr32(s, rr, p->dst, d), d != 0); return GPUREF_OK; }
X(s_bcnt0_i32_b64) { uint32_t d = 64u - pop64(S0_64(s, p)); setscc(s, rr, wr32(s, rr, p->dst, d), d != 0); return GPUREF_OK; }
X(s_bcnt1_i32_b32) { uint32_t d = pop32(S0(s, p)); setscc(s, rr, wr32(s, rr, p->dst, d), d != 0); return GPUREF_OK; }
X(s_bcnt1_i32_b64) { uint32_t d = pop64(S0_64(s, p)); setscc(s, rr, wr32(s, rr, p->dst, d), d != 0); return GPUREF_OK; }

static uint64_t quadmask(uint64_t v, unsigned quads)
{
    uint64_t d = 0;
    for (unsigned i = 0; i < quads; i++)
        if ((v >> (4 * i)) & 15u)
            d |= 1ull << i;
    return d;
}

static uint64_t wqm(uint64_t v, unsigned quads)
{
    uint64_t d = 0;
    for (unsigned i = 0; i < quads; i++)
        if ((v >> (4 * i)) & 15u)
            d |= 15ull << (4 * i);
    return d;
}

X(s_quadmask_b32) { uint32_t d = (uint32_t)quadmask(S0(s, p), 8); setscc(s, rr, wr32(s, rr, p->dst, d), d != 0); return GPUREF_OK; }
X(s_quadmask_b64) { uint64_t d = quadmask(S0_64(s, p), 16); setscc(s, rr, wr64(s, rr, p->dst, d), d != 0); return GPUREF_OK; }
X(s_wqm_b32)      { uint32_t d = (uint32_t)wqm(S0(s, p), 8); setscc(s, rr, wr32(s, rr, p->dst, d), d != 0); return GPUREF_OK; }
X(s_wqm_b64)      { uint64_t d = wqm(S0_64(s, p), 16); setscc(s, rr, wr64(s, rr, p->dst, d), d != 0); return GPUREF_OK; }
X(s_not_b32)      { uint32_t d = ~S0(s, p); setscc(s, rr, wr32(s, rr, p->dst, d), d != 0); return GPUREF_OK; }
X(s_not_b64)      { uint64_t d = ~S0_64(s, p); setscc(s, rr, wr64(s, rr, p->dst, d), d != 0); return GPUREF_OK; }

/* SAVEEXEC: D = old EXEC; EXEC = op(S0, EXEC); SCC = EXEC != 0.  WREXEC: EXEC = D = op.
 * EXEC is written even when SDST is out of range (L799); SCC follows the general rule
 * and is not updated then (README decision). */
static uint32_t exec32(const rdna4_state *s) { return s->a.sreg[RDNA4_EXEC_LO]; }
static uint64_t exec64(const rdna4_state *s)
{
    return (uint64_t)s->a.sreg[RDNA4_EXEC_LO] | (uint64_t)s->a.sreg[RDNA4_EXEC_HI] << 32;
}

#define SAVEEXEC(name, expr)                                                             \
    X(name##_saveexec_b32)                                                               \
    {                                                                                    \
        uint32_t a = S0(s, p), e = exec32(s), n = (uint32_t)(expr);                      \
        int ok = rdna4_sdst_ok(s, p->dst, 1);                                               \
        rdna4_write_sreg(s, rr, RDNA4_EXEC_LO, n, 0);                                          \
        if (ok)                                                                          \
            rdna4_write_sreg(s, rr, p->dst, e, 0);                                          \
        setscc(s, rr, ok, n != 0);                                                       \
        return GPUREF_OK;                                                                \
    }                                                                                    \
    X(name##_saveexec_b64)                                                               \
    {                                                                                    \
        uint64_t a = S0_64(s, p), e = exec64(s), n = (uint64_t)(expr);                   \
        int ok = rdna4_sdst_ok(s, p->dst, 2);                                               \
        rdna4_write_sreg(s, rr, RDNA4_EXEC_LO, (uint32_t)n, 0);                                \
        rdna4_write_sreg(s, rr, RDNA4_EXEC_HI, (uint32_t)(n >> 32), 0);                        \
        if (ok && p->dst != RDNA4_NULL) {                                                   \
            rdna4_write_sreg(s, rr, p->dst, (uint32_t)e, 0);                                \
            rdna4_write_sreg(s, rr, p->dst + 1u, (uint32_t)(e >> 32), 0);                   \
        }                                                                                \
        setscc(s, rr, ok, n != 0);                                                       \
        return GPUREF_OK;                                                                \
    }
SAVEEXEC(s_and, a & e)
SAVEEXEC(s_or, a | e)
SAVEEXEC(s_xor, a ^ e)
SAVEEXEC(s_nand, ~(a & e))
SAVEEXEC(s_nor, ~(a | e))
SAVEEXEC(s_xnor, ~(a ^ e))
SAVEEXEC(s_and_not0, ~a & e)
SAVEEXEC(s_or_not0, ~a | e)
SAVEEXEC(s_and_not1, a & ~e)
SAVEEXEC(s_or_not1, a | ~e)
#undef SAVEEXEC

#define WREXEC(name, expr)                                                               \
    X(name##_wrexec_b32)                                                                 \
    {                                                                                    \
        uint32_t a = S0(s, p), e = exec32(s), n = (uint32_t)(expr);                      \
        int ok = rdna4_sdst_ok(s, p->dst, 1);                                               \
        rdna4_write_sreg(s, rr, RDNA4_EXEC_LO, n, 0);                                          \
        if (ok)                                                                          \
            rdna4_write_sreg(s, rr, p->dst, n, 0);                                          \
        setscc(s, rr, ok, n != 0);                                                       \
        return GPUREF_OK;                                                                \
    }                                                                                    \
    X(name##_wrexec_b64)                                                                 \
    {                                                                                    \
        uint64_t a = S0_64(s, p), e = exec64(s), n = (uint64_t)(expr);                   \
        int ok = rdna4_sdst_ok(s, p->dst, 2);                                               \
        rdna4_write_sreg(s, rr, RDNA4_EXEC_LO, (uint32_t)n, 0);                                \
        rdna4_write_sreg(s, rr, RDNA4_EXEC_HI, (uint32_t)(n >> 32), 0);                        \
        if (ok && p->dst != RDNA4_NULL) {                                                   \
            rdna4_write_sreg(s, rr, p->dst, (uint32_t)n, 0);                                \
            rdna4_write_sreg(s, rr, p->dst + 1u, (uint32_t)(n >> 32), 0);                   \
        }                                                                                \
        setscc(s, rr, ok, n != 0);                                                       \
        return GPUREF_OK;                                                                \
    }
WREXEC(s_and_not0, ~a & e)
WREXEC(s_and_not1, a & ~e)
#undef WREXEC

/* S_MOVREL*: the index is added to the raw operand code and must stay in the base
 * operand's region: SGPR base -> address <= VCC_HI (<= VCC_LO for B64), TTMP base ->
 * <= TTMP15 (<= TTMP14 for B64); any other base may not be indexed.  An
 * out-of-range source reads SGPR0 ("S0 is used"), an out-of-range destination
 * writes nothing (guide §3.3.1.3 L807-815). */
static int movrel_ok(unsigned base, uint64_t addr, int b64)
{
    if (base < RDNA4_TTMP0)
        return addr <= (uint64_t)(b64 ? RDNA4_VCC_LO : RDNA4_VCC_HI);
    if (base < RDNA4_NULL)
        return addr <= (uint64_t)(b64 ? RDNA4_TTMP0 + 14 : RDNA4_TTMP0 + 15);
    return addr == base;
}

static int movrel_odd(rdna4_state *s, const rdna4_pre *p, unsigned base, uint64_t addr)
{
    (void)p;
    return gpuref_errf(s->err, GPUREF_ERR_FAULT,
                       "illegal 64-bit S_MOVREL: operand code %u + M0 %u = %llu is odd "
                       "(guide L10091, L10120: index and operand must be even)",
                       base, s->a.sreg[RDNA4_M0], (unsigned long long)addr);
}

X(s_movrels_b32)
{
    unsigned base = p->s[0].code;
    uint64_t a = (uint64_t)base + s->a.sreg[RDNA4_M0];
    uint32_t v = (p->s[0].kind == RDNA4_S_REG && movrel_ok(base, a, 0)) ? s->a.sreg[a]
                                                                     : s->a.sreg[0];
    wr32(s, rr, p->dst, v);
    return GPUREF_OK;
}

X(s_movrels_b64)
{
    unsigned base = p->s[0].code;
    uint64_t a = (uint64_t)base + s->a.sreg[RDNA4_M0];
    if (a & 1)
        return movrel_odd(s, p, base, a);
    uint64_t v;
    if ((p->s[0].kind == RDNA4_S_REG64) && movrel_ok(base, a, 1))
        v = (uint64_t)s->a.sreg[a] | (uint64_t)s->a.sreg[a + 1] << 32;
    else
        v = (uint64_t)s->a.sreg[0] | (uint64_t)s->a.sreg[1] << 32;
    wr64(s, rr, p->dst, v);
    return GPUREF_OK;
}

X(s_movreld_b32)
{
    uint64_t a = (uint64_t)p->dst + s->a.sreg[RDNA4_M0];
    uint32_t v = S0(s, p);
    if (movrel_ok(p->dst, a, 0))
        wr32(s, rr, (unsigned)a, v);
    return GPUREF_OK;
}

X(s_movreld_b64)
{
    uint64_t a = (uint64_t)p->dst + s->a.sreg[RDNA4_M0];
    if (a & 1)
        return movrel_odd(s, p, p->dst, a);
    uint64_t v = S0_64(s, p);
    if (movrel_ok(p->dst, a, 1))
        wr64(s, rr, (unsigned)a, v);
    return GPUREF_OK;
}

X(s_movrelsd_2_b32)  /* source index M0[9:0], destination index M0[25:16] (L10140) */
{
    uint32_t m0 = s->a.sreg[RDNA4_M0];
    unsigned sb = p->s[0].code, db = p->dst;
    uint64_t as = (uint64_t)sb + (m0 & 0x3ffu), ad = (uint64_t)db + ((m0 >> 16) & 0x3ffu);
    uint32_t v = (p->s[0].kind == RDNA4_S_REG && movrel_ok(sb, as, 0)) ? s->a.sreg[as]
                                                                   : s->a.sreg[0];
    if (movrel_ok(db, ad, 0))
        wr32(s, rr, (unsigned)ad, v);
    return GPUREF_OK;
}

/* PC instructions: PC-relative to the next instruction; the PC is 48 bits with the
 * two LSBs forced to zero (L665, L697-707). */
#define PC48 0x0000fffffffffffcull

X(s_getpc_b64) { wr64(s, rr, p->dst, (s->a.pc + 4) & 0xffffffffffffull); return GPUREF_OK; }
X(s_setpc_b64) { (void)rr; s->npc = S0_64(s, p) & PC48; return GPUREF_OK; }

X(s_swappc_b64)
{
    uint64_t target = S0_64(s, p) & PC48;   /* read before D is written */
    wr64(s, rr, p->dst, (s->a.pc + 4) & 0xffffffffffffull);
    s->npc = target;
    return GPUREF_OK;
}

X(s_rfe_b64)
{
    uint64_t target = S0_64(s, p) & PC48;
    rdna4_write_hwreg(s, rr, RDNA4_HW_STATUS, s->a.hwreg[RDNA4_HW_STATUS] & ~RDNA4_STATUS_PRIV);
    s->npc = target;
    return GPUREF_OK;
}

/* S_SENDMSG_RTN (Table 22 L1983-1988): the values come from outside the wave
 * (doorbell, dispatch id, REALTIME, ...) and are flagged unmodelled; the destination
 * keeps its value.  RTN_GET_TMA / RTN_GET_TBA return the configured `tma` / `tba`
 * ([31:0] or [63:0] by size), still flagged unmodelled: the RTL core has no TBA/TMA
 * (rtl/rdna4/README.md), so the checker takes its value. */
static int sendmsg_rtn(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, unsigned n)
{
    if (!rdna4_sdst_ok(s, p->dst, n) || p->dst == RDNA4_NULL)
        return GPUREF_OK;
    unsigned id = p->imm & 0xffu;
    for (unsigned i = 0; i < n; i++) {
        uint32_t v = s->a.sreg[p->dst + i];
        if (id == 0x82 || id == 0x85)
            v = (uint32_t)((id == 0x82 ? s->tma : s->tba) >> (32 * i));
        rdna4_write_sreg(s, rr, p->dst + i, v, GPUREF_REGW_UNMODELLED);
    }
    return GPUREF_OK;
}
X(s_sendmsg_rtn_b32) { return sendmsg_rtn(s, p, rr, 1); }
X(s_sendmsg_rtn_b64) { return sendmsg_rtn(s, p, rr, 2); }

/* Barriers (guide §5.6 L2019-2099, the pseudocode L10303-10373 and L11311-11325;
 * README D38).  The work-group is the model's waves=N waves (rdna4_wg): with one
 * wave there is none and every barrier instruction is S_NOP (S_BARRIER_SIGNAL_ISFIRST
 * returns SCC = 0, S_GET_BARRIER_STATE reads outside the wave: unmodelled).
 * BARRIER_STATE[n & 63] keeps signalCnt; the work-group (-1) and trap (-2) barriers
 * have memberCnt = the waves and are valid from the start; they complete when
 * signalCnt reaches the waves that have not ended (ended waves do not hold a barrier,
 * L1878), which sets WAVE_BARRIER_COMPLETE of every wave and clears signalCnt.
 * Other ids count signals only: their memberCnt is never set on RDNA4 (Table 24
 * names -1 and -2 only; M0 ids are "reserved for other architectures"). */
static int wg_on(const rdna4_state *s) { return s->wg->nwaves > 1; }

static unsigned wg_live(const rdna4_wg *g)
{
    return g->nwaves - (unsigned)__builtin_popcountll(g->ended);
}

/* CheckBarrierComplete for the work-group (-1, bit 1) and trap (-2, bit 2) barriers. */
static void wg_check(rdna4_wg *g, int n)
{
    if (n != -1 && n != -2)
        return;
    unsigned idx = (unsigned)n & 63u;
    if (g->signal[idx] == 0 || g->signal[idx] < wg_live(g))
        return;
    g->signal[idx] = 0;
    unsigned all = g->nwaves;
    g->complete[n == -1 ? 1 : 2] |= all >= 64 ? ~0ull : (1ull << all) - 1;
}

/* A wave ended (or was restarted): its bit in `ended`, then the barriers it held up. */
void rdna4_wg_fin(rdna4_state *s)
{
    rdna4_wg *g = s->wg;
    uint64_t bit = 1ull << s->wave_idx;
    g->ended = s->fin ? g->ended | bit : g->ended & ~bit;
    if (s->fin) {
        wg_check(g, -1);
        wg_check(g, -2);
    }
}

/* The barrier SRC0 names: an integer inline constant, or M0[4:0]. */
static int barrier_src(const rdna4_state *s, const rdna4_pre *p)
{
    return p->s[0].kind == RDNA4_S_REG && p->s[0].code == RDNA4_M0
               ? (int)(s->a.sreg[RDNA4_M0] & 31u) : (int32_t)S0(s, p);
}

/* The barrier of SRC0, or 0 when the instruction is a NOP for this wave (no
 * work-group, barrier 0, the trap barrier outside the trap handler). */
static int barrier_id(const rdna4_state *s, const rdna4_pre *p)
{
    int n = barrier_src(s, p);
    if (!wg_on(s) || (n == -2 && !(s->a.hwreg[RDNA4_HW_STATUS] & RDNA4_STATUS_PRIV)))
        return 0;
    return n;
}

static void barrier_signal(rdna4_state *s, int n)
{
    unsigned idx = (unsigned)n & 63u;
    s->wg->signal[idx] = (uint8_t)((s->wg->signal[idx] + 1u) & 0x7fu);
    wg_check(s->wg, n);
}

X(s_barrier_signal)
{
    (void)rr;
    int n = barrier_id(s, p);
    if (n)
        barrier_signal(s, n);
    return GPUREF_OK;
}

X(s_barrier_signal_isfirst)   /* SCC at issue (the guide returns it on KMcnt: D38) */
{
    int n = barrier_id(s, p);
    unsigned first = n && s->wg->signal[(unsigned)n & 63u] == 0;
    if (n)
        barrier_signal(s, n);
    rdna4_write_scc(s, rr, first, 0);
    return GPUREF_OK;
}

/* S_BARRIER_WAIT (L11311-11325): barrierBit = SIMM16 >= 0 ? 0 (reserved: never
 * completes) : -1 ? 1 (work-group) : 2 (trap).  A wave whose bit is clear does not
 * retire: GPUREF_ERR_BLOCKED, state unchanged (the core steps another wave, README
 * D38); otherwise the bit is cleared. */
X(s_barrier_wait)
{
    (void)rr;
    int n = (int16_t)p->imm;
    if (!wg_on(s) || (n < -1 && !(s->a.hwreg[RDNA4_HW_STATUS] & RDNA4_STATUS_PRIV)))
        return GPUREF_OK;
    unsigned b = n >= 0 ? 0 : n == -1 ? 1 : 2;
    uint64_t bit = 1ull << s->wave_idx;
    if (!(s->wg->complete[b] & bit)) {
        unsigned idx = n >= 0 ? 0 : n == -1 ? 63u : 62u;
        return gpuref_errf(s->err, GPUREF_ERR_BLOCKED,
                           "at pc 0x%llx s_barrier_wait %d (%u of %u waves signalled)",
                           (unsigned long long)s->a.pc, n, s->wg->signal[idx],
                           n >= 0 ? 0u : wg_live(s->wg));
    }
    s->wg->complete[b] &= ~bit;
    return GPUREF_OK;
}

/* S_GET_BARRIER_STATE (L10361-10373): { 9'0, signalCnt[6:0], 5'0, memberCnt[6:0],
 * 3'0, valid }, written at issue (the guide returns it on KMcnt: D38).  Without a
 * work-group the state is outside the wave: unmodelled. */
X(s_get_barrier_state)
{
    if (!rdna4_sdst_ok(s, p->dst, 1) || p->dst == RDNA4_NULL)
        return GPUREF_OK;
    if (!wg_on(s)) {
        rdna4_write_sreg(s, rr, p->dst, s->a.sreg[p->dst], GPUREF_REGW_UNMODELLED);
        return GPUREF_OK;
    }
    int n = barrier_src(s, p);
    unsigned idx = (unsigned)n & 63u;
    int wgb = n == -1 || n == -2;
    uint32_t member = wgb ? s->wg->nwaves & 0x7fu : 0;
    uint32_t v = (uint32_t)(s->wg->signal[idx] & 0x7fu) << 16 | member << 4 | (wgb ? 1u : 0u);
    rdna4_write_sreg(s, rr, p->dst, v, 0);
    return GPUREF_OK;
}

/* Illegal instruction: sets EXCP_FLAG_PRIV.illegal_inst and ends the program (no trap
 * handler is modelled for hardware exceptions). */
static int illegal(rdna4_state *s, gpuref_retire *rr)
{
    rdna4_write_hwreg(s, rr, RDNA4_HW_EXCP_FLAG_PRIV, s->a.hwreg[RDNA4_HW_EXCP_FLAG_PRIV] | (1u << 6));
    rdna4_end(s, rr, GPUREF_RETIRE_TRAP | GPUREF_RETIRE_END);
    return GPUREF_OK;
}

X(s_alloc_vgpr)      /* L10378-10415: illegal in wave64 or without dynamic VGPRs */
{
    if (s->wave64 || !s->dvgpr)
        return illegal(s, rr);
    unsigned n = S0(s, p) & 0x1ffu;
    /* success depends on the other waves' allocations: unmodelled */
    rdna4_write_scc(s, rr, n <= 256, GPUREF_REGW_UNMODELLED);
    return GPUREF_OK;
}

/* The rows without architectural effect on one wave (timing, hints, messages, cache
 * control, waits on counters of families not executed): the generator's SHARED_EXEC
 * rules bind them here (README "Encoding", exec binding). */
X(nop)
{
    (void)s;
    (void)p;
    (void)rr;
    return GPUREF_OK;
}

/* ------------------------------------------------------------- SOPK */

X(s_movk_i32) { wr32(s, rr, p->dst, (uint32_t)(int32_t)(int16_t)p->imm); return GPUREF_OK; }

X(s_cmovk_i32)
{
    if (s->a.scc)
        wr32(s, rr, p->dst, (uint32_t)(int32_t)(int16_t)p->imm);
    return GPUREF_OK;
}

X(s_addk_co_i32)     /* SCC = signed overflow (L9253) */
{
    uint32_t a = S0(s, p), b = (uint32_t)(int32_t)(int16_t)p->imm, d = a + b;
    setscc(s, rr, wr32(s, rr, p->dst, d), ((a ^ b) >> 31) == 0 && ((a ^ d) >> 31) != 0);
    return GPUREF_OK;
}

X(s_mulk_i32) { wr32(s, rr, p->dst, S0(s, p) * (uint32_t)(int32_t)(int16_t)p->imm); return GPUREF_OK; }

/* HwRegWriteMask (not tabulated in the guide, digest §7 B10): the defined fields of
 * the writable registers; PRIV-only registers need STATUS.PRIV. */
static uint32_t hwreg_write_mask(const rdna4_state *s, unsigned id)
{
    int priv = (s->a.hwreg[RDNA4_HW_STATUS] & RDNA4_STATUS_PRIV) != 0;
    switch (id) {
    case RDNA4_HW_MODE:            return 0x098000ffu;
    case RDNA4_HW_EXCP_FLAG_USER:  return 0xc000007fu;
    case RDNA4_HW_STATE_PRIV:      return priv ? 0x00047e07u : 0;
    case RDNA4_HW_EXCP_FLAG_PRIV:  return priv ? 0xc0000fffu : 0;
    case RDNA4_HW_TRAP_CTRL:       return priv ? 0x000003ffu : 0;
    case RDNA4_HW_SCRATCH_BASE_LO: return priv ? 0xffffff00u : 0;
    case RDNA4_HW_SCRATCH_BASE_HI: return priv ? 0x0000ffffu : 0;
    default:                    return 0;
    }
}

/* Registers whose content the model computes; the others come from outside. */
static int hwreg_modelled(unsigned id)
{
    switch (id) {
    case RDNA4_HW_MODE: case RDNA4_HW_STATUS: case RDNA4_HW_STATE_PRIV: case RDNA4_HW_EXCP_FLAG_PRIV:
    case RDNA4_HW_EXCP_FLAG_USER: case RDNA4_HW_TRAP_CTRL: case RDNA4_HW_SCRATCH_BASE_LO:
    case RDNA4_HW_SCRATCH_BASE_HI:
        return 1;
    default:
        return 0;
    }
}

X(s_getreg_b32)      /* L9190: size 32 reads the whole register (digest §7 B11) */
{
    unsigned id = p->imm & 63, off = (p->imm >> 6) & 31, size = (p->imm >> 11) + 1;
    uint32_t v = rdna4_read_hwreg(s, id) >> off;
    if (size < 32)
        v &= (1u << size) - 1u;
    if (!rdna4_sdst_ok(s, p->dst, 1))
        return GPUREF_OK;
    rdna4_write_sreg(s, rr, p->dst, v, hwreg_modelled(id) ? 0 : GPUREF_REGW_UNMODELLED);
    return GPUREF_OK;
}

static int setreg(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, uint32_t data)
{
    unsigned id = p->imm & 63, off = (p->imm >> 6) & 31, size = (p->imm >> 11) + 1;
    uint32_t m = size >= 32 ? 0xffffffffu : (1u << size) - 1u;
    m = (m << off) & hwreg_write_mask(s, id);
    uint32_t v = ((data << off) & m) | (s->a.hwreg[id] & ~m);
    if (m)
        rdna4_write_hwreg(s, rr, id, v);
    return GPUREF_OK;
}
X(s_setreg_b32)       { return setreg(s, p, rr, S0(s, p)); }
X(s_setreg_imm32_b32) { return setreg(s, p, rr, p->aux[3]); }

X(s_call_b64)        /* D = PC + 4; PC = PC + 4 + sext(SIMM16) * 4 (L9273) */
{
    uint64_t next = s->a.pc + 4;
    wr64(s, rr, p->dst, next & 0xffffffffffffull);
    s->npc = (next + (uint64_t)((int64_t)(int16_t)p->imm * 4)) & PC48;
    return GPUREF_OK;
}

/* ------------------------------------------------------------- SOPP */

static void branch(rdna4_state *s, const rdna4_pre *p, int taken)
{
    if (taken)
        s->npc = (s->a.pc + 4 + (uint64_t)((int64_t)(int16_t)p->imm * 4)) & PC48;
}

X(s_branch)         { (void)rr; branch(s, p, 1); return GPUREF_OK; }
X(s_cbranch_scc0)   { (void)rr; branch(s, p, s->a.scc == 0); return GPUREF_OK; }
X(s_cbranch_scc1)   { (void)rr; branch(s, p, s->a.scc == 1); return GPUREF_OK; }
X(s_cbranch_vccz)   { (void)rr; branch(s, p, (rdna4_read_hwreg(s, RDNA4_HW_STATUS) & RDNA4_STATUS_VCCZ) != 0); return GPUREF_OK; }
X(s_cbranch_vccnz)  { (void)rr; branch(s, p, (rdna4_read_hwreg(s, RDNA4_HW_STATUS) & RDNA4_STATUS_VCCZ) == 0); return GPUREF_OK; }
X(s_cbranch_execz)  { (void)rr; branch(s, p, (rdna4_read_hwreg(s, RDNA4_HW_STATUS) & RDNA4_STATUS_EXECZ) != 0); return GPUREF_OK; }
X(s_cbranch_execnz) { (void)rr; branch(s, p, (rdna4_read_hwreg(s, RDNA4_HW_STATUS) & RDNA4_STATUS_EXECZ) == 0); return GPUREF_OK; }

X(s_endpgm)
{
    (void)p;
    rdna4_end(s, rr, GPUREF_RETIRE_END);
    return GPUREF_OK;
}

X(s_setkill)         /* kill the wave if SIMM16[0] */
{
    if (p->imm & 1)
        rdna4_end(s, rr, GPUREF_RETIRE_END);
    return GPUREF_OK;
}

X(s_sethalt)         /* SIMM16[2] selects FATAL_HALT (trap handler only) or HALT (L11009) */
{
    unsigned on = p->imm & 1;
    if (p->imm & 4) {
        if (!(s->a.hwreg[RDNA4_HW_STATUS] & RDNA4_STATUS_PRIV))
            return GPUREF_OK;
        uint32_t v = s->a.hwreg[RDNA4_HW_STATUS];
        rdna4_write_hwreg(s, rr, RDNA4_HW_STATUS,
                       on ? v | RDNA4_STATUS_FATAL_HALT : v & ~RDNA4_STATUS_FATAL_HALT);
    } else {
        uint32_t v = rdna4_read_hwreg(s, RDNA4_HW_STATE_PRIV);   /* live SCC bit */
        rdna4_write_hwreg(s, rr, RDNA4_HW_STATE_PRIV, on ? v | RDNA4_SPRIV_HALT : v & ~RDNA4_SPRIV_HALT);
    }
    return GPUREF_OK;
}

X(s_sendmsghalt)     /* the message is external; then HALT */
{
    (void)p;
    rdna4_write_hwreg(s, rr, RDNA4_HW_STATE_PRIV, rdna4_read_hwreg(s, RDNA4_HW_STATE_PRIV) | RDNA4_SPRIV_HALT);
    return GPUREF_OK;
}

X(s_trap)            /* L11280-11298; a NOP when no trap handler is present (TRAP_EN=0) */
{
    if (!(s->a.hwreg[RDNA4_HW_STATUS] & RDNA4_STATUS_TRAP_EN))
        return GPUREF_OK;
    uint64_t pc = s->a.pc & 0xffffffffffffull;
    rdna4_write_sreg(s, rr, RDNA4_TTMP0, (uint32_t)pc, 0);
    rdna4_write_sreg(s, rr, RDNA4_TTMP0 + 1, (uint32_t)(pc >> 32) | ((p->imm & 15u) << 28), 0);
    rdna4_write_hwreg(s, rr, RDNA4_HW_STATUS, s->a.hwreg[RDNA4_HW_STATUS] | RDNA4_STATUS_PRIV);
    s->npc = s->tba & PC48;
    return GPUREF_OK;
}

X(s_round_mode)      /* MODE.FP_ROUND = SIMM16[3:0] (L1896) */
{
    rdna4_write_hwreg(s, rr, RDNA4_HW_MODE, (s->a.hwreg[RDNA4_HW_MODE] & ~0xfu) | (p->imm & 0xfu));
    return GPUREF_OK;
}

X(s_denorm_mode)     /* MODE.FP_DENORM = SIMM16[3:0] (L1897) */
{
    rdna4_write_hwreg(s, rr, RDNA4_HW_MODE,
                   (s->a.hwreg[RDNA4_HW_MODE] & ~0xf0u) | ((p->imm & 0xfu) << 4));
    return GPUREF_OK;
}

X(s_setprio)         /* STATE_PRIV.USER_PRIO = SIMM16[1:0] */
{
    rdna4_write_hwreg(s, rr, RDNA4_HW_STATE_PRIV,
                   (rdna4_read_hwreg(s, RDNA4_HW_STATE_PRIV) & ~0x3000u) | ((p->imm & 3u) << 12));
    return GPUREF_OK;
}

X(s_code_end) { (void)p; return illegal(s, rr); }
