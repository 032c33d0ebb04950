/* r700_exec_float.c - float arithmetic, rounding, MOVA*, MULADD*, MUL_LIT
 * and the reductions (DOT4, DOT4_IEEE, MAX4, CUBE), through model/fp with the
 * R700 policy (model/fp/policy_isa.c). */
#include "r700.h"

#define F1   0x3f800000u
#define NMAX 0xff7fffffu     /* -MAX_FLOAT */

/* OMOD (x2, x4, /2) then CLAMP to [0, 1] (L1972-1980) on a result of format
 * f: FP_F32, or FP_F64 for a double's result (D40); exact float ops through
 * model/fp, a NaN clamped to +0 (D12) */
int r700_out_mod(const fp_policy *fp, fp_fmt f, unsigned omod, unsigned clamp, uint64_t *v)
{
    static const uint64_t k32[4] = { 0x3f800000u, 0x40000000u, 0x40800000u, 0x3f000000u };
    static const uint64_t k64[4] = { 0x3ff0000000000000ull, 0x4000000000000000ull,
                                     0x4010000000000000ull, 0x3fe0000000000000ull };
    if (!omod && !clamp)
        return GPUREF_OK;
    return fp_mul(f, *v, (f == FP_F64 ? k64 : k32)[omod & 3], fp, clamp ? FP_F_CLAMP : 0, v, NULL);
}

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

/* a double result r: the even slot's OMOD, then CLAMP (D40), then this
 * slot's half (the even slot the low dword, the odd slot the high dword) */
static int pair_dst(r700_lane *l, uint64_t r)
{
    int st = r700_out_mod(l->fp, FP_F64, l->omod64, l->clamp64, &r);
    if (!st)
        l->dst = (l->unit & 1) ? (uint32_t)(r >> 32) : (uint32_t)r;
    return st;
}

/* ADD_64: IEEE binary64 add, round to nearest even, denormals as zero in
 * and out, a NaN operand propagated (src0 first), inf - inf the NaN64
 * 0xFFF8000000000000 (Table 9.1, L2990-3005) */
int r700_x_add_64(r700_lane *l)
{
    uint64_t r;
    int st = fp_add(FP_F64, pair_src(l, 0), pair_src(l, 1), l->fp, 0, &r, NULL);
    return st ? st : pair_dst(l, r);
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
    return pair_dst(l, r);
}

/* four-slot doubles (MUL_64, MULADD_64*, L4590-4640): x, y and z read the
 * high dwords (the operands of slot x count, with its modifiers), w the low
 * dwords; x and z write the result's low dword, y and w its high dword
 * ("The hardware puts the result in two different slot pairs", D56) */
static uint64_t quad_src(const r700_lane *l, unsigned k)
{
    return (uint64_t)l->rsrc[0][k] << 32 | l->rsrc[3][k];
}

int r700_x_mul_64(r700_lane *l)
{
    uint64_t r;
    int st = fp_mul(FP_F64, quad_src(l, 0), quad_src(l, 1), l->fp, 0, &r, NULL);
    return st ? st : pair_dst(l, r);
}

/* MULADD_64*: the product rounded, then the sum rounded (Tables 9.8 and 9.9
 * give a multiply and an add; D57), then the opcode's scale */
static int muladd64(r700_lane *l, uint64_t scale)
{
    uint64_t r;
    int st = fp_mad(FP_F64, quad_src(l, 0), quad_src(l, 1), quad_src(l, 2), l->fp, 0, &r, NULL);
    if (!st && scale)
        st = fp_mul(FP_F64, r, scale, l->fp, 0, &r, NULL);
    return st ? st : pair_dst(l, r);
}
int r700_x_muladd_64(r700_lane *l)    { return muladd64(l, 0); }
int r700_x_muladd_64_m2(r700_lane *l) { return muladd64(l, 0x4000000000000000ull); }
int r700_x_muladd_64_m4(r700_lane *l) { return muladd64(l, 0x4010000000000000ull); }
int r700_x_muladd_64_d2(r700_lane *l) { return muladd64(l, 0x3fe0000000000000ull); }

/* FREXP_64 (L3760-3810): src0 = (slot x's src0 high, slot y's src0 low);
 * the exponent as a 64-bit two's complement integer in Y:X, the fraction
 * {sign, 0x3fe, mantissa} in W:Z; zero and denormals (0, +-0); inf (-1,
 * NaN64); NaN (-1, the NaN) (D58) */
int r700_x_frexp_64(r700_lane *l)
{
    uint64_t a = (uint64_t)l->rsrc[0][0] << 32 | l->rsrc[1][0];
    uint64_t sign = a & 0x8000000000000000ull, man = a & 0xfffffffffffffull;
    unsigned ex = (unsigned)(a >> 52) & 0x7ff;
    int64_t e;
    uint64_t f;
    if (ex == 0x7ff) {
        e = -1;
        f = man ? a : 0xfff8000000000000ull;
    } else if (ex == 0) {
        e = 0;
        f = sign;
    } else {
        e = (int64_t)ex - 1022;
        f = sign | 0x3fe0000000000000ull | man;
    }
    switch (l->unit) {
    case 0: l->dst = (uint32_t)(uint64_t)e; break;
    case 1: l->dst = (uint32_t)((uint64_t)e >> 32); break;
    case 2: l->dst = (uint32_t)f; break;
    default: l->dst = (uint32_t)(f >> 32); break;
    }
    return GPUREF_OK;
}

/* FLT64_TO_FLT32 (L3603-3640; D59): src0's double rounded to nearest even
 * as an IEEE conversion with the R700 policy (denormal in and out as zero,
 * overflow to inf), a NaN gives 0x7FC00000 / 0xFFC00000 by its sign (Table
 * 9.3); the result is the even slot's; the odd slot's value is not stated */
int r700_x_flt64_to_flt32(r700_lane *l)
{
    uint64_t a = pair_src(l, 0);
    if (l->unit & 1) {
        if (l->sl->write) {
            l->why = "the odd slot of FLT64_TO_FLT32 with WRITE_MASK: its value is not stated, D59";
            return GPUREF_ERR_UNIMPL;
        }
        l->nowrite = 1;
        return GPUREF_OK;
    }
    uint64_t r;
    int st;
    if (fp_is_nan(FP_F64, a))
        r = (a >> 63) ? 0xffc00000u : 0x7fc00000u;
    else if ((st = fp_convert(FP_F32, FP_F64, a, l->fp, 0, &r, NULL)))
        return st;
    /* the even slot's modifiers on the f32 result */
    if ((st = r700_out_mod(l->fp, FP_F32, l->omod64, l->clamp64, &r)))
        return st;
    l->dst = (uint32_t)r;
    return GPUREF_OK;
}

/* FRACT_64 (L3690-3750): x - floor(x) in [0, 1) (fp_fract: a result that
 * would round to 1.0 is the largest double below it); +-0 and denormals +0;
 * inf NaN64; a NaN returned */
int r700_x_fract_64(r700_lane *l)
{
    uint64_t a = pair_src(l, 0), r;
    int st;
    if (fp_is_nan(FP_F64, a))
        r = a;
    else if ((fp_classify(FP_F64, a) & (FP_CLASS_POS_INF | FP_CLASS_NEG_INF)))
        r = 0xfff8000000000000ull;
    else if ((st = fp_fract(FP_F64, a, l->fp, 0, &r, NULL)))
        return st;
    if ((r << 1) == 0)
        r = 0;                          /* -0 gives +0 (Table 9.4) */
    return pair_dst(l, r);
}

/* LDEXP_64 (L3994-4090; D60): src0 the double (as the example: "LDEXP_64
 * re.x ra.h rj.h"), src1 the even slot's signed 32-bit exponent; inf and NaN
 * returned; zero and denormals a signed zero; the exponent field plus n: at
 * or above 0x7FF +-inf, at or below 0 +-0, else the same mantissa */
int r700_x_ldexp_64(r700_lane *l)
{
    uint64_t a = pair_src(l, 0);
    int64_t n = (int32_t)l->rsrc[pair_of(l)][1];
    uint64_t sign = a & 0x8000000000000000ull, r;
    int64_t ex = (int64_t)(a >> 52 & 0x7ff);
    if (ex == 0x7ff)
        r = a;
    else if (ex == 0)
        r = sign;
    else if (ex + n >= 0x7ff)
        r = sign | 0x7ff0000000000000ull;
    else if (ex + n <= 0)
        r = sign;
    else
        r = sign | (uint64_t)(ex + n) << 52 | (a & 0xfffffffffffffull);
    return pair_dst(l, r);
}

/* PRED_SETE/GE/GT_64 (L5380-5470, Tables 9.10-9.12; D61): as the 32-bit
 * PRED_SET*, true gives 0x0 and execute, false 0xFFFFFFFF and skip, in both
 * slots; denormals compare as zero, -0 == +0, a NaN compares false */
static int pset64(r700_lane *l, fp_pred pr)
{
    int t, st = fp_cmp(FP_F64, pr, pair_src(l, 0), pair_src(l, 1), l->fp, 0, &t, NULL);
    if (st)
        return st;
    l->dst = t ? 0 : 0xffffffffu;
    l->pred_out = t;
    return GPUREF_OK;
}
int r700_x_pred_sete_64(r700_lane *l)  { return pset64(l, FP_CMP_EQ); }
int r700_x_pred_setge_64(r700_lane *l) { return pset64(l, FP_CMP_GE); }
int r700_x_pred_setgt_64(r700_lane *l) { return pset64(l, FP_CMP_GT); }
