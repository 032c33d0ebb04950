/* fp.h - the bit-exact floating-point core of gpuref (contract 2).
 *
 * Everything here is a pure function on bit patterns: no globals, no hidden
 * state, no host floating point (except the host-FPU lane fast path of
 * fp_lanes.c, proved bit-identical by test_fp_fast).  Values travel as uint16_t / uint32_t /
 * uint64_t patterns (the generic fp_* functions carry every format in a
 * uint64_t, low bits used).
 *
 * Conventions
 *   - Every operation returns GPUREF_OK (0) or a negative gpuref_status:
 *       GPUREF_ERR_CONFIG  the policy is not sealed: it has an unset or
 *                          out-of-range knob (fp_policy_seal() names it), or
 *                          a knob changed after sealing;
 *       GPUREF_ERR_ARG     NULL result pointer, unknown flag bit, format or
 *                          predicate not valid for the operation;
 *       GPUREF_ERR_UNIMPL  the operation is not provided for that format
 *                          (e.g. fp_log2 on f64), see README.md.
 *     On error the result is not written and *exc is not touched.
 *   - Exceptions are OR-ed into *exc (sticky, the caller clears); exc may be
 *     NULL.
 *   - The policy (struct fp_policy) says how an ISA does floating point; the
 *     flags (FP_F_*) say how one instruction departs from it.  Every policy
 *     knob has an explicit UNSET value (0): a policy with any unset knob
 *     cannot be sealed and is rejected by every operation, never silently
 *     defaulted.
 *
 * Formats: f16 (IEEE binary16), bf16, f32, f64 for arithmetic; E4M3 (OCP FP8:
 * no infinity, NaN = S.1111.111, max 448) and E5M2 (IEEE-like, max 57344) for
 * conversions and classification only.
 */
#ifndef GPUREF_FP_H
#define GPUREF_FP_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "gpuref.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------ formats */

typedef enum fp_fmt {
    FP_F16 = 0,   /* s1 e5 m10, bias 15   */
    FP_BF16,      /* s1 e8 m7,  bias 127  */
    FP_F32,       /* s1 e8 m23, bias 127  */
    FP_F64,       /* s1 e11 m52, bias 1023 */
    FP_E4M3,      /* s1 e4 m3,  bias 7, no Inf, NaN 0x7f/0xff, max 448 */
    FP_E5M2,      /* s1 e5 m2,  bias 15, Inf 0x7c/0xfc, NaN 0x7d-0x7f/0xfd-0xff */
    FP_NFMT
} fp_fmt;

typedef enum fp_int {
    FP_I16 = 0, FP_U16, FP_I32, FP_U32, FP_I64, FP_U64, FP_NINT
} fp_int;

const char *fp_fmt_name(fp_fmt f);          /* "f16", ..., NULL if unknown */
unsigned    fp_fmt_bits(fp_fmt f);          /* storage width, 0 if unknown */

/* ---------------------------------------------------------- exceptions */

#define FP_EXC_INVALID    0x01u
#define FP_EXC_DIVBYZERO  0x02u
#define FP_EXC_OVERFLOW   0x04u
#define FP_EXC_UNDERFLOW  0x08u
#define FP_EXC_INEXACT    0x10u
#define FP_EXC_DENORMAL   0x20u   /* a denormal input operand (see knob denorm_exc) */

/* ------------------------------------------------------------ the policy
 * Knob values: 0 is UNSET for every knob.  The enum knobs are one byte each
 * and come first in the struct (checked as one block). */

typedef enum fp_round {             /* round[] and the FP_F_RND field */
    FP_RND_UNSET = 0,
    FP_RNE = 1,                     /* to nearest, ties to even   */
    FP_RTZ = 2,                     /* toward zero                */
    FP_RUP = 3,                     /* toward +infinity           */
    FP_RDN = 4,                     /* toward -infinity           */
    FP_RNA = 5                      /* to nearest, ties away from zero */
} fp_round;

enum fp_denorm_knob {               /* denorm_in[], denorm_out[] */
    FP_DENORM_UNSET = 0,
    FP_DENORM_KEEP  = 1,            /* IEEE gradual underflow                  */
    FP_DENORM_FLUSH = 2             /* replace by zero of the same sign        */
};
enum fp_overflow_knob {             /* overflow[] */
    FP_OVF_UNSET = 0,
    FP_OVF_IEEE  = 1,               /* Inf or max finite by rounding mode;
                                       E4M3 (no Inf): NaN where IEEE gives Inf */
    FP_OVF_SAT   = 2                /* finite overflow gives +-max finite; a true
                                       Inf (Inf operand, x/0) stays Inf, except
                                       E4M3/E5M2 destinations: Inf -> +-max   */
};
enum fp_tininess_knob {
    FP_TINY_UNSET  = 0,
    FP_TINY_BEFORE = 1,             /* tiny if |exact| < min normal            */
    FP_TINY_AFTER  = 2              /* tiny if rounding with unbounded exponent
                                       gives |r| < min normal (x86, RISC-V)    */
};
enum fp_nan_prop_knob {
    FP_NANP_UNSET      = 0,
    FP_NANP_FIRST      = 1,         /* first NaN operand in operand order (x86 SSE) */
    FP_NANP_SNAN_FIRST = 2,         /* first sNaN, else first qNaN (IEEE 754 recommendation) */
    FP_NANP_DEFAULT    = 3          /* always the default NaN                  */
};
enum fp_nan_quiet_knob {
    FP_NANQ_UNSET = 0,
    FP_NANQ_QUIET = 1,              /* a propagated NaN gets its quiet bit set */
    FP_NANQ_KEEP  = 2               /* a propagated NaN keeps its bits         */
};
enum fp_nan_inf_knob {
    FP_NANINF_UNSET = 0,
    FP_NANINF_OFF   = 1,
    FP_NANINF_ON    = 2             /* NaN operands read as Inf of their sign; a NaN
                                       result is written as Inf of its sign (an
                                       invalid operation gives the default NaN's sign) */
};
enum fp_zero_wins_knob {
    FP_ZW_UNSET = 0,
    FP_ZW_OFF   = 1,                /* IEEE: 0 * Inf = NaN, 0 * NaN = NaN      */
    FP_ZW_ON    = 2                 /* every multiply: 0 * anything = 0        */
};
enum fp_zero_wins_sign_knob {
    FP_ZWS_UNSET = 0,
    FP_ZWS_POS   = 1,               /* the zero-wins product is +0             */
    FP_ZWS_XOR   = 2                /* the zero-wins product is +-0 by the signs */
};
enum fp_zero_cmp_knob {             /* signed zero in compares */
    FP_ZCMP_UNSET    = 0,
    FP_ZCMP_EQUAL    = 1,           /* -0 == +0 (IEEE)                         */
    FP_ZCMP_NEG_LESS = 2            /* -0 <  +0                                */
};
enum fp_zero_minmax_knob {          /* +-0 ties in min/max (2008 minNum/maxNum and DX10
                                       flavours; 2019 flavours always use -0 < +0,
                                       legacy flavours follow zero_cmp)          */
    FP_ZMM_UNSET    = 0,
    FP_ZMM_NEG_LESS = 1,            /* -0 < +0                                 */
    FP_ZMM_FIRST    = 2,            /* equal: return the first operand         */
    FP_ZMM_SECOND   = 3,            /* equal: return the second operand        */
    FP_ZMM_GE_SELECT = 4            /* equal: as max = a >= b ? a : b and
                                       min = a < b ? a : b (max: first, min: second) */
};
enum fp_clamp_nan_knob {            /* FP_F_CLAMP of a NaN result */
    FP_CLNAN_UNSET = 0,
    FP_CLNAN_ZERO  = 1,             /* NaN -> +0                               */
    FP_CLNAN_KEEP  = 2              /* NaN stays NaN                           */
};
enum fp_clamp_negzero_knob {        /* FP_F_CLAMP of -0 */
    FP_CLZ_UNSET = 0,
    FP_CLZ_POS   = 1,               /* -0 -> +0                                */
    FP_CLZ_KEEP  = 2                /* -0 stays -0                             */
};
enum fp_int_nan_knob {              /* float -> int of a NaN (always raises invalid) */
    FP_INAN_UNSET = 0,
    FP_INAN_ZERO  = 1,
    FP_INAN_MIN   = 2,              /* most negative (0 for unsigned)          */
    FP_INAN_MAX   = 3               /* most positive                           */
};
enum fp_int_ovf_knob {              /* float -> int out of range (always raises invalid) */
    FP_IOVF_UNSET = 0,
    FP_IOVF_SAT   = 1,              /* clamp to the integer range              */
    FP_IOVF_WRAP  = 2               /* low-order bits of the rounded integer;
                                       +-Inf saturate                          */
};
enum fp_denorm_exc_knob {           /* when FP_EXC_DENORMAL is raised */
    FP_DEXC_UNSET     = 0,
    FP_DEXC_UNFLUSHED = 1,          /* a denormal operand used as a denormal, unless
                                       a NaN operand, invalid or divide-by-zero
                                       takes precedence (x86)                  */
    FP_DEXC_ALWAYS    = 2           /* any denormal operand, even if flushed   */
};
enum fp_fma_nan_knob {              /* fma(0, Inf, qNaN) and fma(Inf, 0, qNaN) */
    FP_FMAN_UNSET       = 0,
    FP_FMAN_PROPAGATE   = 1,        /* the qNaN propagates, no invalid (x86)   */
    FP_FMAN_PROP_INVALID = 2,       /* the qNaN propagates, invalid raised     */
    FP_FMAN_DEFAULT_INVALID = 3     /* default NaN, invalid raised (Arm)       */
};

/* One knob block: every field a byte, 0 = unset.  Arrays are indexed by fp_fmt. */
typedef struct fp_policy {
    uint8_t denorm_in[FP_NFMT];     /* flush denormal operands of that format     */
    uint8_t denorm_out[FP_NFMT];    /* flush tiny results of that format (tiny per
                                       knob tininess; raises underflow+inexact)  */
    uint8_t round[FP_NFMT];         /* rounding of results in that format        */
    uint8_t overflow[FP_NFMT];      /* overflow of results in that format        */
    uint8_t tininess;
    uint8_t nan_prop;
    uint8_t nan_quiet;
    uint8_t nan_inf;
    uint8_t zero_wins;
    uint8_t zero_wins_sign;
    uint8_t zero_cmp;
    uint8_t zero_minmax;
    uint8_t clamp_nan;
    uint8_t clamp_negzero;
    uint8_t int_nan;
    uint8_t int_ovf;
    uint8_t denorm_exc;
    uint8_t fma_nan;
    uint8_t reserved[2];            /* must be 0 */
    /* default NaN per format (0 = unset; must be a NaN of that format) */
    uint64_t default_nan[FP_NFMT];
    const char *name;               /* for messages; may be NULL; not a knob */
    uint64_t seal;                  /* written by fp_policy_seal only */
} fp_policy;

#define FP_POLICY_KNOB_BYTES (4 * FP_NFMT + 14)

/* Check every knob: 0 if every knob is set and in range, the reserved bytes
 * are 0 and every default NaN is a NaN of its format; GPUREF_ERR_CONFIG with
 * a message naming the knob in msg (if given) otherwise. */
int fp_policy_check(const fp_policy *p, char *msg, size_t msglen);

/* A policy is used only once sealed: fp_policy_seal() runs fp_policy_check()
 * and, if every knob is set and in range, stores a fold of the knob block
 * (knob bytes and default NaNs) in p->seal.  Every operation recomputes the
 * fold and returns GPUREF_ERR_CONFIG if it differs: an unsealed policy, one
 * with an unset knob, or one changed after sealing is never used.  (The fold
 * is a guard against mistakes, not against deliberate forgery.) */
int fp_policy_seal(fp_policy *p, char *msg, size_t msglen);
/* Copy the named ISA policy ("r700", ...; see fp_policy_find) and seal it. */
int fp_policy_init(fp_policy *out, const char *name, char *msg, size_t msglen);

static inline uint64_t fp_policy_fold(const fp_policy *p)
{
    uint64_t w[11];
    memcpy(w, p, sizeof w);                 /* 40 knob bytes + 6 default NaNs */
#define FP__ROT(x, n) (((x) << (n)) | ((x) >> (64 - (n))))
    return 0x9e3779b97f4a7c15ull ^ w[0] ^ FP__ROT(w[1], 1) ^ FP__ROT(w[2], 2) ^ FP__ROT(w[3], 3) ^
           FP__ROT(w[4], 4) ^ FP__ROT(w[5], 5) ^ FP__ROT(w[6], 6) ^ FP__ROT(w[7], 7) ^
           FP__ROT(w[8], 8) ^ FP__ROT(w[9], 9) ^ FP__ROT(w[10], 10);
#undef FP__ROT
}
static inline int fp_policy_sealed(const fp_policy *p)
{
    return p && p->seal == fp_policy_fold(p);
}

/* Policies of the five ISAs (policy_isa.c; sources in README.md) and the
 * x86-64 SSE host (used by the host-FPU tests; MXCSR flush bits off).
 * These are unsealed templates: copy one and seal the copy (fp_policy_init). */
extern const fp_policy fp_policy_r700;
extern const fp_policy fp_policy_rdna4;     /* MODE = 0x000000f0 (RNE, denormals on) */
extern const fp_policy fp_policy_usc;
extern const fp_policy fp_policy_nv50;
extern const fp_policy fp_policy_nvfp;
extern const fp_policy fp_policy_x86_sse;
/* "r700", "rdna4", "usc", "nv50", "nvfp", "x86_sse"; NULL if unknown. */
const fp_policy *fp_policy_find(const char *name);
/* Apply the RDNA4 MODE register fields FP_ROUND[3:0], FP_DENORM[7:4] and
 * FP16_OVFL[23] (rdna4-isa.md §3.4.3 Table 7) to p's knobs and reseal. */
int fp_policy_rdna4_mode(fp_policy *p, uint32_t mode);

/* -------------------------------------------------------------- flags
 * Per-instruction departures from the policy. */
#define FP_F_RND_MASK    0x7u       /* 0 = policy rounding, else an fp_round */
#define FP_F_RND(m)      ((unsigned)(m) & FP_F_RND_MASK)
#define FP_F_ZERO_WINS   0x8u       /* this multiply is zero-wins (R700 MUL, RDNA4 V_MUL_DX9_ZERO) */
#define FP_F_ZW_PASS_C   0x10u      /* fma/mad: a zero-wins product returns c itself
                                       (RDNA4 V_FMA_DX9_ZERO_F32: D = S2)       */
#define FP_F_CLAMP       0x20u      /* clamp the result to [0, 1] (knobs clamp_*) */
#define FP_F_FLUSH_IN    0x40u      /* force input denormal flush              */
#define FP_F_KEEP_IN     0x80u      /* force input denormals kept              */
#define FP_F_FLUSH_OUT   0x100u     /* force output flush                      */
#define FP_F_KEEP_OUT    0x200u     /* force output denormals kept             */
#define FP_F_SIGNALING   0x400u     /* compare: invalid on qNaN too            */
#define FP_F_OVF_SAT     0x800u     /* force overflow = FP_OVF_SAT             */
#define FP_F_OVF_IEEE    0x1000u    /* force overflow = FP_OVF_IEEE            */
#define FP_F_TURNS       0x2000u    /* sin/cos: argument in turns: sin(2*pi*x) */
#define FP_F_NAN_CANON   0x4000u    /* a propagated NaN is replaced by the default
                                       NaN with the propagated NaN's sign (R700
                                       FLT64_TO_FLT32: 0xffc00000/0x7fc00000) */
#define FP_F_ALL         0x7fffu

/* --------------------------------------------------- generic operations
 * f is one of FP_F16, FP_BF16, FP_F32, FP_F64 unless said otherwise. */

int fp_add(fp_fmt f, uint64_t a, uint64_t b, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);
int fp_sub(fp_fmt f, uint64_t a, uint64_t b, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);
int fp_mul(fp_fmt f, uint64_t a, uint64_t b, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);
int fp_div(fp_fmt f, uint64_t a, uint64_t b, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);
/* a*b+c with one rounding */
int fp_fma(fp_fmt f, uint64_t a, uint64_t b, uint64_t c, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);
/* a*b rounded (a full fp_mul, incl. output flush), then +c rounded */
int fp_mad(fp_fmt f, uint64_t a, uint64_t b, uint64_t c, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);

typedef enum fp_minmax {
    FP_MM_IEEE2008 = 0,  /* 754-2008 minNum/maxNum: a qNaN loses; an sNaN gives NaN + invalid */
    FP_MM_IEEE2019,      /* 754-2019 minimum/maximum: any NaN wins; -0 < +0           */
    FP_MM_IEEE2019_NUM,  /* 754-2019 minimumNumber/maximumNumber: any NaN loses (sNaN:
                            invalid); both NaN: NaN; -0 < +0                           */
    FP_MM_DX10,          /* NaN loses (sNaN: invalid); both NaN: NaN; zeros by knob    */
    FP_MM_LEGACY_GE,     /* max = a >= b ? a : b, min = a < b ? a : b (R700 MAX/MIN)  */
    FP_MM_LEGACY_GT,     /* max = a > b ? a : b,  min = a < b ? a : b                 */
    FP_MM_LEGACY_FIRST,  /* max = b > a ? b : a,  min = b < a ? b : a: first operand
                            if unordered or equal                                      */
    FP_NMM
} fp_minmax;
/* Legacy flavours select an operand (after input flush) without quieting it. */
int fp_min(fp_fmt f, fp_minmax k, uint64_t a, uint64_t b, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);
int fp_max(fp_fmt f, fp_minmax k, uint64_t a, uint64_t b, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);

/* Compare predicates: the value is a truth mask over the four relations
 * (bit 0 LT, bit 1 EQ, bit 2 GT, bit 3 UNORDERED), which is also the RDNA4
 * V_CMP_*_F32 opcode order. */
typedef enum fp_pred {
    FP_CMP_F = 0x0, FP_CMP_LT = 0x1, FP_CMP_EQ = 0x2, FP_CMP_LE = 0x3,
    FP_CMP_GT = 0x4, FP_CMP_LG = 0x5, FP_CMP_GE = 0x6, FP_CMP_O = 0x7,
    FP_CMP_U = 0x8, FP_CMP_NGE = 0x9, FP_CMP_NLG = 0xa, FP_CMP_NGT = 0xb,
    FP_CMP_NLE = 0xc, FP_CMP_NEQ = 0xd, FP_CMP_NLT = 0xe, FP_CMP_T = 0xf
} fp_pred;
typedef enum fp_rel { FP_REL_LT = 0, FP_REL_EQ = 1, FP_REL_GT = 2, FP_REL_UN = 3 } fp_rel;
/* Quiet compare (invalid on sNaN) unless FP_F_SIGNALING (invalid on any NaN). */
int fp_compare(fp_fmt f, uint64_t a, uint64_t b, const fp_policy *p, unsigned flags, fp_rel *rel, unsigned *exc);
int fp_cmp(fp_fmt f, fp_pred pred, uint64_t a, uint64_t b, const fp_policy *p, unsigned flags, int *res, unsigned *exc);

/* Classes (RDNA4 V_CMP_CLASS bit order); fp_classify works on the raw
 * pattern of any of the six formats and returns one FP_CLASS_* bit. */
#define FP_CLASS_SNAN     0x001u
#define FP_CLASS_QNAN     0x002u
#define FP_CLASS_NEG_INF  0x004u
#define FP_CLASS_NEG_NORM 0x008u
#define FP_CLASS_NEG_DEN  0x010u
#define FP_CLASS_NEG_ZERO 0x020u
#define FP_CLASS_POS_ZERO 0x040u
#define FP_CLASS_POS_DEN  0x080u
#define FP_CLASS_POS_NORM 0x100u
#define FP_CLASS_POS_INF  0x200u
unsigned fp_classify(fp_fmt f, uint64_t a);

/* Round to an integral value in the same format (no inexact: IEEE
 * roundToIntegral*); sNaN raises invalid. */
int fp_floor(fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);
int fp_ceil (fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);
int fp_trunc(fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);
int fp_rne  (fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);
/* With the rounding of FP_F_RND (or the policy's) */
int fp_rint (fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);
/* x - floor(x), rounded; a result that rounds to 1.0 gives the largest value
 * below 1.0 (DX fract, RDNA4 V_FRACT); +-Inf gives NaN + invalid. */
int fp_fract(fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);
/* a = mant * 2^exp, |mant| in [0.5, 1); +-0: (+-0, 0); Inf/NaN: (a, 0), NaN quieted by policy. */
int fp_frexp(fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *mant, int32_t *exp, unsigned *exc);
/* a * 2^n, rounded */
int fp_ldexp(fp_fmt f, uint64_t a, int32_t n, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);

/* Conversions.  Any format to any format (incl. E4M3/E5M2), rounded with the
 * destination's rounding/flush/overflow knobs; NaN payloads keep their top
 * bits (a payload truncated to zero gets the quiet bit). */
int fp_convert(fp_fmt dst, fp_fmt src, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);
/* Float -> integer: rounding FP_F_RND if given, else the source format's
 * rounding knob; result as two's complement in the low bits of *r.
 * NaN: knob int_nan; out of range: knob int_ovf; both raise invalid only. */
int fp_to_int(fp_int it, fp_fmt src, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);
/* Integer (low bits of v) -> float, rounded by the destination's knobs. */
int fp_from_int(fp_fmt dst, fp_int it, uint64_t v, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);
/* Unsigned small floats of packed texture/buffer formats (10_11_11_FLOAT,
 * 11_11_10_FLOAT): no sign, 5-bit exponent (bias 15), `mbits` (6: 11-bit, 5: 10-bit)
 * mantissa bits, denormals at exponent 0, Inf/NaN at exponent 31 (fp_small.c).
 * To F32 / F16: exact (NaN: quiet, payload in the top mantissa bits).
 * From F32: negative values, -0 and -Inf give 0, NaN gives a quiet NaN (top payload
 * bits kept), +Inf gives Inf, finite values round to nearest even and overflow to
 * Inf (the IEEE rule of the F16 conversion); F32 denormals round to 0. */
uint32_t fp_ufsmall_to_f32(uint32_t v, unsigned mbits);
uint32_t fp_ufsmall_to_f16(uint32_t v, unsigned mbits);
uint32_t fp_f32_to_ufsmall(uint32_t f, unsigned mbits);

/* Correctly rounded reference functions (any rounding mode).
 * f16, bf16, f32, f64.  log2, exp2, sin, cos return GPUREF_ERR_UNIMPL if the
 * 128-bit evaluation cannot prove the rounding (for a random f64 input the
 * chance is about 2^-57; model/fp/README.md).  sin/cos take radians, or turns with
 * FP_F_TURNS. */
int fp_sqrt(fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);
int fp_rcp (fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);
int fp_rsq (fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);
int fp_log2(fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);
int fp_exp2(fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);
int fp_sin (fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);
int fp_cos (fp_fmt f, uint64_t a, const fp_policy *p, unsigned flags, uint64_t *r, unsigned *exc);

/* Distance in units in the last place: the number of representable values
 * from a to b (+0 and -0 count as one value).  Both NaN: 0; one NaN:
 * UINT64_MAX.  For the lockstep checker's tolerance on the functions above. */
uint64_t fp_ulp_diff(fp_fmt f, uint64_t a, uint64_t b);
static inline uint32_t fp32_ulp_diff(uint32_t a, uint32_t b)
{
    uint64_t d = fp_ulp_diff(FP_F32, a, b);
    return d > 0xffffffffu ? 0xffffffffu : (uint32_t)d;
}

/* Bit helpers (no policy, no exceptions). */
static inline uint64_t fp_neg(fp_fmt f, uint64_t a) { return a ^ ((uint64_t)1 << (fp_fmt_bits(f) - 1)); }
static inline uint64_t fp_abs(fp_fmt f, uint64_t a) { return a & ~((uint64_t)1 << (fp_fmt_bits(f) - 1)); }
static inline int fp_is_nan(fp_fmt f, uint64_t a) { return (fp_classify(f, a) & (FP_CLASS_SNAN | FP_CLASS_QNAN)) != 0; }

/* ------------------------------------------------------- typed wrappers
 * fp16_*, bf16_*, fp32_*, fp64_*: the generic operations with the pattern
 * type of the format.  fp32_add/sub/mul/fma have an inline fast path for
 * normal operands and normal results under round-to-nearest-even, which is
 * the same integer algorithm as the generic path (proved bit-identical by
 * test_fp_host and test_fp_fast). */

#define FP__WRAP2(pre, T, F, op)                                                          \
    static inline int pre##_##op(T a, T b, const fp_policy *p, unsigned fl, T *r, unsigned *e) \
    { uint64_t x; int s; if (!r) return GPUREF_ERR_ARG;                                    \
      s = fp_##op(F, a, b, p, fl, &x, e); if (s == 0) *r = (T)x; return s; }
#define FP__WRAP3(pre, T, F, op)                                                          \
    static inline int pre##_##op(T a, T b, T c, const fp_policy *p, unsigned fl, T *r, unsigned *e) \
    { uint64_t x; int s; if (!r) return GPUREF_ERR_ARG;                                    \
      s = fp_##op(F, a, b, c, p, fl, &x, e); if (s == 0) *r = (T)x; return s; }
#define FP__WRAP1(pre, T, F, op)                                                          \
    static inline int pre##_##op(T a, const fp_policy *p, unsigned fl, T *r, unsigned *e) \
    { uint64_t x; int s; if (!r) return GPUREF_ERR_ARG;                                    \
      s = fp_##op(F, a, p, fl, &x, e); if (s == 0) *r = (T)x; return s; }
#define FP__WRAPMM(pre, T, F, op)                                                         \
    static inline int pre##_##op(fp_minmax k, T a, T b, const fp_policy *p, unsigned fl, T *r, unsigned *e) \
    { uint64_t x; int s; if (!r) return GPUREF_ERR_ARG;                                    \
      s = fp_##op(F, k, a, b, p, fl, &x, e); if (s == 0) *r = (T)x; return s; }
#define FP__WRAPCMP(pre, T, F)                                                            \
    static inline int pre##_cmp(fp_pred pr, T a, T b, const fp_policy *p, unsigned fl, int *res, unsigned *e) \
    { return fp_cmp(F, pr, a, b, p, fl, res, e); }

#define FP__WRAP_ALL(pre, T, F)                                                           \
    FP__WRAP2(pre, T, F, div)                                                             \
    FP__WRAP3(pre, T, F, mad)                                                             \
    FP__WRAPMM(pre, T, F, min) FP__WRAPMM(pre, T, F, max) FP__WRAPCMP(pre, T, F)          \
    FP__WRAP1(pre, T, F, floor) FP__WRAP1(pre, T, F, ceil) FP__WRAP1(pre, T, F, trunc)     \
    FP__WRAP1(pre, T, F, rne) FP__WRAP1(pre, T, F, rint) FP__WRAP1(pre, T, F, fract)       \
    FP__WRAP1(pre, T, F, sqrt) FP__WRAP1(pre, T, F, rcp) FP__WRAP1(pre, T, F, rsq)         \
    FP__WRAP1(pre, T, F, log2) FP__WRAP1(pre, T, F, exp2) FP__WRAP1(pre, T, F, sin)        \
    FP__WRAP1(pre, T, F, cos)

FP__WRAP_ALL(fp16, uint16_t, FP_F16)
FP__WRAP_ALL(bf16, uint16_t, FP_BF16)
FP__WRAP_ALL(fp32, uint32_t, FP_F32)
FP__WRAP_ALL(fp64, uint64_t, FP_F64)
FP__WRAP2(fp16, uint16_t, FP_F16, add) FP__WRAP2(fp16, uint16_t, FP_F16, sub)
FP__WRAP2(fp16, uint16_t, FP_F16, mul) FP__WRAP3(fp16, uint16_t, FP_F16, fma)
FP__WRAP2(bf16, uint16_t, FP_BF16, add) FP__WRAP2(bf16, uint16_t, FP_BF16, sub)
FP__WRAP2(bf16, uint16_t, FP_BF16, mul) FP__WRAP3(bf16, uint16_t, FP_BF16, fma)
FP__WRAP2(fp64, uint64_t, FP_F64, add) FP__WRAP2(fp64, uint64_t, FP_F64, sub)
FP__WRAP2(fp64, uint64_t, FP_F64, mul) FP__WRAP3(fp64, uint64_t, FP_F64, fma)

#include "fp_fast.h"   /* fp32_add, fp32_sub, fp32_mul, fp32_fma */

#ifdef __cplusplus
}
#endif
#endif /* GPUREF_FP_H */
