/* policy_isa.c - the floating-point policy of each ISA, every knob with its
 * source: the spec file and line ("r700 L2083" = shared/specs/r700-isa.txt
 * line 2083), or "not stated: chosen because ...".  [ext] marks facts from
 * outside shared/specs (to verify against hardware or RTL).  README.md has
 * the same table in one place.
 *
 * Array knobs are indexed by format: { f16, bf16, f32, f64, e4m3, e5m2 }.
 * Formats an ISA does not have are set like its f32 ("n/a") so that every
 * policy is complete; they are never reached by that ISA's exec code.
 */
#include <string.h>
#include "fp_impl.h"

#define FMT6(f16, bf16, f32, f64, e4m3, e5m2) { f16, bf16, f32, f64, e4m3, e5m2 }
enum { K_ = FP_DENORM_KEEP, F_ = FP_DENORM_FLUSH };

/* ------------------------------------------------------------------ R700
 * r700-isa.txt.  Only the f32 and f64 formats exist. */
const fp_policy fp_policy_r700 = {
    .name = "r700",
    /* f32: FLT32_TO_FLT64 maps an f32 denormal to +-0 (L3526-3528); the guide
     * says nothing else about f32 denormals.  f64: "Denorms are treated
     * arithmetically and obey rules of appropriate zero" (L5416) and the
     * ADD_64 table gives denorm rows the zero results (L2990-3002). */
    .denorm_in  = FMT6(F_, F_, F_, F_, F_, F_),
    /* not stated for outputs: chosen flush (the digest's recommendation,
     * seed-r700 §4.3: ATI CTM heritage "denormals are flushed") */
    .denorm_out = FMT6(F_, F_, F_, F_, F_, F_),
    /* "Basic add, multiply, and multiply-add operations are implemented using
     * the IEEE 754 round-to-nearest mode" (L2083); no other mode exists */
    .round      = FMT6(FP_RNE, FP_RNE, FP_RNE, FP_RNE, FP_RNE, FP_RNE),
    /* not stated: chosen IEEE (Inf on overflow in round-to-nearest) */
    .overflow   = FMT6(FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE),
    /* not stated: chosen after rounding, so the output-flush boundary is the
     * one x86 FTZ uses and the host tests prove */
    .tininess = FP_TINY_AFTER,
    /* ADD_64 table: a NaN src0 gives "src0 (NaN64)", else a NaN src1 gives
     * "src1 (NaN64)", "a propagated NaN value from the input listed" (L2990-3005) */
    .nan_prop = FP_NANP_FIRST,
    /* FLT32_TO_FLT64: "if the input is a 32-bit -/+ signaling NaN, the output
     * is a 64-bit -/+ signaling NaN" (L3545) */
    .nan_quiet = FP_NANQ_KEEP,
    .nan_inf = FP_NANINF_OFF,                 /* not stated: IEEE */
    /* MUL "0*anything = 0" vs MUL_IEEE "IEEE rules" (L1831-1832): a per-
     * instruction difference, so the policy is off and MUL, MULADD(_M2/_M4/_D2), DOT4,
     * MUL_LIT pass FP_F_ZERO_WINS */
    .zero_wins = FP_ZW_OFF,
    /* not stated: chosen the IEEE product sign */
    .zero_wins_sign = FP_ZWS_XOR,
    /* PRED_SETE_64: -0 == +0, denormals equal to zero (L5404-5416) */
    .zero_cmp = FP_ZCMP_EQUAL,
    /* MAX/MAX_DX10 pseudocode "If (src0 >= src1) dst = src0 else dst = src1"
     * (L4195-4201, L4219-4226) and MIN "src0 < src1" */
    .zero_minmax = FP_ZMM_GE_SELECT,
    /* not stated (CLAMP "to [0.0, 1.0]", L1980): chosen NaN -> 0, the D3D
     * saturate rule (seed-r700 §3.9) */
    .clamp_nan = FP_CLNAN_ZERO,
    .clamp_negzero = FP_CLZ_POS,              /* not stated: chosen +0 (no signed result) */
    /* FLT_TO_INT: NaN not stated: chosen 0 (seed-r700 §6 item 20) */
    .int_nan = FP_INAN_ZERO,
    /* FLT_TO_INT "If the value does fit in 32 bits, the low-order bits are
     * used" (L1930, L3487; read as "does not fit") */
    .int_ovf = FP_IOVF_WRAP,
    /* "it does not support IEEE floating-point exceptions" (L309): flags are
     * computed but not architectural; chosen as x86 */
    .denorm_exc = FP_DEXC_UNFLUSHED,
    .fma_nan = FP_FMAN_PROPAGATE,             /* no fused op on R700: n/a */
    /* f64: NaN64 = 0xFFF8000000000000 (L3005).  f32: FLT64_TO_FLT32 writes
     * 0xFFC00000 for a negative NaN (L3611-3614, Table 9.3); chosen as the
     * f32 default NaN by analogy with NaN64.  f16/bf16/e4m3/e5m2: n/a. */
    .default_nan = FMT6(0xfe00, 0xffc0, 0xffc00000, 0xfff8000000000000ull, 0xff, 0xfe),
};

/* ----------------------------------------------------------------- RDNA4
 * rdna4-isa.md.  The runtime MODE register selects rounding, denormals and
 * FP16_OVFL (fp_policy_rdna4_mode); this is MODE = 0x000000f0 (RNE, all
 * denormals allowed, FP16_OVFL off): the initial MODE is not specified
 * (seed-rdna4 B10 decision). */
const fp_policy fp_policy_rdna4 = {
    .name = "rdna4",
    /* MODE.FP_DENORM[5:4] f32, [7:6] f64 and f16 (L1073, L2907); value 3 =
     * allow input and output.  bf16 follows f16 (not stated: chosen).
     * e4m3/e5m2: conversions keep denormals (min denorm in the table, L3124) */
    .denorm_in  = FMT6(K_, K_, K_, K_, K_, K_),
    .denorm_out = FMT6(K_, K_, K_, K_, K_, K_),
    /* MODE.FP_ROUND[1:0] f32, [3:2] f64 and f16 (L1072, L2906); 8-bit
     * conversions: "Rounding is RNE" (L3131) */
    .round      = FMT6(FP_RNE, FP_RNE, FP_RNE, FP_RNE, FP_RNE, FP_RNE),
    /* MODE.FP16_OVFL = 0 (L1074): IEEE.  With FP16_OVFL = 1 f16/bf16 and the
     * 8-bit destinations saturate (L1074, L3132, L3166-3174) */
    .overflow   = FMT6(FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE),
    /* not stated: chosen after rounding (x86 rule, host-tested) */
    .tininess = FP_TINY_AFTER,
    /* Float Add rules: "if SRC0 == NaN: result = QNaN of SRC0 ... else if
     * SRC1 == NaN: QNaN of SRC1" (L6159-6162); seed-rdna4 C1 extends it to
     * VALU add/mul/fma */
    .nan_prop = FP_NANP_FIRST,
    /* "All operands that can produce exceptions quiet SNaNs" (L2868) */
    .nan_quiet = FP_NANQ_QUIET,
    .nan_inf = FP_NANINF_OFF,
    /* V_MUL_DX9_ZERO_F32 / V_FMA_DX9_ZERO_F32 are separate opcodes
     * (L12159, L20305-20312): instruction flags, policy off */
    .zero_wins = FP_ZW_OFF,
    /* "D0.f32 = 0.0F" (V_MUL_DX9_ZERO_F32 pseudocode, L12161-12165) */
    .zero_wins_sign = FP_ZWS_POS,
    /* V_CMP_* are IEEE compares: "-0 < +0" is noted only for min/max
     * (L8787); not stated for compares: chosen IEEE -0 == +0 */
    .zero_cmp = FP_ZCMP_EQUAL,
    /* MIN/MAX selection rules "-0 < +0. Preserves -0" (L6128-6150) */
    .zero_minmax = FP_ZMM_NEG_LESS,
    /* "When CLAMP==1, any NaN result is clamped to zero" (L2866) */
    .clamp_nan = FP_CLNAN_ZERO,
    .clamp_negzero = FP_CLZ_POS,              /* not stated: chosen +0 */
    /* "out-of-range floating point values (including infinity) saturate. NAN
     * is converted to 0" (V_CVT_I32_F64 L12903, V_CVT_U32_F32 L12955, ...) */
    .int_nan = FP_INAN_ZERO,
    .int_ovf = FP_IOVF_SAT,
    /* TRAP_CTRL/EXCP_FLAG alu_input_denormal (L1274-1326) does not say whether
     * a flushed denormal counts: chosen any denormal input */
    .denorm_exc = FP_DEXC_ALWAYS,
    /* not stated: chosen as x86 (no invalid for fma(0, Inf, qNaN)) */
    .fma_nan = FP_FMAN_PROPAGATE,
    /* F32 0xFFC00000 and F16 0xFE00 (functional examples L13318-13492,
     * L13882-14095); F64 not shown: 0xFFF8000000000000 by analogy (seed-rdna4
     * C19); bf16 0xFFC0 by analogy; e4m3 "-: 0xFF" (L3124); e5m2 0xFE by
     * analogy (negative quiet, L3122) */
    .default_nan = FMT6(0xfe00, 0xffc0, 0xffc00000, 0xfff8000000000000ull, 0xff, 0xfe),
};

/* ------------------------------------------------------------------- USC
 * powervr-usc-isr.txt (assembly-level reference: states special cases of
 * the complex ops, nothing about the arithmetic environment). */
const fp_policy fp_policy_usc = {
    .name = "usc",
    /* not stated: chosen keep (IEEE): nothing departs from IEEE and the
     * complex ops are specified in IEEE terms (FRCP(+/-0) = +/-INF, L419) */
    .denorm_in  = FMT6(K_, K_, K_, K_, K_, K_),
    .denorm_out = FMT6(K_, K_, K_, K_, K_, K_),
    /* not stated: chosen RNE; .ROUNDZERO "Rounds value to zero" (L377) is a
     * per-instruction flag (FP_F_RND(FP_RTZ)) of PCK/UNPCK (L604, L610) */
    .round      = FMT6(FP_RNE, FP_RNE, FP_RNE, FP_RNE, FP_RNE, FP_RNE),
    .overflow   = FMT6(FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE),
    .tininess = FP_TINY_AFTER,                /* not stated: chosen as x86 */
    /* FRCP(NaN) = +NaN, FRSQ(Any NaN) = +NaN, log2/exp2(Any NaN) = +NaN
     * (L419, L426, L441, L448): NaN results are one positive NaN */
    .nan_prop = FP_NANP_DEFAULT,
    .nan_quiet = FP_NANQ_QUIET,               /* n/a with nan_prop DEFAULT */
    .nan_inf = FP_NANINF_OFF,
    .zero_wins = FP_ZW_OFF,                   /* not stated: IEEE */
    .zero_wins_sign = FP_ZWS_XOR,             /* n/a */
    .zero_cmp = FP_ZCMP_EQUAL,                /* TST* semantics not stated: IEEE */
    .zero_minmax = FP_ZMM_NEG_LESS,           /* no float min/max in the source: n/a */
    /* .CLAMP "Clamps value to range [+0,1]" (L354), .SAT "0.0..1.0" (L378):
     * NaN not stated: chosen 0 (D3D/GL saturate rule); "+0" read as -0 -> +0 */
    .clamp_nan = FP_CLNAN_ZERO,
    .clamp_negzero = FP_CLZ_POS,
    /* PCK/UNPCK conversion maths not defined (seed-usc §10 item 5): chosen
     * NaN -> 0 and saturation (the GL conversion rules) */
    .int_nan = FP_INAN_ZERO,
    .int_ovf = FP_IOVF_SAT,
    .denorm_exc = FP_DEXC_UNFLUSHED,          /* no exceptions in the source: n/a */
    .fma_nan = FP_FMAN_PROPAGATE,             /* FMAD fusion not stated: n/a */
    /* "+NaN" (L419-448): the quiet positive NaN chosen as the pattern */
    .default_nan = FMT6(0x7e00, 0x7fc0, 0x7fc00000, 0x7ff8000000000000ull, 0x7f, 0x7e),
};

/* ------------------------------------------------------------------ NV50
 * nv50-envytools-docs (float.rst, double.rst, misc.rst) and nv50-isa-ops.txt:
 * operation lists without an arithmetic environment. */
const fp_policy fp_policy_nv50 = {
    .name = "nv50",
    /* f32: not stated: chosen flush in and out ([ext] CUDA C Programming
     * Guide: compute capability 1.x flushes single-precision denormals).
     * f64 (GT200 dfma, double.rst L44): chosen IEEE denormals ([ext] same) */
    .denorm_in  = FMT6(F_, F_, F_, K_, K_, K_),
    .denorm_out = FMT6(F_, F_, F_, K_, K_, K_),
    /* "add [sat] rn/rz", "mul [sat] rn/rz" (float.rst L27, L43): RNE unless
     * the instruction says rz (FP_F_RND(FP_RTZ)) */
    .round      = FMT6(FP_RNE, FP_RNE, FP_RNE, FP_RNE, FP_RNE, FP_RNE),
    .overflow   = FMT6(FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE),
    .tininess = FP_TINY_AFTER,                /* not stated: chosen as x86 */
    /* not stated: chosen the canonical NaN ([ext] G80 returns 0x7fffffff for
     * every NaN result, envytools hwtest / nvhw fp.c) */
    .nan_prop = FP_NANP_DEFAULT,
    .nan_quiet = FP_NANQ_QUIET,               /* n/a with nan_prop DEFAULT */
    .nan_inf = FP_NANINF_OFF,
    /* [ext] zero-wins (0 * x = +0 for any x, a denormal counting as 0) is a
     * run-time setting of G80 (envytools hwtest g80_fp: fmul/fmad checked with
     * and without it): off here; the model config key zero_wins=1 applies it
     * per instruction (FP_F_ZERO_WINS, model/nv50/README.md "Float on G80") */
    .zero_wins = FP_ZW_OFF,
    .zero_wins_sign = FP_ZWS_POS,
    .zero_cmp = FP_ZCMP_EQUAL,                /* fset cmpops not listed: IEEE */
    /* min/max: "If one operand is NaN, DST is set to the non-NaN operand. If
     * both are NaN, DST is set to NaN" (float.rst L78-79, double.rst L60-61)
     * = FP_MM_DX10; +-0 ([ext] envytools nvhw fp32_minmax, checked on G80 by
     * hwtest g80_fp): operands of different signs give the positive one for
     * max, the negative one for min, so -0 < +0 */
    .zero_minmax = FP_ZMM_NEG_LESS,
    /* "sat" (float.rst L27): [ext] envytools nvhw fp32_sat, checked on G80 by
     * hwtest g80_fp: [1, +Inf] -> 1.0, sign set -> +0, else unchanged, so the
     * NaN result 0x7fffffff stays NaN (envydis: "cvt.sat to f32 doesn't
     * convert NaNs to 0") */
    .clamp_nan = FP_CLNAN_KEEP,
    .clamp_negzero = FP_CLZ_POS,
    /* cvt: NaN not stated: chosen 0 ([ext] PTX cvt to integer gives 0) */
    .int_nan = FP_INAN_ZERO,
    /* "For integer destinations, always clamps result to target type range"
     * (misc.rst L34-35) */
    .int_ovf = FP_IOVF_SAT,
    .denorm_exc = FP_DEXC_UNFLUSHED,          /* no exception flags: n/a */
    .fma_nan = FP_FMAN_PROPAGATE,             /* not stated: chosen as x86 */
    /* [ext] 0x7fffffff (see nan_prop); f16 and f64 by analogy */
    .default_nan = FMT6(0x7fff, 0x7fff, 0x7fffffff, 0x7fffffffffffffffull, 0x7f, 0x7f),
};

/* ------------------------------------------------------------------ NVFP
 * nv-pixel-patent-7136070.txt (fp32 s.e8.m23 and fp16 s.e5.m10, L146-147). */
const fp_policy fp_policy_nvfp = {
    .name = "nvfp",
    /* "Denorms may be flushed to zero" (L155) */
    .denorm_in  = FMT6(F_, F_, F_, F_, F_, F_),
    .denorm_out = FMT6(F_, F_, F_, F_, F_, F_),
    /* not stated: chosen RNE */
    .round      = FMT6(FP_RNE, FP_RNE, FP_RNE, FP_RNE, FP_RNE, FP_RNE),
    .overflow   = FMT6(FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE),
    .tininess = FP_TINY_AFTER,                /* not stated: chosen as x86 */
    .nan_prop = FP_NANP_DEFAULT,              /* n/a: nan_inf ON leaves no NaN */
    .nan_quiet = FP_NANQ_QUIET,
    /* "NaN may be treated as infinity" (L155); an invalid operation (Inf-Inf)
     * then gives +Inf: not stated, chosen through the default NaN's sign */
    .nan_inf = FP_NANINF_ON,
    /* Table 7: "0.0 * x = 0.0 for all x (including infinity and NaN)" (L165) */
    .zero_wins = FP_ZW_ON,
    .zero_wins_sign = FP_ZWS_POS,             /* "= 0.0" (L165) */
    /* "Negative 0.0 may also be treated as positive 0.0 in comparisons" (L155) */
    .zero_cmp = FP_ZCMP_EQUAL,
    .zero_minmax = FP_ZMM_FIRST,              /* MIN/MAX ties not stated: chosen first */
    .clamp_nan = FP_CLNAN_ZERO,               /* no clamp modifier (seed-nvfp §6): n/a */
    .clamp_negzero = FP_CLZ_POS,
    .int_nan = FP_INAN_ZERO,                  /* no float->int (s12 is ISA code): n/a */
    .int_ovf = FP_IOVF_SAT,
    /* "no floating point exceptions or interrupts" (L155): flags not
     * architectural */
    .denorm_exc = FP_DEXC_UNFLUSHED,
    .fma_nan = FP_FMAN_PROPAGATE,             /* n/a: no NaN operands */
    .default_nan = FMT6(0x7e00, 0x7fc0, 0x7fc00000, 0x7ff8000000000000ull, 0x7f, 0x7e),
};

/* --------------------------------------------------------------- x86 SSE
 * The host: SSE/AVX scalar ops with MXCSR = 0x1f80 (RNE, DAZ = FTZ = 0).
 * Intel SDM vol. 1 §4.8.3.5 (QNaN floating-point indefinite 0xFFC00000),
 * §11.5.2.2 / Table 4-7 (first source NaN, quieted), §10.2.3.3 (tininess
 * after rounding), and measured on this machine (test_fp_host). */
const fp_policy fp_policy_x86_sse = {
    .name = "x86_sse",
    .denorm_in  = FMT6(K_, K_, K_, K_, K_, K_),
    .denorm_out = FMT6(K_, K_, K_, K_, K_, K_),
    .round      = FMT6(FP_RNE, FP_RNE, FP_RNE, FP_RNE, FP_RNE, FP_RNE),
    .overflow   = FMT6(FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE, FP_OVF_IEEE),
    .tininess = FP_TINY_AFTER,
    .nan_prop = FP_NANP_FIRST,
    .nan_quiet = FP_NANQ_QUIET,
    .nan_inf = FP_NANINF_OFF,
    .zero_wins = FP_ZW_OFF,
    .zero_wins_sign = FP_ZWS_XOR,
    .zero_cmp = FP_ZCMP_EQUAL,
    .zero_minmax = FP_ZMM_SECOND,             /* MINSS/MAXSS return the second source on ties */
    .clamp_nan = FP_CLNAN_ZERO,
    .clamp_negzero = FP_CLZ_POS,
    .int_nan = FP_INAN_MIN,                   /* integer indefinite 0x80000000 */
    .int_ovf = FP_IOVF_SAT,
    .denorm_exc = FP_DEXC_UNFLUSHED,          /* DAZ suppresses DE (measured) */
    .fma_nan = FP_FMAN_PROPAGATE,             /* measured: fmaf(0, Inf, qNaN) = qNaN, no IE */
    .default_nan = FMT6(0xfe00, 0xffc0, 0xffc00000, 0xfff8000000000000ull, 0xff, 0xfe),
};

const fp_policy *fp_policy_find(const char *name)
{
    static const fp_policy *const all[] = {
        &fp_policy_r700, &fp_policy_rdna4, &fp_policy_usc, &fp_policy_nv50, &fp_policy_nvfp,
        &fp_policy_x86_sse,
    };
    if (!name) return NULL;
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (strcmp(all[i]->name, name) == 0) return all[i];
    return NULL;
}

int fp_policy_rdna4_mode(fp_policy *p, uint32_t mode)
{
    /* MODE.FP_ROUND: 0 nearest even, 1 +inf, 2 -inf, 3 toward zero (L1072) */
    static const uint8_t rnd[4] = { FP_RNE, FP_RUP, FP_RDN, FP_RTZ };
    if (!p) return GPUREF_ERR_ARG;
    uint8_t r32 = rnd[mode & 3], r16 = rnd[(mode >> 2) & 3];
    unsigned d32 = (mode >> 4) & 3, d16 = (mode >> 6) & 3;   /* {allow_out, allow_in} (L1073) */
    int ovfl = (mode >> 23) & 1;                             /* FP16_OVFL (L1074) */
    p->round[FP_F32] = r32;
    p->round[FP_F16] = p->round[FP_BF16] = p->round[FP_F64] = r16;
    p->denorm_in[FP_F32]   = (d32 & 1) ? K_ : F_;
    p->denorm_out[FP_F32]  = (d32 & 2) ? K_ : F_;
    p->denorm_in[FP_F16]   = p->denorm_in[FP_BF16]  = p->denorm_in[FP_F64]  = (d16 & 1) ? K_ : F_;
    p->denorm_out[FP_F16]  = p->denorm_out[FP_BF16] = p->denorm_out[FP_F64] = (d16 & 2) ? K_ : F_;
    uint8_t o = ovfl ? FP_OVF_SAT : FP_OVF_IEEE;
    p->overflow[FP_F16] = p->overflow[FP_BF16] = p->overflow[FP_E4M3] = p->overflow[FP_E5M2] = o;
    return fp_policy_seal(p, NULL, 0);
}
