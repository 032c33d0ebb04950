/* fp_drv.h - the C side of the rtl/common/fp unit benches (built with gcc).
 *
 * It owns everything the C++ main must not re-derive: the policies under
 * test, the mapping of a policy plus per-instruction flags onto the RTL knob
 * ports, the operand generators (special-value tables and a seeded, biased
 * random generator) and the calls into model/fp.  The C++ main only moves
 * values between this file and the verilated tb_fp_units.
 */
#ifndef GPUREF_FP_DRV_H
#define GPUREF_FP_DRV_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum fpd_unit {
    FPD_ADD = 0,      /* fp32_add (add and sub)      */
    FPD_MUL,          /* fp32_mul                    */
    FPD_FMA,          /* fp32_fma                    */
    FPD_CMP,          /* fp32_cmp                    */
    FPD_MINMAX,       /* fp32_minmax                 */
    FPD_F2I,          /* fp32_to_int                 */
    FPD_I2F,          /* fp32_from_int               */
    FPD_H2F,          /* fp16_to_fp32                */
    FPD_F2H,          /* fp32_to_fp16                */
    FPD_TRANS,        /* fp32_trans_core (multi-cycle; ctl = op: 0 rcp 1 rsq
                         2 sqrt 3 exp2 4 log2 5 sin 6 cos in turns, 7 sin
                         8 cos in radians (rad = 1); result only, RNE) */
    FPD_ADD64,        /* fp64_add (add and sub)      */
    FPD_MUL64,        /* fp64_mul                    */
    FPD_CMP64,        /* fp64_cmp                    */
    FPD_D2F,          /* fp64_to_fp32                */
    FPD_FMA64,        /* fp64_fma                    */
    FPD_DSR64,        /* fp64_dsr (multi-cycle; ctl = op: 0 div a/b, 1 sqrt a,
                         2 rsq a, 3 rcp a)              */
    FPD_NUNITS
} fpd_unit;

/* The RTL knob ports of tb_fp_units (rtl/common/fp/README.md). */
typedef struct fpd_knobs {
    uint8_t  rm, daz, ftz, tiny_after, ovf_sat, nan_prop, nan_keep, nan_inf;
    uint32_t dnan;
    uint16_t dnan16;
    uint64_t dnan64;
    uint8_t  dexc_always, zero_wins, zw_sign_xor, zw_pass_c, fma_nan;
    uint8_t  clamp, clamp_nan_keep, clamp_negzero_keep;
    uint8_t  zero_negless, zero_minmax, int_nan, int_wrap;
} fpd_knobs;

/* One test vector. */
typedef struct fpd_vec {
    int      unit;
    int      pol;            /* index into the policy pool */
    unsigned flags;          /* FP_F_* */
    unsigned ctl;            /* add: sub; cmp: pred | signaling<<4 (signaling also
                                in flags); minmax: kind | is_max<<3;
                                f2i/i2f: is_signed */
    uint64_t a, b, c;        /* binary64 operands for the fp64 units */
} fpd_vec;

/* One result (RTL or model). */
typedef struct fpd_out {
    uint64_t r;              /* result bits (cmp: res | rel<<1) */
    unsigned exc;            /* FP_EXC_* */
} fpd_out;

const char *fpd_unit_name(int unit);
const char *fpd_unit_module(int unit);   /* the RTL module name */

/* Build the policy pool: the fixed named policies, the ISA policies the
 * model provides, then nrandom random ones (seeded).  0 or -1 with msg. */
int  fpd_init(uint64_t seed, int nrandom, char *msg, size_t msglen);
int  fpd_npolicies(void);
int  fpd_nfixed(void);                   /* policies [0, nfixed) are named ones */
const char *fpd_policy_name(int pol);

/* Port values for a vector (policy, flags, unit formats). */
void fpd_knobs_of(const fpd_vec *v, fpd_knobs *k);

/* 1 if the unit implements the policy's knobs (fp32_trans: round to
 * nearest even, IEEE overflow, no NaN-as-Inf); vectors under other policies
 * are not run. */
int  fpd_policy_ok(int unit, int pol);

/* The model's result; 0, or the model's negative status. */
int  fpd_model(const fpd_vec *v, fpd_out *o);

/* Operand sources.  Special values of the unit's operand type; the special
 * cross product is enumerated by index. */
size_t fpd_nspecial(int unit);
uint64_t fpd_special(int unit, size_t i);
int  fpd_arity(int unit);                /* operands per vector: 1, 2 or 3 */
/* Known-answer vectors (fp32_trans, the fp64 units): vector i (a, b, c)
 * and the expected result, worked independently of model/fp. */
size_t fpd_nkat(int unit);
uint64_t fpd_kat(int unit, size_t i, fpd_vec *v);
/* 1 for the units on binary64 operands */
int  fpd_is64(int unit);
/* A random vector for the unit: operands, policy (random from the pool),
 * flags and controls.  */
void fpd_random(int unit, fpd_vec *v);
/* Replace v's flags by random per-instruction flags the unit reacts to
 * (keeps a compare's signaling control consistent with FP_F_SIGNALING). */
void fpd_random_flags(fpd_vec *v);
/* Controls and flags for the directed sweeps: variant i of n (cycles the
 * unit's sub-operations: sub, predicates, min/max kinds, signedness). */
int  fpd_nvariants(int unit);
void fpd_variant(int unit, int i, fpd_vec *v);
/* Operands variant i reads (<= fpd_arity): fp64_dsr's SQRT, RSQ and RCP
 * read a only, so their special sweep is the a column alone. */
int  fpd_variant_arity(int unit, int i);

/* "fp32_fma policy=ieee-rne flags=0x20 a=... b=... c=..." */
void fpd_describe(const fpd_vec *v, char *buf, size_t len);
/* "r=0x7fc00000 exc=0x01 (invalid)" */
void fpd_describe_out(int unit, const fpd_out *o, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif /* GPUREF_FP_DRV_H */
