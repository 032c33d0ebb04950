/* test_nv50_float.c - directed checks of the NV50 float, SFU and cvt rows
 * (model/nv50/FLOAT.md; decisions F-* in model/nv50/README.md "Float").
 *
 * Expected values are worked by hand from the IEEE rules and the decisions;
 * the correctly rounded SFU references and the presin codes that are not
 * exact were worked with a 3000-bit calculator (Python mpmath: the f32 of
 * the exact function value, ties to even), never by running the model.
 * Encodings are assembled from the field positions of README "Float" (F-E*).
 * Ends with one line "N passed, N failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpuref.h"
#include "fp.h"

static unsigned npass, nfail;

static void expect(int ok, const char *what, const char *ctx, unsigned long long got,
                   unsigned long long want)
{
    if (ok) {
        npass++;
        return;
    }
    nfail++;
    printf("FAIL: %s: %s: got 0x%llx, want 0x%llx\n", ctx, what, got, want);
}

static gpuref_model *m;
static gpuref_retire *rr;
static int fr, fc, fo;

static int load(const char *text)
{
    gpuref_diag d = { 0 };
    uint32_t *w = NULL;
    size_t n = 0;
    gpuref_model_destroy(m);
    m = NULL;
    if (gpuref_model_create("nv50", NULL, &m, &d) != GPUREF_OK ||
        gpuref_assemble(gpuref_isa_find("nv50"), text, 0, &w, &n, &d) != GPUREF_OK ||
        gpuref_program_load(m, 0, w, n) != GPUREF_OK) {
        printf("FAIL: %s: setup: %s %s\n", text, d.msg, m ? gpuref_model_error(m) : "");
        nfail++;
        gpuref_free(w);
        return -1;
    }
    gpuref_free(w);
    fr = gpuref_regfile_lookup(m, "r");
    fc = gpuref_regfile_lookup(m, "c");
    fo = gpuref_regfile_lookup(m, "o");
    return 0;
}

static void set_all(int file, unsigned idx, uint64_t v)
{
    for (unsigned l = 0; l < 32; l++)
        gpuref_reg_set(m, file, idx, l, v);
}

static uint64_t get(int file, unsigned idx, unsigned lane)
{
    uint64_t v = 0;
    gpuref_reg_get(m, file, idx, lane, &v);
    return v;
}

static const gpuref_regw *find_w(int file, unsigned idx)
{
    for (unsigned i = 0; i < rr->nregw; i++)
        if (rr->regw[i].file == file && rr->regw[i].index == idx)
            return &rr->regw[i];
    return NULL;
}

/* ------------------------------------------------------ one instruction */

/* One instruction on $r1, $r2, $r3 (every lane the same) writing $r4 (preset
 * to r4) and, when c >= 0, $c0 (Z=1 S=2 C=4 O=8). */
typedef struct fcase {
    const char *text;
    uint32_t r1, r2, r3, r4, want;
    int c;
    const char *why;
} fcase;

static const fcase cases[] = {
    /* ---- fadd (IEEE under the policy: RNE, f32 denormals flushed, NaN 0x7fffffff) */
    { "add f32 $r4 $r1 $r2", 0x3f800000, 0x33800000, 0, 0, 0x3f800000, -1,
      "1 + 2^-24: a tie, to even" },
    { "add f32 $c0 $r4 $r1 neg $r2", 0x80000000, 0x00000000, 0, 0, 0x80000000, 1,
      "(-0) + (-0) = -0; $c: Z, not S (F-C1)" },
    { "add rz f32 $r4 $r1 $r2", 0x3f800000, 0x34400000, 0, 0, 0x3f800001, -1,
      "1 + 1.5 ulp toward zero" },
    { "add sat f32 $c0 $r4 $r1 $r2", 0x7f800000, 0xff800000, 0, 0, 0x7fffffff, 3,
      "Inf - Inf = NaN 0x7fffffff; G80 sat keeps a positive NaN (nvhw fp32_sat), $c Z|S" },
    { "add f32 $c0 $r4 $r1 $r2", 0x7f800000, 0xff800000, 0, 0, 0x7fffffff, 3,
      "Inf - Inf = the default NaN, $c Z|S" },
    { "add f32 $c0 $r4 $r1 neg $r2", 0x00800000, 0x00c00000, 0, 0, 0x80000000, 1,
      "2^-126 - 1.5*2^-126 = -2^-127 is denormal: -0" },
    { "add f32 $r4 neg $r1 0xbf800000", 0x3f800000, 0, 0, 0, 0xc0000000, -1,
      "immediate: -1 + -1" },
    /* ---- fmul */
    { "mul f32 $r4 $r1 $r2", 0x40400000, 0x3eaaaaab, 0, 0, 0x3f800000, -1,
      "3 * 11184811*2^-25 = 1 + 2^-25: below half an ulp" },
    { "mul rz f32 $r4 $r1 $r2", 0x3fc00001, 0x3fc00001, 0, 0, 0x40100001, -1,
      "2.25 + 1.5 ulp + 2^-46 toward zero" },
    { "mul f32 $r4 $r1 $r2", 0x20000000, 0x1f800000, 0, 0, 0x00000000, -1,
      "2^-63 * 2^-64 = 2^-127 flushed to +0" },
    { "mul f32 $c0 $r4 neg $r1 $r2", 0x40000000, 0x40400000, 0, 0, 0xc0c00000, 2,
      "-2 * 3, $c S" },
    { "mul sat f32 $r4 $r1 0x40000000", 0x3f400000, 0, 0, 0, 0x3fc00000, -1,
      "immediate: 0.75 * 2 = 1.5; G80 (the default chipset) ignores sat on fmul" },
    /* ---- fmad: product rounded, then the sum */
    { "add f32 $c0 $r4 (mul $r1 $r2) $r3", 0x3f800001, 0x3f800001, 0xbf800002, 0, 0x00000000, 1,
      "(1+2^-23)^2 rounds to 1+2^-22, minus 1+2^-22 = +0 (fused: 2^-46)" },
    { "add sat f32 $r4 neg (mul $r1 $r2) $r3", 0x3f000000, 0x3f000000, 0x40000000, 0,
      0x3f800000, -1, "-(0.25) + 2 = 1.75, sat 1.0" },
    { "add f32 $r4 (mul $r1 0x40000000) $r4", 0x3fc00000, 0, 0, 0xbf800000, 0x40000000, -1,
      "immediate fmad: 1.5 * 2 + -1" },
    /* ---- fset: DST all ones / 0, $c from DST as an integer */
    { "set $c0 $r4 lu f32 $r1 $r2", 0x3f800000, 0x7fc00000, 0, 0, 0xffffffff, 2,
      "1 vs NaN: unordered, lu holds" },
    { "set $c0 $r4 ge f32 abs $r1 neg $r2", 0xc0400000, 0xc0400000, 0, 0, 0xffffffff, 2,
      "|-3| >= -(-3): equal" },
    { "set $c0 $r4 lg f32 $r1 $r2", 0x00000000, 0x80000001, 0, 0, 0x00000000, 1,
      "+0 vs a negative denormal read as -0: equal, lg fails" },
    { "set $r4 always f32 $r1 $r2", 0x7fc00000, 0x7fc00000, 0, 0, 0xffffffff, -1,
      "always holds for NaN too" },
    /* ---- fmin / fmax */
    { "max f32 $c0 $r4 $r1 $r2", 0x7fc00000, 0xbf800000, 0, 0, 0xbf800000, 2,
      "a NaN loses; $c of an f32 result: S" },
    { "min f32 $r4 neg $r1 $r2", 0x3f800000, 0x3f000000, 0, 0, 0xbf800000, -1,
      "min(-1, 0.5)" },
    { "max f32 $r4 $r1 $r2", 0x80000000, 0x00000000, 0, 0, 0x00000000, -1,
      "-0 < +0 in max (nvhw fp32_minmax): +0" },
    { "min f32 $r4 $r1 abs $r2", 0x7fc00000, 0xff800001, 0, 0, 0x7fffffff, -1,
      "both NaN: the default NaN" },
    /* ---- fslct: SRC3 >= 0 picks SRC1; $c from DST as an integer (F-C3) */
    { "slct b32 $c0 $r4 $r1 $r2 f32 $r3", 0x00000000, 0x80000000, 0x80000000, 0, 0x00000000, 1,
      "SRC3 = -0 >= 0: SRC1 (0), $c Z" },
    { "slct b32 $c0 $r4 $r1 $r2 f32 neg $r3", 0x00000000, 0x80000000, 0x3f800000, 0, 0x80000000,
      1, "-1 < 0: SRC2 = 0x80000000; G80 gives Z for +-0 (hwtest g80_fp fslct), not S" },
    { "slct b32 $c0 $r4 $r1 $r2 f32 neg $r3", 0x00000000, 0xffffffff, 0x3f800000, 0, 0xffffffff,
      2, "-1 < 0: SRC2 = 0xffffffff: bits 30:0 not zero, bit 31 set: S" },
    /* ---- presin: sign | round(fmod(|x| * 2/pi, 4) * 2^23) (F-P1, F-P2) */
    { "presin f32 $r4 $r1", 0x3fc90fdb, 0, 0, 0, 0x00800000, -1,
      "f32(pi/2) * 2/pi = 1 + 2.8e-8" },
    { "presin f32 $r4 $r1", 0xc0490fdb, 0, 0, 0, 0x81000000, -1,
      "-f32(pi): magnitude 2 + 5.6e-8" },
    { "presin f32 $r4 $r1", 0x40c90fdb, 0, 0, 0, 0x00000001, -1,
      "f32(2 pi) * 2/pi = 4 + 1.11e-7: mod 4 = 0.93 units" },
    { "presin f32 $r4 $r1", 0x3f800000, 0, 0, 0, 0x00517cc2, -1,
      "2/pi * 2^23 = 5340353.72 (calculator)" },
    { "presin f32 $r4 $r1", 0x71800000, 0, 0, 0, 0x01a9a6ee, -1,
      "2^100 (Payne-Hanek, calculator)" },
    { "presin f32 $r4 $r1", 0x7f7fffff, 0, 0, 0, 0x01d3426a, -1,
      "largest finite (calculator)" },
    { "presin f32 $r4 neg $r1", 0x7f800000, 0, 0, 0, 0xc0000000, -1,
      "-Inf: the NaN code with the sign" },
    /* ---- preex2: sign | round(|x| * 2^23), Inf code from 2^30 (F-P3) */
    { "preex2 f32 $r4 $r1", 0x3eaaaaab, 0, 0, 0, 0x002aaaab, -1, "1/3: 2796202.75 rounds up" },
    { "preex2 f32 $r4 $r1", 0x42ffffff, 0, 0, 0, 0x3fffffc0, -1, "(2^24-1)*2^-17 * 2^23" },
    { "preex2 f32 $r4 $r1", 0x43000000, 0, 0, 0, 0x40800000, -1, "128: the Inf code" },
    { "preex2 f32 $r4 neg $r1", 0x43480000, 0, 0, 0, 0xc0800000, -1, "-200: -Inf code" },
    { "preex2 f32 $r4 $r1", 0x33800000, 0, 0, 0, 0x00000000, -1, "2^-24: half a unit, to even" },
    { "preex2 f32 $r4 $r1", 0x33c00000, 0, 0, 0, 0x00000001, -1, "0.75 units: 1" },
    /* ---- ex2 of the fixed-point code v: 2^v correctly rounded (F-P4) */
    { "ex2 f32 $r4 $r1", 0x00400000, 0, 0, 0, 0x3fb504f3, -1, "2^0.5" },
    { "ex2 f32 $r4 $r1", 0x80400000, 0, 0, 0, 0x3f3504f3, -1, "2^-0.5" },
    { "ex2 f32 $r4 $r1", 0x002aaaab, 0, 0, 0, 0x3fa14518, -1, "2^(2796203/2^23) (calculator)" },
    { "ex2 f32 $r4 $r1", 0x3fffffff, 0, 0, 0, 0x7f7fffff, -1, "2^(128-2^-23) rounds to max" },
    { "ex2 f32 $r4 $r1", 0xbf000000, 0, 0, 0, 0x00800000, -1, "2^-126" },
    { "ex2 f32 $r4 $r1", 0xbeffffff, 0, 0, 0, 0x00800001, -1,
      "2^(-126+2^-23) = 2^-126 (1 + 8.3e-8): up" },
    { "ex2 f32 $r4 $r1", 0xbf7fffff, 0, 0, 0, 0x00000000, -1, "2^(-127+2^-23) is tiny: +0" },
    { "ex2 f32 $r4 $r1", 0x40000005, 0, 0, 0, 0x7fffffff, -1, "a special code not Inf: NaN" },
    { "ex2 f32 $r4 $r1", 0xc0800000, 0, 0, 0, 0x00000000, -1, "2^-Inf = +0" },
    /* ---- sin/cos of v quarter turns */
    { "sin f32 $r4 $r1", 0x00400000, 0, 0, 0, 0x3f3504f3, -1, "sin(pi/4)" },
    { "cos f32 $r4 $r1", 0x00400000, 0, 0, 0, 0x3f3504f3, -1, "cos(pi/4)" },
    { "sin f32 $r4 $r1", 0x002aaaab, 0, 0, 0, 0x3f000001, -1, "sin(pi/2 * 0.33333337)" },
    { "cos f32 $r4 $r1", 0x002aaaab, 0, 0, 0, 0x3f5db3d7, -1, "cos(pi/2 * 0.33333337)" },
    { "sin f32 $r4 $r1", 0x01555555, 0, 0, 0, 0xbf5db3d7, -1, "v = 2.6666666: quadrant 2" },
    { "cos f32 $r4 $r1", 0x01555555, 0, 0, 0, 0xbf000001, -1, "v = 2.6666666: quadrant 2" },
    { "sin f32 $r4 $r1", 0x81000000, 0, 0, 0, 0x80000000, -1, "sinPi(-1) = -0" },
    { "cos f32 $r4 $r1", 0x81000000, 0, 0, 0, 0xbf800000, -1, "cos(-pi) = -1" },
    { "sin f32 $r4 $r1", 0x80800001, 0, 0, 0, 0xbf800000, -1, "v = -(1+2^-23)" },
    { "cos f32 $r4 $r1", 0x80800001, 0, 0, 0, 0xb4490fdb, -1, "cos(-pi/2 (1+2^-23))" },
    { "sin f32 $r4 $r1", 0x80000000, 0, 0, 0, 0x80000000, -1, "sin(-0) = -0" },
    { "cos f32 $r4 $r1", 0x01800000, 0, 0, 0, 0x00000000, -1, "cos(3 pi/2) = +0" },
    { "sin f32 $r4 $r1", 0x03000000, 0, 0, 0, 0x00000000, -1, "sin(3 pi) = +0" },
    /* ---- rcp, rsqrt, lg2 (correctly rounded references) */
    { "rcp f32 $r4 $r1", 0x40400000, 0, 0, 0, 0x3eaaaaab, -1, "1/3" },
    { "rcp f32 $r4 neg $r1", 0x7e800001, 0, 0, 0, 0x80000000, -1,
      "-1/(2^126 (1+2^-23)) is tiny: -0" },
    { "rsqrt f32 $r4 $r1", 0x40000000, 0, 0, 0, 0x3f3504f3, -1, "1/sqrt(2)" },
    { "rsqrt f32 $r4 abs $r1", 0xff7fffff, 0, 0, 0, 0x1f800000, -1, "1/sqrt(max)" },
    { "lg2 f32 $r4 $r1", 0x40400000, 0, 0, 0, 0x3fcae00d, -1, "log2(3)" },
    { "lg2 f32 $r4 $r1", 0x3f800001, 0, 0, 0, 0x3438aa3a, -1, "log2(1+2^-23)" },
    { "lg2 f32 $r4 abs $r1", 0x80800000, 0, 0, 0, 0xc2fc0000, -1, "log2(2^-126)" },
    /* ---- cvt */
    { "cvt rzi s32 $c0 $r4 f32 $r1", 0xc0fccccd, 0, 0, 0, 0xfffffff9, 2,
      "-7.9 toward zero; integer $c: S" },
    { "cvt s16 $c0 $r4l f32 $r1", 0xbf800000, 0, 0, 0x12345678, 0x1234ffff, 2,
      "rni default; 16-bit result: S is bit 15" },
    { "cvt u32 $c0 $r4 s32 $r1", 0xfffffffb, 0, 0, 0, 0x00000000, 1, "-5 clamped to u32: 0" },
    { "cvt rp f16 $r4l f32 $r1", 0x33000000, 0, 0, 0xaaaa0000, 0xaaaa0001, -1,
      "2^-25 up: the f16 denormal 2^-24 is kept (F-V2)" },
    { "cvt f32 $r4 f16 $r1l", 0x00000001, 0, 0, 0, 0x33800000, -1,
      "f16 denormal 2^-24 is read (F-V2)" },
    { "cvt rmi s32 $r4 f16 $r1h", 0x80010000, 0, 0, 0, 0xffffffff, -1,
      "floor(-2^-24) = -1 (f16 denormal kept)" },
    { "cvt f16 $r4h s32 $r1", 65519, 0, 0, 0x00005555, 0x7bff5555, -1,
      "65519 < 65520: rn gives 65504" },
    { "cvt sat f32 $r4 u8 $r1", 0x000001ff, 0, 0, 0, 0x3f800000, -1, "low byte 255, sat 1.0" },
    { "cvt neg s8 $r4 u32 $r1", 0x00000080, 0, 0, 0, 0xffffff80, -1,
      "-128 fits s8: sign-extended" },
    { "cvt abs s32 $r4 s32 $r1", 0x80000000, 0, 0, 0, 0x7fffffff, -1,
      "|-2^31| = 2^31 clamped (F-V4)" },
    { "cvt neg u16 $r4l u16 $r1l", 0x00000005, 0, 0, 0x99990007, 0x99990000, -1,
      "-5 clamped to 0, high half kept" },
    { "cvt rni f32 $c0 $r4 f32 $r1", 0xbf000000, 0, 0, 0, 0x80000000, 1,
      "rint(-0.5) = -0; $c Z only (F-C1)" },
    { "cvt f16 $c0 $r4l f32 $r1", 0x7f800001, 0, 0, 0, 0x00007fff, 3,
      "NaN: the f16 default NaN, $c Z|S" },
};

static void test_cases(void)
{
    for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const fcase *t = &cases[k];
        char text[128];
        snprintf(text, sizeof text, "%s\nexit nop\n", t->text);
        if (load(text))
            continue;
        set_all(fr, 1, t->r1);
        set_all(fr, 2, t->r2);
        set_all(fr, 3, t->r3);
        set_all(fr, 4, t->r4);
        set_all(fc, 0, 0xc);                        /* C and O: cleared by every float $c */
        if (gpuref_step(m, rr) != GPUREF_OK) {
            printf("FAIL: %s: step: %s\n", t->text, gpuref_model_error(m));
            nfail++;
            continue;
        }
        char ctx[256];
        snprintf(ctx, sizeof ctx, "%s (%s)", t->text, t->why);
        expect(get(fr, 4, 0) == t->want && get(fr, 4, 31) == t->want, "$r4", ctx,
               get(fr, 4, 0), t->want);
        if (t->c >= 0)
            expect(get(fc, 0, 17) == (uint64_t)t->c, "$c0", ctx, get(fc, 0, 17), (unsigned)t->c);
    }
}

/* ------------------------------------------- ULP flags of the records */

static void test_ulp_flags(void)
{
    static const struct { const char *text; int flagged; unsigned bound; } t[] = {
        { "rcp f32 $r4 $r1", 1, 1 },       { "rsqrt f32 $r4 $r1", 1, 1 },
        { "lg2 f32 $r4 $r1", 1, 2 },       { "ex2 f32 $r4 $r1", 1, 2 },
        { "sin f32 $r4 $r1", 1, 2 },       { "cos f32 $r4 $r1", 1, 2 },
        { "presin f32 $r4 $r1", 1, 1 },    { "preex2 f32 $r4 $r1", 0, 0 },
        { "add f32 $r4 $r1 $r2", 0, 0 },   { "cvt rni s32 $r4 f32 $r1", 0, 0 },
    };
    for (unsigned k = 0; k < sizeof t / sizeof t[0]; k++) {
        char text[128];
        snprintf(text, sizeof text, "%s\nexit nop\n", t[k].text);
        if (load(text))
            continue;
        set_all(fr, 1, 0x3f800000);
        if (gpuref_step(m, rr) != GPUREF_OK) {
            nfail++;
            continue;
        }
        const gpuref_regw *w = find_w(fr, 4);
        int ok = w && ((w->flags & GPUREF_REGW_F32_ULP) != 0) == t[k].flagged &&
                 (!t[k].flagged || w->ulp_bound == t[k].bound);
        expect(ok, "record flag / bound", t[k].text, w ? w->flags : 0xdead,
               t[k].flagged ? GPUREF_REGW_F32_ULP : 0);
    }
    /* an o[] destination is flagged too */
    if (load("rcp f32 o[0x8] $r1\nexit nop\n") == 0) {
        set_all(fr, 1, 0x40000000);
        gpuref_step(m, rr);
        const gpuref_regw *w = find_w(fo, 2);
        expect(w && (w->flags & GPUREF_REGW_F32_ULP) && w->value[3] == 0x3f000000,
               "o[] record", "rcp f32 o[0x8] $r1", w ? w->value[3] : 0, 0x3f000000);
    }
}

/* ------------------------------------------------------------ encodings */

static int asm1(const char *text, uint32_t w[2], size_t *n)
{
    uint32_t *p = NULL;
    gpuref_diag d = { 0 };
    int rc = gpuref_assemble(gpuref_isa_find("nv50"), text, 0, &p, n, &d);
    if (rc == GPUREF_OK) {
        w[0] = p[0];
        w[1] = *n > 1 ? p[1] : 0;
    }
    gpuref_free(p);
    return rc;
}

static void test_encodings(void)
{
    /* field positions (README F-E*): short add: sat w0[8], neg w0[15], w0[22];
     * long add: sat w1[29], neg w1[26], w1[27], rz w0[17:16]; long mul: sat w1[20],
     * rz w1[15:14]; set: cond w1[17:14], abs w1[20]/w1[19]; cvt: neg w1[29], abs
     * w1[20], rounding w1[18:17], type bits in w1[31:26], w1[19], w1[16:14] */
    static const struct { const char *text; uint32_t w0, w1; size_t n; } t[] = {
        { "add f32 $r1 $r2 $r3", 0xb0030404, 0, 1 },
        { "add sat f32 $r1 neg $r2 neg $r3", 0xb0438504, 0, 1 },
        { "rcp f32 $r3 neg abs $r1", 0x9040820c, 0, 1 },
        { "add f32 $r1 $r2 0x3f800000", 0xb0000405, 0x03f80003, 2 },
        { "add sat rz f32 $c1 $r3 neg $r1 neg c3[0x8]", 0xb103020d, 0x2cc087d0, 2 },
        { "mul sat rz f32 $c2 $r3 neg $r1 $r2", 0xc002020d, 0x0410c7e0, 2 },
        { "mul rp f32 $r3 $r1 $r2", 0xc002020d, 0x00008780, 2 },       /* rp: w1[15:14] = 2 */
        { "add rp f32 $r1 $r2 $r3", 0xb0020405, 0x0000c780, 2 },       /* rp: w0[17:16] = 2, SRC3 w1[14+] */
        { "set $c1 $r4 geu f32 neg abs $r1 abs c0[0x4]", 0xb0810211, 0x641b87d0, 2 },
        { "slct b32 $c0 $r3 $r1 $r2 f32 neg $r5", 0xc002020d, 0x600147c0, 2 },
        { "cvt neg abs rpi s32 $r5 f32 $r1", 0xa0000215, 0xac144780, 2 },
        { "cvt s32 $r5 f32 $r1", 0xa0000215, 0x8c004780, 2 },           /* rni default */
        { "cvt sat rz f16 $r3h f32 $r1", 0xa000021d, 0xc00e4780, 2 },
        { "cvt u8 $r3 s32 $r1", 0xa000020d, 0x04094780, 2 },
        { "ex2 f32 $r3 $r1", 0x9000020d, 0xc0000780, 2 },
    };
    for (unsigned k = 0; k < sizeof t / sizeof t[0]; k++) {
        uint32_t w[2] = { 0, 0 };
        size_t n = 0;
        int rc = asm1(t[k].text, w, &n);
        expect(rc == GPUREF_OK && n == t[k].n && w[0] == t[k].w0 && w[1] == t[k].w1,
               "words (w0; w1 below)", t[k].text, w[0], t[k].w0);
        if (n == 2 && w[1] != t[k].w1)
            printf("      w1 got 0x%08x want 0x%08x\n", w[1], t[k].w1);
    }
}

/* Text forms of the optional choices and the illegal encodings. */
static void test_syntax(void)
{
    const gpuref_isa *isa = gpuref_isa_find("nv50");
    static const struct { const char *in, *out; } t[] = {
        { "add rn f32 $r4 $r1 $r2", "long add f32 $r4 $r1 $r2" },   /* rn: the long form */
        { "cvt s32 $r4 f32 $r1", "cvt rni s32 $r4 f32 $r1" },       /* rni printed */
        { "cvt rn f32 $r4 s32 $r1", "cvt f32 $r4 s32 $r1" },        /* rn omitted */
        { "mul rz f32 $r4 $r1 $r2", "mul rz f32 $r4 $r1 $r2" },
        { "cvt f32 $r4 u8 u8 s[0x3]", "cvt f32 $r4 u8 u8 s[0x3]" },
        { "set $r4 u f32 $r1 $r2", "set $r4 u f32 $r1 $r2" },
    };
    for (unsigned k = 0; k < sizeof t / sizeof t[0]; k++) {
        uint32_t w[2] = { 0, 0 };
        size_t n = 0;
        char buf[160] = "";
        unsigned nw = 0;
        gpuref_diag d = { 0 };
        int ok = asm1(t[k].in, w, &n) == GPUREF_OK &&
                 gpuref_disasm(isa, w, n, 0, buf, sizeof buf, &nw, &d) == GPUREF_OK &&
                 !strcmp(buf, t[k].out);
        if (!ok)
            printf("      \"%s\" -> \"%s\"\n", t[k].in, buf);
        expect(ok, "disassembly", t[k].in, 0, 0);
    }
    /* rejected text */
    static const char *const bad[] = {
        "cvt f32 $r4 u8 u16 s[0x2]",          /* ILLEGAL_MEMORY_BYTE */
        "add sat rm f32 $r4 $r1 $r2",         /* fadd: rn/rp/rz only (G-RND) */
        "ex2 sat f32 $r4 $r1",                /* FLOAT.md: no sat on ex2 */
        "rsqrt f32 $r4 c0[0x0]",              /* SFU: register sources */
    };
    for (unsigned k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        uint32_t w[2];
        size_t n = 0;
        expect(asm1(bad[k], w, &n) == GPUREF_ERR_ASM, "assembler rejects", bad[k], 0, 0);
    }
    /* illegal words */
    static const struct { uint32_t w0, w1; const char *why; } ill[] = {
        { 0xb0010211, 0x00000780, "long fadd rounding 01 (reserved)" },
        { 0xc0000211, 0x00004780, "long fmul rounding 01 (rm: reserved, G-RND)" },
        { 0x9000020d, 0xc8000780, "ex2 with w1[27] (envydis' sat) set" },
        { 0x90000211, 0x00200780, "rcp with an s[] type bit" },
        { 0xa0000211, 0x00084788, "cvt u8 into a half with an o[] destination (w1[3])" },
        { 0xa0004211, 0x44208780, "cvt f32 from u8 with a u16 s[] source" },
        { 0xa0000211, 0xc4064780, "cvt f32 <- f32 with a rounding field" },
        { 0xa0000211, 0xc8004780, "cvt f16 <- f32 with w1[27] set" },
        { 0xb0000211, 0x40000780, "long primary 0xb, w1[31:29] = 2 (unassigned)" },
    };
    for (unsigned k = 0; k < sizeof ill / sizeof ill[0]; k++) {
        uint32_t w[2] = { ill[k].w0, ill[k].w1 };
        gpuref_insn_info info;
        gpuref_diag d = { 0 };
        int rc = gpuref_decode(isa, w, 2, &info, &d);
        expect(rc == GPUREF_ERR_DECODE, "illegal", ill[k].why, (unsigned)rc, 0);
    }
}

/* presin then sin/cos against fp_sin/fp_cos of x in radians: the quantised
 * quarter turn differs from x*2/pi by at most 2^-24, so the results differ by
 * at most pi/2 * 2^-24 plus two half-ulps (< 2^-22 absolute).  An independent
 * check of the 2/pi bits and of the quadrant logic. */
static void test_presin_sin(void)
{
    static const fp_policy *pp;
    static fp_policy pol;
    char msg[256];
    if (!pp) {
        if (fp_policy_init(&pol, "nv50", msg, sizeof msg) != GPUREF_OK) {
            nfail++;
            return;
        }
        pp = &pol;
    }
    uint64_t x = 0x9e3779b97f4a7c15ull;
    unsigned bad = 0, n = 0;
    for (unsigned round = 0; round < 40; round++) {
        if (load("presin f32 $r2 $r1\nsin f32 $r3 $r2\ncos f32 $r4 $r2\nexit nop\n"))
            return;
        uint32_t in[32];
        for (unsigned l = 0; l < 32; l++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            /* exponents 2^-20 .. 2^127, both signs */
            uint32_t e = 107 + (uint32_t)(x >> 40) % 147;
            in[l] = (uint32_t)(x & 0x807fffffu) | e << 23;
            gpuref_reg_set(m, fr, 1, l, in[l]);
        }
        uint64_t steps = 0;
        if (gpuref_run(m, 10, &steps) != GPUREF_OK) {
            nfail++;
            return;
        }
        for (unsigned l = 0; l < 32; l++) {
            uint32_t ws, wc;
            unsigned e1 = 0;
            if (fp32_sin(in[l], pp, 0, &ws, &e1) || fp32_cos(in[l], pp, 0, &wc, &e1)) {
                bad++;
                continue;
            }
            float gs, gc, rs, rc_;
            uint32_t vs = (uint32_t)get(fr, 3, l), vc = (uint32_t)get(fr, 4, l);
            memcpy(&gs, &vs, 4), memcpy(&gc, &vc, 4), memcpy(&rs, &ws, 4), memcpy(&rc_, &wc, 4);
            double ds = (double)gs - (double)rs, dc = (double)gc - (double)rc_;
            if (ds < 0) ds = -ds;
            if (dc < 0) dc = -dc;
            if (ds > 0x1p-22 || dc > 0x1p-22) {
                if (bad < 5)
                    printf("  presin/sin x=0x%08x: sin 0x%08x vs 0x%08x, cos 0x%08x vs 0x%08x\n",
                           in[l], vs, ws, vc, wc);
                bad++;
            }
            n++;
        }
    }
    expect(bad == 0 && n == 40 * 32, "sin(presin(x)) within 2^-22 of sin(x)", "presin/sin/cos",
           bad, 0);
}

int main(void)
{
    rr = malloc(sizeof *rr);
    if (!rr)
        return 1;
    test_cases();
    test_ulp_flags();
    test_encodings();
    test_syntax();
    test_presin_sin();
    gpuref_model_destroy(m);
    free(rr);
    printf("%u passed, %u failed\n", npass, nfail);
    return nfail != 0;
}
