/* test_nv50_exec.c - directed checks of NV50 execution.  Every expected value
 * below was worked out by hand from nv50-isa-ops.txt (ops Lnnn) and the
 * execution contract of model/nv50/README.md, never by running the model. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpuref.h"

static unsigned npass, nfail;
static const char *cur = "";

static void expect(int ok, const char *what, unsigned long long got, unsigned long long want)
{
    if (ok) {
        npass++;
        return;
    }
    nfail++;
    printf("FAIL: %s: %s: got 0x%llx, want 0x%llx\n", cur, what, got, want);
}

static gpuref_model *m;
static gpuref_retire *rr;
static int fr, fc, fa, fmask, fexited, fdepth;

/* Assemble and load a program; lanes of $r1/$r2/... set by the caller after. */
static int load(const char *name, const char *config, const char *text)
{
    gpuref_diag d = { 0 };
    uint32_t *w = NULL;
    size_t n = 0;
    cur = name;
    gpuref_model_destroy(m);
    m = NULL;
    if (gpuref_model_create("nv50", config, &m, &d) != GPUREF_OK ||
        gpuref_assemble(gpuref_isa_find("nv50"), text, 0, &w, &n, &d) != GPUREF_OK ||
        gpuref_program_load(m, 0, w, n) != GPUREF_OK) {
        printf("FAIL: %s: setup: line %u: %s %s\n", name, d.line, d.msg,
               m ? gpuref_model_error(m) : "");
        nfail++;
        gpuref_free(w);
        return -1;
    }
    gpuref_free(w);
    fr = gpuref_regfile_lookup(m, "r");
    fc = gpuref_regfile_lookup(m, "c");
    fa = gpuref_regfile_lookup(m, "a");
    fmask = gpuref_regfile_lookup(m, "mask");
    fexited = gpuref_regfile_lookup(m, "exited");
    fdepth = gpuref_regfile_lookup(m, "depth");
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

static int step(void)
{
    int rc = gpuref_step(m, rr);
    if (rc != GPUREF_OK) {
        printf("FAIL: %s: step: %s\n", cur, gpuref_model_error(m));
        nfail++;
    }
    return rc;
}

static void run_to_end(unsigned max)
{
    uint64_t n = 0;
    int rc = gpuref_run(m, max, &n);
    expect(rc == GPUREF_OK && gpuref_finished(m), "run to end", (unsigned)rc, 0);
}

static const gpuref_regw *find_w(int file, unsigned idx)
{
    for (unsigned i = 0; i < rr->nregw; i++)
        if (rr->regw[i].file == file && rr->regw[i].index == idx)
            return &rr->regw[i];
    return NULL;
}

/* ---------------------------------------------------------------- tests */

/* ops L116-L133: flags Z=1 S=2 C=4 O=8 (D1) */
static void test_add_flags(void)
{
    if (load("add flags", NULL,
             "add b32 $c0 $r3 $r1 $r2\n"        /* 0xffffffff + 1 */
             "add b32 $c1 $r4 $r5 $r2\n"        /* 0x7fffffff + 1 */
             "add sat b32 $c2 $r6 $r5 $r2\n"    /* saturates */
             "sub b32 $c3 $r7 $r8 $r9\n"        /* 5 - 7 */
             "sub b32 $c0 $r10 $r9 $r8\n"       /* 7 - 5 */
             "exit nop\n"))
        return;
    set_all(fr, 1, 0xffffffff);
    set_all(fr, 2, 1);
    set_all(fr, 5, 0x7fffffff);
    set_all(fr, 8, 5);
    set_all(fr, 9, 7);
    step();
    expect(get(fr, 3, 0) == 0, "0xffffffff+1 result", get(fr, 3, 0), 0);
    expect(get(fc, 0, 5) == 0x5, "0xffffffff+1 flags Z|C", get(fc, 0, 5), 0x5);
    step();
    expect(get(fr, 4, 7) == 0x80000000, "0x7fffffff+1 result", get(fr, 4, 7), 0x80000000);
    expect(get(fc, 1, 7) == 0xa, "0x7fffffff+1 flags S|O", get(fc, 1, 7), 0xa);
    step();
    expect(get(fr, 6, 31) == 0x7fffffff, "sat result", get(fr, 6, 31), 0x7fffffff);
    expect(get(fc, 2, 31) == 0x8, "sat flags O (S from the saturated value)", get(fc, 2, 31), 8);
    step();
    expect(get(fr, 7, 0) == 0xfffffffe, "5-7", get(fr, 7, 0), 0xfffffffe);
    expect(get(fc, 3, 0) == 0x2, "5-7 flags S (no carry = borrow)", get(fc, 3, 0), 2);
    step();
    expect(get(fr, 10, 0) == 2, "7-5", get(fr, 10, 0), 2);
    expect(get(fc, 0, 0) == 0x4, "7-5 flags C", get(fc, 0, 0), 4);
}

/* b16 halves: only the destination half changes; the record says which. */
static void test_b16(void)
{
    if (load("b16 halves", NULL, "add b16 $c1 $r3h $r1l $r2h\nexit nop\n"))
        return;
    set_all(fr, 1, 0x1234ffff);
    set_all(fr, 2, 0x00010000);
    set_all(fr, 3, 0xaaaabbbb);
    if (step())
        return;
    expect(get(fr, 3, 9) == 0x0000bbbb, "ffff + 0001 into $r3h", get(fr, 3, 9), 0x0000bbbb);
    expect(get(fc, 1, 9) == 0x5, "b16 flags Z|C", get(fc, 1, 9), 5);
    const gpuref_regw *w = find_w(fr, 3);
    expect(w && w->bits == 0xffff0000u, "record bits", w ? w->bits : 0, 0xffff0000u);
    expect(w && w->lanes == 0xffffffffu, "record lanes", w ? w->lanes : 0, 0xffffffffu);
    expect(w && w->value[9] == 0x0000bbbb, "record value (whole register)",
           w ? w->value[9] : 0, 0xbbbb);
}

/* ops L172-L189 */
static void test_mul(void)
{
    if (load("mul", NULL,
             "mul $r3 high s24 $r1 $r2\n"
             "mul $r4 high u24 $r5 $r5\n"
             "mul $r6 u24 $r7 $r8\n"
             "mul $r9 s16 $r5l u16 $r5h\n"
             "add $r10 (mul u16 $r5l $r5l) $r10\n"
             "sad $r11 s32 $r12 $r13 $r11\n"
             "exit nop\n"))
        return;
    set_all(fr, 1, 0x00800000);   /* s24: -0x800000 */
    set_all(fr, 2, 3);
    set_all(fr, 5, 0x00ffffff);
    set_all(fr, 7, 0xff800000);   /* bits 31:24 ignored */
    set_all(fr, 8, 2);
    set_all(fr, 10, 1);
    set_all(fr, 11, 0x10);
    set_all(fr, 12, 0xfffffffb);  /* -5 */
    set_all(fr, 13, 3);
    run_to_end(20);
    /* -0x1800000 mod 2^48 = 0xfffffe800000, >> 16 */
    expect(get(fr, 3, 0) == 0xfffffe80, "mul high s24", get(fr, 3, 0), 0xfffffe80);
    /* (2^24-1)^2 = 0xfffffe000001, >> 16 */
    expect(get(fr, 4, 0) == 0xfffffe00, "mul high u24", get(fr, 4, 0), 0xfffffe00);
    expect(get(fr, 6, 0) == 0x01000000, "mul u24", get(fr, 6, 0), 0x01000000);
    /* s16 0xffff = -1 times u16 0x00ff = 255 -> -255 */
    expect(get(fr, 9, 0) == 0xffffff01, "mul s16 x u16", get(fr, 9, 0), 0xffffff01);
    /* 0xffff * 0xffff = 0xfffe0001, + 1 */
    expect(get(fr, 10, 0) == 0xfffe0002, "mul-add u16", get(fr, 10, 0), 0xfffe0002);
    /* |-5 - 3| + 0x10 */
    expect(get(fr, 11, 0) == 0x18, "sad s32", get(fr, 11, 0), 0x18);
}

/* ops L393-L423: shift counts 0, 1, 31, 32, 33 and the strict '<' carry. */
static void test_shift(void)
{
    static const struct { const char *text; uint32_t x, n, res, flags; } t[] = {
        { "shl b32 $c0 $r3 $r1 $r2", 1, 0, 1, 0x0 },
        { "shl b32 $c0 $r3 $r1 $r2", 1, 31, 0x80000000, 0x2 },
        { "shl b32 $c0 $r3 $r1 $r2", 1, 32, 0, 0x1 },          /* C not set: 32 < 32 fails */
        { "shl b32 $c0 $r3 $r1 $r2", 1, 33, 0, 0x1 },
        { "shl b32 $c0 $r3 $r1 $r2", 2, 31, 0, 0x5 },          /* bit shifted out: C */
        { "shl b32 $c0 $r3 $r1 $r2", 0x40000000, 1, 0x80000000, 0xa },   /* O for count 1 */
        { "shr s32 $c0 $r3 $r1 $r2", 0x80000000, 31, 0xffffffff, 0x2 },
        { "shr s32 $c0 $r3 $r1 $r2", 0x80000000, 32, 0xffffffff, 0x2 },
        { "shr u32 $c0 $r3 $r1 $r2", 0x80000001, 1, 0x40000000, 0xc },   /* C=bit 0, O */
        { "shr u32 $c0 $r3 $r1 $r2", 0x80000001, 33, 0, 0x1 },
        { "shr u32 $c0 $r3 $r1 $r2", 0x80000001, 0, 0x80000001, 0x2 },
        { "shr s32 $c0 $r3 $r1 0x4", 0x80000010, 0, 0xf8000001, 0x2 },
        { "shl b16 $c0 $r3l $r1l $r2l", 0x8001, 1, 0x0002, 0xc },  /* 16-bit: C, O */
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        char text[96];
        snprintf(text, sizeof text, "%s\nexit nop\n", t[i].text);
        if (load(t[i].text, NULL, text))
            continue;
        set_all(fr, 1, t[i].x);
        set_all(fr, 2, t[i].n);
        set_all(fr, 3, 0);
        if (step())
            continue;
        char what[96];
        snprintf(what, sizeof what, "x=0x%x n=%u result", t[i].x, t[i].n);
        expect(get(fr, 3, 4) == t[i].res, what, get(fr, 3, 4), t[i].res);
        snprintf(what, sizeof what, "x=0x%x n=%u flags", t[i].x, t[i].n);
        expect(get(fc, 0, 4) == t[i].flags, what, get(fc, 0, 4), t[i].flags);
    }
}

/* ops L315-L343: l/e/g subsets, signed and unsigned */
static void test_set(void)
{
    static const struct { const char *cond; const char *ty; uint32_t x, y, res, flags; } t[] = {
        { "le", "s32", 0xffffffff, 1, 0xffffffff, 0x2 },   /* -1 < 1 */
        { "le", "u32", 0xffffffff, 1, 0, 0x1 },            /* 0xffffffff > 1 */
        { "g", "u32", 0xffffffff, 1, 0xffffffff, 0x2 },
        { "e", "s32", 5, 5, 0xffffffff, 0x2 },
        { "lg", "s32", 5, 5, 0, 0x1 },
        { "never", "u32", 1, 2, 0, 0x1 },
        { "always", "u32", 1, 2, 0xffffffff, 0x2 },
        { "ge", "s32", 0x80000000, 0x7fffffff, 0, 0x1 },
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        char text[96];
        snprintf(text, sizeof text, "set $c2 $r3 %s %s $r1 $r2\nexit nop\n", t[i].cond, t[i].ty);
        if (load(text, NULL, text))
            continue;
        set_all(fr, 1, t[i].x);
        set_all(fr, 2, t[i].y);
        if (step())
            continue;
        expect(get(fr, 3, 0) == t[i].res, "result", get(fr, 3, 0), t[i].res);
        expect(get(fc, 2, 0) == t[i].flags, "flags", get(fc, 2, 0), t[i].flags);
    }
}

/* A divergent branch reconverging at joinat/join (README execution rules 3, 5). */
static void test_branch(void)
{
    if (load("divergent bra", NULL,
             "      mov $c0 $r1\n"                 /* 0x00: S for lanes 0-15 */
             "      joinat J\n"                    /* 0x08 */
             "      (s $c0) bra T\n"               /* 0x10 */
             "      add b32 $r2 $r2 0x1\n"         /* 0x18: lanes 16-31 */
             "      bra J\n"                       /* 0x20 */
             "T:    add b32 $r2 $r2 0x10\n"        /* 0x28: lanes 0-15 */
             "J:    join nop\n"                    /* 0x30 */
             "      add b32 $r3 $r2 0x100\n"       /* 0x38: all lanes */
             "      exit nop\n"))                  /* 0x40 */
        return;
    for (unsigned l = 0; l < 32; l++)
        gpuref_reg_set(m, fr, 1, l, l < 16 ? 2 : 0);
    set_all(fr, 2, 0x1000);
    static const struct { uint32_t pc, next, exec, mask, flags; } t[] = {
        { 0x00, 0x08, 0xffffffff, 0xffffffff, 0 },
        { 0x08, 0x10, 0xffffffff, 0xffffffff, 0 },
        { 0x10, 0x28, 0x0000ffff, 0x0000ffff, GPUREF_RETIRE_BRANCH },   /* exec = mask & pred */
        { 0x28, 0x30, 0x0000ffff, 0x0000ffff, 0 },
        { 0x30, 0x18, 0x0000ffff, 0xffff0000, GPUREF_RETIRE_BRANCH },   /* the other path */
        { 0x18, 0x20, 0xffff0000, 0xffff0000, 0 },
        { 0x20, 0x30, 0xffff0000, 0xffff0000, GPUREF_RETIRE_BRANCH },
        { 0x30, 0x38, 0xffff0000, 0xffffffff, 0 },                      /* rejoined */
        { 0x38, 0x40, 0xffffffff, 0xffffffff, 0 },
        { 0x40, 0x48, 0xffffffff, 0, GPUREF_RETIRE_EXIT | GPUREF_RETIRE_END },
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        if (step())
            return;
        expect(rr->pc == t[i].pc, "pc", rr->pc, t[i].pc);
        expect(rr->next_pc == t[i].next, "next_pc", rr->next_pc, t[i].next);
        expect(rr->exec_mask == t[i].exec, "exec_mask", rr->exec_mask, t[i].exec);
        expect(get(fmask, 0, 0) == t[i].mask, "mask", get(fmask, 0, 0), t[i].mask);
        expect(rr->flags == t[i].flags, "flags", rr->flags, t[i].flags);
    }
    expect(gpuref_finished(m), "finished", 0, 1);
    expect(get(fr, 2, 3) == 0x1010, "taken path", get(fr, 2, 3), 0x1010);
    expect(get(fr, 2, 20) == 0x1001, "fall-through path", get(fr, 2, 20), 0x1001);
    expect(get(fr, 3, 20) == 0x1101, "after the join", get(fr, 3, 20), 0x1101);
    expect(get(fdepth, 0, 0) == 0, "stack empty", get(fdepth, 0, 0), 0);
}

/* Predication with a partial mask, SKIP, exit of some threads, lanemask. */
static void test_predication(void)
{
    if (load("predication and exit", "threads=24",
             "mov $c0 $r1\n"
             "(s $c0) add b32 $r2 $r2 $r3\n"
             "(never $c0) add b32 $r2 $r2 $r3\n"
             "exit (s $c0) nop\n"
             "add b32 $r4 $r4 0x1\n"
             "(l01) mov b32 $r5 $r6\n"
             "exit nop\n"))
        return;
    for (unsigned l = 0; l < 32; l++)
        gpuref_reg_set(m, fr, 1, l, l < 16 ? 2 : 0);
    set_all(fr, 2, 10);
    set_all(fr, 3, 5);
    set_all(fr, 6, 0x66);
    step();
    expect(rr->exec_mask == 0x00ffffff, "threads=24", rr->exec_mask, 0x00ffffff);
    step();
    expect(rr->exec_mask == 0x0000ffff, "(s $c0) exec", rr->exec_mask, 0xffff);
    const gpuref_regw *w = find_w(fr, 2);
    expect(w && w->lanes == 0xffff, "record lanes", w ? w->lanes : 0, 0xffff);
    expect(get(fr, 2, 15) == 15 && get(fr, 2, 16) == 10, "partial write", get(fr, 2, 16), 10);
    step();
    expect(rr->exec_mask == 0 && rr->flags == GPUREF_RETIRE_SKIP && rr->nregw == 0,
           "(never) skipped", rr->flags, GPUREF_RETIRE_SKIP);
    step();
    expect(rr->flags == GPUREF_RETIRE_EXIT, "exit flag", rr->flags, GPUREF_RETIRE_EXIT);
    expect(get(fexited, 0, 0) == 0xffff, "exited", get(fexited, 0, 0), 0xffff);
    expect(get(fmask, 0, 0) == 0xff0000, "mask after exit", get(fmask, 0, 0), 0xff0000);
    step();
    expect(get(fr, 4, 3) == 0 && get(fr, 4, 17) == 1, "after exit", get(fr, 4, 17), 1);
    step();
    /* lanes 16-23 active; quad lanes 0 and 1: 16, 17, 20, 21 */
    w = find_w(fr, 5);
    expect(w && w->lanes == 0x330000, "lanemask l01", w ? w->lanes : 0, 0x330000);
    step();
    expect(rr->flags == (GPUREF_RETIRE_EXIT | GPUREF_RETIRE_END), "end", rr->flags,
           GPUREF_RETIRE_EXIT | GPUREF_RETIRE_END);
    expect(gpuref_step(m, rr) == GPUREF_ERR_DONE, "done", 0, 0);
}

/* The operand accessors resolved at program load (README "Model internals"):
 * registers at or above gprs, a source that is also the destination, a half
 * written for some threads, and the records those writes make. */
static void test_accessors(void)
{
    if (load("accessors: gprs", "gprs=8",
             "add b32 $r9 $r1 $r2\n"        /* $r9 >= gprs: the write is dropped */
             "add b32 $r1 $r9 $r2\n"        /* $r9 reads 0 */
             "exit nop\n"))
        return;
    set_all(fr, 1, 0x11);
    set_all(fr, 2, 5);
    step();
    expect(rr->nregw == 0 && get(fr, 9, 0) == 0, "no record for $r9", rr->nregw, 0);
    step();
    expect(get(fr, 1, 31) == 5, "$r1 = 0 + 5", get(fr, 1, 31), 5);

    if (load("accessors: in place", NULL,
             "add b32 $r1 $r1 $r1\n"
             "(l01) mov b32 $r3 $r3\n"
             "mov $c0 $r6\n"
             "(s $c0) add b16 $r4h $r4l $r5h\n"
             "exit nop\n"))
        return;
    for (unsigned l = 0; l < 32; l++) {
        gpuref_reg_set(m, fr, 1, l, l + 1);
        gpuref_reg_set(m, fr, 6, l, l < 16 ? 2 : 0);   /* S for threads 0-15 */
    }
    set_all(fr, 3, 0x1234);
    set_all(fr, 4, 0x00070001);
    set_all(fr, 5, 0x00020000);
    step();
    const gpuref_regw *w = find_w(fr, 1);
    expect(get(fr, 1, 31) == 64 && w && w->lanes == 0xffffffffu && w->value[31] == 64 &&
           w->bits == 0xffffffffu, "$r1 + $r1 in place", get(fr, 1, 31), 64);
    step();
    w = find_w(fr, 3);
    expect(w && w->lanes == 0x33333333u && w->value[4] == 0x1234 && get(fr, 3, 4) == 0x1234,
           "mov $r3 to itself, lanes l01", w ? w->lanes : 0, 0x33333333u);
    step();
    step();   /* threads 0-15: $r4h = 1 + 2, the low half kept */
    w = find_w(fr, 4);
    expect(w && w->lanes == 0xffff && w->bits == 0xffff0000u && w->value[0] == 0x00030001,
           "half record", w ? w->value[0] : 0, 0x00030001);
    expect(get(fr, 4, 15) == 0x00030001 && get(fr, 4, 16) == 0x00070001, "half, some threads",
           get(fr, 4, 16), 0x00070001);
}

/* A failing unit leaves the state as it was. */
static void test_errors(void)
{
    gpuref_diag d = { 0 };
    if (load("errors", "stack_depth=1", "joinat 0x10\njoinat 0x10\n"))
        return;
    step();
    int rc = gpuref_step(m, rr);
    expect(rc == GPUREF_ERR_FAULT, "stack overflow is a fault", (unsigned)rc, 0);
    expect(get(fdepth, 0, 0) == 1 && gpuref_reg_get(m, gpuref_regfile_lookup(m, "pc"), 0, 0,
                                                    &(uint64_t){ 0 }) == GPUREF_OK,
           "depth unchanged", get(fdepth, 0, 0), 1);
    if (load("unimplemented", NULL, "pmevent 0x1\n"))
        return;
    rc = gpuref_step(m, rr);
    expect(rc == GPUREF_ERR_UNIMPL && strstr(gpuref_model_error(m), "unimplemented: pmevent"),
           "unimplemented message", (unsigned)rc, 0);
    /* after an ordinary instruction: pc, $clock and registers stay as they were
     * (the add is emitted long so that pmevent is 8-byte aligned: pc 0x8) */
    if (load("unimplemented after an add", NULL, "add b32 $r1 $r1 $r2\npmevent 0x1\n"))
        return;
    set_all(fr, 1, 1);
    set_all(fr, 2, 2);
    step();
    rc = gpuref_step(m, rr);
    int fpc = gpuref_regfile_lookup(m, "pc"), fsr = gpuref_regfile_lookup(m, "sr");
    expect(rc == GPUREF_ERR_UNIMPL && get(fpc, 0, 0) == 8 && get(fsr, 1, 0) == 1 &&
           get(fr, 1, 0) == 3, "state kept after the error", get(fpc, 0, 0), 8);
    /* a long instruction at an odd word (D33): short add, then exit nop at 0x4 */
    gpuref_model_destroy(m);
    m = NULL;
    cur = "misaligned long";
    static const uint32_t mis[3] = { 0x20008204, 0xf0000001, 0xe0000782 };
    if (gpuref_model_create("nv50", NULL, &m, &d) != GPUREF_OK ||
        gpuref_program_load(m, 0, mis, 3) != GPUREF_OK)
        return;
    step();
    rc = gpuref_step(m, rr);
    expect(rc == GPUREF_ERR_DECODE && strstr(gpuref_model_error(m), "misaligned") &&
           get(fpc, 0, 0) == 4, "misaligned long instruction", (unsigned)rc, GPUREF_ERR_DECODE);
    gpuref_model *bad = NULL;
    rc = gpuref_model_create("nv50", "threads=33", &bad, &d);
    expect(rc == GPUREF_ERR_CONFIG && strstr(d.msg, "threads"), "bad config value", (unsigned)rc, 0);
    rc = gpuref_model_create("nv50", "warps=1", &bad, &d);
    expect(rc == GPUREF_ERR_CONFIG && strstr(d.msg, "unknown"), "unknown config key", (unsigned)rc, 0);
}

int main(void)
{
    rr = malloc(sizeof *rr);
    if (!rr)
        return 1;
    test_add_flags();
    test_b16();
    test_mul();
    test_shift();
    test_set();
    test_branch();
    test_predication();
    test_accessors();
    test_errors();
    gpuref_model_destroy(m);
    free(rr);
    printf("%u passed, %u failed\n", npass, nfail);
    return nfail != 0;
}
