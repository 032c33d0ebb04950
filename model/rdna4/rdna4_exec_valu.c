/* rdna4_exec_valu.c - the vector ALU (VOP1, VOP2, VOPC, VOP3, VOP3SD rows the EXEC
 * column binds here: the classes of PARTIAL_FAMILIES in scripts/rdna4_gen_desc.py).
 *
 * One function serves every encoding of an opcode (_e32 and _e64): the operands come
 * from the predecoded rdna4_vpre of the slot (rdna4_step.c predecode_valu).  A lane
 * operation is computed for every lane of the wave and written under EXEC (guide
 * §3.2.2: inactive lanes keep their VGPRs); the retire record lists one `v` write per
 * destination VGPR with lanes = the lanes written (none when EXEC == 0, the skipped
 * instruction of §3.2.2.1 L717-731).  Lane masks (compare results, carry-outs) are
 * written whole, inactive lanes 0 (L2835-2837), also when EXEC == 0 (an instruction
 * that writes an SGPR is not skipped, L726): wave32 writes one SGPR, wave64 a pair.
 * V_CMPX writes EXEC = result (inactive lanes 0).  V_READLANE/V_WRITELANE/
 * V_READFIRSTLANE ignore EXEC (L730, L22496-22540, L12858).
 *
 * Not executed yet (README "Not implemented"): the DPP16/DPP8 forms, and the modifiers
 * this file does not define for an opcode (CLAMP outside the add/subtract classes):
 * those stop with "unimplemented: <mnemonic> ...", the state unchanged. */
#include <string.h>

#include "fp.h"

#include "rdna4.h"
#include "rdna4_exec.h"

#define NL RDNA4_NL
#define VP rdna4_vp
#define nlanes rdna4_nlanes
#define exec_mask(s) rdna4_exec_mask(s)
#define mask_src rdna4_mask_src
#define load_src rdna4_load_src
#define write_vgpr rdna4_valu_write
#define write_mask rdna4_valu_write_mask
#define not_yet rdna4_valu_not_yet
#define check_plain rdna4_valu_plain

/* Record (or extend) the write of VGPR vd: bits, lanes, values after the write. */
static inline gpuref_regw *vrec(gpuref_retire *rr, unsigned vd, uint32_t bits, uint64_t lanes)
{
    /* the first write of the record (the common case) has nothing to merge into */
    gpuref_regw *w = rr->nregw == 0
                         ? gpuref_retire_regw_new(rr, RDNA4_FILE_V, vd, bits, GPUREF_SLOT_NONE)
                         : gpuref_retire_regw_slot(rr, RDNA4_FILE_V, vd, bits, GPUREF_SLOT_NONE);
    if (w)
        w->lanes |= lanes;
    return w;
}

void rdna4_valu_write(rdna4_state *s, gpuref_retire *rr, unsigned vd, const uint32_t *d,
                      uint64_t lanes)
{
    if (!lanes)
        return;
    uint32_t *r = &s->vgpr[vd * 64u];
    gpuref_regw *w = vrec(rr, vd, 0xffffffffu, lanes);
    unsigned n = nlanes(s);
    if (lanes == ~0ull >> (64u - n)) {   /* every lane of the wave: whole rows */
        uintptr_t dp = (uintptr_t)d, vp = (uintptr_t)s->vgpr;
        if (w && (dp + n * sizeof *d <= vp || dp >= vp + 256u * 64u * sizeof *d))   /* not a VGPR row */
            rdna4_row_write(r, w->value, d, n);
        else {
            memmove(r, d, n * sizeof *r);
            if (w)
                for (unsigned l = 0; l < n; l++)
                    w->value[l] = r[l];
        }
        return;
    }
    for (uint64_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        r[l] = d[l];
        if (w)
            w->value[l] = d[l];
    }
}

void rdna4_valu_write16(rdna4_state *s, gpuref_retire *rr, unsigned vd, unsigned hi,
                        const uint32_t *d, uint64_t lanes)
{
    if (!lanes)
        return;
    unsigned sh = hi ? 16u : 0u;
    uint32_t keep = hi ? 0x0000ffffu : 0xffff0000u;
    uint32_t *r = &s->vgpr[vd * 64u];
    gpuref_regw *w = vrec(rr, vd, ~keep, lanes);
    for (uint64_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        r[l] = (r[l] & keep) | (d[l] & 0xffffu) << sh;
        if (w)
            w->value[l] = r[l];
    }
}

void rdna4_valu_write64(rdna4_state *s, gpuref_retire *rr, unsigned vd, const uint64_t *d,
                        uint64_t lanes)
{
    if (!lanes)
        return;
    unsigned vh = (vd + 1u) & 255u;
    uint32_t *lo = &s->vgpr[vd * 64u], *hi = &s->vgpr[vh * 64u];
    gpuref_regw *wl = vrec(rr, vd, 0xffffffffu, lanes), *wh = vrec(rr, vh, 0xffffffffu, lanes);
    for (uint64_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        lo[l] = (uint32_t)d[l];
        hi[l] = (uint32_t)(d[l] >> 32);
        if (wl)
            wl->value[l] = lo[l];
        if (wh)
            wh->value[l] = hi[l];
    }
}

void rdna4_valu_write_mask(rdna4_state *s, gpuref_retire *rr, unsigned sd, uint64_t m)
{
    unsigned n = s->wave64 ? 2u : 1u;
    if (sd == RDNA4_NULL || !rdna4_sdst_ok(s, sd, n))
        return;
    rdna4_write_sreg(s, rr, sd, (uint32_t)m, 0);
    if (n == 2)
        rdna4_write_sreg(s, rr, sd + 1u, (uint32_t)(m >> 32), 0);
}

int rdna4_valu_not_yet(rdna4_state *s, const rdna4_pre *p, const char *what)
{
    return gpuref_errf(s->err, GPUREF_ERR_UNIMPL, "unimplemented: %s %s",
                       rdna4_rows[p->row].name, what);
}

/* ------------------------------------------------ lane-wise operations */

/* The values of an absent source (S1, S2 of the rows with fewer): 0 in every lane. */
static const uint32_t rdna4_zeros[NL];

/* Operations of one, two or three 32-bit sources with a 32-bit result; `sat` = the
 * CLAMP bit is defined for the opcode (else it is refused, not ignored). */
#define VALU_OP(NAME, SAT, EXPR)                                                        \
    /* the lanes: d never overlaps a source (restrict: gcc vectorizes without a check) */ \
    static inline void NAME##_lanes(uint32_t *restrict d, const uint32_t *restrict a,    \
                                    const uint32_t *restrict b, const uint32_t *restrict c, \
                                    unsigned n, unsigned clamp)                          \
    {                                                                                    \
        (void)clamp;                                                                     \
        RDNA4_FOR_LANES(n, l) {                                                          \
            uint32_t S0 = a[l], S1 = b[l], S2 = c[l];                                    \
            (void)S1;                                                                    \
            (void)S2;                                                                    \
            d[l] = (EXPR);                                                               \
        }                                                                                \
    }                                                                                    \
    RDNA4_EXEC(NAME)                                                                     \
    {                                                                                    \
        const rdna4_vpre *v = VP(s, p);                                                  \
        int st = check_plain(s, p, v);                                                   \
        if (st)                                                                          \
            return st;                                                                   \
        if (v->clamp && !(SAT))                                                          \
            return not_yet(s, p, "with clamp");                                          \
        uint32_t ab[NL], bb[NL], cb[NL], d[NL];                                          \
        const uint32_t *a = rdna4_src_ptr(s, v, 0, ab);                                  \
        const uint32_t *b = v->nsrc > 1 ? rdna4_src_ptr(s, v, 1, bb) : rdna4_zeros;      \
        const uint32_t *c = v->nsrc > 2 ? rdna4_src_ptr(s, v, 2, cb) : rdna4_zeros;      \
        NAME##_lanes(d, a, b, c, nlanes(s), v->clamp);                                   \
        rr->exec_mask = exec_mask(s);                                                    \
        write_vgpr(s, rr, v->vdst, d, rdna4_valu_lanes(s));                              \
        return GPUREF_OK;                                                                \
    }

static inline uint32_t bfrev32(uint32_t x)
{
    x = (x >> 1 & 0x55555555u) | (x & 0x55555555u) << 1;
    x = (x >> 2 & 0x33333333u) | (x & 0x33333333u) << 2;
    x = (x >> 4 & 0x0f0f0f0fu) | (x & 0x0f0f0f0fu) << 4;
    x = (x >> 8 & 0x00ff00ffu) | (x & 0x00ff00ffu) << 8;
    return x >> 16 | x << 16;
}

/* Unsigned saturation of the add/subtract classes ("Supports saturation (unsigned
 * 32-bit integer domain)", e.g. L12503): a sum above 0xffffffff gives 0xffffffff, a
 * difference below 0 gives 0. */
static inline uint32_t addu(uint32_t x, uint32_t y, unsigned clamp)
{
    uint32_t t = x + y;                  /* a carry out: the sum wrapped below x */
    return clamp && t < x ? 0xffffffffu : t;
}

static inline uint32_t subu(uint32_t x, uint32_t y, unsigned clamp)
{
    return clamp && y > x ? 0 : x - y;
}

VALU_OP(v_mov_b32, 0, S0)
VALU_OP(v_not_b32, 0, ~S0)
VALU_OP(v_bfrev_b32, 0, bfrev32(S0))
VALU_OP(v_add_nc_u32, 1, addu(S0, S1, clamp))
VALU_OP(v_sub_nc_u32, 1, subu(S0, S1, clamp))
VALU_OP(v_subrev_nc_u32, 1, subu(S1, S0, clamp))
VALU_OP(v_and_b32, 0, S0 & S1)
VALU_OP(v_or_b32, 0, S0 | S1)
VALU_OP(v_xor_b32, 0, S0 ^ S1)
VALU_OP(v_xnor_b32, 0, ~(S0 ^ S1))
VALU_OP(v_lshlrev_b32, 0, S1 << (S0 & 31u))
VALU_OP(v_lshrrev_b32, 0, S1 >> (S0 & 31u))
VALU_OP(v_ashrrev_i32, 0, (uint32_t)((int32_t)S1 >> (S0 & 31u)))
VALU_OP(v_min_i32, 0, (int32_t)S0 < (int32_t)S1 ? S0 : S1)
VALU_OP(v_max_i32, 0, (int32_t)S0 >= (int32_t)S1 ? S0 : S1)
VALU_OP(v_min_u32, 0, S0 < S1 ? S0 : S1)
VALU_OP(v_max_u32, 0, S0 >= S1 ? S0 : S1)
VALU_OP(v_mul_lo_u32, 0, S0 * S1)
VALU_OP(v_xor3_b32, 0, S0 ^ S1 ^ S2)
VALU_OP(v_or3_b32, 0, S0 | S1 | S2)
VALU_OP(v_and_or_b32, 0, (S0 & S1) | S2)
VALU_OP(v_lshl_add_u32, 0, (S0 << (S1 & 31u)) + S2)
VALU_OP(v_add_lshl_u32, 0, (S0 + S1) << (S2 & 31u))
VALU_OP(v_add3_u32, 0, S0 + S1 + S2)

/* V_CNDMASK_B32: D = mask[lane] ? S1 : S0 (L12209); the mask is VCC (_e32) or SRC2. */
RDNA4_EXEC(v_cndmask_b32)
{
    const rdna4_vpre *v = VP(s, p);
    int st = check_plain(s, p, v);
    if (st)
        return st;
    if (v->clamp)
        return not_yet(s, p, "with clamp");
    uint32_t a[NL], b[NL], d[NL];
    unsigned n = nlanes(s);
    uint64_t m = mask_src(s, v);
    load_src(s, v, 0, a);
    load_src(s, v, 1, b);
    for (unsigned l = 0; l < n; l++)
        d[l] = (m >> l & 1u) ? b[l] : a[l];
    rr->exec_mask = exec_mask(s);
    write_vgpr(s, rr, v->vdst, d, rdna4_valu_lanes(s));
    return GPUREF_OK;
}

/* ------------------------------------------------ carries and borrows */

/* kind: 0 add, 1 sub (S0 - S1), 2 subrev (S1 - S0); ci: a carry-in mask is read.
 * Pseudocode L12496-12530 (CO_CI), L21905-21930 (CO): the carry/borrow is that of the
 * unsigned 64-bit computation; CLAMP saturates the 32-bit result only. */
static int carry_op(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, int kind, int ci)
{
    const rdna4_vpre *v = VP(s, p);
    int st = check_plain(s, p, v);
    if (st)
        return st;
    uint32_t a[NL], b[NL], d[NL];
    unsigned n = nlanes(s);
    uint64_t exec = rdna4_valu_lanes(s), cin = ci ? mask_src(s, v) : 0, cout = 0;
    load_src(s, v, 0, a);
    load_src(s, v, 1, b);
    for (unsigned l = 0; l < n; l++) {
        uint64_t x = kind == 2 ? b[l] : a[l], y = kind == 2 ? a[l] : b[l], c = cin >> l & 1u;
        uint64_t t;
        int co;
        if (kind == 0) {
            t = x + y + c;
            co = t > 0xffffffffu;
            d[l] = v->clamp && co ? 0xffffffffu : (uint32_t)t;
        } else {
            co = y + c > x;
            d[l] = v->clamp && co ? 0 : (uint32_t)(x - y - c);
        }
        cout |= (uint64_t)co << l;
    }
    rr->exec_mask = exec_mask(s);
    write_vgpr(s, rr, v->vdst, d, exec);
    write_mask(s, rr, v->sdst, cout & exec);
    return GPUREF_OK;
}

RDNA4_EXEC(v_add_co_u32) { return carry_op(s, p, rr, 0, 0); }
RDNA4_EXEC(v_sub_co_u32) { return carry_op(s, p, rr, 1, 0); }
RDNA4_EXEC(v_subrev_co_u32) { return carry_op(s, p, rr, 2, 0); }
RDNA4_EXEC(v_add_co_ci_u32) { return carry_op(s, p, rr, 0, 1); }
RDNA4_EXEC(v_sub_co_ci_u32) { return carry_op(s, p, rr, 1, 1); }
RDNA4_EXEC(v_subrev_co_ci_u32) { return carry_op(s, p, rr, 2, 1); }

/* Integer compares V_CMP(X)_*_{I,U}{16,32,64}: rdna4_exec_valu_int.c */

/* ------------------------------------------------ lane access (EXEC ignored) */

/* V_READFIRSTLANE_B32 (L12858-12890): the lowest active lane, lane 0 when EXEC == 0. */
RDNA4_EXEC(v_readfirstlane_b32)
{
    const rdna4_vpre *v = VP(s, p);
    int st = check_plain(s, p, v);
    if (st)
        return st;
    uint64_t exec = exec_mask(s);
    unsigned lane = exec ? (unsigned)__builtin_ctzll(exec) : 0;
    rr->exec_mask = exec;
    if (rdna4_sdst_ok(s, v->sdst, 1))
        rdna4_write_sreg(s, rr, v->sdst, s->vgpr[(unsigned)v->v[0] * 64u + lane], 0);
    return GPUREF_OK;
}

/* V_READLANE_B32 (L22496-22512): lane = S1[4:0] (wave32) / S1[5:0] (wave64). */
RDNA4_EXEC(v_readlane_b32)
{
    const rdna4_vpre *v = VP(s, p);
    unsigned lane = rdna4_src32(s, &v->s[1]) & (nlanes(s) - 1u);
    rr->exec_mask = exec_mask(s);
    if (rdna4_sdst_ok(s, v->sdst, 1))
        rdna4_write_sreg(s, rr, v->sdst, s->vgpr[(unsigned)v->v[0] * 64u + lane], 0);
    return GPUREF_OK;
}

/* V_WRITELANE_B32 (L22518-22534): VGPR[lane][VDST] = S0, whatever EXEC. */
RDNA4_EXEC(v_writelane_b32)
{
    const rdna4_vpre *v = VP(s, p);
    unsigned lane = rdna4_src32(s, &v->s[1]) & (nlanes(s) - 1u);
    uint32_t d[NL];
    d[lane] = rdna4_src32(s, &v->s[0]);
    rr->exec_mask = exec_mask(s);
    write_vgpr(s, rr, v->vdst, d, (uint64_t)1 << lane);
    return GPUREF_OK;
}

/* F32 arithmetic: rdna4_exec_valu_f32.c */
