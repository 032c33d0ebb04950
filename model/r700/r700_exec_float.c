/* r700_exec_float.c - float arithmetic, rounding, MOVA*, MULADD*, MUL_LIT
 * and the reductions (DOT4, DOT4_IEEE, MAX4, CUBE), through model/fp with the
 * R700 policy (model/fp/policy_isa.c). */
#include "r700.h"

#define F1   0x3f800000u
#define NMAX 0xff7fffffu     /* -MAX_FLOAT */

int r700_x_add(r700_lane *l) { return fp32_add(l->src[0], l->src[1], l->fp, 0, &l->dst, NULL); }
/* MUL, MULADD*, DOT4, MUL_LIT: 0 * anything = 0 (L1831); the _IEEE forms IEEE */
int r700_x_mul(r700_lane *l) { return fp32_mul(l->src[0], l->src[1], l->fp, FP_F_ZERO_WINS, &l->dst, NULL); }
int r700_x_mul_ieee(r700_lane *l) { return fp32_mul(l->src[0], l->src[1], l->fp, 0, &l->dst, NULL); }
/* MAX: s0 >= s1 ? s0 : s1, MIN: s0 < s1 ? s0 : s1 (L4195-4201, L4339-4371);
 * the DX10 forms: a NaN operand loses (D9) */
int r700_x_max(r700_lane *l) { return fp32_max(FP_MM_LEGACY_GE, l->src[0], l->src[1], l->fp, 0, &l->dst, NULL); }
int r700_x_min(r700_lane *l) { return fp32_min(FP_MM_LEGACY_GE, l->src[0], l->src[1], l->fp, 0, &l->dst, NULL); }
int r700_x_max_dx10(r700_lane *l) { return fp32_max(FP_MM_DX10, l->src[0], l->src[1], l->fp, 0, &l->dst, NULL); }
int r700_x_min_dx10(r700_lane *l) { return fp32_min(FP_MM_DX10, l->src[0], l->src[1], l->fp, 0, &l->dst, NULL); }
int r700_x_fract(r700_lane *l) { return fp32_fract(l->src[0], l->fp, 0, &l->dst, NULL); }
int r700_x_trunc(r700_lane *l) { return fp32_trunc(l->src[0], l->fp, 0, &l->dst, NULL); }
int r700_x_ceil(r700_lane *l)  { return fp32_ceil(l->src[0], l->fp, 0, &l->dst, NULL); }
int r700_x_rndne(r700_lane *l) { return fp32_rne(l->src[0], l->fp, 0, &l->dst, NULL); }
int r700_x_floor(r700_lane *l) { return fp32_floor(l->src[0], l->fp, 0, &l->dst, NULL); }

/* MOVA*: AR.elem = v, v = floor(s0 + 0.5) / floor(s0) / (int)s0, then
 * "if v < -256: -256; if v > 255: -256" (L4496-4498, L4562-4564): every
 * value out of [-256, 255], NaN included, gives -256 (D10).  No GPR write,
 * PV.elem reads 0 (undefined on hardware, L1914-1920). */
static int mova_set(r700_lane *l, uint32_t f, int isint)
{
    uint64_t r;
    int st = isint ? (l->ar = (int32_t)f, 0)
                   : fp_to_int(FP_I64, FP_F32, f, l->fp, FP_F_RND(FP_RTZ), &r, NULL);
    if (st)
        return st;
    if (!isint) {
        int64_t v = (int64_t)r;
        if (fp_is_nan(FP_F32, f) || (f & 0x7fffffffu) >= 0x4f000000u)   /* |v| >= 2^31, inf: out of range (D10) */
            v = -256;
        l->ar = (v < -256 || v > 255) ? -256 : (int)v;
    } else if (l->ar < -256 || l->ar > 255) {
        l->ar = -256;
    }
    l->nowrite = 1;
    return GPUREF_OK;
}
int r700_x_mova(r700_lane *l)
{
    uint32_t t, f;
    int st = fp32_add(l->src[0], 0x3f000000u, l->fp, 0, &t, NULL);
    if (!st)
        st = fp32_floor(t, l->fp, 0, &f, NULL);
    return st ? st : mova_set(l, f, 0);
}
int r700_x_mova_floor(r700_lane *l)
{
    uint32_t f;
    int st = fp32_floor(l->src[0], l->fp, 0, &f, NULL);
    return st ? st : mova_set(l, f, 0);
}
int r700_x_mova_int(r700_lane *l) { return mova_set(l, l->src[0], 1); }

/* MULADD: (s0 * s1 rounded) + s2 rounded (unfused, D11), then the opcode's
 * output scale */
static int mad(r700_lane *l, unsigned zw, uint32_t scale)
{
    uint32_t t;
    uint64_t r;
    int st = fp_mad(FP_F32, l->src[0], l->src[1], l->src[2], l->fp, zw, &r, NULL);
    if (st)
        return st;
    t = (uint32_t)r;
    if (scale == F1) {
        l->dst = t;
        return GPUREF_OK;
    }
    return fp32_mul(t, scale, l->fp, 0, &l->dst, NULL);
}
int r700_x_muladd(r700_lane *l)         { return mad(l, FP_F_ZERO_WINS, F1); }
int r700_x_muladd_m2(r700_lane *l)      { return mad(l, FP_F_ZERO_WINS, 0x40000000u); }
int r700_x_muladd_m4(r700_lane *l)      { return mad(l, FP_F_ZERO_WINS, 0x40800000u); }
int r700_x_muladd_d2(r700_lane *l)      { return mad(l, FP_F_ZERO_WINS, 0x3f000000u); }
int r700_x_muladd_ieee(r700_lane *l)    { return mad(l, 0, F1); }
int r700_x_muladd_ieee_m2(r700_lane *l) { return mad(l, 0, 0x40000000u); }
int r700_x_muladd_ieee_m4(r700_lane *l) { return mad(l, 0, 0x40800000u); }
int r700_x_muladd_ieee_d2(r700_lane *l) { return mad(l, 0, 0x3f000000u); }

/* MUL_LIT (L4729): if s1 is -MAX_FLOAT or -inf or NaN, or s2 <= 0 or NaN:
 * -MAX_FLOAT; else s0 * s1 (0 * x = 0); then the opcode's scale */
static int mul_lit(r700_lane *l, uint32_t scale)
{
    uint32_t s1 = l->src[1], s2 = l->src[2], t;
    int le, st = fp32_cmp(FP_CMP_LE, s2, 0, l->fp, 0, &le, NULL);
    if (st)
        return st;
    if (s1 == NMAX || s1 == 0xff800000u || fp_is_nan(FP_F32, s1) || le || fp_is_nan(FP_F32, s2))
        t = NMAX;
    else if ((st = fp32_mul(l->src[0], s1, l->fp, FP_F_ZERO_WINS, &t, NULL)))
        return st;
    if (scale == F1) {
        l->dst = t;
        return GPUREF_OK;
    }
    return fp32_mul(t, scale, l->fp, 0, &l->dst, NULL);
}
int r700_x_mul_lit(r700_lane *l)    { return mul_lit(l, F1); }
int r700_x_mul_lit_m2(r700_lane *l) { return mul_lit(l, 0x40000000u); }
int r700_x_mul_lit_m4(r700_lane *l) { return mul_lit(l, 0x40800000u); }
int r700_x_mul_lit_d2(r700_lane *l) { return mul_lit(l, 0x3f000000u); }

/* DOT4: ((p_x + p_y) + p_z) + p_w, every product and sum rounded (D22) */
static int dot4(r700_lane *l, unsigned zw)
{
    uint32_t p[4], a;
    int st = 0;
    for (unsigned e = 0; e < 4 && !st; e++)
        st = fp32_mul(l->rsrc[e][0], l->rsrc[e][1], l->fp, zw, &p[e], NULL);
    if (!st) st = fp32_add(p[0], p[1], l->fp, 0, &a, NULL);
    if (!st) st = fp32_add(a, p[2], l->fp, 0, &a, NULL);
    if (!st) st = fp32_add(a, p[3], l->fp, 0, &l->dst, NULL);
    return st;
}
int r700_x_dot4(r700_lane *l)      { return dot4(l, FP_F_ZERO_WINS); }
int r700_x_dot4_ieee(r700_lane *l) { return dot4(l, 0); }
/* MAX4: max over the four slots' src0, as MAX left to right */
int r700_x_max4(r700_lane *l)
{
    uint32_t m = l->rsrc[0][0];
    int st = 0;
    for (unsigned e = 1; e < 4 && !st; e++)
        st = fp32_max(FP_MM_LEGACY_GE, m, l->rsrc[e][0], l->fp, 0, &m, NULL);
    l->dst = m;
    return st;
}
/* CUBE (L3360-3380): src0 = R.zzxy, src1 = R.yxzz; result X = tc, Y = sc,
 * Z = 2 * major axis, W = face id 0..5 (+X,-X,+Y,-Y,+Z,-Z) as a float; the
 * GL cube-face table, z wins ties, then y (D23) */
int r700_x_cube(r700_lane *l)
{
    uint32_t x = l->rsrc[2][0], y = l->rsrc[3][0], z = l->rsrc[0][0];
    uint32_t ax = x & 0x7fffffffu, ay = y & 0x7fffffffu, az = z & 0x7fffffffu;
    int zy, zx, yx, st;
    if ((st = fp32_cmp(FP_CMP_GE, az, ay, l->fp, 0, &zy, NULL)) ||
        (st = fp32_cmp(FP_CMP_GE, az, ax, l->fp, 0, &zx, NULL)) ||
        (st = fp32_cmp(FP_CMP_GE, ay, ax, l->fp, 0, &yx, NULL)))
        return st;
    uint32_t ma, sc, tc, face;
    unsigned neg;
    if (zy && zx) {
        neg = z >> 31; ma = z; face = neg ? 5 : 4;
        sc = neg ? x ^ 0x80000000u : x; tc = y ^ 0x80000000u;
    } else if (yx) {
        neg = y >> 31; ma = y; face = neg ? 3 : 2;
        sc = x; tc = neg ? z ^ 0x80000000u : z;
    } else {
        neg = x >> 31; ma = x; face = neg ? 1 : 0;
        sc = neg ? z : z ^ 0x80000000u; tc = y ^ 0x80000000u;
    }
    static const uint32_t fid[6] = { 0, 0x3f800000u, 0x40000000u, 0x40400000u, 0x40800000u, 0x40a00000u };
    switch (l->unit) {
    case 0: l->dst = tc; return GPUREF_OK;
    case 1: l->dst = sc; return GPUREF_OK;
    case 2: return fp32_mul(ma, 0x40000000u, l->fp, 0, &l->dst, NULL);
    default: l->dst = fid[face]; return GPUREF_OK;
    }
}

/* ------------------------------------------------------------ doubles
 * Two-slot doubles (seed-r700 §3.14): the even slot (x, z) of the pair reads
 * the high dwords (sign, exponent), the odd slot (y, w) the low dwords; the
 * even slot writes the result's low dword, the odd slot its high dword
 * (ADD_64 example, L3039-3078). */
static unsigned pair_of(const r700_lane *l) { return l->unit & 2u; }

static uint64_t pair_src(const r700_lane *l, unsigned k)
{
    unsigned p = pair_of(l);
    return (uint64_t)l->rsrc[p][k] << 32 | l->rsrc[p + 1][k];
}

static void pair_dst(r700_lane *l, uint64_t v)
{
    l->dst = (l->unit & 1) ? (uint32_t)(v >> 32) : (uint32_t)v;
}

/* ADD_64: IEEE binary64 add, round to nearest even, denormals as zero in
 * and out, a NaN operand propagated (src0 first), inf - inf the NaN64
 * 0xFFF8000000000000 (Table 9.1, L2990-3005) */
int r700_x_add_64(r700_lane *l)
{
    uint64_t r;
    int st = fp_add(FP_F64, pair_src(l, 0), pair_src(l, 1), l->fp, 0, &r, NULL);
    if (!st)
        pair_dst(l, r);
    return st;
}

/* FLT32_TO_FLT64: src0 of the even slot (.X or .Z) converted exactly; a
 * denormal gives a signed zero, a NaN keeps its sign and its mantissa in
 * bits 51:29 (signalling stays signalling), inf stays inf (L3503-3545) */
int r700_x_flt32_to_flt64(r700_lane *l)
{
    uint32_t f = l->rsrc[pair_of(l)][0];
    uint64_t sign = (uint64_t)(f >> 31) << 63, man = f & 0x7fffffu;
    unsigned ex = (f >> 23) & 0xff;
    uint64_t r;
    if (ex == 0xff)
        r = sign | 0x7ff0000000000000ull | man << 29;
    else if (ex == 0)
        r = sign;
    else
        r = sign | (uint64_t)(ex + 1023 - 127) << 52 | man << 29;
    pair_dst(l, r);
    return GPUREF_OK;
}
