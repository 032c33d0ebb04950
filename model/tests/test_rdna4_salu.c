/* test_rdna4_salu.c - directed checks of the RDNA4 scalar unit.
 *
 * Every expected value below is worked out by hand from the chapter 16 pseudocode
 * of shared/specs/rdna4-isa.md (the comment next to a case shows the arithmetic),
 * never taken from the model.  Ends with one line "N passed, N failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpuref.h"
#include "testutil.h"


#define MAXR 10

typedef struct rv {
    const char *file;     /* NULL ends the list */
    unsigned    idx;
    uint64_t    v;
} rv;

typedef struct tcase {
    const char *name;
    const char *cfg;
    const char *prog;
    rv          init[MAXR];
    rv          expect[MAXR];
} tcase;

static void result(int ok, const char *name, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#include <stdarg.h>
/* one check of the case or fact `name`; fmt says what was seen */
static void result(int ok, const char *name, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    tu_check(ok, "%s: %s", name, msg);
}

static const gpuref_isa *isa;

static gpuref_model *load(const char *name, const char *cfg, const char *prog, uint64_t base)
{
    gpuref_diag d = { 0, 0, 0, "" };
    gpuref_model *m = NULL;
    uint32_t *w = NULL;
    size_t n = 0;
    if (gpuref_assemble(isa, prog, base, &w, &n, &d) != GPUREF_OK) {
        result(0, name, "assemble: line %u col %u: %s", d.line, d.col, d.msg);
        return NULL;
    }
    if (gpuref_model_create("rdna4", cfg, &m, &d) != GPUREF_OK) {
        result(0, name, "create: %s", d.msg);
        gpuref_free(w);
        return NULL;
    }
    if (gpuref_program_load(m, base, w, n) != GPUREF_OK) {
        result(0, name, "load: %s", gpuref_model_error(m));
        gpuref_model_destroy(m);
        m = NULL;
    }
    gpuref_free(w);
    return m;
}

static int setr(gpuref_model *m, const char *file, unsigned idx, uint64_t v)
{
    return gpuref_reg_set(m, gpuref_regfile_lookup(m, file), idx, 0, v);
}

static uint64_t getr(gpuref_model *m, const char *file, unsigned idx)
{
    uint64_t v = 0xdeadbeefdeadbeefull;
    gpuref_reg_get(m, gpuref_regfile_lookup(m, file), idx, 0, &v);
    return v;
}

static void run_case(const tcase *t)
{
    tu_test("%s", t->name);
    gpuref_model *m = load(t->name, t->cfg, t->prog, 0);
    if (!m)
        return;
    for (int i = 0; i < MAXR && t->init[i].file; i++)
        if (setr(m, t->init[i].file, t->init[i].idx, t->init[i].v) != GPUREF_OK)
            result(0, t->name, "init %s%u: %s", t->init[i].file, t->init[i].idx,
                   gpuref_model_error(m));
    uint64_t steps = 0;
    int st = gpuref_run(m, 1000, &steps);
    if (st != GPUREF_OK) {
        result(0, t->name, "run: %s", gpuref_model_error(m));
        gpuref_model_destroy(m);
        return;
    }
    for (int i = 0; i < MAXR && t->expect[i].file; i++) {
        uint64_t v = getr(m, t->expect[i].file, t->expect[i].idx);
        result(v == t->expect[i].v, t->name, "%s%u = 0x%llx, expected 0x%llx",
               t->expect[i].file, t->expect[i].idx, (unsigned long long)v,
               (unsigned long long)t->expect[i].v);
    }
    gpuref_model_destroy(m);
}

#define S(i, v) { "s", i, v }
#define SCC(v) { "scc", 0, v }
#define EXEC(i, v) { "exec", i, v }
#define VCC(i, v) { "vcc", i, v }
#define HW(i, v) { "hwreg", i, v }
#define END "\ns_endpgm\n"

static const tcase cases[] = {
    /* ---- SOP2 carries and SCC (L8222-8290) */
    { "add_co_u32_carry", NULL, "s_add_co_u32 s0, s1, s2" END,
      { S(1, 0xffffffff), S(2, 1) }, { S(0, 0), SCC(1) } },      /* 2^32 -> 0, carry */
    { "add_co_u32_nocarry", NULL, "s_add_co_u32 s0, s1, s2" END,
      { S(1, 0x7fffffff), S(2, 1), { "scc", 0, 1 } }, { S(0, 0x80000000), SCC(0) } },
    { "sub_co_u32_borrow", NULL, "s_sub_co_u32 s0, s1, s2" END,
      { S(1, 0), S(2, 1) }, { S(0, 0xffffffff), SCC(1) } },      /* 1 > 0 */
    { "sub_co_u32_noborrow", NULL, "s_sub_co_u32 s0, s1, s2" END,
      { S(1, 5), S(2, 3) }, { S(0, 2), SCC(0) } },
    { "add_co_i32_overflow", NULL, "s_add_co_i32 s0, s1, s2" END,
      { S(1, 0x7fffffff), S(2, 1) }, { S(0, 0x80000000), SCC(1) } },
    { "add_co_i32_mixed_signs", NULL, "s_add_co_i32 s0, s1, s2" END,
      { S(1, 0xffffffff), S(2, 1), { "scc", 0, 1 } }, { S(0, 0), SCC(0) } },
    { "add_co_i32_neg_overflow", NULL, "s_add_co_i32 s0, s1, s1" END,
      { S(1, 0x80000000) }, { S(0, 0), SCC(1) } },
    { "sub_co_i32_overflow", NULL, "s_sub_co_i32 s0, s1, 1" END,
      { S(1, 0x80000000) }, { S(0, 0x7fffffff), SCC(1) } },
    { "sub_co_i32_zero_minus_min", NULL, "s_sub_co_i32 s0, 0, s1" END,
      { S(1, 0x80000000) }, { S(0, 0x80000000), SCC(1) } },      /* signs differ, D sign != S0 sign */
    { "add_co_ci_u32_carry_in", NULL, "s_add_co_ci_u32 s0, s1, 0" END,
      { S(1, 0xffffffff), { "scc", 0, 1 } }, { S(0, 0), SCC(1) } },
    { "add_co_ci_u32_small", NULL, "s_add_co_ci_u32 s0, 1, 2" END,
      { { "scc", 0, 1 } }, { S(0, 4), SCC(0) } },
    { "sub_co_ci_u32_borrow", NULL, "s_sub_co_ci_u32 s0, 5, 5" END,
      { { "scc", 0, 1 } }, { S(0, 0xffffffff), SCC(1) } },       /* 5+1 > 5 */
    { "sub_co_ci_u32_exact", NULL, "s_sub_co_ci_u32 s0, 5, 4" END,
      { { "scc", 0, 1 } }, { S(0, 0), SCC(0) } },                /* 4+1 > 5 false */
    { "add64_chain", NULL, "s_add_co_u32 s0, s2, s4\ns_add_co_ci_u32 s1, s3, s5" END,
      { S(2, 0xffffffff), S(3, 1), S(4, 1), S(5, 0) }, { S(0, 0), S(1, 2), SCC(0) } },
    { "sub64_chain", NULL, "s_sub_co_u32 s0, s2, s4\ns_sub_co_ci_u32 s1, s3, s5" END,
      { S(2, 0), S(3, 1), S(4, 1), S(5, 0) }, { S(0, 0xffffffff), S(1, 0), SCC(0) } },
    { "add_nc_u64_wrap_keeps_scc", NULL, "s_add_nc_u64 s[0:1], s[2:3], 1" END,
      { S(2, 0xffffffff), S(3, 0xffffffff), { "scc", 0, 1 } }, { S(0, 0), S(1, 0), SCC(1) } },
    { "sub_nc_u64_wrap", NULL, "s_sub_nc_u64 s[0:1], 0, 1" END,
      { { NULL, 0, 0 } }, { S(0, 0xffffffff), S(1, 0xffffffff), SCC(0) } },
    { "mul_u64", NULL, "s_mul_u64 s[0:1], s[2:3], s[2:3]" END,
      { S(2, 1), S(3, 1) }, { S(0, 1), S(1, 2) } },              /* (2^32+1)^2 mod 2^64 = 2^33+1 */
    { "mul_hi_u32", NULL, "s_mul_hi_u32 s0, -1, -1" END,
      { { NULL, 0, 0 } }, { S(0, 0xfffffffe) } },                /* 0xfffffffe00000001 */
    { "mul_hi_i32_neg", NULL, "s_mul_hi_i32 s0, s1, 2" END,
      { S(1, 0x80000000) }, { S(0, 0xffffffff) } },              /* -2^32 */
    { "mul_hi_i32_pos", NULL, "s_mul_hi_i32 s0, -1, -1" END,
      { { NULL, 0, 0 } }, { S(0, 0) } },
    { "mul_i32_low", NULL, "s_mul_i32 s0, s1, 0x10001" END,
      { S(1, 0x10000) }, { S(0, 0x10000) } },                    /* 2^32 + 2^16 */
    { "lshl1_add_carry", NULL, "s_lshl1_add_u32 s0, s1, 1" END,
      { S(1, 0x80000000) }, { S(0, 1), SCC(1) } },               /* 2^32 + 1 */
    { "lshl4_add_nocarry", NULL, "s_lshl4_add_u32 s0, 1, 1" END,
      { { "scc", 0, 1 } }, { S(0, 17), SCC(0) } },
    /* ---- shifts: counts use S1[4:0] / S1[5:0] (L8330-8375) */
    { "lshl_b32_count_mod32", NULL, "s_lshl_b32 s0, 1, 33" END,
      { { NULL, 0, 0 } }, { S(0, 2), SCC(1) } },
    { "lshl_b32_out", NULL, "s_lshl_b32 s0, s1, 1" END,
      { S(1, 0x80000000), { "scc", 0, 1 } }, { S(0, 0), SCC(0) } },
    { "ashr_i32_31", NULL, "s_ashr_i32 s0, s1, 31" END,
      { S(1, 0x80000000) }, { S(0, 0xffffffff), SCC(1) } },
    { "ashr_i32_32_is_0", NULL, "s_ashr_i32 s0, s1, 32" END,
      { S(1, 0x80000000) }, { S(0, 0x80000000), SCC(1) } },
    { "lshr_b32", NULL, "s_lshr_b32 s0, s1, 31" END,
      { S(1, 0x80000000) }, { S(0, 1), SCC(1) } },
    { "lshl_b64_63", NULL, "s_lshl_b64 s[0:1], 1, 63" END,
      { { NULL, 0, 0 } }, { S(0, 0), S(1, 0x80000000), SCC(1) } },
    { "lshl_b64_64_is_0", NULL, "s_lshl_b64 s[0:1], 1, 64" END,
      { { NULL, 0, 0 } }, { S(0, 1), S(1, 0) } },
    { "lshr_b64_63", NULL, "s_lshr_b64 s[0:1], s[2:3], 63" END,
      { S(2, 0), S(3, 0x80000000) }, { S(0, 1), S(1, 0) } },
    { "ashr_i64_63", NULL, "s_ashr_i64 s[0:1], s[2:3], 63" END,
      { S(2, 0), S(3, 0x80000000) }, { S(0, 0xffffffff), S(1, 0xffffffff) } },
    { "ashr_i64_literal_sext", NULL, "s_ashr_i64 s[0:1], 0x80000000, 4" END,
      { { NULL, 0, 0 } }, { S(0, 0xf8000000), S(1, 0xffffffff) } },   /* I64 literal sign-extends */
    { "lshr_b64_literal_zext", NULL, "s_lshr_b64 s[0:1], 0x80000000, 4" END,
      { { NULL, 0, 0 } }, { S(0, 0x08000000), S(1, 0) } },            /* B64 literal zero-extends */
    /* ---- bit fields (L8613-8655; width >= size / width 0: README B12) */
    { "bfe_u32", NULL, "s_bfe_u32 s0, s1, 0x80008" END,
      { S(1, 0x12345678) }, { S(0, 0x56), SCC(1) } },
    { "bfe_i32_sign", NULL, "s_bfe_i32 s0, s1, 0xc0004" END,
      { S(1, 0x80f0) }, { S(0, 0xfffff80f), SCC(1) } },               /* 0x80f from bit 11 */
    { "bfe_u32_width0", NULL, "s_bfe_u32 s0, -1, 4" END,
      { { "scc", 0, 1 } }, { S(0, 0), SCC(0) } },
    { "bfe_u32_width40", NULL, "s_bfe_u32 s0, s1, 0x280004" END,
      { S(1, 0x80000000) }, { S(0, 0x08000000), SCC(1) } },
    { "bfe_i32_width32", NULL, "s_bfe_i32 s0, s1, 0x200004" END,
      { S(1, 0x80000000) }, { S(0, 0xf8000000), SCC(1) } },
    { "bfe_u64", NULL, "s_bfe_u64 s[0:1], s[2:3], 0x80038" END,
      { S(2, 0), S(3, 0xff000000) }, { S(0, 0xff), S(1, 0) } },
    { "bfe_i64", NULL, "s_bfe_i64 s[0:1], s[2:3], 0x80038" END,
      { S(2, 0), S(3, 0xff000000) }, { S(0, 0xffffffff), S(1, 0xffffffff) } },
    { "bfm_b32", NULL, "s_bfm_b32 s0, 4, 8" END,
      { { "scc", 0, 1 } }, { S(0, 0xf00), SCC(1) } },                 /* SCC unchanged */
    { "bfm_b64", NULL, "s_bfm_b64 s[0:1], 32, 16" END,
      { { NULL, 0, 0 } }, { S(0, 0xffff0000), S(1, 0xffff) } },
    /* ---- min/max SCC = S0 selected (L8425-8450, README B1) */
    { "min_i32", NULL, "s_min_i32 s0, -1, 0" END,
      { { NULL, 0, 0 } }, { S(0, 0xffffffff), SCC(1) } },
    { "min_u32", NULL, "s_min_u32 s0, -1, 0" END,
      { { "scc", 0, 1 } }, { S(0, 0), SCC(0) } },
    { "max_i32_equal", NULL, "s_max_i32 s0, 5, 5" END,
      { { NULL, 0, 0 } }, { S(0, 5), SCC(1) } },
    { "max_u32", NULL, "s_max_u32 s0, 0, -1" END,
      { { "scc", 0, 1 } }, { S(0, 0xffffffff), SCC(0) } },
    { "absdiff_min", NULL, "s_absdiff_i32 s0, s1, 0" END,
      { S(1, 0x80000000) }, { S(0, 0x80000000), SCC(1) } },
    { "absdiff_small", NULL, "s_absdiff_i32 s0, 2, 5" END,
      { { NULL, 0, 0 } }, { S(0, 3), SCC(1) } },
    /* ---- logic */
    { "nand_zero", NULL, "s_nand_b32 s0, -1, -1" END,
      { { "scc", 0, 1 } }, { S(0, 0), SCC(0) } },
    { "and_not1_b64", NULL, "s_and_not1_b64 s[0:1], -1, s[2:3]" END,
      { S(2, 0xffffffff), S(3, 0) }, { S(0, 0), S(1, 0xffffffff), SCC(1) } },
    { "xnor_b32", NULL, "s_xnor_b32 s0, s1, s2" END,
      { S(1, 0xf0f0f0f0), S(2, 0x0ff00ff0) }, { S(0, 0x00ff00ff), SCC(1) } },
    { "cselect_scc1", NULL, "s_cselect_b32 s0, 1, 2" END,
      { { "scc", 0, 1 } }, { S(0, 1), SCC(1) } },
    { "cselect_b64_scc0", NULL, "s_cselect_b64 s[0:1], s[2:3], -1" END,
      { S(2, 7), S(3, 7) }, { S(0, 0xffffffff), S(1, 0xffffffff) } },
    { "pack_lh", NULL, "s_pack_lh_b32_b16 s0, s1, s2" END,
      { S(1, 0x11112222), S(2, 0x33334444) }, { S(0, 0x33332222) } },
    { "pack_hl", NULL, "s_pack_hl_b32_b16 s0, s1, s2" END,
      { S(1, 0x11112222), S(2, 0x33334444) }, { S(0, 0x44441111) } },
    /* ---- SOP1 counting (L9317-9500) */
    { "bcnt0_zero", NULL, "s_bcnt0_i32_b32 s0, 0" END,
      { { NULL, 0, 0 } }, { S(0, 32), SCC(1) } },
    { "bcnt1_zero", NULL, "s_bcnt1_i32_b32 s0, 0" END,
      { { "scc", 0, 1 } }, { S(0, 0), SCC(0) } },
    { "bcnt1_b64_ones", NULL, "s_bcnt1_i32_b64 s0, -1" END,
      { { NULL, 0, 0 } }, { S(0, 64), SCC(1) } },
    { "ctz_b32", NULL, "s_ctz_i32_b32 s0, 0x10000" END,
      { { NULL, 0, 0 } }, { S(0, 16) } },
    { "ctz_none", NULL, "s_ctz_i32_b32 s0, 0" END,
      { { NULL, 0, 0 } }, { S(0, 0xffffffff) } },
    { "ctz_b64", NULL, "s_ctz_i32_b64 s0, s[2:3]" END,
      { S(2, 0), S(3, 0x80000000) }, { S(0, 63) } },
    { "clz_u32", NULL, "s_clz_i32_u32 s0, 0xcccc" END,
      { { NULL, 0, 0 } }, { S(0, 16) } },
    { "clz_none", NULL, "s_clz_i32_u64 s0, 0" END,
      { { NULL, 0, 0 } }, { S(0, 0xffffffff) } },
    { "cls_pos", NULL, "s_cls_i32 s0, 0xcccc" END,
      { { NULL, 0, 0 } }, { S(0, 16) } },
    { "cls_neg", NULL, "s_cls_i32 s0, 0xffff3333" END,
      { { NULL, 0, 0 } }, { S(0, 16) } },
    { "cls_all_ones", NULL, "s_cls_i32 s0, -1" END,
      { { NULL, 0, 0 } }, { S(0, 0xffffffff) } },
    { "cls_min", NULL, "s_cls_i32 s0, 0x80000000" END,
      { { NULL, 0, 0 } }, { S(0, 1) } },
    { "cls_i64", NULL, "s_cls_i32_i64 s0, s[2:3]" END,
      { S(2, 0), S(3, 0xffffffff) }, { S(0, 32) } },
    { "sext_i8", NULL, "s_sext_i32_i8 s0, 0x180" END,
      { { NULL, 0, 0 } }, { S(0, 0xffffff80) } },
    { "sext_i16", NULL, "s_sext_i32_i16 s0, 0x17fff" END,
      { { NULL, 0, 0 } }, { S(0, 0x7fff) } },
    { "brev_b64", NULL, "s_brev_b64 s[0:1], 1" END,
      { { NULL, 0, 0 } }, { S(0, 0), S(1, 0x80000000) } },
    { "bitset1_mod32", NULL, "s_bitset1_b32 s0, 35" END,
      { S(0, 0) }, { S(0, 8) } },
    { "bitset0_b64", NULL, "s_bitset0_b64 s[0:1], 40" END,
      { S(0, 0xffffffff), S(1, 0xffffffff) }, { S(0, 0xffffffff), S(1, 0xfffffeff) } },
    { "bitreplicate", NULL, "s_bitreplicate_b64_b32 s[0:1], 0x80000005" END,
      { { NULL, 0, 0 } }, { S(0, 0x33), S(1, 0xc0000000) } },
    { "quadmask_b32", NULL, "s_quadmask_b32 s0, 0xf01" END,
      { { NULL, 0, 0 } }, { S(0, 5), SCC(1) } },
    { "wqm_b32", NULL, "s_wqm_b32 s0, 0xf01" END,
      { { NULL, 0, 0 } }, { S(0, 0xf0f), SCC(1) } },
    { "abs_min", NULL, "s_abs_i32 s0, s1" END,
      { S(1, 0x80000000) }, { S(0, 0x80000000), SCC(1) } },
    { "not_b64", NULL, "s_not_b64 s[0:1], -1" END,
      { { "scc", 0, 1 } }, { S(0, 0), S(1, 0), SCC(0) } },
    { "cmov_not_taken", NULL, "s_cmov_b32 s0, 5" END,
      { S(0, 9) }, { S(0, 9) } },
    { "movk_sext", NULL, "s_movk_i32 s0, 0x8000" END,
      { { NULL, 0, 0 } }, { S(0, 0xffff8000) } },
    { "addk_overflow", NULL, "s_addk_co_i32 s0, 1" END,
      { S(0, 0x7fffffff) }, { S(0, 0x80000000), SCC(1) } },
    { "mulk", NULL, "s_mulk_i32 s0, 0xfffe" END,
      { S(0, 3) }, { S(0, 0xfffffffa) } },                             /* 3 * -2 */
    /* ---- compares (SOPC L10580-10700) */
    { "cmp_lt_i32", NULL, "s_cmp_lt_i32 -1, 0" END, { { NULL, 0, 0 } }, { SCC(1) } },
    { "cmp_lt_u32", NULL, "s_cmp_lt_u32 -1, 0" END, { { "scc", 0, 1 } }, { SCC(0) } },
    { "cmp_ge_i32", NULL, "s_cmp_ge_i32 0, -1" END, { { NULL, 0, 0 } }, { SCC(1) } },
    { "cmp_lg_u64", NULL, "s_cmp_lg_u64 s[0:1], s[2:3]" END,
      { S(0, 1), S(1, 2), S(2, 1), S(3, 3) }, { SCC(1) } },
    { "cmp_eq_u64", NULL, "s_cmp_eq_u64 s[0:1], 5" END,
      { S(0, 5), S(1, 0) }, { SCC(1) } },
    { "bitcmp1_b32", NULL, "s_bitcmp1_b32 0x80000000, 63" END, { { NULL, 0, 0 } }, { SCC(1) } },
    { "bitcmp0_b64", NULL, "s_bitcmp0_b64 s[0:1], 32" END,
      { S(0, 0xffffffff), S(1, 0xfffffffe) }, { SCC(1) } },
    /* ---- EXEC: SAVEEXEC/WREXEC (L9800-10050), wave32 and wave64 */
    { "and_saveexec_b32", NULL, "s_and_saveexec_b32 s0, 0xff00ff00" END,
      { EXEC(0, 0xffff) }, { S(0, 0xffff), EXEC(0, 0xff00), SCC(1) } },
    { "and_not1_saveexec_b32", NULL, "s_and_not1_saveexec_b32 s0, 0xffff" END,
      { EXEC(0, 0xff00) }, { S(0, 0xff00), EXEC(0, 0xff), SCC(1) } },
    { "or_not0_saveexec_b32_zero", NULL, "s_and_not0_saveexec_b32 s0, -1" END,
      { EXEC(0, 0xff00), { "scc", 0, 1 } }, { S(0, 0xff00), EXEC(0, 0), SCC(0) } },
    { "and_not1_wrexec_b32", NULL, "s_and_not1_wrexec_b32 s0, 0xffff" END,
      { EXEC(0, 0xff) }, { S(0, 0xff00), EXEC(0, 0xff00), SCC(1) } },
    { "xor_saveexec_b64", "wave=64", "s_xor_saveexec_b64 s[0:1], s[2:3]" END,
      { S(2, 0xffffffff), S(3, 0) },
      { S(0, 0xffffffff), S(1, 0xffffffff), EXEC(0, 0), EXEC(1, 0xffffffff), SCC(1) } },
    { "saveexec_b32_keeps_exec_hi", "wave=64", "s_or_saveexec_b32 s0, 0" END,
      { EXEC(0, 0), EXEC(1, 5) }, { S(0, 0), EXEC(0, 0), EXEC(1, 5), SCC(0) } },
    /* ---- S_MOVREL (L10081-10150, §3.3.1.3) */
    { "movrels", NULL, "s_mov_b32 m0, 10\ns_movrels_b32 s5, s7" END,
      { S(17, 0x1717) }, { S(5, 0x1717) } },
    { "movreld", NULL, "s_mov_b32 m0, 10\ns_movreld_b32 s5, s7" END,
      { S(7, 0x77) }, { S(15, 0x77) } },
    { "movrelsd_2", NULL, "s_mov_b32 m0, 0x14000a\ns_movrelsd_2_b32 s5, s7" END,
      { S(17, 0x1717) }, { S(25, 0x1717) } },
    { "movrels_oor_reads_s0", NULL, "s_mov_b32 m0, 10\ns_movrels_b32 s5, s100" END,
      { S(0, 0xabc) }, { S(5, 0xabc) } },                              /* 110 > VCC_HI */
    { "movrels_vcc_in_range", NULL, "s_mov_b32 m0, 6\ns_movrels_b32 s5, s100" END,
      { VCC(0, 0x55) }, { S(5, 0x55) } },                              /* 106 = VCC_LO */
    { "movreld_oor_no_write", NULL, "s_mov_b32 m0, 3\ns_movreld_b32 s105, s7" END,
      { S(7, 0x77), S(0, 0) }, { S(0, 0), VCC(0, 0) } },               /* 108 > VCC_HI */
    { "movrels_b64", NULL, "s_mov_b32 m0, 4\ns_movrels_b64 s[0:1], s[8:9]" END,
      { S(12, 0x12), S(13, 0x13) }, { S(0, 0x12), S(1, 0x13) } },
    /* ---- PC (L10160-10230) */
    { "getpc", NULL, "s_nop 0\ns_getpc_b64 s[0:1]" END,
      { { NULL, 0, 0 } }, { S(0, 8), S(1, 0) } },                      /* pc 4 + 4 */
    { "setpc", NULL, "s_setpc_b64 s[0:1]\ns_mov_b32 s2, 1\ns_endpgm\ns_mov_b32 s3, 1" END,
      { S(0, 12), S(1, 0) }, { S(2, 0), S(3, 1) } },
    { "swappc", NULL, "s_swappc_b64 s[0:1], s[0:1]\ns_mov_b32 s2, 1\ns_endpgm\ns_mov_b32 s3, 1" END,
      { S(0, 12), S(1, 0) }, { S(0, 4), S(1, 0), S(2, 0), S(3, 1) } },
    { "call", NULL, "s_call_b64 s[4:5], 1\ns_mov_b32 s2, 1\ns_mov_b32 s3, 1" END,
      { { NULL, 0, 0 } }, { S(4, 4), S(5, 0), S(2, 0), S(3, 1) } },   /* PC+4+4 = 8 */
    /* ---- branches (L11300-11440) */
    { "loop_backward", NULL,
      "s_mov_b32 s0, 3\ns_mov_b32 s1, 0\nloop:\ns_add_co_u32 s1, s1, 2\ns_sub_co_u32 s0, s0, 1\n"
      "s_cmp_lg_u32 s0, 0\ns_cbranch_scc1 loop" END,
      { { NULL, 0, 0 } }, { S(0, 0), S(1, 6), SCC(0) } },
    { "branch_zero_is_next", NULL, "s_branch 0\ns_mov_b32 s0, 7" END,
      { { NULL, 0, 0 } }, { S(0, 7) } },
    { "cbranch_scc0_taken", NULL, "s_cbranch_scc0 skip\ns_mov_b32 s0, 1\nskip:\ns_mov_b32 s1, 1" END,
      { { NULL, 0, 0 } }, { S(0, 0), S(1, 1) } },
    { "cbranch_scc1_not_taken", NULL, "s_cbranch_scc1 skip\ns_mov_b32 s0, 1\nskip:\ns_mov_b32 s1, 1" END,
      { { NULL, 0, 0 } }, { S(0, 1), S(1, 1) } },
    { "execz_wave32_ignores_hi", NULL,
      "s_cbranch_execz skip\ns_mov_b32 s0, 1\nskip:" END,
      { EXEC(0, 0), EXEC(1, 1) }, { S(0, 0) } },
    { "execz_wave64_sees_hi", "wave=64",
      "s_cbranch_execz skip\ns_mov_b32 s0, 1\nskip:" END,
      { EXEC(0, 0), EXEC(1, 1) }, { S(0, 1) } },
    { "vccnz_wave32", NULL, "s_cbranch_vccnz skip\ns_mov_b32 s0, 1\nskip:" END,
      { VCC(0, 0), VCC(1, 1) }, { S(0, 1) } },
    { "vccnz_wave64", "wave=64", "s_cbranch_vccnz skip\ns_mov_b32 s0, 1\nskip:" END,
      { VCC(0, 0), VCC(1, 1) }, { S(0, 0) } },
    { "execnz_taken", NULL, "s_cbranch_execnz skip\ns_mov_b32 s0, 1\nskip:" END,
      { EXEC(0, 1) }, { S(0, 0) } },
    /* ---- GETREG / SETREG (L9173-9260; write masks: README B10) */
    { "setreg_mode_field", NULL,
      "s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s0\ns_getreg_b32 s1, hwreg(HW_REG_MODE, 4, 4)" END,
      { S(0, 0x13) }, { HW(1, 0xf3), S(1, 0xf) } },                    /* MODE reset 0xf0 */
    { "setreg_imm32_mask", NULL, "s_setreg_imm32_b32 hwreg(HW_REG_MODE), -1" END,
      { { NULL, 0, 0 } }, { HW(1, 0x098000ff) } },
    { "setreg_status_ignored", NULL,
      "s_setreg_imm32_b32 hwreg(HW_REG_STATUS), 0\ns_getreg_b32 s0, hwreg(HW_REG_STATUS, 16, 1)" END,
      { { NULL, 0, 0 } }, { S(0, 1) } },                               /* VALID stays */
    { "getreg_status_execz_wave64", "wave=64",
      "s_mov_b64 exec, 0\ns_getreg_b32 s0, hwreg(HW_REG_STATUS, 9, 1)\n"
      "s_getreg_b32 s1, hwreg(HW_REG_STATUS, 29, 1)" END,
      { { NULL, 0, 0 } }, { S(0, 1), S(1, 1) } },
    { "getreg_state_priv_scc", NULL, "s_getreg_b32 s0, hwreg(HW_REG_STATE_PRIV, 9, 1)" END,
      { { "scc", 0, 1 } }, { S(0, 1) } },
    { "setreg_user_excp", NULL, "s_setreg_imm32_b32 hwreg(HW_REG_EXCP_FLAG_USER), -1" END,
      { { NULL, 0, 0 } }, { HW(18, 0xc000007f) } },
    { "setreg_priv_only", NULL, "s_setreg_imm32_b32 hwreg(HW_REG_TRAP_CTRL), -1" END,
      { { NULL, 0, 0 } }, { HW(19, 0) } },
    { "setreg_priv_only_in_handler", "priv=1", "s_setreg_imm32_b32 hwreg(HW_REG_TRAP_CTRL), -1" END,
      { { NULL, 0, 0 } }, { HW(19, 0x3ff) } },
    { "round_denorm_mode", NULL, "s_round_mode 0x3\ns_denorm_mode 0x1" END,
      { { NULL, 0, 0 } }, { HW(1, 0x13) } },
    { "setprio", NULL, "s_setprio 2" END,
      { { NULL, 0, 0 } }, { HW(4, 0x2000) } },
    /* ---- destination out of range (§3.3.1.3, §6.2 L2377) */
    { "oor_sgpr_no_write_no_scc", "sgprs=16", "s_add_co_u32 s20, -1, 1\ns_mov_b32 s0, s20" END,
      { S(0, 5) }, { S(0, 0), SCC(0) } },
    { "null_dest_sets_scc", NULL, "s_add_co_u32 null, -1, 1" END,
      { { NULL, 0, 0 } }, { SCC(1) } },
    { "ttmp_write_needs_priv", NULL, "s_add_co_u32 ttmp0, -1, 1" END,
      { { NULL, 0, 0 } }, { { "ttmp", 0, 0 }, SCC(0) } },
    { "ttmp_write_in_handler", "priv=1", "s_add_co_u32 ttmp0, -1, 2" END,
      { { NULL, 0, 0 } }, { { "ttmp", 0, 1 }, SCC(1) } },
    { "saveexec_oor_writes_exec", "sgprs=16", "s_and_saveexec_b32 s20, 0xf" END,
      { EXEC(0, 0xff) }, { EXEC(0, 0xf), SCC(0) } },
    /* ---- inline constants by operand type (§4.1 L1648-1661) */
    { "float_const_b32", NULL, "s_mov_b32 s0, 1.0" END,
      { { NULL, 0, 0 } }, { S(0, 0x3f800000) } },
    { "float_const_b64", NULL, "s_mov_b64 s[0:1], -2.0" END,
      { { NULL, 0, 0 } }, { S(0, 0), S(1, 0xc0000000) } },
    { "inv2pi_b64", NULL, "s_mov_b64 s[0:1], 0.15915494309189532" END,
      { { NULL, 0, 0 } }, { S(0, 0x6dc9c882), S(1, 0x3fc45f30) } },
    { "int_const_b64_sext", NULL, "s_mov_b64 s[0:1], -16" END,
      { { NULL, 0, 0 } }, { S(0, 0xfffffff0), S(1, 0xffffffff) } },
    { "literal_b64_zext", NULL, "s_mov_b64 s[0:1], 0xfffffff0" END,
      { { NULL, 0, 0 } }, { S(0, 0xfffffff0), S(1, 0) } },
    { "src_scc", NULL, "s_mov_b32 s0, src_scc" END,
      { { "scc", 0, 1 } }, { S(0, 1) } },
    { "aperture", "shared_base=0x1234", "s_mov_b64 s[0:1], src_shared_limit" END,
      { { NULL, 0, 0 } }, { S(0, 0xffffffff), S(1, 0x12340000) } },
    { "null_64_reads_zero", NULL, "s_mov_b64 s[0:1], null" END,
      { S(0, 1), S(1, 1), { "m0", 0, 5 } }, { S(0, 0), S(1, 0) } },
    /* ---- SALU float on the float core (§6.8) */
    { "add_f32", NULL, "s_add_f32 s0, 1.0, 2.0" END,
      { { NULL, 0, 0 } }, { S(0, 0x40400000) } },
    { "cvt_i32_f32_trunc", NULL, "s_cvt_i32_f32 s0, -1.5" END,
      { { NULL, 0, 0 } }, { S(0, 0xffffffff) } },
    { "cvt_f16_f32_zext", NULL, "s_cvt_f16_f32 s0, 1.0" END,
      { S(0, 0xffffffff) }, { S(0, 0x3c00) } },
    { "min_num_nan", NULL, "s_min_num_f32 s0, s1, 1.0" END,
      { S(1, 0x7fc00000) }, { S(0, 0x3f800000) } },
    { "minimum_qnan", NULL, "s_minimum_f32 s0, s1, 1.0" END,
      { S(1, 0x7fc00000) }, { S(0, 0x7fc00000) } },
    { "cmp_u_f32", NULL, "s_cmp_u_f32 s1, 1.0" END,
      { S(1, 0x7fc00000) }, { SCC(1) } },
    { "cmp_lt_f32_snan_invalid", NULL, "s_cmp_lt_f32 s1, 1.0" END,
      { S(1, 0x7f800001) }, { SCC(0), HW(18, 1) } },
    { "cvt_pk_rtz", NULL, "s_cvt_pk_rtz_f16_f32 s0, 1.0, s1" END,
      { S(1, 0x3eaaaaab) }, { S(0, 0x35553c00) } },                   /* 1/3 -> 0x3555 RTZ */
};

/* ------------------------------------------------- retire-record checks */

static gpuref_retire rr;

static int find_w(const gpuref_retire *r, gpuref_model *m, const char *file, unsigned idx,
                  uint64_t *v, uint32_t *flags)
{
    int f = gpuref_regfile_lookup(m, file);
    for (unsigned i = 0; i < r->nregw; i++)
        if (r->regw[i].file == f && r->regw[i].index == idx) {
            if (v)
                *v = r->regw[i].value[0];
            if (flags)
                *flags = r->regw[i].flags;
            return 1;
        }
    return 0;
}

static void retire_checks(void)
{
    gpuref_model *m;
    uint64_t v = 0;
    uint32_t fl = 0;

    /* a taken backward branch: next_pc = pc + 4 + sext(simm16)*4, BRANCH flag */
    m = load("retire_branch", NULL, "s_nop 0\ns_nop 0\ns_branch -3\n", 0x100);
    if (m) {
        gpuref_step(m, &rr);
        gpuref_step(m, &rr);
        gpuref_step(m, &rr);
        result(rr.pc == 0x108 && rr.next_pc == 0x100 && (rr.flags & GPUREF_RETIRE_BRANCH),
               "retire_branch", "pc 0x%llx next 0x%llx flags 0x%x", (unsigned long long)rr.pc,
               (unsigned long long)rr.next_pc, rr.flags);
        result(rr.words[0] == 0xbfa0fffd && rr.nwords == 1, "retire_branch_words",
               "words 0x%08x n %u", rr.words[0], rr.nwords);
        gpuref_model_destroy(m);
    }
    /* not-taken conditional branch: no BRANCH flag, next_pc = pc + 4 */
    m = load("retire_not_taken", NULL, "s_cbranch_scc1 -100\ns_endpgm\n", 0);
    if (m) {
        gpuref_step(m, &rr);
        result(rr.next_pc == 4 && !(rr.flags & GPUREF_RETIRE_BRANCH) && rr.nregw == 0,
               "retire_not_taken", "next 0x%llx flags 0x%x nregw %u",
               (unsigned long long)rr.next_pc, rr.flags, rr.nregw);
        gpuref_model_destroy(m);
    }
    /* a 64-bit destination is two writes; SCC written once; literal in the words */
    m = load("retire_64", NULL, "s_lshl_b64 s[2:3], 0x12345678, 4\n", 0);
    if (m) {
        gpuref_step(m, &rr);
        uint64_t lo = 0, hi = 0, scc = 9;
        int ok = find_w(&rr, m, "s", 2, &lo, NULL) && find_w(&rr, m, "s", 3, &hi, NULL) &&
                 find_w(&rr, m, "scc", 0, &scc, NULL);
        result(ok && lo == 0x23456780 && hi == 1 && scc == 1 && rr.nregw == 3 &&
               rr.nwords == 2 && rr.words[1] == 0x12345678, "retire_64",
               "lo 0x%llx hi 0x%llx scc %llu nregw %u nwords %u", (unsigned long long)lo,
               (unsigned long long)hi, (unsigned long long)scc, rr.nregw, rr.nwords);
        gpuref_model_destroy(m);
    }
    /* dropped destination: no s write and no SCC write in the record */
    m = load("retire_oor", "sgprs=8", "s_add_co_u32 s9, -1, 1\n", 0);
    if (m) {
        gpuref_step(m, &rr);
        result(rr.nregw == 0, "retire_oor", "nregw %u", rr.nregw);
        gpuref_model_destroy(m);
    }
    /* s_endpgm: END, then the model is finished */
    m = load("retire_end", NULL, "s_endpgm\n", 0);
    if (m) {
        gpuref_step(m, &rr);
        int st = gpuref_step(m, &rr);
        result((rr.flags & GPUREF_RETIRE_END) && st == GPUREF_ERR_DONE && gpuref_finished(m),
               "retire_end", "flags 0x%x st %d", rr.flags, st);
        gpuref_model_destroy(m);
    }
    /* unmodelled counter: value waived, flag set */
    m = load("retire_unmodelled", NULL, "s_getreg_b32 s0, hwreg(HW_REG_SHADER_CYCLES_LO)\n", 0);
    if (m) {
        gpuref_step(m, &rr);
        result(find_w(&rr, m, "s", 0, &v, &fl) && (fl & GPUREF_REGW_UNMODELLED),
               "retire_unmodelled", "flags 0x%x", fl);
        gpuref_model_destroy(m);
    }
    /* s_sendmsg_rtn: TBA/TMA come from the configuration; all flagged unmodelled */
    m = load("sendmsg_rtn_tba", "tba=0x123456789abc,tma=0x4000",
             "s_sendmsg_rtn_b64 s[2:3], sendmsg(MSG_RTN_GET_TBA)\n"
             "s_sendmsg_rtn_b32 s4, sendmsg(MSG_RTN_GET_TMA)\n"
             "s_sendmsg_rtn_b32 s5, sendmsg(MSG_RTN_GET_REALTIME)\n", 0);
    if (m) {
        gpuref_step(m, &rr);
        fl = 0;
        result(getr(m, "s", 2) == 0x56789abc && getr(m, "s", 3) == 0x1234 &&
                   find_w(&rr, m, "s", 3, &v, &fl) && (fl & GPUREF_REGW_UNMODELLED),
               "sendmsg_rtn_tba", "s2 0x%llx s3 0x%llx flags 0x%x",
               (unsigned long long)getr(m, "s", 2), (unsigned long long)getr(m, "s", 3), fl);
        gpuref_step(m, &rr);
        result(getr(m, "s", 4) == 0x4000, "sendmsg_rtn_tma", "s4 0x%llx",
               (unsigned long long)getr(m, "s", 4));
        gpuref_step(m, &rr);
        fl = 0;
        result(find_w(&rr, m, "s", 5, &v, &fl) && (fl & GPUREF_REGW_UNMODELLED),
               "sendmsg_rtn_realtime", "flags 0x%x", fl);
        gpuref_model_destroy(m);
    }
    /* s_setreg reports the hwreg write */
    m = load("retire_setreg", NULL, "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 2\n", 0);
    if (m) {
        gpuref_step(m, &rr);
        result(find_w(&rr, m, "hwreg", 1, &v, NULL) && v == 0xf2, "retire_setreg",
               "MODE 0x%llx", (unsigned long long)v);
        gpuref_model_destroy(m);
    }
    /* s_trap: NOP without a trap handler; with one: TTMP1:0 = {id, pc}, PC = TBA, PRIV */
    m = load("trap_disabled", NULL, "s_trap 3\ns_endpgm\n", 0);
    if (m) {
        gpuref_step(m, &rr);
        result(rr.nregw == 0 && rr.next_pc == 4, "trap_disabled", "nregw %u next 0x%llx",
               rr.nregw, (unsigned long long)rr.next_pc);
        gpuref_model_destroy(m);
    }
    m = load("trap_enabled", "trap_en=1,tba=0x200", "s_nop 0\ns_trap 3\n", 0x100);
    if (m) {
        gpuref_step(m, &rr);
        gpuref_step(m, &rr);
        uint64_t t0 = 0, t1 = 0;
        find_w(&rr, m, "ttmp", 0, &t0, NULL);
        find_w(&rr, m, "ttmp", 1, &t1, NULL);
        result(t0 == 0x104 && t1 == 0x30000000 && rr.next_pc == 0x200 &&
               (getr(m, "hwreg", 2) & 0x20), "trap_enabled", "ttmp0 0x%llx ttmp1 0x%llx next 0x%llx",
               (unsigned long long)t0, (unsigned long long)t1, (unsigned long long)rr.next_pc);
        gpuref_model_destroy(m);
    }
    /* s_code_end: illegal instruction, EXCP_FLAG_PRIV.illegal_inst, program ends */
    m = load("code_end", NULL, "s_code_end\n", 0);
    if (m) {
        int st = gpuref_step(m, &rr);
        result(st == GPUREF_OK && (rr.flags & GPUREF_RETIRE_TRAP) && gpuref_finished(m) &&
               (getr(m, "hwreg", 17) & 0x40), "code_end", "st %d flags 0x%x", st, rr.flags);
        gpuref_model_destroy(m);
    }
    /* s_sethalt 1 halts the wave; clearing STATE_PRIV.HALT resumes it */
    m = load("sethalt", NULL, "s_sethalt 1\ns_mov_b32 s0, 1\ns_endpgm\n", 0);
    if (m) {
        gpuref_step(m, &rr);
        int halted = gpuref_finished(m);
        setr(m, "hwreg", 4, 0);
        int st = gpuref_step(m, &rr);
        result(halted && st == GPUREF_OK && getr(m, "s", 0) == 1, "sethalt", "halted %d st %d",
               halted, st);
        gpuref_model_destroy(m);
    }
    /* an unimplemented instruction stops with "unimplemented: <mnemonic>" (every VALU
     * row executes: an export stands in) */
    m = load("unimpl", NULL, "export mrt0 v0, v1, v2, v3\n", 0);
    if (m) {
        int st = gpuref_step(m, &rr);
        result(st == GPUREF_ERR_UNIMPL && strstr(gpuref_model_error(m), "unimplemented: export"),
               "unimpl", "st %d msg '%s'", st, gpuref_model_error(m));
        gpuref_model_destroy(m);
    }
    /* errors leave the state as it was: pc unchanged */
    m = load("unimpl_state", NULL, "s_mov_b32 s0, 1\nexport mrt0 v0, v1, v2, v3\n", 0);
    if (m) {
        gpuref_step(m, &rr);
        gpuref_step(m, &rr);
        result(getr(m, "pc", 0) == 4, "unimpl_state", "pc 0x%llx",
               (unsigned long long)getr(m, "pc", 0));
        gpuref_model_destroy(m);
    }
}

/* ---------------------------------------------------------------- SMEM */

static void wr32(gpuref_model *m, uint64_t a, uint32_t v)
{
    gpuref_mem_write(m, gpuref_mem_lookup(m, "mem"), a, &v, 4);
}

static void smem_checks(void)
{
    gpuref_model *m;
    uint32_t vsharp[4];
    /* S_LOAD: base + IOFFSET + SOFFSET, 2 LSBs of each component dropped (L3903) */
    m = load("s_load", NULL,
             "s_load_b64 s[4:5], s[0:1], s2 offset:0x13\n"
             "s_wait_kmcnt 0\n"           /* visible before the next load faults */
             "s_load_b32 s6, s[0:1], -8\n"
             "s_load_u8 s7, s[0:1], 0x21\n"
             "s_load_i8 s8, s[0:1], 0x21\n"
             "s_load_i16 s9, s[0:1], 0x23\n"
             "s_load_u16 s10, s[0:1], 0x23\n"
             "s_endpgm\n", 0);
    if (m) {
        setr(m, "s", 0, 0x1003);   /* base 0x1003 -> 0x1000 */
        setr(m, "s", 1, 0);
        setr(m, "s", 2, 0x5);      /* soffset 5 -> 4 */
        wr32(m, 0x1014, 0x11111111);   /* 0x1000 + 0x10 + 4 */
        wr32(m, 0x1018, 0x22222222);
        wr32(m, 0x0ff8, 0x33333333);   /* 0x1000 - 8 (sum of offsets is -8 + 0: illegal?) */
        wr32(m, 0x1020, 0x8180ff7f);   /* bytes 7f ff 80 81 */
        uint64_t steps;
        int st = gpuref_run(m, 100, &steps);
        /* s_load_b32 s6 with IOFFSET -8 and no SOFFSET: IOFFSET + 0 < 0 is illegal */
        result(st == GPUREF_ERR_FAULT && strstr(gpuref_model_error(m), "negative"),
               "s_load_negative_offset", "st %d '%s'", st, gpuref_model_error(m));
        result(getr(m, "s", 4) == 0x11111111 && getr(m, "s", 5) == 0x22222222, "s_load_b64",
               "s4 0x%llx s5 0x%llx", (unsigned long long)getr(m, "s", 4),
               (unsigned long long)getr(m, "s", 5));
        gpuref_model_destroy(m);
    }
    m = load("s_load_small", NULL,
             "s_load_u8 s7, s[0:1], 0x21\n"
             "s_load_i8 s8, s[0:1], 0x21\n"
             "s_load_i16 s9, s[0:1], 0x23\n"
             "s_load_u16 s10, s[0:1], 0x23\n"
             "s_endpgm\n", 0);
    if (m) {
        setr(m, "s", 0, 0x1000);
        wr32(m, 0x1020, 0x8180ff7f);   /* bytes 0x20..0x23: 7f ff 80 81 */
        uint64_t steps;
        gpuref_run(m, 100, &steps);
        /* byte at 0x21 = 0xff; 16-bit at 0x23 -> 0x22 (1 LSB dropped) = 0x8180 */
        result(getr(m, "s", 7) == 0xff && getr(m, "s", 8) == 0xffffffff &&
               getr(m, "s", 9) == 0xffff8180 && getr(m, "s", 10) == 0x8180, "s_load_subdword",
               "s7 0x%llx s8 0x%llx s9 0x%llx s10 0x%llx", (unsigned long long)getr(m, "s", 7),
               (unsigned long long)getr(m, "s", 8), (unsigned long long)getr(m, "s", 9),
               (unsigned long long)getr(m, "s", 10));
        gpuref_model_destroy(m);
    }
    /* S_BUFFER_LOAD at the buffer edge: size = stride(0 -> 1) * num_records = 0x18 bytes;
     * offset 0x10: DWORDs at 0x10, 0x14 in range, 0x18, 0x1c read 0 (L3996-4018) */
    m = load("s_buffer_edge", NULL, "s_buffer_load_b128 s[8:11], s[4:7], 0x10\ns_endpgm\n", 0);
    if (m) {
        vsharp[0] = 0x2000;            /* base [31:0] */
        vsharp[1] = 0;                 /* base [47:32], stride 0 */
        vsharp[2] = 0x18;              /* num_records */
        vsharp[3] = 0;
        for (int i = 0; i < 4; i++)
            setr(m, "s", 4 + i, vsharp[i]);
        for (int i = 0; i < 8; i++)
            wr32(m, 0x2000 + 4u * i, 0xa0 + (uint32_t)i);
        uint64_t steps;
        gpuref_run(m, 10, &steps);
        result(getr(m, "s", 8) == 0xa4 && getr(m, "s", 9) == 0xa5 && getr(m, "s", 10) == 0 &&
               getr(m, "s", 11) == 0, "s_buffer_edge", "s8..11 0x%llx 0x%llx 0x%llx 0x%llx",
               (unsigned long long)getr(m, "s", 8), (unsigned long long)getr(m, "s", 9),
               (unsigned long long)getr(m, "s", 10), (unsigned long long)getr(m, "s", 11));
        gpuref_model_destroy(m);
    }
    /* stride 16, num_records 2: size 32; SOFFSET adds; misaligned base drops 2 LSBs */
    m = load("s_buffer_stride", NULL, "s_buffer_load_b64 s[8:9], s[4:7], s3 offset:0x4\ns_endpgm\n", 0);
    if (m) {
        setr(m, "s", 4, 0x3002);       /* base 0x3002 -> 0x3000 */
        setr(m, "s", 5, 16u << 16);    /* stride 16 */
        setr(m, "s", 6, 2);
        setr(m, "s", 3, 0x18);         /* offset 4 + 0x18 = 0x1c: DWORD 0x1c in, 0x20 out */
        wr32(m, 0x301c, 0x1c1c1c1c);
        wr32(m, 0x3020, 0x20202020);
        uint64_t steps;
        gpuref_run(m, 10, &steps);
        result(getr(m, "s", 8) == 0x1c1c1c1c && getr(m, "s", 9) == 0, "s_buffer_stride",
               "s8 0x%llx s9 0x%llx", (unsigned long long)getr(m, "s", 8),
               (unsigned long long)getr(m, "s", 9));
        gpuref_model_destroy(m);
    }
    /* negative IOFFSET on S_BUFFER_LOAD: MEMVIOL (trap record, program ends, no write) */
    m = load("s_buffer_memviol", NULL, "s_buffer_load_b32 s8, s[4:7], -4\ns_endpgm\n", 0);
    if (m) {
        setr(m, "s", 8, 0x55);
        int st = gpuref_step(m, &rr);
        result(st == GPUREF_OK && (rr.flags & GPUREF_RETIRE_TRAP) && getr(m, "s", 8) == 0x55 &&
               (getr(m, "hwreg", 17) & 0x10) && (getr(m, "hwreg", 17) >> 30) == 1,
               "s_buffer_memviol", "st %d flags 0x%x excp 0x%llx", st, rr.flags,
               (unsigned long long)getr(m, "hwreg", 17));
        gpuref_model_destroy(m);
    }
    /* destination crossing from VCC into TTMP: out of range, nothing written (L803) */
    m = load("s_load_cross", NULL, "s_load_b256 s[104:111], s[0:1], 0\ns_endpgm\n", 0);
    if (m) {
        setr(m, "s", 0, 0x1000);
        wr32(m, 0x1000, 0x77);
        gpuref_step(m, &rr);
        result(rr.nregw == 0 && getr(m, "s", 104) == 0, "s_load_cross", "nregw %u", rr.nregw);
        gpuref_model_destroy(m);
    }
    /* SBASE out of range (sgprs=8): SGPR0 is used (L4005) */
    m = load("s_load_sbase_oor", "sgprs=8", "s_load_b32 s1, s[20:21], 0\ns_endpgm\n", 0);
    if (m) {
        setr(m, "s", 0, 0x4000);
        wr32(m, 0x4000, 0x4444);
        uint64_t steps;
        gpuref_run(m, 10, &steps);
        result(getr(m, "s", 1) == 0x4444, "s_load_sbase_oor", "s1 0x%llx",
               (unsigned long long)getr(m, "s", 1));
        gpuref_model_destroy(m);
    }
    /* 16 DWORDs, each reported */
    m = load("s_load_b512", NULL, "s_load_b512 s[16:31], s[0:1], 0x40\n", 0);
    if (m) {
        setr(m, "s", 0, 0x1000);
        for (int i = 0; i < 16; i++)
            wr32(m, 0x1040 + 4u * i, 0x100u + (uint32_t)i);
        gpuref_step(m, &rr);
        uint64_t v = 0;
        result(rr.nregw == 16 && find_w(&rr, m, "s", 31, &v, NULL) && v == 0x10f, "s_load_b512",
               "nregw %u s31 0x%llx", rr.nregw, (unsigned long long)v);
        gpuref_model_destroy(m);
    }
}

/* ------------------------------------------------------ decode / asm errors */

static void error_checks(void)
{
    gpuref_diag d;
    gpuref_insn_info info;
    uint32_t w[2];
    uint32_t *out;
    size_t n;

    w[0] = 0xbe8000ff;   /* s_mov_b32 s0, <literal> without the literal */
    memset(&d, 0, sizeof d);
    int st = gpuref_decode(isa, w, 1, &info, &d);
    result(st == GPUREF_ERR_DECODE && strstr(d.msg, "literal"), "decode_truncated_literal",
           "st %d '%s'", st, d.msg);
    w[0] = 0xbe800602;   /* SOP1 opcode 6 does not exist */
    st = gpuref_decode(isa, w, 1, &info, &d);
    result(st == GPUREF_ERR_DECODE, "decode_illegal_opcode", "st %d '%s'", st, d.msg);
    w[0] = 0xbe820103;   /* s_mov_b64 s[2:3], s3: odd pair */
    st = gpuref_decode(isa, w, 1, &info, &d);
    result(st == GPUREF_ERR_DECODE && strstr(d.msg, "misaligned"), "decode_odd_pair",
           "st %d '%s'", st, d.msg);
    w[0] = 0xbe8000fe;   /* source code 254: reserved (README A1) */
    st = gpuref_decode(isa, w, 1, &info, &d);
    result(st == GPUREF_ERR_DECODE, "decode_code_254", "st %d '%s'", st, d.msg);
    w[0] = 0xf4002001;   /* SMEM needs 2 DWORDs */
    st = gpuref_decode(isa, w, 1, &info, &d);
    result(st == GPUREF_ERR_DECODE && strstr(d.msg, "truncated"), "decode_truncated_smem",
           "st %d '%s'", st, d.msg);

    static const struct { const char *text, *what; unsigned line, col; } bad[] = {
        { "s_nop 0\ns_frobnicate s0, s1\n", "unknown mnemonic", 2, 1 },
        { "s_mov_b64 s[1:2], 0\n", "misaligned", 1, 11 },
        { "s_mov_b32 s106, 0\n", "out of range", 1, 11 },
        { "s_fmaak_f32 s0, s1, s2\n", "literal", 1, 0 },
        { "s_mov_b32 s0, banana\n", "bad operand", 1, 15 },
        { "s_add_co_u32 s0, 0x12345678, 0x87654321\n", "one literal", 1, 0 },
        { "s_branch nowhere\n", "undefined label", 1, 10 },
        { "s_load_b128 s[1:4], s[2:3], 0\n", "misaligned", 1, 13 },
        { "v_add_f32 v0, v1, v256\n", "out of range", 1, 19 },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(&d, 0, sizeof d);
        st = gpuref_assemble(isa, bad[i].text, 0, &out, &n, &d);
        int ok = st == GPUREF_ERR_ASM && strstr(d.msg, bad[i].what) && d.line == bad[i].line &&
                 (bad[i].col == 0 || d.col == bad[i].col);
        result(ok, "asm_error", "'%s': st %d line %u col %u '%s'", bad[i].what, st, d.line, d.col,
               d.msg);
        if (st == GPUREF_OK)
            gpuref_free(out);
    }
}

/* ------------------------------------------------------------ predecode */

static gpuref_model *load_words(const char *name, const uint32_t *w, size_t n)
{
    gpuref_diag d = { 0, 0, 0, "" };
    gpuref_model *m = NULL;
    if (gpuref_model_create("rdna4", NULL, &m, &d) != GPUREF_OK) {
        result(0, name, "create: %s", d.msg);
        return NULL;
    }
    if (gpuref_program_load(m, 0, w, n) != GPUREF_OK) {
        result(0, name, "load: %s", gpuref_model_error(m));
        gpuref_model_destroy(m);
        return NULL;
    }
    return m;
}

/* Every DWORD of a program is predecoded at load as a possible start (README
 * "Speed"): a DWORD that does not decode fails only when executed, with the
 * decoder's message; a literal DWORD executes as an instruction when the pc
 * reaches it.  Words by hand: SOP1 = 0xbe800000 | SDST << 16 | OP << 8 | SSRC0,
 * SOPP = 0xbf800000 | OP << 16 | SIMM16 (Chapter 15); S_MOV_B32 = SOP1 0,
 * S_BRANCH = SOPP 32, S_ENDPGM = SOPP 48; inline constant 1 = 129, literal = 255;
 * branch target = PC + 4 + SIMM16 * 4 (E7). */
static void predecode_checks(void)
{
    gpuref_retire rr;
    gpuref_model *m;
    /* s_branch +1 (0 -> 8) over SOP1 opcode 6 (no such opcode), then s_endpgm */
    static const uint32_t skip[] = { 0xbfa00001, 0xbe800602, 0xbfb00000 };
    m = load_words("predecode_bad_skipped", skip, 3);
    if (m) {
        int st1 = gpuref_step(m, &rr);
        uint64_t npc = rr.next_pc;
        int st2 = gpuref_step(m, &rr);
        result(st1 == GPUREF_OK && npc == 8 && st2 == GPUREF_OK && rr.pc == 8 &&
               (rr.flags & GPUREF_RETIRE_END) && gpuref_finished(m), "predecode_bad_skipped",
               "st %d/%d next 0x%llx pc 0x%llx flags 0x%x", st1, st2, (unsigned long long)npc,
               (unsigned long long)rr.pc, rr.flags);
        gpuref_model_destroy(m);
    }
    /* s_mov_b32 s0, 1 then SOP1 opcode 6: the second step fails with the message
     * gpuref_decode gives for that word, the state as it was (pc 4, s0 = 1) */
    static const uint32_t bad[] = { 0xbe800081, 0xbe800602 };
    m = load_words("predecode_bad_executed", bad, 2);
    if (m) {
        gpuref_diag d;
        gpuref_insn_info info;
        memset(&d, 0, sizeof d);
        int dst = gpuref_decode(isa, &bad[1], 1, &info, &d);
        int st1 = gpuref_step(m, &rr);
        int st2 = gpuref_step(m, &rr);
        char msg[512];
        snprintf(msg, sizeof msg, "%s", gpuref_model_error(m));   /* before getr clears it */
        result(dst == GPUREF_ERR_DECODE && st1 == GPUREF_OK && st2 == GPUREF_ERR_DECODE &&
               d.msg[0] && strstr(msg, d.msg) && getr(m, "pc", 0) == 4 && getr(m, "s", 0) == 1,
               "predecode_bad_executed", "st %d/%d/%d msg '%s' (decoder '%s') pc 0x%llx s0 0x%llx",
               dst, st1, st2, msg, d.msg, (unsigned long long)getr(m, "pc", 0),
               (unsigned long long)getr(m, "s", 0));
        gpuref_model_destroy(m);
    }
    /* s_mov_b32 s0, 0xbfb00000; s_branch -2 (8 -> 4): the literal DWORD at 4 is
     * S_ENDPGM and ends the program there */
    static const uint32_t lit[] = { 0xbe8000ff, 0xbfb00000, 0xbfa0fffe };
    m = load_words("predecode_literal_start", lit, 3);
    if (m) {
        int st1 = gpuref_step(m, &rr);
        int st2 = gpuref_step(m, &rr);
        uint64_t npc = rr.next_pc;
        int st3 = gpuref_step(m, &rr);
        result(st1 == GPUREF_OK && getr(m, "s", 0) == 0xbfb00000 && st2 == GPUREF_OK &&
               npc == 4 && st3 == GPUREF_OK && rr.pc == 4 && rr.nwords == 1 &&
               (rr.flags & GPUREF_RETIRE_END) && gpuref_finished(m), "predecode_literal_start",
               "st %d/%d/%d next 0x%llx pc 0x%llx flags 0x%x", st1, st2, st3,
               (unsigned long long)npc, (unsigned long long)rr.pc, rr.flags);
        gpuref_model_destroy(m);
    }
}

int main(void)
{
    isa = gpuref_isa_find("rdna4");
    if (!isa) {
        tu_test("rdna4 is registered in this library");
        tu_check(0, "rdna4 is not registered in this library");
        return tu_finish();
    }
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(&cases[i]);
    tu_group("retire");
    retire_checks();
    tu_group("smem");
    smem_checks();
    tu_group("errors");
    error_checks();
    tu_group("predecode");
    predecode_checks();
    return tu_finish();
}
