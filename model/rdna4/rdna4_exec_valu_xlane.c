/* rdna4_exec_valu_xlane.c - data between lanes: the DPP16 and DPP8 source swizzles of
 * every VALU row that takes them (README A13/A14), and the cross-lane rows
 * V_PERMLANE16/X16(_VAR)_B32, V_PERMLANE64_B32, V_MOVRELD/S/SD/SD_2_B32 and
 * V_SWAPREL_B32 (README "Vector ALU", C17, V10, V11).
 *
 * DPP (guide §7.9 L3352-3489, Tables 102-104 L7614-7674): only SRC0 is swizzled; it
 * is the VGPR of the DPP DWORD, read for every lane from the lane the control names
 * before anything is written.  The exec functions read it through rdna4_load_src /
 * rdna4_load_src16 (rdna4_exec.h) and write the lanes rdna4_valu_lanes gives: EXEC
 * less the lanes the row/bank masks or bound_ctrl disable (rdna4_dpp_setup, called by
 * rdna4_valu_plain at their start). */
#include <string.h>

#include "rdna4.h"
#include "rdna4_exec.h"

/* ------------------------------------------------ DPP16 / DPP8 */

/* The DPP16 source lane of lane n for DPP_CTRL c (Table 103 L7638-7649), or -1 when
 * the source is out of the lane's row (ROW_SL/ROW_SR only).  ROW_MIRROR and
 * ROW_HALF_MIRROR within the lane's row / half-row (A13: the table's formulas omit
 * the row base). */
static int dpp16_src(unsigned c, unsigned n)
{
    unsigned k = c & 15u, i = n & 15u, row = n & ~15u;
    if (c < 0x100)                                   /* QUAD_PERM */
        return (int)((n & ~3u) + (c >> (2u * (n & 3u)) & 3u));
    switch (c >> 4) {
    case 0x10:                                       /* ROW_SL 1-15 */
        return i + k < 16u ? (int)(n + k) : -1;
    case 0x11:                                       /* ROW_SR 1-15 */
        return i >= k ? (int)(n - k) : -1;
    case 0x12:                                       /* ROW_RR 1-15 */
        return (int)(row + ((i + 16u - k) & 15u));
    case 0x14:
        return c == 0x140 ? (int)(row + 15u - i)     /* ROW_MIRROR */
                          : (int)((n & ~7u) + 7u - (n & 7u));   /* ROW_HALF_MIRROR */
    case 0x15:                                       /* ROW_SHARE 0-15 */
        return (int)(row + k);
    default:                                         /* 0x16: ROW_XMASK 0-15 */
        return (int)(row + (i ^ k));
    }
}

void rdna4_dpp_setup(rdna4_state *s, const rdna4_vpre *v)
{
    unsigned n = rdna4_nlanes(s);
    uint64_t exec = rdna4_exec_mask(s), wen = ~0ull, zero = 0;
    uint32_t w = v->dppw;
    if (v->dpp == 1) {
        unsigned c = w >> 8 & 0x1ffu, fi = w >> 18 & 1u, bc = w >> 19 & 1u;
        unsigned bank = w >> 24 & 15u, rowm = w >> 28 & 15u;
        for (unsigned l = 0; l < n; l++) {
            int src = dpp16_src(c, l);
            uint64_t bit = (uint64_t)1 << l;
            s->dpp_lane[l] = (uint8_t)(src < 0 ? l : (unsigned)src);
            /* Table 39 (L3459-3465) with the field text of FI (L3441): FI fetches from
             * lanes with EXEC = 0; a source outside the row is decided by BC alone
             * (A14), unless dpp_fi_oor = 1 (Table 39's cell BC = 0, FI = 1: zero) */
            int invalid = src < 0 ? 1 : !(exec >> src & 1u) && !fi;
            if (invalid) {
                if (bc || (src < 0 && fi && s->dpp_fi_oor))
                    zero |= bit;
                else
                    wen &= ~bit;
            }
            /* ROW_MASK / BANK_MASK: the write only (L3435-3441) */
            if (!(rowm >> (l >> 4) & 1u) || !(bank >> (l >> 2 & 3u) & 1u))
                wen &= ~bit;
        }
    } else {
        /* DPP8 (L3471-3473): lane (n & ~7) + LANE_SEL[n & 7]; SRC0 = DPP8 (233) reads 0
         * from a lane with EXEC = 0, DPP8FI (234) reads it; never out of range */
        for (unsigned l = 0; l < n; l++) {
            unsigned src = (l & ~7u) + (w >> (8u + 3u * (l & 7u)) & 7u);
            s->dpp_lane[l] = (uint8_t)src;
            if (v->dpp == 2 && !(exec >> src & 1u))
                zero |= (uint64_t)1 << l;
        }
    }
    s->vwen = wen;
    s->dpp_zero = zero;
}

void rdna4_dpp_fetch(const rdna4_state *s, const rdna4_vpre *v, uint32_t *out)
{
    unsigned n = rdna4_nlanes(s);
    const uint32_t *r = &s->vgpr[((unsigned)v->v[0] & 255u) * 64u];
    for (unsigned l = 0; l < n; l++)
        out[l] = (s->dpp_zero >> l & 1u) ? 0 : r[s->dpp_lane[l]];
}

/* ------------------------------------------------ permutes across lanes */

/* V_PERMLANE16_B32 / V_PERMLANEX16_B32 (L21241-21330) and their _VAR forms
 * (L22044-22105): lane row*16 + i of every active lane reads SRC0 of lane
 * r*16 + sel(i), r = the row (16) or the other row of its pair (X16: {row[1],
 * ~row[0]}), sel = {S2, S1}[4i+3:4i] or the lane's own SRC1[3:0] (_VAR).  OPSEL[0] =
 * FI, OPSEL[1] = BOUND_CTRL (L21247), as DPP16 (C17): a source lane with EXEC = 0 is
 * read only with FI; otherwise BOUND_CTRL = 1 reads 0 and 0 leaves the lane
 * unwritten (the guide's example, L21330-21360, needs FI to read inactive lanes). */
static int permlane(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, int cross, int var)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    unsigned n = rdna4_nlanes(s), fi = v->opsel & 1u, bc = v->opsel >> 1 & 1u;
    uint64_t exec = rdna4_exec_mask(s), wen = exec;
    uint32_t tmp[RDNA4_NL], sel[RDNA4_NL], d[RDNA4_NL];
    memcpy(tmp, &s->vgpr[((unsigned)v->v[0] & 255u) * 64u], n * sizeof *tmp);
    uint64_t lanesel = 0;
    if (var)
        rdna4_load_src(s, v, 1, sel);
    else
        lanesel = (uint64_t)rdna4_src32(s, &v->s[2]) << 32 | rdna4_src32(s, &v->s[1]);
    for (unsigned l = 0; l < n; l++) {
        unsigned row = l >> 4, i = l & 15u;
        unsigned r = cross ? ((row & 2u) | (~row & 1u)) : row;
        unsigned k = var ? (sel[l] & 15u) : (unsigned)(lanesel >> (4u * i) & 15u);
        unsigned src = r * 16u + k;
        if ((exec >> src & 1u) || fi)
            d[l] = tmp[src];
        else if (bc)
            d[l] = 0;
        else
            wen &= ~((uint64_t)1 << l);
    }
    rr->exec_mask = exec;
    rdna4_valu_write(s, rr, v->vdst, d, wen);
    return GPUREF_OK;
}

RDNA4_EXEC(v_permlane16_b32) { return permlane(s, p, rr, 0, 0); }
RDNA4_EXEC(v_permlanex16_b32) { return permlane(s, p, rr, 1, 0); }
RDNA4_EXEC(v_permlane16_var_b32) { return permlane(s, p, rr, 0, 1); }
RDNA4_EXEC(v_permlanex16_var_b32) { return permlane(s, p, rr, 1, 1); }

/* V_PERMLANE64_B32 (L14177-14210): wave64: each active lane reads SRC0 of lane l ^ 32,
 * active or not; wave32: a NOP (no write). */
RDNA4_EXEC(v_permlane64_b32)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    uint64_t exec = rdna4_exec_mask(s);
    uint32_t tmp[RDNA4_NL], d[RDNA4_NL];
    rr->exec_mask = exec;
    if (!s->wave64)
        return GPUREF_OK;
    memcpy(tmp, &s->vgpr[((unsigned)v->v[0] & 255u) * 64u], sizeof tmp);
    for (unsigned l = 0; l < 64; l++)
        d[l] = tmp[l ^ 32u];
    rdna4_valu_write(s, rr, v->vdst, d, exec);
    return GPUREF_OK;
}

/* ------------------------------------------------ VGPR indexing by M0 (§7.11) */

/* An indexed VGPR (§3.3.2 L842-856, README V10): base + index, or -1 when out of
 * range (index > 255, or the sum beyond the 256 VGPRs the model allocates). */
static int rel_vgpr(unsigned base, uint32_t index)
{
    if (index > 255u || base + index > 255u)
        return -1;
    return (int)(base + index);
}

/* kind: 0 MOVRELD (dst + M0), 1 MOVRELS (src + M0), 2 MOVRELSD (both + M0),
 * 3 MOVRELSD_2 (src + M0[9:0], dst + M0[25:16]), L13703-13790.  An out-of-range
 * destination: the instruction is a NOP; an out-of-range source reads v0 (L850-854).
 * SRC0 (MOVRELD: any operand) takes ABS/NEG on bit 31 and DPP like V_MOV_B32: the
 * indexed VGPR is the one the lanes read. */
static int movrel(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, int kind)
{
    const rdna4_vpre *v0 = rdna4_vp(s, p);
    int st = rdna4_valu_plain(s, p, v0);
    if (st)
        return st;
    uint32_t m0 = s->a.sreg[RDNA4_M0];
    uint32_t si = kind == 3 ? (m0 & 1023u) : m0, di = kind == 3 ? (m0 >> 16 & 1023u) : m0;
    rdna4_vpre v = *v0;
    int dst = v.vdst;
    if (kind != 1)
        dst = rel_vgpr(v.vdst, di);
    if (kind != 0) {
        int src = rel_vgpr((unsigned)v.v[0], si);
        v.v[0] = (int16_t)(src < 0 ? 0 : src);
    }
    rr->exec_mask = rdna4_exec_mask(s);
    if (dst < 0)
        return GPUREF_OK;
    uint32_t d[RDNA4_NL];
    rdna4_load_src(s, &v, 0, d);
    rdna4_valu_write(s, rr, (unsigned)dst, d, rdna4_valu_lanes(s));
    return GPUREF_OK;
}

RDNA4_EXEC(v_movreld_b32) { return movrel(s, p, rr, 0); }
RDNA4_EXEC(v_movrels_b32) { return movrel(s, p, rr, 1); }
RDNA4_EXEC(v_movrelsd_b32) { return movrel(s, p, rr, 2); }
RDNA4_EXEC(v_movrelsd_2_b32) { return movrel(s, p, rr, 3); }

/* V_SWAPREL_B32 (L14213-14240): VGPR[SRC0 + M0[9:0]] and VGPR[VDST + M0[25:16]]
 * exchange their active lanes; either out of range: discarded (L848). */
RDNA4_EXEC(v_swaprel_b32)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    uint32_t m0 = s->a.sreg[RDNA4_M0];
    int a = rel_vgpr((unsigned)v->v[0], m0 & 1023u), b = rel_vgpr(v->vdst, m0 >> 16 & 1023u);
    uint64_t ex = rdna4_exec_mask(s);
    rr->exec_mask = ex;
    if (a < 0 || b < 0)
        return GPUREF_OK;
    uint32_t x[RDNA4_NL], y[RDNA4_NL];
    unsigned n = rdna4_nlanes(s);
    memcpy(x, &s->vgpr[(unsigned)a * 64u], n * sizeof *x);
    memcpy(y, &s->vgpr[(unsigned)b * 64u], n * sizeof *y);
    rdna4_valu_write(s, rr, (unsigned)b, x, ex);
    rdna4_valu_write(s, rr, (unsigned)a, y, ex);
    return GPUREF_OK;
}
