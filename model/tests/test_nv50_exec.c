/* test_nv50_exec.c - directed checks of NV50 execution.  Every expected value
 * below was worked out by hand from nv50-isa-ops.txt (ops Lnnn) and the
 * execution contract of model/nv50/README.md, never by running the model. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpuref.h"
#include "testutil.h"

static const char *cur = "";

static void expect(int ok, const char *what, unsigned long long got, unsigned long long want)
{
    tu_check(ok, "%s: %s: got 0x%llx, want 0x%llx", cur, what, got, want);
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
    tu_test("%s", name);
    gpuref_model_destroy(m);
    m = NULL;
    if (gpuref_model_create("nv50", config, &m, &d) != GPUREF_OK ||
        gpuref_assemble(gpuref_isa_find("nv50"), text, 0, &w, &n, &d) != GPUREF_OK ||
        gpuref_program_load(m, 0, w, n) != GPUREF_OK) {
        tu_check(0, "%s: setup: line %u: %s %s", name, d.line, d.msg,
               m ? gpuref_model_error(m) : "");
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
        tu_check(0, "%s: step: %s", cur, gpuref_model_error(m));
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
    static const uint32_t mis[3] = { 0x20008204, 0xf0000001, 0xe0000781 };
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

/* ------------------------------------------ words drawn as G80's hwtest draws them */

/* D36/D37: envytools hwtest/g80_int.cc runs each integer form with random
 * don't-care bits and checks G80 against its rules; the facts used here are
 * how it draws the words (fixed bits, random bits, the register fields it
 * sets by width) and what G80 computes.  The reference below is written from
 * those rules (README D3, D12, D13, D36, D37), not from the model: SRC1 in
 * $r4, SRC2 in $r5, SRC3 in $r6, $c0 the carry source, $c1 = 0xf before; long
 * forms write $r7 ($r7l) and $c1, short/immediate forms $r6 ($r6l). */
enum { HW_LONG, HW_SHORT, HW_IMM };
typedef struct hw_form {
    const char *name;
    uint32_t    base1, rand1, base2, rand2;
    int         kind;
} hw_form;

static const hw_form hw_forms[] = {
    { "add long", 0x20000001, 0x1e7f0000, 0x000007d0, 0x1fc00004, HW_LONG },
    { "set", 0x30000001, 0x0e000000, 0x600007d0, 0x1fdfc004, HW_LONG },
    { "min/max", 0x30000001, 0x0e000000, 0x800007d0, 0x3fdfc004, HW_LONG },
    { "shift", 0x30000001, 0x0e7f0000, 0xc00007d0, 0x3fdfc004, HW_LONG },
    { "mul long", 0x4000001d, 0x0e000000, 0x000007d0, 0x1fdfc004, HW_LONG },
    { "sad long", 0x5000001d, 0x0e000000, 0x000187d0, 0x1fc00004, HW_LONG },
    { "mul-add long", 0x6000001d, 0x1e000000, 0x000187d0, 0xffc00004, HW_LONG },
    { "logic long", 0xd0000001, 0x0e000000, 0x000007d0, 0x1fdfc004, HW_LONG },
    { "add short", 0x20000000, 0x1e408100, 0x10000000, 0, HW_SHORT },
    { "mul short", 0x40000018, 0x0e408100, 0x10000000, 0, HW_SHORT },
    { "sad short", 0x50000018, 0x0e408100, 0x10000000, 0, HW_SHORT },
    { "mul-add short", 0x60000018, 0x1e408100, 0x10000000, 0, HW_SHORT },
    { "add imm", 0x20000001, 0x1e7f8100, 0x00000003, 0x1ffffffc, HW_IMM },
    { "mul imm", 0x40000019, 0x0e7f8100, 0x00000003, 0x1ffffffc, HW_IMM },
    { "mul-add imm", 0x60000019, 0x1e7f8100, 0x00000003, 0x1ffffffc, HW_IMM },
    { "logic imm", 0xd0000001, 0x0e7f8100, 0x00000003, 0x1ffffffc, HW_IMM },
};

static uint64_t hw_rng = 0x9e3779b97f4a7c15ull;
static uint32_t hw_rand(void) { return (uint32_t)(tu_xorshift(&hw_rng) >> 11); }

/* The register fields the hardware test sets: 32-bit operands $r4 $r5 $r6 ->
 * $r7 (long) / $r6 (short, immediate); 16-bit ones the low halves. */
static void hw_fields(unsigned k, uint32_t *o1, uint32_t *o2)
{
    uint32_t a = *o1, b = *o2;
    int w32;
    switch (k) {
    case 0:  w32 = b >> 26 & 1; a |= w32 ? 0x81c : 0x1038; b |= w32 ? 0x18000 : 0x30000; break;
    case 1: case 2: case 7: a |= (b >> 26 & 1) ? 0x5081c : 0xa1038; break;
    case 3:
        w32 = b >> 26 & 1;
        if (!(b >> 20 & 1))                   /* count from $r5 / $r5l */
            a = (a & ~0x7f0000u) | (w32 ? 0x50000 : 0xa0000);
        a |= w32 ? 0x81c : 0x1038;
        break;
    case 4:  a |= (b >> 16 & 1) ? 0x50800 : 0xa1000; break;
    case 5:  a |= (b >> 26 & 1) ? 0x50800 : 0xa1000; break;
    case 6:  a |= (b >= 0x60000000 || (a >> 28 & 1)) ? 0x50800 : 0xa1000; break;
    case 8:  a |= (a >> 15 & 1) ? 0x50818 : 0xa1030; break;
    case 10: a |= (a >> 15 & 1) ? 0x50800 : 0xa1000; break;
    case 9:  a |= (a >> 22 & 1) ? 0x50800 : 0xa1000; break;
    case 11: a |= ((a >> 15 & 1) && (a >> 8 & 1)) ? 0x50800 : 0xa1000; break;
    case 12: a |= (a >> 15 & 1) ? 0x0818 : 0x1030; break;
    case 13: a |= (a >> 22 & 1) ? 0x0800 : 0x1000; break;
    case 14: a |= ((a >> 15 & 1) && (a >> 8 & 1)) ? 0x0800 : 0x1000; break;
    default: a |= 0x0818; break;
    }
    *o1 = a;
    *o2 = b;
}

/* add/sub/subr/addc at a width, with sat: the hardware rule (flags Z=1 S=2
 * C=4 O=8; sat on overflow by the sign of the first, possibly inverted, input;
 * S and Z after saturation). */
static uint32_t hw_add(int w32, unsigned op, int sat, uint32_t a, uint32_t b, unsigned cc,
                       unsigned *fl)
{
    unsigned bits = w32 ? 32 : 16;
    uint64_t m = w32 ? 0xffffffffull : 0xffffull, top = 1ull << (bits - 1);
    uint64_t x = a & m, y = b & m, cin = 0;
    if (op == 1) { y = ~y & m; cin = 1; }
    if (op == 2) { x = ~x & m; cin = 1; }
    if (op == 3) cin = cc >> 2 & 1;
    uint64_t full = x + y + cin, r = full & m;
    unsigned f = (full >> bits & 1) ? 4 : 0;
    int ov = ((x ^ y) & top) == 0 && ((x ^ r) & top) != 0;
    if (ov) {
        f |= 8;
        if (sat)
            r = (x & top) ? top : top - 1;
    }
    f |= (r & top) ? 2 : 0;
    f |= r == 0 ? 1 : 0;
    *fl = f;
    return (uint32_t)r;
}

static uint32_t hw_mul16(uint32_t a, uint32_t b, int sa, int sb)
{
    int64_t x = sa ? (int16_t)a : (int64_t)(a & 0xffff), y = sb ? (int16_t)b : (int64_t)(b & 0xffff);
    return (uint32_t)(x * y);
}

static uint32_t hw_mul24(uint32_t a, uint32_t b, int sg, int high)
{
    int64_t x = a & 0xffffff, y = b & 0xffffff;
    if (sg) {
        x = x >= 0x800000 ? x - 0x1000000 : x;
        y = y >= 0x800000 ? y - 0x1000000 : y;
    }
    uint64_t p = (uint64_t)(x * y) & 0xffffffffffffull;   /* 48-bit product */
    return (uint32_t)(high ? p >> 16 : p);
}

static unsigned hw_zs(uint32_t r, unsigned bits)
{
    return (r == 0 ? 1u : 0u) | ((r >> (bits - 1) & 1) ? 2u : 0u);
}

/* |a - b| of two bits-wide values (signed or not): fits bits bits */
static uint32_t hw_absdiff(uint32_t a, uint32_t b, unsigned bits, int sg)
{
    int64_t x = bits == 16 ? (int64_t)(a & 0xffff) : (int64_t)a;
    int64_t y = bits == 16 ? (int64_t)(b & 0xffff) : (int64_t)b;
    if (sg) {
        int64_t h = 1ll << (bits - 1);
        x = x >= h ? x - 2 * h : x;
        y = y >= h ? y - 2 * h : y;
    }
    return (uint32_t)(x > y ? x - y : y - x);
}

/* The reference: result (*mask: the bits compared) and $c1 after. */
static uint32_t hw_ref(uint32_t o1, uint32_t o2, uint32_t s1, uint32_t s2, uint32_t s3,
                       unsigned cc, unsigned *ecc, uint32_t *mask)
{
    unsigned prim = o1 >> 28, sec = o2 >> 29, f = 0xf;
    int lng = (o1 & 1) && (o2 & 3) != 3, imm = (o1 & 1) && (o2 & 3) == 3;
    uint32_t r = 0;
    *mask = 0xffffffffu;
    if (imm)
        s2 = (o1 >> 16 & 0x3f) | (o2 & 0x0ffffffcu) << 4;
    if (lng) {
        int w32 = o2 >> 26 & 1, sg = o2 >> 27 & 1;
        unsigned bits = w32 ? 32 : 16;
        uint32_t m = w32 ? 0xffffffffu : 0xffffu;
        if (prim == 2 || (prim == 3 && sec == 0)) {
            r = hw_add(w32, (o1 >> 22 & 1) | (o1 >> 27 & 2), o2 >> 27 & 1, s1, s3, cc, &f);
            *mask = m;
        } else if (prim == 3 && (sec == 3 || sec == 4 || sec == 5)) {
            uint32_t x = s1 & m, y = s2 & m, t = 1u << (bits - 1);
            if (sg) { x ^= t; y ^= t; }             /* signed order */
            if (sec == 3) {
                unsigned k = x < y ? 0 : x == y ? 1 : 2;
                r = (o2 >> (14 + k) & 1) ? m : 0;
                f = r ? 2 : 1;
            } else {
                r = ((x > y) == (sec == 4)) ? (s1 & m) : (s2 & m);
                f = hw_zs(r, bits);
            }
            *mask = m;
        } else if (prim == 3) {                     /* 6 shl, 7 shr */
            uint32_t n = (o2 >> 20 & 1) ? (o1 >> 16 & 0x7f) : (s2 & m), x = s1 & m;
            unsigned cy = 0;
            if (sec == 6) {
                r = n >= bits ? 0 : (uint32_t)(((uint64_t)x << n) & m);
                cy = n && n < bits ? (x >> (bits - n) & 1) : 0;
            } else {
                int neg = sg && (x >> (bits - 1) & 1);
                r = n >= bits ? (neg ? m : 0) : x >> n;
                if (neg && n < bits && n)
                    r |= m & ~(m >> n);
                cy = n && n < bits ? (x >> (n - 1) & 1) : 0;
            }
            f = hw_zs(r, bits) | (cy ? 4u : 0u);
            if (n == 1 && ((r ^ x) >> (bits - 1) & 1))
                f |= 8;
            *mask = m;
        } else if (prim == 4) {
            r = (o2 >> 16 & 1) ? hw_mul24(s1, s2, o2 >> 15 & 1, o2 >> 14 & 1)
                               : hw_mul16(s1, s2, o2 >> 15 & 1, o2 >> 14 & 1);
            f = hw_zs(r, 32);
        } else if (prim == 5) {
            r = hw_add(1, 0, 0, hw_absdiff(s1, s2, bits, sg), s3, 0, &f);
        } else if (prim == 6 || prim == 7) {
            unsigned v = (prim == 7 ? 8 : 0) + sec;   /* 9-15: u24 (D37) */
            static const signed char mv[9][4] = {     /* mul24, signed, sat, high */
                { 0, 0, 0, 0 }, { 0, 1, 0, 0 }, { 0, 1, 1, 0 }, { 1, 0, 0, 0 }, { 1, 1, 0, 0 },
                { 1, 1, 1, 0 }, { 1, 0, 0, 1 }, { 1, 1, 0, 1 }, { 1, 1, 1, 1 } };
            const signed char *d = mv[v > 8 ? 3 : v];
            uint32_t p = d[0] ? hw_mul24(s1, s2, d[1], d[3]) : hw_mul16(s1, s2, d[1], d[1]);
            r = hw_add(1, o2 >> 26 & 3, d[2], p, s3, cc, &f);
        } else {                                    /* 0xd logic */
            uint32_t x = (o2 >> 16 & 1) ? ~s1 : s1, y = (o2 >> 17 & 1) ? ~s2 : s2;
            unsigned op = o2 >> 14 & 3;
            r = (op == 0 ? x & y : op == 1 ? x | y : op == 2 ? x ^ y : y) & m;
            f = hw_zs(r, bits);
            *mask = m;
        }
        *ecc = f;
        return r;
    }
    *ecc = 0xf;                                     /* short/immediate: $c1 unchanged */
    if (prim == 2 || prim == 3) {
        int w32 = o1 >> 15 & 1;
        r = hw_add(w32, (o1 >> 22 & 1) | (o1 >> 27 & 2), o1 >> 8 & 1, s1, s2, cc, &f);
        *mask = w32 ? 0xffffffffu : 0xffffu;
    } else if (prim == 4) {
        r = (o1 >> 22 & 1) ? hw_mul24(s1, s2, o1 >> 15 & 1, o1 >> 8 & 1)
                           : hw_mul16(s1, s2, o1 >> 15 & 1, o1 >> 8 & 1);
    } else if (prim == 5) {
        r = hw_add(1, 0, 0, hw_absdiff(s1, s2, (o1 >> 15 & 1) ? 32 : 16, o1 >> 8 & 1), s3, 0, &f);
    } else if (prim == 6 || prim == 7) {
        unsigned v = (o1 >> 14 & 2) | (o1 >> 8 & 1);   /* u16 s16 sat-s16 u24 */
        uint32_t p = v == 3 ? hw_mul24(s1, s2, 0, 0) : hw_mul16(s1, s2, v > 0, v > 0);
        r = hw_add(1, (o1 >> 22 & 1) | (o1 >> 27 & 2), v == 2, p, s3, cc, &f);
    } else {                                        /* 0xd logic immediate */
        uint32_t x = (o1 >> 22 & 1) ? ~s1 : s1;
        unsigned op = (o1 >> 8 & 1) | (o1 >> 14 & 2);
        r = op == 0 ? x & s2 : op == 1 ? x | s2 : op == 2 ? x ^ s2 : s2;
    }
    return r;
}

/* Run one drawn word on the model (config cfg) with the lanes' sources; the
 * result register and $c1 of every lane.  Returns the run status. */
static int hw_run(const char *cfg, const uint32_t iw[2], int nw, const uint32_t *s1,
                  const uint32_t *s2, const uint32_t *s3, const uint8_t *cc, uint32_t *res,
                  uint32_t *c1, unsigned dreg)
{
    uint32_t prog[6];
    size_t n = 0;
    prog[n++] = iw[0];
    prog[n++] = nw == 2 ? iw[1] : 0x10000000;   /* short: the next word of the hwtest program */
    prog[n++] = 0xf0000001;                     /* exit nop (D3) */
    prog[n++] = 0xe0000781;
    gpuref_diag d = { 0 };
    gpuref_model_destroy(m);
    m = NULL;
    if (gpuref_model_create("nv50", cfg, &m, &d) != GPUREF_OK ||
        gpuref_program_load(m, 0, prog, n) != GPUREF_OK)
        return -1;
    int r = gpuref_regfile_lookup(m, "r"), c = gpuref_regfile_lookup(m, "c");
    for (unsigned l = 0; l < 32; l++) {
        gpuref_reg_set(m, r, 4, l, s1[l]);
        gpuref_reg_set(m, r, 5, l, s2[l]);
        gpuref_reg_set(m, r, 6, l, s3[l]);
        gpuref_reg_set(m, r, 7, l, 0);
        gpuref_reg_set(m, c, 0, l, cc[l] & 0xf);
        gpuref_reg_set(m, c, 1, l, 0xf);
    }
    uint64_t steps = 0;
    int rc = gpuref_run(m, 8, &steps);
    for (unsigned l = 0; rc == GPUREF_OK && l < 32; l++) {
        uint64_t v = 0, f = 0;
        gpuref_reg_get(m, r, dreg, l, &v);
        gpuref_reg_get(m, c, 1, l, &f);
        res[l] = (uint32_t)v;
        c1[l] = (uint32_t)f;
    }
    return rc;
}

static void test_hw_words(void)
{
    unsigned bad_dec = 0, bad_canon = 0, bad_strict = 0, bad_ref = 0, bad_same = 0, words = 0;
    unsigned dcwords = 0;
    const gpuref_isa *isa = gpuref_isa_find("nv50");
    cur = "hwtest-drawn words";
    for (unsigned k = 0; k < sizeof hw_forms / sizeof hw_forms[0]; k++) {
        const hw_form *hf = &hw_forms[k];
        for (unsigned t = 0; t < 150; t++) {
            uint32_t o1 = hf->base1 | (hw_rand() & hf->rand1);
            uint32_t o2 = hf->base2 | (hw_rand() & hf->rand2);
            hw_fields(k, &o1, &o2);
            uint32_t w[2] = { o1, o2 }, e[2] = { 0, 0 };
            int nw = hf->kind == HW_SHORT ? 1 : 2;
            gpuref_insn_info info;
            gpuref_diag d = { 0 };
            words++;
            /* decodes (default: don't-care bits ignored) */
            if (gpuref_decode(isa, w, (size_t)nw, &info, &d) != GPUREF_OK) {
                if (bad_dec++ < 5)
                    printf("  %s: 0x%08x 0x%08x: %s\n", hf->name, o1, o2, d.msg);
                continue;
            }
            /* the canonical word: strict decode keeps it and names the same row */
            char text[256], text2[256];
            unsigned n1 = 0, n2 = 0;
            uint32_t *aw = NULL;
            size_t an = 0;
            gpuref_insn_info info2;
            int ok = gpuref_disasm(isa, w, (size_t)nw, 0, text, sizeof text, &n1, &d) == GPUREF_OK &&
                     gpuref_assemble(isa, text, 0, &aw, &an, &d) == GPUREF_OK && an == (size_t)nw;
            if (ok) {
                e[0] = aw[0];
                e[1] = nw == 2 ? aw[1] : 0;
                ok = gpuref_decode(isa, e, (size_t)nw, &info2, &d) == GPUREF_OK &&
                     info2.opcode == info.opcode &&
                     gpuref_disasm(isa, e, (size_t)nw, 0, text2, sizeof text2, &n2, &d) == GPUREF_OK &&
                     !strcmp(text, text2);
            }
            gpuref_free(aw);
            if (!ok) {
                if (bad_canon++ < 5)
                    printf("  %s: 0x%08x 0x%08x: no canonical word (%s)\n", hf->name, o1, o2, d.msg);
                continue;
            }
            int differs = e[0] != w[0] || (nw == 2 && e[1] != w[1]);
            dcwords += (unsigned)differs;
            /* execution: the drawn word, its canonical word, and the rule */
            uint32_t s1[32], s2[32], s3[32], ra[32], rb[32], ca[32], cb[32];
            uint8_t cc[32];
            for (unsigned l = 0; l < 32; l++) {
                s1[l] = hw_rand(); s2[l] = hw_rand(); s3[l] = hw_rand();
                if (t & 1) s1[l] = (uint32_t)(int8_t)s1[l];   /* small values, as the hwtest */
                if (t & 2) s2[l] = (uint32_t)(int8_t)s2[l];
                if (t & 4) s3[l] = (uint32_t)(int8_t)s3[l];
                cc[l] = (uint8_t)hw_rand();
            }
            unsigned dreg = hf->kind == HW_LONG ? 7 : 6;
            int rc1 = hw_run(NULL, w, nw, s1, s2, s3, cc, ra, ca, dreg);
            int rc2 = hw_run(NULL, e, nw, s1, s2, s3, cc, rb, cb, dreg);
            if (rc1 || rc2 || memcmp(ra, rb, sizeof ra) || memcmp(ca, cb, sizeof ca)) {
                if (bad_same++ < 5)
                    printf("  %s: 0x%08x 0x%08x runs unlike 0x%08x 0x%08x (%d %d)\n", hf->name,
                           o1, o2, e[0], e[1], rc1, rc2);
                continue;
            }
            for (unsigned l = 0; l < 32; l++) {
                unsigned ecc;
                uint32_t msk;
                uint32_t want = hw_ref(o1, o2, s1[l], s2[l], s3[l], cc[l] & 0xfu, &ecc, &msk);
                if (((ra[l] ^ want) & msk) || ca[l] != ecc) {
                    if (bad_ref++ < 8)
                        printf("  %s: 0x%08x 0x%08x (%08x %08x %08x %x): got %08x.%x, rule %08x.%x\n",
                               hf->name, o1, o2, s1[l], s2[l], s3[l], cc[l] & 0xfu, ra[l] & msk,
                               ca[l], want & msk, ecc);
                    break;
                }
            }
            /* strict=1 rejects the words with don't-care bits (and aliases) */
            if (differs) {
                int rc = hw_run("strict=1", w, nw, s1, s2, s3, cc, ra, ca, dreg);
                if (rc != GPUREF_ERR_DECODE || !strstr(gpuref_model_error(m), "illegal")) {
                    if (bad_strict++ < 3)
                        printf("  strict: 0x%08x 0x%08x: rc %d %s\n", o1, o2, rc,
                               m ? gpuref_model_error(m) : "");
                }
            }
        }
    }
    printf("  %u hwtest-drawn words, %u with don't-care bits or an alias\n", words, dcwords);
    expect(bad_dec == 0, "hwtest-drawn words decode", bad_dec, 0);
    expect(bad_canon == 0, "canonical word of the same instruction", bad_canon, 0);
    expect(bad_same == 0, "drawn and canonical words execute alike", bad_same, 0);
    expect(bad_ref == 0, "results and $c1 follow the hardware rule", bad_ref, 0);
    expect(bad_strict == 0, "strict=1 rejects don't-care bits", bad_strict, 0);
    expect(dcwords > words / 2, "most drawn words carry don't-care bits", dcwords, words / 2);
}

int main(void)
{
    rr = malloc(sizeof *rr);
    if (!rr)
        return 1;
    tu_group("add flags");
    test_add_flags();
    tu_group("b16");
    test_b16();
    tu_group("mul");
    test_mul();
    tu_group("shift");
    test_shift();
    tu_group("set");
    test_set();
    tu_group("branch");
    test_branch();
    tu_group("predication");
    test_predication();
    tu_group("accessors");
    test_accessors();
    tu_group("errors");
    test_errors();
    tu_group("hw words");
    test_hw_words();
    gpuref_model_destroy(m);
    free(rr);
    return tu_finish();
}
