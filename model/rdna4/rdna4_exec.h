/* rdna4_exec.h - the exec functions the rows of rdna4.def name: one prototype per
 * row's EXEC column (rdna4_x_<EXEC>, signature rdna4_exec_fn), for the exec files
 * (rdna4_exec_*.c) and the row table (rdna4_exec_table.c).
 *
 * The binding is checked both ways at build time: a row whose function no exec
 * file defines does not link (rdna4_exec_table.c takes its address), and an exec
 * file that defines a non-static function no row names does not compile
 * (-Wmissing-prototypes is an error after this header). */
#ifndef GPUREF_RDNA4_EXEC_H
#define GPUREF_RDNA4_EXEC_H

#include <string.h>

#include "rdna4.h"

#define RDNA4_OP(F, OP, N, X, FL, ...) \
    int rdna4_x_##X(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr);
#include "rdna4.def"
#undef RDNA4_OP

/* The float pieces the scalar and vector float instructions share
 * (rdna4_exec_sfloat.c): the policy following MODE; a trap check of the
 * exceptions before any write; the sticky EXCP_FLAG_USER bits; a float-core
 * status as the instruction's error. */
const fp_policy *rdna4_fp_policy(rdna4_state *s);
uint32_t rdna4_fp_excp_bits(unsigned exc);
int rdna4_fp_check_trap(rdna4_state *s, const rdna4_pre *p, unsigned exc);
void rdna4_fp_record_exc(rdna4_state *s, gpuref_retire *rr, unsigned exc);
int rdna4_fp_fail(rdna4_state *s, const rdna4_pre *p, int st);
/* IEEE 754-2019 minimumNumber/maximumNumber (ieee = 0) or minimum/maximum (ieee = 1)
 * with RDNA4's NaN rules (S_/V_MIN_NUM, S_/V_MINIMUM pseudocode), any format. */
int rdna4_fp_minmax(fp_fmt f, int ieee, int max, uint64_t a, uint64_t b, const fp_policy *pol,
                    uint64_t *r, unsigned *exc);

/* The vector ALU's lane helpers (rdna4_exec_valu*.c).  Operands come from the
 * predecoded rdna4_vpre of the slot; an operation is computed for every lane of
 * the wave into a 64-entry buffer and written under EXEC. */
#define RDNA4_NL 64   /* lanes of the buffers (wave64); wave32 uses the first 32 */

/* A loop over the n lanes of a wave (32 or 64) as blocks of 32: the inner trip
 * count is a constant, which gcc's -O2 vectorizer needs. */
#define RDNA4_FOR_LANES(n, l)                                                            \
    for (unsigned l##_blk = 0; l##_blk < (n); l##_blk += 32u)                            \
        for (unsigned l##_i = 0, l = l##_blk; l##_i < 32u; l##_i++, l = l##_blk + l##_i)

static inline const rdna4_vpre *rdna4_vp(const rdna4_state *s, const rdna4_pre *p)
{
    return &s->vpre[p - s->pre];
}

static inline unsigned rdna4_nlanes(const rdna4_state *s) { return s->wave64 ? 64u : 32u; }

static inline uint64_t rdna4_exec_mask(const rdna4_state *s)
{
    return s->wave64 ? (uint64_t)s->a.sreg[RDNA4_EXEC_HI] << 32 | s->a.sreg[RDNA4_EXEC_LO]
                     : s->a.sreg[RDNA4_EXEC_LO];
}

/* A lane-mask source: 32 bits in wave32, 64 in wave64 (predecoded with that width). */
static inline uint64_t rdna4_mask_src(const rdna4_state *s, const rdna4_vpre *v)
{
    return s->wave64 ? rdna4_src64(s, &v->m) : rdna4_src32(s, &v->m);
}

/* The ABS/NEG bits of source i on the sign bit `sign` of n lane values. */
static inline void rdna4_abs_neg(const rdna4_vpre *v, unsigned i, uint32_t sign, uint32_t *out,
                                 unsigned n)
{
    if (!((v->abs | v->neg) >> i & 1u))
        return;
    uint32_t and = (v->abs >> i & 1u) ? ~sign : 0xffffffffu;
    uint32_t xr = (v->neg >> i & 1u) ? sign : 0;
    for (unsigned l = 0; l < n; l++)
        out[l] = (out[l] & and) ^ xr;
}

/* DPP (rdna4_exec_valu_xlane.c, README A13/A14).  rdna4_dpp_setup: for the DPP16/DPP8
 * form v, the source lane of every lane (s->dpp_lane), the lanes whose SRC0 reads 0
 * (s->dpp_zero: bound_ctrl, DPP8 without FI) and the lanes whose write the controls
 * let through (s->vwen: row/bank masks, bound_ctrl = 0 on an invalid source).
 * rdna4_dpp_fetch: SRC0 (the DPP DWORD's VGPR) of every lane through them, read
 * before any write of the instruction (the guide's two wave64 passes both see the
 * state before the instruction). */
void rdna4_dpp_setup(rdna4_state *s, const rdna4_vpre *v);
void rdna4_dpp_fetch(const rdna4_state *s, const rdna4_vpre *v, uint32_t *out);

/* The lanes a VALU instruction computes and writes: EXEC, less the lanes its DPP
 * controls disable (s->vwen, set by rdna4_valu_plain).  A lane mask it writes (a
 * compare, a carry-out) is 0 in the others (§7.9.1 L3467, row_mask/bank_mask "For
 * VOPC, the SGPR/VCC bit associated with the disabled lane receives zero"). */
static inline uint64_t rdna4_valu_lanes(const rdna4_state *s)
{
    return rdna4_exec_mask(s) & s->vwen;
}

/* Source i of every lane into out[], with the ABS/NEG bits of the VOP3 form applied
 * to bit 31 (decode admits them on 32-bit integer sources only for the MODANY rows:
 * V_MOV_B32, V_CNDMASK_B32, README E4). */
static inline void rdna4_load_src(const rdna4_state *s, const rdna4_vpre *v, unsigned i,
                                  uint32_t *out)
{
    unsigned n = rdna4_nlanes(s);
    if (i == 0 && v->dpp)
        rdna4_dpp_fetch(s, v, out);
    else if (v->v[i] >= 0)
        memcpy(out, &s->vgpr[(unsigned)v->v[i] * 64u], n * sizeof *out);
    else {
        uint32_t k = rdna4_src32(s, &v->s[i]);
        RDNA4_FOR_LANES(n, l)
            out[l] = k;
    }
    rdna4_abs_neg(v, i, 0x80000000u, out, n);
}

/* Source i of every lane as a pointer: the VGPR's own row when it is read as it is
 * (a VGPR, no DPP, no ABS/NEG), else the values loaded into buf (rdna4_load_src).
 * Saves the copy of the common case; the row must not be written before the
 * last read of the pointer. */
static inline const uint32_t *rdna4_src_ptr(const rdna4_state *s, const rdna4_vpre *v, unsigned i,
                                            uint32_t *buf)
{
    if (v->v[i] >= 0 && !(i == 0 && v->dpp) && !((v->abs | v->neg) >> i & 1u))
        return &s->vgpr[(unsigned)v->v[i] * 64u];
    rdna4_load_src(s, v, i, buf);
    return buf;
}


/* A whole-row write: the register r[l] and the record's value o[l] = d[l] for the n
 * lanes (no overlap: restrict lets gcc's -O2 vectorizer do both in one pass). */
static inline void rdna4_row_write(uint32_t *restrict r, uint64_t *restrict o,
                                   const uint32_t *restrict d, unsigned n)
{
    RDNA4_FOR_LANES(n, l) {
        r[l] = d[l];
        o[l] = d[l];
    }
}

/* A 16-bit source: the half OPSEL bit i names (bits 31:16 when set, of a VGPR, an
 * SGPR or a constant alike, README V5), zero-extended; ABS/NEG on bit 15. */
static inline void rdna4_load_src16(const rdna4_state *s, const rdna4_vpre *v, unsigned i,
                                    uint32_t *out)
{
    unsigned n = rdna4_nlanes(s), sh = (v->opsel >> i & 1u) * 16u;
    if (i == 0 && v->dpp) {
        rdna4_dpp_fetch(s, v, out);
        for (unsigned l = 0; l < n; l++)
            out[l] = out[l] >> sh & 0xffffu;
    } else if (v->v[i] >= 0) {
        const uint32_t *r = &s->vgpr[(unsigned)v->v[i] * 64u];
        for (unsigned l = 0; l < n; l++)
            out[l] = r[l] >> sh & 0xffffu;
    } else {
        uint32_t k = rdna4_src32(s, &v->s[i]) >> sh & 0xffffu;
        for (unsigned l = 0; l < n; l++)
            out[l] = k;
    }
    rdna4_abs_neg(v, i, 0x8000u, out, n);
}

/* A 64-bit source: a VGPR pair v[N+1]:v[N], a 64-bit scalar operand (SGPR pair,
 * constant or literal by the operand's type, rdna4_step.c resolve_src). */
static inline void rdna4_load_src64(const rdna4_state *s, const rdna4_vpre *v, unsigned i,
                                    uint64_t *out)
{
    unsigned n = rdna4_nlanes(s);
    if (v->v[i] >= 0) {
        const uint32_t *lo = &s->vgpr[(unsigned)v->v[i] * 64u];
        const uint32_t *hi = &s->vgpr[(((unsigned)v->v[i] + 1u) & 255u) * 64u];
        for (unsigned l = 0; l < n; l++)
            out[l] = (uint64_t)hi[l] << 32 | lo[l];
    } else {
        uint64_t k = rdna4_src64(s, &v->s[i]);
        for (unsigned l = 0; l < n; l++)
            out[l] = k;
    }
    if ((v->abs | v->neg) >> i & 1u) {
        uint64_t and = (v->abs >> i & 1u) ? ~(1ull << 63) : ~0ull;
        uint64_t xr = (v->neg >> i & 1u) ? 1ull << 63 : 0;
        for (unsigned l = 0; l < n; l++)
            out[l] = (out[l] & and) ^ xr;
    }
}

/* Writes under a lane mask, recorded in rr (rdna4_exec_valu.c): a VGPR; the 16-bit
 * half `hi` of a VGPR (the other half kept, README V5); a VGPR pair (64-bit d[]);
 * a lane mask to a scalar destination (wave32 one SGPR, wave64 a pair; NULL and
 * out-of-range destinations not written, E8). */
void rdna4_valu_write(rdna4_state *s, gpuref_retire *rr, unsigned vd, const uint32_t *d,
                      uint64_t lanes);
void rdna4_valu_write16(rdna4_state *s, gpuref_retire *rr, unsigned vd, unsigned hi,
                        const uint32_t *d, uint64_t lanes);
void rdna4_valu_write64(rdna4_state *s, gpuref_retire *rr, unsigned vd, const uint64_t *d,
                        uint64_t lanes);
void rdna4_valu_write_mask(rdna4_state *s, gpuref_retire *rr, unsigned sd, uint64_t m);
/* "unimplemented: <mnemonic> <what>", the state unchanged. */
int rdna4_valu_not_yet(rdna4_state *s, const rdna4_pre *p, const char *what);

/* One lane of V_DOT2_F32_F16/BF16 and V_DUAL_DOT2ACC_F32_F16/BF16 (rdna4_exec_valu_pk.c):
 * c + a[15:0] * b[15:0] + a[31:16] * b[31:16], hf = FP_F16 or FP_BF16 halves (README P1). */
int rdna4_dot2_lane(fp_fmt hf, uint32_t a, uint32_t b, uint32_t c, const fp_policy *pol,
                    uint32_t *r, unsigned *exc);

/* The float rows' common driver (rdna4_exec_valu_f32.c): sources of format fs
 * (F16: the halves OPSEL / VGPR bit 7 name; F64: pairs), fn(k, ...) on every lane
 * the row computes, then OMOD and CLAMP (C7), the exceptions (V4) and the write of
 * format fd (F16: a half, V5).  `how`: RDNA4_FOP_* below.  fn sees in fl the
 * FP_F_CLAMP of the row, and RDNA4_FL_CLAMPBIT when an integer-result row has
 * CLAMP set (it must strip that bit before calling model/fp). */
typedef int (*rdna4_flane_fn)(int k, fp_fmt f, const uint64_t *x, const fp_policy *pol,
                              unsigned fl, uint64_t *r, unsigned *exc);
enum {
    RDNA4_FOP_FLUSH = 1,    /* F32 denormals flushed whatever MODE (§7.2.4) */
    RDNA4_FOP_INT = 2,      /* integer result: no OMOD, CLAMP not applied by the driver */
    RDNA4_FOP_SEL = 4,      /* the row selects or copies an operand: CLAMP clamps it (V9) */
    RDNA4_FOP_SRC1_32 = 8,  /* SRC1 is a 32-bit integer (LDEXP_F32/F64) */
    RDNA4_FOP_ACC = 16,     /* SRC2 is the destination (FMAC) */
    RDNA4_FOP_SDST = 32,    /* pseudo-scalar: lane 0 only, EXEC ignored, an SGPR written */
    RDNA4_FOP_NOOMOD = 64   /* packed F16 result: OMOD ignored (§7.2.3.1 L2845) */
};
#define RDNA4_FL_CLAMPBIT 0x10000u
/* OMOD and CLAMP on one float result (rdna4_exec_valu_f32.c) */
int rdna4_valu_outmod(fp_fmt fd, const fp_policy *pol, unsigned omod, unsigned clamp, uint64_t *r,
                      unsigned *exc);
int rdna4_valu_fop(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, rdna4_flane_fn fn,
                   int k, unsigned how, fp_fmt fs, fp_fmt fd);
/* An exception bit beyond model/fp's: integer divide by zero (EXCP_FLAG_USER bit 6,
 * V_RCP_IFLAG_F32), understood by rdna4_fp_excp_bits. */
#define RDNA4_EXC_INT_DIV0 0x40u

/* The start of every VALU exec function that takes DPP: the DPP controls of the
 * instruction (rdna4_dpp_setup), or none (every active lane writes). */
static inline int rdna4_valu_plain(rdna4_state *s, const rdna4_pre *p, const rdna4_vpre *v)
{
    (void)p;
    if (__builtin_expect(v->dpp != 0, 0))
        rdna4_dpp_setup(s, v);
    else
        s->vwen = ~0ull;
    return GPUREF_OK;
}

/* Outstanding loads shared by vector memory and LDS (rdna4_exec_vmem.c): make room
 * for nload + nds entries and nreg VGPRs (completing the oldest entries); queue an
 * entry counted on cnt with nreg destination VGPRs from dst (data rows from the
 * returned entry's row0, to be filled by the caller) and announce it (PENDING
 * writes) once filled; a VGPR record from an exec file. */
void rdna4_vm_reserve(rdna4_state *s, gpuref_retire *rr, unsigned nload, unsigned nds,
                      unsigned nreg);
rdna4_vmload *rdna4_vm_push(rdna4_state *s, gpuref_retire *rr, int cnt, unsigned dst,
                            unsigned nreg, uint32_t bits, uint64_t lanes);
void rdna4_vm_announce(rdna4_state *s, gpuref_retire *rr, const rdna4_vmload *q);
/* The bits entry q merges into its register i (a TFE status DWORD: all 32). */
static inline uint32_t rdna4_vm_regbits(const rdna4_vmload *q, unsigned i)
{
    return q->tfe && i + 1u == q->nreg ? 0xffffffffu : q->bits;
}
uint32_t rdna4_lds_align(const rdna4_state *s, unsigned bytes);
/* LDS bytes with the range check per byte (rdna4_exec_ds.c; also FLAT's LDS lanes):
 * a read gives 0 beyond lds_size, a write keeps its in-range bytes and records them
 * (space 1) as one run of the lane; both return 1 when a byte was out of range. */
int rdna4_lds_read(const rdna4_state *s, uint32_t a, uint8_t *b, unsigned n);
int rdna4_lds_write(rdna4_state *s, gpuref_retire *rr, unsigned lane, uint32_t a,
                    const uint8_t *b, unsigned n);
/* MEMVIOL (rdna4_exec_vmem.c): EXCP_FLAG_PRIV.memviol (bit 4) with the first source
 * src (2 LDS, 3 VMEM; guide Table 7 L1300-1308) when it is the first; the program
 * ends after the outstanding loads (README D18, D21). */
void rdna4_vm_memviol(rdna4_state *s, gpuref_retire *rr, unsigned src);

/* Memory bytes <-> values, little-endian (n <= 8); on a little-endian host a copy,
 * which gcc makes one load or store when n is a constant. */
static inline uint64_t rdna4_le_get(const uint8_t *b, unsigned n)
{
    uint64_t v = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(&v, b, n);
#else
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)b[i] << (8 * i);
#endif
    return v;
}

static inline void rdna4_le_put(uint8_t *b, uint64_t v, unsigned n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(b, &v, n);
#else
    for (unsigned i = 0; i < n; i++)
        b[i] = (uint8_t)(v >> (8 * i));
#endif
}

/* memcpy of the sizes a lane moves (1-16 bytes): constant copies for the common ones. */
static inline void rdna4_copy_n(uint8_t *d, const uint8_t *b, unsigned n)
{
    switch (n) {
    case 1: d[0] = b[0]; break;
    case 2: memcpy(d, b, 2); break;
    case 4: memcpy(d, b, 4); break;
    case 8: memcpy(d, b, 8); break;
    case 16: memcpy(d, b, 16); break;
    default: memcpy(d, b, n); break;
    }
}

/* The register bits a load writes: half 0 whole, 1 D16 (15:0), 2 D16_HI (31:16). */
static inline uint32_t rdna4_vm_bits(unsigned half)
{
    return half == 1 ? 0x0000ffffu : half == 2 ? 0xffff0000u : 0xffffffffu;
}

/* The VGPR DWORDs of one loaded element of `bytes` bytes: whole DWORDs as they are;
 * a sub-DWORD value zero- or sign-extended to 32 bits (D16 forms: to 16 bits), placed
 * in the half the load writes.  Returns the DWORDs (1 for sub-DWORD values). */
static inline unsigned rdna4_vm_dwords(const uint8_t *b, unsigned bytes, unsigned sign,
                                       unsigned half, uint32_t *d)
{
    if (bytes >= 4) {
        for (unsigned i = 0; i < bytes / 4; i++)
            d[i] = (uint32_t)rdna4_le_get(b + 4 * i, 4);
        return bytes / 4;
    }
    uint32_t v = (uint32_t)rdna4_le_get(b, bytes);
    if (sign)
        v = bytes == 1 ? (uint32_t)(int32_t)(int8_t)v : (uint32_t)(int32_t)(int16_t)v;
    if (half)
        v &= 0xffffu;
    d[0] = half == 2 ? v << 16 : v;
    return 1;
}
/* Integer atomic MEM = f(tmp, src, src2) (rdna4_exec_ds.c), 32 or 64 bits; the
 * operations by the opcodes of the DS forms; CMP: tmp == src2 ? src : tmp. */
enum { RDNA4_AT_ADD = 0, RDNA4_AT_SUB, RDNA4_AT_RSUB, RDNA4_AT_INC, RDNA4_AT_DEC,
       RDNA4_AT_MIN_I, RDNA4_AT_MAX_I, RDNA4_AT_MIN_U, RDNA4_AT_MAX_U, RDNA4_AT_AND,
       RDNA4_AT_OR, RDNA4_AT_XOR, RDNA4_AT_MSKOR, RDNA4_AT_XCHG, RDNA4_AT_CMP = 16,
       RDNA4_AT_COND_SUB = 152, RDNA4_AT_SUB_CLAMP = 153,
       RDNA4_AT_ORDERED = 154 /* GLOBAL_ATOMIC_ORDERED_ADD_B64 (no DS form; src2 = the
                                 VGT_GS_MAX_WAVE_ID mask, README D37) */ };
uint64_t rdna4_atomic_int(unsigned base, unsigned w64, uint64_t tmp, uint64_t src, uint64_t src2);
/* Float atomic MEM = f(tmp, src) (rdna4_exec_ds.c, README D25): F32/F64 add, min/max
 * number, packed F16/BF16 add; the policy of a DS (lds = 1) or an L2 atomic. */
enum { RDNA4_FAT_ADD = 1, RDNA4_FAT_MIN, RDNA4_FAT_MAX, RDNA4_FAT_PK_F16, RDNA4_FAT_PK_BF16 };
int rdna4_atomic_policy(const rdna4_state *s, int lds, fp_policy *pol);
/* The operation of a GLOBAL/FLAT/BUFFER atomic opcode (51-90, rdna4_exec_vmem.c):
 * atomic = RDNA4_AT_* + 1 (integer) or 1 with fatomic = RDNA4_FAT_*; 0 if not one. */
int rdna4_vm_atomic_kind(unsigned op, unsigned *atomic, unsigned *w64, unsigned *fatomic);
/* The untyped load/store opcodes' data (rdna4_exec_vmem.c): bytes per lane, VGPRs,
 * sign extension, D16 half (0 whole, 1 [15:0], 2 [31:16]). */
typedef struct rdna4_vm_size { unsigned bytes, nreg, sign, half; } rdna4_vm_size;
rdna4_vm_size rdna4_vm_data_size(unsigned op);
uint64_t rdna4_atomic_float(unsigned kind, int w64, uint64_t tmp, uint64_t src, const fp_policy *pol);

#pragma GCC diagnostic error "-Wmissing-prototypes"

#endif
