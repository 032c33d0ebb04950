/* f16_trans_check.c - the exhaustive check of the F16 transcendental algorithm of
 * rtl/rdna4/rdna4_vtrans.sv (rtl/rdna4/README.md "F16 transcendentals") against the
 * model (model/fp fp_rcp/fp_sqrt/fp_rsq/fp_log2/fp_exp2/fp_sin/fp_cos at binary16,
 * the RDNA4 policy of MODE, as rdna4_exec_valu_f32.c runs V_*_F16).
 *
 * The algorithm, mirrored here step by step:
 *   x  = the F16 operand converted exactly to F32 (MODE[6] input flush, sNaN quieted);
 *   y  = the F32 transcendental of x rounded to nearest even, F32 denormals flushed
 *        (fp32_trans, the unit of the F32 rows: here the model's F32 function);
 *   y' = y with the side of the true value t encoded below the F32 ulp:
 *          t exact (y == t): y' = y;
 *          y = +-Inf from a finite x (EXP overflow): the largest finite F32 of y's sign;
 *          y = +-0 from an inexact t (EXP below 2^-126, flushed): the smallest F32
 *          denormal of y's sign;
 *          y's low 12 significand bits zero (y may be an F16 value or an F16
 *          midpoint): y + 1 ulp (magnitude) when |t| > |y|, else y - 1 ulp, the side
 *          taken from the RTL's table (rtl_side);
 *          else y itself (no F16 value or midpoint lies between t and y, and y is
 *          no F16 value: the conversion raises inexact);
 *   r  = y' converted to F16 in MODE's F16 rounding, output flush and FP16_OVFL
 *        (fp32_to_fp16, input denormals kept); its flags but the denormal one, the
 *        operand's denormal and invalid flags, the divide-by-zero of 1/0, 1/sqrt(0),
 *        log(0).
 * Pass 1: every input with y's low 12 bits zero and t inexact needs its side: the true
 * one (from the F64 function rounded down and up) must be the RTL's (--table prints
 * them all).  Pass 2: every op, every F16 input (--sample N: every Nth), the 4
 * roundings x 4 denormal modes x FP16_OVFL 0/1 against the model's F16 function,
 * results and flags.  Exit 0 when all agree, 1 on a mismatch, 2 on an error.
 * Usage: f16_trans_check [--table] [--sample N]; the last line "f16-trans: N passed, N
 * failed" counts cases (scripts/run-tests.sh, suite rtl-fp-f16-trans-rdna4). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fp.h"

enum { T_RCP, T_SQRT, T_RSQ, T_LOG, T_EXP, T_SIN, T_COS, T_N };
static const char *const NAME[T_N] = { "rcp", "sqrt", "rsq", "log", "exp", "sin", "cos" };
static const unsigned VOP3[T_N] = { 468, 469, 470, 471, 472, 480, 481 };

static int fn(int op, fp_fmt f, uint64_t a, const fp_policy *p, unsigned fl, uint64_t *r, unsigned *e)
{
    switch (op) {
    case T_RCP: return fp_rcp(f, a, p, fl, r, e);
    case T_SQRT: return fp_sqrt(f, a, p, fl, r, e);
    case T_RSQ: return fp_rsq(f, a, p, fl, r, e);
    case T_LOG: return fp_log2(f, a, p, fl, r, e);
    case T_EXP: return fp_exp2(f, a, p, fl, r, e);
    case T_SIN: return fp_sin(f, a, p, fl | FP_F_TURNS, r, e);
    default: return fp_cos(f, a, p, fl | FP_F_TURNS, r, e);
    }
}

static fp_policy mkpol(uint32_t mode)
{
    fp_policy p = fp_policy_rdna4;
    if (fp_policy_rdna4_mode(&p, mode)) {
        fprintf(stderr, "f16_trans_check: bad MODE 0x%x\n", mode);
        exit(2);
    }
    return p;
}

/* The side table: sgn(|t| - |y|) for the inputs whose y has its low 12 bits zero
 * and t inexact, from the F64 function rounded down and up (t is never an F64 value
 * there: the F64 results differ). */
static int side_of(int op, uint32_t x32, uint32_t y, const fp_policy *p64)
{
    uint64_t x64 = 0, dn = 0, up = 0, y64 = 0;
    unsigned e = 0;
    (void)fp_convert(FP_F64, FP_F32, x32, p64, FP_F_KEEP_IN, &x64, &e);
    (void)fp_convert(FP_F64, FP_F32, y, p64, FP_F_KEEP_IN, &y64, &e);
    if (fn(op, FP_F64, x64, p64, FP_F_RND(FP_RDN), &dn, &e) || fn(op, FP_F64, x64, p64, FP_F_RND(FP_RUP), &up, &e)) {
        fprintf(stderr, "f16_trans_check: %s(0x%08x) unproven at F64\n", NAME[op], x32);
        exit(2);
    }
    double d, u, yy;
    memcpy(&d, &dn, 8), memcpy(&u, &up, 8), memcpy(&yy, &y64, 8);
    int neg = yy < 0;
    if (d >= yy && u > yy)
        return neg ? -1 : 1;
    if (u <= yy && d < yy)
        return neg ? 1 : -1;
    fprintf(stderr, "f16_trans_check: %s(0x%08x): no side (y 0x%08x)\n", NAME[op], x32, y);
    exit(2);
}

/* The side the RTL takes (rdna4_vtrans.sv, sup): +1 (|t| > |y|) for the inputs of its
 * table, -1 for every other one; pass 1 checks that it is the true side of every input
 * that needs one. */
static int rtl_side(int op, uint32_t h)
{
    static const struct { int op; uint16_t h; } up[] = {
        { T_EXP, 0x0001 }, { T_EXP, 0x11c5 }, { T_EXP, 0x36b6 }, { T_EXP, 0x95c6 }, { T_EXP, 0xa86d },
        { T_EXP, 0xb8a5 }, { T_COS, 0x2118 }, { T_COS, 0xa118 },
    };
    if (op == T_RSQ && (h & 0x400u) && (h & 0x3ffu) == 0x11fu)   /* rsq(m 4^k) = rsq(m) / 2^k */
        return 1;
    for (size_t i = 0; i < sizeof up / sizeof up[0]; i++)
        if (up[i].op == op && up[i].h == h)
            return 1;
    return -1;
}

int main(int argc, char **argv)
{
    int table = 0;
    unsigned step = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--table"))
            table = 1;
        else if (!strcmp(argv[i], "--sample") && i + 1 < argc)
            step = (unsigned)strtoul(argv[++i], NULL, 0);
        else {
            fprintf(stderr, "usage: f16_trans_check [--table] [--sample N]\n");
            return 2;
        }
    }
    if (step == 0)
        step = 1;
    static signed char side[T_N][65536];
    fp_policy p64 = mkpol(0xf0);
    unsigned nside = 0;
    /* pass 1: the F32 results (MODE's F16 input flush decides x: both kinds) and the sides */
    for (int op = 0; op < T_N; op++)
        for (uint32_t h = 0; h < 65536; h++) {
            for (int daz = 0; daz < 2; daz++) {
                fp_policy p16 = mkpol(daz ? 0x80 : 0xc0), p32 = mkpol(0xc0);
                uint64_t x32 = 0, y = 0;
                unsigned e = 0;
                (void)fp_convert(FP_F32, FP_F16, h, &p16, 0, &x32, &e);
                e = 0;
                if (fn(op, FP_F32, x32, &p32, 0, &y, &e))
                    return 2;
                uint32_t y32 = (uint32_t)y;
                int inexact = (e & FP_EXC_INEXACT) != 0;
                if (!inexact || (y32 & 0x7f800000u) == 0x7f800000u || (y32 & 0x7fffffffu) == 0)
                    continue;
                if ((y32 & 0xfffu) != 0)
                    continue;
                int s = side_of(op, (uint32_t)x32, y32, &p64);
                if (rtl_side(op, h) != s) {
                    fprintf(stderr, "f16_trans_check: %s 0x%04x (y 0x%08x): the RTL's side %d, the true one %d\n",
                            NAME[op], h, y32, rtl_side(op, h), s);
                    return 1;
                }
                if (side[op][h] && side[op][h] != s) {
                    fprintf(stderr, "f16_trans_check: %s 0x%04x: sides differ by MODE\n", NAME[op], h);
                    return 2;
                }
                if (!side[op][h]) {
                    nside++;
                    if (table)
                        printf("      {10'd%u, 16'h%04x}: st = %s;   // %s(0x%08x) = 0x%08x\n", VOP3[op], h,
                               s > 0 ? "2'b01" : "2'b11", NAME[op], (uint32_t)x32, y32);
                }
                side[op][h] = (signed char)s;
            }
        }
    /* pass 2: every mode against the model's F16 function */
    unsigned long n = 0, bad = 0;
    for (uint32_t m = 0; m < 32; m++) {
        uint32_t mode = (m & 3u) << 2 | (m >> 2 & 3u) << 6 | (m >> 4 & 1u) << 23 | 0x30u;
        fp_policy p16 = mkpol(mode), p32 = mkpol(0xc0 & mode), pcv = mkpol(mode);
        for (int op = 0; op < T_N; op++)
            for (uint32_t h = 0; h < 65536; h += step) {
                uint64_t ref = 0, x32 = 0, y = 0, r = 0;
                unsigned eref = 0, ex = 0, ey = 0, ecv = 0;
                if (fn(op, FP_F16, h, &p16, 0, &ref, &eref))
                    return 2;
                (void)fp_convert(FP_F32, FP_F16, h, &p16, 0, &x32, &ex);
                if (fn(op, FP_F32, x32, &p32, 0, &y, &ey))
                    return 2;
                uint32_t y32 = (uint32_t)y, yp = y32, sg = y32 & 0x80000000u;
                int inexact = (ey & FP_EXC_INEXACT) != 0;
                int xfin = ((uint32_t)x32 & 0x7f800000u) != 0x7f800000u;
                if ((y32 & 0x7fffffffu) == 0x7f800000u && xfin && op == T_EXP)
                    yp = sg | 0x7f7fffffu;
                else if (!inexact)
                    yp = y32;
                else if ((y32 & 0x7fffffffu) == 0)
                    yp = sg | 1u;
                else if ((y32 & 0xfffu) == 0)
                    yp = rtl_side(op, h) > 0 ? y32 + 1u : y32 - 1u;
                (void)fp_convert(FP_F16, FP_F32, yp, &pcv, FP_F_KEEP_IN, &r, &ecv);
                unsigned e = (ex & (FP_EXC_DENORMAL | FP_EXC_INVALID)) |
                             (ey & (FP_EXC_INVALID | FP_EXC_DIVBYZERO)) | (ecv & ~(unsigned)FP_EXC_DENORMAL);
                n++;
                if ((uint32_t)r != (uint32_t)ref || e != eref) {
                    if (bad++ < 20)
                        printf("MISMATCH %s MODE 0x%06x x 0x%04x: model 0x%04x exc 0x%02x, algorithm 0x%04x exc 0x%02x (y 0x%08x)\n",
                               NAME[op], mode, h, (unsigned)ref, eref, (unsigned)r, e, y32);
                }
            }
    }
    printf("f16_trans_check: %u inputs needing a side (all of the RTL's table's side)\n", nside);
    /* one test for make test's count (it counts tests, not operand comparisons) */
    printf("f16-trans: %lu cases, %lu mismatches\n", n, bad);
    printf("%d passed, %d failed\n", bad ? 0 : 1, bad ? 1 : 0);
    return bad != 0;
}
