/* rdna4_exec_valu_wmma.c - V_WMMA_* and V_SWMMAC_* (VOP3P 64-74, 80-90; guide §7.12,
 * chapter 16 L17319-17800; README "Matrix multiply (WMMA)", decisions V50-V53).
 *
 * D = A * B + C on a whole wave: EXEC is forced to all ones for the operation
 * (pseudocode `saved_exec = EXEC; EXEC = -1`), so every lane of the wave is read and
 * written whatever EXEC holds.  Element <-> (lane, VGPR, bit position) follows the
 * layout tables of §7.12.2 (L3609-3660) and the C/D formulas (L3745-3760); the VGPR
 * counts of each operand are those llvm-mc 22 takes for gfx1200 in wave32 and wave64.
 * SWMMAC: A is the packed (M x K/2) matrix, expanded by the index VGPR (SRC2) with
 * the §7.12.3 pseudocode (L3826-3842); C and D are both VDST.
 *
 * Float rows: products exact, accumulated in K order onto C, one F32 FMA per step
 * rounded to nearest even with denormals kept (digest C8, README V51); 16-bit results
 * round the F32 sum to F16/BF16 (RNE) at the end; no exception is reported.  Integer
 * rows: NEG[0]/NEG[1] say whether A/B are signed, the exact sum wraps to 32 bits. */
#include <string.h>

#include "fp.h"

#include "rdna4.h"
#include "rdna4_exec.h"

enum { WK_F16, WK_BF16, WK_FP8, WK_BF8, WK_IU8, WK_IU4 };   /* element kinds of A/B */
enum { WC_F32, WC_F16, WC_BF16, WC_I32 };                   /* C/D formats */

typedef struct wmma_desc {
    uint8_t ka, kb;     /* A and B element kinds */
    uint8_t cd;         /* C/D format */
    uint8_t k;          /* K of the (expanded) product */
    uint8_t sparse;     /* SWMMAC */
} wmma_desc;

static unsigned kind_bits(unsigned k)
{
    return k <= WK_BF16 ? 16u : k == WK_IU4 ? 4u : 8u;
}

/* Where element (i, k) of an A (i = row M) or B (i = column N) operand lives, for data
 * size dsz and a block of kb K values (the 16-K layouts; 4-bit data with K >= 32: the
 * 16x32 / 32x16 layouts).  Larger K: consecutive blocks in the next VGPRs (L3820). */
typedef struct wloc { unsigned lane, vgpr, bit; } wloc;

static unsigned block_k(unsigned dsz, unsigned k)
{
    return dsz == 4 && k >= 32 ? 32u : 16u;
}

static unsigned block_vgprs(unsigned dsz, unsigned kb, unsigned w64)
{
    if (dsz == 16)
        return w64 ? 2u : 4u;
    if (dsz == 8)
        return w64 ? 1u : 2u;
    return kb == 32 && !w64 ? 2u : 1u;
}

static wloc ab_loc(unsigned dsz, unsigned kb, unsigned w64, unsigned i, unsigned k)
{
    wloc o;
    unsigned blk = k / kb;
    k %= kb;
    if (dsz == 16) {        /* w32 lane {k[2], i}, vgpr {k[3], k[1]}; w64 lane {k[3:2], i}, vgpr k[1] */
        o.lane = w64 ? (k >> 2 & 3u) << 4 | i : (k >> 2 & 1u) << 4 | i;
        o.vgpr = w64 ? (k >> 1 & 1u) : (k >> 3 & 1u) << 1 | (k >> 1 & 1u);
        o.bit = (k & 1u) * 16u;
    } else if (dsz == 8) {  /* w32 lane {k[3], i}, vgpr k[2]; w64 lane {k[2], k[3], i}, vgpr 0 */
        o.lane = w64 ? (k >> 2 & 1u) << 5 | (k >> 3 & 1u) << 4 | i : (k >> 3 & 1u) << 4 | i;
        o.vgpr = w64 ? 0u : k >> 2 & 1u;
        o.bit = (k & 3u) * 8u;
    } else if (kb == 16) {  /* 4-bit 16x16: lane {k[3], i} (wave64: lanes 0-31 only), vgpr 0 */
        o.lane = (k >> 3 & 1u) << 4 | i;
        o.vgpr = 0;
        o.bit = (k & 7u) * 4u;
    } else {                /* 4-bit 16x32: w32 lane {k[4], i}, vgpr k[3]; w64 lane {k[3], k[4], i} */
        o.lane = w64 ? (k >> 3 & 1u) << 5 | (k >> 4 & 1u) << 4 | i : (k >> 4 & 1u) << 4 | i;
        o.vgpr = w64 ? 0u : k >> 3 & 1u;
        o.bit = (k & 7u) * 4u;
    }
    o.vgpr += blk * block_vgprs(dsz, kb, w64);
    return o;
}

/* C/D element (m, n): 32-bit: lane (m/8)*16 + n (wave64 + ((m/4)%2)*32), VGPR m%8
 * (wave64 m%4); 16-bit: two rows per VGPR, m%2 the half (L3752-3772). */
static wloc cd_loc(unsigned b16, unsigned w64, unsigned m, unsigned n)
{
    wloc o;
    o.lane = (m >> 3) * 16u + n + (w64 ? (m >> 2 & 1u) * 32u : 0u);
    unsigned r = w64 ? m & 3u : m & 7u;
    o.vgpr = b16 ? r >> 1 : r;
    o.bit = b16 ? (m & 1u) * 16u : 0u;
    return o;
}

/* The DWORD of operand i, register r of its tuple, lane l: a VGPR, or the 32-bit
 * scalar value in every register. */
static uint32_t opnd(const rdna4_state *s, const rdna4_vpre *v, unsigned i, unsigned r, unsigned l)
{
    if (v->v[i] >= 0)
        return s->vgpr[(((unsigned)v->v[i] + r) & 255u) * 64u + l];
    return rdna4_src32(s, &v->s[i]);
}

static uint32_t field(uint32_t x, unsigned bit, unsigned dsz)
{
    return dsz == 32 ? x : x >> bit & ((1u << dsz) - 1u);
}

/* An A/B element as F32 bits (exact: every 16/8-bit float is an F32 value) or as an
 * integer (sgn: signed). */
static uint32_t elem_f32(unsigned kind, uint32_t e, const fp_policy *pol)
{
    uint64_t r = 0;
    unsigned exc = 0;
    fp_fmt f = kind == WK_F16 ? FP_F16 : kind == WK_BF16 ? FP_BF16 : kind == WK_FP8 ? FP_E4M3 : FP_E5M2;
    if (fp_convert(FP_F32, f, e, pol, FP_F_KEEP_IN, &r, &exc) != GPUREF_OK)
        return 0x7fc00000u;
    return (uint32_t)r;
}

static int32_t elem_int(unsigned kind, uint32_t e, unsigned sgn)
{
    if (!sgn)
        return (int32_t)e;
    return kind == WK_IU8 ? (int32_t)(int8_t)e : (int32_t)((e ^ 8u) - 8u);
}

/* The 16-bit C value of a scalar operand: a float inline constant in the C format
 * (F16 constant, BF16 = the F32 constant's high half, §7.7.2), else the low 16 bits
 * ("the LSBs of the inline constant value", L3257). */
static uint32_t c16_scalar(const rdna4_state *s, const rdna4_vpre *v, unsigned bf16)
{
    uint64_t k;
    if (v->s[2].kind == RDNA4_S_CONST && v->s[2].code >= 240 && v->s[2].code <= 248 &&
        rdna4_inline_value(v->s[2].code, bf16 ? RDNA4_T_BF16 : RDNA4_T_F16, &k))
        return (uint32_t)k & 0xffffu;
    return rdna4_src32(s, &v->s[2]) & 0xffffu;
}


/* ------------------------------------------------ exact sums (wmma_acc = 1, V51)
 * The exact value of C + sum of the products, rounded once to nearest even.  Every
 * term is an integer times a power of two: an F32 value sig * 2^(e - 150) (e = the
 * exponent field, 1 for denormals), a product of two of them sig_a*sig_b *
 * 2^(ea + eb - 300).  The accumulator counts units of 2^-298 (the smallest product
 * LSB) in 640-bit two's complement: products of the 8/16-bit formats stay below
 * 2^256, C below 2^128, so 33 terms fit. */
#define XL 10
typedef struct xacc { uint64_t w[XL]; } xacc;

static void xadd(xacc *a, uint64_t sig, unsigned pos, unsigned neg)
{
    unsigned i = pos / 64u, off = pos % 64u;
    uint64_t part[2] = { sig << off, off ? sig >> (64u - off) : 0 };
    uint64_t carry = 0;
    for (unsigned j = i; j < XL; j++) {
        uint64_t x = j - i < 2u ? part[j - i] : 0, r;
        if (!neg) {
            r = a->w[j] + x;
            uint64_t c1 = r < x;
            uint64_t r2 = r + carry;
            carry = c1 | (r2 < r);
            a->w[j] = r2;
        } else {
            r = a->w[j] - x;
            uint64_t b1 = a->w[j] < x;
            uint64_t r2 = r - carry;
            carry = b1 | (r < carry);
            a->w[j] = r2;
        }
    }
}

/* F32 bits (finite) -> sig, exponent field (1 for denormals) */
static uint64_t f32_sig(uint32_t x, unsigned *e)
{
    unsigned ef = x >> 23 & 0xffu;
    *e = ef ? ef : 1u;
    return ef ? (x & 0x7fffffu) | 0x800000u : x & 0x7fffffu;
}

/* Round sign * a (a >= 0, units 2^-298) to nearest even in the IEEE-style format of
 * ebits exponent and mbits fraction bits (F32, F16, BF16): the bits of the result. */
static uint32_t xround(const xacc *a, unsigned sign, unsigned ebits, unsigned mbits)
{
    unsigned p = mbits + 1u;
    int bias = (1 << (ebits - 1u)) - 1, emin = 1 - bias, emax = bias;
    int top = -1;
    for (int j = XL - 1; j >= 0 && top < 0; j--)
        if (a->w[j])
            top = j * 64 + 63 - __builtin_clzll(a->w[j]);
    uint32_t sgn = sign << (mbits + ebits);
    if (top < 0)
        return sgn;
    int E = top - 298;                                  /* value in [2^E, 2^(E+1)) */
    int ulp = (E < emin ? emin : E) - (int)(p - 1);     /* exponent of the result's ulp */
    int sh = ulp + 298;                                 /* its bit in a */
    uint64_t q = 0;
    unsigned half = 0, sticky = 0;
    for (int b = top; b >= 0 && b >= sh - 1; b--) {
        unsigned bit = (unsigned)(a->w[b / 64] >> (b % 64) & 1u);
        if (b >= sh)
            q = q << 1 | bit;
        else
            half = bit;
    }
    if (sh >= 1)
        for (int b = sh - 2; b >= 0 && !sticky; b--)
            sticky = (unsigned)(a->w[b / 64] >> (b % 64) & 1u);
    if (half && (sticky || (q & 1u)))
        q++;
    int ue = ulp;
    if (q >> p) {                                       /* carried into a new bit */
        q >>= 1;
        ue++;
    }
    if (q < (1ull << (p - 1)))                          /* denormal (or zero) */
        return sgn | (uint32_t)q;
    int ef = ue + (int)(p - 1) + bias;
    if (ue + (int)(p - 1) > emax)
        return sgn | ((1u << ebits) - 1u) << mbits;     /* overflow: infinity (RNE) */
    return sgn | (uint32_t)ef << mbits | ((uint32_t)q & ((1u << mbits) - 1u));
}

/* One element with wmma_acc = 1: c, the products a[k] * b[k] (F32 bits, skip[k]:
 * a structural zero), out: d in format cd (a NaN or an infinity narrowed by fp_convert,
 * as the per-step reading narrows its F32 sum). */
static int fused_dot(uint32_t c, const uint32_t *a, const uint32_t *b, const uint8_t *skip,
                     unsigned n, unsigned cd, const fp_policy *pol, uint32_t *out)
{
    /* NaN: the first NaN of C, then A[k], B[k] in K order, quieted; inf * 0 and
     * inf - inf: the default NaN */
    uint32_t nan = 0;
    int pinf = 0, ninf = 0, invalid = 0;
    unsigned allneg0 = (c & 0x7fffffffu) == 0 && (c >> 31);
    if ((c & 0x7fffffffu) > 0x7f800000u)
        nan = c | 0x400000u;
    else if ((c & 0x7fffffffu) == 0x7f800000u)
        *(c >> 31 ? &ninf : &pinf) = 1;
    for (unsigned k = 0; k < n && !nan; k++) {
        if (skip[k])
            continue;
        uint32_t x = a[k], y = b[k], sg = (x ^ y) >> 31;
        if ((x & 0x7fffffffu) > 0x7f800000u)
            nan = x | 0x400000u;
        else if ((y & 0x7fffffffu) > 0x7f800000u)
            nan = y | 0x400000u;
        else if ((x & 0x7fffffffu) == 0x7f800000u || (y & 0x7fffffffu) == 0x7f800000u) {
            if (!(x & 0x7fffffffu) || !(y & 0x7fffffffu))
                invalid = 1;
            else
                *(sg ? &ninf : &pinf) = 1;
        }
        if (((x & 0x7fffffffu) && (y & 0x7fffffffu)) || !sg)
            allneg0 = 0;                        /* a nonzero or a +0 product */
    }
    uint32_t r;
    if (nan)
        r = nan;
    else if (invalid || (pinf && ninf))
        r = (uint32_t)pol->default_nan[FP_F32];
    else if (pinf || ninf)
        r = pinf ? 0x7f800000u : 0xff800000u;
    else {
        xacc acc;
        memset(&acc, 0, sizeof acc);
        unsigned e, ea, eb;
        uint64_t sc = f32_sig(c, &e);
        if (sc)
            xadd(&acc, sc, e + 148u, c >> 31);
        for (unsigned k = 0; k < n; k++) {
            if (skip[k])
                continue;
            uint64_t sa = f32_sig(a[k], &ea), sb = f32_sig(b[k], &eb);
            if (sa && sb)
                xadd(&acc, sa * sb, ea + eb - 2u, (a[k] ^ b[k]) >> 31);
        }
        unsigned neg = (unsigned)(acc.w[XL - 1] >> 63);
        if (neg) {                                      /* magnitude of a negative sum */
            uint64_t carry = 1;
            for (unsigned j = 0; j < XL; j++) {
                acc.w[j] = ~acc.w[j] + carry;
                carry = carry && acc.w[j] == 0;
            }
        }
        unsigned zero = 1;
        for (unsigned j = 0; j < XL; j++)
            zero &= acc.w[j] == 0;
        if (zero)
            neg = allneg0;                              /* exact zero: -0 only from -0 terms */
        *out = cd == WC_F16 ? xround(&acc, neg, 5, 10) : cd == WC_BF16 ? xround(&acc, neg, 8, 7)
                                                              : xround(&acc, neg, 8, 23);
        return GPUREF_OK;
    }
    *out = r;
    if (cd == WC_F32)
        return GPUREF_OK;
    uint64_t h = 0;
    unsigned exc = 0;
    int st = fp_convert(cd == WC_F16 ? FP_F16 : FP_BF16, FP_F32, r, pol, FP_F_RND(FP_RNE), &h, &exc);
    *out = (uint32_t)h;
    return st;
}

/* One element with wmma_acc = 0 (V51's default): t = c; t = fma(a[k], b[k], t) in K
 * order, one F32 RNE rounding per step (a NaN already in t stays), a structural zero
 * skipped; a 16-bit cd rounds the final t once more. */
static int stepped_dot(uint32_t c, const uint32_t *a, const uint32_t *b, const uint8_t *skip,
                       unsigned n, unsigned cd, const fp_policy *pol, uint32_t *out)
{
    uint64_t t = c, r = 0;
    unsigned exc = 0;
    for (unsigned k = 0; k < n; k++) {
        if (skip[k])
            continue;       /* a structural zero of the sparse A: no product */
        int st = fp_fma(FP_F32, a[k], b[k], t, pol, FP_F_RND(FP_RNE), &r, &exc);
        if (st)
            return st;
        t = fp_is_nan(FP_F32, t) ? (t | 0x400000u) : r;
    }
    if (cd == WC_F16 || cd == WC_BF16) {
        int st = fp_convert(cd == WC_F16 ? FP_F16 : FP_BF16, FP_F32, t, pol, FP_F_RND(FP_RNE), &r, &exc);
        if (st)
            return st;
        t = r;
    }
    *out = (uint32_t)t;
    return GPUREF_OK;
}

static int wmma(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, wmma_desc d)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    unsigned w64 = s->wave64, nl = rdna4_nlanes(s);
    unsigned fl = d.ka <= WK_BF8, dsz = kind_bits(d.ka);
    unsigned kp = d.sparse ? d.k / 2u : d.k;                  /* K of the stored A */
    unsigned kba = block_k(dsz, kp), kbb = block_k(dsz, d.k);
    unsigned b16 = d.cd == WC_F16 || d.cd == WC_BF16;
    unsigned key = v->opsel & 3u;
    /* the matrix unit's arithmetic: RNE, denormals kept, whatever MODE says (V51) */
    fp_policy pol_;
    const fp_policy *pol = &pol_;
    pol_ = fp_policy_rdna4;
    int pst = fp_policy_rdna4_mode(&pol_, 0xf0u);
    if (pst)
        return rdna4_fp_fail(s, p, pst);

    /* modifiers (§7.12 L3579-3583, §7.7 L3199-3205, L3232): IU rows: NEG[1:0] = signed
     * A/B, NEG[2] and NEG_HI undefined; F16/BF16 rows: NEG/NEG_HI[1:0] negate the low/high
     * halves of A/B; {NEG_HI[2], NEG[2]} = {ABS, NEG} on C; FP8/BF8: no NEG on A/B. */
    if (!fl && ((v->neg & 4u) || v->neg_hi))
        return rdna4_valu_not_yet(s, p, "with NEG[2] or NEG_HI on an IU matrix");
    if (fl && d.ka >= WK_FP8 && ((v->neg | v->neg_hi) & 3u))
        return rdna4_valu_not_yet(s, p, "with NEG on an FP8/BF8 matrix");

    /* A (expanded for SWMMAC) and B, as F32 bits or integers */
    uint32_t fa[16][64], fb[16][64];           /* fa[m][k], fb[n][k] */
    int32_t ia[16][64], ib[16][64];
    uint8_t za[16][64];                         /* A element is a structural zero (SWMMAC) */
    memset(za, 0, sizeof za);
    unsigned sa = v->neg & 1u, sb = v->neg >> 1 & 1u;
    for (unsigned m = 0; m < 16; m++)
        for (unsigned k = 0; k < kp; k++) {
            wloc o = ab_loc(dsz, kba, w64, m, k);
            uint32_t e = field(opnd(s, v, 0, o.vgpr, o.lane), o.bit, dsz);
            if (fl && d.ka <= WK_BF16 && ((o.bit ? v->neg_hi : v->neg) & 1u))
                e ^= 0x8000u;
            fa[m][k] = fl ? elem_f32(d.ka, e, pol) : 0;
            ia[m][k] = fl ? 0 : elem_int(d.ka, e, sa);
        }
    if (d.sparse) {
        /* §7.12.3: the index pair of a group of two packed values sits in the lane of
         * those values, at their pair's ordinal within the lane's A bits; a set holds the
         * lane's groups (4 bits each), OPSEL[1:0] (index_key) selects the set (L3822). */
        unsigned na = dsz == 4 && kp == 16 ? 1u : block_vgprs(dsz, kba, w64) * (kp / kba);
        unsigned setbits = 4u * (na * 32u / (2u * dsz));
        if (key >= 32u / setbits)       /* llvm-mc: "out of range index_key" */
            return rdna4_valu_not_yet(s, p, "with an index_key beyond the index sets");
        uint32_t xa[16][64];
        int32_t xi[16][64];
        for (unsigned m = 0; m < 16; m++)
            for (unsigned g = 0; g < kp / 2u; g++) {
                wloc o = ab_loc(dsz, kba, w64, m, 2u * g);
                unsigned slot = (o.vgpr * 32u + o.bit) / (2u * dsz);
                unsigned base = (key * setbits + slot * 4u) & 31u;
                uint32_t ix = opnd(s, v, 2, 0, o.lane) >> base;
                unsigned i0 = ix & 3u, i1 = ix >> 2 & 3u;
                for (unsigned j = 0; j < 4; j++) {
                    /* L3836-3842: col+0 = idx0==0 ? v0; col+1/2 = idx0==j ? v0 : idx1==j ?
                     * v1; col+3 = idx1==3 ? v1; else 0 (2 = zero) */
                    unsigned c = 4u * g + j;
                    unsigned src = j == 0 ? (i0 == 0 ? 0u : 2u)
                                 : j == 3 ? (i1 == 3 ? 1u : 2u)
                                 : i0 == j ? 0u : i1 == j ? 1u : 2u;
                    za[m][c] = src == 2u;
                    xa[m][c] = src == 2u ? 0 : fa[m][2u * g + src];
                    xi[m][c] = src == 2u ? 0 : ia[m][2u * g + src];
                }
            }
        memcpy(fa, xa, sizeof xa);
        memcpy(ia, xi, sizeof xi);
    }
    for (unsigned k = 0; k < d.k; k++)
        for (unsigned n = 0; n < 16; n++) {
            wloc o = ab_loc(dsz, kbb, w64, n, k);
            uint32_t e = field(opnd(s, v, 1, o.vgpr, o.lane), o.bit, dsz);
            if (fl && d.kb <= WK_BF16 && ((o.bit ? v->neg_hi : v->neg) >> 1 & 1u))
                e ^= 0x8000u;
            fb[n][k] = fl ? elem_f32(d.kb, e, pol) : 0;
            ib[n][k] = fl ? 0 : elem_int(d.kb, e, sb);
        }

    /* C: SRC2 (WMMA) or VDST (SWMMAC); D written after every read */
    unsigned nd = b16 ? (w64 ? 2u : 4u) : (w64 ? 4u : 8u);
    uint32_t out[8][RDNA4_NL];
    rdna4_vpre cv = *v;
    if (d.sparse) {
        cv.v[2] = (int16_t)v->vdst;
    }
    for (unsigned r = 0; r < nd; r++)
        for (unsigned l = 0; l < nl; l++)
            out[r][l] = opnd(s, &cv, 2, r, l);
    uint32_t c16 = (!d.sparse && v->v[2] < 0 && b16) ? c16_scalar(s, v, d.cd == WC_BF16) : 0;
    for (unsigned m = 0; m < 16; m++)
        for (unsigned n = 0; n < 16; n++) {
            wloc o = cd_loc(b16, w64, m, n);
            uint32_t c = (!d.sparse && v->v[2] < 0 && b16) ? c16
                       : field(out[o.vgpr][o.lane], o.bit, b16 ? 16u : 32u);
            uint32_t res;
            if (d.cd == WC_I32) {
                int64_t t = (int32_t)c;
                for (unsigned k = 0; k < d.k; k++)
                    t += (int64_t)ia[m][k] * ib[n][k];
                res = (uint32_t)t;
            } else {
                uint64_t t = c;
                uint32_t sign = b16 ? 0x8000u : 0x80000000u;
                if (v->neg_hi >> 2 & 1u)
                    t &= ~(uint64_t)sign;
                if (v->neg >> 2 & 1u)
                    t ^= sign;
                if (b16)
                    t = elem_f32(d.cd == WC_F16 ? WK_F16 : WK_BF16, (uint32_t)t, pol);
                int st = (s->wmma_acc ? fused_dot : stepped_dot)((uint32_t)t, fa[m], fb[n], za[m], d.k,
                                                                 d.cd, pol, &res);
                if (st)
                    return rdna4_fp_fail(s, p, st);
            }
            if (b16)
                out[o.vgpr][o.lane] = (out[o.vgpr][o.lane] & ~(0xffffu << o.bit)) |
                                      (res & 0xffffu) << o.bit;
            else
                out[o.vgpr][o.lane] = res;
        }
    uint64_t all = w64 ? ~0ull : 0xffffffffull;
    rr->exec_mask = rdna4_exec_mask(s);
    for (unsigned r = 0; r < nd; r++)
        rdna4_valu_write(s, rr, (v->vdst + r) & 255u, out[r], all);
    return GPUREF_OK;
}

#define W(name, a, b, c, k, sp) \
    RDNA4_EXEC(name) { return wmma(s, p, rr, (wmma_desc){ a, b, c, k, sp }); }

W(v_wmma_f32_16x16x16_f16, WK_F16, WK_F16, WC_F32, 16, 0)
W(v_wmma_f32_16x16x16_bf16, WK_BF16, WK_BF16, WC_F32, 16, 0)
W(v_wmma_f16_16x16x16_f16, WK_F16, WK_F16, WC_F16, 16, 0)
W(v_wmma_bf16_16x16x16_bf16, WK_BF16, WK_BF16, WC_BF16, 16, 0)
W(v_wmma_i32_16x16x16_iu8, WK_IU8, WK_IU8, WC_I32, 16, 0)
W(v_wmma_i32_16x16x16_iu4, WK_IU4, WK_IU4, WC_I32, 16, 0)
W(v_wmma_i32_16x16x32_iu4, WK_IU4, WK_IU4, WC_I32, 32, 0)
W(v_wmma_f32_16x16x16_fp8_fp8, WK_FP8, WK_FP8, WC_F32, 16, 0)
W(v_wmma_f32_16x16x16_fp8_bf8, WK_FP8, WK_BF8, WC_F32, 16, 0)
W(v_wmma_f32_16x16x16_bf8_fp8, WK_BF8, WK_FP8, WC_F32, 16, 0)
W(v_wmma_f32_16x16x16_bf8_bf8, WK_BF8, WK_BF8, WC_F32, 16, 0)
W(v_swmmac_f32_16x16x32_f16, WK_F16, WK_F16, WC_F32, 32, 1)
W(v_swmmac_f32_16x16x32_bf16, WK_BF16, WK_BF16, WC_F32, 32, 1)
W(v_swmmac_f16_16x16x32_f16, WK_F16, WK_F16, WC_F16, 32, 1)
W(v_swmmac_bf16_16x16x32_bf16, WK_BF16, WK_BF16, WC_BF16, 32, 1)
W(v_swmmac_i32_16x16x32_iu8, WK_IU8, WK_IU8, WC_I32, 32, 1)
W(v_swmmac_i32_16x16x32_iu4, WK_IU4, WK_IU4, WC_I32, 32, 1)
W(v_swmmac_i32_16x16x64_iu4, WK_IU4, WK_IU4, WC_I32, 64, 1)
W(v_swmmac_f32_16x16x32_fp8_fp8, WK_FP8, WK_FP8, WC_F32, 32, 1)
W(v_swmmac_f32_16x16x32_fp8_bf8, WK_FP8, WK_BF8, WC_F32, 32, 1)
W(v_swmmac_f32_16x16x32_bf8_fp8, WK_BF8, WK_FP8, WC_F32, 32, 1)
W(v_swmmac_f32_16x16x32_bf8_bf8, WK_BF8, WK_BF8, WC_F32, 32, 1)
