/* rdna4_exec_valu_fcmp.c - the vector float compares: V_CMP(X)_<pred>_{F16,F32,F64}
 * (the 14 predicates LT..NLT of Table 92; RDNA4 has no F/T) and V_CMP(X)_CLASS_*.
 *
 * Compares run on model/fp (fp_cmp) with the RDNA4 policy following MODE (input
 * denormals by MODE's F32 or F16/F64 field, README C1/E12), after the ABS/NEG
 * modifiers of the VOP3 form; 16-bit sources are the halves OPSEL or VGPR bit 7
 * name (E5).  Exceptions (C10): a signalling NaN always raises INVALID, a quiet NaN
 * only when CLAMP is set ("Signal 'invalid' on sNAN's, and also on qNAN's if clamp is
 * set", e.g. L15666); the sticky EXCP_FLAG_USER bits of the active lanes are set (V4).
 * V_CMP_CLASS tests the raw bits (denormals are denormals whatever MODE, L15560) and
 * raises INVALID on a signalling NaN as its note says (V8).  Result bits of inactive
 * lanes are 0; V_CMPX writes EXEC (L2835, V1). */
#include <string.h>

#include "fp.h"

#include "rdna4.h"
#include "rdna4_exec.h"

/* Source i of every lane as a float of format f (16-bit: the half OPSEL names). */
static void load_f(const rdna4_state *s, const rdna4_vpre *v, unsigned i, fp_fmt f, uint64_t *out)
{
    unsigned n = rdna4_nlanes(s);
    if (f == FP_F64) {
        rdna4_load_src64(s, v, i, out);
        return;
    }
    uint32_t t[RDNA4_NL];
    if (f == FP_F16)
        rdna4_load_src16(s, v, i, t);
    else
        rdna4_load_src(s, v, i, t);
    for (unsigned l = 0; l < n; l++)
        out[l] = t[l];
}

/* Format by opcode: Table 92 F16 1-14, F32 17-30, F64 33-46; CLASS 125-127; the
 * V_CMPX numbers are these + 128.  Predicate = opcode[3:0] in fp_pred order. */
static fp_fmt cmp_fmt(unsigned op)
{
    op &= 127u;
    if (op >= 125)
        return op == 125 ? FP_F16 : op == 126 ? FP_F32 : FP_F64;
    return op < 16 ? FP_F16 : op < 32 ? FP_F32 : FP_F64;
}

/* The compare result of every active lane, or an error; *exc the exceptions. */
static int fcompare(rdna4_state *s, const rdna4_pre *p, const rdna4_vpre *v, uint64_t *res,
                    unsigned *exc)
{
    unsigned op = rdna4_rows[p->row].op;
    fp_fmt f = cmp_fmt(op);
    uint64_t a[RDNA4_NL], b[RDNA4_NL], ex = rdna4_valu_lanes(s), r = 0;
    const fp_policy *pol = rdna4_fp_policy(s);
    unsigned fl = v->clamp ? FP_F_SIGNALING : 0;
    load_f(s, v, 0, f, a);
    *exc = 0;
    if ((op & 127u) >= 125) {                  /* CLASS: S1 is a 10-bit mask */
        uint32_t m[RDNA4_NL];
        if (f == FP_F16)
            rdna4_load_src16(s, v, 1, m);
        else
            rdna4_load_src(s, v, 1, m);
        for (uint64_t k = ex; k; k &= k - 1) {
            unsigned l = (unsigned)__builtin_ctzll(k), c = fp_classify(f, a[l]);
            if (m[l] & c)
                r |= (uint64_t)1 << l;
            if (c & FP_CLASS_SNAN)
                *exc |= FP_EXC_INVALID;
        }
        *res = r;
        return GPUREF_OK;
    }
    load_f(s, v, 1, f, b);
    for (uint64_t k = ex; k; k &= k - 1) {
        unsigned l = (unsigned)__builtin_ctzll(k), e = 0;
        int x = 0, st = fp_cmp(f, (fp_pred)(op & 15u), a[l], b[l], pol, fl, &x, &e);
        if (st)
            return rdna4_fp_fail(s, p, st);
        if (x)
            r |= (uint64_t)1 << l;
        *exc |= e;
    }
    *res = r;
    return GPUREF_OK;
}

static int fcmp_exec(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, int to_exec)
{
    const rdna4_vpre *v = rdna4_vp(s, p);
    int st = rdna4_valu_plain(s, p, v);
    if (st)
        return st;
    uint64_t r = 0;
    unsigned exc = 0;
    if ((st = fcompare(s, p, v, &r, &exc)) != GPUREF_OK)
        return st;
    if ((st = rdna4_fp_check_trap(s, p, exc)) != GPUREF_OK)
        return st;
    rr->exec_mask = rdna4_exec_mask(s);
    rdna4_valu_write_mask(s, rr, to_exec ? RDNA4_EXEC_LO : v->sdst, r);
    rdna4_fp_record_exc(s, rr, exc);
    return GPUREF_OK;
}

RDNA4_EXEC(v_cmp_float) { return fcmp_exec(s, p, rr, 0); }
RDNA4_EXEC(v_cmpx_float) { return fcmp_exec(s, p, rr, 1); }
