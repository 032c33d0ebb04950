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
#include "testutil.h"


static void expect(int ok, const char *what, const char *ctx, unsigned long long got,
                   unsigned long long want)
{
    tu_check(ok, "%s: %s: got 0x%llx, want 0x%llx", ctx, what, got, want);
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
        tu_check(0, "%s: setup: %s %s", text, d.msg, m ? gpuref_model_error(m) : "");
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
        tu_test("%s (%s)", t->text, t->why);
        snprintf(text, sizeof text, "%s\nexit nop\n", t->text);
        if (load(text))
            continue;
        set_all(fr, 1, t->r1);
        set_all(fr, 2, t->r2);
        set_all(fr, 3, t->r3);
        set_all(fr, 4, t->r4);
        set_all(fc, 0, 0xc);                        /* C and O: cleared by every float $c */
        if (gpuref_step(m, rr) != GPUREF_OK) {
            tu_check(0, "%s: step: %s", t->text, gpuref_model_error(m));
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
            tu_check(0, "%s: step: %s", t[k].text, gpuref_model_error(m));
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
        /* rm (G-RND): fadd w0[17:16] = 1: 0xb0000001 | DST 4 << 2 | SRC1 1 << 9 | 1 << 16,
         * SRC3 2 << 14 | always 0xf << 7; fmul w1[15:14] = 1, SRC2 w0[22:16] = 2 */
        { "add rm f32 $r4 $r1 $r2", 0xb0010211, 0x00008780, 2 },
        { "mul rm f32 $r4 $r1 $r2", 0xc0020211, 0x00004780, 2 },
        { "add sat rm f32 $c0 $r4 neg $r1 $r2", 0xb0010211, 0x240087c0, 2 }, /* sat w1[29], neg w1[26], $c0 w1[6] */
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
        { "mul rm f32 $r4 $r1 $r2", "mul rm f32 $r4 $r1 $r2" },     /* envydis' name of code 1 */
        { "add rm f32 $r4 $r1 c0[0x4]", "add rm f32 $r4 $r1 c0[0x4]" },
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
        "add rni f32 $r4 $r1 $r2",            /* fadd: rn/rm/rp/rz (integral rounding is cvt's) */
        "mul rm f32 $r4 $r1 0x3f800000",      /* only the long form has a rounding field */
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

/* Config fadd_fmul_rm (G-RND): "down" (the default) runs code 1, "reserved"
 * makes the words b0010211 00008780 (add rm) and c0020211 00004780 (mul rm)
 * illegal at execution, with a one-line message; cfg[2] bit 2 tells the RTL;
 * any other value is a config error. */
static void test_rm_knob(void)
{
    static const struct { const char *cfg; uint32_t w0, w1; int rc; uint64_t cfg2; } t[] = {
        { "fadd_fmul_rm=down", 0xb0010211, 0x00008780, GPUREF_OK, 0 },
        { "fadd_fmul_rm=reserved", 0xb0010211, 0x00008780, GPUREF_ERR_DECODE, 4 },
        { "fadd_fmul_rm=reserved", 0xc0020211, 0x00004780, GPUREF_ERR_DECODE, 4 },
        { "fadd_fmul_rm=reserved", 0xc0028211, 0x00004780, GPUREF_ERR_DECODE, 4 }, /* mul rm, SRC1 $r65 */
        { "fadd_fmul_rm=reserved,zero_wins=1", 0xb0020211, 0x00008780, GPUREF_OK, 6 }, /* rp runs */
    };
    for (unsigned k = 0; k < sizeof t / sizeof t[0]; k++) {
        gpuref_diag d = { 0 };
        gpuref_model *km = NULL;
        uint32_t w[4] = { t[k].w0, t[k].w1, 0xf0000001, 0xe0000781 };
        uint64_t c2 = 99;
        int rc = gpuref_model_create("nv50", t[k].cfg, &km, &d);
        if (rc == GPUREF_OK)
            rc = gpuref_program_load(km, 0, w, 4);
        if (rc == GPUREF_OK)
            gpuref_reg_get(km, gpuref_regfile_lookup(km, "cfg"), 2, 0, &c2);
        if (rc == GPUREF_OK)
            rc = gpuref_step(km, rr);
        const char *msg = km ? gpuref_model_error(km) : "";
        expect(rc == t[k].rc && c2 == t[k].cfg2 &&
               (rc == GPUREF_OK || (strstr(msg, "illegal encoding") && !strchr(msg, '\n'))),
               "status", t[k].cfg, (unsigned)rc, (unsigned)t[k].rc);
        gpuref_model_destroy(km);
    }
    gpuref_diag d = { 0 };
    gpuref_model *km = NULL;
    expect(gpuref_model_create("nv50", "fadd_fmul_rm=up", &km, &d) == GPUREF_ERR_CONFIG &&
           strstr(d.msg, "fadd_fmul_rm"), "config error", "fadd_fmul_rm=up", 0, 0);
    gpuref_model_destroy(km);
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
            tu_check(0, "presin/sin: cannot seal the nv50 policy: %s", msg);
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
            tu_xorshift(&x);
            /* exponents 2^-20 .. 2^127, both signs */
            uint32_t e = 107 + (uint32_t)(x >> 40) % 147;
            in[l] = (uint32_t)(x & 0x807fffffu) | e << 23;
            gpuref_reg_set(m, fr, 1, l, in[l]);
        }
        uint64_t steps = 0;
        if (gpuref_run(m, 10, &steps) != GPUREF_OK) {
            tu_check(0, "presin/sin: run: %s", gpuref_model_error(m));
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

/* ---------------------------------- G80 hardware rules, drawn as hwtest does */

/* An independent reference of the G80 float rules (README "Float on G80";
 * facts of envytools' nvhw/fp.c, checked on G80-G200 by hwtest/g80_fp.cc),
 * written from those facts, not from the model: exact values live in a
 * 640-bit fixed-point integer (binary point at bit 320: every f32 product and
 * sum is exact there), and one rounding routine reads its bits one by one. */
#define HB_LIMBS 10
#define HB_POINT 320
typedef struct hbig { uint64_t w[HB_LIMBS]; } hbig;

static void hb_set(hbig *x, uint64_t mant, int exp2)   /* x = mant * 2^exp2 */
{
    memset(x, 0, sizeof *x);
    for (int i = 0; i < 64; i++)
        if ((mant >> i) & 1) {
            int b = i + exp2 + HB_POINT;
            x->w[b / 64] |= 1ull << (b % 64);
        }
}

static int hb_bit(const hbig *x, int b)
{
    return b < 0 || b >= 64 * HB_LIMBS ? 0 : (int)((x->w[b / 64] >> (b % 64)) & 1);
}

static int hb_cmp(const hbig *a, const hbig *b)
{
    for (int i = HB_LIMBS - 1; i >= 0; i--)
        if (a->w[i] != b->w[i])
            return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

static void hb_add(hbig *r, const hbig *a, const hbig *b)  /* |r| = a + b */
{
    unsigned c = 0;
    for (int i = 0; i < HB_LIMBS; i++) {
        uint64_t s = a->w[i] + b->w[i];
        unsigned c1 = s < a->w[i];
        r->w[i] = s + c;
        c = c1 | (r->w[i] < s);
    }
}

static void hb_sub(hbig *r, const hbig *a, const hbig *b)  /* a >= b: r = a - b */
{
    unsigned br = 0;
    for (int i = 0; i < HB_LIMBS; i++) {
        uint64_t d = a->w[i] - b->w[i];
        unsigned b1 = a->w[i] < b->w[i];
        r->w[i] = d - br;
        br = b1 | (d < br);
    }
}

static int hb_msb(const hbig *x)
{
    for (int b = 64 * HB_LIMBS - 1; b >= 0; b--)
        if (hb_bit(x, b))
            return b;
    return -1;
}

/* signed sum: (sa, a) + (sb, b) -> (*s, r) */
static void hb_signed_add(int sa, const hbig *a, int sb, const hbig *b, int *s, hbig *r)
{
    if (sa == sb) {
        hb_add(r, a, b);
        *s = sa;
    } else if (hb_cmp(a, b) >= 0) {
        hb_sub(r, a, b);
        *s = sa;
    } else {
        hb_sub(r, b, a);
        *s = sb;
    }
}

enum { HR_RN, HR_RM, HR_RP, HR_RZ };     /* the G80 rounding codes */

/* Round the magnitude x (sign s) to 24 significant bits, quantum at least
 * 2^minq; returns K and *q with the value K * 2^q (K <= 2^24-1 after the
 * carry is folded). */
static uint32_t hb_round(int s, const hbig *x, int rm, int minq, int *q)
{
    int p = hb_msb(x);
    int qq = p - HB_POINT - 23;
    if (qq < minq)
        qq = minq;
    int lo = qq + HB_POINT;                 /* bit of the quantum */
    uint64_t K = 0;
    for (int b = p; b >= lo; b--)
        K = K << 1 | (uint64_t)hb_bit(x, b);
    int half = hb_bit(x, lo - 1), sticky = 0;
    for (int b = lo - 2; b >= 0 && !sticky; b--)
        sticky = hb_bit(x, b);
    int up = 0;
    switch (rm) {
    case HR_RN: up = half && (sticky || (K & 1)); break;
    case HR_RP: up = !s && (half || sticky); break;
    case HR_RM: up = s && (half || sticky); break;
    default:    up = 0; break;
    }
    K += (uint64_t)up;
    if (K >> 24) {
        K >>= 1;
        qq++;
    }
    *q = qq;
    return (uint32_t)K;
}

/* K * 2^q as f32 bits: below 2^-126 flushed to zero of the sign, 2^128 or
 * more: Inf, or the largest finite in rz (big_max). */
static uint32_t hb_pack(int s, uint32_t K, int q, int big_max)
{
    uint32_t sg = s ? 0x80000000u : 0u;
    if (K == 0)
        return sg;
    int m = 31 - __builtin_clz(K), E = m + q;      /* K * 2^q in [2^E, 2^(E+1)) */
    if (E < -126)
        return sg;
    if (E >= 128)
        return sg | (big_max ? 0x7f7fffffu : 0x7f800000u);
    return sg | (uint32_t)(E + 127) << 23 | ((K << (23 - m)) & 0x7fffffu);
}

#define HNAN 0x7fffffffu
static int h_isnan(uint32_t x) { return (x & 0x7fffffffu) > 0x7f800000u; }
static int h_isinf(uint32_t x) { return (x & 0x7fffffffu) == 0x7f800000u; }
static int h_exp(uint32_t x) { return (int)((x >> 23) & 0xff); }
static int h_sgn(uint32_t x) { return (int)(x >> 31); }

/* An overflow gives the largest finite value when the rounding direction
 * takes the magnitude down: rz, rp of a negative, rm of a positive result
 * (nvhw fp32_mkfin, G-OVF); else Inf. */
static int h_tomax(int s, int rm)
{
    return rm == HR_RZ || (rm == HR_RP && s) || (rm == HR_RM && !s);
}

static void h_val(uint32_t x, hbig *v)      /* |x| of a normal x */
{
    hb_set(v, (x & 0x7fffffu) | 0x800000u, h_exp(x) - 150);
}

static uint32_t h_add(uint32_t a, uint32_t b, int rm)
{
    if (h_isnan(a) || h_isnan(b))
        return HNAN;
    if (h_isinf(a))
        return h_isinf(b) && h_sgn(a) != h_sgn(b) ? HNAN : a;
    if (h_isinf(b))
        return b;
    int za = h_exp(a) == 0, zb = h_exp(b) == 0;     /* denormals count as zero */
    /* an exact zero sum: -0 if both are -0, or under rm (IEEE 754 6.3) */
    if (za && zb)
        return (h_sgn(a) && h_sgn(b)) || (h_sgn(a) != h_sgn(b) && rm == HR_RM) ? 0x80000000u : 0u;
    hbig va, vb, r;
    int s, q;
    memset(&va, 0, sizeof va);
    memset(&vb, 0, sizeof vb);
    if (!za)
        h_val(a, &va);
    if (!zb)
        h_val(b, &vb);
    hb_signed_add(h_sgn(a), &va, h_sgn(b), &vb, &s, &r);
    if (hb_msb(&r) < 0)
        return rm == HR_RM ? 0x80000000u : 0u;      /* x - x: +0, -0 under rm */
    uint32_t K = hb_round(s, &r, rm, -100000, &q);
    return hb_pack(s, K, q, h_tomax(s, rm));
}

static uint32_t h_mul(uint32_t a, uint32_t b, int rm, int zw)
{
    int za = h_exp(a) == 0, zb = h_exp(b) == 0;
    if (zw && (za || zb))
        return 0u;
    if (h_isnan(a) || h_isnan(b))
        return HNAN;
    int s = h_sgn(a) ^ h_sgn(b);
    if (h_isinf(a) || h_isinf(b))
        return za || zb ? HNAN : (uint32_t)s << 31 | 0x7f800000u;
    if (za || zb)
        return (uint32_t)s << 31;
    hbig p;
    int q;
    hb_set(&p, (uint64_t)((a & 0x7fffffu) | 0x800000u) * ((b & 0x7fffffu) | 0x800000u),
           h_exp(a) + h_exp(b) - 300);
    uint32_t K = hb_round(s, &p, rm, -100000, &q);
    return hb_pack(s, K, q, h_tomax(s, rm));
}

static uint32_t h_mad(uint32_t a, uint32_t b, uint32_t c, int zw)
{
    int za = h_exp(a) == 0, zb = h_exp(b) == 0, zc = h_exp(c) == 0;
    if (zw && (za || zb))
        return h_add(c, 0, HR_RN);
    if (h_isnan(a) || h_isnan(b) || h_isnan(c))
        return HNAN;
    int ss = h_sgn(a) ^ h_sgn(b);
    if (h_isinf(a) || h_isinf(b)) {
        if (za || zb || (h_isinf(c) && h_sgn(c) != ss))
            return HNAN;
        return (uint32_t)ss << 31 | 0x7f800000u;
    }
    if (h_isinf(c))
        return c;
    if (za || zb || zc)
        return h_add(h_mul(a, b, HR_RN, 0), c, HR_RN);
    /* the product truncated to 24 bits, exponent unbounded */
    hbig p, pt, vc, r;
    int q, s;
    hb_set(&p, (uint64_t)((a & 0x7fffffu) | 0x800000u) * ((b & 0x7fffffu) | 0x800000u),
           h_exp(a) + h_exp(b) - 300);
    uint32_t K = hb_round(ss, &p, HR_RZ, -100000, &q);
    hb_set(&pt, K, q);
    h_val(c, &vc);
    hb_signed_add(ss, &pt, h_sgn(c), &vc, &s, &r);
    if (hb_msb(&r) < 0)
        return 0u;
    K = hb_round(s, &r, HR_RN, -149, &q);          /* gradual underflow grid, then flush */
    return hb_pack(s, K, q, 0);
}

static uint32_t h_sat(uint32_t x)
{
    if (x >= 0x3f800000u && x <= 0x7f800000u)
        return 0x3f800000u;
    return (x >> 31) ? 0u : x;
}

/* relation of a to b: 1 l, 2 e, 4 g, 8 u (denormals read as zero) */
static unsigned h_rel(uint32_t a, uint32_t b)
{
    if (h_isnan(a) || h_isnan(b))
        return 8;
    if (h_exp(a) == 0)
        a &= 0x80000000u;
    if (h_exp(b) == 0)
        b &= 0x80000000u;
    if ((a & 0x7fffffffu) == 0 && (b & 0x7fffffffu) == 0)
        return 2;
    if (a == b)
        return 2;
    int64_t ka = h_sgn(a) ? -(int64_t)(a & 0x7fffffffu) : (int64_t)a;   /* order of the line */
    int64_t kb = h_sgn(b) ? -(int64_t)(b & 0x7fffffffu) : (int64_t)b;
    return ka < kb ? 1 : 4;
}

static uint32_t h_cc(uint32_t r)                   /* $c of a float result */
{
    unsigned rel = h_rel(r, 0);
    return rel == 8 ? 3 : rel == 2 ? 1 : rel == 1 ? 2 : 0;
}

static uint32_t h_minmax(uint32_t a, uint32_t b, int min)
{
    if (h_exp(a) == 0)
        a &= 0x80000000u;
    if (h_exp(b) == 0)
        b &= 0x80000000u;
    if (h_isnan(a))
        return h_isnan(b) ? HNAN : b;
    if (h_isnan(b))
        return a;
    if (h_sgn(a) != h_sgn(b))                       /* -0 < +0 */
        return (h_sgn(a) ? min : !min) ? a : b;
    unsigned rel = h_rel(a, b);
    if (rel == 2)
        return a;
    return ((rel == 1) == (min != 0)) ? a : b;
}

static uint32_t h_mod(uint32_t x, int neg, int abs)
{
    if (abs)
        x &= 0x7fffffffu;
    return neg ? x ^ 0x80000000u : x;
}

/* hwtest's fodder: special operands taken for a quarter of the sources */
static const uint32_t h_fodder[32] = {
    0x00000000, 0x00000001, 0x007fffff, 0x80000000, 0x80000001, 0x807fffff, 0x7fffffff,
    0xffffffff, 0x7f800aaa, 0x7f812345, 0xff800bbb, 0x7f800000, 0xff800000, 0x3f800000,
    0x3f800001, 0xbf800000, 0x7f000000, 0x7effffff, 0x01000000, 0x00800001, 0x7ffffff1,
    0x7ffffff0, 0x7fffffef, 0x7fffffe0, 0x7fffffe1, 0x8000001f, 0x80000020, 0x80000021,
    0xc0000021, 0xfe000001, 0xfc000000, 0xfdffffff,
};

static uint64_t h_rng = 0x9e3779b97f4a7c15ull;
static uint32_t h_rand(void)                        /* xorshift64*, fixed seed */
{
    h_rng ^= h_rng >> 12;
    h_rng ^= h_rng << 25;
    h_rng ^= h_rng >> 27;
    return (uint32_t)((h_rng * 0x2545f4914f6cdd1dull) >> 32);
}

enum { HO_FADD, HO_FMUL, HO_FMAD, HO_FSET, HO_FMIN, HO_FMAX, HO_FSLCT, HO_N };

/* Blocks of 512 operand triples (16 warps), one random instruction and
 * config per block, sources random or from the fodder as hwtest draws them;
 * every lane's result and $c compared with the reference.  Counts one
 * expectation per block. */
static void test_hw_random(void)
{
    static const char *const cond[16] = { "never", "l", "e", "le", "g", "lg", "ge", "lge",
                                          "u", "lu", "eu", "leu", "gu", "lgu", "geu", "always" };
    static const char *const chip[4] = { "g80", "g84", "g92", "g200" };
    unsigned lanes = 0, bad_lanes = 0;
    for (int blk = 0; blk < 1400; blk++) {
        int op = blk % HO_N;
        uint32_t r = h_rand();
        int n1 = r & 1, n2 = (r >> 1) & 1, a1 = (r >> 2) & 1, a2 = (r >> 3) & 1;
        int sat = (r >> 4) & 1, zw = (r >> 5) & 1, ch = (r >> 6) & 3, cnd = (r >> 8) & 15;
        int rm = (int)((r >> 12) & 3);                               /* rn rm rp rz */
        const char *rtxt = rm == HR_RM ? "rm " : rm == HR_RP ? "rp " : rm == HR_RZ ? "rz " : "";
        char text[160], cfg[48];
        switch (op) {
        case HO_FADD:
            snprintf(text, sizeof text, "add %s%sf32 $c0 $r4 %s$r1 %s$r2\nexit nop\n",
                     sat ? "sat " : "", rtxt, n1 ? "neg " : "", n2 ? "neg " : "");
            break;
        case HO_FMUL:
            snprintf(text, sizeof text, "mul %s%sf32 $c0 $r4 %s$r1 %s$r2\nexit nop\n",
                     sat ? "sat " : "", rtxt, n1 ? "neg " : "", n2 ? "neg " : "");
            break;
        case HO_FMAD:
            snprintf(text, sizeof text, "add %sf32 $c0 $r4 %s(mul $r1 $r2) %s$r3\nexit nop\n",
                     sat ? "sat " : "", n1 ? "neg " : "", n2 ? "neg " : "");
            break;
        case HO_FSET:
            snprintf(text, sizeof text, "set $c0 $r4 %s f32 %s%s$r1 %s%s$r2\nexit nop\n", cond[cnd],
                     n1 ? "neg " : "", a1 ? "abs " : "", n2 ? "neg " : "", a2 ? "abs " : "");
            break;
        case HO_FMIN:
        case HO_FMAX:
            snprintf(text, sizeof text, "%s f32 $c0 $r4 %s%s$r1 %s%s$r2\nexit nop\n",
                     op == HO_FMIN ? "min" : "max", n1 ? "neg " : "", a1 ? "abs " : "",
                     n2 ? "neg " : "", a2 ? "abs " : "");
            break;
        default:
            snprintf(text, sizeof text, "slct b32 $c0 $r4 $r1 $r2 f32 %s$r3\nexit nop\n",
                     n2 ? "neg " : "");
            break;
        }
        snprintf(cfg, sizeof cfg, "chipset=%s,zero_wins=%d", chip[ch], zw);
        gpuref_diag d = { 0 };
        uint32_t *w = NULL;
        size_t nw = 0;
        gpuref_model *hm = NULL;
        if (gpuref_model_create("nv50", cfg, &hm, &d) != GPUREF_OK ||
            gpuref_assemble(gpuref_isa_find("nv50"), text, 0, &w, &nw, &d) != GPUREF_OK ||
            gpuref_program_load(hm, 0, w, nw) != GPUREF_OK) {
            tu_check(0, "hw random: setup %s [%s]: %s", text, cfg, d.msg);
            gpuref_free(w);
            gpuref_model_destroy(hm);
            continue;
        }
        gpuref_free(w);
        int hr = gpuref_regfile_lookup(hm, "r"), hc = gpuref_regfile_lookup(hm, "c");
        uint32_t mode = h_rand();
        int blk_bad = 0;
        for (int warp = 0; warp < 16; warp++) {
            uint32_t s1[32], s2[32], s3[32];
            for (int l = 0; l < 32; l++) {
                s1[l] = (mode & 0x3) ? h_rand() : h_fodder[h_rand() & 0x1f];
                s2[l] = (mode & 0xc) ? h_rand() : h_fodder[h_rand() & 0x1f];
                s3[l] = (mode & 0x30) ? h_rand() : h_fodder[h_rand() & 0x1f];
                gpuref_reg_set(hm, hr, 1, (unsigned)l, s1[l]);
                gpuref_reg_set(hm, hr, 2, (unsigned)l, s2[l]);
                gpuref_reg_set(hm, hr, 3, (unsigned)l, s3[l]);
            }
            gpuref_reg_set(hm, gpuref_regfile_lookup(hm, "pc"), 0, 0, 0);
            if (gpuref_step(hm, rr) != GPUREF_OK) {
                printf("FAIL: hw random: step %s: %s\n", text, gpuref_model_error(hm));
                blk_bad = 1;
                break;
            }
            for (int l = 0; l < 32; l++) {
                uint32_t e, ec, a = s1[l], b = s2[l], c = s3[l];
                switch (op) {
                case HO_FADD:
                    e = h_add(n1 ? a ^ 0x80000000u : a, n2 ? b ^ 0x80000000u : b, rm);
                    if (sat)
                        e = h_sat(e);
                    ec = h_cc(e);
                    break;
                case HO_FMUL:
                    e = h_mul(n1 ? a ^ 0x80000000u : a, n2 ? b ^ 0x80000000u : b, rm, zw);
                    if (sat && ch == 3)                 /* G200 only */
                        e = h_sat(e);
                    ec = h_cc(e);
                    break;
                case HO_FMAD:
                    e = h_mad(n1 ? a ^ 0x80000000u : a, b, n2 ? c ^ 0x80000000u : c, zw);
                    if (sat)
                        e = h_sat(e);
                    ec = h_cc(e);
                    break;
                case HO_FSET:
                    e = (h_rel(h_mod(a, n1, a1), h_mod(b, n2, a2)) & (unsigned)cnd) ? 0xffffffffu : 0;
                    ec = e ? 2 : 1;
                    break;
                case HO_FMIN:
                case HO_FMAX:
                    e = h_minmax(h_mod(a, n1, a1), h_mod(b, n2, a2), op == HO_FMIN);
                    ec = h_cc(e);
                    break;
                default: {
                    unsigned rel = h_rel(n2 ? c ^ 0x80000000u : c, 0);
                    e = (rel == 2 || rel == 4) ? a : b;
                    ec = (e & 0x7fffffffu) == 0 ? 1 : (e >> 31) ? 2 : 0;
                    break;
                }
                }
                uint64_t got = 0, gc = 0;
                gpuref_reg_get(hm, hr, 4, (unsigned)l, &got);
                gpuref_reg_get(hm, hc, 0, (unsigned)l, &gc);
                lanes++;
                if (got != e || gc != ec) {
                    bad_lanes++;
                    if (!blk_bad)
                        printf("FAIL: hw random [%s] %s  lane %d: %08x %08x %08x: got %08x.%x want "
                               "%08x.%x\n", cfg, strtok(text, "\n"), l, a, b, c, (unsigned)got,
                               (unsigned)gc, e, ec);
                    blk_bad = 1;
                }
            }
            if (blk_bad)
                break;
        }
        gpuref_model_destroy(hm);
        expect(!blk_bad, "block", "hw random", (unsigned)blk, 0);
    }
    printf("hw random: %u lanes compared, %u disagree\n", lanes, bad_lanes);
}

int main(void)
{
    rr = malloc(sizeof *rr);
    if (!rr)
        return 1;
    tu_group("cases");
    test_cases();
    tu_group("ulp flags");
    test_ulp_flags();
    tu_group("encodings");
    test_encodings();
    tu_group("syntax");
    test_syntax();
    tu_group("fadd_fmul_rm");
    test_rm_knob();
    tu_group("presin sin");
    test_presin_sin();
    tu_test("hw random: 1400 blocks of 512 lanes, one random fadd/fmul/fmad/fset/fmin/fmax/fslct and config each");
    test_hw_random();
    gpuref_model_destroy(m);
    free(rr);
    return tu_finish();
}
