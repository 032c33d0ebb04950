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
