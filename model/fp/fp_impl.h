/* fp_impl.h - internals shared by the model/fp sources (not installed).
 *
 * Representation used inside every operation:
 *   fp_unp  an unpacked operand.  For a finite nonzero value (cls FPC_NUM)
 *           value = (-1)^sign * sig * 2^(exp - 63) with bit 63 of sig set
 *           (denormals are normalized).  For a NaN, sig holds the mantissa
 *           field left-aligned (quiet bit at bit 63).
 *   Results are built as (sign, R, scale) with value = R * 2^scale, R a
 *   128-bit integer whose bit 0 may be a sticky bit (set when nonzero bits
 *   were dropped below it), then rounded once by fp__round_u128.
 */
#ifndef GPUREF_FP_IMPL_H
#define GPUREF_FP_IMPL_H

#include "fp.h"

__extension__ typedef unsigned __int128 u128;

typedef struct fp_fmtinfo {
    uint8_t  bits, ebits, mbits;
    uint8_t  noinf;          /* E4M3: no infinity, NaN only S.1111.111 */
    int32_t  bias;
    int32_t  emin;           /* exponent of the smallest normal: 1 - bias */
    int32_t  emax;           /* exponent of the largest finite value */
    uint64_t maxmant;        /* largest mantissa field at emax */
} fp_fmtinfo;

extern const fp_fmtinfo fp__fmt[FP_NFMT];

enum { FPC_ZERO, FPC_NUM, FPC_INF, FPC_QNAN, FPC_SNAN };

typedef struct fp_unp {
    int      cls;
    unsigned sign;
    int      denorm;         /* the raw operand was denormal */
    int32_t  exp;
    uint64_t sig;
} fp_unp;

/* The state of one operation: the policy, the flags, exceptions raised. */
typedef struct fp_env {
    const fp_policy *p;
    unsigned flags;
    unsigned exc;
    /* operand facts for FP_EXC_DENORMAL (raised once, by fp__exc_final) */
    unsigned den_used, den_flushed, nan_in;
} fp_env;

/* The exceptions of the operation: e->exc plus the denormal-operand rule of
 * knob denorm_exc.  FP_DEXC_UNFLUSHED: a denormal used as a denormal, and no
 * NaN operand, invalid or divide-by-zero (the x86 precedence of the
 * pre-computation exceptions); FP_DEXC_ALWAYS: any denormal operand. */
static inline unsigned fp__exc_final(const fp_env *e)
{
    unsigned x = e->exc;
    int den = e->p->denorm_exc == FP_DEXC_ALWAYS
                  ? (e->den_used | e->den_flushed)
                  : (e->den_used && !e->nan_in && !(x & (FP_EXC_INVALID | FP_EXC_DIVBYZERO)));
    return den ? x | FP_EXC_DENORMAL : x;
}

static inline int fp__isnan(const fp_unp *u) { return u->cls == FPC_QNAN || u->cls == FPC_SNAN; }

static inline int fp__rm(const fp_env *e, fp_fmt f)
{
    unsigned r = e->flags & FP_F_RND_MASK;
    return r ? (int)r : e->p->round[f];
}
static inline int fp__flush_in(const fp_env *e, fp_fmt f)
{
    if (e->flags & FP_F_FLUSH_IN) return 1;
    if (e->flags & FP_F_KEEP_IN) return 0;
    return e->p->denorm_in[f] == FP_DENORM_FLUSH;
}
static inline int fp__flush_out(const fp_env *e, fp_fmt f)
{
    if (e->flags & FP_F_FLUSH_OUT) return 1;
    if (e->flags & FP_F_KEEP_OUT) return 0;
    return e->p->denorm_out[f] == FP_DENORM_FLUSH;
}
static inline int fp__ovf_sat(const fp_env *e, fp_fmt f)
{
    if (e->flags & FP_F_OVF_SAT) return 1;
    if (e->flags & FP_F_OVF_IEEE) return 0;
    return e->p->overflow[f] == FP_OVF_SAT;
}

static inline int fp__clz64(uint64_t x) { return __builtin_clzll(x); }
static inline int fp__clz128(u128 x)
{
    uint64_t hi = (uint64_t)(x >> 64);
    return hi ? __builtin_clzll(hi) : 64 + __builtin_clzll((uint64_t)x);
}
/* x >> n with the dropped bits OR-ed into bit 0 (n >= 0). */
static inline u128 fp__shr_sticky(u128 x, int32_t n)
{
    if (n <= 0) return x;
    if (n >= 128) return x != 0;
    return (x >> n) | ((x & (((u128)1 << n) - 1)) != 0);
}

/* Check policy and flags (full check); GPUREF_OK or an error status. */
int fp__begin(const fp_policy *p, unsigned flags);
/* Formats valid for arithmetic (f16, bf16, f32, f64). */
static inline int fp__arith_fmt(fp_fmt f) { return (unsigned)f <= FP_F64; }

void     fp__unpack(fp_fmt f, uint64_t bits, fp_unp *u);
/* unpack + input flush, NaN-as-Inf; notes denormal/NaN operands in e */
void     fp__input(fp_fmt f, uint64_t bits, fp_env *e, fp_unp *u);
uint64_t fp__pack_zero(fp_fmt f, unsigned sign);
uint64_t fp__pack_inf(fp_fmt f, unsigned sign);      /* E4M3: NaN */
uint64_t fp__pack_max(fp_fmt f, unsigned sign);      /* largest finite */
uint64_t fp__pack_one(fp_fmt f, unsigned sign);
/* The bits of sig above position shift (>= 1), rounded by rm; *inexact
 * says whether nonzero bits were dropped.  The result may carry into bit
 * 64 - shift. */
uint64_t fp__round_bits(uint64_t sig, int shift, int rm, unsigned sign, int *inexact);
/* Round value = sig * 2^(exp-63) (bit 63 of sig set, bit 0 may be sticky). */
uint64_t fp__round_pack(fp_fmt f, unsigned sign, int32_t exp, uint64_t sig, fp_env *e);
/* Round value = R * 2^scale, R != 0. */
uint64_t fp__round_u128(fp_fmt f, unsigned sign, int32_t scale, u128 R, fp_env *e);
/* Re-round an unpacked finite operand in format f (applies output flush). */
uint64_t fp__repack(fp_fmt f, const fp_unp *u, fp_env *e);
/* A NaN result chosen from the operands by the policy (invalid on sNaN). */
uint64_t fp__nan_result(fp_fmt f, const fp_unp *const *ops, int n, fp_env *e);
/* The NaN u (of any format) written in format f per knob nan_quiet. */
uint64_t fp__nan_pack(fp_fmt f, const fp_unp *u, fp_env *e);
/* Invalid operation: raise invalid, return the default NaN. */
uint64_t fp__invalid(fp_fmt f, fp_env *e);
/* Result stage: NaN-as-Inf and FP_F_CLAMP. */
uint64_t fp__finish(fp_fmt f, uint64_t bits, fp_env *e);
/* Common tail of an operation: finish, store, merge exceptions. */
static inline int fp__done(fp_fmt f, uint64_t bits, fp_env *e, uint64_t *r, unsigned *exc)
{
    *r = fp__finish(f, bits, e);
    if (exc) *exc |= fp__exc_final(e);
    return GPUREF_OK;
}

/* Core operations on unpacked operands (no finish stage). */
uint64_t fp__add_core(fp_fmt f, const fp_unp *a, const fp_unp *b, fp_env *e);
uint64_t fp__mul_core(fp_fmt f, const fp_unp *a, const fp_unp *b, fp_env *e);

/* 256-bit helpers for the extended-precision engine (fp_trans.c) */
static inline void fp__mul128(u128 a, u128 b, u128 *hi, u128 *lo)
{
    uint64_t a0 = (uint64_t)a, a1 = (uint64_t)(a >> 64);
    uint64_t b0 = (uint64_t)b, b1 = (uint64_t)(b >> 64);
    u128 p00 = (u128)a0 * b0, p01 = (u128)a0 * b1, p10 = (u128)a1 * b0, p11 = (u128)a1 * b1;
    u128 mid = (p00 >> 64) + (uint64_t)p01 + (uint64_t)p10;
    *lo = (mid << 64) | (uint64_t)p00;
    *hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
}

#endif /* GPUREF_FP_IMPL_H */
