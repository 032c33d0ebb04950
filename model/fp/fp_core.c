/* fp_core.c - formats, policy validation, unpacking, the one rounding
 * routine, NaN rules, the result stage, classification and ULP distance. */
#include <stddef.h>
#include <stdio.h>
#include "fp_impl.h"

/*                                bits eb mb noinf bias  emin  emax  maxmant */
const fp_fmtinfo fp__fmt[FP_NFMT] = {
    [FP_F16]  = { 16,  5, 10, 0,   15,   -14,   15, 0x3ff },
    [FP_BF16] = { 16,  8,  7, 0,  127,  -126,  127, 0x7f },
    [FP_F32]  = { 32,  8, 23, 0,  127,  -126,  127, 0x7fffff },
    [FP_F64]  = { 64, 11, 52, 0, 1023, -1022, 1023, 0xfffffffffffffull },
    [FP_E4M3] = {  8,  4,  3, 1,    7,    -6,    8, 0x6 },    /* max 1.110b * 2^8 = 448 */
    [FP_E5M2] = {  8,  5,  2, 0,   15,   -14,   15, 0x3 },    /* max 1.11b * 2^15 = 57344 */
};

_Static_assert(offsetof(fp_policy, reserved) == FP_POLICY_KNOB_BYTES, "knob block layout");
_Static_assert(offsetof(fp_policy, default_nan) == FP_POLICY_KNOB_BYTES + 2, "knob block layout");
_Static_assert(offsetof(fp_policy, name) == 88, "fp_policy_fold covers the first 88 bytes");

static const char *const fmt_names[FP_NFMT] = { "f16", "bf16", "f32", "f64", "e4m3", "e5m2" };

const char *fp_fmt_name(fp_fmt f) { return (unsigned)f < FP_NFMT ? fmt_names[f] : NULL; }
unsigned fp_fmt_bits(fp_fmt f) { return (unsigned)f < FP_NFMT ? fp__fmt[f].bits : 0; }

/* ------------------------------------------------------------ policy */

static int knob_err(char *msg, size_t len, const fp_policy *p, const char *knob, int fmt, unsigned v)
{
    if (msg && len) {
        if (fmt >= 0)
            snprintf(msg, len, "fp policy %s: knob %s[%s] is %s (%u)", p->name ? p->name : "?",
                     knob, fmt_names[fmt], v ? "out of range" : "unset", v);
        else
            snprintf(msg, len, "fp policy %s: knob %s is %s (%u)", p->name ? p->name : "?",
                     knob, v ? "out of range" : "unset", v);
    }
    return GPUREF_ERR_CONFIG;
}

static int is_nan_pattern(fp_fmt f, uint64_t v)
{
    const fp_fmtinfo *F = &fp__fmt[f];
    if (F->bits < 64 && (v >> F->bits)) return 0;
    return (fp_classify(f, v) & (FP_CLASS_SNAN | FP_CLASS_QNAN)) != 0;
}

int fp_policy_check(const fp_policy *p, char *msg, size_t msglen)
{
    if (!p) {
        if (msg && msglen) snprintf(msg, msglen, "fp policy: NULL");
        return GPUREF_ERR_ARG;
    }
    for (int f = 0; f < FP_NFMT; f++) {
        if (p->denorm_in[f] == 0 || p->denorm_in[f] > FP_DENORM_FLUSH)
            return knob_err(msg, msglen, p, "denorm_in", f, p->denorm_in[f]);
        if (p->denorm_out[f] == 0 || p->denorm_out[f] > FP_DENORM_FLUSH)
            return knob_err(msg, msglen, p, "denorm_out", f, p->denorm_out[f]);
        if (p->round[f] == 0 || p->round[f] > FP_RNA)
            return knob_err(msg, msglen, p, "round", f, p->round[f]);
        if (p->overflow[f] == 0 || p->overflow[f] > FP_OVF_SAT)
            return knob_err(msg, msglen, p, "overflow", f, p->overflow[f]);
    }
#define K(name, max) if (p->name == 0 || p->name > (max)) return knob_err(msg, msglen, p, #name, -1, p->name)
    K(tininess, FP_TINY_AFTER);
    K(nan_prop, FP_NANP_DEFAULT);
    K(nan_quiet, FP_NANQ_KEEP);
    K(nan_inf, FP_NANINF_ON);
    K(zero_wins, FP_ZW_ON);
    K(zero_wins_sign, FP_ZWS_XOR);
    K(zero_cmp, FP_ZCMP_NEG_LESS);
    K(zero_minmax, FP_ZMM_GE_SELECT);
    K(clamp_nan, FP_CLNAN_KEEP);
    K(clamp_negzero, FP_CLZ_KEEP);
    K(int_nan, FP_INAN_MAX);
    K(int_ovf, FP_IOVF_WRAP);
    K(denorm_exc, FP_DEXC_ALWAYS);
    K(fma_nan, FP_FMAN_DEFAULT_INVALID);
#undef K
    if (p->reserved[0] || p->reserved[1]) {
        if (msg && msglen) snprintf(msg, msglen, "fp policy %s: reserved bytes not 0", p->name ? p->name : "?");
        return GPUREF_ERR_CONFIG;
    }
    for (int f = 0; f < FP_NFMT; f++) {
        if (p->default_nan[f] == 0 || !is_nan_pattern((fp_fmt)f, p->default_nan[f])) {
            if (msg && msglen)
                snprintf(msg, msglen, "fp policy %s: knob default_nan[%s] is %s (0x%llx)",
                         p->name ? p->name : "?", fmt_names[f],
                         p->default_nan[f] ? "not a NaN of that format" : "unset",
                         (unsigned long long)p->default_nan[f]);
            return GPUREF_ERR_CONFIG;
        }
    }
    return GPUREF_OK;
}

int fp__begin(const fp_policy *p, unsigned flags)
{
    if (!p) return GPUREF_ERR_ARG;
    if (flags & ~FP_F_ALL) return GPUREF_ERR_ARG;
    if ((flags & FP_F_RND_MASK) > FP_RNA) return GPUREF_ERR_ARG;
    if ((flags & FP_F_FLUSH_IN) && (flags & FP_F_KEEP_IN)) return GPUREF_ERR_ARG;
    if ((flags & FP_F_FLUSH_OUT) && (flags & FP_F_KEEP_OUT)) return GPUREF_ERR_ARG;
    if ((flags & FP_F_OVF_SAT) && (flags & FP_F_OVF_IEEE)) return GPUREF_ERR_ARG;
    return fp_policy_sealed(p) ? GPUREF_OK : GPUREF_ERR_CONFIG;
}

int fp_policy_seal(fp_policy *p, char *msg, size_t msglen)
{
    if (!p) return fp_policy_check(p, msg, msglen);
    p->seal = 0;
    int st = fp_policy_check(p, msg, msglen);
    if (st) return st;
    p->seal = fp_policy_fold(p);
    return GPUREF_OK;
}

int fp_policy_init(fp_policy *out, const char *name, char *msg, size_t msglen)
{
    const fp_policy *t = fp_policy_find(name);
    if (!out || !t) {
        if (msg && msglen) snprintf(msg, msglen, "fp policy: unknown ISA '%s'", name ? name : "(null)");
        return GPUREF_ERR_ARG;
    }
    *out = *t;
    return fp_policy_seal(out, msg, msglen);
}

/* ------------------------------------------------------ pack / unpack */

void fp__unpack(fp_fmt f, uint64_t bits, fp_unp *u)
{
    const fp_fmtinfo *F = &fp__fmt[f];
    uint64_t mmask = ((uint64_t)1 << F->mbits) - 1;
    uint64_t emask = ((uint64_t)1 << F->ebits) - 1;
    uint64_t m = bits & mmask;
    uint64_t ef = (bits >> F->mbits) & emask;
    u->sign = (unsigned)(bits >> (F->bits - 1)) & 1;
    u->denorm = 0;
    u->exp = 0;
    u->sig = 0;
    if (ef == emask && (!F->noinf || m == mmask)) {
        if (F->noinf) {                     /* E4M3 NaN: no payload, no sNaN */
            u->cls = FPC_QNAN;
            u->sig = (uint64_t)1 << 63;
        } else if (m == 0) {
            u->cls = FPC_INF;
        } else {
            u->sig = m << (64 - F->mbits);
            u->cls = (u->sig >> 63) ? FPC_QNAN : FPC_SNAN;
        }
        return;
    }
    if (ef == 0) {
        if (m == 0) { u->cls = FPC_ZERO; return; }
        int lz = fp__clz64(m);
        u->cls = FPC_NUM;
        u->denorm = 1;
        u->sig = m << lz;
        /* m * 2^(emin - mbits): leading bit at 63 - lz */
        u->exp = F->emin - F->mbits + (63 - lz);
        return;
    }
    u->cls = FPC_NUM;
    u->sig = ((m | ((uint64_t)1 << F->mbits)) << (63 - F->mbits));
    u->exp = (int32_t)ef - F->bias;
}

void fp__input(fp_fmt f, uint64_t bits, fp_env *e, fp_unp *u)
{
    fp__unpack(f, bits, u);
    if (u->denorm) {
        if (fp__flush_in(e, f)) {
            e->den_flushed = 1;
            u->cls = FPC_ZERO;
            u->sig = 0;
            u->exp = 0;
        } else {
            e->den_used = 1;
        }
    }
    if (fp__isnan(u)) e->nan_in = 1;
    if (fp__isnan(u) && e->p->nan_inf == FP_NANINF_ON) {
        u->cls = FPC_INF;
        u->sig = 0;
    }
}

uint64_t fp__pack_zero(fp_fmt f, unsigned sign)
{
    return (uint64_t)sign << (fp__fmt[f].bits - 1);
}

uint64_t fp__pack_inf(fp_fmt f, unsigned sign)
{
    const fp_fmtinfo *F = &fp__fmt[f];
    uint64_t s = (uint64_t)sign << (F->bits - 1);
    uint64_t e = (((uint64_t)1 << F->ebits) - 1) << F->mbits;
    if (F->noinf) return s | e | (((uint64_t)1 << F->mbits) - 1);
    return s | e;
}

uint64_t fp__pack_max(fp_fmt f, unsigned sign)
{
    const fp_fmtinfo *F = &fp__fmt[f];
    return ((uint64_t)sign << (F->bits - 1)) | ((uint64_t)(F->emax + F->bias) << F->mbits) | F->maxmant;
}

uint64_t fp__pack_one(fp_fmt f, unsigned sign)
{
    const fp_fmtinfo *F = &fp__fmt[f];
    return ((uint64_t)sign << (F->bits - 1)) | ((uint64_t)F->bias << F->mbits);
}

/* Keep the bits of sig above position `shift`, rounded by rm.
 * *inexact: whether nonzero bits were dropped.  shift >= 1. */
uint64_t fp__round_bits(uint64_t sig, int shift, int rm, unsigned sign, int *inexact)
{
    uint64_t k;
    int rb, st;
    if (shift > 64) {
        k = 0; rb = 0; st = sig != 0;
    } else if (shift == 64) {
        k = 0; rb = (int)(sig >> 63); st = (sig << 1) != 0;
    } else {
        k = sig >> shift;
        rb = (int)(sig >> (shift - 1)) & 1;
        st = (sig & (((uint64_t)1 << (shift - 1)) - 1)) != 0;
    }
    *inexact = rb | st;
    int inc;
    switch (rm) {
    case FP_RNE: inc = rb && (st || (k & 1)); break;
    case FP_RNA: inc = rb; break;
    case FP_RUP: inc = !sign && (rb || st); break;
    case FP_RDN: inc = sign && (rb || st); break;
    default:     inc = 0; break;              /* FP_RTZ */
    }
    return k + (uint64_t)inc;
}

static uint64_t overflow_result(fp_fmt f, unsigned sign, int rm, fp_env *e)
{
    int to_inf;
    e->exc |= FP_EXC_OVERFLOW | FP_EXC_INEXACT;
    switch (rm) {
    case FP_RTZ: to_inf = 0; break;
    case FP_RUP: to_inf = !sign; break;
    case FP_RDN: to_inf = (int)sign; break;
    default:     to_inf = 1; break;
    }
    if (fp__ovf_sat(e, f)) to_inf = 0;
    return to_inf ? fp__pack_inf(f, sign) : fp__pack_max(f, sign);
}

uint64_t fp__round_pack(fp_fmt f, unsigned sign, int32_t exp, uint64_t sig, fp_env *e)
{
    const fp_fmtinfo *F = &fp__fmt[f];
    const int P = F->mbits + 1;
    const int rm = fp__rm(e, f);
    const uint64_t S = (uint64_t)sign << (F->bits - 1);
    const uint64_t mmask = ((uint64_t)1 << F->mbits) - 1;
    int inexact;
    uint64_t k;

    if (exp >= F->emin) {
        k = fp__round_bits(sig, 64 - P, rm, sign, &inexact);
        if (k >> P) { k >>= 1; exp++; }
        if (exp > F->emax || (exp == F->emax && (k & mmask) > F->maxmant))
            return overflow_result(f, sign, rm, e);
        if (inexact) e->exc |= FP_EXC_INEXACT;
        return S | ((uint64_t)(exp + F->bias) << F->mbits) | (k & mmask);
    }

    /* below the normal range: tiny before rounding */
    int tiny = 1;
    if (e->p->tininess == FP_TINY_AFTER && exp == F->emin - 1) {
        int dummy;
        uint64_t k2 = fp__round_bits(sig, 64 - P, rm, sign, &dummy);
        tiny = !(k2 >> P);      /* rounds to 2^emin with unbounded exponent: not tiny */
    }
    if (tiny && fp__flush_out(e, f)) {
        e->exc |= FP_EXC_UNDERFLOW | FP_EXC_INEXACT;
        return S;
    }
    int64_t shift = (int64_t)64 - P + ((int64_t)F->emin - exp);
    k = fp__round_bits(sig, shift > 65 ? 65 : (int)shift, rm, sign, &inexact);
    if (inexact) {
        e->exc |= FP_EXC_INEXACT;
        if (tiny) e->exc |= FP_EXC_UNDERFLOW;
    }
    /* a carry into bit P-1 becomes exponent field 1: the smallest normal */
    return S | k;
}

uint64_t fp__round_u128(fp_fmt f, unsigned sign, int32_t scale, u128 R, fp_env *e)
{
    int L = 127 - fp__clz128(R);
    int32_t exp = scale + L;
    uint64_t sig;
    if (L >= 63) {
        u128 t = fp__shr_sticky(R, L - 63);
        sig = (uint64_t)t;
    } else {
        sig = (uint64_t)R << (63 - L);
    }
    return fp__round_pack(f, sign, exp, sig, e);
}

uint64_t fp__repack(fp_fmt f, const fp_unp *u, fp_env *e)
{
    switch (u->cls) {
    case FPC_ZERO: return fp__pack_zero(f, u->sign);
    case FPC_INF:  return fp__pack_inf(f, u->sign);
    case FPC_NUM:  return fp__round_pack(f, u->sign, u->exp, u->sig, e);
    default: {
        const fp_unp *ops[1] = { u };
        return fp__nan_result(f, ops, 1, e);
    }
    }
}

/* ---------------------------------------------------------------- NaN */

uint64_t fp__nan_pack(fp_fmt f, const fp_unp *u, fp_env *e)
{
    const fp_fmtinfo *F = &fp__fmt[f];
    uint64_t S = (uint64_t)u->sign << (F->bits - 1);
    uint64_t emask = (((uint64_t)1 << F->ebits) - 1) << F->mbits;
    uint64_t qbit = (uint64_t)1 << (F->mbits - 1);
    if (F->noinf) return S | emask | (((uint64_t)1 << F->mbits) - 1);
    uint64_t m = u->sig >> (64 - F->mbits);
    if (e->p->nan_quiet == FP_NANQ_QUIET) m |= qbit;
    if (m == 0) m = qbit;                   /* payload lost: keep it a NaN */
    return S | emask | m;
}

uint64_t fp__invalid(fp_fmt f, fp_env *e)
{
    e->exc |= FP_EXC_INVALID;
    return e->p->default_nan[f];
}

uint64_t fp__nan_result(fp_fmt f, const fp_unp *const *ops, int n, fp_env *e)
{
    const fp_unp *first = NULL, *first_s = NULL;
    for (int i = 0; i < n; i++) {
        if (ops[i]->cls == FPC_SNAN) {
            e->exc |= FP_EXC_INVALID;
            if (!first_s) first_s = ops[i];
        }
        if (fp__isnan(ops[i]) && !first) first = ops[i];
    }
    const fp_unp *pick = e->p->nan_prop == FP_NANP_SNAN_FIRST && first_s ? first_s : first;
    if (e->p->nan_prop == FP_NANP_DEFAULT) return e->p->default_nan[f];
    if (e->flags & FP_F_NAN_CANON) {
        uint64_t sbit = (uint64_t)1 << (fp__fmt[f].bits - 1);
        return (e->p->default_nan[f] & ~sbit) | (pick->sign ? sbit : 0);
    }
    return fp__nan_pack(f, pick, e);
}

/* ---------------------------------------------------------- result stage */

uint64_t fp__finish(fp_fmt f, uint64_t bits, fp_env *e)
{
    if ((unsigned)f >= FP_NFMT) return bits;
    const fp_fmtinfo *F = &fp__fmt[f];
    unsigned c = fp_classify(f, bits);
    uint64_t sbit = (uint64_t)1 << (F->bits - 1);
    if ((c & (FP_CLASS_SNAN | FP_CLASS_QNAN)) && e->p->nan_inf == FP_NANINF_ON && !F->noinf)
        bits = fp__pack_inf(f, (bits & sbit) != 0), c = fp_classify(f, bits);
    if (e->flags & FP_F_CLAMP) {
        if (c & (FP_CLASS_SNAN | FP_CLASS_QNAN)) {
            if (e->p->clamp_nan == FP_CLNAN_ZERO) bits = 0;
        } else if (c & FP_CLASS_NEG_ZERO) {
            if (e->p->clamp_negzero == FP_CLZ_POS) bits = 0;
        } else if (bits & sbit) {
            bits = 0;
        } else if (bits > fp__pack_one(f, 0)) {
            bits = fp__pack_one(f, 0);
        }
    }
    return bits;
}

/* ------------------------------------------------------- classification */

unsigned fp_classify(fp_fmt f, uint64_t a)
{
    if ((unsigned)f >= FP_NFMT) return 0;
    const fp_fmtinfo *F = &fp__fmt[f];
    uint64_t mmask = ((uint64_t)1 << F->mbits) - 1;
    uint64_t emask = ((uint64_t)1 << F->ebits) - 1;
    uint64_t m = a & mmask, ef = (a >> F->mbits) & emask;
    int neg = (int)(a >> (F->bits - 1)) & 1;
    if (ef == emask) {
        if (F->noinf) {
            if (m == mmask) return FP_CLASS_QNAN;
        } else {
            if (m == 0) return neg ? FP_CLASS_NEG_INF : FP_CLASS_POS_INF;
            return (m >> (F->mbits - 1)) ? FP_CLASS_QNAN : FP_CLASS_SNAN;
        }
    }
    if (ef == 0) {
        if (m == 0) return neg ? FP_CLASS_NEG_ZERO : FP_CLASS_POS_ZERO;
        return neg ? FP_CLASS_NEG_DEN : FP_CLASS_POS_DEN;
    }
    return neg ? FP_CLASS_NEG_NORM : FP_CLASS_POS_NORM;
}

/* ----------------------------------------------------------- ULP distance */

uint64_t fp_ulp_diff(fp_fmt f, uint64_t a, uint64_t b)
{
    if ((unsigned)f >= FP_NFMT) return UINT64_MAX;
    const fp_fmtinfo *F = &fp__fmt[f];
    int na = fp_is_nan(f, a), nb = fp_is_nan(f, b);
    if (na || nb) return (na && nb) ? 0 : UINT64_MAX;
    uint64_t mask = F->bits == 64 ? ~(uint64_t)0 : (((uint64_t)1 << F->bits) - 1);
    uint64_t sbit = (uint64_t)1 << (F->bits - 1);
    a &= mask; b &= mask;
    /* -0 and +0 are one point of the line: opposite signs add magnitudes */
    uint64_t ma = a & ~sbit, mb = b & ~sbit;
    if ((a & sbit) != (b & sbit)) return ma + mb;
    return ma > mb ? ma - mb : mb - ma;
}
