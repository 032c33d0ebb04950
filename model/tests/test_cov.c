/* test_cov.c - functional coverage: bins, counting from retire records,
 * coverage.dat round trip and merge (also through verilator_coverage when it
 * is installed), exclusions and their errors.  Expected bins are worked out
 * by hand from nv50-isa-ops.txt (ops Lnnn) and model/nv50/README.md, and for
 * RDNA4 from the pseudocode of rdna4-isa.md (§16.1 SOP2 ... §16.5 SOPP), for
 * USC from powervr-usc-isr.txt and model/usc/README.md, and the counting
 * rules of coverage/README.md, never by running the model. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gpuref.h"
#include "gpuref_cov.h"
#include "gpuref_gen.h"
#include "gpuref_vectors.h"
#include "testutil.h"


static uint64_t count(const gpuref_cov *c, const char *name)
{
    long i = gpuref_cov_find(c, name);
    if (i < 0) {
        tu_check(0, "no bin %s", name);
        return 0;
    }
    return gpuref_cov_count(c, (size_t)i);
}

static void expect_count(const gpuref_cov *c, const char *name, uint64_t want)
{
    uint64_t got = count(c, name);
    char what[200];
    snprintf(what, sizeof what, "%s: count %llu, want %llu", name, (unsigned long long)got,
             (unsigned long long)want);
    tu_check(got == want, what);
}

/* Assemble text, set r[reg] = v in every lane for the given pairs and, if
 * lvals, r[lreg] = lvals[l] in lane l, run to the end sampling cov. */
static int run_lanes(gpuref_cov *cov, const char *text, const unsigned *regs,
                     const uint32_t *vals, unsigned n, unsigned lreg, const uint32_t *lvals,
                     const char *c1lanes)
{
    gpuref_diag d = { 0 };
    gpuref_model *m = NULL;
    uint32_t *w = NULL;
    size_t nw = 0;
    gpuref_retire *rr = malloc(sizeof *rr);
    int rc = -1;
    if (!rr || gpuref_model_create("nv50", NULL, &m, &d) ||
        gpuref_assemble(gpuref_isa_find("nv50"), text, 0, &w, &nw, &d) ||
        gpuref_program_load(m, 0, w, nw)) {
        tu_check(0, "setup: %s %s", d.msg, m ? gpuref_model_error(m) : "");
        goto out;
    }
    int fr = gpuref_regfile_lookup(m, "r"), fc = gpuref_regfile_lookup(m, "c");
    for (unsigned i = 0; i < n; i++)
        for (unsigned l = 0; l < 32; l++)
            gpuref_reg_set(m, fr, regs[i], l, vals[i]);
    for (unsigned l = 0; lvals && l < 32; l++)
        gpuref_reg_set(m, fr, lreg, l, lvals[l]);
    if (c1lanes)                       /* $c1 per lane: 'z' = Z flag, '.' = 0 */
        for (unsigned l = 0; l < 32 && c1lanes[l]; l++)
            gpuref_reg_set(m, fc, 1, l, c1lanes[l] == 'z' ? 1 : 0);
    gpuref_cov_begin(cov, m);
    while ((rc = gpuref_step(m, rr)) == GPUREF_OK)
        gpuref_cov_sample(cov, m, rr);
    rc = rc == GPUREF_ERR_DONE ? 0 : rc;
    if (rc) {
        tu_check(0, "run: %s", gpuref_model_error(m));
    }
out:
    gpuref_free(w);
    gpuref_model_destroy(m);
    free(rr);
    return rc;
}

static int run(gpuref_cov *cov, const char *text, const unsigned *regs, const uint32_t *vals,
               unsigned n, const char *c1lanes)
{
    return run_lanes(cov, text, regs, vals, n, 0, NULL, c1lanes);
}

static void test_bins(void)
{
    gpuref_cov *c = NULL;
    gpuref_diag d = { 0 };
    tu_check(gpuref_cov_create("nv50", &c, &d) == GPUREF_OK, "create nv50 cov");
    if (!c)
        return;
    size_t n = gpuref_cov_nbins(c), bad = 0, prefix = 0;
    tu_check(n > 1000, "nv50 has bins");
    for (size_t i = 0; i < n; i++) {
        const gpuref_cov_bin *b = gpuref_cov_bin_at(c, i);
        bad += gpuref_cov_find(c, b->name) != (long)i;      /* unique names */
        prefix += strncmp(b->name, "nv50.", 5) != 0;
    }
    tu_check(bad == 0, "bin names are unique and found");
    tu_check(prefix == 0, "bin names start with the ISA");
    /* one op bin per row of the description */
    unsigned nops = gpuref_isa_opcode_count(gpuref_isa_find("nv50")), nop = 0;
    for (size_t i = 0; i < n; i++)
        nop += gpuref_cov_bin_at(c, i)->cat == GPUREF_COV_OP;
    tu_check(nop == nops, "one op bin per opcode row");
    char *l = gpuref_cov_listing(c);
    size_t lines = 0;
    for (char *p = l; p && *p; p++)
        lines += *p == '\n';
    tu_check(lines == n, "listing has one line per bin");
    gpuref_free(l);
    gpuref_cov *none = NULL;
    tu_check(gpuref_cov_create("nope", &none, &d) == GPUREF_ERR_CONFIG && !none, "unknown ISA");
    gpuref_cov_destroy(c);
}

static void test_classes(void)
{
    tu_check(gpuref_vc_int(0, 32) == GPUREF_VC_ZERO, "class 0");
    tu_check(gpuref_vc_int(1, 32) == GPUREF_VC_ONE, "class 1");
    tu_check(gpuref_vc_int(0xffffffffu, 32) == GPUREF_VC_MINUS1, "class -1");
    tu_check(gpuref_vc_int(0x80000000u, 32) == GPUREF_VC_IMIN, "class imin");
    tu_check(gpuref_vc_int(0x7fffffffu, 32) == GPUREF_VC_IMAX, "class imax");
    tu_check(gpuref_vc_int(0x10, 32) == GPUREF_VC_POW2, "class pow2");
    tu_check(gpuref_vc_int(0x8000, 16) == GPUREF_VC_IMIN, "16-bit imin");
    tu_check(gpuref_vc_int(0x18000, 16) == GPUREF_VC_IMIN, "16-bit class ignores high bits");
    tu_check(gpuref_vc_int(0x1234, 32) == GPUREF_VC_POS, "class pos");
    tu_check(gpuref_vc_int(0x81234567u, 32) == GPUREF_VC_NEG, "class neg");
    tu_check(gpuref_vc_float(0x80000000u, 32) == GPUREF_VC_FNZERO, "-0");
    tu_check(gpuref_vc_float(0x00000001u, 32) == GPUREF_VC_FPDEN, "smallest denormal");
    tu_check(gpuref_vc_float(0xff800000u, 32) == GPUREF_VC_FNINF, "-Inf");
    tu_check(gpuref_vc_float(0x7fc00000u, 32) == GPUREF_VC_QNAN, "quiet NaN");
    tu_check(gpuref_vc_float(0x7f800001u, 32) == GPUREF_VC_SNAN, "signalling NaN");
    tu_check(gpuref_vc_float(0x3c00u, 16) == GPUREF_VC_FPNORM, "f16 1.0");
    tu_check(gpuref_vc_float(0xfe00u, 16) == GPUREF_VC_QNAN, "f16 quiet NaN");
}

static void test_sample(void)
{
    gpuref_cov *c = NULL;
    gpuref_diag d = { 0 };
    if (gpuref_cov_create("nv50", &c, &d) != GPUREF_OK)
        return;
    /* ops L124-L133: 0x7fffffff + 1 = 0x80000000, C = 0, O = 1 (both sources
     * non-negative, the result negative), S = 1, Z = 0. */
    const unsigned regs[2] = { 1, 2 };
    const uint32_t vals[2] = { 0x7fffffffu, 0x00000001u };
    run(c, "add b32 $c0 $r3 $r1 $r2\nexit nop\n", regs, vals, 2, NULL);
    expect_count(c, "nv50.op.add.b32.long", 1);
    expect_count(c, "nv50.op.nop.long", 1);
    expect_count(c, "nv50.mod.add.b32.long.cwrite", 1);
    expect_count(c, "nv50.mod.add.b32.long.sat", 0);
    expect_count(c, "nv50.opnd.add.b32.long.dst.reg", 1);
    expect_count(c, "nv50.opnd.add.b32.long.src1.reg", 1);
    expect_count(c, "nv50.opnd.add.b32.long.src2.reg", 1);
    expect_count(c, "nv50.in.add.b32.long.src1.imax", 1);
    expect_count(c, "nv50.in.add.b32.long.src2.one", 1);
    expect_count(c, "nv50.in.add.b32.long.src1.pos", 0);
    expect_count(c, "nv50.out.add.b32.long.imin", 1);
    expect_count(c, "nv50.flag.add.b32.long.overflow", 1);
    expect_count(c, "nv50.flag.add.b32.long.sign", 1);
    expect_count(c, "nv50.flag.add.b32.long.carry", 0);
    expect_count(c, "nv50.flag.add.b32.long.zero", 0);
    expect_count(c, "nv50.mask.add.b32.long.all", 1);   /* 32 threads (config default) */
    expect_count(c, "nv50.isa.cdst.c0", 1);
    expect_count(c, "nv50.mod.nop.long.exit", 1);
    expect_count(c, "nv50.isa.ctl.exit.all", 1);        /* every active thread exits */
    expect_count(c, "nv50.isa.ctl.end.exit", 1);
    /* a destination that is also a source: the input is the value before:
     * 0x7fffffff + 0x7fffffff = 0xfffffffe (ops L124), r1 in = imax. */
    gpuref_cov_clear(c);
    run(c, "add b32 $r1 $r1 $r1\nexit nop\n", regs, vals, 1, NULL);
    expect_count(c, "nv50.in.add.b32.long.src1.imax", 1);
    expect_count(c, "nv50.in.add.b32.long.src1.neg", 0);
    expect_count(c, "nv50.out.add.b32.long.neg", 1);
    /* predication (isa.rst "Predicates"): e = Z & !S; $c1 has Z in lane 0 only */
    gpuref_cov_clear(c);
    run(c, "(e $c1) add b32 $r3 $r1 $r2\nexit nop\n", regs, vals, 2,
        "z...............................");
    expect_count(c, "nv50.mask.add.b32.long.one", 1);
    expect_count(c, "nv50.mod.add.b32.long.pred", 1);
    expect_count(c, "nv50.isa.pred.e", 1);
    expect_count(c, "nv50.isa.predreg.c1", 1);
    expect_count(c, "nv50.isa.predres.partial", 1);
    /* (never) executes no thread: mask none; the value bins do not count */
    gpuref_cov_clear(c);
    run(c, "(never $c1) add b32 $r3 $r1 $r2\nexit nop\n", regs, vals, 2, NULL);
    expect_count(c, "nv50.mask.add.b32.long.none", 1);
    expect_count(c, "nv50.isa.predres.none", 1);
    expect_count(c, "nv50.in.add.b32.long.src1.imax", 0);
    /* short form, immediate form and a divergent branch */
    gpuref_cov_clear(c);
    /* (a short instruction before a long one is assembled long for
     * alignment, README "Assembly syntax": the short ones come in pairs) */
    run(c, "add b32 $r3 $r1 $r2\nadd b32 $r6 $r1 $r2\nadd b32 $r4 $r1 0x1\njoinat j\n"
           "(e $c1) bra t\nbra j\nt: add b32 $r5 $r1 $r2\nadd b32 $r6 $r1 $r2\n"
           "j: join nop\nexit nop\n", regs, vals, 2, "z...............................");
    expect_count(c, "nv50.op.add.b32.short", 4);
    expect_count(c, "nv50.op.add.b32.imm", 1);
    expect_count(c, "nv50.in.add.b32.imm.src2.one", 1);
    expect_count(c, "nv50.isa.ctl.bra.divergent", 1);
    expect_count(c, "nv50.mask.add.b32.short.all", 2);
    expect_count(c, "nv50.mask.add.b32.short.one", 2);  /* the taken path: lane 0 */
    expect_count(c, "nv50.isa.ctl.join.branch", 1);
    expect_count(c, "nv50.isa.ctl.join.joinat", 1);
    expect_count(c, "nv50.isa.ctl.depth.2", 1);         /* joinat + branch entries */
    /* exact mode counts each unit; by default a value group stops counting
     * once each of its bins is hit or excluded (the op bin always counts) */
    gpuref_cov_clear(c);
    gpuref_cov_set_exact(c, 1);
    for (int k = 0; k < 3; k++)
        run(c, "add b32 $c0 $r3 $r1 $r2\nexit nop\n", regs, vals, 2, NULL);
    expect_count(c, "nv50.op.add.b32.long", 3);
    expect_count(c, "nv50.in.add.b32.long.src1.imax", 3);
    gpuref_cov_set_exact(c, 0);
    gpuref_cov_destroy(c);
}

/* The counts of the bins prefix.<name> for each name, as "name=count ..." of
 * those not 0. */
static void expect_classes(const gpuref_cov *c, const char *prefix, const char *const *names,
                           unsigned n, const char *want)
{
    char got[400] = "", name[160];
    size_t len = 0;
    for (unsigned k = 0; k < n; k++) {
        snprintf(name, sizeof name, "%s.%s", prefix, names[k]);
        uint64_t v = count(c, name);
        if (v && len < sizeof got)
            len += (size_t)snprintf(got + len, sizeof got - len, "%s%s=%llu", len ? " " : "",
                                    names[k], (unsigned long long)v);
    }
    char what[700];
    snprintf(what, sizeof what, "%s: %s, want %s", prefix, got, want);
    tu_check(strcmp(got, want) == 0, what);
}

/* Value classes over the threads that execute, picked lane by lane (the
 * sampler classifies groups of 4 or 8 lanes: groups wholly, partly and not in
 * the mask).  Lane l of $r1 holds a value of class l % 8; (e $c1) executes
 * the lanes whose $c1 has Z (isa.rst "Predicates"). */
static void test_lanes(void)
{
    static const char *const ic[8] = { "zero", "one", "minus1", "imin", "imax", "pow2", "pos",
                                       "neg" };
    static const uint32_t iv[8] = { 0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x40,
                                    0x1234, 0x81234567u };
    static const uint32_t iv16[8] = { 0, 1, 0xffff, 0x8000, 0x7fff, 0x40, 0x1234, 0x8123 };
    static const char *const fc[10] = { "fpzero", "fnzero", "fpden", "fnden", "fpnorm",
                                        "fnnorm", "fpinf", "fninf", "qnan", "snan" };
    /* +0, -0, +denormal, -denormal, 1.0, -Inf, quiet NaN, signalling NaN */
    static const uint32_t fv[8] = { 0, 0x80000000u, 0x00000001u, 0x807fffffu, 0x3f800000u,
                                    0xff800000u, 0x7fc00000u, 0x7f800001u };
    gpuref_cov *c = NULL;
    gpuref_diag d = { 0 };
    if (gpuref_cov_create("nv50", &c, &d) != GPUREF_OK)
        return;
    uint32_t v[32];
    const unsigned r2 = 2;
    const uint32_t zero = 0;
    for (unsigned l = 0; l < 32; l++)
        v[l] = iv[l % 8];
    /* lanes 9, 20, 31: one, imax, neg */
    run_lanes(c, "(e $c1) mov b32 $r3 $r1\nexit nop\n", NULL, NULL, 0, 1, v,
              ".........z..........z..........z");
    expect_classes(c, "nv50.in.mov.b32.long.src1", ic, 8, "one=1 imax=1 neg=1");
    expect_classes(c, "nv50.out.mov.b32.long", ic, 8, "one=1 imax=1 neg=1");
    expect_count(c, "nv50.mask.mov.b32.long.partial", 1);
    /* lanes 0-5: a whole group of 4 and part of the next */
    gpuref_cov_clear(c);
    run_lanes(c, "(e $c1) mov b32 $r3 $r1\nexit nop\n", NULL, NULL, 0, 1, v,
              "zzzzzz..........................");
    expect_classes(c, "nv50.in.mov.b32.long.src1", ic, 8,
                   "zero=1 one=1 minus1=1 imin=1 imax=1 pow2=1");
    /* every lane */
    gpuref_cov_clear(c);
    run_lanes(c, "(e $c1) mov b32 $r3 $r1\nexit nop\n", NULL, NULL, 0, 1, v,
              "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz");
    expect_classes(c, "nv50.in.mov.b32.long.src1", ic, 8,
                   "zero=1 one=1 minus1=1 imin=1 imax=1 pow2=1 pos=1 neg=1");
    expect_count(c, "nv50.mask.mov.b32.long.all", 1);
    /* a source the unit overwrites: its classes before the unit, lanes 2,
     * 15, 16: minus1, neg, zero */
    gpuref_cov_clear(c);
    run_lanes(c, "(e $c1) mov b32 $r1 $r1\nexit nop\n", NULL, NULL, 0, 1, v,
              "..z............zz...............");
    expect_classes(c, "nv50.in.mov.b32.long.src1", ic, 8, "zero=1 minus1=1 neg=1");
    expect_classes(c, "nv50.out.mov.b32.long", ic, 8, "zero=1 minus1=1 neg=1");
    /* 16-bit halves: the high half of $r1 holds class l % 8 at 16 bits, the
     * low half 0x1234 (pos); lanes 3, 12, 27: imin, imax, imin */
    for (unsigned l = 0; l < 32; l++)
        v[l] = iv16[l % 8] << 16 | 0x1234;
    gpuref_cov_clear(c);
    run_lanes(c, "(e $c1) mov b16 $r3l $r1h\nexit nop\n", NULL, NULL, 0, 1, v,
              "...z........z..............z....");
    expect_classes(c, "nv50.in.mov.b16.long.src1", ic, 8, "imin=1 imax=1");
    expect_classes(c, "nv50.out.mov.b16.long", ic, 8, "imin=1 imax=1");
    /* f32 sources, $r2 = +0; lanes 6, 13, 23, 24: quiet NaN, -Inf, signalling
     * NaN, +0.  Results (FLOAT.md): a NaN operand gives the default NaN (a
     * quiet NaN), -Inf + 0 = -Inf, +0 + +0 = +0. */
    for (unsigned l = 0; l < 32; l++)
        v[l] = fv[l % 8];
    gpuref_cov_clear(c);
    run_lanes(c, "(e $c1) add f32 $r3 $r1 $r2\nexit nop\n", &r2, &zero, 1, 1, v,
              "......z......z.........zz.......");
    expect_classes(c, "nv50.in.fadd.long.src1", fc, 10, "fpzero=1 fninf=1 qnan=1 snan=1");
    expect_classes(c, "nv50.in.fadd.long.src2", fc, 10, "fpzero=1");
    expect_classes(c, "nv50.out.fadd.long", fc, 10, "fpzero=1 fninf=1 qnan=1");
    gpuref_cov_destroy(c);
}

/* Counting modes on generated programs: the bins that always count agree, and
 * a value bin counts at most as often as in exact mode (and is hit in both or
 * in neither). */
static void test_modes(void)
{
    gpuref_diag d = { 0 };
    gpuref_gen_opts o;
    gpuref_gen_opts_default(&o);
    o.seed = 5;
    o.count = 20;
    o.length = 100;
    gpuref_gen *g = NULL;
    gpuref_vec_file *vf = NULL;
    gpuref_cov *a = NULL, *b = NULL;
    char *yaml = NULL;
    size_t len = 0;
    gpuref_retire *rr = malloc(sizeof *rr);
    if (!rr || gpuref_gen_create("nv50", &o, &g, &d) || gpuref_gen_file(g, &yaml, &len, &d) ||
        gpuref_vec_load_string("gen", yaml, len, &vf, &d) || gpuref_cov_create("nv50", &a, &d) ||
        gpuref_cov_create("nv50", &b, &d)) {
        tu_check(0, "modes setup: %s", d.msg);
        goto out;
    }
    gpuref_cov_set_exact(a, 1);
    for (size_t i = 0; i < vf->ntests; i++) {
        gpuref_model *m = NULL;
        if (gpuref_vec_setup(vf, &vf->tests[i], &m, &d) != GPUREF_OK)
            continue;
        gpuref_cov_begin(a, m);
        gpuref_cov_begin(b, m);
        while (gpuref_step(m, rr) == GPUREF_OK) {
            gpuref_cov_sample(a, m, rr);
            gpuref_cov_sample(b, m, rr);
        }
        gpuref_model_destroy(m);
    }
    size_t always = 0, value = 0, hits = 0;
    for (size_t i = 0; i < gpuref_cov_nbins(a); i++) {
        unsigned cat = gpuref_cov_bin_at(a, i)->cat;
        uint64_t x = gpuref_cov_count(a, i), y = gpuref_cov_count(b, i);
        hits += x != 0;
        if (cat == GPUREF_COV_IN || cat == GPUREF_COV_OUT || cat == GPUREF_COV_FLAG)
            value += y > x || (x != 0) != (y != 0);
        else
            always += x != y;
    }
    tu_check(hits > 1000, "generated programs hit bins");
    tu_check(always == 0, "exact and default modes: same counts outside in/out/flag");
    tu_check(value == 0, "default mode: value bins count at most as in exact mode, hit alike");
out:
    gpuref_cov_destroy(a);
    gpuref_cov_destroy(b);
    gpuref_vec_free(vf);
    gpuref_free(yaml);
    gpuref_gen_destroy(g);
    free(rr);
}

/* RDNA4: a register write between units, made through the API as a waiver
 * would. */
typedef struct rdna4_poke {
    int after;                 /* after sampling unit `after` (0-based); -1: none */
    const char *file;
    unsigned idx;
    uint32_t val;
} rdna4_poke;

/* RDNA4: assemble text, set s[regs[i]] = vals[i], run to the end sampling cov
 * (gpuref_cov_begin first if begin; units whose bit is set in skip are not
 * sampled), applying the pokes after their units. */
static int run_r4(gpuref_cov *cov, const char *text, const unsigned *regs, const uint32_t *vals,
                  unsigned n, int begin, unsigned skip, const rdna4_poke *pokes, unsigned npokes)
{
    gpuref_diag d = { 0 };
    gpuref_model *m = NULL;
    uint32_t *w = NULL;
    size_t nw = 0;
    gpuref_retire *rr = malloc(sizeof *rr);
    int rc = -1;
    if (!rr || gpuref_model_create("rdna4", NULL, &m, &d) ||
        gpuref_assemble(gpuref_isa_find("rdna4"), text, 0, &w, &nw, &d) ||
        gpuref_program_load(m, 0, w, nw)) {
        tu_check(0, "setup: %s %s", d.msg, m ? gpuref_model_error(m) : "");
        goto out;
    }
    int fs = gpuref_regfile_lookup(m, "s");
    for (unsigned i = 0; i < n; i++)
        gpuref_reg_set(m, fs, regs[i], 0, vals[i]);
    if (begin)
        gpuref_cov_begin(cov, m);
    for (int u = 0; (rc = gpuref_step(m, rr)) == GPUREF_OK; u++) {
        if (!(u < 32 && (skip >> u & 1)))
            gpuref_cov_sample(cov, m, rr);
        for (unsigned k = 0; k < npokes; k++)
            if (pokes[k].after == u)
                gpuref_reg_set(m, gpuref_regfile_lookup(m, pokes[k].file), pokes[k].idx, 0,
                               pokes[k].val);
    }
    rc = rc == GPUREF_ERR_DONE ? 0 : rc;
    if (rc) {
        tu_check(0, "run: %s", gpuref_model_error(m));
    }
out:
    gpuref_free(w);
    gpuref_model_destroy(m);
    free(rr);
    return rc;
}

/* The sum of the counts of the bins whose names start with prefix. */
static uint64_t count_prefix(const gpuref_cov *c, const char *prefix)
{
    uint64_t t = 0;
    for (size_t i = 0; i < gpuref_cov_nbins(c); i++)
        if (!strncmp(gpuref_cov_bin_at(c, i)->name, prefix, strlen(prefix)))
            t += gpuref_cov_count(c, i);
    return t;
}

static void test_rdna4_sample(void)
{
    gpuref_cov *c = NULL;
    gpuref_diag d = { 0 };
    if (gpuref_cov_create("rdna4", &c, &d) != GPUREF_OK) {
        tu_check(0, d.msg);
        return;
    }
    size_t nb = gpuref_cov_nbins(c), bad = 0;
    for (size_t i = 0; i < nb; i++)
        bad += gpuref_cov_find(c, gpuref_cov_bin_at(c, i)->name) != (long)i ||
               strncmp(gpuref_cov_bin_at(c, i)->name, "rdna4.", 6) != 0;
    tu_check(nb > 1000 && bad == 0, "rdna4 bin names are unique and start with the ISA");
    /* Values before each unit (SCC starts 0):
     *  s_add_co_u32 s0, s0, s1     0x7fffffff + 1: reads s0 before it is written
     *                              (imax), s1 one; D = 0x80000000 (imin), SCC = 0
     *  s_mov_b64 s[2:3], s[4:5]    0x80000000_00000000: imin at 64 bits, in and out
     *  s_add_co_u32 s6, 1, 0x12345 an inline constant (one) and a literal (pos);
     *                              D = 0x12346 (pos), no carry: SCC = 0
     *  s_mov_b32 s7, src_scc       SCC as a source: flags, 0 (zero); D = 0
     *  s_movk_i32 s8, 0x8000       SIMM16 at 16 bits: imin; D = signext: neg
     *  s_cmp_eq_u32 s0, s1         0x80000000 != 1: SCC = 0 (flag scc0)
     *  s_cbranch_scc1 l            SCC = 0: not taken
     *  s_add_f32 s9, s10, s11      a signalling NaN and 1.0
     *  s_add_f16 s12, s13, s14     the low halves: +inf (0x7c00; bits 31:16 are
     *                              not the operand) and 1.0 (0x3c00) */
    const unsigned regs[] = { 0, 1, 4, 5, 10, 11, 13, 14 };
    const uint32_t vals[] = { 0x7fffffffu, 1, 0, 0x80000000u, 0x7f800001u, 0x3f800000u,
                              0xffff7c00u, 0x3c00 };
    run_r4(c, "s_add_co_u32 s0, s0, s1\ns_mov_b64 s[2:3], s[4:5]\ns_add_co_u32 s6, 1, 0x12345\n"
              "s_mov_b32 s7, src_scc\ns_movk_i32 s8, 0x8000\ns_cmp_eq_u32 s0, s1\n"
              "s_cbranch_scc1 l\ns_add_f32 s9, s10, s11\ns_add_f16 s12, s13, s14\n"
              "l: s_endpgm\n", regs, vals, 8, 1, 0, NULL, 0);
    expect_count(c, "rdna4.op.sop2.s_add_co_u32", 2);
    expect_count(c, "rdna4.opnd.sop2.s_add_co_u32.src0.reg", 1);
    expect_count(c, "rdna4.opnd.sop2.s_add_co_u32.src0.imm", 1);
    expect_count(c, "rdna4.opnd.sop2.s_add_co_u32.src1.reg", 1);
    expect_count(c, "rdna4.opnd.sop2.s_add_co_u32.src1.literal", 1);
    expect_count(c, "rdna4.in.sop2.s_add_co_u32.src0.imax", 1);
    expect_count(c, "rdna4.in.sop2.s_add_co_u32.src0.one", 1);
    expect_count(c, "rdna4.in.sop2.s_add_co_u32.src0.imin", 0);
    expect_count(c, "rdna4.in.sop2.s_add_co_u32.src1.one", 1);
    expect_count(c, "rdna4.in.sop2.s_add_co_u32.src1.pos", 1);
    expect_count(c, "rdna4.out.sop2.s_add_co_u32.imin", 1);
    expect_count(c, "rdna4.out.sop2.s_add_co_u32.pos", 1);
    expect_count(c, "rdna4.in.sop1.s_mov_b64.src0.imin", 1);
    expect_count(c, "rdna4.out.sop1.s_mov_b64.imin", 1);
    expect_count(c, "rdna4.opnd.sop1.s_mov_b32.src0.flags", 1);
    expect_count(c, "rdna4.in.sop1.s_mov_b32.src0.zero", 1);
    expect_count(c, "rdna4.out.sop1.s_mov_b32.zero", 1);
    expect_count(c, "rdna4.in.sopk.s_movk_i32.src0.imin", 1);
    expect_count(c, "rdna4.out.sopk.s_movk_i32.neg", 1);
    expect_count(c, "rdna4.in.sopc.s_cmp_eq_u32.src0.imin", 1);
    expect_count(c, "rdna4.in.sopc.s_cmp_eq_u32.src1.one", 1);
    expect_count(c, "rdna4.flag.sopc.s_cmp_eq_u32.scc0", 1);
    expect_count(c, "rdna4.flag.sopc.s_cmp_eq_u32.scc1", 0);
    expect_count(c, "rdna4.isa.sopp.s_cbranch_scc1.not_taken", 1);
    expect_count(c, "rdna4.isa.sopp.s_cbranch_scc1.taken", 0);
    expect_count(c, "rdna4.in.sop2.s_add_f32.src0.snan", 1);
    expect_count(c, "rdna4.in.sop2.s_add_f32.src1.fpnorm", 1);
    expect_count(c, "rdna4.in.sop2.s_add_f16.src0.fpinf", 1);
    expect_count(c, "rdna4.in.sop2.s_add_f16.src1.fpnorm", 1);
    expect_count(c, "rdna4.op.sopp.s_endpgm", 1);
    /* A register changed between units (a waiver): the shadow is out of step
     * when a source the unit did not write differs from the state; that value
     * is then the state's.  s1 = 0x80000000 after the s_mov: the first add
     * reads it from the state (imin) and the shadow starts again from there, so
     * the second add reads it from the shadow (imin again, before its write). */
    gpuref_cov_clear(c);
    const unsigned r1[] = { 1 };
    const uint32_t v1[] = { 0 };
    const rdna4_poke pk[] = { { 0, "s", 1, 0x80000000u } };
    run_r4(c, "s_mov_b32 s2, 5\ns_add_co_u32 s3, s1, s2\ns_add_co_u32 s1, s1, s2\ns_endpgm\n",
           r1, v1, 1, 1, 0, pk, 1);
    expect_count(c, "rdna4.in.sop2.s_add_co_u32.src0.imin", 2);
    expect_count(c, "rdna4.in.sop2.s_add_co_u32.src0.zero", 0);
    expect_count(c, "rdna4.in.sop2.s_add_co_u32.src1.pos", 2);
    /* Out of step on src0 (s2, not written, changed by the API): src1 is s1,
     * which the unit overwrites, so its value before is not known: no in bin. */
    gpuref_cov_clear(c);
    const unsigned r2[] = { 1, 2 };
    const uint32_t v2[] = { 0, 0 };
    const rdna4_poke pk2[] = { { 0, "s", 2, 1 } };
    run_r4(c, "s_mov_b32 s3, 5\ns_add_co_u32 s1, s2, s1\ns_endpgm\n", r2, v2, 2, 1, 0, pk2, 1);
    expect_count(c, "rdna4.op.sop2.s_add_co_u32", 1);
    expect_count(c, "rdna4.in.sop2.s_add_co_u32.src0.one", 1);
    tu_check(count_prefix(c, "rdna4.in.sop2.s_add_co_u32.src1.") == 0,
          "rdna4: an overwritten source out of step has no value class");
    expect_count(c, "rdna4.opnd.sop2.s_add_co_u32.src1.reg", 1);
    /* Without gpuref_cov_begin (a fresh cov follows no state) or after a unit
     * that was not sampled, the first unit's sources are known from the state
     * after it only where it did not write them. */
    gpuref_cov *c2 = NULL;
    if (gpuref_cov_create("rdna4", &c2, &d) == GPUREF_OK) {
        run_r4(c2, "s_add_co_u32 s0, s0, s1\ns_endpgm\n", regs, vals, 2, 0, 0, NULL, 0);
        tu_check(count_prefix(c2, "rdna4.in.sop2.s_add_co_u32.src0.") == 0,
              "rdna4 without begin: a source the first unit wrote is not known");
        expect_count(c2, "rdna4.in.sop2.s_add_co_u32.src1.one", 1);
        expect_count(c2, "rdna4.out.sop2.s_add_co_u32.imin", 1);
        gpuref_cov_clear(c2);
        run_r4(c2, "s_mov_b32 s0, 7\ns_mov_b32 s1, 0x80000000\ns_add_co_u32 s1, s1, s0\n"
                   "s_endpgm\n", regs, vals, 2, 1, 1u << 1, NULL, 0);
        tu_check(count_prefix(c2, "rdna4.in.sop2.s_add_co_u32.src0.") == 0,
              "rdna4 after a unit not sampled: an overwritten source is not known");
        expect_count(c2, "rdna4.in.sop2.s_add_co_u32.src1.pos", 1);
        expect_count(c2, "rdna4.op.sop1.s_mov_b32", 1);
        gpuref_cov_destroy(c2);
    }
    gpuref_cov_destroy(c);
}

/* RDNA4: a register lane set before the program runs. */
typedef struct r4v_set {
    const char *file;
    unsigned idx, lane;
    uint32_t val;
} r4v_set;

/* RDNA4: assemble text, create the model with config cfg, apply the sets
 * (lane ~0u: every lane of the wave), gpuref_cov_begin (if begin), run to the end
 * sampling every unit into a new cov (returned; NULL on a setup failure). */
static gpuref_cov *run_r4v(const char *cfg, const char *text, const r4v_set *sets, unsigned n,
                           int begin)
{
    gpuref_diag d = { 0 };
    gpuref_cov *c = NULL;
    gpuref_model *m = NULL;
    uint32_t *w = NULL;
    size_t nw = 0;
    gpuref_retire *rr = malloc(sizeof *rr);
    if (!rr || gpuref_cov_create("rdna4", &c, &d) || gpuref_model_create("rdna4", cfg, &m, &d) ||
        gpuref_assemble(gpuref_isa_find("rdna4"), text, 0, &w, &nw, &d) ||
        gpuref_program_load(m, 0, w, nw)) {
        tu_check(0, "setup: %s %s", d.msg, m ? gpuref_model_error(m) : "");
        gpuref_cov_destroy(c);
        c = NULL;
    } else {
        for (unsigned i = 0; i < n; i++) {
            int f = gpuref_regfile_lookup(m, sets[i].file);
            for (unsigned l = 0; l < 64; l++)
                if (sets[i].lane == l || (sets[i].lane == ~0u && l < (strstr(cfg, "64") ? 64u : 32u)))
                    gpuref_reg_set(m, f, sets[i].idx, l, sets[i].val);
        }
        if (begin)
            gpuref_cov_begin(c, m);
        int rc;
        while ((rc = gpuref_step(m, rr)) == GPUREF_OK)
            gpuref_cov_sample(c, m, rr);
        tu_check(rc == GPUREF_ERR_DONE, "run: %s", gpuref_model_error(m));
    }
    gpuref_free(w);
    gpuref_model_destroy(m);
    free(rr);
    return c;
}

/* RDNA4 "mem" bins: OOB_SELECT is V# word 3 bits [29:28] (Table 57), read from the
 * registers the instruction names as the model reads them: a V# in ttmp[4:7] is
 * ttmp4-ttmp7.  ttmp7 = 0x30000000 (OOB_SELECT 3) and s0 = 0x10000000 (1, what a
 * reader falling back to s0 would see): oob3 once, oob1 never.  num_records 0:
 * the access is out of range and reads nothing. */
static void test_rdna4_mem_bins(void)
{
    tu_test("rdna4 mem bins: a V# in ttmps");
    const r4v_set st[] = { { "s", 0, 0, 0x10000000u }, { "ttmp", 7, 0, 0x30000000u } };
    gpuref_cov *c = run_r4v("wave=32", "buffer_load_b32 v1, off, ttmp[4:7], null\ns_endpgm\n", st,
                            sizeof st / sizeof st[0], 1);
    if (c) {
        expect_count(c, "rdna4.mem.vbuffer.buffer_load_b32.oob3", 1);
        expect_count(c, "rdna4.mem.vbuffer.buffer_load_b32.oob1", 0);
        expect_count(c, "rdna4.mem.vbuffer.buffer_load_b32.addr.none", 1);
        gpuref_cov_destroy(c);
    }
}

/* Expect the bins prefix + names[i] to count want[i] (and, when all is set,
 * every other bin starting with prefix to count 0). */
static void expect_group(const gpuref_cov *c, const char *prefix, const char *const *names,
                         const uint64_t *want, unsigned n, int all)
{
    char b[256];
    uint64_t sum = 0;
    for (unsigned i = 0; i < n; i++) {
        snprintf(b, sizeof b, "%s%s", prefix, names[i]);
        expect_count(c, b, want[i]);
        sum += want[i];
    }
    if (all)
        tu_check(count_prefix(c, prefix) == sum, "%s*: no other bin counts (%llu, want %llu)",
                 prefix, (unsigned long long)count_prefix(c, prefix), (unsigned long long)sum);
}

/* VALU bins worked by hand (coverage/README.md "RDNA4 vector ALU"; values from the
 * chapter 16 pseudocode of rdna4-isa.md: V_ADD_F32 D = S0 + S1, V_PK_ADD_F16 per half,
 * DPP row_shr §7.9 L3436-3470). */
static void test_rdna4_valu(void)
{
    static const char *const fcls[10] = { "fpzero", "fnzero", "fpden", "fnden", "fpnorm",
                                          "fnnorm", "fpinf", "fninf", "qnan", "snan" };
    tu_test("rdna4 valu: v_add_f32 -v0 in wave64, EXEC partial, a denormal lane");
    /* wave64, EXEC = lanes 0-3 and 32; MODE 0xf0 (RNE, denormals kept).  v0 (before
     * NEG): lane 0 1.0, lane 1 the smallest +denormal, lane 2 -0, lane 3 +inf, lane 32
     * 1.0; lanes 4 (qNaN) and 33 (-inf) are outside EXEC and must not count.  After
     * NEG: -1.0 fnnorm, -denorm fnden, +0 fpzero, -inf fninf, -1.0.  v1 = 2.0 in every
     * lane: fpnorm.  Results: -1+2 = 1.0, -2^-149+2 = 2.0 (RNE), 0+2 = 2.0, -inf+2 = -inf,
     * 1.0: fpnorm and fninf. */
    const r4v_set s1[] = {
        { "exec", 0, 0, 0x0000000fu }, { "exec", 1, 0, 0x00000001u },
        { "v", 0, 0, 0x3f800000u }, { "v", 0, 1, 0x00000001u }, { "v", 0, 2, 0x80000000u },
        { "v", 0, 3, 0x7f800000u }, { "v", 0, 4, 0x7fc00000u }, { "v", 0, 32, 0x3f800000u },
        { "v", 0, 33, 0xff800000u }, { "v", 1, ~0u, 0x40000000u },
    };
    gpuref_cov *c = run_r4v("wave=64", "v_add_f32_e64 v2, -v0, v1\ns_endpgm\n", s1,
                            sizeof s1 / sizeof s1[0], 1);
    if (c) {
        const char *P = "rdna4.in.vop3.v_add_f32.src0.";
        const uint64_t in0[10] = { 1, 0, 0, 1, 0, 1, 0, 1, 0, 0 };
        expect_group(c, P, fcls, in0, 10, 1);
        const uint64_t in1[10] = { 0, 0, 0, 0, 1, 0, 0, 0, 0, 0 };
        expect_group(c, "rdna4.in.vop3.v_add_f32.src1.", fcls, in1, 10, 1);
        const uint64_t out[10] = { 0, 0, 0, 0, 1, 0, 0, 1, 0, 0 };
        expect_group(c, "rdna4.out.vop3.v_add_f32.", fcls, out, 10, 1);
        static const char *const mask[3] = { "none", "partial", "all" };
        const uint64_t mk[3] = { 0, 1, 0 };
        expect_group(c, "rdna4.mask.vop3.v_add_f32.", mask, mk, 3, 1);
        static const char *const wave[2] = { "wave32", "wave64" };
        const uint64_t wv[2] = { 0, 1 };
        expect_group(c, "rdna4.isa.vop3.v_add_f32.", wave, wv, 2, 1);
        /* modifiers: NEG on source 0 only; plain VOP3 (no DPP); MODE RNE, F32 denormals
         * kept (FP_DENORM[5:4] = 3) */
        static const char *const mods[] = { "src0.neg", "src0.abs", "src1.neg", "src1.abs",
                                            "clamp", "omod.mul2", "omod.mul4", "omod.div2",
                                            "enc.plain", "enc.dpp16", "enc.dpp8", "round.rne",
                                            "round.rtz", "denorm32.keep", "denorm32.flush" };
        const uint64_t md[] = { 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0 };
        expect_group(c, "rdna4.mod.vop3.v_add_f32.", mods, md, sizeof md / sizeof md[0], 1);
        /* the VOP2 row and the DPP bins saw nothing */
        expect_count(c, "rdna4.op.vop2.v_add_f32", 0);
        tu_check(count_prefix(c, "rdna4.mod.vop2.v_add_f32.") == 0 &&
                 count_prefix(c, "rdna4.isa.dpp") == 0, "no VOP2 or DPP bin counts");
        gpuref_cov_destroy(c);
    }

    tu_test("rdna4 valu: DPP16 row_shr:1 in wave32, MODE RTZ and flush");
    /* row_shr:1, row and bank masks full, BOUND_CTRL 0, FI 0: lanes 0 and 16 have no
     * source in their row and are not written (§7.9 "DPP_ROW_SR"); lane l of the others
     * reads lane l-1.  v0: lane 0 +inf (read by lane 1), lane 15 qNaN (read by no lane:
     * lane 16 would read across the row), every other lane 1.0.  v1 = 1.0.  Results:
     * lane 1 inf + 1 = +inf, the others 2.0.  MODE = 3: FP_ROUND[1:0] = 3 (RTZ),
     * FP_DENORM[5:4] = 0 (flush). */
    const r4v_set s2[] = { { "v", 0, ~0u, 0x3f800000u }, { "v", 0, 0, 0x7f800000u },
                           { "v", 0, 15, 0x7fc00000u }, { "v", 1, ~0u, 0x3f800000u } };
    c = run_r4v("wave=32,mode=0x3",
                "v_add_f32_dpp v2, v0, v1 row_shr:1 row_mask:0xf bank_mask:0xf\ns_endpgm\n", s2,
                sizeof s2 / sizeof s2[0], 1);
    if (c) {
        const uint64_t in0[10] = { 0, 0, 0, 0, 1, 0, 1, 0, 0, 0 };
        expect_group(c, "rdna4.in.vop2.v_add_f32.src0.", fcls, in0, 10, 1);
        const uint64_t out[10] = { 0, 0, 0, 0, 1, 0, 1, 0, 0, 0 };
        expect_group(c, "rdna4.out.vop2.v_add_f32.", fcls, out, 10, 1);
        static const char *const mods[] = { "enc.plain", "enc.dpp16", "enc.dpp8", "round.rne",
                                            "round.rtz", "denorm32.flush", "denorm32.keep",
                                            "src0.neg", "src0.abs" };
        const uint64_t md[] = { 0, 1, 0, 0, 1, 1, 0, 0, 0 };
        expect_group(c, "rdna4.mod.vop2.v_add_f32.", mods, md, sizeof md / sizeof md[0], 1);
        expect_count(c, "rdna4.mask.vop2.v_add_f32.all", 1);
        expect_count(c, "rdna4.isa.vop2.v_add_f32.wave32", 1);
        static const char *const dpp[] = { "dpp.row_shr.wave32", "dpp.row_shr.wave64",
                                           "dpp.quad_perm.wave32", "dpp16.bc0.fi0",
                                           "dpp16.bc1.fi0", "dpp16.row_mask.partial",
                                           "dpp16.bank_mask.partial", "dpp8.fi0" };
        const uint64_t dp[] = { 1, 0, 0, 1, 0, 0, 0, 0 };
        expect_group(c, "rdna4.isa.", dpp, dp, sizeof dp / sizeof dp[0], 0);
        tu_check(count_prefix(c, "rdna4.isa.dpp") == 2, "two ISA-wide DPP bins count");
        gpuref_cov_destroy(c);
    }

    tu_test("rdna4 valu: VOP3P OPSEL, OPSEL_HI and NEG_HI on packed halves");
    /* v0 = 0x3c007c00 (high half 1.0, low +inf), v1 = 0x3c003c00.  op_sel:[1,0]: the low
     * result half takes src0's high half (1.0); op_sel_hi:[0,1]: the high result half
     * takes src0's low half (+inf); neg_hi:[0,1] negates src1's high-half operand (-1.0).
     * Halves: low 1.0 + 1.0 = 2.0, high +inf + -1.0 = +inf.  MODE 0xf0: FP_ROUND[3:2] = 0
     * (RNE), FP_DENORM[7:6] = 3 (kept). */
    const r4v_set s3[] = { { "v", 0, ~0u, 0x3c007c00u }, { "v", 1, ~0u, 0x3c003c00u } };
    c = run_r4v("wave=32",
                "v_pk_add_f16 v2, v0, v1 op_sel:[1,0] op_sel_hi:[0,1] neg_hi:[0,1]\ns_endpgm\n",
                s3, sizeof s3 / sizeof s3[0], 1);
    if (c) {
        const uint64_t in0[10] = { 0, 0, 0, 0, 1, 0, 1, 0, 0, 0 };
        expect_group(c, "rdna4.in.vop3p.v_pk_add_f16.src0.", fcls, in0, 10, 1);
        const uint64_t in1[10] = { 0, 0, 0, 0, 1, 1, 0, 0, 0, 0 };
        expect_group(c, "rdna4.in.vop3p.v_pk_add_f16.src1.", fcls, in1, 10, 1);
        const uint64_t out[10] = { 0, 0, 0, 0, 1, 0, 1, 0, 0, 0 };
        expect_group(c, "rdna4.out.vop3p.v_pk_add_f16.", fcls, out, 10, 1);
        static const char *const mods[] = { "src0.opsel", "src0.opsel_hi0", "src0.neg",
                                            "src0.neg_hi", "src1.opsel", "src1.opsel_hi0",
                                            "src1.neg", "src1.neg_hi", "clamp", "round.rne",
                                            "round.rtz", "denorm16_64.keep" };
        const uint64_t md[] = { 1, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1 };
        expect_group(c, "rdna4.mod.vop3p.v_pk_add_f16.", mods, md, sizeof md / sizeof md[0], 1);
        /* no DPP form (Table 38): no encoding bins */
        tu_check(gpuref_cov_find(c, "rdna4.mod.vop3p.v_pk_add_f16.enc.plain") < 0,
                 "v_pk_add_f16 has no encoding bins");
        gpuref_cov_destroy(c);
    }

    tu_test("rdna4 valu: a source the instruction overwrites, EXEC empty");
    /* v_add_f32 v0, v0, v1 with v0 = -1.0, v1 = 1.0: the source is -1.0 (fnnorm), read
     * before the write of +0 (never fpzero).  Then EXEC = 0: v_cmp_eq_u32 counts
     * mask none and no value (no lane computes); the VOPC row has no VGPR result. */
    const r4v_set s4[] = { { "v", 0, ~0u, 0xbf800000u }, { "v", 1, ~0u, 0x3f800000u } };
    c = run_r4v("wave=32", "v_add_f32 v0, v0, v1\ns_mov_b32 exec_lo, 0\n"
                "v_cmp_eq_u32 vcc_lo, v0, v1\ns_endpgm\n", s4, sizeof s4 / sizeof s4[0], 1);
    if (c) {
        const uint64_t in0[10] = { 0, 0, 0, 0, 0, 1, 0, 0, 0, 0 };
        expect_group(c, "rdna4.in.vop2.v_add_f32.src0.", fcls, in0, 10, 1);
        const uint64_t out[10] = { 1, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
        expect_group(c, "rdna4.out.vop2.v_add_f32.", fcls, out, 10, 1);
        expect_count(c, "rdna4.mask.vop2.v_add_f32.all", 1);
        expect_count(c, "rdna4.mask.vopc.v_cmp_eq_u32.none", 1);
        expect_count(c, "rdna4.mask.vopc.v_cmp_eq_u32.all", 0);
        tu_check(count_prefix(c, "rdna4.in.vopc.v_cmp_eq_u32.") == 0, "EXEC 0: no source class");
        tu_check(count_prefix(c, "rdna4.out.vopc.") == 0, "VOPC: no VGPR result bins");
        gpuref_cov_destroy(c);
    }

    tu_test("rdna4 valu: F64 ABS/CLAMP/OMOD, DPP row mask and bound_ctrl, DPP8 FI, .h, SGPR");
    /* wave64, EXEC all ones (reset).  v[0:1] = 0xc0000000_00000000 (-2.0; lane 16's low
     * DWORD 0x80000000: -2.0000000000000004), |.| +2.0: fpnorm; v[2:3] = 1: +denorm f64;
     * 1.0 an inline constant: fpnorm.  2 * 2^-1074 + 1 = 1.0 (RNE), *2 (OMOD) and CLAMP:
     * a normal (1.0 or 2.0 by their order: fpnorm either way).  MODE 0xf0: F64 uses
     * FP_ROUND[3:2] = 0 (rne) and FP_DENORM[7:6] = 3 (keep).
     * quad_perm:[0,0,0,0] row_mask:0x1 bound_ctrl:1: only row 0 (lanes 0-15) computes,
     * reading lane 0 (v0 = 0: zero); lane 16's 0x80000000 is read by lanes 16-19 of a
     * disabled row and must not count.  dpp8:[7,6,5,4,3,2,1,0] fi:1 (DPP8FI): lane l
     * reads lane l ^ 7 in every row of 8, so lane 23 reads lane 16: zero and imin.
     * v_mov_b16 v8.h, v9.l: v9 = 0x0001ffff, the low half 0xffff is all ones (minus1 at
     * 16 bits), written to the high half.  v_xor_b32 v10, s0, v1: s0 = 0x80000000
     * (imin, one value for the wave), v1 = 0xc0000000 (neg); the result 0x40000000 (pow2). */
    const r4v_set s5[] = { { "v", 0, ~0u, 0 }, { "v", 0, 16, 0x80000000u },
                           { "v", 1, ~0u, 0xc0000000u }, { "v", 2, ~0u, 1 }, { "v", 3, ~0u, 0 },
                           { "v", 9, ~0u, 0x0001ffffu }, { "s", 0, 0, 0x80000000u } };
    c = run_r4v("wave=64",
                "v_fma_f64 v[4:5], |v[0:1]|, v[2:3], 1.0 clamp mul:2\n"
                "v_mov_b32_dpp v6, v0 quad_perm:[0,0,0,0] row_mask:0x1 bank_mask:0xf bound_ctrl:1\n"
                "v_mov_b32_dpp v7, v0 dpp8:[7,6,5,4,3,2,1,0] fi:1\n"
                "v_mov_b16 v8.h, v9.l\nv_xor_b32 v10, s0, v1\ns_endpgm\n",
                s5, sizeof s5 / sizeof s5[0], 1);
    if (c) {
        static const char *const fm[] = { "src0.abs", "src0.neg", "src1.abs", "clamp", "omod.mul2",
                                          "omod.mul4", "omod.div2", "round.rne", "denorm16_64.keep",
                                          "denorm16_64.flush" };
        const uint64_t fmw[] = { 1, 0, 0, 1, 1, 0, 0, 1, 1, 0 };
        expect_group(c, "rdna4.mod.vop3.v_fma_f64.", fm, fmw, sizeof fmw / sizeof fmw[0], 0);
        tu_check(gpuref_cov_find(c, "rdna4.mod.vop3.v_fma_f64.denorm32.keep") < 0,
                 "v_fma_f64: no F32 denormal bins");
        const uint64_t nrm[10] = { 0, 0, 0, 0, 1, 0, 0, 0, 0, 0 };
        const uint64_t den[10] = { 0, 0, 1, 0, 0, 0, 0, 0, 0, 0 };
        expect_group(c, "rdna4.in.vop3.v_fma_f64.src0.", fcls, nrm, 10, 1);
        expect_group(c, "rdna4.in.vop3.v_fma_f64.src1.", fcls, den, 10, 1);
        expect_group(c, "rdna4.in.vop3.v_fma_f64.src2.", fcls, nrm, 10, 1);
        expect_group(c, "rdna4.out.vop3.v_fma_f64.", fcls, nrm, 10, 1);
        expect_count(c, "rdna4.isa.vop3.v_fma_f64.wave64", 1);
        expect_count(c, "rdna4.mask.vop3.v_fma_f64.all", 1);
        static const char *const icls[8] = { "zero", "one", "minus1", "imin", "imax", "pow2",
                                             "pos", "neg" };
        const uint64_t mv_in[8] = { 2, 0, 0, 1, 0, 0, 0, 0 };
        expect_group(c, "rdna4.in.vop1.v_mov_b32.src0.", icls, mv_in, 8, 1);
        expect_group(c, "rdna4.out.vop1.v_mov_b32.", icls, mv_in, 8, 1);
        static const char *const enc[3] = { "enc.plain", "enc.dpp16", "enc.dpp8" };
        const uint64_t encw[3] = { 0, 1, 1 };
        expect_group(c, "rdna4.mod.vop1.v_mov_b32.", enc, encw, 3, 0);
        static const char *const dpp[] = { "dpp.quad_perm.wave64", "dpp.quad_perm.wave32",
                                           "dpp16.bc1.fi0", "dpp16.bc0.fi0",
                                           "dpp16.row_mask.partial", "dpp16.bank_mask.partial",
                                           "dpp.dpp8.wave64", "dpp8.fi1", "dpp8.fi0" };
        const uint64_t dpw[] = { 1, 0, 1, 0, 1, 0, 1, 1, 0 };
        expect_group(c, "rdna4.isa.", dpp, dpw, sizeof dpw / sizeof dpw[0], 0);
        tu_check(count_prefix(c, "rdna4.isa.dpp") == 5, "five ISA-wide DPP bins count");
        const uint64_t m1[8] = { 0, 0, 1, 0, 0, 0, 0, 0 };
        expect_group(c, "rdna4.in.vop1.v_mov_b16.src0.", icls, m1, 8, 1);
        expect_group(c, "rdna4.out.vop1.v_mov_b16.", icls, m1, 8, 1);
        static const char *const h[2] = { "dst.opsel", "src0.opsel" };
        const uint64_t hw[2] = { 1, 0 };
        expect_group(c, "rdna4.mod.vop1.v_mov_b16.", h, hw, 2, 0);
        const uint64_t x0[8] = { 0, 0, 0, 1, 0, 0, 0, 0 }, x1[8] = { 0, 0, 0, 0, 0, 0, 0, 1 };
        const uint64_t xo[8] = { 0, 0, 0, 0, 0, 1, 0, 0 };
        expect_group(c, "rdna4.in.vop2.v_xor_b32.src0.", icls, x0, 8, 1);
        expect_group(c, "rdna4.in.vop2.v_xor_b32.src1.", icls, x1, 8, 1);
        expect_group(c, "rdna4.out.vop2.v_xor_b32.", icls, xo, 8, 1);
        gpuref_cov_destroy(c);
    }

    tu_test("rdna4 valu: a VOPD pair counts wave, EXEC, MODE and values of both rows");
    /* wave32, EXEC = lane 0 only (partial); VOPD is wave32 only (L3279): no wave64 bin.
     * X: v1 = 1.0 (lane 1 qNaN, outside EXEC), v2 = 2.0: 1.0 + 2.0 = 3.0, fpnorm.
     * Y: v_dual_mov_b32 v12, v11 reads v11 before X writes it ("both read their sources
     * before either writes", rdna4_exec_vopd.c): v11 = 0x80000000 (imin), not 3.0. */
    const r4v_set s6[] = { { "exec", 0, 0, 1 }, { "v", 1, ~0u, 0x3f800000u },
                           { "v", 1, 1, 0x7fc00000u }, { "v", 2, ~0u, 0x40000000u },
                           { "v", 11, ~0u, 0x80000000u } };
    c = run_r4v("wave=32", "v_dual_add_f32 v11, v1, v2 :: v_dual_mov_b32 v12, v11\ns_endpgm\n",
                s6, sizeof s6 / sizeof s6[0], 1);
    if (c) {
        const uint64_t nrm[10] = { 0, 0, 0, 0, 1, 0, 0, 0, 0, 0 };
        expect_group(c, "rdna4.in.vopdx.v_dual_add_f32.src0.", fcls, nrm, 10, 1);
        expect_group(c, "rdna4.in.vopdx.v_dual_add_f32.src1.", fcls, nrm, 10, 1);
        expect_group(c, "rdna4.out.vopdx.v_dual_add_f32.", fcls, nrm, 10, 1);
        static const char *const icls[8] = { "zero", "one", "minus1", "imin", "imax", "pow2",
                                             "pos", "neg" };
        const uint64_t im[8] = { 0, 0, 0, 1, 0, 0, 0, 0 };
        expect_group(c, "rdna4.in.vopdy.v_dual_mov_b32.src0.", icls, im, 8, 1);
        expect_group(c, "rdna4.out.vopdy.v_dual_mov_b32.", icls, im, 8, 1);
        expect_count(c, "rdna4.isa.vopdx.v_dual_add_f32.wave32", 1);
        expect_count(c, "rdna4.isa.vopdy.v_dual_mov_b32.wave32", 1);
        expect_count(c, "rdna4.mask.vopdx.v_dual_add_f32.partial", 1);
        expect_count(c, "rdna4.mask.vopdy.v_dual_mov_b32.partial", 1);
        expect_count(c, "rdna4.mask.vopdy.v_dual_mov_b32.all", 0);
        expect_count(c, "rdna4.mod.vopdx.v_dual_add_f32.round.rne", 1);
        expect_count(c, "rdna4.mod.vopdx.v_dual_add_f32.denorm32.keep", 1);
        tu_check(gpuref_cov_find(c, "rdna4.isa.vopdx.v_dual_add_f32.wave64") < 0,
                 "VOPD rows have no wave64 bin");
        gpuref_cov_destroy(c);
    }

    tu_test("rdna4 valu: without begin the first unit's sources are not classified");
    c = run_r4v("wave=32", "v_add_f32 v0, v0, v1\ns_endpgm\n", s4, sizeof s4 / sizeof s4[0], 0);
    if (c) {
        expect_count(c, "rdna4.op.vop2.v_add_f32", 1);
        expect_count(c, "rdna4.mask.vop2.v_add_f32.all", 1);
        tu_check(count_prefix(c, "rdna4.in.vop2.v_add_f32.") == 0, "no source class");
        expect_count(c, "rdna4.out.vop2.v_add_f32.fpzero", 1);
        gpuref_cov_destroy(c);
    }
}

static void test_dat(void)
{
    gpuref_cov *a = NULL, *b = NULL;
    gpuref_diag d = { 0 };
    char path[] = "/tmp/gpuref_test_cov_XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0 || gpuref_cov_create("nv50", &a, &d) || gpuref_cov_create("nv50", &b, &d)) {
        tu_check(0, "dat setup");
        return;
    }
    close(fd);
    const unsigned regs[2] = { 1, 2 };
    const uint32_t vals[2] = { 0x7fffffffu, 0x00000001u };
    run(a, "add b32 $c0 $r3 $r1 $r2\nexit nop\n", regs, vals, 2, NULL);
    tu_check(gpuref_cov_write(a, path, &d) == GPUREF_OK, "write coverage.dat");
    FILE *f = fopen(path, "r");
    char line[512] = "";
    if (f) {
        if (!fgets(line, sizeof line, f))
            line[0] = '\0';
        fclose(f);
    }
    tu_check(strcmp(line, "# SystemC::Coverage-3\n") == 0, "coverage.dat header");
    size_t unknown = 9;
    tu_check(gpuref_cov_read(b, path, &unknown, &d) == GPUREF_OK && unknown == 0, "read back");
    size_t diff = 0;
    for (size_t i = 0; i < gpuref_cov_nbins(a); i++)
        diff += gpuref_cov_count(a, i) != gpuref_cov_count(b, i);
    tu_check(diff == 0, "round trip keeps every count");
    /* another ISA's coverage is refused in so many words, not read as empty */
    gpuref_cov *o = NULL;
    if (gpuref_cov_create("nvfp", &o, &d) == GPUREF_OK) {
        tu_check(gpuref_cov_read(o, path, NULL, &d) == GPUREF_ERR_CONFIG &&
                 strstr(d.msg, "no coverage points of ISA nvfp (it has nv50)") != NULL,
                 "another ISA's coverage.dat: %s", d.msg);
        gpuref_cov_destroy(o);
    }
    /* merge: the same file twice doubles the counts */
    gpuref_covdat *cd = gpuref_covdat_new();
    tu_check(cd && !gpuref_covdat_read(cd, path, &d) && !gpuref_covdat_read(cd, path, &d),
          "covdat merge");
    gpuref_cov_clear(b);
    gpuref_covdat_to_cov(cd, b, NULL);
    tu_check(gpuref_cov_count(b, (size_t)gpuref_cov_find(b, "nv50.op.add.b32.long")) == 2,
          "merged counts add");
    tu_check(gpuref_covdat_nisas(cd) == 1 && !strcmp(gpuref_covdat_isa(cd, 0), "nv50"),
          "ISAs of a coverage.dat");
    /* RTL points stay as they are and are summarised by type */
    const char rtl[] = "C '\001f\002t.sv\001l\0022\001n\0023\001page\002v_line/t\001o\002block"
                       "\001h\002TOP.t' 50\n";
    tu_check(gpuref_covdat_read_string(cd, "rtl", rtl, sizeof rtl - 1, &d) == GPUREF_OK,
          "read an RTL point");
    gpuref_covdat_rtl rs[4];
    tu_check(gpuref_covdat_rtl_summary(cd, rs, 4) == 1 && !strcmp(rs[0].type, "v_line") &&
          rs[0].points == 1 && rs[0].hit == 1, "RTL summary");
    /* malformed files: file:line errors, nothing crashes */
    const char *bad[] = { "C 'abc\n", "C 'x' 12z\n", "X 'x' 1\n", "C 'x' \n",
                          "C 'x' 99999999999999999999999\n" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gpuref_diag e = { 0 };
        int rc = gpuref_covdat_read_string(cd, "bad.dat", bad[i], strlen(bad[i]), &e);
        tu_check(rc == GPUREF_ERR_PARSE && e.line == 1 && strstr(e.msg, "bad.dat:1:"),
              "malformed coverage.dat is a parse error with file:line");
    }
    tu_check(gpuref_covdat_read(cd, "/nonexistent/x.dat", &d) == GPUREF_ERR_IO, "missing file");
    /* verilator_coverage merges our file with itself the same way */
    if (system("command -v verilator_coverage >/dev/null 2>&1") == 0) {
        char cmd[256], out[] = "/tmp/gpuref_test_vc_XXXXXX";
        int fd2 = mkstemp(out);
        if (fd2 >= 0)
            close(fd2);
        snprintf(cmd, sizeof cmd, "verilator_coverage --write %s %s >/dev/null 2>&1", out, path);
        int ok = fd2 >= 0 && system(cmd) == 0;
        gpuref_cov_clear(b);
        ok = ok && gpuref_cov_read(b, out, NULL, &d) == GPUREF_OK;
        size_t diff2 = 0;
        for (size_t i = 0; ok && i < gpuref_cov_nbins(a); i++)
            diff2 += gpuref_cov_count(a, i) != gpuref_cov_count(b, i);
        tu_check(ok && diff2 == 0, "verilator_coverage --write keeps our points");
        remove(out);
    }
    gpuref_covdat_free(cd);
    remove(path);
    gpuref_cov_destroy(a);
    gpuref_cov_destroy(b);
}

static void test_exclusions(void)
{
    gpuref_cov *c = NULL;
    gpuref_diag d = { 0 };
    if (gpuref_cov_create("nv50", &c, &d))
        return;
    gpuref_cov_totals t0, t1;
    gpuref_cov_totals_get(c, &t0);
    const char good[] = "# comment\n\n"
                        "nv50.op.discard.control   # unimplemented\n"
                        "nv50.flag.mul16.*.carry   # ops L160: C = 0\n";
    tu_check(gpuref_cov_exclude_string(c, "x.txt", good, &d) == GPUREF_OK, "good exclusions");
    long i = gpuref_cov_find(c, "nv50.op.discard.control");
    tu_check(i >= 0 && gpuref_cov_excluded(c, (size_t)i) &&
          !strcmp(gpuref_cov_excluded(c, (size_t)i), "unimplemented"), "reason kept");
    i = gpuref_cov_find(c, "nv50.flag.mul16.long.carry");
    tu_check(i >= 0 && gpuref_cov_excluded(c, (size_t)i), "glob exclusion");
    gpuref_cov_totals_get(c, &t1);
    tu_check(t1.excluded == 2 && t1.bins == t0.bins, "excluded bins counted apart");
    static const struct { const char *text; unsigned line; const char *msg; } errs[] = {
        { "nv50.op.discard.control\n", 1, "has no reason" },
        { "# ok\nnv50.op.bra.c.control   #   \n", 2, "has no reason" },
        { "nv50.op.nosuch.row  # why\n", 1, "matches no nv50 bin" },
        { "nv50.op.a nv50.op.b  # two\n", 1, "one bin name or glob per line" },
    };
    for (size_t k = 0; k < sizeof errs / sizeof errs[0]; k++) {
        gpuref_diag e = { 0 };
        int rc = gpuref_cov_exclude_string(c, "e.txt", errs[k].text, &e);
        char what[300];
        snprintf(what, sizeof what, "exclusion error %zu: %s", k, e.msg);
        tu_check(rc == GPUREF_ERR_PARSE && e.line == errs[k].line && strstr(e.msg, errs[k].msg) &&
              strstr(e.msg, "e.txt:"), what);
    }
    /* the shipped file loads (every entry has a reason and matches a bin) */
    if (access("coverage/exclusions/nv50.txt", R_OK) == 0) {
        gpuref_cov *c2 = NULL;
        gpuref_cov_create("nv50", &c2, &d);
        tu_check(gpuref_cov_exclude_file(c2, "coverage/exclusions/nv50.txt", &d) == GPUREF_OK,
              d.msg[0] ? d.msg : "coverage/exclusions/nv50.txt loads");
        gpuref_cov_destroy(c2);
    }
    gpuref_cov_destroy(c);
}

/* USC: bins counted from a hand-written program, the counts worked from
 * powervr-usc-isr.txt (Lnnn) and model/usc/README.md (Dn), 32 instances. */
static void test_usc_sample(void)
{
    gpuref_diag d = { 0 };
    gpuref_cov *c = NULL;
    if (gpuref_cov_create("usc", &c, &d) != GPUREF_OK) {
        tu_check(0, "usc cov: %s", d.msg);
        return;
    }
    size_t nb = gpuref_cov_nbins(c), bad = 0;
    for (size_t i = 0; i < nb; i++)
        bad += gpuref_cov_find(c, gpuref_cov_bin_at(c, i)->name) != (long)i ||
               strncmp(gpuref_cov_bin_at(c, i)->name, "usc.", 4) != 0;
    tu_check(nb > 1000 && bad == 0, "usc bin names are unique and start with the ISA");
    char y[8192];
    size_t n = (size_t)snprintf(y, sizeof y,
        "isa: usc\ntests:\n  - name: t\n    init:\n      regs:\n"
        "        r0: \"0x3f800000\"\n        r1: \"0xbf800000\"\n        r4: \"0x00000008\"\n"
        "        r7: \"0x00000021\"\n        p0[0:15]: \"0x1\"\n        r3: [");
    for (unsigned l = 0; l < 32; l++)
        n += (size_t)snprintf(y + n, sizeof y - n, "%s\"0x%x\"", l ? ", " : "", l);
    n += (size_t)snprintf(y + n, sizeof y - n, "]\n        r5: [");
    for (unsigned l = 0; l < 32; l++)
        n += (size_t)snprintf(y + n, sizeof y - n, "%s\"0x%x\"", l ? ", " : "", l & 3);
    n += (size_t)snprintf(y + n, sizeof y - n, "]\n    program: |\n"
        "      0 : fadd ft0, r0, r1\n          mov r2, w0\n"
        "      1 : if (p0) mbyp ft0, r3\n          mbyp ft1, r4\n"
        "          tstl.s32 ftt, p0, is1, is2\n"
        "      2 : (ignorepe) cndst 2, w0, r5, 1\n"
        "      3 : (ignorepe) cndst 3, w0, r5, 0\n"
        "      4 : mbyp ft0, r0\n          mov r6, w0\n"
        "      5 : (ignorepe) lsl ft2, r6, r7\n"
        "    expect:\n      steps: 6\n");
    gpuref_vec_file *f = NULL;
    gpuref_model *m = NULL;
    gpuref_retire *rr = malloc(sizeof *rr);
    if (!rr || gpuref_vec_load_string("usc.yaml", y, n, &f, &d) ||
        gpuref_vec_setup(f, &f->tests[0], &m, &d)) {
        tu_check(0, "usc setup: %s", d.msg);
        goto out;
    }
    gpuref_cov_begin(c, m);
    int rc;
    while ((rc = gpuref_step(m, rr)) == GPUREF_OK)
        gpuref_cov_sample(c, m, rr);
    tu_check(rc == GPUREF_ERR_DONE, "usc program runs: %s", gpuref_model_error(m));
    /* group 0: 1.0 + -1.0 = +0 (round to nearest, IEEE 754 §6.3), every instance */
    expect_count(c, "usc.op.fadd", 1);
    expect_count(c, "usc.in.fadd.src0.fpnorm", 32);
    expect_count(c, "usc.in.fadd.src1.fnnorm", 32);
    expect_count(c, "usc.out.fadd.fpzero", 32);
    expect_count(c, "usc.isa.one.fadd.src0.plus", 32);     /* +1.0 and -1.0 themselves */
    expect_count(c, "usc.isa.one.fadd.src1.minus", 32);
    expect_count(c, "usc.isa.one.fadd.src1.plus", 0);
    /* declarations count per group retired, executed or not: S0 is an R
     * register in groups 0-4, W0 in groups 0 and 4 */
    expect_count(c, "usc.opnd.main.s0.r", 5);
    expect_count(c, "usc.opnd.main.w0.r", 2);
    expect_count(c, "usc.mask.always.pe.all", 1);
    /* groups 0 and 4 are phase 0 alone; 2 and 3 whole-ALU ops (L225) */
    expect_count(c, "usc.isa.slots.main.p0", 2);
    expect_count(c, "usc.isa.slots.whole.p0", 2);
    /* group 1: instances 0-15 have P0 (if (p0)); TSTL.S32 of IS1 = FT0 = l
     * and IS2 = FT1 = 8 (the default IS1/IS2, D13): true for 0-7 */
    expect_count(c, "usc.isa.slots.main.p0_p1_tst", 1);
    expect_count(c, "usc.mask.p0.pe.partial", 1);
    expect_count(c, "usc.mod.tstl.s32", 1);
    expect_count(c, "usc.opnd.tstl.tst.op1.p0", 1);
    expect_count(c, "usc.flag.tstl.true", 8);
    expect_count(c, "usc.flag.tstl.false", 8);
    expect_count(c, "usc.mod.mbyp.slot_p1", 1);
    /* r3 = l as a float: 0 is +0, 1-15 denormals; r4 = 8 a denormal */
    expect_count(c, "usc.in.mbyp.src0.fpzero", 1);
    expect_count(c, "usc.in.mbyp.src0.fpden", 31);
    /* group 2: CNDST, PCND 2 (true, D10), S0 = l & 3, Pe 1 everywhere
     * before; after: Pe = (S0 == 0) (L1064) */
    expect_count(c, "usc.isa.cnd.cndst.s0_zero.pcnd2.pe1", 8);
    expect_count(c, "usc.isa.cnd.cndst.s0_one.pcnd2.pe1", 8);
    expect_count(c, "usc.isa.cnd.cndst.s0_two.pcnd2.pe1", 8);
    expect_count(c, "usc.isa.cnd.cndst.s0_many.pcnd2.pe1", 8);
    /* group 3: PCND 3 (false); Pe before is 1 only where S0 was 0 */
    expect_count(c, "usc.isa.cnd.cndst.s0_zero.pcnd3.pe1", 8);
    expect_count(c, "usc.isa.cnd.cndst.s0_zero.pcnd3.pe0", 0);
    expect_count(c, "usc.isa.cnd.cndst.s0_one.pcnd3.pe0", 8);
    expect_count(c, "usc.isa.cnd.cndst.s0_two.pcnd3.pe0", 8);
    expect_count(c, "usc.isa.cnd.cndst.s0_many.pcnd3.pe0", 8);
    expect_count(c, "usc.opnd.cndst.p0.op0.pcnd3", 1);
    /* group 4: PCND false left Pe 0 in every instance: none executes */
    expect_count(c, "usc.mask.always.pe.none", 1);
    expect_count(c, "usc.mod.mbyp.slot_p0", 2);
    expect_count(c, "usc.op.mbyp", 3);       /* groups 1 (p0, p1) and 4 */
    /* group 5: (ignorepe), the count S1 = 33 (the shifts' count seed) */
    expect_count(c, "usc.mask.always.ignorepe.all", 3);
    expect_count(c, "usc.isa.slots.bitwise.bsh1", 1);
    expect_count(c, "usc.opnd.bitwise.s1.r", 1);
    expect_count(c, "usc.isa.shift.lsl.33", 32);
    expect_count(c, "usc.isa.shift.lsl.32", 0);
out:
    gpuref_model_destroy(m);
    gpuref_vec_free(f);
    free(rr);
    gpuref_cov_destroy(c);
}

int main(void)
{
    tu_group("bins");
    test_bins();
    tu_group("classes");
    test_classes();
    tu_group("sample");
    test_sample();
    tu_group("lanes");
    test_lanes();
    tu_group("modes");
    test_modes();
    tu_group("rdna4 sample");
    test_rdna4_sample();
    test_rdna4_mem_bins();
    test_rdna4_valu();
    tu_group("usc sample");
    test_usc_sample();
    tu_group("dat");
    test_dat();
    tu_group("exclusions");
    test_exclusions();
    return tu_finish();
}
