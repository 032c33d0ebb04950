/* f32_trans_dir_check.c - the check of the directed roundings of V_RCP/RCP_IFLAG/RSQ/
 * SQRT_F32 (and V_S_RCP/RSQ/SQRT_F32) in rtl/rdna4/rdna4_vtrans.sv (rtl/rdna4/README.md
 * "Transcendentals") against the model (model/fp fp_rcp/fp_rsq/fp_sqrt at binary32, the
 * RDNA4 policy of MODE with the F32 denormals flushed, as rdna4_exec_valu_f32.c runs the
 * rows).
 *
 * The algorithm, mirrored here step by step:
 *   y  = the function of x rounded to nearest even, F32 denormals flushed in and out
 *        (fp32_trans: here the model's function in that mode);
 *   exact (the RTL's rule from the operand and y): RCP of a power of two, RSQ of an
 *        even power of two, SQRT when the significand of y squared is x's (aligned);
 *   for an inexact finite y of a finite nonzero x (y neither 0 nor Inf nor NaN): the
 *        side of the true value t from integer arithmetic on the significands:
 *        |y| > |t| when y x > 1 (RCP), y^2 x > 1 (RSQ), y^2 > x (SQRT);
 *        toward zero, and toward -Inf for y > 0 / +Inf for y < 0: y - 1 ulp when
 *        |y| > |t|; toward +Inf for y > 0 / -Inf for y < 0: y + 1 ulp when |y| < |t|;
 *        a result whose exponent field becomes 0 is flushed to +-0;
 *   flags of such an x: inexact, and underflow when the RCP result is +-0.
 * Inputs: every F32 pattern with a stride (--sample N, default 65537), every 13th
 * significand of four binades (exponent fields 126-129: both exponent parities) and
 * the 64 at each end (1.0 and its neighbours), every 256th of them negative too, and the patterns near the flush boundary
 * (exponent fields 1, 2, 252-254, sampled); the three directed modes each.  Results
 * of every input, flags of the finite nonzero ones, against the model.  Exit 0 when
 * all agree, 1 on a mismatch, 2 on an error.  The last line "f32-trans-dir: N passed,
 * N failed" counts cases (scripts/run-tests.sh, suite rtl-fp-f32-trans-dir-rdna4). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fp.h"

enum { T_RCP, T_RSQ, T_SQRT, T_N };
static const char *const NAME[T_N] = { "rcp", "rsq", "sqrt" };

static int fn(int op, uint32_t a, const fp_policy *p, uint64_t *r, unsigned *e)
{
    switch (op) {
    case T_RCP: return fp_rcp(FP_F32, a, p, 0, r, e);
    case T_RSQ: return fp_rsq(FP_F32, a, p, 0, r, e);
    default: return fp_sqrt(FP_F32, a, p, 0, r, e);
    }
}

static fp_policy mkpol(uint32_t mode)
{
    fp_policy p = fp_policy_rdna4;
    if (fp_policy_rdna4_mode(&p, mode)) {
        fprintf(stderr, "f32_trans_dir_check: bad MODE 0x%x\n", mode);
        exit(2);
    }
    return p;
}

/* the RTL's result and flags (inexact, underflow as FP_EXC_*) in MODE.FP_ROUND rnd */
static uint32_t rtl(int op, uint32_t x, uint32_t y, unsigned rnd, unsigned *fl)
{
    uint32_t xe = x >> 23 & 0xffu, xm = x & 0x7fffffu, ye = y >> 23 & 0xffu, ym = y & 0x7fffffu;
    uint64_t rs = (uint64_t)(ym | 0x800000u), xs = xm | 0x800000u, rsq2 = rs * rs;
    int exact;
    switch (op) {
    case T_RCP: exact = xm == 0; break;
    case T_RSQ: exact = xm == 0 && (xe & 1u); break;
    default: exact = !(xe & 1u) ? rsq2 == ((uint64_t)xs << 24) : rsq2 == ((uint64_t)xs << 23); break;
    }
    *fl = 0;
    int special = xe == 0 || xe == 0xff || ((x >> 31) && op != T_RCP);
    if (special)
        return y;
    int mup;
    if (op == T_RCP) {
        uint64_t p = rs * xs;
        mup = ((ye + xe) & 0xffu) == 254 ? p > (1ull << 46) : p > (1ull << 47);
    } else if (op == T_RSQ) {
        unsigned __int128 p = (unsigned __int128)rsq2 * xs;
        unsigned d = (2 * ye + xe - 378) & 0x3ffu;
        mup = d == 3 ? p > ((unsigned __int128)1 << 69) : d == 2 ? p > ((unsigned __int128)1 << 70)
            : d == 1 ? p > ((unsigned __int128)1 << 71) : 0;
    } else {
        mup = !(xe & 1u) ? rsq2 > ((uint64_t)xs << 24) : rsq2 > ((uint64_t)xs << 23);
    }
    int s = (int)(y >> 31);
    int dir = rnd != 0 && !exact && ye != 0 && ye != 0xff;
    int dec = dir && mup && (rnd == 3 || (rnd == 1 && s) || (rnd == 2 && !s));
    int inc = dir && !mup && ((rnd == 1 && !s) || (rnd == 2 && s));
    uint32_t r = y - (uint32_t)dec + (uint32_t)inc;
    if ((r >> 23 & 0xffu) == 0)
        r &= 0x80000000u;
    int rz = (r & 0x7fffffffu) == 0;
    if (!exact)
        *fl |= FP_EXC_INEXACT;
    if (rz && op == T_RCP) *fl |= FP_EXC_UNDERFLOW | FP_EXC_INEXACT;
    return r;
}

static unsigned long long npass, nfail;

static void one(uint32_t x)
{
    fp_policy pn = mkpol(0x0);
    for (int op = 0; op < T_N; op++) {
        uint64_t y = 0, m = 0;
        unsigned e = 0;
        if (fn(op, x, &pn, &y, &e))
            exit(2);
        for (unsigned rnd = 1; rnd < 4; rnd++) {
            fp_policy pd = mkpol(rnd);
            unsigned em = 0, fl = 0;
            if (fn(op, x, &pd, &m, &em))
                exit(2);
            uint32_t r = rtl(op, x, (uint32_t)y, rnd, &fl);
            uint32_t xe = x >> 23 & 0xffu;
            int finite = xe != 0 && xe != 0xff && !((x >> 31) && op != T_RCP);
            unsigned want = em & (FP_EXC_INEXACT | FP_EXC_UNDERFLOW);
            if (r != (uint32_t)m || (finite && fl != want)) {
                if (nfail < 20)
                    fprintf(stderr, "%s(0x%08x) round %u: RTL 0x%08x flags 0x%x, model 0x%08x flags 0x%x\n",
                            NAME[op], x, rnd, r, fl, (uint32_t)m, want);
                nfail++;
            } else
                npass++;
        }
    }
}

int main(int argc, char **argv)
{
    uint32_t step = 65537;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--sample") && i + 1 < argc)
            step = (uint32_t)strtoul(argv[++i], NULL, 0);
        else {
            fprintf(stderr, "usage: f32_trans_dir_check [--sample N]\n");
            return 2;
        }
    }
    if (step == 0)
        step = 1;
    for (uint64_t x = 0; x < 0x100000000ull; x += step)
        one((uint32_t)x);
    for (uint32_t e = 126; e <= 129; e++)
        for (uint32_t m = 0; m < 0x800000u; m += (m < 64 || m > 0x7fffc0u) ? 1 : 13) {
            one(e << 23 | m);
            if ((m & 0xffu) == 0)
                one(0x80000000u | e << 23 | m);
        }
    static const uint32_t edge[] = { 1, 2, 252, 253, 254 };
    for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++)
        for (uint32_t m = 0; m < 0x800000u; m += 61) {
            one(edge[i] << 23 | m);
            one(0x80000000u | edge[i] << 23 | m);
        }
    /* one test for make test's count (it counts tests, not operand comparisons) */
    printf("f32-trans-dir: %llu cases, %llu mismatches\n", npass + nfail, nfail);
    printf("%d passed, %d failed\n", nfail ? 0 : 1, nfail ? 1 : 0);
    return nfail ? 1 : 0;
}
