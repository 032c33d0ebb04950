/* rdna4_exec_sfloat.c - SALU floating point (SOP2 64-82, SOP1 96-110, SOPC 65-94) on the
 * float core (model/fp).
 *
 * Guide §6.8 (L2506-2553): the same results as the VALU counterparts, no operand
 * modifiers; MODE.FP_ROUND / FP_DENORM apply (the policy follows MODE through
 * fp_policy_rdna4_mode); F16 instructions read bits [15:0] and write
 * {16'b0, result} (L2552).  Exceptions set the sticky EXCP_FLAG_USER bits
 * (L1310-1326) and are reported as a hwreg write when a flag is newly set; an
 * exception whose trap is enabled in TRAP_CTRL (with a trap handler present)
 * stops with "unimplemented" (exception traps are not modelled). */
#include "fp.h"
#include "rdna4.h"
#include "rdna4_exec.h"

static inline uint32_t S0(const rdna4_state *s, const rdna4_pre *p) { return rdna4_src32(s, &p->s[0]); }
static inline uint32_t S1(const rdna4_state *s, const rdna4_pre *p) { return rdna4_src32(s, &p->s[1]); }

const fp_policy *rdna4_fp_policy(rdna4_state *s)
{
    uint32_t mode = s->a.hwreg[RDNA4_HW_MODE];
    if (!s->fp_valid || mode != s->fp_mode) {
        s->fp_valid = fp_policy_rdna4_mode(&s->fp, mode) == GPUREF_OK;
        s->fp_mode = mode;
    }
    return &s->fp;
}

/* fp exception bits -> EXCP_FLAG_USER bits (invalid 0, input denormal 1, div0 2,
 * overflow 3, underflow 4, inexact 5). */
uint32_t rdna4_fp_excp_bits(unsigned exc)
{
    return ((exc & FP_EXC_INVALID) ? 1u : 0) | ((exc & FP_EXC_DENORMAL) ? 2u : 0) |
           ((exc & FP_EXC_DIVBYZERO) ? 4u : 0) | ((exc & FP_EXC_OVERFLOW) ? 8u : 0) |
           ((exc & FP_EXC_UNDERFLOW) ? 16u : 0) | ((exc & FP_EXC_INEXACT) ? 32u : 0) |
           ((exc & RDNA4_EXC_INT_DIV0) ? 64u : 0);
}

/* Check the exception against the trap enables before any state is written. */
int rdna4_fp_check_trap(rdna4_state *s, const rdna4_pre *p, unsigned exc)
{
    uint32_t bits = rdna4_fp_excp_bits(exc);
    if ((bits & s->a.hwreg[RDNA4_HW_TRAP_CTRL] & 0x7fu) &&
        (s->a.hwreg[RDNA4_HW_STATUS] & RDNA4_STATUS_TRAP_EN))
        return gpuref_errf(s->err, GPUREF_ERR_UNIMPL,
                           "unimplemented: %s raises an exception whose trap is enabled "
                           "(TRAP_CTRL 0x%x): exception traps are not modelled",
                           rdna4_rows[p->row].name, s->a.hwreg[RDNA4_HW_TRAP_CTRL]);
    return GPUREF_OK;
}

void rdna4_fp_record_exc(rdna4_state *s, gpuref_retire *rr, unsigned exc)
{
    uint32_t old = s->a.hwreg[RDNA4_HW_EXCP_FLAG_USER], v = old | rdna4_fp_excp_bits(exc);
    if (v != old)
        rdna4_write_hwreg(s, rr, RDNA4_HW_EXCP_FLAG_USER, v);
}

int rdna4_fp_fail(rdna4_state *s, const rdna4_pre *p, int st)
{
    return gpuref_errf(s->err, st == GPUREF_ERR_UNIMPL ? GPUREF_ERR_UNIMPL : GPUREF_ERR_FAULT,
                       "%s: float core error %d (%s)", rdna4_rows[p->row].name, st,
                       gpuref_status_name(st));
}

/* Write a float result (F16: zero-extended) and the exceptions. */
static int finish(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, uint32_t d, unsigned exc)
{
    int st = rdna4_fp_check_trap(s, p, exc);
    if (st)
        return st;
    if (rdna4_sdst_ok(s, p->dst, 1))
        rdna4_write_sreg(s, rr, p->dst, d, 0);
    rdna4_fp_record_exc(s, rr, exc);
    return GPUREF_OK;
}

typedef enum { OP_ADD, OP_SUB, OP_MUL } binop;

static int binary(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, fp_fmt f, binop op)
{
    const fp_policy *pol = rdna4_fp_policy(s);
    uint64_t a = S0(s, p), b = S1(s, p), r = 0;
    unsigned exc = 0;
    if (f == FP_F16) {
        a &= 0xffffu;
        b &= 0xffffu;
    }
    int st = op == OP_ADD ? fp_add(f, a, b, pol, 0, &r, &exc)
           : op == OP_SUB ? fp_sub(f, a, b, pol, 0, &r, &exc)
                          : fp_mul(f, a, b, pol, 0, &r, &exc);
    if (st)
        return rdna4_fp_fail(s, p, st);
    return finish(s, p, rr, (uint32_t)r, exc);
}

/* exec function rdna4_x_name, named by the EXEC column of rdna4.def: RDNA4_EXEC (rdna4.h)
 * retires the instruction after the body */
#define X(name) RDNA4_EXEC(name)
X(s_add_f32) { return binary(s, p, rr, FP_F32, OP_ADD); }
X(s_sub_f32) { return binary(s, p, rr, FP_F32, OP_SUB); }
X(s_mul_f32) { return binary(s, p, rr, FP_F32, OP_MUL); }
X(s_add_f16) { return binary(s, p, rr, FP_F16, OP_ADD); }
X(s_sub_f16) { return binary(s, p, rr, FP_F16, OP_SUB); }
X(s_mul_f16) { return binary(s, p, rr, FP_F16, OP_MUL); }

static int fma3(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, fp_fmt f, uint64_t a,
                uint64_t b, uint64_t c)
{
    const fp_policy *pol = rdna4_fp_policy(s);
    uint64_t r = 0;
    unsigned exc = 0;
    int st = fp_fma(f, a, b, c, pol, 0, &r, &exc);
    if (st)
        return rdna4_fp_fail(s, p, st);
    return finish(s, p, rr, (uint32_t)r, exc);
}

X(s_fmaak_f32) { return fma3(s, p, rr, FP_F32, S0(s, p), S1(s, p), p->imm); }
X(s_fmamk_f32) { return fma3(s, p, rr, FP_F32, S0(s, p), p->imm, S1(s, p)); }
X(s_fmac_f32)  { return fma3(s, p, rr, FP_F32, S0(s, p), S1(s, p), s->a.sreg[p->dst]); }
X(s_fmac_f16)
{
    return fma3(s, p, rr, FP_F16, S0(s, p) & 0xffffu, S1(s, p) & 0xffffu,
                s->a.sreg[p->dst] & 0xffffu);
}

/* min/max of the scalar and vector float instructions (shared helper, rdna4_exec.h).
 * ieee = 0: minimumNumber/maximumNumber (S_MIN_NUM/S_MAX_NUM L8769-8830, V_MIN_NUM/
 * V_MAX_NUM L12331): sNaN -> invalid; both NaN -> quiet(S0); one NaN -> the other
 * operand; else -0 < +0.  ieee = 1: minimum/maximum (S_MINIMUM/S_MAXIMUM L8957-9030,
 * V_MINIMUM/V_MAXIMUM): sNaN S0, sNaN S1, qNaN S0, qNaN S1 in that order win
 * (quieted); else -0 < +0. */
int rdna4_fp_minmax(fp_fmt f, int ieee, int max, uint64_t a, uint64_t b, const fp_policy *pol,
                    uint64_t *r, unsigned *exc)
{
    uint64_t qbit = f == FP_F16 ? 0x200u : f == FP_F64 ? 0x8000000000000ull : 0x400000u;
    unsigned ca = fp_classify(f, a), cb = fp_classify(f, b);
    if ((ca | cb) & FP_CLASS_SNAN)
        *exc |= FP_EXC_INVALID;
    int na = (ca & (FP_CLASS_SNAN | FP_CLASS_QNAN)) != 0, nb = (cb & (FP_CLASS_SNAN | FP_CLASS_QNAN)) != 0;
    if (ieee) {
        if (ca & FP_CLASS_SNAN)
            *r = a | qbit;
        else if (cb & FP_CLASS_SNAN)
            *r = b | qbit;
        else if (ca & FP_CLASS_QNAN)
            *r = a;
        else if (cb & FP_CLASS_QNAN)
            *r = b;
        else
            return max ? fp_max(f, FP_MM_IEEE2019, a, b, pol, 0, r, exc)
                       : fp_min(f, FP_MM_IEEE2019, a, b, pol, 0, r, exc);
        return GPUREF_OK;
    }
    if (na && nb)
        *r = a | qbit;
    else if (na)
        *r = b;
    else if (nb)
        *r = a;
    else
        return max ? fp_max(f, FP_MM_IEEE2019_NUM, a, b, pol, 0, r, exc)
                   : fp_min(f, FP_MM_IEEE2019_NUM, a, b, pol, 0, r, exc);
    return GPUREF_OK;
}

static int minmax(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, fp_fmt f, int ieee, int max)
{
    uint64_t a = S0(s, p), b = S1(s, p), r = 0;
    unsigned exc = 0;
    if (f == FP_F16) {
        a &= 0xffffu;
        b &= 0xffffu;
    }
    int st = rdna4_fp_minmax(f, ieee, max, a, b, rdna4_fp_policy(s), &r, &exc);
    if (st)
        return rdna4_fp_fail(s, p, st);
    return finish(s, p, rr, (uint32_t)r, exc);
}
#define minmax_num(s, p, rr, f, max) minmax(s, p, rr, f, 0, max)
#define minmax_ieee(s, p, rr, f, max) minmax(s, p, rr, f, 1, max)

X(s_min_num_f32) { return minmax_num(s, p, rr, FP_F32, 0); }
X(s_max_num_f32) { return minmax_num(s, p, rr, FP_F32, 1); }
X(s_min_num_f16) { return minmax_num(s, p, rr, FP_F16, 0); }
X(s_max_num_f16) { return minmax_num(s, p, rr, FP_F16, 1); }
X(s_minimum_f32) { return minmax_ieee(s, p, rr, FP_F32, 0); }
X(s_maximum_f32) { return minmax_ieee(s, p, rr, FP_F32, 1); }
X(s_minimum_f16) { return minmax_ieee(s, p, rr, FP_F16, 0); }
X(s_maximum_f16) { return minmax_ieee(s, p, rr, FP_F16, 1); }

X(s_cvt_pk_rtz_f16_f32)    /* round toward zero whatever MODE says (L8854-8868) */
{
    const fp_policy *pol = rdna4_fp_policy(s);
    uint64_t lo = 0, hi = 0;
    unsigned exc = 0;
    int st = fp_convert(FP_F16, FP_F32, S0(s, p), pol, FP_F_RND(FP_RTZ), &lo, &exc);
    if (!st)
        st = fp_convert(FP_F16, FP_F32, S1(s, p), pol, FP_F_RND(FP_RTZ), &hi, &exc);
    if (st)
        return rdna4_fp_fail(s, p, st);
    return finish(s, p, rr, (uint32_t)(lo & 0xffffu) | (uint32_t)(hi & 0xffffu) << 16, exc);
}

/* ---------------------------------------------------------------- SOP1 */

typedef int (*round_fn)(fp_fmt, uint64_t, const fp_policy *, unsigned, uint64_t *, unsigned *);

static int round1(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, fp_fmt f, round_fn fn)
{
    const fp_policy *pol = rdna4_fp_policy(s);
    uint64_t a = S0(s, p), r = 0;
    unsigned exc = 0;
    if (f == FP_F16)
        a &= 0xffffu;
    int st = fn(f, a, pol, 0, &r, &exc);
    if (st)
        return rdna4_fp_fail(s, p, st);
    return finish(s, p, rr, (uint32_t)r, exc);
}

X(s_ceil_f32)  { return round1(s, p, rr, FP_F32, fp_ceil); }
X(s_floor_f32) { return round1(s, p, rr, FP_F32, fp_floor); }
X(s_trunc_f32) { return round1(s, p, rr, FP_F32, fp_trunc); }
X(s_rndne_f32) { return round1(s, p, rr, FP_F32, fp_rne); }
X(s_ceil_f16)  { return round1(s, p, rr, FP_F16, fp_ceil); }
X(s_floor_f16) { return round1(s, p, rr, FP_F16, fp_floor); }
X(s_trunc_f16) { return round1(s, p, rr, FP_F16, fp_trunc); }
X(s_rndne_f16) { return round1(s, p, rr, FP_F16, fp_rne); }

static int from_int(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, fp_int it)
{
    uint64_t r = 0;
    unsigned exc = 0;
    int st = fp_from_int(FP_F32, it, S0(s, p), rdna4_fp_policy(s), 0, &r, &exc);
    if (st)
        return rdna4_fp_fail(s, p, st);
    return finish(s, p, rr, (uint32_t)r, exc);
}
X(s_cvt_f32_i32) { return from_int(s, p, rr, FP_I32); }
X(s_cvt_f32_u32) { return from_int(s, p, rr, FP_U32); }

/* float -> int truncates (digest §7 C3); out of range saturates, NaN -> 0 (policy) */
static int to_int(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, fp_int it)
{
    uint64_t r = 0;
    unsigned exc = 0;
    int st = fp_to_int(it, FP_F32, S0(s, p), rdna4_fp_policy(s), FP_F_RND(FP_RTZ), &r, &exc);
    if (st)
        return rdna4_fp_fail(s, p, st);
    return finish(s, p, rr, (uint32_t)r, exc);
}
X(s_cvt_i32_f32) { return to_int(s, p, rr, FP_I32); }
X(s_cvt_u32_f32) { return to_int(s, p, rr, FP_U32); }

static int convert(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, fp_fmt dst, fp_fmt src,
                   uint64_t a)
{
    uint64_t r = 0;
    unsigned exc = 0;
    int st = fp_convert(dst, src, a, rdna4_fp_policy(s), 0, &r, &exc);
    if (st)
        return rdna4_fp_fail(s, p, st);
    return finish(s, p, rr, (uint32_t)r, exc);
}
X(s_cvt_f16_f32)    { return convert(s, p, rr, FP_F16, FP_F32, S0(s, p)); }
X(s_cvt_f32_f16)    { return convert(s, p, rr, FP_F32, FP_F16, S0(s, p) & 0xffffu); }
X(s_cvt_hi_f32_f16) { return convert(s, p, rr, FP_F32, FP_F16, S0(s, p) >> 16); }

/* ---------------------------------------------------------------- SOPC */

/* S_CMP_*_F32 opcodes 65-78 and S_CMP_*_F16 81-94 are the predicates LT..NLT in
 * fp_pred order (LT = 1 ... NLT = 14).  Quiet compares: invalid on sNaN. */
X(s_cmp_float)
{
    unsigned op = rdna4_rows[p->row].op;
    fp_fmt f = op >= 81 ? FP_F16 : FP_F32;
    fp_pred pred = (fp_pred)(op >= 81 ? op - 80 : op - 64);
    uint64_t a = S0(s, p), b = S1(s, p);
    if (f == FP_F16) {
        a &= 0xffffu;
        b &= 0xffffu;
    }
    int res = 0;
    unsigned exc = 0;
    int st = fp_cmp(f, pred, a, b, rdna4_fp_policy(s), 0, &res, &exc);
    if (st)
        return rdna4_fp_fail(s, p, st);
    if ((st = rdna4_fp_check_trap(s, p, exc)))
        return st;
    rdna4_write_scc(s, rr, res ? 1u : 0u, 0);
    rdna4_fp_record_exc(s, rr, exc);
    return GPUREF_OK;
}
